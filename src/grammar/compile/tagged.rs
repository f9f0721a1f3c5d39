//! The tagged DFA: one table lookup per byte gives the next state and the boundaries of the
//! role groups at that offset, so an accepted input has its parts with no second engine, and
//! a rejected one has its D11 offset and the state there, which D12 reads.

use std::collections::{BTreeSet, HashMap, HashSet};

use regex_automata::nfa::thompson::{self, State as NfaState, WhichCaptures, NFA};
use regex_automata::util::look::Look;
use regex_automata::util::primitives::StateID;

use super::translate::syntax_config;
use crate::notation::Role;

/// The slots of a walk. A role has two, its start and end offsets ([`start_slot`] and the
/// next); slot 0 stands for "no slot" in a packed step, and slot 1 is not used.
pub(super) const MAX_SLOTS: usize = 32;

/// The slots of a tagged walk, by slot index: only those of the roles in the walk's mask
/// hold an offset.
pub(super) type Slots = [u32; MAX_SLOTS];

/// The start slot of `role` (its end slot is the next one).
pub(super) const fn start_slot(role: Role) -> usize {
    2 + 2 * role as usize
}

/// The bits of both of `role`'s slots in a mask of slots.
pub(super) const fn both_slots(role: Role) -> u32 {
    0b11 << start_slot(role)
}

/// The bit of `role`'s start slot in a mask of slots: set when the role's group matched.
pub(super) const fn role_bit(role: Role) -> u32 {
    1 << start_slot(role)
}

/// A DFA over bytes whose transitions carry the slots of the role groups they cross: one
/// table lookup per byte gives the next state and the group boundaries at that offset.
///
/// Built from the Thompson NFA of the pattern by the subset construction, each capture group
/// read as the role it holds (the groups of one role share its two slots). The build refuses
/// (and the fast path keeps its other engines) whenever the roles of an input could depend
/// on more than the bytes read so far: the NFA paths alive in one state crossing different
/// slots on the same byte or at the end, a path crossing a role twice, a look-around other
/// than the start and end of input, or a step setting over four of the slots whose offsets
/// are read (the others are only known as crossed or not, from the mask of the path's
/// slots that an accepting state holds). So the paths that
/// accept an input all cross the same role boundaries at the same offsets, the parts every
/// engine reports.
///
/// When every state can still reach a match (`exact`), the walk dies exactly where the
/// longest viable prefix ends (D11), and the state there tells which bytes would have
/// continued it and whether the prefix is itself valid (D12).
#[derive(Clone)]
pub(super) struct Tagged {
    /// Byte → equivalence class (bytes no transition tells apart share one).
    classes: [u8; 256],
    /// `states × stride` transitions, each a [`Step`] packed into a `u64`: the next state's
    /// id in the low half, and in the high half the slots it sets, one per byte (at most
    /// [`width`](Self::width); slot 0, which is never read, fills the rest, so that the walk
    /// writes `width` slots per byte with no branch). A state's transitions start at its id. The last column of a state is
    /// the end of the input: `next` is [`ACCEPT`] when the state accepts there.
    table: Vec<u64>,
    /// At the end-of-input cell of each accepting state (`id + eoi`): the slots the whole
    /// path set, as a mask (bit `i` for slot `i`). Zero elsewhere.
    accepted: Vec<u32>,
    /// The column of the end of input (the number of byte classes).
    eoi: usize,
    /// The most slots a step sets (at most four).
    width: u32,
    /// The start state's id.
    start: u32,
    /// Whether every state can reach a match: a walk then dies at D11's offset.
    pub(super) exact: bool,
    /// Whether every byte transition reads ASCII: then an accepted input is ASCII.
    pub(super) ascii: bool,
    /// Whether every byte transition reads printable ASCII other than `"` and `\\`.
    pub(super) plain: bool,
}

/// One transition: the next state's id ([`DEAD`] for none) and the slots set at its offset.
#[derive(Clone, Copy)]
struct Step {
    next: u32,
    slots: u32,
}

impl Step {
    /// The step as `table` holds it; `None` when it sets over four slots.
    fn pack(self) -> Option<u64> {
        if self.slots.count_ones() > 4 {
            return None;
        }
        let (mut packed, mut mask, mut shift) = (u64::from(self.next), self.slots, 32);
        while mask != 0 {
            packed |= u64::from(mask.trailing_zeros()) << shift;
            mask &= mask - 1;
            shift += 8;
        }
        Some(packed)
    }
}

/// No transition.
pub(super) const DEAD: u32 = u32::MAX;
/// The end-of-input column of an accepting state.
const ACCEPT: u32 = u32::MAX - 1;

/// Where a walk that did not accept stopped: the length of the prefix it read, and its state
/// after that prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Stop {
    pub(super) offset: usize,
    pub(super) state: u32,
}

impl Tagged {
    /// The tagged DFA of `pattern`, whose capture group `g` holds `role(g)` (`None`: no role,
    /// not recorded), or `None` when the roles cannot be read in one walk (above). Only the
    /// offsets of the slots of `read` (a mask of slots) are written by a walk.
    pub(super) fn build(
        pattern: &str,
        role: impl Fn(usize) -> Option<Role>,
        read: u32,
    ) -> Option<Tagged> {
        let nfa = thompson::NFA::compiler()
            .syntax(syntax_config())
            .configure(
                thompson::Config::new()
                    .which_captures(WhichCaptures::All)
                    .shrink(false),
            )
            .build(pattern)
            .ok()?;
        let (classes, representatives) = byte_classes(&nfa)?;
        let eoi = representatives.len();
        let mut builder = Builder {
            nfa: &nfa,
            role: &role,
            eoi,
            representatives: &representatives,
            ids: HashMap::new(),
            todo: Vec::new(),
            table: Vec::new(),
            accepted: Vec::new(),
            ascii: true,
            plain: true,
        };
        let start = builder.state(vec![nfa.start_anchored()], 0)?;
        while let Some((threads, seen, id)) = builder.todo.pop() {
            builder.fill(&threads, seen, id)?;
        }
        let exact = builder.all_reach_a_match();
        let steps = builder.table.iter().map(|step| Step {
            next: step.next,
            slots: step.slots & read,
        });
        let width = steps.clone().map(|step| step.slots.count_ones()).max()?;
        Some(Tagged {
            classes,
            table: steps.map(Step::pack).collect::<Option<_>>()?,
            accepted: builder.accepted,
            eoi,
            width,
            start,
            exact,
            ascii: builder.ascii,
            plain: builder.plain,
        })
    }

    /// Walks `input`: on acceptance, the mask of the slots the path set (bit `i` for slot
    /// `i`), of which those read have their offsets in `slots` (the other slots are left as
    /// they were); otherwise where the walk stopped.
    #[inline]
    pub(super) fn run(&self, input: &[u8], slots: &mut Slots) -> Result<u32, Stop> {
        match self.width {
            0 => self.walk::<0>(input, slots),
            1 => self.walk::<1>(input, slots),
            2 => self.walk::<2>(input, slots),
            3 => self.walk::<3>(input, slots),
            _ => self.walk::<4>(input, slots),
        }
    }

    /// [`run`](Self::run), writing `WIDTH` slots per byte.
    #[inline]
    fn walk<const WIDTH: usize>(&self, input: &[u8], slots: &mut Slots) -> Result<u32, Stop> {
        let stop = self.prefix::<WIDTH>(input, slots);
        if stop.offset < input.len() {
            return Err(stop);
        }
        self.end_with::<WIDTH>(stop, slots).ok_or(stop)
    }

    /// Walks `input` until no transition reads its next byte, or to its end, with no look at
    /// the end of input, writing `WIDTH` slots per byte: where it stopped.
    #[inline]
    // The casts take the low half of a packed step, and offsets of inputs that the callers
    // keep under `u32::MAX` bytes.
    #[allow(clippy::cast_possible_truncation)]
    fn prefix<const WIDTH: usize>(&self, input: &[u8], slots: &mut Slots) -> Stop {
        let mut state = self.start;
        for (at, &byte) in input.iter().enumerate() {
            let step = self.table[state as usize + usize::from(self.classes[usize::from(byte)])];
            // The low half: the next state (its id fits: the build checked).
            let next = step as u32;
            if next == DEAD {
                return Stop { offset: at, state };
            }
            set_slots::<WIDTH>(slots, step, at as u32);
            state = next;
        }
        Stop {
            offset: input.len(),
            state,
        }
    }

    /// Whether the input read up to `at` is accepted as it is: then the mask of the slots
    /// its path set, the slots set at the end of input written (`WIDTH` of them).
    #[inline]
    #[allow(clippy::cast_possible_truncation)]
    fn end_with<const WIDTH: usize>(&self, at: Stop, slots: &mut Slots) -> Option<u32> {
        let index = at.state as usize + self.eoi;
        let step = self.table[index];
        if step as u32 != ACCEPT {
            return None;
        }
        set_slots::<WIDTH>(slots, step, at.offset as u32);
        Some(self.accepted[index])
    }

    /// Whether `byte` continues a walk that stopped in `state`.
    #[allow(clippy::cast_possible_truncation)]
    pub(super) fn continues(&self, state: u32, byte: u8) -> bool {
        self.table[state as usize + usize::from(self.classes[usize::from(byte)])] as u32 != DEAD
    }

    /// Whether the input read up to `state` is accepted as it is.
    #[allow(clippy::cast_possible_truncation)]
    pub(super) fn accepts_at(&self, state: u32) -> bool {
        self.table[state as usize + self.eoi] as u32 == ACCEPT
    }
}

/// Writes `at` into the first `WIDTH` slots of a packed step (slot 0 standing for none): no
/// branch to mispredict where groups start and end.
#[inline]
// The cast keeps the slot's byte (the `%` its low five bits).
#[allow(clippy::cast_possible_truncation)]
fn set_slots<const WIDTH: usize>(slots: &mut Slots, step: u64, at: u32) {
    for shift in [32, 40, 48, 56].into_iter().take(WIDTH) {
        slots[(step >> shift) as usize % MAX_SLOTS] = at;
    }
}

/// The byte classes of `nfa` (a boundary wherever some transition's range starts or ends)
/// and a byte of each class.
fn byte_classes(nfa: &NFA) -> Option<([u8; 256], Vec<u8>)> {
    let mut boundary = [false; 257];
    let mark = |boundary: &mut [bool; 257], start: u8, end: u8| {
        boundary[usize::from(start)] = true;
        boundary[usize::from(end) + 1] = true;
    };
    for state in nfa.states() {
        match state {
            NfaState::ByteRange { trans } => mark(&mut boundary, trans.start, trans.end),
            NfaState::Sparse(sparse) => {
                for trans in &sparse.transitions {
                    mark(&mut boundary, trans.start, trans.end);
                }
            }
            NfaState::Dense(dense) => {
                for byte in 1..=255u8 {
                    let index = usize::from(byte);
                    if dense.transitions[index] != dense.transitions[index - 1] {
                        boundary[index] = true;
                    }
                }
            }
            _ => {}
        }
    }
    let mut classes = [0u8; 256];
    let mut representatives = vec![0u8];
    for byte in 1..=255u8 {
        if boundary[usize::from(byte)] {
            representatives.push(byte);
        }
        classes[usize::from(byte)] = u8::try_from(representatives.len() - 1).ok()?;
    }
    Some((classes, representatives))
}

/// A byte transition met in a closure: its byte range, target and the slots crossed.
struct Edge {
    start: u8,
    end: u8,
    next: StateID,
    slots: u32,
}

/// The NFA threads of a DFA state (sorted) and the slots its paths have set so far.
type Key = (Vec<StateID>, u32);

struct Builder<'n> {
    nfa: &'n NFA,
    role: &'n dyn Fn(usize) -> Option<Role>,
    /// The end-of-input column; the stride is one more.
    eoi: usize,
    /// A byte of each class.
    representatives: &'n [u8],
    /// DFA state → id.
    ids: HashMap<Key, u32>,
    /// DFA states whose transitions are still to fill.
    todo: Vec<(Vec<StateID>, u32, u32)>,
    table: Vec<Step>,
    accepted: Vec<u32>,
    ascii: bool,
    plain: bool,
}

impl Builder<'_> {
    /// The id of the DFA state of `threads` (NFA states a byte transition led to) after paths
    /// that set `seen`, made on first use.
    fn state(&mut self, mut threads: Vec<StateID>, seen: u32) -> Option<u32> {
        threads.sort_unstable();
        threads.dedup();
        let key = (threads, seen);
        if let Some(&id) = self.ids.get(&key) {
            return Some(id);
        }
        let id = u32::try_from(self.table.len())
            .ok()
            .filter(|&id| id < ACCEPT)?;
        let stride = self.eoi + 1;
        self.table.resize(
            self.table.len() + stride,
            Step {
                next: DEAD,
                slots: 0,
            },
        );
        self.accepted.resize(self.table.len(), 0);
        self.todo.push((key.0.clone(), seen, id));
        self.ids.insert(key, id);
        Some(id)
    }

    /// The slot bit a capture state sets: its role's start or end slot (none for group 0,
    /// the whole input, and for groups without a role).
    fn slot_bit(&self, group: usize, slot: usize) -> u32 {
        if group == 0 {
            return 0;
        }
        (self.role)(group).map_or(0, |role| {
            let start = start_slot(role);
            1 << if slot == 2 * group { start } else { start + 1 }
        })
    }

    /// The byte transitions and the matches the epsilon closure of `root` reaches, with the
    /// slots crossed on the way; `None` when a path crosses a role already crossed (`seen`
    /// or on the path), or reads a look-around other than the start and end of input.
    fn closure(&mut self, root: StateID, seen: u32) -> Option<(Vec<Edge>, Vec<u32>)> {
        let at_start = root == self.nfa.start_anchored();
        let (mut edges, mut matches) = (Vec::new(), Vec::new());
        let mut visited = HashSet::new();
        // NFA state, slots crossed, whether the end of input has been asserted.
        let mut stack = vec![(root, 0u32, false)];
        while let Some((id, slots, ended)) = stack.pop() {
            if !visited.insert((id, slots, ended)) {
                continue;
            }
            let mut edge = |start: u8, end: u8, next: StateID| {
                // After the end of input, no byte can follow.
                if !ended {
                    edges.push(Edge {
                        start,
                        end,
                        next,
                        slots,
                    });
                }
            };
            match self.nfa.state(id) {
                NfaState::ByteRange { trans } => edge(trans.start, trans.end, trans.next),
                NfaState::Sparse(sparse) => {
                    for trans in &sparse.transitions {
                        edge(trans.start, trans.end, trans.next);
                    }
                }
                NfaState::Dense(dense) => {
                    for (byte, &next) in (0..=255u8).zip(dense.transitions.iter()) {
                        if next != StateID::ZERO {
                            edge(byte, byte, next);
                        }
                    }
                }
                NfaState::Look { look, next } => match look {
                    Look::Start if at_start => stack.push((*next, slots, ended)),
                    Look::Start => {}
                    Look::End => stack.push((*next, slots, true)),
                    _ => return None,
                },
                NfaState::Union { alternates } => {
                    for &next in alternates.iter().rev() {
                        stack.push((next, slots, ended));
                    }
                }
                NfaState::BinaryUnion { alt1, alt2 } => {
                    stack.push((*alt2, slots, ended));
                    stack.push((*alt1, slots, ended));
                }
                NfaState::Capture {
                    next,
                    group_index,
                    slot,
                    ..
                } => {
                    let bit = self.slot_bit(group_index.as_usize(), slot.as_usize());
                    if (seen | slots) & bit != 0 {
                        return None;
                    }
                    stack.push((*next, slots | bit, ended));
                }
                NfaState::Fail => {}
                NfaState::Match { .. } => matches.push(slots),
            }
        }
        Some((edges, matches))
    }

    /// Fills the transitions of state `id` (the NFA states `threads`, after paths that set
    /// `seen`); `None` when its paths disagree on the slots of some byte or of the end.
    fn fill(&mut self, threads: &[StateID], seen: u32, id: u32) -> Option<()> {
        let id = id as usize;
        let mut edges = Vec::new();
        let mut matches = Vec::new();
        for &thread in threads {
            let (more_edges, more_matches) = self.closure(thread, seen)?;
            edges.extend(more_edges);
            matches.extend(more_matches);
        }
        for edge in &edges {
            if edge.next == self.nfa.start_anchored() {
                // The start state's closure reads `Look::Start` as true.
                return None;
            }
            if edge.end >= 0x80 {
                self.ascii = false;
            }
            if (edge.start..=edge.end)
                .any(|byte| !matches!(byte, b' '..=b'~') || byte == b'"' || byte == b'\\')
            {
                self.plain = false;
            }
        }
        for class in 0..self.eoi {
            let byte = self.representatives[class];
            let mut slots = None;
            let mut targets = Vec::new();
            for edge in edges.iter().filter(|e| (e.start..=e.end).contains(&byte)) {
                if *slots.get_or_insert(edge.slots) != edge.slots {
                    return None;
                }
                targets.push(edge.next);
            }
            if let Some(slots) = slots {
                let next = self.state(targets, seen | slots)?;
                self.table[id + class] = Step { next, slots };
            }
        }
        if let Some(&slots) = matches.first() {
            if matches.iter().any(|&other| other != slots) {
                return None;
            }
            self.table[id + self.eoi] = Step {
                next: ACCEPT,
                slots,
            };
            self.accepted[id + self.eoi] = seen | slots;
        }
        Some(())
    }

    /// Whether every state can reach an accepting one.
    fn all_reach_a_match(&self) -> bool {
        let stride = self.eoi + 1;
        let states: Vec<usize> = (0..self.table.len()).step_by(stride).collect();
        let mut reach: BTreeSet<usize> = states
            .iter()
            .copied()
            .filter(|&id| self.table[id + self.eoi].next == ACCEPT)
            .collect();
        loop {
            let before = reach.len();
            for &id in &states {
                if !reach.contains(&id)
                    && self.table[id..id + self.eoi]
                        .iter()
                        .any(|step| step.next != DEAD && reach.contains(&(step.next as usize)))
                {
                    reach.insert(id);
                }
            }
            if reach.len() == before {
                return reach.len() == states.len();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::capture::Scratch;
    use super::super::Compiled;
    use crate::model::Dialect;

    /// The tagged DFA reads every grammar of the five GAN dialects and most editions, and what
    /// its walk gives is what regex-automata's capture engine (the independent reference)
    /// gives, on every string of up to four bytes over an alphabet of the grammars' boundary
    /// bytes: the verdict, the
    /// parts of an accepted string (each role from the first of its groups that matched, in
    /// pattern order), and the D11 offset of a rejected one, from the dense DFA.
    #[test]
    fn tagged_walk_equals_the_capture_engine() {
        const ALPHABET: &[u8] = b"AZaz09_:+-'*\n\x80";
        for dialect in Dialect::ALL {
            let compiled = Compiled::builtin(dialect).expect("every grammar compiles");
            // The editions whose branches of the two cases share a prefix (PIN's state
            // modifier before a letter of either case) keep the other engines.
            let Some(tagged) = compiled.tagged.as_ref() else {
                assert_ne!(
                    dialect.family(),
                    crate::notation::Family::Dialects,
                    "{dialect}"
                );
                assert_eq!(
                    compiled.engine(),
                    super::super::Engine::Backtrack,
                    "{dialect}"
                );
                continue;
            };
            assert!(tagged.ascii && tagged.plain && tagged.exact, "{dialect}");
            let text = crate::grammar::stacked_text(dialect);
            let others = Compiled::new(dialect, dialect.grammar_file(), &text)
                .expect("compiles")
                .without_tagged();
            let mut scratch = compiled.captor.scratch();
            let mut input = Vec::new();
            let (mut counter, mut seen) = (0usize, 0usize);
            loop {
                // The next string, counting in base ALPHABET.len() (with length).
                let mut rest = counter;
                input.clear();
                while rest > 0 {
                    rest -= 1;
                    input.push(ALPHABET[rest % ALPHABET.len()]);
                    rest /= ALPHABET.len();
                }
                if input.len() > 4 {
                    break;
                }
                counter += 1;
                let judged = compiled.judge(&input);
                let dense = compiled.recognize(&input);
                assert_eq!(
                    judged.as_ref().map(drop).map_err(|death| death.offset),
                    dense,
                    "{dialect} {input:?}"
                );
                // The other engines (the capture engine, the dense DFA for rejections).
                let by_others = others.judge(&input);
                assert_eq!(
                    by_others.as_ref().map_err(|death| death.offset),
                    judged.as_ref().map_err(|death| death.offset),
                    "{dialect} {input:?}"
                );
                if std::str::from_utf8(&input).is_ok() {
                    let Scratch { caps, cache } = &mut scratch;
                    compiled.captor.captures(cache, &input, caps);
                    assert_eq!(caps.is_match(), judged.is_ok(), "{dialect} {input:?}");
                    if let Ok(parts) = judged {
                        seen += 1;
                        let from_captor = compiled
                            .groups_of_captures(&input, caps)
                            .parts(&input, compiled.has);
                        assert_eq!(parts, from_captor, "{dialect} {input:?}");
                    }
                }
                if let (Err(death), Err(dense_death)) = (judged, compiled.verdict(&input)) {
                    // The states where the walks stopped (the tagged DFA's, the dense DFA's)
                    // answer D12's questions as walks of the dense DFA over longer strings do.
                    let prefix = &input[..death.offset];
                    for stop in [death, dense_death] {
                        assert_eq!(
                            compiled.prefix_accepts(&stop),
                            compiled.recognize(prefix).is_ok(),
                            "{dialect} {input:?}"
                        );
                        for &byte in ALPHABET {
                            let mut longer = prefix.to_vec();
                            longer.push(byte);
                            let dense = compiled.recognize(&longer).err();
                            assert_eq!(
                                compiled.continues(&stop, byte),
                                dense != Some(death.offset),
                                "{dialect} {input:?} + {byte}"
                            );
                        }
                    }
                }
            }
            // The one-letter editions (SIN) accept the four letters of the alphabet alone, HAND
            // its `*` alone.
            let least = if dialect.family() == crate::notation::Family::Dialects {
                11
            } else if dialect.as_str() == "hand" {
                1
            } else {
                4
            };
            assert!(seen >= least, "{dialect}: {seen} accepted strings");
        }
    }
}
