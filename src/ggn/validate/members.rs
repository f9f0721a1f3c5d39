//! A JSON object read member by member (a board, a position) whose diagnostics are handed to
//! a [`Sink`] as they are found: the duplicate keys first, then each member's, in order.

use super::super::diagnostic::Diagnostic;
use super::super::reader::{self, Node};
use super::options::{Options, Sink, Summary};

/// What builds a value from the members of an object.
pub(crate) trait Members {
    /// The value built from an object without errors.
    type Built;

    /// Checks and keeps one member.
    fn member(&mut self, key: &str, value: &Node);

    /// The diagnostics found since the last call, in order.
    fn found(&mut self) -> Vec<Diagnostic>;

    /// Hands each key that repeats an earlier one to `each`, in member order.
    fn duplicates(&self, each: &mut dyn FnMut(Diagnostic));

    /// The value of an object without errors.
    fn built(self) -> Self::Built;
}

/// Reads the object `input` with builders made by `new`: the value when it has no error;
/// otherwise its diagnostics handed to `sink` (the counts, then the duplicate keys, then
/// each member's in order) and `None`. `whole` judges a top level that is no object.
///
/// The object is read twice when it has errors (once to count, once to report), its
/// diagnostics never all held: memory is bounded by the input, not by its diagnostics.
pub(crate) fn read_members_to<M: Members>(
    input: &[u8],
    options: &Options,
    sink: &mut impl Sink,
    new: impl Fn() -> M,
    whole: impl FnOnce(&Node) -> Result<M::Built, Vec<Diagnostic>>,
) -> Option<M::Built> {
    let (mut errors, mut found) = (0, 0);
    let mut count = |diagnostic: Diagnostic| {
        errors += usize::from(diagnostic.is_error());
        found += 1;
    };
    let mut first = new();
    let read = reader::read_members(input, &options.limits, |key, value| {
        first.member(&key, &value);
        first.found().into_iter().for_each(&mut count);
    });
    let diagnostics = match read {
        Err(error) => vec![error.to_diagnostic()],
        Ok(Some(root)) => match whole(&root) {
            Ok(built) => return Some(built),
            Err(diagnostics) => diagnostics,
        },
        Ok(None) => {
            first.duplicates(&mut count);
            if errors == 0 {
                return Some(first.built());
            }
            sink.begin(Summary {
                errors,
                warnings: found - errors,
            });
            first.duplicates(&mut |diagnostic| sink.diagnostic(diagnostic));
            drop(first);
            let mut second = new();
            // The same input read the same way: it cannot fail now.
            let _ = reader::read_members(input, &options.limits, |key, value| {
                second.member(&key, &value);
                second
                    .found()
                    .into_iter()
                    .for_each(|diagnostic| sink.diagnostic(diagnostic));
            });
            return None;
        }
    };
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    sink.begin(Summary {
        errors,
        warnings: diagnostics.len() - errors,
    });
    for diagnostic in diagnostics {
        sink.diagnostic(diagnostic);
    }
    None
}

/// The diagnostics of a builder fed every member already: the duplicate keys, then the
/// members', collected; or its value when there is no error.
pub(crate) fn finish<M: Members>(mut builder: M) -> Result<M::Built, Vec<Diagnostic>> {
    let found = builder.found();
    let mut all = Vec::new();
    builder.duplicates(&mut |diagnostic| all.push(diagnostic));
    all.extend(found);
    if all.iter().any(Diagnostic::is_error) {
        Err(all)
    } else {
        Ok(builder.built())
    }
}
