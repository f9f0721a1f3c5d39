#!/usr/bin/env bash
# Builds the peer (release, --locked), writes the engine's three GGN documents and its board
# files under target/peers/sanki-engine/ (twice, to check that the bytes are deterministic),
# then validates each document with gan's newest GGN edition (exit 0 expected).
# Usage: peers/sanki-engine/run.sh [GAN_BINARY] (default target/debug/gan).
set -euo pipefail
cd "$(dirname "$0")/../.."
gan="${1:-target/debug/gan}"
out=target/peers/sanki-engine
cargo build --release --locked --manifest-path peers/sanki-engine/Cargo.toml
peer=peers/sanki-engine/target/release/gan-peer-sanki-engine
rm -rf "$out"
for run in 1 2; do
  "$peer" documents "$out/$run/documents"
  "$peer" moves "$out/$run/boards"
done
diff -r "$out/1" "$out/2" >/dev/null || {
  echo "peers/sanki-engine: two runs wrote different bytes (diff -r $out/1 $out/2)" >&2
  exit 1
}
mv "$out/1/documents" "$out/1/boards" "$out/" && rm -rf "$out/1" "$out/2"
echo "peers/sanki-engine: $(ls "$out/documents" | wc -l) documents, $(ls "$out/boards" | wc -l) boards in $out"

for doc in "$out"/documents/*.json; do
  "$gan" ggn validate --edition ggn-2025-10 "$doc"
done
