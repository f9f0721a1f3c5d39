//! The crate's test suite: one binary, a module per area (links are slow on 2 cores).

mod api;
mod cli;
mod errors;
mod ggn;
mod ggn_cli;
mod ggn_corpus;
mod ggn_protocol;
mod oracle_agreement;
mod properties;
mod spec_examples;
mod util;
