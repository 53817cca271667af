/* store.h: the SQLite database.
 *
 * One database file in WAL mode, with foreign keys on and a busy timeout.
 * Each thread gets its own connection (opened on first use, closed when
 * the thread ends); statements are prepared once per connection and kept.
 * SQL is only ever bound, never built from strings. */
#ifndef CORRCHESS_STORE_H
#define CORRCHESS_STORE_H

#include <sqlite3.h>
#include <stddef.h>

typedef struct store store;

/* Opens (creating if missing) the database at path and brings its schema
 * up to date from the embedded migrations, each in its own transaction and
 * recorded in schema_migrations.  Refuses a database whose schema is newer
 * than this program knows.  Returns a new store (store_close() it) or
 * NULL with a sentence in err. */
store *store_open(const char *path, char *err, size_t errlen);

/* Closes the calling thread's connection and frees the store. NULL: no-op. */
void store_close(store *s);

/* The calling thread's connection (borrowed; valid until the thread ends
 * or store_close()).  NULL when it cannot be opened. */
sqlite3 *store_db(store *s);

/* A prepared statement for sql on the calling thread's connection, reset
 * and with its bindings cleared (borrowed; do not finalize).  sql must be
 * a string with static storage: the cache is keyed by its address.  NULL
 * on error (logged). */
sqlite3_stmt *store_stmt(store *s, const char *sql);

/* Transactions on the calling thread's connection.  store_begin() takes
 * the write lock at once (BEGIN IMMEDIATE) so two writers never deadlock
 * on a lock upgrade.  Each returns an SQLite result code. */
int store_begin(store *s);
/* store_commit() rolls back when the commit fails; both end the write lock. */
int store_commit(store *s);
void store_rollback(store *s);

/* Starts a thread that checkpoints the WAL every interval_ms (PASSIVE),
 * and turns off the automatic checkpoint that would otherwise run inside
 * a committing request.  For the daemon; stopped by store_close().
 * Returns 0, or -1 when the thread cannot start. */
int store_start_checkpointer(store *s, int interval_ms);

/* The schema version the database has (after store_open). */
int store_schema_version(store *s);

#endif
