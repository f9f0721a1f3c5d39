//! From a suite's corpus to the list of cases a run sends: one [`Case`] per vector, selected
//! by dialect and `--filter`, the vectors a skip file lists marked, and every skip pattern
//! checked to match some vector. The same selection serves every suite.

use std::fmt;
use std::ops::Deref;

use crate::model::{Dialect, Family};

use crate::suite::{DialectSet, Item, Suite, SuiteCorpus, UnknownDialect};

use super::glob::{Glob, GlobIndex};
use super::skip::SkipFile;

/// One vector, ready to send: its [`Item`] (read through it: `case.id`, `case.vector`, …)
/// and whether a skip file lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The vector with its place in the corpus.
    pub item: Item,
    /// The skip-file entry that lists this vector as a known failure.
    pub listed: Option<Listing>,
}

impl Deref for Case {
    type Target = Item;

    fn deref(&self) -> &Item {
        &self.item
    }
}

impl Case {
    /// The suite the case belongs to.
    pub fn suite(&self) -> Suite {
        self.vector.as_dyn().suite()
    }

    /// Why batch mode does not send this case, if it does not: an input that is not UTF-8
    /// (GAN suite: it runs in per-case mode; migrate suite: requests hold text only).
    pub fn not_sent_in_batch(&self) -> Option<&'static str> {
        self.vector
            .as_dyn()
            .not_sent_in_batch(self.input.as_deref())
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
    /// The notations to run; empty means the five GAN dialects (the editions run only when
    /// named, docs/DECISIONS.md D13). GAN suite: the vector's notation; GGN suite: the
    /// dialect of the document; migrate suite: the source or the target.
    pub dialects: Vec<Dialect>,
    /// Run only the ids matching one of these; empty means all.
    pub filters: Vec<Glob>,
    /// The known failures.
    pub skip: Option<SkipFile>,
}

impl Selection {
    /// Whether a vector of these notations runs: one of the notations asked for, or, when
    /// none is, any vector but those of the editions alone (D13).
    fn wants(&self, dialects: DialectSet) -> bool {
        if self.dialects.is_empty() {
            !dialects.meets(&Family::Editions.dialects())
                || dialects.meets(&Family::Dialects.dialects())
        } else {
            dialects.meets(&self.dialects)
        }
    }
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

/// The cases of a suite's corpus, in corpus order, narrowed by `selection`.
///
/// Skip patterns are matched against the whole corpus, before `dialects` and `filters`
/// narrow it, so that one skip file serves every selection (the same holds in every suite).
pub fn plan<C: SuiteCorpus + ?Sized>(
    corpus: &C,
    selection: &Selection,
) -> Result<Vec<Case>, PlanError> {
    plan_items(corpus.items(), selection)
}

/// [`plan`] of a corpus taken by value ([`SuiteCorpus::into_items`]): a corpus that can
/// moves each vector into its case as it goes (the GAN files do), so planning holds the
/// corpus once rather than three times. The cases are those [`plan`] gives for `&corpus`.
///
/// # Errors
///
/// As [`plan`].
pub fn plan_owned<C: SuiteCorpus + 'static>(
    corpus: C,
    selection: &Selection,
) -> Result<Vec<Case>, PlanError> {
    plan_loaded(Box::new(corpus), selection)
}

/// [`plan_owned`] of a corpus as a suite's loader gives it
/// ([`Descriptor::load`](crate::suite::Descriptor::load)).
///
/// # Errors
///
/// As [`plan`].
pub fn plan_loaded(
    corpus: Box<dyn SuiteCorpus>,
    selection: &Selection,
) -> Result<Vec<Case>, PlanError> {
    plan_items(corpus.into_items(), selection)
}

/// The cases of `items` (a suite corpus's, by reference or by value) narrowed by `selection`.
fn plan_items(
    items: Result<impl IntoIterator<Item = Item>, UnknownDialect>,
    selection: &Selection,
) -> Result<Vec<Case>, PlanError> {
    let items = items.map_err(|unknown| PlanError::UnknownDialect {
        id: unknown.id,
        dialect: unknown.dialect,
    })?;
    select(
        items,
        |item| &item.id,
        |item| selection.wants(item.dialects),
        selection,
        |item, listed| Case { item, listed },
    )
}

/// The selection shared by every suite: each vector is matched against the skip file (all of
/// them, so that one skip file serves every selection), kept if `wanted` and a `--filter`
/// say so, and built into a case; then every skip pattern must have matched some vector.
/// The patterns are compiled once ([`GlobIndex`]): the cost grows with the patterns plus the
/// vectors.
fn select<T>(
    vectors: impl IntoIterator<Item = T>,
    id: impl Fn(&T) -> &str,
    wanted: impl Fn(&T) -> bool,
    selection: &Selection,
    build: impl Fn(T, Option<Listing>) -> Case,
) -> Result<Vec<Case>, PlanError> {
    let entries = selection.skip.as_ref().map_or(&[][..], SkipFile::entries);
    let skip = GlobIndex::new(entries.iter().map(|entry| entry.pattern().clone()));
    let filters = GlobIndex::new(selection.filters.iter().cloned());
    let mut used = vec![false; entries.len()];
    let mut found = Vec::new();
    let mut cases = Vec::new();
    for vector in vectors {
        skip.matches(id(&vector), &mut found);
        for &i in &found {
            used[i] = true;
        }
        let listed = found.first().map(|&first| {
            let entry = &entries[first];
            Listing {
                line: entry.line(),
                reason: entry.reason().map(str::to_owned),
            }
        });
        let wanted =
            wanted(&vector) && (filters.is_empty() || filters.is_match(id(&vector), &mut found));
        if wanted {
            cases.push(build(vector, listed));
        }
    }
    let unmatched: Vec<(usize, String)> = entries
        .iter()
        .zip(&used)
        .filter(|(_, used)| !**used)
        .map(|(entry, _)| (entry.line(), entry.pattern().to_string()))
        .collect();
    if !unmatched.is_empty() {
        return Err(PlanError::UnmatchedSkipPatterns(unmatched));
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::{plan, plan_owned, Glob, Selection, SkipFile};
    use crate::model::Dialect;

    /// `plan_owned` moves what `plan` copies (GAN files): the cases must be the same, whatever the
    /// selection (dialects, filters, a skip file with exact ids and globs).
    #[test]
    fn planning_files_by_value_gives_the_cases_of_planning_them_by_reference() {
        let files = crate::corpus::embedded();
        let first = files[0].vectors[0].id.clone();
        let skip = SkipFile::parse(&format!("{first}  # known\n*/invalid/*\n")).unwrap();
        let selections = [
            Selection::default(),
            Selection {
                dialects: vec![Dialect::Pnn, Dialect::Legacy],
                ..Selection::default()
            },
            Selection {
                filters: vec![Glob::new("*/valid/*")],
                skip: Some(skip),
                ..Selection::default()
            },
        ];
        for selection in &selections {
            let by_reference = plan(&files, selection).unwrap();
            assert!(!by_reference.is_empty());
            assert_eq!(plan_owned(files.clone(), selection).unwrap(), by_reference);
        }
        let mut unknown = files.clone();
        unknown[0].vectors[3].dialect = "nope".to_owned();
        assert_eq!(
            plan_owned(unknown.clone(), &Selection::default()),
            plan(&unknown, &Selection::default())
        );
    }
}
