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
	char cls[4];          /* its EMT class ("Å", "K", "M", "DM"), "" for none */
};

/* One game of a group. */
struct store_rating_game {
	int64_t white, black; /* user ids */
	char result[8];       /* "1-0", "0-1", "1/2-1/2", "0-0" */
	char termination[16]; /* "" when none */
	int nmoves;           /* plies played */
	char how[12];         /* result_how, "" when NULL */
	char played[8];       /* played_result, "" when NULL */
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
 * otb_rating per DSU 6.7.6.2, else STORE_NO_RATING) and whether he is a
 * foreign player (users.foreign_player, DSU 4.5.5.2), in id order; stops
 * with fn's value when it is not 0. */
int store_ratings_starts(store *s, int (*fn)(void *ctx, int64_t user, int start, bool foreign),
                         void *ctx);

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

/* ---- the Elo coordination (4.5.6) ---- */

/* A recorded coordination. */
struct store_rating_coord {
	int64_t id;
	int64_t position;  /* applied before the group with this seq */
	char on_date[11];  /* the adjustment date */
	char dsu_date[11]; /* the Danish list compared (1 June) */
	int covered, n, direction;
	int64_t sum_dsu, sum_elo;
};

/* One row of the Elo list a coordination compared. */
struct store_rating_coord_row {
	int64_t user;
	int elo, elo_games;
};

/* The coordinations with position >= from, by position: a new array. */
int store_ratings_coords_from(store *s, int64_t from, struct store_rating_coord **out, size_t *n);

/* The Elo list of a coordination: a new array. */
int store_ratings_coord_rows(store *s, int64_t id, struct store_rating_coord_row **out, size_t *n);

/* Records what a coordination computed (the columns of its summary). */
int store_ratings_coord_done(store *s, const struct store_rating_coord *c);

/* Stores one adjustment. */
int store_ratings_adjustment_add(store *s, int64_t coord, int64_t user, int64_t position,
                                 const char *on_date, int old, int by, int new_rating);

/* Records a coordination (after every group rated so far) with its Elo
 * list, and marks it to be computed; *id.  STORE_NOT_FOUND when a row
 * names no user; -1 on an error.  In the caller's transaction. */
int store_ratings_coord_add(store *s, const char *on_date, const char *dsu_date,
                            const struct store_rating_coord_row *rows, size_t n, int64_t *id);

/* Calls fn for every adjustment of coordination id, by user. */
int store_ratings_coord_moves(store *s, int64_t id,
                              int (*fn)(void *ctx, int64_t user, int old, int by, int new_rating),
                              void *ctx);

/* Calls fn for every adjustment of a user, by position. */
int store_ratings_user_adjustments(store *s, int64_t user,
                                   int (*fn)(void *ctx, int64_t coord, int64_t position,
                                             const char *on_date, int old, int by, int new_rating),
                                   void *ctx);

/* ---- readers ---- */

/* A user's current K-skak rating (his last step, else his start rating;
 * STORE_NO_RATING when none), his OTB rating and his rated games.
 * STORE_OK, STORE_NOT_FOUND (no such user) or STORE_ERROR. */
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
 * value STORE_NO_RATING: NULL).  STORE_OK, STORE_NOT_FOUND (no such user)
 * or STORE_ERROR. */
int store_ratings_set(store *s, int64_t user, bool set_start, int start, bool set_otb, int otb);

/* Whether user is a foreign player (users.foreign_player; DSU 4.5.5.2):
 * STORE_OK and *foreign, STORE_NOT_FOUND (no such user) or STORE_ERROR. */
int store_ratings_foreign(store *s, int64_t user, bool *foreign);

/* Sets it (the trigger of 0020 re-rates his groups): STORE_OK,
 * STORE_NOT_FOUND (no such user) or STORE_ERROR. */
int store_ratings_set_foreign(store *s, int64_t user, bool foreign);

/* One player's rating figures in a tournament's table. */
struct store_rating_line {
	int rating, otb; /* his current rating and OTB rating, or STORE_NO_RATING */
	bool foreign;    /* users.foreign_player */
	bool rated;      /* tournament's group has a step of his */
	int change;      /* that step's Rn - Ro (DSU 4.5.3) when rated */
};

/* The figures of users[0..n-1] in tournament (0: none), in one statement
 * (issue 25: a crosstable's players' ratings and changes, never a query a
 * player): out[i] for users[i]; a user who does not exist keeps a line of
 * STORE_NO_RATING.  0, or -1 (logged). */
int store_ratings_lines(store *s, int64_t tournament, const int64_t *users, size_t n,
                        struct store_rating_line *out);

#endif
