//! `gan check --format html` and `gan report matrix`: self-contained pages, checked as
//! written and as a real browser renders them (`chromium --headless --dump-dom`).
//!
//! The run checked is `examples/adapters/my_adapter.py` on snn-pin. What it must show is
//! known by hand: the adapter's one mistake (`$` instead of a full match) accepts exactly the
//! invalid inputs that are a valid identifier followed by one "\n"; the test counts
//! them in the corpus with a regex of its own, and takes every other count from the JSON
//! report (another renderer of the same run).

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::util::{gan_command as gan, text};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `gan check --dialect snn-pin ARGS -- python3 examples/adapters/my_adapter.py`: stdout.
fn check_mine(args: &[&str]) -> String {
    let output = gan()
        .current_dir(root())
        .args(["check", "--dialect", "snn-pin"])
        .args(args)
        .args(["--", "python3", "examples/adapters/my_adapter.py"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    text(&output.stdout)
}

/// The ids `my_adapter.py` gets wrong, found without it: invalid snn-pin vectors whose input
/// is a valid snn-pin identifier (DECISIONS.md §1's regex) plus one final "\n".
fn expected_failures() -> Vec<String> {
    let valid =
        regex::Regex::new(r"^(?:[A-Z][A-Z0-9]*:[-+]?[A-Z]|[a-z][a-z0-9]*:[-+]?[a-z])\n$").unwrap();
    gan::corpus::embedded()
        .into_iter()
        .filter(|file| file.dialect == "snn-pin")
        .flat_map(|file| file.vectors)
        .filter(|vector| !vector.valid)
        .filter(|vector| valid.is_match(&String::from_utf8_lossy(&vector.bytes())))
        .map(|vector| vector.id)
        .collect()
}

/// Every `<li class="result" …>` of a page as (outcome, id, hidden).
fn results(page: &str) -> Vec<(String, String, bool)> {
    let item = regex::Regex::new(
        r#"<li class="result" data-outcome="([a-z-]+)"[^>]*?( hidden(?:="")?)?>.*?<code class="id">([^<]+)</code>"#,
    )
    .unwrap();
    item.captures_iter(page)
        .map(|c| (c[1].to_owned(), c[3].to_owned(), c.get(2).is_some()))
        .collect()
}

/// The grid's cells as (section, group, "passed/ran").
fn cells(page: &str) -> Vec<(String, String, String)> {
    let cell = regex::Regex::new(
        r#"<td class="cell" data-section="([^"]*)" data-group="([^"]*)"[^>]*><a href="[^"]*">(\d+/\d+)</a>"#,
    )
    .unwrap();
    cell.captures_iter(page)
        .map(|c| (c[1].to_owned(), c[2].to_owned(), c[3].to_owned()))
        .collect()
}

#[test]
fn the_html_report_is_one_self_contained_page() {
    let page = check_mine(&["--format", "html"]);
    assert!(page.starts_with("<!DOCTYPE html>\n"));
    assert!(page.ends_with("</html>\n"));
    for outside in ["src=", "<link ", "@import", "url(", "http://", "https://"] {
        assert!(!page.contains(outside), "an external asset: {outside}");
    }
    // The grid holds the JSON report's counts, group by group.
    let json = check_mine(&["--json"]);
    let summary: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    let groups = summary["summary"]["dialects"][0]["groups"]
        .as_array()
        .unwrap();
    let grid = cells(&page);
    assert_eq!(
        grid.len(),
        groups.len() + 1,
        "a cell per group, and the dialect's"
    );
    for group in groups {
        let counts = &group["counts"];
        let ran = counts["total"].as_u64().unwrap() - counts["skipped"].as_u64().unwrap();
        let cell = (
            "snn-pin".to_owned(),
            group["group"].as_str().unwrap().to_owned(),
            format!("{}/{ran}", counts["pass"]),
        );
        assert!(grid.contains(&cell), "{cell:?} in {grid:?}");
    }
    // Every result but pass, the failures being exactly the ones found by hand.
    let failures: Vec<String> = results(&page)
        .into_iter()
        .filter(|(outcome, _, _)| outcome == "fail")
        .map(|(_, id, _)| id)
        .collect();
    let expected = expected_failures();
    assert_eq!(failures, expected);
    assert_eq!(expected.len(), 11);
    assert!(page.contains("<dt>input</dt><dd><code>&quot;L:L\\n&quot;</code></dd>"));
    assert!(page.contains("<dt>expected</dt><dd><code>invalid (unexpected-char at 3)</code></dd>"));
}

#[test]
fn the_matrix_reads_json_reports_and_refuses_anything_else() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.jsonl");
    std::fs::write(&mine, check_mine(&["--json"])).unwrap();
    let output = gan()
        .arg("report")
        .arg("matrix")
        .arg(&mine)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let page = text(&output.stdout);
    assert!(page.contains("<th class=\"impl\">mine.jsonl</th>"));
    for outside in ["src=", "<link ", "@import", "url(", "http://", "https://"] {
        assert!(!page.contains(outside), "an external asset: {outside}");
    }
    let bad = dir.path().join("bad.jsonl");
    std::fs::write(&bad, "{\"id\":\"x\"}\n").unwrap();
    let output = gan()
        .arg("report")
        .arg("matrix")
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        text(&output.stderr),
        format!(
            "gan report: bad.jsonl: line 1: not a line of a `gan check --format json` report (no id or result)\n"
        )
    );
}

/// The browser, or `None` (with a message) where there is none. Under `CI=true` a missing
/// browser fails the test: `.ci/run` installs Debian's `chromium`.
fn chromium() -> Option<PathBuf> {
    let found = ["chromium", "chromium-browser"]
        .into_iter()
        .find_map(|name| {
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
                .map(|dir| dir.join(name))
                .find(|path| path.is_file())
        });
    if found.is_none() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "CI=true but no chromium on PATH: install it (apt-get install chromium)"
        );
        eprintln!("ignored: no chromium on PATH (the HTML pages are not rendered)");
    }
    found
}

/// The DOM of `page` (a file) at `fragment`, after its script ran.
fn rendered(browser: &Path, page: &Path, fragment: &str) -> String {
    let output = Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .arg(format!("file://{}{fragment}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    text(&output.stdout)
}

#[test]
fn a_browser_renders_the_report_and_filters_by_outcome() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("report.html");
    std::fs::write(&file, check_mine(&["--format", "html"])).unwrap();

    let all = rendered(&browser, &file, "");
    let shown = results(&all);
    assert_eq!(
        shown.len(),
        11 + 118,
        "11 failures and 118 skipped (not UTF-8)"
    );
    assert!(shown.iter().all(|(_, _, hidden)| !hidden));
    assert!(all.contains("<span id=\"shown\">129 of 129 shown</span>"));
    assert!(cells(&all).contains(&(
        "snn-pin".to_owned(),
        "whitespace".to_owned(),
        "233/240".to_owned()
    )));

    let failing = rendered(&browser, &file, "#outcome=fail");
    let visible: Vec<String> = results(&failing)
        .into_iter()
        .filter(|(_, _, hidden)| !hidden)
        .map(|(outcome, id, _)| {
            assert_eq!(outcome, "fail", "{id} shown under #outcome=fail");
            id
        })
        .collect();
    assert_eq!(visible, expected_failures());
    assert!(failing.contains("<span id=\"shown\">11 of 129 shown</span>"));
    assert!(failing.contains("<a href=\"#outcome=fail\" class=\"active\">fail (11)</a>"));

    let cell = rendered(&browser, &file, "#section=snn-pin&group=invalid-utf8");
    assert!(cell.contains("<span id=\"shown\">118 of 129 shown</span>"));
}

#[test]
fn a_browser_renders_the_matrix_and_filters_its_rows() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.jsonl");
    std::fs::write(&mine, check_mine(&["--json"])).unwrap();
    let reference = dir.path().join("reference.jsonl");
    let output = gan()
        .current_dir(root())
        .args(["check", "--json", "--dialect", "snn-pin", "--"])
        .args(["python3", "conformance/adapters/gan_ref.py"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    std::fs::write(&reference, &output.stdout).unwrap();
    let matrix = dir.path().join("matrix.html");
    let output = gan()
        .args(["report", "matrix"])
        .args([&reference, &mine])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    std::fs::write(&matrix, &output.stdout).unwrap();

    let failing = rendered(&browser, &matrix, "#outcome=fail");
    let row = regex::Regex::new(
        r#"<tr class="row" data-outcome="([a-z -]+)"[^>]*?( hidden(?:="")?)?><td><code>([^<]+)</code></td><td><code>[^<]*</code></td><td class="outcome ([a-z-]+)"[^>]*>[^<]*</td><td class="outcome ([a-z-]+)""#,
    )
    .unwrap();
    let rows: Vec<_> = row.captures_iter(&failing).collect();
    assert_eq!(rows.len(), 3094, "a row per snn-pin vector");
    let visible: Vec<String> = rows
        .iter()
        .filter(|c| c.get(2).is_none())
        .map(|c| {
            assert_eq!((&c[4], &c[5]), ("pass", "fail"), "{}", &c[3]);
            c[3].to_owned()
        })
        .collect();
    assert_eq!(visible, expected_failures());
    assert!(failing.contains("<span id=\"shown\">11 of 3094 shown</span>"));
}
