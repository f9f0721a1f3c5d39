//! `gan migrate`'s grouping of `ambiguous-style` on standard error (docs/DECISIONS.md M3):
//! the warning is shown at the first line of each style (`X` and `x` are one style) and
//! counted at every line, and the summary ends with `ambiguous-style X ×N (xiangqi99,
//! xiaoqi)`. Only the text on standard error is grouped: `--format json` and `--report`
//! carry the warning on every line, and under `--strict` it is each such line's error,
//! shown at each.

use std::fmt::Write as _;

use crate::convert::tables::Ambiguity;
use crate::convert::Diagnostic;

/// The ambiguous styles seen so far, in the order first seen, with their counts.
#[derive(Debug, Default)]
pub(super) struct AmbiguousStyles {
    seen: Vec<(&'static Ambiguity, u64)>,
}

impl AmbiguousStyles {
    /// Counts `diagnostic` when it is an `ambiguous-style` warning; whether to show it (every
    /// other diagnostic, and the first warning of each style).
    pub(super) fn show(&mut self, diagnostic: &Diagnostic) -> bool {
        let Some(ambiguity) = diagnostic.ambiguity().filter(|_| !diagnostic.is_error()) else {
            return true;
        };
        if let Some((_, count)) = self
            .seen
            .iter_mut()
            .find(|(seen, _)| seen.key == ambiguity.key)
        {
            *count += 1;
            return false;
        }
        self.seen.push((ambiguity, 1));
        true
    }

    /// `; ambiguous-style X ×12 (xiangqi99, xiaoqi)`, one part per style in the order first
    /// seen; empty when there was none.
    pub(super) fn summary(&self) -> String {
        let mut text = String::new();
        for (ambiguity, count) in &self.seen {
            let _ = write!(
                text,
                "; ambiguous-style {} ×{count} ({})",
                ambiguity.key,
                ambiguity.games_list()
            );
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::AmbiguousStyles;
    use crate::convert::{Converter, Options};
    use crate::Dialect;

    fn diagnostics(input: &str, strict: bool) -> Vec<crate::convert::Diagnostic> {
        let options = Options {
            strict,
            ..Options::default()
        };
        Converter::new(Dialect::Beta, Dialect::SnnPin, options)
            .convert(input.as_bytes())
            .diagnostics()
            .to_vec()
    }

    #[test]
    fn the_first_warning_of_each_style_is_shown_and_all_are_counted() {
        let mut styles = AmbiguousStyles::default();
        let shown = |styles: &mut AmbiguousStyles, input: &str| -> Vec<bool> {
            diagnostics(input, false)
                .iter()
                .map(|d| styles.show(d))
                .collect()
        };
        assert_eq!(shown(&mut styles, "X:-K"), [true, true]);
        assert_eq!(shown(&mut styles, "x:-k"), [false, true]);
        assert_eq!(shown(&mut styles, "C:-K"), [true]);
        assert_eq!(shown(&mut styles, "s:p"), [true]);
        assert_eq!(shown(&mut styles, "X:R"), [false]);
        assert_eq!(
            styles.summary(),
            "; ambiguous-style X ×3 (xiangqi99, xiaoqi); ambiguous-style S ×1 (shogi, \
             puchi_shogi)"
        );
    }

    #[test]
    fn errors_are_never_grouped() {
        let mut styles = AmbiguousStyles::default();
        for _ in 0..2 {
            let strict = diagnostics("X:R", true);
            assert_eq!(strict.len(), 1);
            assert!(styles.show(&strict[0]));
        }
        assert_eq!(styles.summary(), "");
    }
}
