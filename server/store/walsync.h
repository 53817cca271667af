/* walsync.h: group commit for SQLite in WAL mode (issue 10: an
 * acknowledged move survives a power cut).
 *
 * The connections run with synchronous=NORMAL: a COMMIT writes its WAL
 * frames but does not fsync them.  After its COMMIT a writer calls
 * walsync_wait(), which returns once an fdatasync() of the WAL file that
 * began after that COMMIT has finished.  One thread does the syncing, so
 * the writers that commit while a sync runs share the next one: many
 * commits, one disk flush (as a database's WAL flusher does).  This is
 * what synchronous=FULL guarantees (the commit is on disk before it is
 * acknowledged) at a fraction of the flushes; checkpoints need nothing
 * more, since SQLite syncs the WAL before copying it in NORMAL mode too.
 * See docs/OPERATIONS.md and docs/BENCHMARKS.md. */
#ifndef CORRCHESS_WALSYNC_H
#define CORRCHESS_WALSYNC_H

typedef struct walsync walsync;

/* The flush of one round: 0, or -1 with errno.  Tests replace it. */
typedef int (*walsync_flush_fn)(const char *wal_path, void *ctx);

/* Starts the syncing thread for the database at db_path (its WAL is
 * db_path + "-wal").  flush NULL: open the WAL, fdatasync() it, close it
 * (opened afresh each round, so a WAL that SQLite recreated is the one
 * synced).  Returns a new walsync (walsync_stop() it) or NULL. */
walsync *walsync_start(const char *db_path, walsync_flush_fn flush, void *ctx);

/* Blocks until every commit that returned before this call is on disk.
 * 0, or -1 when a flush failed (logged): the commit may then be lost by a
 * power cut, and every later wait fails too (after a failed fsync the
 * kernel may have dropped the pages: nothing can be promised again). */
int walsync_wait(walsync *w);

/* The asynchronous form, for a server that must not block a thread per
 * waiting commit: walsync_ticket() right after the COMMIT returns a
 * ticket; walsync_notify() then calls done(arg, status) on the syncing
 * thread once a flush covering the ticket has finished (status 0, or -1
 * when a flush failed), or returns 1 without calling when that is already
 * so (*status set), 0 when done will be called, -1 out of memory (the
 * caller may then walsync_wait()). */
unsigned long long walsync_ticket(walsync *w);
/* Blocks until ticket (of walsync_ticket()) is on disk: 0, or -1 when a
 * flush failed. */
int walsync_wait_for(walsync *w, unsigned long long ticket);
int walsync_notify(walsync *w, unsigned long long ticket, void (*done)(void *arg, int status),
                   void *arg, int *status);
/* Whether ticket is on disk already (1, *status 0 or -1 as above) or
 * not yet (0); never waits. */
int walsync_done(walsync *w, unsigned long long ticket, int *status);

/* Flushes done so far (for /metrics and the tests). */
unsigned long long walsync_flushes(walsync *w);

/* Writers waiting now (for /metrics and the tests). */
unsigned long long walsync_pending(walsync *w);

/* Does a last flush for the waiters, stops the thread, frees.  NULL: no-op. */
void walsync_stop(walsync *w);

#endif
