#!/usr/bin/env bash
# Measures the redactor's false positives: every span it hides in text
# that holds no secret (unless scripts/redaction-false-positives/allow.txt
# says, with a reason, that it is a real one), per 10,000 lines.
#
# Corpora: the sample blog and chi (the rules were tuned on them),
# golang.org/x/tools, goldmark and panicparse (not tuned on), all from the
# module cache at the versions go.mod requires, and two logs made here: the
# blog app's output while every fixture link is hit, and the output of
# `go test -v ./blogapp/...`.
#
# Usage: scripts/redaction-false-positives.sh [-v]   (-v lists every span;
# KEEP_LOGS=dir keeps the two logs in dir)
set -euo pipefail
cd "$(dirname "$0")/.."

verbose=()
[[ "${1:-}" == "-v" ]] && verbose=(-v)

mod() { go list -m -f '{{.Dir}}' "$1"; }
for m in github.com/go-chi/chi/v5 golang.org/x/tools github.com/yuin/goldmark github.com/maruel/panicparse/v2; do
	go mod download "$m"
done

work=$(mktemp -d)
trap 'kill "${blog_pid:-}" 2>/dev/null || true; [[ -n "${KEEP_LOGS:-}" ]] && cp "$work"/*.log "$KEEP_LOGS"/; rm -rf "$work"' EXIT

# The blog app's log while every fixture (and the home page) is requested.
go build -o "$work/blogapp" ./blogapp
port=$((20000 + RANDOM % 20000))
EXPLAINERR_PROVIDER= OPENAI_API_KEY= OPENAI_BASE_URL= "$work/blogapp" -addr "127.0.0.1:$port" >"$work/blogapp.log" 2>&1 &
blog_pid=$!
for _ in $(seq 100); do
	curl -s -o /dev/null "http://127.0.0.1:$port/" && break
	sleep 0.1
done
jq -r '.fixtures[] | "\(.method) \(.path)"' blogapp/fixtures.json | while read -r method path; do
	for accept in text/html application/json; do
		curl -s -o /dev/null -X "$method" -H "Accept: $accept" "http://127.0.0.1:$port$path" || true
	done
done
kill "$blog_pid"
wait "$blog_pid" 2>/dev/null || true

# The output of the blog app's tests.
go test -count=1 -v ./blogapp/... >"$work/go-test.log" 2>&1 || true

go run ./scripts/redaction-false-positives "${verbose[@]}" \
	"tuned: blogapp=blogapp" \
	"tuned: chi=$(mod github.com/go-chi/chi/v5)" \
	"untuned: x/tools=$(mod golang.org/x/tools)" \
	"untuned: goldmark=$(mod github.com/yuin/goldmark)" \
	"untuned: panicparse=$(mod github.com/maruel/panicparse/v2)" \
	"log: go run ./blogapp=$work/blogapp.log" \
	"log: go test -v ./blogapp/...=$work/go-test.log"
