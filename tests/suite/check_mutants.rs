//! The mutant zoo (`tests/mutants/*.mutant`): deliberately wrong copies of the reference
//! adapter, each made from `conformance/adapters/gan_ref.py` by small text substitutions at
//! test time (so the mutants follow the adapter). Every mutant must fail `gan check` in batch
//! mode; the vectors that caught it must also catch it in per-case mode (unless the bug is in
//! batch-mode code). The test prints the mutation score and what caught each mutant.
//!
//! The other suites have their zoos too: `tests/mutants/ggn/*.mutant` (copies of
//! `ggn_ref.py`) must fail `gan check --suite ggn`, `tests/mutants/migrate/*.mutant` (copies
//! of `migrate_ref.py`) `gan check --suite migrate`, both on the committed corpus, in batch
//! mode (the only mode of those suites). A GGN mutant too must fail at least 3 vectors.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use gan::check::{Case, Glob, Mode, Report, Selection, Status};

use crate::check_corpus::{committed_cases, config, gan_ref, python_command, run};

/// One mutant: `# description` lines, `%% option` lines, then `@@ find` / `@@ replace` blocks.
#[allow(clippy::struct_excessive_bools)] // one per `%%` option of the file format
pub struct Mutant {
    name: String,
    description: String,
    edits: Vec<(String, String)>,
    check_errors: bool,
    check_hints: bool,
    check_canonical: bool,
    batch_only: bool,
    per_case_only: bool,
    timeout: Option<Duration>,
    /// `%% killed-only-by GLOB` lines: every vector that kills the mutant has an id matching
    /// one of them (the class of vectors written for that bug).
    only: Vec<Glob>,
    /// `%% dialect D` lines: the notations whose vectors it runs on (an edition runs only
    /// when named, D13); none: the five GAN dialects.
    dialects: Vec<gan::Dialect>,
}

pub fn parse_mutant(path: &Path) -> Mutant {
    let text = std::fs::read_to_string(path).unwrap();
    let mut mutant = Mutant {
        name: path.file_stem().unwrap().to_string_lossy().into_owned(),
        description: String::new(),
        edits: Vec::new(),
        check_errors: false,
        check_hints: false,
        check_canonical: false,
        batch_only: false,
        per_case_only: false,
        timeout: None,
        only: Vec::new(),
        dialects: Vec::new(),
    };
    let mut block: Option<(&str, Vec<&str>)> = None;
    let finish = |block: Option<(&str, Vec<&str>)>, mutant: &mut Mutant| {
        if let Some((kind, lines)) = block {
            let text = lines.join("\n");
            if kind == "find" {
                mutant.edits.push((text, String::new()));
            } else {
                mutant.edits.last_mut().expect("@@ replace after @@ find").1 = text;
            }
        }
    };
    for line in text.lines() {
        if let Some(kind) = line.strip_prefix("@@ ") {
            assert!(
                kind == "find" || kind == "replace",
                "{}: bad marker {line}",
                mutant.name
            );
            finish(block.take(), &mut mutant);
            block = Some((kind, Vec::new()));
        } else if let Some((_, lines)) = &mut block {
            lines.push(line);
        } else if let Some(comment) = line.strip_prefix("# ") {
            mutant.description.push_str(comment);
            mutant.description.push(' ');
        } else if let Some(option) = line.strip_prefix("%% ") {
            match option.split_once(' ') {
                None if option == "check-errors" => mutant.check_errors = true,
                None if option == "check-hints" => mutant.check_hints = true,
                None if option == "check-canonical" => mutant.check_canonical = true,
                None if option == "batch-only" => mutant.batch_only = true,
                None if option == "per-case-only" => {
                    mutant.per_case_only = true;
                    mutant.check_errors = true;
                }
                Some(("timeout", secs)) => {
                    mutant.timeout = Some(Duration::from_secs(secs.parse().unwrap()));
                }
                Some(("killed-only-by", pattern)) => mutant.only.push(Glob::new(pattern)),
                Some(("dialect", name)) => mutant.dialects.push(name.parse().unwrap()),
                _ => panic!("{}: unknown option {option}", mutant.name),
            }
        } else {
            assert!(
                line.trim().is_empty(),
                "{}: unexpected line {line:?}",
                mutant.name
            );
        }
    }
    finish(block, &mut mutant);
    assert!(!mutant.edits.is_empty(), "{}: no edit", mutant.name);
    mutant
}

/// Applies the mutant's edits to the reference adapter (`name`, its text `adapter`); each
/// `find` must occur exactly once, so that a mutant whose text no longer matches the adapter
/// fails loudly.
pub fn mutate(mutant: &Mutant, name: &str, adapter: &str) -> Result<String, String> {
    let mut text = adapter.to_owned();
    for (find, replace) in &mutant.edits {
        let count = text.matches(find.as_str()).count();
        if count != 1 {
            return Err(format!(
                "{}: {find:?} occurs {count} times in {name}",
                mutant.name
            ));
        }
        text = text.replacen(find.as_str(), replace, 1);
    }
    Ok(text)
}

/// The mutants of `tests/mutants/{folder}` (`""` for the GAN suite's), sorted by name.
fn zoo(folder: &str) -> Vec<Mutant> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/mutants")
        .join(folder);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "mutant"))
        .collect();
    paths.sort();
    paths.iter().map(|path| parse_mutant(path)).collect()
}

/// The counts of failing results, e.g. `fail 12, crash 1`.
fn failing_counts(report: &Report) -> String {
    let counts = report.summary().total;
    Status::ALL
        .into_iter()
        .filter(|status| status.is_failure() && counts.get(*status) > 0)
        .map(|status| format!("{status} {}", counts.get(status)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The ids of the vectors that killed `mutant` outside its `%% killed-only-by` patterns (none
/// when it has no pattern).
fn strays(mutant: &Mutant, report: &Report) -> Vec<String> {
    if mutant.only.is_empty() {
        return Vec::new();
    }
    report
        .failures()
        .map(|result| result.case.id.clone())
        .filter(|id| !mutant.only.iter().any(|glob| glob.is_match(id)))
        .collect()
}

#[test]
fn every_mutant_of_the_reference_adapter_fails_the_check() {
    let reference = std::fs::read_to_string(gan_ref()).unwrap();
    let cases = committed_cases();
    let dir = tempfile::tempdir().unwrap();
    // Per-case runs start a process per vector: every 4th vector that is not UTF-8 (about
    // 150, of every dialect and kind) keeps them short.
    let not_utf8: Vec<Case> = cases
        .iter()
        .filter(|case| case.input.is_none())
        .step_by(4)
        .cloned()
        .collect();
    let mutants = zoo("");
    assert!(mutants.len() >= 46, "{}", mutants.len());
    // Two mutants at a time (each run is one adapter process, mostly waiting on the other).
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2)
            .map(|worker| {
                let (mutants, reference, cases, not_utf8) =
                    (&mutants, &reference, &cases, &not_utf8);
                let dir = dir.path();
                scope.spawn(move || {
                    mutants
                        .iter()
                        .enumerate()
                        .filter(|(index, _)| index % 2 == worker)
                        .map(|(index, mutant)| {
                            (index, run_mutant(mutant, dir, reference, cases, not_utf8))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(usize, Outcome)> = workers
            .into_iter()
            .flat_map(|worker| worker.join().unwrap())
            .collect();
        all.sort_by_key(|(index, _)| *index);
        all.into_iter().map(|(_, outcome)| outcome).collect()
    });
    let mut table = String::new();
    let mut survivors = Vec::new();
    let mut weak = Vec::new();
    let mut rows = Vec::new();
    for outcome in outcomes {
        table.push_str(&outcome.table);
        survivors.extend(outcome.survivors);
        weak.extend(outcome.weak);
        rows.push(outcome.row);
    }
    let caught = mutants.len() - survivors.len();
    eprintln!("mutation score: {caught}/{} caught\n{table}", mutants.len());
    check_readme_table(&rows);
    assert!(survivors.is_empty(), "survivors: {survivors:?}\n{table}");
    assert!(
        weak.is_empty(),
        "killed by fewer than {MIN_KILLING} vectors, or outside their class: {weak:?}\n{table}"
    );
}

/// The complaint about a mutant killed by vectors outside its `%% killed-only-by` class.
fn stray_message(mutant: &Mutant, report: &Report) -> Option<String> {
    let strays = strays(mutant, report);
    (!strays.is_empty()).then(|| {
        format!(
            "{} killed by {} vectors outside its class, e.g. {}",
            mutant.name,
            strays.len(),
            strays
                .iter()
                .take(5)
                .cloned()
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// What one mutant's runs showed.
struct Outcome {
    row: Row,
    table: String,
    survivors: Vec<String>,
    weak: Vec<String>,
}

/// Builds `mutant` in `dir` and runs it: batch mode on `cases` (per case on `not_utf8` for a
/// `per-case-only` one), then per case on the first vectors that killed it.
fn run_mutant(
    mutant: &Mutant,
    dir: &Path,
    reference: &str,
    cases: &[Case],
    not_utf8: &[Case],
) -> Outcome {
    let mut table = String::new();
    let mut survivors = Vec::new();
    let mut weak = Vec::new();
    let path = dir.join(&mutant.name).join("gan_ref.py");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, mutate(mutant, "gan_ref.py", reference).unwrap()).unwrap();

    // A per-case-only bug (in how the raw bytes are read) runs per case, on the vectors
    // batch mode cannot send; every other mutant runs in batch mode on the whole corpus.
    let named: Vec<Case>;
    let (mode, selected) = if mutant.per_case_only {
        (Mode::PerCase, not_utf8)
    } else if mutant.dialects.is_empty() {
        (Mode::Batch, cases)
    } else {
        let selection = Selection {
            dialects: mutant.dialects.clone(),
            ..Selection::default()
        };
        named = gan::check::plan(&gan::corpus::embedded(), &selection).unwrap();
        (Mode::Batch, named.as_slice())
    };
    let mut first_run = config(python_command(&path, &[]), mode, mutant.check_errors);
    first_run.check_hints = mutant.check_hints;
    first_run.check_canonical = mutant.check_canonical;
    if let Some(timeout) = mutant.timeout {
        first_run.timeout = timeout;
    }
    let report = run(selected, &first_run);
    let killing = report.failures().count();
    let mut dialects: Vec<&str> = Vec::new();
    for result in report.failures() {
        if !dialects.contains(&result.case.section.as_str()) {
            dialects.push(&result.case.section);
        }
    }
    let row = Row {
        name: mutant.name.clone(),
        description: mutant.description.clone(),
        dialects: dialects.join(", "),
        mode: mode_name(mutant),
        killing,
        only: only_column(mutant),
    };
    let Some(first) = report.failures().next() else {
        survivors.push(mutant.name.clone());
        let _ = writeln!(table, "{:24} SURVIVED  {}", mutant.name, mutant.description);
        return Outcome {
            row,
            table,
            survivors,
            weak,
        };
    };
    if killing < MIN_KILLING {
        weak.push(format!("{} ({killing})", mutant.name));
    }
    weak.extend(stray_message(mutant, &report));
    let _ = writeln!(
        table,
        "{:24} caught by {} {} (input {}); {mode}: {}",
        mutant.name,
        first.status,
        first.case.id,
        gan::check::report::escape_input(&first.case.bytes),
        failing_counts(&report),
    );

    if !mutant.batch_only && !mutant.per_case_only {
        // The same vectors in per-case mode: the first ten that failed in batch mode.
        let caught: Vec<Case> = report.failures().take(10).map(|r| r.case.clone()).collect();
        let mut per_case = config(
            python_command(&path, &[]),
            Mode::PerCase,
            mutant.check_errors,
        );
        per_case.check_hints = mutant.check_hints;
        per_case.check_canonical = mutant.check_canonical;
        let report = run(&caught, &per_case);
        if report.passed() {
            survivors.push(format!("{} (per-case)", mutant.name));
        }
        let _ = writeln!(
            table,
            "{:24}   per-case on those: {}",
            "",
            failing_counts(&report)
        );
    }
    Outcome {
        row,
        table,
        survivors,
        weak,
    }
}

/// Every mutant must be killed by at least this many vectors, so that one sampling change in
/// the generator cannot let it live.
const MIN_KILLING: usize = 3;

/// A row of the table in `tests/mutants/README.md`.
struct Row {
    name: String,
    description: String,
    /// The dialects of the vectors that killed it, in corpus order.
    dialects: String,
    mode: &'static str,
    killing: usize,
    /// Its `%% killed-only-by` patterns.
    only: String,
}

/// `batch`, `batch, --check-errors`, `per-case, --check-errors`, …
fn mode_name(mutant: &Mutant) -> &'static str {
    if mutant.check_canonical {
        return "batch, --check-canonical";
    }
    match (
        mutant.per_case_only,
        mutant.check_hints,
        mutant.check_errors,
    ) {
        (true, _, _) => "per-case-only, --check-errors",
        (false, true, _) => "batch, --check-hints",
        (false, false, true) => "batch, --check-errors",
        (false, false, false) => "batch",
    }
}

/// The GAN zoo's table in `tests/mutants/README.md`, between its two markers, must be the one
/// this run measured; `UPDATE_MUTANTS=1` rewrites it.
fn check_readme_table(rows: &[Row]) {
    let mut table = String::from(
        "| mutant | bug | dialects killed in | mode | killed | killing vectors | only by |\n|---|---|---|---|---|---|---|\n",
    );
    for row in rows {
        let bug = row.description.trim().replace('|', "\\|");
        let _ = writeln!(
            table,
            "| {} | {bug} | {} | {} | {} | {} | {} |",
            row.name,
            row.dialects,
            row.mode,
            if row.killing > 0 { "yes" } else { "**no**" },
            row.killing,
            row.only,
        );
    }
    check_readme_section("mutant table", &table);
}

/// The part of `tests/mutants/README.md` between `<!-- {marker}: begin -->` and
/// `<!-- {marker}: end -->` must be `table`; `UPDATE_MUTANTS=1` rewrites it.
fn check_readme_section(marker: &str, table: &str) {
    let begin = format!("<!-- {marker}: begin -->\n");
    let end = format!("<!-- {marker}: end -->");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mutants/README.md");
    let readme = std::fs::read_to_string(&path).unwrap();
    let start = readme
        .find(&begin)
        .expect("the README has the begin marker")
        + begin.len();
    let stop = readme.find(&end).expect("the README has the end marker");
    if readme[start..stop] == *table {
        return;
    }
    if std::env::var_os("UPDATE_MUTANTS").is_some() {
        let updated = format!("{}{table}{}", &readme[..start], &readme[stop..]);
        std::fs::write(&path, updated).unwrap();
    } else {
        panic!(
            "tests/mutants/README.md's {marker} is stale (UPDATE_MUTANTS=1 rewrites it):\n{table}"
        );
    }
}

/// The `%% killed-only-by` patterns of `mutant`, for the tables.
fn only_column(mutant: &Mutant) -> String {
    mutant
        .only
        .iter()
        .map(|glob| format!("`{}`", glob.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn a_mutant_edit_that_does_not_apply_is_an_error() {
    let mutant = Mutant {
        name: "stale".to_owned(),
        description: String::new(),
        edits: vec![("no such text".to_owned(), "x".to_owned())],
        check_errors: false,
        check_hints: false,
        check_canonical: false,
        batch_only: false,
        per_case_only: false,
        timeout: None,
        only: Vec::new(),
        dialects: Vec::new(),
    };
    assert_eq!(
        mutate(&mutant, "gan_ref.py", "print(1)\n"),
        Err("stale: \"no such text\" occurs 0 times in gan_ref.py".to_owned())
    );
}

/// Runs every mutant of `tests/mutants/{folder}` (copies of `conformance/adapters/{adapter}`,
/// placed next to copies of the other adapters, which they import) over `cases` in batch
/// mode, or, for a mutant with `%% dialect` lines, over the vectors `plan` selects for those
/// dialects (the newest GGN edition runs only when named, D13); every one must fail, by at
/// least [`MIN_KILLING`] failing vectors. Prints the score and what caught each mutant.
fn every_mutant_fails(
    folder: &str,
    adapter: &str,
    cases: &[Case],
    plan: &dyn Fn(&Selection) -> Vec<Case>,
    at_least: usize,
) {
    let adapters = gan_ref().parent().unwrap().to_path_buf();
    let reference = std::fs::read_to_string(adapters.join(adapter)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mutants = zoo(folder);
    assert!(mutants.len() >= at_least, "{}", mutants.len());
    let mut table = String::new();
    let mut survivors = Vec::new();
    let mut weak = Vec::new();
    let mut readme = String::from(
        "| mutant | bug | mode | first caught by | failing | only by |\n|---|---|---|---|---|---|\n",
    );
    for mutant in &mutants {
        assert!(
            !mutant.batch_only,
            "{}: every {folder} run is batch",
            mutant.name
        );
        let home = dir.path().join(&mutant.name);
        std::fs::create_dir_all(&home).unwrap();
        for other in ["gan_ref.py", "ggn_ref.py", "migrate_ref.py"] {
            std::fs::copy(adapters.join(other), home.join(other)).unwrap();
        }
        let path = home.join(adapter);
        std::fs::write(&path, mutate(mutant, adapter, &reference).unwrap()).unwrap();
        let mut batch = config(python_command(&path, &[]), Mode::Batch, mutant.check_errors);
        if let Some(timeout) = mutant.timeout {
            batch.timeout = timeout;
        }
        let named: Vec<Case>;
        let selected = if mutant.dialects.is_empty() {
            cases
        } else {
            named = plan(&Selection {
                dialects: mutant.dialects.clone(),
                ..Selection::default()
            });
            named.as_slice()
        };
        let report = run(selected, &batch);
        let mode = if mutant.check_errors {
            "batch, --check-errors"
        } else {
            "batch"
        };
        let first = report.failures().next().map_or_else(
            || "**survived**".to_owned(),
            |first| format!("{} `{}`", first.status, first.case.id),
        );
        let _ = writeln!(
            readme,
            "| {folder}/{} | {} | {mode} | {first} | {} | {} |",
            mutant.name,
            mutant.description.trim().replace('|', "\\|"),
            failing_counts(&report),
            only_column(mutant),
        );
        match report.failures().next() {
            None => {
                survivors.push(mutant.name.clone());
                let _ = writeln!(table, "{:28} SURVIVED  {}", mutant.name, mutant.description);
            }
            Some(first) => {
                let killing = report.failures().count();
                if killing < MIN_KILLING {
                    weak.push(format!("{} ({killing})", mutant.name));
                }
                weak.extend(stray_message(mutant, &report));
                let _ = writeln!(
                    table,
                    "{:28} caught by {} {}; batch: {}",
                    mutant.name,
                    first.status,
                    first.case.id,
                    failing_counts(&report),
                );
            }
        };
    }
    let caught = mutants.len() - survivors.len();
    eprintln!(
        "{folder} mutation score: {caught}/{} caught\n{table}",
        mutants.len()
    );
    let _ = write!(
        readme,
        "\nMutation score: **{caught}/{}**, on {} vectors.\n",
        mutants.len(),
        cases.len()
    );
    check_readme_section(&format!("{folder} zoo table"), &readme);
    assert!(survivors.is_empty(), "survivors: {survivors:?}\n{table}");
    assert!(
        weak.is_empty(),
        "killed by fewer than {MIN_KILLING} vectors, or outside their class: {weak:?}\n{table}"
    );
}

#[test]
fn every_mutant_of_the_ggn_adapter_fails_the_ggn_suite() {
    let plan =
        |selection: &Selection| gan::check::plan(&gan::suite::ggn::embedded(), selection).unwrap();
    every_mutant_fails("ggn", "ggn_ref.py", &plan(&Selection::default()), &plan, 7);
}

#[test]
fn every_mutant_of_the_migrate_adapter_fails_the_migrate_suite() {
    let plan = |selection: &Selection| {
        gan::check::plan(&gan::suite::migrate::embedded(), selection).unwrap()
    };
    every_mutant_fails(
        "migrate",
        "migrate_ref.py",
        &plan(&Selection::default()),
        &plan,
        3,
    );
}

#[test]
fn every_mutant_of_the_migrate_ggn_adapter_fails_the_migrate_ggn_suite() {
    let plan = |selection: &Selection| {
        gan::check::plan(&gan::suite::migrate_ggn::embedded(), selection).unwrap()
    };
    let cases = plan(&Selection::default());
    every_mutant_fails("migrate-ggn", "migrate_ggn_ref.py", &cases, &plan, 4);
}
