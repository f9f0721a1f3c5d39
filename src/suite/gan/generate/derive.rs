//! Derivations: one string from a [`Grammar`], following a [`Plan`] that decides, at every
//! decision point (a *site*), which alternative, whether an optional part is present, how many
//! times a repetition runs and which character of a range is written.
//!
//! A site is named by its path: the ids of the nodes from the entry rule down to it, with the
//! instance number after each repetition. Sites without an override take a default that is a
//! hash of the seed and the path (stable when other sites change), or a draw from the seeded
//! PRNG for the random sample. Overrides may also leave the grammar on purpose (a character
//! just outside a range, a part omitted, doubled or swapped): the derivation is then marked
//! `mutated`, and its string is a candidate invalid vector.

use std::collections::HashMap;

use super::rng::mix;
use crate::grammar::ir::{Grammar, Kind, Node};

/// A site's path from the entry rule: for each rule entered, the hash of its name, then the
/// rule-local ids of the nodes down to the site, with the instance number after each
/// repetition.
pub(crate) type Path = Vec<u32>;

/// What to do at a site.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Decision {
    /// Take this alternative of a choice.
    Alt(usize),
    /// Write an optional part, or not.
    Present(bool),
    /// Run a repetition this many times (outside `min..=max`: a mutation).
    Count(u32),
    /// Write this character for a range (outside the range: a mutation).
    Char(char),
    /// Mutation: write nothing for this node.
    Omit,
    /// Mutation: write this node's text twice (an optional part: present, twice).
    Double,
    /// Mutation: in a sequence, write item `i + 1` before item `i`.
    Swap(usize),
}

/// The kinds of site, with what the generator needs to enumerate their options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SiteKind {
    /// A choice of this many alternatives.
    Choice(usize),
    /// An optional part.
    Optional,
    /// A repetition.
    Repeat { min: u32, max: Option<u32> },
    /// A character range.
    Range(char, char),
    /// A literal.
    Literal,
    /// A call of another rule.
    Call,
    /// A sequence of this many items.
    Seq(usize),
}

/// A site met while deriving.
#[derive(Debug, Clone)]
pub(crate) struct Site {
    /// Where it is.
    pub path: Path,
    /// What it is.
    pub kind: SiteKind,
    /// Inside some repetition instance (so not part of the string's shape).
    pub in_repeat: bool,
    /// Every enclosing repetition instance is the first or the second: sites deeper in long
    /// repetitions take defaults and are not enumerated one by one.
    pub explorable: bool,
}

/// A grammar element a derivation exercised (for the coverage counts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Hit {
    /// A rule was entered.
    Rule(usize),
    /// Alternative `1` of choice node `0` was taken.
    Alt(usize, usize),
    /// The low (`false`) or high (`true`) end of range node `0` was written.
    Boundary(usize, bool),
    /// Optional node `0` was present (`true`) or absent.
    Optional(usize, bool),
    /// Repetition node `0` ran `1` times.
    Count(usize, u32),
}

/// How sites without an override decide.
#[derive(Debug, Clone)]
pub(crate) enum Defaults {
    /// A hash of this seed and the site's path.
    Hashed(u64),
    /// A hash of this seed and the site's path, with longer repetitions now and then (the
    /// random sample: one seed per draw).
    Sampled(u64),
}

/// The decisions for one derivation.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    /// Decisions fixed by path.
    pub overrides: HashMap<Path, Decision>,
    /// Everything else.
    pub defaults: Defaults,
}

/// A derived string and what it went through.
#[derive(Debug, Clone)]
pub(crate) struct Derivation {
    /// The string.
    pub text: String,
    /// Every site met, in order.
    pub sites: Vec<Site>,
    /// Every element exercised (meaningful only when not mutated).
    pub hits: Vec<Hit>,
    /// Whether an override left the grammar.
    pub mutated: bool,
}

/// Rule calls nested deeper than this stop the derivation (a recursive grammar).
const MAX_CALL_DEPTH: usize = 200;

/// Derives one string from the entry rule of `grammar`.
pub(crate) fn derive(grammar: &Grammar, plan: &Plan) -> Result<Derivation, String> {
    let mut walker = Walker {
        grammar,
        plan,
        out: String::new(),
        sites: Vec::new(),
        hits: Vec::new(),
        mutated: false,
        path: Vec::new(),
        instances: Vec::new(),
        keys: Vec::new(),
        frame: 0,
        calls: 0,
    };
    walker.call(grammar.entry)?;
    Ok(Derivation {
        text: walker.out,
        sites: walker.sites,
        hits: walker.hits,
        mutated: walker.mutated,
    })
}

struct Walker<'g, 'p> {
    grammar: &'g Grammar,
    plan: &'p Plan,
    out: String,
    sites: Vec<Site>,
    hits: Vec<Hit>,
    mutated: bool,
    path: Path,
    /// The instance numbers of the enclosing repetitions.
    instances: Vec<u32>,
    /// The hash names of the rules entered and of the repetition instances, outermost first.
    keys: Vec<u32>,
    /// Where the current rule's part of `path` starts.
    frame: usize,
    calls: usize,
}

impl Walker<'_, '_> {
    fn call(&mut self, rule: usize) -> Result<(), String> {
        self.calls += 1;
        if self.calls > MAX_CALL_DEPTH {
            let name = &self.grammar.rules[rule].name;
            return Err(format!(
                "rule {name}: calls nested deeper than {MAX_CALL_DEPTH}"
            ));
        }
        self.hits.push(Hit::Rule(rule));
        let definition = &self.grammar.rules[rule];
        self.path.push(definition.key);
        self.keys.push(definition.key);
        let frame = std::mem::replace(&mut self.frame, self.path.len());
        let result = self.node(&definition.body);
        self.frame = frame;
        self.keys.pop();
        self.path.pop();
        self.calls -= 1;
        result
    }

    fn node(&mut self, node: &Node) -> Result<(), String> {
        self.path.push(node.local);
        let result = self.visit(node);
        self.path.pop();
        result
    }

    fn visit(&mut self, node: &Node) -> Result<(), String> {
        let Some(kind) = site_kind(node) else {
            return Ok(()); // SOI, EOI: nothing to write, nothing to decide.
        };
        self.sites.push(Site {
            path: self.path.clone(),
            kind,
            in_repeat: !self.instances.is_empty(),
            explorable: self.instances.iter().all(|&i| i < 2),
        });
        let decision = self.plan.overrides.get(&self.path).copied();
        let start = self.out.len();
        match decision {
            Some(Decision::Omit) => {
                self.mutated = true;
                return Ok(());
            }
            Some(Decision::Double) => {
                self.mutated = true;
                self.expand(node, Some(Decision::Double))?;
                let written = self.out[start..].to_owned();
                self.out.push_str(&written);
                return Ok(());
            }
            _ => self.expand(node, decision)?,
        }
        Ok(())
    }

    fn expand(&mut self, node: &Node, decision: Option<Decision>) -> Result<(), String> {
        match &node.kind {
            Kind::Literal(text) => self.out.push_str(text),
            Kind::Range(low, high) => {
                let c = match decision {
                    Some(Decision::Char(c)) => c,
                    _ => self.pick_char(*low, *high),
                };
                if c < *low || c > *high {
                    self.mutated = true;
                }
                if c == *low {
                    self.hits.push(Hit::Boundary(node.id, false));
                }
                if c == *high {
                    self.hits.push(Hit::Boundary(node.id, true));
                }
                self.out.push(c);
            }
            Kind::Seq(items) => self.sequence(items, decision)?,
            Kind::Choice(items) => {
                let alt = match decision {
                    Some(Decision::Alt(alt)) if alt < items.len() => alt,
                    _ if self.minimal() => 0,
                    _ => self.pick(items.len()),
                };
                self.hits.push(Hit::Alt(node.id, alt));
                self.node(&items[alt])?;
            }
            Kind::Optional(item) => {
                let present = match decision {
                    Some(Decision::Present(present)) => present,
                    Some(Decision::Double) => true,
                    _ if self.minimal() => false,
                    _ => self.pick(2) == 1,
                };
                self.hits.push(Hit::Optional(node.id, present));
                if present {
                    self.node(item)?;
                }
            }
            Kind::Repeat { item, min, max } => {
                let count = match decision {
                    Some(Decision::Count(count)) => count,
                    _ if self.minimal() => *min,
                    _ => self.pick_count(*min, *max),
                };
                if count < *min || max.is_some_and(|max| count > max) {
                    self.mutated = true;
                }
                self.hits.push(Hit::Count(node.id, count));
                for instance in 0..count {
                    self.path.push(instance);
                    self.keys.push(instance);
                    self.instances.push(instance);
                    let result = self.node(item);
                    self.instances.pop();
                    self.keys.pop();
                    self.path.pop();
                    result?;
                }
            }
            Kind::Call(rule) => self.call(*rule)?,
            Kind::Soi | Kind::Eoi => {}
        }
        Ok(())
    }

    /// A sequence, with items `i` and `i + 1` swapped under `Swap(i)`.
    fn sequence(&mut self, items: &[Node], decision: Option<Decision>) -> Result<(), String> {
        let swap = match decision {
            Some(Decision::Swap(i)) if i + 1 < items.len() => Some(i),
            _ => None,
        };
        let mut bounds = Vec::with_capacity(items.len() + 1);
        bounds.push(self.out.len());
        for item in items {
            self.node(item)?;
            bounds.push(self.out.len());
        }
        if let Some(i) = swap {
            self.mutated = true;
            let first = self.out[bounds[i]..bounds[i + 1]].to_owned();
            let second = self.out[bounds[i + 1]..bounds[i + 2]].to_owned();
            let tail = self.out[bounds[i + 2]..].to_owned();
            self.out.truncate(bounds[i]);
            self.out.push_str(&second);
            self.out.push_str(&first);
            self.out.push_str(&tail);
        }
        Ok(())
    }

    /// A default choice among `n`.
    fn pick(&self, n: usize) -> usize {
        self.pick_salted(n, 0)
    }

    /// A default choice among `n`, from the seed, `salt` and the site's name: the rules
    /// entered and the repetition instances on the way, then the site's rule-local path. The
    /// local ids of the enclosing rules do not count, so editing a rule changes the defaults
    /// of its own sites only.
    fn pick_salted(&self, n: usize, salt: u64) -> usize {
        let (Defaults::Hashed(seed) | Defaults::Sampled(seed)) = self.plan.defaults;
        let steps = self.keys.iter().chain(&self.path[self.frame..]);
        let hash = steps.fold(seed ^ salt, |h, &step| mix(h ^ u64::from(step)));
        usize::try_from(hash % n as u64).expect("below n")
    }

    /// Whether a structural default is the smallest one (first alternative, optional part
    /// absent, fewest repetitions): outside repetitions in the structured vectors, so that a
    /// grammar edit adding a part leaves the existing vectors as they were.
    fn minimal(&self) -> bool {
        matches!(self.plan.defaults, Defaults::Hashed(_)) && self.instances.is_empty()
    }

    /// A default character of `low..=high`.
    fn pick_char(&self, low: char, high: char) -> char {
        let span = u32::from(high).saturating_sub(u32::from(low)) as usize + 1;
        let offset = u32::try_from(self.pick(span)).expect("within a char range");
        char::from_u32(u32::from(low) + offset).unwrap_or(low)
    }

    /// A default count: short in the structured vectors, sometimes longer at random.
    fn pick_count(&self, min: u32, max: Option<u32>) -> u32 {
        let extra = match self.plan.defaults {
            Defaults::Hashed(_) => self.pick(3),
            Defaults::Sampled(_) => match self.pick_salted(10, 1) {
                0..=5 => self.pick_salted(3, 2),
                6..=8 => self.pick_salted(9, 2),
                _ => self.pick_salted(33, 2),
            },
        };
        let count = min.saturating_add(u32::try_from(extra).expect("small"));
        max.map_or(count, |max| count.min(max))
    }
}

/// The site kind of a node, or `None` for `SOI` and `EOI`.
fn site_kind(node: &Node) -> Option<SiteKind> {
    Some(match &node.kind {
        Kind::Literal(_) => SiteKind::Literal,
        Kind::Range(low, high) => SiteKind::Range(*low, *high),
        Kind::Seq(items) => SiteKind::Seq(items.len()),
        Kind::Choice(items) => SiteKind::Choice(items.len()),
        Kind::Optional(_) => SiteKind::Optional,
        Kind::Repeat { min, max, .. } => SiteKind::Repeat {
            min: *min,
            max: *max,
        },
        Kind::Call(_) => SiteKind::Call,
        Kind::Soi | Kind::Eoi => return None,
    })
}
