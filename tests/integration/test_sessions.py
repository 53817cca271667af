#!/usr/bin/env python3
"""Sessions and users (API.md "Sessions", "Users"), against the real
corrchessd over HTTP with a temporary database."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403


def W():
    return shared_world()


def anon():
    return W().server.client()


def with_token(token):
    return W().server.client(token)


def add_user(client, name, email=None, password=None, role=None):
    """POST /users by client: name, with name@example.org and name-password
    unless given."""
    body = {"name": name, "email": email or name + "@example.org",
            "password": password or name + "-password"}
    if role:
        body["role"] = role
    return client.post("users", body)


@test
def login_by_name():
    r = anon().post("session", {"login": "alice", "password": "pw-alice-secret"})
    expect_status(r, 201, "login by name")
    expect(set(r.json) >= {"token", "user"}, "token and user: %r" % r.json)
    tok = r.json["token"]
    expect(isinstance(tok, str) and len(tok) >= 32, "token: %r" % tok)
    expect_user(r.json["user"], W().ids["alice"], "alice", "player")
    me = with_token(tok).get("users/%d" % W().ids["alice"])
    expect_status(me, 200, "the new token works")


@test
def login_by_email():
    r = anon().post("session", {"login": "bob@example.org", "password": "pw-bob-secret"})
    expect_status(r, 201, "login by e-mail")
    expect_user(r.json["user"], W().ids["bob"], "bob", "player")
    r = anon().post("session", {"login": "tl@example.org", "password": "pw-tl-secret"})
    expect_status(r, 201, "tl login by e-mail")
    expect_user(r.json["user"], W().ids["tl"], "tl", "tl")


@test
def two_logins_give_two_tokens():
    a = anon().post("session", {"login": "carol", "password": "pw-carol-secret"})
    b = anon().post("session", {"login": "carol", "password": "pw-carol-secret"})
    expect_status(a, 201)
    expect_status(b, 201)
    expect(a.json["token"] != b.json["token"], "each login has its own token")


@test
def wrong_password_is_401():
    r = anon().post("session", {"login": "alice", "password": "pw-alice-secreT"})
    expect_error(r, 401, "bad_credentials", "wrong password")
    r = anon().post("session", {"login": "alice", "password": ""})
    expect_error(r, 401, "bad_credentials", "empty password")
    r = anon().post("session", {"login": "nobody", "password": "pw-alice-secret"})
    expect_error(r, 401, "bad_credentials", "unknown login")
    r = anon().post("session", {"login": "ALICE", "password": "pw-alice-secret"})
    expect(r.status in (201, 401), "login case: %r" % r)
    # a very long password is refused quickly, not hashed forever, not a 5xx
    r = anon().post("session", {"login": "alice", "password": "x" * 20000})
    expect_error(r, 401, "bad_credentials", "huge password")
    # the message does not tell which of login and password was wrong
    a = anon().post("session", {"login": "nobody", "password": "x" * 12})
    b = anon().post("session", {"login": "alice", "password": "x" * 12})
    expect_eq(a.json, b.json, "same answer for unknown login and wrong password")


@test
def missing_token_is_401():
    uid = W().ids["alice"]
    for path in ("users/%d" % uid, "games?player=%d" % uid):
        expect_error(anon().get(path), 401, "unauthorized", "no Authorization on " + path)
    expect_error(anon().post("games", {"white": 1, "black": 2, "profile": "server",
                                       "start_date": "2027-09-01"}),
                 401, "unauthorized", "POST /games without token")
    expect_error(add_user(anon(), "x", password="long-enough-pw"),
                 401, "unauthorized", "POST /users without token")


@test
def invalid_token_is_401():
    c = W().server.client()
    uid = W().ids["alice"]
    for hdr in ("Bearer nonsense", "Bearer " + "0" * 64, "Bearer " + "g" * 64, "Bearer ",
                "Basic YWxpY2U6cHctYWxpY2Utc2VjcmV0", "Bearer\t" + W().alice.token,
                "Bearer" + W().alice.token, W().alice.token, "Bearer " + W().alice.token.upper() + "x"):
        r = c.get("users/%d" % uid, headers={"Authorization": hdr})
        expect_error(r, 401, "unauthorized", "Authorization %r" % hdr)
    # RFC 6750 §2.1: "Bearer" 1*SP b64token, the scheme in any case
    # (RFC 9110 §11.1; issue 23).
    for hdr in ("Bearer  " + W().alice.token, "bearer " + W().alice.token):
        expect_status(c.get("users/%d" % uid, headers={"Authorization": hdr}), 200, hdr[:8])


@test
def expired_token_is_401():
    srv = W().server
    uid, _ = srv.add_user("dora")
    c = srv.login("dora")
    expect_status(c.get("users/%d" % uid), 200, "fresh token")
    # Let every session of dora expire (the sessions table keeps the
    # expiry in unix seconds).
    srv.db_exec("UPDATE sessions SET expires_at = 1000 WHERE user_id = ?", (uid,))
    expect_error(c.get("users/%d" % uid), 401, "unauthorized", "expired token")
    c2 = srv.login("dora")
    expect_status(c2.get("users/%d" % uid), 200, "a new login works again")


@test
def logout():
    srv = W().server
    c1 = srv.login("carol")
    c2 = srv.login("carol")
    uid = W().ids["carol"]
    r = c1.request("DELETE", "session")
    expect(r.status in (200, 204), "DELETE /session: %r" % r)
    expect_error(c1.get("users/%d" % uid), 401, "unauthorized", "token after logout")
    expect_status(c2.get("users/%d" % uid), 200, "the other session of carol stays")
    r = c1.request("DELETE", "session")
    expect_error(r, 401, "unauthorized", "logout twice")
    r = anon().request("DELETE", "session")
    expect_error(r, 401, "unauthorized", "logout without token")


@test
def tl_and_admin_add_users():
    w = W()
    r = add_user(w.tl, "erik")
    expect_status(r, 201, "tl adds a player")
    expect_user(r.json, None, "erik", "player")
    erik = r.json["id"]
    c = w.server.login("erik", "erik-password")
    expect_status(c.get("users/%d" % erik), 200, "the new user signs in")
    # docs/AUTHORITY.md user_create_staff: a staff account is an admin's act
    expect_error(add_user(w.tl, "tina", role="tl"),
                 403, "forbidden", "a tl adds no tl")
    r = add_user(w.admin, "tina", role="tl")
    expect_status(r, 201, "admin adds a tl")
    expect_user(r.json, None, "tina", "tl")
    r = add_user(w.admin, "adam", role="admin")
    expect_status(r, 201, "admin adds an admin")
    expect_user(r.json, None, "adam", "admin")
    r = add_user(w.admin, "Jørgen Ærø", email="joergen@example.org", password="joergen-password",
                 role="player")
    expect_status(r, 201, "a name in UTF-8")
    expect_eq(r.json["name"], "Jørgen Ærø", "UTF-8 name round trip")
    got = w.alice.get("users/%d" % r.json["id"])
    expect_eq(got.json["name"], "Jørgen Ærø", "UTF-8 name read back")
    w.server.login("joergen@example.org", "joergen-password")


@test
def player_cannot_add_users():
    w = W()
    r = add_user(w.alice, "mallory")
    expect_error(r, 403, "forbidden", "player adds a user")
    r = w.server.client().post("session", {"login": "mallory", "password": "mallory-password"})
    expect_error(r, 401, "bad_credentials", "nothing was created")


@test
def tl_cannot_add_admin():
    # API.md is silent; a TL raising someone to admin would bypass the admin.
    w = W()
    r = add_user(w.tl, "sneaky", role="admin")
    expect_error(r, 403, "forbidden", "tl adds an admin")


@test
def duplicate_name_or_email_is_409():
    w = W()
    r = add_user(w.tl, "alice", email="alice2@example.org", password="another-password")
    expect_status(r, 409, "duplicate name")
    expect_error_shape(r)
    r = add_user(w.tl, "alice2", email="alice@example.org", password="another-password")
    expect_status(r, 409, "duplicate e-mail")
    expect_error_shape(r)
    # alice's password was not replaced
    w.server.login("alice")
    r = w.server.client().post("session", {"login": "alice2", "password": "another-password"})
    expect_error(r, 401, "bad_credentials", "no alice2")


@test
def invalid_users_are_422():
    w = W()
    bad = [
        ({"name": "u1", "email": "not-an-address", "password": "long-password"}, "e-mail"),
        ({"name": "u2", "email": "@example.org", "password": "long-password"}, "e-mail"),
        ({"name": "u3", "email": "u3@", "password": "long-password"}, "e-mail"),
        ({"name": "u4", "email": "u 4@example.org", "password": "long-password"}, "e-mail"),
        ({"name": "u5", "email": "u5@example.org", "password": "short"}, "password"),
        ({"name": "u6", "email": "u6@example.org", "password": ""}, "password"),
        ({"name": "u7", "email": "u7@example.org", "password": "long-password",
          "role": "king"}, "role"),
        ({"name": "u8", "email": "u8@example.org", "password": "long-password",
          "role": "Player"}, "role"),
        ({"name": "", "email": "u9@example.org", "password": "long-password"}, "name"),
        ({"name": "x" * 5000, "email": "u10@example.org", "password": "long-password"}, "name"),
    ]
    for body, what in bad:
        r = w.tl.post("users", body)
        expect_status(r, 422, "bad %s: %r" % (what, body))
        expect_error_shape(r, what)
        if body["name"]:
            r = w.server.client().post("session", {"login": body["name"],
                                                   "password": body["password"]})
            expect_error(r, 401, "bad_credentials", "nothing stored for %r" % body["name"])


@test
def get_user():
    w = W()
    r = w.bob.get("users/%d" % w.ids["alice"])
    expect_status(r, 200, "a player reads another user")
    expect_user(r.json, w.ids["alice"], "alice", "player")
    # rating_list (issue 22, DSU 4.5.5.1): his place on the list; the
    # member fields are not another player's to see
    expect_eq(set(r.json), USER_KEYS | {"rating", "otb_rating", "foreign", "rating_list"},
              "USER has exactly id, name, role, the ratings and foreign (API.md \"Ratings\")")
    r = w.bob.get("users/%d" % w.ids["admin"])
    expect_user(r.json, w.ids["admin"], "admin", "admin")
    expect_error(w.bob.get("users/999999"), 404, "not_found", "unknown user")
    expect_error(w.bob.get("users/abc"), 404, "not_found", "users/abc")


@test
def sessions_per_user_are_capped():
    """Issue 20: 23,503 sessions for one user in 15 s.  At most 50 a user:
    the 51st sign-in ends the oldest, every newer one still works; another
    user's sessions are untouched; an expired session is purged at the
    next sign-in (anyone's)."""
    with Server() as srv:
        srv.add_user("many")
        srv.add_user("other")
        srv.start()
        other = srv.login("other")
        tokens = [srv.login("many").token for _ in range(60)]
        uid = srv.db_rows("SELECT id FROM users WHERE name = 'many'")[0][0]
        expect_eq(srv.db_rows("SELECT count(*) FROM sessions WHERE user_id = ?", (uid,)),
                  [(50,)], "50 sessions kept")
        live = [t for t in tokens if srv.client(t).get("users/me").status == 200]
        expect_eq(len(live), 50, "50 tokens work")
        expect(tokens[-1] in live and tokens[-50] in live, "the newest ones stay")
        expect_error(srv.client(tokens[0]).get("users/me"), 401, "unauthorized",
                     "the first sign-in was ended")
        expect_status(other.get("users/me"), 200, "another user's session is untouched")
        srv.db_exec("UPDATE sessions SET expires_at = 1 WHERE token_hash IN"
                    " (SELECT token_hash FROM sessions WHERE user_id <> ?)", (uid,))
        srv.login("many")
        expect_eq(srv.db_rows("SELECT count(*) FROM sessions WHERE expires_at <= 1"), [(0,)],
                  "the expired session is purged")


if __name__ == "__main__":
    run_tests()
