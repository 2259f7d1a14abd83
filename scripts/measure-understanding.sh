#!/usr/bin/env bash
# measure-understanding.sh measures the module understanding's budgets:
# the first failure after a restart (the static context and the offline
# explanation, the understanding included) in each module checkout given,
# from nothing (no persisted understanding) and with one file edited since
# the understanding was persisted, and the page of a new failure once the
# understanding is built. It downloads nothing.
#
#   scripts/measure-understanding.sh CHECKOUT...
#   ROUNDS=7 OPS=3 scripts/measure-understanding.sh ~/src/app "$(go env GOMODCACHE)/golang.org/x/tools@v0.52.0"
#
# Each checkout is copied into a scratch directory first (a module cache
# is read-only, and the benchmark edits a file and writes
# .explainerr/understanding.json there); the copy is removed at the end.
# Each round runs BenchmarkFirstFailureAfterRestart
# (explainerr/provider/offline) in a new process, OPS operations per case;
# every operation starts with nothing in memory, as a restarted process
# does. The failure is a returned error made by one of the module's own
# fmt.Errorf calls, and a nil map written at the same line. The page of a
# new failure is BenchmarkNewFailurePage (./explainerr), in this
# repository's module. The table gives the median of the rounds' ns/op
# with the smallest and the largest.
#
# Budgets: one file edited <= 150 ms (a module of about 50,000 lines) and
# <= 400 ms (golang.org/x/tools); from nothing <= 1 s and <= 3 s; a new
# failure's page <= 50 ms.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${ROUNDS:-5}
OPS=${OPS:-3}
if [ $# -eq 0 ]; then
  echo "usage: $0 CHECKOUT... (module directories holding a go.mod)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3-)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "rounds: $ROUNDS, operations per round: $OPS"
echo

cd "$root"
go test -c -o "$work/offline.test" ./explainerr/provider/offline
go test -c -o "$work/explainerr.test" ./explainerr

# median of the numbers on stdin, then the smallest and the largest.
stats() { sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%s %s %s\n", m, v[1], v[NR] }'; }
ms() { awk -v n="$1" 'BEGIN { printf "%.1f", n / 1e6 }'; }

: >"$work/results"
i=0
for checkout in "$@"; do
  i=$((i + 1))
  [ -f "$checkout/go.mod" ] || { echo "$checkout: no go.mod" >&2; exit 2; }
  copy="$work/module$i"
  cp -r "$checkout" "$copy"
  chmod -R u+w "$copy"
  rm -rf "$copy/.explainerr"
  lines=$(find "$copy" -name '*.go' ! -name '*_test.go' -not -path '*/testdata/*' -not -path '*/vendor/*' -print0 | xargs -0 cat | wc -l)
  echo "module $i: $checkout ($(sed -n 's/^module //p' "$checkout/go.mod" | head -1), $lines lines of non-test Go, nested modules included in the count)"
  for round in $(seq 1 "$ROUNDS"); do
    (cd "$root/explainerr/provider/offline" && EXPLAINERR_BENCH_MODULE="$copy" "$work/offline.test" -test.run '^$' \
      -test.bench '^BenchmarkFirstFailureAfterRestart$' -test.benchtime "${OPS}x" -test.count 1) |
      awk -v m="$i" '/^BenchmarkFirstFailureAfterRestart\// { split($1, p, "/"); sub(/-[0-9]+$/, "", p[3]); print m, p[2] "/" p[3], $3 }' >>"$work/results"
  done
done
for round in $(seq 1 "$ROUNDS"); do
  (cd "$root/explainerr" && "$work/explainerr.test" -test.run '^$' -test.bench '^BenchmarkNewFailurePage$' -test.benchtime 50x -test.count 1) |
    awk '/^BenchmarkNewFailurePage\// { split($1, p, "/"); sub(/-[0-9]+$/, "", p[2]); print "page", "new-failure/" p[2], $3 }' >>"$work/results"
done
echo

printf '| %-8s | %-14s | %12s | %16s |\n' module case "median ms" "(min-max)"
printf '| %-8s | %-14s | %12s | %16s |\n' --- --- --- ---
awk '{ print $1, $2 }' "$work/results" | sort -u | while read -r m c; do
  read -r med lo hi < <(awk -v m="$m" -v c="$c" '$1 == m && $2 == c { print $3 }' "$work/results" | stats)
  printf '| %-8s | %-14s | %12s | %16s |\n' "$m" "$c" "$(ms "$med")" "$(ms "$lo")-$(ms "$hi")"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
