//! The list of board squares that turns on the "valid board squares" rule (G6).

use std::collections::HashSet;
use std::fmt;

/// Reads a list of square labels: a JSON array of strings when the text starts with `[`
/// (after whitespace), otherwise one label per line (LF-terminated, one CR before the LF
/// removed, empty lines skipped, nothing trimmed: labels are byte-exact, G6).
pub fn read_squares(input: &[u8]) -> Result<HashSet<String>, SquaresError> {
    let text = std::str::from_utf8(input)
        .map_err(|e| SquaresError(format!("not UTF-8 at byte {}", e.valid_up_to())))?;
    if text.trim_start().starts_with('[') {
        let labels: Vec<String> = serde_json::from_str(text)
            .map_err(|e| SquaresError(format!("not a JSON array of strings: {e}")))?;
        if labels.iter().any(String::is_empty) {
            return Err(SquaresError("a square label must not be empty".to_owned()));
        }
        return Ok(labels.into_iter().collect());
    }
    Ok(text
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .filter(|line| !line.is_empty())
        .map(str::to_owned)
        .collect())
}

/// Why a list of squares could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquaresError(String);

impl fmt::Display for SquaresError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SquaresError {}

#[cfg(test)]
mod tests {
    use super::read_squares;

    #[test]
    fn lines_or_a_json_array() {
        let lines = read_squares(b"a1\r\nb1\n\n c1\n").unwrap();
        let mut lines: Vec<_> = lines.into_iter().collect();
        lines.sort();
        assert_eq!(lines, [" c1", "a1", "b1"]);
        let array = read_squares(b"  [\"a1\", \"a1\", \"b/2\"]").unwrap();
        assert_eq!(array.len(), 2);
        assert!(read_squares(b"[1]").is_err());
        assert!(read_squares(b"[\"\"]").is_err());
        assert!(read_squares(b"a\xff").is_err());
        assert!(read_squares(b"").unwrap().is_empty());
    }
}
