//! The conformance corpus as a whole: the committed files embedded in the binary and loaded
//! from a folder ([`embedded()`], [`load_dir()`], …), every suite's files generated in one
//! run ([`generate()`]), written and checked fresh (`files`), summarized and compared
//! ([`summary`], `diff`); `files` and `diff` need the `cli` feature. Each suite's vector
//! format and generator live in its folder under [`crate::suite`].
//!
//! ```
//! let files = gan::corpus::embedded();
//! let snn_pin = files.iter().find(|file| file.dialect == "snn-pin").unwrap();
//! let erratum = snn_pin.vectors.iter().find(|v| v.input.as_deref() == Some("CHESS:p")).unwrap();
//! assert_eq!(erratum.error.as_ref().unwrap().code, "case-mismatch");
//! ```

#[cfg(feature = "cli")]
pub mod diff;
#[cfg(feature = "cli")]
pub mod files;
pub mod generate;
mod load;
pub mod summary;
pub mod validate;

pub use crate::suite::gan::format::{
    self, CrossFile, CrossVector, ExpectedError, Vector, VectorFile, FORMAT,
};
pub use crate::suite::gan::generate::{
    manifest, parse_oracle_file, Config, Disagreement, GenerateError, Grammars, OracleChoice,
    DEFAULT_SEED,
};
pub use crate::suite::ggn::format::GgnFiles;
pub use generate::{generate, Corpus};
pub use load::{
    embedded, embedded_ggn, embedded_migrate_ggn, embedded_migrations, embedded_text, load_dir,
    load_ggn_dir, load_migrate_ggn_dir, load_migrations_dir, LoadError,
};
