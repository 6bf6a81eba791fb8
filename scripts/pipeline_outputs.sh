#!/usr/bin/env bash
# Writes what fdoku's logic pipelines print — grades, explanations, hints —
# and what the generator makes, on a fixed sample, so that two builds can be
# compared byte for byte (a refactoring must not change any of it).
#
#   scripts/pipeline_outputs.sh FDOKU_BINARY OUT_DIR
#   diff -r before/ after/
#
# The sample: the first 40 puzzles of each QQWing level, of magictour and
# of the 17-clue set, and 20 of the forum's hardest (300 puzzles), from
# $FDOKU_DATA (default ../shared/data). Times are left out of the records.
set -euo pipefail
fdoku=$(realpath "$1")
out=$2
data=${FDOKU_DATA:-../shared/data}
mkdir -p "$out"
sample="$out/sample.txt"
: > "$sample"
for f in qqwing_labeled_simple.sdm qqwing_labeled_easy.sdm qqwing_labeled_intermediate.sdm \
         qqwing_labeled_expert.sdm tdoku_magictour_top1465.txt tdoku_17_clue_49158.txt; do
  head -n 40 "$data/$f" | tr -d '\r' >> "$sample"
done
head -n 20 "$data/tdoku_forum_hardest_1106.txt" >> "$sample"

# Grades: one JSON record each, the timing field dropped.
"$fdoku" grade -j 2 -f jsonl --time-limit 0 "$sample" | sed -E 's/,"micros":[0-9]+//' > "$out/grades.jsonl"

# Explanations in both orders and hints at every level: every 5th puzzle
# (the forum's hardest left out of SE's order: minutes each).
n=0
while IFS= read -r puzzle; do
  n=$((n + 1))
  [ $((n % 5)) -eq 0 ] || continue
  {
    echo "# $n $puzzle"
    "$fdoku" explain -f json --time-limit 0 "$puzzle"
    if [ "$n" -le 240 ]; then
      "$fdoku" explain --order explainer --time-limit 0 "$puzzle"
    fi
    for level in vague concrete apply; do
      "$fdoku" hint --level "$level" -f json "$puzzle"
    done
  } >> "$out/explanations.txt"
done < "$sample"

# The generator: 10 seeds per mode.
{
  for seed in $(seq 1 10); do
    echo "# seed $seed"
    "$fdoku" generate --seed "$seed" -f jsonl
    "$fdoku" generate --seed "$seed" --symmetry rot180 -f jsonl
    "$fdoku" generate --seed "$seed" --size 6 -f jsonl
    "$fdoku" generate --seed "$seed" --variant diagonal -f jsonl
    "$fdoku" generate --seed "$seed" --difficulty hard -f jsonl
    "$fdoku" generate --seed "$seed" --technique x-wing -f jsonl
    "$fdoku" generate --seed "$seed" --killer -f jsonl
    "$fdoku" generate --seed "$seed" --jigsaw -f jsonl
  done
} > "$out/generated.jsonl"
wc -l "$out"/*.jsonl "$out"/*.txt
