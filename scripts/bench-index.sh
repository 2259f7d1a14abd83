#!/usr/bin/env bash
# bench-index.sh: a cold `explainerr index` of golang.org/x/tools against
# `ctags -R` (universal-ctags) on the same tree, interleaved in a random
# order per round, with the ratio taken round by round; and the size of
# the index on disk.
#
# usage: scripts/bench-index.sh [ROUNDS]     (default 7)
# needs: go, universal-ctags (Debian: apt-get install universal-ctags),
#        golang.org/x/tools@v0.52.0 in the module cache (go mod download).
set -euo pipefail

rounds=${1:-7}
version=v0.52.0
repo=$(cd "$(dirname "$0")/.." && pwd)

if ! ctags --version 2>/dev/null | grep -q 'Universal Ctags'; then
	echo "bench-index: universal-ctags is not installed (apt-get install universal-ctags)" >&2
	exit 1
fi
src="$(go env GOMODCACHE)/golang.org/x/tools@$version"
if [[ ! -f "$src/go.mod" ]]; then
	(cd "$repo" && go mod download "golang.org/x/tools@$version")
fi

work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
cp -r "$src" "$work/tools"
chmod -R u+w "$work/tools"
(cd "$repo" && go build -o "$work/explainerr" ./cmd/explainerr)

# now_ns prints the time in nanoseconds.
now_ns() { local t=${EPOCHREALTIME/./}; echo "${t}000"; }

# run_one CANDIDATE prints the wall time of one cold run in nanoseconds.
run_one() {
	local start end
	case $1 in
	explainerr)
		rm -f "$work/index.db"
		start=$(now_ns)
		(cd "$work/tools" && "$work/explainerr" index -db "$work/index.db" ./... >/dev/null 2>&1)
		end=$(now_ns)
		;;
	ctags)
		rm -f "$work/tags"
		start=$(now_ns)
		(cd "$work/tools" && ctags -R -f "$work/tags" . >/dev/null 2>&1)
		end=$(now_ns)
		;;
	esac
	echo $((end - start))
}

# One warm-up run of each, so both read the tree from the page cache and
# the go command's caches are filled.
run_one ctags >/dev/null
run_one explainerr >/dev/null

echo "cold index of golang.org/x/tools@$version: explainerr index vs ctags -R, $rounds rounds, $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"
printf '%-6s %-22s %12s %12s %8s\n' round order explainerr ctags ratio
ratios=()
for ((r = 1; r <= rounds; r++)); do
	if ((RANDOM % 2)); then order=(explainerr ctags); else order=(ctags explainerr); fi
	declare -A took=()
	for c in "${order[@]}"; do took[$c]=$(run_one "$c"); done
	ratio=$(awk -v a="${took[explainerr]}" -v b="${took[ctags]}" 'BEGIN { printf "%.2f", a / b }')
	ratios+=("$ratio")
	printf '%-6s %-22s %10.0fms %10.0fms %7sx\n' "$r" "${order[*]}" \
		"$(awk -v n="${took[explainerr]}" 'BEGIN { print n / 1e6 }')" \
		"$(awk -v n="${took[ctags]}" 'BEGIN { print n / 1e6 }')" "$ratio"
	unset took
done
printf '%s\n' "${ratios[@]}" | sort -n | awk '
	{ v[NR] = $1 }
	END {
		med = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "ratio explainerr/ctags: median %.2fx, min %.2fx, max %.2fx (target <= 5x)\n", med, v[1], v[NR]
	}'
size=$(stat -c %s "$work/index.db")
awk -v s="$size" 'BEGIN { printf "index size on disk: %.1f MB (%d bytes; target <= 20 MB)\n", s / 1e6, s }'

# Incremental: nothing changed, then one new function in one file.
(cd "$work/tools" && "$work/explainerr" index -db "$work/index.db" ./... 2>/dev/null | sed 's/^/no change:  /')
printf '\n// benchEdit is one new function.\nfunc benchEdit() int { return 1 }\n' >>"$work/tools/go/ast/inspector/inspector.go"
(cd "$work/tools" && "$work/explainerr" index -db "$work/index.db" ./... 2>/dev/null | sed 's/^/one edit:   /')
