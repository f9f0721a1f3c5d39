//! A board position: square → GAN identifier or `null`, as a JSON object.

use std::fmt;

use super::super::codes;
use super::super::diagnostic::Diagnostic;
use super::super::pointer::Path;
use super::super::reader::{Node, NodeKind};
use super::super::validate::checker::duplicate_keys_to;
use super::super::validate::members::{self, Members};
use super::super::validate::options::Keys;
use super::super::validate::{describe, Checker, Options, Sink};
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
    /// The keys of the rejected members, in one buffer (for the duplicate check, with the
    /// board's own squares), and the index of each member.
    rejected: Keys,
    rejected_at: Vec<usize>,
    members: usize,
}

impl<'o> Builder<'o> {
    fn new(options: &'o Options) -> Self {
        Builder {
            checker: Checker::new(options),
            board: Board::default(),
            rejected: Keys::default(),
            rejected_at: Vec::new(),
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
                    self.reject(member, square);
                    return;
                }
            },
            _ => {
                let message = format!(
                    "expected a GAN identifier or null, found {}",
                    describe(value)
                );
                checker.error(codes::WRONG_TYPE, &at, message);
                self.reject(member, square);
                return;
            }
        };
        self.board.push(square, piece);
    }

    fn reject(&mut self, member: usize, square: &str) {
        self.rejected.push(square);
        self.rejected_at.push(member);
    }

    fn finish(self) -> Result<Board, Vec<Diagnostic>> {
        members::finish(self)
    }
}

impl Members for Builder<'_> {
    type Built = Board;

    fn member(&mut self, square: &str, value: &Node) {
        Builder::member(self, square, value);
    }

    fn found(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.checker.out)
    }

    fn duplicates(&self, each: &mut dyn FnMut(Diagnostic)) {
        if self.rejected_at.is_empty() {
            duplicate_keys_to(self.board.names(), "the board", &Path::ROOT, each);
        } else {
            // Every key, in member order (only on the way to an error).
            let mut kept = self.board.names();
            let mut rejected = self.rejected_at.iter().zip(self.rejected.iter()).peekable();
            let keys: Vec<&str> = (0..self.members)
                .filter_map(|i| match rejected.peek() {
                    Some((&at, key)) if at == i => {
                        let key = *key;
                        rejected.next();
                        Some(key)
                    }
                    _ => kept.next(),
                })
                .collect();
            duplicate_keys_to(keys.into_iter(), "the board", &Path::ROOT, each);
        }
    }

    fn built(self) -> Board {
        let mut board = self.board;
        board.text.shrink_to_fit();
        board.squares.shrink_to_fit();
        let mut order: Vec<usize> = (0..board.squares.len()).collect();
        order.sort_unstable_by(|&a, &b| board.name(a).cmp(board.name(b)));
        board.order = order;
        board
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
        let mut diagnostics = Vec::new();
        Board::parse_to(input, options, &mut diagnostics).ok_or(diagnostics)
    }

    /// [`Board::parse`] with the diagnostics handed to `sink` (their counts, then each in
    /// the same order) instead of returned: the board is read a second time to report them,
    /// none is held, and memory is bounded by the board, not by its diagnostics. Returns the
    /// board when it has no error.
    ///
    /// ```
    /// use gan::ggn::{Board, Diagnostic, Options};
    ///
    /// let text = br#"{"e4": [], "e4": null}"#;
    /// let mut found: Vec<Diagnostic> = Vec::new();
    /// assert!(Board::parse_to(text, &Options::default(), &mut found).is_none());
    /// assert_eq!(Board::parse(text, &Options::default()).unwrap_err(), found);
    /// ```
    pub fn parse_to(input: &[u8], options: &Options, sink: &mut impl Sink) -> Option<Board> {
        members::read_members_to(
            input,
            options,
            sink,
            || Builder::new(options),
            |root| Board::from_node(root, options),
        )
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
