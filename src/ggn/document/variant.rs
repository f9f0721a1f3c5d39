//! One variant of a move: its conditions and effects, as written and compiled.

use super::tables::{ActorId, SquareId};

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
#[derive(Clone, Debug)]
pub struct Variant {
    require: Vec<(String, State)>,
    prevent: Vec<(String, State)>,
    perform: Vec<(String, Option<String>)>,
    compiled: Compiled,
}

impl Variant {
    pub(crate) fn new(
        require: Vec<(String, State)>,
        prevent: Vec<(String, State)>,
        perform: Vec<(String, Option<String>)>,
        compiled: Compiled,
    ) -> Self {
        Variant {
            require,
            prevent,
            perform,
            compiled,
        }
    }

    /// The conditions that must all hold (empty when `require` is absent).
    #[must_use]
    pub fn require(&self) -> &[(String, State)] {
        &self.require
    }

    /// The conditions none of which may hold (empty when `prevent` is absent).
    #[must_use]
    pub fn prevent(&self) -> &[(String, State)] {
        &self.prevent
    }

    /// The squares changed by the move: a GAN identifier, or `None` for an emptied square.
    #[must_use]
    pub fn perform(&self) -> &[(String, Option<String>)] {
        &self.perform
    }

    pub(crate) fn compiled(&self) -> &Compiled {
        &self.compiled
    }

    /// The variant with its maps sorted by square, to compare variants written in any order.
    pub(crate) fn normalized(&self) -> NormalizedVariant<'_> {
        fn sorted<T: Ord>(mut v: Vec<T>) -> Vec<T> {
            v.sort();
            v
        }
        (
            sorted(self.require.iter().map(|(s, v)| (s.as_str(), v)).collect()),
            sorted(self.prevent.iter().map(|(s, v)| (s.as_str(), v)).collect()),
            sorted(
                self.perform
                    .iter()
                    .map(|(s, v)| (s.as_str(), v.as_deref()))
                    .collect(),
            ),
        )
    }
}

/// A variant's maps sorted by square.
pub(crate) type NormalizedVariant<'a> = (
    Vec<(&'a str, &'a State)>,
    Vec<(&'a str, &'a State)>,
    Vec<(&'a str, Option<&'a str>)>,
);

/// The conditions of a variant over interned ids.
#[derive(Clone, Debug, Default)]
pub(crate) struct Compiled {
    pub(crate) require: Vec<Condition>,
    pub(crate) prevent: Vec<Condition>,
}

/// One compiled condition: a square and a test of its occupant.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Condition {
    pub(crate) square: SquareId,
    pub(crate) test: Test,
}

/// What a condition tests on its square.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Test {
    Empty,
    Enemy,
    Piece(ActorId),
}
