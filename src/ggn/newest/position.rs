//! A position for the newest edition (docs/DECISIONS.md G29–G31): a JSON object from CELL
//! coordinates to QPI tokens (`null` for an empty square of the board), and optionally
//! `"*"`, the hand, an array of QPI tokens.
//!
//! ```json
//! {"e1": "W:K^", "e2": null, "e4": "w:-p", "*": ["J:F", "j:n"]}
//! ```
//!
//! The squares listed are the board's (G30): a square absent from the object is not on the
//! board, and no condition holds on it (G29). The hand is one list for both sides: a token's
//! case says whose piece it is (G31).

use super::super::codes;
use super::super::diagnostic::Diagnostic;
use super::super::gan::Gans;
use super::super::pointer::Path;
use super::super::reader::{Node, NodeKind};
use super::super::validate::checker::duplicate_keys_to;
use super::super::validate::members::{self, Members};
use super::super::validate::options::{Keys, Options, Sink};
use super::super::validate::{describe, Checker};
use super::check::{CELL, QPI};
use crate::model::Side;

/// A validated position of the newest edition.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// The board's squares in input order, each with its piece (token and side) or `None`.
    squares: Vec<(String, Option<(String, Side)>)>,
    /// The hand, in input order.
    hand: Vec<String>,
}

impl Position {
    /// Reads and validates a position.
    ///
    /// # Errors
    ///
    /// Every problem, with pointers: a reading failure, `top-level-not-object`,
    /// `duplicate-key`, `invalid-location` (a key neither CELL nor `"*"`), `wrong-type` (a
    /// square's value neither a string nor `null`, a hand not an array of strings),
    /// `invalid-qpi` (a value that is no `qpi-2026-01` token).
    pub fn parse(input: &[u8], options: &Options) -> Result<Position, Vec<Diagnostic>> {
        let mut diagnostics = Vec::new();
        Position::parse_to(input, options, &mut diagnostics).ok_or(diagnostics)
    }

    /// [`Position::parse`] with the diagnostics handed to `sink` (their counts, then each
    /// in the same order) instead of returned: the position is read a second time to report
    /// them, none is held, and memory is bounded by the position, not by its diagnostics.
    /// Returns the position when it has no error.
    pub fn parse_to(input: &[u8], options: &Options, sink: &mut impl Sink) -> Option<Position> {
        let new = || Builder {
            checker: Checker::new(options),
            qpi: Gans::new(QPI),
            keys: Keys::default(),
            position: Position::default(),
        };
        let whole = |root: &Node| {
            let message = format!(
                "a position must be an object of CELL coordinates (and \"*\"), found {}",
                describe(root)
            );
            Err(vec![Diagnostic::error(
                codes::TOP_LEVEL_NOT_OBJECT,
                String::new(),
                message,
            )])
        };
        members::read_members_to(input, options, sink, new, whole)
    }

    /// The pieces on the board: (square, token), in input order.
    pub fn pieces(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.squares
            .iter()
            .filter_map(|(square, piece)| Some((square.as_str(), piece.as_ref()?.0.as_str())))
    }

    /// The tokens in the hand, in input order.
    pub fn hand(&self) -> impl Iterator<Item = &str> + '_ {
        self.hand.iter().map(String::as_str)
    }

    /// The board's squares in input order, each with its piece (token and side) or `None`.
    pub(super) fn squares(&self) -> impl Iterator<Item = (&str, Option<(&str, Side)>)> + '_ {
        self.squares.iter().map(|(square, piece)| {
            (
                square.as_str(),
                piece.as_ref().map(|(t, s)| (t.as_str(), *s)),
            )
        })
    }
}

struct Builder<'o> {
    checker: Checker<'o>,
    qpi: Gans,
    keys: Keys,
    position: Position,
}

impl Builder<'_> {
    fn member(&mut self, key: &str, value: &Node) {
        self.keys.push(key);
        let at = Path::ROOT.key(key);
        if key == "*" {
            self.hand(value, &at);
            return;
        }
        let square_ok = match CELL.parse(key.as_bytes()) {
            Ok(_) => true,
            Err(error) => {
                let message = format!(
                    "position key {key:?} is neither a CELL coordinate nor the hand \"*\": {error}"
                );
                self.checker.error(codes::INVALID_LOCATION, &at, message);
                false
            }
        };
        let piece = match value.kind() {
            NodeKind::Null => None,
            NodeKind::String(text) => match self.token(text, &at) {
                Some(side) => Some((text.clone(), side)),
                None => return,
            },
            _ => {
                let message = format!(
                    "a square holds a QPI token or null (empty), found {}",
                    describe(value)
                );
                self.checker.error(codes::WRONG_TYPE, &at, message);
                return;
            }
        };
        if square_ok {
            self.position.squares.push((key.to_owned(), piece));
        }
    }

    fn hand(&mut self, value: &Node, at: &Path<'_>) {
        let Some(elements) = value.as_array() else {
            let message = format!(
                "the hand \"*\" is an array of QPI tokens, found {}",
                describe(value)
            );
            self.checker.error(codes::WRONG_TYPE, at, message);
            return;
        };
        for (i, element) in elements.iter().enumerate() {
            let here = at.index(i);
            let Some(text) = element.as_str() else {
                let message = format!(
                    "a piece in hand is a QPI token, found {}",
                    describe(element)
                );
                self.checker.error(codes::WRONG_TYPE, &here, message);
                continue;
            };
            if self.token(text, &here).is_some() {
                self.position.hand.push(text.to_owned());
            }
        }
    }

    /// The side of a QPI token, or `invalid-qpi`.
    fn token(&mut self, text: &str, at: &Path<'_>) -> Option<Side> {
        match self.qpi.parse(text) {
            Ok(side) => Some(side),
            Err(error) => {
                let message = format!("{text:?} is not a valid {} token: {error}", QPI.as_str());
                self.checker.error(codes::INVALID_QPI, at, message);
                None
            }
        }
    }
}

impl Members for Builder<'_> {
    type Built = Position;

    fn member(&mut self, key: &str, value: &Node) {
        Builder::member(self, key, value);
    }

    fn found(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.checker.out)
    }

    fn duplicates(&self, each: &mut dyn FnMut(Diagnostic)) {
        duplicate_keys_to(self.keys.iter(), "the position", &Path::ROOT, each);
    }

    fn built(self) -> Position {
        self.position
    }
}
