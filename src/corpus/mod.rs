//! The conformance corpus: its file format (a public API, versioned by `format`), the
//! grammar-driven generator, the committed corpus embedded in the binary, and corpus diffs.
//!
//! ```
//! let files = gan::corpus::embedded();
//! let snn_pin = files.iter().find(|file| file.dialect == "snn-pin").unwrap();
//! let erratum = snn_pin.vectors.iter().find(|v| v.input.as_deref() == Some("CHESS:p")).unwrap();
//! assert_eq!(erratum.error.as_ref().unwrap().code, "case-mismatch");
//! ```

mod candidate;
pub mod coverage;
mod derive;
pub mod diff;
pub mod files;
pub mod format;
pub mod generate;
pub mod id;
mod judge;
mod load;
pub mod manifest;
mod mutate;
mod oracle_file;
mod rng;
pub mod summary;
mod valid;

pub use format::{CrossFile, CrossVector, ExpectedError, Vector, VectorFile, FORMAT};
pub use generate::{generate, Config, Corpus, GenerateError, Grammars, OracleChoice, DEFAULT_SEED};
pub use judge::Disagreement;
pub use load::{
    embedded, embedded_ggn, embedded_migrations, embedded_text, load_dir, load_ggn_dir,
    load_migrations_dir, GgnFiles, LoadError,
};
pub use oracle_file::parse_oracle_file;
