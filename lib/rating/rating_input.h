/* rating_input.h: what corrchess's stored games and players are to the
 * DSU rating system (seed 4.5; docs/RATING.md "On the server"): which
 * games of a finished group are rated and how (4.5.4.2, R-3..R-5), and
 * the rating a player starts from (4.5.5.1, 4.5.5.2, 6.7.6.2).
 *
 * Pure library code, only libc: inputs only read; only
 * rating_foreign_rate() allocates (its group's scratch, freed).  Failing
 * functions return a negative enum cc_status (status.h) and write a
 * sentence into err (NULL allowed when errlen is 0). */
#ifndef CORRCHESS_RATING_INPUT_H
#define CORRCHESS_RATING_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "rating/rating.h"

#define RATING_PLAYED_MAX 8 /* a played result token and its NUL: "1/2-1/2" */

/* A game as the server stores it, once finished. */
struct rating_stored {
	const char *result;      /* as it counts in the standings: "1-0", "0-1",
	                            "1/2-1/2", "0-0" */
	const char *how;         /* how the result came about (GAME result_how):
	                            "played" (on the board or by a claim),
	                            "reported" (the players' report of a game
	                            played off the server, 6.2.6, 6.8.9),
	                            "adjudicated" (6.2.7), "scored" (unplayed,
	                            6.2.8); NULL or "" for a game stored before
	                            the distinction (decided from the moves) */
	const char *termination; /* "" or NULL for none; "time_forfeit", ... */
	int nmoves;              /* its moves on the server */
	const char *played;      /* a game 6.2.8 scored after it had finished: the
	                            rating token of the game as played
	                            (rating_played_token()), NULL otherwise */
};

/* DSU 4.5.4.2 ("Alle spillede partier rates. Ikke spillede partier rates
 * kun i tilfælde af udeblivelse uden godkendt afbud"; 4.1.2 §16 e sends a
 * withdrawal's rating questions here, R-5) for one stored game: fills
 * *rated (kind, a2, b2; a and b are the caller's) with the game as the
 * rating counts it, and standing2[0..1] (may be NULL) with White's and
 * Black's points in the standings.
 *   - A game 6.2.8 scored after it had finished is rated as it was
 *     played (`played`); its standings points are the scored result.
 *   - "reported" and "adjudicated": played, rated with its result,
 *     whether or not its moves are on the server (issue 21).
 *   - "scored": not rated; points in the standings only.
 *   - "played", or no `how`: played when a move was made or the board or
 *     a player ended it (mate, stalemate, dead position, resignation,
 *     agreement, threefold, fifty moves); a time forfeit without a move
 *     is a no-show of the side that lost; any other result without
 *     a move (a TL decision stored before result_how) is not rated.
 *   - 0-0, lost for both (6.3.3.4): not rated.
 * CC_OK, or CC_ERR_MALFORMED for a result or token it does not know
 * (an unfinished game is not a rating input). */
int rating_stored_game(const struct rating_stored *in, struct rating_game *rated, int standing2[2],
                       char *err, size_t errlen);

/* The token to keep in rating_stored.played when 6.2.8 scores a game
 * that had finished as `in` describes (in->played NULL): "1-0", "0-1",
 * "1/2-1/2" for a rated game, "+-"/"-+" for a no-show (rating_result_parse()
 * reads them back), "" for a game the rating does not count.  CC_OK or
 * CC_ERR_MALFORMED (out has RATING_PLAYED_MAX bytes). */
int rating_played_token(const struct rating_stored *in, char out[RATING_PLAYED_MAX], char *err,
                        size_t errlen);

/* The class a newcomer entered (the EMT class of his group, R23), for his
 * entry rating. */
enum rating_entry_class {
	RATING_ENTRY_NONE = 0, /* no class: a cup, team or other group */
	RATING_ENTRY_AA,       /* "Å" */
	RATING_ENTRY_K,
	RATING_ENTRY_M,
	RATING_ENTRY_DM,
};

/* Where a player's first rating comes from. */
enum rating_start_source {
	RATING_START_K = 0,       /* his K-skak (start) rating, set by a TL */
	RATING_START_OTB,         /* his last OTB rating (6.7.6.2) */
	RATING_START_CLASS,       /* a Danish newcomer: the entry rating of his class */
	RATING_START_PERFORMANCE, /* a foreign player without a recognised rating:
	                             a performance rating (4.5.5.2 item 3) */
};

/* The entry rating of a Danish newcomer by the class he entered (4.5.5.1,
 * our reading, docs/RATING.md): M and DM 2100 (item 1, "2000 or more"),
 * K 1900 (item 2, 1800-1999), Å 1700 (item 3, the highest a club
 * chairman assigns alone) - the floors of 6.5.3.2 d's classes by OTB
 * rating where they have one.  RATING_NONE for RATING_ENTRY_NONE. */
int rating_entry_rating(enum rating_entry_class cls);

/* DSU 4.5.5 and 6.7.6.2: the rating a player starts his first rated group
 * from: k_rating (a TL's start rating, RATING_NONE when none), else
 * otb_rating (RATING_NONE when none), else for a Danish player the entry
 * rating of his class (4.5.5.1), else for a foreign player (`foreign`) a
 * performance rating (4.5.5.2 item 3: *ro RATING_NONE).  CC_OK with *ro
 * and *src, or CC_ERR_INVALID with err for a Danish newcomer in a group
 * without a class (4.5.5.1: he needs an assigned rating). */
int rating_start_of(int k_rating, int otb_rating, bool foreign, enum rating_entry_class cls,
                    int *ro, enum rating_start_source *src, char *err, size_t errlen);

/* ---- foreign results (DSU 4.5.4.3) ---- */

#define RATING_FOREIGN_MAX 64 /* games of one foreign result */

/* One game of a foreign tournament, from the Danish player's side. */
struct rating_foreign_game {
	int rating; /* the opponent's: his Elo or national rating (4.5.5.2 items
	               1-2), or RK's estimate (item 4) */
	int mine2;  /* the player's points: 0, 1 (a draw) or 2 half points */
};

/* DSU 4.5.4.3 with 4.5.2: rates the reported result of a foreign
 * tournament as the group it came from: the player (Ro ro, R-22
 * registered or RATING_NONE) against each opponent of g[0..n-1] at his
 * reported rating.  When the tournament was a single all-play-all in
 * which he met each listed opponent once (round_robin), the group is
 * complete (the opponents' games among themselves are scheduled, not
 * rated) and the average method applies when the spread is at most 200
 * else the difference method.  winner: he won the group (4.5.2.5;
 * the KC says so, I-13).  Fills *out for the player and *res for the
 * group.  CC_OK; CC_ERR_RANGE for n outside 1..RATING_FOREIGN_MAX or a
 * rating outside 0..9999, CC_ERR_MALFORMED for points other than 0, 1, 2;
 * CC_ERR_NOMEM. */
int rating_foreign_rate(int ro, int registered, const struct rating_foreign_game *g, int n,
                        bool round_robin, bool winner, struct rating_group_result *res,
                        struct rating_player_result *out, char *err, size_t errlen);

#endif
