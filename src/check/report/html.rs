//! The HTML report: one self-contained page (no external assets) for people after a run.
//!
//! - [`html`]: a section × group grid coloured by pass rate, then every result that is not a
//!   pass (failures and skipped vectors) with its input, what was expected and what came.
//! - [`matrix`]: several implementations' JSON reports side by side, one column each, one row
//!   per vector, in the manner of the results matrix of JSON Test Suite (nst/JSONTestSuite).
//!
//! Both pages filter by the address's fragment: `#outcome=fail` shows only the results (or
//! the rows) with that outcome, `#section=qpi&group=case` one cell of the grid. The filter
//! runs in a few lines of inline JavaScript; without it, everything is shown.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::suite::Status;

use super::{describe_answer, describe_expected, input_lines, Counts, Report};

/// Writes the check report as one HTML page.
pub fn html(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    let summary = report.summary();
    let (suite, what) = report.heading();
    let total = summary.total;
    let verdict = if total.failures() == 0 {
        "PASS"
    } else {
        "FAIL"
    };
    let mut page = String::new();
    head(&mut page, &format!("gan check: {verdict}"));
    let _ = write!(
        page,
        "<h1>gan check: <span class=\"verdict {}\">{verdict}</span></h1>\n\
         <p class=\"what\">{}{} vectors selected, {} run, {} mode, {}</p>\n",
        verdict.to_ascii_lowercase(),
        escape(suite),
        report.selected,
        report.results.len(),
        report.mode,
        escape(&what),
    );
    counts_line(&mut page, &total);
    if report.stopped_early {
        let _ = writeln!(
            page,
            "<p class=\"note\">Stopped at the failure limit (--max-failures): {} of {} vectors \
             not run.</p>",
            report.selected - report.results.len(),
            report.selected
        );
    }

    grid(&mut page, report, &summary);
    results(&mut page, report);
    if !report.notes.is_empty() {
        page.push_str("<h2>Notes</h2>\n<ul>\n");
        for note in &report.notes {
            let _ = writeln!(page, "<li>{}</li>", escape(note));
        }
        page.push_str("</ul>\n");
    }
    tail(&mut page, "li.result");
    out.write_all(page.as_bytes())
}

/// The grid: groups down (every group of any section, in corpus order), sections across.
fn grid(page: &mut String, report: &Report, summary: &super::Summary) {
    let mut groups: Vec<&str> = Vec::new();
    for section in &summary.sections {
        for (group, _) in &section.groups {
            if !groups.contains(&group.as_str()) {
                groups.push(group);
            }
        }
    }
    let _ = write!(
        page,
        "<h2>Pass rate by group and {}</h2>\n<div class=\"scroll\"><table class=\"grid\">\n\
         <thead><tr><th>group</th>",
        report.suite.descriptor().section.0,
    );
    for section in &summary.sections {
        let _ = write!(page, "<th>{}</th>", escape(&section.section));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for group in &groups {
        let _ = write!(page, "<tr><th>{}</th>", escape(group));
        for section in &summary.sections {
            match section.groups.iter().find(|(name, _)| name == group) {
                Some((_, counts)) => cell(page, &section.section, group, counts),
                None => page.push_str("<td class=\"empty\"></td>"),
            }
        }
        page.push_str("</tr>\n");
    }
    page.push_str("<tr class=\"all\"><th>all</th>");
    for section in &summary.sections {
        cell(page, &section.section, "", &section.counts);
    }
    page.push_str("</tr>\n");
    page.push_str("</tbody></table></div>\n");
    page.push_str(
        "<p class=\"legend\">Each cell: passed / total (skipped vectors apart), coloured green \
         when all passed, otherwise from red (none) to yellow-green (nearly all); grey when \
         nothing ran. A cell links to its \
         results.</p>\n",
    );
}

/// Every result that is not a pass, with its outcome filters.
fn results(page: &mut String, report: &Report) {
    let shown: Vec<_> = report
        .results
        .iter()
        .filter(|result| result.status != Status::Pass)
        .collect();
    let _ = writeln!(page, "<h2>Results other than pass ({})</h2>", shown.len());
    filters(page, shown.iter().map(|result| result.status.as_str()));
    page.push_str("<ol class=\"results\">\n");
    for result in shown {
        let case = &result.case;
        let _ = write!(
            page,
            "<li class=\"result\" data-outcome=\"{status}\" data-section=\"{section}\" \
             data-group=\"{group}\"><p><span class=\"outcome {status}\">{status}</span> \
             <code class=\"id\">{id}</code></p><dl>",
            status = result.status.as_str(),
            section = escape(&case.section),
            group = escape(&case.group),
            id = escape(&case.id),
        );
        for (label, text) in input_lines(case) {
            definition(page, label, &text);
        }
        definition(page, "expected", &describe_expected(result));
        definition(page, "got", &describe_answer(result));
        if let (true, Some(detail)) = (super::text::explains(result), &result.detail) {
            definition(page, "why", detail);
        }
        page.push_str("</dl></li>\n");
    }
    page.push_str("</ol>\n");
}

/// One implementation's JSON report (`gan check --format json`), named for its column.
#[derive(Debug, Clone)]
pub struct MatrixColumn {
    /// The column's heading (e.g. the report's file name).
    pub name: String,
    /// The JSON Lines report.
    pub report: String,
}

/// Writes several JSON reports side by side as one HTML page: a row per vector (in the order
/// first seen), a column per report. An error names the report and line that is not a
/// `gan check` JSON report line.
pub fn matrix(columns: &[MatrixColumn], out: &mut dyn Write) -> io::Result<Result<(), String>> {
    let (rows, totals) = match matrix_rows(columns) {
        Ok(read) => read,
        Err(message) => return Ok(Err(message)),
    };
    let page = matrix_page(columns, &rows, &totals);
    out.write_all(page.as_bytes())?;
    Ok(Ok(()))
}

/// A vector of the matrix: its outcome in each report (`None`: not in that report).
struct Row {
    id: String,
    section: String,
    group: String,
    input: String,
    outcomes: Vec<Option<String>>,
}

/// The members of a report line the matrix reads; the others (`got` may nest as deep as a
/// reply did) are skipped without being built.
#[derive(serde::Deserialize)]
struct MatrixLine {
    id: Option<String>,
    result: Option<String>,
    summary: Option<serde::de::IgnoredAny>,
    dialect: Option<Text>,
    set: Option<Text>,
    conversion: Option<Text>,
    group: Option<Text>,
    input: Option<Text>,
    input_hex: Option<Text>,
}

/// A member read if it is a string; any other value is skipped without being built.
struct Text(Option<String>);

impl<'de> serde::Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Text, D::Error> {
        use serde::de::{IgnoredAny, MapAccess, SeqAccess, Visitor};
        struct Only;
        impl<'de> Visitor<'de> for Only {
            type Value = Text;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_str<E>(self, text: &str) -> Result<Text, E> {
                Ok(Text(Some(text.to_owned())))
            }
            fn visit_string<E>(self, text: String) -> Result<Text, E> {
                Ok(Text(Some(text)))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Text, E> {
                Ok(Text(None))
            }
            fn visit_i64<E>(self, _: i64) -> Result<Text, E> {
                Ok(Text(None))
            }
            fn visit_u64<E>(self, _: u64) -> Result<Text, E> {
                Ok(Text(None))
            }
            fn visit_f64<E>(self, _: f64) -> Result<Text, E> {
                Ok(Text(None))
            }
            fn visit_unit<E>(self) -> Result<Text, E> {
                Ok(Text(None))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Text, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Text(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Text, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Text(None))
            }
        }
        deserializer.deserialize_any(Only)
    }
}

/// The rows, in the order first seen, and each report's counts. A report that gives an id
/// twice is refused: it is not one run's.
fn matrix_rows(columns: &[MatrixColumn]) -> Result<(Vec<Row>, Vec<Counts>), String> {
    let mut rows: Vec<Row> = Vec::new();
    let mut index = std::collections::HashMap::new();
    let mut totals = vec![Counts::default(); columns.len()];
    for (column, source) in columns.iter().enumerate() {
        // The line of each id in this report.
        let mut seen = std::collections::HashMap::new();
        for (number, line) in source.report.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let place = format!("{}: line {}", source.name, number + 1);
            let value: MatrixLine = match serde_json::from_str(line) {
                Ok(value) => value,
                Err(error) => return Err(format!("{place}: not JSON: {error}")),
            };
            if value.summary.is_some() {
                continue;
            }
            let (Some(id), Some(outcome)) = (value.id, value.result) else {
                return Err(format!(
                    "{place}: not a line of a `gan check --format json` report (no id or result)"
                ));
            };
            let Some(status) = Status::ALL.into_iter().find(|s| s.as_str() == outcome) else {
                return Err(format!("{place}: unknown result {outcome:?}"));
            };
            if let Some(first) = seen.insert(id.clone(), number + 1) {
                return Err(format!(
                    "{place}: {id} is given twice (first on line {first}): a report holds one \
                     run's results"
                ));
            }
            totals[column].add(status);
            let at = *index.entry(id.clone()).or_insert_with(|| {
                let text = |member: &Option<Text>| {
                    member
                        .as_ref()
                        .and_then(|text| text.0.clone())
                        .unwrap_or_default()
                };
                let section = [&value.dialect, &value.set, &value.conversion]
                    .into_iter()
                    .map(text)
                    .find(|s| !s.is_empty())
                    .unwrap_or_default();
                let input = match &value.input {
                    Some(Text(Some(input))) => format!("{input:?}"),
                    _ => value
                        .input_hex
                        .as_ref()
                        .and_then(|hex| hex.0.as_deref())
                        .map(|hex| format!("hex {hex}"))
                        .unwrap_or_default(),
                };
                rows.push(Row {
                    id,
                    section,
                    group: text(&value.group),
                    input,
                    outcomes: vec![None; columns.len()],
                });
                rows.len() - 1
            });
            rows[at].outcomes[column] = Some(outcome);
        }
    }
    Ok((rows, totals))
}

fn matrix_page(columns: &[MatrixColumn], rows: &[Row], totals: &[Counts]) -> String {
    let mut page = String::new();
    head(&mut page, "gan report matrix");
    let _ = writeln!(
        page,
        "<h1>gan report matrix</h1>\n<p class=\"what\">{} vectors, {} implementations</p>",
        rows.len(),
        columns.len()
    );
    page.push_str("<table class=\"grid\"><thead><tr><th>report</th><th>passed</th><th>failing</th><th>skipped</th><th>run</th></tr></thead><tbody>\n");
    for (source, counts) in columns.iter().zip(totals) {
        let _ = writeln!(
            page,
            "<tr><th>{}</th><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&source.name),
            counts.get(Status::Pass),
            counts.failures(),
            counts.get(Status::Skipped),
            counts.total()
        );
    }
    page.push_str("</tbody></table>\n");
    // Counted per row: a row counts once for each outcome some report gave it.
    let per_row: Vec<Vec<&str>> = rows
        .iter()
        .map(|row| {
            let mut outcomes: Vec<&str> =
                row.outcomes.iter().flatten().map(String::as_str).collect();
            outcomes.sort_unstable();
            outcomes.dedup();
            outcomes
        })
        .collect();
    filters(&mut page, per_row.iter().flatten().copied());
    page.push_str(
        "<div class=\"scroll\"><table class=\"matrix\"><thead><tr><th>vector</th><th>input</th>",
    );
    for source in columns {
        let _ = write!(page, "<th class=\"impl\">{}</th>", escape(&source.name));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for (row, outcomes) in rows.iter().zip(&per_row) {
        let _ = write!(
            page,
            "<tr class=\"row\" data-outcome=\"{}\" data-section=\"{}\" data-group=\"{}\">\
             <td><code>{}</code></td><td><code>{}</code></td>",
            outcomes.join(" "),
            escape(&row.section),
            escape(&row.group),
            escape(&row.id),
            escape(&row.input)
        );
        for outcome in &row.outcomes {
            match outcome {
                Some(outcome) => {
                    let _ = write!(
                        page,
                        "<td class=\"outcome {o}\" title=\"{o}\">{o}</td>",
                        o = escape(outcome)
                    );
                }
                None => page.push_str("<td class=\"outcome absent\" title=\"not run\">—</td>"),
            }
        }
        page.push_str("</tr>\n");
    }
    page.push_str("</tbody></table></div>\n");
    tail(&mut page, "tr.row");
    page
}

/// `<td>` of the grid: passed / total of the vectors that ran (skipped apart), coloured.
fn cell(page: &mut String, section: &str, group: &str, counts: &Counts) {
    let passed = counts.get(Status::Pass);
    let skipped = counts.get(Status::Skipped);
    let ran = counts.total() - skipped;
    let colour = if ran == 0 {
        "hsl(0, 0%, 80%)".to_owned()
    } else {
        // Green (120°) when everything passed; otherwise from red (0°) to yellow-green
        // (90°) by the pass rate, so that a single failure shows.
        let hue = if passed == ran {
            120
        } else {
            passed * 90 / ran
        };
        format!("hsl({hue}, 65%, 78%)")
    };
    let target = if group.is_empty() {
        format!("#section={}", escape(section))
    } else {
        format!("#section={}&amp;group={}", escape(section), escape(group))
    };
    let skipped = if skipped > 0 {
        format!(" <small>+{skipped} skipped</small>")
    } else {
        String::new()
    };
    let _ = write!(
        page,
        "<td class=\"cell\" data-section=\"{}\" data-group=\"{}\" data-passed=\"{passed}\" \
         data-ran=\"{ran}\" data-failing=\"{}\" style=\"background:{colour}\">\
         <a href=\"{target}\">{passed}/{ran}</a>{skipped}</td>",
        escape(section),
        escape(group),
        counts.failures()
    );
}

/// `passed, failing, skipped` as a line of counts.
fn counts_line(page: &mut String, total: &Counts) {
    let _ = write!(page, "<p class=\"counts\">");
    for status in Status::ALL {
        let count = total.get(status);
        if count > 0 {
            let _ = write!(
                page,
                "<span class=\"outcome {s}\">{s}</span> {count} ",
                s = status.as_str()
            );
        }
    }
    page.push_str("</p>\n");
}

/// The outcome links: all, then each outcome present with its count.
fn filters<'a>(page: &mut String, outcomes: impl Iterator<Item = &'a str>) {
    let mut counts: Vec<(&str, usize)> = Status::ALL.iter().map(|s| (s.as_str(), 0)).collect();
    for outcome in outcomes {
        if let Some(entry) = counts.iter_mut().find(|(name, _)| *name == outcome) {
            entry.1 += 1;
        }
    }
    page.push_str("<nav class=\"filters\">Show: <a href=\"#outcome=all\">all</a>");
    for (name, count) in counts.into_iter().filter(|(_, count)| *count > 0) {
        let _ = write!(page, " <a href=\"#outcome={name}\">{name} ({count})</a>");
    }
    page.push_str(" <span id=\"shown\"></span></nav>\n");
}

fn definition(page: &mut String, label: &str, text: &str) {
    let _ = write!(
        page,
        "<dt>{}</dt><dd><code>{}</code></dd>",
        escape(label),
        escape(text)
    );
}

fn head(page: &mut String, title: &str) {
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        escape(title)
    );
}

/// The filter script (selector: the items it shows or hides), and the end of the page.
fn tail(page: &mut String, items: &str) {
    let _ = write!(
        page,
        "<script>{}</script>\n</body>\n</html>\n",
        SCRIPT.replace("ITEMS", items)
    );
}

/// Text for HTML element content and attribute values.
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&#39;"),
            _ => escaped.push(c),
        }
    }
    escaped
}

const STYLE: &str = "
body{font:15px/1.45 system-ui,sans-serif;margin:1.5em auto;max-width:80em;padding:0 1em;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em}
code{font:13px ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
.verdict.pass{color:#18794e}.verdict.fail{color:#c62828}
.what,.legend,.note{color:#555}
tr.all th,tr.all td{border-top:2px solid #999}
.scroll{overflow-x:auto}
table{border-collapse:collapse}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right;white-space:nowrap}
th{background:#f4f4f4;text-align:left}
td.cell a{color:#111;text-decoration:none;font-variant-numeric:tabular-nums}
td.empty{background:#fafafa}
.outcome{display:inline-block;padding:0 .4em;border-radius:.3em;font-size:.9em;background:#eee}
.outcome.pass{background:#c8efd5}.outcome.skipped,.outcome.absent{background:#e4e4e4}
.outcome.fail,.outcome.crash,.outcome.timeout{background:#f9c6c6}
.outcome.wrong-actor,.outcome.wrong-error{background:#fde2b8}
.outcome.unexpected-pass{background:#d9d2f7}
table.matrix td{text-align:left}
table.matrix td.outcome{display:table-cell;border-radius:0;text-align:center}
nav.filters{margin:1em 0 .5em}
nav.filters a{margin-right:.6em}nav.filters a.active{font-weight:bold;color:#000}
#shown{color:#555;margin-left:1em}
ol.results{padding-left:1.5em}
li.result{margin:.8em 0;border-left:3px solid #ddd;padding-left:.7em}
li.result p{margin:.2em 0}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em .8em;margin:.2em 0}
dt{color:#555}dd{margin:0}
";

const SCRIPT: &str = "
(function(){
  function want(){
    var found={outcome:'all',section:'',group:''};
    location.hash.replace(/^#/,'').split('&').forEach(function(part){
      var pair=part.split('=');
      if(pair.length===2&&pair[0] in found){found[pair[0]]=decodeURIComponent(pair[1]);}
    });
    return found;
  }
  function apply(){
    var w=want(),items=document.querySelectorAll('ITEMS'),shown=0;
    for(var i=0;i<items.length;i++){
      var d=items[i].dataset;
      var ok=(w.outcome==='all'||(' '+d.outcome+' ').indexOf(' '+w.outcome+' ')>=0)
        &&(!w.section||d.section===w.section)&&(!w.group||d.group===w.group);
      items[i].hidden=!ok;
      if(ok){shown++;}
    }
    var links=document.querySelectorAll('nav.filters a');
    for(var j=0;j<links.length;j++){
      links[j].className=links[j].getAttribute('href')==='#outcome='+w.outcome?'active':'';
    }
    document.getElementById('shown').textContent=shown+' of '+items.length+' shown';
  }
  window.addEventListener('hashchange',apply);
  apply();
})();
";
