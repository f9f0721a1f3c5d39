//! The five dialects: the [`Dialect`] enum, the dialect-neutral [`Actor`], and one module per
//! dialect, all of the same shape (a typed actor, its parser over bytes, its writer).

/// The methods every dialect's `impl Identifier` shares: parsing through the fast path (the
/// module's `from_view`; its `recognize_pest` when the grammar has no fast path), and the
/// accessors over its `style`, `piece_type` and `side` fields.
macro_rules! identifier_accessors {
    () => {
        fn parse_with(
            input: &[u8],
            limits: $crate::parse::Limits,
        ) -> Result<Self, $crate::error::ParseError> {
            $crate::parse::parse_bytes(
                Self::DIALECT,
                input,
                limits,
                |text| {
                    $crate::dialect::fast_or_pest(Self::DIALECT, text, from_view, recognize_pest)
                },
                &|text| Self::DIALECT.run_grammar(text),
            )
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
pub mod legacy;
pub mod pnn;
pub mod qpi;
pub mod snn_pin;

use std::fmt;

use crate::error::ParseError;
use crate::grammar::compile::{Compiled, View};
use crate::identifier::Identifier;
use crate::model::{ActorFields, Side};
pub use crate::model::{Dialect, UnknownDialect};
use crate::parse::{parse_bytes, Limits, Syntax};

/// `text` through the fast path of `dialect` (`from_view` builds the actor), or through pest
/// (`pest`) when the grammar has none.
pub(crate) fn fast_or_pest<T>(
    dialect: Dialect,
    text: &str,
    from_view: fn(&View<'_>) -> T,
    pest: fn(&str) -> Result<T, usize>,
) -> Result<T, usize> {
    match Compiled::builtin(dialect) {
        Ok(fast) => fast.view(text).map(|view| from_view(&view)),
        Err(_) => pest(text),
    }
}

impl Dialect {
    /// The file name of the dialect's grammar under `grammar/`, e.g. `snn-pin.pest`.
    pub fn grammar_file(self) -> &'static str {
        self.grammar_source().0
    }

    /// The text of the dialect's pest grammar, as embedded in the binary.
    pub fn grammar_text(self) -> &'static str {
        self.grammar_source().1
    }

    fn grammar_source(self) -> (&'static str, &'static str) {
        crate::grammar::SOURCES[self as usize]
    }

    /// Parses `input` in this dialect, under the default limits ([`Limits::DEFAULT`]: an
    /// input over 64 KiB is `too-long`).
    pub fn parse(self, input: &[u8]) -> Result<Actor, ParseError> {
        self.parse_with(input, Limits::DEFAULT)
    }

    /// Parses `input` in this dialect under `limits`.
    pub fn parse_with(self, input: &[u8], limits: Limits) -> Result<Actor, ParseError> {
        match self {
            Dialect::Legacy => legacy::Actor::parse_with(input, limits).map(Actor::Legacy),
            Dialect::Beta => beta::Actor::parse_with(input, limits).map(Actor::Beta),
            Dialect::Pnn => pnn::Actor::parse_with(input, limits).map(Actor::Pnn),
            Dialect::SnnPin => snn_pin::Actor::parse_with(input, limits).map(Actor::SnnPin),
            Dialect::Qpi => qpi::Actor::parse_with(input, limits).map(Actor::Qpi),
        }
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

    /// The grammar's verdict alone, through pest (the reference).
    fn run_pest(self, text: &str) -> Result<(), usize> {
        match self {
            Dialect::Legacy => legacy::check_pest(text),
            Dialect::Beta => beta::check_pest(text),
            Dialect::Pnn => pnn::check_pest(text),
            Dialect::SnnPin => snn_pin::check_pest(text),
            Dialect::Qpi => qpi::check_pest(text),
        }
    }

    /// Parses `input` through pest alone, the reference implementation that the fast path is
    /// tested against: same pipeline, same diagnosis, pest's verdicts and offsets.
    #[doc(hidden)]
    pub fn parse_reference(self, input: &[u8], limits: Limits) -> Result<Actor, ParseError> {
        let grammar = |text: &str| self.run_pest(text);
        match self {
            Dialect::Legacy => parse_bytes(self, input, limits, legacy::recognize_pest, &grammar)
                .map(Actor::Legacy),
            Dialect::Beta => {
                parse_bytes(self, input, limits, beta::recognize_pest, &grammar).map(Actor::Beta)
            }
            Dialect::Pnn => {
                parse_bytes(self, input, limits, pnn::recognize_pest, &grammar).map(Actor::Pnn)
            }
            Dialect::SnnPin => parse_bytes(self, input, limits, snn_pin::recognize_pest, &grammar)
                .map(Actor::SnnPin),
            Dialect::Qpi => {
                parse_bytes(self, input, limits, qpi::recognize_pest, &grammar).map(Actor::Qpi)
            }
        }
    }

    pub(crate) fn syntax(self) -> &'static Syntax {
        match self {
            Dialect::Legacy => &legacy::SYNTAX,
            Dialect::Beta => &beta::SYNTAX,
            Dialect::Pnn => &pnn::SYNTAX,
            Dialect::SnnPin => &snn_pin::SYNTAX,
            Dialect::Qpi => &qpi::SYNTAX,
        }
    }
}

/// A valid identifier of any dialect.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Actor {
    /// A `legacy` identifier.
    Legacy(legacy::Actor),
    /// A `beta` identifier.
    Beta(beta::Actor),
    /// A `pnn` identifier.
    Pnn(pnn::Actor),
    /// A `snn-pin` identifier.
    SnnPin(snn_pin::Actor),
    /// A `qpi` identifier.
    Qpi(qpi::Actor),
}

macro_rules! each {
    ($actor:expr, $inner:ident => $body:expr) => {
        match $actor {
            Actor::Legacy($inner) => $body,
            Actor::Beta($inner) => $body,
            Actor::Pnn($inner) => $body,
            Actor::SnnPin($inner) => $body,
            Actor::Qpi($inner) => $body,
        }
    };
}

impl Actor {
    /// The dialect the identifier belongs to.
    pub fn dialect(&self) -> Dialect {
        match self {
            Actor::Legacy(_) => Dialect::Legacy,
            Actor::Beta(_) => Dialect::Beta,
            Actor::Pnn(_) => Dialect::Pnn,
            Actor::SnnPin(_) => Dialect::SnnPin,
            Actor::Qpi(_) => Dialect::Qpi,
        }
    }

    /// The style: the part before `:`, as written.
    pub fn style(&self) -> &str {
        each!(self, actor => actor.style())
    }

    /// The piece type, without its modifiers, as written.
    pub fn piece_type(&self) -> &str {
        each!(self, actor => actor.piece_type())
    }

    /// The side, told by the case of the letters.
    pub fn side(&self) -> Side {
        each!(self, actor => actor.side())
    }

    /// Every attribute of the dialect, under the names of docs/DECISIONS.md §1.
    pub fn fields(&self) -> ActorFields {
        each!(self, actor => actor.fields())
    }

    /// The same actor for the other player: style and piece re-cased together (D8).
    #[must_use]
    pub fn flip(&self) -> Actor {
        match self {
            Actor::Legacy(actor) => Actor::Legacy(actor.flip()),
            Actor::Beta(actor) => Actor::Beta(actor.flip()),
            Actor::Pnn(actor) => Actor::Pnn(actor.flip()),
            Actor::SnnPin(actor) => Actor::SnnPin(actor.flip()),
            Actor::Qpi(actor) => Actor::Qpi(actor.flip()),
        }
    }
}

impl fmt::Display for Actor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(self, actor => fmt::Display::fmt(actor, f))
    }
}
