//! The structure of a document: top level, pieces, sources, destinations (spec "JSON
//! Structure", G5, G7, G9). Variants are in [`variant`](super::variant).

use super::super::codes;
use super::super::document::{DestinationEntry, Document, PieceEntry, SourceEntry, Span};
use super::super::pointer::Path;
use super::super::reader::Node;
use super::checker::{Checker, Move};
use super::logic;

/// The key of the optional schema reference at the top level (G5).
const SCHEMA_KEY: &str = "$schema";

/// A piece being checked source by source.
pub(super) struct OpenPiece {
    side: Option<crate::model::Side>,
    /// Whether its squares were checked when it began.
    known: bool,
    /// Where its sources' diagnostics begin in the output.
    mark: usize,
    squares: super::options::Keys,
    /// Where its sources begin in the model.
    sources: usize,
}

impl OpenPiece {
    /// Whether the piece's squares were checked when it began.
    pub(super) fn known(&self) -> bool {
        self.known
    }
}

/// The top level being checked member by member: the schema and whether the pieces' model
/// is kept (in the checker's parts).
pub(super) struct TopLevel {
    schema: Option<String>,
    pub(super) keep: bool,
}

impl TopLevel {
    /// `keep`: whether the pieces' model is kept (only [`super::validate`] needs it).
    pub(super) fn new(keep: bool) -> Self {
        TopLevel { schema: None, keep }
    }
}

impl Checker<'_> {
    /// Checks a whole document and builds its model (meaningful only without errors).
    pub(super) fn document(&mut self, root: &Node) -> Document {
        let Some(members) = root.as_object() else {
            self.not_an_object(root);
            return Document::default();
        };
        self.duplicates(members, "the document", &Path::ROOT);
        let mut top = TopLevel::new(true);
        for (key, value) in members {
            self.top_member(&mut top, key, value);
        }
        self.finish(top)
    }

    /// Reports a top level that is not an object.
    pub(super) fn not_an_object(&mut self, root: &Node) {
        let message = format!(
            "the top level must be an object of pieces, found {}",
            super::checker::describe(root)
        );
        self.error(codes::TOP_LEVEL_NOT_OBJECT, &Path::ROOT, message);
    }

    /// Checks one member of the top-level object (`"$schema"` or a piece), in document
    /// order; its model joins `top` when `top` keeps one.
    pub(super) fn top_member(&mut self, top: &mut TopLevel, key: &str, value: &Node) {
        let at = Path::ROOT.key(key);
        if key == SCHEMA_KEY {
            if let Some(text) = value.as_str() {
                top.schema = Some(text.to_owned());
            } else {
                let message = format!(
                    "\"$schema\" must be a string, found {}",
                    super::checker::describe(value)
                );
                self.error(codes::SCHEMA_NOT_STRING, &at, message);
            }
        } else if let Some(piece) = self.piece(key, value, &at) {
            self.add_piece(top, piece);
        }
    }

    /// Adds a piece to the model, when `top` keeps one.
    pub(super) fn add_piece(&mut self, top: &TopLevel, piece: PieceEntry) {
        if top.keep {
            self.parts.pieces.push(piece);
        }
    }

    /// The model of the members checked (empty when `top` keeps none).
    pub(super) fn finish(&mut self, top: TopLevel) -> Document {
        let tables = std::mem::take(&mut self.tables);
        let parts = std::mem::take(&mut self.parts);
        Document::new(top.schema, parts, tables)
    }

    /// Whether the top-level member `key` is a piece, whose sources can be checked one at a
    /// time.
    pub(super) fn is_piece_key(key: &str) -> bool {
        key != SCHEMA_KEY
    }

    /// A piece whose value is an object begins: its key is checked (the first diagnostics
    /// of [`piece`](Self::piece)); its sources follow one by one.
    ///
    /// When the piece's source squares are already known (`squares`, from a first pass), its
    /// emptiness and duplicate squares are reported here, so that nothing of the piece need
    /// be held until it ends.
    pub(super) fn piece_begin<'k>(
        &mut self,
        key: &str,
        squares: Option<impl ExactSizeIterator<Item = &'k str>>,
    ) -> OpenPiece {
        let side = self.actor(key, "piece key", &Path::ROOT.key(key));
        let known = squares.is_some();
        if let Some(squares) = squares {
            self.piece_squares(key, squares);
        }
        OpenPiece {
            known,
            side,
            mark: self.out.len(),
            squares: super::options::Keys::default(),
            sources: self.parts.sources.len(),
        }
    }

    /// The checks of a piece's source squares as a whole: not none, no duplicate.
    fn piece_squares<'k>(&mut self, key: &str, squares: impl ExactSizeIterator<Item = &'k str>) {
        let path = Path::ROOT.key(key);
        if squares.len() == 0 {
            let message = format!("piece {key:?} has no source square");
            self.error(codes::EMPTY_PIECE, &path, message);
        }
        self.duplicate_keys(squares, &format!("the sources of {key:?}"), &path);
    }

    /// One source of the open piece `key`, as [`piece`](Self::piece) checks each.
    pub(super) fn piece_source(
        &mut self,
        open: &mut OpenPiece,
        key: &str,
        square: &str,
        value: &Node,
        keep: bool,
    ) {
        let path = Path::ROOT.key(key);
        let at = path.key(square);
        let fits = self.square(square, &at);
        let context = Move {
            piece: key,
            side: open.side,
            source: square,
        };
        match self.source(&context, value, &at) {
            Some(source) if fits && keep => self.parts.sources.push(source),
            _ => {}
        }
        open.squares.push(square);
    }

    /// The open piece `key` ends: its emptiness and duplicate squares are reported before
    /// its sources' diagnostics, as [`piece`](Self::piece) orders them (unless they were
    /// reported when it began). Also returns its source squares.
    pub(super) fn piece_end(
        &mut self,
        open: OpenPiece,
        key: &str,
    ) -> (Option<PieceEntry>, super::options::Keys) {
        if !open.known {
            // A counting pass may have handed on what was found since the mark: its order
            // does not matter there.
            let sources_out = self.out.split_off(open.mark.min(self.out.len()));
            self.piece_squares(key, open.squares.iter());
            self.out.extend(sources_out);
        }
        let entry = open.side.map(|side| PieceEntry {
            actor: self.tables.intern_actor(key),
            side,
            sources: Span::new(open.sources, self.parts.sources.len()),
        });
        (entry, open.squares)
    }

    fn piece(&mut self, key: &str, node: &Node, path: &Path<'_>) -> Option<PieceEntry> {
        let side = self.actor(key, "piece key", path);
        let members = self.object(node, "an object of source squares", path)?;
        if members.is_empty() {
            let message = format!("piece {key:?} has no source square");
            self.error(codes::EMPTY_PIECE, path, message);
        }
        self.duplicates(members, &format!("the sources of {key:?}"), path);
        let sources = self.parts.sources.len();
        for (square, value) in members {
            let at = path.key(square);
            let fits = self.square(square, &at);
            let context = Move {
                piece: key,
                side,
                source: square,
            };
            match self.source(&context, value, &at) {
                Some(source) if fits => self.parts.sources.push(source),
                _ => {}
            }
        }
        let side = side?;
        Some(PieceEntry {
            actor: self.tables.intern_actor(key),
            side,
            sources: Span::new(sources, self.parts.sources.len()),
        })
    }

    fn source(&mut self, context: &Move<'_>, node: &Node, path: &Path<'_>) -> Option<SourceEntry> {
        let members = self.object(node, "an object of destination squares", path)?;
        if members.is_empty() {
            let message = format!(
                "source {:?} of {:?} has no destination",
                context.source, context.piece
            );
            self.error(codes::EMPTY_SOURCE, path, message);
        }
        let place = format!(
            "the destinations of {:?} from {:?}",
            context.piece, context.source
        );
        self.duplicates(members, &place, path);
        // The destinations' variants go into the model first: the destinations follow them.
        let mut destinations = Vec::with_capacity(members.len());
        for (square, value) in members {
            let at = path.key(square);
            let fits = self.square(square, &at);
            match self.destination(context, square, value, &at) {
                Some(variants) if fits => {
                    let id = self.tables.intern_square(square);
                    destinations.push(DestinationEntry { id, variants });
                }
                _ => {}
            }
        }
        let start = self.parts.destinations.len();
        self.parts.destinations.extend(destinations);
        let id = self.tables.intern_square(context.source);
        Some(SourceEntry {
            id,
            destinations: Span::new(start, self.parts.destinations.len()),
        })
    }

    fn destination(
        &mut self,
        context: &Move<'_>,
        square: &str,
        node: &Node,
        path: &Path<'_>,
    ) -> Option<Span> {
        let Some(elements) = node.as_array() else {
            let message = format!(
                "expected an array of variants, found {}",
                super::checker::describe(node)
            );
            self.error(codes::WRONG_TYPE, path, message);
            return None;
        };
        if elements.is_empty() {
            let message = format!(
                "the move of {:?} from {:?} to {square:?} has no variant",
                context.piece, context.source
            );
            self.error(codes::EMPTY_DESTINATIONS, path, message);
        }
        let start = self.parts.variants.len();
        let mut complete = true;
        for (i, element) in elements.iter().enumerate() {
            match self.variant(context, element, &path.index(i)) {
                Some(variant) => self.parts.variants.push(variant),
                None => complete = false,
            }
        }
        let variants = Span::new(start, self.parts.variants.len());
        if complete {
            logic::duplicate_variants(self, variants, path);
        }
        Some(variants)
    }
}
