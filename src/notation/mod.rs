//! The notations the crate reads: [`Dialect`], their names, and what each one is, read from
//! the notation table (`notation/table.rs`, one row per notation). Nothing else in the crate
//! lists the notations: the parsers, the fast path, the oracle, the corpus generator and the
//! CLI read the rows through [`Dialect`]'s methods.

pub(crate) mod table;

use std::fmt;
use std::str::FromStr;

use self::table::notations;

/// One row of the notation table (see `notation/table.rs` for what each field holds).
#[derive(Debug)]
pub(crate) struct Notation {
    pub(crate) name: &'static str,
    pub(crate) about: &'static str,
    pub(crate) grammar: Grammar,
    pub(crate) family: Family,
    pub(crate) spec: Spec,
    pub(crate) dated: Dated,
    pub(crate) roles: &'static [(&'static str, Role)],
    pub(crate) oracle: &'static str,
    pub(crate) cases: Cases,
    pub(crate) syntax: Syntax,
}

/// A notation's pest grammar: its file and the files it composes (paths from the crate's
/// root), and their texts, embedded so that the generator works anywhere.
#[derive(Debug)]
pub(crate) struct Grammar {
    /// The notation's own file, whose first rule is the entry rule.
    pub(crate) path: &'static str,
    /// The files whose rules it calls, in the order they are stacked after it.
    pub(crate) composes: &'static [&'static str],
    /// The texts of `path`, then of `composes`, in that order.
    pub(crate) texts: &'static [&'static str],
}

/// The published document a grammar transcribes.
#[derive(Debug)]
pub(crate) struct Spec {
    /// The key `docs/specs.md` lists it under.
    pub(crate) file: &'static str,
    /// Its title, as docs/specs.md gives it.
    pub(crate) title: &'static str,
    /// The edition the document states (docs/specs.md's "version").
    pub(crate) edition: &'static str,
}

/// When the edition a notation transcribes was in force, and what says so.
#[derive(Debug)]
pub(crate) struct Dated {
    /// `YYYY-MM` or `YYYY-MM-DD`, or `None` when nothing dates it.
    pub(crate) date: Option<&'static str>,
    /// The evidence: a document's own date, or the implementation commit that first follows
    /// the edition (repository, commit, date).
    pub(crate) evidence: &'static str,
}

/// The two generations of notations the crate reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Family {
    /// The five GAN dialects (GAN 1.0.0 in its three forms, the beta and the first QPI): what
    /// `gan check` runs unless told otherwise.
    Dialects,
    /// The editions of the specs that replaced GAN from July 2025 on (QPI, PIN, SIN, EPIN and
    /// SNN), one notation per edition, and CELL and HAND, the locations of GGN's newest
    /// edition: they run when selected.
    Editions,
}

impl Family {
    /// `dialects` or `editions`.
    pub fn as_str(self) -> &'static str {
        match self {
            Family::Dialects => "dialects",
            Family::Editions => "editions",
        }
    }

    /// The notations of the family, in table order.
    pub fn dialects(self) -> Vec<Dialect> {
        Dialect::ALL
            .into_iter()
            .filter(|dialect| dialect.family() == self)
            .collect()
    }
}

impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A bound that implementations document where the text sets none (D23).
#[derive(Debug, Clone, Copy)]
pub struct Bound {
    /// The bound in words, as the vectors past it carry it (`implementation_defined`).
    pub note: &'static str,
    /// Whether a valid input, with its indices (CELL), is within the bound.
    pub within: fn(&[u8], Option<&[u64]>) -> bool,
}

/// How a notation's letters carry the side, as its oracle reads them (docs/DECISIONS.md §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cases {
    /// Every letter in one case: the pattern is the uppercase form (side `first`), and the
    /// lowercase form replaces `A-Z` with `a-z` (side `second`).
    Tied,
    /// One form, the pattern as written, and no side.
    Sideless,
    /// The style letter and the piece letter each in either case: the side is the case of
    /// the `type` group's letter, and `derived` says whether the `style` group's case differs.
    Independent,
}

/// The attribute a grammar rule's text stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// A rule that matches only in the uppercase case of the letters that carry the side:
    /// the first player (D3). A notation without one has no side.
    Uppercase,
    Style,
    Type,
    /// The state prefix (`+`, `-`) of `pnn`, `snn-pin`, `qpi` and the PIN editions.
    State,
    /// `pnn`'s `'` suffix.
    Intermediate,
    /// `beta`'s `+`.
    Promoted,
    /// `beta`'s `-`.
    King,
    /// PIN's `^` suffix.
    Terminal,
    /// EPIN's `'` suffix, or the newest QPI's branch of the tokens whose cases differ.
    Derived,
    /// CELL's coordinate: the text its indices are read from (D22).
    Coordinate,
}

impl Role {
    /// The role's name, as the fast path names its capture groups.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Role::Uppercase => "uppercase",
            Role::Style => "style",
            Role::Type => "type",
            Role::State => "state",
            Role::Intermediate => "intermediate",
            Role::Promoted => "promoted",
            Role::King => "king",
            Role::Terminal => "terminal",
            Role::Derived => "derived",
            Role::Coordinate => "coordinate",
        }
    }
}

/// How a notation's components are written, for error messages.
#[derive(Debug)]
pub(crate) struct Syntax {
    /// The whole identifier.
    pub(crate) whole: &'static str,
    /// What an identifier starts with (the message of a failure at byte 0).
    pub(crate) start: &'static str,
    /// The style before the `':'` separator, as a noun phrase ("a style is …"); `None` in a
    /// notation without the separator.
    pub(crate) style: Option<&'static str>,
    /// The piece part (after the separator), or the whole token in a notation without one.
    pub(crate) piece: &'static str,
    /// What may follow a complete identifier.
    pub(crate) end: &'static str,
}

/// `Dialect`, `Dialect::ALL` and the rows, from the table.
macro_rules! rows {
    ($($variant:ident = $module:ident {
        name: $name:literal,
        about: $about:literal,
        grammar: $grammar:literal,
        composes: [$($part:literal),*],
        $($field:ident: $value:expr,)*
    })*) => {
        /// A notation of the GAN family. The notation is always an explicit input
        /// (docs/DECISIONS.md §1).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Dialect {
            $(
                #[doc = $about]
                $variant,
            )*
        }

        impl Dialect {
            /// Every notation, in the order of the notation table's rows.
            pub const ALL: [Dialect; [$(stringify!($variant)),*].len()] = [$(Dialect::$variant),*];
        }

        /// The rows, in the order of [`Dialect::ALL`].
        static ROWS: [Notation; Dialect::ALL.len()] = [$(
            Notation {
                name: $name,
                about: $about,
                grammar: Grammar {
                    path: $grammar,
                    composes: &[$($part),*],
                    texts: &[
                        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $grammar)),
                        $(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $part)),)*
                    ],
                },
                $($field: $value,)*
            },
        )*];
    };
}

notations!(rows);

impl Dialect {
    /// The default notation, `snn-pin`: the one `gan parse` reads and GGN documents are read
    /// in unless told otherwise (G1).
    pub const DEFAULT: Dialect = Dialect::SnnPin;

    /// The notation's row.
    fn row(self) -> &'static Notation {
        &ROWS[self.index()]
    }

    /// The position of the notation in [`Dialect::ALL`].
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// The notation named `name`, at compile time (a typed module names its own notation).
    ///
    /// # Panics
    ///
    /// When no row has that name: in a constant, the build fails.
    pub(crate) const fn named(name: &str) -> Dialect {
        let mut index = 0;
        while index < Dialect::ALL.len() {
            let dialect = Dialect::ALL[index];
            if const_str_eq(dialect.as_str(), name) {
                return dialect;
            }
            index += 1;
        }
        panic!("no row of the notation table has this name");
    }

    /// The notation's id, as the CLI, the corpus and every report write it (`snn-pin`).
    pub const fn as_str(self) -> &'static str {
        ROWS[self as usize].name
    }

    /// One line that describes the notation, with examples.
    pub fn about(self) -> &'static str {
        self.row().about
    }

    /// The published spec the notation's grammar transcribes, by the name `docs/specs.md`
    /// lists.
    pub fn spec_file(self) -> &'static str {
        self.row().spec.file
    }

    /// The title of the spec, as `docs/specs.md` gives it.
    pub fn spec_title(self) -> &'static str {
        self.row().spec.title
    }

    /// The edition of the spec, as the spec states it (`1.0.0`, `beta`). Several notations
    /// may transcribe editions that state the same number: [`dated`](Self::dated) tells them
    /// apart.
    pub fn edition(self) -> &'static str {
        self.row().spec.edition
    }

    /// When the edition was in force (`YYYY-MM`, or `YYYY-MM-DD` where one month holds two
    /// editions of a spec), or `None` when nothing dates it.
    pub fn dated(self) -> Option<&'static str> {
        self.row().dated.date
    }

    /// What dates the edition: a document's own date, or the implementation commit that first
    /// follows it.
    pub fn date_evidence(self) -> &'static str {
        self.row().dated.evidence
    }

    /// The generation the notation belongs to.
    pub fn family(self) -> Family {
        self.row().family
    }

    /// The file name of the notation's grammar under `grammar/`, e.g. `snn-pin.pest`.
    pub fn grammar_file(self) -> &'static str {
        file_name(self.row().grammar.path)
    }

    /// The text of the notation's own pest grammar file, as embedded in the binary.
    pub fn grammar_text(self) -> &'static str {
        self.row().grammar.texts[0]
    }

    /// The grammar files the notation's grammar is made of: its own file, whose first rule is
    /// the entry rule, then the files whose rules it calls (SIN and PIN for the QPI editions
    /// that compose them), each with its text. Stacked in this order, they are the grammar.
    pub fn grammar_files(self) -> Vec<(&'static str, &'static str)> {
        let grammar = &self.row().grammar;
        std::iter::once(grammar.path)
            .chain(grammar.composes.iter().copied())
            .map(file_name)
            .zip(grammar.texts.iter().copied())
            .collect()
    }

    /// The grammar rules that hold an attribute.
    pub(crate) fn roles(self) -> &'static [(&'static str, Role)] {
        self.row().roles
    }

    /// The attributes of the notation's identifiers, under the names of docs/DECISIONS.md §1
    /// and in the order of the JSON members: `style`, `type`, `side`, then its modifiers. A
    /// notation has an attribute exactly when a rule of its grammar holds it (the side: a
    /// rule of the uppercase case).
    pub fn attributes(self) -> Vec<&'static str> {
        [
            (Role::Style, "style"),
            (Role::Type, "type"),
            (Role::Uppercase, "side"),
            (Role::State, "state"),
            (Role::Intermediate, "intermediate"),
            (Role::Promoted, "promoted"),
            (Role::King, "king"),
            (Role::Terminal, "terminal"),
            (Role::Derived, "derived"),
            (Role::Coordinate, "indices"),
        ]
        .into_iter()
        .filter(|&(role, _)| self.roles().iter().any(|&(_, held)| held == role))
        .map(|(_, name)| name)
        .collect()
    }

    /// The notation's oracle regex, as docs/DECISIONS.md §1 prints it (the uppercase form
    /// where the cases are tied).
    pub(crate) fn oracle_pattern(self) -> &'static str {
        self.row().oracle
    }

    /// How the oracle reads the side from the letters' cases.
    pub(crate) fn cases(self) -> Cases {
        self.row().cases
    }

    /// How the notation's components are written, for error messages.
    pub(crate) fn syntax(self) -> &'static Syntax {
        &self.row().syntax
    }

    /// The bound that implementations of the notation commonly document (D23), where the
    /// text sets none: the corpus marks the valid vectors past it, so that an implementation
    /// with that bound skips them by name (`conformance/README.md`).
    pub fn implementation_bound(self) -> Option<Bound> {
        match self {
            // The bounded CELL libraries of 2026 (cell.rb 4.0.0, cell.py 3.0.0, cell.js
            // 1.0.0, PyPI's sashite-cell 2.0.0): 3 dimensions, index 255, 7 bytes.
            Dialect::Cell => Some(Bound {
                note: "3 dimensions, index \u{2264} 255, 7 bytes",
                within: |input, indices| {
                    input.len() <= 7
                        && indices.is_some_and(|indices| {
                            indices.len() <= 3 && indices.iter().all(|&index| index <= 255)
                        })
                },
            }),
            _ => None,
        }
    }

    /// Whether the notation's identifiers have the `':'` separator between a style and a
    /// piece (D12's `missing-separator` exists only there).
    pub(crate) fn has_separator(self) -> bool {
        self.row().syntax.style.is_some()
    }
}

/// The file name at the end of a path.
fn file_name(path: &'static str) -> &'static str {
    path.rsplit('/').next().unwrap_or(path)
}

/// `a == b`, in a constant.
const fn const_str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unknown notation name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDialect(pub String);

impl fmt::Display for UnknownDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Dialect::ALL
            .iter()
            .map(|dialect| dialect.as_str())
            .collect();
        write!(
            f,
            "unknown dialect '{}': expected one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownDialect {}

impl FromStr for Dialect {
    type Err = UnknownDialect;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Dialect::ALL
            .into_iter()
            .find(|dialect| dialect.as_str() == name)
            .ok_or_else(|| UnknownDialect(name.to_owned()))
    }
}
