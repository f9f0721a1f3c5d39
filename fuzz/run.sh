#!/usr/bin/env bash
# Fuzzes each target for SECONDS (default 240) in turn, at the lowest priority, and says what
# it ran: per target the executions, the CPU seconds and the findings, then the totals.
#
#   fuzz/run.sh [SECONDS [TARGET...]]     (from anywhere; targets: fuzz/fuzz_targets/*.rs)
#
# FUZZ_CORPUS=DIR fuzzes DIR/TARGET instead of fuzz/corpus/TARGET (to leave the committed
# seeds alone). Each target's libFuzzer log is fuzz/artifacts/TARGET.log.
#
# CPU seconds are those of the processes each step waited for (bash's `times`): the build
# once, then each target's run.
#
# Exit status: 0 every target fuzzed and nothing found; 1 a finding (a crash, a panic, a
# broken property: its input is under fuzz/artifacts/TARGET/); 2 it could not fuzz (no
# cargo-fuzz, a build that fails, a target that ran nothing). It never reports success for a
# run that did not happen.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "fuzz/run.sh: $*" >&2
  exit 2
}

seconds=${1:-240}
[[ $seconds =~ ^[1-9][0-9]*$ ]] || fail "SECONDS must be a whole number of seconds, at least 1 (got '$seconds')"
shift || true

known=$(cd fuzz/fuzz_targets && ls -- *.rs | sed 's/\.rs$//' | sort)
[ -n "$known" ] || fail "no fuzz target under fuzz/fuzz_targets/"
targets=${*:-$known}
for target in $targets; do
  grep -qx -- "$target" <<<"$known" || fail "no target '$target' (the targets: $(echo $known))"
done

if ! version=$(cargo fuzz --version 2>&1); then
  fail "cargo-fuzz is not installed, so nothing was fuzzed: cargo install cargo-fuzz ($(head -1 <<<"$version"))"
fi

dict() {
  case $1 in
    parse|detect|convert|line_splitter) echo fuzz/dict/gan.dict ;;
    ggn_validate|ggn_moves|migrate_ggn) echo fuzz/dict/ggn.dict ;;
    map_tables) echo fuzz/dict/toml.dict ;;
    *) echo fuzz/dict/json.dict ;;
  esac
}

# CPU: the CPU seconds (user + system) of the children waited for so far, from bash's
# `times`, which must run in this shell (not in a `$(…)` subshell, which has children of its
# own).
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
child_cpu() {
  times >"$times_file"
  CPU=$(tail -1 "$times_file" | awk '{
    total = 0
    for (i = 1; i <= 2; i++) { split($i, t, "m"); sub("s", "", t[2]); total += t[1] * 60 + t[2] }
    printf "%.2f", total
  }')
}
# SPENT: the CPU seconds since `before`, one decimal.
spent() {
  child_cpu
  SPENT=$(awk -v a="$CPU" -v b="$1" 'BEGIN { printf "%.1f", a - b }')
}

mkdir -p fuzz/artifacts
echo "fuzz/run.sh: $(wc -w <<<"$targets") target(s), ${seconds} s each, $version"
# Built first, so that a build that fails says so, and its CPU is not a target's.
child_cpu
before=$CPU
if ! RUSTC_BOOTSTRAP=1 nice -n 19 cargo fuzz build -s none >fuzz/artifacts/build.log 2>&1; then
  tail -5 fuzz/artifacts/build.log | sed 's/^/  /' >&2
  fail "the fuzz targets do not build, so nothing was fuzzed (see fuzz/artifacts/build.log)"
fi
spent "$before"
echo "build: cpu_s=$SPENT"

total_runs=0 total_cpu=0.0 total_findings=0 fuzzed=0 broken=()
for target in $targets; do
  log=fuzz/artifacts/$target.log
  corpus=()
  if [ -n "${FUZZ_CORPUS:-}" ]; then corpus=("$FUZZ_CORPUS/$target"); fi
  child_cpu
  before=$CPU
  status=0
  RUSTC_BOOTSTRAP=1 nice -n 19 cargo fuzz run -s none "$target" "${corpus[@]}" -- \
    -max_total_time="$seconds" -dict="$(dict "$target")" -max_len=4096 -rss_limit_mb=2048 \
    >"$log" 2>&1 || status=$?
  spent "$before"
  cpu=$SPENT
  # libFuzzer's last count of executions: `Done N runs`, or the last `#N` status line when it
  # stopped at a finding.
  runs=$(grep -oE '^Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' | tail -1 || true)
  if [ -z "$runs" ]; then
    runs=$(grep -oE '^#[0-9]+' "$log" | tr -d '#' | tail -1 || true)
  fi
  # A finding: libFuzzer wrote the input that broke the target, or said why it stopped.
  findings=$(grep -c 'Test unit written to' "$log" || true)
  if [ "$status" -ne 0 ] && [ "$findings" -eq 0 ] \
    && grep -qE '^SUMMARY: libFuzzer|^==[0-9]+== ?ERROR: libFuzzer|panicked at' "$log"; then
    findings=1
  fi
  if [ "$status" -eq 0 ] && [ -z "$runs" ]; then
    broken+=("$target")
    echo "$target: FAILED: cargo fuzz exited 0 but libFuzzer ran nothing (see $log)"
    continue
  fi
  if [ "$status" -ne 0 ] && [ "$findings" -eq 0 ]; then
    broken+=("$target")
    echo "$target: FAILED: cargo fuzz exited $status without a finding: the target did not run (see $log):"
    tail -5 "$log" | sed 's/^/  /'
    continue
  fi
  fuzzed=$((fuzzed + 1))
  total_runs=$((total_runs + ${runs:-0}))
  total_cpu=$(awk -v a="$total_cpu" -v b="$cpu" 'BEGIN { printf "%.1f", a + b }')
  total_findings=$((total_findings + findings))
  echo "$target: executions=${runs:-0} cpu_s=$cpu findings=$findings"
  if [ "$findings" -gt 0 ]; then
    grep 'Test unit written to' "$log" | sed 's/^.*Test unit written to /  input: /' || true
  fi
done
echo "fuzz/run.sh: fuzzed $fuzzed of $(wc -w <<<"$targets") target(s): executions=$total_runs cpu_s=$total_cpu findings=$total_findings"
if [ ${#broken[@]} -gt 0 ]; then
  fail "could not fuzz: ${broken[*]}"
fi
[ "$total_findings" -eq 0 ] || exit 1
