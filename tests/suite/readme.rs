//! README.md and every page of `docs/` replayed: every example runs as written, from the
//! repository root, and prints what the page shows, with the exit status it shows.
//!
//! The rules, so that a new section or page only has to follow them:
//! - A fenced block of type `console` or `text` that holds `$ ` lines is a transcript: each
//!   `$ COMMAND` runs in bash, standard error merged into standard output (`2>&1`), and must
//!   print exactly the lines up to the next `$ ` line. A line `…` stands for any number of
//!   lines. A `text` or `console` block without `$ ` lines (a synopsis, a file) is not run.
//! - The exit status of a command must be 0, unless the next command of the block is
//!   `$ echo $?`, whose line shows it.
//! - A block of type `sh` is a script: each line that is not empty or a comment runs (a line
//!   ending in `\` continues on the next) and must exit 0; its output is not compared.
//! - `<!-- no-replay -->` on the line right before the fence skips a block (install,
//!   benchmarks, the full test run).
//! - `cargo run [--release] [-q] -- ARGS` runs as `gan ARGS`: the same program, built for the
//!   tests, first on `PATH`.
//! - Each `##` section of a page (and the part of a page before its first `##`) runs, top to
//!   bottom, in a scratch copy of the repository (its tracked and unignored files), so that
//!   files written by one block are there for the next, and nothing is written in the
//!   repository. The copy is a git repository of its own, every file added: after the
//!   section, `git status` must show nothing, so that whatever the examples write, run by
//!   hand in a clone, `.gitignore` ignores, and no tracked file changes.
//! - One masking rule, applied to the page and to the output alike: a timing
//!   (`0.42 s (3929/s)`) reads `N s (N/s)`, and the scratch folder's path reads `$SCRATCH`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One fenced block of README.md or of a `docs/` page.
struct Block {
    /// The page, relative to the repository root (`README.md`, `docs/check.md`).
    file: String,
    /// 1-based line of the opening fence.
    line: usize,
    lang: String,
    body: Vec<String>,
    replay: bool,
    /// The `##` section the block is in.
    section: String,
}

/// README.md, then every `docs/*.md` in name order: the pages whose examples are replayed.
fn pages(root: &Path) -> Vec<(String, String)> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| format!("docs/{}", path.file_name().unwrap().to_str().unwrap()))
        .collect();
    names.sort();
    names.insert(0, "README.md".to_owned());
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(root.join(&name)).unwrap();
            (name, text)
        })
        .collect()
}

fn readme_blocks(file: &str, text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut section = String::new();
    let mut previous = "";
    let mut lines = text.lines().enumerate();
    while let Some((index, line)) = lines.next() {
        if let Some(title) = line.strip_prefix("## ") {
            title.clone_into(&mut section);
        }
        if let Some(lang) = line.strip_prefix("```") {
            let mut body = Vec::new();
            for (_, inner) in lines.by_ref() {
                if inner.starts_with("```") {
                    break;
                }
                body.push(inner.to_owned());
            }
            blocks.push(Block {
                file: file.to_owned(),
                line: index + 1,
                lang: lang.trim().to_owned(),
                body,
                replay: previous.trim() != "<!-- no-replay -->",
                section: section.clone(),
            });
        }
        previous = line;
    }
    blocks
}

/// A command and what it must print; `status` is checked by a following `$ echo $?`.
struct Step {
    command: String,
    expected: Option<Vec<String>>,
}

fn steps(block: &Block) -> Vec<Step> {
    let transcript = block.body.iter().any(|line| line.starts_with("$ "));
    match block.lang.as_str() {
        "console" | "text" if transcript => {
            let mut steps: Vec<Step> = Vec::new();
            for line in &block.body {
                if let Some(command) = line.strip_prefix("$ ") {
                    steps.push(Step {
                        command: command.to_owned(),
                        expected: Some(Vec::new()),
                    });
                } else {
                    let step = steps.last_mut().unwrap_or_else(|| {
                        panic!("{}:{}: output before any `$ `", block.file, block.line)
                    });
                    step.expected.as_mut().unwrap().push(line.clone());
                }
            }
            steps
        }
        "sh" => {
            let mut steps = Vec::new();
            let mut pending = String::new();
            for line in &block.body {
                let trimmed = line.trim();
                if pending.is_empty() && (trimmed.is_empty() || trimmed.starts_with('#')) {
                    continue;
                }
                if let Some(start) = line.strip_suffix('\\') {
                    pending.push_str(start);
                    continue;
                }
                pending.push_str(line);
                steps.push(Step {
                    command: std::mem::take(&mut pending),
                    expected: None,
                });
            }
            steps
        }
        _ => Vec::new(),
    }
}

/// `cargo run [--release] [-q] -- ARGS` as `gan ARGS`.
fn as_gan(command: &str) -> String {
    let Some(rest) = command.strip_prefix("cargo run ") else {
        return command.to_owned();
    };
    let mut rest = rest;
    loop {
        if let Some(after) = rest.strip_prefix("-- ") {
            return format!("gan {after}");
        }
        match rest.split_once(' ') {
            Some(("--release" | "-q", after)) => rest = after,
            _ => return command.to_owned(),
        }
    }
}

/// The one masking rule: timings, and the scratch folder's path.
fn mask(text: &str, scratch: &Path) -> String {
    let timing = regex::Regex::new(r"\d+(\.\d+)? s \(\d+/s\)").unwrap();
    let text = text.replace(&scratch.display().to_string(), "$SCRATCH");
    timing.replace_all(&text, "N s (N/s)").into_owned()
}

/// Whether `actual` is `expected`, where a `…` line stands for any number of lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "…" => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, others)| line == first && matches(rest, others)),
    }
}

/// A copy of the repository's tracked and unignored files in a new temporary folder, but for
/// the fuzz targets' seed corpora (`fuzz/corpus/`, most of the repository's files), which no
/// example reads.
fn scratch_copy(root: &Path) -> tempfile::TempDir {
    let listed = Command::new("git")
        .args([
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
        ])
        .current_dir(root)
        .output()
        .expect("git lists the repository's files");
    assert!(listed.status.success(), "git ls-files failed");
    let dir = tempfile::tempdir().unwrap();
    git(dir.path(), &["init", "-q"]);
    for name in listed.stdout.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let name = std::str::from_utf8(name).unwrap();
        if name.starts_with("fuzz/corpus/") {
            continue;
        }
        let from = root.join(name);
        if !from.is_file() {
            continue; // deleted in the worktree, not yet in the index
        }
        let to = dir.path().join(name);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(&from, &to).unwrap();
    }
    git(dir.path(), &["add", "-A"]);
    dir
}

/// `git ARGS` in `dir`; its standard output.
fn git(dir: &Path, args: &[&str]) -> String {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .output()
        .expect("git runs");
    assert!(
        output.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// What the examples left in the scratch copy that git would show: files that `.gitignore`
/// does not ignore, and tracked files changed or deleted.
fn left_behind(dir: &Path) -> Vec<String> {
    let untracked = git(dir, &["ls-files", "--others", "--exclude-standard"]);
    let changed = git(dir, &["diff", "--name-status"]);
    untracked
        .lines()
        .map(|name| format!("?? {name}"))
        .chain(changed.lines().map(str::to_owned))
        .collect()
}

fn gan_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_gan"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Runs `command` in bash in `dir`; returns its exit status and its merged output.
fn run(command: &str, dir: &Path) -> (i32, String) {
    let path = std::env::join_paths(std::iter::once(gan_dir()).chain(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    )))
    .unwrap();
    let output = Command::new("bash")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("CLICOLOR")
        .env_remove("CARGO_TERM_COLOR")
        .stdin(Stdio::null())
        .output()
        .expect("bash runs");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

/// Replays the blocks of one section in one scratch copy; returns the problems found.
fn replay_section(root: &Path, blocks: &[&Block]) -> (usize, Vec<String>) {
    let scratch = scratch_copy(root);
    let dir = scratch.path();
    let mut problems = Vec::new();
    let mut ran = 0;
    for block in blocks {
        let steps = steps(block);
        let mut status: Option<(String, i32)> = None;
        for (index, step) in steps.iter().enumerate() {
            let place = format!("{}:{}: $ {}", block.file, block.line, step.command);
            let (code, output) = if step.command == "echo $?" {
                let (_, code) = status.take().expect("`echo $?` after a command");
                (0, format!("{code}\n"))
            } else {
                let (code, output) = run(&as_gan(&step.command), dir);
                ran += 1;
                (code, output)
            };
            let shows_status = steps
                .get(index + 1)
                .is_some_and(|next| next.command == "echo $?");
            if code != 0 && !shows_status {
                problems.push(format!(
                    "{place}\nexits {code}; the page must show it with `$ echo $?`\n{output}"
                ));
            }
            status = Some((step.command.clone(), code));
            if let Some(expected) = &step.expected {
                let actual = mask(&output, dir);
                let actual: Vec<&str> = actual.lines().collect();
                let expected: Vec<String> = expected.iter().map(|l| mask(l, dir)).collect();
                if !matches(&expected, &actual) {
                    problems.push(format!(
                        "{place}\nexpected:\n{}\nactual:\n{}",
                        expected.join("\n"),
                        actual.join("\n")
                    ));
                }
            }
        }
    }
    let left = left_behind(dir);
    if !left.is_empty() {
        let place = blocks
            .first()
            .map_or_else(String::new, |b| format!("{} ({})", b.file, b.section));
        problems.push(format!(
            "{place}: the examples leave the tree unclean (add what they write to \
             .gitignore):\n{}",
            left.join("\n")
        ));
    }
    (ran, problems)
}

#[test]
fn every_readme_and_docs_example_runs_as_written() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let blocks: Vec<Block> = pages(root)
        .iter()
        .flat_map(|(file, text)| readme_blocks(file, text))
        .collect();
    let mut sections: Vec<((&str, &str), Vec<&Block>)> = Vec::new();
    for block in blocks.iter().filter(|b| b.replay && !steps(b).is_empty()) {
        let key = (block.file.as_str(), block.section.as_str());
        match sections.last_mut() {
            Some((name, list)) if *name == key => list.push(block),
            _ => sections.push((key, vec![block])),
        }
    }
    let mut problems = Vec::new();
    let mut ran = 0;
    for (_, section) in &sections {
        let (count, found) = replay_section(root, section);
        ran += count;
        problems.extend(found);
    }
    assert!(
        problems.is_empty(),
        "{} example(s) of README.md and docs/ differ:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
    assert!(ran >= 30, "only {ran} README and docs commands ran");
}

/// Blocks that cannot replay are few and named here, so that a marker is not a way around
/// the replay.
#[test]
fn only_install_and_build_blocks_skip_the_replay() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pages = pages(root);
    let blocks = pages
        .iter()
        .flat_map(|(file, text)| readme_blocks(file, text));
    for block in blocks.filter(|b| !b.replay) {
        let body = block.body.join("\n");
        assert!(
            [
                "cargo install",
                "./scripts/test",
                "cargo test",
                "cargo bench"
            ]
            .iter()
            .any(|allowed| body.contains(allowed)),
            "{}:{}: a no-replay block that neither installs, builds nor benchmarks:\n{body}",
            block.file,
            block.line
        );
    }
}

/// What git would show after a section: new files `.gitignore` does not ignore, and tracked
/// files changed or deleted; nothing else.
#[test]
fn the_tree_check_sees_what_git_would_show() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path();
    git(path, &["init", "-q"]);
    std::fs::write(path.join(".gitignore"), "/report.*\n").unwrap();
    std::fs::write(path.join("kept.txt"), "a").unwrap();
    std::fs::write(path.join("gone.txt"), "a").unwrap();
    git(path, &["add", "-A"]);
    assert!(left_behind(path).is_empty());
    std::fs::write(path.join("report.xml"), "ignored").unwrap();
    assert!(left_behind(path).is_empty());
    std::fs::write(path.join("new.txt"), "b").unwrap();
    std::fs::write(path.join("kept.txt"), "b").unwrap();
    std::fs::remove_file(path.join("gone.txt")).unwrap();
    assert_eq!(
        left_behind(path),
        ["?? new.txt", "D\tgone.txt", "M\tkept.txt"]
    );
}

#[test]
fn the_replay_rules_hold() {
    let lines = |text: &str| -> Vec<String> { text.lines().map(str::to_owned).collect() };
    assert!(matches(&lines("a\n…\nd"), &["a", "b", "c", "d"]));
    assert!(matches(&lines("a\n…\nd"), &["a", "d"]));
    assert!(!matches(&lines("a\n…\nd"), &["a", "b"]));
    assert!(!matches(&lines("a\nb"), &["a", "b", "c"]));
    assert_eq!(
        as_gan("cargo run --release -- check -- x"),
        "gan check -- x"
    );
    assert_eq!(as_gan("cargo run -q -- detect < f"), "gan detect < f");
    assert_eq!(as_gan("cargo test -- x"), "cargo test -- x");
    let dir = Path::new("/tmp/x");
    assert_eq!(
        mask("1750 vectors in 0.42 s (3929/s) in /tmp/x/a", dir),
        "1750 vectors in N s (N/s) in $SCRATCH/a"
    );
    let blocks = readme_blocks(
        "docs/a.md",
        "## A\n<!-- no-replay -->\n```sh\nx\n```\n```console\n$ y\nz\n```\n",
    );
    assert_eq!(blocks.len(), 2);
    assert!(!blocks[0].replay && blocks[1].replay);
    assert_eq!(
        (blocks[1].file.as_str(), blocks[1].section.as_str()),
        ("docs/a.md", "A")
    );
    let step = &steps(&blocks[1])[0];
    assert_eq!(
        (step.command.as_str(), step.expected.clone()),
        ("y", Some(vec!["z".to_owned()]))
    );
}

/// The front door: README.md's first 40 lines say what gan is and hold both set-up commands,
/// the job `gan` exists for on the data the repository ships, and the test command that
/// `.ci/run` calls; a table of contents follows.
#[test]
fn the_readme_opens_with_what_gan_is_and_both_set_up_commands() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let head: Vec<&str> = readme.lines().take(40).collect();
    assert_eq!(head[0], "# gan");
    assert!(
        head.iter()
            .any(|line| line.starts_with("GAN (General Actor Notation) names the pieces")),
        "README.md's first 40 lines say what gan is"
    );
    for command in [
        "cargo run --release -- check --check-errors -- python3 conformance/adapters/gan_ref.py",
        "./scripts/test",
    ] {
        assert!(
            head.contains(&command),
            "README.md's first 40 lines lack `{command}`"
        );
    }
    let ci = std::fs::read_to_string(root.join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|line| line == "./scripts/test"),
        ".ci/run calls ./scripts/test"
    );
    assert!(
        readme.contains("\n## Contents\n"),
        "README.md has a table of contents"
    );
}

/// Every `docs/*.md` page is replayed (`pages` reads the whole folder), linked from README.md,
/// and compiled as a doctest: `src/lib.rs` includes it. DECISIONS.md alone is not compiled:
/// its unlabelled block is the oracle regexes, which rustdoc would take for Rust, and it holds
/// no Rust block.
#[test]
fn every_docs_page_is_replayed_linked_and_compiled() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(root.join("src/lib.rs")).unwrap();
    let pages = pages(root);
    let (readme, docs) = pages.split_first().unwrap();
    assert_eq!(readme.0, "README.md");
    assert!(lib.contains("#[doc = include_str!(\"../README.md\")]"));
    assert!(docs.len() >= 9, "{} pages under docs/", docs.len());
    for (file, text) in docs {
        assert!(
            readme.1.contains(&format!("]({file})")),
            "README.md does not link {file}"
        );
        if file == "docs/DECISIONS.md" {
            assert!(
                !text.lines().any(|line| line.starts_with("```rust")),
                "{file} holds a Rust block, which no doctest compiles"
            );
            continue;
        }
        assert!(
            lib.contains(&format!("#[doc = include_str!(\"../{file}\")]")),
            "src/lib.rs does not compile the Rust blocks of {file}: add it to docs_doctests"
        );
    }
}

/// Every relative link of README.md and the `docs/` pages leads to a file of the repository,
/// and its `#anchor` to a heading of the page it names.
#[test]
fn every_link_of_readme_and_docs_resolves() {
    assert_eq!(
        anchors("# T\n```sh\n# not a heading\n```\n## Decisions on points DECISIONS.md leaves open (the strict reading)\n### 8. Processes and signals\n"),
        ["t", "decisions-on-points-decisionsmd-leaves-open-the-strict-reading", "8-processes-and-signals"]
    );
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let link = regex::Regex::new(r"\]\(([^)\s]+)\)").unwrap();
    let mut broken = Vec::new();
    let mut checked = 0;
    for (file, text) in pages(root) {
        let page = root.join(&file);
        for found in link.captures_iter(&text) {
            let target = &found[1];
            if target.contains("://") {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target, None),
            };
            let to = if path.is_empty() {
                page.clone()
            } else {
                page.parent().unwrap().join(path)
            };
            checked += 1;
            if !to.exists() {
                broken.push(format!("{file}: {target}: no such file"));
            } else if let Some(anchor) = anchor {
                let headings = anchors(&std::fs::read_to_string(&to).unwrap());
                if !headings.iter().any(|heading| heading == anchor) {
                    broken.push(format!("{file}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert!(checked >= 50, "only {checked} links checked");
}

/// The anchors GitHub gives the headings of a Markdown page (outside fenced blocks): the
/// title lowercased, spaces as `-`, every character but letters, digits, `-` and `_` removed.
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let title = line.trim_start_matches('#');
        if fenced || title.len() == line.len() || !title.starts_with(' ') {
            continue;
        }
        found.push(
            title
                .trim()
                .to_lowercase()
                .chars()
                .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
                .map(|c| if c == ' ' { '-' } else { c })
                .collect(),
        );
    }
    found
}

/// `examples/edited-grammar/` is the built-in grammars with qpi's style widened: the files
/// it does not edit stay copies of `grammar/`.
#[test]
fn the_edited_grammar_example_differs_only_in_qpi() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dialect in ["legacy", "beta", "pnn", "snn-pin", "qpi"] {
        let name = format!("{dialect}.pest");
        let built_in = std::fs::read_to_string(root.join("grammar").join(&name)).unwrap();
        let edited =
            std::fs::read_to_string(root.join("examples/edited-grammar").join(&name)).unwrap();
        assert_eq!(built_in == edited, dialect != "qpi", "{name}");
    }
}

/// `rust-version` in Cargo.toml is what README.md states, and no older than any locked
/// dependency's own `rust-version` (build and test dependencies of this platform, as
/// `cargo metadata --offline` resolves them from Cargo.lock).
#[test]
fn the_minimum_rust_version_is_stated_and_true() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let ours = parse_version(env!("CARGO_PKG_RUST_VERSION"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let stated = format!(
        "Requires a Rust toolchain, {} or later",
        env!("CARGO_PKG_RUST_VERSION")
    );
    assert!(readme.contains(&stated), "README.md must say: {stated}");
    assert!(
        readme.contains("cargo install --locked --path ."),
        "the install line keeps the lock file"
    );

    let rustc = Command::new("rustc").arg("-vV").output().unwrap();
    let host = String::from_utf8(rustc.stdout)
        .unwrap()
        .lines()
        .find_map(|line| line.strip_prefix("host: ").map(str::to_owned))
        .expect("rustc -vV names the host");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let metadata = Command::new(cargo)
        .args(["metadata", "--offline", "--locked", "--format-version", "1"])
        .args(["--filter-platform", &host])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(
        metadata.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&metadata.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&metadata.stdout).unwrap();
    let packages = metadata["packages"].as_array().unwrap();
    assert!(packages.len() > 50, "{} packages", packages.len());
    let mut newest = (Vec::new(), String::new());
    for package in packages {
        if let Some(version) = package["rust_version"].as_str() {
            let version = parse_version(version);
            if version > newest.0 {
                newest = (version, package["name"].as_str().unwrap().to_owned());
            }
        }
    }
    assert!(
        ours >= newest.0,
        "rust-version {} is older than {}'s {:?}",
        env!("CARGO_PKG_RUST_VERSION"),
        newest.1,
        newest.0
    );
}

/// `1.89` or `1.88.0` as numbers, a missing patch level as 0.
fn parse_version(text: &str) -> Vec<u64> {
    let mut parts: Vec<u64> = text.split('.').map(|p| p.parse().unwrap()).collect();
    parts.resize(3, 0);
    parts
}

/// The counts the prose of the `docs/` pages states (no transcript shows them, so the replay
/// cannot see them go stale), each against what the repository holds, counted here.
#[test]
fn the_counts_in_the_prose_are_the_repositorys() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let number = |page: &str, pattern: &str| -> usize {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        let prose = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let found = regex::Regex::new(pattern)
            .unwrap()
            .captures(&prose)
            .unwrap_or_else(|| panic!("{page} states no count for {pattern:?}"));
        found[1].replace(',', "").parse().unwrap()
    };
    let files = |folder: &str, extension: &str| {
        std::fs::read_dir(root.join(folder))
            .unwrap()
            .filter(|entry| {
                entry
                    .as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|e| e == extension)
            })
            .count()
    };
    assert_eq!(
        number(
            "docs/check.md",
            r"holds (\d+) small wrong edits of the reference adapter"
        ),
        files("tests/mutants", "mutant")
    );
    let vectors = |file: &str| -> usize {
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(root.join(file)).unwrap()).unwrap();
        json["vectors"].as_array().unwrap().len()
    };
    assert_eq!(
        number(
            "docs/ggn.md",
            r"the GGN conformance corpus: (\d+) documents"
        ),
        vectors("conformance/ggn/validation.json")
    );
    assert_eq!(
        number("docs/ggn.md", r"and (\d+) evaluation vectors"),
        vectors("conformance/ggn/evaluation.json")
    );
    // Per dialect "at least V valid and I invalid vectors": true of every dialect's file.
    let (valid, invalid) = (
        number(
            "docs/corpus.md",
            r"at least ([\d,]+) valid and [\d,]+ invalid vectors",
        ),
        number(
            "docs/corpus.md",
            r"at least [\d,]+ valid and ([\d,]+) invalid vectors",
        ),
    );
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("conformance/manifest.json")).unwrap(),
    )
    .unwrap();
    let dialects = manifest["dialects"].as_array().unwrap();
    assert_eq!(dialects.len(), gan::Dialect::ALL.len());
    // The five GAN dialects; the editions' bounds are held by `editions` and `corpus_files`.
    for dialect in &dialects[..5] {
        let count = |key: &str| usize::try_from(dialect[key].as_u64().unwrap()).unwrap();
        assert!(count("valid") >= valid, "{}", dialect["dialect"]);
        assert!(count("invalid") >= invalid, "{}", dialect["dialect"]);
    }
}
