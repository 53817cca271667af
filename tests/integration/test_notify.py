#!/usr/bin/env python3
"""Issue 13 end to end (docs/NOTIFY.md; API.md "Calendar"): the real
corrchessd delivers its outbox itself to a real SMTP server (aiosmtpd):

- the move mail (the opponent's move in SAN and ICCF numeric, the clock,
  the forfeit date, the link), in English and in Danish;
- the draw offer, the result to both players and, in e-mail play, the
  report to the TL (DSU 6.8.9); the vacation notice to every remaining
  opponent (DSU 6.3.6.1), even with mail turned off;
- the preferences (GET/PATCH /api/v1/users/me), the daily digest, the
  one-click unsubscribe of RFC 8058 (List-Unsubscribe-Post);
- the time-trouble alarm, once per control;
- the calendar feed behind its secret key, read by a real iCalendar
  parser (python3-icalendar); a wrong key is 404;
- SMTP down, then up: every mail arrives exactly once; a claimed row is
  not sent by a second sender.

Expected dates are computed here from DSU 6.3, not taken from the program."""
import html.parser
import json
import os
import re
import subprocess
import urllib.parse
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
from smtpd import Smtp, SYS_PYTHON  # noqa: E402

MAIL_FROM = "corrchess@chess.test"
BASE_URL = "https://chess.test"
D = "2027-09-01"
EN_DATE = "%A %-d %B %Y"
MONTHS_DA = ["januar", "februar", "marts", "april", "maj", "juni", "juli", "august",
             "september", "oktober", "november", "december"]
DAYS_DA = ["mandag", "tirsdag", "onsdag", "torsdag", "fredag", "lørdag", "søndag"]


def en_date(s):
    return day(s).strftime("%A ") + str(day(s).day) + day(s).strftime(" %B %Y")


def da_date(s):
    d = day(s)
    return "%s den %d. %s %d" % (DAYS_DA[d.weekday()], d.day, MONTHS_DA[d.month - 1], d.year)


def flat(text):
    """The text with its line breaks and runs of spaces made one space
    (the mails are wrapped at 72 columns)."""
    return re.sub(r"\s+", " ", text)


def has(mail, *pieces):
    text = flat(mail.subject + "\n" + mail.body)
    for p in pieces:
        expect(flat(p) in text, "mail %r lacks %r:\n%s" % (mail.subject, p, mail.body))


class Setup:
    """A daemon that sends its own mail to an aiosmtpd on `port`, with
    the usual cast (World)."""

    def __init__(self, today=D, port=None, smtp=True):
        self.port = port or free_port()
        env = {"CORRCHESS_MAIL_FROM": MAIL_FROM, "CORRCHESS_BASE_URL": BASE_URL,
               "CORRCHESS_MAIL_RETRY": "1"}
        if smtp:
            env["CORRCHESS_SMTP_URL"] = "smtp://127.0.0.1:%d" % self.port
        self.srv = Server(today=today, extra_env=env).start()
        atexit.register(self.srv.close)
        self.w = World(self.srv)


def me(client):
    r = client.get("users/me")
    expect_status(r, 200, "GET users/me")
    return r.json


def outbox(srv, who=None):
    rows = srv.db_rows("SELECT o.id, o.to_addr, o.kind, o.sent_at, o.attempts, o.message_id"
                       " FROM mail_outbox o ORDER BY o.id")
    return [r for r in rows if who is None or r[1] == who]


def wait_outbox(srv, pred, what, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        rows = outbox(srv)
        if pred(rows):
            return rows
        time.sleep(0.1)
    raise AssertionError("%s: the outbox is %r" % (what, outbox(srv)))


def mails_to(mails, addr):
    return [m for m in mails if m.to == [addr]]


def sweep(srv, today, smtp_url=None):
    args = [CORRCHESS, "--db", srv.db, "--mail_from", MAIL_FROM, "--base_url", BASE_URL]
    if smtp_url:
        args += ["--smtp_url", smtp_url]
    env = {k: v for k, v in srv.env().items() if not k.startswith("CORRCHESS_SMTP")}
    env["CORRCHESS_TODAY"] = today
    r = subprocess.run(args + ["sweep"], capture_output=True, text=True, env=env, timeout=120)
    expect(r.returncode in (0, 1), "sweep: %r %r" % (r.stdout, r.stderr))
    return r


def unconfigured_with_a_move():
    """A daemon on the mail defaults (no smtp_url) with one game in which
    alice played 1. e4: (server, world, game id)."""
    srv = Server(today=D, extra_env={"CORRCHESS_MAIL_RETRY": "1"}).start()
    w = World(srv)
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", D)["id"]
    play(w.alice, gid, "e4")
    return srv, w, gid


def configure_mail(srv, port):
    """Restarts srv with the real mail settings and SMTP on port."""
    srv.extra_env.update({"CORRCHESS_MAIL_FROM": MAIL_FROM, "CORRCHESS_BASE_URL": BASE_URL,
                          "CORRCHESS_SMTP_URL": "smtp://127.0.0.1:%d" % port})
    srv.restart()


ALICE, BOB, CAROL, TL = "alice@example.org", "bob@example.org", "carol@example.org", \
    "tl@example.org"


# ------------------------------------------------------------------ tests

@test
def move_mail_english_and_danish():
    s = Setup()
    w = s.w
    with Smtp(s.port) as smtp:
        g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", D)
        gid = g["id"]
        g = play(w.alice, gid, "e4")
        got = smtp.wait_for(lambda ms: mails_to(ms, BOB), "the move mail to bob")
        m = mails_to(got, BOB)[0]
        expect_eq(m.sender, [MAIL_FROM], "From")
        clock = g["clock"]["black"]
        has(m, "game %d, alice played 1. e4" % gid, "1. e4 (ICCF 5254)", "Hello bob,",
            "%d days used, %d days left until the control at your move %d"
            % (clock["used_days"], clock["next_control"]["limit_days"] - clock["used_days"],
               clock["next_control"]["move"]),
            "before " + en_date(clock["forfeit_date"]),
            "%s/games/%d" % (BASE_URL, gid))
        unsub = m.header("List-Unsubscribe")
        expect(unsub and re.fullmatch(r"<%s/api/v1/users/%d/unsubscribe\?key=[0-9a-f]{32}>"
                                      % (re.escape(BASE_URL), w.ids["bob"]), unsub),
               "List-Unsubscribe: %r" % unsub)
        expect_eq(m.header("List-Unsubscribe-Post"), "List-Unsubscribe=One-Click",
                  "RFC 8058 one click")
        expect(re.fullmatch(r"<corrchess\.[0-9a-f]{32}@chess\.test>", m.message_id),
               "Message-ID %r" % m.message_id)
        expect_eq(mails_to(got, ALICE), [], "the mover gets no mail")

        # Danish for alice: bob's answer reaches her in Danish, SAN with
        # Danish piece letters.
        r = w.alice.request("PATCH", "users/me", {"language": "da"})
        expect_status(r, 200, "PATCH language")
        expect_eq((r.json["language"], r.json["mail"]), ("da", "each"), "settings")
        g = play(w.bob, gid, "Nf6")
        got = smtp.wait_for(lambda ms: mails_to(ms, ALICE), "the move mail to alice")
        m = mails_to(got, ALICE)[0]
        clock = g["clock"]["white"]
        has(m, "Hej alice,", "parti %d, bob har trukket 1... Sf6" % gid, "1... Sf6 (ICCF 7866)",
            "dage tilbage til kontrollen ved dit træk %d" % clock["next_control"]["move"],
            "før " + da_date(clock["forfeit_date"]), "Partiet: %s/games/%d" % (BASE_URL, gid))
        expect(m.subject.startswith("corrchess: parti"), "Danish subject %r" % m.subject)
    ids = [r[5] for r in outbox(s.srv)]
    expect_eq(len(set(ids)), len(ids), "one Message-ID per mail")


@test
def preferences_and_bad_input():
    s = Setup(smtp=False)
    w = s.w
    u = me(w.bob)
    expect_eq({k: u[k] for k in ("id", "name", "role", "email", "mail", "language")},
              {"id": w.ids["bob"], "name": "bob", "role": "player", "email": BOB, "mail": "each",
               "language": "en"}, "GET users/me")
    expect(re.fullmatch(r"%s/api/v1/users/%d/calendar\.ics\?key=[0-9a-f]{32}"
                        % (re.escape(BASE_URL), w.ids["bob"]), u["calendar_url"]),
           "calendar_url %r" % u["calendar_url"])
    expect_eq(me(w.bob)["calendar_url"], u["calendar_url"], "the key stays")
    expect(me(w.alice)["calendar_url"] != u["calendar_url"], "a key per user")
    for body, code in (({"mail": "weekly"}, "invalid_field"), ({"language": "de"}, "invalid_field"),
                       ({"mail": 1}, "invalid_field"), ({"colour": "red"}, "unknown_field"),
                       ({"mail": "off", "x": 1}, "unknown_field")):
        r = w.bob.request("PATCH", "users/me", body)
        expect_error(r, 422, code, "PATCH %r" % body)
    r = w.bob.request("PATCH", "users/me", raw=b"{not json")
    expect_error(r, 400, "bad_json", "PATCH with bad JSON")
    expect_eq((me(w.bob)["mail"], me(w.bob)["language"]), ("each", "en"), "nothing changed")
    r = w.bob.request("PATCH", "users/me", {"mail": "digest", "language": "da"})
    expect_status(r, 200, "PATCH both")
    expect_eq((r.json["mail"], r.json["language"]), ("digest", "da"), "both changed")
    r = s.srv.client().get("users/me")
    expect_status(r, 401, "users/me needs a login")


@test
def digest_draw_result_and_tl_report():
    s = Setup()
    w = s.w
    with Smtp(s.port) as smtp:
        expect_status(w.carol.request("PATCH", "users/me", {"mail": "digest"}), 200, "digest")
        g1 = new_game(w.tl, w.ids["alice"], w.ids["carol"], "dsu-email", D)["id"]
        g2 = new_game(w.tl, w.ids["bob"], w.ids["carol"], "server", D)["id"]
        play(w.alice, g1, "d4", sent=D)
        play(w.bob, g2, "c4")
        expect_status(w.bob.post("games/%d/draw" % g2, {"action": "offer"}), 200, "bob offers")
        # Nothing goes to carol at once: three sections wait.
        expect_eq(s.srv.db_rows("SELECT count(*) FROM digest_items WHERE user_id = ?"
                                " AND outbox_id IS NULL", (w.ids["carol"],)), [(3,)],
                  "carol's digest sections")
        expect_eq(outbox(s.srv, CAROL), [], "no single mail to carol")
        r = sweep(s.srv, D)
        got = smtp.wait_for(lambda ms: mails_to(ms, CAROL), "carol's digest")
        m = mails_to(got, CAROL)[0]
        expect_eq(m.subject, "corrchess: daily digest, 3 events", "digest subject")
        for piece in ("1. game %d, alice played 1. d4" % g1, "2. game %d, bob played 1. c4" % g2,
                      "3. game %d, bob offers a draw" % g2, "%s/games/%d" % (BASE_URL, g1)):
            has(m, piece)
        expect(m.header("List-Unsubscribe"), "a digest can be turned off")
        sweep(s.srv, D)
        expect_eq(s.srv.db_rows("SELECT count(*) FROM mail_outbox WHERE to_addr = ?", (CAROL,)),
                  [(1,)], "one digest, not two")

        # The result: both players; e-mail play also the TL (DSU 6.8.9).
        expect_status(w.carol.request("PATCH", "users/me", {"mail": "each"}), 200, "each")
        expect_status(w.carol.post("games/%d/resign" % g1), 200, "carol resigns")
        got = smtp.wait_for(lambda ms: mails_to(ms, ALICE) and mails_to(ms, CAROL)
                            and mails_to(ms, TL), "the result mails")
        has(mails_to(got, ALICE)[0], "game %d ended 1-0" % g1, "by resignation", "You won.",
            "reported to the tournament leader (DSU 6.8.9)")
        has(mails_to(got, CAROL)[0], "You lost.")
        tl = mails_to(got, TL)[0]
        has(tl, "result of game %d: 1-0" % g1, "Result report (DSU 6.2.6, 6.8.9)",
            "White: alice", "Black: carol")
        expect(tl.header("List-Unsubscribe") is None, "the TL's report cannot be turned off")


@test
def vacation_notice_to_every_opponent():
    s = Setup()
    w = s.w
    with Smtp(s.port) as smtp:
        for cl in (w.bob, w.carol):
            expect_status(cl.request("PATCH", "users/me", {"mail": "off"}), 200, "mail off")
        g1 = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", D)["id"]
        g2 = new_game(w.tl, w.ids["carol"], w.ids["alice"], "dsu-post", D)["id"]
        g3 = new_game(w.tl, w.ids["bob"], w.ids["alice"], "dsu-post", D)["id"]
        play(w.alice, g1, "e4", received=D, sent=D)  # bob has mail off: no move mail
        first, last = add_days(D, 10), add_days(D, 20)
        r = w.alice.post("vacations", {"start": first, "end": last})
        expect_status(r, 201, "alice books a vacation")
        got = smtp.wait_for(lambda ms: mails_to(ms, BOB) and mails_to(ms, CAROL),
                            "the vacation notices")
        expect_eq(sorted(m.to[0] for m in got), [BOB, CAROL], "one notice each, nothing else")
        b = mails_to(got, BOB)[0]
        has(b, "alice is on vacation %s to %s" % (first, last), "from " + en_date(first),
            "to %s, both days included (11 days)" % en_date(last),
            "clocks of both players stand still", "(DSU 6.3.6.1)",
            "game %d: %s/games/%d" % (g1, BASE_URL, g1), "game %d: %s/games/%d" % (g3, BASE_URL, g3))
        has(mails_to(got, CAROL)[0], "game %d: %s/games/%d" % (g2, BASE_URL, g2))
        expect(b.header("List-Unsubscribe") is None, "the notice cannot be turned off")
    expect_eq([r[2] for r in outbox(s.srv)], ["vacation", "vacation"], "the outbox")


def page_form(text):
    """The one form of an HTML page, read as a browser does: method,
    action and the fields it sends."""

    class P(html.parser.HTMLParser):
        form = None

        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            if tag == "form":
                expect(self.form is None, "one form")
                self.form = {"method": (a.get("method") or "get").lower(),
                             "action": a.get("action"), "fields": []}
            elif tag in ("input", "button") and self.form is not None and a.get("name"):
                self.form["fields"].append((a["name"], a.get("value", "")))
    p = P()
    p.feed(text)
    expect(p.form is not None, "the page has a form: %r" % text)
    return p.form


@test
def unsubscribe_one_click():
    s = Setup()
    w = s.w
    with Smtp(s.port) as smtp:
        gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", D)["id"]
        play(w.alice, gid, "e4")
        m = mails_to(smtp.wait_for(lambda ms: mails_to(ms, BOB), "move mail"), BOB)[0]
        link = m.header("List-Unsubscribe")[1:-1]
        path = link[len(BASE_URL):]
        anon = s.srv.client()
        bad = re.sub(r"key=[0-9a-f]{32}", "key=" + "0" * 32, path)
        for p in (bad, re.sub(r"key=.*", "key=", path), re.sub(r"\?.*", "", path),
                  path.replace("/users/%d/" % w.ids["bob"], "/users/%d/" % w.ids["alice"])):
            r = anon.post(p, raw=b"List-Unsubscribe=One-Click")
            expect_error(r, 404, "not_found", "unsubscribe %s" % p)
        expect_eq(me(w.bob)["mail"], "each", "a wrong key changes nothing")
        # Issue 23: the link opened in a browser (a GET, RFC 2369) is a page
        # in both languages whose button POSTs; the GET changes nothing.
        r = anon.get(path)
        expect_status(r, 200, "the unsubscribe page")
        expect(r.headers.get("Content-Type", "").startswith("text/html"), "HTML: %r" % r.headers)
        expect("Afmeld mails fra corrchess" in r.text and "Unsubscribe from corrchess mail"
               in r.text, "both languages: %r" % r.text)
        expect_eq(me(w.bob)["mail"], "each", "GET changed nothing")
        expect_error(anon.get(bad), 404, "not_found", "the page behind a wrong key")
        form = page_form(r.text)
        expect_eq(form["method"], "post", "the form POSTs")
        expect(form["action"] in (None, ""), "to the page's own address: %r" % form)
        r = anon.post(path, raw=urllib.parse.urlencode(form["fields"]).encode(),
                      headers={"Content-Type": "application/x-www-form-urlencoded"})
        expect_status(r, 200, "the page's button")
        expect(r.headers.get("Content-Type", "").startswith("text/html") and "Afmeldt" in r.text
               and "Unsubscribed" in r.text and "%s/account" % BASE_URL in r.text,
               "the confirming page: %r" % r.text)
        expect_eq(me(w.bob)["mail"], "off", "the button turned bob's mail off")
        expect_status(w.bob.request("PATCH", "users/me", {"mail": "each"}), 200, "mail on again")
        # RFC 8058 one click, as a mail program sends it: JSON.
        r = anon.post(path, raw=b"List-Unsubscribe=One-Click",
                      headers={"Content-Type": "application/x-www-form-urlencoded"})
        expect_status(r, 200, "one click")
        expect_eq(r.json, {"mail": "off"}, "one click's answer")
        expect_eq(me(w.bob)["mail"], "off", "bob's mail is off")
        play(w.bob, gid, "e5")  # alice still gets hers
        smtp.wait_for(lambda ms: mails_to(ms, ALICE), "alice's move mail")
        play(w.alice, gid, "Nf3")
        r = w.alice.post("vacations", {"start": add_days(D, 7), "end": add_days(D, 8)})
        expect_status(r, 201, "a vacation")
        got = smtp.wait_for(lambda ms: mails_to(ms, BOB), "bob's vacation notice")
        expect_eq([m.subject for m in mails_to(got, BOB)],
                  ["corrchess: alice is on vacation %s to %s" % (add_days(D, 7), add_days(D, 8))],
                  "bob gets the notice (mail he cannot turn off), not the move")


@test
def time_trouble_once_per_control():
    s = Setup()
    w = s.w
    start = add_days(D, -23)
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", start)["id"]
    # DSU 6.3.4 on the server: 23 silent days, +3 after the reminder (day 14)
    # and +6 after the TL notice (day 21), both recorded by the sweep on
    # their days (issue 9: penalties follow recorded events only): 32 of
    # 40 days, 80%.
    used, limit = 23 + 3 + 6, 40
    with Smtp(s.port) as smtp:
        sweep(s.srv, add_days(start, 14))
        sweep(s.srv, add_days(start, 21))
        sweep(s.srv, add_days(start, 22))
        before = [r for r in outbox(s.srv) if r[2] == "time_trouble"]
        expect_eq(before, [], "31 of 40 days: no alarm yet")
        sweep(s.srv, D)
        got = smtp.wait_for(lambda ms: [m for m in ms if "time trouble" in m.subject],
                            "the alarm")
        m = [x for x in got if "time trouble" in x.subject][0]
        expect_eq(m.to, [ALICE], "to the player to move")
        has(m, "time trouble, game %d, %d of %d days used" % (gid, used, limit),
            "until your move 10 (%d%%); %d days left." % (used * 100 // limit, limit - used),
            "once per time control")
        sweep(s.srv, add_days(D, 1))
        expect_eq(len([r for r in outbox(s.srv) if r[2] == "time_trouble"]), 1,
                  "once per control")


def parse_ics(text):
    """The feed read by python3-icalendar (Debian's python3)."""
    code = r"""
import icalendar, json, sys
cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
out = []
for e in cal.walk('VEVENT'):
    out.append({'uid': str(e['UID']), 'start': e['DTSTART'].dt.isoformat(),
                'end': e['DTEND'].dt.isoformat(), 'summary': str(e['SUMMARY']),
                'date_only': type(e['DTSTART'].dt).__name__ == 'date'})
print(json.dumps({'version': str(cal['VERSION']), 'events': out}))
"""
    r = subprocess.run([SYS_PYTHON, "-c", code], input=text.encode(), capture_output=True,
                       timeout=60)
    expect(r.returncode == 0, "icalendar cannot read the feed: %s" % r.stderr.decode())
    return json.loads(r.stdout)


def easter(y):
    a, b, c = y % 19, y // 100, y % 100
    h = (19 * a + b - b // 4 - (b - (b + 8) // 25 + 1) // 3 + 15) % 30
    l = (32 + 2 * (b % 4) + 2 * (c // 4) - h - c % 4) % 7
    m = (a + 11 * h + 22 * l) // 451
    return datetime.date(y, (h + l - 7 * m + 114) // 31, (h + l - 7 * m + 114) % 31 + 1)


@test
def calendar_feed():
    s = Setup(smtp=False)
    w = s.w
    g1 = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", D)      # alice to move
    g2 = new_game(w.tl, w.ids["bob"], w.ids["alice"], "server", D)["id"]  # bob to move
    r = w.alice.post("vacations", {"start": add_days(D, 10), "end": add_days(D, 12)})
    expect_status(r, 201, "vacation")
    url = me(w.alice)["calendar_url"]
    path = url[len(BASE_URL):]
    anon = s.srv.client()
    r = anon.get(path)
    expect_status(r, 200, "the feed, no login")
    expect(r.headers.get("Content-Type", "").startswith("text/calendar"), "Content-Type %r"
           % r.headers.get("Content-Type"))
    cal = parse_ics(r.text)
    expect_eq(cal["version"], "2.0", "VERSION")
    # issue 23: every UID names the user and the language besides the event
    suffix = "-u%d-en@" % w.ids["alice"]
    expect(all(suffix in e["uid"] for e in cal["events"]), "UIDs %r" % [e["uid"] for e in cal["events"]])
    ev = {e["uid"].split(suffix)[0]: e for e in cal["events"]}
    expect(all(e["date_only"] for e in cal["events"]), "all-day events")
    fd1 = get_game(w.alice, g1["id"])["clock"]["white"]["forfeit_date"]
    e = ev["game-%d-forfeit" % g1["id"]]
    expect_eq((e["start"], e["end"]), (add_days(fd1, -1), fd1),
              "her last day to move: the day before the forfeit date")
    expect("last day to send your move" in e["summary"], e["summary"])
    # DSU 6.3.4: 14 unstopped days; her vacation (3 days) stops the silence
    # too (DSU 6.3.6: both clocks stand still).
    expect_eq(ev["game-%d-reminder" % g1["id"]]["start"], add_days(D, 14 + 3),
              "the reminder to her after 14 unstopped days")
    fd2 = get_game(w.alice, g2)["clock"]["white"]["forfeit_date"]
    expect_eq(ev["game-%d-forfeit" % g2]["start"], fd2, "bob's limit passes")
    vac = [e for k, e in ev.items() if k.startswith("vacation-")]
    expect_eq([(e["start"], e["end"]) for e in vac], [(add_days(D, 10), add_days(D, 13))],
              "the vacation, DTEND exclusive")
    for y in (2027, 2028):
        es = easter(y)
        e = ev["holiday-%d-easter" % y]
        expect_eq((e["start"], e["end"]),
                  (iso(es - datetime.timedelta(days=5)), iso(es + datetime.timedelta(days=3))),
                  "Easter holiday %d (DSU 6.3.6.2)" % y)
        expect_eq((ev["holiday-%d-christmas" % y]["start"], ev["holiday-%d-christmas" % y]["end"]),
                  ("%d-12-20" % y, "%d-01-01" % (y + 1)), "20-31 December %d" % y)
    # issue 23: her opponent's feed holds the same games with his own dates:
    # no UID of his is one of hers, or a calendar holding both merges them.
    bob_path = me(w.bob)["calendar_url"][len(BASE_URL):]
    bob_cal = parse_ics(anon.get(bob_path).text)
    expect(any(e["uid"].startswith("game-%d-forfeit-" % g1["id"]) for e in bob_cal["events"]),
           "bob's feed has game %d" % g1["id"])
    shared = {e["uid"] for e in cal["events"]} & {e["uid"] for e in bob_cal["events"]}
    expect(not shared, "UIDs in both players' feeds: %s" % sorted(shared))
    # Danish summaries once she asks for Danish, under other UIDs.
    w.alice.request("PATCH", "users/me", {"language": "da"})
    da = parse_ics(anon.get(path).text)
    expect(any("Obligatorisk ferie (påske)" in e["summary"] for e in da["events"]), "Danish")
    expect_eq(sorted(e["uid"].replace("-da@", "-en@") for e in da["events"]),
              sorted(e["uid"] for e in cal["events"]), "the Danish feed's UIDs")
    shared = {e["uid"] for e in cal["events"]} & {e["uid"] for e in da["events"]}
    expect(not shared, "UIDs shared by the English and Danish feeds: %s" % sorted(shared))
    # Wrong keys: 404, and no feed.
    for p in (re.sub(r"key=[0-9a-f]{32}", "key=" + "f" * 32, path), re.sub(r"\?.*", "", path),
              path.replace("/users/%d/" % w.ids["alice"], "/users/%d/" % w.ids["bob"]),
              path + "0"):
        r = anon.get(p)
        expect_error(r, 404, "not_found", "feed %s" % p)
        expect("BEGIN:VCALENDAR" not in r.text, "no feed behind a wrong key")


@test
def mail_queued_before_configuration_links_the_configured_address():
    """Issue 23: base_url and mail_from are read when a mail is sent, not
    when it is queued: a move mail queued by a daemon on the defaults
    (base_url http://127.0.0.1:8080, mail_from corrchess@localhost, no
    smtp_url) and sent after the restart with the real settings links
    BASE_URL and has its Message-ID in the mail_from domain; the body is
    quoted-printable (7-bit whatever the server offers)."""
    port = free_port()
    srv, w, gid = unconfigured_with_a_move()
    try:
        expect_eq([(r[1], r[3]) for r in outbox(srv)], [(BOB, None)], "queued, not sent")
        with Smtp(port) as smtp:
            configure_mail(srv, port)
            got = smtp.wait_for(lambda ms: mails_to(ms, BOB), "the queued mail, sent now")
        m = mails_to(got, BOB)[0]
        has(m, "%s/games/%d" % (BASE_URL, gid), "%s/account" % BASE_URL)
        expect("127.0.0.1:8080" not in m.body and "\x01" not in m.body, "old links: %r" % m.body)
        expect(re.fullmatch(r"<%s/api/v1/users/%d/unsubscribe\?key=[0-9a-f]{32}>"
                            % (re.escape(BASE_URL), w.ids["bob"]), m.header("List-Unsubscribe")),
               "List-Unsubscribe %r" % m.header("List-Unsubscribe"))
        expect(re.fullmatch(r"<corrchess\.[0-9a-f]{32}@chess\.test>", m.message_id),
               "Message-ID %r" % m.message_id)
        expect_eq(m.header("Content-Transfer-Encoding"), "quoted-printable", "transfer encoding")
        raw = m.msg.as_bytes()
        expect(all(b < 128 for b in raw), "7-bit on the wire")
    finally:
        srv.close()


@test
def move_mail_queued_as_its_event_and_kept_as_sent():
    """Issue 19 (migration 0043, docs/NOTIFY.md "Queued as an event"): a
    move queues its mail as the event, a line of text, not the rendered
    text; the sender renders it, sends it, and keeps the text it sent in
    the row.  A queued event that does not unpack is refused with its
    error and never sent, and the mails after it still go."""
    port = free_port()
    srv, w, gid = unconfigured_with_a_move()
    try:
        rows = srv.db_rows("SELECT id, subject, body, queued_event, kind FROM mail_outbox"
                           " WHERE to_addr = ?", (BOB,))
        expect_eq([(r[1], r[2], r[4]) for r in rows], [("", "", "move")], "no text queued")
        ev = rows[0][3]
        expect(ev.startswith("m1\t") and "\n" not in ev and len(ev) < 200,
               "the event, one short line: %r" % ev)
        # A broken copy (for carol) queued before it is sent.
        srv.db_exec("INSERT INTO mail_outbox (to_addr, subject, body, created_on, kind,"
                    " message_id, queued_event) VALUES (?, '', '', ?, 'move', ?, ?)",
                    (CAROL, D, "<corrchess.broken@localhost>", ev.replace("\t", " ")))
        play(w.bob, gid, "e5")
        with Smtp(port) as smtp:
            configure_mail(srv, port)
            got = smtp.wait_for(lambda ms: mails_to(ms, BOB) and mails_to(ms, ALICE),
                                "both queued move mails, sent now")
            wait_outbox(srv, lambda rows: all(r[3] for r in rows if r[1] != CAROL),
                        "all but carol's sent")
            got += smtp.new_mails()
            expect_eq(mails_to(got, CAROL), [], "the broken event is not sent")
        m = mails_to(got, BOB)[0]
        has(m, "Hello bob,", "game %d, alice played 1. e4" % gid, "1. e4 (ICCF 5254)",
            "%s/games/%d" % (BASE_URL, gid))
        subject, body, sent, queued = srv.db_rows("SELECT subject, body, sent_at, queued_event"
                                                  " FROM mail_outbox WHERE id = ?",
                                                  (rows[0][0],))[0]
        expect(sent is not None, "marked sent")
        expect_eq(queued, None, "the event goes once its text is kept")
        expect_eq(subject, m.subject, "the subject sent is kept")
        expect_eq(flat(m.body), flat(body.replace("\x01base_url\x01", BASE_URL)),
                  "the text sent is kept")
        refused = srv.db_rows("SELECT sent_at, refused_at IS NOT NULL, last_error FROM mail_outbox"
                              " WHERE to_addr = ?", (CAROL,))
        expect_eq([r[:2] for r in refused], [(None, 1)], "refused, not sent")
        expect("queued event" in refused[0][2], "the error says why: %r" % refused[0][2])
    finally:
        srv.close()


@test
def smtp_down_then_up_every_mail_once():
    port = free_port()  # nothing listens there yet
    s = Setup(port=port)
    w = s.w
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", D)["id"]
    play(w.alice, gid, "e4")
    play(w.bob, gid, "e5")
    play(w.alice, gid, "Nf3")
    rows = wait_outbox(s.srv, lambda rows: len(rows) == 3 and all(r[4] >= 1 for r in rows),
                       "three mails tried while SMTP is down")
    expect(all(r[3] is None for r in rows), "none sent: %r" % rows)
    # A claimed try counts before its error is written: wait for the
    # errors too (a slow ASan build showed the gap).
    deadline = time.time() + 60
    while True:
        errs = s.srv.db_rows("SELECT last_error FROM mail_outbox")
        if all(e[0] for e in errs) or time.time() > deadline:
            break
        time.sleep(0.1)
    expect(all(e[0] for e in errs), "each keeps its error: %r" % errs)
    with Smtp(port) as smtp:
        got = smtp.wait_for(lambda ms: len(ms) >= 3, "the three mails after the outage")
        wait_outbox(s.srv, lambda rows: all(r[3] for r in rows), "all marked sent")
        # A sweep (a second sender) and more time change nothing.
        r = sweep(s.srv, D, smtp.url)
        expect(r.stdout.strip().endswith("0 sent, 0 failed"), "the sweep sends nothing: %r"
               % r.stdout)
        got += smtp.new_mails()
        expect_eq(sorted((m.to[0], m.subject) for m in got),
                  sorted([(BOB, "corrchess: game %d, alice played 1. e4 (alice - bob)" % gid),
                          (ALICE, "corrchess: game %d, bob played 1... e5 (alice - bob)" % gid),
                          (BOB, "corrchess: game %d, alice played 2. Nf3 (alice - bob)" % gid)]),
                  "every mail exactly once")
        ids = [m.message_id for m in got]
        # The stored Message-ID's domain is filled from mail_from when sent
        # (issue 23: the address configured then).
        expect_eq(sorted(ids), sorted(r[5].replace("\x01domain\x01", "chess.test")
                                      for r in outbox(s.srv)), "the stored Message-IDs")


@test
def a_claimed_mail_is_not_sent_twice():
    """Two senders: a row claimed by one (the daemon, say, in the middle
    of its send) is left alone by the other (the sweep)."""
    s = Setup(smtp=False)  # the daemon sends nothing here: the sweep does
    w = s.w
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", D)["id"]
    play(w.alice, gid, "e4")
    play(w.bob, gid, "e5")
    first = outbox(s.srv)[0][0]
    s.srv.db_exec("UPDATE mail_outbox SET claimed_until = strftime('%s','now') + 3600"
                  " WHERE id = ?", (first,))
    with Smtp(free_port()) as smtp:
        r = sweep(s.srv, D, smtp.url)
        expect(r.stdout.strip().endswith("1 sent, 0 failed"), "one sent: %r" % r.stdout)
        got = smtp.new_mails()
        expect_eq([m.to for m in got], [[ALICE]], "only the unclaimed mail")
        # The claim lapses (the sender died): the next flush sends it, once.
        s.srv.db_exec("UPDATE mail_outbox SET claimed_until = strftime('%s','now') - 1"
                      " WHERE id = ?", (first,))
        r = sweep(s.srv, D, smtp.url)
        expect(r.stdout.strip().endswith("1 sent, 0 failed"), "the lapsed claim: %r" % r.stdout)
        expect_eq([m.to for m in smtp.new_mails()], [[BOB]], "bob's mail, once")
        sweep(s.srv, D, smtp.url)
        expect_eq(smtp.new_mails(), [], "nothing twice")


@test
def start_letter_to_every_player():
    s = Setup()
    w = s.w
    with Smtp(s.port) as smtp:
        expect_status(w.bob.request("PATCH", "users/me", {"language": "da", "mail": "off"}), 200,
                      "bob: Danish, mail off")
        expect_status(w.alice.request("PATCH", "users/me",
                                      {"postal_address": "Skakvej 1, 8000 Aarhus C"}), 200,
                      "alice's postal address")
        players = [w.ids["alice"], w.ids["bob"], w.ids["carol"]]
        r = w.tl.post("tournaments", {"name": "EMT 2027/3", "kind": "round_robin",
                                      "profile": "dsu-email", "start_date": add_days(D, 7),
                                      "players": players})
        expect_status(r, 201, "the group")
        games = r.json["games"]
        got = smtp.wait_for(lambda ms: len(ms) >= 3, "three start letters")
        expect_eq(sorted(m.to[0] for m in got), sorted([ALICE, BOB, CAROL]), "one each")
        seats = dict(s.srv.db_rows("SELECT user_id, seat FROM tournament_players"
                                   " WHERE tournament_id = ?", (r.json["id"],)))
        a = mails_to(got, ALICE)[0]
        has(a, "start letter, group EMT 2027/3, start %s" % add_days(D, 7), "(DSU 6.5.2.1)",
            "Start date: " + en_date(add_days(D, 7)))
        # DSU 6.5.2.1 (issue 21): names and postal addresses; by e-mail the
        # e-mail addresses too; the rules of the group's play go with it
        has(a, "%d. alice, Skakvej 1, 8000 Aarhus C; alice@example.org" % seats[w.ids["alice"]])
        for name, uid in (("bob", w.ids["bob"]), ("carol", w.ids["carol"])):
            has(a, "%d. %s, (no postal address given); %s@example.org" % (seats[uid], name, name))
        has(a, "The rules of the group, in short:", "(DSU 6.8.3)", "(DSU 6.8.9)")
        for gid in games:
            gm = get_game(w.alice, gid)
            has(a, "%d - %d %s - %s" % (seats[gm["white"]["id"]], seats[gm["black"]["id"]],
                                        gm["white"]["name"], gm["black"]["name"]),
                "%s/games/%d" % (BASE_URL, gid))
        b = mails_to(got, BOB)[0]  # mail off: the letter of 6.5.2.1 still comes
        has(b, "startbrev, gruppe EMT 2027/3", "Startdato: " + da_date(add_days(D, 7)),
            "Partierne og farverne (hvid - sort):", "Reglerne for gruppen i korte træk:",
            "(ingen postadresse oplyst)")
        expect(b.header("List-Unsubscribe") is None, "a start letter cannot be turned off")


@test
def start_letter_of_100_players():
    """Issue 25: the start letter of a round robin of 100 players (4,950
    pairings, far over 64 KB) reaches every player whole; it used to be
    dropped ("no start mail to user N")."""
    s = Setup()
    w = s.w
    con_rows = [("p%02d" % i, "p%02d@example.org" % i) for i in range(97)]
    for name, addr in con_rows:
        s.srv.db_exec("INSERT INTO users (name, email, role, password_hash)"
                      " VALUES (?, ?, 'player', 'x')", (name, addr))
    ids = [w.ids["alice"], w.ids["bob"], w.ids["carol"]] + [
        r[0] for r in s.srv.db_rows("SELECT id FROM users WHERE name LIKE 'p__' ORDER BY id")]
    expect_eq(len(ids), 100, "100 players")
    with Smtp(s.port) as smtp:
        r = w.tl.post("tournaments", {"name": "Big RR", "kind": "round_robin",
                                      "profile": "server", "start_date": add_days(D, 7),
                                      "players": ids})
        expect_status(r, 201, "the group of 100")
        expect_eq(len(r.json["games"]), 4950, "every pairing a game")
        got = smtp.wait_for(lambda ms: len(ms) >= 100, "a start letter to each of the 100",
                            timeout=240)
        expect_eq(sorted(m.to[0] for m in got),
                  sorted([ALICE, BOB, CAROL] + [a for _, a in con_rows]), "one each")
        a = mails_to(got, ALICE)[0]
        expect(len(a.body.encode()) > 65536, "the letter is over 64 KB: %d" % len(a.body))
        # DSU 6.5.2.1 (issue 21): names and postal addresses (server play:
        # no e-mail addresses)
        has(a, "p96, (no postal address given)")
        last = max(r.json["games"])
        has(a, "%s/games/%d" % (BASE_URL, last))
    expect("no start mail" not in s.srv.read_log(), "nothing dropped")


@test
def email_reminder_copy_to_tl_in_danish_and_forfeit_despite_mail_off():
    s = Setup()
    w = s.w
    start = "2027-06-01"
    with Smtp(s.port) as smtp:
        expect_status(w.alice.request("PATCH", "users/me", {"language": "da", "mail": "off"}),
                      200, "alice: Danish, mail off")
        gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", start)["id"]
        g2 = new_game(w.tl, w.ids["carol"], w.ids["bob"], "dsu-email", start)["id"]
        rem = get_game(w.alice, gid)["clock"]["white"]["reminder_date"]
        sweep(s.srv, rem)
        copy = lambda ms: [x for x in mails_to(ms, TL) if "game %d," % gid in x.subject]
        got = smtp.wait_for(lambda ms: mails_to(ms, ALICE) and copy(ms) and mails_to(ms, CAROL),
                            "the reminders")
        m = mails_to(got, ALICE)[0]
        has(m, "rykker, parti %d, dit træk" % gid, "rykkeren efter DSU 6.3.4",
            "kopi til turneringslederen, og det samme gælder dit svar (DSU 6.8.3)")
        expect(m.header("List-Unsubscribe") is None, "a reminder cannot be turned off")
        has(copy(got)[0], "copy of reminder, game %d, alice is silent" % gid,
            "This is the copy to the tournament leader (DSU 6.8.3).")
        expect_eq(mails_to(got, BOB), [], "the opponent gets no reminder")
        # DSU 6.8.3: the answer to the reminder goes with a copy to the TL.
        play(w.carol, g2, "d4", sent=add_days(rem, 1))
        got = smtp.wait_for(lambda ms: mails_to(ms, TL) and mails_to(ms, BOB), "the answer")
        has(mails_to(got, TL)[0], "copy: game %d, carol answered the reminder with 1. d4" % g2,
            "Copy to the tournament leader (DSU 6.8.3)", "1. d4 (ICCF 4244)")
        has(mails_to(got, BOB)[0], "game %d, carol played 1. d4" % g2,
            "This move answers the reminder; a copy goes to the tournament leader")
        fd = get_game(w.alice, gid)["clock"]["white"]["forfeit_date"]
        sweep(s.srv, fd)
        got = smtp.wait_for(lambda ms: len([x for x in ms if "time forfeit" in x.subject
                                            or "tidsoverskridelse" in x.subject]) >= 3,
                            "the forfeit mails")
        f = [x for x in got if x.to == [ALICE] and "tidsoverskridelse" in x.subject]
        expect(f, "alice's forfeit mail in Danish, mail off or not: %r" % got)
        has(f[0], "(DSU 6.8.7)", "tabt for begge spillere (DSU 6.3.3.4)")
        expect(mails_to(got, BOB) and mails_to(got, TL), "bob and the TL are told: %r" % got)


if __name__ == "__main__":
    run_tests()
