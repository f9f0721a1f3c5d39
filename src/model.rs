//! The vocabulary every dialect shares: [`Dialect`] (the notations, from the notation table),
//! [`Side`], [`State`], and [`ActorFields`], the decomposition printed as the `actor` object of
//! every JSON the project writes.

use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::notation::{Bound, Dialect, Family, UnknownDialect};

/// Which player an actor belongs to, told by the case of its letters (D3).
///
/// `First` is uppercase: the player who moves first, "bottom" in the beta spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Uppercase letters: the player who moves first.
    First,
    /// Lowercase letters: the player who moves second.
    Second,
}

impl Side {
    /// Both sides, first then second.
    pub const ALL: [Side; 2] = [Side::First, Side::Second];

    /// `"first"` or `"second"`, as in the JSON outputs.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }

    /// The other side.
    #[must_use]
    pub fn flip(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// The side an ASCII letter stands for, or `None` for any other byte (D2).
    pub fn of_letter(byte: u8) -> Option<Side> {
        if byte.is_ascii_uppercase() {
            Some(Side::First)
        } else if byte.is_ascii_lowercase() {
            Some(Side::Second)
        } else {
            None
        }
    }

    /// `text` with every ASCII letter in this side's case; other bytes unchanged.
    pub fn recase(self, text: &str) -> String {
        match self {
            Side::First => text.to_ascii_uppercase(),
            Side::Second => text.to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The state prefix of `pnn`, `snn-pin` and `qpi`: none, `+` or `-` (D4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// No prefix.
    Normal,
    /// The `+` prefix.
    Enhanced,
    /// The `-` prefix (never "king-like": that is beta's reading, D4).
    Diminished,
}

impl State {
    /// The three states, in the order normal, enhanced, diminished.
    pub const ALL: [State; 3] = [State::Normal, State::Enhanced, State::Diminished];

    /// `"normal"`, `"enhanced"` or `"diminished"`, as in the JSON outputs.
    pub fn as_str(self) -> &'static str {
        match self {
            State::Normal => "normal",
            State::Enhanced => "enhanced",
            State::Diminished => "diminished",
        }
    }

    /// The prefix written before the piece letter: `""`, `"+"` or `"-"`.
    pub fn prefix(self) -> &'static str {
        match self {
            State::Normal => "",
            State::Enhanced => "+",
            State::Diminished => "-",
        }
    }

    /// The state a prefix string stands for (`""`, `"+"`, `"-"`).
    pub(crate) fn from_prefix(prefix: &str) -> Option<State> {
        match prefix {
            "" => Some(State::Normal),
            "+" => Some(State::Enhanced),
            "-" => Some(State::Diminished),
            _ => None,
        }
    }
}

impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The decomposition of a valid identifier, under the attribute names of docs/DECISIONS.md §1.
///
/// Attributes a notation lacks are `None` and absent from the JSON (never `null`). The five GAN
/// dialects all have `style`, `type` and `side`; `state` exists in `pnn`, `snn-pin`, `qpi` and
/// the QPI, PIN and EPIN editions; `intermediate` in `pnn`; `promoted` and `king` in `beta`;
/// `terminal` in the editions with PIN's `^`; `derived` in EPIN and the newest QPI. PIN and EPIN
/// have no `style`, SIN and SNN no `type`, and the SNN editions without case no `side`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActorFields {
    /// The style, as written: the part before `:`, SIN's letter or SNN's name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<String>,
    /// The piece part without its modifiers, as written.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub piece_type: Option<String>,
    /// `first` for uppercase, `second` for lowercase (of the piece letter where the cases are
    /// independent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// The state prefix (`pnn`, `snn-pin`, `qpi`, the QPI, PIN and EPIN editions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<State>,
    /// The `'` suffix (`pnn`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intermediate: Option<bool>,
    /// The `+` prefix (`beta`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub promoted: Option<bool>,
    /// The `-` prefix, king-like (`beta`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub king: Option<bool>,
    /// PIN's `^` suffix: a terminal piece.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terminal: Option<bool>,
    /// Derived rather than native: EPIN's `'` suffix; in the newest QPI, a style letter whose
    /// case differs from the piece letter's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub derived: Option<bool>,
    /// CELL: the index of each dimension, in order (its length is the number of dimensions;
    /// D22). Absent in the other notations, and where an index exceeds `u64::MAX` (D23).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub indices: Option<Vec<u64>>,
}

impl ActorFields {
    /// No attribute at all: the start of a notation's set.
    pub(crate) const NONE: ActorFields = ActorFields {
        style: None,
        piece_type: None,
        side: None,
        state: None,
        intermediate: None,
        promoted: None,
        king: None,
        terminal: None,
        derived: None,
        indices: None,
    };

    /// The attributes every GAN dialect has (style, type, side); the others absent.
    pub(crate) fn basic(style: &str, piece_type: &str, side: Side) -> ActorFields {
        ActorFields {
            style: Some(style.to_owned()),
            piece_type: Some(piece_type.to_owned()),
            side: Some(side),
            ..ActorFields::NONE
        }
    }

    /// The attributes as `(name, value)` in the order of the JSON members, present ones only:
    /// what the text outputs print.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut pairs = Vec::new();
        let texts = [("style", &self.style), ("type", &self.piece_type)];
        for (name, text) in texts {
            if let Some(text) = text {
                pairs.push((name, text.clone()));
            }
        }
        if let Some(side) = self.side {
            pairs.push(("side", side.as_str().to_owned()));
        }
        if let Some(state) = self.state {
            pairs.push(("state", state.as_str().to_owned()));
        }
        for (name, flag) in [
            ("intermediate", self.intermediate),
            ("promoted", self.promoted),
            ("king", self.king),
            ("terminal", self.terminal),
            ("derived", self.derived),
        ] {
            if let Some(flag) = flag {
                pairs.push((name, flag.to_string()));
            }
        }
        if let Some(indices) = &self.indices {
            let list: Vec<String> = indices.iter().map(u64::to_string).collect();
            pairs.push(("indices", list.join(",")));
        }
        pairs
    }
}

/// `style=SHOGI type=P side=first state=enhanced`: the notation's attributes, as the text
/// outputs print them.
impl fmt::Display for ActorFields {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, (name, value)) in self.pairs().into_iter().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{name}={value}")?;
        }
        Ok(())
    }
}

/// The indices of a CELL coordinate that its grammar accepted (D22): the runs of lowercase
/// letters, of digits and of uppercase letters, in turn, each one dimension. A letter run is
/// bijective base 26 (`a` = 0, `z` = 25, `aa` = 26, `aaa` = 702), an integer `n` is `n - 1`.
/// `None` when an index exceeds `u64::MAX` (D23).
pub(crate) fn cell_indices(text: &str) -> Option<Vec<u64>> {
    let bytes = text.as_bytes();
    let mut indices = Vec::new();
    let mut start = 0;
    while start < bytes.len() {
        let kind = |byte: u8| (byte.is_ascii_digit(), byte.is_ascii_uppercase());
        let end = bytes[start..]
            .iter()
            .position(|&byte| kind(byte) != kind(bytes[start]))
            .map_or(bytes.len(), |length| start + length);
        let run = &bytes[start..end];
        // An integer is worth its decimal value, a letter run its value in bijective base 26
        // (digits 1..=26); the index is one less. Summed in u128, so that 2^64 still fits.
        let (base, worth): (u128, fn(u8) -> u128) = if run[0].is_ascii_digit() {
            (10, |digit| u128::from(digit - b'0'))
        } else {
            (26, |letter| {
                u128::from(letter.to_ascii_lowercase() - b'a') + 1
            })
        };
        let value = run.iter().try_fold(0u128, |value, &byte| {
            let value = value.checked_mul(base)? + worth(byte);
            (value <= u128::from(u64::MAX) + 1).then_some(value)
        })?;
        indices.push(u64::try_from(value.checked_sub(1)?).ok()?);
        start = end;
    }
    Some(indices)
}
