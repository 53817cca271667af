/* store/xfcc.c: the Xfcc interface's SQL (see store/xfcc.h). */
#include "autoconfig.h"
#include "store/xfcc.h"

#include "store/internal.h"

int store_xfcc_current_games(store *s, int64_t user, const char *since, int64_t *ids, size_t max,
                             size_t *n)
{
	static const char sql[] =
	        "SELECT id FROM games WHERE (white = ?1 OR black = ?1)"
	        " AND (status = 'active' OR COALESCE(finished_on, start_date) >= ?2)"
	        " ORDER BY id LIMIT ?3";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, user) || store_bind_text(st, 2, since) ||
	    store_bind_int64(st, 3, (int64_t)max))
		return store_failed(s, st, "current games of a player: bind");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n < max)
		ids[(*n)++] = sqlite3_column_int64(st, 0);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return store_failed(s, st, "current games of a player");
	sqlite3_reset(st);
	return STORE_OK;
}

int store_messages_add(store *s, int64_t game, int64_t user, int ply, const char *on,
                       const char *via, const char *text)
{
	static const char sql[] = "INSERT INTO messages (game_id, user_id, ply, on_date, via, text)"
	                          " VALUES (?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, game) || store_bind_int64(st, 2, user) ||
	    store_bind_int64(st, 3, ply) || store_bind_text(st, 4, on) ||
	    store_bind_text(st, 5, via) || store_bind_text(st, 6, text))
		return store_failed(s, st, "a message: bind");
	int rc = store_exec(s, st, "a message");
	return rc == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_messages_each(store *s, int64_t game, int64_t from, bool last_only,
                        void (*fn)(const struct store_message *m, void *ctx), void *ctx, size_t *n)
{
	static const char sql_all[] =
	        "SELECT id, user_id, ply, on_date, via, text FROM messages"
	        " WHERE game_id = ?1 AND (?2 <= 0 OR user_id = ?2) ORDER BY id";
	static const char sql_last[] =
	        "SELECT id, user_id, ply, on_date, via, text FROM messages"
	        " WHERE game_id = ?1 AND (?2 <= 0 OR user_id = ?2) ORDER BY id DESC LIMIT 1";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, last_only ? sql_last : sql_all);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, game) || store_bind_int64(st, 2, from))
		return store_failed(s, st, "messages: bind");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct store_message m = {
		        .id = sqlite3_column_int64(st, 0),
		        .user = sqlite3_column_int64(st, 1),
		        .ply = sqlite3_column_int(st, 2),
		        .on = (const char *)sqlite3_column_text(st, 3),
		        .via = (const char *)sqlite3_column_text(st, 4),
		        .text = (const char *)sqlite3_column_text(st, 5),
		};
		fn(&m, ctx);
		(*n)++;
	}
	if (rc != SQLITE_DONE)
		return store_failed(s, st, "messages");
	sqlite3_reset(st);
	return STORE_OK;
}
