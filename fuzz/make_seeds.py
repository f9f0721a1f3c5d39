#!/usr/bin/env python3
"""Writes the raw seed corpora of the fuzz targets into fuzz/corpus/TARGET/ from the
committed conformance corpus (run from the repository root, then minimize each target with
`cargo fuzz cmin`). Seeds are named by the SHA-1 of their bytes, as libFuzzer names its own."""
import hashlib
import json
import os
import random

DIALECTS = ["legacy", "beta", "pnn", "snn-pin", "qpi"]
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = os.path.join(root, "fuzz", "corpus")
random.seed(12)


def seed(target, data):
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def load(path):
    with open(os.path.join(root, "conformance", path)) as f:
        return json.load(f)


def raw(vector, text, hexa):
    if vector.get(text) is not None:
        return vector[text].encode()
    return bytes.fromhex(vector.get(hexa, ""))


for index, dialect in enumerate(DIALECTS):
    vectors = load(f"gan/{dialect}.json")["vectors"]
    for vector in vectors:
        data = raw(vector, "input", "input_hex")
        seed("parse", bytes([index]) + data)
        seed("detect", data)
    sample = random.sample(vectors, 4)
    seed("corpus_load", json.dumps({"format": 1, "dialect": dialect, "spec": dialect,
                                    "vectors": sample}).encode())
    lines = b"\n".join(raw(v, "input", "input_hex") for v in random.sample(vectors, 20))
    seed("line_splitter", bytes([index * 2]) + lines)
    seed("line_splitter", bytes([index * 2 + 1]) + lines.replace(b"\n", b"\0") + b"\r\n")

validation = load("ggn/validation.json")["vectors"]
for vector in validation:
    data = raw(vector, "document_text", "document_hex")
    d = DIALECTS.index(vector["dialect"])
    seed("ggn_validate", bytes([d]) + data)
    for to in range(len(DIALECTS)):
        if to != d and random.random() < 0.3:
            seed("migrate_ggn", bytes([d, to]) + data)

for vector in load("ggn/evaluation.json")["vectors"]:
    d = DIALECTS.index(vector["dialect"])
    seed("ggn_moves", bytes([d]) + vector["document_text"].encode() + b"\0" +
         json.dumps(vector["board"]).encode())

migrations = load("migrations.json")["vectors"]
for vector in migrations:
    data = raw(vector, "input", "input_hex")
    seed("convert", bytes([DIALECTS.index(vector["from"]), DIALECTS.index(vector["to"])]) + data)

for table in [
    '[pieces]\nDRAGON = "D"\n[pieces.XIANGQI]\nGENERAL = "G"\n',
    '[styles]\nCHESS = "C"\n[families]\nC = "CHESS"\n',
    '[pieces]\nKING = "K"\nLANCE = "L"\n[styles]\nSHOGI = "S"\n',
    '[pieces.SHOGI]\nDRAGON = "+R"\n',
]:
    seed("map_tables", table.encode())

# Replies: what the suites' adapters answer, right and wrong.
for reply in [
    {"valid": True, "actor": {"style": "C", "type": "K", "side": "first"}},
    {"valid": False, "error": {"code": "case-mismatch", "offset": 0}},
    {"kind": "validate", "valid": True, "errors": [], "warnings": []},
    {"valid": False, "errors": [{"code": "not-an-object", "pointer": ""}], "warnings": []},
    {"moves": [{"piece": "C:K", "from": "e1", "to": "e2", "variant": 0, "board": {"e2": "C:K"}}]},
    {"output": "C:K", "diagnostics": []},
    {"error": "unknown-piece"},
]:
    for first in (0, 7, 200):
        seed("reply_judges", bytes([first]) + json.dumps(reply).encode())
