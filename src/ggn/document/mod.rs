//! The model of a valid GGN document and its navigation API.
//!
//! A [`Document`] is produced only by [`validate`](super::validate) from a document without
//! errors. It keeps the document order of pieces, sources, destinations and variants, and an
//! index (interned squares and pieces, a map from piece and source square to its entry)
//! built once, so [`Document::moves`] does no parsing or string hashing per condition.

mod tables;
mod variant;

use std::collections::HashMap;

use crate::model::Side;

pub(crate) use self::tables::{ActorId, SquareId, Tables};
pub(crate) use self::variant::{Compiled, Condition, Test};
pub use self::variant::{State, Variant};

/// A valid GGN document: pieces → source squares → destination squares → variants.
#[derive(Clone, Debug, Default)]
pub struct Document {
    schema: Option<String>,
    pieces: Vec<PieceEntry>,
    tables: Tables,
    /// (piece, source square) → (index in `pieces`, index in its `sources`).
    index: HashMap<(ActorId, SquareId), (usize, usize)>,
}

/// The sources of one piece.
#[derive(Clone, Debug)]
pub(crate) struct PieceEntry {
    pub(crate) name: String,
    pub(crate) actor: ActorId,
    pub(crate) side: Side,
    pub(crate) sources: Vec<SourceEntry>,
}

/// The destinations from one source square.
#[derive(Clone, Debug)]
pub(crate) struct SourceEntry {
    pub(crate) square: String,
    pub(crate) id: SquareId,
    pub(crate) destinations: Vec<DestinationEntry>,
}

/// The variants of one move.
#[derive(Clone, Debug)]
pub(crate) struct DestinationEntry {
    pub(crate) square: String,
    pub(crate) id: SquareId,
    pub(crate) variants: Vec<Variant>,
}

impl Document {
    /// Assembles a document from entries whose ids come from `tables`.
    pub(crate) fn new(schema: Option<String>, pieces: Vec<PieceEntry>, tables: Tables) -> Self {
        let mut index = HashMap::new();
        for (p, piece) in pieces.iter().enumerate() {
            for (s, source) in piece.sources.iter().enumerate() {
                index.entry((piece.actor, source.id)).or_insert((p, s));
            }
        }
        Document {
            schema,
            pieces,
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
        self.pieces.iter().map(|p| p.name.as_str()).collect()
    }

    /// The source squares of `piece`, in document order; `None` when the document has no
    /// such piece.
    #[must_use]
    pub fn sources(&self, piece: &str) -> Option<Vec<&str>> {
        let entry = self.piece_entry(piece)?;
        Some(entry.sources.iter().map(|s| s.square.as_str()).collect())
    }

    /// The destination squares of `piece` from `source`, in document order; `None` when the
    /// document has no such piece or source.
    #[must_use]
    pub fn destinations(&self, piece: &str, source: &str) -> Option<Vec<&str>> {
        let entry = self.source_entry(piece, source)?;
        Some(
            entry
                .destinations
                .iter()
                .map(|d| d.square.as_str())
                .collect(),
        )
    }

    /// The variants of the move of `piece` from `source` to `destination`, in document
    /// order; `None` when the document has no such move.
    #[must_use]
    pub fn variants(&self, piece: &str, source: &str, destination: &str) -> Option<&[Variant]> {
        let entry = self.source_entry(piece, source)?;
        let destination = entry
            .destinations
            .iter()
            .find(|d| d.square == destination)?;
        Some(&destination.variants)
    }

    /// How many variants the document has in all.
    #[must_use]
    pub fn variant_count(&self) -> usize {
        self.pieces
            .iter()
            .flat_map(|p| &p.sources)
            .flat_map(|s| &s.destinations)
            .map(|d| d.variants.len())
            .sum()
    }

    pub(crate) fn entries(&self) -> &[PieceEntry] {
        &self.pieces
    }

    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The entry of the piece with id `actor` on the square with id `square`.
    pub(crate) fn lookup(&self, actor: ActorId, square: SquareId) -> Option<(usize, usize)> {
        self.index.get(&(actor, square)).copied()
    }

    fn piece_entry(&self, piece: &str) -> Option<&PieceEntry> {
        self.pieces.iter().find(|p| p.name == piece)
    }

    fn source_entry(&self, piece: &str, source: &str) -> Option<&SourceEntry> {
        let actor = self.tables.actor(piece)?;
        let square = self.tables.square(source)?;
        let (p, s) = self.lookup(actor, square)?;
        Some(&self.pieces[p].sources[s])
    }
}
