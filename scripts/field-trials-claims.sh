#!/usr/bin/env bash
# The claim checker on a field-trial run: every rag explanation a run of
# scripts/field-trials.sh wrote is checked, claim by claim, against its
# app's source with the case's bug applied (go run ./evals checkclaims
# -text), a mechanical reading beside the one done by hand.
#
#   scripts/field-trials-claims.sh -o OUT_DIR APP=CHECKOUT...
#
#   OUT_DIR    the run's output (its reports/ directory is read)
#   APP        an app of fieldtrials/apps.tsv whose cases were run
#   CHECKOUT   a git clone of the app at the commit in apps.tsv (left as it is)
#
# Output: OUT_DIR/claims.tsv (one row per case: its contradicted and
# checked claims) and OUT_DIR/claims/<id>.txt (what was contradicted and
# why); the last lines printed count the cases with any contradiction.
# The checker type-checks each app with its dependencies from the module
# cache (or the Go module proxy).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
out=
while getopts "o:" opt; do
	case $opt in
	o) out=$OPTARG ;;
	*) sed -n '2,17p' "$0"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$out" ] && [ $# -gt 0 ] || { sed -n '2,17p' "$0"; exit 2; }
[ -d "$out/reports" ] || { echo "no reports under $out" >&2; exit 2; }
out=$(cd "$out" && pwd)
work=$out/claims-src
mkdir -p "$out/claims" "$work"
log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

log "building the checker"
(cd "$here" && go build -o "$work/evals" ./evals) || exit 1
printf 'id\tapp\tcontradicted\tclaims\n' >"$out/claims.tsv"

for pair in "$@"; do
	app=${pair%%=*} checkout=${pair#*=}
	[ -d "$checkout/.git" ] || { log "$app: $checkout is no git clone"; exit 2; }
	src=$work/$app
	rm -rf "$src" && git -c advice.detachedHead=false clone -q "$checkout" "$src" || exit 1
	awk -F'\t' -v a="$app" '$1 == a { print $2 }' "$here/fieldtrials/cases.tsv" | while read -r id; do
		rep=$out/reports/$id.rag.json
		[ -s "$rep" ] || { log "$id: no rag report"; continue; }
		git -C "$src" checkout -q -- . && git -C "$src" clean -qfd
		git -C "$src" apply "$here/fieldtrials/apps/$app/bugs/$id.patch" || { log "$id: the patch does not apply"; continue; }
		python3 -c 'import json,sys; sys.stdout.write((json.load(open(sys.argv[1])).get("explanation") or {}).get("text",""))' "$rep" >"$work/$id.md"
		(cd "$src" && GOFLAGS=-mod=mod "$work/evals" checkclaims -dir . -text "$work/$id.md") >"$out/claims/$id.txt" 2>"$out/claims/$id.err"
		last=$(tail -1 "$out/claims/$id.txt")
		if [[ $last =~ ^([0-9]+)\ of\ ([0-9]+)\ claims\ contradicted$ ]]; then
			printf '%s\t%s\t%s\t%s\n' "$id" "$app" "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}" >>"$out/claims.tsv"
			log "$id: $last"
		else
			log "$id: the checker did not run ($(head -c 200 "$out/claims/$id.err"))"
		fi
	done
done
awk -F'\t' 'NR > 1 { n[$2]++; if ($3 > 0) c[$2]++ } END { for (a in n) printf "%s: %d of %d cases with a claim the checker contradicts\n", a, c[a], n[a] }' "$out/claims.tsv"
