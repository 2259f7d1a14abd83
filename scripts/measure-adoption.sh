#!/usr/bin/env bash
# measure-adoption.sh measures what adopting explainerr costs a small chi
# app, side by side with the same app using chi's middleware.Recoverer:
# binary size, the time to rebuild after a one-line edit (warm build cache,
# the variants built in alternation), and the first build (empty build
# cache). It prints a Markdown table and the machine it ran on.
#
#   scripts/measure-adoption.sh            # 7 alternating edit-rebuild rounds
#   RUNS=3 FIRST=0 scripts/measure-adoption.sh   # quicker, no first builds
#   RAG=1 scripts/measure-adoption.sh      # also the variant with retrieval (cgo)
#   VARIANTS="recoverer model" RUNS=0 scripts/measure-adoption.sh   # first builds of a subset only
# ROOT names the checkout to measure (default: the one holding this script).
#
# The variants (each one main package in a scratch module that requires
# explainerr through a replace to this checkout):
#   recoverer  chi + middleware.Recoverer
#   core       chi + explainerr's middleware (offline analysis)
#   model      core + the model client (the openai provider's blank import)
#   openai     chi + Recoverer + openai-go's chat-completions service, asked
#              for a whole answer and a stream (as explainerr's provider
#              does): the model client's own cost in a bare app
#   retrieval  core + retrieval (index/rag; needs cgo), when RAG=1: what
#              retrieval costs an app that explains offline
#   rag        model + retrieval, when RAG=1
set -euo pipefail
root=${ROOT:-$(cd "$(dirname "$0")/.." && pwd)}
RUNS=${RUNS:-7}
FIRST=${FIRST:-1}
RAG=${RAG:-0}
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

variants=(recoverer core model openai)
[ "$RAG" = 1 ] && variants+=(retrieval rag)
# VARIANTS="recoverer model" measures a subset (recoverer always first).
[ -n "${VARIANTS:-}" ] && read -r -a variants <<<"$VARIANTS"

# The app: a few chi routes, the same in every variant; only the wiring
# (the imports and the wrap function) differs.
app_body='
var version = "edit-0"

func routes(wrap func(http.Handler) http.Handler) http.Handler {
	r := chi.NewRouter()
	r.Use(wrap)
	r.Get("/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprintln(w, "home", version) })
	r.Get("/items/{id}", func(w http.ResponseWriter, r *http.Request) {
		items := map[string]string{"lamp": "Desk lamp"}
		fmt.Fprintln(w, items[chi.URLParam(r, "id")])
	})
	return r
}

func main() {
	log.Fatal(http.ListenAndServe("127.0.0.1:8080", routes(wrap())))
}
'

write_variant() {
	local v=$1 dir=$work/app/$1
	mkdir -p "$dir"
	{
		echo "package main"
		echo
		echo "import ("
		echo '	"fmt"'
		echo '	"log"'
		echo '	"net/http"'
		echo
		echo '	"github.com/go-chi/chi/v5"'
		case $v in
		recoverer) echo '	"github.com/go-chi/chi/v5/middleware"' ;;
		openai)
			echo '	"github.com/go-chi/chi/v5/middleware"'
			echo '	"github.com/openai/openai-go/v3"'
			;;
		*) echo '	"github.com/explainerr/explainerr/explainerr"' ;;
		esac
		case $v in
		model) echo '	_ "github.com/explainerr/explainerr/explainerr/provider/openai"' ;;
		retrieval) echo '	_ "github.com/explainerr/explainerr/index/rag"' ;;
		rag)
			echo '	_ "github.com/explainerr/explainerr/explainerr/provider/openai"'
			echo '	_ "github.com/explainerr/explainerr/index/rag"'
			;;
		esac
		echo ")"
		echo "$app_body"
		case $v in
		recoverer) echo 'func wrap() func(http.Handler) http.Handler { return middleware.Recoverer }' ;;
		openai)
			# The chat-completions service, called both ways explainerr's
			# provider calls it (a whole answer, and a stream).
			cat <<'GO'
var chat openai.ChatCompletionService

func ask(w http.ResponseWriter, r *http.Request) {
	params := openai.ChatCompletionNewParams{
		Model:    "gpt-4o-mini",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(r.URL.Query().Get("q"))},
	}
	if r.URL.Query().Has("stream") {
		stream := chat.NewStreaming(r.Context(), params)
		for stream.Next() {
			if c := stream.Current(); len(c.Choices) > 0 {
				fmt.Fprint(w, c.Choices[0].Delta.Content)
			}
		}
		return
	}
	answer, err := chat.New(r.Context(), params)
	if err != nil || len(answer.Choices) == 0 {
		http.Error(w, fmt.Sprint(err), http.StatusBadGateway)
		return
	}
	fmt.Fprint(w, answer.Choices[0].Message.Content)
}

func wrap() func(http.Handler) http.Handler {
	chat = openai.NewChatCompletionService()
	http.HandleFunc("/ask", ask)
	return middleware.Recoverer
}
GO
			;;
		*)
			echo 'func wrap() func(http.Handler) http.Handler {'
			echo '	ex, err := explainerr.New()'
			echo '	if err != nil {'
			echo '		log.Fatal(err)'
			echo '	}'
			echo '	return ex.Middleware'
			echo '}'
			;;
		esac
	} >"$dir/main.go"
}

cd "$work"
mkdir app
cat >go.mod <<MOD
module example.com/adopt

go 1.26.0

replace github.com/explainerr/explainerr => $root
MOD
for v in "${variants[@]}"; do write_variant "$v"; done
# explainerr's own go.sum vouches for every module the variants need, so
# nothing is looked up beyond the module cache and the proxy.
cp "$root/go.sum" .
export GOFLAGS=-mod=mod
version_of() { (cd "$root" && go list -m -f '{{.Version}}' "$1"); }
go get github.com/explainerr/explainerr@v0.0.0 \
	"github.com/go-chi/chi/v5@$(version_of github.com/go-chi/chi/v5)" \
	"github.com/openai/openai-go/v3@$(version_of github.com/openai/openai-go/v3)" 2>&1 | grep -v '^go: ' || true

cgo_of() { case $1 in rag | retrieval) echo 1 ;; *) echo 0 ;; esac; }
build() { CGO_ENABLED=$(cgo_of "$1") go build -o "$work/bin/$1" "./app/$1"; }
now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3-)"
echo "date: $(date -u +%Y-%m-%d)"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

declare -A first
if [ "$FIRST" = 1 ]; then
	# First build: an empty build cache (the module cache stays warm: the
	# download is not counted). CPU time (user + system, all compiler and
	# linker processes) is what the build costs; wall time depends on the
	# machine's other work. -debug-actiongraph records each step's time.
	for v in "${variants[@]}"; do
		export GOCACHE=$work/cache-$v
		CGO_ENABLED=$(cgo_of "$v") /usr/bin/time -f "%e %U %S" -o "$work/time-$v" \
			go build -debug-actiongraph="$work/graph-$v.json" -o "$work/bin/$v" "./app/$v"
		read -r wall user sys <"$work/time-$v"
		first[$v]=$(printf "%.0f CPU s (%.0f s wall)" "$(echo "$user + $sys" | bc)" "$wall")
		chmod -R u+w "$GOCACHE"
		rm -rf "$GOCACHE"
	done
	unset GOCACHE
fi

# Warm the cache, then alternate one-line edits and rebuilds: every round
# rebuilds each variant once, in a random order, so that the machine's
# other work falls on all of them alike; each variant's time is compared
# with the recoverer variant's of the same round.
for v in "${variants[@]}"; do [ -f "bin/$v" ] || build "$v"; done
declare -A times
for ((i = 1; i <= RUNS; i++)); do
	for v in $(printf '%s\n' "${variants[@]}" | shuf); do
		sed -i "s/^var version = .*/var version = \"edit-$i\"/" "app/$v/main.go"
		t0=$(now)
		build "$v"
		times[$v]+="$(echo "$(now) - $t0" | bc) "
	done
done
# quartiles prints the median and the first and third quartiles of its input lines.
quartiles() { sort -g | awk '{a[NR]=$1} END {q=(NR-1)/4; printf "%.2f (%.2f–%.2f)", a[int(2*q)+1], a[int(q)+1], a[int(3*q)+1]}'; }
# round_ratios prints variant $1's rebuild time over the recoverer's, per round.
round_ratios() {
	paste <(echo "${times[$1]}" | tr ' ' '\n' | grep .) <(echo "${times[recoverer]}" | tr ' ' '\n' | grep .) |
		awk '{printf "%.4f\n", $1 / $2}'
}

mb() { awk -v b="$1" 'BEGIN {printf "%.2f", b / 1048576}'; }
base_size=$(stat -c %s bin/recoverer)
echo
echo "| variant | binary (MB) | growth vs recoverer (MB) | one-line edit rebuild, median of $RUNS (s) | × recoverer per round, median (quartiles) | first build, empty cache |"
echo "| --- | --- | --- | --- | --- | --- |"
for v in "${variants[@]}"; do
	size=$(stat -c %s "bin/$v")
	if [ "$RUNS" -gt 0 ]; then
		edit=$(echo "${times[$v]}" | tr ' ' '\n' | grep . | median)
		edit_cols=$(printf "%.2f | %s" "$edit" "$(round_ratios "$v" | quartiles)")
	else
		edit_cols="not measured | not measured"
	fi
	printf "| %s | %s | %s (%d bytes) | %s | %s |\n" "$v" "$(mb "$size")" "$(mb $((size - base_size)))" "$((size - base_size))" \
		"$edit_cols" "${first[$v]:-not measured}"
done

if [ "$FIRST" = 1 ]; then
	echo
	echo "What each first build compiles beyond the recoverer variant's (seconds of compile wall time, summed; the five slowest):"
	for v in "${variants[@]}"; do
		[ "$v" = recoverer ] && continue
		echo "- $v: $(python3 "$root/scripts/actiongraph-extra.py" "$work/graph-recoverer.json" "$work/graph-$v.json")"
	done
fi
