#!/bin/sh
# cli_tourney.sh: `corrchess tourney` on every case of
# tests/vectors/tournaments.json (the shared vectors) and of
# tests/fixtures/tourney_cases.json (our own worked cases): the output
# must contain the case's "expected" (tests/cli_tourney_cmp.py); then bad
# input of many kinds: exit 2, nothing on stdout, one "corrchess: " line
# on stderr.  Needs CORRCHESS; TOP_SRCDIR and PYTHON3 are optional.
set -u

. "${TOP_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}/tests/cli_lib.sh"
cli_init cli_tourney.sh
py=${PYTHON3:-python3}

# Split each file into one case file (the whole case) and one expected
# file per case; list the ids.
for set in vectors/tournaments.json fixtures/tourney_cases.json; do
	"$py" -c '
import json, os, sys
src, dst, tag = sys.argv[1], sys.argv[2], sys.argv[3]
for c in json.load(open(src, encoding="utf-8"))["cases"]:
    name = tag + "-" + c["id"]
    with open(os.path.join(dst, name + ".case"), "w", encoding="utf-8") as f:
        json.dump({"kind": c["kind"], "input": c["input"]}, f, ensure_ascii=False)
    with open(os.path.join(dst, name + ".exp"), "w", encoding="utf-8") as f:
        json.dump(c["expected"], f, ensure_ascii=False)
    print(name)
' "$top/tests/$set" "$tmp" "$(basename "$set" .json)" >>"$tmp/ids" ||
		{ echo "cli_tourney.sh: cannot read $top/tests/$set" >&2; exit 1; }
done
nshared=$(grep -c '^tournaments-' "$tmp/ids")
nown=$(grep -c '^tourney_cases-' "$tmp/ids")
[ "$nshared" -ge 13 ] || bad "only $nshared shared cases found"
[ "$nown" -ge 16 ] || bad "only $nown own cases found"

# Every case: by file name and, for the first of each kind, through stdin.
seen=""
while IFS= read -r id; do
	kind=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["kind"])' "$tmp/$id.case")
	case " $seen " in
	*" $kind "*) "$CORRCHESS" tourney "$tmp/$id.case" >"$tmp/out" 2>"$tmp/err" ;;
	*) "$CORRCHESS" tourney - <"$tmp/$id.case" >"$tmp/out" 2>"$tmp/err"; seen="$seen $kind" ;;
	esac
	rc=$?
	if [ "$rc" -ne 0 ]; then
		bad "$id: exit $rc: $(cat "$tmp/err")"
	elif ! msg=$("$py" "$top/tests/cli_tourney_cmp.py" "$tmp/$id.exp" "$tmp/out"); then
		bad "$id: $msg"
	else
		ok
	fi
done <"$tmp/ids"

# The comparison itself must be able to fail: a wrong place is caught.
sed 's/"4-5"/"4"/' "$tmp/tournaments-V01.exp" >"$tmp/wrong.exp"
"$CORRCHESS" tourney "$tmp/tournaments-V01.case" >"$tmp/out" 2>/dev/null
if "$py" "$top/tests/cli_tourney_cmp.py" "$tmp/wrong.exp" "$tmp/out" >/dev/null; then
	bad "the comparison accepted a wrong place"
else
	ok
fi

"$CORRCHESS" tourney --help >"$tmp/out" 2>&1
[ $? -eq 0 ] && grep -q 'usage: corrchess tourney' "$tmp/out" && ok || bad "tourney --help"

# --- bad input: exit 2, nothing on stdout, one line on stderr ---
# expect_bad NAME JSON: the case JSON (as text) must be refused.
expect_bad() {
	printf '%s' "$2" >"$tmp/bad.json"
	"$CORRCHESS" tourney "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	cli_refused "$1" "corrchess: tourney: "
}
G='[["A","B","1-0"],["B","C","1/2-1/2"],["C","A","0-1"]]'
expect_bad "not JSON" '{"kind": "rr_standings", "input": {'
expect_bad "not an object" '[1, 2]'
expect_bad "no kind" '{"input": {}}'
expect_bad "unknown kind" '{"kind": "swiss", "input": {}}'
expect_bad "no input" '{"kind": "rr_colours"}'
expect_bad "duplicate key" '{"kind": "rr_colours", "kind": "rr_colours", "input": {"n": 7}}'
expect_bad "unknown event" '{"kind": "rr_standings", "input": {"event": "blitz", "players": ["A","B","C"], "games": '"$G"'}}'
expect_bad "EMT without class" '{"kind": "rr_standings", "input": {"event": "emt", "players": ["A","B","C"], "games": '"$G"'}}'
expect_bad "EMT class DM" '{"kind": "rr_standings", "input": {"event": "emt", "class": "DM", "players": ["A","B","C"], "games": '"$G"'}}'
expect_bad "unknown player" '{"kind": "rr_standings", "input": {"event": "emt", "class": "K", "players": ["A","B","C"], "games": [["A","Q","1-0"]]}}'
expect_bad "self game" '{"kind": "rr_standings", "input": {"event": "emt", "class": "K", "players": ["A","B","C"], "games": [["A","A","1-0"]]}}'
expect_bad "bad result" '{"kind": "rr_standings", "input": {"event": "emt", "class": "K", "players": ["A","B","C"], "games": [["A","B","2-0"]]}}'
expect_bad "game shape" '{"kind": "rr_standings", "input": {"event": "emt", "class": "K", "players": ["A","B","C"], "games": [["A","B"]]}}'
expect_bad "duplicate player" '{"kind": "rr_standings", "input": {"event": "emt", "class": "K", "players": ["A","A","C"], "games": []}}'
expect_bad "bad finish date" '{"kind": "rr_standings", "input": {"event": "emt", "class": "K", "players": ["A","B","C"], "games": '"$G"', "finish_date": "2027-02-30"}}'
expect_bad "play-off outside the DM" '{"kind": "rr_standings", "input": {"event": "emt", "class": "K", "players": ["A","B","C"], "games": [["A","B","1/2-1/2"]], "playoff": {"games": [["A","B","1-0"]]}}}'
expect_bad "play-off without a tie" '{"kind": "rr_standings", "input": {"event": "dm", "players": ["A","B","C"], "games": '"$G"', "playoff": {"games": [["A","B","1-0"]]}}}'
expect_bad "citizenship missing" '{"kind": "rr_standings", "input": {"event": "dm", "players": ["A","B","C"], "games": '"$G"', "danish_citizen": {"A": true}}}'
expect_bad "withdrawn unknown" '{"kind": "withdrawal", "input": {"players": ["A","B","C"], "games": '"$G"', "withdrawn": "Q", "valid_reason": false}}'
expect_bad "withdrawn reason missing" '{"kind": "withdrawal", "input": {"players": ["A","B","C"], "games": '"$G"', "withdrawn": "A"}}'
expect_bad "restored before lost" '{"kind": "email_triggers", "input": {"queries": [{"id": "q", "trigger": "connection_lost", "lost": "2026-03-01", "restored": "2026-02-01", "today": "2026-04-01"}]}}'
expect_bad "unknown trigger" '{"kind": "email_triggers", "input": {"queries": [{"id": "q", "trigger": "fax"}]}}'
expect_bad "team board out of range" '{"kind": "team_standings", "input": {"teams": ["A","B"], "boards": 4, "games": [[5,"A","B","1-0"]]}}'
expect_bad "team game shape" '{"kind": "team_standings", "input": {"teams": ["A","B"], "games": [["1","A","B","1-0"]]}}'
expect_bad "schedule of one team" '{"kind": "team_schedule", "input": {"teams": 1, "boards": 4}}'
expect_bad "impossible team score" '{"kind": "team_promotion", "input": {"teams": [{"id": "A", "division": 1, "points": 30, "games": 24, "ratings": [2000]}]}}'
expect_bad "half-point score" '{"kind": "team_promotion", "input": {"teams": [{"id": "A", "division": 1, "points": 1.25, "games": 24, "ratings": [2000]}]}}'
expect_bad "division 4" '{"kind": "team_promotion", "input": {"teams": [{"id": "A", "division": 4, "points": 3, "games": 24, "ratings": [2000]}]}}'
expect_bad "cup of 9" '{"kind": "cup_prelim", "input": {"entries": [{"id":"1"},{"id":"2"},{"id":"3"},{"id":"4"},{"id":"5"},{"id":"6"},{"id":"7"},{"id":"8"},{"id":"9"}]}}'
expect_bad "cup advance 4" '{"kind": "cup_prelim", "input": {"advance": 4, "entries": [{"id":"1"}]}}'
expect_bad "cup rating text" '{"kind": "cup_prelim", "input": {"entries": [{"id":"1","k_rating":"2000"}]}}'
expect_bad "cup stage" '{"kind": "cup_rights", "input": {"stage": "quarterfinal", "finish_date": "2027-01-01", "players": ["A","B","C"], "games": '"$G"'}}'
expect_bad "colours n 1" '{"kind": "rr_colours", "input": {"n": 1}}'
expect_bad "colours 3 cycles" '{"kind": "rr_colours", "input": {"n": 7, "cycles": 3}}'
expect_bad "history class" '{"kind": "entry_rights", "input": {"history": [{"class": "X", "finish": "2024-01-01", "score": 3, "games": 6}], "queries": []}}'
expect_bad "history score" '{"kind": "entry_rights", "input": {"history": [{"class": "K", "finish": "2024-01-01", "score": 7, "games": 6}], "queries": []}}'
expect_bad "query date" '{"kind": "entry_rights", "input": {"history": [], "queries": [{"id": "q", "date": "2024-13-01"}]}}'
expect_bad "deadline date" '{"kind": "deadlines", "input": {"game_end": "yesterday"}}'
expect_bad "deadline result" '{"kind": "deadlines", "input": {"result": "*", "white": "A", "black": "B"}}'
expect_bad "transcripts event" '{"kind": "deadlines", "input": {"transcripts_for": ["blitz"]}}'
expect_bad "register type" '{"kind": "register", "input": {"sanctions": [{"id": "s", "type": "ban", "date": "2026-01-01"}]}}'
expect_bad "register warning without end" '{"kind": "register", "input": {"sanctions": [{"id": "s", "type": "warning", "date": "2026-01-01"}]}}'
expect_bad "register order" '{"kind": "register", "input": {"sanctions": [{"id": "a", "type": "quarantine", "date": "2026-01-01", "months": 1}, {"id": "b", "type": "quarantine", "date": "2025-01-01", "months": 1}]}}'
W='"players": ["A","B","C","D"], "games": [["A","B","1-0"],["C","A","*"],["A","D","*"],["B","C","1-0"],["D","B","1-0"],["C","D","1-0"]], "withdrawn": "A", "valid_reason": true'
expect_bad "adjudication of a finished game" '{"kind": "withdrawal", "input": {'"$W"', "adjudications": [{"white": "A", "black": "B", "result": "0-1"}]}}'
expect_bad "adjudication as unfinished" '{"kind": "withdrawal", "input": {'"$W"', "adjudications": [{"white": "C", "black": "A", "result": "*"}]}}'
expect_bad "adjudication twice" '{"kind": "withdrawal", "input": {'"$W"', "adjudications": [{"white": "C", "black": "A", "result": "1-0"}, {"white": "C", "black": "A", "result": "0-1"}]}}'
expect_bad "adjudication shape" '{"kind": "withdrawal", "input": {'"$W"', "adjudications": [["C", "A", "1-0"]]}}'
expect_bad "advance 0" '{"kind": "rr_standings", "input": {"event": "cup_prelim", "players": ["A","B","C"], "games": '"$G"', "advance": 0}}'
expect_bad "new group class" '{"kind": "new_group", "input": {"queries": [{"id": "q", "class": "X", "ongoing": []}]}}'
expect_bad "new group more played than games" '{"kind": "new_group", "input": {"queries": [{"id": "q", "class": "K", "ongoing": [{"score": 1, "played": 7, "games": 6}]}]}}'
expect_bad "new group more points than played" '{"kind": "new_group", "input": {"queries": [{"id": "q", "class": "K", "ongoing": [{"score": 4, "played": 3, "games": 6}]}]}}'
expect_bad "cup table place" '{"kind": "cup_rights", "input": {"prelim_entrants": 50, "semifinal_held": true, "final_end": "2028-03-31", "final": [{"id": "A", "score": 1, "games": 2, "place": 1}, {"id": "B", "score": 1, "games": 2, "place": 3}]}}'
expect_bad "cup table score" '{"kind": "cup_rights", "input": {"prelim_entrants": 50, "semifinal_held": true, "final_end": "2028-03-31", "final": [{"id": "A", "score": 3, "games": 2, "place": 1}]}}'
expect_bad "cup table without semifinal_held" '{"kind": "cup_rights", "input": {"prelim_entrants": 50, "final_end": "2028-03-31", "final": [{"id": "A", "score": 1, "games": 2, "place": 1}]}}'
expect_bad "register events and sanctions" '{"kind": "register", "input": {"events": [], "sanctions": []}}'
expect_bad "register event type" '{"kind": "register", "input": {"events": [{"type": "ban", "date": "2026-01-01"}]}}'
expect_bad "team division 4x" '{"kind": "team_promotion", "input": {"teams": [{"id": "A", "division": "4x", "points": 3, "games": 24, "players": [{"k_rating": 2000}]}]}}'
expect_bad "team player without rating" '{"kind": "team_promotion", "input": {"teams": [{"id": "A", "division": "1", "points": 3, "games": 24, "players": [{"name": "x"}]}]}}'
"$CORRCHESS" tourney /nonexistent/case.json >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "missing file"
"$CORRCHESS" tourney a.json b.json >"$tmp/out" 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok || bad "two files"

cli_done cli_tourney.sh
