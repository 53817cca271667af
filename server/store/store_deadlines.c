/* store/store_deadlines.c: the game_deadlines table (store/store_deadlines.h). */
#include "autoconfig.h"
#include "store/store_deadlines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corr/corr_deadlines.h"
#include "store/store_games.h" /* struct store_forfeit */
#include "store/internal.h"
#include "util/status.h"

/* The stored kinds: lib/corr's, then the recheck row (migration 0016). */
#define KIND_RECHECK 5
#define KINDS        6

/* One row as stored: all integers (migration 0016); slot, the key's
 * last part beside game and kind (migration 0044): 0, or 1 for a kind's
 * second row (two forfeit dates); the side is a column, so the row a
 * move hands over keeps its key. */
struct row {
	int kind, side;
	int32_t due;
	int slot;
};

/* The day of a recheck row: before any today, looked at every day. */
static int32_t recheck_day(void)
{
	int32_t d = 0;
	calendar_from_ymd(1, 1, 1, &d);
	return d;
}

static const char *kind_name(int kind)
{
	return kind == KIND_RECHECK ? "recheck" : corr_deadline_name((enum corr_deadline_kind)kind);
}

/* The rows of d[0..n) (n < 0: the one "recheck" row) into out (room for
 * CORR_DEADLINES_MAX). */
static size_t rows_of(const struct corr_deadline *d, int n, struct row *out)
{
	size_t k = 0;
	if (n < 0) {
		/* Not judged, never dropped: the sweep reports it each day. */
		out[0] = (struct row){KIND_RECHECK, WHITE, recheck_day(), 0};
		return 1;
	}
	for (int i = 0; i < n && k < CORR_DEADLINES_MAX; i++) {
		int y, m, dd;
		calendar_to_ymd(d[i].due, &y, &m, &dd);
		if (y < 1 || y > 9999)
			continue; /* outside the calendar (calendar_format()): no date to keep */
		out[k++] = (struct row){(int)d[i].kind, d[i].side == BLACK ? BLACK : WHITE,
		                        d[i].due, 0};
	}
	return k;
}

/* Sorts rows by (kind, side). */
static int row_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	return x->kind != y->kind ? x->kind - y->kind : x->side - y->side;
}

/* The rows stored for game id, in (kind, side) order, at most max (*n
 * counts them all).  STORE_OK or STORE_ERROR. */
static int stored(store *s, int64_t id, struct row *out, size_t max, size_t *n)
{
	/* in the key's order (no sort in SQLite), sorted by side here */
	static const char sql[] = "SELECT kind, side, due, slot FROM game_deadlines"
	                          " WHERE game_id = ? ORDER BY kind, slot";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "deadlines of a game: bind");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n < max)
			out[*n] = (struct row){sqlite3_column_int(st, 0), sqlite3_column_int(st, 1),
			                       (int32_t)sqlite3_column_int64(st, 2),
			                       sqlite3_column_int(st, 3)};
		(*n)++;
	}
	if (rc != SQLITE_DONE)
		return store_failed(s, st, "deadlines of a game");
	sqlite3_reset(st);
	qsort(out, *n < max ? *n : max, sizeof *out, row_cmp);
	return STORE_OK;
}

/* Deletes every row of game id: STORE_OK or STORE_ERROR. */
static int delete_all(store *s, int64_t id)
{
	static const char all[] = "DELETE FROM game_deadlines WHERE game_id = ?";
	sqlite3_stmt *st = store_stmt(s, all);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "deadlines: bind");
	return store_exec(s, st, "deadlines: delete") == STORE_OK ? STORE_OK : STORE_ERROR;
}

/* Inserts rows want[0..nw) of game id in one statement. */
static int insert_rows(store *s, int64_t id, const struct row *want, size_t nw)
{
#define HEAD "INSERT INTO game_deadlines (game_id, kind, side, due, slot) VALUES (?1, ?, ?, ?, ?)"
#define MORE ", (?1, ?, ?, ?, ?)"
	static const char *const sql[CORR_DEADLINES_MAX] = {
	        HEAD,
	        HEAD MORE,
	        HEAD MORE MORE,
	        HEAD MORE MORE MORE,
	        HEAD MORE MORE MORE MORE,
	        HEAD MORE MORE MORE MORE MORE,
	};
#undef HEAD
#undef MORE
	if (nw == 0)
		return STORE_OK;
	if (nw > CORR_DEADLINES_MAX)
		return STORE_ERROR;
	sqlite3_stmt *st = store_stmt(s, sql[nw - 1]);
	if (!st)
		return STORE_ERROR;
	int b = store_bind_int64(st, 1, id);
	for (size_t i = 0; i < nw && !b; i++)
		b = store_bind_int64(st, (int)(2 + 4 * i), want[i].kind) ||
		    store_bind_int64(st, (int)(3 + 4 * i), want[i].side) ||
		    store_bind_int64(st, (int)(4 + 4 * i), want[i].due) ||
		    store_bind_int64(st, (int)(5 + 4 * i), want[i].slot);
	if (b)
		return store_failed(s, st, "deadlines: bind");
	return store_exec(s, st, "deadlines") == STORE_OK ? STORE_OK : STORE_ERROR;
}

/* One statement on the row (id, r->kind, r->slot): sql binds ?1 the id,
 * ?2 the kind, ?3 the slot and, when it has them, ?4 the side and ?5 the
 * date. */
static int one_row(store *s, const char *sql, int64_t id, const struct row *r, const char *what)
{
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id) || store_bind_int64(st, 2, r->kind) ||
	    store_bind_int64(st, 3, r->slot) ||
	    (sqlite3_bind_parameter_count(st) >= 4 && store_bind_int64(st, 4, r->side)) ||
	    (sqlite3_bind_parameter_count(st) >= 5 && store_bind_int64(st, 5, r->due)))
		return store_failed(s, st, what);
	return store_exec(s, st, what) == STORE_OK ? STORE_OK : STORE_ERROR;
}

/* Gives each row of fresh[0..nf) a slot of its kind that no row of
 * kept[0..nk) holds: 0 or 1, so at most two rows of a kind (two forfeit
 * dates); a third of a kind is not possible (CORR_DEADLINES_MAX). */
static void free_slots(struct row *fresh, size_t nf, const struct row *kept, size_t nk)
{
	for (size_t f = 0; f < nf; f++) {
		bool used[2] = {false, false};
		for (size_t k = 0; k < nk; k++)
			if (kept[k].kind == fresh[f].kind && kept[k].slot >= 0 && kept[k].slot < 2)
				used[kept[k].slot] = true;
		for (size_t g = 0; g < f; g++)
			if (fresh[g].kind == fresh[f].kind && fresh[g].slot >= 0 &&
			    fresh[g].slot < 2)
				used[fresh[g].slot] = true;
		fresh[f].slot = used[0] ? 1 : 0;
	}
}

/* Writes what differs between the stored rows have[0..nh) and want[0..nw)
 * (both sorted by kind and side): a row that stays is not touched (issue
 * 19: only the changed rows written; at a million games each page written
 * is a page the checkpoint writes back).  The key is (game, kind, slot)
 * (migration 0044): a date changed, and a row of a kind that goes to the
 * other side (a move hands the reminder, the notice, the forfeit, the
 * adjudication and the alarm over), is one UPDATE of the row in place,
 * its index entry untouched unless its date changed; a kind gone is
 * deleted, a kind new inserted in one statement.  Each statement names
 * the whole key: one row, no range to collect first. */
static int write_changes(store *s, int64_t id, const struct row *want, size_t nw,
                         const struct row *have, size_t nh, bool *forfeit)
{
	static const char del[] =
	        "DELETE FROM game_deadlines WHERE game_id = ?1 AND kind = ?2 AND slot = ?3";
	/* SQLite rewrites the index entry of every column a SET names, whatever
	 * its value: a row handed over with its date names only the side. */
	static const char upd[] = "UPDATE game_deadlines SET side = ?4, due = ?5"
	                          " WHERE game_id = ?1 AND kind = ?2 AND slot = ?3";
	static const char hand[] = "UPDATE game_deadlines SET side = ?4"
	                           " WHERE game_id = ?1 AND kind = ?2 AND slot = ?3";
	struct row fresh[CORR_DEADLINES_MAX], kept[CORR_DEADLINES_MAX + 8];
	bool wdone[CORR_DEADLINES_MAX] = {false}, hdone[CORR_DEADLINES_MAX + 8] = {false};
	size_t nf = 0, nk = 0;
	/* The same kind and side: the row stays, its date may change. */
	for (size_t j = 0; j < nh; j++)
		for (size_t i = 0; i < nw && !hdone[j]; i++)
			if (!wdone[i] && want[i].kind == have[j].kind &&
			    want[i].side == have[j].side) {
				wdone[i] = hdone[j] = true;
				kept[nk++] = have[j];
				if (want[i].due == have[j].due)
					continue;
				*forfeit |= want[i].kind == CORR_DEADLINE_FORFEIT;
				struct row r = want[i];
				r.slot = have[j].slot;
				if (one_row(s, upd, id, &r, "deadline: update") != STORE_OK)
					return STORE_ERROR;
			}
	/* The same kind on the other side: the row is handed over. */
	for (size_t j = 0; j < nh; j++)
		for (size_t i = 0; i < nw && !hdone[j]; i++)
			if (!wdone[i] && want[i].kind == have[j].kind) {
				wdone[i] = hdone[j] = true;
				kept[nk++] = have[j];
				*forfeit |= want[i].kind == CORR_DEADLINE_FORFEIT;
				struct row r = want[i];
				r.slot = have[j].slot;
				if (one_row(s, want[i].due == have[j].due ? hand : upd, id, &r,
				            "deadline: hand over") != STORE_OK)
					return STORE_ERROR;
			}
	for (size_t j = 0; j < nh; j++)
		if (!hdone[j]) {
			*forfeit |= have[j].kind == CORR_DEADLINE_FORFEIT;
			if (one_row(s, del, id, &have[j], "deadline: delete") != STORE_OK)
				return STORE_ERROR;
		}
	for (size_t i = 0; i < nw; i++)
		if (!wdone[i]) {
			*forfeit |= want[i].kind == CORR_DEADLINE_FORFEIT;
			fresh[nf++] = want[i];
		}
	free_slots(fresh, nf, kept, nk);
	return insert_rows(s, id, fresh, nf);
}

static int set(store *s, int64_t id, const struct corr_deadline *d, int n, bool bump);

int store_deadlines_set(store *s, int64_t id, const struct corr_deadline *d, int n)
{
	return set(s, id, d, n, true);
}

int store_deadlines_set_after_row(store *s, int64_t id, const struct corr_deadline *d, int n)
{
	return set(s, id, d, n, false);
}

static int set(store *s, int64_t id, const struct corr_deadline *d, int n, bool bump)
{
	struct row want[CORR_DEADLINES_MAX], have[CORR_DEADLINES_MAX + 8];
	size_t nh, nw = rows_of(d, n, want);
	qsort(want, nw, sizeof want[0], row_cmp);
	if (stored(s, id, have, sizeof have / sizeof have[0], &nh) != STORE_OK)
		return STORE_ERROR;
	bool forfeit = false;
	int rc;
	if (nh > sizeof have / sizeof have[0]) {
		/* more rows than a game can have: start again from none */
		forfeit = true;
		rc = delete_all(s, id);
		free_slots(want, nw, NULL, 0);
		if (rc == STORE_OK)
			rc = insert_rows(s, id, want, nw);
	} else {
		rc = write_changes(s, id, want, nw, have, nh, &forfeit);
	}
	/* Both players' game lists show the forfeit date (migration 0040). */
	if (rc == STORE_OK && forfeit && bump)
		rc = store_games_bump_lists(s, id);
	return rc;
}

/* The ids one statement answers (with one int64 bound when has_bind),
 * in a new array. */
static int ids_of(store *s, const char *sql, bool has_bind, int64_t bind, int64_t **ids, size_t *n)
{
	struct store_q q;
	store_q_open(&q, s, sql, "deadlines: ids");
	if (has_bind)
		store_q_int(&q, bind);
	return store_q_ids(&q, ids, n);
}

int store_deadlines_pending(store *s, int64_t **ids, size_t *n)
{
	static const char sql[] =
	        "SELECT game_id FROM deadlines_pending ORDER BY game_id LIMIT 500";
	return ids_of(s, sql, false, 0, ids, n);
}

int store_deadlines_pending_done(store *s, int64_t id)
{
	static const char del[] = "DELETE FROM deadlines_pending WHERE game_id = ?";
	sqlite3_stmt *st = store_stmt(s, del);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "deadlines: pending: bind");
	return store_exec(s, st, "deadlines: pending") == STORE_OK ? STORE_OK : STORE_ERROR;
}

int store_deadlines_due(store *s, const char *today, int64_t **ids, size_t *n)
{
	/* Kind by kind on the one index (kind, due): each kind's range of the
	 * dates that have come; the games sorted after (only those due). */
	static const char sql[] = "SELECT DISTINCT game_id FROM game_deadlines INDEXED BY"
	                          " game_deadlines_kind_due WHERE kind IN (0, 1, 2, 3, 4, 5)"
	                          " AND due <= ? ORDER BY game_id";
	int32_t day;
	*ids = NULL;
	*n = 0;
	if (calendar_parse(today, &day, NULL, 0) != CC_OK)
		return STORE_ERROR;
	return ids_of(s, sql, true, day, ids, n);
}

int store_deadlines_page(store *s, const struct store_deadline_query *q,
                         struct store_deadline_row *out, size_t *n)
{
	/* The index (kind, due) and the key behind it give the order
	 * (due, game_id, side); the tournament is looked up per row due,
	 * never by a pass over its games. */
	static const char sql[] =
	        "SELECT d.game_id, d.side, d.due FROM game_deadlines d INDEXED BY "
	        "game_deadlines_kind_due"
	        " WHERE d.kind = ?1 AND d.due <= ?2 AND (d.due, d.game_id, d.side) > (?3, ?4, ?5)"
	        " AND (?6 = 0 OR EXISTS (SELECT 1 FROM games g WHERE g.id = d.game_id"
	        " AND g.tournament_id = ?6))"
	        " ORDER BY d.due, d.game_id, d.side LIMIT ?7";
	*n = 0;
	int kind = corr_deadline_kind_of(q->kind);
	int32_t today, after_due = INT32_MIN;
	if (kind < 0 && q->kind && strcmp(q->kind, "recheck") == 0)
		kind = KIND_RECHECK;
	if (kind < 0 || calendar_parse(q->today, &today, NULL, 0) != CC_OK ||
	    (q->after_due && q->after_due[0] &&
	     calendar_parse(q->after_due, &after_due, NULL, 0) != CC_OK))
		return STORE_ERROR;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	/* After (due, game, side); CORR_NOBODY: from the first side of that game. */
	int after_side = q->after_side == CORR_NOBODY ? -1 : q->after_side;
	if (store_bind_int64(st, 1, kind) || store_bind_int64(st, 2, today) ||
	    store_bind_int64(st, 3, after_due) || store_bind_int64(st, 4, q->after_game) ||
	    store_bind_int64(st, 5, after_side) || store_bind_int64(st, 6, q->tournament) ||
	    store_bind_int64(st, 7, (int64_t)q->limit + 1))
		return store_failed(s, st, "deadlines page: bind");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n <= q->limit) {
		struct store_deadline_row *r = &out[(*n)++];
		r->game = sqlite3_column_int64(st, 0);
		r->side = sqlite3_column_int(st, 1) == 1 ? BLACK : WHITE;
		if (calendar_format((int32_t)sqlite3_column_int64(st, 2), r->due, sizeof r->due) !=
		    CC_OK)
			snprintf(r->due, sizeof r->due, "0001-01-01");
	}
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return store_failed(s, st, "deadlines page");
	sqlite3_reset(st);
	return STORE_OK;
}

/* One row as a text of the check's report: " kind/side YYYY-MM-DD". */
static size_t row_text(const struct row *r, char *out, size_t len)
{
	char iso[CALENDAR_ISO_LEN] = "?";
	calendar_format(r->due, iso, sizeof iso);
	int k = snprintf(out, len, " %s/%s %s", kind_name(r->kind) ? kind_name(r->kind) : "?",
	                 r->side == BLACK ? "black" : "white", iso);
	return k < 0 ? 0 : (size_t)k;
}

int store_deadlines_verify(store *s, int64_t id, const struct corr_deadline *d, int n, bool fix,
                           char *diff, size_t difflen)
{
	struct row want[CORR_DEADLINES_MAX], have[CORR_DEADLINES_MAX + 8];
	size_t nh, nw = rows_of(d, n, want);
	qsort(want, nw, sizeof want[0], row_cmp);
	if (stored(s, id, have, sizeof have / sizeof have[0], &nh) != STORE_OK)
		return STORE_ERROR;
	bool same = nh == nw;
	for (size_t i = 0; same && i < nw; i++)
		same = row_cmp(&want[i], &have[i]) == 0 && want[i].due == have[i].due;
	if (same)
		return STORE_OK;
	size_t at = (size_t)snprintf(diff, difflen, "stored");
	for (size_t i = 0; i < nh && i < sizeof have / sizeof have[0] && at < difflen; i++)
		at += row_text(&have[i], diff + at, difflen - at);
	if (at < difflen)
		at += (size_t)snprintf(diff + at, difflen - at, "%s; expected", nh ? "" : " none");
	for (size_t i = 0; i < nw && at < difflen; i++)
		at += row_text(&want[i], diff + at, difflen - at);
	if (!nw && at < difflen)
		snprintf(diff + at, difflen - at, " none");
	if (fix && store_deadlines_set(s, id, d, n) != STORE_OK)
		return STORE_ERROR;
	return STORE_CONFLICT;
}

int store_deadlines_strays(store *s, int64_t **ids, size_t *n)
{
	static const char sql[] = "SELECT DISTINCT d.game_id FROM game_deadlines d"
	                          " WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.id = d.game_id"
	                          " AND g.status = 'active') ORDER BY d.game_id";
	return ids_of(s, sql, false, 0, ids, n);
}

int store_deadlines_active_count(store *s, int64_t *n)
{
	/* Kept by the triggers of migration 0017: one row, whatever the
	 * number of games. */
	static const char sql[] = "SELECT value FROM counters WHERE name = 'active_games'";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (sqlite3_step(st) != SQLITE_ROW)
		return store_failed(s, st, "active games: count");
	*n = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	return STORE_OK;
}

int store_deadlines_forfeits(store *s, int64_t tournament, const char *after_since,
                             int64_t after_id, size_t limit, struct store_forfeit *out, size_t *n)
{
	static const char sql[] =
	        "SELECT id, white, black, result, COALESCE(finished_on, start_date) AS since"
	        " FROM games WHERE termination = 'time_forfeit'"
	        " AND (?1 = 0 OR tournament_id = ?1) AND (since, id) > (?2, ?3)"
	        " ORDER BY since, id LIMIT ?4";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, tournament) ||
	    store_bind_text(st, 2, after_since ? after_since : "") ||
	    store_bind_int64(st, 3, after_id) || store_bind_int64(st, 4, (int64_t)limit + 1))
		return store_failed(s, st, "forfeits: bind");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n <= limit) {
		struct store_forfeit *f = &out[(*n)++];
		f->id = sqlite3_column_int64(st, 0);
		f->white = sqlite3_column_int64(st, 1);
		f->black = sqlite3_column_int64(st, 2);
		store_col_text(st, 3, f->result, sizeof f->result);
		store_col_text(st, 4, f->since, sizeof f->since);
	}
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return store_failed(s, st, "forfeits");
	sqlite3_reset(st);
	return STORE_OK;
}
