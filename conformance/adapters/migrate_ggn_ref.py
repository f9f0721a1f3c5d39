#!/usr/bin/env python3
"""Reference conformance adapter for the migrate-ggn suite of `gan check`.

An executable example for implementers: it migrates the GAN identifiers inside
a GGN document from one dialect to another, as `gan migrate --ggn` does
(DECISIONS.md sections 3 and 4; docs/migrate.md, "Inside GGN documents"), with the
Python 3 standard library only (3.8 or later). It is built on the two other
reference adapters in this folder: ggn_ref.py validates the documents (before
and after), migrate_ref.py converts each identifier.

The protocol is conformance/PROTOCOL-migrate-ggn.md. In short, the runner
starts us once and writes one JSON object per line to our standard input:

    {"id":"migrate-ggn/beta-snn-pin/m3/castling","from":"beta","to":"snn-pin",
     "document_text":"{...}","options":{"intermediate":"error","strict":false}}

and we answer each with one line, in order, flushed at once:

    {"id":"...","output_text":"{...}","errors":[],
     "warnings":[{"code":"king-flag-lost","pointer":"/C:-K"}]}
    {"id":"...","output_text":null,"errors":[{"code":"key-collision","pointer":"/C:K"}],
     "warnings":[]}

How a document goes through, in three stages; the first with an error refuses
the document (output_text null), and every pointer names a place of the INPUT:

1. Source: the document must be valid GGN in the source dialect (ggn_ref);
   otherwise its errors are the answer and nothing is converted.
2. Conversion: every piece key, require/prevent state (other than "empty" and
   "enemy") and perform value (other than null) is converted (migrate_ref);
   its warnings, or its error, are reported at that place. Two piece keys that
   become the same identifier: key-collision, at the second. Under `strict`
   every warning is an error, with its own code.
3. Target: the converted document is validated in the target dialect. Its
   errors refuse the document; its warnings are reported unless the input had
   the same warning at the same place (errors under `strict`).

To the newest edition. A request with "edition": "ggn-2025-10" (its "to" is
then qpi-2026-01) migrates a ggn-2014 document to GGN's newest edition, as
`gan migrate --ggn --edition ggn-2025-10` does (DECISIONS.md G32-G37), in the
same three stages (class Newest, below): the source must be valid ggn-2014;
keys and require/prevent identifiers are converted into qpi-2026-01 (G32),
require renamed must and prevent deny in place (G33), each perform dropped
with a perform-dropped warning at its pointer, its values not converted
(G34), "$schema" dropped with a schema-dropped warning (G35), every source,
destination and condition square that is no CELL coordinate refused with
not-cell (G36), the warnings errors under `strict`; the result is validated
as ggn-2025-10 (G37).

Tests: `python3 -m unittest test_migrate_ggn_ref` in this folder.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ggn_ref  # noqa: E402  (the GGN reference adapter, same folder)
import migrate_ref  # noqa: E402  (the migrate reference adapter, same folder)

KEY_COLLISION = "key-collision"
SCHEMA_KEY = "$schema"
KEEP_STATES = ("empty", "enemy")

# ---------------------------------------------------------------------------
# 1. Pointers
# ---------------------------------------------------------------------------


def unescape(token):
    return token.replace("~1", "/").replace("~0", "~")


def rename_first_token(pointer, originals):
    """The input's pointer for a pointer of the converted document: only the
    first token, a piece key, can differ."""
    if not pointer.startswith("/"):
        return pointer
    rest = pointer[1:]
    first, slash, tail = rest.partition("/")
    original = originals.get(unescape(first))
    if original is None:
        return pointer
    return ggn_ref.pointer([original]) + slash + tail


# ---------------------------------------------------------------------------
# 2. The migration
# ---------------------------------------------------------------------------


class Migration:
    """Converts the identifiers of one valid document (a ggn_ref tree)."""

    def __init__(self, source, target, intermediate, strict):
        self.source, self.target = source, target
        self.intermediate, self.strict = intermediate, strict
        self.errors, self.warnings = [], []
        self.cache = {}  # each distinct string converted once

    def report(self, severity, code, tokens):
        entry = {"code": code, "pointer": ggn_ref.pointer(tokens)}
        (self.errors if severity == "error" else self.warnings).append(entry)

    def convert(self, text, tokens):
        """The converted identifier, or None; its findings reported at tokens."""
        if text not in self.cache:
            data = text.encode("utf-8", "surrogatepass")
            self.cache[text] = migrate_ref.convert(
                self.source, self.target, data, self.intermediate, False)
        output, warnings, error = self.cache[text]
        if error is not None:
            self.report("error", error, tokens)
            return None
        for code in warnings:
            self.report("error" if self.strict else "warning", code, tokens)
        return None if self.strict and warnings else output

    def document(self, tree):
        """tree -> (the converted tree as dicts, {converted key: input key})."""
        converted, originals = {}, {}
        for key, value in tree:
            if key == SCHEMA_KEY:
                converted[key] = value
                continue
            new_key = self.convert(key, [key])
            if new_key is not None and new_key in originals:
                self.report("error", KEY_COLLISION, [key])
            elif new_key is not None:
                originals[new_key] = key
            converted[new_key if new_key is not None else key] = self.piece(value, [key])
        return converted, originals

    def piece(self, node, tokens):
        return {
            source: {
                destination: [
                    self.variant(variant, tokens + [source, destination, i])
                    for i, variant in enumerate(variants)
                ]
                for destination, variants in destinations
            }
            for source, destinations in node
        }

    def variant(self, node, tokens):
        result = {}
        for field, value in node:
            at = tokens + [field]
            if field in ("require", "prevent"):
                result[field] = {
                    square: state if state in KEEP_STATES
                    else self.convert(state, at + [square])
                    for square, state in value
                }
            else:  # perform
                result[field] = {
                    square: None if effect is None else self.convert(effect, at + [square])
                    for square, effect in value
                }
        return result


NEWEST = "ggn-2025-10"
NEWEST_TARGET = "qpi-2026-01"
RENAMED = {"require": "must", "prevent": "deny"}  # G33


class Newest(Migration):
    """A valid ggn-2014 tree -> a ggn-2025-10 tree (G32-G36)."""

    def __init__(self, source, intermediate, strict):
        super().__init__(source, NEWEST_TARGET, intermediate, strict)

    def loss(self, code, tokens):
        """A warning of the migration itself (G34, G35): an error under strict."""
        self.report("error" if self.strict else "warning", code, tokens)

    def square(self, label, tokens):
        if not ggn_ref.is_cell(label):
            self.report("error", "not-cell", tokens)  # G36

    def document(self, tree):
        """As Migration's (keys converted, collisions), without "$schema"."""
        pieces = ggn_ref.Obj()
        for key, value in tree:
            if key == SCHEMA_KEY:
                self.loss("schema-dropped", [key])  # G35
            else:
                pieces.append((key, value))
        return super().document(pieces)

    def piece(self, node, tokens):
        result = {}
        for source, destinations in node:
            self.square(source, tokens + [source])
            result[source] = {}
            for destination, variants in destinations:
                at = tokens + [source, destination]
                self.square(destination, at)
                result[source][destination] = [
                    self.variant(variant, at + [i]) for i, variant in enumerate(variants)]
        return result

    def variant(self, node, tokens):
        result = {}
        for field, value in node:
            at = tokens + [field]
            if field in RENAMED:
                lcn = {}
                for square, state in value:
                    self.square(square, at + [square])
                    lcn[square] = state if state in KEEP_STATES else self.convert(
                        state, at + [square])
                result[RENAMED[field]] = lcn
            else:  # perform: dropped, its values never converted (G34)
                self.loss("perform-dropped", at)
        return result


def migrate_newest(data, source, intermediate="error", strict=False):
    """Bytes of a ggn-2014 document -> (ggn-2025-10 text or None, errors,
    warnings)."""
    checker, _ = ggn_ref.validate(data, source)
    errors, warnings = ggn_ref.split(checker.diagnostics)
    if errors:  # stage 1: not a valid ggn-2014 document in the source dialect
        return None, errors, warnings
    migration = Newest(source, intermediate, strict)
    converted, originals = migration.document(ggn_ref.read(data))
    if migration.errors:  # stage 2
        return None, migration.errors, migration.warnings
    text = json.dumps(converted, indent=2, ensure_ascii=False) + "\n"
    # Stage 3 (G37): the result validated as ggn-2025-10, at the input's places.
    after, _ = ggn_ref.validate(text.encode("utf-8"), NEWEST_TARGET, edition=NEWEST)
    for _severity, code, at in after.diagnostics:  # the edition has only errors
        migration.errors.append({"code": code, "pointer": rename_first_token(at, originals)})
    if migration.errors:
        return None, migration.errors, migration.warnings
    return text, [], migration.warnings


def migrate(data, source, target, intermediate="error", strict=False):
    """Bytes -> (output text or None, errors, warnings), each a list of
    {"code", "pointer"}."""
    checker, _ = ggn_ref.validate(data, source)
    errors, warnings = ggn_ref.split(checker.diagnostics)
    if errors:  # stage 1: not a valid document in the source dialect
        return None, errors, warnings
    tree = ggn_ref.read(data)
    migration = Migration(source, target, intermediate, strict)
    converted, originals = migration.document(tree)
    if migration.errors:  # stage 2
        return None, migration.errors, migration.warnings
    text = json.dumps(converted, indent=2, ensure_ascii=False) + "\n"
    # Stage 3: the converted text in the target dialect, at the input's places.
    known = {(w["code"], w["pointer"]) for w in warnings}
    after, _ = ggn_ref.validate(text.encode("utf-8"), target)
    for severity, code, at in after.diagnostics:
        at = rename_first_token(at, originals)
        if severity == "warning" and (code, at) in known:
            continue  # the input had it already: not the migration's doing
        if severity == "warning" and strict:
            severity = "error"
        entry = {"code": code, "pointer": at}
        (migration.errors if severity == "error" else migration.warnings).append(entry)
    if migration.errors:
        return None, migration.errors, migration.warnings
    return text, [], migration.warnings


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
    text, options = request.get("document_text"), request.get("options") or {}
    for name in (source, target):
        if name not in migrate_ref.gan_ref.DIALECTS:
            raise BadRequest(request_id, "unknown dialect %r" % (name,))
    if not isinstance(text, str):
        raise BadRequest(request_id, "document_text missing or not a string")
    intermediate = options.get("intermediate", "error")
    if intermediate not in migrate_ref.INTERMEDIATE_OPTIONS:
        raise BadRequest(request_id, "unknown intermediate option %r" % (intermediate,))
    data = text.encode("utf-8", "surrogatepass")
    edition = request.get("edition")
    if edition is not None:
        if edition != NEWEST or target != NEWEST_TARGET:
            raise BadRequest(request_id, "unknown edition %r to %r" % (edition, target))
        output, errors, warnings = migrate_newest(data, source, intermediate,
                                                  options.get("strict") is True)
        return {"id": request_id, "output_text": output, "errors": errors,
                "warnings": warnings}
    output, errors, warnings = migrate(data, source, target, intermediate,
                                       options.get("strict") is True)
    return {"id": request_id, "output_text": output, "errors": errors, "warnings": warnings}


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
        sys.stderr.write("migrate_ggn_ref.py: bad request %r: %s\n" % (line[:200], bad))
        reply = {"id": request_id, "output_text": None,
                 "errors": [{"code": "bad-request", "pointer": ""}], "warnings": []}
    return (_encode(reply) + "\n").encode("utf-8")


def serve():
    """Answer request lines until EOF, flushing every reply before reading
    the next request (the runner keeps several requests in flight)."""
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    for line in iter(stdin.readline, b""):
        stdout.write(answer_line(line))
        stdout.flush()
    return 0


USAGE = "usage: migrate_ggn_ref.py\n"


def main(argv):
    for arg in argv:
        if arg in ("-h", "--help"):
            sys.stdout.write(USAGE)
            return 0
        sys.stderr.write("migrate_ggn_ref.py: unknown argument %r\n" % arg + USAGE)
        return 2
    try:
        return serve()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
