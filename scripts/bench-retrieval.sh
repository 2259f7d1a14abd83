#!/usr/bin/env bash
# bench-retrieval.sh measures the vector search of large indexes on real
# code: the recall@4 of the shortlist against the exact cosine ranking, and
# its latency next to the exact scan of a sqlite-vec vec0 table (and the
# exact scan `explainerr search -exact` uses), at about 10,000 chunks
# (golang.org/x/tools + golang.org/x/net) and about 88,000 (GOROOT's std
# and cmd modules + every module go.mod requires), all with the default
# hash embedder. Then the latency of a whole search (vector and lexical
# rankings fused, k=4), default and -exact.
#
#   scripts/bench-retrieval.sh               # 7 rounds
#   ROUNDS=3 N=50 scripts/bench-retrieval.sh # quicker
#
# Each round runs every candidate once, in a random order, as its own
# process over N queries; ratios are taken round by round, and the table
# gives their median with the smallest and largest. The indexes are built
# on the first run (minutes for the large one; `go mod download` first) and
# kept in $EXPLAINERR_BENCH_DIR (default ~/.cache/explainerr-bench).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${ROUNDS:-7}
N=${N:-100}
export EXPLAINERR_BENCH_DIR=${EXPLAINERR_BENCH_DIR:-$HOME/.cache/explainerr-bench}
mkdir -p "$EXPLAINERR_BENCH_DIR"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cd "$root/index"
go test -c -o "$work/index.test" .

# run BENCH: runs one benchmark in its own process, printing its output line.
run() {
  "$work/index.test" -test.run '^$' -test.bench "$1" -test.benchtime "${N}x" -test.count 1 -test.timeout 60m |
    grep -E '^Benchmark' | tail -1
}

echo "building or opening the indexes in $EXPLAINERR_BENCH_DIR ..." >&2
for size in 10k 88k; do
  "$work/index.test" -test.run '^$' -test.bench "^BenchmarkShortlistRecall\$/^size=${size}\$" -test.benchtime 1x -test.timeout 60m |
    grep -E '^Benchmark' >"$work/recall-$size"
done

candidates=()
for size in 10k 88k; do
  for c in shortlist exact sqlite-vec; do candidates+=("VectorSearch $size $c"); done
  for c in default exact; do candidates+=("Search $size $c"); done
done

for round in $(seq 1 "$ROUNDS"); do
  echo "round $round/$ROUNDS" >&2
  for cand in $(printf '%s\n' "${candidates[@]// /:}" | shuf); do
    IFS=: read -r bench size c <<<"$cand"
    ns=$(run "^Benchmark${bench}\$/^size=${size}\$/^${c}\$" | awk '{for (i = 1; i < NF; i++) if ($(i+1) == "ns/op") print $i}')
    echo "$round $bench $size $c $ns" >>"$work/times"
  done
done

# stats RATIOS...: median, min and max.
stats() {
  printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {
    m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.2f (%.2f-%.2f)", m, v[1], v[NR]}'
}
# ratios BENCH SIZE A B: per-round time of A over time of B.
ratios() {
  awk -v b="$1" -v s="$2" -v x="$3" -v y="$4" '$2 == b && $3 == s && $4 == x {a[$1] = $5}
    $2 == b && $3 == s && $4 == y {d[$1] = $5}
    END {for (r in a) if (r in d && d[r] > 0) print a[r] / d[r]}' "$work/times"
}
# millis BENCH SIZE C: per-round times in ms.
millis() {
  awk -v b="$1" -v s="$2" -v x="$3" '$2 == b && $3 == s && $4 == x {print $5 / 1e6}' "$work/times"
}

echo
echo "Retrieval on real code, $(date -u +%Y-%m-%d), $(nproc) CPUs ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), $ROUNDS rounds of $N queries"
echo
echo "| index | chunks | shortlist recall@4 | shortlist ms | exact sqlite-vec scan ms | shortlist / sqlite-vec | exact scan (-exact) ms | search ms | search -exact ms | search / search -exact |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for size in 10k 88k; do
  line=$(cat "$work/recall-$size")
  chunks=$(awk '{for (i = 1; i < NF; i++) if ($(i+1) == "chunks") print $i}' <<<"$line")
  recall=$(awk '{for (i = 1; i < NF; i++) if ($(i+1) == "recall@4") print $i}' <<<"$line")
  # shellcheck disable=SC2046
  echo "| $size | $chunks | $recall | $(stats $(millis VectorSearch $size shortlist)) | $(stats $(millis VectorSearch $size sqlite-vec)) |" \
    "$(stats $(ratios VectorSearch $size shortlist sqlite-vec)) | $(stats $(millis VectorSearch $size exact)) |" \
    "$(stats $(millis Search $size default)) | $(stats $(millis Search $size exact)) | $(stats $(ratios Search $size default exact)) |"
done
echo
echo "Times are medians per query (smallest-largest over the rounds); ratios are taken round by round."
