//! A board position: square → GAN identifier or `null`, as a JSON object.

use std::collections::HashMap;

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
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    entries: Vec<(String, Option<String>)>,
    sides: Vec<Option<Side>>,
    index: HashMap<String, usize>,
}

impl Board {
    /// Reads and validates a board given as a JSON object.
    ///
    /// # Errors
    ///
    /// Returns every problem found, with pointers (`/e4`): a reading failure, a top level
    /// that is not an object, `duplicate-key`, `wrong-type` (a value neither string nor
    /// null), an invalid GAN identifier (its GAN code), `empty-square-label`,
    /// `unknown-key` (the hand `"*"`) and `unknown-square` (when `options.squares` is set).
    pub fn parse(input: &[u8], options: &Options) -> Result<Board, Vec<Diagnostic>> {
        let root = reader::read(input, &options.limits).map_err(|e| vec![e.to_diagnostic()])?;
        Board::from_node(&root, options)
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
        let members = entries
            .into_iter()
            .map(|(square, piece)| {
                let value = piece.map_or(NodeKind::Null, NodeKind::String);
                (square, Node::new(value))
            })
            .collect();
        Board::from_node(&Node::new(NodeKind::Object(members)), options)
    }

    /// Validates a board already read with [`reader::read`](super::super::reader::read).
    ///
    /// # Errors
    ///
    /// As [`Board::from_entries`].
    pub fn from_node(root: &Node, options: &Options) -> Result<Board, Vec<Diagnostic>> {
        let mut checker = Checker::new(options);
        let path = Path::ROOT;
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
        checker.duplicates(members, "the board", &path);
        let mut board = Board::default();
        for (square, value) in members {
            let at = path.key(square);
            checker.square(square, &at);
            let side = match value.kind() {
                NodeKind::Null => None,
                NodeKind::String(text) => match checker.gan(text) {
                    Ok(side) => Some(side),
                    Err(error) => {
                        checker.gan_error(&error, text, "board value", &at);
                        continue;
                    }
                },
                _ => {
                    let message = format!(
                        "expected a GAN identifier or null, found {}",
                        describe(value)
                    );
                    checker.error(codes::WRONG_TYPE, &at, message);
                    continue;
                }
            };
            board
                .index
                .entry(square.clone())
                .or_insert(board.entries.len());
            board
                .entries
                .push((square.clone(), value.as_str().map(str::to_owned)));
            board.sides.push(side);
        }
        if checker.error_count() > 0 {
            return Err(checker.out);
        }
        Ok(board)
    }

    /// The squares in input order, with their piece or `None`.
    #[must_use]
    pub fn entries(&self) -> &[(String, Option<String>)] {
        &self.entries
    }

    /// The piece on `square`; `None` when the square is empty or absent.
    #[must_use]
    pub fn get(&self, square: &str) -> Option<&str> {
        let &i = self.index.get(square)?;
        self.entries[i].1.as_deref()
    }

    /// The occupied squares: `(square, piece, side)`, in input order.
    pub(crate) fn occupied(&self) -> impl Iterator<Item = (&str, &str, Side)> {
        self.entries
            .iter()
            .zip(&self.sides)
            .filter_map(|((square, piece), side)| {
                Some((square.as_str(), piece.as_deref()?, (*side)?))
            })
    }

    /// The board with `perform` applied: a listed square takes its new value (`None`
    /// included); an unlisted one is appended when it receives a piece and omitted when it
    /// is emptied (absent already means empty).
    pub(crate) fn apply(
        &self,
        perform: &[(String, Option<String>)],
    ) -> Vec<(String, Option<String>)> {
        let mut result = self.entries.clone();
        for (square, value) in perform {
            match self.index.get(square) {
                Some(&i) => result[i].1.clone_from(value),
                None if value.is_some() => result.push((square.clone(), value.clone())),
                None => {}
            }
        }
        result
    }
}
