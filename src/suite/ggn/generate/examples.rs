//! The documents printed in the spec, E1–E9 (docs/DECISIONS.md §4 names them), as the corpus
//! stores them: the spec's JSON with two-space indentation.

/// E1, Simple Move with No Requirements.
pub const E1: &str = r#"{
  "GAME:X": {
    "c3": {
      "c5": [
        {
          "perform": { "c3": null, "c5": "GAME:X" }
        }
      ]
    }
  }
}"#;

/// E2, Simple Move (Sliding).
pub const E2: &str = r#"{
  "GAME:X": {
    "c3": {
      "c5": [
        {
          "require": { "c4": "empty", "c5": "empty" },
          "perform": { "c3": null, "c5": "GAME:X" }
        }
      ]
    }
  }
}"#;

/// E3, Simple Capture.
pub const E3: &str = r#"{
  "GAME:X": {
    "c3": {
      "d4": [
        {
          "require": { "d4": "enemy" },
          "perform": { "c3": null, "d4": "GAME:X" }
        }
      ]
    }
  }
}"#;

/// E4, Multiple Promotion Choices (Chess).
pub const E4: &str = r#"{
  "CHESS:P": {
    "e7": {
      "e8": [
        {
          "require": { "e8": "empty" },
          "perform": { "e7": null, "e8": "CHESS:Q" }
        },
        {
          "require": { "e8": "empty" },
          "perform": { "e7": null, "e8": "CHESS:R" }
        },
        {
          "require": { "e8": "empty" },
          "perform": { "e7": null, "e8": "CHESS:N" }
        },
        {
          "require": { "e8": "empty" },
          "perform": { "e7": null, "e8": "CHESS:B" }
        }
      ]
    }
  }
}"#;

/// E5, Optional Promotion (Shōgi-Style).
pub const E5: &str = r#"{
  "SHOGI:P": {
    "1g": {
      "1f": [
        {
          "require": { "1f": "empty" },
          "perform": { "1g": null, "1f": "SHOGI:P" }
        },
        {
          "require": { "1f": "empty" },
          "perform": { "1g": null, "1f": "SHOGI:+P" }
        }
      ]
    }
  }
}"#;

/// E6, Multi-Square Move (Castling).
pub const E6: &str = r#"{
  "CHESS:K": {
    "e1": {
      "g1": [
        {
          "require": { "f1": "empty", "g1": "empty", "h1": "CHESS:R" },
          "perform": { "e1": null, "f1": "CHESS:R", "g1": "CHESS:K", "h1": null }
        }
      ]
    }
  }
}"#;

/// E7, Conditional Move with Prevention.
pub const E7: &str = r#"{
  "GAME:B": {
    "c1": {
      "f4": [
        {
          "require": { "d2": "empty", "e3": "empty", "f4": "empty" },
          "prevent": { "g5": "GAME:K", "h6": "GAME:Q" },
          "perform": { "c1": null, "f4": "GAME:B" }
        }
      ]
    }
  }
}"#;

/// E8, En Passant Capture (invalid: `CHESS:p`, G2).
pub const E8: &str = r#"{
  "CHESS:P": {
    "d5": {
      "e6": [
        {
          "require": { "e5": "CHESS:p", "e6": "empty" },
          "perform": { "d5": null, "e5": null, "e6": "CHESS:P" }
        }
      ]
    }
  }
}"#;

/// E9, the closing "Example", with `$schema`.
pub const E9: &str = r#"{
  "$schema": "https://sashite.dev/schemas/ggn/1.0.0/schema.json",
  "CHESS:P": {
    "e7": {
      "e8": [
        {
          "require": { "e8": "empty" },
          "perform": { "e7": null, "e8": "CHESS:Q" }
        },
        {
          "require": { "e8": "empty" },
          "perform": { "e7": null, "e8": "CHESS:N" }
        }
      ]
    }
  }
}"#;
