//! The IR translated into one regex: every rule inlined, the rules that hold an attribute
//! (the roles of the notation's row) as named groups, numbered so that no name repeats; and
//! how every engine of the fast path reads that regex.
//!
//! The translation refuses, naming the rule, recursion, `SOI` or `EOI` anywhere but at the
//! ends of the entry rule, atomic rules (pest reports failures inside them at the rule's
//! start) and non-ASCII characters.

use regex_automata::dfa::{dense, StartKind};
use regex_automata::util::syntax;
use regex_automata::MatchKind;

use crate::grammar::ir::{Grammar, Kind, Node};
use crate::notation::Role;

/// How every engine reads the pattern: bytes, no Unicode classes.
pub(super) fn syntax_config() -> syntax::Config {
    syntax::Config::new().unicode(false).utf8(false)
}

/// The anchored DFA of the verdict and of D11 (every match kind: no match is preferred).
pub(super) fn verdict_dfa(pattern: &str) -> Result<dense::DFA<Vec<u32>>, String> {
    dense::Builder::new()
        .configure(
            dense::Config::new()
                .match_kind(MatchKind::All)
                .start_kind(StartKind::Anchored),
        )
        .syntax(syntax_config())
        .build(pattern)
        .map_err(|error| error.to_string())
}

/// A refusal: the rule, and why.
pub(super) type Refusal = (String, String);

/// The translator of one grammar.
pub(super) struct Translator<'g> {
    grammar: &'g Grammar,
    /// The role table; `None` translates without groups (the sub-patterns of the check).
    table: Option<&'static [(&'static str, Role)]>,
    /// The groups made so far: name and role.
    pub(super) groups: Vec<(String, Role)>,
    /// The rules being translated, innermost last.
    stack: Vec<usize>,
}

impl<'g> Translator<'g> {
    /// A translator of `grammar` with the role table `table` (`None`: no groups), inside the
    /// rules of `stack` (innermost last).
    pub(super) fn new(
        grammar: &'g Grammar,
        table: Option<&'static [(&'static str, Role)]>,
        stack: Vec<usize>,
    ) -> Translator<'g> {
        Translator {
            grammar,
            table,
            groups: Vec::new(),
            stack,
        }
    }

    /// The entry rule: `SOI ~ … ~ EOI`, translated to the regex of the middle, then `$`.
    pub(super) fn entry(&mut self) -> Result<String, Refusal> {
        let entry = &self.grammar.rules[self.grammar.entry];
        let refuse = |message: &str| Err((entry.name.clone(), message.to_owned()));
        let Kind::Seq(items) = &entry.body.kind else {
            return refuse("the entry rule is not SOI ~ … ~ EOI (D1)");
        };
        let (Some(first), Some(last)) = (items.first(), items.last()) else {
            return refuse("the entry rule is empty");
        };
        if !matches!(first.kind, Kind::Soi) || !matches!(last.kind, Kind::Eoi) || items.len() < 3 {
            return refuse("the entry rule is not SOI ~ … ~ EOI (D1)");
        }
        if entry.atomic {
            return refuse("atomic rules move pest's error position to their start (D11)");
        }
        self.stack.push(self.grammar.entry);
        let mut pattern = String::new();
        for item in &items[1..items.len() - 1] {
            pattern.push_str(&self.expr(item)?);
        }
        self.stack.pop();
        pattern.push('$');
        Ok(pattern)
    }

    fn rule_name(&self) -> String {
        self.stack
            .last()
            .map(|&rule| self.grammar.rules[rule].name.clone())
            .unwrap_or_default()
    }

    pub(super) fn expr(&mut self, node: &Node) -> Result<String, Refusal> {
        let refuse = |this: &Self, message: String| Err((this.rule_name(), message));
        Ok(match &node.kind {
            Kind::Literal(text) => {
                if !text.is_ascii() {
                    return refuse(self, format!("the literal {text:?} is not ASCII"));
                }
                format!("(?:{})", regex::escape(text))
            }
            Kind::Range(low, high) => {
                if !low.is_ascii() || !high.is_ascii() {
                    return refuse(self, format!("the range {low:?}..{high:?} is not ASCII"));
                }
                format!("[\\x{:02X}-\\x{:02X}]", u32::from(*low), u32::from(*high))
            }
            Kind::Seq(items) => {
                let mut out = String::from("(?:");
                for item in items {
                    out.push_str(&self.expr(item)?);
                }
                out.push(')');
                out
            }
            Kind::Choice(items) => {
                let parts = items
                    .iter()
                    .map(|item| self.expr(item))
                    .collect::<Result<Vec<_>, _>>()?;
                format!("(?:{})", parts.join("|"))
            }
            Kind::Optional(item) => format!("(?:{})?", self.expr(item)?),
            Kind::Repeat { item, min, max } => {
                let item = self.expr(item)?;
                match max {
                    Some(max) => format!("(?:{item}){{{min},{max}}}"),
                    None => format!("(?:{item}){{{min},}}"),
                }
            }
            Kind::Call(rule) => self.call(*rule)?,
            Kind::Soi | Kind::Eoi => {
                return refuse(
                    self,
                    "SOI and EOI are only read at the ends of the entry rule".to_owned(),
                )
            }
        })
    }

    fn call(&mut self, index: usize) -> Result<String, Refusal> {
        let def = &self.grammar.rules[index];
        if self.stack.contains(&index) {
            return Err((def.name.clone(), "the rule is recursive".to_owned()));
        }
        if def.atomic {
            return Err((
                def.name.clone(),
                "atomic rules move pest's error position to their start (D11)".to_owned(),
            ));
        }
        self.stack.push(index);
        let body = self.expr(&def.body)?;
        self.stack.pop();
        let role = self
            .table
            .and_then(|table| table.iter().find(|(name, _)| *name == def.name))
            .map(|&(_, role)| role);
        Ok(match role {
            Some(role) => {
                let name = format!("{}_{}", role.as_str(), self.groups.len());
                let group = format!("(?P<{name}>{body})");
                self.groups.push((name, role));
                group
            }
            None => body,
        })
    }
}
