#!/usr/bin/env python3
"""Reference conformance adapter for the migrate suite of `gan check`.

An executable example for implementers of a GAN converter: it converts an
identifier from one dialect to another, straight from docs/DECISIONS.md section 3
(M1-M14) and the name tables it lists, with the Python 3 standard library only
(3.8 or later). Identifiers are parsed with the bundled GAN reference adapter,
gan_ref.py, in the same folder.

The protocol is conformance/PROTOCOL.md, section "Migrate suite". In short,
the runner starts us once and writes one JSON object per line to our
standard input:

    {"id":"migrate/beta-snn-pin/m3/king-flag-lost","from":"beta","to":"snn-pin",
     "input":"C:-K","options":{"intermediate":"error","strict":false}}

and we answer each with one line, in order, flushed at once:

    {"id":"migrate/beta-snn-pin/m3/king-flag-lost","output":"CHESS:K","diagnostics":["king-flag-lost"]}
    {"id":"...","output":null,"diagnostics":[],"error":"unknown-piece-name"}

How a conversion is computed (M1): the input must be valid in the source
dialect, or its parse code (D12) is the error; then source -> snn-pin ->
target, where a step from or to snn-pin itself is the identity, and the whole
conversion is the identity when source = target. Beside the snn-pin step ride
two flags snn-pin cannot hold, terminal (PIN's "^", beta's king-like "-") and
derived (the newest QPI's Derived), written where the target holds them and
refused where it does not (M9, M10); between the QPI editions qpi,
qpi-2025-12 and qpi-2026-01 the letters are kept as written (M12). Every change that loses
something is a warning (M7); `strict` turns a conversion with warnings into a
rejection, with the first warning's code as the error.

Tests: `python3 -m unittest test_migrate_ref` in this folder.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gan_ref  # noqa: E402  (the GAN reference adapter, same folder)

# ---------------------------------------------------------------------------
# 1. The name tables of DECISIONS.md section 3, as the specs give them
# ---------------------------------------------------------------------------

# M2: legacy piece words -> letters. gan-legacy-2012.txt, Examples, tables
# "Chess Pieces" (KING ... PAWN) and "Shogi Pieces" (GOLD, SILVER, LANCE) give
# the words; gan-1.0.0-pnn.md's tables of the same names give the letters.
PIECE_NAMES = {
    "KING": "K", "QUEEN": "Q", "ROOK": "R", "BISHOP": "B", "KNIGHT": "N",
    "PAWN": "P", "GOLD": "G", "SILVER": "S", "LANCE": "L",
}

# M3: beta style abbreviations -> snn-pin styles. gan-beta.txt, "Style"
# ("c" for Western, "s" for Shogi, "x" for Xiangqi, "m" for Makruk, "j" for
# Janggi); the long names are the legacy game ids (JANGGI from M3 itself).
BETA_STYLES = {
    "C": "CHESS", "S": "SHOGI", "X": "XIANGQI", "M": "MAKRUK", "J": "JANGGI",
}

# M3: beta styles that published beta data used for more than one game: the
# pseudo-legal move tablebases of 2020-2021
# (github.com/sashite/pseudo_legal_move_tablebase-GAME.rb) write "S" for shogi
# (at b17c86ef8a90) and puchi_shogi (at 748a94f05636), "X" for xiangqi99 (at
# 47a7b2f5cfec) and xiaoqi (at eff913dc1096). The table above guesses the
# first game; the conversion says so with the warning ambiguous-style. (A user
# table mapping the style would silence it; this protocol has none.)
AMBIGUOUS_STYLES = {
    "S": ("shogi", "puchi_shogi"),
    "X": ("xiangqi99", "xiaoqi"),
}

# M5: snn-pin styles -> qpi style letters, and back. qpi-ruby-readme.txt,
# Single-Style Games (C, S, X) and Cross-Style Scenarios (M, O); J from M5.
FAMILIES = {
    "CHESS": "C", "SHOGI": "S", "XIANGQI": "X", "MAKRUK": "M", "JANGGI": "J",
    "OGI": "O",
}
FAMILY_OF_LETTER = {letter: style for style, letter in FAMILIES.items()}

# The codes of M1-M7 (a parse error reports gan_ref's D12 code instead).
UNKNOWN_PIECE_NAME = "unknown-piece-name"
MULTI_CHARACTER_PIECE = "multi-character-piece"
INTERMEDIATE_UNREPRESENTABLE = "intermediate-unrepresentable"
UNKNOWN_STYLE = "unknown-style"
UNREPRESENTABLE = "unrepresentable"
NO_MIGRATION = "no-migration"
AMBIGUOUS_STYLE = "ambiguous-style"
KING_FLAG_LOST = "king-flag-lost"
UNDERSCORE_REMOVED = "underscore-removed"
INTERMEDIATE_DROPPED = "intermediate-dropped"
INTERMEDIATE_AS_ENHANCED = "intermediate-as-enhanced"

INTERMEDIATE_OPTIONS = ("error", "drop", "enhance")
SIGNS = {"normal": "", "enhanced": "+", "diminished": "-"}

# ---------------------------------------------------------------------------
# 2. The conversion
# ---------------------------------------------------------------------------


class Rejected(Exception):
    """The identifier cannot be converted: `code` says why."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class Piece:
    """An snn-pin identifier, the middle of every conversion (M1), with the
    two flags snn-pin cannot hold beside it (M9)."""

    def __init__(self, style, letter, side, state, terminal=False, derived=False):
        self.style = style    # letters and digits, in the side's case
        self.letter = letter  # one letter, in the side's case
        self.side = side      # "first" (uppercase) or "second" (lowercase)
        self.state = state    # "normal", "enhanced" or "diminished"
        self.terminal = terminal  # PIN's "^" (beta's king-like "-", M10)
        self.derived = derived    # the newest QPI's Derived (M12)


# M12: the QPI editions, which all write SIN ":" PIN.
QPI_EDITIONS = ("qpi", "qpi-2025-12", "qpi-2026-01")
# M8: the notations migrated; every other edition is "no-migration".
MIGRATED = ("legacy", "beta", "pnn", "snn-pin") + QPI_EDITIONS
# M10: the notations that hold a terminal flag ("^", or beta's "-").
HOLDS_TERMINAL = ("beta", "qpi-2025-12", "qpi-2026-01")


def in_case(text, side):
    """A table value written in the identifier's case (D3: one case for all
    its letters; the tables are matched and written case-insensitively)."""
    return text.upper() if side == "first" else text.lower()


def to_snn(source, target, actor, intermediate, warnings):
    """The snn-pin piece of a valid `actor` of dialect `source` (M2-M5,
    M9-M11), for a conversion into `target`."""
    style, kind, side = actor["style"], actor["type"], actor["side"]
    if source == "snn-pin":
        return Piece(style, kind, side, actor["state"])
    if source == "legacy":  # M2
        if len(kind) == 1:
            letter = kind  # a single-letter piece is kept
        elif kind.upper() in PIECE_NAMES:
            letter = in_case(PIECE_NAMES[kind.upper()], side)
        else:
            raise Rejected(UNKNOWN_PIECE_NAME,
                           "no letter for the piece word %r" % kind)
        return Piece(style, letter, side, "normal")  # no state invented
    if source == "beta":  # M3
        if style.upper() in BETA_STYLES:
            if style.upper() in AMBIGUOUS_STYLES:
                # The style first, then the flags (the order of the warnings).
                warnings.append(AMBIGUOUS_STYLE)
            style = in_case(BETA_STYLES[style.upper()], side)
        elif "_" in style:
            style = style.replace("_", "")
            warnings.append(UNDERSCORE_REMOVED)
        if len(kind) > 1:
            raise Rejected(MULTI_CHARACTER_PIECE,
                           "the piece %r is longer than one letter" % kind)
        terminal = False
        if actor["king"]:
            if target in HOLDS_TERMINAL:
                terminal = True  # M10: king-like is PIN's terminal "^"
            else:
                # Beta's '-' means king-like; snn-pin's '-' means diminished:
                # never carry it over.
                warnings.append(KING_FLAG_LOST)
        state = "enhanced" if actor["promoted"] else "normal"
        return Piece(style, kind, side, state, terminal)
    if source == "pnn":  # M4
        state = actor["state"]
        if actor["intermediate"]:
            if intermediate == "drop":
                warnings.append(INTERMEDIATE_DROPPED)
            elif intermediate == "enhance" and state == "normal":
                state = "enhanced"
                warnings.append(INTERMEDIATE_AS_ENHANCED)
            else:  # "error", or "enhance" with a prefix already there
                raise Rejected(INTERMEDIATE_UNREPRESENTABLE,
                               "snn-pin has no intermediate state (')")
        return Piece(style, kind, side, state)
    if source in QPI_EDITIONS:  # M5, M11: backwards, in the piece's case
        family = FAMILY_OF_LETTER.get(style.upper())
        if family is None:
            raise Rejected(UNKNOWN_STYLE, "no snn-pin style for %r" % style)
        return Piece(in_case(family, side), kind, side, actor["state"],
                     actor.get("terminal", False), actor.get("derived", False))
    raise ValueError("unknown dialect %r" % source)


def lost_flags(target, terminal, derived):
    """M9: a flag the target cannot hold is an error (M6's rule)."""
    lost = []
    if derived and target != "qpi-2026-01":
        lost.append("the Derived relationship")
    if terminal and target not in HOLDS_TERMINAL:
        lost.append("the terminal marker '^'")
    if lost:
        raise Rejected(UNREPRESENTABLE, "%s cannot hold %s" % (target, " and ".join(lost)))


def between_qpi(target, actor):
    """M12: between the QPI editions, the SIN letter as written and the PIN
    part identical."""
    terminal = actor.get("terminal", False)
    lost_flags(target, terminal, actor.get("derived", False))
    return "%s:%s%s%s" % (actor["style"], SIGNS[actor["state"]], actor["type"],
                          "^" if terminal else "")


def from_snn(target, piece):
    """The identifier of dialect `target` for an snn-pin piece (M5, M6,
    M9-M11)."""
    sign = SIGNS[piece.state]
    lost_flags(target, piece.terminal, piece.derived)
    if target == "snn-pin":
        return "%s:%s%s" % (piece.style, sign, piece.letter)
    if target in QPI_EDITIONS:  # M5, M11: Native, "^" where it is held
        letter = FAMILIES.get(piece.style.upper())
        if letter is None:
            raise Rejected(UNKNOWN_STYLE, "no qpi letter for %r" % piece.style)
        return "%s:%s%s%s" % (in_case(letter, piece.side), sign, piece.letter,
                              "^" if piece.terminal else "")
    # M6: the letter is kept; a feature the target cannot hold is an error.
    has_digit = any(c in "0123456789" for c in piece.style)  # ASCII only (D2)
    lost = []
    if target == "legacy":
        if piece.state != "normal":
            lost.append("a state")
        if has_digit:
            lost.append("a digit in the style")
        if lost:
            raise Rejected(UNREPRESENTABLE, "legacy cannot hold " + " and ".join(lost))
        return "%s:%s" % (piece.style, piece.letter)
    if target == "pnn":
        if has_digit:
            raise Rejected(UNREPRESENTABLE, "pnn cannot hold a digit in the style")
        return "%s:%s%s" % (piece.style, sign, piece.letter)
    if target == "beta":
        if piece.state == "diminished":
            raise Rejected(UNREPRESENTABLE,
                           "beta's '-' means king-like, not diminished")
        promoted = "+" if piece.state == "enhanced" else ""
        king = "-" if piece.terminal else ""  # M10: "^" is beta's king-like "-"
        return "%s:%s%s%s" % (piece.style, promoted, king, piece.letter)
    raise ValueError("unknown dialect %r" % target)


def convert(source, target, data, intermediate="error", strict=False):
    """Convert `data` (bytes) -> (output or None, warning codes, error code
    or None)."""
    actor = gan_ref.parse(gan_ref.DIALECTS[source], data)
    if actor is None:  # M1: valid in the source dialect first
        code, _ = gan_ref.classify_error(gan_ref.DIALECTS[source], data)
        return None, [], code
    if source == target:  # M1: the identity
        return data.decode("ascii"), [], None
    if source not in MIGRATED or target not in MIGRATED:
        return None, [], NO_MIGRATION  # M8: PIN, SIN, EPIN, SNN editions
    warnings = []
    try:
        if source in QPI_EDITIONS and target in QPI_EDITIONS:
            output = between_qpi(target, actor)
        else:
            output = from_snn(target, to_snn(source, target, actor, intermediate,
                                             warnings))
    except Rejected as rejected:
        return None, warnings, rejected.code
    if strict and warnings:  # M7: warnings become errors
        return None, warnings, warnings[0]
    return output, warnings, None


# ---------------------------------------------------------------------------
# 3. The protocol
# ---------------------------------------------------------------------------


class BadRequest(Exception):
    def __init__(self, request_id, message):
        super().__init__(message)
        self.request_id = request_id


def answer(request):
    """One request (a dict) -> one reply (a dict)."""
    request_id = request.get("id")
    source, target = request.get("from"), request.get("to")
    text, options = request.get("input"), request.get("options") or {}
    for name in (source, target):
        if name not in gan_ref.DIALECTS:
            raise BadRequest(request_id, "unknown dialect %r" % (name,))
    if not isinstance(text, str):
        raise BadRequest(request_id, "input missing or not a string")
    intermediate = options.get("intermediate", "error")
    if intermediate not in INTERMEDIATE_OPTIONS:
        raise BadRequest(request_id, "unknown intermediate option %r" % (intermediate,))
    # The input is decoded from JSON and converted as its UTF-8 bytes, untouched
    # (a lone surrogate stays as its 3 bytes and is then invalid-utf8).
    data = text.encode("utf-8", "surrogatepass")
    output, warnings, error = convert(source, target, data, intermediate,
                                      options.get("strict") is True)
    reply = {"id": request_id, "output": output, "diagnostics": warnings}
    if error is not None:
        reply["error"] = error
    return reply


_encode = json.JSONEncoder(separators=(",", ":")).encode


def answer_line(line):
    """One request line (bytes) -> one reply line (bytes, LF-terminated)."""
    request_id = None
    try:
        try:
            request = json.loads(line.decode("utf-8"))
        except (ValueError, RecursionError) as err:
            raise BadRequest(None, "not a JSON line: %s" % err)
        if not isinstance(request, dict):
            raise BadRequest(None, "not a JSON object")
        request_id = request.get("id")
        reply = answer(request)
    except BadRequest as bad:
        # Still exactly one reply, so that the runner stays in step.
        sys.stderr.write("migrate_ref.py: bad request %r: %s\n" % (line[:200], bad))
        reply = {"id": request_id, "output": None, "diagnostics": [],
                 "error": "bad-request"}
    return (_encode(reply) + "\n").encode("utf-8")


def serve():
    """Answer request lines until EOF, flushing every reply before reading
    the next request (the runner keeps several requests in flight)."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    for line in iter(stdin.readline, b""):
        stdout.write(answer_line(line))
        stdout.flush()
    return 0


USAGE = "usage: migrate_ref.py\n"


def main(argv):
    for arg in argv:
        if arg in ("-h", "--help"):
            sys.stdout.write(USAGE)
            return 0
        sys.stderr.write("migrate_ref.py: unknown argument %r\n" % arg + USAGE)
        return 2
    try:
        return serve()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
