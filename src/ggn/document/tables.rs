//! Interned square labels and piece identifiers, so evaluation compares small integers.

use std::collections::HashMap;

use crate::model::Side;

/// The index of an interned square label.
pub(crate) type SquareId = u32;
/// The index of an interned GAN identifier.
pub(crate) type ActorId = u32;

/// Every square label and GAN identifier a document mentions, each stored once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Tables {
    squares: Vec<String>,
    square_ids: HashMap<String, SquareId>,
    actors: Vec<Side>,
    actor_ids: HashMap<String, ActorId>,
}

impl Tables {
    /// The id of `label`, interning it when new.
    pub(crate) fn intern_square(&mut self, label: &str) -> SquareId {
        if let Some(&id) = self.square_ids.get(label) {
            return id;
        }
        let id = next_id(self.squares.len());
        self.squares.push(label.to_owned());
        self.square_ids.insert(label.to_owned(), id);
        id
    }

    /// The id of the identifier `text` of side `side`, interning it when new.
    pub(crate) fn intern_actor(&mut self, text: &str, side: Side) -> ActorId {
        if let Some(&id) = self.actor_ids.get(text) {
            return id;
        }
        let id = next_id(self.actors.len());
        self.actors.push(side);
        self.actor_ids.insert(text.to_owned(), id);
        id
    }

    /// The id of `label`, when the document mentions it.
    pub(crate) fn square(&self, label: &str) -> Option<SquareId> {
        self.square_ids.get(label).copied()
    }

    /// The id of the identifier `text`, when the document mentions it.
    pub(crate) fn actor(&self, text: &str) -> Option<ActorId> {
        self.actor_ids.get(text).copied()
    }

    /// How many distinct squares the document mentions.
    pub(crate) fn square_count(&self) -> usize {
        self.squares.len()
    }
}

fn next_id(len: usize) -> u32 {
    u32::try_from(len).expect("fewer than 2^32 distinct labels in a document under 4 GiB")
}
