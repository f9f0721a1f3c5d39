//! The whole corpus in one run (`gan generate`): each suite's generator, then the manifest
//! that lists every file. Deterministic: the same grammars and seed give byte-identical files.

use crate::suite::gan::format::{to_json, VectorFile, FORMAT};
use crate::suite::gan::generate::manifest::Manifest;
use crate::suite::gan::generate::{self as gan, Config, GenerateError, Grammars, OracleChoice};
use crate::suite::{ggn, migrate, migrate_ggn};

/// The generated files, in memory.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// Each file: its path relative to the corpus folder (`/`-separated) and its text.
    pub files: Vec<(String, String)>,
    /// The vector files, as written.
    pub vector_files: Vec<VectorFile>,
    /// The manifest, when every dialect was generated.
    pub manifest: Option<Manifest>,
}

/// Generates the corpus described by `config`: the GAN vector files of the dialects asked
/// for and, when every dialect is, the cross-dialect records, the other suites' files and
/// the manifest.
pub fn generate(config: &Config) -> Result<Corpus, GenerateError> {
    let gan = gan::generate(config)?;
    let mut files: Vec<(String, String)> = gan
        .vector_files
        .iter()
        .map(|file| (format!("gan/{}.json", file.dialect), to_json(file)))
        .collect();
    let mut manifest = None;
    if let Some(cross) = gan.cross {
        let mut paths: Vec<String> = files.iter().map(|(path, _)| path.clone()).collect();
        let ggn = ggn::generate::files();
        paths.extend(
            ["cross-dialect.json", "migrations.json", "migrate-ggn.json"].map(str::to_owned),
        );
        paths.extend(ggn.iter().map(|(path, _)| (*path).to_owned()));
        paths.push("manifest.json".to_owned());
        let made = Manifest {
            format: FORMAT,
            generator: format!("gan {}", env!("CARGO_PKG_VERSION")),
            seed: config.seed,
            grammars: match config.grammars {
                Grammars::Embedded => "embedded",
                Grammars::Dir(_) => "grammar-dir",
            }
            .to_owned(),
            oracle: match config.oracle {
                OracleChoice::Decisions => "DECISIONS.md §1",
                OracleChoice::Patterns(_) => "file",
                OracleChoice::Off => "none",
            }
            .to_owned(),
            files: paths,
            dialects: gan.dialects,
            cross_dialect: cross.vectors.len(),
        };
        files.push(("cross-dialect.json".to_owned(), to_json(&cross)));
        // The conversion vectors come from the name tables and hand-written cases, not from
        // the grammars, but they are generated and checked fresh with the rest.
        files.push((
            "migrations.json".to_owned(),
            migrate::generate::migration_json(),
        ));
        // So are the GGN document migration vectors, written by hand.
        files.push((
            "migrate-ggn.json".to_owned(),
            migrate_ggn::generate::migrate_ggn_json(),
        ));
        // The GGN vectors are hand-written or built by rules stated in their generator.
        files.extend(ggn.into_iter().map(|(path, text)| (path.to_owned(), text)));
        files.push(("manifest.json".to_owned(), to_json(&made)));
        manifest = Some(made);
    }
    Ok(Corpus {
        files,
        vector_files: gan.vector_files,
        manifest,
    })
}
