//! `gan generate --oracle FILE`: one oracle regex per dialect, for edited grammars.
//!
//! Each line is a dialect id, spaces, and the uppercase form of the regex in the style of
//! docs/DECISIONS.md §1 (named groups `style`, `type`, and the dialect's modifiers); the lowercase
//! form replaces `A-Z` with `a-z`. Blank lines and lines starting with `#` are ignored.

use std::collections::BTreeMap;

use crate::dialect::Dialect;

/// The patterns of an oracle file, by dialect; `file` names it in errors.
pub fn parse_oracle_file(file: &str, text: &str) -> Result<BTreeMap<Dialect, String>, String> {
    let mut patterns = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let number = index + 1;
        let (name, pattern) = line
            .split_once(char::is_whitespace)
            .ok_or_else(|| format!("{file}:{number}: expected a dialect id, spaces and a regex"))?;
        let dialect: Dialect = name
            .parse()
            .map_err(|error| format!("{file}:{number}: {error}"))?;
        if patterns
            .insert(dialect, pattern.trim().to_owned())
            .is_some()
        {
            return Err(format!("{file}:{number}: a second pattern for {dialect}"));
        }
    }
    Ok(patterns)
}
