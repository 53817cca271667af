/* moves.h: the Moves endpoints of API.md - a move (with a series) and
 * cancelling a series. */
#ifndef CORRCHESS_API_MOVES_H
#define CORRCHESS_API_MOVES_H

#include "api/api.h"

/* POST /api/v1/games/{id}/moves {"move", "sent"?, "received"?, "reply_to"?,
 * "series"?, "rev"?} -> 201 GAME */
int api_moves_create(struct app *app, struct api_req *rq, struct api_resp *rs);

/* DELETE /api/v1/games/{id}/series -> 200 GAME (DSU 6.2.5) */
int api_moves_series_cancel(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
