#!/usr/bin/env python3
"""The federation's year around the groups (issue 22), through the real
daemon: each rule with a test that failed on the code before it.

- Members (DSU 6.4.4.1 a, d): membership, number, club, date of birth,
  seen by the user himself, the TLs, the kc and admins only; GET
  /users?q= finds a member by his number.
- Entries (6.4.4.1): valid from the day the fee was received; a player's
  own entry waits for it; the 7th *valid* entry starts a group; the proof
  of the class is kept; a non-member plays one group (6.1.2: 422
  member_only).
- Sanctions (6.4.2, 4.1.1 §19): a warning, a second one within its year
  a 3-month quarantine, a new quarantine within a year of one doubled;
  entries refused meanwhile (422 quarantined); the register for the TL
  and the kc.
- Appeals (6.4.3, 6.8.10): within 3 weeks of the notice (422 too_late),
  to the KC against a TL's decision, to Skaknævnet against the KC's; the
  KC's ruling recorded and mailed in Danish and English; only an appeal
  to Skaknævnet against a quarantine or an exclusion suspends it.
- The KC names a tournament's TL (6.1.3).
And the rows of docs/AUTHORITY.md that these commands add, cell by cell
(tests/integration/authority_matrix.py)."""
import atexit
import os
import sys
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
from authority_matrix import MatrixWorld, run_row, http_allowed  # noqa: E402

TODAY = "2027-09-01"
AA = "\u00c5"
_n = [0]


def uniq(prefix):
    _n[0] += 1
    return "%s%d" % (prefix, _n[0])


class World:
    """One daemon: an admin, the kc, a TL who leads Å, players."""

    def __init__(self, today=TODAY):
        self.srv = Server(today=today).start()
        atexit.register(self.srv.close)
        self.ids = {}
        for name, role in (("root", "admin"), ("kc", "kc"), ("tl", "tl"), ("tl2", "tl")):
            self.ids[name], _ = self.srv.add_user(name, role)
        self.admin = self.srv.login("root")
        self.kc = self.srv.login("kc")
        self.tl = self.srv.login("tl")
        self.tl2 = self.srv.login("tl2")
        for c in (AA, "K", "M", "DM"):
            expect_status(self.kc.request("PUT", "classes/" + quote(c), {"tl": self.ids["tl"]}),
                          200, "class " + c)

    def player(self, name=None):
        name = name or uniq("p")
        self.ids[name], _ = self.srv.add_user(name)
        return self.ids[name], self.srv.login(name)

    def rr(self, players, name=None):
        r = self.tl.post("tournaments", {"name": name or uniq("RR "), "kind": "round_robin",
                                         "profile": "server", "start_date": self.srv.today,
                                         "players": players})
        expect_status(r, 201, "a round robin")
        return r.json


_w = []


def W():
    if not _w:
        _w.append(World())
    return _w[0]


# ------------------------------------------------------------ members

@test
def member_fields_only_for_himself_tls_kc_admin():
    """DSU 6.4.4.1 a, d: the entry carries membership, number and date of
    birth; on the server they are the user's, seen by himself, every TL,
    the kc and admins, by no other player (not in USER, 403 on /member)."""
    w = W()
    me, mine = w.player()
    other, theirs = w.player()
    body = {"membership": "club", "member_no": "D-4711", "club": "Skakklubben Nordkap",
            "birth_date": "1961-04-02"}
    r = mine.request("PUT", "users/%d/member" % me, body)
    expect_status(r, 200, "he sets his own")
    expect_eq(r.json, body, "stored as given")
    for who, client in (("himself", mine), ("a tl", w.tl2), ("the kc", w.kc),
                        ("an admin", w.admin)):
        u = client.get("users/%d" % me)
        expect_status(u, 200, who)
        expect_eq(u.json.get("member"), body, "%s sees the member fields" % who)
    u = theirs.get("users/%d" % me)
    expect_status(u, 200, "another player reads the user")
    expect("member" not in u.json, "another player sees no member fields: %r" % u.json)
    expect_error(theirs.get("users/%d/member" % me), 403, "forbidden", "another player's /member")
    before = w.srv.db_rows("SELECT membership, member_no, club, birth_date FROM users WHERE id = ?",
                           (me,))
    expect_error(theirs.request("PUT", "users/%d/member" % me, {"club": "X"}), 403, "forbidden",
                 "another player sets nothing")
    for bad, code in (({"membership": "friend"}, "invalid_field"),
                      ({"birth_date": "1961-13-02"}, "invalid_date"),
                      ({"birth_date": "2030-01-01"}, "invalid_date"),
                      ({"member_no": "x" * 21}, "invalid_field"),
                      ({"club": "a\nb"}, "invalid_field"),
                      ({"membership": "club", "club": None}, "invalid_field"),
                      ({"shoe": 42}, "unknown_field")):
        expect_error(mine.request("PUT", "users/%d/member" % me, bad), 422, code, repr(bad))
    expect_eq(w.srv.db_rows("SELECT membership, member_no, club, birth_date FROM users WHERE id = ?",
                            (me,)), before, "bad input changed nothing")
    # null clears a field
    r = w.tl.request("PUT", "users/%d/member" % me, {"birth_date": None})
    expect_eq(r.json["birth_date"], None, "cleared by a tl")


@test
def users_q_finds_a_member_by_number_paged():
    """GET /users?q= (tl, kc, admin; paged) finds a member by name or by his
    membership number (today only by name or e-mail)."""
    w = W()
    me, mine = w.player(uniq("numbered"))
    expect_status(w.admin.request("PUT", "users/%d/member" % me,
                                  {"membership": "individual", "member_no": "77123"}), 200, "set")
    r = w.tl.get("users?q=77123")
    expect_status(r, 200, "search by number")
    expect_eq([u["id"] for u in r.json["users"]], [me], "found by his number")
    expect_eq(r.json["users"][0]["member"]["member_no"], "77123", "with his member fields")
    r = w.kc.get("users?q=77123")
    expect_eq([u["id"] for u in r.json["users"]], [me], "the kc too")
    expect_error(mine.get("users?q=77123"), 403, "forbidden", "not a player")
    # paged: limit 1 over every user, the pages join to the whole list
    seen, after = [], None
    for _ in range(100):
        r = w.tl.get("users?q=&limit=1" + ("&after=" + after if after else ""))
        expect_status(r, 200, "a page")
        expect(len(r.json["users"]) <= 1, "one a page")
        seen += [u["id"] for u in r.json["users"]]
        after = r.json["next"]
        if not after:
            break
    expect_eq(seen, sorted(i for (i,) in w.srv.db_rows("SELECT id FROM users")), "every user once")


# ------------------------------------------------------------ entries

def enter(client, cls, **kw):
    body = {"class": cls}
    body.update(kw)
    return client.post("entries", body)


@test
def an_entry_is_valid_from_its_fee():
    """DSU 6.4.4.1 "Tilmeldingen er først gyldig, når TL har modtaget
    indskuddet": a player's own entry waits for its fee (today it counted at
    once); the class's TL records it; only the 7th *valid* entry starts the
    group, the unpaid ones do not count."""
    srv = Server(today=TODAY).start()
    atexit.register(srv.close)
    tl_id, _ = srv.add_user("etl", "tl")
    srv.add_user("eroot", "admin")
    admin = srv.login("eroot")
    tl = srv.login("etl")
    expect_status(admin.request("PUT", "classes/AA", {"tl": tl_id}), 200, "Å led by etl")
    ids, clients, entries = [], [], []
    for i in range(8):
        uid, _ = srv.add_user("e%d" % i)
        ids.append(uid)
        clients.append(srv.login("e%d" % i))
    for i in range(7):
        r = enter(clients[i], AA, proof="first time (DSU 6.5.3.2f)")
        expect_status(r, 201, "own entry %d" % i)
        expect_eq((r.json["tournament"], r.json["valid"], r.json["fee_received_on"],
                   r.json["proof"]), (None, False, None, "first time (DSU 6.5.3.2f)"),
                  "it waits for its fee")
        entries.append(r.json["id"])
    expect_eq(srv.db_rows("SELECT count(*) FROM tournaments")[0][0], 0,
              "seven unpaid entries start no group")
    # a player records no fee of his own
    expect_error(enter(clients[7], AA, fee_received_on=TODAY), 403, "forbidden",
                 "a player gives no fee date")
    expect_error(clients[0].post("entries/%d/fee" % entries[0], {}), 403, "forbidden",
                 "nor records it")
    # the TL records six fees, one of them of a day before
    for i in range(6):
        r = tl.post("entries/%d/fee" % entries[i], {"received_on": "2027-08-30" if i == 0 else TODAY})
        expect_status(r, 200, "fee %d" % i)
        expect_eq((r.json["valid"], r.json["tournament"]), (True, None), "valid, waiting")
    expect_eq(r.json["fee_received_on"], TODAY, "valid from the day of the fee")
    expect_error(tl.post("entries/%d/fee" % entries[0], {}), 409, "fee_recorded", "twice")
    expect_error(tl.post("entries/%d/fee" % entries[6], {"received_on": "2027-09-02"}), 422,
                 "invalid_date", "a fee not yet received")
    expect_error(tl.post("entries/999999/fee", {}), 404, "not_found", "no such entry")
    # the TL's entry of the 8th with his fee is the 7th valid one: the group
    r = enter(tl, AA, player=ids[7], fee_received_on=TODAY)
    expect_status(r, 201, "the 7th valid entry")
    gid = r.json["tournament"]
    expect(isinstance(gid, int), "the 7th valid entry starts the group: %r" % r.json)
    t = admin.get("tournaments/%d" % gid).json
    expect_eq(sorted(s["player"]["id"] for s in t["standings"]), sorted(ids[:6] + [ids[7]]),
              "the six paid and the 8th; the unpaid 7th waits")
    expect_eq(srv.db_rows("SELECT tournament_id FROM entries WHERE id = ?", (entries[6],)),
              [(None,)], "the unpaid entry still waits")


@test
def a_non_member_plays_one_group():
    """DSU 6.1.2: "En spiller kan dog deltage i én gruppe i EMT eller
    pokalturneringen uden at være medlem af DSU": a non-member with a group
    (or a waiting entry) is refused another (422 member_only); a member is
    not."""
    w = W()
    guest, gc = w.player()
    member, mc = w.player()
    expect_status(w.tl.request("PUT", "users/%d/member" % guest, {"membership": "none"}), 200, "")
    expect_status(w.tl.request("PUT", "users/%d/member" % member,
                               {"membership": "club", "club": "Aarhus Skakklub",
                                "member_no": "11"}), 200, "")
    t = w.tl.post("tournaments", {"name": uniq("EMT K "), "kind": "emt_group", "class": "K",
                                  "profile": "server", "start_date": TODAY,
                                  "players": [guest, member] + [w.player()[0] for _ in range(5)]})
    expect_status(t, 201, "an EMT group with both")
    before = w.srv.db_rows("SELECT count(*) FROM entries")
    r = enter(w.tl, AA, player=guest)
    expect_error(r, 422, "member_only", "a non-member's second group")
    expect_eq(w.srv.db_rows("SELECT count(*) FROM entries"), before, "no entry")
    # the member in the same group meets only the rules of the EMT (his
    # running group's relegation risk, R25), not 6.1.2
    expect_error(enter(w.tl, AA, player=member), 422, "relegation_risk",
                 "a member is not refused as a non-member")
    # a new non-member enters once, then waits: a second class is a second group
    newbie, nc = w.player()
    expect_status(w.tl.request("PUT", "users/%d/member" % newbie, {"membership": "none"}), 200, "")
    r = enter(nc, AA)
    expect_status(r, 201, "his one group")
    r = w.tl.post("entries/%d/fee" % r.json["id"], {})
    expect_status(r, 200, "its fee: the waiting entry is that one group, not a second")
    w.srv.db_exec("UPDATE users SET otb_rating = 2150 WHERE id = ?", (newbie,))
    expect_error(enter(nc, "M"), 422, "member_only", "not a second one")


@test
def the_rights_of_the_fee_day():
    """I-6 (DSU 6.4.4.1): an entry's rights are counted to the day it
    became valid, the day the fee was received: a right that ended between
    the fee and the day the TL records it still carries the entry (today
    it was refused, the rights being read on the day of the request)."""
    w = W()
    me, _ = w.player()
    expect_status(w.admin.post("users/%d/rights" % me,
                               {"class": "M", "until": "2027-08-31", "source": "tl"}), 201,
                  "a right through 31 August")
    before = w.srv.db_rows("SELECT count(*) FROM entries")
    expect_error(enter(w.tl, "M", player=me), 422, "no_right", "entered today without it")
    expect_eq(w.srv.db_rows("SELECT count(*) FROM entries"), before, "nothing stored")
    r = enter(w.tl, "M", player=me, fee_received_on="2027-08-30")
    expect_status(r, 201, "the fee came on 30 August, within the right")
    expect_eq((r.json["valid"], r.json["fee_received_on"]), (True, "2027-08-30"), "valid then")


@test
def an_entry_carries_the_member_fields():
    """DSU 6.4.4.1 a, d: the entry carries membership, number and date of
    birth; they are stored on the player with the entry, in the same
    write, and read for 6.1.2 at once (a non-member's second group is
    refused, and then nothing is stored); bad member fields refuse the
    entry."""
    w = W()
    me, mine = w.player()
    member = {"membership": "individual", "member_no": "E-990", "birth_date": "1970-01-31"}
    r = enter(mine, AA, member=member)
    expect_status(r, 201, "his own entry with his member fields")
    expect_eq(w.tl.get("users/%d/member" % me).json, dict(member, club=None), "stored with it")
    # a non-member in a group enters again saying so: refused, nothing stored
    guest, _ = w.player()
    t = w.tl.post("tournaments", {"name": uniq("EMT M "), "kind": "emt_group", "class": "M",
                                  "profile": "server", "start_date": TODAY,
                                  "players": [guest] + [w.player()[0] for _ in range(6)]})
    expect_status(t, 201, "")
    before = w.srv.db_rows("SELECT membership FROM users WHERE id = ?", (guest,))
    expect_error(enter(w.tl, AA, player=guest, member={"membership": "none"}), 422, "member_only",
                 "the entry says he is no member: his second group is refused")
    expect_eq(w.srv.db_rows("SELECT membership FROM users WHERE id = ?", (guest,)), before,
              "and his member fields are not stored")
    for bad, code in (({"membership": "friend"}, "invalid_field"), ({"shoe": 1}, "unknown_field"),
                      ("club", "invalid_field"), ({"membership": "club"}, "invalid_field")):
        other, oc = w.player()
        expect_error(enter(oc, AA, member=bad), 422, code, repr(bad))
    stranger, sc = w.player()
    expect_error(enter(sc, AA, player=me, member={"club": "X"}), 403, "forbidden",
                 "a player enters nobody else")


# ------------------------------------------------------------ sanctions

def sanction(client, tid, player, kind, on, months=None, about="a sanction"):
    body = {"notified_on": on, "about": about, "kind": kind, "player": player}
    if months is not None:
        body["months"] = months
    return client.post("tournaments/%d/decisions" % tid, body)


def register(client, uid):
    r = client.get("users/%d/register" % uid)
    expect_status(r, 200, "register")
    return r.json


@test
def warnings_and_quarantines_by_the_register():
    """4.1.1 §19 via 6.1.1 (I-17): a second warning within a year of the
    first becomes a 3-month quarantine from its day; a new quarantine
    within a year after one ended is doubled; an entry during a quarantine
    is refused (422 quarantined) and taken after it; the register is the
    TL's and the kc's to read (and his own), no other player's."""
    srv = Server(today="2027-09-01").start()
    atexit.register(srv.close)
    tl_id, _ = srv.add_user("stl", "tl")
    srv.add_user("skc", "kc")
    srv.add_user("sroot", "admin")
    tl, kc, admin = srv.login("stl"), srv.login("skc"), srv.login("sroot")
    expect_status(kc.request("PUT", "classes/AA", {"tl": tl_id}), 200, "")
    me, _ = srv.add_user("sinner")
    other, _ = srv.add_user("saint")
    mine, theirs = srv.login("sinner"), srv.login("saint")
    t = tl.post("tournaments", {"name": "Open 2027", "kind": "round_robin", "profile": "server",
                                "start_date": "2027-09-01", "players": [me, other]}).json
    r = sanction(tl, t["id"], me, "warning", "2027-09-01", about="delays the tournament")
    expect_status(r, 201, "a warning")
    d = [x for x in r.json["decisions"] if x["kind"] == "warning"]
    expect_eq((len(d), d[0]["player"], d[0]["decided_by"], d[0]["appeal_by"]),
              (1, me, "tl", "2027-09-22"), "the warning among the decisions")
    expect_eq(register(tl, me)["quarantined"], None, "a warning is no quarantine")
    expect_status(enter(tl, AA, player=me), 201, "a warned player enters")
    srv.db_exec("DELETE FROM entries")
    # the second warning, by the kc, within the year: 3 months from its day
    srv.set_today("2027-10-01")
    tl, kc, admin, mine, theirs = (srv.login(n) for n in ("stl", "skc", "sroot", "sinner", "saint"))
    expect_status(sanction(kc, t["id"], me, "warning", "2027-10-01"), 201, "the kc warns too")
    reg = register(kc, me)
    second = reg["register"][1]
    expect_eq((second["kind"], second["applied"], second["converted"], second["start"],
               second["end"], second["decided_by"]),
              ("warning", "quarantine", True, "2027-10-01", "2027-12-31", "kc"),
              "the second warning is a 3-month quarantine (I-17: to the day before)")
    expect_eq(reg["quarantined"]["end"], "2027-12-31", "in force today")
    before = srv.db_rows("SELECT count(*) FROM entries")
    expect_error(enter(tl, AA, player=me), 422, "quarantined", "no entry in quarantine")
    expect_error(enter(mine, AA), 422, "quarantined", "not his own either")
    expect_eq(srv.db_rows("SELECT count(*) FROM entries"), before, "nothing stored")
    # the register is the TL's, the kc's, an admin's and his own
    for c in (tl, kc, admin, mine):
        expect_status(c.get("users/%d/register" % me), 200, "")
    expect_error(theirs.get("users/%d/register" % me), 403, "forbidden", "not another player's")
    # after it: entries again; a new quarantine within a year is doubled
    srv.set_today("2028-01-01")
    tl = srv.login("stl")
    expect_status(enter(tl, AA, player=me), 201, "the day after the quarantine")
    srv.db_exec("DELETE FROM entries")
    srv.set_today("2028-06-01")
    tl = srv.login("stl")
    r = sanction(tl, t["id"], me, "quarantine", "2028-06-01", months=2)
    expect_status(r, 201, "a quarantine of 2 months")
    reg = register(tl, me)
    q = reg["register"][2]
    expect_eq((q["applied"], q["doubled"], q["applied_months"], q["start"], q["end"]),
              ("quarantine", True, 4, "2028-06-01", "2028-09-30"),
              "doubled: within a year of the last one's end (§19)")
    for bad, code in ((dict(kind="quarantine"), "invalid_field"),
                      (dict(kind="warning", months=3), "invalid_field"),
                      (dict(kind="quarantine", months=121), "invalid_field"),
                      (dict(kind="scolding"), "invalid_field")):
        kind = bad.pop("kind")
        expect_error(sanction(tl, t["id"], me, kind, "2028-06-01", **bad), 422, code,
                     "%s %r" % (kind, bad))
    outsider, _ = srv.add_user("outsider")
    expect_error(sanction(tl, t["id"], outsider, "warning", "2028-06-01"), 422,
                 "not_in_tournament", "a player of another tournament")
    expect_error(sanction(tl, t["id"], me, "warning", "2028-06-02"), 422, "invalid_date",
                 "a notice after today")


# ------------------------------------------------------------ appeals

def appeal(client, tid, did, grounds="the TL misread 6.3.4", **kw):
    body = {"grounds": grounds}
    body.update(kw)
    return client.post("tournaments/%d/decisions/%d/appeals" % (tid, did), body)


@test
def appeals_within_three_weeks_and_the_kcs_ruling_mailed():
    """DSU 6.4.3, 6.8.10: an appeal against a TL decision goes to the KC
    within 3 weeks after its notice (422 too_late after); the KC's ruling
    is recorded and mailed to the appellant, the sanctioned player and the
    TL, each in his language; it may go to Skaknævnet within 3 weeks of
    the ruling, and only that appeal suspends a quarantine."""
    srv = Server(today="2027-09-01").start()
    atexit.register(srv.close)
    tl_id, _ = srv.add_user("atl", "tl")
    kc_id, _ = srv.add_user("akc", "kc")
    srv.add_user("aroot", "admin")
    me, _ = srv.add_user("appellant")
    other, _ = srv.add_user("opponent")
    tl, kc, mine, theirs = (srv.login(n) for n in ("atl", "akc", "appellant", "opponent"))
    expect_status(mine.request("PATCH", "users/me", {"language": "da"}), 200, "he reads Danish")
    expect_status(kc.request("PUT", "classes/AA", {"tl": tl_id}), 200, "")
    t = tl.post("tournaments", {"name": "Appeal Open", "kind": "round_robin", "profile": "server",
                                "start_date": "2027-09-01", "players": [me, other]}).json
    r = sanction(tl, t["id"], me, "quarantine", "2027-08-20", months=3, about="unsporting play")
    expect_status(r, 201, "a quarantine by the TL")
    did = r.json["decisions"][-1]["id"]
    expect_error(enter(mine, AA), 422, "quarantined", "in quarantine")
    # the tl does not appeal; another player's appeal is his; an unknown decision
    expect_error(appeal(tl, t["id"], did), 403, "forbidden", "the tl does not appeal")
    expect_error(appeal(mine, t["id"], 999999), 404, "not_found", "no such decision")
    expect_error(appeal(mine, t["id"], did, grounds=""), 422, "invalid_field", "empty grounds")
    # within 3 weeks: to the KC, and it does not suspend
    r = appeal(mine, t["id"], did, filed_on="2027-09-01")
    expect_status(r, 201, "appeal in time (notified 20 August, 3 weeks: 10 September)")
    a = r.json
    expect_eq((a["to"], a["appellant"], a["ruling"]), ("kc", me, None), "to the KC, pending")
    expect_error(appeal(mine, t["id"], did), 409, "already_appealed", "twice")
    expect_error(enter(mine, AA), 422, "quarantined", "the KC appeal does not suspend")
    tr = tl.get("tournaments/%d" % t["id"]).json
    expect_eq([x["id"] for x in tr["decisions"][-1]["appeals"]], [a["id"]], "shown with it")
    # the KC's list of pending appeals; the ruling is his
    r = kc.get("appeals")
    expect_status(r, 200, "pending")
    expect_eq([x["id"] for x in r.json["appeals"]], [a["id"]], "the KC sees it")
    expect_error(tl.get("appeals"), 403, "forbidden", "not a tl")
    expect_error(tl.post("appeals/%d/ruling" % a["id"], {"ruling": "upheld", "text": "x"}), 403,
                 "forbidden", "a tl does not rule")
    expect_error(kc.post("appeals/%d/ruling" % a["id"], {"ruling": "maybe", "text": "x"}), 422,
                 "invalid_field", "a ruling is one of three")
    r = kc.post("appeals/%d/ruling" % a["id"],
                {"ruling": "changed", "text": "Two months are enough.", "months": 2})
    expect_status(r, 200, "the KC rules")
    expect_eq((r.json["ruling"], r.json["ruled_on"]), ("changed", "2027-09-01"), "recorded")
    expect_error(kc.post("appeals/%d/ruling" % a["id"], {"ruling": "upheld", "text": "x"}), 409,
                 "already_ruled", "once")
    reg = register(kc, me)
    expect_eq((reg["register"][0]["months"], reg["quarantined"]["end"]), (2, "2027-10-19"),
              "the changed length")
    mails = srv.db_rows("SELECT to_addr, subject, body FROM mail_outbox WHERE kind = 'ruling'"
                        " ORDER BY id")
    to = {m[0]: (m[0], m[1], " ".join(m[2].split())) for m in mails}
    expect_eq(sorted(to), ["appellant@example.org", "atl@example.org"],
              "the appellant (he is the player sanctioned) and the TL")
    da, en = to["appellant@example.org"], to["atl@example.org"]
    expect("anken fra appellant" in da[1] and "afgørelsen er ændret" in da[1]
           and "Skaknævnet senest" in da[2] and "Two months are enough." in da[2],
           "the Danish ruling: %r" % (da,))
    expect("the decision is changed" in en[1] and "Two months are enough." in en[2]
           and "22 September 2027" in en[2], "the English ruling with its appeal-by day: %r"
           % (en,))
    # to Skaknævnet within 3 weeks of the ruling: the quarantine is suspended meanwhile
    r = appeal(mine, t["id"], did, grounds="to Skaknævnet")
    expect_status(r, 201, "the further appeal")
    expect_eq(r.json["to"], "skaknaevnet", "the next step (6.4.3 \"I hvert led\")")
    expect_status(enter(mine, AA), 201, "suspended while Skaknævnet decides (6.4.3)")
    expect(register(tl, me)["register"][0]["suspended"], "shown as suspended")
    r = kc.post("appeals/%d/ruling" % r.json["id"], {"ruling": "overturned", "text": "Void."})
    expect_status(r, 200, "Skaknævnet's ruling, recorded by the KC")
    expect_eq(register(tl, me)["register"][0]["overturned"], True, "overturned: off the register")
    expect_error(appeal(mine, t["id"], did), 409, "final", "nothing after Skaknævnet")
    # too late: 3 weeks after the notice
    r = tl.post("tournaments/%d/decisions" % t["id"],
                {"notified_on": "2027-08-01", "about": "game 1 adjudicated"})
    late = r.json["decisions"][-1]["id"]
    before = srv.db_rows("SELECT count(*) FROM appeals")
    r = appeal(theirs, t["id"], late)
    expect_error(r, 422, "too_late", "after 3 weeks (notified 1 August, by 22 August)")
    expect_message_mentions(r, "2027-08-22")
    expect_eq(srv.db_rows("SELECT count(*) FROM appeals"), before, "nothing stored")
    expect_status(appeal(theirs, t["id"], late, filed_on="2027-08-22"), 201,
                  "a letter dated the last day (recorded later) is in time")
    # a KC decision goes to Skaknævnet at once
    r = sanction(kc, t["id"], other, "warning", "2027-09-01")
    kd = r.json["decisions"][-1]["id"]
    expect_eq(appeal(theirs, t["id"], kd).json["to"], "skaknaevnet", "the KC's own: Skaknævnet")


# ------------------------------------------------------------ the matrix rows

_mx = []


def MX():
    if not _mx:
        srv = Server(today=TODAY).start()
        atexit.register(srv.close)
        _mx.append(MatrixWorld(srv, profile="server", start_date=TODAY))
    return _mx[0]


def expect_code(what, status, code=None):
    def check(resp, label):
        http_allowed(resp, label)
        expect(resp.status == status and (code is None or resp.code == code),
               "%s: %s wants %d %s, got %r" % (label, what, status, code or "", resp))
    return check


@test
def rows_member_read_member_set_register_read():
    run_row(MX(), "member_read", lambda w, c, cl: cl.get("users/%d/member" % w.subject(c)),
            fresh_each=False, allowed=expect_code("the fields", 200))
    run_row(MX(), "member_set",
            lambda w, c, cl: cl.request("PUT", "users/%d/member" % w.subject(c),
                                        {"member_no": "M-%s" % c[:3]}),
            fresh_each=False, allowed=expect_code("set", 200))
    run_row(MX(), "register_read", lambda w, c, cl: cl.get("users/%d/register" % w.subject(c)),
            fresh_each=False, allowed=expect_code("the register", 200))


def waiting_entry(w, column):
    """The class Å led by the game's TL, and an entry of the row's player
    (black; the TL who is a side: himself) waiting for its fee."""
    expect_status(w.root.request("PUT", "classes/AA", {"tl": w.ids["game's TL"]}), 200, "")
    uid = w.subject(column)
    rows = w.server.db_rows("SELECT id FROM entries WHERE user_id = ? AND tournament_id IS NULL",
                            (uid,))
    if not rows:
        side = "TL who is a side" if w.is_side(column) else "black"
        expect_status(w.client(side).post("entries", {"class": AA}), 201, "his own entry")
        rows = w.server.db_rows("SELECT id FROM entries WHERE user_id = ?"
                                " AND tournament_id IS NULL", (uid,))
    w.entry = rows[0][0]


@test
def row_entry_fee():
    """A fee is recorded by the class's TL or an admin (then 409
    fee_recorded the second time), never by the player himself."""
    def allowed(resp, label):
        http_allowed(resp, label)
        expect(resp.status == 200 or resp.code == "fee_recorded", "%s: %r" % (label, resp))
    run_row(MX(), "entry_fee", lambda w, c, cl: cl.post("entries/%d/fee" % w.entry, {}),
            prepare=waiting_entry, allowed=allowed)


@test
def row_sanction():
    def perform(w, column, client):
        return sanction(client, w.tournament(column), w.subject(column), "warning", TODAY,
                        about="a warning by %s" % column)

    def done(resp, label):
        http_allowed(resp, label)
        expect_status(resp, 201, label)
        expect_eq(resp.json["decisions"][-1]["kind"], "warning", label + ": stored")
    run_row(MX(), "sanction", perform, allowed=done)


def a_decision(w, column):
    t = w.tournament(column)
    rows = w.server.db_rows("SELECT id FROM tl_decisions WHERE tournament_id = ?", (t,))
    if not rows:
        expect_status(w.root.post("tournaments/%d/decisions" % t,
                                  {"notified_on": TODAY, "about": "game 1 adjudicated"}), 201, "")
        rows = w.server.db_rows("SELECT id FROM tl_decisions WHERE tournament_id = ?", (t,))
    w.decision = rows[0][0]


@test
def row_appeal():
    """A player of the tournament appeals (201); the kc or an admin records
    one for a player (for himself: 422 not_in_tournament, past the
    policy)."""
    def allowed(resp, label):
        http_allowed(resp, label)
        expect(resp.status == 201 or resp.code == "not_in_tournament", "%s: %r" % (label, resp))
    run_row(MX(), "appeal",
            lambda w, c, cl: appeal(cl, w.tournament(c), w.decision, grounds="by " + c),
            prepare=a_decision, allowed=allowed)


def an_appeal(w, column):
    a_decision(w, column)
    rows = w.server.db_rows("SELECT id FROM appeals WHERE decision_id = ? AND ruling IS NULL",
                            (w.decision,))
    if not rows:
        side = "TL who is a side" if w.is_side(column) else "white"
        expect_status(appeal(w.client(side), w.tournament(column), w.decision), 201, "")
        rows = w.server.db_rows("SELECT id FROM appeals WHERE decision_id = ?"
                                " AND ruling IS NULL", (w.decision,))
    w.appeal = rows[0][0]


@test
def row_appeal_rule():
    run_row(MX(), "appeal_rule",
            lambda w, c, cl: cl.post("appeals/%d/ruling" % w.appeal,
                                     {"ruling": "upheld", "text": "The TL was right."}),
            prepare=an_appeal, allowed=expect_code("ruled", 200))


@test
def row_tournament_tl_set():
    def done(resp, label):
        http_allowed(resp, label)
        expect_status(resp, 200, label)
        expect_eq(resp.json["tl"]["id"], MX().ids["other TL"], label + ": named")
    run_row(MX(), "tournament_tl_set",
            lambda w, c, cl: cl.request("PUT", "tournaments/%d/tl" % w.tournament(c),
                                        {"tl": w.ids["other TL"]}), allowed=done)
    w = MX()
    for body, code in (({"tl": w.ids["white"]}, "not_a_tl"), ({"tl": 999999}, "unknown_user"),
                       ({"tl": 0}, "invalid_field"), ({}, "missing_field")):
        expect_error(w.client("kc").request("PUT", "tournaments/%d/tl" % w.scene.tournament, body),
                     422, code, repr(body))
    expect_error(w.client("kc").request("PUT", "tournaments/999999/tl", {"tl": w.ids["other TL"]}),
                 404, "not_found", "no such tournament")


# ------------------------------------------------------------ editions

@test
def editions_start_in_their_season_or_on_the_kcs_day():
    """DSU 6.5.2 "Spillet i DM-klassen begynder hvert år i september",
    6.6.3 "Indledende runde startes normalt hvert år i sidste kvartal": a
    DM or a cup starting outside its season is made (never refused) with a
    warning; the kc may fix another start for a year's edition."""
    w = W()
    players = [w.player()[0] for _ in range(7)]
    def dm(start):
        r = w.tl.post("tournaments", {"name": uniq("DM "), "kind": "dm", "profile": "server",
                                      "start_date": start, "players": players})
        expect_status(r, 201, "a DM starting %s" % start)
        return r.json
    t = dm("2027-09-01")
    expect_eq(t["edition"], {"in_season": True, "warning": None, "kc_start": None}, "September")
    t = dm("2027-10-04")
    expect_eq(t["edition"]["in_season"], False, "October: out of season, yet made")
    expect("6.5.2" in t["edition"]["warning"], "the warning cites the rule: %r" % t["edition"])
    expect_error(w.tl.request("PUT", "editions/dm-2027", {"start_on": "2027-10-04"}), 403,
                 "forbidden", "a tl fixes no edition")
    r = w.kc.request("PUT", "editions/dm-2027", {"start_on": "2027-10-04"})
    expect_status(r, 200, "the kc says otherwise")
    t = w.tl.get("tournaments/%d" % t["id"]).json
    expect_eq(t["edition"], {"in_season": True, "warning": None, "kc_start": "2027-10-04"},
              "on the kc's day")
    expect_eq(dm("2027-09-01")["edition"]["in_season"], False,
              "the kc's day is that year's start now")
    expect_eq(dm("2028-09-04")["edition"]["in_season"], True, "another year: September again")
    for path, body, status, code in (("editions/dm-2027", {"start_on": "2028-01-01"}, 422,
                                      "invalid_date"),
                                     ("editions/dm-2027", {}, 422, "missing_field"),
                                     ("editions/team-2027", {"start_on": "2027-01-10"}, 404,
                                      "not_found"),
                                     ("editions/dm-27", {"start_on": "2027-01-10"}, 404,
                                      "not_found")):
        expect_error(w.kc.request("PUT", path, body), status, code, path)
    rr = w.rr(players[:2])
    expect("edition" not in rr, "a round robin has no edition")
    # the cup's preliminary round: the last quarter
    cup = w.tl.post("tournaments", {"name": uniq("Cup "), "kind": "cup", "profile": "server",
                                    "start_date": "2027-09-01", "players": players})
    expect_status(cup, 201, "a cup in September")
    expect("6.6.3" in (cup.json["edition"]["warning"] or ""), "warned: %r" % cup.json["edition"])
    cup = w.tl.post("tournaments", {"name": uniq("Cup "), "kind": "cup", "profile": "server",
                                    "start_date": "2027-10-01", "players": players})
    expect_eq(cup.json["edition"]["in_season"], True, "October: the last quarter")


@test
def row_edition_set():
    run_row(MX(), "edition_set",
            lambda w, c, cl: cl.request("PUT", "editions/cup-2027", {"start_on": "2027-11-01"}),
            fresh_each=False, allowed=expect_code("fixed", 200))


# ------------------------------------------------------------ the team championship

def team_tournament(srv, root, tl, first=None, teams=2, profile="dsu-post", start=None):
    """A team tournament led by tl: teams of 4 fresh players (first, when
    given, on board 1 of the first team); returns (TOURNAMENT, [[ids]])."""
    rosters = []
    for k in range(teams):
        ids = [srv.add_user(uniq("tp"))[0] for _ in range(4)]
        if k == 0 and first:
            ids[0] = first
        rosters.append(ids)
    r = root.post("tournaments", {"name": uniq("Hold "), "kind": "team", "profile": profile,
                                  "start_date": start or srv.today, "tl": tl,
                                  "teams": [{"name": "Klub %d" % (k + 1), "players": ids}
                                            for k, ids in enumerate(rosters)]})
    expect_status(r, 201, "a team tournament")
    return r.json, rosters


@test
def a_captains_reserve_with_the_tls_approval_and_the_14_day_stop():
    """DSU 6.7.2.2, 6.7.4.3, 6.7.6.1: the TL names the team's captain; the
    captain asks for a reserve (nobody else of the club does); the TL
    approves it beforehand; the reserve then plays the original's
    unfinished games on his seat (moves from his seat, the finished games
    stay the original's), and the 14 days from the stop's first day are
    special leave of the reserve in this tournament; at most 2 reserves a
    team (422 too_many_reserves)."""
    w = W()
    t, rosters = team_tournament(w.srv, w.admin, w.ids["tl"], teams=3)
    tid = t["id"]
    captain, cc = w.player()
    original = rosters[0][0]
    expect_error(w.tl2.request("PUT", "tournaments/%d/captains" % tid,
                               {"team": "Klub 1", "captain": captain}), 403,
                 "not_your_tournament", "another tl")
    expect_error(w.tl.request("PUT", "tournaments/%d/captains" % tid,
                              {"team": "Klub 9", "captain": captain}), 422, "unknown_team", "")
    r = w.tl.request("PUT", "tournaments/%d/captains" % tid, {"team": "Klub 1", "captain": captain})
    expect_status(r, 200, "the tl names the captain")
    team = [x for x in r.json["teams"] if x["name"] == "Klub 1"][0]
    expect_eq((team["captain"], team["reserves"]), (captain, []), "shown with the team")
    reserve, rc_ = w.player()
    other_club = w.srv.login(w.srv.db_rows("SELECT name FROM users WHERE id = ?",
                                           (rosters[0][1],))[0][0])
    body = {"team": "Klub 1", "original": original, "reserve": reserve, "stop_from": TODAY}
    expect_error(other_club.post("tournaments/%d/reserves" % tid, body), 403, "forbidden",
                 "a player of the club who is not its captain")
    expect_error(cc.post("tournaments/%d/reserves" % tid, dict(body, original=rosters[1][0])),
                 422, "not_in_tournament", "the other club's player")
    expect_error(cc.post("tournaments/%d/reserves" % tid, dict(body, reserve=rosters[1][0])),
                 422, "invalid_field", "a player of the tournament is no reserve")
    expect_error(cc.post("tournaments/%d/reserves" % tid, dict(body, stop_from="2027-08-31")),
                 422, "invalid_date", "a stop before today")
    r = cc.post("tournaments/%d/reserves" % tid, body)
    expect_status(r, 201, "the captain asks")
    req = r.json
    expect_eq((req["status"], req["stop_from"], req["stop_to"]), ("pending", TODAY, "2027-09-14"),
              "pending; 14 days, the first included")
    # before the approval the original plays on
    games = [w.admin.get("games/%d" % g).json for g in t["games"]]
    mine = [g for g in games if original in (g["white"]["id"], g["black"]["id"])]
    expect_eq(len(mine), 2, "board 1 of three teams: two games")
    expect_error(cc.post("reserves/%d/approval" % req["id"], {}), 403, "forbidden",
                 "the captain does not approve")
    expect_error(w.tl2.post("reserves/%d/approval" % req["id"], {}), 403, "not_your_tournament",
                 "another tl")
    r = w.tl.post("reserves/%d/approval" % req["id"], {})
    expect_status(r, 200, "the tl approves")
    expect_eq((r.json["status"], r.json["approved_on"], r.json["stop_booked"]),
              ("approved", TODAY, True), "approved, the stop booked: %r" % r.json)
    expect_error(w.tl.post("reserves/%d/approval" % req["id"], {}), 409, "already_approved", "")
    for g in mine:
        now = w.admin.get("games/%d" % g["id"]).json
        side = "white" if g["white"]["id"] == original else "black"
        expect_eq(now[side]["id"], reserve, "game %d: the reserve plays the seat" % g["id"])
    as_white = [g for g in mine if g["white"]["id"] == original]
    expect(as_white, "board 1 of three teams has one White game (R28)")
    if as_white:  # White moves first: the reserve from the original's seat
        oc = w.srv.login(w.srv.db_rows("SELECT name FROM users WHERE id = ?", (original,))[0][0])
        expect_error(oc.post("games/%d/moves" % as_white[0]["id"], {"move": "e2e4"}), 403,
                     "not_a_player", "the original no longer plays it")
        expect_status(rc_.post("games/%d/moves" % as_white[0]["id"], {"move": "e2e4"}), 201,
                      "the reserve moves")
    v = w.admin.get("users/%d/vacations" % reserve).json["vacations"]
    expect_eq([(x["start"], x["end"], x["kind"], x["tournament"]) for x in v],
              [(TODAY, "2027-09-14", "special_leave", tid)],
              "the 14-day stop as special leave of the reserve in this tournament")
    tt = w.admin.get("tournaments/%d" % tid).json
    expect_eq([s_["player"]["id"] for s_ in tt["standings"]].count(original), 1,
              "the seat stays the original's in the table")
    # the second reserve, then no third
    r = cc.post("tournaments/%d/reserves" % tid,
                {"team": "Klub 1", "original": rosters[0][1], "reserve": w.player()[0]})
    expect_status(r, 201, "the second")
    expect_error(cc.post("tournaments/%d/reserves" % tid,
                         {"team": "Klub 1", "original": rosters[0][2], "reserve": w.player()[0]}),
                 422, "too_many_reserves", "a third")
    expect_error(cc.post("tournaments/%d/reserves" % tid, body), 409, "already_replaced",
                 "the same seat twice")
    rr = w.rr([w.player()[0], w.player()[0]])
    expect_error(w.tl.request("PUT", "tournaments/%d/captains" % rr["id"],
                              {"team": "Klub 1", "captain": captain}), 422,
                 "not_a_team_tournament", "a round robin has no teams")



def team_scene(w, column, captain_is_side=True):
    """A team tournament for the row's column: led by the game's TL, black
    its first team's captain; for the TL who is a side: led by him, he
    plays board 1 of the first team and captains it."""
    side = w.is_side(column)
    tl = w.ids["TL who is a side"] if side else w.ids["game's TL"]
    t, rosters = team_tournament(w.server, w.root, tl, first=tl if side else None)
    cap = w.ids["TL who is a side"] if side else w.ids["black"]
    expect_status(w.root.request("PUT", "tournaments/%d/captains" % t["id"],
                                 {"team": "Klub 1", "captain": cap}), 200, "the captain")
    w.team_t, w.rosters = t["id"], rosters
    w.fresh = w.server.add_user(uniq("res"))[0]


@test
def row_captain_set():
    run_row(MX(), "captain_set",
            lambda w, c, cl: cl.request("PUT", "tournaments/%d/captains" % w.team_t,
                                        {"team": "Klub 2", "captain": w.ids["white"]}),
            prepare=team_scene, allowed=expect_code("named", 200))


@test
def row_reserve_request():
    run_row(MX(), "reserve_request",
            lambda w, c, cl: cl.post("tournaments/%d/reserves" % w.team_t,
                                     {"team": "Klub 1", "original": w.rosters[0][1],
                                      "reserve": w.fresh}),
            prepare=team_scene, allowed=expect_code("asked", 201))


def requested(w, column):
    team_scene(w, column)
    r = w.root.post("tournaments/%d/reserves" % w.team_t,
                    {"team": "Klub 1", "original": w.rosters[0][0], "reserve": w.fresh})
    expect_status(r, 201, "a reserve asked for")
    w.request = r.json["id"]


@test
def row_reserve_approve():
    run_row(MX(), "reserve_approve",
            lambda w, c, cl: cl.post("reserves/%d/approval" % w.request, {}),
            prepare=requested, allowed=expect_code("approved", 200))



@test
def a_reserve_is_rated_for_the_games_he_continued():
    """DSU 6.7.4.3 with 4.5: the reserve's games are rated as his, the
    original's finished ones as the original's (before, the reserve's
    games fell out of the group's rating: he sat on no seat)."""
    w = W()
    t, rosters = team_tournament(w.srv, w.admin, w.ids["tl"], teams=2, profile="server")
    reserve, _ = w.player()
    for uid in sum(rosters, []) + [reserve]:
        expect_status(w.admin.request("PATCH", "users/%d" % uid, {"otb_rating": 1800}), 200, "")
    original = rosters[0][0]
    r = w.tl.post("tournaments/%d/reserves" % t["id"],
                  {"team": "Klub 1", "original": original, "reserve": reserve})
    expect_status(r, 201, "asked")
    expect_status(w.tl.post("reserves/%d/approval" % r.json["id"], {}), 200, "approved")
    for gid in t["games"]:
        expect_status(w.tl.post("games/%d/result" % gid, {"result": "1-0", "reason": "by letter"}),
                      200, "game %d" % gid)
    h = w.admin.get("users/%d/ratings" % reserve).json["history"]
    expect_eq([(x["tournament"], x["games"]) for x in h], [(t["id"], 1)],
              "the reserve is rated for his game")
    expect_eq(w.admin.get("users/%d/ratings" % original).json["history"], [],
              "the original finished none")


# ------------------------------------------------------------ 6.8.1

@test
def a_lost_connection_proposes_the_withdrawal_after_30_days():
    """DSU 6.8.1 / I-15: the TL records the day a player reported his lost
    connection; not restored by lost + 30, the TL overview proposes his
    withdrawal from lost + 31 (before it, it lists the loss with its
    dates); a restoration in time closes it; postal play has no such rule
    (422 not_email)."""
    srv = Server(today="2027-09-01").start()
    atexit.register(srv.close)
    tl_id, _ = srv.add_user("ctl", "tl")
    a, _ = srv.add_user("ca")
    b, _ = srv.add_user("cb")
    tl = srv.login("ctl")
    t = tl.post("tournaments", {"name": "Email Open", "kind": "round_robin", "profile": "dsu-email",
                                "start_date": "2027-09-01", "players": [a, b]}).json
    post = tl.post("tournaments", {"name": "Post Open", "kind": "round_robin", "profile": "dsu-post",
                                   "start_date": "2027-09-01", "players": [a, b]}).json
    path = "tournaments/%d/connection-losses" % t["id"]
    expect_error(tl.post("tournaments/%d/connection-losses" % post["id"],
                         {"player": a, "lost_on": "2027-09-01"}), 422, "not_email", "postal")
    expect_error(tl.post(path, {"player": a, "lost_on": "2027-09-02"}), 422, "invalid_date",
                 "not after today")
    expect_error(tl.post(path, {"player": a, "restored_on": "2027-09-01"}), 404, "not_found",
                 "nothing to restore")
    r = tl.post(path, {"player": a, "lost_on": "2027-09-01"})
    expect_status(r, 201, "reported today")
    expect_eq((r.json["restore_by"], r.json["withdrawn_from"], r.json["propose_withdrawal"]),
              ("2027-10-01", None, False), "restore by lost + 30")
    expect_error(tl.post(path, {"player": a, "lost_on": "2027-09-01"}), 409, "already_lost", "")
    ov = tl.get("tl/overview").json["connection_lost"]
    expect_eq([(x["player"], x["propose_withdrawal"]) for x in ov], [(a, False)], "listed")
    srv.set_today("2027-10-01")
    tl = srv.login("ctl")
    ov = tl.get("tl/overview").json["connection_lost"]
    expect_eq([x["propose_withdrawal"] for x in ov], [False], "day 30: he may still restore it")
    srv.set_today("2027-10-02")
    tl = srv.login("ctl")
    ov = tl.get("tl/overview").json["connection_lost"]
    expect_eq([(x["player"], x["withdrawn_from"], x["propose_withdrawal"]) for x in ov],
              [(a, "2027-10-02", True)], "not restored: the withdrawal proposed")
    # b loses his and restores it in time: off the list
    r = tl.post(path, {"player": b, "lost_on": "2027-09-20"})
    expect_status(r, 201, "b's")
    r = tl.post(path, {"player": b, "restored_on": "2027-10-02"})
    expect_status(r, 200, "restored")
    expect_eq((r.json["restored_on"], r.json["propose_withdrawal"]), ("2027-10-02", False), "")
    ov = tl.get("tl/overview").json["connection_lost"]
    expect_eq([x["player"] for x in ov], [a], "only the open one")


@test
def row_connection_loss():
    def perform(w, column, client):
        return client.post("tournaments/%d/connection-losses" % w.tournament(column),
                           {"player": w.subject(column), "lost_on": TODAY})

    def allowed(resp, label):
        http_allowed(resp, label)
        expect(resp.status == 201 or resp.code == "already_lost", "%s: %r" % (label, resp))
    run_row(MX(), "connection_loss", perform, allowed=allowed)


@test
def row_foreign_result():
    """DSU 4.5.4.3: the kc (or an admin) enters a foreign tournament's
    result; nobody else (docs/AUTHORITY.md foreign_result)."""
    run_row(MX(), "foreign_result",
            lambda w, c, cl: cl.post("ratings/foreign",
                                     {"player": w.subject(c), "event": "Open abroad",
                                      "finished_on": TODAY,
                                      "games": [{"opponent": "N.N.", "rating": 2000,
                                                 "result": "1/2"}]}),
            fresh_each=False, allowed=expect_code("entered", 201))



# ------------------------------------------------------------ the rating list

@test
def off_the_rating_list_after_three_years_fresh_after_five():
    """DSU 4.5.5.1 item 4: a player whose last rated result is more than 3
    years old is taken off the list (GET /ratings and ratings.csv), his
    rating archived (USER.rating kept, not deleted); item 5: after more
    than 5 years he may start afresh (status fresh_start)."""
    srv = Server(today="2027-09-01").start()
    atexit.register(srv.close)
    srv.add_user("rroot", "admin")
    srv.add_user("rtl", "tl")
    admin, tl = srv.login("rroot"), srv.login("rtl")
    a, _ = srv.add_user("ra")
    b, _ = srv.add_user("rb")
    for uid, otb in ((a, 1900), (b, 1700)):
        expect_status(admin.request("PATCH", "users/%d" % uid, {"otb_rating": otb}), 200, "")
    t = tl.post("tournaments", {"name": "Rated RR", "kind": "round_robin", "profile": "server",
                                "start_date": "2027-09-01", "players": [a, b]}).json
    r = tl.post("games/%d/result" % t["games"][0], {"result": "1-0", "reason": "by letter"})
    expect_status(r, 200, "the group's one game ends")

    def listed(client):
        return [x["player"]["id"] for x in client.get("ratings").json["ratings"]]
    expect(a in listed(tl), "a rated player is on the list")
    rating = tl.get("users/%d" % a).json["rating"]
    expect_eq(tl.get("users/%d" % a).json["rating_list"], {"status": "listed",
                                                          "last_rated": "2027-09-01"}, "listed")
    srv.set_today("2030-09-01")
    tl = srv.login("rtl")
    expect(a in listed(tl), "3 years to the day: still on it")
    srv.set_today("2030-09-02")
    tl = srv.login("rtl")
    expect(a not in listed(tl) and b not in listed(tl), "more than 3 years old: off the list")
    csv = tl.get("ratings.csv")
    expect(",ra," not in csv.text and ",rb," not in csv.text, "nor in the CSV: %r" % csv.text)
    u = tl.get("users/%d" % a).json
    expect_eq((u["rating"], u["rating_list"]["status"]), (rating, "off_list"),
              "the rating kept, archived")
    expect_eq(len(tl.get("users/%d/ratings" % a).json["history"]), 1, "his history kept")
    srv.set_today("2032-09-02")
    tl = srv.login("rtl")
    expect_eq(tl.get("users/%d" % a).json["rating_list"]["status"], "fresh_start",
              "more than 5 years: he may start afresh (4.5.5.1 item 5)")


if __name__ == "__main__":
    run_tests()
