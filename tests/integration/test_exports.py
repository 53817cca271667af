#!/usr/bin/env python3
"""The exports of a game (API.md "Exports"): GET /games/{id}/pgn and
GET /games/{id}/transcript, against the real corrchessd over HTTP with a
temporary database.  The transcript of the DSU 6.8.2 model game is played
day by day on a server-profile game and must come out as the model's
table, byte for byte."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
PGN_TYPE = "text/x-chess-pgn; charset=utf-8"
TEXT_TYPE = "text/plain; charset=utf-8"
MODEL_TABLE = (
    "Recv.  Sent   Time  No. White Black  Recv.  Sent   Time\n"
    "----   29/08  0/00  01. 5254  5755   29/08  30/08  1/01\n"
    "30/08  31/08  1/01  02. 7163  2836   31/08  03/09  3/04\n"
    "03/09  05/09  2/03  03. 6125\n"
    "\n"
    "White: 03/09-05/09 2/03  Black: 31/08-03/09 3/04\n")


def W():
    return shared_world(today=TODAY)


def export(client, gid, kind, status=200):
    r = client.get("games/%d/%s" % (gid, kind))
    expect_status(r, status, "GET %s of game %d" % (kind, gid))
    return r


def content_type(r):
    for k, v in r.headers.items():
        if k.lower() == "content-type":
            return v
    return None


def tags(pgn):
    """The tag pairs in order, values unescaped."""
    out = []
    for line in pgn.split("\n\n", 1)[0].splitlines():
        m = re.fullmatch(r'\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]', line)
        expect(m is not None, "tag line %r" % line)
        out.append((m.group(1), re.sub(r"\\(.)", r"\1", m.group(2))))
    return out


@test
def unknown_game_is_404_and_login_needed():
    w = W()
    for kind in ("pgn", "transcript"):
        expect_error(w.alice.get("games/999999/%s" % kind), 404, "not_found", kind)
        r = w.server.client().get("games/1/%s" % kind)
        expect_status(r, 401, kind + " without a session")


@test
def pgn_of_a_game_in_progress():
    w = W()
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY, event='Cup "A" \\ 2027')
    play_line(w.alice, w.bob, g["id"], ["e4", "e5", "Nf3"])
    r = export(w.carol, g["id"], "pgn")  # any signed-in user
    expect_eq(content_type(r), PGN_TYPE, "content type")
    t = tags(r.text)
    expect_eq([k for k, _ in t][:7], ["Event", "Site", "Date", "Round", "White", "Black",
                                      "Result"], "Seven Tag Roster order")
    d = dict(t)
    expect_eq(d["Event"], 'Cup "A" \\ 2027', "Event (escaped in the file)")
    expect('[Event "Cup \\"A\\" \\\\ 2027"]' in r.text, "escapes in the Event tag")
    expect(d["Site"] not in ("", "?"), "Site: the base_url, or corrchess")
    expect_eq(d["Date"], "2027.09.01", "Date")
    expect_eq(d["Round"], "-", "Round")
    expect_eq((d["White"], d["Black"]), ("alice", "bob"), "players")
    expect_eq(d["Result"], "*", "Result")
    expect_eq(d["Mode"], "TC", "Mode")
    expect_eq(d["TimeControl"], "10/3456000", "TimeControl: 10 moves in 40 days")
    expect_eq(d["Termination"], "unterminated", "Termination")
    expect("FEN" not in d and "SetUp" not in d, "no FEN for the standard start")
    expect_eq([k for k, _ in t][7:], sorted(k for k, _ in t[7:]), "other tags in ASCII order")
    movetext = r.text.split("\n\n", 1)[1]
    # issue 23: the dates as ChessBase's and ICCF's commands
    expect(movetext.startswith("1. e4 {[%ccrcv 2027.09.01] [%ccsnt 2027.09.01] 0d} 1... e5 "
                               "{[%ccrcv"), "movetext %r" % movetext)
    expect(movetext.rstrip("\n").endswith("*"), "ends with the marker")
    expect(r.text.endswith("\n\n"), "an empty line ends the game")
    expect(all(len(l) <= 79 for l in r.text.splitlines()), "lines of at most 79")


@test
def finished_game_has_result_termination_and_ending():
    w = W()
    g = new_game(w.tl, w.ids["bob"], w.ids["alice"], "dsu-post", TODAY)
    play_line(w.bob, w.alice, g["id"], ["f3", "e5", "g4", "Qh4#"])
    r = export(w.bob, g["id"], "pgn")
    d = dict(tags(r.text))
    expect_eq(d["Result"], "0-1", "Result")
    expect_eq(d["Termination"], "normal", "Termination")
    expect_eq(d["Mode"], "PM", "Mode")
    expect_eq(d["TimeControl"], "10/2592000", "TimeControl: 10 moves in 30 days")
    expect_eq(d["Event"], "corrchess game %d" % g["id"], "Event without an event")
    flat = " ".join(r.text.split("\n\n", 1)[1].split())
    expect(flat.endswith("2... Qh4# {[%ccrcv 2027.09.01] [%ccsnt 2027.09.01] 0d; Black won by "
                         "checkmate.} 0-1"), "mate, ending comment, marker: %r" % r.text)
    expect(r.text.endswith("0-1\n\n"), "an empty line ends the game")
    t = export(w.bob, g["id"], "transcript")
    expect_eq(content_type(t), TEXT_TYPE, "content type")
    expect(t.text.startswith("corrchess game %d\nbob - alice\nStarted 2027-09-01\n\n"
                             % g["id"]), "transcript head %r" % t.text)
    expect("\nResult: 0-1 (Black won by checkmate.)\n" in t.text, "result line")
    # the moves once more in the numbered DSU e-mail form, last (DSU 6.8.2)
    expect(t.text.endswith("\nMoves: 1. 6263, 5755 2. 7274, 4884\n"), "numbered moves %r" % t.text)
    expect("02. 7274  4884" in t.text, "ICCF moves: %r" % t.text)


@test
def thematic_game_from_black():
    w = W()
    fen = "r2qkbnr/pb1ppppp/1pn5/8/1P6/8/2PPPPPP/RNBQKBNR b KQkq - 0 11"
    g = new_game(w.tl, w.ids["alice"], w.ids["carol"], "server", TODAY, fen=fen)
    play(w.carol, g["id"], "1716")
    play(w.alice, g["id"], "2425")
    r = export(w.alice, g["id"], "pgn")
    d = dict(tags(r.text))
    expect_eq(d.get("FEN"), fen, "FEN tag")
    expect_eq(d.get("SetUp"), "1", "SetUp tag")
    expect(r.text.split("\n\n", 1)[1].startswith("11... a6 {[%ccrcv"), "Black starts: %r" % r.text)
    t = export(w.alice, g["id"], "transcript")
    expect(re.search(r"\n {20}11\. -     1716   ----   01/09  0/00\n"
                     r"01/09  01/09  0/00  12\. 2425\n", t.text), "rows %r" % t.text)


@test
def transcript_of_the_dsu_model_game():
    # DSU 6.8.2: 1.e4 e5 2.Nf3 Nc6 3.Bb5, one move a day as in the model.
    srv = Server(today="2027-08-29",
                 extra_env={"CORRCHESS_BASE_URL": "https://corr.example.org"}).start()
    try:
        ids = {}
        for name, role in (("tl", "tl"), ("white", "player"), ("black", "player")):
            ids[name], _ = srv.add_user(name, role)
        tl = srv.login("tl")
        g = new_game(tl, ids["white"], ids["black"], "server", "2027-08-29")
        for today, who, move in (("2027-08-29", "white", "5254"), ("2027-08-30", "black", "5755"),
                                 ("2027-08-31", "white", "7163"), ("2027-09-03", "black", "2836"),
                                 ("2027-09-05", "white", "6125")):
            srv.set_today(today)
            play(srv.login(who), g["id"], move)
        t = export(tl, g["id"], "transcript")
        expect_eq(t.text, "corrchess game %d\nwhite - black\nStarted 2027-08-29\n\n" % g["id"]
                  + MODEL_TABLE + "\nMoves: 1. 5254, 5755 2. 7163, 2836 3. 6125\n",
                  "the model, byte for byte, then the numbered moves")
        p = export(tl, g["id"], "pgn")
        expect("1. e4 {[%ccrcv 2027.08.29] [%ccsnt 2027.08.29] 0d} 1... e5 {[%ccrcv 2027.08.29]\n"
               "[%ccsnt 2027.08.30] 1d} 2. Nf3" in p.text, "PGN comments %r" % p.text)
        expect_eq(dict(tags(p.text))["Site"], "https://corr.example.org", "Site is base_url")
    finally:
        srv.close()


@test
def email_received_never_after_sent():
    """Issue 23: in e-mail play a move counts as received the day after
    its sent date (DSU 6.8.6); a reply sent the same day is exported
    received that day, in the PGN and in the transcript."""
    w = W()
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", TODAY)
    play(w.alice, g["id"], "e4")
    moves = play(w.bob, g["id"], "e5")["moves"]
    expect_eq((moves[1]["received"], moves[1]["sent"]), (add_days(TODAY, 1), TODAY),
              "the GAME keeps the clock's received date")
    pgn = export(w.bob, g["id"], "pgn").text
    d = TODAY.replace("-", ".")
    flat = " ".join(pgn.split("\n\n", 1)[1].split())
    expect("1... e5 {[%%ccrcv %s] [%%ccsnt %s] 0d}" % (d, d) in flat, "PGN: %r" % flat)
    for rcv, snt in re.findall(r"\[%ccrcv (\S+)\] \[%ccsnt (\S+)\]", flat):
        expect(rcv <= snt, "received %s after sent %s" % (rcv, snt))
    t = export(w.bob, g["id"], "transcript").text
    dm = TODAY[8:10] + "/" + TODAY[5:7]
    expect("5755   %s  %s" % (dm, dm) in t, "transcript: %r" % t)
    expect("Black: %s-%s" % (dm, dm) in t, "last move line: %r" % t)


if __name__ == "__main__":
    run_tests()
