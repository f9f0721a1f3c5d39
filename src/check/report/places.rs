//! Where each vector is defined: its corpus file and line, and the decisions its `note` cites,
//! read from the files' text. The HTML report links each vector there; the run record lists
//! the files that hold the run's vectors.
//!
//! The files are read as the generator writes them (pretty JSON, one member a line): a vector
//! starts at its `"id": "…"` line, and its `"note"` line, if any, belongs to it. A file
//! written otherwise (one line, say) places no vector; nothing else changes.

use std::collections::HashMap;

use super::run_record::CorpusFile;

/// Every vector's place, over the files of one corpus.
#[derive(Debug, Clone, Default)]
pub struct CorpusIndex {
    files: Vec<CorpusFile>,
    places: HashMap<String, Place>,
}

/// A vector's place: its file (an index into [`CorpusIndex::files`]), its 1-based line, and
/// the decision ids (`D3`, `G9`, `M5`) its `note` cites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// The file, an index into [`CorpusIndex::files`].
    pub file: usize,
    /// The line of its `"id"` member, from 1.
    pub line: usize,
    /// The decisions its note cites, in the order cited, without repeats.
    pub decisions: Vec<String>,
}

impl CorpusIndex {
    /// The index of `files`, each (path relative to the corpus folder, bytes), in corpus
    /// order.
    pub fn new<'a>(files: impl IntoIterator<Item = (&'a str, &'a [u8])>) -> CorpusIndex {
        let mut index = CorpusIndex::default();
        for (path, text) in files {
            let file = index.files.len();
            index.files.push(CorpusFile::of(path, text));
            let mut current: Option<String> = None;
            for (number, line) in String::from_utf8_lossy(text).lines().enumerate() {
                let line = line.trim_start();
                if let Some(id) = member(line, "id") {
                    current = index
                        .places
                        .entry(id.clone())
                        .or_insert_with(|| Place {
                            file,
                            line: number + 1,
                            decisions: Vec::new(),
                        })
                        .file
                        .eq(&file)
                        .then_some(id);
                } else if let (Some(note), Some(id)) = (member(line, "note"), &current) {
                    if let Some(place) = index.places.get_mut(id) {
                        for decision in super::decisions::cited(&note) {
                            if !place.decisions.contains(&decision) {
                                place.decisions.push(decision);
                            }
                        }
                    }
                }
            }
        }
        index
    }

    /// The files, in corpus order.
    pub fn files(&self) -> &[CorpusFile] {
        &self.files
    }

    /// The place of vector `id`, if a file defines it.
    pub fn place(&self, id: &str) -> Option<&Place> {
        self.places.get(id)
    }

    /// The files that define at least one of `ids`, in corpus order.
    pub fn files_of<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> Vec<CorpusFile> {
        let mut used = vec![false; self.files.len()];
        for id in ids {
            if let Some(place) = self.places.get(id) {
                used[place.file] = true;
            }
        }
        self.files
            .iter()
            .zip(used)
            .filter(|(_, used)| *used)
            .map(|(file, _)| file.clone())
            .collect()
    }
}

/// The string value of a line `"NAME": "…"` (a trailing comma allowed).
fn member(line: &str, name: &str) -> Option<String> {
    let rest = line
        .strip_prefix('"')?
        .strip_prefix(name)?
        .strip_prefix("\":")?;
    let value = rest.trim().trim_end_matches(',');
    serde_json::from_str::<String>(value).ok()
}
