//! Valid candidates, derived from the grammar: every combination of the choices and optional
//! parts outside repetitions (the *shapes*: every modifier combination, both sides), then, on
//! each shape, every option of every other site one at a time (each alternative, each
//! optional present and absent, repetitions at their minimum, 1, 2, 64 and 255, both ends of
//! every range), then a seeded random sample; last, the length bounds of every repeated part.

use std::collections::{HashMap, HashSet, VecDeque};

use super::candidate::Candidate;
use super::derive::{derive, Decision, Defaults, Derivation, Path, Plan, Site, SiteKind};
use super::rng::mix;
use crate::grammar::ir::Grammar;

/// Decisions fixed by path.
pub(crate) type Overrides = HashMap<Path, Decision>;

/// More shapes than this is a grammar the corpus cannot hold (the product explodes).
const MAX_SHAPES: usize = 512;

/// The repetition counts every repetition is tried at (within its bounds), plus its bounds.
const COUNTS: [u32; 4] = [1, 2, 64, 255];

/// Derives with `overrides` and the hashed defaults of `seed`.
pub(crate) fn derive_with(
    grammar: &Grammar,
    seed: u64,
    overrides: Overrides,
) -> Result<Derivation, String> {
    derive(
        grammar,
        &Plan {
            overrides,
            defaults: Defaults::Hashed(seed),
        },
    )
}

/// Whether a site is part of the string's shape.
fn is_shape(site: &Site) -> bool {
    !site.in_repeat && matches!(site.kind, SiteKind::Choice(_) | SiteKind::Optional)
}

/// Every combination of the shape sites, in derivation order.
pub(crate) fn shapes(grammar: &Grammar, seed: u64) -> Result<Vec<Overrides>, String> {
    let mut found = Vec::new();
    let mut stack = vec![Overrides::new()];
    while let Some(fixed) = stack.pop() {
        let derivation = derive_with(grammar, seed, fixed.clone())?;
        let open = derivation
            .sites
            .iter()
            .find(|s| is_shape(s) && !fixed.contains_key(&s.path));
        match open {
            None => {
                found.push(fixed);
                if found.len() > MAX_SHAPES {
                    return Err(format!(
                        "more than {MAX_SHAPES} combinations of choices and optional parts"
                    ));
                }
            }
            Some(site) => {
                // Pushed in reverse so that the first option is explored first.
                for option in options(site).into_iter().rev() {
                    let mut next = fixed.clone();
                    next.insert(site.path.clone(), option.1);
                    stack.push(next);
                }
            }
        }
    }
    Ok(found)
}

/// The options of a decision site, each with the group its vector belongs to.
fn options(site: &Site) -> Vec<(&'static str, Decision)> {
    match site.kind {
        SiteKind::Choice(n) => (0..n).map(|i| ("alternative", Decision::Alt(i))).collect(),
        SiteKind::Optional => [false, true]
            .map(|p| ("optional", Decision::Present(p)))
            .into(),
        SiteKind::Repeat { min, max } => repetition_counts(min, max)
            .into_iter()
            .map(|c| ("repetition", Decision::Count(c)))
            .collect(),
        SiteKind::Range(low, high) => [low, high]
            .map(|c| ("class-boundary", Decision::Char(c)))
            .into(),
        SiteKind::Literal | SiteKind::Call | SiteKind::Seq(_) => Vec::new(),
    }
}

/// The shape vectors, then every option of every other explorable site on each shape.
pub(crate) fn structured(
    grammar: &Grammar,
    seed: u64,
    shapes: &[Overrides],
) -> Result<Vec<Candidate>, String> {
    let mut out = Vec::new();
    for shape in shapes {
        let derivation = derive_with(grammar, seed, shape.clone())?;
        out.push(candidate("combination", derivation));
    }
    for shape in shapes {
        let mut visited: HashSet<Path> = HashSet::new();
        let mut work = VecDeque::from([shape.clone()]);
        while let Some(base) = work.pop_front() {
            let derivation = derive_with(grammar, seed, base.clone())?;
            for site in &derivation.sites {
                if !site.explorable || is_shape(site) || !visited.insert(site.path.clone()) {
                    continue;
                }
                for (group, option) in options(site) {
                    let mut next = base.clone();
                    next.insert(site.path.clone(), option);
                    out.push(candidate(group, derive_with(grammar, seed, next.clone())?));
                    work.push_back(next);
                }
            }
        }
    }
    Ok(out)
}

/// The counts each repeated part is tried at on its own, beyond [`COUNTS`]: one past the
/// usual buffer limit of 255, and longer than any limit another part has (1025, 4097); plus
/// its own bound and one past it when it has one (the latter is a grammar mutant).
const BOUNDS: [u32; 3] = [256, 1025, 4097];

/// The length bounds (group `bounds`): on each shape, every repetition outside another at
/// each of [`BOUNDS`] within its bounds, the other parts as the shape has them.
pub(crate) fn bounds(
    grammar: &Grammar,
    seed: u64,
    shapes: &[Overrides],
) -> Result<Vec<Candidate>, String> {
    let mut out = Vec::new();
    for shape in shapes {
        let derivation = derive_with(grammar, seed, shape.clone())?;
        for site in derivation.sites.iter().filter(|s| !s.in_repeat) {
            let SiteKind::Repeat { min, max } = site.kind else {
                continue;
            };
            let counts = BOUNDS
                .into_iter()
                .chain(max)
                .filter(|&c| c >= min && c <= max.unwrap_or(u32::MAX));
            for count in counts {
                let mut next = shape.clone();
                next.insert(site.path.clone(), Decision::Count(count));
                out.push(candidate("bounds", derive_with(grammar, seed, next)?));
            }
        }
    }
    Ok(out)
}

/// The random sample: draw `index` derives with every decision hashed from its own seed.
pub(crate) fn sample(grammar: &Grammar, seed: u64, index: u64) -> Result<Candidate, String> {
    let plan = Plan {
        overrides: Overrides::new(),
        defaults: Defaults::Sampled(mix(seed ^ index)),
    };
    Ok(candidate("random", derive(grammar, &plan)?))
}

fn candidate(group: &'static str, derivation: Derivation) -> Candidate {
    Candidate {
        hits: derivation.hits,
        ..Candidate::new(group, derivation.text)
    }
}

/// The counts a repetition is tried at: its bounds, and 1, 2, 64, 255 within them.
pub(crate) fn repetition_counts(min: u32, max: Option<u32>) -> Vec<u32> {
    let mut counts: Vec<u32> = std::iter::once(min).chain(COUNTS).chain(max).collect();
    counts.retain(|&c| c >= min && c <= max.unwrap_or(u32::MAX));
    counts.sort_unstable();
    counts.dedup();
    counts
}
