//! Colors, by one rule for every output and message: `--color`, then `CLICOLOR_FORCE`,
//! `NO_COLOR` and `TERM=dumb`, then whether the stream is a terminal.

use std::io::IsTerminal;

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
