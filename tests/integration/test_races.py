#!/usr/bin/env python3
"""Writes that race (issue 8), against the real corrchessd over HTTP with
a temporary database: many clients send conflicting requests at the same
moment (threads released together by a barrier).  Whatever the
interleaving, exactly one of two conflicting writes wins, every loser gets
a 409 (stale, or the refusal the newer state calls for) and changes
nothing, no answer is a 5xx, and what the winner was told is what is
stored (the moves are read back from the database).  No timing is assumed:
each case is repeated, and each repetition checks the rules for whatever
order the daemon happened to take."""
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
ROUNDS = 12


def W():
    return shared_world(today=TODAY)


def game(w, **kw):
    return new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY, **kw)


def at_once(*calls):
    """Runs the calls on threads released together; returns their
    responses in the order given."""
    barrier = threading.Barrier(len(calls))
    out = [None] * len(calls)
    errors = []

    def run(i, call):
        try:
            barrier.wait()
            out[i] = call()
        except Exception as e:  # reported below, never swallowed
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return out


def stored_moves(w, gid):
    """(san, series column) of every stored move, in order."""
    return w.server.db_rows("SELECT san, series FROM moves WHERE game_id = ? ORDER BY ply",
                            (gid,))


def stored_game(w, gid):
    return w.server.db_rows("SELECT status, result, draw_offer, series_by, rev FROM games"
                            " WHERE id = ?", (gid,))[0]


def expect_409(resp, codes, what):
    expect(resp.status == 409 and resp.code in codes,
           "%s: want 409 %s, got %r" % (what, "/".join(codes), resp))
    expect_error_shape(resp, what)


def expect_one_winner(responses, ok, codes, what):
    """Exactly one response has status ok; every other one is a 409 with
    one of codes.  Returns the index of the winner."""
    winners = [i for i, r in enumerate(responses) if r.status == ok]
    expect(len(winners) == 1, "%s: want exactly one %d, got %r" % (what, ok, responses))
    for i, r in enumerate(responses):
        if i != winners[0]:
            expect_409(r, codes, "%s, loser %d" % (what, i))
    return winners[0]


@test
def one_move_among_many_clients():
    """Eight clients of Black send eight different replies at once: one is
    stored, seven get 409 and nothing of theirs is stored."""
    w = W()
    clients = [w.server.login("bob") for _ in range(8)]
    replies = ["e5", "c5", "e6", "d5", "Nf6", "Nc6", "g6", "d6"]
    for rnd in range(ROUNDS // 2):
        gid = game(w)["id"]
        play(w.alice, gid, "e4")
        rs = at_once(*[(lambda c=c, mv=mv: c.post("games/%d/moves" % gid, {"move": mv}))
                       for c, mv in zip(clients, replies)])
        win = expect_one_winner(rs, 201, ("stale", "not_your_turn"), "round %d" % rnd)
        expect_eq(stored_moves(w, gid), [("e4", 0), (rs[win].json["moves"][1]["san"], 0)],
                  "round %d: the winner's move is stored, no other" % rnd)
        expect_eq(rs[win].json["moves"][1]["san"], replies[win], "the winner's own move")
        expect_eq(get_game(w.alice, gid)["moves"], rs[win].json["moves"], "read back")


@test
def move_against_series_cancel():
    """A reply that would follow a series, sent while the proposer
    withdraws it (DSU 6.2.5): the withdrawn series is never
    followed.  Either the cancel wins and the reply is refused or made
    without the automatic move, or the reply wins (following the series)
    and the cancel is refused.  Eight games race at a time."""
    w = W()
    for rnd in range(ROUNDS):
        gids = [game(w, series_cancellable=True)["id"] for _ in range(8)]
        for gid in gids:
            play(w.alice, gid, "e4", series=["e5", "Nf3"])
        calls = []
        for gid in gids:
            calls.append(lambda gid=gid: w.bob.post("games/%d/moves" % gid, {"move": "e5"}))
            calls.append(lambda gid=gid: w.alice.request("DELETE", "games/%d/series" % gid))
        rs = at_once(*calls)
        for k, gid in enumerate(gids):
            move, cancel = rs[2 * k], rs[2 * k + 1]
            what = "round %d, game %d" % (rnd, gid)
            expect(move.status < 500 and cancel.status < 500,
                   "%s: no 5xx: %r %r" % (what, move, cancel))
            rows = stored_moves(w, gid)
            if cancel.status == 200:
                expect(("Nf3", 1) not in rows,
                       "%s: the withdrawn series was followed: %r" % (what, rows))
                if move.status == 201:
                    expect_eq(rows, [("e4", 0), ("e5", 0)], "%s: a plain reply" % what)
                else:
                    expect_409(move, ("stale",), "%s: the reply" % what)
                    expect_eq(rows, [("e4", 0)], "%s: nothing of the reply" % what)
            else:
                expect_409(cancel, ("stale", "series_answered", "no_series"),
                           "%s: the cancel" % what)
                expect_status(move, 201, "%s: the reply" % what)
                expect_eq(rows, [("e4", 0), ("e5", 2), ("Nf3", 1)], "%s: followed" % what)
            if move.status == 201:
                expect_eq([m["san"] for m in move.json["moves"]], [r[0] for r in rows],
                          "%s: the reply's answer is what is stored" % what)


@test
def move_against_claim():
    """Black claims a threefold repetition with his intended move (FIDE
    9.2) while another of his clients sends a different move: one wins."""
    w = W()
    other = w.server.login("bob")
    dance = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]
    for rnd in range(ROUNDS // 2):
        gid = game(w)["id"]
        play_line(w.alice, w.bob, gid, dance)
        claim, move = at_once(
            lambda: w.bob.post("games/%d/claim" % gid, {"type": "threefold", "move": "Ng8"}),
            lambda: other.post("games/%d/moves" % gid, {"move": "e5"}))
        status, result = stored_game(w, gid)[:2]
        if claim.status == 200:
            expect_409(move, ("stale", "game_over"), "round %d: the move" % rnd)
            expect_eq((status, result), ("finished", "1/2-1/2"), "round %d: drawn" % rnd)
            expect_eq(len(stored_moves(w, gid)), 7, "round %d: no move stored" % rnd)
        else:
            expect_409(claim, ("stale", "not_your_turn"), "round %d: the claim" % rnd)
            expect_status(move, 201, "round %d: the move" % rnd)
            expect_eq((status, len(stored_moves(w, gid))), ("active", 8),
                      "round %d: the move stored, the game goes on" % rnd)


@test
def two_draw_actions():
    """White offers a draw; Black accepts and declines it at once from two
    clients: one of the two happens, the other gets 409."""
    w = W()
    other = w.server.login("bob")
    for rnd in range(ROUNDS):
        gid = game(w)["id"]
        expect_status(w.alice.post("games/%d/draw" % gid, {"action": "offer"}), 200, "offer")
        accept, decline = at_once(
            lambda: w.bob.post("games/%d/draw" % gid, {"action": "accept"}),
            lambda: other.post("games/%d/draw" % gid, {"action": "decline"}))
        win = expect_one_winner([accept, decline], 200, ("stale", "no_draw_offer", "game_over"),
                                "round %d" % rnd)
        status, result, offer, _, rev = stored_game(w, gid)
        expect_eq(rev, 2, "round %d: the offer and the one winner" % rnd)
        if win == 0:
            expect_eq((status, result, offer), ("finished", "1/2-1/2", None),
                      "round %d: agreed" % rnd)
        else:
            expect_eq((status, result, offer), ("active", "*", None), "round %d: declined" % rnd)


@test
def both_offer_a_draw():
    """Both players offer a draw at the same moment: one offer stands."""
    w = W()
    for rnd in range(ROUNDS):
        gid = game(w)["id"]
        a, b = at_once(lambda: w.alice.post("games/%d/draw" % gid, {"action": "offer"}),
                       lambda: w.bob.post("games/%d/draw" % gid, {"action": "offer"}))
        win = expect_one_winner([a, b], 200, ("stale", "draw_offered"), "round %d" % rnd)
        expect_eq(stored_game(w, gid)[2], ("white", "black")[win], "round %d: the offer" % rnd)


@test
def resign_against_move():
    """White resigns while another client of his sends his move: the
    resignation is refused (409) when it was made on the position before
    the move, or comes after it; never a move stored in a game already
    over."""
    w = W()
    other = w.server.login("alice")
    for rnd in range(ROUNDS // 2):
        gid = game(w)["id"]
        resign, move = at_once(lambda: w.alice.post("games/%d/resign" % gid),
                               lambda: other.post("games/%d/moves" % gid, {"move": "d4"}))
        status, result = stored_game(w, gid)[:2]
        rows = stored_moves(w, gid)
        if resign.status == 200 and move.status == 201:
            # Both in turn: the move first, then the resignation.
            expect_eq((status, result, rows), ("finished", "0-1", [("d4", 0)]),
                      "round %d: moved, then resigned" % rnd)
        elif resign.status == 200:
            expect_409(move, ("stale", "game_over"), "round %d: the move" % rnd)
            expect_eq((status, result, rows), ("finished", "0-1", []), "round %d" % rnd)
        else:
            expect_409(resign, ("stale",), "round %d: the resignation" % rnd)
            expect_status(move, 201, "round %d: the move" % rnd)
            expect_eq((status, rows), ("active", [("d4", 0)]), "round %d" % rnd)


@test
def many_games_at_once():
    """Eight games played at the same time, a move at a time each: every
    move is answered 201 and every move is stored, in order."""
    w = W()
    line = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]
    gids = [game(w)["id"] for _ in range(8)]
    clients = [(w.server.login("alice"), w.server.login("bob")) for _ in gids]
    for i, mv in enumerate(line):
        rs = at_once(*[(lambda c=c, gid=gid: c[i % 2].post("games/%d/moves" % gid, {"move": mv}))
                       for c, gid in zip(clients, gids)])
        for gid, r in zip(gids, rs):
            expect_status(r, 201, "game %d, ply %d" % (gid, i + 1))
    for gid in gids:
        expect_eq([m[0] for m in stored_moves(w, gid)], line, "game %d: nothing lost" % gid)
        expect_eq(stored_game(w, gid)[4], len(line), "game %d: one revision a move" % gid)


@test
def moves_share_a_transaction_on_one_event_thread():
    """Issue 19, the asynchronous write step: a move hands its write to
    the writer thread and its event thread goes on with the next request,
    so with a single event thread (--threads 1) the moves of many games
    sent together are committed several to a transaction (before, the
    one thread waited for each commit: exactly one write a transaction).
    Every move is answered 201 and stored, and a stale one among them is
    still refused alone (its savepoint), the others standing."""
    w = World(own_server(TODAY, extra_env={"CORRCHESS_THREADS": "1"}))
    line = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]
    gids = [game(w)["id"] for _ in range(16)]
    clients = [(w.server.login("alice"), w.server.login("bob")) for _ in gids]
    writes0 = metric(w.tl, "corrchess_writes_total")
    trans0 = metric(w.tl, "corrchess_write_transactions_total")
    for i, mv in enumerate(line):
        calls = [(lambda c=c, gid=gid: c[i % 2].post("games/%d/moves" % gid, {"move": mv}))
                 for c, gid in zip(clients[1:], gids[1:])]
        # the first game gets the ply twice, both on the revision before
        # it: one wins, the other is a 409 and nothing else of the
        # transaction is undone
        twice = lambda c=clients[0], gid=gids[0], mv=mv, i=i: c[i % 2].post(
            "games/%d/moves" % gid, {"move": mv, "rev": i})
        rs = at_once(*([twice] + calls + [twice]))
        for gid, r in zip(gids[1:], rs[1:-1]):
            expect_status(r, 201, "game %d, ply %d" % (gid, i + 1))
        expect_one_winner([rs[0], rs[-1]], 201, ("stale",), "game %d, ply %d twice"
                          % (gids[0], i + 1))
    for gid in gids:
        expect_eq([m[0] for m in stored_moves(w, gid)], line, "game %d: nothing lost" % gid)
        expect_eq(stored_game(w, gid)[4], len(line), "game %d: one revision a move" % gid)
    writes = metric(w.tl, "corrchess_writes_total") - writes0
    trans = metric(w.tl, "corrchess_write_transactions_total") - trans0
    expect(writes >= len(line) * len(gids), "every move went through the writer: %r" % writes)
    expect(writes > trans, "%d writes in %d transactions: no transaction held two moves"
           % (writes, trans))


@test
def tl_result_against_move():
    """A TL sets a result (DSU 6.2.7) while the player to move moves:
    each write that succeeds is one revision of the game, none is lost and
    none is written over a state it did not see."""
    w = W()
    for rnd in range(ROUNDS // 2):
        gid = game(w)["id"]
        result, move = at_once(
            lambda: w.tl.post("games/%d/result" % gid, {"result": "0-1", "reason": "test race"}),
            lambda: w.alice.post("games/%d/moves" % gid, {"move": "d4"}))
        ok = [r for r in (result, move) if r.status in (200, 201)]
        for r in (result, move):
            if r.status not in (200, 201):
                expect_409(r, ("stale", "game_over"), "round %d" % rnd)
        status, res, _, _, rev = stored_game(w, gid)
        rows = stored_moves(w, gid)
        expect_eq(rev, len(ok), "round %d: one revision per write that succeeded" % rnd)
        expect_eq(rows, [("d4", 0)] if move.status == 201 else [], "round %d: moves" % rnd)
        if result.status == 200:
            expect_eq((status, res), ("finished", "0-1"), "round %d: the TL's result" % rnd)
            detail = w.server.db_rows("SELECT detail FROM audit WHERE game_id = ?", (gid,))
            expect_eq(detail, [("* -> 0-1 (adjudication, reported): test race",)],
                      "round %d: audit" % rnd)
        else:
            expect_eq((status, res), ("active", "*"), "round %d: the game goes on" % rnd)


@test
def sweep_against_move():
    """The daily sweep ends a game lost on time (server profile, DSU 6.3.3.3)
    while the player sends his move: the sweep's end is written only at
    the revision it judged, so either the game ended with no move of his
    after it, or his move is stored and the game was not ended from the
    position before it."""
    import subprocess
    w = W()
    for rnd in range(4):
        # White has had 60 days for his first move: over the 40 of move 10.
        gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", add_days(TODAY, -60))["id"]
        env = w.server.env()
        env["CORRCHESS_TODAY"] = TODAY

        def sweep():
            return subprocess.run([CORRCHESS, "--db", w.server.db, "sweep"],
                                  capture_output=True, text=True, env=env, timeout=120)
        move, swept = at_once(lambda: w.alice.post("games/%d/moves" % gid, {"move": "e4"}),
                              sweep)
        expect(move.status < 500, "round %d: no 5xx: %r" % (rnd, move))
        expect(swept.returncode == 0, "round %d: the sweep: %s" % (rnd, swept.stderr))
        status, result = stored_game(w, gid)[:2]
        rows = stored_moves(w, gid)
        term = w.server.db_rows("SELECT termination FROM games WHERE id = ?", (gid,))[0][0]
        if move.status == 201:
            # Then the sweep judged the game after the move (nothing due:
            # Black has just received it) or was stale.
            expect_eq((status, term, rows), ("active", None, [("e4", 0)]),
                      "round %d: the move stored, the game goes on" % rnd)
        else:
            # lost_on_time: the move came first and was refused as after the
            # forfeit date, which ends the game (DSU 6.3.3.3, issue 9)
            expect_409(move, ("stale", "game_over", "lost_on_time"), "round %d: the move" % rnd)
            expect_eq((status, result, term, rows), ("finished", "0-1", "time_forfeit", []),
                      "round %d: ended on time, no move after" % rnd)


@test
def stale_revision_refused():
    """A write that names the revision it was made on ("rev") is refused
    with 409 stale once the game has moved on, and changes nothing."""
    w = W()
    gid = game(w)["id"]
    g = play(w.alice, gid, "e4")
    expect_eq(g["rev"], 1, "one revision after one move")
    r = w.bob.post("games/%d/moves" % gid, {"move": "e5", "rev": 0})
    expect_error(r, 409, "stale", "an old revision")
    expect_eq(len(stored_moves(w, gid)), 1, "nothing stored")
    r = w.bob.post("games/%d/moves" % gid, {"move": "e5", "rev": "1"})
    expect_error(r, 422, "invalid_field", "rev must be an integer")
    g = play(w.bob, gid, "e5", rev=1)
    expect_eq(g["rev"], 2, "the current revision is taken")
    r = w.alice.post("games/%d/draw" % gid, {"action": "offer", "rev": 1})
    expect_error(r, 409, "stale", "a draw offer on an old revision")
    r = w.alice.post("games/%d/resign" % gid, {"rev": 1})
    expect_error(r, 409, "stale", "a resignation on an old revision")
    expect_eq(stored_game(w, gid)[:2], ("active", "*"), "the game goes on")


if __name__ == "__main__":
    run_tests()
