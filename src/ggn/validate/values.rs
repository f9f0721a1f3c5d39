//! The values of `require`, `prevent` and `perform` maps (G4, G6, G8).

use super::super::codes;
use super::super::document::{Condition, Effect, Test};
use super::super::pointer::Path;
use super::super::reader::{Node, NodeKind};
use super::checker::{describe, Checker};
use crate::model::Side;

/// Which condition map is being read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Field {
    Require,
    Prevent,
}

impl Field {
    pub(super) fn name(self) -> &'static str {
        match self {
            Field::Require => "require",
            Field::Prevent => "prevent",
        }
    }
}

/// A state as the logic checks see it: the set of occupants that satisfy it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Occupants<'n> {
    Empty,
    Enemy,
    Piece(&'n str, Side),
}

/// One member of a `require` or `prevent` map.
pub(super) struct Entry<'n> {
    pub(super) square: &'n str,
    /// The value, when it is a string (valid or not): the conflict rule compares strings.
    pub(super) text: Option<&'n str>,
    /// The meaning of the value, when it is a valid state.
    pub(super) occupants: Option<Occupants<'n>>,
    /// Whether the square label is acceptable.
    pub(super) square_ok: bool,
}

impl Entry<'_> {
    /// The entry as a compiled condition, when fully valid.
    pub(super) fn compile(&self, checker: &mut Checker<'_>) -> Option<Condition> {
        let occupants = self.occupants.filter(|_| self.square_ok)?;
        let square = checker.tables.intern_square(self.square);
        let test = match occupants {
            Occupants::Empty => Test::Empty,
            Occupants::Enemy => Test::Enemy,
            Occupants::Piece(text, _) => Test::Piece(checker.tables.intern_actor(text)),
        };
        Some(Condition { square, test })
    }
}

impl Checker<'_> {
    /// Reads a `require` or `prevent` map; reports its problems and returns its members.
    pub(super) fn conditions<'n>(
        &mut self,
        field: Field,
        node: &'n Node,
        path: &Path<'_>,
    ) -> Vec<Entry<'n>> {
        let expected = format!("an object of square states for {:?}", field.name());
        let Some(members) = self.object(node, &expected, path) else {
            return Vec::new();
        };
        if members.is_empty() {
            let code = match field {
                Field::Require => codes::EMPTY_REQUIRE,
                Field::Prevent => codes::EMPTY_PREVENT,
            };
            let message = format!("{:?} must not be empty: omit it instead (G7)", field.name());
            self.error(code, path, message);
        }
        self.duplicates(members, &format!("{:?}", field.name()), path);
        members
            .iter()
            .map(|(square, value)| {
                let at = path.key(square);
                let square_ok = self.square(square, &at);
                Entry {
                    square,
                    text: value.as_str(),
                    occupants: self.state(field, value, &at),
                    square_ok,
                }
            })
            .collect()
    }

    /// Reads a `perform` map; reports its problems and returns its valid members.
    pub(super) fn effects(&mut self, node: &Node, path: &Path<'_>) -> Vec<Effect> {
        let Some(members) = self.object(node, "an object of square changes for \"perform\"", path)
        else {
            return Vec::new();
        };
        if members.is_empty() {
            let message =
                "\"perform\" must not be empty: a move changes at least one square".to_owned();
            self.error(codes::EMPTY_PERFORM, path, message);
        }
        self.duplicates(members, "\"perform\"", path);
        let mut effects = Vec::with_capacity(members.len());
        for (square, value) in members {
            let at = path.key(square);
            let square_ok = self.square(square, &at);
            match self.effect(value, &at) {
                Some(piece) if square_ok => {
                    let square = self.tables.intern_square(square);
                    effects.push(Effect { square, piece });
                }
                _ => {}
            }
        }
        effects
    }

    /// A state: `"empty"`, `"enemy"` or a GAN identifier (G4); `null` is a perform value
    /// only (G8).
    fn state<'n>(
        &mut self,
        field: Field,
        node: &'n Node,
        path: &Path<'_>,
    ) -> Option<Occupants<'n>> {
        let text = match node.kind() {
            NodeKind::String(text) => text.as_str(),
            NodeKind::Null => {
                let message = format!(
                    "null is not a state: it is allowed only as a \"perform\" value; \
                     use \"empty\" in {:?} (G8)",
                    field.name()
                );
                self.error(codes::WRONG_TYPE, path, message);
                return None;
            }
            _ => {
                let message = format!(
                    "expected a state (\"empty\", \"enemy\" or a GAN identifier), found {}",
                    describe(node)
                );
                self.error(codes::WRONG_TYPE, path, message);
                return None;
            }
        };
        match text {
            "empty" => Some(Occupants::Empty),
            "enemy" => Some(Occupants::Enemy),
            _ if !text.contains(':') => {
                let message = invalid_state_message(text);
                self.error(codes::INVALID_STATE, path, message);
                None
            }
            _ => {
                let role = format!("{} state", field.name());
                let side = self.actor(text, &role, path)?;
                Some(Occupants::Piece(text, side))
            }
        }
    }

    /// A perform value: the id of a GAN identifier, or `None` for `null`, an emptied square
    /// (G8); `None` outside when the value is invalid.
    #[allow(clippy::option_option)]
    fn effect(&mut self, node: &Node, path: &Path<'_>) -> Option<Option<u32>> {
        match node.kind() {
            NodeKind::Null => Some(None),
            NodeKind::String(text) if text == "empty" => {
                let message = "\"empty\" is a condition state, not a perform value: \
                               use null to empty a square (G8)"
                    .to_owned();
                self.error(codes::EMPTY_AS_PERFORM, path, message);
                None
            }
            NodeKind::String(text) => {
                self.actor(text, "perform value", path)?;
                Some(Some(self.tables.intern_actor(text)))
            }
            _ => {
                let message = format!(
                    "expected a GAN identifier or null, found {}",
                    describe(node)
                );
                self.error(codes::WRONG_TYPE, path, message);
                None
            }
        }
    }
}

/// Why a string without `:` is not a state (G4).
fn invalid_state_message(text: &str) -> String {
    match text {
        "ally" => "state \"ally\" belongs to another GGN edition: this edition has \"empty\", \
                   \"enemy\" and GAN identifiers; prevent \"enemy\" excludes enemies \
                   (an empty square passes it too)"
            .to_owned(),
        "occupied" => "state \"occupied\" belongs to another GGN edition: this edition has \
                       \"empty\", \"enemy\" and GAN identifiers; prevent \"empty\" requires \
                       an occupied square"
            .to_owned(),
        _ if text.eq_ignore_ascii_case("empty") || text.eq_ignore_ascii_case("enemy") => format!(
            "state {text:?} is not {:?}: states are case-sensitive",
            text.to_ascii_lowercase()
        ),
        _ => format!("{text:?} is neither \"empty\", \"enemy\" nor a GAN identifier"),
    }
}
