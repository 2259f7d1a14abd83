#!/usr/bin/env bash
# bench-index.sh: a cold `explainerr index` of golang.org/x/tools against
# `ctags -R` (universal-ctags) on the same tree, interleaved in a random
# order per round, with the ratio of wall times (and of CPU times, user +
# system, which a busy machine inflates less) taken round by round; and the size of
# the index on disk.
#
# usage: scripts/bench-index.sh [ROUNDS]     (default 7)
# needs: go, universal-ctags (Debian: apt-get install universal-ctags),
#        golang.org/x/tools@v0.52.0 in the module cache (go mod download).
set -euo pipefail

rounds=${1:-7}
version=v0.52.0
repo=$(cd "$(dirname "$0")/.." && pwd)

# shellcheck source=lib/xtools-copy.sh
. "$repo/scripts/lib/xtools-copy.sh"
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
xtools_copy bench-index "$version" "$repo" "$work"
(cd "$repo" && go build -o "$work/explainerr" ./cmd/explainerr)

# run_one CANDIDATE prints the wall, user and system seconds of one cold run.
run_one() {
	local t
	case $1 in
	explainerr)
		rm -f "$work/index.db"
		t=$( { TIMEFORMAT='%3R %3U %3S'; time (cd "$work/tools" && "$work/explainerr" index -db "$work/index.db" ./... >/dev/null 2>&1); } 2>&1)
		;;
	ctags)
		rm -f "$work/tags"
		t=$( { TIMEFORMAT='%3R %3U %3S'; time (cd "$work/tools" && ctags -R -f "$work/tags" . >/dev/null 2>&1); } 2>&1)
		;;
	esac
	echo "$t"
}

# One warm-up run of each, so both read the tree from the page cache and
# the go command's caches are filled.
run_one ctags >/dev/null
run_one explainerr >/dev/null

echo "cold index of golang.org/x/tools@$version: explainerr index vs ctags -R, $rounds rounds, $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "(wall time, and CPU time = user + system, which a busy machine inflates less)"
printf '%-6s %-18s %11s %11s %8s %11s %11s %8s\n' round order explainerr ctags ratio 'cpu expl' 'cpu ctags' 'cpu ratio'
ratios=()
cpuratios=()
for ((r = 1; r <= rounds; r++)); do
	if ((RANDOM % 2)); then order=(explainerr ctags); else order=(ctags explainerr); fi
	declare -A took=()
	for c in "${order[@]}"; do took[$c]=$(run_one "$c"); done
	read -r ew eu es <<<"${took[explainerr]}"
	read -r cw cu cs <<<"${took[ctags]}"
	line=$(awk -v ew="$ew" -v eu="$eu" -v es="$es" -v cw="$cw" -v cu="$cu" -v cs="$cs" 'BEGIN {
		printf "%.0f %.0f %.2f %.0f %.0f %.2f", ew * 1000, cw * 1000, ew / cw, (eu + es) * 1000, (cu + cs) * 1000, (eu + es) / (cu + cs) }')
	read -r ems cms ratio ecpu ccpu cpuratio <<<"$line"
	ratios+=("$ratio")
	cpuratios+=("$cpuratio")
	printf '%-6s %-18s %9sms %9sms %7sx %9sms %9sms %7sx\n' "$r" "${order[*]}" "$ems" "$cms" "$ratio" "$ecpu" "$ccpu" "$cpuratio"
	unset took
done
# summary NAME RATIOS...: the median, smallest and largest ratio.
summary() {
	local name=$1
	shift
	printf '%s\n' "$@" | sort -n | awk -v name="$name" '
		{ v[NR] = $1 }
		END {
			med = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%s: median %.2fx, min %.2fx, max %.2fx\n", name, med, v[1], v[NR]
		}'
}
summary "ratio explainerr/ctags, wall time (target <= 5x)" "${ratios[@]}"
summary "ratio explainerr/ctags, CPU time" "${cpuratios[@]}"
size=$(stat -c %s "$work/index.db")
awk -v s="$size" 'BEGIN { printf "index size on disk: %.1f MB (%d bytes; target <= 20 MB)\n", s / 1e6, s }'

# Incremental: nothing changed, then one new function in one file.
(cd "$work/tools" && "$work/explainerr" index -db "$work/index.db" ./... 2>/dev/null | sed 's/^/no change:  /')
printf '\n// benchEdit is one new function.\nfunc benchEdit() int { return 1 }\n' >>"$work/tools/go/ast/inspector/inspector.go"
(cd "$work/tools" && "$work/explainerr" index -db "$work/index.db" ./... 2>/dev/null | sed 's/^/one edit:   /')
