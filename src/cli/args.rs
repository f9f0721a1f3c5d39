//! The command line, declared with clap.

use std::ffi::OsString;
use std::path::PathBuf;

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
    /// GGN move tables: validate documents, list the moves they allow on a board.
    #[command(subcommand)]
    Ggn(GgnCommand),
}

#[derive(Debug, Subcommand)]
pub enum GgnCommand {
    /// Validate GGN documents: every problem, with a code, a JSON pointer and a message.
    #[command(
        after_help = "GAN values are read in one dialect (G1): snn-pin by default, pnn as the \
                            historical Ruby implementation did. Warnings (unsatisfiable, redundant, \
                            duplicate-variant) do not make a document invalid unless --strict.\n\n\
                            Exit codes: 0 every document valid, 1 some document invalid (malformed \
                            JSON, not UTF-8, over a limit, a broken rule), 2 usage error or \
                            unreadable file; with several files the highest code wins.\n\n\
                            Examples:\n  gan ggn validate rules.json\n  \
                            gan ggn validate --dialect pnn --format json a.json b.json\n  \
                            gan ggn validate --squares squares.txt --strict rules.json\n  \
                            cat rules.json | gan ggn validate -"
    )]
    Validate(GgnValidateArgs),
    /// List the moves a GGN document allows on a board (pieces of both sides move).
    #[command(
        after_help = "A board is a JSON object, square -> GAN identifier or null; a square \
                            absent from it is empty (G12). JSON output is one line per move, in \
                            document order: {\"piece\",\"from\",\"to\",\"variant\",\"perform\",\
                            \"board\"} with the board after the move.\n\n\
                            Exit codes: 0 (also when no move is possible), 1 the rules or the board \
                            are invalid (their problems on standard error), 2 usage or I/O error.\n\n\
                            Examples:\n  gan ggn moves --rules chess.json --board start.json\n  \
                            gan ggn moves --rules chess.json --board start.json --from e2 --format json\n  \
                            gan ggn moves --rules shogi.json --board b.json --dialect pnn --piece SHOGI:P"
    )]
    Moves(GgnMovesArgs),
}

#[derive(Debug, Args)]
pub struct GgnLimitArgs {
    /// The dialect of the GAN values.
    #[arg(long, short = 'd', value_name = "D", default_value = "snn-pin", value_parser = parse_dialect)]
    pub dialect: Dialect,

    /// Documents larger than this many bytes are rejected with `too-large`.
    #[arg(long, value_name = "BYTES", default_value_t = gan::ggn::Limits::DEFAULT_MAX_SIZE)]
    pub max_size: usize,

    /// Arrays and objects nested deeper than this are rejected with `too-deep`.
    #[arg(long, value_name = "N", default_value_t = gan::ggn::Limits::DEFAULT_MAX_DEPTH)]
    pub max_depth: usize,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct GgnValidateArgs {
    #[command(flatten)]
    pub common: GgnLimitArgs,

    /// A file of valid square labels (one per line, or a JSON array): every square a document
    /// mentions must be one of them (G6).
    #[arg(long, value_name = "FILE")]
    pub squares: Option<PathBuf>,

    /// Make every warning an error.
    #[arg(long)]
    pub strict: bool,

    /// The documents to validate; `-` is standard input.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct GgnMovesArgs {
    #[command(flatten)]
    pub common: GgnLimitArgs,

    /// The GGN document (`-` for standard input).
    #[arg(long, value_name = "DOC.json")]
    pub rules: PathBuf,

    /// The board: a JSON object, square -> GAN identifier or null (`-` for standard input).
    #[arg(long, value_name = "BOARD.json")]
    pub board: PathBuf,

    /// Only moves from this square.
    #[arg(long, value_name = "SQ")]
    pub from: Option<String>,

    /// Only moves to this square.
    #[arg(long, value_name = "SQ")]
    pub to: Option<String>,

    /// Only moves of this piece (a GAN identifier of the dialect).
    #[arg(long, value_name = "GAN")]
    pub piece: Option<String>,
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
