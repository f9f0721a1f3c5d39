//! The typed actors: one module per notation, all of the same shape (a typed actor, its parser
//! over bytes, its writer), the notation-neutral [`Actor`], and parsing by [`Dialect`]. `Actor`
//! and the dispatch are generated from the notation table (`notation/table.rs`), whose rows
//! name each notation's module here. What a row says about its notation (name, spec, grammar,
//! roles, oracle) is [`Dialect`]'s in `notation/`; parsing is here, above the typed modules it
//! calls.

/// The methods every dialect's `impl Identifier` shares: parsing through the fast path (the
/// module's `from_view`; its `recognize_pest` when the grammar has no fast path), and the
/// accessors over its `style`, `piece_type` and `side` fields.
macro_rules! identifier_accessors {
    () => {
        fn parse_with(
            input: &[u8],
            limits: $crate::parse::Limits,
        ) -> Result<Self, $crate::error::ParseError> {
            $crate::parse::parse_bytes(Self::DIALECT, input, limits, |text| {
                $crate::dialect::fast_or_pest(Self::DIALECT, text, from_view, recognize_pest)
            })
        }

        fn style(&self) -> &str {
            &self.style
        }

        fn piece_type(&self) -> &str {
            &self.piece_type
        }

        fn side(&self) -> $crate::model::Side {
            self.side
        }

        fn piece_part(&self) -> String {
            self.piece_part_with_type(&self.piece_type)
        }
    };
}
use identifier_accessors;

/// `Display`, the canonical string (`style:piece-part`, D9), and `FromStr` through the
/// dialect's parser, so a `str` and bytes parse alike.
macro_rules! text_traits {
    ($actor:ty) => {
        impl std::fmt::Display for $actor {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                use $crate::identifier::Identifier as _;
                write!(f, "{}:{}", self.style, self.piece_part())
            }
        }

        impl std::str::FromStr for $actor {
            type Err = $crate::error::ParseError;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                <Self as $crate::identifier::Identifier>::parse(text.as_bytes())
            }
        }
    };
}
use text_traits;

/// `Stateful` over the actor's `state` field (`pnn`, `snn-pin`, `qpi`).
macro_rules! stateful_via_field {
    ($actor:ident) => {
        impl $crate::identifier::Stateful for $actor {
            fn state(&self) -> $crate::model::State {
                self.state
            }

            fn with_state(&self, state: $crate::model::State) -> Self {
                $actor {
                    state,
                    ..self.clone()
                }
            }
        }
    };
}
use stateful_via_field;

pub mod beta;
pub mod cell;
pub mod epin_2025_12;
pub mod hand;
pub mod legacy;
pub mod pin_2025_07;
pub mod pin_2025_12;
pub mod pnn;
pub mod qpi;
pub mod qpi_2025_12;
pub mod qpi_2026_01;
pub mod sin_2025_07;
pub mod snn_2025_07_02;
pub mod snn_2025_07_11;
pub mod snn_2025_10_09;
pub mod snn_2026_01_11;
pub mod snn_pin;
mod style_name;
mod style_pin;
mod token;

use std::fmt;

use crate::error::ParseError;
use crate::grammar::compile::{Compiled, View};
use crate::identifier::Identifier;
use crate::model::{ActorFields, Side};
pub use crate::model::{Dialect, UnknownDialect};
use crate::notation::table::notations;
use crate::parse::{self, Limits};

/// What the notation-neutral [`Actor`] asks of a typed actor. Every typed actor has it: those
/// of the `style:piece` notations with tied cases through [`Identifier`], the others directly.
pub(crate) trait Typed: Sized {
    /// Parses `input` under `limits`.
    fn parse_typed(input: &[u8], limits: Limits) -> Result<Self, ParseError>;

    /// The style, as written, if the notation has one.
    fn style_part(&self) -> Option<&str>;

    /// The piece type, as written, if the notation has one.
    fn type_part(&self) -> Option<&str>;

    /// The side, if the notation has one.
    fn side_of(&self) -> Option<Side>;

    /// Every attribute.
    fn attributes(&self) -> ActorFields;

    /// The same piece for the other side.
    fn flipped(&self) -> Self;
}

impl<T: Identifier> Typed for T {
    fn parse_typed(input: &[u8], limits: Limits) -> Result<Self, ParseError> {
        T::parse_with(input, limits)
    }

    fn style_part(&self) -> Option<&str> {
        Some(self.style())
    }

    fn type_part(&self) -> Option<&str> {
        Some(self.piece_type())
    }

    fn side_of(&self) -> Option<Side> {
        Some(self.side())
    }

    fn attributes(&self) -> ActorFields {
        self.fields()
    }

    fn flipped(&self) -> Self {
        self.flip()
    }
}

/// `text` through the fast path of `dialect` (`from_view` builds the actor), or through pest
/// (`pest`) when the grammar has none; a rejection diagnosed (D12).
pub(crate) fn fast_or_pest<T>(
    dialect: Dialect,
    text: &str,
    from_view: fn(&View<'_>) -> T,
    pest: fn(&str) -> Result<T, usize>,
) -> Result<T, ParseError> {
    match Compiled::builtin(dialect) {
        Ok(fast) => match fast.judge(text.as_bytes()) {
            Ok(parts) => {
                Ok(from_view(&parts.view(text.as_bytes()).expect(
                    "the spans of a str's groups are on character boundaries",
                )))
            }
            Err(death) => {
                let probe = parse::Stopped { fast, death };
                Err(parse::diagnose(dialect, text, death.offset, &probe))
            }
        },
        Err(_) => pest(text).map_err(|offset| {
            parse::diagnose_with(dialect, text, offset, &|text| dialect.run_grammar(text))
        }),
    }
}

impl Dialect {
    /// Parses `input` in this dialect, under the default limits ([`Limits::DEFAULT`]: an
    /// input over 64 KiB is `too-long`).
    pub fn parse(self, input: &[u8]) -> Result<Actor, ParseError> {
        self.parse_with(input, Limits::DEFAULT)
    }

    /// Whether the grammar accepts `text`, building nothing.
    pub fn accepts(self, text: &str) -> bool {
        self.run_grammar(text).is_ok()
    }

    /// The grammar's verdict alone, through the fast path: `Err` holds the position where
    /// the parse died (D11).
    pub(crate) fn run_grammar(self, text: &str) -> Result<(), usize> {
        match Compiled::builtin(self) {
            Ok(fast) => fast.recognize(text.as_bytes()),
            Err(_) => self.run_pest(text),
        }
    }
}

/// `$body` with `$inner` bound to the typed actor inside `$actor`, whichever of the listed
/// variants it is.
macro_rules! each {
    ($actor:expr, [$($variant:ident)*], $inner:ident => $body:expr) => {
        match $actor {
            $(Actor::$variant($inner) => $body,)*
        }
    };
}

/// `Actor`, and what needs a notation's typed module: parsing by `Dialect`.
macro_rules! typed {
    ($($variant:ident = $module:ident {
        name: $name:literal,
        $($row:tt)*
    })*) => {
        /// A valid identifier of any notation.
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum Actor {
            $(
                #[doc = concat!("A `", $name, "` identifier.")]
                $variant($module::Actor),
            )*
        }

        impl Actor {
            /// The dialect the identifier belongs to.
            pub fn dialect(&self) -> Dialect {
                match self {
                    $(Actor::$variant(_) => Dialect::$variant,)*
                }
            }

            /// The style, as written: the part before `:`, SIN's letter or SNN's name; `None`
            /// in a notation without one (PIN, EPIN).
            pub fn style(&self) -> Option<&str> {
                each!(self, [$($variant)*], actor => Typed::style_part(actor))
            }

            /// The piece type, without its modifiers, as written; `None` in a notation without
            /// one (SIN, SNN).
            pub fn piece_type(&self) -> Option<&str> {
                each!(self, [$($variant)*], actor => Typed::type_part(actor))
            }

            /// The side, told by the case of the letters (of the piece letter where the cases
            /// are independent); `None` in a notation without one (the SNN editions without
            /// case).
            pub fn side(&self) -> Option<Side> {
                each!(self, [$($variant)*], actor => Typed::side_of(actor))
            }

            /// Every attribute of the notation, under the names of docs/DECISIONS.md §1.
            pub fn fields(&self) -> ActorFields {
                each!(self, [$($variant)*], actor => Typed::attributes(actor))
            }

            /// The same piece for the other side (D15): every letter re-cased where the cases
            /// are tied (D8), the piece letter alone where they are independent (the newest
            /// QPI); the actor unchanged in a notation without a side.
            #[must_use]
            pub fn flip(&self) -> Actor {
                match self {
                    $(Actor::$variant(actor) => Actor::$variant(Typed::flipped(actor)),)*
                }
            }
        }

        impl fmt::Display for Actor {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                each!(self, [$($variant)*], actor => fmt::Display::fmt(actor, f))
            }
        }

        impl Dialect {
            /// Parses `input` in this dialect under `limits`.
            pub fn parse_with(self, input: &[u8], limits: Limits) -> Result<Actor, ParseError> {
                match self {
                    $(Dialect::$variant => {
                        <$module::Actor as Typed>::parse_typed(input, limits).map(Actor::$variant)
                    })*
                }
            }

            /// The grammar's verdict alone, through pest (the reference).
            fn run_pest(self, text: &str) -> Result<(), usize> {
                match self {
                    $(Dialect::$variant => $module::check_pest(text),)*
                }
            }

            /// Parses `input` through pest alone, the reference implementation that the fast
            /// path is tested against: same pipeline, same diagnosis, pest's verdicts and
            /// offsets. Only with the `test-support` feature.
            #[cfg(feature = "test-support")]
            pub fn parse_reference(
                self,
                input: &[u8],
                limits: Limits,
            ) -> Result<Actor, ParseError> {
                let grammar = |text: &str| self.run_pest(text);
                match self {
                    $(Dialect::$variant => {
                        crate::parse::parse_bytes(self, input, limits, |text| {
                            $module::recognize_pest(text).map_err(|offset| {
                                crate::parse::diagnose_with(self, text, offset, &grammar)
                            })
                        })
                        .map(Actor::$variant)
                    })*
                }
            }
        }
    };
}

notations!(typed);
