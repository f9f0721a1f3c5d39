//! Dialect `beta`: GAN beta, `<Style>:[+][-]<Abbr>` (`C:-K`, `S:+R`, `DAI_DAI_SHOGI:PH`).
//!
//! Grammar: `grammar/beta.pest`, from `gan-beta.txt` (D6: its prose, not `<any-text>`).

use crate::dialect::Dialect;
use crate::grammar::compile::View;
use crate::grammar::{self, beta::Grammar, beta::Rule};
use crate::identifier::Identifier;
use crate::model::{ActorFields, Side};

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

/// The grammar's verdict through pest (the reference) alone, building nothing: `Err` holds where the parse died (D11).
pub(crate) fn check_pest(input: &str) -> Result<(), usize> {
    grammar::run::<Grammar, _>(Rule::actor, input).map(drop)
}

/// The grammar's verdict through pest (the reference): the actor, or the position where the
/// parse died (D11).
pub(crate) fn recognize_pest(input: &str) -> Result<Actor, usize> {
    let (side, mut parts) =
        grammar::run_branch::<Grammar, _>(Rule::actor, Rule::uppercase_actor, input)?;
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
            _ => pair.as_str().clone_into(&mut actor.piece_type),
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

/// The actor of an accepted input, from the fast path's view of it.
pub(crate) fn from_view(view: &View<'_>) -> Actor {
    Actor {
        style: view.style_text().to_owned(),
        side: view.side_or_first(),
        promoted: view.promoted == Some(true),
        king: view.king == Some(true),
        piece_type: view.type_text().to_owned(),
    }
}

impl Identifier for Actor {
    super::identifier_accessors!();

    const DIALECT: Dialect = Dialect::named("beta");

    fn fields(&self) -> ActorFields {
        ActorFields {
            promoted: Some(self.promoted),
            king: Some(self.king),
            ..ActorFields::basic(&self.style, &self.piece_type, self.side)
        }
    }

    fn piece_part_with_type(&self, piece_type: &str) -> String {
        let promoted = if self.promoted { "+" } else { "" };
        let king = if self.king { "-" } else { "" };
        format!("{promoted}{king}{piece_type}")
    }
}

super::text_traits!(Actor);
