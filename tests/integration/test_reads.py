#!/usr/bin/env python3
"""The read side of issue 25 against the real daemon: the cache of
replayed games by (id, rev) never serves an old revision, whichever path
wrote (a move over HTTP from another connection, a move over Xfcc, a
corrected move date, a TL penalty, a vacation) and stays inside its
budget; GET /games?view=summary says what the full GAME says without a
replay; /metrics reads the active games from the counters."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "xfcc"))
from harness import *  # noqa: E402,F401,F403
import xfcc_util  # noqa: E402

TODAY = "2027-09-01"


def W():
    return shared_world("reads", today=TODAY)


def moves_of(g):
    return [m["san"] for m in g["moves"]]


@test
def the_cache_serves_no_old_revision_after_a_move():
    """Each GET comes over a connection of its own (urllib), the moves
    over others; after every write the next read shows it, at the new
    rev, and the reads between the writes are cache hits."""
    w = W()
    g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)
    gid = g["id"]
    line = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]
    hits0 = metric(w.tl, "corrchess_game_cache_hits_total")
    seen = []
    for i, san in enumerate(line):
        before = get_game(w.carol, gid)
        again = get_game(w.alice, gid)  # the same revision: from the cache
        expect_eq(again, before, "two reads of one revision")
        mover = w.alice if i % 2 == 0 else w.bob
        after_move = play(mover, gid, san)
        seen.append(san)
        now = get_game(w.carol, gid)
        expect_eq(moves_of(now), seen, "the read after move %d shows it" % (i + 1))
        expect_eq(now["rev"], before["rev"] + 1, "and its revision")
        expect_eq(now["fen"], after_move["fen"], "the position the move answered")
        expect_eq(now["moves"], after_move["moves"], "the moves the move answered")
    expect(metric(w.tl, "corrchess_game_cache_hits_total") >= hits0 + len(line),
           "the reads of an unchanged revision came from the cache")
    # A move keeps the game it committed (svc_game.c): the next move's
    # load, and the read after it, replay nothing.
    misses = metric(w.tl, "corrchess_game_cache_misses_total")
    play(w.alice, gid, "Re1")
    play(w.bob, gid, "b5")
    expect_eq(moves_of(get_game(w.carol, gid)), line + ["Re1", "b5"], "the moves after")
    expect_eq(metric(w.tl, "corrchess_game_cache_misses_total"), misses,
              "two moves and a read without a replay")
    line = line + ["Re1", "b5"]
    listed = w.carol.get("games?player=%d" % w.ids["alice"])
    expect_status(listed, 200, "the list")
    mine = [x for x in listed.json["games"] if x["id"] == gid]
    expect_eq(moves_of(mine[0]), line, "the full list shows the last revision too")


@test
def the_cache_serves_no_old_revision_after_other_writes():
    """Xfcc's MakeAMove, a TL's date correction (it changes a stored move
    row), a penalty and a vacation (records and stops, read at every
    load): each read after shows the change."""
    w = W()
    g = new_game(w.tl, w.ids["alice"], w.ids["carol"], "dsu-email", "2027-08-01")
    gid = g["id"]
    play(w.alice, gid, "d4", sent="2027-08-02")
    play(w.carol, gid, "d5", sent="2027-08-04")
    cached = get_game(w.bob, gid)
    get_game(w.bob, gid)
    # Xfcc: the other write path (server/xfcc), its own connection.
    body = xfcc_util.call("MakeAMove", xfcc_util.make_a_move(
        "alice", xfcc_util.password_of("alice"), gid, "c4", 2))
    r = xfcc_util.post_xfcc(w.server, body, soap_action="http://www.bennedik.com/webservices/XfccBasic/MakeAMove")
    expect_eq(r.result, "Success", "MakeAMove c4: %r" % (r,))
    now = get_game(w.bob, gid)
    expect_eq(moves_of(now), ["d4", "d5", "c4"], "the read after Xfcc's move shows it")
    expect_eq(now["rev"], cached["rev"] + 1, "at the next revision")
    # A longer e-mail transmission (6.8.2): a stored move row changes.
    ply2 = now["moves"][1]
    later = add_days(ply2["received"], 1)
    r = w.tl.request("PATCH", "games/%d/moves/2" % gid,
                     body={"received": later, "reason": "the mail came late"})
    expect_status(r, 200, "the TL dates move 2 later")
    now2 = get_game(w.bob, gid)
    expect_eq(now2["moves"][1]["received"], later, "the read shows the corrected date")
    expect(now2["rev"] > now["rev"], "at a newer revision")
    # A penalty: a record, no move changed.
    r = w.tl.post("games/%d/penalty" % gid, {"color": "black", "days": 5, "reason": "test"})
    expect_status(r, 201, "a penalty")
    now3 = get_game(w.bob, gid)
    expect_eq(now3["clock"]["black"]["penalty_days"], now2["clock"]["black"]["penalty_days"] + 5,
              "the read shows the penalty")
    expect_eq(moves_of(now3), ["d4", "d5", "c4"], "and the same moves")


@test
def the_cache_stays_inside_its_budget():
    """A daemon with a 48 KiB cache, 30 games of 20 plies read twice each:
    the bytes held never pass the budget, fewer games are held than were
    read, and every answer is the game (the same as with no cache)."""
    line = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3", "d6",
            "O-O", "O-O", "Re1", "a6", "Bb3", "Ba7", "h3", "h6", "Nbd2", "Re8"]
    answers = {}
    for kb in ("48", "0"):
        with Server(today=TODAY, extra_env={"CORRCHESS_GAME_CACHE_KB": kb}) as srv:
            srv.start()
            ids = {}
            for name, role in (("tl", "tl"), ("ann", "player"), ("ben", "player")):
                ids[name], _ = srv.add_user(name, role)
            tl, ann, ben = srv.login("tl"), srv.login("ann"), srv.login("ben")
            gids = [new_game(tl, ids["ann"], ids["ben"], "server", TODAY)["id"]
                    for _ in range(30)]
            for gid in gids:
                play_line(ann, ben, gid, line)
            for _ in range(2):
                for gid in gids:
                    answers.setdefault(kb, {})[gid] = get_game(ben, gid)
            budget = metric(tl, "corrchess_game_cache_budget_bytes")
            held = metric(tl, "corrchess_game_cache_bytes")
            entries = metric(tl, "corrchess_game_cache_entries")
            expect_eq(budget, int(kb) * 1024, "the budget of CORRCHESS_GAME_CACHE_KB")
            expect(held <= budget, "the cache holds %d bytes, at most its %d" % (held, budget))
            if kb == "0":
                expect_eq((held, entries), (0, 0), "no cache: nothing held")
                expect_eq(metric(tl, "corrchess_game_cache_hits_total"), 0, "and no hit")
            else:
                expect(0 < entries < 30, "some of the 30 games held, not all: %d" % entries)
                expect(metric(tl, "corrchess_game_cache_hits_total") > 0, "some reads hit")
    for gid, g in answers["48"].items():
        expect_eq(moves_of(g), line, "game %d read with the small cache" % gid)
        expect_eq(g["fen"], answers["0"][gid]["fen"], "the same as without a cache")


def expect_summary_shape(s):
    keys = {"id", "rev", "event", "profile", "start_date", "tournament", "white", "black",
            "status", "result", "termination", "to_move", "plies", "last_move", "draw_offer",
            "forfeit_date", "days_left"}
    expect_eq(set(s), keys, "GAME_SUMMARY's members")
    expect_user(s["white"])
    expect_user(s["black"])


@test
def the_summary_says_what_the_game_says():
    """GET /games?player=&view=summary: for games new, played, with a draw
    offer, finished and in a tournament, each summary's fields are the full
    GAME's (its days_left the running clock's left_days, server profile),
    page by page like the full list; a view that is neither is 422."""
    w = W()
    ids = w.ids
    a = new_game(w.tl, ids["bob"], ids["carol"], "server", TODAY)["id"]
    b = new_game(w.tl, ids["carol"], ids["bob"], "server", TODAY, event="Summer Cup")["id"]
    play_line(w.carol, w.bob, b, ["e4", "c5", "Nf3"])
    c = new_game(w.tl, ids["bob"], ids["carol"], "server", TODAY)["id"]
    play(w.bob, c, "d4")
    r = w.carol.post("games/%d/moves" % c, {"move": "d5"})
    expect_status(r, 201, "d5")
    r = w.bob.post("games/%d/draw" % c, {"action": "offer"})
    d = new_game(w.tl, ids["carol"], ids["bob"], "server", TODAY)["id"]
    play(w.carol, d, "e4")
    expect_status(w.bob.post("games/%d/resign" % d), 200, "resign")
    r = w.tl.post("tournaments", {"name": "R", "kind": "round_robin", "profile": "server",
                                  "start_date": TODAY,
                                  "players": [ids["bob"], ids["carol"], ids["alice"]]})
    expect_status(r, 201, "a tournament")
    full = {}
    after = None
    while True:
        q = "games?player=%d&limit=3" % ids["bob"] + ("&after=%s" % after if after else "")
        r = w.carol.get(q)
        expect_status(r, 200, "the full list")
        for g in r.json["games"]:
            full[g["id"]] = g
        after = r.json["next"]
        if not after:
            break
    summaries, pages, after = [], 0, None
    while True:
        q = "games?player=%d&view=summary&limit=3" % ids["bob"] + \
            ("&after=%s" % after if after else "")
        r = w.carol.get(q)
        expect_status(r, 200, "the summary list")
        summaries.extend(r.json["games"])
        pages += 1
        after = r.json["next"]
        if not after:
            break
    expect_eq([s["id"] for s in summaries], sorted(full, reverse=True),
              "the same games as the full list, newest first")
    expect(pages >= 2, "in pages of 3")
    for s in summaries:
        expect_summary_shape(s)
        g = full[s["id"]]
        for k in ("rev", "event", "profile", "start_date", "tournament", "white", "black",
                  "status", "result", "termination", "to_move", "draw_offer"):
            expect_eq(s[k], g[k], "game %d: %s" % (g["id"], k))
        expect_eq(s["plies"], len(g["moves"]), "game %d: plies" % g["id"])
        if g["moves"]:
            m = g["moves"][-1]
            expect_eq(s["last_move"], {"ply": m["ply"], "color": m["color"], "san": m["san"],
                                       "iccf": m["iccf"], "sent": m["sent"]},
                      "game %d: the last move" % g["id"])
        else:
            expect(s["last_move"] is None, "game %d: no last move" % g["id"])
        clock = g["clock"][g["to_move"]]
        if g["status"] == "active":
            expect_eq(s["forfeit_date"], clock["forfeit_date"], "game %d: forfeit_date" % g["id"])
            expect_eq(s["days_left"], clock["left_days"], "game %d: days_left" % g["id"])
        else:
            expect_eq((s["forfeit_date"], s["days_left"]), (None, None),
                      "game %d: finished, no dates" % g["id"])
    by_id = {s["id"]: s for s in summaries}
    expect_eq(by_id[c]["draw_offer"], "white", "the offer in game %d" % c)
    expect_eq(by_id[d]["result"], "1-0", "the resigned game")
    expect_eq(by_id[b]["event"], "Summer Cup", "the event")
    expect_eq(w.carol.get("games?player=%d&view=full" % ids["bob"]).json, w.carol.get(
        "games?player=%d" % ids["bob"]).json, "view=full is the default")
    for bad in ("view=", "view=short", "view=SUMMARY"):
        expect_error(w.carol.get("games?player=%d&%s" % (ids["bob"], bad)), 422,
                     "invalid_field", bad)


@test
def metrics_count_the_active_games_from_the_counters():
    """corrchess_active_games is migration 0017's counter: right after
    games start and end, and it is not a count of the table (a row the
    counter does not know of is not counted: the counter alone is read)."""
    with Server(today=TODAY) as srv:
        srv.start()
        ids = {}
        for name, role in (("tl", "tl"), ("ann", "player"), ("ben", "player")):
            ids[name], _ = srv.add_user(name, role)
        tl, ann = srv.login("tl"), srv.login("ann")
        gids = [new_game(tl, ids["ann"], ids["ben"], "server", TODAY)["id"] for _ in range(4)]
        expect_eq(metric(tl, "corrchess_active_games"), 4, "four games started")
        expect_status(ann.post("games/%d/resign" % gids[0]), 200, "resign")
        expect_eq(metric(tl, "corrchess_active_games"), 3, "one ended")
        srv.db_exec("UPDATE counters SET value = 41 WHERE name = 'active_games'")
        expect_eq(metric(tl, "corrchess_active_games"), 41, "the counter is what is read")


if __name__ == "__main__":
    run_tests()
