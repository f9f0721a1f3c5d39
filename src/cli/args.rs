//! The command line, declared with clap.

use std::ffi::OsString;

use clap::{Args, Parser, Subcommand, ValueEnum};
use gan::Dialect;

#[derive(Debug, Parser)]
#[command(
    name = "gan",
    version,
    about = "Parse, detect, check and migrate GAN board-game piece identifiers",
    long_about = "Parse, detect, check and migrate GAN board-game piece identifiers \
                  (CHESS:K, shogi:+p, C:-K, CHESS:KING) in five dialects: legacy, beta, pnn, \
                  snn-pin (the default) and qpi.",
    after_help = "Exit codes: 0 ok, 1 some input rejected, 2 usage or I/O error.\n\n\
                  Examples:\n  gan parse CHESS:K shogi:+p\n  echo 'CHESS:k' | gan parse --format json\n  \
                  gan detect c:-k"
)]
pub struct Cli {
    /// When to color the output: auto (a terminal, and `NO_COLOR` unset), always or never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, global = true)]
    pub color: ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Parse identifiers in one dialect: the attributes, or an exact error.
    #[command(
        after_help = "Input: the IDs given, or standard input when there are none (or \
                            only `-`): each LF-terminated line is one input, minus one CR before \
                            the LF; nothing else is trimmed. With -z, NUL-separated inputs.\n\n\
                            Exit codes: 0 all valid, 1 at least one invalid, 2 usage or I/O error.\n\n\
                            Examples:\n  gan parse SHOGI:+P\n  gan parse --dialect legacy CHESS:KING\n  \
                            printf 'CHESS:k\\n' | gan parse --format json\n  \
                            gan parse -- -K\n  printf 'a\\nb\\0' | gan parse -z"
    )]
    Parse(ParseArgs),
    /// Parse identifiers in every dialect and show what each accepts (D10).
    #[command(after_help = "Same input rules as `gan parse`.\n\n\
                            Exit codes: 0 every input accepted by at least one dialect, 1 otherwise, \
                            2 usage or I/O error.\n\nExamples:\n  gan detect c:-k\n  \
                            gan detect --format json CHESS:KING")]
    Detect(DetectArgs),
    /// Convert identifiers from one dialect to another, reporting everything lost (M1–M7).
    Migrate(super::migrate::MigrateArgs),
}

#[derive(Debug, Args)]
pub struct InputArgs {
    /// Read NUL-separated inputs instead of lines (any string, newlines included).
    #[arg(short = 'z', long = "null-data")]
    pub null_data: bool,

    /// Inputs longer than this many bytes are rejected with `too-long`.
    #[arg(long, value_name = "N", default_value_t = 1 << 20)]
    pub max_bytes: usize,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Identifiers to check; without any (or with `-` alone), standard input is read.
    /// After `--`, every argument is an identifier, taken verbatim.
    #[arg(value_name = "ID")]
    pub ids: Vec<OsString>,
}

#[derive(Debug, Args)]
pub struct ParseArgs {
    /// The dialect to parse in.
    #[arg(long, short = 'd', value_name = "D", default_value = "snn-pin", value_parser = parse_dialect)]
    pub dialect: Dialect,

    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(Debug, Args)]
pub struct DetectArgs {
    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One readable line per input.
    Text,
    /// JSON Lines: one compact object per input.
    Json,
}

fn parse_dialect(name: &str) -> Result<Dialect, String> {
    name.parse()
        .map_err(|error: gan::dialect::UnknownDialect| error.to_string())
}
