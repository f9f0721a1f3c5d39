//! The project's decision record, `docs/DECISIONS.md`, built in: the entries the reports link
//! vectors to (and `gan decisions` prints).

/// `docs/DECISIONS.md` as built.
pub const RECORD: &str = include_str!("../../../docs/DECISIONS.md");

/// The bullet of decision `id` (`D3`, `M5`, `G9`, as written in the record): its `- **ID …`
/// line and the indented lines that continue it.
pub fn entry(id: &str) -> Option<String> {
    if id.is_empty() {
        return None;
    }
    let mut lines = RECORD.lines().skip_while(|line| {
        let Some(rest) = line.strip_prefix("- **").and_then(|l| l.strip_prefix(id)) else {
            return true;
        };
        !(rest.starts_with(' ') || rest.starts_with('*'))
    });
    let first = lines.next()?;
    let mut text = first.to_owned();
    for line in lines.take_while(|line| line.starts_with("  ")) {
        text.push('\n');
        text.push_str(line);
    }
    Some(text)
}

/// The ids of the record, as ranges in the order of their first appearance: `D1–D24, M1–M14,
/// G1–G38, C1` (each letter's lowest and highest number).
pub fn id_ranges() -> String {
    let mut ranges: Vec<(char, u32, u32)> = Vec::new();
    for line in RECORD.lines() {
        let Some(rest) = line.strip_prefix("- **") else {
            continue;
        };
        let mut chars = rest.chars();
        let Some(letter) = chars.next().filter(char::is_ascii_uppercase) else {
            continue;
        };
        let digits: String = chars.take_while(char::is_ascii_digit).collect();
        let Ok(number) = digits.parse::<u32>() else {
            continue;
        };
        match ranges.iter_mut().find(|(l, ..)| *l == letter) {
            Some((_, low, high)) => {
                *low = (*low).min(number);
                *high = (*high).max(number);
            }
            None => ranges.push((letter, number, number)),
        }
    }
    ranges
        .iter()
        .map(|&(letter, low, high)| {
            if low == high {
                format!("{letter}{low}")
            } else {
                format!("{letter}{low}–{letter}{high}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The decision ids a text cites, as whole words (`D3`, `G9`, not `D3x` or `AD3`), in the
/// order cited, without repeats; only ids the record has.
pub fn cited(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let bytes = text.as_bytes();
    for (at, &byte) in bytes.iter().enumerate() {
        if !matches!(byte, b'D' | b'M' | b'G')
            || (at > 0 && (bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_'))
        {
            continue;
        }
        let digits = bytes[at + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let end = at + 1 + digits;
        if digits == 0
            || bytes
                .get(end)
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            continue;
        }
        let id = &text[at..end];
        if !found.iter().any(|f| f == id) && entry(id).is_some() {
            found.push(id.to_owned());
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_id_ranges_span_every_entry_of_the_record() {
        let ranges = id_ranges();
        // Each range's ends are entries, and no entry lies outside a range.
        for range in ranges.split(", ") {
            for end in range.split('–') {
                assert!(entry(end).is_some(), "{end} of {ranges}");
            }
        }
        assert!(ranges.starts_with("D1–D"), "{ranges}");
        for id in ["D10", "M1", "G1", "G38", "C1"] {
            let letter = &id[..1];
            let number: u32 = id[1..].parse().unwrap();
            let range = ranges.split(", ").find(|r| r.starts_with(letter)).unwrap();
            let high: u32 = range.rsplit(letter).next().unwrap().parse().unwrap();
            assert!(number <= high, "{id} beyond {range}");
        }
    }

    #[test]
    fn the_readme_lists_the_record_s_ids_as_they_are() {
        let readme = include_str!("../../../README.md");
        let ranges = id_ranges();
        assert!(
            readme.matches(&format!("({ranges})")).count() >= 2,
            "README.md should list the decision ids as ({ranges}), in its section on the \
             grammars and in its documentation list"
        );
    }
}
