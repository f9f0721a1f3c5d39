"""Tests for migrate_ref.py, the reference migrate adapter.

Run from this directory:  python3 -m unittest test_migrate_ref

The expectations are written by hand from docs/DECISIONS.md section 3 (M1-M14),
not by running the adapter. The whole of conformance/migrations.json is run
through the adapter by the Rust suite (tests/suite/check_suites.rs); these
tests pin each rule, the lossy cases, and the protocol's shape and flushing.
"""

import contextlib
import io
import json
import os
import subprocess
import sys
import unittest

from migrate_ref import answer_line, convert

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(HERE, "migrate_ref.py")


def run(source, target, text, intermediate="error", strict=False):
    return convert(source, target, text.encode("utf-8"), intermediate, strict)


def converted(output, *warnings):
    return (output, list(warnings), None)


def rejected(code, *warnings):
    return (None, list(warnings), code)


class M1Composition(unittest.TestCase):
    def test_an_invalid_source_is_rejected_with_its_parse_code(self):
        self.assertEqual(run("legacy", "snn-pin", "CHESS:king"), rejected("case-mismatch"))
        self.assertEqual(run("pnn", "snn-pin", "SHOGI:P\n"), rejected("unexpected-char"))
        self.assertEqual(run("qpi", "snn-pin", "CHESS:K"), rejected("unexpected-char"))
        self.assertEqual(run("legacy", "snn-pin", ""), rejected("empty"))  # M7
        self.assertEqual(convert("legacy", "snn-pin", b"C:\xff"), rejected("invalid-utf8"))

    def test_the_identity_where_source_and_target_are_the_same(self):
        self.assertEqual(run("pnn", "pnn", "SHOGI:+P'"), converted("SHOGI:+P'"))
        self.assertEqual(run("beta", "beta", "C:-K"), converted("C:-K"))

    def test_through_snn_pin_the_first_error_wins(self):
        self.assertEqual(run("legacy", "qpi", "shogi:pawn"), converted("s:p"))
        self.assertEqual(run("legacy", "qpi", "GO:STONE"), rejected("unknown-piece-name"))
        self.assertEqual(run("beta", "qpi", "DAI_DAI_SHOGI:K"),
                         rejected("unknown-style", "underscore-removed"))


class M2Legacy(unittest.TestCase):
    def test_every_word_of_the_table_in_both_cases(self):
        table = {"KING": "K", "QUEEN": "Q", "ROOK": "R", "BISHOP": "B", "KNIGHT": "N",
                 "PAWN": "P", "GOLD": "G", "SILVER": "S", "LANCE": "L"}
        for word, letter in table.items():
            self.assertEqual(run("legacy", "snn-pin", "GAME:" + word), converted("GAME:" + letter))
            self.assertEqual(run("legacy", "snn-pin", "game:" + word.lower()),
                             converted("game:" + letter.lower()))

    def test_single_letters_are_kept_unknown_words_rejected(self):
        self.assertEqual(run("legacy", "snn-pin", "xiangqi:c"), converted("xiangqi:c"))
        self.assertEqual(run("legacy", "snn-pin", "CHESS:DRAGON"), rejected("unknown-piece-name"))
        self.assertEqual(run("legacy", "snn-pin", "xiangqi:general"),
                         rejected("unknown-piece-name"))

    def test_no_state_or_king_flag_is_invented(self):
        self.assertEqual(run("legacy", "pnn", "SHOGI:LANCE"), converted("SHOGI:L"))
        self.assertEqual(run("legacy", "beta", "CHESS:KING"), converted("CHESS:K"))


class M3Beta(unittest.TestCase):
    def test_the_style_table_in_the_side_case(self):
        for short, long in [("C", "CHESS"), ("M", "MAKRUK"), ("J", "JANGGI")]:
            self.assertEqual(run("beta", "snn-pin", short + ":R"), converted(long + ":R"))
            self.assertEqual(run("beta", "snn-pin", short.lower() + ":r"),
                             converted(long.lower() + ":r"))

    def test_styles_published_data_used_for_two_games_warn(self):
        # The tablebases wrote S for shogi and puchi shogi, X for xiangqi99 and xiaoqi.
        for short, long in [("S", "SHOGI"), ("X", "XIANGQI")]:
            self.assertEqual(run("beta", "snn-pin", short + ":R"),
                             converted(long + ":R", "ambiguous-style"))
            self.assertEqual(run("beta", "snn-pin", short.lower() + ":r"),
                             converted(long.lower() + ":r", "ambiguous-style"))
        # Before king-flag-lost (the style first), through composition to every target.
        self.assertEqual(run("beta", "snn-pin", "X:-K"),
                         converted("XIANGQI:K", "ambiguous-style", "king-flag-lost"))
        self.assertEqual(run("beta", "qpi", "x:-k"),
                         converted("x:k", "ambiguous-style", "king-flag-lost"))
        self.assertEqual(run("beta", "pnn", "S:+P"), converted("SHOGI:+P", "ambiguous-style"))
        self.assertEqual(run("beta", "legacy", "s:q"), converted("shogi:q", "ambiguous-style"))
        # Never beta -> beta, never a long style, never qpi's X.
        self.assertEqual(run("beta", "beta", "X:-K"), converted("X:-K"))
        self.assertEqual(run("beta", "snn-pin", "XIANGQI:R"), converted("XIANGQI:R"))
        self.assertEqual(run("qpi", "snn-pin", "X:K"), converted("XIANGQI:K"))
        # strict: the first warning is the error.
        self.assertEqual(run("beta", "snn-pin", "X:-K", strict=True),
                         rejected("ambiguous-style", "ambiguous-style", "king-flag-lost"))

    def test_other_styles_lose_their_underscores_with_a_warning(self):
        self.assertEqual(run("beta", "snn-pin", "taikyoku_shogi:g"),
                         converted("taikyokushogi:g", "underscore-removed"))
        self.assertEqual(run("beta", "snn-pin", "SHATAR:K"), converted("SHATAR:K"))

    def test_the_king_flag_is_dropped_never_written_as_diminished(self):
        self.assertEqual(run("beta", "snn-pin", "C:-K"), converted("CHESS:K", "king-flag-lost"))
        self.assertEqual(run("beta", "snn-pin", "FOO:+-K"), converted("FOO:+K", "king-flag-lost"))
        self.assertEqual(run("beta", "snn-pin", "dai_dai_shogi:-k"),
                         converted("daidaishogi:k", "underscore-removed", "king-flag-lost"))

    def test_multi_character_pieces_are_rejected(self):
        for text in ["DAI_DAI_SHOGI:PH", "C:K1", "C:K_", "go:stone"]:
            self.assertEqual(run("beta", "snn-pin", text)[2], "multi-character-piece", text)


class M4Pnn(unittest.TestCase):
    def test_the_intermediate_state_by_option(self):
        self.assertEqual(run("pnn", "snn-pin", "SHOGI:P'"),
                         rejected("intermediate-unrepresentable"))
        self.assertEqual(run("pnn", "snn-pin", "shogi:+r'", "drop"),
                         converted("shogi:+r", "intermediate-dropped"))
        self.assertEqual(run("pnn", "snn-pin", "SHOGI:P'", "enhance"),
                         converted("SHOGI:+P", "intermediate-as-enhanced"))
        self.assertEqual(run("pnn", "snn-pin", "CHESS:-P'", "enhance"),
                         rejected("intermediate-unrepresentable"))

    def test_states_are_kept(self):
        self.assertEqual(run("pnn", "snn-pin", "chess:-p"), converted("chess:-p"))


class M5Families(unittest.TestCase):
    def test_the_family_table_both_ways(self):
        for style, letter in [("CHESS", "C"), ("SHOGI", "S"), ("XIANGQI", "X"),
                              ("MAKRUK", "M"), ("JANGGI", "J"), ("OGI", "O")]:
            self.assertEqual(run("snn-pin", "qpi", style + ":+K"), converted(letter + ":+K"))
            self.assertEqual(run("qpi", "snn-pin", letter.lower() + ":+k"),
                             converted(style.lower() + ":+k"))

    def test_styles_outside_the_table(self):
        self.assertEqual(run("snn-pin", "qpi", "CHESS960:K"), rejected("unknown-style"))
        self.assertEqual(run("snn-pin", "qpi", "C:K"), rejected("unknown-style"))  # D9
        self.assertEqual(run("qpi", "snn-pin", "Z:K"), rejected("unknown-style"))


class M6Targets(unittest.TestCase):
    def test_what_each_target_cannot_hold(self):
        self.assertEqual(run("snn-pin", "legacy", "CHESS:+K"), rejected("unrepresentable"))
        self.assertEqual(run("snn-pin", "legacy", "CHESS960:K"), rejected("unrepresentable"))
        self.assertEqual(run("snn-pin", "pnn", "CHESS960:K"), rejected("unrepresentable"))
        self.assertEqual(run("snn-pin", "beta", "CHESS:-P"), rejected("unrepresentable"))

    def test_what_they_can(self):
        self.assertEqual(run("snn-pin", "legacy", "CHESS:K"), converted("CHESS:K"))
        self.assertEqual(run("snn-pin", "pnn", "SHOGI:-P"), converted("SHOGI:-P"))
        self.assertEqual(run("snn-pin", "beta", "SHOGI:+P"), converted("SHOGI:+P"))
        self.assertEqual(run("snn-pin", "beta", "chess960:k"), converted("chess960:k"))


class M7Strict(unittest.TestCase):
    def test_strict_turns_the_first_warning_into_the_error(self):
        self.assertEqual(run("beta", "snn-pin", "C:-K", strict=True),
                         rejected("king-flag-lost", "king-flag-lost"))
        self.assertEqual(run("beta", "snn-pin", "C:K", strict=True), converted("CHESS:K"))
        self.assertEqual(run("pnn", "snn-pin", "SHOGI:P'", "drop", True),
                         rejected("intermediate-dropped", "intermediate-dropped"))


class M8toM14NewestQpi(unittest.TestCase):
    Q6 = "qpi-2026-01"
    Q5 = "qpi-2025-12"

    def test_other_editions_are_not_migrated(self):
        self.assertEqual(run("pin-2025-12", "snn-pin", "K^"), rejected("no-migration"))
        self.assertEqual(run(self.Q6, "snn-2026-01-11", "C:K"), rejected("no-migration"))

    def test_the_king_flag_is_the_terminal_marker(self):
        self.assertEqual(run("beta", self.Q6, "C:-K"), converted("C:K^"))
        self.assertEqual(run("beta", self.Q5, "c:+-k"), converted("c:+k^"))
        self.assertEqual(run("beta", self.Q6, "X:+-G"), converted("X:+G^", "ambiguous-style"))
        self.assertEqual(run("beta", "qpi", "C:-K"), converted("C:K", "king-flag-lost"))
        self.assertEqual(run(self.Q6, "beta", "C:+K^"), converted("CHESS:+-K"))
        self.assertEqual(run(self.Q6, "beta", "C:-K^"), rejected("unrepresentable"))

    def test_flags_the_target_cannot_hold_are_refused(self):
        self.assertEqual(run(self.Q6, "snn-pin", "C:K^"), rejected("unrepresentable"))
        self.assertEqual(run(self.Q6, "snn-pin", "C:r"), rejected("unrepresentable"))
        self.assertEqual(run(self.Q6, "qpi", "C:K^"), rejected("unrepresentable"))
        self.assertEqual(run(self.Q6, self.Q5, "c:R"), rejected("unrepresentable"))
        self.assertEqual(run(self.Q6, "snn-pin", "c:+r"), converted("chess:+r"))

    def test_between_the_qpi_editions_the_letters_are_kept(self):
        self.assertEqual(run("qpi", self.Q6, "Z:K"), converted("Z:K"))
        self.assertEqual(run(self.Q5, self.Q6, "x:-g^"), converted("x:-g^"))
        self.assertEqual(run(self.Q6, self.Q6, "C:r"), converted("C:r"))

    def test_pnn_intermediate_is_not_derived_and_no_flag_is_invented(self):
        self.assertEqual(run("pnn", self.Q6, "SHOGI:P'"), rejected("intermediate-unrepresentable"))
        self.assertEqual(run("pnn", self.Q6, "SHOGI:P'", "enhance"),
                         converted("S:+P", "intermediate-as-enhanced"))
        self.assertEqual(run("legacy", self.Q6, "CHESS:KING"), converted("C:K"))
        self.assertEqual(run("beta", self.Q6, "go:stone"), rejected("multi-character-piece"))


class Protocol(unittest.TestCase):
    def reply(self, request):
        line = answer_line(json.dumps(request).encode("utf-8"))
        self.assertTrue(line.endswith(b"\n"))
        self.assertEqual(line.count(b"\n"), 1)
        return json.loads(line)

    def test_replies(self):
        options = {"intermediate": "error", "strict": False}
        self.assertEqual(
            self.reply({"id": "a", "from": "beta", "to": "snn-pin", "input": "C:-K",
                        "options": options}),
            {"id": "a", "output": "CHESS:K", "diagnostics": ["king-flag-lost"]})
        self.assertEqual(
            self.reply({"id": "b", "from": "legacy", "to": "snn-pin", "input": "CHESS:DRAGON",
                        "options": options}),
            {"id": "b", "output": None, "diagnostics": [], "error": "unknown-piece-name"})

    def test_a_bad_request_still_gets_one_reply(self):
        stderr = io.StringIO()
        with contextlib.redirect_stderr(stderr):
            self.assertEqual(
                self.reply({"id": "c", "from": "klingon", "to": "snn-pin", "input": "C:K"}),
                {"id": "c", "output": None, "diagnostics": [], "error": "bad-request"})
            line = answer_line(b"not json\n")
        self.assertEqual(json.loads(line)["id"], None)
        self.assertIn("unknown dialect 'klingon'", stderr.getvalue())

    def test_one_reply_per_request_flushed_before_the_next(self):
        process = subprocess.Popen([sys.executable, ADAPTER], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            for n in range(3):
                request = {"id": str(n), "from": "qpi", "to": "snn-pin", "input": "c:+k",
                           "options": {"intermediate": "error", "strict": False}}
                process.stdin.write((json.dumps(request) + "\n").encode())
                process.stdin.flush()
                reply = json.loads(process.stdout.readline())
                self.assertEqual(reply, {"id": str(n), "output": "chess:+k", "diagnostics": []})
            process.stdin.close()
            self.assertEqual(process.wait(timeout=30), 0)
        finally:
            process.kill()
            process.stdout.close()


if __name__ == "__main__":
    unittest.main()
