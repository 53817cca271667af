/* api_tl.c: GET /api/v1/tl/overview, the sweep's findings live. */
#include "autoconfig.h"
#include "api/tl.h"

#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "api/game_json.h"
#include "base/log.h"
#include "jobs/sweep.h"
#include "util/status.h"

#define OVERVIEW_MAX 5000 /* items a list shows at most */

static int add_item(struct app *app, json_t *list, int64_t game_id, int64_t player,
		    const char *since, const char *detail)
{
	if (json_array_size(list) >= OVERVIEW_MAX)
		return 0;
	json_t *user = api_user_json(app, player);
	json_t *item = json_pack("{s:I, s:o, s:s, s:s}", "game", (json_int_t)game_id, "player",
				 user ? user : json_null(), "since", since, "detail", detail);
	return item ? json_array_append_new(list, item) : -1;
}

/* Games ended by a time forfeit: the loser (both on 0-0), since the end. */
static int add_forfeits(struct app *app, json_t *list)
{
	static const char sql[] =
	    "SELECT id, white, black, result, COALESCE(finished_on, start_date) FROM games"
	    " WHERE termination = 'time_forfeit' ORDER BY id LIMIT 5000";
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		return -1;
	struct row {
		int64_t id, white, black;
		char result[8], since[11];
	} *rows = NULL;
	size_t n = 0, cap = 0;
	int rc = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (n == cap) {
			size_t nc = cap ? cap * 2 : 32;
			struct row *nr = realloc(rows, nc * sizeof *rows);
			if (!nr) {
				rc = -1;
				break;
			}
			rows = nr;
			cap = nc;
		}
		rows[n].id = sqlite3_column_int64(st, 0);
		rows[n].white = sqlite3_column_int64(st, 1);
		rows[n].black = sqlite3_column_int64(st, 2);
		snprintf(rows[n].result, sizeof rows[n].result, "%s", sqlite3_column_text(st, 3));
		snprintf(rows[n].since, sizeof rows[n].since, "%s", sqlite3_column_text(st, 4));
		n++;
	}
	sqlite3_reset(st);
	for (size_t i = 0; i < n && rc == 0; i++) {
		/* DSU 6.3.3.3: the forfeit loses; 0-0 when lost for both (6.3.3.4). */
		bool white_lost = strcmp(rows[i].result, "0-1") == 0 || strcmp(rows[i].result, "0-0") == 0;
		bool black_lost = strcmp(rows[i].result, "1-0") == 0 || strcmp(rows[i].result, "0-0") == 0;
		char detail[64];
		snprintf(detail, sizeof detail, "lost on time, result %s", rows[i].result);
		if (white_lost)
			rc = add_item(app, list, rows[i].id, rows[i].white, rows[i].since, detail);
		if (black_lost && rc == 0)
			rc = add_item(app, list, rows[i].id, rows[i].black, rows[i].since, detail);
	}
	free(rows);
	return rc;
}

int api_tl_overview(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	if (!api_is_tl(&rq->user))
		return api_error(rs, 403, "forbidden",
				 "only a tournament leader or an admin sees the overview");
	char today[11];
	api_today(app, today);
	json_t *overdue = json_array(), *silent = json_array(), *forfeits = json_array(),
	       *adjudication = json_array();
	json_t *lists[4] = {silent, silent, overdue, adjudication}; /* by enum sweep_kind */
	size_t n = 0;
	int64_t *ids = NULL;
	int rc = overdue && silent && forfeits && adjudication ? 0 : -1;
	if (rc == 0 && !(ids = sweep_active_games(app, &n)))
		rc = -1;
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct games_game g;
		char err[512];
		if (games_load(app, ids[i], &g, err, sizeof err) != 0)
			continue; /* ended or deleted meanwhile, or corrupt (logged) */
		struct sweep_finding f[SWEEP_MAX_FINDINGS];
		int nf = sweep_findings(&g, today, f, err, sizeof err);
		if (nf < 0)
			log_msg(LOG_ERROR, "overview: game %lld: %s", (long long)g.id, err);
		/* A reminder and a TL notice of one player make one silent item,
		 * since the reminder date; the detail adds the TL date. */
		for (int k = 0; k < nf && rc == 0; k++) {
			if (f[k].kind == SWEEP_TL_NOTICE)
				continue;
			char since[CALENDAR_ISO_LEN], tl[CALENDAR_ISO_LEN], detail[260];
			snprintf(detail, sizeof detail, "%s", f[k].detail);
			if (f[k].kind == SWEEP_REMINDER && k + 1 < nf &&
			    f[k + 1].kind == SWEEP_TL_NOTICE &&
			    calendar_format(f[k].tl_date, tl, sizeof tl) == CC_OK)
				snprintf(detail, sizeof detail, "%s; the TL is told since %s",
					 f[k].detail, tl);
			if (calendar_format(f[k].due, since, sizeof since) != CC_OK)
				continue;
			rc = add_item(app, lists[f[k].kind], g.id, f[k].player, since, detail);
		}
		games_unload(&g);
	}
	free(ids);
	if (rc == 0)
		rc = add_forfeits(app, forfeits);
	if (rc != 0) {
		json_decref(overdue);
		json_decref(silent);
		json_decref(forfeits);
		json_decref(adjudication);
		return api_error(rs, 500, "internal", "the overview cannot be read");
	}
	return api_json(rs, 200,
			json_pack("{s:o, s:o, s:o, s:o}", "overdue", overdue, "silent", silent,
				  "forfeits", forfeits, "adjudication_due", adjudication));
}
