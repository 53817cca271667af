#!/usr/bin/env python3
"""A WSDL client against the real corrchessd (issue 23): zeep (Debian's
python3-zeep, run by /usr/bin/python3) reads GET /xfcc?wsdl in strict mode,
lists the games with GetMyGames and makes a move with MakeAMove; every
XfccGame parses against the WSDL's types (strict: an element out of the
declared order is an error), and a refused call is a SOAP fault zeep reads
(HTTP 500, WS-I BP R1126).  After each call the game is read over the
JSON API."""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xfcc_util import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
SYS_PYTHON = "/usr/bin/python3"

# Runs in Debian's Python: argv[1] is a JSON list of calls, each
# [operation, {parameters}]; prints one JSON answer per call.
CLIENT = r"""
import json, sys
import zeep, zeep.exceptions, zeep.helpers
wsdl, address, calls = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
client = zeep.Client(wsdl, settings=zeep.Settings(strict=True))
service = client.create_service("{http://www.bennedik.com/webservices/XfccBasic}XfccBasicSoap",
                                address)
out = {"location": None}
for port in client.wsdl.services["XfccBasic"].ports.values():
    out["location"] = port.binding_options["address"]
answers = []
for op, params in calls:
    try:
        value = zeep.helpers.serialize_object(getattr(service, op)(**params))
        answers.append({"ok": json.loads(json.dumps(value, default=str))})
    except zeep.exceptions.Fault as f:
        answers.append({"fault": f.message, "code": str(f.code)})
out["answers"] = answers
print(json.dumps(out))
"""


def W():
    return shared_world(today=TODAY)


def zeep_calls(*calls):
    """Runs the calls through zeep; returns (the WSDL's address, answers)."""
    srv = W().server
    url = "http://127.0.0.1:%d/xfcc" % srv.port
    r = subprocess.run([SYS_PYTHON, "-c", CLIENT, url + "?wsdl", url, json.dumps(calls)],
                       capture_output=True, text=True, timeout=120)
    expect(r.returncode == 0, "zeep failed:\n%s%s" % (r.stdout, r.stderr))
    out = json.loads(r.stdout)
    return out["location"], out["answers"]


def login(user):
    return {"username": user, "password": password_of(user)}


def move(user, gid, movecount, mv, **flags):
    p = dict(login(user), gameId=gid, movecount=movecount, myMove=mv, myMessage="",
             resign=False, acceptDraw=False, offerDraw=False, claimDraw=False)
    p.update(flags)
    return ["MakeAMove", p]


if subprocess.run([SYS_PYTHON, "-c", "import zeep"], capture_output=True).returncode != 0:
    print("FAIL: python3-zeep is missing (contrib/install-deps.sh installs it)")
    sys.exit(1)


@test
def zeep_lists_games_and_moves_in_strict_mode():
    w = W()
    r = w.tl.post("games", {"white": w.ids["alice"], "black": w.ids["bob"], "profile": "server",
                            "start_date": TODAY, "event": "Zeep <&> cup"})
    expect_status(r, 201, "create game")
    gid = r.json["id"]
    location, answers = zeep_calls(["GetMyGames", login("alice")],
                                   move("alice", gid, 1, "e4", myMessage="hej æøå"),
                                   ["GetMyGames", login("bob")])
    expect_eq(location, "http://127.0.0.1:8080/xfcc", "the WSDL's address is base_url/xfcc")
    games = {g["id"]: g for g in answers[0]["ok"]}
    g = games.get(gid)
    expect(g is not None, "game %d listed: %r" % (gid, answers[0]))
    # The values zeep read are the typed ones of the WSDL.
    expect_eq((g["white"], g["black"], g["event"]), ("alice", "bob", "Zeep <&> cup"), "names")
    expect(g["myTurn"] is True and g["hasWhite"] is True, "myTurn/hasWhite: %r" % g)
    expect_eq(g["daysPlayer"], 40, "days left before move 10 (server: 40 days)")
    expect_eq((g["result"], g["moves"], g["setup"], g["drawOffered"]),
              ("Ongoing", None, False, False), "result, moves (empty: None), setup, drawOffered")
    expect_eq(g["timeControl"], "10/3456000", "timeControl")
    expect_eq(answers[1], {"ok": "Success"}, "MakeAMove 1. e4")
    after = w.tl.get("games/%d" % gid).json
    expect_eq([m["san"] for m in after["moves"]], ["e4"], "the move over the JSON API")
    b = {x["id"]: x for x in answers[2]["ok"]}[gid]
    expect(b["myTurn"] is True and b["hasWhite"] is False, "bob to move: %r" % b)
    expect_eq((b["moves"], b["message"]), ("1. e4", "hej æøå"), "bob sees the move and message")


@test
def zeep_reads_refusals_as_faults_and_result_codes():
    w = W()
    r = w.tl.post("games", {"white": w.ids["alice"], "black": w.ids["bob"], "profile": "server",
                            "start_date": TODAY})
    gid = r.json["id"]
    _, answers = zeep_calls(["GetMyGames", {"username": "alice", "password": "wrong-one"}],
                            move("bob", gid, 1, "e5"),
                            move("alice", gid, 1, "Ke2"))
    expect_eq(answers[0], {"fault": "AuthenticationFailed", "code": "soap:Client"},
              "a wrong password is a fault zeep reads")
    expect_eq(answers[1], {"ok": "NotYourTurn"}, "not bob's turn")
    expect_eq(answers[2], {"ok": "InvalidMove"}, "an illegal move")
    expect_eq(w.tl.get("games/%d" % gid).json["moves"], [], "nothing changed")


@test
def time_controls_by_profile():
    """docs/XFCC.md: 10 moves in 40 days for server and DSU e-mail play
    (DSU 6.8.6), in 30 days for DSU post (6.3.1), in PGN seconds."""
    w = W()
    ids = {}
    for profile in ("server", "dsu-email", "dsu-post"):
        r = w.tl.post("games", {"white": w.ids["carol"], "black": w.ids["bob"],
                                "profile": profile, "start_date": TODAY})
        expect_status(r, 201, "create a %s game" % profile)
        ids[profile] = r.json["id"]
    _, answers = zeep_calls(["GetMyGames", login("carol")])
    got = {g["id"]: g["timeControl"] for g in answers[0]["ok"]}
    expect_eq({p: got[i] for p, i in ids.items()},
              {"server": "10/3456000", "dsu-email": "10/3456000", "dsu-post": "10/2592000"},
              "timeControl")


if __name__ == "__main__":
    run_tests()
