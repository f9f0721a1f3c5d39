//! One variant: its keys, its maps, and the checks between them (spec "Validation Rules").

use super::super::codes;
use super::super::document::{Span, Variant};
use super::super::pointer::Path;
use super::super::reader::Node;
use super::checker::{Checker, Move};
use super::logic;
use super::values::{Entry, Field};

impl Checker<'_> {
    /// Checks one variant; returns it when it has no error.
    pub(super) fn variant(
        &mut self,
        context: &Move<'_>,
        node: &Node,
        path: &Path<'_>,
    ) -> Option<Variant> {
        let members = self.object(node, "a variant object (require, prevent, perform)", path)?;
        let errors_before = self.error_count();
        self.duplicates(members, "a variant", path);
        let mut require: Vec<Entry<'_>> = Vec::new();
        let mut prevent: Vec<Entry<'_>> = Vec::new();
        let mut perform = Vec::new();
        let mut has_perform = false;
        for (key, value) in members {
            let at = path.key(key);
            match key.as_str() {
                "require" => require.extend(self.conditions(Field::Require, value, &at)),
                "prevent" => prevent.extend(self.conditions(Field::Prevent, value, &at)),
                "perform" => {
                    has_perform = true;
                    perform.extend(self.effects(value, &at));
                }
                _ => self.unknown_key(key, &at),
            }
        }
        if !has_perform {
            let message =
                "a variant must have \"perform\": the squares the move changes".to_owned();
            self.error(codes::MISSING_PERFORM, path, message);
        }
        logic::check(self, context, &require, &prevent, path);
        if self.error_count() > errors_before {
            return None;
        }
        let require = compile(self, &require);
        let prevent = compile(self, &prevent);
        let parts = &mut self.parts;
        let start = parts.effects.len();
        parts.effects.extend(perform);
        let perform = Span::new(start, parts.effects.len());
        Some(Variant::new(require, prevent, perform))
    }
}

/// Adds the conditions of `entries` to the model; returns where they are.
fn compile(checker: &mut Checker<'_>, entries: &[Entry<'_>]) -> Span {
    let start = checker.parts.conditions.len();
    for entry in entries {
        if let Some(condition) = entry.compile(checker) {
            checker.parts.conditions.push(condition);
        }
    }
    Span::new(start, checker.parts.conditions.len())
}
