/* store/store_users.c: the users and sessions tables (store/store_users.h). */
#include "autoconfig.h"
#include "store/store_users.h"

#include <string.h>

#include "store/internal.h"
#include "store/read_memo.h"

int store_users_get(store *s, int64_t id, struct store_user *u)
{
	static const char sql[] = "SELECT name, role FROM users WHERE id = ?";
	int status = STORE_NOT_FOUND;
	struct store_q q;
	store_q_open(&q, s, sql, "user");
	store_q_int(&q, id);
	if (store_q_row(&q)) {
		u->id = id;
		store_col_text(q.st, 0, u->name, sizeof u->name);
		store_col_text(q.st, 1, u->role, sizeof u->role);
		status = STORE_OK;
	}
	return store_q_end(&q) == STORE_OK ? status : STORE_ERROR;
}

int store_users_exists(store *s, int64_t id)
{
	struct store_user u;
	return store_users_get(s, id, &u);
}

int store_users_count(store *s, int64_t *n)
{
	static const char sql[] = "SELECT count(*) FROM users";
	struct store_q q;
	store_q_open(&q, s, sql, "users: count");
	bool row = store_q_row(&q);
	if (row)
		*n = sqlite3_column_int64(q.st, 0);
	return store_q_end(&q) == STORE_OK && row ? STORE_OK : STORE_ERROR;
}

int store_users_insert(store *s, const char *name, const char *email, const char *role,
                       const char *password_hash, int64_t *id)
{
	static const char sql[] =
	        "INSERT INTO users (name, email, role, password_hash) VALUES (?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, name) || store_bind_text(st, 2, email) ||
	    store_bind_text(st, 3, role) || store_bind_text(st, 4, password_hash))
		return store_failed(s, st, "new user: bind");
	int rc = store_exec(s, st, "new user");
	if (rc == STORE_OK)
		*id = store_last_id(s);
	return rc;
}

int store_users_login(store *s, const char *login, int64_t *id, char *hash, size_t len)
{
	/* issue 10: a login with '@' is matched against e-mail addresses
	 * only, one without against names only; so no name can shadow an
	 * address (names cannot hold '@', api/api_users.c). */
	static const char by_name[] = "SELECT id, password_hash FROM users WHERE name = ?1";
	static const char by_email[] = "SELECT id, password_hash FROM users WHERE email = ?1";
	int status = STORE_NOT_FOUND;
	struct store_q q;
	store_q_open(&q, s, strchr(login, '@') ? by_email : by_name, "login");
	store_q_text(&q, login);
	if (store_q_row(&q)) {
		*id = sqlite3_column_int64(q.st, 0);
		store_col_text(q.st, 1, hash, len);
		status = STORE_OK;
	}
	return store_q_end(&q) == STORE_OK ? status : STORE_ERROR;
}

int store_users_replace_hash(store *s, int64_t id, const char *old_hash, const char *hash)
{
	static const char sql[] =
	        "UPDATE users SET password_hash = ?3 WHERE id = ?1 AND password_hash = ?2";
	struct store_q q;
	store_q_open(&q, s, sql, "password hash");
	store_q_int(&q, id);
	store_q_text(&q, old_hash);
	store_q_text(&q, hash);
	store_q_exec(&q);
	if (store_q_end(&q) != STORE_OK)
		return STORE_ERROR;
	return store_changes(s) > 0 ? STORE_OK : STORE_NOT_FOUND;
}

int store_users_contact(store *s, int64_t id, struct store_contact *c)
{
	static const char sql[] = "SELECT id, name, email FROM users WHERE id = ?";
	int status = STORE_NOT_FOUND;
	struct store_q q;
	store_q_open(&q, s, sql, "contact");
	store_q_int(&q, id);
	if (store_q_row(&q)) {
		c->id = sqlite3_column_int64(q.st, 0);
		store_col_text(q.st, 1, c->name, sizeof c->name);
		store_col_text(q.st, 2, c->email, sizeof c->email);
		status = STORE_OK;
	}
	return store_q_end(&q) == STORE_OK ? status : STORE_ERROR;
}

int store_sessions_create(store *s, const void *hash, size_t len, int64_t user, int64_t now,
                          int64_t expires)
{
	static const char sql_purge[] = "DELETE FROM sessions WHERE expires_at <= ?";
	static const char sql_insert[] =
	        "INSERT INTO sessions (token_hash, user_id, expires_at, created_seq)"
	        " VALUES (?1, ?2, ?3, (SELECT coalesce(max(created_seq), 0) + 1 FROM sessions"
	        " WHERE user_id = ?2))";
	sqlite3_stmt *st = store_stmt(s, sql_purge);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, now))
		return store_failed(s, st, "session purge: bind");
	if (store_exec(s, st, "session purge") != STORE_OK)
		return STORE_ERROR;
	if (!(st = store_stmt(s, sql_insert)))
		return STORE_ERROR;
	if (store_bind_blob(st, 1, hash, (int)len) || store_bind_int64(st, 2, user) ||
	    store_bind_int64(st, 3, expires))
		return store_failed(s, st, "session: bind");
	if (store_exec(s, st, "session") != STORE_OK)
		return STORE_ERROR;
	/* Issue 20: at most STORE_SESSIONS_MAX sign-ins a user; the new one
	 * stays, the oldest others (created_seq, migration 0022) end. */
	static const char sql_cap[] =
	        "DELETE FROM sessions WHERE user_id = ?1 AND token_hash <> ?2 AND token_hash NOT IN"
	        " (SELECT token_hash FROM sessions WHERE user_id = ?1 AND token_hash <> ?2"
	        " ORDER BY created_seq DESC LIMIT ?3)";
	if (!(st = store_stmt(s, sql_cap)))
		return STORE_ERROR;
	if (store_bind_int64(st, 1, user) || store_bind_blob(st, 2, hash, (int)len) ||
	    store_bind_int64(st, 3, STORE_SESSIONS_MAX - 1))
		return store_failed(s, st, "session cap: bind");
	return store_exec(s, st, "session cap") == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_sessions_user(store *s, const void *hash, size_t len, int64_t now, struct store_user *u)
{
	/* The row is read whatever its expiry and the expiry checked here,
	 * so that a kept row (read_memo.h) is checked against each now. */
	static const char sql[] = "SELECT u.id, u.name, u.role, s.expires_at FROM sessions s"
	                          " JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?";
	struct read_memo *m = len == MEMO_HASH_MAX ? store_read_memo(s) : NULL;
	struct memo_session *e =
	        m ? &m->sessions[((const unsigned char *)hash)[0] % MEMO_SESSIONS] : NULL;
	if (e && e->snap == m->snap && memcmp(e->hash, hash, len) == 0) {
		if (e->expires_at <= now)
			return STORE_NOT_FOUND;
		*u = e->user;
		return STORE_OK;
	}
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_blob(st, 1, hash, (int)len))
		return store_failed(s, st, "session user: bind");
	int rc = sqlite3_step(st);
	if (rc == SQLITE_DONE) {
		sqlite3_reset(st);
		return STORE_NOT_FOUND;
	}
	if (rc != SQLITE_ROW)
		return store_failed(s, st, "session user");
	struct store_user row;
	row.id = sqlite3_column_int64(st, 0);
	store_col_text(st, 1, row.name, sizeof row.name);
	store_col_text(st, 2, row.role, sizeof row.role);
	int64_t expires = sqlite3_column_int64(st, 3);
	sqlite3_reset(st);
	if (e) {
		e->snap = m->snap;
		memcpy(e->hash, hash, len);
		e->expires_at = expires;
		e->user = row;
	}
	if (expires <= now)
		return STORE_NOT_FOUND;
	*u = row;
	return STORE_OK;
}

int store_sessions_delete(store *s, const void *hash, size_t len)
{
	static const char sql[] = "DELETE FROM sessions WHERE token_hash = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_blob(st, 1, hash, (int)len))
		return store_failed(s, st, "sign out: bind");
	if (store_exec(s, st, "sign out") != STORE_OK)
		return STORE_ERROR;
	return sqlite3_changes(store_db(s)) > 0 ? STORE_OK : STORE_NOT_FOUND;
}

/* Folds UTF-8 text for a search into out (len bytes): ASCII and the
 * Latin-1 capitals (U+00C0..U+00DE but U+00D7: Æ Ø Å É Ü ...) in lower
 * case, everything else as it is, so "ÆBLE" finds "æble".  SQLite's own
 * lower() and LIKE fold ASCII only. */
static void fold(const char *s, char *out, size_t len)
{
	size_t o = 0;
	for (const unsigned char *p = (const unsigned char *)s; *p && o + 2 < len; p++) {
		unsigned char c = *p;
		if (c >= 'A' && c <= 'Z') {
			out[o++] = (char)(c + 32);
		} else if (c == 0xc3 && p[1] >= 0x80 && p[1] <= 0x9e && p[1] != 0x97) {
			out[o++] = (char)c;
			out[o++] = (char)(*++p + 0x20);
		} else {
			out[o++] = (char)c;
		}
	}
	out[o] = '\0';
}

int store_users_search(store *s, const char *q, int64_t after, size_t max, struct store_member *out,
                       size_t *n)
{
	static const char sql[] = "SELECT id, name, role, email, COALESCE(member_no, '') FROM users"
	                          " WHERE id > ? ORDER BY id";
	char want[STORE_EMAIL_MAX * 2], name[STORE_NAME_MAX * 2], email[STORE_EMAIL_MAX * 2];
	char number[32];
	fold(q ? q : "", want, sizeof want);
	*n = 0;
	struct store_q rows;
	store_q_open(&rows, s, sql, "users search");
	store_q_int(&rows, after > 0 ? after : 0);
	while (*n < max && store_q_row(&rows)) {
		struct store_member *m = &out[*n];
		m->id = sqlite3_column_int64(rows.st, 0);
		store_col_text(rows.st, 1, m->name, sizeof m->name);
		store_col_text(rows.st, 2, m->role, sizeof m->role);
		store_col_text(rows.st, 3, m->email, sizeof m->email);
		fold(m->name, name, sizeof name);
		fold(m->email, email, sizeof email);
		/* issue 22: or his membership number (DSU 6.4.4.1 a), exactly */
		store_col_text(rows.st, 4, number, sizeof number);
		if (!want[0] || strstr(name, want) || strstr(email, want) ||
		    (number[0] && strcmp(number, q) == 0))
			(*n)++;
	}
	return store_q_end(&rows) == STORE_OK ? STORE_OK : STORE_ERROR;
}

/* ---- the postal address ---- */

int store_users_postal_get(store *s, int64_t id, char *out)
{
	static const char sql[] = "SELECT postal_address FROM users WHERE id = ?";
	int status = STORE_NOT_FOUND;
	out[0] = '\0';
	struct store_q q;
	store_q_open(&q, s, sql, "postal address");
	store_q_int(&q, id);
	if (store_q_row(&q)) {
		store_col_text(q.st, 0, out, STORE_POSTAL_MAX);
		status = STORE_OK;
	}
	return store_q_end(&q) == STORE_OK ? status : STORE_ERROR;
}

int store_users_postal_set(store *s, int64_t id, const char *address)
{
	static const char sql[] = "UPDATE users SET postal_address = ? WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "postal address set");
	store_q_text(&q, address); /* NULL: none */
	store_q_int(&q, id);
	store_q_exec(&q);
	if (store_q_end(&q) != STORE_OK)
		return STORE_ERROR;
	return store_changes(s) == 1 ? STORE_OK : STORE_NOT_FOUND;
}

int store_users_postal_visible(store *s, int64_t viewer, int64_t user)
{
	static const char sql[] =
	        "SELECT EXISTS (SELECT 1 FROM tournament_players a JOIN tournaments t"
	        " ON t.id = a.tournament_id WHERE a.user_id = ?1 AND (t.tl_id = ?2 OR EXISTS"
	        " (SELECT 1 FROM tournament_players b WHERE b.tournament_id = a.tournament_id"
	        " AND b.user_id = ?2)))";
	struct store_q q;
	store_q_open(&q, s, sql, "postal address visible");
	store_q_int(&q, user);
	store_q_int(&q, viewer);
	bool row = store_q_row(&q);
	int yes = row && sqlite3_column_int(q.st, 0);
	if (store_q_end(&q) != STORE_OK || !row)
		return STORE_ERROR;
	return yes ? 1 : 0;
}
