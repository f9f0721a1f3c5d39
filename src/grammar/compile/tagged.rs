//! The tagged one-pass DFA: one table lookup per byte gives the next state and the capture
//! group boundaries at that offset, so an accepted input has its groups with no second
//! engine.

use std::collections::HashSet;

use regex_automata::util::primitives::StateID;

use super::translate::syntax_config;

/// The most capture slots a [`Tagged`] DFA records (two per group; group 0, the whole match,
/// is not recorded).
pub(super) const MAX_SLOTS: usize = 32;

/// The slots of a tagged walk, by slot index (`2 × group` and `2 × group + 1`): only those
/// whose bit is in the walk's mask hold an offset.
pub(super) type Slots = [u32; MAX_SLOTS];

/// A one-pass DFA over bytes whose transitions carry the capture slots they cross: one table
/// lookup per byte gives the next state and the group boundaries at that offset, so an
/// accepted input has its groups with no second engine and no per-search setup.
///
/// Built from the Thompson NFA of the pattern, one state per NFA state that a byte leads to.
/// The build refuses (and the fast path keeps its other engines) whenever the groups of an
/// input could depend on more than the bytes read so far: two NFA paths of one state's
/// closure meeting, two byte transitions of one closure on the same byte, two ways to the
/// match, a look-around other than the start and end of input, or over [`MAX_SLOTS`] slots.
/// So every accepted input has exactly one path, whose groups every engine reports.
#[derive(Clone)]
pub(super) struct Tagged {
    /// Byte → equivalence class (bytes no transition tells apart share one).
    classes: [u8; 256],
    /// `states × stride` transitions, each a [`Step`] packed into a `u64`: the next state's
    /// id in the low half, and in the high half the slots it sets, one per byte (at most
    /// four; slot 0, group 0's, which is never read, fills the rest, so that the walk writes
    /// four slots with no branch). A state's transitions start at its id. The last column of
    /// a state is the end of the input: `next` is [`ACCEPT`] when the state accepts there.
    table: Vec<u64>,
    /// The slots each transition of `table` sets, as a mask (bit `i` for slot `i`).
    masks: Vec<u32>,
    /// The column of the end of input (the number of byte classes).
    eoi: usize,
    /// The start state's id.
    start: u32,
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

impl Tagged {
    /// The tagged DFA of `pattern`, or `None` when it is not one-pass in the sense above.
    pub(super) fn build(pattern: &str) -> Option<Tagged> {
        use regex_automata::nfa::thompson::{self, State as NfaState, WhichCaptures};
        let nfa = thompson::NFA::compiler()
            .syntax(syntax_config())
            .configure(
                thompson::Config::new()
                    .which_captures(WhichCaptures::All)
                    .shrink(false),
            )
            .build(pattern)
            .ok()?;
        // The byte classes: a boundary wherever some transition's range starts or ends.
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
        let mut class = 0usize;
        for byte in 1..256 {
            if boundary[byte] {
                class += 1;
            }
            classes[byte] = u8::try_from(class).ok()?;
        }
        // The byte classes, then the end of input.
        let eoi = class + 1;
        let mut builder = TaggedBuilder {
            nfa: &nfa,
            eoi,
            classes: &classes,
            ids: std::collections::HashMap::new(),
            todo: Vec::new(),
            table: Vec::new(),
            ascii: true,
            plain: true,
        };
        let start = builder.state(nfa.start_anchored())?;
        while let Some((root, id)) = builder.todo.pop() {
            builder.closure(root, id, root == nfa.start_anchored())?;
        }
        Some(Tagged {
            classes,
            table: builder
                .table
                .iter()
                .map(|step| step.pack())
                .collect::<Option<_>>()?,
            masks: builder.table.iter().map(|step| step.slots).collect(),
            eoi,
            start,
            ascii: builder.ascii,
            plain: builder.plain,
        })
    }

    /// Walks `input`; on acceptance, the mask of the slots the path set (bit `i` for slot
    /// `i`), whose offsets are in `slots` (the other slots are left as they were).
    #[inline]
    // The casts take the halves of a packed step, and offsets of inputs `locate` keeps under
    // `u32::MAX` bytes.
    #[allow(clippy::cast_possible_truncation)]
    pub(super) fn run(&self, input: &[u8], slots: &mut Slots) -> Option<u32> {
        let mut state = self.start as usize;
        let mut seen = 0;
        for (at, &byte) in input.iter().enumerate() {
            let index = state + usize::from(self.classes[usize::from(byte)]);
            let step = self.table[index];
            // The low half: the next state (its id fits: the build checked).
            let next = step as u32;
            if next == DEAD {
                return None;
            }
            seen |= self.masks[index];
            // `locate` only walks inputs shorter than `u32::MAX` bytes.
            set_slots(slots, step, at as u32);
            state = next as usize;
        }
        let index = state + self.eoi;
        if self.table[index] as u32 != ACCEPT {
            return None;
        }
        set_slots(slots, self.table[index], input.len() as u32);
        Some(seen | self.masks[index])
    }
}

/// Writes `at` into the four slots of a packed step (slot 0 standing for none): no branch
/// to mispredict where groups start and end.
#[inline]
// The cast keeps the slot's byte (the `%` its low five bits).
#[allow(clippy::cast_possible_truncation)]
fn set_slots(slots: &mut Slots, step: u64, at: u32) {
    for shift in [32, 40, 48, 56] {
        slots[(step >> shift) as usize % MAX_SLOTS] = at;
    }
}

struct TaggedBuilder<'n> {
    nfa: &'n regex_automata::nfa::thompson::NFA,
    /// The end-of-input column; the stride is one more.
    eoi: usize,
    classes: &'n [u8; 256],
    /// NFA state → DFA state id.
    ids: std::collections::HashMap<StateID, u32>,
    /// DFA states whose transitions are still to fill: NFA root and id.
    todo: Vec<(StateID, u32)>,
    table: Vec<Step>,
    ascii: bool,
    plain: bool,
}

impl TaggedBuilder<'_> {
    /// The DFA state of the NFA state `root` (a byte transition's target), made on first use.
    fn state(&mut self, root: StateID) -> Option<u32> {
        if let Some(&id) = self.ids.get(&root) {
            return Some(id);
        }
        let id = u32::try_from(self.table.len())
            .ok()
            .filter(|&id| id < ACCEPT)?;
        self.table.resize(
            self.table.len() + self.eoi + 1,
            Step {
                next: DEAD,
                slots: 0,
            },
        );
        self.ids.insert(root, id);
        self.todo.push((root, id));
        Some(id)
    }

    /// Fills the transitions of state `id` from the epsilon closure of `root`; `None` when
    /// the closure is not one-pass.
    fn closure(&mut self, root: StateID, id: u32, at_start: bool) -> Option<()> {
        use regex_automata::nfa::thompson::State as NfaState;
        use regex_automata::util::look::Look;
        let id = id as usize;
        let mut seen = HashSet::new();
        // NFA state, slots crossed, whether the end of input has been asserted.
        let mut stack = vec![(root, 0u32, false)];
        while let Some((nfa_id, slots, ended)) = stack.pop() {
            if !seen.insert(nfa_id) {
                return None;
            }
            let edge = |this: &mut Self, start: u8, end: u8, next: StateID| -> Option<()> {
                if ended {
                    return Some(());
                }
                if next == this.nfa.start_anchored() {
                    // The start state's closure reads `Look::Start` as true.
                    return None;
                }
                if end >= 0x80 {
                    this.ascii = false;
                }
                if (start..=end)
                    .any(|byte| !matches!(byte, b' '..=b'~') || byte == b'"' || byte == b'\\')
                {
                    this.plain = false;
                }
                let target = this.state(next)?;
                for byte in start..=end {
                    let cell = &mut this.table[id + usize::from(this.classes[usize::from(byte)])];
                    if cell.next != DEAD && (cell.next != target || cell.slots != slots) {
                        return None;
                    }
                    *cell = Step {
                        next: target,
                        slots,
                    };
                }
                Some(())
            };
            match self.nfa.state(nfa_id) {
                NfaState::ByteRange { trans } => edge(self, trans.start, trans.end, trans.next)?,
                NfaState::Sparse(sparse) => {
                    for trans in &sparse.transitions {
                        edge(self, trans.start, trans.end, trans.next)?;
                    }
                }
                NfaState::Dense(dense) => {
                    for (byte, &next) in (0..=255u8).zip(dense.transitions.iter()) {
                        if next != StateID::ZERO {
                            edge(self, byte, byte, next)?;
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
                NfaState::Capture { next, slot, .. } => {
                    // Group 0 (slots 0 and 1) is the whole input: not recorded.
                    let slot = slot.as_usize();
                    let bit: u32 = match slot {
                        0 | 1 => 0,
                        2..MAX_SLOTS => 1 << slot,
                        _ => return None,
                    };
                    stack.push((*next, slots | bit, ended));
                }
                NfaState::Fail => {}
                NfaState::Match { .. } => {
                    let accept = &mut self.table[id + self.eoi];
                    if accept.next != DEAD {
                        return None;
                    }
                    *accept = Step {
                        next: ACCEPT,
                        slots,
                    };
                }
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::capture::{Captor, Scratch};
    use super::super::Compiled;
    use super::MAX_SLOTS;
    use crate::model::Dialect;

    /// The tagged DFA reads the groups of the one-pass grammars, and its groups are the
    /// captures of regex-automata's engine (the independent reference) on every string of up
    /// to four bytes over an alphabet of the grammars' boundary bytes.
    #[test]
    fn tagged_walk_equals_the_capture_engine() {
        const ALPHABET: &[u8] = b"AZaz09_:+-'\n\x80";
        for dialect in Dialect::ALL {
            let compiled = Compiled::builtin(dialect).expect("the shipped grammars compile");
            let one_pass = matches!(compiled.captor, Captor::OnePass(_));
            assert_eq!(compiled.tagged.is_some(), one_pass, "{dialect}");
            let Some(tagged) = &compiled.tagged else {
                continue;
            };
            assert!(tagged.ascii && tagged.plain, "{dialect}");
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
                let mut slots = [0; MAX_SLOTS];
                let run = tagged.run(&input, &mut slots);
                let accepted = run.is_some();
                assert_eq!(accepted, compiled.recognize(&input).is_ok(), "{input:?}");
                let Ok(text) = str::from_utf8(&input) else {
                    continue;
                };
                let Scratch { caps, cache } = &mut scratch;
                compiled.captor.captures(cache, text.as_bytes(), caps);
                assert_eq!(caps.is_match(), accepted, "{dialect} {text:?}");
                if let Some(mask) = run {
                    seen += 1;
                    for group in 1..caps.group_len() {
                        let expected = caps.get_group(group).map(|span| (span.start, span.end));
                        let (start, end) = (2 * group, 2 * group + 1);
                        let got = (mask & (1 << start) != 0 && mask & (1 << end) != 0)
                            .then(|| (slots[start] as usize, slots[end] as usize));
                        assert_eq!(got, expected, "{dialect} {text:?}");
                    }
                    let tagged_spans: Vec<_> = compiled.tagged_spans(&slots, mask).collect();
                    let captor_spans: Vec<_> = compiled
                        .groups
                        .iter()
                        .filter_map(|&(index, role)| {
                            caps.get_group(index)
                                .map(|span| (role, span.start, span.end))
                        })
                        .collect();
                    assert_eq!(tagged_spans, captor_spans, "{dialect} {text:?}");
                }
            }
            // The one-letter editions (SIN) accept the four letters of the alphabet alone.
            let least = if dialect.family() == crate::notation::Family::Dialects {
                11
            } else {
                4
            };
            assert!(seen >= least, "{dialect}: {seen} accepted strings");
        }
    }
}
