#!/usr/bin/env bash
# bench-failure.sh measures the failure path: a panic in a chi route turned
# into explainerr's complete HTML page, JSON report and Markdown report,
# and the HTML page of the two other kinds of failure, an error returned by
# a HandlerFunc (html-error) and a 500 the handler wrote (html-status)
# (offline analyzer, retrieval off), next to chi's Recoverer on the panic,
# which prints the panic and its stack and answers a bare 500
# (BenchmarkFailurePath in ./explainerr).
#
#   scripts/bench-failure.sh                     # 8 rounds of 200ms each
#   ROUNDS=12 BENCHTIME=500ms scripts/bench-failure.sh
#   BINARY=/tmp/old.test scripts/bench-failure.sh  # a test binary built
#                               # earlier with go test -c ./explainerr
#
# Each round runs every candidate once, in a random order, each in its own
# process; a response's ratio is its ns/op over Recoverer's in the same
# round, and its CPU ratio the same with the process's CPU time per
# failure (cpu-ns/op), which other programs on a shared machine disturb
# less than the wall time. The table gives, per response, the median ratio
# with the smallest and largest, the median CPU ratio, the median ns/op
# and the median allocs/op. The target is a median ratio of at most 10 for
# every response.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${ROUNDS:-8}
BENCHTIME=${BENCHTIME:-200ms}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3-)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "rounds: $ROUNDS, benchtime: $BENCHTIME"
echo

cd "$root"
if [ -n "${BINARY:-}" ]; then
  cp "$BINARY" "$work/explainerr.test"
else
  go test -c -o "$work/explainerr.test" ./explainerr
fi

# The benchmark runs in its package's directory, as go test runs it.
cd "$root/explainerr"
candidates="chiRecoverer html json markdown html-error html-status"
: >"$work/results"
for round in $(seq 1 "$ROUNDS"); do
  for c in $(printf '%s\n' $candidates | shuf); do
    line=$("$work/explainerr.test" -test.run '^$' -test.bench "^BenchmarkFailurePath\$/^${c}\$" \
      -test.benchtime "$BENCHTIME" -test.count 1 -test.benchmem | grep -E '^BenchmarkFailurePath/' | tail -1 || true)
    # A binary of an older revision may not have every candidate.
    [ -n "$line" ] || continue
    ns=$(awk '{for (i = 2; i < NF; i++) if ($(i+1) == "ns/op") print $i}' <<<"$line")
    allocs=$(awk '{for (i = 2; i < NF; i++) if ($(i+1) == "allocs/op") print $i}' <<<"$line")
    cpu=$(awk '{for (i = 2; i < NF; i++) if ($(i+1) == "cpu-ns/op") print $i}' <<<"$line")
    echo "$round $c $ns $allocs ${cpu:-0}" >>"$work/results"
  done
  printf 'round %d:' "$round"
  awk -v r="$round" '$1 == r { ns[$2] = $3 } END {
    for (c in ns) if (c != "chiRecoverer") printf " %s %.1fx", c, ns[c] / ns["chiRecoverer"]
    printf " (chiRecoverer %.0f us)\n", ns["chiRecoverer"] / 1000 }' "$work/results"
done
echo

# median of the numbers on stdin, then the smallest and the largest.
stats() { sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%s %s %s\n", m, v[1], v[NR] }'; }

printf '%-13s %12s %12s %10s %14s %10s\n' candidate "x-recoverer" "(min-max)" "x (CPU)" "median ns/op" allocs/op
for c in $candidates; do
  awk -v c="$c" '$2 == c { found = 1 } END { exit !found }' "$work/results" || continue
  read -r ns _ _ < <(awk -v c="$c" '$2 == c { print $3 }' "$work/results" | stats)
  read -r allocs _ _ < <(awk -v c="$c" '$2 == c { print $4 }' "$work/results" | stats)
  if [ "$c" = chiRecoverer ]; then
    printf '%-13s %12s %12s %10s %14.0f %10.0f\n' "$c" 1 "" 1 "$ns" "$allocs"
    continue
  fi
  read -r med lo hi < <(awk -v c="$c" '$2 == "chiRecoverer" { base[$1] = $3 } $2 == c { ns[$1] = $3 }
    END { for (r in ns) print ns[r] / base[r] }' "$work/results" | stats)
  # A binary without the CPU metric leaves the CPU ratio out ("-").
  read -r cpumed _ _ < <(awk -v c="$c" '$2 == "chiRecoverer" { base[$1] = $5 } $2 == c { cpu[$1] = $5 }
    END { for (r in cpu) if (base[r] > 0 && cpu[r] > 0) print cpu[r] / base[r] }' "$work/results" | stats)
  [ -n "$cpumed" ] && [ "$cpumed" != 0 ] && cpumed=$(printf '%.1f' "$cpumed") || cpumed=-
  printf '%-13s %12.1f %12s %10s %14.0f %10.0f\n' "$c" "$med" "$(printf '%.1f-%.1f' "$lo" "$hi")" "$cpumed" "$ns" "$allocs"
done
