//! Validation of the newest GGN edition, `ggn-2025-10` (docs/DECISIONS.md §4a, G18–G29):
//!
//! ```text
//! { QPI: { CELL|"*": { CELL|"*": [ { "must"?: LCN, "deny"?: LCN } ] } } }
//! ```
//!
//! Piece keys and LCN piece values are tokens of the newest QPI (`qpi-2026-01`), sources and
//! destinations CELL coordinates or the HAND `"*"`, LCN keys CELL coordinates: each read by
//! the notation table's parser. Every problem is reported once per place (G16), with a JSON
//! pointer and a stable code ([`codes`](super::codes)).
//!
//! The document is read as the 2014 edition's is ([`diagnose_to`](super::diagnose_to)):
//! source by source, twice (the first pass counts, the second reports), so that memory is
//! bounded by the document and one source's tree, not by the number of diagnostics.

mod check;
mod position;
mod rules;

pub use self::position::Position;
pub use self::rules::{PossibleMove, Rules};

use super::diagnostic::Diagnostic;
use super::pointer::Path;
use super::reader::{self, Node};
use super::validate::checker::Checker;
use super::validate::options::{Keys, Options, Sink, Summary};

use self::check::Newest;

/// [`diagnose_to`](super::diagnose_to) for the newest edition.
pub(super) fn diagnose_to(input: &[u8], options: &Options, sink: &mut dyn Sink) {
    let mut drop = |_: Diagnostic| {};
    match stream(input, options, &mut drop) {
        Err(error) => {
            sink.begin(Summary {
                errors: 1,
                warnings: 0,
            });
            sink.diagnostic(error);
        }
        Ok(summary) => {
            sink.begin(summary);
            if summary.errors + summary.warnings == 0 {
                return;
            }
            // The same document read the same way: the second pass cannot fail.
            let mut each = |diagnostic| sink.diagnostic(diagnostic);
            let _ = stream(input, options, &mut each);
        }
    }
}

/// One pass: every diagnostic to `sink`, in document order (a repeated key where its
/// object ends); returns their counts, or the reading failure.
fn stream(
    input: &[u8],
    options: &Options,
    sink: &mut dyn FnMut(Diagnostic),
) -> Result<Summary, Diagnostic> {
    let mut checker = Checker::new(options);
    checker.sink = Some(sink);
    let mut streamer = Streamer {
        newest: Newest::new(checker),
        keys: Keys::default(),
        sources: Keys::default(),
    };
    let read = reader::read_nested(input, &options.limits, &mut streamer);
    let mut newest = streamer.newest;
    match read {
        Err(error) => return Err(error.to_diagnostic()),
        Ok(Some(root)) => newest.not_an_object(&root),
        Ok(None) => {
            newest
                .checker
                .duplicate_keys(streamer.keys.iter(), "the document", &Path::ROOT);
        }
    }
    let checker = &newest.checker;
    Ok(Summary {
        errors: checker.error_count(),
        warnings: checker.found() - checker.error_count(),
    })
}

/// Checks a document as the reader hands it over: each piece source by source.
struct Streamer<'o> {
    newest: Newest<'o>,
    /// The top-level keys, for the duplicate check.
    keys: Keys,
    /// The open piece's source keys.
    sources: Keys,
}

impl reader::Nested for Streamer<'_> {
    fn stream(&mut self, key: &str) -> bool {
        key != check::SCHEMA_KEY
    }

    fn whole(&mut self, key: String, value: Node) {
        self.newest.piece_key(&key);
        // `"$schema"` is one error, whatever its value (G26).
        if key != check::SCHEMA_KEY {
            self.newest.piece_not_object(&key, &value);
        }
        self.keys.push(&key);
    }

    fn begin(&mut self, key: &str) {
        self.newest.piece_key(key);
        self.sources = Keys::default();
    }

    fn inner(&mut self, key: &str, source: String, value: Node) {
        let piece = Path::ROOT.key(key);
        self.newest.source(&piece, &source, &value);
        self.sources.push(&source);
    }

    fn end(&mut self, key: String) {
        let sources = std::mem::take(&mut self.sources);
        self.newest.piece_end(&key, &sources);
        self.keys.push(&key);
    }
}
