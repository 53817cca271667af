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
	struct store_q q;
	store_q_open(&q, s, sql, "sweep event");
	store_q_int(&q, game);
	store_q_text(&q, kind);
	store_q_int(&q, user);
	store_q_int(&q, ply);
	store_q_text(&q, due);
	store_q_text(&q, today);
	store_q_exec(&q);
	if (store_q_end(&q) != STORE_OK)
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
	struct store_q q;
	store_q_open(&q, s, sql, "mail");
	store_q_id_or_null(&q, event);
	store_q_text(&q, to);
	store_q_text(&q, subject);
	store_q_text(&q, body);
	store_q_text(&q, today);
	store_q_exec(&q);
	return store_q_end(&q) == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_outbox_sent(store *s, int64_t id)
{
	static const char sql[] =
	        "UPDATE mail_outbox SET sent_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'),"
	        " attempts = attempts + 1, last_error = NULL WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "mail sent");
	store_q_int(&q, id);
	store_q_exec(&q);
	return store_q_end(&q) == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_outbox_failed(store *s, int64_t id, const char *error)
{
	static const char sql[] =
	        "UPDATE mail_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "mail failed");
	store_q_text(&q, error);
	store_q_int(&q, id);
	store_q_exec(&q);
	return store_q_end(&q) == STORE_OK ? STORE_OK : STORE_ERROR;
}
