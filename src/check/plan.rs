//! From corpus files to the list of cases a run sends: build one [`Case`] per vector of the
//! suite, select by dialect and `--filter`, mark the vectors a skip file lists, and check that
//! every skip pattern matches some vector. The same selection serves the three suites.

use std::collections::HashMap;
use std::fmt;

use crate::convert::vectors::{MigrationFile, MigrationVector};
use crate::corpus::format::{ExpectedError, VectorFile};
use crate::corpus::GgnFiles;
use crate::dialect::Dialect;
use crate::ggn::corpus::format::{EvaluationVector, ValidationVector};
use crate::model::ActorFields;

use super::glob::Glob;
use super::skip::SkipFile;
use super::Suite;

/// One vector, ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The vector id.
    pub id: String,
    /// The first level of the report's table ([`Suite::section_name`]): the dialect (GAN
    /// suite), `valid`, `invalid` or `moves` (GGN suite), `{from}-{to}` (migrate suite).
    pub section: String,
    /// The vector's group.
    pub group: String,
    /// The input as text, when it is UTF-8: the identifier (GAN and migrate suites) or the
    /// document (GGN suite).
    pub input: Option<String>,
    /// The input bytes.
    pub bytes: Vec<u8>,
    /// The skip-file entry that lists this vector as a known failure.
    pub listed: Option<Listing>,
    /// The vector and what it expects.
    pub vector: Vector,
}

/// A vector of one of the suites, with its expectation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Vector {
    /// A GAN identifier in one dialect (`conformance/gan/*.json`).
    Gan(GanVector),
    /// A GGN document to validate (`conformance/ggn/validation.json`).
    GgnValidation(Box<ValidationVector>),
    /// A GGN document, a board and a query, with their moves
    /// (`conformance/ggn/evaluation.json`).
    GgnEvaluation(Box<EvaluationVector>),
    /// An identifier to convert (`conformance/migrations.json`).
    Migration(Box<MigrationVector>),
}

/// What a GAN vector needs beyond its input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GanVector {
    /// The dialect.
    pub dialect: Dialect,
    /// What a conforming implementation says.
    pub expected: Expected,
}

/// The verdict, attributes and error a GAN vector expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    /// The verdict.
    pub valid: bool,
    /// The attributes, when valid.
    pub actor: Option<ActorFields>,
    /// D12's code and D11's offset, when invalid.
    pub error: Option<ExpectedError>,
}

impl Case {
    /// The suite the case belongs to.
    pub fn suite(&self) -> Suite {
        match self.vector {
            Vector::Gan(_) => Suite::Gan,
            Vector::GgnValidation(_) | Vector::GgnEvaluation(_) => Suite::Ggn,
            Vector::Migration(_) => Suite::Migrate,
        }
    }

    /// The GAN vector, for a case of the GAN suite.
    pub fn gan(&self) -> Option<&GanVector> {
        match &self.vector {
            Vector::Gan(gan) => Some(gan),
            _ => None,
        }
    }

    /// Why batch mode does not send this case, if it does not: an input that is not UTF-8
    /// (GAN suite: it runs in per-case mode; migrate suite: requests hold text only).
    pub fn not_sent_in_batch(&self) -> Option<&'static str> {
        match (&self.vector, &self.input) {
            (Vector::Gan(_), None) => Some(super::NOT_UTF8),
            (Vector::Migration(_), None) => Some(super::migrate::NOT_UTF8),
            _ => None,
        }
    }
}

/// Where a skip file lists a vector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// The 1-based line of the skip file.
    pub line: usize,
    /// The reason written after `#`.
    pub reason: Option<String>,
}

/// Which vectors of a corpus to run.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// The dialects to run; empty means all. GAN suite: the vector's dialect; GGN suite: the
    /// dialect of the document; migrate suite: the source or the target.
    pub dialects: Vec<Dialect>,
    /// Run only the ids matching one of these; empty means all.
    pub filters: Vec<Glob>,
    /// The known failures.
    pub skip: Option<SkipFile>,
}

/// A corpus that cannot be run as asked.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PlanError {
    /// A vector names a dialect this build does not know.
    UnknownDialect {
        /// The vector id.
        id: String,
        /// The dialect it names.
        dialect: String,
    },
    /// Skip-file patterns that match no vector of the corpus (line, pattern).
    UnmatchedSkipPatterns(Vec<(usize, String)>),
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlanError::UnknownDialect { id, dialect } => {
                write!(f, "vector {id}: unknown dialect '{dialect}'")
            }
            PlanError::UnmatchedSkipPatterns(patterns) => {
                f.write_str(
                    "skip file: patterns that match no vector of the corpus (remove them):",
                )?;
                for (line, pattern) in patterns {
                    write!(f, "\n  line {line}: {pattern}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for PlanError {}

/// The cases of the GAN suite, in corpus order (files in the order given, vectors in file
/// order).
///
/// Skip patterns are matched against the whole corpus, before `dialects` and `filters`
/// narrow it, so that one skip file serves every selection (the same holds in every suite).
pub fn plan(corpus: &[VectorFile], selection: &Selection) -> Result<Vec<Case>, PlanError> {
    let mut vectors = Vec::new();
    for vector in corpus.iter().flat_map(|file| &file.vectors) {
        let dialect = dialect_of(&vector.id, &vector.dialect)?;
        vectors.push((vector, dialect));
    }
    select(
        vectors,
        |(vector, _)| &vector.id,
        |(_, dialect)| selection.dialects.is_empty() || selection.dialects.contains(dialect),
        selection,
        |(vector, dialect), listed| Case {
            id: vector.id.clone(),
            section: dialect.as_str().to_owned(),
            group: vector.group.clone(),
            input: vector.input.clone(),
            bytes: vector.bytes(),
            listed,
            vector: Vector::Gan(GanVector {
                dialect,
                expected: Expected {
                    valid: vector.valid,
                    actor: vector.actor.clone(),
                    error: vector.error.clone(),
                },
            }),
        },
    )
}

/// The cases of the GGN suite: the validation vectors, then the evaluation vectors, each in
/// file order. The set is `valid`, `invalid` or `moves`; the group, the part of the id
/// between the set and the slug (`ggn/invalid/g9/piece` is in group `g9`).
pub fn plan_ggn(corpus: &GgnFiles, selection: &Selection) -> Result<Vec<Case>, PlanError> {
    enum Ggn<'a> {
        Validation(&'a ValidationVector, Dialect),
        Evaluation(&'a EvaluationVector, Dialect),
    }
    let mut vectors = Vec::new();
    for vector in &corpus.validation.vectors {
        vectors.push(Ggn::Validation(
            vector,
            dialect_of(&vector.id, &vector.dialect)?,
        ));
    }
    for vector in &corpus.evaluation.vectors {
        vectors.push(Ggn::Evaluation(
            vector,
            dialect_of(&vector.id, &vector.dialect)?,
        ));
    }
    select(
        vectors,
        |ggn| match ggn {
            Ggn::Validation(vector, _) => &vector.id,
            Ggn::Evaluation(vector, _) => &vector.id,
        },
        |ggn| {
            let (Ggn::Validation(_, dialect) | Ggn::Evaluation(_, dialect)) = ggn;
            selection.dialects.is_empty() || selection.dialects.contains(dialect)
        },
        selection,
        |ggn, listed| match ggn {
            Ggn::Validation(vector, _) => {
                let bytes = match (&vector.document_text, &vector.document_hex) {
                    (Some(text), _) => text.as_bytes().to_vec(),
                    (None, Some(hex)) => crate::corpus::format::decode_hex(hex),
                    (None, None) => Vec::new(),
                };
                Case {
                    id: vector.id.clone(),
                    section: if vector.valid { "valid" } else { "invalid" }.to_owned(),
                    group: middle(&vector.id),
                    input: vector.document_text.clone(),
                    bytes,
                    listed,
                    vector: Vector::GgnValidation(Box::new(vector.clone())),
                }
            }
            Ggn::Evaluation(vector, _) => Case {
                id: vector.id.clone(),
                section: "moves".to_owned(),
                group: middle(&vector.id),
                input: Some(vector.document_text.clone()),
                bytes: vector.document_text.as_bytes().to_vec(),
                listed,
                vector: Vector::GgnEvaluation(Box::new(vector.clone())),
            },
        },
    )
}

/// The cases of the migrate suite, in file order. The conversion is `{from}-{to}`; the group,
/// the part of the id between the conversion and the slug (`migrate/beta-snn-pin/m3/promoted`
/// is in group `m3`).
pub fn plan_migrations(
    file: &MigrationFile,
    selection: &Selection,
) -> Result<Vec<Case>, PlanError> {
    let mut vectors = Vec::new();
    for vector in &file.vectors {
        let from = dialect_of(&vector.id, &vector.from)?;
        let to = dialect_of(&vector.id, &vector.to)?;
        vectors.push((vector, from, to));
    }
    select(
        vectors,
        |(vector, _, _)| &vector.id,
        |(_, from, to)| {
            selection.dialects.is_empty()
                || selection.dialects.contains(from)
                || selection.dialects.contains(to)
        },
        selection,
        |(vector, from, to), listed| Case {
            id: vector.id.clone(),
            section: format!("{from}-{to}"),
            group: middle(&vector.id),
            input: vector.input.clone(),
            bytes: vector.bytes(),
            listed,
            vector: Vector::Migration(Box::new(vector.clone())),
        },
    )
}

fn dialect_of(id: &str, name: &str) -> Result<Dialect, PlanError> {
    name.parse().map_err(|_| PlanError::UnknownDialect {
        id: id.to_owned(),
        dialect: name.to_owned(),
    })
}

/// The segments of `id` between its first two and its last: `ggn/invalid/g9/piece` → `g9`.
fn middle(id: &str) -> String {
    let segments: Vec<&str> = id.split('/').collect();
    if segments.len() < 4 {
        return String::new();
    }
    segments[2..segments.len() - 1].join("/")
}

/// The selection shared by every suite: each vector is matched against the skip file (all of
/// them, so that one skip file serves every selection), kept if `wanted` and a `--filter`
/// say so, and built into a case; then every skip pattern must have matched some vector.
fn select<T>(
    vectors: Vec<T>,
    id: impl Fn(&T) -> &str,
    wanted: impl Fn(&T) -> bool,
    selection: &Selection,
    build: impl Fn(T, Option<Listing>) -> Case,
) -> Result<Vec<Case>, PlanError> {
    let index = SkipIndex::new(selection.skip.as_ref());
    let mut used = vec![false; index.len];
    let mut cases = Vec::new();
    for vector in vectors {
        let listed = selection.skip.as_ref().and_then(|skip| {
            let first = index
                .matches(id(&vector))
                .inspect(|&i| used[i] = true)
                .min()?;
            let entry = &skip.entries()[first];
            Some(Listing {
                line: entry.line(),
                reason: entry.reason().map(str::to_owned),
            })
        });
        let wanted = wanted(&vector)
            && (selection.filters.is_empty()
                || selection
                    .filters
                    .iter()
                    .any(|glob| glob.is_match(id(&vector))));
        if wanted {
            cases.push(build(vector, listed));
        }
    }
    if let Some(skip) = &selection.skip {
        let unmatched: Vec<(usize, String)> = skip
            .entries()
            .iter()
            .zip(&used)
            .filter(|(_, used)| !**used)
            .map(|(entry, _)| (entry.line(), entry.pattern().to_string()))
            .collect();
        if !unmatched.is_empty() {
            return Err(PlanError::UnmatchedSkipPatterns(unmatched));
        }
    }
    Ok(cases)
}

/// The skip entries by kind: exact ids in a map (a long ratchet is mostly exact ids), globs
/// tried one by one.
struct SkipIndex<'a> {
    len: usize,
    exact: HashMap<&'a str, Vec<usize>>,
    globs: Vec<(usize, &'a Glob)>,
}

impl<'a> SkipIndex<'a> {
    fn new(skip: Option<&'a SkipFile>) -> SkipIndex<'a> {
        let mut index = SkipIndex {
            len: 0,
            exact: HashMap::new(),
            globs: Vec::new(),
        };
        for (i, entry) in skip
            .map(SkipFile::entries)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            index.len += 1;
            let pattern = entry.pattern();
            if pattern.as_str().contains('*') {
                index.globs.push((i, pattern));
            } else {
                index.exact.entry(pattern.as_str()).or_default().push(i);
            }
        }
        index
    }

    /// The indices of every entry matching `id`.
    fn matches<'s>(&'s self, id: &'s str) -> impl Iterator<Item = usize> + 's {
        let exact = self.exact.get(id).into_iter().flatten().copied();
        let globs = self
            .globs
            .iter()
            .filter(|(_, glob)| glob.is_match(id))
            .map(|(i, _)| *i);
        exact.chain(globs)
    }
}

#[cfg(test)]
mod tests {
    use super::middle;

    #[test]
    fn the_group_is_the_middle_of_the_id() {
        assert_eq!(middle("ggn/invalid/g9/piece"), "g9");
        assert_eq!(middle("migrate/beta-snn-pin/m3/promoted"), "m3");
        assert_eq!(middle("a/b/c/d/e"), "c/d");
        assert_eq!(middle("ggn/moves/x"), "");
    }
}
