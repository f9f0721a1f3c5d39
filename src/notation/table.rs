//! The notation table: one row per notation, the only list of the notations in the crate.
//!
//! A row is a variant name and the notation's typed module (`Legacy = legacy`), then:
//!
//! - `name`: the notation's id, as the CLI, the corpus and every report write it;
//! - `about`: the line that describes it (the variant's documentation);
//! - `grammar`: its pest grammar, a path from the crate's root;
//! - `spec`: the published document its grammar transcribes, by the key `docs/specs.md` lists,
//!   and the edition that document states;
//! - `roles`: the grammar's rules that hold an attribute (read by the fast path and by edited
//!   grammars, `--grammar-dir`); the notation has an optional attribute exactly when a rule
//!   holds it;
//! - `oracle`: the uppercase form of its oracle regex, verbatim from `docs/DECISIONS.md` §1;
//! - `syntax`: how its components are written, for error messages.
//!
//! The list is a macro that hands every row to a callback, so that one list generates
//! `Dialect` and the rows (`notation/mod.rs`), the pest parsers (`grammar/mod.rs`), `Actor`
//! and the typed dispatch (`dialect/mod.rs`) and the `serde` impls (`serde_impls.rs`). The
//! order of the rows is the order of `Dialect::ALL`, which seeds the corpus generator: a new
//! row goes last.

/// Calls `$callback! { … }` with every row of the table, in order.
macro_rules! notations {
    ($callback:ident) => {
        $callback! {
            Legacy = legacy {
                name: "legacy",
                about: "GAN 1.0.0, the 2012 words form: `CHESS:KING`.",
                grammar: "grammar/legacy.pest",
                composes: [],
                family: Family::Dialects,
                spec: Spec {
                    file: "gan-legacy-2012.txt",
                    title: "General Actor Notation (GAN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2012-05-04"),
                    evidence: "the document's own date: published May 4, 2012",
                },
                roles: &[
                    ("uppercase_actor", Role::Uppercase),
                    ("game_id_uppercase", Role::Style),
                    ("game_id_lowercase", Role::Style),
                    ("piece_id_uppercase", Role::Type),
                    ("piece_id_lowercase", Role::Type),
                ],
                oracle: r"(?P<style>[A-Z]+):(?P<type>[A-Z]+)",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a style starts with a letter",
                    whole: "an identifier is a game word, ':', and a piece word",
                    style: Some("a game word is letters only"),
                    piece: "a piece word is letters only",
                    end: "a piece word is letters only, and ends the identifier",
                },
            }
            Beta = beta {
                name: "beta",
                about: "GAN beta: `C:-K`, `S:+R`, `DAI_DAI_SHOGI:PH`.",
                grammar: "grammar/beta.pest",
                composes: [],
                family: Family::Dialects,
                spec: Spec {
                    file: "gan-beta.txt",
                    title: "General Actor Notation",
                    edition: "beta",
                },
                dated: Dated {
                    date: None,
                    evidence: "not stated: the document's Created and Updated fields carry no value",
                },
                roles: &[
                    ("uppercase_actor", Role::Uppercase),
                    ("style_uppercase", Role::Style),
                    ("style_lowercase", Role::Style),
                    ("type_uppercase", Role::Type),
                    ("type_lowercase", Role::Type),
                    ("promoted", Role::Promoted),
                    ("king", Role::King),
                ],
                oracle: r"(?P<style>[A-Z][A-Z0-9_]*):(?P<promoted>\+?)(?P<king>-?)(?P<type>[A-Z][A-Z0-9_]*)",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a style starts with a letter",
                    whole: "an identifier is a style, ':', an optional '+', an optional '-', and \
                            an abbreviation",
                    style: Some("a style is a letter, then letters, digits or '_'"),
                    piece: "a piece is an optional '+', an optional '-' (in that order), then a \
                            letter and letters, digits or '_'",
                    end: "a piece abbreviation continues with letters, digits or '_' only, and \
                          ends the identifier",
                },
            }
            Pnn = pnn {
                name: "pnn",
                about: "GAN 1.0.0 over PNN: `SHOGI:+P`, `CHESS:K'`.",
                grammar: "grammar/pnn.pest",
                composes: [],
                family: Family::Dialects,
                spec: Spec {
                    file: "gan-1.0.0-pnn.md",
                    title: "General Actor Notation (GAN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-05"),
                    evidence: "gan.rb (now qpi.rb) 39f4acf, 2025-05-13, the GAN of PNN's single-quote suffix; the document states May 4, 2012, its copyright line 2012-2025",
                },
                roles: &[
                    ("uppercase_actor", Role::Uppercase),
                    ("game_id_uppercase", Role::Style),
                    ("game_id_lowercase", Role::Style),
                    ("piece_letter_uppercase", Role::Type),
                    ("piece_letter_lowercase", Role::Type),
                    ("prefix", Role::State),
                    ("suffix", Role::Intermediate),
                ],
                oracle: r"(?P<style>[A-Z]+):(?P<state>[-+]?)(?P<type>[A-Z])(?P<intermediate>'?)",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a style starts with a letter",
                    whole: "an identifier is a game word, ':', an optional '+' or '-', one \
                            letter, and an optional \"'\"",
                    style: Some("a game word is letters only"),
                    piece: "a piece is an optional '+' or '-', one letter, then an optional \"'\"",
                    end: "the identifier ends after the piece letter and its optional \"'\"",
                },
            }
            SnnPin = snn_pin {
                name: "snn-pin",
                about: "GAN 1.0.0 as SNN:PIN, the default: `CHESS960:K`, `shogi:+p`.",
                grammar: "grammar/snn-pin.pest",
                composes: [],
                family: Family::Dialects,
                spec: Spec {
                    file: "gan-1.0.0-snn-pin.txt",
                    title: "General Actor Notation (GAN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-07"),
                    evidence: "gan.rb (now qpi.rb) fb8ac17, 2025-07-02, the GAN of SNN and PIN",
                },
                roles: &[
                    ("uppercase_gan", Role::Uppercase),
                    ("uppercase_style", Role::Style),
                    ("lowercase_style", Role::Style),
                    ("pin_letter_uppercase", Role::Type),
                    ("pin_letter_lowercase", Role::Type),
                    ("state_modifier", Role::State),
                ],
                oracle: r"(?P<style>[A-Z][A-Z0-9]*):(?P<state>[-+]?)(?P<type>[A-Z])",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a style starts with a letter",
                    whole: "an identifier is a style, ':', an optional '+' or '-', and one letter",
                    style: Some("a style is a letter, then letters or digits"),
                    piece: "a piece is an optional '+' or '-', then one letter",
                    end: "the identifier ends after the piece letter",
                },
            }
            Qpi = qpi {
                name: "qpi",
                about: "QPI: `C:K`, `s:+r`.",
                grammar: "grammar/qpi.pest",
                composes: [],
                family: Family::Dialects,
                spec: Spec {
                    file: "qpi-ruby-readme.txt",
                    title: "Qpi.rb, the readme of the Ruby gem sashite-qpi",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-07"),
                    evidence: "qpi.rb 48aac1d, 2025-07-22",
                },
                roles: &[
                    ("uppercase_qpi", Role::Uppercase),
                    ("uppercase_sin", Role::Style),
                    ("lowercase_sin", Role::Style),
                    ("pin_letter_uppercase", Role::Type),
                    ("pin_letter_lowercase", Role::Type),
                    ("state_modifier", Role::State),
                ],
                oracle: r"(?P<style>[A-Z]):(?P<state>[-+]?)(?P<type>[A-Z])",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a style starts with a letter",
                    whole: "an identifier is a style, ':', an optional '+' or '-', and one letter",
                    style: Some("a style is one letter"),
                    piece: "a piece is an optional '+' or '-', then one letter",
                    end: "the identifier ends after the piece letter",
                },
            }
            Qpi202512 = qpi_2025_12 {
                name: "qpi-2025-12",
                about: "QPI of December 2025: `C:K^`, `s:+r` (one case, PIN with `^`).",
                grammar: "grammar/qpi-2025-12.pest",
                composes: ["grammar/sin-2025-07.pest", "grammar/pin-2025-12.pest"],
                family: Family::Editions,
                spec: Spec {
                    file: "qpi-1.0.0",
                    title: "Qualified Piece Identifier (QPI) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-12"),
                    evidence: "qpi.rb 8e6ca11, 2025-12-03 (the gem's version 2.0.0): SIN and PIN with '^', in one case",
                },
                roles: &[
                    ("uppercase_qpi", Role::Uppercase),
                    ("sin_uppercase", Role::Style),
                    ("sin_lowercase", Role::Style),
                    ("abbr_uppercase", Role::Type),
                    ("abbr_lowercase", Role::Type),
                    ("state_modifier", Role::State),
                    ("terminal_marker", Role::Terminal),
                ],
                oracle: r"(?P<style>[A-Z]):(?P<state>[-+]?)(?P<type>[A-Z])(?P<terminal>\^?)",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a style starts with a letter",
                    whole: "an identifier is a style letter, ':', an optional '+' or '-', one letter and an optional '^', all in one case",
                    style: Some("a style is one letter"),
                    piece: "a piece is an optional '+' or '-', one letter, then an optional '^'",
                    end: "the identifier ends after the piece letter and its optional '^'",
                },
            }
            Qpi202601 = qpi_2026_01 {
                name: "qpi-2026-01",
                about: "QPI, the newest edition: `C:K^`, `C:r` (the two cases independent: Native or Derived).",
                grammar: "grammar/qpi-2026-01.pest",
                composes: ["grammar/sin-2025-07.pest", "grammar/pin-2025-12.pest"],
                family: Family::Editions,
                spec: Spec {
                    file: "qpi-1.0.0",
                    title: "Qualified Piece Identifier (QPI) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2026-01"),
                    evidence: "the Elixir package sashite_qpi 1.1.0 (hex.pm), on or after 2026-01-25: the first implementation found of independent cases",
                },
                roles: &[
                    ("pin_uppercase", Role::Uppercase),
                    ("sin_uppercase", Role::Style),
                    ("sin_lowercase", Role::Style),
                    ("abbr_uppercase", Role::Type),
                    ("abbr_lowercase", Role::Type),
                    ("state_modifier", Role::State),
                    ("terminal_marker", Role::Terminal),
                    ("derived", Role::Derived),
                ],
                oracle: r"(?P<style>[A-Za-z]):(?P<state>[-+]?)(?P<type>[A-Za-z])(?P<terminal>\^?)",
                cases: Cases::Independent,
                syntax: Syntax {
                    start: "a style starts with a letter",
                    whole: "an identifier is a style letter, ':', an optional '+' or '-', one letter and an optional '^'",
                    style: Some("a style is one letter"),
                    piece: "a piece is an optional '+' or '-', one letter, then an optional '^'",
                    end: "the identifier ends after the piece letter and its optional '^'",
                },
            }
            Pin202507 = pin_2025_07 {
                name: "pin-2025-07",
                about: "PIN of July 2025: `K`, `+r`, `-P`.",
                grammar: "grammar/pin-2025-07.pest",
                composes: [],
                family: Family::Editions,
                spec: Spec {
                    file: "pin-1.0.0",
                    title: "Piece Identifier Notation (PIN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-07"),
                    evidence: "pin.rb 640f7ee, 2025-07-02",
                },
                roles: &[
                    ("pin_uppercase", Role::Uppercase),
                    ("abbr_uppercase", Role::Type),
                    ("abbr_lowercase", Role::Type),
                    ("state_modifier", Role::State),
                ],
                oracle: r"(?P<state>[-+]?)(?P<type>[A-Z])",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a token starts with '+', '-' or a letter",
                    whole: "a token is an optional '+' or '-', and one letter",
                    style: None,
                    piece: "a token is an optional '+' or '-', then one letter",
                    end: "the token ends after its letter",
                },
            }
            Pin202512 = pin_2025_12 {
                name: "pin-2025-12",
                about: "PIN of December 2025: `K^`, `+r`, `-P` (terminal marker `^`).",
                grammar: "grammar/pin-2025-12.pest",
                composes: [],
                family: Family::Editions,
                spec: Spec {
                    file: "pin-1.0.0",
                    title: "Piece Identifier Notation (PIN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-12"),
                    evidence: "pin.rb fc101e2, 2025-12-02: the terminal marker '^'",
                },
                roles: &[
                    ("pin_uppercase", Role::Uppercase),
                    ("abbr_uppercase", Role::Type),
                    ("abbr_lowercase", Role::Type),
                    ("state_modifier", Role::State),
                    ("terminal_marker", Role::Terminal),
                ],
                oracle: r"(?P<state>[-+]?)(?P<type>[A-Z])(?P<terminal>\^?)",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a token starts with '+', '-' or a letter",
                    whole: "a token is an optional '+' or '-', one letter and an optional '^'",
                    style: None,
                    piece: "a token is an optional '+' or '-', one letter, then an optional '^'",
                    end: "the token ends after its letter and its optional '^'",
                },
            }
            Sin202507 = sin_2025_07 {
                name: "sin-2025-07",
                about: "SIN: `C`, `s`.",
                grammar: "grammar/sin-2025-07.pest",
                composes: [],
                family: Family::Editions,
                spec: Spec {
                    file: "sin-1.0.0",
                    title: "Style Identifier Notation (SIN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-07"),
                    evidence: "sin.rb 524c65b, 2025-07-06: the one-letter form (still named SNN in that repository, which became sin.rb)",
                },
                roles: &[
                    ("sin_uppercase", Role::Uppercase),
                    ("sin_abbr", Role::Style),
                ],
                oracle: r"(?P<style>[A-Z])",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a token is one letter",
                    whole: "a token is one letter",
                    style: None,
                    piece: "a token is one letter",
                    end: "a token is one letter",
                },
            }
            Epin202512 = epin_2025_12 {
                name: "epin-2025-12",
                about: "EPIN: `K^'`, `+r`, `K'` (PIN with `^`, then the derivation marker `'`).",
                grammar: "grammar/epin-2025-12.pest",
                composes: ["grammar/pin-2025-12.pest"],
                family: Family::Editions,
                spec: Spec {
                    file: "epin-1.0.0",
                    title: "Extended Piece Identifier Notation (EPIN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-12"),
                    evidence: "epin.ex d61da53, 2025-12-15: EPIN over the PIN with '^'",
                },
                roles: &[
                    ("pin_uppercase", Role::Uppercase),
                    ("abbr_uppercase", Role::Type),
                    ("abbr_lowercase", Role::Type),
                    ("state_modifier", Role::State),
                    ("terminal_marker", Role::Terminal),
                    ("derivation_marker", Role::Derived),
                ],
                oracle: r"(?P<state>[-+]?)(?P<type>[A-Z])(?P<terminal>\^?)(?P<derived>'?)",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a token starts with '+', '-' or a letter",
                    whole: "a token is an optional '+' or '-', one letter, an optional '^' and an optional \"'\"",
                    style: None,
                    piece: "a token is an optional '+' or '-', one letter, an optional '^', then an optional \"'\"",
                    end: "the token ends after its letter, its optional '^' and its optional \"'\"",
                },
            }
            Snn20250702 = snn_2025_07_02 {
                name: "snn-2025-07-02",
                about: "SNN of 2 July 2025: `CHESS960`, `shogi` (the case is the side).",
                grammar: "grammar/snn-2025-07-02.pest",
                composes: [],
                family: Family::Editions,
                spec: Spec {
                    file: "snn-1.0.0",
                    title: "Style Name Notation (SNN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-07-02"),
                    evidence: "snn.rb 749396d, 2025-07-02",
                },
                roles: &[
                    ("uppercase_name", Role::Uppercase),
                    ("style_name", Role::Style),
                ],
                oracle: r"(?P<style>[A-Z][A-Z0-9]*)",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a style name starts with a letter",
                    whole: "a style name is a letter, then letters or digits, all in one case",
                    style: None,
                    piece: "a style name is a letter, then letters or digits, all in one case",
                    end: "a style name continues with letters or digits only",
                },
            }
            Snn20250711 = snn_2025_07_11 {
                name: "snn-2025-07-11",
                about: "SNN of 11 July 2025: `Chess960`, `Shogi` (no side).",
                grammar: "grammar/snn-2025-07-11.pest",
                composes: [],
                family: Family::Editions,
                spec: Spec {
                    file: "snn-1.0.0",
                    title: "Style Name Notation (SNN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-07-11"),
                    evidence: "snn.rb c77e3dc, 2025-07-11",
                },
                roles: &[
                    ("style_name", Role::Style),
                ],
                oracle: r"(?P<style>[A-Z][a-z0-9]*)",
                cases: Cases::Sideless,
                syntax: Syntax {
                    start: "a style name starts with an uppercase letter",
                    whole: "a style name is an uppercase letter, then lowercase letters or digits",
                    style: None,
                    piece: "a style name is an uppercase letter, then lowercase letters or digits",
                    end: "a style name continues with lowercase letters or digits only",
                },
            }
            Snn20251009 = snn_2025_10_09 {
                name: "snn-2025-10-09",
                about: "SNN of 9 October 2025: `CHESS`, `shogi` (letters only; the case is the side).",
                grammar: "grammar/snn-2025-10-09.pest",
                composes: [],
                family: Family::Editions,
                spec: Spec {
                    file: "snn-1.0.0",
                    title: "Style Name Notation (SNN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-10-09"),
                    evidence: "snn.rb 62ec75d, 2025-10-09",
                },
                roles: &[
                    ("uppercase_name", Role::Uppercase),
                    ("style_name", Role::Style),
                ],
                oracle: r"(?P<style>[A-Z]+)",
                cases: Cases::Tied,
                syntax: Syntax {
                    start: "a style name starts with a letter",
                    whole: "a style name is letters only, all in one case",
                    style: None,
                    piece: "a style name is letters only, all in one case",
                    end: "a style name continues with letters of its case only",
                },
            }
            Snn20260111 = snn_2026_01_11 {
                name: "snn-2026-01-11",
                about: "SNN, the newest edition: `Chess960`, `CHESS`, `MiniShogi` (no side).",
                grammar: "grammar/snn-2026-01-11.pest",
                composes: [],
                family: Family::Editions,
                spec: Spec {
                    file: "snn-1.0.0",
                    title: "Style Name Notation (SNN) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2026-01-11"),
                    evidence: "snn.ex 297bf5d, 2026-01-11, then snn.rb c2c7916, 2026-01-18",
                },
                roles: &[
                    ("style_name", Role::Style),
                ],
                oracle: r"(?P<style>[A-Z][A-Za-z]*[0-9]*)",
                cases: Cases::Sideless,
                syntax: Syntax {
                    start: "a style name starts with an uppercase letter",
                    whole: "a style name is an uppercase letter, then letters, then digits",
                    style: None,
                    piece: "a style name is an uppercase letter, then letters, then digits",
                    end: "a style name continues with letters, then digits only",
                },
            }
            Cell = cell {
                name: "cell",
                about: "CELL: `a1`, `e4B`, `aa10`, `file` (a board coordinate: one index per dimension).",
                grammar: "grammar/cell.pest",
                composes: [],
                family: Family::Editions,
                spec: Spec {
                    file: "cell-1.0.0",
                    title: "Coordinate Encoding for Layered Locations (CELL) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-12-15"),
                    evidence: "cell.rb 490c7d3 and cell.ex 9faef70, 2025-12-15: the regular expression of the newest edition",
                },
                roles: &[
                    ("coordinate", Role::Coordinate),
                ],
                oracle: r"(?P<coordinate>[a-z]+(?:[1-9][0-9]*[A-Z]+[a-z]+)*(?:[1-9][0-9]*[A-Z]*)?)",
                cases: Cases::Sideless,
                syntax: Syntax {
                    start: "a coordinate starts with a lowercase letter",
                    whole: "a coordinate is lowercase letters, then in turn a positive integer, \
                            uppercase letters and lowercase letters",
                    style: None,
                    piece: "a coordinate cycles through lowercase letters, a positive integer \
                            without leading zero and uppercase letters",
                    end: "a coordinate continues with the character set of its next dimension only",
                },
            }
            Hand = hand {
                name: "hand",
                about: "HAND: `*` (the off-board reserve).",
                grammar: "grammar/hand.pest",
                composes: [],
                family: Family::Editions,
                spec: Spec {
                    file: "hand-1.0.0",
                    title: "Hold And Notation Designator (HAND) Specification",
                    edition: "1.0.0",
                },
                dated: Dated {
                    date: Some("2025-06-28"),
                    evidence: "hand.rb 1797d01, 2025-06-28: `*` alone",
                },
                roles: &[],
                oracle: r"\*",
                cases: Cases::Sideless,
                syntax: Syntax {
                    start: "a hand is '*'",
                    whole: "a hand is '*' alone",
                    style: None,
                    piece: "a hand is '*' alone",
                    end: "a hand is '*' alone, and ends there",
                },
            }
        }
    };
}
pub(crate) use notations;
