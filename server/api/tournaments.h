/* tournaments.h: the Tournaments endpoints of API.md (SPEC 6; DSU
 * 6.5-6.7).
 *
 *   POST /api/v1/tournaments        api_tournaments_create (tl, admin)
 *   GET  /api/v1/tournaments        api_tournaments_list
 *   GET  /api/v1/tournaments/{id}   api_tournaments_get
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

#endif
