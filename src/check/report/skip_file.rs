//! A new skip file from a run's results (`gan check --write-skip-file`): the start of a
//! ratchet.

use std::fmt::Write as _;

use super::super::outcome::CaseResult;

/// A skip file listing every failing result (and every known failure that still fails), one
/// exact id per line with its result and why as the reason: the start of a ratchet.
pub fn render<'a>(results: impl IntoIterator<Item = &'a CaseResult>) -> String {
    let mut text = String::from(
        "# Known failures for `gan check --skip-file`: one vector id (or `*` glob) per line,\n\
         # then `#` and a reason. Listed vectors still run; remove a line once it passes.\n",
    );
    for result in results {
        let Some(status) = result.failure_status() else {
            continue;
        };
        let detail = result.detail.as_deref().unwrap_or("");
        let reason = one_line(&format!("{status}: {detail}"));
        let _ = writeln!(
            text,
            "{}  # {}",
            result.case.id,
            reason.trim_end_matches([' ', ':'])
        );
    }
    text
}

/// `text` on one line, shortened to about 200 characters.
fn one_line(text: &str) -> String {
    let mut line: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(200)
        .collect();
    if text.chars().count() > 200 {
        line.push('…');
    }
    line
}
