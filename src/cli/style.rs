//! Colors, by one rule for every output and message: `--color`, then `CLICOLOR_FORCE`,
//! `NO_COLOR` and `TERM=dumb`, then whether the stream is a terminal.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::sync::OnceLock;

use anstyle::{AnsiColor, Style};

use super::args::ColorChoice;

/// The styles in use (all plain when colors are off) and whether stdout is a terminal.
#[derive(Debug, Clone, Copy)]
pub struct Colors {
    pub ok: Style,
    pub error: Style,
    pub code: Style,
    pub caret: Style,
    pub terminal: bool,
}

impl Colors {
    /// The styles for standard output.
    pub fn choose(choice: ColorChoice) -> Colors {
        let terminal = std::io::stdout().is_terminal();
        let on = enabled(choice, terminal);
        let pick = |style: Style| if on { style } else { Style::new() };
        Colors {
            ok: pick(AnsiColor::Green.on_default().bold()),
            error: pick(AnsiColor::Red.on_default().bold()),
            code: pick(Style::new().bold()),
            caret: pick(AnsiColor::Red.on_default()),
            terminal,
        }
    }
}

/// The `--color` of this run, set once by `main`.
static CHOICE: OnceLock<ColorChoice> = OnceLock::new();

/// Records `--color` for [`stdout_on`] and [`stderr_on`].
pub fn set_choice(choice: ColorChoice) {
    let _ = CHOICE.set(choice);
}

/// Whether standard output gets colors.
pub fn stdout_on() -> bool {
    enabled(
        *CHOICE.get().unwrap_or(&ColorChoice::Auto),
        std::io::stdout().is_terminal(),
    )
}

/// Whether standard error gets colors.
pub fn stderr_on() -> bool {
    enabled(
        *CHOICE.get().unwrap_or(&ColorChoice::Auto),
        std::io::stderr().is_terminal(),
    )
}

/// `line` with its outcome words colored: `PASS`, `valid`, `pass` green; `FAIL`, `invalid`,
/// `error`, `fail`, `crash`, … red; `warning`, `wrong-…` yellow. Only whole words at the
/// places the reports put them (start of a line, after `result: `, after `: `).
pub fn paint(line: &str) -> String {
    let green = AnsiColor::Green.on_default().bold();
    let red = AnsiColor::Red.on_default().bold();
    let yellow = AnsiColor::Yellow.on_default().bold();
    let word_style = |word: &str| match word {
        "PASS" | "valid" | "pass" => Some(green),
        "FAIL" | "invalid" | "error" | "fail" | "crash" | "timeout" | "unexpected-pass" => {
            Some(red)
        }
        "warning" | "wrong-actor" | "wrong-error" => Some(yellow),
        _ => None,
    };
    // The word after a marker: the line's start (after indentation), `result: `, `: `.
    let mut painted = String::with_capacity(line.len() + 16);
    let mut rest = line;
    let indent = rest.len() - rest.trim_start().len();
    painted.push_str(&rest[..indent]);
    rest = &rest[indent..];
    let mut at_marker = true;
    while !rest.is_empty() {
        if at_marker {
            let spaces = rest.len() - rest.trim_start_matches(' ').len();
            painted.push_str(&rest[..spaces]);
            rest = &rest[spaces..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .unwrap_or(rest.len());
            let word = &rest[..end];
            if let Some(style) = word_style(word) {
                let _ = write!(painted, "{style}{word}{style:#}");
                rest = &rest[end..];
            }
        }
        if let Some(at) = rest.find(": ") {
            painted.push_str(&rest[..at + 2]);
            rest = &rest[at + 2..];
            at_marker = true;
        } else {
            painted.push_str(rest);
            rest = "";
        }
    }
    painted
}

/// Whether a stream gets colors: `--color always|never` decide; under `auto`, a non-empty
/// `CLICOLOR_FORCE` (other than `0`) turns them on, a non-empty `NO_COLOR` or `TERM=dumb`
/// off, and otherwise a terminal has them.
pub fn enabled(choice: ColorChoice, terminal: bool) -> bool {
    let set = |name: &str| std::env::var_os(name).is_some_and(|value| !value.is_empty());
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            if set("CLICOLOR_FORCE") && std::env::var_os("CLICOLOR_FORCE").unwrap() != "0" {
                true
            } else if set("NO_COLOR") || std::env::var_os("TERM").is_some_and(|t| t == "dumb") {
                false
            } else {
                terminal
            }
        }
    }
}
