/* notify.c: the mail texts of issue 13 in English and Danish (notify.h).
 *
 * Every kind has one composer that writes the core of its subject (no
 * "corrchess: " prefix) and its text; notify_render() wraps one of them in
 * a greeting and a footer, notify_digest() many of them under headings.
 * The Danish and English texts of one sentence sit side by side in T(),
 * with the same printf arguments, so the compiler checks both. */
#include "notify/notify.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "util/status.h"
#include "util/textbuf.h"
#include "util/utf8.h"

#define WRAP       72 /* columns of a wrapped paragraph (RFC 5322 2.1.1: 78) */
#define NAME_MAX_B 96 /* bytes of a name in a text */
#define LINE_MAX_B 2048

#define T(r, en, da) ((r)->lang == NOTIFY_DA ? (da) : (en))

struct ctx {
	const struct notify_env *env;
	const struct notify_reader *r;
	struct textbuf *b;
	char *subject; /* the core, NOTIFY_SUBJECT_MAX bytes */
	char *err;
	size_t errlen;
};

const char *notify_kind_name(enum notify_kind kind)
{
	static const char *const names[NOTIFY_KINDS] = {
	        "move",      "vacation",     "result",       "result_tl",
	        "start",     "draw_offer",   "forfeit",      "reminder",
	        "tl_notice", "adjudication", "time_trouble", "password_reset",
	        "answer_tl", "message",      "login_alarm",  "ruling"};
	return (unsigned)kind < NOTIFY_KINDS ? names[kind] : "?";
}

bool notify_optional(enum notify_kind kind)
{
	switch (kind) {
	case NOTIFY_MOVE:
	case NOTIFY_RESULT:
	case NOTIFY_DRAW_OFFER:
	case NOTIFY_TIME_TROUBLE:
	case NOTIFY_MESSAGE:
		return true;
	default: /* rule letters (see notify.h), the reset link, the login alarm */
		return false;
	}
}

/* ---- small writers ---- */

/* Appends a printf text to b (any length up to the buffer's maximum). */
static void put(struct textbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct textbuf *b, const char *fmt, ...)
{
	char line[LINE_MAX_B];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->full = true;
		return;
	}
	if ((size_t)n < sizeof line) {
		textbuf_put(b, line, (size_t)n);
		return;
	}
	char *p = malloc((size_t)n + 1);
	if (!p) {
		b->full = true;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	textbuf_put(b, p, (size_t)n);
	free(p);
}

/* Copies user text s into buf on one line: control characters become
 * spaces, at most len - 1 bytes, never cutting a UTF-8 sequence; NULL or
 * "" gives "?".  Returns buf. */
static const char *oneline(const char *s, char *buf, size_t len)
{
	if (!s || !*s)
		s = "?";
	/* never cut inside a character */
	size_t n = utf8_cut(s, strlen(s), len - 1), o = 0;
	for (; o < n; o++) {
		unsigned char c = (unsigned char)s[o];
		buf[o] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
	}
	buf[o] = '\0';
	return buf;
}

/* Appends a paragraph (after a blank line) wrapped at WRAP columns (UTF-8 characters), breaking
 * at spaces; a word longer than a line (a link) stays whole.  Ends with a
 * newline. */
static void para(struct textbuf *b, const char *text)
{
	const char *p = text;
	/* a blank line between paragraphs */
	if (b->len > 0 && !b->full && b->p[b->len - 1] == '\n' &&
	    (b->len < 2 || b->p[b->len - 2] != '\n'))
		textbuf_put(b, "\n", 1);
	/* The wrapped text is made in out and put at once (a put a word and
	 * a space cost as much as the mail's text: issue 19); a paragraph
	 * longer than out goes in parts. */
	char out[LINE_MAX_B + 2];
	size_t n = 0, col = 0;
	while (*p) {
		while (*p == ' ')
			p++;
		if (!*p)
			break;
		const char *w = p;
		size_t chars = 0;
		while (*p && *p != ' ') {
			chars += !utf8_is_cont((unsigned char)*p);
			p++;
		}
		size_t len = (size_t)(p - w);
		if (n + 1 + len > LINE_MAX_B) {
			textbuf_put(b, out, n);
			n = 0;
		}
		if (col > 0 && col + 1 + chars > WRAP) {
			out[n++] = '\n';
			col = 0;
		} else if (col > 0) {
			out[n++] = ' ';
			col++;
		}
		if (len > LINE_MAX_B) { /* one word longer than out */
			textbuf_put(b, out, n);
			textbuf_put(b, w, len);
			n = 0;
		} else {
			memcpy(out + n, w, len);
			n += len;
		}
		col += chars;
	}
	out[n++] = '\n';
	textbuf_put(b, out, n);
}

/* para() of a printf text. */
static void paraf(struct textbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void paraf(struct textbuf *b, const char *fmt, ...)
{
	char line[LINE_MAX_B];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof line) {
		b->full = true; /* our texts are far shorter: a bug, not a user's doing */
		return;
	}
	para(b, line);
}

static void subj(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void subj(struct ctx *c, const char *fmt, ...)
{
	char tmp[NOTIFY_SUBJECT_MAX * 2];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	oneline(tmp, c->subject, NOTIFY_SUBJECT_MAX - 16); /* room for the prefix */
}

static const char *const month_en[] = {"January",   "February", "March",    "April",
                                       "May",       "June",     "July",     "August",
                                       "September", "October",  "November", "December"};
static const char *const month_da[] = {"januar",    "februar", "marts",    "april",
                                       "maj",       "juni",    "juli",     "august",
                                       "september", "oktober", "november", "december"};
static const char *const wday_en[] = {"Monday", "Tuesday",  "Wednesday", "Thursday",
                                      "Friday", "Saturday", "Sunday"};
static const char *const wday_da[] = {"mandag", "tirsdag", "onsdag", "torsdag",
                                      "fredag", "lørdag",  "søndag"};

char *notify_date(int32_t day, enum notify_lang lang, char *buf, size_t len)
{
	int y, m, d;
	if (len == 0)
		return buf;
	if (day == NOTIFY_NO_DATE || day < CALENDAR_MIN_DAY || day > CALENDAR_MAX_DAY) {
		snprintf(buf, len, "?");
		return buf;
	}
	calendar_to_ymd(day, &y, &m, &d);
	int wd = calendar_weekday(day) - 1;
	if (lang == NOTIFY_DA)
		snprintf(buf, len, "%s den %d. %s %d", wday_da[wd], d, month_da[m - 1], y);
	else
		snprintf(buf, len, "%s %d %s %d", wday_en[wd], d, month_en[m - 1], y);
	return buf;
}

char *notify_san_da(const char *san, char *buf, size_t len)
{
	static const char en[] = "KQRBN", da[] = "KDTLS";
	size_t o = 0;
	if (len == 0)
		return buf;
	for (; san && *san && o + 1 < len; san++) {
		const char *k = strchr(en, *san);
		buf[o++] = k && *san ? da[k - en] : *san;
	}
	buf[o] = '\0';
	return buf;
}

/* An ISO date for a subject line. */
static const char *iso(int32_t day, char buf[CALENDAR_ISO_LEN])
{
	if (day == NOTIFY_NO_DATE || calendar_format(day, buf, CALENDAR_ISO_LEN) != CC_OK)
		snprintf(buf, CALENDAR_ISO_LEN, "?");
	return buf;
}

#define DATE_B 48

static const char *date(const struct ctx *c, int32_t day, char buf[DATE_B])
{
	return notify_date(day, c->r->lang, buf, DATE_B);
}

/* "1 day", "3 days" / "1 dag", "3 dage" into buf. */
static const char *days(const struct ctx *c, long n, char buf[32])
{
	if (c->r->lang == NOTIFY_DA)
		snprintf(buf, 32, "%ld %s", n, n == 1 || n == -1 ? "dag" : "dage");
	else
		snprintf(buf, 32, "%ld %s", n, n == 1 || n == -1 ? "day" : "days");
	return buf;
}

static const char *colour(const struct ctx *c, int side)
{
	return side == NOTIFY_WHITE ? T(c->r, "White", "hvid") : T(c->r, "Black", "sort");
}

#define MOVE_B 160

/* "12. b5 (ICCF 2425)" or "12... axb5 (ICCF 1625)"; SAN in Danish piece
 * letters for a Danish reader. */
static const char *move_text(const struct ctx *c, const struct notify_ply *m, char buf[MOVE_B])
{
	char san[48], iccf[24], sanda[48];
	oneline(m->san, san, sizeof san);
	oneline(m->iccf, iccf, sizeof iccf);
	if (c->r->lang == NOTIFY_DA)
		snprintf(san, sizeof san, "%s", notify_san_da(san, sanda, sizeof sanda));
	snprintf(buf, MOVE_B, "%d.%s %s (ICCF %s)", m->number, m->side == NOTIFY_BLACK ? ".." : "",
	         san, iccf);
	return buf;
}

/* The short move for a subject: "12. b5". */
static const char *move_short(const struct ctx *c, const struct notify_ply *m, char buf[MOVE_B])
{
	char san[48], sanda[48];
	oneline(m->san, san, sizeof san);
	if (c->r->lang == NOTIFY_DA)
		snprintf(san, sizeof san, "%s", notify_san_da(san, sanda, sizeof sanda));
	snprintf(buf, MOVE_B, "%d.%s %s", m->number, m->side == NOTIFY_BLACK ? ".." : "", san);
	return buf;
}

static const char *base(const struct ctx *c)
{
	return c->env && c->env->base_url ? c->env->base_url : "";
}

static int bad(struct ctx *c, const struct notify_event *ev, const char *what)
{
	return cc_fail(CC_ERR_INVALID, c->err, c->errlen, "a %s mail: %s",
	               notify_kind_name(ev->kind), what);
}

static bool side_ok(int side)
{
	return side == NOTIFY_WHITE || side == NOTIFY_BLACK;
}

/* The names of a game, cleaned. */
struct names {
	char white[NAME_MAX_B], black[NAME_MAX_B], event[NAME_MAX_B], reader[NAME_MAX_B];
	char game[NAME_MAX_B * 3 + 8]; /* "alice - bob" or "alice - bob, EMT 3" */
};

static void get_names(const struct ctx *c, const struct notify_game *g, struct names *n)
{
	oneline(g->white, n->white, sizeof n->white);
	oneline(g->black, n->black, sizeof n->black);
	oneline(g->event, n->event, sizeof n->event);
	oneline(c->r->name, n->reader, sizeof n->reader);
	if (g->event && *g->event)
		snprintf(n->game, sizeof n->game, "%s - %s, %s", n->white, n->black, n->event);
	else
		snprintf(n->game, sizeof n->game, "%s - %s", n->white, n->black);
}

static const char *side_name(const struct names *n, int side)
{
	return side == NOTIFY_WHITE ? n->white : n->black;
}

/* The clock sentences of a player to move (DSU 6.3.3: days used, days left
 * until the next control, the forfeit date). */
static void clock_text(struct ctx *c, const struct notify_clock *k)
{
	char used[32], left[32], limit[32], d[DATE_B];
	days(c, k->used_days, used);
	days(c, k->left_days, left);
	days(c, k->limit_days, limit);
	paraf(c->b,
	      T(c->r, "Your clock: %s used, %s left until the control at your move %d (%s in all).",
	        "Din betænkningstid: %s brugt, %s tilbage til kontrollen ved dit træk %d (%s i "
	        "alt)."),
	      used, left, k->next_control, limit);
	if (k->forfeit_date != NOTIFY_NO_DATE)
		paraf(c->b,
		      T(c->r,
		        "Your move must be sent before %s: from that day on you are over the time "
		        "limit (DSU 6.3.3).",
		        "Dit træk skal være afsendt før %s: fra den dag er tiden overskredet "
		        "(DSU 6.3.3)."),
		      date(c, k->forfeit_date, d));
}

/* ---- the composers ----
 *
 * Each writes the core of its subject into c->subject and its text into
 * c->b, from the event's part of the union, in the reader's language.
 * Cost: linear in the text.  Fails with CC_ERR_INVALID (through bad())
 * when the event lacks what its text needs; the buffer is then dropped by
 * the caller. */

static int c_move(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_move *m = &ev->u.move;
	struct names n;
	char mv[MOVE_B], ms[MOVE_B], d[DATE_B];
	if (!side_ok(m->move.side) || m->move.number < 1 || !m->move.iccf || !m->move.san)
		return bad(c, ev, "the move needs its side, number, ICCF and SAN");
	get_names(c, &ev->game, &n);
	const char *who = side_name(&n, m->move.side);
	subj(c, T(c->r, "game %lld, %s played %s (%s)", "parti %lld, %s har trukket %s (%s)"),
	     ev->game.id, who, move_short(c, &m->move, ms), n.game);
	paraf(c->b,
	      T(c->r, "%s (%s) has made a move in game %lld (%s):",
	        "%s (%s) har trukket i parti %lld (%s):"),
	      who, colour(c, m->move.side), ev->game.id, n.game);
	put(c->b, "\n    %s\n", move_text(c, &m->move, mv));
	if (m->sent != NOTIFY_NO_DATE)
		put(c->b, T(c->r, "    sent %s\n", "    afsendt %s\n"), date(c, m->sent, d));
	put(c->b, "\n");
	if (m->draw_offered)
		paraf(c->b,
		      T(c->r,
		        "%s offers a draw with this move. You may accept or decline it on the "
		        "game page; making your move declines it.",
		        "%s tilbyder remis med dette træk. Du kan tage imod eller afslå det på "
		        "partiets side; trækker du, er tilbuddet afslået."),
		      who);
	if (m->answers_reminder)
		para(c->b, T(c->r,
		             "This move answers the reminder; a copy goes to the tournament leader "
		             "(DSU 6.8.3).",
		             "Trækket besvarer rykkeren; en kopi går til turneringslederen "
		             "(DSU 6.8.3)."));
	clock_text(c, &m->clock);
	return 0;
}

/* DSU 6.8.3: in e-mail play the answer to a reminder goes with a copy to
 * the TL. */
static int c_answer_tl(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_move *m = &ev->u.move;
	struct names n;
	char mv[MOVE_B], ms[MOVE_B], d[DATE_B];
	if (!side_ok(m->move.side) || m->move.number < 1 || !m->move.iccf || !m->move.san)
		return bad(c, ev, "the move needs its side, number, ICCF and SAN");
	get_names(c, &ev->game, &n);
	const char *who = side_name(&n, m->move.side);
	subj(c,
	     T(c->r, "copy: game %lld, %s answered the reminder with %s (%s)",
	       "kopi: parti %lld, %s har besvaret rykkeren med %s (%s)"),
	     ev->game.id, who, move_short(c, &m->move, ms), n.game);
	paraf(c->b,
	      T(c->r,
	        "Copy to the tournament leader (DSU 6.8.3): %s (%s) has answered the reminder in "
	        "game %lld (%s) with the move",
	        "Kopi til turneringslederen (DSU 6.8.3): %s (%s) har besvaret rykkeren i parti "
	        "%lld (%s) med trækket"),
	      who, colour(c, m->move.side), ev->game.id, n.game);
	put(c->b, "\n    %s\n", move_text(c, &m->move, mv));
	if (m->sent != NOTIFY_NO_DATE)
		put(c->b, T(c->r, "    sent %s\n", "    afsendt %s\n"), date(c, m->sent, d));
	return 0;
}

static int c_vacation(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_vacation *v = &ev->u.vacation;
	struct names n;
	char who[NAME_MAX_B], a[DATE_B], z[DATE_B], nd[DATE_B], len[32], ia[CALENDAR_ISO_LEN],
	        iz[CALENDAR_ISO_LEN];
	if (v->first == NOTIFY_NO_DATE || v->last == NOTIFY_NO_DATE || v->last < v->first ||
	    v->ngames < 0 || (v->ngames > 0 && !v->games))
		return bad(c, ev, "the vacation needs its first and last day, in order");
	get_names(c, &ev->game, &n);
	oneline(v->player, who, sizeof who);
	subj(c, T(c->r, "%s is on vacation %s to %s", "%s holder ferie %s til %s"), who,
	     iso(v->first, ia), iso(v->last, iz));
	paraf(c->b,
	      v->special_leave ? T(c->r,
	                           "%s has been granted special leave by the tournament leader "
	                           "(DSU 6.3.6.4):",
	                           "%s har fået særorlov af turneringslederen (DSU 6.3.6.4):")
	                       : T(c->r, "%s has announced a vacation (DSU 6.3.6):",
	                           "%s har anmeldt ferie (DSU 6.3.6):"),
	      who);
	put(c->b,
	    T(c->r, "\n    from %s\n    to %s, both days included (%s)\n\n",
	      "\n    fra %s\n    til %s, begge dage inklusive (%s)\n\n"),
	    date(c, v->first, a), date(c, v->last, z), days(c, (long)v->last - v->first + 1, len));
	paraf(c->b,
	      T(c->r,
	        "During the vacation the clocks of both players stand still: no thinking time is "
	        "counted for you or for %s (DSU 6.3.6.3).",
	        "I ferien står betænkningstiden stille for begge parter: der tælles ingen "
	        "betænkningstid for dig eller for %s (DSU 6.3.6.3)."),
	      who);
	if (v->notice != NOTIFY_NO_DATE && !v->special_leave)
		paraf(c->b,
		      T(c->r,
		        "The notice was sent on %s; a vacation can start at the earliest 6 days "
		        "after the notice (DSU 6.3.6.1).",
		        "Meddelelsen er afsendt %s; en ferie kan tidligst gælde 6 dage efter "
		        "meddelelsen (DSU 6.3.6.1)."),
		      date(c, v->notice, nd));
	if (ev->game.play == NOTIFY_EMAIL)
		para(c->b, T(c->r,
		             "In e-mail play a vacation applies to all remaining games of the "
		             "tournament at once (DSU 6.8.8).",
		             "I e-mailturneringer holdes ferien samtidigt mod alle tilbageværende "
		             "modstandere i turneringen (DSU 6.8.8)."));
	int ng = v->ngames > 0 ? v->ngames : 1;
	put(c->b, "\n%s\n",
	    ng == 1 ? T(c->r, "Your game against him or her:",
	                "Dit parti mod "
	                "vedkommende:")
	            : T(c->r, "Your games against him or her:", "Dine partier mod vedkommende:"));
	for (int i = 0; i < ng; i++) {
		long long id = v->ngames > 0 ? v->games[i] : ev->game.id;
		put(c->b,
		    T(c->r, "    game %lld: %s/games/%lld\n", "    parti %lld: %s/games/%lld\n"),
		    id, base(c), id);
	}
	return 0;
}

/* The termination as a phrase ("by resignation"); NULL for none. */
static const char *termination(const struct ctx *c, const char *t, char *buf, size_t len)
{
	static const struct {
		const char *key, *en, *da;
	} tab[] = {
	        {"checkmate", "by checkmate", "ved skakmat"},
	        {"stalemate", "by stalemate", "ved pat"},
	        {"dead_position", "in a dead position", "i en død stilling"},
	        {"resignation", "by resignation", "ved opgivelse"},
	        {"agreement", "by agreement", "ved aftale"},
	        {"threefold", "by threefold repetition", "ved trefold gentagelse"},
	        {"fifty_moves", "by the fifty-move rule", "ved 50-træksreglen"},
	        {"time_forfeit", "on time", "på tid"},
	        {"adjudication", "by adjudication", "ved bedømmelse"},
	        {"series_cancel", "by the cancellation of the series", "ved aflysning af serien"},
	};
	if (!t || !*t)
		return NULL;
	for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strcmp(t, tab[i].key) == 0)
			return T(c->r, tab[i].en, tab[i].da);
	char clean[48];
	snprintf(buf, len, "(%s)", oneline(t, clean, sizeof clean));
	return buf;
}

static bool result_ok(const char *r)
{
	return r && (strcmp(r, "1-0") == 0 || strcmp(r, "0-1") == 0 || strcmp(r, "1/2-1/2") == 0 ||
	             strcmp(r, "0-0") == 0);
}

static int c_result(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_result *res = &ev->u.result;
	struct names n;
	char d[DATE_B], tb[64];
	if (!result_ok(res->result))
		return bad(c, ev, "the result must be 1-0, 0-1, 1/2-1/2 or 0-0");
	get_names(c, &ev->game, &n);
	const char *how = termination(c, res->termination, tb, sizeof tb);
	subj(c, T(c->r, "game %lld ended %s (%s)", "parti %lld er slut: %s (%s)"), ev->game.id,
	     res->result, n.game);
	char moves[64] = "";
	if (res->moves > 0)
		snprintf(moves, sizeof moves, T(c->r, ", after %d moves", " efter %d træk"),
		         res->moves);
	paraf(c->b,
	      T(c->r, "Game %lld, %s (White) - %s (Black), ended on %s: %s%s%s%s.",
	        "Parti %lld, %s (hvid) - %s (sort), sluttede %s: %s%s%s%s."),
	      ev->game.id, n.white, n.black, date(c, res->date, d), res->result, how ? " " : "",
	      how ? how : "", moves);
	int s = c->r->side;
	const char *verdict;
	if (strcmp(res->result, "1/2-1/2") == 0)
		verdict = T(c->r, "The game is drawn.", "Partiet er remis.");
	else if (strcmp(res->result, "0-0") == 0)
		verdict = T(c->r, "The game is lost for both players (DSU 6.3.3.4).",
		            "Partiet er tabt for begge spillere (DSU 6.3.3.4).");
	else if (side_ok(s))
		verdict = (s == NOTIFY_WHITE) == (res->result[0] == '1')
		                  ? T(c->r, "You won. Congratulations!", "Du har vundet. Tillykke!")
		                  : T(c->r, "You lost.", "Du har tabt.");
	else
		verdict = "";
	if (*verdict)
		para(c->b, verdict);
	if (res->tl_told)
		para(c->b,
		     T(c->r, "The result has been reported to the tournament leader (DSU 6.8.9).",
		       "Resultatet er indberettet til turneringslederen (DSU 6.8.9)."));
	else if (ev->game.play == NOTIFY_POSTAL)
		para(c->b, T(c->r,
		             "The winner (White when drawn) reports the result to the tournament "
		             "leader in writing within 8 days, with the group and class number "
		             "(DSU 6.2.6).",
		             "Vinderen (ved remis hvid) skal senest 8 dage efter afslutningen "
		             "meddele turneringslederen resultatet skriftligt med gruppe og "
		             "klassenummer (DSU 6.2.6)."));
	else if (ev->game.play == NOTIFY_EMAIL)
		para(c->b,
		     T(c->r,
		       "Both players send the result to the tournament leader as soon as "
		       "possible (DSU 6.8.9).",
		       "Begge spillere skal snarest indsende resultatet til turneringslederen "
		       "(DSU 6.8.9)."));
	return 0;
}

static int c_result_tl(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_result *res = &ev->u.result;
	struct names n;
	char d[DATE_B], tb[64];
	if (!result_ok(res->result))
		return bad(c, ev, "the result must be 1-0, 0-1, 1/2-1/2 or 0-0");
	get_names(c, &ev->game, &n);
	const char *how = termination(c, res->termination, tb, sizeof tb);
	subj(c, T(c->r, "result of game %lld: %s (%s)", "resultat af parti %lld: %s (%s)"),
	     ev->game.id, res->result, n.game);
	para(c->b, T(c->r, "Result report (DSU 6.2.6, 6.8.9):",
	             "Resultatindberetning (DSU 6.2.6, "
	             "6.8.9):"));
	put(c->b, "\n");
	if (ev->game.event && *ev->game.event)
		put(c->b, T(c->r, "    tournament: %s\n", "    turnering:  %s\n"), n.event);
	put(c->b, T(c->r, "    game:       %lld\n", "    parti:      %lld\n"), ev->game.id);
	put(c->b, T(c->r, "    White:      %s\n", "    hvid:       %s\n"), n.white);
	put(c->b, T(c->r, "    Black:      %s\n", "    sort:       %s\n"), n.black);
	put(c->b, T(c->r, "    result:     %s%s%s\n", "    resultat:   %s%s%s\n"), res->result,
	    how ? " " : "", how ? how : "");
	put(c->b, T(c->r, "    ended:      %s\n", "    afsluttet:  %s\n"), date(c, res->date, d));
	if (res->moves > 0)
		put(c->b, T(c->r, "    moves:      %d\n", "    træk:       %d\n"), res->moves);
	return 0;
}

/* DSU 6.5.2.1: "en kopi af reglementet" goes with the start letter; the
 * rules a player of this group lives by, by its play, each with its
 * paragraph. */
static void start_rules(struct ctx *c, const struct notify_start *s)
{
	int days = s->days > 0 ? s->days : s->play == NOTIFY_POSTAL ? 30 : 40;
	int moves = s->moves > 0 ? s->moves : 10;
	put(c->b, "\n");
	para(c->b,
	     T(c->r, "The rules of the group, in short:", "Reglerne for gruppen i korte træk:"));
	if (s->play == NOTIFY_EMAIL) {
		paraf(c->b,
		      T(c->r,
		        "Time: %d days for every %d moves; saved time carries over. A move counts "
		        "as received the day after the sender's date; the weekend rule does not "
		        "apply (DSU 6.8.6).",
		        "Betænkningstid: %d dage til %d træk; opsparet tid kommer senere træk til "
		        "gode. Et træk kan betragtes som modtaget dagen efter afsenderens dato; "
		        "weekend-reglen gælder ikke (DSU 6.8.6)."),
		      days, moves);
		para(c->b,
		     T(c->r,
		       "Send your moves numbered, in the international numeric notation or one "
		       "you agree on, with all the moves so far, the date you received the "
		       "opponent's move and the date you answer it (DSU 6.8.2, 6.8.4).",
		       "Trækkene nummereres og sendes i den internationale numeriske notation "
		       "eller en aftalt notation med alle trækkene, datoen for modtagelsen af "
		       "modstanderens træk og datoen for svaret (DSU 6.8.2, 6.8.4)."));
		para(c->b,
		     T(c->r,
		       "No answer after 14 days: repeat your mail with a copy to the "
		       "tournament leader; no move 7 days later: tell him (DSU 6.8.3).",
		       "Intet svar efter 14 dage: gentag mailen med kopi til "
		       "turneringslederen; intet træk 7 dage senere: underret ham (DSU 6.8.3)."));
		para(c->b,
		     T(c->r,
		       "Vacation: up to 35 days a year from the start, against all your "
		       "remaining opponents in the group at once, announced at least 6 days "
		       "before (DSU 6.8.8, 6.3.6.1).",
		       "Ferie: indtil 35 dage om året fra turneringsstarten, samtidigt mod alle "
		       "tilbageværende modstandere i gruppen, meddelt mindst 6 dage før (DSU "
		       "6.8.8, 6.3.6.1)."));
		para(c->b, T(c->r,
		             "A time forfeit is claimed from the tournament leader at the latest "
		             "with the reply to the 10th, 20th ... move (DSU 6.8.7). Both players "
		             "report the result to the tournament leader as soon as possible (DSU "
		             "6.8.9).",
		             "Krav om tidsoverskridelse sendes til turneringslederen senest ved "
		             "besvarelsen af 10., 20. osv. træk (DSU 6.8.7). Begge spillere "
		             "indsender snarest resultatet til turneringslederen (DSU 6.8.9)."));
		return;
	}
	paraf(c->b,
	      T(c->r,
	        "Time: %d days for every %d moves; saved time carries over; the post does "
	        "not count (DSU 6.3.1, 6.3.3).",
	        "Betænkningstid: %d dage til %d træk; opsparet tid kommer senere træk til gode; "
	        "posttiden modregnes ikke (DSU 6.3.1, 6.3.3)."),
	      days, moves);
	if (s->by_email)
		para(c->b,
		     T(c->r,
		       "The games go by e-mail: a move counts as received the day after the "
		       "sender's date, and the weekend rule does not apply (DSU 6.2.1.2, "
		       "6.3.2.2).",
		       "Partierne spilles pr. e-mail: et træk kan betragtes som modtaget dagen "
		       "efter afsenderens dato, og weekend-reglen gælder ikke (DSU 6.2.1.2, "
		       "6.3.2.2)."));
	else if (s->play == NOTIFY_POSTAL)
		para(c->b, T(c->r,
		             "The postmark dates your move; for cards posted at the weekend "
		             "Saturday and Sunday count as one day (DSU 6.3.2.1).",
		             "Poststemplets dato gælder som afsendelsesdato; for kort afsendt i "
		             "weekenden regnes lørdag-søndag som én dag (DSU 6.3.2.1)."));
	para(c->b, T(c->r,
	             "With each move repeat the opponent's last move and give the date you "
	             "received it, the date you answer, and both players' time (DSU 6.2.1.1).",
	             "Med hvert træk gentages modstanderens sidste træk, og datoen for "
	             "modtagelsen, datoen for svaret og begge spilleres betænkningstid angives "
	             "(DSU 6.2.1.1)."));
	para(c->b, T(c->r,
	             "More than 14 days for one move: tell your opponent. No answer after 14 "
	             "days and the post both ways: repeat your last move; after 7 more days "
	             "tell the tournament leader. More than 14 days without telling, after a "
	             "reminder: 3 days more, 6 more if the tournament leader had to be told "
	             "(DSU 6.3.4).",
	             "Mere end 14 dage til et træk: underret modstanderen. Intet svar efter 14 "
	             "dage og posttid begge veje: gentag dit sidste træk; efter yderligere 7 "
	             "dage underrettes turneringslederen. Mere end 14 dage uden varsel, efter en "
	             "rykker: 3 dage ekstra, 6 mere hvis turneringslederen måtte underrettes "
	             "(DSU 6.3.4)."));
	para(c->b, T(c->r,
	             "Vacation: up to 35 days a year from the start, told to all your remaining "
	             "opponents in the group at least 6 days before (DSU 6.3.6.1). 20-31 "
	             "December and the Tuesday before to the Tuesday after Easter are holidays "
	             "for everybody (DSU 6.3.6.2).",
	             "Ferie: indtil 35 dage om året fra turneringsstarten, meddelt alle "
	             "tilbageværende modstandere i gruppen mindst 6 dage før (DSU 6.3.6, "
	             "6.3.6.1). 20.-31. december og tirsdagen før til tirsdagen efter påske er "
	             "obligatoriske ferier for alle (DSU 6.3.6.2)."));
	para(c->b, T(c->r,
	             "A time forfeit loses the game; playing on after the opponent's forfeit "
	             "loses it for both (DSU 6.3.3.3, 6.3.3.4). The winner, White when drawn, "
	             "reports the result to the tournament leader in writing within 8 days "
	             "(DSU 6.2.6).",
	             "Tidsoverskridelse medfører tab af partiet; fortsættes partiet efter "
	             "modstanderens tidsoverskridelse, er det tabt for begge (DSU 6.3.3.3, "
	             "6.3.3.4). Vinderen, ved remis hvid, meddeler senest 8 dage efter "
	             "afslutningen turneringslederen resultatet skriftligt (DSU 6.2.6)."));
}

static int c_start(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_start *s = &ev->u.start;
	char group[NAME_MAX_B], d[DATE_B], is[CALENDAR_ISO_LEN], me[NAME_MAX_B];
	if (s->nplayers < 2 || s->nplayers > NOTIFY_START_MAX || !s->players || s->npairings < 0 ||
	    (s->npairings > 0 && !s->pairings) ||
	    s->npairings > NOTIFY_START_MAX * (NOTIFY_START_MAX - 1) || s->start == NOTIFY_NO_DATE)
		return bad(c, ev,
		           "a start letter needs 2 to 256 players, the pairings and the start");
	const char *names[NOTIFY_START_MAX + 1] = {0};
	for (int i = 0; i < s->nplayers; i++) {
		int k = s->players[i].number;
		if (k < 1 || k > NOTIFY_START_MAX || names[k])
			return bad(c, ev, "player numbers must be 1..256, each once");
		names[k] = s->players[i].name ? s->players[i].name : "?";
	}
	for (int i = 0; i < s->npairings; i++) {
		const struct notify_pairing *p = &s->pairings[i];
		if (p->white < 1 || p->white > NOTIFY_START_MAX || p->black < 1 ||
		    p->black > NOTIFY_START_MAX || !names[p->white] || !names[p->black] ||
		    p->white == p->black)
			return bad(c, ev, "a pairing names a player who is not in the group");
	}
	oneline(s->group, group, sizeof group);
	oneline(c->r->name, me, sizeof me);
	subj(c, T(c->r, "start letter, group %s, start %s", "startbrev, gruppe %s, start %s"),
	     group, iso(s->start, is));
	paraf(c->b,
	      T(c->r, "This is the start letter of group %s (DSU 6.5.2.1).",
	        "Dette er startbrevet for gruppe %s (DSU 6.5.2.1)."),
	      group);
	put(c->b, T(c->r, "\nStart date: %s\n\n", "\nStartdato: %s\n\n"), date(c, s->start, d));
	para(c->b, T(c->r, "The players, numbered by lot by the tournament leader:",
	             "Deltagerne i nummerorden efter TL's lodtrækning:"));
	for (int k = 1; k <= NOTIFY_START_MAX; k++) {
		if (!names[k])
			continue;
		const struct notify_start_player *p = NULL;
		for (int i = 0; i < s->nplayers; i++)
			if (s->players[i].number == k)
				p = &s->players[i];
		char nm[NAME_MAX_B], ad[256], em[256];
		/* 6.5.2.1: "alle deltagernes navne og adresser" - postal ones */
		put(c->b, "    %2d. %s, %s", k, oneline(p->name, nm, sizeof nm),
		    p->address && *p->address
		            ? oneline(p->address, ad, sizeof ad)
		            : T(c->r, "(no postal address given)", "(ingen postadresse oplyst)"));
		if (p->email && *p->email)
			put(c->b, "; %s", oneline(p->email, em, sizeof em));
		put(c->b, "\n");
	}
	if (s->npairings > 0) {
		put(c->b, "\n");
		para(c->b, T(c->r, "The games and their colours (White - Black):",
		             "Partierne og farverne (hvid - sort):"));
	}
	for (int i = 0; i < s->npairings; i++) {
		const struct notify_pairing *p = &s->pairings[i];
		char w[NAME_MAX_B], bl[NAME_MAX_B];
		oneline(names[p->white], w, sizeof w);
		oneline(names[p->black], bl, sizeof bl);
		bool mine = strcmp(w, me) == 0 || strcmp(bl, me) == 0;
		put(c->b, "    %2d - %-2d  %s - %s%s\n", p->white, p->black, w, bl,
		    mine ? T(c->r, "   (your game)", "   (dit parti)") : "");
		if (p->game > 0)
			put(c->b, "             %s/games/%lld\n", base(c), p->game);
	}
	if (s->play != NOTIFY_SERVER)
		start_rules(c, s);
	if (s->rules_url && *s->rules_url) {
		char url[512];
		put(c->b, T(c->r, "\nThe rules: %s\n", "\nReglementet: %s\n"),
		    oneline(s->rules_url, url, sizeof url));
	}
	return 0;
}

static int c_draw(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_draw *dr = &ev->u.draw;
	struct names n;
	char mv[MOVE_B];
	if (!side_ok(dr->side) || (dr->move.number > 0 && (!dr->move.iccf || !dr->move.san)))
		return bad(c, ev, "the offer needs its side (and the move's ICCF and SAN)");
	get_names(c, &ev->game, &n);
	const char *who = side_name(&n, dr->side);
	subj(c, T(c->r, "game %lld, %s offers a draw (%s)", "parti %lld, %s tilbyder remis (%s)"),
	     ev->game.id, who, n.game);
	if (dr->move.number > 0)
		paraf(c->b,
		      T(c->r, "%s (%s) offers a draw in game %lld (%s) with the move %s.",
		        "%s (%s) tilbyder remis i parti %lld (%s) med trækket %s."),
		      who, colour(c, dr->side), ev->game.id, n.game, move_text(c, &dr->move, mv));
	else
		paraf(c->b,
		      T(c->r, "%s (%s) offers a draw in game %lld (%s).",
		        "%s (%s) tilbyder remis i parti %lld (%s)."),
		      who, colour(c, dr->side), ev->game.id, n.game);
	para(c->b, T(c->r,
	             "You may accept or decline the offer on the game page; making your move "
	             "declines it.",
	             "Du kan tage imod tilbuddet eller afslå det på partiets side; trækker du, er "
	             "tilbuddet afslået."));
	return 0;
}

static int c_forfeit(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_forfeit *f = &ev->u.forfeit;
	struct names n;
	char d[DATE_B], lim[32];
	if (!side_ok(f->side) || f->control < 1 || f->limit < 0 ||
	    (f->ended_result && !result_ok(f->ended_result)))
		return bad(c, ev, "the forfeit needs its side, control and limit");
	get_names(c, &ev->game, &n);
	const char *who = side_name(&n, f->side);
	bool self = c->r->side == f->side;
	subj(c,
	     T(c->r, "time forfeit, game %lld, %s (%s)", "tidsoverskridelse, parti %lld, %s (%s)"),
	     ev->game.id, who, n.game);
	if (self)
		paraf(c->b,
		      T(c->r,
		        "You have used more than %s without sending your move %d, since %s "
		        "(DSU 6.3.3.1), in game %lld (%s).",
		        "Du har brugt mere end %s uden at have afsendt dit træk %d, siden %s "
		        "(DSU 6.3.3.1), i parti %lld (%s)."),
		      days(c, f->limit, lim), f->control, date(c, f->since, d), ev->game.id,
		      n.game);
	else
		paraf(c->b,
		      T(c->r,
		        "%s (%s) has used more than %s without sending move %d, since %s "
		        "(DSU 6.3.3.1), in game %lld (%s).",
		        "%s (%s) har brugt mere end %s uden at have afsendt træk %d, siden %s "
		        "(DSU 6.3.3.1), i parti %lld (%s)."),
		      who, colour(c, f->side), days(c, f->limit, lim), f->control,
		      date(c, f->since, d), ev->game.id, n.game);
	if (f->ended_result) {
		paraf(c->b,
		      T(c->r, "The game has been ended: %s, lost on time (DSU 6.3.3.3).",
		        "Partiet er afsluttet: %s, tabt på tid (DSU 6.3.3.3)."),
		      f->ended_result);
		return 0;
	}
	if (ev->game.play == NOTIFY_EMAIL)
		para(c->b,
		     T(c->r,
		       "The opponent claims the forfeit from the tournament leader with all "
		       "details at the latest with the reply to the 10th, 20th ... move, and "
		       "tells the opponent (DSU 6.8.7).",
		       "Kravet om tidsoverskridelse sendes til turneringslederen med alle "
		       "detaljer senest ved besvarelsen af 10., 20. osv. træk, og modstanderen "
		       "underrettes (DSU 6.8.7)."));
	else
		para(c->b, T(c->r,
		             "The opponent may claim the game, or the tournament leader sets the "
		             "result (DSU 6.3.3.5).",
		             "Modstanderen kan kræve partiet, eller turneringslederen fastsætter "
		             "resultatet (DSU 6.3.3.5)."));
	para(c->b,
	     T(c->r,
	       "Playing on after a time forfeit loses the game for both players (DSU 6.3.3.4).",
	       "Fortsættes partiet efter en tidsoverskridelse, er det tabt for begge spillere "
	       "(DSU 6.3.3.4)."));
	return 0;
}

static int c_reminder(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_silence *s = &ev->u.silence;
	struct names n;
	char mv[MOVE_B], rd[DATE_B], td[DATE_B];
	if (!side_ok(s->side) || (s->last.number > 0 && (!s->last.iccf || !s->last.san)))
		return bad(c, ev,
		           "the reminder needs the silent side (and the move's ICCF and SAN)");
	get_names(c, &ev->game, &n);
	const char *who = side_name(&n, s->side);
	bool self = c->r->side == s->side;
	bool email = ev->game.play == NOTIFY_EMAIL;
	if (self)
		subj(c,
		     T(c->r, "reminder, game %lld, your move (%s)",
		       "rykker, parti %lld, dit træk (%s)"),
		     ev->game.id, n.game);
	else
		subj(c,
		     T(c->r, "%sreminder, game %lld, %s is silent (%s)",
		       "%srykker, parti %lld, %s er tavs (%s)"),
		     c->r->side == NOTIFY_TL ? T(c->r, "copy of ", "kopi af ") : "", ev->game.id,
		     who, n.game);
	date(c, s->received, rd);
	date(c, s->tl_date, td);
	if (self && s->last.number > 0)
		paraf(c->b,
		      T(c->r,
		        "In game %lld (%s) you received your opponent's move %s on %s and have not "
		        "answered it.",
		        "I parti %lld (%s) modtog du modstanderens træk %s %s og har ikke "
		        "besvaret det."),
		      ev->game.id, n.game, move_text(c, &s->last, mv), rd);
	else if (self)
		paraf(c->b,
		      T(c->r, "Game %lld (%s) started on %s and you have not made your first move.",
		        "Parti %lld (%s) startede %s, og du har ikke gjort dit første træk."),
		      ev->game.id, n.game, rd);
	else if (s->last.number > 0)
		paraf(c->b,
		      T(c->r,
		        "In game %lld (%s), %s (%s) received the move %s on %s and has not "
		        "answered "
		        "it.",
		        "I parti %lld (%s) modtog %s (%s) trækket %s %s og har ikke besvaret "
		        "det."),
		      ev->game.id, n.game, who, colour(c, s->side), move_text(c, &s->last, mv), rd);
	else
		paraf(c->b,
		      T(c->r, "Game %lld (%s) started on %s and %s (%s) has not made a first move.",
		        "Parti %lld (%s) startede %s, og %s (%s) har ikke gjort sit første træk."),
		      ev->game.id, n.game, rd, who, colour(c, s->side));
	if (self) {
		paraf(c->b,
		      T(c->r,
		        "This is the reminder of DSU rule 6.3.4: your opponent's last move is "
		        "repeated above. Please send your move; if none comes by %s, the "
		        "tournament "
		        "leader is told.",
		        "Dette er rykkeren efter DSU 6.3.4: modstanderens seneste træk er gentaget "
		        "ovenfor. Send venligst dit træk; kommer der intet senest %s, underrettes "
		        "turneringslederen."),
		      td);
		para(c->b,
		     T(c->r,
		       "More than 14 days on one move without notice, once a reminder was "
		       "sent, adds 3 days to your thinking time (DSU 6.3.4).",
		       "Bruger du mere end 14 dage til et træk uden at have varslet det, og er "
		       "der sendt rykker, tillægges du 3 dages ekstra betænkningstid "
		       "(DSU 6.3.4)."));
		if (email)
			para(c->b,
			     T(c->r,
			       "In e-mail play the reminder goes with a copy to the tournament "
			       "leader, and so does your answer (DSU 6.8.3).",
			       "I e-mailturneringer sendes rykkeren med kopi til "
			       "turneringslederen, og det samme gælder dit svar (DSU 6.8.3)."));
	} else {
		paraf(c->b,
		      T(c->r,
		        "The reminder of DSU rule 6.3.4 has been sent to %s. If no move comes by "
		        "%s, "
		        "the tournament leader is told.",
		        "Rykkeren efter DSU 6.3.4 er sendt til %s. Kommer der intet træk senest "
		        "%s, "
		        "underrettes turneringslederen."),
		      who, td);
		if (email && c->r->side == NOTIFY_TL)
			para(c->b, T(c->r, "This is the copy to the tournament leader (DSU 6.8.3).",
			             "Dette er kopien til turneringslederen (DSU 6.8.3)."));
	}
	return 0;
}

static int c_tl_notice(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_silence *s = &ev->u.silence;
	struct names n;
	char rd[DATE_B], md[DATE_B];
	if (!side_ok(s->side))
		return bad(c, ev, "the notice needs the silent side");
	get_names(c, &ev->game, &n);
	const char *who = side_name(&n, s->side);
	bool self = c->r->side == s->side;
	subj(c, T(c->r, "silent player, game %lld, %s (%s)", "tavs spiller, parti %lld, %s (%s)"),
	     ev->game.id, who, n.game);
	date(c, s->received, rd);
	date(c, s->reminder, md);
	if (self) {
		paraf(c->b,
		      T(c->r,
		        "In game %lld (%s) you have had the move since %s and have not answered "
		        "the "
		        "reminder of %s.",
		        "I parti %lld (%s) har du haft trækket siden %s og har ikke besvaret "
		        "rykkeren "
		        "af %s."),
		      ev->game.id, n.game, rd, md);
		para(c->b,
		     T(c->r,
		       "The tournament leader has been told (DSU 6.3.4): you lose the game "
		       "unless you answer both the tournament leader and your opponent at once. "
		       "Please send your move now.",
		       "Turneringslederen er underrettet (DSU 6.3.4): du har tabt partiet, "
		       "hvis du ikke omgående svarer både turneringslederen og din modstander. "
		       "Send dit træk nu."));
	} else {
		paraf(c->b,
		      T(c->r,
		        "In game %lld (%s), %s (%s) has had the move since %s and has not answered "
		        "the reminder of %s.",
		        "I parti %lld (%s) har %s (%s) haft trækket siden %s og har ikke besvaret "
		        "rykkeren af %s."),
		      ev->game.id, n.game, who, colour(c, s->side), rd, md);
		para(c->b, T(c->r,
		             "Under DSU rule 6.3.4 the tournament leader writes to the silent "
		             "player, who loses the game unless he or she answers both the "
		             "tournament leader and the opponent at once.",
		             "Efter DSU 6.3.4 retter turneringslederen henvendelse til den tavse "
		             "spiller, som har tabt partiet, hvis vedkommende ikke omgående svarer "
		             "såvel turneringslederen som sin modstander."));
	}
	para(c->b,
	     T(c->r,
	       "The silence adds 6 more days to the silent player's thinking time (DSU 6.3.4).",
	       "Tavsheden tillægger den tavse spiller yderligere 6 dages ekstra "
	       "betænkningstid (DSU 6.3.4)."));
	return 0;
}

static int c_adjudication(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_adjudication *a = &ev->u.adjudication;
	struct names n;
	char sd[DATE_B], dd[DATE_B];
	if (!side_ok(a->side))
		return bad(c, ev, "the call needs the side to move");
	get_names(c, &ev->game, &n);
	subj(c, T(c->r, "due for adjudication, game %lld (%s)", "til bedømmelse, parti %lld (%s)"),
	     ev->game.id, n.game);
	paraf(c->b,
	      T(c->r,
	        "Game %lld (%s) started on %s and is not finished 18 months later (since %s); the "
	        "tournament leader may call it in for adjudication (DSU 6.2.7). %s (%s) is to "
	        "move.",
	        "Parti %lld (%s) startede %s og er ikke afsluttet 18 måneder senere (siden %s); "
	        "turneringslederen kan indkalde det til bedømmelse (DSU 6.2.7). %s (%s) er i "
	        "trækket."),
	      ev->game.id, n.game, date(c, a->start, sd), date(c, a->due, dd),
	      side_name(&n, a->side), colour(c, a->side));
	return 0;
}

static int c_trouble(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_trouble *t = &ev->u.trouble;
	struct names n;
	char left[32], rd[DATE_B];
	if (t->clock.limit_days <= 0 || t->clock.next_control < 1)
		return bad(c, ev, "the alarm needs the next control and its allowance");
	get_names(c, &ev->game, &n);
	long pct = (long)t->clock.used_days * 100 / t->clock.limit_days;
	subj(c,
	     T(c->r, "time trouble, game %lld, %ld of %ld days used (%s)",
	       "tidnød, parti %lld, %ld af %ld dage brugt (%s)"),
	     ev->game.id, (long)t->clock.used_days, (long)t->clock.limit_days, n.game);
	paraf(c->b,
	      T(c->r,
	        "In game %lld (%s) you have used %ld of the %ld days you have until your move %d "
	        "(%ld%%); %s left.",
	        "I parti %lld (%s) har du brugt %ld af de %ld dage, du har til dit træk %d "
	        "(%ld %%); der er %s tilbage."),
	      ev->game.id, n.game, (long)t->clock.used_days, (long)t->clock.limit_days,
	      t->clock.next_control, pct, days(c, t->clock.left_days, left));
	if (t->received != NOTIFY_NO_DATE)
		paraf(c->b,
		      T(c->r, "You have had the move since %s.", "Du har haft trækket siden %s."),
		      date(c, t->received, rd));
	if (t->clock.forfeit_date != NOTIFY_NO_DATE) {
		char d[DATE_B];
		paraf(c->b,
		      T(c->r,
		        "Your move must be sent before %s: from that day on you are over the time "
		        "limit (DSU 6.3.3).",
		        "Dit træk skal være afsendt før %s: fra den dag er tiden overskredet "
		        "(DSU 6.3.3)."),
		      date(c, t->clock.forfeit_date, d));
	}
	para(c->b,
	     T(c->r, "This alarm comes once per time control, at 80% of its allowance.",
	       "Denne advarsel kommer én gang pr. tidskontrol, ved 80 % af den tilladte tid."));
	return 0;
}

static int c_reset(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_reset *rs = &ev->u.reset;
	char path[512];
	if (!rs->path || !*rs->path || rs->hours < 1)
		return bad(c, ev, "the link needs its path and its hours");
	subj(c, "%s", T(c->r, "reset your password", "nulstil din adgangskode"));
	paraf(c->b,
	      T(c->r,
	        "Someone, probably you, asked to reset the password of your corrchess account. "
	        "Open this link within %d hours to choose a new password:",
	        "Nogen, formentlig dig, har bedt om at nulstille adgangskoden til din "
	        "corrchess-konto. Åbn dette link inden %d timer for at vælge en ny adgangskode:"),
	      rs->hours);
	put(c->b, "\n    %s%s\n\n", base(c), oneline(rs->path, path, sizeof path));
	para(c->b, T(c->r,
	             "The link works once. If you did not ask for it, ignore this mail: your "
	             "password stays as it is.",
	             "Linket virker én gang. Har du ikke bedt om det, kan du se bort fra denne "
	             "mail: din adgangskode er uændret."));
	return 0;
}

/* issue 20: the owner is told when his name reaches the name-wide limit
 * of failed sign-ins; his own sign-in still works. */
static int c_alarm(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_alarm *a = &ev->u.alarm;
	if (a->failures < 1 || a->minutes < 1)
		return bad(c, ev, "the alarm needs its failures and its minutes");
	subj(c, "%s",
	     T(c->r, "many failed sign-ins to your account",
	       "mange mislykkede login på din konto"));
	paraf(c->b,
	      T(c->r,
	        "There were %d failed sign-ins to your corrchess account within %d minutes. "
	        "Someone may be guessing your password.",
	        "Der har været %d mislykkede login på din corrchess-konto inden for %d "
	        "minutter. Nogen prøver måske at gætte din adgangskode."),
	      a->failures, a->minutes);
	para(c->b, T(c->r,
	             "Your account is not locked: your password still works where you sign in, "
	             "while the addresses that failed must wait.",
	             "Din konto er ikke spærret: din adgangskode virker stadig, hvor du logger "
	             "ind, mens de adresser, der fejlede, må vente."));
	put(c->b,
	    T(c->r,
	      "If it was not you, choose a strong password that you use nowhere else:\n\n"
	      "    %s/account\n\n",
	      "Var det ikke dig, så vælg en stærk adgangskode, som du ikke bruger andre steder:"
	      "\n\n    %s/account\n\n"),
	    base(c));
	return 0;
}

/* Appends user text quoted, "> " before each line: its own line breaks
 * kept, control characters made spaces (oneline()), and a line longer
 * than the wrap cut at its last space within it, else after WRAP - 2
 * characters (never inside a UTF-8 sequence): no line of the mail grows
 * past RFC 5322's limit whatever was written.  O(length). */
static void quote(struct textbuf *b, const char *text)
{
	char line[LINE_MAX_B * 2];
	const char *p = text ? text : "";
	textbuf_put(b, "\n", 1);
	do {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char raw[LINE_MAX_B * 2];
		if (n >= sizeof raw)
			n = sizeof raw - 1;
		memcpy(raw, p, n);
		raw[n] = '\0';
		p = nl ? nl + 1 : NULL;
		if (n == 0) {
			textbuf_put(b, ">\n", 2); /* a blank line of the text */
			continue;
		}
		oneline(raw, line, sizeof line);
		const char *q = line;
		do {
			/* the longest piece of at most WRAP - 2 characters */
			const char *end = q, *space = NULL;
			size_t chars = 0;
			while (*end && chars < WRAP - 2) {
				end++;
				while (utf8_is_cont((unsigned char)*end))
					end++;
				chars++;
				if (*end == ' ')
					space = end;
			}
			if (*end && space)
				end = space;
			textbuf_put(b, "> ", 2);
			textbuf_put(b, q, (size_t)(end - q));
			textbuf_put(b, "\n", 1);
			q = end;
			while (*q == ' ')
				q++;
		} while (*q);
	} while (p);
}

static int c_message(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_message *m = &ev->u.message;
	struct names n;
	if (!side_ok(m->side) || !m->text || !*m->text)
		return bad(c, ev, "the message needs its side and its text");
	get_names(c, &ev->game, &n);
	const char *who = side_name(&n, m->side);
	subj(c, T(c->r, "game %lld, a message from %s (%s)", "parti %lld, besked fra %s (%s)"),
	     ev->game.id, who, n.game);
	paraf(c->b,
	      T(c->r, "%s (%s) writes to you in game %lld (%s):",
	        "%s (%s) skriver til dig i parti %lld (%s):"),
	      who, colour(c, m->side), ev->game.id, n.game);
	quote(c->b, m->text);
	para(c->b, T(c->r, "You can answer on the game page.", "Du kan svare på partiets side."));
	return 0;
}

/* DSU 6.4.3, 6.8.10: the ruling on an appeal, in writing to the parties. */
static int c_ruling(struct ctx *c, const struct notify_event *ev)
{
	const struct notify_ruling *r = &ev->u.ruling;
	char day[DATE_B], by[DATE_B];
	const char *what_en, *what_da;
	if (!r->tournament || !r->about || !r->appellant || !r->ruling || !r->text || !*r->text)
		return bad(c, ev, "the ruling needs its tournament, decision, appellant and text");
	if (strcmp(r->ruling, "upheld") == 0) {
		what_en = "the decision stands";
		what_da = "afgørelsen står ved magt";
	} else if (strcmp(r->ruling, "overturned") == 0) {
		what_en = "the decision is overturned";
		what_da = "afgørelsen er omstødt";
	} else if (strcmp(r->ruling, "changed") == 0) {
		what_en = "the decision is changed";
		what_da = "afgørelsen er ændret";
	} else {
		return bad(c, ev, "a ruling is upheld, overturned or changed");
	}
	const char *body_en = r->by_skaknaevnet ? "Skaknævnet" : "the K-skak chief";
	const char *body_da = r->by_skaknaevnet ? "Skaknævnet" : "K-skakchefen";
	subj(c, T(c->r, "the appeal of %s: %s", "anken fra %s: %s"), r->appellant,
	     T(c->r, what_en, what_da));
	paraf(c->b,
	      T(c->r, "On %s %s ruled on the appeal of %s against the decision \"%s\" in %s: %s.",
	        "Den %s har %s afgjort anken fra %s over afgørelsen \"%s\" i %s: %s."),
	      date(c, r->ruled_on, day), T(c->r, body_en, body_da), r->appellant, r->about,
	      r->tournament, T(c->r, what_en, what_da));
	quote(c->b, r->text);
	if (r->further_by != NOTIFY_NO_DATE)
		paraf(c->b,
		      T(c->r,
		        "This ruling may be appealed to Skaknævnet in writing by %s (DSU 6.4.3: "
		        "3 weeks; a deposit goes with it). Only a quarantine or an exclusion is "
		        "suspended meanwhile.",
		        "Denne afgørelse kan appelleres skriftligt til Skaknævnet senest %s (DSU "
		        "6.4.3: 3 uger; klagen ledsages af et depositum). Kun karantæne og "
		        "bortvisning stilles i bero imens."),
		      date(c, r->further_by, by));
	else
		para(c->b, T(c->r, "This ruling is final.", "Denne afgørelse er endelig."));
	return 0;
}

typedef int (*composer)(struct ctx *, const struct notify_event *);

static const composer composers[NOTIFY_KINDS] = {
        [NOTIFY_MOVE] = c_move,
        [NOTIFY_VACATION] = c_vacation,
        [NOTIFY_RESULT] = c_result,
        [NOTIFY_RESULT_TL] = c_result_tl,
        [NOTIFY_START] = c_start,
        [NOTIFY_DRAW_OFFER] = c_draw,
        [NOTIFY_FORFEIT] = c_forfeit,
        [NOTIFY_REMINDER] = c_reminder,
        [NOTIFY_TL_NOTICE] = c_tl_notice,
        [NOTIFY_ADJUDICATION] = c_adjudication,
        [NOTIFY_TIME_TROUBLE] = c_trouble,
        [NOTIFY_PASSWORD_RESET] = c_reset,
        [NOTIFY_ANSWER_TL] = c_answer_tl,
        [NOTIFY_MESSAGE] = c_message,
        [NOTIFY_LOGIN_ALARM] = c_alarm,
        [NOTIFY_RULING] = c_ruling,
};

/* The link under an event's text: the game, or nothing for a mail about
 * no single game. */
static void game_link(struct ctx *c, const struct notify_event *ev)
{
	if (ev->kind == NOTIFY_START || ev->kind == NOTIFY_PASSWORD_RESET ||
	    ev->kind == NOTIFY_VACATION || ev->kind == NOTIFY_LOGIN_ALARM ||
	    ev->kind == NOTIFY_RULING)
		return; /* their texts carry their own links */
	put(c->b, T(c->r, "\nThe game: %s/games/%lld\n", "\nPartiet: %s/games/%lld\n"), base(c),
	    ev->game.id);
}

/* How to turn an optional mail off: the account page (the one-click
 * link of RFC 8058 is the server's List-Unsubscribe header). */
static void footer(struct ctx *c, bool optional)
{
	put(c->b, "\n-- \ncorrchess\n");
	if (!optional)
		return;
	para(c->b, T(c->r,
	             "You get this mail because of your mail setting. To change it or turn "
	             "such mail off:",
	             "Du får denne mail på grund af din mailindstilling. Ret den, eller slå den "
	             "slags mail fra:"));
	put(c->b, "%s/account\n", base(c)); /* the web page's Mail setting */
}

static int check_reader(struct ctx *c, const struct notify_reader *r)
{
	if (!r || (r->lang != NOTIFY_EN && r->lang != NOTIFY_DA) || r->side < -1 ||
	    r->side > NOTIFY_TL)
		return cc_fail(CC_ERR_INVALID, c->err, c->errlen,
		               "the reader needs a language (da, en) and a side");
	return 0;
}

static int finish(struct ctx *c, struct textbuf *b, struct notify_mail *out, const char *core)
{
	if (b->full || !b->p) {
		free(b->p);
		out->body = NULL;
		return cc_fail(CC_ERR_NOMEM, c->err, c->errlen,
		               "the mail is over %d bytes or memory ran out", NOTIFY_BODY_MAX);
	}
	/* A long subject is cut (the body has the whole text). */
	if (snprintf(out->subject, sizeof out->subject, "corrchess: %s", core) >=
	    (int)sizeof out->subject)
		out->subject[sizeof out->subject - 1] = '\0';
	out->body = b->p;
	return 0;
}

int notify_render(const struct notify_env *env, const struct notify_reader *r,
                  const struct notify_event *ev, struct notify_mail *out, char *err, size_t errlen)
{
	char core[NOTIFY_SUBJECT_MAX] = "", name[NAME_MAX_B];
	struct textbuf b = TEXTBUF_INIT(NOTIFY_BODY_MAX);
	struct ctx c = {env, r, &b, core, err, errlen};
	out->body = NULL;
	out->subject[0] = '\0';
	int rc = check_reader(&c, r);
	if (rc != 0)
		return rc;
	if (!ev || (unsigned)ev->kind >= NOTIFY_KINDS)
		return cc_fail(CC_ERR_INVALID, err, errlen, "not a mail kind");
	out->optional = notify_optional(ev->kind);
	put(&b, T(r, "Hello %s,\n\n", "Hej %s,\n\n"), oneline(r->name, name, sizeof name));
	rc = composers[ev->kind](&c, ev);
	if (rc != 0)
		goto fail;
	game_link(&c, ev);
	footer(&c, out->optional);
	return finish(&c, &b, out, core);
fail:
	free(b.p);
	return rc;
}

int notify_section(const struct notify_env *env, const struct notify_reader *r,
                   const struct notify_event *ev, struct notify_mail *out, char *err, size_t errlen)
{
	char core[NOTIFY_SUBJECT_MAX] = "";
	struct textbuf b = TEXTBUF_INIT(NOTIFY_BODY_MAX);
	struct ctx c = {env, r, &b, core, err, errlen};
	out->body = NULL;
	out->subject[0] = '\0';
	int rc = check_reader(&c, r);
	if (rc != 0)
		return rc;
	if (!ev || (unsigned)ev->kind >= NOTIFY_KINDS)
		return cc_fail(CC_ERR_INVALID, err, errlen, "not a mail kind");
	out->optional = notify_optional(ev->kind);
	rc = composers[ev->kind](&c, ev);
	if (rc != 0)
		goto fail;
	game_link(&c, ev);
	if (b.full || !b.p) {
		rc = cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
		goto fail;
	}
	snprintf(out->subject, sizeof out->subject, "%s", core);
	out->body = b.p;
	return 0;
fail:
	free(b.p);
	return rc;
}

int notify_digest_join(const struct notify_env *env, const struct notify_reader *r,
                       const struct notify_mail *sections, int n, struct notify_mail *out,
                       char *err, size_t errlen)
{
	char name[NAME_MAX_B], count[NOTIFY_SUBJECT_MAX];
	struct textbuf b = TEXTBUF_INIT(NOTIFY_BODY_MAX);
	struct ctx c = {env, r, &b, count, err, errlen};
	out->body = NULL;
	out->subject[0] = '\0';
	out->optional = true;
	int rc = check_reader(&c, r);
	if (rc != 0)
		return rc;
	if (n < 1 || n > NOTIFY_DIGEST_MAX || !sections)
		return cc_fail(CC_ERR_INVALID, err, errlen, "a digest has 1 to %d events",
		               NOTIFY_DIGEST_MAX);
	for (int i = 0; i < n; i++)
		if (!sections[i].body)
			return cc_fail(CC_ERR_INVALID, err, errlen, "section %d has no text",
			               i + 1);
	put(&b, T(r, "Hello %s,\n\n", "Hej %s,\n\n"), oneline(r->name, name, sizeof name));
	para(&b, n == 1 ? T(r, "One thing happened in your games since the last digest:",
	                    "Der er sket én ting i dine partier siden sidste oversigt:")
	                : T(r, "This happened in your games since the last digest:",
	                    "Her er, hvad der er sket i dine partier siden sidste oversigt:"));
	for (int i = 0; i < n; i++) {
		char head[NOTIFY_SUBJECT_MAX];
		put(&b, "\n%d. %s\n", i + 1, oneline(sections[i].subject, head, sizeof head));
		put(&b, "%s", sections[i].body);
	}
	footer(&c, true);
	snprintf(count, sizeof count,
	         n == 1 ? T(r, "daily digest, %d event", "dagens oversigt, %d hændelse")
	                : T(r, "daily digest, %d events", "dagens oversigt, %d hændelser"),
	         n);
	return finish(&c, &b, out, count);
}

int notify_digest(const struct notify_env *env, const struct notify_reader *r,
                  const struct notify_event *evs, int n, struct notify_mail *out, char *err,
                  size_t errlen)
{
	out->body = NULL;
	out->subject[0] = '\0';
	if (n < 1 || n > NOTIFY_DIGEST_MAX || !evs)
		return cc_fail(CC_ERR_INVALID, err, errlen, "a digest has 1 to %d events",
		               NOTIFY_DIGEST_MAX);
	struct notify_mail *sec = calloc((size_t)n, sizeof *sec);
	if (!sec)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		rc = notify_section(env, r, &evs[i], &sec[i], err, errlen);
		if (rc != 0) {
			char why[160];
			snprintf(why, sizeof why, "%s", err ? err : "");
			cc_fail(rc, err, errlen, "event %d: %s", i + 1, why);
		}
	}
	if (rc == 0)
		rc = notify_digest_join(env, r, sec, n, out, err, errlen);
	for (int i = 0; i < n; i++)
		notify_mail_free(&sec[i]);
	free(sec);
	return rc;
}

void notify_mail_free(struct notify_mail *out)
{
	if (!out)
		return;
	free(out->body);
	out->body = NULL;
}
