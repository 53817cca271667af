/* cup_stages.h: the cup's next stage (docs/API.md "Tournaments"; DSU
 * 6.6.1.3-6.6.1.6; svc/svc_cup.h decides and stores).
 *
 *   POST /api/v1/tournaments/{id}/next-stage   api_tournaments_next_stage */
#ifndef CORRCHESS_API_CUP_STAGES_H
#define CORRCHESS_API_CUP_STAGES_H

#include "api/api.h"

/* {"stage"?: "semifinal"|"final", "add"?: [ids]} -> 201 the cup: from its
 * finished groups of the last stage those placed at or above `advance`
 * (all tied at the cut go on, 6.6.1.4), and after the preliminary round
 * the direct semifinal entries, into the next stage's groups by lot.  409
 * stage_not_finished / cup_finished. */
int api_tournaments_next_stage(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
