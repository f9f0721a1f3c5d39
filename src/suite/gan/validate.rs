//! The rules of `conformance/schema/vectors.schema.json` that serde's types do not enforce,
//! checked on every GAN vector file the loader reads (see [`crate::suite::common`]'s rules).

use std::sync::OnceLock;

use regex::Regex;

use crate::suite::common::validate::{
    dialect, dialect_alternation, one_input, regex, rule, Checker, Problem,
};

use super::format::VectorFile;
use crate::model::Dialect;

fn gan_id() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(
        &CELL,
        &format!(
            "^{d}/(valid|invalid)/[a-z0-9._-]+/[0-9a-f]{{12}}$",
            d = dialect_alternation()
        ),
    )
}

fn gan_source() -> &'static Regex {
    static CELL: OnceLock<Regex> = OnceLock::new();
    regex(
        &CELL,
        &format!(
            "^{d}/valid/[a-z0-9._-]+/[0-9a-f]{{12}}$",
            d = dialect_alternation()
        ),
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

/// Every rule of `vectors.schema.json` serde leaves unchecked, and unique ids.
pub fn gan_file(file: &VectorFile) -> Result<(), Problem> {
    if file.spec.is_empty() {
        return Err("`spec` is empty".to_owned());
    }
    let mut checker = Checker::new();
    for (index, vector) in file.vectors.iter().enumerate() {
        let id = vector.id.as_str();
        checker.id(index, id, gan_id())?;
        dialect(id, &vector.dialect)?;
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
            members(&vector.dialect, actor, id)?;
            let empty = |text: &Option<String>| text.as_ref().is_some_and(String::is_empty);
            rule(
                !empty(&actor.style) && !empty(&actor.piece_type),
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

/// Every member of `actor` is an attribute of its notation (D20), when the notation is known.
fn members(dialect: &str, actor: &crate::model::ActorFields, id: &str) -> Result<(), Problem> {
    let Ok(dialect) = dialect.parse::<Dialect>() else {
        return Ok(());
    };
    let known = dialect.attributes();
    let members: Vec<&str> = actor.pairs().into_iter().map(|(name, _)| name).collect();
    rule(members.iter().all(|name| known.contains(name)), id, || {
        format!("`actor` has the members {members:?}; {dialect} has only {known:?}")
    })
}
