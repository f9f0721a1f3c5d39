"""Tests for gan_ref.py, the reference GAN adapter.

Run from this directory:  python3 -m unittest

The expectations in the tables below were derived by hand from docs/DECISIONS.md
(sections 1 and 2), not by running the adapter: for an invalid input, the
offset is the longest prefix that some valid string starts with (D11) and the
code is the first D12 rule that applies. Short reasoning is given where it is
not obvious.
"""

import itertools
import json
import os
import queue
import subprocess
import sys
import threading
import unittest

import gan_ref
from gan_ref import (DIALECTS, canonical, classify_error, error_of, is_viable,
                     longest_viable_prefix, parse)

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(HERE, "gan_ref.py")

CM = "case-mismatch"
UC = "unexpected-char"
UE = "unexpected-end"
MS = "missing-separator"
NA = "non-ascii"
EMPTY = "empty"
UTF8 = "invalid-utf8"


def actor(style, type_, side, **extra):
    out = {"style": style, "type": type_, "side": side}
    out.update(extra)
    return out


def snn(style, type_, side, state="normal"):
    return actor(style, type_, side, state=state)


def pnn(style, type_, side, state="normal", intermediate=False):
    return actor(style, type_, side, state=state, intermediate=intermediate)


def beta(style, type_, side, promoted=False, king=False):
    return actor(style, type_, side, promoted=promoted, king=king)


# (input, expected): expected is an actor dict (valid) or (code, offset).
VECTORS = {
    "snn-pin": [
        ("C:K", snn("C", "K", "first")),
        ("c:k", snn("c", "k", "second")),
        ("CHESS960:-P", snn("CHESS960", "P", "first", "diminished")),
        ("chess:+p", snn("chess", "p", "second", "enhanced")),
        ("SHOGI:+P", snn("SHOGI", "P", "first", "enhanced")),
        ("C1:K", snn("C1", "K", "first")),
        ("X9Z:-Q", snn("X9Z", "Q", "first", "diminished")),
        ("xiangqi:r", snn("xiangqi", "r", "second")),
        ("A" * 255 + ":K", snn("A" * 255, "K", "first")),                  # D5
        ("c" + "0" * 63 + ":k", snn("c" + "0" * 63, "k", "second")),
        # The examples of D3, D11 and D12.
        ("CHESS:k", (CM, 6)),
        ("CHESS", (MS, 5)),
        ("C:K\n", (UC, 3)),                                                # D1
        ("1ABC", (UC, 0)),
        ("+K", (UC, 0)),
        ("C:", (UE, 2)),
        ("cHESS:K", (CM, 1)),
        ("C:K'", (UC, 3)),
        ("c:K", (CM, 2)),
        ("CHESS:p", (CM, 6)),                                              # G2
        # D7: empty input and empty components.
        ("", (EMPTY, 0)),
        (":K", (UC, 0)),
        ("C:+", (UE, 3)),
        ("C:-", (UE, 3)),
        ("CHESS:", (UE, 6)),
        # Structure.
        ("C:-+K", (UC, 3)),
        ("C:++K", (UC, 3)),
        ("C:KK", (UC, 3)),
        ("C:Kk", (UC, 3)),           # "C:KK" is no prefix either: not case-mismatch
        ("CHESS:KING", (UC, 7)),
        ("C:K:K", (UC, 3)),
        ("C_1:K", (UC, 1)),          # no "_" in an SNN style
        ("1:K", (UC, 0)),
        ("9", (UC, 0)),
        ("C:1", (UC, 2)),
        ("C::K", (UC, 2)),
        ("CHESS:K'", (UC, 7)),
        ("CHESS960", (MS, 8)),
        ("c", (MS, 1)),
        ("CHESS\n", (MS, 5)),        # no ":" at all: missing-separator comes first
        ("cH", (CM, 1)),             # case-mismatch comes before missing-separator
        ("Chess:K", (CM, 1)),
        ("C:+k", (CM, 3)),
        ("c:-K", (CM, 3)),
        # D1: no trimming, whitespace and control characters are bytes like others.
        (" C:K", (UC, 0)),
        ("C:K ", (UC, 3)),
        ("C :K", (UC, 1)),
        ("CHESS:K\r\n", (UC, 7)),
        ("C:K\t", (UC, 3)),
        ("C:K\x00", (UC, 3)),
        ("\x00", (UC, 0)),
        # D2: ASCII only; offsets count bytes.
        ("\ufeffC:K", (NA, 0)),
        ("C:K\ufeff", (NA, 3)),
        ("CHESS:\u212a", (NA, 6)),   # Kelvin sign
        ("\u017f:K", (NA, 0)),       # long s
        ("\u0131:K", (NA, 0)),       # dotless i
        ("\uff23:K", (NA, 0)),       # fullwidth C
        ("C:\u00e9", (NA, 2)),
    ],
    "qpi": [
        ("C:K", snn("C", "K", "first")),
        ("c:k", snn("c", "k", "second")),
        ("C:+K", snn("C", "K", "first", "enhanced")),
        ("s:-p", snn("s", "p", "second", "diminished")),
        ("X:R", snn("X", "R", "first")),
        ("m:+q", snn("m", "q", "second", "enhanced")),
        ("CHESS:K", (UC, 1)),        # D11; "Ch" is no prefix either
        ("CHESS", (MS, 1)),
        ("C", (MS, 1)),
        ("c", (MS, 1)),
        ("C:", (UE, 2)),
        ("", (EMPTY, 0)),
        (":K", (UC, 0)),
        ("C:+", (UE, 3)),
        # D8: the README's errata.
        ("c:K", (CM, 2)),
        ("c:+Q", (CM, 3)),
        ("C:p", (CM, 2)),
        ("s:K", (CM, 2)),
        ("C:k", (CM, 2)),
        ("C1:K", (UC, 1)),
        ("C:K\n", (UC, 3)),
        ("C:-+K", (UC, 3)),
        ("C:KK", (UC, 3)),
        ("1:K", (UC, 0)),
        ("cH:K", (UC, 1)),           # "ch" is no prefix: a qpi style is one letter
        ("C:K'", (UC, 3)),
        ("+K", (UC, 0)),
        ("C:\u00e9", (NA, 2)),
    ],
    "pnn": [
        ("SHOGI:+P'", pnn("SHOGI", "P", "first", "enhanced", True)),
        ("CHESS:K", pnn("CHESS", "K", "first")),
        ("C:R'", pnn("C", "R", "first", "normal", True)),
        ("C:K'", pnn("C", "K", "first", "normal", True)),
        ("shogi:-p", pnn("shogi", "p", "second", "diminished")),
        ("chess:k'", pnn("chess", "k", "second", "normal", True)),
        ("XIANGQI:+R'", pnn("XIANGQI", "R", "first", "enhanced", True)),
        ("S:-P'", pnn("S", "P", "first", "diminished", True)),
        ("C:'R", (UC, 2)),
        ("C:R''", (UC, 4)),
        ("C:RK", (UC, 3)),
        ("C:K'k", (UC, 4)),
        ("CHESS960:K", (UC, 5)),     # no digits in a pnn style
        ("C_D:K", (UC, 1)),
        ("CHESS:p", (CM, 6)),        # G2
        ("chess:K'", (CM, 6)),
        ("C:k'", (CM, 2)),
        ("SHOGI:+p'", (CM, 7)),
        ("C:+", (UE, 3)),
        ("C:", (UE, 2)),
        ("", (EMPTY, 0)),
        ("CHESS", (MS, 5)),
        ("C:-+K", (UC, 3)),
        ("+K", (UC, 0)),
        ("C:K\n", (UC, 3)),
        ("C:+R'\n", (UC, 5)),
        ("chess:p'\n", (UC, 8)),
    ],
    "legacy": [
        ("CHESS:KING", actor("CHESS", "KING", "first")),
        ("shogi:gold", actor("shogi", "gold", "second")),
        ("C:K", actor("C", "K", "first")),
        ("XIANGQI:GENERAL", actor("XIANGQI", "GENERAL", "first")),
        ("a:b", actor("a", "b", "second")),
        ("CHESS:King", (CM, 7)),
        ("Chess:king", (CM, 1)),
        ("chess:KING", (CM, 6)),
        ("CHESS:+K", (UC, 6)),
        ("CHESS:-KING", (UC, 6)),
        ("CHESS960:KING", (UC, 5)),
        ("CHESS_VARIANT:KING", (UC, 5)),
        ("CHESS:K1", (UC, 7)),
        ("CHESS:KING'", (UC, 10)),
        ("CHESS:KING\n", (UC, 10)),
        ("CHESS:KING ", (UC, 10)),
        ("CHESS:KING:QUEEN", (UC, 10)),
        ("CHESS KING", (MS, 5)),     # no ":" anywhere, offset > 0
        ("CHESS", (MS, 5)),
        ("CHESS:", (UE, 6)),
        (":KING", (UC, 0)),
        ("", (EMPTY, 0)),
    ],
    "beta": [
        ("DAI_DAI_SHOGI:+-PH", beta("DAI_DAI_SHOGI", "PH", "first", True, True)),
        ("DAI_DAI_SHOGI:PH", beta("DAI_DAI_SHOGI", "PH", "first")),
        ("go:stone", beta("go", "stone", "second")),                      # D6
        ("C:+K", beta("C", "K", "first", promoted=True)),
        ("C:-K", beta("C", "K", "first", king=True)),                     # D4
        ("c:-k", beta("c", "k", "second", king=True)),
        ("c:k1_", beta("c", "k1_", "second")),
        ("C_:K_", beta("C_", "K_", "first")),
        ("S:+P", beta("S", "P", "first", promoted=True)),
        ("C9:K9", beta("C9", "K9", "first")),
        ("C:-+K", (UC, 3)),          # the order is +-
        ("C:+-+K", (UC, 4)),
        ("C:++K", (UC, 3)),
        ("C:+-", (UE, 4)),
        ("C:", (UE, 2)),
        ("", (EMPTY, 0)),
        ("_C:K", (UC, 0)),
        ("1C:K", (UC, 0)),
        ("C-:K", (UC, 1)),
        ("C:1K", (UC, 2)),
        ("C:_K", (UC, 2)),
        ("C:K-", (UC, 3)),
        ("C:K:K", (UC, 3)),
        ("C:K'", (UC, 3)),
        ("go:Stone", (CM, 3)),
        ("Go:stone", (CM, 1)),
        ("c:K", (CM, 2)),
        ("C:+-k", (CM, 4)),
        ("GO:STONE\n", (UC, 8)),
        ("K1", (MS, 2)),
        ("go:ston\u00e9", (NA, 7)),
    ],
}

# Raw byte inputs that are not UTF-8 (D2, D11: offset = valid_up_to).
INVALID_UTF8 = [
    (b"C:\xff", 2),
    (b"\xe2\x82", 0),            # truncated sequence
    (b"C:K\xe2\x82", 3),
    (b"\xed\xa0\x80", 0),        # UTF-16 surrogate
    (b"C:\xc0\x80", 2),          # overlong NUL
    (b"\xf4\x90\x80\x80", 0),    # above U+10FFFF
    (b"\xff", 0),
]


def expected_json_actor(expected):
    return json.loads(json.dumps(expected))


class HandDerivedVectors(unittest.TestCase):
    def test_vectors(self):
        for name, vectors in VECTORS.items():
            dialect = DIALECTS[name]
            for text, expected in vectors:
                data = text.encode("utf-8")
                with self.subTest(dialect=name, input=text):
                    got = parse(dialect, data)
                    if isinstance(expected, dict):
                        self.assertEqual(got, expected)
                    else:
                        self.assertIsNone(got)
                        self.assertEqual(classify_error(dialect, data), expected)

    def test_invalid_utf8(self):
        for name, dialect in DIALECTS.items():
            for data, offset in INVALID_UTF8:
                with self.subTest(dialect=name, input=data):
                    self.assertIsNone(parse(dialect, data))
                    self.assertEqual(classify_error(dialect, data), (UTF8, offset))

    def test_valid_utf8_non_ascii_counts_bytes(self):
        # "C" then the three bytes of the Kelvin sign: dies after 1 byte.
        self.assertEqual(classify_error(DIALECTS["snn-pin"], b"C\xe2\x84\xaa"), (NA, 1))
        # A two-byte character before the death point cannot occur (it would
        # already be the death point), but the input length is in bytes:
        # "C:K" + e-acute is 5 bytes, dies at 3.
        self.assertEqual(classify_error(DIALECTS["snn-pin"], "C:K\u00e9".encode()), (NA, 3))

    def test_cell_indices(self):
        """D22: letters bijective base 26 (whole runs), integers n - 1; D23: no
        indices past 2**64 - 1; the canonical form is the coordinate as read."""
        for text, indices in [("a", [0]), ("zz", [701]), ("aaa", [702]), ("file", [111856]),
                              ("e4B", [4, 3, 1]), ("aa10Bc", [26, 9, 1, 2])]:
            actor = parse(DIALECTS["cell"], text.encode())
            self.assertEqual(actor, {"indices": indices}, text)
            self.assertEqual(canonical(actor), text)
        self.assertEqual(parse(DIALECTS["cell"], b"a18446744073709551617"), {})
        self.assertEqual(parse(DIALECTS["hand"], b"*"), {})
        self.assertEqual(canonical(parse(DIALECTS["hand"], b"*")), "*")

    def test_attribute_sets(self):
        expected = {
            "legacy": {"style", "type", "side"},
            "beta": {"style", "type", "side", "promoted", "king"},
            "pnn": {"style", "type", "side", "state", "intermediate"},
            "snn-pin": {"style", "type", "side", "state"},
            "qpi": {"style", "type", "side", "state"},
            "qpi-2025-12": {"style", "type", "side", "state", "terminal"},
            "qpi-2026-01": {"style", "type", "side", "state", "terminal", "derived"},
            "pin-2025-07": {"type", "side", "state"},
            "pin-2025-12": {"type", "side", "state", "terminal"},
            "sin-2025-07": {"style", "side"},
            "epin-2025-12": {"type", "side", "state", "terminal", "derived"},
            "snn-2025-07-02": {"style", "side"},
            "snn-2025-07-11": {"style"},
            "snn-2025-10-09": {"style", "side"},
            "snn-2026-01-11": {"style"},
            "cell": {"indices"},
            "hand": set(),
        }
        samples = {"legacy": "C:K", "beta": "C:K", "pnn": "C:K", "snn-pin": "C:K", "qpi": "C:K",
                   "qpi-2025-12": "C:K", "qpi-2026-01": "C:K", "pin-2025-07": "K",
                   "pin-2025-12": "K", "sin-2025-07": "C", "epin-2025-12": "K",
                   "snn-2025-07-02": "CHESS", "snn-2025-07-11": "Chess",
                   "snn-2025-10-09": "CHESS", "snn-2026-01-11": "Chess",
                   "cell": "e4", "hand": "*"}
        self.assertEqual(set(DIALECTS), set(expected))
        for name, fields in expected.items():
            with self.subTest(dialect=name):
                self.assertEqual(set(parse(DIALECTS[name], samples[name].encode())), fields)

    def test_every_dialect_has_vectors(self):
        # The hand-derived vectors cover the five GAN dialects; the editions are
        # checked against the committed corpus by `gan check --dialect NAME`.
        for name in ("legacy", "beta", "pnn", "snn-pin", "qpi"):
            self.assertGreaterEqual(len(VECTORS[name]), 20, name)


# The brute-force alphabet: the letters at both ends of each case range, the
# bytes just outside them (@ [ ` {), digits, the syntax characters and a few
# others.
ALPHABET = ["A", "Z", "a", "z", "0", "9", ":", "+", "-", "'", "_", "@", "[", "`", "{", "/", " ", "\n"]
MAX_LEN = 4

# Suffixes that complete every viable prefix (by case of the form): after a
# style character ":K"; after ":" or a sign "K"; after a type nothing more;
# for the empty string "C:K". Used to check the hand-written prefix regexes
# against the oracle regexes independently.
COMPLETIONS = ["", "K", "k", ":K", ":k", "C:K", "c:k", "*"]


def all_strings():
    for n in range(MAX_LEN + 1):
        for chars in itertools.product(ALPHABET, repeat=n):
            yield "".join(chars)


class BruteForce(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.strings = list(all_strings())

    def test_binary_search_matches_linear_scan(self):
        """Offset (binary search) == the naive longest viable prefix, which
        also checks that viability is prefix-closed (monotone)."""
        for name, dialect in DIALECTS.items():
            # Every prefix of a string in the set is in the set.
            viable = {s: is_viable(dialect, s.encode()) for s in self.strings}
            failures = []
            for s in self.strings:
                naive = max(k for k in range(len(s) + 1) if viable[s[:k]])
                got = longest_viable_prefix(dialect, s.encode())
                if got != naive:
                    failures.append((s, got, naive))
            self.assertEqual(failures[:10], [], name)

    def test_prefix_regexes_agree_with_oracle(self):
        """s is accepted by the prefix regex iff some valid string starts with s."""
        for name, dialect in DIALECTS.items():
            oracles = [form.oracle for form in dialect.forms]
            failures = []
            for s in self.strings:
                completable = any(
                    o.fullmatch((s + w).encode()) for w in COMPLETIONS for o in oracles)
                if completable != is_viable(dialect, s.encode()):
                    failures.append(s)
            self.assertEqual(failures[:10], [], name)

    def test_verdict_and_error_are_consistent(self):
        for name, dialect in DIALECTS.items():
            failures = []
            for s in self.strings:
                data = s.encode()
                offset = longest_viable_prefix(dialect, data)
                valid = parse(dialect, data) is not None
                complete = any(f.oracle.fullmatch(data) for f in dialect.forms)
                # valid iff the whole string is viable and complete
                if valid != (offset == len(data) and complete):
                    failures.append((s, "verdict"))
                    continue
                if valid:
                    continue
                code, err_offset = classify_error(dialect, data)
                if err_offset != offset:
                    failures.append((s, "offset"))
                elif offset == len(data) and code not in (EMPTY, MS, UE):
                    failures.append((s, code))
                elif offset < len(data) and code not in (CM, MS, UC):
                    failures.append((s, code))
                elif (code == EMPTY) != (s == ""):
                    failures.append((s, code))
            self.assertEqual(failures[:10], [], name)


def run_adapter(args, stdin, env=None):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("GAN_CHECK_")}
    full_env.update(env or {})
    return subprocess.run([sys.executable, ADAPTER] + args, input=stdin,
                          capture_output=True, env=full_env, timeout=60)


class PerCaseMode(unittest.TestCase):
    def per_case(self, dialect, data, args=()):
        return run_adapter(list(args), data,
                           {"GAN_CHECK_DIALECT": dialect, "GAN_CHECK_ID": "t/1"})

    def test_valid(self):
        r = self.per_case("snn-pin", b"C:K")
        self.assertEqual(r.returncode, 0)
        self.assertEqual(json.loads(r.stdout),
                         {"style": "C", "type": "K", "side": "first", "state": "normal",
                          "canonical": "C:K"})

    def test_invalid(self):
        r = self.per_case("snn-pin", b"CHESS:k")
        self.assertEqual(r.returncode, 1)
        self.assertEqual(json.loads(r.stdout), {"error": {"code": CM, "offset": 6, "hint": "chess:k"}})

    def test_no_newline_is_stripped(self):
        r = self.per_case("qpi", b"C:K\n")
        self.assertEqual(r.returncode, 1)
        self.assertEqual(json.loads(r.stdout), {"error": {"code": UC, "offset": 3, "hint": None}})

    def test_empty(self):
        r = self.per_case("beta", b"")
        self.assertEqual((r.returncode, json.loads(r.stdout)),
                         (1, {"error": {"code": EMPTY, "offset": 0, "hint": None}}))

    def test_invalid_utf8(self):
        r = self.per_case("snn-pin", b"C:\xff")
        self.assertEqual((r.returncode, json.loads(r.stdout)),
                         (1, {"error": {"code": UTF8, "offset": 2, "hint": None}}))

    def test_no_errors(self):
        r = self.per_case("snn-pin", b"C:", ["--no-errors"])
        self.assertEqual((r.returncode, r.stdout), (1, b""))

    def test_unknown_dialect(self):
        r = self.per_case("klingon", b"C:K")
        self.assertEqual(r.returncode, 2)
        self.assertIn(b"unknown dialect", r.stderr)

    def test_flag_without_env(self):
        r = run_adapter(["--per-case"], b"C:K")
        self.assertEqual(r.returncode, 2)


class Hints(unittest.TestCase):
    """D3: a hint only for case-mismatch, only when the re-cased input is
    valid; written by hand, not computed by the adapter."""

    CASES = [
        ("snn-pin", b"CHESS:p", "chess:p"),
        ("snn-pin", b"chess:P", "CHESS:P"),
        ("snn-pin", b"cHESS:K", "CHESS:K"),
        ("snn-pin", b"C:k'", None),          # chess:k' is invalid too
        ("pnn", b"Shogi:+p'", "shogi:+p'"),
        ("beta", b"c:-K", "C:-K"),
        ("beta", b"DAI_dai:PH", "DAI_DAI:PH"),
        ("legacy", b"CHESS:king", "chess:king"),
        ("qpi", b"c:K", "C:K"),
        ("qpi", b"C:+k", "c:+k"),
        ("snn-pin", b"C:1", None),           # not case-mismatch
    ]

    def test_hints(self):
        for name, data, hint in self.CASES:
            with self.subTest(dialect=name, data=data):
                self.assertEqual(error_of(DIALECTS[name], data)[2], hint)


class Canonical(unittest.TestCase):
    """D9: the canonical form, printed from the attributes, is the input
    again; written by hand, one per dialect and modifier."""

    CASES = [
        ("legacy", "shogi:gold"),
        ("beta", "DAI_DAI_SHOGI:+-PH"),
        ("beta", "c:-k1_"),
        ("beta", "C:+K"),
        ("pnn", "SHOGI:+P'"),
        ("pnn", "s:-p"),
        ("snn-pin", "CHESS960:-P"),
        ("qpi", "c:+k"),
        ("qpi", "C:K"),
        ("qpi-2025-12", "C:+K^"),
        ("qpi-2026-01", "c:-K^"),
        ("pin-2025-07", "+r"),
        ("pin-2025-12", "-K^"),
        ("epin-2025-12", "+K^'"),
        ("sin-2025-07", "s"),
        ("snn-2025-07-11", "Chess960"),
        ("snn-2026-01-11", "MiniShogi"),
    ]

    def test_canonical_forms(self):
        for name, text in self.CASES:
            with self.subTest(dialect=name, text=text):
                actor = parse(DIALECTS[name], text.encode("ascii"))
                self.assertEqual(canonical(dict(actor)), text)

    def test_printed_from_the_attributes(self):
        self.assertEqual(canonical(snn("c", "k", "second", "enhanced")), "c:+k")
        self.assertEqual(canonical(beta("X", "Y", "first", king=True)), "X:-Y")


class BatchMode(unittest.TestCase):
    def test_replies_in_order(self):
        requests = [
            {"id": "a", "dialect": "snn-pin", "input": "C:K"},
            {"id": "b", "dialect": "snn-pin", "input": "CHESS:k"},
            {"id": "c", "dialect": "pnn", "input": "SHOGI:+P'"},
            {"id": "d", "dialect": "beta", "input": "C:-+K"},
            {"id": "e", "dialect": "legacy", "input": "CHESS:KING"},
            {"id": "f", "dialect": "qpi", "input": "CHESS:K"},
            {"id": "g\u00e9", "dialect": "snn-pin", "input": "C:K\n"},
            {"id": "h", "dialect": "snn-pin", "input": ""},
        ]
        stdin = "".join(json.dumps(r) + "\n" for r in requests).encode()
        r = run_adapter([], stdin)
        self.assertEqual(r.returncode, 0)
        lines = r.stdout.split(b"\n")
        self.assertEqual(lines[-1], b"")
        replies = [json.loads(line) for line in lines[:-1]]
        self.assertEqual(replies, [
            {"id": "a", "valid": True, "actor": snn("C", "K", "first"), "canonical": "C:K"},
            {"id": "b", "valid": False, "error": {"code": CM, "offset": 6, "hint": "chess:k"}},
            {"id": "c", "valid": True, "actor": pnn("SHOGI", "P", "first", "enhanced", True),
             "canonical": "SHOGI:+P'"},
            {"id": "d", "valid": False, "error": {"code": UC, "offset": 3, "hint": None}},
            {"id": "e", "valid": True, "actor": actor("CHESS", "KING", "first"),
             "canonical": "CHESS:KING"},
            {"id": "f", "valid": False, "error": {"code": UC, "offset": 1, "hint": None}},
            {"id": "g\u00e9", "valid": False, "error": {"code": UC, "offset": 3, "hint": None}},
            {"id": "h", "valid": False, "error": {"code": EMPTY, "offset": 0, "hint": None}},
        ])
        # Compact lines, as in the protocol's examples.
        self.assertEqual(lines[0], b'{"id":"a","valid":true,"actor":'
                         b'{"style":"C","type":"K","side":"first","state":"normal"},'
                         b'"canonical":"C:K"}')

    def test_env_dialect_does_not_break_forced_batch(self):
        r = run_adapter(["--batch"], b'{"id":"x","dialect":"qpi","input":"C:K"}\n',
                        {"GAN_CHECK_DIALECT": "qpi"})
        self.assertEqual(json.loads(r.stdout)["valid"], True)

    def test_bad_requests_get_one_reply_each(self):
        stdin = (b'{"id":"a","dialect":"nope","input":"C:K"}\n'
                 b'not json\n'
                 b'{"id":"b","dialect":"qpi"}\n'
                 b'[1,2]\n'
                 b'{"id":"c","dialect":["qpi"],"input":"C:K"}\n'
                 b'{"id":"d","dialect":"qpi","input":"C:K"}')  # no final LF
        r = run_adapter([], stdin)
        self.assertEqual(r.returncode, 0)
        replies = [json.loads(line) for line in r.stdout.splitlines()]
        bad = {"code": "bad-request", "offset": 0}
        self.assertEqual(replies, [
            {"id": "a", "valid": False, "error": bad},
            {"id": None, "valid": False, "error": bad},
            {"id": "b", "valid": False, "error": bad},
            {"id": None, "valid": False, "error": bad},
            {"id": "c", "valid": False, "error": bad},
            {"id": "d", "valid": True, "actor": snn("C", "K", "first"), "canonical": "C:K"},
        ])

    def test_no_errors(self):
        r = run_adapter(["--no-errors"], b'{"id":"a","dialect":"qpi","input":"C:"}\n')
        self.assertEqual(r.stdout, b'{"id":"a","valid":false}\n')

    def test_control_characters_and_lone_surrogate(self):
        stdin = (b'{"id":"a","dialect":"snn-pin","input":"C:K\\u0000"}\n'
                 b'{"id":"b","dialect":"snn-pin","input":"C:\\ud800"}\n')
        replies = [json.loads(line) for line in run_adapter([], stdin).stdout.splitlines()]
        self.assertEqual(replies[0]["error"], {"code": UC, "offset": 3, "hint": None})
        self.assertEqual(replies[1]["error"], {"code": UTF8, "offset": 2, "hint": None})

    def test_flushes_each_reply_before_reading_on(self):
        """One request at a time, the next written only after the reply came:
        an adapter that buffers its output deadlocks here (caught by timeout)."""
        env = {k: v for k, v in os.environ.items() if not k.startswith("GAN_CHECK_")}
        proc = subprocess.Popen([sys.executable, ADAPTER], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, env=env)
        lines = queue.Queue()
        reader = threading.Thread(target=lambda: [lines.put(l) for l in proc.stdout],
                                  daemon=True)
        reader.start()
        try:
            for i, text in enumerate(["C:K", "C:k", "c:+k"]):
                request = {"id": str(i), "dialect": "snn-pin", "input": text}
                proc.stdin.write(json.dumps(request).encode() + b"\n")
                proc.stdin.flush()
                reply = json.loads(lines.get(timeout=10))
                self.assertEqual(reply["id"], str(i))
            proc.stdin.close()
            self.assertEqual(proc.wait(timeout=10), 0)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stdout.close()


if __name__ == "__main__":
    unittest.main()
