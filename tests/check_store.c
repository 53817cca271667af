/* check_store.c: the error convention of server/store (docs/ARCHITECTURE.md
 * "Errors"): every store function answers enum store_status, including
 * store_commit() (it answered SQLite's codes, so a failed COMMIT - code 1 -
 * read as STORE_NOT_FOUND) and store_ratings_user() (it answered 1/0/-1,
 * so "no such user" - 0 - read as STORE_OK); and the query helper with
 * the sticky error (store/internal.h, store/query.c). */
#include "autoconfig.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/internal.h"
#include "store/store_ratings.h"
#include "store/store.h"
#include "store/store_users.h"
#include "testutil.h"

static char dir[64], path[96];

static store *open_scratch(void)
{
	snprintf(dir, sizeof dir, "/tmp/check_store.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof path, "%s/t.db", dir);
	char err[256];
	store *s = store_open(path, err, sizeof err);
	ck_assert_msg(s != NULL, "%s", err);
	return s;
}

static void close_scratch(store *s)
{
	store_close(s);
	char f[128];
	const char *const ext[] = {"", "-wal", "-shm"};
	for (int i = 0; i < 3; i++) {
		snprintf(f, sizeof f, "%s%s", path, ext[i]);
		unlink(f);
	}
	rmdir(dir);
}

START_TEST(test_commit_answers_store_status)
{
	store *s = open_scratch();
	/* No transaction is open: SQLite says SQLITE_ERROR (1). */
	ck_assert_int_eq(store_commit(s), STORE_ERROR);
	ck_assert_int_eq(store_begin(s), STORE_OK);
	ck_assert_int_eq(store_commit(s), STORE_OK);
	unsigned long long ticket = 1;
	ck_assert_int_eq(store_commit_ticket(s, &ticket), STORE_ERROR);
	ck_assert_int_eq(ticket, 0);
	close_scratch(s);
}
END_TEST

START_TEST(test_ratings_user_answers_store_status)
{
	store *s = open_scratch();
	int rating, otb, games;
	bool foreign;
	ck_assert_int_eq(store_ratings_user(s, 99, &rating, &otb, &games), STORE_NOT_FOUND);
	ck_assert_int_eq(store_ratings_foreign(s, 99, &foreign), STORE_NOT_FOUND);
	ck_assert_int_eq(store_begin(s), STORE_OK);
	int64_t id;
	ck_assert_int_eq(store_users_insert(s, "anna", "anna@example.invalid", "player", "x", &id),
	                 STORE_OK);
	ck_assert_int_eq(store_ratings_set(s, id, true, 1800, false, 0), STORE_OK);
	ck_assert_int_eq(store_ratings_set(s, id + 1, true, 1800, false, 0), STORE_NOT_FOUND);
	ck_assert_int_eq(store_ratings_set_foreign(s, id, true), STORE_OK);
	ck_assert_int_eq(store_ratings_set_foreign(s, id + 1, true), STORE_NOT_FOUND);
	ck_assert_int_eq(store_commit(s), STORE_OK);
	ck_assert_int_eq(store_ratings_user(s, id, &rating, &otb, &games), STORE_OK);
	ck_assert_int_eq(rating, 1800);
	ck_assert_int_eq(store_ratings_foreign(s, id, &foreign), STORE_OK);
	ck_assert(foreign);
	close_scratch(s);
}
END_TEST

START_TEST(test_query_error_is_sticky)
{
	store *s = open_scratch();
	static const char bad_sql[] = "SELECT nothing FROM no_such_table WHERE x = ?";
	struct store_q q;
	store_q_open(&q, s, bad_sql, "a query that cannot be prepared");
	ck_assert_int_eq(q.rc, STORE_ERROR);
	store_q_int(&q, 1); /* no-ops now */
	store_q_text(&q, "x");
	ck_assert(!store_q_row(&q));
	ck_assert_int_eq(store_q_end(&q), STORE_ERROR);

	/* A bind past the last parameter fails; the rest is skipped. */
	static const char one[] = "SELECT ?1 + 1";
	store_q_open(&q, s, one, "one parameter");
	store_q_int(&q, 41);
	store_q_int(&q, 7); /* SQLITE_RANGE */
	ck_assert(!store_q_row(&q));
	ck_assert_int_eq(store_q_end(&q), STORE_ERROR);

	store_q_open(&q, s, one, "one parameter");
	store_q_int(&q, 41);
	ck_assert(store_q_row(&q));
	ck_assert_int_eq(sqlite3_column_int(q.st, 0), 42);
	ck_assert(!store_q_row(&q));
	ck_assert_int_eq(store_q_end(&q), STORE_OK);

	/* A UNIQUE conflict is STORE_CONFLICT. */
	ck_assert_int_eq(store_begin(s), STORE_OK);
	int64_t id;
	ck_assert_int_eq(store_users_insert(s, "bo", "bo@example.invalid", "player", "x", &id),
	                 STORE_OK);
	static const char dup[] =
	        "INSERT INTO users (name, email, role, password_hash)"
	        " SELECT name, email, role, password_hash FROM users WHERE id = ?";
	store_q_open(&q, s, dup, "a second bo");
	store_q_int(&q, id);
	store_q_exec(&q);
	ck_assert_int_eq(store_q_end(&q), STORE_CONFLICT);
	store_rollback(s);
	close_scratch(s);
}
END_TEST

TU_MAIN("store", 0, test_commit_answers_store_status, test_ratings_user_answers_store_status,
        test_query_error_is_sticky)
