#!/usr/bin/env python3
"""Scid's own Xfcc client against the real corrchessd (issue 14).

tests/xfcc/scid_driver.tcl evaluates the `namespace eval Xfcc` of Scid's
installed tcl/tools/correspondence.tcl in tclsh (Tk calls stubbed) and
runs its ProcessAll (GetMyGames; Scid writes a PGN file per game and its
state list) and its Send (MakeAMove with Scid's 0/1 flags).  After each
step the daemon's state is read over the JSON API: moves, a draw offer
and its acceptance, a resignation, the refusals Scid can cause (wrong
move number, not your turn, not your game, an illegal move, a wrong
password), and that a refusal changes nothing."""
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xfcc_util import *  # noqa: E402,F401,F403
import harness  # noqa: E402 (beside xfcc_util, which found it)

TODAY = "2027-09-01"


def W():
    return shared_world(today=TODAY)


def new_game(**kw):
    w = W()
    return harness.new_game(w.tl, w.ids["alice"], w.ids["bob"], start_date=TODAY, **kw)["id"]


def state(game_id):
    return get_game(W().tl, game_id)


def sans(g):
    return [m["san"] for m in g["moves"]]


def messages(game_id, client=None):
    r = (client or W().alice).get("games/%d/messages" % game_id)
    expect_status(r, 200, "GET messages")
    return r.json["messages"]


def said(console, text):
    return any(text in line for line in console)


if not shutil.which("tclsh") or not os.path.exists(SCID_TCL):
    print("FAIL: tclsh or Scid's correspondence.tcl (Debian package scid) is missing")
    sys.exit(1)


@test
def scid_fetches_its_games_and_writes_pgn_and_state():
    w = W()
    gid = new_game(event="Scid <&> test")
    alice = Scid(w.server, "alice")
    console, st = alice.fetch()
    expect(not said(console, "ERROR"), "console: %r" % console)
    pgn = alice.pgn(gid)
    expect(pgn is not None, "Scid wrote no PGN for game %d: %r" % (gid, console))
    expect_eq(pgn_tag(pgn, "Event"), "Scid <&> test", "Event")
    expect_eq(pgn_tag(pgn, "White"), "alice", "White")
    expect_eq(pgn_tag(pgn, "Black"), "bob", "Black")
    expect_eq(pgn_tag(pgn, "Date"), "2027.09.01", "Date")
    expect_eq(pgn_tag(pgn, "TimeControl"), "10/3456000", "TimeControl (server: 10 moves in 40 days)")
    expect_eq(pgn_tag(pgn, "GameId"), str(gid), "GameId")
    expect_eq(pgn_tag(pgn, "Mode"), "XFCC", "Mode")
    expect_eq(pgn_tag(pgn, "Result"), "*", "Result")
    s = st.get("corrchess-%d" % gid)
    expect(s is not None, "no state for game %d: %r" % (gid, st))
    expect_eq(s["myTurn"], "true", "myTurn for White")
    expect_eq(s["result"], "Ongoing", "result")
    expect_eq(s["drawOffered"], "false", "drawOffered")
    expect_eq(s["TimeControl"], "10 / 40d", "Scid's reading of the time control")
    expect_eq(s["mytime"], str(40 * 24 * 60), "minutes left before move 10")
    # Bob sees the same game, not his turn.
    _, st = Scid(w.server, "bob").fetch()
    expect_eq(st["corrchess-%d" % gid]["myTurn"], "false", "myTurn for Black")
    # Carol does not see it.
    carol = Scid(w.server, "carol")
    _, st = carol.fetch()
    expect("corrchess-%d" % gid not in st, "carol sees a game she does not play")
    expect(carol.pgn(gid) is None, "carol got a PGN of another's game")


@test
def moves_draw_offer_and_acceptance():
    w = W()
    gid = new_game()
    alice, bob = Scid(w.server, "alice"), Scid(w.server, "bob")
    alice.fetch()
    # 1. e4 with a Danish message (Scid's Tcl sends it as Latin-1 bytes).
    console = alice.send(gid, 1, "e4", "Godt spil, Bob: æøå")
    expect(said(console, "Processing successfull") and Scid.answer(console) == "Success", "console: %r" % console)
    g = state(gid)
    expect_eq(sans(g), ["e4"], "moves after 1. e4")
    expect_eq(g["to_move"], "black", "to move")
    expect_eq(g["moves"][0]["iccf"], "5254", "ICCF of e4")
    m = messages(gid)
    expect_eq([(x["color"], x["text"]) for x in m], [("white", "Godt spil, Bob: æøå")],
              "the message as stored")
    # Bob fetches: the move and the message reach his PGN.
    _, st = bob.fetch()
    pgn = bob.pgn(gid)
    expect_eq(st["corrchess-%d" % gid]["myTurn"], "true", "bob to move")
    expect_eq(st["corrchess-%d" % gid]["message"], "Godt spil, Bob: æøå", "message in state")
    text = pgn_movetext(pgn)
    expect("1. e4" in text and "{Godt spil, Bob: æøå}" in text, "Bob's PGN: %r" % text)
    # A wrong move number (2 for Black's first move) changes nothing.
    console = bob.send(gid, 2, "e5")
    expect_eq(Scid.answer(console), "InvalidMoveNumber", "answer to a wrong move number")
    expect(said(console, "Invalid move"), "console: %r" % console)  # Scid's reading
    expect_eq(sans(state(gid)), ["e4"], "after a wrong move number")
    # 1... e5 with a draw offer.
    console = bob.send(gid, 1, "e5", "", offer=1)
    expect(said(console, "Processing successfull") and Scid.answer(console) == "Success", "console: %r" % console)
    g = state(gid)
    expect_eq(sans(g), ["e4", "e5"], "moves after 1... e5")
    expect_eq(g["draw_offer"], "black", "bob's offer stands")
    # Alice sees the offer; Scid's state says so.
    _, st = alice.fetch()
    expect_eq(st["corrchess-%d" % gid]["drawOffered"], "true", "drawOffered for alice")
    expect_eq(pgn_movetext(alice.pgn(gid)).split("}")[-1].strip(), "1. e4 e5 *", "alice's PGN")
    # Bob cannot accept his own offer.
    console = bob.send(gid, 1, "e5", accept=1)
    expect(said(console, "No draw was offered") and Scid.answer(console) == "NoDrawWasOffered", "console: %r" % console)
    expect_eq(state(gid)["status"], "active", "after accepting one's own offer")
    # Alice accepts, sending the last move of her board as Scid does.
    console = alice.send(gid, 1, "e5", "Tak", accept=1)
    expect(said(console, "Processing successfull") and Scid.answer(console) == "Success", "console: %r" % console)
    g = state(gid)
    expect_eq((g["status"], g["result"], g["termination"]), ("finished", "1/2-1/2", "agreement"),
              "after the acceptance")
    expect_eq(sans(g), ["e4", "e5"], "the accepted draw made no move")
    expect_eq([x["text"] for x in messages(gid)], ["Godt spil, Bob: æøå", "Tak"], "messages")
    # The finished game is listed with its result; Scid writes 1/2-1/2.
    _, st = bob.fetch()
    expect_eq(st["corrchess-%d" % gid]["result"], "Draw", "Xfcc result")
    expect_eq(pgn_tag(bob.pgn(gid), "Result"), "1/2-1/2", "PGN result")
    expect_eq(st["corrchess-%d" % gid]["myTurn"], "false", "no one to move in a finished game")
    # A move on a finished game changes nothing.
    console = bob.send(gid, 2, "Nf3")
    expect(said(console, "Not your turn") and Scid.answer(console) == "NotYourTurn", "console: %r" % console)
    expect_eq(sans(state(gid)), ["e4", "e5"], "after a move on a finished game")


@test
def resignation_and_refusals():
    w = W()
    gid = new_game()
    alice, bob, carol = Scid(w.server, "alice"), Scid(w.server, "bob"), Scid(w.server, "carol")
    # Bob moves out of turn; Carol moves in a game that is not hers.
    console = bob.send(gid, 1, "e5")
    expect(said(console, "Not your turn") and Scid.answer(console) == "NotYourTurn", "console: %r" % console)
    console = carol.send(gid, 1, "e4")
    expect(said(console, "Not your game") and Scid.answer(console) == "NotYourGame", "console: %r" % console)
    # An illegal move and a game that does not exist.
    console = alice.send(gid, 1, "Ke2")
    expect(said(console, "Invalid move") and Scid.answer(console) == "InvalidMove",
           "console: %r" % console)
    console = alice.send(999999, 1, "e4")
    expect(said(console, "Invalid Game-ID") and Scid.answer(console) == "InvalidGameID", "console: %r" % console)
    expect_eq(sans(state(gid)), [], "after the refusals")
    expect_eq(messages(gid), [], "no message from a refused call")
    # A wrong password: Scid's authentication dialog, nothing changes.
    wrong = Scid(w.server, "alice", password="wrong-password")
    console = wrong.send(gid, 1, "d4")
    expect(said(console, "Authentication failed") and said(console, "MESSAGEBOX"),
           "console: %r" % console)
    console, st = wrong.fetch()
    expect(said(console, "Authentication failed"), "console: %r" % console)
    expect_eq(st, {}, "no games for a wrong password")
    expect_eq(sans(state(gid)), [], "after a wrong password")
    # 1. d4; Bob resigns with the move he last saw on his board.
    console = alice.send(gid, 1, "d4")
    expect(said(console, "Processing successfull") and Scid.answer(console) == "Success", "console: %r" % console)
    bob.fetch()
    console = bob.send(gid, 1, "d4", "Du spillede godt", resign=1)
    expect(said(console, "Processing successfull") and Scid.answer(console) == "Success", "console: %r" % console)
    g = state(gid)
    expect_eq((g["status"], g["result"], g["termination"]), ("finished", "1-0", "resignation"),
              "after the resignation")
    expect_eq(sans(g), ["d4"], "resigning made no move")
    _, st = alice.fetch()
    expect_eq(st["corrchess-%d" % gid]["result"], "WhiteWins", "Xfcc result")
    pgn = alice.pgn(gid)
    expect_eq(pgn_tag(pgn, "Result"), "1-0", "PGN result")
    expect("{Du spillede godt}" in pgn_movetext(pgn), "the message in the PGN: %r" % pgn)


@test
def black_resigns_after_white_replied_with_scids_move_count():
    """Scid's resignation move count: "1. e4 e5 <resign>" by White sends 2,
    Black resigning after 1. e4 sends 1 (correspondence.tcl SendMove)."""
    w = W()
    gid = new_game()
    alice, bob = Scid(w.server, "alice"), Scid(w.server, "bob")
    alice.send(gid, 1, "e4")
    bob.send(gid, 1, "e5")
    console = alice.send(gid, 2, "e5", resign=1)
    expect(said(console, "Processing successfull") and Scid.answer(console) == "Success", "console: %r" % console)
    g = state(gid)
    expect_eq((g["result"], g["termination"]), ("0-1", "resignation"), "White resigned")
    # The same resignation counted one lower is taken too (other clients).
    gid = new_game()
    alice.send(gid, 1, "e4")
    bob.send(gid, 1, "e5")
    console = alice.send(gid, 1, "e5", resign=1)
    expect(said(console, "Processing successfull") and Scid.answer(console) == "Success", "console: %r" % console)
    expect_eq(state(gid)["result"], "0-1", "White resigned (move count one lower)")


@test
def thematic_game_from_a_fen():
    w = W()
    fen = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    gid = new_game(fen=fen)
    alice = Scid(w.server, "alice")
    _, st = alice.fetch()
    pgn = alice.pgn(gid)
    expect_eq(st["corrchess-%d" % gid]["setup"], "true", "setup")
    expect_eq(pgn_tag(pgn, "FEN"), fen, "FEN in Scid's PGN")
    console = alice.send(gid, 2, "Nf3")
    expect(said(console, "Processing successfull") and Scid.answer(console) == "Success", "console: %r" % console)
    Scid(w.server, "bob").send(gid, 2, "d6")
    alice.fetch()
    expect_eq(pgn_movetext(alice.pgn(gid)).split("}")[-1].strip(), "2. Nf3 d6 *",
              "move numbers from the FEN")


if __name__ == "__main__":
    run_tests()
