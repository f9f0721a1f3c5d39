//! The `serde` feature: every actor type serializes as its canonical string and deserializes
//! through its dialect's parser, so no invalid value can be deserialized (D8).

use serde::de::{Deserialize, Deserializer, Error as _};
use serde::ser::{Serialize, Serializer};

use crate::dialect::{beta, legacy, pnn, qpi, snn_pin};
use crate::identifier::Identifier;

macro_rules! via_canonical_string {
    ($($actor:ty),*) => {$(
        impl Serialize for $actor {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $actor {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
                <$actor as Identifier>::parse(text.as_bytes()).map_err(D::Error::custom)
            }
        }
    )*};
}

via_canonical_string!(
    legacy::Actor,
    beta::Actor,
    pnn::Actor,
    snn_pin::Actor,
    qpi::Actor
);

impl Serialize for crate::dialect::Actor {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
