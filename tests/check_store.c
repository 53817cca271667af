/* check_store.c: the error convention of server/store (docs/ARCHITECTURE.md
 * "Errors"): every store function answers enum store_status, including
 * store_commit() (it answered SQLite's codes, so a failed COMMIT - code 1 -
 * read as STORE_NOT_FOUND) and store_ratings_user() (it answered 1/0/-1,
 * so "no such user" - 0 - read as STORE_OK); and the query helper with
 * the sticky error (store/internal.h, store/query.c); and the CHECKs of
 * sweep_events and games without a temporary table (migration 0038); the
 * order of a game's records, read by one statement and sorted in C; the
 * rows a connection keeps between reads (store/read_memo.h). */
#include "autoconfig.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/internal.h"
#include "store/read_memo.h"
#include "chess/fen.h"
#include "store/store_games.h"
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

/* How many temporary tables the statement's program opens (EXPLAIN). */
static int ephemeral_tables(store *s, const char *sql)
{
	char ex[512];
	snprintf(ex, sizeof ex, "EXPLAIN %s", sql);
	sqlite3_stmt *st;
	ck_assert_int_eq(sqlite3_prepare_v2(store_db(s), ex, -1, &st, NULL), SQLITE_OK);
	int n = 0;
	while (sqlite3_step(st) == SQLITE_ROW)
		n += strcmp((const char *)sqlite3_column_text(st, 1), "OpenEphemeral") == 0;
	sqlite3_finalize(st);
	return n;
}

/* Runs sql; its SQLite result code. */
static int exec_rc(store *s, const char *sql)
{
	return sqlite3_exec(store_db(s), sql, NULL, NULL, NULL) & 0xff; /* the primary code */
}

/* Migration 0038: the sweep's insert of an event and a game's end build
 * no temporary table for their CHECKs (an IN list built one at every
 * row), and the rewritten CHECKs refuse what the IN lists refused. */
/* Users w and b, players, for a game of the scratch database. */
static void two_players(store *s, int64_t *w, int64_t *b)
{
	ck_assert_int_eq(store_begin(s), STORE_OK);
	ck_assert_int_eq(store_users_insert(s, "w", "w@example.invalid", "player", "x", w),
	                 STORE_OK);
	ck_assert_int_eq(store_users_insert(s, "b", "b@example.invalid", "player", "x", b),
	                 STORE_OK);
	ck_assert_int_eq(store_commit(s), STORE_OK);
}

START_TEST(test_checks_build_no_table)
{
	store *s = open_scratch();
	ck_assert_int_eq(ephemeral_tables(s,
	                                  "INSERT INTO sweep_events (game_id, kind, user_id, ply,"
	                                  " due, found_on) VALUES (?, ?, ?, ?, ?, ?)"),
	                 0);
	/* A game's end: its UPDATE runs the rating triggers (migration
	 * 0020), whose INSERTs have tables of their own; the games' CHECKs
	 * themselves hold no list of texts. */
	sqlite3_stmt *st;
	ck_assert_int_eq(sqlite3_prepare_v2(store_db(s),
	                                    "SELECT count(*) FROM sqlite_schema WHERE name IN"
	                                    " ('games', 'sweep_events') AND sql LIKE '%IN (''%'",
	                                    -1, &st, NULL),
	                 SQLITE_OK);
	ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
	ck_assert_int_eq(sqlite3_column_int(st, 0), 0);
	sqlite3_finalize(st);
	int64_t w, b;
	two_players(s, &w, &b);
	char sql[512];
	snprintf(sql, sizeof sql,
	         "INSERT INTO games (id, profile, start_date, white, black, start_fen, fen)"
	         " VALUES (1, 'standard', '2026-01-01', %lld, %lld, 'x', 'x')",
	         (long long)w, (long long)b);
	ck_assert_int_eq(exec_rc(s, sql), SQLITE_OK);
	static const char *const bad[] = {
	        "UPDATE games SET status = 'over' WHERE id = 1",
	        "UPDATE games SET result = '1-1' WHERE id = 1",
	        "UPDATE games SET draw_offer = 'both' WHERE id = 1",
	        "UPDATE games SET series_by = 'grey' WHERE id = 1",
	        "UPDATE games SET result_how = 'guessed' WHERE id = 1",
	        "UPDATE games SET played_result = '2-0' WHERE id = 1",
	        "INSERT INTO sweep_events (game_id, kind, user_id, ply, due, found_on)"
	        " VALUES (1, 'nudge', 1, 0, '2026-01-01', '2026-01-01')",
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ck_assert_msg(exec_rc(s, bad[i]) == SQLITE_CONSTRAINT, "accepted: %s", bad[i]);
	static const char *const good[] = {
	        "UPDATE games SET status = 'finished', result = '1/2-1/2', draw_offer = NULL,"
	        " series_by = 'black', result_how = 'scored', played_result = '+-' WHERE id = 1",
	        "INSERT INTO sweep_events (game_id, kind, user_id, ply, due, found_on)"
	        " VALUES (1, 'adjudication', 1, 0, '2026-01-01', '2026-01-01')",
	};
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
		ck_assert_msg(exec_rc(s, good[i]) == SQLITE_OK, "refused: %s", good[i]);
	close_scratch(s);
}
END_TEST

/* A game's records come in one order whatever the rows' order on disk:
 * reminders and TL notices by ply and row, then notices by ply, then
 * penalties by day and row (store_games.c load_records()); other kinds of
 * sweep_events are not records. */
START_TEST(test_records_load_in_order)
{
	store *s = open_scratch();
	int64_t w, b;
	two_players(s, &w, &b);
	char sql[2048];
	snprintf(sql, sizeof sql,
	         "INSERT INTO games (id, profile, start_date, white, black, start_fen, fen)"
	         " VALUES (1, 'server', '2026-01-01', %lld, %lld, '%s', '%s');"
	         "INSERT INTO penalties (id, game_id, color, days, reason, on_date) VALUES"
	         " (10, 1, 'white', 3, 'c', '2026-03-05'), (5, 1, 'black', 2, 'd', '2026-03-07'),"
	         " (7, 1, 'black', 4, 'b', '2026-03-05');"
	         "INSERT INTO notices (game_id, ply, color, days, on_date) VALUES"
	         " (1, 2, 'white', 20, '2026-02-02'), (1, 0, 'white', 30, '2026-01-02');"
	         "INSERT INTO sweep_events (id, game_id, kind, user_id, ply, due, found_on) VALUES"
	         " (20, 1, 'reminder', %lld, 3, '2026-02-01', '2026-02-03'),"
	         " (30, 1, 'tl_notice', %lld, 1, '2026-02-01', '2026-02-04'),"
	         " (25, 1, 'reminder', %lld, 1, '2026-02-01', '2026-02-05'),"
	         " (26, 1, 'forfeit', %lld, 1, '2026-02-01', '2026-02-06');",
	         (long long)w, (long long)b, FEN_STARTPOS, FEN_STARTPOS, (long long)w, (long long)b,
	         (long long)w, (long long)b);
	ck_assert_int_eq(exec_rc(s, sql), SQLITE_OK);
	struct store_game sg;
	char err[256];
	ck_assert_int_eq(store_games_load(s, 1, &sg, err, sizeof err), STORE_OK);
	static const struct {
		enum corr_record_kind kind;
		int ply, side, days;
	} want[] = {
	        {CORR_REC_REMINDER, 1, WHITE, 0}, {CORR_REC_TL_NOTICE, 1, BLACK, 0},
	        {CORR_REC_REMINDER, 3, WHITE, 0}, {CORR_REC_NOTICE, 0, WHITE, 30},
	        {CORR_REC_NOTICE, 2, WHITE, 20},  {CORR_REC_PENALTY, -1, BLACK, 4},
	        {CORR_REC_PENALTY, -1, WHITE, 3}, {CORR_REC_PENALTY, -1, BLACK, 2},
	};
	ck_assert_uint_eq(sg.g.nrecords, sizeof want / sizeof want[0]);
	for (size_t i = 0; i < sg.g.nrecords; i++) {
		const struct corr_record *r = &sg.g.records[i];
		ck_assert_msg(r->kind == want[i].kind && r->ply == want[i].ply &&
		                      r->side == want[i].side && r->days == want[i].days,
		              "record %zu: kind %d ply %d side %d days %d", i, (int)r->kind, r->ply,
		              r->side, r->days);
	}
	ck_assert_str_eq(sg.g.records[5].reason, "b");
	store_games_free(&sg);
	close_scratch(s);
}
END_TEST

/* One user's session and one game's revisions as a read of the router
 * reads them (store_read_begin(), then the two queries). */
static void read_both(store *s, const unsigned char *hash, int64_t now, int *rc_user,
                      struct store_user *u, struct store_game_shown *shown)
{
	ck_assert_int_eq(store_read_begin(s), 1);
	*rc_user = store_sessions_user(s, hash, MEMO_HASH_MAX, now, u);
	ck_assert_int_eq(store_games_shown(s, 1, shown), STORE_OK);
	store_read_end(s, 1);
}

/* store/read_memo.h: the rows a connection keeps between its reads are
 * the rows the queries give, after a write by another connection, by
 * itself, and after a write inside a read that was rolled back. */
START_TEST(test_read_memo_follows_every_write)
{
	store *s = open_scratch();
	char err[256];
	store *other = store_open(path, err, sizeof err); /* a second connection */
	ck_assert_msg(other != NULL, "%s", err);
	int64_t w, b;
	two_players(s, &w, &b);
	char sql[1024];
	snprintf(sql, sizeof sql,
	         "INSERT INTO games (id, profile, start_date, white, black, start_fen, fen)"
	         " VALUES (1, 'server', '2026-01-01', %lld, %lld, '%s', '%s');",
	         (long long)w, (long long)b, FEN_STARTPOS, FEN_STARTPOS);
	ck_assert_int_eq(exec_rc(s, sql), SQLITE_OK);
	unsigned char hash[MEMO_HASH_MAX];
	memset(hash, 7, sizeof hash);
	const int64_t now = 1000000, expires = now + 100;
	ck_assert_int_eq(store_begin(s), STORE_OK);
	ck_assert_int_eq(store_sessions_create(s, hash, sizeof hash, w, now, expires), STORE_OK);
	ck_assert_int_eq(store_commit(s), STORE_OK);

	int rc;
	struct store_user u;
	struct store_game_shown g;
	read_both(s, hash, now, &rc, &u, &g);
	ck_assert_int_eq(rc, STORE_OK);
	ck_assert_str_eq(u.name, "w");
	int64_t rev = g.rev;
	/* Nothing written: the next read is answered from the memo (the
	 * snapshot's number stays and both entries are of it). */
	ck_assert_int_eq(store_read_begin(s), 1);
	struct read_memo *m = store_read_memo(s);
	ck_assert_ptr_nonnull(m);
	uint64_t snap = m->snap;
	ck_assert_int_eq(store_sessions_user(s, hash, sizeof hash, now, &u), STORE_OK);
	ck_assert(m->sessions[hash[0] % MEMO_SESSIONS].snap == snap);
	ck_assert(m->shown[1 % MEMO_SHOWN].snap == snap);
	/* A kept session is checked against each now. */
	ck_assert_int_eq(store_sessions_user(s, hash, sizeof hash, expires, &u), STORE_NOT_FOUND);
	store_read_end(s, 1);

	/* Another connection renames the player and moves the game. */
	ck_assert_int_eq(exec_rc(other, "UPDATE users SET name = 'w2' WHERE name = 'w';"
	                                "UPDATE games SET rev = rev + 1 WHERE id = 1"),
	                 SQLITE_OK);
	read_both(s, hash, now, &rc, &u, &g);
	ck_assert_str_eq(u.name, "w2");
	ck_assert_int_eq(g.rev, rev + 1);

	/* The connection itself writes. */
	ck_assert_int_eq(exec_rc(s, "UPDATE games SET rev = rev + 1 WHERE id = 1"), SQLITE_OK);
	read_both(s, hash, now, &rc, &u, &g);
	ck_assert_int_eq(g.rev, rev + 2);

	/* A write inside a read, rolled back, is never kept. */
	ck_assert_int_eq(store_read_begin(s), 1);
	ck_assert_int_eq(exec_rc(s, "UPDATE users SET name = 'gone' WHERE name = 'w2'"), SQLITE_OK);
	ck_assert_ptr_null(store_read_memo(s));
	ck_assert_int_eq(store_sessions_user(s, hash, sizeof hash, now, &u), STORE_OK);
	ck_assert_str_eq(u.name, "gone");
	ck_assert_int_eq(exec_rc(s, "ROLLBACK"), SQLITE_OK);
	store_read_end(s, 1);
	read_both(s, hash, now, &rc, &u, &g);
	ck_assert_str_eq(u.name, "w2");

	/* Signed out by another connection. */
	ck_assert_int_eq(store_sessions_delete(other, hash, sizeof hash), STORE_OK);
	read_both(s, hash, now, &rc, &u, &g);
	ck_assert_int_eq(rc, STORE_NOT_FOUND);
	/* Outside a read nothing is kept. */
	ck_assert_ptr_null(store_read_memo(s));
	store_close(other);
	close_scratch(s);
}
END_TEST

TU_MAIN("store", 0, test_commit_answers_store_status, test_ratings_user_answers_store_status,
        test_query_error_is_sticky, test_checks_build_no_table, test_records_load_in_order,
        test_read_memo_follows_every_write)
