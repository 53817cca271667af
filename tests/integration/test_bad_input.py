#!/usr/bin/env python3
"""Bad input of every kind (API.md: "gets a 4xx, never a 5xx, and changes
nothing"), against the real corrchessd over HTTP with a temporary
database.  After each refusal the daemon must still serve."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"


def W():
    return shared_world(today=TODAY)


def still_serving(what=""):
    w = W()
    expect(w.server.alive(), "the daemon died after %s:\n%s" % (what, w.server.read_log()[-3000:]))
    r = w.alice.get("users/%d" % w.ids["alice"])
    expect_status(r, 200, "a GET after %s" % what)


def refused(resp, status=None, code=None, what=""):
    """A 4xx with the API.md error body (the status and code when given),
    and the daemon serves on."""
    expect_4xx(resp, what)
    if status is not None:
        expect_eq(resp.status, status, "%s: status (%r)" % (what, resp))
    if code is not None:
        expect_eq(resp.code, code, "%s: code" % what)
    still_serving(what)


def game_count():
    w = W()
    return len(w.tl.get("games?player=%d" % w.ids["alice"]).json["games"])


def a_game():
    w = W()
    return new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)


def game_body(**kw):
    w = W()
    b = {"white": w.ids["alice"], "black": w.ids["bob"], "profile": "server",
         "start_date": TODAY}
    b.update(kw)
    return b


@test
def malformed_json():
    w = W()
    n = game_count()
    for raw in (b'{"login": "alice",', b"{login: 'alice'}", b"not json", b'{"a":1}}',
                b'{"login": "alice", "password": "pw-alice-secret"', b"\x00", b"{,}",
                b"[" * 50000, b'{"a": ' * 5000):
        refused(w.server.client().post("session", raw=raw), 400, None, "session body %r" % raw[:40])
        refused(w.tl.post("games", raw=raw), 400, None, "games body %r" % raw[:40])
    expect_eq(game_count(), n, "no game stored")


@test
def not_an_object():
    w = W()
    for raw in (b"[]", b'[{"login": "alice", "password": "pw-alice-secret"}]', b"42", b"null",
                b'"alice"', b"true"):
        refused(w.server.client().post("session", raw=raw), 400, None, "session body %r" % raw)
        refused(w.tl.post("games", raw=raw), 400, None, "games body %r" % raw)


@test
def empty_body():
    w = W()
    refused(w.server.client().post("session", raw=b""), 400, None, "empty login body")
    refused(w.tl.post("games", raw=b""), 400, None, "empty game body")
    g = a_game()
    refused(w.alice.post("games/%d/moves" % g["id"], raw=b""), 400, None, "empty move body")
    refused(w.alice.post("games/%d/draw" % g["id"], raw=b""), 400, None, "empty draw body")
    expect_unchanged(w.alice, g["id"], g)


@test
def wrong_types():
    w = W()
    n = game_count()
    for k, v in (("white", "3"), ("white", 3.5), ("white", True), ("white", [1]),
                 ("black", {"id": 2}), ("profile", 5), ("start_date", 20270901),
                 ("fen", 1), ("event", ["x"]), ("white", 1.0)):
        refused(w.tl.post("games", game_body(**{k: v})), 422, "invalid_field",
                "POST /games %s=%r" % (k, v))
    expect_eq(game_count(), n, "no game stored")
    for body in ({"login": 123, "password": "x"}, {"login": "alice", "password": 12345678},
                 {"login": ["alice"], "password": "pw-alice-secret"}):
        refused(w.server.client().post("session", body), 422, "invalid_field", "session %r" % body)
    g = a_game()
    gid = g["id"]
    for body in ({"move": 5254}, {"move": ["e4"]}, {"move": "e4", "reply_to": 5755},
                 {"move": "e4", "sent": 20270901}, {"move": None}):
        r = w.alice.post("games/%d/moves" % gid, body)
        refused(r, 422, None, "move %r" % body)
        expect_unchanged(w.alice, gid, g, "move %r" % body)
    # A NUL inside a string: refused as JSON (400) or as a field (422).
    r = w.alice.post("games/%d/moves" % gid, {"move": "e2\u0000e4"})
    refused(r, None, None, "a NUL in the move")
    expect_unchanged(w.alice, gid, g, "a NUL in the move")
    for path, body in (("draw", {"action": True}), ("claim", {"type": 1}),
                       ("result", {"result": 1, "reason": "x" * 10})):
        c = w.tl if path == "result" else w.alice
        refused(c.post("games/%d/%s" % (gid, path), body), 422, None, "%s %r" % (path, body))
    expect_unchanged(w.alice, gid, g)


@test
def numbers_out_of_range():
    w = W()
    n = game_count()
    for raw in (b'{"white": 99999999999999999999, "black": 2, "profile": "server",'
                b' "start_date": "2027-09-01"}',
                b'{"white": 1e400, "black": 2, "profile": "server", "start_date": "2027-09-01"}'):
        refused(w.tl.post("games", raw=raw), None, None, "huge number %r" % raw[:30])
    for v in (-1, 0, 2 ** 62, -2 ** 63):
        refused(w.tl.post("games", game_body(white=v)), 422, None, "white=%d" % v)
    expect_eq(game_count(), n, "no game stored")


@test
def missing_fields():
    w = W()
    n = game_count()
    for k in ("white", "black", "profile", "start_date"):
        b = game_body()
        del b[k]
        refused(w.tl.post("games", b), 422, "missing_field", "POST /games without %s" % k)
        b[k] = None
        refused(w.tl.post("games", b), 422, None, "POST /games with %s null" % k)
    expect_eq(game_count(), n, "no game stored")
    refused(w.server.client().post("session", {"login": "alice"}), 422, "missing_field",
            "login without password")
    refused(w.server.client().post("session", {"password": "pw-alice-secret"}), 422,
            "missing_field", "login without login")
    refused(w.tl.post("users", {"name": "x1", "email": "x1@example.org"}), 422, "missing_field",
            "user without password")
    g = a_game()
    gid = g["id"]
    refused(w.alice.post("games/%d/moves" % gid, {}), 422, "missing_field", "move without move")
    refused(w.alice.post("games/%d/moves" % gid, {"reply_to": "e5"}), 422, "missing_field",
            "only reply_to")
    refused(w.alice.post("games/%d/draw" % gid, {}), 422, "missing_field", "draw without action")
    refused(w.alice.post("games/%d/claim" % gid, {}), 422, "missing_field", "claim without type")
    refused(w.tl.post("games/%d/result" % gid, {"reason": "adjudicated"}), 422, "missing_field",
            "result without result")
    expect_unchanged(w.alice, gid, g)


@test
def unknown_fields():
    w = W()
    n = game_count()
    refused(w.tl.post("games", game_body(colour="white")), 422, "unknown_field", "games colour")
    refused(w.tl.post("games", game_body(White=3)), 422, "unknown_field", "games White")
    expect_eq(game_count(), n, "no game stored")
    refused(w.server.client().post("session", {"login": "alice", "password": "pw-alice-secret",
                                               "remember": True}),
            422, "unknown_field", "session remember")
    refused(w.tl.post("users", {"name": "x2", "email": "x2@example.org",
                                "password": "long-password", "admin": True}),
            422, "unknown_field", "users admin")
    refused(w.server.client().post("session", {"login": "x2", "password": "long-password"}),
            401, "bad_credentials", "x2 was not created")
    g = a_game()
    gid = g["id"]
    for path, body in (("moves", {"move": "e4", "comment": "!!"}),
                       ("draw", {"action": "offer", "why": "tired"}),
                       ("claim", {"type": "threefold", "moves": ["e4"]}),
                       ("resign", {"really": True})):
        refused(w.alice.post("games/%d/%s" % (gid, path), body), 422, "unknown_field",
                "%s %r" % (path, body))
        expect_unchanged(w.alice, gid, g, "%s %r" % (path, body))


@test
def duplicate_keys():
    w = W()
    refused(w.server.client().post(
        "session", raw=b'{"login": "bob", "login": "alice", "password": "pw-alice-secret"}'),
        None, None, "duplicate keys")


@test
def oversized_bodies():
    w = W()
    n = game_count()
    pad = b" " * 70000
    body = b'{"login": "alice", "password": "pw-alice-secret"}' + pad
    refused(w.server.client().post("session", raw=body), 413, None, "70 kB login")
    big = json.dumps(game_body(event="x" * (1 << 20))).encode()
    refused(w.tl.post("games", raw=big), 413, None, "1 MB game")
    expect_eq(game_count(), n, "no game stored")
    # Chunked, without Content-Length: the limit holds all the same.
    chunks = b""
    data = b'{"login": "alice", "password": "pw-alice-secret", "x": "' + b"y" * 100000 + b'"}'
    for i in range(0, len(data), 8192):
        part = data[i:i + 8192]
        chunks += b"%x\r\n%s\r\n" % (len(part), part)
    chunks += b"0\r\n\r\n"
    r = raw_http(w.server, b"POST /api/v1/session HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
                 b"Connection: close\r\n\r\n" + chunks)
    refused(r, 413, None, "chunked 100 kB")


@test
def body_of_exactly_64_kib_is_read():
    # API.md: bodies over 64 KiB are refused; 64 KiB itself is not over.
    w = W()
    body = b'{"login": "alice", "password": "pw-alice-secret"}'
    body += b" " * (65536 - len(body))
    expect_eq(len(body), 65536, "size")
    r = w.server.client().post("session", raw=body)
    expect_status(r, 201, "a 64 KiB login body")
    r = w.server.client().post("session", raw=body + b" ")
    refused(r, 413, None, "64 KiB + 1")


@test
def not_utf8():
    w = W()
    for raw in (b'{"login": "\xff\xfe", "password": "pw-alice-secret"}',
                b'{"login": "alice", "password": "\xc0\xaf"}',
                b'{"login": "al\xe6ice", "password": "pw-alice-secret"}',
                b'{"login": "alice", "password": "\xed\xa0\x80"}'):
        refused(w.server.client().post("session", raw=raw), 400, None, "bytes %r" % raw)
    g = a_game()
    r = w.alice.post("games/%d/moves" % g["id"], raw=b'{"move": "e\xff4"}')
    refused(r, 400, None, "move with a byte \\xff")
    r = w.alice.post("games/%d/moves" % g["id"], raw=b'{"move": "e4\\ud800"}')
    refused(r, None, None, "a lone surrogate")
    expect_unchanged(w.alice, g["id"], g)
    # Non-ASCII but valid UTF-8 in a move: malformed, quoted in the message.
    r = w.alice.post("games/%d/moves" % g["id"], {"move": "Sf3\u265e"})
    refused(r, 422, "malformed_move", "a chess symbol after the move")
    r = w.alice.post("games/%d/moves" % g["id"], {"move": "\u00e64"})
    refused(r, 422, "malformed_move", "a Danish letter as a file")
    expect_unchanged(w.alice, g["id"], g)
    # Raw bytes in the path and in the query.
    tok = w.alice.token.encode()
    r = raw_http(w.server, b"GET /api/v1/games/\xff HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                 + tok + b"\r\nConnection: close\r\n\r\n")
    refused(r, 404, None, "a 0xff byte in the path")
    r = w.alice.get("games?player=%FF")
    refused(r, None, None, "player=%FF")


@test
def unknown_routes():
    w = W()
    for method, path in (("GET", "/api/v1/nothing"), ("GET", "/api/v1/games/1/nothing"),
                         ("GET", "/api/v2/games"), ("POST", "/api/v1/games/1/undo"),
                         ("GET", "/api/v1"), ("GET", "/api/v1/"), ("GET", "/api/v1/games/"),
                         ("GET", "/api/v1/games//moves"), ("GET", "/api/v1/GAMES"),
                         ("DELETE", "/api/v1/everything")):
        r = w.alice.request(method, path)
        refused(r, 404, "not_found", "%s %s" % (method, path))
        r = w.server.client().request(method, path)
        expect_4xx(r, "%s %s without a token" % (method, path))


@test
def wrong_method_405():
    w = W()
    g = a_game()
    for method, path, allow in (("PUT", "/api/v1/games", {"GET", "POST"}),
                                ("DELETE", "/api/v1/games/%d" % g["id"], {"GET"}),
                                ("GET", "/api/v1/session", {"POST", "DELETE"}),
                                ("GET", "/api/v1/games/%d/moves" % g["id"], {"POST"}),
                                ("PUT", "/api/v1/users/%d" % w.ids["bob"], {"GET", "PATCH"}),
                                ("PUT", "/api/v1/games/%d/resign" % g["id"], {"POST"})):
        r = w.alice.request(method, path)
        refused(r, 405, None, "%s %s" % (method, path))
        got = {m.strip() for m in r.headers.get("Allow", "").split(",") if m.strip()}
        expect(got >= allow, "%s %s: Allow %r lacks %r" % (method, path, got, allow))
        expect(method not in got, "%s %s: Allow %r lists the refused method" % (method, path, got))
    expect_unchanged(w.alice, g["id"], g)


@test
def nul_in_the_path():
    """%00 must not cut a path short: /games/1%00/resign is not /games/1."""
    w = W()
    g = a_game()
    for path in ("/api/v1/games/%d%%00" % g["id"], "/api/v1/games/%d%%00/resign" % g["id"],
                 "/api/v1/games/%d/resign%%00" % g["id"]):
        method = "POST" if "resign" in path else "GET"
        refused(w.alice.request(method, path), 404, None, path)
    expect_eq(w.alice.get("games/%d" % g["id"]).json["status"], "active", "nothing resigned")


@test
def start_dates_far_away():
    """The calendar ends in 9999 and the clocks look ahead: a game starts
    in 1900..2999, else 422 invalid_date."""
    w = W()
    before = game_count()
    for date in ("9999-12-31", "3000-01-01", "1899-12-31", "1583-01-01"):
        refused(w.tl.post("games", game_body(start_date=date)), 422, "invalid_date", date)
    expect_eq(game_count(), before, "no game stored")


@test
def path_ids():
    w = W()
    for idtext in ("0", "-1", "99999999999999999999", "1.5", "1e3", "0x1", "abc", "%20",
                   "9223372036854775808", "18446744073709551617", "+1"):
        for method, suffix in (("GET", ""), ("POST", "/moves"), ("POST", "/resign")):
            path = "/api/v1/games/%s%s" % (idtext, suffix)
            body = {"move": "e4"} if suffix == "/moves" else None
            r = w.alice.request(method, path, body=body)
            refused(r, 404, None, "%s %s" % (method, path))
        refused(w.alice.get("/api/v1/users/%s" % idtext), 404, None, "users/" + idtext)
    refused(w.alice.get("games/999999999"), 404, "not_found", "a large unknown id")
    refused(w.alice.post("games/999999999/moves", {"move": "e4"}), 404, "not_found",
            "move in a large unknown id")


@test
def bad_queries():
    w = W()
    for q in ("player=abc", "player=", "player=-5", "player=1.5", "player=%00",
              "player=1&player=x"):
        r = w.alice.get("games?" + q)
        expect(r.status < 500, "games?%s: %r" % (q, r))
        if r.status >= 400:
            refused(r, None, None, "games?" + q)
        else:
            still_serving("games?" + q)


@test
def odd_headers():
    w = W()
    r = w.server.client().get("users/1", headers={"Authorization": "Bearer " + "a" * 10000})
    refused(r, 401, "unauthorized", "a 10 kB token")
    r = w.server.client().get("users/1", headers={"Authorization": "Bearer \u00e6\u00f8"
                                                  .encode().decode("latin-1")})
    refused(r, 401, "unauthorized", "a token with UTF-8 bytes")
    r = w.alice.post("games", game_body(), headers={"Content-Type": "text/plain"})
    expect(r.status < 500, "text/plain body: %r" % r)
    still_serving("a text/plain body")


@test
def garbage_on_the_socket():
    w = W()
    for data in (b"GARBAGE\r\n\r\n", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\0" * 64,
                 b"GET / HTTP/9.9\r\n\r\n", b"POST /api/v1/session HTTP/1.1\r\nHost: x\r\n"
                 b"Content-Length: 100\r\n\r\n{\"login\"", b"\r\n" * 1000):
        try:
            r = raw_http(w.server, data, timeout=5)
            # HTTP/9.9 may get 505, which HTTP itself prescribes (RFC 9110 15.6.6).
            expect(r.status == 0 or r.status < 500 or (r.status == 505 and b"9.9" in data),
                   "garbage %r: %r" % (data[:20], r))
        except OSError:
            pass
        still_serving("garbage %r" % data[:20])


@test
def refusals_change_nothing():
    w = W()
    g = a_game()
    gid = g["id"]
    n = game_count()
    users = w.server.db_rows("SELECT count(*) FROM users")[0][0]
    moves = w.server.db_rows("SELECT count(*) FROM moves")[0][0]
    for c, path, body in ((w.alice, "games/%d/moves" % gid, {"move": "e4", "x": 1}),
                          (w.alice, "games/%d/moves" % gid, {"move": "e5"}),
                          (w.bob, "games/%d/moves" % gid, {"move": "e5"}),
                          (w.carol, "games/%d/moves" % gid, {"move": "e4"}),
                          (w.alice, "games", game_body()),
                          (w.tl, "games", game_body(black=w.ids["alice"])),
                          (w.alice, "users", {"name": "z", "email": "z@example.org",
                                              "password": "long-password"})):
        r = c.post(path, body)
        expect_4xx(r, "%s %r" % (path, body))
    expect_unchanged(w.alice, gid, g)
    expect_eq(game_count(), n, "games")
    expect_eq(w.server.db_rows("SELECT count(*) FROM users")[0][0], users, "users")
    expect_eq(w.server.db_rows("SELECT count(*) FROM moves")[0][0], moves, "moves")
    expect(w.server.alive(), "daemon alive")


if __name__ == "__main__":
    run_tests()
