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
    pub(crate) spec: Spec,
    pub(crate) roles: &'static [(&'static str, Role)],
    pub(crate) oracle: &'static str,
    pub(crate) syntax: Syntax,
}

/// A notation's pest grammar: its path from the crate's root, and its text, embedded so that
/// the generator works anywhere.
#[derive(Debug)]
pub(crate) struct Grammar {
    pub(crate) path: &'static str,
    pub(crate) text: &'static str,
}

/// The published document a grammar transcribes.
#[derive(Debug)]
pub(crate) struct Spec {
    /// The key `docs/specs.md` lists it under.
    pub(crate) file: &'static str,
    /// The edition the document states (docs/specs.md's "version").
    pub(crate) edition: &'static str,
}

/// The attribute a grammar rule's text stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// The uppercase branch of the entry rule: the first player (D3).
    Uppercase,
    Style,
    Type,
    /// The state prefix (`+`, `-`) of `pnn`, `snn-pin`, `qpi`.
    State,
    /// `pnn`'s `'` suffix.
    Intermediate,
    /// `beta`'s `+`.
    Promoted,
    /// `beta`'s `-`.
    King,
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
        }
    }
}

/// How a notation's components are written, for error messages.
#[derive(Debug)]
pub(crate) struct Syntax {
    /// The whole identifier.
    pub(crate) whole: &'static str,
    /// The style, as a noun phrase ("a style is …").
    pub(crate) style: &'static str,
    /// The piece part.
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
                    text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/", $grammar)),
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

    /// The edition of the spec, as the spec states it (`1.0.0`, `beta`).
    pub fn edition(self) -> &'static str {
        self.row().spec.edition
    }

    /// The file name of the notation's grammar under `grammar/`, e.g. `snn-pin.pest`.
    pub fn grammar_file(self) -> &'static str {
        let path = self.row().grammar.path;
        path.rsplit('/').next().unwrap_or(path)
    }

    /// The text of the notation's pest grammar, as embedded in the binary.
    pub fn grammar_text(self) -> &'static str {
        self.row().grammar.text
    }

    /// The grammar rules that hold an attribute.
    pub(crate) fn roles(self) -> &'static [(&'static str, Role)] {
        self.row().roles
    }

    /// Whether the notation has the attribute of `role` (a rule of its grammar holds it).
    pub(crate) fn has(self, role: Role) -> bool {
        self.roles().iter().any(|&(_, held)| held == role)
    }

    /// The uppercase form of the notation's oracle regex (docs/DECISIONS.md §1).
    pub(crate) fn oracle_pattern(self) -> &'static str {
        self.row().oracle
    }

    /// How the notation's components are written, for error messages.
    pub(crate) fn syntax(self) -> &'static Syntax {
        &self.row().syntax
    }
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
