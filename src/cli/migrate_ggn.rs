//! `gan migrate --ggn`: migrate the identifiers inside one GGN document. The walk, the
//! checks and the problems are `crate::convert::ggn`; this file reads, reports and writes
//! (atomically, through `-o`'s temporary file).

use std::io::{self, BufWriter, Write};
use std::path::Path;

use crate::convert::ggn::{migrate_document_to, migrate_to_newest_to, Migrated, Problem};
use crate::convert::{Converter, Summary};
use crate::ggn::Limits;

use super::args::MigrateArgs;
use super::files::{commit, context, create};
use super::{OK, REJECTED};

/// Runs `gan migrate --ggn` on `input` (standard input when `None`); the document goes to
/// `-o OUTPUT` or `stdout`, only when it converted (and not under `--dry-run`).
pub(super) fn migrate_ggn(
    args: &MigrateArgs,
    converter: &Converter,
    input: Option<&Path>,
    stdout: &mut impl Write,
) -> io::Result<u8> {
    let name = input.map_or_else(|| "standard input".into(), Path::to_string_lossy);
    let limits = Limits::default();
    let bytes = super::ggn::read(input.unwrap_or(Path::new("-")), limits)
        .map_err(|error| context(&error, Path::new(name.as_ref())))?;
    // Created before the work, as in line mode: an unwritable destination is an I/O error
    // whatever the document holds; dropped without renaming when the document is refused.
    let mut output = match (&args.output, args.dry_run) {
        (Some(path), false) => Some(create(path)?),
        _ => None,
    };
    let mut report = args.report.as_deref().map(create).transpose()?;
    let mut stderr = BufWriter::new(super::pipe::stderr());
    let painted = super::style::stderr_on();
    // Each problem is written as it is found, never held; the first write error stops the
    // writing and is returned once the migration is over.
    let mut written: io::Result<()> = Ok(());
    let mut each = |problem: Problem| {
        if written.is_err() {
            return;
        }
        if !args.quiet {
            let line = format!("gan migrate: {name}: {problem}");
            written = if painted {
                writeln!(stderr, "{}", super::style::paint(&line))
            } else {
                writeln!(stderr, "{line}")
            };
        }
        if let (Some(report), true) = (&mut report, written.is_ok()) {
            let line = serde_json::to_string(&problem).expect("a problem serializes");
            written = writeln!(report, "{line}");
        }
    };
    let migration = if args.edition == crate::ggn::Edition::Ggn202510 {
        migrate_to_newest_to(&bytes, converter, &limits, &mut each)
    } else {
        migrate_document_to(&bytes, converter, &limits, &mut each)
    };
    written?;
    if let Some(report) = report {
        commit(report)?;
    }
    match (migration.output(), output.as_mut()) {
        (Some(_), _) if args.dry_run => {}
        (Some(text), Some(file)) => file.write_all(text.as_bytes())?,
        (Some(text), None) => {
            stdout.write_all(text.as_bytes())?;
            stdout.flush()?;
        }
        (None, _) => {}
    }
    if let Some(file) = output {
        if migration.is_converted() {
            commit(file)?;
        } else {
            file.discard();
        }
    }
    if !args.quiet {
        writeln!(
            stderr,
            "gan migrate: {name}: {}",
            summary(&migration, converter, args)
        )?;
    }
    stderr.flush()?;
    Ok(if migration.is_converted() {
        OK
    } else {
        REJECTED
    })
}

/// `12 identifiers, 12 converted (1 with warnings), 0 rejected; document converted`, or why
/// it was refused.
fn summary(migration: &Migrated, converter: &Converter, args: &MigrateArgs) -> String {
    let errors = migration.error_count();
    let errors = if errors == 1 {
        "1 error".to_owned()
    } else {
        format!("{errors} errors")
    };
    if migration.is_refused_source() {
        return format!(
            "document refused: not a valid GGN document in {} ({errors}), nothing converted \
             or written",
            converter.from()
        );
    }
    let Summary {
        read,
        converted,
        warned,
        rejected,
    } = *migration.summary();
    let counts = format!(
        "{read} identifiers, {converted} converted ({warned} with warnings), {rejected} rejected"
    );
    if !migration.is_converted() {
        format!("{counts}; document refused ({errors}), nothing written")
    } else if args.dry_run {
        format!("{counts}; document converted (dry run: no output written)")
    } else {
        format!("{counts}; document converted")
    }
}
