/* store/store_xfcc.c: the Xfcc interface's SQL (see store/store_xfcc.h). */
#include "autoconfig.h"
#include "store/store_xfcc.h"

#include "store/internal.h"

#include <stdio.h>

int store_messages_insert(store *s, int64_t game, int64_t user, int ply, const char *on,
                          const char *via, const char *text, int64_t *id, char *at, size_t atlen)
{
	static const char sql[] = "INSERT INTO messages (game_id, user_id, ply, on_date, via, text)"
	                          " VALUES (?, ?, ?, ?, ?, ?) RETURNING id, at";
	struct store_q q;
	store_q_open(&q, s, sql, "a message");
	store_q_int(&q, game);
	store_q_int(&q, user);
	store_q_int(&q, ply);
	store_q_text(&q, on);
	store_q_text(&q, via);
	store_q_text(&q, text);
	if (store_q_row(&q)) {
		if (id)
			*id = sqlite3_column_int64(q.st, 0);
		if (at && atlen)
			snprintf(at, atlen, "%s", (const char *)sqlite3_column_text(q.st, 1));
	} else if (q.rc == STORE_OK) { /* RETURNING gave no row */
		return store_failed(s, q.st, "a message: no row");
	}
	store_q_exec(&q);
	return store_q_end(&q) == STORE_OK ? STORE_OK : STORE_ERROR;
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
	struct store_q q;
	store_q_open(&q, s, last_only ? sql_last : sql_all, "messages");
	store_q_int(&q, game);
	store_q_int(&q, from);
	while (store_q_row(&q)) {
		sqlite3_stmt *st = q.st;
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
	return store_q_end(&q);
}
