//! The whole alphabet by class at every position class, and the order of two errors in one
//! input. Both start from the short valid inputs of the targeted candidates and read their
//! position classes from the grammar ([`places`]), so they apply to any notation of the table.
//!
//! **Alphabet** (group `alphabet`): every byte value 0x00–0x7F, in three ASCII classes, and a
//! set of Unicode classes (zero-width and format characters, combining marks, fullwidth and
//! mathematical letters and digits, other scripts' letters and digits, noncharacters,
//! right-to-left marks, and lone surrogates, which only the bytes of an `input_hex` vector
//! can hold: those are in the group `invalid-utf8`). Sampling: the ASCII controls and
//! symbols (66 bytes, [`FULL`]) each at every position class; for any other class of `m`
//! members over `s` position classes, `max(m, s)` samples, the `k`-th putting member
//! `k mod m` at position class `k mod s`; so every member appears and every class reaches
//! every position class. Each sample puts the character in
//! place of the one at that position, or before it when that is valid, or at the end for the
//! position class `end`; samples the judge finds valid are dropped.
//!
//! **Order** (group `order`): an error at some position and a second, of another kind,
//! later in the input (D11, D12: the first offset decides, whatever comes after): a
//! character no grammar allows, a letter in the other case, a non-ASCII letter, the
//! separator removed, each followed by a non-ASCII letter, a character no grammar allows, a
//! letter in the other case, or a Unicode letter whose Unicode case maps onto an ASCII
//! letter (so that a hint re-cased with Unicode rules would differ, D2, D3). One sample per
//! (first, second, position class of the first).

use std::collections::HashSet;

use super::candidate::{Candidate, Source};
use super::places;
use crate::grammar::ir::Grammar;

/// The Unicode classes, each by a few members.
const UNICODE: [(&str, &[char]); 9] = [
    (
        "zero-width",
        &['\u{200B}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{FEFF}'],
    ),
    ("format", &['\u{AD}', '\u{61C}', '\u{180E}', '\u{2061}']),
    ("combining", &['\u{301}', '\u{308}', '\u{20DD}', '\u{FE0F}']),
    (
        "fullwidth",
        &['\u{FF21}', '\u{FF5A}', '\u{FF10}', '\u{FF1A}', '\u{FF0B}'],
    ),
    (
        "mathematical",
        &[
            '\u{1D400}',
            '\u{1D41A}',
            '\u{1D7CE}',
            '\u{1D7D7}',
            '\u{1D538}',
        ],
    ),
    (
        "other-script",
        &[
            '\u{391}', '\u{3B1}', '\u{5D0}', '\u{4E2D}', '\u{660}', '\u{966}', '\u{E51}',
        ],
    ),
    (
        "noncharacter",
        &['\u{FFFE}', '\u{FFFF}', '\u{FDD0}', '\u{1FFFE}'],
    ),
    (
        "rtl-mark",
        &['\u{200E}', '\u{200F}', '\u{202E}', '\u{2066}'],
    ),
    // Letters whose Unicode case maps onto ASCII: ſ → S, ı → I, K (Kelvin) → k.
    (
        "case-folding",
        &['\u{17F}', '\u{131}', '\u{212A}', '\u{130}'],
    ),
];

/// The classes tried with every member at every position class: the ASCII characters that
/// are neither letters nor digits, which a bug in a character class lets through one by one.
const FULL: [&str; 2] = ["ascii-control", "ascii-symbol"];

/// Lone surrogates, as the bytes a UTF-8 encoder that lets them through writes (not UTF-8).
const SURROGATES: [&[u8]; 3] = [b"\xED\xA0\x80", b"\xED\xB0\x80", b"\xED\xBF\xBF"];

/// The classes of the alphabet: the three ASCII classes (every byte value 0x00–0x7F), then
/// [`UNICODE`].
pub(crate) fn classes() -> Vec<(&'static str, Vec<char>)> {
    let ascii: Vec<char> = (0u8..0x80).map(char::from).collect();
    let mut out = vec![
        (
            "ascii-control",
            ascii
                .iter()
                .copied()
                .filter(char::is_ascii_control)
                .collect(),
        ),
        (
            "ascii-symbol",
            ascii
                .iter()
                .copied()
                .filter(|c| !c.is_ascii_control() && !c.is_ascii_alphanumeric())
                .collect(),
        ),
        (
            "ascii-alnum",
            ascii
                .iter()
                .copied()
                .filter(char::is_ascii_alphanumeric)
                .collect(),
        ),
    ];
    out.extend(
        UNICODE
            .iter()
            .map(|&(class, members)| (class, members.to_vec())),
    );
    out
}

/// A position of a source: which source, which character (its length for the end).
#[derive(Clone, Copy)]
struct Slot {
    source: usize,
    at: usize,
}

/// Position classes, each with its positions.
type Slots = Vec<(String, Vec<Slot>)>;

/// The position classes of `sources`, in order of first appearance, each with every
/// position that has it.
fn slots(grammar: &Grammar, role_rules: &[&str], sources: &[String]) -> (Vec<Vec<char>>, Slots) {
    let mut chars = Vec::new();
    let mut slots: Vec<(String, Vec<Slot>)> = Vec::new();
    for source in sources {
        let Some(mut labels) = places::places(grammar, role_rules, source) else {
            continue;
        };
        labels.push(places::END.to_owned());
        let index = chars.len();
        chars.push(source.chars().collect::<Vec<char>>());
        for (at, label) in labels.into_iter().enumerate() {
            let slot = Slot { source: index, at };
            match slots.iter_mut().find(|(l, _)| *l == label) {
                Some((_, list)) => list.push(slot),
                None => slots.push((label, vec![slot])),
            }
        }
    }
    (chars, slots)
}

/// The alphabet candidates of one dialect (see the module): `keep` says whether an input
/// counts (new and invalid).
pub(crate) fn alphabet(
    grammar: &Grammar,
    role_rules: &[&str],
    sources: &[String],
    mut keep: impl FnMut(&[u8]) -> bool,
) -> Vec<Candidate> {
    let (chars, slots) = slots(grammar, role_rules, sources);
    if slots.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut tried: HashSet<Vec<u8>> = HashSet::new();
    let mut try_class = |class: &'static str, members: &[Vec<u8>], out: &mut Vec<Candidate>| {
        let every = FULL.contains(&class);
        let samples = if every {
            members.len() * slots.len()
        } else {
            members.len().max(slots.len())
        };
        for k in 0..samples {
            let member = &members[if every {
                k / slots.len()
            } else {
                k % members.len()
            }];
            let (place, list) = &slots[k % slots.len()];
            // The positions of the class in turn, from the k-th: the first that gives an
            // input that counts.
            let turn = k / slots.len();
            for slot in (0..list.len()).map(|i| list[(turn + i) % list.len()]) {
                if let Some(candidate) =
                    sample(&chars, slot, member, class, place, &mut |input: &[u8]| {
                        tried.insert(input.to_vec()) && keep(input)
                    })
                {
                    out.push(candidate);
                    break;
                }
            }
        }
    };
    for (class, members) in classes() {
        let members: Vec<Vec<u8>> = members.iter().map(|c| c.to_string().into_bytes()).collect();
        try_class(class, &members, &mut out);
    }
    let surrogates: Vec<Vec<u8>> = SURROGATES.iter().map(|b| b.to_vec()).collect();
    try_class("surrogate", &surrogates, &mut out);
    out
}

/// The sample of `member` at `slot`: in place of the character there, or before it, or
/// appended for the end; the first input `keep` takes.
fn sample(
    chars: &[Vec<char>],
    slot: Slot,
    member: &[u8],
    class: &str,
    place: &str,
    keep: &mut dyn FnMut(&[u8]) -> bool,
) -> Option<Candidate> {
    let source = &chars[slot.source];
    let text = |range: &[char]| range.iter().collect::<String>().into_bytes();
    let mut options: Vec<(&'static str, Vec<u8>)> = Vec::new();
    if slot.at < source.len() {
        let (head, tail) = (text(&source[..slot.at]), text(&source[slot.at..]));
        let after = text(&source[slot.at + 1..]);
        options.push(("alphabet-substitute", [&head[..], member, &after].concat()));
        options.push(("alphabet-insert", [&head[..], member, &tail].concat()));
    } else {
        options.push(("alphabet-append", [&text(source)[..], member].concat()));
    }
    let (operator, input) = options.into_iter().find(|(_, input)| keep(input))?;
    let from = Some(Source::Input(source.iter().collect()));
    // Bytes that are not UTF-8 belong to the group that may carry `input_hex`.
    let group = if class == "surrogate" {
        "invalid-utf8"
    } else {
        "alphabet"
    };
    let mut candidate = Candidate::mutant(group, operator, input, from);
    candidate.note = Some(format!("alphabet: {class} at {place}").into());
    Some(candidate)
}

/// The first errors of the order candidates: a character no grammar of the family allows, a
/// letter in the other case, a non-ASCII letter, each at the position; or the separator
/// removed (the position is then where it was).
const FIRST: [&str; 4] = ["char", "case", "non-ascii", "no-separator"];

/// The second errors, later in the input.
const SECOND: [&str; 4] = ["non-ascii", "char", "case", "case-folding"];

/// The order candidates of one dialect (see the module).
pub(crate) fn order(
    grammar: &Grammar,
    role_rules: &[&str],
    sources: &[String],
    mut keep: impl FnMut(&[u8]) -> bool,
) -> Vec<Candidate> {
    let (chars, slots) = slots(grammar, role_rules, sources);
    let mut out = Vec::new();
    for first in FIRST {
        for second in SECOND {
            for (place, list) in &slots {
                for slot in list {
                    let source = &chars[slot.source];
                    let Some(input) = two_errors(source, slot.at, first, second) else {
                        continue;
                    };
                    if !keep(input.as_bytes()) {
                        continue;
                    }
                    let mut candidate = Candidate::mutant(
                        "order",
                        "two-errors",
                        input,
                        Some(Source::Input(source.iter().collect())),
                    );
                    candidate.note =
                        Some(format!("order: {first} at {place}, then {second}").into());
                    out.push(candidate);
                    break;
                }
            }
        }
    }
    out
}

/// `source` with the error `first` at `at` and the error `second` after it, or `None` when
/// the source has no room for them there.
fn two_errors(source: &[char], at: usize, first: &str, second: &str) -> Option<String> {
    let mut chars = source.to_vec();
    // The first error, and the index after which the second goes.
    let after = match first {
        "char" if at < chars.len() => {
            chars[at] = '!';
            at
        }
        "case" if chars.get(at).is_some_and(char::is_ascii_alphabetic) => {
            chars[at] = flip(chars[at]);
            at
        }
        "non-ascii" if at < chars.len() => {
            chars[at] = '\u{E9}';
            at
        }
        "no-separator" if chars.get(at) == Some(&':') => {
            chars.remove(at);
            at
        }
        _ => return None,
    };
    // The last ASCII letter after the first error, or the first one.
    let later = |chars: &[char], last: bool| {
        let mut letters = (after + 1..chars.len()).filter(|&i| chars[i].is_ascii_alphabetic());
        if last {
            letters.next_back()
        } else {
            letters.next()
        }
    };
    match second {
        "non-ascii" => chars.push('\u{E9}'),
        "char" => chars.push('!'),
        "case" => {
            let i = later(&chars, true)?;
            chars[i] = flip(chars[i]);
        }
        "case-folding" => {
            // A letter whose Unicode case is an ASCII letter, after the next ASCII letter (a
            // word goes on there in most notations): ſ (S) or the Kelvin sign (k), by the
            // case of that letter.
            let i = later(&chars, false)?;
            let folding = if chars[i].is_ascii_uppercase() {
                '\u{17F}'
            } else {
                '\u{212A}'
            };
            chars.insert(i + 1, folding);
        }
        _ => return None,
    }
    Some(chars.into_iter().collect())
}

/// An ASCII letter in the other case.
fn flip(c: char) -> char {
    if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        c.to_ascii_uppercase()
    }
}

#[cfg(test)]
mod tests {
    use super::{classes, two_errors};

    #[test]
    fn the_ascii_classes_hold_every_byte_value_once() {
        let mut all: Vec<u32> = classes()
            .iter()
            .take(3)
            .flat_map(|(_, members)| members.iter().map(|&c| u32::from(c)))
            .collect();
        all.sort_unstable();
        assert_eq!(all, (0..0x80).collect::<Vec<u32>>());
    }

    #[test]
    fn two_errors_put_the_second_after_the_first() {
        let source: Vec<char> = "CHESS:K".chars().collect();
        assert_eq!(
            two_errors(&source, 1, "case", "non-ascii").as_deref(),
            Some("ChESS:K\u{E9}")
        );
        assert_eq!(
            two_errors(&source, 0, "char", "case-folding").as_deref(),
            Some("!H\u{17F}ESS:K")
        );
        assert_eq!(
            two_errors(&source, 5, "no-separator", "char").as_deref(),
            Some("CHESSK!")
        );
        assert_eq!(two_errors(&source, 6, "case", "case"), None);
        assert_eq!(two_errors(&source, 1, "no-separator", "char"), None);
    }
}
