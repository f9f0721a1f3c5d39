//! The crate's test suite: one binary, a module per area (links are slow on 2 cores).

mod check_cli;
mod check_corpus;
mod check_mutants;
mod check_reports;
mod check_runner;
mod oracle_agreement;
mod util;
