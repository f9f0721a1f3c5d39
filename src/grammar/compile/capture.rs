//! The engines that read the capture groups of an accepted input when the tagged DFA cannot:
//! a one-pass DFA, or a bounded backtracker with a `PikeVM` past its length limit, and their
//! per-thread scratch space.

use std::panic::{RefUnwindSafe, UnwindSafe};

use regex_automata::dfa::onepass;
use regex_automata::nfa::thompson::{backtrack, pikevm};
use regex_automata::util::captures::{Captures, GroupInfo};
use regex_automata::{Anchored, Input, MatchKind};

use super::translate::syntax_config;

/// The engine of one grammar: a one-pass DFA when the pattern is one-pass, otherwise a
/// bounded backtracker and a `PikeVM`.
#[derive(Clone)]
// One `Captor` per grammar, built once: its size does not matter.
#[allow(clippy::large_enum_variant)]
pub(super) enum Captor {
    OnePass(onepass::DFA),
    Backtrack(backtrack::BoundedBacktracker, pikevm::PikeVM),
}

/// The mutable state of one search, pooled per thread.
pub(super) struct Scratch {
    pub(super) caps: Captures,
    pub(super) cache: CaptorCache,
}

// One per thread and grammar, pooled.
#[allow(clippy::large_enum_variant)]
pub(super) enum CaptorCache {
    OnePass(onepass::Cache),
    Backtrack(backtrack::Cache, pikevm::Cache),
}

pub(super) type ScratchFn = Box<dyn Fn() -> Scratch + Send + Sync + UnwindSafe + RefUnwindSafe>;

impl Captor {
    /// The engine of `pattern`: one-pass when it is, otherwise the backtracker and the
    /// `PikeVM`.
    pub(super) fn build(pattern: &str) -> Result<Captor, String> {
        if let Ok(dfa) = onepass::DFA::builder()
            .syntax(syntax_config())
            .configure(onepass::Config::new().match_kind(MatchKind::LeftmostFirst))
            .build(pattern)
        {
            return Ok(Captor::OnePass(dfa));
        }
        Ok(Captor::Backtrack(
            backtrack::BoundedBacktracker::builder()
                .syntax(syntax_config())
                .build(pattern)
                .map_err(|e| e.to_string())?,
            pikevm::PikeVM::builder()
                .syntax(syntax_config())
                .build(pattern)
                .map_err(|e| e.to_string())?,
        ))
    }

    pub(super) fn group_info(&self) -> &GroupInfo {
        match self {
            Captor::OnePass(dfa) => dfa.get_nfa().group_info(),
            Captor::Backtrack(bt, _) => bt.get_nfa().group_info(),
        }
    }

    pub(super) fn scratch(&self) -> Scratch {
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

    pub(super) fn captures(&self, cache: &mut CaptorCache, text: &[u8], caps: &mut Captures) {
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
