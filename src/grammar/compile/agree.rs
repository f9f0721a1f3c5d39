//! The check that PEG and a regex read a grammar alike: ordered choice and greedy repetition
//! must never have to give something back. Refused, naming the rule: for each ordered choice
//! `A / B`, a string of `A` that is a proper prefix of a string of `B`, or a string of `B`
//! that is a proper prefix of a string of `A` whose next byte can also follow the choice; for
//! `e?`, `e*` and `e+`, a first byte of `e` that can also follow it.

use std::collections::{HashSet, VecDeque};

use regex_automata::dfa::dense;
use regex_automata::util::primitives::StateID;

use super::translate::{verdict_dfa, Refusal, Translator};
use crate::automaton;
use crate::grammar::ir::{Grammar, Kind, Node};

/// Checks `grammar` from its entry rule (the translation has refused recursion, so the
/// walks end).
pub(super) fn check(grammar: &Grammar) -> Result<(), Refusal> {
    Checker {
        grammar,
        rule: String::new(),
        stack: Vec::new(),
    }
    .check_grammar()
}

/// A set of bytes, plus the end of input ([`END`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Bytes([u64; 5]);

/// The end of input, as a member of [`Bytes`].
const END: usize = 256;

impl Bytes {
    fn one(item: usize) -> Bytes {
        let mut set = Bytes::default();
        set.0[item / 64] |= 1 << (item % 64);
        set
    }

    fn range(low: u8, high: u8) -> Bytes {
        (low..=high).fold(Bytes::default(), |set, byte| {
            set.union(Bytes::one(usize::from(byte)))
        })
    }

    fn union(self, other: Bytes) -> Bytes {
        Bytes(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    fn contains(self, item: usize) -> bool {
        self.0[item / 64] & (1 << (item % 64)) != 0
    }

    /// The first member of both sets.
    fn common(self, other: Bytes) -> Option<usize> {
        (0..=END).find(|&item| self.contains(item) && other.contains(item))
    }
}

/// A byte for a message: `':'`, `0x0A`, or `the end of input`.
fn show(item: usize) -> String {
    match u8::try_from(item) {
        Ok(byte) if byte.is_ascii_graphic() => format!("'{}'", char::from(byte)),
        Ok(byte) => format!("0x{byte:02X}"),
        Err(_) => "the end of input".to_owned(),
    }
}

struct Checker<'g> {
    grammar: &'g Grammar,
    /// The rule being checked, for messages.
    rule: String,
    /// The rules being checked, innermost last (the translation has refused recursion).
    stack: Vec<usize>,
}

impl Checker<'_> {
    fn check_grammar(&mut self) -> Result<(), Refusal> {
        let entry = self.grammar.entry;
        self.rule.clone_from(&self.grammar.rules[entry].name);
        self.stack.push(entry);
        self.check(&self.grammar.rules[entry].body, Bytes::default())
    }

    fn refuse(&self, message: String) -> Result<(), Refusal> {
        Err((self.rule.clone(), message))
    }

    /// FIRST of `node` (with [`END`] for `EOI`) and whether it matches the empty string.
    fn first(&self, node: &Node) -> (Bytes, bool) {
        match &node.kind {
            Kind::Literal(text) => match text.bytes().next() {
                Some(byte) => (Bytes::one(usize::from(byte)), false),
                None => (Bytes::default(), true),
            },
            Kind::Range(low, high) => {
                let byte = |c: char| u8::try_from(c).unwrap_or(u8::MAX);
                (Bytes::range(byte(*low), byte(*high)), false)
            }
            Kind::Seq(items) => self.first_of_seq(items),
            Kind::Choice(items) => items.iter().fold((Bytes::default(), false), |acc, item| {
                let (first, nullable) = self.first(item);
                (acc.0.union(first), acc.1 || nullable)
            }),
            Kind::Optional(item) => (self.first(item).0, true),
            Kind::Repeat { item, min, .. } => {
                let (first, nullable) = self.first(item);
                (first, nullable || *min == 0)
            }
            Kind::Call(rule) => self.first(&self.grammar.rules[*rule].body),
            Kind::Soi => (Bytes::default(), true),
            Kind::Eoi => (Bytes::one(END), false),
        }
    }

    fn first_of_seq(&self, items: &[Node]) -> (Bytes, bool) {
        let mut set = Bytes::default();
        for item in items {
            let (first, nullable) = self.first(item);
            set = set.union(first);
            if !nullable {
                return (set, false);
            }
        }
        (set, true)
    }

    /// Checks `node`, which `follow` can follow.
    fn check(&mut self, node: &Node, follow: Bytes) -> Result<(), Refusal> {
        match &node.kind {
            Kind::Seq(items) => {
                for (i, item) in items.iter().enumerate() {
                    let (first, nullable) = self.first_of_seq(&items[i + 1..]);
                    let after = if nullable { first.union(follow) } else { first };
                    self.check(item, after)?;
                }
                Ok(())
            }
            Kind::Choice(items) => {
                for (i, a) in items.iter().enumerate() {
                    for (j, b) in items.iter().enumerate().skip(i + 1) {
                        self.check_alternatives((i, a), (j, b), follow)?;
                    }
                }
                items.iter().try_for_each(|item| self.check(item, follow))
            }
            Kind::Optional(item) => {
                self.check_greedy(item, follow, "an optional")?;
                self.check(item, follow)
            }
            Kind::Repeat { item, min, max } => {
                if *max != Some(*min) {
                    self.check_greedy(item, follow, "a repetition")?;
                }
                let again = if max.is_none_or(|max| max > 1) {
                    self.first(item).0.union(follow)
                } else {
                    follow
                };
                self.check(item, again)
            }
            Kind::Call(rule) => {
                let outer =
                    std::mem::replace(&mut self.rule, self.grammar.rules[*rule].name.clone());
                self.stack.push(*rule);
                let result = self.check(&self.grammar.rules[*rule].body, follow);
                self.stack.pop();
                self.rule = outer;
                result
            }
            Kind::Literal(_) | Kind::Range(..) | Kind::Soi | Kind::Eoi => Ok(()),
        }
    }

    /// `e?`, `e*`, `e+`: PEG takes `e` whenever it can, a regex may stop; they agree when no
    /// first byte of `e` can follow it.
    fn check_greedy(&self, item: &Node, follow: Bytes, what: &str) -> Result<(), Refusal> {
        match self.first(item).0.common(follow) {
            Some(byte) => self.refuse(format!(
                "{what} can start with {}, which can also follow it: PEG takes it greedily, \
                 a regex may not",
                show(byte)
            )),
            None => Ok(()),
        }
    }

    /// Alternatives `a` (tried first) and `b` of an ordered choice that `follow` can follow.
    fn check_alternatives(
        &self,
        (i, a): (usize, &Node),
        (j, b): (usize, &Node),
        follow: Bytes,
    ) -> Result<(), Refusal> {
        let dfa = |node: &Node| {
            let mut translator = Translator::new(self.grammar, None, self.stack.clone());
            let pattern = translator.expr(node)?;
            verdict_dfa(&pattern).map_err(|error| (self.rule.clone(), error))
        };
        let (dfa_a, dfa_b) = (dfa(a)?, dfa(b)?);
        let accepts = |dfa: &dense::DFA<Vec<u32>>, state: StateID| {
            use regex_automata::dfa::Automaton;
            dfa.is_match_state(dfa.next_eoi_state(state))
        };
        let start = (automaton::start(&dfa_a), automaton::start(&dfa_b));
        let mut seen = HashSet::from([start]);
        let mut queue = VecDeque::from([(start, Vec::new())]);
        let (first, second) = (i + 1, j + 1);
        while let Some(((state_a, state_b), prefix)) = queue.pop_front() {
            let shown = String::from_utf8_lossy(&prefix);
            let continues = |dfa, state| (0..=u8::MAX).find(|&c| automaton::lives(dfa, state, c));
            if accepts(&dfa_a, state_a) && continues(&dfa_b, state_b).is_some() {
                return self.refuse(format!(
                    "alternative {first} of an ordered choice matches {shown:?}, a proper prefix \
                     of what alternative {second} matches: PEG never tries {second} after it"
                ));
            }
            if accepts(&dfa_b, state_b) {
                let clash = (0..=u8::MAX).find(|&c| {
                    automaton::lives(&dfa_a, state_a, c) && follow.contains(usize::from(c))
                });
                if let Some(byte) = clash {
                    return self.refuse(format!(
                        "alternative {second} of an ordered choice matches {shown:?}, which \
                         alternative {first} continues with {}, a byte that can also follow \
                         the choice",
                        show(usize::from(byte))
                    ));
                }
            }
            for byte in 0..=u8::MAX {
                if automaton::lives(&dfa_a, state_a, byte)
                    && automaton::lives(&dfa_b, state_b, byte)
                {
                    use regex_automata::dfa::Automaton;
                    let next = (
                        dfa_a.next_state(state_a, byte),
                        dfa_b.next_state(state_b, byte),
                    );
                    if seen.insert(next) {
                        let mut longer = prefix.clone();
                        longer.push(byte);
                        queue.push_back((next, longer));
                    }
                }
            }
        }
        Ok(())
    }
}
