//! Dialect `legacy`: GAN 1.0.0, the 2012 words form, `<GAME>:<PIECE>` (`CHESS:KING`).
//!
//! Grammar: `grammar/legacy.pest`, from `gan-legacy-2012.txt`.

use crate::dialect::Dialect;
use crate::grammar::compile::View;
use crate::grammar::{self, legacy::Grammar, legacy::Rule};
use crate::identifier::Identifier;
use crate::model::{ActorFields, Side};

/// A `legacy` identifier: a game word, `:`, a piece word, letters only, all in one case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Actor {
    style: String,
    side: Side,
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
    let style = parts.next().expect("game id").as_str().to_owned();
    let piece_type = parts.nth(1).expect("piece id").as_str().to_owned();
    Ok(Actor {
        style,
        side,
        piece_type,
    })
}

/// The actor of an accepted input, from the fast path's view of it.
pub(crate) fn from_view(view: &View<'_>) -> Actor {
    Actor {
        style: view.style_text().to_owned(),
        side: view.side_or_first(),
        piece_type: view.type_text().to_owned(),
    }
}

impl Identifier for Actor {
    super::identifier_accessors!();

    const DIALECT: Dialect = Dialect::named("legacy");

    fn fields(&self) -> ActorFields {
        ActorFields::basic(&self.style, &self.piece_type, self.side)
    }

    fn piece_part_with_type(&self, piece_type: &str) -> String {
        piece_type.to_owned()
    }
}

super::text_traits!(Actor);
