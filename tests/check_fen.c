/* check_fen.c: FEN read/write, round trips and the impossible positions
 * it must refuse with a reason. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/position.h"
#include "chess_testutil.h"
#include "testutil.h"
#include "util/status.h"

/* Besides the perft positions (tu_perft_fens): an e.p. square after a
 * double step of either side, and large counters. */
static const char *const more_round_trips[] = {
        "rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w KQkq c6 0 3",
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 40",
        "8/8/8/8/8/8/8/K6k b - - 99 9999",
};
#define NROUND_TRIPS (TU_PERFT_FENS + sizeof more_round_trips / sizeof more_round_trips[0])

START_TEST(test_round_trip)
{
	const char *fen =
	        _i < TU_PERFT_FENS ? tu_perft_fens[_i] : more_round_trips[_i - TU_PERFT_FENS];
	position pos;
	char err[256], out[FEN_MAX];
	ck_assert_msg(fen_parse(&pos, fen, err, sizeof err) == CC_OK, "%s", err);
	fen_write(&pos, out, sizeof out);
	ck_assert_str_eq(out, fen);
	ck_assert(position_is_consistent(&pos));
}
END_TEST

START_TEST(test_startpos_word)
{
	position a, b;
	char err[256];
	ck_assert_int_eq(fen_parse(&a, "startpos", err, sizeof err), CC_OK);
	position_startpos(&b);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	/* fen_parse() copies the start position for FEN_STARTPOS; parsed
	 * (here without its counters, or with a space before it) the text
	 * gives the same position. */
	ck_assert_int_eq(fen_parse(&a, FEN_STARTPOS, err, sizeof err), CC_OK);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	ck_assert_int_eq(fen_parse(&a, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", err,
	                           sizeof err),
	                 CC_OK);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
	ck_assert_int_eq(fen_parse(&a, " " FEN_STARTPOS, err, sizeof err), CC_OK);
	ck_assert(memcmp(&a, &b, sizeof a) == 0);
}
END_TEST

START_TEST(test_optional_counters)
{
	position pos;
	char err[256], out[FEN_MAX];
	ck_assert_int_eq(fen_parse(&pos, "4k3/8/8/8/8/8/8/4K3 w", err, sizeof err), CC_OK);
	fen_write(&pos, out, sizeof out);
	ck_assert_str_eq(out, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
	ck_assert_int_eq(fen_parse(&pos, "  4k3/8/8/8/8/8/8/4K3 b - - 3 7  ", err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(pos.halfmove, 3);
	ck_assert_int_eq(pos.fullmove, 7);
	/* the counters are written digit by digit: every width, the largest */
	static const unsigned counts[] = {0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 65535};
	for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		char want[FEN_MAX];
		pos.halfmove = (uint16_t)counts[i];
		pos.fullmove = (uint16_t)counts[sizeof counts / sizeof counts[0] - 1 - i];
		snprintf(want, sizeof want, "4k3/8/8/8/8/8/8/4K3 b - - %u %u", counts[i],
		         counts[sizeof counts / sizeof counts[0] - 1 - i]);
		ck_assert_int_eq(fen_write(&pos, out, sizeof out), CC_OK);
		ck_assert_str_eq(out, want);
	}
}
END_TEST

/* Issue 8: fen_write() takes the buffer's length and never writes past
 * it; a buffer one byte short is refused whole. */
START_TEST(test_write_length)
{
	position pos;
	const char *fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
	size_t n = strlen(fen);
	char buf[FEN_MAX + 8];
	ck_assert_int_eq(fen_parse(&pos, fen, NULL, 0), CC_OK);
	memset(buf, 'x', sizeof buf);
	ck_assert_int_eq(fen_write(&pos, buf, n + 1), CC_OK);
	ck_assert_str_eq(buf, fen);
	ck_assert_int_eq(buf[n + 1], 'x');
	memset(buf, 'x', sizeof buf);
	ck_assert_int_eq(fen_write(&pos, buf, n), CC_ERR_NOMEM);
	ck_assert_int_eq(buf[0], '\0');
	for (size_t i = 1; i < sizeof buf; i++)
		ck_assert_int_eq(buf[i], 'x');
	ck_assert_int_eq(fen_write(&pos, buf, 0), CC_ERR_NOMEM);
}
END_TEST

static const struct {
	const char *fen;
	int status;
	const char *reason; /* a part of the message */
} bad[] = {
        {"", CC_ERR_MALFORMED, "8 ranks"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", CC_ERR_MALFORMED, "8 ranks"},
        {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CC_ERR_MALFORMED,
         "not a piece"},
        {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CC_ERR_MALFORMED,
         "more than 8"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", CC_ERR_MALFORMED, "'X'"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", CC_ERR_MALFORMED,
         "side to move"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", CC_ERR_MALFORMED, "castling"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", CC_ERR_MALFORMED, "twice"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", CC_ERR_MALFORMED,
         "en-passant"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", CC_ERR_MALFORMED, "halfmove"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", CC_ERR_INVALID, "fullmove"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", CC_ERR_MALFORMED, "end"},
        {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", CC_ERR_INVALID,
         "black has 0 kings"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", CC_ERR_INVALID,
         "white has 2 kings"},
        {"Pnbqkbnr/pppppppp/8/8/8/8/1PPPPPPP/RNBQKBNR w KQk - 0 1", CC_ERR_INVALID,
         "first or eighth"},
        {"4k3/8/8/8/8/8/8/4K2p w - - 0 1", CC_ERR_INVALID, "first or eighth"},
        {"4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", CC_ERR_INVALID, "not to move (black) is in check"},
        {"4k3/8/8/8/8/8/8/4K3 w K - 0 1", CC_ERR_INVALID, "castling right K"},
        {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", CC_ERR_INVALID,
         "castling right k"},
        {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", CC_ERR_INVALID, "double step"},
        {"4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", CC_ERR_INVALID, "double step"},
        {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", CC_ERR_INVALID, "9 pawns"},
        {"4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1", CC_ERR_INVALID, "promoted"},
        {"7k/8/8/4r3/1b6/5n2/8/4K3 w - - 0 1", CC_ERR_INVALID, "more than two"},
};

START_TEST(test_rejects)
{
	position pos;
	char err[256] = "";
	int rc = fen_parse(&pos, bad[_i].fen, err, sizeof err);
	ck_assert_msg(rc == bad[_i].status, "\"%s\": status %d (%s), want %d", bad[_i].fen, rc, err,
	              bad[_i].status);
	ck_assert_msg(strstr(err, bad[_i].reason) != NULL, "\"%s\": message \"%s\" lacks \"%s\"",
	              bad[_i].fen, err, bad[_i].reason);
}
END_TEST

START_TEST(test_null_and_long_input)
{
	position pos;
	char err[256];
	ck_assert_int_eq(fen_parse(&pos, NULL, err, sizeof err), CC_ERR_MALFORMED);
	char big[2000];
	memset(big, '1', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	ck_assert_int_eq(fen_parse(&pos, big, err, sizeof err), CC_ERR_MALFORMED);
	/* a tiny message buffer is respected */
	char tiny[8];
	ck_assert_int_eq(fen_parse(&pos, "x", tiny, sizeof tiny), CC_ERR_MALFORMED);
	ck_assert_int_lt(strlen(tiny), sizeof tiny);
}
END_TEST

START_TEST(test_key_matches_after_moves)
{
	/* the same position reached two ways has the same key */
	position a, b;
	char err[256];
	ck_assert_int_eq(fen_parse(&a,
	                           "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
	                           err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(fen_parse(&b,
	                           "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 6 4",
	                           err, sizeof err),
	                 CC_OK);
	ck_assert(a.key == b.key);
	ck_assert_int_eq(fen_parse(&b,
	                           "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w Qkq - 2 2",
	                           err, sizeof err),
	                 CC_OK);
	ck_assert(a.key != b.key);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fen");
	TCase *tc = tu_case(s, "fen", 0);
	tcase_add_loop_test(tc, test_round_trip, 0, (int)NROUND_TRIPS);
	TU_ADD(tc, test_startpos_word, test_optional_counters, test_write_length);
	tcase_add_loop_test(tc, test_rejects, 0, (int)(sizeof bad / sizeof bad[0]));
	TU_ADD(tc, test_null_and_long_input, test_key_matches_after_moves);
	return tu_run(s);
}
