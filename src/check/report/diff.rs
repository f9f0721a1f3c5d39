//! `gan report diff OLD NEW`: what changed between two JSON reports of one implementation.
//! Each vector of either report is
//!
//! - `regressed`: in both, not failing in OLD (pass, skipped, unsupported), failing in NEW;
//! - `fixed`: in both, failing in OLD, `pass` in NEW;
//! - `changed`: in both, with another result that is neither (`fail` to `crash`, `fail` to
//!   `skipped`, `pass` to `skipped`);
//! - `added`: in NEW only; `removed`: in OLD only;
//! - or unchanged (the same result in both).
//!
//! In text (the run records side by side, each change: in full, but an added or removed
//! vector that passes in one line; then a result line), JSON Lines
//! (`conformance/schema/report-diff.schema.json`) or one HTML page.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{self, Write};

use serde_json::{json, Map, Value};

use crate::suite::Status;

use super::matrix::RUN_LINES;
use super::page::{self, escape};
use super::read::{read, ReadReport, ReadVector};
use super::Counts;

/// The rows of one kind of change an HTML page lists (the JSON Lines list them all).
pub const HTML_ROWS: usize = 500;

/// What a vector did between the two runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Change {
    /// Not failing before, failing now.
    Regressed,
    /// Failing before, passing now.
    Fixed,
    /// Another result, neither regressed nor fixed.
    Changed,
    /// In the new report only.
    Added,
    /// In the old report only.
    Removed,
}

impl Change {
    /// Every kind of change, in report order.
    pub const ALL: [Change; 5] = [
        Change::Regressed,
        Change::Fixed,
        Change::Changed,
        Change::Added,
        Change::Removed,
    ];

    /// `regressed`, `fixed`, `changed`, `added` or `removed`.
    pub fn as_str(self) -> &'static str {
        match self {
            Change::Regressed => "regressed",
            Change::Fixed => "fixed",
            Change::Changed => "changed",
            Change::Added => "added",
            Change::Removed => "removed",
        }
    }
}

/// The output of [`diff`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum DiffFormat {
    /// Text for people.
    #[default]
    Text,
    /// JSON Lines.
    Json,
    /// One self-contained HTML page.
    Html,
}

/// How many vectors changed each way, and how many did not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DiffCounts {
    /// Per [`Change`], in [`Change::ALL`] order.
    pub changes: [usize; 5],
    /// Vectors with the same result in both.
    pub unchanged: usize,
}

impl DiffCounts {
    /// How many vectors changed as `change`.
    pub fn get(&self, change: Change) -> usize {
        self.changes[change as usize]
    }
}

/// One report of the two: its name (the file) and its JSON Lines text.
#[derive(Debug, Clone, Copy)]
pub struct DiffSide<'a> {
    /// The report's name (its file), for the heading and errors.
    pub name: &'a str,
    /// The JSON Lines report.
    pub text: &'a str,
}

/// One vector that changed: its line in each report.
struct Entry<'a> {
    change: Change,
    old: Option<&'a ReadVector>,
    new: Option<&'a ReadVector>,
}

impl Entry<'_> {
    /// The line that describes the vector (NEW's, OLD's for a removed one).
    fn vector(&self) -> &ReadVector {
        self.new.or(self.old).expect("an entry has a side")
    }
}

/// Compares `old` with `new` and writes the changes in `format`. `Err` names the report and
/// line that is not a `gan check` JSON report line.
pub fn diff(
    old: DiffSide,
    new: DiffSide,
    format: DiffFormat,
    out: &mut dyn Write,
) -> io::Result<Result<DiffCounts, String>> {
    let (old_report, new_report) = match (read(old.name, old.text), read(new.name, new.text)) {
        (Ok(o), Ok(n)) => (o, n),
        (Err(message), _) | (_, Err(message)) => return Ok(Err(message)),
    };
    let (entries, counts) = compare(&old_report, &new_report);
    let sides = [(old.name, &old_report), (new.name, &new_report)];
    match format {
        DiffFormat::Text => text(&sides, &entries, &counts, out)?,
        DiffFormat::Json => json_lines(&sides, &entries, &counts, out)?,
        DiffFormat::Html => out.write_all(html(&sides, &entries, &counts).as_bytes())?,
    }
    Ok(Ok(counts))
}

fn compare<'a>(old: &'a ReadReport, new: &'a ReadReport) -> (Vec<Entry<'a>>, DiffCounts) {
    let before: HashMap<&str, &ReadVector> = old
        .vectors
        .iter()
        .rev()
        .map(|v| (v.id.as_str(), v))
        .collect();
    let after: HashMap<&str, &ReadVector> = new
        .vectors
        .iter()
        .rev()
        .map(|v| (v.id.as_str(), v))
        .collect();
    let mut entries = Vec::new();
    let mut counts = DiffCounts::default();
    let mut seen = std::collections::HashSet::new();
    for vector in &new.vectors {
        if !seen.insert(vector.id.as_str()) {
            continue;
        }
        let change = match before.get(vector.id.as_str()) {
            None => Some(Change::Added),
            Some(was) if was.status == vector.status => None,
            Some(was) if !was.status.is_failure() && vector.status.is_failure() => {
                Some(Change::Regressed)
            }
            Some(was) if was.status.is_failure() && vector.status == Status::Pass => {
                Some(Change::Fixed)
            }
            Some(_) => Some(Change::Changed),
        };
        match change {
            None => counts.unchanged += 1,
            Some(change) => {
                counts.changes[change as usize] += 1;
                entries.push(Entry {
                    change,
                    old: before.get(vector.id.as_str()).copied(),
                    new: Some(vector),
                });
            }
        }
    }
    let mut gone = std::collections::HashSet::new();
    for vector in &old.vectors {
        if !after.contains_key(vector.id.as_str()) && gone.insert(vector.id.as_str()) {
            counts.changes[Change::Removed as usize] += 1;
            entries.push(Entry {
                change: Change::Removed,
                old: Some(vector),
                new: None,
            });
        }
    }
    (entries, counts)
}

/// `FAIL (11 failing, 2964 passed, 118 skipped)` for a report's vectors.
fn verdict(report: &ReadReport) -> String {
    let mut counts = Counts::default();
    for vector in &report.vectors {
        counts.add(vector.status);
    }
    let skipped = counts.get(Status::Skipped);
    let skipped = if skipped > 0 {
        format!(", {skipped} skipped")
    } else {
        String::new()
    };
    if counts.failures() == 0 {
        format!("PASS ({} passed{skipped})", counts.get(Status::Pass))
    } else {
        format!(
            "FAIL ({} failing, {} passed{skipped})",
            counts.failures(),
            counts.get(Status::Pass)
        )
    }
}

/// The side-by-side lines: (label, old, new), a run record's multi-line values split.
fn side_by_side(sides: &[(&str, &ReadReport); 2]) -> Vec<(String, String, String)> {
    let mut lines = vec![(String::new(), sides[0].0.to_owned(), sides[1].0.to_owned())];
    for (label, of) in RUN_LINES {
        let values: Vec<Vec<String>> = sides
            .iter()
            .map(|(_, report)| {
                report
                    .run
                    .as_ref()
                    .map_or_else(|| "(no run record)".to_owned(), of)
                    .lines()
                    .map(str::to_owned)
                    .collect()
            })
            .collect();
        let height = values.iter().map(Vec::len).max().unwrap_or(0);
        for at in 0..height {
            let label = if at == 0 { label } else { "" };
            let cell = |side: usize| values[side].get(at).cloned().unwrap_or_default();
            lines.push((label.to_owned(), cell(0), cell(1)));
        }
    }
    lines.push((
        "result".to_owned(),
        verdict(sides[0].1),
        verdict(sides[1].1),
    ));
    lines
}

fn text(
    sides: &[(&str, &ReadReport); 2],
    entries: &[Entry],
    counts: &DiffCounts,
    out: &mut dyn Write,
) -> io::Result<()> {
    writeln!(out, "gan report diff: {} -> {}", sides[0].0, sides[1].0)?;
    writeln!(out)?;
    let lines = side_by_side(sides);
    let label = lines.iter().map(|l| l.0.chars().count()).max().unwrap_or(0);
    let left = lines.iter().map(|l| l.1.chars().count()).max().unwrap_or(0);
    for (name, old, new) in &lines {
        let line = format!("{name:<label$}  {old:<left$}  {new}");
        writeln!(out, "{}", line.trim_end())?;
    }
    writeln!(out)?;
    for change in Change::ALL {
        let of_kind: Vec<&Entry> = entries.iter().filter(|e| e.change == change).collect();
        if of_kind.is_empty() {
            continue;
        }
        writeln!(out, "{} ({}):", change.as_str(), of_kind.len())?;
        writeln!(out)?;
        let mut open = false;
        for entry in of_kind {
            let vector = entry.vector();
            let was = match (entry.change, entry.old) {
                (Change::Added, _) => "  (new)".to_owned(),
                (Change::Removed, _) => "  (no longer run)".to_owned(),
                (_, Some(old)) => format!("  (was {})", old.status),
                (_, None) => String::new(),
            };
            // An added or removed vector that passes takes one line.
            let short =
                vector.status == Status::Pass && matches!(change, Change::Added | Change::Removed);
            if open && !short {
                writeln!(out)?;
            }
            open = short;
            writeln!(out, "{} {}{was}", vector.status, vector.id)?;
            if short {
                continue;
            }
            writeln!(out, "  input:    {}", vector.input)?;
            writeln!(out, "  expected: {}", vector.expected)?;
            writeln!(out, "  got:      {}", vector.got)?;
            if explains(vector) {
                writeln!(out, "  why:      {}", vector.detail)?;
            }
            writeln!(out)?;
        }
        if open {
            writeln!(out)?;
        }
    }
    writeln!(out, "result: {}", result_line(counts))
}

/// Whether the detail says more than the expected and the received answer: not for a pass,
/// nor for a wrong verdict said in words (`expected invalid, got valid`).
fn explains(vector: &ReadVector) -> bool {
    !vector.detail.is_empty()
        && vector.status != Status::Pass
        && !(vector.status == Status::Fail
            && matches!(
                vector.detail.as_str(),
                "expected valid, got invalid" | "expected invalid, got valid"
            ))
}

/// `2 regressed, 11 fixed, 0 changed, 3 added, 0 removed, 120 unchanged`.
fn result_line(counts: &DiffCounts) -> String {
    let mut parts: Vec<String> = Change::ALL
        .iter()
        .map(|&change| format!("{} {}", counts.get(change), change.as_str()))
        .collect();
    parts.push(format!("{} unchanged", counts.unchanged));
    parts.join(", ")
}

fn json_lines(
    sides: &[(&str, &ReadReport); 2],
    entries: &[Entry],
    counts: &DiffCounts,
    out: &mut dyn Write,
) -> io::Result<()> {
    let side = |(name, report): &(&str, &ReadReport)| {
        let mut totals = Counts::default();
        for vector in &report.vectors {
            totals.add(vector.status);
        }
        json!({"file": name, "run": report.run, "counts": totals})
    };
    let head = json!({"reports": {"old": side(&sides[0]), "new": side(&sides[1])}});
    writeln!(out, "{head}")?;
    for entry in entries {
        let vector = entry.vector();
        let mut line = Map::new();
        line.insert("id".to_owned(), json!(vector.id));
        line.insert("change".to_owned(), json!(entry.change.as_str()));
        line.insert("section".to_owned(), json!(vector.section));
        line.insert("group".to_owned(), json!(vector.group));
        let mut members = vector.members();
        for key in ["input", "input_hex", "request", "expected"] {
            if let Some(value) = members.remove(key) {
                line.insert(key.to_owned(), value);
            }
        }
        for (name, side) in [("old", entry.old), ("new", entry.new)] {
            if let Some(side) = side {
                let mut result = Map::new();
                result.insert("result".to_owned(), json!(side.status.as_str()));
                result.insert(
                    "got".to_owned(),
                    side.members().remove("got").unwrap_or(Value::Null),
                );
                if !side.detail.is_empty() {
                    result.insert("detail".to_owned(), json!(side.detail));
                }
                line.insert(name.to_owned(), Value::Object(result));
            }
        }
        writeln!(out, "{}", Value::Object(line))?;
    }
    let mut summary = Map::new();
    for change in Change::ALL {
        summary.insert(change.as_str().to_owned(), json!(counts.get(change)));
    }
    summary.insert("unchanged".to_owned(), json!(counts.unchanged));
    writeln!(out, "{}", json!({ "summary": summary }))
}

fn html(sides: &[(&str, &ReadReport); 2], entries: &[Entry], counts: &DiffCounts) -> String {
    let mut page = String::new();
    page::head(
        &mut page,
        &format!("gan report diff: {} → {}", sides[0].0, sides[1].0),
        "table.changes td{text-align:left;white-space:normal}table.runs td{text-align:left}",
    );
    let _ = writeln!(
        page,
        "<h1>gan report diff</h1>\n<p class=\"what\">{}</p>",
        escape(&result_line(counts))
    );
    page.push_str("<table class=\"runs\"><tbody>\n");
    for (label, old, new) in side_by_side(sides) {
        let cell = if label.is_empty() && old == sides[0].0 {
            "th"
        } else {
            "td"
        };
        let _ = writeln!(
            page,
            "<tr><th>{}</th><{cell}><code>{}</code></{cell}><{cell}><code>{}</code></{cell}></tr>",
            escape(&label),
            escape(&old),
            escape(&new)
        );
    }
    page.push_str("</tbody></table>\n");
    for change in Change::ALL {
        let of_kind: Vec<&Entry> = entries.iter().filter(|e| e.change == change).collect();
        let _ = writeln!(
            page,
            "<h2 id=\"{c}\">{c} ({})</h2>",
            of_kind.len(),
            c = change.as_str()
        );
        if of_kind.is_empty() {
            continue;
        }
        page.push_str(
            "<table class=\"changes\"><thead><tr><th>vector</th><th>input</th><th>expected\
             </th><th>old</th><th>new</th></tr></thead><tbody>\n",
        );
        for entry in of_kind.iter().take(HTML_ROWS) {
            let vector = entry.vector();
            let side = |side: Option<&ReadVector>| match side {
                None => "<td class=\"absent\">—</td>".to_owned(),
                Some(v) => format!(
                    "<td><span class=\"outcome {s}\">{s}</span> <code>{}</code></td>",
                    escape(&v.got),
                    s = v.status.as_str()
                ),
            };
            let _ = writeln!(
                page,
                "<tr class=\"change\" data-change=\"{}\"><td><code>{}</code></td><td><code>{}\
                 </code></td><td><code>{}</code></td>{}{}</tr>",
                change.as_str(),
                escape(&vector.id),
                escape(&vector.input),
                escape(&vector.expected),
                side(entry.old),
                side(entry.new)
            );
        }
        page.push_str("</tbody></table>\n");
        if of_kind.len() > HTML_ROWS {
            let _ = writeln!(
                page,
                "<p class=\"note\">… and {} more (gan report diff --json lists them all).</p>",
                of_kind.len() - HTML_ROWS
            );
        }
    }
    page.push_str("</body>\n</html>\n");
    page
}
