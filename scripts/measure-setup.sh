#!/usr/bin/env bash
# measure-setup.sh measures what the README's two set-up commands cost a
# new user: the first build of the sample blog with an empty build cache,
# beside a peer app with the same stack and no explainerr (chi,
# mattn/go-sqlite3, html/template), the peak memory of each compile step
# of those builds, and the README's test command with an empty and with a
# warm build cache. It prints Markdown and the machine it ran on, with the
# load average beside every figure.
#
#   scripts/measure-setup.sh                  # everything (slow: many cold builds)
#   PARTS=build ROUNDS=3 scripts/measure-setup.sh   # the blog against the peer only
#   PARTS=tests scripts/measure-setup.sh      # the test command, cold then warm
#   COLD_TESTS=0 PARTS=tests scripts/measure-setup.sh  # warm only, in your own build cache
#   PARALLEL=1 PARTS=build scripts/measure-setup.sh  # the rounds at the same time (a busy machine)
#
# "Cold" is an empty GOCACHE with the module cache filled: nothing is
# downloaded (GOPROXY=off), so run "go mod download" first. The blog is
# built as "go run ./blogapp" builds it (go build, which also links); the
# peer is written into a scratch module that requires only chi and
# mattn/go-sqlite3, at the versions this checkout requires. Every round
# builds both, in a random order, so that the machine's other work falls on
# both alike; the blog's time is compared with the peer's of the same
# round, and the median of those ratios is reported with their range.
#
# Peak memory is measured in the same builds: -toolexec runs every Go tool
# (compile, asm, cgo, link) under /usr/bin/time, and CC runs the C compiler
# that cgo calls under it too (the blog and the peer alike, so that the
# small cost of the wrappers falls on both). On a machine that other work
# keeps busy, PARALLEL=1 runs the rounds at the same time (within a round,
# the two builds still run one after the other, in a random order), so
# that all of them meet the same load and the measurement ends sooner.
#
# ROOT names the checkout to measure (default: the one holding this script).
set -euo pipefail
root=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
ROUNDS=${ROUNDS:-3}
PARTS=${PARTS:-build tests}
PARALLEL=${PARALLEL:-0}
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
# -buildvcs=false: "go run" stamps no version control information.
export GOPROXY=off GOFLAGS="-mod=readonly -buildvcs=false" CGO_ENABLED=1

has_part() { [[ " $PARTS " == *" $1 "* ]]; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# The peer: a chi router, a SQLite database through mattn/go-sqlite3, and
# a page rendered by html/template, as the blog has, without explainerr.
write_peer() {
	local dir=$work/peer
	mkdir -p "$dir"
	version_of() { (cd "$root" && go list -m -f '{{.Version}}' "$1"); }
	cat >"$dir/go.mod" <<MOD
module example.com/peer

go 1.26.0

require (
	github.com/go-chi/chi/v5 $(version_of github.com/go-chi/chi/v5)
	github.com/mattn/go-sqlite3 $(version_of github.com/mattn/go-sqlite3)
)
MOD
	# explainerr's go.sum vouches for both modules.
	cp "$root/go.sum" "$dir/go.sum"
	cat >"$dir/main.go" <<'GO'
// Command peer is a small blog with the sample blog's stack and no
// explainerr: chi, SQLite through mattn/go-sqlite3, and html/template.
package main

import (
	"database/sql"
	"html/template"
	"log"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	_ "github.com/mattn/go-sqlite3"
)

var page = template.Must(template.New("posts").Parse(
	`<h1>Posts</h1><ul>{{range .}}<li><a href="/posts/{{.Slug}}">{{.Title}}</a></li>{{end}}</ul>`))

type post struct{ Slug, Title string }

func main() {
	db, err := sql.Open("sqlite3", ":memory:")
	if err != nil {
		log.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE posts (slug TEXT PRIMARY KEY, title TEXT);
		INSERT INTO posts VALUES ('hello', 'Hello, world')`); err != nil {
		log.Fatal(err)
	}
	r := chi.NewRouter()
	r.Use(middleware.Logger, middleware.Recoverer)
	r.Get("/", func(w http.ResponseWriter, r *http.Request) {
		rows, err := db.QueryContext(r.Context(), `SELECT slug, title FROM posts`)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		defer rows.Close()
		var posts []post
		for rows.Next() {
			var p post
			if err := rows.Scan(&p.Slug, &p.Title); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			posts = append(posts, p)
		}
		if err := page.Execute(w, posts); err != nil {
			log.Print(err)
		}
	})
	r.Get("/posts/{slug}", func(w http.ResponseWriter, r *http.Request) {
		var title string
		err := db.QueryRowContext(r.Context(), `SELECT title FROM posts WHERE slug = ?`, chi.URLParam(r, "slug")).Scan(&title)
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		template.HTMLEscape(w, []byte(title))
	})
	log.Fatal(http.ListenAndServe("127.0.0.1:8001", r))
}
GO
}

# build_cold builds app $1 (blog or peer) with an empty build cache of its
# own (round $2), with every step's peak memory appended to steps-$1-$2,
# and writes "wall user sys" to time-$1-$2.
build_cold() {
	local app=$1 round=$2
	local cache=$work/cache-$app-$round dir=$root pkg=./blogapp
	[ "$app" = peer ] && dir=$work/peer pkg=.
	rm -rf "$cache"
	(
		cd "$dir"
		GOCACHE=$cache STEPS_LOG=$work/steps-$app-$round CC=$work/cc \
			/usr/bin/time -f "%e %U %S" -o "$work/time-$app-$round" \
			go build -toolexec "$work/toolexec" -o "$work/bin/$app-$round" "$pkg"
	)
	chmod -R u+w "$cache"
	rm -rf "$cache"
}

# round builds both apps, one after the other in a random order, and
# writes the order and the load averages to round-$1.
round() {
	local i=$1 before order
	before=$(load)
	order=$(printf 'blog\npeer\n' | shuf | tr '\n' ' ')
	for app in $order; do build_cold "$app" "$i"; done
	echo "$order|$before|$(load)" >"$work/round-$i"
}

# Every Go tool the build runs, and the C compiler, under /usr/bin/time;
# each line of $STEPS_LOG is "peak-KB tool package-or-file".
write_wrappers() {
	cat >"$work/toolexec" <<'SH'
#!/bin/sh
tool=$(basename "$1")
what= prev=
for a in "$@"; do
	case $prev in -p | -importpath) what=$a ;; esac
	prev=$a
done
[ "$tool" = link ] && what="(the binary)"
exec /usr/bin/time -a -o "$STEPS_LOG" -f "%M $tool ${what:-?}" "$@"
SH
	cat >"$work/cc" <<'SH'
#!/bin/sh
what=
for a in "$@"; do case $a in *.c) what=$a ;; esac; done
exec /usr/bin/time -a -o "$STEPS_LOG" -f "%M gcc ${what##*/}" gcc "$@"
SH
	chmod +x "$work/toolexec" "$work/cc"
}

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/^Mem:/ {print $2}') GB, $(go version | cut -d' ' -f3-)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "load average at start: $(load)"
write_peer
mkdir -p "$work/bin"

if has_part build; then
	write_wrappers
	if [ "$PARALLEL" = 1 ]; then
		for ((i = 1; i <= ROUNDS; i++)); do round "$i" & done
		wait
	else
		for ((i = 1; i <= ROUNDS; i++)); do round "$i"; done
	fi
	echo
	echo "## First build, empty build cache: the blog against the peer ($ROUNDS rounds, random order in each$([ "$PARALLEL" = 1 ] && echo "; the rounds ran at the same time"))"
	echo
	echo "| round | order | blog wall (s) | blog CPU (s) | peer wall (s) | peer CPU (s) | blog ÷ peer, wall | blog ÷ peer, CPU | load average before → after |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
	ratios=() cpu_ratios=()
	for ((i = 1; i <= ROUNDS; i++)); do
		IFS='|' read -r order before after <"$work/round-$i"
		read -r bw bu bs < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+$' "$work/time-blog-$i")
		read -r pw pu ps < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+$' "$work/time-peer-$i")
		bc_=$(echo "$bu + $bs" | bc) pc_=$(echo "$pu + $ps" | bc)
		ratio=$(echo "scale=4; $bw / $pw" | bc) cpu_ratio=$(echo "scale=4; $bc_ / $pc_" | bc)
		ratios+=("$ratio") cpu_ratios+=("$cpu_ratio")
		printf "| %d | %s| %.0f | %.0f | %.0f | %.0f | %.2f | %.2f | %s → %s |\n" "$i" "$order" "$bw" "$bc_" "$pw" "$pc_" "$ratio" "$cpu_ratio" "$before" "$after"
	done
	echo
	spread() { printf '%s\n' "$@" | sort -g | sed -n '1p;$p' | tr '\n' ' ' | awk '{printf "%.2f–%.2f", $1, $2}'; }
	printf "blog ÷ peer, cold wall time: median %.2f of %d rounds (range %s); CPU time: median %.2f (range %s)\n" \
		"$(printf '%s\n' "${ratios[@]}" | median)" "$ROUNDS" "$(spread "${ratios[@]}")" \
		"$(printf '%s\n' "${cpu_ratios[@]}" | median)" "$(spread "${cpu_ratios[@]}")"
	echo
	echo "## Peak memory of the steps of the first build (the largest over the rounds; the five largest steps)"
	for app in blog peer; do
		echo
		echo "$app:"
		echo
		cat "$work"/steps-"$app"-* | grep -E '^[0-9]+ ' | sort -k2 | awk '{kb=$1; $1=""; if (kb > max[$0]) max[$0]=kb} END {for (k in max) print max[k], k}' |
			sort -rn | head -5 | awk '{kb=$1; $1=""; printf "- %.0f MB:%s\n", kb / 1024, $0}'
	done
fi

if has_part tests; then
	echo
	echo "## The README's test command, go test -race ./... (run with -count=1, so that every test runs; from $root)"
	echo
	echo "| build cache | wall (s) | CPU (s) | load average before → after |"
	echo "| --- | --- | --- | --- |"
	# COLD_TESTS=0 skips the run with an empty build cache and measures
	# the warm run in the user's own build cache instead (warmed by a first,
	# unmeasured run, unless WARM_UP=0 says the cache is warm already);
	# -count=1 makes every test run again.
	caches="empty warm"
	if [ "${COLD_TESTS:-1}" = 0 ]; then
		caches=warm
		if [ "${WARM_UP:-1}" != 0 ]; then
			(cd "$root" && go test -race ./... >/dev/null 2>&1) || true
		fi
	else
		export GOCACHE=$work/cache-tests
		rm -rf "$GOCACHE"
	fi
	for cache in $caches; do
		before=$(load)
		status=0
		(cd "$root" && /usr/bin/time -f "%e %U %S" -o "$work/time-tests" go test -race -count=1 ./... >"$work/tests-$cache.log" 2>&1) || status=$?
		read -r w u s < <(grep -E '^[0-9.]+ [0-9.]+ [0-9.]+$' "$work/time-tests")
		note=""
		[ "$status" = 0 ] || note=" (FAILED: $(grep -E '^(FAIL|---)' "$work/tests-$cache.log" | head -3 | tr '\n' ' '))"
		printf "| %s | %.0f | %.0f | %s → %s |%s\n" "$cache" "$w" "$(echo "$u + $s" | bc)" "$before" "$(load)" "$note"
	done
	for cache in $caches; do
		echo
		echo "The slowest packages' test binaries, $cache build cache (seconds the binary ran, as go test reports them):"
		echo
		awk '$1 == "ok" || $1 == "FAIL" {if ($3 ~ /s$/) print $3 + 0, $2}' "$work/tests-$cache.log" | sort -rn | head -5 |
			awk '{printf "- %s: %.1f s\n", $2, $1}'
	done
	if [ "${COLD_TESTS:-1}" != 0 ]; then
		chmod -R u+w "$GOCACHE"
		rm -rf "$GOCACHE"
		unset GOCACHE
	fi
fi
