//! `gan`: parse, detect, check and migrate GAN identifiers (a thin layer over the library).
//!
//! Exit codes: 0 ok, 1 input rejected or check failed, 2 usage or I/O error. Data goes to
//! standard output, diagnostics to standard error; a closed output pipe ends quietly.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
