#!/usr/bin/env bash
# Bulk throughput of `gan` against a hand byte-loop validator timed in the same run.
#
#   benches/bulk.sh [LINES]     (default 10,000,000)
#
# CI runs it once on a small file (`benches/bulk.sh 2000`, with the release binary it has
# built already, named by `GAN_BIN`), only to prove that it works: its figures mean nothing.
# `BULK_PROFILE=dev` times the debug build instead.
#
# Generates one file per source dialect (snn-pin, and legacy words for `--from legacy`): 20
# styles (85% the six of the migration tables' families), both cases, 5% invalid lines (a
# flipped case, a missing ':', a stray byte). `--to qpi` only converts those six styles (M5),
# so `gan migrate --from snn-pin --to qpi` is timed on a third file whose styles are drawn
# from the tables alone (the issue's "styles drawn from the migration tables"; 5% invalid),
# and on the 20-style file too, where 14% more of the lines are refused, each with a
# diagnostic on standard error. A fourth file, of distinct inputs (each snn-pin line's style
# given a suffix of its own), times `gan detect` where its memo of records never answers.
# Then reports, for
# each command, the best of three runs: the time, MB/s of input, peak RSS (getrusage), the
# byte loop's CPU time divided by its own, and its CPU time; `gan detect` is
# also given as a ratio to `gan parse` in the same format and -j. Output goes to /dev/null. Run it on a quiet machine, under
# `nice -n 19` when it is shared.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-10000000}
profile=${BULK_PROFILE:-release}
out=target/$([ "$profile" = dev ] && echo debug || echo "$profile")
if [ -n "${GAN_BIN:-}" ]; then
  gan=$GAN_BIN
else
  cargo build --profile "$profile" --locked --quiet --bin gan
  gan=$out/gan
fi
cargo build --profile "$profile" --locked --quiet -p gan-byte-loop
byte_loop=$out/byte_loop
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cores=$(nproc)

python3 - "$dir" "$lines" <<'PY'
import random, sys
out, n = sys.argv[1], int(sys.argv[2])
families = ["CHESS", "SHOGI", "XIANGQI", "MAKRUK", "JANGGI", "OGI"]
others = ["CHESS960", "GO", "CAPABLANCA", "GRAND", "COURIER", "SITTUYIN", "DOBUTSU",
          "MINISHOGI", "CRAZYHOUSE", "ATOMIC", "HORDE", "SHATRANJ", "TORI", "CHU"]
words = ["KING", "QUEEN", "ROOK", "BISHOP", "KNIGHT", "PAWN", "GOLD", "SILVER", "LANCE"]
rng = random.Random(1)
def style(letters_only, tables_only=False):
    s = rng.choice(families) if tables_only or rng.random() < 0.85 else rng.choice(others)
    return "".join(c for c in s if c.isalpha()) if letters_only else s
def spoil(line):
    k = rng.randrange(3)
    if k == 0:
        i = rng.randrange(len(line))
        return line[:i] + line[i].swapcase() + line[i + 1:] if line[i].isalpha() else line + "x"
    if k == 1:
        return line.replace(":", "", 1)
    return line + rng.choice("@ 1!")
for dialect in ["snn-pin", "legacy", "snn-pin-tables"]:
    with open(f"{out}/{dialect}.txt", "w") as f:
        chunk = []
        for i in range(n):
            if dialect.startswith("snn-pin"):
                tables_only = dialect == "snn-pin-tables"
                line = f"{style(False, tables_only)}:{rng.choice(['', '', '', '+', '-'])}{rng.choice('KQRBNPGSL')}"
            else:
                line = f"{style(True)}:{rng.choice(words)}"
            if rng.random() < 0.5:
                line = line.lower()
            if rng.random() < 0.05:
                line = spoil(line)
            chunk.append(line)
            if len(chunk) == 100000:
                f.write("\n".join(chunk) + "\n")
                chunk = []
        if chunk:
            f.write("\n".join(chunk) + "\n")
# Distinct inputs: each snn-pin line with a suffix of letters of its own on its style (the
# line's number in base 26), so that `gan detect`'s memo of records never answers.
def letters(i):
    s = ""
    while True:
        s, i = chr(65 + i % 26) + s, i // 26
        if i == 0:
            return s
with open(f"{out}/snn-pin.txt") as f, open(f"{out}/distinct.txt", "w") as o:
    chunk = []
    for i, line in enumerate(f):
        line, suffix = line.rstrip("\n"), letters(i)
        suffix = suffix.lower() if line[:1].islower() else suffix
        k = line.find(":")
        chunk.append(line[:k] + suffix + line[k:] if k >= 0 else line + suffix)
        if len(chunk) == 100000:
            o.write("\n".join(chunk) + "\n")
            chunk = []
    if chunk:
        o.write("\n".join(chunk) + "\n")
PY

# The verdicts first: gan and the byte loop must count the same valid and invalid lines.
for dialect in snn-pin legacy; do
  expected=$("$byte_loop" "$dialect" < "$dir/$dialect.txt")
  got=$({ "$gan" parse --dialect "$dialect" --count < "$dir/$dialect.txt" || true; } | head -n 2)
  if [ "$got" != "$expected" ]; then
    echo "gan and the byte loop disagree on the $dialect file: $got / $expected" >&2
    exit 1
  fi
done

# measure NAME FILE COMMAND...: the best of $runs runs (3; 1 with the debug build), stdout to
# /dev/null; prints the wall seconds, MB/s of input, peak RSS (`/usr/bin/time -f %M`), the
# CPU seconds (user + sys, from getrusage: on a shared machine, the figure that says what -j
# costs) and, as "vs loop", $base's CPU seconds (the byte loop's row, timed in the same run) divided by its own: the
# figure the targets of docs/parse.md are given in. Each figure is the best of the runs.
runs=$([ "$profile" = dev ] && echo 1 || echo 3)
measure() {
  local name=$1 file=$2
  shift 2
  python3 - "$name" "$file" "${base:-}" "$dir/cpu" "$runs" "$@" <<'PY'
import os, resource, subprocess, sys, time
name, file, base, cpu_file, runs, command = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), sys.argv[6:]
walls, cpus, rsss = [], [], []
rss_file = cpu_file + ".rss"
for _ in range(runs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # Peak RSS from /usr/bin/time (a fork of this process would count Python's own memory).
    with open(file, "rb") as stdin:
        run = subprocess.run(["/usr/bin/time", "-q", "-f", "%M", "-o", rss_file] + command,
                             stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    # 1 is an input rejected; 2 or more (a usage error: an older gan without -d) is no figure.
    if run.returncode not in (0, 1):
        sys.exit(f"{name}: exit status {run.returncode}: {run.stderr.decode(errors='replace')[-500:]}")
    walls.append(time.perf_counter() - start)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    rsss.append(int(open(rss_file).read().split()[-1]))
seconds, cpu, rss = max(min(walls), 1e-6), max(min(cpus), 1e-6), min(rsss)
open(cpu_file, "w").write(str(cpu))
mbs = os.path.getsize(file) / seconds / 1e6
ratio = f"{float(base) / cpu:6.2f}x" if base else "  1.00x"
print(f"{name:50s} {seconds:7.3f} s {mbs:8.1f} MB/s {rss / 1024:8.1f} MiB  {ratio} {cpu:7.3f} s")
PY
}
echo "$lines lines; snn-pin file $(stat -c %s "$dir/snn-pin.txt") bytes, legacy file $(stat -c %s "$dir/legacy.txt") bytes, snn-pin-tables file $(stat -c %s "$dir/snn-pin-tables.txt") bytes; $cores cores"
printf '%-50s %9s %13s %12s %7s %9s\n' command time MB/s "peak RSS" "vs loop" "CPU"
base=""
measure "hand byte-loop validator (snn-pin)" "$dir/snn-pin.txt" "$byte_loop" snn-pin
base=$(cat "$dir/cpu")
measure "cat > /dev/null" "$dir/snn-pin.txt" cat
for jobs in 1 "$cores"; do
  measure "gan parse --count -j $jobs" "$dir/snn-pin.txt" "$gan" parse --count -j "$jobs"
  measure "gan parse --invalid-only -j $jobs" "$dir/snn-pin.txt" "$gan" parse --invalid-only -j "$jobs"
done
# `gan detect` runs every dialect of the table on each input, and `-d legacy -d beta -d pnn
# -d snn-pin -d qpi` the five GAN dialects: each one's CPU time against `gan parse --dialect
# snn-pin`'s at the same -j and format (the target, on the five GAN dialects: within 2x).
five=(-d legacy -d beta -d pnn -d snn-pin -d qpi)
for jobs in 1 "$cores"; do
  for format in text json; do
    measure "gan parse --format $format -j $jobs" "$dir/snn-pin.txt" "$gan" parse --format "$format" -j "$jobs"
    parse_cpu=$(cat "$dir/cpu")
    for set in five all; do
      if [ "$set" = five ]; then
        chosen=("${five[@]}") label="the five GAN dialects"
      else
        chosen=() label="every dialect"
      fi
      measure "gan detect ($set) --format $format -j $jobs" "$dir/snn-pin.txt" "$gan" detect ${chosen[@]+"${chosen[@]}"} --format "$format" -j "$jobs"
      python3 - "$label" "$format" "$jobs" "$parse_cpu" "$(cat "$dir/cpu")" <<'PY'
import sys
label, format, jobs, parse, detect = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), float(sys.argv[5])
print(f"  detect / parse, CPU, {label}, {format}, -j {jobs}: {detect / parse:.2f}x")
PY
    done
  done
done
for jobs in 1 "$cores"; do
  measure "gan migrate --from snn-pin --to qpi (20 st.) -j $jobs" "$dir/snn-pin.txt" "$gan" migrate --from snn-pin --to qpi -j "$jobs"
done
base=""
measure "hand byte-loop validator (snn-pin-tables)" "$dir/snn-pin-tables.txt" "$byte_loop" snn-pin
base=$(cat "$dir/cpu")
for jobs in 1 "$cores"; do
  measure "gan migrate --from snn-pin --to qpi -j $jobs" "$dir/snn-pin-tables.txt" "$gan" migrate --from snn-pin --to qpi -j "$jobs"
done
base=""
measure "hand byte-loop validator (legacy)" "$dir/legacy.txt" "$byte_loop" legacy
base=$(cat "$dir/cpu")
for jobs in 1 "$cores"; do
  measure "gan migrate --from legacy --to snn-pin -j $jobs" "$dir/legacy.txt" "$gan" migrate --from legacy --to snn-pin -j "$jobs"
done
# `gan detect` keeps the records of the inputs it has seen (docs/parse.md): on distinct inputs
# it never answers from them, and this line keeps the cost of detecting visible.
base=""
measure "hand byte-loop validator (distinct)" "$dir/distinct.txt" "$byte_loop" snn-pin
base=$(cat "$dir/cpu")
measure "gan parse --format text -j 1 (distinct)" "$dir/distinct.txt" "$gan" parse --format text -j 1
parse_cpu=$(cat "$dir/cpu")
measure "gan detect (five) --format text -j 1 (distinct)" "$dir/distinct.txt" "$gan" detect "${five[@]}" --format text -j 1
python3 - "$parse_cpu" "$(cat "$dir/cpu")" <<'PY'
import sys
parse, detect = float(sys.argv[1]), float(sys.argv[2])
print(f"  detect / parse, CPU, the five GAN dialects, text, -j 1, distinct inputs: {detect / parse:.2f}x")
PY
