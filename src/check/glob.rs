//! `*` globs over vector ids, as in skip files and `--filter`: `*` matches any run of
//! characters, `/` included; every other character matches itself. A pattern without `*` is
//! an id or a prefix of whole segments: `snn-pin/invalid` matches `snn-pin/invalid` and every
//! id under `snn-pin/invalid/`.

use std::fmt;

/// A pattern over vector ids where `*` matches any characters (including `/` and none); a
/// pattern without `*` matches that id and the ids below it (`X` and `X/…`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glob {
    pattern: String,
}

impl Glob {
    /// The pattern as written; any character but `*` is literal.
    pub fn new(pattern: &str) -> Glob {
        Glob {
            pattern: pattern.to_owned(),
        }
    }

    /// The pattern as written.
    pub fn as_str(&self) -> &str {
        &self.pattern
    }

    /// Whether `text` matches the whole pattern.
    pub fn is_match(&self, text: &str) -> bool {
        let mut parts = self.pattern.split('*');
        let first = parts.next().unwrap_or_default();
        let Some(mut rest) = text.strip_prefix(first) else {
            return false;
        };
        let mut parts: Vec<&str> = parts.collect();
        let Some(last) = parts.pop() else {
            // No `*`: the whole id, or a prefix of whole segments.
            return rest.is_empty() || (!first.is_empty() && rest.starts_with('/'));
        };
        // Every middle part at its leftmost place leaves the most room for the rest.
        for part in parts {
            match rest.find(part) {
                Some(at) => rest = &rest[at + part.len()..],
                None => return false,
            }
        }
        rest.ends_with(last)
    }
}

impl fmt::Display for Glob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pattern)
    }
}

#[cfg(test)]
mod tests {
    use super::Glob;

    #[track_caller]
    fn matches(pattern: &str, text: &str) -> bool {
        Glob::new(pattern).is_match(text)
    }

    #[test]
    fn literal_patterns_match_the_whole_id_or_whole_segments_below_it() {
        assert!(matches("snn-pin/valid/basic/1", "snn-pin/valid/basic/1"));
        assert!(!matches("snn-pin/valid/basic/1", "snn-pin/valid/basic/12"));
        assert!(!matches("snn-pin/valid/basic/1", "xsnn-pin/valid/basic/1"));
        assert!(matches(
            "snn-pin/invalid",
            "snn-pin/invalid/whitespace/19a2"
        ));
        assert!(matches("snn-pin", "snn-pin/invalid/whitespace/19a2"));
        assert!(!matches("snn-pin/inv", "snn-pin/invalid/whitespace/19a2"));
        assert!(!matches("snn", "snn-pin/invalid"));
        assert!(matches("", ""));
        assert!(!matches("", "a"));
        assert!(!matches("", "/a"));
    }

    #[test]
    fn star_matches_any_run_including_slashes() {
        assert!(matches("*", ""));
        assert!(matches("*", "a/b/c"));
        assert!(matches("snn-pin/*", "snn-pin/invalid/d12/abc"));
        assert!(!matches("snn-pin/*", "qpi/invalid/d12/abc"));
        assert!(matches("*/invalid/*", "qpi/invalid/d12/abc"));
        assert!(matches("*/d12/*", "qpi/invalid/d12/abc"));
        assert!(!matches("*/d12/*", "qpi/invalid/d1/abc"));
        assert!(matches("a*b*c", "abc"));
        assert!(matches("a*b*c", "a-b-b-c"));
        assert!(!matches("a*b*c", "a-c-b"));
        assert!(matches("a**c", "ac"));
        assert!(!matches("ab*ba", "aba"));
    }

    #[test]
    fn other_glob_characters_are_literal() {
        assert!(matches("a?c", "a?c"));
        assert!(!matches("a?c", "abc"));
        assert!(matches("[ab]", "[ab]"));
    }
}
