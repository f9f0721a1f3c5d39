#!/usr/bin/env bash
# Fuzzes each target for SECONDS (default 240) in turn, at the lowest priority, and prints
# executions and CPU seconds per target (run from the repository root). FUZZ_CORPUS=DIR
# fuzzes DIR/TARGET instead of fuzz/corpus/TARGET (to leave the committed seeds alone).
set -uo pipefail
seconds=${1:-240}
shift || true
targets=${*:-parse detect ggn_validate ggn_moves convert map_tables migrate_ggn corpus_load line_splitter reply_judges}
dict() {
  case $1 in
    parse|detect|convert|line_splitter) echo fuzz/dict/gan.dict ;;
    ggn_validate|ggn_moves|migrate_ggn) echo fuzz/dict/ggn.dict ;;
    map_tables) echo fuzz/dict/toml.dict ;;
    *) echo fuzz/dict/json.dict ;;
  esac
}
for target in $targets; do
  log=fuzz/artifacts/$target.log
  mkdir -p fuzz/artifacts
  corpus=()
  if [ -n "${FUZZ_CORPUS:-}" ]; then corpus=("$FUZZ_CORPUS/$target"); fi
  RUSTC_BOOTSTRAP=1 /usr/bin/time -f "cpu %U %S" nice -n 19 cargo fuzz run -s none "$target" \
    "${corpus[@]}" -- -max_total_time="$seconds" -dict="$(dict "$target")" -max_len=4096 -rss_limit_mb=2048 \
    > "$log" 2>&1
  runs=$(grep -o 'Done [0-9]* runs' "$log" | grep -o '[0-9]*' | tail -1)
  cpu=$(grep '^cpu ' "$log" | awk '{print $2 + $3}')
  crash=$(grep -c 'SUMMARY\|panicked' "$log")
  echo "$target runs=${runs:-?} cpu_s=${cpu:-?} findings=$crash"
done
