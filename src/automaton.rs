//! An anchored dense DFA over bytes, walked the way D11 and D12 read it: where the walk dies
//! (the longest viable prefix, D11) and whether a byte would continue it (the case rule of
//! D12). The oracle and the fast path compiled from the grammars share this walk.

use regex_automata::dfa::{dense, Automaton};
use regex_automata::util::primitives::StateID;

/// Where an anchored walk of `dfa` over `input` ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Walk {
    /// The whole input is a match.
    Match,
    /// The walk died at `offset` (D11), or reached the end without a match (`offset` is then
    /// the input's length); `state` is the last live state.
    Dead {
        /// The length of the longest viable prefix.
        offset: usize,
        /// The state after that prefix.
        state: StateID,
    },
}

/// Walks `dfa` (built anchored, with `$` or `\z` at the end of its patterns) over `input`.
pub(crate) fn walk(dfa: &dense::DFA<Vec<u32>>, input: &[u8]) -> Walk {
    let mut state = start(dfa);
    for (offset, &byte) in input.iter().enumerate() {
        let next = dfa.next_state(state, byte);
        if dfa.is_dead_state(next) || dfa.is_quit_state(next) {
            return Walk::Dead { offset, state };
        }
        state = next;
    }
    if accepts_at(dfa, state) {
        Walk::Match
    } else {
        Walk::Dead {
            offset: input.len(),
            state,
        }
    }
}

/// The anchored start state of `dfa`.
pub(crate) fn start(dfa: &dense::DFA<Vec<u32>>) -> StateID {
    dfa.universal_start_state(regex_automata::Anchored::Yes)
        .expect("the DFA is built with an anchored universal start state")
}

/// Whether `byte` continues a live walk from `state`.
pub(crate) fn lives(dfa: &dense::DFA<Vec<u32>>, state: StateID, byte: u8) -> bool {
    let next = dfa.next_state(state, byte);
    !dfa.is_dead_state(next) && !dfa.is_quit_state(next)
}

/// Whether the input read up to `state` is a match as it is.
pub(crate) fn accepts_at(dfa: &dense::DFA<Vec<u32>>, state: StateID) -> bool {
    dfa.is_match_state(dfa.next_eoi_state(state))
}
