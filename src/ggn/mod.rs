//! GGN, General Gameplay Notation 1.0.0: a JSON notation for pseudo-legal moves.
//!
//! Its text was rewritten in place; [`Edition`] names the editions by date (G18):
//! `ggn-2014`, the default, described below, and `ggn-2025-10`, the QPI-keyed must/deny
//! edition ([`Options::edition`], docs/DECISIONS.md §4a, G18–G29), which [`diagnose`],
//! [`diagnose_to`] and [`validate`] check, and whose documents [`Rules`] evaluates on a
//! [`Position`] (G28–G31).
//!
//! A GGN document maps a piece (a GAN identifier) to source squares, destination squares and
//! a list of variants, each with `require` (all must hold), `prevent` (none may hold) and
//! `perform` (the squares the move changes). This module reads such documents without losing
//! duplicate keys, validates them against the spec and docs/DECISIONS.md §4 (G1–G17), and
//! evaluates them on a board.
//!
//! - [`reader`]: bytes → an ordered JSON tree that keeps duplicate keys, with size and depth
//!   limits.
//! - [`validate()`]: the tree → [`Diagnostic`]s (all of them, with JSON pointers and stable
//!   [`codes`]) and, without errors, a [`Document`].
//! - [`Document`]: navigation ([`pieces`](Document::pieces), [`sources`](Document::sources),
//!   [`destinations`](Document::destinations), [`variants`](Document::variants), and the
//!   variants that hold on a board, [`variants_on`](Document::variants_on)) and evaluation
//!   ([`moves`](Document::moves)) on a [`Board`].
//!
//! GAN identifiers are parsed in one dialect per document, [`Options::dialect`] (G1,
//! `snn-pin` by default; `pnn` reproduces the historical Ruby implementation), each distinct
//! string once; an invalid identifier is reported with the dialect's own code and hint (G2).
//!
//! ```
//! use gan::ggn::{validate, Board, MoveFilter, Options};
//!
//! let text = br#"{"GAME:X": {"c3": {"d4": [{"require": {"d4": "enemy"},
//!                                         "perform": {"c3": null, "d4": "GAME:X"}}]}}}"#;
//! let options = Options::default();
//! let document = validate(text, &options).document().cloned().unwrap();
//! let board = Board::parse(br#"{"c3": "GAME:X", "d4": "game:x"}"#, &options).unwrap();
//! let moves = document.moves(&board, &MoveFilter::default());
//! assert_eq!(moves.len(), 1);
//! assert_eq!(moves[0].board, [("c3".to_owned(), None), ("d4".to_owned(), Some("GAME:X".to_owned()))]);
//!
//! // The spec's en-passant example names the captured pawn `CHESS:p`: invalid (G2).
//! let text = br#"{"CHESS:P": {"d5": {"e6": [{"require": {"e5": "CHESS:p", "e6": "empty"},
//!                 "perform": {"d5": null, "e5": null, "e6": "CHESS:P"}}]}}}"#;
//! let validation = validate(text, &options);
//! let error = &validation.diagnostics()[0];
//! assert_eq!((error.code, error.pointer.as_str()), ("case-mismatch", "/CHESS:P/d5/e6/0/require/e5"));
//! assert!(error.message.contains("did you mean 'chess:p'?"));
//! ```

//!
//! ## The decisions (docs/DECISIONS.md §4) and their tests
//!
//! | id | decision | tested in `tests/suite/` |
//! |---|---|---|
//! | G1 | one dialect per document, snn-pin by default, pnn as Ruby | `ggn::api::g1_*`, corpus `valid/dialect/*`, `invalid/gan/pnn-*`, `ggn_cli::dialect_option` |
//! | G2 | E8's `CHESS:p` is `case-mismatch`, hint `chess:p` | `ggn::examples::e8_*`, `ggn::api::g2_*`, corpus `invalid/spec/e8*` |
//! | G3 | `enemy` = the other side, whatever style and state | `ggn::evaluation::enemy_*`, corpus `moves/enemy/*` |
//! | G4 | states are `empty`, `enemy`, an identifier; ally row informative | `ggn::diagnostics::invalid_state`, `ggn::evaluation::ally_*`, corpus `invalid/g4/*`, `moves/ally/*` |
//! | G5 | top level: pieces and an optional `$schema` string | `ggn::diagnostics::{top_level_not_object, schema_not_string}`, corpus `invalid/g5/*`, `invalid/top/*` |
//! | G6 | any non-empty label; `*` rejected; optional list of squares | `ggn::diagnostics::{empty_square_label, hand_square_*, unknown_square_*}`, corpus `invalid/g6/*` |
//! | G7 | empty maps and arrays are errors; `{}` is valid | `ggn::diagnostics::empty_*`, corpus `invalid/g7/*` |
//! | G8 | `null` only in perform; other editions' keys, targeted | `ggn::diagnostics::{unknown_keys_*, empty_as_perform, wrong_type_*}`, corpus `invalid/g8/*` |
//! | G9 | duplicate keys at any level | `ggn::duplicates`, corpus `invalid/g9/*` |
//! | G10 | implicit requirement; unsatisfiable, redundant | `ggn::logic::{implicit_*, require_at_source_*, prevent_*}`, corpus `valid/g10/*`, `invalid/g10/*` |
//! | G11 | same state in require and prevent; other contradictions | `ggn::logic::{same_state_*, g11_*}`, corpus `valid/g11/*`, `invalid/g11/*` |
//! | G12 | evaluation: exact source, AND, OR, absent = empty, all variants, both sides | `ggn::evaluation`, corpus `ggn/evaluation.json` |
//! | G13 | unusual but valid; identical variants warned | `ggn::logic::{g13_*, identical_variants_*}`, corpus `valid/g13/*` |
//! | G14 | pointers, stable codes, GAN codes, all errors | `ggn::diagnostics::all_problems_*`, `ggn::codes_table`, every corpus vector |
//! | G15 | schema patterns strict in every engine | `ggn_corpus::g15_*`, `ggn::schema` |
//! | G18–G27 | the newest edition's validation (`ggn-2025-10`) | `ggn_newest`, corpus `valid/ggn-2025-10-*/*`, `invalid/ggn-2025-10-*/*` |
//! | G28–G31 | the newest edition's evaluation on a position | `ggn_newest_moves`, peers/sanki-engine/compare.py in `.ci/run` |
//! | G32–G37 | migration of `ggn-2014` documents to `ggn-2025-10` | `migrate_ggn_newest` |

pub mod codes;
mod diagnostic;
mod document;
mod edition;
mod editions;
mod evaluate;
mod gan;
mod newest;
pub mod output;
pub mod pointer;
pub mod reader;
mod squares;
mod validate;
pub use self::diagnostic::{Diagnostic, Severity};
pub use self::document::{Document, State, Variant};
pub use self::edition::{Edition, UnknownEdition};
pub use self::editions::{diagnose, diagnose_to, validate, validate_to};
pub use self::evaluate::{Board, Move, MoveFilter, MoveRef, ResultBoard};
pub use self::newest::{Position, PossibleMove, Rules};
pub use self::reader::Limits;
pub use self::squares::{read_squares, SquaresError};
#[cfg(feature = "test-support")]
pub use self::validate::diagnose_one_pass;
pub use self::validate::{validate_node, Options, Sink, Summary, Validation};
