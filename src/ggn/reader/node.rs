//! The ordered JSON tree produced by the reader, and its serialization back to JSON (members
//! in their order, duplicates included).

use serde::{Serialize, Serializer};
use serde_json::Number;

/// A JSON value that keeps every object member, duplicates included, in document order.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    kind: NodeKind,
}

/// The type and content of a [`Node`].
#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string.
    String(String),
    /// An array, in order.
    Array(Vec<Node>),
    /// An object: every `(key, value)` pair in document order, duplicate keys included.
    Object(Vec<(String, Node)>),
}

impl Node {
    /// A node of the given kind.
    #[must_use]
    pub fn new(kind: NodeKind) -> Self {
        Node { kind }
    }

    /// The node's type and content.
    #[must_use]
    pub fn kind(&self) -> &NodeKind {
        &self.kind
    }

    /// The node's content, by value.
    #[must_use]
    pub fn into_kind(self) -> NodeKind {
        self.kind
    }

    /// The JSON type name used in messages: `null`, `boolean`, `number`, `string`, `array`
    /// or `object`.
    #[must_use]
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            NodeKind::Null => "null",
            NodeKind::Bool(_) => "boolean",
            NodeKind::Number(_) => "number",
            NodeKind::String(_) => "string",
            NodeKind::Array(_) => "array",
            NodeKind::Object(_) => "object",
        }
    }

    /// The members, when the node is an object.
    #[must_use]
    pub fn as_object(&self) -> Option<&[(String, Node)]> {
        match &self.kind {
            NodeKind::Object(members) => Some(members),
            _ => None,
        }
    }

    /// The elements, when the node is an array.
    #[must_use]
    pub fn as_array(&self) -> Option<&[Node]> {
        match &self.kind {
            NodeKind::Array(elements) => Some(elements),
            _ => None,
        }
    }

    /// The text, when the node is a string.
    #[must_use]
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::String(text) => Some(text),
            _ => None,
        }
    }

    /// Whether the node is `null`.
    #[must_use]
    pub fn is_null(&self) -> bool {
        matches!(self.kind, NodeKind::Null)
    }
}

/// The node as JSON: objects keep their members' order (and any duplicate key), so
/// `serde_json::to_string_pretty(&node)` writes a document back as it was read, up to
/// whitespace and string escapes.
impl Serialize for Node {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.kind {
            NodeKind::Null => serializer.serialize_unit(),
            NodeKind::Bool(value) => serializer.serialize_bool(*value),
            NodeKind::Number(number) => number.serialize(serializer),
            NodeKind::String(text) => serializer.serialize_str(text),
            NodeKind::Array(elements) => serializer.collect_seq(elements),
            NodeKind::Object(members) => {
                serializer.collect_map(members.iter().map(|(key, value)| (key, value)))
            }
        }
    }
}
