/* tl_decisions.h: a tournament leader's decisions on a tournament
 * (docs/API.md "Tournaments"), each by its TL or an admin
 * (docs/AUTHORITY.md; svc/svc_decisions.h decides and stores):
 *
 *   POST /api/v1/tournaments/{id}/withdrawals   api_tournaments_withdraw
 *   POST /api/v1/tournaments/{id}/playoff       api_tournaments_playoff
 *   POST /api/v1/tournaments/{id}/publication   api_tournaments_publication
 *   POST /api/v1/tournaments/{id}/decisions     api_tournaments_decision */
#ifndef CORRCHESS_API_TL_DECISIONS_H
#define CORRCHESS_API_TL_DECISIONS_H

#include "api/api.h"

/* {"player", "reason": "valid"|"invalid"|"silent", "on"?} -> 201
 * TOURNAMENT: at most half his games finished -> all of them scored as
 * lost (DSU 6.2.8), in one transaction with the record; otherwise the
 * unfinished ones are listed for adjudication. */
int api_tournaments_withdraw(struct app *app, struct api_req *rq, struct api_resp *rs);

/* {"games": [{"white", "black", "result"}]} or {"agree_to_share": true}
 * -> 201 TOURNAMENT: the DM play-off (6.5.2c, R33c).  409
 * no_playoff_needed / playoff_entered / not_finished; 422 not_a_dm /
 * invalid_playoff. */
int api_tournaments_playoff(struct app *app, struct api_req *rq, struct api_resp *rs);

/* {"on"} -> 200 TOURNAMENT: the day its results were published (R12-R13:
 * the objection, prize and correspondence deadlines in the TL overview). */
int api_tournaments_publication(struct app *app, struct api_req *rq, struct api_resp *rs);

/* {"notified_on", "about"} -> 201 TOURNAMENT: a decision notified to the
 * players (R19: appeal within 3 weeks, in the TL overview). */
int api_tournaments_decision(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
