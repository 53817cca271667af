/* ical.c: the RFC 5545 writer and a user's calendar feed (ical.h). */
#include "export/ical.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "util/status.h"
#include "util/textbuf.h"
#include "util/utf8.h"

#define FOLD 75 /* RFC 5545 3.1: lines SHOULD NOT be longer than 75 octets */

/* A content line being built: its octets are folded when it is put. */
struct line {
	char p[8192];
	size_t len;
	bool full;
};

static void l_add(struct line *l, const char *s, size_t n)
{
	if (l->full || n >= sizeof l->p - l->len) {
		l->full = true;
		return;
	}
	memcpy(l->p + l->len, s, n);
	l->len += n;
}

static void l_str(struct line *l, const char *s)
{
	l_add(l, s, strlen(s));
}

/* RFC 5545 3.3.11: TEXT escapes backslash, semicolon, comma and line
 * breaks; other control characters (not allowed there) are dropped. */
static void l_text(struct line *l, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '\\' || c == ';' || c == ',') {
			char e[2] = {'\\', (char)c};
			l_add(l, e, 2);
		} else if (c == '\n') {
			l_add(l, "\\n", 2);
		} else if (c < 0x20 || c == 0x7f) {
			continue; /* CR, NUL... */
		} else {
			l_add(l, (const char *)&c, 1);
		}
	}
}

/* A URI or other non-TEXT value: only control characters are dropped. */
static void l_raw(struct line *l, const char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s >= 0x20 && *s != 0x7f)
			l_add(l, s, 1);
}

/* Puts the line into b, folded: after at most 75 octets a CRLF and one
 * space (3.1), never inside a UTF-8 sequence; ends with CRLF. */
static void l_put(struct textbuf *b, struct line *l)
{
	if (l->full) {
		b->full = true;
		return;
	}
	size_t i = 0, room = FOLD;
	while (l->len - i > room) {
		/* the octet after the cut must not continue a character */
		size_t take = utf8_cut(l->p + i, l->len - i, room);
		textbuf_put(b, l->p + i, take);
		textbuf_put(b, "\r\n ", 3);
		i += take;
		room = FOLD - 1; /* the leading space counts */
	}
	textbuf_put(b, l->p + i, l->len - i);
	textbuf_put(b, "\r\n", 2);
	l->len = 0;
}

static void put_line(struct textbuf *b, const char *s)
{
	struct line l = {.len = 0, .full = false};
	l_str(&l, s);
	l_put(b, &l);
}

/* "YYYYMMDD" of a day number (3.3.4). */
static int ymd(int32_t day, char out[9])
{
	char iso[CALENDAR_ISO_LEN];
	if (day == ICAL_NO_DATE || day < CALENDAR_MIN_DAY || day > CALENDAR_MAX_DAY ||
	    calendar_format(day, iso, sizeof iso) != CC_OK)
		return -1;
	memcpy(out, iso, 4); /* "YYYY-MM-DD" without the dashes */
	memcpy(out + 4, iso + 5, 2);
	memcpy(out + 6, iso + 8, 2);
	out[8] = '\0';
	return 0;
}

int ical_write(const struct ical_feed *f, const struct ical_event *ev, size_t n, char **out,
               char *err, size_t errlen)
{
	struct textbuf b = TEXTBUF_INIT(ICAL_MAX);
	struct line l = {.len = 0, .full = false};
	char stamp[32], d1[9], d2[9];
	int rc = CC_ERR_INVALID;
	*out = NULL;
	if (!f || !f->domain || !*f->domain || strpbrk(f->domain, "\r\n@") ||
	    f->stamp_seconds < 0 || f->stamp_seconds > 86399 || ymd(f->stamp_day, d1) != 0) {
		cc_fail(rc, err, errlen, "the feed needs a domain and a UTC stamp");
		goto fail;
	}
	/* 3.3.5: a UTC DATE-TIME, "Z" form. */
	snprintf(stamp, sizeof stamp, "DTSTAMP:%sT%02d%02d%02dZ", d1, f->stamp_seconds / 3600,
	         f->stamp_seconds / 60 % 60, f->stamp_seconds % 60);
	put_line(&b, "BEGIN:VCALENDAR");
	put_line(&b, "VERSION:2.0");
	put_line(&b, "PRODID:-//corrchess//corrchess calendar feed//EN");
	put_line(&b, "CALSCALE:GREGORIAN");
	put_line(&b, "METHOD:PUBLISH");
	if (f->name && *f->name) {
		l_str(&l, "X-WR-CALNAME:");
		l_text(&l, f->name);
		l_put(&b, &l);
	}
	for (size_t i = 0; i < n; i++) {
		const struct ical_event *e = &ev[i];
		if (!e->uid || !*e->uid || !e->summary || ymd(e->first, d1) != 0 ||
		    e->last < e->first || ymd(e->last + 1, d2) != 0) {
			cc_fail(rc, err, errlen,
			        "event %zu: it needs a uid, a summary and dates in order", i + 1);
			goto fail;
		}
		put_line(&b, "BEGIN:VEVENT");
		l_str(&l, "UID:");
		l_raw(&l, e->uid);
		l_str(&l, "@");
		l_raw(&l, f->domain);
		l_put(&b, &l);
		put_line(&b, stamp);
		/* 3.6.1: an all-day event; DTEND is the day after the last one. */
		l_str(&l, "DTSTART;VALUE=DATE:");
		l_str(&l, d1);
		l_put(&b, &l);
		l_str(&l, "DTEND;VALUE=DATE:");
		l_str(&l, d2);
		l_put(&b, &l);
		l_str(&l, "SUMMARY:");
		l_text(&l, e->summary);
		l_put(&b, &l);
		if (e->description && *e->description) {
			l_str(&l, "DESCRIPTION:");
			l_text(&l, e->description);
			l_put(&b, &l);
		}
		if (e->url && *e->url) {
			l_str(&l, "URL:");
			l_raw(&l, e->url);
			l_put(&b, &l);
		}
		if (e->category && *e->category) {
			l_str(&l, "CATEGORIES:");
			l_text(&l, e->category);
			l_put(&b, &l);
		}
		put_line(&b, "TRANSP:TRANSPARENT"); /* a deadline does not make you busy */
		put_line(&b, "END:VEVENT");
	}
	put_line(&b, "END:VCALENDAR");
	if (b.full || !b.p) {
		rc = cc_fail(CC_ERR_NOMEM, err, errlen,
		             "the feed is over %d bytes or memory ran out", ICAL_MAX);
		goto fail;
	}
	*out = b.p;
	return CC_OK;
fail:
	free(b.p);
	return rc;
}

/* ---- a user's feed ---- */

#define TXT 512

struct ev_store {
	struct ical_event *ev;
	char (*text)[4][TXT]; /* uid, summary, description, url of each event */
	size_t n;
};

static struct ical_event *ev_add(struct ev_store *s, int32_t first, int32_t last)
{
	struct ical_event *e = &s->ev[s->n];
	memset(e, 0, sizeof *e);
	e->first = first;
	e->last = last;
	e->uid = s->text[s->n][0];
	e->summary = s->text[s->n][1];
	e->description = s->text[s->n][2];
	e->url = s->text[s->n][3];
	s->n++;
	return e;
}

#define TX(u, en, da) ((u)->danish ? (da) : (en))

int ical_user_feed(const struct ical_feed *f, const struct ical_user *u, char **out, char *err,
                   size_t errlen)
{
	struct ev_store s = {NULL, NULL, 0};
	int rc;
	*out = NULL;
	if (!u || u->ngames > 10000 || u->nvacations > 10000 || (u->ngames && !u->games) ||
	    (u->nvacations && !u->vacations) || u->to_year < u->from_year ||
	    u->to_year - u->from_year >= 100 || u->from_year < CALENDAR_MIN_YEAR ||
	    u->to_year > CALENDAR_MAX_YEAR || u->id < 1)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "the feed takes a user id and up to 10000 games and vacations and "
		               "100 years");
	size_t cap = 2 * u->ngames + u->nvacations + 2 * (size_t)(u->to_year - u->from_year + 1);
	s.ev = calloc(cap ? cap : 1, sizeof *s.ev);
	s.text = calloc(cap ? cap : 1, sizeof *s.text);
	if (!s.ev || !s.text) {
		rc = cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
		goto fail;
	}
	const char *base = u->base_url ? u->base_url : "";
	for (size_t i = 0; i < u->ngames; i++) {
		const struct ical_game *g = &u->games[i];
		char names[300];
		snprintf(names, sizeof names, "%s - %s", g->white ? g->white : "?",
		         g->black ? g->black : "?");
		if (g->forfeit_date != ICAL_NO_DATE) {
			/* DSU 6.3.3: the forfeit date is the first day over the limit,
			 * so the player's deadline is the day before it. */
			int32_t day = g->user_to_move ? g->forfeit_date - 1 : g->forfeit_date;
			struct ical_event *e = ev_add(&s, day, day);
			size_t k = s.n - 1;
			snprintf(s.text[k][0], TXT, "game-%lld-forfeit", g->id);
			snprintf(s.text[k][1], TXT,
			         g->user_to_move
			                 ? TX(u, "Game %lld: last day to send your move (%s)",
			                      "Parti %lld: sidste dag for afsendelse af dit træk "
			                      "(%s)")
			                 : TX(u,
			                      "Game %lld: your opponent's time limit passes (%s)",
			                      "Parti %lld: modstanderens betænkningstid udløber "
			                      "(%s)"),
			         g->id, names);
			snprintf(s.text[k][2], TXT, "%s",
			         g->user_to_move
			                 ? TX(u,
			                      "A move sent after this day is over the time limit "
			                      "(DSU 6.3.3).",
			                      "Et træk afsendt efter denne dag er over tidsgrænsen "
			                      "(DSU 6.3.3).")
			                 : TX(u,
			                      "From this day on, unless he or she has moved, your "
			                      "opponent is over the time limit (DSU 6.3.3.5).",
			                      "Fra denne dag er modstanderen over tidsgrænsen, "
			                      "hvis der "
			                      "ikke er trukket (DSU 6.3.3.5)."));
			e->category = TX(u, "Time limit", "Tidsgrænse");
			if (*base)
				snprintf(s.text[k][3], TXT, "%s/games/%lld", base, g->id);
		}
		if (g->reminder_date != ICAL_NO_DATE) {
			struct ical_event *e = ev_add(&s, g->reminder_date, g->reminder_date);
			size_t k = s.n - 1;
			snprintf(s.text[k][0], TXT, "game-%lld-reminder", g->id);
			snprintf(s.text[k][1], TXT,
			         g->user_to_move
			                 ? TX(u, "Game %lld: a reminder to you is due (%s)",
			                      "Parti %lld: rykker til dig forfalder (%s)")
			                 : TX(u,
			                      "Game %lld: a reminder to your opponent is due (%s)",
			                      "Parti %lld: rykker til modstanderen forfalder (%s)"),
			         g->id, names);
			snprintf(s.text[k][2], TXT, "%s",
			         TX(u, "14 days without a move: the reminder of DSU 6.3.4.",
			            "14 dage uden træk: rykkeren efter DSU 6.3.4."));
			e->category = TX(u, "Reminder", "Rykker");
			if (*base)
				snprintf(s.text[k][3], TXT, "%s/games/%lld", base, g->id);
		}
	}
	for (size_t i = 0; i < u->nvacations; i++) {
		const struct ical_vacation *v = &u->vacations[i];
		struct ical_event *e = ev_add(&s, v->first, v->last);
		size_t k = s.n - 1;
		snprintf(s.text[k][0], TXT, "vacation-%lld", v->id);
		snprintf(s.text[k][1], TXT, "%s", TX(u, "Vacation", "Ferie"));
		snprintf(s.text[k][2], TXT, "%s",
		         TX(u, "Your vacation: the clocks of your games stand still (DSU 6.3.6).",
		            "Din ferie: betænkningstiden i dine partier står stille (DSU 6.3.6)."));
		e->category = TX(u, "Vacation", "Ferie");
	}
	for (int y = u->from_year; y <= u->to_year; y++) {
		struct clock_interval h[2];
		rc = clock_holidays(y, h);
		if (rc != CC_OK) {
			cc_fail(rc, err, errlen, "no holidays for the year %d", y);
			goto fail;
		}
		for (int j = 0; j < 2; j++) {
			struct ical_event *e = ev_add(&s, h[j].first, h[j].last);
			size_t k = s.n - 1;
			snprintf(s.text[k][0], TXT, "holiday-%d-%s", y,
			         j == 0 ? "easter" : "christmas");
			snprintf(s.text[k][1], TXT, "%s",
			         j == 0 ? TX(u, "Mandatory holiday (Easter)",
			                     "Obligatorisk ferie (påske)")
			                : TX(u, "Mandatory holiday (Christmas)",
			                     "Obligatorisk ferie (jul)"));
			snprintf(s.text[k][2], TXT, "%s",
			         TX(u, "No thinking time is counted for any player (DSU 6.3.6.2).",
			            "Der tælles ingen betænkningstid for nogen spiller (DSU "
			            "6.3.6.2)."));
			e->category = TX(u, "Holiday", "Obligatorisk ferie");
		}
	}
	/* RFC 5545 3.8.4.7: the UID is the event's, the user's and the
	 * language's (see ical.h). */
	for (size_t k = 0; k < s.n; k++) {
		size_t l = strlen(s.text[k][0]);
		snprintf(s.text[k][0] + l, TXT - l, "-u%lld-%s", u->id, u->danish ? "da" : "en");
	}
	rc = ical_write(f, s.ev, s.n, out, err, errlen);
fail:
	free(s.ev);
	free(s.text);
	return rc;
}
