//! `gan`: parse, detect, check and migrate GAN identifiers. The binary is only this call: the
//! command line lives in the library's `cli` module, behind the `cli` feature.
//!
//! Exit codes: 0 ok, 1 input rejected or check failed, 2 usage or I/O error. Data goes to
//! standard output, diagnostics to standard error; a closed output pipe ends quietly.

use std::process::ExitCode;

fn main() -> ExitCode {
    gan::cli::main()
}
