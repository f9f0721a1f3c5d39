//! The three test suites `gan check` runs, and the names their reports use.

use std::fmt;
use std::str::FromStr;

/// A test suite: which corpus, which protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suite {
    /// GAN identifiers in the five dialects (`conformance/gan/*.json`, `PROTOCOL.md`).
    Gan,
    /// GGN documents: validation and evaluation (`conformance/ggn/*.json`,
    /// `PROTOCOL-ggn.md`).
    Ggn,
    /// Conversions between dialects (`conformance/migrations.json`, `PROTOCOL.md`, "Migrate
    /// suite").
    Migrate,
}

impl Suite {
    /// Every suite.
    pub const ALL: [Suite; 3] = [Suite::Gan, Suite::Ggn, Suite::Migrate];

    /// `gan`, `ggn` or `migrate`.
    pub fn as_str(self) -> &'static str {
        match self {
            Suite::Gan => "gan",
            Suite::Ggn => "ggn",
            Suite::Migrate => "migrate",
        }
    }

    /// What the reports call the first level of a case's place in the corpus ([`Case::section`]):
    /// `dialect` (`snn-pin`), `set` (`valid`, `invalid` or `moves`), `conversion`
    /// (`beta-snn-pin`).
    ///
    /// [`Case::section`]: super::Case::section
    pub fn section_name(self) -> &'static str {
        match self {
            Suite::Gan => "dialect",
            Suite::Ggn => "set",
            Suite::Migrate => "conversion",
        }
    }

    /// The plural of [`Suite::section_name`], as the JSON report's summary names its list.
    pub fn sections_name(self) -> &'static str {
        match self {
            Suite::Gan => "dialects",
            Suite::Ggn => "sets",
            Suite::Migrate => "conversions",
        }
    }
}

impl fmt::Display for Suite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Suite {
    type Err = String;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Suite::ALL
            .into_iter()
            .find(|suite| suite.as_str() == name)
            .ok_or_else(|| format!("unknown suite '{name}': expected gan, ggn or migrate"))
    }
}
