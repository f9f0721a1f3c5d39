#!/usr/bin/env python3
"""Reference conformance adapter for the GAN suite of `gan check`.

This file is an executable example for implementers: it answers the runner's
questions ("is this string valid in that dialect, what does it mean, and if it
is invalid, where and why does it fail?") straight from the definitions in
docs/DECISIONS.md, sections 1 and 2. It uses the Python 3 standard library only
(3.8 or later). The protocol is specified in conformance/PROTOCOL.md, section
"GAN suite"; in short:

Batch mode (the default)
    The runner starts the adapter once. It writes one compact JSON object per
    line (UTF-8, LF-terminated) to our standard input::

        {"id":"snn-pin/basic/1","dialect":"snn-pin","input":"C:K"}

    and we answer every request with exactly one line, in the same order::

        {"id":"snn-pin/basic/1","valid":true,"actor":{"style":"C","type":"K","side":"first","state":"normal"},"canonical":"C:K"}
        {"id":"snn-pin/d12/3","valid":false,"error":{"code":"case-mismatch","offset":6,"hint":"chess:k"}}

    Each reply is flushed before the next request is read: the runner keeps
    several requests in flight and would otherwise wait forever. When the
    runner closes our standard input we exit with status 0.

Per-case mode (GAN_CHECK_DIALECT is set, or --per-case is given)
    The runner starts the adapter once per vector. Standard input holds the
    raw bytes of the input (no newline is added; they need not be UTF-8).
    The dialect is in GAN_CHECK_DIALECT, the vector id in GAN_CHECK_ID.
    Valid: exit 0 and print the actor fields as one JSON object, with the
    canonical form beside them ("canonical"). Invalid:
    exit 1 and print {"error":{"code":...,"offset":...,"hint":...}}. An unknown dialect
    is a usage error: exit 2 with a message on standard error.

Options
    --per-case   per-case mode even without GAN_CHECK_DIALECT
    --batch      batch mode even when GAN_CHECK_DIALECT is set
    --no-errors  never print the "error" object (error reporting is optional
                 in the protocol; this shows what a minimal adapter sends)

How the answers are computed
    * Verdict (D1, D2): the oracle regexes of DECISIONS.md section 1, matched
      against the whole input with fullmatch, on bytes, ASCII only. Every
      dialect has an uppercase form and a lowercase form (A-Z replaced by
      a-z), run as two separate regexes; side = "first" iff the uppercase
      form matched (D3: one case for all letters).
    * Actor: built from the named groups of the matching regex.
    * Canonical form (D9): printed from the actor alone, never copied from
      the input: style, ":", the modifiers the attributes say, the type, and
      pnn's "'". A conforming parser's canonical form is its input again.
    * Error offset (D11): the length, in bytes, of the longest prefix of the
      input that is a prefix of some valid string. For each dialect and form
      we write down by hand a "prefix regex": a regex for the set of all
      prefixes of the language. "s[:k] is a viable prefix" is prefix-closed
      (if s[:k] is viable so is s[:j] for j < k), hence monotone in k, so the
      offset is found by binary search over k.
    * Error code (D12): the first rule that applies, in the order
      invalid-utf8, empty, non-ascii, case-mismatch, missing-separator,
      unexpected-end, unexpected-char (too-long does not apply: this adapter
      has no length limit, D5).
    * Hint (D3): for case-mismatch only, the whole input re-cased to the case
      of the first letter after its first ':', when that string is valid;
      otherwise (and for every other code) null.

Run the bundled tests with `python3 -m unittest` in this directory.
"""

import json
import os
import re
import sys

# ---------------------------------------------------------------------------
# 1. The dialects (DECISIONS.md section 1)
# ---------------------------------------------------------------------------

# Oracle regexes, uppercase form, exactly as printed in DECISIONS.md section 1.
ORACLE = {
    "legacy": r"(?P<style>[A-Z]+):(?P<type>[A-Z]+)",
    "beta": r"(?P<style>[A-Z][A-Z0-9_]*):(?P<promoted>\+?)(?P<king>-?)(?P<type>[A-Z][A-Z0-9_]*)",
    "pnn": r"(?P<style>[A-Z]+):(?P<state>[-+]?)(?P<type>[A-Z])(?P<intermediate>'?)",
    "snn-pin": r"(?P<style>[A-Z][A-Z0-9]*):(?P<state>[-+]?)(?P<type>[A-Z])",
    "qpi": r"(?P<style>[A-Z]):(?P<state>[-+]?)(?P<type>[A-Z])",
    # The editions (DECISIONS.md section 1, "The editions", and D13-D21).
    "qpi-2025-12": r"(?P<style>[A-Z]):(?P<state>[-+]?)(?P<type>[A-Z])(?P<terminal>\^?)",
    "qpi-2026-01": r"(?P<style>[A-Za-z]):(?P<state>[-+]?)(?P<type>[A-Za-z])(?P<terminal>\^?)",
    "pin-2025-07": r"(?P<state>[-+]?)(?P<type>[A-Z])",
    "pin-2025-12": r"(?P<state>[-+]?)(?P<type>[A-Z])(?P<terminal>\^?)",
    "sin-2025-07": r"(?P<style>[A-Z])",
    "epin-2025-12": r"(?P<state>[-+]?)(?P<type>[A-Z])(?P<terminal>\^?)(?P<derived>'?)",
    "snn-2025-07-02": r"(?P<style>[A-Z][A-Z0-9]*)",
    "snn-2025-07-11": r"(?P<style>[A-Z][a-z0-9]*)",
    "snn-2025-10-09": r"(?P<style>[A-Z]+)",
    "snn-2026-01-11": r"(?P<style>[A-Z][A-Za-z]*[0-9]*)",
    # CELL and HAND (DECISIONS.md section 1, D22-D24).
    "cell": r"(?P<coordinate>[a-z]+(?:[1-9][0-9]*[A-Z]+[a-z]+)*(?:[1-9][0-9]*[A-Z]*)?)",
    "hand": r"\*",
}

# How each notation's letters carry the side (D14). "tied": one case for every
# letter, an uppercase and a lowercase form (the default, and the five GAN
# dialects); "sideless": one form, no side; "independent": one form, the side
# is the case of the `type` letter and `derived` says whether the `style`
# letter is in the other case (D17).
CASES = {
    "qpi-2026-01": "independent",
    "snn-2025-07-11": "sideless",
    "snn-2026-01-11": "sideless",
    "cell": "sideless",
    "hand": "sideless",
}

# Prefix regexes, uppercase form: each matches exactly the strings that are a
# prefix of some string of the oracle language (including the empty string
# and the complete strings themselves). Derivation: write the oracle as a
# sequence of parts and make "everything from part i on" optional, nesting
# from the right. E.g. snn-pin is  STYLE ":" SIGN? LETTER,  so its prefixes
# are  ( STYLE ( ":" SIGN? LETTER? )? )?  where STYLE itself may stop after
# any of its characters because [A-Z][A-Z0-9]* is prefix-closed once its
# first letter is there.
PREFIX = {
    # STYLE(word) ":" TYPE(word)
    "legacy": r"(?:[A-Z]+(?::[A-Z]*)?)?",
    # STYLE ":" "+"? "-"? TYPE -- the order is +- and -+ is not a prefix (section 1)
    "beta": r"(?:[A-Z][A-Z0-9_]*(?::\+?-?(?:[A-Z][A-Z0-9_]*)?)?)?",
    # STYLE(word) ":" SIGN? LETTER "'"? -- the ' may only follow the letter
    "pnn": r"(?:[A-Z]+(?::[-+]?(?:[A-Z]'?)?)?)?",
    # STYLE(letter, then letters or digits) ":" SIGN? LETTER
    "snn-pin": r"(?:[A-Z][A-Z0-9]*(?::[-+]?[A-Z]?)?)?",
    # STYLE(one letter) ":" SIGN? LETTER
    "qpi": r"(?:[A-Z](?::[-+]?[A-Z]?)?)?",
    # SIN ":" PIN, PIN with its optional "^" after the letter
    "qpi-2025-12": r"(?:[A-Z](?::[-+]?(?:[A-Z]\^?)?)?)?",
    "qpi-2026-01": r"(?:[A-Za-z](?::[-+]?(?:[A-Za-z]\^?)?)?)?",
    # SIGN? LETTER ("^"? "'"? after it)
    "pin-2025-07": r"[-+]?[A-Z]?",
    "pin-2025-12": r"[-+]?(?:[A-Z]\^?)?",
    "sin-2025-07": r"[A-Z]?",
    "epin-2025-12": r"[-+]?(?:[A-Z]\^?'?)?",
    # SNN: the languages are prefix-closed once their first letter is there
    "snn-2025-07-02": r"(?:[A-Z][A-Z0-9]*)?",
    "snn-2025-07-11": r"(?:[A-Z][a-z0-9]*)?",
    "snn-2025-10-09": r"[A-Z]*",
    "snn-2026-01-11": r"(?:[A-Z][A-Za-z]*[0-9]*)?",
    # CELL: a partial cycle is an integer, then uppercase letters, which the
    # last optional part of the pattern already allows: prefix-closed.
    "cell": r"(?:[a-z]+(?:[1-9][0-9]*[A-Z]+[a-z]+)*(?:[1-9][0-9]*[A-Z]*)?)?",
    "hand": r"\*?",
}

# Meaning of the state sign (D4: "-" is diminished in pnn, snn-pin and qpi).
STATE_NAMES = {b"+": "enhanced", b"-": "diminished", b"": "normal"}

# Groups whose presence is reported as a boolean: pnn's intermediate ("'"),
# beta's promoted ("+") and king ("-", king-like, D4), PIN's terminal ("^")
# and EPIN's derived ("'"), in the order of the actor's members.
FLAG_GROUPS = ("intermediate", "promoted", "king", "terminal", "derived")


def lowercase_form(pattern):
    """The lowercase form of a pattern: A-Z replaced by a-z (section 1)."""
    return pattern.replace("A-Z", "a-z")


def compile_bytes(pattern):
    """Compile once, as a bytes regex: we match the UTF-8 bytes of the input,
    so that offsets are byte offsets (D11) and no Unicode case rule can ever
    apply (D2)."""
    return re.compile(pattern.encode("ascii"), re.ASCII)


class Form:
    """One case form of a dialect: its side, oracle regex and prefix regex."""

    __slots__ = ("side", "oracle", "prefix")

    def __init__(self, side, oracle, prefix):
        self.side = side
        self.oracle = compile_bytes(oracle)
        self.prefix = compile_bytes(prefix)


class Dialect:
    """A notation = its forms: where one case carries the side, the uppercase
    form (side "first") then the lowercase one; otherwise the pattern alone,
    whose side (if any) the letters tell (D14)."""

    def __init__(self, name):
        self.name = name
        self.cases = CASES.get(name, "tied")
        # missing-separator and the hint exist only where the grammar has ":" (D16).
        self.separator = ":" in ORACLE[name].replace("(?:", "")
        if self.cases == "tied":
            self.forms = (
                Form("first", ORACLE[name], PREFIX[name]),
                Form("second", lowercase_form(ORACLE[name]), lowercase_form(PREFIX[name])),
            )
        else:
            self.forms = (Form(None, ORACLE[name], PREFIX[name]),)


DIALECTS = {name: Dialect(name) for name in ORACLE}


# ---------------------------------------------------------------------------
# 2. Verdict and actor
# ---------------------------------------------------------------------------

def parse(dialect, data):
    """Return the actor (a dict) if `data` (bytes) is valid, else None.

    D1: fullmatch, no trimming, so "C:K\\n" is invalid. D2: the patterns only
    contain ASCII byte ranges, so any byte >= 0x80 fails.
    """
    for form in dialect.forms:
        match = form.oracle.fullmatch(data)
        if match is not None:
            groups = match.groupdict()
            side = form.side
            if dialect.cases == "independent":
                # D17: the side is PIN's; Derived when the SIN letter's case differs.
                side = side_of(groups["type"])
                groups["derived"] = b"'" if side_of(groups["style"]) != side else b""
            actor = Actor(actor_from_groups(groups, side))
            actor.text = data.decode("ascii")
            return actor
    return None


class Actor(dict):
    """The actor's members (what the JSON reply holds), and the input it was
    read from (`text`), which CELL's and HAND's canonical forms print."""

    text = ""


# D23: an index is reported when it fits in 64 bits, as gan reports it.
INDEX_MAX = 2**64 - 1

# CELL (D22): the runs of a coordinate, each one dimension.
CELL_RUN = re.compile(rb"[a-z]+|[0-9]+|[A-Z]+")


def run_index(run):
    """D22: the index of one run: an integer n is n - 1; letters are bijective
    base 26, whatever their case ("a" = 0, "z" = 25, "aa" = 26, "aaa" = 702)."""
    if run[:1].isdigit():
        return int(run) - 1
    value = 0
    for byte in run:
        value = value * 26 + (byte | 0x20) - 0x60
    return value - 1


def cell_indices(coordinate):
    """The list of indices, or None when one exceeds 64 bits (D23)."""
    indices = [run_index(run) for run in CELL_RUN.findall(coordinate)]
    return None if any(index > INDEX_MAX for index in indices) else indices


def side_of(letters):
    """The side told by the case of the first ASCII letter (D2: by byte range)."""
    first = next(byte for byte in letters if is_ascii_letter(byte))
    return "first" if first < 0x61 else "second"


def actor_from_groups(groups, side):
    """Actor fields from the named groups (section 1, "Attributes").

    Only the fields the notation has are present: a group that its regex does
    not define is simply not in `groups`, and a notation without a side has
    no "side" (D20).
    """
    def text(name):
        return groups[name].decode("ascii") if name in groups else None

    actor = {
        "style": text("style"),
        "type": text("type"),
        "side": side,
    }
    # A member the notation lacks is absent, never null.
    actor = {name: value for name, value in actor.items() if value is not None}
    if "state" in groups:
        actor["state"] = STATE_NAMES[groups["state"]]
    if "coordinate" in groups:
        indices = cell_indices(groups["coordinate"])
        if indices is not None:
            actor["indices"] = indices
    for name in FLAG_GROUPS:
        if name in groups:
            actor[name] = groups[name] != b""
    return actor


def canonical(actor):
    """D9: the canonical form of a parsed identifier, printed from its
    attributes (the input is not at hand here): style ":" modifiers type
    suffix. The case is that of the style and type as written (D3: one case
    for the whole identifier)."""
    if "style" not in actor and "type" not in actor:
        return actor.text  # CELL and HAND: the coordinate or "*" as read (D22, D24)
    if "style" not in actor or "type" not in actor or "terminal" in actor:
        return canonical_edition(actor)
    state = {"enhanced": "+", "diminished": "-"}.get(actor.get("state"), "")
    promoted = "+" if actor.get("promoted") else ""
    king = "-" if actor.get("king") else ""
    suffix = "'" if actor.get("intermediate") else ""
    return "%s:%s%s%s%s%s" % (actor["style"], state, promoted, king, actor["type"], suffix)



def canonical_edition(actor):
    """D9 for the editions (D13-D21), from their attributes: SIN and SNN print
    their style alone; PIN and EPIN their token, state type terminal and, in
    EPIN, derived ("'"); QPI its SIN letter, ":" and its PIN token (its
    derived is the case of the letters, printed as written)."""
    if "type" not in actor:
        return actor["style"]
    state = {"enhanced": "+", "diminished": "-"}.get(actor.get("state"), "")
    terminal = "^" if actor.get("terminal") else ""
    if "style" in actor:
        return "%s:%s%s%s" % (actor["style"], state, actor["type"], terminal)
    derived = "'" if actor.get("derived") else ""
    return "%s%s%s%s" % (state, actor["type"], terminal, derived)

# ---------------------------------------------------------------------------
# 3. Errors: offset (D11) and code (D12)
# ---------------------------------------------------------------------------

def is_viable(dialect, prefix):
    """True iff `prefix` is a prefix of some valid string of the dialect."""
    for form in dialect.forms:
        if form.prefix.fullmatch(prefix) is not None:
            return True
    return False


def longest_viable_prefix(dialect, data):
    """D11: the length of the longest prefix of `data` that is viable.

    Viability is prefix-closed, so is_viable(data[:k]) is true for k = 0..n
    and false afterwards: binary search for the last true k.
    """
    lo, hi = 0, len(data)  # data[:lo] is viable; the answer is <= hi
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if is_viable(dialect, data[:mid]):
            lo = mid
        else:
            hi = mid - 1
    return lo


def utf8_valid_up_to(data):
    """The number of leading bytes of `data` that are valid UTF-8, or None
    when all of it is (Rust's Utf8Error::valid_up_to). Python's decoder is
    as strict as Rust's: it rejects overlong forms, surrogates and code
    points above U+10FFFF."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        return err.start
    return None


def swap_case(byte):
    """The same ASCII letter in the other case (D2: by byte range only)."""
    return byte ^ 0x20


def is_ascii_letter(byte):
    return 0x41 <= byte <= 0x5A or 0x61 <= byte <= 0x7A


def classify_error(dialect, data):
    """(code, offset) for invalid input `data` (bytes), D12 order.

    too-long never applies: this adapter has no length limit (D5).
    """
    valid_up_to = utf8_valid_up_to(data)
    if valid_up_to is not None:
        return "invalid-utf8", valid_up_to           # D11, last sentence
    if not data:
        return "empty", 0                            # D7
    offset = longest_viable_prefix(dialect, data)    # D11
    if offset < len(data):
        byte = data[offset]
        if byte >= 0x80:
            return "non-ascii", offset               # D2
        if is_ascii_letter(byte):
            recased = data[:offset] + bytes((swap_case(byte),))
            if is_viable(dialect, recased):
                return "case-mismatch", offset       # D3
    if b":" not in data and offset > 0:
        if dialect.separator:                        # D16: only where ":" is
            return "missing-separator", offset
    if offset == len(data):
        return "unexpected-end", offset
    return "unexpected-char", offset


def case_hint(dialect, data):
    """D3: the input re-cased entirely to the case of its piece part's first
    letter (the first ASCII letter after the first ':'), when that is valid;
    None otherwise. Re-casing is by byte range only (D2)."""
    _, colon, piece = data.partition(b":")
    if not colon:
        return None
    first = next((byte for byte in piece if is_ascii_letter(byte)), None)
    if first is None:
        return None
    upper = first < 0x61
    recased = bytes(
        (byte & ~0x20 if upper else byte | 0x20) if is_ascii_letter(byte) else byte
        for byte in data
    )
    if parse(dialect, recased) is None:
        return None
    return recased.decode("ascii")


def error_of(dialect, data):
    """(code, offset, hint) for invalid input `data`: D12, D11 and D3."""
    code, offset = classify_error(dialect, data)
    hint = case_hint(dialect, data) if code == "case-mismatch" else None
    return code, offset, hint


# ---------------------------------------------------------------------------
# 4. JSON output
# ---------------------------------------------------------------------------

# Actor values are ASCII letters, digits and "_" (they come from the regex
# groups) or booleans, so the compact encoder never needs to escape anything
# here; we still use the json module so that the example stays obviously
# correct. One encoder object, built once.
_encode_compact = json.JSONEncoder(separators=(",", ":")).encode
_decode_json = json.JSONDecoder().decode  # json.loads without its per-call set-up


def actor_json(actor):
    return _encode_compact(actor)


def canonical_json(actor):
    return _encode_compact(canonical(actor))


def error_json(code, offset, hint):
    """The error object; "hint" is always there (a string or null), as
    `gan check --check-hints` requires."""
    return '{"code":"%s","offset":%d,"hint":%s}' % (code, offset, _encode_compact(hint))


# ---------------------------------------------------------------------------
# 5. Batch mode
# ---------------------------------------------------------------------------

class BadRequest(Exception):
    """A request line we cannot answer normally (not a protocol reply)."""

    def __init__(self, request_id, message):
        super().__init__(message)
        self.request_id = request_id


def read_request(line):
    """Decode one request line (bytes) into (id, dialect, input bytes)."""
    try:
        # A request line must be UTF-8 (UnicodeDecodeError is a ValueError).
        request = _decode_json(line.decode("utf-8"))
    except (ValueError, RecursionError) as err:
        raise BadRequest(None, "not a JSON line: %s" % err)
    if not isinstance(request, dict):
        raise BadRequest(None, "not a JSON object")
    request_id = request.get("id")
    name = request.get("dialect")
    text = request.get("input")
    if not isinstance(name, str) or name not in DIALECTS:
        raise BadRequest(request_id, "unknown dialect %s" % json.dumps(name))
    if not isinstance(text, str):
        raise BadRequest(request_id, "input missing or not a string")
    # Inputs are JSON strings; the runner never sends non-UTF-8 vectors in
    # batch mode. A lone surrogate (legal in JSON text as "\ud800") is kept as
    # its 3-byte encoding and then reported as invalid-utf8.
    return request_id, DIALECTS[name], text.encode("utf-8", "surrogatepass")


def answer_request(line, with_errors):
    """One request line (bytes) -> one reply line (bytes, LF-terminated)."""
    try:
        request_id, dialect, data = read_request(line)
    except BadRequest as bad:
        # Still exactly one reply, so that the runner stays in step; the
        # explanation goes to stderr, which the runner does not parse.
        sys.stderr.write("gan_ref.py: bad request %r: %s\n" % (line[:200], bad))
        head = '{"id":%s,"valid":false' % _encode_compact(bad.request_id)
        if with_errors:
            return (head + ',"error":{"code":"bad-request","offset":0}}\n').encode()
        return (head + "}\n").encode()

    id_json = _encode_compact(request_id)  # echoed as given; non-ASCII escaped
    actor = parse(dialect, data)
    if actor is not None:
        reply = '{"id":%s,"valid":true,"actor":%s,"canonical":%s}\n' % (
            id_json, actor_json(actor), canonical_json(actor))
    elif with_errors:
        error = error_json(*error_of(dialect, data))
        reply = '{"id":%s,"valid":false,"error":%s}\n' % (id_json, error)
    else:
        reply = '{"id":%s,"valid":false}\n' % id_json
    return reply.encode("ascii")


def serve_batch(with_errors):
    """Answer request lines until EOF; write and flush every reply before
    blocking on the next read (the runner pipelines requests)."""
    stdin = sys.stdin.buffer
    stdout = sys.stdout.buffer
    # readline() returns as soon as a whole line is buffered; it does not wait
    # to fill its buffer, so pipelined input cannot deadlock.
    for line in iter(stdin.readline, b""):
        stdout.write(answer_request(line, with_errors))
        stdout.flush()
    return 0


# ---------------------------------------------------------------------------
# 6. Per-case mode
# ---------------------------------------------------------------------------

def serve_one(with_errors):
    name = os.environ.get("GAN_CHECK_DIALECT")
    case_id = os.environ.get("GAN_CHECK_ID", "?")
    if name is None:
        sys.stderr.write("gan_ref.py: --per-case needs GAN_CHECK_DIALECT\n")
        return 2
    dialect = DIALECTS.get(name)
    if dialect is None:
        sys.stderr.write("gan_ref.py: %s: unknown dialect %r (known: %s)\n"
                         % (case_id, name, ", ".join(sorted(DIALECTS))))
        return 2
    data = sys.stdin.buffer.read()  # the input is exactly these bytes
    actor = parse(dialect, data)
    if actor is not None:
        sys.stdout.write(actor_json(dict(actor, canonical=canonical(actor))) + "\n")
        return 0
    if with_errors:
        sys.stdout.write('{"error":%s}\n' % error_json(*error_of(dialect, data)))
    return 1


# ---------------------------------------------------------------------------
# 7. Entry point
# ---------------------------------------------------------------------------

USAGE = "usage: gan_ref.py [--batch | --per-case] [--no-errors]\n"


def main(argv):
    per_case = "GAN_CHECK_DIALECT" in os.environ
    with_errors = True
    for arg in argv:
        if arg == "--per-case":
            per_case = True
        elif arg == "--batch":
            per_case = False
        elif arg == "--no-errors":
            with_errors = False
        elif arg in ("-h", "--help"):
            sys.stdout.write(USAGE)
            return 0
        else:
            sys.stderr.write("gan_ref.py: unknown argument %r\n" % arg + USAGE)
            return 2
    try:
        return serve_one(with_errors) if per_case else serve_batch(with_errors)
    except BrokenPipeError:
        # The runner stopped reading (e.g. it gave up on us): leave quietly.
        # Point stdout at /dev/null so that the final flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
