#!/usr/bin/env python3
"""Reference conformance adapter for the GGN suite of `gan check`.

An executable example for implementers of GGN 1.0.0 (ggn-1.0.0.txt, see docs/specs.md, read
with docs/DECISIONS.md section 4, G1-G17): it validates documents and lists the
moves they allow on a board, written straight from those texts, with the
Python 3 standard library only (3.8 or later). GAN identifiers are checked
with the bundled GAN reference adapter, gan_ref.py, in the same folder.

The protocol is conformance/PROTOCOL-ggn.md. In short, the runner starts us
once and writes one JSON object per line to our standard input:

    {"id":"ggn/invalid/g9/piece","kind":"validate","dialect":"snn-pin","document_text":"{...}"}
    {"id":"ggn/moves/spec/e4","kind":"moves","dialect":"snn-pin","document_text":"{...}",
     "board":{"e7":"CHESS:P"},"query":{}}

and we answer each with one line, in order, flushed at once:

    {"id":"ggn/invalid/g9/piece","valid":false,"errors":[{"code":"duplicate-key","pointer":"/CHESS:P"}],"warnings":[]}
    {"id":"ggn/moves/spec/e4","valid":true,"moves":[{"piece":"CHESS:P","from":"e7","to":"e8","variant":0,"board":{...}}]}

Reading JSON. Python's json module keeps the last of two equal keys, which
changes a document's meaning (G9): `object_pairs_hook` gives us every pair,
duplicates included, in order, so we keep objects as lists of pairs (class
Obj). It also accepts NaN and Infinity, and turns 1e999 into inf: neither is
JSON (RFC 8259), so both hooks reject them. It also reads an escape of a lone
surrogate ("\\ud800") into a string no UTF-8 can hold; G17 makes that
invalid-json too, so we look for one in every key and string after reading.
Nesting is bounded (64 levels by
default, like the reference); a nesting deep enough to exhaust Python's
recursion is reported the same way (too-deep), never as a crash.

The newest edition. A request with "edition": "ggn-2025-10" holds a document
of the QPI-keyed must/deny edition (docs/DECISIONS.md section 4a, G18-G29):
{QPI: {CELL|"*": {CELL|"*": [{"must"?: LCN, "deny"?: LCN}]}}}. Its keys and
LCN piece values are checked with the newest QPI's regular expression, its
locations with CELL's and HAND's (class Newest, below); the request's dialect
is then qpi-2026-01 and says nothing more. A "moves" request of that edition
holds a "position" (G30: {CELL: token or null, "*": [token]}) and is answered
with {"piece","from","to","possibility"} moves (newest_moves, written from
G28-G31: "enemy" from the key's PIN letter's case, tokens by exact equality,
no condition holding and nothing landing on a square the position does not
list, drops of the keys in the hand).

Options: --max-depth N (default 64); --without FEATURE (repeatable: squares,
strict, dialect or edition) plays an implementation that lacks the feature: a
request that needs it (a squares list, strict, a dialect other than snn-pin in
the 2014 edition, another edition than ggn-2014) gets
{"id":...,"unsupported":"FEATURE"}, which the runner counts apart.
Tests: `python3 -m unittest test_ggn_ref` in this folder.
"""

import json
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gan_ref  # noqa: E402  (the GAN reference adapter, same folder)

MAX_DEPTH = 64

# ---------------------------------------------------------------------------
# 1. Reading: bytes -> a tree that keeps duplicate keys
# ---------------------------------------------------------------------------


class Obj(list):
    """A JSON object: its (key, value) pairs in order, duplicates kept.
    (A list subclass: test it before testing for an array, see is_array.)"""


def is_array(node):
    return isinstance(node, list) and not isinstance(node, Obj)


class Unreadable(Exception):
    """The document is not a JSON text we can read: code and message."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def _reject_constant(name):
    raise ValueError("%s is not JSON" % name)


def _finite_float(text):
    value = float(text)
    if math.isinf(value):
        raise ValueError("number out of range: %s" % text)
    return value


_decoder = json.JSONDecoder(
    object_pairs_hook=Obj,
    parse_constant=_reject_constant,
    parse_float=_finite_float,
)


def read(data, max_depth=MAX_DEPTH):
    """Bytes -> tree (Obj, list, str, int, float, bool, None), or Unreadable."""
    try:
        text = data.decode("utf-8")  # strict: no overlongs, no surrogates
    except UnicodeDecodeError as err:
        raise Unreadable("invalid-utf8", "not UTF-8 at byte %d" % err.start)
    try:
        tree = _decoder.decode(text)  # rejects a BOM and any text after the value
    except RecursionError:
        raise Unreadable("too-deep", "nested too deep for the reader")
    except ValueError as err:
        raise Unreadable("invalid-json", "malformed JSON: %s" % err)
    if depth(tree) > max_depth:
        raise Unreadable("too-deep", "nested deeper than %d levels" % max_depth)
    if has_lone_surrogate(tree):
        raise Unreadable("invalid-json", "malformed JSON: an escape of a lone surrogate")
    return tree


def has_lone_surrogate(tree):
    """G17: whether a key or a string holds a surrogate code point, which only
    an escape of a lone surrogate can put there (json joins a pair into one
    character)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, str):
            if any("\ud800" <= c <= "\udfff" for c in node):
                return True
        elif isinstance(node, Obj):
            for key, value in node:
                stack.extend((key, value))
        elif is_array(node):
            stack.extend(node)
    return False


def depth(tree):
    """How deep arrays and objects nest (the top-level object is 1)."""
    deepest, stack = 0, [(tree, 0)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, Obj):
            deepest = max(deepest, level + 1)
            stack.extend((value, level + 1) for _, value in node)
        elif is_array(node):
            deepest = max(deepest, level + 1)
            stack.extend((value, level + 1) for value in node)
    return deepest


# ---------------------------------------------------------------------------
# 2. Pointers (RFC 6901)
# ---------------------------------------------------------------------------


def pointer(tokens):
    """["CHESS:P", "a/b", 0] -> "/CHESS:P/a~1b/0"; [] -> "" ."""
    return "".join(
        "/" + str(t).replace("~", "~0").replace("/", "~1") for t in tokens
    )


# ---------------------------------------------------------------------------
# 3. Validation (spec "Validation Rules", G1-G17)
# ---------------------------------------------------------------------------

EMPTY, ENEMY = "empty", "enemy"
VARIANT_KEYS = ("require", "prevent", "perform")


class Checker:
    """Walks one document (or board) and collects (severity, code, pointer)."""

    def __init__(self, dialect, squares=None, strict=False):
        self.dialect = gan_ref.DIALECTS[dialect]
        self.squares = None if squares is None else set(squares)
        self.strict = strict
        self.diagnostics = []
        self.sides = {}  # each distinct GAN string parsed once

    # -- reporting ---------------------------------------------------------

    def report(self, severity, code, tokens):
        if self.strict:
            severity = "error"  # --strict: every warning is an error
        self.diagnostics.append((severity, code, pointer(tokens)))

    def error(self, code, tokens):
        self.report("error", code, tokens)

    def warning(self, code, tokens):
        self.report("warning", code, tokens)

    def error_count(self):
        return sum(1 for d in self.diagnostics if d[0] == "error")

    # -- shared checks -----------------------------------------------------

    def side(self, text):
        """"first"/"second" for a valid identifier of the dialect, else the
        GAN error code (D12): (side, None) or (None, code)."""
        if text not in self.sides:
            data = text.encode("utf-8", "surrogatepass")
            actor = gan_ref.parse(self.dialect, data)
            if actor is not None:
                self.sides[text] = (actor["side"], None)
            else:
                self.sides[text] = (None, gan_ref.classify_error(self.dialect, data)[0])
        return self.sides[text]

    def gan(self, text, tokens):
        """The side of an identifier; an invalid one reports its GAN code (G2, G14)."""
        side, code = self.side(text)
        if code is not None:
            self.error(code, tokens)
        return side

    def duplicates(self, pairs, tokens):
        """G9: every repetition of a key, at the repeated key's pointer."""
        seen = set()
        for key, _ in pairs:
            if key in seen:
                self.error("duplicate-key", tokens + [key])
            seen.add(key)

    def square(self, label, tokens):
        """G6: non-empty, not the hand "*", in the list when one is given."""
        if label == "":
            self.error("empty-square-label", tokens)
            return False
        if label == "*":
            self.error("unknown-key", tokens)  # the hand: out of scope
            return False
        if self.squares is not None and label not in self.squares:
            self.error("unknown-square", tokens)
            return False
        return True

    # -- the document ------------------------------------------------------

    def document(self, tree):
        """Checks a document; returns its model (pieces in order) meaningful
        only when no error was reported:
        [(piece, side, [(source, [(destination, [variant])])])]."""
        if not isinstance(tree, Obj):
            self.error("top-level-not-object", [])
            return []
        self.duplicates(tree, [])
        pieces = []
        for key, value in tree:
            if key == "$schema":
                if not isinstance(value, str):
                    self.error("schema-not-string", [key])
            else:
                piece = self.piece(key, value)
                if piece is not None:
                    pieces.append(piece)
        return pieces

    def piece(self, piece, node):
        tokens = [piece]
        side = self.gan(piece, tokens)
        if not isinstance(node, Obj):
            self.error("wrong-type", tokens)
            return None
        if not node:
            self.error("empty-piece", tokens)
        self.duplicates(node, tokens)
        sources = []
        for source, value in node:
            at = tokens + [source]
            self.square(source, at)
            if not isinstance(value, Obj):
                self.error("wrong-type", at)
                continue
            if not value:
                self.error("empty-source", at)
            self.duplicates(value, at)
            destinations = []
            for destination, variants in value:
                to = at + [destination]
                self.square(destination, to)
                checked = self.destination(piece, side, source, variants, to)
                if checked is not None:
                    destinations.append((destination, checked))
            sources.append((source, destinations))
        return (piece, side, sources)

    def destination(self, piece, side, source, node, tokens):
        if not is_array(node):
            self.error("wrong-type", tokens)
            return None
        if not node:
            self.error("empty-destinations", tokens)
        variants = [
            self.variant(piece, side, source, element, tokens + [i])
            for i, element in enumerate(node)
        ]
        if all(v is not None for v in variants):
            # G13: identical variants (same maps, in any order) are a warning.
            first = {}
            for i, variant in enumerate(variants):
                key = tuple(tuple(sorted(m)) for m in variant)
                if key in first:
                    self.warning("duplicate-variant", tokens + [i])
                else:
                    first[key] = i
        return variants

    def variant(self, piece, side, source, node, tokens):
        """Returns (require, prevent, perform) as lists of (square, value),
        or None when the variant has an error."""
        if not isinstance(node, Obj):
            self.error("wrong-type", tokens)
            return None
        errors_before = self.error_count()
        self.duplicates(node, tokens)
        require, prevent, perform, has_perform = [], [], [], False
        for key, value in node:
            at = tokens + [key]
            if key in ("require", "prevent"):
                entries = self.conditions(key, value, at)
                (require if key == "require" else prevent).extend(entries)
            elif key == "perform":
                has_perform = True
                perform.extend(self.effects(value, at))
            else:
                # G8: must/deny/diff/board_check/gain/drop (other editions)
                # and anything else.
                self.error("unknown-key", at)
        if not has_perform:
            self.error("missing-perform", tokens)
        self.logic(piece, side, source, require, prevent, tokens)
        if self.error_count() > errors_before:
            return None
        return (
            [(sq, text) for sq, text, _ in require],
            [(sq, text) for sq, text, _ in prevent],
            perform,
        )

    def conditions(self, field, node, tokens):
        """A require/prevent map -> [(square, text or None, meaning or None)];
        meaning is EMPTY, ENEMY or ("piece", text, side)."""
        if not isinstance(node, Obj):
            self.error("wrong-type", tokens)
            return []
        if not node:
            self.error("empty-" + field, tokens)  # G7
        self.duplicates(node, tokens)
        entries = []
        for square, value in node:
            at = tokens + [square]
            self.square(square, at)
            text = value if isinstance(value, str) else None
            entries.append((square, text, self.state(value, at)))
        return entries

    def state(self, value, tokens):
        """G4: exactly "empty", "enemy" or a GAN identifier; null only in
        perform (G8)."""
        if not isinstance(value, str):
            self.error("wrong-type", tokens)
            return None
        if value in (EMPTY, ENEMY):
            return value
        if ":" not in value:
            self.error("invalid-state", tokens)  # "ally", "occupied", "Empty", ...
            return None
        side = self.gan(value, tokens)
        return None if side is None else ("piece", value, side)

    def effects(self, node, tokens):
        """A perform map -> [(square, identifier or None)]."""
        if not isinstance(node, Obj):
            self.error("wrong-type", tokens)
            return []
        if not node:
            self.error("empty-perform", tokens)
        self.duplicates(node, tokens)
        effects = []
        for square, value in node:
            at = tokens + [square]
            self.square(square, at)
            if value is None:
                effects.append((square, None))
            elif value == EMPTY:
                self.error("empty-as-perform", at)  # null empties a square (G8)
            elif isinstance(value, str):
                if self.gan(value, at) is not None:
                    effects.append((square, value))
            else:
                self.error("wrong-type", at)
        return effects

    # -- G10, G11 ----------------------------------------------------------

    def logic(self, piece, side, source, require, prevent, tokens):
        for square, text, meaning in require:
            if square != source or text is None:
                continue
            at = tokens + ["require", square]
            if text == piece:
                self.error("implicit-requirement", at)  # spec, G10
            elif side is not None and meaning is not None:
                self.warning("unsatisfiable", at)  # the source holds the piece
        for square, text, meaning in prevent:
            if square != source or text is None or side is None or meaning is None:
                continue
            at = tokens + ["prevent", square]
            self.warning("unsatisfiable" if text == piece else "redundant", at)
        if not require or not prevent:
            return
        required = {}
        for entry in require:
            required.setdefault(entry[0], entry)
        for square, text, meaning in prevent:
            if square not in required:
                continue
            _, r_text, r_meaning = required[square]
            at = tokens + ["prevent", square]
            if text is not None and text == r_text:
                self.error("require-prevent-conflict", at)  # spec, G11
                continue
            if side is None or meaning is None or r_meaning is None:
                continue
            relation = relate(r_meaning, meaning, side)
            if relation == "inside":
                self.warning("unsatisfiable", at)
            elif relation == "disjoint":
                self.warning("redundant", at)

    # -- boards ------------------------------------------------------------

    def board(self, tree):
        """A board: {square: identifier or null} -> {square: (identifier, side)}
        for the occupied squares, or None with errors."""
        if not isinstance(tree, Obj):
            self.error("top-level-not-object", [])
            return None
        self.duplicates(tree, [])
        cells = {}
        for square, value in tree:
            self.square(square, [square])
            if value is None:
                continue
            if not isinstance(value, str):
                self.error("wrong-type", [square])
                continue
            side = self.gan(value, [square])
            if side is not None:
                cells.setdefault(square, (value, side))
        return None if self.error_count() else cells


def relate(required, prevented, side):
    """G11: how the occupants satisfying `required` relate to those
    satisfying `prevented` (two different strings) for a piece of `side`:
    "inside" (the prevention always fires), "disjoint" (it never fires) or
    "overlap" (meaningful)."""
    if required == ENEMY and isinstance(prevented, tuple) and prevented[2] != side:
        return "overlap"  # any enemy but that one
    if isinstance(required, tuple) and required[2] != side and prevented == ENEMY:
        return "inside"
    return "disjoint"


# ---------------------------------------------------------------------------
# 4. Evaluation (G3, G12)
# ---------------------------------------------------------------------------


def holds(state, cell, side):
    """Whether a require/prevent state holds on a square holding `cell`
    ((identifier, side) or None for empty or absent)."""
    if state == EMPTY:
        return cell is None
    if state == ENEMY:
        return cell is not None and cell[1] != side  # G3: the side only
    return cell is not None and cell[0] == state  # exactly that piece


def moves(pieces, cells, board_pairs, query):
    """Every possible move in document order, with the board after it."""
    found = []
    for piece, side, sources in pieces:
        if "piece" in query and query["piece"] != piece:
            continue
        for source, destinations in sources:
            if "from" in query and query["from"] != source:
                continue
            if cells.get(source, (None,))[0] != piece:
                continue  # the source must hold exactly the piece
            for destination, variants in destinations:
                if "to" in query and query["to"] != destination:
                    continue
                for index, (require, prevent, perform) in enumerate(variants):
                    if all(holds(s, cells.get(q), side) for q, s in require) and not any(
                        holds(s, cells.get(q), side) for q, s in prevent
                    ):
                        after = dict(board_pairs)
                        after.update(perform)
                        found.append({
                            "piece": piece,
                            "from": source,
                            "to": destination,
                            "variant": index,
                            "board": after,
                        })
    return found


# ---------------------------------------------------------------------------
# 5. The protocol
# ---------------------------------------------------------------------------
# 3b. The newest edition, ggn-2025-10 (G18-G29)
# ---------------------------------------------------------------------------

NEWEST = "ggn-2025-10"
# The newest QPI (qpi-2026-01): SIN ":" PIN, the two cases independent (G19).
QPI_2026 = re.compile(r"[A-Za-z]:[+-]?[A-Za-z]\^?")
# CELL, the whole string (G20); HAND is exactly "*".
CELL = re.compile(r"[a-z]+(?:[1-9][0-9]*[A-Z]+[a-z]+)*(?:[1-9][0-9]*[A-Z]*)?")
HAND = "*"
POSSIBILITY_KEYS = ("must", "deny")


def is_qpi(text):
    return QPI_2026.fullmatch(text) is not None


def is_cell(text):
    return CELL.fullmatch(text) is not None


class Newest(Checker):
    """The rules of ggn-2025-10; reporting and duplicates as in Checker."""

    def __init__(self):
        self.squares = None
        self.strict = False
        self.diagnostics = []

    def document(self, tree):
        if not isinstance(tree, Obj):
            self.error("top-level-not-object", [])
            return []
        self.duplicates(tree, [])
        for key, value in tree:
            if key == "$schema":
                # ggn-2014's member: one error, its value unread (G26).
                self.error("unknown-key", [key])
                continue
            if not is_qpi(key):
                self.error("invalid-qpi", [key])
            self.piece(key, value)
        return []

    def location(self, text, tokens, hand_allowed=True):
        """A source or destination (CELL or "*"), an LCN key (CELL only)."""
        if text == HAND and hand_allowed:
            return
        if not is_cell(text):
            self.error("invalid-location", tokens)

    def piece(self, key, value):
        if not isinstance(value, Obj):
            self.error("wrong-type", [key])
            return
        if not value:
            self.error("empty-piece", [key])
        self.duplicates(value, [key])
        for source, destinations in value:
            at = [key, source]
            self.location(source, at)
            if not isinstance(destinations, Obj):
                self.error("wrong-type", at)
                continue
            if not destinations:
                self.error("empty-source", at)
            self.duplicates(destinations, at)
            for destination, possibilities in destinations:
                to = at + [destination]
                self.location(destination, to)
                if source == HAND and destination == HAND:
                    self.error("hand-to-hand", to)  # G23
                self.possibilities(possibilities, to)

    def possibilities(self, node, tokens):
        if not is_array(node):
            self.error("wrong-type", tokens)
            return
        if not node:
            self.error("empty-destinations", tokens)  # G22
        for i, possibility in enumerate(node):
            at = tokens + [i]
            if not isinstance(possibility, Obj):
                self.error("wrong-type", at)
                continue
            self.duplicates(possibility, at)
            for key, value in possibility:
                if key in POSSIBILITY_KEYS:
                    self.lcn(value, at + [key])
                else:
                    self.error("unknown-key", at + [key])  # G26

    def lcn(self, node, tokens):
        """G25: CELL keys; "empty", "enemy" or a newest-QPI token."""
        if not isinstance(node, Obj):
            self.error("wrong-type", tokens)
            return
        self.duplicates(node, tokens)
        for cell, value in node:
            at = tokens + [cell]
            self.location(cell, at, hand_allowed=False)
            if not isinstance(value, str):
                self.error("wrong-type", at)
            elif value in (EMPTY, ENEMY):
                pass
            elif ":" not in value:
                self.error("invalid-state", at)
            elif not is_qpi(value):
                self.error("invalid-qpi", at)

    # -- the model, for evaluation ----------------------------------------

    def rules(self, tree):
        """A valid document -> [(key, side, [(source, [(destination,
        [(must, deny)])])])], every list in document order, must and deny
        lists of (square, value)."""
        model = []
        for key, sources in tree:
            entries = []
            for source, destinations in sources:
                entries.append((source, [
                    (destination, [
                        (dict(p).get("must") or [], dict(p).get("deny") or [])
                        for p in possibilities])
                    for destination, possibilities in destinations]))
            model.append((key, side_of(key), entries))
        return model

    def position(self, tree):
        """A position (G30, G31): {CELL: token or null, "*": [token]} ->
        ({square: token or None}, [token]), or None with errors."""
        if not isinstance(tree, Obj):
            self.error("top-level-not-object", [])
            return None
        self.duplicates(tree, [])
        squares, hand = {}, []
        for key, value in tree:
            if key == HAND:
                if not is_array(value):
                    self.error("wrong-type", [key])
                    continue
                for i, token in enumerate(value):
                    if not isinstance(token, str):
                        self.error("wrong-type", [key, i])
                    elif not is_qpi(token):
                        self.error("invalid-qpi", [key, i])
                    else:
                        hand.append(token)
                continue
            self.location(key, [key], hand_allowed=False)
            if value is None:
                squares.setdefault(key, None)
            elif not isinstance(value, str):
                self.error("wrong-type", [key])
            elif not is_qpi(value):
                self.error("invalid-qpi", [key])
            else:
                squares.setdefault(key, value)
        return None if self.error_count() else (squares, hand)


def side_of(token):
    """A QPI token's side: the case of its PIN letter, the last letter
    (G28; the SIN letter's case is only a style's tag)."""
    letters = [c for c in token if c.isalpha()]
    return "first" if letters[-1].isupper() else "second"


def newest_holds(value, square, squares, side):
    """G28, G29: whether an LCN condition holds for a piece of `side`."""
    if square not in squares:
        return False  # off the board: no condition holds (G29)
    occupant = squares[square]
    if value == EMPTY:
        return occupant is None
    if value == ENEMY:
        return occupant is not None and side_of(occupant) != side
    return occupant == value  # exact token equality


def newest_moves(model, squares, hand, query):
    """G28-G31: every (piece, from, to, possibility) in document order."""
    found = []
    in_hand = set(hand)
    for key, side, sources in model:
        if "piece" in query and query["piece"] != key:
            continue
        for source, destinations in sources:
            if "from" in query and query["from"] != source:
                continue
            here = key in in_hand if source == HAND else squares.get(source) == key
            if not here:
                continue
            for destination, possibilities in destinations:
                if "to" in query and query["to"] != destination:
                    continue
                if destination != HAND and destination not in squares:
                    continue  # nothing lands off the board (G29, G30)
                for index, (must, deny) in enumerate(possibilities):
                    if all(newest_holds(v, q, squares, side) for q, v in must) and not any(
                            newest_holds(v, q, squares, side) for q, v in deny):
                        found.append({"piece": key, "from": source,
                                      "to": destination, "possibility": index})
    return found


# ---------------------------------------------------------------------------


class BadRequest(Exception):
    def __init__(self, request_id, message):
        super().__init__(message)
        self.request_id = request_id


def validate(data, dialect, squares=None, strict=False, max_depth=MAX_DEPTH,
             edition=None):
    """Bytes -> (checker, model); the model is the 2014 edition's only."""
    checker = Newest() if edition == NEWEST else Checker(dialect, squares, strict)
    try:
        tree = read(data, max_depth)
    except Unreadable as err:
        checker.error(err.code, [])
        return checker, []
    return checker, checker.document(tree)


def split(diagnostics):
    errors = [{"code": c, "pointer": p} for s, c, p in diagnostics if s == "error"]
    warnings = [{"code": c, "pointer": p} for s, c, p in diagnostics if s == "warning"]
    return errors, warnings


def document_bytes(request):
    text, hex_ = request.get("document_text"), request.get("document_hex")
    if isinstance(text, str):
        return text.encode("utf-8", "surrogatepass")
    if isinstance(hex_, str):
        try:
            return bytes.fromhex(hex_)
        except ValueError:
            pass
    raise BadRequest(request.get("id"), "document_text or document_hex missing")


def lacking(request, without):
    """The first feature of `without` that `request` needs, or None."""
    other_edition = request.get("edition") is not None
    needs = {
        "squares": request.get("squares") is not None,
        "strict": request.get("strict") is True,
        "dialect": not other_edition and request.get("dialect") != "snn-pin",
        "edition": other_edition,
    }
    for feature in FEATURES:
        if feature in without and needs[feature]:
            return feature
    return None


FEATURES = ("squares", "strict", "dialect", "edition")


def answer(request, max_depth=MAX_DEPTH, without=()):
    """One request (a dict) -> one reply (a dict)."""
    request_id = request.get("id")
    kind = request.get("kind")
    dialect = request.get("dialect")
    feature = lacking(request, without)
    if feature is not None:
        return {"id": request_id, "unsupported": feature}
    edition = request.get("edition")
    if edition is not None and edition != NEWEST:
        raise BadRequest(request_id, "unknown edition %r for %r" % (edition, kind))
    if edition is None and dialect not in gan_ref.DIALECTS:
        raise BadRequest(request_id, "unknown dialect %r" % (dialect,))
    data = document_bytes(request)
    if kind == "validate":
        checker, _ = validate(data, dialect, request.get("squares"),
                              request.get("strict") is True, max_depth, edition)
        errors, warnings = split(checker.diagnostics)
        return {"id": request_id, "valid": not errors, "errors": errors,
                "warnings": warnings}
    if kind == "moves" and edition == NEWEST:
        return newest_answer(request_id, data, request, max_depth)
    if kind == "moves":
        checker, model = validate(data, dialect, max_depth=max_depth)
        board = request.get("board")
        if not isinstance(board, dict):
            raise BadRequest(request_id, "board missing or not an object")
        # The board arrives as a JSON object (a dict: the corpus's boards have
        # no duplicate squares); it is checked like a board file.
        board_checker = Checker(dialect)
        cells = board_checker.board(Obj(board.items()))
        errors = split(checker.diagnostics)[0] + split(board_checker.diagnostics)[0]
        if errors:
            return {"id": request_id, "valid": False, "errors": errors}
        query = request.get("query") or {}
        return {"id": request_id, "valid": True,
                "moves": moves(model, cells, board.items(), query)}
    raise BadRequest(request_id, "unknown kind %r" % (kind,))


def newest_answer(request_id, data, request, max_depth):
    """A moves request of ggn-2025-10: the rules, the position, the moves."""
    checker = Newest()
    try:
        tree = read(data, max_depth)
    except Unreadable as err:
        checker.error(err.code, [])
        tree = None
    if tree is not None:
        checker.document(tree)
    position = request.get("position")
    if not isinstance(position, dict):
        raise BadRequest(request_id, "position missing or not an object")
    # The position arrives as a JSON object (a dict: no duplicate squares).
    position_checker = Newest()
    read_position = position_checker.position(Obj(position.items()))
    errors = split(checker.diagnostics)[0] + split(position_checker.diagnostics)[0]
    if errors:
        return {"id": request_id, "valid": False, "errors": errors}
    squares, hand = read_position
    query = request.get("query") or {}
    return {"id": request_id, "valid": True,
            "moves": newest_moves(checker.rules(tree), squares, hand, query)}


_encode = json.JSONEncoder(separators=(",", ":")).encode


def answer_line(line, max_depth=MAX_DEPTH, without=()):
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
        reply = answer(request, max_depth, without)
    except BadRequest as bad:
        # Still exactly one reply, so that the runner stays in step.
        sys.stderr.write("ggn_ref.py: bad request %r: %s\n" % (line[:200], bad))
        reply = {"id": bad.request_id if bad.request_id is not None else request_id,
                 "valid": False, "errors": [{"code": "bad-request", "pointer": ""}]}
    return (_encode(reply) + "\n").encode("utf-8")


def serve(max_depth=MAX_DEPTH, without=()):
    """Answer request lines until EOF, flushing every reply before reading
    the next request (the runner keeps several requests in flight)."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    for line in iter(stdin.readline, b""):
        stdout.write(answer_line(line, max_depth, without))
        stdout.flush()
    return 0


USAGE = "usage: ggn_ref.py [--max-depth N] [--without squares|strict|dialect|edition]...\n"


def main(argv):
    max_depth = MAX_DEPTH
    without = set()
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg in ("-h", "--help"):
            sys.stdout.write(USAGE)
            return 0
        if arg == "--max-depth" and args and args[0].isdigit():
            max_depth = int(args.pop(0))
        elif arg == "--without" and args and args[0] in FEATURES:
            without.add(args.pop(0))
        else:
            sys.stderr.write("ggn_ref.py: unknown argument %r\n" % arg + USAGE)
            return 2
    try:
        return serve(max_depth, without)
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
