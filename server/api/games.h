/* games.h: the Games endpoints of API.md (create, list, read), and the
 * steps every game handler shares: load, who plays, refuse, commit,
 * answer. */
#ifndef CORRCHESS_API_GAMES_H
#define CORRCHESS_API_GAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "api/api.h"
#include "corr/corr.h"
#include "store/games.h"

/* POST /api/v1/games (tl, admin) */
int api_games_create(struct app *app, struct api_req *rq, struct api_resp *rs);
/* GET /api/v1/games?player={id} */
int api_games_list(struct app *app, struct api_req *rq, struct api_resp *rs);
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
};

/* Checks ng (players exist, the profile, the date, the FEN, the event)
 * and stores the game, inside the caller's transaction if there is one:
 * 0 and *id, or -1 with an error code in *code and a sentence in err. */
int api_games_new(struct app *app, const struct api_new_game *ng, int64_t *id, const char **code,
                  char *err, size_t errlen);

/* ---- the steps of every game handler ---- */

/* Loads the game of the path (rq->ids[0]) into sg: 0, or the status of
 * the error response (404 not_found, 500 internal). */
int api_game_load(struct app *app, struct api_req *rq, struct api_resp *rs, struct store_game *sg);

/* The signed-in user's side in sg: 0 and *side, or 403 not_a_player. */
int api_game_player(struct api_req *rq, struct api_resp *rs, const struct store_game *sg,
                    int *side);

/* When the body names the revision it was written against ("rev"), it
 * must be the game's: 0, or 409 stale (422 invalid_field when not an
 * integer). */
int api_game_check_rev(struct api_req *rq, struct api_resp *rs, const struct store_game *sg);

/* A refusal of lib/corr as the response; returns its status. */
int api_game_refused(struct api_resp *rs, const struct corr_error *e);

/* Stores delta d of sg under its revision (as the signed-in user), then
 * answers `status` with the game as it is now.  409 stale when the game
 * changed since it was loaded (nothing stored), 503 busy when the
 * database fails. */
int api_game_commit(struct app *app, struct api_req *rq, struct api_resp *rs, struct store_game *sg,
                    const struct corr_delta *d, int status);

/* Answers `status` with the GAME of sg as the signed-in user sees it. */
int api_game_respond(struct app *app, struct api_req *rq, struct api_resp *rs,
                     const struct store_game *sg, int status);

#endif
