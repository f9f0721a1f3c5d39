//! The registry: the one file that lists the suites. A suite's row is its variant of
//! [`Suite`], the variants of [`Vector`] its vectors take, and its [`Descriptor`] (its folder's
//! `SUITE`) in [`SUITES`] and [`Suite::descriptor`]. The corpus, the runner and the CLI loop
//! over [`SUITES`]; outside this file and a suite's own folder, nothing names a suite (a test
//! reads `src/` for it).

use std::fmt;
use std::str::FromStr;

use super::{gan, ggn, migrate, migrate_ggn, Descriptor, SuiteVector};

/// Every suite, in corpus order: their files are built in, generated and listed in
/// `manifest.json` in this order.
pub static SUITES: [&Descriptor; 4] = [
    &gan::SUITE,
    &migrate::SUITE,
    &migrate_ggn::SUITE,
    &ggn::SUITE,
];

/// A test suite: which corpus, which protocol. The default is the GAN suite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Suite {
    #[default]
    /// GAN identifiers in the five dialects (`conformance/gan/*.json`, `PROTOCOL.md`).
    Gan,
    /// GGN documents: validation and evaluation (`conformance/ggn/*.json`,
    /// `PROTOCOL-ggn.md`).
    Ggn,
    /// Conversions between dialects (`conformance/migrations.json`, `PROTOCOL.md`, "Migrate
    /// suite").
    Migrate,
    /// The conversion of GGN documents (`conformance/migrate-ggn.json`,
    /// `PROTOCOL-migrate-ggn.md`).
    MigrateGgn,
}

impl Suite {
    /// The suite's descriptor.
    pub fn descriptor(self) -> &'static Descriptor {
        match self {
            Suite::Gan => &gan::SUITE,
            Suite::Ggn => &ggn::SUITE,
            Suite::Migrate => &migrate::SUITE,
            Suite::MigrateGgn => &migrate_ggn::SUITE,
        }
    }

    /// The suite's name ([`Descriptor::name`]): `gan`, `ggn`, `migrate` or `migrate-ggn`.
    pub fn as_str(self) -> &'static str {
        self.descriptor().name
    }

    /// The name of the `JUnit` report's `<testsuites>`: the command that runs the suite.
    pub fn junit_name(self) -> String {
        if self == Suite::default() {
            "gan check".to_owned()
        } else {
            format!("gan check --suite {self}")
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
        if let Some(descriptor) = SUITES.iter().find(|d| d.name == name) {
            return Ok(descriptor.suite);
        }
        let mut names: Vec<&str> = SUITES.iter().map(|d| d.name).collect();
        names.sort_unstable();
        let last = names.pop().unwrap_or_default();
        Err(format!(
            "unknown suite '{name}': expected {} or {last}",
            names.join(", ")
        ))
    }
}

/// A vector of one of the suites, with its expectation.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Vector {
    /// A GAN identifier in one dialect (`conformance/gan/*.json`).
    Gan(gan::GanVector),
    /// A GGN document to validate (`conformance/ggn/validation.json`).
    GgnValidation(Box<ggn::format::ValidationVector>),
    /// A GGN document, a board and a query, with their moves
    /// (`conformance/ggn/evaluation.json`).
    GgnEvaluation(Box<ggn::format::EvaluationVector>),
    /// An identifier to convert (`conformance/migrations.json`).
    Migration(Box<migrate::format::MigrationVector>),
    /// A GGN document whose identifiers to convert (`conformance/migrate-ggn.json`).
    MigrateGgn(Box<migrate_ggn::format::MigrateGgnVector>),
}

impl Vector {
    /// The GAN vector, for a vector of the GAN suite.
    pub fn gan(&self) -> Option<&gan::GanVector> {
        match self {
            Vector::Gan(gan) => Some(gan),
            _ => None,
        }
    }

    /// The vector as the runner drives it.
    pub fn as_dyn(&self) -> &dyn SuiteVector {
        match self {
            Vector::Gan(vector) => vector,
            Vector::GgnValidation(vector) => vector.as_ref(),
            Vector::GgnEvaluation(vector) => vector.as_ref(),
            Vector::Migration(vector) => vector.as_ref(),
            Vector::MigrateGgn(vector) => vector.as_ref(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Suite, SUITES};

    /// Every variant; the match fails to compile when a variant is added and not listed.
    fn every_suite() -> Vec<Suite> {
        let every = vec![Suite::Gan, Suite::Ggn, Suite::Migrate, Suite::MigrateGgn];
        for suite in &every {
            match suite {
                Suite::Gan | Suite::Ggn | Suite::Migrate | Suite::MigrateGgn => {}
            }
        }
        every
    }

    /// Each suite has exactly one row of [`SUITES`], the descriptor it names, and its name
    /// reads back as the suite.
    #[test]
    fn the_registry_lists_each_suite_once() {
        let every = every_suite();
        assert_eq!(SUITES.len(), every.len());
        for suite in every {
            let rows: Vec<_> = SUITES.iter().filter(|d| d.suite == suite).collect();
            assert_eq!(rows.len(), 1, "{suite:?}");
            assert!(std::ptr::eq(*rows[0], suite.descriptor()), "{suite:?}");
            assert_eq!(rows[0].name.parse::<Suite>(), Ok(suite));
        }
        assert_eq!(
            "nope".parse::<Suite>(),
            Err("unknown suite 'nope': expected gan, ggn, migrate or migrate-ggn".to_owned())
        );
    }
}
