#!/usr/bin/env bash
# Whether two builds of `gan` print the same bytes and exit with the same status on large
# generated inputs, over every notation of the table:
#
#   benches/same-output.sh OLD_GAN NEW_GAN [LINES]     (default 300,000 lines per file)
#
# Files: inputs of every notation's corpus (conformance/gan/*.json) drawn at random, each
# kept, mutated (a byte changed, removed or inserted, the case flipped) or replaced by noise
# (control characters, bytes that are not UTF-8, long lines); and an snn-pin file like
# benches/bulk.sh's. Commands: `gan parse --dialect D` for every notation D in text and JSON,
# as records, `--invalid-only` and `--count`; `gan detect` in text and JSON; each at -j 1 and
# -j 2 (`detect -j` for the new build only), on newline-separated and on NUL-separated (-z) inputs. Prints one line per
# difference and the number of comparisons; exits 1 on any difference.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1
new=$2
lines=${3:-300000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" "$lines" <<'PY'
import glob, json, random, sys
out, n = sys.argv[1], int(sys.argv[2])
rng = random.Random(26)
inputs = []
for path in sorted(glob.glob("conformance/gan/*.json")):
    for vector in json.load(open(path))["vectors"]:
        text = vector.get("input")
        if isinstance(text, str) and "\n" not in text and "\0" not in text:
            inputs.append(text.encode())
noise = [b"\x01", b"\x1b[31m", b"\x7f", b"\xff", b"\xc3", b"\xe9", b"\t", b"\r", b" ", b'"', b"\\"]
def mutate(line):
    k = rng.randrange(5)
    if not line:
        return rng.choice(noise)
    i = rng.randrange(len(line))
    if k == 0:
        return line[:i] + bytes([rng.randrange(1, 256)]) + line[i + 1:]
    if k == 1:
        return line[:i] + line[i + 1:]
    if k == 2:
        return line[:i] + rng.choice(noise) + line[i:]
    if k == 3:
        return line.swapcase()
    return line * rng.randrange(2, 40)
def every(sep):
    rng.seed(26)
    chunk = []
    with open(f"{out}/every.{sep}", "wb") as f:
        for _ in range(n):
            line = rng.choice(inputs)
            line = mutate(line) if rng.random() < 0.3 else line
            if sep == "nul":
                line = line.replace(b"\0", b"")
                chunk.append(line + b"\0")
            else:
                chunk.append(line.replace(b"\n", b"") + b"\n")
        f.write(b"".join(chunk))
every("lines")
every("nul")
families = ["CHESS", "SHOGI", "XIANGQI", "MAKRUK", "JANGGI", "OGI", "GO", "CHU"]
with open(f"{out}/snn-pin.lines", "w") as f:
    for _ in range(n):
        line = f"{rng.choice(families)}:{rng.choice(['', '', '+', '-'])}{rng.choice('KQRBNPGSL')}"
        if rng.random() < 0.5:
            line = line.lower()
        if rng.random() < 0.05:
            line = line.replace(":", "", 1)
        f.write(line + "\n")
PY

notations=$("$new" notations --json | python3 -c 'import json,sys; [print(json.loads(l)["name"]) for l in sys.stdin]')
compared=0
differ=0
# compare FILE ARGS...: both builds on FILE; `new_only` holds arguments for the new build
# alone (`-j` of `gan detect`, which the old build may lack).
new_only=()
compare() {
  local file=$1
  shift
  local a b
  a=$({ "$old" "$@" < "$file" 2>/dev/null; echo "exit $?"; } | sha256sum)
  b=$({ "$new" "$@" "${new_only[@]}" < "$file" 2>/dev/null; echo "exit $?"; } | sha256sum)
  compared=$((compared + 1))
  if [ "$a" != "$b" ]; then
    differ=$((differ + 1))
    echo "DIFFERENT: $* < $(basename "$file")"
  fi
}
for j in 1 2; do
  for input in "$dir/every.lines" "$dir/every.nul"; do
    z=()
    [ "${input##*.}" = nul ] && z=(-z)
    for d in $notations; do
      for format in text json; do
        compare "$input" parse "${z[@]}" --dialect "$d" --format "$format" -j "$j"
        compare "$input" parse "${z[@]}" --dialect "$d" --format "$format" -j "$j" --invalid-only
        compare "$input" parse "${z[@]}" --dialect "$d" --format "$format" -j "$j" --count
      done
    done
    new_only=(-j "$j")
    for format in text json; do
      compare "$input" detect "${z[@]}" --format "$format"
    done
    new_only=()
  done
  for format in text json; do
    compare "$dir/snn-pin.lines" parse --dialect snn-pin --format "$format" -j "$j"
    new_only=(-j "$j")
    compare "$dir/snn-pin.lines" detect --format "$format"
    new_only=()
  done
done
echo "notations: $(echo $notations | wc -w); lines per file: $lines; comparisons: $compared; different: $differ"
[ "$differ" = 0 ]
