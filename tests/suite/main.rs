//! The crate's test suite: one binary, a module per area (links are slow on 2 cores).

mod oracle_agreement;
mod util;
mod migrate_vectors;
mod migrate;
mod migrate_props;
mod migrate_cli;
