//! `gan::ggn`: validation, evaluation, the reader, the schema; one file per area, one line per
//! case where possible. The corpus and the CLI have their own files (`ggn_corpus`, `ggn_cli`).

mod api;
mod codes_table;
mod diagnostics;
mod duplicates;
mod evaluation;
mod examples;
mod logic;
mod reader;
mod schema;

use std::collections::HashSet;

use gan::ggn::{validate, Board, Diagnostic, Document, Move, MoveFilter, Options, Severity};

/// Every diagnostic of `json` with default options.
fn diagnostics(json: &str) -> Vec<Diagnostic> {
    diagnostics_with(json, &Options::default())
}

fn diagnostics_with(json: &str, options: &Options) -> Vec<Diagnostic> {
    validate(json.as_bytes(), options).diagnostics().to_vec()
}

/// `(code, severity, pointer)` of every diagnostic of `json`.
fn summary(json: &str) -> Vec<(&'static str, Severity, String)> {
    summarize(&diagnostics(json))
}

fn summarize(diagnostics: &[Diagnostic]) -> Vec<(&'static str, Severity, String)> {
    diagnostics
        .iter()
        .map(|d| (d.code, d.severity, d.pointer.clone()))
        .collect()
}

/// Asserts that `json` has exactly one diagnostic: an error `code` at `pointer`.
#[track_caller]
fn error(json: &str, code: &str, pointer: &str) -> Diagnostic {
    let found = diagnostics(json);
    assert_eq!(
        summarize(&found),
        [(code, Severity::Error, pointer.to_owned())],
        "{json}"
    );
    assert!(!validate(json.as_bytes(), &Options::default()).is_valid());
    found.into_iter().next().unwrap()
}

/// Asserts that `json` is valid with exactly one warning `code` at `pointer`.
#[track_caller]
fn warning(json: &str, code: &str, pointer: &str) -> Diagnostic {
    let validation = validate(json.as_bytes(), &Options::default());
    assert!(
        validation.is_valid(),
        "{json}: {:?}",
        validation.diagnostics()
    );
    let found = validation.diagnostics().to_vec();
    assert_eq!(
        summarize(&found),
        [(code, Severity::Warning, pointer.to_owned())],
        "{json}"
    );
    found.into_iter().next().unwrap()
}

/// Asserts that `json` is valid without any diagnostic and returns its model.
#[track_caller]
fn valid(json: &str) -> Document {
    let validation = validate(json.as_bytes(), &Options::default());
    assert_eq!(validation.diagnostics(), [], "{json}");
    validation.document().cloned().unwrap()
}

/// A variant of `CHESS:P` from e2 to e4 with the given members, as a document.
fn variant(members: &str) -> String {
    format!(r#"{{"CHESS:P": {{"e2": {{"e4": [{{{members}}}]}}}}}}"#)
}

/// The pointer of the variant built by [`variant`], plus `rest`.
fn at(rest: &str) -> String {
    format!("/CHESS:P/e2/e4/0{rest}")
}

/// A board from JSON, which must be valid.
#[track_caller]
fn board(json: &str) -> Board {
    Board::parse(json.as_bytes(), &Options::default()).unwrap()
}

/// Every move of `document` on `board`.
fn moves(document: &Document, board_json: &str) -> Vec<Move> {
    document.moves(&board(board_json), &MoveFilter::default())
}

/// `(piece, from, to, variant)` of each move.
fn keys(moves: &[Move]) -> Vec<(&str, &str, &str, usize)> {
    moves
        .iter()
        .map(|m| (m.piece.as_str(), m.from.as_str(), m.to.as_str(), m.variant))
        .collect()
}

fn squares(list: &[&str]) -> Options {
    Options {
        squares: Some(list.iter().map(|&s| s.to_owned()).collect::<HashSet<_>>()),
        ..Options::default()
    }
}

fn entry(square: &str, piece: Option<&str>) -> (String, Option<String>) {
    (square.to_owned(), piece.map(str::to_owned))
}
