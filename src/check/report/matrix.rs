//! `gan report matrix`: several implementations' JSON reports side by side, one column each,
//! one row per vector, in the manner of the results matrix of JSON Test Suite
//! (nst/JSONTestSuite). As one HTML page, or as Markdown for a README.
//!
//! A column is named by the name given, else by its report's run record (the command), else
//! by the report's file name. Each cell holds the outcome and what came, with what was
//! expected when it differs from the row's expectation. The page draws its rows from data, a
//! page at a time ([`ROWS_PER_PAGE`]); its fragment holds the view: `#rows=differ` (rows where
//! the implementations differ), `#rows=failing`, `#section=qpi`, `#q=…`, `#page=2`.

use std::fmt::Write as _;
use std::io::{self, Write};

use serde_json::json;

use crate::suite::Status;

use super::ids::IdIndex;
use super::page::{self, escape, Strings};
use super::read::{read_as, ReadReport};
use super::run_record::RunRecord;
use super::Counts;

/// The rows of the matrix on one page.
pub const ROWS_PER_PAGE: usize = 200;

const SCRIPT: &str = include_str!("assets/matrix.js");

const STYLE: &str = "
body{max-width:none}
table.matrix{table-layout:auto;font-size:13px}
table.matrix td,table.matrix th{text-align:left;padding:.1em .4em;max-width:22em;overflow:hidden;text-overflow:ellipsis}
table.matrix td code{white-space:pre}
table.matrix td.id{max-width:none}
table.matrix td.cell{max-width:18em}
table.matrix td.input{max-width:14em}table.matrix td.expected{max-width:16em}
table.matrix th.impl{max-width:16em;overflow:hidden;text-overflow:ellipsis}
table.matrix td.absent{color:#999;text-align:center}
table.matrix tr.differ td.id{border-left:3px solid #c62828}
table.matrix .exp{color:#777}
table.summary td{font-variant-numeric:tabular-nums}
";

/// One implementation's JSON report (`gan check --format json`), for its column.
#[derive(Debug, Clone)]
pub struct MatrixColumn {
    /// The column's name; `None`: the report's command (its run record), else `file`.
    pub name: Option<String>,
    /// Where the report came from (its file name), for errors and as the last name.
    pub file: String,
    /// The JSON Lines report.
    pub report: String,
    /// Where the column's heading links: the implementation's own report.
    pub link: Option<String>,
}

/// The matrix's output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum MatrixFormat {
    /// One self-contained HTML page.
    #[default]
    Html,
    /// Markdown: the per-section summary, then the rows where the implementations differ.
    Markdown,
}

/// A column read: its name, link, run record and counts.
struct Column {
    name: String,
    link: Option<String>,
    run: Option<RunRecord>,
    total: Counts,
    sections: Vec<(String, Counts)>,
}

/// A vector of the matrix: its result in each report (`None`: not in that report).
struct Row {
    id: String,
    section: String,
    group: String,
    input: String,
    expected: String,
    cells: Vec<Option<Cell>>,
}

struct Cell {
    status: Status,
    got: String,
    expected: String,
    detail: String,
}

impl Row {
    /// Whether the implementations disagree: another outcome, or a vector some did not run.
    fn differs(&self) -> bool {
        let first = self.cells[0].as_ref().map(|c| c.status);
        self.cells
            .iter()
            .any(|cell| cell.as_ref().map(|c| c.status) != first)
    }

    fn failing(&self) -> bool {
        self.cells
            .iter()
            .flatten()
            .any(|cell| cell.status.is_failure())
    }
}

/// Writes several JSON reports side by side, a row per vector (in the order first seen), a
/// column per report. An error names the report and line that is not a `gan check` JSON
/// report line.
pub fn matrix(columns: &[MatrixColumn], out: &mut dyn Write) -> io::Result<Result<(), String>> {
    matrix_as(columns, MatrixFormat::Html, out)
}

/// [`matrix`] in `format`.
pub fn matrix_as(
    columns: &[MatrixColumn],
    format: MatrixFormat,
    out: &mut dyn Write,
) -> io::Result<Result<(), String>> {
    let mut reports = Vec::new();
    for column in columns {
        match read_as(&column.file, &column.report, false) {
            Ok(report) => reports.push(report),
            Err(message) => return Ok(Err(message)),
        }
    }
    write_matrix(columns, reports, format, out)
}

/// [`matrix_as`] taking the columns: each report's text is dropped once read, so that the
/// texts are not held while the page is built (`gan report matrix`).
pub fn matrix_owned(
    mut columns: Vec<MatrixColumn>,
    format: MatrixFormat,
    out: &mut dyn Write,
) -> io::Result<Result<(), String>> {
    let mut reports = Vec::new();
    for column in &mut columns {
        let text = std::mem::take(&mut column.report);
        match read_as(&column.file, &text, false) {
            Ok(report) => reports.push(report),
            Err(message) => return Ok(Err(message)),
        }
    }
    write_matrix(&columns, reports, format, out)
}

fn write_matrix(
    columns: &[MatrixColumn],
    reports: Vec<ReadReport>,
    format: MatrixFormat,
    out: &mut dyn Write,
) -> io::Result<Result<(), String>> {
    let (heads, rows) = lay_out(columns, reports);
    let text = match format {
        MatrixFormat::Html => html(&heads, &rows),
        MatrixFormat::Markdown => markdown(&heads, &rows),
    };
    out.write_all(text.as_bytes())?;
    Ok(Ok(()))
}

/// The columns' names and counts, and the rows.
fn lay_out(columns: &[MatrixColumn], reports: Vec<ReadReport>) -> (Vec<Column>, Vec<Row>) {
    let mut heads: Vec<Column> = Vec::new();
    let mut rows: Vec<Row> = Vec::new();
    let mut index = IdIndex::new();
    for (at, (column, report)) in columns.iter().zip(reports).enumerate() {
        let name = column
            .name
            .clone()
            .or_else(|| report.run.as_ref().map(RunRecord::command_line))
            .filter(|name| !name.is_empty())
            .unwrap_or_else(|| column.file.clone());
        let mut head = Column {
            name,
            link: column.link.clone(),
            run: report.run,
            total: Counts::default(),
            sections: Vec::new(),
        };
        for vector in report.vectors {
            head.total.add(vector.status);
            if !head.sections.iter().any(|(s, _)| *s == vector.section) {
                head.sections
                    .push((vector.section.clone(), Counts::default()));
            }
            if let Some((_, counts)) = head.sections.iter_mut().find(|(s, _)| *s == vector.section)
            {
                counts.add(vector.status);
            }
            let row = if let Some(row) = index.get(&vector.id, |at| rows[at].id.as_str()) {
                row
            } else {
                index.insert(&vector.id, rows.len());
                rows.push(Row {
                    id: vector.id,
                    section: vector.section,
                    group: vector.group,
                    input: vector.input,
                    expected: vector.expected.clone(),
                    cells: Vec::new(),
                });
                rows.len() - 1
            };
            let row = &mut rows[row];
            row.cells.resize_with(columns.len(), || None);
            if row.cells[at].is_none() {
                row.cells[at] = Some(Cell {
                    status: vector.status,
                    got: vector.got,
                    expected: if vector.expected == row.expected {
                        String::new()
                    } else {
                        vector.expected
                    },
                    detail: vector.detail,
                });
            }
        }
        heads.push(head);
    }
    for row in &mut rows {
        row.cells.resize_with(columns.len(), || None);
    }
    // Two columns of one name: each says its file too.
    let names: Vec<String> = heads.iter().map(|h| h.name.clone()).collect();
    for (head, column) in heads.iter_mut().zip(columns) {
        if names.iter().filter(|n| **n == head.name).count() > 1 && head.name != column.file {
            head.name = format!("{} ({})", head.name, column.file);
        }
    }
    (heads, rows)
}

/// Every section of any column, in the order first seen.
fn sections(heads: &[Column]) -> Vec<String> {
    let mut sections: Vec<String> = Vec::new();
    for head in heads {
        for (section, _) in &head.sections {
            if !sections.contains(section) {
                sections.push(section.clone());
            }
        }
    }
    sections
}

/// `passed/ran` (skipped vectors apart), or `—` when the column has no vector there.
fn rate(counts: Option<&Counts>) -> (String, Option<(usize, usize)>) {
    match counts {
        None => ("—".to_owned(), None),
        Some(counts) => {
            let passed = counts.get(Status::Pass);
            let ran = counts.total() - counts.get(Status::Skipped);
            (format!("{passed}/{ran}"), Some((passed, ran)))
        }
    }
}

fn html(heads: &[Column], rows: &[Row]) -> String {
    // The data first, so that the page is sized once: most of it is the data.
    let data = data(heads, rows);
    let mut page = String::with_capacity(data.len().saturating_add(64 << 10));
    page::head(&mut page, "gan report matrix", STYLE);
    let differ = rows.iter().filter(|row| row.differs()).count();
    let failing = rows.iter().filter(|row| row.failing()).count();
    let _ = writeln!(
        page,
        "<h1>gan report matrix</h1>\n<p class=\"what\">{} vectors, {} implementations; {differ} \
         where they differ. Hover a cell for what was expected, what came and why.</p>",
        rows.len(),
        heads.len()
    );
    let _ = writeln!(
        page,
        "<div class=\"controls\"><input type=\"search\" id=\"q\" placeholder=\"Search ids, \
         inputs, answers\" aria-label=\"Search the rows\">\n<nav class=\"filters\">Show: \
         <a href=\"#rows=all\">all ({})</a> <a href=\"#rows=differ\">where they differ \
         ({differ})</a> <a href=\"#rows=failing\">some failing ({failing})</a></nav> \
         <span id=\"shown\"></span></div>",
        rows.len()
    );
    page.push_str("<div class=\"scroll\"><table class=\"matrix\"><thead><tr><th>vector</th><th>input</th><th>expected</th>");
    for head in heads {
        match &head.link {
            Some(link) => {
                let _ = write!(
                    page,
                    "<th class=\"impl\" title=\"{name}\"><a href=\"{}\">{name}</a></th>",
                    escape(link),
                    name = escape(&head.name)
                );
            }
            None => {
                let _ = write!(
                    page,
                    "<th class=\"impl\" title=\"{name}\">{name}</th>",
                    name = escape(&head.name)
                );
            }
        }
    }
    page.push_str(
        "</tr></thead>\n<tbody id=\"rows\"></tbody></table></div>\n<nav class=\"pager\" \
         id=\"pager\"></nav>\n<noscript><p class=\"note\">The rows are drawn by the page's \
         script: turn JavaScript on to see them, or use gan report matrix --format \
         markdown.</p></noscript>\n",
    );
    summary_table(&mut page, heads);
    run_records(&mut page, heads);
    page::tail(&mut page, "data", &data, SCRIPT);
    page
}

/// Per section, each implementation's passed/ran, coloured like the report's grid.
fn summary_table(page: &mut String, heads: &[Column]) {
    page.push_str("<h2>Per notation</h2>\n<table class=\"summary\"><thead><tr><th></th>");
    for head in heads {
        let _ = write!(page, "<th>{}</th>", escape(&head.name));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    let mut lines: Vec<(String, Vec<Option<Counts>>)> = sections(heads)
        .into_iter()
        .map(|section| {
            let counts = heads
                .iter()
                .map(|head| {
                    head.sections
                        .iter()
                        .find(|(s, _)| *s == section)
                        .map(|(_, c)| *c)
                })
                .collect();
            (section, counts)
        })
        .collect();
    lines.push((
        "all".to_owned(),
        heads.iter().map(|head| Some(head.total)).collect(),
    ));
    for (section, counts) in &lines {
        let class = if section == "all" {
            " class=\"all\""
        } else {
            ""
        };
        let _ = write!(page, "<tr{class}><th>{}</th>", escape(section));
        for counts in counts {
            let (text, numbers) = rate(counts.as_ref());
            let colour = match numbers {
                None | Some((_, 0)) => "hsl(0, 0%, 85%)".to_owned(),
                Some((passed, ran)) if passed == ran => "hsl(120, 65%, 78%)".to_owned(),
                Some((passed, ran)) => format!("hsl({}, 65%, 78%)", passed * 90 / ran),
            };
            let _ = write!(
                page,
                "<td class=\"rate\" style=\"background:{colour}\">{}</td>",
                escape(&text)
            );
        }
        page.push_str("</tr>\n");
    }
    page.push_str(
        "</tbody></table>\n<p class=\"legend\">passed / ran (skipped vectors apart).</p>\n",
    );
}

/// Each implementation's run record, side by side.
fn run_records(page: &mut String, heads: &[Column]) {
    page.push_str("<h2>Runs</h2>\n<table class=\"runs\"><thead><tr><th></th>");
    for head in heads {
        let _ = write!(page, "<th>{}</th>", escape(&head.name));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for (label, of) in RUN_LINES {
        let _ = write!(page, "<tr><th>{label}</th>");
        for head in heads {
            let text = head.run.as_ref().map_or_else(|| "—".to_owned(), of);
            let _ = write!(
                page,
                "<td style=\"text-align:left\"><code>{}</code></td>",
                escape(&text).replace('\n', "<br>")
            );
        }
        page.push_str("</tr>\n");
    }
    page.push_str("</tbody></table>\n");
}

/// A line of a run record in words.
pub(super) type RunLine = fn(&RunRecord) -> String;

/// The lines of a run record shown side by side (matrix, diff).
pub(super) const RUN_LINES: [(&str, RunLine); 4] = [
    ("command", RunRecord::command_line),
    ("gan", |run| run.gan.clone()),
    ("when", RunRecord::when),
    ("corpus", |run| {
        std::iter::once(run.corpus.source.clone())
            .chain(run.corpus.files.iter().map(super::CorpusFile::describe))
            .collect::<Vec<_>>()
            .join("\n")
    }),
];

/// The script's data: strings, the columns' names and a row per vector, written as text row
/// by row (a row as JSON values would cost a tree per row).
fn data(heads: &[Column], rows: &[Row]) -> String {
    let mut strings = Strings::default();
    strings.get("");
    let outcomes: Vec<&str> = Status::ALL.iter().map(|s| s.as_str()).collect();
    let mut lines = String::with_capacity(rows.len().saturating_mul(64));
    let mut cells = String::new();
    lines.push('[');
    for (at, row) in rows.iter().enumerate() {
        if at > 0 {
            lines.push(',');
        }
        // The cells' strings are numbered before the row's, as they always were.
        cells.clear();
        for (at, cell) in row.cells.iter().enumerate() {
            if at > 0 {
                cells.push(',');
            }
            match cell {
                None => cells.push('0'),
                Some(cell) => {
                    let _ = write!(
                        cells,
                        "[{},{},{},{}]",
                        status_number(cell.status),
                        strings.get(&cell.got),
                        strings.get(&cell.expected),
                        strings.get(&cell.detail)
                    );
                }
            }
        }
        let _ = write!(
            lines,
            "[{},{},{},{},{},{},{},[{cells}]]",
            json!(row.id),
            strings.get(&row.section),
            strings.get(&row.group),
            strings.get(&row.input),
            strings.get(&row.expected),
            u8::from(row.differs()),
            u8::from(row.failing()),
        );
    }
    lines.push(']');
    let names: Vec<&str> = heads.iter().map(|h| h.name.as_str()).collect();
    format!(
        "{{\"s\":{},\"o\":{},\"names\":{},\"perPage\":{ROWS_PER_PAGE},\"r\":{lines}}}",
        strings.json(),
        json!(outcomes),
        json!(names),
    )
}

fn status_number(status: Status) -> usize {
    Status::ALL
        .iter()
        .position(|&s| s == status)
        .unwrap_or_default()
}

/// The Markdown matrix: the run of each implementation, the per-section summary, then each
/// row where the implementations differ.
fn markdown(heads: &[Column], rows: &[Row]) -> String {
    let mut text = String::from("# gan report matrix\n\n");
    let names: Vec<String> = heads.iter().map(|h| cell_text(&h.name)).collect();
    let _ = writeln!(
        text,
        "{} vectors, {} implementations.\n",
        rows.len(),
        heads.len()
    );
    let _ = writeln!(text, "| | {} |", names.join(" | "));
    let _ = writeln!(text, "|---|{}", "---|".repeat(heads.len()));
    for (label, of) in RUN_LINES {
        let cells: Vec<String> = heads
            .iter()
            .map(|head| {
                head.run
                    .as_ref()
                    .map_or_else(|| "—".to_owned(), |run| code(&of(run).replace('\n', "; ")))
            })
            .collect();
        let _ = writeln!(text, "| {label} | {} |", cells.join(" | "));
    }
    text.push_str("\n## Per notation\n\npassed / ran (skipped vectors apart).\n\n");
    let _ = writeln!(text, "| | {} |", names.join(" | "));
    let _ = writeln!(text, "|---|{}", "---:|".repeat(heads.len()));
    let mut all = sections(heads);
    all.push(String::new());
    for section in all {
        let cells: Vec<String> = heads
            .iter()
            .map(|head| {
                let counts = if section.is_empty() {
                    Some(&head.total)
                } else {
                    head.sections
                        .iter()
                        .find(|(s, _)| *s == section)
                        .map(|(_, c)| c)
                };
                rate(counts).0
            })
            .collect();
        let label = if section.is_empty() {
            "**all**".to_owned()
        } else {
            cell_text(&section)
        };
        let _ = writeln!(text, "| {label} | {} |", cells.join(" | "));
    }
    let differ: Vec<&Row> = rows.iter().filter(|row| row.differs()).collect();
    let _ = writeln!(
        text,
        "\n## Where the implementations differ ({})\n",
        differ.len()
    );
    if differ.is_empty() {
        text.push_str("Nowhere: every vector has the same outcome in every report.\n");
        return text;
    }
    let _ = writeln!(
        text,
        "| vector | input | expected | {} |",
        names.join(" | ")
    );
    let _ = writeln!(text, "|---|---|---|{}", "---|".repeat(heads.len()));
    for row in differ {
        let cells: Vec<String> = row
            .cells
            .iter()
            .map(|cell| match cell {
                None => "—".to_owned(),
                Some(cell) if cell.status == Status::Pass => "pass".to_owned(),
                Some(cell) => cell_text(&format!("{}: {}", cell.status, cell.got)),
            })
            .collect();
        let _ = writeln!(
            text,
            "| {} | {} | {} | {} |",
            code(&row.id),
            code(&row.input),
            cell_text(&row.expected),
            cells.join(" | ")
        );
    }
    text
}

/// Text for a Markdown table cell: `|` and `\` escaped, line breaks as spaces, the characters
/// of markup escaped (`_` only where it could start or end emphasis).
fn cell_text(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (at, &c) in chars.iter().enumerate() {
        let inside_word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric());
        match c {
            '\n' | '\r' => out.push(' '),
            '_' if inside_word(at.checked_sub(1).and_then(|a| chars.get(a)))
                && inside_word(chars.get(at + 1)) =>
            {
                out.push(c);
            }
            '|' | '\\' | '*' | '_' | '`' | '<' | '>' | '[' | ']' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// `text` as a code span in a table cell (backticks, pipes and line breaks made harmless).
fn code(text: &str) -> String {
    if text.is_empty() {
        return String::new();
    }
    if text.contains('`') {
        return cell_text(text);
    }
    format!("`{}`", text.replace('|', "\\|").replace(['\n', '\r'], " "))
}
