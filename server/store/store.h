/* store.h: the SQLite database - the storage layer of the server, the
 * only code that holds SQL (the files of server/store, one per table group).
 *
 * One database file in WAL mode, with foreign keys on and a busy timeout.
 * Each thread gets its own connection (opened on first use, closed when
 * the thread ends); statements are prepared once per connection and kept.
 * SQL is only ever bound, never built from strings; every bind and every
 * step is checked, and a step that fails is an error, never the end of
 * the rows.  The layers above see no SQLite type: they call the functions
 * of store/store_games.h, store/store_users.h, ... which answer enum store_status. */
#ifndef CORRCHESS_STORE_H
#define CORRCHESS_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct store store;

/* What the functions of the storage layer answer. */
enum store_status {
	STORE_OK = 0,
	STORE_NOT_FOUND = 1, /* no such row */
	STORE_STALE = 2,     /* the row changed since it was read (games.rev): nothing written */
	STORE_CONFLICT = 3,  /* a UNIQUE key is taken (a user name, ...) */
	STORE_ERROR = -1,    /* the database failed (logged); nothing written */
	STORE_CORRUPT = -2,  /* a stored row breaks the rules (logged) */
};

/* Opens (creating if missing) the database at path and brings its schema
 * up to date from the embedded migrations, each in its own transaction and
 * recorded in schema_migrations.  Refuses a database whose schema is newer
 * than this program knows.  Returns a new store (store_close() it) or
 * NULL with a sentence in err. */
store *store_open(const char *path, char *err, size_t errlen);

/* Closes the calling thread's connection and frees the store. NULL: no-op. */
void store_close(store *s);

/* Write transactions on the calling thread's connection.  store_begin()
 * takes the write lock at once (BEGIN IMMEDIATE) so two writers never
 * deadlock on a lock upgrade.  STORE_OK or STORE_ERROR. */
int store_begin(store *s);
/* store_commit() rolls back when the commit fails (logged); both end the
 * write lock.  STORE_OK, or STORE_ERROR (nothing written; also when the
 * syncer's flush failed). */
int store_commit(store *s);
void store_rollback(store *s);
/* For a writer that commits for others (svc/svc.c's writer thread): the
 * COMMIT without waiting for its flush; *ticket (0: nothing to wait for,
 * no syncer) is then handed to store_sync_adopt() on the thread of the
 * request, which waits for it (or, between store_defer_sync(s, 1) and 0,
 * keeps it as its pending ticket for the HTTP layer).  STORE_OK, or
 * STORE_ERROR when the COMMIT failed (rolled back, logged).  Adopting
 * answers 0, or -1 when a flush failed. */
int store_commit_ticket(store *s, unsigned long long *ticket);
int store_sync_adopt(store *s, unsigned long long ticket);

/* A savepoint inside the calling thread's write transaction, so one step
 * of several can be undone alone: store_savepoint() opens it;
 * store_savepoint_end(s, keep) keeps (RELEASE) or undoes (ROLLBACK TO,
 * then RELEASE) what was done since.  STORE_OK, or STORE_ERROR (then the
 * transaction as a whole must be rolled back: a failed statement may have
 * ended it). */
int store_savepoint(store *s);
int store_savepoint_end(store *s, bool keep);

/* The WAL frames (pages) written by the commits of this process since
 * the checkpointer started (counted only with it: docs/BENCHMARKS.md's
 * pages per move). */
long long store_wal_frames(store *s);

/* The checkpointer's work so far: checkpoints finished with the writers
 * held off for the last frames (*catch_ups: the WAL then starts again at
 * the next write), and TRUNCATE checkpoints (*truncates: the WAL had
 * passed 16 MB anyway, readers kept it).  docs/OPERATIONS.md "The WAL". */
void store_wal_checkpoints(store *s, long long *catch_ups, long long *truncates);

/* Whether the calling thread holds a write transaction (store_begin()). */
bool store_writing(store *s);

/* Writes an audit line (what a TL, a claim or the sweep decided, and
 * why), inside the caller's transaction.  user 0 = the server itself,
 * game 0 = none.  STORE_OK or STORE_ERROR. */
int store_audit(store *s, int64_t user, int64_t game, const char *action, const char *detail);

/* One audit line as read back. */
struct store_audit_line {
	int64_t id, user; /* user 0: the server itself */
	char at[24];
	char action[32];
	char detail[2200];
};

/* The audit lines of game after line id `after`, oldest first, at most
 * max (new array, free() it; NULL when none).  STORE_OK or STORE_ERROR. */
int store_audit_of(store *s, int64_t game, int64_t after, size_t max, struct store_audit_line **out,
                   size_t *n);

/* A read transaction: every read until store_read_end() sees one
 * snapshot, even while other threads commit.  Inside a write transaction
 * it does nothing.  Returns a token for store_read_end() (1 when it began
 * one, 0 when there was one already or it could not). */
int store_read_begin(store *s);
void store_read_end(store *s, int token);

/* Starts a thread that checkpoints the WAL every interval_ms (PASSIVE),
 * and turns off the automatic checkpoint that would otherwise run inside
 * a committing request.  For the daemon; stopped by store_close().
 * Returns 0, or -1 when the thread cannot start. */
int store_start_checkpointer(store *s, int interval_ms);

/* Group commit (store/walsync.h): from now on store_commit() returns only
 * when the commit's WAL frames are on disk (fdatasync), which survives a
 * power cut, not only a crash of the program; the writers waiting
 * together share one flush.  For the key synchronous = full (the
 * default).  0, or -1 when the thread cannot start.  store_commit() then
 * fails with SQLITE_IOERR_FSYNC when a flush failed. */
int store_start_syncer(store *s);

/* For the HTTP event threads, which must not block while a flush runs:
 * between store_defer_sync(s, 1) and store_defer_sync(s, 0) the calling
 * thread's commits do not wait; each takes a ticket instead, and
 * store_pending_sync() returns the newest (0: no commit, nothing to wait
 * for) and forgets it.  The answer to the request must then wait for
 * store_sync_notify(): it calls done(arg, status) on the sync thread once
 * the ticket's commit is on disk (status 0, or -1 when a flush failed),
 * or returns 1 with *status when that is already so (and 0 when done
 * will be called).  Without the syncer, nothing is deferred. */
void store_defer_sync(store *s, int on);
unsigned long long store_pending_sync(store *s);
int store_sync_notify(store *s, unsigned long long ticket, void (*done)(void *arg, int status),
                      void *arg, int *status);
/* Whether ticket's commit is on disk already (1, with *status as above)
 * or not yet (0), without waiting or registering anything. */
int store_sync_done(store *s, unsigned long long ticket, int *status);

/* The group commit's flushes so far, or -1 without the syncer. */
long long store_wal_flushes(store *s);

/* The schema version the database has (after store_open). */
int store_schema_version(store *s);

#endif
