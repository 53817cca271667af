/* store/store_vacations.c: the vacations table (store/store_vacations.h). */
#include "autoconfig.h"
#include "store/store_vacations.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "store/internal.h"
#include "util/grow.h"
#include "util/status.h"

int store_vacations_stops(store *s, int64_t a, int64_t b, int64_t tournament,
                          struct clock_interval **out, size_t *n)
{
	/* a postal vacation belongs to its tournament (issue 9, DSU 6.3.6);
	 * one without a tournament stops all the player's games (6.8.8) */
	/* Each player's own search, not "user_id IN (?1, ?2)": SQLite makes
	 * a temporary b-tree of an IN list it searches an index with (and of
	 * an OR it turns into one), at every game loaded - the sweep's load
	 * paid a third of its instructions for it (docs/BENCHMARKS.md "The
	 * sweep").  The order does not matter (clock_stopset_build() sorts). */
	static const char sql[] = "SELECT start, end FROM vacations WHERE user_id = ?1"
	                          " AND (tournament_id IS NULL OR tournament_id = ?3)"
	                          " UNION ALL SELECT start, end FROM vacations WHERE user_id = ?2"
	                          " AND ?2 <> ?1 AND (tournament_id IS NULL OR tournament_id = ?3)";
	struct clock_interval *v = NULL;
	size_t len = 0, cap = 0;
	*out = NULL;
	*n = 0;
	struct store_q q;
	store_q_open(&q, s, sql, "stops");
	store_q_int(&q, a);
	store_q_int(&q, b);
	store_q_int(&q, tournament);
	while (store_q_row(&q)) {
		struct clock_interval iv;
		if (!store_col_day(q.st, 0, &iv.first) || !store_col_day(q.st, 1, &iv.last))
			continue; /* the schema's CHECKs keep these valid */
		if (ALLOC_GROW(v, len + 1, cap) != 0) {
			sqlite3_reset(q.st); /* out of memory: the query ends here */
			q.rc = STORE_ERROR;
			break;
		}
		v[len++] = iv;
	}
	if (store_q_end(&q) != STORE_OK) {
		free(v);
		return STORE_ERROR;
	}
	*out = v;
	*n = len;
	return STORE_OK;
}

int store_vacations_of(store *s, int64_t user, size_t max, struct store_period **out, size_t *n)
{
	static const char sql[] = "SELECT id, start, end, kind, notice_on, tournament_id"
	                          " FROM vacations WHERE user_id = ? ORDER BY start, id LIMIT ?";
	struct store_period *v = NULL;
	size_t len = 0, cap = 0;
	*out = NULL;
	*n = 0;
	struct store_q q;
	store_q_open(&q, s, sql, "periods");
	store_q_int(&q, user);
	store_q_int(&q, (int64_t)max);
	while (store_q_row(&q)) {
		if (ALLOC_GROW(v, len + 1, cap) != 0) {
			sqlite3_reset(q.st); /* out of memory: the query ends here */
			q.rc = STORE_ERROR;
			break;
		}
		struct store_period *p = &v[len];
		p->id = sqlite3_column_int64(q.st, 0);
		if (!store_col_day(q.st, 1, &p->iv.first) || !store_col_day(q.st, 2, &p->iv.last) ||
		    p->iv.last < p->iv.first) {
			log_msg(LOG_WARN, "vacation %lld has bad dates; ignored", (long long)p->id);
			continue;
		}
		const char *k = (const char *)sqlite3_column_text(q.st, 3);
		p->kind =
		        k && strcmp(k, "special_leave") == 0 ? CLOCK_SPECIAL_LEAVE : CLOCK_VACATION;
		store_col_text(q.st, 4, p->notice_on, sizeof p->notice_on);
		p->tournament = sqlite3_column_int64(q.st, 5); /* NULL reads 0: all games */
		len++;
	}
	if (store_q_end(&q) != STORE_OK) {
		free(v);
		return STORE_ERROR;
	}
	*out = v;
	*n = len;
	return STORE_OK;
}

int store_vacations_rules(store *s, int64_t user, int32_t *start, bool *has_start,
                          const struct clock_profile **profiles, size_t max, size_t *n)
{
	static const char sql_start[] = "SELECT min(start_date) FROM games"
	                                " WHERE (white = ?1 OR black = ?1) AND status = 'active'";
	static const char sql_prof[] =
	        "SELECT DISTINCT profile FROM games"
	        " WHERE (white = ?1 OR black = ?1) AND status = 'active' ORDER BY profile";
	*n = 0;
	*has_start = false;
	struct store_q q;
	store_q_open(&q, s, sql_start, "rules: start");
	store_q_int(&q, user);
	if (store_q_row(&q) && sqlite3_column_type(q.st, 0) != SQLITE_NULL) {
		if (store_col_day(q.st, 0, start))
			*has_start = true; /* DSU 6.3.6: years from the tournament start */
		else
			log_msg(LOG_WARN, "user %lld: a game has a bad start date",
			        (long long)user);
	}
	if (store_q_end(&q) != STORE_OK)
		return STORE_ERROR;
	store_q_open(&q, s, sql_prof, "rules: profiles");
	store_q_int(&q, user);
	while (store_q_row(&q)) {
		const char *name = (const char *)sqlite3_column_text(q.st, 0);
		const struct clock_profile *p = clock_profile_find(name);
		if (!p)
			log_msg(LOG_WARN, "user %lld: a game has the unknown profile \"%s\"",
			        (long long)user, name ? name : "");
		else if (*n < max)
			profiles[(*n)++] = p;
	}
	return store_q_end(&q) == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_vacations_insert(store *s, int64_t user, struct store_period *p)
{
	static const char sql[] = "INSERT INTO vacations (user_id, start, end, notice_on, kind,"
	                          " tournament_id) VALUES (?, ?, ?, ?, ?, ?)";
	char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN];
	if (calendar_format(p->iv.first, a, sizeof a) != CC_OK ||
	    calendar_format(p->iv.last, b, sizeof b) != CC_OK)
		return STORE_ERROR;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, user) || store_bind_text(st, 2, a) ||
	    store_bind_text(st, 3, b) || store_bind_text(st, 4, p->notice_on) ||
	    store_bind_text(st, 5, p->kind == CLOCK_SPECIAL_LEAVE ? "special_leave" : "vacation") ||
	    (p->tournament ? store_bind_int64(st, 6, p->tournament) : sqlite3_bind_null(st, 6)))
		return store_failed(s, st, "vacation: bind");
	if (store_exec(s, st, "vacation") != STORE_OK)
		return STORE_ERROR;
	p->id = store_last_id(s);
	return STORE_OK;
}

int store_vacations_tournaments(store *s, int64_t user, struct clock_vacation_tournament *out,
                                size_t max, size_t *n)
{
	static const char sql[] =
	        "SELECT DISTINCT t.id, t.start_date, t.profile FROM games g"
	        " JOIN tournaments t ON t.id = g.tournament_id"
	        " WHERE (g.white = ?1 OR g.black = ?1) AND g.status = 'active' ORDER BY t.id";
	*n = 0;
	struct store_q q;
	store_q_open(&q, s, sql, "tournaments of");
	store_q_int(&q, user);
	while (store_q_row(&q)) {
		if (*n >= max)
			continue;
		struct clock_vacation_tournament *t = &out[*n];
		t->id = sqlite3_column_int64(q.st, 0);
		t->prof = clock_profile_find((const char *)sqlite3_column_text(q.st, 2));
		if (!t->prof || !store_col_day(q.st, 1, &t->start))
			continue; /* checked when the tournament was made */
		(*n)++;
	}
	return store_q_end(&q) == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_vacations_tournament(store *s, int64_t id, int64_t user,
                               struct clock_vacation_tournament *t)
{
	static const char sql[] =
	        "SELECT t.start_date, t.profile FROM tournaments t WHERE t.id = ?1 AND (EXISTS"
	        " (SELECT 1 FROM tournament_players p WHERE p.tournament_id = t.id AND"
	        " p.user_id = ?2) OR EXISTS (SELECT 1 FROM team_reserves r WHERE"
	        " r.tournament_id = t.id AND r.reserve_id = ?2 AND r.status = 'approved'))";
	int status = STORE_NOT_FOUND;
	struct store_q q;
	store_q_open(&q, s, sql, "tournament");
	store_q_int(&q, id);
	store_q_int(&q, user);
	if (store_q_row(&q)) {
		t->id = id;
		t->prof = clock_profile_find((const char *)sqlite3_column_text(q.st, 1));
		if (t->prof && store_col_day(q.st, 0, &t->start))
			status = STORE_OK;
	}
	return store_q_end(&q) == STORE_OK ? status : STORE_ERROR;
}

int store_vacations_reach(store *s, int64_t user, int64_t tournament, struct store_reach *out,
                          size_t max, size_t *n, bool *more)
{
	/* the leader as store/store_games.c reads it (migration 0014) */
	static const char sql[] = "SELECT COALESCE(t.tl_id, g.led_by, 0),"
	                          " CASE WHEN g.white = ?1 THEN g.black ELSE g.white END"
	                          " FROM games g LEFT JOIN tournaments t ON t.id = g.tournament_id"
	                          " WHERE (g.white = ?1 OR g.black = ?1) AND g.status = 'active'"
	                          " AND (?2 = 0 OR g.tournament_id = ?2) ORDER BY g.id";
	*n = 0;
	*more = false;
	struct store_q q;
	store_q_open(&q, s, sql, "reach");
	store_q_int(&q, user);
	store_q_int(&q, tournament);
	while (store_q_row(&q)) {
		if (*n >= max) {
			*more = true;
			continue;
		}
		out[*n].leader = sqlite3_column_int64(q.st, 0);
		out[*n].opponent = sqlite3_column_int64(q.st, 1);
		(*n)++;
	}
	return store_q_end(&q) == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_vacations_mark(store *s, int64_t user, struct store_vacation_mark *m)
{
	static const char sql[] =
	        "SELECT (SELECT count(*) FROM vacations WHERE user_id = ?1),"
	        " (SELECT COALESCE(max(id), 0) FROM vacations WHERE user_id = ?1),"
	        " (SELECT count(*) FROM games WHERE (white = ?1 OR black = ?1)"
	        "  AND status = 'active'),"
	        " (SELECT COALESCE(max(id), 0) FROM games WHERE (white = ?1 OR black = ?1)"
	        "  AND status = 'active')";
	struct store_q q;
	store_q_open(&q, s, sql, "vacation mark");
	store_q_int(&q, user);
	bool row = store_q_row(&q);
	if (row) {
		m->periods = sqlite3_column_int64(q.st, 0);
		m->last_period = sqlite3_column_int64(q.st, 1);
		m->games = sqlite3_column_int64(q.st, 2);
		m->last_game = sqlite3_column_int64(q.st, 3);
	}
	return store_q_end(&q) == STORE_OK && row ? STORE_OK : STORE_ERROR;
}
