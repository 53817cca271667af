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
	/* A reminder or TL notice is a record the game's GET shows, and no
	 * trigger follows sweep_events (store/internal.h). */
	if ((strcmp(kind, "reminder") == 0 || strcmp(kind, "tl_notice") == 0) &&
	    store_games_bump_lists(s, game) != STORE_OK)
		return STORE_ERROR;
	return STORE_OK;
}

/* The integer a PRAGMA answers on the thread's connection, or 0. */
static int pragma_int(sqlite3 *db, const char *sql)
{
	sqlite3_stmt *st = NULL;
	int v = 0;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

void store_sweep_settings_begin(store *s, struct store_sweep_settings *was)
{
	sqlite3 *db = store_db(s);
	memset(was, 0, sizeof *was);
	if (!db)
		return;
	was->autocheckpoint = pragma_int(db, "PRAGMA wal_autocheckpoint");
	if (was->autocheckpoint > 0)
		sqlite3_wal_autocheckpoint(db, 0);
}

void store_sweep_settings_end(store *s, const struct store_sweep_settings *was)
{
	sqlite3 *db = store_db(s);
	if (!db || was->autocheckpoint <= 0)
		return;
	sqlite3_wal_autocheckpoint(db, was->autocheckpoint);
	sqlite3_wal_checkpoint_v2(db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
}
