//! The shape `snn-pin` and `qpi` share: a style, `:`, and a PIN piece (an optional state
//! prefix and one letter), all letters in one case. Each of the two modules is this shape
//! ([`style_pin!`]) over its own grammar's rules.

use pest::iterators::Pair;
use pest::RuleType;

use crate::model::State;

/// The state and the letter of a PIN piece's parse tree; `state` is the rule of its prefix.
pub(crate) fn read_pin<R: RuleType>(pin: Pair<'_, R>, state: R) -> (State, String) {
    let (mut found, mut piece_type) = (State::Normal, String::new());
    for pair in pin.into_inner() {
        if pair.as_rule() == state {
            found = State::from_prefix(pair.as_str()).expect("'+' or '-'");
        } else {
            pair.as_str().clone_into(&mut piece_type);
        }
    }
    (found, piece_type)
}

/// The actor of a `style:pin` notation, its parsers and its traits: `Actor`, `check_pest`,
/// `recognize_pest` and `from_view`, in the calling module.
///
/// - `name`: the notation's name in the notation table;
/// - `grammar`: its parser module under `crate::grammar`;
/// - `entry`, `uppercase`: the entry rule and its uppercase branch;
/// - `state`: the rule of the PIN piece's state prefix.
macro_rules! style_pin {
    (
        $(#[$doc:meta])*
        name: $name:literal,
        grammar: $grammar:ident,
        entry: $entry:ident,
        uppercase: $uppercase:ident,
        state: $state:ident $(,)?
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct Actor {
            style: String,
            side: $crate::model::Side,
            state: $crate::model::State,
            piece_type: String,
        }

        /// The grammar's verdict through pest (the reference) alone, building nothing: `Err`
        /// holds where the parse died (D11).
        pub(crate) fn check_pest(input: &str) -> Result<(), usize> {
            use $crate::grammar::$grammar::{Grammar, Rule};
            $crate::grammar::run::<Grammar, _>(Rule::$entry, input).map(drop)
        }

        /// The grammar's verdict through pest (the reference): the actor, or the position
        /// where the parse died (D11).
        pub(crate) fn recognize_pest(input: &str) -> Result<Actor, usize> {
            use $crate::grammar::$grammar::{Grammar, Rule};
            let (side, mut parts) =
                $crate::grammar::run_branch::<Grammar, _>(Rule::$entry, Rule::$uppercase, input)?;
            let style = parts.next().expect("style").as_str().to_owned();
            let pin = parts.nth(1).expect("pin");
            let (state, piece_type) = $crate::dialect::style_pin::read_pin(pin, Rule::$state);
            Ok(Actor {
                style,
                side,
                state,
                piece_type,
            })
        }

        /// The actor of an accepted input, from the fast path's view of it.
        pub(crate) fn from_view(view: &$crate::grammar::compile::View<'_>) -> Actor {
            Actor {
                style: view.style_text().to_owned(),
                side: view.side_or_first(),
                state: view.state.unwrap_or($crate::model::State::Normal),
                piece_type: view.type_text().to_owned(),
            }
        }

        impl $crate::identifier::Identifier for Actor {
            $crate::dialect::identifier_accessors!();

            const DIALECT: $crate::model::Dialect = $crate::model::Dialect::named($name);

            fn fields(&self) -> $crate::model::ActorFields {
                $crate::model::ActorFields {
                    state: Some(self.state),
                    ..$crate::model::ActorFields::basic(&self.style, &self.piece_type, self.side)
                }
            }

            fn piece_part_with_type(&self, piece_type: &str) -> String {
                format!("{}{piece_type}", self.state.prefix())
            }
        }

        $crate::dialect::stateful_via_field!(Actor);

        $crate::dialect::text_traits!(Actor);
    };
}
pub(crate) use style_pin;
