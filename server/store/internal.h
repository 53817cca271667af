/* store/internal.h: for the files of server/store only - the statement
 * cache and the checked binding and column helpers. */
#ifndef CORRCHESS_STORE_INTERNAL_H
#define CORRCHESS_STORE_INTERNAL_H

#include <sqlite3.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

/* The store's cache of replayed games (store/game_cache.h; borrowed). */
struct game_cache *store_game_cache(store *s);

/* The calling thread's connection (borrowed; valid until the thread ends
 * or store_close()).  NULL when it cannot be opened. */
sqlite3 *store_db(store *s);

/* A prepared statement for sql on the calling thread's connection, reset
 * and with its bindings cleared (borrowed; do not finalize).  sql must be
 * a string with static storage: the cache is keyed by its address.  NULL
 * on error (logged). */
sqlite3_stmt *store_stmt(store *s, const char *sql);

/* The statements the calling thread's cache holds (its table grows with
 * them; there is no limit but memory). */
size_t store_cached_statements(store *s);

/* Checked binds: each returns the SQLite code, so a caller chains them
 * with || and fails on the first one that is not SQLITE_OK.  Text is
 * copied; NULL text binds NULL. */
int store_bind_text(sqlite3_stmt *st, int i, const char *v);
int store_bind_int64(sqlite3_stmt *st, int i, int64_t v);
int store_bind_blob(sqlite3_stmt *st, int i, const void *p, int n);

/* Steps a statement that returns no rows and resets it: STORE_OK, or
 * STORE_CONFLICT on a UNIQUE or PRIMARY KEY conflict, else STORE_ERROR
 * (logged with what). */
int store_exec(store *s, sqlite3_stmt *st, const char *what);

/* Logs a failed statement (what it was for and SQLite's message) and
 * returns STORE_ERROR; resets st when it is not NULL. */
int store_failed(store *s, sqlite3_stmt *st, const char *what);

/* Copies column i's text into dst (NULL as ""), cut to n - 1 bytes. */
void store_col_text(sqlite3_stmt *st, int i, char *dst, size_t n);

/* Column i as a day number (calendar.h) from its YYYY-MM-DD text; false
 * when it is NULL or not a date. */
bool store_col_day(sqlite3_stmt *st, int i, int32_t *day);

/* ---- a query with a sticky error ----
 *
 * SQLite's string builder's idea: the steps of a query (prepare, bind,
 * step) record the first failure in the struct and every later step is a
 * no-op, so a store function writes its query straight through and looks
 * at the outcome once, in store_q_end():
 *
 *     struct store_q q;
 *     store_q_open(&q, s, sql, "current games of a player");
 *     store_q_int(&q, user);
 *     store_q_text(&q, since);
 *     while (*n < max && store_q_row(&q))
 *             ids[(*n)++] = sqlite3_column_int64(q.st, 0);
 *     return store_q_end(&q);
 *
 * The parameters are bound in order (?1, ?2, ...).  A failure is logged
 * once, with `what`. */
struct store_q {
	store *s;
	sqlite3_stmt *st; /* the cached statement; read its columns after a row */
	const char *what; /* for the log */
	int rc;           /* STORE_OK until the first failure */
	int next;         /* the next parameter to bind */
	bool done;        /* stepped to its end */
};

/* Prepares sql (static storage, as store_stmt()). */
void store_q_open(struct store_q *q, store *s, const char *sql, const char *what);
/* Bind the next parameter: an integer, a text (NULL binds NULL; copied). */
void store_q_int(struct store_q *q, int64_t v);
void store_q_text(struct store_q *q, const char *v);
/* Steps: true with a row in q->st, false at the end or after a failure. */
bool store_q_row(struct store_q *q);
/* Steps a statement that returns no rows to its end. */
void store_q_exec(struct store_q *q);
/* Resets the statement; STORE_OK, or the first failure: STORE_CONFLICT
 * for a UNIQUE or PRIMARY KEY conflict, else STORE_ERROR (logged). */
int store_q_end(struct store_q *q);
/* store_q_end() for a query of at most one row: STORE_OK when found (a
 * row was read), else STORE_NOT_FOUND, or the first failure. */
int store_q_found(struct store_q *q, bool found);
/* Steps a write to its end and ends it: STORE_OK when it changed exactly
 * one row, else `otherwise` (STORE_NOT_FOUND, STORE_CONFLICT), or the
 * first failure. */
int store_q_changed(struct store_q *q, int otherwise);
/* Ends a query whose rows cannot be kept (out of memory): reset, and
 * store_q_end() answers STORE_ERROR. */
void store_q_oom(struct store_q *q);
/* Every row of q, each read by read() into a zeroed element of elem
 * bytes, as a new array (free() it) in *out and its length in *n; the
 * query ended (store_q_end()).  STORE_OK, or STORE_ERROR (nothing kept). */
int store_q_rows(struct store_q *q, size_t elem, void (*read)(sqlite3_stmt *st, void *row),
                 void **out, size_t *n);
/* store_q_rows() of the first column, an id a row: STORE_OK and *ids (free()
 * it) of *n, or STORE_ERROR (nothing kept). */
int store_q_ids(struct store_q *q, int64_t **ids, size_t *n);

/* In the caller's write transaction: bumps the revisions (list_revs,
 * migration 0039) of both players of game id, by which their game lists
 * and the game's GET are kept (server/api/api_games.c).  For the writers
 * of rows those answers show that no trigger follows: a forfeit date
 * (store_deadlines_set(), migration 0040), a reminder or TL notice of the
 * sweep (store_sweep_event()).  STORE_OK or STORE_ERROR. */
int store_games_bump_lists(store *s, int64_t id);

/* The rowid of the last INSERT and the rows the last statement changed,
 * on the calling thread's connection. */
int64_t store_last_id(store *s);
int store_changes(store *s);

#endif
