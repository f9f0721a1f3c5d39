//! The stable diagnostic codes of GGN validation, in one place.
//!
//! Rule ids refer to `ggn-1.0.0.txt` ("spec", its "Validation Rules" section) and to
//! docs/DECISIONS.md §4 (G1–G17). "Strict" is [`Options::strict`](super::Options::strict), which
//! makes every warning an error.
//!
//! | code | severity | rule | meaning |
//! |---|---|---|---|
//! | `invalid-utf8` | error | RFC 8259 §8.1, D2 | the document is not UTF-8 (byte offset, line, column) |
//! | `invalid-json` | error | spec "JSON Structure" | malformed JSON (line, column) |
//! | `too-large` | error | limit | the document is larger than `Limits::max_size` (default 16 MiB) |
//! | `too-deep` | error | limit | arrays/objects nest deeper than `Limits::max_depth` (default 64) |
//! | `top-level-not-object` | error | G5 | the document (or board) is not a JSON object |
//! | `duplicate-key` | error | G9 | a key appears twice in one object, at any level |
//! | `schema-not-string` | error | G5 | `"$schema"` is not a string |
//! | `wrong-type` | error | spec schema, G8 | a value has the wrong JSON type (piece entry, source, destination list, variant, `require`/`prevent`/`perform` object, state, perform value, board value) |
//! | `empty-piece` | error | G7 | a piece maps to `{}` (no source) |
//! | `empty-source` | error | G7 | a source square maps to `{}` (no destination) |
//! | `empty-destinations` | error | G7 | a destination maps to `[]` (no variant) |
//! | `empty-require` | error | G7, spec | `"require": {}` |
//! | `empty-prevent` | error | G7, spec | `"prevent": {}` |
//! | `empty-perform` | error | G7, spec | `"perform": {}` |
//! | `missing-perform` | error | spec | a variant has no `perform` |
//! | `unknown-key` | error | G8, G6 | a variant key other than `require`, `prevent`, `perform` (targeted messages for `must`, `deny`, `diff`, `board_check`, `gain`, `drop`), or the hand square `"*"` |
//! | *GAN code* (`case-mismatch`, `unexpected-char`, …) | error | G1, G2, G14 | an invalid GAN identifier as piece key, state or perform value: the parser's code, its message and hint |
//! | `invalid-state` | error | G4 | a `require`/`prevent` state without `:` that is not exactly `empty` or `enemy` (`ally`, `occupied`, `Empty`) |
//! | `empty-as-perform` | error | G8 | `"empty"` as a `perform` value (`null` empties a square) |
//! | `empty-square-label` | error | G6 | a square label is the empty string |
//! | `unknown-square` | error | G6, spec | a square outside the given list of squares (only when one is given) |
//! | `implicit-requirement` | error | G10, spec | `require[source]` is the source piece itself |
//! | `require-prevent-conflict` | error | G11, spec | the same string for the same square in `require` and `prevent` |
//! | `unsatisfiable` | warning (error when strict) | G10, G11 | the conditions can never all hold: `require[source]` is `empty`, `enemy` or another piece; `prevent[source]` is the source piece; `require` X with `prevent` `enemy` where X is an enemy of the source piece |
//! | `redundant` | warning | G10, G11 | a `prevent` condition can never fire: `prevent[source]` is `empty`, `enemy` or another piece; or the same square's `require` already excludes it (see below) |
//! | `duplicate-variant` | warning | G13 | two variants of one destination are identical (same conditions and effects, in any key order) |
//! | `invalid-qpi` | error | G19 | `ggn-2025-10`: a piece key, or an LCN value with `:`, that is not a `qpi-2026-01` token (the QPI parser's message) |
//! | `invalid-location` | error | G20, G25 | `ggn-2025-10`: a source or destination neither CELL nor `"*"`, an LCN key that is not CELL (the CELL parser's message) |
//! | `hand-to-hand` | error | G23 | `ggn-2025-10`: source `"*"` and destination `"*"` |
//!
//! **The newest edition** (`ggn-2025-10`, G18–G29) uses, besides its own three codes:
//! `invalid-utf8`, `invalid-json`, `too-large`, `too-deep`, `top-level-not-object`,
//! `duplicate-key` (G9 at every level, LCN objects included), `wrong-type` (a piece, source,
//! possibility list, possibility, `must`/`deny` object or LCN value of the wrong JSON type),
//! `empty-piece`, `empty-source`, `empty-destinations` (an empty list of possibilities, G22),
//! `unknown-key` (a possibility key other than `must`/`deny`, with targeted messages for
//! `require`, `prevent`, `perform` and `diff`; a top-level `"$schema"`, G26) and
//! `invalid-state` (an LCN value without `:` that is not exactly `empty` or `enemy`). It has
//! no warning.
//!
//! **G11 relations.** For one square present in both `require` (r) and `prevent` (p), with
//! different strings, each condition is read as the set of occupants that satisfy it (`empty`:
//! no piece; `enemy`: a piece of the other side than the source piece; X: exactly X). When
//! r ⊆ p the move is impossible (`unsatisfiable`): only `require` X (X of the other side) with
//! `prevent` `enemy`. When r ∩ p = ∅ the `prevent` never fires (`redundant`): `empty` with
//! `enemy` or X; `enemy` with `empty` or an X of the source's side; X with `empty`, `enemy`
//! (X of the source's side) or another piece Y. `require` `enemy` with `prevent` an enemy
//! piece X ("any enemy but X") is meaningful and reported by nothing. The source square is
//! read the same way with its implicit condition "holds the source piece" (G10).
//!
//! **G13** cases (source equal to destination, `perform` on squares not named elsewhere,
//! `perform` not vacating the source, changing the piece's side or style) are valid and
//! silent; only identical variants are reported, as a warning.

/// The document is not UTF-8.
pub const INVALID_UTF8: &str = "invalid-utf8";
/// Malformed JSON.
pub const INVALID_JSON: &str = "invalid-json";
/// The document is larger than the size limit.
pub const TOO_LARGE: &str = "too-large";
/// The document nests deeper than the depth limit.
pub const TOO_DEEP: &str = "too-deep";
/// The top level is not an object.
pub const TOP_LEVEL_NOT_OBJECT: &str = "top-level-not-object";
/// A key appears twice in one object.
pub const DUPLICATE_KEY: &str = "duplicate-key";
/// `$schema` is not a string.
pub const SCHEMA_NOT_STRING: &str = "schema-not-string";
/// A value has the wrong JSON type.
pub const WRONG_TYPE: &str = "wrong-type";
/// A piece maps to an empty object.
pub const EMPTY_PIECE: &str = "empty-piece";
/// A source square maps to an empty object.
pub const EMPTY_SOURCE: &str = "empty-source";
/// A destination maps to an empty array.
pub const EMPTY_DESTINATIONS: &str = "empty-destinations";
/// `require` is an empty object.
pub const EMPTY_REQUIRE: &str = "empty-require";
/// `prevent` is an empty object.
pub const EMPTY_PREVENT: &str = "empty-prevent";
/// `perform` is an empty object.
pub const EMPTY_PERFORM: &str = "empty-perform";
/// A variant has no `perform`.
pub const MISSING_PERFORM: &str = "missing-perform";
/// An unknown key in a variant, or the hand square `"*"`.
pub const UNKNOWN_KEY: &str = "unknown-key";
/// A state that is neither `empty`, `enemy` nor a GAN identifier.
pub const INVALID_STATE: &str = "invalid-state";
/// `"empty"` used as a `perform` value.
pub const EMPTY_AS_PERFORM: &str = "empty-as-perform";
/// A square label is the empty string.
pub const EMPTY_SQUARE_LABEL: &str = "empty-square-label";
/// A square outside the given list of squares.
pub const UNKNOWN_SQUARE: &str = "unknown-square";
/// `require[source]` restates the source piece.
pub const IMPLICIT_REQUIREMENT: &str = "implicit-requirement";
/// The same state for the same square in `require` and `prevent`.
pub const REQUIRE_PREVENT_CONFLICT: &str = "require-prevent-conflict";
/// The conditions of a variant can never all hold.
pub const UNSATISFIABLE: &str = "unsatisfiable";
/// A `prevent` condition can never fire.
pub const REDUNDANT: &str = "redundant";
/// Two identical variants of one destination.
pub const DUPLICATE_VARIANT: &str = "duplicate-variant";

/// A piece key or an LCN piece value that is not a token of the newest QPI (`ggn-2025-10`).
pub const INVALID_QPI: &str = "invalid-qpi";
/// A source or destination that is neither CELL nor HAND, or an LCN key that is not CELL
/// (`ggn-2025-10`).
pub const INVALID_LOCATION: &str = "invalid-location";
/// A move from the hand `"*"` to the hand `"*"` (`ggn-2025-10`).
pub const HAND_TO_HAND: &str = "hand-to-hand";

/// Every code of this module (GAN codes excluded), in the order of the table.
pub const ALL: &[&str] = &[
    INVALID_UTF8,
    INVALID_JSON,
    TOO_LARGE,
    TOO_DEEP,
    TOP_LEVEL_NOT_OBJECT,
    DUPLICATE_KEY,
    SCHEMA_NOT_STRING,
    WRONG_TYPE,
    EMPTY_PIECE,
    EMPTY_SOURCE,
    EMPTY_DESTINATIONS,
    EMPTY_REQUIRE,
    EMPTY_PREVENT,
    EMPTY_PERFORM,
    MISSING_PERFORM,
    UNKNOWN_KEY,
    INVALID_STATE,
    EMPTY_AS_PERFORM,
    EMPTY_SQUARE_LABEL,
    UNKNOWN_SQUARE,
    IMPLICIT_REQUIREMENT,
    REQUIRE_PREVENT_CONFLICT,
    UNSATISFIABLE,
    REDUNDANT,
    DUPLICATE_VARIANT,
    INVALID_QPI,
    INVALID_LOCATION,
    HAND_TO_HAND,
];
