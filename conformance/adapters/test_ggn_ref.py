"""Tests for ggn_ref.py, the reference GGN adapter.

Run from this directory:  python3 -m unittest test_ggn_ref

The expectations are derived by hand from ggn-1.0.0.txt (see docs/specs.md) and docs/DECISIONS.md
section 4 (G1-G17), not by running the adapter. The whole corpus
(conformance/ggn/) is run through the adapter by the Rust suite
(tests/suite/ggn_protocol.rs); these tests pin the parts that are easy to get
wrong in Python: duplicate keys, NaN, deep nesting, pointers, the protocol's
flushing.
"""

import json
import os
import subprocess
import sys
import unittest

import ggn_ref
from ggn_ref import Obj, Unreadable, pointer, read

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(HERE, "ggn_ref.py")

PAWN = '{"CHESS:P": {"e2": {"e4": [{%s}]}}}'
PERFORM = '"perform": {"e2": null, "e4": "CHESS:P"}'
AT = "/CHESS:P/e2/e4/0"


def diagnostics(text, dialect="snn-pin", **options):
    checker, _ = ggn_ref.validate(text.encode("utf-8"), dialect, **options)
    return [(severity, code, ptr) for severity, code, ptr in checker.diagnostics]


class Reading(unittest.TestCase):
    def test_duplicate_keys_are_kept_in_order(self):
        tree = read(b'{"b": 1, "a": 2, "b": 3}')
        self.assertIsInstance(tree, Obj)
        self.assertEqual(list(tree), [("b", 1), ("a", 2), ("b", 3)])

    def test_not_json(self):
        for text in [b"", b"{", b"{} {}", b'{"a": NaN}', b'{"a": 1e999}',
                     b'{"a": Infinity}', b"\xef\xbb\xbf{}", b"{'a': 1}"]:
            with self.assertRaises(Unreadable) as caught:
                read(text)
            self.assertEqual(caught.exception.code, "invalid-json", text)

    def test_not_utf8(self):
        with self.assertRaises(Unreadable) as caught:
            read(b'{"\xe9": 1}')
        self.assertEqual(caught.exception.code, "invalid-utf8")

    def test_depth(self):
        read(b"[" * 64 + b"]" * 64)
        for text in [b"[" * 65 + b"]" * 65, b"[" * 100000]:
            with self.assertRaises(Unreadable) as caught:
                read(text)
            self.assertEqual(caught.exception.code, "too-deep")

    def test_pointer_escaping(self):
        self.assertEqual(pointer([]), "")
        self.assertEqual(pointer(["a/b", "c~d", 0, ""]), "/a~1b/c~0d/0/")


class Validation(unittest.TestCase):
    def test_spec_example_e8_is_invalid(self):
        # G2: CHESS:p mixes cases.
        text = ('{"CHESS:P": {"d5": {"e6": [{"require": {"e5": "CHESS:p", "e6": "empty"},'
                ' "perform": {"d5": null, "e5": null, "e6": "CHESS:P"}}]}}}')
        self.assertEqual(diagnostics(text),
                         [("error", "case-mismatch", "/CHESS:P/d5/e6/0/require/e5")])

    def test_duplicates_at_every_level(self):
        self.assertEqual(diagnostics(PAWN % '"perform": {"e4": null, "e4": "CHESS:P"}'),
                         [("error", "duplicate-key", AT + "/perform/e4")])
        self.assertEqual(diagnostics('{"$schema": "a", "$schema": "a"}'),
                         [("error", "duplicate-key", "/$schema")])

    def test_g4_states(self):
        for state in ["ally", "occupied", "Empty", ""]:
            self.assertEqual(diagnostics(PAWN % ('"require": {"e3": "%s"}, ' % state + PERFORM)),
                             [("error", "invalid-state", AT + "/require/e3")], state)

    def test_g8_perform_values(self):
        self.assertEqual(diagnostics(PAWN % '"perform": {"e2": "empty", "e4": "CHESS:P"}'),
                         [("error", "empty-as-perform", AT + "/perform/e2")])
        # "enemy" has no ':' (D12: missing-separator).
        self.assertEqual(diagnostics(PAWN % '"perform": {"e4": "enemy"}'),
                         [("error", "missing-separator", AT + "/perform/e4")])

    def test_g10_and_strict(self):
        text = PAWN % ('"require": {"e2": "empty"}, ' + PERFORM)
        self.assertEqual(diagnostics(text), [("warning", "unsatisfiable", AT + "/require/e2")])
        self.assertEqual(diagnostics(text, strict=True),
                         [("error", "unsatisfiable", AT + "/require/e2")])
        text = PAWN % ('"require": {"e2": "CHESS:P"}, ' + PERFORM)
        self.assertEqual(diagnostics(text), [("error", "implicit-requirement", AT + "/require/e2")])

    def test_g11(self):
        conflict = PAWN % ('"require": {"e3": "empty"}, "prevent": {"e3": "empty"}, ' + PERFORM)
        self.assertEqual(diagnostics(conflict),
                         [("error", "require-prevent-conflict", AT + "/prevent/e3")])
        but_one = PAWN % ('"require": {"e3": "enemy"}, "prevent": {"e3": "chess:k"}, ' + PERFORM)
        self.assertEqual(diagnostics(but_one), [])
        inside = PAWN % ('"require": {"e3": "chess:q"}, "prevent": {"e3": "enemy"}, ' + PERFORM)
        self.assertEqual(diagnostics(inside), [("warning", "unsatisfiable", AT + "/prevent/e3")])

    def test_g1_dialect(self):
        pnn = '{"SHOGI:+P\'": {"1g": {"1f": [{"perform": {"1f": "SHOGI:+P\'"}}]}}}'
        self.assertEqual(diagnostics(pnn, "pnn"), [])
        self.assertEqual([d[1] for d in diagnostics(pnn)], ["unexpected-char", "unexpected-char"])

    def test_an_object_is_not_an_array(self):
        self.assertEqual(diagnostics('{"CHESS:P": {"e2": {"e4": {"perform": {"e4": "CHESS:P"}}}}}'),
                         [("error", "wrong-type", "/CHESS:P/e2/e4")])

    def test_g6_squares(self):
        text = PAWN % PERFORM
        self.assertEqual(diagnostics(text, squares=["e2", "e4"]), [])
        self.assertEqual(diagnostics(text, squares=["e2"]),
                         [("error", "unknown-square", "/CHESS:P/e2/e4"),
                          ("error", "unknown-square", AT + "/perform/e4")])


class Evaluation(unittest.TestCase):
    def moves(self, document, board, query=None):
        reply = ggn_ref.answer({"id": "t", "kind": "moves", "dialect": "snn-pin",
                                "document_text": document, "board": board,
                                "query": query or {}})
        self.assertTrue(reply["valid"], reply)
        return [(m["piece"], m["from"], m["to"], m["variant"]) for m in reply["moves"]]

    RULE = '{"GAME:X": {"a1": {"b2": [{%s"perform": {"a1": null, "b2": "GAME:X"}}]}}}'

    def test_enemy_is_the_other_side_whatever_style(self):
        rule = self.RULE % '"require": {"c3": "enemy"}, '
        self.assertEqual(self.moves(rule, {"a1": "GAME:X", "c3": "shogi:+p"}),
                         [("GAME:X", "a1", "b2", 0)])
        self.assertEqual(self.moves(rule, {"a1": "GAME:X", "c3": "SHOGI:+P"}), [])
        self.assertEqual(self.moves(rule, {"a1": "GAME:X"}), [])

    def test_absent_square_is_empty(self):
        rule = self.RULE % '"require": {"c3": "empty"}, '
        self.assertEqual(self.moves(rule, {"a1": "GAME:X"}), [("GAME:X", "a1", "b2", 0)])

    def test_prevent_is_or(self):
        rule = self.RULE % '"prevent": {"c3": "GAME:K", "d4": "GAME:Q"}, '
        self.assertEqual(self.moves(rule, {"a1": "GAME:X", "d4": "GAME:Q"}), [])
        self.assertEqual(self.moves(rule, {"a1": "GAME:X", "d4": "game:q"}),
                         [("GAME:X", "a1", "b2", 0)])

    def test_result_board(self):
        reply = ggn_ref.answer({"id": "t", "kind": "moves", "dialect": "snn-pin",
                                "document_text": self.RULE % "",
                                "board": {"a1": "GAME:X"}, "query": {}})
        self.assertEqual(reply["moves"][0]["board"], {"a1": None, "b2": "GAME:X"})

    def test_invalid_document(self):
        reply = ggn_ref.answer({"id": "t", "kind": "moves", "dialect": "snn-pin",
                                "document_text": "{", "board": {}, "query": {}})
        self.assertEqual(reply, {"id": "t", "valid": False,
                                 "errors": [{"code": "invalid-json", "pointer": ""}]})


class Protocol(unittest.TestCase):
    def test_one_reply_per_request_flushed_before_the_next(self):
        process = subprocess.Popen([sys.executable, ADAPTER], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            requests = [
                {"id": "a", "kind": "validate", "dialect": "snn-pin", "document_text": "{}"},
                {"id": "b", "kind": "validate", "dialect": "snn-pin",
                 "document_hex": "7b22e9223a317d"},
                "not an object",
                {"id": "d", "kind": "nope", "dialect": "snn-pin", "document_text": "{}"},
            ]
            replies = []
            for request in requests:
                process.stdin.write((json.dumps(request) + "\n").encode())
                process.stdin.flush()
                replies.append(json.loads(process.stdout.readline()))  # would hang unflushed
            process.stdin.close()
            self.assertEqual(process.wait(timeout=10), 0)
        finally:
            process.kill()
            process.stdout.close()
        self.assertEqual(replies[0], {"id": "a", "valid": True, "errors": [], "warnings": []})
        self.assertEqual(replies[1]["errors"], [{"code": "invalid-utf8", "pointer": ""}])
        self.assertEqual(replies[2]["errors"], [{"code": "bad-request", "pointer": ""}])
        self.assertEqual((replies[3]["id"], replies[3]["errors"][0]["code"]), ("d", "bad-request"))


class Without(unittest.TestCase):
    """--without FEATURE: requests that need it get "unsupported"."""

    def test_unsupported_only_where_needed(self):
        from ggn_ref import answer
        doc = '{"CHESS:K":{"e1":{"e2":[{"perform":{"e1":null,"e2":"CHESS:K"}}]}}}'
        base = {"id": "x", "kind": "validate", "dialect": "snn-pin", "document_text": doc}
        without = {"squares", "strict", "dialect"}
        self.assertEqual(answer(dict(base, squares=["e1", "e2"]), without=without),
                         {"id": "x", "unsupported": "squares"})
        self.assertEqual(answer(dict(base, strict=True), without=without),
                         {"id": "x", "unsupported": "strict"})
        self.assertEqual(answer(dict(base, dialect="pnn"), without=without),
                         {"id": "x", "unsupported": "dialect"})
        self.assertTrue(answer(base, without=without)["valid"])
        self.assertTrue(answer(dict(base, strict=True))["valid"])

    def test_edition_is_a_feature(self):
        from ggn_ref import answer
        doc = '{"W:K^":{"e1":{"e2":[{"must":{"e2":"empty"}}]}}}'
        newest = {"id": "n", "kind": "validate", "dialect": "qpi-2026-01",
                  "edition": "ggn-2025-10", "document_text": doc}
        self.assertEqual(answer(newest, without={"edition"}),
                         {"id": "n", "unsupported": "edition"})
        # qpi-2026-01 is the edition's own QPI, not the feature "dialect".
        self.assertTrue(answer(newest, without={"dialect"})["valid"])


def newest(text):
    checker, _ = ggn_ref.validate(text.encode("utf-8"), "qpi-2026-01",
                                  edition="ggn-2025-10")
    return sorted((code, ptr) for _, code, ptr in checker.diagnostics)


STEP = '{"W:P": {"e2": {"e3": [%s]}}}'


class Newest(unittest.TestCase):
    """ggn-2025-10 (G18-G29), on documents in the engine's shape."""

    def test_the_engine_shape_is_valid(self):
        self.assertEqual(newest('{"W:K^": {"e1": {"e2": [{"must": {"e2": "empty"}}]}},'
                                ' "b:p": {"*": {"a1": [{}]}, "a2": {"*": [{"deny": {}}]}}}'), [])

    def test_five_broken_places(self):
        cases = [
            ('{"W:K^^": {"e1": {"e2": [{}]}}}', ("invalid-qpi", "/W:K^^")),
            (STEP % '{"must": {"e3": "W:K^^"}}', ("invalid-qpi", "/W:P/e2/e3/0/must/e3")),
            ('{"W:P": {"e0": {"e3": [{}]}}}', ("invalid-location", "/W:P/e0")),
            (STEP % '{"must": {"E3": "empty"}}', ("invalid-location", "/W:P/e2/e3/0/must/E3")),
            ('{"W:P": {"e2": {"e3": {"must": {}}}}}', ("wrong-type", "/W:P/e2/e3")),
        ]
        for text, expected in cases:
            self.assertEqual(newest(text), [expected], text)

    def test_hand_rules(self):
        self.assertEqual(newest('{"S:P": {"*": {"*": [{}]}}}'), [("hand-to-hand", "/S:P/*/*")])
        self.assertEqual(newest(STEP % '{"deny": {"*": "empty"}}'),
                         [("invalid-location", "/W:P/e2/e3/0/deny/*")])

    def test_lcn_values(self):
        self.assertEqual(newest(STEP % '{"must": {"e3": "Empty", "e4": 1, "e5": "c:P"}}'),
                         [("invalid-state", "/W:P/e2/e3/0/must/e3"),
                          ("wrong-type", "/W:P/e2/e3/0/must/e4")])

    def test_other_editions_and_empties(self):
        self.assertEqual(newest('{"$schema": 1, "W:P": {}}'),
                         [("empty-piece", "/W:P"), ("unknown-key", "/$schema")])
        self.assertEqual(newest(STEP % '{"require": {}, "diff": {}}'),
                         [("unknown-key", "/W:P/e2/e3/0/diff"),
                          ("unknown-key", "/W:P/e2/e3/0/require")])
        self.assertEqual(newest(STEP % ''), [("empty-destinations", "/W:P/e2/e3")])



def newest_moves(rules, position, query=None):
    reply = ggn_ref.answer({"id": "x", "kind": "moves", "dialect": "qpi-2026-01",
                            "edition": "ggn-2025-10", "document_text": rules,
                            "position": position, "query": query or {}})
    return [(m["piece"], m["from"], m["to"], m["possibility"]) for m in reply["moves"]]


class NewestMoves(unittest.TestCase):
    """Evaluation of ggn-2025-10 (G28-G31, G38)."""

    RULES = '{"W:R": {"a1": {"a2": [{"must": {"a2": "empty"}}, {"must": {"a2": "enemy"}}]}}}'

    def test_side_is_the_pin_letters_case(self):
        self.assertEqual(newest_moves(self.RULES, {"a1": "W:R", "a2": "C:s"}),
                         [("W:R", "a1", "a2", 1)])
        self.assertEqual(newest_moves(self.RULES, {"a1": "W:R", "a2": "c:S"}), [])

    def test_off_the_board(self):
        deny = '{"W:R": {"a1": {"a2": [{"deny": {"h8": "empty"}}], "a3": [{}]}}}'
        self.assertEqual(newest_moves(deny, {"a1": "W:R", "a2": None}),
                         [("W:R", "a1", "a2", 0)])

    def test_drops_each_token_once(self):
        drops = '{"S:P": {"*": {"e5": [{"must": {"e5": "empty"}}]}}}'
        self.assertEqual(newest_moves(drops, {"e5": None, "*": ["S:P", "S:P", "s:p"]}),
                         [("S:P", "*", "e5", 0)])

    def test_an_invalid_position_is_refused(self):
        reply = ggn_ref.answer({"id": "x", "kind": "moves", "dialect": "qpi-2026-01",
                                "edition": "ggn-2025-10", "document_text": self.RULES,
                                "position": {"A1": "W:R", "*": ["P"]}, "query": {}})
        self.assertEqual(reply["errors"], [{"code": "invalid-location", "pointer": "/A1"},
                                           {"code": "invalid-qpi", "pointer": "/*/0"}])


if __name__ == "__main__":
    unittest.main()
