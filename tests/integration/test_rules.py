#!/usr/bin/env python3
"""The rules of issue 9 through the real corrchessd (docs/RULES.md §4.6-4.7,
tests/vectors/time.json P1-P3, F0/F1, E2): claims that follow only the
recorded events, both players losing after playing on, a move after the
forfeit date under automatic forfeit, the e-mail same-day reply.

Each test starts its own daemon with a temporary database and moves its
date (CORRCHESS_TODAY) as the story needs."""
import functools
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

VEC = load_vectors("time.json")
START = "2027-05-03"  # a Monday, far from the holidays (6.3.6.2)
KNIGHTS = ["Nf3", "Nf6", "Ng1", "Ng8"] * 10


def vector(group, vid):
    return [v for v in VEC[group] if v["id"] == vid][0]


def world(today):
    """A fresh daemon with a TL and two players, closed at exit."""
    srv = Server(today=today).start()
    atexit_close(srv)
    w = type("W", (), {})()
    w.srv = srv
    w.ids = {}
    for name, role in (("tl", "tl"), ("alice", "player"), ("bob", "player")):
        w.ids[name], _ = srv.add_user(name, role)
    w.login = lambda: [setattr(w, n, srv.login(n)) for n in w.ids]
    w.login()
    return w


def atexit_close(srv):
    import atexit
    atexit.register(srv.close)


def set_today(w, today):
    w.srv.set_today(today)
    w.login()


def nine_instant(w, gid, day):
    """Moves 1-9 of both sides on one day, 0 days each (postal dates)."""
    for i in range(18):
        play(w.alice if i % 2 == 0 else w.bob, gid, KNIGHTS[i], received=day, sent=day)


def claim(client, gid):
    return client.post("games/%d/claim" % gid, {"type": "time_forfeit"})


def audit_actions(w, gid):
    return [r[0] for r in w.srv.db_rows(
        "SELECT action FROM audit WHERE game_id = ? ORDER BY id", (gid,))]


# ------------------------------------------------------------------- tests

@test
def claim_needs_the_forfeit_date_not_the_calendar():
    """Issue 9, P1 (DSU 6.3.4): White thinks 24 days on his 10th move and
    nobody sent a reminder.  The calendar alone would have charged +3 +6
    (33 > 30); the claim is rejected: he has not passed his forfeit date."""
    p1, w, gid = after_nine("penalties", "P1")
    set_today(w, add_days(START, 24))
    g = get_game(w.bob, gid)
    c = g["clock"]["white"]
    expect_eq((c["used_days"], c["penalty_days"]), (0, 0), "nothing charged yet")
    expect(c["forfeit_date"] > add_days(START, 24), "forfeit date %s" % c["forfeit_date"])
    r = claim(w.bob, gid)
    expect_error(r, 422, "claim_rejected", "claim before the forfeit date")
    expect_eq(get_game(w.bob, gid)["status"], "active", "the game goes on")


@test
def f0_claimed_at_once():
    """F0: White's 10th move costs 31 days; Black claims at once: 0-1."""
    f0, w, gid = after_nine("both_lose", "F0")
    sent10 = add_days(START, f0["days_move_10"])
    set_today(w, add_days(sent10, 2))
    g = play(w.alice, gid, KNIGHTS[18], received=START, sent=sent10)
    expect_eq(g["moves"][18]["days"], 31, "31 days on move 10")
    expect_eq(g["clock"]["white"]["used_days"], 31, "used")
    r = claim(w.bob, gid)
    expect_status(r, 200, "F0 claim")
    expect_eq((r.json["result"], r.json["termination"]), (f0["result"], "time_forfeit"),
              "F0 result")


@test
def f1_playing_on_loses_for_both():
    """F1 (DSU 6.3.3.4): White's 10th move costs 31 days; Black answers
    it, White moves again, then Black claims: the game is lost for both,
    0-0, with an audit line saying why."""
    w, gid, sent10 = f1_played_on()
    g = play(w.alice, gid, "e4", received=add_days(sent10, 5), sent=add_days(sent10, 6))
    expect_eq(g["clock"]["white"]["forfeit_date"], None, "white is not to move")
    before = len(audit_actions(w, gid))
    r = claim(w.bob, gid)
    expect_status(r, 200, "F1 claim")
    expect_eq((r.json["status"], r.json["result"], r.json["termination"]),
              ("finished", vector("both_lose", "F1")["result"], "time_forfeit"),
              "F1: lost for both")
    acts = audit_actions(w, gid)
    expect_eq(acts[before:], ["claim_both_lose"], "audit")


def after_nine(kind, vid):
    """Vector vid of time.json's `kind` and a fresh game of its profile,
    White's first nine moves made at once: (vector, world, game id)."""
    v = vector(kind, vid)
    w = world(START)
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], v["profile"], START)["id"]
    nine_instant(w, gid, START)
    return v, w, gid


def f1_played_on():
    """F1: White's 10th move costs its days, and Black answers it (plays
    on): (world, game id, the day White's 10th was sent)."""
    f1, w, gid = after_nine("both_lose", "F1")
    sent10 = add_days(START, f1["days_move_10"])
    set_today(w, add_days(sent10, 8))
    play(w.alice, gid, KNIGHTS[18], received=START, sent=sent10)
    play(w.bob, gid, KNIGHTS[19], received=add_days(sent10, 2), sent=add_days(sent10, 3))
    return w, gid, sent10


def both_over(w, gid):
    """White's 10th move costs 31 days; Black plays on and his own 10th
    costs 31 days too (postal, 30 allowed)."""
    nine_instant(w, gid, START)
    sent10 = add_days(START, 31)
    play(w.alice, gid, KNIGHTS[18], received=START, sent=sent10)
    b_rcv = add_days(sent10, 2)
    play(w.bob, gid, KNIGHTS[19], received=b_rcv, sent=add_days(b_rcv, 31))
    return add_days(b_rcv, 33)


@test
def both_over_whoever_asks_first():
    """Issue 21 item 1 (DSU 6.3.3.4): White is over at his 10th move, Black
    plays on and is over at his own 10th.  Playing on after a forfeit
    loses the game for both, whoever asks first: White's claim is 0-0, so
    is Black's, and so is the sweep's."""
    today = add_days(START, 31 + 2 + 31 + 2)
    w = world(today)
    games = [new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", START)["id"]
             for _ in range(3)]
    for gid in games:
        expect_eq(both_over(w, gid), today, "the day after")
    g = get_game(w.tl, games[0])
    expect((g["clock"]["white"]["used_days"], g["clock"]["black"]["used_days"]) == (31, 31),
           "both over: %r" % g["clock"])
    for gid, who in ((games[0], w.alice), (games[1], w.bob)):
        r = claim(who, gid)
        expect_status(r, 200, "the claim")
        expect_eq((r.json["result"], r.json["termination"]), ("0-0", "time_forfeit"),
                  "lost for both, whoever asks")
        expect_eq(audit_actions(w, gid)[-1], "claim_both_lose", "audit")
    sweep(w, today)
    g = get_game(w.tl, games[2])
    expect_eq((g["status"], g["result"]), ("finished", "0-0"), "the sweep: 0-0")


@test
def postal_game_played_by_email():
    """Issue 21 item 8 (DSU 6.2.1.2, 6.3.2.2): the profile dsu-post-email:
    30 days per 10 moves as by post, the move counts as received the day
    after it was sent, no weekend rule; the reminder after 14 days and the
    e-mail's day each way (6.3.4)."""
    w = world(START)
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post-email", START)["id"]
    g = get_game(w.alice, gid)
    expect_eq(g["profile"], "dsu-post-email", "the profile")
    expect_eq(g["clock"]["white"]["next_control"], {"move": 10, "limit_days": 30},
              "30 days per 10 moves (6.3.1)")
    sat = "2027-05-08"  # a Saturday
    set_today(w, add_days(sat, 1))
    play(w.alice, gid, "d4", sent=sat)
    g = play(w.bob, gid, "d5", sent=add_days(sat, 1))
    m = g["moves"][1]
    expect_eq((m["received"], m["days"]), (add_days(sat, 1), 0),
              "received the day after (a Sunday), answered that day: 0")
    expect_error(w.alice.post("games/%d/moves" % gid, {"move": "c4", "received": sat}),
                 422, "invalid_date", "received is derived")
    # White received 1...d5 on Monday; the reminder is due 14 days and the
    # post both ways (one day each) after Black's mail
    expect_eq(events_of(sweep(w, add_days(sat, 1 + 15)), gid), [], "not after 15 days")
    expect_eq(events_of(sweep(w, add_days(sat, 1 + 16)), gid), ["reminder"], "after 16")
    # 31 days on White's move: over at the control of move 10 (30 days)
    g2 = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post-email", START)["id"]
    set_today(w, add_days(START, 60))
    nine_instant_email(w, g2, START)  # White gets 9...Ng8 on START + 18
    play(w.alice, g2, KNIGHTS[18], sent=add_days(START, 18 + 31))
    r = claim(w.bob, g2)
    expect_status(r, 200, "claim after 31 days")
    expect_eq(r.json["result"], "0-1", "White lost on time")
    # the PGN says e-mail (Mode EM, PGN standard 9.6.1)
    pgn = w.tl.get("games/%d/pgn" % g2)
    expect('[Mode "EM"]' in pgn.text, "Mode EM")
    expect('[TimeControl "10/2592000"]' in pgn.text or "30" in pgn.text, "a time control")


def nine_instant_email(w, gid, day):
    """Moves 1-9 of both sides of an e-mail game, each sent on its
    received day (0 days)."""
    for i in range(18):
        play(w.alice if i % 2 == 0 else w.bob, gid, KNIGHTS[i], sent=add_days(day, i))


@test
def email_reminder_fourteen_days_after_the_mail():
    """Issue 21 item 10 (DSU 6.8.3, "Hvis intet svar foreligger efter 14
    dage"): in an e-mail tournament the reminder is due 14 days after the
    waiting player's mail, with a copy to the TL; not on the 15th."""
    w = world(START)
    w.srv.db_exec("UPDATE users SET mail = 'off'")
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", START)["id"]
    sent = add_days(START, 2)
    set_today(w, sent)
    play(w.alice, gid, "e4", sent=sent)
    expect_eq(events_of(sweep(w, add_days(sent, 13)), gid), [], "13 days: nothing")
    expect_eq(events_of(sweep(w, add_days(sent, 14)), gid), ["reminder"],
              "14 days after the mail")
    rows = w.srv.db_rows("SELECT to_addr FROM mail_outbox m JOIN sweep_events e"
                         " ON e.id = m.event_id WHERE e.game_id = ? AND e.kind = 'reminder'",
                         (gid,))
    expect(len(rows) >= 2, "the reminder and its copy to the TL: %r" % rows)
    g = get_game(w.tl, gid)
    expect_eq(g["reminders"][0]["on"], add_days(sent, 14), "recorded on the 14th day")
    expect_eq(events_of(sweep(w, add_days(sent, 21)), gid), ["tl_notice"],
              "the TL 7 days after the reminder")


@test
def postal_notice_dated_by_the_player():
    """Issue 21 item 9 (DSU 6.3.4): a postal player dates the notice he
    posted; it moves the reminder to the end of his 25 days and the post
    back; he uses 28 days, is reminded, and is charged nothing.  A notice
    posted after the reminder he got comes too late: +3."""
    w = world(add_days(START, 40))
    g1, g2 = (new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", START)["id"]
              for _ in range(2))
    for gid in (g1, g2):
        play(w.alice, gid, "e4", received=START, sent=START)
    rcv = add_days(START, 2)
    u = "games/%d/notice" % g1
    expect_error(w.bob.post(u, {"days": 25, "on": add_days(START, -1)}), 422, "invalid_date",
                 "before the move it answers")
    expect_error(w.bob.post(u, {"days": 25, "on": add_days(START, 41)}), 422, "invalid_date",
                 "in the future")
    r = w.bob.post(u, {"days": 25, "on": add_days(rcv, 3)})
    expect_status(r, 201, "the notice posted on the 3rd day")
    expect_eq(r.json["notice"], {"by": "black", "days": 25, "on": add_days(rcv, 3)},
              "GAME notice with his date")
    due = add_days(rcv, 25 + 2)
    ru = "games/%d/reminder" % g1
    expect_error(w.alice.post(ru, {"sent": add_days(due, -1)}), 422, "too_early",
                 "not before the 25 days and the post")
    expect_status(w.alice.post(ru, {"sent": due}), 201, "the reminder when due")
    g = play(w.bob, g1, "e5", received=rcv, sent=add_days(rcv, 28))
    c = g["clock"]["black"]
    expect_eq((g["moves"][1]["days"], c["penalty_days"]), (28, 0),
              "28 days after a notice of 25, reminded: no penalty")
    # the reminder first (due 14 + 2 + 2 after the start), then the notice
    due2 = add_days(rcv, 14 + 2)
    expect_status(w.alice.post("games/%d/reminder" % g2, {"sent": due2}), 201, "reminder")
    expect_status(w.bob.post("games/%d/notice" % g2, {"days": 25, "on": add_days(due2, 1)}),
                  201, "a notice after it")
    g = play(w.bob, g2, "e5", received=rcv, sent=add_days(rcv, 28))
    expect_eq(g["clock"]["black"]["penalty_days"], 3, "the notice came too late: +3")


@test
def lost_on_time_under_automatic_forfeit():
    """DSU 6.3.3.3 (server profile, automatic forfeit): the day before the
    forfeit date a move is played; on the forfeit date it is refused with
    409 lost_on_time, the game ends 0-1 (time_forfeit), and a later move
    gets 409 game_over."""
    w = world(START)
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", START)["id"]
    fd = get_game(w.alice, gid)["clock"]["white"]["forfeit_date"]
    expect_eq(fd, add_days(START, 41), "40 days, no reminder recorded")
    set_today(w, add_days(fd, -1))
    other = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", START)["id"]
    g = play(w.alice, other, "e4")
    expect_eq(g["clock"]["white"]["used_days"], 40, "40 days are in time")
    set_today(w, fd)
    r = w.alice.post("games/%d/moves" % gid, {"move": "e4"})
    expect_error(r, 409, "lost_on_time", "a move on the forfeit date")
    g = get_game(w.bob, gid)
    expect_eq((g["status"], g["result"], g["termination"], len(g["moves"])),
              ("finished", "0-1", "time_forfeit", 0), "the game ended, the move not played")
    expect_eq(audit_actions(w, gid), ["lost_on_time"], "audit")
    r = w.alice.post("games/%d/moves" % gid, {"move": "e4"})
    expect_error(r, 409, "game_over", "then the game is over")


@test
def e2_email_same_day_reply():
    """E2 (DSU 6.3.2.2 a): an e-mail move counts as received the day after
    the opponent's date, but a reply sent that same day is valid and costs
    0 days."""
    e2 = vector("email_receipt", "E2")
    w = world(e2["opponent_sent"])
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], e2["profile"],
                   add_days(e2["opponent_sent"], -3))["id"]
    play(w.alice, gid, "d4", sent=e2["opponent_sent"])
    g = play(w.bob, gid, "d5", sent=e2["reply_sent"])
    m = g["moves"][1]
    expect_eq((m["received"], m["sent"], m["days"]),
              (e2["counts_as_received"], e2["reply_sent"], e2["days"]), "E2 move")
    expect_eq(g["clock"]["black"]["used_days"], 0, "black's clock")
    # the day before the opponent's date is still refused
    g2 = new_game(w.tl, w.ids["alice"], w.ids["bob"], e2["profile"],
                  add_days(e2["opponent_sent"], -3))["id"]
    play(w.alice, g2, "d4", sent=e2["opponent_sent"])
    r = w.bob.post("games/%d/moves" % g2, {"move": "d5",
                                          "sent": add_days(e2["opponent_sent"], -1)})
    expect_error(r, 422, "invalid_date", "a reply before the opponent's move")


# ------------------------------------------------ notices and reminders

def sweep(w, today):
    """Runs `corrchess sweep` for `today` (no smtp_url: the mail waits in
    the outbox); returns the event lines as (kind, game id)."""
    env = dict(w.srv.env())
    env["CORRCHESS_TODAY"] = today
    r = subprocess.run([CORRCHESS, "--db", w.srv.db, "--mail_from", "sweep@corrchess.test",
                        "sweep"], capture_output=True, text=True, env=env, timeout=120)
    expect_eq(r.returncode, 0, "sweep on %s: %r %r" % (today, r.stdout, r.stderr))
    out = []
    for line in r.stdout.strip().splitlines()[:-1]:
        m = re.match(r"(reminder|tl_notice|forfeit|adjudication): game (\d+)\b", line)
        expect(m, "sweep line %r" % line)
        out.append((m.group(1), int(m.group(2))))
    return out


def events_of(events, gid):
    return [k for k, g in events if g == gid]


@test
def notice_of_a_longer_think():
    """DSU 6.3.4 ¶1 (DSU 6.3.4): the player to move announces 20 days; the
    opponent sees it; no reminder at 14 days, one at 20; a move after 25
    days costs no penalty, reminded or not: the +3 and +6 are for a player
    who used more than 14 days "uden at have underrettet sin modstander"
    (issue 21)."""
    w = world(add_days(START, 1))
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", START)["id"]
    u = "games/%d/notice" % gid
    expect_error(w.alice.post(u, {"days": 14}), 422, "invalid_field", "14 days is no notice")
    expect_error(w.alice.post(u, {"days": "20"}), 422, "invalid_field", "days as a string")
    expect_error(w.bob.post(u, {"days": 20}), 409, "not_your_turn", "black is not to move")
    expect_error(w.tl.post(u, {"days": 20}), 403, "not_a_player", "the TL plays no move")
    expect_error(w.alice.post(u, {"days": 20, "on": START}), 422, "invalid_field",
                 "only a postal player dates his notice")
    r = w.alice.post(u, {"days": 20})
    expect_status(r, 201, "notice")
    want = {"by": "white", "days": 20, "on": add_days(START, 1)}
    expect_eq(r.json["notice"], want, "GAME notice")
    expect_eq(get_game(w.bob, gid)["notice"], want, "the opponent sees it")
    expect_error(w.alice.post(u, {"days": 30}), 409, "notice_given", "one notice a move")
    expect_eq(events_of(sweep(w, add_days(START, 14)), gid), [], "no reminder at 14 days")
    expect_eq(events_of(sweep(w, add_days(START, 19)), gid), [], "nor at 19")
    expect_eq(events_of(sweep(w, add_days(START, 20)), gid), ["reminder"], "at 20 days")
    set_today(w, add_days(START, 25))
    g = play(w.alice, gid, "e4")
    c = g["clock"]["white"]
    expect_eq((g["moves"][0]["days"], c["penalty_days"], c["used_days"]), (25, 0, 25),
              "25 days after a notice of 20, reminded: no penalty")
    expect_eq(g["notice"], None, "the notice went with the move")


@test
def postal_reminder_recorded_by_the_player():
    """DSU 6.3.4 ¶2: in postal play the waiting player records the
    reminder he posted: not before 14 days + the post both ways (422
    too_early), once a move; the sweep then sends none and tells the TL 7
    days later; the penalty follows (+3)."""
    w = world(add_days(START, 30))
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", START)["id"]
    play(w.alice, gid, "e4", received=START, sent=START)
    # Black's receipt is estimated 2 days later; due 14 days after it and
    # the 2 days back: START + 18
    due = add_days(START, 18)
    u = "games/%d/reminder" % gid
    r = w.alice.post(u, {"sent": add_days(due, -1)})
    expect_error(r, 422, "too_early", "the day before it is due")
    expect_message_mentions(r, due, what="the message gives the due date")
    expect_error(w.bob.post(u, {"sent": due}), 409, "your_turn", "the silent player himself")
    expect_error(w.alice.post(u, {"sent": add_days(START, 31)}), 422, "invalid_date",
                 "a date in the future")
    expect_error(w.alice.post(u, {"sent": due, "x": 1}), 422, "unknown_field", "extra field")
    r = w.alice.post(u, {"sent": due})
    expect_status(r, 201, "the reminder on its due date")
    expect_eq(r.json["reminders"], [{"to": "black", "kind": "reminder", "on": due}],
              "GAME reminders")
    expect_error(w.alice.post(u, {"sent": due}), 409, "already_reminded", "only once")
    expect_eq(events_of(sweep(w, add_days(due, 6)), gid), [], "6 days after: nothing")
    expect_eq(events_of(sweep(w, add_days(due, 7)), gid), ["tl_notice"],
              "the TL 7 days after the reminder, no second reminder")
    set_today(w, add_days(START, 30))
    g = play(w.bob, gid, "e5", received=add_days(START, 2), sent=add_days(due, 1))
    c = g["clock"]["black"]
    expect_eq((g["moves"][1]["days"], c["penalty_days"]), (17, 3),
              "17 days, sent after the reminder (before the TL notice): +3")
    # e-mail play: the server reminds by itself
    g2 = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", START)["id"]
    play(w.alice, g2, "e4", sent=START)
    expect_error(w.alice.post("games/%d/reminder" % g2, {}), 409, "not_postal", "e-mail")


@test
def sweep_ends_playing_on_0_0():
    """F1 found by the sweep (DSU 6.3.3.3: "a later claim, the sweep or the
    TL ends it 0-0"): after Black played on, the sweep ends the postal
    game 0-0 with an audit line."""
    w, gid, sent10 = f1_played_on()
    expect_eq(events_of(sweep(w, add_days(sent10, 8)), gid), ["forfeit"], "the sweep finds it")
    g = get_game(w.tl, gid)
    expect_eq((g["status"], g["result"], g["termination"]), ("finished", "0-0", "time_forfeit"),
              "lost for both")
    expect_eq(audit_actions(w, gid), ["sweep_both_lose"], "audit")


@test
def email_reminder_copies_the_tl():
    """DSU 6.8.3: in e-mail play the reminder goes with a copy to the TL;
    in server play only to the silent player."""
    w = world(START)
    mail = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", START)["id"]
    srv = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", START)["id"]
    ev = sweep(w, add_days(START, 14))
    expect_eq((events_of(ev, mail), events_of(ev, srv)), (["reminder"], ["reminder"]),
              "both reminded")
    rows = w.srv.db_rows("SELECT e.game_id, m.to_addr FROM mail_outbox m JOIN sweep_events e"
                         " ON e.id = m.event_id ORDER BY m.id")
    expect_eq(sorted(a for g, a in rows if g == mail),
              ["alice@example.org", "tl@example.org"], "e-mail: alice and the TL")
    expect_eq([a for g, a in rows if g == srv], ["alice@example.org"], "server: alice only")


# ------------------------------------------------ the TL's tools

@test
def tl_penalty_and_audit():
    """DSU 6.3.5.1: the TL adds 3 days for an illegible card (audited with
    his reason); they count at once; players may not add penalties or read
    the audit."""
    w = world(add_days(START, 5))
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", START)["id"]
    play(w.alice, gid, "e4", received=START, sent=add_days(START, 2))
    u = "games/%d/penalty" % gid
    body = {"color": "white", "days": 3, "reason": "illegible card (DSU 6.3.5.1)"}
    expect_error(w.alice.post(u, body), 403, "forbidden", "a player")
    for bad in ({"color": "red", "days": 3, "reason": "x" * 5},
                {"color": "white", "days": 0, "reason": "x" * 5},
                {"color": "white", "days": 3, "reason": "x"},
                {"color": "white", "days": 3}):
        r = w.tl.post(u, bad)
        expect(r.status == 422, "bad penalty %r: %r" % (bad, r))
    r = w.tl.post(u, body)
    expect_status(r, 201, "penalty")
    expect_eq(r.json["penalties"], [{"color": "white", "days": 3, "reason": body["reason"],
                                     "on": add_days(START, 5)}], "GAME penalties")
    c = r.json["clock"]["white"]
    expect_eq((c["used_days"], c["penalty_days"]), (5, 3), "2 days + 3")
    r = w.tl.get("games/%d/audit" % gid)
    expect_status(r, 200, "audit")
    expect_eq([(l["action"], l["user"]) for l in r.json["audit"]],
              [("tl_penalty", w.ids["tl"])], "the audit line")
    expect(body["reason"] in r.json["audit"][0]["detail"], "the reason is kept")
    expect_eq(r.json["next"], None, "one page")
    expect_error(w.alice.get("games/%d/audit" % gid), 403, "forbidden", "a player's audit")
    expect_error(w.tl.get("games/999/audit"), 404, "not_found", "no such game")
    expect_error(w.tl.get("games/%d/audit?limit=0" % gid), 422, "invalid_field", "limit 0")


@test
def tl_corrects_a_date():
    """DSU 6.2.1.1 c: the TL corrects a stated date; the days, the clocks
    and the export follow; a correction that does not fit changes
    nothing; in e-mail play the next received date follows the sent."""
    w = world(add_days(START, 10))
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", START)["id"]
    play(w.alice, gid, "e4", received=START, sent=add_days(START, 3))
    play(w.bob, gid, "e5", received=add_days(START, 7), sent=add_days(START, 8))
    u = "games/%d/moves/1" % gid
    reason = "the postmark says the 1st (6.2.1.1 c)"
    expect_error(w.alice.request("PATCH", u, body={"sent": add_days(START, 1),
                                                   "reason": reason}),
                 403, "forbidden", "a player")
    r = w.tl.request("PATCH", u, body={"sent": add_days(START, 1), "reason": reason})
    expect_status(r, 200, "correct 1.e4's sent date")
    expect_eq((r.json["moves"][0]["sent"], r.json["moves"][0]["days"]),
              (add_days(START, 1), 1), "1.e4 now")
    expect_eq(r.json["clock"]["white"]["used_days"], 1, "white's clock follows")
    expect_eq(w.srv.db_rows("SELECT sent FROM moves WHERE game_id = ? ORDER BY ply", (gid,)),
              [(add_days(START, 1),), (add_days(START, 8),)], "stored dates")
    pgn = w.tl.get("games/%d/pgn" % gid)
    expect_status(pgn, 200, "PGN")
    expect(add_days(START, 3).replace("-", ".") not in pgn.text and
           add_days(START, 3) not in pgn.text, "the old date is gone from the export")
    before = get_game(w.tl, gid)
    for body, code, what in (
            ({"received": add_days(START, 1), "reason": reason}, "invalid_field",
             "the first move's received date"),
            ({"sent": add_days(START, 8), "reason": reason}, "invalid_date",
             "sent after the opponent received it"),
            ({"sent": add_days(START, 11), "reason": reason}, "invalid_date", "the future"),
            ({"reason": reason}, "missing_field", "nothing to correct"),
            ({"sent": add_days(START, 1)}, "missing_field", "no reason")):
        expect_error(w.tl.request("PATCH", u, body=body), 422, code, what)
        expect_eq(get_game(w.tl, gid)["moves"], before["moves"], what + ": unchanged")
    expect_error(w.tl.request("PATCH", "games/%d/moves/3" % gid,
                              body={"sent": START, "reason": reason}), 404, "not_found",
                 "no move 3")
    r = w.tl.request("PATCH", "games/%d/moves/2" % gid,
                     body={"received": add_days(START, 4), "reason": reason})
    expect_status(r, 200, "black's received date")
    expect_eq(r.json["moves"][1]["days"], 4, "1...e5 now 4 days (Friday to Tuesday)")
    acts = [l["action"] for l in w.tl.get("games/%d/audit" % gid).json["audit"]]
    expect_eq(acts, ["tl_move_dates", "tl_move_dates"], "audited")
    # e-mail: the next move's received date is derived from the sent one
    g2 = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", START)["id"]
    play(w.alice, g2, "e4", sent=add_days(START, 4))
    play(w.bob, g2, "e5", sent=add_days(START, 8))
    r = w.tl.request("PATCH", "games/%d/moves/1" % g2,
                     body={"sent": add_days(START, 2), "reason": reason})
    expect_status(r, 200, "e-mail correction")
    m = r.json["moves"]
    expect_eq((m[0]["days"], m[1]["received"], m[1]["days"]), (2, add_days(START, 3), 5),
              "the reply counts from the day after the corrected date")
    # DSU 6.8.2 (issue 21 item 7): the TL records a longer transmission
    # than the normal day: a later received date; never an earlier one
    before = get_game(w.tl, g2)
    expect_error(w.tl.request("PATCH", "games/%d/moves/2" % g2,
                              body={"received": add_days(START, 2), "reason": reason}),
                 422, "invalid_date", "e-mail: received before the normal day")
    expect_eq(get_game(w.tl, g2)["moves"], before["moves"], "refused: unchanged")
    r = w.tl.request("PATCH", "games/%d/moves/2" % g2,
                     body={"received": add_days(START, 5),
                           "reason": "the mail took 3 days (DSU 6.8.2)"})
    expect_status(r, 200, "e-mail: a longer transmission recorded")
    m = r.json["moves"]
    expect_eq((m[1]["received"], m[1]["days"]), (add_days(START, 5), 3),
              "1...e5 counts from the day the mail came")
    expect_eq(r.json["clock"]["black"]["used_days"], 3, "black's clock follows")
    r = w.tl.request("PATCH", "games/%d/moves/1" % g2,
                     body={"sent": add_days(START, 1), "reason": reason})
    expect_status(r, 200, "white's sent date again")
    expect_eq(r.json["moves"][1]["received"], add_days(START, 5),
              "the recorded longer transmission stays")
    expect_error(w.tl.request("PATCH", "games/%d/moves/2" % g2,
                              body={"received": add_days(START, 9), "reason": reason}),
                 422, "invalid_date", "received after the move was sent")
    g3 = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", START)["id"]
    play(w.alice, g3, "e4")
    play(w.bob, g3, "e5")
    expect_error(w.tl.request("PATCH", "games/%d/moves/2" % g3,
                              body={"received": START, "reason": reason}),
                 422, "invalid_field", "server: received is the server's")


@test
def holiday_play_on_agreement():
    """DSU 6.3.6.2: with the agreement recorded by the TL, the
    sweep sends no reminder about a move made in the holidays; without
    it, it does (after 14 days counted from the end of the holidays)."""
    start = "2027-12-01"
    w = world(start)
    with_, without = (new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", start)["id"]
                      for _ in range(2))
    set_today(w, "2027-12-22")
    for gid in (with_, without):
        play(w.alice, gid, "d4", sent="2027-12-22")
    u = "games/%d/holiday_play" % with_
    expect_error(w.alice.post(u, {"agreed": True, "reason": "we both agree"}), 403,
                 "forbidden", "a player")
    expect_error(w.tl.post(u, {"agreed": "yes", "reason": "we both agree"}), 422,
                 "invalid_field", "agreed as a string")
    r = w.tl.post(u, {"agreed": True, "reason": "both players wrote to agree"})
    expect_status(r, 200, "agreement")
    expect_eq(r.json["holiday_play"], True, "GAME holiday_play")
    expect_eq(get_game(w.bob, without)["holiday_play"], False, "the other game")
    ev = sweep(w, "2028-01-20")
    expect_eq(events_of(ev, without), ["reminder"], "without the agreement: reminded")
    expect_eq(events_of(ev, with_), [], "with it: no reminder about a holiday move")
    acts = [l["action"] for l in w.tl.get("games/%d/audit" % with_).json["audit"]]
    expect_eq(acts, ["holiday_play"], "audited")


# ------------------------------------------------ vacations (DSU 6.3.6, 6.8.8)

def tournament(w, name, profile, start, players):
    r = w.tl.post("tournaments", {"name": name, "kind": "round_robin", "profile": profile,
                                  "start_date": start, "players": players})
    expect_status(r, 201, "tournament " + name)
    return r.json["id"], r.json["games"]


def outbox_to(w):
    """The addresses of the vacation notices in the outbox (lib/notify
    writes them in each reader's language)."""
    return sorted(r[0] for r in w.srv.db_rows(
        "SELECT to_addr FROM mail_outbox WHERE lower(subject) LIKE '%vacation%'"
        " OR lower(subject) LIKE '%ferie%'"))


@test
def vacation_per_tournament():
    """Issue 9 (DSU 6.3.6): the allowance counts from each tournament's
    own start; a postal vacation belongs to one tournament (required when
    the player is in several) and stops only its games; the notice to the
    opponents of that tournament is queued in the outbox; a TL records a
    notice sent earlier by post (notice_on)."""
    w = world("2027-06-01")
    w.ids["carol"], _ = w.srv.add_user("carol")
    w.carol = w.srv.login("carol")
    a, b, c = w.ids["alice"], w.ids["bob"], w.ids["carol"]
    t1, (g1,) = tournament(w, "T1", "dsu-post", "2026-07-01", [a, b])
    t2, (g2,) = tournament(w, "T2", "dsu-post", "2027-03-01", [a, c])
    # 30 days of T1's first year (to 30 June 2027), recorded by the TL
    r = w.tl.post("vacations", {"user": a, "tournament": t1, "start": "2027-04-06",
                                "end": "2027-05-05", "notice_on": "2027-03-01"})
    expect_status(r, 201, "T1 vacation with an earlier notice")
    expect_eq((r.json["tournament"], r.json["days"], r.json["notice_on"]),
              (t1, 30, "2027-03-01"), "stored for T1")
    body = {"start": "2027-06-20", "end": "2027-06-29"}
    expect_error(w.alice.post("vacations", body), 422, "missing_field",
                 "two postal tournaments: which one?")
    expect_error(w.alice.post("vacations", dict(body, tournament=t1)), 422,
                 "vacation_too_long", "T1 has 5 days left in its year")
    expect_error(w.alice.post("vacations", dict(body, tournament=999)), 422, "invalid_field",
                 "no such tournament")
    expect_error(w.alice.post("vacations", dict(body, tournament=t1, notice_on="2027-05-01")),
                 403, "forbidden", "a player cannot date his notice back")
    before = outbox_to(w)
    r = w.alice.post("vacations", dict(body, tournament=t2))
    expect_status(r, 201, "T2 has its own 35 days")
    expect_eq(r.json["tournament"], t2, "T2's")
    expect_eq(outbox_to(w), sorted(before + ["carol@example.org"]),
              "the notice goes to carol, T2's opponent, not to bob")
    # the T2 vacation stops the T2 game, not the T1 game (White to move
    # in both since their start)
    fd1 = get_game(w.tl, g1)["clock"]["white"]["forfeit_date"]
    fd2 = get_game(w.tl, g2)["clock"]["white"]["forfeit_date"]
    expect(fd1 is not None and fd2 is not None, "both to move")
    g2j = get_game(w.tl, g2)
    expect_eq(g2j["tournament"], t2, "GAME tournament")
    # the TL's earlier notice: start 6 days after it, not after today
    r = w.tl.post("vacations", {"user": c, "tournament": t2, "start": "2027-06-03",
                                "end": "2027-06-04", "notice_on": "2027-05-28"})
    expect_status(r, 201, "notice_on 28 May: 3 June is allowed")
    r = w.tl.post("vacations", {"user": c, "tournament": t2, "start": "2027-06-05",
                                "end": "2027-06-06"})
    expect_error(r, 422, "notice_too_short", "without notice_on the notice is today")
    # the days left, per tournament (?tournament=)
    u = "users/%d/vacations" % a
    r1 = w.alice.get(u + "?tournament=%d" % t1)
    expect_status(r1, 200, "T1's list")
    expect_eq((r1.json["remaining_days"], r1.json["tournament_year"]),
              (5, {"start": "2026-07-01", "end": "2027-06-30"}), "T1: 5 days left in its year")
    r2 = w.alice.get(u + "?tournament=%d" % t2)
    expect_eq(r2.json["remaining_days"], 25, "T2: 35 - 10")
    expect_eq([v["tournament"] for v in r2.json["vacations"]], [t2], "T2's own periods")
    expect_error(w.alice.get(u + "?tournament=999"), 404, "not_found", "no such tournament")
    expect_error(w.alice.get(u + "?tournament=x"), 422, "invalid_field", "not an id")


def alice_in_two(first, second):
    """A world of 2027-06-01 where alice plays bob in the tournament
    `first` and carol in `second`, each (name, profile, start date):
    (world, (first's id, its game), (second's id, its game))."""
    w = world("2027-06-01")
    w.ids["carol"], _ = w.srv.add_user("carol")
    a, b, c = w.ids["alice"], w.ids["bob"], w.ids["carol"]
    t1, (g1,) = tournament(w, *first, [a, b])
    t2, (g2,) = tournament(w, *second, [a, c])
    return w, (t1, g1), (t2, g2)


def forfeit_date(w, gid):
    """The forfeit date of the side to move in game gid."""
    g = get_game(w.tl, gid)
    return g["clock"][g["to_move"]]["forfeit_date"]


@test
def vacation_stops_only_its_tournament():
    """A postal vacation in T1 moves the forfeit date of T1's game, not
    that of T2's game started the same day."""
    w, (t1, g1), (t2, g2) = alice_in_two(("T1", "dsu-post", "2027-06-01"),
                                         ("T2", "dsu-post", "2027-06-01"))
    fd = functools.partial(forfeit_date, w)
    f1, f2 = fd(g1), fd(g2)
    expect_eq(f1, f2, "the same clocks before")
    r = w.alice.post("vacations", {"start": "2027-06-14", "end": "2027-06-18",
                                   "tournament": t1})
    expect_status(r, 201, "alice's T1 vacation")
    expect_eq(fd(g2), f2, "T2's game is not stopped")
    expect_eq(fd(g1), add_days(f1, 5), "T1's game stands still 5 days")


@test
def email_vacation_stops_only_its_tournament():
    """Issue 21 item 6, DSU 6.8.8 ("Ferie skal afholdes samtidigt mod alle
    tilbageværende modstandere", of that tournament): an e-mail vacation
    naming its tournament is stored with it, stops only its games and is
    told only to its opponents - not the postal opponent of another
    tournament; naming none while in two is refused; its allowance counts
    from its own tournament's start."""
    w, (t1, g1), (t2, g2) = alice_in_two(("E1", "dsu-email", "2027-05-25"),
                                         ("P2", "dsu-post", "2027-06-01"))
    fd = functools.partial(forfeit_date, w)
    f1, f2 = fd(g1), fd(g2)
    r = w.alice.post("vacations", {"start": "2027-06-10", "end": "2027-06-14"})
    expect_error(r, 422, "missing_field", "in two tournaments: say which")
    r = w.alice.post("vacations", {"start": "2027-06-10", "end": "2027-06-14", "tournament": t1})
    expect_status(r, 201, "the e-mail vacation of E1")
    expect_eq(r.json["tournament"], t1, "stored with its tournament")
    expect_eq(w.srv.db_rows("SELECT tournament_id FROM vacations WHERE user_id = ?",
                            (w.ids["alice"],)), [(t1,)], "the row names E1")
    expect_eq(outbox_to(w), ["bob@example.org"], "only E1's opponent is told")
    expect_eq(fd(g2), f2, "the postal game of P2 is not stopped")
    expect_eq(fd(g1), add_days(f1, 5), "E1's game stands still 5 days")
    # E1's first year runs to 24 May 2028: 5 + 31 > 35
    r = w.alice.post("vacations", {"start": "2027-06-20", "end": "2027-07-20", "tournament": t1})
    expect_error(r, 422, "vacation_too_long", "E1's allowance")
    expect_message_mentions(r, "35", what="the allowance")


if __name__ == "__main__":
    run_tests()
