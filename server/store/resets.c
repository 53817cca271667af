/* store/resets.c: password changes and reset links. */
#include "autoconfig.h"
#include "store/resets.h"

#include <string.h>

#include "store/internal.h"

int store_resets_create(store *s, const uint8_t hash[STORE_RESET_HASH], int64_t uid, int64_t now,
                        int64_t expires, const struct store_outbox_row *mail, int64_t *mail_id)
{
	static const char recent[] = "SELECT count(*) FROM password_resets WHERE user_id = ? AND"
	                             " used_at IS NULL AND created_at > ? AND expires_at > ?";
	static const char insert[] = "INSERT INTO password_resets (token_hash, user_id, created_at,"
	                             " expires_at) VALUES (?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, recent);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, uid) || store_bind_int64(st, 2, now - STORE_RESET_GAP) ||
	    store_bind_int64(st, 3, now))
		return store_failed(s, st, "reset: bind");
	if (sqlite3_step(st) != SQLITE_ROW)
		return store_failed(s, st, "reset: recent");
	int64_t n = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	if (n > 0)
		return STORE_CONFLICT;
	st = store_stmt(s, insert);
	if (!st)
		return STORE_ERROR;
	if (store_bind_blob(st, 1, hash, STORE_RESET_HASH) || store_bind_int64(st, 2, uid) ||
	    store_bind_int64(st, 3, now) || store_bind_int64(st, 4, expires))
		return store_failed(s, st, "reset: bind");
	if (store_exec(s, st, "reset: insert") != STORE_OK)
		return STORE_ERROR;
	return store_outbox_add(s, mail, mail_id);
}

int store_resets_find(store *s, const uint8_t hash[STORE_RESET_HASH], int64_t now, int64_t *uid,
                      uint8_t stored[STORE_RESET_HASH])
{
	static const char sql[] = "SELECT user_id, token_hash FROM password_resets WHERE"
	                          " token_hash = ? AND used_at IS NULL AND expires_at > ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_blob(st, 1, hash, STORE_RESET_HASH) || store_bind_int64(st, 2, now))
		return store_failed(s, st, "reset find: bind");
	int step = sqlite3_step(st);
	if (step == SQLITE_DONE) {
		sqlite3_reset(st);
		return STORE_NOT_FOUND;
	}
	if (step != SQLITE_ROW)
		return store_failed(s, st, "reset find");
	*uid = sqlite3_column_int64(st, 0);
	const void *b = sqlite3_column_blob(st, 1);
	int n = sqlite3_column_bytes(st, 1);
	memset(stored, 0, STORE_RESET_HASH);
	if (b && n == STORE_RESET_HASH)
		memcpy(stored, b, STORE_RESET_HASH);
	sqlite3_reset(st);
	return STORE_OK;
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

/* issue 20: every unused reset token of uid ends (a link mailed before a
 * password change must not undo it). */
static int end_resets(store *s, int64_t uid, int64_t now)
{
	static const char sql[] = "UPDATE password_resets SET used_at = ? WHERE user_id = ? AND"
	                          " used_at IS NULL";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, now) || store_bind_int64(st, 2, uid))
		return store_failed(s, st, "resets end: bind");
	return store_exec(s, st, "resets end");
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

int store_resets_use(store *s, const uint8_t hash[STORE_RESET_HASH], int64_t now,
                     const char *password_hash, int64_t *uid)
{
	static const char find[] = "SELECT user_id FROM password_resets WHERE token_hash = ? AND"
	                           " used_at IS NULL AND expires_at > ?";
	if (store_begin(s) != STORE_OK)
		return STORE_ERROR;
	int rc = STORE_ERROR;
	sqlite3_stmt *st = store_stmt(s, find);
	if (!st)
		goto out;
	if (store_bind_blob(st, 1, hash, STORE_RESET_HASH) || store_bind_int64(st, 2, now)) {
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
	/* This token and every other unused one of the user end. */
	if (end_resets(s, *uid, now) != STORE_OK || set_hash(s, *uid, password_hash) ||
	    end_sessions(s, *uid, NULL, 0) != STORE_OK)
		goto out;
	return store_commit(s) == STORE_OK ? STORE_OK : STORE_ERROR;
out:
	store_rollback(s);
	return rc;
}

int store_users_set_password(store *s, int64_t uid, const char *password_hash, const void *keep,
                             size_t len, int64_t now)
{
	if (store_begin(s) != STORE_OK)
		return STORE_ERROR;
	int rc = set_hash(s, uid, password_hash);
	if (rc != STORE_OK || end_sessions(s, uid, keep, len) != STORE_OK ||
	    end_resets(s, uid, now) != STORE_OK) {
		store_rollback(s);
		return rc == STORE_OK ? STORE_ERROR : rc;
	}
	return store_commit(s) == STORE_OK ? STORE_OK : STORE_ERROR;
}
