//! # gan
//!
//! The reference toolkit for GAN, the General Actor Notation for board-game pieces
//! (`CHESS:K`, `shogi:+p`, `C:-K`, `CHESS:KING`): parsers derived from one pest grammar per
//! published dialect, exact errors, detection across dialects, and the conformance corpus.
//!
//! ```
//! use gan::{Dialect, Identifier, Stateful, snn_pin};
//!
//! let actor: snn_pin::Actor = "SHOGI:+P".parse()?;
//! assert_eq!((actor.style(), actor.piece_type(), actor.is_enhanced()), ("SHOGI", "P", true));
//! assert_eq!(actor.flip().to_string(), "shogi:+p");
//!
//! let error = Dialect::SnnPin.parse(b"CHESS:k").unwrap_err();
//! assert_eq!((error.code(), error.offset(), error.hint()), ("case-mismatch", 6, Some("chess:k")));
//! # Ok::<(), gan::ParseError>(())
//! ```
//!
//! ## Dialects
//!
//! | id | shape | example | attributes |
//! |---|---|---|---|
//! | `legacy` | `GAME:PIECE`, words | `CHESS:KING` | style, type, side |
//! | `beta` | `Style:[+][-]Abbr` | `DAI_DAI_SHOGI:+-PH` | + promoted, king |
//! | `pnn` | `GAME:[+-]L[']` | `SHOGI:+P'` | + state, intermediate |
//! | `snn-pin` | `SNN:PIN` (default) | `CHESS960:-P` | + state |
//! | `qpi` | `SIN:PIN` | `C:+K` | + state |
//!
//! The editions of the specs that followed GAN are notations too, one per edition (named by
//! the spec and the date of the first implementation that follows it, D13): `qpi-2025-12`,
//! `qpi-2026-01`, `pin-2025-07`, `pin-2025-12`, `sin-2025-07`, `epin-2025-12`,
//! `snn-2025-07-02`, `snn-2025-07-11`, `snn-2025-10-09`, `snn-2026-01-11`, and the
//! coordinates of GGN's newest edition, `cell` (`e4`, `a1A`: its `indices`, D22) and `hand`
//! (`*`) ([`Family`]). Each reports only the attributes it has (PIN has no style; SNN's newest
//! edition no side; HAND none), plus `terminal` and `derived` where it defines them.
//!
//! The dialect is always explicit ([`Dialect`]); [`detect()`] reports every notation that
//! accepts a string, never choosing one.
//!
//! ## Errors
//!
//! A [`ParseError`] has a [`kind`](ParseError::kind) with a stable
//! [`code`](ErrorKind::code) (`empty`, `invalid-utf8`, `too-long`, `non-ascii`,
//! `case-mismatch`, `missing-separator`, `unexpected-end`, `unexpected-char`), a byte
//! [`offset`](ParseError::offset) (the longest viable prefix, docs/DECISIONS.md D11), the dialect,
//! and for `case-mismatch` a [`hint`](ParseError::hint). Inputs are bytes, so invalid UTF-8 is
//! an error like any other.
//!
//! ## The conformance suites
//!
//! [`suite`] holds the four suites (GAN identifiers, GGN documents, migrations, migrations of
//! GGN documents), each with its vector format, generator, protocol, judge and describer;
//! [`corpus`] loads the committed corpus (embedded in the library, or from a folder) and
//! generates it anew. Every
//! generated vector is confirmed by a second oracle, the regexes of `docs/DECISIONS.md` §1
//! and their DFA, independent of the grammars.
//!
//! ## Features
//!
//! - `cli` (default): the `gan` binary and what only it needs (argument parsing, progress,
//!   colours, atomic file writing, the corpus files on disk: `corpus::files` and
//!   `corpus::diff`), with `check` and `tables-toml`. A library user may turn it off:
//!   `default-features = false` keeps parsing, detection, GGN, conversion (with
//!   [`convert::Tables`] built in code), the suites and the corpus.
//! - `check`: the `gan check` runner (`gan::check`), with no dependency but rustix and
//!   aho-corasick.
//! - `tables-toml`: user name tables read from TOML (`Tables::from_toml`, `Tables::load`),
//!   with no dependency but toml.
//! - `serde`: `Serialize`/`Deserialize` for the actors, as their canonical string.
//! - `test-support`: internals the crate's own tests reach (`grammar`, the fast path and the
//!   grammar IR; `oracle`, the second oracle). Not part of the stable API.
//!
//! ## The API
//!
//! Public and stable: what the crate root re-exports; [`dialect`] and the actor modules;
//! [`model`], [`error`], [`identifier`], [`detect`](mod@detect); [`records`] (inputs split
//! from a byte stream), [`output`] (the records `gan parse` and `gan detect` print, which the
//! corpus embeds) and [`bulk`] (the engine of `-j`: a stream worked through on several
//! threads); [`convert`], [`ggn`], [`suite`] and [`corpus`]; with their features, `check` and
//! `cli::main`. `ARCHITECTURE.md` draws the line, module by module.

#![deny(missing_docs)]
// The library never prints: reports and records go to the writer it is given. Only the CLI
// (`cli/`) touches the standard streams; clippy.toml disallows `std::io::{stdin, stdout,
// stderr}` elsewhere.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod automaton;
pub mod bulk;
#[cfg(feature = "check")]
pub mod check;
#[cfg(feature = "cli")]
#[allow(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::disallowed_methods,
    reason = "the CLI owns the standard streams"
)]
pub mod cli;
pub mod convert;
pub mod corpus;
pub mod detect;
pub mod dialect;
pub mod error;
pub mod ggn;
#[cfg(feature = "test-support")]
#[allow(
    clippy::missing_panics_doc,
    reason = "internals for the crate's tests, not documented as API"
)]
pub mod grammar;
#[cfg(not(feature = "test-support"))]
#[allow(
    dead_code,
    reason = "what only the tests call is unused without test-support"
)]
mod grammar;
pub mod identifier;
pub mod model;
mod notation;
#[cfg(feature = "test-support")]
pub mod oracle;
#[cfg(not(feature = "test-support"))]
#[allow(
    dead_code,
    reason = "what only the tests call is unused without test-support"
)]
mod oracle;
pub mod output;
mod parse;
pub mod records;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod suite;

pub use detect::{detect, Detection};
pub use dialect::{beta, legacy, pnn, qpi, snn_pin, Actor, Dialect};
pub use error::{ErrorKind, ParseError, Span};
pub use identifier::{Identifier, Stateful};
pub use model::{ActorFields, Side, State};
pub use notation::{Bound, Family};
pub use parse::Limits;

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The Rust blocks of the reference pages under `docs/`, compiled like README.md's: every page
/// but DECISIONS.md, whose unlabelled block is the oracle regexes (tests/suite/readme.rs
/// checks that the list is complete).
#[cfg(doctest)]
pub mod docs_doctests {
    #[doc = include_str!("../docs/check.md")]
    pub struct Check;
    #[doc = include_str!("../docs/cli.md")]
    pub struct Cli;
    #[doc = include_str!("../docs/corpus.md")]
    pub struct Corpus;
    #[doc = include_str!("../docs/editions.md")]
    pub struct Editions;
    #[doc = include_str!("../docs/ggn.md")]
    pub struct Ggn;
    #[doc = include_str!("../docs/library.md")]
    pub struct Library;
    #[doc = include_str!("../docs/limits.md")]
    pub struct Limits;
    #[doc = include_str!("../docs/migrate.md")]
    pub struct Migrate;
    #[doc = include_str!("../docs/parse.md")]
    pub struct Parse;
    #[doc = include_str!("../docs/specs.md")]
    pub struct Specs;
}
