/* games.h: the Games endpoints of API.md (create, list, read), and the
 * steps every game handler shares: load, who plays, refuse, commit,
 * answer. */
#ifndef CORRCHESS_API_GAMES_H
#define CORRCHESS_API_GAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "api/api.h"
#include "api/kept.h"
#include "corr/corr.h"
#include "store/store_games.h"
#include "svc/svc_game.h"

/* POST /api/v1/games (tl, admin) */
int api_games_create(struct app *app, struct api_req *rq, struct api_resp *rs);
/* GET /api/v1/games?player={id} */
int api_games_list(struct app *app, struct api_req *rq, struct api_resp *rs);
/* The kept summary pages' counts (GET /metrics). */
void api_games_kept_stats(struct kept_stats *out);
/* GET /api/v1/games/{id} */
int api_games_get(struct app *app, struct api_req *rq, struct api_resp *rs);

/* A game to create (POST /games, a tournament's games, the demo). */
struct api_new_game {
	int64_t white, black;
	const char *profile, *start_date;
	const char *fen;   /* NULL: the start position */
	const char *event; /* NULL: none */
	bool series_cancellable;
	int64_t tournament; /* 0: none */
	int64_t led_by;     /* a standalone game: the TL who made it, who leads it */
};

/* ---- the steps of every game handler: parse, call svc, render ---- */

/* Loads the game of the path (rq->ids[0]) into sg for reading: 0, or the
 * status of the error response (404 not_found, 500 internal). */
int api_game_load(struct app *app, struct api_req *rq, struct api_resp *rs, struct store_game *sg);

/* Whether the signed-in user may run command c on game sg (the one policy,
 * docs/AUTHORITY.md; for the reads, which need no command of server/svc):
 * 0, or the status of the 401/403 response. */
int api_game_may(struct api_req *rq, struct api_resp *rs, const struct store_game *sg,
                 enum auth_cmd c);

/* The optional "rev" of the body (docs/API.md "Revisions"): 0 and *rev,
 * or the status of a 422 invalid_field response. */
int api_game_rev(struct api_req *rq, struct api_resp *rs, struct svc_rev *rev);

/* Renders the outcome of a game command of server/svc: on SVC_OK the GAME
 * of `after` as the signed-in user sees it, with `status`; otherwise the
 * outcome's error.  Frees after.  Returns the response's status. */
int api_game_outcome(struct app *app, struct api_req *rq, struct api_resp *rs,
                     const struct svc_outcome *o, struct store_game *after, int status);

/* An outcome of server/svc as the error response; returns its status. */
int api_outcome_error(struct api_resp *rs, const struct svc_outcome *o);

#endif
