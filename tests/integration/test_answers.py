#!/usr/bin/env python3
"""The cache of written GAMEs (server/api/game_json.c, issue 25): a game
GET answered from it says what writing the GAME again would say, to
whom it says it (the hidden series follows the seat), and with the tag
of its own bytes."""
import hashlib
import subprocess
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"


def W():
    return shared_world("answers", today=TODAY)


def tag_of(body):
    return '"%s"' % hashlib.blake2b(body, digest_size=16).hexdigest()


@test
def the_series_follows_the_seat_between_cached_reads():
    """On the server profile a pending series is its proposer's alone:
    read by the proposer, the opponent and a bystander in turn, twice,
    each sees what is his (a copy of the proposer's answer would show
    the series to the others)."""
    w = W()
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)["id"]
    play(w.alice, gid, "e4", series=["e5", "Nf3"])
    for _ in range(2):
        mine = get_game(w.alice, gid)
        expect_eq(mine["series"], {"by": "white", "moves": ["5755", "7163"]},
                  "the proposer sees his series")
        for who in (w.bob, w.carol, w.tl):
            expect_eq(get_game(who, gid)["series"], None, "the others do not")


@test
def the_tag_is_the_tag_of_the_bytes():
    """Two reads of one revision: the same bytes, and an ETag that is the
    BLAKE2b-128 of those bytes (the tag negotiate.c computes), so a
    revalidation answers 304 and a changed game 200 with a new tag."""
    w = W()
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)["id"]
    play_line(w.alice, w.bob, gid, ["d4", "d5", "c4"])
    first = w.carol.get("games/%d" % gid)
    second = w.carol.get("games/%d" % gid)
    expect_status(second, 200, "a second read")
    expect_eq(second.text.encode(), first.text.encode(), "the same bytes")
    tag = second.headers.get("ETag")
    expect_eq(tag, tag_of(second.text.encode()), "the tag of the bytes")
    expect_eq(first.headers.get("ETag"), tag, "the first read's tag as well")
    r = w.carol.get("games/%d" % gid, headers={"If-None-Match": tag})
    expect_status(r, 304, "revalidated")
    play(w.bob, gid, "e6")
    r = w.carol.get("games/%d" % gid, headers={"If-None-Match": tag})
    expect_status(r, 200, "changed")
    expect(r.headers.get("ETag") != tag, "a new tag")
    expect_eq(r.headers.get("ETag"), tag_of(r.text.encode()), "the tag of the new bytes")


@test
def a_change_without_a_new_revision_shows():
    """Special leave granted for the side to move (DSU 6.3.6) changes the
    clock the GAME shows; whatever the revision does, the next read
    shows the leave, not a kept copy of the answer before it."""
    w = W()
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", "2027-08-01")["id"]
    play(w.alice, gid, "e4", sent="2027-08-02")
    before = get_game(w.carol, gid)
    expect_eq(get_game(w.carol, gid), before, "a cached read")
    r = w.tl.post("vacations", {"user": w.ids["bob"], "start": TODAY, "end": "2027-09-10",
                                "kind": "special_leave"})
    expect_status(r, 201, "special leave for Black")
    after = get_game(w.carol, gid)
    expect(after["clock"]["black"] != before["clock"]["black"],
           "Black's clock after the leave: %r, before %r" % (after["clock"]["black"],
                                                             before["clock"]["black"]))


@test
def a_corrected_move_date_shows_in_the_next_read():
    """The kept answer stands for its revision, the moves included (they
    are not hashed: store/game_cache.h).  A TL's correction of a stated
    date (DSU 6.2.1.1 c) changes a stored move and the revision; a read
    from another client after it shows the new date and days, not the
    answer kept before."""
    w = W()
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", "2027-08-02")["id"]
    play(w.alice, gid, "e4", received="2027-08-02", sent="2027-08-05")
    play(w.bob, gid, "e5", received="2027-08-09", sent="2027-08-10")
    before = get_game(w.carol, gid)
    expect_eq(get_game(w.carol, gid), before, "a cached read")
    r = w.tl.request("PATCH", "games/%d/moves/1" % gid,
                     body={"sent": "2027-08-03", "reason": "the postmark (6.2.1.1 c)"})
    expect_status(r, 200, "the TL corrects 1.e4's sent date")
    after = get_game(w.carol, gid)
    expect_eq(after["moves"][0]["sent"], "2027-08-03", "the corrected date")
    expect(after["moves"][0]["days"] != before["moves"][0]["days"],
           "the days follow: %r, before %r" % (after["moves"][0]["days"],
                                               before["moves"][0]["days"]))
    expect_eq(after, r.json, "the read says what the correction's answer said")


def kept_then(w, gid, what):
    """Reads the game twice, the second time from the GAME kept by the
    game's revisions (the hit counter says so), before a change `what`."""
    first = get_game(w.carol, gid)
    hits = metric(w.tl, "corrchess_game_answers_hits_total")
    expect_eq(get_game(w.carol, gid), first, "%s: the kept GAME is the GAME" % what)
    expect(metric(w.tl, "corrchess_game_answers_hits_total") > hits,
           "%s: the second read loaded nothing (store_games_shown())" % what)
    return first


def sweep(w, today):
    env = w.server.env()
    env["CORRCHESS_TODAY"] = today
    r = subprocess.run([CORRCHESS, "--db", w.server.db, "sweep"], capture_output=True,
                       text=True, env=env, timeout=120)
    expect_eq(r.returncode, 0, "the sweep: %s%s" % (r.stdout, r.stderr))


@test
def every_change_shows_in_the_next_read_of_a_kept_game():
    """A GET answered without loading the game (issue 25: kept under the
    game's revisions, store_games_shown()) shows each change made after
    it was kept: by the daemon, and, bypassing it, by another process
    (sqlite3 on the database file, or another corrchess program).  Each
    change is one a trigger or a writer's bump must follow (migrations
    0039 to 0041, store/internal.h store_games_bump_lists())."""
    w = W()
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", "2027-08-01")["id"]
    play(w.alice, gid, "e4", sent="2027-08-02")

    before = kept_then(w, gid, "a move")
    play(w.bob, gid, "e5")
    expect_eq(len(get_game(w.carol, gid)["moves"]), 2, "the move")

    before = kept_then(w, gid, "a vacation by another process")
    # Not repaired before the read: the dates the vacation moves are put
    # right after it (check-deadlines --fix would bump the revisions
    # itself, and hide a missing trigger on vacations).
    w.server.db_exec("INSERT INTO vacations (user_id, start, end, notice_on, kind)"
                     " VALUES (?, ?, ?, ?, 'vacation')",
                     (w.ids["alice"], TODAY, "2027-09-20", "2027-08-20"), repair=False)
    after = get_game(w.carol, gid)
    expect(after["clock"]["white"] != before["clock"]["white"],
           "White's clock after a vacation written outside: %r, before %r"
           % (after["clock"]["white"], before["clock"]["white"]))
    r = w.server.cli("check-deadlines", "--fix")
    expect_eq(r.returncode, 0, "the dates put right: %s%s" % (r.stdout, r.stderr))

    kept_then(w, gid, "a rename by another process")
    w.server.db_exec("UPDATE users SET name = 'Robert' WHERE id = ?", (w.ids["bob"],))
    expect_eq(get_game(w.carol, gid)["black"]["name"], "Robert", "the name written outside")
    w.server.db_exec("UPDATE users SET name = 'bob' WHERE id = ?", (w.ids["bob"],))

    # The sweep (another corrchess process) sends White, silent since his
    # vacation ended, a reminder (DSU 6.3.3): a record of the game, in
    # sweep_events, which no trigger follows.
    kept_then(w, gid, "a reminder by the sweep")
    reminders = len(get_game(w.carol, gid)["reminders"])
    late = None
    for day in ("2027-10-20", "2027-11-05", "2027-11-25"):
        sweep(w, day)
        after = get_game(w.carol, gid)
        if len(after["reminders"]) > reminders:
            late = day
            break
        kept_then(w, gid, "no reminder yet on %s" % day)
    expect(late is not None, "the sweep sent a reminder, and the next read shows it: %r"
           % after["reminders"])

    before = kept_then(w, gid, "a penalty by another process")
    w.server.db_exec("INSERT INTO penalties (game_id, color, days, reason, on_date)"
                     " VALUES (?, 'black', 3, 'a late reply (6.3.4)', ?)", (gid, TODAY),
                     repair=False)
    after = get_game(w.carol, gid)
    expect_eq(len(after["penalties"]), len(before["penalties"]) + 1,
              "the penalty written outside: %r" % after["penalties"])
    w.server.db_exec("DELETE FROM penalties WHERE game_id = ?", (gid,), repair=False)
    r = w.server.cli("check-deadlines", "--fix")
    expect_eq(r.returncode, 0, "the dates put right: %s%s" % (r.stdout, r.stderr))

    before = kept_then(w, gid, "a result by another process")
    w.server.db_exec("UPDATE games SET status = 'finished', result = '0-1',"
                     " termination = 'time_forfeit', result_how = 'played',"
                     " finished_on = ? WHERE id = ?",
                     (TODAY, gid))
    after = get_game(w.carol, gid)
    expect_eq((after["status"], after["result"]), ("finished", "0-1"),
              "the result written outside")


if __name__ == "__main__":
    run_tests()
