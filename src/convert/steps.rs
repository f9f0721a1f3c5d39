//! The two steps of M1 and M9: any dialect → snn-pin (M2, M3, M4, M5, M11) and snn-pin → any
//! dialect (M5, M6, M10), with the flags snn-pin cannot hold (terminal, derived) carried beside
//! the snn-pin step (M9); and the direct rule between the QPI editions (M12). Each step writes
//! its result as text and has the grammar confirm it (D8).
//!
//! Within a step every finding is recorded (style first, then state and flags, then the
//! piece); a step with an error yields nothing, and the next step is not run.

use std::fmt;

use crate::dialect::{snn_pin, Actor, Dialect};
use crate::identifier::{Identifier, Stateful};
use crate::model::{Side, State};

use super::diagnostic::{codes, Diagnostic};
use super::{Intermediate, Options};

/// Source actor → target actor, through snn-pin (M1); `None` when an error was recorded.
pub(super) fn convert(
    actor: &Actor,
    to: Dialect,
    options: &Options,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Actor> {
    if actor.dialect() == to {
        return Some(actor.clone());
    }
    for (dialect, direction) in [(actor.dialect(), "from"), (to, "into")] {
        if !migrated(dialect) {
            no_migration(dialect, direction, diagnostics);
            return None;
        }
    }
    if let (Some(source), true) = (QpiParts::of(actor), is_qpi(to)) {
        return between_qpi(&source, to, options, diagnostics);
    }
    let mut flags = Flags::default();
    let pivot = to_snn(actor, to, options, &mut flags, diagnostics)?;
    from_snn(&pivot, (flags, actor), to, options, diagnostics)
}

/// What the hub carries beside the snn-pin step (M9): the flags snn-pin cannot hold.
#[derive(Debug, Clone, Copy, Default)]
struct Flags {
    /// A terminal piece: PIN's `^`, or beta's king-like `-` (M10).
    terminal: bool,
    /// QPI's Derived: the style letter in the other case than the piece letter (M12).
    derived: bool,
}

/// Whether a rule converts from and into `dialect`: the GAN dialects and the QPI editions
/// (M8).
fn migrated(dialect: Dialect) -> bool {
    dialect.family() == crate::notation::Family::Dialects || is_qpi(dialect)
}

/// Whether `dialect` is an edition of QPI: `qpi`, `qpi-2025-12` or `qpi-2026-01` (M12).
fn is_qpi(dialect: Dialect) -> bool {
    matches!(
        dialect,
        Dialect::Qpi | Dialect::Qpi202512 | Dialect::Qpi202601
    )
}

/// Whether `dialect` holds a terminal flag: PIN's `^` in the QPI editions of December 2025
/// on, beta's king-like `-` (M10).
fn holds_terminal(dialect: Dialect) -> bool {
    matches!(
        dialect,
        Dialect::Beta | Dialect::Qpi202512 | Dialect::Qpi202601
    )
}

/// A token of a QPI edition, in parts.
struct QpiParts {
    whole: String,
    style: String,
    side: Side,
    state: State,
    letter: String,
    flags: Flags,
}

impl QpiParts {
    fn of(actor: &Actor) -> Option<QpiParts> {
        let whole = actor.to_string();
        let parts = match actor {
            Actor::Qpi(a) => QpiParts {
                whole,
                style: a.style().to_owned(),
                side: a.side(),
                state: a.state(),
                letter: a.piece_type().to_owned(),
                flags: Flags::default(),
            },
            Actor::Qpi202512(a) => QpiParts {
                whole,
                style: a.style().to_owned(),
                side: a.side(),
                state: a.state(),
                letter: a.piece_type().to_owned(),
                flags: Flags {
                    terminal: a.is_terminal(),
                    derived: false,
                },
            },
            Actor::Qpi202601(a) => QpiParts {
                whole,
                style: a.style().to_owned(),
                side: a.side(),
                state: a.state(),
                letter: a.piece_type().to_owned(),
                flags: Flags {
                    terminal: a.is_terminal(),
                    derived: a.is_derived(),
                },
            },
            _ => return None,
        };
        Some(parts)
    }
}

/// M12: between the QPI editions the SIN letter is kept as written (no table), and the PIN
/// part identical; a terminal `^` or a Derived token the target cannot hold is
/// `unrepresentable`.
fn between_qpi(
    source: &QpiParts,
    to: Dialect,
    options: &Options,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Actor> {
    let start = diagnostics.len();
    let whole = Short(&source.whole);
    if source.flags.derived && to != Dialect::Qpi202601 {
        diagnostics.push(derived_unrepresentable(to, &whole));
    }
    if source.flags.terminal && !holds_terminal(to) {
        diagnostics.push(terminal_unrepresentable(to, &whole));
    }
    if diagnostics[start..].iter().any(Diagnostic::is_error) {
        return None;
    }
    let terminal = if source.flags.terminal { "^" } else { "" };
    let text = format!(
        "{}:{}{}{terminal}",
        source.style,
        source.state.prefix(),
        source.letter
    );
    build(to, &text, options, diagnostics)
}

fn derived_unrepresentable(to: Dialect, whole: &dyn fmt::Display) -> Diagnostic {
    Diagnostic::error(
        codes::UNREPRESENTABLE,
        format!(
            "{to} cannot hold the Derived relationship of '{whole}' (its style letter and its \
             piece letter differ in case)"
        ),
    )
}

fn terminal_unrepresentable(to: Dialect, whole: &dyn fmt::Display) -> Diagnostic {
    Diagnostic::error(
        codes::UNREPRESENTABLE,
        format!("{to} cannot hold the terminal marker '^' of '{whole}'"),
    )
}

/// The parts of an snn-pin identifier, before they are written and parsed.
struct Parts {
    side: Side,
    style: String,
    state: State,
    letter: String,
}

impl Parts {
    /// `style:[+-]letter`, style and letter in the side's case.
    fn text(&self) -> String {
        format!(
            "{}:{}{}",
            self.side.recase(&self.style),
            self.state.prefix(),
            self.side.recase(&self.letter)
        )
    }
}

fn to_snn(
    actor: &Actor,
    to: Dialect,
    options: &Options,
    flags: &mut Flags,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<snn_pin::Actor> {
    let start = diagnostics.len();
    let parts = match actor {
        Actor::SnnPin(actor) => return Some(actor.clone()),
        Actor::Legacy(actor) => from_legacy(actor, options, diagnostics),
        Actor::Beta(actor) => {
            flags.terminal = actor.is_king() && holds_terminal(to);
            from_beta(actor, options, flags.terminal, diagnostics)
        }
        Actor::Pnn(actor) => from_pnn(actor, options.intermediate, diagnostics),
        Actor::Qpi(_) | Actor::Qpi202512(_) | Actor::Qpi202601(_) => {
            let source = QpiParts::of(actor).expect("a QPI edition");
            *flags = source.flags;
            from_qpi(&source, options, diagnostics)
        }
        Actor::Pin202507(_)
        | Actor::Pin202512(_)
        | Actor::Sin202507(_)
        | Actor::Epin202512(_)
        | Actor::Snn20250702(_)
        | Actor::Snn20250711(_)
        | Actor::Snn20251009(_)
        | Actor::Snn20260111(_)
        | Actor::Cell(_)
        | Actor::Hand(_) => {
            no_migration(actor.dialect(), "from", diagnostics);
            return None;
        }
    };
    if diagnostics[start..].iter().any(Diagnostic::is_error) {
        return None;
    }
    match build(Dialect::SnnPin, &parts.text(), options, diagnostics)? {
        Actor::SnnPin(pivot) => Some(pivot),
        _ => unreachable!("built in snn-pin"),
    }
}

/// M2: game id kept; the piece word becomes a letter through the name table; no state.
fn from_legacy(
    actor: &crate::dialect::legacy::Actor,
    options: &Options,
    diagnostics: &mut Vec<Diagnostic>,
) -> Parts {
    let whole = Short(actor);
    let (style, word) = (actor.style(), actor.piece_type());
    let word_q = Short(word);
    let letter = if word.len() == 1 {
        word.to_owned()
    } else if let Some(letter) = options.tables.legacy_piece(&[style], word) {
        char::from(letter).to_string()
    } else {
        diagnostics.push(Diagnostic::error(
            codes::UNKNOWN_PIECE_NAME,
            format!(
                "unknown piece name '{word_q}' in '{whole}': no row of the name table gives it a \
                 letter"
            ),
        ));
        String::new()
    };
    Parts {
        side: actor.side(),
        style: style.to_owned(),
        state: State::Normal,
        letter,
    }
}

/// M3: style through the table or kept without `_`; `+` kept; `-` dropped (unless the
/// target holds it as terminal: `kept`, M10); one-character pieces kept, longer ones only
/// through a user row.
fn from_beta(
    actor: &crate::dialect::beta::Actor,
    options: &Options,
    kept: bool,
    diagnostics: &mut Vec<Diagnostic>,
) -> Parts {
    let whole = Short(actor);
    let written = actor.style();
    let style = if let Some(style) = options.tables.beta_style(written) {
        style.to_owned()
    } else if written.contains('_') {
        let kept: String = written.chars().filter(|&c| c != '_').collect();
        let (written_q, kept_q) = (Short(written), Short(&kept));
        diagnostics.push(Diagnostic::warning(
            codes::UNDERSCORE_REMOVED,
            format!(
                "'_' removed from the style '{written_q}', which becomes '{kept_q}': an snn-pin \
                 style holds letters and digits only"
            ),
        ));
        kept
    } else {
        written.to_owned()
    };
    if let Some(ambiguity) = options.tables.ambiguous_style(written) {
        let written_q = Short(written);
        diagnostics.push(Diagnostic::ambiguous_style(
            ambiguity,
            format!(
                "the beta style '{written_q}' of '{whole}' stood for several games in published \
                 data ({}): it becomes '{}' by the style table's guess; a user table row \
                 ([styles] {} = \"…\") says which game it is",
                ambiguity.games_list(),
                Short(&actor.side().recase(&style)),
                ambiguity.key
            ),
        ));
    }
    if actor.is_king() && !kept {
        diagnostics.push(Diagnostic::warning(
            codes::KING_FLAG_LOST,
            format!(
                "the king-like flag '-' of '{whole}' is dropped: snn-pin has no king-like \
                 flag, and its '-' means diminished (D4)"
            ),
        ));
    }
    let state = if actor.is_promoted() {
        State::Enhanced
    } else {
        State::Normal
    };
    let piece = actor.piece_type();
    let letter = if piece.len() == 1 {
        piece.to_owned()
    } else if let Some(letter) = options.tables.user_piece(&[written, &style], piece) {
        char::from(letter).to_string()
    } else {
        let piece_q = Short(piece);
        diagnostics.push(Diagnostic::error(
            codes::MULTI_CHARACTER_PIECE,
            format!(
                "the piece abbreviation '{piece_q}' of '{whole}' has {} characters: snn-pin \
                 holds one letter, and no user table row maps it",
                piece.len()
            ),
        ));
        String::new()
    };
    Parts {
        side: actor.side(),
        style,
        state,
        letter,
    }
}

/// M4: identity except `'`, which is an error, dropped, or written as `+`.
fn from_pnn(
    actor: &crate::dialect::pnn::Actor,
    intermediate: Intermediate,
    diagnostics: &mut Vec<Diagnostic>,
) -> Parts {
    let whole = Short(actor);
    let mut state = actor.state();
    if actor.is_intermediate() {
        match intermediate {
            Intermediate::Error => diagnostics.push(Diagnostic::error(
                codes::INTERMEDIATE_UNREPRESENTABLE,
                format!(
                    "the intermediate state ''' of '{whole}' cannot be written in snn-pin \
                     (intermediate option: error; drop or enhance would convert it)"
                ),
            )),
            Intermediate::Drop => diagnostics.push(Diagnostic::warning(
                codes::INTERMEDIATE_DROPPED,
                format!("the intermediate state ''' of '{whole}' is dropped"),
            )),
            Intermediate::Enhance if state == State::Normal => {
                state = State::Enhanced;
                diagnostics.push(Diagnostic::warning(
                    codes::INTERMEDIATE_AS_ENHANCED,
                    format!("the intermediate state ''' of '{whole}' is written as the enhanced state '+'"),
                ));
            }
            Intermediate::Enhance => diagnostics.push(Diagnostic::error(
                codes::INTERMEDIATE_UNREPRESENTABLE,
                format!(
                    "the intermediate state ''' of '{whole}' cannot be written as '+': the piece \
                     already has the prefix '{}'",
                    state.prefix()
                ),
            )),
        }
    }
    Parts {
        side: actor.side(),
        style: actor.style().to_owned(),
        state,
        letter: actor.piece_type().to_owned(),
    }
}

/// M5, M11: the style letter through the family table (backwards), in the piece's case; the
/// PIN part identical (its `^` and the Derived relationship ride beside it, M9).
fn from_qpi(source: &QpiParts, options: &Options, diagnostics: &mut Vec<Diagnostic>) -> Parts {
    let whole = Short(&source.whole);
    let style = if let Some(style) = options.tables.qpi_style(&source.style) {
        style.to_owned()
    } else {
        let message = format!(
            "the qpi style '{}' of '{whole}' has no snn-pin style in the family table",
            Short(&source.style)
        );
        diagnostics.push(Diagnostic::error(codes::UNKNOWN_STYLE, message));
        String::new()
    };
    Parts {
        side: source.side,
        style,
        state: source.state,
        letter: source.letter.clone(),
    }
}

/// M5, M6, M10: snn-pin, with the flags beside it (M9) and the source they came from → `to`.
fn from_snn(
    pivot: &snn_pin::Actor,
    (flags, source): (Flags, &Actor),
    to: Dialect,
    options: &Options,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Actor> {
    let whole = Short(pivot);
    let start = diagnostics.len();
    if flags.derived && to != Dialect::Qpi202601 {
        diagnostics.push(derived_unrepresentable(to, &Short(source)));
    }
    if flags.terminal && !holds_terminal(to) {
        diagnostics.push(terminal_unrepresentable(to, &Short(source)));
    }
    if to == Dialect::SnnPin {
        return (diagnostics.len() == start).then(|| Actor::SnnPin(pivot.clone()));
    }
    let terminal = if flags.terminal { "^" } else { "" };
    let (style, state, letter) = (pivot.style(), pivot.state(), pivot.piece_type());
    let mut unrepresentable = |feature: String| {
        diagnostics.push(Diagnostic::error(
            codes::UNREPRESENTABLE,
            format!("{to} cannot hold {feature} of '{whole}'"),
        ));
    };
    let digit = style.chars().find(char::is_ascii_digit);
    let style_q = Short(style);
    let text = match to {
        Dialect::SnnPin => unreachable!("returned above"),
        Dialect::Qpi | Dialect::Qpi202512 | Dialect::Qpi202601 => {
            if let Some(family) = options.tables.family(style) {
                let family = pivot.side().recase(&char::from(family).to_string());
                format!("{family}:{}{letter}{terminal}", state.prefix())
            } else {
                let message = format!(
                    "the style '{style_q}' of '{whole}' has no qpi letter in the family table"
                );
                diagnostics.push(Diagnostic::error(codes::UNKNOWN_STYLE, message));
                String::new()
            }
        }
        Dialect::Legacy => {
            if state != State::Normal {
                unrepresentable(format!("the {} state '{}'", state.as_str(), state.prefix()));
            }
            if let Some(digit) = digit {
                unrepresentable(format!(
                    "the digit '{digit}' in the style '{style_q}' (a game id is letters only)"
                ));
            }
            format!("{style}:{letter}")
        }
        Dialect::Pnn => {
            if let Some(digit) = digit {
                unrepresentable(format!(
                    "the digit '{digit}' in the style '{style_q}' (a game id is letters only)"
                ));
            }
            pivot.to_string()
        }
        Dialect::Beta => {
            if state == State::Diminished {
                unrepresentable(
                    "the diminished state '-' (beta's '-' means king-like, D4)".to_owned(),
                );
            }
            let promoted = if state == State::Enhanced { "+" } else { "" };
            let king = if flags.terminal { "-" } else { "" };
            format!("{style}:{promoted}{king}{letter}")
        }
        Dialect::Pin202507
        | Dialect::Pin202512
        | Dialect::Sin202507
        | Dialect::Epin202512
        | Dialect::Snn20250702
        | Dialect::Snn20250711
        | Dialect::Snn20251009
        | Dialect::Snn20260111
        | Dialect::Cell
        | Dialect::Hand => {
            no_migration(to, "into", diagnostics);
            String::new()
        }
    };
    if diagnostics[start..].iter().any(Diagnostic::is_error) {
        return None;
    }
    build(to, &text, options, diagnostics)
}

/// M8: no rule converts from or into the editions of PIN, SIN, EPIN and SNN.
fn no_migration(dialect: Dialect, direction: &str, diagnostics: &mut Vec<Diagnostic>) {
    diagnostics.push(Diagnostic::error(
        codes::NO_MIGRATION,
        format!("no conversion rule leads {direction} {dialect} (docs/DECISIONS.md M8)"),
    ));
}

/// Parses `text`, built by a step, in `dialect`, under the limit of the conversion's input
/// (`Options::limits`, `--max-bytes`): the grammar confirms every output (D8). Text over the
/// limit is the error `too-long`; a rejection by the grammar would be a defect of this
/// module: it is reported, never written.
fn build(
    dialect: Dialect,
    text: &str,
    options: &Options,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Actor> {
    if let Some(limit) = options.limits.max_len.filter(|&limit| text.len() > limit) {
        diagnostics.push(Diagnostic::error(
            crate::error::codes::TOO_LONG,
            format!(
                "the converted identifier would be {} bytes long, over the limit of {limit} \
                 bytes (the input's limit)",
                text.len()
            ),
        ));
        return None;
    }
    match dialect.parse_with(text.as_bytes(), options.limits) {
        Ok(actor) => Some(actor),
        Err(error) => {
            diagnostics.push(Diagnostic::error(
                error.code(),
                format!(
                    "internal: the converted text '{}' is not valid {dialect}: {error}",
                    Short(text)
                ),
            ));
            None
        }
    }
}

/// A value quoted in a message, at most [`Short::MAX`] characters of it: a message stays
/// short whatever the input (an identifier, a style or a user table's value may be a
/// megabyte long).
struct Short<T>(T);

impl<T> Short<T> {
    const MAX: usize = 64;
}

impl<T: fmt::Display> fmt::Display for Short<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.0.to_string();
        match text.char_indices().nth(Self::MAX) {
            None => f.write_str(&text),
            Some((cut, _)) => write!(f, "{}… ({} bytes)", &text[..cut], text.len()),
        }
    }
}
