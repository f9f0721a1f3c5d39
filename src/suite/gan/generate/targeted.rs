//! Candidates aimed at the bugs real implementations have (issue "corpus power"): inputs that
//! fail at offset 0, the examples printed in docs/DECISIONS.md, long inputs, invalid UTF-8
//! after multi-byte characters, and the family-wide confusion alphabet. Like every candidate,
//! each is judged by the parser and confirmed by the oracle before it becomes a vector.

use super::candidate::{Candidate, Source};

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

/// The confusion alphabet: every character some GAN dialect allows somewhere (letters of
/// both cases, digits, `_`, `:`, `+`, `-`, `'`; a few of each range), and one shared list of
/// controls, white space and Unicode look-alikes of each class, by class.
pub(crate) const ALPHABET: [(&str, &[char]); 9] = [
    ("upper", &['A', 'M', 'Z']),
    ("lower", &['a', 'm', 'z']),
    ("digit", &['0', '5', '9']),
    ("punct", &['_', ':', '+', '-', '\'']),
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

/// At most this many confusion candidates per dialect (before the judges drop the valid ones).
pub(crate) const CONFUSION_LIMIT: usize = 1300;

/// The short valid inputs (`valid`, in file order) the targeted candidates start from: the
/// first two, then two with a style and a piece of several characters, one with a style of
/// three or more, and others up to four when the dialect's parts are single letters (qpi).
pub(crate) fn sources<'a>(valid: impl Iterator<Item = &'a [u8]>) -> Vec<String> {
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
    sources
}

/// The structured candidates of one dialect: offset 0, decisions, long inputs, invalid UTF-8
/// after multi-byte characters. `sources` are short valid inputs of the dialect.
pub(crate) fn structured(sources: &[String]) -> Vec<Candidate> {
    let mut out = Vec::new();
    for input in OFFSET_ZERO {
        out.push(Candidate::mutant("blank", "offset-zero", input, None));
    }
    for (input, note) in DECISIONS {
        let mut candidate = Candidate::mutant("decisions", "decision-example", input, None);
        candidate.note = Some(note);
        out.push(candidate);
    }
    for length in LONG {
        // Valid where a style may be a word: `AAA…A:K`; invalid at the last byte two ways.
        let style = "A".repeat(length - 2);
        out.push(Candidate::mutant(
            "long",
            "long",
            format!("{style}:K"),
            None,
        ));
        out.push(Candidate::mutant(
            "long",
            "long",
            format!("{}!", "A".repeat(length - 1)),
            None,
        ));
        out.push(Candidate::mutant(
            "long",
            "long",
            format!("{}:K!", "A".repeat(length - 3)),
            None,
        ));
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
/// operator) cell, each member of the class 3 times, on `sources` (short valid inputs). The position class is
/// the part of the identifier the position lies in.
pub(crate) fn confusion(sources: &[String]) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut cells: std::collections::HashMap<(&str, &str, &str, usize), usize> =
        std::collections::HashMap::new();
    for source in sources {
        let chars: Vec<char> = source.chars().collect();
        for position in 0..=chars.len() {
            let place = position_class(&chars, position);
            for (class, members) in ALPHABET {
                for (index, &c) in members.iter().enumerate() {
                    for operator in ["insert", "substitute", "append"] {
                        let mutated: String = match operator {
                            "insert" if position < chars.len() => {
                                let mut m = chars.clone();
                                m.insert(position, c);
                                m.into_iter().collect()
                            }
                            "substitute" if position < chars.len() => {
                                let mut m = chars.clone();
                                m[position] = c;
                                m.into_iter().collect()
                            }
                            "append" if position == chars.len() => {
                                let mut m = chars.clone();
                                m.push(c);
                                m.into_iter().collect()
                            }
                            _ => continue,
                        };
                        // Each member at most 3 times per (class, position class, operator)
                        // cell: 3 samples of every member, so every cell has several.
                        let cell = cells.entry((class, place, operator, index)).or_insert(0);
                        if *cell >= 3 || out.len() >= CONFUSION_LIMIT {
                            continue;
                        }
                        *cell += 1;
                        let mut candidate = Candidate::mutant(
                            "confusion",
                            operator_name(operator),
                            mutated,
                            Some(Source::Input(source.clone())),
                        );
                        candidate.note = Some(cell_note(class, place));
                        out.push(candidate);
                    }
                }
            }
        }
    }
    out
}

/// The position classes, in the order of an identifier.
const PLACES: [&str; 5] = ["style-first", "style", "separator", "piece", "end"];

/// `confusion: {class} at {place}`, the note of a confusion vector (one string per cell,
/// made once).
fn cell_note(class: &str, place: &str) -> &'static str {
    static NOTES: std::sync::OnceLock<Vec<(String, String, String)>> = std::sync::OnceLock::new();
    let notes = NOTES.get_or_init(|| {
        ALPHABET
            .iter()
            .flat_map(|(class, _)| {
                PLACES.iter().map(move |place| {
                    (
                        (*class).to_owned(),
                        (*place).to_owned(),
                        format!("confusion: {class} at {place}"),
                    )
                })
            })
            .collect()
    });
    notes
        .iter()
        .find(|(c, p, _)| c == class && p == place)
        .map_or("confusion", |(_, _, note)| note.as_str())
}

fn operator_name(operator: &str) -> &'static str {
    match operator {
        "insert" => "confusion-insert",
        "substitute" => "confusion-substitute",
        _ => "confusion-append",
    }
}

/// The part of the identifier at `position`: `style-first`, `style`, `separator`, `piece`
/// (after the separator) or `end`.
fn position_class(chars: &[char], position: usize) -> &'static str {
    let colon = chars.iter().position(|&c| c == ':');
    match colon {
        _ if position == chars.len() => "end",
        _ if position == 0 => "style-first",
        Some(colon) if position < colon => "style",
        Some(colon) if position == colon => "separator",
        _ => "piece",
    }
}

/// `source` with its last ASCII letter in the other case.
fn flip_last_letter(source: &str) -> Option<String> {
    let index = source.rfind(|c: char| c.is_ascii_alphabetic())?;
    let mut bytes = source.as_bytes().to_vec();
    bytes[index] ^= 0x20;
    String::from_utf8(bytes).ok()
}
