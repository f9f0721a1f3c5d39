//! `gan man`: the manual pages, one for `gan` and one per command and subcommand
//! (`gan-parse`, `gan-ggn-validate`, `gan-report-matrix`, …), rendered by `clap_mangen` from the
//! declaration of `args.rs`: on standard output one after the other, or with `--out DIR` one
//! file each, written whole (`atomic`).

use std::io::{self, Write};

use super::args::ManArgs;
use super::files::{commit, create};
use super::OK;

pub fn man(args: &ManArgs, out: &mut impl Write) -> io::Result<u8> {
    let pages = pages();
    let Some(dir) = &args.out else {
        for (_, page) in &pages {
            out.write_all(page)?;
        }
        return Ok(OK);
    };
    for (name, page) in &pages {
        let path = dir.join(name);
        let mut file = create(&path)?;
        file.write_all(page)?;
        commit(file)?;
        if !args.quiet {
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    Ok(OK)
}

/// Every page: its file name (`gan-ggn-validate.1`) and its roff, `gan` first, then each
/// command in the order of `gan --help`, each followed by its subcommands.
fn pages() -> Vec<(String, Vec<u8>)> {
    let mut tree = super::command().disable_help_subcommand(true);
    tree.build();
    let mut pages = Vec::new();
    collect(&tree, &mut pages);
    pages
}

fn collect(command: &clap::Command, pages: &mut Vec<(String, Vec<u8>)>) {
    let man = clap_mangen::Man::new(command.clone());
    let mut page = Vec::new();
    man.render(&mut page).expect("writing into memory");
    pages.push((man.get_filename(), page));
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        collect(sub, pages);
    }
}
