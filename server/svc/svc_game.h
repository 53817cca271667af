/* svc/svc_game.h: the commands on one game - the players' moves and
 * actions and the TL's decisions (docs/API.md "Moves", "Games"), each
 * the same path (svc/svc.h):
 *
 *   load the game -> auth_check() from the actor's seat or leadership
 *   (docs/AUTHORITY.md) -> the revision the request was made on -> the
 *   lib/corr operation (a delta, or a refusal) -> the delta applied in
 *   memory, the game's new dates (corr_deadlines()), its mail rendered
 *   (svc_notify_prepare()) -> one write step (svc_write()): the delta
 *   under the revision, the dates that changed, the mail rows -> wake the
 *   sender -> rate the group when the game ended.
 *
 * Every command fills *after with the game as it is after the change (free
 * it with store_games_free(); zeroed when the answer is not SVC_OK or
 * SVC_ENDED) and *o with the outcome; it returns o->status. */
#ifndef CORRCHESS_SVC_GAME_H
#define CORRCHESS_SVC_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "corr/corr.h"
#include "store/store_games.h"
#include "svc/svc.h"

/* The revision a request was made on ("rev" of docs/API.md "Revisions"),
 * or none. */
struct svc_rev {
	bool given;
	int64_t rev;
};
#define SVC_ANY_REV ((struct svc_rev){false, 0})

/* Loads game id into sg for a command: SVC_OK, or SVC_NOT_FOUND,
 * SVC_ERROR (a stored row breaks the rules), SVC_BUSY with *o (sg is then
 * nothing to free).  The first step of every command on a game. */
int svc_game_load(struct app *app, int64_t id, struct store_game *sg, struct svc_outcome *o);

/* POST .../moves (DSU 6.2-6.3; corr_play()).  SVC_ENDED with
 * lost_on_time: the game was over on time, which is now stored, and the
 * move was not played. */
int svc_move(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
             const struct corr_move_request *mr, struct store_game *after, struct svc_outcome *o);

/* The rest of a command whose write step was handed over (SVC_PENDING,
 * svc_async in svc/svc.h), once a->ready() was called: fills *after and
 * *o as the command would have, and returns o->status. */
int svc_game_finish(struct app *app, struct svc_async *a, struct store_game *after,
                    struct svc_outcome *o);

/* POST .../draw (FIDE 9.1). */
int svc_draw(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
             enum corr_draw_action action, struct store_game *after, struct svc_outcome *o);

/* POST .../resign. */
int svc_resign(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
               struct store_game *after, struct svc_outcome *o);

/* POST .../claim (FIDE 9.2, 9.3; DSU 6.3.3): move is the intended move or
 * NULL. */
int svc_claim(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
              enum corr_claim_type type, const char *intended, struct store_game *after,
              struct svc_outcome *o);

/* DELETE .../series (DSU 6.2.5 where the game allows it). */
int svc_series_cancel(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
                      struct store_game *after, struct svc_outcome *o);

/* POST .../notice: days of a longer think (DSU 6.3.4), posted on `on`
 * (a postal player's date; CLOCK_NO_DATE: today). */
int svc_notice(struct app *app, const struct user *who, int64_t id, int days, int32_t on,
               struct store_game *after, struct svc_outcome *o);

/* POST .../reminder posted on sent (CLOCK_NO_DATE: today; DSU 6.3.4). */
int svc_reminder(struct app *app, const struct user *who, int64_t id, int32_t sent,
                 struct store_game *after, struct svc_outcome *o);

/* POST .../penalty: days to side (DSU 6.3.5.1, 6.8.6), by the game's TL. */
int svc_penalty(struct app *app, const struct user *who, int64_t id, int side, int days,
                const char *reason, struct store_game *after, struct svc_outcome *o);

/* PATCH .../moves/{ply}: a corrected date (DSU 6.2.1.1 c), by the game's
 * TL; received or sent CLOCK_NO_DATE: unchanged. */
int svc_move_dates(struct app *app, const struct user *who, int64_t id, size_t ply,
                   int32_t received, int32_t sent, const char *reason, struct store_game *after,
                   struct svc_outcome *o);

/* POST .../holiday_play (DSU 6.3.6.2), by the game's TL. */
int svc_holiday_play(struct app *app, const struct user *who, int64_t id, bool agreed,
                     const char *reason, struct store_game *after, struct svc_outcome *o);

/* POST .../result: a result the game's TL records (DSU 6.2.6, 6.2.7,
 * 6.2.8, 6.8.9): how "reported", "adjudicated" or "scored" (NULL:
 * reported; corr_tl_result()); result and termination checked by the
 * caller's reader. */
int svc_result(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
               const char *result, const char *termination, const char *how, const char *reason,
               struct store_game *after, struct svc_outcome *o);

/* For the commands that change several games in one transaction (a
 * withdrawal rescoring a player's games, the sweep): stores delta d of
 * sg, inside the caller's write transaction, exactly as the commands
 * above do (the delta under the revision, the new dates, the mail); sg
 * follows the change in memory.  `actor` is the user recorded in the
 * audit line (0: the server).  STORE_OK, STORE_STALE (the game changed
 * meanwhile: roll back), STORE_ERROR. */
int svc_game_write_in(struct app *app, int64_t actor, struct store_game *sg,
                      const struct corr_delta *d, const char *today);

/* A new game (docs/API.md POST /games; a tournament's games; the demo):
 * stores row ng and its first dates, inside the caller's write
 * transaction or in one of its own.  STORE_OK and *id, or STORE_ERROR. */
int svc_game_insert(struct app *app, const struct store_new_game *ng, int64_t *id);

#endif
