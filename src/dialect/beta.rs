//! Dialect `beta`: GAN beta, `<Style>:[+][-]<Abbr>` (`C:-K`, `S:+R`, `DAI_DAI_SHOGI:PH`).
//!
//! Grammar: `grammar/beta.pest`, from `gan-beta.txt` (D6: its prose, not `<any-text>`).

use std::fmt;

use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::grammar::{self, beta::Grammar, beta::Rule};
use crate::identifier::Identifier;
use crate::model::{ActorFields, Side};
use crate::parse::{self, Limits, Syntax};

/// A `beta` identifier: a style abbreviation, `:`, an optional `+` (promoted), an optional
/// `-` (king-like, D4) and a piece abbreviation; abbreviations are a letter, then letters,
/// digits or `_`, all letters in one case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    style: String,
    side: Side,
    promoted: bool,
    king: bool,
    piece_type: String,
}

pub(crate) const SYNTAX: Syntax = Syntax {
    whole: "an identifier is a style, ':', an optional '+', an optional '-', and an abbreviation",
    style: "a style is a letter, then letters, digits or '_'",
    piece: "a piece is an optional '+', an optional '-' (in that order), then a letter and \
            letters, digits or '_'",
};

/// The grammar's verdict: the actor, or the position where the parse died (D11).
pub(crate) fn recognize(input: &str) -> Result<Actor, usize> {
    let mut top = grammar::run::<Grammar, _>(Rule::actor, input)?;
    let branch = top
        .next()
        .and_then(|actor| actor.into_inner().next())
        .expect("a branch");
    let side = if branch.as_rule() == Rule::uppercase_actor {
        Side::First
    } else {
        Side::Second
    };
    let mut parts = branch.into_inner();
    let style = parts.next().expect("style").as_str().to_owned();
    let mut actor = Actor {
        style,
        side,
        promoted: false,
        king: false,
        piece_type: String::new(),
    };
    let piece = parts.nth(1).expect("piece");
    for pair in piece.into_inner().flat_map(|pair| {
        // `promoted`, then `piece_abbr` holding `king` and `type`.
        if pair.as_rule() == Rule::promoted {
            vec![pair]
        } else {
            pair.into_inner().collect()
        }
    }) {
        match pair.as_rule() {
            Rule::promoted => actor.promoted = true,
            Rule::king => actor.king = true,
            _ => actor.piece_type = pair.as_str().to_owned(),
        }
    }
    Ok(actor)
}

impl Actor {
    /// The `+` prefix: a promoted actor.
    pub fn is_promoted(&self) -> bool {
        self.promoted
    }

    /// The `-` prefix: a king-like actor (not "diminished": D4).
    pub fn is_king(&self) -> bool {
        self.king
    }

    /// The same actor, promoted (`+`) or not.
    #[must_use]
    pub fn with_promoted(&self, promoted: bool) -> Self {
        Actor {
            promoted,
            ..self.clone()
        }
    }

    /// The same actor, king-like (`-`) or not.
    #[must_use]
    pub fn with_king(&self, king: bool) -> Self {
        Actor {
            king,
            ..self.clone()
        }
    }
}

impl Identifier for Actor {
    const DIALECT: Dialect = Dialect::Beta;

    fn parse_with(input: &[u8], limits: Limits) -> Result<Self, ParseError> {
        parse::parse_bytes(Self::DIALECT, input, limits, recognize)
    }

    fn style(&self) -> &str {
        &self.style
    }

    fn piece_type(&self) -> &str {
        &self.piece_type
    }

    fn side(&self) -> Side {
        self.side
    }

    fn fields(&self) -> ActorFields {
        ActorFields {
            style: self.style.clone(),
            piece_type: self.piece_type.clone(),
            side: self.side,
            state: None,
            intermediate: None,
            promoted: Some(self.promoted),
            king: Some(self.king),
        }
    }

    fn piece_part(&self) -> String {
        self.piece_part_with_type(&self.piece_type)
    }

    fn piece_part_with_type(&self, piece_type: &str) -> String {
        let promoted = if self.promoted { "+" } else { "" };
        let king = if self.king { "-" } else { "" };
        format!("{promoted}{king}{piece_type}")
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.style, self.piece_part())
    }
}

super::from_str_via_parse!(Actor);
