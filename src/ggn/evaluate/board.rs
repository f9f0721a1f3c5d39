//! A board position: square → GAN identifier or `null`, as a JSON object.

use std::fmt;

use super::super::codes;
use super::super::diagnostic::Diagnostic;
use super::super::pointer::Path;
use super::super::reader::{self, Node, NodeKind};
use super::super::validate::{describe, Checker, Options};
use crate::model::Side;

/// A validated board: its squares in input order, each with a piece or `None` (empty).
///
/// A square absent from the board is empty (G12). A square listed with `null` is empty too;
/// it is kept so that a result board keeps the input's representation.
///
/// The squares are held compactly (the memory budget: a board within 4× its document):
/// their names and pieces back to back in one string, a few words a square to find them,
/// and the squares sorted by name for [`Board::get`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    /// Each square's name then its piece (if any), in input order.
    text: String,
    /// Where each square's name and piece end in `text`, and the piece's side.
    squares: Vec<Square>,
    /// The indices of `squares`, sorted by name.
    order: Vec<usize>,
}

/// One square of a [`Board`]: its name is `text[previous end..name_end]`, its piece
/// `text[name_end..end]` when `side` is set (a piece always has a side; `null` has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Square {
    name_end: usize,
    end: usize,
    side: Option<Side>,
}

/// Validates members one at a time into a [`Board`].
struct Builder<'o> {
    checker: Checker<'o>,
    board: Board,
    /// Every member's key, the rejected ones included (for the duplicate check): the
    /// board's own squares first, then the rest by `(member, key)`.
    rejected: Vec<(usize, String)>,
    members: usize,
}

impl<'o> Builder<'o> {
    fn new(options: &'o Options) -> Self {
        Builder {
            checker: Checker::new(options),
            board: Board::default(),
            rejected: Vec::new(),
            members: 0,
        }
    }

    fn member(&mut self, square: &str, value: &Node) {
        let member = self.members;
        self.members += 1;
        let checker = &mut self.checker;
        let at = Path::ROOT.key(square);
        checker.square(square, &at);
        let piece = match value.kind() {
            NodeKind::Null => None,
            NodeKind::String(text) => match checker.gan(text) {
                Ok(side) => Some((text.as_str(), side)),
                Err(error) => {
                    checker.gan_error(&error, text, "board value", &at);
                    self.rejected.push((member, square.to_owned()));
                    return;
                }
            },
            _ => {
                let message = format!(
                    "expected a GAN identifier or null, found {}",
                    describe(value)
                );
                checker.error(codes::WRONG_TYPE, &at, message);
                self.rejected.push((member, square.to_owned()));
                return;
            }
        };
        self.board.push(square, piece);
    }

    fn finish(self) -> Result<Board, Vec<Diagnostic>> {
        let Builder {
            mut checker,
            mut board,
            rejected,
            members,
        } = self;
        // Duplicate keys come first, as when the whole object is checked before its members.
        let found = std::mem::take(&mut checker.out);
        if rejected.is_empty() {
            checker.duplicate_keys(board.names(), "the board", &Path::ROOT);
        } else {
            // Every key, in member order (only on the way to an error).
            let mut kept = board.names();
            let mut rejected = rejected.iter().peekable();
            let keys: Vec<&str> = (0..members)
                .filter_map(|i| match rejected.peek() {
                    Some((at, key)) if *at == i => {
                        rejected.next();
                        Some(key.as_str())
                    }
                    _ => kept.next(),
                })
                .collect();
            checker.duplicate_keys(keys.into_iter(), "the board", &Path::ROOT);
        }
        checker.out.extend(found);
        if checker.error_count() > 0 {
            return Err(checker.out);
        }
        board.text.shrink_to_fit();
        board.squares.shrink_to_fit();
        let mut order: Vec<usize> = (0..board.squares.len()).collect();
        order.sort_unstable_by(|&a, &b| board.name(a).cmp(board.name(b)));
        board.order = order;
        Ok(board)
    }
}

impl Board {
    /// Reads and validates a board given as a JSON object.
    ///
    /// The object is read one member at a time: no tree of the whole board is built.
    ///
    /// # Errors
    ///
    /// Returns every problem found, with pointers (`/e4`): a reading failure, a top level
    /// that is not an object, `duplicate-key`, `wrong-type` (a value neither string nor
    /// null), an invalid GAN identifier (its GAN code), `empty-square-label`,
    /// `unknown-key` (the hand `"*"`) and `unknown-square` (when `options.squares` is set).
    pub fn parse(input: &[u8], options: &Options) -> Result<Board, Vec<Diagnostic>> {
        let mut builder = Builder::new(options);
        let read = reader::read_members(input, &options.limits, |square, value| {
            builder.member(&square, &value);
        });
        match read {
            Err(error) => Err(vec![error.to_diagnostic()]),
            Ok(Some(root)) => Board::from_node(&root, options),
            Ok(None) => builder.finish(),
        }
    }

    /// Validates a board given as `(square, piece or None)` pairs.
    ///
    /// # Errors
    ///
    /// As [`Board::parse`], without the reading failures.
    pub fn from_entries<I>(entries: I, options: &Options) -> Result<Board, Vec<Diagnostic>>
    where
        I: IntoIterator<Item = (String, Option<String>)>,
    {
        let mut builder = Builder::new(options);
        for (square, piece) in entries {
            let value = piece.map_or(NodeKind::Null, NodeKind::String);
            builder.member(&square, &Node::new(value));
        }
        builder.finish()
    }

    /// Validates a board already read with [`reader::read`](super::super::reader::read).
    ///
    /// # Errors
    ///
    /// As [`Board::from_entries`].
    pub fn from_node(root: &Node, options: &Options) -> Result<Board, Vec<Diagnostic>> {
        let Some(members) = root.as_object() else {
            let message = format!(
                "a board must be an object of squares, found {}",
                describe(root)
            );
            return Err(vec![Diagnostic::error(
                codes::TOP_LEVEL_NOT_OBJECT,
                String::new(),
                message,
            )]);
        };
        let mut builder = Builder::new(options);
        for (square, value) in members {
            builder.member(square, value);
        }
        builder.finish()
    }

    /// The squares in input order, with their piece or `None`, borrowed from the board's
    /// compact storage (`.map(|(s, p)| (s.to_owned(), p.map(str::to_owned)))` gives owned
    /// pairs).
    pub fn entries(&self) -> impl ExactSizeIterator<Item = (&str, Option<&str>)> + '_ {
        (0..self.squares.len()).map(|i| (self.name(i), self.piece(i)))
    }

    /// The number of squares listed (`null` ones included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.squares.len()
    }

    /// Whether the board lists no square.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.squares.is_empty()
    }

    /// The piece on `square`; `None` when the square is empty or absent.
    #[must_use]
    pub fn get(&self, square: &str) -> Option<&str> {
        self.piece(self.position(square)?)
    }

    /// The index of `square` in input order, if listed.
    fn position(&self, square: &str) -> Option<usize> {
        let at = self
            .order
            .binary_search_by(|&i| self.name(i).cmp(square))
            .ok()?;
        Some(self.order[at])
    }

    fn start(&self, i: usize) -> usize {
        i.checked_sub(1).map_or(0, |p| self.squares[p].end)
    }

    fn name(&self, i: usize) -> &str {
        &self.text[self.start(i)..self.squares[i].name_end]
    }

    fn piece(&self, i: usize) -> Option<&str> {
        let square = self.squares[i];
        square.side.map(|_| &self.text[square.name_end..square.end])
    }

    fn names(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        (0..self.squares.len()).map(|i| self.name(i))
    }

    fn push(&mut self, name: &str, piece: Option<(&str, Side)>) {
        self.text.push_str(name);
        let name_end = self.text.len();
        if let Some((piece, _)) = piece {
            self.text.push_str(piece);
        }
        self.squares.push(Square {
            name_end,
            end: self.text.len(),
            side: piece.map(|(_, side)| side),
        });
    }

    /// The occupied squares: `(square, piece, side)`, in input order.
    pub(crate) fn occupied(&self) -> impl Iterator<Item = (&str, &str, Side)> {
        (0..self.squares.len()).filter_map(|i| {
            let side = self.squares[i].side?;
            Some((self.name(i), self.piece(i)?, side))
        })
    }

    /// The board with `perform` applied, as owned pairs (see [`ResultBoard`]).
    pub(crate) fn apply(
        &self,
        perform: &[(String, Option<String>)],
    ) -> Vec<(String, Option<String>)> {
        self.overlay(perform)
            .iter()
            .map(|(square, piece)| (square.to_owned(), piece.map(str::to_owned)))
            .collect()
    }

    /// The board with `perform` applied, without copying the board.
    pub(crate) fn overlay<'a>(
        &'a self,
        perform: &'a [(String, Option<String>)],
    ) -> ResultBoard<'a> {
        let changes = perform
            .iter()
            .map(|(square, _)| self.position(square))
            .collect();
        ResultBoard {
            base: self,
            perform,
            changes,
        }
    }
}

/// A board after a move, read through its base board and the move's `perform`: a listed
/// square takes its new value (`None` included); an unlisted one is appended when it
/// receives a piece and omitted when it is emptied (absent already means empty).
///
/// Nothing of the base board is copied: a move's result board costs its `perform`.
#[derive(Clone)]
pub struct ResultBoard<'a> {
    base: &'a Board,
    perform: &'a [(String, Option<String>)],
    /// The position on the base board of each `perform` square, if listed there.
    changes: Vec<Option<usize>>,
}

impl<'a> ResultBoard<'a> {
    /// The squares with their piece or `None`: the base board's in its order, then the
    /// squares it did not list that receive a piece, in `perform` order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&'a str, Option<&'a str>)> + '_ {
        let base = self.base;
        let listed = (0..base.squares.len()).map(move |i| {
            // The last change of a square wins, as when they are applied in order.
            match self.changes.iter().rposition(|&c| c == Some(i)) {
                Some(k) => (base.name(i), self.perform[k].1.as_deref()),
                None => (base.name(i), base.piece(i)),
            }
        });
        let added = self
            .perform
            .iter()
            .zip(&self.changes)
            .filter(|((_, value), at)| at.is_none() && value.is_some())
            .map(|((square, value), _)| (square.as_str(), value.as_deref()));
        Counted {
            inner: listed.chain(added),
            left: base.squares.len() + self.added(),
        }
    }

    /// The number of squares listed.
    #[must_use]
    pub fn len(&self) -> usize {
        self.base.squares.len() + self.added()
    }

    /// Whether no square is listed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn added(&self) -> usize {
        self.perform
            .iter()
            .zip(&self.changes)
            .filter(|((_, value), at)| at.is_none() && value.is_some())
            .count()
    }
}

impl fmt::Debug for ResultBoard<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// An iterator of a known length.
struct Counted<I> {
    inner: I,
    left: usize,
}

impl<I: Iterator> Iterator for Counted<I> {
    type Item = I::Item;

    fn next(&mut self) -> Option<I::Item> {
        let item = self.inner.next()?;
        self.left = self.left.saturating_sub(1);
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl<I: Iterator> ExactSizeIterator for Counted<I> {}
