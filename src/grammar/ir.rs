//! The grammar IR: a `.pest` file as `pest_meta` parses it (unoptimized), reduced to what the
//! generator walks: rules, sequences, ordered choices, optionals, repetitions, literals,
//! character ranges, rule calls, `SOI` and `EOI`.
//!
//! pest's built-in character classes (`ASCII_DIGIT`, `ASCII_ALPHA`, …) are mapped to choices
//! of ranges here, so the generator sees their boundaries like any other class. Anything the
//! generator cannot enumerate (lookahead, the stack, `ANY`, implicit `WHITESPACE`) is an error
//! naming the rule, never silently skipped. Every node has an id, unique in its grammar, that
//! the coverage counts and the derivation sites use.

use std::collections::HashMap;
use std::fmt;

use pest_meta::ast::{Expr, Rule as AstRule, RuleType};
use pest_meta::parser::{self, Rule as MetaRule};

/// One grammar, ready to be walked.
#[derive(Debug, Clone)]
pub struct Grammar {
    /// The rules, in the order of the file.
    pub rules: Vec<RuleDef>,
    /// The entry rule: the first rule of the file (STYLE: `SOI ~ … ~ EOI`).
    pub entry: usize,
    /// One past the largest node id.
    pub node_count: usize,
}

/// A named rule.
#[derive(Debug, Clone)]
pub struct RuleDef {
    /// The rule's name in the grammar file.
    pub name: String,
    /// A hash of the name: with [`Node::local`], it names derivation sites so that editing
    /// one rule leaves the defaults of every other rule's sites unchanged.
    pub key: u32,
    /// Its expression.
    pub body: Node,
    /// Whether the rule is atomic (`@{}`) or compound-atomic (`${}`): pest then reports a
    /// failure inside it at the rule's start, not where the input stopped fitting.
    pub atomic: bool,
    /// Whether the rule is silent (`_{}`): it makes no node of the parse tree, so a
    /// character it matches lies in the nearest non-silent rule that calls it.
    pub silent: bool,
}

/// An expression, with its ids.
#[derive(Debug, Clone)]
pub struct Node {
    /// Unique in the grammar.
    pub id: usize,
    /// Unique in its rule (numbered from 0 in each rule).
    pub local: u32,
    /// What it matches.
    pub kind: Kind,
}

/// The kinds of expression the generator understands.
#[derive(Debug, Clone)]
pub enum Kind {
    /// An exact string.
    Literal(String),
    /// One character in `low..=high`.
    Range(char, char),
    /// Each part in turn.
    Seq(Vec<Node>),
    /// The first alternative that matches (PEG ordered choice).
    Choice(Vec<Node>),
    /// The item or nothing.
    Optional(Box<Node>),
    /// The item `min` to `max` times (`None`: no maximum).
    Repeat {
        /// What is repeated.
        item: Box<Node>,
        /// The least count.
        min: u32,
        /// The greatest count, if any.
        max: Option<u32>,
    },
    /// Another rule, by index into [`Grammar::rules`].
    Call(usize),
    /// Start of input: matches nothing.
    Soi,
    /// End of input: matches nothing.
    Eoi,
}

/// Why a grammar cannot be used by the generator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrammarError {
    /// The grammar file.
    pub file: String,
    /// What is wrong, and where.
    pub message: String,
}

impl fmt::Display for GrammarError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.file, self.message)
    }
}

impl std::error::Error for GrammarError {}

impl Grammar {
    /// Parses the text of a `.pest` file (`file` names it in errors).
    pub fn parse(file: &str, text: &str) -> Result<Grammar, GrammarError> {
        let fail = |message: String| GrammarError {
            file: file.to_owned(),
            message,
        };
        let pairs =
            parser::parse(MetaRule::grammar_rules, text).map_err(|e| fail(e.to_string()))?;
        let rules = parser::consume_rules(pairs).map_err(|errors| {
            fail(
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("\n"),
            )
        })?;
        Grammar::from_ast(&rules).map_err(fail)
    }

    /// The `pest_meta` rules (unoptimized) as the IR: the rules the entry rule (the first)
    /// reaches. A stacked grammar holds the rules of the files it composes, their own entry
    /// rules among them; the IR leaves out what its entry rule never calls.
    fn from_ast(all: &[AstRule]) -> Result<Grammar, String> {
        for rule in all {
            if matches!(rule.name.as_str(), "WHITESPACE" | "COMMENT") {
                return Err(format!(
                    "rule {}: implicit WHITESPACE and COMMENT are not supported (D1: no trimming)",
                    rule.name
                ));
            }
        }
        let reached = reachable(all);
        let rules: Vec<&AstRule> = all
            .iter()
            .zip(&reached)
            .filter_map(|(rule, &reached)| reached.then_some(rule))
            .collect();
        let index: HashMap<&str, usize> = rules
            .iter()
            .enumerate()
            .map(|(i, rule)| (rule.name.as_str(), i))
            .collect();
        let mut builder = Builder {
            index: &index,
            next_id: 0,
            next_local: 0,
            rule: "",
        };
        let mut defs = Vec::with_capacity(rules.len());
        for rule in rules {
            builder.rule = &rule.name;
            builder.next_local = 0;
            let body = builder.node(&rule.expr)?;
            let key = rule.name.bytes().fold(0x811C_9DC5_u32, |h, b| {
                (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
            });
            defs.push(RuleDef {
                name: rule.name.clone(),
                key,
                body,
                atomic: matches!(rule.ty, RuleType::Atomic | RuleType::CompoundAtomic),
                silent: matches!(rule.ty, RuleType::Silent),
            });
        }
        if defs.is_empty() {
            return Err("the grammar has no rule".to_owned());
        }
        Ok(Grammar {
            rules: defs,
            entry: 0,
            node_count: builder.next_id,
        })
    }

    /// The separator of the language: the first literal that every string of it holds exactly
    /// once, outside any optional part, repetition or alternative that lacks it (the `:` of
    /// `style:piece`); `None` when there is none (PIN, SIN, EPIN, SNN).
    pub fn separator(&self) -> Option<&str> {
        self.mandatory(&self.rules[self.entry].body, 0)
            .into_iter()
            .next()
    }

    /// The literals every string matched by `node` holds, in order (calls followed to a
    /// depth, for recursive grammars).
    fn mandatory<'g>(&'g self, node: &'g Node, depth: usize) -> Vec<&'g str> {
        match &node.kind {
            Kind::Literal(text) => vec![text.as_str()],
            Kind::Seq(items) => items
                .iter()
                .flat_map(|item| self.mandatory(item, depth))
                .collect(),
            Kind::Choice(items) => {
                let mut alternatives = items.iter().map(|item| self.mandatory(item, depth));
                let first = alternatives.next().unwrap_or_default();
                alternatives.fold(first, |common, other| {
                    common
                        .into_iter()
                        .filter(|text| other.contains(text))
                        .collect()
                })
            }
            Kind::Call(rule) if depth < 64 => self.mandatory(&self.rules[*rule].body, depth + 1),
            Kind::Optional(_)
            | Kind::Repeat { .. }
            | Kind::Range(..)
            | Kind::Call(_)
            | Kind::Soi
            | Kind::Eoi => Vec::new(),
        }
    }

    /// Every string of the language, in derivation order (alternatives in order, an optional
    /// part absent then present, ranges from low to high), when it is finite and holds at
    /// most `limit` strings; `None` otherwise. Read as a context-free grammar: the caller's
    /// parser confirms each string.
    pub fn language(&self, limit: usize) -> Option<Vec<String>> {
        let mut strings = self.strings(&self.rules[self.entry].body, limit, 0)?;
        let mut seen = std::collections::HashSet::new();
        strings.retain(|text| seen.insert(text.clone()));
        Some(strings)
    }

    fn strings(&self, node: &Node, limit: usize, depth: usize) -> Option<Vec<String>> {
        let product = |left: Vec<String>, right: &[String]| -> Option<Vec<String>> {
            if left.len().saturating_mul(right.len()) > limit {
                return None;
            }
            Some(
                left.iter()
                    .flat_map(|a| right.iter().map(move |b| format!("{a}{b}")))
                    .collect(),
            )
        };
        let strings = match &node.kind {
            Kind::Literal(text) => vec![text.clone()],
            Kind::Range(low, high) => (*low..=*high).map(String::from).collect(),
            Kind::Seq(items) => {
                let mut out = vec![String::new()];
                for item in items {
                    out = product(out, &self.strings(item, limit, depth)?)?;
                }
                out
            }
            Kind::Choice(items) => {
                let mut out = Vec::new();
                for item in items {
                    out.extend(self.strings(item, limit, depth)?);
                }
                out
            }
            Kind::Optional(item) => {
                let mut out = vec![String::new()];
                out.extend(self.strings(item, limit, depth)?);
                out
            }
            Kind::Repeat { item, min, max } => {
                let max = (*max)?;
                let once = self.strings(item, limit, depth)?;
                let mut out = Vec::new();
                let mut power = vec![String::new()];
                for count in 0..=max {
                    if count >= *min {
                        out.extend(power.iter().cloned());
                    }
                    if count < max {
                        power = product(power, &once)?;
                    }
                }
                out
            }
            Kind::Call(rule) if depth < 64 => {
                self.strings(&self.rules[*rule].body, limit, depth + 1)?
            }
            Kind::Call(_) => return None,
            Kind::Soi | Kind::Eoi => vec![String::new()],
        };
        (strings.len() <= limit).then_some(strings)
    }

    /// The rule named `name`.
    pub fn rule(&self, name: &str) -> Option<&RuleDef> {
        self.rules.iter().find(|rule| rule.name == name)
    }

    /// Every node of every rule, depth first, rule by rule.
    pub fn nodes(&self) -> Vec<&Node> {
        let mut all = Vec::with_capacity(self.node_count);
        for rule in &self.rules {
            rule.body.walk(&mut |node| all.push(node));
        }
        all
    }

    /// Every literal the grammar matches, deduplicated, in order of appearance.
    pub fn literals(&self) -> Vec<&str> {
        let mut found: Vec<&str> = Vec::new();
        for node in self.nodes() {
            if let Kind::Literal(text) = &node.kind {
                if !found.contains(&text.as_str()) {
                    found.push(text);
                }
            }
        }
        found
    }

    /// Every range the grammar matches, deduplicated, in order of appearance.
    pub fn ranges(&self) -> Vec<(char, char)> {
        let mut found = Vec::new();
        for node in self.nodes() {
            if let Kind::Range(low, high) = node.kind {
                if !found.contains(&(low, high)) {
                    found.push((low, high));
                }
            }
        }
        found
    }

    /// Every character the grammar matches anywhere (the characters of its literals and its
    /// ranges), as sorted, disjoint, non-adjacent inclusive ranges.
    pub fn characters(&self) -> Vec<(char, char)> {
        let mut ranges: Vec<(char, char)> = self.ranges();
        for literal in self.literals() {
            ranges.extend(literal.chars().map(|c| (c, c)));
        }
        ranges.sort_unstable();
        let mut merged: Vec<(char, char)> = Vec::with_capacity(ranges.len());
        for (low, high) in ranges {
            match merged.last_mut() {
                Some((_, last)) if u32::from(low) <= u32::from(*last) + 1 => {
                    *last = (*last).max(high);
                }
                _ => merged.push((low, high)),
            }
        }
        merged
    }
}

impl Node {
    /// Calls `visit` on this node and every node under it (not into called rules).
    pub fn walk<'a>(&'a self, visit: &mut impl FnMut(&'a Node)) {
        visit(self);
        match &self.kind {
            Kind::Seq(items) | Kind::Choice(items) => {
                for item in items {
                    item.walk(visit);
                }
            }
            Kind::Optional(item) | Kind::Repeat { item, .. } => item.walk(visit),
            Kind::Literal(_) | Kind::Range(..) | Kind::Call(_) | Kind::Soi | Kind::Eoi => {}
        }
    }
}

/// Builds nodes, numbering them in creation order.
struct Builder<'a> {
    index: &'a HashMap<&'a str, usize>,
    next_id: usize,
    next_local: u32,
    /// The rule being converted, for error messages.
    rule: &'a str,
}

impl Builder<'_> {
    fn make(&mut self, kind: Kind) -> Node {
        let (id, local) = (self.next_id, self.next_local);
        self.next_id += 1;
        self.next_local += 1;
        Node { id, local, kind }
    }

    fn node(&mut self, expr: &Expr) -> Result<Node, String> {
        let kind = match expr {
            Expr::Str(text) => Kind::Literal(text.clone()),
            Expr::Insens(text) => return Ok(self.insensitive(text)),
            Expr::Range(low, high) => Kind::Range(single_char(low)?, single_char(high)?),
            Expr::Ident(name) => return self.ident(name),
            Expr::Seq(..) => {
                let mut parts = Vec::new();
                flatten(expr, &mut parts, |e| match e {
                    Expr::Seq(a, b) => Some((a, b)),
                    _ => None,
                });
                Kind::Seq(
                    parts
                        .into_iter()
                        .map(|e| self.node(e))
                        .collect::<Result<_, _>>()?,
                )
            }
            Expr::Choice(..) => {
                let mut parts = Vec::new();
                flatten(expr, &mut parts, |e| match e {
                    Expr::Choice(a, b) => Some((a, b)),
                    _ => None,
                });
                Kind::Choice(
                    parts
                        .into_iter()
                        .map(|e| self.node(e))
                        .collect::<Result<_, _>>()?,
                )
            }
            Expr::Opt(item) => Kind::Optional(Box::new(self.node(item)?)),
            Expr::Rep(item) => self.repeat(item, 0, None)?,
            Expr::RepOnce(item) => self.repeat(item, 1, None)?,
            Expr::RepExact(item, n) => self.repeat(item, *n, Some(*n))?,
            Expr::RepMin(item, min) => self.repeat(item, *min, None)?,
            Expr::RepMax(item, max) => self.repeat(item, 0, Some(*max))?,
            Expr::RepMinMax(item, min, max) => self.repeat(item, *min, Some(*max))?,
            other => {
                return Err(format!(
                    "rule {}: {other:?} is not supported by the corpus generator \
                     (lookahead, the stack and tags cannot be enumerated)",
                    self.rule
                ))
            }
        };
        Ok(self.make(kind))
    }

    fn repeat(&mut self, item: &Expr, min: u32, max: Option<u32>) -> Result<Kind, String> {
        Ok(Kind::Repeat {
            item: Box::new(self.node(item)?),
            min,
            max,
        })
    }

    /// A rule call, or a built-in mapped to ranges.
    fn ident(&mut self, name: &str) -> Result<Node, String> {
        if let Some(&rule) = self.index.get(name) {
            return Ok(self.make(Kind::Call(rule)));
        }
        let ranges: &[(char, char)] = match name {
            "SOI" => return Ok(self.make(Kind::Soi)),
            "EOI" => return Ok(self.make(Kind::Eoi)),
            "NEWLINE" => {
                let items = ["\n", "\r\n", "\r"].map(|t| self.make(Kind::Literal(t.to_owned())));
                return Ok(self.make(Kind::Choice(items.into())));
            }
            "ASCII_DIGIT" => &[('0', '9')],
            "ASCII_NONZERO_DIGIT" => &[('1', '9')],
            "ASCII_BIN_DIGIT" => &[('0', '1')],
            "ASCII_OCT_DIGIT" => &[('0', '7')],
            "ASCII_HEX_DIGIT" => &[('0', '9'), ('a', 'f'), ('A', 'F')],
            "ASCII_ALPHA_LOWER" => &[('a', 'z')],
            "ASCII_ALPHA_UPPER" => &[('A', 'Z')],
            "ASCII_ALPHA" => &[('a', 'z'), ('A', 'Z')],
            "ASCII_ALPHANUMERIC" => &[('a', 'z'), ('A', 'Z'), ('0', '9')],
            "ASCII" => &[('\0', '\x7f')],
            _ => {
                return Err(format!(
                    "rule {}: unknown rule or unsupported built-in {name}",
                    self.rule
                ))
            }
        };
        if let [(low, high)] = ranges {
            return Ok(self.make(Kind::Range(*low, *high)));
        }
        let items = ranges
            .iter()
            .map(|&(low, high)| self.make(Kind::Range(low, high)))
            .collect();
        Ok(self.make(Kind::Choice(items)))
    }

    /// `^"text"`: each ASCII letter as a choice of its two cases.
    fn insensitive(&mut self, text: &str) -> Node {
        let parts = text
            .chars()
            .map(|c| {
                let (upper, lower) = (c.to_ascii_uppercase(), c.to_ascii_lowercase());
                if upper == lower {
                    self.make(Kind::Literal(c.to_string()))
                } else {
                    let items = [upper, lower].map(|c| self.make(Kind::Literal(c.to_string())));
                    self.make(Kind::Choice(items.into()))
                }
            })
            .collect();
        self.make(Kind::Seq(parts))
    }
}

/// Which rules the first rule reaches through calls (by index in `rules`).
fn reachable(rules: &[AstRule]) -> Vec<bool> {
    let index: HashMap<&str, usize> = rules
        .iter()
        .enumerate()
        .map(|(i, rule)| (rule.name.as_str(), i))
        .collect();
    let mut reached = vec![false; rules.len()];
    let mut stack: Vec<usize> = Vec::from_iter((!rules.is_empty()).then_some(0));
    while let Some(rule) = stack.pop() {
        if std::mem::replace(&mut reached[rule], true) {
            continue;
        }
        let mut calls = Vec::new();
        idents(&rules[rule].expr, &mut calls);
        stack.extend(
            calls
                .into_iter()
                .filter_map(|name| index.get(name).copied()),
        );
    }
    reached
}

/// The rule names an expression calls.
fn idents<'e>(expr: &'e Expr, out: &mut Vec<&'e str>) {
    match expr {
        Expr::Ident(name) => out.push(name),
        Expr::Seq(a, b) | Expr::Choice(a, b) => {
            idents(a, out);
            idents(b, out);
        }
        Expr::Opt(item)
        | Expr::Rep(item)
        | Expr::RepOnce(item)
        | Expr::RepExact(item, _)
        | Expr::RepMin(item, _)
        | Expr::RepMax(item, _)
        | Expr::RepMinMax(item, _, _)
        | Expr::PosPred(item)
        | Expr::NegPred(item) => idents(item, out),
        _ => {}
    }
}

/// The operands of a chain of one binary operator (`a ~ b ~ c`), left to right.
fn flatten<'e>(
    expr: &'e Expr,
    out: &mut Vec<&'e Expr>,
    split: fn(&'e Expr) -> Option<(&'e Expr, &'e Expr)>,
) {
    match split(expr) {
        Some((left, right)) => {
            flatten(left, out, split);
            flatten(right, out, split);
        }
        None => out.push(expr),
    }
}

/// The character of a range bound (`pest_meta` gives it unquoted and unescaped).
fn single_char(bound: &str) -> Result<char, String> {
    let mut chars = bound.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Ok(c),
        _ => Err(format!("range bound {bound:?} is not one character")),
    }
}
