#!/bin/sh
# pgn_chessjs.sh: the PGN export read back by other programs (API.md
# "Exports": "a PGN that standard tools read").
#
# tests/pgn_sample writes sample games with lib/pgn (mates, promotions, a
# thematic game with Black to move, castling both ways, e.p., 0-0, names
# that need escapes, a long game) together with what each should read as.
#   - chess.js 1.x (npm; installed once into tests/chessjs of the build
#     tree): every game loads with strict SAN, ends in the position the C
#     side computed, has the tags and the comments it was given
#     (tests/pgn_chessjs.mjs);
#   - Scid (tkscid, the Debian package "scid"), when installed: the whole
#     file imports with no warning, and every game ends in the same
#     position with the same names and result.
# Exit 77 (skip) only when neither reader is there; a failed npm install
# is a failure, not a skip.  Runs from the top of the build tree (as
# `make check` runs it); PGN_SAMPLE and CHESSJS_DIR may point elsewhere.
set -u

srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
sample=${PGN_SAMPLE:-./tests/pgn_sample}
work=./tests/pgn_readers.d
fail=0
ran=0

if [ ! -x "$sample" ]; then
	echo "pgn_chessjs: $sample is not built (make check builds it)"
	exit 99
fi
mkdir -p "$work" || exit 99
"$sample" >"$work/samples.json" && "$sample" --pgn >"$work/samples.pgn" &&
	"$sample" --expect >"$work/expect.tsv" || {
	echo "pgn_chessjs: $sample failed"
	exit 1
}
ngames=$(wc -l <"$work/expect.tsv" | tr -d ' ')

# ---- chess.js ----
if command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1; then
	echo "# chess.js: node $(node --version)"
	moddir=${CHESSJS_DIR:-$PWD/tests/chessjs}
	if [ ! -f "$moddir/node_modules/chess.js/package.json" ]; then
		if ! npm install --no-audit --no-fund --silent --prefix "$moddir" chess.js@1 \
			>"$work/npm.log" 2>&1; then
			echo "FAIL - npm install chess.js@1 into $moddir:"
			cat "$work/npm.log"
			exit 1
		fi
	fi
	echo "# chess.js $(node -p "require('$moddir/node_modules/chess.js/package.json').version")"
	node "$srcdir/tests/pgn_chessjs.mjs" "$moddir" "$work/samples.json" || fail=1
	ran=1
else
	echo "# chess.js: skipped, node or npm not found"
fi

# ---- Scid ----
tkscid=$(command -v tkscid 2>/dev/null)
[ -z "$tkscid" ] && [ -x /usr/games/tkscid ] && tkscid=/usr/games/tkscid
if [ -n "$tkscid" ]; then
	echo "# Scid: $tkscid"
	rm -f "$work"/scid.*
	cat >"$work/scid.tcl" <<'EOF'
fconfigure stdout -encoding utf-8
set db [sc_base create [lindex $argv 0]]
set r [sc_base import $db [lindex $argv 1]]
if {[lindex $r 1] ne ""} {
	puts stderr "PGN warnings: [lindex $r 1]"
	exit 1
}
set n [sc_base numGames $db]
for {set i 1} {$i <= $n} {incr i} {
	sc_game load $i
	sc_move end
	set result [sc_game info result]
	if {$result eq "=-="} { set result "1/2-1/2" }
	puts "[sc_pos fen]\t[sc_game info white]\t[sc_game info black]\t$result"
}
exit 0
EOF
	if "$tkscid" "$work/scid.tcl" "$work/scid" "$work/samples.pgn" >"$work/scid.tsv" \
		2>"$work/scid.err"; then
		if diff "$work/expect.tsv" "$work/scid.tsv" >"$work/scid.diff"; then
			echo "ok - Scid imports the $ngames games with no warning, same positions and tags"
		else
			echo "FAIL - Scid reads the games differently (want < > got):"
			cat "$work/scid.diff"
			fail=1
		fi
	else
		echo "FAIL - Scid import:"
		cat "$work/scid.err"
		fail=1
	fi
	ran=1
else
	echo "# Scid: skipped, tkscid not found (Debian package scid)"
fi

if [ "$ran" = 0 ]; then
	echo "pgn_chessjs: skipped: no PGN reader found (node and npm, or tkscid)"
	exit 77
fi
exit $fail
