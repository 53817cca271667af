/* api_games.h: the Games and Moves endpoints of API.md. */
#ifndef CORRCHESS_API_GAMES_H
#define CORRCHESS_API_GAMES_H

#include "api/api.h"

int api_games_create(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_games_get(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_games_list(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_games_move(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_games_draw(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_games_resign(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_games_claim(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_games_result(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_games_series_cancel(struct app *app, struct api_req *rq, struct api_resp *rs);

/* Creates a game (validated like POST /api/v1/games); 0 and *id, or an
 * HTTP status with a sentence in err and code set to the error code.
 * fen and event may be NULL.  Shared with `corrchess demo`. */
int games_create(struct app *app, int64_t white, int64_t black, const char *profile,
		 const char *start_date, const char *fen, const char *event, int64_t *id,
		 const char **code, char *err, size_t errlen);

/* games_create() with the game's series_cancellable flag (DSU 6.2.5,
 * SPEC 3: a tournament may allow the proposer to cancel a series before
 * the opponent has moved).  Used by POST /games and by tournaments. */
int games_create_ex(struct app *app, int64_t white, int64_t black, const char *profile,
		    const char *start_date, const char *fen, const char *event,
		    bool series_cancellable, int64_t *id, const char **code, char *err,
		    size_t errlen);

#endif
