//! Edited grammars (`gan generate --grammar-dir`): a `.pest` file run by `pest_vm`, the same
//! engine as the compiled parsers, so the verdict and the D11 offset mean the same thing.
//!
//! The actor of an accepted input is read from the parse tree by rule name: each notation's
//! row in the notation table says which rules hold the style, the type and each modifier (the
//! names of the shipped grammar files). An edited grammar that keeps those names keeps its
//! actors.

use pest_meta::{optimizer, parser};
use pest_vm::Vm;

use crate::model::{ActorFields, Dialect, Side, State};
use crate::notation::Role;

/// A dialect's grammar, read from a file and run by `pest_vm`.
pub(crate) struct VmGrammar {
    dialect: Dialect,
    vm: Vm,
    entry: String,
}

impl VmGrammar {
    /// Compiles the text of `file` for `dialect`; the entry rule is the file's first rule.
    pub(crate) fn new(dialect: Dialect, file: &str, text: &str) -> Result<VmGrammar, String> {
        let pairs = parser::parse(parser::Rule::grammar_rules, text)
            .map_err(|error| format!("{file}: {error}"))?;
        let rules = parser::consume_rules(pairs).map_err(|errors| {
            let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
            format!("{file}: {}", messages.join("\n"))
        })?;
        let entry = rules
            .first()
            .map(|rule| rule.name.clone())
            .ok_or(format!("{file}: no rule"))?;
        Ok(VmGrammar {
            dialect,
            vm: Vm::new(optimizer::optimize(rules)),
            entry,
        })
    }

    /// `Ok` when the grammar accepts `text`, otherwise where the parse died (D11).
    pub(crate) fn recognize(&self, text: &str) -> Result<(), usize> {
        self.vm
            .parse(&self.entry, text)
            .map(drop)
            .map_err(|error| match error.location {
                pest::error::InputLocation::Pos(position) => position,
                pest::error::InputLocation::Span((start, _)) => start,
            })
    }

    /// The attributes of an accepted `text`, read from its parse tree by rule name.
    pub(crate) fn actor(&self, text: &str) -> Result<ActorFields, String> {
        let pairs = self
            .vm
            .parse(&self.entry, text)
            .map_err(|error| error.to_string())?;
        let table = self.dialect.roles();
        let mut found: Vec<(Role, &str)> = Vec::new();
        for pair in pairs.flatten() {
            let rule = pair.as_rule();
            if let Some(&(_, role)) = table.iter().find(|(name, _)| *name == rule) {
                if !found.iter().any(|(seen, _)| *seen == role) {
                    found.push((role, pair.as_str()));
                }
            }
        }
        let get = |role: Role| {
            found
                .iter()
                .find(|(seen, _)| *seen == role)
                .map(|(_, text)| *text)
        };
        let missing = |what: &str| {
            format!(
                "{text:?}: no rule of the edited {} grammar holds the {what}",
                self.dialect
            )
        };
        let has = |role: Role| self.dialect.has(role);
        Ok(ActorFields {
            style: get(Role::Style).ok_or_else(|| missing("style"))?.to_owned(),
            piece_type: get(Role::Type).ok_or_else(|| missing("type"))?.to_owned(),
            side: text
                .bytes()
                .find_map(Side::of_letter)
                .unwrap_or(Side::First),
            state: has(Role::State).then(|| match get(Role::State) {
                Some("+") => State::Enhanced,
                Some("-") => State::Diminished,
                _ => State::Normal,
            }),
            intermediate: has(Role::Intermediate).then(|| get(Role::Intermediate).is_some()),
            promoted: has(Role::Promoted).then(|| get(Role::Promoted).is_some()),
            king: has(Role::King).then(|| get(Role::King).is_some()),
        })
    }
}
