//! The rules of `conformance/schema/migrate-ggn-vectors.schema.json` that serde's types do
//! not enforce, checked on every vector the loader reads (see [`crate::suite::common`]'s
//! rules).

use std::sync::OnceLock;

use regex::Regex;

use crate::suite::common::validate::{
    conversion, dialect_alternation, expected, regex, rule, Checker, Problem,
};

use super::format::MigrateGgnFile;

fn migrate_ggn_id() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(
        &CELL,
        &format!(
            "^migrate-ggn/{d}-{d}/[a-z0-9]+/[a-z0-9-]+$",
            d = dialect_alternation()
        ),
    )
}

/// Every rule of `migrate-ggn-vectors.schema.json` serde leaves unchecked, and unique ids.
pub fn migrate_ggn(file: &MigrateGgnFile) -> Result<(), Problem> {
    let mut checker = Checker::new();
    for (index, vector) in file.vectors.iter().enumerate() {
        let id = vector.id.as_str();
        checker.id(index, id, migrate_ggn_id())?;
        conversion(id, &vector.from, &vector.to, &vector.options.intermediate)?;
        if let Some(edition) = &vector.edition {
            rule(edition == "ggn-2025-10", id, || {
                format!("`edition` {edition:?} is no GGN edition to migrate to")
            })?;
            rule(vector.to == "qpi-2026-01", id, || {
                "a migration to ggn-2025-10 writes qpi-2026-01 tokens (G32)".to_owned()
            })?;
        }
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
