#!/bin/sh
# The six positions of the Chess Programming Wiki "Perft Results" page at
# depth 5 (and 6 where it stays under a few seconds), checked against the
# published counts and timed.  `make check` runs the same positions to
# depth 4; these deeper runs are too slow for it.
set -u
cc=${CORRCHESS:?}
fail=0
now() { date +%s%N; }
while IFS='|' read -r name depth want fen; do
	[ -n "$name" ] || continue
	t0=$(now)
	got=$("$cc" perft --fen "$fen" "$depth" | tail -n 1)
	t1=$(now)
	ms=$(( (t1 - t0) / 1000000 ))
	if [ "$got" = "$want" ]; then ok=ok; else ok="WRONG (want $want)"; fail=1; fi
	printf '  %-12s depth %d  %12s nodes  %6d ms  %s\n' "$name" "$depth" "$got" "$ms" "$ok"
done <<'POSITIONS'
start|5|4865609|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
start|6|119060324|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
kiwipete|5|193690690|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
position 3|5|674624|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
position 3|6|11030083|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
position 4|5|15833292|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1
position 5|5|89941194|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8
position 6|5|164075551|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10
POSITIONS
exit $fail
