#!/bin/sh
# compare_builds.sh: the move path of two builds side by side in one run
# (docs/BENCHMARKS.md, "Old and new build").
#
#   bench/compare_builds.sh OLD NEW [RUNS] [CLIENTS] [PLIES]
#
# OLD and NEW are build directories (or directories holding corrchess and
# corrchessd).  bench_moves (the new build's client, the same load for
# both) runs RUNS times (default 5) for each build, alternating old and
# new so that the machine's noise falls on both; then callgrind_moves.py
# counts the instructions per move request of each.  Prints one line per
# run and the medians (with bench_moves' raw-socket client too, and the
# bare two-row loop measured beside each run), and the median of each
# run's ratio to the bare loop beside it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
old=$1 new=$2 runs=${3:-5} clients=${4:-64} plies=${5:-100}
prog() { # dir name -> path
	if [ -x "$1/server/$2" ]; then echo "$1/server/$2"; else echo "$1/$2"; fi
}
bench=${BENCH_MOVES:-$new/bench/bench_moves}
[ -x "$bench" ] || { echo "compare_builds: no $bench (make bench/bench_moves)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare_builds.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
i=1
while [ "$i" -le "$runs" ]; do
	for which in old new; do
		eval dir=\$$which
		BENCH_ROUNDS=1 CORRCHESS=$(prog "$dir" corrchess) CORRCHESSD=$(prog "$dir" corrchessd) \
			"$bench" "$clients" "$plies" > "$tmp/out" 2>"$tmp/err"
		line=$(grep 'synchronous=full' "$tmp/out")
		echo "$which run $i: $line"
		# (the figures are right-aligned: any number of blanks before them)
		echo "$line" | sed 's/.*moves\/s: *\([0-9]*\).*p99 *\([0-9.]*\) ms.*/\1 \2/' >> "$tmp/$which"
		# the same with bench_moves' raw-socket client, when it has one
		raw=$(grep 'raw client, full' "$tmp/out" || true)
		if [ -n "$raw" ]; then
			echo "$which run $i: $raw"
			echo "$raw" | sed 's/.*moves\/s: *\([0-9]*\).*p99 *\([0-9.]*\) ms.*/\1 \2/' >> "$tmp/$which.raw"
		fi
		sed -n 's/.*bare two-row loop (.*): *\([0-9]*\) moves\/s/\1/p' "$tmp/out" >> "$tmp/$which.bare"
	done
	i=$((i + 1))
done
mid=$(( (runs + 1) / 2 ))
for which in old new; do
	rate=$(cut -d' ' -f1 "$tmp/$which" | sort -n | sed -n "${mid}p")
	p99=$(cut -d' ' -f2 "$tmp/$which" | sort -n | sed -n "${mid}p")
	bare=$(sort -n "$tmp/$which.bare" | sed -n "${mid}p")
	echo "$which median: $rate moves/s, p99 $p99 ms; bare two-row loop beside it $bare moves/s"
	if [ -s "$tmp/$which.raw" ]; then
		rate=$(cut -d' ' -f1 "$tmp/$which.raw" | sort -n | sed -n "${mid}p")
		p99=$(cut -d' ' -f2 "$tmp/$which.raw" | sort -n | sed -n "${mid}p")
		echo "$which median, raw-socket client: $rate moves/s, p99 $p99 ms"
	fi
	# issue 19's third goal is a ratio to the bare loop of the same run:
	# each run's own ratio, and their median
	ratio() { # rates file -> the median of rate / that run's bare loop
		paste -d' ' "$1" "$tmp/$which.bare" | awk '$3 > 0 { printf "%.3f\n", $1 / $3 }' |
			sort -n | sed -n "${mid}p"
	}
	line="$which median of each run's ratio to its bare loop: full $(ratio "$tmp/$which")"
	[ -s "$tmp/$which.raw" ] && line="$line, raw-socket client $(ratio "$tmp/$which.raw")"
	echo "$line"
done
for which in old new; do
	eval dir=\$$which
	echo "$which: $(python3 "$here/callgrind_moves.py" "$(prog "$dir" corrchess)" \
		"$(prog "$dir" corrchessd)")"
done
