/* store/deadlines.h: the game_deadlines table - the next dates of every
 * active game (lib/corr corr_deadlines()), kept at every write (issue 16;
 * docs/DEADLINES.md).
 *
 * store_deadlines_refresh() is called inside the transaction of every
 * change of a game: store_games_insert(), store_games_apply_in() (every
 * lib/corr delta: moves, claims, results, the sweep's forfeit and
 * whatever later operations add), a sweep event, and for each of a
 * player's games when one of his vacations is stored.  A new kind of
 * write that changes a game or its stops outside those calls must call
 * it too; `corrchess check-deadlines` finds the games it missed. */
#ifndef CORRCHESS_STORE_DEADLINES_H
#define CORRCHESS_STORE_DEADLINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock/calendar.h"
#include "store/store.h"

/* Recomputes and stores the dates of game id from the stored game,
 * inside the caller's write transaction: a finished or missing game has
 * none, a game that does not replay or whose clocks fail gets one
 * "recheck" row due at once (the sweep then reports it every day).
 * STORE_OK or STORE_ERROR.  Cost: one store_games_load() and a few row
 * writes. */
int store_deadlines_refresh(store *s, int64_t id);

/* store_deadlines_refresh() for each active game of user (his vacations
 * stop the clocks of all of them, DSU 6.3.6), inside the caller's write
 * transaction.  STORE_OK or STORE_ERROR. */
int store_deadlines_player(store *s, int64_t user);

/* Computes the dates of the games queued by migration 0012 (an older
 * database), in transactions of a few hundred games; *n: how many.
 * STORE_OK or STORE_ERROR. */
int store_deadlines_fill(store *s, size_t *n);

/* The ids of the games with a date on or before today (YYYY-MM-DD), in
 * id order, each once (new array, free() it; NULL when none).  STORE_OK
 * or STORE_ERROR.  Cost: the index range of those dates. */
int store_deadlines_due(store *s, const char *today, int64_t **ids, size_t *n);

/* The number of active games (the sweep's summary): STORE_OK or
 * STORE_ERROR.  Cost: the partial index games_active. */
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
 * (room for limit + 1; struct store_forfeit of store/games.h).  STORE_OK
 * or STORE_ERROR.  Cost: the partial index games_time_forfeit. */
struct store_forfeit;
int store_deadlines_forfeits(store *s, int64_t tournament, const char *after_since,
                             int64_t after_id, size_t limit, struct store_forfeit *out, size_t *n);

/* `corrchess check-deadlines`: compares the stored dates of game id with
 * what store_deadlines_refresh() would store now.  STORE_OK when they
 * agree, STORE_CONFLICT when they differ (diff says how; with fix they
 * are rewritten, inside the caller's transaction), STORE_ERROR. */
int store_deadlines_verify(store *s, int64_t id, bool fix, char *diff, size_t difflen);

/* The games that are not active but still have dates (new array, free()
 * it).  STORE_OK or STORE_ERROR. */
int store_deadlines_strays(store *s, int64_t **ids, size_t *n);

#endif
