#!/usr/bin/env python3
"""Names and e-mail addresses (issue 20): user names took CR/LF, a bidi
override (U+202E) and a lone space; `x@example.org,inj@evil.org` was an
e-mail address.  Now every name people read - a user's (HTTP and the
CLI), a tournament's, a team's, a game's event, a reason - refuses
control characters, bidi overrides and isolates, and blank text with 422
bad_name (CLI: exit 2), and an e-mail address is one addr-spec (422
bad_email), nothing stored (lib/util/names.c, tests/check_names.c)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
BAD_NAMES = ["eve\r\nBcc: x", "eve\n", "\u202egpj.exe", "a\u2066b\u2069", " ", "   ", "\t",
             "a\u0085b", "\u00a0"]
BAD_EMAILS = ["x@example.org,inj@evil.org", "x@example.org inj@evil.org", "a@b@example.org",
              "x@example.org\r\nBcc: y@evil.org", "Eve <eve@example.org>", "eve@"]


def W():
    return shared_world(today=TODAY)


@test
def user_names_and_emails_over_http():
    w = W()
    before = w.server.db_rows("SELECT count(*) FROM users")
    for i, name in enumerate(BAD_NAMES):
        r = w.admin.post("users", {"name": name, "email": "n%d@example.org" % i,
                                   "password": "password-123"})
        expect_error(r, 422, "bad_name", "name %r" % name)
    for i, email in enumerate(BAD_EMAILS):
        r = w.admin.post("users", {"name": "mailer%d" % i, "email": email,
                                   "password": "password-123"})
        expect_error(r, 422, "bad_email", "e-mail %r" % email)
    expect_eq(w.server.db_rows("SELECT count(*) FROM users"), before, "nothing stored")
    r = w.admin.post("users", {"name": "Bjørn Ågård", "email": "bjorn.a+dsu@mail.example.dk",
                               "password": "password-123"})
    expect_status(r, 201, "a good name and address")


@test
def user_names_and_emails_in_the_cli():
    w = W()
    for name in BAD_NAMES[:5]:
        r = w.server.cli("user", "add", "--name", name, "--email", "cli@example.org", "--role",
                         "player", "--password-stdin", input="password-123\n")
        expect_eq(r.returncode, 2, "CLI name %r: exit 2 (%s)" % (name, r.stderr))
    r = w.server.cli("user", "add", "--name", "clio", "--email", BAD_EMAILS[0], "--role",
                     "player", "--password-stdin", input="password-123\n")
    expect_eq(r.returncode, 2, "CLI e-mail: exit 2 (%s)" % r.stderr)
    expect_eq(w.server.db_rows("SELECT count(*) FROM users WHERE name = 'clio' OR email ="
                               " 'cli@example.org'"), [(0,)], "nothing stored")


@test
def tournament_event_and_reason_names():
    w = W()
    a, b = w.ids["alice"], w.ids["bob"]
    for name in BAD_NAMES:
        r = w.tl.post("tournaments", {"name": name, "kind": "round_robin", "profile": "server",
                                      "start_date": TODAY, "players": [a, b]})
        expect_error(r, 422, "bad_name", "tournament %r" % name)
        r = w.tl.post("games", {"white": a, "black": b, "profile": "server",
                                "start_date": TODAY, "event": name})
        expect_error(r, 422, "bad_name", "event %r" % name)
    gid = new_game(w.tl, a, b, "server", TODAY)["id"]
    before = get_game(w.tl, gid)
    for name in ("\u202eevil", "one\r\ntwo", "  "):
        r = w.tl.post("games/%d/penalty" % gid, {"color": "white", "days": 1, "reason": name})
        expect_error(r, 422, "bad_name", "penalty reason %r" % name)
        r = w.tl.post("games/%d/result" % gid, {"result": "1-0", "reason": name})
        expect_error(r, 422, "bad_name", "result reason %r" % name)
    expect_unchanged(w.tl, gid, before, "refused reasons")


if __name__ == "__main__":
    run_tests()
