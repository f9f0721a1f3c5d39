//! The GGN suite's judge and describer: the request of each vector, and the result a reply
//! earns. The rules themselves are [`protocol`](super::protocol)'s
//! ([`judge_validation`], [`judge_evaluation`]); this module maps their verdicts to results
//! and says what differs in words short enough for a report.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;
use serde_json::{Map, Value};

use super::format::{EvaluationVector, Expected, ExpectedMove, Query, ValidationVector};
use super::protocol::{judge_evaluation, judge_validation, occupied, Reply, Request, Verdict};

use crate::suite::{escape_input, Status};

/// The request line of a validation vector, with its LF, appended to `out`.
pub(crate) fn write_validation(vector: &ValidationVector, out: &mut Vec<u8>) {
    out.extend_from_slice(Request::validate(vector).to_line().as_bytes());
    out.push(b'\n');
}

/// The request line of an evaluation vector, with its LF, appended to `out`.
pub(crate) fn write_evaluation(vector: &EvaluationVector, out: &mut Vec<u8>) {
    out.extend_from_slice(Request::moves(vector).to_line().as_bytes());
    out.push(b'\n');
}

/// A reply object read as the GGN protocol's [`Reply`].
fn read(object: &Map<String, Value>) -> Result<Reply, String> {
    serde_json::from_value(Value::Object(object.clone()))
        .map_err(|error| format!("not a GGN reply: {error}"))
}

/// Judges the reply to a validation vector: `pass`, `fail`, `wrong-error` (only with
/// `check_errors`), or `crash` for a reply of the wrong shape.
pub(crate) fn judge_validate(
    vector: &ValidationVector,
    object: &Map<String, Value>,
    check_errors: bool,
) -> (Status, Option<String>) {
    if let Some(result) = unsupported(object, &validation_needs(vector)) {
        return result;
    }
    let reply = match read(object) {
        Ok(reply) => reply,
        Err(message) => return (Status::Crash, Some(message)),
    };
    match judge_validation(vector, &reply, check_errors) {
        Verdict::Pass => (Status::Pass, None),
        Verdict::Fail(_) => (
            Status::Fail,
            Some(format!(
                "expected {}, got {}",
                verdict_word(vector.valid),
                verdict_word(!vector.valid)
            )),
        ),
        Verdict::WrongError(message) => {
            let detail = match (&reply.errors, &reply.warnings) {
                (None, _) => "no \"errors\" member".to_owned(),
                (Some(errors), _) if !Expected::same(&vector.errors, errors) => format!(
                    "errors: expected {}, got {}",
                    diagnostics(&vector.errors),
                    diagnostics(errors)
                ),
                (_, Some(warnings)) if !Expected::same(&vector.warnings, warnings) => format!(
                    "warnings: expected {}, got {}",
                    diagnostics(&vector.warnings),
                    diagnostics(warnings)
                ),
                _ => message,
            };
            (Status::WrongError, Some(detail))
        }
        Verdict::Malformed(message) => (Status::Crash, Some(message)),
    }
}

/// Judges the reply to an evaluation vector: `pass`, `fail`, or `crash` for a reply of the
/// wrong shape.
pub(crate) fn judge_moves(
    vector: &EvaluationVector,
    object: &Map<String, Value>,
) -> (Status, Option<String>) {
    let needs: Vec<&str> = if vector.edition.is_some() {
        vec!["edition"]
    } else if vector.dialect != DEFAULT_DIALECT {
        vec!["dialect"]
    } else {
        Vec::new()
    };
    if let Some(result) = unsupported(object, &needs) {
        return result;
    }
    let reply = match read(object) {
        Ok(reply) => reply,
        Err(message) => return (Status::Crash, Some(message)),
    };
    match judge_evaluation(vector, &reply) {
        Verdict::Pass => (Status::Pass, None),
        Verdict::Fail(message) => {
            let detail = match &reply.moves {
                Some(moves) if reply.valid != Some(false) => {
                    first_difference(&vector.moves, &occupied(moves))
                }
                _ => message,
            };
            (Status::Fail, Some(detail))
        }
        Verdict::WrongError(message) => (Status::WrongError, Some(message)),
        Verdict::Malformed(message) => (Status::Crash, Some(message)),
    }
}

/// The dialect every implementation has (G1); any other is the feature `dialect`.
const DEFAULT_DIALECT: &str = "snn-pin";

/// The optional features a validation vector needs: `squares` (a squares list, G6), `strict`,
/// `dialect` (another dialect than snn-pin in the 2014 edition, G1), `edition` (another
/// edition than ggn-2014, G18), `warnings` (it expects warnings).
pub(crate) fn validation_needs(vector: &ValidationVector) -> Vec<&'static str> {
    let other_edition = vector.edition.is_some();
    [
        ("squares", vector.squares.is_some()),
        ("strict", vector.strict),
        (
            "dialect",
            !other_edition && vector.dialect != DEFAULT_DIALECT,
        ),
        ("edition", other_edition),
        ("warnings", !vector.warnings.is_empty()),
    ]
    .into_iter()
    .filter_map(|(feature, needed)| needed.then_some(feature))
    .collect()
}

/// The result of a reply that says `"unsupported": FEATURE`, if it does: `unsupported` when
/// the vector needs that feature, `fail` when it does not (an implementation cannot opt out of
/// the core), `crash` when the member is not a string. `None` when the member is absent or
/// `null`: the reply is judged as usual.
fn unsupported(object: &Map<String, Value>, needs: &[&str]) -> Option<(Status, Option<String>)> {
    let feature = match object.get("unsupported")? {
        Value::Null => return None,
        Value::String(feature) => feature,
        other => {
            return Some((
                Status::Crash,
                Some(format!("\"unsupported\" is not a string: {other}")),
            ))
        }
    };
    if needs.contains(&feature.as_str()) {
        return Some((
            Status::Unsupported,
            Some(format!("the implementation lacks the feature {feature:?}")),
        ));
    }
    let needed = if needs.is_empty() {
        "none".to_owned()
    } else {
        needs.join(", ")
    };
    Some((
        Status::Fail,
        Some(format!(
            "replied \"unsupported\": {feature:?}, but this vector does not need it (it needs: {needed})"
        )),
    ))
}

fn verdict_word(valid: bool) -> &'static str {
    if valid {
        "valid"
    } else {
        "invalid"
    }
}

/// `duplicate-key at /CHESS:P, wrong-type at ""`, or `none`.
fn diagnostics(list: &[Expected]) -> String {
    if list.is_empty() {
        return "none".to_owned();
    }
    list.iter()
        .map(|d| {
            let at = if d.pointer.is_empty() {
                "\"\""
            } else {
                &d.pointer
            };
            format!("{} at {at}", d.code)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where two lists of moves first differ, in words.
fn first_difference(want: &[ExpectedMove], got: &[ExpectedMove]) -> String {
    for (index, pair) in want.iter().zip(got).enumerate() {
        let (want, got) = pair;
        if want == got {
            continue;
        }
        let number = index + 1;
        if (
            &want.piece,
            &want.from,
            &want.to,
            want.variant,
            want.possibility,
        ) == (&got.piece, &got.from, &got.to, got.variant, got.possibility)
        {
            return format!(
                "move {number} ({}): board after it expected {}, got {}",
                move_name(want),
                board(want.board.as_ref()),
                board(got.board.as_ref())
            );
        }
        return format!(
            "move {number}: expected {}, got {}",
            move_name(want),
            move_name(got)
        );
    }
    match want.len().cmp(&got.len()) {
        std::cmp::Ordering::Greater => format!(
            "{} move(s) missing after the first {}: {}",
            want.len() - got.len(),
            got.len(),
            move_list(&want[got.len()..])
        ),
        std::cmp::Ordering::Less => format!(
            "{} extra move(s) after the expected {}: {}",
            got.len() - want.len(),
            want.len(),
            move_list(&got[want.len()..])
        ),
        std::cmp::Ordering::Equal => "the moves differ".to_owned(),
    }
}

/// `CHESS:P e7-e8/1`: piece, source, destination and variant (or possibility, `?` when
/// neither is given).
fn move_name(m: &ExpectedMove) -> String {
    let index = m
        .variant
        .or(m.possibility)
        .map_or_else(|| "?".to_owned(), |i| i.to_string());
    format!("{} {}-{}/{index}", m.piece, m.from, m.to)
}

fn move_list(moves: &[ExpectedMove]) -> String {
    if moves.is_empty() {
        return "no move".to_owned();
    }
    moves.iter().map(move_name).collect::<Vec<_>>().join(", ")
}

fn board(board: Option<&BTreeMap<String, String>>) -> String {
    board.map_or_else(
        || "none".to_owned(),
        |board| serde_json::to_string(board).unwrap_or_default(),
    )
}

/// What a validation vector expects, in words: `valid`, `valid, warnings: …` or
/// `invalid: duplicate-key at /CHESS:P`.
pub(crate) fn describe_validation(vector: &ValidationVector) -> String {
    let mut text = if vector.valid {
        "valid".to_owned()
    } else {
        format!("invalid: {}", diagnostics(&vector.errors))
    };
    if !vector.warnings.is_empty() {
        let _ = write!(text, "; warnings: {}", diagnostics(&vector.warnings));
    }
    text
}

/// What an evaluation vector expects, in words: `2 moves: CHESS:P e7-e8/0, …`.
pub(crate) fn describe_evaluation(vector: &EvaluationVector) -> String {
    moves_summary(&vector.moves)
}

fn moves_summary(moves: &[ExpectedMove]) -> String {
    match moves.len() {
        0 => "no move".to_owned(),
        1 => format!("1 move: {}", move_list(moves)),
        n => format!("{n} moves: {}", move_list(moves)),
    }
}

/// What a reply object says, in words.
pub(crate) fn describe_reply(object: &Map<String, Value>) -> String {
    let Ok(reply) = read(object) else {
        return format!("a malformed reply {}", Value::Object(object.clone()));
    };
    if let Some(moves) = &reply.moves {
        return moves_summary(&occupied(moves));
    }
    let mut text = match (reply.valid, &reply.errors) {
        (Some(true), _) => "valid".to_owned(),
        (Some(false), Some(errors)) => format!("invalid: {}", diagnostics(errors)),
        (Some(false), None) => "invalid (no errors reported)".to_owned(),
        (None, _) => return format!("no verdict: {}", Value::Object(object.clone())),
    };
    if let Some(warnings) = reply.warnings.as_ref().filter(|w| !w.is_empty()) {
        let _ = write!(text, "; warnings: {}", diagnostics(warnings));
    }
    text
}

/// A document on one line for the text report, escaped, cut after 300 characters.
fn document_line(bytes: &[u8]) -> String {
    const MAX: usize = 300;
    let shown = escape_input(bytes);
    if shown.chars().count() <= MAX {
        return shown;
    }
    let mut cut: String = shown.chars().take(MAX).collect();
    let _ = write!(cut, "… ({} bytes)", bytes.len());
    cut
}

/// The lines that show a validation vector's input in the text report.
pub(crate) fn validation_lines(
    vector: &ValidationVector,
    bytes: &[u8],
) -> Vec<(&'static str, String)> {
    let mut lines = vec![
        ("document", document_line(bytes)),
        ("dialect", vector.dialect.clone()),
    ];
    if let Some(edition) = &vector.edition {
        lines.push(("edition", edition.clone()));
    }
    if let Some(squares) = &vector.squares {
        lines.push(("squares", squares.join(" ")));
    }
    if vector.strict {
        lines.push(("options", "strict".to_owned()));
    }
    lines
}

/// The lines that show an evaluation vector's input in the text report.
pub(crate) fn evaluation_lines(
    vector: &EvaluationVector,
    bytes: &[u8],
) -> Vec<(&'static str, String)> {
    let mut lines = vec![
        ("document", document_line(bytes)),
        ("dialect", vector.dialect.clone()),
    ];
    if let Some(edition) = &vector.edition {
        lines.push(("edition", edition.clone()));
    }
    if let Some(board) = &vector.board {
        lines.push(("board", serde_json::to_string(board).unwrap_or_default()));
    }
    if let Some(position) = &vector.position {
        lines.push((
            "position",
            serde_json::to_string(position).unwrap_or_default(),
        ));
    }
    if vector.query != Query::default() {
        lines.push((
            "query",
            serde_json::to_string(&vector.query).unwrap_or_default(),
        ));
    }
    lines
}

/// The `expected` member of the JSON report.
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum ExpectedJson<'a> {
    /// A validation vector.
    Validation {
        valid: bool,
        errors: &'a [Expected],
        warnings: &'a [Expected],
    },
    /// An evaluation vector.
    Evaluation { moves: &'a [ExpectedMove] },
}

pub(crate) fn expected_validation(vector: &ValidationVector) -> ExpectedJson<'_> {
    ExpectedJson::Validation {
        valid: vector.valid,
        errors: &vector.errors,
        warnings: &vector.warnings,
    }
}

pub(crate) fn expected_evaluation(vector: &EvaluationVector) -> ExpectedJson<'_> {
    ExpectedJson::Evaluation {
        moves: &vector.moves,
    }
}

#[cfg(test)]
mod tests {
    use super::{first_difference, ExpectedMove};

    fn mv(piece: &str, to: &str, variant: usize, board: &[(&str, &str)]) -> ExpectedMove {
        ExpectedMove {
            piece: piece.to_owned(),
            from: "a1".to_owned(),
            to: to.to_owned(),
            variant: Some(variant),
            board: Some(
                board
                    .iter()
                    .map(|&(s, p)| (s.to_owned(), p.to_owned()))
                    .collect(),
            ),
            possibility: None,
        }
    }

    #[test]
    fn the_first_difference_of_two_move_lists_in_words() {
        let a = mv("X:X", "a2", 0, &[("a2", "X:X")]);
        let b = mv("X:X", "a3", 1, &[("a3", "X:X")]);
        let a_other_board = mv("X:X", "a2", 0, &[("a2", "X:+X")]);
        assert_eq!(
            first_difference(&[a.clone(), b.clone()], &[b.clone(), a.clone()]),
            "move 1: expected X:X a1-a2/0, got X:X a1-a3/1"
        );
        assert_eq!(
            first_difference(std::slice::from_ref(&a), &[a_other_board]),
            r#"move 1 (X:X a1-a2/0): board after it expected {"a2":"X:X"}, got {"a2":"X:+X"}"#
        );
        assert_eq!(
            first_difference(&[a.clone(), b.clone()], std::slice::from_ref(&a)),
            "1 move(s) missing after the first 1: X:X a1-a3/1"
        );
        assert_eq!(
            first_difference(&[], &[a, b]),
            "2 extra move(s) after the expected 0: X:X a1-a2/0, X:X a1-a3/1"
        );
    }
}
