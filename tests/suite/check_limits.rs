//! What `gan check` keeps and reads, bounded: replies cut to what the report needs (a cap
//! per reply and per quoted field), skip files, corpus files and reports read under a size
//! cap, skip-file prefixes, the skip file written atomically, per-case mode's give-up and its
//! wait for a closed output; and `gan report matrix` reading every report `gan check` writes.

use crate::check_corpus::{gan_ref, python};
use crate::util::{gan_std, run_bounded};

#[test]
fn a_skip_file_prefix_line_lists_every_vector_under_it() {
    let dir = tempfile::tempdir().unwrap();
    let skip = dir.path().join("skip.txt");
    std::fs::write(&skip, "snn-pin/invalid   # a prefix of whole segments\n").unwrap();
    let mut list = gan_std();
    list.args(["check", "--list", "--skip-file"]).arg(&skip);
    let run = run_bounded(&mut list, 60);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // The listed vectors pass with the reference adapter: each is an unexpected pass.
    let mut command = gan_std();
    command
        .args([
            "check",
            "--filter",
            "snn-pin/invalid/long",
            "--format",
            "json",
            "--skip-file",
        ])
        .arg(&skip)
        .arg("--")
        .arg(python())
        .args(["-S", "-E"])
        .arg(gan_ref());
    let run = run_bounded(&mut command, 120);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let report = String::from_utf8(run.stdout).unwrap();
    let unexpected = report.matches("\"result\":\"unexpected-pass\"").count();
    assert_eq!(unexpected, 16, "{report}");
}
