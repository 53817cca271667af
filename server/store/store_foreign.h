/* store_foreign.h: the SQL of foreign results (migrations/0030_foreign_results.sql;
 * DSU 4.5.4.3): what the KC entered, the figures the rating update
 * computed for it, and the ratings a user reached in the order (steps,
 * adjustments and foreign results together).  Only this file holds SQL
 * for rating_foreign and rating_foreign_games.
 *
 * Every function runs on the calling thread's connection; the writers
 * expect the caller's transaction (store_begin).  Functions return
 * STORE_OK (0) or STORE_ERROR (logged), unless said otherwise. */
#ifndef CORRCHESS_STORE_FOREIGN_H
#define CORRCHESS_STORE_FOREIGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

#define STORE_FOREIGN_GAMES 64 /* games of one result (lib/rating RATING_FOREIGN_MAX) */

/* One foreign result. */
struct store_foreign {
	int64_t id, user, position, entered_by;
	char event[201];
	char finished_on[11]; /* the event's last day */
	char reported_on[11]; /* the day it was entered */
	bool round_robin, winner;
	bool rated;     /* the figures below are current and it was rated */
	int ro, old;    /* old: STORE_NO_RATING (-1) when none */
	int new_rating; /* when rated */
	int games, w2, we, k, b;
	char method[12]; /* "average", "difference" */
	char error[256]; /* why it could not be rated, "" when none */
};

/* One game of it, from the player's side. */
struct store_foreign_game {
	char opponent[101];
	int rating;
	char result[4]; /* "1", "1/2", "0" */
};

/* Records a result (f->user, event, finished_on, reported_on,
 * round_robin, winner, entered_by) and its games, at the end of the
 * rating order (after every group finished so far: its place when
 * reported, 4.5.4.1 a), and marks the ratings stale from there: f->id
 * and f->position set.  STORE_NOT_FOUND when f->user is no user. */
int store_foreign_add(store *s, struct store_foreign *f, const struct store_foreign_game *g,
                      size_t n);

/* Deletes result id and its games (entered wrongly) and marks the
 * ratings stale from its place.  STORE_OK, STORE_NOT_FOUND or
 * STORE_ERROR. */
int store_foreign_delete(store *s, int64_t id);

/* The results with position >= from, by position then id: a new array
 * (caller frees) into *out, *n. */
int store_foreign_from(store *s, int64_t from, struct store_foreign **out, size_t *n);

/* A user's results, by position then id: a new array, as above. */
int store_foreign_of_user(store *s, int64_t user, struct store_foreign **out, size_t *n);

/* A page of results in the order entered: user's (0: everyone's) with
 * id > after, at most limit: a new array, as above. */
int store_foreign_page(store *s, int64_t user, int64_t after, int limit, struct store_foreign **out,
                       size_t *n);

/* One result: STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_foreign_get(store *s, int64_t id, struct store_foreign *f);

/* The games of result id into g (room for max), *n. */
int store_foreign_games(store *s, int64_t id, struct store_foreign_game *g, size_t max, size_t *n);

/* Forgets the figures of every result with position >= from. */
int store_foreign_clear_from(store *s, int64_t from);

/* Stores what the update computed for f (rated, ro, old, new_rating,
 * games, w2, we, k, b, method, error). */
int store_foreign_done(store *s, const struct store_foreign *f);

/* Calls fn for every rating a user reached before position `from`: the
 * steps with seq < from, the adjustments and the foreign results with
 * position < from, in the order they were made (at one place: the
 * coordination, the foreign results, then the group), with the day
 * (finished_on, on_date, reported_on) and whether it was a rated result
 * (a step or a foreign result; an adjustment is none, DSU 4.5.5.1 item
 * 4).  Stops with fn's value when it is not 0. */
int store_foreign_marks_before(store *s, int64_t from,
                               int (*fn)(void *ctx, int64_t user, const char *date, int rating,
                                         bool result),
                               void *ctx);

#endif
