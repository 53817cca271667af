#!/usr/bin/env python3
"""Vacations and TL special leave (API.md "Vacations"; DSU 6.3.6, 6.8.8;
DSU 6.3.6), against the real corrchessd over HTTP with a temporary
database: who may ask, the notice (vector V0), the 35-day allowance per
tournament year, special leave, the list, bad input, and the effect on a
game's clock (vectors V1, V2, V3 of tests/vectors/time.json).

Each test starts its own daemon, because "today" and the players' games
decide which rules apply."""
import atexit
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

PERIOD_KEYS = {"id", "user", "start", "end", "days", "kind"}


def world(today):
    """A fresh daemon with today fixed, and its cast (tl, admin, alice,
    bob, carol), closed at exit."""
    srv = Server(today=today).start()
    atexit.register(srv.close)
    return World(srv)


def vacation(client, start, end, **kw):
    body = {"start": start, "end": end}
    body.update(kw)
    return client.post("vacations", body)


def book(w, name, start, end, days, what=""):
    """name's vacation start..end (dates as text) granted, of days days."""
    return expect_period(vacation(getattr(w, name), start, end), w.ids[name], start, end, days,
                         what=what)


def too_long(client, start, end, what):
    expect_error(vacation(client, start, end), 422, "vacation_too_long", what)


def expect_period(r, user, start, end, days, kind="vacation", what=""):
    """A 201 answer carrying the period as asked."""
    expect_status(r, 201, what or "vacation %s..%s" % (start, end))
    p = r.json
    expect(isinstance(p, dict) and not (PERIOD_KEYS - set(p)), "period fields: %r" % (p,))
    expect(isinstance(p["id"], int) and p["id"] > 0, "period id: %r" % (p,))
    expect_eq((p["user"], p["start"], p["end"], p["days"], p["kind"]),
              (user, start, end, days, kind), what or "period")
    return p


def listing(client, uid):
    r = client.get("users/%d/vacations" % uid)
    expect_status(r, 200, "list of user %d" % uid)
    expect(isinstance(r.json.get("vacations"), list), "vacations is a list: %r" % r.json)
    expect(isinstance(r.json.get("remaining_days"), int), "remaining_days: %r" % r.json)
    for p in r.json["vacations"]:
        expect(not (PERIOD_KEYS - set(p)), "listed period fields: %r" % (p,))
    return r.json


def stored(w):
    return w.server.db_rows("SELECT user_id, start, end, notice_on, kind FROM vacations"
                            " ORDER BY id")


@test
def player_and_tl_create():
    w = world("2027-06-05")
    # No active game: the server profile (notice 0), years from today.
    r = vacation(w.alice, "2027-06-05", "2027-06-09")
    p = expect_period(r, w.ids["alice"], "2027-06-05", "2027-06-09", 5, what="player, himself")
    # "user" naming oneself is the same request.
    expect_period(vacation(w.bob, "2027-07-01", "2027-07-02", user=w.ids["bob"]), w.ids["bob"],
                  "2027-07-01", "2027-07-02", 2, what="player names himself")
    # A TL enters vacations only for the players of games he leads
    # (docs/AUTHORITY.md vacation_for): carol plays nothing, so only an
    # admin enters hers.
    r = vacation(w.tl, "2027-08-01", "2027-08-03", user=w.ids["carol"])
    expect_error(r, 403, "not_your_tournament", "tl for carol, who plays no game he leads")
    expect_message_mentions(r, "an admin", what="who may")
    expect_period(vacation(w.admin, "2027-08-01", "2027-08-03", user=w.ids["carol"]),
                  w.ids["carol"], "2027-08-01", "2027-08-03", 3, what="admin for carol")
    expect_period(vacation(w.admin, "2027-09-01", "2027-09-01", user=w.ids["alice"],
                           kind="vacation"), w.ids["alice"], "2027-09-01", "2027-09-01", 1,
                  what="admin for alice")
    rows = stored(w)
    expect_eq(len(rows), 4, "four periods stored")
    expect_eq(rows[0], (w.ids["alice"], "2027-06-05", "2027-06-09", "2027-06-05", "vacation"),
              "the notice date is today")
    lst = listing(w.bob, w.ids["alice"])  # any signed-in user reads it
    expect_eq([(v["start"], v["end"]) for v in lst["vacations"]],
              [("2027-06-05", "2027-06-09"), ("2027-09-01", "2027-09-01")], "alice's periods")
    expect_eq(lst["vacations"][0]["id"], p["id"], "listed id")
    expect_eq(lst["remaining_days"], 35 - 6, "alice has 29 days left")
    expect_eq(listing(w.carol, w.ids["carol"])["remaining_days"], 32, "carol has 32 left")


@test
def notice_v0():
    vec = [v for v in load_vectors("time.json")["vacation_notice"] if v["id"] == "V0"][0]
    notice, earliest = vec["notice_sent"], vec["earliest_first_day"]
    w = world(notice)
    new_game(w.tl, w.ids["alice"], w.ids["bob"], profile=vec["profile"], start_date="2027-06-01")
    # DSU 6.3.6.1: notice 5/6, first day 11/6 at the earliest.
    r = vacation(w.alice, add_days(earliest, -1), add_days(earliest, 3))
    expect_error(r, 422, "notice_too_short", "V0: one day too early")
    expect_message_mentions(r, earliest)
    expect_error(vacation(w.alice, notice, notice), 422, "notice_too_short", "starting today")
    # The notice holds whoever enters the vacation.
    expect_error(vacation(w.tl, add_days(earliest, -1), earliest, user=w.ids["bob"]), 422,
                 "notice_too_short", "tl entering bob's vacation")
    expect_eq(stored(w), [], "nothing stored")
    expect_period(vacation(w.alice, earliest, add_days(earliest, 3)), w.ids["alice"], earliest,
                  add_days(earliest, 3), 4, what="V0: the earliest first day")
    # Server play has notice 0; a player in both kinds of game gets the
    # strictest notice.
    new_game(w.tl, w.ids["carol"], w.ids["bob"], profile="server", start_date="2027-06-01")
    expect_period(vacation(w.carol, notice, add_days(notice, 1)), w.ids["carol"], notice,
                  add_days(notice, 1), 2, what="server profile: no notice")
    expect_error(vacation(w.bob, add_days(notice, 2), add_days(notice, 4)), 422,
                 "notice_too_short", "bob plays dsu-post and server: 6 days")
    expect_period(vacation(w.bob, earliest, earliest), w.ids["bob"], earliest, earliest, 1,
                  what="bob from the earliest day")


@test
def too_long_split_periods():
    w = world("2027-06-05")
    # alice's tournament year counts from her earliest game: 2027-01-10.
    new_game(w.tl, w.ids["alice"], w.ids["bob"], profile="dsu-post", start_date="2027-01-10")
    new_game(w.tl, w.ids["bob"], w.ids["alice"], profile="dsu-post", start_date="2027-03-01")
    book(w, "alice", "2027-07-01", "2027-07-20", 20)
    r = vacation(w.alice, "2027-08-01", "2027-08-16")
    expect_error(r, 422, "vacation_too_long", "20 + 16 days > 35")
    expect_message_mentions(r, "15")
    expect_eq(listing(w.alice, w.ids["alice"])["remaining_days"], 15, "refusal took nothing")
    book(w, "alice", "2027-08-01", "2027-08-15", 15, "20 + 15 = 35")
    lst = listing(w.alice, w.ids["alice"])
    expect_eq(lst["remaining_days"], 0, "all 35 days used")
    expect_eq(lst.get("tournament_year"), {"start": "2027-01-10", "end": "2028-01-09"},
              "tournament year from the earliest game")
    too_long(w.alice, "2027-09-01", "2027-09-01", "one more day")
    # A request across the end of the year charges the old year too.
    too_long(w.alice, "2028-01-09", "2028-01-12", "across the year boundary")
    # The next tournament year has its own 35 days.
    book(w, "alice", "2028-01-10", "2028-02-13", 35, "year 2 in full")
    too_long(w.alice, "2028-03-01", "2028-03-01", "year 2 full too")
    # One request of 36 days (carol, no games: server profile).
    too_long(w.carol, "2027-07-01", "2027-08-05", "36 days at once")
    book(w, "carol", "2027-07-01", "2027-08-04", 35, "35 days at once")
    expect_eq(len(stored(w)), 4, "only the granted periods are stored")


@test
def holidays_not_charged():
    w = world("2027-06-05")
    new_game(w.tl, w.ids["alice"], w.ids["bob"], profile="dsu-post", start_date="2027-01-10")
    # DSU 6.3.6.2: 20-31 December stop the clocks for everybody and use up no
    # vacation days: 15 Dec - 5 Jan is 22 days, 10 of them charged.
    book(w, "alice", "2027-12-15", "2028-01-05", 10, "over Christmas")
    expect_eq(listing(w.alice, w.ids["alice"])["remaining_days"], 25, "25 days left")
    # Server play has no mandatory holidays: all 22 days count.
    new_game(w.tl, w.ids["carol"], w.ids["tl"], profile="server", start_date="2027-01-10")
    book(w, "carol", "2027-12-15", "2028-01-05", 22, "server play over Christmas")


@test
def special_leave():
    w = world("2027-06-05")
    new_game(w.tl, w.ids["alice"], w.ids["bob"], profile="dsu-post", start_date="2027-06-01")
    new_game(w.tl, w.ids["carol"], w.ids["bob"], profile="dsu-email", start_date="2027-06-01")
    # DSU 6.3.6.4, 6.8.8: only the TL grants it.
    expect_error(vacation(w.alice, "2027-07-01", "2027-07-05", kind="special_leave"), 403,
                 "forbidden", "a player asks for special leave")
    expect_eq(stored(w), [], "nothing stored")
    # No notice, outside the 35 days; postal play has no cap.
    expect_period(vacation(w.tl, "2027-06-05", "2027-07-24", user=w.ids["alice"],
                           kind="special_leave"), w.ids["alice"], "2027-06-05", "2027-07-24",
                  50, "special_leave", "50 days of special leave from today")
    expect_eq(w.server.db_rows("SELECT user_id, action FROM audit"),
              [(w.ids["tl"], "special_leave")], "the TL's decision is audited")
    lst = listing(w.alice, w.ids["alice"])
    expect_eq(lst["remaining_days"], 35, "special leave takes no vacation days")
    expect_eq(lst.get("special_leave_remaining_days", "absent"), None, "postal: no cap")
    expect_eq([v["kind"] for v in lst["vacations"]], ["special_leave"], "listed kind")
    # A vacation may not overlap it, nor special leave a vacation.
    expect_error(vacation(w.alice, "2027-07-20", "2027-07-30"), 409, "overlap",
                 "vacation over special leave")
    book(w, "alice", "2027-08-01", "2027-08-10", 10)
    expect_error(vacation(w.alice, "2027-08-10", "2027-08-12"), 409, "overlap",
                 "vacation over vacation")
    expect_error(vacation(w.admin, "2027-08-05", "2027-08-06", user=w.ids["alice"],
                          kind="special_leave"), 409, "overlap", "special leave over vacation")
    # E-mail play: at most 30 days of special leave a year (6.8.8).
    expect_period(vacation(w.tl, "2027-06-10", "2027-06-29", user=w.ids["carol"],
                           kind="special_leave"), w.ids["carol"], "2027-06-10", "2027-06-29",
                  20, "special_leave")
    expect_error(vacation(w.tl, "2027-07-01", "2027-07-11", user=w.ids["carol"],
                          kind="special_leave"), 422, "vacation_too_long", "20 + 11 > 30")
    expect_period(vacation(w.tl, "2027-07-01", "2027-07-10", user=w.ids["carol"],
                           kind="special_leave"), w.ids["carol"], "2027-07-01", "2027-07-10",
                  10, "special_leave")
    lst = listing(w.carol, w.ids["carol"])
    expect_eq(lst["special_leave_remaining_days"], 0, "e-mail cap used up")
    expect_eq(lst["remaining_days"], 35, "vacation days untouched")
    expect_eq(len(stored(w)), 4, "four periods stored")


@test
def clock_stops_v1_v2_v3():
    vec = {v["id"]: v for v in load_vectors("time.json")["one_move"]}
    first, last = vec["V1"]["vacation"]
    # The vacation is asked for early enough (DSU 6.3.6.1) ...
    w = world("2027-06-01")
    games = {}
    # One game per vector, so that each is White's first move (received =
    # the start date); alice is on vacation and plays White in V1 and V3,
    # Black in V2 (her vacation stops her opponent's clock too).
    for vid, white, black in (("V1", "alice", "bob"), ("V2", "bob", "alice"),
                              ("V3", "alice", "bob")):
        g = new_game(w.tl, w.ids[white], w.ids[black], profile=vec[vid]["profile"],
                     start_date=vec[vid]["received"])
        games[vid] = (g["id"], white)
    # A control game without a player on vacation.
    ctl = new_game(w.tl, w.ids["carol"], w.ids["bob"], profile="dsu-post",
                   start_date=vec["V1"]["received"])["id"]
    expect_period(vacation(w.alice, first, last), w.ids["alice"], first, last, 15,
                  what="vacation 8-22 June")
    # ... and the moves are sent later.
    w.server.set_today("2027-06-25")
    for vid in ("V1", "V2", "V3"):
        gid, white = games[vid]
        g = play(getattr(w, white), gid, "e4", sent=vec[vid]["sent"])
        m = g["moves"][0]
        expect_eq((m["received"], m["sent"], m["days"]),
                  (vec[vid]["received"], vec[vid]["sent"], vec[vid]["days"]), vid)
        expect_eq(g["clock"]["white"]["used_days"], vec[vid]["days"], vid + " used_days")
    g = play(w.carol, ctl, "e4", sent=vec["V1"]["sent"])
    expect_eq(g["moves"][0]["days"], 3, "no vacation: 7 to 10 June is 3 days")


@test
def concurrent_requests_share_the_allowance():
    w = world("2027-06-05")
    out = []

    def ask(start, end):
        out.append(vacation(w.alice, start, end))

    threads = [threading.Thread(target=ask, args=a)
               for a in (("2027-07-01", "2027-07-20"), ("2027-08-01", "2027-08-20"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    expect_eq(sorted(r.status for r in out), [201, 422], "20 + 20 days: one granted")
    expect_eq(len(stored(w)), 1, "one period stored")
    expect_eq(listing(w.alice, w.ids["alice"])["remaining_days"], 15, "15 days left")


@test
def bad_input_changes_nothing():
    w = world("2027-06-05")
    a, uid = w.alice, w.ids["alice"]
    cases = [
        ({"start": "2027-07-10", "end": "2027-07-09"}, 422, "invalid_date", "end before start"),
        ({"start": "2027-02-30", "end": "2027-03-02"}, 422, "invalid_date", "30 February"),
        ({"start": "2027-07-01", "end": "2027-13-01"}, 422, "invalid_date", "month 13"),
        ({"start": "2027-7-1", "end": "2027-07-02"}, 422, "invalid_date", "not YYYY-MM-DD"),
        ({"start": "2027-07-01 ", "end": "2027-07-02"}, 422, "invalid_date", "trailing space"),
        ({"start": "", "end": "2027-07-02"}, 422, "invalid_date", "empty date"),
        ({"end": "2027-07-02"}, 422, "missing_field", "no start"),
        ({"start": "2027-07-01"}, 422, "missing_field", "no end"),
        ({"start": 20270701, "end": "2027-07-02"}, 422, "invalid_field", "start a number"),
        ({"start": "2027-07-01", "end": "2027-07-02", "user": "bob"}, 422, "invalid_field",
         "user a string"),
        ({"start": "2027-07-01", "end": "2027-07-02", "kind": "holiday"}, 422, "invalid_field",
         "unknown kind"),
        ({"start": "2027-07-01", "end": "2027-07-02", "kind": 1}, 422, "invalid_field",
         "kind a number"),
        ({"start": "2027-07-01", "end": "2027-07-02", "days": 2}, 422, "unknown_field",
         "unknown field"),
        ({"start": "2027-07-01", "end": "2027-07-02", "user": w.ids["bob"]}, 403, "forbidden",
         "a player asks for another user"),
    ]
    for body, status, code, what in cases:
        expect_error(a.post("vacations", body), status, code, what)
    for who in (w.tl, w.admin):
        expect_error(vacation(who, "2027-07-01", "2027-07-02", user=999999), 422, "unknown_user",
                     "unknown user")
        expect_error(vacation(who, "2027-07-01", "2027-07-02", user=-1), 422, "unknown_user",
                     "negative user id")
    expect_error(a.post("vacations", raw=b"{\"start\": "), 400, "bad_json", "broken JSON")
    expect_error(a.post("vacations", raw=b"[1, 2]"), 400, "bad_json", "an array")
    expect_error(a.post("vacations", raw=b""), 400, "bad_json", "no body")
    expect_error(w.server.client().post("vacations", {"start": "2027-07-01",
                                                      "end": "2027-07-02"}),
                 401, "unauthorized", "not signed in")
    expect_error(w.server.client("bogus").get("users/%d/vacations" % uid), 401, "unauthorized",
                 "bad token")
    expect_error(a.get("users/999999/vacations"), 404, "not_found", "list of an unknown user")
    expect_4xx(a.request("DELETE", "vacations"), "DELETE /vacations")
    # Before the tournament starts there is nothing to stop.
    new_game(w.tl, uid, w.ids["bob"], profile="server", start_date="2027-07-01")
    expect_error(vacation(a, "2027-06-20", "2027-06-25"), 422, "before_start",
                 "vacation before the earliest game")
    expect_eq(stored(w), [], "nothing stored")
    lst = listing(a, uid)
    expect_eq((lst["vacations"], lst["remaining_days"]), ([], 35), "alice's list unchanged")


if __name__ == "__main__":
    run_tests()
