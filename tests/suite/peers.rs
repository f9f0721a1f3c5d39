//! docs/check.md's implementations x notations table (written by `scripts/peers`, which
//! `.ci/run` runs with the peers built): a row per notation in the table's order, and each
//! implementation's "ran" the count of the notation's vectors a batch run sends (those with a
//! UTF-8 `input`), so that a corpus change shows here without building the peers.

use std::path::Path;

use gan::Dialect;

/// The notations the crates' adapter covers (as `scripts/peers` selects them).
const CRATES: [&str; 4] = ["qpi-2026-01", "pin-2025-12", "sin-2025-07", "epin-2025-12"];

fn table() -> Vec<Vec<String>> {
    let page = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/check.md"))
        .unwrap();
    let (_, rest) = page.split_once("<!-- scripts/peers: begin -->\n").unwrap();
    let (block, _) = rest.split_once("<!-- scripts/peers: end -->").unwrap();
    block
        .lines()
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().to_owned())
                .collect()
        })
        .collect()
}

#[test]
fn the_implementations_table_counts_the_corpus() {
    let rows = table();
    assert_eq!(rows[0], ["", "reference", "sashite-rs"]);
    let files = gan::corpus::embedded();
    let body = &rows[2..rows.len() - 1];
    let names: Vec<&str> = body.iter().map(|row| row[0].as_str()).collect();
    assert_eq!(names, Dialect::ALL.map(Dialect::as_str));
    let (mut reference, mut crates) = (0, 0);
    for row in body {
        let file = files.iter().find(|f| f.dialect == row[0]).unwrap();
        let sent = file.vectors.iter().filter(|v| v.input.is_some()).count();
        assert_eq!(row[1], format!("{sent}/{sent}"), "{}: reference", row[0]);
        reference += sent;
        if CRATES.contains(&row[0].as_str()) {
            assert_eq!(row[2], format!("{sent}/{sent}"), "{}: sashite-rs", row[0]);
            crates += sent;
        } else {
            assert_eq!(row[2], "—", "{}: sashite-rs covers it?", row[0]);
        }
    }
    assert_eq!(
        rows.last().unwrap(),
        &[
            "**all**".to_owned(),
            format!("{reference}/{reference}"),
            format!("{crates}/{crates}")
        ]
    );
}

#[test]
fn the_peers_script_selects_the_notations_this_test_counts() {
    let script =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/peers"))
            .unwrap();
    let selected: Vec<&str> = script
        .split("--dialect ")
        .skip(1)
        .filter_map(|rest| rest.split_whitespace().next())
        .filter(|name| !name.starts_with('"'))
        .collect();
    let mut expected = CRATES.to_vec();
    expected.sort_by_key(|name| name.parse::<Dialect>().unwrap());
    let mut selected = selected.clone();
    selected.sort_by_key(|name| name.parse::<Dialect>().unwrap());
    assert_eq!(selected, expected);
}

/// `peers/sanki-engine` (issue 21): its own package with the engine pinned, not a dependency
/// of gan, a script to run it, and a README that documents every member of the board files
/// its binary writes, in the binary's format (without building the peer).
#[test]
fn the_sanki_engine_peer_is_pinned_and_documents_its_board_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let peer = root.join("peers/sanki-engine");
    let read = |name: &str| std::fs::read_to_string(peer.join(name)).unwrap();

    let manifest = read("Cargo.toml");
    let (_, dependencies) = manifest.split_once("\n[dependencies]\n").unwrap();
    let (dependencies, _) = dependencies.split_once("\n[").unwrap();
    let pins: Vec<&str> = dependencies
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .collect();
    assert!(
        pins.contains(&r#"sashite-sanki-engine = "=0.12.1""#),
        "{pins:?}"
    );
    for pin in &pins {
        let (_, version) = pin.split_once(" = ").unwrap();
        assert!(version.starts_with("\"="), "not pinned with `=`: {pin}");
    }
    assert!(manifest.lines().any(|line| line == "[workspace]"));
    assert!(read("Cargo.lock")
        .contains("name = \"sashite-sanki-engine\"\nversion = \"0.12.1\"\nsource = \"registry+"));
    let gan = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    assert!(!gan.contains("sanki"), "gan's Cargo.toml names the peer");

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(peer.join("run.sh"))
            .unwrap()
            .permissions()
            .mode();
        assert_ne!(mode & 0o111, 0, "run.sh is not executable");
    }

    let main = read("src/main.rs");
    let readme = read("README.md");
    let (_, format) = main.split_once("const BOARD_FORMAT: u64 = ").unwrap();
    let (format, _) = format.split_once(';').unwrap();
    assert!(readme.contains(&format!("## Board files (format {format})")));
    let (_, writer) = main.split_once("fn board_file(").unwrap();
    let (writer, _) = writer.split_once("\n}\n").unwrap();
    let members: Vec<&str> = writer
        .lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let rest = line
                .strip_prefix('"')
                .or_else(|| line.strip_prefix("entry[\""))?;
            let (name, _) = rest.split_once('"')?;
            (name.chars().all(|c| c.is_ascii_lowercase() || c == '_')).then_some(name)
        })
        .collect();
    assert!(members.len() > 10, "{members:?}");
    for member in members {
        assert!(
            readme.contains(&format!("`{member}`")),
            "README: `{member}`?"
        );
    }
}
