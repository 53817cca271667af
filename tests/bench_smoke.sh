#!/bin/sh
# bench_smoke.sh: every benchmark of bench/ run with a tiny count, so none
# can rot unseen (issue 19: bench_moves once printed 0 moves/s for weeks,
# its games dated so that every move was lost on time).  No timing is
# judged here: each program must run to its end, exit 0 and report work
# done (moves made, instructions counted, the due games swept and listed,
# every read answered by corrchessd and by the bare handler).
# Speed is measured by `make bench` (docs/BENCHMARKS.md).  Needs CORRCHESS,
# CORRCHESSD, TOP_BUILDDIR, TOP_SRCDIR (AM_TESTS_ENVIRONMENT) and valgrind.
set -u
: "${CORRCHESS:?}" "${CORRCHESSD:?}" "${TOP_BUILDDIR:?}" "${TOP_SRCDIR:?}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench_smoke.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
bad() { echo "bench_smoke: $*" >&2; fail=1; }

# bench_moves: 2 clients x 6 moves, one round of each load and the bare loop.
if BENCH_ROUNDS=1 "$TOP_BUILDDIR/bench/bench_moves" 2 6 >"$tmp/moves" 2>"$tmp/moves.err"; then
	made=$(sed -n 's/^moves made: \([0-9]*\)$/\1/p' "$tmp/moves")
	# 3 loads (normal, full, full with the raw-socket client) x 2 clients
	# x 6 moves, every one answered 201
	[ "${made:-0}" -eq 36 ] || bad "bench_moves made ${made:-no} moves, not 36"
	grep -q 'synchronous=full   moves/s: *[1-9]' "$tmp/moves" || bad "bench_moves: no full rate"
	grep -q 'raw client, full   moves/s: *[1-9]' "$tmp/moves" ||
		bad "bench_moves: no rate with the raw-socket client"
	grep -q 'bare two-row loop median [1-9]' "$tmp/moves" || bad "bench_moves: no bare loop"
else
	bad "bench_moves failed: $(tail -n 3 "$tmp/moves.err")"
fi
cat "$tmp/moves"

# callgrind_moves.py: games of 2 and 42 plies under callgrind (40 moves,
# ~17M instructions, apart: the daemon's background threads run a
# varying number of rounds, which outweighed the moves and gave a
# negative figure at 2 moves apart, and once at 10 (2.4M fewer
# instructions for 12 plies than for 2, a fresh-clone CI run of
# 2026-12-07)).  Valgrind
# cannot run a program built with AddressSanitizer (the ASan build of
# .ci/run): there the other benches run, this one only in the plain build.
if ldd "$CORRCHESSD" 2>/dev/null | grep -q 'libasan'; then
	echo "callgrind_moves.py: not under AddressSanitizer (valgrind cannot run it)"
elif "${PYTHON3:-python3}" "$TOP_SRCDIR/bench/callgrind_moves.py" "$CORRCHESS" "$CORRCHESSD" \
	2 42 >"$tmp/cg" 2>"$tmp/cg.err"; then
	grep -Eq 'per move request [1-9][0-9]{4,}' "$tmp/cg" ||
		bad "callgrind_moves.py counted no move request: $(cat "$tmp/cg")"
	cat "$tmp/cg"
else
	bad "callgrind_moves.py failed: $(tail -n 3 "$tmp/cg.err")"
fi

# thread_split.py over bench_moves of 2 clients x 100 moves (each daemon
# lives long enough for several samples): each daemon's
# threads by the names they give themselves (base/log.c
# log_thread_name(), docs/OPERATIONS.md).
if BENCH_ROUNDS=1 "${PYTHON3:-python3}" "$TOP_SRCDIR/bench/thread_split.py" \
	"$TOP_BUILDDIR/bench/bench_moves" 2 100 >"$tmp/split" 2>"$tmp/split.err"; then
	grep -Eq '^daemon [0-9]+, .*cc-writer u[0-9.]+ s[0-9.]+.*bench client [0-9.]+; machine idle' \
		"$tmp/split" || bad "thread_split.py saw no named writer thread: $(cat "$tmp/split")"
else
	bad "thread_split.py failed: $(tail -n 3 "$tmp/split.err")"
fi
grep '^daemon' "$tmp/split"

# db_bytes.py: 20 games, 4 moves in each.
if "${PYTHON3:-python3}" "$TOP_SRCDIR/bench/db_bytes.py" "$CORRCHESS" "$CORRCHESSD" 20 4 \
	>"$tmp/bytes" 2>"$tmp/bytes.err"; then
	grep -Eq '^20 games, bytes per game: [0-9]' "$tmp/bytes" &&
		grep -Eq '^80 moves \(80 mails' "$tmp/bytes" ||
		bad "db_bytes.py measured nothing: $(cat "$tmp/bytes")"
else
	bad "db_bytes.py failed: $(tail -n 3 "$tmp/bytes.err")"
fi
cat "$tmp/bytes"

# bench_deadlines: 10 due among 200 active.
if BENCH_DUE=10 "$TOP_BUILDDIR/bench/bench_deadlines" 200 >"$tmp/dl" 2>"$tmp/dl.err"; then
	grep -q '^200 active, 10 due: .* (10 silent listed' "$tmp/dl" ||
		bad "bench_deadlines did not list the 10 due games: $(cat "$tmp/dl")"
	grep -q 'GET game [1-9]' "$tmp/dl" || bad "bench_deadlines: no game GET rate"
else
	bad "bench_deadlines failed: $(tail -n 3 "$tmp/dl.err")"
fi
cat "$tmp/dl"
# bench_confirm_flood.sh: 3 victim sign-ins each, 1 client on each of the
# 6 flooding addresses, the minimum argon2id cost.
if SAMPLES=3 THREADS=1 BENCH_FAST=1 sh "$TOP_SRCDIR/bench/bench_confirm_flood.sh" \
	>"$tmp/flood" 2>"$tmp/flood.err"; then
	grep -Eq 'confirm flood, 6 addresses: +p50 +[0-9]' "$tmp/flood" &&
		grep -Eq '^flood: [1-9][0-9]* confirms answered' "$tmp/flood" &&
		grep -Eq '^ratio flood/quiet \(p50\): [0-9]' "$tmp/flood" ||
		bad "bench_confirm_flood.sh measured nothing: $(cat "$tmp/flood")"
else
	bad "bench_confirm_flood.sh failed: $(tail -n 3 "$tmp/flood.err")"
fi
cat "$tmp/flood"

# bench_reads: 200 games, 50 requests a path on 4 connections, one round.
if BENCH_REQS=50 BENCH_CONNS=4 BENCH_ROUNDS=1 "$TOP_BUILDDIR/bench/bench_reads" 200 \
	>"$tmp/reads" 2>"$tmp/reads.err"; then
	for what in 'game GET, 0 plies' 'game GET, 80 plies' 'list summary, 50 games' \
		'crosstable, 50 players' '/metrics'; do
		grep -q "^200 active: $what .* corrchessd *[1-9][0-9]*/s, bare libmicrohttpd *[1-9]" \
			"$tmp/reads" || bad "bench_reads measured no $what: $(cat "$tmp/reads")"
	done
else
	bad "bench_reads failed: $(tail -n 3 "$tmp/reads.err")"
fi
cat "$tmp/reads"
exit $fail
