/* check_san.c: Standard Algebraic Notation in and out, Danish letters. */
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess_testutil.h"
#include "notation/iccf.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "testutil.h"
#include "util/status.h"

/* Knights b1 and f3 can both go to d2. */
static const char *const two_knights = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1";
/* Rooks a1 and a5 can both go to a3. */
static const char *const two_rooks = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1";
/* Queens a1, a3 and c1 can all go to b2. */
static const char *const three_queens = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
/* Knight c3 pinned by the bishop on b4; knight g1 free; both "reach" e2. */
static const char *const pinned = "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1";
/* After 1.e4 e5. */
static const char *const open_game = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
static const char *const promo = "8/4P3/8/8/8/8/k7/6K1 w - - 0 1";

/* The legal move with this UCI text in fen. */
static move by_uci(const char *fen, const char *uci)
{
	position pos;
	char err[256];
	move m;
	tu_load(&pos, fen);
	ck_assert_msg(uci_parse(&pos, uci, &m, err, sizeof err) == CC_OK, "%s: %s", uci, err);
	return m;
}

/* SAN of the move given in UCI. */
static void expect_write(const char *fen, const char *uci, const char *san)
{
	position pos;
	char buf[SAN_MAX];
	tu_load(&pos, fen);
	ck_assert_int_eq(san_write(&pos, by_uci(fen, uci), buf), CC_OK);
	ck_assert_msg(strcmp(buf, san) == 0, "%s in %s: wrote %s, want %s", uci, fen, buf, san);
}

/* Reading text must give the move with this UCI text. */
static void expect_read(const char *fen, const char *text, const char *uci)
{
	position pos;
	char err[256] = "", buf[UCI_MAX];
	move m;
	tu_load(&pos, fen);
	int rc = san_parse(&pos, text, &m, err, sizeof err);
	ck_assert_msg(rc == CC_OK, "%s in %s: %s", text, fen, err);
	uci_write(m, buf);
	ck_assert_msg(strcmp(buf, uci) == 0, "%s in %s: read %s, want %s", text, fen, buf, uci);
}

/* Reading text must fail with status want and `reason` in the message. */
static void expect_fail(const char *fen, const char *text, int want, const char *reason)
{
	tu_parse_fails(san_parse, fen, text, want, reason);
}

/* notation.json: the SAN column reads as, and is written for, the move
 * the ICCF input means. */
static void write_san(const position *pos, move m, char *buf)
{
	ck_assert_int_eq(san_write(pos, m, buf), CC_OK);
}

START_TEST(test_vectors)
{
	tu_notation_vectors("san", san_parse, write_san);
}
END_TEST

START_TEST(test_disambiguation)
{
	/* By file. */
	expect_write(two_knights, "b1d2", "Nbd2");
	expect_write(two_knights, "f3d2", "Nfd2");
	expect_write(two_knights, "f3e5", "Ne5");
	expect_read(two_knights, "Nbd2", "b1d2");
	expect_read(two_knights, "Nfd2", "f3d2");
	expect_fail(two_knights, "Nd2", CC_ERR_ILLEGAL, "ambiguous: could be Nbd2 or Nfd2");
	/* By rank. */
	expect_write(two_rooks, "a1a3", "R1a3");
	expect_write(two_rooks, "a5a3", "R5a3");
	expect_write(two_rooks, "a1b1", "Rb1");
	expect_read(two_rooks, "R1a3", "a1a3");
	expect_fail(two_rooks, "Ra3", CC_ERR_ILLEGAL, "ambiguous: could be R1a3 or R5a3");
	expect_fail(two_rooks, "Raa3", CC_ERR_ILLEGAL, "ambiguous");
	/* File, rank, and both, in one position. */
	expect_write(three_queens, "a1b2", "Qa1b2");
	expect_write(three_queens, "a3b2", "Q3b2");
	expect_write(three_queens, "c1b2", "Qcb2");
	expect_read(three_queens, "Qa1b2", "a1b2");
	expect_read(three_queens, "Q3b2", "a3b2");
	expect_read(three_queens, "Qcb2", "c1b2");
	expect_read(three_queens, "Qa3b2", "a3b2");
}
END_TEST

START_TEST(test_ambiguous_lists)
{
	expect_fail(three_queens, "Qb2", CC_ERR_ILLEGAL, "could be Qa1b2, Qcb2 or Q3b2");
	expect_fail(three_queens, "Qab2", CC_ERR_ILLEGAL, "could be Qa1b2 or Q3b2");
	expect_fail(three_queens, "Q1b2", CC_ERR_ILLEGAL, "could be Qa1b2 or Qcb2");
}
END_TEST

START_TEST(test_pinned)
{
	/* Only the g1 knight may go to e2: no disambiguation. */
	expect_write(pinned, "g1e2", "Ne2");
	expect_read(pinned, "Ne2", "g1e2");
	expect_read(pinned, "Nge2", "g1e2");
	expect_fail(pinned, "Nce2", CC_ERR_ILLEGAL, "leaves the king in check");
	expect_fail(pinned, "Nd5", CC_ERR_ILLEGAL, "leaves the king in check");
}
END_TEST

START_TEST(test_marks)
{
	expect_write("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "a1a8", "Ra8+");
	expect_write("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O");
	expect_write("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "O-O-O+");
	const char *fool = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2";
	expect_write(fool, "d8h4", "Qh4#");
	expect_read(fool, "Qh4#", "d8h4");
	expect_read(fool, "Qh4+", "d8h4");
	expect_read(fool, "Qh4", "d8h4");
	expect_read(fool, "Dh4#!!", "d8h4");
	/* Back-rank mate with a rook; a discovered check. */
	expect_write("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#");
	expect_write("4k3/8/8/8/8/4N3/8/4R1K1 w - - 0 1", "e3d5", "Nd5+");
}
END_TEST

START_TEST(test_danish)
{
	expect_read(FEN_STARTPOS, "Sf3", "g1f3");
	expect_read(FEN_STARTPOS, "Sc3", "b1c3");
	expect_read(open_game, "Lc4", "f1c4");
	expect_read(open_game, "Lb5", "f1b5");
	expect_read(open_game, "Dh5", "d1h5");
	expect_read(open_game, "Dg4", "d1g4");
	expect_read(open_game, "Ke2", "e1e2");
	expect_read(open_game, "Se2", "g1e2");
	expect_read("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 2", "Tg1",
	            "h1g1");
	expect_read(promo, "e8=D", "e7e8q");
	expect_read(promo, "e8D", "e7e8q");
	expect_read(promo, "e8=T", "e7e8r");
	expect_read(promo, "e8=L", "e7e8b");
	expect_read(promo, "e8S", "e7e8n");
	/* The English letters still work, and a small b is a file. */
	expect_read(open_game, "Bc4", "f1c4");
	expect_read(open_game, "Qh5", "d1h5");
	expect_read(open_game, "Nf3", "g1f3");
	expect_read(FEN_STARTPOS, "b4", "b2b4");
	const char *bxc3 = "rnbqkbnr/pppp1ppp/8/8/8/2p5/PP1PPPPP/RNBQKBNR w KQkq - 0 3";
	expect_read(bxc3, "bxc3", "b2c3");
	expect_read(bxc3, "Nxc3", "b1c3");
	expect_fail(bxc3, "Bxc3", CC_ERR_ILLEGAL, "no bishop can move to c3");
	expect_fail(bxc3, "Lxc3", CC_ERR_ILLEGAL, "no bishop can move to c3");
}
END_TEST

START_TEST(test_castling)
{
	const char *both = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
	expect_read(both, "O-O", "e1g1");
	expect_read(both, "0-0", "e1g1");
	expect_read(both, "o-o", "e1g1");
	expect_read(both, "O-O-O", "e1c1");
	expect_read(both, "0-0-0", "e1c1");
	expect_read(both, "O-O+", "e1g1");
	expect_read("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", "O-O-O", "e8c8");
	expect_write(both, "e1g1", "O-O");
	expect_write("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1", "e8g8", "O-O");
	expect_fail(FEN_STARTPOS, "O-O", CC_ERR_ILLEGAL, "castling is blocked: f1");
	expect_fail(FEN_STARTPOS, "O-O-O", CC_ERR_ILLEGAL, "castling is blocked: b1");
	expect_fail("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w kq - 0 1", "O-O", CC_ERR_ILLEGAL,
	            "castling is not allowed");
	expect_fail("4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "O-O", CC_ERR_ILLEGAL,
	            "cannot castle through check");
	expect_fail("4k3/8/8/8/8/8/8/5K1R w - - 0 1", "O-O", CC_ERR_ILLEGAL, "the king has moved");
	expect_fail(both, "Kg1", CC_ERR_ILLEGAL, "castling is written O-O or O-O-O");
	expect_fail(both, "O-O-O-O", CC_ERR_MALFORMED, "O-O-O-O");
}
END_TEST

START_TEST(test_en_passant_and_promotion)
{
	const char *ep = "rnbqkbnr/pp2pppp/8/1Pp5/3p4/8/P1PPPPPP/RNBQKBNR w KQkq c6 0 4";
	expect_write(ep, "b5c6", "bxc6");
	expect_read(ep, "bxc6", "b5c6");
	expect_read(ep, "bxc6 e.p.", "b5c6");
	expect_read(ep, "bxc6e.p.", "b5c6");
	expect_read(ep, "bc6", "b5c6");
	expect_read(ep, "b5c6", "b5c6");
	expect_read(ep, "b6", "b5b6");
	expect_fail(ep, "c6", CC_ERR_ILLEGAL, "the pawn on c2 cannot reach c6");
	/* Under-promotions, with and without capture. */
	expect_write(promo, "e7e8n", "e8=N");
	expect_write(promo, "e7e8b", "e8=B");
	expect_write(promo, "e7e8r", "e8=R");
	expect_write(promo, "e7e8q", "e8=Q");
	expect_write("6K1/8/8/8/8/8/5p2/k7 b - - 0 1", "f2f1b", "f1=B");
	const char *capt = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
	expect_write(capt, "a7b8r", "axb8=R+");
	expect_write(capt, "a7b8n", "axb8=N");
	expect_write(capt, "a7a8q", "a8=Q");
	expect_read(capt, "axb8=N", "a7b8n");
	expect_read(capt, "axb8N", "a7b8n");
	expect_read(capt, "ab8=q", "a7b8q");
	expect_read(capt, "a8=R+", "a7a8r");
	expect_fail(capt, "b8=Q", CC_ERR_ILLEGAL, "no pawn on the b-file");
	expect_fail(capt, "axb8", CC_ERR_ILLEGAL, "promotion piece missing");
	expect_fail(promo, "e8", CC_ERR_ILLEGAL, "promotion piece missing");
	expect_fail(promo, "e8=K", CC_ERR_ILLEGAL, "a pawn promotes to a queen");
	expect_fail(FEN_STARTPOS, "e4=Q", CC_ERR_ILLEGAL, "not a promotion");
}
END_TEST

START_TEST(test_tolerance)
{
	expect_read(FEN_STARTPOS, "Nf3!?", "g1f3");
	expect_read(FEN_STARTPOS, "e4!", "e2e4");
	expect_read(FEN_STARTPOS, "Nf3?", "g1f3");
	expect_read(FEN_STARTPOS, " Nf3 ", "g1f3");
	expect_read(FEN_STARTPOS, "Ng1f3", "g1f3");
	expect_read(FEN_STARTPOS, "Ngf3", "g1f3");
	expect_read(FEN_STARTPOS, "N1f3", "g1f3");
	expect_read(FEN_STARTPOS, "Ng1-f3", "g1f3");
	expect_read(FEN_STARTPOS, "e2e4", "e2e4");
	expect_read(FEN_STARTPOS, "e2-e4", "e2e4");
	expect_read(FEN_STARTPOS, "Pe4", "e2e4");
	/* A missing x, when the move is still clear. */
	const char *cap = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
	expect_read(cap, "exd5", "e4d5");
	expect_read(cap, "ed5", "e4d5");
	expect_read(cap, "e:d5", "e4d5");
	expect_read(cap, "xd5", "e4d5");
	expect_read(cap, "e5", "e4e5");
	expect_read("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 2", "Ne5",
	            "f3e5");
	/* A pawn without a file moves straight: "d5" is not exd5. */
	expect_fail(cap, "d5", CC_ERR_ILLEGAL, "the pawn on d2 cannot reach d5");
	/* A stray x is refused. */
	expect_fail(FEN_STARTPOS, "Nxf3", CC_ERR_ILLEGAL, "there is nothing to capture on f3");
	expect_fail(three_queens, "Qc1xb2", CC_ERR_ILLEGAL, "nothing to capture");
}
END_TEST

START_TEST(test_malformed)
{
	static const char *const bad[] = {"e9",   "Zf3", "N",    "Nf",   "e8=X", "Ke8=Q",  "xx",
	                                  "Nf3f", "i4",  "Ni3",  "e0",   "e8=",  "N3",     "Nbcd2",
	                                  "E4",   "e4x", "f3N3", "O-O-", "-",    "Rb1b2b3"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		expect_fail(FEN_STARTPOS, bad[i], CC_ERR_MALFORMED, bad[i]);
	expect_fail(FEN_STARTPOS, "e9", CC_ERR_MALFORMED, "no rank 9");
	expect_fail(FEN_STARTPOS, "Zf3", CC_ERR_MALFORMED, "not a piece letter");
	expect_fail(FEN_STARTPOS, "Ke8=Q", CC_ERR_MALFORMED, "only a pawn can promote");
	expect_fail(FEN_STARTPOS, "", CC_ERR_MALFORMED, "no move given");
	expect_fail(FEN_STARTPOS, "+!", CC_ERR_MALFORMED, "no move given");
	expect_fail(FEN_STARTPOS, NULL, CC_ERR_MALFORMED, "no move given");
	expect_fail(FEN_STARTPOS, "Nf3 Nf6 Nc3 Nc6 Bb5 a6 Ba4", CC_ERR_MALFORMED, "too long");
}
END_TEST

START_TEST(test_illegal)
{
	expect_fail(FEN_STARTPOS, "Nf4", CC_ERR_ILLEGAL, "no knight can move to f4");
	expect_fail(FEN_STARTPOS, "e5", CC_ERR_ILLEGAL, "that piece cannot move there");
	expect_fail(FEN_STARTPOS, "Ke2", CC_ERR_ILLEGAL, "your own pawn stands on e2");
	expect_fail(FEN_STARTPOS, "Qd3", CC_ERR_ILLEGAL, "cannot move there");
	expect_fail(FEN_STARTPOS, "Nbd2", CC_ERR_ILLEGAL, "your own pawn stands on d2");
	expect_fail(FEN_STARTPOS, "Nc3d5", CC_ERR_ILLEGAL, "no knight on c3 can move to d5");
	expect_fail(FEN_STARTPOS, "R5a3", CC_ERR_ILLEGAL, "no rook on rank 5 can move to a3");
	expect_fail(FEN_STARTPOS, "Bxc6", CC_ERR_ILLEGAL, "no bishop can move to c6");
	/* In check, only answers to the check are legal. */
	expect_fail("4k3/4r3/8/8/8/8/8/R3K3 w Q - 0 1", "Rb1", CC_ERR_ILLEGAL,
	            "leaves the king in check");
	position pos;
	char buf[SAN_MAX] = "x";
	tu_load(&pos, FEN_STARTPOS);
	ck_assert_int_eq(san_write(&pos, MOVE_MAKE(SQ(4, 1), SQ(4, 4), MOVE_QUIET), buf),
	                 CC_ERR_ILLEGAL);
	ck_assert_str_eq(buf, "");
	ck_assert_int_eq(san_write(&pos, MOVE_NONE, buf), CC_ERR_ILLEGAL);
}
END_TEST

/* The SAN text with English piece letters turned Danish. */
static void to_danish(char *s)
{
	for (; *s; s++)
		switch (*s) {
		case 'Q':
			*s = 'D';
			break;
		case 'R':
			*s = 'T';
			break;
		case 'B':
			*s = 'L';
			break;
		case 'N':
			*s = 'S';
			break;
		default:
			break;
		}
}

/* Every legal move, two plies deep from each perft position: its SAN is
 * unique among the position's moves and reads back to the same move, in
 * English and in Danish. */
static void san_roundtrip(const position *pos, const move *list, int n, const char *fen, void *ctx)
{
	size_t *marks = ctx;
	char sans[MAX_MOVES][SAN_MAX];
	for (int j = 0; j < n; j++) {
		char err[256], dk[SAN_MAX];
		move back;
		ck_assert_int_eq(san_write(pos, list[j], sans[j]), CC_OK);
		int rc = san_parse(pos, sans[j], &back, err, sizeof err);
		ck_assert_msg(rc == CC_OK && back == list[j], "%s in %s: %s", sans[j], fen, err);
		strcpy(dk, sans[j]);
		to_danish(dk);
		rc = san_parse(pos, dk, &back, err, sizeof err);
		ck_assert_msg(rc == CC_OK && back == list[j], "%s in %s: %s", dk, fen, err);
		for (int k = 0; k < j; k++)
			ck_assert_msg(strcmp(sans[k], sans[j]) != 0, "%s twice in %s", sans[j],
			              fen);
		*marks += strpbrk(sans[j], "+#") != NULL;
	}
}

START_TEST(test_roundtrip)
{
	size_t marks = 0;
	ck_assert_uint_gt(tu_each_position(san_roundtrip, &marks), 6000);
	ck_assert_uint_gt(marks, 100);
}
END_TEST

TU_MAIN("san", 60, test_vectors, test_disambiguation, test_ambiguous_lists, test_pinned, test_marks,
        test_danish, test_castling, test_en_passant_and_promotion, test_tolerance, test_malformed,
        test_illegal, test_roundtrip)
