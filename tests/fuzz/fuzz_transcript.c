/* fuzz_transcript.c: ICCF transcripts in, transcripts and PGN out.
 *
 * The input is a transcript text ("11.-,1716 12. 2425, 01625 ...").
 * Invariants:
 *   - iccf_transcript_parse() never crashes; it fails with a message and
 *     *out NULL, or gives a transcript whose entries follow each other;
 *   - iccf_transcript_write() and a second parse give the same entries,
 *     and writing those gives the same text (round trip);
 *   - iccf_transcript_replay() from the start position and a few FENs
 *     either gives legal moves whose ICCF form is the entry's, or stops at
 *     *bad_index with the moves before it legal;
 *   - the replayed moves, as a transcript built with
 *     iccf_transcript_add_move(), write, parse and replay to the same
 *     moves;
 *   - the writers lib/export/pgn.c and lib/export/transcript.c take the replayed game
 *     with names, comments and dates made from the input bytes (so any
 *     byte, invalid UTF-8, braces, '%' and huge or missing dates reach
 *     them) and either refuse with a status or write text within their
 *     documented limits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "clock/calendar.h"
#include "export/pgn.h"
#include "export/transcript.h"
#include "fuzz.h"
#include "notation/iccf.h"
#include "util/status.h"

static const char *const starts[] = {
        FEN_STARTPOS,
        "r2qkbnr/pb1ppppp/1pn5/8/1P6/8/2PPPPPP/RNBQKBNR b KQkq - 0 11",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
        "8/4P3/8/8/8/8/k7/6K1 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 9999",
};
#define NSTARTS (sizeof starts / sizeof starts[0])

static void same_entries(const iccf_transcript *a, const iccf_transcript *b, const char *what)
{
	size_t n = iccf_transcript_count(a);
	if (iccf_transcript_count(b) != n)
		fuzz_fail("%s: %zu entries, then %zu", what, n, iccf_transcript_count(b));
	for (size_t i = 0; i < n; i++) {
		const iccf_entry *x = iccf_transcript_entry(a, i), *y = iccf_transcript_entry(b, i);
		if (!x || !y || x->number != y->number || x->color != y->color ||
		    x->series_start != y->series_start || strcmp(x->text, y->text) != 0)
			fuzz_fail("%s: entry %zu differs", what, i);
	}
	if (iccf_transcript_entry(a, n) != NULL)
		fuzz_fail("%s: entry past the end is not NULL", what);
}

/* Checks the entries follow each other and have sane fields. */
static void check_entries(const iccf_transcript *t)
{
	size_t n = iccf_transcript_count(t);
	int starts_seen = 0;
	if (n == 0 || n > ICCF_TRANSCRIPT_MAX)
		fuzz_fail("a parsed transcript has %zu entries", n);
	for (size_t i = 0; i < n; i++) {
		const iccf_entry *e = iccf_transcript_entry(t, i);
		if (e->number < 1 || e->number > 9999 || (e->color != WHITE && e->color != BLACK))
			fuzz_fail("entry %zu: number %u colour %d", i, e->number, e->color);
		if (strlen(e->text) >= ICCF_MAX)
			fuzz_fail("entry %zu: text too long", i);
		starts_seen += e->series_start;
		if (i) {
			const iccf_entry *p = iccf_transcript_entry(t, i - 1);
			unsigned want = p->color == WHITE ? p->number : p->number + 1;
			if (e->number != want || e->color != (p->color ^ 1))
				fuzz_fail("entry %zu does not follow entry %zu", i, i - 1);
		}
	}
	long si = iccf_transcript_series_index(t);
	if (starts_seen > 1 || (starts_seen == 1) != (si >= 0))
		fuzz_fail("series starts: %d, index %ld", starts_seen, si);
}

/* "5758(1)" and "57581" are the same move. */
static bool same_iccf(const char *written, const char *given)
{
	if (strcmp(written, given) == 0)
		return true;
	return strlen(written) == 7 && strlen(given) == 5 && strncmp(written, given, 4) == 0 &&
	       written[5] == given[4];
}

/* A date from the input bytes: usually near 2027, sometimes missing or far
 * outside the calendar. */
static int32_t date_from(const char *text, size_t len, size_t i)
{
	unsigned char b = len ? (unsigned char)text[i % len] : 0;
	switch (b % 16) {
	case 0:
		return TRANSCRIPT_NO_DATE;
	case 1:
		return INT32_MAX;
	case 2:
		return CALENDAR_MIN_DAY - 1 - b;
	case 3:
		return CALENDAR_MAX_DAY + b;
	default:
		return 20697 + (int32_t)(i * 3) + b; /* 2026-09-01 and on */
	}
}

/* The writers on the replayed game.  `text` provides names and comments
 * (any bytes), `moves` the game from start. */
static void check_writers(const position *start, const move *moves, size_t n, const char *text)
{
	size_t len = strlen(text);
	char err[256];
	char *out = NULL;
	struct pgn_move *pm = calloc(n ? n : 1, sizeof *pm);
	struct transcript_move *tm = calloc(n ? n : 1, sizeof *tm);
	char(*iccf)[ICCF_MAX] = calloc(n ? n : 1, sizeof *iccf);
	if (!pm || !tm || !iccf)
		fuzz_fail("out of memory");
	for (size_t i = 0; i < n; i++) {
		pm[i].m = moves[i];
		pm[i].comment =
		        len && (unsigned char)text[i % len] % 3 ? text + (i * 7) % len : NULL;
		iccf_write(moves[i], iccf[i]);
		tm[i].iccf = iccf[i];
		tm[i].received = date_from(text, len, 2 * i);
		tm[i].sent = date_from(text, len, 2 * i + 1);
		tm[i].days = len ? (int)(unsigned char)text[i % len] - 8 : 0;
	}
	static const char *const results[] = {"*", "1-0", "0-1", "1/2-1/2", "0-0", "2-0"};
	const char *result = results[len % 6];
	const char *half = text + len / 2;
	struct pgn_tag tags[] = {
	        {"Mode", "PM"}, {"TimeControl", "10/2592000"}, {"Annotator", half}};
	struct pgn_game pg = {
	        .event = text,
	        .site = half,
	        .date = len % 5 ? "2027-09-01" : text,
	        .round = "-",
	        .white = text,
	        .black = half,
	        .result = result,
	        .start = start,
	        .tags = tags,
	        .ntags = 3,
	        .moves = pm,
	        .nmoves = n,
	        .final_comment = len % 2 ? half : NULL,
	};
	int rc = pgn_write(&pg, &out, err, sizeof err);
	if (rc == CC_OK) {
		size_t olen = strlen(out);
		if (olen < 2 || strcmp(out + olen - 2, "\n\n") != 0 || olen >= PGN_OUT_MAX)
			fuzz_fail("PGN text does not end with an empty line or is too long");
		/* 8.2.1: movetext lines under 80 bytes (tag lines may be longer). */
		const char *body = strstr(out, "\n\n");
		for (const char *l = body + 2; *l;) {
			const char *e = strchr(l, '\n');
			size_t ll = e ? (size_t)(e - l) : strlen(l);
			if (ll > PGN_LINE_MAX)
				fuzz_fail("PGN movetext line of %zu bytes", ll);
			l = e ? e + 1 : l + ll;
		}
		free(out);
	} else if (out != NULL || err[0] == '\0') {
		fuzz_fail("pgn_write failed (%d) with text or without a message", rc);
	}

	out = NULL;
	err[0] = '\0';
	struct transcript_game tg = {
	        .title = len % 3 ? text : NULL,
	        .white = text,
	        .black = half,
	        .start = date_from(text, len, 99),
	        .first_number = start->fullmove,
	        .first_color = start->side,
	        .moves = tm,
	        .nmoves = n,
	        .result = result,
	        .ending = half,
	};
	rc = transcript_write(&tg, &out, err, sizeof err);
	if (rc == CC_OK) {
		if (strlen(out) >= TRANSCRIPT_OUT_MAX)
			fuzz_fail("transcript text is too long");
		free(out);
	} else if (out != NULL || err[0] == '\0') {
		fuzz_fail("transcript_write failed (%d) with text or without a message", rc);
	}
	free(pm);
	free(tm);
	free(iccf);
}

/* Replays t from one start position and checks what comes back. */
static void check_replay(const iccf_transcript *t, const position *start, const char *text)
{
	size_t n = iccf_transcript_count(t), bad = (size_t)-1;
	move *moves = calloc(n, sizeof *moves);
	char err[512] = "";
	position end;
	if (!moves)
		fuzz_fail("out of memory");
	int rc = iccf_transcript_replay(t, start, moves, &bad, &end, err, sizeof err);
	size_t good = rc == CC_OK ? n : bad;
	if (rc != CC_OK) {
		if (bad >= n || err[0] == '\0')
			fuzz_fail("replay failed (%d) at %zu of %zu: %s", rc, bad, n, err);
		if (rc != CC_ERR_MALFORMED && rc != CC_ERR_ILLEGAL && rc != CC_ERR_INVALID)
			fuzz_fail("replay returned %d", rc);
	}
	position pos = *start;
	iccf_transcript *again = iccf_transcript_new();
	if (!again)
		fuzz_fail("out of memory");
	for (size_t i = 0; i < good; i++) {
		const iccf_entry *e = iccf_transcript_entry(t, i);
		char w[ICCF_MAX];
		if (!movegen_is_legal(&pos, moves[i]))
			fuzz_fail("replayed move %zu is not legal", i);
		iccf_write(moves[i], w);
		if (!same_iccf(w, e->text))
			fuzz_fail("replayed move %zu is %s, the entry says %s", i, w, e->text);
		if (iccf_transcript_add_move(again, &pos, moves[i], e->series_start, err,
		                             sizeof err) != CC_OK)
			fuzz_fail("add_move of replayed move %zu: %s", i, err);
		undo u;
		position_do_move(&pos, moves[i], &u);
	}
	if (rc == CC_OK) {
		char a[FEN_MAX], b[FEN_MAX];
		fen_write(&pos, a, sizeof a);
		fen_write(&end, b, sizeof b);
		if (strcmp(a, b) != 0)
			fuzz_fail("replay end %s, moves give %s", b, a);
		/* The rebuilt transcript: write, parse, replay. */
		char *w = iccf_transcript_write(again);
		iccf_transcript *back = NULL;
		if (!w || iccf_transcript_parse(w, &back, err, sizeof err) != CC_OK)
			fuzz_fail("rebuilt transcript \"%s\" does not parse: %s", w ? w : "", err);
		move *m2 = calloc(n, sizeof *m2);
		if (!m2 ||
		    iccf_transcript_replay(back, start, m2, NULL, NULL, err, sizeof err) != CC_OK)
			fuzz_fail("rebuilt transcript does not replay: %s", err);
		if (memcmp(m2, moves, n * sizeof *moves) != 0)
			fuzz_fail("rebuilt transcript replays to other moves");
		free(m2);
		iccf_transcript_free(back);
		free(w);
	}
	check_writers(start, moves, good, text);
	iccf_transcript_free(again);
	free(moves);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstring(data, size);
	char err[512] = "";
	iccf_transcript *t = (iccf_transcript *)&err; /* must become NULL on failure */
	int rc = iccf_transcript_parse(text, &t, err, sizeof err);
	if (rc != CC_OK) {
		if (t != NULL || err[0] == '\0')
			fuzz_fail("parse failed (%d) leaving *out set or without a message", rc);
		free(text);
		return 0;
	}
	check_entries(t);
	char *w1 = iccf_transcript_write(t);
	if (!w1)
		fuzz_fail("write: out of memory");
	iccf_transcript *t2 = NULL;
	if (iccf_transcript_parse(w1, &t2, err, sizeof err) != CC_OK)
		fuzz_fail("written transcript \"%s\" does not parse: %s", w1, err);
	same_entries(t, t2, "write and parse again");
	char *w2 = iccf_transcript_write(t2);
	if (!w2 || strcmp(w1, w2) != 0)
		fuzz_fail("write not stable: \"%s\" then \"%s\"", w1, w2 ? w2 : "(null)");
	for (size_t i = 0; i < NSTARTS; i++) {
		position start;
		if (fen_parse(&start, starts[i], err, sizeof err) != CC_OK)
			fuzz_fail("fixed FEN %zu: %s", i, err);
		check_replay(t, &start, text);
	}
	free(w1);
	free(w2);
	iccf_transcript_free(t2);
	iccf_transcript_free(t);
	free(text);
	return 0;
}
