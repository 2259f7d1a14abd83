#!/usr/bin/env bash
# measure-memory.sh measures what explainerr adds to a dev server's memory:
# the peak resident set (VmHWM) and the resident set after N failing
# requests, of the same app built with explainerr's middleware and without
# it, inside a large module (golang.org/x/tools by default), so that the
# module understanding reads all of it. It prints the machine, the date,
# the load and a Markdown table.
#
#   scripts/measure-memory.sh [CHECKOUT]
#   N=1000 ROUNDS=3 scripts/measure-memory.sh "$(go env GOMODCACHE)/golang.org/x/tools@v0.52.0"
#   PROFILE=/tmp/heap scripts/measure-memory.sh   # also heap profiles of the explainerr variant
#
# CHECKOUT is a module directory holding a go.mod (default: x/tools
# v0.52.0 in the module cache, downloaded through the module proxy when it
# is not there). It is copied into a scratch directory, so that nothing is
# written into the module cache: the app (scripts/testdata/memory/app) and
# the client that sends the requests (scripts/testdata/memory/load) go
# into the copy as main packages of its module, whose go.mod gets this
# checkout of explainerr (a replace) and chi. The copy is removed at the
# end.
#
# The variants, built from the same handlers:
#   explainerr  chi + explainerr's middleware, wired as the README says
#               (with the model client's blank import; offline, since the
#               OPENAI_* and EXPLAINERR_* variables are cleared)
#   without     chi + middleware.Recoverer (the build tag "without"); the
#               handlers' handler.Func then logs a returned error and
#               answers 500 itself
# The handlers fail in six ways: a panic indexing out of range, a nil
# pointer dereferenced inside x/tools' astutil, a write to a nil map made
# by a constructor, an error returned from x/tools' imports.Process, one
# wrapped with %v, and a 500 written with http.Error; the "id" parameter
# (0-9) varies each message, so a run holds several distinct failures,
# each repeated. Every request asks for the HTML page and reads it whole;
# a request that is not answered with a 500 (and, under explainerr, with
# a report) stops the script.
#
# Knobs: N (requests per run, default 1000), ROUNDS (default 3; each
# round runs both variants, in a random order), FRESH (default 1: remove
# the copy's .explainerr/ before each run, so the understanding is built
# from nothing, the heavier case; 0 keeps what the previous run
# persisted), PROFILE (a directory: the explainerr variant writes a heap
# profile there when stopped, and the script prints its top entries).
#
# Budget: the explainerr variant's peak <= 150 MB above the other's.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-1000}
ROUNDS=${ROUNDS:-3}
FRESH=${FRESH:-1}
PROFILE=${PROFILE:-}
xtools=v0.52.0
checkout=${1:-"$(go env GOMODCACHE)/golang.org/x/tools@$xtools"}

if [ ! -f "$checkout/go.mod" ] && [ $# -eq 0 ]; then
	(cd "$root" && go mod download "golang.org/x/tools@$xtools")
fi
[ -f "$checkout/go.mod" ] || { echo "$0: $checkout: no go.mod" >&2; exit 2; }
checkout=$(cd "$checkout" && pwd)
[ -z "$PROFILE" ] || PROFILE=$(mkdir -p "$PROFILE" && cd "$PROFILE" && pwd)

work=$(mktemp -d)
server=
cleanup() {
	[ -z "$server" ] || kill "$server" 2>/dev/null || true
	chmod -R u+w "$work" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT

copy=$work/module
cp -r "$checkout" "$copy"
chmod -R u+w "$copy"
rm -rf "$copy/.explainerr"
mkdir "$copy/memorymeasure"
cp -r "$root/scripts/testdata/memory/app" "$root/scripts/testdata/memory/load" "$copy/memorymeasure/"

# The copy's module requires this checkout of explainerr and chi; the two
# go.sum files together vouch for every module needed, so nothing is
# looked up beyond the module cache and the proxy.
version_of() { (cd "$root" && go list -m -f '{{.Version}}' "$1"); }
cd "$copy"
go mod edit -replace "github.com/explainerr/explainerr=$root"
sort -u go.sum "$root/go.sum" -o go.sum
export GOFLAGS=-mod=mod
go get github.com/explainerr/explainerr@v0.0.0 \
	"github.com/go-chi/chi/v5@$(version_of github.com/go-chi/chi/v5)" 2>&1 | grep -v '^go: ' || true
go build -o "$work/bin/explainerr" ./memorymeasure/app
go build -tags without -o "$work/bin/without" ./memorymeasure/app
go build -o "$work/bin/load" ./memorymeasure/load

lines=$(find "$checkout" -name '*.go' ! -name '*_test.go' -not -path '*/testdata/*' -print0 | xargs -0 cat | wc -l)
echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3-)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "module: $checkout ($(sed -n 's/^module //p' "$checkout/go.mod" | head -1), $lines lines of non-test Go)"
echo "requests per run: $N, rounds: $ROUNDS, understanding from nothing in every run: $([ "$FRESH" = 1 ] && echo yes || echo no)"

# run VARIANT ROUND starts the variant's server in the copy, sends the
# requests, and appends "VARIANT PEAK_KB RSS_KB SECONDS" to results.
run() {
	local v=$1 round=$2 addr out reports kb_peak kb_rss t0 t1 flags=()
	[ "$FRESH" = 1 ] && [ "$v" = explainerr ] && rm -rf "$copy/.explainerr"
	rm -f "$work/addr"
	[ -n "$PROFILE" ] && [ "$v" = explainerr ] && flags=(-heapprofile "$PROFILE/explainerr-$round.pprof")
	(cd "$copy" && exec env -u OPENAI_API_KEY -u OPENAI_BASE_URL -u EXPLAINERR_PROVIDER -u EXPLAINERR_MODEL \
		-u EXPLAINERR_CONTEXT -u EXPLAINERR_RAG -u EXPLAINERR_INDEX -u EXPLAINERR_EDITOR \
		"$work/bin/$v" -addrfile "$work/addr" "${flags[@]}" >>"$work/server-$v.log" 2>&1) &
	server=$!
	for _ in $(seq 600); do
		[ -f "$work/addr" ] && break
		kill -0 "$server" 2>/dev/null || { echo "$0: the $v server stopped; its log:" >&2; tail -20 "$work/server-$v.log" >&2; exit 1; }
		sleep 0.1
	done
	addr=$(cat "$work/addr")
	t0=$(date +%s.%N)
	out=$("$work/bin/load" -addr "$addr" -n "$N")
	t1=$(date +%s.%N)
	reports=$(echo "$out" | sed -n 's/.*reports: //p')
	if { [ "$v" = explainerr ] && [ "$reports" != "$N" ]; } || { [ "$v" = without ] && [ "$reports" != 0 ]; }; then
		echo "$0: the $v variant made $reports reports for $N failures" >&2
		exit 1
	fi
	kb_peak=$(awk '/^VmHWM:/ { print $2 }' "/proc/$server/status")
	kb_rss=$(awk '/^VmRSS:/ { print $2 }' "/proc/$server/status")
	kill -TERM "$server"
	wait "$server" || true
	server=
	if [ "$v" = explainerr ] && [ ! -f "$copy/.explainerr/understanding.json" ]; then
		echo "$0: the explainerr variant persisted no understanding in $copy/.explainerr" >&2
		exit 1
	fi
	echo "$round $v $kb_peak $kb_rss $(echo "$t1 - $t0" | bc)" >>"$work/results"
}

: >"$work/results"
for round in $(seq 1 "$ROUNDS"); do
	for v in $(printf '%s\n' explainerr without | shuf); do run "$v" "$round"; done
done

[ ! -e "$checkout/.explainerr" ] || echo "note: $checkout/.explainerr exists (it was not written by this script: the copy is the one served)"

# stats prints the median of the numbers on stdin, then the smallest and
# the largest, each divided by $1, with $2 decimals (default 1).
stats() {
	sort -g | awk -v d="$1" -v f="%.${2:-1}f" '{ v[NR] = $1 / d }
		END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf f " (" f "–" f ")", m, v[1], v[NR] }'
}
column_of() { awk -v v="$1" -v c="$2" '$2 == v { print $c }' "$work/results"; }
# per_round prints, round by round, the explainerr variant's column $1
# minus the other's.
per_round() { awk -v c="$1" '{ x[$1, $2] = $c; r[$1] = 1 } END { for (k in r) print x[k, "explainerr"] - x[k, "without"] }' "$work/results"; }

echo
echo "| variant | peak RSS (VmHWM), MB, median (min–max) | RSS after $N failures, MB | $N requests, s |"
echo "| --- | --- | --- | --- |"
for v in without explainerr; do
	printf '| %s | %s | %s | %s |\n' "$v" "$(column_of "$v" 3 | stats 1024)" "$(column_of "$v" 4 | stats 1024)" "$(column_of "$v" 5 | stats 1 2)"
done
printf '| explainerr − without, per round | %s | %s | |\n' "$(per_round 3 | stats 1024)" "$(per_round 4 | stats 1024)"
worst=$(per_round 3 | sort -g | tail -1)
echo
echo "budget: peak <= 150 MB above the app without explainerr: $(awk -v k="$worst" 'BEGIN { print (k / 1024 <= 150) ? "met in every round" : "missed in at least one round" }')"
echo "understanding persisted in the copy: $(du -sh "$copy/.explainerr" | cut -f1) in .explainerr/"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

if [ -n "$PROFILE" ]; then
	cp "$work/bin/explainerr" "$PROFILE/explainerr.bin"
	echo
	echo "heap profiles: $PROFILE/explainerr-ROUND.pprof (binary: $PROFILE/explainerr.bin); round $ROUNDS, in use after a collection:"
	go tool pprof -top -nodecount=20 -sample_index=inuse_space "$PROFILE/explainerr.bin" "$PROFILE/explainerr-$ROUNDS.pprof" 2>/dev/null | sed -n '1,30p'
fi
