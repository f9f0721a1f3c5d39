//! `gan ggn validate` and `gan ggn moves`: reading files, choosing the output, exit codes.
//! Everything else (validation, evaluation, the records printed) is in `crate::ggn`.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use crate::ggn::output::{DiagnosticRecord, FileReport};
use crate::ggn::{self, Board, Diagnostic, Limits, MoveFilter, Options};

use super::args::{Format, GgnCommand, GgnLimitArgs, GgnMovesArgs, GgnValidateArgs};
use super::pipe::Closed;
use super::{FAILURE, OK, REJECTED};

/// The commands, as messages name them.
const VALIDATE: &str = "ggn validate";
const MOVES: &str = "ggn moves";

pub fn run(command: &GgnCommand, out: &mut (impl Write + Closed)) -> io::Result<u8> {
    match command {
        GgnCommand::Validate(args) => validate(args, out),
        GgnCommand::Moves(args) => moves(args, out),
    }
}

fn validate(args: &GgnValidateArgs, out: &mut impl Write) -> io::Result<u8> {
    let mut options = options(&args.common);
    options.strict = args.strict;
    options.edition = args.edition;
    if args.squares.is_some() && args.edition != ggn::Edition::Ggn2014 {
        return super::fail(
            VALIDATE,
            format!(
                "--squares applies to the ggn-2014 edition only, not to {}",
                args.edition
            ),
        );
    }
    let stdin_readers = args
        .files
        .iter()
        .chain(&args.squares)
        .filter(|path| is_stdin(path));
    if stdin_readers.count() > 1 {
        return super::fail(VALIDATE, "standard input ('-') can be read only once");
    }
    if let Some(path) = &args.squares {
        match read_squares(path, &args.common) {
            Ok(squares) => options.squares = Some(squares),
            Err(message) => return super::fail(VALIDATE, &message),
        }
    }
    let mut code = OK;
    for path in &args.files {
        let name = path.to_string_lossy();
        let input = match read(path, options.limits) {
            Ok(input) => input,
            Err(error) => {
                unreadable(VALIDATE, path, &error)?;
                code = code.max(FAILURE);
                continue;
            }
        };
        // -q: nothing printed, the exit status tells (as grep -q).
        let mut sink = io::sink();
        let mut target: &mut dyn Write = if args.quiet { &mut sink } else { &mut *out };
        let mut report = TextOrJson {
            out: &mut target,
            written: Ok(()),
            name: &name,
            format: args.common.format,
            painted: super::style::stdout_on(),
            valid: true,
            left: 0,
        };
        ggn::diagnose_to(&input, &options, &mut report);
        let TextOrJson { written, valid, .. } = report;
        written?;
        if !valid {
            code = code.max(REJECTED);
        }
    }
    Ok(code)
}

/// Writes a file's report as its diagnostics come ([`FileReport`]'s text or JSON line).
struct TextOrJson<'w, W> {
    out: &'w mut W,
    /// The first write error: nothing is written after it.
    written: io::Result<()>,
    name: &'w str,
    format: Format,
    painted: bool,
    valid: bool,
    /// The diagnostics still to come.
    left: usize,
}

impl<W: Write> TextOrJson<'_, W> {
    fn write(&mut self, text: &str) {
        if self.written.is_ok() {
            self.written = self.out.write_all(text.as_bytes());
        }
    }

    /// One part of the text report (its first line or a diagnostic), escaped, written as
    /// [`FileReport::to_text`] would be whole: each line painted on a terminal, the report
    /// ended by a newline after its last part.
    fn text(&mut self, part: &str) {
        // A document's pointers and labels may hold control characters.
        let part = crate::output::escape_controls(part);
        if self.painted {
            // As `str::lines` splits the whole report: only its very end drops an empty line.
            let mut lines: Vec<&str> = part.split('\n').collect();
            if self.left == 0 && part.ends_with('\n') {
                lines.pop();
            }
            for line in lines {
                self.write(&super::style::paint(line));
                self.write("\n");
            }
        } else {
            self.write(&part);
            self.write("\n");
        }
    }
}

impl<W: Write> ggn::Sink for TextOrJson<'_, W> {
    fn begin(&mut self, summary: ggn::Summary) {
        self.valid = summary.is_valid();
        self.left = summary.errors + summary.warnings;
        match self.format {
            Format::Json => {
                self.write(&FileReport::json_head(self.name, summary));
                if self.left == 0 {
                    self.write("]}\n");
                }
            }
            Format::Text => self.text(&FileReport::text_head(self.name, summary)),
        }
    }

    fn diagnostic(&mut self, diagnostic: Diagnostic) {
        self.left = self.left.saturating_sub(1);
        match self.format {
            Format::Json => {
                self.write(&DiagnosticRecord::of(&diagnostic).to_json());
                self.write(if self.left == 0 { "]}\n" } else { "," });
            }
            Format::Text => self.text(&format!("  {diagnostic}")),
        }
    }
}

/// A file's report on standard error ([`TextOrJson`], unpainted), written only when it has
/// diagnostics and not under `-q`.
struct Reported<'w, W> {
    report: TextOrJson<'w, W>,
    quiet: bool,
    /// Whether the file has diagnostics to write.
    any: bool,
}

impl<'w, W: Write> Reported<'w, W> {
    /// The report of the file `name` on `out`, in `format`, unless `quiet`.
    fn new(out: &'w mut W, name: &'w str, format: Format, quiet: bool) -> Self {
        Reported {
            report: TextOrJson {
                out,
                written: Ok(()),
                name,
                format,
                painted: false,
                valid: true,
                left: 0,
            },
            quiet,
            any: false,
        }
    }
}

impl<W: Write> ggn::Sink for Reported<'_, W> {
    fn begin(&mut self, summary: ggn::Summary) {
        self.any = !self.quiet && summary.errors + summary.warnings > 0;
        if self.any {
            self.report.begin(summary);
        }
    }

    fn diagnostic(&mut self, diagnostic: Diagnostic) {
        if self.any {
            self.report.diagnostic(diagnostic);
        }
    }
}

fn moves(args: &GgnMovesArgs, out: &mut (impl Write + Closed)) -> io::Result<u8> {
    let options = options(&args.common);
    if args.edition == ggn::Edition::Ggn202510 {
        return newest_moves(args, &options, out);
    }
    if is_stdin(&args.rules) && is_stdin(&args.board) {
        return super::fail(
            MOVES,
            "--rules and --board cannot both be standard input ('-')",
        );
    }
    if let Some(piece) = &args.piece {
        if let Err(error) = options.dialect.parse(piece.as_bytes()) {
            return super::fail(MOVES, format!("--piece {piece:?}: {error}"));
        }
    }
    let mut inputs = Vec::with_capacity(2);
    for path in [&args.rules, &args.board] {
        match read(path, options.limits) {
            Ok(input) => inputs.push(input),
            Err(error) => {
                unreadable(MOVES, path, &error)?;
                return Ok(FAILURE);
            }
        }
    }
    let rules_name = args.rules.to_string_lossy();
    // The rules' diagnostics are written as they are found (a second reading), never held.
    let mut stderr = super::pipe::stderr();
    let mut rules_report = Reported::new(&mut stderr, &rules_name, args.common.format, args.quiet);
    let document = ggn::validate_to(&inputs[0], &options, &mut rules_report);
    rules_report.report.written?;
    // The board's too, in the same way.
    let board_name = args.board.to_string_lossy();
    let mut board_report = Reported::new(&mut stderr, &board_name, args.common.format, args.quiet);
    let board = Board::parse_to(&inputs[1], &options, &mut board_report);
    board_report.report.written?;
    let (Some(document), Some(board)) = (document, board) else {
        return Ok(REJECTED);
    };
    let filter = MoveFilter {
        piece: args.piece.clone(),
        from: args.from.clone(),
        to: args.to.clone(),
    };
    // One move at a time, none copying the board: a JSON record writes its result board
    // straight from the board and the move's changes. The inputs are read and judged: once
    // the output is closed, the moves left are only output.
    for found in document.moves_on(&board, &filter) {
        if out.is_closed() {
            break;
        }
        write_move(out, args.common.format, &found)?;
    }
    Ok(OK)
}

/// `gan ggn moves --edition ggn-2025-10`: the rules and a position (G28–G31).
fn newest_moves(
    args: &GgnMovesArgs,
    options: &Options,
    out: &mut (impl Write + Closed),
) -> io::Result<u8> {
    if is_stdin(&args.rules) && is_stdin(&args.board) {
        return super::fail(
            MOVES,
            "--rules and --board cannot both be standard input ('-')",
        );
    }
    let mut inputs = Vec::with_capacity(2);
    for path in [&args.rules, &args.board] {
        match read(path, options.limits) {
            Ok(input) => inputs.push(input),
            Err(error) => {
                unreadable(MOVES, path, &error)?;
                return Ok(FAILURE);
            }
        }
    }
    // The rules' diagnostics are written as they are found (a second reading), never held.
    let rules_name = args.rules.to_string_lossy();
    let mut stderr = super::pipe::stderr();
    let mut rules_report = Reported::new(&mut stderr, &rules_name, args.common.format, args.quiet);
    let rules = ggn::Rules::read_to(&inputs[0], options, &mut rules_report);
    rules_report.report.written?;
    let position_name = args.board.to_string_lossy();
    let mut position_report =
        Reported::new(&mut stderr, &position_name, args.common.format, args.quiet);
    let position = ggn::Position::parse_to(&inputs[1], options, &mut position_report);
    position_report.report.written?;
    let (Some(rules), Some(position)) = (rules, position) else {
        return Ok(REJECTED);
    };
    let wanted =
        |filter: &Option<String>, value: &str| filter.as_deref().is_none_or(|f| f == value);
    for found in rules.moves(&position) {
        if out.is_closed() {
            break;
        }
        if !(wanted(&args.piece, found.piece)
            && wanted(&args.from, found.from)
            && wanted(&args.to, found.to))
        {
            continue;
        }
        write_move(out, args.common.format, &found)?;
    }
    Ok(OK)
}

/// One possible move: a JSON object per line, or its text with control characters escaped.
fn write_move(
    out: &mut impl Write,
    format: Format,
    found: &(impl serde::Serialize + std::fmt::Display),
) -> io::Result<()> {
    match format {
        Format::Json => {
            serde_json::to_writer(&mut *out, found).map_err(io::Error::from)?;
            writeln!(out)
        }
        Format::Text => writeln!(
            out,
            "{}",
            crate::output::escape_controls(&found.to_string())
        ),
    }
}

fn options(args: &GgnLimitArgs) -> Options {
    Options {
        limits: Limits {
            max_size: args.max_size,
            max_depth: args.max_depth,
        },
        ..Options::in_dialect(args.dialect)
    }
}

fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// The bytes of `path` (standard input for `-`), at most one byte over the size limit: more
/// is rejected as `too-large` without being read.
pub(super) fn read(path: &Path, limits: Limits) -> io::Result<Vec<u8>> {
    let cap = u64::try_from(limits.max_size)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    let mut input = Vec::new();
    if is_stdin(path) {
        io::stdin().lock().take(cap).read_to_end(&mut input)?;
    } else {
        let file = File::open(path)?;
        // The file's size as the first capacity (bounded by the limit): growing by doubling
        // would hold up to twice the document.
        if let Ok(meta) = file.metadata() {
            let size = usize::try_from(meta.len().min(cap)).unwrap_or(0);
            input.reserve_exact(size.saturating_add(1));
        }
        file.take(cap).read_to_end(&mut input)?;
    }
    Ok(input)
}

fn read_squares(
    path: &Path,
    args: &GgnLimitArgs,
) -> Result<std::collections::HashSet<String>, String> {
    let limits = Limits {
        max_size: args.max_size,
        max_depth: args.max_depth,
    };
    let name = shown(path);
    let input = read(path, limits).map_err(|error| format!("{name}: {error}"))?;
    // `read` stops one byte over the limit: a longer list is refused, never cut.
    if input.len() > limits.max_size {
        return Err(format!(
            "{name}: larger than the limit of {} bytes (--max-size)",
            limits.max_size
        ));
    }
    ggn::read_squares(&input).map_err(|error| format!("{name}: {error}"))
}

/// `gan ggn validate: rules.json: No such file or directory (os error 2)`.
fn unreadable(command: &str, path: &Path, error: &io::Error) -> io::Result<()> {
    writeln!(
        super::pipe::stderr(),
        "{}: {}: {error}",
        super::prefix(Some(command)),
        shown(path)
    )
}

/// A path as messages name it: `standard input` for `-`.
fn shown(path: &Path) -> String {
    if is_stdin(path) {
        "standard input".to_owned()
    } else {
        path.display().to_string()
    }
}
