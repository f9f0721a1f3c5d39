//! The rules of the newest edition, member by member (docs/DECISIONS.md G18–G29).

use super::super::codes;
use super::super::gan::Gans;
use super::super::pointer::Path;
use super::super::reader::Node;
use super::super::validate::checker::{describe, Checker};
use super::super::validate::options::Keys;
use crate::model::Dialect;

/// The QPI edition of piece keys and LCN piece values (G19).
pub(crate) const QPI: Dialect = Dialect::named("qpi-2026-01");
/// The notation of squares: sources, destinations, LCN keys (G20).
pub(crate) const CELL: Dialect = Dialect::named("cell");
/// The notation of the reserve: sources and destinations (G20).
pub(crate) const HAND: Dialect = Dialect::named("hand");

/// The 2014 edition's schema reference: no member of this edition (G26).
pub(super) const SCHEMA_KEY: &str = "$schema";

/// The members a possibility may have (G21).
const POSSIBILITY_KEYS: [&str; 2] = ["must", "deny"];

/// The checker of the 2014 edition (diagnostics, duplicate keys, types), with the newest
/// edition's notations.
pub(super) struct Newest<'o> {
    pub(super) checker: Checker<'o>,
    /// QPI verdicts, each distinct string parsed once.
    qpi: Gans,
    /// CELL verdicts, likewise.
    cell: Gans,
}

/// Where a location stands, for messages and for the HAND rules.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Source,
    Destination,
    /// A key of a `must` or `deny` object.
    Condition,
}

impl Role {
    fn as_str(self) -> &'static str {
        match self {
            Role::Source => "source",
            Role::Destination => "destination",
            Role::Condition => "LCN key",
        }
    }
}

impl<'o> Newest<'o> {
    pub(super) fn new(checker: Checker<'o>) -> Self {
        Newest {
            checker,
            qpi: Gans::new(QPI),
            cell: Gans::new(CELL),
        }
    }

    /// Reports a top level that is not an object (G16: its only error).
    pub(super) fn not_an_object(&mut self, root: &Node) {
        let message = format!(
            "the top level must be an object of QPI piece keys, found {}",
            describe(root)
        );
        self.checker
            .error(codes::TOP_LEVEL_NOT_OBJECT, &Path::ROOT, message);
    }

    /// A top-level key: a QPI token of the newest edition (G19); `"$schema"` belongs to the
    /// 2014 edition (G26).
    pub(super) fn piece_key(&mut self, key: &str) {
        let at = Path::ROOT.key(key);
        if key == SCHEMA_KEY {
            let message = "\"$schema\" is a member of the ggn-2014 edition (--edition ggn-2014): \
                           in this edition every top-level key is a QPI token"
                .to_owned();
            self.checker.error(codes::UNKNOWN_KEY, &at, message);
        } else if let Err(error) = self.qpi.parse(key) {
            let message = format!(
                "piece key {key:?} is not a valid {} token: {error}",
                QPI.as_str()
            );
            self.checker.error(codes::INVALID_QPI, &at, message);
        }
    }

    /// A piece whose value is not an object.
    pub(super) fn piece_not_object(&mut self, key: &str, value: &Node) {
        let at = Path::ROOT.key(key);
        let _ = self
            .checker
            .object(value, "an object of sources (CELL or \"*\")", &at);
    }

    /// The piece `key` ends: no source at all, and repeated sources (G22, G9).
    pub(super) fn piece_end(&mut self, key: &str, sources: &Keys) {
        let at = Path::ROOT.key(key);
        if sources.len() == 0 {
            let message = format!("piece {key:?} has no source");
            self.checker.error(codes::EMPTY_PIECE, &at, message);
        }
        self.checker
            .duplicate_keys(sources.iter(), &format!("the sources of {key:?}"), &at);
    }

    /// One source of a piece, and everything under it.
    pub(super) fn source(&mut self, piece: &Path<'_>, source: &str, value: &Node) {
        let at = piece.key(source);
        self.location(source, Role::Source, &at);
        let Some(members) =
            self.checker
                .object(value, "an object of destinations (CELL or \"*\")", &at)
        else {
            return;
        };
        if members.is_empty() {
            let message = format!("source {source:?} has no destination");
            self.checker.error(codes::EMPTY_SOURCE, &at, message);
        }
        let place = format!("the destinations from {source:?}");
        self.checker.duplicates(members, &place, &at);
        for (destination, list) in members {
            let to = at.key(destination);
            self.location(destination, Role::Destination, &to);
            if source == "*" && destination == "*" {
                let message = "a move from the hand \"*\" to the hand \"*\" changes nothing on \
                               the board: a source or a destination must be a CELL coordinate"
                    .to_owned();
                self.checker.error(codes::HAND_TO_HAND, &to, message);
            }
            self.possibilities(source, destination, list, &to);
        }
    }

    /// A source or destination (CELL or HAND) or an LCN key (CELL only, G25).
    fn location(&mut self, text: &str, role: Role, at: &Path<'_>) {
        if text == "*" {
            if role == Role::Condition {
                let message = "LCN key \"*\" is the HAND, not a CELL coordinate: an LCN \
                               condition names a square"
                    .to_owned();
                self.checker.error(codes::INVALID_LOCATION, at, message);
            } else {
                debug_assert!(HAND.parse(text.as_bytes()).is_ok());
            }
            return;
        }
        if let Err(error) = self.cell.parse(text) {
            let allowed = if role == Role::Condition {
                "a CELL coordinate"
            } else {
                "a CELL coordinate nor the HAND \"*\""
            };
            let neither = if role == Role::Condition {
                "not"
            } else {
                "neither"
            };
            let message = format!("{} {text:?} is {neither} {allowed}: {error}", role.as_str());
            self.checker.error(codes::INVALID_LOCATION, at, message);
        }
    }

    /// The list of possibilities of one move (G21, G22).
    fn possibilities(&mut self, source: &str, destination: &str, node: &Node, at: &Path<'_>) {
        let Some(elements) = node.as_array() else {
            let message = format!("expected a list of possibilities, found {}", describe(node));
            self.checker.error(codes::WRONG_TYPE, at, message);
            return;
        };
        if elements.is_empty() {
            let message = format!(
                "the move from {source:?} to {destination:?} has no possibility: it is never \
                 possible"
            );
            self.checker.error(codes::EMPTY_DESTINATIONS, at, message);
        }
        for (i, element) in elements.iter().enumerate() {
            self.possibility(element, &at.index(i));
        }
    }

    /// One possibility: optional `must` and `deny`, nothing else (G21, G26).
    fn possibility(&mut self, node: &Node, at: &Path<'_>) {
        let Some(members) = self.checker.object(
            node,
            "a possibility object ({\"must\"?: LCN, \"deny\"?: LCN})",
            at,
        ) else {
            return;
        };
        self.checker.duplicates(members, "a possibility", at);
        for (key, value) in members {
            let here = at.key(key);
            if POSSIBILITY_KEYS.contains(&key.as_str()) {
                self.lcn(key, value, &here);
            } else {
                let message = unknown_key_message(key);
                self.checker.error(codes::UNKNOWN_KEY, &here, message);
            }
        }
    }

    /// An LCN object: CELL keys, values `"empty"`, `"enemy"` or a QPI token (G25).
    fn lcn(&mut self, member: &str, node: &Node, at: &Path<'_>) {
        let expected = format!("an LCN object for {member:?} (CELL → \"empty\", \"enemy\" or QPI)");
        let Some(members) = self.checker.object(node, &expected, at) else {
            return;
        };
        self.checker
            .duplicates(members, &format!("the {member:?} conditions"), at);
        for (square, value) in members {
            let here = at.key(square);
            self.location(square, Role::Condition, &here);
            self.lcn_value(member, square, value, &here);
        }
    }

    fn lcn_value(&mut self, member: &str, square: &str, node: &Node, at: &Path<'_>) {
        let Some(text) = node.as_str() else {
            let message = format!(
                "{member}[{square:?}] must be \"empty\", \"enemy\" or a QPI token, found {}",
                describe(node)
            );
            self.checker.error(codes::WRONG_TYPE, at, message);
            return;
        };
        if text == "empty" || text == "enemy" {
            return;
        }
        if !text.contains(':') {
            let hint = ["empty", "enemy"]
                .into_iter()
                .find(|k| k.eq_ignore_ascii_case(text))
                .map_or_else(String::new, |k| {
                    format!(" (keywords are case-sensitive: did you mean {k:?}?)")
                });
            let message = format!(
                "{member}[{square:?}] is {text:?}: an LCN value is \"empty\", \"enemy\" or a \
                 QPI token{hint}"
            );
            self.checker.error(codes::INVALID_STATE, at, message);
        } else if let Err(error) = self.qpi.parse(text) {
            let message = format!(
                "{member}[{square:?}] {text:?} is not a valid {} token: {error}",
                QPI.as_str()
            );
            self.checker.error(codes::INVALID_QPI, at, message);
        }
    }
}

/// A possibility key other than `must` and `deny`, with targeted messages for the keys of
/// other GGN editions (G26).
fn unknown_key_message(key: &str) -> String {
    let older = |feature: &str, instead: &str| {
        format!(
            "key {key:?} ({feature}) belongs to the ggn-2014 edition (--edition ggn-2014): \
             {instead}"
        )
    };
    match key {
        "require" => older("conditions that must hold", "this edition uses \"must\""),
        "prevent" => older(
            "conditions that must not hold",
            "this edition uses \"deny\"",
        ),
        "perform" => older(
            "the changes of a move",
            "this edition describes no effects, only whether a move is possible",
        ),
        "diff" => "key \"diff\" (the changes of a move) belongs to an earlier edition of the \
                   must/deny text: ggn-2025-10 describes no effects"
            .to_owned(),
        _ => match POSSIBILITY_KEYS
            .iter()
            .find(|k| k.eq_ignore_ascii_case(key))
        {
            Some(known) => format!(
                "unknown key {key:?} in a possibility: keys are case-sensitive, did you mean \
                 {known:?}?"
            ),
            None => format!("unknown key {key:?} in a possibility: expected \"must\" or \"deny\""),
        },
    }
}
