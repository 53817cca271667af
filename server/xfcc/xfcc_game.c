/* xfcc_game.c: the adapter between the Xfcc interface and the game code
 * (see xfcc_game.h).  The only file of server/xfcc/ that calls into the
 * store, lib/corr, the clocks and the passwords. */
#include "autoconfig.h"
#include "xfcc/xfcc_game.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "svc/svc_accounts.h"
#include "svc/svc_game.h"
#include "svc/svc_messages.h"
#include "base/log.h"
#include "chess/fen.h"
#include "clock/calendar.h"
#include "clock/clock.h"
#include "corr/corr.h"
#include "export/pgn.h"
#include "notation/notation.h"
#include "store/store_games.h"
#include "store/store_ratings.h"
#include "store/store_users.h"
#include "store/store_xfcc.h"
#include "util/status.h"
#include "util/utf8.h"
#include "xfcc/xfcc_xml.h"

/* ---- login ---- */

int xfcc_game_login(struct app *app, const char *login, const char *password, const char *peer,
                    struct user *u, int *wait)
{
	/* API.md "Operations": the login of POST /session itself, its
	 * counters and limits (svc/svc_accounts.h). */
	switch (svc_login(app, login, password, peer, u, wait)) {
	case SVC_LOGIN_OK:
		return XFCC_LOGIN_OK;
	case SVC_LOGIN_FAILED:
		return XFCC_LOGIN_FAILED;
	case SVC_LOGIN_THROTTLED:
		return XFCC_LOGIN_THROTTLED;
	default:
		return XFCC_LOGIN_ERROR;
	}
}

/* ---- GetMyGames ---- */

/* The Xfcc result of a game (the XfccGame result values). */
static const char *xfcc_result(const struct corr_state *s)
{
	bool adjudicated = strcmp(s->termination, "adjudication") == 0;
	bool forfeit = strcmp(s->termination, "time_forfeit") == 0;
	if (s->status == CORR_ACTIVE)
		return "Ongoing";
	if (strcmp(s->result, "1-0") == 0)
		return adjudicated ? "WhiteWinAdjudicated"
		       : forfeit   ? "BlackDefaulted"
		                   : "WhiteWins";
	if (strcmp(s->result, "0-1") == 0)
		return adjudicated ? "BlackWinAdjudicated"
		       : forfeit   ? "WhiteDefaulted"
		                   : "BlackWins";
	if (strcmp(s->result, "1/2-1/2") == 0)
		return adjudicated ? "DrawAdjudicated" : "Draw";
	if (strcmp(s->result, "0-0") == 0)
		return "BothDefaulted"; /* DSU 6.3.3.3: scored as lost for both */
	return "Cancelled";
}

/* The SAN movetext of g with move numbers and no result ("1. e4 e5
 * 2. Nf3", "12... Nf6 13. d4" from a position with Black to move):
 * new text, or NULL when out of memory. */
static char *movetext(const struct corr_game *g)
{
	const position *start = game_start_position(g->chess);
	int number = start->fullmove;
	bool black = start->side == BLACK;
	size_t cap = 16 + g->nmoves * 24, len = 0;
	char *out = malloc(cap);
	if (!out)
		return NULL;
	out[0] = '\0';
	for (size_t i = 0; i < g->nmoves; i++) {
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
			return NULL; /* cannot happen: 24 bytes per move are plenty */
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
	char white[STORE_NAME_MAX], black[STORE_NAME_MAX];
};

static void texts_free(struct game_texts *t)
{
	free(t->moves);
	free(t->event);
	memset(t, 0, sizeof *t);
}

/* Fills x (and t, which it points into) for game sg as u sees it on
 * today; 0, or -1 with the reason logged. */
static int describe(struct app *app, const struct user *u, const struct store_game *sg,
                    int32_t today, struct xfcc_game *x, struct game_texts *t)
{
	const struct corr_game *g = &sg->g;
	struct corr_error e;
	struct clock_result res;
	if (corr_clock(g, today, &res, NULL, &e) != CC_OK) {
		log_msg(LOG_ERROR, "xfcc: game %lld: the clocks cannot be computed: %s",
		        (long long)sg->id, e.message);
		return -1;
	}
	int side = store_games_side_of(sg, u->id);
	int me = side == WHITE ? CLOCK_WHITE : CLOCK_BLACK;
	int opp = me == CLOCK_WHITE ? CLOCK_BLACK : CLOCK_WHITE;
	bool active = g->state.status == CORR_ACTIVE;
	memset(x, 0, sizeof *x);
	x->id = sg->id;
	snprintf(t->white, sizeof t->white, "%s", sg->white_name);
	snprintf(t->black, sizeof t->black, "%s", sg->black_name);
	x->white = t->white;
	x->black = t->black;
	t->event = sg->event ? strdup(sg->event) : NULL;
	x->event = t->event ? t->event : "";
	const char *base = app->cfg->base_url && app->cfg->base_url[0] ? app->cfg->base_url : NULL;
	x->site = base ? base : "corrchess";
	pgn_date(sg->start_date, t->event_date);
	x->event_date = t->event_date;
	x->round = "-";
	/* Xfcc whiteElo/blackElo: the rating each player was rated from in
	 * this game's group, else his current K-rating; 0 for none. */
	int w_elo, b_elo;
	if (store_ratings_game(app->st, sg->id, &w_elo, &b_elo) != 0) {
		log_msg(LOG_ERROR, "xfcc: game %lld: the ratings cannot be read",
		        (long long)sg->id);
		return -1;
	}
	x->white_elo = w_elo == STORE_NO_RATING ? 0 : w_elo;
	x->black_elo = b_elo == STORE_NO_RATING ? 0 : b_elo;
	pgn_time_control(g->profile->moves_per_period, g->profile->days_per_period,
	                 t->time_control);
	x->time_control = t->time_control;
	t->link[0] = '\0';
	if (base) {
		size_t bl = strlen(base);
		snprintf(t->link, sizeof t->link, "%.*s/games/%lld",
		         (int)(bl && base[bl - 1] == '/' ? bl - 1 : bl), base, (long long)sg->id);
	}
	x->game_link = t->link;
	x->result = xfcc_result(&g->state);
	/* Xfcc drawOffered: the opponent's offer waits on this player. */
	x->draw_offered =
	        active && g->state.draw_offer != CORR_NOBODY && g->state.draw_offer != side;
	/* setup/fen: a game that does not start from the standard position. */
	char start[FEN_MAX], standard[FEN_MAX];
	position sp;
	fen_parse(&sp, "startpos", NULL, 0);
	fen_write(&sp, standard, sizeof standard);
	fen_write(game_start_position(g->chess), start, sizeof start);
	x->setup = strcmp(start, standard) != 0;
	snprintf(t->fen, sizeof t->fen, "%s", x->setup ? start : "");
	x->fen = t->fen;
	x->my_turn = active && corr_to_move(g) == side;
	x->has_white = side == WHITE;
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
	size_t n;
	int64_t opp_id = side == WHITE ? sg->black : sg->white;
	if (store_messages_each(app->st, sg->id, opp_id, true, keep_message, &t->msg, &n) !=
	    STORE_OK)
		return -1;
	x->message = t->msg.ply == (int)g->nmoves ? t->msg.text : "";
	const struct clock_player *mine = &res.player[me];
	int w = snprintf(t->info, sizeof t->info,
	                 "corrchess game %lld, profile %s; your next control: move %d",
	                 (long long)sg->id, sg->profile, mine->next_control);
	if (active && res.to_move == me && mine->forfeit_date != CLOCK_NO_DATE && w > 0 &&
	    (size_t)w < sizeof t->info) {
		char fd[CALENDAR_ISO_LEN];
		calendar_format(mine->forfeit_date, fd, sizeof fd);
		snprintf(t->info + w, sizeof t->info - (size_t)w, "; move before %s", fd);
	}
	x->server_info = t->info;
	x->variant = "chess";
	return 0;
}

/* Today as YYYY-MM-DD and as a day number. */
static void today_of(struct app *app, char iso[CALENDAR_ISO_LEN], int32_t *day)
{
	if (svc_today(app, iso, day, NULL) != 0)
		*day = 0;
}

int xfcc_game_list(struct app *app, const struct user *u, char **xml, size_t *len)
{
	char today[CALENDAR_ISO_LEN], since[CALENDAR_ISO_LEN];
	int32_t day;
	today_of(app, today, &day);
	calendar_format(day - XFCC_KEEP_DAYS, since, sizeof since);
	int rc = -1;
	int64_t *ids = NULL;
	struct xfcc_game *games = NULL;
	struct game_texts *texts = NULL;
	size_t n = 0, listed = 0;
	/* the active games and those finished in the last XFCC_KEEP_DAYS */
	struct store_games_filter f = {.player = u->id, .since = since, .oldest_first = true};
	if (store_games_of(app->st, &f, XFCC_LIST_MAX, &ids, &n) != STORE_OK)
		goto fail;
	games = calloc(n + 1, sizeof *games);
	texts = calloc(n + 1, sizeof *texts);
	if (!games || !texts)
		goto fail;
	for (size_t i = 0; i < n; i++) {
		struct store_game sg;
		char err[512];
		if (store_games_load(app->st, ids[i], &sg, err, sizeof err) != STORE_OK) {
			log_msg(LOG_ERROR, "xfcc: game %lld cannot be read: %s", (long long)ids[i],
			        err);
			continue; /* one unreadable game hides no other */
		}
		int ok = describe(app, u, &sg, day, &games[listed], &texts[listed]);
		store_games_free(&sg);
		if (ok != 0) {
			texts_free(&texts[listed]);
			continue;
		}
		listed++;
	}
	*xml = xfcc_write_games(games, listed, len);
	rc = *xml ? 0 : -1;
fail:
	for (size_t i = 0; texts && i < listed; i++)
		texts_free(&texts[i]);
	free(texts);
	free(games);
	free(ids);
	return rc;
}

/* ---- MakeAMove ---- */

/* The Xfcc code for a refusal of lib/corr (its codes are API.md's). */
static const char *map_error(const struct corr_error *e)
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
	        {"draw_offered", "Success"}, /* an offer stands already: nothing to add */
	};
	const char *code = e->code ? e->code : "internal";
	if (strcmp(code, "illegal_move") == 0 && strstr(e->message, "ambiguous"))
		return "MoveIsAmbigous"; /* sic: the Xfcc spelling */
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strcmp(map[i].api, code) == 0)
			return map[i].xfcc;
	log_msg(LOG_WARN, "xfcc: refused with %s: %s", code, e->message);
	return "ServerError";
}

/* The Xfcc code of the outcome of a command of server/svc. */
static const char *answer(const struct svc_outcome *o)
{
	if (o->status == SVC_OK)
		return "Success";
	struct corr_error e = {.code = o->code};
	snprintf(e.message, sizeof e.message, "%s", o->message);
	return map_error(&e);
}

/* The end of a command: the game freed, the Xfcc code. */
static const char *done(struct store_game *after, const struct svc_outcome *o)
{
	store_games_free(after);
	return answer(o);
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

/* Xfcc's myMessage as a message of the game (svc_message_post(), the
 * command of POST .../messages: the same policy, row and mail to the
 * opponent), sent after the action succeeded.  A client's text is taken
 * as it can be, never refused with the move: line ends made LF, other
 * control characters spaces, trimmed, cut to CORR_MESSAGE_CHARS
 * characters.  A failure loses only the message (logged): the move stands. */
static void post_message(struct app *app, const struct user *u, int64_t gid, const char *text)
{
	size_t n = strlen(text), l = 0, chars = 0;
	char *t = malloc(n + 1);
	if (!t) {
		log_msg(LOG_ERROR, "xfcc: game %lld: the message of user %lld is lost (memory)",
		        (long long)gid, (long long)u->id);
		return;
	}
	size_t i = 0;
	while (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')
		i++; /* the blanks before the text are no part of it */
	for (; i < n; i++) {
		unsigned char c = (unsigned char)text[i];
		bool starts = !utf8_is_cont(c); /* a character starts here */
		if (starts && chars == CORR_MESSAGE_CHARS)
			break;
		if (c == '\r') {
			if (text[i + 1] == '\n')
				continue; /* CRLF: the LF follows */
			c = '\n';
		} else if ((c < 0x20 && c != '\n') || c == 0x7f) {
			c = ' ';
		}
		if (starts)
			chars++;
		t[l++] = (char)c;
	}
	/* cut at a character's start: drop a trailing partial sequence */
	while (l > 0 && ((unsigned char)t[l - 1] & 0x80)) {
		size_t k = l - 1;
		while (k > 0 && utf8_is_cont((unsigned char)t[k]))
			k--;
		uint32_t cp;
		if (utf8_decode((const unsigned char *)t + k, l - k, &cp) == l - k)
			break; /* the last character is whole */
		l = k;
	}
	while (l > 0 && (t[l - 1] == ' ' || t[l - 1] == '\t' || t[l - 1] == '\n'))
		l--;
	t[l] = '\0';
	if (l) {
		struct svc_message m;
		struct svc_outcome o;
		if (svc_message_post(app, u, gid, t, "xfcc", &m, &o) != SVC_OK)
			log_msg(LOG_ERROR, "xfcc: game %lld: the message of user %lld is lost: %s",
			        (long long)gid, (long long)u->id, o.message);
	}
	free(t);
}

/* The action of mv on game sg (read by the caller) by side, through the
 * commands of server/svc - the one write path of the JSON API too - at
 * the revision sg was read at, so what the checks here saw is what is
 * changed (docs/XFCC.md). */
static const char *act(struct app *app, const struct user *u, const struct xfcc_move *mv,
                       const struct store_game *sg, int side)
{
	const struct corr_game *g = &sg->g;
	const position *pos = corr_position(g);
	bool my_turn = corr_to_move(g) == side;
	bool has_move = mv->move && mv->move[0];
	struct svc_rev rev = {true, g->rev};
	struct store_game after;
	struct svc_outcome o;
	const char *code;
	/* Xfcc: myMove is ignored when resigning or accepting a draw (the
	 * clients send the last move of their board there). */
	if (mv->resign) {
		if (!movecount_ok(mv, pos, false))
			return "InvalidMoveNumber";
		svc_resign(app, u, sg->id, rev, &after, &o);
		return done(&after, &o);
	}
	if (mv->accept_draw) {
		if (g->state.draw_offer == CORR_NOBODY || g->state.draw_offer == side)
			return "NoDrawWasOffered";
		if (!movecount_ok(mv, pos, false))
			return "InvalidMoveNumber";
		svc_draw(app, u, sg->id, rev, CORR_DRAW_ACCEPT, &after, &o);
		return done(&after, &o);
	}
	if (mv->claim_draw) {
		/* FIDE 9.2, 9.3: with the intended move when one is sent and
		 * legal here, else on the position on the board. */
		if (!my_turn)
			return "NotYourTurn";
		move m;
		char err[256];
		bool intended =
		        has_move && notation_parse(pos, mv->move, &m, err, sizeof err) == CC_OK;
		if (intended && !movecount_ok(mv, pos, true))
			return "InvalidMoveNumber";
		static const enum corr_claim_type types[] = {CORR_CLAIM_THREEFOLD,
		                                             CORR_CLAIM_FIFTY};
		for (size_t i = 0; i < 2; i++) {
			svc_claim(app, u, sg->id, rev, types[i], intended ? mv->move : NULL, &after,
			          &o);
			code = done(&after, &o);
			if (o.status != SVC_REFUSED || strcmp(o.code, "claim_rejected") != 0)
				break;
		}
		return code;
	}
	if (!has_move) {
		if (!mv->offer_draw)
			return "InvalidMove";
		/* An offer without a move. */
		svc_draw(app, u, sg->id, rev, CORR_DRAW_OFFER, &after, &o);
		return done(&after, &o);
	}
	if (!my_turn)
		return "NotYourTurn";
	if (!movecount_ok(mv, pos, true))
		return "InvalidMoveNumber";
	struct corr_move_request mr = {.text = mv->move};
	svc_move(app, u, sg->id, rev, &mr, &after, &o);
	if (o.status != SVC_OK || !mv->offer_draw || after.g.state.status != CORR_ACTIVE ||
	    after.g.state.draw_offer != CORR_NOBODY)
		return done(&after, &o);
	code = answer(&o);
	/* FIDE 9.1.2.1: the offer comes with the move (a second write: the
	 * move is binding whatever becomes of the offer). */
	struct svc_rev now = {true, after.g.rev};
	store_games_free(&after);
	svc_draw(app, u, sg->id, now, CORR_DRAW_OFFER, &after, &o);
	store_games_free(&after);
	if (o.status != SVC_OK)
		log_msg(LOG_WARN, "xfcc: game %lld: the draw offer with the move failed: %s",
		        (long long)sg->id, o.message);
	return code;
}

const char *xfcc_game_move(struct app *app, const struct user *u, const struct xfcc_move *mv)
{
	if (mv->game <= 0)
		return "InvalidGameID";
	char today_s[CALENDAR_ISO_LEN];
	int32_t today;
	today_of(app, today_s, &today);
	struct store_game sg;
	char err[512];
	int rc = store_games_load(app->st, mv->game, &sg, err, sizeof err);
	if (rc == STORE_NOT_FOUND)
		return "InvalidGameID";
	if (rc != STORE_OK) {
		log_msg(LOG_ERROR, "xfcc: game %lld cannot be read: %s", (long long)mv->game, err);
		return "ServerError";
	}
	const char *code;
	int side = store_games_side_of(&sg, u->id);
	const struct corr_state *st = &sg.g.state;
	if (side == CORR_NOBODY) {
		code = "NotYourGame";
	} else if (st->status != CORR_ACTIVE) {
		/* A finished game takes no move: LostOnTime when the clock
		 * ended it against this player, else NotYourTurn. */
		bool lost = strcmp(st->termination, "time_forfeit") == 0 &&
		            strcmp(st->result, side == WHITE ? "0-1" : "1-0") == 0;
		code = lost ? "LostOnTime" : "NotYourTurn";
	} else {
		code = act(app, u, mv, &sg, side);
	}
	/* The message is stored with the game's move count after the action. */
	if (strcmp(code, "Success") == 0 && mv->message && mv->message[0])
		post_message(app, u, sg.id, mv->message);
	store_games_free(&sg);
	return code;
}
