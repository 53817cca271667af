/* notify_pack.c: a move mail queued as its event, and back (notify.h,
 * docs/NOTIFY.md "Queued as an event").  Only libc. */
#include "autoconfig.h"
#include "notify/notify.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/status.h"
#include "util/textbuf.h"

#define PACK_MAGIC  "m1"
#define PACK_FIELDS 21 /* after the magic */
#define PACK_MAX    4096

bool notify_packable(enum notify_kind kind)
{
	return kind == NOTIFY_MOVE || kind == NOTIFY_ANSWER_TL;
}

/* A tab and v in decimal (by hand: snprintf() was most of the packing,
 * 14 numbers a move). */
static void put_int(struct textbuf *b, long long v)
{
	char n[24], *p = n + sizeof n;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	do
		*--p = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		*--p = '-';
	*--p = '\t';
	textbuf_put(b, p, (size_t)(n + sizeof n - p));
}

/* A text field: "=" and its bytes, control characters and '%' as %XX
 * (then no field holds a tab or a line end); NULL is the empty field. */
static void put_str(struct textbuf *b, const char *s)
{
	textbuf_put(b, "\t", 1);
	if (!s)
		return;
	textbuf_put(b, "=", 1);
	for (const char *run = s;; s++) {
		unsigned char c = (unsigned char)*s;
		if (c && c >= 0x20 && c != '%' && c != 0x7f)
			continue;
		textbuf_put(b, run, (size_t)(s - run));
		if (!c)
			return;
		char esc[4];
		snprintf(esc, sizeof esc, "%%%02X", c);
		textbuf_put(b, esc, 3);
		run = s + 1;
	}
}

int notify_pack(const struct notify_reader *r, const struct notify_event *ev, char **out)
{
	*out = NULL;
	const struct notify_move *m = &ev->u.move;
	if (!notify_packable(ev->kind) || !m->move.iccf || !m->move.san)
		return CC_ERR_INVALID;
	struct textbuf b = TEXTBUF_INIT(PACK_MAX);
	textbuf_put(&b, PACK_MAGIC, sizeof PACK_MAGIC - 1);
	put_int(&b, ev->kind);
	put_str(&b, r->name);
	put_int(&b, r->lang);
	put_int(&b, r->side);
	put_int(&b, ev->game.id);
	put_str(&b, ev->game.white);
	put_str(&b, ev->game.black);
	put_str(&b, ev->game.event);
	put_int(&b, ev->game.play);
	put_int(&b, m->move.number);
	put_int(&b, m->move.side);
	put_str(&b, m->move.iccf);
	put_str(&b, m->move.san);
	put_int(&b, m->sent);
	put_int(&b, m->clock.used_days);
	put_int(&b, m->clock.left_days);
	put_int(&b, m->clock.next_control);
	put_int(&b, m->clock.limit_days);
	put_int(&b, m->clock.forfeit_date);
	put_int(&b, m->draw_offered);
	put_int(&b, m->answers_reminder);
	if (b.full) {
		free(b.p);
		return CC_ERR_NOMEM;
	}
	*out = b.p;
	return CC_OK;
}

void notify_packed_free(struct notify_packed *p)
{
	if (!p)
		return;
	free(p->buf);
	memset(p, 0, sizeof *p);
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Field f (NUL-terminated in place) as a text: NULL for the empty field;
 * its %XX undone in place.  0, or -1 when it is not a text field. */
static int get_str(char *f, const char **out)
{
	*out = NULL;
	if (!*f)
		return 0;
	if (*f != '=')
		return -1;
	char *w = f;
	for (const char *p = f + 1; *p; p++) {
		if (*p != '%') {
			*w++ = *p;
			continue;
		}
		int hi = hexval(p[1]), lo = hi < 0 ? -1 : hexval(p[2]);
		if (lo < 0 || (hi == 0 && lo == 0))
			return -1;
		*w++ = (char)(hi * 16 + lo);
		p += 2;
	}
	*w = '\0';
	*out = f;
	return 0;
}

/* Field f as an integer in [min, max]: 0 or -1. */
static int get_int(const char *f, long long min, long long max, long long *out)
{
	char *end;
	errno = 0;
	long long v = strtoll(f, &end, 10);
	if (!*f || *end || errno || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int notify_unpack(const char *text, struct notify_packed *p, char *err, size_t errlen)
{
	memset(p, 0, sizeof *p);
	size_t n = strlen(text);
	if (n > PACK_MAX || strncmp(text, PACK_MAGIC "\t", sizeof PACK_MAGIC) != 0) {
		snprintf(err, errlen, "not a queued event (%s)",
		         n > PACK_MAX ? "too long" : "magic");
		return CC_ERR_MALFORMED;
	}
	if (!(p->buf = malloc(n + 1)))
		return CC_ERR_NOMEM;
	memcpy(p->buf, text, n + 1);
	char *f[PACK_FIELDS];
	int k = 0;
	for (char *s = p->buf + sizeof PACK_MAGIC;;) { /* past "m1" and its tab */
		if (k == PACK_FIELDS) {
			k++; /* one too many */
			break;
		}
		f[k++] = s;
		char *tab = strchr(s, '\t');
		if (!tab)
			break;
		*tab = '\0';
		s = tab + 1;
	}
	if (k != PACK_FIELDS) {
		snprintf(err, errlen, "a queued event of %s fields, not %d",
		         k > PACK_FIELDS ? "more" : "fewer", PACK_FIELDS);
		return CC_ERR_MALFORMED;
	}
	long long v[PACK_FIELDS];
	/* which fields are texts, and the range of the others */
	static const struct {
		bool text;
		long long min, max;
	} spec[PACK_FIELDS] = {
	        {false, 0, NOTIFY_KINDS - 1},  /* kind */
	        {true, 0, 0},                  /* reader's name */
	        {false, NOTIFY_EN, NOTIFY_DA}, /* his language */
	        {false, -1, NOTIFY_TL},        /* his side */
	        {false, 1, INT64_MAX},         /* game */
	        {true, 0, 0},                  /* white */
	        {true, 0, 0},                  /* black */
	        {true, 0, 0},                  /* event */
	        {false, NOTIFY_POSTAL, NOTIFY_SERVER},
	        {false, 0, 100000}, /* move number */
	        {false, NOTIFY_WHITE, NOTIFY_BLACK},
	        {true, 0, 0},                  /* ICCF */
	        {true, 0, 0},                  /* SAN */
	        {false, INT32_MIN, INT32_MAX}, /* sent */
	        {false, INT32_MIN, INT32_MAX}, /* used */
	        {false, INT32_MIN, INT32_MAX}, /* left */
	        {false, 0, 100000},            /* next control */
	        {false, INT32_MIN, INT32_MAX}, /* limit */
	        {false, INT32_MIN, INT32_MAX}, /* forfeit date */
	        {false, 0, 1},                 /* draw offered */
	        {false, 0, 1},                 /* answers a reminder */
	};
	const char *t[PACK_FIELDS] = {NULL};
	for (int i = 0; i < PACK_FIELDS; i++) {
		int bad = spec[i].text ? get_str(f[i], &t[i])
		                       : get_int(f[i], spec[i].min, spec[i].max, &v[i]);
		if (bad) {
			snprintf(err, errlen, "field %d of a queued event", i + 1);
			return CC_ERR_MALFORMED;
		}
	}
	if (!notify_packable((enum notify_kind)v[0]) || !t[1] || !t[5] || !t[6] || !t[11] ||
	    !t[12]) {
		snprintf(err, errlen, "a queued event without its kind, names or move");
		return CC_ERR_MALFORMED;
	}
	p->r = (struct notify_reader){t[1], (enum notify_lang)v[2], (int)v[3]};
	struct notify_event *ev = &p->ev;
	ev->kind = (enum notify_kind)v[0];
	ev->game = (struct notify_game){v[4], t[5], t[6], t[7], (enum notify_play)v[8]};
	struct notify_move *m = &ev->u.move;
	m->move = (struct notify_ply){(int)v[9], (int)v[10], t[11], t[12]};
	m->sent = (int32_t)v[13];
	m->clock = (struct notify_clock){(int32_t)v[14], (int32_t)v[15], (int)v[16], (int32_t)v[17],
	                                 (int32_t)v[18]};
	m->draw_offered = v[19] != 0;
	m->answers_reminder = v[20] != 0;
	return CC_OK;
}
