//! Dialect `legacy`: GAN 1.0.0, the 2012 words form, `<GAME>:<PIECE>` (`CHESS:KING`).
//!
//! Grammar: `grammar/legacy.pest`, from `gan-legacy-2012.txt`.

use std::fmt;

use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::grammar::{self, legacy::Grammar, legacy::Rule};
use crate::identifier::Identifier;
use crate::model::{ActorFields, Side};
use crate::parse::{self, Limits, Syntax};

/// A `legacy` identifier: a game word, `:`, a piece word, letters only, all in one case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    style: String,
    side: Side,
    piece_type: String,
}

pub(crate) const SYNTAX: Syntax = Syntax {
    whole: "an identifier is a game word, ':', and a piece word",
    style: "a game word is letters only",
    piece: "a piece word is letters only",
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
    let style = parts.next().expect("game id").as_str().to_owned();
    let piece_type = parts.nth(1).expect("piece id").as_str().to_owned();
    Ok(Actor {
        style,
        side,
        piece_type,
    })
}

impl Identifier for Actor {
    const DIALECT: Dialect = Dialect::Legacy;

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
            promoted: None,
            king: None,
        }
    }

    fn piece_part(&self) -> String {
        self.piece_type.clone()
    }

    fn piece_part_with_type(&self, piece_type: &str) -> String {
        piece_type.to_owned()
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.style, self.piece_type)
    }
}

super::from_str_via_parse!(Actor);
