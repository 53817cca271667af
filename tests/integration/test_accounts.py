#!/usr/bin/env python3
"""Accounts under attack (issue 20), against the real daemon and a real
SMTP server (smtpd.py): reset links stored as a hash, removed from the
outbox once sent, ended by any password change; a reset queued once and
sent by the outbox sender only (never in the request, never on the
hashing workers); the confirm's token looked up before any hashing;
every hashing route within a per-address budget; a lockout that stops
the guesser, not the owner, with a mail to the owner at the name-wide
limit; one counter per account whatever the login's form."""
import contextlib
import http.client
import json
import os
import re
import signal
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
from smtpd import Smtp  # noqa: E402

TODAY = "2027-09-01"
TOKEN = re.compile(r"/reset-password\?token=([0-9a-f]{64})")


def post_from(srv, path, body, source="127.0.0.1", token=None, timeout=60):
    """POST from a chosen loopback source address; returns Response (the
    answer checked against docs/openapi.yaml like every other)."""
    c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=timeout,
                                   source_address=(source, 0))
    try:
        h = {"Content-Type": "application/json"}
        if token:
            h["Authorization"] = "Bearer " + token
        c.request("POST", API + "/" + path, body=json.dumps(body), headers=h)
        r = c.getresponse()
        resp = Response(r.status, r.read(), dict(r.getheaders()))
    finally:
        c.close()
    openapi_check.check("POST", "http://127.0.0.1:%d%s/%s" % (srv.port, API, path), resp)
    return resp


def login_from(srv, name, password, source="127.0.0.1"):
    return post_from(srv, "session", {"login": name, "password": password}, source)


def eventually(pred, what, timeout=30):
    """Polls pred() until it is true (the sender works within a second;
    the timeout only ends a failing test); returns its value."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        v = pred()
        if v:
            return v
        time.sleep(0.05)
    raise AssertionError("%s: not so after %ds" % (what, timeout))


def reset_rows(srv, user):
    return srv.db_rows("SELECT r.token_hash, r.used_at FROM password_resets r JOIN users u"
                       " ON u.id = r.user_id WHERE u.name = ? ORDER BY r.created_at", (user,))


def outbox(srv, to):
    return srv.db_rows("SELECT id, body, sent_at, kind FROM mail_outbox WHERE to_addr = ?"
                       " ORDER BY id", (to,))


def queued_link(srv, to):
    """The token of the newest reset mail waiting for `to` (no SMTP)."""
    rows = eventually(lambda: [r for r in outbox(srv, to) if TOKEN.search(r[1] or "")],
                      "a reset mail for %s in the outbox" % to)
    return TOKEN.search(rows[-1][1]).group(1)


def hashes_logged(srv):
    """How many argon2id hashes the daemon made (fast mode logs each)."""
    return srv.read_log().count("a password was hashed at the MINIMUM")


def with_smtp(srv, smtp, **env):
    srv.extra_env.update({"CORRCHESS_SMTP_URL": smtp.url,
                          "CORRCHESS_MAIL_FROM": "corrchess@example.org"}, **env)
    srv.start()


@contextlib.contextmanager
def started(name):
    """A daemon with user name (password first-password) and a client
    signed in as nobody."""
    with Server(today=TODAY) as srv:
        srv.add_user(name, password="first-password")
        srv.start()
        yield srv, srv.client()


@test
def a_password_change_ends_every_earlier_reset_link():
    with started("ida") as (srv, anon):
        expect_status(anon.post("password-reset", {"login": "ida"}), 202, "reset asked")
        token = queued_link(srv, "ida@example.org")
        # ida remembers her password and changes it herself (another
        # device signed in too).
        a = srv.login("ida", "first-password")
        b = srv.login("ida", "first-password")
        expect_status(a.post("users/me/password", {"old": "first-password",
                                                   "new": "second-password"}), 200, "changed")
        expect_error(b.get("users/1"), 401, "unauthorized", "her other session ended")
        expect_status(a.get("users/1"), 200, "the asking session goes on")
        expect_error(anon.post("password-reset/confirm", {"token": token,
                                                          "password": "attacker-password"}),
                     422, "invalid_token", "the link mailed before the change is dead")
        expect_error(anon.post("session", {"login": "ida", "password": "attacker-password"}),
                     401, "bad_credentials", "the link set nothing")
        srv.login("ida", "second-password")
        expect(all(used is not None for _, used in reset_rows(srv, "ida")),
               "every link of hers is marked ended")


@test
def a_reset_ends_every_other_link_and_every_session():
    with started("jens") as (srv, anon):
        c = srv.login("jens", "first-password")
        expect_status(anon.post("password-reset", {"login": "jens"}), 202, "first link")
        first = queued_link(srv, "jens@example.org")
        # A second link after the 15 minutes between links.
        srv.db_exec("UPDATE password_resets SET created_at = created_at - 1000")
        expect_status(anon.post("password-reset", {"login": "jens"}), 202, "second link")
        def newer():
            t = queued_link(srv, "jens@example.org")
            return t if t != first else None
        second = eventually(newer, "the second link")
        expect_status(anon.post("password-reset/confirm", {"token": second,
                                                           "password": "second-password"}),
                      200, "the second link works")
        expect_error(c.get("users/1"), 401, "unauthorized", "every session ended")
        expect_error(anon.post("password-reset/confirm", {"token": first,
                                                          "password": "third-password"}),
                     422, "invalid_token", "the first link ended with the reset")
        srv.login("jens", "second-password")


@test
def the_link_leaves_the_outbox_once_sent():
    with Server(today=TODAY) as srv, Smtp(free_port()) as smtp:
        srv.add_user("karl")
        with_smtp(srv, smtp)
        expect_status(srv.client().post("password-reset", {"login": "karl@example.org"}), 202,
                      "reset asked by e-mail")
        mails = smtp.wait_for(lambda m: len(m) >= 1, "the reset mail")
        m = TOKEN.search(mails[0].body)
        expect(m, "the mail carries the link: %r" % mails[0].body)
        token = m.group(1)
        rows = eventually(lambda: [r for r in outbox(srv, "karl@example.org") if r[2]],
                          "the row marked sent")
        _, body, sent_at, kind = rows[0]
        expect_eq(kind, "password_reset", "the row's kind")
        expect(token not in body and not TOKEN.search(body),
               "the sent row has no link any more: %r" % body)
        expect("Hej karl" in body and "Hello karl" in body, "the rest is kept: %r" % body)
        # The token itself is nowhere in the database, only its hash.
        for table, col in (("password_resets", "token_hash"), ("mail_outbox", "body"),
                           ("mail_outbox", "subject")):
            hits = srv.db_rows("SELECT count(*) FROM %s WHERE CAST(%s AS TEXT) LIKE ?"
                               % (table, col), ("%" + token + "%",))[0][0]
            expect_eq(hits, 0, "the token in %s.%s" % (table, col))
        expect_eq(len(reset_rows(srv, "karl")), 1, "one hashed token stored")
        expect_status(srv.client().post("password-reset/confirm",
                                        {"token": token, "password": "new-password-1"}),
                      200, "the mailed link works")
        srv.login("karl", "new-password-1")


@test
def migration_0023_removes_the_links_of_sent_reset_mails():
    """A database from before issue 20 holds sent reset mails with their
    links (and no kind): 0023 gives them their kind and drops the links
    of the sent ones; an unsent one keeps its link (the sender removes it
    once it is sent)."""
    with Server(today=TODAY) as srv:
        srv.add_user("vera")
        old = "Hej vera,\n\n    http://x/reset-password?token=%s\n" % ("ab" * 32)
        for sent in ("2027-08-01T10:00:00Z", None):
            srv.db_exec("INSERT INTO mail_outbox (to_addr, subject, body, created_on, sent_at)"
                        " VALUES ('vera@example.org', 'corrchess: ny adgangskode / new password',"
                        " ?, '2027-08-01', ?)", (old, sent))
        # The runner applies the versions above the newest applied one
        # (server/store/store.c), and later migrations follow 0023: its
        # statements are run here on the rows as a database of before
        # issue 20 had them.
        with open(os.path.join(TOP_SRCDIR, "migrations", "0023_reset_secrets.sql")) as f:
            sql = f.read()
        con = sqlite3.connect(srv.db)
        try:
            con.executescript(sql)
            con.commit()
        finally:
            con.close()
        srv.start()
        rows = srv.db_rows("SELECT kind, body, sent_at FROM mail_outbox ORDER BY id")
        expect_eq([r[0] for r in rows], ["password_reset"] * 2, "both get their kind")
        expect("token=" not in rows[0][1], "the sent one lost its link: %r" % rows[0][1])
        expect_eq(rows[1][1], old, "the unsent one keeps it until it is sent")


@test
def resets_are_queued_and_sent_once_by_the_sender():
    """The request only queues: with the relay stalled (SIGSTOP: it
    accepts TCP and never speaks), resets answer at once, no row exists
    yet for a known login (the same path as an unknown one), and a
    sign-in from another address is served meanwhile; once the relay
    speaks, every reset has exactly one mail."""
    with Server(today=TODAY) as srv, Smtp(free_port()) as smtp:
        names = ["lars%d" % i for i in range(10)]
        for n in names + ["mona", "nils"]:
            srv.add_user(n)
        with_smtp(srv, smtp)
        anon = srv.client()
        os.kill(smtp.proc.pid, signal.SIGSTOP)
        try:
            # The first one gets the sender stuck on the stalled relay.
            expect_status(post_from(srv, "password-reset", {"login": "mona"}, timeout=10), 202,
                          "a reset while the relay is stalled")
            eventually(lambda: srv.db_rows("SELECT attempts FROM mail_outbox WHERE to_addr ="
                                           " 'mona@example.org' AND attempts > 0"),
                       "the sender is trying mona's mail")
            for login in ("nils", "nobody-at-all", "nobody@example.org"):
                r = post_from(srv, "password-reset", {"login": login}, timeout=10)
                expect_status(r, 202, "reset for %r" % login)
                expect_eq(r.json, {"accepted": True}, "the same answer")
            expect_eq(reset_rows(srv, "nils"), [],
                      "nothing was looked up or stored in the request")
            expect_eq(len(outbox(srv, "nils@example.org")), 0, "no mail row yet")
            for n in names:
                expect_status(post_from(srv, "password-reset", {"login": n}, timeout=10), 202,
                              "reset %s" % n)
            expect_status(login_from(srv, "mona", "pw-mona-secret", "127.0.0.2"), 201,
                          "a sign-in from another address is served meanwhile")
        finally:
            os.kill(smtp.proc.pid, signal.SIGCONT)
        want = set(["mona", "nils"] + names)
        got = smtp.wait_for(lambda m: set(x.to[0].split("@")[0] for x in m) >= want,
                            "a mail for every reset")
        eventually(lambda: srv.db_rows("SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL"
                                       )[0][0] == 0, "every row sent")
        # A last mail after all of them: the sender works in id order, so
        # any second copy of an earlier row would have come before it.
        srv.add_user("olaf")
        expect_status(anon.post("password-reset", {"login": "olaf"}), 202, "one more")
        got += smtp.wait_for(lambda m: any("olaf@example.org" in x.to for x in m), "olaf's")
        per = {}
        for x in got:
            per[x.to[0]] = per.get(x.to[0], 0) + 1
        expect_eq(sorted(per.values()), [1] * 13, "exactly one mail per reset: %r" % per)
        expect_eq(len(got), 13, "13 resets, 13 mails")


@test
def the_confirm_looks_the_token_up_before_hashing():
    env = {"CORRCHESS_ADDRESS_FAILURES": "5"}
    with Server(today=TODAY, extra_env=env) as srv:
        srv.add_user("petra")
        srv.start()
        before = hashes_logged(srv)
        for i in range(5):
            r = post_from(srv, "password-reset/confirm", {"token": "%064x" % (i + 1),
                                                          "password": "whatever-123"})
            expect_error(r, 422, "invalid_token", "bogus token %d" % (i + 1))
        expect_eq(hashes_logged(srv) - before, 0, "no password was hashed for a bogus token")
        r = post_from(srv, "password-reset/confirm", {"token": "ab" * 32,
                                                      "password": "whatever-123"})
        expect_error(r, 429, "too_many_attempts", "the address has used its tries")
        ra = r.headers.get("Retry-After")
        expect(ra and ra.isdigit() and 1 <= int(ra) <= 900, "Retry-After: %r" % ra)
        expect_error(post_from(srv, "password-reset/confirm", {"token": "ab" * 32,
                                                               "password": "whatever-123"},
                               source="127.0.0.2"),
                     422, "invalid_token", "another address is not throttled")
        # The real link still works from the throttled address's neighbour.
        expect_status(srv.client().post("password-reset", {"login": "petra"}), 202, "reset")
        token = queued_link(srv, "petra@example.org")
        expect_status(post_from(srv, "password-reset/confirm",
                                {"token": token, "password": "petra-new-pw"},
                                source="127.0.0.3"), 200, "a real link")


@test
def every_hashing_route_has_a_budget_per_address():
    env = {"CORRCHESS_ADDRESS_HASHES": "3"}
    with Server(today=TODAY, extra_env=env) as srv:
        srv.add_user("tl", "tl")
        srv.add_user("rita")
        srv.start()
        tl = login_from(srv, "tl", "pw-tl-secret", "127.0.0.4").json["token"]
        for i in range(3):
            expect_status(login_from(srv, "rita", "pw-rita-secret"), 201, "sign-in %d" % i)
        r = login_from(srv, "rita", "pw-rita-secret")
        expect_error(r, 429, "too_many_attempts", "the 4th hash a minute from one address")
        expect(int(r.headers.get("Retry-After", "0")) >= 1, "Retry-After: %r" % r.headers)
        expect_status(login_from(srv, "rita", "pw-rita-secret", "127.0.0.2"), 201,
                      "another address has its own budget")
        expect_error(post_from(srv, "password-reset/confirm", {"token": "ab" * 32,
                                                               "password": "whatever-123"}),
                     422, "invalid_token", "a bogus token costs no hash, so no budget")
        body = {"name": "sven", "email": "sven@example.org", "password": "sven-password"}
        for i in range(2):
            expect_status(post_from(srv, "users", dict(body, name="sven%d" % i,
                                                       email="s%d@example.org" % i),
                                    source="127.0.0.4", token=tl), 201, "user %d" % i)
        expect_error(post_from(srv, "users", body, source="127.0.0.4", token=tl), 429,
                     "too_many_attempts", "a new user hashes too: the budget is spent")
        expect_eq(srv.db_rows("SELECT count(*) FROM users WHERE name = 'sven'")[0][0], 0,
                  "nothing stored")
        expect_status(post_from(srv, "users", body, source="127.0.0.5", token=tl), 201,
                      "from another address")


@test
def six_addresses_cannot_take_every_hashing_worker():
    """issue 20: from 6 addresses, 50 clients each signing in again as
    soon as they are answered (the real argon2id cost, so they pile up),
    kept the 256 places of the hashing queue full and every other sign-in
    got 503. Now each address may have 16 waiting: the rest of the flood
    is refused, and a sign-in from a seventh address still gets its place
    (and, with the fewest running, the next free worker)."""
    with Server(today=TODAY, extra_env={"CORRCHESS_FAST_HASH": ""}) as srv:
        srv.add_user("wendy")
        srv.add_user("flood")
        srv.start()
        stop, got, lock = threading.Event(), [], threading.Lock()

        def flood(source):
            c = None
            while not stop.is_set():
                try:
                    if c is None:
                        c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=120,
                                                       source_address=(source, 0))
                    c.request("POST", API + "/session",
                              headers={"Content-Type": "application/json"},
                              body=json.dumps({"login": "flood", "password": "pw-flood-secret"}))
                    r = c.getresponse()
                    r.read()
                    with lock:
                        got.append(r.status)
                except (OSError, http.client.HTTPException):
                    c.close()
                    c = None  # a new connection (not what is measured)
            if c:
                c.close()

        ts = [threading.Thread(target=flood, args=("127.0.0.%d" % a,), daemon=True)
              for a in range(2, 8) for _ in range(50)]
        for t in ts:
            t.start()
        try:
            eventually(lambda: got.count(503) >= 300, "the flood refused past its places")
            victim = login_from(srv, "wendy", "pw-wendy-secret", "127.0.0.9")
        finally:
            stop.set()
            for t in ts:
                t.join(120)
        expect_status(victim, 201, "a sign-in from another address during the flood")
        expect_eq(sorted(set(got)), [201, 503], "the flood: served, or refused past its share")


@test
def the_guesser_waits_the_owner_signs_in_and_is_told():
    env = {"CORRCHESS_LOGIN_FAILURES": "3", "CORRCHESS_ADDRESS_FAILURES": "20",
           "CORRCHESS_NAME_FAILURES": "6"}
    with Server(today=TODAY) as srv, Smtp(free_port()) as smtp:
        srv.add_user("ulla")
        with_smtp(srv, smtp, **env)
        pw = "pw-ulla-secret"
        owner = srv.login("ulla", pw)
        expect_status(owner.request("PATCH", "users/me", body={"language": "da"}), 200, "dansk")
        for i in range(3):
            expect_error(login_from(srv, "ulla", "guess-%d" % i, "127.0.0.2"), 401,
                         "bad_credentials", "guess %d" % i)
        r = login_from(srv, "ulla", pw, "127.0.0.2")
        expect_error(r, 429, "too_many_attempts", "the guesser waits, even with the password")
        ra = r.headers.get("Retry-After", "")
        expect(ra.isdigit() and 1 <= int(ra) <= 30, "the first wait, 30 s: %r" % ra)
        # The e-mail form is the same account: the same counter.
        expect_error(login_from(srv, "ulla@example.org", pw, "127.0.0.2"), 429,
                     "too_many_attempts", "the e-mail form from the guessing address")
        expect_status(login_from(srv, "ulla", pw, "127.0.0.1"), 201,
                      "the owner signs in from her address")
        expect_status(login_from(srv, "ulla@example.org", pw, "127.0.0.1"), 201,
                      "by e-mail too")
        expect_eq([m for m in smtp.new_mails() if "login" in m.subject], [],
                  "no alarm below the name-wide limit")
        # More addresses guess, by name and by e-mail: the sixth failure
        # of the account is its name-wide limit.
        expect_error(login_from(srv, "ulla@example.org", "guess-x", "127.0.0.3"), 401,
                     "bad_credentials", "a guess by e-mail")
        expect_error(login_from(srv, "ulla", "guess-y", "127.0.0.3"), 401, "bad_credentials",
                     "a guess by name")
        expect_error(login_from(srv, "ulla", "guess-z", "127.0.0.4"), 401, "bad_credentials",
                     "the sixth failure")
        mails = smtp.wait_for(lambda m: any("login" in x.subject for x in m), "the alarm")
        alarm = [m for m in mails if "login" in m.subject]
        expect_eq(len(alarm), 1, "one alarm")
        expect_eq(alarm[0].to, ["ulla@example.org"], "to the owner")
        expect("mange mislykkede login" in alarm[0].subject, "in her language: %r"
               % alarm[0].subject)
        expect("6 mislykkede login" in alarm[0].body and "ikke spærret" in alarm[0].body,
               "what happened and that she is not locked out: %r" % alarm[0].body)
        # Past the name-wide limit an address that failed has no tries
        # left; one that did not fail still signs in, and so does she.
        expect_error(login_from(srv, "ulla", pw, "127.0.0.3"), 429, "too_many_attempts",
                     "an address that failed, with the right password")
        expect_status(login_from(srv, "ulla", pw, "127.0.0.5"), 201,
                      "a new address with the right password")
        expect_status(login_from(srv, "ulla", pw, "127.0.0.1"), 201, "the owner")
        for i in range(3):
            login_from(srv, "ulla", "more-%d" % i, "127.0.0.6")
        # One more mail to her after these failures: still one alarm.
        srv.db_exec("DELETE FROM password_resets")
        expect_status(srv.client().post("password-reset", {"login": "ulla"}), 202, "a reset")
        mails += smtp.wait_for(lambda m: any("adgangskode" in x.subject for x in m), "reset")
        expect_eq(len([m for m in mails if "login" in m.subject]), 1,
                  "no second alarm within the hour")


if __name__ == "__main__":
    run_tests()
