//! Interned square labels and piece identifiers, so evaluation compares small integers.
//!
//! Each table keeps its strings back to back in one buffer and finds them through an
//! open-addressing index of ids: a few bytes a string, not an allocation each (a document
//! may name a hundred thousand distinct pieces).

use std::hash::BuildHasher;

/// The index of an interned square label.
pub(crate) type SquareId = u32;
/// The index of an interned GAN identifier.
pub(crate) type ActorId = u32;

/// Every square label and GAN identifier a document mentions, each stored once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    squares: Interner,
    actors: Interner,
}

impl Tables {
    /// The id of `label`, interning it when new.
    pub(crate) fn intern_square(&mut self, label: &str) -> SquareId {
        self.squares.intern(label)
    }

    /// The id of the identifier `text`, interning it when new.
    pub(crate) fn intern_actor(&mut self, text: &str) -> ActorId {
        self.actors.intern(text)
    }

    /// The id of `label`, when the document mentions it.
    pub(crate) fn square(&self, label: &str) -> Option<SquareId> {
        self.squares.get(label)
    }

    /// The id of the identifier `text`, when the document mentions it.
    pub(crate) fn actor(&self, text: &str) -> Option<ActorId> {
        self.actors.get(text)
    }

    /// The label of the square with id `id`.
    pub(crate) fn square_label(&self, id: SquareId) -> &str {
        self.squares.text(id)
    }

    /// The text of the identifier with id `id`.
    pub(crate) fn actor_text(&self, id: ActorId) -> &str {
        self.actors.text(id)
    }

    /// How many distinct squares the document mentions.
    pub(crate) fn square_count(&self) -> usize {
        self.squares.len()
    }

    /// Releases the spare capacity of the tables (once the document is read).
    pub(crate) fn shrink(&mut self) {
        self.squares.shrink();
        self.actors.shrink();
    }
}

/// A set of distinct strings, each with the id of its first interning (0, 1, 2, …).
#[derive(Clone, Debug, Default)]
struct Interner {
    /// The strings, back to back.
    text: String,
    /// Where each string ends in `text`, by id.
    ends: Vec<u32>,
    /// Open addressing, linear probing: `id + 1` of a string, or 0 for a free slot. Its
    /// length is a power of two, at least twice the number of strings (or zero).
    slots: Vec<u32>,
    hasher: std::collections::hash_map::RandomState,
}

impl Interner {
    fn len(&self) -> usize {
        self.ends.len()
    }

    fn text(&self, id: u32) -> &str {
        let id = id as usize;
        let start = if id == 0 {
            0
        } else {
            self.ends[id - 1] as usize
        };
        &self.text[start..self.ends[id] as usize]
    }

    /// The slot of `text`: the one holding it, or the free slot where it would go.
    fn slot(&self, text: &str) -> usize {
        let mask = self.slots.len() - 1;
        // Truncating the hash to the table's size is the point.
        #[allow(clippy::cast_possible_truncation)]
        let mut at = self.hasher.hash_one(text) as usize & mask;
        loop {
            match self.slots[at] {
                0 => return at,
                id if self.text(id - 1) == text => return at,
                _ => at = (at + 1) & mask,
            }
        }
    }

    fn get(&self, text: &str) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        match self.slots[self.slot(text)] {
            0 => None,
            id => Some(id - 1),
        }
    }

    /// The id of `text`, interning it when new.
    fn intern(&mut self, text: &str) -> u32 {
        if 2 * (self.len() + 1) > self.slots.len() {
            self.grow();
        }
        let at = self.slot(text);
        if self.slots[at] != 0 {
            return self.slots[at] - 1;
        }
        let id = next_id(self.len());
        self.text.push_str(text);
        self.ends.push(next_id(self.text.len()));
        self.slots[at] = id + 1;
        id
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        self.slots = vec![0; size];
        for id in 0..next_id(self.len()) {
            let at = self.slot(self.text(id));
            self.slots[at] = id + 1;
        }
    }

    fn shrink(&mut self) {
        self.text.shrink_to_fit();
        self.ends.shrink_to_fit();
    }
}

fn next_id(len: usize) -> u32 {
    u32::try_from(len).expect("fewer than 2^32 distinct labels in a document under 4 GiB")
}

#[cfg(test)]
mod tests {
    use super::Tables;

    #[test]
    fn interning_gives_each_distinct_string_one_id_in_order() {
        let mut tables = Tables::default();
        let names: Vec<String> = (0..1000).map(|i| format!("G{i}:K")).collect();
        for (i, name) in names.iter().enumerate() {
            assert_eq!(tables.intern_actor(name) as usize, i);
        }
        for (i, name) in names.iter().enumerate() {
            assert_eq!(tables.intern_actor(name) as usize, i);
            assert_eq!(tables.actor(name), Some(u32::try_from(i).unwrap()));
            assert_eq!(tables.actor_text(u32::try_from(i).unwrap()), name);
        }
        assert_eq!(tables.actor("G1000:K"), None);
        assert_eq!(tables.intern_square(""), 0);
        assert_eq!(tables.intern_square("a1"), 1);
        assert_eq!(tables.intern_square(""), 0);
        assert_eq!(tables.square_label(1), "a1");
        assert_eq!(tables.square(""), Some(0));
        assert_eq!(tables.square_count(), 2);
    }
}
