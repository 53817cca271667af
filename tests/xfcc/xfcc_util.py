"""Helpers of the Xfcc tests: raw SOAP calls, their answers read with a
real XML parser, and Scid's own client run through scid_driver.tcl."""
import os
import re
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "integration"))
from harness import *  # noqa: E402,F401,F403
import openapi_check  # noqa: E402 (tests/integration)

NS = "http://www.bennedik.com/webservices/XfccBasic"
SOAP = "http://schemas.xmlsoap.org/soap/envelope/"
SCID_TCL = "/usr/share/scid/tcl/tools/correspondence.tcl"
DRIVER = os.path.join(HERE, "scid_driver.tcl")


class Soap:
    """One answer of POST /xfcc."""

    json = None  # never JSON (openapi_check reads it only for JSON)

    def __init__(self, status, body, headers):
        self.status = status
        self.raw = body
        self.text = body.decode("utf-8")
        self.headers = headers
        xml = headers.get("Content-Type", "").startswith(("text/xml", "application/soap+xml"))
        self.root = ET.fromstring(body) if body and xml else None

    def find(self, local):
        """The first element with that local name (any namespace)."""
        for el in (self.root.iter() if self.root is not None else ()):
            if el.tag.split("}")[-1] == local:
                return el
        return None

    @property
    def result(self):
        el = self.find("MakeAMoveResult")
        return el.text if el is not None else None

    @property
    def fault(self):
        el = self.find("faultstring")
        return el.text if el is not None else None

    def games(self):
        """The XfccGame elements as dicts of their children's text."""
        out = []
        for g in self.root.iter("{%s}XfccGame" % NS):
            out.append({c.tag.split("}")[-1]: (c.text or "") for c in g})
        return out

    def __repr__(self):
        return "Soap(%d, %s)" % (self.status, self.text[:400])


def post_xfcc(server, body, content_type='text/xml; charset="utf-8"', soap_action=None,
              method="POST", query=None):
    """Sends body (str or bytes) to /xfcc (?query); returns a Soap, whose
    status and Content-Type docs/openapi.yaml must document."""
    data = body.encode("utf-8") if isinstance(body, str) else body
    url = "http://127.0.0.1:%d/xfcc%s" % (server.port, "?" + query if query else "")
    req = urllib.request.Request(url, data=data or None, method=method)
    if content_type:
        req.add_header("Content-Type", content_type)
    if soap_action is not None:
        req.add_header("SOAPAction", soap_action)
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            answer = Soap(r.status, r.read(), dict(r.headers))
    except urllib.error.HTTPError as e:
        answer = Soap(e.code, e.read(), dict(e.headers))
    openapi_check.check(method, url, answer)  # issue 23
    return answer


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def envelope(inner, prefix="soap"):
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            '<%s:Envelope xmlns:%s="%s"><%s:Body>%s</%s:Body></%s:Envelope>'
            % (prefix, prefix, SOAP, prefix, inner, prefix, prefix))


def call(op, params, prefix=None):
    """The SOAP text of op with params (a list of (name, value)): default
    namespace, or every element with `prefix:`."""
    if prefix:
        inner = "".join("<%s:%s>%s</%s:%s>" % (prefix, k, esc(str(v)), prefix, k)
                        for k, v in params)
        return envelope('<%s:%s xmlns:%s="%s">%s</%s:%s>'
                        % (prefix, op, prefix, NS, inner, prefix, op))
    inner = "".join("<%s>%s</%s>" % (k, esc(str(v)), k) for k, v in params)
    return envelope('<%s xmlns="%s">%s</%s>' % (op, NS, inner, op))


def make_a_move(user, password, game, move="", movecount="", resign="0", accept="0",
                offer="0", claim="0", message=""):
    return [("username", user), ("password", password), ("gameId", game), ("resign", resign),
            ("acceptDraw", accept), ("movecount", movecount), ("myMove", move),
            ("offerDraw", offer), ("claimDraw", claim), ("myMessage", message)]


def password_of(name):
    return "pw-" + name + "-secret"  # harness.Server.add_user's default


class Scid:
    """Scid's Xfcc client for one user, with its own working directory
    (inbox of PGN files, state file, server list)."""

    def __init__(self, server, user, password=None):
        self.server = server
        self.user = user
        self.password = password or password_of(user)
        self.dir = tempfile.mkdtemp(prefix="scid-%s-" % user, dir=server.dir)

    def run(self, *args):
        env = dict(os.environ, LC_ALL="C.UTF-8", LANG="C.UTF-8")
        uri = "http://127.0.0.1:%d/xfcc" % self.server.port
        r = subprocess.run(["tclsh", DRIVER, SCID_TCL, self.dir, args[0], uri, self.user,
                            self.password] + [str(a) for a in args[1:]],
                           capture_output=True, text=True, env=env, timeout=60)
        if r.returncode != 0:
            raise AssertionError("scid_driver %s failed (%d):\n%s\n%s"
                                 % (args[0], r.returncode, r.stdout, r.stderr))
        return r.stdout

    def fetch(self):
        """GetMyGames through ::Xfcc::ProcessAll; returns (console lines,
        state: {"corrchess-ID": {key: value}})."""
        out = self.run("fetch")
        state = {}
        for line in out.splitlines():
            if line.startswith("STATE\t"):
                _, gid, key, value = (line.split("\t", 3) + [""])[:4]
                state.setdefault(gid, {})[key] = value
        return [l for l in out.splitlines()
                if l.startswith(("CONSOLE", "MESSAGEBOX", "ANSWER"))], state

    def pgn(self, game_id):
        """The PGN file Scid wrote for the game, or None."""
        path = os.path.join(self.dir, "inbox", "corrchess-%d.pgn" % game_id)
        if not os.path.exists(path):
            return None
        with open(path, encoding="utf-8") as f:
            return f.read()

    @staticmethod
    def answer(console):
        """The server's answer the driver observed ("Success", ...)."""
        for l in console:
            if l.startswith("ANSWER "):
                return l[7:]
        return None

    def send(self, game_id, movecount, move, comment="", resign=0, accept=0, offer=0, claim=0):
        """MakeAMove through ::Xfcc::Send with Scid's 0/1 flags; returns
        what Scid tells its user (the console lines after sending)."""
        out = self.run("send", game_id, movecount, move, comment, resign, accept, offer, claim)
        return [l for l in out.splitlines()
                if l.startswith(("CONSOLE", "MESSAGEBOX", "ANSWER"))]


def pgn_tag(pgn, name):
    m = re.search(r'^\[%s "(.*)"\]$' % re.escape(name), pgn, re.M)
    return m.group(1) if m else None


def pgn_movetext(pgn):
    """The PGN's text after the tags, blanks squeezed."""
    body = pgn.split("\n\n", 1)[1] if "\n\n" in pgn else ""
    return " ".join(body.split())
