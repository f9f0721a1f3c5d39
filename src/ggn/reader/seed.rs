//! The serde visitor that builds a [`Node`] tree and enforces the depth limit.

use std::cell::Cell;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::Number;

use super::node::{Node, NodeKind};

/// Builds the node at nesting `depth` (the top-level value is at depth 0; entering an array
/// or object adds one). Sets `too_deep` before failing on the depth limit, so the caller can
/// tell this failure from a syntax error.
#[derive(Clone, Copy)]
pub(super) struct NodeSeed<'a> {
    pub(super) depth: usize,
    pub(super) max_depth: usize,
    pub(super) too_deep: &'a Cell<bool>,
}

impl NodeSeed<'_> {
    /// The seed of a container's children, or an error when the container is too deep.
    fn enter<E: de::Error>(self) -> Result<Self, E> {
        let depth = self.depth + 1;
        if depth > self.max_depth {
            self.too_deep.set(true);
            return Err(E::custom(format_args!(
                "nesting deeper than {} levels",
                self.max_depth
            )));
        }
        Ok(NodeSeed { depth, ..self })
    }
}

impl<'de> DeserializeSeed<'de> for NodeSeed<'_> {
    type Value = Node;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Node, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for NodeSeed<'_> {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::new(NodeKind::Null))
    }

    fn visit_bool<E>(self, v: bool) -> Result<Node, E> {
        Ok(Node::new(NodeKind::Bool(v)))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Node, E> {
        Ok(Node::new(NodeKind::Number(v.into())))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Node, E> {
        Ok(Node::new(NodeKind::Number(v.into())))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Node, E> {
        Number::from_f64(v)
            .map(|n| Node::new(NodeKind::Number(n)))
            .ok_or_else(|| E::custom("number out of range"))
    }

    fn visit_str<E>(self, v: &str) -> Result<Node, E> {
        Ok(Node::new(NodeKind::String(v.to_owned())))
    }

    fn visit_string<E>(self, v: String) -> Result<Node, E> {
        Ok(Node::new(NodeKind::String(v)))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let child = self.enter()?;
        let mut elements = Vec::new();
        while let Some(element) = seq.next_element_seed(child)? {
            elements.push(element);
        }
        // A document holds many small containers: spare capacity would double their size.
        elements.shrink_to_fit();
        Ok(Node::new(NodeKind::Array(elements)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let child = self.enter()?;
        let mut members = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(child)?;
            members.push((key, value));
        }
        members.shrink_to_fit();
        Ok(Node::new(NodeKind::Object(members)))
    }
}

/// What [`NestedTopSeed`] read: an object (whose members went to the handler), or another
/// value.
pub(super) enum Top {
    Object,
    Value(Node),
}

/// What [`read_nested`](super::read_nested) tells as it reads a top-level object whose
/// members' values are objects (a GGN document: pieces of sources).
pub trait Nested {
    /// Whether the value of the top-level member `key` is read member by member when it is
    /// an object; otherwise it is read whole.
    fn stream(&mut self, key: &str) -> bool;
    /// A top-level member read whole: not streamed, or not an object.
    fn whole(&mut self, key: String, value: Node);
    /// A streamed object value of the top-level member `key` begins.
    fn begin(&mut self, key: &str);
    /// A member of the streamed value of `key`, in order.
    fn inner(&mut self, key: &str, inner_key: String, value: Node);
    /// The streamed value of `key` ends.
    fn end(&mut self, key: String);
}

/// Reads a top-level object for a [`Nested`] handler.
pub(super) struct NestedTopSeed<'a, 'h, H> {
    pub(super) node: NodeSeed<'a>,
    pub(super) handler: &'h mut H,
}

impl<'de, H: Nested> DeserializeSeed<'de> for NestedTopSeed<'_, '_, H> {
    type Value = Top;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Top, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, H: Nested> Visitor<'de> for NestedTopSeed<'_, '_, H> {
    type Value = Top;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Top, E> {
        self.node.visit_unit().map(Top::Value)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Top, E> {
        self.node.visit_bool(v).map(Top::Value)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Top, E> {
        self.node.visit_i64(v).map(Top::Value)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Top, E> {
        self.node.visit_u64(v).map(Top::Value)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Top, E> {
        self.node.visit_f64(v).map(Top::Value)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Top, E> {
        self.node.visit_str(v).map(Top::Value)
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Top, E> {
        self.node.visit_string(v).map(Top::Value)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Top, A::Error> {
        self.node.visit_seq(seq).map(Top::Value)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Top, A::Error> {
        let child = self.node.enter()?;
        while let Some(key) = map.next_key::<String>()? {
            if self.handler.stream(&key) {
                let seed = InnerSeed {
                    node: child,
                    key: &key,
                    handler: &mut *self.handler,
                };
                if let Some(value) = map.next_value_seed(seed)? {
                    self.handler.whole(key, value);
                } else {
                    self.handler.end(key);
                }
            } else {
                let value = map.next_value_seed(child)?;
                self.handler.whole(key, value);
            }
        }
        Ok(Top::Object)
    }
}

/// The value of a top-level member: an object is streamed (`None`), anything else built.
struct InnerSeed<'a, 'h, 'k, H> {
    node: NodeSeed<'a>,
    key: &'k str,
    handler: &'h mut H,
}

impl<'de, H: Nested> DeserializeSeed<'de> for InnerSeed<'_, '_, '_, H> {
    type Value = Option<Node>;

    fn deserialize<D: de::Deserializer<'de>>(
        self,
        deserializer: D,
    ) -> Result<Option<Node>, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, H: Nested> Visitor<'de> for InnerSeed<'_, '_, '_, H> {
    type Value = Option<Node>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<Option<Node>, E> {
        self.node.visit_unit().map(Some)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Option<Node>, E> {
        self.node.visit_bool(v).map(Some)
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Option<Node>, E> {
        self.node.visit_i64(v).map(Some)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Option<Node>, E> {
        self.node.visit_u64(v).map(Some)
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Option<Node>, E> {
        self.node.visit_f64(v).map(Some)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Option<Node>, E> {
        self.node.visit_str(v).map(Some)
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Option<Node>, E> {
        self.node.visit_string(v).map(Some)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Option<Node>, A::Error> {
        self.node.visit_seq(seq).map(Some)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Node>, A::Error> {
        let child = self.node.enter()?;
        self.handler.begin(self.key);
        while let Some(inner_key) = map.next_key::<String>()? {
            let value = map.next_value_seed(child)?;
            self.handler.inner(self.key, inner_key, value);
        }
        Ok(None)
    }
}
