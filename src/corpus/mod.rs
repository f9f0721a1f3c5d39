//! The conformance corpus as a whole, over the registry of suites ([`crate::suite::SUITES`]):
//! every suite's committed files built into the library ([`embedded_text()`]), every suite's
//! files generated in one run ([`generate()`]), written and checked fresh (`files`). And the
//! GAN vector files, the corpus's largest part, read ([`embedded()`], [`load_dir()`]),
//! summarized ([`summary`]) and compared (`diff`). `files` and `diff` need the `cli` feature.
//! Each suite's vector format, loader and generator live in its folder under
//! [`crate::suite`].
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
#[cfg(feature = "cli")]
pub mod notation_diff;
pub mod summary;

use std::sync::OnceLock;

use crate::suite::SUITES;

pub use crate::suite::gan::{embedded, load_dir};
pub use crate::suite::LoadError;
pub use generate::{generate, Corpus};

/// The text of every suite's committed vector files, built into the library: (path relative
/// to the corpus folder, text), suite by suite in registry order.
pub fn embedded_text() -> &'static [(&'static str, &'static str)] {
    static TEXT: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();
    TEXT.get_or_init(|| {
        SUITES
            .iter()
            .flat_map(|suite| suite.files.embedded.iter().copied())
            .collect()
    })
}
