//! The fast path: a grammar of `grammar/*.pest`, read through the [IR](super::ir), translated
//! into one regex and compiled into automata, so that parsing needs no pest at run time while
//! the `.pest` files stay the only statement of the syntax.
//!
//! - The translation inlines every rule. Only the rules that carry an attribute (the roles of
//!   the notation's row in the notation table: style, type, state, intermediate, promoted,
//!   king, and the uppercase branch) become capture groups, numbered so that no name repeats.
//! - PEG and regex read a grammar alike only when ordered choice and greedy repetition never
//!   have to give something back. The translation refuses, naming the rule, any construct
//!   where they could disagree: for each ordered choice `A / B`, a string of `A` that is a
//!   proper prefix of a string of `B`, or a string of `B` that is a proper prefix of a string
//!   of `A` whose next byte can also follow the choice; for `e?`, `e*` and `e+`, a first byte
//!   of `e` that can also follow it; recursion; `SOI` or `EOI` anywhere but at the ends of the
//!   entry rule; atomic rules (pest reports failures inside them at the rule's start);
//!   non-ASCII characters. Predicates and the stack are already refused by the IR.
//! - A dense DFA gives the verdict and, where it dies, D11's offset (the walk of
//!   `crate::automaton`, shared with the oracle). A one-pass DFA reads the groups of an
//!   accepted input when the regex is one-pass; otherwise a bounded backtracker does (a
//!   `PikeVM` past its length limit). [`Compiled::engine`] says which.
//! - The built-in grammars are compiled once, on first use ([`Compiled::builtin`]).

use std::collections::{HashSet, VecDeque};
use std::fmt;
use std::panic::{RefUnwindSafe, UnwindSafe};
use std::str;
use std::sync::OnceLock;

use regex_automata::dfa::{dense, onepass, StartKind};
use regex_automata::nfa::thompson::{backtrack, pikevm};
use regex_automata::util::captures::Captures;
use regex_automata::util::pool::{Pool, PoolGuard};
use regex_automata::util::primitives::StateID;
use regex_automata::util::syntax;
use regex_automata::{Anchored, Input, MatchKind, PatternID};

use super::ir::{Grammar, Kind, Node};
use crate::automaton::{self, Walk};
use crate::model::{ActorFields, Dialect, Side, State};
use crate::notation::Role;

/// A dialect's grammar, compiled into automata.
pub struct Compiled {
    dialect: Dialect,
    pattern: String,
    dfa: dense::DFA<Vec<u32>>,
    captor: Captor,
    /// The tagged one-pass DFA that reads the groups when the pattern allows it (before
    /// `captor`, which is then never used).
    tagged: Option<Tagged>,
    /// The start slots (`2 × group`) of the role groups, as a mask over a tagged walk's slots.
    role_starts: u32,
    /// The role of the group whose start slot is the index.
    role_of_slot: [Option<Role>; MAX_SLOTS],
    /// The capture groups that carry a role, by group index, in pattern order.
    groups: Vec<(usize, Role)>,
    /// Whether the grammar names its uppercase branch (otherwise the side is read from the
    /// first letter).
    has_uppercase: bool,
    /// The optional attributes of the dialect (`state`, `intermediate`, …), a bit per role.
    optional: u8,
    pool: Pool<Scratch, ScratchFn>,
}

/// The engine that reads the capture groups of an accepted input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// A one-pass DFA: one transition per byte, groups included.
    OnePass,
    /// A bounded backtracker (a `PikeVM` for inputs past its limit): the regex is not one-pass,
    /// e.g. `pnn`'s ordered alternatives that share a prefix.
    Backtrack,
}

impl Engine {
    /// `one-pass` or `backtrack`.
    pub fn as_str(self) -> &'static str {
        match self {
            Engine::OnePass => "one-pass",
            Engine::Backtrack => "backtrack",
        }
    }
}

/// An accepted input, seen through borrowed slices of it: every attribute of
/// [`ActorFields`] without an allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct View<'a> {
    /// The style, as written.
    pub style: &'a str,
    /// The piece type without its modifiers, as written.
    pub piece_type: &'a str,
    /// The side.
    pub side: Side,
    /// The state prefix, in the dialects that have one.
    pub state: Option<State>,
    /// `pnn`'s `'` suffix.
    pub intermediate: Option<bool>,
    /// `beta`'s `+`.
    pub promoted: Option<bool>,
    /// `beta`'s `-`.
    pub king: Option<bool>,
}

impl View<'_> {
    /// The attributes, owned.
    pub fn fields(&self) -> ActorFields {
        ActorFields {
            style: self.style.to_owned(),
            piece_type: self.piece_type.to_owned(),
            side: self.side,
            state: self.state,
            intermediate: self.intermediate,
            promoted: self.promoted,
            king: self.king,
        }
    }
}

/// An accepted input's attributes, the text ones as spans of it (start, end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Parts {
    pub(crate) style: (usize, usize),
    pub(crate) piece_type: (usize, usize),
    pub(crate) side: Side,
    pub(crate) state: Option<State>,
    pub(crate) intermediate: Option<bool>,
    pub(crate) promoted: Option<bool>,
    pub(crate) king: Option<bool>,
}

/// Why a grammar has no fast path: it cannot be read, or PEG and a regex could disagree on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    file: String,
    rule: Option<String>,
    message: String,
}

impl CompileError {
    /// The rule at fault, when there is one.
    pub fn rule(&self) -> Option<&str> {
        self.rule.as_deref()
    }
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file)?;
        if let Some(rule) = &self.rule {
            write!(f, "rule {rule}: ")?;
        }
        write!(f, "no fast path: {}", self.message)
    }
}

impl std::error::Error for CompileError {}

impl fmt::Debug for Compiled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Compiled")
            .field("dialect", &self.dialect)
            .field("pattern", &self.pattern)
            .field("engine", &self.engine())
            .finish_non_exhaustive()
    }
}

static BUILTIN: [OnceLock<Result<Compiled, CompileError>>; Dialect::ALL.len()] =
    [const { OnceLock::new() }; Dialect::ALL.len()];

impl Compiled {
    /// The fast path of a built-in grammar, compiled on first use.
    pub fn builtin(dialect: Dialect) -> Result<&'static Compiled, &'static CompileError> {
        BUILTIN[dialect.index()]
            .get_or_init(|| Compiled::new(dialect, dialect.grammar_file(), dialect.grammar_text()))
            .as_ref()
    }

    /// Compiles the text of a `.pest` file (`file` names it in errors) for `dialect`, whose
    /// role table says which rules hold the attributes.
    pub fn new(dialect: Dialect, file: &str, text: &str) -> Result<Compiled, CompileError> {
        let grammar = Grammar::parse(file, text).map_err(|error| CompileError {
            file: file.to_owned(),
            rule: None,
            message: error.message,
        })?;
        Compiled::from_grammar(dialect, file, &grammar)
    }

    /// Compiles a grammar already read into the IR.
    pub fn from_grammar(
        dialect: Dialect,
        file: &str,
        grammar: &Grammar,
    ) -> Result<Compiled, CompileError> {
        let fail = |rule: Option<&str>, message: String| CompileError {
            file: file.to_owned(),
            rule: rule.map(str::to_owned),
            message,
        };
        let mut translator = Translator {
            grammar,
            table: Some(dialect.roles()),
            groups: Vec::new(),
            stack: Vec::new(),
        };
        let pattern = translator
            .entry()
            .map_err(|(rule, message)| fail(Some(&rule), message))?;
        // The translation has refused recursion, so the check's walks end.
        Checker {
            grammar,
            rule: String::new(),
            stack: Vec::new(),
        }
        .check_grammar()
        .map_err(|(rule, message)| fail(Some(&rule), message))?;
        let named = translator.groups;
        for (role, what) in [(Role::Style, "style"), (Role::Type, "type")] {
            if !named.iter().any(|(_, seen)| *seen == role) {
                return Err(fail(
                    None,
                    format!("no rule of the grammar holds the {what}"),
                ));
            }
        }
        let regex_error = |error: &dyn fmt::Display| fail(None, error.to_string());
        let dfa = verdict_dfa(&pattern).map_err(|e| regex_error(&e))?;
        let captor = match onepass::DFA::builder()
            .syntax(syntax_config())
            .configure(onepass::Config::new().match_kind(MatchKind::LeftmostFirst))
            .build(&pattern)
        {
            Ok(dfa) => Captor::OnePass(dfa),
            Err(_) => Captor::Backtrack(
                backtrack::BoundedBacktracker::builder()
                    .syntax(syntax_config())
                    .build(&pattern)
                    .map_err(|e| regex_error(&e))?,
                pikevm::PikeVM::builder()
                    .syntax(syntax_config())
                    .build(&pattern)
                    .map_err(|e| regex_error(&e))?,
            ),
        };
        let info = captor.group_info();
        let mut groups: Vec<(usize, Role)> = named
            .iter()
            .map(|(name, role)| {
                let index = info
                    .to_index(PatternID::ZERO, name)
                    .expect("every group of the translation is in the regex");
                (index, *role)
            })
            .collect();
        // Pattern order, as the parse tree's: the first group of a role to match wins.
        groups.sort_unstable_by_key(|&(index, _)| index);
        let has_uppercase = named.iter().any(|(_, role)| *role == Role::Uppercase);
        let for_pool = captor.clone();
        let create: ScratchFn = Box::new(move || for_pool.scratch());
        let tagged = Tagged::build(&pattern);
        let (mut role_starts, mut role_of_slot) = (0u32, [None; MAX_SLOTS]);
        for &(index, role) in &groups {
            if let Some(cell) = role_of_slot.get_mut(2 * index) {
                *cell = Some(role);
                role_starts |= 1 << (2 * index);
            }
        }
        Ok(Compiled {
            dialect,
            pattern,
            dfa,
            captor,
            tagged,
            role_starts,
            role_of_slot,
            groups,
            has_uppercase,
            optional: [Role::State, Role::Intermediate, Role::Promoted, Role::King]
                .into_iter()
                .filter(|&role| dialect.has(role))
                .fold(0, |mask, role| mask | bit(role)),
            pool: Pool::new(create),
        })
    }

    /// The dialect whose role table names the groups.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The regex the grammar was translated into (uppercase and lowercase branches, the role
    /// rules as named groups).
    pub fn pattern(&self) -> &str {
        &self.pattern
    }

    /// The engine that reads the groups.
    pub fn engine(&self) -> Engine {
        if self.tagged.is_some() {
            return Engine::OnePass;
        }
        match self.captor {
            Captor::OnePass(_) => Engine::OnePass,
            Captor::Backtrack(..) => Engine::Backtrack,
        }
    }

    /// The verdict alone: `Err` holds the length of the longest viable prefix (D11).
    pub fn recognize(&self, input: &[u8]) -> Result<(), usize> {
        match automaton::walk(&self.dfa, input) {
            Walk::Match => Ok(()),
            Walk::Dead { offset, .. } => Err(offset),
        }
    }

    /// The verdict, and the attributes of an accepted input as slices of it.
    ///
    /// # Panics
    ///
    /// Never in practice: the DFA and the capture engine are built from one pattern, so an
    /// input the DFA accepts always has groups.
    pub fn view<'a>(&self, input: &'a str) -> Result<View<'a>, usize> {
        let parts = self.locate(input.as_bytes())?;
        let slice = |(start, end): (usize, usize)| input.get(start..end).unwrap_or_default();
        Ok(View {
            style: slice(parts.style),
            piece_type: slice(parts.piece_type),
            side: parts.side,
            state: parts.state,
            intermediate: parts.intermediate,
            promoted: parts.promoted,
            king: parts.king,
        })
    }

    /// The view of `input` given as bytes when the grammar accepts it, whole, and the input is
    /// UTF-8 (`None` otherwise: the caller's full pipeline then says why). With the tagged DFA
    /// of a grammar of ASCII bytes, an accepted input is ASCII: it is not checked for UTF-8
    /// apart from the slices the view holds.
    pub fn view_bytes<'a>(&self, input: &'a [u8]) -> Option<View<'a>> {
        let parts = self.parts(input)?;
        let slice = |(start, end): (usize, usize)| str::from_utf8(&input[start..end]).ok();
        Some(View {
            style: slice(parts.style)?,
            piece_type: slice(parts.piece_type)?,
            side: parts.side,
            state: parts.state,
            intermediate: parts.intermediate,
            promoted: parts.promoted,
            king: parts.king,
        })
    }

    /// Whether every input the fast path accepts is printable ASCII without `"` or `\\`
    /// (known from the tagged DFA's transitions; `false` without one).
    pub(crate) fn accepts_plain_only(&self) -> bool {
        self.tagged.as_ref().is_some_and(|tagged| tagged.plain)
    }

    /// [`view_bytes`](Self::view_bytes) as spans of the input: what the bulk writers copy,
    /// with no UTF-8 check at all on the common path.
    pub(crate) fn parts(&self, input: &[u8]) -> Option<Parts> {
        let ascii = self.tagged.as_ref().is_some_and(|tagged| tagged.ascii);
        if !ascii {
            str::from_utf8(input).ok()?;
        }
        self.locate(input).ok()
    }

    /// The verdict, and the spans of an accepted input's attributes.
    ///
    /// # Panics
    ///
    /// Never in practice: the DFA and the capture engine are built from one pattern, so an
    /// input the DFA accepts always has groups.
    fn locate(&self, input: &[u8]) -> Result<Parts, usize> {
        // Offsets are recorded as `u32`: longer inputs go to the other engines.
        if let Some(tagged) = self.tagged.as_ref().filter(|_| input.len() < DEAD as usize) {
            let mut slots = [0; MAX_SLOTS];
            if let Some(seen) = tagged.run(input, &mut slots) {
                return Ok(self.assemble(input, self.tagged_spans(&slots, seen)));
            }
            self.recognize(input)?;
            panic!("the DFA and the tagged DFA disagree");
        }
        // A one-pass DFA answers a rejection as fast as the dense one: it goes first, and the
        // dense DFA only walks rejected inputs, for D11. A backtracker does not: the dense DFA
        // goes first.
        let one_pass = matches!(self.captor, Captor::OnePass(_));
        if !one_pass {
            self.recognize(input)?;
        }
        let mut scratch: PoolGuard<'_, Scratch, ScratchFn> = self.pool.get();
        let Scratch { caps, cache } = &mut *scratch;
        self.captor.captures(cache, input, caps);
        if one_pass && !caps.is_match() {
            self.recognize(input)?;
        }
        assert!(caps.is_match(), "the DFA and the capture engine disagree");
        let spans = self.groups.iter().filter_map(|&(index, role)| {
            caps.get_group(index)
                .map(|span| (role, span.start, span.end))
        });
        Ok(self.assemble(input, spans))
    }

    /// The role groups a tagged walk crossed, in pattern order, with their spans.
    #[inline]
    fn tagged_spans<'s>(
        &'s self,
        slots: &'s Slots,
        seen: u32,
    ) -> impl Iterator<Item = (Role, usize, usize)> + 's {
        let mut starts = seen & self.role_starts;
        std::iter::from_fn(move || loop {
            if starts == 0 {
                return None;
            }
            let slot = starts.trailing_zeros() as usize;
            starts &= starts - 1;
            if let Some(role) = self.role_of_slot[slot] {
                return Some((role, slots[slot] as usize, slots[slot + 1] as usize));
            }
        })
    }

    /// The parts of an accepted `input`, from the role groups that matched (`spans`: role,
    /// start and end, in pattern order).
    #[inline]
    fn assemble(&self, input: &[u8], spans: impl Iterator<Item = (Role, usize, usize)>) -> Parts {
        let (mut style, mut piece_type, mut upper) = (None, None, false);
        let (mut state, mut intermediate, mut promoted, mut king) = (None, false, false, false);
        for (role, start, end) in spans {
            match role {
                Role::Uppercase => upper = true,
                Role::Style => style = style.or(Some((start, end))),
                Role::Type => piece_type = piece_type.or(Some((start, end))),
                Role::State => {
                    state = state.or(match &input[start..end] {
                        b"" => Some(State::Normal),
                        b"+" => Some(State::Enhanced),
                        b"-" => Some(State::Diminished),
                        _ => None,
                    });
                }
                Role::Intermediate => intermediate = true,
                Role::Promoted => promoted = true,
                Role::King => king = true,
            }
        }
        let side = if self.has_uppercase {
            if upper {
                Side::First
            } else {
                Side::Second
            }
        } else {
            input
                .iter()
                .copied()
                .find_map(Side::of_letter)
                .unwrap_or(Side::First)
        };
        let has = |role: Role| self.optional & bit(role) != 0;
        Parts {
            style: style.unwrap_or_default(),
            piece_type: piece_type.unwrap_or_default(),
            side,
            state: has(Role::State).then(|| state.unwrap_or(State::Normal)),
            intermediate: has(Role::Intermediate).then_some(intermediate),
            promoted: has(Role::Promoted).then_some(promoted),
            king: has(Role::King).then_some(king),
        }
    }
}

/// The bit of `role` in [`Compiled`]'s mask of optional attributes.
fn bit(role: Role) -> u8 {
    1 << role as u8
}

// ------------------------------------------------------------------------------------------
// The capture engines
// ------------------------------------------------------------------------------------------

#[derive(Clone)]
// One `Captor` per grammar, built once: its size does not matter.
#[allow(clippy::large_enum_variant)]
enum Captor {
    OnePass(onepass::DFA),
    Backtrack(backtrack::BoundedBacktracker, pikevm::PikeVM),
}

/// The mutable state of one search, pooled per thread.
struct Scratch {
    caps: Captures,
    cache: CaptorCache,
}

// One per thread and grammar, pooled.
#[allow(clippy::large_enum_variant)]
enum CaptorCache {
    OnePass(onepass::Cache),
    Backtrack(backtrack::Cache, pikevm::Cache),
}

type ScratchFn = Box<dyn Fn() -> Scratch + Send + Sync + UnwindSafe + RefUnwindSafe>;

impl Captor {
    fn group_info(&self) -> &regex_automata::util::captures::GroupInfo {
        match self {
            Captor::OnePass(dfa) => dfa.get_nfa().group_info(),
            Captor::Backtrack(bt, _) => bt.get_nfa().group_info(),
        }
    }

    fn scratch(&self) -> Scratch {
        match self {
            Captor::OnePass(dfa) => Scratch {
                caps: dfa.create_captures(),
                cache: CaptorCache::OnePass(dfa.create_cache()),
            },
            Captor::Backtrack(bt, vm) => Scratch {
                caps: bt.create_captures(),
                cache: CaptorCache::Backtrack(bt.create_cache(), vm.create_cache()),
            },
        }
    }

    fn captures(&self, cache: &mut CaptorCache, text: &[u8], caps: &mut Captures) {
        let input = Input::new(text).anchored(Anchored::Yes);
        match (self, cache) {
            (Captor::OnePass(dfa), CaptorCache::OnePass(cache)) => {
                dfa.captures(cache, input, caps);
            }
            (Captor::Backtrack(bt, vm), CaptorCache::Backtrack(bt_cache, vm_cache)) => {
                if bt.try_captures(bt_cache, input.clone(), caps).is_err() {
                    vm.captures(vm_cache, input, caps);
                }
            }
            _ => unreachable!("a scratch is made by its own engine"),
        }
    }
}

// ------------------------------------------------------------------------------------------
// The tagged one-pass DFA
// ------------------------------------------------------------------------------------------

/// The most capture slots a [`Tagged`] DFA records (two per group; group 0, the whole match,
/// is not recorded).
const MAX_SLOTS: usize = 32;

/// The slots of a tagged walk, by slot index (`2 × group` and `2 × group + 1`): only those
/// whose bit is in the walk's mask hold an offset.
type Slots = [u32; MAX_SLOTS];

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
struct Tagged {
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
    ascii: bool,
    /// Whether every byte transition reads printable ASCII other than `"` and `\\`.
    plain: bool,
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
const DEAD: u32 = u32::MAX;
/// The end-of-input column of an accepting state.
const ACCEPT: u32 = u32::MAX - 1;

impl Tagged {
    /// The tagged DFA of `pattern`, or `None` when it is not one-pass in the sense above.
    fn build(pattern: &str) -> Option<Tagged> {
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
    fn run(&self, input: &[u8], slots: &mut Slots) -> Option<u32> {
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

fn syntax_config() -> syntax::Config {
    syntax::Config::new().unicode(false).utf8(false)
}

/// The anchored DFA of the verdict and of D11 (every match kind: no match is preferred).
fn verdict_dfa(pattern: &str) -> Result<dense::DFA<Vec<u32>>, String> {
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

// ------------------------------------------------------------------------------------------
// The translation
// ------------------------------------------------------------------------------------------

/// A refusal: the rule, and why.
type Refusal = (String, String);

struct Translator<'g> {
    grammar: &'g Grammar,
    /// The role table; `None` translates without groups (the sub-patterns of the check).
    table: Option<&'static [(&'static str, Role)]>,
    /// The groups made so far: name and role.
    groups: Vec<(String, Role)>,
    /// The rules being translated, innermost last.
    stack: Vec<usize>,
}

impl Translator<'_> {
    /// The entry rule: `SOI ~ … ~ EOI`, translated to the regex of the middle, then `$`.
    fn entry(&mut self) -> Result<String, Refusal> {
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

    fn expr(&mut self, node: &Node) -> Result<String, Refusal> {
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

// ------------------------------------------------------------------------------------------
// The check: where PEG and a regex could disagree
// ------------------------------------------------------------------------------------------

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
            let mut translator = Translator {
                grammar: self.grammar,
                table: None,
                groups: Vec::new(),
                stack: self.stack.clone(),
            };
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

#[cfg(test)]
mod tests {
    use super::*;

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
            assert!(seen > 10, "{dialect}: {seen} accepted strings");
        }
    }
}
