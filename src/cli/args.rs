//! The command line, declared with clap.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use crate::model::Dialect;
use crate::suite::{Suite, SUITES};
use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "gan",
    version,
    about = "Parse, detect, check and migrate GAN board-game piece identifiers",
    long_about = "Parse, detect, check and migrate GAN board-game piece identifiers \
                  (CHESS:K, shogi:+p, C:-K, CHESS:KING) in five dialects: legacy, beta, pnn, \
                  snn-pin (the default) and qpi, in the editions of QPI, PIN, SIN, EPIN \
                  and SNN that followed them, and in CELL and HAND, the squares of GGN's \
                  newest edition (`gan notations`); generate and diff the \
                  conformance corpus; \
                  validate GGN move tables and list the moves they allow.",
    after_help = "Exit codes: 0 ok, 1 some input rejected (or check failed), 2 usage or I/O error. \
                  A closed standard output (`gan ... | head -1`) is not an error: the exit status \
                  still covers all the data.\n\n\
                  -q, on every command: where the output is a verdict (parse, detect, ggn \
                  validate) nothing is printed and the exit status tells, as with grep -q; \
                  elsewhere progress, per-item diagnostics and summaries are silenced, never the \
                  data asked for. Each command's --help says which.\n\n\
                  Errors: `gan <command> [<subcommand>]: <path>: <reason>` for files and streams, \
                  `gan <command>: <message>` otherwise; exit status 2.\n\n\
                  Colors (--color auto): on a terminal, unless NO_COLOR is set or TERM=dumb; a \
                  non-empty CLICOLOR_FORCE forces them.\n\n\
                  Decision ids in the help texts (D10, M5, G6…) refer to the project's \
                  decision record: `gan decisions D10` prints one (docs/DECISIONS.md in the \
                  repository); the published specs are listed in docs/specs.md.\n\n\
                  Examples:\n  gan parse CHESS:K shogi:+p\n  echo 'CHESS:k' | gan parse --format json\n  \
                  gan detect c:-k\n  gan check -- python3 conformance/adapters/gan_ref.py"
)]
pub struct Cli {
    /// Colors: auto (the default), always or never.
    #[arg(
        long,
        value_enum,
        value_name = "WHEN",
        default_value_t = ColorChoice::Auto,
        hide_default_value = true,
        hide_possible_values = true,
        global = true
    )]
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
        mut_arg("format", |arg| arg.help(
            "Output format: text (one line per input: the verdict, then the attributes or \
             the error; on a terminal a caret under the error) or json (JSON Lines, one \
             object per input: conformance/schema/parse-output.schema.json; with --count, \
             one object of counts)"
        )),
        after_help = "Input: the IDs given; or the lines of each -f FILE, in order, as one \
                      input (`-f -` is standard input); or standard input when there are \
                      neither (or only the ID `-`). Each LF-terminated line is one input, minus \
                      one CR before the LF; nothing else is trimmed; a file's last line ends \
                      with its file. With -z, NUL-separated inputs. Files and standard input \
                      are read in 1 MiB blocks, each parsed on -j threads; the output keeps the \
                      input order. An ID that names an existing file gets a hint to use -f.\n\n\
                      Progress: on a terminal, an input of 4 MiB or more shows progress on \
                      standard error (none with -q), cleared before each write to the same \
                      terminal.\n\n\
                      Exit codes: 0 all valid, 1 at least one invalid, 2 usage or I/O error \
                      (the same with --invalid-only, --count and -q; a closed output pipe \
                      stops the printing, not the reading).\n\n\
                      Examples:\n  gan parse SHOGI:+P\n  gan parse --dialect legacy CHESS:KING\n  \
                      printf 'CHESS:k\\n' | gan parse --format json\n  \
                      gan parse --invalid-only -f examples/spec-examples.txt\n  \
                      gan parse --count --json < examples/spec-examples.txt\n  \
                      gan parse -q -f ids.txt && echo 'all valid'\n  \
                      gan parse -- -K\n  printf 'a\\nb\\0' | gan parse -z"
    )]
    Parse(ParseArgs),
    /// Parse identifiers in every dialect (or those named with -d) and show what each accepts
    /// (D10, docs/DECISIONS.md).
    #[command(
        mut_arg("format", |arg| arg.help(
            "Output format: text (one line per input: the dialects that accept it with the \
             attributes, then those that reject it with the error code and byte) or json \
             (JSON Lines, one object per input: \
             conformance/schema/detect-output.schema.json)"
        )),
        after_help = "Same input rules as `gan parse` (IDs, -f FILE or standard input), and \
                      the same progress on a terminal for an input of 4 MiB or more.\n\n\
                      Exit codes: 0 every input accepted by at least one dialect (of those \
                      named with -d), 1 otherwise, 2 usage or I/O error.\n\nExamples:\n  \
                      gan detect c:-k\n  \
                      gan detect --format json CHESS:KING\n  \
                      gan detect -d snn-pin -d pnn C:-K\n  \
                      gan detect -f examples/spec-examples.txt"
    )]
    Detect(DetectArgs),
    /// Convert identifiers from one dialect to another, reporting everything lost (M1–M14,
    /// docs/DECISIONS.md).
    Migrate(MigrateArgs),
    /// Generate the conformance corpus from the grammars, confirmed by the oracle regexes.
    #[command(
        after_help = "Writes exactly gan/{dialect}.json, ggn/validation.json, \
                      ggn/evaluation.json, migrations.json, migrate-ggn.json, \
                      cross-dialect.json and manifest.json under --out (only gan/{dialect}.json \
                      with --dialect), and prints a line per file written (none with -q). The \
                      same grammars and seed give byte-identical files.\n\n\
                      --oracle FILE: one line per dialect, `DIALECT PATTERN`, the uppercase \
                      form of its regex with named groups as in docs/DECISIONS.md §1; `#` \
                      starts a comment.\n\n\
                      Exit codes: 0 written (or fresh with --check), 1 stale files (--check) or \
                      the parser and the oracle disagree, 2 usage, grammar or I/O error.\n\n\
                      Examples:\n  gan generate\n  gan generate --check\n  \
                      gan generate --dialect qpi --out /tmp/corpus\n  \
                      gan generate --grammar-dir examples/edited-grammar \\\n      \
                      --oracle examples/edited-grammar/oracle.txt --out new"
    )]
    Generate(GenerateArgs),
    /// Compare two corpora: vectors added, removed or flipped, matched by (dialect, input);
    /// or two notations (--from, --to): the inputs they judge differently.
    #[command(
        after_help = "A vector is flipped when its verdict, actor, error code or offset \
                      changed; groups and ids do not count. With --from A --to B, an input of \
                      either notation's file flips when the two grammars' verdicts differ, or \
                      when both accept it and a member both notations have differs.\n\n\
                      Exit codes: 0 equivalent, 1 different, 2 usage or I/O error.\n\n\
                      Examples:\n  gan diff conformance new\n  \
                      gan diff --json conformance new\n  \
                      gan diff --from pin-2025-07 --to pin-2025-12"
    )]
    Diff(DiffArgs),
    /// Run another implementation, in any language, against the conformance corpus.
    #[command(
        long_about = "Run another implementation, in any language, against the conformance \
                      corpus. Everything after `--` is the command to start (directly, no \
                      shell): an adapter that speaks a protocol of conformance/PROTOCOL.md. \
                      Four suites: gan (identifiers in the five dialects, the default), ggn \
                      (GGN documents: validation and moves, conformance/PROTOCOL-ggn.md), \
                      migrate (conversions between dialects) and migrate-ggn (conversions of \
                      GGN documents, conformance/PROTOCOL-migrate-ggn.md). In batch mode (the \
                      default, and the only mode of the other suites) one process answers JSON \
                      request lines; in per-case mode one process per vector gets the raw input \
                      on standard input and answers with its exit status.",
        after_help = "Results per vector: pass, fail (wrong verdict, wrong moves or output), \
                      wrong-actor, wrong-error (with --check-errors; always in the migrate \
                      and migrate-ggn suites: other warning or error codes), crash, timeout, \
                      skipped, unexpected-pass (listed in the skip file but passing).\n\n\
                      Per-case mode costs a process start per vector: with a Python adapter \
                      about 2,000 times batch mode's CPU per vector, half an hour of CPU for the \
                      whole GAN corpus (docs/check.md). Give it the vectors batch mode cannot \
                      send (--filter '*/invalid-utf8/*') or a --dialect.\n\n\
                      Exit codes: 0 every vector passed or was skipped, 1 some vector failed, \
                      2 usage error or the command cannot be started.\n\n\
                      Examples:\n  \
                      gan check -- python3 conformance/adapters/gan_ref.py\n  \
                      gan check --check-errors --dialect snn-pin -- \\\n      \
                      python3 examples/adapters/my_adapter.py\n  \
                      gan check --mode per-case -j 4 --filter '*/invalid-utf8/*' -- \\\n      \
                      python3 conformance/adapters/gan_ref.py --per-case\n  \
                      gan check --suite ggn --check-errors -- \\\n      \
                      python3 conformance/adapters/ggn_ref.py\n  \
                      gan check --suite migrate -- python3 conformance/adapters/migrate_ref.py\n  \
                      gan check --suite migrate-ggn -- \\\n      \
                      python3 conformance/adapters/migrate_ggn_ref.py\n  \
                      gan check --write-skip-file known.txt -- \\\n      \
                      python3 examples/adapters/my_adapter.py\n  \
                      gan check --skip-file known.txt --format junit -- \\\n      \
                      python3 examples/adapters/my_adapter.py > report.xml\n  \
                      gan check --format html -- \\\n      \
                      python3 examples/adapters/my_adapter.py > report.html\n  \
                      gan check --list --filter snn-pin/invalid"
    )]
    Check(CheckArgs),
    /// GGN move tables: validate documents (editions ggn-2014, the default, and ggn-2025-10),
    /// list the moves they allow on a board (ggn-2014).
    #[command(subcommand)]
    Ggn(GgnCommand),
    /// Reports on reports: `gan report matrix` (several implementations side by side) and
    /// `gan report diff` (two runs of one).
    #[command(subcommand)]
    Report(ReportCommand),
    /// Print the project's decisions on the specs (docs/DECISIONS.md), the ids the help texts
    /// cite (D, M, G and C, each numbered from 1).
    #[command(after_help = "Without an ID, the whole record.\n\n\
                            Examples:\n  gan decisions D10\n  gan decisions m3 G6\n  \
                            gan decisions | less")]
    Decisions(DecisionsArgs),
    /// List every notation: its family, spec, edition, date and the evidence of the date.
    #[command(
        after_help = "The five GAN dialects run by default; the editions of QPI, PIN, \
                            SIN, EPIN and SNN, and CELL and HAND, when named (`--dialect`, D13). Each edition's name \
                            pins it for good: the spec, then the date of the first \
                            implementation that follows the edition (D13).\n\n\
                            Examples:\n  gan notations\n  gan notations --json | jq -r .name"
    )]
    Notations(NotationsArgs),
    /// Print a shell completion script for gan.
    #[command(after_help = "Examples:\n  \
                            gan completions bash > ~/.local/share/bash-completion/completions/gan\n  \
                            gan completions zsh > ~/.zfunc/_gan\n  \
                            gan completions fish > ~/.config/fish/completions/gan.fish")]
    Completions(CompletionsArgs),
    /// Print gan's manual pages (roff): one page for gan and one per command and subcommand.
    #[command(
        after_help = "Without --out, every page on standard output, one after the other \
                            (`man ./gan.1` shows them in turn); with --out DIR, one file per \
                            page: DIR/gan.1, DIR/gan-parse.1, …, DIR/gan-ggn-validate.1, \
                            DIR/gan-report-matrix.1, each replaced whole.\n\n\
                            Examples:\n  gan man > gan.1 && man ./gan.1\n  \
                            gan man --out ~/.local/share/man/man1 && man gan-ggn-validate"
    )]
    Man(ManArgs),
}

impl Command {
    /// The command's words on the command line, as messages name it: `parse`,
    /// `ggn validate`, `report matrix`.
    pub fn name(&self) -> String {
        let (first, second) = match self {
            Command::Ggn(GgnCommand::Validate(_)) => ("ggn", Some("validate")),
            Command::Ggn(GgnCommand::Moves(_)) => ("ggn", Some("moves")),
            Command::Report(ReportCommand::Matrix(_)) => ("report", Some("matrix")),
            Command::Report(ReportCommand::Diff(_)) => ("report", Some("diff")),
            Command::Parse(_) => ("parse", None),
            Command::Detect(_) => ("detect", None),
            Command::Migrate(_) => ("migrate", None),
            Command::Generate(_) => ("generate", None),
            Command::Diff(_) => ("diff", None),
            Command::Check(_) => ("check", None),
            Command::Decisions(_) => ("decisions", None),
            Command::Notations(_) => ("notations", None),
            Command::Completions(_) => ("completions", None),
            Command::Man(_) => ("man", None),
        };
        second.map_or_else(|| first.to_owned(), |second| format!("{first} {second}"))
    }
}

#[derive(Debug, Subcommand)]
pub enum ReportCommand {
    /// Lay several `gan check --format json` reports side by side: a row per vector, a column
    /// per implementation (as the results matrix of JSON Test Suite), each cell the outcome and
    /// what came; a per-notation summary; the run records.
    #[command(
        after_help = "A column is named by --name, else by the command of its report's \
                            run record, else by its file name. The HTML page is self-contained \
                            (no external assets) and draws its rows a page at a time; \
                            matrix.html#rows=differ shows only the rows where the \
                            implementations differ, #rows=failing those some report fails. \
                            --format markdown writes the summary and the rows where they \
                            differ, for a README.\n\n\
                            Exit codes: 0 written, 2 a report that cannot be read or is not a \
                            gan check JSON report.\n\n\
                            Examples:\n  \
                            gan check --json -- \\\n      \
                            python3 conformance/adapters/gan_ref.py > reference.jsonl\n  \
                            gan check --json -- \\\n      \
                            python3 examples/adapters/my_adapter.py > mine.jsonl\n  \
                            gan report matrix reference.jsonl mine.jsonl > matrix.html\n  \
                            gan report matrix --name ref --name mine --format markdown \\\n      \
                            reference.jsonl mine.jsonl"
    )]
    Matrix(MatrixArgs),
    /// Compare two `gan check --format json` reports of one implementation: what regressed,
    /// what was fixed, what changed otherwise, what was added or removed, with the run records
    /// side by side.
    #[command(
        after_help = "regressed: not failing in OLD, failing in NEW; fixed: failing in \
                            OLD, pass in NEW; changed: another result otherwise; added, \
                            removed: in one report only. The text lists each change (an added or \
                            removed vector that passes in one line); --json (JSON Lines, \
                            conformance/schema/report-diff.schema.json) and --format html \
                            too.\n\n\
                            Exit codes: 0 nothing regressed, 1 some vector regressed, 2 a \
                            report that cannot be read or is not a gan check JSON report.\n\n\
                            Examples:\n  \
                            gan report diff examples/reports/old.jsonl examples/reports/new.jsonl\n  \
                            gan report diff --format html old.jsonl new.jsonl > diff.html"
    )]
    Diff(ReportDiffArgs),
}

#[derive(Debug, Args)]
pub struct MatrixArgs {
    /// Quiet: there is nothing to silence, the page is the data asked for (-q is accepted by
    /// every command).
    #[arg(short, long)]
    pub quiet: bool,

    /// The JSON reports, one column each (`-`: standard input).
    #[arg(value_name = "REPORT.jsonl", required = true)]
    pub reports: Vec<PathBuf>,

    /// The name of a column, in the order of the reports (repeatable: the first names the
    /// first report's column, …) [default: the report's command, else its file name].
    #[arg(long, short = 'n', value_name = "NAME")]
    pub name: Vec<String>,

    /// Where a column's heading links, in the order of the reports (repeatable) [default:
    /// the report's HTML twin, REPORT.html, when that file exists, else the JSON report].
    #[arg(long, value_name = "URL")]
    pub link: Vec<String>,

    /// Output format: html (one self-contained page) or markdown (the summary and the rows
    /// where the implementations differ).
    #[arg(long, value_enum, default_value_t = MatrixOutput::Html)]
    pub format: MatrixOutput,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MatrixOutput {
    Html,
    Markdown,
}

#[derive(Debug, Args)]
pub struct ReportDiffArgs {
    /// Quiet: print nothing; the exit status tells whether some vector regressed (as grep -q).
    #[arg(short, long)]
    pub quiet: bool,

    /// The earlier JSON report.
    #[arg(value_name = "OLD.jsonl")]
    pub old: PathBuf,

    /// The later JSON report.
    #[arg(value_name = "NEW.jsonl")]
    pub new: PathBuf,

    /// Output format: text, json (JSON Lines) or html (one self-contained page).
    #[arg(long, value_enum, default_value_t = DiffOutput::Text)]
    pub format: DiffOutput,

    /// Short for --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DiffOutput {
    Text,
    Json,
    Html,
}

#[derive(Debug, Args)]
pub struct NotationsArgs {
    /// Quiet: there is nothing to silence, the list is the data asked for (-q is accepted by
    /// every command).
    #[arg(short, long)]
    pub quiet: bool,

    /// One JSON object per line (JSON Lines): `name`, `family`, `spec`, `title`, `edition`,
    /// `date` (null when nothing dates it), `evidence`, `grammar`, `attributes`.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct DecisionsArgs {
    /// Quiet: there is nothing to silence, the record is the data asked for (-q is accepted
    /// by every command).
    #[arg(short, long)]
    pub quiet: bool,

    /// Decision ids (`D10`, `m3`); none for the whole record.
    #[arg(value_name = "ID")]
    pub ids: Vec<String>,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// Quiet: there is nothing to silence, the script is the data asked for (-q is accepted
    /// by every command).
    #[arg(short, long)]
    pub quiet: bool,

    /// The shell.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write one file per page into DIR (which must exist), `gan-<command>[-<subcommand>].1`,
    /// and print a line per file written, instead of every page on standard output.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// Quiet: no line per file written with --out; the pages are still written.
    #[arg(short, long)]
    pub quiet: bool,
}

#[derive(Debug, Subcommand)]
pub enum GgnCommand {
    /// Validate GGN documents: every problem, with a code, a JSON pointer and a message.
    #[command(
        mut_arg("format", |arg| arg.help(
            "Output format: text (a verdict per file, then each problem) or json (JSON \
             Lines, one object per file: conformance/schema/ggn-validate-output.schema.json)"
        )),
        after_help = "Editions (--edition; both texts say \"1.0.0\", so each is named by its \
                      date, G18 in docs/DECISIONS.md). ggn-2014, the default: GAN piece -> \
                      square -> square -> [{require, prevent, perform}], dated by the text \
                      (\"Published: March 8, 2014\"). ggn-2025-10: QPI -> CELL|\"*\" -> \
                      CELL|\"*\" -> [{must?: LCN, deny?: LCN}], QPI tokens of qpi-2026-01, \
                      dated by ggn.rb 5811624 (v0.10.0, 2025-10-30), the first implementation \
                      with LCN values and without diff.\n\n\
                      In ggn-2014, GAN values are read in one dialect (G1): snn-pin by \
                      default, pnn as the historical Ruby implementation did. Warnings \
                      (unsatisfiable, redundant, duplicate-variant) do not make a document \
                      invalid unless --strict. --dialect and --squares apply to ggn-2014 \
                      only.\n\n\
                      Exit codes: 0 every document valid, 1 some document invalid (malformed \
                      JSON, not UTF-8, over a limit, a broken rule), 2 usage error or \
                      unreadable file; with several files the highest code wins.\n\n\
                      Examples:\n  gan ggn validate examples/ggn/e4.json\n  \
                      gan ggn validate --json examples/ggn/e4.json examples/ggn/e8.json\n  \
                      gan ggn validate --squares squares.txt --strict examples/ggn/rook.json\n  \
                      gan ggn validate --dialect pnn - < rules.json\n  \
                      gan ggn validate --edition ggn-2025-10 chess.json\n  \
                      gan ggn validate -q rules.json && echo valid"
    )]
    Validate(GgnValidateArgs),
    /// List the moves a GGN document allows on a board (pieces of both sides move).
    #[command(
        mut_arg("format", |arg| arg.help(
            "Output format: text (one line per move) or json (JSON Lines, one object per \
             move: conformance/schema/ggn-moves-output.schema.json)"
        )),
        after_help = "A board is a JSON object, square -> GAN identifier or null; a square \
                      absent from it is empty (G12). JSON output is one line per move, in \
                      document order: {\"piece\",\"from\",\"to\",\"variant\",\"perform\",\
                      \"board\"} with the board after the move.\n\n\
                      Exit codes: 0 (also when no move is possible), 1 the rules or the board \
                      are invalid (their problems on standard error, unless -q), 2 usage or I/O \
                      error.\n\n\
                      Examples:\n  \
                      gan ggn moves --rules examples/ggn/rook.json \\\n      \
                      --board examples/ggn/board.json\n  \
                      gan ggn moves --rules examples/ggn/rook.json \\\n      \
                      --board examples/ggn/board.json --from a3 --json\n  \
                      gan ggn moves --rules shogi.json --board b.json \\\n      \
                      --dialect pnn --piece SHOGI:P"
    )]
    Moves(GgnMovesArgs),
}

#[derive(Debug, Args)]
pub struct GgnLimitArgs {
    /// The dialect of the GAN values.
    #[arg(long, short = 'd', value_name = "D", default_value = Dialect::DEFAULT.as_str(), value_parser = dialect_parser())]
    pub dialect: Dialect,

    /// Documents larger than this many bytes are rejected with `too-large`.
    #[arg(long, value_name = "BYTES", default_value_t = crate::ggn::Limits::DEFAULT_MAX_SIZE)]
    pub max_size: usize,

    /// Arrays and objects nested deeper than this are rejected with `too-deep`.
    #[arg(long, value_name = "N", default_value_t = crate::ggn::Limits::DEFAULT_MAX_DEPTH, value_parser = parse_depth)]
    pub max_depth: usize,

    /// Output format: text or json (the help of `gan ggn validate` and `gan ggn moves` says
    /// each).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Short for --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct GgnValidateArgs {
    /// Print nothing: the exit status alone tells whether every document is valid (as
    /// grep -q).
    #[arg(short, long)]
    pub quiet: bool,

    #[command(flatten)]
    pub common: GgnLimitArgs,

    /// A file of valid square labels (one per line, or a JSON array): every square a document
    /// mentions must be one of them (G6, docs/DECISIONS.md).
    #[arg(long, value_name = "FILE")]
    pub squares: Option<PathBuf>,

    /// Make every warning an error.
    #[arg(long)]
    pub strict: bool,

    /// The GGN edition of the documents (listed below).
    #[arg(long, value_name = "E", default_value = crate::ggn::Edition::Ggn2014.as_str(), value_parser = edition_parser())]
    pub edition: crate::ggn::Edition,

    /// The documents to validate; `-` is standard input.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct GgnMovesArgs {
    /// Quiet: the problems of invalid rules or an invalid board are not printed (the exit
    /// status tells); the moves always are.
    #[arg(short, long)]
    pub quiet: bool,

    #[command(flatten)]
    pub common: GgnLimitArgs,

    /// The GGN document (`-` for standard input).
    #[arg(long, value_name = "DOC.json")]
    pub rules: PathBuf,

    /// The GGN edition of the document (ggn-2025-10: the board is a position, docs/ggn.md).
    #[arg(long, value_name = "E", default_value = crate::ggn::Edition::Ggn2014.as_str(), value_parser = edition_parser())]
    pub edition: crate::ggn::Edition,

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
pub struct GenerateArgs {
    /// Generate only this notation's file (repeatable); default: every notation's (`gan
    /// notations`), plus the GGN and migration files, cross-dialect.json and manifest.json.
    #[arg(long, short = 'd', value_name = "D", value_parser = dialect_parser())]
    pub dialect: Vec<Dialect>,

    /// The corpus folder.
    #[arg(long, value_name = "DIR", default_value = "conformance")]
    pub out: PathBuf,

    /// The seed of the random sample.
    #[arg(long, value_name = "N", default_value_t = crate::suite::gan::generate::DEFAULT_SEED)]
    pub seed: u64,

    /// Read the grammars from DIR/{dialect}.pest (edited copies, run by `pest_vm`) instead of
    /// the ones built in.
    #[arg(long, value_name = "DIR")]
    pub grammar_dir: Option<PathBuf>,

    /// Confirm the vectors with these regexes instead of docs/DECISIONS.md §1's.
    #[arg(long, value_name = "FILE", conflicts_with = "no_oracle")]
    pub oracle: Option<PathBuf>,

    /// Do not confirm the vectors with a second oracle.
    #[arg(long)]
    pub no_oracle: bool,

    /// Write nothing: exit 1, naming them, when the files under --out are not what would be
    /// generated.
    #[arg(long)]
    pub check: bool,

    /// Quiet: no line per file written, no fresh or stale lines with --check (the exit status
    /// tells); the files are still written.
    #[arg(short, long)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The old corpus folder (holding gan/*.json).
    #[arg(value_name = "OLD", required_unless_present = "from")]
    pub old: Option<PathBuf>,

    /// The new corpus folder.
    #[arg(value_name = "NEW", required_unless_present = "from")]
    pub new: Option<PathBuf>,

    /// Compare two notations instead of two corpora: each input of either notation's corpus
    /// file judged by both grammars (the verdict and, where both accept, the members both
    /// have); with --to.
    #[arg(long, value_name = "A", value_parser = dialect_parser(), requires = "to", conflicts_with_all = ["old", "new"])]
    pub from: Option<Dialect>,

    /// The notation to compare --from with.
    #[arg(long, value_name = "B", value_parser = dialect_parser(), requires = "from")]
    pub to: Option<Dialect>,

    /// With --from: read the inputs from DIR/gan/*.json instead of the corpus built into the
    /// binary.
    #[arg(long, value_name = "DIR", requires = "from")]
    pub corpus: Option<PathBuf>,

    /// Output format: text (one line per vector added, removed or flipped, then a count per
    /// dialect) or json (JSON Lines: one object per change, then one summary object).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Short for --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,

    /// Quiet: the changes alone, without the counts per dialect (JSON: without the summary
    /// object).
    #[arg(short, long)]
    pub quiet: bool,
}

/// The arguments of `gan check`.
// Each flag of the command line is a bool of its own.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The test suite.
    #[arg(long, value_parser = suite_parser(), default_value_t = Suite::default())]
    pub suite: Suite,

    /// Run only this notation (repeatable); without it, the five GAN dialects (an edition runs
    /// only when named, D13). ggn: documents in this
    /// dialect; migrate: conversions from or to it.
    #[arg(long, short = 'd', value_name = "D", value_parser = dialect_parser())]
    pub dialect: Vec<Dialect>,

    /// Read the corpus from DIR instead of the one built in: DIR/gan/{dialect}.json,
    /// DIR/ggn/{validation,evaluation}.json, DIR/migrations.json or DIR/migrate-ggn.json, after
    /// the suite.
    #[arg(long, value_name = "DIR")]
    pub corpus: Option<PathBuf>,

    /// The protocol: batch (one process, JSON lines) or per-case (one process per vector, gan
    /// suite only: about 2,000 times batch's CPU per vector with a Python adapter).
    #[arg(long, value_enum, default_value_t = CheckMode::Batch)]
    pub mode: CheckMode,

    /// Also compare the errors of invalid inputs: code and offset (gan), codes and pointers of
    /// errors and warnings (ggn). The migrate and migrate-ggn suites always compare their
    /// codes.
    #[arg(long)]
    pub check_errors: bool,

    /// gan suite: also require a hint in every error reply (D3: a string, or null when there
    /// is none) and compare it; implies --check-errors.
    #[arg(long)]
    pub check_hints: bool,

    /// gan suite: also require the canonical form of every valid input (the reply's
    /// `canonical`, printed from what was parsed) and compare it with the input (D9).
    #[arg(long)]
    pub check_canonical: bool,

    /// Run only these vectors: an id, a prefix of whole segments (`snn-pin/invalid` runs
    /// `snn-pin/invalid/…`), or a glob where `*` matches anything, `/` included; repeatable.
    #[arg(long, value_name = "GLOB")]
    pub filter: Vec<String>,

    /// Known failures: lines `ID-or-GLOB  # reason` (an id, a prefix of whole segments, or a
    /// glob, as with --filter). Listed vectors still run; one that passes is unexpected-pass.
    #[arg(long, value_name = "F")]
    pub skip_file: Option<PathBuf>,

    /// Write the failures of this run to F, in skip-file format.
    #[arg(long, value_name = "F")]
    pub write_skip_file: Option<PathBuf>,

    /// Stop after N failing vectors.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_failures: Option<u64>,

    /// Time limit per vector, in seconds (batch mode: from when it is the oldest unanswered
    /// request).
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_seconds)]
    pub timeout: Duration,

    /// Per-case mode: processes at once, 1 to 256 [default: the number of cores].
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = jobs("processes"))]
    pub jobs: Option<usize>,

    /// Print the ids of the vectors a run counts (those it would skip included), and exit
    /// (JSON: one object `{"id"}` per vector).
    #[arg(long)]
    pub list: bool,

    #[arg(
        long,
        value_enum,
        default_value_t = ReportFormat::Text,
        help = "Report format: text (a table per dialect and group, then each failure), json \
                (JSON Lines, conformance/schema/check-report.schema.json), junit (JUnit XML) or \
                html (one self-contained page: a grid of pass rates, every result but pass, \
                filters such as report.html#outcome=fail)"
    )]
    pub format: ReportFormat,

    /// Short for --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,

    /// Quiet: no progress bar and no speed line; the text report keeps only the failures (no
    /// tables, no result line); a --format json, junit or html report is written whole.
    #[arg(short, long)]
    pub quiet: bool,

    /// The run record at the head of the report (the command, gan's version, each corpus
    /// file's format and hash, the date and the duration): full, redacted (without the date
    /// and the duration, so that two runs give the same bytes) or off.
    #[arg(long, value_enum, value_name = "WHAT", default_value_t = RunRecordChoice::Full)]
    pub run_record: RunRecordChoice,

    /// HTML report: link each vector's place in the corpus to URL/PATH#LLINE (PATH relative
    /// to the corpus folder, as conformance/ is in gan's repository), e.g. a code host's
    /// address of the corpus folder. Without it, a vector of a --corpus folder links to its
    /// file there; one of the built-in corpus shows its place unlinked.
    #[arg(long, value_name = "URL")]
    pub corpus_url: Option<String>,

    /// The command to check and its arguments, after `--`.
    #[arg(last = true, value_name = "COMMAND", required_unless_present = "list")]
    pub command: Vec<OsString>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CheckMode {
    /// One process serves every vector.
    Batch,
    /// One process per vector.
    PerCase,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RunRecordChoice {
    /// Everything.
    Full,
    /// Without the date and the duration.
    Redacted,
    /// No run record.
    Off,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    Text,
    Json,
    Junit,
    Html,
}

fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if seconds.is_finite() && seconds > 0.0 && seconds <= 1e9 {
        // Below a millisecond the clocks the runner uses cannot tell it from nothing.
        if seconds < 0.001 {
            return Err(format!(
                "'{text}': the timeout must be at least 0.001 seconds"
            ));
        }
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "'{text}': the timeout must be a positive number of seconds"
        ))
    }
}

/// `--max-depth`: up to the reader's hard limit, never silently capped.
fn parse_depth(text: &str) -> Result<usize, String> {
    let depth: usize = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of levels"))?;
    let cap = crate::ggn::Limits::MAX_DEPTH_CAP;
    if depth > cap {
        return Err(format!(
            "'{text}': the depth limit cannot exceed {cap} (the JSON reader's own limit)"
        ));
    }
    Ok(depth)
}

#[derive(Debug, Args)]
pub struct InputArgs {
    /// Read NUL-separated inputs instead of lines (any string, newlines included).
    #[arg(short = 'z', long = "null-data")]
    pub null_data: bool,

    /// Inputs longer than this many bytes are rejected with `too-long`.
    #[arg(long, value_name = "N", default_value_t = 1 << 20, value_parser = parse_max_bytes)]
    pub max_bytes: usize,

    /// Output format: text or json (the help of `gan parse` and `gan detect` says each).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,

    /// Short for --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,

    /// Read the inputs from FILE, one per line (repeatable: one input, file after file; `-`
    /// is standard input).
    #[arg(
        short = 'f',
        long = "file",
        value_name = "FILE",
        conflicts_with = "ids"
    )]
    pub files: Vec<PathBuf>,

    /// Identifiers to check; without any (or with `-` alone), standard input is read.
    /// After `--`, every argument is an identifier, taken verbatim (`-` included).
    #[arg(value_name = "ID")]
    pub ids: Vec<OsString>,

    /// Whether `--` came before the IDs (then `-` is an identifier).
    #[arg(skip)]
    pub escaped: bool,
}

#[derive(Debug, Args)]
pub struct ParseArgs {
    /// Print nothing: the exit status alone tells whether every input is valid (as grep -q).
    #[arg(short, long)]
    pub quiet: bool,

    /// The dialect to parse in.
    #[arg(long, short = 'd', value_name = "D", default_value = Dialect::DEFAULT.as_str(), value_parser = dialect_parser())]
    pub dialect: Dialect,

    /// Print only the rejected inputs, each with its number: `LINE:INPUT: code at byte N`
    /// (LINE: the line, or the record with -z, or the ID's position; JSON: the record, with
    /// `line` first).
    #[arg(long, conflicts_with = "count")]
    pub invalid_only: bool,

    /// Print only the counts: `valid N`, `invalid N`, then one line per error code that
    /// occurred, in D12's order (JSON: one object `{"valid","invalid","codes"}`).
    #[arg(long)]
    pub count: bool,

    /// Threads parsing standard input, 1 to 256 [default: the number of cores].
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = jobs("threads"))]
    pub jobs: Option<usize>,

    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(Debug, Args)]
pub struct DetectArgs {
    /// Print nothing: the exit status alone tells whether some dialect accepts every input
    /// (as grep -q).
    #[arg(short, long)]
    pub quiet: bool,

    /// Detect among this dialect only (repeatable; a name given twice counts once). The
    /// dialects named are tried and printed in the notation table's order, whatever the
    /// order of the flags; default: every dialect (D10).
    #[arg(long, short = 'd', value_name = "D", value_parser = dialect_parser())]
    pub dialect: Vec<Dialect>,

    /// Threads detecting standard input, 1 to 256 [default: the number of cores].
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = jobs("threads"))]
    pub jobs: Option<usize>,

    #[command(flatten)]
    pub input: InputArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// The names of the notation table's rows, listed in the help, in errors and in completions.
fn dialect_parser() -> impl clap::builder::TypedValueParser<Value = Dialect> {
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(Dialect::ALL.map(Dialect::as_str))
        .map(|name| name.parse::<Dialect>().expect("a listed dialect"))
}

/// The GGN editions' names, each with what it holds.
fn edition_parser() -> impl clap::builder::TypedValueParser<Value = crate::ggn::Edition> {
    use clap::builder::{PossibleValue, TypedValueParser as _};
    clap::builder::PossibleValuesParser::new(
        crate::ggn::Edition::ALL
            .map(|edition| PossibleValue::new(edition.as_str()).help(edition.about())),
    )
    .map(|name| {
        name.parse::<crate::ggn::Edition>()
            .expect("a listed edition")
    })
}

/// The suites' names ([`SUITES`]), listed by name in the help, in errors and in completions.
fn suite_parser() -> impl clap::builder::TypedValueParser<Value = Suite> {
    use clap::builder::{PossibleValue, TypedValueParser as _};
    let mut suites: Vec<_> = SUITES.iter().collect();
    suites.sort_by_key(|suite| suite.name);
    clap::builder::PossibleValuesParser::new(
        suites
            .into_iter()
            .map(|suite| PossibleValue::new(suite.name).help(suite.help)),
    )
    .map(|name| name.parse::<Suite>().expect("a listed suite"))
}

/// The most processes `gan check -j` starts at once, and threads `gan parse -j` and
/// `gan migrate -j` run.
pub const MAX_JOBS: usize = 256;

/// `-j` of every command: between 1 and [`MAX_JOBS`] `unit` (processes, threads), with a
/// plain message. Without it, the commands take [`crate::bulk::default_jobs`].
fn jobs(unit: &'static str) -> impl Fn(&str) -> Result<usize, String> + Clone + Send + Sync {
    move |text| match text.parse::<usize>() {
        Ok(jobs) if (1..=MAX_JOBS).contains(&jobs) => Ok(jobs),
        _ => Err(format!("give a number of {unit} from 1 to {MAX_JOBS}")),
    }
}

/// `--max-bytes`: at least 1 (a limit of 0 would show every input as `""`).
fn parse_max_bytes(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(bytes) if bytes >= 1 => Ok(bytes),
        _ => Err("give a number of bytes, at least 1".to_owned()),
    }
}

/// The arguments of `gan migrate`.
// Each flag of the command line is a bool of its own.
#[allow(clippy::struct_excessive_bools)]
#[derive(Debug, Args)]
#[command(
    after_help = "Input: INPUT, or standard input when absent or `-`: each LF-terminated \
                  line is one identifier, minus one CR before the LF; nothing else is \
                  trimmed (-z: NUL-separated). An empty line is rejected (empty).\n\n\
                  Text output: one converted identifier per converted line; a rejected line \
                  is left out (or written empty with --keep-alignment). JSON output: one \
                  object per input line. --count: the counts alone, instead of the lines.\n\n\
                  Diagnostics: every rejected line and every warning goes to --report FILE \
                  (JSON lines); standard error shows the first --max-diagnostics of each \
                  code (line, input, code, message), then a summary and one count line per \
                  code. -q silences standard error but for errors that stop the run.\n\n\
                  Progress: on a terminal, an input of 4 MiB or more shows progress on \
                  standard error, except with -q and while the converted lines go to that \
                  terminal.\n\n\
                  Exit codes: 0 every line converted, 1 some rejected (or warned, with \
                  --strict), 2 usage or I/O error. A closed output pipe stops the printing, \
                  not the conversion: the exit status covers every line.\n\n\
                  --ggn: INPUT is one GGN document. Every piece key, require/prevent state \
                  and perform value is converted; square labels, \"empty\", \"enemy\", null, \
                  \"$schema\" and key order are kept; the result is 2-space pretty JSON, \
                  validated again in the target dialect. The document is refused (exit 1, \
                  nothing written) when it is not valid GGN in the source dialect, when an \
                  identifier cannot be converted, when two piece keys would become one, or \
                  when the result is invalid; every problem is reported on standard error \
                  with its JSON pointer in the input (and in --report FILE as JSON lines). \
                  Exit codes with --ggn: 0 converted, 1 refused (or warned, with --strict), \
                  2 usage or I/O error.\n\n\
                  Examples:\n  \
                  gan migrate --from beta --to snn-pin examples/migrate/old.txt -o new.txt\n  \
                  printf 'C:-K\\n' | gan migrate --from beta --to qpi\n  \
                  gan migrate --from beta --format json examples/migrate/old.txt\n  \
                  gan migrate --from beta --count examples/migrate/old.txt\n  \
                  gan migrate --from beta --map examples/migrate/xiaoqi.toml \\\n      \
                  examples/migrate/xiaoqi-ids.txt\n  \
                  gan migrate --from beta --dry-run --report r.jsonl examples/migrate/old.txt\n  \
                  gan migrate --ggn --from beta --to snn-pin examples/migrate/rules.json \\\n      \
                  -o new-rules.json"
)]
pub struct MigrateArgs {
    /// The dialect of the input.
    #[arg(long, value_name = "D", value_parser = dialect_parser())]
    pub(super) from: Dialect,

    /// The dialect to write.
    #[arg(long, value_name = "D", default_value = Dialect::DEFAULT.as_str(), value_parser = dialect_parser())]
    pub(super) to: Dialect,

    /// A TOML name table that adds or overrides rows: [pieces], [pieces.STYLE], [styles],
    /// [families].
    #[arg(long, value_name = "FILE")]
    pub(super) map: Option<PathBuf>,

    /// What to do with pnn's intermediate `'`: an error, drop it, or write it as `+`.
    #[arg(long, value_enum, default_value_t = IntermediateArg::Error)]
    pub(super) intermediate: IntermediateArg,

    /// Reject lines with warnings.
    #[arg(long)]
    pub(super) strict: bool,

    /// Convert every line, whatever is rejected (the default).
    #[arg(long, conflicts_with = "fail_fast")]
    pub(super) keep_going: bool,

    /// Stop at the first rejected line; `-o OUTPUT` is then left untouched.
    #[arg(long)]
    pub(super) fail_fast: bool,

    /// Write no output: only the report and the summary.
    #[arg(long)]
    pub(super) dry_run: bool,

    /// Write an empty line for each rejected line, so line numbers still match.
    #[arg(long)]
    pub(super) keep_alignment: bool,

    /// Output format: text (one converted identifier per line) or json (JSON Lines, one
    /// object per input line: output, error and diagnostics).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub(super) format: Format,

    /// Short for --format json.
    #[arg(long, conflicts_with = "format")]
    pub(super) json: bool,

    /// Quiet: nothing on standard error (no progress, no line diagnostics, no summary) but
    /// errors that stop the run; the converted lines, -o, --report and --count are still
    /// written.
    #[arg(short, long)]
    pub(super) quiet: bool,

    /// Print only the counts: `read`, `converted`, `warned`, `rejected`, then one line per
    /// diagnostic code that occurred (parse codes in D12's order, then conversion errors,
    /// then warnings), instead of the converted lines (JSON: one object
    /// `{"read","converted","warned","rejected","codes"}`).
    #[arg(long, conflicts_with_all = ["output", "dry_run", "keep_alignment", "ggn"])]
    pub(super) count: bool,

    /// Show at most N diagnostics of each code on standard error (then a count line per
    /// code); every one of them is in --report.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub(super) max_diagnostics: u64,

    /// Also write every line with a diagnostic to FILE, as JSON lines.
    #[arg(long, value_name = "FILE")]
    pub(super) report: Option<PathBuf>,

    /// Read NUL-separated inputs (and write NUL-separated output in text mode).
    #[arg(short = 'z', long = "null-data")]
    pub(super) null_data: bool,

    /// Inputs longer than this many bytes are rejected with `too-long`.
    #[arg(long, value_name = "N", default_value_t = 1 << 20, value_parser = parse_max_bytes)]
    pub(super) max_bytes: usize,

    /// Threads converting the input, 1 to 256 [default: the number of cores]: each 1 MiB
    /// block read is split between them; the output, diagnostics, report and summary are
    /// those of -j 1.
    #[arg(short = 'j', long = "jobs", value_name = "N", value_parser = jobs("threads"), conflicts_with = "ggn")]
    pub(super) jobs: Option<usize>,

    /// INPUT is a GGN document: convert the identifiers inside it (piece keys,
    /// require/prevent states, perform values) and write the document.
    #[arg(long, conflicts_with_all = ["fail_fast", "keep_going", "keep_alignment", "null_data", "format", "json"])]
    pub(super) ggn: bool,

    /// With --ggn: the GGN edition to write (ggn-2025-10 needs --to qpi-2026-01).
    #[arg(long, value_name = "E", requires = "ggn", default_value = crate::ggn::Edition::Ggn2014.as_str(), value_parser = edition_parser())]
    pub(super) edition: crate::ggn::Edition,

    /// The file to convert; `-` or nothing for standard input.
    #[arg(value_name = "INPUT")]
    pub(super) input: Option<PathBuf>,

    /// Write to OUTPUT (through a temporary file in the same folder, renamed at the end)
    /// instead of standard output.
    #[arg(short = 'o', long, value_name = "OUTPUT")]
    pub(super) output: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum IntermediateArg {
    Error,
    Drop,
    Enhance,
}
