//! The vectors of the newest edition, `ggn-2025-10` (docs/DECISIONS.md §4a, G18–G29), written
//! by hand: valid documents for every rule and decision, and invalid ones, each with every
//! error it holds (G16). Their groups start with `ggn-2025-10-`; each carries
//! `"edition": "ggn-2025-10"` and the dialect `qpi-2026-01` (G19). Most are in the shape the
//! engine `sashite-sanki-engine` 0.12.1 writes: keys like `W:K^`, sources `e2`,
//! possibilities `[{"must": {"e3": "empty"}}]`.

use super::super::format::ValidationVector;
use super::Case;

/// `{"PIECE": {"SOURCE": {"DESTINATION": [POSSIBILITIES]}}}`.
fn doc(piece: &str, source: &str, destination: &str, possibilities: &str) -> String {
    format!(r#"{{"{piece}": {{"{source}": {{"{destination}": [{possibilities}]}}}}}}"#)
}

/// A white pawn's step `e2` → `e3`, with `possibilities`; its list is at [`STEP`].
fn step(possibilities: &str) -> String {
    doc("W:P", "e2", "e3", possibilities)
}

/// The pointer of [`step`]'s list.
const STEP: &str = "/W:P/e2/e3";

/// `{STEP}{rest}`.
fn at(rest: &str) -> String {
    format!("{STEP}{rest}")
}

fn case(id: &str, text: impl Into<String>, note: &str) -> Case {
    Case::new(id, text, note).newest()
}

/// Valid documents of the newest edition.
pub(super) fn valid() -> Vec<ValidationVector> {
    let cases = vec![
        case("valid/ggn-2025-10-engine/king", r#"{"W:K^": {"e1": {"e2": [{"must": {"e2": "empty"}}, {"must": {"e2": "enemy"}}]}, "d1": {"d2": [{"must": {"d2": "empty"}}]}}, "b:k^": {"e8": {"e7": [{"must": {"e7": "empty"}}]}}}"#, "the engine's shape: terminal-piece keys (`W:K^`, G19), CELL squares (G20), `must` alone and no `deny` (G21), two possibilities (G18)"),
        case("valid/ggn-2025-10-engine/pawn-double-step", step(r#"{"must": {"e3": "empty"}}"#).replace("\"e3\": [", "\"e4\": [{\"must\": {\"e3\": \"empty\", \"e4\": \"empty\"}}], \"e3\": ["), "a pawn's single and double steps, the engine's shape (G21)"),
        case("valid/ggn-2025-10-keys/derived", doc("C:k", "a1", "a2", r#"{"must": {"a2": "empty"}}"#), "a derived QPI key (style and piece of different cases) is a qpi-2026-01 token (G19)"),
        case("valid/ggn-2025-10-keys/states", r#"{"S:+P": {"c4": {"c5": [{}]}}, "s:-r^": {"c6": {"c5": [{}]}}}"#, "enhanced, diminished and terminal QPI keys (G19)"),
        case("valid/ggn-2025-10-possibility/must-and-deny", step(r#"{"must": {"e3": "empty"}, "deny": {"d4": "b:p"}}"#), "both `must` and `deny` (G21)"),
        case("valid/ggn-2025-10-possibility/deny-only", step(r#"{"deny": {"e3": "enemy"}}"#), "`deny` alone: `must` is optional (G21)"),
        case("valid/ggn-2025-10-possibility/neither", step("{}"), "a possibility with neither `must` nor `deny`: no pre-condition (G21)"),
        case("valid/ggn-2025-10-possibility/empty-objects", step(r#"{"must": {}, "deny": {}}"#), "empty `must` and `deny` objects: no pre-condition, as the text says of omitted or empty ones (G21)"),
        case("valid/ggn-2025-10-possibility/several", step(r#"{"must": {"e3": "empty"}}, {}, {"deny": {}}"#), "several possibilities, one with no pre-condition (G21)"),
        case("valid/ggn-2025-10-locations/drop", doc("S:P", "*", "e5", r#"{"must": {"e5": "empty"}}"#), "a drop: source `\"*\"`, the HAND (G20)"),
        case("valid/ggn-2025-10-locations/to-hand", doc("A:R", "a1", "*", r#"{"must": {"a1": "A:R"}}"#), "a destination `\"*\"`, the HAND (G24)"),
        case("valid/ggn-2025-10-locations/dimensions", doc("X:Q", "a1A", "b2B", r#"{"must": {"c3C": "empty", "aa10": "enemy"}}"#), "three-dimensional CELL coordinates and a two-letter run (G20)"),
        case("valid/ggn-2025-10-locations/past-the-bound", doc("X:Q", "aaaa1", "iv256", r#"{"deny": {"a1000": "empty"}}"#), "CELL coordinates past the 2026 libraries' bound (index 255): the text sets none (G20, D23)"),
        case("valid/ggn-2025-10-lcn/values", step(r#"{"must": {"e3": "empty", "d4": "enemy", "f4": "b:p", "c4": "B:p", "g4": "w:-P^"}}"#), "LCN values: the two keywords and qpi-2026-01 tokens, derived ones included (G25)"),
        case("valid/ggn-2025-10-lcn/same-square", step(r#"{"must": {"e3": "enemy"}, "deny": {"e3": "b:k^"}}"#), "one square in both `must` and `deny`: any enemy but the king, valid (G25)"),
        case("valid/ggn-2025-10-structure/empty-document", "{}", "the empty document: no piece (G22)"),
        case("valid/ggn-2025-10-structure/several-pieces", r#"{"W:R": {"a1": {"a2": [{"must": {"a2": "empty"}}], "b1": [{"must": {"b1": "enemy"}}]}, "h1": {"h2": [{}]}}, "b:r": {"a8": {"a7": [{"deny": {"a7": "b:p"}}]}}}"#, "several pieces, sources and destinations (G18)"),
    ];
    cases.into_iter().map(|case| case.0).collect()
}

/// Invalid documents of the newest edition, each with every error it holds.
pub(super) fn invalid() -> Vec<ValidationVector> {
    let must = r#"{"must": {"e3": "empty"}}"#;
    let cases = vec![
        // Reading (G16, G17).
        case("invalid/ggn-2025-10-json/unclosed", &step(must)[1..], "malformed JSON (G16)")
            .error("invalid-json", ""),
        case("invalid/ggn-2025-10-json/out-of-range", step(r#"{"must": {"e3": 1e400}}"#), "a number out of the range of a double is malformed JSON (G17)")
            .error("invalid-json", ""),
        case("invalid/ggn-2025-10-json/lone-surrogate", step(r#"{"must": {"\ud800": "empty"}}"#), "a lone surrogate escape is malformed JSON (G17)")
            .error("invalid-json", ""),
        case("invalid/ggn-2025-10-json/latin1", "", "not UTF-8: a Latin-1 byte in a square (G16)")
            .bytes(b"{\"W:P\": {\"e2\": {\"\xe9\": []}}}")
            .error("invalid-utf8", ""),
        case("invalid/ggn-2025-10-top/array", "[]", "the top level is an object of QPI keys (G16)")
            .error("top-level-not-object", ""),
        // Keys (G19, G26).
        case("invalid/ggn-2025-10-keys/bad-key", doc("W:K^^", "e1", "e2", r#"{"must": {"e2": "empty"}}"#), "a piece key that is no qpi-2026-01 token (G19)")
            .error("invalid-qpi", "/W:K^^"),
        case("invalid/ggn-2025-10-keys/gan-key", doc("CHESS:K", "e1", "e2", r#"{"must": {"e2": "empty"}}"#), "a GAN identifier of ggn-2014 is no QPI token (G19)")
            .error("invalid-qpi", "/CHESS:K"),
        case("invalid/ggn-2025-10-keys/empty-key", doc("", "e1", "e2", "{}"), "the empty string is no QPI token; its pointer is \"/\" (G19)")
            .error("invalid-qpi", "/"),
        case("invalid/ggn-2025-10-keys/schema", r#"{"$schema": "https://example.com/ggn.json", "W:P": {"e2": {"e3": [{}]}}}"#, "`$schema` is a member of ggn-2014, not of this edition: one error, its value unread (G26)")
            .error("unknown-key", "/$schema"),
        case("invalid/ggn-2025-10-several/key-and-value", r#"{"w:K^^": {}}"#, "a bad key and an empty piece: two errors at one pointer (G16, G19, G22)")
            .error("invalid-qpi", "/w:K^^")
            .error("empty-piece", "/w:K^^"),
        // Locations (G20, G23).
        case("invalid/ggn-2025-10-locations/source-not-cell", doc("W:P", "e0", "e3", must), "a source that is no CELL coordinate (`0` cannot start a rank) (G20)")
            .error("invalid-location", "/W:P/e0"),
        case("invalid/ggn-2025-10-locations/destination-not-cell", doc("W:P", "e2", "E3", must), "a destination that is no CELL coordinate (it starts with a lowercase run) (G20)")
            .error("invalid-location", "/W:P/e2/E3"),
        case("invalid/ggn-2025-10-locations/empty-source", doc("W:P", "", "e3", must), "the empty string is no location; its pointer is \"/W:P/\" (G20)")
            .error("invalid-location", "/W:P/"),
        case("invalid/ggn-2025-10-locations/two-hands", doc("W:P", "**", "e3", must), "`**` is neither CELL nor the HAND (G20, D24)")
            .error("invalid-location", "/W:P/**"),
        case("invalid/ggn-2025-10-locations/hand-to-hand", doc("S:P", "*", "*", "{}"), "from the hand to the hand (G23)")
            .error("hand-to-hand", "/S:P/*/*"),
        // LCN (G25).
        case("invalid/ggn-2025-10-lcn/bad-value", step(r#"{"must": {"e3": "W:K^^"}}"#), "an LCN value with `:` that is no qpi-2026-01 token (G25)")
            .error("invalid-qpi", &at("/0/must/e3")),
        case("invalid/ggn-2025-10-lcn/gan-value", step(r#"{"deny": {"e3": "CHESS:P"}}"#), "a GAN identifier as an LCN value (G25)")
            .error("invalid-qpi", &at("/0/deny/e3")),
        case("invalid/ggn-2025-10-lcn/keyword-case", step(r#"{"must": {"e3": "Empty"}}"#), "keywords are case-sensitive (G25)")
            .error("invalid-state", &at("/0/must/e3")),
        case("invalid/ggn-2025-10-lcn/ally", step(r#"{"deny": {"e3": "ally"}}"#), "`ally` is no LCN value (G25)")
            .error("invalid-state", &at("/0/deny/e3")),
        case("invalid/ggn-2025-10-lcn/number-value", step(r#"{"must": {"e3": 0}}"#), "an LCN value is a string (G25)")
            .error("wrong-type", &at("/0/must/e3")),
        case("invalid/ggn-2025-10-lcn/null-value", step(r#"{"deny": {"e3": null}}"#), "`null` is no LCN value (G25)")
            .error("wrong-type", &at("/0/deny/e3")),
        case("invalid/ggn-2025-10-lcn/key-not-cell", step(r#"{"must": {"e3": "empty", "e10x": "empty"}}"#), "an LCN key that is no CELL coordinate (G25)")
            .error("invalid-location", &at("/0/must/e10x")),
        case("invalid/ggn-2025-10-lcn/key-hand", step(r#"{"must": {"*": "empty"}}"#), "an LCN key is a CELL coordinate, never the HAND `\"*\"` (G25)")
            .error("invalid-location", &at("/0/must/*")),
        case("invalid/ggn-2025-10-lcn/must-array", step(r#"{"must": ["e3"]}"#), "`must` is an LCN object (G25)")
            .error("wrong-type", &at("/0/must")),
        case("invalid/ggn-2025-10-lcn/deny-string", step(r#"{"deny": "e3"}"#), "`deny` is an LCN object (G25)")
            .error("wrong-type", &at("/0/deny")),
        case("invalid/ggn-2025-10-several/lcn-key-and-value", step(r#"{"must": {"E3": "Enemy"}}"#), "a bad LCN key and a bad value: two errors at one pointer (G16, G25)")
            .error("invalid-location", &at("/0/must/E3"))
            .error("invalid-state", &at("/0/must/E3")),
        // Structure (G21, G22).
        case("invalid/ggn-2025-10-structure/possibilities-not-list", r#"{"W:P": {"e2": {"e3": {"must": {"e3": "empty"}}}}}"#, "the possibilities are a list, not one object (G21)")
            .error("wrong-type", STEP),
        case("invalid/ggn-2025-10-several/possibilities-not-objects", step(r#"["must"], null"#), "a possibility is an object (G21)")
            .error("wrong-type", &at("/0"))
            .error("wrong-type", &at("/1")),
        case("invalid/ggn-2025-10-structure/no-possibility", step(""), "an empty list of possibilities: the move is never possible (G22)")
            .error("empty-destinations", STEP),
        case("invalid/ggn-2025-10-structure/empty-source", r#"{"W:P": {"e2": {}}}"#, "a source without destination (G22)")
            .error("empty-source", "/W:P/e2"),
        case("invalid/ggn-2025-10-structure/empty-piece", r#"{"W:P": {}}"#, "a piece without source (G22)")
            .error("empty-piece", "/W:P"),
        case("invalid/ggn-2025-10-several/pieces-not-objects", r#"{"W:P": [], "W:R": "a1"}"#, "a piece maps to an object of sources (G22)")
            .error("wrong-type", "/W:P")
            .error("wrong-type", "/W:R"),
        case("invalid/ggn-2025-10-structure/possibility-not-object", step("null"), "a possibility is an object (G21)")
            .error("wrong-type", &at("/0")),
        case("invalid/ggn-2025-10-structure/piece-not-object", r#"{"W:P": []}"#, "a piece maps to an object of sources (G22)")
            .error("wrong-type", "/W:P"),
        case("invalid/ggn-2025-10-duplicates/lcn", step(r#"{"deny": {"e3": "enemy", "e3": "b:p"}}"#), "an LCN key twice (G27)")
            .error("duplicate-key", &at("/0/deny/e3")),
        case("invalid/ggn-2025-10-other/perform", step(r#"{"perform": {"e2": null, "e3": "W:P"}}"#), "`perform` is ggn-2014's: this edition has no effects (G26)")
            .error("unknown-key", &at("/0/perform")),
        case("invalid/ggn-2025-10-structure/source-not-object", r#"{"W:P": {"e2": ["e3"]}}"#, "a source maps to an object of destinations (G22)")
            .error("wrong-type", "/W:P/e2"),
        // Other editions' members (G26).
        case("invalid/ggn-2025-10-other/require", step(r#"{"require": {"e3": "empty"}}"#), "`require` is ggn-2014's (G26)")
            .error("unknown-key", &at("/0/require")),
        case("invalid/ggn-2025-10-several/prevent-perform", step(r#"{"prevent": {"e3": "enemy"}, "perform": {"e2": null, "e3": "W:P"}}"#), "`prevent` and `perform` are ggn-2014's (G26)")
            .error("unknown-key", &at("/0/prevent"))
            .error("unknown-key", &at("/0/perform")),
        case("invalid/ggn-2025-10-other/diff", step(r#"{"must": {"e3": "empty"}, "deny": {}, "diff": {"board": {"e2": null, "e3": "W:P"}}}"#), "`diff` belongs to the September-2025 text, dropped by this edition (G26)")
            .error("unknown-key", &at("/0/diff")),
        case("invalid/ggn-2025-10-other/case", step(r#"{"Must": {"e3": "empty"}}"#), "keys are case-sensitive (G26)")
            .error("unknown-key", &at("/0/Must")),
        case("invalid/ggn-2025-10-several/ggn-2014-document", r#"{"GAME:X": {"c3": {"c5": [{"perform": {"c3": null, "c5": "GAME:X"}}]}}}"#, "the 2014 text's example E1 read as this edition: a GAN key, a `perform` (G19, G26)")
            .error("invalid-qpi", "/GAME:X")
            .error("unknown-key", "/GAME:X/c3/c5/0/perform"),
        // Duplicate keys at every level (G27, G9).
        case("invalid/ggn-2025-10-duplicates/piece", r#"{"W:P": {"e2": {"e3": [{}]}}, "W:P": {"d2": {"d3": [{}]}}}"#, "a piece key twice (G27)")
            .error("duplicate-key", "/W:P"),
        case("invalid/ggn-2025-10-duplicates/source", r#"{"W:P": {"e2": {"e3": [{}]}, "e2": {"e4": [{}]}}}"#, "a source twice (G27)")
            .error("duplicate-key", "/W:P/e2"),
        case("invalid/ggn-2025-10-duplicates/destination", r#"{"W:P": {"e2": {"e3": [{}], "e3": [{}]}}}"#, "a destination twice (G27)")
            .error("duplicate-key", STEP),
        case("invalid/ggn-2025-10-duplicates/member", step(r#"{"must": {"e3": "empty"}, "must": {}}"#), "`must` twice in a possibility (G27)")
            .error("duplicate-key", &at("/0/must")),
        case("invalid/ggn-2025-10-several/lcn-key-three-times", step(r#"{"deny": {"e3": "enemy", "e3": "b:p", "e3": "empty"}}"#), "an LCN key three times: two errors (G27, G16)")
            .error("duplicate-key", &at("/0/deny/e3"))
            .error("duplicate-key", &at("/0/deny/e3")),
        // Several errors in one document (G16).
        case("invalid/ggn-2025-10-several/engine-broken", r#"{"W:K^^": {"e1": {"e2": [{"must": {"e2": "empty"}}]}}, "W:P": {"e0": {"e3": [{"must": {"e3": "empty"}}]}, "e2": {"e3": [{"must": {"e3": "W:X^^"}}], "e4": {"must": {"e3": "empty"}}}, "d2": {"d3": [{"must": {"d33": "empty", "D3": "empty"}}]}}}"#, "the five broken places of the engine's shape in one document: a bad key, a source that is not CELL, a bad LCN value, possibilities that are not a list, an LCN key that is not CELL (G16)")
            .error("invalid-qpi", "/W:K^^")
            .error("invalid-location", "/W:P/e0")
            .error("invalid-qpi", "/W:P/e2/e3/0/must/e3")
            .error("wrong-type", "/W:P/e2/e4")
            .error("invalid-location", "/W:P/d2/d3/0/must/D3"),
        case("invalid/ggn-2025-10-several/everywhere", r#"{"b:p": {"*": {"*": [], "a1": [{"deny": {"a0": "enemy"}, "gain": 1}]}, "h9": {}}}"#, "errors in several destinations and sources: hand to hand with no possibility, a bad LCN key, an unknown key, an empty source (G16, G22, G23, G25, G26)")
            .error("hand-to-hand", "/b:p/*/*")
            .error("empty-destinations", "/b:p/*/*")
            .error("invalid-location", "/b:p/*/a1/0/deny/a0")
            .error("unknown-key", "/b:p/*/a1/0/gain")
            .error("empty-source", "/b:p/h9"),
    ];
    cases.into_iter().map(|case| case.0).collect()
}
