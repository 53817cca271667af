/* store/store_tournaments.c: tournaments and their players (store/store_tournaments.h). */
#include "autoconfig.h"
#include "store/store_tournaments.h"

#include <stdlib.h>
#include <string.h>

#include "store/internal.h"

int store_tournaments_insert(store *s, struct store_tournament *t)
{
	static const char sql[] = "INSERT INTO tournaments (name, kind, profile, start_date,"
	                          " created_by, series_cancellable, tl_id, dsu_kind, class,"
	                          " parent_id, stage, advance)"
	                          " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, t->name) || store_bind_text(st, 2, t->kind) ||
	    store_bind_text(st, 3, t->profile) || store_bind_text(st, 4, t->start) ||
	    (t->created_by ? store_bind_int64(st, 5, t->created_by) : sqlite3_bind_null(st, 5)) ||
	    store_bind_int64(st, 6, t->series_cancellable) ||
	    (t->tl ? store_bind_int64(st, 7, t->tl) : sqlite3_bind_null(st, 7)) ||
	    store_bind_text(st, 8, t->dsu_kind[0] ? t->dsu_kind : NULL) ||
	    store_bind_text(st, 9, t->cls[0] ? t->cls : NULL) ||
	    (t->parent ? store_bind_int64(st, 10, t->parent) : sqlite3_bind_null(st, 10)) ||
	    store_bind_text(st, 11, t->stage[0] ? t->stage : NULL) ||
	    (t->advance ? store_bind_int64(st, 12, t->advance) : sqlite3_bind_null(st, 12)))
		return store_failed(s, st, "tournament: bind");
	if (store_exec(s, st, "tournament") != STORE_OK)
		return STORE_ERROR;
	t->id = store_last_id(s);
	return STORE_OK;
}

int store_tournaments_add_player(store *s, int64_t tournament, int64_t user, int seat,
                                 const char *team, int board)
{
	static const char sql[] = "INSERT INTO tournament_players (tournament_id, user_id, seat,"
	                          " team, board) VALUES (?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, tournament) || store_bind_int64(st, 2, user) ||
	    store_bind_int64(st, 3, seat) || store_bind_text(st, 4, team) ||
	    (team ? store_bind_int64(st, 5, board) : sqlite3_bind_null(st, 5)))
		return store_failed(s, st, "tournament player: bind");
	return store_exec(s, st, "tournament player") == STORE_OK ? STORE_OK : STORE_ERROR;
}

/* The columns id, name, kind, profile, start_date, series_cancellable,
 * created_by, tl_id, dsu_kind, class, parent_id, stage, advance,
 * published_on of st into t. */
static void read_row(sqlite3_stmt *st, struct store_tournament *t)
{
	memset(t, 0, sizeof *t);
	t->id = sqlite3_column_int64(st, 0);
	store_col_text(st, 1, t->name, sizeof t->name);
	store_col_text(st, 2, t->kind, sizeof t->kind);
	store_col_text(st, 3, t->profile, sizeof t->profile);
	store_col_text(st, 4, t->start, sizeof t->start);
	t->series_cancellable = sqlite3_column_int(st, 5) != 0;
	t->created_by = sqlite3_column_int64(st, 6);
	t->tl = sqlite3_column_int64(st, 7);
	store_col_text(st, 8, t->dsu_kind, sizeof t->dsu_kind);
	store_col_text(st, 9, t->cls, sizeof t->cls);
	t->parent = sqlite3_column_int64(st, 10);
	store_col_text(st, 11, t->stage, sizeof t->stage);
	t->advance = sqlite3_column_int(st, 12);
	store_col_text(st, 13, t->published, sizeof t->published);
}

static void read_one(sqlite3_stmt *st, void *row)
{
	read_row(st, row);
}

/* The tournaments' rows q answers (read_row()) into a new array. */
static int read_rows(struct store_q *q, struct store_tournament **out, size_t *n)
{
	void *rows;
	int rc = store_q_rows(q, sizeof **out, read_one, &rows, n);
	*out = rows;
	return rc;
}

int store_tournaments_get(store *s, int64_t id, struct store_tournament *t)
{
	static const char sql[] =
	        "SELECT id, name, kind, profile, start_date, series_cancellable,"
	        " created_by, tl_id, dsu_kind, class, parent_id, stage, advance, published_on"
	        " FROM tournaments WHERE id = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "tournament");
	store_q_int(&q, id);
	bool found = store_q_row(&q);
	if (found)
		read_row(q.st, t);
	int rc = store_q_end(&q);
	return rc != STORE_OK ? rc : found ? STORE_OK : STORE_NOT_FOUND;
}

int store_tournaments_seats(store *s, int64_t id, struct store_seat *out, size_t max, size_t *n)
{
	static const char sql[] =
	        "SELECT tp.user_id, u.name, u.role, tp.team, tp.danish_citizen,"
	        " COALESCE((SELECT r.reserve_id FROM team_reserves r WHERE r.tournament_id ="
	        " tp.tournament_id AND r.original_id = tp.user_id AND r.status = 'approved'), 0)"
	        " FROM tournament_players tp"
	        " JOIN users u ON u.id = tp.user_id WHERE tp.tournament_id = ? ORDER BY tp.seat";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "seats");
	store_q_int(&q, id);
	while (*n < max && store_q_row(&q)) {
		struct store_seat *x = &out[(*n)++];
		x->user = sqlite3_column_int64(q.st, 0);
		store_col_text(q.st, 1, x->name, sizeof x->name);
		store_col_text(q.st, 2, x->role, sizeof x->role);
		store_col_text(q.st, 3, x->team, sizeof x->team);
		x->danish = sqlite3_column_int(q.st, 4) != 0;
		x->reserve = sqlite3_column_int64(q.st, 5);
	}
	return store_q_end(&q);
}

/* One row of store_tournaments_games() into row. */
static void read_tgame(sqlite3_stmt *st, void *row)
{
	struct store_tgame *g = row;
	g->id = sqlite3_column_int64(st, 0);
	g->white = sqlite3_column_int64(st, 1);
	g->black = sqlite3_column_int64(st, 2);
	store_col_text(st, 3, g->result, sizeof g->result);
	store_col_text(st, 4, g->finished_on, sizeof g->finished_on);
}

int store_tournaments_games(store *s, int64_t id, struct store_tgame **out, size_t *n)
{
	static const char sql[] =
	        "SELECT id, white, black, result, finished_on FROM games WHERE tournament_id = ?"
	        " ORDER BY id";
	struct store_q q;
	store_q_open(&q, s, sql, "tournament games");
	store_q_int(&q, id);
	void *rows;
	int rc = store_q_rows(&q, sizeof **out, read_tgame, &rows, n);
	*out = rows;
	return rc;
}

int store_tournaments_shown_rev(store *s, int64_t *rev)
{
	static const char sql[] = "SELECT value FROM counters WHERE name = 'tournaments_shown'";
	struct store_q q;
	*rev = 0;
	store_q_open(&q, s, sql, "tournaments' revision");
	if (store_q_row(&q))
		*rev = sqlite3_column_int64(q.st, 0);
	return store_q_end(&q);
}

int store_tournaments_list(store *s, int64_t before, size_t max, struct store_tournament **out,
                           size_t *n)
{
	static const char sql[] =
	        "SELECT id, name, kind, profile, start_date, series_cancellable,"
	        " created_by, tl_id, dsu_kind, class, parent_id, stage, advance,"
	        " published_on FROM tournaments WHERE id < ?2 ORDER BY id DESC LIMIT ?1";
	struct store_q q;
	store_q_open(&q, s, sql, "tournaments");
	store_q_int(&q, (int64_t)max);
	store_q_int(&q, before > 0 ? before : INT64_MAX);
	return read_rows(&q, out, n);
}

int store_tournaments_of_game(store *s, int64_t game_id, int64_t *tournament, int64_t *tl)
{
	/* the leader as store/store_games.c reads it (migration 0014) */
	static const char sql[] = "SELECT COALESCE(t.id, 0), COALESCE(t.tl_id, g.led_by, 0)"
	                          " FROM games g LEFT JOIN tournaments t"
	                          " ON t.id = g.tournament_id WHERE g.id = ?";
	*tournament = *tl = 0;
	struct store_q q;
	store_q_open(&q, s, sql, "tournament of game");
	store_q_int(&q, game_id);
	if (store_q_row(&q)) {
		*tournament = sqlite3_column_int64(q.st, 0);
		*tl = sqlite3_column_int64(q.st, 1);
	}
	return store_q_end(&q);
}

int store_withdrawals_insert(store *s, int64_t tournament, const struct store_withdrawal *w,
                             int64_t decided_by)
{
	static const char sql[] =
	        "INSERT INTO withdrawals (tournament_id, user_id, reason, on_date,"
	        " all_lost, decided_by) VALUES (?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, tournament) || store_bind_int64(st, 2, w->user) ||
	    store_bind_text(st, 3, w->reason) || store_bind_text(st, 4, w->on) ||
	    store_bind_int64(st, 5, w->all_lost) ||
	    (decided_by ? store_bind_int64(st, 6, decided_by) : sqlite3_bind_null(st, 6)))
		return store_failed(s, st, "withdrawal: bind");
	return store_exec(s, st, "withdrawal");
}

int store_withdrawals_list(store *s, int64_t tournament, struct store_withdrawal *out, size_t max,
                           size_t *n)
{
	static const char sql[] = "SELECT user_id, reason, on_date, all_lost FROM withdrawals"
	                          " WHERE tournament_id = ? ORDER BY created_at, user_id";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "withdrawals");
	store_q_int(&q, tournament);
	while (*n < max && store_q_row(&q)) {
		struct store_withdrawal *w = &out[(*n)++];
		w->user = sqlite3_column_int64(q.st, 0);
		store_col_text(q.st, 1, w->reason, sizeof w->reason);
		store_col_text(q.st, 2, w->on, sizeof w->on);
		w->all_lost = sqlite3_column_int(q.st, 3) != 0;
	}
	return store_q_end(&q);
}

int store_tournaments_classed_of(store *s, int64_t user, int64_t *ids, size_t max, size_t *n)
{
	static const char sql[] = "SELECT t.id FROM tournaments t JOIN tournament_players tp"
	                          " ON tp.tournament_id = t.id WHERE tp.user_id = ?"
	                          " AND t.class IS NOT NULL ORDER BY t.id";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "classed tournaments");
	store_q_int(&q, user);
	while (*n < max && store_q_row(&q))
		ids[(*n)++] = sqlite3_column_int64(q.st, 0);
	return store_q_end(&q);
}

int store_tournaments_count_class(store *s, const char *cls, int *n)
{
	static const char sql[] = "SELECT count(*) FROM tournaments WHERE class = ?";
	*n = 0;
	struct store_q q;
	store_q_open(&q, s, sql, "class count");
	store_q_text(&q, cls);
	if (store_q_row(&q))
		*n = sqlite3_column_int(q.st, 0);
	return store_q_end(&q);
}

int store_entries_insert(store *s, struct store_entry *e, int64_t created_by)
{
	static const char sql[] = "INSERT INTO entries (user_id, class, valid_on, created_by,"
	                          " fee_received_on, proof) VALUES (?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, e->user) || store_bind_text(st, 2, e->cls) ||
	    store_bind_text(st, 3, e->valid_on) ||
	    (created_by ? store_bind_int64(st, 4, created_by) : sqlite3_bind_null(st, 4)) ||
	    (e->fee_received_on[0] ? store_bind_text(st, 5, e->fee_received_on)
	                           : sqlite3_bind_null(st, 5)) ||
	    (e->proof[0] ? store_bind_text(st, 6, e->proof) : sqlite3_bind_null(st, 6)))
		return store_failed(s, st, "entry: bind");
	if (store_exec(s, st, "entry") != STORE_OK)
		return STORE_ERROR;
	e->id = store_last_id(s);
	return STORE_OK;
}

int store_entries_waiting(store *s, const char *cls, struct store_entry *out, size_t max, size_t *n)
{
	static const char sql[] =
	        "SELECT id, user_id, class, valid_on, fee_received_on FROM entries"
	        " WHERE class = ? AND tournament_id IS NULL"
	        " AND fee_received_on IS NOT NULL ORDER BY fee_received_on, id";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "waiting entries");
	store_q_text(&q, cls);
	while (*n < max && store_q_row(&q)) {
		struct store_entry *e = &out[(*n)++];
		memset(e, 0, sizeof *e);
		e->id = sqlite3_column_int64(q.st, 0);
		e->user = sqlite3_column_int64(q.st, 1);
		store_col_text(q.st, 2, e->cls, sizeof e->cls);
		store_col_text(q.st, 3, e->valid_on, sizeof e->valid_on);
		store_col_text(q.st, 4, e->fee_received_on, sizeof e->fee_received_on);
	}
	return store_q_end(&q);
}

int store_entries_assign(store *s, int64_t id, int64_t tournament)
{
	static const char sql[] = "UPDATE entries SET tournament_id = ? WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, tournament) || store_bind_int64(st, 2, id))
		return store_failed(s, st, "entry assign: bind");
	return store_exec(s, st, "entry assign");
}

int store_tournaments_set_strength(store *s, int64_t tournament, const struct store_cup_entry *e)
{
	static const char sql[] = "UPDATE tournament_players SET k_rating = ?, otb_rating = ?,"
	                          " semifinal_direct = ?, cup_entries = ?"
	                          " WHERE tournament_id = ? AND user_id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if ((e->k_rating >= 0 ? store_bind_int64(st, 1, e->k_rating) : sqlite3_bind_null(st, 1)) ||
	    (e->otb_rating >= 0 ? store_bind_int64(st, 2, e->otb_rating)
	                        : sqlite3_bind_null(st, 2)) ||
	    store_bind_int64(st, 3, e->semifinal_direct) ||
	    store_bind_int64(st, 4, e->entries == 2 ? 2 : 1) ||
	    store_bind_int64(st, 5, tournament) || store_bind_int64(st, 6, e->user))
		return store_failed(s, st, "strength: bind");
	return store_exec(s, st, "strength");
}

int store_tournaments_cup_entries(store *s, int64_t cup, struct store_cup_entry *out, size_t max,
                                  size_t *n)
{
	static const char sql[] =
	        "SELECT user_id, coalesce(k_rating, -1), coalesce(otb_rating, -1),"
	        " semifinal_direct, cup_entries FROM tournament_players"
	        " WHERE tournament_id = ? ORDER BY seat";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "cup entries");
	store_q_int(&q, cup);
	while (*n < max && store_q_row(&q)) {
		struct store_cup_entry *e = &out[(*n)++];
		e->user = sqlite3_column_int64(q.st, 0);
		e->k_rating = sqlite3_column_int(q.st, 1);
		e->otb_rating = sqlite3_column_int(q.st, 2);
		e->semifinal_direct = sqlite3_column_int(q.st, 3) != 0;
		e->entries = sqlite3_column_int(q.st, 4);
	}
	return store_q_end(&q);
}

int store_tournaments_children(store *s, int64_t cup, struct store_tournament **out, size_t *n)
{
	static const char sql[] = "SELECT id, name, kind, profile, start_date, series_cancellable,"
	                          " created_by, tl_id, dsu_kind, class, parent_id, stage, advance,"
	                          " published_on FROM tournaments WHERE parent_id = ? ORDER BY id";
	struct store_q q;
	store_q_open(&q, s, sql, "cup groups");
	store_q_int(&q, cup);
	return read_rows(&q, out, n);
}

int store_entries_waits(store *s, int64_t user, const char *cls)
{
	static const char sql[] = "SELECT 1 FROM entries WHERE user_id = ? AND class = ?"
	                          " AND tournament_id IS NULL LIMIT 1";
	struct store_q q;
	store_q_open(&q, s, sql, "entry waits");
	store_q_int(&q, user);
	store_q_text(&q, cls);
	bool found = store_q_row(&q);
	int rc = store_q_end(&q);
	return rc != STORE_OK ? rc : found ? STORE_OK : STORE_NOT_FOUND;
}

/* ---- issue 11, the rest (migration 0013) ---- */

int store_tournaments_set_citizen(store *s, int64_t tournament, int64_t user, bool danish)
{
	static const char sql[] = "UPDATE tournament_players SET danish_citizen = ?"
	                          " WHERE tournament_id = ? AND user_id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, danish) || store_bind_int64(st, 2, tournament) ||
	    store_bind_int64(st, 3, user))
		return store_failed(s, st, "citizen: bind");
	return store_exec(s, st, "citizen");
}

int store_tournaments_cup_groups_of(store *s, int64_t user, int64_t *ids, size_t max, size_t *n)
{
	static const char sql[] = "SELECT t.id FROM tournaments t JOIN tournament_players tp"
	                          " ON tp.tournament_id = t.id WHERE tp.user_id = ?"
	                          " AND t.stage IN ('semifinal', 'final') ORDER BY t.id";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "cup groups");
	store_q_int(&q, user);
	while (*n < max && store_q_row(&q))
		ids[(*n)++] = sqlite3_column_int64(q.st, 0);
	return store_q_end(&q);
}

int store_playoff_insert(store *s, int64_t tournament, const struct store_playoff *p,
                         int64_t entered_by)
{
	static const char head[] =
	        "INSERT INTO playoffs (tournament_id, agree_to_share, entered_by)"
	        " VALUES (?, ?, ?)";
	static const char game_sql[] = "INSERT INTO playoff_games (tournament_id, seq, white_id,"
	                               " black_id, result) VALUES (?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, head);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, tournament) || store_bind_int64(st, 2, p->agree_to_share) ||
	    (entered_by ? store_bind_int64(st, 3, entered_by) : sqlite3_bind_null(st, 3)))
		return store_failed(s, st, "playoff: bind");
	int rc = store_exec(s, st, "playoff");
	if (rc != STORE_OK)
		return rc;
	for (size_t i = 0; i < p->ngames; i++) {
		st = store_stmt(s, game_sql);
		if (!st)
			return STORE_ERROR;
		if (store_bind_int64(st, 1, tournament) ||
		    store_bind_int64(st, 2, (int64_t)i + 1) ||
		    store_bind_int64(st, 3, p->games[i].white) ||
		    store_bind_int64(st, 4, p->games[i].black) ||
		    store_bind_text(st, 5, p->games[i].result))
			return store_failed(s, st, "playoff game: bind");
		if (store_exec(s, st, "playoff game") != STORE_OK)
			return STORE_ERROR;
	}
	return STORE_OK;
}

int store_playoff_get(store *s, int64_t tournament, struct store_playoff *p)
{
	static const char head[] = "SELECT agree_to_share FROM playoffs WHERE tournament_id = ?";
	static const char game_sql[] = "SELECT white_id, black_id, result FROM playoff_games"
	                               " WHERE tournament_id = ? ORDER BY seq";
	memset(p, 0, sizeof *p);
	struct store_q q;
	store_q_open(&q, s, head, "playoff");
	store_q_int(&q, tournament);
	bool found = store_q_row(&q);
	if (found)
		p->agree_to_share = sqlite3_column_int(q.st, 0) != 0;
	int rc = store_q_end(&q);
	if (rc != STORE_OK || !found)
		return rc != STORE_OK ? rc : STORE_NOT_FOUND;
	store_q_open(&q, s, game_sql, "playoff games");
	store_q_int(&q, tournament);
	while (p->ngames < STORE_PLAYOFF_MAX && store_q_row(&q)) {
		struct store_playoff_game *g = &p->games[p->ngames++];
		g->white = sqlite3_column_int64(q.st, 0);
		g->black = sqlite3_column_int64(q.st, 1);
		store_col_text(q.st, 2, g->result, sizeof g->result);
	}
	return store_q_end(&q);
}

int store_tournaments_set_published(store *s, int64_t tournament, const char *on)
{
	static const char sql[] = "UPDATE tournaments SET published_on = ? WHERE id = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_text(st, 1, on) || store_bind_int64(st, 2, tournament))
		return store_failed(s, st, "published: bind");
	return store_exec(s, st, "published");
}

int store_decisions_insert(store *s, struct store_decision *d, int64_t decided_by)
{
	static const char sql[] = "INSERT INTO tl_decisions (tournament_id, notified_on, about,"
	                          " decided_by, kind, player_id, months, decided_role)"
	                          " VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, d->tournament) || store_bind_text(st, 2, d->notified_on) ||
	    store_bind_text(st, 3, d->about) ||
	    (decided_by ? store_bind_int64(st, 4, decided_by) : sqlite3_bind_null(st, 4)) ||
	    store_bind_text(st, 5, d->kind[0] ? d->kind : "ruling") ||
	    (d->player ? store_bind_int64(st, 6, d->player) : sqlite3_bind_null(st, 6)) ||
	    (d->months ? store_bind_int64(st, 7, d->months) : sqlite3_bind_null(st, 7)) ||
	    store_bind_text(st, 8, d->decided_role[0] ? d->decided_role : "tl"))
		return store_failed(s, st, "decision: bind");
	if (store_exec(s, st, "decision") != STORE_OK)
		return STORE_ERROR;
	d->id = store_last_id(s);
	return STORE_OK;
}

/* One row of DECISION_COLS into d. */
static void read_decision(sqlite3_stmt *st, struct store_decision *d)
{
	d->id = sqlite3_column_int64(st, 0);
	d->tournament = sqlite3_column_int64(st, 1);
	store_col_text(st, 2, d->notified_on, sizeof d->notified_on);
	store_col_text(st, 3, d->about, sizeof d->about);
	store_col_text(st, 4, d->kind, sizeof d->kind);
	d->player = sqlite3_column_int64(st, 5);
	d->months = sqlite3_column_int(st, 6);
	store_col_text(st, 7, d->decided_role, sizeof d->decided_role);
}

#define DECISION_COLS                                                                              \
	"SELECT id, tournament_id, notified_on, about, kind,"                                      \
	" COALESCE(player_id, 0), COALESCE(months, 0), decided_role FROM tl_decisions"

int store_decisions_get(store *s, int64_t id, struct store_decision *d)
{
	static const char sql[] = DECISION_COLS " WHERE id = ?";
	struct store_q q;
	memset(d, 0, sizeof *d);
	store_q_open(&q, s, sql, "decision");
	store_q_int(&q, id);
	bool found = store_q_row(&q);
	if (found)
		read_decision(q.st, d);
	return store_q_found(&q, found);
}

int store_decisions_list(store *s, int64_t tournament, struct store_decision *out, size_t max,
                         size_t *n)
{
	static const char sql[] = DECISION_COLS " WHERE tournament_id = ? ORDER BY id";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "decisions");
	store_q_int(&q, tournament);
	while (*n < max && store_q_row(&q))
		read_decision(q.st, &out[(*n)++]);
	return store_q_end(&q);
}

int store_granted_insert(store *s, int64_t user, const struct store_granted *g, int64_t granted_by)
{
	static const char sql[] = "INSERT INTO granted_rights (user_id, class, until, source,"
	                          " granted_by) VALUES (?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if (store_bind_int64(st, 1, user) || store_bind_text(st, 2, g->cls) ||
	    store_bind_text(st, 3, g->until) || store_bind_text(st, 4, g->source) ||
	    (granted_by ? store_bind_int64(st, 5, granted_by) : sqlite3_bind_null(st, 5)))
		return store_failed(s, st, "granted right: bind");
	return store_exec(s, st, "granted right");
}

int store_granted_list(store *s, int64_t user, struct store_granted *out, size_t max, size_t *n)
{
	static const char sql[] = "SELECT class, until, source FROM granted_rights"
	                          " WHERE user_id = ? ORDER BY id";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "granted rights");
	store_q_int(&q, user);
	while (*n < max && store_q_row(&q)) {
		struct store_granted *g = &out[(*n)++];
		store_col_text(q.st, 0, g->cls, sizeof g->cls);
		store_col_text(q.st, 1, g->until, sizeof g->until);
		store_col_text(q.st, 2, g->source, sizeof g->source);
	}
	return store_q_end(&q);
}

/* The columns class, tl_id, profile of st into c. */
static void class_row(sqlite3_stmt *st, struct store_class *c)
{
	memset(c, 0, sizeof *c);
	store_col_text(st, 0, c->cls, sizeof c->cls);
	c->tl = sqlite3_column_int64(st, 1);
	store_col_text(st, 2, c->profile, sizeof c->profile);
}

int store_classes_get(store *s, const char *cls, struct store_class *c)
{
	static const char sql[] =
	        "SELECT class, tl_id, profile FROM class_settings WHERE class = ?";
	struct store_q q;
	store_q_open(&q, s, sql, "class");
	store_q_text(&q, cls);
	bool found = store_q_row(&q);
	if (found)
		class_row(q.st, c);
	int rc = store_q_end(&q);
	return rc != STORE_OK ? rc : found ? STORE_OK : STORE_NOT_FOUND;
}

int store_classes_list(store *s, struct store_class *out, size_t max, size_t *n)
{
	/* low to high (R23): Å, K, M, DM */
	static const char sql[] = "SELECT class, tl_id, profile FROM class_settings ORDER BY"
	                          " CASE class WHEN 'Å' THEN 0 WHEN 'K' THEN 1 WHEN 'M' THEN 2"
	                          " ELSE 3 END";
	struct store_q q;
	*n = 0;
	store_q_open(&q, s, sql, "classes");
	while (*n < max && store_q_row(&q))
		class_row(q.st, &out[(*n)++]);
	return store_q_end(&q);
}

int store_classes_set(store *s, const struct store_class *c, int64_t set_by, const char *on)
{
	static const char sql[] = "UPDATE class_settings SET tl_id = ?, profile = ?, set_by = ?,"
	                          " set_at = ? WHERE class = ?";
	sqlite3_stmt *st = store_stmt(s, sql);
	if (!st)
		return STORE_ERROR;
	if ((c->tl ? store_bind_int64(st, 1, c->tl) : sqlite3_bind_null(st, 1)) ||
	    store_bind_text(st, 2, c->profile) ||
	    (set_by ? store_bind_int64(st, 3, set_by) : sqlite3_bind_null(st, 3)) ||
	    store_bind_text(st, 4, on) || store_bind_text(st, 5, c->cls))
		return store_failed(s, st, "class set: bind");
	if (store_exec(s, st, "class set") != STORE_OK)
		return STORE_ERROR;
	return store_changes(s) == 1 ? STORE_OK : STORE_NOT_FOUND;
}
