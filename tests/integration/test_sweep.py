#!/usr/bin/env python3
"""The daily sweep and the TL overview (docs/SWEEP.md; API.md "Programs",
"Tournament leader"), against the real corrchess/corrchessd with a
temporary database and a real SMTP server (Debian's python3-aiosmtpd,
run by /usr/bin/python3, writing a Maildir):

- reminders after 14 days of silence and the TL notice 7 days later
  (DSU 6.3.4; DSU 6.3.4), each once, mailed to the right people;
- time forfeits (DSU 6.3.3.3-6.3.3.5, 6.8.7; DSU 6.3.3, 4.6): ended by the
  sweep in the `server` profile, only flagged in `dsu-post` (then claimed);
- games due for adjudication 18 months after their start (DSU 6.2.7);
- the mail outbox: kept when SMTP is down or not configured, sent exactly
  once later; the summary line and the exit status;
- GET /api/v1/tl/overview: its four lists, and who may read it.

Expected dates come from DSU 6.3 computed here, not from the program."""
import atexit
import collections
import datetime
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
from smtpd import Smtp  # noqa: E402

MAIL_FROM = "sweep@corrchess.test"
BASE_URL = "http://corrchess.test"
D = "2027-09-01"  # start of the silent server games
EVENTS = ("reminder", "tl_notice", "forfeit", "adjudication")
SUMMARY = re.compile(r"sweep (\d{4}-\d{2}-\d{2}): (\d+) games, (\d+) reminders, (\d+) tl_notices,"
                     r" (\d+) forfeits, (\d+) adjudications; (\d+) mails queued, (\d+) sent,"
                     r" (\d+) failed")
FIELDS = ("games",) + tuple(k + "s" for k in EVENTS) + ("queued", "sent", "failed")
TL, ALICE, BOB = "tl@example.org", "alice@example.org", "bob@example.org"


def server_dates(start, recorded=("reminder", "tl_notice")):
    """A server game whose player to move stays silent from `start`: no
    stopped days; reminder after 14 days, TL 7 days later (DSU 6.3.4), and
    the forfeit date: the first day n on which n days plus the silence
    penalties (+3 once reminded, +6 once the TL was told) exceed 40 - the
    penalties only for what the sweep has recorded (DSU 6.3.4, issue 9)."""
    s = day(start)
    rem, tl = s + datetime.timedelta(days=14), s + datetime.timedelta(days=21)
    n = 0
    while True:
        d = s + datetime.timedelta(days=n)
        pen = (3 if n > 14 and d >= rem and "reminder" in recorded else 0) + \
            (6 if n > 14 and d >= tl and "tl_notice" in recorded else 0)
        if n + pen > 40:
            return iso(rem), iso(tl), iso(d)
        n += 1


def months_before(date, n):
    d = day(date)
    y, m = divmod(d.year * 12 + d.month - 1 - n, 12)
    return iso(d.replace(year=y, month=m + 1))


def world(today):
    """A fresh daemon (tl, admin, alice, bob, carol), closed at exit.  The
    mail a user can turn off (moves, results: docs/NOTIFY.md) is off
    here: this file counts the sweep's own mail."""
    srv = Server(today=today).start()
    atexit.register(srv.close)
    w = World(srv)
    srv.db_exec("UPDATE users SET mail = 'off'")
    return w


def expect_mails(mails, counts, gid=None, what=""):
    """One recipient per mail, To = envelope, From = mail_from; `counts`
    maps each address to its number of mails (others get none)."""
    for m in mails:
        expect(len(m.to) == 1 and m.rcpt == m.to, "%s: one recipient a mail: %r" % (what, m))
        expect_eq(m.sender, [MAIL_FROM], "%s: From" % what)
        if gid is not None:
            expect(re.search(r"\b%d\b" % gid, m.subject + "\n" + m.body),
                   "%s: mail names game %d: %r" % (what, gid, m))
    expect_eq(dict(collections.Counter(m.to[0] for m in mails)), counts, what + ": mails to")


def sweep(srv, today, smtp=None, status=0):
    """Runs `corrchess sweep` for `today` (smtp: an Smtp, a URL, or None
    for no smtp_url) and checks its output against docs/SWEEP.md: event
    lines, then the summary, whose counts match the lines and the mail
    table (one TL: reminder 1 mail, tl_notice 2, forfeit 3,
    adjudication 1).  Returns the summary as a dict plus "events":
    [(kind, game id, line)]."""
    active = srv.db_rows("SELECT count(*) FROM games WHERE status = 'active'")[0][0]
    args = [CORRCHESS, "--db", srv.db, "--mail_from", MAIL_FROM, "--base_url", BASE_URL]
    if smtp is not None:
        args += ["--smtp_url", smtp if isinstance(smtp, str) else smtp.url]
    env = {k: v for k, v in srv.env().items() if not k.startswith("CORRCHESS_SMTP")}
    env["CORRCHESS_TODAY"] = today
    r = subprocess.run(args + ["sweep"], capture_output=True, text=True, env=env, timeout=120)
    what = "sweep on %s" % today
    expect_eq(r.returncode, status, "%s: exit status (stdout %r, stderr %r)"
              % (what, r.stdout, r.stderr))
    lines = r.stdout.strip().splitlines()
    m = SUMMARY.fullmatch(lines[-1].strip()) if lines else None
    expect(m, "%s: summary as the last line: %r" % (what, r.stdout))
    expect_eq(m.group(1), today, what + ": summary date")
    s = dict(zip(FIELDS, map(int, m.groups()[1:])))
    s["events"] = []
    for line in lines[:-1]:
        e = re.match(r"(%s): game (\d+)\b" % "|".join(EVENTS), line)
        expect(e, "%s: not an event line: %r" % (what, line))
        s["events"].append((e.group(1), int(e.group(2)), line))
    for k in EVENTS:
        expect_eq(s[k + "s"], sum(1 for e in s["events"] if e[0] == k), what + ": " + k + "s")
    expect_eq(s["games"], active, what + ": active games swept")
    expect_eq(s["queued"], s["reminders"] + 2 * s["tl_notices"] + 3 * s["forfeits"]
              + s["adjudications"], what + ": mails queued")
    return s


def expect_quiet(s, what=""):
    expect_eq((s["events"], s["queued"], s["sent"], s["failed"]), ([], 0, 0, 0),
              what + ": nothing new")


def outbox(srv):
    return srv.db_rows("SELECT sent_at, attempts, last_error FROM mail_outbox ORDER BY id")


def kinds(srv):
    return sorted(r[0] for r in srv.db_rows("SELECT kind FROM sweep_events"))


def overview(client, status=200):
    r = client.get("tl/overview")
    expect_status(r, status, "GET tl/overview")
    if status != 200:
        expect_error_shape(r, "tl/overview")
        return None
    # "deadlines" (issue 11, test_tourney_dsu.py) has items of its own shape
    deadlines = r.json.pop("deadlines", None)
    expect(isinstance(deadlines, list), "deadlines is a list")
    expect_eq(r.json.pop("next"), None, "one page holds these few games (API.md \"Lists\")")
    # "connection_lost" (issue 22, DSU 6.8.1, test_federation.py) likewise
    expect_eq(r.json.pop("connection_lost", None), [], "no connection lost here")
    expect_eq(set(r.json), {"overdue", "silent", "forfeits", "adjudication_due"}, "lists")
    for name, items in r.json.items():
        expect(isinstance(items, list), "%s is a list" % name)
        for it in items:
            expect(set(it) >= {"game", "player", "since", "detail"}, "%s item: %r" % (name, it))
            expect_user(it["player"])
            expect(re.fullmatch(r"\d{4}-\d{2}-\d{2}", it["since"] or ""), "since: %r" % (it,))
            expect(isinstance(it["detail"], str) and it["detail"].strip(), "detail: %r" % (it,))
        # issue 16: each list in date order (ties by game id)
        keys = [(it["since"], it["game"]) for it in items]
        expect_eq(keys, sorted(keys), name + " ordered by date")
    return r.json


def item(ov, name, gid):
    found = [it for it in ov[name] if it["game"] == gid]
    expect(len(found) == 1, "game %d once in %s: %r" % (gid, name, ov[name]))
    return found[0]


# ------------------------------------------------------------------- tests
# a-c: one silent server game, followed from D through its forfeit.

_story = {}


def story():
    if not _story:
        w = world(D)
        g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", D)
        rem, tl, fd = server_dates(D)
        # nothing recorded yet: the limit alone (vector P1)
        expect_eq(g["clock"]["white"]["forfeit_date"], server_dates(D, ())[2],
                  "white's forfeit date before any reminder (DSU 6.3.3, 4.7)")
        expect_eq(g["reminders"], [], "no reminders yet")
        _story.update(w=w, srv=w.server, gid=g["id"], rem=rem, tl=tl, fd=fd)
    return _story


@test
def reminder_once():
    st = story()
    srv, gid, rem = st["srv"], st["gid"], st["rem"]
    with Smtp() as smtp:
        s = sweep(srv, add_days(rem, -1), smtp)
        expect_quiet(s, "13 days of silence")
        expect_eq(smtp.new_mails(), [], "no mail after 13 days")
        s = sweep(srv, rem, smtp)
        expect_eq([e[:2] for e in s["events"]], [("reminder", gid)], "the reminder on day 14")
        line = s["events"][0][2]
        expect("alice" in line and rem in line, "reminder line names alice and %s: %r" % (rem, line))
        expect_eq((s["games"], s["queued"], s["sent"], s["failed"]), (1, 1, 1, 0), "counts")
        mails = smtp.new_mails()
        expect_mails(mails, {ALICE: 1}, gid, "reminder")
        text = mails[0].subject + "\n" + mails[0].body
        expect("reminder" in text.lower(), "the mail says reminder: %r" % (mails[0],))
        expect("%s/games/%d" % (BASE_URL, gid) in mails[0].body, "link: %r" % mails[0].body)
        expect_quiet(sweep(srv, rem, smtp), "second sweep the same day")
        expect_eq(smtp.new_mails(), [], "nothing sent twice")
    expect_eq(kinds(srv), ["reminder"], "sweep_events")
    expect_eq([r[0] is not None for r in outbox(srv)], [True], "the mail is marked sent")
    # the recorded reminder: in GAME, and +3 from now on (DSU 6.3.4)
    g = get_game(st["w"].bob, gid)
    expect_eq(g["reminders"], [{"to": "white", "kind": "reminder", "on": rem}], "GAME reminders")
    expect_eq(g["clock"]["white"]["forfeit_date"], server_dates(D, ("reminder",))[2],
              "the forfeit date after the reminder was recorded")


@test
def tl_notice_once():
    st = story()
    srv, gid, tl = st["srv"], st["gid"], st["tl"]
    with Smtp() as smtp:
        expect_quiet(sweep(srv, add_days(tl, -1), smtp), "the day before the TL date")
        s = sweep(srv, tl, smtp)
        expect_eq([e[:2] for e in s["events"]], [("tl_notice", gid)], "TL notice on day 21")
        expect(tl in s["events"][0][2], "TL date in %r" % s["events"][0][2])
        expect_eq((s["queued"], s["sent"], s["failed"]), (2, 2, 0), "two mails")
        expect_mails(smtp.new_mails(), {TL: 1, ALICE: 1}, gid, "tl_notice")
        expect_quiet(sweep(srv, tl, smtp), "again the same day")
        expect_quiet(sweep(srv, add_days(tl, 3), smtp), "three days later")
        expect_eq(smtp.new_mails(), [], "no repeat")
    expect_eq(kinds(srv), ["reminder", "tl_notice"], "sweep_events")
    g = get_game(st["w"].bob, gid)
    expect_eq([r["kind"] for r in g["reminders"]], ["reminder", "tl_notice"], "GAME reminders")
    expect_eq(g["reminders"][1], {"to": "white", "kind": "tl_notice", "on": tl}, "the TL notice")
    expect_eq(g["clock"]["white"]["forfeit_date"], st["fd"],
              "the forfeit date with both recorded: +3 +6")


@test
def forfeit_server_ends_the_game():
    st = story()
    srv, gid, fd = st["srv"], st["gid"], st["fd"]
    with Smtp() as smtp:
        expect_quiet(sweep(srv, add_days(fd, -1), smtp), "the day before the forfeit date")
        s = sweep(srv, fd, smtp)
        expect_eq([e[:2] for e in s["events"]], [("forfeit", gid)], "forfeit on " + fd)
        expect("0-1" in s["events"][0][2], "the line gives the result: %r" % s["events"][0][2])
        expect_eq((s["games"], s["queued"], s["sent"], s["failed"]), (1, 3, 3, 0), "counts")
        expect_mails(smtp.new_mails(), {TL: 1, ALICE: 1, BOB: 1}, gid, "forfeit")
        s = sweep(srv, fd, smtp)
        expect_quiet(s, "again")
        expect_eq(s["games"], 0, "no active game left")
    srv.restart(today=fd)
    g = get_game(st["w"].bob, gid)
    expect_eq((g["status"], g["result"], g["termination"]), ("finished", "0-1", "time_forfeit"),
              "white lost on time")
    expect_eq(srv.db_rows("SELECT count(*) FROM audit WHERE game_id = ? AND action = ?",
                          (gid, "sweep_time_forfeit"))[0][0], 1, "audit line")
    it = item(overview(st["w"].tl), "forfeits", gid)
    expect_user(it["player"], st["w"].ids["alice"], "alice")
    expect_eq(it["since"], fd, "forfeits: since the day the game ended")
    expect_eq(kinds(srv), ["forfeit", "reminder", "tl_notice"], "sweep_events")


@test
def tl_notice_waits_for_the_recorded_reminder():
    """DSU 6.3.4: the TL is told 7 days after the reminder actually sent.
    A sweep that first runs on day 25 sends the reminder only; the TL
    notice follows on day 32; the penalties follow the records (+3 from
    day 25, +6 more from day 32)."""
    w = world(D)
    srv = w.server
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", D)["id"]
    late = add_days(D, 25)
    with Smtp() as smtp:
        s = sweep(srv, late, smtp)
        expect_eq([e[:2] for e in s["events"]], [("reminder", gid)], "only the reminder")
        expect_mails(smtp.new_mails(), {ALICE: 1}, gid, "reminder")
        expect_quiet(sweep(srv, add_days(late, 6), smtp), "6 days after the reminder")
        s = sweep(srv, add_days(late, 7), smtp)
        expect_eq([e[:2] for e in s["events"]], [("tl_notice", gid)], "TL 7 days after it")
    g = get_game(w.bob, gid)
    expect_eq(g["reminders"], [{"to": "white", "kind": "reminder", "on": late},
                               {"to": "white", "kind": "tl_notice", "on": add_days(late, 7)}],
              "GAME reminders")
    # 40 days: over with +3 on day 38 (38 + 3 > 40), the +6 came on day 32
    # only: 32 + 9 > 40 there already
    expect_eq(g["clock"]["white"]["forfeit_date"], add_days(D, 32), "forfeit date")


@test
def forfeit_dsu_post_is_claimed():
    """dsu-post: the sweep flags the forfeit; the opponent claims it."""
    start = "2027-09-06"
    w = world(start)
    srv = w.server
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", start)["id"]
    fd0 = get_game(w.bob, gid)["clock"]["white"]["forfeit_date"]
    c = get_game(w.bob, gid)["clock"]["white"]
    # the sweep runs daily: the reminder and the TL notice are recorded on
    # their dates, and each brings the forfeit date forward (DSU 6.3.4)
    with Smtp() as smtp:
        for d in range(0, 40):
            today = add_days(start, d)
            if today >= fd0:
                break
            s = sweep(srv, today, smtp)
            if [e for e in s["events"] if e[0] == "tl_notice"]:
                break
        smtp.new_mails()
    g = get_game(w.bob, gid)
    expect_eq([r["kind"] for r in g["reminders"]], ["reminder", "tl_notice"], "both recorded")
    fd = g["clock"]["white"]["forfeit_date"]
    expect(fd < fd0, "the recorded reminders bring the forfeit date %s forward from %s"
           % (fd, fd0))
    expect(day(fd) > day(start) + datetime.timedelta(days=21), "forfeit date %s" % fd)
    with Smtp() as smtp:
        s = sweep(srv, add_days(fd, -1), smtp)
        expect_eq([e for e in s["events"] if e[0] == "forfeit"], [], "not yet on the day before")
        smtp.new_mails()
        s = sweep(srv, fd, smtp)
        expect_eq([e[:2] for e in s["events"] if e[0] == "forfeit"], [("forfeit", gid)], "flagged")
        expect_eq(s["sent"], s["queued"], "all sent")
        mails = smtp.new_mails()
        to = collections.Counter(m.to[0] for m in mails)
        expect(to[BOB] == 1 and to[TL] >= 1 and to[ALICE] >= 1, "forfeit mails: %r" % to)
        s = sweep(srv, add_days(fd, 1), smtp)
        expect_eq([e for e in s["events"] if e[0] == "forfeit"], [], "flagged once")
    expect_eq(srv.db_rows("SELECT status FROM games WHERE id = ?", (gid,)), [("active",)],
              "dsu-post: the sweep does not end the game")
    expect_eq(srv.db_rows("SELECT count(*) FROM audit WHERE action = 'sweep_time_forfeit'"),
              [(0,)], "no automatic forfeit")
    srv.restart(today=add_days(fd, 1))
    it = item(overview(w.tl), "overdue", gid)
    expect_eq((it["player"]["id"], it["since"]), (w.ids["alice"], fd), "overdue since " + fd)
    r = w.bob.post("games/%d/claim" % gid, {"type": "time_forfeit"})
    expect_status(r, 200, "bob's claim")
    expect_eq((r.json["status"], r.json["result"], r.json["termination"]),
              ("finished", "0-1", "time_forfeit"), "claimed")


def adjudication_game(w, today):
    """A dsu-post game started 18 months before today, kept within its
    time: the moves' transit (months here) does not count (DSU 6.3.1)."""
    start = months_before(today, 18)
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", start)["id"]
    play(w.alice, gid, "e4", received=start, sent=start)
    g = play(w.bob, gid, "e5", received=add_days(today, -3), sent=add_days(today, -3))
    expect(g["clock"]["white"]["forfeit_date"] > today, "white is within time: %r" % g["clock"])
    return gid, start


@test
def adjudication_after_18_months():
    today = "2027-09-01"
    w = world(today)
    srv = w.server
    gid, start = adjudication_game(w, today)
    expect_eq(start, "2026-03-01", "18 months before")
    with Smtp() as smtp:
        expect_quiet(sweep(srv, add_days(today, -1), smtp), "the day before")
        s = sweep(srv, today, smtp)
        expect_eq([e[:2] for e in s["events"]], [("adjudication", gid)], "due")
        line = s["events"][0][2]
        expect(start in line and today in line, "start and due date in %r" % line)
        expect_eq((s["queued"], s["sent"], s["failed"]), (1, 1, 0), "one mail")
        expect_mails(smtp.new_mails(), {TL: 1}, gid, "adjudication")
        expect_quiet(sweep(srv, add_days(today, 1), smtp), "once per game")
        expect_eq(smtp.new_mails(), [], "no repeat")
    expect_eq(kinds(srv), ["adjudication"], "sweep_events")


@test
def smtp_down_then_up():
    w = world(D)
    srv = w.server
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", D)["id"]
    _, tl, _ = server_dates(D)
    port = free_port()  # nothing listens there yet
    # the reminder (a late sweep on the TL date sends only the reminder:
    # the TL notice waits 7 days for it, DSU 6.3.4), then the TL notice
    rem, _, _ = server_dates(D)
    s = sweep(srv, rem, "smtp://127.0.0.1:%d" % port, status=1)
    expect_eq((s["reminders"], s["tl_notices"], s["queued"], s["sent"], s["failed"]),
              (1, 0, 1, 0, 1), "the reminder queued, not sent")
    s = sweep(srv, tl, "smtp://127.0.0.1:%d" % port, status=1)
    expect_eq((s["reminders"], s["tl_notices"], s["queued"], s["sent"], s["failed"]),
              (0, 1, 2, 0, 3), "everything queued, nothing sent")
    rows = outbox(srv)
    expect_eq(len(rows), 3, "three mails in the outbox")
    for sent_at, attempts, err in rows:
        expect(sent_at is None and attempts >= 1 and err, "a failed mail: %r" % (rows,))
    with Smtp(port) as smtp:
        s = sweep(srv, tl, smtp)
        expect_eq((s["events"], s["queued"], s["sent"], s["failed"]), ([], 0, 3, 0), "retried")
        expect_mails(smtp.new_mails(), {ALICE: 2, TL: 1}, gid, "after the outage")
        expect(all(r[0] is not None for r in outbox(srv)), "all marked sent: %r" % outbox(srv))
        expect_quiet(sweep(srv, tl, smtp), "third sweep")
        expect_eq(smtp.new_mails(), [], "nothing sent twice")


@test
def no_smtp_url_keeps_mail():
    w = world(D)
    srv = w.server
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", D)["id"]
    rem, _, _ = server_dates(D)
    s = sweep(srv, rem, None)
    expect_eq((s["reminders"], s["queued"], s["sent"], s["failed"]), (1, 1, 0, 0), "queued only")
    expect_eq([r[0] for r in outbox(srv)], [None], "waiting in the outbox")
    with Smtp() as smtp:
        s = sweep(srv, add_days(rem, 1), smtp)
        expect_eq((s["events"], s["queued"], s["sent"], s["failed"]), ([], 0, 1, 0), "sent later")
        expect_mails(smtp.new_mails(), {ALICE: 1}, gid, "the waiting reminder")
    expect_eq([r[0] is not None for r in outbox(srv)], [True], "marked sent")


def sweep_state(db):
    """What a sweep leaves: its events and their mails, as sets and as
    counts (a doubled row shows in the counts)."""
    import sqlite3
    con = sqlite3.connect(db, timeout=30)
    try:
        ev = con.execute("SELECT game_id, kind, user_id, ply FROM sweep_events").fetchall()
        mails = con.execute(
            "SELECT e.game_id, e.kind, m.to_addr, m.kind FROM mail_outbox m"
            " JOIN sweep_events e ON e.id = m.event_id").fetchall()
        ended = con.execute("SELECT id, result FROM games WHERE status = 'finished'").fetchall()
    finally:
        con.close()
    return (collections.Counter(ev), collections.Counter(mails), sorted(ended))


@test
def crash_mid_sweep_loses_and_doubles_nothing():
    """Issue 25: the sweep writes its events a chunk of games at a time,
    each chunk one transaction.  `corrchess sweep` killed with SIGKILL in
    the middle of its run, then run again, leaves exactly what one whole
    run leaves: every event once, each with its mails once, the games it
    ended ended once."""
    import signal
    import sqlite3
    today = "2027-10-20"  # 49 days after D: reminders, TL notices, forfeits
    w = world(D)
    srv = w.server
    a, b = w.ids["alice"], w.ids["bob"]
    new_game(w.tl, a, b, "server", D)
    dsu = new_game(w.tl, b, a, "dsu-post", D)["id"]
    srv.stop()
    # 3,000 more silent games: copies of the two (server games end on
    # time, dsu-post ones are only flagged), their dates computed.
    srv.db_exec("WITH RECURSIVE n(k) AS (SELECT 3 UNION ALL SELECT k + 1 FROM n WHERE k < 3002)"
                " INSERT INTO games (id, profile, start_date, white, black, start_fen, fen)"
                " SELECT k, profile, start_date, white, black, start_fen, fen FROM games, n"
                " WHERE games.id = CASE k % 2 WHEN 0 THEN ? ELSE 1 END", (dsu,))
    srv.db_exec("UPDATE users SET mail = 'each'")
    whole = os.path.join(srv.dir, "whole.db")
    shutil.copy(srv.db, whole)
    env = {k: v for k, v in srv.env().items() if not k.startswith("CORRCHESS_SMTP")}
    env["CORRCHESS_TODAY"] = today
    r = subprocess.run([CORRCHESS, "--db", whole, "sweep"], capture_output=True, text=True,
                       env=env, timeout=300)
    expect_eq(r.returncode, 0, "the whole run: %s" % r.stderr)
    want = sweep_state(whole)
    expect(sum(want[0].values()) > 3000, "many events: %d" % sum(want[0].values()))
    # The run that is killed: as soon as its first chunk is committed.
    killed_at = None
    for attempt in range(3):
        p = subprocess.Popen([CORRCHESS, "--db", srv.db, "sweep"], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 120
        while time.time() < deadline and p.poll() is None:
            con = sqlite3.connect(srv.db, timeout=30)
            try:
                n = con.execute("SELECT count(*) FROM sweep_events").fetchone()[0]
            except sqlite3.OperationalError:
                n = 0  # the schema is still being written
            finally:
                con.close()
            if n > 0:
                p.send_signal(signal.SIGKILL)
                break
            time.sleep(0.001)
        rc = p.wait(timeout=60)
        done = sum(sweep_state(srv.db)[0].values())
        if rc == -signal.SIGKILL and done < sum(want[0].values()):
            killed_at = done
            break
    expect(killed_at is not None, "the sweep was killed in the middle of its run")
    expect(killed_at > 0, "a part was committed before the kill: %d events" % killed_at)
    r = subprocess.run([CORRCHESS, "--db", srv.db, "sweep"], capture_output=True, text=True,
                       env=env, timeout=300)
    expect_eq(r.returncode, 0, "the run after the crash: %s" % r.stderr)
    got = sweep_state(srv.db)
    expect_eq(sorted(got[0].items()), sorted(want[0].items()), "every event once")
    expect(max(got[0].values()) == 1, "no event twice")
    expect_eq(sorted(got[1].items()), sorted(want[1].items()), "every mail once")
    expect_eq(got[2], want[2], "the same games ended, with the same results")
    srv.start()


@test
def sent_mail_bodies_purged_after_retention():
    """Issue 25: a sent mail keeps its row (to whom, what, when, its
    Message-ID) but drops its body once it was sent more than
    mail_retention_days (default 30) before the sweep's day; unsent mail
    and younger mail keep theirs."""
    today = "2027-10-20"
    w = world(today)
    srv = w.server
    rows = [("old@example.org", "2027-09-19T10:00:00Z"),    # 31 days before: purged
            ("young@example.org", "2027-09-21T10:00:00Z"),  # 29 days: kept
            ("unsent@example.org", None)]                   # never sent: kept
    for to, sent in rows:
        srv.db_exec("INSERT INTO mail_outbox (to_addr, subject, body, created_on, sent_at,"
                    " message_id) VALUES (?, 'the subject', 'the body', '2027-09-01', ?,"
                    " '<m.' || ? || '>')", (to, sent, to))
    s = sweep(srv, today)
    expect_eq(s["sent"], 0, "nothing sent (no smtp_url)")
    got = {r[0]: r[1:] for r in srv.db_rows(
        "SELECT to_addr, subject, body, purged_on, message_id, sent_at FROM mail_outbox")}
    expect_eq(got["old@example.org"],
              ("the subject", "", today, "<m.old@example.org>", "2027-09-19T10:00:00Z"),
              "past the retention: the row kept, the body dropped")
    expect_eq(got["young@example.org"][1:3], ("the body", None), "younger: kept whole")
    expect_eq(got["unsent@example.org"][1:3], ("the body", None), "unsent: kept whole")
    # The retention is a setting.
    env = {k: v for k, v in srv.env().items() if not k.startswith("CORRCHESS_SMTP")}
    env.update(CORRCHESS_TODAY=today, CORRCHESS_MAIL_RETENTION_DAYS="10")
    r = subprocess.run([CORRCHESS, "--db", srv.db, "sweep"], capture_output=True, text=True,
                       env=env, timeout=120)
    expect_eq(r.returncode, 0, "sweep with a retention of 10 days: %s" % r.stderr)
    expect_eq(srv.db_rows("SELECT body FROM mail_outbox WHERE to_addr = 'young@example.org'"),
              [("",)], "10 days: the younger one goes too")
    env["CORRCHESS_MAIL_RETENTION_DAYS"] = "0"
    r = subprocess.run([CORRCHESS, "--db", srv.db, "sweep"], capture_output=True, text=True,
                       env=env, timeout=120)
    expect(r.returncode != 0 and "mail_retention_days" in r.stderr,
           "0 days is refused: %r" % r.stderr)


@test
def tl_overview():
    today = "2027-09-01"
    w = world(today)
    a, b = w.ids["alice"], w.ids["bob"]
    g1 = new_game(w.tl, a, b, "server", add_days(today, -15))["id"]   # reminded
    g2 = new_game(w.tl, b, a, "server", add_days(today, -25))["id"]   # TL told
    g3 = new_game(w.tl, a, b, "dsu-post", add_days(today, -60))       # over the limit
    g4 = new_game(w.tl, a, b, "server", add_days(today, -41))["id"]   # forfeit claimed
    g5, _ = adjudication_game(w, today)
    g6 = new_game(w.tl, a, b, "server", today)["id"]                  # resigned
    play(w.alice, g6, "e4")
    expect_status(w.bob.post("games/%d/resign" % g6), 200, "bob resigns")
    fd3 = g3["clock"]["white"]["forfeit_date"]
    expect(fd3 <= today, "g3 is over the limit: %s" % fd3)
    r = w.bob.post("games/%d/claim" % g4, {"type": "time_forfeit"})
    expect_status(r, 200, "bob claims g4")
    ov = overview(w.tl)
    # g3 is past its reminder date too, but a player over his limit is
    # overdue, not silent (docs/SWEEP.md): one list each.
    lists = {k: [it["game"] for it in v] for k, v in ov.items()}
    # Each list in date order (issue 16): g2 fell silent 10 days before g1.
    expect_eq(lists, {"silent": [g2, g1], "overdue": [g3["id"]], "forfeits": [g4],
                      "adjudication_due": [g5]}, "the four lists")
    for gid, uid, start in ((g1, a, add_days(today, -15)), (g2, b, add_days(today, -25))):
        it = item(ov, "silent", gid)
        rem, tl, _ = server_dates(start)
        expect_eq((it["player"]["id"], it["since"]), (uid, rem), "silent since the reminder date")
        expect(start in it["detail"], "detail gives the receipt date %s: %r" % (start, it))
        # no sweep ran, so no reminder is recorded: the TL notice is not
        # due yet (it comes 7 days after a recorded reminder)
        expect(rem in it["detail"], "detail gives the reminder date %s: %r" % (rem, it))
    it = item(ov, "overdue", g3["id"])
    expect_eq((it["player"]["id"], it["since"]), (a, fd3), "overdue since the forfeit date")
    it = item(ov, "forfeits", g4)
    expect_user(it["player"], a, "alice", "player")
    expect_eq(it["since"], today, "forfeits: the day it ended")
    it = item(ov, "adjudication_due", g5)
    expect_eq((it["player"]["id"], it["since"]), (a, today), "adjudication: white to move")
    expect_eq(overview(w.admin), ov, "an admin sees the same")
    overview(w.alice, 403)
    overview(w.server.client(), 401)


if __name__ == "__main__":
    run_tests()
