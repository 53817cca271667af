#!/bin/sh
# Runs the differential perft test against Stockfish (see stockfish_diff.py).
# contrib/test.sh installs Stockfish, so in CI this always runs; elsewhere
# a machine without it skips (exit 77) and says so.
if [ -z "$STOCKFISH" ] || [ ! -x "$STOCKFISH" ]; then
	echo "SKIP: stockfish is not installed (apt-get install stockfish)"
	exit 77
fi
exec "${PYTHON3:-python3}" "$TOP_SRCDIR/tests/stockfish_diff.py"
