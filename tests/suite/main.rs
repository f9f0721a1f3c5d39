//! The crate's test suite: one binary, a module per area (links are slow on 2 cores).

mod corpus_diff;
mod corpus_files;
mod generator;
mod oracle_agreement;
mod util;
