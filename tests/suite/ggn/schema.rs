//! The JSON Schema file: well-formed, with the G15-strict GAN pattern. Its verdicts on
//! the corpus's documents are checked in `ggn_corpus`.

use serde_json::{json, Value};

const SCHEMA: &str = include_str!("../../../conformance/schema/ggn-1.0.0.schema.json");
const GAN_PATTERN: &str = "^([A-Z][A-Z0-9]*:[-+]?[A-Z]|[a-z][a-z0-9]*:[-+]?[a-z])$";

fn schema() -> Value {
    serde_json::from_str(SCHEMA).unwrap()
}

#[test]
fn is_draft_2020_12() {
    assert_eq!(
        schema()["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
}

#[test]
fn gan_pattern_excludes_line_breaks() {
    let gan = &schema()["$defs"]["gan"];
    assert_eq!(gan["allOf"][0]["pattern"], GAN_PATTERN);
    assert_eq!(gan["allOf"][1], json!({"not": {"pattern": "[\\n\\r]"}}));
}

#[test]
fn every_map_is_non_empty_and_closed() {
    let defs = &schema()["$defs"];
    for name in ["piece", "source", "conditions", "effects"] {
        assert_eq!(defs[name]["minProperties"], 1, "{name}");
    }
    assert_eq!(defs["variants"]["minItems"], 1);
    assert_eq!(defs["variant"]["additionalProperties"], false);
    assert_eq!(defs["variant"]["required"], json!(["perform"]));
    assert_eq!(
        defs["state"]["anyOf"][0],
        json!({"enum": ["empty", "enemy"]})
    );
}

#[test]
fn every_reference_resolves() {
    fn walk(value: &Value, defs: &Value) {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(target)) = map.get("$ref") {
                    let name = target.strip_prefix("#/$defs/").unwrap();
                    assert!(defs.get(name).is_some(), "{target}");
                }
                map.values().for_each(|v| walk(v, defs));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, defs)),
            _ => {}
        }
    }
    let schema = schema();
    walk(&schema, &schema["$defs"]);
}
