/* ratings.c: the SQL of the ratings (ratings.h). */
#include "store/ratings.h"

#include "store/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The current rating of a user: his last step, else his start rating
 * (rating_start, else otb_rating: DSU 6.7.6.2). */
#define CURRENT_SQL                                                                                \
	"COALESCE((SELECT s.new FROM rating_steps s WHERE s.user_id = u.id"                        \
	" ORDER BY s.seq DESC LIMIT 1), u.rating_start, u.otb_rating)"

/* Copies column i (text or NULL) into dst of size n. */
static void col_text(sqlite3_stmt *st, int i, char *dst, size_t n)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	snprintf(dst, n, "%s", t ? (const char *)t : "");
}

/* Column i as a rating, STORE_NO_RATING for NULL. */
static int col_rating(sqlite3_stmt *st, int i)
{
	return sqlite3_column_type(st, i) == SQLITE_NULL ? STORE_NO_RATING
	                                                 : sqlite3_column_int(st, i);
}

/* Steps a statement that returns no rows; 0 or -1. */
static int run(sqlite3_stmt *st)
{
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int store_ratings_pending(store *s, int64_t *from)
{
	static const char sql[] =
	        "SELECT min(COALESCE((SELECT from_seq FROM rating_dirty WHERE id = 1), 1e18),"
	        " COALESCE((SELECT min(seq) FROM rating_groups WHERE rated = 0), 1e18))";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	int rc = sqlite3_step(st);
	double v = rc == SQLITE_ROW ? sqlite3_column_double(st, 0) : 0;
	sqlite3_reset(st);
	if (rc != SQLITE_ROW)
		return -1;
	*from = v >= 1e17 ? 0 : (int64_t)v;
	return 0;
}

int store_ratings_starts(store *s, int (*fn)(void *ctx, int64_t user, int start), void *ctx)
{
	static const char sql[] =
	        "SELECT id, COALESCE(rating_start, otb_rating) FROM users ORDER BY id";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	int rc, out = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		out = fn(ctx, sqlite3_column_int64(st, 0), col_rating(st, 1));
		if (out)
			break;
	}
	sqlite3_reset(st);
	if (out)
		return out;
	return rc == SQLITE_DONE ? 0 : -1;
}

/* Reads a rating_steps row selected in the column order of STEP_COLS. */
#define STEP_COLS                                                                                  \
	"tournament_id, user_id, seq, finished_on, ro, old, new, games, w2, we, k, b, method, "    \
	"source"

static void read_step(sqlite3_stmt *st, struct store_rating_step *x)
{
	memset(x, 0, sizeof *x);
	x->tournament = sqlite3_column_int64(st, 0);
	x->user = sqlite3_column_int64(st, 1);
	x->seq = sqlite3_column_int64(st, 2);
	col_text(st, 3, x->finished_on, sizeof x->finished_on);
	x->ro = sqlite3_column_int(st, 4);
	x->old = col_rating(st, 5);
	x->new_rating = sqlite3_column_int(st, 6);
	x->games = sqlite3_column_int(st, 7);
	x->w2 = sqlite3_column_int(st, 8);
	x->we = sqlite3_column_int(st, 9);
	x->k = sqlite3_column_int(st, 10);
	x->b = sqlite3_column_int(st, 11);
	col_text(st, 12, x->method, sizeof x->method);
	col_text(st, 13, x->source, sizeof x->source);
}

/* Calls fn for every row of a bound step query; resets it. */
static int each_step(sqlite3_stmt *st, int (*fn)(void *ctx, const struct store_rating_step *st),
                     void *ctx)
{
	int rc, out = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		struct store_rating_step x;
		read_step(st, &x);
		out = fn(ctx, &x);
		if (out)
			break;
	}
	sqlite3_reset(st);
	if (out)
		return out;
	return rc == SQLITE_DONE ? 0 : -1;
}

int store_ratings_steps_before(store *s, int64_t from,
                               int (*fn)(void *ctx, const struct store_rating_step *st), void *ctx)
{
	static const char sql[] =
	        "SELECT " STEP_COLS " FROM rating_steps WHERE seq < ? ORDER BY seq, user_id";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, from);
	return each_step(st, fn, ctx);
}

int store_ratings_clear_from(store *s, int64_t from)
{
	static const char del[] = "DELETE FROM rating_steps WHERE seq >= ?";
	static const char mark[] = "UPDATE rating_groups SET rated = 0 WHERE seq >= ?";
	sqlite3_stmt *st = store_stmt(s, del);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, from);
	if (run(st) != 0)
		return -1;
	st = store_stmt(s, mark);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, from);
	return run(st);
}

int store_ratings_groups_from(store *s, int64_t from, struct store_rating_group **out, size_t *n)
{
	static const char sql[] =
	        "SELECT g.tournament_id, g.seq, g.finished_on, t.start_date, t.kind = 'team'"
	        " FROM rating_groups g JOIN tournaments t ON t.id = g.tournament_id"
	        " WHERE g.seq >= ? ORDER BY g.seq";
	struct store_rating_group *v = NULL;
	size_t len = 0, cap = 0;
	*out = NULL;
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, from);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (len == cap) {
			size_t ncap = cap ? 2 * cap : 64;
			struct store_rating_group *nv = realloc(v, ncap * sizeof *v);
			if (!nv)
				goto fail;
			v = nv;
			cap = ncap;
		}
		struct store_rating_group *g = &v[len++];
		memset(g, 0, sizeof *g);
		g->tournament = sqlite3_column_int64(st, 0);
		g->seq = sqlite3_column_int64(st, 1);
		col_text(st, 2, g->finished_on, sizeof g->finished_on);
		col_text(st, 3, g->start_date, sizeof g->start_date);
		g->team = sqlite3_column_int(st, 4) != 0;
	}
	if (rc != SQLITE_DONE)
		goto fail;
	sqlite3_reset(st);
	*out = v;
	*n = len;
	return 0;
fail:
	sqlite3_reset(st);
	free(v);
	return -1;
}

int store_ratings_group_players(store *s, int64_t tournament, int64_t *users, int max, int *n)
{
	static const char sql[] =
	        "SELECT user_id FROM tournament_players WHERE tournament_id = ? ORDER BY seat";
	sqlite3_stmt *st = store_stmt(s, sql);
	*n = 0;
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, tournament);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n >= max) {
			sqlite3_reset(st);
			return 1;
		}
		users[(*n)++] = sqlite3_column_int64(st, 0);
	}
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int store_ratings_group_games(store *s, int64_t tournament, struct store_rating_game **out,
                              size_t *n)
{
	static const char sql[] =
	        "SELECT g.white, g.black, g.result, COALESCE(g.termination, ''),"
	        " (SELECT count(*) FROM moves m WHERE m.game_id = g.id)"
	        " FROM games g WHERE g.tournament_id = ? AND g.status = 'finished' ORDER BY g.id";
	struct store_rating_game *v = NULL;
	size_t len = 0, cap = 0;
	*out = NULL;
	*n = 0;
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, tournament);
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (len == cap) {
			size_t ncap = cap ? 2 * cap : 64;
			struct store_rating_game *nv = realloc(v, ncap * sizeof *v);
			if (!nv)
				goto fail;
			v = nv;
			cap = ncap;
		}
		struct store_rating_game *g = &v[len++];
		memset(g, 0, sizeof *g);
		g->white = sqlite3_column_int64(st, 0);
		g->black = sqlite3_column_int64(st, 1);
		col_text(st, 2, g->result, sizeof g->result);
		col_text(st, 3, g->termination, sizeof g->termination);
		g->nmoves = sqlite3_column_int(st, 4);
	}
	if (rc != SQLITE_DONE)
		goto fail;
	sqlite3_reset(st);
	*out = v;
	*n = len;
	return 0;
fail:
	sqlite3_reset(st);
	free(v);
	return -1;
}

int store_ratings_step_add(store *s, const struct store_rating_step *x)
{
	static const char sql[] = "INSERT INTO rating_steps (" STEP_COLS ")"
	                          " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, x->tournament);
	sqlite3_bind_int64(st, 2, x->user);
	sqlite3_bind_int64(st, 3, x->seq);
	sqlite3_bind_text(st, 4, x->finished_on, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 5, x->ro);
	if (x->old != STORE_NO_RATING)
		sqlite3_bind_int(st, 6, x->old);
	sqlite3_bind_int(st, 7, x->new_rating);
	sqlite3_bind_int(st, 8, x->games);
	sqlite3_bind_int(st, 9, x->w2);
	sqlite3_bind_int(st, 10, x->we);
	sqlite3_bind_int(st, 11, x->k);
	sqlite3_bind_int(st, 12, x->b);
	sqlite3_bind_text(st, 13, x->method, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 14, x->source, -1, SQLITE_TRANSIENT);
	return run(st);
}

int store_ratings_group_done(store *s, int64_t tournament, const char *method, const char *error)
{
	static const char sql[] =
	        "UPDATE rating_groups SET rated = 1, method = ?, error = ? WHERE tournament_id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	if (method)
		sqlite3_bind_text(st, 1, method, -1, SQLITE_TRANSIENT);
	if (error)
		sqlite3_bind_text(st, 2, error, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 3, tournament);
	return run(st);
}

int store_ratings_mark_all(store *s)
{
	static const char sql[] = "UPDATE rating_dirty SET from_seq ="
	                          " (SELECT min(seq) FROM rating_groups) WHERE id = 1";
	sqlite3_stmt *st = store_stmt(s, sql);
	return st ? run(st) : -1;
}

int store_ratings_clean(store *s)
{
	static const char sql[] = "UPDATE rating_dirty SET from_seq = NULL WHERE id = 1";
	sqlite3_stmt *st = store_stmt(s, sql);
	return st ? run(st) : -1;
}

int store_ratings_user(store *s, int64_t user, int *rating, int *otb, int *games)
{
	static const char sql[] =
	        "SELECT " CURRENT_SQL ", u.otb_rating,"
	        " (SELECT COALESCE(sum(games), 0) FROM rating_steps s WHERE s.user_id = u.id)"
	        " FROM users u WHERE u.id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, user);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*rating = col_rating(st, 0);
		*otb = col_rating(st, 1);
		*games = sqlite3_column_int(st, 2);
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
}

int store_ratings_list(store *s, bool after, int after_rating, int64_t after_id, int limit,
                       int (*fn)(void *ctx, int64_t user, int rating, int games), void *ctx,
                       bool *more)
{
	static const char sql[] =
	        "SELECT id, r, g FROM (SELECT u.id AS id, " CURRENT_SQL " AS r,"
	        " (SELECT COALESCE(sum(games), 0) FROM rating_steps s WHERE s.user_id = u.id) AS g"
	        " FROM users u) WHERE r IS NOT NULL"
	        " AND (?1 = 0 OR r < ?2 OR (r = ?2 AND id > ?3))"
	        " ORDER BY r DESC, id LIMIT ?4";
	sqlite3_stmt *st = store_stmt(s, sql);
	*more = false;
	if (!st)
		return -1;
	sqlite3_bind_int(st, 1, after);
	sqlite3_bind_int(st, 2, after_rating);
	sqlite3_bind_int64(st, 3, after_id);
	sqlite3_bind_int(st, 4, limit + 1);
	int rc, count = 0, out = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (count == limit) {
			*more = true;
			break;
		}
		count++;
		out = fn(ctx, sqlite3_column_int64(st, 0), sqlite3_column_int(st, 1),
		         sqlite3_column_int(st, 2));
		if (out)
			break;
	}
	sqlite3_reset(st);
	if (out)
		return out;
	return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : -1;
}

int store_ratings_history(store *s, int64_t user,
                          int (*fn)(void *ctx, const struct store_rating_step *st), void *ctx)
{
	static const char sql[] =
	        "SELECT " STEP_COLS " FROM rating_steps WHERE user_id = ? ORDER BY seq";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, user);
	return each_step(st, fn, ctx);
}

int store_ratings_game(store *s, int64_t game, int *white, int *black)
{
	static const char sql[] =
	        "SELECT COALESCE((SELECT ro FROM rating_steps WHERE tournament_id = g.tournament_id"
	        "   AND user_id = g.white),"
	        "  (SELECT " CURRENT_SQL " FROM users u WHERE u.id = g.white)),"
	        " COALESCE((SELECT ro FROM rating_steps WHERE tournament_id = g.tournament_id"
	        "   AND user_id = g.black),"
	        "  (SELECT " CURRENT_SQL " FROM users u WHERE u.id = g.black))"
	        " FROM games g WHERE g.id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	*white = *black = STORE_NO_RATING;
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, game);
	int rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		*white = col_rating(st, 0);
		*black = col_rating(st, 1);
	}
	sqlite3_reset(st);
	return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

int store_ratings_set(store *s, int64_t user, bool set_start, int start, bool set_otb, int otb)
{
	static const char sql[] =
	        "UPDATE users SET rating_start = CASE WHEN ?1 THEN ?2 ELSE rating_start END,"
	        " otb_rating = CASE WHEN ?3 THEN ?4 ELSE otb_rating END WHERE id = ?5";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return -1;
	sqlite3_bind_int(st, 1, set_start);
	if (start != STORE_NO_RATING)
		sqlite3_bind_int(st, 2, start);
	sqlite3_bind_int(st, 3, set_otb);
	if (otb != STORE_NO_RATING)
		sqlite3_bind_int(st, 4, otb);
	sqlite3_bind_int64(st, 5, user);
	if (run(st) != 0)
		return -1;
	return sqlite3_changes(store_db(s)) == 1;
}
