//! The `serde` feature: every actor type serializes as its canonical string and deserializes
//! through its dialect's parser, so no invalid value can be deserialized (D8).

use serde::de::{Deserialize, Deserializer, Error as _};
use serde::ser::{Serialize, Serializer};

use crate::dialect::Typed;
use crate::notation::table::notations;
use crate::parse::Limits;

/// Every typed actor of the notation table, through its canonical string.
macro_rules! via_canonical_string {
    ($($variant:ident = $module:ident { $($row:tt)* })*) => {$(
        impl Serialize for crate::dialect::$module::Actor {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for crate::dialect::$module::Actor {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                <crate::dialect::$module::Actor as Typed>::parse_typed(text.as_bytes(), Limits::DEFAULT)
                    .map_err(D::Error::custom)
            }
        }
    )*};
}

notations!(via_canonical_string);

impl Serialize for crate::dialect::Actor {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
