//! Notation diffs (`gan diff --from A --to B`): how two notations judge the same inputs. The
//! inputs are the union of both notations' corpus files (A's in file order, then B's that A's
//! file lacks); each is parsed by both grammars, and it *flips* when the verdicts differ, or
//! when both accept it and a member both notations have differs. Error codes and offsets are
//! not compared: they follow from the grammar, and a flip of verdict already shows the change.

use std::collections::HashSet;
use std::fmt::Write as _;

use serde::Serialize;

use crate::dialect::Dialect;
use crate::model::ActorFields;
use crate::suite::gan::format::VectorFile;

/// How one notation judges one input.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Judgement {
    /// The verdict.
    pub valid: bool,
    /// The parts, when valid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actor: Option<ActorFields>,
    /// D12's code, when invalid (shown, not compared).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
    /// D11's offset, when invalid (shown, not compared).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
}

impl Judgement {
    fn of(notation: Dialect, input: &[u8]) -> Judgement {
        match notation.parse(input) {
            Ok(actor) => Judgement {
                valid: true,
                actor: Some(actor.fields()),
                code: None,
                offset: None,
            },
            Err(error) => Judgement {
                valid: false,
                actor: None,
                code: Some(error.code()),
                offset: Some(error.offset()),
            },
        }
    }

    /// `valid style=C type=K …` or `invalid unexpected-char at byte 3`.
    fn show(&self) -> String {
        match (&self.actor, self.code, self.offset) {
            (Some(actor), _, _) => format!("valid {actor}"),
            (None, Some(code), Some(offset)) => format!("invalid {code} at byte {offset}"),
            _ => if self.valid { "valid" } else { "invalid" }.to_owned(),
        }
    }
}

/// One input the two notations judge differently.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Flip {
    /// The input, when UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// The input in hex, when not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// How the first notation judges it.
    pub from: Judgement,
    /// How the second notation judges it.
    pub to: Judgement,
}

impl Flip {
    /// The input quoted as Rust writes a string (`"C:K^"`), or `hex …`.
    pub fn quoted_input(&self) -> String {
        match (&self.input, &self.input_hex) {
            (Some(input), _) => format!("{input:?}"),
            (None, hex) => format!("hex {}", hex.as_deref().unwrap_or_default()),
        }
    }

    /// Which way it flipped: `became valid`, `became invalid` or `other parts`.
    pub fn kind(&self) -> &'static str {
        match (self.from.valid, self.to.valid) {
            (false, true) => "became valid",
            (true, false) => "became invalid",
            _ => "other parts",
        }
    }

    /// What each notation says: `invalid … -> valid …`.
    pub fn describe(&self) -> String {
        format!("{} -> {}", self.from.show(), self.to.show())
    }
}

/// How two notations differ on the union of their corpora's inputs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NotationDiff {
    /// The first notation's name.
    pub from: String,
    /// The second notation's name.
    pub to: String,
    /// How many distinct inputs were judged.
    pub inputs: usize,
    /// The inputs judged differently, in the order they were met.
    pub flips: Vec<Flip>,
}

/// Why two notations cannot be compared: a corpus without a file for one of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NoFile(pub String);

impl std::fmt::Display for NoFile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the corpus has no file for {}", self.0)
    }
}

/// Compares `from` and `to` on the inputs of their files in `files`.
///
/// # Errors
///
/// [`NoFile`] when `files` has no file for one of the two notations.
pub fn diff(files: &[VectorFile], from: Dialect, to: Dialect) -> Result<NotationDiff, NoFile> {
    let file = |notation: Dialect| {
        files
            .iter()
            .find(|f| f.dialect == notation.as_str())
            .ok_or_else(|| NoFile(notation.as_str().to_owned()))
    };
    let (first, second) = (file(from)?, file(to)?);
    let mut seen = HashSet::new();
    let mut result = NotationDiff {
        from: from.as_str().to_owned(),
        to: to.as_str().to_owned(),
        inputs: 0,
        flips: Vec::new(),
    };
    for vector in first.vectors.iter().chain(&second.vectors) {
        let bytes = vector.bytes();
        if !seen.insert(bytes.clone()) {
            continue;
        }
        result.inputs += 1;
        let (before, after) = (Judgement::of(from, &bytes), Judgement::of(to, &bytes));
        if differ(&before, &after) {
            result.flips.push(Flip {
                input: vector.input.clone(),
                input_hex: vector.input_hex.clone(),
                from: before,
                to: after,
            });
        }
    }
    Ok(result)
}

/// A verdict that differs, or a member both actors have with another value.
fn differ(before: &Judgement, after: &Judgement) -> bool {
    match (&before.actor, &after.actor) {
        (Some(a), Some(b)) => {
            let theirs = b.pairs();
            a.pairs()
                .iter()
                .any(|(name, value)| theirs.iter().any(|(n, v)| n == name && v != value))
        }
        _ => before.valid != after.valid,
    }
}

impl NotationDiff {
    /// How many flips of each kind: (became valid, became invalid, other parts).
    pub fn counts(&self) -> (usize, usize, usize) {
        let count = |kind| self.flips.iter().filter(|f| f.kind() == kind).count();
        (
            count("became valid"),
            count("became invalid"),
            count("other parts"),
        )
    }

    /// Whether the two notations judge every input alike.
    pub fn equivalent(&self) -> bool {
        self.flips.is_empty()
    }

    /// One line per flip: `~ "C:K^": invalid unexpected-char at byte 3 -> valid …`.
    pub fn flips_text(&self) -> String {
        let mut out = String::new();
        for flip in &self.flips {
            let _ = writeln!(out, "~ {}: {}", flip.quoted_input(), flip.describe());
        }
        out
    }

    /// The totals: `qpi -> qpi-2025-12: 3150 inputs, 36 flipped (36 became valid, 0 became
    /// invalid, 0 other parts)`.
    pub fn totals_text(&self) -> String {
        let (valid, invalid, parts) = self.counts();
        format!(
            "{} -> {}: {} inputs, {} flipped ({valid} became valid, {invalid} became invalid, \
             {parts} other parts)\n",
            self.from,
            self.to,
            self.inputs,
            self.flips.len()
        )
    }

    /// The flips as JSON Lines: `{"change":"flipped","input":…,"from":…,"to":…}`.
    ///
    /// # Panics
    ///
    /// Never: a flip is strings, booleans and numbers, which always serialize.
    pub fn flips_json_lines(&self) -> String {
        #[derive(Serialize)]
        struct Line<'a> {
            change: &'static str,
            #[serde(flatten)]
            flip: &'a Flip,
        }
        let mut out = String::new();
        for flip in &self.flips {
            let line = Line {
                change: "flipped",
                flip,
            };
            out.push_str(&serde_json::to_string(&line).expect("a flip serializes"));
            out.push('\n');
        }
        out
    }

    /// The last line of `gan diff --json --from A --to B`: `{"summary":{"from":…,"to":…,
    /// "equivalent":…,"inputs":…,"flipped":…,"became_valid":…,"became_invalid":…,
    /// "other_parts":…}}`.
    ///
    /// # Panics
    ///
    /// Never: the summary is strings, booleans and numbers, which always serialize.
    pub fn summary_json_line(&self) -> String {
        #[derive(Serialize)]
        struct Summary<'a> {
            from: &'a str,
            to: &'a str,
            equivalent: bool,
            inputs: usize,
            flipped: usize,
            became_valid: usize,
            became_invalid: usize,
            other_parts: usize,
        }
        #[derive(Serialize)]
        struct Line<'a> {
            summary: Summary<'a>,
        }
        let (became_valid, became_invalid, other_parts) = self.counts();
        let line = Line {
            summary: Summary {
                from: &self.from,
                to: &self.to,
                equivalent: self.equivalent(),
                inputs: self.inputs,
                flipped: self.flips.len(),
                became_valid,
                became_invalid,
                other_parts,
            },
        };
        let mut text = serde_json::to_string(&line).expect("a summary serializes");
        text.push('\n');
        text
    }
}
