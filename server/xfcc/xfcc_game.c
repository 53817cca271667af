/* xfcc_game.c: the adapter between the Xfcc interface and the game code
 * (see xfcc_game.h).  The only file of server/xfcc/ that calls into the
 * games, the moves, the clocks and the sessions. */
#include "autoconfig.h"
#include "xfcc_game.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_games.h"
#include "auth.h"
#include "calendar.h"
#include "clock.h"
#include "fen.h"
#include "games.h"
#include "jsonw.h"
#include "log.h"
#include "notation.h"
#include "pgn.h"
#include "status.h"
#include "store_xfcc.h"
#include "xfcc_xml.h"

/* ---- login ---- */

/* A valid argon2id string that matches no password: an unknown login is
 * checked against it, so it costs what a wrong password costs (API.md
 * "Operations").  Made once, by the first login. */
static char dummy_hash[AUTH_HASH_MAX];
static pthread_once_t dummy_once = PTHREAD_ONCE_INIT;

static void make_dummy_hash(void)
{
	if (auth_hash_password("corrchess-no-such-user", dummy_hash) != 0)
		dummy_hash[0] = '\0';
}

int xfcc_game_login(struct app *app, const char *login, const char *password, const char *peer,
                    struct user *u)
{
	(void)peer; /* for the login throttling of API.md "Operations", once the API has it */
	int64_t id = 0;
	char name[128], role[8], hash[STORE_HASH_MAX];
	int found = store_user_by_login(app->st, login, &id, name, role, hash);
	if (found < 0)
		return XFCC_LOGIN_ERROR;
	if (!found) {
		pthread_once(&dummy_once, make_dummy_hash);
		if (!dummy_hash[0])
			return XFCC_LOGIN_ERROR;
		snprintf(hash, sizeof hash, "%s", dummy_hash);
	}
	bool ok = strlen(password) <= AUTH_PASSWORD_MAX && auth_check_password(hash, password);
	if (!found || !ok)
		return XFCC_LOGIN_FAILED;
	memset(u, 0, sizeof *u);
	u->id = id;
	snprintf(u->name, sizeof u->name, "%s", name);
	snprintf(u->role, sizeof u->role, "%s", role);
	return XFCC_LOGIN_OK;
}

/* ---- GetMyGames ---- */

/* The Xfcc result of a game (the XfccGame result values). */
static const char *xfcc_result(const struct games_game *g)
{
	bool adjudicated = strcmp(g->termination, "adjudication") == 0;
	bool forfeit = strcmp(g->termination, "time_forfeit") == 0;
	if (strcmp(g->status, "active") == 0)
		return "Ongoing";
	if (strcmp(g->result, "1-0") == 0)
		return adjudicated ? "WhiteWinAdjudicated"
		       : forfeit   ? "BlackDefaulted"
		                   : "WhiteWins";
	if (strcmp(g->result, "0-1") == 0)
		return adjudicated ? "BlackWinAdjudicated"
		       : forfeit   ? "WhiteDefaulted"
		                   : "BlackWins";
	if (strcmp(g->result, "1/2-1/2") == 0)
		return adjudicated ? "DrawAdjudicated" : "Draw";
	if (strcmp(g->result, "0-0") == 0)
		return "BothDefaulted"; /* SPEC 4.6: scored as lost for both */
	return "Cancelled";
}

/* The SAN movetext of g with move numbers and no result ("1. e4 e5
 * 2. Nf3", "12... Nf6 13. d4" from a position with Black to move):
 * new text, or NULL when out of memory. */
static char *movetext(const struct games_game *g)
{
	const position *start = game_start_position(g->replay);
	int number = start->fullmove;
	bool black = start->side == BLACK;
	size_t cap = 16 + (size_t)g->nmoves * 20, len = 0;
	char *out = malloc(cap);
	if (!out)
		return NULL;
	out[0] = '\0';
	for (int i = 0; i < g->nmoves; i++) {
		int w;
		if (!black)
			w = snprintf(out + len, cap - len, "%s%d. %s", i ? " " : "", number,
			             g->moves[i].san);
		else if (i == 0)
			w = snprintf(out + len, cap - len, "%d... %s", number, g->moves[i].san);
		else
			w = snprintf(out + len, cap - len, " %s", g->moves[i].san);
		if (w < 0 || (size_t)w >= cap - len) {
			free(out);
			return NULL; /* cannot happen: 20 bytes per move are plenty */
		}
		len += (size_t)w;
		if (black)
			number++;
		black = !black;
	}
	return out;
}

struct last_message {
	int ply; /* the game's moves when it was sent */
	char text[STORE_MESSAGE_MAX + 1];
};

static void keep_message(const struct store_message *m, void *ctx)
{
	struct last_message *lm = ctx;
	lm->ply = m->ply;
	snprintf(lm->text, sizeof lm->text, "%s", m->text ? m->text : "");
}

/* Days left to the player's next control, as of today: his allowance
 * less what he has used, less for the side to move what the pending move
 * would cost if sent today; never below 0 (Scid computes with it). */
static int days_left(const struct clock_result *res, int side)
{
	const struct clock_player *p = &res->player[side];
	int32_t left = p->limit_days - p->used_days - (res->to_move == side ? p->running_days : 0);
	return left < 0 ? 0 : (int)left;
}

/* Everything one XfccGame needs that the struct only borrows. */
struct game_texts {
	char event_date[PGN_DATE_LEN];
	char time_control[PGN_TIME_CONTROL_LEN];
	char link[512];
	char info[256];
	char fen[FEN_MAX];
	char *moves; /* new */
	struct last_message msg;
	char *event; /* new copy */
	char white[128], black[128];
};

/* Fills x (and t, which it points into) for game g as u sees it; 0, or
 * -1 with the reason logged. */
static int describe(struct app *app, const struct user *u, const struct games_game *g,
                    const char *today, struct xfcc_game *x, struct game_texts *t)
{
	char err[512];
	struct clock_result res;
	if (games_clock(g, today, &res, err, sizeof err) != 0) {
		log_msg(LOG_ERROR, "xfcc: game %lld: the clocks cannot be computed: %s",
		        (long long)g->id, err);
		return -1;
	}
	const char *color = games_color_of(g, u->id);
	int me = strcmp(color, "white") == 0 ? CLOCK_WHITE : CLOCK_BLACK;
	int opp = 1 - me;
	memset(x, 0, sizeof *x);
	x->id = g->id;
	snprintf(t->white, sizeof t->white, "%s", g->white_name);
	snprintf(t->black, sizeof t->black, "%s", g->black_name);
	x->white = t->white;
	x->black = t->black;
	t->event = g->event ? strdup(g->event) : NULL;
	x->event = t->event ? t->event : "";
	const char *base = app->cfg->base_url && app->cfg->base_url[0] ? app->cfg->base_url : NULL;
	x->site = base ? base : "corrchess";
	pgn_date(g->start_date, t->event_date);
	x->event_date = t->event_date;
	x->round = "-";
	pgn_time_control(g->prof->moves_per_period, g->prof->days_per_period, t->time_control);
	x->time_control = t->time_control;
	if (base) {
		size_t bl = strlen(base);
		snprintf(t->link, sizeof t->link, "%.*s/games/%lld",
		         (int)(bl && base[bl - 1] == '/' ? bl - 1 : bl), base, (long long)g->id);
	} else {
		t->link[0] = '\0';
	}
	x->game_link = t->link;
	x->result = xfcc_result(g);
	bool active = strcmp(g->status, "active") == 0;
	/* Xfcc drawOffered: the opponent's offer waits on this player. */
	x->draw_offered = active && g->draw_offer[0] && strcmp(g->draw_offer, color) != 0;
	char standard[FEN_MAX];
	position sp;
	fen_parse(&sp, "startpos", NULL, 0);
	fen_write(&sp, standard);
	x->setup = strcmp(g->start_fen, standard) != 0;
	snprintf(t->fen, sizeof t->fen, "%s", x->setup ? g->start_fen : "");
	x->fen = t->fen;
	x->my_turn = active && strcmp(games_to_move(g), color) == 0;
	x->has_white = me == CLOCK_WHITE;
	x->days_player = days_left(&res, me);
	x->days_opponent = days_left(&res, opp);
	t->moves = movetext(g);
	if (!t->moves)
		return -1;
	x->moves = t->moves;
	/* The message that came with the opponent's latest action: none
	 * once a move was made after it (Scid writes it as a comment after
	 * the last move, where an older one would be misplaced). */
	t->msg.text[0] = '\0';
	t->msg.ply = -1;
	int64_t opp_id = me == CLOCK_WHITE ? g->black : g->white;
	if (store_messages_each(app->st, g->id, opp_id, 1, keep_message, &t->msg) < 0)
		return -1;
	x->message = t->msg.ply == g->nmoves ? t->msg.text : "";
	const struct clock_player *mine = &res.player[me];
	int n = snprintf(t->info, sizeof t->info,
	                 "corrchess game %lld, profile %s; your next control: move %d",
	                 (long long)g->id, g->profile, mine->next_control);
	if (active && res.to_move == me && mine->forfeit_date != CLOCK_NO_DATE && n > 0 &&
	    (size_t)n < sizeof t->info) {
		char fd[CALENDAR_ISO_LEN];
		calendar_format(mine->forfeit_date, fd, sizeof fd);
		snprintf(t->info + n, sizeof t->info - (size_t)n, "; move before %s", fd);
	}
	x->server_info = t->info;
	x->variant = "chess";
	return 0;
}

int xfcc_game_list(struct app *app, const struct user *u, char **xml, size_t *len)
{
	char today[CALENDAR_ISO_LEN], since[CALENDAR_ISO_LEN];
	api_today(app, today);
	int32_t day;
	calendar_parse(today, &day, NULL, 0);
	calendar_format(day - XFCC_KEEP_DAYS, since, sizeof since);
	int rc = -1;
	int64_t *ids = malloc(XFCC_LIST_MAX * sizeof *ids);
	struct xfcc_game *games = NULL;
	struct game_texts *texts = NULL;
	int n = 0, listed = 0;
	if (!ids)
		goto fail;
	n = store_player_game_ids(app->st, u->id, since, ids, XFCC_LIST_MAX);
	if (n < 0)
		goto fail;
	games = calloc((size_t)n + 1, sizeof *games);
	texts = calloc((size_t)n + 1, sizeof *texts);
	if (!games || !texts)
		goto fail;
	for (int i = 0; i < n; i++) {
		struct games_game g;
		char err[512];
		if (games_load(app, ids[i], &g, err, sizeof err) != 0)
			continue; /* logged by games_load: one unreadable game hides no other */
		int ok = describe(app, u, &g, today, &games[listed], &texts[listed]);
		games_unload(&g);
		if (ok != 0) {
			free(texts[listed].moves);
			free(texts[listed].event);
			memset(&texts[listed], 0, sizeof texts[listed]);
			continue;
		}
		listed++;
	}
	*xml = xfcc_write_games(games, (size_t)listed, len);
	rc = *xml ? 0 : -1;
fail:
	if (texts)
		for (int i = 0; i < listed; i++) {
			free(texts[i].moves);
			free(texts[i].event);
		}
	free(texts);
	free(games);
	free(ids);
	return rc;
}

/* ---- MakeAMove ---- */

/* What an API handler answered: its status and, for an error, the
 * API.md code and message. */
struct api_outcome {
	int status;
	char code[64];
	char message[512];
};

typedef int (*api_handler)(struct app *, struct api_req *, struct api_resp *);

/* Runs one API handler for u on game with body (borrowed; NULL for
 * none), exactly as api_handle() would after the route and the session
 * matched, and rolls back whatever a failing handler left open. */
static void call_api(struct app *app, const struct user *u, int64_t game_id, api_handler fn,
                     json_t *body, struct api_outcome *out)
{
	struct api_req rq;
	struct api_resp rs;
	memset(&rq, 0, sizeof rq);
	memset(&rs, 0, sizeof rs);
	memset(out, 0, sizeof *out);
	rq.method = "POST";
	rq.path = "/xfcc";
	rq.body = "";
	rq.body_len = body ? 2 : 0; /* the parsed body is rq.json */
	rq.json = body;
	rq.ids[0] = game_id;
	rq.user = *u;
	rs.status = 500;
	fn(app, &rq, &rs);
	store_rollback(app->st);
	out->status = rs.status;
	if (rs.status >= 400 && rs.body) {
		json_t *j = json_loadb(rs.body, rs.len, 0, NULL);
		const char *code =
		        json_string_value(json_object_get(json_object_get(j, "error"), "code"));
		const char *msg =
		        json_string_value(json_object_get(json_object_get(j, "error"), "message"));
		snprintf(out->code, sizeof out->code, "%s", code ? code : "internal");
		snprintf(out->message, sizeof out->message, "%s", msg ? msg : "");
		json_decref(j);
	}
	free(rs.body);
}

/* The Xfcc code for an API error (API.md codes to the Xfcc list). */
static const char *map_error(const struct api_outcome *o)
{
	static const struct {
		const char *api, *xfcc;
	} map[] = {
	        {"not_found", "InvalidGameID"},        {"not_a_player", "NotYourGame"},
	        {"forbidden", "NotYourGame"},          {"not_your_turn", "NotYourTurn"},
	        {"game_over", "NotYourTurn"},          {"stale", "InvalidMoveNumber"},
	        {"malformed_move", "InvalidMove"},     {"illegal_move", "InvalidMove"},
	        {"no_draw_offer", "NoDrawWasOffered"}, {"lost_on_time", "LostOnTime"},
	        {"claim_rejected", "InvalidMove"},     {"on_leave", "YouAreOnLeave"},
	};
	if (strcmp(o->code, "illegal_move") == 0 && strstr(o->message, "ambiguous"))
		return "MoveIsAmbigous"; /* sic: the Xfcc spelling */
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strcmp(map[i].api, o->code) == 0)
			return map[i].xfcc;
	log_msg(LOG_WARN, "xfcc: the API answered %d %s: %s", o->status, o->code, o->message);
	return "ServerError";
}

/* Runs fn and gives its Xfcc code ("Success" for any 2xx). */
static const char *run(struct app *app, const struct user *u, int64_t game_id, api_handler fn,
                       json_t *body)
{
	struct api_outcome o;
	call_api(app, u, game_id, fn, body, &o);
	json_decref(body);
	return o.status >= 200 && o.status < 300 ? "Success" : map_error(&o);
}

static json_t *draw_body(const char *action)
{
	return json_pack("{s:s}", "action", action);
}

/* DSU 6.2.1.1, 6.8.4: the move count guards against a move meant for an
 * older position.  Exact for a move; a resignation or an acceptance
 * without a move may be one off (clients count those differently). */
static bool movecount_ok(const struct xfcc_move *mv, const position *pos, bool moving)
{
	if (!mv->has_movecount)
		return true;
	int64_t want = pos->fullmove;
	if (moving)
		return mv->movecount == want;
	return mv->movecount >= want - 1 && mv->movecount <= want + 1;
}

/* The message, trimmed, cut to STORE_MESSAGE_MAX bytes at a UTF-8
 * boundary, stored after the action succeeded.  A failure here loses
 * only the message (logged): the move stands. */
static void store_message(struct app *app, const struct user *u, int64_t game_id, const char *text)
{
	while (*text == ' ' || *text == '\t' || *text == '\r' || *text == '\n')
		text++;
	size_t l = strlen(text);
	while (l > 0 && (text[l - 1] == ' ' || text[l - 1] == '\t' || text[l - 1] == '\r' ||
	                 text[l - 1] == '\n'))
		l--;
	if (l > STORE_MESSAGE_MAX) {
		l = STORE_MESSAGE_MAX;
		while (l > 0 && ((unsigned char)text[l] & 0xC0) == 0x80)
			l--;
	}
	if (l == 0)
		return;
	char *copy = strndup(text, l);
	if (!copy)
		return;
	struct games_game g;
	char err[512], today[CALENDAR_ISO_LEN];
	api_today(app, today);
	int plies = 0;
	if (games_load(app, game_id, &g, err, sizeof err) == 0) {
		plies = g.nmoves;
		games_unload(&g);
	}
	if (store_message_add(app->st, game_id, u->id, plies, today, "xfcc", copy) != 0)
		log_msg(LOG_ERROR, "xfcc: game %lld: the message of user %lld is lost",
		        (long long)game_id, (long long)u->id);
	free(copy);
}

/* The action of mv, on the loaded game g (see xfcc_game_move()). */
static const char *act(struct app *app, const struct user *u, const struct xfcc_move *mv,
                       const struct games_game *g, const char *color)
{
	const position *pos = game_position(g->replay);
	bool my_turn = strcmp(games_to_move(g), color) == 0;
	bool has_move = mv->move && mv->move[0];
	/* Xfcc: myMove is ignored when resigning or accepting a draw (the
	 * clients send the last move of their board there). */
	if (mv->resign) {
		if (!movecount_ok(mv, pos, false))
			return "InvalidMoveNumber";
		return run(app, u, g->id, api_games_resign, NULL);
	}
	if (mv->accept_draw) {
		if (!g->draw_offer[0] || strcmp(g->draw_offer, color) == 0)
			return "NoDrawWasOffered";
		if (!movecount_ok(mv, pos, false))
			return "InvalidMoveNumber";
		return run(app, u, g->id, api_games_draw, draw_body("accept"));
	}
	if (mv->claim_draw) {
		/* FIDE 9.2, 9.3 through POST .../claim: with the intended move
		 * when one is sent and legal here, else on the board. */
		if (!my_turn)
			return "NotYourTurn";
		move m;
		char err[256];
		bool intended =
		        has_move && notation_parse(pos, mv->move, &m, err, sizeof err) == CC_OK;
		if (intended && !movecount_ok(mv, pos, true))
			return "InvalidMoveNumber";
		const char *types[] = {"threefold", "fifty_moves"};
		const char *code = "InvalidMove";
		for (int i = 0; i < 2 && strcmp(code, "Success") != 0; i++) {
			json_t *body = intended ? json_pack("{s:s, s:s}", "type", types[i], "move",
			                                    mv->move)
			                        : json_pack("{s:s}", "type", types[i]);
			code = run(app, u, g->id, api_games_claim, body);
		}
		return code;
	}
	if (!has_move) {
		if (mv->offer_draw) /* an offer without a move */
			return run(app, u, g->id, api_games_draw, draw_body("offer"));
		return "InvalidMove";
	}
	if (!my_turn)
		return "NotYourTurn";
	if (!movecount_ok(mv, pos, true))
		return "InvalidMoveNumber";
	const char *code = run(app, u, g->id, api_games_move, json_pack("{s:s}", "move", mv->move));
	if (strcmp(code, "Success") != 0 || !mv->offer_draw)
		return code;
	/* FIDE 9.1.2.1: the offer comes with the move.  When the move ended
	 * the game, there is nothing left to offer; a refused offer (one
	 * stands already) does not undo the move. */
	struct games_game after;
	char err[512];
	if (games_load(app, g->id, &after, err, sizeof err) == 0) {
		if (strcmp(after.status, "active") == 0 && !after.draw_offer[0]) {
			const char *o = run(app, u, g->id, api_games_draw, draw_body("offer"));
			if (strcmp(o, "Success") != 0)
				log_msg(LOG_WARN,
				        "xfcc: game %lld: the draw offer with the move failed: %s",
				        (long long)g->id, o);
		}
		games_unload(&after);
	}
	return code;
}

const char *xfcc_game_move(struct app *app, const struct user *u, const struct xfcc_move *mv)
{
	if (mv->game <= 0)
		return "InvalidGameID";
	struct games_game g;
	char err[512];
	int status = games_load(app, mv->game, &g, err, sizeof err);
	if (status == 404)
		return "InvalidGameID";
	if (status != 0) {
		log_msg(LOG_ERROR, "xfcc: game %lld cannot be read: %s", (long long)mv->game, err);
		return "ServerError";
	}
	const char *code;
	const char *color = games_color_of(&g, u->id);
	if (!color) {
		code = "NotYourGame";
	} else if (strcmp(g.status, "active") != 0) {
		/* A finished game takes no move: LostOnTime when the clock
		 * ended it against this player, else NotYourTurn. */
		bool lost = strcmp(g.termination, "time_forfeit") == 0 &&
		            strcmp(g.result, strcmp(color, "white") == 0 ? "0-1" : "1-0") == 0;
		code = lost ? "LostOnTime" : "NotYourTurn";
	} else {
		code = act(app, u, mv, &g, color);
	}
	int64_t id = g.id;
	games_unload(&g);
	if (strcmp(code, "Success") == 0 && mv->message && mv->message[0])
		store_message(app, u, id, mv->message);
	return code;
}

/* ---- GET /api/v1/games/{id}/messages ---- */

struct message_list {
	struct jsonw *w;
	const struct games_game *g;
	int n;
};

static void write_message(const struct store_message *m, void *ctx)
{
	struct message_list *ml = ctx;
	jsonw_raw(ml->w, ml->n++ ? ",{" : "{");
	jsonw_key(ml->w, "id", true);
	jsonw_int(ml->w, m->id);
	jsonw_key(ml->w, "from", false);
	jsonw_int(ml->w, m->user);
	jsonw_key(ml->w, "color", false);
	jsonw_str(ml->w, games_color_of(ml->g, m->user));
	jsonw_key(ml->w, "ply", false);
	jsonw_int(ml->w, m->ply);
	jsonw_key(ml->w, "on", false);
	jsonw_str(ml->w, m->on);
	jsonw_key(ml->w, "via", false);
	jsonw_str(ml->w, m->via);
	jsonw_key(ml->w, "text", false);
	jsonw_str(ml->w, m->text);
	jsonw_raw(ml->w, "}");
}

int xfcc_api_messages(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct games_game g;
	char err[512];
	int status = games_load(app, rq->ids[0], &g, err, sizeof err);
	if (status == 404)
		return api_error(rs, 404, "not_found", "%s", err);
	if (status)
		return api_error(rs, 500, "internal", "game %lld cannot be read: %s",
		                 (long long)rq->ids[0], err);
	if (!games_color_of(&g, rq->user.id) && !api_is_tl(&rq->user)) {
		games_unload(&g);
		return api_error(rs, 403, "forbidden",
		                 "only the players of game %lld and tournament leaders read its "
		                 "messages",
		                 (long long)rq->ids[0]);
	}
	struct jsonw w;
	jsonw_init(&w);
	jsonw_raw(&w, "{\"messages\":[");
	struct message_list ml = {.w = &w, .g = &g, .n = 0};
	int n = store_messages_each(app->st, g.id, 0, 0, write_message, &ml);
	games_unload(&g);
	if (n < 0) {
		jsonw_free(&w);
		return api_error(rs, 503, "busy", "the messages cannot be read; try again");
	}
	jsonw_raw(&w, "]}");
	size_t len;
	char *text = jsonw_take(&w, &len);
	return api_json_text(rs, 200, text, len);
}
