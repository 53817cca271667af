#!/usr/bin/env python3
"""Thinking time through the API (docs/RULES.md §4, tests/vectors/time.json):
the days of each move, the clocks of GAME (used_days, penalty_days,
next_control, forfeit_date), the e-mail receipt rule and time-forfeit
claims, against the real corrchessd over HTTP with a temporary database.

The vectors are read from $TOP_SRCDIR/tests/vectors/time.json at run time.
Expected forfeit dates come from a small model of DSU 6.3 written here
(independent of lib/clock/)."""
import datetime
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-30"
VEC = load_vectors("time.json")
VACATION = None  # the V vectors' vacation, from the JSON


def vec(vid):
    for group in ("one_move", "email_receipt", "control"):
        for v in VEC.get(group, []):
            if v.get("id") == vid:
                return v
    raise KeyError(vid)


# ------------------------------------------------------ a model of DSU 6.3

PROFILES = {
    # days per 10 moves, weekend rule, mandatory holidays, postal transit
    # one way (DSU 6.3.4 "14 (+ postal transit)": the server's dsu-post
    # profile assumes 2 days; the rules give no number).
    "dsu-post": dict(limit=30, weekend=True, holidays=True, transit=2),
    "dsu-email": dict(limit=40, weekend=False, holidays=True, transit=0),
    "server": dict(limit=40, weekend=False, holidays=False, transit=0),
}
REMINDER_DAYS, TL_DAYS, PEN_REMINDER, PEN_TL = 14, 7, 3, 6


def easter(year):
    """Gregorian computus (anonymous algorithm)."""
    a = year % 19
    b, c = divmod(year, 100)
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    l = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l) // 451
    month, dd = divmod(h + l - 7 * m + 114, 31)
    return datetime.date(year, month, dd + 1)


def holiday(d):
    """DSU 6.3.6.2: 20-31 December, Tuesday before to Tuesday after Easter."""
    if d.month == 12 and d.day >= 20:
        return True
    e = easter(d.year)
    return e - datetime.timedelta(days=5) <= d <= e + datetime.timedelta(days=2)


def stopped(prof, d, stops):
    if PROFILES[prof]["holidays"] and holiday(d):
        return True
    return any(day(a) <= d <= day(b) for a, b in stops)


def counted_sent(prof, r, s):
    """DSU 6.3.2.1: a card posted on Sunday counts as posted on Saturday."""
    if PROFILES[prof]["weekend"] and s.weekday() == 6 and s > r:
        return s - datetime.timedelta(days=1)
    return s


def cost(prof, r, s, stops=()):
    """DSU 6.3.1: days d with received <= d < sent that are not stopped."""
    r, s = day(r) if isinstance(r, str) else r, day(s) if isinstance(s, str) else s
    s = counted_sent(prof, r, s)
    n, d = 0, r
    while d < s:
        if not stopped(prof, d, stops):
            n += 1
        d += datetime.timedelta(days=1)
    return n


def after_unstopped(prof, start, n, stops):
    """The first date D with n unstopped days in [start, D)."""
    d, k = start, 0
    while k < n:
        if not stopped(prof, d, stops):
            k += 1
        d += datetime.timedelta(days=1)
    return d


def silence_penalty(prof, r, s, days, stops, recorded=False):
    """DSU 6.3.4: more than 14 days on a move and the opponent (on the
    server: the server) sent a reminder: +3; the TL told as well: +6 -
    from recorded events only (DSU 6.3.4, issue 9).  recorded: the
    reminder and the TL notice were recorded on their due dates (the
    sweep); without a record the calendar alone charges nothing."""
    if days <= REMINDER_DAYS or not recorded:
        return 0
    rem = after_unstopped(prof, r, REMINDER_DAYS, stops) + datetime.timedelta(
        days=PROFILES[prof]["transit"])
    tl = after_unstopped(prof, rem, TL_DAYS, stops)
    return (PEN_REMINDER if s >= rem else 0) + (PEN_TL if s >= tl else 0)


def forfeit_date(prof, received, used, limit, stops=()):
    """API.md: the first date on which a move sent would be over the limit."""
    r = day(received)
    d = r
    for _ in range(2000):
        days = cost(prof, r, d, stops)
        if used + days + silence_penalty(prof, r, d, days, stops) > limit:
            return iso(d)
        d += datetime.timedelta(days=1)
    raise AssertionError("no forfeit date within 2000 days")


# ------------------------------------------------------------- fixtures

def W():
    return shared_world(today=TODAY)


def expect_clock(g, side, used, penalty, move, limit, fd=None, what=""):
    c = g["clock"][side]
    expect_eq(c["used_days"], used, "%s %s used_days" % (what, side))
    expect_eq(c["penalty_days"], penalty, "%s %s penalty_days" % (what, side))
    expect_eq(c["next_control"], {"move": move, "limit_days": limit},
              "%s %s next_control" % (what, side))
    if fd is not None:
        expect_eq(c["forfeit_date"], fd, "%s %s forfeit_date" % (what, side))


# ------------------------------------------------------------------- tests

@test
def vectors_file_is_there():
    ids = {v["id"] for v in VEC["one_move"]}
    expect(ids >= {"T1", "T2", "W1", "W2", "W3", "V1", "V2", "V3", "H2"}, "vectors: %r" % ids)


@test
def postal_chain_t1_t2_w1():
    """One dsu-post game whose first three moves are T1, T2 and W1."""
    w = W()
    t1, t2, w1 = vec("T1"), vec("T2"), vec("W1")
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", t1["received"])
    gid = g["id"]
    expect_clock(g, "white", 0, 0, 10, 30,
                 forfeit_date("dsu-post", t1["received"], 0, 30), "start")
    g = play(w.alice, gid, "5254", received=t1["received"], sent=t1["sent"])
    expect_eq(g["moves"][0]["days"], t1["days"], "T1 days")
    g = play(w.bob, gid, "5755", received=t2["received"], sent=t2["sent"])
    expect_eq(g["moves"][1]["days"], t2["days"], "T2 days")
    g = play(w.alice, gid, "7163", received=w1["received"], sent=w1["sent"])
    expect_eq(g["moves"][2]["days"], w1["days"], "W1 days (Saturday to Sunday)")
    expect_clock(g, "white", t1["days"] + w1["days"], 0, 10, 30, None, "after 2.Nf3")
    expect_clock(g, "black", t2["days"], 0, 10, 30, None, "after 2.Nf3")
    expect_eq(g["clock"]["white"]["forfeit_date"], None, "white is not to move")
    fd = g["clock"]["black"]["forfeit_date"]
    # The postal receipt of 2.Nf3 is not known yet (the server may
    # estimate it); whatever it assumes, Black has 27 days left and at
    # most 9 penalty days, so he cannot be over before 19 days after 2.Nf3.
    expect(fd >= add_days(w1["sent"], 19), "black's forfeit date %r is plausible" % fd)
    expect_eq(get_game(w.carol, gid), g, "stored as answered")


def one_move_vectors(ids, stops_user=None):
    """Each vector as White's first move (received = the start date) and
    as Black's move (received stated, or derived by the e-mail rule)."""
    w = W()
    for vid in ids:
        v = vec(vid)
        prof = v["profile"]
        white, black = ("dave", "erin") if v.get("vacation") else ("alice", "bob")
        # The move's dates: a postal player also states when it came.
        dates = {"sent": v["sent"], "received": v["received"]} if prof == "dsu-post" \
            else {"sent": v["sent"]}
        # White's first move.
        g = new_game(w.tl, w.ids[white], w.ids[black], prof, v["received"])
        g = play(getattr(w, white), g["id"], "e4", **dates)
        m = g["moves"][0]
        expect_eq((m["received"], m["sent"], m["days"]), (v["received"], v["sent"], v["days"]),
                  "%s as White's first move" % vid)
        expect_eq(g["clock"]["white"]["used_days"], v["days"], "%s used_days" % vid)
        # Black's move.
        opp_sent = v["received"] if prof == "dsu-post" else add_days(v["received"], -1)
        g = new_game(w.tl, w.ids[white], w.ids[black], prof, opp_sent)
        g = play(getattr(w, white), g["id"], "e4", sent=opp_sent)
        g = play(getattr(w, black), g["id"], "e5", **dates)
        m = g["moves"][1]
        expect_eq((m["received"], m["sent"], m["days"]), (v["received"], v["sent"], v["days"]),
                  "%s as Black's move" % vid)
        expect_eq(g["clock"]["black"]["used_days"], v["days"], "%s black used_days" % vid)
        # The model agrees with the vector (a check of the model itself).
        expect_eq(cost(prof, v["received"], v["sent"],
                       [v["vacation"]] if v.get("vacation") else []), v["days"],
                  "model for %s" % vid)


@test
def one_move_vectors_t_w_h():
    one_move_vectors(["T1", "T2", "W1", "W2", "W3", "H2"])


@test
def one_move_vectors_with_vacation():
    """V1-V3: a vacation of either player stops both clocks."""
    w = W()
    srv = w.server
    v1 = vec("V1")
    start, end = v1["vacation"]
    if "dave" not in w.ids:
        for name in ("dave", "erin"):
            w.ids[name], _ = srv.add_user(name)
            setattr(w, name, srv.login(name))
    if "POST /api/v1/vacations" in routes():
        # Notice: the vacation may start 6 days after today at the
        # earliest (V0), so it is asked for with today set well before.
        srv.set_today(add_days(start, -7))
        r = w.dave.post("vacations", {"start": start, "end": end})
        srv.set_today(TODAY)
        expect_status(r, 201, "dave's vacation through POST /api/v1/vacations")
        expect_eq((r.json["start"], r.json["end"]), (start, end), "vacation dates")
    else:
        # POST /api/v1/vacations does not exist in this build yet: the
        # vacation row goes straight into the test database (table
        # vacations: user_id, start, end, notice_on, kind).
        srv.db_exec("INSERT INTO vacations (user_id, start, end, notice_on, kind)"
                    " VALUES (?, ?, ?, ?, 'vacation')",
                    (w.ids["dave"], start, end, add_days(start, -7)))
    one_move_vectors(["V1", "V2", "V3"])
    # The vacation is dave's; as Black erin's clock stands still too
    # (checked above, dave being White there).  A move inside the
    # vacation also moves the forfeit date of the side to move.
    g = new_game(w.tl, w.ids["erin"], w.ids["dave"], "dsu-email", add_days(start, -2))
    expect_eq(g["clock"]["white"]["forfeit_date"],
              forfeit_date("dsu-email", add_days(start, -2), 0, 40, [(start, end)]),
              "erin's forfeit date skips dave's vacation")


@test
def email_receipt_e1():
    w = W()
    e1 = vec("E1")
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", "2027-08-20")
    g = play(w.alice, g["id"], "d4", sent=e1["opponent_sent"])
    expect_eq(g["clock"]["black"]["forfeit_date"],
              forfeit_date("dsu-email", e1["counts_as_received"], 0, 40),
              "black's clock runs from the day after White's date")
    g = play(w.bob, g["id"], "d5", sent=e1["counts_as_received"])
    m = g["moves"][1]
    expect_eq(m["received"], e1["counts_as_received"], "E1 received")
    expect_eq(m["days"], 0, "answered the day it counts as received")


@test
def forfeit_dates_at_the_start():
    w = W()
    for prof, start in (("dsu-post", "2027-08-02"), ("dsu-email", "2027-08-02"),
                        ("server", TODAY), ("dsu-email", "2027-12-10"),
                        ("dsu-post", "2027-12-10"), ("dsu-post", "2027-03-15")):
        g = new_game(w.tl, w.ids["alice"], w.ids["bob"], prof, start)
        limit = PROFILES[prof]["limit"]
        expect_clock(g, "white", 0, 0, 10, limit, forfeit_date(prof, start, 0, limit),
                     "%s from %s" % (prof, start))
        expect_eq(g["clock"]["black"]["forfeit_date"], None, "black is not to move")
    # The hand-worked case: server play, 40 days, no reminder recorded
    # (the sweep has not run): the limit alone, 41 days (DSU 6.3.4, P1).
    expect_eq(forfeit_date("server", "2027-09-01", 0, 40), "2027-10-12", "model, server")
    # Without silence penalties the limit alone: 25 used, the 6th day
    # would be Sunday 8 August, which counts as Saturday (5 days): Monday.
    expect_eq(forfeit_date("dsu-post", "2027-08-02", 25, 30), "2027-08-09", "model, post")


@test
def controls_after_ten_moves():
    """C1, C2: dsu-post 30 days at move 10, 60 at move 20; C3 e-mail 40."""
    w = W()
    c1, c2, c3 = vec("C1"), vec("C2"), vec("C3")
    moves = ["Nf3", "Nf6", "Ng1", "Ng8"] * 5
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", "2027-08-02")
    expect_eq(g["clock"]["white"]["next_control"],
              {"move": c1["move"], "limit_days": c1["limit_days"]}, "C1")
    for i, mv in enumerate(moves):
        g = play(w.alice if i % 2 == 0 else w.bob, g["id"], mv, received="2027-08-02",
                 sent="2027-08-02")
        if i == 18:
            expect_eq(g["clock"]["white"]["next_control"], {"move": 20, "limit_days": 60},
                      "white after her 10th move")
            expect_eq(g["clock"]["black"]["next_control"], {"move": 10, "limit_days": 30},
                      "black before his 10th move")
    for side in ("white", "black"):
        expect_eq(g["clock"][side]["next_control"],
                  {"move": c2["move"], "limit_days": c2["limit_days"]}, "C2 " + side)
    # E-mail: 10 moves each, White 2 days a move, Black 1; the clocks add up.
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", "2027-08-02")
    expect_eq(g["clock"]["white"]["next_control"],
              {"move": c3["move"], "limit_days": c3["limit_days"]}, "C3")
    received = day("2027-08-02")
    used = {"white": 0, "black": 0}
    for i, mv in enumerate(moves):
        side = "white" if i % 2 == 0 else "black"
        sent = received + datetime.timedelta(days=2 if side == "white" else 1)
        g = play(w.alice if side == "white" else w.bob, g["id"], mv, sent=iso(sent))
        expect_eq(g["moves"][i]["received"], iso(received), "received of ply %d" % (i + 1))
        expect_eq(g["moves"][i]["days"], cost("dsu-email", received, sent), "days ply %d" % (i + 1))
        used[side] += g["moves"][i]["days"]
        received = sent + datetime.timedelta(days=1)
    expect_clock(g, "white", used["white"], 0, 20, 80,
                 forfeit_date("dsu-email", iso(received), used["white"], 80), "e-mail white")
    expect_clock(g, "black", used["black"], 0, 20, 80, None, "e-mail black")
    expect_eq((used["white"], used["black"]), (20, 10), "2 and 1 days a move")


@test
def silence_penalties_need_a_record():
    """DSU 6.3.4: penalties follow recorded reminders only.  No
    sweep ran, so nothing was recorded: a move of more than 14 days costs
    its days and nothing more (the model with records: +3, then +9)."""
    w = W()
    for extra, pen in ((14, 0), (15, 3), (20, 3), (21, 9), (22, 9)):
        start = "2027-08-02"
        g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", start)
        sent = add_days(start, extra)
        expect_eq(silence_penalty("dsu-email", day(start), day(sent), extra, [], True), pen,
                  "model with records")
        g = play(w.alice, g["id"], "e4", sent=sent)
        expect_eq(g["moves"][0]["days"], extra, "days of a %d-day move" % extra)
        expect_clock(g, "white", extra, 0, 10, 40, None, "after %d days" % extra)


@test
def vector_p1_through_the_daemon():
    """Vector P1 (issue 9): moves 1-9 cost 0 days, White spends 23 days on
    move 10 and nobody recorded a reminder: used 23, penalty 0, not
    forfeited (the calendar alone used to charge +3 +6 and forfeit him)."""
    w = W()
    p1 = [v for v in VEC["penalties"] if v["id"] == "P1"][0]
    start = "2027-05-03"
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], p1["profile"], start)
    moves = ["Nf3", "Nf6", "Ng1", "Ng8"] * 5
    for i, mv in enumerate(moves[:18]):
        g = play(w.alice if i % 2 == 0 else w.bob, g["id"], mv, received=start, sent=start)
    sent = add_days(start, p1["days_move_10"])
    g = play(w.alice, g["id"], moves[18], received=start, sent=sent)
    c = g["clock"]["white"]
    expect_eq((c["used_days"], c["penalty_days"]), (p1["used_days"], p1["penalty_days"]),
              "P1 used and penalty days")
    expect_eq(g["status"], "active", "P1: not forfeited, the game goes on")
    expect_eq(c["next_control"], {"move": 20, "limit_days": 60}, "P1 passed the control")


@test
def time_forfeit_claims():
    """Claims are rejected before the forfeit date and accepted on it;
    set_today() moves the server's date forward (restarting it)."""
    s0 = "2027-09-01"
    with Server(today=s0) as srv:
        srv.start()
        ids = {}
        for name, role in (("tl", "tl"), ("alice", "player"), ("bob", "player")):
            ids[name], _ = srv.add_user(name, role)
        tl, alice, bob = srv.login("tl"), srv.login("alice"), srv.login("bob")
        g1 = new_game(tl, ids["alice"], ids["bob"], "server", s0)
        g2 = new_game(tl, ids["alice"], ids["bob"], "dsu-email", s0)
        g3 = new_game(tl, ids["alice"], ids["bob"], "server", s0)
        play(alice, g2["id"], "e4", sent=s0)
        play(alice, g3["id"], "e4")
        fd1 = forfeit_date("server", s0, 0, 40)
        fd2 = forfeit_date("dsu-email", add_days(s0, 1), 0, 40)
        expect_eq(get_game(bob, g1["id"])["clock"]["white"]["forfeit_date"], fd1, "g1 white")
        expect_eq(get_game(bob, g2["id"])["clock"]["black"]["forfeit_date"], fd2, "g2 black")
        expect(fd1 < fd2, "the model's dates: %s %s" % (fd1, fd2))

        def claim(client, gid):
            return client.post("games/%d/claim" % gid, {"type": "time_forfeit"})

        expect_error(claim(bob, g1["id"]), 422, "claim_rejected", "g1 at the start")
        srv.set_today(add_days(fd1, -1))
        # server play: received is the day the opponent moved, sent today
        g = play(bob, g3["id"], "e5")
        expect_eq((g["moves"][1]["received"], g["moves"][1]["sent"], g["moves"][1]["days"]),
                  (s0, add_days(fd1, -1), cost("server", s0, add_days(fd1, -1))
                   ), "server dates")
        expect_eq(g["clock"]["black"]["penalty_days"], 0,
                  "31 days, but no reminder recorded: no penalty (DSU 6.3.4)")
        expect_error(claim(bob, g1["id"]), 422, "claim_rejected", "g1 the day before")
        expect_error(claim(alice, g2["id"]), 422, "claim_rejected", "g2 the day before")
        expect_eq(get_game(bob, g1["id"])["clock"]["white"]["forfeit_date"], fd1,
                  "the forfeit date does not move with today")
        srv.set_today(fd1)
        expect_error(claim(alice, g1["id"]), 422, "claim_rejected",
                     "white claims against herself's opponent, who is not to move")
        r = claim(bob, g1["id"])
        expect_status(r, 200, "g1 on the forfeit date")
        expect_eq((r.json["status"], r.json["result"], r.json["termination"]),
                  ("finished", "0-1", "time_forfeit"), "white lost on time")
        if fd2 > fd1:
            expect_error(claim(alice, g2["id"]), 422, "claim_rejected", "g2 not yet")
        srv.set_today(fd2)
        r = claim(alice, g2["id"])
        expect_status(r, 200, "g2 on black's forfeit date")
        expect_eq((r.json["result"], r.json["termination"]), ("1-0", "time_forfeit"),
                  "black lost on time")
        expect_error(claim(alice, g2["id"]), 409, "game_over", "claim after the end")
        expect_eq(get_game(tl, g1["id"])["result"], "0-1", "kept across restarts")


if __name__ == "__main__":
    run_tests()
