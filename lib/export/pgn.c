/* pgn.c: the PGN writer (export format, PGN standard 1994-03-12). */
#include "export/pgn.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "clock/calendar.h"
#include "notation/san.h"
#include "util/status.h"
#include "util/textbuf.h"
#include "util/utf8.h"

#define TAG_NAME_MAX 64 /* longest tag name accepted */

/* ---- the output text ---- */

/* A growable, NUL-terminated text with a hard maximum (PGN_OUT_MAX). */
struct out {
	struct textbuf b; /* the text, at most PGN_OUT_MAX */
	size_t col;       /* bytes on the current line */
};

static void put(struct out *o, const char *s, size_t n)
{
	textbuf_put(&o->b, s, n);
	if (o->b.full)
		return;
	for (size_t i = n; i > 0; i--) {
		if (s[i - 1] == '\n') {
			o->col = n - i;
			return;
		}
	}
	o->col += n;
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* One movetext token (at most PGN_LINE_MAX bytes): after a blank when it
 * still fits on the line, else on a new line (PGN standard 8.2.1: lines
 * filled left justified, under 80 characters, one blank between tokens). */
static void token(struct out *o, const char *s, size_t n)
{
	if (o->col > 0)
		put(o, o->col + 1 + n > PGN_LINE_MAX ? "\n" : " ", 1);
	put(o, s, n);
}

static bool utf8_continuation(char c)
{
	return utf8_is_cont((unsigned char)c);
}

/* A byte where a piece of a split comment word must not begin: inside a
 * UTF-8 sequence, a blank, or '%' (PGN standard 6: a '%' in the first
 * column makes the rest of the line an escape, so it would be lost). */
static bool bad_piece_start(const char *a, size_t k)
{
	return utf8_continuation(a[k]) || a[k] == '%' || a[k] == ' ' || a[k - 1] == ' ';
}

/* Writes one unit of a comment (no line break may fall inside it, save
 * when it is longer than a line: then it is cut into pieces that each
 * start a line or follow a blank, never at a bad_piece_start()). */
static void comment_unit(struct out *o, char *a, size_t n)
{
	while (n > PGN_LINE_MAX) {
		size_t k = PGN_LINE_MAX;
		while (k > 1 && bad_piece_start(a, k))
			k--;
		if (k == 1) { /* no good place: only absurd text gets here */
			k = PGN_LINE_MAX;
			while (k > 1 && utf8_continuation(a[k]))
				k--;
			if (a[k] == '%' || a[k] == ' ')
				a[k] = '_';
			if (a[k - 1] == ' ')
				a[k - 1] = '_';
		}
		token(o, a, k);
		a += k;
		n -= k;
	}
	token(o, a, n);
}

/* Appends text to c (room for it is the caller's), cleaned: braces
 * become parentheses, control characters and blanks one blank. */
static size_t clean_into(char *c, size_t n, const char *text)
{
	for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
		unsigned char b = *s;
		if (b <= ' ' || b == 0x7f) {
			if (n > 1 && c[n - 1] != ' ')
				c[n++] = ' ';
			continue;
		}
		c[n++] = b == '{' ? '(' : b == '}' ? ')' : (char)b;
	}
	if (n > 1 && c[n - 1] == ' ')
		n--;
	return n;
}

/* Writes "{text}" as movetext tokens, or "{text; more}" when more is not
 * NULL: one comment, because some readers (chess.js 1.x) take at most one
 * comment after a move.  The text is cleaned (clean_into()), then broken
 * into lines at its blanks, except before a word that starts with '%'
 * (see bad_piece_start()) and inside an embedded command "[%...]" (one
 * unit, as the readers of ChessBase's commands take it). */
static void comment(struct out *o, const char *text, const char *more)
{
	size_t tn = strlen(text), mn = more ? strlen(more) : 0;
	char *c = malloc(tn + mn + 5);
	if (!c) {
		o->b.full = true;
		return;
	}
	size_t n = 0;
	c[n++] = '{';
	n = clean_into(c, n, text);
	if (more) {
		size_t before = n;
		if (n > 1) {
			memcpy(c + n, "; ", 2);
			n += 2;
		}
		size_t after = clean_into(c, n, more);
		n = after > n ? after : before; /* nothing in more: no separator either */
	}
	c[n++] = '}';
	c[n] = '\0';

	size_t start = 0;
	bool command = false; /* inside "[%...]" */
	for (size_t i = 1; i <= n; i++) {
		if (i < n && c[i] == '[' && c[i + 1] == '%')
			command = true;
		else if (i < n && c[i] == ']')
			command = false;
		if (i < n && (command || !(c[i] == ' ' && c[i + 1] != '%')))
			continue;
		comment_unit(o, c + start, i - start);
		start = i + 1;
	}
	free(c);
}

/* Writes [Name "value"] and a newline: value cut at PGN_TAG_VALUE_MAX
 * bytes (at a UTF-8 boundary), '\\' and '"' escaped with a backslash,
 * control characters as blanks (PGN standard 7, 8.1). */
static void tag_line(struct out *o, const char *name, const char *value)
{
	size_t n = strlen(value);
	if (n > PGN_TAG_VALUE_MAX) {
		n = PGN_TAG_VALUE_MAX;
		while (n > 0 && utf8_continuation(value[n]))
			n--;
	}
	put(o, "[", 1);
	puts_(o, name);
	put(o, " \"", 2);
	size_t from = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned char b = (unsigned char)value[i];
		if (b != '\\' && b != '"' && b >= ' ' && b != 0x7f)
			continue;
		put(o, value + from, i - from);
		if (b == '\\' || b == '"') {
			char esc[2] = {'\\', (char)b};
			put(o, esc, 2);
		} else {
			put(o, " ", 1);
		}
		from = i + 1;
	}
	put(o, value + from, n - from);
	put(o, "\"]\n", 3);
}

/* ---- tags ---- */

static const char *const reserved_tags[] = {"Event", "Site",   "Date",  "Round", "White",
                                            "Black", "Result", "SetUp", "FEN"};

/* Tag names compared without regard to case, so "fen" cannot pass for a
 * second FEN tag in a lenient reader. */
static bool same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a >= 'a' && *a <= 'z' ? (char)(*a - 32) : *a;
		char y = *b >= 'a' && *b <= 'z' ? (char)(*b - 32) : *b;
		if (x != y)
			return false;
	}
	return *a == *b;
}

static bool tag_name_ok(const char *name)
{
	if (!name || !((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z')))
		return false;
	size_t i = 0;
	for (; name[i]; i++) {
		char c = name[i];
		bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		          (c >= '0' && c <= '9') || c == '_';
		if (!ok || i >= TAG_NAME_MAX)
			return false;
	}
	return true;
}

/* Checks the further tags and puts them, with SetUp/FEN when wanted, in
 * ASCII order of their names (PGN standard 8.1.1) into sorted[]; returns
 * the count, or a status with err filled. */
static int sort_tags(const struct pgn_game *g, const char *fen, struct pgn_tag *sorted, char *err,
                     size_t errlen)
{
	size_t n = 0;
	if (g->ntags > PGN_TAGS_MAX)
		return cc_fail(CC_ERR_INVALID, err, errlen, "%zu further tags given, at most %d",
		               g->ntags, PGN_TAGS_MAX);
	if (g->ntags && !g->tags)
		return cc_fail(CC_ERR_INVALID, err, errlen, "tags missing");
	for (size_t i = 0; i < g->ntags; i++) {
		const struct pgn_tag *t = &g->tags[i];
		if (!tag_name_ok(t->name))
			return cc_fail(
			        CC_ERR_INVALID, err, errlen,
			        "tag %zu: a tag name is letters, digits and '_', starting with "
			        "a letter, at most %d long",
			        i + 1, TAG_NAME_MAX);
		for (size_t r = 0; r < sizeof reserved_tags / sizeof reserved_tags[0]; r++)
			if (same_name(t->name, reserved_tags[r]))
				return cc_fail(CC_ERR_INVALID, err, errlen,
				               "tag %s is written by the PGN writer itself",
				               t->name);
		if (t->value)
			sorted[n++] = *t;
	}
	if (fen) {
		sorted[n++] = (struct pgn_tag){"FEN", fen};
		sorted[n++] = (struct pgn_tag){"SetUp", "1"}; /* PGN standard 9.7.1 */
	}
	for (size_t i = 1; i < n; i++) { /* insertion sort: n is small */
		struct pgn_tag t = sorted[i];
		size_t j = i;
		for (; j > 0 && strcmp(sorted[j - 1].name, t.name) > 0; j--)
			sorted[j] = sorted[j - 1];
		sorted[j] = t;
	}
	for (size_t i = 1; i < n; i++)
		for (size_t j = 0; j < i; j++)
			if (same_name(sorted[j].name, sorted[i].name))
				return cc_fail(CC_ERR_INVALID, err, errlen, "tag %s given twice",
				               sorted[i].name);
	return (int)n;
}

/* True when s has something to show: a character other than a blank or
 * a control character. */
static bool has_text(const char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s > ' ' && *s != 0x7f)
			return true;
	return false;
}

static const char *or_unknown(const char *s)
{
	return s && *s ? s : "?";
}

/* ---- the writer ---- */

int pgn_write(const struct pgn_game *g, char **out, char *err, size_t errlen)
{
	struct out o = {TEXTBUF_INIT(PGN_OUT_MAX), 0};
	struct pgn_tag sorted[PGN_TAGS_MAX + 2];
	char date[PGN_DATE_LEN], fen[FEN_MAX];
	const char *result = g->result ? g->result : "*";
	const char *marker = pgn_result_token(result);
	int rc;

	*out = NULL;
	if (!marker)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "result must be *, 1-0, 0-1, 1/2-1/2 or 0-0");
	if (pgn_date(g->date, date) != CC_OK)
		return cc_fail(CC_ERR_INVALID, err, errlen, "the date is not YYYY-MM-DD");
	if (g->nmoves && !g->moves)
		return cc_fail(CC_ERR_INVALID, err, errlen, "moves missing");

	position pos;
	if (g->start)
		pos = *g->start;
	else
		position_startpos(&pos);
	fen_write(&pos, fen, sizeof fen);
	bool setup = strcmp(fen, FEN_STARTPOS) != 0; /* PGN standard 9.7 */
	int ntags = sort_tags(g, setup ? fen : NULL, sorted, err, errlen);
	if (ntags < 0)
		return ntags;

	/* The Seven Tag Roster in its order, then the rest (8.1.1). */
	tag_line(&o, "Event", or_unknown(g->event));
	tag_line(&o, "Site", or_unknown(g->site));
	tag_line(&o, "Date", date);
	tag_line(&o, "Round", or_unknown(g->round));
	tag_line(&o, "White", or_unknown(g->white));
	tag_line(&o, "Black", or_unknown(g->black));
	tag_line(&o, "Result", marker);
	for (int i = 0; i < ntags; i++)
		tag_line(&o, sorted[i].name, sorted[i].value);
	put(&o, "\n", 1);

	/* The movetext (8.2). */
	bool black_number = true; /* 8.2.2.2: at the start, and after a comment */
	bool final = has_text(g->final_comment);
	for (size_t i = 0; i < g->nmoves; i++) {
		const struct pgn_move *mv = &g->moves[i];
		char san[SAN_MAX], num[24];
		if (san_write(&pos, mv->m, san) != CC_OK) {
			rc = cc_fail(CC_ERR_ILLEGAL, err, errlen,
			             "move %u%s (ply %zu) is not legal in the position reached",
			             (unsigned)pos.fullmove, pos.side == WHITE ? "." : "...",
			             i + 1);
			goto fail;
		}
		num[0] = '\0';
		if (pos.side == WHITE)
			snprintf(num, sizeof num, "%u.", (unsigned)pos.fullmove);
		else if (black_number)
			snprintf(num, sizeof num, "%u...", (unsigned)pos.fullmove);
		if (num[0])
			token(&o, num, strlen(num));
		token(&o, san, strlen(san));
		undo u;
		position_do_move(&pos, mv->m, &u);
		black_number = has_text(mv->comment);
		if (black_number && i + 1 == g->nmoves && final) {
			comment(&o, mv->comment, g->final_comment); /* one comment, see there */
			final = false;
		} else if (black_number) {
			comment(&o, mv->comment, NULL);
		}
	}
	if (final)
		comment(&o, g->final_comment, NULL);
	token(&o, marker, strlen(marker)); /* 8.2.6: the termination marker */
	put(&o, "\n\n", 2);

	if (o.b.full) {
		rc = cc_fail(CC_ERR_NOMEM, err, errlen,
		             "out of memory, or the PGN text would be longer than %u bytes",
		             (unsigned)PGN_OUT_MAX);
		goto fail;
	}
	*out = o.b.p;
	return CC_OK;
fail:
	free(o.b.p);
	return rc;
}

/* ---- helpers ---- */

const char *pgn_result_token(const char *result)
{
	static const char *const tokens[] = {"1-0", "0-1", "1/2-1/2", "*"};
	if (!result)
		return NULL;
	for (size_t i = 0; i < sizeof tokens / sizeof tokens[0]; i++)
		if (strcmp(result, tokens[i]) == 0)
			return tokens[i];
	if (strcmp(result, "0-0") == 0) /* lost for both: no PGN token (see pgn.h) */
		return "*";
	return NULL;
}

static bool is(const char *s, const char *t)
{
	return s && strcmp(s, t) == 0;
}

const char *pgn_termination(const char *termination, const char *result)
{
	static const char *const over_the_board[] = {
	        "checkmate", "stalemate", "dead_position", "resignation",
	        "agreement", "threefold", "fifty_moves",
	};
	/* PGN standard 9.8.1 values */
	if (!result || is(result, "*"))
		return "unterminated";
	if (is(termination, "time_forfeit"))
		return "time forfeit";
	for (size_t i = 0; i < sizeof over_the_board / sizeof over_the_board[0]; i++)
		if (is(termination, over_the_board[i]))
			return "normal";
	return "adjudication"; /* "adjudication", or a result the TL set (DSU 6.2.6) */
}

const char *pgn_ending_comment(const char *termination, const char *result)
{
	if (!result || is(result, "*"))
		return NULL;
	if (is(result, "0-0"))
		return "Scored 0-0: lost for both players.";
	bool w = is(result, "1-0"), b = is(result, "0-1"), d = is(result, "1/2-1/2");
	if (!termination)
		return NULL;
	if (is(termination, "checkmate"))
		return w ? "White won by checkmate." : b ? "Black won by checkmate." : NULL;
	if (is(termination, "resignation"))
		return w ? "Black resigned." : b ? "White resigned." : NULL;
	if (is(termination, "time_forfeit"))
		return w ? "Black lost on time." : b ? "White lost on time." : NULL;
	if (is(termination, "adjudication"))
		return w   ? "Adjudicated: White won."
		       : b ? "Adjudicated: Black won."
		       : d ? "Adjudicated: drawn."
		           : NULL;
	if (!d)
		return NULL;
	if (is(termination, "stalemate"))
		return "Drawn by stalemate.";
	if (is(termination, "dead_position"))
		return "Drawn: dead position.";
	if (is(termination, "agreement"))
		return "Drawn by agreement.";
	if (is(termination, "threefold"))
		return "Drawn by threefold repetition.";
	if (is(termination, "fifty_moves"))
		return "Drawn by the fifty-move rule.";
	return NULL;
}

const char *pgn_mode(const char *profile)
{
	if (is(profile, "dsu-post"))
		return "PM";
	if (is(profile, "dsu-email") || is(profile, "dsu-post-email"))
		return "EM"; /* electronic mail: also a postal game played by e-mail */
	if (is(profile, "server"))
		return "TC";
	return NULL;
}

int pgn_time_control(int moves, int days, char buf[PGN_TIME_CONTROL_LEN])
{
	if (moves < 1 || moves > 1000 || days < 1 || days > 100000) {
		snprintf(buf, PGN_TIME_CONTROL_LEN, "?");
		return CC_ERR_RANGE;
	}
	snprintf(buf, PGN_TIME_CONTROL_LEN, "%d/%lld", moves, (long long)days * 86400);
	return CC_OK;
}

int pgn_date(const char *iso, char buf[PGN_DATE_LEN])
{
	int32_t day;
	int y, m, d;
	memcpy(buf, "????.??.??", PGN_DATE_LEN);
	if (!iso || !*iso)
		return CC_OK;
	if (calendar_parse(iso, &day, NULL, 0) != CC_OK)
		return CC_ERR_MALFORMED;
	calendar_to_ymd(day, &y, &m, &d);
	snprintf(buf, PGN_DATE_LEN, "%04d.%02d.%02d", y, m, d);
	return CC_OK;
}

/* The date command "[%NAME YYYY.MM.DD] " for an ISO date, or "" for none. */
static void date_command(const char *name, const char *iso, char *buf, size_t size)
{
	char d[PGN_DATE_LEN];
	buf[0] = '\0';
	if (iso && *iso && pgn_date(iso, d) == CC_OK)
		snprintf(buf, size, "[%%%s %s] ", name, d);
}

int pgn_move_comment(const char *received, const char *sent, int days, bool series,
                     char buf[PGN_COMMENT_LEN])
{
	char d[16] = "?d", rcv[PGN_COMMENT_LEN], snt[PGN_COMMENT_LEN];
	if (days >= 0)
		snprintf(d, sizeof d, "%dd", days);
	date_command("ccsnt", sent, snt, sizeof snt);
	/* DSU 6.8.6 counts an e-mail move received the day after it was sent;
	 * a reply sent that day was read that day (pgn.h). */
	if (snt[0] && received && strlen(received) == strlen(sent) && strcmp(received, sent) > 0)
		received = sent;
	date_command("ccrcv", received, rcv, sizeof rcv);
	int n = snprintf(buf, PGN_COMMENT_LEN, "%s%s%s%s", rcv, snt, d, series ? " series" : "");
	return n >= 0 && n < PGN_COMMENT_LEN ? CC_OK : CC_ERR_NOMEM;
}
