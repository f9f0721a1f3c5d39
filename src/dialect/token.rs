//! What the typed modules of the editions share: parsing through the fast path (the module's
//! `from_view`), or through pest read by the roles of the notation's row (`recognize_pest`),
//! and the text traits. A module names its notation and its pest entry rule ([`token!`]),
//! and writes its actor, its accessors and its `Typed` impl.

/// `check_pest`, `recognize_pest`, `Actor::DIALECT`, `Actor::parse`, `Actor::parse_with` and
/// `FromStr` in the calling module, which holds `Actor`, `from_view` and a `Display` impl
/// that writes the canonical string (the token itself, D9).
///
/// - `name`: the notation's name in the notation table;
/// - `grammar`: its parser module under `crate::grammar`;
/// - `entry`: its entry rule.
macro_rules! token {
    (name: $name:literal, grammar: $grammar:ident, entry: $entry:ident $(,)?) => {
        /// The grammar's verdict through pest (the reference) alone, building nothing: `Err`
        /// holds where the parse died (D11).
        pub(crate) fn check_pest(input: &str) -> Result<(), usize> {
            use $crate::grammar::$grammar::{Grammar, Rule};
            $crate::grammar::run::<Grammar, _>(Rule::$entry, input).map(drop)
        }

        /// The grammar's verdict through pest (the reference): the actor, read from the parse
        /// tree by the roles of the notation's row, or the position where the parse died
        /// (D11).
        pub(crate) fn recognize_pest(input: &str) -> Result<Actor, usize> {
            use $crate::grammar::$grammar::{Grammar, Rule};
            let parts =
                $crate::grammar::run_roles::<Grammar, _>(Actor::DIALECT, Rule::$entry, input)?;
            let view = parts
                .view(input.as_bytes())
                .expect("the spans of a str's rules are on character boundaries");
            Ok(from_view(&view))
        }

        impl Actor {
            /// The notation of this type.
            pub const DIALECT: $crate::model::Dialect = $crate::model::Dialect::named($name);

            /// Parses `input` (bytes, so invalid UTF-8 is an error like any other) under the
            /// default limits ([`Limits::DEFAULT`](crate::Limits::DEFAULT)).
            pub fn parse(input: &[u8]) -> Result<Self, $crate::error::ParseError> {
                Self::parse_with(input, $crate::parse::Limits::DEFAULT)
            }

            /// Parses `input` under `limits`.
            pub fn parse_with(
                input: &[u8],
                limits: $crate::parse::Limits,
            ) -> Result<Self, $crate::error::ParseError> {
                $crate::parse::parse_bytes(Self::DIALECT, input, limits, |text| {
                    $crate::dialect::fast_or_pest(Self::DIALECT, text, from_view, recognize_pest)
                })
            }
        }

        impl std::str::FromStr for Actor {
            type Err = $crate::error::ParseError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                Actor::parse(text.as_bytes())
            }
        }
    };
}
pub(crate) use token;
