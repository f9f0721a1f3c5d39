//! Corpus diffs (`gan diff OLD NEW`): vectors matched by (dialect, input), not by id, and
//! reported as added, removed or flipped (valid ↔ invalid, another actor, error code or
//! offset). Groups, ids, operators and notes are bookkeeping and do not count.

use std::collections::HashMap;
use std::fmt::Write as _;

use serde::Serialize;

use crate::dialect::Dialect;

use crate::suite::gan::format::{Vector, VectorFile};
use crate::suite::gan::Expected;

/// One difference.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// The dialect.
    pub dialect: String,
    /// The vector's group (in the new corpus, or in the old one for a removed vector).
    pub group: String,
    /// The input, when UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<String>,
    /// The input in hex, when not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input_hex: Option<String>,
    /// What the old corpus expects (absent for an added vector).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<Expected>,
    /// What the new corpus expects (absent for a removed vector).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<Expected>,
}

/// The differences between two corpora.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CorpusDiff {
    /// Whether the corpora expect the same of the same inputs.
    pub equivalent: bool,
    /// In the new corpus only.
    pub added: Vec<Change>,
    /// In the old corpus only.
    pub removed: Vec<Change>,
    /// In both, expecting something else.
    pub flipped: Vec<Change>,
}

/// Compares two corpora, dialect by dialect (in the order of [`Dialect::ALL`]).
pub fn diff(old: &[VectorFile], new: &[VectorFile]) -> CorpusDiff {
    let mut result = CorpusDiff::default();
    let mut dialects: Vec<&str> = old.iter().chain(new).map(|f| f.dialect.as_str()).collect();
    dialects.sort_by_key(|d| (d.parse::<Dialect>().ok(), String::from(*d)));
    dialects.dedup();
    for dialect in dialects {
        let vectors = |files: &'_ [VectorFile]| -> Vec<Vector> {
            files
                .iter()
                .filter(|f| f.dialect == dialect)
                .flat_map(|f| f.vectors.clone())
                .collect()
        };
        let (before, after) = (vectors(old), vectors(new));
        let index: HashMap<Vec<u8>, &Vector> = before.iter().map(|v| (v.bytes(), v)).collect();
        let later: HashMap<Vec<u8>, &Vector> = after.iter().map(|v| (v.bytes(), v)).collect();
        for vector in &after {
            match index.get(&vector.bytes()) {
                None => result
                    .added
                    .push(change(dialect, vector, None, Some(vector))),
                Some(previous) if !same(&Expected::of(previous), &Expected::of(vector)) => {
                    result
                        .flipped
                        .push(change(dialect, vector, Some(previous), Some(vector)));
                }
                Some(_) => {}
            }
        }
        for vector in before.iter().filter(|v| !later.contains_key(&v.bytes())) {
            result
                .removed
                .push(change(dialect, vector, Some(vector), None));
        }
    }
    result.equivalent =
        result.added.is_empty() && result.removed.is_empty() && result.flipped.is_empty();
    result
}

/// Whether two expectations agree; a hint counts only when both files know it (format 2).
fn same(old: &Expected, new: &Expected) -> bool {
    let known = |e: &Expected| e.error.as_ref().is_none_or(|error| error.hint.is_some());
    if known(old) && known(new) {
        return old == new;
    }
    let forget = |e: &Expected| {
        let mut e = e.clone();
        if let Some(error) = &mut e.error {
            error.hint = None;
        }
        e
    };
    forget(old) == forget(new)
}

fn change(dialect: &str, vector: &Vector, old: Option<&Vector>, new: Option<&Vector>) -> Change {
    Change {
        dialect: dialect.to_owned(),
        group: vector.group.clone(),
        input: vector.input.clone(),
        input_hex: vector.input_hex.clone(),
        old: old.map(Expected::of),
        new: new.map(Expected::of),
    }
}

impl CorpusDiff {
    /// The diff as pretty JSON (final newline): one document with `equivalent`, `added`,
    /// `removed` and `flipped`.
    pub fn to_json(&self) -> String {
        crate::suite::gan::format::to_json(self)
    }

    /// The changes as JSON Lines, `gan diff --json`: one object per change, its kind first
    /// (`{"change":"added","dialect":…,"group":…,"input":…,"new":…}`), added, then removed,
    /// then flipped.
    ///
    /// # Panics
    ///
    /// Never: a change is strings, booleans and numbers, which always serialize.
    pub fn changes_json_lines(&self) -> String {
        #[derive(Serialize)]
        struct Line<'a> {
            change: &'static str,
            #[serde(flatten)]
            inner: &'a Change,
        }
        let mut out = String::new();
        for (kind, change) in self.kinds() {
            let line = Line {
                change: kind,
                inner: change,
            };
            out.push_str(&serde_json::to_string(&line).expect("a change serializes"));
            out.push('\n');
        }
        out
    }

    /// The last line of `gan diff --json`: `{"summary":{"equivalent":…,"dialects":[{"dialect":
    /// …,"added":…,"removed":…,"flipped":…}]}}`, the dialects with changes in the order of
    /// [`Dialect::ALL`].
    ///
    /// # Panics
    ///
    /// Never: the summary is strings, booleans and numbers, which always serialize.
    pub fn summary_json_line(&self) -> String {
        // Structs rather than `json!`, whose objects sort their keys.
        #[derive(Serialize)]
        struct Totals {
            dialect: String,
            added: usize,
            removed: usize,
            flipped: usize,
        }
        #[derive(Serialize)]
        struct Summary {
            equivalent: bool,
            dialects: Vec<Totals>,
        }
        #[derive(Serialize)]
        struct Line {
            summary: Summary,
        }
        let dialects = self
            .totals()
            .into_iter()
            .map(|(dialect, [added, removed, flipped])| Totals {
                dialect,
                added,
                removed,
                flipped,
            })
            .collect();
        let line = Line {
            summary: Summary {
                equivalent: self.equivalent,
                dialects,
            },
        };
        let mut text = serde_json::to_string(&line).expect("a summary serializes");
        text.push('\n');
        text
    }

    /// Every change with its kind (`added`, `removed`, `flipped`), in that order.
    fn kinds(&self) -> impl Iterator<Item = (&'static str, &Change)> {
        self.added
            .iter()
            .map(|change| ("added", change))
            .chain(self.removed.iter().map(|change| ("removed", change)))
            .chain(self.flipped.iter().map(|change| ("flipped", change)))
    }

    /// The diff as text: one line per change (`+` added, `-` removed, `~` flipped), then the
    /// totals per dialect.
    pub fn to_text(&self) -> String {
        let mut out = self.changes_text();
        out.push_str(&self.totals_text());
        out
    }

    /// The changes as text, one line each: `+` added, `-` removed, `~` flipped.
    pub fn changes_text(&self) -> String {
        let mut out = String::new();
        for (kind, change) in self.kinds() {
            let mark = match kind {
                "added" => "+",
                "removed" => "-",
                _ => "~",
            };
            let input = match (&change.input, &change.input_hex) {
                (Some(input), _) => format!("{input:?}"),
                (None, hex) => format!("hex {}", hex.as_deref().unwrap_or_default()),
            };
            let describe = |e: &Option<Expected>| e.as_ref().map(show).unwrap_or_default();
            let what = match (&change.old, &change.new) {
                (Some(_), Some(_)) => {
                    format!("{} -> {}", describe(&change.old), describe(&change.new))
                }
                (None, _) => describe(&change.new),
                (_, None) => describe(&change.old),
            };
            let _ = writeln!(
                out,
                "{mark} {} {} {input}: {what}",
                change.dialect, change.group
            );
        }
        out
    }

    /// The totals as text: `qpi: 3 added, 0 removed, 1 flipped` per dialect with changes,
    /// or `the corpora are equivalent`.
    pub fn totals_text(&self) -> String {
        let mut out = String::new();
        for (dialect, [added, removed, flipped]) in self.totals() {
            let _ = writeln!(
                out,
                "{dialect}: {added} added, {removed} removed, {flipped} flipped"
            );
        }
        if self.equivalent {
            out.push_str("the corpora are equivalent\n");
        }
        out
    }

    /// Added, removed and flipped per dialect with changes, in the order of [`Dialect::ALL`].
    fn totals(&self) -> Vec<(String, [usize; 3])> {
        let mut totals: Vec<(String, [usize; 3])> = Vec::new();
        for (slot, changes) in [&self.added, &self.removed, &self.flipped]
            .into_iter()
            .enumerate()
        {
            for change in changes {
                if let Some((_, counts)) = totals.iter_mut().find(|(d, _)| *d == change.dialect) {
                    counts[slot] += 1;
                } else {
                    let mut counts = [0; 3];
                    counts[slot] = 1;
                    totals.push((change.dialect.clone(), counts));
                }
            }
        }
        totals.sort_by_key(|(d, _)| d.parse::<Dialect>().ok());
        totals
    }
}

/// `valid style=C type=K side=first` or `invalid case-mismatch at byte 6`.
fn show(expected: &Expected) -> String {
    match (&expected.actor, &expected.error) {
        (Some(actor), _) => format!("valid {actor}"),
        (None, Some(error)) => match &error.hint {
            Some(Some(hint)) => format!(
                "invalid {} at byte {}, hint {hint:?}",
                error.code, error.offset
            ),
            _ => format!("invalid {} at byte {}", error.code, error.offset),
        },
        (None, None) => if expected.valid { "valid" } else { "invalid" }.to_owned(),
    }
}
