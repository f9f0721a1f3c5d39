//! Invalid candidates by mutation: of grammar elements (a derivation that leaves the grammar
//! at one site) and of valid strings (edits, case, separators, whitespace, look-alikes, bytes
//! that are not UTF-8), each tagged with its operator and, where there is one, its source.

use super::candidate::{Candidate, Source};
use super::derive::{Decision, SiteKind};
use super::valid::{derive_with, Overrides};
use crate::grammar::ir::Grammar;

/// The separator of a grammar's language, as one character: the `:` of the GAN family's
/// `<style>:<piece>` shape (docs/DECISIONS.md §1), read from the grammar's literals
/// ([`Grammar::separator`]); `None` in a notation without one (PIN, SIN, EPIN, SNN).
pub(crate) fn separator(grammar: &Grammar) -> Option<char> {
    let text = grammar.separator()?;
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// D1: whitespace and invisible characters a lax implementation trims or ignores.
const WHITESPACE: [(&str, &str); 7] = [
    ("space", " "),
    ("tab", "\t"),
    ("lf", "\n"),
    ("crlf", "\r\n"),
    ("cr", "\r"),
    ("nul", "\0"),
    ("bom", "\u{FEFF}"),
];

/// D2: characters that Unicode case rules map onto ASCII letters, whatever the position.
const CASE_CONFUSABLES: [char; 4] = [
    '\u{212A}', // KELVIN SIGN, lowercases to 'k'
    '\u{017F}', // LATIN SMALL LETTER LONG S, uppercases to 'S'
    '\u{0131}', // LATIN SMALL LETTER DOTLESS I, uppercases to 'I'
    '\u{0130}', // LATIN CAPITAL LETTER I WITH DOT ABOVE, lowercases to 'i' + U+0307
];

/// D2: Cyrillic letters that look like ASCII letters.
const CYRILLIC: [(char, char); 18] = [
    ('A', '\u{0410}'),
    ('B', '\u{0412}'),
    ('C', '\u{0421}'),
    ('E', '\u{0415}'),
    ('H', '\u{041D}'),
    ('K', '\u{041A}'),
    ('M', '\u{041C}'),
    ('O', '\u{041E}'),
    ('P', '\u{0420}'),
    ('T', '\u{0422}'),
    ('X', '\u{0425}'),
    ('a', '\u{0430}'),
    ('c', '\u{0441}'),
    ('e', '\u{0435}'),
    ('o', '\u{043E}'),
    ('p', '\u{0440}'),
    ('x', '\u{0445}'),
    ('y', '\u{0443}'),
];

/// Characters just outside the classes of the GAN family, tried at every position on top of
/// the neighbours of the grammar's own ranges.
const OUTSIDE: [char; 8] = ['@', '[', '`', '{', '/', ':', '0', '9'];

/// Strings valid in one dialect and not in others (tried everywhere; kept where invalid).
pub(crate) const OTHER_DIALECT: [&str; 4] = ["C:K'", "CHESS:KING", "C:+-K", "CHESS960:K"];

/// D8: examples printed in the specs that violate their own grammar, with their notes.
pub(crate) const ERRATA: [(&str, &str); 5] = [
    (
        "CHESS:p",
        "D8, G2: the en-passant example of ggn-1.0.0.txt mixes cases (D3)",
    ),
    (
        "c:K",
        "D8: printed in qpi-ruby-readme.txt; style and piece cases differ (D3)",
    ),
    (
        "c:+Q",
        "D8: printed in qpi-ruby-readme.txt; style and piece cases differ (D3)",
    ),
    (
        "C:p",
        "D8: printed in qpi-ruby-readme.txt; style and piece cases differ (D3)",
    ),
    (
        "s:K",
        "D8: the flip_style example of qpi-ruby-readme.txt; cases differ (D3)",
    ),
];

/// Byte strings that are not UTF-8 on their own.
const NOT_UTF8: [&[u8]; 6] = [
    b"\xFF",
    b"\x80",
    b"\xC0\x80",         // overlong NUL
    b"\xEF\xBB",         // truncated BOM
    b"\xED\xA0\x80",     // a UTF-16 surrogate
    b"\xF4\x90\x80\x80", // above U+10FFFF
];

/// Grammar-element mutations of the derivation `base` (whose string is `source`): at every
/// explorable site, a character just outside a range, a literal or rule omitted or doubled,
/// an optional part doubled, two neighbours of a sequence swapped, a repetition out of bounds.
pub(crate) fn grammar_mutants(
    grammar: &Grammar,
    seed: u64,
    base: &Overrides,
    source: &str,
) -> Result<Vec<Candidate>, String> {
    let derivation = derive_with(grammar, seed, base.clone())?;
    let mut out = Vec::new();
    for site in derivation.sites.iter().filter(|site| site.explorable) {
        let mutations: Vec<(&'static str, Decision)> = match site.kind {
            SiteKind::Range(low, high) => {
                let below = u32::from(low).checked_sub(1).and_then(char::from_u32);
                let above = char::from_u32(u32::from(high) + 1);
                let mut found = Vec::new();
                found.extend(below.map(|c| ("class-below", Decision::Char(c))));
                found.extend(above.map(|c| ("class-above", Decision::Char(c))));
                found
            }
            SiteKind::Literal => {
                vec![
                    ("literal-omitted", Decision::Omit),
                    ("literal-doubled", Decision::Double),
                ]
            }
            SiteKind::Call => vec![
                ("rule-omitted", Decision::Omit),
                ("rule-doubled", Decision::Double),
            ],
            SiteKind::Optional => vec![("optional-doubled", Decision::Double)],
            SiteKind::Seq(n) => (0..n.saturating_sub(1))
                .map(|i| ("sequence-swapped", Decision::Swap(i)))
                .collect(),
            SiteKind::Repeat { min, max } => {
                let mut found = Vec::new();
                if min > 0 {
                    found.push(("repetition-below-min", Decision::Count(min - 1)));
                }
                if let Some(max) = max {
                    found.push(("repetition-above-max", Decision::Count(max + 1)));
                }
                found
            }
            SiteKind::Choice(_) => Vec::new(),
        };
        for (operator, decision) in mutations {
            let mut overrides = base.clone();
            overrides.insert(site.path.clone(), decision);
            let mutant = derive_with(grammar, seed, overrides)?;
            if mutant.mutated {
                let from = Some(Source::Input(source.to_owned()));
                out.push(Candidate::mutant("grammar", operator, mutant.text, from));
            }
        }
    }
    Ok(out)
}

/// Every string-level mutation of one valid `source`, group by group. The mutations of the
/// separator (moved, doubled, missing, empty components) exist where the grammar has one.
pub(crate) fn string_mutants(grammar: &Grammar, source: &str) -> Vec<Candidate> {
    let mut mutator = Mutator {
        source,
        chars: source.chars().collect(),
        separator: separator(grammar),
        out: Vec::new(),
    };
    mutator.components();
    mutator.whitespace();
    mutator.lookalikes();
    mutator.case();
    mutator.outside(grammar);
    mutator.edits();
    mutator.out
}

/// The string mutations of one source.
struct Mutator<'s> {
    source: &'s str,
    chars: Vec<char>,
    /// The grammar's separator.
    separator: Option<char>,
    out: Vec<Candidate>,
}

impl Mutator<'_> {
    fn push(&mut self, group: &'static str, operator: &'static str, text: String) {
        let source = Some(Source::Input(self.source.to_owned()));
        self.out
            .push(Candidate::mutant(group, operator, text, source));
    }

    /// The source with `remove` characters at `at` replaced by `insert`.
    fn with(&self, at: usize, remove: usize, insert: &str) -> String {
        let mut text: String = self.chars[..at].iter().collect();
        text.push_str(insert);
        text.extend(&self.chars[(at + remove).min(self.chars.len())..]);
        text
    }

    /// Where the grammar's separator is in the source.
    fn separator(&self) -> Option<usize> {
        let separator = self.separator?;
        self.chars.iter().position(|&c| c == separator)
    }

    fn letters(&self) -> Vec<usize> {
        (0..self.chars.len())
            .filter(|&i| self.chars[i].is_ascii_alphabetic())
            .collect()
    }

    /// D7: empty components; the separator doubled, missing, or moved to every position.
    fn components(&mut self) {
        let (Some(sep), Some(separator)) = (self.separator(), self.separator) else {
            return;
        };
        let style_only: String = self.chars[..=sep].iter().collect();
        let modifiers: String = self.chars[sep + 1..]
            .iter()
            .take_while(|c| !c.is_ascii_alphanumeric())
            .collect();
        self.push("empty", "empty-component", self.with(0, sep, ""));
        self.push("empty", "empty-component", style_only.clone());
        self.push("empty", "empty-component", style_only + &modifiers);
        let doubled = separator.to_string();
        self.push(
            "separator",
            "separator-doubled",
            self.with(sep, 0, &doubled),
        );
        self.push("separator", "separator-missing", self.with(sep, 1, ""));
        let without: Vec<char> = self
            .chars
            .iter()
            .copied()
            .filter(|&c| c != separator)
            .collect();
        for at in (0..=without.len()).filter(|&at| at != sep) {
            let mut moved: String = without[..at].iter().collect();
            moved.push(separator);
            moved.extend(&without[at..]);
            self.push("separator", "separator-moved", moved);
        }
    }

    /// D1: whitespace before, after and inside (after the first character, around the
    /// separator, before the last character).
    fn whitespace(&mut self) {
        let len = self.chars.len();
        let sep = self.separator();
        let mut inner: Vec<usize> = [Some(1), sep, sep.map(|s| s + 1), len.checked_sub(1)]
            .into_iter()
            .flatten()
            .filter(|&at| at > 0 && at < len)
            .collect();
        inner.sort_unstable();
        inner.dedup();
        for (_, space) in WHITESPACE {
            self.push(
                "whitespace",
                "whitespace-leading",
                format!("{space}{}", self.source),
            );
            self.push(
                "whitespace",
                "whitespace-trailing",
                format!("{}{space}", self.source),
            );
            for &at in &inner {
                self.push("whitespace", "whitespace-inner", self.with(at, 0, space));
            }
        }
    }

    /// D2: non-ASCII look-alikes in place of each letter.
    fn lookalikes(&mut self) {
        for at in self.letters() {
            let c = self.chars[at];
            let fullwidth = char::from_u32(u32::from(c) + 0xFEE0).expect("fullwidth forms exist");
            let cyrillic = CYRILLIC
                .iter()
                .find(|(ascii, _)| *ascii == c)
                .map(|&(_, other)| other);
            for lookalike in CASE_CONFUSABLES
                .into_iter()
                .chain([fullwidth])
                .chain(cyrillic)
            {
                self.push(
                    "unicode",
                    "lookalike",
                    self.with(at, 1, &lookalike.to_string()),
                );
            }
        }
    }

    /// D3: one letter in the other case (and, once, with the separator removed too).
    fn case(&mut self) {
        let separator = self.separator();
        for at in self.letters() {
            let c = self.chars[at];
            let flipped = if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            };
            self.push("case", "flip-case", self.with(at, 1, &flipped.to_string()));
            // D12's order: with no separator left, the case mismatch (offset > 0) still wins
            // over `missing-separator`. Once per source, at the style's second character.
            if let Some(separator) = separator.filter(|&sep| at == 1 && at < sep) {
                let mut chars = self.chars.clone();
                chars[at] = flipped;
                chars.remove(separator);
                self.push(
                    "case",
                    "flip-case-no-separator",
                    chars.into_iter().collect(),
                );
            }
        }
    }

    /// The neighbours just outside every class of the grammar, and the family's usual
    /// suspects, at every position.
    fn outside(&mut self, grammar: &Grammar) {
        let mut outside: Vec<char> = Vec::new();
        for (low, high) in grammar.ranges() {
            let below = u32::from(low).checked_sub(1).and_then(char::from_u32);
            outside.extend(below.into_iter().chain(char::from_u32(u32::from(high) + 1)));
        }
        outside.extend(OUTSIDE);
        let mut unique: Vec<char> = Vec::new();
        for c in outside {
            if !unique.contains(&c) {
                unique.push(c);
            }
        }
        for (at, &original) in self.chars.clone().iter().enumerate() {
            for &c in unique.iter().filter(|&&c| c != original) {
                self.push("class", "outside-class", self.with(at, 1, &c.to_string()));
            }
        }
    }

    /// Plain edits: delete, duplicate, swap with the next character.
    fn edits(&mut self) {
        let chars = self.chars.clone();
        for (at, &c) in chars.iter().enumerate() {
            self.push("edit", "delete", self.with(at, 1, ""));
            self.push("edit", "duplicate", self.with(at, 0, &c.to_string()));
            if let Some(&next) = chars.get(at + 1) {
                self.push("edit", "swap", self.with(at, 2, &format!("{next}{c}")));
            }
        }
    }
}

/// Byte-level mutations of `source` that are not UTF-8 (an overlong form of the grammar's
/// `separator`, when it has one, in its place).
pub(crate) fn byte_mutants(source: &str, separator: Option<char>) -> Vec<Candidate> {
    let bytes = source.as_bytes();
    let from = || Some(Source::Input(source.to_owned()));
    let mut variants: Vec<Vec<u8>> = vec![
        [b"\xFF".as_slice(), bytes].concat(),
        [bytes, b"\xFF".as_slice()].concat(),
        [bytes, b"\xE2\x84".as_slice()].concat(), // a truncated KELVIN SIGN
    ];
    if let Some(first) = source.chars().next() {
        let at = first.len_utf8();
        variants.push([&bytes[..at], b"\x80".as_slice(), &bytes[at..]].concat());
    }
    if let Some(sep) = separator
        .filter(char::is_ascii)
        .and_then(|separator| source.find(separator))
    {
        // An overlong form of the separator (for ':', 0xC0 0xBA) in its place.
        let byte = bytes[sep];
        let overlong = [0xC0 | (byte >> 6), 0x80 | (byte & 0x3F)];
        variants.push([&bytes[..sep], overlong.as_slice(), &bytes[sep + 1..]].concat());
    }
    variants
        .into_iter()
        .map(|bytes| Candidate::mutant("invalid-utf8", "invalid-utf8", bytes, from()))
        .collect()
}

/// The fixed invalid candidates: empty input, bytes that are not UTF-8, the errata.
pub(crate) fn fixed() -> Vec<Candidate> {
    let mut out: Vec<Candidate> = ERRATA
        .iter()
        .map(|&(input, note)| Candidate {
            note: Some(note.into()),
            ..Candidate::mutant("errata", "erratum", input, None)
        })
        .collect();
    out.push(Candidate::mutant("empty", "empty-input", "", None));
    out.extend(
        NOT_UTF8
            .iter()
            .map(|bytes| Candidate::mutant("invalid-utf8", "invalid-utf8", *bytes, None)),
    );
    out
}
