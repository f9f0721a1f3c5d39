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
        }
    };
}
pub(crate) use notations;
