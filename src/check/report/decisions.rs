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
