#!/bin/sh
# perft(6) from the start position (119,060,324 nodes): corrchess and
# Stockfish's `go perft 6` in the same run, alternating, RUNS times each.
# Each tool's start-up (Stockfish loads its network; corrchess builds its
# magic tables) is measured with a depth-1 run and subtracted, so the rates
# compare move generation only.  Prints medians, the rates and the ratio.
set -eu
cc=${CORRCHESS:?}
sf=${STOCKFISH:-}
runs=${RUNS:-5}
depth=${DEPTH:-6}
if [ -z "$sf" ] || [ ! -x "$sf" ]; then
	echo "stockfish not found: install it (apt-get install stockfish)" >&2
	exit 1
fi
now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
cc_run() { t0=$(now); n=$("$cc" perft "$1" | tail -n 1); t1=$(now); echo "$((t1 - t0)) $n"; }
sf_run() {
	t0=$(now)
	n=$(printf 'position startpos\ngo perft %s\nquit\n' "$1" | "$sf" | sed -n 's/^Nodes searched: //p')
	t1=$(now)
	echo "$((t1 - t0)) $n"
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
i=0
while [ $i -lt "$runs" ]; do
	cc_run 1 | cut -d' ' -f1 >>"$tmp/cc1"
	cc_run "$depth" >>"$tmp/cc"
	sf_run 1 | cut -d' ' -f1 >>"$tmp/sf1"
	sf_run "$depth" >>"$tmp/sf"
	i=$((i + 1))
done
nodes_cc=$(head -n 1 "$tmp/cc" | cut -d' ' -f2)
nodes_sf=$(head -n 1 "$tmp/sf" | cut -d' ' -f2)
[ "$nodes_cc" = "$nodes_sf" ] || { echo "node counts differ: $nodes_cc vs $nodes_sf"; exit 1; }
cc_ns=$(( $(cut -d' ' -f1 "$tmp/cc" | median) - $(median <"$tmp/cc1") ))
sf_ns=$(( $(cut -d' ' -f1 "$tmp/sf" | median) - $(median <"$tmp/sf1") ))
awk -v n="$nodes_cc" -v c="$cc_ns" -v s="$sf_ns" -v r="$runs" -v d="$depth" 'BEGIN {
	printf "perft(%d) start position: %d nodes, median of %d runs, start-up subtracted\n", d, n, r
	printf "  corrchess: %8.3f s  %7.1f Mnodes/s\n", c / 1e9, n / c * 1e3
	printf "  stockfish: %8.3f s  %7.1f Mnodes/s\n", s / 1e9, n / s * 1e3
	printf "  ratio corrchess/stockfish (nodes per second): %.2f\n", s / c
}'
