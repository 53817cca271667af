#!/usr/bin/env python3
"""The cache of written GAMEs (server/api/game_json.c, issue 25): a game
GET answered from it says what writing the GAME again would say, to
whom it says it (the hidden series follows the seat), and with the tag
of its own bytes."""
import hashlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"


def W():
    return shared_world("answers", today=TODAY)


def tag_of(body):
    return '"%s"' % hashlib.blake2b(body, digest_size=16).hexdigest()


@test
def the_series_follows_the_seat_between_cached_reads():
    """On the server profile a pending series is its proposer's alone:
    read by the proposer, the opponent and a bystander in turn, twice,
    each sees what is his (a copy of the proposer's answer would show
    the series to the others)."""
    w = W()
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)["id"]
    play(w.alice, gid, "e4", series=["e5", "Nf3"])
    for _ in range(2):
        mine = get_game(w.alice, gid)
        expect_eq(mine["series"], {"by": "white", "moves": ["5755", "7163"]},
                  "the proposer sees his series")
        for who in (w.bob, w.carol, w.tl):
            expect_eq(get_game(who, gid)["series"], None, "the others do not")


@test
def the_tag_is_the_tag_of_the_bytes():
    """Two reads of one revision: the same bytes, and an ETag that is the
    BLAKE2b-128 of those bytes (the tag negotiate.c computes), so a
    revalidation answers 304 and a changed game 200 with a new tag."""
    w = W()
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)["id"]
    play_line(w.alice, w.bob, gid, ["d4", "d5", "c4"])
    first = w.carol.get("games/%d" % gid)
    second = w.carol.get("games/%d" % gid)
    expect_status(second, 200, "a second read")
    expect_eq(second.text.encode(), first.text.encode(), "the same bytes")
    tag = second.headers.get("ETag")
    expect_eq(tag, tag_of(second.text.encode()), "the tag of the bytes")
    expect_eq(first.headers.get("ETag"), tag, "the first read's tag as well")
    r = w.carol.get("games/%d" % gid, headers={"If-None-Match": tag})
    expect_status(r, 304, "revalidated")
    play(w.bob, gid, "e6")
    r = w.carol.get("games/%d" % gid, headers={"If-None-Match": tag})
    expect_status(r, 200, "changed")
    expect(r.headers.get("ETag") != tag, "a new tag")
    expect_eq(r.headers.get("ETag"), tag_of(r.text.encode()), "the tag of the new bytes")


@test
def a_change_without_a_new_revision_shows():
    """Special leave granted for the side to move (DSU 6.3.6) changes the
    clock the GAME shows; whatever the revision does, the next read
    shows the leave, not a kept copy of the answer before it."""
    w = W()
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-email", "2027-08-01")["id"]
    play(w.alice, gid, "e4", sent="2027-08-02")
    before = get_game(w.carol, gid)
    expect_eq(get_game(w.carol, gid), before, "a cached read")
    r = w.tl.post("vacations", {"user": w.ids["bob"], "start": TODAY, "end": "2027-09-10",
                                "kind": "special_leave"})
    expect_status(r, 201, "special leave for Black")
    after = get_game(w.carol, gid)
    expect(after["clock"]["black"] != before["clock"]["black"],
           "Black's clock after the leave: %r, before %r" % (after["clock"]["black"],
                                                             before["clock"]["black"]))


@test
def a_corrected_move_date_shows_in_the_next_read():
    """The kept answer stands for its revision, the moves included (they
    are not hashed: store/game_cache.h).  A TL's correction of a stated
    date (DSU 6.2.1.1 c) changes a stored move and the revision; a read
    from another client after it shows the new date and days, not the
    answer kept before."""
    w = W()
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "dsu-post", "2027-08-02")["id"]
    play(w.alice, gid, "e4", received="2027-08-02", sent="2027-08-05")
    play(w.bob, gid, "e5", received="2027-08-09", sent="2027-08-10")
    before = get_game(w.carol, gid)
    expect_eq(get_game(w.carol, gid), before, "a cached read")
    r = w.tl.request("PATCH", "games/%d/moves/1" % gid,
                     body={"sent": "2027-08-03", "reason": "the postmark (6.2.1.1 c)"})
    expect_status(r, 200, "the TL corrects 1.e4's sent date")
    after = get_game(w.carol, gid)
    expect_eq(after["moves"][0]["sent"], "2027-08-03", "the corrected date")
    expect(after["moves"][0]["days"] != before["moves"][0]["days"],
           "the days follow: %r, before %r" % (after["moves"][0]["days"],
                                               before["moves"][0]["days"]))
    expect_eq(after, r.json, "the read says what the correction's answer said")


if __name__ == "__main__":
    run_tests()
