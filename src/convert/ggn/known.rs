//! The warnings of a valid source that stage 3 does not repeat: each a code and a pointer,
//! all in one buffer with a sorted index (about 20 bytes and two words a warning), not a set
//! of strings (about 100 bytes a warning: 160 MB for a 16 MiB document with a warning every
//! 31 bytes, over the budget of 4× the document plus 64 MiB).

use std::cmp::Ordering;

/// The code and pointer of each warning, looked up exactly (no hashing of the pair).
#[derive(Debug, Default)]
pub(super) struct Known {
    /// The distinct codes; an entry names its code by its index here.
    codes: Vec<&'static str>,
    /// The entries one after another: the code's index (two bytes), then the pointer.
    text: Vec<u8>,
    /// Where each entry ends in `text`.
    ends: Vec<usize>,
    /// The entries' indices in the order of their bytes, once [`Known::seal`] sorted them.
    order: Vec<usize>,
}

impl Known {
    /// Notes a warning of `code` at `pointer`.
    pub(super) fn insert(&mut self, code: &'static str, pointer: &str) {
        let id = self
            .codes
            .iter()
            .position(|known| *known == code)
            .unwrap_or_else(|| {
                self.codes.push(code);
                self.codes.len() - 1
            });
        // The codes are the constants of `crate::ggn::codes`: far fewer than 2^16.
        let id = u16::try_from(id).unwrap_or(u16::MAX);
        self.text.extend_from_slice(&id.to_be_bytes());
        self.text.extend_from_slice(pointer.as_bytes());
        self.ends.push(self.text.len());
    }

    /// Sorts the index, once every warning is in; [`Known::contains`] reads it.
    pub(super) fn seal(&mut self) {
        let mut order: Vec<usize> = (0..self.ends.len()).collect();
        order.sort_unstable_by(|&a, &b| self.entry(a).cmp(self.entry(b)));
        self.order = order;
    }

    /// Whether a warning of `code` at `pointer` was noted (after [`Known::seal`]).
    pub(super) fn contains(&self, code: &'static str, pointer: &str) -> bool {
        let Some(id) = self.codes.iter().position(|known| *known == code) else {
            return false;
        };
        let id = u16::try_from(id).unwrap_or(u16::MAX).to_be_bytes();
        self.order
            .binary_search_by(|&i| {
                let entry = self.entry(i);
                let (head, tail) = entry.split_at(2);
                match head.cmp(&id[..]) {
                    Ordering::Equal => tail.cmp(pointer.as_bytes()),
                    other => other,
                }
            })
            .is_ok()
    }

    fn entry(&self, i: usize) -> &[u8] {
        let start = i.checked_sub(1).map_or(0, |before| self.ends[before]);
        &self.text[start..self.ends[i]]
    }
}

#[cfg(test)]
mod tests {
    use super::Known;

    #[test]
    fn holds_exactly_the_pairs_noted() {
        let mut known = Known::default();
        known.insert("duplicate-variant", "/GAME:R/s1/a2/1");
        known.insert("duplicate-variant", "/GAME:R/s1/a2/2");
        known.insert("empty-source", "/GAME:R/s1/a2/1");
        known.insert("duplicate-variant", "/GAME:R/s1/a2/1");
        known.insert("duplicate-variant", "");
        known.seal();
        assert!(known.contains("duplicate-variant", "/GAME:R/s1/a2/1"));
        assert!(known.contains("duplicate-variant", "/GAME:R/s1/a2/2"));
        assert!(known.contains("empty-source", "/GAME:R/s1/a2/1"));
        assert!(known.contains("duplicate-variant", ""));
        // The same pointer under another code, a prefix, a longer pointer, an unknown code.
        assert!(!known.contains("empty-source", "/GAME:R/s1/a2/2"));
        assert!(!known.contains("duplicate-variant", "/GAME:R/s1/a2/"));
        assert!(!known.contains("duplicate-variant", "/GAME:R/s1/a2/10"));
        assert!(!known.contains("other", "/GAME:R/s1/a2/1"));
        assert!(!Known::default().contains("duplicate-variant", ""));
    }

    #[test]
    fn finds_every_one_of_many() {
        let mut known = Known::default();
        let codes = ["a", "b", "c"];
        for i in 0..3000 {
            known.insert(codes[i % 3], &format!("/p/{}", i * 7 % 1000));
        }
        known.seal();
        for i in 0..3000 {
            assert!(known.contains(codes[i % 3], &format!("/p/{}", i * 7 % 1000)));
        }
        assert!(!known.contains("a", "/p/1000"));
    }
}
