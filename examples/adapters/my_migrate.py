#!/usr/bin/env python3
"""A converter with a classic mistake, for docs/check.md's migrate-suite example.

It is the reference adapter, conformance/adapters/migrate_ref.py, with one function wrapped:
beta's king-like `-` is carried over to snn-pin, where `-` means diminished (DECISIONS.md
M3, D4), so `C:-K` becomes `CHESS:-K` instead of `CHESS:K`. `gan check --suite migrate`
fails it at the first such vector.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "conformance", "adapters"))

import migrate_ref  # noqa: E402  (the reference converter)

reference_to_snn = migrate_ref.to_snn


def to_snn(source, target, actor, intermediate, warnings):
    piece = reference_to_snn(source, target, actor, intermediate, warnings)
    if source == "beta" and actor["king"] and piece.state == "normal":
        piece.state = "diminished"  # the mistake
    return piece


migrate_ref.to_snn = to_snn

if __name__ == "__main__":
    sys.exit(migrate_ref.main(sys.argv[1:]))
