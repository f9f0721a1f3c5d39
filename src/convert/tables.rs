//! The name tables of docs/DECISIONS.md M2, M3 and M5: the built-in rows, each citing the document
//! it comes from, and the user tables of a `--map` TOML file that add or override rows.
//!
//! Keys are matched ASCII case-insensitively; a value is written in the case of the
//! identifier's side, whatever its case in the table.
//!
//! ```toml
//! [pieces]            # legacy words (and beta abbreviations) -> letters, every style
//! DRAGON = "D"
//! [pieces.XIANGQI]    # only for this style
//! GENERAL = "G"
//! [styles]            # beta or qpi styles -> snn-pin styles
//! go = "GO"
//! [families]          # snn-pin styles -> qpi letters (and back)
//! CHESS960 = "C"
//! ```

use std::collections::HashMap;
use std::fmt;
use std::path::PathBuf;

/// Where a built-in row comes from: the decision that adopts it and the spec passages it
/// transcribes (file, section, the text there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Source {
    /// The docs/DECISIONS.md id, e.g. `M2`.
    pub decision: &'static str,
    /// The spec file(s) and section(s) the row is read from.
    pub cites: &'static str,
}

/// One built-in row: a key (matched case-insensitively) and its value, in uppercase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Row {
    /// The name looked up.
    pub key: &'static str,
    /// What it becomes.
    pub value: &'static str,
    /// Where the row comes from.
    pub source: Source,
}

const fn row(
    key: &'static str,
    value: &'static str,
    decision: &'static str,
    cites: &'static str,
) -> Row {
    Row {
        key,
        value,
        source: Source { decision, cites },
    }
}

const CHESS_WORDS: &str = "gan-legacy-2012.txt, Examples, table \"Chess Pieces\" (the word); \
                           gan-1.0.0-pnn.md, Examples, table \"Chess Pieces\" (the letter)";
const SHOGI_WORDS: &str = "gan-legacy-2012.txt, Examples, table \"Shōgi Pieces\" (the word); \
                           gan-1.0.0-pnn.md, Examples, table \"Shogi Pieces\" (the letter)";

/// M2: legacy piece words to letters (any style). Only legacy words go through this table; a
/// beta abbreviation needs a user row (M3).
pub const PIECE_NAMES: [Row; 9] = [
    row("KING", "K", "M2", CHESS_WORDS),
    row("QUEEN", "Q", "M2", CHESS_WORDS),
    row("ROOK", "R", "M2", CHESS_WORDS),
    row("BISHOP", "B", "M2", CHESS_WORDS),
    row("KNIGHT", "N", "M2", CHESS_WORDS),
    row("PAWN", "P", "M2", CHESS_WORDS),
    row("GOLD", "G", "M2", SHOGI_WORDS),
    row("SILVER", "S", "M2", SHOGI_WORDS),
    row("LANCE", "L", "M2", SHOGI_WORDS),
];

/// M3: beta style abbreviations to snn-pin styles.
pub const BETA_STYLES: [Row; 5] = [
    row(
        "C",
        "CHESS",
        "M3",
        "gan-beta.txt, Style (\"c\" for Western); gan-legacy-2012.txt, Examples, \
         \"Chess Pieces\" (CHESS)",
    ),
    row(
        "S",
        "SHOGI",
        "M3",
        "gan-beta.txt, Style (\"s\" for Shogi); gan-legacy-2012.txt, Examples, \
         \"Shōgi Pieces\" (SHOGI)",
    ),
    row(
        "X",
        "XIANGQI",
        "M3",
        "gan-beta.txt, Style (\"x\" for Xiangqi); gan-legacy-2012.txt, Collision Resolution \
         (xiangqi:rook)",
    ),
    row(
        "M",
        "MAKRUK",
        "M3",
        "gan-beta.txt, Style (\"m\" for Makruk); gan-legacy-2012.txt, Collision Resolution \
         (MAKRUK:ROOK)",
    ),
    row(
        "J",
        "JANGGI",
        "M3",
        "gan-beta.txt, Style (\"j\" for Janggi); the name JANGGI from DECISIONS.md M3 (no spec \
         writes it as a game id)",
    ),
];

/// M3: a beta style that the style table maps, but that published beta data used for more
/// than one game. Converting it warns `ambiguous-style`, naming the games, unless a user
/// `[styles]` row maps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ambiguity {
    /// The beta style (matched case-insensitively), a key of [`BETA_STYLES`].
    pub key: &'static str,
    /// The games the data used it for, as the data names them; the first is the one the
    /// style table gives.
    pub games: &'static [&'static str],
    /// Where each use is published.
    pub source: Source,
}

impl Ambiguity {
    /// The games, comma-separated: `xiangqi99, xiaoqi`.
    pub fn games_list(&self) -> String {
        self.games.join(", ")
    }
}

/// M3: the beta styles published data used for several games: the pseudo-legal move
/// tablebases of 2020–2021 (`github.com/sashite/pseudo_legal_move_tablebase-GAME.rb`, each
/// identifier listed in `tests/data/beta-tablebases.tsv`). There `C` is used for chess alone,
/// and `M` and `J` are not used.
pub const AMBIGUOUS_STYLES: [Ambiguity; 2] = [
    Ambiguity {
        key: "S",
        games: &["shogi", "puchi_shogi"],
        source: Source {
            decision: "M3",
            cites: "pseudo_legal_move_tablebase-shogi.rb at b17c86ef8a90 (S:-K, S:G, …); \
                    pseudo_legal_move_tablebase-puchi_shogi.rb at 748a94f05636 (S:-K, S:Q, …)",
        },
    },
    Ambiguity {
        key: "X",
        games: &["xiangqi99", "xiaoqi"],
        source: Source {
            decision: "M3",
            cites: "pseudo_legal_move_tablebase-xiangqi99.rb at 47a7b2f5cfec (X:-K, X:A, …); \
                    pseudo_legal_move_tablebase-xiaoqi.rb at eff913dc1096 (X:-K, X:Q, …)",
        },
    },
];

/// M5: snn-pin styles to qpi style letters, and back.
pub const FAMILIES: [Row; 6] = [
    row(
        "CHESS",
        "C",
        "M5",
        "qpi-ruby-readme.txt, Single-Style Games (\"Western Chess\": C:K)",
    ),
    row(
        "SHOGI",
        "S",
        "M5",
        "qpi-ruby-readme.txt, Single-Style Games (\"Japanese Shōgi\": S:K)",
    ),
    row(
        "XIANGQI",
        "X",
        "M5",
        "qpi-ruby-readme.txt, Single-Style Games (\"Chinese Xiangqi\": X:G)",
    ),
    row(
        "MAKRUK",
        "M",
        "M5",
        "qpi-ruby-readme.txt, Cross-Style Scenarios (m:m, \"uses Makruk\")",
    ),
    row(
        "JANGGI",
        "J",
        "M5",
        "DECISIONS.md M5 (the QPI readme has no Janggi example); the letter as beta's \"j\" \
         (gan-beta.txt, Style)",
    ),
    row(
        "OGI",
        "O",
        "M5",
        "qpi-ruby-readme.txt, Cross-Style Scenarios (O:K, \"uses Ōgi\")",
    ),
];

/// The rows in force: the built-in ones plus a user table's (which win).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tables {
    /// `[pieces]`: uppercase name → uppercase letter.
    pieces: HashMap<String, u8>,
    /// `[pieces.STYLE]`: uppercase style → uppercase name → uppercase letter.
    pieces_by_style: HashMap<String, HashMap<String, u8>>,
    /// `[styles]`: uppercase beta or qpi style → uppercase snn-pin style.
    styles: HashMap<String, String>,
    /// `[families]`: uppercase snn-pin style → uppercase qpi letter.
    families: HashMap<String, u8>,
    /// `[families]` read backwards: uppercase qpi letter → uppercase snn-pin style.
    families_back: HashMap<u8, String>,
}

impl Tables {
    /// The built-in rows only.
    pub fn builtin() -> Tables {
        Tables::default()
    }

    /// Adds a `[pieces]` row: the piece `name` (a legacy word or beta abbreviation) becomes
    /// `letter` in every style. Keys are case-insensitive and may be given once.
    pub fn add_piece(&mut self, name: &str, letter: &str) -> Result<(), TableError> {
        self.piece_row(&format!("pieces.{name}"), name, letter)
            .map_err(TableError::new)
    }

    /// Adds a `[pieces.STYLE]` row: the piece `name` becomes `letter` in `style` only.
    pub fn add_style_piece(
        &mut self,
        style: &str,
        name: &str,
        letter: &str,
    ) -> Result<(), TableError> {
        self.style_piece_row(&format!("pieces.{style}.{name}"), style, name, letter)
            .map_err(TableError::new)
    }

    /// Adds a `[styles]` row: the beta or qpi style `key` becomes the snn-pin style `style`.
    pub fn add_style(&mut self, key: &str, style: &str) -> Result<(), TableError> {
        self.style_row(&format!("styles.{key}"), key, style)
            .map_err(TableError::new)
    }

    /// Adds a `[families]` row: the snn-pin style `style` has the qpi letter `letter` (and
    /// back).
    pub fn add_family(&mut self, style: &str, letter: &str) -> Result<(), TableError> {
        self.family_row(&format!("families.{style}"), style, letter)
            .map_err(TableError::new)
    }

    pub(crate) fn piece_row(&mut self, path: &str, key: &str, letter: &str) -> Result<(), String> {
        check_key(path, key, is_beta_style)?;
        let letter = letter_of(path, letter)?;
        insert_once(&mut self.pieces, path, key, letter)
    }

    pub(crate) fn style_piece_row(
        &mut self,
        path: &str,
        style: &str,
        name: &str,
        letter: &str,
    ) -> Result<(), String> {
        check_key(&format!("pieces.{style}"), style, is_beta_style)?;
        check_key(path, name, is_beta_style)?;
        let letter = letter_of(path, letter)?;
        let rows = self
            .pieces_by_style
            .entry(style.to_ascii_uppercase())
            .or_default();
        insert_once(rows, path, name, letter)
    }

    pub(crate) fn style_row(&mut self, path: &str, key: &str, style: &str) -> Result<(), String> {
        check_key(path, key, is_beta_style)?;
        if !is_snn_style(style) {
            return Err(format!(
                "{path} = \"{style}\": an snn-pin style is a letter, then letters or digits"
            ));
        }
        insert_once(&mut self.styles, path, key, style.to_ascii_uppercase())
    }

    pub(crate) fn family_row(&mut self, path: &str, key: &str, letter: &str) -> Result<(), String> {
        check_key(path, key, is_snn_style)?;
        let letter = letter_of(path, letter)?;
        let style = key.to_ascii_uppercase();
        if self.families.contains_key(&style) {
            return Err(twice(path));
        }
        // Checked before anything is added, so a refused row leaves the tables as they were.
        if let Some(other) = self.families_back.get(&letter) {
            return Err(format!(
                "{path}: the letter '{}' is also the family of '{other}', so the qpi style \
                 '{}' would have two snn-pin styles",
                char::from(letter),
                char::from(letter)
            ));
        }
        self.families.insert(style.clone(), letter);
        self.families_back.insert(letter, style);
        Ok(())
    }

    #[cfg(feature = "tables-toml")]
    /// Opens `[pieces.STYLE]` for `style` (an empty table is a user table too); whether it
    /// already had rows.
    pub(crate) fn open_style_pieces(&mut self, style: &str) -> bool {
        !self
            .pieces_by_style
            .entry(style.to_ascii_uppercase())
            .or_default()
            .is_empty()
    }

    /// The letter (uppercase) a piece name becomes under a user row: first a row of
    /// `[pieces.STYLE]` for one of `styles` (in order), then a row of `[pieces]`.
    pub fn user_piece(&self, styles: &[&str], name: &str) -> Option<u8> {
        if self.pieces.is_empty() && self.pieces_by_style.is_empty() {
            return None;
        }
        let name = name.to_ascii_uppercase();
        styles
            .iter()
            .find_map(|style| {
                self.pieces_by_style
                    .get(&style.to_ascii_uppercase())?
                    .get(&name)
            })
            .or_else(|| self.pieces.get(&name))
            .copied()
    }

    /// M2: the letter (uppercase) of a legacy piece word: a user row, else a built-in row.
    pub fn legacy_piece(&self, styles: &[&str], word: &str) -> Option<u8> {
        self.user_piece(styles, word)
            .or_else(|| builtin(&PIECE_NAMES, word).map(|v| v.as_bytes()[0]))
    }

    /// M3: the snn-pin style (uppercase) of a beta style: a user row of `[styles]`, else a
    /// built-in row; `None` when neither has one (the style is then kept, `_` removed).
    pub fn beta_style(&self, style: &str) -> Option<&str> {
        let user = (!self.styles.is_empty())
            .then(|| self.styles.get(&style.to_ascii_uppercase()))
            .flatten();
        user.map(String::as_str)
            .or_else(|| builtin(&BETA_STYLES, style))
    }

    /// M3: the ambiguity of a beta style that the built-in style table maps but published
    /// data used for several games; `None` when it has none, or when a user `[styles]` row
    /// maps the style (the user said which game it is).
    pub fn ambiguous_style(&self, style: &str) -> Option<&'static Ambiguity> {
        if self.styles.contains_key(&style.to_ascii_uppercase()) {
            return None;
        }
        AMBIGUOUS_STYLES
            .iter()
            .find(|ambiguity| ambiguity.key.eq_ignore_ascii_case(style))
    }

    /// M5: the snn-pin style (uppercase) of a qpi style letter: a user row of `[styles]`, else
    /// of `[families]` read backwards, else a built-in family row read backwards.
    pub fn qpi_style(&self, letter: &str) -> Option<&str> {
        let upper = letter.to_ascii_uppercase();
        self.styles.get(&upper).map(String::as_str).or_else(|| {
            let byte = *upper.as_bytes().first()?;
            self.families_back
                .get(&byte)
                .map(String::as_str)
                .or_else(|| {
                    FAMILIES
                        .iter()
                        .find(|row| row.value.as_bytes() == [byte])
                        .map(|row| row.key)
                })
        })
    }

    /// M5: the qpi style letter (uppercase) of an snn-pin style: a user row of `[families]`,
    /// else a built-in row.
    pub fn family(&self, style: &str) -> Option<u8> {
        let user = (!self.families.is_empty())
            .then(|| self.families.get(&style.to_ascii_uppercase()))
            .flatten();
        user.copied()
            .or_else(|| builtin(&FAMILIES, style).map(|v| v.as_bytes()[0]))
    }

    /// Whether no user row is loaded.
    pub fn is_builtin(&self) -> bool {
        self == &Tables::default()
    }
}

fn builtin(rows: &'static [Row], key: &str) -> Option<&'static str> {
    rows.iter()
        .find(|row| row.key.eq_ignore_ascii_case(key))
        .map(|row| row.value)
}

/// A user table that cannot be used: what is wrong and where (file, TOML path or line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableError {
    path: Option<PathBuf>,
    message: String,
}

impl TableError {
    pub(crate) fn new(message: String) -> TableError {
        TableError {
            path: None,
            message,
        }
    }

    #[cfg(feature = "tables-toml")]
    pub(crate) fn in_file(path: &std::path::Path, message: String) -> TableError {
        TableError {
            path: Some(path.to_owned()),
            message,
        }
    }

    #[cfg(feature = "tables-toml")]
    pub(crate) fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(path) => write!(f, "name table {}: {}", path.display(), self.message),
            None => write!(f, "name table: {}", self.message),
        }
    }
}

impl std::error::Error for TableError {}

/// A beta abbreviation (and legacy word): a letter, then letters, digits or `_` (D6).
pub(crate) fn is_beta_style(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

/// An snn-pin style: a letter, then letters or digits.
pub(crate) fn is_snn_style(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes.iter().all(u8::is_ascii_alphanumeric)
}

pub(crate) fn check_key(path: &str, key: &str, valid: fn(&str) -> bool) -> Result<(), String> {
    if valid(key) {
        Ok(())
    } else {
        Err(format!(
            "{path}: the key '{key}' can never match an identifier (a letter, then letters, \
             digits{})",
            if valid("A_") { " or '_'" } else { "" }
        ))
    }
}

/// `text` as a letter value: one ASCII letter, uppercased.
fn letter_of(path: &str, text: &str) -> Result<u8, String> {
    match text.as_bytes() {
        [byte] if byte.is_ascii_alphabetic() => Ok(byte.to_ascii_uppercase()),
        _ => Err(format!(
            "{path} = \"{text}\": the value must be one ASCII letter"
        )),
    }
}

fn insert_once<V>(
    map: &mut HashMap<String, V>,
    path: &str,
    key: &str,
    value: V,
) -> Result<(), String> {
    let key = key.to_ascii_uppercase();
    if map.contains_key(&key) {
        return Err(twice(path));
    }
    map.insert(key, value);
    Ok(())
}

fn twice(path: &str) -> String {
    format!("{path}: the key is given twice (keys are case-insensitive)")
}
