//! The rules of the published schemas (`conformance/schema/vectors.schema.json`,
//! `ggn-vectors.schema.json`, `migrations.schema.json`) that serde's types do not enforce,
//! checked by the loader on every vector before any adapter starts: ids and their patterns,
//! one input form and never two, hex that is hex, what a valid and an invalid vector must and
//! must not carry. Beyond the schemas: ids are unique within a suite.
//!
//! A test (`tests/suite/corpus_validation.rs`) runs a set of broken files through both the
//! schemas and the loader and asserts they agree. There is no schema engine at run time.

use std::collections::HashSet;
use std::sync::OnceLock;

use regex::Regex;

use crate::suite::gan::format::VectorFile;
use crate::suite::ggn::format::{EvaluationFile, Expected, ValidationFile};
use crate::suite::migrate::format::MigrationFile;
use crate::suite::migrate_ggn::format::MigrateGgnFile;

/// What is wrong with a vector file: the vector (its id, or its position when the id is what
/// is wrong) and the rule it breaks.
pub type Problem = String;

const DIALECT: &str = "(legacy|beta|pnn|snn-pin|qpi)";

fn regex(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(pattern).expect("a valid pattern"))
}

fn gan_id() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(
        &CELL,
        &format!("^{DIALECT}/(valid|invalid)/[a-z0-9._-]+/[0-9a-f]{{12}}$"),
    )
}

fn gan_source() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(
        &CELL,
        &format!("^{DIALECT}/valid/[a-z0-9._-]+/[0-9a-f]{{12}}$"),
    )
}

fn group() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, "^[a-z0-9._-]+$")
}

fn mutation() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, "^[a-z0-9-]+$")
}

fn code() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, "^[a-z0-9]+(-[a-z0-9]+)*$")
}

fn pointer() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, "^(/([^~]|~[01])*)*$")
}

fn ggn_validation_id() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, "^ggn/(valid|invalid)/[a-z0-9-]+/[A-Za-z0-9._-]+$")
}

fn ggn_moves_id() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, "^ggn/moves/[a-z0-9-]+/[A-Za-z0-9._-]+$")
}

fn migrate_ggn_id() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(
        &CELL,
        &format!("^migrate-ggn/{DIALECT}-{DIALECT}/[a-z0-9]+/[a-z0-9-]+$"),
    )
}

fn migrate_id() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(
        &CELL,
        &format!("^migrate/{DIALECT}-{DIALECT}/[a-z0-9]+/[a-z0-9-]+$"),
    )
}

const DIALECTS: [&str; 5] = ["legacy", "beta", "pnn", "snn-pin", "qpi"];

const GAN_CODES: [&str; 8] = [
    "too-long",
    "invalid-utf8",
    "empty",
    "non-ascii",
    "case-mismatch",
    "missing-separator",
    "unexpected-end",
    "unexpected-char",
];

/// Whether `hex` is pairs of lowercase hex digits (`at_least_one`: one pair or more).
pub fn is_hex(hex: &str, at_least_one: bool) -> bool {
    hex.len().is_multiple_of(2)
        && (!at_least_one || !hex.is_empty())
        && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Collects the problems of one vector, named by its id.
struct Checker<'i> {
    ids: HashSet<&'i str>,
}

impl<'i> Checker<'i> {
    fn new() -> Self {
        Checker {
            ids: HashSet::new(),
        }
    }

    /// The id checked against `pattern` and for duplicates.
    fn id(&mut self, index: usize, id: &'i str, pattern: &Regex) -> Result<(), Problem> {
        if !pattern.is_match(id) {
            return Err(format!(
                "vector #{} has the id {id:?}, which does not match {}",
                index + 1,
                pattern.as_str()
            ));
        }
        if !self.ids.insert(id) {
            return Err(format!("vector {id}: the id is used twice"));
        }
        Ok(())
    }
}

/// `Err` naming the vector when `ok` is false.
fn rule(ok: bool, id: &str, what: impl FnOnce() -> String) -> Result<(), Problem> {
    if ok {
        Ok(())
    } else {
        Err(format!("vector {id}: {}", what()))
    }
}

/// The input forms: exactly one of `text` and `hex` (named `text_name`, `hex_name`), the hex
/// well formed.
fn one_input(
    id: &str,
    (text_name, text): (&str, Option<&String>),
    (hex_name, hex): (&str, Option<&String>),
    hex_needs_a_byte: bool,
) -> Result<(), Problem> {
    match (text, hex) {
        (Some(_), Some(_)) => Err(format!(
            "vector {id}: has both `{text_name}` and `{hex_name}` (give one)"
        )),
        (None, None) => Err(format!(
            "vector {id}: has neither `{text_name}` nor `{hex_name}`"
        )),
        (None, Some(hex)) => rule(is_hex(hex, hex_needs_a_byte), id, || {
            format!("`{hex_name}` {hex:?} is not lowercase hex digits in pairs")
        }),
        (Some(_), None) => Ok(()),
    }
}

/// Every rule of `vectors.schema.json` serde leaves unchecked, and unique ids.
pub fn gan_file(file: &VectorFile) -> Result<(), Problem> {
    if file.spec.is_empty() {
        return Err("`spec` is empty".to_owned());
    }
    let mut checker = Checker::new();
    for (index, vector) in file.vectors.iter().enumerate() {
        let id = vector.id.as_str();
        checker.id(index, id, gan_id())?;
        rule(DIALECTS.contains(&vector.dialect.as_str()), id, || {
            format!("unknown dialect {:?}", vector.dialect)
        })?;
        rule(group().is_match(&vector.group), id, || {
            format!(
                "the group {:?} does not match {}",
                vector.group,
                group().as_str()
            )
        })?;
        one_input(
            id,
            ("input", vector.input.as_ref()),
            ("input_hex", vector.input_hex.as_ref()),
            true,
        )?;
        if vector.input_hex.is_some() {
            rule(vector.group == "invalid-utf8", id, || {
                "`input_hex` is for the group invalid-utf8 only".to_owned()
            })?;
        }
        if vector.valid {
            for (name, present) in [
                ("input", vector.input.is_some()),
                ("actor", vector.actor.is_some()),
                ("canonical", vector.canonical.is_some()),
            ] {
                rule(present, id, || format!("a valid vector needs `{name}`"))?;
            }
            for (name, present) in [
                ("error", vector.error.is_some()),
                ("mutation", vector.mutation.is_some()),
                ("source", vector.source.is_some()),
            ] {
                rule(!present, id, || format!("a valid vector has no `{name}`"))?;
            }
        } else {
            rule(vector.error.is_some(), id, || {
                "an invalid vector needs `error`".to_owned()
            })?;
            for (name, present) in [
                ("actor", vector.actor.is_some()),
                ("canonical", vector.canonical.is_some()),
            ] {
                rule(!present, id, || {
                    format!("an invalid vector has no `{name}`")
                })?;
            }
        }
        if let Some(canonical) = &vector.canonical {
            rule(!canonical.is_empty(), id, || {
                "`canonical` is empty".to_owned()
            })?;
        }
        if let Some(actor) = &vector.actor {
            rule(
                !actor.style.is_empty() && !actor.piece_type.is_empty(),
                id,
                || "`actor` has an empty `style` or `type`".to_owned(),
            )?;
        }
        if let Some(error) = &vector.error {
            rule(GAN_CODES.contains(&error.code.as_str()), id, || {
                format!("unknown error code {:?}", error.code)
            })?;
            hint(id, file.format, &error.code, error.hint.as_ref())?;
        }
        if let Some(mutation) = &vector.mutation {
            rule(mutation_ok(mutation), id, || {
                format!(
                    "the mutation {mutation:?} does not match {}",
                    self::mutation().as_str()
                )
            })?;
        }
        if let Some(source) = &vector.source {
            rule(gan_source().is_match(source), id, || {
                format!(
                    "the source {source:?} does not match {}",
                    gan_source().as_str()
                )
            })?;
        }
        if let Some(note) = &vector.note {
            rule(!note.is_empty(), id, || "`note` is empty".to_owned())?;
        }
    }
    Ok(())
}

/// Format 2's `error.hint` (D3): present in every error, a non-empty string for a
/// case-mismatch only, `null` otherwise; format 1 has none.
fn hint(id: &str, format: u32, code: &str, hint: Option<&Option<String>>) -> Result<(), Problem> {
    match hint {
        None => rule(format < 2, id, || {
            "`error` needs `hint` (a string or null) from format 2 on".to_owned()
        }),
        Some(hint) => {
            rule(format >= 2, id, || {
                format!("`error.hint` is not part of format {format}")
            })?;
            match hint {
                None => Ok(()),
                Some(text) => {
                    rule(!text.is_empty(), id, || "`error.hint` is empty".to_owned())?;
                    rule(code == "case-mismatch", id, || {
                        format!("a {code} error has no hint: only a case-mismatch has one")
                    })
                }
            }
        }
    }
}

fn mutation_ok(name: &str) -> bool {
    mutation().is_match(name)
}

fn expected(id: &str, list: &[Expected], name: &str) -> Result<(), Problem> {
    for item in list {
        rule(code().is_match(&item.code), id, || {
            format!(
                "`{name}` has the code {:?}, which does not match {}",
                item.code,
                code().as_str()
            )
        })?;
        rule(pointer().is_match(&item.pointer), id, || {
            format!(
                "`{name}` has the pointer {:?}, which is not a JSON pointer",
                item.pointer
            )
        })?;
    }
    Ok(())
}

/// Every rule of `ggn-vectors.schema.json` (validation file) serde leaves unchecked, and
/// unique ids.
pub fn ggn_validation(file: &ValidationFile) -> Result<(), Problem> {
    let mut checker = Checker::new();
    for (index, vector) in file.vectors.iter().enumerate() {
        let id = vector.id.as_str();
        checker.id(index, id, ggn_validation_id())?;
        rule(DIALECTS.contains(&vector.dialect.as_str()), id, || {
            format!("unknown dialect {:?}", vector.dialect)
        })?;
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
            rule(vector.errors.len() == 1, id, || {
                "an invalid vector expects exactly one error".to_owned()
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
        rule(DIALECTS.contains(&vector.dialect.as_str()), id, || {
            format!("unknown dialect {:?}", vector.dialect)
        })?;
        rule(vector.board.keys().all(|s| !s.is_empty()), id, || {
            "`board` has an empty square name".to_owned()
        })?;
        rule(!vector.note.is_empty(), id, || "`note` is empty".to_owned())?;
    }
    Ok(())
}

/// A conversion's dialects and its `options.intermediate` (migrations and migrate-ggn).
fn conversion(id: &str, from: &str, to: &str, intermediate: &str) -> Result<(), Problem> {
    for (name, dialect) in [("from", from), ("to", to)] {
        rule(DIALECTS.contains(&dialect), id, || {
            format!("`{name}` is the unknown dialect {dialect:?}")
        })?;
    }
    rule(
        ["error", "drop", "enhance"].contains(&intermediate),
        id,
        || format!("unknown `options.intermediate` {intermediate:?}"),
    )
}

/// Every rule of `migrations.schema.json` serde leaves unchecked, and unique ids.
pub fn migrations(file: &MigrationFile) -> Result<(), Problem> {
    let mut checker = Checker::new();
    for (index, vector) in file.vectors.iter().enumerate() {
        let id = vector.id.as_str();
        checker.id(index, id, migrate_id())?;
        conversion(id, &vector.from, &vector.to, &vector.options.intermediate)?;
        one_input(
            id,
            ("input", vector.input.as_ref()),
            ("input_hex", vector.input_hex.as_ref()),
            true,
        )?;
        match (&vector.output, &vector.diagnostics, &vector.error) {
            (Some(output), Some(diagnostics), None) => {
                rule(!output.is_empty(), id, || "`output` is empty".to_owned())?;
                for diagnostic in diagnostics {
                    rule(code().is_match(diagnostic), id, || {
                        format!(
                            "the diagnostic {diagnostic:?} does not match {}",
                            code().as_str()
                        )
                    })?;
                }
            }
            (None, None, Some(error)) => rule(code().is_match(error), id, || {
                format!("the error {error:?} does not match {}", code().as_str())
            })?,
            _ => {
                return Err(format!(
                    "vector {id}: give `output` with `diagnostics`, or `error` alone"
                ))
            }
        }
    }
    Ok(())
}

/// Every rule of `migrate-ggn-vectors.schema.json` serde leaves unchecked, and unique ids.
pub fn migrate_ggn(file: &MigrateGgnFile) -> Result<(), Problem> {
    let mut checker = Checker::new();
    for (index, vector) in file.vectors.iter().enumerate() {
        let id = vector.id.as_str();
        checker.id(index, id, migrate_ggn_id())?;
        conversion(id, &vector.from, &vector.to, &vector.options.intermediate)?;
        if vector.output_text.is_some() {
            rule(vector.errors.is_empty(), id, || {
                "a vector with `output_text` expects no error".to_owned()
            })?;
        } else {
            rule(!vector.errors.is_empty(), id, || {
                "a vector without `output_text` expects at least one error".to_owned()
            })?;
            rule(vector.warnings.is_empty(), id, || {
                "a refused document expects no warning".to_owned()
            })?;
        }
        expected(id, &vector.errors, "errors")?;
        expected(id, &vector.warnings, "warnings")?;
    }
    Ok(())
}
