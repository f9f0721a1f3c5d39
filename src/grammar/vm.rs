//! Edited grammars (`gan generate --grammar-dir`): a `.pest` file run by `pest_vm`, the same
//! engine as the compiled parsers, so the verdict and the D11 offset mean the same thing.
//!
//! The actor of an accepted input is read from the parse tree by rule name: each notation's
//! row in the notation table says which rules hold the style, the type and each modifier (the
//! names of the shipped grammar files). An edited grammar that keeps those names keeps its
//! actors.

use pest_meta::{optimizer, parser};
use pest_vm::Vm;

use super::compile::{bit, held, Parts};
use crate::model::{ActorFields, Dialect};
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
        let has = held(self.dialect);
        let mut spans: Vec<(Role, usize, usize)> = Vec::new();
        for pair in pairs.flatten() {
            let rule = pair.as_rule();
            if let Some(&(_, role)) = table.iter().find(|(name, _)| *name == rule) {
                let span = pair.as_span();
                spans.push((role, span.start(), span.end()));
            }
        }
        for (role, what) in [(Role::Style, "style"), (Role::Type, "type")] {
            if has & bit(role) != 0 && !spans.iter().any(|(seen, ..)| *seen == role) {
                return Err(format!(
                    "{text:?}: no rule of the edited {} grammar holds the {what}",
                    self.dialect
                ));
            }
        }
        let parts = Parts::assemble(text.as_bytes(), has, spans.into_iter());
        let slice =
            |span: Option<(usize, usize)>| span.map(|(start, end)| text[start..end].to_owned());
        Ok(ActorFields {
            style: slice(parts.style),
            piece_type: slice(parts.piece_type),
            side: parts.side,
            state: parts.state,
            intermediate: parts.intermediate,
            promoted: parts.promoted,
            king: parts.king,
            terminal: parts.terminal,
            derived: parts.derived,
            indices: slice(parts.coordinate).and_then(|text| crate::model::cell_indices(&text)),
        })
    }
}
