//! Unknown keys in a variant, with targeted messages for other GGN editions (G8).

use super::super::codes;
use super::super::pointer::Path;
use super::checker::Checker;

/// The keys a variant may have, in the spec's order.
pub(super) const VARIANT_KEYS: [&str; 3] = ["require", "prevent", "perform"];

impl Checker<'_> {
    /// Reports a variant key other than `require`, `prevent` and `perform`.
    pub(super) fn unknown_key(&mut self, key: &str, path: &Path<'_>) {
        self.error(codes::UNKNOWN_KEY, path, unknown_key_message(key));
    }
}

fn unknown_key_message(key: &str) -> String {
    let other_edition = |feature: &str, instead: &str| {
        format!("key {key:?} ({feature}) belongs to another GGN edition: {instead}")
    };
    match key {
        "must" => other_edition("conditions that must hold", "this edition uses \"require\""),
        "deny" => other_edition(
            "conditions that must not hold",
            "this edition uses \"prevent\"",
        ),
        "diff" => other_edition("the changes of a move", "this edition uses \"perform\""),
        "board_check" => other_edition(
            "a board check",
            "this edition has only \"require\" and \"prevent\" conditions on squares",
        ),
        "gain" => other_edition(
            "a piece captured into the hand",
            "this edition is board-only; hands are out of scope",
        ),
        "drop" => other_edition(
            "a piece dropped from the hand",
            "this edition is board-only; hands are out of scope",
        ),
        _ => match VARIANT_KEYS.iter().find(|k| k.eq_ignore_ascii_case(key)) {
            Some(known) => format!(
                "unknown key {key:?} in a variant: keys are case-sensitive, did you mean {known:?}?"
            ),
            None => format!(
                "unknown key {key:?} in a variant: expected \"require\", \"prevent\" or \"perform\""
            ),
        },
    }
}
