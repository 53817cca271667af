/* game_json.h: the GAME object of API.md - the one writer of a game
 * (a move, every action and GET answer with it). */
#ifndef CORRCHESS_API_GAME_JSON_H
#define CORRCHESS_API_GAME_JSON_H

#include <stdint.h>

#include "api/api.h"
#include "api/jsonw.h"
#include "api/kept.h"
#include "store/store_games.h"

/* Appends the GAME object of sg to w as `viewer` may see it (a pending
 * series is shown to its proposer and TLs always, and to the opponent
 * only where the profile shows it, DSU 6.2.5), with the clocks and each
 * move's thinking days as the clock counts them on `today` (so special
 * leave or a corrected date granted later shows).  Cost: linear in the
 * moves (one clock computation). */
void game_json_write(struct jsonw *w, const struct store_game *sg, const struct user *viewer,
                     int32_t today);

/* Whether game_json_write() copies the unchanged first moves of a game
 * from its last answer (on, the default; issue 19) or writes them all
 * (off: the tests' reference). */
void game_json_keep_moves(bool on);

/* The moves game_json_write() copied so, all told (for the tests). */
unsigned long long game_json_moves_copied(void);

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

/* What a kept GAME stands for without loading the game: the database,
 * the game's revisions (store_games_shown(), read in the same read
 * transaction as the load it saves), the day and the viewer's seat
 * (auth_seat(): the hidden series follows it). */
struct game_json_key {
	const void *st;
	struct store_game_shown shown;
	int32_t today;
	int seat;
};

/* The GAME kept for game id under key (a copy, as game_json_answer()
 * answers it, with its tag), or NULL: then load the game and call
 * game_json_remember() with what game_json_answer() gave. */
char *game_json_kept(int64_t id, const struct game_json_key *key, size_t *len,
                     char tag[GAME_JSON_TAG_MAX]);

/* Files key with the GAME of game id that game_json_answer() just gave
 * (text, len bytes, its tag) from rows read in key's transaction. */
void game_json_remember(int64_t id, const struct game_json_key *key, const char *text, size_t len,
                        const char tag[GAME_JSON_TAG_MAX]);

/* For /metrics: GETs answered by game_json_kept() and those that loaded
 * the game, the GAMEs held and their bytes. */
void game_json_stats(struct kept_stats *out);

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
