#!/bin/sh
# cli_transcript.sh: `corrchess transcript` (server/cmd_transcript.c) on
# the DSU examples in tests/fixtures (6.2.5 move series and its answer,
# the 6.8.2 e-mail transcript) and on malformed and illegal input: exit
# 2, nothing on stdout, one line on stderr naming the entry and the
# reason.  Needs CORRCHESS (the built binary); TOP_SRCDIR is optional.
# Exit 0 when every check passed, 1 otherwise.
set -u

. "${TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}/tests/cli_lib.sh"
cli_init cli_transcript.sh
fix="$top/tests/fixtures"
[ -r "$fix/dsu-6.2.5.txt" ] || { echo "cli_transcript.sh: cannot read $fix" >&2; exit 1; }

# DSU 6.2.5: Black to play 11...a6, all of the example's moves legal.
FEN_11="r2q2k1/pb3ppp/8/8/1P6/8/3P1PPP/R5K1 b - - 0 11"
# The same before 12.b5 (after 11...a6): where Black's answer starts.
FEN_12="r2q2k1/1b3ppp/p7/8/1P6/8/3P1PPP/R5K1 w - - 0 12"

# run ARGS...: corrchess with stdin from /dev/null unless $input is set;
# stdout in $tmp/out, stderr in $tmp/err, the status in $rc
run() {
	if [ -n "${input+x}" ]; then
		printf '%s\n' "$input" | "$CORRCHESS" "$@" >"$tmp/out" 2>"$tmp/err"
	else
		"$CORRCHESS" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	fi
	rc=$?
}

# expect_out WHAT: exit 0, nothing on stderr, stdout equal to $tmp/want
expect_out() {
	if [ "$rc" -ne 0 ]; then
		bad "$1: exit $rc: $(cat "$tmp/err")"
	elif [ -s "$tmp/err" ]; then
		bad "$1: stderr not empty: $(cat "$tmp/err")"
	elif ! cmp -s "$tmp/out" "$tmp/want"; then
		bad "$1: output differs:"
		diff "$tmp/want" "$tmp/out"
	else
		ok
	fi
}

# expect_fail WHAT STATUS WORD...: that exit status, nothing on stdout,
# exactly one line on stderr starting "corrchess: transcript: " and
# holding every WORD
expect_fail() {
	what=$1
	want=$2
	shift 2
	if [ "$rc" -ne "$want" ]; then
		bad "$what: exit $rc, expected $want: $(cat "$tmp/err")"
		return
	fi
	if [ -s "$tmp/out" ]; then
		bad "$what: stdout not empty: $(head -c 200 "$tmp/out")"
		return
	fi
	lines=$(wc -l <"$tmp/err")
	if [ "$lines" -ne 1 ]; then
		bad "$what: $lines lines on stderr: $(cat "$tmp/err")"
		return
	fi
	case $(cat "$tmp/err") in
	"corrchess: transcript: "*) ;;
	*) bad "$what: stderr lacks the prefix: $(cat "$tmp/err")"; return ;;
	esac
	for w in "$@"; do
		if ! grep -qF -- "$w" "$tmp/err"; then
			bad "$what: stderr lacks '$w': $(cat "$tmp/err")"
			return
		fi
	done
	ok
}

# --- DSU 6.2.5: the example with its series, from the file and stdin ---
cat >"$tmp/want" <<'EOF'
11 black 1716 a6
12 white 2425 b5
12 black 1625 axb5
13 white 1118 Rxa8
13 black 2718 Bxa8
14 white 4244 d4
fen: b2q2k1/5ppp/8/1p6/3P4/8/5PPP/6K1 b - - 0 14
series: 1625 1118 2718 4244
EOF
unset input
run transcript --fen "$FEN_11" "$fix/dsu-6.2.5.txt"
expect_out "6.2.5 example"
run transcript "--fen=$FEN_11" "$fix/dsu-6.2.5.txt"
expect_out "6.2.5 example, --fen=FEN"
run transcript "$fix/dsu-6.2.5.txt" --fen "$FEN_11"
expect_out "6.2.5 example, --fen after FILE"
input=$(cat "$fix/dsu-6.2.5.txt")
run transcript --fen "$FEN_11" -
expect_out "6.2.5 example on stdin"

# Black's answer breaking the series off with 13...Qxa8: no series left.
cat >"$tmp/want" <<'EOF'
12 white 2425 b5
12 black 1625 axb5
13 white 1118 Rxa8
13 black 4818 Qxa8
fen: q5k1/1b3ppp/8/1p6/8/8/3P1PPP/6K1 w - - 0 14
EOF
unset input
run transcript --fen "$FEN_12" "$fix/dsu-6.2.5-answer.txt"
expect_out "6.2.5 answer"

# --- DSU 6.8.2: the e-mail example, over three lines, "01." numbers ---
cat >"$tmp/want" <<'EOF'
1 white 5254 e4
1 black 5755 e5
2 white 7163 Nf3
2 black 2836 Nc6
3 white 6125 Bb5
fen: r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3
EOF
run transcript "$fix/dsu-6.8.2.txt"
expect_out "6.8.2 example from the start position"

# --- promotions: the ICCF form 57581 is written 5758(1), also in a series ---
cat >"$tmp/want" <<'EOF'
1 black 8887 Kh7
2 white 5758(1) e8=Q
2 black 8786 Kh6
3 white 5853 Qe3+
3 black 8687 Kh7
4 white 5357 Qe7+
fen: 8/4Q2k/8/p7/8/8/8/K7 b - - 4 4
series: 8786 5853 8687 5357
EOF
input="1.-,8887 2. 57581, 08786 3. 5853, 8687 4. 5357"
run transcript --fen "7k/4P3/8/p7/8/8/8/K7 b - - 0 1" -
expect_out "promotion in ICCF form"
input="1.-,8887 2. 05758(4), 8786 3. 5866"
run transcript --fen "7k/4P3/8/p7/8/8/8/K7 b - - 0 1" -
expect_fail "a series of three moves" 2 "index 3" "got 3"
input="1.-,08887 2. 5758(4), 8786 3. 5866"
cat >"$tmp/want" <<'EOF'
1 black 8887 Kh7
2 white 5758(4) e8=N
2 black 8786 Kh6
3 white 5866 Nf6
fen: 8/8/5N1k/p7/8/8/8/K7 b - - 2 3
series: 8887 5758(4) 8786 5866
EOF
run transcript --fen "7k/4P3/8/p7/8/8/8/K7 b - - 0 1" -
expect_out "a series from the first entry, through an under-promotion"

# --- malformed transcripts ---
input="1. 5254, 5755 2. 7163, 2836 3. 6195"
run transcript -
expect_fail "a 9 in a move" 2 "6195"
input="1. 5254, 5755 2. 71x3"
run transcript -
expect_fail "a letter in a move" 2 "71x3"
input="5254 5755"
run transcript -
expect_fail "no move number" 2 "5254" "move number"
input="1. 5254, 5755 7163"
run transcript -
expect_fail "three moves after one number" 2 "7163"
input="1. 5254, 5755 3. 7163"
run transcript -
expect_fail "a number skipped" 2 "move 3 for White"
input="1. 5254, 05755 2. 07163, 2836"
run transcript -
expect_fail "two series marks" 2 "series"
input="1. 5254,, 5755"
run transcript -
expect_fail "two commas" 2 "','"
input=""
run transcript -
expect_fail "an empty file" 2 "no moves"
input="1. 5758(5)"
run transcript -
expect_fail "promotion digit 5" 2 "5758(5)"
printf '1. 5254\0005755\n' >"$tmp/nul.txt"
unset input
run transcript "$tmp/nul.txt"
expect_fail "a NUL byte" 2 "NUL"
awk 'BEGIN { for (i = 0; i < 7000; i++) printf "          \n" }' >"$tmp/long.txt"
run transcript "$tmp/long.txt"
expect_fail "a file over 64 KiB" 2 "longer than"

# --- illegal transcripts: the entry and the reason ---
input="1. 5254, 5755 2. 5264"
run transcript -
expect_fail "no piece on e2" 2 "2. 5264" "no piece on e2"
input="1. 5254, 5755 2. 7163, 2836 3. 6125, 5878"
run transcript -
expect_fail "castling through a bishop" 2 "3... 5878" "castl"
input="1. 5254, 6765 2. 4185, 1716"
run transcript -
expect_fail "2...a6 leaves the king in check" 2 "2... 1716" "check"
input="1. 5254, 5755"
run transcript --fen "$FEN_11" -
expect_fail "numbers that do not fit the FEN" 2 "1. 5254" "move 11"
input="11.-,1716 12. 2425"
run transcript -
expect_fail "a Black first move from the start position" 2 "11... 1716"
# the fool's mate, 2...Qh4#, and a White move after it
input="1. 6263, 5755 2. 7274, 4884 3. 5254"
run transcript -
expect_fail "a move after mate" 2 "3. 5254"

# --- series the rules refuse (DSU 6.2.5) ---
input="11.-,1716 12. 2425, 01625 13. 1118, 2718"
run transcript --fen "$FEN_11" -
expect_fail "a series ending with the opponent's move" 2 "12... 01625" "index 3" "got 3"
input="11.-,1716 12. 2425, 01625 13. 1118, 1725 14. 4244"
run transcript --fen "$FEN_11" -
expect_fail "an illegal move in the series" 2 "12... 01625" "index 2" "13... 1725" \
	"no piece on a7"
input="11.-,1716 12. 2425, 01625 13. 9118, 2718 14. 4244"
run transcript --fen "$FEN_11" -
expect_fail "a malformed move in the series" 2 "9118"
# 1.e4 and the scholar's mate proposed, going on after 4.Qxf7#
input="1. 5254, 05755 2. 6134, 2836 3. 4185, 7866 4. 8567, 5867 5. 4344"
run transcript -
expect_fail "a series going on after mate" 2 "1... 05755" "index 6" "4... 5867" "checkmate"

# --- usage ---
unset input
run transcript
expect_fail "no FILE" 2 "FILE"
run transcript a b
expect_fail "two files" 2 "\"b\""
run transcript --fen
expect_fail "--fen without a value" 2 "--fen"
run transcript --fen "not a fen" "$fix/dsu-6.2.5.txt"
expect_fail "a bad FEN" 2 "--fen"
run transcript --colour "$fix/dsu-6.2.5.txt"
expect_fail "an unknown option" 2 "--colour"
run transcript "$tmp/does-not-exist.txt"
expect_fail "a missing file" 1 "does-not-exist.txt"
run transcript --help
if [ "$rc" -eq 0 ] && grep -q "usage: corrchess transcript" "$tmp/out"; then ok; else
	bad "--help: exit $rc: $(cat "$tmp/out" "$tmp/err")"
fi

cli_done cli_transcript.sh
