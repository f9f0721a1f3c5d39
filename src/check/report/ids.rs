//! An index of vector ids that others own (a report's vectors, the matrix's rows): each id
//! is hashed to the first place it was put, so that reading a report does not copy its ids
//! (a copy per id was a tenth of `gan report matrix`'s memory).

use std::collections::hash_map::{DefaultHasher, Entry};
use std::collections::HashMap;
use std::hash::Hasher as _;

/// Ids and their places; the ids stay where their owners keep them.
pub(super) struct IdIndex {
    hash: fn(&str) -> u64,
    /// The place of the first id put with each hash.
    first: HashMap<u64, usize>,
    /// The ids whose hash an earlier, different id has (rare), copied.
    others: HashMap<String, usize>,
}

impl IdIndex {
    pub(super) fn new() -> Self {
        Self::with_hash(|id| {
            let mut hasher = DefaultHasher::new();
            hasher.write(id.as_bytes());
            hasher.finish()
        })
    }

    fn with_hash(hash: fn(&str) -> u64) -> Self {
        IdIndex {
            hash,
            first: HashMap::new(),
            others: HashMap::new(),
        }
    }

    /// Where `id` was put, if it was; `id_at(place)` is the id its owner keeps there.
    pub(super) fn get<'a>(&self, id: &str, id_at: impl Fn(usize) -> &'a str) -> Option<usize> {
        let place = *self.first.get(&(self.hash)(id))?;
        if id_at(place) == id {
            return Some(place);
        }
        self.others.get(id).copied()
    }

    /// Puts `id` at `place`; `id` was not put before ([`IdIndex::get`] said `None`).
    pub(super) fn insert(&mut self, id: &str, place: usize) {
        match self.first.entry((self.hash)(id)) {
            Entry::Vacant(entry) => {
                entry.insert(place);
            }
            Entry::Occupied(_) => {
                self.others.insert(id.to_owned(), place);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Puts each id not seen yet at its place in `owned`, as the readers do; answers where
    /// each id of `ids` was found first.
    fn first_places(index: &mut IdIndex, ids: &[&str]) -> Vec<usize> {
        let mut owned: Vec<String> = Vec::new();
        ids.iter()
            .map(|id| {
                if let Some(at) = index.get(id, |at| owned[at].as_str()) {
                    return at;
                }
                index.insert(id, owned.len());
                owned.push((*id).to_owned());
                owned.len() - 1
            })
            .collect()
    }

    #[test]
    fn an_id_is_found_where_it_was_first_put() {
        let ids = ["a/1", "b/2", "a/1", "c/3", "b/2", "b/2"];
        assert_eq!(first_places(&mut IdIndex::new(), &ids), [0, 1, 0, 2, 1, 1]);
    }

    #[test]
    fn ids_of_one_hash_are_told_apart() {
        // Every id collides: the answers must not change.
        let ids = ["a/1", "b/2", "a/1", "c/3", "b/2", "c/3", "d/4"];
        assert_eq!(
            first_places(&mut IdIndex::with_hash(|_| 7), &ids),
            [0, 1, 0, 2, 1, 2, 3]
        );
        assert_eq!(
            first_places(&mut IdIndex::with_hash(|id| id.len() as u64), &ids),
            [0, 1, 0, 2, 1, 2, 3]
        );
    }
}
