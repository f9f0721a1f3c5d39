//! The corpus summary: vector counts per dialect, group and mutation operator, one line each
//! (snapshotted in the tests, so every grammar change shows up in review).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::suite::gan::format::VectorFile;

/// The summary of `files`, as text.
pub fn summary(files: &[VectorFile]) -> String {
    let mut out = String::new();
    for file in files {
        let valid = file.vectors.iter().filter(|v| v.valid).count();
        let _ = writeln!(
            out,
            "{}: {} vectors, {valid} valid, {} invalid",
            file.dialect,
            file.vectors.len(),
            file.vectors.len() - valid
        );
        let mut groups: Vec<(String, usize)> = Vec::new();
        let mut operators: BTreeMap<&str, usize> = BTreeMap::new();
        for vector in &file.vectors {
            let group = format!(
                "{}/{}",
                if vector.valid { "valid" } else { "invalid" },
                vector.group
            );
            match groups.iter_mut().find(|(g, _)| *g == group) {
                Some((_, count)) => *count += 1,
                None => groups.push((group, 1)),
            }
            if let Some(mutation) = &vector.mutation {
                *operators.entry(mutation).or_insert(0) += 1;
            }
        }
        for (group, count) in groups {
            let _ = writeln!(out, "  group {group}: {count}");
        }
        for (operator, count) in operators {
            let _ = writeln!(out, "  mutation {operator}: {count}");
        }
    }
    out
}
