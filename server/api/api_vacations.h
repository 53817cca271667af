/* vacations.h: the Vacations endpoints of API.md (DSU 6.3.6, 6.8.8;
 * DSU 6.3.6).
 *
 *   POST /api/v1/vacations            api_vacations_create
 *   GET  /api/v1/users/{id}/vacations api_vacations_list
 *
 * A stored period (table `vacations`) stops the clocks of every game of
 * its player and of his opponents in those games (store/store_games.c loads the
 * periods of both players as the game's stops).  Who may book one and the
 * words of the rules are svc/svc_vacations.c's, the rules themselves
 * lib/clock/vacation_rules.c's; this file parses and renders. */
#ifndef CORRCHESS_API_VACATIONS_H
#define CORRCHESS_API_VACATIONS_H

#include "api/api.h"

/* POST /api/v1/vacations {"start", "end", "user"?, "kind"?, "tournament"?,
 * "notice_on"?} -> 201 the period.  Needs a signed-in user (rq->user). */
int api_vacations_create(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/users/{id}/vacations (id in rq->ids[0]) -> 200
 * {"vacations": [...], "remaining_days", ...}. */
int api_vacations_list(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
