//! Checks between the conditions of a variant: implicit requirement (G10), require/prevent
//! consistency (G11) and identical variants (G13). See the relation table in
//! [`codes`](super::super::codes).

use std::collections::HashMap;

use super::super::codes;
use super::super::document::Span;
use super::super::pointer::Path;
use super::checker::{Checker, Move};
use super::values::{Entry, Occupants};
use crate::model::Side;

/// How the occupants satisfying a `require` (r) relate to those satisfying a `prevent` (p)
/// on the same square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Relation {
    /// r ⊆ p: whenever the requirement holds the prevention fires.
    Inside,
    /// r ∩ p = ∅: whenever the requirement holds the prevention cannot fire.
    Disjoint,
    /// Neither: the pair is meaningful.
    Overlap,
}

/// The relation of r and p for a source piece of side `side`; r and p differ as strings.
fn relation(r: Occupants<'_>, p: Occupants<'_>, side: Side) -> Relation {
    match (r, p) {
        (Occupants::Enemy, Occupants::Piece(_, other)) if other != side => Relation::Overlap,
        (Occupants::Piece(_, other), Occupants::Enemy) if other != side => Relation::Inside,
        (r, p) if r == p => Relation::Inside,
        _ => Relation::Disjoint,
    }
}

/// Runs the G10 and G11 checks of one variant.
pub(super) fn check(
    checker: &mut Checker<'_>,
    context: &Move<'_>,
    require: &[Entry<'_>],
    prevent: &[Entry<'_>],
    path: &Path<'_>,
) {
    let require_path = path.key("require");
    let prevent_path = path.key("prevent");
    for entry in require.iter().filter(|e| e.square == context.source) {
        implicit_require(checker, context, entry, &require_path.key(entry.square));
    }
    for entry in prevent.iter().filter(|e| e.square == context.source) {
        implicit_prevent(checker, context, entry, &prevent_path.key(entry.square));
    }
    if require.is_empty() || prevent.is_empty() {
        return;
    }
    let mut required: HashMap<&str, &Entry<'_>> = HashMap::with_capacity(require.len());
    for entry in require {
        required.entry(entry.square).or_insert(entry);
    }
    for p in prevent {
        let Some(r) = required.get(p.square) else {
            continue;
        };
        let at = prevent_path.key(p.square);
        if p.text.is_some() && r.text == p.text {
            let message = format!(
                "square {:?} has the same state {:?} in \"require\" and \"prevent\": \
                 the variant can never apply",
                p.square,
                p.text.unwrap_or_default()
            );
            checker.error(codes::REQUIRE_PREVENT_CONFLICT, &at, message);
            continue;
        }
        let (Some(side), Some(ro), Some(po)) = (context.side, r.occupants, p.occupants) else {
            continue;
        };
        let (rs, ps) = (r.text.unwrap_or_default(), p.text.unwrap_or_default());
        match relation(ro, po, side) {
            Relation::Inside => {
                let message = format!(
                    "require[{:?}] is {rs:?}, an enemy of {:?}, and prevent[{:?}] is {ps:?}: \
                     the variant can never apply",
                    p.square, context.piece, p.square
                );
                unsatisfiable(checker, &at, message);
            }
            Relation::Disjoint => {
                let message = format!(
                    "prevent[{:?}] is {ps:?} but require[{:?}] is {rs:?}: \
                     this condition can never fire",
                    p.square, p.square
                );
                checker.warning(codes::REDUNDANT, &at, message);
            }
            Relation::Overlap => {}
        }
    }
}

/// `require[source]`: the source piece itself is an error, anything else is unsatisfiable.
fn implicit_require(
    checker: &mut Checker<'_>,
    context: &Move<'_>,
    entry: &Entry<'_>,
    at: &Path<'_>,
) {
    let Some(text) = entry.text else { return };
    if text == context.piece {
        let message = format!(
            "require[{:?}] restates the implicit requirement that the source square holds \
             {:?}: remove it",
            context.source, context.piece
        );
        checker.error(codes::IMPLICIT_REQUIREMENT, at, message);
    } else if context.side.is_some() && entry.occupants.is_some() {
        let message = format!(
            "require[{:?}] is {text:?} but the source square always holds {:?}: \
             the variant can never apply",
            context.source, context.piece
        );
        unsatisfiable(checker, at, message);
    }
}

/// `prevent[source]`: the source piece is unsatisfiable, anything else is redundant.
fn implicit_prevent(
    checker: &mut Checker<'_>,
    context: &Move<'_>,
    entry: &Entry<'_>,
    at: &Path<'_>,
) {
    let Some(text) = entry.text else { return };
    if context.side.is_none() || entry.occupants.is_none() {
        return;
    }
    if text == context.piece {
        let message = format!(
            "prevent[{:?}] is the source piece {:?}, which is always on the source square: \
             the variant can never apply",
            context.source, context.piece
        );
        unsatisfiable(checker, at, message);
    } else {
        let message = format!(
            "prevent[{:?}] is {text:?} but the source square always holds {:?}: \
             this condition can never fire",
            context.source, context.piece
        );
        checker.warning(codes::REDUNDANT, at, message);
    }
}

/// Reports `unsatisfiable`: a warning (an error under strict, G10).
fn unsatisfiable(checker: &mut Checker<'_>, at: &Path<'_>, message: String) {
    checker.warning(codes::UNSATISFIABLE, at, message);
}

/// Warns about a variant identical to an earlier one of the same destination (G13):
/// `variants` are the destination's, in the model.
pub(super) fn duplicate_variants(checker: &mut Checker<'_>, variants: Span, path: &Path<'_>) {
    if variants.len() < 2 {
        return;
    }
    let parts = &checker.parts;
    let mut seen = HashMap::with_capacity(variants.len());
    let mut found = Vec::new();
    for (i, variant) in parts.variants[variants.range()].iter().enumerate() {
        let normalized = parts.normalized(variant);
        if let Some(&first) = seen.get(&normalized) {
            found.push((i, first));
        } else {
            seen.insert(normalized, i);
        }
    }
    for (i, first) in found {
        let message = format!("variant {i} is identical to variant {first}");
        checker.warning(codes::DUPLICATE_VARIANT, &path.index(i), message);
    }
}
