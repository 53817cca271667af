#!/bin/sh
# cli_clock.sh: `corrchess days` and `corrchess easter` against the vectors
# in tests/vectors/time.json, and their answers to bad input (exit 2, one
# line on stderr).  Needs CORRCHESS (the built binary); TOP_SRCDIR is
# optional.  Exit 0 when every check passed, 1 otherwise.
set -u

. "${TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}/tests/cli_lib.sh"
cli_init cli_clock.sh
vectors="$top/tests/vectors/time.json"
[ -r "$vectors" ] || { echo "cli_clock.sh: cannot read $vectors" >&2; exit 1; }
# The vectors file may be laid out on many lines: the checks below read
# one case a line, so write each case of each section as one line.
"${PYTHON3:-python3}" -c '
import json, sys
for cases in json.load(open(sys.argv[1])).values():
    if isinstance(cases, list):
        for case in cases:
            print(json.dumps(case, ensure_ascii=False))
' "$vectors" >"$tmp/cases" || { echo "cli_clock.sh: cannot parse $vectors" >&2; exit 1; }
vectors="$tmp/cases"

# str NAME LINE: the string value of "NAME" in a one-line JSON object
str() { printf '%s\n' "$2" | sed -n "s/.*\"$1\": *\"\([^\"]*\)\".*/\1/p"; }
# num NAME LINE: its number value
num() { printf '%s\n' "$2" | sed -n "s/.*\"$1\": *\([0-9][0-9]*\).*/\1/p"; }
# pair NAME LINE: the two strings of "NAME": ["a", "b"]
pair() { printf '%s\n' "$2" | sed -n "s/.*\"$1\": *\[ *\"\([^\"]*\)\", *\"\([^\"]*\)\" *\].*/\1 \2/p"; }

# run ARGS...: runs corrchess, stdout in $tmp/out, stderr in $tmp/err, status in $rc
run() {
	"$CORRCHESS" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# --- days: every one_move vector (one case a line, see above) ---
nvec=0
grep '"received".*"sent".*"days"' "$vectors" >"$tmp/moves"
while IFS= read -r line; do
	id=$(str id "$line")
	profile=$(str profile "$line")
	received=$(str received "$line")
	sent=$(str sent "$line")
	days=$(num days "$line")
	vac=$(pair vacation "$line")
	nvec=$((nvec + 1))
	if [ -n "$vac" ]; then
		set -- --vacation "$(echo "$vac" | cut -d' ' -f1):$(echo "$vac" | cut -d' ' -f2)"
	else
		set --
	fi
	run days --profile "$profile" --received "$received" --sent "$sent" "$@"
	last=$(tail -n 1 "$tmp/out")
	if [ "$rc" -ne 0 ]; then
		bad "days vector $id: exit $rc: $(cat "$tmp/err")"
	elif [ "$last" != "$days" ]; then
		bad "days vector $id: last line '$last', expected '$days'"
	else
		ok
	fi
done <"$tmp/moves"
[ "$nvec" -ge 9 ] || bad "only $nvec one_move vectors found in $vectors"

# --- days --opponent-sent: the e-mail receipt vectors ---
nvec=0
grep '"opponent_sent"' "$vectors" >"$tmp/receipt"
while IFS= read -r line; do
	nvec=$((nvec + 1))
	opp=$(str opponent_sent "$line")
	recv=$(str counts_as_received "$line")
	run days --profile "$(str profile "$line")" --opponent-sent "$opp" --sent "$recv"
	if [ "$rc" -eq 0 ] && grep -q "received $recv" "$tmp/out" &&
		[ "$(tail -n 1 "$tmp/out")" = 0 ]; then
		ok
	else
		bad "receipt vector $(str id "$line"): exit $rc, $(tr '\n' '|' <"$tmp/out")"
	fi
done <"$tmp/receipt"
[ "$nvec" -ge 1 ] || bad "no email_receipt vectors found"

# --- easter: every easter_holiday vector ---
nvec=0
grep '"easter_sunday"' "$vectors" >"$tmp/easter"
while IFS= read -r line; do
	nvec=$((nvec + 1))
	year=$(num year "$line")
	sunday=$(str easter_sunday "$line")
	holiday=$(pair holiday "$line")
	run easter "$year"
	expect=$(printf 'easter %s\nholiday %s' "$sunday" "$holiday")
	if [ "$rc" -eq 0 ] && [ "$(cat "$tmp/out")" = "$expect" ]; then
		ok
	else
		bad "easter $year: exit $rc, got $(tr '\n' '|' <"$tmp/out")"
	fi
done <"$tmp/easter"
[ "$nvec" -ge 2 ] || bad "only $nvec easter_holiday vectors found"

# --- a few more cases by hand ---
run days --profile=dsu-post --received=2027-06-05 --sent=2027-06-25 \
	--vacation 2027-06-15:2027-06-22 --vacation 2027-06-08:2027-06-14
[ "$rc" -eq 0 ] && [ "$(tail -n 1 "$tmp/out")" = 5 ] && ok || bad "split vacation, --opt=value"
run days --profile server --received 2026-12-18 --sent 2027-01-04
[ "$rc" -eq 0 ] && [ "$(tail -n 1 "$tmp/out")" = 17 ] && ok || bad "server has no holidays"
run easter 1818
[ "$rc" -eq 0 ] && head -n 1 "$tmp/out" | grep -qx 'easter 1818-03-22' && ok || bad "easter 1818"
for cmd in days easter; do
	run "$cmd" --help
	[ "$rc" -eq 0 ] && grep -q "usage: corrchess $cmd" "$tmp/out" && ok || bad "$cmd --help"
done

# --- bad input: exit 2, nothing on stdout, one line on stderr ---
expect_usage_error() {
	run "$@"
	cli_refused "'$*'" "corrchess: "
}
expect_usage_error days --profile dsu-fax --received 2027-08-02 --sent 2027-08-05
expect_usage_error days --profile dsu-post --received 2027-02-30 --sent 2027-03-05
expect_usage_error days --profile dsu-post --received 2027-2-3 --sent 2027-03-05
expect_usage_error days --profile dsu-post --received 2027-02-03x --sent 2027-03-05
expect_usage_error days --profile dsu-post --received 1500-02-03 --sent 2027-03-05
expect_usage_error days --profile dsu-post --received 2027-08-05 --sent 2027-08-02
expect_usage_error days --profile dsu-post --received 2027-08-02
expect_usage_error days --profile dsu-post --received 2027-08-02 --sent
expect_usage_error days --profile dsu-post --received 2027-08-02 --sent 2027-08-05 --vacation 2027-06-08
expect_usage_error days --profile dsu-post --received 2027-08-02 --sent 2027-08-05 --vacation 2027-06-22:2027-06-08
expect_usage_error days --profile dsu-post --received 2027-08-02 --sent 2027-08-05 --frobnicate
expect_usage_error days --profile dsu-post --opponent-sent 2027-08-02 --sent 2027-08-05
expect_usage_error days --profile dsu-email --opponent-sent 2027-08-02 --received 2027-08-03 --sent 2027-08-05
expect_usage_error days
expect_usage_error easter
expect_usage_error easter 1582
expect_usage_error easter 10000
expect_usage_error easter 20x7
expect_usage_error easter 2027 2028
expect_usage_error easter -5

cli_done cli_clock.sh
