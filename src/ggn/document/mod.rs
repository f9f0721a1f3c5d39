//! The model of a valid GGN document and its navigation API.
//!
//! A [`Document`] is produced only by [`validate`](super::validate) from a document without
//! errors. It keeps the document order of pieces, sources, destinations and variants, and an
//! index (interned squares and pieces, a map from piece and source square to its entry)
//! built once, so [`Document::moves`] does no parsing or string hashing per condition.
//!
//! The model is compact (the memory budget of docs/limits.md): one array per level (pieces,
//! sources, destinations, variants, conditions, effects), each entry a few ids of interned
//! strings and the range of its children in the next array.

mod tables;
mod variant;

use std::collections::HashMap;
use std::ops::Range;

use crate::model::Side;

pub(crate) use self::tables::{ActorId, SquareId, Tables};
pub(crate) use self::variant::{Condition, Effect, Test, Written};
pub use self::variant::{State, Variant};

/// A valid GGN document: pieces → source squares → destination squares → variants.
#[derive(Clone, Debug, Default)]
pub struct Document {
    schema: Option<String>,
    parts: Parts,
    tables: Tables,
    /// (piece, source square) → (index in `pieces`, index in `sources`).
    index: HashMap<(ActorId, SquareId), (u32, u32)>,
}

/// The arrays of a document's model, each in document order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Parts {
    pub(crate) pieces: Vec<PieceEntry>,
    pub(crate) sources: Vec<SourceEntry>,
    pub(crate) destinations: Vec<DestinationEntry>,
    pub(crate) variants: Vec<Variant>,
    /// The `require` and `prevent` conditions of every variant.
    pub(crate) conditions: Vec<Condition>,
    /// The `perform` members of every variant.
    pub(crate) effects: Vec<Effect>,
}

/// A range of an array of [`Parts`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Span {
    start: u32,
    end: u32,
}

impl Span {
    /// The entries from `start` to the end of an array of length `end`.
    pub(crate) fn new(start: usize, end: usize) -> Self {
        Span {
            start: offset(start),
            end: offset(end),
        }
    }

    pub(crate) fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    pub(crate) fn len(self) -> usize {
        self.range().len()
    }
}

fn offset(n: usize) -> u32 {
    u32::try_from(n).expect("fewer than 2^32 entries in a document under 4 GiB")
}

/// A piece: `sources[sources]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PieceEntry {
    pub(crate) actor: ActorId,
    pub(crate) side: Side,
    pub(crate) sources: Span,
}

/// A source square: `destinations[destinations]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SourceEntry {
    pub(crate) id: SquareId,
    pub(crate) destinations: Span,
}

/// A destination square: `variants[variants]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DestinationEntry {
    pub(crate) id: SquareId,
    pub(crate) variants: Span,
}

impl Parts {
    /// The maps of `variant` sorted by square, to compare variants written in any order.
    pub(crate) fn normalized(&self, variant: &Variant) -> NormalizedVariant {
        let sorted = |span: Span| {
            let mut conditions = self.conditions[span.range()].to_vec();
            conditions.sort_unstable();
            conditions
        };
        let mut effects = self.effects[variant.perform.range()].to_vec();
        effects.sort_unstable();
        (sorted(variant.require), sorted(variant.prevent), effects)
    }

    fn shrink(&mut self) {
        self.pieces.shrink_to_fit();
        self.sources.shrink_to_fit();
        self.destinations.shrink_to_fit();
        self.variants.shrink_to_fit();
        self.conditions.shrink_to_fit();
        self.effects.shrink_to_fit();
    }
}

/// A variant's maps sorted by square (ids stand for strings one for one).
pub(crate) type NormalizedVariant = (Vec<Condition>, Vec<Condition>, Vec<Effect>);

impl Document {
    /// Assembles a document from parts whose ids come from `tables`.
    pub(crate) fn new(schema: Option<String>, mut parts: Parts, mut tables: Tables) -> Self {
        parts.shrink();
        tables.shrink();
        let mut index = HashMap::with_capacity(parts.sources.len());
        for (p, piece) in parts.pieces.iter().enumerate() {
            for s in piece.sources.range() {
                let at = (offset(p), offset(s));
                index
                    .entry((piece.actor, parts.sources[s].id))
                    .or_insert(at);
            }
        }
        Document {
            schema,
            parts,
            tables,
            index,
        }
    }

    /// The `"$schema"` string, when present.
    #[must_use]
    pub fn schema(&self) -> Option<&str> {
        self.schema.as_deref()
    }

    /// The piece identifiers, in document order.
    #[must_use]
    pub fn pieces(&self) -> Vec<&str> {
        self.parts
            .pieces
            .iter()
            .map(|p| self.tables.actor_text(p.actor))
            .collect()
    }

    /// The source squares of `piece`, in document order; `None` when the document has no
    /// such piece.
    #[must_use]
    pub fn sources(&self, piece: &str) -> Option<Vec<&str>> {
        let entry = self.piece_entry(piece)?;
        Some(
            self.parts.sources[entry.sources.range()]
                .iter()
                .map(|s| self.tables.square_label(s.id))
                .collect(),
        )
    }

    /// The destination squares of `piece` from `source`, in document order; `None` when the
    /// document has no such piece or source.
    #[must_use]
    pub fn destinations(&self, piece: &str, source: &str) -> Option<Vec<&str>> {
        let entry = self.source_entry(piece, source)?;
        Some(
            self.destinations_of(entry)
                .iter()
                .map(|d| self.tables.square_label(d.id))
                .collect(),
        )
    }

    /// The variants of the move of `piece` from `source` to `destination`, in document
    /// order; `None` when the document has no such move.
    #[must_use]
    pub fn variants(&self, piece: &str, source: &str, destination: &str) -> Option<&[Variant]> {
        let entry = self.source_entry(piece, source)?;
        let destination = self.tables.square(destination)?;
        let destination = self
            .destinations_of(entry)
            .iter()
            .find(|d| d.id == destination)?;
        let variants = self.variants_of(destination);
        for variant in variants {
            self.written(variant);
        }
        Some(variants)
    }

    /// How many variants the document has in all.
    #[must_use]
    pub fn variant_count(&self) -> usize {
        self.parts
            .pieces
            .iter()
            .flat_map(|p| &self.parts.sources[p.sources.range()])
            .flat_map(|s| self.destinations_of(s))
            .map(|d| d.variants.len())
            .sum()
    }

    pub(crate) fn parts(&self) -> &Parts {
        &self.parts
    }

    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    pub(crate) fn destinations_of(&self, source: &SourceEntry) -> &[DestinationEntry] {
        &self.parts.destinations[source.destinations.range()]
    }

    pub(crate) fn variants_of(&self, destination: &DestinationEntry) -> &[Variant] {
        &self.parts.variants[destination.variants.range()]
    }

    /// The maps of `variant` (one of this document's) as strings, written the first time.
    pub(crate) fn written<'a>(&'a self, variant: &'a Variant) -> &'a Written {
        variant.written(|| {
            let conditions = |span: Span| {
                self.parts.conditions[span.range()]
                    .iter()
                    .map(|c| {
                        let state = match c.test {
                            Test::Empty => State::Empty,
                            Test::Enemy => State::Enemy,
                            Test::Piece(actor) => {
                                State::Piece(self.tables.actor_text(actor).to_owned())
                            }
                        };
                        (self.tables.square_label(c.square).to_owned(), state)
                    })
                    .collect()
            };
            let perform = self.parts.effects[variant.perform.range()]
                .iter()
                .map(|e| {
                    let piece = e.piece.map(|a| self.tables.actor_text(a).to_owned());
                    (self.tables.square_label(e.square).to_owned(), piece)
                })
                .collect();
            Written {
                require: conditions(variant.require),
                prevent: conditions(variant.prevent),
                perform,
            }
        })
    }

    /// The entry of the piece with id `actor` on the square with id `square`: the indices
    /// of the piece and of the source.
    pub(crate) fn lookup(&self, actor: ActorId, square: SquareId) -> Option<(usize, usize)> {
        let (p, s) = *self.index.get(&(actor, square))?;
        Some((p as usize, s as usize))
    }

    fn piece_entry(&self, piece: &str) -> Option<&PieceEntry> {
        let actor = self.tables.actor(piece)?;
        self.parts.pieces.iter().find(|p| p.actor == actor)
    }

    fn source_entry(&self, piece: &str, source: &str) -> Option<&SourceEntry> {
        let actor = self.tables.actor(piece)?;
        let square = self.tables.square(source)?;
        let (_, s) = self.lookup(actor, square)?;
        Some(&self.parts.sources[s])
    }
}
