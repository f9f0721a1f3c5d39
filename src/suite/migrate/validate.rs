//! The rules of `conformance/schema/migrations.schema.json` that serde's types do not
//! enforce, checked on every migration vector the loader reads (see
//! [`crate::suite::common`]'s rules).

use std::sync::OnceLock;

use regex::Regex;

use crate::suite::common::validate::{
    code, conversion, dialect_alternation, one_input, regex, rule, Checker, Problem,
};

use super::format::MigrationFile;

fn migrate_id() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(
        &CELL,
        &format!(
            "^migrate/{d}-{d}/[a-z0-9]+/[a-z0-9-]+$",
            d = dialect_alternation()
        ),
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
