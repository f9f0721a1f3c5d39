//! Colors for text output: `--color`, `NO_COLOR` and whether standard output is a terminal.

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
    pub fn choose(choice: ColorChoice) -> Colors {
        let terminal = std::io::stdout().is_terminal();
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        let on = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && !no_color,
        };
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
