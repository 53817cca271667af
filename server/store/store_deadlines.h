/* store/store_deadlines.h: the game_deadlines table - the next dates of every
 * active game (lib/corr corr_deadlines(); docs/DEADLINES.md).
 *
 * Table access only: the command of server/svc that changes a game (or
 * its stops: a vacation) computes the game's dates from the game in
 * memory and stores them with store_deadlines_set() in its own write
 * transaction; `corrchess check-deadlines` finds a game whose rows
 * disagree with its dates now. */
#ifndef CORRCHESS_STORE_DEADLINES_H
#define CORRCHESS_STORE_DEADLINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock/calendar.h"
#include "corr/corr_deadlines.h"
#include "store/store.h"

/* Stores the dates d[0..n) of game id (none for a finished game: n 0;
 * n < 0: the clocks of an active game failed, one "recheck" row due at
 * once, so the sweep reports it every day), inside the caller's write
 * transaction.  Only the rows that differ from the stored ones are
 * written; a forfeit row written bumps both players' game-list revisions
 * (migration 0040).  STORE_OK or STORE_ERROR.  Cost: one indexed read of
 * at most CORR_DEADLINES_MAX rows, and one write per row changed. */
int store_deadlines_set(store *s, int64_t id, const struct corr_deadline *d, int n);

/* store_deadlines_set() after the caller wrote game id's games row in the
 * same transaction: that row's trigger (migrations 0039, 0042) bumped
 * both players' revisions already, so a forfeit row written bumps them
 * no more (issue 19: the move path). */
int store_deadlines_set_after_row(store *s, int64_t id, const struct corr_deadline *d, int n);

/* The games queued by migration 0012 (an older database) whose dates are
 * still to be computed: at most 500 ids (new array, free() it).  A queued
 * game leaves the queue with store_deadlines_pending_done(), inside the
 * transaction that stores its dates.  STORE_OK or STORE_ERROR. */
int store_deadlines_pending(store *s, int64_t **ids, size_t *n);
int store_deadlines_pending_done(store *s, int64_t id);

/* The ids of the games with a date on or before today (YYYY-MM-DD), in
 * id order, each once (new array, free() it; NULL when none).  STORE_OK
 * or STORE_ERROR.  Cost: the index range of those dates. */
int store_deadlines_due(store *s, const char *today, int64_t **ids, size_t *n);

/* The number of active games (the sweep's summary): STORE_OK or
 * STORE_ERROR.  Cost: one row (the counter of migration 0017). */
int store_deadlines_active_count(store *s, int64_t *n);

/* One row of a kind's list. */
struct store_deadline_row {
	int64_t game;
	int side; /* WHITE or BLACK */
	char due[CALENDAR_ISO_LEN];
};

/* A page of the rows of one kind ("reminder", ...) due on or before
 * today, in (due, game) order after the cursor (after_due "" = from the
 * start), of tournament (0 = any), at most limit rows, into out (room
 * for limit + 1: one more tells the caller there is a next page; *n may
 * be limit + 1).  STORE_OK or STORE_ERROR. */
struct store_deadline_query {
	const char *kind, *today;
	int64_t tournament;
	const char *after_due;
	int64_t after_game;
	int after_side; /* WHITE, BLACK, or CORR_NOBODY */
	size_t limit;
};
int store_deadlines_page(store *s, const struct store_deadline_query *q,
                         struct store_deadline_row *out, size_t *n);

/* The games ended by a time forfeit (the overview's forfeits list), in
 * (since, id) order after (after_since, after_id) (after_since "" = from
 * the start), of tournament (0 = any), at most limit + 1 rows into out
 * (room for limit + 1; struct store_forfeit of store/store_games.h).  STORE_OK
 * or STORE_ERROR.  Cost: the partial index games_time_forfeit. */
struct store_forfeit;
int store_deadlines_forfeits(store *s, int64_t tournament, const char *after_since,
                             int64_t after_id, size_t limit, struct store_forfeit *out, size_t *n);

/* `corrchess check-deadlines`: compares the stored dates of game id with
 * d[0..n) (as store_deadlines_set() takes them).  STORE_OK when they
 * agree, STORE_CONFLICT when they differ (diff says how; with fix they are
 * rewritten, inside the caller's transaction), STORE_ERROR. */
int store_deadlines_verify(store *s, int64_t id, const struct corr_deadline *d, int n, bool fix,
                           char *diff, size_t difflen);

/* The games that are not active but still have dates (new array, free()
 * it).  STORE_OK or STORE_ERROR. */
int store_deadlines_strays(store *s, int64_t **ids, size_t *n);

#endif
