/* game_json.c: the GAME object of API.md (api/game_json.h). */
#include "autoconfig.h"
#include "api/game_json.h"

#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "notation/iccf.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "util/status.h"

int32_t *game_json_days(const struct store_game *sg, int32_t today, struct clock_result *res,
                        bool *clock_ok)
{
	const struct corr_game *g = &sg->g;
	const struct store_game_clock *k = store_games_clock(sg, today);
	if (k) { /* kept by the move path for this value of the game (issue 19) */
		int32_t *days = malloc((g->nmoves ? g->nmoves : 1) * sizeof *days);
		*clock_ok = days != NULL;
		*res = k->res;
		if (days)
			memcpy(days, k->days, g->nmoves * sizeof *days);
		return days;
	}
	int32_t *days;
	struct corr_error e;
	int rc = corr_clock_days(g, today, res, &days, &e);
	*clock_ok = rc == CC_OK;
	if (rc == CC_OK || rc == CC_ERR_NOMEM)
		return days;
	log_msg(LOG_WARN, "game %lld: clock: %s", (long long)sg->id, e.message);
	days = malloc((g->nmoves ? g->nmoves : 1) * sizeof *days);
	for (size_t i = 0; days && i < g->nmoves; i++)
		days[i] = g->moves[i].days;
	return days;
}

/* Dates as YYYY-MM-DD without printf: the GAME writes two per move, and
 * moves mostly share their dates, so the last one is kept. */
struct dates {
	int32_t day;
	char iso[CALENDAR_ISO_LEN];
};

static const char *iso_of(struct dates *c, int32_t day)
{
	if (day == c->day && c->iso[0])
		return c->iso;
	int y, m, d;
	calendar_to_ymd(day, &y, &m, &d);
	if (y < 0 || y > 9999) {
		calendar_format(day, c->iso, sizeof c->iso);
	} else {
		char *p = c->iso;
		*p++ = (char)('0' + y / 1000);
		*p++ = (char)('0' + y / 100 % 10);
		*p++ = (char)('0' + y / 10 % 10);
		*p++ = (char)('0' + y % 10);
		*p++ = '-';
		*p++ = (char)('0' + m / 10);
		*p++ = (char)('0' + m % 10);
		*p++ = '-';
		*p++ = (char)('0' + d / 10);
		*p++ = (char)('0' + d % 10);
		*p = '\0';
	}
	c->day = day;
	return c->iso;
}

static void write_date(struct jsonw *w, int32_t day)
{
	char buf[CALENDAR_ISO_LEN];
	if (day == CLOCK_NO_DATE || calendar_format(day, buf, sizeof buf) != CC_OK)
		jsonw_raw(w, "null");
	else
		jsonw_str(w, buf);
}

/* The CLOCK object of API.md for one side (with a few more fields).
 * For the side to move the clock runs: thinking_days is what the move he
 * is thinking over has cost him so far (lib/clock's running_days: the
 * move as if sent today), and left_days is what is left of the next
 * control's allowance after it (negative: a move sent today is over the
 * limit, DSU 6.3.3) - the figures of Xfcc's daysPlayer/daysOpponent
 * (server/xfcc/xfcc_game.c), which cut them at 0 for its clients. */
static void write_clock(struct jsonw *w, const struct clock_player *p, bool to_move)
{
	int32_t thinking = to_move ? p->running_days : 0;
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
	jsonw_key(w, "thinking_days", false);
	jsonw_int(w, thinking);
	jsonw_key(w, "left_days", false);
	jsonw_int(w, (long long)p->limit_days - p->used_days - thinking);
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

/* Appends text (at most max bytes, to its NUL) to p as JSON escapes it
 * (RFC 8259 section 7, as jsonw_str(): quote, backslash and control
 * characters): the end.  At most 6 * max bytes. */
static char *text_into(char *p, const char *text, size_t max)
{
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < max && text[i]; i++) {
		unsigned char c = (unsigned char)text[i];
		if (c >= 0x20 && c != '"' && c != '\\') {
			*p++ = (char)c;
			continue;
		}
		*p++ = '\\';
		switch (c) {
		case '"':
		case '\\':
			*p++ = (char)c;
			break;
		case '\n':
			*p++ = 'n';
			break;
		case '\t':
			*p++ = 't';
			break;
		case '\r':
			*p++ = 'r';
			break;
		default:
			p = memcpy(p, "u00", 3);
			p += 3;
			*p++ = hex[c >> 4];
			*p++ = hex[c & 15];
		}
	}
	return p;
}

static char *lit(char *p, const char *s, size_t n)
{
	memcpy(p, s, n);
	return p + n;
}
#define LIT(p, s) lit(p, s, sizeof(s) - 1)

static char *num(char *p, long long v)
{
	char d[24];
	int n = 0;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	do {
		d[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*p++ = '-';
	while (n)
		*p++ = d[--n];
	return p;
}

/* One move of the moves array into buf (NUL ended): its length.  One
 * jsonw call a move instead of twenty (issue 19: the GAME answers every
 * move and most GETs). */
#define MOVE_JSON_MAX 640 /* the names, three numbers, 5 texts of at most 6 x their size */
static size_t write_move(char buf[MOVE_JSON_MAX], const struct corr_move *m, long long ply,
                         long long number, int color, const char *received, const char *sent,
                         int32_t days)
{
	char *p = buf;
	p = LIT(p, "{\"ply\":");
	p = num(p, ply);
	p = LIT(p, ",\"number\":");
	p = num(p, number);
	p = color == WHITE ? LIT(p, ",\"color\":\"white\",\"iccf\":\"")
	                   : LIT(p, ",\"color\":\"black\",\"iccf\":\"");
	p = text_into(p, m->iccf, ICCF_MAX);
	p = LIT(p, "\",\"san\":\"");
	p = text_into(p, m->san, SAN_MAX);
	p = LIT(p, "\",\"uci\":\"");
	p = text_into(p, m->uci, UCI_MAX);
	p = LIT(p, "\",\"received\":\"");
	p = text_into(p, received, CALENDAR_ISO_LEN);
	p = LIT(p, "\",\"sent\":\"");
	p = text_into(p, sent, CALENDAR_ISO_LEN);
	p = LIT(p, "\",\"days\":");
	p = num(p, days);
	p = m->kind == CORR_MOVE_AUTO ? LIT(p, ",\"series\":true") : LIT(p, ",\"series\":false");
	p = m->kind == CORR_MOVE_ACCEPTED ? LIT(p, ",\"accepted\":true}")
	                                  : LIT(p, ",\"accepted\":false}");
	*p = '\0';
	return (size_t)(p - buf);
}

/* ---- the moves array kept between answers (issue 19) ----
 *
 * Every move answers with the whole GAME, whose moves array is the last
 * answer's with one move more.  So each game's last moves text is kept
 * (a slot by game id) with what each move's text is made of: the move
 * itself (struct corr_move, compared byte for byte), its days as the
 * clock counts them now, and the numbering of the start position.  An
 * answer copies the longest prefix whose inputs are all the same and
 * writes only the rest: a date a TL corrected, or days a vacation
 * changed, is written afresh with every move after it.  Equal inputs make
 * equal text, so a slot can never give another game's or an older text;
 * at worst it misses.  Bounded: MOVES_SLOTS slots of at most
 * MOVES_TEXT_MAX bytes of text. */
#define MOVES_SLOTS    256
#define MOVES_TEXT_MAX (64u << 10)

struct moves_kept {
	int64_t id; /* 0: free */
	int first_number, first_side;
	size_t n, cap;
	struct corr_move *moves;
	int32_t *days;
	size_t *end; /* end[i]: the text's length through move i */
	char *text;  /* the moves without the brackets, a comma before each but the first */
};

static struct moves_kept moves_kept[MOVES_SLOTS];
static pthread_mutex_t moves_lock = PTHREAD_MUTEX_INITIALIZER;
static bool moves_keep = true;
static unsigned long long moves_copied; /* moves copied from a slot, all told */

unsigned long long game_json_moves_copied(void)
{
	pthread_mutex_lock(&moves_lock);
	unsigned long long n = moves_copied;
	pthread_mutex_unlock(&moves_lock);
	return n;
}

void game_json_keep_moves(bool on)
{
	pthread_mutex_lock(&moves_lock);
	moves_keep = on;
	pthread_mutex_unlock(&moves_lock);
}

/* Copies into w the kept text of the first moves of g whose inputs are
 * unchanged, and their ends into end: how many. */
static size_t moves_from_kept(struct jsonw *w, int64_t id, const struct corr_game *g,
                              const int32_t *days, int first_number, int first_side, size_t *end)
{
	size_t k = 0;
	pthread_mutex_lock(&moves_lock);
	const struct moves_kept *m = &moves_kept[(uint64_t)id % MOVES_SLOTS];
	if (moves_keep && m->id == id && m->first_number == first_number &&
	    m->first_side == first_side) {
		while (k < g->nmoves && k < m->n && days[k] == m->days[k] &&
		       memcmp(&g->moves[k], &m->moves[k], sizeof g->moves[k]) == 0)
			k++;
		char *at = k ? jsonw_room(w, m->end[k - 1]) : NULL;
		if (at) {
			memcpy(at, m->text, m->end[k - 1]);
			jsonw_wrote(w, m->end[k - 1]);
			memcpy(end, m->end, k * sizeof *end);
			moves_copied += k;
		} else {
			k = 0;
		}
	}
	pthread_mutex_unlock(&moves_lock);
	return k;
}

/* Keeps text[0..end[n-1]), the moves of g just written, for the next
 * answer of game id. */
static void moves_to_kept(int64_t id, const struct corr_game *g, const int32_t *days,
                          int first_number, int first_side, const char *text, const size_t *end,
                          size_t kept)
{
	size_t n = g->nmoves, len = n ? end[n - 1] : 0;
	pthread_mutex_lock(&moves_lock);
	struct moves_kept *m = &moves_kept[(uint64_t)id % MOVES_SLOTS];
	if (!moves_keep)
		goto out;
	if (n == 0 || len > MOVES_TEXT_MAX) {
		if (m->id == id)
			m->id = 0; /* (its memory stays for the next game of the slot) */
		goto out;
	}
	if (n > m->cap) {
		size_t cap = n + 64;
		struct corr_move *mv = realloc(m->moves, cap * sizeof *mv);
		if (mv)
			m->moves = mv;
		int32_t *dv = mv ? realloc(m->days, cap * sizeof *dv) : NULL;
		if (dv)
			m->days = dv;
		size_t *ev = dv ? realloc(m->end, cap * sizeof *ev) : NULL;
		if (ev)
			m->end = ev;
		char *tv = ev ? realloc(m->text, MOVES_TEXT_MAX) : NULL;
		if (!tv) {
			m->id = 0;
			goto out;
		}
		m->text = tv;
		m->cap = cap;
	}
	/* When the slot still holds this game's first `kept` moves (the
	 * answer copied them from it, and equal inputs make equal text),
	 * only the moves after them are copied in: a move's answer copies
	 * one move, not the game (issue 19). */
	size_t from = 0;
	if (m->id == id && m->first_number == first_number && m->first_side == first_side &&
	    kept > 0 && kept <= m->n && memcmp(m->days, days, kept * sizeof *days) == 0 &&
	    memcmp(m->moves, g->moves, kept * sizeof *m->moves) == 0)
		from = kept;
	size_t at = from ? end[from - 1] : 0;
	m->id = id;
	m->first_number = first_number;
	m->first_side = first_side;
	m->n = n;
	memcpy(m->moves + from, g->moves + from, (n - from) * sizeof *m->moves);
	memcpy(m->days + from, days + from, (n - from) * sizeof *days);
	memcpy(m->end + from, end + from, (n - from) * sizeof *end);
	memcpy(m->text + at, text + at, len - at);
out:
	pthread_mutex_unlock(&moves_lock);
}

/* The moves array of game id, with days[] as each move's days. */
static void write_moves(struct jsonw *w, int64_t id, const struct corr_game *g, const int32_t *days)
{
	const position *start = game_start_position(g->chess);
	int first_number = start->fullmove;
	int first_side = start->side;
	struct dates rc = {.day = 0, .iso = ""}, sc = {.day = 0, .iso = ""};
	size_t local[128];
	size_t *end = g->nmoves > 128 ? malloc(g->nmoves * sizeof *end) : local;
	if (!end) {
		w->failed = true;
		return;
	}
	/* room for the usual move (about 190 bytes) at once: no regrowth */
	if (g->nmoves < 8192) /* (a longer game grows as it goes: never over JSONW_MAX here) */
		jsonw_room(w, g->nmoves * 256 + 2);
	jsonw_raw(w, "[");
	size_t base = w->len;
	size_t kept = moves_from_kept(w, id, g, days, first_number, first_side, end);
	for (size_t i = kept; i < g->nmoves; i++) {
		const struct corr_move *m = &g->moves[i];
		size_t idx = i + (first_side == BLACK ? 1 : 0); /* plies from a White move */
		int color = (int)((first_side + i) % 2);
		long long number = first_number + (long long)(idx / 2);
		const char *received = iso_of(&rc, m->received), *sent = iso_of(&sc, m->sent);
		char *at = jsonw_room(w, MOVE_JSON_MAX + 1); /* written in place */
		if (!at)
			goto out;
		if (i)
			*at++ = ',';
		size_t n =
		        write_move(at, m, (long long)i + 1, number, color, received, sent, days[i]);
		jsonw_wrote(w, n + (i ? 1 : 0));
		end[i] = w->len - base;
	}
	if (!w->failed && kept < g->nmoves)
		moves_to_kept(id, g, days, first_number, first_side, w->buf + base, end, kept);
	jsonw_raw(w, "]");
out:
	if (end != local)
		free(end);
}

/* The pending series as ICCF texts, from the position it starts in. */
static void write_series(struct jsonw *w, const struct corr_game *g)
{
	jsonw_raw(w, "{\"by\":");
	jsonw_str(w, corr_side_name(g->state.series_by));
	jsonw_raw(w, ",\"moves\":[");
	for (size_t i = 0; i < g->state.nseries; i++) {
		char iccf[ICCF_MAX];
		iccf_write(g->state.series[i], iccf);
		if (i)
			jsonw_raw(w, ",");
		jsonw_str(w, iccf);
	}
	jsonw_raw(w, "]}");
}

/* API.md (issue 9): the tournament, the notice of the pending move, the
 * reminders and TL notices sent (to the silent player), the TL's
 * penalties and the holiday play-on agreement.  O(records). */
static void write_rules(struct jsonw *w, const struct store_game *sg)
{
	const struct corr_game *g = &sg->g;
	jsonw_key(w, "tournament", false);
	if (sg->tournament > 0)
		jsonw_int(w, sg->tournament);
	else
		jsonw_raw(w, "null");
	const struct corr_record *notice = NULL;
	for (size_t i = 0; i < g->nrecords; i++)
		if (g->records[i].kind == CORR_REC_NOTICE && g->records[i].ply == (int)g->nmoves &&
		    g->state.status == CORR_ACTIVE)
			notice = &g->records[i];
	jsonw_key(w, "notice", false);
	if (notice) {
		jsonw_raw(w, "{\"by\":");
		jsonw_str(w, corr_side_name(notice->side));
		jsonw_key(w, "days", false);
		jsonw_int(w, notice->days);
		jsonw_key(w, "on", false);
		write_date(w, notice->on);
		jsonw_raw(w, "}");
	} else {
		jsonw_raw(w, "null");
	}
	for (int pass = 0; pass < 2; pass++) {
		jsonw_key(w, pass == 0 ? "reminders" : "penalties", false);
		jsonw_raw(w, "[");
		bool first = true;
		for (size_t i = 0; i < g->nrecords; i++) {
			const struct corr_record *r = &g->records[i];
			bool rem = r->kind == CORR_REC_REMINDER || r->kind == CORR_REC_TL_NOTICE;
			if (pass == 0 ? !rem : r->kind != CORR_REC_PENALTY)
				continue;
			jsonw_raw(w, first ? "{" : ",{");
			first = false;
			jsonw_key(w, pass == 0 ? "to" : "color", true);
			jsonw_str(w, corr_side_name(r->side));
			if (pass == 0) {
				jsonw_key(w, "kind", false);
				jsonw_str(w,
				          r->kind == CORR_REC_REMINDER ? "reminder" : "tl_notice");
			} else {
				jsonw_key(w, "days", false);
				jsonw_int(w, r->days);
				jsonw_key(w, "reason", false);
				jsonw_str(w, r->reason);
			}
			jsonw_key(w, "on", false);
			write_date(w, r->on);
			jsonw_raw(w, "}");
		}
		jsonw_raw(w, "]");
	}
	jsonw_key(w, "holiday_play", false);
	jsonw_bool(w, g->state.holiday_play);
}

void game_json_write(struct jsonw *w, const struct store_game *sg, const struct user *viewer,
                     int32_t today)
{
	const struct corr_game *g = &sg->g;
	struct clock_result res;
	bool clock_ok;
	int32_t *days = game_json_days(sg, today, &res, &clock_ok);
	char fen[FEN_MAX];
	if (!days) {
		w->failed = true;
		return;
	}
	fen_write(corr_position(g), fen, sizeof fen);
	jsonw_raw(w, "{\"id\":");
	jsonw_int(w, sg->id);
	jsonw_key(w, "event", false);
	jsonw_str(w, sg->event);
	jsonw_key(w, "profile", false);
	jsonw_str(w, sg->profile);
	jsonw_key(w, "start_date", false);
	jsonw_str(w, sg->start_date);
	jsonw_key(w, "white", false);
	write_user(w, sg->white, sg->white_name, sg->white_role);
	jsonw_key(w, "black", false);
	write_user(w, sg->black, sg->black_name, sg->black_role);
	jsonw_key(w, "status", false);
	jsonw_str(w, g->state.status == CORR_ACTIVE ? "active" : "finished");
	jsonw_key(w, "result", false);
	jsonw_str(w, g->state.result);
	jsonw_key(w, "termination", false);
	jsonw_str(w, g->state.termination[0] ? g->state.termination : NULL);
	/* played | reported | adjudicated | scored (issue 21); null while active */
	jsonw_key(w, "result_how", false);
	jsonw_str(w, g->state.status != CORR_ACTIVE && g->state.how[0] ? g->state.how : NULL);
	jsonw_key(w, "to_move", false);
	jsonw_str(w, corr_side_name(corr_to_move(g)));
	jsonw_key(w, "fen", false);
	jsonw_str(w, fen);
	/* The position the moves start from, so a client can step through
	 * them (a thematic game starts elsewhere). */
	fen_write(game_start_position(g->chess), fen, sizeof fen);
	jsonw_key(w, "start_fen", false);
	jsonw_str(w, fen);
	jsonw_key(w, "rev", false);
	jsonw_int(w, g->rev);
	jsonw_key(w, "moves", false);
	write_moves(w, sg->id, g, days);
	free(days);

	jsonw_key(w, "clock", false);
	if (clock_ok) {
		bool active = g->state.status == CORR_ACTIVE;
		int side = corr_to_move(g) == WHITE ? CLOCK_WHITE : CLOCK_BLACK;
		jsonw_raw(w, "{\"white\":");
		write_clock(w, &res.player[CLOCK_WHITE], active && side == CLOCK_WHITE);
		jsonw_raw(w, ",\"black\":");
		write_clock(w, &res.player[CLOCK_BLACK], active && side == CLOCK_BLACK);
		jsonw_raw(w, "}");
	} else {
		jsonw_raw(w, "null");
	}
	jsonw_key(w, "series", false);
	/* docs/AUTHORITY.md: what he sees follows his seat, never his role */
	struct auth_actor a = svc_actor(viewer);
	if (corr_series_visible(g, auth_seat(&a, sg->white, sg->black)))
		write_series(w, g);
	else
		jsonw_raw(w, "null");
	jsonw_key(w, "series_cancellable", false);
	jsonw_bool(w, g->series_cancellable);
	jsonw_key(w, "draw_offer", false);
	jsonw_str(w,
	          g->state.draw_offer != CORR_NOBODY ? corr_side_name(g->state.draw_offer) : NULL);
	write_rules(w, sg);
	jsonw_raw(w, "}");
}

void game_json_summary(struct jsonw *w, const struct store_game_summary *g, int32_t today)
{
	jsonw_raw(w, "{\"id\":");
	jsonw_int(w, g->id);
	jsonw_raw(w, ",\"rev\":");
	jsonw_int(w, g->rev);
	jsonw_key(w, "event", false);
	if (g->has_event)
		jsonw_str(w, g->event);
	else
		jsonw_raw(w, "null");
	jsonw_key(w, "profile", false);
	jsonw_str(w, g->profile);
	jsonw_key(w, "start_date", false);
	jsonw_str(w, g->start_date);
	jsonw_key(w, "tournament", false);
	if (g->tournament > 0)
		jsonw_int(w, g->tournament);
	else
		jsonw_raw(w, "null");
	jsonw_key(w, "white", false);
	write_user(w, g->white, g->white_name, g->white_role);
	jsonw_key(w, "black", false);
	write_user(w, g->black, g->black_name, g->black_role);
	jsonw_raw(w, g->active ? ",\"status\":\"active\"" : ",\"status\":\"finished\"");
	jsonw_key(w, "result", false);
	jsonw_str(w, g->result);
	jsonw_key(w, "termination", false);
	if (g->termination[0])
		jsonw_str(w, g->termination);
	else
		jsonw_raw(w, "null");
	jsonw_key(w, "to_move", false);
	jsonw_str(w, corr_side_name(g->to_move));
	jsonw_key(w, "plies", false);
	jsonw_int(w, g->plies);
	jsonw_key(w, "last_move", false);
	if (g->plies > 0) {
		jsonw_raw(w, "{\"ply\":");
		jsonw_int(w, g->plies);
		/* the side that made it: the other one than the side to move */
		jsonw_key(w, "color", false);
		jsonw_str(w, corr_side_name(g->to_move == WHITE ? BLACK : WHITE));
		jsonw_key(w, "san", false);
		jsonw_str(w, g->last_san);
		jsonw_key(w, "iccf", false);
		jsonw_str(w, g->last_iccf);
		jsonw_key(w, "sent", false);
		jsonw_str(w, g->last_sent);
		jsonw_raw(w, "}");
	} else {
		jsonw_raw(w, "null");
	}
	jsonw_key(w, "draw_offer", false);
	if (g->draw_offer != CORR_NOBODY)
		jsonw_str(w, corr_side_name(g->draw_offer));
	else
		jsonw_raw(w, "null");
	bool dated = g->active && g->forfeit_on != CLOCK_NO_DATE;
	jsonw_key(w, "forfeit_date", false);
	write_date(w, dated ? g->forfeit_on : CLOCK_NO_DATE);
	jsonw_key(w, "days_left", false);
	if (dated)
		jsonw_int(w, (long long)g->forfeit_on - today - 1);
	else
		jsonw_raw(w, "null");
	jsonw_raw(w, "}");
}

/* ---- the written GAMEs of the last reads (issue 25) ----
 *
 * A game GET writes the same bytes again and again between two changes
 * of the game.  The answer is kept by game, with a digest of everything
 * game_json_write() reads (the game's rows as loaded: players, state,
 * revision (which stands for the moves), records, stops; today; whether
 * the viewer sees the pending series), so it is used only where writing
 * it again would give the same bytes: the game is still loaded and
 * authorized on every request, and a change of anything it shows changes
 * the digest.  The body's tag (negotiate(): BLAKE2b-128 of the bytes) is
 * kept with it. */

#define ANSWERS     256         /* games kept, one slot each (by id) */
#define ANSWER_MAX  (64 * 1024) /* a longer answer is not kept */
#define DIGEST_SIZE 16

struct answer {
	int64_t id; /* 0: empty */
	unsigned char digest[DIGEST_SIZE];
	char *text;
	size_t len;
	char tag[2 * DIGEST_SIZE + 1];
	bool keyed; /* key names what the text was written from */
	struct game_json_key key;
};

static struct answer answers[ANSWERS];
static pthread_mutex_t answers_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long long kept_hits, kept_misses; /* game_json_kept(), under the lock */

static void put(crypto_generichash_state *h, const void *p, size_t n)
{
	if (n)
		crypto_generichash_update(h, p, n);
}

static void put_text(crypto_generichash_state *h, const char *t)
{
	put(h, t ? t : "", t ? strlen(t) + 1 : 1); /* the NUL ends it: "ab","c" is not "a","bc" */
}

/* The digest of what the GAME of sg is written from. */
static void digest_of(const struct store_game *sg, bool series_seen, int32_t today,
                      unsigned char out[DIGEST_SIZE])
{
	const struct corr_game *g = &sg->g;
	crypto_generichash_state h;
	crypto_generichash_init(&h, NULL, 0, DIGEST_SIZE);
	int64_t nums[] = {sg->id,
	                  sg->white,
	                  sg->black,
	                  sg->tournament,
	                  g->rev,
	                  g->start,
	                  today,
	                  series_seen,
	                  g->series_cancellable,
	                  (int64_t)g->nmoves,
	                  (int64_t)g->nstops,
	                  (int64_t)g->nrecords,
	                  sg->event != NULL};
	put(&h, nums, sizeof nums);
	put_text(&h, sg->event);
	put_text(&h, sg->profile);
	put_text(&h, sg->start_date);
	put_text(&h, sg->white_name);
	put_text(&h, sg->white_role);
	put_text(&h, sg->black_name);
	put_text(&h, sg->black_role);
	put(&h, game_start_position(g->chess), sizeof(position));
	put(&h, &g->state, sizeof g->state);
	/* The moves are not hashed: a game at (id, rev) has the same moves
	 * while the database holds it (only store_games_write() changes a
	 * stored move, and it bumps games.rev: store/game_cache.h), and rev
	 * and their number are above.  (Hashing them was a seventh of a
	 * cached GET of 80 plies.) */
	put(&h, g->stops, g->nstops * sizeof *g->stops);
	put(&h, g->records, g->nrecords * sizeof *g->records);
	crypto_generichash_final(&h, out, DIGEST_SIZE);
}

static bool same_key(const struct game_json_key *a, const struct game_json_key *b)
{
	return a->st == b->st && a->today == b->today && a->seat == b->seat &&
	       a->shown.white == b->shown.white && a->shown.black == b->shown.black &&
	       a->shown.rev == b->shown.rev && a->shown.white_rev == b->shown.white_rev &&
	       a->shown.black_rev == b->shown.black_rev && a->shown.names_rev == b->shown.names_rev;
}

char *game_json_kept(int64_t id, const struct game_json_key *key, size_t *len,
                     char tag[GAME_JSON_TAG_MAX])
{
	struct answer *slot = &answers[(uint64_t)id % ANSWERS];
	char *text = NULL;
	pthread_mutex_lock(&answers_lock);
	if (slot->id == id && slot->text && slot->keyed && same_key(&slot->key, key) &&
	    (text = malloc(slot->len + 1))) {
		memcpy(text, slot->text, slot->len);
		text[slot->len] = '\0';
		*len = slot->len;
		memcpy(tag, slot->tag, sizeof slot->tag);
	}
	if (text)
		kept_hits++;
	else
		kept_misses++;
	pthread_mutex_unlock(&answers_lock);
	return text;
}

void game_json_stats(struct kept_stats *out)
{
	memset(out, 0, sizeof *out);
	pthread_mutex_lock(&answers_lock);
	out->hits = kept_hits;
	out->misses = kept_misses;
	for (int i = 0; i < ANSWERS; i++)
		if (answers[i].text) {
			out->entries++;
			out->bytes += answers[i].len;
		}
	pthread_mutex_unlock(&answers_lock);
	out->max_bytes = (size_t)ANSWERS * ANSWER_MAX;
}

void game_json_remember(int64_t id, const struct game_json_key *key, const char *text, size_t len,
                        const char tag[GAME_JSON_TAG_MAX])
{
	struct answer *slot = &answers[(uint64_t)id % ANSWERS];
	pthread_mutex_lock(&answers_lock);
	/* Only the answer it was written as: the slot may hold another
	 * game's, or a newer one by now. */
	if (slot->id == id && slot->text && slot->len == len && strcmp(slot->tag, tag) == 0 &&
	    memcmp(slot->text, text, len) == 0) {
		slot->key = *key;
		slot->keyed = true;
	}
	pthread_mutex_unlock(&answers_lock);
}

char *game_json_answer(const struct store_game *sg, const struct user *viewer, int32_t today,
                       size_t *len, char tag[GAME_JSON_TAG_MAX])
{
	struct auth_actor a = svc_actor(viewer);
	bool seen = corr_series_visible(&sg->g, auth_seat(&a, sg->white, sg->black));
	unsigned char digest[DIGEST_SIZE];
	digest_of(sg, seen, today, digest);
	struct answer *slot = &answers[(uint64_t)sg->id % ANSWERS];
	char *text = NULL;
	pthread_mutex_lock(&answers_lock);
	if (slot->id == sg->id && slot->text && memcmp(slot->digest, digest, DIGEST_SIZE) == 0 &&
	    (text = malloc(slot->len + 1))) {
		memcpy(text, slot->text, slot->len);
		text[slot->len] = '\0';
		*len = slot->len;
		memcpy(tag, slot->tag, sizeof slot->tag);
	}
	pthread_mutex_unlock(&answers_lock);
	if (text)
		return text;

	struct jsonw w;
	jsonw_init(&w);
	game_json_write(&w, sg, viewer, today);
	text = jsonw_take(&w, len);
	tag[0] = '\0';
	if (!text || *len > ANSWER_MAX)
		return text;
	unsigned char h[DIGEST_SIZE];
	crypto_generichash(h, sizeof h, (const unsigned char *)text, *len, NULL, 0);
	sodium_bin2hex(tag, GAME_JSON_TAG_MAX, h, sizeof h);
	char *copy = malloc(*len + 1);
	if (!copy)
		return text;
	memcpy(copy, text, *len);
	copy[*len] = '\0';
	pthread_mutex_lock(&answers_lock);
	char *old = slot->text;
	*slot = (struct answer){.id = sg->id, .text = copy, .len = *len};
	memcpy(slot->digest, digest, DIGEST_SIZE);
	memcpy(slot->tag, tag, sizeof slot->tag);
	pthread_mutex_unlock(&answers_lock);
	free(old);
	return text;
}
