//! Migration between dialects (docs/DECISIONS.md §3, M1–M14): the conversion of one identifier,
//! with every change reported as a [`Diagnostic`], the name [`tables`], a bounded cache for
//! batch runs ([`Memo`]), the records `gan migrate` prints, and [`ggn`]: the migration of the
//! identifiers inside a GGN document.
//!
//! Every conversion goes source → snn-pin → target (M1), with the terminal and derived flags
//! carried beside the snn-pin step (M9), except between the QPI editions, which keep their
//! letters (M12): the input must first be valid in the source dialect (otherwise its parse
//! code is the error), the snn-pin step and the result are built as text and confirmed by the
//! grammars (D8). Nothing is dropped without a diagnostic
//! (M7); [`Options::strict`] turns warnings into errors.
//!
//! ```
//! use gan::convert::{Converter, Options};
//! use gan::Dialect;
//!
//! let converter = Converter::new(Dialect::Beta, Dialect::SnnPin, Options::default());
//! let conversion = converter.convert(b"c:-k");
//! assert_eq!(conversion.output_text().as_deref(), Some("chess:k"));
//! assert_eq!(conversion.diagnostics()[0].code(), "king-flag-lost");
//!
//! let rejected = converter.convert(b"DAI_DAI_SHOGI:PH");
//! assert_eq!(rejected.error().map(|d| d.code()), Some("multi-character-piece"));
//! ```

mod diagnostic;
pub mod ggn;
mod memo;
pub mod record;
mod steps;
pub mod tables;
#[cfg(feature = "tables-toml")]
mod toml_tables;

use std::str::FromStr;
use std::sync::Arc;

pub use diagnostic::{codes, Diagnostic, Severity};
pub use memo::{Memo, Summary};
pub use tables::{TableError, Tables};

use crate::dialect::{Actor, Dialect};
use crate::parse::{self, Limits};
use crate::records::Record;

/// What to do with pnn's intermediate `'` when the target cannot hold it (M4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Intermediate {
    /// An error, `intermediate-unrepresentable` (the default).
    #[default]
    Error,
    /// Drop it, with the warning `intermediate-dropped`.
    Drop,
    /// Write it as `+`, with the warning `intermediate-as-enhanced`; an error when the piece
    /// already has a prefix.
    Enhance,
}

impl Intermediate {
    /// `error`, `drop` or `enhance`.
    pub fn as_str(self) -> &'static str {
        match self {
            Intermediate::Error => "error",
            Intermediate::Drop => "drop",
            Intermediate::Enhance => "enhance",
        }
    }
}

impl FromStr for Intermediate {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name {
            "error" => Ok(Intermediate::Error),
            "drop" => Ok(Intermediate::Drop),
            "enhance" => Ok(Intermediate::Enhance),
            _ => Err(format!(
                "unknown intermediate option '{name}': expected error, drop or enhance"
            )),
        }
    }
}

/// The choices of a conversion.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// Pnn's `'` (M4).
    pub intermediate: Intermediate,
    /// Warnings are errors (M7).
    pub strict: bool,
    /// The name tables (the built-in rows unless a user table was loaded).
    pub tables: Tables,
    /// Inputs longer than this many bytes are rejected with `too-long` (D5).
    pub limits: Limits,
}

/// Converts identifiers from one dialect to another under fixed [`Options`].
#[derive(Debug, Clone)]
pub struct Converter {
    from: Dialect,
    to: Dialect,
    options: Arc<Options>,
}

impl Converter {
    /// A converter from `from` to `to`.
    pub fn new(from: Dialect, to: Dialect, options: Options) -> Converter {
        Converter {
            from,
            to,
            options: Arc::new(options),
        }
    }

    /// The source dialect.
    pub fn from(&self) -> Dialect {
        self.from
    }

    /// The target dialect.
    pub fn to(&self) -> Dialect {
        self.to
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Converts `input`, an identifier of the source dialect (bytes: invalid UTF-8 is an
    /// error like any other).
    pub fn convert(&self, input: &[u8]) -> Conversion {
        match self.from.parse_with(input, self.options.limits) {
            Ok(actor) => self.convert_actor(&actor),
            Err(error) => Conversion::rejected(vec![Diagnostic::invalid_source(error)]),
        }
    }

    /// Converts one record of a stream; a record cut at the reading limit `limit` is
    /// `too-long` (D5).
    pub fn convert_record(&self, record: &Record, limit: usize) -> Conversion {
        if record.is_truncated() {
            let error = parse::too_long(self.from, limit, record.len);
            return Conversion::rejected(vec![Diagnostic::invalid_source(error)]);
        }
        self.convert(&record.bytes)
    }

    /// Converts a valid identifier of the source dialect.
    ///
    /// An actor of another dialect than the source is first written out and parsed in the
    /// source dialect (so it is treated exactly like its text).
    pub fn convert_actor(&self, actor: &Actor) -> Conversion {
        if actor.dialect() != self.from {
            return self.convert(actor.to_string().as_bytes());
        }
        let mut diagnostics = Vec::new();
        let output = steps::convert(actor, self.to, &self.options, &mut diagnostics);
        let mut conversion = Conversion {
            text: output.as_ref().map(ToString::to_string),
            output,
            diagnostics,
        };
        if self.options.strict && conversion.output.is_some() && !conversion.diagnostics.is_empty()
        {
            conversion.output = None;
            conversion.text = None;
            conversion.diagnostics = conversion
                .diagnostics
                .into_iter()
                .map(Diagnostic::into_error)
                .collect();
        }
        conversion
    }
}

/// The result of converting one identifier: the output (absent when rejected) and every
/// diagnostic, in the order found (source, then the snn-pin step, then the target step).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversion {
    output: Option<Actor>,
    /// The output, written once (batch runs write it many times from the cache).
    text: Option<String>,
    diagnostics: Vec<Diagnostic>,
}

impl Conversion {
    fn rejected(diagnostics: Vec<Diagnostic>) -> Conversion {
        Conversion {
            output: None,
            text: None,
            diagnostics,
        }
    }

    /// The converted identifier, valid in the target dialect; `None` when rejected.
    pub fn output(&self) -> Option<&Actor> {
        self.output.as_ref()
    }

    /// The converted identifier as text.
    pub fn output_text(&self) -> Option<String> {
        self.text.clone()
    }

    /// The converted identifier as text, borrowed.
    pub fn output_str(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// Every diagnostic, warnings and errors.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// The error that rejected the identifier (the first error found), if any.
    pub fn error(&self) -> Option<&Diagnostic> {
        self.diagnostics
            .iter()
            .find(|diagnostic| diagnostic.is_error())
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|diagnostic| !diagnostic.is_error())
    }

    /// Whether the identifier was converted (possibly with warnings).
    pub fn is_converted(&self) -> bool {
        self.output.is_some()
    }

    /// Whether it was converted exactly: no diagnostic at all.
    pub fn is_exact(&self) -> bool {
        self.output.is_some() && self.diagnostics.is_empty()
    }
}
