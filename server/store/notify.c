/* store/notify.c: the SQL of issue 13's mail (store/notify.h). */
#include "autoconfig.h"
#include "store/notify.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void copy_col(sqlite3_stmt *st, int i, char *dst, size_t n)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	snprintf(dst, n, "%s", t ? (const char *)t : "");
}

static char *dup_col(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	return strdup(t ? (const char *)t : "");
}

/* Steps a statement that returns no row and resets it: 0 or -1. */
static int run(sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

static void contact_row(sqlite3_stmt *st, struct store_contact *c)
{
	c->id = sqlite3_column_int64(st, 0);
	copy_col(st, 1, c->name, sizeof c->name);
	copy_col(st, 2, c->email, sizeof c->email);
	copy_col(st, 3, c->role, sizeof c->role);
	copy_col(st, 4, c->mail, sizeof c->mail);
	copy_col(st, 5, c->language, sizeof c->language);
}

int store_notify_contact(store *s, int64_t id, struct store_contact *c)
{
	static const char sql[] =
	        "SELECT id, name, email, role, mail, language FROM users WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		contact_row(st, c);
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? 0 : rc == SQLITE_DONE ? 1 : -1;
}

int store_notify_tls(store *s, struct store_contact *out, int max)
{
	static const char sql[] = "SELECT id, name, email, role, mail, language FROM users"
	                          " WHERE role = ? ORDER BY id LIMIT ?";
	int n = 0;
	for (int pass = 0; pass < 2 && n == 0; pass++) {
		sqlite3_stmt *st = store_stmt(s, sql);
		if (!st)
			return -1;
		sqlite3_bind_text(st, 1, pass == 0 ? "tl" : "admin", -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 2, max);
		int rc;
		while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
			contact_row(st, &out[n++]);
		sqlite3_reset(st);
	}
	return n;
}

int store_notify_set_prefs(store *s, int64_t id, const char *mail, const char *language)
{
	static const char sql[] = "UPDATE users SET mail = coalesce(?1, mail),"
	                          " language = coalesce(?2, language) WHERE id = ?3";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	if (mail)
		sqlite3_bind_text(st, 1, mail, -1, SQLITE_STATIC);
	if (language)
		sqlite3_bind_text(st, 2, language, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, id);
	if (run(st) != 0)
		return -1;
	return sqlite3_changes(store_db(s)) == 1 ? 0 : 1;
}

int store_notify_get_key(store *s, int64_t id, enum store_key which, char out[STORE_KEY_LEN])
{
	static const char sql_cal[] = "SELECT calendar_key FROM users WHERE id = ?";
	static const char sql_uns[] = "SELECT unsubscribe_key FROM users WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, which == STORE_KEY_CALENDAR ? sql_cal : sql_uns);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	int rc = sqlite3_step(st);
	out[0] = '\0';
	if (rc == SQLITE_ROW)
		copy_col(st, 0, out, STORE_KEY_LEN);
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? 0 : rc == SQLITE_DONE ? 1 : -1;
}

int store_notify_make_key(store *s, int64_t id, enum store_key which, const char *fresh,
                          char out[STORE_KEY_LEN])
{
	static const char sql_cal[] =
	        "UPDATE users SET calendar_key = ? WHERE id = ? AND calendar_key IS NULL";
	static const char sql_uns[] =
	        "UPDATE users SET unsubscribe_key = ? WHERE id = ? AND unsubscribe_key IS NULL";
	sqlite3_stmt *st = store_stmt(s, which == STORE_KEY_CALENDAR ? sql_cal : sql_uns);
	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, fresh, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, id);
	if (run(st) != 0)
		return -1;
	return store_notify_get_key(s, id, which, out);
}

/* ---- the outbox ---- */

int64_t store_outbox_add(store *s, const struct store_outbox_row *r)
{
	static const char sql[] =
	        "INSERT INTO mail_outbox (event_id, to_addr, subject, body, created_on, message_id,"
	        " kind, user_id, unsubscribe) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	if (r->event > 0)
		sqlite3_bind_int64(st, 1, r->event);
	sqlite3_bind_text(st, 2, r->to, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, r->subject, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, r->body, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, r->today, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, r->message_id, -1, SQLITE_STATIC);
	if (r->kind)
		sqlite3_bind_text(st, 7, r->kind, -1, SQLITE_STATIC);
	if (r->user > 0)
		sqlite3_bind_int64(st, 8, r->user);
	if (r->unsubscribe)
		sqlite3_bind_text(st, 9, r->unsubscribe, -1, SQLITE_STATIC);
	if (run(st) != 0)
		return -1;
	return sqlite3_last_insert_rowid(store_db(s));
}

int store_outbox_claim(store *s, int64_t now, int lease, bool any_time, int64_t after,
                       struct store_outbox_mail *m)
{
	/* One statement: the claim is atomic, whatever other sender (thread
	 * or process) looks at the same row. */
	static const char sql[] =
	        "UPDATE mail_outbox SET claimed_until = ?1 + ?2, attempts = attempts + 1"
	        " WHERE id = (SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_try <= ?3"
	        " AND id > ?4 AND (claimed_until IS NULL OR claimed_until <= ?1) ORDER BY id LIMIT "
	        "1)"
	        " RETURNING id, to_addr, subject, body, message_id, unsubscribe, attempts";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, now);
	sqlite3_bind_int(st, 2, lease);
	sqlite3_bind_int64(st, 3, any_time ? INT64_MAX : now);
	sqlite3_bind_int64(st, 4, after);
	memset(m, 0, sizeof *m);
	int rc = sqlite3_step(st);
	int out = -1;
	if (rc == SQLITE_ROW) {
		m->id = sqlite3_column_int64(st, 0);
		m->to = dup_col(st, 1);
		m->subject = dup_col(st, 2);
		m->body = dup_col(st, 3);
		m->message_id = sqlite3_column_type(st, 4) == SQLITE_NULL ? NULL : dup_col(st, 4);
		m->unsubscribe = sqlite3_column_type(st, 5) == SQLITE_NULL ? NULL : dup_col(st, 5);
		m->attempts = sqlite3_column_int(st, 6);
		out = m->to && m->subject && m->body ? 1 : -1;
		rc = sqlite3_step(st); /* finish the statement: the UPDATE is done */
		if (rc != SQLITE_DONE)
			out = -1;
	} else if (rc == SQLITE_DONE) {
		out = 0;
	}
	sqlite3_reset(st);
	if (out < 0)
		store_outbox_mail_free(m);
	return out;
}

void store_outbox_mail_free(struct store_outbox_mail *m)
{
	if (!m)
		return;
	free(m->to);
	free(m->subject);
	free(m->body);
	free(m->message_id);
	free(m->unsubscribe);
	memset(m, 0, sizeof *m);
}

int store_outbox_sent(store *s, int64_t id)
{
	static const char sql[] =
	        "UPDATE mail_outbox SET sent_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'),"
	        " claimed_until = NULL, last_error = NULL WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	return run(st);
}

int store_outbox_failed(store *s, int64_t id, const char *error, int64_t next_try)
{
	static const char sql[] = "UPDATE mail_outbox SET claimed_until = NULL, last_error = ?,"
	                          " next_try = ? WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, error, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, next_try);
	sqlite3_bind_int64(st, 3, id);
	return run(st);
}

int64_t store_outbox_unsent(store *s)
{
	static const char sql[] = "SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	int64_t n = sqlite3_step(st) == SQLITE_ROW ? sqlite3_column_int64(st, 0) : -1;
	sqlite3_reset(st);
	return n;
}

/* ---- digests ---- */

int store_digest_add(store *s, int64_t user, const char *heading, const char *body,
                     const char *today)
{
	static const char sql[] =
	        "INSERT INTO digest_items (user_id, heading, body, created_on) VALUES (?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, user);
	sqlite3_bind_text(st, 2, heading, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, body, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, today, -1, SQLITE_STATIC);
	return run(st);
}

/* Collects column 0 of every row of st as int64 ids (new array). */
static int collect_ids(sqlite3_stmt *st, int64_t **ids, size_t *n)
{
	size_t cap = 0;
	int64_t *v = NULL;
	int rc;
	*n = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == cap) {
			size_t nc = cap ? cap * 2 : 16;
			int64_t *more = realloc(v, nc * sizeof *v);
			if (!more) {
				rc = SQLITE_NOMEM;
				break;
			}
			v = more;
			cap = nc;
		}
		v[(*n)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		free(v);
		*n = 0;
		*ids = NULL;
		return -1;
	}
	*ids = v;
	return 0;
}

int store_digest_users(store *s, int64_t **users, size_t *n)
{
	static const char sql[] = "SELECT DISTINCT user_id FROM digest_items WHERE outbox_id IS "
	                          "NULL ORDER BY user_id";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	return collect_ids(st, users, n);
}

int store_digest_items(store *s, int64_t user, int max, struct store_digest_item **items)
{
	static const char sql[] = "SELECT id, heading, body FROM digest_items"
	                          " WHERE user_id = ? AND outbox_id IS NULL ORDER BY id LIMIT ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	*items = NULL;
	if (!st)
		return -1;
	struct store_digest_item *v = calloc((size_t)max, sizeof *v);
	if (!v)
		return -1;
	sqlite3_bind_int64(st, 1, user);
	sqlite3_bind_int(st, 2, max);
	int n = 0, rc;
	while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		v[n].id = sqlite3_column_int64(st, 0);
		v[n].heading = dup_col(st, 1);
		v[n].body = dup_col(st, 2);
		n++;
		if (!v[n - 1].heading || !v[n - 1].body) {
			rc = SQLITE_NOMEM;
			break;
		}
	}
	sqlite3_reset(st);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		store_digest_items_free(v, n);
		return -1;
	}
	*items = v;
	return n;
}

void store_digest_items_free(struct store_digest_item *items, int n)
{
	for (int i = 0; items && i < n; i++) {
		free(items[i].heading);
		free(items[i].body);
	}
	free(items);
}

int store_digest_mark(store *s, int64_t user, int64_t upto, int64_t outbox)
{
	static const char sql[] = "UPDATE digest_items SET outbox_id = ?"
	                          " WHERE user_id = ? AND id <= ? AND outbox_id IS NULL";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, outbox);
	sqlite3_bind_int64(st, 2, user);
	sqlite3_bind_int64(st, 3, upto);
	return run(st);
}

/* ---- once ---- */

int store_notify_once(store *s, int64_t game, int64_t user, const char *kind, int64_t key,
                      const char *today)
{
	static const char sql[] = "INSERT OR IGNORE INTO notify_once (game_id, user_id, kind, key,"
	                          " sent_on) VALUES (?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, game);
	sqlite3_bind_int64(st, 2, user);
	sqlite3_bind_text(st, 3, kind, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, key);
	sqlite3_bind_text(st, 5, today, -1, SQLITE_STATIC);
	if (run(st) != 0)
		return -1;
	return sqlite3_changes(store_db(s)) == 1 ? 1 : 0;
}

/* ---- for the texts and the feed ---- */

int store_notify_active_games(store *s, int64_t user, int64_t **ids, size_t *n)
{
	static const char sql[] = "SELECT id FROM games WHERE status = 'active'"
	                          " AND (white = ?1 OR black = ?1) ORDER BY id";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, user);
	return collect_ids(st, ids, n);
}

int store_notify_vacations(store *s, int64_t user, struct store_period *out, int max)
{
	static const char sql[] =
	        "SELECT id, start, end FROM vacations WHERE user_id = ? ORDER BY start, id LIMIT ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, user);
	sqlite3_bind_int(st, 2, max);
	int n = 0, rc;
	while (n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		out[n].id = sqlite3_column_int64(st, 0);
		copy_col(st, 1, out[n].start, sizeof out[n].start);
		copy_col(st, 2, out[n].end, sizeof out[n].end);
		n++;
	}
	sqlite3_reset(st);
	return n;
}

int store_notify_tournament(store *s, int64_t id, char name[128], char start[11],
                            struct store_seat *seats, int *nseats, struct store_pair *games,
                            int maxg, int *ngames)
{
	static const char sql_t[] = "SELECT name, start_date FROM tournaments WHERE id = ?";
	static const char sql_p[] =
	        "SELECT tp.seat, u.id, u.name, u.email FROM tournament_players tp"
	        " JOIN users u ON u.id = tp.user_id WHERE tp.tournament_id = ? ORDER BY tp.seat "
	        "LIMIT 64";
	static const char sql_g[] = "SELECT id, white, black FROM games"
	                            " WHERE tournament_id = ? ORDER BY id LIMIT ?";
	*nseats = *ngames = 0;
	sqlite3_stmt *st = store_stmt(s, sql_t);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		copy_col(st, 0, name, 128);
		copy_col(st, 1, start, 11);
	}
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return rc == SQLITE_DONE ? 1 : -1;
	if (!(st = store_stmt(s, sql_p)))
		return -1;
	sqlite3_bind_int64(st, 1, id);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *nseats < 64) {
		struct store_seat *p = &seats[(*nseats)++];
		p->seat = sqlite3_column_int(st, 0);
		p->user = sqlite3_column_int64(st, 1);
		copy_col(st, 2, p->name, sizeof p->name);
		copy_col(st, 3, p->email, sizeof p->email);
	}
	sqlite3_reset(st);
	if (!(st = store_stmt(s, sql_g)))
		return -1;
	sqlite3_bind_int64(st, 1, id);
	sqlite3_bind_int(st, 2, maxg);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *ngames < maxg) {
		struct store_pair *g = &games[(*ngames)++];
		g->game = sqlite3_column_int64(st, 0);
		g->white = sqlite3_column_int64(st, 1);
		g->black = sqlite3_column_int64(st, 2);
	}
	sqlite3_reset(st);
	return 0;
}
