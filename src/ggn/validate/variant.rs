//! One variant: its keys, its maps, and the checks between them (spec "Validation Rules").

use super::super::codes;
use super::super::document::{Compiled, Variant};
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
        let mut compiled = Compiled::default();
        let require = compile(self, &require, &mut compiled.require);
        let prevent = compile(self, &prevent, &mut compiled.prevent);
        Some(Variant::new(require, prevent, perform, compiled))
    }
}

fn compile(
    checker: &mut Checker<'_>,
    entries: &[Entry<'_>],
    conditions: &mut Vec<super::super::document::Condition>,
) -> Vec<(String, super::super::document::State)> {
    entries
        .iter()
        .filter_map(|entry| {
            let (state, condition) = entry.compile(checker)?;
            conditions.push(condition);
            Some(state)
        })
        .collect()
}
