/* handlers.h: the route handlers of the files that export nothing else,
 * one list for the route table (router.c), as git's builtin.h lists its
 * commands.  Each answers one route of docs/API.md (parse -> server/svc
 * -> render) and returns the status of the response it set; a refused
 * request changes nothing. */
#ifndef CORRCHESS_API_HANDLERS_H
#define CORRCHESS_API_HANDLERS_H

#include "api/api.h"

/* What the route table calls. */
typedef int api_handler(struct app *app, struct api_req *rq, struct api_resp *rs);

/* ---- api_actions.c: the game actions of API.md besides a move - draw offers,
 * resigning, claims and a TL's result. */

/* POST /api/v1/games/{id}/draw {"action": "offer"|"accept"|"decline"} */
api_handler api_actions_draw;
/* POST /api/v1/games/{id}/resign */
api_handler api_actions_resign;
/* POST /api/v1/games/{id}/claim {"type", "move"?} */
api_handler api_actions_claim;
/* POST /api/v1/games/{id}/result (tl, admin) {"result", "reason", "termination"?} */
api_handler api_actions_result;

/* ---- session.c: the Sessions endpoints of API.md, and who a request is. */

/* POST /api/v1/session {"login", "password"} -> 201 {"token", "user"} */
api_handler api_session_create;

/* DELETE /api/v1/session: signs this token out. */
api_handler api_session_delete;

/* Finds the user of the Bearer token into rq->user: 0, or the status of
 * the error response it set (401, 500).  For the router. */
api_handler api_session_user;

/* ---- password.c: changing a password and resetting a forgotten one
 * (API.md "Operations"). */

/* POST /api/v1/users/me/password {"old", "new"} -> 200
 * {"password_changed": true}; the user's other sessions and his unused
 * reset links end.  A wrong old password is 403 wrong_password and counts
 * as a failed login (429 too_many_attempts with Retry-After past the
 * limits). */
api_handler api_password_change;

/* POST /api/v1/password-reset {"login"} -> always 202 {"accepted": true},
 * before anything is looked up: the request is queued for the outbox
 * sender, which, when the login exists, stores the token's hash and the
 * mail with a one-time link (valid one hour) and sends it (when smtp_url
 * is set; else by the next sweep); at most one link a user every 15
 * minutes. */
api_handler api_password_reset;

/* POST /api/v1/password-reset/confirm {"token", "password"} -> 200
 * {"password_changed": true} and every session and every other reset link
 * of the user ends; an unknown, used or expired token is 422
 * invalid_token (looked up before any hashing; it counts as a failure of
 * the address: 429 too_many_attempts past its limit). */
api_handler api_password_reset_confirm;

/* ---- me.c: the user's own settings, his calendar feed and the one-click
 * unsubscribe link (API.md "Calendar"; docs/NOTIFY.md). */

/* GET /api/v1/users/me: USER plus email, mail, language, calendar_url. */
api_handler api_me_get;

/* PATCH /api/v1/users/me {"mail"?, "language"?}: 200 as GET. */
api_handler api_me_patch;

/* GET /api/v1/users/{id}/calendar.ics?key=K (no login): text/calendar;
 * 404 for a wrong key or user. */
api_handler api_me_calendar;

/* POST /api/v1/users/{id}/unsubscribe?key=K (no login; RFC 8058 one
 * click): mail off; 404 for a wrong key or user.  The answer is JSON, or
 * the confirming page (text/html, Danish and English) when the body is
 * the form of the page below ("...&page=1"). */
api_handler api_me_unsubscribe;

/* GET /api/v1/users/{id}/unsubscribe?key=K (no login): the link of
 * List-Unsubscribe opened in a browser (RFC 2369): a small page in Danish
 * and English whose button POSTs the one-click form; it changes nothing
 * itself, so a link scanner unsubscribes nobody.  404 for a wrong key. */
api_handler api_me_unsubscribe_page;

/* ---- api_rules.c: the rule endpoints of issue 9 (API.md "Moves"; DSU 6.3.6.2,
 * 4.7; docs/RULES.md): a notice of a longer think, a reminder the
 * waiting player posted, and the TL's tools (penalty days, a corrected
 * move date, the audit lines of a game, the holiday play-on agreement). */

/* POST /api/v1/games/{id}/notice {"days"} (the player to move) -> 201 GAME */
api_handler api_rules_notice;
/* POST /api/v1/games/{id}/reminder {"sent"?} (the waiting player, postal) -> 201 GAME */
api_handler api_rules_reminder;
/* POST /api/v1/games/{id}/penalty {"color", "days", "reason"} (tl) -> 201 GAME */
api_handler api_rules_penalty;
/* PATCH /api/v1/games/{id}/moves/{ply} {"received"?, "sent"?, "reason"} (tl) -> 200 GAME */
api_handler api_rules_move_dates;
/* GET /api/v1/games/{id}/audit (tl) -> 200 {"audit": [...], "next"} */
api_handler api_rules_audit;
/* POST /api/v1/games/{id}/holiday_play {"agreed", "reason"} (tl) -> 200 GAME */
api_handler api_rules_holiday_play;

/* ---- tl_decisions.c: a tournament leader's decisions on a tournament
 * (docs/API.md "Tournaments"), each by its TL or an admin
 * (docs/AUTHORITY.md; svc/svc_decisions.h decides and stores):
 *
 *   POST /api/v1/tournaments/{id}/withdrawals   api_tournaments_withdraw
 *   POST /api/v1/tournaments/{id}/playoff       api_tournaments_playoff
 *   POST /api/v1/tournaments/{id}/publication   api_tournaments_publication
 *   POST /api/v1/tournaments/{id}/decisions     api_tournaments_decision */

/* {"player", "reason": "valid"|"invalid"|"silent", "on"?} -> 201
 * TOURNAMENT: at most half his games finished -> all of them scored as
 * lost (DSU 6.2.8), in one transaction with the record; otherwise the
 * unfinished ones are listed for adjudication. */
api_handler api_tournaments_withdraw;

/* {"games": [{"white", "black", "result"}]} or {"agree_to_share": true}
 * -> 201 TOURNAMENT: the DM play-off (6.5.2c, R33c).  409
 * no_playoff_needed / playoff_entered / not_finished; 422 not_a_dm /
 * invalid_playoff. */
api_handler api_tournaments_playoff;

/* {"on"} -> 200 TOURNAMENT: the day its results were published (R12-R13:
 * the objection, prize and correspondence deadlines in the TL overview). */
api_handler api_tournaments_publication;

/* {"notified_on", "about"} -> 201 TOURNAMENT: a decision notified to the
 * players (R19: appeal within 3 weeks, in the TL overview). */
api_handler api_tournaments_decision;

/* ---- entries.c: EMT entries and entry rights (docs/API.md "Tournaments";
 * DSU 6.4.4, 6.5.1-6.5.3; svc/svc_entries.h and svc/svc_users.h decide
 * and store).
 *
 *   POST /api/v1/entries              api_entries_create (entry_own, entry_for)
 *   GET  /api/v1/users/{id}/rights    api_users_rights
 *   POST /api/v1/users/{id}/rights    api_users_grant_right (right_grant) */

/* -> {"rights": [{"class", "until" (null: no end), "why"}], "first_timer",
 * "running": [{"tournament", "class", "score", "games",
 * "relegation_risk_gone"}], "may_enter_further_group"}: the EMT classes
 * he may enter today and his running groups (6.5.1.2, R25). */
api_handler api_users_rights;

/* {"class", "player"?} (a player for himself; the class's TL or an admin
 * for another) -> 201 {"id", "player", "class", "tournament"}: 422
 * no_right, relegation_risk; 409 already_entered; the 7th waiting entry
 * of a class (not DM) starts a group of those seven at once (DSU
 * 6.5.1.1), led by the class's TL. */
api_handler api_entries_create;

/* {"class", "until", "source": "international"|"tl"} -> 201 as GET
 * .../rights: an entry right the server cannot compute (DSU 6.5.3.2c
 * international play, 6.5.3.2e); an admin's, never to himself. */
api_handler api_users_grant_right;

#endif
