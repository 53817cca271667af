#!/bin/sh
# The `corrchess perft` command as a user calls it (API.md "Programs").
fail=0
check() { # description, expected, actual
	if [ "$2" = "$3" ]; then echo "ok - $1"; else echo "FAIL - $1: want '$2', got '$3'"; fail=1; fi
}
cc=${CORRCHESS:?CORRCHESS must point at the corrchess binary}

check "perft 3 from the start" 8902 "$("$cc" perft 3 | tail -n 1)"
check "perft 0 is one node" 1 "$("$cc" perft 0 | tail -n 1)"
out=$("$cc" perft --divide 2)
check "divide lists 20 moves" 20 "$(echo "$out" | grep -c ': ')"
check "divide total on the last line" 400 "$(echo "$out" | tail -n 1)"
check "divide line format" "e2e4: 20" "$(echo "$out" | grep '^e2e4')"
sum=$(echo "$out" | grep ': ' | awk -F': ' '{s += $2} END {print s}')
check "divide lines add up" 400 "$sum"
check "perft --fen (position 3, depth 3)" 2812 \
	"$("$cc" perft --fen '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1' 3 | tail -n 1)"
check "promotion moves named in UCI" "e7e8q: 1" \
	"$("$cc" perft --divide --fen '8/4P3/8/8/8/8/k7/6K1 w - - 0 1' 1 | grep '^e7e8q')"

# Bad input: exit status 2 and exactly one line on stderr.
bad() { # description, args...
	d=$1; shift
	err=$("$cc" "$@" 2>&1 >/dev/null); rc=$?
	check "$d: exit 2" 2 "$rc"
	check "$d: one line" 1 "$(printf '%s\n' "$err" | wc -l | tr -d ' ')"
}
bad "no depth" perft
bad "depth not a number" perft x
bad "negative depth" perft -3
bad "depth too large" perft 99
bad "bad FEN" perft --fen 'rnbqkbnr/pppppppp/8/8 w' 2
bad "impossible FEN" perft --fen '4k3/8/8/8/8/8/8/4K2p w - - 0 1' 2
bad "unknown command" frobnicate
bad "unknown option" --frobnicate

check "--version" "corrchess 0.1.0" "$("$cc" --version)"
"$cc" --help | grep -q 'perft' && echo "ok - --help mentions perft" || { echo "FAIL - --help"; fail=1; }
# `corrchess help`: the command table, every command on a line of its own.
out=$("$cc" help); rc=$?
check "help: exit 0" 0 "$rc"
for c in user demo sweep backup check-deadlines perft days easter transcript rate \
	rating-coordinate rating-update tourney help; do
	printf '%s\n' "$out" | grep -q "^  $c\b" && echo "ok - help lists $c" ||
		{ echo "FAIL - help does not list $c"; fail=1; }
done
bad "help with an argument" help perft
bad "perft: --fen without a value" perft --fen
bad "perft: two depths" perft 3 4
exit $fail
