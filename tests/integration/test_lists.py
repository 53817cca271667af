#!/usr/bin/env python3
"""Paging of every list (API.md "Lists"): `limit` (default 50, at most
500) and `after` (the opaque `next` of the page before), `next` null on
the last page; following `next` gives every item once, in order, so
nothing is cut silently.  Against the real daemon."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"


def W():
    return shared_world("lists", today=TODAY)


def walk(client, path, key, limit=None):
    """Follows next from the first page; returns (items, pages)."""
    items, pages, after = [], 0, None
    while True:
        q = []
        if limit is not None:
            q.append("limit=%d" % limit)
        if after is not None:
            q.append("after=%s" % after)
        sep = "&" if "?" in path else "?"
        r = client.get(path + (sep + "&".join(q) if q else ""))
        expect_status(r, 200, "%s page %d" % (path, pages + 1))
        expect("next" in r.json, "%s answers next: %r" % (path, list(r.json)))
        items.extend(r.json[key] if isinstance(key, str) else key(r.json))
        pages += 1
        after = r.json["next"]
        if after is None:
            return items, pages
        expect(isinstance(after, str) and after, "next is a cursor string: %r" % (after,))
        expect(pages < 1000, "paging ends")


@test
def games_of_a_player_page_by_page():
    w = W()
    gids = [new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)["id"] for _ in range(55)]
    path = "games?player=%d" % w.ids["alice"]
    r = w.tl.get(path)
    expect_eq(len(r.json["games"]), 50, "the default limit is 50")
    expect(r.json["next"] is not None, "and says there is more")
    for g in r.json["games"]:
        expect_game_shape(g)
    items, pages = walk(w.tl, path, "games", limit=7)
    ids = [g["id"] for g in items]
    expect_eq(ids, sorted(gids, reverse=True), "every game once, newest first")
    expect_eq(pages, 8, "55 games in pages of 7")
    items, pages = walk(w.tl, path, "games", limit=500)
    expect_eq((len(items), pages), (55, 1), "one page of up to 500")
    items, pages = walk(w.tl, path, "games", limit=55)
    expect_eq((len(items), pages), (55, 1), "an exact page: next is null at once")
    for bad in ("limit=0", "limit=501", "limit=x", "limit=", "after=x", "after=0", "after=-5",
                "after=1%2C2"):
        expect_error(w.tl.get(path + "&" + bad), 422, "invalid_field", bad)


@test
def tournaments_page_by_page():
    w = W()
    made = []
    for i in range(6):
        r = w.tl.post("tournaments", {"name": "T%d" % i, "kind": "round_robin",
                                      "profile": "server", "start_date": TODAY,
                                      "players": [w.ids["alice"], w.ids["bob"], w.ids["carol"]]})
        expect_status(r, 201, "tournament %d" % i)
        made.append(r.json["id"])
    items, pages = walk(w.alice, "tournaments", "tournaments", limit=4)
    ids = [t["id"] for t in items]
    expect(set(made) <= set(ids), "every tournament listed")
    expect_eq(ids, sorted(set(ids), reverse=True), "once each, newest first")
    expect(pages >= 2, "more than one page of 4")
    expect_error(w.alice.get("tournaments?limit=9999"), 422, "invalid_field", "limit 9999")


@test
def tl_overview_page_by_page():
    """A silent game is on its page of the overview; every game's findings
    come once whatever the page size."""
    srv = Server(today="2027-01-04").start()
    try:
        w = World(srv)
        gids = [new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", "2027-01-04")["id"]
                for _ in range(9)]
        srv.restart(today="2027-06-01")  # months later: every game is overdue or silent
        w.relogin()

        def findings(j):
            return [(k, it["game"], it["player"]["id"]) for k in
                    ("overdue", "silent", "forfeits", "adjudication_due") for it in j[k]]

        whole, pages = walk(w.tl, "tl/overview", findings, limit=500)
        expect_eq(pages, 1, "one page")
        expect(set(g for _, g, _ in whole) == set(gids), "every game has a finding: %r" % whole)
        paged, pages = walk(w.tl, "tl/overview", findings, limit=2)
        expect_eq(sorted(paged), sorted(whole), "the same findings, in pages of 2 games")
        expect_eq(pages, 5, "9 games in pages of 2")
        expect_error(w.tl.get("tl/overview?after=zz"), 422, "invalid_field", "a bad cursor")
    finally:
        srv.close()


if __name__ == "__main__":
    run_tests()
