//! The whole corpus in one run (`gan generate`): the GAN vector files, derived from the
//! grammars for the dialects asked for; when every dialect is, the cross-dialect records, the
//! files of every suite written by hand or by stated rules ([`Generator::Fixed`], in registry
//! order), and the manifest that lists them all. Deterministic: the same grammars and seed
//! give byte-identical files.

use crate::suite::gan::format::{to_json, VectorFile};
use crate::suite::gan::generate::id::sha256_hex;
use crate::suite::gan::generate::manifest::{Manifest, MANIFEST_FORMAT};
use crate::suite::gan::generate::{self as gan, Config, GenerateError, Grammars, OracleChoice};
use crate::suite::{Generator, SUITES};

/// The generated files, in memory.
#[derive(Debug, Clone)]
pub struct Corpus {
    /// Each file: its path relative to the corpus folder (`/`-separated) and its text.
    pub files: Vec<(String, String)>,
    /// The GAN vector files, as written.
    pub vector_files: Vec<VectorFile>,
    /// The manifest, when every dialect was generated.
    pub manifest: Option<Manifest>,
}

/// Generates the corpus described by `config`: the GAN vector files of the dialects asked
/// for and, when every dialect is, the cross-dialect records, the other suites' files and
/// the manifest.
pub fn generate(config: &Config) -> Result<Corpus, GenerateError> {
    let derived = gan::generate(config)?;
    let mut files = derived.files();
    let mut manifest = None;
    if let Some(cross) = &derived.cross {
        for suite in SUITES {
            if let Generator::Fixed(write) = suite.generate {
                files.extend(
                    write()
                        .into_iter()
                        .map(|(path, text)| (path.to_owned(), text)),
                );
            }
        }
        let mut paths: Vec<String> = files.iter().map(|(path, _)| path.clone()).collect();
        paths.push("manifest.json".to_owned());
        let sha256 = files
            .iter()
            .map(|(path, text)| (path.clone(), sha256_hex(text.as_bytes())))
            .collect();
        let made = Manifest {
            format: MANIFEST_FORMAT,
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
            sha256,
            dialects: derived.dialects,
            cross_dialect: cross.vectors.len(),
        };
        files.push(("manifest.json".to_owned(), to_json(&made)));
        manifest = Some(made);
    }
    Ok(Corpus {
        files,
        vector_files: derived.vector_files,
        manifest,
    })
}
