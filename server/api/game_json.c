/* games.c: loading a stored game, replaying it, its clocks and its JSON. */
#include "autoconfig.h"
#include "api/game_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/movegen.h"
#include "clock/calendar.h"
#include "api/jsonw.h"
#include "base/log.h"
#include "notation/notation.h"
#include "notation/uci.h"
#include "util/status.h"

void games_unload(struct games_game *g)
{
	if (!g)
		return;
	free(g->event);
	json_decref(g->series);
	free(g->moves);
	game_free(g->replay);
	free(g->stops);
	memset(g, 0, sizeof *g);
}

int games_append(struct games_game *g, const struct games_move *m)
{
	if (g->nmoves == g->cap) {
		int cap = g->cap ? g->cap * 2 : 64;
		struct games_move *mv = realloc(g->moves, (size_t)cap * sizeof *mv);
		if (!mv)
			return -1;
		g->moves = mv;
		g->cap = cap;
	}
	g->moves[g->nmoves++] = *m;
	return 0;
}

/* The vacations and special leave of both players: they stop both
 * clocks of the game (DSU 6.3.6). */
static int load_stops(struct app *app, struct games_game *g, char *err, size_t errlen)
{
	static const char sql[] = "SELECT start, end FROM vacations WHERE user_id IN (?1, ?2)";
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st) {
		snprintf(err, errlen, "the database is not available");
		return 500;
	}
	sqlite3_bind_int64(st, 1, g->white);
	sqlite3_bind_int64(st, 2, g->black);
	size_t cap = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct clock_interval iv;
		if (calendar_parse((const char *)sqlite3_column_text(st, 0), &iv.first, NULL, 0) ||
		    calendar_parse((const char *)sqlite3_column_text(st, 1), &iv.last, NULL, 0))
			continue; /* the schema's CHECKs keep these valid */
		if (g->nstops == cap) {
			cap = cap ? cap * 2 : 8;
			struct clock_interval *n = realloc(g->stops, cap * sizeof *n);
			if (!n) {
				sqlite3_reset(st);
				snprintf(err, errlen, "out of memory");
				return 500;
			}
			g->stops = n;
		}
		g->stops[g->nstops++] = iv;
	}
	sqlite3_reset(st);
	return 0;
}

/* Copies a column's text (NULL as ""). */
static void col(sqlite3_stmt *st, int i, char *dst, size_t n)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	size_t len = t ? (size_t)sqlite3_column_bytes(st, i) : 0;
	if (len >= n)
		len = n - 1;
	if (len)
		memcpy(dst, t, len);
	dst[len] = '\0';
}

static int load_rows(struct app *app, int64_t id, struct games_game *g, char *err,
		     size_t errlen);

int games_load(struct app *app, int64_t id, struct games_game *g, char *err, size_t errlen)
{
	memset(g, 0, sizeof *g);
	g->id = id;
	/* One read transaction, so the game row and its moves come from the
	 * same snapshot even while another thread commits a move. */
	sqlite3 *db = store_db(app->st);
	bool own_txn = db && sqlite3_get_autocommit(db) &&
		       sqlite3_exec(db, "BEGIN", NULL, NULL, NULL) == SQLITE_OK;
	int status = load_rows(app, id, g, err, errlen);
	if (own_txn)
		sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
	return status;
}

/* games_load() inside its read transaction. */
static int load_rows(struct app *app, int64_t id, struct games_game *g, char *err, size_t errlen)
{
	static const char sql_game[] =
	    "SELECT g.event, g.profile, g.start_date, g.white, g.black, g.start_fen, g.fen,"
	    " g.status, g.result, g.termination, g.draw_offer, g.series_by, g.series,"
	    " w.name, w.role, b.name, b.role, g.series_cancellable"
	    " FROM games g JOIN users w ON w.id = g.white JOIN users b ON b.id = g.black"
	    " WHERE g.id = ?";
	static const char sql_moves[] =
	    "SELECT ply, iccf, san, uci, received, sent, days, series FROM moves"
	    " WHERE game_id = ? ORDER BY ply";
	sqlite3_stmt *st = store_stmt(app->st, sql_game);
	if (!st)
		goto dbfail;
	sqlite3_bind_int64(st, 1, id);
	if (sqlite3_step(st) != SQLITE_ROW) {
		sqlite3_reset(st);
		snprintf(err, errlen, "there is no game %lld", (long long)id);
		return 404;
	}
	if (sqlite3_column_type(st, 0) != SQLITE_NULL)
		g->event = strdup((const char *)sqlite3_column_text(st, 0));
	col(st, 1, g->profile, sizeof g->profile);
	col(st, 2, g->start_date, sizeof g->start_date);
	g->white = sqlite3_column_int64(st, 3);
	g->black = sqlite3_column_int64(st, 4);
	col(st, 5, g->start_fen, sizeof g->start_fen);
	col(st, 6, g->fen, sizeof g->fen);
	col(st, 7, g->status, sizeof g->status);
	col(st, 8, g->result, sizeof g->result);
	col(st, 9, g->termination, sizeof g->termination);
	col(st, 10, g->draw_offer, sizeof g->draw_offer);
	col(st, 11, g->series_by, sizeof g->series_by);
	if (sqlite3_column_type(st, 12) != SQLITE_NULL)
		g->series = json_loads((const char *)sqlite3_column_text(st, 12), 0, NULL);
	col(st, 13, g->white_name, sizeof g->white_name);
	col(st, 14, g->white_role, sizeof g->white_role);
	col(st, 15, g->black_name, sizeof g->black_name);
	col(st, 16, g->black_role, sizeof g->black_role);
	g->series_cancellable = sqlite3_column_int(st, 17) != 0;
	sqlite3_reset(st);
	g->prof = clock_profile_find(g->profile);
	if (!g->prof) {
		snprintf(err, errlen, "game %lld has an unknown profile \"%s\"", (long long)id,
			 g->profile);
		goto corrupt;
	}

	position start;
	if (fen_parse(&start, g->start_fen, err, errlen) != CC_OK)
		goto corrupt;
	g->replay = game_new(&start);
	if (!g->replay) {
		snprintf(err, errlen, "out of memory");
		goto corrupt;
	}

	st = store_stmt(app->st, sql_moves);
	if (!st)
		goto dbfail;
	sqlite3_bind_int64(st, 1, id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		struct games_move m;
		memset(&m, 0, sizeof m);
		m.ply = sqlite3_column_int(st, 0);
		col(st, 1, m.iccf, sizeof m.iccf);
		col(st, 2, m.san, sizeof m.san);
		col(st, 3, m.uci, sizeof m.uci);
		col(st, 4, m.received, sizeof m.received);
		col(st, 5, m.sent, sizeof m.sent);
		m.days = sqlite3_column_int(st, 6);
		m.series = sqlite3_column_int(st, 7) == GAMES_MOVE_AUTO;
		m.accepted = sqlite3_column_int(st, 7) == GAMES_MOVE_ACCEPTED;
		/* The stored UCI text is replayed: a stored game can always
		 * be rebuilt, and one that does not replay is not served. */
		if (m.ply != g->nmoves + 1 ||
		    uci_parse(game_position(g->replay), m.uci, &m.m, err, errlen) != CC_OK ||
		    game_play(g->replay, m.m, err, errlen) != CC_OK) {
			sqlite3_reset(st);
			snprintf(err, errlen, "game %lld: stored move %d (%s) does not replay",
				 (long long)id, m.ply, m.uci);
			goto corrupt;
		}
		if (games_append(g, &m) != 0) {
			sqlite3_reset(st);
			snprintf(err, errlen, "out of memory");
			goto corrupt;
		}
	}
	sqlite3_reset(st);
	char fen[FEN_MAX];
	fen_write(game_position(g->replay), fen);
	if (strcmp(fen, g->fen) != 0) {
		snprintf(err, errlen, "game %lld: stored FEN %s differs from the replay %s",
			 (long long)id, g->fen, fen);
		goto corrupt;
	}
	int rc = load_stops(app, g, err, errlen);
	if (rc) {
		games_unload(g);
		return rc;
	}
	return 0;
dbfail:
	snprintf(err, errlen, "the database is not available");
corrupt:
	log_msg(LOG_ERROR, "%s", err);
	games_unload(g);
	return 500;
}

bool games_series_visible(const struct games_game *g, const struct user *viewer)
{
	if (!g->series || !g->series_by[0])
		return false;
	/* DSU 6.2.5: the series is in the letter, so the opponent sees it
	 * in postal and e-mail play; on the server it stays hidden from the
	 * opponent, as ICCF does (the profile's series_shown). */
	if (g->prof->series_shown)
		return true;
	const char *viewer_color = viewer ? games_color_of(g, viewer->id) : NULL;
	return (viewer_color && strcmp(viewer_color, g->series_by) == 0) ||
	       (viewer && api_is_tl(viewer));
}

int games_pending_series(const struct games_game *g, move *out, size_t room)
{
	if (!g->series || !g->series_by[0] || strcmp(g->series_by, games_to_move(g)) == 0)
		return 0; /* none, or it waits on its own proposer (never stored so) */
	size_t n = json_array_size(g->series);
	if (n == 0 || n > room)
		return n == 0 ? 0 : -1;
	position pos = *game_position(g->replay);
	for (size_t i = 0; i < n; i++) {
		const char *text = json_string_value(json_array_get(g->series, i));
		char err[256];
		if (!text || notation_parse(&pos, text, &out[i], err, sizeof err) != CC_OK) {
			log_msg(LOG_ERROR, "game %lld: stored series move %zu does not parse: %s",
				(long long)g->id, i + 1, text ? err : "not a string");
			return -1;
		}
		undo u;
		position_do_move(&pos, out[i], &u);
	}
	return (int)n;
}

const char *games_to_move(const struct games_game *g)
{
	return game_position(g->replay)->side == WHITE ? "white" : "black";
}

const char *games_color_of(const struct games_game *g, int64_t user)
{
	if (user == g->white)
		return "white";
	if (user == g->black)
		return "black";
	return NULL;
}

int games_clock(const struct games_game *g, const char *today, struct clock_result *res,
		char *err, size_t errlen)
{
	struct clock_move *cm = NULL;
	int rc = -1;
	struct clock_game cg;
	memset(&cg, 0, sizeof cg);
	cg.profile = g->prof;
	if (calendar_parse(g->start_date, &cg.start, err, errlen) != CC_OK ||
	    calendar_parse(today, &cg.today, err, errlen) != CC_OK)
		return -1;
	/* The side to move at the start: Black in a thematic game may
	 * move first. */
	cg.first_side = game_start_position(g->replay)->side == WHITE ? CLOCK_WHITE : CLOCK_BLACK;
	if (g->nmoves) {
		cm = calloc((size_t)g->nmoves, sizeof *cm);
		if (!cm) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	for (int i = 0; i < g->nmoves; i++) {
		if (calendar_parse(g->moves[i].received, &cm[i].received, err, errlen) != CC_OK ||
		    calendar_parse(g->moves[i].sent, &cm[i].sent, err, errlen) != CC_OK)
			goto out;
		/* DSU 6.3.3.2: the control moves to the last accepted move. */
		if (g->moves[i].accepted)
			cm[i].flags |= CLOCK_MOVE_ACCEPTED;
	}
	cg.moves = cm;
	cg.nmoves = (size_t)g->nmoves;
	cg.stops = g->stops;
	cg.nstops = g->nstops;
	cg.pending.received = CLOCK_NO_DATE;
	/* A series proposed to the side to move covers his next n/2 moves. */
	move pend[64];
	int npend = games_pending_series(g, pend, 64);
	if (npend > 0) {
		int side = game_position(g->replay)->side;
		int made = 0;
		for (int i = 0; i < g->nmoves; i++)
			made += ((game_start_position(g->replay)->side + i) % 2) == side;
		cg.pending.series_last = made + (npend + 1) / 2;
	}
	cg.transit_days = -1;
	/* DSU 6.3.4: the server sends the reminders and TL notices itself,
	 * so the silence penalties follow from the dates. */
	cg.flags = CLOCK_GAME_AUTO_SILENCE;
	if (strcmp(g->status, "active") != 0)
		cg.flags |= CLOCK_GAME_FINISHED;
	rc = clock_compute(&cg, res, NULL, err, errlen) == CC_OK ? 0 : -1;
out:
	free(cm);
	return rc;
}

static void write_date(struct jsonw *w, int32_t day)
{
	char buf[CALENDAR_ISO_LEN];
	if (day == CLOCK_NO_DATE || calendar_format(day, buf, sizeof buf) != CC_OK)
		jsonw_raw(w, "null");
	else
		jsonw_str(w, buf);
}

/* The CLOCK object of API.md for one side (with a few more fields). */
static void write_clock(struct jsonw *w, const struct clock_player *p, bool to_move)
{
	jsonw_raw(w, "{");
	jsonw_key(w, "used_days", true);
	jsonw_int(w, p->used_days);
	jsonw_key(w, "penalty_days", false);
	jsonw_int(w, p->penalty_days);
	jsonw_key(w, "next_control", false);
	jsonw_raw(w, "{\"move\":");
	jsonw_int(w, p->next_control);
	jsonw_raw(w, ",\"limit_days\":");
	jsonw_int(w, p->limit_days);
	jsonw_raw(w, "}");
	jsonw_key(w, "forfeit_date", false);
	write_date(w, to_move ? p->forfeit_date : CLOCK_NO_DATE);
	jsonw_key(w, "left_days", false);
	jsonw_int(w, p->left_days);
	jsonw_key(w, "reminder_date", false);
	write_date(w, to_move ? p->reminder_date : CLOCK_NO_DATE);
	jsonw_key(w, "forfeited", false);
	jsonw_bool(w, p->forfeited);
	jsonw_raw(w, "}");
}

static void write_user(struct jsonw *w, int64_t id, const char *name, const char *role)
{
	jsonw_raw(w, "{\"id\":");
	jsonw_int(w, id);
	jsonw_raw(w, ",\"name\":");
	jsonw_str(w, name);
	jsonw_raw(w, ",\"role\":");
	jsonw_str(w, role);
	jsonw_raw(w, "}");
}

void games_write_json(struct jsonw *w, const struct games_game *g, const struct user *viewer,
		      const char *today)
{
	const position *start = game_start_position(g->replay);
	int first_number = start->fullmove;
	int first_side = start->side;
	jsonw_raw(w, "{\"id\":");
	jsonw_int(w, g->id);
	jsonw_key(w, "event", false);
	jsonw_str(w, g->event);
	jsonw_key(w, "profile", false);
	jsonw_str(w, g->profile);
	jsonw_key(w, "start_date", false);
	jsonw_str(w, g->start_date);
	jsonw_key(w, "white", false);
	write_user(w, g->white, g->white_name, g->white_role);
	jsonw_key(w, "black", false);
	write_user(w, g->black, g->black_name, g->black_role);
	jsonw_key(w, "status", false);
	jsonw_str(w, g->status);
	jsonw_key(w, "result", false);
	jsonw_str(w, g->result);
	jsonw_key(w, "termination", false);
	jsonw_str(w, g->termination[0] ? g->termination : NULL);
	jsonw_key(w, "to_move", false);
	jsonw_str(w, games_to_move(g));
	jsonw_key(w, "fen", false);
	jsonw_str(w, g->fen);
	jsonw_key(w, "moves", false);
	jsonw_raw(w, "[");
	for (int i = 0; i < g->nmoves; i++) {
		const struct games_move *m = &g->moves[i];
		int idx = i + (first_side == BLACK ? 1 : 0); /* plies from a White move */
		int color = (first_side + i) % 2;
		jsonw_raw(w, i ? ",{\"ply\":" : "{\"ply\":");
		jsonw_int(w, m->ply);
		jsonw_raw(w, ",\"number\":");
		jsonw_int(w, first_number + idx / 2);
		jsonw_raw(w, color == WHITE ? ",\"color\":\"white\"" : ",\"color\":\"black\"");
		jsonw_key(w, "iccf", false);
		jsonw_str(w, m->iccf);
		jsonw_key(w, "san", false);
		jsonw_str(w, m->san);
		jsonw_key(w, "uci", false);
		jsonw_str(w, m->uci);
		jsonw_key(w, "received", false);
		jsonw_str(w, m->received);
		jsonw_key(w, "sent", false);
		jsonw_str(w, m->sent);
		jsonw_key(w, "days", false);
		jsonw_int(w, m->days);
		jsonw_key(w, "series", false);
		jsonw_bool(w, m->series);
		jsonw_key(w, "accepted", false);
		jsonw_bool(w, m->accepted);
		jsonw_raw(w, "}");
	}
	jsonw_raw(w, "]");

	jsonw_key(w, "clock", false);
	struct clock_result res;
	char err[256];
	bool active = strcmp(g->status, "active") == 0;
	if (games_clock(g, today, &res, err, sizeof err) == 0) {
		int side = game_position(g->replay)->side == WHITE ? CLOCK_WHITE : CLOCK_BLACK;
		jsonw_raw(w, "{\"white\":");
		write_clock(w, &res.player[CLOCK_WHITE], active && side == CLOCK_WHITE);
		jsonw_raw(w, ",\"black\":");
		write_clock(w, &res.player[CLOCK_BLACK], active && side == CLOCK_BLACK);
		jsonw_raw(w, "}");
	} else {
		log_msg(LOG_WARN, "game %lld: clock: %s", (long long)g->id, err);
		jsonw_raw(w, "null");
	}

	jsonw_key(w, "series", false);
	if (games_series_visible(g, viewer)) {
		jsonw_raw(w, "{\"by\":");
		jsonw_str(w, g->series_by);
		jsonw_raw(w, ",\"moves\":[");
		for (size_t i = 0; i < json_array_size(g->series); i++) {
			if (i)
				jsonw_raw(w, ",");
			jsonw_str(w, json_string_value(json_array_get(g->series, i)));
		}
		jsonw_raw(w, "]}");
	} else {
		jsonw_raw(w, "null");
	}
	jsonw_key(w, "series_cancellable", false);
	jsonw_bool(w, g->series_cancellable);
	jsonw_key(w, "draw_offer", false);
	jsonw_str(w, g->draw_offer[0] ? g->draw_offer : NULL);
	jsonw_raw(w, "}");
}

int games_audit(struct app *app, int64_t user, int64_t game_id, const char *action,
		const char *detail)
{
	static const char sql[] =
	        "INSERT INTO audit (user_id, game_id, action, detail) VALUES (?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		return -1;
	if (user > 0)
		sqlite3_bind_int64(st, 1, user);
	sqlite3_bind_int64(st, 2, game_id);
	sqlite3_bind_text(st, 3, action, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, detail, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

int games_end(struct app *app, int64_t id, const char *result, const char *termination,
	      const char *today, int plies, bool correct)
{
	/* A pending series and a draw offer end with the game.  plies >= 0:
	 * only while the game still has that many moves (no move came in
	 * since the caller loaded it). */
	static const char sql[] =
	    "UPDATE games SET status = 'finished', result = ?1, termination = ?2, draw_offer = NULL,"
	    " series_by = NULL, series = NULL, finished_on = ?3"
	    " WHERE id = ?4 AND (status = 'active' OR ?5)"
	    " AND (?6 < 0 OR (SELECT count(*) FROM moves WHERE game_id = ?4) = ?6)";
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		return -1;
	sqlite3_bind_text(st, 1, result, -1, SQLITE_STATIC);
	if (termination)
		sqlite3_bind_text(st, 2, termination, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, today, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 4, id);
	sqlite3_bind_int(st, 5, correct);
	sqlite3_bind_int(st, 6, plies);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return -1;
	return sqlite3_changes(store_db(app->st)) == 1;
}
