//! The state shared by every check: options, the GAN cache, the interned tables and the
//! diagnostics found so far; plus the checks that documents and boards share.

use super::super::codes;
use super::super::diagnostic::{Diagnostic, Severity};
use super::super::document::{Parts, Tables};
use super::super::gan::Gans;
use super::super::pointer::Path;
use super::super::reader::Node;
use super::options::Options;
use crate::error::ParseError;
use crate::model::Side;

/// What a variant needs to know about its move.
pub(super) struct Move<'a> {
    pub(super) piece: &'a str,
    /// `None` when the piece key is not a valid identifier.
    pub(super) side: Option<Side>,
    pub(super) source: &'a str,
}

/// Walks one document or board and collects its diagnostics.
pub(crate) struct Checker<'a> {
    pub(crate) options: &'a Options,
    /// The document's dialect (G1), each distinct string parsed once.
    gans: Gans,
    pub(crate) tables: Tables,
    /// The model of the document read so far (its ids come from `tables`).
    pub(crate) parts: Parts,
    pub(crate) out: Vec<Diagnostic>,
    errors: usize,
    found: usize,
    /// Where diagnostics go as they are found, when their order is settled already
    /// ([`diagnose_to`](super::diagnose_to)); `None` keeps them in `out`.
    pub(crate) sink: Option<&'a mut dyn FnMut(Diagnostic)>,
}

impl<'a> Checker<'a> {
    pub(crate) fn new(options: &'a Options) -> Self {
        Checker {
            options,
            gans: Gans::new(options.dialect),
            tables: Tables::default(),
            parts: Parts::default(),
            out: Vec::new(),
            errors: 0,
            found: 0,
            sink: None,
        }
    }

    pub(crate) fn error(&mut self, code: &'static str, path: &Path<'_>, message: String) {
        self.push(Diagnostic::error(code, path.render(), message));
    }

    pub(crate) fn warning(&mut self, code: &'static str, path: &Path<'_>, message: String) {
        self.push(Diagnostic::warning(code, path.render(), message));
    }

    /// Records `diagnostic`; under [`Options::strict`] a warning is recorded as an error.
    pub(crate) fn push(&mut self, mut diagnostic: Diagnostic) {
        if self.options.strict {
            diagnostic.severity = Severity::Error;
        }
        if diagnostic.is_error() {
            self.errors += 1;
        }
        self.found += 1;
        match &mut self.sink {
            Some(sink) => sink(diagnostic),
            None => self.out.push(diagnostic),
        }
    }

    /// How many errors have been found so far.
    pub(crate) fn error_count(&self) -> usize {
        self.errors
    }

    /// How many diagnostics, errors and warnings, have been found so far.
    pub(crate) fn found(&self) -> usize {
        self.found
    }

    /// Parses `text` in the document's dialect, once per distinct string.
    pub(crate) fn gan(&mut self, text: &str) -> Result<Side, ParseError> {
        self.gans.parse(text)
    }

    /// Parses `text` and interns it; on failure reports the GAN code at `path` (G2, G14).
    /// `role` names the value in the message (`piece key`, `perform value`, …).
    pub(crate) fn actor(&mut self, text: &str, role: &str, path: &Path<'_>) -> Option<Side> {
        match self.gan(text) {
            Ok(side) => {
                self.tables.intern_actor(text);
                Some(side)
            }
            Err(error) => {
                self.gan_error(&error, text, role, path);
                None
            }
        }
    }

    /// Reports an invalid GAN identifier with the parser's code, message and hint.
    pub(crate) fn gan_error(
        &mut self,
        error: &ParseError,
        text: &str,
        role: &str,
        path: &Path<'_>,
    ) {
        let message = format!(
            "{role} {text:?} is not a valid {} identifier: {error}",
            error.dialect()
        );
        self.error(error.code(), path, message);
    }

    /// The members of `node` when it is an object; otherwise reports `wrong-type` with
    /// `expected` ("an object of sources", …) and returns `None`.
    pub(crate) fn object<'n>(
        &mut self,
        node: &'n Node,
        expected: &str,
        path: &Path<'_>,
    ) -> Option<&'n [(String, Node)]> {
        let members = node.as_object();
        if members.is_none() {
            let message = format!("expected {expected}, found {}", describe(node));
            self.error(codes::WRONG_TYPE, path, message);
        }
        members
    }

    /// Reports every key of `members` that repeats an earlier one (G9). `place` names the
    /// object in the message ("the document", "the sources of \"CHESS:P\"", …).
    pub(crate) fn duplicates(&mut self, members: &[(String, Node)], place: &str, path: &Path<'_>) {
        self.duplicate_keys(members.iter().map(|(key, _)| key.as_str()), place, path);
    }

    /// [`duplicates`](Self::duplicates) over the keys alone.
    pub(crate) fn duplicate_keys<'k>(
        &mut self,
        keys: impl ExactSizeIterator<Item = &'k str>,
        place: &str,
        path: &Path<'_>,
    ) {
        duplicate_keys_to(keys, place, path, &mut |diagnostic| self.push(diagnostic));
    }

    /// Checks a square label (G6): non-empty, not the hand `"*"`, and in the list of
    /// squares when one is given. Returns whether the label is acceptable.
    pub(crate) fn square(&mut self, label: &str, path: &Path<'_>) -> bool {
        if label.is_empty() {
            let message = "a square label must not be empty".to_owned();
            self.error(codes::EMPTY_SQUARE_LABEL, path, message);
            return false;
        }
        if label == "*" {
            let message = "square \"*\" (a player's hand in other GGN editions) is out of scope: \
                           this edition describes board-to-board moves only"
                .to_owned();
            self.error(codes::UNKNOWN_KEY, path, message);
            return false;
        }
        if self
            .options
            .squares
            .as_ref()
            .is_some_and(|squares| !squares.contains(label))
        {
            let message = format!("square {label:?} is not in the list of board squares");
            self.error(codes::UNKNOWN_SQUARE, path, message);
            return false;
        }
        true
    }
}

/// Hands `each` a `duplicate-key` error for every key of `keys` that repeats an earlier one
/// (G9), in the order of the keys; `place` names the object in the message.
pub(crate) fn duplicate_keys_to<'k>(
    keys: impl ExactSizeIterator<Item = &'k str>,
    place: &str,
    path: &Path<'_>,
    each: &mut dyn FnMut(Diagnostic),
) {
    if keys.len() < 2 {
        return;
    }
    // Sorted indices rather than a map of every key: the keys' slices (16 bytes a key, an
    // exact allocation), then 4-byte indices (8-byte ones past 2^32 keys), instead of a map's
    // 50 bytes or so a key. An error-dense document (`{"x":[],"x":[],…}`, a key every 7 bytes)
    // is mostly keys: at 56 bytes a key here, 14.7 MB of it peaked at 141 MB, over its budget.
    let keys: Vec<&str> = keys.collect();
    match u32::try_from(keys.len()) {
        Ok(_) => repeats_to::<u32>(&keys, place, path, each),
        Err(_) => repeats_to::<usize>(&keys, place, path, each),
    }
}

/// An index into the keys of [`duplicate_keys_to`]: `u32` while they are fewer than 2^32.
trait KeyIndex: Copy + Ord {
    /// `i`, which the type holds (the caller chose it so).
    fn new(i: usize) -> Self;
    fn get(self) -> usize;
}

impl KeyIndex for u32 {
    #[allow(clippy::cast_possible_truncation)] // chosen only when every index fits
    fn new(i: usize) -> Self {
        i as u32
    }
    fn get(self) -> usize {
        self as usize
    }
}

impl KeyIndex for usize {
    fn new(i: usize) -> Self {
        i
    }
    fn get(self) -> usize {
        self
    }
}

/// The work of [`duplicate_keys_to`] with indices of type `I`, which holds every index of
/// `keys`.
fn repeats_to<I: KeyIndex>(
    keys: &[&str],
    place: &str,
    path: &Path<'_>,
    each: &mut dyn FnMut(Diagnostic),
) {
    let mut order: Vec<I> = (0..keys.len()).map(I::new).collect();
    order.sort_unstable_by(|&a, &b| keys[a.get()].cmp(keys[b.get()]).then(a.cmp(&b)));
    // For each member, the first member with its key (itself when it is the first), then
    // the members in their order: no list of the repeats, which would be as long as the keys.
    let mut first_of: Vec<I> = vec![order[0]; keys.len()];
    let mut first = order[0];
    for &i in &order[1..] {
        if keys[i.get()] != keys[first.get()] {
            first = i;
        }
        first_of[i.get()] = first;
    }
    drop(order);
    for (i, &earlier) in first_of.iter().enumerate() {
        let earlier = earlier.get();
        if earlier == i {
            continue;
        }
        let key = keys[i];
        let message = format!(
            "duplicate key {key:?} in {place} (members {} and {}): \
             most JSON readers would keep only the last one",
            earlier + 1,
            i + 1
        );
        each(Diagnostic::error(
            codes::DUPLICATE_KEY,
            path.key(key).render(),
            message,
        ));
    }
}

/// A value's type for messages: `null`, `a string "x"`, `an array`, `a number 3`, ….
pub(crate) fn describe(node: &Node) -> String {
    use super::super::reader::NodeKind;
    match node.kind() {
        NodeKind::Null => "null".to_owned(),
        NodeKind::Bool(b) => format!("a boolean ({b})"),
        // serde_json reads `-0` as the float -0.0; the document said `-0`.
        NodeKind::Number(n) if n.as_f64().is_some_and(|f| f == 0.0 && f.is_sign_negative()) => {
            "a number (-0)".to_owned()
        }
        NodeKind::Number(n) => format!("a number ({n})"),
        NodeKind::String(s) => format!("a string ({s:?})"),
        NodeKind::Array(_) => "an array".to_owned(),
        NodeKind::Object(_) => "an object".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::{repeats_to, Diagnostic, Path};

    fn repeats<I: super::KeyIndex>(keys: &[&str]) -> Vec<(String, String)> {
        let mut found = Vec::new();
        repeats_to::<I>(keys, "the document", &Path::ROOT, &mut |d: Diagnostic| {
            found.push((d.pointer, d.message));
        });
        found
    }

    #[test]
    fn each_repeat_names_the_first_member_with_its_key_in_member_order() {
        let keys = ["b", "a", "b", "c", "a", "b"];
        let found = repeats::<u32>(&keys);
        let pointers: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
        assert_eq!(pointers, ["/b", "/a", "/b"]);
        assert!(found[0].1.contains("(members 1 and 3)"), "{found:?}");
        assert!(found[1].1.contains("(members 2 and 5)"), "{found:?}");
        assert!(found[2].1.contains("(members 1 and 6)"), "{found:?}");
        // The indices past 2^32 keys: the same answers.
        assert_eq!(repeats::<usize>(&keys), found);
    }
}
