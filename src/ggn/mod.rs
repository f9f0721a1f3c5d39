//! GGN, General Gameplay Notation 1.0.0: a JSON notation for pseudo-legal moves.
//!
//! A GGN document maps a piece (a GAN identifier) to source squares, destination squares and
//! a list of variants, each with `require` (all must hold), `prevent` (none may hold) and
//! `perform` (the squares the move changes). This module reads such documents without losing
//! duplicate keys, validates them against the spec and DECISIONS.md §4 (G1–G15), and
//! evaluates them on a board.
//!
//! - [`reader`]: bytes → an ordered JSON tree that keeps duplicate keys, with size and depth
//!   limits.
//! - [`validate()`]: the tree → [`Diagnostic`]s (all of them, with JSON pointers and stable
//!   [`codes`]) and, without errors, a [`Document`].
//! - [`Document`]: navigation ([`pieces`](Document::pieces), [`sources`](Document::sources),
//!   [`destinations`](Document::destinations), [`variants`](Document::variants)) and
//!   evaluation ([`moves`](Document::moves)) on a [`Board`].
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

pub mod codes;
pub mod corpus;
mod diagnostic;
mod document;
mod evaluate;
mod gan;
pub mod output;
pub mod pointer;
pub mod reader;
mod squares;
mod validate;
pub use self::diagnostic::{Diagnostic, Severity};
pub use self::document::{Document, State, Variant};
pub use self::evaluate::{Board, Move, MoveFilter};
pub use self::reader::Limits;
pub use self::squares::{read_squares, SquaresError};
pub use self::validate::{validate, validate_node, Options, Validation};
