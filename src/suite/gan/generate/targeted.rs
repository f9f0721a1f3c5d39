//! Candidates aimed at the bugs real implementations have: inputs that fail at offset 0, the
//! examples printed in docs/DECISIONS.md, long inputs, invalid UTF-8 after multi-byte
//! characters, and the family-wide confusion alphabet. Like every candidate, each is judged by
//! the parser and confirmed by the oracle before it becomes a vector.

use std::collections::{HashMap, HashSet};

use super::candidate::{Candidate, Source};
use super::places;
use crate::grammar::ir::Grammar;

/// Inputs that fail at offset 0, without any ':' (D12: `missing-separator` only past offset 0).
const OFFSET_ZERO: [&str; 16] = [
    " ", "  ", "\t", "\n", "\r\n", "\r", "\u{A0}", "\u{3000}", "+", "-", "'", "_", "1", "9", "+K",
    "1ABC",
];

/// The examples printed in docs/DECISIONS.md §2 (D1–D12), with the rule that prints each;
/// tried in every dialect, kept whatever their verdict there (valid ones as valid vectors).
pub(crate) const DECISIONS: [(&str, &str); 30] = [
    ("C:K\n", "D1: a trailing LF"),
    ("C:K\r\n", "D1: a trailing CRLF"),
    ("C:K\t", "D1: a trailing tab"),
    ("C:K ", "D1: a trailing space"),
    ("C:K\0", "D1: a trailing NUL"),
    ("\u{FEFF}C:K", "D1: a BOM"),
    ("C:\u{212A}", "D2: the Kelvin sign"),
    ("C:\u{17F}", "D2: long s"),
    ("C:\u{131}", "D2: dotless i"),
    ("C:\u{FF2B}", "D2: a fullwidth letter"),
    ("CHESS:k", "D3: case mismatch (snn-pin)"),
    ("c:K", "D3: case mismatch"),
    ("CHESS:p", "D3: the hint example, CHESS:p -> chess:p"),
    ("chess:p", "D3: the hint of CHESS:p"),
    ("C:-K", "D4: '-' is king-like in beta, diminished elsewhere"),
    ("go:stone", "D6: the beta spec's own example"),
    ("", "D7: empty input"),
    (":K", "D7: empty style"),
    ("C:", "D7: empty piece"),
    ("C:+", "D7: empty piece after a sign"),
    ("C", "D9: C and CHESS are different styles"),
    ("CHESS", "D11: missing-separator at 5 (snn-pin)"),
    ("c:-k", "D10: beta king-like, diminished elsewhere"),
    ("CHESS:K", "D11: offset 1 in qpi"),
    ("1ABC", "D12: unexpected-char at 0"),
    ("+K", "D12: unexpected-char at 0"),
    ("cHESS:K", "D12: case-mismatch at 1"),
    ("C:K'", "D12: unexpected-char at 3 (snn-pin)"),
    ("CHESS:KING", "D5: a piece word"),
    ("CHESS960:K", "D9: a style with digits"),
];

/// The examples printed in the specs of the editions (and in the implementations that date
/// them), tried in every edition (not in the GAN dialects, whose files predate them), kept
/// whatever their verdict there.
const EXAMPLES: [(&str, &str); 38] = [
    (
        "K+",
        "pin-1.0.0: an invalid example (the state modifier comes first)",
    ),
    (
        "^K",
        "pin-1.0.0: an invalid example (the terminal marker comes last)",
    ),
    (
        "++K",
        "pin-1.0.0: an invalid example (one state modifier at most)",
    ),
    (
        "K^^",
        "pin-1.0.0: an invalid example (one terminal marker at most)",
    ),
    ("-K^", "pin-1.0.0: a diminished terminal piece"),
    ("+G^", "pin-1.0.0: an enhanced terminal piece"),
    (
        "K''",
        "epin-1.0.0: an invalid example (one derivation marker at most)",
    ),
    (
        "K'^",
        "epin-1.0.0: an invalid example (the derivation marker comes last)",
    ),
    ("K^'", "epin-1.0.0: a derived terminal piece"),
    ("C:R", "qpi-1.0.0: Native, both letters uppercase"),
    (
        "C:r",
        "qpi-1.0.0: Derived, the style letter uppercase and the piece lowercase",
    ),
    ("c:r", "qpi-1.0.0: Native, both letters lowercase"),
    (
        "c:R",
        "qpi-1.0.0: Derived, the style letter lowercase and the piece uppercase",
    ),
    ("S:+r", "qpi-1.0.0: an enhanced piece of the second side"),
    ("X:G^", "qpi-1.0.0: a terminal piece"),
    ("Chess960", "snn-1.0.0: a valid name, letters then digits"),
    ("CHESS", "snn-1.0.0: a valid name in capitals"),
    (
        "chess",
        "snn-1.0.0: an invalid name (a lowercase first letter)",
    ),
    ("Chess_960", "snn-1.0.0: an invalid name (an underscore)"),
    ("3DChess", "snn-1.0.0: an invalid name (a digit first)"),
    ("a1", "cell-1.0.0: a 2D coordinate"),
    ("a1A", "cell-1.0.0: a 3D coordinate"),
    ("b2Bc", "cell-1.0.0: a 4D coordinate"),
    ("h8Hh8", "cell-1.0.0: a 5D coordinate"),
    ("aa1AA", "cell-1.0.0: two-letter runs, indices 26 and 26"),
    ("file", "cell-1.0.0: a four-letter run, index 111856"),
    ("aaa", "cell-1.0.0: a three-letter run, index 702 (D22)"),
    ("zz", "cell-1.0.0: the last two-letter run, index 701 (D22)"),
    (
        "iv256",
        "cell-1.0.0: index 255 twice, the largest a bounded library holds (D23)",
    ),
    (
        "iw257",
        "cell-1.0.0: index 256 twice, one past the bounded libraries (D23)",
    ),
    (
        "a1Ab",
        "cell-1.0.0: four dimensions, one past the bounded libraries (D23)",
    ),
    (
        "a0",
        "cell-1.0.0: an invalid coordinate (zero is not a positive integer)",
    ),
    ("a01", "cell-1.0.0: an invalid coordinate (a leading zero)"),
    (
        "aA",
        "cell-1.0.0: an invalid coordinate (the integer dimension missing)",
    ),
    (
        "a1a",
        "cell-1.0.0: an invalid coordinate (the uppercase dimension missing)",
    ),
    (
        "a1A1",
        "cell-1.0.0: an invalid coordinate (an integer after uppercase letters)",
    ),
    ("*", "hand-1.0.0: the hand"),
    ("**", "hand-1.0.0: an invalid hand (one '*' only)"),
];

/// The examples of the editions' specs, as candidates of the group `examples`.
pub(crate) fn examples() -> Vec<Candidate> {
    EXAMPLES
        .iter()
        .map(|&(input, note)| Candidate {
            note: Some(note.into()),
            ..Candidate::mutant("examples", "spec-example", input, None)
        })
        .collect()
}

/// The lengths of the long inputs (D5: no maximum length): around powers of two and the
/// buffer sizes implementations pick.
const LONG: [usize; 8] = [255, 256, 257, 1024, 1025, 4096, 4097, 65536];

/// Multi-byte characters placed before a byte that is not UTF-8 (D11: offsets count bytes).
const MULTI_BYTE: [&str; 4] = ["\u{E9}", "\u{20AC}", "\u{1D11E}", "\u{212A}"];

/// Byte sequences that are not UTF-8, each after the multi-byte characters.
const NOT_UTF8: [&[u8]; 9] = [
    b"\xFF",
    b"\x80",
    b"\xC3",         // truncated 2-byte
    b"\xE2\x82",     // truncated 3-byte
    b"\xF0\x9D\x84", // truncated 4-byte
    b"\xC0\x80",     // overlong NUL (modified UTF-8)
    b"\xC0\xAF",     // overlong '/'
    b"\xED\xA0\x80", // surrogate U+D800
    b"\xF4\x90\x80\x80",
];

/// The shared part of the confusion alphabet, by class: ASCII controls, white space and
/// Unicode look-alikes of letters, digits and punctuation. The family's own characters come
/// from the grammars ([`alphabet`]).
const SHARED: [(&str, &[char]); 5] = [
    ("control", &['\0', '\t', '\n', '\r', '\u{7F}']),
    ("space", &[' ', '\u{A0}', '\u{2003}', '\u{3000}', '\u{85}']),
    (
        "letter-like",
        &[
            '\u{212A}', '\u{17F}', '\u{131}', '\u{FF21}', '\u{410}', '\u{430}',
        ],
    ),
    (
        "digit-like",
        &[
            '\u{B2}', '\u{663}', '\u{6F5}', '\u{FF10}', '\u{966}', '\u{2460}',
        ],
    ),
    (
        "punct-like",
        &[
            '\u{FF1A}', '\u{2236}', '\u{FF3F}', '\u{FF0B}', '\u{2212}', '\u{2019}',
        ],
    ),
];

/// The classes of the characters the grammars allow, in alphabet order.
const FAMILY: [&str; 4] = ["upper", "lower", "digit", "punct"];

/// The confusion alphabet, by class. First every character some dialect of the family
/// allows somewhere, read from `grammars` (the IR of all five): their union split into runs
/// of one class (`upper`, `lower`, `digit`, anything else `punct`), each run by its ends and
/// its middle (`A M Z`, `0 4 9`, each punctuation literal). Then the [`SHARED`] classes,
/// without any character a grammar allows.
pub(crate) fn alphabet(grammars: &[&Grammar]) -> Vec<(&'static str, Vec<char>)> {
    let union = merged(grammars.iter().flat_map(|g| g.characters()));
    let mut family: Vec<(&'static str, Vec<char>)> =
        FAMILY.iter().map(|&class| (class, Vec::new())).collect();
    // Runs of one class inside each range of the union.
    let mut runs: Vec<(&str, char, char)> = Vec::new();
    for &(low, high) in &union {
        let mut run: Option<(&str, char, char)> = None;
        for c in low..=high {
            let class = family_class(c);
            match &mut run {
                Some((current, _, last)) if *current == class => *last = c,
                _ => {
                    runs.extend(run.take());
                    run = Some((class, c, c));
                }
            }
        }
        runs.extend(run);
    }
    for (class, first, last) in runs {
        let middle = char::from_u32(u32::from(first) + (u32::from(last) - u32::from(first)) / 2)
            .unwrap_or(first);
        let members = &mut family
            .iter_mut()
            .find(|(c, _)| *c == class)
            .expect("a class")
            .1;
        for c in [first, middle, last] {
            if !members.contains(&c) {
                members.push(c);
            }
        }
    }
    for (_, members) in &mut family {
        members.sort_unstable();
    }
    family.retain(|(_, members)| !members.is_empty());
    let allowed = |c: &char| union.iter().any(|(low, high)| (low..=high).contains(&c));
    family.extend(SHARED.iter().map(|&(class, members)| {
        let members = members.iter().copied().filter(|c| !allowed(c)).collect();
        (class, members)
    }));
    family
}

/// `ranges` as sorted, disjoint, non-adjacent inclusive ranges.
fn merged(ranges: impl Iterator<Item = (char, char)>) -> Vec<(char, char)> {
    let mut ranges: Vec<(char, char)> = ranges.collect();
    ranges.sort_unstable();
    let mut merged: Vec<(char, char)> = Vec::with_capacity(ranges.len());
    for (low, high) in ranges {
        match merged.last_mut() {
            Some((_, last)) if u32::from(low) <= u32::from(*last) + 1 => *last = (*last).max(high),
            _ => merged.push((low, high)),
        }
    }
    merged
}

/// The class of a character a grammar allows.
fn family_class(c: char) -> &'static str {
    if c.is_uppercase() {
        "upper"
    } else if c.is_lowercase() {
        "lower"
    } else if c.is_numeric() {
        "digit"
    } else {
        "punct"
    }
}

/// At most this many confusion candidates per dialect (before the judges drop the valid ones).
pub(crate) const CONFUSION_LIMIT: usize = 1300;

/// The short valid inputs (`valid`, in file order) the targeted candidates start from: the
/// first two, then two with a style and a piece of several characters, one with a style of
/// three or more, and others up to four when the dialect's parts are single letters (qpi);
/// then, in file order, each input with a position class ([`places`]) that those have at
/// fewer than 3 positions, so that every rule a short valid input reaches gets its cells.
pub(crate) fn sources<'a>(
    grammar: &Grammar,
    role_rules: &[&str],
    valid: impl Iterator<Item = &'a [u8]>,
) -> Vec<String> {
    let short: Vec<String> = valid
        .map(|input| String::from_utf8_lossy(input).into_owned())
        .filter(|input| input.chars().count() <= 12)
        .collect();
    let mut sources: Vec<String> = short.iter().take(2).cloned().collect();
    let parts = |input: &String| input.split_once(':').map(|(s, p)| (s.len(), p.len()));
    sources.extend(
        short
            .iter()
            .filter(|input| parts(input).is_some_and(|(style, piece)| style >= 2 && piece >= 2))
            .take(2)
            .cloned(),
    );
    sources.extend(
        short
            .iter()
            .filter(|input| parts(input).is_some_and(|(style, _)| style >= 3))
            .take(1)
            .cloned(),
    );
    for input in &short {
        if sources.len() >= 4 {
            break;
        }
        if !sources.contains(input) {
            sources.push(input.clone());
        }
    }
    let labels = |input: &String| places::places(grammar, role_rules, input).unwrap_or_default();
    let mut positions: HashMap<String, usize> = HashMap::new();
    for place in sources.iter().flat_map(labels) {
        *positions.entry(place).or_default() += 1;
    }
    for input in &short {
        let new = labels(input);
        let rare = new
            .iter()
            .any(|place| positions.get(place).copied().unwrap_or(0) < 3);
        if rare && !sources.contains(input) {
            for place in new {
                *positions.entry(place).or_default() += 1;
            }
            sources.push(input.clone());
        }
    }
    sources
}

/// The structured candidates of one dialect: offset 0, decisions, long inputs, invalid UTF-8
/// after multi-byte characters. `sources` are short valid inputs of the dialect; `grammar` is
/// its grammar, whose literals give more inputs that may fail at offset 0 and whose separator
/// shapes the long inputs. `starts` says whether a dialect's identifier can start with a
/// character (an offset-zero input whose first character can is left out: it does not fail
/// at 0).
pub(crate) fn structured(
    grammar: &Grammar,
    sources: &[String],
    starts: impl Fn(char) -> bool,
) -> Vec<Candidate> {
    let mut out = Vec::new();
    let literals = grammar
        .literals()
        .into_iter()
        .filter(|literal| !OFFSET_ZERO.contains(literal))
        .map(str::to_owned);
    let blank: Vec<String> = OFFSET_ZERO
        .iter()
        .map(|&input| input.to_owned())
        .chain(literals)
        .collect();
    for input in blank {
        if input.chars().next().is_some_and(|c| !starts(c)) {
            out.push(Candidate::mutant("blank", "offset-zero", input, None));
        }
    }
    for (input, note) in DECISIONS {
        let mut candidate = Candidate::mutant("decisions", "decision-example", input, None);
        candidate.note = Some(note.into());
        out.push(candidate);
    }
    let separator = super::mutate::separator(grammar);
    for length in LONG {
        // With a separator, valid where a style may be a word: `AAA…A:K`; without, valid
        // where a name may be letters: `AAA…A`. Invalid at the last byte two ways.
        let long = |text: String| Candidate::mutant("long", "long", text, None);
        if let Some(separator) = separator {
            out.push(long(format!("{}{separator}K", "A".repeat(length - 2))));
            out.push(long(format!("{}!", "A".repeat(length - 1))));
            out.push(long(format!("{}{separator}K!", "A".repeat(length - 3))));
        } else {
            out.push(long("A".repeat(length)));
            out.push(long(format!("{}!", "A".repeat(length - 1))));
        }
    }
    // A case mismatch whose re-cased input is invalid too: no hint (D3).
    for source in sources.iter().take(6) {
        if let Some(flipped) = flip_last_letter(source) {
            out.push(Candidate::mutant(
                "case",
                "flip-case-and-break",
                format!("{flipped}!"),
                Some(Source::Input(source.clone())),
            ));
        }
    }
    // Invalid UTF-8 after multi-byte characters, at the start, in the middle and at the end.
    let base = sources.first().map_or("C:K", String::as_str);
    for character in MULTI_BYTE {
        for bad in NOT_UTF8 {
            for input in [
                [character.as_bytes(), bad].concat(),
                [base.as_bytes(), character.as_bytes(), bad].concat(),
            ] {
                out.push(Candidate::mutant(
                    "invalid-utf8",
                    "invalid-utf8",
                    input,
                    None,
                ));
            }
        }
    }
    out
}

/// The confusion candidates of one dialect: every (character class × position class ×
/// operator) cell of `alphabet` on `sources` (short valid inputs of `grammar`), each member
/// of a class up to 3 times per cell. The position class is the grammar rule the position
/// lies in ([`places`]); `role_rules` name the rules that hold an attribute. A sample counts
/// only when `keep` says so (the caller keeps the inputs that are new and invalid), and an
/// input is tried once. When the cells hold more than `limit` samples (at most
/// [`CONFUSION_LIMIT`]), every first sample comes before any second.
pub(crate) fn confusion(
    grammar: &Grammar,
    role_rules: &[&str],
    sources: &[String],
    alphabet: &[(&'static str, Vec<char>)],
    mut keep: impl FnMut(&str) -> bool,
    limit: usize,
) -> Vec<Candidate> {
    let mut tried: HashSet<String> = HashSet::new();
    let mut samples: Vec<(usize, Candidate)> = Vec::new();
    let mut cells: HashMap<(&str, String, &str, char), usize> = HashMap::new();
    // Operators one after the other, substitutions first: a substitution of a source's last
    // character or prefix is often an insertion into or an append to a shorter source, and
    // those cells have more places to find other samples.
    let labelled: Vec<(Vec<char>, Vec<String>, &String)> = sources
        .iter()
        .filter_map(|source| {
            let mut labels = places::places(grammar, role_rules, source)?;
            labels.push(places::END.to_owned());
            Some((source.chars().collect(), labels, source))
        })
        .collect();
    for operator in OPERATORS {
        for (chars, labels, source) in &labelled {
            for (position, place) in labels.iter().enumerate() {
                for (class, members) in alphabet {
                    for &c in members {
                        let mut mutated = chars.clone();
                        match operator {
                            "confusion-insert" if position < chars.len() => {
                                mutated.insert(position, c);
                            }
                            "confusion-substitute" if position < chars.len() => {
                                mutated[position] = c;
                            }
                            "confusion-append" if position == chars.len() => mutated.push(c),
                            _ => continue,
                        }
                        let cell = cells
                            .entry((class, place.clone(), operator, c))
                            .or_insert(0);
                        if *cell >= 3 {
                            continue;
                        }
                        let mutated: String = mutated.into_iter().collect();
                        if !tried.insert(mutated.clone()) || !keep(&mutated) {
                            continue;
                        }
                        *cell += 1;
                        let mut candidate = Candidate::mutant(
                            "confusion",
                            operator,
                            mutated,
                            Some(Source::Input((*source).clone())),
                        );
                        candidate.note = Some(format!("confusion: {class} at {place}").into());
                        samples.push((*cell, candidate));
                    }
                }
            }
        }
    }
    samples.sort_by_key(|(sample, _)| *sample);
    samples.truncate(limit);
    samples
        .into_iter()
        .map(|(_, candidate)| candidate)
        .collect()
}

/// The confusion operators: a character inserted before a position, put in its place, or
/// appended at the end.
const OPERATORS: [&str; 3] = [
    "confusion-substitute",
    "confusion-insert",
    "confusion-append",
];

/// `source` with its last ASCII letter in the other case.
fn flip_last_letter(source: &str) -> Option<String> {
    let index = source.rfind(|c: char| c.is_ascii_alphabetic())?;
    let mut bytes = source.as_bytes().to_vec();
    bytes[index] ^= 0x20;
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::{alphabet, places, Grammar, SHARED};
    use crate::model::Dialect;

    /// The grammar files and their texts, in the order of the notation table: the five GAN
    /// dialects', which read each other only (the editions' grammars compose other files, and
    /// the GAN dialects' confusion never reads them).
    fn sources() -> impl Iterator<Item = (&'static str, &'static str)> {
        Dialect::ALL
            .into_iter()
            .filter(|dialect| dialect.family() == crate::notation::Family::Dialects)
            .map(|dialect| (dialect.grammar_file(), dialect.grammar_text()))
    }

    /// Every notation's grammar, `edit` applied to the text of `file`.
    fn grammars(file: &str, edit: impl Fn(&str) -> String) -> Vec<Grammar> {
        sources()
            .map(|(name, text)| {
                let text = if name == file {
                    edit(text)
                } else {
                    text.to_owned()
                };
                Grammar::parse(name, &text).expect("parses")
            })
            .collect()
    }

    fn family(grammars: &[Grammar]) -> Vec<(&'static str, Vec<char>)> {
        alphabet(&grammars.iter().collect::<Vec<_>>())
    }

    fn class(alphabet: &[(&'static str, Vec<char>)], name: &str) -> Vec<char> {
        alphabet
            .iter()
            .find(|(class, _)| *class == name)
            .map(|(_, members)| members.clone())
            .unwrap_or_default()
    }

    #[test]
    fn the_family_alphabet_is_read_from_the_five_grammars() {
        let alphabet = family(&grammars("", str::to_owned));
        let expected: Vec<(&str, Vec<char>)> = [
            ("upper", vec!['A', 'M', 'Z']),
            ("lower", vec!['a', 'm', 'z']),
            ("digit", vec!['0', '4', '9']),
            ("punct", vec!['\'', '+', '-', ':', '_']),
        ]
        .into_iter()
        .chain(
            SHARED
                .iter()
                .map(|&(class, members)| (class, members.to_vec())),
        )
        .collect();
        assert_eq!(alphabet, expected);
    }

    #[test]
    fn a_character_a_grammar_starts_to_allow_joins_the_alphabet() {
        // A '.' in snn-pin's style: every dialect's confusion now tries it.
        let dotted = family(&grammars("snn-pin.pest", |text| {
            text.replace(
                "identifier_tail_uppercase = { letter_uppercase | digit }",
                r#"identifier_tail_uppercase = { letter_uppercase | digit | "." }"#,
            )
        }));
        assert_eq!(class(&dotted, "punct"), ['\'', '+', '-', '.', ':', '_']);
        // A range of Greek letters: its ends and middle.
        let greek = family(&grammars("qpi.pest", |text| {
            text.replace("'a'..'z'", "'a'..'z' | '\u{3B1}'..'\u{3C9}'")
        }));
        assert_eq!(
            class(&greek, "lower"),
            ['a', 'm', 'z', '\u{3B1}', '\u{3BD}', '\u{3C9}']
        );
        // A space allowed somewhere leaves the shared list for the family's part.
        let spaced = family(&grammars("legacy.pest", |text| {
            text.replace(r#"colon = { ":" }"#, r#"colon = { ":" | " " }"#)
        }));
        assert_eq!(class(&spaced, "punct"), [' ', '\'', '+', '-', ':', '_']);
        assert_eq!(
            class(&spaced, "space"),
            ['\u{A0}', '\u{2003}', '\u{3000}', '\u{85}']
        );
        // A range that lies inside one already allowed changes nothing.
        let inside = family(&grammars("beta.pest", |text| {
            text.replace(
                r#"underscore = _{ "_" }"#,
                r#"underscore = _{ "_" | 'B'..'F' }"#,
            )
        }));
        assert_eq!(inside, family(&grammars("", str::to_owned)));
    }

    /// The position classes of `input` in `file`, with the role rules `roles`.
    fn classes(file: &str, roles: &[&str], input: &str) -> Vec<String> {
        let (_, text) = sources().find(|(name, _)| *name == file).expect("a file");
        let grammar = Grammar::parse(file, text).expect("parses");
        places::places(&grammar, roles, input).expect("accepted")
    }

    #[test]
    fn a_position_class_is_the_rule_the_character_lies_in() {
        let roles = ["uppercase_style", "state_modifier", "pin_letter_uppercase"];
        assert_eq!(
            classes("snn-pin.pest", &roles, "CH9:+K"),
            [
                "style",
                "style/identifier_tail",
                "style/identifier_tail",
                "colon",
                "state_modifier",
                "pin_letter"
            ]
        );
        let roles = ["style_lowercase", "type_lowercase", "promoted", "king"];
        assert_eq!(
            classes("beta.pest", &roles, "go:+-st_1"),
            [
                "style/abbr",
                "style/abbr_tail",
                "colon",
                "promoted",
                "king",
                "type/abbr",
                "type/abbr_tail",
                "type/abbr_tail",
                "type/abbr_tail"
            ]
        );
        // Without role rules, the innermost rule alone: legacy's style and piece share it.
        assert_eq!(
            classes("legacy.pest", &[], "AB:K"),
            ["identifier", "identifier", "colon", "identifier"]
        );
        let (_, qpi) = sources()
            .find(|(name, _)| *name == "qpi.pest")
            .expect("qpi");
        let grammar = Grammar::parse("qpi.pest", qpi).expect("parses");
        assert_eq!(places::places(&grammar, &[], "C:KK"), None);
    }
}
