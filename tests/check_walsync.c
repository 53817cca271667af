/* check_walsync.c: group commit (server/walsync.c): a wait returns only
 * after a flush that began after the commit; writers waiting together
 * share one flush; a failed flush fails every wait from then on; the real
 * flush on a WAL database. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <sqlite3.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "testutil.h"
#include "store/walsync.h"

#define WRITERS 8
#define ROUNDS  200

static walsync *ws;
static atomic_ullong committed;    /* "commits" made */
static atomic_ullong durable_upto; /* commits a finished flush covers */
static atomic_int flush_calls, fail_from;

/* A flush that notes what it covers: the commits made before it began. */
static int noting_flush(const char *path, void *ctx)
{
	(void)path;
	(void)ctx;
	unsigned long long covers = atomic_load(&committed);
	int n = atomic_fetch_add(&flush_calls, 1) + 1;
	unsigned long long d = atomic_load(&durable_upto);
	while (covers > d && !atomic_compare_exchange_weak(&durable_upto, &d, covers))
		;
	if (fail_from && n >= fail_from) {
		errno = EIO;
		return -1;
	}
	return 0;
}

static void *writer(void *arg)
{
	(void)arg;
	for (int i = 0; i < ROUNDS; i++) {
		unsigned long long mine = atomic_fetch_add(&committed, 1) + 1;
		ck_assert_int_eq(walsync_wait(ws), 0);
		ck_assert_msg(atomic_load(&durable_upto) >= mine,
		              "commit %llu acknowledged before a flush covered it", mine);
	}
	return NULL;
}

START_TEST(test_wait_follows_a_covering_flush)
{
	committed = durable_upto = 0;
	flush_calls = fail_from = 0;
	ws = walsync_start("/nonexistent/db", noting_flush, NULL);
	ck_assert_ptr_nonnull(ws);
	pthread_t t[WRITERS];
	for (int i = 0; i < WRITERS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, writer, NULL), 0);
	for (int i = 0; i < WRITERS; i++)
		pthread_join(t[i], NULL);
	ck_assert_uint_le(walsync_flushes(ws), (unsigned long long)WRITERS * ROUNDS);
	ck_assert_uint_eq(walsync_pending(ws), 0);
	walsync_stop(ws);
}
END_TEST

/* The first flush holds until every writer waits: those that came during
 * it share the second. */
static int holding_flush(const char *path, void *ctx)
{
	(void)path;
	(void)ctx;
	if (atomic_fetch_add(&flush_calls, 1) == 0)
		while (walsync_pending(ws) < WRITERS)
			sched_yield();
	return 0;
}

static void *one_commit(void *arg)
{
	(void)arg;
	ck_assert_int_eq(walsync_wait(ws), 0);
	return NULL;
}

START_TEST(test_waiters_share_a_flush)
{
	flush_calls = 0;
	ws = walsync_start("/nonexistent/db", holding_flush, NULL);
	ck_assert_ptr_nonnull(ws);
	pthread_t t[WRITERS];
	for (int i = 0; i < WRITERS; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, one_commit, NULL), 0);
	for (int i = 0; i < WRITERS; i++)
		pthread_join(t[i], NULL);
	/* The first flush covers the tickets taken before it began (one to
	 * eight); every other writer was waiting when it ended, so one more
	 * flush covers them all: eight commits, at most two flushes. */
	ck_assert_uint_le(walsync_flushes(ws), 2);
	ck_assert_uint_ge(walsync_flushes(ws), 1);
	walsync_stop(ws);
}
END_TEST

START_TEST(test_a_failed_flush_fails_every_later_wait)
{
	committed = durable_upto = 0;
	flush_calls = 0;
	fail_from = 3;
	ws = walsync_start("/nonexistent/db", noting_flush, NULL);
	ck_assert_int_eq(walsync_wait(ws), 0);
	ck_assert_int_eq(walsync_wait(ws), 0);
	ck_assert_int_eq(walsync_wait(ws), -1);
	fail_from = 0; /* the disk "recovers": nothing is promised again */
	ck_assert_int_eq(walsync_wait(ws), -1);
	walsync_stop(ws);
}
END_TEST

START_TEST(test_real_wal)
{
	char dir[] = "/tmp/check_walsync.XXXXXX", path[128], wal[140];
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/t.db", dir);
	snprintf(wal, sizeof wal, "%s-wal", path);
	ws = walsync_start(path, NULL, NULL);
	ck_assert_ptr_nonnull(ws);
	ck_assert_int_eq(walsync_wait(ws), 0); /* no WAL file yet: nothing to flush */
	sqlite3 *db;
	ck_assert_int_eq(sqlite3_open(path, &db), SQLITE_OK);
	ck_assert_int_eq(sqlite3_exec(db,
	                              "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
	                              "CREATE TABLE t(x); INSERT INTO t VALUES (1);",
	                              NULL, NULL, NULL),
	                 SQLITE_OK);
	ck_assert_int_eq(access(wal, F_OK), 0);
	ck_assert_int_eq(walsync_wait(ws), 0);
	ck_assert_uint_ge(walsync_flushes(ws), 2);
	sqlite3_close(db);
	walsync_stop(ws);
	unlink(path);
	unlink(wal);
	char shm[140];
	snprintf(shm, sizeof shm, "%s-shm", path);
	unlink(shm);
	rmdir(dir);
	walsync_stop(NULL);
}
END_TEST

TU_MAIN("walsync", 0, test_wait_follows_a_covering_flush, test_waiters_share_a_flush,
        test_a_failed_flush_fails_every_later_wait, test_real_wal)
