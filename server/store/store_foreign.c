/* store_foreign.c: the SQL of foreign results (store_foreign.h). */
#include "store/store_foreign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/internal.h"
#include "util/grow.h"

#define FOREIGN_COLS                                                                               \
	"id, user_id, position, COALESCE(entered_by, 0), event, finished_on, reported_on,"         \
	" round_robin, winner, new IS NOT NULL, COALESCE(ro, 0), COALESCE(old, -1),"               \
	" COALESCE(new, 0), COALESCE(games, 0), COALESCE(w2, 0), COALESCE(we, 0),"                 \
	" COALESCE(k, 0), COALESCE(b, 0), COALESCE(method, ''), COALESCE(error, '')"

static void foreign_row(sqlite3_stmt *st, struct store_foreign *f)
{
	memset(f, 0, sizeof *f);
	f->id = sqlite3_column_int64(st, 0);
	f->user = sqlite3_column_int64(st, 1);
	f->position = sqlite3_column_int64(st, 2);
	f->entered_by = sqlite3_column_int64(st, 3);
	store_col_text(st, 4, f->event, sizeof f->event);
	store_col_text(st, 5, f->finished_on, sizeof f->finished_on);
	store_col_text(st, 6, f->reported_on, sizeof f->reported_on);
	f->round_robin = sqlite3_column_int(st, 7) != 0;
	f->winner = sqlite3_column_int(st, 8) != 0;
	f->rated = sqlite3_column_int(st, 9) != 0;
	f->ro = sqlite3_column_int(st, 10);
	f->old = sqlite3_column_int(st, 11);
	f->new_rating = sqlite3_column_int(st, 12);
	f->games = sqlite3_column_int(st, 13);
	f->w2 = sqlite3_column_int(st, 14);
	f->we = sqlite3_column_int(st, 15);
	f->k = sqlite3_column_int(st, 16);
	f->b = sqlite3_column_int(st, 17);
	store_col_text(st, 18, f->method, sizeof f->method);
	store_col_text(st, 19, f->error, sizeof f->error);
}

/* The rows of a query binding nargs integers: a new array. */
static int foreign_rows(store *s, const char *sql, const char *what, const int64_t *args, int nargs,
                        struct store_foreign **out, size_t *n)
{
	struct store_foreign *v = NULL;
	size_t len = 0, cap = 0;
	struct store_q q;
	*out = NULL;
	*n = 0;
	store_q_open(&q, s, sql, what);
	for (int i = 0; i < nargs; i++)
		store_q_int(&q, args[i]);
	while (store_q_row(&q)) {
		if (ALLOC_GROW(v, len + 1, cap) != 0) {
			sqlite3_reset(q.st); /* out of memory: the query ends here */
			q.rc = STORE_ERROR;
			break;
		}
		foreign_row(q.st, &v[len++]);
	}
	if (store_q_end(&q) != STORE_OK) {
		free(v);
		return STORE_ERROR;
	}
	*out = v;
	*n = len;
	return STORE_OK;
}

int store_foreign_from(store *s, int64_t from, struct store_foreign **out, size_t *n)
{
	static const char sql[] = "SELECT " FOREIGN_COLS " FROM rating_foreign"
	                          " WHERE position >= ? ORDER BY position, id";
	return foreign_rows(s, sql, "foreign results from a place", &from, 1, out, n);
}

int store_foreign_of_user(store *s, int64_t user, struct store_foreign **out, size_t *n)
{
	static const char sql[] = "SELECT " FOREIGN_COLS " FROM rating_foreign"
	                          " WHERE user_id = ? ORDER BY position, id";
	return foreign_rows(s, sql, "a user's foreign results", &user, 1, out, n);
}

int store_foreign_page(store *s, int64_t user, int64_t after, int limit, struct store_foreign **out,
                       size_t *n)
{
	static const char sql[] =
	        "SELECT " FOREIGN_COLS " FROM rating_foreign"
	        " WHERE (?1 = 0 OR user_id = ?1) AND id > ?2 ORDER BY id LIMIT ?3";
	const int64_t args[3] = {user, after, limit};
	return foreign_rows(s, sql, "a page of foreign results", args, 3, out, n);
}

int store_foreign_get(store *s, int64_t id, struct store_foreign *f)
{
	static const char sql[] = "SELECT " FOREIGN_COLS " FROM rating_foreign WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "a foreign result");
	store_q_int(&q, id);
	bool found = store_q_row(&q);
	if (found)
		foreign_row(q.st, f);
	return store_q_found(&q, found);
}

int store_foreign_games(store *s, int64_t id, struct store_foreign_game *g, size_t max, size_t *n)
{
	static const char sql[] = "SELECT opponent, rating, result FROM rating_foreign_games"
	                          " WHERE foreign_id = ? ORDER BY n";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "a foreign result's games");
	store_q_int(&q, id);
	while (*n < max && store_q_row(&q)) {
		struct store_foreign_game *x = &g[(*n)++];
		store_col_text(q.st, 0, x->opponent, sizeof x->opponent);
		x->rating = sqlite3_column_int(q.st, 1);
		store_col_text(q.st, 2, x->result, sizeof x->result);
	}
	return store_q_end(&q);
}

int store_foreign_add(store *s, struct store_foreign *f, const struct store_foreign_game *g,
                      size_t n)
{
	static const char exists[] = "SELECT 1 FROM users WHERE id = ?";
	static const char ins[] =
	        "INSERT INTO rating_foreign (user_id, event, finished_on, reported_on, position,"
	        " round_robin, winner, entered_by) VALUES (?, ?, ?, ?,"
	        " (SELECT COALESCE(max(seq), 0) + 1 FROM rating_groups), ?, ?, NULLIF(?, 0))";
	static const char pos[] = "SELECT position FROM rating_foreign WHERE id = ?";
	static const char game[] = "INSERT INTO rating_foreign_games (foreign_id, n, opponent,"
	                           " rating, result) VALUES (?, ?, ?, ?, ?)";
	static const char dirty[] = "UPDATE rating_dirty SET from_seq = ?1 WHERE id = 1"
	                            " AND (from_seq IS NULL OR from_seq > ?1)";
	struct store_q q;
	bool found = false;
	store_q_open(&q, s, exists, "a foreign result's player");
	store_q_int(&q, f->user);
	found = store_q_row(&q);
	int rc = store_q_end(&q);
	if (rc != STORE_OK)
		return rc;
	if (!found)
		return STORE_NOT_FOUND;
	store_q_open(&q, s, ins, "a foreign result");
	store_q_int(&q, f->user);
	store_q_text(&q, f->event);
	store_q_text(&q, f->finished_on);
	store_q_text(&q, f->reported_on);
	store_q_int(&q, f->round_robin);
	store_q_int(&q, f->winner);
	store_q_int(&q, f->entered_by);
	store_q_exec(&q);
	if ((rc = store_q_end(&q)) != STORE_OK)
		return rc;
	f->id = store_last_id(s);
	store_q_open(&q, s, pos, "a foreign result's place");
	store_q_int(&q, f->id);
	if (store_q_row(&q))
		f->position = sqlite3_column_int64(q.st, 0);
	if ((rc = store_q_end(&q)) != STORE_OK)
		return rc;
	for (size_t i = 0; i < n; i++) {
		store_q_open(&q, s, game, "a foreign result's game");
		store_q_int(&q, f->id);
		store_q_int(&q, (int64_t)i + 1);
		store_q_text(&q, g[i].opponent);
		store_q_int(&q, g[i].rating);
		store_q_text(&q, g[i].result);
		store_q_exec(&q);
		if ((rc = store_q_end(&q)) != STORE_OK)
			return rc;
	}
	store_q_open(&q, s, dirty, "foreign result: the ratings stale");
	store_q_int(&q, f->position);
	store_q_exec(&q);
	return store_q_end(&q);
}

int store_foreign_delete(store *s, int64_t id)
{
	static const char games[] = "DELETE FROM rating_foreign_games WHERE foreign_id = ?";
	static const char dirty[] = "UPDATE rating_dirty SET from_seq = (SELECT position FROM "
	                            "rating_foreign WHERE id = ?1)"
	                            " WHERE id = 1 AND (from_seq IS NULL OR from_seq >"
	                            " (SELECT position FROM rating_foreign WHERE id = ?1))";
	static const char row[] = "DELETE FROM rating_foreign WHERE id = ?";
	const char *const steps[] = {games, dirty};
	struct store_q q;
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		store_q_open(&q, s, steps[i], "a foreign result deleted");
		store_q_int(&q, id);
		store_q_exec(&q);
		int rc = store_q_end(&q);
		if (rc != STORE_OK)
			return rc;
	}
	store_q_open(&q, s, row, "a foreign result deleted");
	store_q_int(&q, id);
	return store_q_changed(&q, STORE_NOT_FOUND);
}

int store_foreign_clear_from(store *s, int64_t from)
{
	static const char sql[] = "UPDATE rating_foreign SET ro = NULL, old = NULL, new = NULL,"
	                          " games = NULL, w2 = NULL, we = NULL, k = NULL, b = NULL,"
	                          " method = NULL, error = NULL WHERE position >= ?";
	struct store_q q;
	store_q_open(&q, s, sql, "foreign results stale");
	store_q_int(&q, from);
	store_q_exec(&q);
	return store_q_end(&q);
}

int store_foreign_done(store *s, const struct store_foreign *f)
{
	static const char rated[] = "UPDATE rating_foreign SET ro = ?, old = NULLIF(?, -1),"
	                            " new = ?, games = ?, w2 = ?, we = ?, k = ?, b = ?, method = ?,"
	                            " error = NULL WHERE id = ?";
	static const char failed[] = "UPDATE rating_foreign SET ro = NULL, old = NULL, new = NULL,"
	                             " games = NULL, w2 = NULL, we = NULL, k = NULL, b = NULL,"
	                             " method = NULL, error = ? WHERE id = ?";
	struct store_q q;
	if (!f->rated) {
		store_q_open(&q, s, failed, "a foreign result not rated");
		store_q_text(&q, f->error);
	} else {
		store_q_open(&q, s, rated, "a foreign result rated");
		store_q_int(&q, f->ro);
		store_q_int(&q, f->old);
		store_q_int(&q, f->new_rating);
		store_q_int(&q, f->games);
		store_q_int(&q, f->w2);
		store_q_int(&q, f->we);
		store_q_int(&q, f->k);
		store_q_int(&q, f->b);
		store_q_text(&q, f->method);
	}
	store_q_int(&q, f->id);
	store_q_exec(&q);
	return store_q_end(&q);
}

int store_foreign_marks_before(store *s, int64_t from,
                               int (*fn)(void *ctx, int64_t user, const char *date, int rating,
                                         bool result),
                               void *ctx)
{
	/* at one place p: the coordination (3p), the foreign results (3p + 1),
	 * then the group with seq p (3p + 2) */
	static const char sql[] =
	        "SELECT user_id, d, v, r FROM (SELECT user_id, finished_on AS d, new AS v, 1 AS r,"
	        " 3 * seq + 2 AS k, 0 AS i FROM rating_steps WHERE seq < ?1 UNION ALL"
	        " SELECT user_id, on_date, new, 0, 3 * position, 0 FROM rating_adjustments"
	        " WHERE position < ?1 UNION ALL"
	        " SELECT user_id, reported_on, new, 1, 3 * position + 1, id FROM rating_foreign"
	        " WHERE position < ?1 AND new IS NOT NULL) ORDER BY k, i, user_id";
	struct store_q q;
	int out = 0;
	store_q_open(&q, s, sql, "the ratings reached");
	store_q_int(&q, from);
	while (!out && store_q_row(&q)) {
		char date[11];
		store_col_text(q.st, 1, date, sizeof date);
		out = fn(ctx, sqlite3_column_int64(q.st, 0), date, sqlite3_column_int(q.st, 2),
		         sqlite3_column_int(q.st, 3) != 0);
	}
	if (out)
		sqlite3_reset(q.st);
	int rc = store_q_end(&q);
	return rc != STORE_OK ? rc : out;
}
