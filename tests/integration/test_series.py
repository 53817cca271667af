#!/usr/bin/env python3
"""Move series end to end (DSU 6.2.5, 6.3.3.2, 6.8.4; API.md
"Moves": "series", GAME "series"), against the real corrchessd over HTTP
with a temporary database: the rules' own example accepted and broken
off, series that end the game, promotions, refused series, who sees a
pending series, resignations, and the time control moved by a series
(vectors S1/S2 of time.json)."""
import datetime
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"

# DSU 6.2.5: Black to play 11...a6; then 12.b5 axb5 13.Rxa8 Bxa8 (or
# Qxa8) 14.d4 are all legal.
FEN_625 = "r2q2k1/pb3ppp/8/8/1P6/8/3P1PPP/R5K1 b - - 0 11"
SERIES_625 = ["1625", "1118", "2718", "4244"]


def W():
    return shared_world(today=TODAY)


def game(profile="server", start_date=TODAY, white="alice", black="bob", **kw):
    w = W()
    return new_game(w.tl, w.ids[white], w.ids[black], profile, start_date, **kw)


def vector_625():
    v = load_vectors("notation.json")["series"][0]
    return v["transcript"], v["answer_breaking_off"]


def flags(g, first=0):
    """The moves from index `first` as (number, color, iccf, san, series,
    accepted) tuples."""
    return [(m["number"], m["color"], m["iccf"], m["san"], m["series"], m["accepted"])
            for m in g["moves"][first:]]


def stored(server, gid):
    """The moves rows as stored: (ply, iccf, san, received, sent, days, series)."""
    return server.db_rows("SELECT ply, iccf, san, received, sent, days, series FROM moves"
                          " WHERE game_id = ? ORDER BY ply", (gid,))


def dsu_transcript(moves):
    """Moves of the GAME JSON in the DSU e-mail form of 6.2.5:
    "12. 2425, 1625 13. 1118, 4818" (no series mark: nothing pending)."""
    out = []
    for m in moves:
        if m["color"] == "white":
            out.append("%s%d. %s" % (" " if out else "", m["number"], m["iccf"]))
        elif not out:
            out.append("%d.-,%s" % (m["number"], m["iccf"]))
        else:
            out.append(", %s" % m["iccf"])
    return "".join(out)


def propose_625():
    """A thematic e-mail game from the 6.2.5 position, created by the TL:
    11...a6 (sent 3 August), then 12.b5 with the example's series (sent 5
    August); returns (game id, GAME after 12.b5)."""
    w = W()
    g = game("dsu-email", start_date="2027-08-02", fen=FEN_625)
    gid = g["id"]
    expect_eq(g["to_move"], "black", "Black moves first in the thematic game")
    play(w.bob, gid, "1716", sent="2027-08-03")
    r = w.alice.post("games/%d/moves" % gid,
                     {"move": "2425", "sent": "2027-08-05", "series": SERIES_625})
    expect_status(r, 201, "12.b5 with the series")
    expect_game_shape(r.json)
    expect_eq(r.json["series"], {"by": "white", "moves": SERIES_625}, "the proposer sees it")
    return gid, r.json


# ------------------------------------------------ DSU 6.2.5, both ways

@test
def dsu_625_accepted_whole():
    """Black accepts 12...axb5: 13.Rxa8 follows at once with 0 days; Black
    accepts 13...Bxa8: 14.d4 follows; the series is used up."""
    w = W()
    gid, g = propose_625()
    expect_eq(get_game(w.bob, gid)["series"], {"by": "white", "moves": SERIES_625},
              "e-mail: the opponent sees the series (it is in the letter)")
    g = play(w.bob, gid, "1625", sent="2027-08-08")
    expect_eq(flags(g), [
        (11, "black", "1716", "a6", False, False),
        (12, "white", "2425", "b5", False, False),
        (12, "black", "1625", "axb5", False, True),
        (13, "white", "1118", "Rxa8", True, False),
    ], "12...axb5 accepted, 13.Rxa8 automatic")
    auto = g["moves"][3]
    expect_eq((auto["received"], auto["sent"], auto["days"]), ("2027-08-08", "2027-08-08", 0),
              "the automatic move: 0 days, on the day of the move it answers")
    acc = g["moves"][2]
    expect_eq((acc["received"], acc["sent"], acc["days"]), ("2027-08-06", "2027-08-08", 2),
              "the accepted move is charged as any move (e-mail: received the day after)")
    expect_eq(g["to_move"], "black", "Black to move again")
    expect_eq(g["series"], {"by": "white", "moves": ["2718", "4244"]}, "what is left")

    g = play(w.bob, gid, "2718", sent="2027-08-10")
    expect_eq(flags(g, 4), [
        (13, "black", "2718", "Bxa8", False, True),
        (14, "white", "4244", "d4", True, False),
    ], "13...Bxa8 accepted, 14.d4 automatic")
    b13, w14 = g["moves"][4], g["moves"][5]
    expect(b13["received"] >= "2027-08-08", "13...Bxa8 received after 13.Rxa8: %r" % b13)
    expect_eq(b13["days"], (day(b13["sent"]) - day(b13["received"])).days,
              "e-mail: days = sent - received")
    expect_eq((w14["received"], w14["sent"], w14["days"]), ("2027-08-10", "2027-08-10", 0),
              "14.d4: 0 days")
    expect_eq(g["series"], None, "the series is used up")
    expect_eq((g["to_move"], g["status"]), ("black", "active"), "Black to play move 14")
    expect_eq(g["clock"]["white"]["used_days"], 1, "White: only 12.b5 cost time")
    expect_eq(g["clock"]["black"]["used_days"], 1 + 2 + b13["days"], "Black's days")
    expect_eq(get_game(w.alice, gid), get_game(w.bob, gid), "both see the same game")

    # Stored: moves.series 2 = accepted, 1 = automatic (API.md "series").
    rows = stored(w.server, gid)
    expect_eq([(r[1], r[6]) for r in rows],
              [("1716", 0), ("2425", 0), ("1625", 2), ("1118", 1), ("2718", 2), ("4244", 1)],
              "moves.series column")
    expect_eq([r[5] for r in rows if r[6] == 1], [0, 0], "automatic moves cost 0 days")

    # Exports: PGN with the thematic FEN and the automatic moves marked.
    r = w.bob.get("games/%d/pgn" % gid)
    expect_status(r, 200, "PGN")
    text = " ".join(r.text.split())  # PGN wraps its lines
    for want in ('[SetUp "1"]', '[FEN "%s"]' % FEN_625, "11... a6",
                 "13. Rxa8 {[%ccrcv 2027.08.08] [%ccsnt 2027.08.08] 0d series}", "13... Bxa8 {",
                 "14. d4 {[%ccrcv 2027.08.10] [%ccsnt 2027.08.10] 0d series}"):
        expect(want in text, "PGN lacks %r:\n%s" % (want, r.text))
    r = w.bob.get("games/%d/transcript" % gid)
    expect_status(r, 200, "transcript")
    at = [r.text.find(x) for x in SERIES_625]
    expect(-1 not in at and at == sorted(at), "transcript has the series moves in order:\n"
           + r.text)


@test
def dsu_625_broken_off():
    """Black accepts 12...axb5 (13.Rxa8 follows), then prefers 13...Qxa8:
    the rest of the series lapses and White is to move; Black's answer is
    the rules' "12. 2425, 1625 13. 1118, 4818"."""
    w = W()
    _, answer = vector_625()
    gid, g = propose_625()
    play(w.bob, gid, "1625", sent="2027-08-08")
    g = play(w.bob, gid, "4818", sent="2027-08-10")
    expect_eq(flags(g, 2), [
        (12, "black", "1625", "axb5", False, True),
        (13, "white", "1118", "Rxa8", True, False),
        (13, "black", "4818", "Qxa8", False, False),
    ], "13...Qxa8 breaks the series off: no automatic 14.d4")
    expect_eq((g["series"], g["to_move"]), (None, "white"), "series dropped, White to move")
    expect_eq(get_game(w.alice, gid)["series"], None, "the proposer's view too")
    expect_eq(dsu_transcript(g["moves"][1:]), answer, "Black's answer (DSU 6.2.5)")
    rows = stored(w.server, gid)
    # 3: the move that broke the series off (its days count with the
    # accepted ones, DSU 6.3.3.2)
    expect_eq([r[6] for r in rows], [0, 0, 2, 1, 3], "moves.series column")
    # White plays on by hand: nothing of the old series is left.
    g = play(w.alice, gid, "d4", sent="2027-08-12")
    expect_eq(flags(g, 5), [(14, "white", "4244", "d4", False, False)], "14.d4 by hand")
    expect_eq(g["to_move"], "black", "Black to move")


@test
def email_series_accepted_in_one_reply():
    """DSU 6.2.5: "Accepted moves are recorded as if played on the
    receiver's reply date": Black accepts 12...axb5 and 13...Bxa8 in one
    reply, both sent on 8 August; 13.Rxa8 came with the series, so 13...Bxa8
    costs nothing more and 14.d4 follows."""
    w = W()
    gid, _ = propose_625()
    play(w.bob, gid, "1625", sent="2027-08-08")
    r = w.bob.post("games/%d/moves" % gid, {"move": "2718", "sent": "2027-08-08"})
    expect_status(r, 201, "the second accepted move on the same reply date")
    g = r.json
    b13 = g["moves"][4]
    expect_eq((b13["san"], b13["sent"], b13["days"], b13["accepted"]),
              ("Bxa8", "2027-08-08", 0, True), "13...Bxa8 on the reply date, 0 days")
    expect_eq((g["moves"][5]["san"], g["moves"][5]["series"]), ("d4", True), "14.d4 automatic")
    expect_eq(g["clock"]["black"]["used_days"], 1 + 2, "Black: 11...a6 and the one reply")


# ------------------------------------------------ series that end the game

@test
def automatic_move_mates():
    """Black accepts 1...a6 and White's 2.Rd8# follows: the automatic move
    ends the game like any other (FIDE 5.1.1)."""
    w = W()
    g = game("server", fen="6k1/p4ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
    gid = g["id"]
    g = play(w.alice, gid, "h3", series=["a6", "Rd8#"])
    expect_eq(g["series"], {"by": "white", "moves": ["1716", "4148"]}, "series in ICCF")
    g = play(w.bob, gid, "a6")
    expect_eq(flags(g), [(1, "white", "8283", "h3", False, False),
                         (1, "black", "1716", "a6", False, True),
                         (2, "white", "4148", "Rd8#", True, False)], "2.Rd8# automatic")
    expect_eq((g["status"], g["result"], g["termination"]), ("finished", "1-0", "checkmate"),
              "the automatic move mates")
    expect_eq(g["series"], None, "nothing pending in a finished game")
    expect_eq(get_game(w.tl, gid)["series"], None, "the TL sees none either")
    expect_error(w.bob.post("games/%d/moves" % gid, {"move": "Kh8"}), 409, "game_over",
                 "no move after mate")


@test
def automatic_move_stalemates():
    """Black accepts 1...Ka8 and White's 2.Qb6 stalemates him (FIDE 5.2.1)."""
    w = W()
    g = game("server", fen="1k6/8/8/2Q5/8/8/8/7K w - - 0 1")
    gid = g["id"]
    play(w.alice, gid, "Kg1", series=["Ka8", "Qb6"])
    g = play(w.bob, gid, "Ka8")
    expect_eq([m["san"] for m in g["moves"]], ["Kg1", "Ka8", "Qb6"], "2.Qb6 automatic")
    expect_eq((g["status"], g["result"], g["termination"]),
              ("finished", "1/2-1/2", "stalemate"), "the automatic move stalemates")
    expect_eq(g["series"], None, "series gone")



# ------------------------------------------------ promotions

@test
def series_through_promotion():
    """The series passes a promotion; it is kept in the DSU form 5758(1)
    whatever form was sent, and the automatic move promotes."""
    w = W()
    fen = "7k/4P3/8/p7/8/8/8/K7 w - - 0 1"
    g = game("server", fen=fen)
    gid = g["id"]
    g = play(w.alice, gid, "Kb1", series=["Kh7", "57581", "Kh6", "Qe3+"])
    expect_eq(g["series"]["moves"], ["8887", "5758(1)", "8786", "5853"], "ICCF, DSU form")
    g = play(w.bob, gid, "Kh7")
    last = g["moves"][-1]
    expect_eq((last["iccf"], last["san"], last["series"]), ("5758(1)", "e8=Q", True),
              "2.e8=Q automatic")
    expect_eq(g["series"], None, "the server profile hides the rest from Black")
    expect_eq(get_game(w.alice, gid)["series"]["moves"], ["8786", "5853"], "the rest")
    g = play(w.bob, gid, "8786")
    expect_eq([m["san"] for m in g["moves"]], ["Kb1", "Kh7", "e8=Q", "Kh6", "Qe3+"],
              "the promoted queen moves on")
    expect_eq(g["fen"], "8/8/7k/p7/8/4Q3/8/1K6 b - - 2 3", "position")
    # SAN with the piece, and under-promotion.
    g = game("server", fen=fen)
    play(w.alice, g["id"], "Kb1", series=["Kh7", "e8=N", "Kg6", "Nd6"])
    expect_eq(get_game(w.alice, g["id"])["series"]["moves"], ["8887", "5758(4)", "8776", "5846"],
              "e8=N is 5758(4)")
    g = play(w.bob, g["id"], "h8h7")
    expect_eq((g["moves"][-1]["iccf"], g["moves"][-1]["san"]), ("5758(4)", "e8=N"), "e8=N")


# ------------------------------------------------ refused series

@test
def illegal_series_stores_nothing():
    """DSU 6.2.5, 6.2.2: a bad series is refused whole, with the index
    and the reason; neither the move nor the series is stored."""
    w = W()
    g = game("server")
    gid = g["id"]
    u = "games/%d/moves" % gid
    cases = [
        (["e5", "Nf3", "Nc6", "Bxf7"], "illegal_series", ["series move 4", "Bxf7"]),
        (["e5", "Nf3", "Nc7", "Bb5"], "illegal_series", ["series move 3", "Nc7"]),
        (["Ke7", "Nf3"], "illegal_series", ["series move 1", "Ke7"]),
        (["e5", "5299"], "illegal_series", ["series move 2", "5299"]),
        (["e5", "Nf3", "Nc6"], "illegal_series", ["got 3"]),
        (["e5"], "illegal_series", ["got 1"]),
        ([], "illegal_series", ["got 0"]),
        (["e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#", "Kxf7", "d3"], "illegal_series",
         ["series move 7", "checkmate"]),
        ((["Nf6", "Ng1", "Ng8", "Nh3"] + ["Nf6", "Ng1", "Ng8", "Nf3"]) * 5 + ["Nf6", "Ng1"],
         "illegal_series", ["got 42"]),
        ("e5 Nf3", "invalid_field", []),
        ({"1": "e5"}, "invalid_field", []),
        (["e5", 7163], "invalid_field", []),
    ]
    for series, code, words in cases:
        r = w.alice.post(u, {"move": "e4", "series": series})
        expect_error(r, 422, code, "series %r" % (series,))
        expect_message_mentions(r, *words, what="series %r" % (series,))
        expect_unchanged(w.alice, gid, g, "series %r" % (series,))
        expect_eq(get_game(w.alice, gid)["series"], None, "no series stored")
        expect_eq(stored(w.server, gid), [], "no move stored")
    # The move itself is checked first.
    r = w.alice.post(u, {"move": "e5", "series": ["e5", "Nf3"]})
    expect_error(r, 422, "illegal_move", "an illegal move with a good series")
    expect_unchanged(w.alice, gid, g, "illegal move")
    # SERIES_MAX = 40 moves is the most: knights to and fro.
    g = play(w.alice, gid, "Nf3", series=["Nf6", "Ng1", "Ng8", "Nf3"] * 10)
    expect_eq(len(g["series"]["moves"]), 40, "a series of 40 moves is fine")


@test
def no_series_after_a_game_ending_move():
    """Nothing can follow a move that ends the game (DSU 6.2.5): the move
    and its series are refused together; the move alone is fine."""
    w = W()
    for fen, mv, term in (("6k1/p4ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "Rd8#", "checkmate"),
                          ("k7/8/8/2Q5/8/8/8/K7 w - - 0 1", "Qb6", "stalemate")):
        g = game("server", fen=fen)
        gid = g["id"]
        r = w.alice.post("games/%d/moves" % gid, {"move": mv, "series": ["Kh8", "Kb1"]})
        expect_error(r, 422, "illegal_series", "%s with a series" % mv)
        expect_unchanged(w.alice, gid, g, "%s with a series" % mv)
        expect_eq(stored(w.server, gid), [], "nothing stored")
        g = play(w.alice, gid, mv)
        expect_eq((g["status"], g["termination"]), ("finished", term), mv + " alone")


# ------------------------------------------------ who sees a pending series

@test
def pending_series_visibility():
    """Server play hides a pending series from everyone but its proposer,
    TLs and admins included: what one sees follows his seat, never his role
    (docs/AUTHORITY.md); postal and e-mail play show it (it is in the
    letter, DSU 6.2.5)."""
    w = W()
    g = game("server")
    gid = g["id"]
    g = play(w.alice, gid, "e4", series=["e5", "Nf3", "Nc6", "Bb5"])
    want = {"by": "white", "moves": ["5755", "7163", "2836", "6125"]}
    expect_eq(g["series"], want, "the proposer's own answer")
    expect_eq(get_game(w.alice, gid)["series"], want, "the proposer")
    expect_eq(get_game(w.tl, gid)["series"], None, "server: hidden from a TL")
    expect_eq(get_game(w.admin, gid)["series"], None, "server: hidden from an admin")
    expect_eq(get_game(w.bob, gid)["series"], None, "server: hidden from the opponent")
    expect_eq(get_game(w.carol, gid)["series"], None, "server: hidden from a bystander")
    listed = [x for x in w.bob.get("games?player=%d" % w.ids["bob"]).json["games"]
              if x["id"] == gid]
    expect_eq(len(listed), 1, "the game is listed")
    expect_eq(listed[0]["series"], None, "hidden in the list too")
    for path in ("games/%d/pgn", "games/%d/transcript"):
        r = w.bob.get(path % gid)
        expect_status(r, 200, path)
        for x in ("5755", "7163", "2836", "6125", "Nc6", "Bb5"):
            expect(x not in r.text, "%s shows the pending %s to the opponent" % (path, x))
    # Following it does not show it either.
    g = play(w.bob, gid, "e5")
    expect_eq([m["san"] for m in g["moves"]], ["e4", "e5", "Nf3"], "2.Nf3 automatic")
    expect_eq(g["series"], None, "the follower's answer hides the rest")
    expect_eq(get_game(w.alice, gid)["series"]["moves"], ["2836", "6125"], "the rest")

    for profile in ("dsu-post", "dsu-email"):
        g = game(profile, start_date="2027-08-02")
        gid = g["id"]
        dates = {"received": "2027-08-02"} if profile == "dsu-post" else {}
        play(w.alice, gid, "e4", sent="2027-08-03", series=["e5", "Nf3"], **dates)
        want = {"by": "white", "moves": ["5755", "7163"]}
        expect_eq(get_game(w.bob, gid)["series"], want, profile + ": the opponent sees it")
        expect_eq(get_game(w.alice, gid)["series"], want, profile + ": the proposer")


# ------------------------------------------------ series and other endings

@test
def resignation_drops_the_series():
    w = W()
    for resigner, result in (("bob", "1-0"), ("alice", "0-1")):
        for profile in ("server", "dsu-email"):
            g = game(profile, start_date="2027-08-02")
            gid = g["id"]
            dates = {} if profile == "server" else {"sent": "2027-08-03"}
            play(w.alice, gid, "e4", series=["e5", "Nf3", "Nc6", "Bb5"], **dates)
            r = getattr(w, resigner).post("games/%d/resign" % gid)
            expect_status(r, 200, "%s resigns (%s)" % (resigner, profile))
            for who in ("alice", "bob", "tl"):
                g = get_game(getattr(w, who), gid)
                expect_eq((g["status"], g["result"], g["termination"]),
                          ("finished", result, "resignation"),
                          "%s resigned (%s), seen by %s" % (resigner, profile, who))
                expect_eq(g["series"], None, "%s resigned (%s): no series pending for %s"
                          % (resigner, profile, who))
            expect_error(w.bob.post("games/%d/moves" % gid, dict(move="e5", **dates)), 409,
                         "game_over", "the series cannot be followed after the end")
            expect_eq(len(stored(w.server, gid)), 1, "no automatic move after the end")


@test
def other_endings_drop_the_series():
    """A draw agreed (FIDE 9.1) or a TL's result (DSU 6.2.7) ends the game
    with the series: nothing pending is shown afterwards."""
    w = W()
    g = game("server")
    gid = g["id"]
    play(w.alice, gid, "e4", series=["e5", "Nf3"])
    expect_status(w.alice.post("games/%d/draw" % gid, {"action": "offer"}), 200, "offer")
    expect_status(w.bob.post("games/%d/draw" % gid, {"action": "accept"}), 200, "accept")
    g = get_game(w.alice, gid)
    expect_eq((g["result"], g["termination"], g["series"]), ("1/2-1/2", "agreement", None),
              "drawn, no series pending")
    g = game("server")
    gid = g["id"]
    play(w.alice, gid, "e4", series=["e5", "Nf3"])
    r = w.tl.post("games/%d/result" % gid, {"result": "1-0", "reason": "adjudicated by the TL"})
    expect_status(r, 200, "TL result")
    g = get_game(w.alice, gid)
    expect_eq((g["result"], g["termination"], g["series"]), ("1-0", "adjudication", None),
              "adjudicated, no series pending")


# ------------------------------------------------ following and proposing

@test
def no_series_while_following():
    """Where the series is shown (e-mail: it is in the letter, DSU 6.2.5),
    a player whose move follows the opponent's series cannot propose one
    (422 series_pending); once he leaves it he can.  (On the server the
    series is hidden: hidden_series_cannot_be_probed below.)"""
    w = W()
    g = game("dsu-email", start_date="2027-08-01")
    gid = g["id"]
    play(w.alice, gid, "e4", series=["e5", "Nf3", "Nc6", "Bb5"], sent="2027-08-02")
    g = get_game(w.bob, gid)
    expect_eq(g["series"]["moves"], ["5755", "7163", "2836", "6125"], "e-mail: Black sees it")
    r = w.bob.post("games/%d/moves" % gid,
                   {"move": "e5", "series": ["Nf3", "Nc6"], "sent": "2027-08-05"})
    expect_error(r, 422, "series_pending", "follows and proposes")
    expect_unchanged(w.bob, gid, g, "series_pending")
    expect_eq(get_game(w.alice, gid)["series"]["moves"], ["5755", "7163", "2836", "6125"],
              "the proposer's series is untouched")
    g = play(w.bob, gid, "e5", sent="2027-08-05")
    # Following the last pair is following too.
    r = w.bob.post("games/%d/moves" % gid,
                   {"move": "Nc6", "series": ["Bc4", "Nf6"], "sent": "2027-08-07"})
    expect_error(r, 422, "series_pending", "follows the last pair and proposes")
    expect_unchanged(w.bob, gid, g, "series_pending, last pair")
    # Leaving it (2...d6) with a series of his own is fine.
    g = play(w.bob, gid, "d6", series=["d4", "exd4"], sent="2027-08-07")
    expect_eq([m["san"] for m in g["moves"]], ["e4", "e5", "Nf3", "d6"], "no automatic move")
    expect_eq(g["series"], {"by": "black", "moves": ["4244", "5544"]}, "Black's own series")
    expect_eq(get_game(w.alice, gid)["series"], {"by": "black", "moves": ["4244", "5544"]},
              "e-mail: shown to White")
    g = play(w.alice, gid, "d4", sent="2027-08-09")
    expect_eq([m["san"] for m in g["moves"]][-2:], ["d4", "exd4"], "3...exd4 automatic")
    expect_eq(g["to_move"], "white", "White to move")


@test
def hidden_series_cannot_be_probed():
    """Issue 8: the receiver of a series he cannot see (server profile)
    gets the same answer to a move sent with a series of his own whether
    or not the move matches the hidden series: it never follows the hidden
    series (which it breaks off, as another move would), and a refusal of
    his own series reads the same.  Before the fix the matching move got
    422 series_pending and the others 201."""
    w = W()
    hidden = ["e5", "Nf3", "Nc6", "Bb5"]
    answers = {}
    for mv in ("e5", "c5", "e6"):
        g = game("server")
        gid = g["id"]
        play(w.alice, gid, "e4", series=hidden)
        expect_eq(get_game(w.bob, gid)["series"], None, "hidden from Black")
        r = w.bob.post("games/%d/moves" % gid, {"move": mv, "series": ["Nf3", "Nc6"]})
        expect_status(r, 201, "%s with a series of his own" % mv)
        g = r.json
        expect_eq([m["san"] for m in g["moves"]], ["e4", mv], "%s: no automatic move" % mv)
        expect_eq([m["accepted"] for m in g["moves"]], [False, False], "%s: nothing accepted" % mv)
        expect_eq(g["series"], {"by": "black", "moves": ["7163", "2836"]},
                  "%s: Black's own series, shown to him" % mv)
        expect_eq(get_game(w.alice, gid)["series"], None, "%s: hidden from White" % mv)
        expect_eq(len(stored(w.server, gid)), 2, "%s: two rows stored" % mv)
        answers[mv] = (r.status, tuple(sorted(g.keys())))
        # White answers Nf3 and Black's own series goes on.
        g = play(w.alice, gid, "Nf3")
        expect_eq([m["san"] for m in g["moves"]][-2:], ["Nf3", "Nc6"], "%s: 2...Nc6 automatic" % mv)
    expect_eq(len(set(answers.values())), 1, "one answer whatever the hidden series: %r" % answers)
    refusals = {}
    for mv in ("e5", "c5"):
        g = game("server")
        gid = g["id"]
        play(w.alice, gid, "e4", series=hidden)
        before = get_game(w.bob, gid)
        r = w.bob.post("games/%d/moves" % gid, {"move": mv, "series": ["Nf3", "Ra6"]})
        expect_error(r, 422, "illegal_series", "%s with an illegal series" % mv)
        expect_unchanged(w.bob, gid, before, "%s refused" % mv)
        refusals[mv] = r.json["error"]["message"]
    expect_eq(refusals["e5"], refusals["c5"], "the refusal reads the same")


# ------------------------------------------------ DSU 6.3.3.2: the control moves

# dsu-post: 3 days a move, checks at moves 10, 20, ... (6.3.3.1); with a
# series covering a control move, the check is at the last move of the
# series the receiver accepts, with 3 days for each move (6.3.3.2; time.json
# S1: accepted through 12 -> 36 days, S2: through 11 -> 33 days).  Every
# game below: knights to and fro, White answers at once, Black uses
# `prior` days on his moves 1-9; White's 10th move proposes Black's moves
# 10, 11 and 12 (and White's 11, 12, 13); Black answers all he accepts
# (and a move of his own) in one reply.

START = "2027-05-03"  # a Monday, far from the holidays (6.3.6.2)
TRANSIT = 2           # dsu-post: the days a card travels (profile setting)
SUNDAY = 6


def knight(color, k):
    """The k-th move of a side in the knight dance from the start position."""
    if color == "white":
        return "Nf3" if k % 2 else "Ng1"
    return "Nf6" if k % 2 else "Ng8"


def posted(received, days):
    """(received, sent) of a card answered after `days` days; a card is
    never posted on a Sunday here, so the weekend rule (6.3.2.1) does not
    change the count."""
    sent = received + datetime.timedelta(days=days)
    if sent.weekday() == SUNDAY:
        received += datetime.timedelta(days=1)
        sent += datetime.timedelta(days=1)
    return received, sent


def control_plan(prior, reply_days):
    """The dated plies up to White's 10th move, Black's days before his
    10th move summing to `prior` (at most 10 on one move: no silence
    penalty, 6.3.4), and the day R Black receives White's 10th move and
    the day E of his reply.  Returns (plies, R, E); a ply is (color, k,
    move, received, sent, days)."""
    per_move = {}
    left, k = prior, 2
    while left > 0:
        per_move[k] = min(10, left)
        left -= per_move[k]
        k += 2
    assert k <= 10, "prior too large for this plan"
    plies = []
    cur = day(START)
    for k in range(1, 11):
        rec = cur if k == 1 else cur + datetime.timedelta(days=TRANSIT)
        rec, sent = posted(rec, 0)
        plies.append(("white", k, knight("white", k), rec, sent, 0))
        if k == 10:
            break
        d = per_move.get(k, 0)
        rec, sent = posted(sent + datetime.timedelta(days=TRANSIT), d)
        plies.append(("black", k, knight("black", k), rec, sent, d))
        cur = sent
    r, e = posted(plies[-1][4] + datetime.timedelta(days=TRANSIT), reply_days)
    return plies, r, e


def at(today):
    """The world of the control games, its daemon restarted with `today`
    (each game below is played and judged on its own days; the other
    games are not touched again)."""
    w = shared_world("control", today=START)
    if w.server.today != iso(today):
        w.server.set_today(iso(today))
        w.relogin()
    return w


def control_game(p, plies, series):
    """Creates the dsu-post game in world p and plays the plan, White's
    10th move with `series`; checks each move's days.  Returns the game
    id."""
    g = new_game(p.tl, p.ids["alice"], p.ids["bob"], "dsu-post", START)
    gid = g["id"]
    for i, (color, k, mv, rec, sent, days) in enumerate(plies):
        extra = {"series": series} if (color, k) == ("white", 10) and series else {}
        g = play(p.alice if color == "white" else p.bob, gid, mv, received=iso(rec),
                 sent=iso(sent), **extra)
        expect_eq(g["moves"][i]["days"], days, "days of %s's move %d" % (color, k))
    return gid


def reply(p, gid, mv, r, e):
    """Black's move received on r and sent on e."""
    return play(p.bob, gid, mv, received=iso(r), sent=iso(e))


def black_series():
    """White's 10th move proposes Black's moves 10, 11, 12."""
    return [knight("black", 10), knight("white", 11), knight("black", 11),
            knight("white", 12), knight("black", 12), knight("white", 13)]


def expect_no_forfeit(p, gid, what):
    g = get_game(p.alice, gid)
    expect_eq(g["clock"]["black"]["forfeited"], False, what + ": clock.black.forfeited")
    r = p.alice.post("games/%d/claim" % gid, {"type": "time_forfeit"})
    expect_error(r, 422, "claim_rejected", what + ": White's time forfeit claim")
    expect_eq(get_game(p.alice, gid)["status"], "active", what + ": the game goes on")
    return g


def expect_forfeit(p, gid, what):
    g = get_game(p.alice, gid)
    expect_eq(g["clock"]["black"]["forfeited"], True, what + ": clock.black.forfeited")
    r = p.alice.post("games/%d/claim" % gid, {"type": "time_forfeit"})
    expect_status(r, 200, what + ": White's time forfeit claim holds")
    expect_eq((r.json["status"], r.json["result"], r.json["termination"]),
              ("finished", "1-0", "time_forfeit"), what + ": Black loses on time")


def accept_whole(total):
    """Black (27 days before) accepts his moves 10, 11, 12 in one reply,
    `total` days used in all.  Returns (world, game id)."""
    plies, r, e = control_plan(27, total - 27)
    p = at(e)
    gid = control_game(p, plies, black_series())
    g = get_game(p.bob, gid)
    expect_eq(g["series"]["moves"], ["6678", "7163", "7866", "6371", "6678", "7163"],
              "the series (postal: Black sees it)")
    for k in (10, 11, 12):
        g = reply(p, gid, knight("black", k), r if k == 10 else e, e)
    expect_eq([(m["number"], m["san"], m["accepted"], m["series"], m["days"])
               for m in g["moves"][19:]],
              [(10, "Ng8", True, False, total - 27), (11, "Nf3", False, True, 0),
               (11, "Nf6", True, False, 0), (12, "Ng1", False, True, 0),
               (12, "Ng8", True, False, 0), (13, "Nf3", False, True, 0)],
              "Black's 10-12 accepted, White's 11-13 automatic")
    expect_eq((g["series"], g["to_move"]), (None, "black"), "series used up")
    expect_eq(g["clock"]["black"]["used_days"], total, "Black's days")
    return p, gid


@test
def s1_whole_series_36_days():
    """time.json S1: accepting the whole series (10, 11, 12) Black may use
    36 days (30 would be the limit at move 10 without the series)."""
    p, gid = accept_whole(36)
    g = expect_no_forfeit(p, gid, "S1, 36 days")
    expect_eq(g["clock"]["black"]["next_control"], {"move": 20, "limit_days": 60},
              "the next check is at move 20")


@test
def s1_whole_series_37_days():
    p, gid = accept_whole(37)
    expect_forfeit(p, gid, "S1, 37 days")


def accept_through_11(total):
    """Black (27 days before) accepts his moves 10 and 11 and plays 12...e6
    instead of 12...Ng8, all in one reply, `total` days used."""
    plies, r, e = control_plan(27, total - 27)
    p = at(e)
    gid = control_game(p, plies, black_series())
    reply(p, gid, knight("black", 10), r, e)
    reply(p, gid, knight("black", 11), e, e)
    g = reply(p, gid, "e6", e, e)
    expect_eq([(m["number"], m["san"], m["accepted"], m["series"]) for m in g["moves"][19:]],
              [(10, "Ng8", True, False), (11, "Nf3", False, True),
               (11, "Nf6", True, False), (12, "Ng1", False, True),
               (12, "e6", False, False)], "accepted through 11, then 12...e6")
    expect_eq((g["series"], g["to_move"]), (None, "white"), "series broken off")
    expect_eq(g["clock"]["black"]["used_days"], total, "Black's days")
    return p, gid


@test
def s2_through_11_33_days():
    """time.json S2: accepting through move 11 Black may use 33 days in
    all before his reply."""
    p, gid = accept_through_11(33)
    expect_no_forfeit(p, gid, "S2, 33 days")


@test
def s2_through_11_34_days():
    p, gid = accept_through_11(34)
    expect_forfeit(p, gid, "S2, 34 days")


def s3_game(days_to_answer):
    """time.json S3 shape: Black (0 days before) accepts move 10 twelve
    days after he received the series, move 11 twelve days later, and
    breaks off at move 12 with a move sent `days_to_answer` days after he
    received it - each on its own day, as on a server."""
    plies, r, e10 = control_plan(0, 12)
    _, e11 = posted(e10, 12)
    e12 = r + datetime.timedelta(days=days_to_answer)
    assert e12.weekday() != SUNDAY and e11 < e12
    p = at(e12)
    gid = control_game(p, plies, black_series())
    reply(p, gid, knight("black", 10), r, e10)
    reply(p, gid, knight("black", 11), e10, e11)
    g = reply(p, gid, "e6", e11, e12)
    expect_eq([(m["number"], m["san"], m["accepted"]) for m in g["moves"][19:]],
              [(10, "Ng8", True), (11, "Nf3", False), (11, "Nf6", True), (12, "Ng1", False),
               (12, "e6", False)], "accepted through 11, broken off at 12")
    expect_eq(g["clock"]["black"]["used_days"], days_to_answer, "Black's days")
    return p, gid


@test
def s3_days_up_to_the_answer_count():
    """time.json S3 (DSU 6.3.3.2 "totalt før besvarelsen"): the check is at
    move 11 with 33 days, and the days of the move that breaks the series
    off count too: 35 days is a forfeit, 33 is not (issue 9)."""
    v = [c for c in load_vectors("time.json")["control"] if c["id"] == "S3"][0]
    expect_eq((v["series_accepted_through"], v["limit_days"]), (11, 33), "the vector")
    p, gid = s3_game(v["days_to_answer"])
    expect_forfeit(p, gid, "S3, %d days" % v["days_to_answer"])
    p, gid = s3_game(v["limit_days"])
    expect_no_forfeit(p, gid, "S3 shape, %d days" % v["limit_days"])


@test
def series_pending_moves_the_control():
    """While the series for his moves 10-12 waits on Black, his next check
    is at move 12 with 36 days (6.3.3.2), before his reply and between the
    moves he accepts: having used 36 days when he accepts move 10 is no
    forfeit yet, he may still accept 11 and 12."""
    plies, r, e = control_plan(27, 9)
    p = at(e)
    gid = control_game(p, plies, black_series())
    c = get_game(p.bob, gid)["clock"]["black"]
    expect_eq(c["next_control"], {"move": 12, "limit_days": 36}, "before the reply")
    # The first day a reply is over 36 days: 10 days after Black's
    # (estimated) receipt, never a Sunday (6.3.2.1).
    est = plies[-1][4] + datetime.timedelta(days=TRANSIT)
    fd = est + datetime.timedelta(days=10)
    if fd.weekday() == SUNDAY:
        fd += datetime.timedelta(days=1)
    expect_eq(c["forfeit_date"], iso(fd), "forfeit date before the reply")
    expect_no_forfeit(p, gid, "36 days, the series not answered yet")
    reply(p, gid, knight("black", 10), r, e)
    g = expect_no_forfeit(p, gid, "36 days, move 10 accepted, 11 and 12 still open")
    expect_eq(g["clock"]["black"]["next_control"], {"move": 12, "limit_days": 36},
              "after accepting move 10")
    reply(p, gid, knight("black", 11), e, e)
    expect_no_forfeit(p, gid, "36 days, moves 10 and 11 accepted, 12 still open")
    reply(p, gid, knight("black", 12), e, e)
    expect_no_forfeit(p, gid, "36 days, the whole series accepted")


@test
def control_at_10_without_a_series():
    """The plain check (6.3.3.1) for comparison: 30 days by move 10 are
    fine, 31 are a forfeit, when no series covers move 10."""
    for total, forfeit in ((30, False), (31, True)):
        plies, r, e = control_plan(27, total - 27)
        p = at(e)
        gid = control_game(p, plies, None)
        g = reply(p, gid, knight("black", 10), r, e)
        expect_eq(g["clock"]["black"]["used_days"], total, "Black's days")
        if forfeit:
            expect_forfeit(p, gid, "%d days by move 10" % total)
        else:
            expect_no_forfeit(p, gid, "%d days by move 10" % total)


if __name__ == "__main__":
    run_tests()
