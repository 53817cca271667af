/* tournaments.h: the Tournaments endpoints of API.md (SPEC 6; DSU
 * 6.5-6.7).
 *
 *   POST /api/v1/tournaments        api_tournaments_create (tl, admin)
 *   GET  /api/v1/tournaments        api_tournaments_list
 *   GET  /api/v1/tournaments/{id}   api_tournaments_get
 *   POST /api/v1/tournaments/{id}/withdrawals   api_tournaments_withdraw (its tl, admin)
 *   POST /api/v1/tournaments/{id}/playoff       api_tournaments_playoff (its tl, admin)
 *   POST /api/v1/tournaments/{id}/publication   api_tournaments_publication (its tl, admin)
 *   POST /api/v1/tournaments/{id}/decisions     api_tournaments_decision (its tl, admin)
 *   POST /api/v1/users/{id}/rights              api_users_grant_right (tl, admin)
 *
 * A tournament is stored with its players by seat (tournament_players)
 * and all its games (games.tournament_id), created together in one
 * transaction.  Pairings, standings and tie-breaks come from
 * lib/tourney; the standings are computed on each GET from the games'
 * results, so a result a TL corrects shows at once. */
#ifndef CORRCHESS_API_TOURNAMENTS_H
#define CORRCHESS_API_TOURNAMENTS_H

#include "api/api.h"

#define TOURNAMENT_MAX_PLAYERS 100 /* players of one tournament (4950 games single RR) */
#define TOURNAMENT_MAX_TEAMS   25  /* teams of one team tournament (100 players) */
#define TOURNAMENT_BOARDS      4   /* boards of a team (SPEC 6) */
#define TOURNAMENT_EMT_PLAYERS 7   /* an EMT group (SPEC 6) */
#define TOURNAMENT_NAME_MAX    100 /* bytes of a tournament's or a team's name */

/* POST /api/v1/tournaments {"name", "kind", "profile", "start_date",
 * "players": [id...]} or, for kind "team", "teams": [{"name", "players":
 * [4 ids]}] -> 201 TOURNAMENT with all games created. */
int api_tournaments_create(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/tournaments/{id} (id in rq->ids[0]) -> 200 TOURNAMENT. */
int api_tournaments_get(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/tournaments -> 200 {"tournaments": [...]}, newest first. */
int api_tournaments_list(struct app *app, struct api_req *rq, struct api_resp *rs);

/* True when u may act on a tournament led by tl (DSU 6.1.3): an admin on
 * every one, a tl only on those he leads. */
bool api_tournaments_may_lead(const struct user *u, int64_t tl);

/* POST /api/v1/tournaments/{id}/withdrawals (its tl, admin) {"player",
 * "reason": "valid"|"invalid"|"silent", "on"?} -> 201 TOURNAMENT: at most
 * half his games finished -> all of them scored as lost (DSU 6.2.8), in
 * one transaction with the record; otherwise the unfinished ones are
 * listed for adjudication. */
int api_tournaments_withdraw(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/users/{id}/rights -> {"rights": [{"class", "until" (null:
 * no end), "why"}], "first_timer", "running": [{"tournament", "class",
 * "score", "games", "relegation_risk_gone"}], "may_enter_further_group"}:
 * the EMT classes he may enter today (DSU 6.5.2.2, 6.5.3.2) from his
 * finished groups with a class, his OTB rating (6.5.3.2d), the cup's
 * finished stages (6.6.2) and the rights a TL granted; and his running
 * groups (6.5.1.2, R25). */
int api_users_rights(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/entries {"class", "player"?} (a player for himself, a
 * tl/admin for anyone) -> 201 {"id", "player", "class", "tournament"}:
 * 422 no_right when his rights do not reach the class, 409
 * already_entered when he waits already; the 7th waiting entry of a class
 * (not DM) starts a group of those seven at once (DSU 6.5.1.1). */
int api_entries_create(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/tournaments/{id}/next-stage (its tl, admin) {"stage"?:
 * "semifinal"|"final"} -> 201 the cup: from its finished groups of the
 * last stage those placed at or above `advance` (all tied at the cut go
 * on, 6.6.1.4), and after the preliminary round the direct semifinal
 * entries, into the next stage's groups by lot (semifinal: 7s and 6s;
 * final: one group).  409 stage_not_finished / cup_finished. */
int api_tournaments_next_stage(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/users/{id}/rights (tl, admin) {"class", "until", "source":
 * "international"|"tl"} -> 201 as GET .../rights: an entry right the
 * server cannot compute (DSU 6.5.3.2c international play, 6.5.3.2e). */
int api_users_grant_right(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/tournaments/{id}/playoff (its tl, admin) {"games":
 * [{"white", "black", "result"}]} or {"agree_to_share": true} -> 201
 * TOURNAMENT: the DM play-off (6.5.2c, R33c; 2 games between two tied
 * players, any format for three or more, I-3).  409 no_playoff_needed /
 * playoff_entered / not_finished; 422 not_a_dm / invalid_playoff. */
int api_tournaments_playoff(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/tournaments/{id}/publication (its tl, admin) {"on"} ->
 * 200 TOURNAMENT: the day its results were published (R12-R13: the
 * objection, prize and correspondence deadlines in the TL overview). */
int api_tournaments_publication(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/tournaments/{id}/decisions (its tl, admin) {"notified_on",
 * "about"} -> 201 TOURNAMENT: a decision notified to the players (R19:
 * appeal within 3 weeks, in the TL overview). */
int api_tournaments_decision(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
