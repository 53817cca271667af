/* fuzz_move.c: move text in any notation, and move series.
 *
 * Input: the first byte picks a position from positions[] below; the rest
 * is the move text.  It goes through notation_parse() and, directly,
 * through each notation's own parser (iccf_parse, uci_parse, san_parse,
 * which are public too).  Invariants: a parser that succeeds gives a move
 * of movegen_legal()'s list, and writing that move in ICCF, UCI and SAN
 * and reading it back gives the same move; one that fails says why in
 * err with one of its documented statuses.  Then the text, split at
 * blanks, is a series for series_check() from the position (as the
 * proposer's "after" position): on CC_OK every move is legal in turn; on
 * failure *bad points into the list (or is n for a bad count). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "corr/series.h"
#include "fuzz.h"
#include "notation/iccf.h"
#include "notation/notation.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "util/status.h"

/* Positions with castling, e.p., promotions (quiet and capturing), pins,
 * checks, mate and stalemate, both sides to move. */
static const char *const positions[] = {
        FEN_STARTPOS,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 40",
        "r2qkbnr/pb1ppppp/1pn5/8/1P6/8/2PPPPPP/RNBQKBNR b KQkq - 0 11",
        "8/4P3/8/8/8/8/k7/6K1 w - - 0 1",
        "1n2k3/P7/8/8/8/8/7p/4K1N1 b - - 0 30",
        "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1",
        "R3k3/8/4K3/8/8/8/8/8 b - - 0 1",      /* checkmate */
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",      /* stalemate */
        "6k1/5ppp/8/8/8/8/8/R3K2R w KQ - 0 1", /* Ra8 mates */
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "k7/8/8/8/8/8/1N3N2/K7 w - - 0 1", /* two knights to one square */
};
#define NPOS (sizeof positions / sizeof positions[0])

#define MAX_TOKENS 64

static bool in_list(const move *list, int n, move m)
{
	for (int i = 0; i < n; i++)
		if (list[i] == m)
			return true;
	return false;
}

/* Reads text back with the notation parser and expects m. */
static void expect_reads(const position *pos, const char *text, move m, const char *how)
{
	move back = MOVE_NONE;
	char err[256];
	int rc = notation_parse(pos, text, &back, err, sizeof err);
	if (rc != CC_OK || back != m)
		fuzz_fail("%s text \"%s\" reads back as %d/%04x, not %04x: %s", how, text, rc, back,
		          m, rc == CC_OK ? "" : err);
}

/* One parser's result: status, message, and the move when it succeeded. */
static void check_result(const position *pos, const char *who, const char *text, int rc, move m,
                         const char *err, const move *list, int n)
{
	if (rc == CC_OK) {
		if (!in_list(list, n, m))
			fuzz_fail("%s(\"%s\") gave %04x, not a legal move", who, text, m);
		char iccf[ICCF_MAX], uci[UCI_MAX], san[SAN_MAX];
		iccf_write(m, iccf);
		uci_write(m, uci);
		if (san_write(pos, m, san) != CC_OK)
			fuzz_fail("san_write refuses the legal move %04x", m);
		expect_reads(pos, iccf, m, "ICCF");
		expect_reads(pos, uci, m, "UCI");
		expect_reads(pos, san, m, "SAN");
		return;
	}
	if (rc != CC_ERR_MALFORMED && rc != CC_ERR_ILLEGAL)
		fuzz_fail("%s(\"%s\") returned %d", who, text, rc);
	if (m != MOVE_NONE)
		fuzz_fail("%s(\"%s\") failed but set the move %04x", who, text, m);
	if (err[0] == '\0')
		fuzz_fail("%s(\"%s\") failed without a message", who, text);
}

static void check_series(const position *pos, char *text)
{
	const char *tok[MAX_TOKENS];
	move moves[SERIES_MAX];
	size_t n = 0, bad = 12345;
	char err[512] = "";
	for (char *p = strtok(text, " "); p && n < MAX_TOKENS; p = strtok(NULL, " "))
		tok[n++] = p;
	if (n == 0)
		return;
	int rc = series_check(pos, tok, n, moves, &bad, err, sizeof err);
	if (rc == CC_OK) {
		if (n < 2 || n > SERIES_MAX || n % 2)
			fuzz_fail("series_check accepted %zu moves", n);
		position p = *pos;
		for (size_t i = 0; i < n; i++) {
			if (!movegen_is_legal(&p, moves[i]))
				fuzz_fail("series move %zu (%s) is not legal", i + 1, tok[i]);
			undo u;
			position_do_move(&p, moves[i], &u);
		}
		return;
	}
	if (err[0] == '\0')
		fuzz_fail("series_check failed (%d) without a message", rc);
	if (bad > n || (bad == n && n >= 2 && n <= SERIES_MAX && n % 2 == 0))
		fuzz_fail("series_check: bad index %zu of %zu", bad, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	position pos;
	char err[256];
	if (fen_parse(&pos, positions[data[0] % NPOS], err, sizeof err) != CC_OK)
		fuzz_fail("fixed FEN %u: %s", (unsigned)(data[0] % NPOS), err);
	char *text = fuzz_cstring(data + 1, size - 1);
	move list[MAX_MOVES];
	int n = movegen_legal(&pos, list);
	const position saved = pos;

	struct {
		const char *name;
		int (*parse)(const position *, const char *, move *, char *, size_t);
	} parsers[] = {{"notation_parse", notation_parse},
	               {"iccf_parse", iccf_parse},
	               {"uci_parse", uci_parse},
	               {"san_parse", san_parse}};
	for (size_t i = 0; i < sizeof parsers / sizeof parsers[0]; i++) {
		move m = MOVE_NONE;
		err[0] = '\0';
		int rc = parsers[i].parse(&pos, text, &m, err, sizeof err);
		check_result(&pos, parsers[i].name, text, rc, m, err, list, n);
		if (memcmp(&pos, &saved, sizeof pos) != 0)
			fuzz_fail("%s changed the position", parsers[i].name);
	}
	check_series(&pos, text);
	free(text);
	return 0;
}
