/* check_movegen.c: the move generator against the published perft counts
 * (Chess Programming Wiki "Perft Results"), make/unmake, and the special
 * rules of movement (FIDE 3.7-3.9). */
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "testutil.h"

static const struct {
	const char *name, *fen;
	uint64_t nodes[5]; /* depth 0..4 */
} perft_cases[] = {
        {"start", FEN_STARTPOS, {1, 20, 400, 8902, 197281}},
        {"kiwipete",
         "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
         {1, 48, 2039, 97862, 4085603}},
        {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {1, 14, 191, 2812, 43238}},
        {"position 4",
         "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
         {1, 6, 264, 9467, 422333}},
        {"position 4 mirrored",
         "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
         {1, 6, 264, 9467, 422333}},
        {"position 5",
         "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
         {1, 44, 1486, 62379, 2103487}},
        {"position 6",
         "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
         {1, 46, 2079, 89890, 3894594}},
};
#define NPERFT (int)(sizeof perft_cases / sizeof perft_cases[0])

START_TEST(test_perft_published)
{
	position pos;
	char err[256];
	ck_assert_int_eq(fen_parse(&pos, perft_cases[_i].fen, err, sizeof err), 0);
	position before = pos;
	for (int d = 0; d <= 4; d++) {
		uint64_t got = movegen_perft(&pos, d);
		ck_assert_msg(got == perft_cases[_i].nodes[d], "%s depth %d: got %llu, want %llu",
		              perft_cases[_i].name, d, (unsigned long long)got,
		              (unsigned long long)perft_cases[_i].nodes[d]);
	}
	ck_assert_msg(memcmp(&before, &pos, sizeof pos) == 0, "perft did not restore the position");
}
END_TEST

/* Plays deterministic pseudo-random games; after every move the position
 * must be self-consistent, and undoing must restore it byte for byte. */
START_TEST(test_do_undo_random_games)
{
	uint64_t seed = 12345;
	for (int game = 0; game < 200; game++) {
		position pos;
		position_startpos(&pos);
		for (int ply = 0; ply < 300; ply++) {
			move list[MAX_MOVES];
			int n = movegen_legal(&pos, list);
			if (n == 0)
				break;
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			move m = list[(seed >> 33) % (uint64_t)n];
			position before = pos;
			undo u;
			position_do_move(&pos, m, &u);
			ck_assert(position_is_consistent(&pos));
			position copy = pos;
			position_undo_move(&copy, m, &u);
			ck_assert_msg(memcmp(&before, &copy, sizeof pos) == 0,
			              "undo differs at ply %d", ply);
			/* The side that just moved is never left in check. */
			int mover = pos.side ^ 1;
			int ksq = bb_lsb(pos.by_color[mover] & pos.by_type[KING]);
			ck_assert(!position_attackers(&pos, ksq, pos.side,
			                              pos.by_color[0] | pos.by_color[1]));
			/* The FEN written reads back to the same position. */
			char fen[FEN_MAX], err[256];
			position back;
			fen_write(&pos, fen, sizeof fen);
			ck_assert_msg(fen_parse(&back, fen, err, sizeof err) == 0, "%s: %s", fen,
			              err);
			ck_assert_msg(memcmp(&back, &pos, sizeof pos) == 0, "FEN round trip: %s",
			              fen);
		}
	}
}
END_TEST

static int count_moves(const char *fen)
{
	position pos;
	char err[256];
	ck_assert_msg(fen_parse(&pos, fen, err, sizeof err) == 0, "%s", err);
	move list[MAX_MOVES];
	return movegen_legal(&pos, list);
}

static bool has_move(const char *fen, int from, int to)
{
	position pos;
	char err[256];
	ck_assert_msg(fen_parse(&pos, fen, err, sizeof err) == 0, "%s", err);
	move list[MAX_MOVES];
	int n = movegen_legal(&pos, list);
	for (int i = 0; i < n; i++)
		if (MOVE_FROM(list[i]) == from && MOVE_TO(list[i]) == to)
			return true;
	return false;
}

/* FIDE 3.8(a)(ii): castling not out of, through or into check. */
START_TEST(test_castling_rules)
{
	const char *free = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
	ck_assert(has_move(free, SQ(4, 0), SQ(6, 0)));
	ck_assert(has_move(free, SQ(4, 0), SQ(2, 0)));
	/* out of check: a rook on e8 gives check */
	ck_assert(!has_move("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", SQ(4, 0), SQ(6, 0)));
	/* through check: f1 attacked by a rook on f8 */
	ck_assert(!has_move("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", SQ(4, 0), SQ(6, 0)));
	ck_assert(has_move("5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", SQ(4, 0), SQ(2, 0)));
	/* into check: g1 attacked */
	ck_assert(!has_move("3k2r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", SQ(4, 0), SQ(6, 0)));
	/* b1 attacked does not stop O-O-O; b1 occupied does */
	ck_assert(has_move("1r4k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", SQ(4, 0), SQ(2, 0)));
	ck_assert(!has_move("6k1/8/8/8/8/8/8/RN2K2R w KQ - 0 1", SQ(4, 0), SQ(2, 0)));
	/* no right, no castling */
	ck_assert(!has_move("6k1/8/8/8/8/8/8/R3K2R w Q - 0 1", SQ(4, 0), SQ(6, 0)));
}
END_TEST

/* FIDE 3.7(d): e.p. only right after the double step, and not when it
 * exposes the king (the pinned-pawn and the two-pawns-on-a-rank cases). */
START_TEST(test_en_passant_rules)
{
	/* plain: white pawn e5, black just played d7-d5 */
	ck_assert(has_move("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", SQ(4, 4), SQ(3, 5)));
	/* the rank case: king a5, pawns b5? K on a5, white pawn e5, black
	 * pawn d5 and black rook h5: taking removes both from the rank */
	ck_assert(!has_move("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2", SQ(4, 4), SQ(3, 5)));
	/* the same without the rook: legal */
	ck_assert(has_move("4k3/8/8/K2pP3/8/8/8/8 w - d6 0 2", SQ(4, 4), SQ(3, 5)));
	/* e.p. that resolves a check by the double-stepped pawn */
	ck_assert(has_move("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", SQ(4, 3), SQ(3, 2)));
	/* e.p. square without a capturing pawn is dropped when read */
	position pos;
	char err[256];
	ck_assert_int_eq(fen_parse(&pos,
	                           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
	                           err, sizeof err),
	                 0);
	ck_assert_int_eq(pos.ep, SQ_NONE);
}
END_TEST

START_TEST(test_pinned_ep_diagonal)
{
	/* white pawn e5 pinned on the a1-h8 diagonal by a bishop on h8 */
	const char *fen = "4k2b/8/8/3pP3/8/8/8/K7 w - d6 0 2";
	ck_assert(!has_move(fen, SQ(4, 4), SQ(3, 5)));
	ck_assert(!has_move(fen, SQ(4, 4), SQ(4, 5))); /* the push leaves the line too */
	/* a pawn pinned on a file may still push along it */
	ck_assert(has_move("4r1k1/8/8/8/8/8/4P3/4K3 w - - 0 1", SQ(4, 1), SQ(4, 3)));
	/* a pawn pinned on a diagonal may take the pinner, not push */
	ck_assert(has_move("4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1", SQ(3, 1), SQ(2, 2)));
	ck_assert(!has_move("4k3/8/8/8/8/2b5/3P4/4K3 w - - 0 1", SQ(3, 1), SQ(3, 2)));
}
END_TEST

START_TEST(test_checks_and_endings_counts)
{
	/* mate: no moves, in check */
	ck_assert_int_eq(
	        count_moves("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"), 0);
	position pos;
	char err[256];
	ck_assert_int_eq(fen_parse(&pos,
	                           "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
	                           err, sizeof err),
	                 0);
	ck_assert(position_in_check(&pos));
	/* stalemate: no moves, not in check */
	ck_assert_int_eq(count_moves("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), 0);
	ck_assert_int_eq(fen_parse(&pos, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", err, sizeof err), 0);
	ck_assert(!position_in_check(&pos));
	/* double check (rook a1, knight f3): only the king moves, to e2 or f2 */
	ck_assert_int_eq(count_moves("4k3/8/8/8/8/5n2/8/r3K2R w K - 0 1"), 2);
	/* promotions: four per push */
	ck_assert_int_eq(count_moves("8/4P3/8/8/8/8/k7/6K1 w - - 0 1"), 4 + 5);
}
END_TEST

/* A slider's attacks by walking the rays, to check the magic tables. */
static bitboard walk(int sq, bitboard occ, int rook)
{
	static const int dirs[2][4][2] = {{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}},
	                                  {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
	bitboard a = 0;
	for (int d = 0; d < 4; d++) {
		int f = SQ_FILE(sq), r = SQ_RANK(sq);
		for (;;) {
			f += dirs[rook][d][0];
			r += dirs[rook][d][1];
			if (f < 0 || f > 7 || r < 0 || r > 7)
				break;
			a |= bb_sq(SQ(f, r));
			if (occ & bb_sq(SQ(f, r)))
				break;
		}
	}
	return a;
}

START_TEST(test_magic_tables)
{
	chess_init();
	uint64_t seed = 99;
	for (int sq = 0; sq < 64; sq++)
		for (int i = 0; i < 2000; i++) {
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			bitboard occ = seed & (seed >> 7) & (i & 1 ? ~0ULL : seed << 3);
			ck_assert(attacks_rook(sq, occ) == walk(sq, occ, 1));
			ck_assert(attacks_bishop(sq, occ) == walk(sq, occ, 0));
		}
}
END_TEST

START_TEST(test_is_legal)
{
	position pos;
	position_startpos(&pos);
	ck_assert(movegen_is_legal(&pos, MOVE_MAKE(SQ(4, 1), SQ(4, 3), MOVE_DOUBLE_PUSH)));
	ck_assert(!movegen_is_legal(&pos, MOVE_MAKE(SQ(4, 1), SQ(4, 4), MOVE_QUIET)));
	ck_assert(!movegen_is_legal(&pos, MOVE_NONE));
	ck_assert(!movegen_is_legal(&pos, (move)0xFFFF));
}
END_TEST

int main(void)
{
	Suite *s = suite_create("movegen");
	tcase_add_loop_test(tu_case(s, "perft", 120), test_perft_published, 0, NPERFT);
	TU_ADD(tu_case(s, "rules", 120), test_do_undo_random_games, test_castling_rules,
	       test_en_passant_rules, test_pinned_ep_diagonal, test_checks_and_endings_counts,
	       test_is_legal, test_magic_tables);
	return tu_run(s);
}
