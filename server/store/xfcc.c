/* store/xfcc.c: the Xfcc interface's SQL (see store/xfcc.h). */
#include "autoconfig.h"
#include "store/xfcc.h"

#include "store/internal.h"

#include <stdio.h>

int store_messages_insert(store *s, int64_t game, int64_t user, int ply, const char *on,
                          const char *via, const char *text, int64_t *id, char *at, size_t atlen)
{
	static const char sql[] = "INSERT INTO messages (game_id, user_id, ply, on_date, via, text)"
	                          " VALUES (?, ?, ?, ?, ?, ?) RETURNING id, at";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, game) || store_bind_int64(st, 2, user) ||
	    store_bind_int64(st, 3, ply) || store_bind_text(st, 4, on) ||
	    store_bind_text(st, 5, via) || store_bind_text(st, 6, text))
		return store_failed(s, st, "a message: bind");
	if (sqlite3_step(st) != SQLITE_ROW)
		return store_failed(s, st, "a message");
	if (id)
		*id = sqlite3_column_int64(st, 0);
	if (at && atlen)
		snprintf(at, atlen, "%s", (const char *)sqlite3_column_text(st, 1));
	int rc = sqlite3_step(st);
	if (rc != SQLITE_DONE)
		return store_failed(s, st, "a message");
	sqlite3_reset(st);
	return STORE_OK;
}

int store_messages_add(store *s, int64_t game, int64_t user, int ply, const char *on,
                       const char *via, const char *text)
{
	return store_messages_insert(s, game, user, ply, on, via, text, NULL, NULL, 0);
}

int store_messages_each(store *s, int64_t game, int64_t from, bool last_only,
                        void (*fn)(const struct store_message *m, void *ctx), void *ctx, size_t *n)
{
	static const char sql_all[] =
	        "SELECT m.id, m.user_id, m.ply, m.on_date, m.via, m.text, m.at, u.name, u.role"
	        " FROM messages m JOIN users u ON u.id = m.user_id"
	        " WHERE m.game_id = ?1 AND (?2 <= 0 OR m.user_id = ?2) ORDER BY m.id";
	static const char sql_last[] =
	        "SELECT m.id, m.user_id, m.ply, m.on_date, m.via, m.text, m.at, u.name, u.role"
	        " FROM messages m JOIN users u ON u.id = m.user_id"
	        " WHERE m.game_id = ?1 AND (?2 <= 0 OR m.user_id = ?2) ORDER BY m.id DESC LIMIT 1";
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
		        .at = (const char *)sqlite3_column_text(st, 6),
		        .name = (const char *)sqlite3_column_text(st, 7),
		        .role = (const char *)sqlite3_column_text(st, 8),
		};
		fn(&m, ctx);
		(*n)++;
	}
	if (rc != SQLITE_DONE)
		return store_failed(s, st, "messages");
	sqlite3_reset(st);
	return STORE_OK;
}
