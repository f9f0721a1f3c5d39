//! The rules of the published schemas (`conformance/schema/*-vectors.schema.json`,
//! `vectors.schema.json`, `migrations.schema.json`) that serde's types do not enforce, as far
//! as the suites share them: ids unique and of their pattern, one input form and never two,
//! hex that is hex, codes and pointers of their pattern, known dialects and options. Each
//! suite's `validate.rs` checks its own files with these, in its loader, before any adapter
//! starts; `tests/suite/corpus_validation.rs` runs broken files through both the schemas and
//! the loaders and asserts they agree. There is no schema engine at run time.

use std::collections::HashSet;
use std::sync::OnceLock;

use regex::Regex;

use crate::model::Dialect;

use super::format::Expected;
use super::hex::is_hex;

/// What is wrong with a vector file: the vector (its id, or its position when the id is what
/// is wrong) and the rule it breaks.
pub type Problem = String;

/// The dialect ids of the notation table, as a regex alternation for the id patterns:
/// `(legacy|beta|…)`.
pub(crate) fn dialect_alternation() -> String {
    let names: Vec<&str> = Dialect::ALL.iter().map(|d| d.as_str()).collect();
    format!("({})", names.join("|"))
}

/// Whether `name` is a dialect id of the notation table.
fn known_dialect(name: &str) -> bool {
    name.parse::<Dialect>().is_ok()
}

/// The regex of `cell`, compiled from `pattern` on first use.
pub(crate) fn regex(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(pattern).expect("a valid pattern"))
}

/// A stable code: kebab-case.
pub(crate) fn code() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, "^[a-z0-9]+(-[a-z0-9]+)*$")
}

/// An RFC 6901 JSON pointer.
fn pointer() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(&CELL, "^(/([^~]|~[01])*)*$")
}

/// Collects the ids of one file, to find each vector's id well formed and used once.
pub(crate) struct Checker<'i> {
    ids: HashSet<&'i str>,
}

impl<'i> Checker<'i> {
    pub(crate) fn new() -> Self {
        Checker {
            ids: HashSet::new(),
        }
    }

    /// The id checked against `pattern` and for duplicates.
    pub(crate) fn id(&mut self, index: usize, id: &'i str, pattern: &Regex) -> Result<(), Problem> {
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
pub(crate) fn rule(ok: bool, id: &str, what: impl FnOnce() -> String) -> Result<(), Problem> {
    if ok {
        Ok(())
    } else {
        Err(format!("vector {id}: {}", what()))
    }
}

/// A known dialect id.
pub(crate) fn dialect(id: &str, name: &str) -> Result<(), Problem> {
    rule(known_dialect(name), id, || {
        format!("unknown dialect {name:?}")
    })
}

/// The input forms: exactly one of `text` and `hex` (named `text_name`, `hex_name`), the hex
/// well formed.
pub(crate) fn one_input(
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

/// Expected diagnostics (the list `name`): codes and pointers of their patterns.
pub(crate) fn expected(id: &str, list: &[Expected], name: &str) -> Result<(), Problem> {
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

/// A conversion's dialects and its `options.intermediate` (the migrate and migrate-ggn
/// suites).
pub(crate) fn conversion(
    id: &str,
    from: &str,
    to: &str,
    intermediate: &str,
) -> Result<(), Problem> {
    for (name, dialect) in [("from", from), ("to", to)] {
        rule(known_dialect(dialect), id, || {
            format!("`{name}` is the unknown dialect {dialect:?}")
        })?;
    }
    rule(
        ["error", "drop", "enhance"].contains(&intermediate),
        id,
        || format!("unknown `options.intermediate` {intermediate:?}"),
    )
}
