#!/usr/bin/env python3
"""POST /xfcc as raw SOAP against the real corrchessd (issue 14): a second
dialect (prefixed elements, a SOAPAction header, true/false, a quoted
charset, ISO-8859-1), the answers in the strict form regex clients need,
every Xfcc result code the server gives, bad input (a SOAP fault with
HTTP 500, SOAP 1.1 6.2 and WS-I BP R1126; nothing changed), a SOAP 1.2
request (a SOAP 1.2 VersionMismatch fault), the WSDL (GET /xfcc?wsdl), and
that a move over Xfcc leaves the game exactly as the same move over the
JSON API does."""
import http.client
import xml.etree.ElementTree as ET
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xfcc_util import *  # noqa: E402,F401,F403
import harness  # noqa: E402 (beside xfcc_util, which found it)

TODAY = "2027-09-01"
ACTION = '"http://www.bennedik.com/webservices/XfccBasic/%s"'


def W():
    return shared_world(today=TODAY)


def S():
    return W().server


def new_game(white="alice", black="bob", **kw):
    w = W()
    return harness.new_game(w.tl, w.ids[white], w.ids[black], start_date=TODAY, **kw)["id"]


def state(gid):
    return get_game(W().tl, gid)


def move(user, gid, mv="", prefix=None, action=True, **kw):
    """MakeAMove for user; returns the Soap answer."""
    body = call("MakeAMove", make_a_move(user, password_of(user), gid, mv, **kw), prefix=prefix)
    return post_xfcc(S(), body, soap_action=ACTION % "MakeAMove" if action else None)


def result_of(*a, **kw):
    r = move(*a, **kw)
    expect_status(r, 200, "MakeAMove")
    return r.result


def expect_fault(r, what):
    """A soap:Fault, with HTTP 500 (SOAP 1.1 6.2, WS-I BP R1126)."""
    expect_status(r, 500, what)
    expect(r.fault, "%s: no faultstring: %r" % (what, r))
    expect("<soap:Fault>" in r.text, "%s: the fault is not <soap:Fault>: %r" % (what, r))
    expect(r.headers.get("Content-Type", "").startswith("text/xml"), "%s: Content-Type" % what)


def fingerprint(gid):
    """What a refusal must leave as it was."""
    g = state(gid)
    msgs = W().tl.get("games/%d/messages" % gid).json["messages"]
    return (g["fen"], len(g["moves"]), g["status"], g["draw_offer"], g["result"], len(msgs))


@test
def prefixed_dialect_with_soapaction_and_true_false():
    gid = new_game()
    r = move("alice", gid, "e4", prefix="ns1", movecount=1, offer="true", resign="false",
             accept="false", claim="false", message="Hello <Bob> & co")
    expect_status(r, 200, "prefixed MakeAMove")
    expect_eq(r.result, "Success", "result")
    g = state(gid)
    expect_eq([m["san"] for m in g["moves"]], ["e4"], "moves")
    expect_eq(g["draw_offer"], "white", "offer with the move")
    msgs = W().bob.get("games/%d/messages" % gid).json["messages"]
    expect_eq([m["text"] for m in msgs], ["Hello <Bob> & co"], "message")
    # GetMyGames in the same dialect: bob's view.
    body = call("GetMyGames", [("username", "bob"), ("password", password_of("bob"))],
                prefix="x")
    r = post_xfcc(S(), body, soap_action=ACTION % "GetMyGames")
    expect_status(r, 200, "GetMyGames")
    games = {int(x["id"]): x for x in r.games()}
    x = games[gid]
    expect_eq(x["moves"], "1. e4", "moves")
    expect_eq((x["myTurn"], x["hasWhite"], x["drawOffered"]), ("true", "false", "true"),
              "flags")
    expect_eq(x["message"], "Hello <Bob> & co", "message to the opponent")
    expect_eq(x["result"], "Ongoing", "result")
    for k in ("daysPlayer", "hoursPlayer", "minutesPlayer", "daysOpponent", "hoursOpponent",
              "minutesOpponent", "whiteElo", "blackElo"):
        expect(re.fullmatch(r"\d+", x[k]), "%s is numeric: %r" % (k, x[k]))
    expect_eq(x["daysPlayer"], "40", "bob's days to move 10")
    # Alice does not get her own message back.
    body = call("GetMyGames", [("username", "alice"), ("password", password_of("alice"))])
    r = post_xfcc(S(), body)
    expect_eq({int(x["id"]): x for x in r.games()}[gid]["message"], "", "own message")
    # Once bob has answered, alice's message is no longer the news of the game.
    expect_eq(result_of("bob", gid, "e5", movecount=1), "Success", "bob's reply")
    body = call("GetMyGames", [("username", "bob"), ("password", password_of("bob"))])
    expect_eq({int(x["id"]): x for x in post_xfcc(S(), body).games()}[gid]["message"], "",
              "an older message")


@test
def answers_are_in_the_strict_form():
    gid = new_game()
    r = move("alice", gid, "d4", movecount=1)
    text = r.text
    expect(text.startswith('<?xml version="1.0" encoding="utf-8"?>'), "declaration: %r" % text)
    expect('<MakeAMoveResponse xmlns="%s">' % NS in text, "response element: %r" % text)
    # Scid: regsub {.*<MakeAMoveResponse.*\">} -> the result follows the last '">'.
    tail = text[text.rindex('">') + 2:].lstrip()
    expect(tail.startswith("<MakeAMoveResult>Success</MakeAMoveResult>"), "tail: %r" % tail)
    r = post_xfcc(S(), call("GetMyGames", [("username", "carol"),
                                            ("password", password_of("carol"))]))
    expect("<GetMyGamesResult>" in r.text and "</GetMyGamesResult>" in r.text,
           "an empty list still has the element: %r" % r.text)
    r = post_xfcc(S(), call("GetMyGames", [("username", "alice"),
                                            ("password", password_of("alice"))]))
    expect("<GetMyGamesResult>\n<XfccGame>" in r.text, "no attributes: %r" % r.text[:600])
    expect(not re.search(r"<XfccGame\s", r.text), "XfccGame has no attributes")
    expect(not re.search(r"</?\w+:(?!Envelope|Body|Fault)", r.text), "no other prefixes")
    expect_eq(r.headers.get("Content-Type"), "text/xml; charset=utf-8", "Content-Type")


@test
def every_result_code():
    w = W()
    gid = new_game()
    expect_eq(result_of("alice", gid, "e4", movecount=2), "InvalidMoveNumber", "move count")
    expect_eq(result_of("bob", gid, "e5", movecount=1), "NotYourTurn", "not his turn")
    expect_eq(result_of("carol", gid, "e4", movecount=1), "NotYourGame", "not her game")
    expect_eq(result_of("alice", 999999, "e4", movecount=1), "InvalidGameID", "no such game")
    expect_eq(result_of("alice", "x7", "e4", movecount=1), "InvalidGameID", "not a number")
    expect_eq(result_of("alice", gid, "Qh5", movecount=1), "InvalidMove", "illegal")
    expect_eq(result_of("alice", gid, "zz", movecount=1), "InvalidMove", "malformed")
    expect_eq(result_of("alice", gid, "", movecount=1), "InvalidMove", "no move")
    expect_eq(result_of("alice", gid, "e4", movecount=1, accept="1"), "NoDrawWasOffered",
              "accept without an offer")
    body = call("MakeAMove", make_a_move("alice", "wrong-password", gid, "e4", movecount=1))
    r = post_xfcc(S(), body)
    expect_status(r, 200, "MakeAMove with a wrong password")
    expect_eq(r.result, "AuthenticationFailed", "wrong password")
    body = call("MakeAMove", make_a_move("nobody", "whatever1", gid, "e4", movecount=1))
    expect_eq(post_xfcc(S(), body).result, "AuthenticationFailed", "unknown user")
    expect_eq(state(gid)["moves"], [], "nothing was played")
    # Ambiguous SAN: knights on b1 and f3 can both go to d2.
    fen = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
    amb = new_game(fen=fen)
    expect_eq(result_of("alice", amb, "Nd2", movecount=1), "MoveIsAmbigous", "ambiguous")
    expect_eq(result_of("alice", amb, "Nbd2", movecount=1), "Success", "disambiguated")
    # LostOnTime: the game ended by a time forfeit against the sender.
    lost = new_game()
    r = w.tl.post("games/%d/result" % lost, {"result": "1-0", "reason": "time forfeit (test)",
                                             "termination": "time_forfeit"})
    expect_status(r, 200, "TL result")
    expect_eq(result_of("bob", lost, "e5", movecount=1), "LostOnTime", "lost on time")
    expect_eq(result_of("alice", lost, "e4", movecount=1), "NotYourTurn", "a finished game")
    r = post_xfcc(S(), call("GetMyGames", [("username", "bob"), ("password", password_of("bob"))]))
    expect_eq({int(x["id"]): x for x in r.games()}[lost]["result"], "BlackDefaulted",
              "Xfcc result of a time forfeit")


@test
def draw_claim_by_threefold_repetition():
    gid = new_game()
    plies = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]
    for i, san in enumerate(plies):
        user = "alice" if i % 2 == 0 else "bob"
        expect_eq(result_of(user, gid, san, movecount=i // 2 + 1), "Success", san)
    before = fingerprint(gid)
    # A claim that does not hold changes nothing.
    expect_eq(result_of("bob", gid, "Nc6", movecount=4, claim="true"), "InvalidMove",
              "claim with a move that repeats nothing")
    expect_eq(fingerprint(gid), before, "after a rejected claim")
    expect_eq(result_of("alice", gid, "e4", movecount=4, claim="1"), "NotYourTurn",
              "claim out of turn")
    # Ng8 would repeat the start position a third time (FIDE 9.2).
    expect_eq(result_of("bob", gid, "Ng8", movecount=4, claim="true"), "Success", "claim")
    g = state(gid)
    expect_eq((g["result"], g["termination"]), ("1/2-1/2", "threefold"), "drawn by the claim")


@test
def offer_without_a_move_and_latin1_message():
    gid = new_game()
    expect_eq(result_of("bob", gid, "", offer="1"), "Success", "offer out of turn, no move")
    expect_eq(state(gid)["draw_offer"], "black", "offer stands")
    body = call("MakeAMove", make_a_move("alice", password_of("alice"), gid, "e4", movecount=1,
                                         message="Tak, Søren"))
    r = post_xfcc(S(), body.encode("iso-8859-1"), content_type="text/xml; charset='ISO-8859-1'")
    expect_eq(r.result, "Success", "Latin-1 request")
    g = state(gid)
    expect_eq(g["draw_offer"], None, "the offer lapsed with alice's move (FIDE 9.1)")
    msgs = W().alice.get("games/%d/messages" % gid).json["messages"]
    expect_eq(msgs[-1]["text"], "Tak, Søren", "Latin-1 text stored as UTF-8")
    # The messages are for the players and tournament leaders only.
    r = W().carol.get("games/%d/messages" % gid)
    expect_error(r, 403, "forbidden", "carol reads messages")
    expect_error(W().tl.get("games/999999/messages"), 404, "not_found", "no such game")


@test
def bad_input_is_a_fault_and_changes_nothing():
    gid = new_game()
    expect_eq(result_of("alice", gid, "e4", movecount=1), "Success", "a first move")
    before = fingerprint(gid)
    ok = call("MakeAMove", make_a_move("bob", password_of("bob"), gid, "e5", movecount=1))
    cases = [
        ("not XML", b"this is not XML", "not well-formed"),
        ("truncated", ok[:len(ok) // 2].encode(), "not well-formed"),
        ("bare ampersand", ok.replace("e5", "e5 & more").encode(), "not well-formed"),
        ("external entity", ('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM '
                             '"file:///etc/passwd">]>' + ok.split("?>", 1)[1]
                             ).replace(">bob<", ">&e;<").encode(),
         "a document type declaration is not accepted (no DTDs, no entities)"),
        # issue 23: the whole sentence, not a cut one
        ("unknown operation", call("DeleteEverything", [("username", "bob")]).encode(),
         'there is no operation "DeleteEverything" here: the operations are GetMyGames '
         "and MakeAMove"),
        ("foreign namespace", ok.replace(NS, "urn:elsewhere").encode(),
         'MakeAMove is in the namespace "urn:elsewhere", not in Xfcc\'s, ' + NS),
        ("not an envelope", b"<MakeAMove><username>bob</username></MakeAMove>",
         "the document is not a SOAP Envelope"),
        ("bad boolean", call("MakeAMove", make_a_move("bob", password_of("bob"), gid, "e5",
                                                      movecount=1, offer="yes")).encode(),
         "offerDraw must be true or false (or 1 or 0)"),
        ("unknown charset", ok.encode(), 'the charset "koi8-r" is not read here'),
        ("another SOAP envelope", ok.replace(SOAP, "urn:soap-0.9").encode(),
         'the Envelope is in the namespace "urn:soap-0.9": this server speaks SOAP 1.1'),
    ]
    for what, body, sentence in cases:
        ctype = "text/xml; charset=koi8-r" if what == "unknown charset" else "text/xml"
        r = post_xfcc(S(), body, content_type=ctype)
        expect_fault(r, what)
        expect(sentence in r.fault, "%s: faultstring %r lacks %r" % (what, r.fault, sentence))
        code = r.find("faultcode").text
        expect_eq(code, "soap:VersionMismatch" if what == "another SOAP envelope"
                  else "soap:Client", "%s: faultcode" % what)
        expect_eq(fingerprint(gid), before, "after %s" % what)
    # A body over the limit is refused by HTTP (413, WS-I BP R1125), not a fault.
    r = post_xfcc(S(), ok.replace("e5", "e5" + " " * 70000).encode(), content_type="text/xml")
    expect_status(r, 413, "too big")
    expect(r.headers.get("Content-Type", "").startswith("text/plain"), "413: %r" % r.headers)
    expect_eq(fingerprint(gid), before, "after a body too big")
    # A SOAPAction that names another operation than the body.
    r = post_xfcc(S(), ok, soap_action=ACTION % "GetMyGames")
    expect_fault(r, "SOAPAction mismatch")
    expect_eq(r.fault, "the SOAPAction names GetMyGames but the body calls MakeAMove",
              "faultstring")
    expect_eq(fingerprint(gid), before, "after a SOAPAction mismatch")
    # Another method: 405 (WS-I BP R1114), no fault; GET is for ?wsdl.
    for method in ("GET", "PUT", "DELETE"):
        r = post_xfcc(S(), b"" if method != "PUT" else ok.encode(), method=method,
                      content_type=None if method != "PUT" else "text/xml")
        expect_status(r, 405, "%s /xfcc" % method)
        expect(r.root is None and "POST" in r.text, "%s: a text, not a fault: %r" % (method, r))
        expect_eq(r.headers.get("Allow"), "GET, POST", "Allow header")
    # GetMyGames with a wrong password.
    r = post_xfcc(S(), call("GetMyGames", [("username", "bob"), ("password", "nope-nope")]))
    expect_fault(r, "GetMyGames with a wrong password")
    expect_eq(r.fault, "AuthenticationFailed", "faultstring")
    # The daemon is still well.
    expect_eq(result_of("bob", gid, "e5", movecount=1), "Success", "a good call afterwards")


@test
def a_move_over_xfcc_is_the_same_as_over_the_api():
    """The same moves (with a move series proposed over the API in between,
    DSU 6.2.5) in two games, one played over the JSON API and one over
    Xfcc: the games end up identical, clocks and all."""
    w = W()
    api_game, xfcc_game = new_game(), new_game()
    r = w.alice.post("games/%d/moves" % api_game, {"move": "e4"})
    expect_status(r, 201, "API move")
    expect_eq(result_of("alice", xfcc_game, "e4", movecount=1), "Success", "Xfcc move")
    for gid in (api_game, xfcc_game):
        r = w.bob.post("games/%d/moves" % gid, {"move": "e5", "series": ["Nf3", "Nc6"]})
        expect_status(r, 201, "bob's move with a series")
    # Alice follows the series: Nf3, and Nc6 is played for bob at once.
    r = w.alice.post("games/%d/moves" % api_game, {"move": "Nf3"})
    expect_status(r, 201, "API move following the series")
    expect_eq(result_of("alice", xfcc_game, "Nf3", movecount=2), "Success", "Xfcc move")
    a, x = state(api_game), state(xfcc_game)
    expect_eq([m["san"] for m in x["moves"]], ["e4", "e5", "Nf3", "Nc6"], "series followed")
    for k in ("fen", "to_move", "status", "series", "draw_offer", "clock"):
        expect_eq(x[k], a[k], k)
    strip = lambda g: [{k: v for k, v in m.items()} for m in g["moves"]]
    expect_eq(strip(x), strip(a), "the moves, their dates and days")


@test
def long_messages_are_cut_at_a_character_boundary():
    gid = new_game()
    text = "ø" * 1500  # 3000 bytes of UTF-8
    expect_eq(result_of("alice", gid, "e4", movecount=1, message="  " + text + "\n"), "Success",
              "a move with a long message")
    stored = W().alice.get("games/%d/messages" % gid).json["messages"][-1]["text"]
    expect_eq(stored, "ø" * 1000, "cut to 1000 characters (as POST .../messages takes), "
              "whole characters, blanks trimmed")
    expect_eq(result_of("bob", gid, "e5", movecount=1, message="   "), "Success", "blank message")
    expect_eq(len(W().alice.get("games/%d/messages" % gid).json["messages"]), 1,
              "a blank message is not stored")


@test
def finished_games_stay_listed_for_30_days():
    srv = shared_server("days", today=TODAY)
    wid, _ = srv.add_user("white1")
    bid, _ = srv.add_user("black1")
    tl_id, _ = srv.add_user("tl1", role="tl")
    tl = srv.login("tl1")
    r = tl.post("games", {"white": wid, "black": bid, "profile": "server",
                          "start_date": TODAY})
    gid = r.json["id"]
    body = call("MakeAMove", make_a_move("black1", password_of("black1"), gid, "", resign="1"))
    expect_eq(post_xfcc(srv, body).result, "Success", "resign")
    mine = call("GetMyGames", [("username", "white1"), ("password", password_of("white1"))])
    ids = lambda: [int(x["id"]) for x in post_xfcc(srv, mine).games()]
    expect_eq(ids(), [gid], "listed the day it ended")
    srv.set_today(add_days(TODAY, 30))
    expect_eq(ids(), [gid], "listed 30 days later")
    srv.set_today(add_days(TODAY, 31))
    expect_eq(ids(), [], "gone after 30 days")


@test
def an_xfcc_move_brings_the_same_mail_as_an_api_move():
    """The notices of a stored change (issue 13's move mail, queued in the
    move's own transaction) come with an Xfcc move as with an API move."""
    srv = shared_server("mail", today=TODAY, extra_env={
        "CORRCHESS_MAIL_FROM": "corrchess@chess.test", "CORRCHESS_BASE_URL": "https://chess.test"})
    w = World(srv)
    games = []
    for _ in range(2):
        r = w.tl.post("games", {"white": w.ids["alice"], "black": w.ids["bob"],
                                "profile": "server", "start_date": TODAY})
        expect_status(r, 201, "create game")
        games.append(r.json["id"])
    rows = lambda: srv.db_rows("SELECT id, to_addr, kind, subject, body,"
                               " coalesce(queued_event, '') FROM mail_outbox ORDER BY id")
    start = len(rows())
    expect_status(w.alice.post("games/%d/moves" % games[0], {"move": "e4"}), 201, "API move")
    api_mail = rows()[start:]
    body = call("MakeAMove", make_a_move("alice", password_of("alice"), games[1], "e4",
                                         movecount=1))
    expect_eq(post_xfcc(srv, body).result, "Success", "Xfcc move")
    xfcc_mail = rows()[start + len(api_mail):]
    expect(api_mail, "the API move queued no mail")
    def same(m, gid):
        ids = lambda t: re.sub(r"(game |/games/)%d\b" % gid, r"\1ID", t)
        # the event a move mail is queued as (migration 0043): its sixth
        # field is the game
        ev = m[5].split("\t")
        if len(ev) > 5 and ev[5] == str(gid):
            ev[5] = "ID"
        return (m[1], m[2], ids(m[3]), ids(m[4]), "\t".join(ev))
    expect_eq([same(m, games[1]) for m in xfcc_mail], [same(m, games[0]) for m in api_mail],
              "the mail of the Xfcc move")


@test
def an_xfcc_message_is_a_message_of_the_game():
    """myMessage is the command of POST .../messages (svc_message_post):
    the same row and the same mail to the opponent (kind message); a
    client's line ends become LF and other control characters spaces
    rather than refusing the move."""
    srv = shared_server("messages", today=TODAY, extra_env={
        "CORRCHESS_MAIL_FROM": "corrchess@chess.test", "CORRCHESS_BASE_URL": "https://chess.test"})
    w = World(srv)
    r = w.tl.post("games", {"white": w.ids["alice"], "black": w.ids["bob"],
                            "profile": "server", "start_date": TODAY})
    expect_status(r, 201, "create game")
    gid = r.json["id"]
    kinds = lambda: [k for (k,) in srv.db_rows(
        "SELECT kind FROM mail_outbox WHERE user_id = ? ORDER BY id", (w.ids["bob"],))]
    before = kinds()
    body = call("MakeAMove", make_a_move("alice", password_of("alice"), gid, "e4", movecount=1,
                                         message="Good luck!\r\nTwo\tlines"))
    expect_eq(post_xfcc(srv, body).result, "Success", "a move with a message")
    msgs = w.bob.get("games/%d/messages" % gid).json["messages"]
    expect_eq([(m["text"], m["via"], m["from"]["id"]) for m in msgs],
              [("Good luck!\nTwo lines", "xfcc", w.ids["alice"])], "the message, as stored")
    expect("message" in kinds()[len(before):], "bob is mailed the message: %r" % kinds())


@test
def whiteelo_and_blackelo_are_the_players_ratings():
    """whiteElo/blackElo carry each player's K-rating (store_ratings_game:
    the rating he was rated from in the game's group, else his current
    one), 0 for a player without one."""
    w, srv = W(), S()
    dora, _ = srv.add_user("dora_elo")
    erik, _ = srv.add_user("erik_elo")
    expect_status(w.admin.request("PATCH", "users/%d" % dora, body={"rating": 1875}), 200,
                  "dora's rating")
    r = w.tl.post("games", {"white": dora, "black": erik, "profile": "server",
                            "start_date": TODAY})
    expect_status(r, 201, "create game")
    gid = r.json["id"]

    def elos(user):
        body = call("GetMyGames", [("username", user), ("password", password_of(user))])
        x = {int(g["id"]): g for g in post_xfcc(srv, body).games()}[gid]
        return (x["whiteElo"], x["blackElo"])
    expect_eq(elos("erik_elo"), ("1875", "0"), "White rated, Black without a rating")
    expect_status(w.admin.request("PATCH", "users/%d" % erik, body={"rating": 2010}), 200,
                  "erik's rating")
    expect_eq(elos("dora_elo"), ("1875", "2010"), "both rated, as either player sees it")


@test
def login_throttling_as_the_api():
    """API.md "Operations": Xfcc logins count against the same limits as
    POST /session (svc_login()): after 5 failures for one account from
    one address the 6th call from there is refused
    (a fault, HTTP 500 as every fault, with Retry-After) before any
    hashing, even with the right password,
    and the API's sign-in is refused too; another login is untouched."""
    env = {"CORRCHESS_LOGIN_FAILURES": "5", "CORRCHESS_ADDRESS_FAILURES": "20"}
    with Server(today=TODAY, extra_env=env) as srv:
        srv.start()
        srv.add_user("dora", "player")
        srv.add_user("emil", "player")
        games = lambda who, pw: post_xfcc(srv, call("GetMyGames", [("username", who),
                                                                    ("password", pw)]),
                                          soap_action=ACTION % "GetMyGames")
        for i in range(5):
            expect_fault(games("dora", "wrong"), "failed login %d" % (i + 1))
        r = games("dora", password_of("dora"))
        expect_fault(r, "the 6th try, with the right password")
        expect(r.fault.startswith("AuthenticationFailed: too many failed logins, try again in "),
               "faultstring %r" % r.fault)
        expect(int(r.headers.get("Retry-After", "0")) > 0, "Retry-After: %r" % r.headers)
        expect_error(srv.client().post("session", {"login": "dora",
                                                   "password": password_of("dora")}),
                     429, "too_many_attempts", "the API counts the Xfcc failures")
        # issue 20: one counter per account, whatever the login's form;
        # the owner, from an address that did not fail, still signs in.
        expect_fault(games("dora@example.org", password_of("dora")),
                     "her e-mail is the same account")
        c = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=30,
                                       source_address=("127.0.0.2", 0))
        c.request("POST", "/xfcc", body=call("GetMyGames", [("username", "dora"),
                                                             ("password", password_of("dora"))]),
                  headers={"Content-Type": 'text/xml; charset="utf-8"',
                           "SOAPAction": ACTION % "GetMyGames"})
        expect_eq(c.getresponse().status, 200, "dora from another address")
        c.close()
        expect_status(games("emil", password_of("emil")), 200, "another login still works")


@test
def soap12_gets_a_soap12_version_mismatch():
    """Issue 23: a SOAP 1.2 envelope gets the SOAP 1.2 VersionMismatch
    fault (SOAP 1.2 part 1, 5.4.7; HTTP 500 by part 2, 7.5.1) with the
    Upgrade header naming the SOAP 1.1 envelope, and changes nothing."""
    gid = new_game()
    before = fingerprint(gid)
    env12 = "http://www.w3.org/2003/05/soap-envelope"
    body = ('<?xml version="1.0" encoding="utf-8"?><env:Envelope xmlns:env="%s"><env:Body>'
            '<MakeAMove xmlns="%s">%s</MakeAMove></env:Body></env:Envelope>'
            % (env12, NS, "".join("<%s>%s</%s>" % (k, esc(str(v)), k) for k, v in
                                  make_a_move("alice", password_of("alice"), gid, "e4",
                                              movecount=1))))
    r = post_xfcc(S(), body, content_type='application/soap+xml; charset=utf-8; '
                                          'action="%s/MakeAMove"' % NS)
    expect_status(r, 500, "SOAP 1.2 request")
    expect(r.headers.get("Content-Type", "").startswith("application/soap+xml"),
           "Content-Type %r" % r.headers.get("Content-Type"))
    root = r.root
    expect_eq(root.tag, "{%s}Envelope" % env12, "a SOAP 1.2 envelope")
    value = root.find("{%s}Body/{%s}Fault/{%s}Code/{%s}Value" % ((env12,) * 4))
    expect(value is not None and value.text == "env:VersionMismatch", "Code: %r" % r.text)
    sup = root.find("{%s}Header/{%s}Upgrade/{%s}SupportedEnvelope" % ((env12,) * 3))
    expect(sup is not None and sup.get("qname") == "ns1:Envelope", "Upgrade: %r" % r.text)
    expect('xmlns:ns1="%s"' % SOAP in r.text, "ns1 is SOAP 1.1: %r" % r.text)
    reason = root.find("{%s}Body/{%s}Fault/{%s}Reason/{%s}Text" % ((env12,) * 4))
    expect(reason is not None and "SOAP 1.1" in reason.text, "Reason: %r" % r.text)
    expect_eq(fingerprint(gid), before, "a SOAP 1.2 call changes nothing")


@test
def the_wsdl_is_served():
    """Issue 23: GET /xfcc?wsdl (any case) is the WSDL, its address the
    server's base_url (the default here) and /xfcc; its XfccGame sequence
    is the order GetMyGames writes."""
    for q in ("wsdl", "WSDL"):
        r = post_xfcc(S(), b"", method="GET", content_type=None, query=q)
        expect_status(r, 200, "GET /xfcc?%s" % q)
        expect_eq(r.headers.get("Content-Type"), "text/xml; charset=utf-8", "Content-Type")
        wsdl = "http://schemas.xmlsoap.org/wsdl/"
        expect_eq(r.root.tag, "{%s}definitions" % wsdl, "a WSDL 1.1")
        expect_eq(r.root.get("targetNamespace"), NS, "targetNamespace")
        addr = r.root.find("{%s}service/{%s}port/{http://schemas.xmlsoap.org/wsdl/soap/}address"
                           % (wsdl, wsdl))
        expect(addr is not None and addr.get("location") == "http://127.0.0.1:8080/xfcc",
               "address: %r" % (addr.attrib if addr is not None else r.text[-300:]))
    xs = "http://www.w3.org/2001/XMLSchema"
    seq = [e.get("name") for e in r.root.iter("{%s}complexType" % xs) if e.get("name") == "XfccGame"]
    expect_eq(seq, ["XfccGame"], "one XfccGame type")
    declared = [e.get("name") for t in r.root.iter("{%s}complexType" % xs)
                if t.get("name") == "XfccGame" for e in t.iter("{%s}element" % xs)]
    gid = new_game()
    games = post_xfcc(S(), call("GetMyGames", [("username", "alice"),
                                                ("password", password_of("alice"))]))
    el = next(g for g in games.root.iter("{%s}XfccGame" % NS)
              if g.find("{%s}id" % NS).text == str(gid))
    expect_eq([c.tag.split("}")[-1] for c in el], declared, "GetMyGames writes the WSDL's order")
    expect_eq(declared[:7], ["id", "white", "black", "event", "site", "myTurn", "hasWhite"],
              "ICCF's order (docs/XFCC.md)")


if __name__ == "__main__":
    run_tests()
