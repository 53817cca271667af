/* store/store_notify.c: the SQL of issue 13's mail (store/store_notify.h). */
#include "autoconfig.h"
#include "store/store_notify.h"

#include <stdlib.h>
#include <string.h>

#include "store/internal.h"

static char *dup_col(sqlite3_stmt *st, int i)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	return strdup(t ? (const char *)t : "");
}

static void reader_row(sqlite3_stmt *st, struct store_reader *r)
{
	r->id = sqlite3_column_int64(st, 0);
	store_col_text(st, 1, r->name, sizeof r->name);
	store_col_text(st, 2, r->email, sizeof r->email);
	store_col_text(st, 3, r->role, sizeof r->role);
	store_col_text(st, 4, r->mail, sizeof r->mail);
	store_col_text(st, 5, r->language, sizeof r->language);
	/* Column 6 where the query has it (a TL's key is read when needed). */
	if (sqlite3_column_count(st) > 6)
		store_col_text(st, 6, r->unsubscribe_key, sizeof r->unsubscribe_key);
	else
		r->unsubscribe_key[0] = '\0';
}

int store_notify_reader(store *s, int64_t id, struct store_reader *r)
{
	static const char sql[] = "SELECT id, name, email, role, mail, language, unsubscribe_key "
	                          "FROM users WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "reader: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		reader_row(st, r);
	else if (rc != SQLITE_DONE)
		return store_failed(s, st, "reader");
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? STORE_OK : STORE_NOT_FOUND;
}

int store_notify_tls(store *s, int64_t game_id, struct store_reader *out, size_t max, size_t *n)
{
	/* The game's leader (docs/AUTHORITY.md): its tournament's TL, else
	 * the TL who made it; and whether he plays it. */
	static const char own[] = "SELECT u.id, u.name, u.email, u.role, u.mail, u.language,"
	                          " u.unsubscribe_key, u.id IN (g.white, g.black)"
	                          " FROM games g LEFT JOIN tournaments t ON t.id = g.tournament_id"
	                          " JOIN users u ON u.id = COALESCE(t.tl_id, g.led_by)"
	                          " WHERE g.id = ?";
	/* Never a competitor: a player of the game or of its tournament
	 * (NOT EXISTS, not NOT IN a UNION: that made two temporary b-trees
	 * at each sweep event, docs/BENCHMARKS.md "The sweep"). */
	static const char sql[] = "SELECT u.id, u.name, u.email, u.role, u.mail, u.language"
	                          " FROM users u WHERE u.role = ?1 AND NOT EXISTS (SELECT 1"
	                          " FROM games g WHERE g.id = ?2 AND (u.id = g.white OR"
	                          " u.id = g.black)) AND NOT EXISTS (SELECT 1 FROM games g"
	                          " JOIN tournament_players tp ON tp.tournament_id ="
	                          " g.tournament_id WHERE g.id = ?2 AND tp.user_id = u.id)"
	                          " ORDER BY u.id LIMIT ?3";
	*n = 0;
	bool led_by_a_side = false;
	if (game_id > 0 && max > 0) { /* DSU 6.1.3: a game goes to its own leader */
		sqlite3_stmt *st = store_stmt(s, own);
		if (!st)
			return STORE_ERROR;
		if (store_bind_int64(st, 1, game_id))
			return store_failed(s, st, "own tl: bind");
		int rc = sqlite3_step(st);
		if (rc == SQLITE_ROW) {
			led_by_a_side = sqlite3_column_int(st, 7) != 0;
			if (!led_by_a_side)
				reader_row(st, &out[(*n)++]);
		} else if (rc != SQLITE_DONE) {
			return store_failed(s, st, "own tl");
		}
		sqlite3_reset(st);
		if (*n)
			return STORE_OK;
	}
	/* Nobody leads it: every TL, else every admin.  Its leader plays
	 * it: the admins (another TL of the tournament has no row of his
	 * own; docs/AUTHORITY.md rule 3). */
	for (int pass = led_by_a_side ? 1 : 0; pass < 2 && *n == 0; pass++) {
		sqlite3_stmt *st = store_stmt(s, sql);
		if (!st)
			return STORE_ERROR;
		if (store_bind_text(st, 1, pass == 0 ? "tl" : "admin") ||
		    store_bind_int64(st, 2, game_id) || store_bind_int64(st, 3, (int64_t)max))
			return store_failed(s, st, "tls: bind");
		int rc = SQLITE_DONE;
		while (*n < max && (rc = sqlite3_step(st)) == SQLITE_ROW)
			reader_row(st, &out[(*n)++]);
		if (*n < max && rc != SQLITE_DONE)
			return store_failed(s, st, "tls");
		sqlite3_reset(st);
	}
	return STORE_OK;
}

int store_notify_set_prefs(store *s, int64_t id, const char *mail, const char *language)
{
	static const char sql[] = "UPDATE users SET mail = coalesce(?1, mail),"
	                          " language = coalesce(?2, language) WHERE id = ?3";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, mail) || store_bind_text(st, 2, language) ||
	    store_bind_int64(st, 3, id))
		return store_failed(s, st, "prefs: bind");
	int rc = store_exec(s, st, "prefs");
	if (rc != STORE_OK)
		return STORE_ERROR;
	return store_changes(s) == 1 ? STORE_OK : STORE_NOT_FOUND;
}

int store_notify_get_key(store *s, int64_t id, enum store_key which, char out[STORE_KEY_LEN])
{
	static const char sql_cal[] = "SELECT calendar_key FROM users WHERE id = ?";
	static const char sql_uns[] = "SELECT unsubscribe_key FROM users WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, which == STORE_KEY_CALENDAR ? sql_cal : sql_uns);
	out[0] = '\0';
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "key: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		store_col_text(st, 0, out, STORE_KEY_LEN);
	else if (rc != SQLITE_DONE)
		return store_failed(s, st, "key");
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? STORE_OK : STORE_NOT_FOUND;
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
		return STORE_ERROR;
	if (store_bind_text(st, 1, fresh) || store_bind_int64(st, 2, id))
		return store_failed(s, st, "make key: bind");
	if (store_exec(s, st, "make key") != STORE_OK)
		return STORE_ERROR;
	return store_notify_get_key(s, id, which, out);
}

/* ---- the outbox ---- */

int store_outbox_add(store *s, const struct store_outbox_row *r, int64_t *id)
{
	static const char sql[] =
	        "INSERT INTO mail_outbox (event_id, to_addr, subject, body, created_on, message_id,"
	        " kind, user_id, unsubscribe, queued_event) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if ((r->event > 0 ? store_bind_int64(st, 1, r->event) : sqlite3_bind_null(st, 1)) ||
	    store_bind_text(st, 2, r->to) || store_bind_text(st, 3, r->subject) ||
	    store_bind_text(st, 4, r->body) || store_bind_text(st, 5, r->today) ||
	    store_bind_text(st, 6, r->message_id) || store_bind_text(st, 7, r->kind) ||
	    (r->user > 0 ? store_bind_int64(st, 8, r->user) : sqlite3_bind_null(st, 8)) ||
	    store_bind_text(st, 9, r->unsubscribe) || store_bind_text(st, 10, r->queued_event))
		return store_failed(s, st, "outbox add: bind");
	if (store_exec(s, st, "outbox add") != STORE_OK)
		return STORE_ERROR;
	*id = store_last_id(s);
	return STORE_OK;
}

int store_outbox_claim(store *s, int64_t now, int lease, bool any_time, int64_t after,
                       struct store_outbox_claimed *m)
{
	/* One statement: the claim is atomic, whatever other sender (thread
	 * or process) looks at the same row. */
	static const char sql[] =
	        "UPDATE mail_outbox SET claimed_until = ?1 + ?2, attempts = attempts + 1"
	        " WHERE id = (SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_try <= ?3"
	        " AND refused_at IS NULL"
	        " AND id > ?4 AND (claimed_until IS NULL OR claimed_until <= ?1)"
	        " ORDER BY id LIMIT 1)"
	        " RETURNING id, to_addr, subject, body, message_id, unsubscribe, attempts, kind,"
	        " queued_event";
	memset(m, 0, sizeof *m);
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, now) || store_bind_int64(st, 2, lease) ||
	    store_bind_int64(st, 3, any_time ? INT64_MAX : now) || store_bind_int64(st, 4, after))
		return store_failed(s, st, "outbox claim: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		return STORE_NOT_FOUND;
	}
	if (rc != SQLITE_ROW)
		return store_failed(s, st, "outbox claim");
	m->id = sqlite3_column_int64(st, 0);
	m->to = dup_col(st, 1);
	m->subject = dup_col(st, 2);
	m->body = dup_col(st, 3);
	m->message_id = sqlite3_column_type(st, 4) == SQLITE_NULL ? NULL : dup_col(st, 4);
	m->unsubscribe = sqlite3_column_type(st, 5) == SQLITE_NULL ? NULL : dup_col(st, 5);
	m->attempts = sqlite3_column_int(st, 6);
	m->kind = sqlite3_column_type(st, 7) == SQLITE_NULL ? NULL : dup_col(st, 7);
	m->queued_event = sqlite3_column_type(st, 8) == SQLITE_NULL ? NULL : dup_col(st, 8);
	/* Run the statement to its end: then the UPDATE is done. */
	rc = sqlite3_step(st);
	if (rc != SQLITE_DONE || !m->to || !m->subject || !m->body) {
		store_outbox_claimed_free(m);
		return store_failed(s, st, "outbox claim: finish");
	}
	sqlite3_reset(st);
	return STORE_OK;
}

void store_outbox_claimed_free(struct store_outbox_claimed *m)
{
	if (!m)
		return;
	free(m->to);
	free(m->subject);
	free(m->body);
	free(m->message_id);
	free(m->unsubscribe);
	free(m->kind);
	free(m->queued_event);
	memset(m, 0, sizeof *m);
}

int store_outbox_done(store *s, int64_t id)
{
	static const char sql[] =
	        "UPDATE mail_outbox SET sent_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'),"
	        " claimed_until = NULL, last_error = NULL WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "outbox done: bind");
	return store_exec(s, st, "outbox done") == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_outbox_done_text(store *s, int64_t id, const char *subject, const char *body)
{
	static const char sql[] =
	        "UPDATE mail_outbox SET sent_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'),"
	        " claimed_until = NULL, last_error = NULL, subject = coalesce(?, subject),"
	        " body = ?, queued_event = NULL WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, subject) || store_bind_text(st, 2, body) ||
	    store_bind_int64(st, 3, id))
		return store_failed(s, st, "outbox done: bind");
	return store_exec(s, st, "outbox done") == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_outbox_retry(store *s, int64_t id, const char *error, int64_t next_try)
{
	static const char sql[] = "UPDATE mail_outbox SET claimed_until = NULL, last_error = ?,"
	                          " next_try = ? WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, error) || store_bind_int64(st, 2, next_try) ||
	    store_bind_int64(st, 3, id))
		return store_failed(s, st, "outbox retry: bind");
	return store_exec(s, st, "outbox retry") == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_outbox_refused(store *s, int64_t id, const char *error)
{
	static const char sql[] =
	        "UPDATE mail_outbox SET claimed_until = NULL, last_error = ?,"
	        " refused_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now') WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, error) || store_bind_int64(st, 2, id))
		return store_failed(s, st, "outbox refused: bind");
	return store_exec(s, st, "outbox refused") == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_outbox_status(store *s, struct store_outbox_status *o, struct store_outbox_refusal *v,
                        size_t max, size_t *n)
{
	static const char counts[] =
	        "SELECT count(*) FILTER (WHERE sent_at IS NULL AND refused_at IS NULL),"
	        " count(*) FILTER (WHERE sent_at IS NULL AND refused_at IS NULL AND attempts > 0),"
	        " count(*) FILTER (WHERE refused_at IS NOT NULL),"
	        " count(*) FILTER (WHERE sent_at IS NOT NULL) FROM mail_outbox";
	static const char list[] = "SELECT id, to_addr, refused_at, coalesce(last_error, '')"
	                           " FROM mail_outbox WHERE refused_at IS NOT NULL"
	                           " ORDER BY id DESC LIMIT ?";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, counts);
	if (!st)
		return STORE_ERROR;
	if (sqlite3_step(st) != SQLITE_ROW)
		return store_failed(s, st, "outbox status");
	o->waiting = sqlite3_column_int64(st, 0);
	o->retrying = sqlite3_column_int64(st, 1);
	o->refused = sqlite3_column_int64(st, 2);
	o->sent = sqlite3_column_int64(st, 3);
	sqlite3_reset(st);
	if (!max)
		return STORE_OK;
	if (!(st = store_stmt(s, list)))
		return STORE_ERROR;
	if (store_bind_int64(st, 1, (int64_t)max))
		return store_failed(s, st, "outbox refusals: bind");
	int rc;
	while (*n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct store_outbox_refusal *r = &v[(*n)++];
		r->id = sqlite3_column_int64(st, 0);
		store_col_text(st, 1, r->to, sizeof r->to);
		store_col_text(st, 2, r->at, sizeof r->at);
		store_col_text(st, 3, r->error, sizeof r->error);
	}
	sqlite3_reset(st);
	return STORE_OK;
}

int store_outbox_purge(store *s, const char *before, const char *today, size_t max, size_t *n)
{
	/* On the partial index mail_outbox_sent (migration 0017): only the
	 * mails still holding a body are looked at.  The unsubscribe link
	 * (it holds the reader's key) goes with the body. */
	static const char sql[] =
	        "UPDATE mail_outbox SET body = '', unsubscribe = NULL, purged_on = ?2"
	        " WHERE id IN (SELECT id FROM mail_outbox INDEXED BY mail_outbox_sent"
	        " WHERE sent_at IS NOT NULL AND purged_on IS NULL AND sent_at < ?1"
	        " ORDER BY sent_at LIMIT ?3)";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, before) || store_bind_text(st, 2, today) ||
	    store_bind_int64(st, 3, (int64_t)max))
		return store_failed(s, st, "outbox purge: bind");
	if (store_exec(s, st, "outbox purge") != STORE_OK)
		return STORE_ERROR;
	*n = (size_t)store_changes(s);
	return STORE_OK;
}

int store_outbox_waiting(store *s, int64_t *n)
{
	static const char sql[] = "SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (sqlite3_step(st) != SQLITE_ROW)
		return store_failed(s, st, "outbox waiting");
	*n = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return STORE_OK;
}

/* ---- digests ---- */

int store_digest_add(store *s, int64_t user, const char *heading, const char *body,
                     const char *today)
{
	static const char sql[] =
	        "INSERT INTO digest_items (user_id, heading, body, created_on) VALUES (?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, user) || store_bind_text(st, 2, heading) ||
	    store_bind_text(st, 3, body) || store_bind_text(st, 4, today))
		return store_failed(s, st, "digest add: bind");
	return store_exec(s, st, "digest add") == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_digest_users(store *s, int64_t **users, size_t *n)
{
	static const char sql[] = "SELECT DISTINCT user_id FROM digest_items"
	                          " WHERE outbox_id IS NULL ORDER BY user_id";
	struct store_q q;
	store_q_open(&q, s, sql, "digest users");
	return store_q_ids(&q, users, n);
}

int store_digest_items(store *s, int64_t user, size_t max, struct store_digest_item **items,
                       size_t *n)
{
	static const char sql[] = "SELECT id, heading, body FROM digest_items"
	                          " WHERE user_id = ? AND outbox_id IS NULL ORDER BY id LIMIT ?";
	*items = NULL;
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	struct store_digest_item *v = calloc(max ? max : 1, sizeof *v);
	if (!v)
		return store_failed(s, st, "digest items: out of memory");
	if (store_bind_int64(st, 1, user) || store_bind_int64(st, 2, (int64_t)max)) {
		free(v);
		return store_failed(s, st, "digest items: bind");
	}
	int rc = SQLITE_DONE;
	while (*n < max && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct store_digest_item *it = &v[(*n)++];
		it->id = sqlite3_column_int64(st, 0);
		it->heading = dup_col(st, 1);
		it->body = dup_col(st, 2);
		if (!it->heading || !it->body) {
			rc = SQLITE_NOMEM;
			break;
		}
	}
	if (*n < max && rc != SQLITE_DONE) {
		store_digest_items_free(v, *n);
		*n = 0;
		return store_failed(s, st, "digest items");
	}
	sqlite3_reset(st);
	*items = v;
	return STORE_OK;
}

void store_digest_items_free(struct store_digest_item *items, size_t n)
{
	for (size_t i = 0; items && i < n; i++) {
		free(items[i].heading);
		free(items[i].body);
	}
	free(items);
}

int store_digest_mark(store *s, int64_t user, int64_t upto, int64_t outbox)
{
	static const char sql[] = "UPDATE digest_items SET outbox_id = ?"
	                          " WHERE user_id = ? AND id <= ? AND outbox_id IS NULL";
	static const char sql_drop[] =
	        "DELETE FROM digest_items WHERE user_id = ? AND id <= ? AND outbox_id IS NULL";
	sqlite3_stmt *st = store_stmt(s, outbox > 0 ? sql : sql_drop);
	if (!st)
		return STORE_ERROR;
	int b = outbox > 0 ? store_bind_int64(st, 1, outbox) || store_bind_int64(st, 2, user) ||
	                             store_bind_int64(st, 3, upto)
	                   : store_bind_int64(st, 1, user) || store_bind_int64(st, 2, upto);
	if (b)
		return store_failed(s, st, "digest mark: bind");
	return store_exec(s, st, "digest mark") == STORE_OK ? STORE_OK : STORE_ERROR;
}

/* ---- once ---- */

int store_notify_once(store *s, int64_t game_id, int64_t user, const char *kind, int64_t key,
                      const char *today)
{
	static const char sql[] = "INSERT OR IGNORE INTO notify_once (game_id, user_id, kind, key,"
	                          " sent_on) VALUES (?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, game_id) || store_bind_int64(st, 2, user) ||
	    store_bind_text(st, 3, kind) || store_bind_int64(st, 4, key) ||
	    store_bind_text(st, 5, today))
		return store_failed(s, st, "once: bind");
	if (store_exec(s, st, "once") != STORE_OK)
		return STORE_ERROR;
	return store_changes(s) == 1 ? STORE_OK : STORE_CONFLICT;
}

int store_notify_reminded(store *s, int64_t game_id, int64_t user, int64_t ply)
{
	static const char sql[] =
	        "SELECT 1 FROM sweep_events WHERE game_id = ? AND kind = 'reminder'"
	        " AND user_id = ? AND ply = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, game_id) || store_bind_int64(st, 2, user) ||
	    store_bind_int64(st, 3, ply))
		return store_failed(s, st, "reminded: bind");
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		return store_failed(s, st, "reminded");
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? STORE_OK : STORE_NOT_FOUND;
}

/* ---- the start letter ---- */

/* Grows *v (of *cap items of size each) to hold one more: 0, or -1. */
static int grow(void **v, size_t *cap, size_t n, size_t size)
{
	if (n < *cap)
		return 0;
	size_t nc = *cap ? 2 * *cap : 64;
	void *nv = realloc(*v, nc * size);
	if (!nv)
		return -1;
	*v = nv;
	*cap = nc;
	return 0;
}

int store_notify_tournament(store *s, int64_t id, char name[STORE_NAME_MAX], char start[11],
                            char profile[STORE_PROFILE_MAX], struct store_letter_seat **seats,
                            size_t *nseats, struct store_letter_pair **games, size_t *ngames)
{
	static const char sql_t[] =
	        "SELECT name, start_date, profile FROM tournaments WHERE id = ?";
	static const char sql_p[] =
	        "SELECT tp.seat, u.id, u.name, u.email, u.postal_address FROM tournament_players tp"
	        " JOIN users u ON u.id = tp.user_id WHERE tp.tournament_id = ? ORDER BY tp.seat";
	static const char sql_g[] = "SELECT id, white, black FROM games"
	                            " WHERE tournament_id = ? ORDER BY id";
	struct store_letter_seat *sv = NULL;
	struct store_letter_pair *gv = NULL;
	size_t scap = 0, gcap = 0;
	*seats = NULL;
	*games = NULL;
	*nseats = *ngames = 0;
	sqlite3_stmt *st = store_stmt(s, sql_t);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "tournament: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		return STORE_NOT_FOUND;
	}
	if (rc != SQLITE_ROW)
		return store_failed(s, st, "tournament");
	store_col_text(st, 0, name, STORE_NAME_MAX);
	store_col_text(st, 1, start, 11);
	store_col_text(st, 2, profile, STORE_PROFILE_MAX);
	sqlite3_reset(st);
	if (!(st = store_stmt(s, sql_p)))
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "tournament players: bind");
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (grow((void **)&sv, &scap, *nseats, sizeof *sv) != 0) {
			rc = SQLITE_NOMEM;
			break;
		}
		struct store_letter_seat *p = &sv[(*nseats)++];
		p->seat = sqlite3_column_int(st, 0);
		p->user = sqlite3_column_int64(st, 1);
		store_col_text(st, 2, p->name, sizeof p->name);
		store_col_text(st, 3, p->email, sizeof p->email);
		store_col_text(st, 4, p->postal, sizeof p->postal);
	}
	if (rc != SQLITE_DONE)
		goto fail;
	sqlite3_reset(st);
	if (!(st = store_stmt(s, sql_g)))
		goto fail;
	if (store_bind_int64(st, 1, id))
		goto fail;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (grow((void **)&gv, &gcap, *ngames, sizeof *gv) != 0) {
			rc = SQLITE_NOMEM;
			break;
		}
		struct store_letter_pair *g = &gv[(*ngames)++];
		g->game = sqlite3_column_int64(st, 0);
		g->white = sqlite3_column_int64(st, 1);
		g->black = sqlite3_column_int64(st, 2);
	}
	if (rc != SQLITE_DONE)
		goto fail;
	sqlite3_reset(st);
	*seats = sv;
	*games = gv;
	return STORE_OK;
fail:
	free(sv);
	free(gv);
	*nseats = *ngames = 0;
	return store_failed(s, st, "the start letter's tournament");
}
