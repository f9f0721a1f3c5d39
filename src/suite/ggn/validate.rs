//! The rules of `conformance/schema/ggn-vectors.schema.json` that serde's types do not
//! enforce, checked on both GGN vector files the loader reads (see
//! [`crate::suite::common`]'s rules).

use std::sync::OnceLock;

use regex::Regex;

use crate::suite::common::validate::{dialect, expected, one_input, regex, rule, Checker, Problem};

use super::format::{EvaluationFile, ValidationFile};

fn ggn_validation_id() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, "^ggn/(valid|invalid)/[a-z0-9-]+/[A-Za-z0-9._-]+$")
}

fn ggn_moves_id() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, "^ggn/moves/[a-z0-9-]+/[A-Za-z0-9._-]+$")
}

/// Every rule of `ggn-vectors.schema.json` (validation file) serde leaves unchecked, and
/// unique ids.
pub fn ggn_validation(file: &ValidationFile) -> Result<(), Problem> {
    let mut checker = Checker::new();
    for (index, vector) in file.vectors.iter().enumerate() {
        let id = vector.id.as_str();
        checker.id(index, id, ggn_validation_id())?;
        dialect(id, &vector.dialect)?;
        if let Some(edition) = &vector.edition {
            newer_edition(id, edition)?;
            rule(vector.squares.is_none(), id, || {
                "`squares` applies to the ggn-2014 edition only".to_owned()
            })?;
            rule(vector.dialect == "qpi-2026-01", id, || {
                "the ggn-2025-10 edition's values are qpi-2026-01 tokens (G19)".to_owned()
            })?;
        }
        one_input(
            id,
            ("document_text", vector.document_text.as_ref()),
            ("document_hex", vector.document_hex.as_ref()),
            false,
        )?;
        if let Some(squares) = &vector.squares {
            rule(squares.iter().all(|s| !s.is_empty()), id, || {
                "`squares` holds an empty name".to_owned()
            })?;
        }
        if vector.valid {
            rule(id.starts_with("ggn/valid/"), id, || {
                "a valid vector's id starts with ggn/valid/".to_owned()
            })?;
            rule(vector.errors.is_empty(), id, || {
                "a valid vector expects no error".to_owned()
            })?;
        } else {
            rule(id.starts_with("ggn/invalid/"), id, || {
                "an invalid vector's id starts with ggn/invalid/".to_owned()
            })?;
            rule(!vector.errors.is_empty(), id, || {
                "an invalid vector expects at least one error".to_owned()
            })?;
        }
        expected(id, &vector.errors, "errors")?;
        expected(id, &vector.warnings, "warnings")?;
        rule(!vector.note.is_empty(), id, || "`note` is empty".to_owned())?;
    }
    Ok(())
}

/// Every rule of `ggn-vectors.schema.json` (evaluation file) serde leaves unchecked, and
/// unique ids.
pub fn ggn_evaluation(file: &EvaluationFile) -> Result<(), Problem> {
    let mut checker = Checker::new();
    for (index, vector) in file.vectors.iter().enumerate() {
        let id = vector.id.as_str();
        checker.id(index, id, ggn_moves_id())?;
        dialect(id, &vector.dialect)?;
        let newest = vector.edition.is_some();
        if let Some(edition) = &vector.edition {
            newer_edition(id, edition)?;
            rule(vector.dialect == "qpi-2026-01", id, || {
                "the ggn-2025-10 edition's values are qpi-2026-01 tokens (G19)".to_owned()
            })?;
        }
        rule(
            vector.board.is_some() != newest && vector.position.is_some() == newest,
            id,
            || "a ggn-2014 vector has a `board`, a ggn-2025-10 vector a `position`".to_owned(),
        )?;
        if let Some(board) = &vector.board {
            rule(board.keys().all(|s| !s.is_empty()), id, || {
                "`board` has an empty square name".to_owned()
            })?;
        }
        let shape = |m: &super::format::ExpectedMove| {
            if newest {
                m.possibility.is_some() && m.variant.is_none() && m.board.is_none()
            } else {
                m.possibility.is_none() && m.variant.is_some() && m.board.is_some()
            }
        };
        rule(vector.moves.iter().all(shape), id, || {
            "a ggn-2014 move has `variant` and `board`, a ggn-2025-10 move `possibility`".to_owned()
        })?;
        rule(!vector.note.is_empty(), id, || "`note` is empty".to_owned())?;
    }
    Ok(())
}

/// A vector's `edition` member names a GGN edition other than `ggn-2014` (which a vector
/// says by having none).
fn newer_edition(id: &str, edition: &str) -> Result<(), Problem> {
    let known = edition.parse::<crate::ggn::Edition>();
    rule(
        known.is_ok_and(|e| e != crate::ggn::Edition::Ggn2014),
        id,
        || format!("`edition` {edition:?} is no GGN edition other than ggn-2014"),
    )
}
