//! The grammars: the pest parsers derived at compile time from the grammar file of each row
//! of the notation table, their [`ir`] (read through `pest_meta`, walked by the corpus
//! generator and its coverage counts), the `pest_vm` runner (`vm`) that serves edited
//! copies of the grammars (`gan generate --grammar-dir`), and the fast path [`compile`]d
//! from the IR into automata, which parsing uses at run time. The grammar texts are embedded
//! in the rows ([`Dialect::grammar_text`](crate::Dialect::grammar_text)).
//!
//! pest stays here: nothing outside the crate sees a `Rule` or a `pest::error::Error`; this
//! module holds the one translator of pest's errors.
//!
//! Public with the `test-support` feature only, for the crate's own tests and benches: an
//! internal, not part of the stable API.

pub mod compile;
pub mod ir;
pub(crate) mod vm;

use pest::error::InputLocation;
use pest::iterators::Pairs;
use pest::{Parser, RuleType};

use self::compile::{held, Parts};
use crate::model::{Dialect, Side};
use crate::notation::table::notations;

/// One pest parser per notation, derived from its grammar file and the files it composes,
/// stacked in that order (a module named as the notation's typed module, holding `Grammar`
/// and its `Rule`).
macro_rules! parsers {
    ($($variant:ident = $module:ident {
        name: $name:literal,
        about: $about:literal,
        grammar: $grammar:literal,
        composes: [$($part:literal),*],
        $($rest:tt)*
    })*) => {$(
        pub(crate) mod $module {
            #[derive(pest_derive::Parser)]
            #[grammar = $grammar]
            $(#[grammar = $part])*
            pub(crate) struct Grammar;
        }
    )*};
}

notations!(parsers);

/// Runs `entry` of grammar `P` over the whole input.
///
/// On failure, returns the byte position where the parse died. The grammars have no atomic
/// rules, and a non-silent rule starts at every position where a parse can stop, so pest's
/// failure position (its furthest rule attempt) is the length of the longest viable prefix:
/// D11's offset. The oracle tests check this on every dialect.
pub(crate) fn run<P: Parser<R>, R: RuleType>(entry: R, input: &str) -> Result<Pairs<'_, R>, usize> {
    P::parse(entry, input).map_err(|error| match error.location {
        InputLocation::Pos(position) => position,
        InputLocation::Span((start, _)) => start,
    })
}

/// Runs `entry` and opens its case branch: the side (uppercase iff the branch is `uppercase`,
/// D3) and the parts of that branch.
pub(crate) fn run_branch<P: Parser<R>, R: RuleType>(
    entry: R,
    uppercase: R,
    input: &str,
) -> Result<(Side, Pairs<'_, R>), usize> {
    let mut top = run::<P, R>(entry, input)?;
    let branch = top
        .next()
        .and_then(|pair| pair.into_inner().next())
        .expect("the entry rule holds a case branch");
    let side = if branch.as_rule() == uppercase {
        Side::First
    } else {
        Side::Second
    };
    Ok((side, branch.into_inner()))
}

/// Runs `entry` of grammar `P` over the whole input and reads the attributes of `dialect`
/// from the parse tree by rule name (the roles of its row, as the fast path reads its
/// groups): the parts, or the position where the parse died (D11).
pub(crate) fn run_roles<P: Parser<R>, R: RuleType>(
    dialect: Dialect,
    entry: R,
    input: &str,
) -> Result<Parts, usize> {
    let pairs = run::<P, R>(entry, input)?;
    let table = dialect.roles();
    let spans: Vec<_> = pairs
        .flatten()
        .filter_map(|pair| {
            let name = format!("{:?}", pair.as_rule());
            let &(_, role) = table.iter().find(|(rule, _)| *rule == name)?;
            let span = pair.as_span();
            Some((role, span.start(), span.end()))
        })
        .collect();
    Ok(Parts::assemble(
        input.as_bytes(),
        held(dialect),
        spans.into_iter(),
    ))
}

/// The text of `dialect`'s grammar as pest reads it: its own file, then the files it
/// composes, stacked.
pub(crate) fn stacked_text(dialect: Dialect) -> String {
    dialect
        .grammar_files()
        .into_iter()
        .map(|(_, text)| text)
        .collect()
}
