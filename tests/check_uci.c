/* check_uci.c: UCI long algebraic notation and the from/to look-up. */
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess_testutil.h"
#include "notation/iccf.h"
#include "notation/uci.h"
#include "testutil.h"
#include "util/status.h"

/* Parses text in fen and expects success; returns the move. */
static move parse_ok(const char *fen, const char *text)
{
	position pos;
	char err[256] = "";
	move m;
	tu_load(&pos, fen);
	int rc = uci_parse(&pos, text, &m, err, sizeof err);
	ck_assert_msg(rc == CC_OK, "%s in %s: %d %s", text, fen, rc, err);
	ck_assert(m != MOVE_NONE);
	return m;
}

/* Parses text in fen and expects status rc with `reason` in the message. */
static void parse_fails(const char *fen, const char *text, int want, const char *reason)
{
	tu_parse_fails(uci_parse, fen, text, want, reason);
}

/* notation.json: the UCI column means the same move as the ICCF input. */
static void write_uci(const position *pos, move m, char *buf)
{
	(void)pos;
	uci_write(m, buf);
}

START_TEST(test_vectors)
{
	tu_notation_vectors("uci", uci_parse, write_uci);
}
END_TEST

START_TEST(test_parse_flags)
{
	move m = parse_ok(FEN_STARTPOS, "e2e4");
	ck_assert_int_eq(MOVE_FLAGS(m), MOVE_DOUBLE_PUSH);
	m = parse_ok(FEN_STARTPOS, " g1f3\n");
	ck_assert_int_eq(MOVE_FROM(m), SQ(6, 0));
	ck_assert_int_eq(MOVE_TO(m), SQ(5, 2));
	const char *castle = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
	ck_assert_int_eq(MOVE_FLAGS(parse_ok(castle, "e1g1")), MOVE_CASTLE_K);
	ck_assert_int_eq(MOVE_FLAGS(parse_ok(castle, "e1c1")), MOVE_CASTLE_Q);
	const char *ep = "rnbqkbnr/pp2pppp/8/1Pp5/3p4/8/P1PPPPPP/RNBQKBNR w KQkq c6 0 4";
	ck_assert_int_eq(MOVE_FLAGS(parse_ok(ep, "b5c6")), MOVE_EP);
	const char *promo = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
	ck_assert_int_eq(MOVE_PROMO_TYPE(parse_ok(promo, "a7a8q")), QUEEN);
	ck_assert_int_eq(MOVE_PROMO_TYPE(parse_ok(promo, "a7a8N")), KNIGHT);
	m = parse_ok(promo, "a7b8b");
	ck_assert_int_eq(MOVE_PROMO_TYPE(m), BISHOP);
	ck_assert(MOVE_IS_CAPTURE(m));
	ck_assert_int_eq(MOVE_PROMO_TYPE(parse_ok(promo, "a7b8r")), ROOK);
}
END_TEST

START_TEST(test_malformed)
{
	static const char *const bad[] = {"",     "   ",    "e2",    "e2e",   "e2e9",
	                                  "i2i4", "e0e4",   "e2e4x", "e2-e4", "e7e8k",
	                                  "E2E4", "e2e4qq", "e2 e4", "5254"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		parse_fails(FEN_STARTPOS, bad[i], CC_ERR_MALFORMED, bad[i]);
	parse_fails(FEN_STARTPOS, NULL, CC_ERR_MALFORMED, "no move");
	/* Unprintable input is not echoed raw. */
	parse_fails(FEN_STARTPOS,
	            "e2\x01"
	            "4",
	            CC_ERR_MALFORMED, "e2?4");
}
END_TEST

START_TEST(test_illegal)
{
	const char *start = FEN_STARTPOS;
	parse_fails(start, "0000", CC_ERR_ILLEGAL, "null move");
	parse_fails(start, "e3e4", CC_ERR_ILLEGAL, "no piece on e3");
	parse_fails(start, "e7e5", CC_ERR_ILLEGAL, "it is not your piece");
	parse_fails(start, "e2e5", CC_ERR_ILLEGAL, "that piece cannot move there");
	parse_fails(start, "d1d2", CC_ERR_ILLEGAL, "your own pawn stands on d2");
	parse_fails(start, "e2e4q", CC_ERR_ILLEGAL, "not a promotion");
	parse_fails(start, "e1g1", CC_ERR_ILLEGAL, "castling is blocked");
	const char *promo = "8/4P3/8/8/8/8/k7/6K1 w - - 0 1";
	parse_fails(promo, "e7e8", CC_ERR_ILLEGAL, "promotion piece missing");
	const char *pinned = "4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1";
	parse_fails(pinned, "c3e4", CC_ERR_ILLEGAL, "leaves the king in check");
	parse_fails("4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1d1", CC_ERR_ILLEGAL,
	            "leaves the king in check");
}
END_TEST

START_TEST(test_find_move)
{
	position pos;
	char err[256];
	move m;
	tu_load(&pos, "8/4P3/8/8/8/8/k7/6K1 w - - 0 1");
	ck_assert_int_eq(uci_find_move(&pos, SQ(4, 6), SQ(4, 7), ROOK, &m, err, sizeof err), CC_OK);
	ck_assert_int_eq(MOVE_PROMO_TYPE(m), ROOK);
	ck_assert_int_eq(uci_find_move(&pos, SQ(4, 6), SQ(4, 7), KING, &m, err, sizeof err),
	                 CC_ERR_ILLEGAL);
	ck_assert_ptr_nonnull(strstr(err, "queen, rook, bishop or knight"));
	ck_assert_int_eq(uci_find_move(&pos, 64, 0, UCI_NO_PROMO, &m, err, sizeof err),
	                 CC_ERR_RANGE);
	ck_assert_int_eq(uci_find_move(&pos, 0, -1, UCI_NO_PROMO, &m, err, sizeof err),
	                 CC_ERR_RANGE);
	ck_assert_int_eq(m, MOVE_NONE);
	/* A NULL message buffer is allowed. */
	ck_assert_int_eq(uci_find_move(&pos, SQ(0, 0), SQ(0, 1), UCI_NO_PROMO, &m, NULL, 0),
	                 CC_ERR_ILLEGAL);
}
END_TEST

START_TEST(test_write)
{
	char buf[UCI_MAX];
	uci_write(MOVE_NONE, buf);
	ck_assert_str_eq(buf, "0000");
	uci_write(MOVE_MAKE(SQ(4, 1), SQ(4, 3), MOVE_DOUBLE_PUSH), buf);
	ck_assert_str_eq(buf, "e2e4");
	uci_write(MOVE_MAKE(SQ(4, 7), SQ(2, 7), MOVE_CASTLE_Q), buf);
	ck_assert_str_eq(buf, "e8c8");
	static const char *const want[4] = {"h2g1n", "h2g1b", "h2g1r", "h2g1q"};
	for (int p = 0; p < 4; p++) {
		uci_write(MOVE_MAKE(SQ(7, 1), SQ(6, 0), MOVE_PROMO | MOVE_CAPTURE | p), buf);
		ck_assert_str_eq(buf, want[p]);
	}
}
END_TEST

/* Every legal move, two plies deep from each perft position, written and
 * read back. */
static void uci_roundtrip(const position *pos, const move *list, int n, const char *fen, void *ctx)
{
	(void)ctx;
	for (int j = 0; j < n; j++) {
		char buf[UCI_MAX], err[256];
		move back;
		uci_write(list[j], buf);
		int rc = uci_parse(pos, buf, &back, err, sizeof err);
		ck_assert_msg(rc == CC_OK && back == list[j], "%s in %s: %s", buf, fen, err);
	}
}

START_TEST(test_roundtrip)
{
	ck_assert_uint_gt(tu_each_position(uci_roundtrip, NULL), 6000);
}
END_TEST

TU_MAIN("uci", 60, test_vectors, test_parse_flags, test_malformed, test_illegal, test_find_move,
        test_write, test_roundtrip)
