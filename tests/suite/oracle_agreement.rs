//! The grammars against the oracle regexes of docs/DECISIONS.md §1: verdict, actor, code, offset
//! and hint, exhaustively on short strings over the boundary alphabet.

use gan::oracle::Oracle;

use crate::util::assert_agree;

/// Characters at every class boundary (D1, D2), plus the separators and modifiers.
const BOUNDARY: &[&str] = &[
    "A", "Z", "a", "z", "K", "k", "0", "9", ":", "+", "-", "'", "_", "@", "[", "`", "{", "/", " ",
    "\n", "\r", "\0", "\u{212A}",
];

/// The five GAN dialects; the editions, whose markers (`^`) this alphabet lacks, are compared
/// on alphabets of their own in `editions`.
#[test]
fn every_string_up_to_four_boundary_characters() {
    for dialect in gan::Family::Dialects.dialects() {
        let oracle = Oracle::new(dialect);
        let mut layer = vec![String::new()];
        for _ in 0..4 {
            let mut next = Vec::with_capacity(layer.len() * BOUNDARY.len());
            for prefix in &layer {
                for c in BOUNDARY {
                    let input = format!("{prefix}{c}");
                    assert_agree(&oracle, dialect, input.as_bytes());
                    next.push(input);
                }
            }
            layer = next;
        }
    }
}
