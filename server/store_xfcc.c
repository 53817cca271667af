/* store_xfcc.c: the SQL of the Xfcc interface and of game messages (see
 * store_xfcc.h). */
#include "autoconfig.h"
#include "store_xfcc.h"

#include <stdio.h>
#include <string.h>

#include "log.h"

/* Copies column col of st (text, may be NULL) into buf of size bytes. */
static void column_copy(sqlite3_stmt *st, int col, char *buf, size_t size)
{
	const unsigned char *t = sqlite3_column_text(st, col);
	snprintf(buf, size, "%s", t ? (const char *)t : "");
}

int store_user_by_login(store *s, const char *login, int64_t *id, char name[128], char role[8],
                        char hash[STORE_HASH_MAX])
{
	static const char sql[] =
	        "SELECT id, name, role, password_hash FROM users WHERE name = ?1 OR email = ?1";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, login, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(st), found = 0;
	if (rc == SQLITE_ROW) {
		*id = sqlite3_column_int64(st, 0);
		column_copy(st, 1, name, 128);
		column_copy(st, 2, role, 8);
		column_copy(st, 3, hash, STORE_HASH_MAX);
		found = 1;
	} else if (rc != SQLITE_DONE) {
		found = -1;
	}
	sqlite3_reset(st);
	return found;
}

int store_player_game_ids(store *s, int64_t user, const char *since, int64_t *ids, int max)
{
	static const char sql[] =
	        "SELECT id FROM games WHERE (white = ?1 OR black = ?1)"
	        " AND (status = 'active' OR COALESCE(finished_on, start_date) >= ?2)"
	        " ORDER BY id LIMIT ?3";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, user);
	sqlite3_bind_text(st, 2, since, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 3, max);
	int n = 0, rc;
	while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
		ids[n++] = sqlite3_column_int64(st, 0);
	if (n < max && rc != SQLITE_DONE)
		n = -1;
	sqlite3_reset(st);
	return n;
}

int store_message_add(store *s, int64_t game, int64_t user, int ply, const char *on,
                      const char *via, const char *text)
{
	static const char sql[] = "INSERT INTO messages (game_id, user_id, ply, on_date, via, text)"
	                          " VALUES (?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, user);
	sqlite3_bind_int(st, 3, ply);
	sqlite3_bind_text(st, 4, on, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 5, via, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 6, text, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		log_msg(LOG_ERROR, "game %lld: storing a message failed: %s", (long long)game,
		        sqlite3_errstr(rc));
		return -1;
	}
	return 0;
}

int store_messages_each(store *s, int64_t game, int64_t from, int last_only,
                        void (*fn)(const struct store_message *m, void *ctx), void *ctx)
{
	/* ?3: 1 = only the newest (ORDER BY id DESC LIMIT 1), else all in order. */
	static const char sql_all[] =
	        "SELECT id, user_id, ply, on_date, via, text, at FROM messages"
	        " WHERE game_id = ?1 AND (?2 <= 0 OR user_id = ?2) ORDER BY id";
	static const char sql_last[] =
	        "SELECT id, user_id, ply, on_date, via, text, at FROM messages"
	        " WHERE game_id = ?1 AND (?2 <= 0 OR user_id = ?2) ORDER BY id DESC LIMIT 1";
	sqlite3_stmt *st = store_stmt(s, last_only ? sql_last : sql_all);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, from);
	int n = 0, rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct store_message m = {
		        .id = sqlite3_column_int64(st, 0),
		        .user = sqlite3_column_int64(st, 1),
		        .ply = sqlite3_column_int(st, 2),
		        .on = (const char *)sqlite3_column_text(st, 3),
		        .via = (const char *)sqlite3_column_text(st, 4),
		        .text = (const char *)sqlite3_column_text(st, 5),
		        .at = (const char *)sqlite3_column_text(st, 6),
		};
		fn(&m, ctx);
		n++;
	}
	if (rc != SQLITE_DONE)
		n = -1;
	sqlite3_reset(st);
	return n;
}
