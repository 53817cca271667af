/* store/resets.c: password changes and reset links. */
#include "autoconfig.h"
#include "store/resets.h"

#include "store/internal.h"
#include "store/sweep.h"

int store_resets_create(store *s, const void *hash, size_t len, int64_t uid, int64_t now,
                        int64_t expires, const char *to, const char *subject, const char *body,
                        const char *today, int64_t *mail_id)
{
	static const char recent[] = "SELECT count(*) FROM password_resets WHERE user_id = ? AND"
	                             " used_at IS NULL AND created_at > ? AND expires_at > ?";
	static const char insert[] = "INSERT INTO password_resets (token_hash, user_id, created_at,"
	                             " expires_at) VALUES (?, ?, ?, ?)";
	if (store_begin(s) != STORE_OK)
		return STORE_ERROR;
	int rc = STORE_ERROR;
	sqlite3_stmt *st = store_stmt(s, recent);
	if (!st)
		goto out;
	if (store_bind_int64(st, 1, uid) || store_bind_int64(st, 2, now - STORE_RESET_GAP) ||
	    store_bind_int64(st, 3, now)) {
		store_failed(s, st, "reset: bind");
		goto out;
	}
	if (sqlite3_step(st) != SQLITE_ROW) {
		store_failed(s, st, "reset: recent");
		goto out;
	}
	int64_t n = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (n > 0) {
		rc = STORE_CONFLICT;
		goto out;
	}
	st = store_stmt(s, insert);
	if (!st)
		goto out;
	if (store_bind_blob(st, 1, hash, (int)len) || store_bind_int64(st, 2, uid) ||
	    store_bind_int64(st, 3, now) || store_bind_int64(st, 4, expires)) {
		store_failed(s, st, "reset: bind");
		goto out;
	}
	if (store_exec(s, st, "reset: insert") != STORE_OK ||
	    store_outbox_queue(s, 0, to, subject, body, today) != STORE_OK)
		goto out;
	*mail_id = store_last_id(s);
	if (store_commit(s) != STORE_OK)
		return STORE_ERROR;
	return STORE_OK;
out:
	store_rollback(s);
	return rc;
}

/* Every session of uid ends, but the one with token hash keep (NULL: all). */
static int end_sessions(store *s, int64_t uid, const void *keep, size_t len)
{
	static const char all[] = "DELETE FROM sessions WHERE user_id = ?";
	static const char others[] = "DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?";
	sqlite3_stmt *st = store_stmt(s, keep ? others : all);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, uid) || (keep && store_bind_blob(st, 2, keep, (int)len)))
		return store_failed(s, st, "sessions: bind");
	return store_exec(s, st, "sessions: end");
}

static int set_hash(store *s, int64_t uid, const char *password_hash)
{
	static const char sql[] = "UPDATE users SET password_hash = ? WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, password_hash) || store_bind_int64(st, 2, uid))
		return store_failed(s, st, "password: bind");
	if (store_exec(s, st, "password") != STORE_OK)
		return STORE_ERROR;
	return store_changes(s) > 0 ? STORE_OK : STORE_NOT_FOUND;
}

int store_resets_use(store *s, const void *hash, size_t len, int64_t now,
                     const char *password_hash, int64_t *uid)
{
	static const char find[] = "SELECT user_id FROM password_resets WHERE token_hash = ? AND"
	                           " used_at IS NULL AND expires_at > ?";
	static const char used[] = "UPDATE password_resets SET used_at = ? WHERE token_hash = ?";
	if (store_begin(s) != STORE_OK)
		return STORE_ERROR;
	int rc = STORE_ERROR;
	sqlite3_stmt *st = store_stmt(s, find);
	if (!st)
		goto out;
	if (store_bind_blob(st, 1, hash, (int)len) || store_bind_int64(st, 2, now)) {
		store_failed(s, st, "reset: bind");
		goto out;
	}
	int step = sqlite3_step(st);
	if (step == SQLITE_DONE) {
		sqlite3_reset(st);
		rc = STORE_NOT_FOUND;
		goto out;
	}
	if (step != SQLITE_ROW) {
		store_failed(s, st, "reset: find");
		goto out;
	}
	*uid = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	st = store_stmt(s, used);
	if (!st)
		goto out;
	if (store_bind_int64(st, 1, now) || store_bind_blob(st, 2, hash, (int)len)) {
		store_failed(s, st, "reset: bind");
		goto out;
	}
	if (store_exec(s, st, "reset: used") != STORE_OK || set_hash(s, *uid, password_hash) ||
	    end_sessions(s, *uid, NULL, 0) != STORE_OK)
		goto out;
	return store_commit(s) == STORE_OK ? STORE_OK : STORE_ERROR;
out:
	store_rollback(s);
	return rc;
}

int store_users_set_password(store *s, int64_t uid, const char *password_hash, const void *keep,
                             size_t len)
{
	if (store_begin(s) != STORE_OK)
		return STORE_ERROR;
	int rc = set_hash(s, uid, password_hash);
	if (rc != STORE_OK || end_sessions(s, uid, keep, len) != STORE_OK) {
		store_rollback(s);
		return rc == STORE_OK ? STORE_ERROR : rc;
	}
	return store_commit(s) == STORE_OK ? STORE_OK : STORE_ERROR;
}
