#!/usr/bin/env python3
"""What HTTP itself asks of the daemon (issue 23, docs/HTTP.md): the
Bearer challenge on 401 (RFC 6750 §3, RFC 9110 §11.6.1) and the scheme
read case-insensitively; HEAD on every GET route (RFC 9110 §9.3.2); entity
tags and 304 Not Modified (RFC 9110 §8.8.3, §13.1.2); gzip for large
bodies (RFC 9110 §8.4); the CORS allow-list, off by default; headers up to
12 KB; and the connections spread over the event threads
(docs/ARCHITECTURE.md)."""
import gzip
import http.client
import os
import re
import socket
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
import openapi_check  # noqa: E402

TODAY = "2027-09-01"


def W():
    return shared_world(today=TODAY)


def raw(server, method, path, headers=None):
    """One request through http.client (no decoding of the body): (status,
    headers with lower-case names, body bytes)."""
    c = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        c.request(method, path, headers=headers or {})
        r = c.getresponse()
        body = r.read()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, body
    finally:
        c.close()


def auth(client):
    return {"Authorization": "Bearer " + client.token}


@test
def a_401_carries_the_bearer_challenge():
    w = W()
    st, h, _ = raw(w.server, "GET", API + "/games")
    expect_eq(st, 401, "no credentials")
    expect_eq(h.get("www-authenticate"), 'Bearer realm="corrchess"', "challenge, no error")
    st, h, _ = raw(w.server, "GET", API + "/games", {"Authorization": "Bearer not-a-token"})
    expect_eq(st, 401, "a bad token")
    expect_eq(h.get("www-authenticate"), 'Bearer realm="corrchess", error="invalid_token"',
              "challenge with invalid_token")
    st, h, _ = raw(w.server, "GET", API + "/games", {"Authorization": "Basic YTpi"})
    expect_eq(st, 401, "another scheme")
    expect_eq(h.get("www-authenticate"), 'Bearer realm="corrchess"', "challenge after Basic")
    # A 403 is no challenge.
    st, h, _ = raw(w.server, "GET", API + "/tl/overview", auth(w.alice))
    expect_eq(st, 403, "a player on the TL overview")
    expect("www-authenticate" not in h, "no challenge on 403")


@test
def the_scheme_is_case_insensitive():
    w = W()
    for scheme in ("bearer ", "BEARER ", "BeArEr  "):
        st, _, body = raw(w.server, "GET", API + "/users/me",
                          {"Authorization": scheme + w.alice.token})
        expect_eq(st, 200, "scheme %r" % scheme)
        expect('"alice"' in body.decode(), "the user is alice with %r" % scheme)
    st, _, _ = raw(w.server, "GET", API + "/users/me", {"Authorization": "Bearer" + w.alice.token})
    expect_eq(st, 401, "no space after the scheme")


def get_paths(w, gid):
    """Every GET route of the daemon, with ids that exist."""
    ids = {"/games/": gid, "/users/": w.ids["alice"], "/tournaments/": None}
    out = []
    for line in sorted(routes()):
        method, pattern = line.split(" ", 1)
        if method != "GET":
            continue
        path = pattern
        for prefix, val in ids.items():
            if prefix + "{id}" in path:
                path = path.replace(prefix + "{id}", prefix + str(val if val else 1))
        out.append(path)
    return out + ["/healthz", "/metrics", "/", "/static/style.css"]


@test
def head_answers_every_get_route_without_a_body():
    w = W()
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)
    paths = get_paths(w, g["id"])
    expect(len(paths) >= 20, "the GET routes: %r" % paths)
    for path in paths:
        # The TL sees every route; the unsubscribe link wants its key.
        hdr = auth(w.admin if "/classes" in path or "/rights" in path else w.tl)
        gs, gh, gbody = raw(w.server, "GET", path, hdr)
        hs, hh, hbody = raw(w.server, "HEAD", path, hdr)
        expect(hs != 405, "HEAD %s answered 405" % path)
        expect_eq(hs, gs, "HEAD %s: the status of GET" % path)
        expect_eq(hbody, b"", "HEAD %s: no body" % path)
        expect_eq(hh.get("content-type"), gh.get("content-type"), "HEAD %s: Content-Type" % path)
        if gs == 200 and "metrics" not in path:
            expect_eq(hh.get("content-length"), str(len(gbody)), "HEAD %s: Content-Length" % path)
            expect_eq(hh.get("etag"), gh.get("etag"), "HEAD %s: the ETag of GET" % path)


@test
def a_game_answers_304_until_it_changes():
    w = W()
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)
    path = API + "/games/%d" % g["id"]
    st, h, body = raw(w.server, "GET", path, auth(w.alice))
    expect_eq(st, 200, "GET")
    tag = h.get("etag")
    expect(tag and re.fullmatch(r'"[0-9a-f]{32}"', tag), "a strong tag: %r" % tag)
    st2, h2, body2 = raw(w.server, "GET", path, auth(w.alice))
    expect_eq(h2.get("etag"), tag, "the same answer, the same tag")
    for inm in (tag, "W/" + tag, '"other", ' + tag, "*"):
        st, h, body = raw(w.server, "GET", path, dict(auth(w.alice), **{"If-None-Match": inm}))
        expect_eq(st, 304, "If-None-Match %s" % inm)
        expect_eq(body, b"", "304 has no body")
        expect_eq(h.get("etag"), tag, "304 names the tag")
    st, _, _ = raw(w.server, "GET", path, dict(auth(w.alice), **{"If-None-Match": '"other"'}))
    expect_eq(st, 200, "another tag: the whole answer")
    # A move changes the game: the old tag gets the whole new answer.
    play(w.alice, g["id"], "e4")
    st, h, body = raw(w.server, "GET", path, dict(auth(w.alice), **{"If-None-Match": tag}))
    expect_eq(st, 200, "after a move")
    expect(h.get("etag") != tag, "a new tag after a move")
    expect('"e4"' in body.decode(), "the move is in the answer")
    # Another reader gets other bytes (the series he may see): other tags
    # are fine, but his own tag matches his own answer.
    st, hb, _ = raw(w.server, "GET", path, auth(w.bob))
    st, _, _ = raw(w.server, "GET", path, dict(auth(w.bob), **{"If-None-Match": hb["etag"]}))
    expect_eq(st, 304, "bob's own tag")
    # Writes and errors carry no tag, and If-None-Match does not turn them
    # into 304.
    st, h, _ = raw(w.server, "GET", API + "/games/999999", dict(auth(w.alice), **{"If-None-Match": "*"}))
    expect_eq(st, 404, "a missing game stays 404")
    expect("etag" not in h, "no tag on 404")


@test
def large_answers_are_gzipped_when_asked():
    w = W()
    for i in range(6):
        new_game(w.tl, w.ids["carol"], w.ids["bob"], "server", TODAY)
    path = API + "/games?player=%d" % w.ids["carol"]
    st, plain_h, plain = raw(w.server, "GET", path, auth(w.carol))
    expect_eq(st, 200, "the list")
    expect(len(plain) > 1024, "a large list: %d bytes" % len(plain))
    expect("content-encoding" not in plain_h, "not asked: not compressed")
    expect_eq(plain_h.get("vary"), "Accept-Encoding", "Vary on a compressible answer")
    st, h, zbody = raw(w.server, "GET", path, dict(auth(w.carol), **{"Accept-Encoding": "gzip, br"}))
    expect_eq(st, 200, "gzip asked")
    expect_eq(h.get("content-encoding"), "gzip", "Content-Encoding")
    expect_eq(h.get("vary"), "Accept-Encoding", "Vary")
    expect(len(zbody) < len(plain) / 3, "compressed: %d of %d bytes" % (len(zbody), len(plain)))
    expect_eq(gzip.decompress(zbody), plain, "the same bytes once inflated")
    expect(h.get("etag") != plain_h.get("etag"), "each representation its own tag")
    openapi_check.check("GET", path, Response(st, gzip.decompress(zbody),
                                                  {"Content-Type": h["content-type"]}))
    st, h, _ = raw(w.server, "GET", path, dict(auth(w.carol), **{"Accept-Encoding": "gzip",
                                                                 "If-None-Match": h["etag"]}))
    expect_eq(st, 304, "the gzip tag revalidates")
    st, h, _ = raw(w.server, "GET", path, dict(auth(w.carol), **{"Accept-Encoding": "gzip;q=0"}))
    expect("content-encoding" not in h, "q=0 refuses gzip")
    st, h, body = raw(w.server, "GET", "/healthz", {"Accept-Encoding": "gzip"})
    expect("content-encoding" not in h and len(body) < 1024, "a small answer goes as it is")
    st, h, body = raw(w.server, "GET", "/static/style.css", {"Accept-Encoding": "gzip"})
    expect_eq(h.get("content-encoding"), "gzip", "the style sheet is compressed too")


@test
def cors_is_off_by_default():
    w = W()
    st, h, _ = raw(w.server, "GET", API + "/games", dict(auth(w.alice), Origin="https://app.example"))
    expect_eq(st, 200, "a cross-origin GET is answered")
    expect("access-control-allow-origin" not in h, "but the browser is not let in")
    st, h, _ = raw(w.server, "OPTIONS", API + "/games",
                   {"Origin": "https://app.example", "Access-Control-Request-Method": "GET"})
    expect_eq(st, 405, "no preflight without an allow-list")
    expect("access-control-allow-origin" not in h, "no CORS header on the preflight")


@test
def the_cors_allow_list_lets_its_origins_in():
    srv = shared_server("cors", today=TODAY,
                        extra_env={"CORRCHESS_CORS_ORIGINS": "https://app.example, https://b.example:8443"})
    uid, pw = srv.add_user("corsy")
    c = srv.login("corsy")
    st, h, _ = raw(srv, "GET", API + "/users/me", dict(auth(c), Origin="https://app.example"))
    expect_eq(st, 200, "GET from an allowed origin")
    expect_eq(h.get("access-control-allow-origin"), "https://app.example", "ACAO")
    expect("Origin" in h.get("vary", ""), "Vary: Origin")
    expect("ETag" in h.get("access-control-expose-headers", ""), "ETag exposed")
    st, h, _ = raw(srv, "GET", API + "/users/me", dict(auth(c), Origin="https://evil.example"))
    expect("access-control-allow-origin" not in h, "another origin is not let in")
    st, h, body = raw(srv, "OPTIONS", API + "/games/1/moves",
                      {"Origin": "https://b.example:8443", "Access-Control-Request-Method": "POST",
                       "Access-Control-Request-Headers": "authorization, content-type"})
    expect_eq(st, 204, "the preflight")
    expect_eq(body, b"", "no body")
    expect_eq(h.get("access-control-allow-origin"), "https://b.example:8443", "preflight ACAO")
    expect("POST" in h.get("access-control-allow-methods", ""), "POST allowed")
    expect("Authorization" in h.get("access-control-allow-headers", ""), "Authorization allowed")
    st, h, _ = raw(srv, "OPTIONS", API + "/games",
                   {"Origin": "https://evil.example", "Access-Control-Request-Method": "GET"})
    expect_eq(st, 405, "a preflight from elsewhere")
    st, h, _ = raw(srv, "GET", "/", {"Origin": "https://app.example"})
    expect("access-control-allow-origin" not in h, "the pages are not shared")
    st, h, _ = raw(srv, "GET", API + "/games", {"Origin": "https://app.example"})
    expect_eq(st, 401, "unsigned")
    expect_eq(h.get("access-control-allow-origin"), "https://app.example",
              "a 401 is readable by the allowed page")


@test
def headers_of_12_kb_are_served_and_past_the_pool_nothing_breaks():
    """Each connection's memory pool is 16 KB (http/http.c,
    MHD_OPTION_CONNECTION_MEMORY_LIMIT; libmicrohttpd clears it after
    every request, so its size is paid by each): headers of 12 KB, more
    than any browser sends, are read and answered; 40 KB of headers end
    that connection, and the daemon serves the next one."""
    w = W()
    st, _, _ = raw(w.server, "GET", "/api/v1/users/me",
                   dict(auth(w.alice), **{"X-Padding": "a" * 12000}))
    expect_eq(st, 200, "12 KB of headers")
    try:
        st, _, _ = raw(w.server, "GET", "/api/v1/users/me",
                       dict(auth(w.alice), **{"X-Padding": "a" * 40000}))
        expect(st in (400, 413, 431), "40 KB of headers refused: %d" % st)
    except (ConnectionError, http.client.HTTPException):
        pass  # closed: what libmicrohttpd does past the pool
    st, _, _ = raw(w.server, "GET", "/api/v1/users/me", auth(w.alice))
    expect_eq(st, 200, "the next connection is served")


def event_thread_counts(server):
    """corrchess_http_event_thread_requests_total by thread, from /metrics."""
    st, _, body = raw(server, "GET", "/metrics")
    expect_eq(st, 200, "/metrics")
    return {t: int(n) for t, n in re.findall(
        r'corrchess_http_event_thread_requests_total\{thread="(\d+)"\} (\d+)', body.decode())}


def read_answer(sock):
    """One whole HTTP answer off sock (its head and Content-Length bytes)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        expect(chunk, "the connection closed before its answer")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    m = re.search(rb"(?im)^content-length: *(\d+)", head)
    expect(m is not None, "a Content-Length")
    while len(body) < int(m.group(1)):
        chunk = sock.recv(65536)
        expect(chunk, "the connection closed in its answer")
        body += chunk
    return head


@test
def a_crowd_of_connections_is_spread_over_the_event_threads():
    # 32 connections made at once, before any sends a request: the
    # event threads used to accept from the shared socket up to ten at a
    # time each, and such a crowd landed mostly on one of them.  Now one
    # acceptor hands each to libmicrohttpd, which spreads them.
    srv = own_server(today=TODAY, extra_env={"CORRCHESS_THREADS": "2"})
    before = event_thread_counts(srv)
    socks = [socket.create_connection(("127.0.0.1", srv.port), timeout=30) for _ in range(32)]
    try:
        for s in socks:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        for s in socks:
            expect(read_answer(s).startswith(b"HTTP/1.1 200"), "each connection answered")
        # each keep-alive connection once more: it stays with its thread
        for s in socks:
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        for s in socks:
            expect(read_answer(s).startswith(b"HTTP/1.1 200"), "each answered again")
    finally:
        for s in socks:
            s.close()
    after = event_thread_counts(srv)
    expect_eq(sorted(after), ["0", "1"], "two event threads took requests")
    took = [after[t] - before.get(t, 0) for t in ("0", "1")]
    expect(sum(took) >= 64, "the 64 requests counted: %r" % took)
    # an even spread is 32 and 32 (plus the /metrics request); a thread
    # with fewer than 24 of them had fewer than 12 of the connections
    expect(min(took) >= 24, "the connections are spread: %r requests by thread" % took)


if __name__ == "__main__":
    run_tests()
