//! The fast path: a grammar of `grammar/*.pest`, read through the [IR](super::ir), translated
//! into one regex and compiled into automata, so that parsing needs no pest at run time while
//! the `.pest` files stay the only statement of the syntax.
//!
//! - `translate`: every rule inlined into one regex; the rules that hold an attribute (the
//!   roles of the notation's row in the notation table: style, type, state, intermediate,
//!   promoted, king, and the uppercase branch) become capture groups.
//! - `agree`: PEG and a regex read a grammar alike only when ordered choice and greedy
//!   repetition never have to give something back; the check refuses, naming the rule, any
//!   construct where they could disagree. Predicates and the stack are already refused by the
//!   IR.
//! - A dense DFA gives the verdict and, where it dies, D11's offset (the walk of
//!   `crate::automaton`, shared with the oracle).
//! - `tagged`: a DFA whose transitions carry the boundaries of the role groups reads the
//!   parts of an accepted input in the same walk, and where a rejected one stops (D11, and
//!   what D12 asks of the state there), when the roles can be read that way; otherwise
//!   `capture`: a one-pass DFA, or a bounded backtracker (a `PikeVM` past its length limit).
//!   [`Compiled::engine`] says which.
//! - The built-in grammars are compiled once, on first use ([`Compiled::builtin`]).

mod agree;
mod capture;
mod tagged;
mod translate;

use std::fmt;
use std::str;
use std::sync::OnceLock;

use regex_automata::dfa::dense;
use regex_automata::util::captures::Captures;
use regex_automata::util::pool::{Pool, PoolGuard};
use regex_automata::util::primitives::StateID;
use regex_automata::PatternID;

use self::capture::{Captor, Scratch, ScratchFn};
use self::tagged::{both_slots, role_bit, start_slot, Slots, Stop, Tagged, DEAD, MAX_SLOTS};
use self::translate::{verdict_dfa, Translator};
use super::ir::Grammar;
use crate::automaton::{self, Walk};
use crate::model::{ActorFields, Dialect, Side, State};
use crate::notation::Role;

/// A dialect's grammar, compiled into automata.
pub struct Compiled {
    dialect: Dialect,
    pattern: String,
    dfa: dense::DFA<Vec<u32>>,
    captor: Captor,
    /// The tagged DFA that reads the parts when the pattern allows it (before `captor`,
    /// which is then never used).
    tagged: Option<Tagged>,
    /// The capture groups that carry a role, by group index, in pattern order.
    groups: Vec<(usize, Role)>,
    /// The attributes of the notation, a bit per role.
    has: u16,
    /// Whether every input the dense DFA accepts is printable ASCII without `"` or `\\`
    /// ([`plain_only`]): what the tagged DFA tells of its own, known for the other engines.
    plain: bool,
    pool: Pool<Scratch, ScratchFn>,
}

/// The engine that reads the capture groups of an accepted input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// A tagged DFA: one transition per byte gives the verdict and the parts, and where a
    /// rejected input stops.
    Tagged,
    /// A one-pass DFA: one transition per byte, groups included.
    OnePass,
    /// A bounded backtracker (a `PikeVM` for inputs past its limit): the regex is not one-pass,
    /// e.g. `pnn`'s ordered alternatives that share a prefix.
    Backtrack,
}

impl Engine {
    /// `tagged`, `one-pass` or `backtrack`.
    pub fn as_str(self) -> &'static str {
        match self {
            Engine::Tagged => "tagged",
            Engine::OnePass => "one-pass",
            Engine::Backtrack => "backtrack",
        }
    }
}

/// An accepted input, seen through borrowed slices of it: every attribute of
/// [`ActorFields`] without an allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct View<'a> {
    /// The style, as written, in the notations that have one.
    pub style: Option<&'a str>,
    /// The piece type without its modifiers, as written, in the notations that have one.
    pub piece_type: Option<&'a str>,
    /// The side, in the notations that have one.
    pub side: Option<Side>,
    /// The state prefix, in the notations that have one.
    pub state: Option<State>,
    /// `pnn`'s `'` suffix.
    pub intermediate: Option<bool>,
    /// `beta`'s `+`.
    pub promoted: Option<bool>,
    /// `beta`'s `-`.
    pub king: Option<bool>,
    /// PIN's `^` suffix.
    pub terminal: Option<bool>,
    /// EPIN's `'` suffix, or the newest QPI's differing cases.
    pub derived: Option<bool>,
    /// CELL's coordinate, as written.
    pub coordinate: Option<&'a str>,
}

impl View<'_> {
    /// The attributes, owned.
    pub fn fields(&self) -> ActorFields {
        ActorFields {
            style: self.style.map(str::to_owned),
            piece_type: self.piece_type.map(str::to_owned),
            side: self.side,
            state: self.state,
            intermediate: self.intermediate,
            promoted: self.promoted,
            king: self.king,
            terminal: self.terminal,
            derived: self.derived,
            indices: self.coordinate.and_then(crate::model::cell_indices),
        }
    }

    /// The style, or `""` in a notation without one (a typed module reads only what its
    /// notation has).
    pub(crate) fn style_text(&self) -> &str {
        self.style.unwrap_or_default()
    }

    /// The type, or `""` in a notation without one.
    pub(crate) fn type_text(&self) -> &str {
        self.piece_type.unwrap_or_default()
    }

    /// The side, or `first` in a notation without one.
    pub(crate) fn side_or_first(&self) -> Side {
        self.side.unwrap_or(Side::First)
    }
}

/// An accepted input's attributes, the text ones as spans of it (start, end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Parts {
    pub(crate) style: Option<(usize, usize)>,
    pub(crate) piece_type: Option<(usize, usize)>,
    pub(crate) side: Option<Side>,
    pub(crate) state: Option<State>,
    pub(crate) intermediate: Option<bool>,
    pub(crate) promoted: Option<bool>,
    pub(crate) king: Option<bool>,
    pub(crate) terminal: Option<bool>,
    pub(crate) derived: Option<bool>,
    pub(crate) coordinate: Option<(usize, usize)>,
}

impl Parts {
    /// The parts of an accepted `input` of `dialect`, from the role groups that matched
    /// (`spans`: role, start and end, in the order of the parse): the first match of a text
    /// role wins; the side is `first` iff an [`Uppercase`](Role::Uppercase) rule matched; an
    /// attribute is present iff a rule of the notation holds it (`has`, a bit per role of
    /// [`bit`]).
    #[inline]
    pub(crate) fn assemble(
        input: &[u8],
        has: u16,
        spans: impl Iterator<Item = (Role, usize, usize)>,
    ) -> Parts {
        let (mut style, mut piece_type, mut upper) = (None, None, false);
        let mut coordinate = None;
        let mut state = None;
        let mut flags = 0u16;
        for (role, start, end) in spans {
            match role {
                Role::Uppercase => upper = true,
                Role::Style => style = style.or(Some((start, end))),
                Role::Type => piece_type = piece_type.or(Some((start, end))),
                Role::Coordinate => coordinate = coordinate.or(Some((start, end))),
                Role::State => {
                    state = state.or(match &input[start..end] {
                        b"" => Some(State::Normal),
                        b"+" => Some(State::Enhanced),
                        b"-" => Some(State::Diminished),
                        _ => None,
                    });
                }
                Role::Intermediate
                | Role::Promoted
                | Role::King
                | Role::Terminal
                | Role::Derived => {
                    flags |= bit(role);
                }
            }
        }
        let present = |role: Role| has & bit(role) != 0;
        let flag = |role: Role| present(role).then_some(flags & bit(role) != 0);
        Parts {
            style: if present(Role::Style) {
                Some(style.unwrap_or_default())
            } else {
                None
            },
            piece_type: if present(Role::Type) {
                Some(piece_type.unwrap_or_default())
            } else {
                None
            },
            side: present(Role::Uppercase).then_some(if upper {
                Side::First
            } else {
                Side::Second
            }),
            state: present(Role::State).then(|| state.unwrap_or(State::Normal)),
            intermediate: flag(Role::Intermediate),
            promoted: flag(Role::Promoted),
            king: flag(Role::King),
            terminal: flag(Role::Terminal),
            derived: flag(Role::Derived),
            coordinate: if present(Role::Coordinate) {
                Some(coordinate.unwrap_or_default())
            } else {
                None
            },
        }
    }

    /// The view of the parts over `input`; `None` when a span is not UTF-8.
    pub(crate) fn view<'a>(&self, input: &'a [u8]) -> Option<View<'a>> {
        let slice = |span: Option<(usize, usize)>| match span {
            Some((start, end)) => str::from_utf8(&input[start..end]).ok().map(Some),
            None => Some(None),
        };
        Some(View {
            style: slice(self.style)?,
            piece_type: slice(self.piece_type)?,
            side: self.side,
            state: self.state,
            intermediate: self.intermediate,
            promoted: self.promoted,
            king: self.king,
            terminal: self.terminal,
            derived: self.derived,
            coordinate: slice(self.coordinate)?,
        })
    }
}

/// An accepted input's role groups as the walk left them: where each role's group starts
/// and ends, and which roles matched. What [`Parts`] are made of; a writer reads them with
/// no [`Parts`] in between.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Groups {
    /// The offsets of the roles that matched whose offsets are read ([`Groups::READ`]); the
    /// other slots mean nothing.
    slots: Slots,
    /// The roles that matched, a bit per role ([`role_bit`]).
    seen: u32,
}

impl Groups {
    /// No group matched.
    pub(crate) const EMPTY: Groups = Groups {
        slots: [0; MAX_SLOTS],
        seen: 0,
    };

    /// The slots whose offsets are read ([`Groups::span`]): those of the text roles and of
    /// the state. The others are read as matched or not.
    const READ: u32 = both_slots(Role::Style)
        | both_slots(Role::Type)
        | both_slots(Role::State)
        | both_slots(Role::Coordinate);

    /// The groups of an input where each role of `matches` matched at its span (for tests
    /// of the writers).
    #[cfg(test)]
    pub(crate) fn of(matches: &[(Role, (usize, usize))]) -> Groups {
        let mut groups = Groups::EMPTY;
        for &(role, (start, end)) in matches {
            let slot = start_slot(role);
            groups.slots[slot] = u32::try_from(start).expect("a short input");
            groups.slots[slot + 1] = u32::try_from(end).expect("a short input");
            groups.seen |= role_bit(role);
        }
        groups
    }

    /// Whether a group of `role` matched.
    #[inline]
    pub(crate) fn matched(&self, role: Role) -> bool {
        self.seen & role_bit(role) != 0
    }

    /// The mask of `roles` that [`Groups::matched_any`] reads.
    pub(crate) fn mask(roles: &[Role]) -> u32 {
        roles.iter().fold(0, |mask, &role| mask | role_bit(role))
    }

    /// Whether a group of some role of `mask` ([`Groups::mask`]) matched.
    #[inline]
    pub(crate) fn matched_any(&self, mask: u32) -> bool {
        self.seen & mask != 0
    }

    /// The span of `role`'s group, a role whose offsets are read ([`Groups::READ`]): (0, 0)
    /// when it did not match.
    #[inline]
    pub(crate) fn span(&self, role: Role) -> (usize, usize) {
        debug_assert!(Self::READ & both_slots(role) != 0, "{role:?}");
        if !self.matched(role) {
            return (0, 0);
        }
        let start = start_slot(role);
        (self.slots[start] as usize, self.slots[start + 1] as usize)
    }

    /// The state its group's text says (`normal` when it did not match).
    #[inline]
    pub(crate) fn state(&self, input: &[u8]) -> State {
        match self.state_index(input) {
            1 => State::Enhanced,
            2 => State::Diminished,
            _ => State::Normal,
        }
    }

    /// [`Groups::state`] as a number: 0 normal, 1 enhanced (`+`), 2 diminished (`-`). Made
    /// of comparisons, with no branch on the group's length or sign: both change from input
    /// to input, and a branch on them is mispredicted about once an input.
    #[inline]
    pub(crate) fn state_index(&self, input: &[u8]) -> usize {
        let (start, end) = self.span(Role::State);
        let sign = input.get(start).copied().unwrap_or(0);
        let one = usize::from(end == start + 1);
        one * (usize::from(sign == b'+') | usize::from(sign == b'-') << 1)
    }

    /// The parts of `input`, in a notation whose roles are `has` (a bit per role of [`bit`]).
    fn parts(&self, input: &[u8], has: u16) -> Parts {
        let present = |role: Role| has & bit(role) != 0;
        let flag = |role: Role| present(role).then_some(self.matched(role));
        Parts {
            style: present(Role::Style).then(|| self.span(Role::Style)),
            piece_type: present(Role::Type).then(|| self.span(Role::Type)),
            side: present(Role::Uppercase).then_some(if self.matched(Role::Uppercase) {
                Side::First
            } else {
                Side::Second
            }),
            state: present(Role::State).then(|| self.state(input)),
            intermediate: flag(Role::Intermediate),
            promoted: flag(Role::Promoted),
            king: flag(Role::King),
            terminal: flag(Role::Terminal),
            derived: flag(Role::Derived),
            coordinate: present(Role::Coordinate).then(|| self.span(Role::Coordinate)),
        }
    }
}

/// The roles a notation holds, a bit per role (see [`bit`]).
pub(crate) fn held(dialect: Dialect) -> u16 {
    dialect
        .roles()
        .iter()
        .fold(0, |mask, &(_, role)| mask | bit(role))
}

/// Where a rejected input stops (D11's offset), and the state of the automaton there, which
/// tells what D12 asks: whether a byte would have continued the input, whether the prefix
/// read is itself valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Death {
    /// The length of the longest viable prefix.
    pub(crate) offset: usize,
    state: Stopped,
}

/// The state a walk stopped in: of the tagged DFA, or of the dense DFA.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stopped {
    Tagged(u32),
    Dense(StateID),
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
            .get_or_init(|| {
                Compiled::new(
                    dialect,
                    dialect.grammar_file(),
                    &super::stacked_text(dialect),
                )
            })
            .as_ref()
    }

    /// Compiles the text of a `.pest` file (`file` names it in errors) for `dialect`, whose
    /// roles (its row of the notation table) say which rules hold the attributes.
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
        let mut translator = Translator::new(grammar, Some(dialect.roles()), Vec::new());
        let pattern = translator
            .entry()
            .map_err(|(rule, message)| fail(Some(&rule), message))?;
        agree::check(grammar).map_err(|(rule, message)| fail(Some(&rule), message))?;
        let named = translator.groups;
        for &(rule, role) in dialect.roles() {
            if !named.iter().any(|(_, seen)| *seen == role) {
                return Err(fail(
                    None,
                    format!(
                        "no rule of the grammar holds the {} (the notation table names {rule})",
                        role.as_str()
                    ),
                ));
            }
        }
        let regex_error = |error: &dyn fmt::Display| fail(None, error.to_string());
        let dfa = verdict_dfa(&pattern).map_err(|e| regex_error(&e))?;
        let captor = Captor::build(&pattern).map_err(|e| regex_error(&e))?;
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
        let for_pool = captor.clone();
        let create: ScratchFn = Box::new(move || for_pool.scratch());
        let tagged = Tagged::build(
            &pattern,
            |group| {
                groups
                    .iter()
                    .find(|&&(index, _)| index == group)
                    .map(|&(_, role)| role)
            },
            Groups::READ,
        );
        let plain = plain_only(&dfa);
        Ok(Compiled {
            dialect,
            pattern,
            plain,
            dfa,
            captor,
            tagged,
            groups,
            has: held(dialect),
            pool: Pool::new(create),
        })
    }

    /// The dialect whose roles name the groups.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The regex the grammar was translated into (uppercase and lowercase branches, the role
    /// rules as named groups).
    pub fn pattern(&self) -> &str {
        &self.pattern
    }

    /// The same grammar without its tagged DFA, served by the other engines: for the tests
    /// that compare the engines.
    #[must_use]
    pub fn without_tagged(mut self) -> Compiled {
        self.tagged = None;
        self
    }

    /// The engine that reads the groups.
    pub fn engine(&self) -> Engine {
        if self.tagged.is_some() {
            return Engine::Tagged;
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
        let parts = self.judge(input.as_bytes()).map_err(|death| death.offset)?;
        Ok(parts
            .view(input.as_bytes())
            .expect("the spans of a str's groups are on character boundaries"))
    }

    /// The view of `input` given as bytes when the grammar accepts it, whole, and the input is
    /// UTF-8 (`None` otherwise: the caller's full pipeline then says why). With the tagged DFA
    /// of a grammar of ASCII bytes, an accepted input is ASCII: it is not checked for UTF-8
    /// apart from the slices the view holds.
    pub fn view_bytes<'a>(&self, input: &'a [u8]) -> Option<View<'a>> {
        self.parts(input)?.view(input)
    }

    /// Whether every input the fast path accepts is printable ASCII without `"` or `\\`
    /// (known from the tagged DFA's transitions, or from the dense DFA's).
    pub(crate) fn accepts_plain_only(&self) -> bool {
        self.plain || self.tagged.as_ref().is_some_and(|tagged| tagged.plain)
    }

    /// [`view_bytes`](Self::view_bytes) as spans of the input: what the bulk writers copy,
    /// with no UTF-8 check at all on the common path.
    pub(crate) fn parts(&self, input: &[u8]) -> Option<Parts> {
        if !self.reads_ascii_only() {
            str::from_utf8(input).ok()?;
        }
        self.judge(input).ok()
    }

    /// Whether every input the grammar accepts is ASCII, known from the tagged DFA's
    /// transitions, or from the dense DFA's: then an accepted input needs no UTF-8 check.
    pub(crate) fn reads_ascii_only(&self) -> bool {
        self.plain || self.tagged.as_ref().is_some_and(|tagged| tagged.ascii)
    }

    /// The verdict on `input`: the spans of an accepted input's attributes, or where a
    /// rejected one stops. The input need not be UTF-8 (a grammar of ASCII bytes rejects
    /// what is not); [`Compiled::parts`] checks it when the grammar could accept more.
    pub(crate) fn judge(&self, input: &[u8]) -> Result<Parts, Death> {
        self.groups(input)
            .map(|groups| groups.parts(input, self.has))
    }

    /// [`judge`](Self::judge) as the walk leaves it: the role groups of an accepted input,
    /// which a writer reads with no [`Parts`] in between.
    pub(crate) fn groups(&self, input: &[u8]) -> Result<Groups, Death> {
        let mut groups = Groups::EMPTY;
        self.read_groups(input, &mut groups).map(|()| groups)
    }

    /// [`groups`](Self::groups), read into `groups`: the walk writes the offsets in place,
    /// where a copy of them made right after the walk would wait for its writes to land.
    ///
    /// # Panics
    ///
    /// Never in practice: the DFA and the capture engine are built from one pattern, so an
    /// input the DFA accepts always has groups.
    #[inline]
    pub(crate) fn read_groups(&self, input: &[u8], groups: &mut Groups) -> Result<(), Death> {
        // Offsets are recorded as `u32`: longer inputs go to the other engines.
        if let Some(tagged) = self.tagged.as_ref().filter(|_| input.len() < DEAD as usize) {
            return match tagged.run(input, &mut groups.slots) {
                Ok(seen) => {
                    groups.seen = seen;
                    Ok(())
                }
                Err(Stop { offset, state }) if tagged.exact => Err(Death {
                    offset,
                    state: Stopped::Tagged(state),
                }),
                Err(_) => match self.dense_walk(input) {
                    Err(death) => Err(death),
                    Ok(()) => panic!("the DFA and the tagged DFA disagree"),
                },
            };
        }
        // A one-pass DFA answers a rejection as fast as the dense one: it goes first, and the
        // dense DFA only walks rejected inputs, for D11. A backtracker does not: the dense DFA
        // goes first.
        let one_pass = matches!(self.captor, Captor::OnePass(_));
        if !one_pass {
            self.dense_walk(input)?;
        }
        let mut scratch: PoolGuard<'_, Scratch, ScratchFn> = self.pool.get();
        let Scratch { caps, cache } = &mut *scratch;
        self.captor.captures(cache, input, caps);
        if one_pass && !caps.is_match() {
            self.dense_walk(input)?;
        }
        assert!(caps.is_match(), "the DFA and the capture engine disagree");
        *groups = self.groups_of_captures(input, caps);
        Ok(())
    }

    /// The verdict alone, from the dense DFA: `Err` says where a rejected input stops.
    pub(crate) fn verdict(&self, input: &[u8]) -> Result<(), Death> {
        self.dense_walk(input)
    }

    /// The dense DFA's walk, with the state where a rejected input stops.
    fn dense_walk(&self, input: &[u8]) -> Result<(), Death> {
        match automaton::walk(&self.dfa, input) {
            Walk::Match => Ok(()),
            Walk::Dead { offset, state } => Err(Death {
                offset,
                state: Stopped::Dense(state),
            }),
        }
    }

    /// Whether `byte`, after the prefix where `death` stopped, would continue it (the case
    /// rule of D12).
    pub(crate) fn continues(&self, death: &Death, byte: u8) -> bool {
        match (death.state, &self.tagged) {
            (Stopped::Tagged(state), Some(tagged)) => tagged.continues(state, byte),
            (Stopped::Dense(state), _) => automaton::lives(&self.dfa, state, byte),
            (Stopped::Tagged(_), None) => unreachable!("a tagged stop comes from the tagged DFA"),
        }
    }

    /// Whether the prefix where `death` stopped is itself valid.
    pub(crate) fn prefix_accepts(&self, death: &Death) -> bool {
        match (death.state, &self.tagged) {
            (Stopped::Tagged(state), Some(tagged)) => tagged.accepts_at(state),
            (Stopped::Dense(state), _) => automaton::accepts_at(&self.dfa, state),
            (Stopped::Tagged(_), None) => unreachable!("a tagged stop comes from the tagged DFA"),
        }
    }

    /// The role groups of an accepted input from the capture engine's groups: each role from the
    /// first of its groups that matched, in pattern order, as the parse tree has it.
    fn groups_of_captures(&self, input: &[u8], caps: &Captures) -> Groups {
        let (mut slots, mut seen) = ([0; MAX_SLOTS], 0);
        for &(index, role) in &self.groups {
            if seen & role_bit(role) != 0 {
                continue;
            }
            if let Some(span) = caps.get_group(index) {
                // A state group holding anything but a prefix gives way to the next one.
                if role == Role::State && !matches!(&input[span.range()], b"" | b"+" | b"-") {
                    continue;
                }
                let start = start_slot(role);
                // Offsets of inputs under 4 GiB: `Captures` spans of longer ones are cut
                // short here, as a `Limits` of the CLI never lets them through.
                slots[start] = u32::try_from(span.start).unwrap_or(u32::MAX);
                slots[start + 1] = u32::try_from(span.end).unwrap_or(u32::MAX);
                seen |= role_bit(role);
            }
        }
        Groups { slots, seen }
    }
}

/// Whether no live state of `dfa` reached from its start continues with a byte that is not
/// printable ASCII, or is `"` or `\\`: then every input it accepts is plain (every live
/// state of a DFA built from a regex leads to a match).
fn plain_only(dfa: &dense::DFA<Vec<u32>>) -> bool {
    use regex_automata::dfa::Automaton;
    let start = automaton::start(dfa);
    let mut seen = std::collections::HashSet::from([start]);
    let mut queue = vec![start];
    while let Some(state) = queue.pop() {
        for byte in 0..=u8::MAX {
            if !automaton::lives(dfa, state, byte) {
                continue;
            }
            if !matches!(byte, b' '..=b'~') || byte == b'"' || byte == b'\\' {
                return false;
            }
            let next = dfa.next_state(state, byte);
            if seen.insert(next) {
                queue.push(next);
            }
        }
    }
    true
}

/// The bit of `role` in a mask of roles.
pub(crate) fn bit(role: Role) -> u16 {
    1 << role as u16
}

#[cfg(test)]
mod tests {
    use super::{Compiled, Groups};
    use crate::model::{Dialect, State};
    use crate::notation::Role;

    /// The state's number is the sign its group holds, one byte long: not a sign the group
    /// does not hold (an empty group before it, or none at all), nor a longer group.
    #[test]
    fn the_state_is_the_sign_its_group_holds() {
        for (input, state, index) in [
            ("+K", Some((0, 1)), 1),
            ("-K", Some((0, 1)), 2),
            ("K+", Some((1, 2)), 1),
            ("K", Some((0, 0)), 0),
            ("+K", Some((0, 0)), 0),
            ("-K", Some((1, 1)), 0),
            ("K-", Some((1, 1)), 0),
            ("+-K", Some((0, 2)), 0),
            ("+K", None, 0),
            ("-K", None, 0),
            ("K", Some((1, 1)), 0),
        ] {
            let matches: Vec<_> = state.map(|span| (Role::State, span)).into_iter().collect();
            let groups = Groups::of(&matches);
            assert_eq!(
                groups.state_index(input.as_bytes()),
                index,
                "{input} {state:?}"
            );
            let expected = [State::Normal, State::Enhanced, State::Diminished][index];
            assert_eq!(
                groups.state(input.as_bytes()),
                expected,
                "{input} {state:?}"
            );
        }
    }

    /// The bulk writers copy an accepted input's parts as they are when the fast path says
    /// every input it accepts is plain: every shipped grammar says so, whatever its engine,
    /// and a grammar that accepts `"` or `\` does not.
    #[test]
    fn the_dense_dfa_tells_whether_every_accepted_input_is_plain() {
        for dialect in Dialect::ALL {
            let compiled = Compiled::builtin(dialect).expect("compiles");
            assert!(compiled.plain, "{dialect}");
            assert!(
                compiled.reads_ascii_only() && compiled.accepts_plain_only(),
                "{dialect}"
            );
        }
        let hand: Dialect = "hand".parse().expect("a notation");
        for special in ["\\\"", "\\\\", "\\t", "\\u{7f}"] {
            let text = format!("hand = {{ SOI ~ \"*\" ~ \"{special}\"? ~ EOI }}\n");
            let compiled = Compiled::new(hand, "hand.pest", &text).expect("compiles");
            assert!(!compiled.plain, "{text}");
            let without = compiled.without_tagged();
            assert!(!without.accepts_plain_only(), "{text}");
        }
    }
}
