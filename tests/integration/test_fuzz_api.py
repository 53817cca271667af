#!/usr/bin/env python3
"""Random bad input against the real corrchessd (API.md: "Bad input of any
kind gets a 4xx, never a 5xx, and changes nothing").

A seeded, bounded random test: for every route of `corrchessd --routes` it
sends mutated JSON bodies (wrong types, huge numbers, 1000-deep nesting,
strings up to 64 KiB, invalid UTF-8, NUL bytes, duplicate keys, empty and
non-object bodies), mutated paths (ids 0, -1, 2^63, 1e3, %00, ../, very
long), bad or missing Authorization, odd methods, and random move texts,
dates, series and FENs into the game endpoints.  After every answer:
  - it is a 2xx, or a 4xx with the API.md error body; never a 5xx, never
    another status, never a dropped connection;
  - the database is unchanged unless the answer was a 2xx (a snapshot of
    users, sessions, games, moves, vacations and the audit log is taken
    after every request); moves are only ever appended, and only by a 201
    to POST /games/{id}/moves of that game.
At the end the daemon still serves and stops cleanly, every stored move
was answered 201, and GET /games/{id} shows the stored moves and the FEN
of their replay (replayed here in Python from the stored start FEN).

CORRCHESS_FUZZ_SEED picks another sequence; CORRCHESS_FUZZ_REQUESTS and
CORRCHESS_FUZZ_SECONDS bound it (defaults 3000 requests, 45 seconds).
"""
import http.client
import json
import os
import random
import re
import sqlite3
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
from fen_replay import fen_replay  # noqa: E402

TODAY = "2027-09-01"
SEED = int(os.environ.get("CORRCHESS_FUZZ_SEED", "20270901"))
MAX_REQUESTS = int(os.environ.get("CORRCHESS_FUZZ_REQUESTS", "3000"))
MAX_SECONDS = float(os.environ.get("CORRCHESS_FUZZ_SECONDS", "45"))

# Answers libmicrohttpd gives by itself, before corrchess sees the request
# (a request line or header block larger than its memory pool): a 4xx, but
# an HTML body instead of the API.md error JSON.  Reported to the server
# owners; the paths and headers sent here stay below that size except in
# the one test that checks these statuses.
MHD_OWN_STATUSES = (414, 431)


# Server problems this test found are fixed; a new one goes here, with the
# request that shows it, only while its fix is on the way.
KNOWN_SERVER_BUGS = []


class Dropped(Exception):
    pass


class Answer:
    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body
        try:
            self.json = json.loads(body.decode("utf-8")) if body else None
        except ValueError:
            self.json = None

    def __repr__(self):
        return "%d %r" % (self.status, self.body[:300])


def send(server, method, path, body=None, headers=None):
    """One request on its own connection; raises Dropped when the
    connection closes without an answer."""
    c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        c.putrequest(method, path, skip_host=False, skip_accept_encoding=True)
        for k, v in (headers or {}).items():
            c.putheader(k, v)
        if body is not None:
            c.putheader("Content-Type", "application/json")
            c.putheader("Content-Length", str(len(body)))
        c.endheaders(body)
        r = c.getresponse()
        data = r.read()
        return Answer(r.status, {k.title(): v for k, v in r.getheaders()}, data)
    except (http.client.HTTPException, OSError) as e:
        raise Dropped("%s %s: %r" % (method, path[:200], e))
    finally:
        c.close()


def error_body_ok(ans):
    j = ans.json
    return (isinstance(j, dict) and set(j) == {"error"} and isinstance(j["error"], dict)
            and isinstance(j["error"].get("code"), str)
            and re.fullmatch(r"[a-z][a-z0-9_]*", j["error"]["code"]) is not None
            and isinstance(j["error"].get("message"), str) and j["error"]["message"].strip() != ""
            and ans.headers.get("Content-Type", "").startswith("application/json"))


# ------------------------------------------------------------ the database

def snapshot(server):
    """Everything a request may change, as plain tuples."""
    con = sqlite3.connect(server.db, timeout=10)
    try:
        q = lambda sql: tuple(con.execute(sql).fetchall())  # noqa: E731
        return {
            "users": q("SELECT id, name, email, role, password_hash FROM users ORDER BY id"),
            "sessions": q("SELECT token_hash, user_id FROM sessions ORDER BY token_hash"),
            "games": q("SELECT id, event, profile, start_date, white, black, start_fen, fen,"
                       " status, result, termination, draw_offer, series_by, series, finished_on"
                       " FROM games ORDER BY id"),
            "moves": q("SELECT game_id, ply, iccf, san, uci, received, sent, days, series"
                       " FROM moves ORDER BY game_id, ply"),
            "vacations": q("SELECT id, user_id, start, end, notice_on, kind FROM vacations"
                           " ORDER BY id"),
            "audit": q("SELECT count(*) FROM audit"),
        }
    finally:
        con.close()


def moves_by_game(snap):
    out = {}
    for row in snap["moves"]:
        out.setdefault(row[0], []).append(row)
    return out


# ------------------------------------------------------------ inputs

MOVE_TEXTS = ["e4", "e5", "d4", "d5", "Nf3", "Nc6", "Sf3", "Sc6", "c4", "c5", "Bb5", "Lb5",
              "a6", "Ba4", "Nf6", "O-O", "0-0", "o-o", "O-O-O", "Be7", "Re1", "Te1", "b5",
              "Bb3", "d6", "c3", "Qd2", "Dd2", "exd5", "exd6", "e8=Q", "e8Q", "a7a8q",
              "5254", "5755", "4244", "4745", "7163", "2836", "6125", "1716", "2425", "1625",
              "5758(1)", "57581", "5758(5)", "5258", "5171", "5878", "e2e4", "e7e5", "g1f3",
              "b8c6", "e1g1", "0000", "Kxe8", "Qxf7#", "Nbd2", "N1d2", "e2-e4", "Ng1-f3+!?",
              "ed5", "e4 ", " 5254", "Ke2", "Kd8", "h4", "h5", "a4", "a5", "g4", "g5"]
DATES = [TODAY, TODAY, "2027-08-31", "2027-08-30", "2027-08-15", "2027-08-01", "2027-09-02",
         "2027-02-30", "2027-13-01", "1583-01-01", "1582-12-31", "9999-12-31", "10000-01-01",
         "2027-9-1", "20270901", "2027-09-01T00:00", "", " 2027-09-01", "2028-02-29",
         "2027-02-29", "0000-00-00", "2027-08-31\u0000"]
FENS = ["startpos", START_FEN,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/4P3/8/8/8/8/k7/6K1 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "R3k3/8/4K3/8/8/8/8/8 b - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k2k/8/8/8/8/8/8/4K3 w - - 0 1",
        "8/8/8/8/8/8/8/K6k b - - 9999 9999", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w",
        "", "   ", "x" * 300]
ODD_METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "FOO", "get", "post", "M" * 40,
               "HEAD", "GET", "POST"]
LONG_ID = "9" * 5000


def rand_text(rng, n=None):
    alphabet = "abcdefgh12345678NBRQKSLTDOox-=+#()0.,: \t"
    n = rng.randint(0, 14) if n is None else n
    return "".join(rng.choice(alphabet) for _ in range(n))


def weird_value(rng):
    """A JSON value of a wrong type or an absurd size (as Python)."""
    k = rng.randrange(16)
    if k == 0:
        return rng.choice([0, -1, 1, 2 ** 31, 2 ** 53 + 1, 2 ** 63 - 1, -2 ** 63])
    if k == 1:
        return rng.choice([0.5, -1e300, 1e308, 3.0])
    if k == 2:
        return rng.choice([True, False, None])
    if k == 3:
        return [] if rng.random() < 0.5 else [rand_text(rng)]
    if k == 4:
        return {} if rng.random() < 0.5 else {"a": 1}
    if k == 5:
        return "x" * rng.choice([0, 1, 100, 1000, 20000, 60000])
    if k == 6:
        return rand_text(rng)
    if k == 7:
        return "\u00e6\u00f8\u00e5 \u20ac \U0001f600 \u0301"
    if k == 8:
        return rng.choice(MOVE_TEXTS)
    if k == 9:
        return rng.choice(DATES)
    if k == 10:
        return rng.choice(FENS)
    if k == 11:
        return "a\u0000b"
    if k == 12:
        v = "x"
        for _ in range(rng.choice([10, 100, 500])):
            v = [v]
        return v
    if k == 13:
        return rng.randint(-5, 40)
    if k == 14:
        return "%s" % rng.choice(["null", "true", "{}", "[]", "0", "-", "%n%s%x"])
    return rng.choice(["player", "tl", "admin", "offer", "accept", "decline", "threefold",
                       "fifty_moves", "time_forfeit", "1-0", "0-1", "1/2-1/2", "0-0", "*",
                       "vacation", "special_leave", "server", "dsu-post", "dsu-email"])


def raw_mutation(rng, text):
    """Byte-level damage to a JSON text."""
    b = text.encode("utf-8")
    k = rng.randrange(14)
    if k == 0:
        return b[:rng.randint(0, len(b))]
    if k == 1:
        i = rng.randint(0, len(b))
        return b[:i] + rng.choice([b"\xff", b"\xc3\x28", b"\xe2\x82", b"\xf0\x28\x8c\xbc",
                                   b"\xc0\xaf", b"\xed\xa0\x80"]) + b[i:]
    if k == 2:
        i = rng.randint(0, len(b))
        return b[:i] + b"\x00" + b[i:]
    if k == 3:
        return b""
    if k == 4:
        return rng.choice([b"[]", b"42", b'"x"', b"null", b"true", b"{}", b" ", b"\n", b"[{}]",
                           b"1e400", b"-", b"\xef\xbb\xbf{}"])
    if k == 5:
        return b"[" * 1000 + b"]" * 1000
    if k == 6:
        return b'{"a":' * 1000 + b"1" + b"}" * 1000
    if k == 7:  # a duplicate key
        if b.startswith(b"{") and len(b) > 2:
            first = b[1:].split(b",")[0].rstrip(b"}")
            return b"{" + first + b"," + b[1:]
        return b'{"a":1,"a":2}'
    if k == 8:
        return b + b"garbage"
    if k == 9:
        return b.replace(b'"', b"'")
    if k == 10:
        return b'{"move": "\\ud800"}'
    if k == 11:
        return b"{" + b'"k":1,' * 5000 + b'"k2":1}'
    if k == 12:
        return b'{"x": 123456789012345678901234567890}'
    return b"/* c */" + b


# ------------------------------------------------------------ the test

class Fuzz:
    def __init__(self):
        self.rng = random.Random(SEED)
        self.server = Server(today=TODAY).start()
        self.world = World(self.server)
        self.ids = self.world.ids
        self.tokens = {n: getattr(self.world, n).token for n in self.ids}
        # Tokens that DELETE /session may sign out without hurting the rest.
        self.spare = [self.server.login("carol").token for _ in range(6)]
        self.routes = sorted(routes())
        self.failures = []
        self.known = {}
        self.sent = 0
        self.stats = {}
        self.answered_moves = set()  # (game, ply) stored with a 201
        self.setup_games()
        self.snap = snapshot(self.server)
        for gid, rows in moves_by_game(self.snap).items():
            for r in rows:
                self.answered_moves.add((gid, r[1]))

    def setup_games(self):
        w, ids = self.world, self.ids
        self.games = []
        g = new_game(w.tl, ids["alice"], ids["bob"], "server", TODAY)
        play_line(w.alice, w.bob, g["id"], ["e4", "e5", "Nf3"])
        self.games.append(g["id"])
        g = new_game(w.tl, ids["bob"], ids["alice"], "dsu-post", "2027-08-01")
        play(w.bob, g["id"], "5254", sent="2027-08-02")
        play(w.alice, g["id"], "5755", received="2027-08-05", sent="2027-08-06")
        self.games.append(g["id"])
        g = new_game(w.tl, ids["alice"], ids["carol"], "dsu-email", "2027-08-15")
        play(w.alice, g["id"], "d4", sent="2027-08-16")
        self.games.append(g["id"])
        g = new_game(w.tl, ids["carol"], ids["bob"], "server", TODAY,
                     fen="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
        self.games.append(g["id"])
        g = new_game(w.tl, ids["bob"], ids["carol"], "server", TODAY)
        play(w.bob, g["id"], "e4", series=["e5", "Nf3", "Nc6", "Bb5"])
        self.games.append(g["id"])

    # -- one request and its checks --

    def fail(self, what, method, path, headers, body, ans=None):
        for name, known in KNOWN_SERVER_BUGS:
            if ans is not None and known(method, path, ans):
                self.known[name] = self.known.get(name, 0) + 1
                return
        self.failures.append("%s\n    request: %s %s headers=%r body=%r\n    answer: %r"
                             % (what, method, path[:300], {k: (v[:80] if isinstance(v, (str, bytes)) else v)
                                                        for k, v in (headers or {}).items()},
                                (body or b"")[:300], ans))

    def request(self, method, path, body=None, headers=None, kind="?"):
        self.sent += 1
        try:
            ans = send(self.server, method, path, body, headers)
        except Dropped as e:
            self.fail("dropped connection: %s" % e, method, path, headers, body)
            if not self.server.alive():
                raise AssertionError("the daemon died:\n%s\n%s" % (
                    "\n".join(self.failures), self.server.read_log()[-4000:]))
            return None
        self.stats[ans.status] = self.stats.get(ans.status, 0) + 1
        if ans.status >= 500:
            self.fail("a %d answer" % ans.status, method, path, headers, body, ans)
        elif 400 <= ans.status < 500:
            if method != "HEAD" and not error_body_ok(ans) and ans.status not in MHD_OWN_STATUSES:
                self.fail("a %d without the API.md error body" % ans.status, method, path,
                          headers, body, ans)
        elif not 200 <= ans.status < 300:
            self.fail("status %d" % ans.status, method, path, headers, body, ans)
        elif "%00" in path.partition("?")[0]:
            # A NUL in the path proper must never reach a resource; one in
            # a query parameter the route does not read is harmless.
            self.fail("a path with %%00 in it served as a %d" % ans.status, method, path,
                      headers, body, ans)
        self.check_db(method, path, body, headers, ans)
        self.check_shape(method, path, body, headers, ans)
        if ans.status == 200 and method == "DELETE":
            self.refresh_tokens(headers)
        return ans

    def check_shape(self, method, path, body, headers, ans):
        """A 2xx GAME answer has API.md's GAME shape."""
        if not 200 <= ans.status < 300 or not isinstance(ans.json, dict) or "fen" not in ans.json:
            return
        try:
            expect_game_shape(ans.json)
        except AssertionError as e:
            self.fail("a %d GAME of the wrong shape: %s" % (ans.status, e), method, path,
                      headers, body, ans)

    def refresh_tokens(self, headers):
        """A user of the test signed out: sign him in again (outside the
        checks; the snapshot is taken afresh)."""
        used = str((headers or {}).get("Authorization", ""))
        for name, tok in list(self.tokens.items()):
            if tok in used:
                self.tokens[name] = self.server.login(name).token
        self.snap = snapshot(self.server)

    def check_db(self, method, path, body, headers, ans):
        snap = snapshot(self.server)
        ok = 200 <= ans.status < 300
        if snap != self.snap and not ok:
            changed = [k for k in snap if snap[k] != self.snap[k]]
            self.fail("a %d answer changed %s" % (ans.status, changed), method, path, headers,
                      body, ans)
        # Moves: only appended, and only by a 201 to POST .../moves of that game.
        before, after = moves_by_game(self.snap), moves_by_game(snap)
        seen = urllib.parse.unquote(path.split("?")[0]).split("\x00")[0]
        m = re.fullmatch(r"/api/v1/games/(\d+)/moves", seen)
        for gid, rows in after.items():
            old = before.get(gid, [])
            if rows[:len(old)] != old:
                self.fail("stored moves of game %d were changed" % gid, method, path, headers,
                          body, ans)
            if len(rows) > len(old):
                if ans.status == 201 and method == "POST" and m and int(m.group(1)) == gid:
                    for r in rows[len(old):]:
                        self.answered_moves.add((gid, r[1]))
                else:
                    self.fail("moves of game %d stored without a 201 to its moves" % gid,
                              method, path, headers, body, ans)
        for gid in before:
            if gid not in after and before[gid]:
                self.fail("the moves of game %d vanished" % gid, method, path, headers, body,
                          ans)
        if ans.status == 201 and method == "POST" and m and isinstance(ans.json, dict):
            rows = after.get(int(m.group(1)), [])
            shown = [(x.get("iccf"), x.get("uci")) for x in ans.json.get("moves", [])]
            if shown != [(r[2], r[4]) for r in rows]:
                self.fail("the 201 GAME does not show the stored moves", method, path, headers,
                          body, ans)
        for g in snap["games"]:
            if g[0] not in self.games:
                self.games.append(g[0])
        self.snap = snap

    # -- the generators --

    def auth(self, who=None):
        rng = self.rng
        if who is None:
            who = rng.choice(list(self.ids))
        r = rng.random()
        if r < 0.88:
            return {"Authorization": "Bearer " + self.tokens[who]}
        return rng.choice([
            {}, {"Authorization": ""}, {"Authorization": "Bearer"}, {"Authorization": "Bearer "},
            {"Authorization": "Bearer " + "0" * 64}, {"Authorization": "Bearer " + "a" * 8000},
            {"Authorization": "Basic YWxpY2U6cHc="}, {"Authorization": "bearer " + self.tokens[who]},
            {"Authorization": "Bearer  " + self.tokens[who]},
            {"Authorization": "Bearer " + self.tokens[who] + "x"},
            {"Authorization": "Bearer " + self.tokens[who][:-1]},
            {"Authorization": b"Bearer \xff\xfe\x80"},
            {"Authorization": "Bearer " + self.tokens[who] + "\t"},
        ])

    def some_id(self, kind):
        rng = self.rng
        r = rng.random()
        if r < 0.75:
            if kind == "game":
                return str(rng.choice(self.games))
            return str(rng.choice(list(self.ids.values())))
        return rng.choice(["0", "-1", "9223372036854775808", "9223372036854775807", "1e3",
                           "%00", "1%00", "..%2F1", "../1", "1/..", "%2e%2e", "01", "1.0",
                           "%201", "0x1", "+1", "999999999999999", "1000000000000000",
                           LONG_ID, "%E2%82%AC", "1;2", "1%2F2", "", "99999"])

    def fill(self, pattern, kind=None):
        path = pattern
        if "{id}" in pattern:
            k = "user" if "/users/" in pattern else "game"
            path = pattern.replace("{id}", self.some_id(k))
        if self.rng.random() < 0.08:
            path = self.rng.choice([path + "/", path + "//", path.replace("/v1/", "/v1//"),
                                    path + "?player=" + self.some_id("user"),
                                    path + "?" + "a=b&" * 20, path.upper(), path + "%00x",
                                    path + "/../" + path, "/api/v1/" + "x/" * 1000])
        return path

    def body_for(self, method, pattern):
        """A body close to a valid one for the route, then mutated."""
        rng, ids = self.rng, self.ids
        players = list(ids.values())
        if pattern == "/api/v1/session":
            who = rng.choice(list(ids))
            b = {"login": who, "password": "pw-%s-secret" % who}
        elif pattern == "/api/v1/users":
            b = {"name": "u%d" % rng.randrange(10 ** 6), "email": "u%d@example.org" % rng.randrange(10 ** 6),
                 "password": "long-enough-pw", "role": rng.choice(["player", "tl", "admin"])}
        elif pattern == "/api/v1/games":
            b = {"white": rng.choice(players), "black": rng.choice(players),
                 "profile": rng.choice(["server", "dsu-post", "dsu-email", "x"]),
                 "start_date": rng.choice(DATES)}
            if rng.random() < 0.5:
                b["fen"] = rng.choice(FENS)
            if rng.random() < 0.2:
                b["event"] = rng.choice(["Cup", "x" * 201, "\u00c6r\u00f8"])
        elif pattern.endswith("/moves"):
            b = {"move": rng.choice(MOVE_TEXTS) if rng.random() < 0.8 else rand_text(rng)}
            for k in ("sent", "received"):
                if rng.random() < 0.3:
                    b[k] = rng.choice(DATES)
            if rng.random() < 0.15:
                b["reply_to"] = rng.choice(MOVE_TEXTS)
            if rng.random() < 0.2:
                n = rng.choice([0, 1, 2, 3, 4, 6, 40, 41, 42, 200])
                b["series"] = [rng.choice(MOVE_TEXTS) for _ in range(n)]
        elif pattern.endswith("/draw"):
            b = {"action": rng.choice(["offer", "accept", "decline", "x", ""])}
        elif pattern.endswith("/resign"):
            b = {} if rng.random() < 0.5 else None
        elif pattern.endswith("/claim"):
            b = {"type": rng.choice(["threefold", "fifty_moves", "time_forfeit", "x"])}
            if rng.random() < 0.4:
                b["move"] = rng.choice(MOVE_TEXTS)
        elif pattern.endswith("/result"):
            b = {"result": rng.choice(["1-0", "0-1", "1/2-1/2", "0-0", "*", "2-0"]),
                 "reason": rng.choice(["", "ok", "silence of White", "x" * 2001])}
            if rng.random() < 0.3:
                b["termination"] = rng.choice(["adjudication", "time_forfeit", "checkmate", ""])
        elif pattern == "/api/v1/vacations":
            b = {"start": rng.choice(DATES + ["2027-09-10", "2027-10-01"]),
                 "end": rng.choice(DATES + ["2027-09-12", "2027-10-05", "2028-09-01"])}
            if rng.random() < 0.3:
                b["user"] = rng.choice(players + [0, -1, 10 ** 12])
            if rng.random() < 0.3:
                b["kind"] = rng.choice(["vacation", "special_leave", "x"])
        else:
            b = {} if rng.random() < 0.3 else None
        if b is None:
            return None
        # Mutate the object, then perhaps its text.
        r = rng.random()
        if r < 0.35 and b:
            k = rng.choice(list(b))
            b[k] = weird_value(rng)
        elif r < 0.45 and b:
            del b[rng.choice(list(b))]
        elif r < 0.5:
            b[rng.choice(["x", "Move", "move ", "id", ""])] = weird_value(rng)
        text = json.dumps(b)
        if rng.random() < 0.25:
            return raw_mutation(rng, text)
        return text.encode("utf-8")

    def who_for(self, pattern):
        """Usually someone with the right to the route, so that some
        requests are valid and the games move on."""
        rng = self.rng
        if pattern in ("/api/v1/games", "/api/v1/users") or pattern.endswith("/result"):
            return rng.choice(["tl", "tl", "admin", "alice"])
        return rng.choice(["alice", "bob", "carol", "alice", "bob", "tl"])

    def likely_move(self):
        """A move request that may well be accepted: the player to move of
        an active game, a common move, the dates its profile wants."""
        rng = self.rng
        active = [g for g in self.snap["games"] if g[8] == "active"]
        if not active:
            return False
        g = rng.choice(active)
        gid, profile, white, black, fen = g[0], g[2], g[4], g[5], g[7]
        uid = white if fen.split()[1] == "w" else black
        name = [n for n, i in self.ids.items() if i == uid]
        if not name:
            return False
        b = {"move": rng.choice(MOVE_TEXTS)}
        side = "white" if fen.split()[1] == "w" else "black"
        if g[12] and g[12] != side and g[13] and rng.random() < 0.6:
            try:  # follow the opponent's series (DSU 6.2.5)
                b["move"] = json.loads(g[13])[0]
            except (ValueError, IndexError, KeyError, TypeError):
                pass
        if rng.random() < 0.1:
            b["reply_to"] = rng.choice(MOVE_TEXTS)
        rows = moves_by_game(self.snap).get(gid, [])
        if profile == "dsu-post" and rows:
            b["received"] = rng.choice([rows[-1][6], TODAY])
        if profile != "server" and rng.random() < 0.7:
            b["sent"] = TODAY
        if rng.random() < 0.3:
            b["series"] = [rng.choice(MOVE_TEXTS) for _ in range(rng.choice([2, 4]))]
        body = json.dumps(b).encode("utf-8")
        if rng.random() < 0.1:
            body = raw_mutation(rng, body.decode("utf-8"))
        self.request("POST", "/api/v1/games/%d/moves" % gid, body,
                     {"Authorization": "Bearer " + self.tokens[name[0]]})
        return True

    def likely_claim(self):
        """A claim, draw action or (rarely) resignation by a player of an
        active game."""
        rng = self.rng
        active = [g for g in self.snap["games"] if g[8] == "active"]
        if not active:
            return False
        g = rng.choice(active)
        uid = rng.choice([g[4], g[5]])
        name = [n for n, i in self.ids.items() if i == uid]
        if not name:
            return False
        r = rng.random()
        if r < 0.5:
            what, b = "claim", {"type": rng.choice(["threefold", "fifty_moves", "time_forfeit"])}
            if b["type"] != "time_forfeit" and rng.random() < 0.5:
                b["move"] = rng.choice(MOVE_TEXTS)
        elif r < 0.9:
            what, b = "draw", {"action": rng.choice(["offer", "accept", "decline"])}
        else:
            what, b = "resign", {}
        self.request("POST", "/api/v1/games/%d/%s" % (g[0], what), json.dumps(b).encode(),
                     {"Authorization": "Bearer " + self.tokens[name[0]]})
        return True

    def one(self):
        rng = self.rng
        r = rng.random()
        if r < 0.25 and self.likely_move():
            return
        if r > 0.96 and self.likely_claim():
            return
        line = rng.choice(self.routes)
        method, pattern = line.split(" ", 1)
        if rng.random() < 0.07:
            method = rng.choice(ODD_METHODS)
        path = self.fill(pattern)
        body = self.body_for(method, pattern) if method in ("POST", "PUT", "PATCH", "DELETE") or \
            rng.random() < 0.05 else None
        headers = self.auth(self.who_for(pattern))
        if method == "DELETE" and pattern == "/api/v1/session" and "Authorization" in headers \
                and str(headers["Authorization"]).startswith("Bearer ") and rng.random() < 0.9:
            # Sign out a spare token, not one the test goes on using.
            headers = {"Authorization": "Bearer " + (self.spare[-1] if self.spare else "0" * 64)}
            ans = self.request(method, path, body, headers)
            if ans is not None and ans.status == 200 and self.spare:
                self.spare.pop()
            return
        self.request(method, path, body, headers)

    # -- the end --

    def final_checks(self):
        srv = self.server
        expect(srv.alive(), "the daemon died:\n" + srv.read_log()[-4000:])
        snap = snapshot(srv)
        stored = set()
        for gid, rows in moves_by_game(snap).items():
            expect_eq([r[1] for r in rows], list(range(1, len(rows) + 1)), "plies of game %d" % gid)
            stored |= {(gid, r[1]) for r in rows}
        missing = stored - self.answered_moves
        expect(not missing, "moves stored without a 201: %s" % sorted(missing)[:20])
        lost = self.answered_moves - stored
        expect(not lost, "moves answered 201 but not stored: %s" % sorted(lost)[:20])
        tl = srv.client(self.tokens["tl"])
        by_game = moves_by_game(snap)
        for g in snap["games"]:
            gid, start_fen = g[0], g[6]
            rows = by_game.get(gid, [])
            r = tl.get("games/%d" % gid)
            expect_status(r, 200, "GET game %d" % gid)
            j = r.json
            expect_eq([(m["iccf"], m["san"], m["received"], m["sent"], m["days"]) for m in j["moves"]],
                      [(x[2], x[3], x[5], x[6], x[7]) for x in rows], "game %d moves" % gid)
            want = fen_replay(start_fen, [x[4] for x in rows])
            expect_eq(j["fen"], want, "game %d: FEN of the replay" % gid)
            expect_eq(g[7], want, "game %d: stored FEN" % gid)
            expect_eq((j["status"], j["result"]), (g[8], g[9]), "game %d status" % gid)
            for exp in ("pgn", "transcript"):
                path = "/api/v1/games/%d/%s" % (gid, exp)
                e = send(srv, "GET", path, None, {"Authorization": "Bearer " + self.tokens["tl"]})
                if e.status != 200 and not any(k(path, path, e) for _, k in KNOWN_SERVER_BUGS):
                    raise AssertionError("game %d %s: want 200, got %r" % (gid, exp, e))


@test
def random_requests_change_nothing_unless_accepted():
    f = Fuzz()
    try:
        t0 = time.time()
        while f.sent < MAX_REQUESTS and time.time() - t0 < MAX_SECONDS:
            f.one()
        print("seed %d: %d requests in %.1fs, statuses %s" % (
            SEED, f.sent, time.time() - t0, dict(sorted(f.stats.items()))))
        auto = sum(1 for r in f.snap["moves"] if r[8] == 1)
        print("games %d, moves stored %d (%d of them series replies)" % (
            len(f.games), len(f.answered_moves), auto))
        for name, n in sorted(f.known.items()):
            print("known server bug (not failing the test): %s: %d answers" % (name, n))
        expect(not f.failures, "%d failures (seed %d):\n%s" % (
            len(f.failures), SEED, "\n".join(f.failures[:25])))
        f.final_checks()
        rc = f.server.stop()
        expect_eq(rc, 0, "corrchessd exit status after SIGTERM")
    finally:
        f.server.close()


@test
def oversized_request_lines_are_refused():
    """Paths and headers past libmicrohttpd's memory pool are refused with
    a 4xx (by MHD itself, see MHD_OWN_STATUSES), and the daemon serves on."""
    with Server(today=TODAY).start() as srv:
        for path, headers in (("/api/v1/games/" + "9" * 40000, {}),
                              ("/api/v1/games", {"Authorization": "Bearer " + "a" * 70000})):
            ans = send(srv, "GET", path, None, headers)
            expect(400 <= ans.status < 500, "want a 4xx, got %r" % ans)
        expect(srv.alive(), "the daemon died")
        expect_eq(send(srv, "GET", "/api/v1/games", None, {}).status, 401, "serves on")


if __name__ == "__main__":
    run_tests()
