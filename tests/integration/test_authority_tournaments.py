#!/usr/bin/env python3
"""Who may do what with tournaments, entries, classes and users (issue 19):
the rows tournament_create, withdrawal, next_stage, playoff, publication,
decision, entry_own, entry_for, user_create, user_create_staff,
user_search, rating_set, right_grant and class_set of docs/AUTHORITY.md, every cell
through HTTP against the real daemon (tests/integration/authority_matrix.py:
a refusal answers its code and changes no table; a "yes" is not refused by
the policy, and here also does what it says or meets the rule it should).

Then the holes of issue 19 in this area, each a test that failed on the
code before svc/: a group started by entries led by its entrant (who then
records results and withdrawals in it and gets the TL's copies of mail
about his fellow players), a TL setting his own rating and granting
himself entry rights, a TL who plays recording his opponent's withdrawal
(his own games rescored).  And the ratings follow every path that ends a
group's last game (a move, a TL's result, a withdrawal) without a request
after it (the router no longer rates after every write)."""
import os
import subprocess
import sys
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
from authority_matrix import MatrixWorld, run_row, http_allowed  # noqa: E402

TODAY = "2027-09-01"
AA = "\u00c5"

_world = []


def W():
    if not _world:
        srv = own_server(TODAY)
        _world.append(MatrixWorld(srv, profile="server", start_date=TODAY))
    return _world[0]


_n = [0]


def uniq(prefix):
    _n[0] += 1
    return "%s%d" % (prefix, _n[0])


def expect_code(what, status, code):
    """An allowed() for run_row: not refused by the policy, and the answer
    the command gives there (status, and code for a rule's refusal)."""
    def check(resp, label):
        http_allowed(resp, label)
        expect(resp.status == status and (code is None or resp.code == code),
               "%s: %s wants %d %s, got %r" % (label, what, status, code or "", resp))
    return check


# ------------------------------------------------------------ entries

@test
def row_entry_own():
    """Everyone signed in enters himself (the open class: every actor is a
    first-time participant, DSU 6.5.3.2f; first in this file, before any of
    them finished a group with a class)."""
    def perform(w, column, client):
        return client.post("entries", {"class": "M"})
    # M: none of them has the right (422 no_right) - the policy lets each
    # through to the rule; then Å, which each may enter.
    run_row(W(), "entry_own", perform, fresh_each=False,
            allowed=expect_code("an entry without the right", 422, "no_right"))

    def enter(w, column, client):
        return client.post("entries", {"class": AA})

    def done(resp, label):
        http_allowed(resp, label)
        expect_status(resp, 201, label)
    run_row(W(), "entry_own", enter, fresh_each=False, allowed=done)


def class_led_by_the_games_tl(w, column):
    """docs/AUTHORITY.md: for entry_for the game's TL is the TL of the
    class entered (K here, named by an admin)."""
    expect_status(w.root.request("PUT", "classes/K", {"tl": w.ids["game's TL"]}), 200,
                  "K led by the game's TL")


@test
def row_entry_for():
    """Another player entered by the class's TL or an admin.  The cells
    "black" and "TL who is a side" (the player entering himself) cannot be
    reached over HTTP: an entry of oneself is entry_own (anyone's; it gives
    no TL power over anything), checked for both below; the policy's
    answer to entry_for on oneself (forbidden, own_record) is checked in
    tests/check_authority.c."""
    def perform(w, column, client):
        return client.post("entries", {"class": "K", "player": w.subject(column)})
    # black and the TL who is a side are the player entered: their entry is
    # their own (entry_own)
    cols = ("white", "other player", "game's TL", "other TL", "kc", "admin", "anonymous")
    run_row(W(), "entry_for", perform, columns=cols, prepare=class_led_by_the_games_tl,
            allowed=expect_code("an entry into K", 422, "no_right"))
    w = W()
    for column in ("black", "TL who is a side"):
        r = w.client(column).post("entries", {"class": "K", "player": w.ids[column]})
        expect_error(r, 422, "no_right", "%s enters himself: entry_own, to the rule" % column)


# ------------------------------------------------------------ tournaments

@test
def row_tournament_create():
    """A TL or an admin makes a tournament (led by the TL it names, else by
    himself); nobody else."""
    def perform(w, column, client):
        return client.post("tournaments", {
            "name": uniq("made by %s " % column), "kind": "round_robin", "profile": "server",
            "start_date": TODAY, "players": [w.ids["white"], w.ids["black"]]})
    answers = run_row(W(), "tournament_create", perform,
                      allowed=expect_code("a new tournament", 201, None))
    w = W()
    for column in ("game's TL", "admin"):
        expect_eq(answers[column].json["tl"]["id"], w.ids[column],
                  "led by its creator (%s)" % column)


@test
def row_withdrawal():
    """Black withdraws (his one game unfinished: it is scored, DSU 6.2.8):
    the tournament's TL or an admin records it; the TL who plays black in
    his own tournament does not (his game would be rescored)."""
    def perform(w, column, client):
        return client.post("tournaments/%d/withdrawals" % w.tournament(column),
                           {"player": w.ids["black"], "reason": "valid"})

    def done(resp, label):
        http_allowed(resp, label)
        expect_status(resp, 201, label)
        expect_eq([(x["player"]["id"], x["all_lost"]) for x in resp.json["withdrawals"]],
                  [(W().ids["black"], True)], label + ": recorded")
        g = W().root.get("games/%d" % resp.json["games"][0]).json
        expect_eq((g["status"], g["result"]), ("finished", "1-0"), label + ": his game scored")
    run_row(W(), "withdrawal", perform, allowed=done)


@test
def row_next_stage():
    """The cup's next stage: its TL (also one who plays in it) or an
    admin; the scene's tournaments are round robins, so the allowed ones
    meet the rule (422 not_a_cup) after the policy."""
    def perform(w, column, client):
        return client.post("tournaments/%d/next-stage" % w.tournament(column), {})
    run_row(W(), "next_stage", perform, allowed=expect_code("next stage", 422, "not_a_cup"))


# A DM of two players tied after both their games, per column: the
# play-off's parties are the two tied players.
_dms = {}


def tied_dm(w, column):
    white, black = w.players(column)
    leader = w.ids["TL who is a side"] if w.is_side(column) else w.ids["game's TL"]
    r = w.root.post("tournaments", {"name": uniq("DM "), "kind": "dm", "profile": "server",
                                    "start_date": TODAY, "players": [white, black],
                                    "tl": leader})
    expect_status(r, 201, "a DM of two")
    for gid in r.json["games"]:  # each wins with White: 1-1, SB and the mutual games equal
        expect_status(w.root.post("games/%d/result" % gid,
                                  {"result": "1-0", "reason": "played by letter"}), 200,
                      "DM result")
    t = w.root.get("tournaments/%d" % r.json["id"]).json
    expect_eq(t["playoff"]["needed"], True, "the DM needs a play-off")
    _dms[column] = r.json["id"]


@test
def row_playoff():
    """The DM play-off: its TL or an admin; the TL tied for 1st in the DM
    he leads does not enter his own play-off."""
    def perform(w, column, client):
        return client.post("tournaments/%d/playoff" % _dms[column], {"agree_to_share": True})
    run_row(W(), "playoff", perform, prepare=tied_dm,
            allowed=expect_code("the play-off", 201, None))


def finished_game(w, column):
    """The scene's game (for the side: his own) finished, so its tournament
    can be published."""
    gid = w.game(column)
    g = w.root.get("games/%d" % gid).json
    if g["status"] == "active":
        expect_status(w.root.post("games/%d/result" % gid,
                                  {"result": "1/2-1/2", "reason": "agreed by letter"}), 200,
                      "the game finished")


@test
def row_publication():
    def perform(w, column, client):
        return client.post("tournaments/%d/publication" % w.tournament(column), {"on": TODAY})

    def done(resp, label):
        http_allowed(resp, label)
        expect_status(resp, 200, label)
        expect_eq(resp.json["published_on"], TODAY, label + ": stored")
    run_row(W(), "publication", perform, prepare=finished_game, allowed=done)


@test
def row_decision():
    def perform(w, column, client):
        return client.post("tournaments/%d/decisions" % w.tournament(column),
                           {"notified_on": TODAY, "about": "a ruling on game 1"})

    def done(resp, label):
        http_allowed(resp, label)
        expect_status(resp, 201, label)
        expect_eq([d["about"] for d in resp.json["decisions"]], ["a ruling on game 1"],
                  label + ": stored")
    run_row(W(), "decision", perform, allowed=done)


# ------------------------------------------------------------ users

def user_create_row(command, role):
    """The row of command, each cell adding a new user of role."""
    def perform(w, column, client):
        name = uniq("new" + role)
        return client.post("users", {"name": name, "email": name + "@example.org",
                                     "password": "a-long-password", "role": role})
    run_row(W(), command, perform, allowed=expect_code("a new " + role, 201, None))


@test
def row_user_create():
    user_create_row("user_create", "player")


@test
def row_user_create_staff():
    user_create_row("user_create_staff", "tl")
    # and the other staff roles the same way
    w = W()
    for role in ("kc", "admin"):
        name = uniq("new" + role)
        body = {"name": name, "email": name + "@example.org", "password": "a-long-password",
                "role": role}
        expect_error(w.client("game's TL").post("users", body), 403, "forbidden",
                     "a tl adds no " + role)
        expect_error(w.client("kc").post("users", body), 403, "forbidden", "the kc adds no " + role)
        expect_status(w.client("admin").post("users", body), 201, "an admin adds a " + role)


@test
def row_user_search():
    """The members a TL, the kc or an admin looks up (GET /users?q=)."""
    def perform(w, column, client):
        return client.get("users?q=mx_")

    def found(resp, label):
        http_allowed(resp, label)
        expect_status(resp, 200, label)
        expect(W().ids["black"] in [u["id"] for u in resp.json["users"]],
               label + ": black is found: %r" % resp.json)
    run_row(W(), "user_search", perform, allowed=found)


@test
def row_rating_set():
    def perform(w, column, client):
        return client.request("PATCH", "users/%d" % w.subject(column), {"rating": 1777})

    def done(resp, label):
        http_allowed(resp, label)
        expect_status(resp, 200, label)
        # USER.rating is his rating now: after the groups of earlier rows
        # whose TL results are rated (issue 21 item 12), the start rating
        # is his first group's old one
        h = w.client("admin").get("users/%d/ratings" % resp.json["id"]).json["history"]
        expect_eq(h[0]["old"] if h else resp.json["rating"], 1777, label + ": set")
    w = W()
    run_row(w, "rating_set", perform, allowed=done)
    w = W()
    expect_error(w.client("admin").request("PATCH", "users/%d" % w.ids["admin"],
                                           {"rating": 2500}), 403, "own_record",
                 "an admin does not set his own rating")


@test
def row_right_grant():
    def perform(w, column, client):
        return client.post("users/%d/rights" % w.subject(column),
                           {"class": "K", "until": "2028-12-31", "source": "tl"})

    def done(resp, label):
        http_allowed(resp, label)
        expect_status(resp, 201, label)
        expect(("K", "2028-12-31") in [(x["class"], x["until"]) for x in resp.json["rights"]],
               label + ": granted: %r" % resp.json)
    run_row(W(), "right_grant", perform, allowed=done)
    w = W()
    expect_error(w.client("admin").post("users/%d/rights" % w.ids["admin"],
                                        {"class": "DM", "until": "2028-12-31", "source": "tl"}),
                 403, "own_record", "an admin grants himself nothing")


@test
def row_class_set():
    def perform(w, column, client):
        return client.request("PUT", "classes/DM", {"tl": w.ids["other TL"]})

    def done(resp, label):
        http_allowed(resp, label)
        expect_status(resp, 200, label)
        expect_eq((resp.json["name"], resp.json["tl"]["id"], resp.json["profile"]),
                  ("DM", W().ids["other TL"], "dsu-post"), label + ": set")
    run_row(W(), "class_set", perform, allowed=done)


@test
def classes_read_and_bad_settings():
    """GET /classes for everyone signed in; a class's profile is postal
    (DSU 6.3.1: never the 40 days of 6.8.6), its TL a tl or an admin; bad
    input changes nothing."""
    w = W()
    r = w.client("white").get("classes")
    expect_status(r, 200, "classes")
    expect_eq([c["name"] for c in r.json["classes"]], [AA, "K", "M", "DM"], "the four, low first")
    before = w.server.db_rows("SELECT * FROM class_settings ORDER BY class")
    kc = w.client("kc")
    for path, body, status, code in (
            ("classes/M", {"profile": "dsu-email"}, 422, "invalid_field"),
            ("classes/M", {"profile": "server"}, 422, "invalid_field"),
            ("classes/M", {"profile": "nonsense"}, 422, "invalid_field"),
            ("classes/M", {"tl": w.ids["white"]}, 422, "not_a_tl"),
            ("classes/M", {"tl": 999999}, 422, "unknown_user"),
            ("classes/M", {"tl": "x"}, 422, "invalid_field"),
            ("classes/M", {"tl": 0}, 422, "invalid_field"),
            ("classes/M", {"colour": "red"}, 422, "unknown_field"),
            ("classes/X", {"tl": None}, 404, "not_found"),
            ("classes/E", {"tl": None}, 404, "not_found")):
        expect_error(kc.request("PUT", path, body), status, code, "%s %r" % (path, body))
    expect_error(kc.request("PUT", "classes/M", raw=b"{"), 400, "bad_json", "bad JSON")
    expect_eq(w.server.db_rows("SELECT * FROM class_settings ORDER BY class"), before,
              "nothing changed")
    r = kc.request("PUT", "classes/" + quote(AA), {"tl": w.ids["game's TL"], "profile": "dsu-post"})
    expect_status(r, 200, "Å by its UTF-8 name")
    expect_eq((r.json["name"], r.json["tl"]["id"]), (AA, w.ids["game's TL"]), "Å set")
    r = kc.request("PUT", "classes/AA", {"tl": None})
    expect_eq((r.status, r.json["name"], r.json["tl"]), (200, AA, None), "AA is Å; null: none")


# ------------------------------------------------------------ the holes

def fresh_server():
    srv = own_server(TODAY)
    return srv


def seven_entries(srv, names, fees, cls=AA, roles=None):
    """Adds the users, each enters cls himself (first-time participants:
    Å, DSU 6.5.3.2f) and the client `fees` (the class's TL or an admin)
    records his fee (issue 22, DSU 6.4.4.1: valid from it); returns
    ({name: id}, {name: client}, the group id the 7th valid entry
    started)."""
    ids, clients, group = {}, {}, None
    for i, n in enumerate(names):
        ids[n], _ = srv.add_user(n, (roles or {}).get(n, "player"))
        clients[n] = srv.login(n)
    for n in names:
        r = clients[n].post("entries", {"class": cls})
        expect_status(r, 201, "%s enters %s" % (n, cls))
        r = fees.post("entries/%d/fee" % r.json["id"], {})
        expect_status(r, 200, "%s's fee" % n)
        group = r.json["tournament"]
    expect(isinstance(group, int), "the 7th entry starts a group")
    return ids, clients, group


def entrant_tl_group():
    """Seven players enter Å themselves, the 7th a TL who plays (no TL is
    named for the class); an admin who plays nothing.  Returns (server,
    ids, clients, group, admin client)."""
    srv = fresh_server()
    names = ["e1", "e2", "e3", "e4", "e5", "e6", "etl"]
    admin_id, _ = srv.add_user("eadmin", "admin")
    admin = srv.login("eadmin")
    ids, clients, gid = seven_entries(srv, names, admin, roles={"etl": "tl"})
    ids["eadmin"] = admin_id
    return srv, ids, clients, gid, admin


@test
def hole_a_group_of_entries_is_not_led_by_its_entrant():
    """Issue 19: `tl = d->tl ? d->tl : creator` made the player whose entry
    started the group its TL; with no TL named for the class only an admin
    leads it."""
    srv, ids, clients, gid, admin = entrant_tl_group()
    t = admin.get("tournaments/%d" % gid).json
    expect_eq(t["tl"], None, "no TL named for the class: nobody leads it, never the entrant")
    games = [admin.get("games/%d" % g).json for g in t["games"]]
    other = [g for g in games if ids["etl"] not in (g["white"]["id"], g["black"]["id"])][0]
    r = admin.post("games/%d/result" % other["id"], {"result": "1-0", "reason": "by letter"})
    expect_status(r, 200, "an admin leads a group nobody was named for")


@test
def hole_the_entrant_records_no_result_or_withdrawal_in_his_group():
    """Issue 19: the TL whose entry started the group recorded results and
    withdrawals in it - his own games' too."""
    srv, ids, clients, gid, admin = entrant_tl_group()
    t = admin.get("tournaments/%d" % gid).json
    games = [admin.get("games/%d" % g).json for g in t["games"]]
    other = [g for g in games if ids["etl"] not in (g["white"]["id"], g["black"]["id"])][0]
    mine = [g for g in games if ids["etl"] in (g["white"]["id"], g["black"]["id"])][0]
    etl = clients["etl"]
    before = srv.db_rows("SELECT id, status, result FROM games ORDER BY id")
    expect_error(etl.post("games/%d/result" % other["id"], {"result": "1-0", "reason": "mine"}),
                 403, "not_your_tournament", "the entrant sets no result in the group")
    expect_error(etl.post("games/%d/result" % mine["id"],
                          {"result": "1-0" if mine["white"]["id"] == ids["etl"] else "0-1",
                           "reason": "I won"}), 403, "own_game", "nor his own game's")
    opponent = mine["black"]["id"] if mine["white"]["id"] == ids["etl"] else mine["white"]["id"]
    expect_error(etl.post("tournaments/%d/withdrawals" % gid,
                          {"player": opponent, "reason": "silent"}), 403, "own_game",
                 "nor his opponent's withdrawal")
    # every player of the group plays him: any withdrawal rescores his game
    expect_error(etl.post("tournaments/%d/withdrawals" % gid,
                          {"player": other["white"]["id"], "reason": "silent"}), 403,
                 "own_game", "nor another player's (it rescores his game with him too)")
    expect_eq(srv.db_rows("SELECT id, status, result FROM games ORDER BY id"), before,
              "nothing changed")
    expect_eq(srv.db_rows("SELECT count(*) FROM withdrawals")[0][0], 0, "no withdrawal")


@test
def hole_the_entrant_gets_no_tl_copies_about_his_fellow_players():
    """Issue 19: the TL copies of the sweep's TL notices (DSU 6.3.4) went to
    the entrant who led the group; a group nobody leads has them go to
    every TL who plays neither the game nor in its tournament, else to
    every admin - never to a competitor.  The entrant gets the notices of
    his own silence only."""
    srv, ids, clients, gid, admin = entrant_tl_group()
    expect_tl_notices(srv, ids, "eadmin", "etl", "the admin")


def expect_tl_notices(srv, ids, told, entrant, who):
    """Sweeps until the TL notices (DSU 6.3.4) and checks each went to the
    silent player and to `told` (who), the entrant only of his own
    silence.  Returns the (game, address) rows of the notices' mails."""
    sweep_until(srv, "tl_notice", TODAY)
    rows = srv.db_rows("SELECT e.game_id, o.to_addr FROM mail_outbox o"
                       " JOIN sweep_events e ON e.id = o.event_id WHERE e.kind = 'tl_notice'")
    notices = srv.db_rows("SELECT game_id, user_id FROM sweep_events WHERE kind = 'tl_notice'")
    expect(notices, "TL notices were recorded")
    email = {uid: n + "@example.org" for n, uid in ids.items()}
    for game, silent in notices:
        to = sorted(a for gm, a in rows if gm == game)
        expect_eq(to, sorted([email[silent], told + "@example.org"]),
                  "the notice of game %d: the silent player and %s" % (game, who))
    mine = sum(1 for _, p in notices if p == ids[entrant])
    expect_eq(len([a for _, a in rows if a == entrant + "@example.org"]), mine,
              "the entrant gets the notices of his own silence only")
    return rows


def sweep_until(srv, kind, start, days=60):
    """Runs `corrchess sweep` day by day from start until a sweep event of
    that kind is recorded; returns the day."""
    d = start
    for _ in range(days):
        d = add_days(d, 1)
        env = dict(srv.env())
        env["CORRCHESS_TODAY"] = d
        r = subprocess.run([CORRCHESS, "--db", srv.db, "--mail_from", "corrchess@example.org",
                            "--base_url", "http://corrchess.example", "sweep"],
                           capture_output=True, text=True, env=env, timeout=120)
        expect(r.returncode in (0, 1), "sweep %s: %r %r" % (d, r.stdout, r.stderr))
        if srv.db_rows("SELECT count(*) FROM sweep_events WHERE kind = ?", (kind,))[0][0]:
            return d
    raise AssertionError("no %s within %d days of %s" % (kind, days, start))


@test
def hole_the_class_tl_leads_the_group_and_gets_the_tl_copies():
    """Issue 19 and 21 (items 2, 3): the group the 7th entry starts is led
    by the TL the K-skak chief named for the class, under the class's
    postal profile (DSU 6.3.1, not the 40 days of 6.8.6); he records its
    results, another TL does not; the TL notices of the sweep (DSU 6.3.4)
    go to him, and the entrant gets only the mail about his own silence."""
    srv = fresh_server()
    kc_id, _ = srv.add_user("chief", "kc")
    ctl_id, _ = srv.add_user("classtl", "tl")
    tl2_id, _ = srv.add_user("othertl", "tl")
    kc = srv.login("chief")
    r = kc.request("PUT", "classes/" + quote(AA), {"tl": ctl_id})
    expect_status(r, 200, "the kc names the class's TL")
    names = ["f1", "f2", "f3", "f4", "f5", "f6", "f7"]
    ctl = srv.login("classtl")
    ids, clients, gid = seven_entries(srv, names, ctl)
    t = ctl.get("tournaments/%d" % gid).json
    expect_eq((t["tl"]["id"], t["profile"], t["class"]), (ctl_id, "dsu-post", AA),
              "led by the class's TL under its postal profile, not by the entrant")
    g = ctl.get("games/%d" % t["games"][0]).json
    expect_error(srv.login("othertl").post("games/%d/result" % g["id"],
                                           {"result": "1-0", "reason": "not mine"}), 403,
                 "not_your_tournament", "another TL")
    # The TL notices (DSU 6.3.4) of the silent games: each to the silent
    # player and to the class's TL; the entrant f7 gets only his own.
    rows = expect_tl_notices(srv, ids, "classtl", "f7", "the class's TL")
    expect_eq([a for _, a in rows if a == "othertl@example.org"], [], "another TL gets none")


@test
def hole_a_tl_sets_no_rating_of_his_own():
    """Issue 19: a TL set his own rating (PATCH /users/{id} was a TL
    route); ratings are an admin's act (docs/AUTHORITY.md rating_set)."""
    srv = fresh_server()
    tid, _ = srv.add_user("selftl", "tl")
    tl = srv.login("selftl")
    before = srv.db_rows("SELECT rating_start, otb_rating FROM users WHERE id = ?", (tid,))
    expect_error(tl.request("PATCH", "users/%d" % tid, {"rating": 2400}), 403, "forbidden",
                 "his own rating")
    expect_error(tl.request("PATCH", "users/%d" % tid, {"otb_rating": 2400}), 403, "forbidden",
                 "his own OTB rating")
    expect_eq(srv.db_rows("SELECT rating_start, otb_rating FROM users WHERE id = ?", (tid,)),
              before, "his ratings unchanged")


@test
def hole_a_tl_grants_no_entry_right_to_himself():
    """Issue 19: a TL granted himself entry rights (POST
    /users/{id}/rights was a TL route); a grant is an admin's act
    (docs/AUTHORITY.md right_grant)."""
    srv = fresh_server()
    tid, _ = srv.add_user("selftl", "tl")
    tl = srv.login("selftl")
    expect_error(tl.post("users/%d/rights" % tid, {"class": "DM", "until": "2029-12-31",
                                                   "source": "tl"}), 403, "forbidden",
                 "an entry right for himself")
    expect_eq(srv.db_rows("SELECT count(*) FROM granted_rights")[0][0], 0, "no right granted")
    r = tl.get("users/%d/rights" % tid)
    expect("DM" not in [x["class"] for x in r.json["rights"]], "no DM right: %r" % r.json)


@test
def hole_a_tl_who_plays_does_not_record_his_opponents_withdrawal():
    """Issue 19 (DSU 6.2.8): a withdrawal rescores the games of the
    player's opponents; the TL who plays in the tournament he leads does
    not record his opponent's (his own game would be scored a win), an
    admin does."""
    srv = fresh_server()
    tid, _ = srv.add_user("playtl", "tl")
    oid, _ = srv.add_user("opp", "player")
    aid, _ = srv.add_user("wadmin", "admin")
    tl = srv.login("playtl")
    t = tl.post("tournaments", {"name": "TL plays", "kind": "round_robin", "profile": "server",
                                "start_date": TODAY, "players": [tid, oid]})
    expect_status(t, 201, "his tournament")
    before = srv.db_rows("SELECT id, status, result FROM games ORDER BY id")
    expect_error(tl.post("tournaments/%d/withdrawals" % t.json["id"],
                         {"player": oid, "reason": "silent"}), 403, "own_game",
                 "his opponent's withdrawal")
    expect_eq(srv.db_rows("SELECT id, status, result FROM games ORDER BY id"), before,
              "his game not rescored")
    expect_eq(srv.db_rows("SELECT count(*) FROM withdrawals")[0][0], 0, "nothing recorded")
    r = srv.login("wadmin").post("tournaments/%d/withdrawals" % t.json["id"],
                                 {"player": oid, "reason": "silent"})
    expect_status(r, 201, "an admin records it")


# ------------------------------------------------------------ ratings

def rated(srv, tid):
    rows = srv.db_rows("SELECT rated FROM rating_groups WHERE tournament_id = ?", (tid,))
    return rows[0][0] if rows else None


@test
def a_group_is_rated_by_the_command_that_ends_its_last_game():
    """docs/RATING.md "On the server": the group is rated by the command
    that ends its last game (a move, a TL's result, a withdrawal), read in
    the database right after that one request (nothing else runs in
    between: the router no longer rates after every write)."""
    srv = fresh_server()
    aid, _ = srv.add_user("radmin", "admin")
    rtl, _ = srv.add_user("rtl", "tl")
    admin, tl = srv.login("radmin"), srv.login("rtl")
    players = []
    for i in range(6):
        uid, _ = srv.add_user("r%d" % i)
        expect_status(admin.request("PATCH", "users/%d" % uid, {"rating": 1600 + 50 * i}), 200,
                      "rating")
        players.append(uid)

    def group(a, b):
        r = tl.post("tournaments", {"name": uniq("rated "), "kind": "round_robin",
                                    "profile": "server", "start_date": TODAY,
                                    "players": [players[a], players[b]]})
        expect_status(r, 201, "group")
        return r.json["id"], r.json["games"][0]

    # a move: fool's mate ends the game
    t1, g1 = group(0, 1)
    wc, bc = srv.login("r0"), srv.login("r1")
    for client, mv in ((wc, "f3"), (bc, "e5"), (wc, "g4")):
        expect_status(client.post("games/%d/moves" % g1, {"move": mv}), 201, mv)
    expect_eq(rated(srv, t1), None, "not finished, not in the order")
    r = bc.post("games/%d/moves" % g1, {"move": "Qh4"})
    expect_status(r, 201, "Qh4#")
    expect_eq((r.json["status"], r.json["result"]), ("finished", "0-1"), "mate")
    expect_eq(rated(srv, t1), 1, "rated by the move")
    # a TL's result
    t2, g2 = group(2, 3)
    expect_status(srv.login("r2").post("games/%d/moves" % g2, {"move": "e4"}), 201, "e4")
    expect_status(tl.post("games/%d/result" % g2, {"result": "1-0", "reason": "adjudicated"}),
                  200, "TL result")
    expect_eq(rated(srv, t2), 1, "rated by the TL's result")
    # a withdrawal (6.2.8: his one game scored)
    t3, g3 = group(4, 5)
    expect_status(srv.login("r4").post("games/%d/moves" % g3, {"move": "d4"}), 201, "d4")
    expect_status(tl.post("tournaments/%d/withdrawals" % t3,
                          {"player": players[5], "reason": "invalid"}), 201, "withdrawal")
    expect_eq(rated(srv, t3), 1, "rated by the withdrawal")


if __name__ == "__main__":
    run_tests()
