/* store/sweep.c: sweep_events and mail_outbox (store/sweep.h). */
#include "autoconfig.h"
#include "store/sweep.h"

#include <stdlib.h>
#include <string.h>

#include "store/internal.h"

int store_sweep_event(store *s, int64_t game, const char *kind, int64_t user, int ply,
                      const char *due, const char *today, int64_t *id)
{
	static const char sql[] =
	        "INSERT OR IGNORE INTO sweep_events (game_id, kind, user_id, ply, due, found_on)"
	        " VALUES (?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, game) || store_bind_text(st, 2, kind) ||
	    store_bind_int64(st, 3, user) || store_bind_int64(st, 4, ply) ||
	    store_bind_text(st, 5, due) || store_bind_text(st, 6, today))
		return store_failed(s, st, "sweep event: bind");
	if (store_exec(s, st, "sweep event") != STORE_OK)
		return STORE_ERROR;
	if (store_changes(s) == 0)
		return STORE_CONFLICT; /* found on an earlier day (or run) */
	*id = store_last_id(s);
	return STORE_OK;
}

int store_outbox_queue(store *s, int64_t event, const char *to, const char *subject,
                       const char *body, const char *today)
{
	static const char sql[] = "INSERT INTO mail_outbox (event_id, to_addr, subject, body,"
	                          " created_on) VALUES (?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if ((event > 0 ? store_bind_int64(st, 1, event) : sqlite3_bind_null(st, 1)) ||
	    store_bind_text(st, 2, to) || store_bind_text(st, 3, subject) ||
	    store_bind_text(st, 4, body) || store_bind_text(st, 5, today))
		return store_failed(s, st, "mail: bind");
	return store_exec(s, st, "mail") == STORE_OK ? STORE_OK : STORE_ERROR;
}

void store_outbox_free(struct store_mail *m, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(m[i].to);
		free(m[i].subject);
		free(m[i].body);
	}
	free(m);
}

/* A text column copied (NULL as ""); NULL when out of memory. */
static char *dup_col(sqlite3_stmt *st, int i)
{
	const char *t = (const char *)sqlite3_column_text(st, i);
	return strdup(t ? t : "");
}

int store_outbox_unsent(store *s, struct store_mail **out, size_t *n)
{
	static const char sql[] = "SELECT id, to_addr, subject, body FROM mail_outbox"
	                          " WHERE sent_at IS NULL ORDER BY id";
	struct store_mail *m = NULL;
	size_t cap = 0;
	*out = NULL;
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == cap) {
			size_t nc = cap ? cap * 2 : 16;
			struct store_mail *nm = realloc(m, nc * sizeof *m);
			if (!nm)
				goto fail;
			m = nm;
			cap = nc;
		}
		struct store_mail *x = &m[(*n)++];
		x->id = sqlite3_column_int64(st, 0);
		x->to = dup_col(st, 1);
		x->subject = dup_col(st, 2);
		x->body = dup_col(st, 3);
		if (!x->to || !x->subject || !x->body)
			goto fail;
	}
	if (rc != SQLITE_DONE)
		goto fail;
	sqlite3_reset(st);
	*out = m;
	return STORE_OK;
fail:
	store_outbox_free(m, *n);
	*n = 0;
	return store_failed(s, st, "outbox");
}

int store_outbox_sent(store *s, int64_t id)
{
	static const char sql[] =
	        "UPDATE mail_outbox SET sent_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'),"
	        " attempts = attempts + 1, last_error = NULL WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "mail sent: bind");
	return store_exec(s, st, "mail sent") == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_outbox_failed(store *s, int64_t id, const char *error)
{
	static const char sql[] =
	        "UPDATE mail_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, error) || store_bind_int64(st, 2, id))
		return store_failed(s, st, "mail failed: bind");
	return store_exec(s, st, "mail failed") == STORE_OK ? STORE_OK : STORE_ERROR;
}
