//! `*` globs over vector ids, as in skip files and `--filter`: `*` matches any run of
//! characters, `/` included; every other character matches itself. A pattern without `*` is
//! an id or a prefix of whole segments: `snn-pin/invalid` matches `snn-pin/invalid` and every
//! id under `snn-pin/invalid/`.
//!
//! Many patterns are matched through a [`GlobIndex`], built once: each id is tried only
//! against the patterns whose longest literal piece it contains, found in one pass over the
//! id, so that the cost grows with the patterns plus the ids, not their product.
//!
//! `globset` (with `*` crossing `/`, every other character escaped, `X` also as `X/*`) finds
//! the same matches but is slower here, measured in one run over the 44,755 vector ids of
//! the corpus (release build, best of 5, build plus match): 10,000 glob lines 4.39 s against
//! 0.28 s for this index (15×), 6 lines 39 ms against 22 ms (1.8×); so this index stays.

use std::fmt;

use aho_corasick::AhoCorasick;

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

impl Glob {
    /// The longest run of characters between `*`s: every id the pattern matches contains it.
    fn anchor(&self) -> &str {
        self.pattern
            .split('*')
            .max_by_key(|piece| piece.len())
            .unwrap_or_default()
    }
}

/// Patterns compiled once, for matching every id of a corpus against all of them: an
/// Aho-Corasick automaton over each pattern's longest literal piece (its anchor) finds the
/// patterns an id may match; [`Glob::is_match`] confirms each.
#[derive(Debug)]
pub(crate) struct GlobIndex {
    globs: Vec<Glob>,
    /// Over the distinct anchors, `None` when no pattern has one.
    finder: Option<AhoCorasick>,
    /// The patterns of each anchor of `finder`, by its pattern id.
    by_anchor: Vec<Vec<usize>>,
    /// The patterns that are only `*`s: candidates for every id.
    anywhere: Vec<usize>,
}

impl GlobIndex {
    /// The index of `globs` (their positions are the indices [`GlobIndex::matches`] returns).
    pub(crate) fn new(globs: impl IntoIterator<Item = Glob>) -> GlobIndex {
        let globs: Vec<Glob> = globs.into_iter().collect();
        let mut anchors: Vec<&str> = Vec::new();
        let mut by_anchor: Vec<Vec<usize>> = Vec::new();
        let mut seen = std::collections::HashMap::new();
        let mut anywhere = Vec::new();
        for (index, glob) in globs.iter().enumerate() {
            let anchor = glob.anchor();
            if anchor.is_empty() {
                anywhere.push(index);
                continue;
            }
            let slot = *seen.entry(anchor).or_insert_with(|| {
                anchors.push(anchor);
                by_anchor.push(Vec::new());
                anchors.len() - 1
            });
            by_anchor[slot].push(index);
        }
        // Building fails only beyond the automaton's size limits: the patterns are then
        // tried one by one, as candidates of every id.
        let finder = if anchors.is_empty() {
            None
        } else {
            AhoCorasick::new(&anchors).ok()
        };
        if finder.is_none() {
            anywhere = (0..globs.len()).collect();
            by_anchor.clear();
        }
        GlobIndex {
            globs,
            finder,
            by_anchor,
            anywhere,
        }
    }

    /// Whether there are no patterns.
    pub(crate) fn is_empty(&self) -> bool {
        self.globs.is_empty()
    }

    /// The indices of the patterns matching `id`, ascending, into `out` (cleared first).
    pub(crate) fn matches(&self, id: &str, out: &mut Vec<usize>) {
        out.clear();
        out.extend_from_slice(&self.anywhere);
        if let Some(finder) = &self.finder {
            for found in finder.find_overlapping_iter(id) {
                out.extend_from_slice(&self.by_anchor[found.pattern().as_usize()]);
            }
        }
        out.sort_unstable();
        out.dedup();
        out.retain(|&index| self.globs[index].is_match(id));
    }

    /// Whether some pattern matches `id`.
    pub(crate) fn is_match(&self, id: &str, scratch: &mut Vec<usize>) -> bool {
        self.matches(id, scratch);
        !scratch.is_empty()
    }
}

impl fmt::Display for Glob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pattern)
    }
}

#[cfg(test)]
mod tests {
    use super::{Glob, GlobIndex};

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

    #[test]
    fn an_index_finds_every_matching_pattern_and_no_other() {
        let patterns = [
            "snn-pin/invalid",
            "*/invalid/*",
            "*",
            "qpi/valid/basic/1",
            "a*b*c",
            "",
            "*/d12/*",
            "snn-pin",
            "**",
        ];
        let index = GlobIndex::new(patterns.iter().map(|p| Glob::new(p)));
        let ids = [
            "snn-pin/invalid/whitespace/19a2",
            "qpi/valid/basic/1",
            "qpi/valid/basic/12",
            "qpi/invalid/d12/abc",
            "a-b-b-c",
            "",
            "snn-pin",
            "snn",
        ];
        let mut found = Vec::new();
        for id in ids {
            index.matches(id, &mut found);
            let expected: Vec<usize> = patterns
                .iter()
                .enumerate()
                .filter(|(_, p)| matches(p, id))
                .map(|(i, _)| i)
                .collect();
            assert_eq!(found, expected, "{id:?}");
        }
    }
}
