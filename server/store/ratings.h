/* ratings.h: the SQL of the ratings (migrations/0006_ratings.sql): the
 * groups in finishing order, each player's steps, the start ratings, the
 * rating list.  Only this file and store.c hold SQL for these tables.
 *
 * Every function runs on the calling thread's connection; the writers
 * expect the caller's transaction (store_begin).  Functions return 0 on
 * success and -1 on an SQLite error (logged by store_stmt or here), unless
 * said otherwise.  Strings in the structs are copied into them. */
#ifndef CORRCHESS_STORE_RATINGS_H
#define CORRCHESS_STORE_RATINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

#define STORE_NO_RATING (-1) /* a NULL rating */

/* A finished group, as the rating needs it. */
struct store_rating_group {
	int64_t tournament;
	int64_t seq;          /* I-19: its place in the finishing order */
	char finished_on[11]; /* YYYY-MM-DD, the day its last game ended */
	char start_date[11];  /* the tournament's start date */
	bool team;            /* a team tournament (R-4, I-13) */
};

/* One game of a group. */
struct store_rating_game {
	int64_t white, black; /* user ids */
	char result[8];       /* "1-0", "0-1", "1/2-1/2", "0-0" */
	char termination[16]; /* "" when none */
	int nmoves;           /* plies played */
};

/* What one group gave one player (a row of rating_steps). */
struct store_rating_step {
	int64_t tournament, user, seq;
	char finished_on[11];
	int ro;  /* Ro (or Rp) */
	int old; /* the registered rating before, or STORE_NO_RATING */
	int new_rating;
	int games, w2, we, k, b;
	char method[12]; /* "average", "difference" */
	char source[12]; /* "rated", "performance" */
};

/* The lowest seq whose steps must be computed again (a marked change, or
 * a group not yet rated) into *from, 0 when everything is current. */
int store_ratings_pending(store *s, int64_t *from);

/* Calls fn for every user with his start rating (rating_start, else
 * otb_rating per DSU 6.7.6.2, else STORE_NO_RATING), in id order; stops
 * with fn's value when it is not 0. */
int store_ratings_starts(store *s, int (*fn)(void *ctx, int64_t user, int start), void *ctx);

/* Calls fn for every step with seq < from, in seq order. */
int store_ratings_steps_before(store *s, int64_t from,
                               int (*fn)(void *ctx, const struct store_rating_step *st), void *ctx);

/* Deletes the steps of every group with seq >= from and marks those groups
 * not rated. */
int store_ratings_clear_from(store *s, int64_t from);

/* The groups with seq >= from in seq order: a new array (caller frees)
 * into *out and its length into *n. */
int store_ratings_groups_from(store *s, int64_t from, struct store_rating_group **out, size_t *n);

/* The players of a group by seat into users[] (room for max), *n;
 * returns 1 (with the first max) when the group has more. */
int store_ratings_group_players(store *s, int64_t tournament, int64_t *users, int max, int *n);

/* The games of a group: a new array (caller frees) into *out, *n. */
int store_ratings_group_games(store *s, int64_t tournament, struct store_rating_game **out,
                              size_t *n);

/* Stores one step. */
int store_ratings_step_add(store *s, const struct store_rating_step *st);

/* Marks a group rated with its method ("average", "difference", "none"),
 * or with the reason it could not be rated (error not NULL). */
int store_ratings_group_done(store *s, int64_t tournament, const char *method, const char *error);

/* Marks every group stale, so the next update rates the whole history
 * again from the start ratings. */
int store_ratings_mark_all(store *s);

/* Marks everything current (after a complete update). */
int store_ratings_clean(store *s);

/* ---- readers ---- */

/* A user's current K-skak rating (his last step, else his start rating;
 * STORE_NO_RATING when none), his OTB rating and his rated games.
 * Returns 1 when the user exists, 0 when not, -1 on an error. */
int store_ratings_user(store *s, int64_t user, int *rating, int *otb, int *games);

/* One page of the rating list: players with a rating, highest first, then
 * by id; after the position (after_rating, after_id) when `after`.  Calls
 * fn for at most limit rows; *more says whether a further row exists. */
int store_ratings_list(store *s, bool after, int after_rating, int64_t after_id, int limit,
                       int (*fn)(void *ctx, int64_t user, int rating, int games), void *ctx,
                       bool *more);

/* Calls fn for every step of a user, in seq order. */
int store_ratings_history(store *s, int64_t user,
                          int (*fn)(void *ctx, const struct store_rating_step *st), void *ctx);

/* The Ro each player of a game had in its group's rating (the rating he
 * was rated from), or his current rating when the group is not rated;
 * STORE_NO_RATING when none. */
int store_ratings_game(store *s, int64_t game, int *white, int *black);

/* Sets a user's start rating and/or OTB rating (set_* false: unchanged;
 * value STORE_NO_RATING: NULL).  Returns 1 when the user exists, 0 when
 * not, -1 on an error. */
int store_ratings_set(store *s, int64_t user, bool set_start, int start, bool set_otb, int otb);

#endif
