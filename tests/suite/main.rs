//! The crate's test suite: one binary, a module per area (links are slow on 2 cores).

mod api;
mod architecture;
mod check_cli;
mod check_corpus;
mod check_mutants;
mod check_reports;
mod check_runner;
mod check_suite_reports;
mod check_suites;
mod check_suites_cli;
mod cli;
mod corpus_diff;
mod corpus_files;
mod corpus_validation;
mod errors;
#[path = "../fuzz_props/mod.rs"]
mod fuzz_props;
mod fuzz_replay;
mod generator;
mod ggn;
mod ggn_cli;
mod ggn_corpus;
mod ggn_protocol;
mod hardening;
mod migrate;
mod migrate_cli;
mod migrate_ggn;
mod migrate_props;
mod migrate_vectors;
mod oracle_agreement;
mod properties;
mod resources;
mod spec_examples;
mod util;
