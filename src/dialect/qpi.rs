//! Dialect `qpi`: QPI, `<letter>:[+-]<letter>` (`C:K`, `s:+r`).
//!
//! Grammar: `grammar/qpi.pest`, from the "Format Specification" of `qpi-ruby-readme.txt`.

use std::fmt;

use crate::dialect::Dialect;
use crate::error::ParseError;
use crate::grammar::{self, qpi::Grammar, qpi::Rule};
use crate::identifier::{Identifier, Stateful};
use crate::model::{ActorFields, Side, State};
use crate::parse::{self, Limits, Syntax};

/// A `qpi` identifier: a style letter (SIN), `:`, an optional state
/// prefix and one letter, all letters in one case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    style: String,
    side: Side,
    state: State,
    piece_type: String,
}

pub(crate) const SYNTAX: Syntax = Syntax {
    whole: "an identifier is a style, ':', an optional '+' or '-', and one letter",
    style: "a style is one letter",
    piece: "a piece is an optional '+' or '-', then one letter",
};

/// The grammar's verdict: the actor, or the position where the parse died (D11).
pub(crate) fn recognize(input: &str) -> Result<Actor, usize> {
    let mut top = grammar::run::<Grammar, _>(Rule::qpi, input)?;
    let branch = top
        .next()
        .and_then(|gan| gan.into_inner().next())
        .expect("qpi holds a branch");
    let side = if branch.as_rule() == Rule::uppercase_qpi {
        Side::First
    } else {
        Side::Second
    };
    let mut parts = branch.into_inner();
    let style = parts.next().expect("style").as_str().to_owned();
    let pin = parts.nth(1).expect("pin").into_inner();
    let (mut state, mut piece_type) = (State::Normal, String::new());
    for pair in pin {
        match pair.as_rule() {
            Rule::state_modifier => state = State::from_prefix(pair.as_str()).expect("'+' or '-'"),
            _ => piece_type = pair.as_str().to_owned(),
        }
    }
    Ok(Actor {
        style,
        side,
        state,
        piece_type,
    })
}

impl Identifier for Actor {
    const DIALECT: Dialect = Dialect::Qpi;

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
            state: Some(self.state),
            intermediate: None,
            promoted: None,
            king: None,
        }
    }

    fn piece_part(&self) -> String {
        self.piece_part_with_type(&self.piece_type)
    }

    fn piece_part_with_type(&self, piece_type: &str) -> String {
        format!("{}{piece_type}", self.state.prefix())
    }
}

impl Stateful for Actor {
    fn state(&self) -> State {
        self.state
    }

    fn with_state(&self, state: State) -> Self {
        Actor {
            state,
            ..self.clone()
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}{}",
            self.style,
            self.state.prefix(),
            self.piece_type
        )
    }
}

super::from_str_via_parse!(Actor);
