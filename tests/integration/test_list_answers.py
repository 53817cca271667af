#!/usr/bin/env python3
"""The kept pages of a player's game list (GET /games?player=&view=summary,
server/api/api_games.c and server/api/kept.h, migrations 0039 and 0040, issue 25): a
page is answered from memory only while nothing it shows has changed.
Each change below is made by the daemon or, bypassing it, by another
process (sqlite3 on the database file, or another corrchess program for
the forfeit dates: migration 0040), after the page was kept; the next
read from another client must show it.  The oracle is the full list (GAME
objects, never kept) read at the same moment."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"


def summary(client, player):
    r = client.get("games?player=%d&view=summary&limit=50" % player)
    expect_status(r, 200, "the summary page")
    return r.json["games"]


def kept_then(w, player, what):
    """Reads the page twice (the second from memory: the hit counter says
    so) and returns it, before a change `what`."""
    first = summary(w.carol, player)
    hits = metric(w.tl, "corrchess_list_answers_hits_total")
    again = summary(w.alice, player)
    expect_eq(again, first, "%s: the kept page is the page" % what)
    expect(metric(w.tl, "corrchess_list_answers_hits_total") > hits,
           "%s: the second read came from memory" % what)
    return first


def expect_as_full(w, player, what):
    """The summary page, read now by another client, says what the full
    GAMEs say."""
    sums = summary(w.alice, player)
    full = w.alice.get("games?player=%d&limit=50" % player)
    expect_status(full, 200, "the full list")
    games = {g["id"]: g for g in full.json["games"]}
    expect_eq([s["id"] for s in sums], sorted(games, reverse=True), "%s: the games" % what)
    for s in sums:
        g = games[s["id"]]
        for k in ("rev", "white", "black", "status", "result", "termination", "to_move",
                  "draw_offer"):
            expect_eq(s[k], g[k], "%s: game %d: %s" % (what, g["id"], k))
        expect_eq(s["plies"], len(g["moves"]), "%s: game %d: plies" % (what, g["id"]))
        if g["moves"]:
            expect_eq(s["last_move"]["sent"], g["moves"][-1]["sent"],
                      "%s: game %d: the last move's date" % (what, g["id"]))
        if g["status"] == "active":
            expect_eq(s["forfeit_date"], g["clock"][g["to_move"]]["forfeit_date"],
                      "%s: game %d: forfeit_date" % (what, g["id"]))
    return sums


@test
def every_change_shows_in_the_next_read():
    w = World(own_server(TODAY))
    bob = w.ids["bob"]
    a = new_game(w.tl, bob, w.ids["carol"], "server", TODAY)["id"]
    b = new_game(w.tl, w.ids["carol"], bob, "dsu-email", "2027-08-01")["id"]
    play(w.carol, b, "e4", sent="2027-08-02")

    kept_then(w, bob, "a move")
    play(w.bob, a, "d4")
    sums = expect_as_full(w, bob, "a move")
    expect_eq({s["id"]: s["plies"] for s in sums}[a], 1, "the move is listed")

    kept_then(w, bob, "a draw offer")
    expect_status(w.carol.post("games/%d/moves" % a, {"move": "d5"}), 201, "d5")
    expect_status(w.bob.post("games/%d/draw" % a, {"action": "offer"}), 200, "offer")
    sums = expect_as_full(w, bob, "a draw offer")
    expect_eq({s["id"]: s["draw_offer"] for s in sums}[a], "white", "the offer is listed")

    # Special leave for the side to move (DSU 6.3.6) moves his forfeit
    # date: the date rows change, the games row does not.
    before = {s["id"]: s for s in kept_then(w, bob, "special leave")}
    r = w.tl.post("vacations", {"user": bob, "start": TODAY, "end": "2027-09-10",
                                "kind": "special_leave"})
    expect_status(r, 201, "special leave for Bob")
    sums = expect_as_full(w, bob, "special leave")
    after = {s["id"]: s for s in sums}
    expect(after[b]["forfeit_date"] != before[b]["forfeit_date"],
           "game %d's forfeit date moved: %r" % (b, after[b]["forfeit_date"]))

    kept_then(w, bob, "a new game")
    c = new_game(w.tl, w.ids["alice"], bob, "server", TODAY)["id"]
    sums = expect_as_full(w, bob, "a new game")
    expect_eq(sums[0]["id"], c, "the new game heads the page")

    kept_then(w, bob, "a resignation")
    expect_status(w.bob.post("games/%d/resign" % c), 200, "Bob resigns")
    sums = expect_as_full(w, bob, "a resignation")
    expect_eq({s["id"]: s["result"] for s in sums}[c], "1-0", "the result is listed")

    # Another process: a name, a result and a forfeit date written
    # straight into the database.
    kept_then(w, bob, "a name by another process")
    w.server.db_exec("UPDATE users SET name = 'Carola' WHERE id = ?", (w.ids["carol"],))
    sums = expect_as_full(w, bob, "a name by another process")
    expect_eq({s["id"]: s["black"]["name"] for s in sums}[a], "Carola", "the new name")

    kept_then(w, bob, "a result by another process")
    w.server.db_exec("UPDATE games SET status = 'finished', result = '0-1',"
                     " finished_on = ? WHERE id = ?", (TODAY, a))
    sums = expect_as_full(w, bob, "a result by another process")
    expect_eq({s["id"]: s["result"] for s in sums}[a], "0-1", "the result written outside")

    # A forfeit date written by another corrchess process: the table's
    # one writer, store_deadlines_set(), bumps the lists' revisions
    # (migration 0040; a hand edit of game_deadlines is not a write the
    # lists follow).  Here a date made wrong by hand is put right by
    # `corrchess check-deadlines --fix`; the next read is written anew.
    before = {s["id"]: s for s in kept_then(w, bob, "a date row by another process")}
    w.server.db_exec("UPDATE game_deadlines SET due = due + 5 WHERE game_id = ? AND kind = 2",
                     (b,), repair=False)
    r = w.server.cli("check-deadlines", "--fix")
    expect(r.returncode == 0 and " 1 differ (repaired)" in r.stdout,
           "check-deadlines --fix put the date right: %s%s" % (r.stdout, r.stderr))
    misses = metric(w.tl, "corrchess_list_answers_misses_total")
    after = {s["id"]: s for s in summary(w.alice, bob)}
    expect(metric(w.tl, "corrchess_list_answers_misses_total") > misses,
           "the page after a forfeit date written by another process was written anew")
    expect_eq(after[b]["forfeit_date"], before[b]["forfeit_date"],
              "the forfeit date as the rules have it again")
    expect_as_full(w, bob, "a date row by another process")

    # A player of a game replaced (a reserve takes the seat, DSU 6.7.4.3;
    # here by another process): the old player's page loses the game
    # (migration 0042 bumps the old players' revisions only then).
    carol = w.ids["carol"]
    kept_then(w, carol, "a player replaced")
    w.server.db_exec("UPDATE games SET white = ? WHERE id = ?", (w.ids["alice"], b))
    sums = expect_as_full(w, carol, "a player replaced")
    expect(b not in [s["id"] for s in sums], "game %d left Carol's list" % b)


@test
def pages_are_kept_apart():
    """A page is kept by its arguments: the second page is not the
    first, and the first read again is the first."""
    w = World(own_server(TODAY))
    bob = w.ids["bob"]
    for _ in range(3):
        new_game(w.tl, bob, w.ids["carol"], "server", TODAY)
    one = w.carol.get("games?player=%d&view=summary&limit=2" % bob).json
    two = w.carol.get("games?player=%d&view=summary&limit=2&after=%s" % (bob, one["next"])).json
    expect_eq(len(one["games"]), 2, "the first page")
    expect_eq(len(two["games"]), 1, "the second page")
    expect_eq(w.alice.get("games?player=%d&view=summary&limit=2" % bob).json, one,
              "the first page again")
    expect(not set(g["id"] for g in one["games"]) & set(g["id"] for g in two["games"]),
           "the pages do not overlap")


if __name__ == "__main__":
    run_tests()
