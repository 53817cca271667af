/* iccf.c: ICCF numeric notation (DSU 6.2.2) and numbered transcripts
 * with move series (DSU 6.2.5). */
#include "notation/iccf.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/movegen.h"
#include "notation/uci.h"
#include "util/grow.h"
#include "util/status.h"

struct iccf_transcript {
	size_t n;      /* entries in use */
	size_t cap;    /* entries allocated */
	iccf_entry *v; /* the plies, in order */
};

/* Quotes user text for a message: at most `max` characters (then "..."),
 * anything unprintable shown as '?'.  buf has room for max + 4. */
static const char *quoted(const char *text, size_t len, size_t max, char *buf)
{
	size_t i = 0;
	for (; i < len && i < max; i++)
		buf[i] = isprint((unsigned char)text[i]) ? text[i] : '?';
	if (i < len)
		memcpy(buf + i, "...", 4);
	else
		buf[i] = '\0';
	return buf;
}

/* DSU 6.2.2: the promotion digits, indexed by digit - 1. */
static const int promo_of_digit[4] = {QUEEN, ROOK, BISHOP, KNIGHT};

/* Reads the numeric move s[0 .. len-1]: four digits 1-8, then nothing, a
 * fifth digit 1-4, or that digit in parentheses (DSU 6.2.2).  Sets from,
 * to and promo (a piece type or UCI_NO_PROMO); returns CC_OK or
 * CC_ERR_MALFORMED with what is wrong (without the quoted text) in why. */
static int lex_move(const char *s, size_t len, int *from, int *to, int *promo, char *why,
                    size_t whylen)
{
	int d[4];
	if (len == 0)
		return cc_fail(CC_ERR_MALFORMED, why, whylen,
		               "empty: a move is four digits, like 5254");
	for (size_t i = 0; i < 4; i++) {
		if (i >= len)
			return cc_fail(CC_ERR_MALFORMED, why, whylen,
			               "too short: a move is four digits, like 5254");
		char c = s[i];
		if (!isdigit((unsigned char)c))
			return cc_fail(CC_ERR_MALFORMED, why, whylen,
			               "'%c' is not a digit: a move is four digits, like 5254",
			               isprint((unsigned char)c) ? c : '?');
		if (c == '0' || c == '9')
			return cc_fail(
			        CC_ERR_MALFORMED, why, whylen,
			        "%c is not a file or rank: files a-h and ranks are numbered 1 to 8",
			        c);
		d[i] = c - '1';
	}
	*from = SQ(d[0], d[1]);
	*to = SQ(d[2], d[3]);
	*promo = UCI_NO_PROMO;
	const char *rest = s + 4;
	size_t rlen = len - 4;
	char pd;
	if (rlen == 0)
		return CC_OK;
	if (rlen == 1 && isdigit((unsigned char)rest[0]))
		pd = rest[0]; /* ICCF form 57581 */
	else if (rlen == 3 && rest[0] == '(' && isdigit((unsigned char)rest[1]) && rest[2] == ')')
		pd = rest[1]; /* DSU form 5758(1) */
	else if (rest[0] == '(')
		return cc_fail(
		        CC_ERR_MALFORMED, why, whylen,
		        "a promotion is written with one digit in parentheses, like 5758(1)");
	else
		return cc_fail(CC_ERR_MALFORMED, why, whylen,
		               "too long: a move is four digits, and a fifth for a promotion");
	if (pd < '1' || pd > '4')
		return cc_fail(
		        CC_ERR_MALFORMED, why, whylen,
		        "%c is not a promotion piece: 1 = queen, 2 = rook, 3 = bishop, 4 = knight",
		        pd);
	*promo = promo_of_digit[pd - '1'];
	return CC_OK;
}

int iccf_parse(const position *pos, const char *text, move *out, char *err, size_t errlen)
{
	char why[160], q[24];
	int from = 0, to = 0, promo = UCI_NO_PROMO;
	*out = MOVE_NONE;
	if (!text)
		text = "";
	while (isspace((unsigned char)*text))
		text++;
	size_t len = strlen(text);
	while (len && isspace((unsigned char)text[len - 1]))
		len--;
	int rc = lex_move(text, len, &from, &to, &promo, why, sizeof why);
	if (rc != CC_OK)
		return cc_fail(rc, err, errlen, "malformed move \"%s\": %s",
		               quoted(text, len, 20, q), why);
	rc = uci_find_move(pos, from, to, promo, out, why, sizeof why);
	if (rc != CC_OK)
		return cc_fail(rc, err, errlen, "illegal move \"%s\": %s", quoted(text, len, 20, q),
		               why);
	return CC_OK;
}

void iccf_write(move m, char buf[ICCF_MAX])
{
	int from = MOVE_FROM(m), to = MOVE_TO(m);
	buf[0] = (char)('1' + SQ_FILE(from));
	buf[1] = (char)('1' + SQ_RANK(from));
	buf[2] = (char)('1' + SQ_FILE(to));
	buf[3] = (char)('1' + SQ_RANK(to));
	if (MOVE_IS_PROMO(m)) {
		/* Flags hold N, B, R, Q as 0..3; DSU numbers them 4, 3, 2, 1. */
		buf[4] = '(';
		buf[5] = (char)('4' - (MOVE_FLAGS(m) & 3));
		buf[6] = ')';
		buf[7] = '\0';
	} else {
		buf[4] = '\0';
	}
}

iccf_transcript *iccf_transcript_new(void)
{
	return calloc(1, sizeof(iccf_transcript));
}

void iccf_transcript_free(iccf_transcript *t)
{
	if (!t)
		return;
	free(t->v);
	free(t);
}

size_t iccf_transcript_count(const iccf_transcript *t)
{
	return t->n;
}

const iccf_entry *iccf_transcript_entry(const iccf_transcript *t, size_t i)
{
	return i < t->n ? &t->v[i] : NULL;
}

long iccf_transcript_series_index(const iccf_transcript *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->v[i].series_start)
			return (long)i;
	return -1;
}

int iccf_transcript_add(iccf_transcript *t, unsigned number, int color, const char *text,
                        bool series_start, char *err, size_t errlen)
{
	char why[160], q[24];
	int from = 0, to = 0, promo = UCI_NO_PROMO;
	if (!text)
		text = "";
	size_t len = strlen(text);
	int rc = lex_move(text, len, &from, &to, &promo, why, sizeof why);
	if (rc != CC_OK)
		return cc_fail(rc, err, errlen, "malformed move \"%s\": %s",
		               quoted(text, len, 20, q), why);
	if (number < 1 || number > 9999 || (color != WHITE && color != BLACK))
		return cc_fail(CC_ERR_INVALID, err, errlen, "move number %u for %s is out of range",
		               number, color == WHITE ? "White" : "Black");
	if (t->n) {
		const iccf_entry *last = &t->v[t->n - 1];
		unsigned want_n = last->color == WHITE ? last->number : last->number + 1;
		int want_c = last->color ^ 1;
		if (number != want_n || color != want_c)
			return cc_fail(
			        CC_ERR_INVALID, err, errlen,
			        "move %u for %s cannot follow move %u for %s: the next one is "
			        "move %u for %s",
			        number, color == WHITE ? "White" : "Black", last->number,
			        last->color == WHITE ? "White" : "Black", want_n,
			        want_c == WHITE ? "White" : "Black");
	}
	/* DSU 6.2.5: one series per message, marked once at its start. */
	if (series_start && iccf_transcript_series_index(t) >= 0)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "a second series start (0%s): a transcript proposes one series",
		               text);
	if (t->n >= ICCF_TRANSCRIPT_MAX)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "a transcript holds at most %d moves",
		               ICCF_TRANSCRIPT_MAX);
	if (ALLOC_GROW(t->v, t->n + 1, t->cap) != 0)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	iccf_entry *e = &t->v[t->n++];
	e->number = number;
	e->color = color;
	e->series_start = series_start;
	memcpy(e->text, text, len + 1); /* lex_move() checked len <= 7 */
	return CC_OK;
}

int iccf_transcript_add_move(iccf_transcript *t, const position *before, move m, bool series_start,
                             char *err, size_t errlen)
{
	char text[ICCF_MAX];
	iccf_write(m, text);
	return iccf_transcript_add(t, before->fullmove, before->side, text, series_start, err,
	                           errlen);
}

/* The parser's state between tokens. */
struct tparse {
	const char *text; /* the whole transcript, for offsets in messages */
	unsigned number;  /* the current move number */
	bool have_number; /* a move number has been read */
	int slot;         /* 0: White's move comes next, 1: Black's, 2: both read */
	bool group_has;   /* a move or "-" followed the current number */
	bool comma_ok;    /* just after White's move or "-" */
};

/* A move number "12." or "12..." (or "12. ..."); p points at its digits. */
static int read_number(struct tparse *st, const char **pp, char *err, size_t errlen)
{
	const char *p = *pp;
	size_t at = (size_t)(p - st->text);
	if (st->have_number && !st->group_has)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "transcript: no move after %u. (offset %zu)", st->number, at);
	unsigned long v = 0;
	int digits = 0;
	for (; isdigit((unsigned char)*p); p++, digits++)
		v = v * 10 + (unsigned long)(*p - '0');
	if (digits > 4 || v == 0)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "transcript: move number at offset %zu must be 1 to 9999", at);
	int dots = 0;
	for (; *p == '.'; p++)
		dots++;
	const char *after = p;
	while (*after == ' ' || *after == '\t')
		after++;
	if (dots == 1 && strncmp(after, "...", 3) == 0) {
		dots = 3;
		p = after + 3;
	}
	if (dots != 1 && dots != 3)
		return cc_fail(
		        CC_ERR_MALFORMED, err, errlen,
		        "transcript: a move number is written \"12.\" or \"12...\" (offset %zu)",
		        at);
	st->number = (unsigned)v;
	st->have_number = true;
	st->slot = dots == 3 ? 1 : 0;
	st->group_has = false;
	st->comma_ok = false;
	*pp = p;
	return CC_OK;
}

/* Parses the text token by token: move numbers, "-", commas and moves. */
int iccf_transcript_parse(const char *text, iccf_transcript **out, char *err, size_t errlen)
{
	char q[24], why[200];
	int rc = CC_OK;
	*out = NULL;
	if (!text)
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "transcript: none given");
	iccf_transcript *t = iccf_transcript_new();
	if (!t)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	struct tparse st = {.text = text};
	const char *p = text;
	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		size_t at = (size_t)(p - text);
		if (*p == ',') {
			if (!st.comma_ok) {
				rc = cc_fail(CC_ERR_MALFORMED, err, errlen,
				             "transcript: unexpected ',' at offset %zu", at);
				goto fail;
			}
			st.comma_ok = false;
			p++;
			continue;
		}
		const char *q_end = p;
		while (*q_end && !isspace((unsigned char)*q_end) && *q_end != ',')
			q_end++;
		if (isdigit((unsigned char)*p)) {
			const char *d = p;
			while (isdigit((unsigned char)*d))
				d++;
			if (*d == '.') {
				rc = read_number(&st, &p, err, errlen);
				if (rc != CC_OK)
					goto fail;
				continue;
			}
		}
		if (!st.have_number) {
			rc = cc_fail(CC_ERR_MALFORMED, err, errlen,
			             "transcript: \"%s\" at offset %zu: a move number like \"12.\" "
			             "must come first",
			             quoted(p, (size_t)(q_end - p), 20, q), at);
			goto fail;
		}
		if (st.slot >= 2) {
			rc = cc_fail(
			        CC_ERR_MALFORMED, err, errlen,
			        "transcript: \"%s\" at offset %zu: more than two moves after %u.",
			        quoted(p, (size_t)(q_end - p), 20, q), at, st.number);
			goto fail;
		}
		if (*p == '-' && q_end == p + 1) {
			/* A move not shown: only White's, before any move. */
			if (st.slot != 0 || t->n) {
				rc = cc_fail(
				        CC_ERR_MALFORMED, err, errlen,
				        "transcript: \"-\" at offset %zu: only White's first move "
				        "may be left out",
				        at);
				goto fail;
			}
		} else {
			size_t len = (size_t)(q_end - p);
			bool series = len > 1 && p[0] == '0'; /* DSU 6.2.5: 01625 */
			char tok[ICCF_MAX];
			const char *mv = series ? p + 1 : p;
			size_t mlen = series ? len - 1 : len;
			if (mlen >= sizeof tok) {
				rc = cc_fail(
				        CC_ERR_MALFORMED, err, errlen,
				        "transcript: \"%s\" at offset %zu is not a numeric move",
				        quoted(p, len, 20, q), at);
				goto fail;
			}
			memcpy(tok, mv, mlen);
			tok[mlen] = '\0';
			rc = iccf_transcript_add(t, st.number, st.slot ? BLACK : WHITE, tok, series,
			                         why, sizeof why);
			if (rc != CC_OK) {
				cc_fail(rc, err, errlen, "transcript, offset %zu: %s", at, why);
				goto fail;
			}
		}
		st.slot++;
		st.group_has = true;
		st.comma_ok = st.slot == 1;
		p = q_end;
	}
	if (st.have_number && !st.group_has) {
		rc = cc_fail(CC_ERR_MALFORMED, err, errlen, "transcript: no move after %u.",
		             st.number);
		goto fail;
	}
	if (t->n == 0) {
		rc = cc_fail(CC_ERR_MALFORMED, err, errlen, "transcript: no moves");
		goto fail;
	}
	*out = t;
	return CC_OK;
fail:
	iccf_transcript_free(t);
	return rc;
}

char *iccf_transcript_write(const iccf_transcript *t)
{
	/* Per entry at most "9999.-," + "0" + "5758(1)" + " " = 16. */
	char *s = malloc(t->n * 16 + 1);
	if (!s)
		return NULL;
	char *p = s;
	for (size_t i = 0; i < t->n; i++) {
		const iccf_entry *e = &t->v[i];
		if (e->color == WHITE)
			p += sprintf(p, "%s%u. ", i ? " " : "", e->number);
		else if (i == 0)
			p += sprintf(p, "%u.-,", e->number);
		else
			p += sprintf(p, ", "); /* after White's move of the same number */
		p += sprintf(p, "%s%s", e->series_start ? "0" : "", e->text);
	}
	*p = '\0';
	return s;
}

int iccf_transcript_replay(const iccf_transcript *t, const position *start, move *moves,
                           size_t *bad_index, position *end, char *err, size_t errlen)
{
	char why[200];
	position pos = *start;
	undo u;
	for (size_t i = 0; i < t->n; i++) {
		const iccf_entry *e = &t->v[i];
		const char *who = e->color == WHITE ? "" : "..";
		int rc;
		if (e->color != pos.side || e->number != pos.fullmove) {
			rc = cc_fail(CC_ERR_INVALID, err, errlen,
			             "move %u.%s %s%s: in the position it is move %u for %s",
			             e->number, who, e->series_start ? "0" : "", e->text,
			             (unsigned)pos.fullmove, pos.side == WHITE ? "White" : "Black");
		} else {
			rc = iccf_parse(&pos, e->text, &moves[i], why, sizeof why);
			if (rc == CC_OK) {
				position_do_move(&pos, moves[i], &u);
				continue;
			}
			cc_fail(rc, err, errlen, "move %u.%s %s%s: %s", e->number, who,
			        e->series_start ? "0" : "", e->text, why);
		}
		if (bad_index)
			*bad_index = i;
		return rc;
	}
	if (end)
		*end = pos;
	return CC_OK;
}
