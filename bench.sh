#!/bin/sh
# bench.sh runs explainerr's benchmarks and prints the figures with the
# machine they came from.
#
#   ./bench.sh            # 10 runs of each benchmark, summarised with benchstat
#   COUNT=3 ./bench.sh    # fewer runs
#
# Happy path (BenchmarkHappy): a request that does not fail, through the bare
# handler, minimal recover-and-watch-status wrappers (pooled and allocated
# per request), chi's Recoverer + WrapResponseWriter and explainerr's
# Middleware (x-minimal and x-chi are explainerr's time as multiples of
# minimalCutoff (the minimal wrapper making the same choices: allocated per
# request, cutting off calls made after the handler returned) and of
# chiRecovererWrap, measured in the same run; x-minimalAlloc is the same
# minimal wrapper without the cutoff).
# BenchmarkHappyRatios interleaves the candidates in a random order per
# round and reports the median of the per-round ratios (x-minimalCutoff,
# x-minimalAlloc, x-minimalPooled, x-chi): the figures to trust on a busy
# machine.
# Failure path: a panic turned into the complete HTML page and the JSON
# report, offline analyzer, retrieval off. Retrieval over a 10k-chunk index
# is benchmarked in ./index (BenchmarkRetrieve10k).
#
# benchstat (golang.org/x/perf/cmd/benchstat) is used when it is installed
# or can be installed; otherwise the medians are computed here.
set -eu
cd "$(dirname "$0")"
COUNT=${COUNT:-10}
BENCHTIME=${BENCHTIME:-500ms}
out=$(mktemp)
trap 'rm -f "$out" "$out.index"' EXIT

echo "machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(go version | cut -d' ' -f3-)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

go test ./explainerr -run '^$' -bench 'Happy$|HappyRatios|FailurePath' -benchmem \
	-benchtime "$BENCHTIME" -count "$COUNT" | tee "$out" | grep '^Benchmark' || true
if [ "${INDEX:-1}" = 1 ]; then
	go test ./index -run '^$' -bench 'Retrieve10k$' -benchmem -count "$COUNT" | tee "$out.index" | grep '^Benchmark' || true
	cat "$out.index" >>"$out"
fi
echo

benchstat=$(command -v benchstat || true)
if [ -z "$benchstat" ] && [ -x "$(go env GOPATH)/bin/benchstat" ]; then
	benchstat="$(go env GOPATH)/bin/benchstat"
fi
if [ -z "$benchstat" ] && go install golang.org/x/perf/cmd/benchstat@latest 2>/dev/null; then
	benchstat="$(go env GOPATH)/bin/benchstat"
fi
if [ -n "$benchstat" ]; then
	"$benchstat" "$out"
else
	echo "benchstat is not available; medians:"
	# name, then value/unit pairs: print the median of every unit per name.
	awk '/^Benchmark/ {
		for (i = 3; i + 1 <= NF; i += 2) { k = $1 " " $(i+1); v[k, ++n[k]] = $i; keys[k] = 1 }
	}
	END {
		for (k in keys) {
			m = n[k]
			for (i = 1; i <= m; i++) a[i] = v[k, i] + 0
			for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
			printf "%-50s %14.4g %s\n", substr(k, 1, index(k, " ") - 1), (m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2), substr(k, index(k, " ") + 1)
		}
	}' "$out" | sort
fi
