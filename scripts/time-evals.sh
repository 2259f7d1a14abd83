#!/usr/bin/env bash
# time-evals.sh measures the wall-clock time of the default evaluation,
# "go run ./evals" over both sample apps, gated against the committed
# baseline as CI runs it, ROUNDS times, after one untimed build (the
# first build of the module, SQLite's C code included, takes longer and is
# not counted).
#
#   scripts/time-evals.sh            # 3 warm rounds
#   ROUNDS=5 scripts/time-evals.sh
#
# Prints the machine, then one line per run with its seconds and exit
# code, then the median. The budget is 5 minutes on a
# 2-CPU machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3-)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), load average: $(cut -d' ' -f1-3 /proc/loadavg)"
cd "$root"

# timed NAME runs the evaluation once and prints its seconds.
timed() {
  local start end code=0
  start=$(date +%s.%N)
  go run ./evals -out "$work/$1" >"$work/$1.log" 2>&1 || code=$?
  end=$(date +%s.%N)
  printf '%-6s %7.1f s  exit %d\n' "$1" "$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')" "$code" | tee -a "$work/times"
}

go build -o /dev/null ./evals
for i in $(seq 1 "$ROUNDS"); do
  timed "run$i"
done
grep '^run' "$work/times" | awk '{print $2}' | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "median of %d runs: %.1f s\n", NR, m}'
