#!/usr/bin/env python3
"""Who may do what (docs/AUTHORITY.md, issue 19), through HTTP against the
real corrchessd: every cell of the game rows (a player's acts from his
seat, the reads, a TL's acts on a game), of the vacation rows and of
overview and game_create, run by authority_matrix.run_row() - a refusal
answers exactly its 401/403 code and changes no row of the database, a
"yes" is never refused by the policy and, where the rules allow it, is
done.  Then what the table leaves out: the overview lists only what a TL
leads, the hidden series follows the seat, a standalone game is led by
the TL who made it, a period's authority reaches every game it stops.

Last, the holes issue 19 names ("Why"), each a test of its own on a small
world (no kc: it runs on a daemon from before the kc role too, to show
the hole there): a TL acting on a tournament he does not lead, a TL who
plays acting on his own game or himself, a TL who plays seeing the
hidden series, a standalone game's result set by any TL.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
from authority_matrix import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
START = "2027-08-20"  # the scenes' games started before today (dates to correct)
REASON = "decided by the tournament leader"

_world = []


def W():
    """The matrix world: one daemon for every row (fresh scenes per cell)."""
    if not _world:
        srv = own_server(TODAY)
        _world.append(MatrixWorld(srv, start_date=START))
    return _world[0]


def gpath(w, column, tail=""):
    return "games/%d%s" % (w.game(column), tail)


def white_of(w, column):
    """The client of White in world.game(column)."""
    return w.client("TL who is a side" if w.is_side(column) else "white")


def game_now(w, column):
    r = w.root.get(gpath(w, column))
    expect_status(r, 200, "the scene's game")
    return r.json


def white_moved(w, column, **kw):
    """White's first move in world.game(column), once (prepare may run
    several times on one scene)."""
    if not game_now(w, column)["moves"]:
        play(white_of(w, column), w.game(column), "e4", **kw)


def black_to_move(w, column):
    """prepare: black acts when it is his turn."""
    if w.seat(column) == "black":
        white_moved(w, column)


def row_done(command, status, perform, **kw):
    """The row of command (run_row()); each cell allowed and possible is
    done with that status.  Returns the answers by column."""
    a = run_row(W(), command, perform, **kw)
    expect_done(a, (status,), command)
    return a


def expect_done(answers, statuses, what):
    """The "yes" cells the rules allow too: done, with that status."""
    for column, r in answers.items():
        if r.status < 400:
            continue
        row = matrix()[what]
        if row.cells[column] == "yes":
            raise AssertionError("%s by %s: allowed and possible, yet %r" % (what, column, r))
    for column, r in answers.items():
        if matrix()[what].cells[column] == "yes":
            expect(r.status in statuses, "%s by %s: %r" % (what, column, r))


# ------------------------------------------------ a player's acts in a game

@test
def move():
    w = W()

    def perform(w, column, client):
        return client.post(gpath(w, column, "/moves"),
                           {"move": "e5" if w.seat(column) == "black" else "e4"})

    a = run_row(w, "move", perform, prepare=black_to_move)
    expect_done(a, (201,), "move")


@test
def draw():
    w = W()
    a = run_row(w, "draw", lambda w, c, cl: cl.post(gpath(w, c, "/draw"), {"action": "offer"}))
    expect_done(a, (200, 201), "draw")
    # The accept of an offer standing: the opponent's from his seat.

    def offer(w, column):
        g = game_now(w, column)
        if g["draw_offer"] is None:
            expect_status(w.client("black").post(gpath(w, column, "/draw"),
                                                 {"action": "offer"}), 200, "black offers")

    a = run_row(w, "draw", lambda w, c, cl: cl.post(gpath(w, c, "/draw"), {"action": "accept"}),
                prepare=offer, columns=[c for c in COLUMNS if c != "black"])
    for c in ("white", "TL who is a side"):
        expect_eq((a[c].status, a[c].json["result"], a[c].json["termination"]),
                  (200, "1/2-1/2", "agreement"), "draw accepted by " + c)


@test
def resign():
    w = W()
    a = run_row(w, "resign", lambda w, c, cl: cl.post(gpath(w, c, "/resign")))
    expect_done(a, (200, 201), "resign")
    expect_eq(a["black"].json["result"], "1-0", "black resigned")


@test
def claim():
    w = W()
    a = run_row(w, "claim", lambda w, c, cl: cl.post(gpath(w, c, "/claim"),
                                                      {"type": "threefold"}),
                prepare=black_to_move)
    # Allowed, and refused by the rule: the position has not come three times.
    for c in matrix()["claim"].allowed():
        if c != "anonymous":
            expect_error(a[c], 422, "claim_rejected", "claim by " + c)


def series_by_seat(w, column):
    """prepare: a pending series of the actor (White's for the rest)."""
    if game_now(w, column)["moves"]:
        return
    if w.seat(column) == "black":
        play(white_of(w, column), w.game(column), "e4")
        play(w.client("black"), w.game(column), "e5", series=["Nf3", "Nc6"])
    else:
        play(white_of(w, column), w.game(column), "e4", series=["e5", "Nf3"])


@test
def series_cancel():
    w = W()
    a = run_row(w, "series_cancel", lambda w, c, cl: cl.request("DELETE", gpath(w, c, "/series")),
                prepare=series_by_seat, scene={"series_cancellable": True})
    for c in ("white", "black", "TL who is a side"):
        expect_eq((a[c].status, a[c].json["series"]), (200, None), "series cancelled by " + c)


@test
def notice():
    row_done("notice", 201, lambda w, c, cl: cl.post(gpath(w, c, "/notice"), {"days": 20}),
             prepare=black_to_move)


@test
def reminder():
    w = W()
    a = run_row(w, "reminder", lambda w, c, cl: cl.post(gpath(w, c, "/reminder"), {}),
                profile="dsu-post")
    # Allowed; the rules answer (White is to move; Black's reminder is not due).
    expect_error(a["white"], 409, "your_turn", "white reminds while to move")
    expect_error(a["black"], 422, "too_early", "black reminds too early")


# ------------------------------------------------------------- reads

@test
def game_read():
    w = W()
    for tail in ("", "/pgn", "/transcript"):
        a = run_row(w, "game_read", lambda w, c, cl: cl.get(gpath(w, c, tail)),
                    fresh_each=False)
        expect_done(a, (200,), "game_read")


@test
def messages_read():
    row_done("messages_read", 200, lambda w, c, cl: cl.get(gpath(w, c, "/messages")),
             fresh_each=False)


@test
def message_post():
    row_done("message_post", 201,
             lambda w, c, cl: cl.post(gpath(w, c, "/messages"), {"text": "a word from " + c}))


@test
def audit_read():
    row_done("audit_read", 200, lambda w, c, cl: cl.get(gpath(w, c, "/audit")),
             fresh_each=False)


# ------------------------------------------------------ a TL's acts on a game

@test
def result():
    a = row_done("result", 200, lambda w, c, cl: cl.post(gpath(w, c, "/result"),
                                                        {"result": "1-0", "reason": REASON}))
    expect_eq(a["admin"].json["termination"], "adjudication", "the admin's result")


@test
def penalty():
    a = row_done("penalty", 201, lambda w, c, cl: cl.post(gpath(w, c, "/penalty"), {
        "color": "black", "days": 3, "reason": REASON}))
    expect_eq(a["game's TL"].json["clock"]["black"]["penalty_days"], 3, "black's penalty")


@test
def move_dates():
    a = row_done("move_dates", 200,
                 lambda w, c, cl: cl.request("PATCH", gpath(w, c, "/moves/1"), {
                     "sent": "2027-08-21", "reason": REASON}),
                 prepare=lambda w, c: white_moved(w, c, sent="2027-08-23"), profile="dsu-post")
    expect_eq(a["admin"].json["moves"][0]["sent"], "2027-08-21", "the corrected date")


@test
def holiday_play():
    row_done("holiday_play", 200, lambda w, c, cl: cl.post(gpath(w, c, "/holiday_play"), {
        "agreed": True, "reason": REASON}), profile="dsu-post")


# ------------------------------------------------------------- vacations

_window = [0]


def window():
    """A fresh span of two days, after the notice (DSU 6.3.6.1: 6 days by
    post), overlapping no other span of the run."""
    k = _window[0]
    _window[0] += 1
    first = add_days(TODAY, 10 + 3 * k)
    return first, add_days(first, 1)


def plays_in_scene(w, column):
    return w.seat(column) is not None


def vacation_body(w, column, **kw):
    first, last = window()
    body = {"start": first, "end": last}
    if plays_in_scene(w, column) or "user" in kw:
        body["tournament"] = w.tournament(column)  # DSU 6.3.6: a postal one names it
    body.update(kw)
    return body


@test
def vacation_own():
    w = W()
    a = row_done("vacation_own", 201, lambda w, c, cl: cl.post("vacations", vacation_body(w, c)),
                 profile="dsu-post")
    t = a["black"].json["tournament"]
    expect_eq(w.server.db_rows("SELECT t.profile, t.tl_id FROM tournaments t JOIN"
                               " tournament_players p ON p.tournament_id = t.id"
                               " WHERE t.id = ? AND p.user_id = ?", (t, w.ids["black"])),
              [("dsu-post", w.ids["game's TL"])], "black's postal vacation belongs to his scene")


def yesterday():
    return add_days(TODAY, -1)


@test
def vacation_for():
    w = W()
    # For black (the side: himself), with a notice sent earlier by post:
    # from black himself too, the earlier notice makes it a TL's act.
    a = run_row(w, "vacation_for", lambda w, c, cl: cl.post("vacations", vacation_body(
        w, c, user=w.subject(c), notice_on=yesterday())), profile="dsu-post")
    expect_done(a, (201,), "vacation_for")
    for c in ("game's TL", "admin"):
        expect_eq((a[c].json["user"], a[c].json["notice_on"]), (w.ids["black"], yesterday()),
                  "the period %s entered" % c)
    audit = w.server.db_rows("SELECT user_id, action FROM audit WHERE action ="
                             " 'vacation_entered'")
    expect(set(u for u, _ in audit) == {w.ids["game's TL"], w.ids["admin"]},
           "a TL's entry is audited, by him: %r" % (audit,))
    # Without the earlier notice, another player's period by a player is
    # still vacation_for (forbidden); his own with today's notice is his.
    b = w.client("black")
    expect_error(w.client("white").post("vacations", vacation_body(w, "white",
                                                                   user=w.ids["black"])),
                 403, "forbidden", "white books black's vacation")
    expect_status(b.post("vacations", vacation_body(w, "black", notice_on=TODAY)), 201,
                  "black's own, noticed today")
    expect_error(b.post("vacations", vacation_body(w, "black", notice_on=add_days(TODAY, 1))),
                 422, "invalid_date", "a notice in the future")


@test
def special_leave():
    w = W()
    a = row_done("special_leave", 201, lambda w, c, cl: cl.post("vacations", vacation_body(
        w, c, user=w.subject(c), kind="special_leave")), profile="dsu-post")
    expect_eq(a["game's TL"].json["kind"], "special_leave", "granted")
    # A player asking for his own special leave is refused too.
    expect_error(w.client("black").post("vacations", vacation_body(w, "black",
                                                                   kind="special_leave")),
                 403, "forbidden", "black's own special leave")


# ------------------------------------------------------------- the rest

@test
def overview():
    row_done("overview", 200, lambda w, c, cl: cl.get("tl/overview"), fresh_each=False)


@test
def game_create():
    w = W()
    a = row_done("game_create", 201, lambda w, c, cl: cl.post("games", {
        "white": w.ids["white"], "black": w.ids["black"], "profile": "server",
        "start_date": TODAY}), fresh_each=False)
    # docs/AUTHORITY.md rule 2: a game made by a TL is led by him.
    for c in ("game's TL", "other TL", "TL who is a side", "admin"):
        gid = a[c].json["id"]
        expect_eq(w.server.db_rows("SELECT led_by FROM games WHERE id = ?", (gid,)),
                  [(w.ids[c],)], "the game %s made" % c)


@test
def every_row_here_or_elsewhere():
    """The rows this file runs are rows of the table, and every game row
    is among them; the tournament and user rows have their own test."""
    here = {"move", "draw", "resign", "claim", "series_cancel", "notice", "reminder",
            "message_post", "game_read", "messages_read", "audit_read", "result", "penalty",
            "move_dates",
            "holiday_play", "vacation_own", "vacation_for", "special_leave", "overview",
            "game_create"}
    rows = set(matrix())
    expect(here <= rows, "rows run here that the table lacks: %r" % (here - rows,))
    game_rows = {r for r, row in matrix().items() if row.acts_on == "game"}
    expect_eq(game_rows - here, set(), "the game rows not run here")


# --------------------------------------- what the table leaves out, tested

def ids_in_overview(client, **query):
    q = "&".join("%s=%s" % kv for kv in query.items())
    r = client.get("tl/overview" + ("?" + q if q else ""))
    expect_status(r, 200, "overview")
    out = set()
    for key, items in r.json.items():
        if isinstance(items, list):
            out |= {i["game"] for i in items if isinstance(i, dict) and i.get("game")}
    return out


@test
def overview_lists_only_what_he_leads():
    srv = own_server("2027-11-01")
    w = MatrixWorld(srv, profile="dsu-post", start_date="2027-09-01")
    tl1, tl2, tl3 = (w.client(c) for c in ("game's TL", "other TL", "TL who is a side"))
    mine1 = new_game(tl1, w.ids["white"], w.ids["black"], profile="dsu-post",
                     start_date="2027-09-01")["id"]
    mine2 = new_game(tl2, w.ids["white"], w.ids["other player"], profile="dsu-post",
                     start_date="2027-09-01")["id"]
    nobodys = new_game(w.root, w.ids["black"], w.ids["other player"], profile="dsu-post",
                       start_date="2027-09-01")["id"]
    srv.db_exec("UPDATE games SET led_by = NULL WHERE id = ?", (nobodys,))  # before 0014
    every = {w.scene.game, w.scene.side_game, w.other_game, mine1, mine2,
             nobodys}
    expect(every <= ids_in_overview(w.client("admin")),
           "the admin sees every game: %r" % (ids_in_overview(w.client("admin")),))
    expect_eq(ids_in_overview(tl1) & every, {w.scene.game, mine1}, "the game's TL")
    expect_eq(ids_in_overview(tl2) & every, {w.other_game, mine2}, "the other TL")
    expect_eq(ids_in_overview(tl3) & every, {w.scene.side_game}, "the TL who is a side")
    expect_eq(ids_in_overview(tl1, tournament=w.scene.tournament), {w.scene.game},
              "his tournament")
    expect_error(tl1.get("tl/overview?tournament=%d" % w.other_tournament), 403,
                 "not_your_tournament", "another TL's tournament")


@test
def the_hidden_series_follows_the_seat():
    """DSU 6.2.5 as docs/RULES.md reads it, docs/AUTHORITY.md rule 5: on
    the server profile only the proposer sees his pending series, whoever
    else looks."""
    w = W()
    w.new_scene("server")
    for column in ("white", "TL who is a side"):
        gid = w.game(column)
        play(white_of(w, column), gid, "e4")
        play(w.client("black"), gid, "e5", series=["Nf3", "Nc6"])
        for c in COLUMNS[:-1]:
            g = w.client(c).get("games/%d" % gid).json
            seen = g["series"] is not None
            expect_eq(seen, c == "black", "%s sees the series in the game of %s" % (c, column))


@test
def a_standalone_game_is_led_by_its_maker():
    w = W()
    tl1, tl2, admin = (w.client(c) for c in ("game's TL", "other TL", "admin"))
    gid = new_game(tl1, w.ids["white"], w.ids["black"])["id"]
    for path, body in (("/result", {"result": "1-0", "reason": REASON}),
                       ("/penalty", {"color": "white", "days": 2, "reason": REASON})):
        expect_error(tl2.post("games/%d%s" % (gid, path), body), 403, "not_your_tournament",
                     "another TL: " + path)
    expect_error(tl2.get("games/%d/audit" % gid), 403, "not_your_tournament", "audit")
    expect_status(tl1.post("games/%d/penalty" % gid, {"color": "white", "days": 2,
                                                       "reason": REASON}), 201, "its maker")
    # A game nobody leads (made before migration 0014): an admin's alone.
    old = new_game(tl1, w.ids["white"], w.ids["black"])["id"]
    w.server.db_exec("UPDATE games SET led_by = NULL WHERE id = ?", (old,))
    expect_error(tl1.post("games/%d/result" % old, {"result": "1-0", "reason": REASON}), 403,
                 "not_your_tournament", "nobody leads it")
    expect_status(admin.post("games/%d/result" % old, {"result": "1-0", "reason": REASON}), 200,
                  "an admin")


@test
def a_period_is_led_by_the_tl_of_every_game_it_stops():
    srv = own_server(TODAY)
    w = MatrixWorld(srv, profile="dsu-email", start_date=START)
    tl1, tl2, tl3, admin = (w.client(c) for c in ("game's TL", "other TL", "TL who is a side",
                                                  "admin"))
    black, white = w.ids["black"], w.ids["white"]

    def leave(client, user, **kw):
        first, last = window()
        body = {"start": first, "end": last, "user": user, "kind": "special_leave"}
        body.update(kw)
        return client.post("vacations", body)

    # An e-mail period naming no tournament would stop all of black's games:
    # those of the game's TL and those of the TL who is a side.  Neither
    # leads them all, and the TL who is a side plays one of them.
    expect_error(leave(tl1, black), 403, "not_your_tournament", "tl1: not all black's games")
    # Named, it belongs to that tournament alone (DSU 6.8.8 "alle
    # tilbageværende modstandere" of it, issue 21), led by tl1.
    expect_status(leave(tl1, black, tournament=w.scene.tournament), 201,
                  "named, e-mail: his tournament alone")
    expect_error(leave(tl3, black), 403, "own_game", "tl3 plays black")
    expect_error(leave(admin, black), 422, "missing_field",
                 "an admin: in two e-mail tournaments he says which (6.8.8)")
    expect_status(leave(admin, black, tournament=w.scene.side_tournament), 201,
                  "an admin, for the side's tournament")
    # White plays only in the game's TL's tournament: he leads all her games.
    before = srv.db_rows("SELECT count(*) FROM vacations")[0][0]
    expect_error(leave(tl2, white), 403, "not_your_tournament", "tl2 for white")
    expect_eq(srv.db_rows("SELECT count(*) FROM vacations")[0][0], before, "nothing stored")
    expect_status(leave(tl1, white), 201, "tl1 leads all white's games")
    # Her e-mail period belongs to her one tournament (DSU 6.8.8, issue
    # 21): standalone games beside it, whoever made them, are not stopped,
    # so the tournament's TL leads every game it stops.
    new_game(tl1, white, w.ids["other player"], profile="dsu-email", start_date=START)
    expect_status(leave(tl1, white), 201, "with tl1's standalone game")
    new_game(tl2, white, w.ids["other player"], profile="dsu-email", start_date=START)
    r = leave(tl1, white)
    expect_status(r, 201, "with tl2's game too: it stops only her tournament's")
    expect_eq(r.json["tournament"], w.scene.tournament, "the period's tournament")
    # A player of no game: nobody leads it, an admin books it.
    extra = w.extra_id
    srv.db_exec("UPDATE games SET status = 'finished', result = '1/2-1/2',"
                " termination = 'agreement' WHERE white = ? OR black = ?", (extra, extra))
    expect_error(leave(tl2, extra), 403, "not_your_tournament", "nobody leads a player of none")
    expect_status(leave(admin, extra), 201, "an admin for a player of none")
    # Postal: the period belongs to the tournament named, led by its TL.
    s = w.new_scene("dsu-post")
    first, last = window()
    expect_status(tl1.post("vacations", {"start": first, "end": last, "user": black,
                                         "kind": "special_leave", "tournament": s.tournament}),
                  201, "postal, named: his tournament alone")
    expect_error(leave(tl1, black, tournament=s.side_tournament), 403, "not_your_tournament",
                 "postal, named: the side's tournament")
    expect_error(leave(tl3, black, tournament=s.side_tournament), 403, "own_game",
                 "postal: the side's own game")
    expect_error(leave(tl3, w.ids["TL who is a side"], tournament=s.side_tournament), 403,
                 "own_record", "on himself")


# ------------------------------------------- the holes of issue 19's "Why"

class Small:
    """A world without a kc (it runs on any daemon of this API): white,
    black, tl1 leading a tournament of white and black, tl2 leading
    another, tl3 who plays black in a tournament he leads, an admin."""

    def __init__(self, profile="server"):
        if "small" not in _shared_small:
            srv = own_server(TODAY)
            ids = {}
            for name, role in (("h_white", "player"), ("h_black", "player"),
                               ("h_other", "player"), ("h_tl1", "tl"), ("h_tl2", "tl"),
                               ("h_tl3", "tl"), ("h_admin", "admin")):
                ids[name], _ = srv.add_user(name, role)
            _shared_small["small"] = (srv, ids, {n: srv.login(n) for n in ids})
        self.server, self.ids, self.c = _shared_small["small"]
        admin = self.c["h_admin"]
        _shared_small["n"] = _shared_small.get("n", 0) + 1
        n = _shared_small["n"]

        def tournament(tl, players):
            r = admin.post("tournaments", {"name": "hole %d %s" % (n, tl), "kind": "round_robin",
                                           "profile": profile, "start_date": START,
                                           "players": [self.ids[p] for p in players],
                                           "tl": self.ids[tl]})
            expect_status(r, 201, "tournament of " + tl)
            return r.json["id"], r.json["games"][0]

        self.t1, self.g1 = tournament("h_tl1", ["h_white", "h_black"])
        self.t2, self.g2 = tournament("h_tl2", ["h_other", "h_white"])
        self.t3, self.g3 = tournament("h_tl3", ["h_tl3", "h_black"])

    def rows(self, gid):
        """What a refusal must not change of game gid."""
        return (self.server.db_rows("SELECT * FROM games WHERE id = ?", (gid,)),
                self.server.db_rows("SELECT * FROM moves WHERE game_id = ? ORDER BY ply",
                                    (gid,)),
                self.server.db_rows("SELECT * FROM penalties WHERE game_id = ?", (gid,)),
                self.server.db_rows("SELECT count(*) FROM audit"),
                self.server.db_rows("SELECT * FROM vacations ORDER BY id"))


_shared_small = {}


def refused(h, gid, code, what, act):
    """act() (a request) is refused with 403 code and changes nothing of
    game gid."""
    before = h.rows(gid)
    expect_error(act(), 403, code, what)
    expect_eq(h.rows(gid), before, what + ": the rows")


@test
def hole_penalty_days_in_a_tournament_he_does_not_lead():
    h = Small()
    refused(h, h.g1, "not_your_tournament", "tl2 adds 1000 days in tl1's game",
            lambda: h.c["h_tl2"].post("games/%d/penalty" % h.g1, {
                "color": "white", "days": 1000, "reason": REASON}))


@test
def hole_move_dates_in_a_tournament_he_does_not_lead():
    h = Small("dsu-post")
    play(h.c["h_white"], h.g1, "e4", sent="2027-08-23")
    refused(h, h.g1, "not_your_tournament", "tl2 corrects tl1's move dates",
            lambda: h.c["h_tl2"].request("PATCH", "games/%d/moves/1" % h.g1, {
                "sent": "2027-08-21", "reason": REASON}))


@test
def hole_holiday_play_in_a_tournament_he_does_not_lead():
    h = Small("dsu-post")
    refused(h, h.g1, "not_your_tournament", "tl2 agrees a holiday play",
            lambda: h.c["h_tl2"].post("games/%d/holiday_play" % h.g1, {
                "agreed": True, "reason": REASON}))


@test
def hole_special_leave_in_a_tournament_he_does_not_lead():
    h = Small("dsu-post")
    first, last = window()
    refused(h, h.g1, "not_your_tournament", "tl2 gives black special leave",
            lambda: h.c["h_tl2"].post("vacations", {
                "start": first, "end": last, "user": h.ids["h_black"], "kind": "special_leave",
                "tournament": h.t1}))


@test
def hole_back_dated_vacation_in_a_tournament_he_does_not_lead():
    h = Small("dsu-post")
    first, last = window()
    refused(h, h.g1, "not_your_tournament", "tl2 back-dates black's vacation",
            lambda: h.c["h_tl2"].post("vacations", {
                "start": first, "end": last, "user": h.ids["h_black"], "tournament": h.t1,
                "notice_on": add_days(TODAY, -20)}))


@test
def hole_audit_of_a_tournament_he_does_not_lead():
    h = Small()
    expect_error(h.c["h_tl2"].get("games/%d/audit" % h.g1), 403, "not_your_tournament",
                 "tl2 reads tl1's audit")
    expect_status(h.c["h_tl1"].get("games/%d/audit" % h.g1), 200, "tl1 reads it")


@test
def hole_messages_of_a_tournament_he_does_not_lead():
    h = Small()
    expect_error(h.c["h_tl2"].get("games/%d/messages" % h.g1), 403, "forbidden",
                 "tl2 reads tl1's messages")
    expect_status(h.c["h_tl1"].get("games/%d/messages" % h.g1), 200, "tl1 reads them")


@test
def hole_a_tl_who_plays_gives_himself_special_leave():
    h = Small("dsu-post")
    first, last = window()
    refused(h, h.g3, "own_record", "tl3 gives himself special leave",
            lambda: h.c["h_tl3"].post("vacations", {
                "start": first, "end": last, "user": h.ids["h_tl3"], "kind": "special_leave",
                "tournament": h.t3}))


@test
def hole_a_tl_who_plays_adds_penalty_days_to_his_opponent():
    h = Small()
    refused(h, h.g3, "own_game", "tl3 adds 1000 days to his opponent",
            lambda: h.c["h_tl3"].post("games/%d/penalty" % h.g3, {
                "color": "black", "days": 1000, "reason": REASON}))


@test
def hole_a_tl_who_plays_records_his_own_result():
    h = Small()
    refused(h, h.g3, "own_game", "tl3 records his own win",
            lambda: h.c["h_tl3"].post("games/%d/result" % h.g3, {
                "result": "1-0", "reason": REASON}))


@test
def hole_a_tl_who_plays_sees_the_hidden_series():
    h = Small("server")
    play(h.c["h_tl3"], h.g3, "e4")
    play(h.c["h_black"], h.g3, "e5", series=["Nf3", "Nc6"])
    expect_eq(h.c["h_tl3"].get("games/%d" % h.g3).json["series"], None,
              "tl3 (white, and the game's TL) sees black's hidden series")
    expect(h.c["h_black"].get("games/%d" % h.g3).json["series"] is not None,
           "black sees his own")


@test
def hole_any_tl_sets_a_standalone_games_result():
    h = Small()
    gid = new_game(h.c["h_tl1"], h.ids["h_white"], h.ids["h_black"])["id"]
    refused(h, gid, "not_your_tournament", "tl2 sets the result of tl1's game",
            lambda: h.c["h_tl2"].post("games/%d/result" % gid, {"result": "0-1", "reason": REASON}))


if __name__ == "__main__":
    run_tests()
