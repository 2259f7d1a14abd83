#!/usr/bin/env bash
# bench-big-dump.sh: how long `explainerr explain` takes, and how much
# memory it peaks at, on a large crash dump: a panic in a program with
# GOROUTINES goroutines (default 200,000; about 27 MiB of dump), each
# blocked in one of a few places of the app, as GOTRACEBACK=all prints
# them. The dump is generated (awk), the binary built from this checkout,
# and each run measured with /usr/bin/time -v; the explanation is the
# offline analyzer's (no model is configured).
#
# usage: scripts/bench-big-dump.sh [GOROUTINES] [RUNS]     (default 200000 and 3)
# needs: go, awk, /usr/bin/time (Debian: apt-get install time).
set -euo pipefail

goroutines=${1:-200000}
runs=${2:-3}
repo=$(cd "$(dirname "$0")/.." && pwd)

if [[ ! -x /usr/bin/time ]]; then
	echo "bench-big-dump: /usr/bin/time is not installed (apt-get install time)" >&2
	exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$repo" && go build -o "$work/explainerr" ./cmd/explainerr)

# The dump: the panic and the failing goroutine, then every other
# goroutine, blocked on a channel, a mutex, a select or I/O, each with the
# frames of the app that started it.
awk -v n="$goroutines" 'BEGIN {
	print "panic: runtime error: index out of range [5] with length 3"
	print ""
	print "goroutine 1 [running]:"
	print "example.com/shop/orders.(*Book).Line(0xc000010018, 0x5)"
	print "\t/src/shop/orders/book.go:42 +0x1d"
	print "example.com/shop/orders.Summary(0xc000010018)"
	print "\t/src/shop/orders/summary.go:17 +0x45"
	print "main.main()"
	print "\t/src/shop/main.go:31 +0x125"
	states[0] = "chan receive"; funcs[0] = "example.com/shop/worker.run(0x%x)"; files[0] = "/src/shop/worker/run.go:58 +0x6e"
	states[1] = "sync.Mutex.Lock"; funcs[1] = "example.com/shop/cache.(*Store).Get(0x%x)"; files[1] = "/src/shop/cache/store.go:23 +0x3b"
	states[2] = "select"; funcs[2] = "example.com/shop/notify.loop(0x%x)"; files[2] = "/src/shop/notify/loop.go:71 +0x10a"
	states[3] = "IO wait"; funcs[3] = "example.com/shop/net.(*Conn).Read(0x%x)"; files[3] = "/src/shop/net/conn.go:112 +0x52"
	for (g = 2; g <= n; g++) {
		k = g % 4
		printf "\ngoroutine %d [%s]:\n", g + 17, states[k]
		printf funcs[k] "\n", g
		printf "\t%s\n", files[k]
		printf "created by main.main in goroutine 1\n\t/src/shop/main.go:%d +0x%x\n", 20 + k, 64 + k * 16
	}
}' >"$work/dump.txt"
size=$(stat -c %s "$work/dump.txt")

echo "explainerr explain (offline) on a dump of $goroutines goroutines, $(awk -v s="$size" 'BEGIN { printf "%.1f MiB", s / 1048576 }'), $runs runs, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"
mkdir -p "$work/app"
printf 'module example.com/shop\n\ngo 1.22\n' >"$work/app/go.mod"
for ((r = 1; r <= runs; r++)); do
	(
		cd "$work/app"
		OPENAI_API_KEY='' OPENAI_BASE_URL='' EXPLAINERR_PROVIDER=offline \
			/usr/bin/time -v "$work/explainerr" explain "$work/dump.txt" >"$work/out.txt" 2>"$work/err.txt" || {
			echo "bench-big-dump: explain failed:" >&2
			cat "$work/err.txt" >&2
			exit 1
		}
	)
	wall=$(awk -F': ' '/Elapsed \(wall clock\) time/ { print $2 }' "$work/err.txt")
	cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$work/err.txt")
	rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$work/err.txt")
	printf 'run %d: wall %s, CPU %ss, peak memory %s MiB, load %s\n' "$r" "$wall" "$cpu" "$rss" "$(cut -d' ' -f1 /proc/loadavg)"
done
grep -m1 '^explainerr explain: goroutine' "$work/err.txt" || true
grep -m1 -- '^-- explained by' "$work/out.txt" || true
