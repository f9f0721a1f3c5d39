//! Evaluation of a document on a board (docs/DECISIONS.md G12).
//!
//! A move (piece, source, destination, variant) is possible on a board iff the source square
//! holds exactly the piece, every `require` condition holds (AND) and no `prevent` condition
//! holds (OR). A square absent from the board is empty. `"enemy"` holds on a square whose
//! piece has the other side than the source piece (G3). Pieces of both sides move: GGN has
//! no turn. Every matching variant is returned, in document order (pieces, then sources,
//! destinations and variants, as written).

mod board;

use super::document::{Condition, Document, Span, Test};
use crate::model::Side;

pub use self::board::{Board, ResultBoard};

/// Restricts [`Document::moves`] to one piece, source or destination; `None` matches all.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveFilter {
    /// Only moves of this piece (GAN identifier, byte-exact).
    pub piece: Option<String>,
    /// Only moves from this square.
    pub from: Option<String>,
    /// Only moves to this square.
    pub to: Option<String>,
}

/// A possible move: one matching variant, its effects and the resulting board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The moving piece (the document's piece key).
    pub piece: String,
    /// The source square.
    pub from: String,
    /// The destination square.
    pub to: String,
    /// The index of the variant in its destination array.
    pub variant: usize,
    /// The variant's `perform` map, in document order.
    pub perform: Vec<(String, Option<String>)>,
    /// The board after the move (see [`Document::moves`]).
    pub board: Vec<(String, Option<String>)>,
}

/// A possible move as [`Document::moves_on`] yields it: borrowed from the document and the
/// board, its resulting board read through the board and `perform` rather than copied.
#[derive(Clone, Debug)]
pub struct MoveRef<'a> {
    /// The moving piece (the document's piece key).
    pub piece: &'a str,
    /// The source square.
    pub from: &'a str,
    /// The destination square.
    pub to: &'a str,
    /// The index of the variant in its destination array.
    pub variant: usize,
    /// The variant's `perform` map, in document order.
    pub perform: &'a [(String, Option<String>)],
    /// The board the move is played on.
    pub(crate) on: &'a Board,
}

impl<'a> MoveRef<'a> {
    /// The board after the move (the same squares, in the same order, as [`Move::board`]).
    #[must_use]
    pub fn board(&self) -> ResultBoard<'a> {
        self.on.overlay(self.perform)
    }

    /// The owned [`Move`]: its result board copied whole.
    #[must_use]
    pub fn to_move(&self) -> Move {
        Move {
            piece: self.piece.to_owned(),
            from: self.from.to_owned(),
            to: self.to.to_owned(),
            variant: self.variant,
            perform: self.perform.to_vec(),
            board: self.on.apply(self.perform),
        }
    }
}

/// The piece on a square, as evaluation sees it.
#[derive(Clone, Copy, Debug)]
struct Occupant {
    /// The piece's id when the document mentions it (otherwise it matches no GAN state).
    actor: Option<u32>,
    side: Side,
}

impl Document {
    /// Every possible move on `board` that passes `filter`, in document order.
    ///
    /// The resulting board of a move is `board` with `perform` applied: a square of the
    /// board takes its new value (`null` stays listed as `null`); a square absent from the
    /// board is appended when it receives a piece, and left out when it is emptied.
    ///
    /// Each move holds a whole board: prefer [`Document::moves_iter`] when there may be many.
    #[must_use]
    pub fn moves(&self, board: &Board, filter: &MoveFilter) -> Vec<Move> {
        self.moves_iter(board, filter).collect()
    }

    /// The moves of [`Document::moves`], one at a time, in the same order: memory holds one
    /// resulting board at a time, however many moves there are.
    pub fn moves_iter<'a>(
        &'a self,
        board: &'a Board,
        filter: &'a MoveFilter,
    ) -> impl Iterator<Item = Move> + 'a {
        self.moves_on(board, filter).map(|found| found.to_move())
    }

    /// The moves of [`Document::moves`], one at a time, in the same order, borrowed: no
    /// move copies the board (its [`MoveRef::board`] reads through it), so a large board
    /// costs its own size once, however many moves there are.
    pub fn moves_on<'a>(
        &'a self,
        board: &'a Board,
        filter: &MoveFilter,
    ) -> impl Iterator<Item = MoveRef<'a>> + use<'a> {
        let tables = self.tables();
        let mut cells: Vec<Option<Occupant>> = vec![None; tables.square_count()];
        let mut candidates = Vec::new();
        for (square, piece, side) in board.occupied() {
            let Some(square) = tables.square(square) else {
                continue;
            };
            let actor = tables.actor(piece);
            cells[square as usize] = Some(Occupant { actor, side });
            if let Some(entry) = actor.and_then(|actor| self.lookup(actor, square)) {
                candidates.push(entry);
            }
        }
        candidates.sort_unstable();
        // A filter square the document never mentions gets an id no square has.
        let square = |wanted: Option<&str>| wanted.map(|s| tables.square(s).unwrap_or(u32::MAX));
        let (from, to) = (square(filter.from.as_deref()), square(filter.to.as_deref()));
        let cells: std::rc::Rc<[Option<Occupant>]> = cells.into();
        let wanted_name = filter.piece.clone();
        candidates.into_iter().flat_map(move |(p, s)| {
            let parts = self.parts();
            let piece = &parts.pieces[p];
            let source = &parts.sources[s];
            let name = tables.actor_text(piece.actor);
            let wanted_piece = wanted_name.as_deref().is_none_or(|w| w == name);
            let wanted = wanted_piece && from.is_none_or(|id| id == source.id);
            let cells = std::rc::Rc::clone(&cells);
            self.destinations_of(source)
                .iter()
                .filter(move |destination| wanted && to.is_none_or(|id| id == destination.id))
                .flat_map(move |destination| {
                    let cells = std::rc::Rc::clone(&cells);
                    self.variants_of(destination).iter().enumerate().filter_map(
                        move |(v, variant)| {
                            let on_board = |c: &Condition| holds(c, &cells, piece.side);
                            let conditions = |span: Span| &parts.conditions[span.range()];
                            (conditions(variant.require).iter().all(on_board)
                                && !conditions(variant.prevent).iter().any(on_board))
                            .then(|| MoveRef {
                                piece: name,
                                from: tables.square_label(source.id),
                                to: tables.square_label(destination.id),
                                variant: v,
                                perform: &self.written(variant).perform,
                                on: board,
                            })
                        },
                    )
                })
        })
    }
}

impl Document {
    /// The indices of the variants of the move of `piece` from `source` to `destination` that
    /// hold on `board`, in document order (G12): the last step of the navigation
    /// [`pieces`](Document::pieces) → [`sources`](Document::sources) →
    /// [`destinations`](Document::destinations) → variants. Empty when none holds, or when
    /// the document has no such move.
    #[must_use]
    pub fn variants_on(
        &self,
        board: &Board,
        piece: &str,
        source: &str,
        destination: &str,
    ) -> Vec<usize> {
        let filter = MoveFilter {
            piece: Some(piece.to_owned()),
            from: Some(source.to_owned()),
            to: Some(destination.to_owned()),
        };
        self.moves_on(board, &filter)
            .map(|found| found.variant)
            .collect()
    }
}

/// Whether `condition` holds on `cells` for a source piece of side `side`.
fn holds(condition: &Condition, cells: &[Option<Occupant>], side: Side) -> bool {
    let cell = cells[condition.square as usize];
    match condition.test {
        Test::Empty => cell.is_none(),
        Test::Enemy => cell.is_some_and(|o| o.side != side),
        Test::Piece(actor) => cell.is_some_and(|o| o.actor == Some(actor)),
    }
}
