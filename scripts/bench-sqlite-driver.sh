#!/usr/bin/env bash
# bench-sqlite-driver.sh: weighs the index's SQLite driver, mattn/go-sqlite3
# (cgo, the one the module uses), against ncruces/go-sqlite3 (SQLite
# compiled to WebAssembly and run by wazero, no cgo) with the sqlite-vec
# module's build of SQLite for it. The second driver is not part of the
# module: this script builds it in a scratch copy of the checkout, with
# index/store.go patched to open it.
#
# For each driver: the binary's size; a cold build of ./cmd/explainerr
# (an empty GOCACHE, the module cache filled); and the cold index of
# golang.org/x/tools against universal-ctags' `ctags -R`, the three
# interleaved in a random order per round, with the median per-round ratio
# to ctags (and its smallest and largest) and the index's size.
#
# usage: scripts/bench-sqlite-driver.sh [INDEX_ROUNDS] [BUILD_ROUNDS]   (default 7 and 2;
#        BUILD_ROUNDS 0 skips the cold builds, which take minutes each)
# needs: go, universal-ctags, the module proxy (for ncruces/go-sqlite3),
#        golang.org/x/tools@v0.52.0 in the module cache (go mod download).
set -euo pipefail

index_rounds=${1:-7}
build_rounds=${2:-2}
tools_version=v0.52.0
# An ncruces/go-sqlite3 that loads the WebAssembly build of SQLite that
# sqlite-vec-go-bindings v0.1.6 ships: v0.17.1 (the version its go.mod
# names) and v0.18.4 export a host function with another signature, and
# v0.22.0 turns off the WebAssembly threads that build needs.
ncruces_version=v0.20.0
repo=$(cd "$(dirname "$0")/.." && pwd)

# shellcheck source=lib/xtools-copy.sh
. "$repo/scripts/lib/xtools-copy.sh"
work=$(mktemp -d)
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
xtools_copy bench-sqlite-driver "$tools_version" "$repo" "$work"

# The checkout's tracked files, twice: as they are, and with the other
# driver. Both are built with cgo on, since the CLI links the index only
# then; the ncruces build itself uses no C.
mkdir -p "$work/mattn" "$work/ncruces"
(cd "$repo" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$work/mattn"
(cd "$repo" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$work/ncruces"
(
	cd "$work/ncruces"
	sed -i \
		-e 's#^\tvec "github.com/asg017/sqlite-vec-go-bindings/cgo"#\t_ "github.com/asg017/sqlite-vec-go-bindings/ncruces"#' \
		-e 's#^\t_ "github.com/mattn/go-sqlite3".*#\t_ "github.com/ncruces/go-sqlite3/driver"#' \
		-e 's#^\tregisterVec.Do(vec.Auto)##' \
		-e 's#^var registerVec sync.Once##' \
		-e 's#q.Set("_busy_timeout", "5000")#q.Add("_pragma", "busy_timeout(5000)")#' \
		index/store.go
	grep -q 'go-sqlite3/driver' index/store.go || { echo "bench-sqlite-driver: index/store.go no longer looks as this script expects" >&2; exit 1; }
	# The sqlite-vec build of SQLite uses WebAssembly threads (atomics).
	cat >index/driver_runtime.go <<'EOF'
package index

import (
	sqlite3 "github.com/ncruces/go-sqlite3"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

func init() {
	sqlite3.RuntimeConfig = wazero.NewRuntimeConfig().WithCoreFeatures(api.CoreFeaturesV2 | experimental.CoreFeaturesThreads)
}
EOF
	GOFLAGS=-mod=mod go get "github.com/ncruces/go-sqlite3@$ncruces_version" >/dev/null 2>&1
	# "sync" may be left unused once the extension's registration is gone.
	if ! go build -o /dev/null ./index 2>/dev/null; then
		sed -i '0,/^\t"sync"$/{/^\t"sync"$/d}' index/store.go
	fi
	go build -o /dev/null ./cmd/explainerr
)

# build_one DRIVER prints the wall seconds of a cold build and leaves the
# binary at $work/DRIVER.bin.
build_one() {
	local cache t
	cache=$(mktemp -d)
	t=$( { TIMEFORMAT='%3R'; time (cd "$work/$1" && GOCACHE="$cache" GOFLAGS=-mod=mod go build -o "$work/$1.bin" ./cmd/explainerr >/dev/null 2>&1); } 2>&1)
	chmod -R u+w "$cache"
	rm -rf "$cache"
	echo "$t"
}

# index_one CANDIDATE prints the wall seconds of one cold run.
index_one() {
	local t
	case $1 in
	ctags)
		rm -f "$work/tags"
		t=$( { TIMEFORMAT='%3R'; time (cd "$work/tools" && ctags -R -f "$work/tags" . >/dev/null 2>&1); } 2>&1)
		;;
	*)
		rm -f "$work/$1.db"
		t=$( { TIMEFORMAT='%3R'; time (cd "$work/tools" && "$work/$1.bin" index -db "$work/$1.db" ./... >/dev/null 2>"$work/$1.err"); } 2>&1) || {
			echo "bench-sqlite-driver: the $1 build failed to index:" >&2
			cat "$work/$1.err" >&2
			exit 1
		}
		;;
	esac
	echo "$t"
}

# shuffled WORDS... prints the words in a random order.
shuffled() { printf '%s\n' "$@" | shuf | tr '\n' ' '; }

# summary NAME VALUES...: the median, smallest and largest.
summary() {
	local name=$1
	shift
	printf '%s\n' "$@" | sort -n | awk -v name="$name" '
		{ v[NR] = $1 }
		END {
			med = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
			printf "%s: median %.2f, min %.2f, max %.2f\n", name, med, v[1], v[NR]
		}'
}

echo "SQLite drivers for the index: mattn/go-sqlite3 (cgo) vs ncruces/go-sqlite3 $ncruces_version (wazero), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"
echo
if ((build_rounds == 0)); then
	echo "cold builds skipped (BUILD_ROUNDS 0): binaries built with the go command's cache"
	for d in mattn ncruces; do
		(cd "$work/$d" && GOFLAGS=-mod=mod go build -o "$work/$d.bin" ./cmd/explainerr)
	done
fi
echo "cold build of ./cmd/explainerr (empty GOCACHE), $build_rounds rounds, seconds"
mattn_builds=()
ncruces_builds=()
build_ratios=()
for ((r = 1; r <= build_rounds; r++)); do
	declare -A took=()
	order=$(shuffled mattn ncruces)
	for d in $order; do took[$d]=$(build_one "$d"); done
	mattn_builds+=("${took[mattn]}")
	ncruces_builds+=("${took[ncruces]}")
	build_ratios+=("$(awk -v a="${took[ncruces]}" -v b="${took[mattn]}" 'BEGIN { printf "%.2f", a / b }')")
	printf 'round %d (%s): mattn %ss, ncruces %ss, load %s\n' "$r" "$order" "${took[mattn]}" "${took[ncruces]}" "$(cut -d' ' -f1 /proc/loadavg)"
	unset took
done
if ((build_rounds > 0)); then
	summary "cold build, mattn (s)" "${mattn_builds[@]}"
	summary "cold build, ncruces (s)" "${ncruces_builds[@]}"
	summary "cold build, ncruces/mattn per round" "${build_ratios[@]}"
fi
for d in mattn ncruces; do
	awk -v d="$d" -v s="$(stat -c %s "$work/$d.bin")" 'BEGIN { printf "binary size, %s: %.1f MB (%d bytes)\n", d, s / 1e6, s }'
done

echo
echo "cold index of golang.org/x/tools@$tools_version, $index_rounds rounds (one warm-up run of each first), seconds"
for c in ctags mattn ncruces; do index_one "$c" >/dev/null; done
mattn_ratios=()
ncruces_ratios=()
for ((r = 1; r <= index_rounds; r++)); do
	declare -A took=()
	order=$(shuffled ctags mattn ncruces)
	for c in $order; do took[$c]=$(index_one "$c"); done
	mattn_ratios+=("$(awk -v a="${took[mattn]}" -v b="${took[ctags]}" 'BEGIN { printf "%.2f", a / b }')")
	ncruces_ratios+=("$(awk -v a="${took[ncruces]}" -v b="${took[ctags]}" 'BEGIN { printf "%.2f", a / b }')")
	printf 'round %d (%s): ctags %ss, mattn %ss, ncruces %ss, load %s\n' "$r" "$order" "${took[ctags]}" "${took[mattn]}" "${took[ncruces]}" "$(cut -d' ' -f1 /proc/loadavg)"
	unset took
done
summary "cold index, mattn/ctags per round (target <= 5)" "${mattn_ratios[@]}"
summary "cold index, ncruces/ctags per round (target <= 5)" "${ncruces_ratios[@]}"
for d in mattn ncruces; do
	awk -v d="$d" -v s="$(stat -c %s "$work/$d.db")" 'BEGIN { printf "index size, %s: %.1f MB (%d bytes; target <= 20 MB)\n", d, s / 1e6, s }'
done
# A run with nothing to do: the fixed cost of opening the index.
for d in mattn ncruces; do
	t=$( { TIMEFORMAT='%3R'; time (cd "$work/tools" && "$work/$d.bin" index -db "$work/$d.db" ./... >/dev/null 2>&1); } 2>&1)
	echo "index up to date, $d: ${t}s"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
