//! The model of a valid newest-edition document ([`Rules`]) and its evaluation on a
//! [`Position`] (docs/DECISIONS.md G28–G31).
//!
//! The model is compact: every distinct string (QPI token, CELL coordinate, `"*"`) is
//! interned once, a condition is two numbers, a possibility three offsets into one array of
//! conditions. It is built source by source as the document is read, so the whole JSON tree
//! is never held (the memory budget of docs/limits.md).

use std::collections::HashMap;

use super::super::diagnostic::Diagnostic;
use super::super::gan::Gans;
use super::super::reader::{self, Node};
use super::super::validate::options::{Options, Sink, Summary};
use super::check::QPI;
use super::position::Position;
use crate::model::Side;

/// An interned string's id.
type Id = u32;

/// The strings of a document, each once.
#[derive(Clone, Debug, Default)]
struct Strings {
    names: Vec<String>,
    ids: HashMap<String, Id>,
}

impl Strings {
    fn intern(&mut self, text: &str) -> Id {
        if let Some(&id) = self.ids.get(text) {
            return id;
        }
        let id = Id::try_from(self.names.len()).expect("fewer than 2^32 distinct strings");
        self.names.push(text.to_owned());
        self.ids.insert(text.to_owned(), id);
        id
    }

    fn id(&self, text: &str) -> Option<Id> {
        self.ids.get(text).copied()
    }

    fn name(&self, id: Id) -> &str {
        &self.names[id as usize]
    }
}

/// What a square of the board holds, as evaluation sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    /// `token` is `None` when the document never names it (it then equals no LCN value).
    Piece {
        token: Option<Id>,
        side: Side,
    },
}

/// What an LCN condition asks of its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Test {
    Empty,
    Enemy,
    /// Exactly this token (G28: by equality).
    Piece(Id),
}

#[derive(Clone, Copy, Debug)]
struct Condition {
    square: Id,
    test: Test,
}

/// One possibility: `conditions[start..deny]` are its `must`, `conditions[deny..end]` its
/// `deny`.
#[derive(Clone, Copy, Debug)]
struct Possibility {
    start: u32,
    deny: u32,
    end: u32,
}

#[derive(Clone, Debug)]
struct Destination {
    location: Id,
    /// `possibilities[start..end]`.
    start: u32,
    end: u32,
}

#[derive(Clone, Debug)]
struct Source {
    piece: Id,
    side: Side,
    location: Id,
    /// `destinations[start..end]`.
    start: u32,
    end: u32,
}

/// A valid document of the newest edition (`ggn-2025-10`), ready to be evaluated.
#[derive(Clone, Debug, Default)]
pub struct Rules {
    strings: Strings,
    /// Every source of every piece, in document order.
    sources: Vec<Source>,
    destinations: Vec<Destination>,
    possibilities: Vec<Possibility>,
    conditions: Vec<Condition>,
    /// (piece, source location) → index in `sources`.
    index: HashMap<(Id, Id), usize>,
}

/// A move the rules allow on a position: one possibility whose conditions hold.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PossibleMove<'a> {
    /// The moving piece: the document's QPI key.
    pub piece: &'a str,
    /// The source: a CELL coordinate, or `"*"` (a drop from the hand).
    pub from: &'a str,
    /// The destination: a CELL coordinate, or `"*"` (to the hand).
    pub to: &'a str,
    /// The index of the possibility that allows it, in its list.
    pub possibility: usize,
}

impl std::fmt::Display for PossibleMove<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} -> {} (possibility {})",
            self.piece, self.from, self.to, self.possibility
        )
    }
}

fn offset(n: usize) -> u32 {
    u32::try_from(n).expect("fewer than 2^32 entries")
}

impl Rules {
    /// Validates `input` as the newest edition (whatever `options.edition` says) and, when
    /// it has no error, builds its model.
    ///
    /// # Errors
    ///
    /// Every diagnostic of [`validate`](crate::ggn::validate()) when there is an error.
    pub fn read(input: &[u8], options: &Options) -> Result<Rules, Vec<Diagnostic>> {
        let mut diagnostics = Vec::new();
        Rules::read_to(input, options, &mut diagnostics).ok_or(diagnostics)
    }

    /// [`Rules::read`] with the diagnostics handed to `sink` as
    /// [`diagnose_to`](crate::ggn::diagnose_to) hands them (the counts, then each in
    /// document order, none held): the model when the document has no error.
    pub fn read_to(input: &[u8], options: &Options, sink: &mut impl Sink) -> Option<Rules> {
        let options = Options {
            edition: super::super::Edition::Ggn202510,
            ..options.clone()
        };
        let mut counted = Valid { sink, valid: true };
        super::super::diagnose_to(input, &options, &mut counted);
        if !counted.valid {
            return None;
        }
        let mut builder = Builder {
            rules: Rules::default(),
            qpi: Gans::new(QPI),
        };
        // A valid document reads without error: the same bytes were just read.
        reader::read_nested(input, &options.limits, &mut builder).ok()?;
        Some(builder.rules)
    }

    /// How many possibilities the document has in all.
    #[must_use]
    pub fn possibility_count(&self) -> usize {
        self.possibilities.len()
    }

    /// Every move the rules allow on `position`, in document order (pieces, sources,
    /// destinations, possibilities as written): a piece on a square moves from it, a piece
    /// in the hand from `"*"`; pieces of both sides move (GGN has no turn).
    pub fn moves<'a>(
        &'a self,
        position: &'a Position,
    ) -> impl Iterator<Item = PossibleMove<'a>> + 'a {
        let mut found: Vec<usize> = Vec::new();
        for (square, token) in position.pieces() {
            let (Some(piece), Some(location)) = (self.strings.id(token), self.strings.id(square))
            else {
                continue;
            };
            if let Some(&source) = self.index.get(&(piece, location)) {
                found.push(source);
            }
        }
        if let Some(hand) = self.strings.id("*") {
            for token in position.hand() {
                if let Some(&source) = self
                    .strings
                    .id(token)
                    .and_then(|piece| self.index.get(&(piece, hand)))
                {
                    found.push(source);
                }
            }
        }
        found.sort_unstable();
        found.dedup();
        let cells = self.cells(position);
        found.into_iter().flat_map(move |s| {
            let source = &self.sources[s];
            let cells = std::rc::Rc::clone(&cells);
            let landing = std::rc::Rc::clone(&cells);
            self.destinations[source.start as usize..source.end as usize]
                .iter()
                .filter(move |d| self.lands(d.location, &landing))
                .flat_map(move |destination| {
                    let cells = std::rc::Rc::clone(&cells);
                    let list = destination.start as usize..destination.end as usize;
                    self.possibilities[list]
                        .iter()
                        .enumerate()
                        .filter(move |(_, p)| self.allows(p, source.side, &cells))
                        .map(move |(i, _)| PossibleMove {
                            piece: self.strings.name(source.piece),
                            from: self.strings.name(source.location),
                            to: self.strings.name(destination.location),
                            possibility: i,
                        })
                })
        })
    }

    /// The board's squares the document names, by id.
    fn cells(&self, position: &Position) -> std::rc::Rc<HashMap<Id, Cell>> {
        let mut cells = HashMap::new();
        for (square, piece) in position.squares() {
            let Some(id) = self.strings.id(square) else {
                continue;
            };
            let cell = match piece {
                None => Cell::Empty,
                Some((token, side)) => Cell::Piece {
                    token: self.strings.id(token),
                    side,
                },
            };
            cells.insert(id, cell);
        }
        std::rc::Rc::new(cells)
    }

    /// A destination is the hand or a square the board has (G29).
    fn lands(&self, location: Id, cells: &HashMap<Id, Cell>) -> bool {
        self.strings.name(location) == "*" || cells.contains_key(&location)
    }

    /// Every `must` condition holds and no `deny` condition does.
    fn allows(&self, p: &Possibility, side: Side, cells: &HashMap<Id, Cell>) -> bool {
        let holds = |c: &Condition| holds(c, side, cells);
        self.conditions[p.start as usize..p.deny as usize]
            .iter()
            .all(holds)
            && !self.conditions[p.deny as usize..p.end as usize]
                .iter()
                .any(holds)
    }
}

/// Whether `condition` holds for a piece of `side` (G28: `"enemy"` from the key's side; G29:
/// nothing holds on a square the board does not have).
fn holds(condition: &Condition, side: Side, cells: &HashMap<Id, Cell>) -> bool {
    let Some(cell) = cells.get(&condition.square) else {
        return false;
    };
    match (condition.test, cell) {
        (Test::Empty, Cell::Empty) => true,
        (Test::Enemy, Cell::Piece { side: other, .. }) => *other != side,
        (Test::Piece(wanted), Cell::Piece { token, .. }) => *token == Some(wanted),
        _ => false,
    }
}

/// A sink that passes the diagnostics on and keeps whether the document is valid.
struct Valid<'s, S> {
    sink: &'s mut S,
    valid: bool,
}

impl<S: Sink> Sink for Valid<'_, S> {
    fn begin(&mut self, summary: Summary) {
        self.valid = summary.is_valid();
        self.sink.begin(summary);
    }

    fn diagnostic(&mut self, diagnostic: Diagnostic) {
        self.sink.diagnostic(diagnostic);
    }
}

/// Builds [`Rules`] from a valid document, source by source.
struct Builder {
    rules: Rules,
    qpi: Gans,
}

impl Builder {
    fn source(&mut self, key: &str, location: &str, value: &Node) {
        let rules = &mut self.rules;
        let side = self.qpi.parse(key).unwrap_or(Side::First);
        let piece = rules.strings.intern(key);
        let location = rules.strings.intern(location);
        let start = offset(rules.destinations.len());
        for (to, list) in value.as_object().unwrap_or_default() {
            let to = rules.strings.intern(to);
            let first = offset(rules.possibilities.len());
            for possibility in list.as_array().unwrap_or_default() {
                let begin = offset(rules.conditions.len());
                let members = possibility.as_object().unwrap_or_default();
                let lcn = |name: &'static str| {
                    members
                        .iter()
                        .filter(move |(k, _)| k == name)
                        .flat_map(|(_, v)| v.as_object().unwrap_or_default())
                };
                for (square, test) in lcn("must") {
                    let condition = condition(&mut rules.strings, square, test);
                    rules.conditions.push(condition);
                }
                let deny = offset(rules.conditions.len());
                for (square, test) in lcn("deny") {
                    let condition = condition(&mut rules.strings, square, test);
                    rules.conditions.push(condition);
                }
                rules.possibilities.push(Possibility {
                    start: begin,
                    deny,
                    end: offset(rules.conditions.len()),
                });
            }
            rules.destinations.push(Destination {
                location: to,
                start: first,
                end: offset(rules.possibilities.len()),
            });
        }
        let index = rules.sources.len();
        rules.sources.push(Source {
            piece,
            side,
            location,
            start,
            end: offset(rules.destinations.len()),
        });
        rules.index.entry((piece, location)).or_insert(index);
    }
}

fn condition(strings: &mut Strings, square: &str, test: &Node) -> Condition {
    let test = match test.as_str().unwrap_or_default() {
        "empty" => Test::Empty,
        "enemy" => Test::Enemy,
        token => Test::Piece(strings.intern(token)),
    };
    Condition {
        square: strings.intern(square),
        test,
    }
}

impl reader::Nested for Builder {
    fn stream(&mut self, _key: &str) -> bool {
        true
    }

    fn whole(&mut self, _key: String, _value: Node) {}

    fn begin(&mut self, _key: &str) {}

    fn inner(&mut self, key: &str, source: String, value: Node) {
        self.source(key, &source, &value);
    }

    fn end(&mut self, _key: String) {}
}
