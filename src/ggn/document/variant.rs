//! One variant of a move: its conditions and effects, held as ids in the document's arrays
//! and written out as strings only when asked for.

use std::sync::OnceLock;

use super::tables::{ActorId, SquareId};
use super::Span;

/// An occupation state of a `require` or `prevent` condition (docs/DECISIONS.md G4).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum State {
    /// `"empty"`: no piece on the square.
    Empty,
    /// `"enemy"`: a piece of the other side than the source piece (G3).
    Enemy,
    /// A GAN identifier: exactly this piece.
    Piece(String),
}

impl State {
    /// The state as written in the document.
    #[must_use]
    pub fn as_str(&self) -> &str {
        match self {
            State::Empty => "empty",
            State::Enemy => "enemy",
            State::Piece(text) => text,
        }
    }
}

/// One element of a destination array: `require`, `prevent` and `perform`.
///
/// The pairs are in document order; a valid document has no duplicate square in one map.
///
/// The document holds every variant as a few offsets into its arrays of conditions and
/// effects (ids of interned squares and identifiers); a variant's maps are written out as
/// strings when [`Document::variants`](super::Document::variants) or a move hands it out,
/// and kept with it from then on.
#[derive(Clone, Debug)]
pub struct Variant {
    /// `conditions[require.start..require.end]`.
    pub(crate) require: Span,
    /// `conditions[prevent.start..prevent.end]`.
    pub(crate) prevent: Span,
    /// `effects[perform.start..perform.end]`.
    pub(crate) perform: Span,
    written: OnceLock<Box<Written>>,
}

/// A variant's maps as strings.
#[derive(Clone, Debug)]
pub(crate) struct Written {
    pub(crate) require: Vec<(String, State)>,
    pub(crate) prevent: Vec<(String, State)>,
    pub(crate) perform: Vec<(String, Option<String>)>,
}

impl Variant {
    pub(crate) fn new(require: Span, prevent: Span, perform: Span) -> Self {
        Variant {
            require,
            prevent,
            perform,
            written: OnceLock::new(),
        }
    }

    /// The conditions that must all hold (empty when `require` is absent).
    #[must_use]
    pub fn require(&self) -> &[(String, State)] {
        self.written.get().map_or(&[], |w| &w.require)
    }

    /// The conditions none of which may hold (empty when `prevent` is absent).
    #[must_use]
    pub fn prevent(&self) -> &[(String, State)] {
        self.written.get().map_or(&[], |w| &w.prevent)
    }

    /// The squares changed by the move: a GAN identifier, or `None` for an emptied square.
    #[must_use]
    pub fn perform(&self) -> &[(String, Option<String>)] {
        self.written.get().map_or(&[], |w| &w.perform)
    }

    /// The maps as strings, written by `write` the first time.
    pub(crate) fn written(&self, write: impl FnOnce() -> Written) -> &Written {
        self.written.get_or_init(|| Box::new(write()))
    }
}

/// One compiled condition: a square and a test of its occupant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Condition {
    pub(crate) square: SquareId,
    pub(crate) test: Test,
}

/// What a condition tests on its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Test {
    Empty,
    Enemy,
    Piece(ActorId),
}

/// One member of `perform`: a square and the piece it receives (`None`: emptied).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Effect {
    pub(crate) square: SquareId,
    pub(crate) piece: Option<ActorId>,
}
