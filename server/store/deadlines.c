/* store/deadlines.c: the game_deadlines table (store/deadlines.h). */
#include "autoconfig.h"
#include "store/deadlines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corr/deadlines.h"
#include "store/games.h" /* struct store_forfeit */
#include "store/internal.h"
#include "util/status.h"

#define RECHECK_DUE "0001-01-01" /* before any today: looked at every day */

/* One row as stored. */
struct row {
	char kind[16];
	char side[8];
	char due[CALENDAR_ISO_LEN];
};

/* The rows of d[0..n) (n < 0: the one "recheck" row) into out (room for
 * CORR_DEADLINES_MAX). */
static size_t rows_of(const struct corr_deadline *d, int n, struct row *out)
{
	size_t k = 0;
	if (n < 0) {
		/* Not judged, never dropped: the sweep reports it each day. */
		snprintf(out[0].kind, sizeof out[0].kind, "recheck");
		snprintf(out[0].side, sizeof out[0].side, "white");
		snprintf(out[0].due, sizeof out[0].due, RECHECK_DUE);
		return 1;
	}
	for (int i = 0; i < n && k < CORR_DEADLINES_MAX; i++) {
		snprintf(out[k].kind, sizeof out[k].kind, "%s", corr_deadline_name(d[i].kind));
		snprintf(out[k].side, sizeof out[k].side, "%s", corr_side_name(d[i].side));
		if (calendar_format(d[i].due, out[k].due, sizeof out[k].due) != CC_OK)
			continue; /* outside the calendar: no date to keep */
		k++;
	}
	return k;
}

/* The rows stored for game id, in (kind, side) order, at most max.
 * STORE_OK or STORE_ERROR. */
static int stored(store *s, int64_t id, struct row *out, size_t max, size_t *n)
{
	static const char sql[] = "SELECT kind, side, due FROM game_deadlines WHERE game_id = ?"
	                          " ORDER BY kind, side";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, id))
		return store_failed(s, st, "deadlines of a game: bind");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n < max) {
			store_col_text(st, 0, out[*n].kind, sizeof out[*n].kind);
			store_col_text(st, 1, out[*n].side, sizeof out[*n].side);
			store_col_text(st, 2, out[*n].due, sizeof out[*n].due);
		}
		(*n)++;
	}
	if (rc != SQLITE_DONE)
		return store_failed(s, st, "deadlines of a game");
	sqlite3_reset(st);
	return STORE_OK;
}

/* Sorts rows by (kind, side), the order stored() reads them in. */
static int row_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;
	int c = strcmp(x->kind, y->kind);
	return c ? c : strcmp(x->side, y->side);
}

/* Writes only what differs between the stored rows have[0..nh) and
 * want[0..nw) (both sorted): a row gone is deleted, a row new or with
 * another date is written; a row that stays as it is is not touched (at
 * a million games each page written is a page the checkpoint writes
 * back). */
static int write_changes(store *s, int64_t id, const struct row *want, size_t nw,
                         const struct row *have, size_t nh)
{
	static const char del[] = "DELETE FROM game_deadlines WHERE game_id = ? AND kind = ?"
	                          " AND side = ?";
	static const char put[] = "INSERT INTO game_deadlines (game_id, kind, side, due)"
	                          " VALUES (?, ?, ?, ?) ON CONFLICT (game_id, kind, side)"
	                          " DO UPDATE SET due = excluded.due";
	size_t i = 0, j = 0;
	while (i < nw || j < nh) {
		int c = i == nw ? 1 : j == nh ? -1 : row_cmp(&want[i], &have[j]);
		const struct row *r = c <= 0 ? &want[i] : &have[j];
		bool same = c == 0 && strcmp(want[i].due, have[j].due) == 0;
		if (!same) {
			sqlite3_stmt *st = store_stmt(s, c <= 0 ? put : del);
			if (!st)
				return STORE_ERROR;
			if (store_bind_int64(st, 1, id) || store_bind_text(st, 2, r->kind) ||
			    store_bind_text(st, 3, r->side) ||
			    (c <= 0 && store_bind_text(st, 4, r->due)))
				return store_failed(s, st, "deadline: bind");
			if (store_exec(s, st, c <= 0 ? "deadline" : "deadline: delete") != STORE_OK)
				return STORE_ERROR;
		}
		if (c <= 0)
			i++;
		if (c >= 0)
			j++;
	}
	return STORE_OK;
}

int store_deadlines_set(store *s, int64_t id, const struct corr_deadline *d, int n)
{
	struct row want[CORR_DEADLINES_MAX], have[CORR_DEADLINES_MAX + 8];
	size_t nh, nw = rows_of(d, n, want);
	qsort(want, nw, sizeof want[0], row_cmp);
	if (stored(s, id, have, sizeof have / sizeof have[0], &nh) != STORE_OK)
		return STORE_ERROR;
	if (nh > sizeof have / sizeof have[0]) {
		/* more rows than a game can have: start again from none */
		static const char all[] = "DELETE FROM game_deadlines WHERE game_id = ?";
		sqlite3_stmt *st = store_stmt(s, all);
		if (!st)
			return STORE_ERROR;
		if (store_bind_int64(st, 1, id))
			return store_failed(s, st, "deadlines: bind");
		if (store_exec(s, st, "deadlines: delete") != STORE_OK)
			return STORE_ERROR;
		nh = 0;
	}
	return write_changes(s, id, want, nw, have, nh);
}

/* The ids one statement answers (with one int64 bound, or none when
 * bind is 0), in a new array. */
static int ids_of(store *s, const char *sql, const char *text, int64_t bind, int64_t **ids,
                  size_t *n)
{
	size_t cap = 0;
	int64_t *v = NULL;
	*ids = NULL;
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if ((text && store_bind_text(st, 1, text)) || (bind && store_bind_int64(st, 1, bind)))
		return store_failed(s, st, "deadlines: bind");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == cap) {
			size_t nc = cap ? cap * 2 : 64;
			int64_t *nv = realloc(v, nc * sizeof *v);
			if (!nv)
				goto fail;
			v = nv;
			cap = nc;
		}
		v[(*n)++] = sqlite3_column_int64(st, 0);
	}
	if (rc != SQLITE_DONE)
		goto fail;
	sqlite3_reset(st);
	*ids = v;
	return STORE_OK;
fail:
	free(v);
	*n = 0;
	return store_failed(s, st, "deadlines: ids");
}

int store_deadlines_pending(store *s, int64_t **ids, size_t *n)
{
	static const char sql[] =
	        "SELECT game_id FROM deadlines_pending ORDER BY game_id LIMIT 500";
	return ids_of(s, sql, NULL, 0, ids, n);
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
	/* INDEXED BY: without statistics the planner would rather walk the
	 * whole table in game_id order than sort the few rows due. */
	static const char sql[] = "SELECT game_id FROM game_deadlines INDEXED BY game_deadlines_due"
	                          " WHERE due <= ? GROUP BY game_id ORDER BY game_id";
	return ids_of(s, sql, today, 0, ids, n);
}

int store_deadlines_page(store *s, const struct store_deadline_query *q,
                         struct store_deadline_row *out, size_t *n)
{
	/* The index (kind, due, game_id) gives the order; the tournament is
	 * looked up per row due, never by a pass over its games. */
	static const char sql[] =
	        "SELECT d.game_id, d.side, d.due FROM game_deadlines d INDEXED BY "
	        "game_deadlines_kind"
	        " WHERE d.kind = ?1 AND d.due <= ?2 AND (d.due, d.game_id, d.side) > (?3, ?4, ?5)"
	        " AND (?6 = 0 OR EXISTS (SELECT 1 FROM games g WHERE g.id = d.game_id"
	        " AND g.tournament_id = ?6))"
	        " ORDER BY d.due, d.game_id, d.side LIMIT ?7";
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	/* After (due, game, side); CORR_NOBODY: from the first side of that game. */
	const char *after_side = q->after_side == CORR_NOBODY ? "" : corr_side_name(q->after_side);
	if (store_bind_text(st, 1, q->kind) || store_bind_text(st, 2, q->today) ||
	    store_bind_text(st, 3, q->after_due ? q->after_due : "") ||
	    store_bind_int64(st, 4, q->after_game) || store_bind_text(st, 5, after_side) ||
	    store_bind_int64(st, 6, q->tournament) ||
	    store_bind_int64(st, 7, (int64_t)q->limit + 1))
		return store_failed(s, st, "deadlines page: bind");
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW && *n <= q->limit) {
		struct store_deadline_row *r = &out[(*n)++];
		r->game = sqlite3_column_int64(st, 0);
		const char *side = (const char *)sqlite3_column_text(st, 1);
		r->side = side && strcmp(side, "black") == 0 ? BLACK : WHITE;
		store_col_text(st, 2, r->due, sizeof r->due);
	}
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		return store_failed(s, st, "deadlines page");
	sqlite3_reset(st);
	return STORE_OK;
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
		same = row_cmp(&want[i], &have[i]) == 0 && strcmp(want[i].due, have[i].due) == 0;
	if (same)
		return STORE_OK;
	size_t at = (size_t)snprintf(diff, difflen, "stored");
	for (size_t i = 0; i < nh && i < sizeof have / sizeof have[0] && at < difflen; i++)
		at += (size_t)snprintf(diff + at, difflen - at, " %s/%s %s", have[i].kind,
		                       have[i].side, have[i].due);
	if (at < difflen)
		at += (size_t)snprintf(diff + at, difflen - at, "%s; expected", nh ? "" : " none");
	for (size_t i = 0; i < nw && at < difflen; i++)
		at += (size_t)snprintf(diff + at, difflen - at, " %s/%s %s", want[i].kind,
		                       want[i].side, want[i].due);
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
	return ids_of(s, sql, NULL, 0, ids, n);
}

int store_deadlines_active_count(store *s, int64_t *n)
{
	static const char sql[] = "SELECT count(*) FROM games WHERE status = 'active'";
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
