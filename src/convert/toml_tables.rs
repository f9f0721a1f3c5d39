//! User name tables as TOML (`gan migrate --map FILE`): `[pieces]`, `[pieces.STYLE]`,
//! `[styles]` and `[families]`, read into [`Tables`] row by row through the same checks as
//! the builder methods ([`Tables::add_piece`], …). Behind the `tables-toml` feature.

use std::path::Path;

use super::tables::{check_key, is_beta_style, is_snn_style, TableError, Tables};

impl Tables {
    /// The largest `--map` file read: 16 MiB.
    pub const MAX_FILE: usize = 16 << 20;

    /// The built-in rows plus the user table in `text` (TOML).
    pub fn from_toml(text: &str) -> Result<Tables, TableError> {
        let table: toml::Table = text.parse().map_err(|error: toml::de::Error| {
            TableError::new(error.to_string().trim_end().to_owned())
        })?;
        from_table(&table).map_err(TableError::new)
    }

    /// The built-in rows plus the user table in the TOML file at `path`, which may hold at
    /// most [`Tables::MAX_FILE`] bytes (`--map /dev/zero` would otherwise read until memory
    /// runs out).
    pub fn load(path: &Path) -> Result<Tables, TableError> {
        use std::io::Read as _;
        let cap = u64::try_from(Tables::MAX_FILE).unwrap_or(u64::MAX);
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|file| file.take(cap + 1).read_to_end(&mut bytes))
            .map_err(|error| TableError::in_file(path, error.to_string()))?;
        if bytes.len() > Tables::MAX_FILE {
            return Err(TableError::in_file(
                path,
                format!(
                    "larger than {} MiB: a name table this big is not one",
                    Tables::MAX_FILE >> 20
                ),
            ));
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| TableError::in_file(path, "not UTF-8".to_owned()))?;
        Tables::from_toml(&text)
            .map_err(|error| TableError::in_file(path, error.message().to_owned()))
    }
}

fn from_table(table: &toml::Table) -> Result<Tables, String> {
    let mut tables = Tables::default();
    for (section, value) in table {
        let entries = value
            .as_table()
            .ok_or_else(|| format!("'{section}' must be a table ([{section}])"))?;
        match section.as_str() {
            "pieces" => read_pieces(&mut tables, entries)?,
            "styles" => {
                for (key, value) in entries {
                    let path = format!("styles.{key}");
                    check_key(&path, key, is_beta_style)?;
                    tables.style_row(&path, key, string_value(&path, value)?)?;
                }
            }
            "families" => {
                for (key, value) in entries {
                    let path = format!("families.{key}");
                    check_key(&path, key, is_snn_style)?;
                    tables.family_row(&path, key, string_value(&path, value)?)?;
                }
            }
            other => {
                return Err(format!(
                    "unknown table [{other}]: expected [pieces], [pieces.STYLE], [styles] or \
                     [families]"
                ))
            }
        }
    }
    Ok(tables)
}

fn read_pieces(tables: &mut Tables, entries: &toml::Table) -> Result<(), String> {
    for (key, value) in entries {
        if let Some(by_style) = value.as_table() {
            check_key(&format!("pieces.{key}"), key, is_beta_style)?;
            if tables.open_style_pieces(key) {
                return Err(format!(
                    "[pieces.{key}]: the style is given twice (keys are case-insensitive)"
                ));
            }
            for (name, value) in by_style {
                let path = format!("pieces.{key}.{name}");
                check_key(&path, name, is_beta_style)?;
                tables.style_piece_row(&path, key, name, string_value(&path, value)?)?;
            }
        } else {
            let path = format!("pieces.{key}");
            check_key(&path, key, is_beta_style)?;
            tables.piece_row(&path, key, string_value(&path, value)?)?;
        }
    }
    Ok(())
}

fn string_value<'a>(path: &str, value: &'a toml::Value) -> Result<&'a str, String> {
    value.as_str().ok_or_else(|| {
        format!(
            "{path}: the value must be a string, found {}",
            value.type_str()
        )
    })
}
