//! The operations every dialect's actor offers ([`Identifier`]), and those of the dialects
//! with a state prefix ([`Stateful`]), after the Ruby reference packages.
//!
//! No operation can build a value the grammar rejects (D8): flipping re-cases style and piece
//! together, and every operation that takes a new component re-parses the result.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseError;
use crate::model::{ActorFields, Dialect, Side, State};
use crate::parse::Limits;

/// A valid identifier of one dialect.
pub trait Identifier: Sized + Clone + PartialEq + fmt::Display + FromStr<Err = ParseError> {
    /// The dialect this type belongs to.
    const DIALECT: Dialect;

    /// Parses `input` (bytes, so invalid UTF-8 is an error like any other) under `limits`.
    fn parse_with(input: &[u8], limits: Limits) -> Result<Self, ParseError>;

    /// The style: the part before `:`, as written.
    fn style(&self) -> &str;

    /// The piece type without its modifiers, as written.
    fn piece_type(&self) -> &str;

    /// The side, told by the case of the letters.
    fn side(&self) -> Side;

    /// Every attribute, under the names of docs/DECISIONS.md §1.
    fn fields(&self) -> ActorFields;

    /// The part after `:`, as written (with its modifiers).
    fn piece_part(&self) -> String;

    /// The same piece part with another type (already in the actor's case): what
    /// [`Identifier::piece_part`] would be after a change of type.
    fn piece_part_with_type(&self, piece_type: &str) -> String;

    /// Parses `input` under the default limits ([`Limits::DEFAULT`]).
    fn parse(input: &[u8]) -> Result<Self, ParseError> {
        Self::parse_with(input, Limits::DEFAULT)
    }

    /// The same actor for the other player: style and piece re-cased together.
    #[must_use]
    fn flip(&self) -> Self {
        let flipped = self.side().flip().recase(&self.to_string());
        Self::parse(flipped.as_bytes()).expect("re-casing a valid identifier keeps it valid (D3)")
    }

    /// The same piece in another style, re-cased to the actor's side.
    fn with_style(&self, style: &str) -> Result<Self, ParseError> {
        let text = format!("{}:{}", self.side().recase(style), self.piece_part());
        Self::parse(text.as_bytes())
    }

    /// Another type with the same style, side and modifiers, re-cased to the actor's side.
    fn with_type(&self, piece_type: &str) -> Result<Self, ParseError> {
        let recased = self.side().recase(piece_type);
        let text = format!("{}:{}", self.style(), self.piece_part_with_type(&recased));
        Self::parse(text.as_bytes())
    }

    /// Whether the actor belongs to the first player (uppercase).
    fn is_first_player(&self) -> bool {
        self.side() == Side::First
    }

    /// Whether the actor belongs to the second player (lowercase).
    fn is_second_player(&self) -> bool {
        self.side() == Side::Second
    }

    /// Same style, whatever the side: `CHESS:K` and `chess:q` (ASCII case-insensitive; `C`
    /// and `CHESS` are different styles, D9).
    fn same_style(&self, other: &Self) -> bool {
        self.style().eq_ignore_ascii_case(other.style())
    }

    /// Different styles (the negation of [`same_style`](Self::same_style)).
    fn cross_style(&self, other: &Self) -> bool {
        !self.same_style(other)
    }

    /// Same side.
    fn same_side(&self, other: &Self) -> bool {
        self.side() == other.side()
    }

    /// Same type, whatever the side (ASCII case-insensitive).
    fn same_type(&self, other: &Self) -> bool {
        self.piece_type().eq_ignore_ascii_case(other.piece_type())
    }
}

/// The dialects whose piece carries a state prefix: `pnn`, `snn-pin`, `qpi`.
pub trait Stateful: Identifier {
    /// The state: normal, enhanced (`+`) or diminished (`-`).
    fn state(&self) -> State;

    /// The same actor in another state.
    #[must_use]
    fn with_state(&self, state: State) -> Self;

    /// The enhanced (`+`) form.
    #[must_use]
    fn enhance(&self) -> Self {
        self.with_state(State::Enhanced)
    }

    /// The diminished (`-`) form.
    #[must_use]
    fn diminish(&self) -> Self {
        self.with_state(State::Diminished)
    }

    /// The form without a state prefix.
    #[must_use]
    fn normalize(&self) -> Self {
        self.with_state(State::Normal)
    }

    /// No state prefix.
    fn is_normal(&self) -> bool {
        self.state() == State::Normal
    }

    /// The `+` prefix.
    fn is_enhanced(&self) -> bool {
        self.state() == State::Enhanced
    }

    /// The `-` prefix.
    fn is_diminished(&self) -> bool {
        self.state() == State::Diminished
    }

    /// Same state.
    fn same_state(&self, other: &Self) -> bool {
        self.state() == other.state()
    }
}
