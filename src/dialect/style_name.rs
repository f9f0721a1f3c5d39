//! The shape the SNN editions share: a style name alone. Two editions write the side in the
//! name's case (all uppercase: first, all lowercase: second); the two others have no side.
//! Each module is this shape ([`style_name!`]) over its own grammar.

/// The actor of an SNN edition, its parsers and its traits, in the calling module.
///
/// - `name`: the notation's name in the notation table;
/// - `grammar`: its parser module under `crate::grammar`;
/// - `sided`: whether the name's case is the side (the table's rows say so by their roles;
///   a test holds the two together).
macro_rules! style_name {
    (
        $(#[$doc:meta])*
        name: $name:literal,
        grammar: $grammar:ident,
        sided: $sided:literal $(,)?
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct Actor {
            style: String,
            side: Option<$crate::model::Side>,
        }

        $crate::dialect::token::token! {
            name: $name,
            grammar: $grammar,
            entry: snn,
        }

        /// The actor of an accepted input, from the fast path's view of it.
        pub(crate) fn from_view(view: &$crate::grammar::compile::View<'_>) -> Actor {
            Actor {
                style: view.style_text().to_owned(),
                side: view.side,
            }
        }

        impl Actor {
            /// The style name, as written.
            pub fn style(&self) -> &str {
                &self.style
            }

            /// The side, told by the name's case, in the editions that write one.
            pub fn side(&self) -> Option<$crate::model::Side> {
                self.side
            }

            /// The same name for the other side (re-cased), where the edition writes a side;
            /// otherwise the same name.
            #[must_use]
            pub fn flip(&self) -> Self {
                match self.side {
                    Some(side) => Actor {
                        style: side.flip().recase(&self.style),
                        side: Some(side.flip()),
                    },
                    None => self.clone(),
                }
            }

            /// Every attribute, under the names of docs/DECISIONS.md §1: `style`, and `side`
            /// where the edition writes one.
            pub fn fields(&self) -> $crate::model::ActorFields {
                $crate::model::ActorFields {
                    style: Some(self.style.clone()),
                    side: self.side,
                    ..$crate::model::ActorFields::NONE
                }
            }
        }

        impl std::fmt::Display for Actor {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(&self.style)
            }
        }

        impl $crate::dialect::Typed for Actor {
            fn parse_typed(
                input: &[u8],
                limits: $crate::parse::Limits,
            ) -> Result<Self, $crate::error::ParseError> {
                Actor::parse_with(input, limits)
            }

            fn style_part(&self) -> Option<&str> {
                Some(&self.style)
            }

            fn type_part(&self) -> Option<&str> {
                None
            }

            fn side_of(&self) -> Option<$crate::model::Side> {
                self.side
            }

            fn attributes(&self) -> $crate::model::ActorFields {
                self.fields()
            }

            fn flipped(&self) -> Self {
                self.flip()
            }
        }
    };
}
pub(crate) use style_name;
