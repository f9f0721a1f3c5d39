//! Coverage of a grammar by the valid vectors: rules entered, alternatives taken, both ends of
//! every range written, optional parts present and absent, repetitions at their tried counts.
//! Totals come from the grammar IR; hits from the derivations the parser accepted.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use super::derive::Hit;
use super::valid::repetition_counts;
use crate::grammar::ir::{Grammar, Kind};

/// Covered out of total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ratio {
    /// Elements exercised by at least one valid vector.
    pub covered: usize,
    /// Elements in the grammar.
    pub total: usize,
}

impl Ratio {
    /// Whether every element is covered.
    pub fn is_full(self) -> bool {
        self.covered == self.total
    }
}

/// The coverage figures of one dialect's valid vectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Coverage {
    /// Rules entered.
    pub rules: Ratio,
    /// Alternatives of every ordered choice taken.
    pub alternatives: Ratio,
    /// Both ends of every character range written (one for a one-character range).
    pub class_boundaries: Ratio,
    /// Optional parts, present and absent.
    pub optionals: Ratio,
    /// Repetitions at their minimum, 1, 2, 64 and 255 (within their bounds).
    pub repetitions: Ratio,
}

impl Coverage {
    /// Whether every figure is full.
    pub fn is_full(&self) -> bool {
        [
            self.rules,
            self.alternatives,
            self.class_boundaries,
            self.optionals,
            self.repetitions,
        ]
        .iter()
        .all(|ratio| ratio.is_full())
    }
}

/// The coverage of `grammar` by the derivations whose hits are `hits`.
pub(crate) fn measure(grammar: &Grammar, hits: &HashSet<Hit>) -> Coverage {
    let mut coverage = Coverage {
        rules: Ratio {
            covered: 0,
            total: grammar.rules.len(),
        },
        alternatives: Ratio {
            covered: 0,
            total: 0,
        },
        class_boundaries: Ratio {
            covered: 0,
            total: 0,
        },
        optionals: Ratio {
            covered: 0,
            total: 0,
        },
        repetitions: Ratio {
            covered: 0,
            total: 0,
        },
    };
    coverage.rules.covered = (0..grammar.rules.len())
        .filter(|&r| hits.contains(&Hit::Rule(r)))
        .count();
    let count = |ratio: &mut Ratio, hit: Hit| {
        ratio.total += 1;
        ratio.covered += usize::from(hits.contains(&hit));
    };
    for node in grammar.nodes() {
        match &node.kind {
            Kind::Choice(items) => {
                for alt in 0..items.len() {
                    count(&mut coverage.alternatives, Hit::Alt(node.id, alt));
                }
            }
            Kind::Range(low, high) => {
                count(
                    &mut coverage.class_boundaries,
                    Hit::Boundary(node.id, false),
                );
                if low != high {
                    count(&mut coverage.class_boundaries, Hit::Boundary(node.id, true));
                }
            }
            Kind::Optional(_) => {
                for present in [false, true] {
                    count(&mut coverage.optionals, Hit::Optional(node.id, present));
                }
            }
            Kind::Repeat { min, max, .. } => {
                for times in repetition_counts(*min, *max) {
                    count(&mut coverage.repetitions, Hit::Count(node.id, times));
                }
            }
            Kind::Literal(_) | Kind::Seq(_) | Kind::Call(_) | Kind::Soi | Kind::Eoi => {}
        }
    }
    coverage
}
