#!/usr/bin/env python3
"""The web pages over HTTP (API.md "Web pages"; server/web.h): `/`,
`/games/{id}` and `/static/NAME` answer from static_dir with the right
Content-Type and headers, HEAD works, nothing outside static_dir is ever
served (traversal, hidden files, symlinks, long names), other paths get a
404 HTML page, a missing static_dir or file is a 404 and a warning, and
the API under /api/ answers exactly as before.  contrib/run.sh (the demo)
writes its links with the port it listens on (issue 24, item 14)."""
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml",
         ".ico": "image/x-icon"}
HTML = TYPES[".html"]
# A line of server/api.c: no answer to a web path may carry it.
SECRET = "void api_handle(struct app *app"


def static_file(name, base=STATIC_DIR):
    with open(os.path.join(base, name), "rb") as f:
        return f.read()


def raw_get(srv, path, method="GET"):
    """The request line sent as it is (urllib would tidy some paths)."""
    return raw_http(srv, ("%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                          % (method, path)).encode("latin-1"))


def expect_web_headers(r, what):
    h = {k.lower(): v for k, v in r.headers.items()}
    expect_eq(h.get("cache-control"), "no-cache", what + ": Cache-Control")
    expect_eq(h.get("x-content-type-options"), "nosniff", what + ": X-Content-Type-Options")
    csp = h.get("content-security-policy", "")
    expect("default-src 'self'" in csp, what + ": CSP %r" % csp)
    for src in csp.replace(";", " ").split():
        expect(not src.startswith(("http", "*", "'unsafe", "data:")),
               what + ": CSP allows more than 'self': %r" % csp)


def served(name, base=STATIC_DIR, page=False):
    """What the daemon sends for a file: a page (not under /static/) put
    into frame.html's three slots (docs/WEB.md "One frame"), anything else
    as it is."""
    body = static_file(name, base)
    if not page or b"<!--main-->\n" not in body:
        return body
    frame = static_file("frame.html", base)
    head, rest = body.split(b"<!--header-->\n", 1)
    header, main = rest.split(b"<!--main-->\n", 1)
    f0, rest = frame.split(b"<!--head-->\n", 1)
    f1, rest = rest.split(b"<!--header-->\n", 1)
    f2, f3 = rest.split(b"<!--main-->\n", 1)
    return f0 + head + f1 + header + f2 + main + f3


def expect_file(r, name, base=STATIC_DIR, what=None, page=None):
    what = what or name
    if page is None:
        page = not what.startswith("/static/")
    expect_status(r, 200, what)
    expect_eq(r.headers.get("Content-Type"), TYPES[os.path.splitext(name)[1]],
              what + ": Content-Type")
    expect_web_headers(r, what)
    expect(r.text.encode("utf-8") == served(name, base, page), what + ": not the file's bytes")


def expect_not_found_page(r, what):
    expect_status(r, 404, what)
    expect_eq(r.headers.get("Content-Type"), HTML, what + ": Content-Type")
    expect("<h1>Not found</h1>" in r.text, what + ": not the 404 page: %r" % r.text[:200])
    expect(SECRET not in r.text, what + ": served a file outside static_dir")
    expect_web_headers(r, what)


@test
def pages_answer_with_their_files():
    srv = shared_server()
    c = srv.client()
    expect_file(c.get("/"), "index.html", what="/")
    expect_file(c.get("/?next=/games/3"), "index.html", what="/ with a query")
    for gid in ("1", "42", "999999999999999"):
        expect_file(c.get("/games/" + gid), "game.html", what="/games/" + gid)
    expect_file(c.get("/games/7?tab=moves"), "game.html", what="/games/7 with a query")
    for path, name in (("/vacations", "vacations.html"), ("/tournaments", "tournaments.html"),
                       ("/tl", "tl.html"), ("/account", "account.html"),
                       ("/reset-password", "reset.html"), ("/members", "members.html"),
                       ("/tournaments/1", "tournament.html"),
                       ("/tournaments/999999999999999", "tournament.html"),
                       ("/tournaments/3?x=1", "tournament.html")):
        expect_file(c.get(path), name, what=path)


@test
def every_page_is_a_whole_document_in_the_frame():
    """Each page file holds only its own lines; what is sent is one whole
    HTML document with the frame's head and site header (docs/WEB.md)."""
    srv = shared_server()
    for path in ("/", "/games/1", "/vacations", "/tournaments", "/tournaments/1", "/tl",
                 "/account", "/members", "/reset-password"):
        t = srv.client().get(path).text
        expect(t.startswith("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"), path + ": the frame's start")
        expect(t.endswith("</body>\n</html>\n"), path + ": the frame's end")
        for tag in ("<title", "<main", "<header class=\"site\">", "id=\"lang-switch\"",
                    "/static/style.css", "<script type=\"module\""):
            expect_eq(t.count(tag), 1, path + ": one " + tag)
        expect(t.index("<title") < t.index("</head>") < t.index("<header") < t.index("<main"),
               path + ": head, site header, main in that order")
        for mark in ("<!--head-->", "<!--header-->", "<!--main-->"):
            expect(mark not in t, path + ": slot %s left" % mark)


@test
def every_asset_is_served_with_its_type():
    srv = shared_server()
    names = [n for n in sorted(os.listdir(STATIC_DIR))
             if os.path.splitext(n)[1] in TYPES and not n.startswith(".")]
    expect({"index.html", "game.html", "style.css"} <= set(names), "pages present: %r" % names)
    expect(any(n.endswith(".js") for n in names), "scripts present")
    for name in names:
        expect_file(srv.client().get("/static/" + name), name, what="/static/" + name)


@test
def head_gives_the_headers_without_the_body():
    srv = shared_server()
    for path, name in (("/", "index.html"), ("/games/5", "game.html"),
                       ("/static/style.css", "style.css")):
        r = raw_get(srv, path, "HEAD")
        expect_status(r, 200, "HEAD " + path)
        expect_eq(r.headers.get("Content-Length"),
                  str(len(served(name, page=not path.startswith("/static/")))),
                  "HEAD %s: Content-Length" % path)
        expect_eq(r.text, "", "HEAD %s: body" % path)
        expect_web_headers(r, "HEAD " + path)
    r = raw_get(srv, "/nowhere", "HEAD")
    expect_status(r, 404, "HEAD /nowhere")
    expect_eq(r.text, "", "HEAD /nowhere: body")


@test
def traversal_and_odd_names_never_leave_static_dir():
    srv = shared_server()
    paths = [
        "/static/../server/api.c", "/static/%2e%2e/server/api.c", "/static/%2E%2E%2Fserver%2Fapi.c",
        "/static/..%2fserver%2fapi.c", "/static/..%5cserver%5capi.c", "/static/./index.html",
        "/static//etc/passwd", "/static/%2fetc%2fpasswd", "/static/../../../../etc/passwd",
        "/games/1/../../server/api.c", "/..%2fserver%2fapi.c", "/%2e%2e/server/api.c",
        "/static/.hidden", "/static/.", "/static/..", "/static/", "/static", "/static/x/index.html",
        "/static/index.html%00.js", "/static/index.html%00", "/static/web.am",
        "/static/index.HTML", "/static/index.html.bak", "/static/" + "a" * 61 + ".css",
        "/static/" + "b" * 3000 + ".js", "/static/%ff.js",
        "/games/0", "/games/abc", "/games/01", "/games/-1", "/games/1.5", "/games/1/",
        "/games/", "/games", "/games/" + "9" * 16, "/games/1%00", "/index.html", "/game.html",
        "/server/api.c", "/favicon.ico", "/%ff", "/api.c",
        "/tournaments/0", "/tournaments/01", "/tournaments/x", "/tournaments/1/", "/tournaments/",
        "/tournaments/" + "9" * 16, "/vacations/", "/vacations/1", "/tl/", "/tl/overview",
        "/account/", "/ACCOUNT", "/Tl", "/tournament.html", "/vacations.html",
    ]
    for p in paths:
        expect_not_found_page(raw_get(srv, p), p)
    # The query string is not part of the name.
    expect_file(raw_get(srv, "/static/index.html?x=../../server/api.c"), "index.html",
                what="a query with dots", page=False)
    expect(srv.alive(), "the daemon is still running")


@test
def other_methods_are_refused():
    srv = shared_server()
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        for path in ("/", "/games/1", "/static/style.css", "/vacations", "/tournaments/2"):
            r = srv.client().request(method, path, raw=b"x")
            expect_status(r, 405, "%s %s" % (method, path))
            expect_eq(r.headers.get("Allow"), "GET, HEAD", "%s %s: Allow" % (method, path))
            expect_eq(r.headers.get("Content-Type"), HTML, "%s %s: Content-Type" % (method, path))
    expect_not_found_page(srv.client().post("/nowhere", raw=b"x"), "POST /nowhere")
    big = srv.client().post("/", raw=b"x" * 200000)
    expect(big.status in (405, 413), "POST / with a large body: %r" % big)


@test
def the_api_answers_as_before():
    srv = shared_server()
    c = srv.client()
    for path in ("/api/v1/nowhere", "/api", "/api/", "/api/v1", "/api/v1/games/0",
                 "/API/V1/GAMES", "/Api/v1/session"):
        r = c.get(path)
        expect_error(r, 404, "not_found", path)
        expect_eq(r.headers.get("Cache-Control"), "no-store", path + ": Cache-Control")
        expect("Content-Security-Policy" not in r.headers, path + ": no web headers")
    expect_error(c.get("/api/v1/nowhere"), 404, "not_found")
    expect_message_mentions(c.get("/api/v1/nowhere"), "/api/v1/nowhere")
    expect_error(c.get("/api/v1/games"), 401, "unauthorized")
    # A path that only starts with the letters "api" is a web path.
    expect_not_found_page(c.get("/apiary"), "/apiary")
    srv.add_user("webber")
    me = srv.login("webber")
    expect_status(me.get("games"), 200, "GET /api/v1/games")


@test
def web_paths_are_not_api_routes():
    for line in sorted(routes()):
        method, pattern = line.split(" ", 1)
        expect(pattern.startswith("/api/"), "corrchessd --routes lists %r" % line)


@test
def a_missing_static_dir_is_404_and_one_warning():
    missing = os.path.join(tempfile.gettempdir(), "corrchess-no-such-dir-%d" % os.getpid())
    with Server(static_dir=missing) as srv:
        srv.start()
        for p in ("/", "/games/1", "/static/style.css", "/static/game.js", "/"):
            expect_not_found_page(raw_get(srv, p), p + " without static_dir")
        expect(srv.alive(), "the daemon is still running")
        expect_error(srv.client().get("/api/v1/nowhere"), 404, "not_found")
        warnings = [l for l in srv.read_log().splitlines() if ": warn: " in l]
        expect_eq(len(warnings), 1, "warnings in the log:\n" + "\n".join(warnings))
        expect("static_dir" in warnings[0] and missing in warnings[0],
               "the warning names static_dir: %r" % warnings[0])


@test
def only_regular_files_of_static_dir_are_served():
    """A static_dir of our own: a missing page, an .ico, a hidden file, a
    symlink out of the directory, a directory and a FIFO with served
    names, and a file over the size limit."""
    d = tempfile.mkdtemp(prefix="corrchess-static-")
    try:
        with open(os.path.join(d, "index.html"), "w") as f:
            f.write("<!DOCTYPE html><title>x</title><p>home</p>\n")
        with open(os.path.join(d, "icon.ico"), "wb") as f:
            f.write(b"\x00\x00\x01\x00")
        with open(os.path.join(d, ".hidden.css"), "w") as f:
            f.write("body{}\n")
        os.symlink(os.path.join(TOP_SRCDIR, "server", "api.c"), os.path.join(d, "link.js"))
        os.mkdir(os.path.join(d, "dir.css"))
        os.mkfifo(os.path.join(d, "fifo.js"))
        with open(os.path.join(d, "big.js"), "wb") as f:
            f.write(b"//" + b"x" * (1024 * 1024))
        with Server(static_dir=d) as srv:
            srv.start()
            expect_file(srv.client().get("/"), "index.html", base=d, what="/ from our static_dir")
            r = raw_get(srv, "/static/icon.ico")
            expect_status(r, 200, "icon.ico")
            expect_eq(r.headers.get("Content-Type"), "image/x-icon", "icon.ico: Content-Type")
            t0 = time.time()
            for p in ("/games/3", "/static/.hidden.css", "/static/link.js", "/static/dir.css",
                      "/static/fifo.js", "/static/big.js", "/static/nothing.js"):
                expect_not_found_page(raw_get(srv, p), p)
            expect(time.time() - t0 < 10, "a FIFO must not hold the request")
            expect(srv.alive(), "the daemon is still running")
            log = srv.read_log()
            expect("game.html" in log, "the missing game.html is logged:\n" + log)
    finally:
        shutil.rmtree(d, ignore_errors=True)


@test
def run_sh_links_follow_the_port():
    """PORT=N sh contrib/run.sh: the calendar link and its events, PGN
    [Site] and the demo's mail name port N, not 8080 (RUN_BIN, RUN_DB:
    the built programs and a database of the test's own)."""
    port = free_port()
    d = tempfile.mkdtemp(prefix="corrchess-run-")
    db = os.path.join(d, "demo.db")
    env = dict(os.environ, PORT=str(port), RUN_BIN=os.path.dirname(os.path.abspath(CORRCHESSD)),
               RUN_DB=db, CORRCHESS_FAST_HASH="1", CORRCHESS_TODAY="2027-09-01")
    env.pop("CORRCHESS_BASE_URL", None)
    out = open(os.path.join(d, "run.log"), "w+")
    proc = subprocess.Popen(["sh", os.path.join(TOP_SRCDIR, "contrib", "run.sh")], env=env,
                            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    base = "http://127.0.0.1:%d" % port
    try:
        srv = Server.__new__(Server)  # a client for a daemon the test did not start
        srv.port = port
        deadline = time.time() + 120
        text = ""
        while time.time() < deadline:
            out.seek(0)
            text = out.read()
            if "run: corrchessd serving" in text:
                try:
                    if srv.client().get("/healthz").status == 200:
                        break
                except OSError:
                    pass
            expect(proc.poll() is None, "run.sh stopped:\n" + text)
            time.sleep(0.1)
        else:
            raise AssertionError("run.sh did not serve on %d:\n%s" % (port, text))
        expect(("links to " + base) in text, "run.sh says where links go:\n" + text)
        logins = dict(re.findall(r"^\s*(\S+)\s+password\s+(\S+)", text, re.M))
        r = srv.client().post("session", {"login": "alice", "password": logins["alice"]})
        expect_status(r, 201, "alice signs in")
        alice = srv.client(r.json["token"])
        me = alice.get("users/me").json
        expect(me["calendar_url"].startswith(base + "/api/v1/users/"), me["calendar_url"])
        ics = srv.client().get(me["calendar_url"][len(base):])
        expect_status(ics, 200, "the feed")
        expect((base + "/games/") in ics.text, "the events link to the port: " + ics.text[:500])
        expect(":8080" not in ics.text, "no 8080 in the feed")
        pgn = alice.get("games/1/pgn")
        expect_status(pgn, 200, "PGN")
        expect('[Site "%s"]' % base in pgn.text, "PGN Site: " + pgn.text[:300])
        con = sqlite3.connect(db, timeout=10)
        try:
            bodies = [b for (b,) in con.execute("SELECT body FROM mail_outbox")]
        finally:
            con.close()
        expect(bodies, "the demo queued mail")
        expect(all(":8080" not in b for b in bodies), "no mail links to 8080")
        # The outbox keeps the links as the base_url placeholder of
        # server/base/mail_marks.h, filled in with the configured base_url
        # (the one the calendar link above shows) when the mail is sent.
        expect(any("\x01base_url\x01/games/" in b for b in bodies),
               "the mail links to the configured base_url")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=30)
        out.close()
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    run_tests()
