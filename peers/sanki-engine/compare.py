#!/usr/bin/env python3
"""Compares `gan ggn moves --edition ggn-2025-10` with the engine's possible moves.

Usage: peers/sanki-engine/compare.py GAN_BINARY [DIR] (DIR: target/peers/sanki-engine,
written by run.sh). For each board file DIR/boards/NAME.json, the position given to gan is
the engine's board with every other square of a1-h8 listed as null (the engine's board is
8x8: G30, a square absent from a position is not on the board) and "*" the tokens of both
hands (G31); the rules are DIR/documents/<the board's document>. gan's moves, one per
possibility, are reduced to (source, destination, piece); the engine's, one per hand for a
drop, likewise. Exit 0 when the two sets are equal on every board, 1 otherwise (each
difference printed), 2 usage or I/O.
"""

import json
import os
import subprocess
import sys
import tempfile

FILES = "abcdefgh"


def position(board_file):
    board = board_file["board"]
    squares = {f"{f}{r}": board.get(f"{f}{r}") for r in range(1, 9) for f in FILES}
    extra = sorted(set(board) - set(squares))
    if extra:
        raise ValueError(f"squares off a1-h8: {extra}")
    squares["*"] = board_file["hands"]["first"] + board_file["hands"]["second"]
    return squares


def gan_moves(gan, rules, squares):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(squares, f)
        path = f.name
    try:
        done = subprocess.run(
            [gan, "ggn", "moves", "--edition", "ggn-2025-10", "--rules", rules,
             "--board", path, "--json"],
            capture_output=True, text=True, check=False)
    finally:
        os.unlink(path)
    if done.returncode != 0:
        raise RuntimeError(f"gan exited {done.returncode}: {done.stderr.strip()}")
    return {(m["from"], m["to"], m["piece"]) for m in map(json.loads, done.stdout.splitlines())}


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    gan = argv[1]
    root = argv[2] if len(argv) == 3 else "target/peers/sanki-engine"
    boards = sorted(os.listdir(os.path.join(root, "boards")))
    if not boards:
        print(f"compare: no board in {root}/boards", file=sys.stderr)
        return 2
    differ = 0
    total = 0
    for name in boards:
        with open(os.path.join(root, "boards", name), encoding="utf-8") as f:
            board_file = json.load(f)
        rules = os.path.join(root, "documents", board_file["document"])
        engine = {(m["source"], m["destination"], m["piece"]) for m in board_file["moves"]}
        ours = gan_moves(gan, rules, position(board_file))
        total += len(engine)
        if ours != engine:
            differ += 1
            print(f"{name}: gan and the engine differ")
            for move in sorted(engine - ours):
                print(f"  only the engine: {move}")
            for move in sorted(ours - engine):
                print(f"  only gan: {move}")
    print(f"peers/sanki-engine: gan's moves compared on {len(boards)} boards "
          f"({total} moves): {len(boards) - differ} equal, {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (OSError, ValueError, RuntimeError, KeyError) as error:
        print(f"compare: {error}", file=sys.stderr)
        sys.exit(2)
