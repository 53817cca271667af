#!/usr/bin/env python3
"""Who may do what over Xfcc (docs/AUTHORITY.md, issue 19): the rows Xfcc
reaches, cell by cell, in Scid's raw SOAP (tests/xfcc/xfcc_util.py)
against the real corrchessd, through the same svc commands the JSON API
calls: MakeAMove with a move, a draw offer, a draw accepted, a
resignation, a claim; and GetMyGames, which lists only one's own games.

Xfcc has no 401/403: a refusal cell answers its Xfcc result instead -
not_a_player and forbidden "NotYourGame", unauthorized (no login, or a
wrong password) "AuthenticationFailed" - and changes no row of the
database; a "yes" cell is never answered with either (a rule may still
refuse: NotYourTurn, InvalidMove)."""
import atexit
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xfcc_util import *  # noqa: E402,F401,F403
from authority_matrix import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
XFCC_REFUSAL = {"not_a_player": "NotYourGame", "forbidden": "NotYourGame",
                "unauthorized": "AuthenticationFailed"}

_world = []


def W():
    if not _world:
        srv = Server(today=TODAY).start()
        atexit.register(srv.close)
        _world.append(MatrixWorld(srv))
    return _world[0]


def credentials(w, column):
    """(username, password) of the column's actor; anonymous sends none."""
    name = w.names[column]
    return ("", "") if name is None else (name, password_of(name))


def make_a_move(w, column, **kw):
    """MakeAMove on world.game(column) as the column's actor."""
    user, password = credentials(w, column)
    params = [("username", user), ("password", password), ("gameId", w.game(column)),
              ("resign", kw.get("resign", "0")), ("acceptDraw", kw.get("accept", "0")),
              ("movecount", kw.get("movecount", "")), ("myMove", kw.get("move", "")),
              ("offerDraw", kw.get("offer", "0")), ("claimDraw", kw.get("claim", "0")),
              ("myMessage", "")]
    return post_xfcc(w.server, call("MakeAMove", params))


def xfcc_refused(r, cell, what):
    expect_status(r, 200, what)
    expect_eq(r.result, XFCC_REFUSAL[cell], what)


def xfcc_allowed(r, what):
    expect_status(r, 200, what)
    expect(r.result not in ("NotYourGame", "AuthenticationFailed"),
           "%s: allowed by docs/AUTHORITY.md, refused: %r" % (what, r))


def row(command, perform, **kw):
    return run_row(W(), command, perform, refused=xfcc_refused, allowed=xfcc_allowed, **kw)


def white_client(w, column):
    return w.client("TL who is a side" if w.is_side(column) else "white")


def black_to_move(w, column):
    """prepare: Black acts when it is his turn (White's first move over HTTP)."""
    if w.seat(column) == "black":
        g = w.root.get("games/%d" % w.game(column)).json
        if not g["moves"]:
            play(white_client(w, column), w.game(column), "e4")


def successes(answers, columns, what):
    for c in columns:
        expect_eq(answers[c].result, "Success", "%s by %s" % (what, c))


def every_side_may(command, what, **fields):
    """The row of command, by a MakeAMove with fields: a success for both
    players and for the TL who is a side."""
    a = row(command, lambda w, c, cl: make_a_move(w, c, **fields))
    successes(a, ("white", "black", "TL who is a side"), what)


@test
def move():
    a = row("move", lambda w, c, cl: make_a_move(
        w, c, move="e5" if w.seat(c) == "black" else "e4", movecount=1), prepare=black_to_move)
    successes(a, ("white", "black", "TL who is a side"), "move")
    g = W().root.get("games/%d" % W().game("TL who is a side")).json
    expect_eq([m["san"] for m in g["moves"]], ["e4"], "the side's move was played")


@test
def draw_offer():
    every_side_may("draw", "offerDraw", offer="1")


@test
def draw_accept():
    def offer(w, column):
        g = w.root.get("games/%d" % w.game(column)).json
        if g["draw_offer"] is None:
            expect_status(w.client("black").post("games/%d/draw" % w.game(column),
                                                 {"action": "offer"}), 200, "black offers")

    a = row("draw", lambda w, c, cl: make_a_move(w, c, accept="1"), prepare=offer,
            columns=[c for c in COLUMNS if c != "black"])
    successes(a, ("white", "TL who is a side"), "acceptDraw")
    g = W().root.get("games/%d" % W().game("TL who is a side")).json
    expect_eq((g["result"], g["termination"]), ("1/2-1/2", "agreement"), "the side's draw")


@test
def resign():
    every_side_may("resign", "resign", resign="1")


@test
def claim():
    a = row("claim", lambda w, c, cl: make_a_move(w, c, claim="1"), prepare=black_to_move)
    # Allowed; the rule refuses: no threefold repetition, no fifty moves.
    for c in ("white", "black", "TL who is a side"):
        expect_eq(a[c].result, "InvalidMove", "claimDraw by " + c)


@test
def a_wrong_password_is_anonymous():
    w = W()
    w.new_scene()
    before = w.snapshot()
    params = [("username", w.names["white"]), ("password", "wrong"), ("gameId", w.game("white")),
              ("resign", "1"), ("acceptDraw", "0"), ("movecount", ""), ("myMove", ""),
              ("offerDraw", "0"), ("claimDraw", "0"), ("myMessage", "")]
    r = post_xfcc(w.server, call("MakeAMove", params))
    xfcc_refused(r, "unauthorized", "white with a wrong password resigns")
    expect_eq(w.snapshot(), before, "nothing changed")


@test
def get_my_games_lists_only_his_own():
    w = W()
    w.new_scene()
    seats = {w.scene.game: {w.ids["white"], w.ids["black"]},
             w.scene.side_game: {w.ids["TL who is a side"], w.ids["black"]}}
    for column in COLUMNS:
        user, password = credentials(w, column)
        r = post_xfcc(w.server, call("GetMyGames", [("username", user), ("password", password)]))
        if column == "anonymous":  # a SOAP fault (docs/XFCC.md: HTTP 500, soap:Client)
            expect(r.status >= 400 and r.fault == "AuthenticationFailed",
                   "GetMyGames without a login: %r" % (r,))
            continue
        expect_status(r, 200, "GetMyGames of " + column)
        listed = {int(g["id"]) for g in r.games()}
        uid = w.ids[column]
        own = {i for (i,) in w.server.db_rows(
            "SELECT id FROM games WHERE white = ? OR black = ?", (uid, uid))}
        expect(listed <= own, "%s sees games not his own: %r" % (column, sorted(listed - own)))
        for gid, players in seats.items():
            expect_eq(gid in listed, uid in players, "%s lists game %d" % (column, gid))


if __name__ == "__main__":
    run_tests()
