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

/* The rowid of the last INSERT and the rows the last statement changed,
 * on the calling thread's connection. */
int64_t store_last_id(store *s);
int store_changes(store *s);

#endif
