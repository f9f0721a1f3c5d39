"""Tests for migrate_ggn_ref.py, the reference migrate-ggn adapter.

Run from this directory:  python3 -m unittest test_migrate_ggn_ref

The expectations are written by hand from DECISIONS.md sections 3 and 4 and the
"Inside GGN documents" of docs/migrate.md, not by running the adapter. The whole of
conformance/migrate-ggn.json is run through the adapter by the Rust suite
(tests/suite/check_suites.rs); these tests pin each stage and the protocol.
"""

import contextlib
import io
import json
import os
import subprocess
import sys
import unittest

from migrate_ggn_ref import answer_line, migrate, migrate_newest, rename_first_token

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(HERE, "migrate_ggn_ref.py")


def run(source, target, document, intermediate="error", strict=False):
    output, errors, warnings = migrate(json.dumps(document).encode("utf-8"), source,
                                       target, intermediate, strict)
    pairs = lambda found: sorted((d["code"], d["pointer"]) for d in found)  # noqa: E731
    return (None if output is None else json.loads(output)), pairs(errors), pairs(warnings)


def move(piece, source, destination, **variant):
    return {piece: {source: {destination: [variant]}}}


class Conversion(unittest.TestCase):
    def test_keys_states_and_perform_values_are_converted_the_rest_kept(self):
        document = {"$schema": "s"}
        document.update(move("CHESS:PAWN", "e7", "e8", require={"e8": "empty", "d8": "enemy"},
                             prevent={"f8": "CHESS:KING"},
                             perform={"e7": None, "e8": "CHESS:QUEEN"}))
        output, errors, warnings = run("legacy", "snn-pin", document)
        self.assertEqual(errors, [])
        self.assertEqual(warnings, [])
        self.assertEqual(output, {"$schema": "s", "CHESS:P": {"e7": {"e8": [{
            "require": {"e8": "empty", "d8": "enemy"}, "prevent": {"f8": "CHESS:K"},
            "perform": {"e7": None, "e8": "CHESS:Q"}}]}}})
        self.assertEqual(list(output), ["$schema", "CHESS:P"])

    def test_warnings_at_every_place_ambiguous_style_first(self):
        output, errors, warnings = run("beta", "snn-pin", move(
            "X:-K", "e1", "e2", perform={"e1": None, "e2": "X:-K"}))
        self.assertEqual(output, move("XIANGQI:K", "e1", "e2",
                                      perform={"e1": None, "e2": "XIANGQI:K"}))
        self.assertEqual(warnings, sorted([
            ("ambiguous-style", "/X:-K"), ("king-flag-lost", "/X:-K"),
            ("ambiguous-style", "/X:-K/e1/e2/0/perform/e2"),
            ("king-flag-lost", "/X:-K/e1/e2/0/perform/e2")]))

    def test_strict_refuses_with_every_warning_as_an_error(self):
        output, errors, _ = run("beta", "snn-pin", move(
            "C:-K", "e1", "e2", perform={"e1": None, "e2": "C:-K"}), strict=True)
        self.assertIsNone(output)
        self.assertEqual(errors, [("king-flag-lost", "/C:-K"),
                                  ("king-flag-lost", "/C:-K/e1/e2/0/perform/e2")])

    def test_an_identifier_that_does_not_convert_refuses_the_document(self):
        output, errors, _ = run("snn-pin", "qpi", move(
            "GO:S", "a1", "a1", perform={"a1": "GO:S"}))
        self.assertIsNone(output)
        self.assertEqual(errors, [("unknown-style", "/GO:S"),
                                  ("unknown-style", "/GO:S/a1/a1/0/perform/a1")])

    def test_two_keys_that_become_one_collide(self):
        document = move("C:-K", "e1", "f1", perform={"e1": None, "f1": "C:-K"})
        document.update(move("C:K", "e1", "d1", perform={"e1": None, "d1": "C:K"}))
        output, errors, _ = run("beta", "snn-pin", document)
        self.assertIsNone(output)
        self.assertEqual(errors, [("key-collision", "/C:K")])


class Stages(unittest.TestCase):
    def test_an_invalid_source_is_refused_before_any_conversion(self):
        output, errors, _ = run("legacy", "snn-pin", move(
            "CHESS:K", "e1", "e2", perform={"e1": None, "e2": "CHESS:+K"}))
        self.assertIsNone(output)
        self.assertEqual(errors, [("unexpected-char", "/CHESS:K/e1/e2/0/perform/e2")])

    def test_target_errors_refuse_at_the_input_pointer(self):
        output, errors, _ = run("beta", "snn-pin", move(
            "C:-K", "e1", "e2", require={"e1": "C:K"}, perform={"e1": None, "e2": "C:-K"}))
        self.assertIsNone(output)
        self.assertEqual(errors, [("implicit-requirement", "/C:-K/e1/e2/0/require/e1")])

    def test_new_target_warnings_are_reported_known_ones_not(self):
        _, _, warnings = run("beta", "snn-pin", move(
            "M:P", "e1", "e3", prevent={"e1": "M:-P"}, perform={"e1": None, "e3": "M:P"}))
        self.assertEqual(warnings, [("king-flag-lost", "/M:P/e1/e3/0/prevent/e1"),
                                    ("unsatisfiable", "/M:P/e1/e3/0/prevent/e1")])
        _, _, warnings = run("legacy", "snn-pin", move(
            "CHESS:KING", "e1", "e2", prevent={"e1": "CHESS:QUEEN"},
            perform={"e1": None, "e2": "CHESS:KING"}))
        self.assertEqual(warnings, [])

    def test_pointers_name_the_input_keys(self):
        self.assertEqual(rename_first_token("/CHESS:K/e1", {"CHESS:K": "C:-K"}), "/C:-K/e1")
        self.assertEqual(rename_first_token("/a~1b/x", {"a/b": "c~d"}), "/c~0d/x")
        self.assertEqual(rename_first_token("", {}), "")


def codes(entries):
    return sorted((e["code"], e["pointer"]) for e in entries)


class ToTheNewestEdition(unittest.TestCase):
    """G32-G37: ggn-2014 documents to ggn-2025-10."""

    def test_require_must_prevent_deny_perform_dropped(self):
        text, errors, warnings = migrate_newest(
            b'{"CHESS:K": {"e1": {"f1": [{"prevent": {"g1": "chess:r"}, "require": {"f1": "empty"},'
            b' "perform": {"e1": null, "f1": "CHESS:K"}}]}}}', "snn-pin")
        self.assertEqual(errors, [])
        self.assertEqual(json.dumps(json.loads(text)),
                         '{"C:K": {"e1": {"f1": [{"deny": {"g1": "c:r"}, "must": {"f1": "empty"}}]}}}')
        self.assertEqual(codes(warnings), [("perform-dropped", "/CHESS:K/e1/f1/0/perform")])

    def test_not_cell_and_strict(self):
        text, errors, _ = migrate_newest(
            b'{"SHOGI:P": {"5g": {"5f": [{"perform": {"5g": null, "5f": "SHOGI:P"}}]}}}', "snn-pin")
        self.assertIsNone(text)
        self.assertEqual(codes(errors), [("not-cell", "/SHOGI:P/5g"), ("not-cell", "/SHOGI:P/5g/5f")])
        text, errors, _ = migrate_newest(
            b'{"$schema": "x", "CHESS:P": {"e2": {"e3": [{"perform": {"e2": null, "e3": "CHESS:P"}}]}}}',
            "snn-pin", strict=True)
        self.assertIsNone(text)
        self.assertEqual(codes(errors), [("perform-dropped", "/CHESS:P/e2/e3/0/perform"),
                                         ("schema-dropped", "/$schema")])


class Protocol(unittest.TestCase):
    def reply(self, request):
        line = answer_line(json.dumps(request).encode("utf-8"))
        self.assertTrue(line.endswith(b"\n"))
        self.assertEqual(line.count(b"\n"), 1)
        return json.loads(line)

    def test_replies(self):
        options = {"intermediate": "error", "strict": False}
        reply = self.reply({"id": "a", "from": "legacy", "to": "qpi", "document_text": "{}",
                            "options": options})
        self.assertEqual(reply, {"id": "a", "output_text": "{}\n", "errors": [], "warnings": []})
        reply = self.reply({"id": "b", "from": "legacy", "to": "qpi", "document_text": "[]",
                            "options": options})
        self.assertEqual(reply["output_text"], None)
        self.assertEqual(reply["errors"], [{"code": "top-level-not-object", "pointer": ""}])

    def test_a_bad_request_still_gets_one_reply(self):
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            reply = self.reply({"id": "c", "from": "klingon", "to": "qpi", "document_text": "{}"})
        self.assertEqual(reply["errors"], [{"code": "bad-request", "pointer": ""}])
        self.assertIn("unknown dialect 'klingon'", stderr.getvalue())

    def test_one_reply_per_request_flushed_before_the_next(self):
        process = subprocess.Popen([sys.executable, ADAPTER], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            for n in range(3):
                request = {"id": str(n), "from": "qpi", "to": "snn-pin", "document_text": "{}",
                           "options": {"intermediate": "error", "strict": False}}
                process.stdin.write((json.dumps(request) + "\n").encode())
                process.stdin.flush()
                reply = json.loads(process.stdout.readline())
                self.assertEqual(reply["id"], str(n))
            process.stdin.close()
            self.assertEqual(process.wait(timeout=30), 0)
        finally:
            process.kill()
            process.stdout.close()


if __name__ == "__main__":
    unittest.main()
