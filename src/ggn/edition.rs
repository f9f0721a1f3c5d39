//! The GGN editions `gan` validates: the 2014-dated `require`/`prevent`/`perform` edition
//! (the default) and the newest, QPI-keyed `must`/`deny` edition. Both texts state "1.0.0";
//! each is named by the date of the first implementation that follows it (docs/DECISIONS.md
//! D13's rule, G18).

use std::fmt;
use std::str::FromStr;

/// A GGN edition.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Edition {
    /// `ggn-2014`: piece (a GAN identifier) → source square → destination square → variants
    /// with `require`, `prevent` and `perform` (docs/DECISIONS.md §4, G1–G17).
    #[default]
    Ggn2014,
    /// `ggn-2025-10`: QPI → CELL or HAND source → CELL or HAND destination → possibilities,
    /// each an optional LCN `must` and an optional LCN `deny` (docs/DECISIONS.md §4a,
    /// G18–G29).
    Ggn202510,
}

impl Edition {
    /// Every edition, the default first.
    pub const ALL: [Edition; 2] = [Edition::Ggn2014, Edition::Ggn202510];

    /// The newest edition.
    pub const NEWEST: Edition = Edition::Ggn202510;

    /// The edition's name, as `--edition`, the corpus and reports write it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Edition::Ggn2014 => "ggn-2014",
            Edition::Ggn202510 => "ggn-2025-10",
        }
    }

    /// What the edition's documents hold, in one line.
    #[must_use]
    pub fn about(self) -> &'static str {
        match self {
            Edition::Ggn2014 => {
                "GAN piece → square → square → [{require, prevent, perform}] (the default)"
            }
            Edition::Ggn202510 => {
                "QPI → CELL|\"*\" → CELL|\"*\" → [{must?: LCN, deny?: LCN}], QPI of qpi-2026-01"
            }
        }
    }

    /// What dates the edition.
    #[must_use]
    pub fn evidence(self) -> &'static str {
        match self {
            Edition::Ggn2014 => "the text's own date, \"Published: March 8, 2014\"",
            Edition::Ggn202510 => {
                "ggn.rb 5811624 (v0.10.0, 2025-10-30), the first implementation with LCN \
                 values and without diff"
            }
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A name that is no GGN edition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEdition(pub String);

impl fmt::Display for UnknownEdition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Edition::ALL.iter().map(|e| e.as_str()).collect();
        write!(
            f,
            "unknown GGN edition {:?}: expected one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownEdition {}

impl FromStr for Edition {
    type Err = UnknownEdition;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Edition::ALL
            .into_iter()
            .find(|edition| edition.as_str() == name)
            .ok_or_else(|| UnknownEdition(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::Edition;

    #[test]
    fn names_round_trip() {
        for edition in Edition::ALL {
            assert_eq!(edition.as_str().parse::<Edition>(), Ok(edition));
        }
        assert_eq!(Edition::default(), Edition::Ggn2014);
        assert_eq!(Edition::NEWEST.as_str(), "ggn-2025-10");
        let error = "ggn-2025".parse::<Edition>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown GGN edition \"ggn-2025\": expected one of ggn-2014, ggn-2025-10"
        );
    }
}
