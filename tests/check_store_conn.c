/* check_store_conn.c: the connection layer of server/store/store.c on a real
 * database file: the statement cache holds every distinct statement a
 * thread prepares (issue 19: the 97th used to fail until a restart), each
 * thread its own; the WAL stays bounded after a burst held by a reader
 * (issue 20) and starts again under a steady stream of commits (issue
 * 19, the checkpointer's catch-up). */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "testutil.h"
#include "store/internal.h"
#include "store/store.h"

#define NSQL 400 /* distinct statements: far past the old 96 */

static char dir[64], path[128];
static store *st;
static char *sqls[NSQL]; /* "SELECT n", one string (one address) each */

static void setup(void)
{
	snprintf(dir, sizeof dir, "/tmp/check_store_conn.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/t.db", dir);
	char err[256];
	st = store_open(path, err, sizeof err);
	ck_assert_msg(st != NULL, "store_open: %s", err);
	for (int i = 0; i < NSQL; i++) {
		sqls[i] = malloc(32);
		snprintf(sqls[i], 32, "SELECT %d", i);
	}
}

static void teardown(void)
{
	store_close(st);
	for (int i = 0; i < NSQL; i++)
		free(sqls[i]);
	char f[160];
	static const char *const ext[] = {"", "-wal", "-shm"};
	for (int i = 0; i < 3; i++) {
		snprintf(f, sizeof f, "%s%s", path, ext[i]);
		unlink(f);
	}
	rmdir(dir);
}

/* Prepares and steps statement i: its answer must be i. */
static void step_one(int i)
{
	sqlite3_stmt *s = store_stmt(st, sqls[i]);
	ck_assert_msg(s != NULL, "statement %d of one thread was refused", i + 1);
	ck_assert_int_eq(sqlite3_step(s), SQLITE_ROW);
	ck_assert_int_eq(sqlite3_column_int(s, 0), i);
	sqlite3_reset(s);
}

START_TEST(test_cache_grows_past_every_limit)
{
	for (int i = 0; i < NSQL; i++)
		step_one(i);
	/* Asked again, each is the cached one (the same object), in any
	 * order. */
	for (int i = NSQL - 1; i >= 0; i -= 7) {
		sqlite3_stmt *a = store_stmt(st, sqls[i]);
		sqlite3_stmt *b = store_stmt(st, sqls[i]);
		ck_assert_ptr_eq(a, b);
		step_one(i);
	}
	ck_assert_uint_eq(store_cached_statements(st), NSQL);
}
END_TEST

static void *other_thread(void *arg)
{
	(void)arg;
	for (int i = 0; i < NSQL; i += 3)
		step_one(i);
	return (void *)store_cached_statements(st);
}

START_TEST(test_each_thread_has_its_own)
{
	step_one(0);
	pthread_t t;
	ck_assert_int_eq(pthread_create(&t, NULL, other_thread, NULL), 0);
	void *n = NULL;
	pthread_join(t, &n);
	ck_assert_uint_eq((size_t)n, (NSQL + 2) / 3);
	ck_assert_uint_eq(store_cached_statements(st), 1);
}
END_TEST

static long long file_size(const char *f)
{
	struct stat sb;
	return stat(f, &sb) == 0 ? (long long)sb.st_size : 0;
}

/* Issue 20: a burst of writes while a reader holds an old snapshot (so no
 * checkpoint can finish and the WAL must grow), then the reader ends:
 * the WAL file goes back under 64 MB by itself, and stays there. */
START_TEST(test_wal_bounded_after_a_burst)
{
	ck_assert_int_eq(store_start_checkpointer(st, 20), 0);
	ck_assert_int_eq(
	        sqlite3_exec(store_db(st), "CREATE TABLE burst (b BLOB)", NULL, NULL, NULL),
	        SQLITE_OK);
	sqlite3 *reader;
	ck_assert_int_eq(sqlite3_open(path, &reader), SQLITE_OK);
	ck_assert_int_eq(
	        sqlite3_exec(reader, "BEGIN; SELECT count(*) FROM burst;", NULL, NULL, NULL),
	        SQLITE_OK);
	static const char ins[] = "INSERT INTO burst VALUES (zeroblob(65536))";
	static const char del[] = "DELETE FROM burst";
	char wal[160];
	snprintf(wal, sizeof wal, "%s-wal", path);
	for (int round = 0; round < 100; round++) { /* ~100 MB of pages */
		ck_assert_int_eq(store_begin(st), STORE_OK);
		for (int i = 0; i < 16; i++)
			ck_assert_int_eq(store_exec(st, store_stmt(st, ins), "burst"), STORE_OK);
		if (round % 10 == 9)
			ck_assert_int_eq(store_exec(st, store_stmt(st, del), "burst"), STORE_OK);
		ck_assert_int_eq(store_commit(st), SQLITE_OK);
	}
	long long peak = file_size(wal);
	ck_assert_msg(peak > 64LL << 20, "the burst grew the WAL (%lld bytes)", peak);
	sqlite3_exec(reader, "COMMIT", NULL, NULL, NULL);
	sqlite3_close(reader);
	/* The checkpointer's next rounds: wait for the file, with a bound. */
	long long now = peak;
	for (int i = 0; i < 3000 && now > 64LL << 20; i++) {
		nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
		now = file_size(wal);
	}
	ck_assert_msg(now <= 64LL << 20, "the WAL is back under 64 MB: %lld bytes", now);
	/* One more write: the WAL starts again, the file stays small. */
	ck_assert_int_eq(store_begin(st), STORE_OK);
	ck_assert_int_eq(store_exec(st, store_stmt(st, ins), "burst"), STORE_OK);
	ck_assert_int_eq(store_commit(st), SQLITE_OK);
	ck_assert_int_le(file_size(wal), 64LL << 20);
}
END_TEST

/* Whether another process sees a lock on the SHARED bytes of the
 * database file at path (SQLite's locking bytes: 0x40000002, 510 of them):
 * every WAL connection of this process holds one while it is open. */
static bool shared_lock_seen(const char *db)
{
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	pid_t pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		int fd = open(db, O_RDWR);
		struct flock fl = {.l_type = F_WRLCK,
		                   .l_whence = SEEK_SET,
		                   .l_start = 0x40000002,
		                   .l_len = 510};
		char seen = fd >= 0 && fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK ? 1 : 0;
		_exit(write(fds[1], &seen, 1) == 1 ? 0 : 1);
	}
	char seen = 0;
	ck_assert_int_eq(read(fds[0], &seen, 1), 1);
	waitpid(pid, NULL, 0);
	close(fds[0]);
	close(fds[1]);
	return seen == 1;
}

/* Issue 19: under a steady stream of commits (and short reads beside
 * them) a PASSIVE checkpoint never copies the last frames, since new ones
 * keep coming, so the WAL never started again and grew to a TRUNCATE that
 * held the writers for 12-18 ms.  The checkpointer now finishes with the
 * writers held off for the last frames (store.c catch_up()): it must do
 * so while the stream runs, and nothing written may be lost by it. */
START_TEST(test_wal_starts_again_under_steady_writes)
{
	ck_assert_int_eq(store_start_checkpointer(st, 10), 0);
	ck_assert_int_eq(sqlite3_exec(store_db(st), "CREATE TABLE steady (n INTEGER, b BLOB)", NULL,
	                              NULL, NULL),
	                 SQLITE_OK);
	sqlite3 *reader;
	ck_assert_int_eq(sqlite3_open(path, &reader), SQLITE_OK);
	static const char ins[] = "INSERT INTO steady VALUES (?, zeroblob(16384))";
	static const char thin[] = "UPDATE steady SET b = NULL WHERE n < ?";
	long long catch_ups = 0, truncates = 0;
	int n = 0;
	/* At most ~400 MB of pages; a few MB are enough for a catch-up. */
	for (int round = 0; round < 6000 && catch_ups < 3; round++) {
		ck_assert_int_eq(store_begin(st), STORE_OK);
		for (int i = 0; i < 4; i++) {
			sqlite3_stmt *q = store_stmt(st, ins);
			ck_assert_ptr_nonnull(q);
			ck_assert_int_eq(sqlite3_bind_int(q, 1, n++), SQLITE_OK);
			ck_assert_int_eq(store_exec(st, q, "steady"), STORE_OK);
		}
		if (round % 64 == 63) { /* keep the database small: old blobs emptied */
			sqlite3_stmt *q = store_stmt(st, thin);
			ck_assert_ptr_nonnull(q);
			ck_assert_int_eq(sqlite3_bind_int(q, 1, n - 64), SQLITE_OK);
			ck_assert_int_eq(store_exec(st, q, "thin"), STORE_OK);
		}
		ck_assert_int_eq(store_commit(st), SQLITE_OK);
		ck_assert_int_eq(
		        sqlite3_exec(reader, "SELECT count(*) FROM steady", NULL, NULL, NULL),
		        SQLITE_OK);
		store_wal_checkpoints(st, &catch_ups, &truncates);
	}
	ck_assert_msg(catch_ups >= 1, "no checkpoint caught up in %d rows (%lld truncates)", n,
	              truncates);
	/* The catch-up flushed the files through SQLite's own handles: a
	 * descriptor of the database opened and closed beside them would
	 * have dropped this process's locks on it (POSIX locks are the
	 * process's), and another process could then take the file. */
	ck_assert_msg(shared_lock_seen(path), "this process's locks on the database were lost");
	/* Every row is there, and the file is sound. */
	sqlite3_stmt *q;
	ck_assert_int_eq(
	        sqlite3_prepare_v2(reader, "SELECT count(*), max(n) FROM steady", -1, &q, NULL),
	        SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
	ck_assert_int_eq(sqlite3_column_int(q, 0), n);
	ck_assert_int_eq(sqlite3_column_int(q, 1), n - 1);
	sqlite3_finalize(q);
	ck_assert_int_eq(sqlite3_prepare_v2(reader, "PRAGMA integrity_check", -1, &q, NULL),
	                 SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(q), SQLITE_ROW);
	ck_assert_str_eq((const char *)sqlite3_column_text(q, 0), "ok");
	sqlite3_finalize(q);
	sqlite3_close(reader);
}
END_TEST

TU_MAIN_FIXTURE("store", 120, setup, teardown, test_cache_grows_past_every_limit,
                test_each_thread_has_its_own, test_wal_bounded_after_a_burst,
                test_wal_starts_again_under_steady_writes)
