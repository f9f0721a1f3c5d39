//! What the suites share, so that no suite reaches into another's folder: inputs in hex
//! ([`decode_hex`]), the serde types more than one format holds ([`Expected`],
//! [`VectorOptions`]), reading a vector file ([`LoadError`]) and the schema rules every loader
//! checks, and the small helpers of the suites' `SuiteCorpus` and `SuiteVector` impls.

mod format;
mod hex;
pub(crate) mod load;
pub(crate) mod manifest;
pub(crate) mod validate;

pub use format::{Expected, VectorOptions};
pub use hex::{decode_hex, is_hex};
pub use load::LoadError;
pub use validate::Problem;

pub(crate) use hex::input_bytes;

use crate::model::Dialect;

use super::{Item, UnknownDialect};

/// `value` as compact JSON text (the reports' `request` and `expected` members).
pub(crate) fn json_text(value: &impl serde::Serialize) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The dialect `name` of vector `id`.
pub(crate) fn dialect_of(id: &str, name: &str) -> Result<Dialect, UnknownDialect> {
    name.parse().map_err(|_| UnknownDialect {
        id: id.to_owned(),
        dialect: name.to_owned(),
    })
}

/// `vectors`, taken by value, each moved into its item by `item` as the iterator goes (no
/// copy of a corpus while planning), once `check` has found every one convertible: else
/// the first vector's error, before any item.
pub(crate) fn moved_items<V: 'static>(
    vectors: Vec<V>,
    check: impl Fn(&V) -> Result<(), UnknownDialect>,
    item: fn(V) -> Result<Item, UnknownDialect>,
) -> Result<Box<dyn Iterator<Item = Item>>, UnknownDialect> {
    vectors.iter().try_for_each(check)?;
    Ok(Box::new(
        vectors
            .into_iter()
            .filter_map(move |vector| item(vector).ok()),
    ))
}

/// The dialects a conversion's vector names, `from` and `to`, both known: else the error of
/// the first that is not.
pub(crate) fn conversion_dialects(id: &str, from: &str, to: &str) -> Result<(), UnknownDialect> {
    dialect_of(id, from)?;
    dialect_of(id, to)?;
    Ok(())
}

/// The segments of `id` between its first two and its last: `ggn/invalid/g9/piece` → `g9`.
pub(crate) fn middle(id: &str) -> String {
    let segments: Vec<&str> = id.split('/').collect();
    if segments.len() < 4 {
        return String::new();
    }
    segments[2..segments.len() - 1].join("/")
}

#[cfg(test)]
mod tests {
    use super::middle;

    #[test]
    fn the_group_is_the_middle_of_the_id() {
        assert_eq!(middle("ggn/invalid/g9/piece"), "g9");
        assert_eq!(middle("migrate/beta-snn-pin/m3/promoted"), "m3");
        assert_eq!(middle("a/b/c/d/e"), "c/d");
        assert_eq!(middle("ggn/moves/x"), "");
    }
}
