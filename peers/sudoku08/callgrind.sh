#!/usr/bin/env bash
# Instructions per puzzle (valgrind --tool=callgrind) for fdoku's 9×9 solver
# and the sudoku crate 0.8, counting to 2, on the four benchmark sets:
# (instructions of a solving run - instructions of a parse-only run) / puzzles,
# on whole sets (about half a minute), or with PUZZLES=N on N evenly spaced
# puzzles of each set (every (lines / N)-th line from the first; a smaller set
# whole).
# The build targets x86-64-v3 unless RUSTFLAGS is set: `RUSTFLAGS=` measures
# the default build, where fdoku picks its AVX2 path at run time.
# SOLVERS="fdoku fdoku-portable" compares fdoku with its portable path.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
data="$here/../../../shared/data"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$here/../../target/peers}"
export RUSTFLAGS="${RUSTFLAGS--C target-cpu=x86-64-v3}"
cargo build --release --quiet --manifest-path "$here/Cargo.toml"
bin="$CARGO_TARGET_DIR/release/peer-sudoku08"
read -r ours_solver theirs_solver <<<"${SOLVERS:-fdoku sudoku}"
sample="$(mktemp)"
trap 'rm -f "$sample"' EXIT
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" --only "$1" "$2" 2>&1 \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-30s %8s %14s %14s %7s\n' set puzzles "$ours_solver instr" "$theirs_solver instr" ratio
for set in ${SETS:-tdoku_17_clue_49158 tdoku_serg_benchmark tdoku_magictour_top1465 tdoku_forum_hardest_1106}; do
  lines=$(grep -c '^.\{81\}' "$data/$set.txt")
  wanted=${PUZZLES:-all}
  [ "$wanted" = all ] && wanted=$lines
  step=$((lines / wanted > 1 ? lines / wanted : 1))
  grep '^.\{81\}' "$data/$set.txt" \
    | awk -v step="$step" -v max="$wanted" 'NR % step == 1 % step && ++k <= max' >"$sample"
  n=$(wc -l <"$sample")
  base=$(instructions parse "$sample")
  ours=$(instructions "$ours_solver" "$sample")
  theirs=$(instructions "$theirs_solver" "$sample")
  awk -v s="$set" -v n="$n" -v b="$base" -v o="$ours" -v t="$theirs" 'BEGIN {
    fo = (o - b) / n; ft = (t - b) / n
    printf "%-30s %8d %13.2fk %13.2fk %7.3f\n", s, n, fo / 1000, ft / 1000, fo / ft }'
done
