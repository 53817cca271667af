/* store/store_sweep.c: sweep_events and mail_outbox (store/store_sweep.h). */
#include "autoconfig.h"
#include "store/store_sweep.h"

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
