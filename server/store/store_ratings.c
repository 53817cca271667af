/* ratings.c: the SQL of the ratings (ratings.h). */
#include "store/store_ratings.h"

#include "store/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The current rating of a user: his last step, adjustment or foreign
 * result (DSU 4.5.4.3; at one place p the adjustment 3p, the foreign
 * results 3p + 1, the group 3p + 2, as store_foreign_marks_before()), else
 * his start rating (rating_start, else otb_rating: DSU 6.7.6.2). */
#define CURRENT_SQL                                                                                \
	"COALESCE((SELECT v FROM (SELECT 3 * s.seq + 2 AS k, 0 AS i, s.new AS v FROM "             \
	"rating_steps s"                                                                           \
	" WHERE s.user_id = u.id UNION ALL SELECT 3 * a.position, 0, a.new"                        \
	" FROM rating_adjustments a WHERE a.user_id = u.id UNION ALL"                              \
	" SELECT 3 * f.position + 1, f.id, f.new FROM rating_foreign f"                            \
	" WHERE f.user_id = u.id AND f.new IS NOT NULL) ORDER BY k DESC, i DESC LIMIT 1),"         \
	" u.rating_start, u.otb_rating)"

/* A user's rated games: his groups' and his foreign results' (4.5.4.3). */
#define GAMES_SQL                                                                                  \
	"((SELECT COALESCE(sum(games), 0) FROM rating_steps s WHERE s.user_id = u.id) +"           \
	" (SELECT COALESCE(sum(games), 0) FROM rating_foreign f WHERE f.user_id = u.id))"

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
/* A bind that failed: logged, st reset; STORE_ERROR (issue 8: every bind
 * is checked). */
/* Steps a statement that returns no rows to its end: 0, or -1. */
static int q_done(struct store_q *q)
{
	store_q_exec(q);
	return store_q_end(q) == STORE_OK ? 0 : -1;
}

/* Ends a query a callback walked: its non-zero answer (the query reset),
 * else 0, or -1 when the query failed. */
static int q_walked(struct store_q *q, int out)
{
	if (out) {
		store_q_oom(q); /* stopped early: reset */
		return out;
	}
	return store_q_end(q) == STORE_OK ? 0 : -1;
}

/* Binds a rating, or NULL for none. */
static void q_rating(struct store_q *q, int r)
{
	if (r == STORE_NO_RATING)
		store_q_text(q, NULL); /* NULL, whatever the column's type */
	else
		store_q_int(q, r);
}

/* The one-parameter statement sql with v: 0, or -1. */
static int q_done_int(store *s, const char *sql, int64_t v, const char *what)
{
	struct store_q q;
	store_q_open(&q, s, sql, what);
	store_q_int(&q, v);
	return q_done(&q);
}

int store_ratings_pending(store *s, int64_t *from)
{
	static const char sql[] =
	        "SELECT min(COALESCE((SELECT from_seq FROM rating_dirty WHERE id = 1), 1e18),"
	        " COALESCE((SELECT min(seq) FROM rating_groups WHERE rated = 0), 1e18))";
	struct store_q q;
	store_q_open(&q, s, sql, "ratings pending");
	bool found = store_q_row(&q);
	double v = found ? sqlite3_column_double(q.st, 0) : 0;
	if (store_q_end(&q) != STORE_OK || !found)
		return -1;
	*from = v >= 1e17 ? 0 : (int64_t)v;
	return 0;
}

int store_ratings_starts(store *s, int (*fn)(void *ctx, int64_t user, int start, bool foreign),
                         void *ctx)
{
	static const char sql[] = "SELECT id, COALESCE(rating_start, otb_rating), foreign_player "
	                          "FROM users ORDER BY id";
	struct store_q q;
	int out = 0;
	store_q_open(&q, s, sql, "rating starts");
	while (!out && store_q_row(&q))
		out = fn(ctx, sqlite3_column_int64(q.st, 0), col_rating(q.st, 1),
		         sqlite3_column_int(q.st, 2) != 0);
	return q_walked(&q, out);
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

/* Calls fn for every row of a bound step query, until fn answers
 * non-zero (that answer); 0, or -1 when the query failed. */
static int each_step(struct store_q *q, int (*fn)(void *ctx, const struct store_rating_step *st),
                     void *ctx)
{
	int out = 0;
	while (!out && store_q_row(q)) {
		struct store_rating_step x;
		read_step(q->st, &x);
		out = fn(ctx, &x);
	}
	return q_walked(q, out);
}

int store_ratings_steps_before(store *s, int64_t from,
                               int (*fn)(void *ctx, const struct store_rating_step *st), void *ctx)
{
	static const char sql[] =
	        "SELECT " STEP_COLS " FROM rating_steps WHERE seq < ? ORDER BY seq, user_id";
	struct store_q q;
	store_q_open(&q, s, sql, "rating steps");
	store_q_int(&q, from);
	return each_step(&q, fn, ctx);
}

int store_ratings_clear_from(store *s, int64_t from)
{
	static const char del[] = "DELETE FROM rating_steps WHERE seq >= ?";
	static const char adj[] = "DELETE FROM rating_adjustments WHERE position >= ?";
	static const char mark[] = "UPDATE rating_groups SET rated = 0 WHERE seq >= ?";
	if (q_done_int(s, del, from, "rating steps: clear") != 0 ||
	    q_done_int(s, adj, from, "rating adjustments: clear") != 0)
		return -1;
	return q_done_int(s, mark, from, "rating groups: mark");
}

/* One row of store_ratings_groups_from() into row. */
static void read_group(sqlite3_stmt *st, void *row)
{
	struct store_rating_group *g = row;
	g->tournament = sqlite3_column_int64(st, 0);
	g->seq = sqlite3_column_int64(st, 1);
	col_text(st, 2, g->finished_on, sizeof g->finished_on);
	col_text(st, 3, g->start_date, sizeof g->start_date);
	g->team = sqlite3_column_int(st, 4) != 0;
	col_text(st, 5, g->cls, sizeof g->cls);
}

int store_ratings_groups_from(store *s, int64_t from, struct store_rating_group **out, size_t *n)
{
	static const char sql[] =
	        "SELECT g.tournament_id, g.seq, g.finished_on, t.start_date, t.kind = 'team',"
	        " t.class"
	        " FROM rating_groups g JOIN tournaments t ON t.id = g.tournament_id"
	        " WHERE g.seq >= ? ORDER BY g.seq";
	struct store_q q;
	store_q_open(&q, s, sql, "rating groups");
	store_q_int(&q, from);
	void *rows;
	int rc = store_q_rows(&q, sizeof **out, read_group, &rows, n);
	*out = rows;
	return rc == STORE_OK ? 0 : -1;
}

int store_ratings_group_players(store *s, int64_t tournament, int64_t *users, int max, int *n)
{
	/* issue 22, DSU 6.7.4.3: a team's approved reserve is rated for the
	 * games he continued (after the seated players) */
	static const char sql[] =
	        "SELECT user_id FROM (SELECT user_id, seat FROM tournament_players"
	        " WHERE tournament_id = ?1 UNION ALL SELECT reserve_id, 100000 + id"
	        " FROM team_reserves WHERE tournament_id = ?1 AND status = 'approved')"
	        " ORDER BY seat";
	struct store_q q;
	bool full = false;
	*n = 0;
	store_q_open(&q, s, sql, "group players");
	store_q_int(&q, tournament);
	while (!full && store_q_row(&q)) {
		if (*n >= max)
			full = true;
		else
			users[(*n)++] = sqlite3_column_int64(q.st, 0);
	}
	if (full) {
		store_q_oom(&q); /* more than max: reset */
		return 1;
	}
	return store_q_end(&q) == STORE_OK ? 0 : -1;
}

/* One row of store_ratings_group_games() into row. */
static void read_group_game(sqlite3_stmt *st, void *row)
{
	struct store_rating_game *g = row;
	g->white = sqlite3_column_int64(st, 0);
	g->black = sqlite3_column_int64(st, 1);
	col_text(st, 2, g->result, sizeof g->result);
	col_text(st, 3, g->termination, sizeof g->termination);
	g->nmoves = sqlite3_column_int(st, 4);
	col_text(st, 5, g->how, sizeof g->how);
	col_text(st, 6, g->played, sizeof g->played);
}

int store_ratings_group_games(store *s, int64_t tournament, struct store_rating_game **out,
                              size_t *n)
{
	static const char sql[] =
	        "SELECT g.white, g.black, g.result, COALESCE(g.termination, ''),"
	        " (SELECT count(*) FROM moves m WHERE m.game_id = g.id), g.result_how,"
	        " g.played_result"
	        " FROM games g WHERE g.tournament_id = ? AND g.status = 'finished' ORDER BY g.id";
	struct store_q q;
	store_q_open(&q, s, sql, "a group's games");
	store_q_int(&q, tournament);
	void *rows;
	int rc = store_q_rows(&q, sizeof **out, read_group_game, &rows, n);
	*out = rows;
	return rc == STORE_OK ? 0 : -1;
}

int store_ratings_step_add(store *s, const struct store_rating_step *x)
{
	static const char sql[] = "INSERT INTO rating_steps (" STEP_COLS ")"
	                          " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
	struct store_q q;
	store_q_open(&q, s, sql, "rating step");
	store_q_int(&q, x->tournament);
	store_q_int(&q, x->user);
	store_q_int(&q, x->seq);
	store_q_text(&q, x->finished_on);
	store_q_int(&q, x->ro);
	q_rating(&q, x->old);
	store_q_int(&q, x->new_rating);
	store_q_int(&q, x->games);
	store_q_int(&q, x->w2);
	store_q_int(&q, x->we);
	store_q_int(&q, x->k);
	store_q_int(&q, x->b);
	store_q_text(&q, x->method);
	store_q_text(&q, x->source);
	return q_done(&q);
}

int store_ratings_group_done(store *s, int64_t tournament, const char *method, const char *error)
{
	static const char sql[] =
	        "UPDATE rating_groups SET rated = 1, method = ?, error = ? WHERE tournament_id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "rating group done");
	store_q_text(&q, method);
	store_q_text(&q, error);
	store_q_int(&q, tournament);
	return q_done(&q);
}

int store_ratings_mark_all(store *s)
{
	static const char sql[] = "UPDATE rating_dirty SET from_seq = (SELECT min(p) FROM"
	                          " (SELECT min(seq) AS p FROM rating_groups UNION ALL"
	                          " SELECT min(position) FROM rating_foreign)) WHERE id = 1";
	struct store_q q;
	store_q_open(&q, s, sql, "rating marks");
	return q_done(&q);
}

int store_ratings_clean(store *s)
{
	static const char sql[] = "UPDATE rating_dirty SET from_seq = NULL WHERE id = 1";
	struct store_q q;
	store_q_open(&q, s, sql, "rating marks: clean");
	return q_done(&q);
}

int store_ratings_user(store *s, int64_t user, int *rating, int *otb, int *games)
{
	static const char sql[] =
	        "SELECT " CURRENT_SQL ", u.otb_rating, " GAMES_SQL " FROM users u WHERE u.id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "rating of a user");
	store_q_int(&q, user);
	bool found = store_q_row(&q);
	if (found) {
		*rating = col_rating(q.st, 0);
		*otb = col_rating(q.st, 1);
		*games = sqlite3_column_int(q.st, 2);
	}
	int rc = store_q_end(&q);
	return rc != STORE_OK ? STORE_ERROR : found ? STORE_OK : STORE_NOT_FOUND;
}

int store_ratings_list(store *s, bool after, int after_rating, int64_t after_id, int limit,
                       int (*fn)(void *ctx, int64_t user, int rating, int games), void *ctx,
                       bool *more)
{
	static const char sql[] =
	        "SELECT id, r, g FROM (SELECT u.id AS id, " CURRENT_SQL " AS r, " GAMES_SQL " AS g"
	        " FROM users u) WHERE r IS NOT NULL"
	        " AND (?1 = 0 OR r < ?2 OR (r = ?2 AND id > ?3))"
	        " ORDER BY r DESC, id LIMIT ?4";
	struct store_q q;
	int count = 0, out = 0;
	*more = false;
	store_q_open(&q, s, sql, "rating list");
	store_q_int(&q, after);
	store_q_int(&q, after_rating);
	store_q_int(&q, after_id);
	store_q_int(&q, limit + 1);
	while (!out && !*more && store_q_row(&q)) {
		if (count == limit) {
			*more = true;
			break;
		}
		count++;
		out = fn(ctx, sqlite3_column_int64(q.st, 0), sqlite3_column_int(q.st, 1),
		         sqlite3_column_int(q.st, 2));
	}
	return q_walked(&q, out);
}

int store_ratings_history(store *s, int64_t user,
                          int (*fn)(void *ctx, const struct store_rating_step *st), void *ctx)
{
	static const char sql[] =
	        "SELECT " STEP_COLS " FROM rating_steps WHERE user_id = ? ORDER BY seq";
	struct store_q q;
	store_q_open(&q, s, sql, "rating history");
	store_q_int(&q, user);
	return each_step(&q, fn, ctx);
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
	struct store_q q;
	*white = *black = STORE_NO_RATING;
	store_q_open(&q, s, sql, "ratings of a game");
	store_q_int(&q, game);
	if (store_q_row(&q)) {
		*white = col_rating(q.st, 0);
		*black = col_rating(q.st, 1);
	}
	return store_q_end(&q) == STORE_OK ? 0 : -1;
}

int store_ratings_set(store *s, int64_t user, bool set_start, int start, bool set_otb, int otb)
{
	static const char sql[] =
	        "UPDATE users SET rating_start = CASE WHEN ?1 THEN ?2 ELSE rating_start END,"
	        " otb_rating = CASE WHEN ?3 THEN ?4 ELSE otb_rating END WHERE id = ?5";
	struct store_q q;
	store_q_open(&q, s, sql, "ratings set");
	store_q_int(&q, set_start);
	q_rating(&q, start);
	store_q_int(&q, set_otb);
	q_rating(&q, otb);
	store_q_int(&q, user);
	if (q_done(&q) != 0)
		return -1;
	return store_changes(s) == 1 ? STORE_OK : STORE_NOT_FOUND;
}

int store_ratings_foreign(store *s, int64_t user, bool *foreign)
{
	static const char sql[] = "SELECT foreign_player FROM users WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "foreign player");
	store_q_int(&q, user);
	bool found = store_q_row(&q);
	if (found)
		*foreign = sqlite3_column_int(q.st, 0) != 0;
	int rc = store_q_end(&q);
	return rc != STORE_OK ? STORE_ERROR : found ? STORE_OK : STORE_NOT_FOUND;
}

int store_ratings_set_foreign(store *s, int64_t user, bool foreign)
{
	static const char sql[] = "UPDATE users SET foreign_player = ?1 WHERE id = ?2";
	struct store_q q;
	store_q_open(&q, s, sql, "foreign player set");
	store_q_int(&q, foreign);
	store_q_int(&q, user);
	if (q_done(&q) != 0)
		return -1;
	return store_changes(s) == 1 ? STORE_OK : STORE_NOT_FOUND;
}

/* ---- the Elo coordination ---- */

/* One row of store_ratings_coords_from() into row. */
static void read_coord(sqlite3_stmt *st, void *row)
{
	struct store_rating_coord *c = row;
	c->id = sqlite3_column_int64(st, 0);
	c->position = sqlite3_column_int64(st, 1);
	col_text(st, 2, c->on_date, sizeof c->on_date);
	col_text(st, 3, c->dsu_date, sizeof c->dsu_date);
	c->covered = sqlite3_column_int(st, 4);
	c->sum_dsu = sqlite3_column_int64(st, 5);
	c->sum_elo = sqlite3_column_int64(st, 6);
	c->n = sqlite3_column_int(st, 7);
	c->direction = sqlite3_column_int(st, 8);
}

int store_ratings_coords_from(store *s, int64_t from, struct store_rating_coord **out, size_t *n)
{
	static const char sql[] =
	        "SELECT id, position, on_date, dsu_date, COALESCE(covered, 0), COALESCE(sum_dsu, "
	        "0),"
	        " COALESCE(sum_elo, 0), COALESCE(n, 0), COALESCE(direction, 0)"
	        " FROM rating_coordinations WHERE position >= ? ORDER BY position, id";
	struct store_q q;
	store_q_open(&q, s, sql, "rating coordinations");
	store_q_int(&q, from);
	void *rows;
	int rc = store_q_rows(&q, sizeof **out, read_coord, &rows, n);
	*out = rows;
	return rc == STORE_OK ? 0 : -1;
}

/* One row of store_ratings_coord_rows() into row. */
static void read_coord_row(sqlite3_stmt *st, void *row)
{
	*(struct store_rating_coord_row *)row = (struct store_rating_coord_row){
	        sqlite3_column_int64(st, 0), sqlite3_column_int(st, 1), sqlite3_column_int(st, 2)};
}

int store_ratings_coord_rows(store *s, int64_t id, struct store_rating_coord_row **out, size_t *n)
{
	static const char sql[] = "SELECT user_id, elo, elo_games FROM rating_coordination_players"
	                          " WHERE coordination_id = ? ORDER BY user_id";
	struct store_q q;
	store_q_open(&q, s, sql, "a coordination's players");
	store_q_int(&q, id);
	void *rows;
	int rc = store_q_rows(&q, sizeof **out, read_coord_row, &rows, n);
	*out = rows;
	return rc == STORE_OK ? 0 : -1;
}

int store_ratings_coord_done(store *s, const struct store_rating_coord *c)
{
	static const char sql[] = "UPDATE rating_coordinations SET covered = ?, sum_dsu = ?,"
	                          " sum_elo = ?, n = ?, direction = ? WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "coordination done");
	store_q_int(&q, c->covered);
	store_q_int(&q, c->sum_dsu);
	store_q_int(&q, c->sum_elo);
	store_q_int(&q, c->n);
	store_q_int(&q, c->direction);
	store_q_int(&q, c->id);
	return q_done(&q);
}

int store_ratings_adjustment_add(store *s, int64_t coord, int64_t user, int64_t position,
                                 const char *on_date, int old, int by, int new_rating)
{
	static const char sql[] = "INSERT INTO rating_adjustments (coordination_id, user_id, "
	                          "position, on_date, old, by,"
	                          " new) VALUES (?, ?, ?, ?, ?, ?, ?)";
	struct store_q q;
	store_q_open(&q, s, sql, "rating adjustment");
	store_q_int(&q, coord);
	store_q_int(&q, user);
	store_q_int(&q, position);
	store_q_text(&q, on_date);
	store_q_int(&q, old);
	store_q_int(&q, by);
	store_q_int(&q, new_rating);
	return q_done(&q);
}

int store_ratings_coord_add(store *s, const char *on_date, const char *dsu_date,
                            const struct store_rating_coord_row *rows, size_t n, int64_t *id)
{
	static const char ins[] =
	        "INSERT INTO rating_coordinations (position, on_date, dsu_date)"
	        " VALUES (COALESCE((SELECT max(seq) FROM rating_groups), 0) + 1, ?, ?)";
	static const char row[] = "INSERT INTO rating_coordination_players (coordination_id,"
	                          " user_id, elo, elo_games) VALUES (?, ?, ?, ?)";
	static const char user[] = "SELECT 1 FROM users WHERE id = ?";
	static const char dirty[] =
	        "UPDATE rating_dirty SET from_seq = (SELECT position FROM rating_coordinations"
	        " WHERE id = ?1) WHERE id = 1 AND (from_seq IS NULL OR from_seq >"
	        " (SELECT position FROM rating_coordinations WHERE id = ?1))";
	struct store_q q;
	store_q_open(&q, s, ins, "coordination");
	store_q_text(&q, on_date);
	store_q_text(&q, dsu_date);
	if (q_done(&q) != 0)
		return -1;
	*id = store_last_id(s);
	for (size_t i = 0; i < n; i++) {
		store_q_open(&q, s, user, "coordination: user");
		store_q_int(&q, rows[i].user);
		bool found = store_q_row(&q);
		if (store_q_end(&q) != STORE_OK)
			return -1;
		if (!found)
			return STORE_NOT_FOUND;
		store_q_open(&q, s, row, "coordination player");
		store_q_int(&q, *id);
		store_q_int(&q, rows[i].user);
		store_q_int(&q, rows[i].elo);
		store_q_int(&q, rows[i].elo_games);
		if (q_done(&q) != 0)
			return -1;
	}
	return q_done_int(s, dirty, *id, "coordination: mark");
}

int store_ratings_coord_moves(store *s, int64_t id,
                              int (*fn)(void *ctx, int64_t user, int old, int by, int new_rating),
                              void *ctx)
{
	static const char sql[] = "SELECT user_id, old, by, new FROM rating_adjustments"
	                          " WHERE coordination_id = ? ORDER BY user_id";
	struct store_q q;
	int out = 0;
	store_q_open(&q, s, sql, "coordination moves");
	store_q_int(&q, id);
	while (!out && store_q_row(&q))
		out = fn(ctx, sqlite3_column_int64(q.st, 0), sqlite3_column_int(q.st, 1),
		         sqlite3_column_int(q.st, 2), sqlite3_column_int(q.st, 3));
	return q_walked(&q, out);
}

int store_ratings_user_adjustments(store *s, int64_t user,
                                   int (*fn)(void *ctx, int64_t coord, int64_t position,
                                             const char *on_date, int old, int by, int new_rating),
                                   void *ctx)
{
	static const char sql[] = "SELECT coordination_id, position, on_date, old, by, new"
	                          " FROM rating_adjustments WHERE user_id = ? ORDER BY position";
	struct store_q q;
	int out = 0;
	store_q_open(&q, s, sql, "adjustments of a user");
	store_q_int(&q, user);
	while (!out && store_q_row(&q)) {
		char d[11];
		col_text(q.st, 2, d, sizeof d);
		out = fn(ctx, sqlite3_column_int64(q.st, 0), sqlite3_column_int64(q.st, 1), d,
		         sqlite3_column_int(q.st, 3), sqlite3_column_int(q.st, 4),
		         sqlite3_column_int(q.st, 5));
	}
	return q_walked(&q, out);
}

int store_ratings_lines(store *s, int64_t tournament, const int64_t *users, size_t n,
                        struct store_rating_line *out)
{
	/* The ids bound as one JSON array, walked by json_each: one statement
	 * whatever the number of players. */
	static const char sql[] =
	        "SELECT j.key, " CURRENT_SQL ", u.otb_rating, u.foreign_player, st.new - st.ro,"
	        " st.user_id IS NOT NULL"
	        " FROM json_each(?2) j JOIN users u ON u.id = j.value"
	        " LEFT JOIN rating_steps st ON st.tournament_id = ?1 AND st.user_id = u.id";
	for (size_t i = 0; i < n; i++)
		out[i] = (struct store_rating_line){STORE_NO_RATING, STORE_NO_RATING, false, false,
		                                    0};
	if (n == 0)
		return 0;
	char *ids = malloc(n * 21 + 3);
	if (!ids)
		return -1;
	size_t at = 0;
	ids[at++] = '[';
	for (size_t i = 0; i < n; i++)
		at += (size_t)snprintf(ids + at, 22, "%s%lld", i ? "," : "", (long long)users[i]);
	ids[at++] = ']';
	ids[at] = '\0';
	struct store_q q;
	store_q_open(&q, s, sql, "ratings of a table");
	store_q_int(&q, tournament);
	store_q_text(&q, ids);
	free(ids);
	while (store_q_row(&q)) {
		sqlite3_int64 k = sqlite3_column_int64(q.st, 0);
		if (k < 0 || (size_t)k >= n)
			continue;
		struct store_rating_line *l = &out[k];
		l->rating = col_rating(q.st, 1);
		l->otb = col_rating(q.st, 2);
		l->foreign = sqlite3_column_int(q.st, 3) != 0;
		l->rated = sqlite3_column_int(q.st, 5) != 0;
		l->change = l->rated ? sqlite3_column_int(q.st, 4) : 0;
	}
	return store_q_end(&q) == STORE_OK ? 0 : -1;
}
