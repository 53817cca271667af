/* api_games.c: creating games, moves, draws, resignations, claims and TL
 * results (API.md "Games" and "Moves"). */
#include "autoconfig.h"
#include "api/games.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/game.h"
#include "chess/movegen.h"
#include "clock/calendar.h"
#include "clock/clock.h"
#include "corr/series.h"
#include "api/game_json.h"
#include "base/log.h"
#include "notation/iccf.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "util/status.h"

/* Loads the game of rq->ids[0] or sets the error response. */
static int load(struct app *app, struct api_req *rq, struct api_resp *rs, struct games_game *g)
{
	char err[512];
	int status = games_load(app, rq->ids[0], g, err, sizeof err);
	if (status == 404)
		return api_error(rs, 404, "not_found", "%s", err);
	if (status)
		return api_error(rs, 500, "internal", "game %lld cannot be read: %s",
		                 (long long)rq->ids[0], err);
	return 0;
}

/* For the actions that take no fields (resign, cancelling a series): the
 * body may be empty or {}, anything else is refused; then the game is
 * loaded.  Nonzero with the error response set. */
static int load_bodiless(struct app *app, struct api_req *rq, struct api_resp *rs,
                         struct games_game *g)
{
	if (rq->body_len) {
		json_t *body = api_body_object(rq, rs);
		static const char *const keys[] = {NULL};
		if (!body || api_only_keys(body, keys, rs))
			return rs->status;
	}
	return load(app, rq, rs, g);
}

static int move_error(struct api_resp *rs, int rc, const char *err)
{
	if (rc == CC_ERR_MALFORMED)
		return api_error(rs, 422, "malformed_move", "%s", err);
	return api_error(rs, 422, "illegal_move", "%s", err);
}

/* Answers 200/201 with the game as stored now. */
static int respond_game(struct app *app, struct api_req *rq, struct api_resp *rs, int status)
{
	struct games_game g;
	if (load(app, rq, rs, &g))
		return rs->status;
	char today[11];
	api_today(app, today);
	struct jsonw w;
	jsonw_init(&w);
	games_write_json(&w, &g, &rq->user, today);
	games_unload(&g);
	size_t len;
	char *text = jsonw_take(&w, &len);
	return api_json_text(rs, status, text, len);
}

/* ---- creating and reading games ---- */

int games_create(struct app *app, int64_t white, int64_t black, const char *profile,
                 const char *start_date, const char *fen, const char *event, int64_t *id,
                 const char **code, char *err, size_t errlen)
{
	return games_create_ex(app, white, black, profile, start_date, fen, event, false, id, code,
	                       err, errlen);
}

int games_create_ex(struct app *app, int64_t white, int64_t black, const char *profile,
                    const char *start_date, const char *fen, const char *event,
                    bool series_cancellable, int64_t *id, const char **code, char *err,
                    size_t errlen)
{
	static const char sql_user[] = "SELECT 1 FROM users WHERE id = ?";
	static const char sql_insert[] =
	        "INSERT INTO games (event, profile, start_date, white, black, start_fen, fen,"
	        " series_cancellable) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
	*code = "invalid_field";
	if (white == black) {
		snprintf(err, errlen, "white and black must be two different players");
		return 422;
	}
	int64_t ids[2] = {white, black};
	for (int i = 0; i < 2; i++) {
		sqlite3_stmt *st = store_stmt(app->st, sql_user);
		if (!st)
			goto dbfail;
		sqlite3_bind_int64(st, 1, ids[i]);
		int found = sqlite3_step(st) == SQLITE_ROW;
		sqlite3_reset(st);
		if (!found) {
			*code = "unknown_user";
			snprintf(err, errlen, "there is no user %lld (%s)", (long long)ids[i],
			         i ? "black" : "white");
			return 422;
		}
	}
	if (!clock_profile_find(profile)) {
		snprintf(err, errlen,
		         "the profile must be dsu-post, dsu-email or server, not \"%s\"", profile);
		return 422;
	}
	int32_t day;
	char derr[256];
	if (calendar_parse(start_date, &day, derr, sizeof derr) != CC_OK) {
		*code = "invalid_date";
		snprintf(err, errlen, "start_date: %s", derr);
		return 422;
	}
	/* The clocks look years ahead (forfeit, adjudication after 18
	 * months), and the calendar ends in 9999: keep games well inside. */
	int year = calendar_year(day);
	if (year < GAMES_FIRST_YEAR || year > GAMES_LAST_YEAR) {
		*code = "invalid_date";
		snprintf(err, errlen, "start_date: a game starts in the years %d to %d",
			 GAMES_FIRST_YEAR, GAMES_LAST_YEAR);
		return 422;
	}
	position pos;
	char ferr[300];
	if (fen_parse(&pos, fen ? fen : "startpos", ferr, sizeof ferr) != CC_OK) {
		*code = "invalid_fen";
		snprintf(err, errlen, "%s", ferr);
		return 422;
	}
	if (game_status(&pos) != GAME_ONGOING) {
		*code = "invalid_fen";
		snprintf(err, errlen, "the game would be over before it starts (%s)",
		         game_state_name(game_status(&pos)));
		return 422;
	}
	if (event && strlen(event) > 200) {
		snprintf(err, errlen, "an event name has at most 200 characters");
		return 422;
	}
	char canon[FEN_MAX];
	fen_write(&pos, canon);
	sqlite3_stmt *st = store_stmt(app->st, sql_insert);
	if (!st)
		goto dbfail;
	if (event)
		sqlite3_bind_text(st, 1, event, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, profile, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, start_date, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 4, white);
	sqlite3_bind_int64(st, 5, black);
	sqlite3_bind_text(st, 6, canon, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 7, canon, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int(st, 8, series_cancellable); /* DSU 6.2.5: default binding */
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE) {
		*code = "busy";
		snprintf(err, errlen, "the game could not be stored: %s", sqlite3_errstr(rc));
		return 503;
	}
	*id = sqlite3_last_insert_rowid(store_db(app->st));
	return 0;
dbfail:
	*code = "internal";
	snprintf(err, errlen, "the database is not available");
	return 500;
}

/* POST /api/v1/games (tl, admin) */
int api_games_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"white", "black", "profile", "start_date",
	                                   "fen",   "event", "series_cancellable", NULL};
	if (!api_is_tl(&rq->user))
		return api_error(rs, 403, "forbidden",
		                 "only a tournament leader or an admin creates games");
	json_t *body = api_body_object(rq, rs);
	int64_t white, black;
	const char *profile, *start, *fen = NULL, *event = NULL;
	bool cancellable = false; /* DSU 6.2.5: a series is binding unless allowed */
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_int(body, "white", true, &white, rs) ||
	    api_get_int(body, "black", true, &black, rs) ||
	    api_get_string(body, "profile", true, &profile, rs) ||
	    api_get_string(body, "start_date", true, &start, rs) ||
	    api_get_string(body, "fen", false, &fen, rs) < 0 ||
	    api_get_string(body, "event", false, &event, rs) < 0 ||
	    api_get_bool(body, "series_cancellable", false, &cancellable, rs) < 0)
		return rs->status;
	int64_t id;
	const char *code;
	char err[512];
	int status = games_create_ex(app, white, black, profile, start, fen, event, cancellable,
	                             &id, &code, err, sizeof err);
	if (status)
		return api_error(rs, status, code, "%s", err);
	rq->ids[0] = id;
	return respond_game(app, rq, rs, 201);
}

/* GET /api/v1/games/{id} */
int api_games_get(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	return respond_game(app, rq, rs, 200);
}

#define LIST_MAX 500

/* GET /api/v1/games?player={id}: that player's games (default: one's own),
 * newest first, at most LIST_MAX. */
int api_games_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char sql[] =
	        "SELECT id FROM games WHERE white = ?1 OR black = ?1 ORDER BY id DESC LIMIT ?2";
	int64_t player = rq->user.id;
	const char *q = api_query(rq, "player");
	if (q) {
		char *end;
		long long v = strtoll(q, &end, 10);
		if (*q == '\0' || *end || v <= 0)
			return api_error(rs, 422, "invalid_field",
			                 "player must be a user id, not \"%s\"", q);
		player = v;
		json_t *u = api_user_json(app, player);
		if (!u)
			return api_error(rs, 404, "not_found", "there is no user %lld", v);
		json_decref(u);
	}
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		return api_error(rs, 500, "internal", "the database is not available");
	sqlite3_bind_int64(st, 1, player);
	sqlite3_bind_int(st, 2, LIST_MAX);
	int64_t ids[LIST_MAX];
	int n = 0;
	while (n < LIST_MAX && sqlite3_step(st) == SQLITE_ROW)
		ids[n++] = sqlite3_column_int64(st, 0);
	sqlite3_reset(st);
	char today[11];
	api_today(app, today);
	struct jsonw w;
	jsonw_init(&w);
	jsonw_raw(&w, "{\"games\":[");
	for (int i = 0, listed = 0; i < n; i++) {
		struct games_game g;
		char err[512];
		if (games_load(app, ids[i], &g, err, sizeof err) != 0)
			continue; /* logged by games_load */
		if (listed++)
			jsonw_raw(&w, ",");
		games_write_json(&w, &g, &rq->user, today);
		games_unload(&g);
	}
	jsonw_raw(&w, "]}");
	size_t len;
	char *text = jsonw_take(&w, &len);
	return api_json_text(rs, 200, text, len);
}

/* ---- moves ---- */

/* Checks a player may act in g: 403 not_a_player or 409 game_over. */
static const char *player_color(struct api_req *rq, struct api_resp *rs, const struct games_game *g)
{
	const char *color = games_color_of(g, rq->user.id);
	if (!color) {
		api_error(rs, 403, "not_a_player", "you do not play in game %lld",
		          (long long)g->id);
		return NULL;
	}
	if (strcmp(g->status, "active") != 0) {
		api_error(rs, 409, "game_over", "game %lld is over (%s)", (long long)g->id,
		          g->result);
		return NULL;
	}
	return color;
}

/* Reads an optional date field: 1 absent, 0 read, -1 error response. */
static int get_date(json_t *body, const char *key, int32_t *day, struct api_resp *rs)
{
	const char *text;
	int rc = api_get_string(body, key, false, &text, rs);
	if (rc)
		return rc;
	char err[256];
	if (calendar_parse(text, day, err, sizeof err) != CC_OK) {
		api_error(rs, 422, "invalid_date", "%s: %s", key, err);
		return -1;
	}
	return 0;
}

/* Sets a 422 invalid_date error; returns -1. */
static int date_error(struct api_resp *rs, const char *fmt, ...)
        __attribute__((format(printf, 2, 3)));
static int date_error(struct api_resp *rs, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	api_error(rs, 422, "invalid_date", "%s", msg);
	return -1;
}

/* The received and sent dates of a move, per profile (API.md "Moves",
 * DSU 6.3.1, 6.3.2.2, 6.8.6).  0, or an error response and -1. */
static int move_dates(const struct games_game *g, json_t *body, int32_t today, int32_t *received,
                      int32_t *sent, struct api_resp *rs)
{
	int32_t start, opp_sent = CLOCK_NO_DATE;
	calendar_parse(g->start_date, &start, NULL, 0);
	if (g->nmoves > 0)
		calendar_parse(g->moves[g->nmoves - 1].sent, &opp_sent, NULL, 0);
	int32_t given_received = 0, given_sent = 0;
	int has_received = get_date(body, "received", &given_received, rs);
	if (has_received < 0)
		return -1;
	int has_sent = get_date(body, "sent", &given_sent, rs);
	if (has_sent < 0)
		return -1;
	const struct clock_profile *p = g->prof;

	/* The received date when the rules fix it: the start date for the
	 * first move, the opponent's date + 1 in e-mail play (6.3.2.2 a), the
	 * opponent's date in server play. */
	int32_t derived = CLOCK_NO_DATE;
	if (g->nmoves == 0)
		derived = start;
	else if (g->moves[g->nmoves - 1].series && p->receipt != CLOCK_RECEIPT_STATED)
		derived = opp_sent; /* SPEC 3: accepted series moves count as made on the
				       receiver's reply date, so no transmission day */
	else if (p->receipt != CLOCK_RECEIPT_STATED)
		clock_receipt_date(p, opp_sent, &derived, NULL, 0);

	if (p->receipt == CLOCK_RECEIPT_SAME_DAY) {
		if (has_received == 0 || has_sent == 0)
			return date_error(rs, "in server play the server sets the dates; send no "
			                      "\"received\" or \"sent\"");
		*received = derived;
		*sent = today;
	} else {
		if (derived != CLOCK_NO_DATE && has_received == 0 && given_received != derived) {
			char want[CALENDAR_ISO_LEN];
			calendar_format(derived, want, sizeof want);
			return date_error(rs, "this move counts as received on %s (%s)", want,
			                  g->nmoves == 0 ? "the start date"
			                                 : "the day after the opponent's date");
		}
		if (derived != CLOCK_NO_DATE)
			*received = derived;
		else
			*received = has_received == 0 ? given_received : today;
		*sent = has_sent == 0 ? given_sent : today;
	}
	if (*sent > today || *received > today)
		return date_error(rs,
		                  "a date may not be in the future (today is the server's date)");
	if (*sent < *received)
		return date_error(rs, "the move cannot be sent before it was received");
	if (*received < start)
		return date_error(rs, "the move cannot be received before the game starts (%s)",
		                  g->start_date);
	if (opp_sent != CLOCK_NO_DATE && *received < opp_sent)
		return date_error(rs,
		                  "the move cannot be received before the opponent sent his (%s)",
		                  g->moves[g->nmoves - 1].sent);
	return 0;
}

/* DSU 6.2.1.1, 6.8.4, SPEC 4.8: the request may repeat the opponent's
 * last move; it must be the game's last move, in any notation. */
static bool reply_matches(const struct games_game *g, const char *reply_to)
{
	if (g->nmoves == 0)
		return false;
	const struct games_move *last = &g->moves[g->nmoves - 1];
	/* Replay to the position before the last move. */
	game *before = game_new(game_start_position(g->replay));
	if (!before)
		return false;
	for (int i = 0; i < g->nmoves - 1; i++)
		game_play(before, g->moves[i].m, NULL, 0);
	move m;
	char err[256];
	bool ok = notation_parse(game_position(before), reply_to, &m, err, sizeof err) == CC_OK &&
	          m == last->m;
	game_free(before);
	return ok;
}

/* Result and termination for an automatic ending (FIDE 5.1.1, 5.2). */
static void automatic_ending(const game *gm, const char **result, const char **termination)
{
	*result = NULL;
	*termination = NULL;
	switch (game_ending(gm)) {
	case GAME_CHECKMATE:
		*result = game_position(gm)->side == WHITE ? "0-1" : "1-0";
		*termination = "checkmate";
		break;
	case GAME_STALEMATE:
		*result = "1/2-1/2";
		*termination = "stalemate";
		break;
	case GAME_DEAD_POSITION:
		*result = "1/2-1/2";
		*termination = "dead_position";
		break;
	default:
		break;
	}
}

/* One move to store: its texts and dates, computed before the write. */
struct pending_row {
	move m;
	int kind; /* GAMES_MOVE_* */
	int days;
	char iccf[ICCF_MAX], san[SAN_MAX], uci[UCI_MAX];
	char received[CALENDAR_ISO_LEN], sent[CALENDAR_ISO_LEN];
};

/* Fills a row for legal move m of pos. */
static void make_row(struct pending_row *r, const position *pos, move m, int kind, int days,
                     int32_t received, int32_t sent)
{
	r->m = m;
	r->kind = kind;
	r->days = days;
	iccf_write(m, r->iccf);
	san_write(pos, m, r->san);
	uci_write(m, r->uci);
	calendar_format(received, r->received, sizeof r->received);
	calendar_format(sent, r->sent, sizeof r->sent);
}

/* Reads the "series" field: NULL/absent gives 0; else the moves are
 * checked from `after` (the position after the player's own move) and
 * written in DSU numeric form into a new JSON array (*out).  -1 with an
 * error response when the series is refused (DSU 6.2.5: whole). */
static int read_series(json_t *body, const position *after, json_t **out, struct api_resp *rs)
{
	*out = NULL;
	json_t *arr = json_object_get(body, "series");
	if (!arr || json_is_null(arr))
		return 0;
	if (!json_is_array(arr)) {
		api_error(rs, 422, "invalid_field",
		          "series must be a list of moves, the opponent's reply first");
		return -1;
	}
	size_t n = json_array_size(arr);
	const char *texts[SERIES_MAX];
	move moves[SERIES_MAX];
	/* Over SERIES_MAX, series_check() refuses the count before it reads
	 * any text, so texts[] needs no room for more. */
	for (size_t i = 0; i < n && i < SERIES_MAX; i++) {
		json_t *v = json_array_get(arr, i);
		if (!json_is_string(v)) {
			api_error(rs, 422, "invalid_field", "series move %zu must be a string",
			          i + 1);
			return -1;
		}
		texts[i] = json_string_value(v);
	}
	size_t bad;
	char err[512];
	int rc = series_check(after, texts, n, moves, &bad, err, sizeof err);
	if (rc != CC_OK) {
		api_error(rs, 422, "illegal_series", "%s", err);
		return -1;
	}
	json_t *list = json_array();
	position pos = *after;
	for (size_t i = 0; i < n; i++) {
		char iccf[ICCF_MAX];
		iccf_write(moves[i], iccf);
		json_array_append_new(list, json_string(iccf));
		undo u;
		position_do_move(&pos, moves[i], &u);
	}
	*out = list;
	return 0;
}

/* POST /api/v1/games/{id}/moves
 *
 * Checks the move (turn, notation, legality, the dates of the profile),
 * follows or breaks off a series the opponent proposed (DSU 6.2.5: a
 * matching move makes the proposer's next series move at once, with 0
 * days; any other move drops the rest), checks a series the player
 * proposes himself, and stores the move(s) and the game in one
 * transaction.  Bad input changes nothing. */
int api_games_move(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"move", "sent", "received", "reply_to", "series", NULL};
	static const char sql_move[] =
	        "INSERT INTO moves (game_id, ply, iccf, san, uci, received, sent, days, series)"
	        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)";
	static const char sql_game[] =
	        "UPDATE games SET fen = ?, status = ?, result = ?, termination = ?, draw_offer = ?,"
	        " finished_on = ?, series_by = ?, series = ? WHERE id = ? AND status = 'active'";
	struct games_game g;
	memset(&g, 0, sizeof g);
	json_t *new_series = NULL;
	char *series_text = NULL;
	json_t *body = api_body_object(rq, rs);
	const char *text, *reply_to = NULL;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "move", true, &text, rs) ||
	    api_get_string(body, "reply_to", false, &reply_to, rs) < 0)
		return rs->status;
	if (load(app, rq, rs, &g))
		return rs->status;
	const char *color = player_color(rq, rs, &g);
	if (!color)
		goto out;
	if (strcmp(color, games_to_move(&g)) != 0) {
		api_error(rs, 409, "not_your_turn", "it is %s's turn in game %lld",
		          games_to_move(&g), (long long)g.id);
		goto out;
	}
	if (reply_to && !reply_matches(&g, reply_to)) {
		api_error(rs, 409, "stale",
		          "\"%s\" is not the last move of game %lld (%s): reload the game",
		          reply_to, (long long)g.id,
		          g.nmoves ? g.moves[g.nmoves - 1].iccf : "no move yet");
		goto out;
	}
	position before = *game_position(g.replay);
	move m;
	char err[512];
	int rc = notation_parse(&before, text, &m, err, sizeof err);
	if (rc != CC_OK) {
		move_error(rs, rc, err);
		goto out;
	}
	char today_s[CALENDAR_ISO_LEN];
	api_today(app, today_s);
	int32_t today = 0, received = 0, sent = 0;
	calendar_parse(today_s, &today, NULL, 0);
	if (move_dates(&g, body, today, &received, &sent, rs) != 0)
		goto out;
	struct clock_days cd;
	if (clock_move_days(g.prof, received, sent, g.stops, g.nstops, &cd, err, sizeof err) !=
	    CC_OK) {
		api_error(rs, 422, "invalid_date", "%s", err);
		goto out;
	}

	/* The opponent's series, if one waits on this move. */
	move pending[SERIES_MAX];
	int npending = games_pending_series(&g, pending, SERIES_MAX);
	if (npending < 0) {
		api_error(rs, 500, "internal", "the pending series of game %lld cannot be read",
		          (long long)g.id);
		goto out;
	}
	move reply = MOVE_NONE;
	bool follows = npending >= 2 &&
	               series_follow(pending, (size_t)npending, m, &reply) == SERIES_FOLLOWED;
	/* No room for the automatic reply under the game's length limit:
	 * the move is made, the series ends there. */
	if (follows && g.nmoves + 2 > GAME_MAX_PLIES)
		follows = false;

	struct pending_row rows[2];
	int nrows = 0;
	make_row(&rows[nrows++], &before, m, follows ? GAMES_MOVE_ACCEPTED : GAMES_MOVE_NORMAL,
	         cd.days, received, sent);
	if (game_play(g.replay, m, err, sizeof err) != CC_OK) {
		api_error(rs, 422, "illegal_move", "%s", err);
		goto out;
	}
	const char *result, *termination;
	automatic_ending(g.replay, &result, &termination);

	/* DSU 6.2.5: the proposer's next move follows at once, 0 days for
	 * him, dated the day the move it answers was sent. */
	if (follows && !result) {
		position mid = *game_position(g.replay);
		make_row(&rows[nrows++], &mid, reply, GAMES_MOVE_AUTO, 0, sent, sent);
		if (game_play(g.replay, reply, err, sizeof err) != CC_OK) {
			api_error(rs, 500, "internal", "the series reply cannot be played: %s",
			          err);
			goto out;
		}
		automatic_ending(g.replay, &result, &termination);
	}
	json_t *requested = json_object_get(body, "series");
	bool proposes = requested && !json_is_null(requested);
	if (proposes && follows) {
		api_error(
		        rs, 422, "series_pending",
		        "you are following your opponent's series: propose your own once you have "
		        "left it or it has ended");
		goto out;
	}
	if (proposes && result) {
		api_error(rs, 422, "illegal_series",
		          "the game ends with this move; nothing can follow");
		goto out;
	}
	if (read_series(body, game_position(g.replay), &new_series, rs) != 0)
		goto out;

	/* What stays of the series afterwards. */
	char series_by[6] = "";
	if (new_series) {
		snprintf(series_by, sizeof series_by, "%s", color);
		series_text = json_dumps(new_series, JSON_COMPACT);
	} else if (follows && !result && npending > 2) {
		json_t *rest = json_array();
		for (int i = 2; i < npending; i++)
			json_array_append_new(rest, json_copy(json_array_get(g.series, (size_t)i)));
		snprintf(series_by, sizeof series_by, "%s", g.series_by);
		series_text = json_dumps(rest, JSON_COMPACT);
		json_decref(rest);
	}

	char fen[FEN_MAX];
	fen_write(game_position(g.replay), fen);
	/* FIDE 9.1: an offer lapses when the opponent moves instead. */
	bool keep_offer = g.draw_offer[0] && strcmp(g.draw_offer, color) == 0 && !result;

	if (store_begin(app->st) != SQLITE_OK) {
		api_error(rs, 503, "busy", "the database is busy; try again");
		goto out;
	}
	for (int i = 0; i < nrows; i++) {
		sqlite3_stmt *st = store_stmt(app->st, sql_move);
		if (!st)
			goto dbfail;
		sqlite3_bind_int64(st, 1, g.id);
		sqlite3_bind_int(st, 2, g.nmoves + 1 + i);
		sqlite3_bind_text(st, 3, rows[i].iccf, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 4, rows[i].san, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, rows[i].uci, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6, rows[i].received, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 7, rows[i].sent, -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 8, rows[i].days);
		sqlite3_bind_int(st, 9, rows[i].kind);
		rc = sqlite3_step(st);
		sqlite3_reset(st);
		if (rc == SQLITE_CONSTRAINT_PRIMARYKEY) {
			store_rollback(app->st);
			api_error(rs, 409, "stale",
			          "another move was made in game %lld meanwhile: reload it",
			          (long long)g.id);
			goto out;
		}
		if (rc != SQLITE_DONE)
			goto dbfail;
	}
	sqlite3_stmt *st = store_stmt(app->st, sql_game);
	if (!st)
		goto dbfail;
	sqlite3_bind_text(st, 1, fen, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, result ? "finished" : "active", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, result ? result : "*", -1, SQLITE_STATIC);
	if (termination)
		sqlite3_bind_text(st, 4, termination, -1, SQLITE_STATIC);
	if (keep_offer)
		sqlite3_bind_text(st, 5, g.draw_offer, -1, SQLITE_STATIC);
	if (result)
		sqlite3_bind_text(st, 6, rows[nrows - 1].sent, -1, SQLITE_STATIC);
	if (series_text && !result) {
		sqlite3_bind_text(st, 7, series_by, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 8, series_text, -1, SQLITE_STATIC);
	}
	sqlite3_bind_int64(st, 9, g.id);
	rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		goto dbfail;
	if (sqlite3_changes(store_db(app->st)) != 1) {
		store_rollback(app->st);
		api_error(rs, 409, "game_over", "game %lld ended meanwhile", (long long)g.id);
		goto out;
	}
	if (store_commit(app->st) != SQLITE_OK)
		goto dbfail;

	/* Answer from what was just stored, without reading it back. */
	for (int i = 0; i < nrows; i++) {
		struct games_move nm;
		memset(&nm, 0, sizeof nm);
		nm.ply = g.nmoves + 1;
		memcpy(nm.iccf, rows[i].iccf, sizeof nm.iccf);
		memcpy(nm.san, rows[i].san, sizeof rows[i].san);
		memcpy(nm.uci, rows[i].uci, sizeof nm.uci);
		memcpy(nm.received, rows[i].received, sizeof nm.received);
		memcpy(nm.sent, rows[i].sent, sizeof nm.sent);
		nm.days = rows[i].days;
		nm.series = rows[i].kind == GAMES_MOVE_AUTO;
		nm.accepted = rows[i].kind == GAMES_MOVE_ACCEPTED;
		nm.m = rows[i].m;
		if (games_append(&g, &nm) != 0) {
			games_unload(&g);
			respond_game(app, rq, rs, 201);
			goto out;
		}
	}
	snprintf(g.fen, sizeof g.fen, "%s", fen);
	if (result) {
		snprintf(g.status, sizeof g.status, "finished");
		snprintf(g.result, sizeof g.result, "%s", result);
		snprintf(g.termination, sizeof g.termination, "%s", termination);
	}
	if (!keep_offer)
		g.draw_offer[0] = '\0';
	json_decref(g.series);
	g.series = NULL;
	g.series_by[0] = '\0';
	if (series_text && !result) {
		g.series = json_loads(series_text, 0, NULL);
		snprintf(g.series_by, sizeof g.series_by, "%s", series_by);
	}
	struct jsonw w;
	jsonw_init(&w);
	games_write_json(&w, &g, &rq->user, today_s);
	size_t len;
	char *answer = jsonw_take(&w, &len);
	api_json_text(rs, 201, answer, len);
	goto out;
dbfail:
	log_msg(LOG_ERROR, "game %lld: storing the move failed: %s", (long long)g.id,
	        sqlite3_errmsg(store_db(app->st)));
	store_rollback(app->st);
	api_error(rs, 503, "busy", "the move could not be stored; nothing was changed, try again");
out:
	json_decref(new_series);
	free(series_text);
	games_unload(&g);
	return rs->status;
}

/* ---- cancelling a series ---- */

/* DELETE /api/v1/games/{id}/series
 *
 * DSU 6.2.5, SPEC 3: a series is binding once sent; only where the game's
 * tournament allows it (games.series_cancellable) may its proposer cancel
 * it, and only before the opponent has moved in reply: the game's last
 * move must still be the proposer's own move that carried the series, not
 * a move the server played from it after the opponent accepted a part.
 * Only the proposer may cancel: neither the opponent nor a TL or admin
 * (a TL decides a game through POST .../result, he does not withdraw a
 * player's moves).  The series is removed and an audit row written in one
 * transaction; the UPDATE re-checks the proposer and the move count, so a
 * reply stored meanwhile makes it 409 stale and nothing changes.  Cost:
 * one game load.  Answers 200 with the GAME. */
int api_games_series_cancel(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char sql[] =
	        "UPDATE games SET series_by = NULL, series = NULL"
	        " WHERE id = ?1 AND status = 'active' AND series_cancellable = 1"
	        " AND series_by = ?2 AND (SELECT count(*) FROM moves WHERE game_id = ?1) = ?3";
	struct games_game g;
	if (load_bodiless(app, rq, rs, &g))
		return rs->status;
	const char *color = games_color_of(&g, rq->user.id);
	if (!color) {
		api_error(rs, 403, "forbidden",
		          "only the player who proposed the series may cancel it (DSU 6.2.5); "
		          "you do not play in game %lld",
		          (long long)g.id);
		goto out;
	}
	if (strcmp(g.status, "active") != 0) {
		api_error(rs, 409, "game_over", "game %lld is over (%s)", (long long)g.id,
		          g.result);
		goto out;
	}
	if (!g.series_cancellable) {
		api_error(rs, 409, "series_binding",
		          "a series is binding once sent (DSU 6.2.5): game %lld does not allow "
		          "cancelling one",
		          (long long)g.id);
		goto out;
	}
	if (!g.series || !g.series_by[0]) {
		api_error(rs, 409, "no_series", "there is no pending series in game %lld",
		          (long long)g.id);
		goto out;
	}
	if (strcmp(color, g.series_by) != 0) {
		api_error(rs, 403, "forbidden",
		          "only the player who proposed the series may cancel it (DSU 6.2.5)");
		goto out;
	}
	/* DSU 6.2.5: cancellable only before the opponent moved: the last
	 * move is the proposer's own, sent with the series, not one the
	 * server played from it after the opponent accepted a part. */
	const struct games_move *last = g.nmoves ? &g.moves[g.nmoves - 1] : NULL;
	if (!last || strcmp(games_to_move(&g), g.series_by) == 0 || last->series) {
		api_error(rs, 409, "series_answered",
		          "your opponent has already answered the series (DSU 6.2.5): it binds "
		          "you now");
		goto out;
	}
	if (store_begin(app->st) != SQLITE_OK) {
		api_error(rs, 503, "busy", "the database is busy; try again");
		goto out;
	}
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		goto dbfail;
	sqlite3_bind_int64(st, 1, g.id);
	sqlite3_bind_text(st, 2, g.series_by, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 3, g.nmoves);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		goto dbfail;
	if (sqlite3_changes(store_db(app->st)) != 1) {
		store_rollback(app->st);
		api_error(rs, 409, "stale", "game %lld changed meanwhile: reload it",
		          (long long)g.id);
		goto out;
	}
	char detail[64];
	snprintf(detail, sizeof detail, "%s withdrew the series sent with ply %d", color, g.nmoves);
	if (games_audit(app, rq->user.id, g.id, "series_cancelled", detail) != 0)
		goto dbfail;
	if (store_commit(app->st) != SQLITE_OK)
		goto dbfail;
	respond_game(app, rq, rs, 200);
	goto out;
dbfail:
	log_msg(LOG_ERROR, "game %lld: cancelling the series failed: %s", (long long)g.id,
	        sqlite3_errmsg(store_db(app->st)));
	store_rollback(app->st);
	api_error(rs, 503, "busy",
	          "the series could not be cancelled; nothing was changed, try again");
out:
	games_unload(&g);
	return rs->status;
}

/* ---- endings ---- */

/* Ends game g (result, termination) and writes an audit line, in one
 * transaction; answers with the game.  Only an active game ends unless
 * `correct` (a TL correcting a result). */
static int end_game(struct app *app, struct api_req *rq, struct api_resp *rs,
                    const struct games_game *g, const char *result, const char *termination,
                    const char *action, const char *detail, bool correct)
{
	char today[11];
	api_today(app, today);
	if (store_begin(app->st) != SQLITE_OK)
		return api_error(rs, 503, "busy", "the database is busy; try again");
	int ended = games_end(app, g->id, result, termination, today, -1, correct);
	if (ended < 0)
		goto dbfail;
	if (!ended) {
		store_rollback(app->st);
		return api_error(rs, 409, "game_over", "game %lld ended meanwhile",
		                 (long long)g->id);
	}
	if (games_audit(app, rq->user.id, g->id, action, detail) != 0)
		goto dbfail;
	if (store_commit(app->st) != SQLITE_OK)
		goto dbfail;
	return respond_game(app, rq, rs, 200);
dbfail:
	store_rollback(app->st);
	return api_error(rs, 503, "busy", "the result could not be stored; try again");
}

static int set_offer(struct app *app, struct api_req *rq, struct api_resp *rs, int64_t id,
                     const char *offer)
{
	static const char sql[] =
	        "UPDATE games SET draw_offer = ? WHERE id = ? AND status = 'active'";
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		return api_error(rs, 500, "internal", "the database is not available");
	if (offer)
		sqlite3_bind_text(st, 1, offer, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, id);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return api_error(rs, 503, "busy", "the offer could not be stored; try again");
	return respond_game(app, rq, rs, 200);
}

/* POST /api/v1/games/{id}/draw {"action": "offer"|"accept"|"decline"}
 * (FIDE 9.1: an offer stands until accepted, declined or a move is made). */
int api_games_draw(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"action", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *action;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "action", true, &action, rs))
		return rs->status;
	if (strcmp(action, "offer") && strcmp(action, "accept") && strcmp(action, "decline"))
		return api_error(rs, 422, "invalid_field",
		                 "action must be offer, accept or decline, not \"%s\"", action);
	struct games_game g;
	if (load(app, rq, rs, &g))
		return rs->status;
	const char *color = player_color(rq, rs, &g);
	int status;
	if (!color) {
		status = rs->status;
	} else if (strcmp(action, "offer") == 0) {
		if (g.draw_offer[0] && strcmp(g.draw_offer, color) != 0)
			status =
			        api_error(rs, 409, "draw_offered",
			                  "your opponent has offered a draw: accept or decline it");
		else if (g.draw_offer[0])
			status = api_error(rs, 409, "draw_offered",
			                   "you have offered a draw already");
		else
			status = set_offer(app, rq, rs, g.id, color);
	} else if (!g.draw_offer[0] || strcmp(g.draw_offer, color) == 0) {
		status = api_error(rs, 409, "no_draw_offer",
		                   "there is no draw offer from your opponent to %s", action);
	} else if (strcmp(action, "accept") == 0) {
		status = end_game(app, rq, rs, &g, "1/2-1/2", "agreement", "draw_agreed",
		                  "draw offer accepted", false);
	} else {
		status = set_offer(app, rq, rs, g.id, NULL);
	}
	games_unload(&g);
	return status;
}

/* POST /api/v1/games/{id}/resign */
int api_games_resign(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct games_game g;
	if (load_bodiless(app, rq, rs, &g))
		return rs->status;
	const char *color = player_color(rq, rs, &g);
	int status = color ? end_game(app, rq, rs, &g, strcmp(color, "white") == 0 ? "0-1" : "1-0",
	                              "resignation", "resigned", color, false)
	                   : rs->status;
	games_unload(&g);
	return status;
}

/* POST /api/v1/games/{id}/claim {"type", "move"?}: FIDE 9.2 (threefold),
 * 9.3 (fifty moves), DSU 6.3.3 (time forfeit).  A rejected claim changes
 * nothing and says why (422 claim_rejected). */
int api_games_claim(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"type", "move", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *type, *text = NULL;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "type", true, &type, rs) ||
	    api_get_string(body, "move", false, &text, rs) < 0)
		return rs->status;
	bool threefold = strcmp(type, "threefold") == 0;
	bool fifty = strcmp(type, "fifty_moves") == 0;
	bool forfeit = strcmp(type, "time_forfeit") == 0;
	if (!threefold && !fifty && !forfeit)
		return api_error(rs, 422, "invalid_field",
		                 "type must be threefold, fifty_moves or time_forfeit, not \"%s\"",
		                 type);
	struct games_game g;
	if (load(app, rq, rs, &g))
		return rs->status;
	int status;
	char err[512];
	const char *color = player_color(rq, rs, &g);
	if (!color) {
		status = rs->status;
		goto out;
	}
	if (forfeit) {
		if (text) {
			status = api_error(rs, 422, "invalid_field",
			                   "a time forfeit claim takes no move");
			goto out;
		}
		char today[11];
		api_today(app, today);
		struct clock_result res;
		if (games_clock(&g, today, &res, err, sizeof err) != 0) {
			status = api_error(rs, 500, "internal", "the clocks cannot be computed: %s",
			                   err);
			goto out;
		}
		int opp = strcmp(color, "white") == 0 ? CLOCK_BLACK : CLOCK_WHITE;
		const struct clock_player *p = &res.player[opp];
		int32_t now;
		calendar_parse(today, &now, NULL, 0);
		bool over =
		        p->forfeited || (res.to_move == opp && p->forfeit_date != CLOCK_NO_DATE &&
		                         now >= p->forfeit_date);
		if (!over) {
			status =
			        api_error(rs, 422, "claim_rejected",
			                  "your opponent has used %d of the %d days allowed "
			                  "before move %d: no time forfeit",
			                  p->used_days + (res.to_move == opp ? p->running_days : 0),
			                  p->limit_days, p->next_control);
			goto out;
		}
		/* DSU 6.3.3.3: a time forfeit loses the game. */
		status = end_game(app, rq, rs, &g, opp == CLOCK_WHITE ? "0-1" : "1-0",
		                  "time_forfeit", "claim_time_forfeit", color, false);
		goto out;
	}
	/* FIDE 9.2, 9.3: the player having the move claims. */
	if (strcmp(color, games_to_move(&g)) != 0) {
		status = api_error(rs, 409, "not_your_turn",
		                   "only the player to move can claim a draw (FIDE 9.2, 9.3)");
		goto out;
	}
	move intended = MOVE_NONE;
	if (text) {
		int rc = notation_parse(game_position(g.replay), text, &intended, err, sizeof err);
		if (rc != CC_OK) {
			status = move_error(rs, rc, err);
			goto out;
		}
	}
	bool holds = threefold ? game_can_claim_threefold(g.replay, intended)
	                       : game_can_claim_fifty(g.replay, intended);
	if (!holds) {
		if (threefold)
			status = api_error(rs, 422, "claim_rejected",
			                   "the position %s has occurred %d time(s), not three",
			                   text ? "after that move" : "on the board",
			                   game_repetitions(g.replay, intended));
		else
			status = api_error(rs, 422, "claim_rejected",
			                   "%s: fewer than 50 moves by each side without a pawn "
			                   "move or a capture",
			                   text ? "after that move" : "on the board");
		goto out;
	}
	status = end_game(app, rq, rs, &g, "1/2-1/2", threefold ? "threefold" : "fifty_moves",
	                  threefold ? "claim_threefold" : "claim_fifty_moves", text ? text : "-",
	                  false);
out:
	games_unload(&g);
	return status;
}

/* POST /api/v1/games/{id}/result (tl, admin) {"result", "reason"}: a TL
 * decision (adjudication, withdrawal, silence; DSU 6.2.7, 6.2.8), kept
 * with its reason in the audit table.  May correct a finished game. */
int api_games_result(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"result", "reason", "termination", NULL};
	static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "0-0", "*", NULL};
	static const char *const terms[] = {"adjudication", "time_forfeit", "resignation",
	                                    "agreement", NULL};
	if (!api_is_tl(&rq->user))
		return api_error(rs, 403, "forbidden",
		                 "only a tournament leader or an admin sets results");
	json_t *body = api_body_object(rq, rs);
	const char *result, *reason, *term = "adjudication";
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "result", true, &result, rs) ||
	    api_get_string(body, "reason", true, &reason, rs) ||
	    api_get_string(body, "termination", false, &term, rs) < 0)
		return rs->status;
	bool ok = false;
	for (const char *const *r = results; *r; r++)
		ok |= strcmp(*r, result) == 0;
	if (!ok || strcmp(result, "*") == 0)
		return api_error(rs, 422, "invalid_field",
		                 "result must be 1-0, 0-1, 1/2-1/2 or 0-0, not \"%s\"", result);
	ok = false;
	for (const char *const *t = terms; *t; t++)
		ok |= strcmp(*t, term) == 0;
	if (!ok)
		return api_error(rs, 422, "invalid_field",
		                 "termination must be adjudication, time_forfeit, resignation or "
		                 "agreement");
	if (strlen(reason) < 3 || strlen(reason) > 2000)
		return api_error(rs, 422, "invalid_field", "give a reason of 3 to 2000 characters");
	struct games_game g;
	if (load(app, rq, rs, &g))
		return rs->status;
	char detail[2100];
	snprintf(detail, sizeof detail, "%s -> %s (%s): %s", g.result, result, term, reason);
	int status = end_game(app, rq, rs, &g, result, term, "tl_result", detail, true);
	games_unload(&g);
	return status;
}
