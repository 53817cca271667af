/* actions.h: the game actions of API.md besides a move - draw offers,
 * resigning, claims and a TL's result. */
#ifndef CORRCHESS_API_ACTIONS_H
#define CORRCHESS_API_ACTIONS_H

#include "api/api.h"

/* POST /api/v1/games/{id}/draw {"action": "offer"|"accept"|"decline"} */
int api_actions_draw(struct app *app, struct api_req *rq, struct api_resp *rs);
/* POST /api/v1/games/{id}/resign */
int api_actions_resign(struct app *app, struct api_req *rq, struct api_resp *rs);
/* POST /api/v1/games/{id}/claim {"type", "move"?} */
int api_actions_claim(struct app *app, struct api_req *rq, struct api_resp *rs);
/* POST /api/v1/games/{id}/result (tl, admin) {"result", "reason", "termination"?} */
int api_actions_result(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
