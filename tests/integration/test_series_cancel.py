#!/usr/bin/env python3
"""Cancelling a pending move series (DSU 6.2.5: "A series is
binding once sent ... only cancelled by the proposer before the opponent
moved, if the tournament allows (default: not allowed)"), against the real
corrchessd over HTTP with a temporary database: the `series_cancellable`
flag of games and tournaments, DELETE /api/v1/games/{id}/series and its
refusals (series_binding, forbidden, series_answered, no_series,
game_over, not_found), the audit row, and that a refusal changes
nothing."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
SERIES = ["e5", "Nf3", "Nc6", "Bb5"]
SERIES_ICCF = ["5755", "7163", "2836", "6125"]


def W():
    return shared_world(today=TODAY)


EMAIL_START = "2027-08-02"


def game(cancellable=None, profile="server", **kw):
    """A game alice (White) - bob (Black), created by the TL (an e-mail
    game starts on EMAIL_START, so its moves can be dated); the flag is
    sent only when not None."""
    w = W()
    if cancellable is not None:
        kw["series_cancellable"] = cancellable
    start = TODAY if profile == "server" else EMAIL_START
    return new_game(w.tl, w.ids["alice"], w.ids["bob"], profile, start, **kw)


def dated(profile, k):
    """The dates of the k-th move (from 0) of a game of game(): none in
    server play, a sent date two days after the previous one by e-mail."""
    return {} if profile == "server" else {"sent": add_days(EMAIL_START, 1 + 2 * k)}


def cancel(client, gid, body=None):
    return client.request("DELETE", "games/%d/series" % gid, body=body)


def audit(gid):
    return W().server.db_rows("SELECT user_id, action, detail FROM audit WHERE game_id = ?"
                              " ORDER BY id", (gid,))


def stored(gid):
    """The game row's series columns and the moves rows, as stored."""
    srv = W().server
    return (srv.db_rows("SELECT series_by, series, series_cancellable, status FROM games"
                        " WHERE id = ?", (gid,)),
            srv.db_rows("SELECT ply, iccf, series FROM moves WHERE game_id = ? ORDER BY ply",
                        (gid,)))


def snapshot(gid):
    """Everything a refusal must leave as it was: the GAME as each player
    and the TL see it, the stored rows and the game's audit lines."""
    w = W()
    return ([get_game(c, gid) for c in (w.alice, w.bob, w.tl)], stored(gid), audit(gid))


def expect_refused(r, status, code, gid, before, what):
    expect_error(r, status, code, what)
    after = snapshot(gid)
    expect_eq(after, before, what + ": nothing changed")


def sans(g):
    return [m["san"] for m in g["moves"]]


# ------------------------------------------------ the flag

@test
def flag_in_game_json():
    """GAME carries series_cancellable: false by default and when sent
    false, true when sent true (and null counts as absent)."""
    for sent, want in ((None, False), (False, False), (True, True)):
        g = game(sent)
        expect_eq(g["series_cancellable"], want, "created with %r" % (sent,))
        expect_eq(get_game(W().bob, g["id"])["series_cancellable"], want, "GET, %r" % (sent,))
    w = W()
    r = w.tl.post("games", {"white": w.ids["alice"], "black": w.ids["bob"], "profile": "server",
                            "start_date": TODAY, "series_cancellable": None})
    expect_status(r, 201, "series_cancellable null")
    expect_eq(r.json["series_cancellable"], False, "null is the default")


@test
def wrong_types_422():
    """POST /games and POST /tournaments refuse a flag that is not a
    boolean with 422 invalid_field and store nothing."""
    w = W()
    srv = w.server
    counts = lambda: (srv.db_rows("SELECT count(*) FROM games")[0][0],
                      srv.db_rows("SELECT count(*) FROM tournaments")[0][0])
    before = counts()
    for bad in ("true", 1, 0, [], {}, "yes"):
        r = w.tl.post("games", {"white": w.ids["alice"], "black": w.ids["bob"],
                                "profile": "server", "start_date": TODAY,
                                "series_cancellable": bad})
        expect_error(r, 422, "invalid_field", "game, series_cancellable %r" % (bad,))
        expect_message_mentions(r, "series_cancellable", what="game %r" % (bad,))
        r = w.tl.post("tournaments", {"name": "Bad flag", "kind": "round_robin",
                                      "profile": "server", "start_date": TODAY,
                                      "players": [w.ids["alice"], w.ids["bob"]],
                                      "series_cancellable": bad})
        expect_error(r, 422, "invalid_field", "tournament, series_cancellable %r" % (bad,))
        expect_message_mentions(r, "series_cancellable", what="tournament %r" % (bad,))
    expect_eq(counts(), before, "no game and no tournament stored")


@test
def tournament_passes_the_flag():
    """A tournament created with series_cancellable=true shows it and
    gives it to all its games; without it, all its games are binding."""
    w = W()
    players = [w.ids["alice"], w.ids["bob"], w.ids["carol"]]
    for sent, want in ((True, True), (None, False), (False, False)):
        body = {"name": "Flag %r" % (sent,), "kind": "round_robin", "profile": "server",
                "start_date": TODAY, "players": players}
        if sent is not None:
            body["series_cancellable"] = sent
        r = w.tl.post("tournaments", body)
        expect_status(r, 201, "tournament %r" % (sent,))
        expect_eq(r.json["series_cancellable"], want, "TOURNAMENT, %r" % (sent,))
        tid = r.json["id"]
        r = w.alice.get("tournaments/%d" % tid)
        expect_status(r, 200, "GET tournament")
        expect_eq(r.json["series_cancellable"], want, "GET TOURNAMENT, %r" % (sent,))
        expect_eq(len(r.json["games"]), 3, "three games")
        for gid in r.json["games"]:
            expect_eq(get_game(w.alice, gid)["series_cancellable"], want,
                      "game %d of tournament %r" % (gid, sent))
        expect_eq(w.server.db_rows("SELECT series_cancellable FROM tournaments WHERE id = ?",
                                   (tid,)), [(1 if want else 0,)], "stored")
    # A tournament game allows the cancel end to end.
    r = w.tl.post("tournaments", {"name": "Cancel ok", "kind": "round_robin",
                                  "profile": "server", "start_date": TODAY,
                                  "players": [w.ids["alice"], w.ids["bob"]],
                                  "series_cancellable": True})
    expect_status(r, 201, "two-player tournament")
    gid = r.json["games"][0]
    g = get_game(w.tl, gid)
    white = w.alice if g["white"]["id"] == w.ids["alice"] else w.bob
    play(white, gid, "e4", series=["e5", "Nf3"])
    r = cancel(white, gid)
    expect_status(r, 200, "cancel in a tournament game")
    expect_eq(r.json["series"], None, "cancelled")


@test
def never_in_dsu():
    """Issue 9 (DSU 6.2.4, 6.8.4, DSU 6.2.5): a series binds once sent in a
    DSU tournament - no dsu-* game or tournament takes the flag (422
    invalid_field, nothing stored), and a series in a dsu-* game cannot be
    cancelled (409 series_binding, nothing changed)."""
    w = W()
    srv = w.server
    counts = lambda: (srv.db_rows("SELECT count(*) FROM games")[0][0],
                      srv.db_rows("SELECT count(*) FROM tournaments")[0][0])
    before = counts()
    for profile in ("dsu-post", "dsu-email"):
        r = w.tl.post("games", {"white": w.ids["alice"], "black": w.ids["bob"],
                                "profile": profile, "start_date": EMAIL_START,
                                "series_cancellable": True})
        expect_error(r, 422, "invalid_field", profile + " game with the flag")
        expect_message_mentions(r, "series_cancellable", what=profile)
        r = w.tl.post("tournaments", {"name": "DSU " + profile, "kind": "round_robin",
                                      "profile": profile, "start_date": EMAIL_START,
                                      "players": [w.ids["alice"], w.ids["bob"]],
                                      "series_cancellable": True})
        expect_error(r, 422, "invalid_field", profile + " tournament with the flag")
    expect_eq(counts(), before, "nothing stored")
    g = game(False, "dsu-email")
    play(w.alice, g["id"], "e4", series=SERIES, **dated("dsu-email", 0))
    snap = snapshot(g["id"])
    expect_refused(cancel(w.alice, g["id"]), 409, "series_binding", g["id"], snap,
                   "dsu-email: the proposer cancels")


# ------------------------------------------------ cancelling

@test
def cancel_then_reply_plays_nothing():
    """The proposer cancels his series: GAME shows series null, the moves
    stay, an audit row is written; the opponent's reply that would have
    matched the series makes no automatic move."""
    w = W()
    for profile in ("server",):  # never in a dsu-* profile (see never_in_dsu)
        g = game(True, profile)
        gid = g["id"]
        g = play(w.alice, gid, "e4", series=SERIES, **dated(profile, 0))
        expect_eq(g["series"], {"by": "white", "moves": SERIES_ICCF}, "the proposer sees it")
        r = cancel(w.alice, gid)
        expect_status(r, 200, profile + ": cancel")
        expect_game_shape(r.json)
        g = r.json
        expect_eq((g["series"], g["series_cancellable"], sans(g), g["to_move"], g["status"]),
                  (None, True, ["e4"], "black", "active"), profile + ": after the cancel")
        for c in (w.alice, w.bob, w.tl):
            expect_eq(get_game(c, gid)["series"], None, profile + ": series null for all")
        expect_eq(stored(gid)[0], [(None, None, 1, "active")], profile + ": stored")
        rows = audit(gid)
        expect_eq(len(rows), 1, profile + ": one audit row")
        expect_eq((rows[0][0], rows[0][1]), (w.ids["alice"], "series_cancelled"),
                  profile + ": audit user and action")
        expect(rows[0][2], "audit detail: %r" % (rows[0],))
        # Cancelling again: nothing is pending any more.
        before = snapshot(gid)
        expect_refused(cancel(w.alice, gid), 409, "no_series", gid, before,
                       profile + ": second cancel")
        g = play(w.bob, gid, "e5", **dated(profile, 1))
        expect_eq(sans(g), ["e4", "e5"], profile + ": no automatic 2.Nf3")
        expect_eq((g["to_move"], g["series"]), ("white", None), profile + ": White to move")
        expect_eq([r[2] for r in stored(gid)[1]], [0, 0], profile + ": plain moves stored")
        # White may play on and propose a new series, which binds as usual.
        g = play(w.alice, gid, "Nf3", series=["Nc6", "Bb5"], **dated(profile, 2))
        g = play(w.bob, gid, "Nc6", **dated(profile, 3))
        expect_eq(sans(g)[-2:], ["Nc6", "Bb5"], profile + ": a new series works")


@test
def cancel_with_empty_object_body():
    """The body may be empty or {}; any field is unknown."""
    w = W()
    gid = game(True)["id"]
    play(w.alice, gid, "e4", series=["e5", "Nf3"])
    before = snapshot(gid)
    expect_refused(cancel(w.alice, gid, body={"why": "changed my mind"}), 422, "unknown_field",
                   gid, before, "a field in the body")
    r = cancel(w.alice, gid, body={})
    expect_status(r, 200, "cancel with {}")
    expect_eq(r.json["series"], None, "cancelled")


@test
def binding_without_the_flag():
    """DSU 6.2.5: without the flag a series is binding: 409 series_binding
    citing the rule, nothing changes, and the series still works."""
    w = W()
    for flag in (None, False):
        gid = game(flag)["id"]
        play(w.alice, gid, "e4", series=SERIES)
        before = snapshot(gid)
        r = cancel(w.alice, gid)
        expect_refused(r, 409, "series_binding", gid, before, "flag %r" % (flag,))
        expect_message_mentions(r, "6.2.5", "binding", what="series_binding")
        g = play(w.bob, gid, "e5")
        expect_eq(sans(g), ["e4", "e5", "Nf3"], "the series still plays 2.Nf3")
        expect_eq(get_game(w.alice, gid)["series"]["moves"], SERIES_ICCF[2:], "the rest")
        expect_eq(audit(gid), [], "no audit row")
    # With nothing pending the answer is the same: the game never allows it.
    gid = game()["id"]
    before = snapshot(gid)
    expect_refused(cancel(w.alice, gid), 409, "series_binding", gid, before, "no series, no flag")


@test
def only_the_proposer():
    """The opponent (403 forbidden), another player, a TL and an admin (403
    not_a_player: a player's act, docs/AUTHORITY.md) may not cancel;
    nothing changes, the series goes on."""
    w = W()
    gid = game(True)["id"]
    play(w.alice, gid, "e4", series=SERIES)
    before = snapshot(gid)
    expect_refused(cancel(w.bob, gid), 403, "forbidden", gid, before, "bob")
    for who in ("carol", "tl", "admin"):
        expect_refused(cancel(getattr(w, who), gid), 403, "not_a_player", gid, before, who)
    g = play(w.bob, gid, "e5")
    expect_eq(sans(g), ["e4", "e5", "Nf3"], "2.Nf3 automatic: the series stood")
    # Black's own series: White (the opponent now) may not cancel it.
    gid = game(True)["id"]
    play(w.alice, gid, "e4")
    play(w.bob, gid, "e5", series=["Nf3", "Nc6"])
    before = snapshot(gid)
    expect_refused(cancel(w.alice, gid), 403, "forbidden", gid, before, "alice, Black's series")
    r = cancel(w.bob, gid)
    expect_status(r, 200, "Black cancels his own series")
    expect_eq(audit(gid)[0][:2], (w.ids["bob"], "series_cancelled"), "audit row for bob")
    g = play(w.alice, gid, "Nf3")
    expect_eq(sans(g), ["e4", "e5", "Nf3"], "no automatic 2...Nc6")


@test
def answered_series_binds():
    """Once the opponent has accepted the first move (the proposer's reply
    played automatically), the rest cannot be cancelled: 409
    series_answered."""
    w = W()
    for profile in ("server",):  # never in a dsu-* profile (see never_in_dsu)
        gid = game(True, profile)["id"]
        play(w.alice, gid, "e4", series=SERIES, **dated(profile, 0))
        g = play(w.bob, gid, "e5", **dated(profile, 1))
        expect_eq((sans(g), g["moves"][-1]["series"]), (["e4", "e5", "Nf3"], True),
                  profile + ": 2.Nf3 automatic")
        expect_eq(get_game(w.alice, gid)["series"]["moves"], SERIES_ICCF[2:], "the rest")
        before = snapshot(gid)
        r = cancel(w.alice, gid)
        expect_refused(r, 409, "series_answered", gid, before, profile)
        g = play(w.bob, gid, "Nc6", **dated(profile, 2))
        expect_eq(sans(g)[-2:], ["Nc6", "Bb5"], profile + ": the rest still binds")


@test
def no_series_409():
    """Nothing pending: no move yet, a move without a series, a series
    broken off or used up."""
    w = W()
    gid = game(True)["id"]
    before = snapshot(gid)
    expect_refused(cancel(w.alice, gid), 409, "no_series", gid, before, "no move yet")
    play(w.alice, gid, "e4")
    before = snapshot(gid)
    expect_refused(cancel(w.alice, gid), 409, "no_series", gid, before, "no series sent")
    expect_refused(cancel(w.bob, gid), 409, "no_series", gid, before, "bob, no series")
    play(w.bob, gid, "e5", series=["Nf3", "Nc6"])
    play(w.alice, gid, "d4")  # breaks Black's series off
    before = snapshot(gid)
    expect_refused(cancel(w.bob, gid), 409, "no_series", gid, before, "broken off")
    gid = game(True)["id"]
    play(w.alice, gid, "e4", series=["e5", "Nf3"])
    play(w.bob, gid, "e5")  # 2.Nf3 automatic, the series used up
    before = snapshot(gid)
    expect_refused(cancel(w.alice, gid), 409, "no_series", gid, before, "used up")


@test
def unknown_and_finished_games():
    w = W()
    r = w.alice.request("DELETE", "games/999999/series")
    expect_error(r, 404, "not_found", "unknown game")
    r = w.alice.request("DELETE", "games/abc/series")
    expect_4xx(r, "a non-numeric id")
    # A finished game: the series ended with it (resignation, a TL result).
    gid = game(True)["id"]
    play(w.alice, gid, "e4", series=SERIES)
    expect_status(w.bob.post("games/%d/resign" % gid), 200, "bob resigns")
    before = snapshot(gid)
    expect_refused(cancel(w.alice, gid), 409, "game_over", gid, before, "resigned game")
    gid = game(True)["id"]
    play(w.alice, gid, "e4", series=SERIES)
    r = w.tl.post("games/%d/result" % gid, {"result": "1-0", "reason": "adjudicated by the TL"})
    expect_status(r, 200, "TL result")
    before = snapshot(gid)
    expect_refused(cancel(w.alice, gid), 409, "game_over", gid, before, "adjudicated game")
    expect_eq([a[1] for a in audit(gid)], ["tl_result"], "only the TL's audit row")


@test
def route_is_listed():
    expect("DELETE /api/v1/games/{id}/series" in routes(), "the route is served")
    r = W().alice.get("games/1/series")
    expect_error(r, 405, "method_not_allowed", "GET on the series route")


if __name__ == "__main__":
    run_tests()
