/* game_json.h: the GAME object of API.md - the one writer of a game
 * (a move, every action and GET answer with it). */
#ifndef CORRCHESS_API_GAME_JSON_H
#define CORRCHESS_API_GAME_JSON_H

#include <stdint.h>

#include "api/api.h"
#include "api/jsonw.h"
#include "store/store_games.h"

/* Appends the GAME object of sg to w as `viewer` may see it (a pending
 * series is shown to its proposer and TLs always, and to the opponent
 * only where the profile shows it, DSU 6.2.5), with the clocks and each
 * move's thinking days as the clock counts them on `today` (so special
 * leave or a corrected date granted later shows).  Cost: linear in the
 * moves (one clock computation). */
void game_json_write(struct jsonw *w, const struct store_game *sg, const struct user *viewer,
                     int32_t today);

#define GAME_JSON_TAG_MAX 33 /* 32 hex digits and the NUL */

/* The GAME of sg for viewer on today as text (new, *len bytes, NUL
 * ended; NULL when out of memory), as game_json_write() writes it; tag
 * gets the BLAKE2b-128 of the bytes in hex (the entity tag of
 * server/http/negotiate.c), or "" when it was not computed.  A GAME
 * written before from the same loaded rows, the same day and the same
 * sight of the series is copied, not written again (issue 25: a bounded
 * cache by game, thread-safe). */
char *game_json_answer(const struct store_game *sg, const struct user *viewer, int32_t today,
                       size_t *len, char tag[GAME_JSON_TAG_MAX]);

/* Appends the GAME_SUMMARY object of API.md (GET /games?view=summary)
 * of g to w: the players, whose move, the ending, the last move, the
 * draw offer, the revision, and the forfeit date of the side to move
 * with its days left on `today` (forfeit date - today - 1: negative when
 * a move sent today is over the limit).  No clock computed, no replay. */
void game_json_summary(struct jsonw *w, const struct store_game_summary *g, int32_t today);

/* Each move's thinking days now (corr_clock() plies) into days[0..nmoves-1]
 * (new array, free() it), or the days stored with the moves when the
 * clocks cannot be computed (logged).  NULL when out of memory.  Shared
 * by the GAME, the PGN and the transcript. */
int32_t *game_json_days(const struct store_game *sg, int32_t today, struct clock_result *res,
                        bool *clock_ok);

#endif
