/* transcript.c: the DSU 6.8.2 ("ICCF-model") transcript table. */
#include "export/transcript.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/position.h"
#include "clock/calendar.h"
#include "util/status.h"
#include "util/textbuf.h"
#include "util/utf8.h"

/* The columns, in order: White's three, the number, the two moves,
 * Black's three. */
enum { C_WRECV, C_WSENT, C_WTIME, C_NO, C_WMOVE, C_BMOVE, C_BRECV, C_BSENT, C_BTIME, NCOLS };
#define CELL 16 /* room for any one cell and its NUL */

/* DSU 6.8.2: the model's header words, its column widths (the least
 * widths here), and the blanks after each column. */
static const char *const heading[NCOLS] = {"Recv.", "Sent",  "Time", "No.", "White",
                                           "Black", "Recv.", "Sent", "Time"};
static const int min_width[NCOLS] = {5, 5, 4, 3, 5, 5, 5, 5, 4};
static const int gap[NCOLS] = {2, 2, 2, 1, 1, 2, 2, 2, 0};

struct row {
	char cell[NCOLS][CELL];
};

/* ---- the output text: growable, with TRANSCRIPT_OUT_MAX as its limit ---- */

struct out {
	struct textbuf b; /* the text, at most TRANSCRIPT_OUT_MAX */
};

static void put(struct out *o, const char *s, size_t n)
{
	textbuf_put(&o->b, s, n);
}

static void puts_(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* A caller's text: cut at TRANSCRIPT_TEXT_MAX bytes on a UTF-8 boundary,
 * control characters as blanks. */
static void put_text(struct out *o, const char *s)
{
	size_t n = strlen(s);
	n = utf8_cut(s, n, TRANSCRIPT_TEXT_MAX);
	for (size_t i = 0; i < n; i++) {
		unsigned char b = (unsigned char)s[i];
		put(o, b < ' ' || b == 0x7f ? " " : s + i, 1);
	}
}

/* ---- cells ---- */

/* "5254", "5758(1)" or "57581" (DSU 6.2.2). */
static bool iccf_ok(const char *s)
{
	if (!s)
		return false;
	for (int i = 0; i < 4; i++)
		if (s[i] < '1' || s[i] > '8')
			return false;
	s += 4;
	if (*s == '\0')
		return true;
	if (*s == '(')
		return s[1] >= '1' && s[1] <= '4' && s[2] == ')' && s[3] == '\0';
	return *s >= '1' && *s <= '4' && s[1] == '\0';
}

/* dd/mm of a day number (DSU 6.8.2), "--/--" for no date; false when the
 * year is outside 1..9999. */
static bool date_cell(int32_t day, char cell[CELL])
{
	int y, m, d;
	if (day == TRANSCRIPT_NO_DATE) {
		memcpy(cell, "--/--", 6);
		return true;
	}
	calendar_to_ymd(day, &y, &m, &d);
	if (y < 1 || y > 9999)
		return false;
	snprintf(cell, CELL, "%02d/%02d", d, m);
	return true;
}

/* "days/total", the total with two digits at least (DSU 6.8.2: "1/01"). */
static void time_cell(int days, long total, char cell[CELL])
{
	snprintf(cell, CELL, "%d/%02ld", days, total);
}

/* Writes one row: each cell padded to its column's width, then the gap;
 * the blanks at the end of the line dropped. */
static void put_row(struct out *o, const char *const cells[NCOLS], const int width[NCOLS])
{
	char line[NCOLS * (CELL + 3) + 2];
	size_t n = 0;
	for (int c = 0; c < NCOLS; c++) {
		size_t len = strlen(cells[c]);
		memcpy(line + n, cells[c], len);
		n += len;
		for (int pad = width[c] - (int)len + gap[c]; pad > 0; pad--)
			line[n++] = ' ';
	}
	while (n > 0 && line[n - 1] == ' ')
		n--;
	line[n++] = '\n';
	put(o, line, n);
}

/* The received date a move is shown with: never after its sent date.
 * DSU 6.8.6 counts an e-mail move received the day after it was sent,
 * but a reply sent that same day was plainly read that day (issue 23). */
static int32_t shown_received(const struct transcript_move *mv)
{
	if (mv->received != TRANSCRIPT_NO_DATE && mv->sent != TRANSCRIPT_NO_DATE &&
	    mv->received > mv->sent)
		return mv->sent;
	return mv->received;
}

/* "received-sent days/total" of a side's last move, or "- 0/00". */
static bool last_move(const struct transcript_game *g, int color, const long totals[2], char *buf,
                      size_t len)
{
	char r[CELL], s[CELL], t[CELL];
	for (size_t i = g->nmoves; i-- > 0;) {
		int c = (int)((g->first_color + i) & 1);
		if (c != color)
			continue;
		const struct transcript_move *mv = &g->moves[i];
		if (!date_cell(shown_received(mv), r) || !date_cell(mv->sent, s))
			return false;
		time_cell(mv->days, totals[color], t);
		snprintf(buf, len, "%s-%s %s", r, s, t);
		return true;
	}
	snprintf(buf, len, "- 0/00");
	return true;
}

/* ---- the writer ---- */

int transcript_write(const struct transcript_game *g, char **out, char *err, size_t errlen)
{
	struct out o = {TEXTBUF_INIT(TRANSCRIPT_OUT_MAX)};
	struct row *rows = NULL;
	int width[NCOLS];
	long totals[2] = {0, 0};
	int rc;

	*out = NULL;
	if (g->first_color != WHITE && g->first_color != BLACK)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "the first colour is not white or black");
	if (g->first_number < 1 || g->first_number > 9999)
		return cc_fail(CC_ERR_INVALID, err, errlen, "the first move number is not 1..9999");
	if (g->nmoves > TRANSCRIPT_MOVES_MAX)
		return cc_fail(CC_ERR_RANGE, err, errlen, "%zu moves, at most %d", g->nmoves,
		               TRANSCRIPT_MOVES_MAX);
	if (g->nmoves && !g->moves)
		return cc_fail(CC_ERR_INVALID, err, errlen, "moves missing");

	/* A row per move number; the first row may start with Black. */
	size_t nrows = g->nmoves ? (g->nmoves + (size_t)g->first_color + 1) / 2 : 0;
	if (nrows) {
		rows = calloc(nrows, sizeof *rows);
		if (!rows)
			return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	}
	if (nrows && g->first_color == BLACK)
		memcpy(rows[0].cell[C_WMOVE], "-", 2); /* as "11.-,1716" (DSU 6.2.5) */
	for (size_t i = 0; i < g->nmoves; i++) {
		const struct transcript_move *mv = &g->moves[i];
		size_t ply = i + (size_t)g->first_color; /* plies since White's first move */
		int color = (int)(ply & 1);
		struct row *r = &rows[ply / 2];
		int base = color == WHITE ? C_WRECV : C_BRECV;
		if (!iccf_ok(mv->iccf)) {
			rc = cc_fail(CC_ERR_INVALID, err, errlen, "move %zu is not ICCF numeric",
			             i + 1);
			goto fail;
		}
		if (mv->days < 0 || mv->days > 99999) {
			rc = cc_fail(CC_ERR_INVALID, err, errlen, "move %zu: days not 0..99999",
			             i + 1);
			goto fail;
		}
		if (i == 0) /* DSU 6.8.2 model: no move received before the first */
			memcpy(r->cell[base], "----", 5);
		else if (!date_cell(shown_received(mv), r->cell[base]))
			goto bad_date;
		if (!date_cell(mv->sent, r->cell[base + 1]))
			goto bad_date;
		totals[color] += mv->days;
		time_cell(mv->days, totals[color], r->cell[base + 2]);
		snprintf(r->cell[color == WHITE ? C_WMOVE : C_BMOVE], CELL, "%s", mv->iccf);
		snprintf(r->cell[C_NO], CELL, "%02u.", g->first_number + (unsigned)(ply / 2));
	}

	/* Column widths: the model's, or wider for a wider value. */
	for (int c = 0; c < NCOLS; c++) {
		width[c] = min_width[c];
		for (size_t i = 0; i < nrows; i++) {
			int len = (int)strlen(rows[i].cell[c]);
			if (len > width[c])
				width[c] = len;
		}
	}

	/* Lines before the table. */
	bool header = false;
	if (g->title) {
		put_text(&o, g->title);
		puts_(&o, "\n");
		header = true;
	}
	if (g->white && g->black) {
		put_text(&o, g->white);
		puts_(&o, " - ");
		put_text(&o, g->black);
		puts_(&o, "\n");
		header = true;
	}
	if (g->start != TRANSCRIPT_NO_DATE) {
		char iso[CALENDAR_ISO_LEN];
		if (calendar_format(g->start, iso, sizeof iso) != CC_OK)
			goto bad_date;
		puts_(&o, "Started ");
		puts_(&o, iso);
		puts_(&o, "\n");
		header = true;
	}
	if (header)
		puts_(&o, "\n");

	/* The table (DSU 6.8.2). */
	put_row(&o, heading, width);
	for (size_t i = 0; i < nrows; i++) {
		const char *cells[NCOLS];
		for (int c = 0; c < NCOLS; c++)
			cells[c] = rows[i].cell[c];
		put_row(&o, cells, width);
	}

	/* The thinking time of both sides (the model's "Betænkningstid"). */
	char w[64], b[64];
	if (!last_move(g, WHITE, totals, w, sizeof w) || !last_move(g, BLACK, totals, b, sizeof b))
		goto bad_date;
	puts_(&o, "\nWhite: ");
	puts_(&o, w);
	puts_(&o, "  Black: ");
	puts_(&o, b);
	puts_(&o, "\n");

	if (g->result && *g->result && strcmp(g->result, "*") != 0) {
		puts_(&o, "Result: ");
		put_text(&o, g->result);
		if (g->ending && *g->ending) {
			puts_(&o, " (");
			put_text(&o, g->ending);
			puts_(&o, ")");
		}
		puts_(&o, "\n");
	}

	if (o.b.full) {
		rc = cc_fail(CC_ERR_NOMEM, err, errlen,
		             "out of memory, or the transcript would be longer than %u bytes",
		             (unsigned)TRANSCRIPT_OUT_MAX);
		goto fail;
	}
	free(rows);
	*out = o.b.p;
	return CC_OK;
bad_date:
	rc = cc_fail(CC_ERR_RANGE, err, errlen, "a date is outside the years 1..9999");
fail:
	free(rows);
	free(o.b.p);
	return rc;
}
