#!/usr/bin/env python3
"""A first adapter for `gan check`, to copy and adapt (docs/check.md).

It wraps a tiny implementation of the `snn-pin` dialect, one regular expression, and speaks
both protocols of conformance/PROTOCOL.md: batch (the default: one JSON request per line on
standard input, one JSON reply per line, flushed) and per-case (`--per-case`: the raw input
on standard input, the dialect in GAN_CHECK_DIALECT, the verdict in the exit status).

The implementation makes one classic mistake on purpose, so that docs/check.md can show
`gan check` finding it: Python's `$` also matches just before a final newline, so
`re.match("...$")` accepts "C:K\\n" (DECISIONS.md D1); `re.fullmatch` would not. It knows no
other dialect and says so (every input of another dialect is "invalid"): run it with
`--dialect snn-pin`. conformance/adapters/gan_ref.py is the complete reference adapter.
"""

import json
import os
import re
import sys

# The mistake: `$` instead of a full match (see above).
SNN_PIN = re.compile(
    r"^(?P<style>[A-Z][A-Z0-9]*):(?P<state>[-+]?)(?P<type>[A-Z])$"
    r"|^(?P<lstyle>[a-z][a-z0-9]*):(?P<lstate>[-+]?)(?P<ltype>[a-z])$"
)
STATES = {"": "normal", "+": "enhanced", "-": "diminished"}


def parse(dialect, data):
    """The implementation under test: the actor's attributes, or None when invalid."""
    if dialect != "snn-pin":
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    match = SNN_PIN.match(text)
    if match is None:
        return None
    first = match.group("style") is not None
    prefix = "" if first else "l"
    return {
        "style": match.group(prefix + "style"),
        "type": match.group(prefix + "type"),
        "side": "first" if first else "second",
        "state": STATES[match.group(prefix + "state")],
    }


def serve_batch():
    for line in sys.stdin:
        request = json.loads(line)
        actor = parse(request["dialect"], request["input"].encode("utf-8"))
        reply = {"id": request["id"], "valid": actor is not None}
        if actor is not None:
            reply["actor"] = actor
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()  # or gan check waits forever for the reply


def serve_one():
    actor = parse(os.environ.get("GAN_CHECK_DIALECT", ""), sys.stdin.buffer.read())
    if actor is None:
        return 1
    print(json.dumps(actor))
    return 0


if __name__ == "__main__":
    sys.exit(serve_one() if "--per-case" in sys.argv[1:] else serve_batch())
