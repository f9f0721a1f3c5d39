//! `gan check --format html` and `gan report matrix`: self-contained pages, checked as
//! written and as a real browser draws them (headless Chromium at 1400×1000).
//!
//! The run checked is `examples/adapters/my_adapter.py` on snn-pin. What it must show is
//! known by hand: the adapter's one mistake (`$` instead of a full match) accepts exactly the
//! invalid inputs that are a valid identifier followed by one "\n"; the test counts
//! them in the corpus with a regex of its own, and takes every other count from the JSON
//! report (another renderer of the same run).
//!
//! The browser loads each page once, with a probe appended (a script of this test, not of the
//! page): it moves the page through a list of views (address fragments, and typing in the
//! search box), and after each writes what the document then holds, counted from the DOM:
//! the results and their groups, the matrix's rows, how many of them lie wholly inside the
//! window, the line that says what is shown. `--dump-dom` hands the probe's notes back.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use gan::check::report::{self, Report};
use gan::check::{Answer, Case, CaseResult, Mode, Reply, Selection, Status, Suite, Vector};
use serde_json::{json, Value};

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

/// The data the page's script draws from (`<script type="application/json" id="data">`).
fn page_data(page: &str) -> Value {
    let start = page
        .find("<script type=\"application/json\" id=\"data\">")
        .expect("the page's data");
    let rest = &page[start..];
    let json = &rest[rest.find('>').unwrap() + 1..rest.find("</script>").unwrap()];
    assert!(!json.contains('<'), "the data holds no markup");
    serde_json::from_str(json).unwrap()
}

/// The report's rows as (outcome, id), from its data.
fn data_rows(data: &Value) -> Vec<(String, String)> {
    let s = |n: &Value| {
        data["s"][usize::try_from(n.as_u64().unwrap()).unwrap()]
            .as_str()
            .unwrap()
    };
    data["r"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let outcome = data["o"][usize::try_from(row[0].as_u64().unwrap()).unwrap()]
                .as_str()
                .unwrap();
            (
                outcome.to_owned(),
                format!("{}{}", s(&row[3]), row[4].as_str().unwrap()),
            )
        })
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

fn assert_self_contained(page: &str) {
    assert!(page.starts_with("<!DOCTYPE html>\n"));
    assert!(page.ends_with("</html>\n"));
    for outside in ["src=", "<link ", "@import", "url(", "http://", "https://"] {
        assert!(!page.contains(outside), "an external asset: {outside}");
    }
}

#[test]
fn the_html_report_is_one_self_contained_page() {
    let page = check_mine(&["--format", "html"]);
    assert_self_contained(&page);
    // The run record heads it.
    assert!(page
        .contains("<dt>command</dt><dd><code>python3 examples/adapters/my_adapter.py</code></dd>"));
    let sha = regex::Regex::new(
        r#"<code title="sha256 ([0-9a-f]{64})">gan/snn-pin\.json \(format 4, sha256 ([0-9a-f]{12})\)</code>"#,
    )
    .unwrap();
    let hashes = sha.captures(&page).expect("the corpus file's hash");
    assert!(hashes[1].starts_with(&hashes[2]));
    // The grid holds the JSON report's counts, group by group, groups in name order.
    let json = check_mine(&["--json"]);
    let summary: Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
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
    let names: Vec<&str> = grid[..grid.len() - 1]
        .iter()
        .map(|c| c.1.as_str())
        .collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted, "groups in name order");
    // Every result but pass is in the data, the failures being exactly the ones found by hand.
    let data = page_data(&page);
    let rows = data_rows(&data);
    let failures: Vec<String> = rows
        .iter()
        .filter(|(outcome, _)| outcome == "fail")
        .map(|(_, id)| id.clone())
        .collect();
    let expected = expected_failures();
    assert_eq!(failures, expected);
    assert_eq!(expected.len(), 11);
    assert_eq!(rows.len(), 11 + 124, "and the 124 skipped vectors");
    // The decisions the rows cite are in the page: D1 (a trailing "\n"), D11 and D12.
    for id in ["D1", "D11", "D12"] {
        assert!(
            page.contains(&format!("<dt id=\"decision-{id}\">{id}</dt><dd><pre>{id} ")),
            "{id}"
        );
    }
}

#[test]
fn the_matrix_reads_json_reports_and_refuses_anything_else() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.jsonl");
    std::fs::write(&mine, check_mine(&["--json"])).unwrap();
    let matrix = |args: &[&str]| {
        gan()
            .args(["report", "matrix"])
            .args(args)
            .arg(&mine)
            .output()
            .unwrap()
    };
    let output = matrix(&[]);
    assert_eq!(output.status.code(), Some(0));
    let page = text(&output.stdout);
    assert_self_contained(&page);
    // Named by the run record's command, linked to the report itself (no HTML twin).
    assert!(
        page.contains(&format!(
            "<th class=\"impl\" title=\"python3 examples/adapters/my_adapter.py\"><a href=\"{}\">\
             python3 examples/adapters/my_adapter.py</a></th>",
            mine.display()
        )),
        "{page}"
    );
    // A name and a link given; the HTML twin is found.
    std::fs::write(dir.path().join("mine.html"), "").unwrap();
    let named = text(&matrix(&["--name", "mine v1"]).stdout);
    assert!(named.contains(&format!(
        "<th class=\"impl\" title=\"mine v1\"><a href=\"{}\">mine v1</a></th>",
        dir.path().join("mine.html").display()
    )));
    let linked = text(&matrix(&["--link", "https://example.test/mine.html"]).stdout);
    assert!(linked.contains("<a href=\"https://example.test/mine.html\">"));
    // A report without a run record (gan before it) is named by its file.
    let old = dir.path().join("old.jsonl");
    let json = check_mine(&["--json", "--run-record", "off"]);
    assert!(!json.starts_with("{\"run\""));
    std::fs::write(&old, json).unwrap();
    let output = gan().args(["report", "matrix"]).arg(&old).output().unwrap();
    assert!(text(&output.stdout).contains("<th class=\"impl\" title=\"old.jsonl\">"));

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
            "gan report matrix: bad.jsonl: line 1: not a line of a `gan check --format json` report (no id or result)\n"
        )
    );
}

#[test]
fn the_matrix_in_markdown_says_where_implementations_differ() {
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.jsonl");
    std::fs::write(&mine, check_mine(&["--json"])).unwrap();
    let reference = reference_report(dir.path());
    let output = gan()
        .args(["report", "matrix", "--format", "markdown"])
        .args(["--name", "reference", "--name", "mine"])
        .args([&reference, &mine])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let markdown = text(&output.stdout);
    assert!(markdown.contains("| | reference | mine |\n"), "{markdown}");
    assert!(
        markdown.contains("| snn-pin | 3539/3539 | 3528/3539 |\n"),
        "{markdown}"
    );
    assert!(markdown.contains("\n## Where the implementations differ (11)\n"));
    let differ: Vec<&str> = markdown
        .lines()
        .filter(|line| line.starts_with("| `snn-pin/"))
        .collect();
    assert_eq!(differ.len(), 11);
    for (line, id) in differ.iter().zip(expected_failures()) {
        assert!(line.starts_with(&format!("| `{id}` | `\"")), "{line}");
        assert!(line.contains(" | pass | fail: valid {"), "{line}");
    }
}

/// The reference adapter's JSON report on snn-pin, written in `dir`.
fn reference_report(dir: &Path) -> PathBuf {
    let reference = dir.join("reference.jsonl");
    let output = gan()
        .current_dir(root())
        .args(["check", "--json", "--dialect", "snn-pin", "--"])
        .args(["python3", "conformance/adapters/gan_ref.py"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    std::fs::write(&reference, &output.stdout).unwrap();
    reference
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

/// The probe: for each view (a fragment, or `type:TEXT` to type in the search box), it shows
/// the view and notes what the document holds, the window scrolled to the report's results
/// (to the top of the matrix). A `type:` view waits for the page's search to run (a timer),
/// so the notes are written when every view is done.
const PROBE: &str = r"<script>
(function () {
  var views = VIEWS, notes = [];
  function inView(node) {
    var r = node.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  }
  function note(view) {
    var items = document.querySelectorAll('li.result'), rows = document.querySelectorAll('tr.row');
    var n = { view: view, innerWidth: window.innerWidth, innerHeight: window.innerHeight,
      items: [], clusters: [], rows: [], inView: 0,
      shown: (document.getElementById('shown') || {}).textContent || '',
      search: (document.getElementById('q') || {}).value,
      active: Array.prototype.map.call(document.querySelectorAll('nav.filters a.active'),
        function (a) { return a.textContent; }),
      pages: Array.prototype.map.call(document.querySelectorAll('nav.pager .at'),
        function (a) { return a.textContent.trim(); }) };
    Array.prototype.forEach.call(items, function (li) {
      n.items.push([li.dataset.outcome, li.querySelector('code.id').textContent,
        Array.prototype.map.call(li.querySelectorAll('a'), function (a) { return a.getAttribute('href'); })]);
      if (inView(li)) { n.inView++; }
    });
    Array.prototype.forEach.call(document.querySelectorAll('section.cluster'), function (c) {
      n.clusters.push([c.dataset.outcome, +c.dataset.count,
        c.querySelector('.detail').textContent, c.querySelectorAll('li.result').length]);
    });
    Array.prototype.forEach.call(rows, function (tr) {
      var cells = Array.prototype.map.call(tr.querySelectorAll('td.cell'),
        function (td) { return td.dataset.outcome || 'absent'; });
      n.rows.push([tr.querySelector('td.id').textContent, tr.classList.contains('differ'), cells]);
      if (inView(tr)) { n.inView++; }
    });
    notes.push(n);
  }
  function go(view) {
    if (view.indexOf('type:') === 0) {
      var box = document.getElementById('q');
      box.value = view.slice(5);
      box.dispatchEvent(new Event('input'));
      return 400;
    }
    location.hash = view;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    return 0;
  }
  function step(at) {
    if (at === views.length) {
      var pre = document.createElement('pre');
      pre.id = 'probe';
      pre.textContent = JSON.stringify(notes);
      document.body.appendChild(pre);
      return;
    }
    var wait = go(views[at]);
    setTimeout(function () {
      // The report's results start below its grid: the window is scrolled to them.
      var results = document.getElementById('results');
      if (results) { results.scrollIntoView(); } else { window.scrollTo(0, 0); }
      note(views[at]);
      step(at + 1);
    }, wait);
  }
  step(0);
})();
</script>";

/// Loads `page` once in the browser at 1400×1000 and returns the probe's notes, one per view.
fn probe(browser: &Path, page: &str, views: &[&str]) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("page.html");
    let probe = PROBE.replace("VIEWS", &serde_json::to_string(views).unwrap());
    std::fs::write(&file, page.replace("</body>", &format!("{probe}</body>"))).unwrap();
    let profile = tempfile::tempdir().unwrap();
    let output = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1400,1000",
            "--virtual-time-budget=20000",
            "--dump-dom",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("file://{}", file.display()))
        .output()
        .expect("chromium runs");
    assert!(output.status.success(), "{}", text(&output.stderr));
    let dom = text(&output.stdout);
    let start = dom
        .find("<pre id=\"probe\">")
        .unwrap_or_else(|| panic!("the probe wrote no notes: {}", text(&output.stderr)))
        + "<pre id=\"probe\">".len();
    let notes = &dom[start..start + dom[start..].find("</pre>").unwrap()];
    let notes = notes
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let notes: Vec<Value> = serde_json::from_str(&notes).unwrap();
    assert_eq!(notes.len(), views.len());
    notes
}

fn ids(note: &Value) -> Vec<String> {
    note["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|item| item[1].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_browser_draws_the_report_grouped_searched_and_filtered() {
    let Some(browser) = chromium() else { return };
    let page = check_mine(&[
        "--format",
        "html",
        "--corpus-url",
        "https://example.test/conformance/",
    ]);
    let failures = expected_failures();
    let notes = probe(
        &browser,
        &page,
        &[
            "",
            "open=0",
            "outcome=skipped",
            &format!("q={}", &failures[5][failures[5].len() - 12..]),
            "outcome=all&section=snn-pin&group=invalid-utf8",
            "",
            "type:l:+l",
        ],
    );
    // At load: the failures only, as one group of 11 identical results showing 3; the
    // skipped vectors are behind their own filter.
    let load = &notes[0];
    assert_eq!(load["innerWidth"], 1400);
    assert_eq!(
        load["clusters"],
        json!([["fail", 11, "expected invalid, got valid", 3]])
    );
    assert_eq!(ids(load), failures[..3]);
    assert_eq!(load["shown"], "11 results in 1 group of identical results");
    assert_eq!(load["active"], json!(["failing (11)"]));
    assert!(load["inView"].as_u64().unwrap() >= 3, "{}", load["inView"]);
    // Each links to its place in the corpus file (the line of its id, found here) and to the
    // decisions it rests on: D1 for a trailing "\n", the page's own anchor.
    let corpus = std::fs::read_to_string(root().join("conformance/gan/snn-pin.json")).unwrap();
    for item in load["items"].as_array().unwrap() {
        let id = item[1].as_str().unwrap();
        let line = corpus
            .lines()
            .position(|l| l.trim() == format!("\"id\": \"{id}\","))
            .unwrap()
            + 1;
        let links = item[2].as_array().unwrap();
        assert!(
            links.contains(&json!(format!(
                "https://example.test/conformance/gan/snn-pin.json#L{line}"
            ))),
            "{id}: {links:?}"
        );
        assert!(links.contains(&json!("#decision-D1")), "{id}: {links:?}");
        assert!(page.contains("<dt id=\"decision-D1\">"));
    }
    // The group opened: all 11, in corpus order.
    assert_eq!(ids(&notes[1]), failures);
    // The skipped vectors: one group of 124 (not UTF-8, not sent in batch mode).
    let skipped = &notes[2];
    assert_eq!(skipped["clusters"][0][0], "skipped");
    assert_eq!(skipped["clusters"][0][1], 124);
    assert_eq!(skipped["active"], json!(["skipped (124)"]));
    // A search by an id's slug finds that vector alone, and fills the box.
    assert_eq!(ids(&notes[3]), [failures[5].clone()]);
    assert_eq!(notes[3]["search"], failures[5][failures[5].len() - 12..]);
    // A cell of the grid: everything listed there.
    assert_eq!(
        notes[4]["shown"],
        "124 results in 1 group of identical results"
    );
    // Typing in the box searches inputs too, whatever their case.
    let typed = ids(&notes[6]);
    assert!(!typed.is_empty());
    for id in &typed {
        assert!(failures.contains(id), "{id}");
    }
    assert_eq!(notes[6]["search"], "l:+l");
}

#[test]
fn a_browser_draws_the_matrix_with_rows_in_view_and_where_they_differ() {
    let Some(browser) = chromium() else { return };
    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.jsonl");
    std::fs::write(&mine, check_mine(&["--json"])).unwrap();
    let reference = reference_report(dir.path());
    let output = gan()
        .args(["report", "matrix"])
        .args([&reference, &mine])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let page = text(&output.stdout);
    let notes = probe(
        &browser,
        &page,
        &["", "rows=differ", "outcome=fail", "page=2", "q=l:-l"],
    );
    // The default view: the first page of rows, at least 20 of them wholly in the window.
    let load = &notes[0];
    let in_view = load["inView"].as_u64().unwrap();
    eprintln!("the matrix at 1400×1000: {in_view} rows wholly in the window at load");
    assert!(in_view >= 20, "{in_view} rows in view");
    assert_eq!(load["rows"].as_array().unwrap().len(), 200);
    assert_eq!(load["shown"], "3663 of 3663 rows, page 1 of 19");
    // Where they differ: the failures found by hand, the reference passing, mine failing.
    for note in &notes[1..3] {
        let rows = note["rows"].as_array().unwrap();
        let differ: Vec<String> = rows
            .iter()
            .map(|row| {
                assert_eq!(row[1], true);
                assert_eq!(row[2], json!(["pass", "fail"]));
                row[0].as_str().unwrap().to_owned()
            })
            .collect();
        assert_eq!(differ, expected_failures());
        assert_eq!(note["shown"], "11 of 3663 rows");
    }
    // The second page: rows 201 to 400 of the first report, in its order.
    let all: Vec<String> = std::fs::read_to_string(&reference)
        .unwrap()
        .lines()
        .filter_map(|line| {
            let value: Value = serde_json::from_str(line).unwrap();
            Some(value.get("id")?.as_str()?.to_owned())
        })
        .collect();
    let second: Vec<&str> = notes[3]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row[0].as_str().unwrap())
        .collect();
    assert_eq!(second, all[200..400]);
    assert_eq!(notes[3]["pages"], json!(["page 2 of 19"]));
    // A search by input.
    let found = notes[4]["rows"].as_array().unwrap();
    assert!(!found.is_empty());
    assert!(found.len() < 100);
}

/// A run of `count` vectors of which none passes: the GAN corpus over and over (ids made
/// unique), answered by a broken implementation: valid inputs rejected, and of the invalid
/// ones a third crashing (one cause), a third accepted, a third with the error one byte late.
fn large_run(count: usize) -> Report {
    let corpus = gan::corpus::embedded();
    let cases = gan::check::plan(&corpus, &Selection::default()).unwrap();
    let mut results = Vec::with_capacity(count);
    'rounds: for round in 0.. {
        for (at, case) in cases.iter().enumerate() {
            if results.len() == count {
                break 'rounds;
            }
            let mut case: Case = case.clone();
            case.item.id = format!("{}-{round}", case.id);
            let Vector::Gan(vector) = &case.vector else {
                unreachable!("the GAN corpus")
            };
            let answer = if case.input.is_none() {
                Answer::NotRun(gan::suite::gan::NOT_UTF8.to_owned())
            } else if vector.expected.valid {
                verdict(false, None)
            } else {
                match at % 3 {
                    0 => Answer::Crash(
                        "the command exited (exit status: 1) before replying; stderr: \
                         IndexError: string index out of range"
                            .to_owned(),
                    ),
                    1 => verdict(true, None),
                    _ => {
                        let error = vector.expected.error.as_ref().unwrap();
                        verdict(
                            false,
                            Some(json!({"code": error.code, "offset": error.offset + 1})),
                        )
                    }
                }
            };
            results.push(CaseResult::judge(&case, answer, true));
        }
    }
    Report {
        suite: Suite::Gan,
        mode: Mode::Batch,
        check_errors: true,
        check_hints: false,
        check_canonical: false,
        selected: results.len(),
        results,
        stopped_early: false,
        notes: Vec::new(),
        elapsed: std::time::Duration::from_secs(60),
        run: None,
    }
}

fn verdict(valid: bool, error: Option<Value>) -> Answer {
    Answer::Verdict(Reply {
        valid,
        actor: valid.then(|| {
            json!({"style": "C", "type": "K", "side": "first"})
                .as_object()
                .unwrap()
                .clone()
        }),
        error,
        canonical: None,
    })
}

/// The groups of identical results the page should show, computed here: the failing results
/// by (outcome, detail), the largest first, then by outcome, then by first appearance; each
/// as (outcome, detail, ids).
fn expected_clusters(report: &Report) -> Vec<(String, String, Vec<String>)> {
    let mut index: HashMap<(Status, String), usize> = HashMap::new();
    let mut clusters: Vec<(Status, String, Vec<String>)> = Vec::new();
    for result in report.results.iter().filter(|r| r.status.is_failure()) {
        let key = (result.status, result.detail.clone().unwrap_or_default());
        let at = *index.entry(key.clone()).or_insert_with(|| {
            clusters.push((key.0, key.1, Vec::new()));
            clusters.len() - 1
        });
        clusters[at].2.push(result.case.id.clone());
    }
    let rank = |s: Status| Status::ALL.iter().position(|&x| x == s).unwrap();
    clusters.sort_by(|a, b| b.2.len().cmp(&a.2.len()).then(rank(a.0).cmp(&rank(b.0))));
    clusters
        .into_iter()
        .map(|(status, detail, ids)| (status.as_str().to_owned(), detail, ids))
        .collect()
}

#[test]
fn a_report_of_100k_failing_vectors_is_small_and_opens_a_page_at_a_time() {
    let report = large_run(100_000);
    let mut page = Vec::new();
    report::html(&report, &mut page).unwrap();
    let page = String::from_utf8(page).unwrap();
    eprintln!(
        "100,000 vectors, none passing: the page is {} bytes",
        page.len()
    );
    assert!(page.len() < 10_000_000, "{} bytes", page.len());
    assert_self_contained(&page);
    assert_eq!(data_rows(&page_data(&page)).len(), 100_000);

    let Some(browser) = chromium() else { return };
    let clusters = expected_clusters(&report);
    assert!(clusters.len() > 50, "{} groups: two pages", clusters.len());
    let deep = &report.results[87_654].case.id;
    let started = std::time::Instant::now();
    let notes = probe(
        &browser,
        &page,
        &["", "page=2", "open=0&opage=3", &format!("q={deep}")],
    );
    eprintln!(
        "the browser loaded it and drew 4 views in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    let load = &notes[0];
    let in_dom = load["items"].as_array().unwrap().len();
    assert!(in_dom > 0 && in_dom <= 1000, "{in_dom} results in the DOM");
    let header = |c: &(String, String, Vec<String>)| json!([c.0, c.2.len(), c.1]);
    let shown: Vec<Value> = load["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| json!([c[0], c[1], c[2]]))
        .collect();
    let want: Vec<Value> = clusters[..50].iter().map(header).collect();
    assert_eq!(shown, want, "the first page: the 50 largest groups");
    let pages = clusters.len().div_ceil(50);
    assert_eq!(load["pages"][0], format!("page 1 of {pages}"));
    // Page 2: the next groups, each with its first 3 vectors at most.
    let second = &notes[1];
    let shown: Vec<Value> = second["clusters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| json!([c[0], c[1], c[2]]))
        .collect();
    let want: Vec<Value> = clusters[50..].iter().take(50).map(header).collect();
    assert_eq!(shown, want);
    let first_ids: Vec<String> = clusters[50..]
        .iter()
        .take(50)
        .flat_map(|c| c.2.iter().take(3).cloned())
        .collect();
    assert_eq!(ids(second), first_ids);
    // The largest group opened, its third page: its vectors 401 to 600.
    assert_eq!(ids(&notes[2]), clusters[0].2[400..600]);
    // A search by id finds the one vector, deep in the list.
    assert_eq!(ids(&notes[3]), std::slice::from_ref(deep));
}

/// Text that would close the data's `<script>` or open markup, in every place a report
/// carries text of the implementation or of its user.
const HOSTILE: &str = "</script><script>alert(1)</script><!--<b>";

#[test]
fn hostile_text_stays_text_in_the_report_the_matrix_and_the_diff() {
    let scripts = |page: &str| page.matches("<script").count();
    let benign = large_run(40);
    let mut page = Vec::new();
    report::html(&benign, &mut page).unwrap();
    let benign_scripts = scripts(&text(&page));

    let mut report = large_run(40);
    report.results[1].case.item.id = format!("snn-pin/{HOSTILE}");
    report.results[2].detail = Some(HOSTILE.to_owned());
    let mut run = report::RunRecord::new(
        vec!["python3".to_owned(), HOSTILE.to_owned()],
        std::time::SystemTime::now(),
        std::time::Duration::from_secs(1),
    );
    run.corpus.source = HOSTILE.to_owned();
    run.corpus
        .files
        .push(report::CorpusFile::of(HOSTILE, b"{\"format\": 1}"));
    report.run = Some(run);
    let mut page = Vec::new();
    report::html(&report, &mut page).unwrap();
    let page = text(&page);
    assert_eq!(scripts(&page), benign_scripts, "no script added");
    assert!(!page.contains("alert(1)</script>"));
    assert!(!page.contains("<b>"));
    // The data still holds the text, for the script to draw as text.
    let data = page_data(&page);
    let ids: Vec<String> = data_rows(&data).into_iter().map(|(_, id)| id).collect();
    assert!(ids.contains(&format!("snn-pin/{HOSTILE}")));

    // A JSON report whose command and inputs are hostile, in the matrix and the diff.
    let dir = tempfile::tempdir().unwrap();
    let mut json = Vec::new();
    report::json(&report, &mut json).unwrap();
    let hostile = dir.path().join("hostile.jsonl");
    std::fs::write(&hostile, &json).unwrap();
    let benign_file = dir.path().join("benign.jsonl");
    let mut json = Vec::new();
    report::json(&benign, &mut json).unwrap();
    std::fs::write(&benign_file, &json).unwrap();
    for args in [
        vec!["report", "matrix"],
        vec!["report", "diff", "--format", "html"],
    ] {
        let output = gan()
            .args(&args)
            .arg(&benign_file)
            .arg(&hostile)
            .output()
            .unwrap();
        assert!(
            output.status.code().unwrap() <= 1,
            "{}",
            text(&output.stderr)
        );
        let page = text(&output.stdout);
        assert_self_contained(&page);
        assert!(!page.contains("alert(1)</script>"), "{args:?}");
        assert!(!page.contains("<b>"), "{args:?}");
    }
}
