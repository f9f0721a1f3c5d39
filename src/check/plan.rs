//! From corpus files to the list of cases a run sends: select by dialect and `--filter`, mark
//! the vectors a skip file lists, and check that every skip pattern matches some vector.

use std::collections::HashMap;
use std::fmt;

use crate::corpus::format::{ExpectedError, VectorFile};
use crate::dialect::Dialect;
use crate::model::ActorFields;

use super::glob::Glob;
use super::skip::SkipFile;

/// One vector, ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The vector id.
    pub id: String,
    /// The dialect.
    pub dialect: Dialect,
    /// The vector's group.
    pub group: String,
    /// The input, when it is UTF-8 (the only inputs batch mode can send).
    pub input: Option<String>,
    /// The input bytes.
    pub bytes: Vec<u8>,
    /// What a conforming implementation says.
    pub expected: Expected,
    /// The skip-file entry that lists this vector as a known failure.
    pub listed: Option<Listing>,
}

/// The verdict, attributes and error a vector expects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected {
    /// The verdict.
    pub valid: bool,
    /// The attributes, when valid.
    pub actor: Option<ActorFields>,
    /// D12's code and D11's offset, when invalid.
    pub error: Option<ExpectedError>,
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
    /// The dialects to run; empty means all.
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

/// The cases to run, in corpus order (files in the order given, vectors in file order).
///
/// Skip patterns are matched against the whole corpus, before `dialects` and `filters`
/// narrow it, so that one skip file serves every selection.
pub fn plan(corpus: &[VectorFile], selection: &Selection) -> Result<Vec<Case>, PlanError> {
    let index = SkipIndex::new(selection.skip.as_ref());
    let mut used = vec![false; index.len];
    let mut cases = Vec::new();
    for vector in corpus.iter().flat_map(|file| &file.vectors) {
        let dialect: Dialect = vector
            .dialect
            .parse()
            .map_err(|_| PlanError::UnknownDialect {
                id: vector.id.clone(),
                dialect: vector.dialect.clone(),
            })?;
        let listed = selection.skip.as_ref().and_then(|skip| {
            let first = index
                .matches(&vector.id)
                .inspect(|&i| used[i] = true)
                .min()?;
            let entry = &skip.entries()[first];
            Some(Listing {
                line: entry.line(),
                reason: entry.reason().map(str::to_owned),
            })
        });
        let wanted = (selection.dialects.is_empty() || selection.dialects.contains(&dialect))
            && (selection.filters.is_empty()
                || selection
                    .filters
                    .iter()
                    .any(|glob| glob.is_match(&vector.id)));
        if wanted {
            cases.push(Case {
                id: vector.id.clone(),
                dialect,
                group: vector.group.clone(),
                input: vector.input.clone(),
                bytes: vector.bytes(),
                expected: Expected {
                    valid: vector.valid,
                    actor: vector.actor.clone(),
                    error: vector.error.clone(),
                },
                listed,
            });
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
