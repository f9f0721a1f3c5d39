//! The position classes of the confusion alphabet, read from the grammar: each character of
//! a valid input lies in the innermost non-silent rule of its parse, named after the role rule
//! (the notation's roles in the notation table: the rules that hold the style, the type, a
//! modifier) that encloses it when that is another rule: `style/identifier_tail` (snn-pin),
//! `type/abbr` (beta), `colon`. The two case branches share their classes: `uppercase_` and
//! `lowercase_` prefixes and suffixes are dropped from the names. The end of the input is
//! `end`.
//!
//! The parse is a PEG walk of the [IR](crate::grammar::ir) (ordered choice, greedy
//! repetition, no backtracking into either), so it follows pest on every input pest accepts.

use crate::grammar::ir::{Grammar, Kind, Node};

/// The position class of the end of the input (the entry rule's `EOI`).
pub(crate) const END: &str = "end";

/// The position class of each character of `input` (by character index), or `None` when
/// the grammar does not accept it. `role_rules` are the names of the rules that hold an
/// attribute.
pub(crate) fn places(grammar: &Grammar, role_rules: &[&str], input: &str) -> Option<Vec<String>> {
    let chars: Vec<char> = input.chars().collect();
    let mut walk = Walk {
        grammar,
        input: &chars,
        spans: Vec::new(),
        depth: 0,
    };
    let entry = &grammar.rules[grammar.entry];
    if walk.node(&entry.body, 0)? != chars.len() {
        return None;
    }
    let name = |rule: usize| grammar.rules[rule].name.as_str();
    let labels = (0..chars.len())
        .map(|at| {
            let mut enclosing: Vec<&Span> = walk
                .spans
                .iter()
                .filter(|s| s.start <= at && at < s.end && !grammar.rules[s.rule].silent)
                .collect();
            enclosing.sort_by_key(|s| s.depth);
            let inner = enclosing
                .last()
                .map_or(entry.name.as_str(), |s| name(s.rule));
            let role = enclosing
                .iter()
                .rev()
                .map(|s| name(s.rule))
                .find(|rule| role_rules.contains(rule));
            match role {
                Some(role) if role != inner => format!("{}/{}", caseless(role), caseless(inner)),
                _ => caseless(inner).to_owned(),
            }
        })
        .collect();
    Some(labels)
}

/// A rule name without its case: `uppercase_style` and `style_lowercase` are `style`.
fn caseless(name: &str) -> &str {
    let name = name
        .strip_prefix("uppercase_")
        .or_else(|| name.strip_prefix("lowercase_"))
        .unwrap_or(name);
    name.strip_suffix("_uppercase")
        .or_else(|| name.strip_suffix("_lowercase"))
        .unwrap_or(name)
}

/// A rule's match: which rule, where, how deep in the parse.
struct Span {
    rule: usize,
    start: usize,
    end: usize,
    depth: usize,
}

/// The PEG walk, recording the span of every rule call that succeeds.
struct Walk<'a> {
    grammar: &'a Grammar,
    input: &'a [char],
    spans: Vec<Span>,
    depth: usize,
}

impl Walk<'_> {
    /// Where `node` stops matching from `at`, or `None`; a failure leaves no span behind.
    fn node(&mut self, node: &Node, at: usize) -> Option<usize> {
        let mark = self.spans.len();
        let end = self.kind(&node.kind, at);
        if end.is_none() {
            self.spans.truncate(mark);
        }
        end
    }

    fn kind(&mut self, kind: &Kind, at: usize) -> Option<usize> {
        match kind {
            Kind::Literal(text) => {
                let mut end = at;
                for c in text.chars() {
                    (self.input.get(end) == Some(&c)).then_some(())?;
                    end += 1;
                }
                Some(end)
            }
            Kind::Range(low, high) => self
                .input
                .get(at)
                .filter(|c| (low..=high).contains(c))
                .map(|_| at + 1),
            Kind::Seq(items) => items.iter().try_fold(at, |at, item| self.node(item, at)),
            Kind::Choice(items) => items.iter().find_map(|item| self.node(item, at)),
            Kind::Optional(item) => Some(self.node(item, at).unwrap_or(at)),
            Kind::Repeat { item, min, max } => {
                let (mut end, mut count) = (at, 0);
                while max.is_none_or(|max| count < max) {
                    match self.node(item, end) {
                        Some(next) => {
                            count += 1;
                            if next == end {
                                break; // no progress: pest stops too
                            }
                            end = next;
                        }
                        None => break,
                    }
                }
                (count >= *min).then_some(end)
            }
            Kind::Call(rule) => {
                self.depth += 1;
                let end = self.node(&self.grammar.rules[*rule].body, at);
                self.depth -= 1;
                let end = end?;
                self.spans.push(Span {
                    rule: *rule,
                    start: at,
                    end,
                    depth: self.depth + 1,
                });
                Some(end)
            }
            Kind::Soi => (at == 0).then_some(at),
            Kind::Eoi => (at == self.input.len()).then_some(at),
        }
    }
}
