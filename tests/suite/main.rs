//! The crate's test suite: one binary, a module per area (links are slow on 2 cores).

mod api;
mod cli;
mod corpus_diff;
mod corpus_files;
mod errors;
mod generator;
mod migrate;
mod migrate_cli;
mod migrate_props;
mod migrate_vectors;
mod oracle_agreement;
mod properties;
mod spec_examples;
mod util;
