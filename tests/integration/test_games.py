#!/usr/bin/env python3
"""Games, moves, endings, draws, resignations, claims and TL results
(API.md "Games" and "Moves"; docs/RULES.md §1, §2), against the real corrchessd
over HTTP with a temporary database."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"


def W():
    return shared_world(today=TODAY)


def game(profile="server", start_date=TODAY, white="alice", black="bob", **kw):
    w = W()
    return new_game(w.tl, w.ids[white], w.ids[black], profile, start_date, **kw)


# ------------------------------------------------------------ creating games

@test
def tl_creates_game_with_every_field():
    w = W()
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", "2027-08-02",
                 event="DM 2027 \u2013 gruppe \u00d8")
    expect_eq(g["event"], "DM 2027 \u2013 gruppe \u00d8", "event (UTF-8)")
    expect_eq(g["profile"], "dsu-post", "profile")
    expect_eq(g["start_date"], "2027-08-02", "start_date")
    expect_user(g["white"], w.ids["alice"], "alice", "player")
    expect_user(g["black"], w.ids["bob"], "bob", "player")
    expect_eq(g["status"], "active", "status")
    expect_eq(g["result"], "*", "result")
    expect_eq(g["termination"], None, "termination")
    expect_eq(g["to_move"], "white", "to_move")
    expect_eq(g["fen"], START_FEN, "fen")
    expect_eq(g["moves"], [], "moves")
    expect_eq(g["series"], None, "series")
    expect_eq(g["draw_offer"], None, "draw_offer")
    for side in ("white", "black"):
        c = g["clock"][side]
        expect_eq(c["used_days"], 0, side + " used_days")
        expect_eq(c["penalty_days"], 0, side + " penalty_days")
        expect_eq(c["next_control"], {"move": 10, "limit_days": 30}, side + " next_control")
    expect(isinstance(g["clock"]["white"]["forfeit_date"], str), "white to move has a date")
    expect_eq(g["clock"]["black"]["forfeit_date"], None, "black forfeit_date")
    got = get_game(w.carol, g["id"])
    expect_eq(got, g, "GET returns what POST returned")
    g2 = new_game(w.admin, w.ids["bob"], w.ids["alice"], "dsu-email", "2027-08-02")
    expect_eq(g2["event"], None, "no event")
    expect_eq(g2["clock"]["white"]["next_control"], {"move": 10, "limit_days": 40}, "e-mail")
    g3 = game("server")
    expect_eq(g3["clock"]["white"]["next_control"], {"move": 10, "limit_days": 40}, "server")
    expect(len({g["id"], g2["id"], g3["id"]}) == 3, "distinct ids")


@test
def player_cannot_create_game():
    w = W()
    before = len(w.alice.get("games?player=%d" % w.ids["alice"]).json["games"])
    r = w.alice.post("games", {"white": w.ids["alice"], "black": w.ids["bob"],
                               "profile": "server", "start_date": TODAY})
    expect_error(r, 403, "forbidden", "player creates a game")
    after = len(w.alice.get("games?player=%d" % w.ids["alice"]).json["games"])
    expect_eq(after, before, "no game stored")


@test
def bad_games_are_422():
    w = W()
    a, b = w.ids["alice"], w.ids["bob"]
    before = len(w.tl.get("games?player=%d" % a).json["games"])
    cases = [
        ({"white": a, "black": 999999, "profile": "server", "start_date": TODAY}, None),
        ({"white": 999998, "black": b, "profile": "server", "start_date": TODAY}, None),
        ({"white": a, "black": a, "profile": "server", "start_date": TODAY}, None),
        ({"white": a, "black": b, "profile": "blitz", "start_date": TODAY}, None),
        ({"white": a, "black": b, "profile": "", "start_date": TODAY}, None),
        ({"white": a, "black": b, "profile": "server", "start_date": "2027-02-30"},
         "invalid_date"),
        ({"white": a, "black": b, "profile": "server", "start_date": "2027-13-01"},
         "invalid_date"),
        ({"white": a, "black": b, "profile": "server", "start_date": "2027-1-1"},
         "invalid_date"),
        ({"white": a, "black": b, "profile": "server", "start_date": "01.09.2027"},
         "invalid_date"),
        ({"white": a, "black": b, "profile": "server", "start_date": ""}, "invalid_date"),
        ({"white": a, "black": b, "profile": "server", "start_date": "2026-02-29"},
         "invalid_date"),
    ]
    for body, code in cases:
        r = w.tl.post("games", body)
        expect_status(r, 422, "create %r" % body)
        expect_error_shape(r)
        if code:
            expect_eq(r.code, code, "code for %r" % body)
    r = w.tl.post("games", {"white": a, "black": b, "profile": "server",
                            "start_date": "2028-02-29"})
    expect_status(r, 201, "29 February of a leap year is a date")
    after = len(w.tl.get("games?player=%d" % a).json["games"])
    expect_eq(after, before + 1, "only the valid game was stored")


@test
def thematic_game_from_fen():
    w = W()
    fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
    g = game("server", fen=fen)
    expect_eq(g["fen"], fen, "thematic fen")
    expect_eq(g["to_move"], "white", "to_move")
    g = play(w.alice, g["id"], "Lb5")
    expect_eq(g["moves"][0]["san"], "Bb5", "san")
    expect_eq(g["moves"][0]["iccf"], "6125", "iccf")
    expect_eq(g["moves"][0]["number"], 3, "the move number follows the FEN")
    # Black to move in the FEN: Black moves first.
    fen_b = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    g = game("server", fen=fen_b)
    expect_eq(g["to_move"], "black", "black to move")
    expect_eq(g["clock"]["white"]["forfeit_date"], None, "white not to move")
    expect(isinstance(g["clock"]["black"]["forfeit_date"], str), "black to move has a date")
    expect_error(w.alice.post("games/%d/moves" % g["id"], {"move": "d4"}), 409,
                 "not_your_turn", "white in a black-to-move game")
    g = play(w.bob, g["id"], "7775")
    expect_eq(g["moves"][0]["color"], "black", "first move by black")
    expect_eq(g["moves"][0]["number"], 1, "1...")
    expect_eq(g["moves"][0]["san"], "g5", "san")
    g = play(w.alice, g["id"], "Dh5")
    expect_eq(g["moves"][1]["number"], 2, "2.")


@test
def invalid_fen_is_422():
    w = W()
    bad = [
        "not a fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        "4k2P/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "",
    ]
    for fen in bad:
        r = w.tl.post("games", {"white": w.ids["alice"], "black": w.ids["bob"],
                                "profile": "server", "start_date": TODAY, "fen": fen})
        expect_error(r, 422, "invalid_fen", "fen %r" % fen)
        expect(len(r.json["error"]["message"]) > 10, "a reason: %r" % r)
    # A position that is already over is no game (API.md silent: a TL
    # would not want a game that cannot be played).
    for fen in ("7k/5K2/6Q1/8/8/8/8/8 b - - 0 1", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
                "8/8/4k3/8/8/3K4/8/8 w - - 0 1"):
        r = w.tl.post("games", {"white": w.ids["alice"], "black": w.ids["bob"],
                                "profile": "server", "start_date": TODAY, "fen": fen})
        expect_error(r, 422, "invalid_fen", "finished position %r" % fen)


@test
def get_and_list_games():
    w = W()
    g = game("server", white="bob", black="carol")
    expect_eq(get_game(w.alice, g["id"]), g, "any signed-in user reads a game")
    expect_error(w.alice.get("games/999999"), 404, "not_found", "unknown game")
    expect_error(w.alice.get("games/abc"), 404, "not_found", "games/abc")
    r = w.alice.get("games?player=%d" % w.ids["carol"])
    expect_status(r, 200, "list carol's games")
    ids = [x["id"] for x in r.json["games"]]
    expect(g["id"] in ids, "carol's game listed")
    for x in r.json["games"]:
        expect_game_shape(x)
        expect(w.ids["carol"] in (x["white"]["id"], x["black"]["id"]), "only carol's games")
    r = w.alice.get("games?player=%d" % w.ids["tl"])
    expect_status(r, 200, "list of a user with no games")
    expect_eq(r.json["games"], [], "no games")
    r = w.alice.get("games?player=999999")
    expect(r.status == 404 or (r.status == 200 and r.json["games"] == []),
           "unknown player: %r" % r)
    for q in ("abc", "-1", "0", "1x", ""):
        r = w.alice.get("games?player=" + q)
        expect_4xx(r, "player=%r" % q)


# ------------------------------------------------ whole games and endings

@test
def scholars_mate_in_mixed_notations():
    w = W()
    g = game("server", event="mixed notations")
    gid = g["id"]
    line = [(w.alice, "5254"), (w.bob, "e7e5"), (w.alice, "Lc4"), (w.bob, "2836"),
            (w.alice, "Dh5"), (w.bob, "Nf6"), (w.alice, "Qxf7#")]
    for client, mv in line:
        g = play(client, gid, mv)
    want = [("5254", "e4"), ("5755", "e5"), ("6134", "Bc4"), ("2836", "Nc6"),
            ("4185", "Qh5"), ("7866", "Nf6"), ("8567", "Qxf7#")]
    expect_eq([(m["iccf"], m["san"]) for m in g["moves"]], want, "ICCF and SAN of each move")
    expect_eq([m["number"] for m in g["moves"]], [1, 1, 2, 2, 3, 3, 4], "numbers")
    expect_eq([m["color"] for m in g["moves"]], ["white", "black"] * 3 + ["white"], "colors")
    expect_eq(g["status"], "finished", "status")
    expect_eq(g["result"], "1-0", "result")
    expect_eq(g["termination"], "checkmate", "termination")
    expect_eq(g["fen"], "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
              "final fen")
    expect_eq(g["clock"]["white"]["forfeit_date"], None, "no forfeit date when over")
    expect_eq(g["clock"]["black"]["forfeit_date"], None, "no forfeit date when over")
    for client, mv in ((w.bob, "Ke7"), (w.alice, "e4e5"), (w.bob, "5867")):
        expect_error(client.post("games/%d/moves" % gid, {"move": mv}), 409, "game_over",
                     "move after mate")
    expect_error(w.bob.post("games/%d/draw" % gid, {"action": "offer"}), 409, "game_over",
                 "draw offer after mate")
    expect_error(w.bob.post("games/%d/resign" % gid), 409, "game_over", "resign after mate")
    expect_unchanged(w.bob, gid, g, "after game_over")
    expect_eq(get_game(w.carol, gid), g, "stored as answered")


@test
def danish_and_uci_letters():
    w = W()
    g = game("server")
    gid = g["id"]
    g = play(w.alice, gid, "Sf3")
    g = play(w.bob, gid, "Sf6")
    g = play(w.alice, gid, "g2g3")
    g = play(w.bob, gid, "d7d5")
    g = play(w.alice, gid, "Lg2")
    g = play(w.bob, gid, "Lf5")
    g = play(w.alice, gid, "O-O")
    g = play(w.bob, gid, "Dd7")
    g = play(w.alice, gid, "Te1")
    expect_eq([m["san"] for m in g["moves"]],
              ["Nf3", "Nf6", "g3", "d5", "Bg2", "Bf5", "O-O", "Qd7", "Re1"], "san")
    expect_eq([m["iccf"] for m in g["moves"]],
              ["7163", "7866", "7273", "4745", "6172", "3865", "5171", "4847", "6151"], "iccf")
    expect_eq(g["fen"], "rn2kb1r/pppqpppp/5n2/3p1b2/8/5NP1/PPPPPPBP/RNBQR1K1 b kq - 5 5",
              "fen")


@test
def uci_piece_moves():
    # UCI long algebraic ("e2e4") is accepted besides ICCF and SAN; for a
    # piece move it has no letter: "g1f3" is 1.Nf3, "e1g1" castles.
    w = W()
    g = game("server")
    gid = g["id"]
    for i, mv in enumerate(["g1f3", "b8c6", "e2e4", "e7e5", "f1c4", "f8c5", "e1g1", "g8f6"]):
        g = play(w.alice if i % 2 == 0 else w.bob, gid, mv)
    expect_eq([m["san"] for m in g["moves"]],
              ["Nf3", "Nc6", "e4", "e5", "Bc4", "Bc5", "O-O", "Nf6"], "san")
    expect_eq(g["fen"], "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 4 5",
              "fen")


@test
def stalemate_ends_the_game():
    w = W()
    g = game("server", fen="7k/5K2/8/6Q1/8/8/8/8 w - - 0 1")
    g = play(w.alice, g["id"], "7576")
    expect_eq(g["moves"][0]["san"], "Qg6", "san")
    expect_eq((g["status"], g["result"], g["termination"]),
              ("finished", "1/2-1/2", "stalemate"), "stalemate")
    expect_error(w.bob.post("games/%d/moves" % g["id"], {"move": "Kh7"}), 409, "game_over",
                 "after stalemate")


@test
def dead_position_ends_the_game():
    w = W()
    g = game("server", fen="8/8/8/4k3/8/8/3r4/4K3 w - - 0 1")
    g = play(w.alice, g["id"], "5142")
    expect_eq(g["moves"][0]["san"], "Kxd2", "san")
    expect_eq((g["status"], g["result"], g["termination"]),
              ("finished", "1/2-1/2", "dead_position"), "K v K")
    g = game("server", fen="8/8/8/4k3/8/8/3q4/4KB2 w - - 0 1")
    g = play(w.alice, g["id"], "Kxd2")
    expect_eq((g["status"], g["result"], g["termination"]),
              ("finished", "1/2-1/2", "dead_position"), "K+B v K")
    # K+R v K is not dead: the game goes on.
    g = game("server", fen="8/8/8/4k3/8/8/3q4/4KR2 w - - 0 1")
    g = play(w.alice, g["id"], "Kxd2")
    expect_eq(g["status"], "active", "K+R v K goes on")


@test
def promotion_in_both_iccf_forms():
    w = W()
    g = game("server", fen="8/3PP3/8/8/8/8/k7/4K3 w - - 0 1")
    gid = g["id"]
    for bad in ("4748(5)", "4748(0)", "57580", "5758()", "5758(1"):
        r = w.alice.post("games/%d/moves" % gid, {"move": bad})
        expect_error(r, 422, "malformed_move", "promotion %r" % bad)
    r = w.alice.post("games/%d/moves" % gid, {"move": "5758"})
    expect_error(r, 422, "illegal_move", "promotion piece missing")
    r = w.alice.post("games/%d/moves" % gid, {"move": "5254(1)"})
    expect(r.status == 422 and r.code in ("illegal_move", "malformed_move"),
           "a promotion digit on a non-promotion: %r" % r)
    expect_unchanged(w.alice, gid, g, "refused promotions")
    g = play(w.alice, gid, "5758(1)")
    expect_eq((g["moves"][0]["iccf"], g["moves"][0]["san"]), ("5758(1)", "e8=Q"), "e8=Q")
    expect_eq(g["fen"], "4Q3/3P4/8/8/8/8/k7/4K3 b - - 0 1", "fen after e8=Q")
    g = play(w.bob, gid, "Kb3")
    g = play(w.alice, gid, "47484")
    expect_eq((g["moves"][2]["iccf"], g["moves"][2]["san"]), ("4748(4)", "d8=N"),
              "the ICCF form 47484 is stored in the DSU form")
    expect_eq(g["fen"], "3NQ3/8/8/8/8/1k6/8/4K3 b - - 0 2", "fen after d8=N")


@test
def castling_as_king_move():
    w = W()
    g = game("server", fen="r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    gid = g["id"]
    g = play(w.alice, gid, "5171")
    expect_eq((g["moves"][0]["iccf"], g["moves"][0]["san"]), ("5171", "O-O"), "O-O")
    expect_eq(g["fen"], "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1", "after O-O")
    g = play(w.bob, gid, "5838")
    expect_eq((g["moves"][1]["iccf"], g["moves"][1]["san"]), ("5838", "O-O-O"), "O-O-O")
    expect_eq(g["fen"], "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2", "after O-O-O")
    r = w.alice.post("games/%d/moves" % gid, {"move": "Te1"})
    expect_error(r, 422, "illegal_move", "ambiguous rook move")
    g = play(w.alice, gid, "Tfe1")
    expect_eq((g["moves"][2]["iccf"], g["moves"][2]["san"]), ("6151", "Rfe1"), "Rfe1")
    # castling through an attacked square, and without the right
    g = game("server", fen="4kr2/8/8/8/8/8/8/4K2R w K - 0 1")
    r = w.alice.post("games/%d/moves" % g["id"], {"move": "5171"})
    expect_error(r, 422, "illegal_move", "castling through check")
    g = game("server", fen="4k3/8/8/8/8/8/8/4K2R w - - 0 1")
    r = w.alice.post("games/%d/moves" % g["id"], {"move": "5171"})
    expect_error(r, 422, "illegal_move", "castling without the right")
    expect_unchanged(w.alice, g["id"], g)


# ------------------------------------------------------------------ moves

@test
def who_may_move():
    w = W()
    g = game("server")
    gid = g["id"]
    expect_error(w.carol.post("games/%d/moves" % gid, {"move": "e4"}), 403, "not_a_player",
                 "a non-player")
    expect_error(w.tl.post("games/%d/moves" % gid, {"move": "e4"}), 403, "not_a_player",
                 "the TL is not a player")
    expect_error(w.bob.post("games/%d/moves" % gid, {"move": "e5"}), 409, "not_your_turn",
                 "black first")
    expect_error(w.bob.post("games/999999/moves", {"move": "e4"}), 404, "not_found",
                 "unknown game")
    expect_unchanged(w.alice, gid, g)
    g = play(w.alice, gid, "e4")
    expect_error(w.alice.post("games/%d/moves" % gid, {"move": "d4"}), 409, "not_your_turn",
                 "white twice")
    expect_unchanged(w.alice, gid, g)


@test
def malformed_and_illegal_moves():
    w = W()
    g = game("server")
    gid = g["id"]
    g = play(w.alice, gid, "e4")
    for bad in ("9254", "e9", "", "52", "   ", "Zf3", "52545", "5254x", "e2-e9", "0000",
                "1234567890" * 5):
        r = w.bob.post("games/%d/moves" % gid, {"move": bad})
        expect_error(r, 422, "malformed_move", "malformed %r" % bad)
        expect_unchanged(w.bob, gid, g, "after %r" % bad)
    for bad, word in (("5755x", None), ("5753", "5753"), ("5754", "5754"), ("Nf4", "f4"),
                      ("Ke7x", None), ("e7e4", "e7e4"), ("O-O", None), ("Bb4", "b4"),
                      ("Dh4", "h4"), ("5254", "5254")):
        r = w.bob.post("games/%d/moves" % gid, {"move": bad})
        if word is None:
            expect(r.status == 422 and r.code in ("illegal_move", "malformed_move"),
                   "refused %r: %r" % (bad, r))
            expect_error_shape(r)
        else:
            expect_error(r, 422, "illegal_move", "illegal %r" % bad)
            expect_message_mentions(r, word, what="illegal %r" % bad)
        expect_unchanged(w.bob, gid, g, "after %r" % bad)
    # An illegal ICCF move in White's turn, as in the issue: e2-e5.
    g2 = game("server")
    r = w.alice.post("games/%d/moves" % g2["id"], {"move": "5255"})
    expect_error(r, 422, "illegal_move", "5255")
    expect_message_mentions(r, "5255", what="5255")
    msg = r.json["error"]["message"]
    expect(len(msg) > len('illegal move "5255"') + 3, "the message says why: %r" % msg)
    expect_unchanged(w.alice, g2["id"], g2, "after 5255")
    # A pinned piece may not move.
    g3 = game("server", fen="4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1")
    r = w.alice.post("games/%d/moves" % g3["id"], {"move": "Nc3"})
    expect_error(r, 422, "illegal_move", "pinned knight")
    expect_unchanged(w.alice, g3["id"], g3)


@test
def reply_to():
    w = W()
    g = game("server")
    gid = g["id"]
    r = w.alice.post("games/%d/moves" % gid, {"move": "e4", "reply_to": "5755"})
    expect_error(r, 409, "stale", "reply_to when there is no move yet")
    expect_unchanged(w.alice, gid, g)
    g = play(w.alice, gid, "e4")
    g = play(w.bob, gid, "e5", reply_to="5254")
    r = w.alice.post("games/%d/moves" % gid, {"move": "Nf3", "reply_to": "5254"})
    expect_error(r, 409, "stale", "reply_to an older move")
    expect_message_mentions(r, "5254", what="stale")
    r = w.alice.post("games/%d/moves" % gid, {"move": "Nf3", "reply_to": "d5"})
    expect_error(r, 409, "stale", "reply_to a move never played")
    expect_unchanged(w.alice, gid, g)
    g = play(w.alice, gid, "Nf3", reply_to="e7e5")
    g = play(w.bob, gid, "Nc6", reply_to="Sf3")
    g = play(w.alice, gid, "Bb5", reply_to="2836")
    expect_eq(len(g["moves"]), 5, "five moves")


@test
def move_series():
    """API.md "series" and DSU 6.2.5: a proposed continuation,
    the opponent's reply first; when he plays the proposed move, the
    proposer's next move follows at once; a different move ends it."""
    w = W()
    g = game("dsu-email", start_date="2027-08-02")
    gid = g["id"]
    r = w.alice.post("games/%d/moves" % gid, {"move": "e4", "sent": "2027-08-03",
                                              "series": ["e5", "Nf3", "Nc6", "Bb5"]})
    expect_status(r, 201, "a move with a series")
    expect_eq(r.json["series"], {"by": "white", "moves": ["5755", "7163", "2836", "6125"]},
              "the pending series, in ICCF")
    expect_eq(get_game(w.bob, gid)["series"]["by"], "white", "e-mail: the opponent sees it")
    g = play(w.bob, gid, "e5", sent="2027-08-05")
    expect_eq([m["san"] for m in g["moves"]], ["e4", "e5", "Nf3"], "2.Nf3 followed at once")
    expect_eq(g["to_move"], "black", "black to move again")
    expect_eq(g["moves"][2]["days"], 0, "0 days for the proposer")
    expect_eq(g["series"], {"by": "white", "moves": ["2836", "6125"]}, "the rest of it")
    g = play(w.bob, gid, "d6", sent="2027-08-07")
    expect_eq(len(g["moves"]), 4, "black deviated: no automatic move")
    expect_eq((g["series"], g["to_move"]), (None, "white"), "the rest is discarded")
    r = w.alice.post("games/%d/moves" % gid, {"move": "d4", "sent": "2027-08-08",
                                              "series": ["exd4", "Ke3"]})
    expect_status(r, 422, "an illegal move in the series")
    expect_error_shape(r)
    expect_unchanged(w.alice, gid, g, "refused series")


# -------------------------------------------------------- dates per profile

@test
def postal_dates():
    w = W()
    g = game("dsu-post", start_date="2027-08-02")
    gid = g["id"]
    u = "games/%d/moves" % gid
    bad = [
        ({"move": "e4", "received": "2027-08-03", "sent": "2027-08-04"}, "first move received"),
        ({"move": "e4", "sent": "2027-09-02"}, "sent in the future"),
        ({"move": "e4", "sent": "2027-08-01"}, "sent before the start"),
        ({"move": "e4", "sent": "2027-02-30"}, "no such date"),
        ({"move": "e4", "sent": "02.08.2027"}, "not ISO"),
        ({"move": "e4", "sent": "2027-08-04T12:00"}, "a time"),
        ({"move": "e4", "sent": "2027-8-4"}, "no leading zeros"),
        ({"move": "e4", "sent": " 2027-08-04"}, "a blank"),
    ]
    for body, what in bad:
        expect_error(w.alice.post(u, body), 422, "invalid_date", what)
        expect_unchanged(w.alice, gid, g, what)
    g = play(w.alice, gid, "e4", received="2027-08-02", sent="2027-08-04")
    m = g["moves"][0]
    expect_eq((m["received"], m["sent"], m["days"]), ("2027-08-02", "2027-08-04", 2), "1.e4")
    bad = [
        ({"move": "e5", "received": "2027-08-03", "sent": "2027-08-05"},
         "received before the opponent sent"),
        ({"move": "e5", "received": "2027-08-06", "sent": "2027-08-05"}, "sent before received"),
        ({"move": "e5", "received": "2027-09-02", "sent": "2027-09-02"}, "received in future"),
        ({"move": "e5", "received": "2027-08-06", "sent": "2027-09-03"}, "sent in future"),
        ({"move": "e5", "received": "2027-08-32", "sent": "2027-09-01"}, "no such date"),
    ]
    for body, what in bad:
        expect_error(w.bob.post(u, body), 422, "invalid_date", what)
        expect_unchanged(w.bob, gid, g, what)
    g = play(w.bob, gid, "e5", received="2027-08-06", sent="2027-08-09")
    m = g["moves"][1]
    expect_eq((m["received"], m["sent"], m["days"]), ("2027-08-06", "2027-08-09", 3), "1...e5")
    # Both dates default to today.
    g = play(w.alice, gid, "Nf3")
    m = g["moves"][2]
    expect_eq((m["received"], m["sent"], m["days"]), (TODAY, TODAY, 0), "2.Nf3 today")
    # Only received given: sent is today.
    g = play(w.bob, gid, "Nc6", received=TODAY)
    expect_eq((g["moves"][3]["received"], g["moves"][3]["sent"]), (TODAY, TODAY), "2...Nc6")


@test
def email_dates():
    w = W()
    g = game("dsu-email", start_date="2027-08-02")
    gid = g["id"]
    u = "games/%d/moves" % gid
    expect_error(w.alice.post(u, {"move": "e4", "received": "2027-08-03", "sent": "2027-08-10"}),
                 422, "invalid_date", "the first move counts from the start date")
    g = play(w.alice, gid, "e4", sent="2027-08-10")
    m = g["moves"][0]
    expect_eq((m["received"], m["sent"], m["days"]), ("2027-08-02", "2027-08-10", 8), "1.e4")
    # E1: the move counts as received the day after the opponent's date.
    for body, what in (
            ({"move": "e5", "received": "2027-08-10", "sent": "2027-08-12"}, "received = sent"),
            ({"move": "e5", "received": "2027-08-12", "sent": "2027-08-12"}, "received + 2"),
            # (sent on the opponent's own date is valid: E2, test_rules.py)
            ({"move": "e5", "sent": "2027-08-09"}, "sent before the opponent's date"),
            ({"move": "e5", "sent": "2027-09-02"}, "sent in the future")):
        expect_error(w.bob.post(u, body), 422, "invalid_date", what)
        expect_unchanged(w.bob, gid, g, what)
    g = play(w.bob, gid, "e5", received="2027-08-11", sent="2027-08-12")
    m = g["moves"][1]
    expect_eq((m["received"], m["sent"], m["days"]), ("2027-08-11", "2027-08-12", 1), "1...e5")
    g = play(w.alice, gid, "Nf3", sent="2027-08-20")
    m = g["moves"][2]
    expect_eq((m["received"], m["sent"], m["days"]), ("2027-08-13", "2027-08-20", 7), "2.Nf3")
    g = play(w.bob, gid, "Nc6")
    m = g["moves"][3]
    expect_eq((m["received"], m["sent"], m["days"]), ("2027-08-21", TODAY, 11), "sent today")


@test
def no_move_before_the_start():
    # A game starting next month cannot be played today (its first move
    # would be received on the start date, in the future).
    w = W()
    for prof in ("server", "dsu-email", "dsu-post"):
        g = game(prof, start_date="2027-10-01")
        r = w.alice.post("games/%d/moves" % g["id"], {"move": "e4"})
        expect_error(r, 422, "invalid_date", "%s game before its start" % prof)
        expect_unchanged(w.alice, g["id"], g)


@test
def server_dates():
    w = W()
    g = game("server")
    gid = g["id"]
    u = "games/%d/moves" % gid
    for body in ({"move": "e4", "sent": TODAY}, {"move": "e4", "received": TODAY},
                 {"move": "e4", "received": TODAY, "sent": TODAY}):
        expect_error(w.alice.post(u, body), 422, "invalid_date", "dates in server play %r" % body)
        expect_unchanged(w.alice, gid, g)
    g = play(w.alice, gid, "e4")
    expect_eq((g["moves"][0]["received"], g["moves"][0]["sent"], g["moves"][0]["days"]),
              (TODAY, TODAY, 0), "server move")
    expect_error(w.bob.post(u, {"move": "e5", "sent": TODAY}), 422, "invalid_date", "black")


# ------------------------------------------------------------------ draws

@test
def draw_offer_accept():
    w = W()
    g = game("server")
    gid = g["id"]
    u = "games/%d/draw" % gid
    expect_error(w.bob.post(u, {"action": "accept"}), 409, "no_draw_offer", "nothing to accept")
    expect_error(w.carol.post(u, {"action": "offer"}), 403, "not_a_player", "non-player offers")
    r = w.alice.post(u, {"action": "offer"})
    expect_status(r, 200, "white offers")
    expect_eq(r.json["draw_offer"], "white", "offer recorded")
    expect_eq(r.json["status"], "active", "still active")
    expect_eq(get_game(w.carol, gid)["draw_offer"], "white", "offer stored")
    r = w.alice.post(u, {"action": "accept"})
    expect_status(r, 409, "white cannot accept her own offer")
    expect_error_shape(r)
    r = w.alice.post(u, {"action": "offer"})
    expect_status(r, 409, "offer twice")
    expect_error_shape(r)
    expect_error(w.bob.post(u, {"action": "maybe"}), 422, "invalid_field", "bad action")
    r = w.bob.post(u, {"action": "accept"})
    expect_status(r, 200, "black accepts")
    g = r.json
    expect_eq((g["status"], g["result"], g["termination"], g["draw_offer"]),
              ("finished", "1/2-1/2", "agreement", None), "agreed draw")
    expect_error(w.alice.post(u, {"action": "offer"}), 409, "game_over", "offer after the end")


@test
def draw_offer_decline():
    w = W()
    g = game("server")
    gid = g["id"]
    u = "games/%d/draw" % gid
    g = play(w.alice, gid, "d4")
    r = w.bob.post(u, {"action": "offer"})
    expect_status(r, 200, "black offers (on his move)")
    expect_eq(r.json["draw_offer"], "black", "black's offer")
    r = w.alice.post(u, {"action": "decline"})
    expect_status(r, 200, "white declines")
    expect_eq((r.json["draw_offer"], r.json["status"]), (None, "active"), "declined")
    expect_error(w.alice.post(u, {"action": "accept"}), 409, "no_draw_offer",
                 "accept after decline")


@test
def draw_offer_lapses_when_opponent_moves():
    # FIDE 9.1: an offer stands until accepted, declined, or the opponent moves.
    w = W()
    g = game("server")
    gid = g["id"]
    u = "games/%d/draw" % gid
    expect_status(w.alice.post(u, {"action": "offer"}), 200, "white offers before her move")
    after_e4 = play(w.alice, gid, "e4")
    stored_e4 = get_game(w.carol, gid)
    expect_eq(stored_e4["draw_offer"], "white", "the offer stands after the offerer's own move")
    after_e5 = play(w.bob, gid, "e5")
    expect_eq(after_e5["draw_offer"], None, "black moved instead of answering: lapsed")
    expect_eq(get_game(w.carol, gid)["draw_offer"], None, "lapsed offer stored")
    expect_error(w.bob.post(u, {"action": "accept"}), 409, "no_draw_offer", "lapsed offer")
    expect_eq(get_game(w.alice, gid)["status"], "active", "game goes on")
    # The 201 answer to the move shows the game as stored.
    expect_eq(after_e4["draw_offer"], "white", "draw_offer in the answer to 1.e4")


# ----------------------------------------------------------- resignation

@test
def resign_any_time():
    w = W()
    g = game("server")
    gid = g["id"]
    expect_error(w.carol.post("games/%d/resign" % gid), 403, "not_a_player", "non-player")
    expect_error(w.tl.post("games/%d/resign" % gid), 403, "not_a_player", "TL")
    g = play(w.alice, gid, "e4")
    # White resigns while Black is to move.
    r = w.alice.post("games/%d/resign" % gid)
    expect_status(r, 200, "white resigns out of turn")
    expect_eq((r.json["status"], r.json["result"], r.json["termination"]),
              ("finished", "0-1", "resignation"), "white resigned")
    expect_error(w.bob.post("games/%d/resign" % gid), 409, "game_over", "resign after the end")
    expect_eq(get_game(w.carol, gid)["result"], "0-1", "stored")
    g = game("server")
    r = w.bob.post("games/%d/resign" % g["id"], {})
    expect_status(r, 200, "black resigns before any move")
    expect_eq((r.json["result"], r.json["termination"]), ("1-0", "resignation"), "black resigned")
    expect_error(w.bob.post("games/999999/resign"), 404, "not_found", "unknown game")


# ----------------------------------------------------------------- claims

KNIGHTS = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]


@test
def threefold_with_intended_move():
    w = W()
    g = game("server")
    gid = g["id"]
    u = "games/%d/claim" % gid
    g = play_line(w.alice, w.bob, gid, KNIGHTS[:4])
    r = w.alice.post(u, {"type": "threefold"})
    expect_error(r, 422, "claim_rejected", "start position twice only")
    expect_message_mentions(r, "2", what="the count")
    g = play_line(w.alice, w.bob, gid, KNIGHTS[4:6])
    g = play(w.alice, gid, KNIGHTS[6])
    # Black to move; 4...Ng8 would bring the start position a third time.
    r = w.bob.post(u, {"type": "threefold"})
    expect_error(r, 422, "claim_rejected", "on the board: second time only")
    expect_unchanged(w.bob, gid, g)
    r = w.bob.post(u, {"type": "threefold", "move": "Nc6"})
    expect_error(r, 422, "claim_rejected", "another intended move")
    expect_unchanged(w.bob, gid, g)
    r = w.alice.post(u, {"type": "threefold", "move": "Nf3"})
    expect_error(r, 409, "not_your_turn", "only the player to move claims")
    r = w.bob.post(u, {"type": "threefold", "move": "6678"})
    expect_status(r, 200, "claim with the intended move 4...Ng8")
    expect_eq((r.json["status"], r.json["result"], r.json["termination"]),
              ("finished", "1/2-1/2", "threefold"), "threefold draw")


@test
def threefold_on_the_board():
    w = W()
    g = game("server")
    gid = g["id"]
    g = play_line(w.alice, w.bob, gid, KNIGHTS + ["Ng8"])
    expect_eq(g["fen"].split()[0], START_FEN.split()[0], "back at the start")
    expect_eq(g["status"], "active", "repetition alone does not end the game")
    r = w.alice.post("games/%d/claim" % gid, {"type": "threefold"})
    expect_status(r, 200, "claim on the board")
    expect_eq((r.json["result"], r.json["termination"]), ("1/2-1/2", "threefold"), "draw")


@test
def fifty_moves():
    w = W()
    g = game("server")
    gid = g["id"]
    r = w.alice.post("games/%d/claim" % gid, {"type": "fifty_moves"})
    expect_error(r, 422, "claim_rejected", "fifty moves at the start")
    expect(len(r.json["error"]["message"]) > 15, "with a reason: %r" % r)
    r = w.alice.post("games/%d/claim" % gid, {"type": "fifty_moves", "move": "Nf3"})
    expect_error(r, 422, "claim_rejected", "fifty moves with a move")
    expect_unchanged(w.alice, gid, g)
    r = w.alice.post("games/%d/claim" % gid, {"type": "perpetual"})
    expect_status(r, 422, "unknown claim type")
    expect_error_shape(r)
    # 99 half-moves without pawn move or capture; Ra2 makes the hundredth.
    g = game("server", fen="8/8/8/4k3/8/8/8/R3K3 w - - 99 80")
    gid = g["id"]
    r = w.alice.post("games/%d/claim" % gid, {"type": "fifty_moves"})
    expect_error(r, 422, "claim_rejected", "99 half-moves on the board")
    r = w.alice.post("games/%d/claim" % gid, {"type": "fifty_moves", "move": "Kd2"})
    expect_status(r, 200, "claim with the intended 100th half-move")
    expect_eq((r.json["result"], r.json["termination"]), ("1/2-1/2", "fifty_moves"), "draw")
    # On the board: after the 100th half-move the opponent claims.
    g = game("server", fen="8/8/8/4k3/8/8/8/R3K3 w - - 99 80")
    play(w.alice, g["id"], "Ra2")
    r = w.bob.post("games/%d/claim" % g["id"], {"type": "fifty_moves"})
    expect_status(r, 200, "claim on the board")
    expect_eq(r.json["termination"], "fifty_moves", "fifty moves")
    # A capture resets the count.
    g = game("server", fen="8/8/8/4k3/8/8/r7/R3K3 w - - 99 80")
    r = w.alice.post("games/%d/claim" % g["id"], {"type": "fifty_moves", "move": "Rxa2"})
    expect_error(r, 422, "claim_rejected", "the intended move is a capture")


@test
def time_forfeit_claim_too_early():
    w = W()
    g = game("server")
    r = w.bob.post("games/%d/claim" % g["id"], {"type": "time_forfeit"})
    expect_error(r, 422, "claim_rejected", "white has used no time")
    expect(len(r.json["error"]["message"]) > 15, "a reason: %r" % r)
    r = w.alice.post("games/%d/claim" % g["id"], {"type": "time_forfeit"})
    expect_error(r, 422, "claim_rejected", "black is not even to move")
    expect_error(w.carol.post("games/%d/claim" % g["id"], {"type": "time_forfeit"}), 403,
                 "not_a_player", "non-player claims")
    expect_unchanged(w.alice, g["id"], g)


# --------------------------------------------------------------- TL result

@test
def tl_sets_result():
    w = W()
    g = game("server")
    gid = g["id"]
    u = "games/%d/result" % gid
    expect_error(w.alice.post(u, {"result": "1-0", "reason": "I say so"}), 403, "forbidden",
                 "a player sets a result")
    for body in ({"result": "2-0", "reason": "adjudicated"}, {"result": "*", "reason": "reopen"},
                 {"result": "1:0", "reason": "adjudicated"}, {"result": "1-0"},
                 {"result": "1-0", "reason": ""}, {"reason": "no result"},
                 {"result": 1, "reason": "a number"}):
        r = w.tl.post(u, body)
        expect_status(r, 422, "bad result %r" % body)
        expect_error_shape(r)
    expect_unchanged(w.tl, gid, g)
    expect_error(w.tl.post("games/999999/result", {"result": "1-0", "reason": "adjudicated"}),
                 404, "not_found", "unknown game")
    reason = "adjudicated after 18 months (DSU 6.2.7)"
    r = w.tl.post(u, {"result": "1-0", "reason": reason})
    expect_status(r, 200, "TL result")
    expect_eq((r.json["status"], r.json["result"], r.json["termination"]),
              ("finished", "1-0", "adjudication"), "adjudicated")
    expect_error(w.alice.post("games/%d/moves" % gid, {"move": "e4"}), 409, "game_over",
                 "move after the TL's result")
    rows = w.server.db_rows("SELECT detail FROM audit WHERE game_id = ?", (gid,))
    expect(any(reason in d for (d,) in rows), "the reason is kept in the audit log: %r" % rows)
    # A TL (or admin) corrects a result (DSU 6.2.6-6.2.9), again with a reason.
    r = w.admin.post(u, {"result": "0-0", "reason": "both players silent (DSU 6.2.8)"})
    expect_status(r, 200, "admin corrects the result")
    expect_eq(r.json["result"], "0-0", "corrected")


if __name__ == "__main__":
    run_tests()
