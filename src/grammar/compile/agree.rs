//! The check that PEG and a regex read a grammar alike: ordered choice and greedy repetition
//! must never have to give something back. Refused, naming the rule: for each ordered choice
//! `A / B`, a string of `A` that is a proper prefix of a string of `B`, or a string of `B`
//! that is a proper prefix of a string of `A` whose next byte can also follow the choice; for
//! `e?`, `e*`, `e+` and `e{m,n}`, a non-empty string of `e` that can start what follows it,
//! up to the end of the entry rule (its continuation, `EOI` included). The first bytes decide
//! when they can (no first byte of `e` can follow it); otherwise the DFAs of `e` and of the
//! continuation are walked side by side.
//!
//! Why this is enough. Write L(x) for the language of `x` read as a regex; a PEG match of `x`
//! is always a string of L(x). Claim, for every node `x` checked with a continuation `C`
//! (a language that holds every string that can follow `x` in a whole input): for `s` in
//! L(x) and `t` in L(C), PEG's `x` at the start of `st` matches exactly `s`. By induction on
//! `x`:
//! - a literal, a range, `SOI`, `EOI`: they match what they match;
//! - `a ~ b`: `a` is checked with the continuation L(b)·L(C), so it matches `s`'s part of
//!   `a`, then `b` its part;
//! - `A / B`: if `s` is in L(A), `A` matches it; otherwise `A` either fails or matches some
//!   `x ≠ s` in L(A), a prefix of `st`: then `x` is a proper prefix of `s` (refused) or `s`
//!   is a proper prefix of `x` that continues with a first byte of `t` (refused), so `A`
//!   fails and `B` matches `s`;
//! - `e*` (and `e+`, `e?`, `e{m,n}`): `s` is `u1…uk`, each `ui` in L(e); `e` is checked with
//!   the continuation L(e)*·L(C), so PEG's `e` takes `u1`, …, `uk` in turn; then PEG tries
//!   `e` once more at `t`, where a match would be a non-empty string of L(e) (pest refuses a
//!   repetition of what can match nothing) that starts `t`, a string of L(C): exactly what
//!   the check refuses. So the repetition stops where the regex's reading does (for `e?` an
//!   empty match of `e` also leaves `t` whole).
//!
//! For the entry rule (`SOI ~ … ~ EOI`, continuation the empty string), PEG therefore accepts
//! every string of the regex, and only those (a PEG match is a string of the regex).
//! Continuations are over-approximated where that is simpler (a bounded repetition's item is
//! followed by any number of it), which can only refuse more.

use std::collections::{HashSet, VecDeque};

use regex_automata::dfa::dense;
use regex_automata::util::primitives::StateID;
use regex_automata::util::start;
use regex_automata::Anchored;

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
        tail: Vec::new(),
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

/// A piece of what follows the node being checked (its continuation).
#[derive(Debug, Clone, Copy)]
enum Tail<'g> {
    /// The rest of a sequence.
    Rest(&'g [Node]),
    /// Any number of the item of a repetition, again.
    Again(&'g Node),
}

struct Checker<'g> {
    grammar: &'g Grammar,
    /// The rule being checked, for messages.
    rule: String,
    /// The rules being checked, innermost last (the translation has refused recursion).
    stack: Vec<usize>,
    /// What follows the node being checked up to the end of the entry rule, innermost last.
    tail: Vec<Tail<'g>>,
}

impl<'g> Checker<'g> {
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

    /// Checks `node`, which `follow` can follow (its first bytes; [`Checker::tail`] the
    /// whole of it).
    fn check(&mut self, node: &'g Node, follow: Bytes) -> Result<(), Refusal> {
        match &node.kind {
            Kind::Seq(items) => {
                for (i, item) in items.iter().enumerate() {
                    let (first, nullable) = self.first_of_seq(&items[i + 1..]);
                    let after = if nullable { first.union(follow) } else { first };
                    self.tail.push(Tail::Rest(&items[i + 1..]));
                    let checked = self.check(item, after);
                    self.tail.pop();
                    checked?;
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
                if max.is_none_or(|max| max > 1) {
                    let again = self.first(item).0.union(follow);
                    self.tail.push(Tail::Again(item));
                    let checked = self.check(item, again);
                    self.tail.pop();
                    checked
                } else {
                    self.check(item, follow)
                }
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
    /// non-empty string of `e` can start what follows it (the module's argument). When no
    /// first byte of `e` can follow it, none can; otherwise the DFAs of `e` and of the
    /// continuation are walked side by side, looking for such a string.
    fn check_greedy(&self, item: &Node, follow: Bytes, what: &str) -> Result<(), Refusal> {
        if self.first(item).0.common(follow).is_none() {
            return Ok(());
        }
        let mut translator = Translator::new(self.grammar, None, self.stack.clone());
        let dfa_item = verdict_dfa(&format!("{}$", translator.expr(item)?))
            .map_err(|error| (self.rule.clone(), error))?;
        let dfa_tail =
            verdict_dfa(&self.continuation()?).map_err(|error| (self.rule.clone(), error))?;
        match starts_with(&dfa_item, &dfa_tail) {
            Some(witness) => self.refuse(format!(
                "{what} matches {:?}, which can also start what follows it: PEG takes it \
                 greedily, a regex may not",
                String::from_utf8_lossy(&witness)
            )),
            None => Ok(()),
        }
    }

    /// The regex of what follows the node being checked, up to the end of the entry rule
    /// (`EOI` as `$`).
    fn continuation(&self) -> Result<String, Refusal> {
        let mut translator = Translator::new(self.grammar, None, Vec::new());
        let mut pattern = String::new();
        for tail in self.tail.iter().rev() {
            match tail {
                Tail::Rest(items) => {
                    for item in *items {
                        match item.kind {
                            Kind::Eoi => pattern.push('$'),
                            Kind::Soi => {}
                            _ => pattern.push_str(&translator.expr(item)?),
                        }
                    }
                }
                Tail::Again(item) => {
                    pattern.push_str("(?:");
                    pattern.push_str(&translator.expr(item)?);
                    pattern.push_str(")*");
                }
            }
        }
        Ok(pattern)
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

/// The shortest non-empty string of `item`'s language that is a prefix of a string of
/// `tail`'s, if there is one: a breadth-first walk of the two DFAs side by side. Both
/// patterns end with `$`, so that a live state is one that a string of the pattern goes
/// through (a DFA of regex-automata reports a match one byte late: without `$`, the state
/// after one byte past a whole match still lives).
fn starts_with(item: &dense::DFA<Vec<u32>>, tail: &dense::DFA<Vec<u32>>) -> Option<Vec<u8>> {
    use regex_automata::dfa::Automaton;
    let start = (begin(item), begin(tail));
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([(start, Vec::new())]);
    while let Some(((state_item, state_tail), prefix)) = queue.pop_front() {
        for byte in 0..=u8::MAX {
            if !automaton::lives(item, state_item, byte)
                || !automaton::lives(tail, state_tail, byte)
            {
                continue;
            }
            let next = (
                item.next_state(state_item, byte),
                tail.next_state(state_tail, byte),
            );
            let mut longer = prefix.clone();
            longer.push(byte);
            if automaton::accepts_at(item, next.0) {
                return Some(longer);
            }
            if seen.insert(next) {
                queue.push_back((next, longer));
            }
        }
    }
    None
}

/// The anchored start state of `dfa`: a pattern that can start with `$` has no universal
/// one (its start state would depend on the context before it); no pattern here looks
/// behind, so the start of the input serves.
fn begin(dfa: &dense::DFA<Vec<u32>>) -> StateID {
    use regex_automata::dfa::Automaton;
    dfa.start_state(&start::Config::new().anchored(Anchored::Yes))
        .expect("an anchored start state")
}

#[cfg(test)]
mod tests {
    use super::super::translate::{verdict_dfa, Translator};
    use super::check;
    use regex_automata::dfa::Automaton;

    use crate::automaton;
    use crate::grammar::ir::Grammar;
    use crate::grammar::vm::VmGrammar;
    use crate::model::Dialect;

    /// Every string of up to `len` bytes of `alphabet`.
    fn strings(alphabet: &[u8], len: usize) -> Vec<String> {
        let mut all = vec![String::new()];
        let mut layer = vec![String::new()];
        for _ in 0..len {
            layer = layer
                .iter()
                .flat_map(|prefix| {
                    alphabet
                        .iter()
                        .map(move |&byte| format!("{prefix}{}", char::from(byte)))
                })
                .collect();
            all.extend(layer.iter().cloned());
        }
        all
    }

    /// The first string of up to `len` bytes of `alphabet` on which PEG (`pest_vm`) and the
    /// regex of the grammar `text` give different verdicts.
    fn disagreement(text: &str, alphabet: &[u8], len: usize) -> Option<String> {
        let grammar = Grammar::parse("test.pest", text).expect("reads");
        let pattern = Translator::new(&grammar, None, Vec::new())
            .entry()
            .expect("translates");
        let dfa = verdict_dfa(&pattern).expect("compiles");
        let peg = VmGrammar::new(Dialect::ALL[0], "test.pest", text).expect("pest reads it");
        strings(alphabet, len).into_iter().find(|input| {
            let end = input.bytes().try_fold(super::begin(&dfa), |state, byte| {
                automaton::lives(&dfa, state, byte).then(|| dfa.next_state(state, byte))
            });
            let regex = end.is_some_and(|state| automaton::accepts_at(&dfa, state));
            peg.recognize(input).is_ok() != regex
        })
    }

    /// A grammar whose entry rule `g` is `SOI ~ body ~ EOI`.
    fn grammar(body: &str) -> String {
        format!("g = {{ SOI ~ {body} ~ EOI }}\nx = _{{ \"1\" ~ \"A\"+ }}\n")
    }

    #[test]
    fn a_repetition_or_an_optional_is_refused_only_when_a_string_of_it_can_start_what_follows() {
        // Accepted although a first byte of the repeated or optional part can follow it: no
        // whole string of it starts what follows (CELL's shape among them). PEG and the
        // regex agree on every short string.
        let cell = include_str!("../../../grammar/cell.pest");
        let accepted = [
            (cell.to_owned(), &b"aB10"[..]),
            (grammar("(\"ab\")* ~ \"a\""), b"abc"),
            (grammar("(\"1\" ~ \"A\")* ~ (\"1\" ~ \"B\")?"), b"1AB"),
            (grammar("x* ~ (\"1\" ~ \"B\")?"), b"1AB"),
            (grammar("x* ~ \"1\""), b"1A"),
            (grammar("\"a\"? ~ \"ba\""), b"ab"),
            (grammar("(\"a\"{1, 2} ~ \"b\"){0, 3} ~ \"ac\""), b"abc"),
        ];
        for (text, alphabet) in &accepted {
            let grammar = Grammar::parse("test.pest", text).expect("reads");
            assert_eq!(check(&grammar), Ok(()), "{text}");
            assert_eq!(disagreement(text, alphabet, 7), None, "{text}");
        }
        // Refused, naming the rule: a string of the part starts what follows it, and PEG
        // and the regex really disagree on some input.
        let refused = [
            (grammar("(\"ab\")* ~ \"abc\""), &b"abc"[..], "\"ab\""),
            (grammar("\"a\"? ~ \"ab\""), b"ab", "\"a\""),
            (grammar("x* ~ \"1A\""), b"1A", "\"1A\""),
            (grammar("(\"a\" ~ \"b\"?)* ~ \"b\""), b"ab", "\"b\""),
            (
                grammar("(\"a\"{1, 2} ~ \"b\"){0, 3} ~ \"ab\""),
                b"ab",
                "\"ab\"",
            ),
            (
                grammar("(\"a\" ~ \"c\"?)+ ~ (\"b\" ~ \"c\")? ~ \"a\""),
                b"abc",
                "\"a\"",
            ),
        ];
        // The argument leans on pest: it refuses a repetition of what can match nothing.
        for body in ["(\"a\"?)*", "(\"a\"*)+"] {
            assert!(
                Grammar::parse("test.pest", &grammar(body)).is_err(),
                "{body}"
            );
        }
        for (text, alphabet, witness) in &refused {
            let grammar = Grammar::parse("test.pest", text).expect("reads");
            let (rule, message) = check(&grammar).expect_err(text);
            assert_eq!(rule, "g", "{text}");
            assert!(
                message.contains(&format!("matches {witness},")),
                "{message}"
            );
            assert!(disagreement(text, alphabet, 6).is_some(), "{text}");
        }
    }
}
