/* export.h: the two exports of a game (API.md "Exports"):
 *   GET /api/v1/games/{id}/pgn         text/x-chess-pgn, lib/pgn
 *   GET /api/v1/games/{id}/transcript  text/plain, lib/transcript (DSU 6.8.2)
 * Any signed-in user may fetch them, as GET /api/v1/games/{id}.  Neither
 * shows a pending move series (only the GAME JSON does, to whom may see
 * it).  The game id is rq->ids[0]; an unknown game gets 404 not_found. */
#ifndef CORRCHESS_API_EXPORT_H
#define CORRCHESS_API_EXPORT_H

#include "api/api.h"

int api_export_pgn(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_export_transcript(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
