//! The GAN suite's generator: grammars in, vector files out (`gan/{dialect}.json`,
//! `cross-dialect.json`, and each dialect's entry of `manifest.json`), every vector confirmed
//! by the parser and the oracle on the way.
//!
//! Deterministic: the same grammars and seed give byte-identical files (fixed order, no
//! timestamps, 2-space pretty JSON, non-ASCII escaped, final newline).

mod candidate;
mod classes;
pub mod coverage;
mod derive;
pub mod id;
mod judge;
pub mod manifest;
mod mutate;
mod oracle_file;
mod places;
mod rng;
mod targeted;
mod valid;

pub use judge::Disagreement;
pub use oracle_file::parse_oracle_file;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::path::PathBuf;

use crate::dialect::Dialect;
use crate::oracle::{self, Oracle};
use crate::output::{Accepted, DetectRecord, ErrorRecord, Rejected};

use self::candidate::{Candidate, Source};
use self::coverage::Coverage;
use self::derive::Hit;
use self::judge::{Judge, Parser, Verdict};
use self::manifest::DialectManifest;
use self::valid::Overrides;
use super::format::{to_json, CrossFile, CrossVector, ExpectedError, Vector, VectorFile, FORMAT};
use super::load::FOLDER;
use crate::grammar::ir::Grammar;
use crate::grammar::vm::VmGrammar;
use crate::notation::{Family, Role};

/// The seed used when none is given.
pub const DEFAULT_SEED: u64 = 5;

/// Each dialect gets at least this many valid vectors (the random sample tops them up).
const VALID_TARGET: usize = 400;
/// String mutations stop once a dialect has about this many invalid candidates.
const INVALID_TARGET: usize = 1700;
/// Valid vectors longer than this (in characters) are not mutated string by string.
const MAX_SOURCE_CHARS: usize = 16;
/// The first this many sources also get byte-level (not UTF-8) mutations.
const BYTE_SOURCES: usize = 8;

/// The most string mutants each group takes from the sources, so that every operator gets a
/// share of the target.
const GROUP_SHARES: [(&str, usize); 9] = [
    ("empty", 60),
    ("separator", 120),
    ("whitespace", 240),
    ("unicode", 200),
    ("case", 120),
    ("class", 260),
    ("edit", 200),
    ("invalid-utf8", 60),
    ("other-dialect", 60),
];

/// An edition's file holds fewer vectors than this (the GAN dialects' files predate the
/// bound): its invalid vectors fill what its valid ones leave, the string mutations up to half
/// of it (each group's share scaled down alike), and the confusion samples the rest (every
/// first sample before any second).
const EDITION_FILE_LIMIT: usize = 2900;

/// A language of at most this many strings is written whole (PIN, SIN, EPIN); a larger one
/// made of two notations' languages and a separator (the QPI editions) gets a sample of them
/// ([`valid::composition`]).
const LANGUAGE_LIMIT: usize = 1000;

/// The order of the groups in a file; on a duplicate input the earlier group wins.
const VALID_GROUPS: [&str; 9] = [
    "combination",
    "alternative",
    "optional",
    "repetition",
    "class-boundary",
    "language",
    "composition",
    "random",
    "bounds",
];
const INVALID_GROUPS: [&str; 19] = [
    "errata",
    "decisions",
    "examples",
    "empty",
    "separator",
    "whitespace",
    "unicode",
    "case",
    "other-dialect",
    "grammar",
    "class",
    "edit",
    "blank",
    "long",
    "confusion",
    "invalid-utf8",
    "bounds",
    "alphabet",
    "order",
];

/// What to generate, from which grammars, confirmed by which oracle.
#[derive(Debug, Clone)]
pub struct Config {
    /// The dialects whose vector files to write; all five also write `cross-dialect.json`
    /// and `manifest.json`.
    pub dialects: Vec<Dialect>,
    /// The seed of the random sample and of the default choices.
    pub seed: u64,
    /// Where the grammars come from.
    pub grammars: Grammars,
    /// What confirms each vector.
    pub oracle: OracleChoice,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            dialects: Dialect::ALL.to_vec(),
            seed: DEFAULT_SEED,
            grammars: Grammars::Embedded,
            oracle: OracleChoice::Decisions,
        }
    }
}

/// Where the grammars come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Grammars {
    /// The `grammar/*.pest` files built into the binary, parsed by the library.
    Embedded,
    /// Edited copies in this folder (same file names), run by `pest_vm`.
    Dir(PathBuf),
}

/// What confirms each vector.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OracleChoice {
    /// The regexes of docs/DECISIONS.md §1.
    Decisions,
    /// Other uppercase patterns, one per dialect (`--oracle FILE`).
    Patterns(BTreeMap<Dialect, String>),
    /// No second oracle (`--no-oracle`).
    Off,
}

/// The GAN suite's part of a corpus.
#[derive(Debug, Clone)]
pub struct GanCorpus {
    /// The vector files of the dialects asked for, in dialect order.
    pub vector_files: Vec<VectorFile>,
    /// Their manifest entries.
    pub dialects: Vec<DialectManifest>,
    /// The cross-dialect records, when every dialect was generated.
    pub cross: Option<CrossFile>,
}

impl GanCorpus {
    /// Its files, each (path relative to the corpus folder, text): the vector files, then
    /// `cross-dialect.json` when it was written.
    pub fn files(&self) -> Vec<(String, String)> {
        let mut files: Vec<(String, String)> = self
            .vector_files
            .iter()
            .map(|file| (format!("{FOLDER}/{}.json", file.dialect), to_json(file)))
            .collect();
        if let Some(cross) = &self.cross {
            files.push(("cross-dialect.json".to_owned(), to_json(cross)));
        }
        files
    }
}

/// Why generation stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// A grammar cannot be read or walked.
    Grammar(String),
    /// An oracle pattern is missing or does not compile.
    Oracle(String),
    /// The grammar derives a string that its own parser rejects (an ordered choice or a greedy
    /// repetition hides the derivation).
    Underivable {
        /// The dialect.
        dialect: Dialect,
        /// The derived string.
        input: String,
        /// The parser's error.
        error: String,
    },
    /// The parser and the oracle disagree.
    Disagreement(Disagreement),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Grammar(message) | GenerateError::Oracle(message) => {
                f.write_str(message)
            }
            GenerateError::Underivable {
                dialect,
                input,
                error,
            } => write!(
                f,
                "{dialect}: the grammar derives {input:?} but its parser rejects it: {error} \
                 (an ordered choice or a greedy repetition hides this derivation)"
            ),
            GenerateError::Disagreement(disagreement) => disagreement.fmt(f),
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<Disagreement> for GenerateError {
    fn from(disagreement: Disagreement) -> Self {
        GenerateError::Disagreement(disagreement)
    }
}

/// One dialect's grammar, parser and oracle, and its structured valid candidates.
struct Prepared {
    dialect: Dialect,
    text: String,
    grammar: Grammar,
    judge: Judge,
    shapes: Vec<Overrides>,
    structured: Vec<Candidate>,
}

/// Generates the GAN suite's files described by `config`: one vector file per dialect asked
/// for and, when every dialect is, the cross-dialect records.
pub fn generate(config: &Config) -> Result<GanCorpus, GenerateError> {
    let prepared: Vec<Prepared> = Dialect::ALL
        .into_iter()
        .map(|d| prepare(d, config))
        .collect::<Result<_, _>>()?;
    let mut vector_files = Vec::new();
    let mut dialects = Vec::new();
    for dialect in Dialect::ALL
        .into_iter()
        .filter(|d| config.dialects.contains(d))
    {
        let (file, coverage) = dialect_file(&prepared, dialect, config.seed)?;
        dialects.push(dialect_manifest(
            &prepared[dialect as usize],
            &file,
            coverage,
            config,
        ));
        vector_files.push(file);
    }
    let cross = if config.dialects.len() == Dialect::ALL.len() {
        Some(cross_file(&prepared, &vector_files)?)
    } else {
        None
    };
    Ok(GanCorpus {
        vector_files,
        dialects,
        cross,
    })
}

/// Reads, parses and walks one dialect's grammar; builds its judge.
fn prepare(dialect: Dialect, config: &Config) -> Result<Prepared, GenerateError> {
    let file = dialect.grammar_file();
    let (text, parser) = match &config.grammars {
        Grammars::Embedded => (crate::grammar::stacked_text(dialect), None),
        Grammars::Dir(dir) => {
            // The notation's file, then the files it composes, stacked as pest stacks them.
            let mut text = String::new();
            for (name, _) in dialect.grammar_files() {
                let path = dir.join(name);
                let part = std::fs::read_to_string(&path).map_err(|error| {
                    GenerateError::Grammar(format!("{}: {error}", path.display()))
                })?;
                text.push_str(&part);
            }
            let path = dir.join(file);
            let vm = VmGrammar::new(dialect, &path.display().to_string(), &text)
                .map_err(GenerateError::Grammar)?;
            (text, Some(vm))
        }
    };
    let grammar = Grammar::parse(file, &text).map_err(|e| GenerateError::Grammar(e.to_string()))?;
    // Only the dialects generated need an oracle (the others lend their shapes as
    // other-dialect strings; the cross-dialect file is written only when all are generated).
    let oracle = match &config.oracle {
        _ if !config.dialects.contains(&dialect) => None,
        OracleChoice::Decisions => Some(Oracle::new(dialect)),
        OracleChoice::Patterns(patterns) => {
            let pattern = patterns.get(&dialect).ok_or_else(|| {
                GenerateError::Oracle(format!("the oracle file has no pattern for {dialect}"))
            })?;
            let compiled = Oracle::from_pattern(dialect, pattern).map_err(|error| {
                GenerateError::Oracle(format!("the oracle pattern for {dialect}: {error}"))
            })?;
            Some(compiled)
        }
        OracleChoice::Off => None,
    };
    let judge = Judge {
        dialect,
        parser: parser.map_or(Parser::Library, Parser::Vm),
        oracle,
    };
    let seed = dialect_seed(config.seed, dialect);
    let walk = |error: String| GenerateError::Grammar(format!("{file}: {error}"));
    let shapes = valid::shapes(&grammar, seed).map_err(walk)?;
    let structured = valid::structured(&grammar, seed, &shapes).map_err(walk)?;
    Ok(Prepared {
        dialect,
        text,
        grammar,
        judge,
        shapes,
        structured,
    })
}

/// Each dialect's own seed, derived from the corpus seed.
fn dialect_seed(seed: u64, dialect: Dialect) -> u64 {
    rng::mix(seed ^ (dialect as u64).wrapping_mul(0x0100_0000_01B3))
}

/// A judged, deduplicated candidate.
struct Judged {
    candidate: Candidate,
    verdict: Verdict,
}

/// One dialect's vector file and the coverage of its grammar.
fn dialect_file(
    prepared: &[Prepared],
    dialect: Dialect,
    seed: u64,
) -> Result<(VectorFile, Coverage), GenerateError> {
    let me = &prepared[dialect as usize];
    let (candidates, known) = valid_candidates(prepared, me, seed)?;
    let mut hits: HashSet<Hit> = HashSet::new();
    let mut valid = Vec::new();
    for candidate in ordered(candidates, &VALID_GROUPS) {
        match me.judge.judge(&candidate.input)? {
            Verdict::Invalid(error) => {
                return Err(GenerateError::Underivable {
                    dialect,
                    input: String::from_utf8_lossy(&candidate.input).into_owned(),
                    error: format!("{} at byte {}: {error}", error.code(), error.offset()),
                })
            }
            verdict @ Verdict::Valid(..) => {
                hits.extend(candidate.hits.iter().copied());
                valid.push(Judged { candidate, verdict });
            }
        }
    }
    let coverage = coverage::measure(&me.grammar, &hits);

    // Invalid: mutants of the grammar, of the valid strings, and fixed lists.
    let budget = (dialect.family() != Family::Dialects)
        .then(|| EDITION_FILE_LIMIT.saturating_sub(valid.len()));
    let invalid = ordered(
        invalid_candidates(prepared, me, seed, &valid, budget)?,
        &INVALID_GROUPS,
    );
    let mut judged_invalid = Vec::new();
    for candidate in invalid {
        if known.contains(&candidate.input) {
            continue; // a mutant that is a valid vector
        }
        let verdict = me.judge.judge(&candidate.input)?;
        match verdict {
            Verdict::Invalid(_) => judged_invalid.push(Judged { candidate, verdict }),
            // A curated string (another dialect's example, an erratum) valid here is kept, as
            // a valid example, so that a grammar change flipping it shows in the diff.
            Verdict::Valid(..)
                if candidate.source.is_none() && candidate.mutation != Some("invalid-utf8") =>
            {
                // The decision record's examples and the long inputs keep their group; an
                // erratum valid here is no erratum here, and loses its note.
                let group = match candidate.group {
                    "decisions" | "long" => candidate.group,
                    _ => "examples",
                };
                let note = if candidate.group == "errata" {
                    None
                } else {
                    candidate.note.clone()
                };
                let candidate = Candidate {
                    mutation: None,
                    note,
                    ..Candidate { group, ..candidate }
                };
                valid.push(Judged { candidate, verdict });
            }
            // Any other mutant that happens to be valid says nothing the grammar's own
            // derivations do not say.
            Verdict::Valid(..) => {}
        }
    }
    if budget.is_some() {
        trim_to_limit(valid.len(), &mut judged_invalid);
    }
    if let Some(bound) = dialect.implementation_bound() {
        for judged in &mut valid {
            if let Verdict::Valid(fields, _) = &judged.verdict {
                if !(bound.within)(&judged.candidate.input, fields.indices.as_deref()) {
                    judged.candidate.group = "bound";
                }
            }
        }
    }

    let ids: HashMap<String, String> = valid
        .iter()
        .map(|j| {
            let input = String::from_utf8_lossy(&j.candidate.input).into_owned();
            let id = id::vector_id(
                dialect.as_str(),
                true,
                j.candidate.group,
                &j.candidate.input,
            );
            (input, id)
        })
        .collect();
    let vectors = valid
        .iter()
        .chain(&judged_invalid)
        .map(|j| vector(dialect, j, &ids))
        .collect();
    let file = VectorFile {
        format: FORMAT,
        dialect: dialect.as_str().to_owned(),
        spec: dialect.spec_file().to_owned(),
        vectors,
    };
    Ok((file, coverage))
}

/// The valid candidates of one notation, and their inputs: the structured candidates, then
/// every string of a small language, or a sample of a composed one, then the random sample up
/// to the target.
fn valid_candidates(
    prepared: &[Prepared],
    me: &Prepared,
    seed: u64,
) -> Result<(Vec<Candidate>, HashSet<Vec<u8>>), GenerateError> {
    let dialect = me.dialect;
    let file_error =
        |error: String| GenerateError::Grammar(format!("{}: {error}", dialect.grammar_file()));
    let mut candidates = me.structured.clone();
    let language = me.grammar.language(LANGUAGE_LIMIT);
    let target = language.as_ref().map_or(VALID_TARGET, Vec::len);
    match &language {
        Some(language) => candidates.extend(
            language
                .iter()
                .map(|text| Candidate::new("language", text.as_str())),
        ),
        None => candidates.extend(composition(prepared, me)?),
    }
    let mut known: HashSet<Vec<u8>> = candidates.iter().map(|c| c.input.clone()).collect();
    let sample_seed = dialect_seed(seed, dialect) ^ 0x5EED;
    for index in 0..(VALID_TARGET * 50) as u64 {
        if known.len() >= VALID_TARGET.min(target) {
            break;
        }
        let candidate = valid::sample(&me.grammar, sample_seed, index).map_err(file_error)?;
        known.insert(candidate.input.clone());
        candidates.push(candidate);
    }
    // After the sample, whose target counts what came before: the length bounds.
    let bounds =
        valid::bounds(&me.grammar, dialect_seed(seed, dialect), &me.shapes).map_err(file_error)?;
    known.extend(bounds.iter().map(|c| c.input.clone()));
    candidates.extend(bounds);
    Ok((candidates, known))
}

/// An edition's file stays under its limit: the last confusion samples (the latest in sample
/// order) go first.
fn trim_to_limit(valid: usize, invalid: &mut Vec<Judged>) {
    while valid + invalid.len() >= EDITION_FILE_LIMIT {
        let Some(last) = invalid
            .iter()
            .rposition(|j| j.candidate.group == "confusion")
        else {
            break;
        };
        invalid.remove(last);
    }
}

/// The invalid candidates of one dialect, before ordering and deduplication; with a `budget`
/// (an edition), about that many.
fn invalid_candidates(
    prepared: &[Prepared],
    me: &Prepared,
    seed: u64,
    valid: &[Judged],
    budget: Option<usize>,
) -> Result<Vec<Candidate>, GenerateError> {
    let dialect = me.dialect;
    let walk =
        |error: String| GenerateError::Grammar(format!("{}: {error}", dialect.grammar_file()));
    let grammar_seed = dialect_seed(seed, dialect);
    let mut out = mutate::fixed();
    if dialect.family() != Family::Dialects {
        out.extend(targeted::examples());
    }
    out.extend(other_dialect(prepared, dialect));
    // Grammar mutations on every shape, and on every shape with its repetitions at 2.
    for shape in &me.shapes {
        let base = valid::derive_with(&me.grammar, grammar_seed, shape.clone()).map_err(walk)?;
        out.extend(
            mutate::grammar_mutants(&me.grammar, grammar_seed, shape, &base.text).map_err(walk)?,
        );
        let mut twice = shape.clone();
        for site in base.sites.iter().filter(|s| !s.in_repeat) {
            if let derive::SiteKind::Repeat { min, max } = site.kind {
                let count = 2.max(min).min(max.unwrap_or(u32::MAX));
                twice.insert(site.path.clone(), derive::Decision::Count(count));
            }
        }
        let longer = valid::derive_with(&me.grammar, grammar_seed, twice.clone()).map_err(walk)?;
        out.extend(
            mutate::grammar_mutants(&me.grammar, grammar_seed, &twice, &longer.text)
                .map_err(walk)?,
        );
    }
    // String mutations of the valid vectors in file order (short ones only), each group up to
    // its share, until the target.
    let mut known: HashSet<Vec<u8>> = out.iter().map(|c| c.input.clone()).collect();
    let mut per_group: HashMap<&str, usize> = HashMap::new();
    let target = budget.map_or(INVALID_TARGET, |budget| INVALID_TARGET.min(budget / 2));
    let scale = |share: usize| share * target / INVALID_TARGET;
    let sources = valid
        .iter()
        .map(|j| String::from_utf8_lossy(&j.candidate.input).into_owned())
        .filter(|input| input.chars().count() <= MAX_SOURCE_CHARS);
    for (index, source) in sources.enumerate() {
        if known.len() >= target {
            break;
        }
        let mut mutants = mutate::string_mutants(&me.grammar, &source);
        if index < BYTE_SOURCES {
            mutants.extend(mutate::byte_mutants(
                &source,
                mutate::separator(&me.grammar),
            ));
        }
        for mutant in mutants {
            let count = per_group.entry(mutant.group).or_insert(0);
            let share = GROUP_SHARES
                .iter()
                .find(|(g, _)| *g == mutant.group)
                .map_or(usize::MAX, |s| scale(s.1));
            if *count < share && known.insert(mutant.input.clone()) {
                *count += 1;
                out.push(mutant);
            }
        }
    }
    // After the string mutations (whose target counts what came before): structured
    // candidates and the confusion alphabet, on a few short valid inputs.
    let role_rules: Vec<&str> = dialect
        .roles()
        .iter()
        .filter(|(_, role)| *role != Role::Uppercase)
        .map(|(rule, _)| *rule)
        .collect();
    let sources = targeted::sources(
        &me.grammar,
        &role_rules,
        valid.iter().map(|j| j.candidate.input.as_slice()),
    );
    let starts = |c: char| {
        !matches!(
            me.judge.judge(c.to_string().as_bytes()),
            Ok(Verdict::Invalid(error)) if error.offset() == 0
        )
    };
    out.extend(targeted::structured(&me.grammar, &sources, starts));
    // The confusion cells count only new inputs the judge finds invalid (a disagreement is
    // kept, so that the judging below reports it).
    let grammars: Vec<&Grammar> = peers(prepared, dialect).map(|p| &p.grammar).collect();
    let taken: HashSet<Vec<u8>> = out
        .iter()
        .map(|c| c.input.clone())
        .chain(valid.iter().map(|j| j.candidate.input.clone()))
        .collect();
    let keep = |input: &str| {
        !taken.contains(input.as_bytes())
            && !matches!(me.judge.judge(input.as_bytes()), Ok(Verdict::Valid(..)))
    };
    // With a budget, the confusion samples fill what the other candidates leave of it.
    let limit = budget.map_or(targeted::CONFUSION_LIMIT, |budget| {
        let others = taken.len() - valid.len();
        targeted::CONFUSION_LIMIT.min(budget.saturating_sub(others))
    });
    out.extend(targeted::confusion(
        &me.grammar,
        &role_rules,
        &sources,
        &targeted::alphabet(&grammars),
        keep,
        limit,
    ));
    out.extend(class_candidates(me, &role_rules, &sources, valid, &out));
    Ok(out)
}

/// The `other-dialect` candidates of `dialect`: the other notations' combinations (each with
/// its source id), and the fixed list.
fn other_dialect(prepared: &[Prepared], dialect: Dialect) -> Vec<Candidate> {
    let mut out = Vec::new();
    for other in peers(prepared, dialect).filter(|p| p.dialect != dialect) {
        for candidate in other.structured.iter().filter(|c| c.group == "combination") {
            let id = id::vector_id(
                other.dialect.as_str(),
                true,
                "combination",
                &candidate.input,
            );
            out.push(Candidate::mutant(
                "other-dialect",
                "other-dialect",
                candidate.input.clone(),
                Some(Source::Id(id)),
            ));
        }
    }
    out.extend(
        mutate::OTHER_DIALECT
            .map(|input| Candidate::mutant("other-dialect", "other-dialect", input, None)),
    );
    out
}

/// The whole alphabet by class and two errors in one input, at every position class of
/// `sources` (none of them a valid vector or one of `before`), and every long repeated part
/// broken after it.
fn class_candidates(
    me: &Prepared,
    role_rules: &[&str],
    sources: &[String],
    valid: &[Judged],
    before: &[Candidate],
) -> Vec<Candidate> {
    let taken: HashSet<&[u8]> = before
        .iter()
        .map(|c| c.input.as_slice())
        .chain(valid.iter().map(|j| j.candidate.input.as_slice()))
        .collect();
    let mut out = Vec::new();
    let mut keep = |input: &[u8]| {
        !taken.contains(input) && !matches!(me.judge.judge(input), Ok(Verdict::Valid(..)))
    };
    out.extend(classes::alphabet(
        &me.grammar,
        role_rules,
        sources,
        &mut keep,
    ));
    out.extend(classes::order(&me.grammar, role_rules, sources, &mut keep));
    // Every long repeated part broken just after it (D11: offsets past 255 in each part).
    out.extend(
        valid
            .iter()
            .filter(|j| {
                matches!(j.candidate.group, "repetition" | "bounds")
                    && j.candidate.input.len() > 255
            })
            .map(|j| {
                let input = [j.candidate.input.as_slice(), b"!"].concat();
                let source = Some(Source::Input(
                    String::from_utf8_lossy(&j.candidate.input).into_owned(),
                ));
                Candidate::mutant("bounds", "long-part-broken", input, source)
            }),
    );
    out
}

/// The notations whose grammars and shapes `dialect`'s generation reads (the other-dialect
/// strings, the confusion alphabet): the GAN dialects read each other only, so that a new
/// family of notations leaves their files as they were; the editions read every notation.
fn peers(prepared: &[Prepared], dialect: Dialect) -> impl Iterator<Item = &Prepared> {
    let all = dialect.family() != Family::Dialects;
    prepared
        .iter()
        .filter(move |p| all || p.dialect.family() == Family::Dialects)
}

/// The valid sample of a language made of two notations' languages joined by the grammar's
/// separator (the QPI editions: SIN, `:`, PIN), too large to write whole: every string of
/// the second part under the first and last string of each case of the first part, and
/// every string of the first part with the first and last string of the second that the
/// grammar accepts after it. Only the strings the judge accepts are kept.
fn composition(prepared: &[Prepared], me: &Prepared) -> Result<Vec<Candidate>, GenerateError> {
    let files = me.dialect.grammar_files();
    let separator = mutate::separator(&me.grammar);
    let part = |file: &str| {
        prepared
            .iter()
            .find(|p| p.dialect.grammar_file() == file)
            .and_then(|p| p.grammar.language(LANGUAGE_LIMIT))
    };
    let (Some(separator), [_, (first, _), (second, _)]) = (separator, files.as_slice()) else {
        return Ok(Vec::new());
    };
    let (Some(heads), Some(tails)) = (part(first), part(second)) else {
        return Ok(Vec::new());
    };
    let accepted = |head: &str, tail: &str| -> Result<Option<String>, GenerateError> {
        let text = format!("{head}{separator}{tail}");
        Ok(match me.judge.judge(text.as_bytes())? {
            Verdict::Valid(..) => Some(text),
            Verdict::Invalid(_) => None,
        })
    };
    let mut out = Vec::new();
    // The first and last head of each case (the heads are in derivation order).
    let case = |text: &str| text.bytes().find_map(crate::model::Side::of_letter);
    let mut ends: Vec<&String> = Vec::new();
    for side in crate::model::Side::ALL {
        let of_side: Vec<&String> = heads.iter().filter(|h| case(h) == Some(side)).collect();
        ends.extend(of_side.first().copied());
        ends.extend(of_side.last().copied());
    }
    ends.dedup();
    for head in ends {
        for tail in &tails {
            out.extend(accepted(head, tail)?);
        }
    }
    for head in &heads {
        let mut fitting = Vec::new();
        for tail in &tails {
            if let Some(text) = accepted(head, tail)? {
                fitting.push(text);
            }
        }
        let last = fitting.pop();
        out.extend(fitting.into_iter().take(1));
        out.extend(last);
    }
    Ok(out
        .into_iter()
        .map(|text| Candidate::new("composition", text))
        .collect())
}

/// Candidates in the order of `groups` (stable within a group), the first of each input kept.
fn ordered(candidates: Vec<Candidate>, groups: &[&str]) -> Vec<Candidate> {
    let rank = |group: &str| {
        groups
            .iter()
            .position(|g| *g == group)
            .unwrap_or(groups.len())
    };
    let mut sorted = candidates;
    sorted.sort_by_key(|c| rank(c.group));
    let mut seen = HashSet::new();
    sorted.retain(|c| seen.insert(c.input.clone()));
    sorted
}

/// The vector of a judged candidate; `ids` gives the id of each valid input of the dialect.
fn vector(dialect: Dialect, judged: &Judged, ids: &HashMap<String, String>) -> Vector {
    let candidate = &judged.candidate;
    let text = std::str::from_utf8(&candidate.input).ok();
    let (valid, actor, canonical, error) = match &judged.verdict {
        Verdict::Valid(fields, canonical) => {
            (true, Some(fields.clone()), Some(canonical.clone()), None)
        }
        Verdict::Invalid(error) => {
            let expected = ExpectedError::new(error.code(), error.offset(), error.hint());
            (false, None, None, Some(expected))
        }
    };
    let source = match &candidate.source {
        Some(Source::Input(input)) => ids.get(input).cloned(),
        Some(Source::Id(id)) => Some(id.clone()),
        None => None,
    };
    Vector {
        id: id::vector_id(dialect.as_str(), valid, candidate.group, &candidate.input),
        dialect: dialect.as_str().to_owned(),
        group: candidate.group.to_owned(),
        input: text.map(str::to_owned),
        input_hex: text.is_none().then(|| crate::output::hex(&candidate.input)),
        valid,
        actor,
        canonical,
        error,
        mutation: candidate.mutation.map(str::to_owned),
        source,
        note: candidate.note.as_deref().map(str::to_owned),
        implementation_defined: (candidate.group == "bound")
            .then(|| {
                dialect
                    .implementation_bound()
                    .map(|bound| bound.note.to_owned())
            })
            .flatten(),
    }
}

/// The manifest entry of one dialect.
fn dialect_manifest(
    prepared: &Prepared,
    file: &VectorFile,
    coverage: Coverage,
    config: &Config,
) -> DialectManifest {
    let dialect = prepared.dialect;
    let mut groups = BTreeMap::new();
    let mut mutations = BTreeMap::new();
    for vector in &file.vectors {
        let verdict = if vector.valid { "valid" } else { "invalid" };
        *groups
            .entry(format!("{verdict}/{}", vector.group))
            .or_insert(0) += 1;
        if let Some(mutation) = &vector.mutation {
            *mutations.entry(mutation.clone()).or_insert(0) += 1;
        }
    }
    let valid = file.vectors.iter().filter(|v| v.valid).count();
    DialectManifest {
        dialect: dialect.as_str().to_owned(),
        spec: dialect.spec_file().to_owned(),
        grammar: dialect.grammar_file().to_owned(),
        grammar_sha256: id::sha256_hex(prepared.text.as_bytes()),
        oracle_pattern: match &config.oracle {
            OracleChoice::Decisions => Some(oracle::pattern(dialect).to_owned()),
            OracleChoice::Patterns(patterns) => patterns.get(&dialect).cloned(),
            OracleChoice::Off => None,
        },
        file: format!("{FOLDER}/{dialect}.json"),
        valid,
        invalid: file.vectors.len() - valid,
        groups,
        mutations,
        coverage,
    }
}

/// `cross-dialect.json`: every shape of every dialect, a few boundaries and long strings,
/// the errata and other-dialect strings, and a sample of each dialect's invalid vectors.
fn cross_file(prepared: &[Prepared], files: &[VectorFile]) -> Result<CrossFile, GenerateError> {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    for file in files {
        let mut boundaries = 0;
        let mut invalid = 0;
        // The editions' files lend fewer of their invalid inputs: they share most of their
        // mutations with the dialects' and with each other.
        let every = match file.dialect.parse::<Dialect>().map(Dialect::family) {
            Ok(Family::Dialects) => 25,
            _ => 200,
        };
        for vector in &file.vectors {
            let take = match vector.group.as_str() {
                "combination" => true,
                // Long inputs (up to 64 KiB) would make the file mostly 'A's.
                "long" => false,
                "class-boundary" | "repetition" => {
                    boundaries += 1;
                    boundaries <= 10 && vector.bytes().len() <= 32
                }
                _ if !vector.valid => {
                    invalid += 1;
                    invalid % every == 1
                }
                _ => false,
            };
            if take {
                inputs.push(vector.bytes());
            }
        }
    }
    inputs.extend(
        mutate::ERRATA
            .iter()
            .map(|(input, _)| input.as_bytes().to_vec()),
    );
    inputs.extend(
        mutate::OTHER_DIALECT
            .iter()
            .map(|input| input.as_bytes().to_vec()),
    );
    let mut seen = HashSet::new();
    inputs.retain(|input| seen.insert(input.clone()));
    let mut vectors = Vec::with_capacity(inputs.len());
    for input in inputs {
        let mut record = DetectRecord {
            input: String::from_utf8_lossy(&input).into_owned(),
            input_hex: std::str::from_utf8(&input)
                .is_err()
                .then(|| crate::output::hex(&input)),
            input_length: None,
            accepted: Vec::new(),
            rejected: Vec::new(),
        };
        for p in prepared {
            let dialect = p.dialect.as_str().to_owned();
            match p.judge.judge(&input)? {
                Verdict::Valid(actor, _) => record.accepted.push(Accepted { dialect, actor }),
                Verdict::Invalid(error) => {
                    record.rejected.push(Rejected {
                        dialect,
                        error: ErrorRecord::from(&error),
                    });
                }
            }
        }
        vectors.push(CrossVector {
            id: id::cross_id(&input),
            detect: record,
        });
    }
    Ok(CrossFile {
        format: FORMAT,
        vectors,
    })
}
