//! What the HTML pages share (the report, the matrix, the diff): the head with the style sheet,
//! the run record, escaping, data for the scripts, and the end of the page. Every page is
//! self-contained: no external asset, and the data its script draws from is JSON in a
//! `<script type="application/json">` element, read with `JSON.parse` and put in the page as
//! text (`textContent`), never as markup.

use std::fmt::Write as _;

use super::run_record::RunRecord;

/// The style sheet every page shares.
const STYLE: &str = include_str!("assets/page.css");

/// `<!DOCTYPE html>` up to `<body>`, with the style sheet and `extra` style.
pub(super) fn head(page: &mut String, title: &str, extra: &str) {
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}{extra}</style>\n</head>\n<body>\n",
        escape(title)
    );
}

/// `data` as the JSON element `id`, then `script`, then the end of the page.
pub(super) fn tail(page: &mut String, id: &str, data: &str, script: &str) {
    let _ = write!(page, "<script type=\"application/json\" id=\"{id}\">");
    push_script_json(page, data);
    let _ = write!(
        page,
        "</script>\n<script>{script}</script>\n</body>\n</html>\n"
    );
}

/// Appends JSON text safe inside `<script>`: `<`, `>` and `&` only occur inside JSON strings,
/// where their `\u` escapes mean the same. One pass, no copy of `json` (a matrix's data can
/// be hundreds of megabytes).
pub(super) fn push_script_json(page: &mut String, json: &str) {
    page.reserve(json.len());
    let mut rest = json;
    while let Some(at) = rest.find(['<', '>', '&']) {
        page.push_str(&rest[..at]);
        page.push_str(match rest.as_bytes()[at] {
            b'<' => "\\u003c",
            b'>' => "\\u003e",
            _ => "\\u0026",
        });
        rest = &rest[at + 1..];
    }
    page.push_str(rest);
}

/// The run record as a definition list (`<dl class="run">`), or nothing.
pub(super) fn run_record(page: &mut String, run: Option<&RunRecord>) {
    let Some(run) = run else {
        return;
    };
    page.push_str("<dl class=\"run\">");
    definition(page, "command", &run.command_line());
    definition(page, "gan", &run.gan);
    definition(page, "when", &run.when());
    let _ = write!(page, "<dt>corpus</dt><dd>{}", escape(&run.corpus.source));
    for file in &run.corpus.files {
        let _ = write!(
            page,
            "<br><code title=\"sha256 {}\">{}</code>",
            escape(&file.sha256),
            escape(&file.describe())
        );
    }
    page.push_str("</dd></dl>\n");
}

/// `<dt>label</dt><dd><code>text</code></dd>`.
pub(super) fn definition(page: &mut String, label: &str, text: &str) {
    let _ = write!(
        page,
        "<dt>{}</dt><dd><code>{}</code></dd>",
        escape(label),
        escape(text)
    );
}

/// Text for HTML element content and attribute values.
pub(super) fn escape(text: &str) -> String {
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

/// `text` cut to `max` characters, saying how long it was: `AAAA… (65536 characters)`.
pub(super) fn shorten(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return text.to_owned();
    }
    let kept: String = text.chars().take(max).collect();
    format!("{kept}… ({count} characters)")
}

/// Strings kept once, named by their index: the pages' data refers to each text by number, so
/// that a text repeated on many rows (an outcome, a group, an expectation) is written once.
#[derive(Default)]
pub(super) struct Strings {
    list: Vec<String>,
    index: std::collections::HashMap<String, usize>,
}

impl Strings {
    /// The number of `text`, added if new.
    pub(super) fn get(&mut self, text: &str) -> usize {
        if let Some(&at) = self.index.get(text) {
            return at;
        }
        self.list.push(text.to_owned());
        self.index.insert(text.to_owned(), self.list.len() - 1);
        self.list.len() - 1
    }

    /// Every string, in number order, as a JSON array.
    pub(super) fn json(&self) -> String {
        serde_json::to_string(&self.list).unwrap_or_else(|_| "[]".to_owned())
    }
}

#[cfg(test)]
mod script_tests {
    use super::*;

    #[test]
    fn script_json_escapes_what_could_end_the_script_element() {
        let mut page = String::from("x");
        push_script_json(&mut page, r#"["</script><b>","a&b",">"]"#);
        assert_eq!(
            page,
            r#"x["\u003c/script\u003e\u003cb\u003e","a\u0026b","\u003e"]"#
        );
        let mut plain = String::new();
        push_script_json(&mut plain, "[1,\"é\"]");
        assert_eq!(plain, "[1,\"é\"]");
    }
}
