//! Skip files: the list of known failures, a ratchet that only shrinks (after rust-url's
//! `expected_failures.txt`).
//!
//! ```text
//! # known failures of my implementation
//! snn-pin/invalid/d1-trailing/*   # we strip a trailing newline
//! qpi/valid/basic/0123456789ab    # reports side as "white"
//! ```
//!
//! One pattern per line, then optionally `#` and a reason; `#` starts a comment anywhere,
//! blank lines are ignored, and `*` in a pattern matches any characters, `/` included. Every
//! pattern must match some vector of the corpus. Listed vectors still run: one that fails is
//! `skipped`, one that passes is `unexpected-pass` (remove its line).

use std::fmt;

use super::glob::Glob;

/// A parsed skip file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SkipFile {
    entries: Vec<SkipEntry>,
}

/// One line of a skip file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkipEntry {
    pattern: Glob,
    reason: Option<String>,
    line: usize,
}

/// A line of a skip file that is not `PATTERN [# REASON]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkipFileError {
    line: usize,
    message: String,
}

impl SkipFile {
    /// Parses the text of a skip file.
    pub fn parse(text: &str) -> Result<SkipFile, SkipFileError> {
        let mut entries = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let (body, reason) = match raw.split_once('#') {
                Some((body, reason)) => (body, Some(reason.trim())),
                None => (raw, None),
            };
            let mut words = body.split_whitespace();
            let Some(pattern) = words.next() else {
                continue;
            };
            if let Some(extra) = words.next() {
                return Err(SkipFileError {
                    line,
                    message: format!(
                        "unexpected '{extra}' after the pattern '{pattern}' \
                         (one pattern per line; a reason goes after '#')"
                    ),
                });
            }
            entries.push(SkipEntry {
                pattern: Glob::new(pattern),
                reason: reason
                    .filter(|reason| !reason.is_empty())
                    .map(str::to_owned),
                line,
            });
        }
        Ok(SkipFile { entries })
    }

    /// The entries, in file order.
    pub fn entries(&self) -> &[SkipEntry] {
        &self.entries
    }

    /// The first entry whose pattern matches `id`.
    pub fn find(&self, id: &str) -> Option<&SkipEntry> {
        self.entries.iter().find(|entry| entry.pattern.is_match(id))
    }
}

impl SkipEntry {
    /// The pattern.
    pub fn pattern(&self) -> &Glob {
        &self.pattern
    }

    /// The reason after `#`, if any.
    pub fn reason(&self) -> Option<&str> {
        self.reason.as_deref()
    }

    /// The 1-based line number.
    pub fn line(&self) -> usize {
        self.line
    }
}

impl SkipFileError {
    /// The 1-based line number.
    pub fn line(&self) -> usize {
        self.line
    }
}

impl fmt::Display for SkipFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for SkipFileError {}

#[cfg(test)]
mod tests {
    use super::SkipFile;

    #[test]
    fn patterns_reasons_comments_and_blank_lines() {
        let file =
            SkipFile::parse("# header\n\nsnn-pin/valid/a  # why not\n  qpi/*\t#\n*/x/*#tight\n")
                .unwrap();
        let entries: Vec<_> = file
            .entries()
            .iter()
            .map(|entry| (entry.pattern().as_str(), entry.reason(), entry.line()))
            .collect();
        assert_eq!(
            entries,
            [
                ("snn-pin/valid/a", Some("why not"), 3),
                ("qpi/*", None, 4),
                ("*/x/*", Some("tight"), 5),
            ]
        );
        assert_eq!(
            file.find("qpi/valid/b").map(super::SkipEntry::line),
            Some(4)
        );
        assert_eq!(file.find("snn-pin/valid/b"), None);
    }

    #[test]
    fn two_words_before_the_comment_are_an_error() {
        let error = SkipFile::parse("ok\nsnn-pin/a snn-pin/b # two\n").unwrap_err();
        assert_eq!(error.line(), 2);
        assert_eq!(
            error.to_string(),
            "line 2: unexpected 'snn-pin/b' after the pattern 'snn-pin/a' (one pattern per \
             line; a reason goes after '#')"
        );
    }
}
