//! The HTML report: one self-contained page (no external assets) for people after a run.
//!
//! The page holds the run record, a section × group grid coloured by pass rate (groups in name
//! order), and every result that is not a pass. Those are data for the page's script, which
//! draws one page of them at a time: identical results (the same outcome and detail) as one
//! group with its count and its first few vectors, the largest groups first; a search box;
//! filters by outcome (the failures by default, the skipped vectors behind their own filter),
//! section and group. Each vector shows its place in its corpus file (a link when the corpus
//! has an address) and links to the decisions it rests on, whose text the page holds.
//!
//! The address's fragment holds the view, so that it can be shared: `#outcome=fail`,
//! `#section=qpi&group=case`, `#q=C%3AK`, `#page=3`, `#open=2` (every vector of the third
//! group). At most [`CLUSTERS_PER_PAGE`] groups of at most [`FEW`] vectors, or
//! [`MEMBERS_PER_PAGE`] vectors of one open group, are in the document at once.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::suite::Status;

use super::page::{self, escape, shorten, Strings};
use super::{
    decisions, describe_answer, describe_expected, input_lines, CorpusIndex, Counts, Report,
};

/// The vectors a group shows before it is opened.
pub const FEW: usize = 3;
/// The groups of results on one page.
pub const CLUSTERS_PER_PAGE: usize = 50;
/// The vectors of an open group on one page.
pub const MEMBERS_PER_PAGE: usize = 200;
/// The characters of an input, an expectation or an answer the page keeps.
const TEXT_MAX: usize = 400;

const SCRIPT: &str = include_str!("assets/report.js");

/// Where the page links each vector: its place in the corpus files ([`CorpusIndex`]) and the
/// address of the corpus folder.
#[derive(Debug, Clone, Copy, Default)]
pub struct Links<'a> {
    /// Each vector's file, line and cited decisions; without it, no place is shown.
    pub index: Option<&'a CorpusIndex>,
    /// The folder shown before a file's path (`conformance`, the `--corpus` folder).
    pub folder: &'a str,
    /// The corpus folder's address: a vector links to `URL/PATH#LLINE`. Without it, places
    /// are shown unlinked.
    pub corpus_url: Option<&'a str>,
}

/// Writes the check report as one HTML page, without places in the corpus.
pub fn html(report: &Report, out: &mut dyn Write) -> io::Result<()> {
    html_linked(report, &Links::default(), out)
}

/// Writes the check report as one HTML page, each vector linked as `links` says.
pub fn html_linked(report: &Report, links: &Links, out: &mut dyn Write) -> io::Result<()> {
    let summary = report.summary();
    let (suite, what) = report.heading();
    let total = summary.total;
    let verdict = if total.failures() == 0 {
        "PASS"
    } else {
        "FAIL"
    };
    let mut page = String::new();
    page::head(&mut page, &format!("gan check: {verdict}"), "");
    let _ = writeln!(
        page,
        "<h1>gan check: <span class=\"verdict {}\">{verdict}</span></h1>",
        verdict.to_ascii_lowercase()
    );
    page::run_record(&mut page, report.run.as_ref());
    let _ = writeln!(
        page,
        "<p class=\"what\">{}{} vectors selected, {} run, {} mode, {}</p>",
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
    let (data, cited) = data(report, links);
    results(&mut page, report);
    if !report.notes.is_empty() {
        page.push_str("<h2>Notes</h2>\n<ul>\n");
        for note in &report.notes {
            let _ = writeln!(page, "<li>{}</li>", escape(note));
        }
        page.push_str("</ul>\n");
    }
    decision_texts(&mut page, &cited);
    page::tail(&mut page, "data", &data, SCRIPT);
    out.write_all(page.as_bytes())
}

/// The grid: groups down (every group of any section, in name order), sections across (in
/// corpus order).
fn grid(page: &mut String, report: &Report, summary: &super::Summary) {
    let mut groups: Vec<&str> = summary
        .sections
        .iter()
        .flat_map(|section| section.groups.iter().map(|(group, _)| group.as_str()))
        .collect();
    groups.sort_unstable();
    groups.dedup();
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
         nothing ran. A cell links to its results other than pass.</p>\n",
    );
}

/// The results' heading, search box, outcome filters and the element the script draws in.
fn results(page: &mut String, report: &Report) {
    let mut counts = Counts::default();
    for result in &report.results {
        counts.add(result.status);
    }
    let listed = counts.total() - counts.get(Status::Pass);
    let _ = writeln!(page, "<h2>Results other than pass ({listed})</h2>");
    page.push_str(
        "<div class=\"controls\"><input type=\"search\" id=\"q\" placeholder=\"Search ids, \
         inputs, answers\" aria-label=\"Search the results\">\n<nav class=\"filters\">Show: ",
    );
    let _ = write!(
        page,
        "<a href=\"#outcome=failing\">failing ({})</a>",
        counts.failures()
    );
    for status in Status::ALL {
        let count = counts.get(status);
        if status != Status::Pass && count > 0 {
            let _ = write!(
                page,
                " <a href=\"#outcome={s}\">{s} ({count})</a>",
                s = status.as_str()
            );
        }
    }
    let _ = write!(page, " <a href=\"#outcome=all\">all ({listed})</a>");
    page.push_str(
        "</nav> <span id=\"shown\"></span></div>\n<div id=\"results\"></div>\n\
         <noscript><p class=\"note\">The list of results is drawn by the page's script: \
         turn JavaScript on to see it, or read the JSON report (gan check --json).</p>\
         </noscript>\n",
    );
}

/// The script's data: the strings, the files, the outcomes, and a row per result that is not
/// a pass; and the decisions the rows cite, in record order.
fn data(report: &Report, links: &Links) -> (String, Vec<String>) {
    let mut strings = Strings::default();
    strings.get("");
    let mut cited: Vec<String> = Vec::new();
    let mut rows = String::from("[");
    for result in report.results.iter().filter(|r| r.status != Status::Pass) {
        let case = &result.case;
        let (prefix, slug) = match case.id.rfind('/') {
            Some(at) => case.id.split_at(at + 1),
            None => ("", case.id.as_str()),
        };
        let inputs: Vec<String> = input_lines(case)
            .into_iter()
            .flat_map(|(label, text)| [strings.get(label), strings.get(&shorten(&text, TEXT_MAX))])
            .map(|n| n.to_string())
            .collect();
        let detail = result.detail.as_deref().unwrap_or_default();
        let why = super::text::explains(result) && result.detail.is_some();
        let place = links.index.and_then(|index| index.place(&case.id));
        let mut decisions: Vec<String> = case
            .vector
            .as_dyn()
            .decisions(&case.group)
            .into_iter()
            .map(str::to_owned)
            .collect();
        for decision in place.map(|p| p.decisions.as_slice()).unwrap_or_default() {
            if !decisions.contains(decision) {
                decisions.push(decision.clone());
            }
        }
        decisions.sort_by_key(|id| order(id));
        for decision in &decisions {
            if !cited.contains(decision) {
                cited.push(decision.clone());
            }
        }
        let _ = write!(
            rows,
            "{}[{},{},{},{},{},[{}],{},{},{},{},{},{},{}]",
            if rows.len() > 1 { "," } else { "" },
            Status::ALL
                .iter()
                .position(|&status| status == result.status)
                .unwrap_or_default(),
            strings.get(&case.section),
            strings.get(&case.group),
            strings.get(prefix),
            serde_json::to_string(slug).unwrap_or_default(),
            inputs.join(","),
            strings.get(&shorten(&describe_expected(result), TEXT_MAX)),
            strings.get(&shorten(&describe_answer(result), TEXT_MAX)),
            strings.get(&shorten(detail, TEXT_MAX)),
            u8::from(why),
            place.map_or(-1, |p| i64::try_from(p.file).unwrap_or(-1)),
            place.map_or(0, |p| p.line),
            strings.get(&decisions.join(" ")),
        );
    }
    rows.push(']');
    let files: Vec<(String, String)> = links
        .index
        .map(CorpusIndex::files)
        .unwrap_or_default()
        .iter()
        .map(|file| {
            let shown = if links.folder.is_empty() {
                file.path.clone()
            } else {
                format!("{}/{}", links.folder.trim_end_matches('/'), file.path)
            };
            let href = links.corpus_url.map_or_else(String::new, |url| {
                format!("{}/{}", url.trim_end_matches('/'), file.path)
            });
            (shown, href)
        })
        .collect();
    let outcomes: Vec<&str> = Status::ALL.iter().map(|s| s.as_str()).collect();
    let failing: Vec<&str> = Status::ALL
        .iter()
        .filter(|s| s.is_failure())
        .map(|s| s.as_str())
        .collect();
    let data = format!(
        "{{\"s\":{},\"o\":{},\"failing\":{},\"f\":{},\"few\":{FEW},\"clusters\":\
         {CLUSTERS_PER_PAGE},\"members\":{MEMBERS_PER_PAGE},\"r\":{rows}}}",
        strings.json(),
        serde_json::to_string(&outcomes).unwrap_or_default(),
        serde_json::to_string(&failing).unwrap_or_default(),
        serde_json::to_string(&files).unwrap_or_default(),
    );
    cited.sort_by_key(|id| order(id));
    (data, cited)
}

/// Record order of a decision id: D before M before G, then by number.
fn order(id: &str) -> (usize, u32) {
    let letter = "DMG".find(&id[..1]).unwrap_or(3);
    (letter, id[1..].parse().unwrap_or(0))
}

/// The text of each decision cited, each an anchor `#decision-ID` the rows link to.
fn decision_texts(page: &mut String, cited: &[String]) {
    if cited.is_empty() {
        return;
    }
    page.push_str(
        "<h2>Decisions</h2>\n<p class=\"legend\">The project's reading of the specs \
         (docs/DECISIONS.md; <code>gan decisions ID</code>) that the results above rest \
         on.</p>\n<dl class=\"decisions\">\n",
    );
    for id in cited {
        if let Some(text) = decisions::entry(id) {
            // The bullet without its Markdown: `- **D1 Title.** Text` reads `D1 Title. Text`.
            let text = text.trim_start_matches("- ").replace("**", "");
            let _ = writeln!(
                page,
                "<dt id=\"decision-{id}\">{id}</dt><dd><pre>{}</pre></dd>",
                escape(&text)
            );
        }
    }
    page.push_str("</dl>\n");
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
        format!("#outcome=all&amp;section={}", escape(&encode(section)))
    } else {
        format!(
            "#outcome=all&amp;section={}&amp;group={}",
            escape(&encode(section)),
            escape(&encode(group))
        )
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

/// `text` for a fragment's value: every byte but letters, digits and `-._~` as `%XX`.
pub(super) fn encode(text: &str) -> String {
    let mut encoded = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            let _ = write!(encoded, "%{byte:02X}");
        }
    }
    encoded
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
