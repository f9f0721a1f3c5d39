//! The rewrite of a valid document: a copy of its tree with every identifier converted, each
//! node's role (piece key, square, state, perform value, …) known from its place.

use std::collections::HashMap;

use super::super::{Conversion, Converter, Summary};
use super::Problem;
use crate::ggn::pointer::Path;
use crate::ggn::reader::{Node, NodeKind};

/// The key of the optional schema reference at the top level (G5): never an identifier.
const SCHEMA_KEY: &str = "$schema";

/// The most conversions cached at once (about 2 MiB).
const CONVERSIONS_CAP: usize = 1 << 13;

/// The walk's state: the conversions so far (each distinct string converted once, up to
/// [`CONVERSIONS_CAP`] of them at a time), the
/// counts, the problems, and the original of every renamed piece key.
pub(super) struct Walk<'a> {
    converter: &'a Converter,
    conversions: HashMap<String, Conversion>,
    pub(super) summary: Summary,
    pub(super) problems: Vec<Problem>,
    /// Converted piece key → the key of the input (the first that became it).
    originals: HashMap<Box<str>, Box<str>>,
}

/// What the members or elements of a node are, from its place in a document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// The top level: piece keys (and `$schema`) → pieces.
    Document,
    /// Source squares → sources.
    Piece,
    /// Destination squares → arrays of variants.
    Source,
    /// Variants.
    Destination,
    /// `require`, `prevent`, `perform`.
    Variant,
    /// `require` or `prevent`: squares → states.
    States,
    /// `"empty"`, `"enemy"` or an identifier.
    State,
    /// `perform`: squares → effects.
    Effects,
    /// An identifier or `null`.
    Effect,
    /// Nothing to convert (`$schema`'s value).
    Other,
}

impl Role {
    fn key_is_identifier(self, key: &str) -> bool {
        self == Role::Document && key != SCHEMA_KEY
    }

    fn member(self, key: &str) -> Role {
        match (self, key) {
            (Role::Document, SCHEMA_KEY) => Role::Other,
            (Role::Document, _) => Role::Piece,
            (Role::Piece, _) => Role::Source,
            (Role::Source, _) => Role::Destination,
            (Role::Variant, "require" | "prevent") => Role::States,
            (Role::Variant, "perform") => Role::Effects,
            (Role::States, _) => Role::State,
            (Role::Effects, _) => Role::Effect,
            _ => Role::Other,
        }
    }

    fn element(self) -> Role {
        match self {
            Role::Destination => Role::Variant,
            _ => Role::Other,
        }
    }

    fn value_is_identifier(self, text: &str) -> bool {
        match self {
            Role::State => text != "empty" && text != "enemy",
            Role::Effect => true,
            _ => false,
        }
    }
}

impl<'a> Walk<'a> {
    pub(super) fn new(converter: &'a Converter) -> Self {
        Walk {
            converter,
            conversions: HashMap::new(),
            summary: Summary::default(),
            problems: Vec::new(),
            originals: HashMap::new(),
        }
    }

    /// The converter.
    pub(super) fn converter(&self) -> &'a Converter {
        self.converter
    }

    /// The pointer of the input that `pointer`, of the converted document, names.
    pub(super) fn source_pointer(&self, pointer: &str) -> String {
        super::rename_first_token(pointer, |key| {
            self.originals.get(key).map(ToString::to_string)
        })
    }

    fn rewrite(&mut self, node: &Node, role: Role, path: &Path<'_>) -> Node {
        match node.kind() {
            NodeKind::Object(members) => {
                Node::new(NodeKind::Object(self.members(members, role, path)))
            }
            NodeKind::Array(elements) => Node::new(NodeKind::Array(
                elements
                    .iter()
                    .enumerate()
                    .map(|(i, element)| self.rewrite(element, role.element(), &path.index(i)))
                    .collect(),
            )),
            NodeKind::String(text) if role.value_is_identifier(text) => Node::new(
                NodeKind::String(self.identifier(text, path).unwrap_or_else(|| text.clone())),
            ),
            _ => node.clone(),
        }
    }

    /// The members of an object, keys converted where they are identifiers; two keys that
    /// become one are a collision.
    fn members(
        &mut self,
        members: &[(String, Node)],
        role: Role,
        path: &Path<'_>,
    ) -> Vec<(String, Node)> {
        members
            .iter()
            .map(|(key, value)| self.member(key, value, role, path))
            .collect()
    }

    /// The converted copy of one member of the top-level object, members taken one at a
    /// time in document order (as [`read_members`](crate::ggn::reader::read_members) gives
    /// them). Where an identifier cannot be converted, the copy keeps it and a problem says
    /// why.
    pub(super) fn top_member(&mut self, key: &str, value: &Node) -> (String, Node) {
        self.member(key, value, Role::Document, &Path::ROOT)
    }

    /// One member of an object of role `role` at `path`. Only piece keys are identifiers, so
    /// only the top level can have two keys that become one: `originals` holds the first
    /// input key that became each converted key.
    fn member(&mut self, key: &str, value: &Node, role: Role, path: &Path<'_>) -> (String, Node) {
        let at = path.key(key);
        let new_key = if role.key_is_identifier(key) {
            self.piece_key(key)
        } else {
            key.to_owned()
        };
        let value = self.rewrite(value, role.member(key), &at);
        (new_key, value)
    }

    /// The converted piece key `key` (a top-level key that is not `"$schema"`), with its
    /// problems and its collision with an earlier key, if any.
    pub(super) fn piece_key(&mut self, key: &str) -> String {
        let at = Path::ROOT.key(key);
        let Some(converted) = self.identifier(key, &at) else {
            return key.to_owned();
        };
        if let Some(first) = self.originals.get(converted.as_str()) {
            let first = first.clone();
            let first_at = Path::ROOT.key(&first).render();
            self.problems.push(Problem::collision(
                at.render(),
                key,
                (&first, &first_at),
                &converted,
                self.converter.to(),
            ));
        } else {
            self.originals.insert(converted.as_str().into(), key.into());
        }
        converted
    }

    /// Whether the top-level key `key` is a piece key, whose sources can be rewritten one
    /// at a time ([`source_value`](Self::source_value)).
    pub(super) fn is_piece_key(key: &str) -> bool {
        Role::Document.key_is_identifier(key)
    }

    /// The converted copy of the value of source `square` of piece `piece` (source keys are
    /// squares: they stay as they are).
    pub(super) fn source_value(&mut self, piece: &str, square: &str, value: &Node) -> Node {
        let path = Path::ROOT.key(piece);
        self.rewrite(value, Role::Piece.member(square), &path.key(square))
    }

    /// Forgets the conversions cached so far (they are no longer needed once the walk is
    /// over; the originals of renamed piece keys stay).
    pub(super) fn forget_conversions(&mut self) {
        self.conversions = HashMap::new();
    }

    /// The conversion of the identifier `text` found at `path`: counted, its diagnostics
    /// reported there; the output, unless rejected.
    pub(super) fn identifier(&mut self, text: &str, path: &Path<'_>) -> Option<String> {
        if !self.conversions.contains_key(text) {
            // Bounded: a document of many distinct identifiers would otherwise keep every
            // conversion; converting again after a clear gives the same result.
            if self.conversions.len() >= CONVERSIONS_CAP {
                self.conversions = HashMap::new();
            }
            let conversion = self.converter.convert(text.as_bytes());
            self.conversions.insert(text.to_owned(), conversion);
        }
        let conversion = &self.conversions[text];
        self.summary.count(conversion);
        if !conversion.diagnostics().is_empty() {
            let pointer = path.render();
            for diagnostic in conversion.diagnostics() {
                self.problems
                    .push(Problem::conversion(pointer.clone(), text, diagnostic));
            }
        }
        conversion.output_text()
    }
}
