/* check_game.c: game endings (FIDE 5) and draw claims (FIDE 9.2, 9.3). */
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/game.h"
#include "chess/movegen.h"
#include "chess_testutil.h"
#include "notation/uci.h"
#include "testutil.h"
#include "util/status.h"

static game *new_game(const char *fen)
{
	position pos;
	tu_load(&pos, fen);
	game *g = game_new(&pos);
	ck_assert_ptr_nonnull(g);
	return g;
}

/* The legal move with UCI text `uci` in the game's position. */
static move uci_move(const game *g, const char *uci)
{
	char err[256];
	move m;
	ck_assert_msg(uci_parse(game_position(g), uci, &m, err, sizeof err) == CC_OK, "%s: %s", uci,
	              err);
	return m;
}

/* Plays the blank-separated UCI moves of `line`. */
static void play_line(game *g, const char *line)
{
	char buf[512], err[256];
	strncpy(buf, line, sizeof buf - 1);
	buf[sizeof buf - 1] = '\0';
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
		int rc = game_play(g, uci_move(g, tok), err, sizeof err);
		ck_assert_msg(rc == CC_OK, "%s: %s", tok, err);
	}
}

START_TEST(test_status)
{
	static const struct {
		const char *fen;
		enum game_state want;
	} cases[] = {
	        {FEN_STARTPOS, GAME_ONGOING},
	        {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", GAME_CHECKMATE},
	        {"6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1", GAME_ONGOING},
	        {"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", GAME_CHECKMATE},
	        {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", GAME_STALEMATE},
	        {"k7/P7/K7/8/8/8/8/8 b - - 0 1", GAME_STALEMATE},
	        {"R3k3/8/8/8/8/8/8/4K3 b - - 0 1", GAME_ONGOING}, /* check, not mate */
	        {"8/8/4k3/8/8/4K3/8/8 w - - 0 1", GAME_DEAD_POSITION},
	        /* Mate beats "few pieces": K+B+N can mate. */
	        {"7k/8/8/8/8/8/8/KBN5 w - - 0 1", GAME_ONGOING},
	        {"7k/8/5BKN/8/8/8/8/8 b - - 0 1", GAME_CHECKMATE},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		position pos;
		tu_load(&pos, cases[i].fen);
		enum game_state got = game_status(&pos);
		ck_assert_msg(got == cases[i].want, "%s: %s, want %s", cases[i].fen,
		              game_state_name(got), game_state_name(cases[i].want));
	}
	ck_assert_str_eq(game_state_name(GAME_ONGOING), "ongoing");
	ck_assert_str_eq(game_state_name(GAME_CHECKMATE), "checkmate");
	ck_assert_str_eq(game_state_name(GAME_STALEMATE), "stalemate");
	ck_assert_str_eq(game_state_name(GAME_DEAD_POSITION), "dead position");
	ck_assert_str_eq(game_state_name((enum game_state)99), "unknown");
}
END_TEST

START_TEST(test_dead_positions)
{
	static const struct {
		const char *fen;
		bool dead;
	} cases[] = {
	        {"8/8/4k3/8/8/4K3/8/8 w - - 0 1", true},        /* K v K */
	        {"8/8/4k3/8/8/4K3/8/5B2 w - - 0 1", true},      /* K+B v K */
	        {"8/8/4k3/8/2b5/4K3/8/8 w - - 0 1", true},      /* K v K+B */
	        {"8/8/4k3/8/8/4K3/8/5N2 b - - 0 1", true},      /* K+N v K */
	        {"2b5/8/4k3/8/8/4K3/8/5B2 w - - 0 1", true},    /* K+B v K+B, both light */
	        {"5b2/8/4k3/8/8/4K3/8/2B5 w - - 0 1", true},    /* K+B v K+B, both dark */
	        {"8/8/4k3/8/8/3BK3/8/5B2 w - - 0 1", true},     /* K+B+B v K, both light */
	        {"2b5/1b6/4k3/8/8/3BK3/8/5B2 w - - 0 1", true}, /* four light bishops */
	        {"1b6/b7/4k3/8/8/3BK3/8/5B2 w - - 0 1", false}, /* two dark, two light */
	        {"5b2/8/4k3/8/8/4K3/8/5B2 w - - 0 1", false},   /* opposite colours */
	        {"8/8/4k3/8/8/4K3/8/2B2B2 w - - 0 1", false},   /* K+B+B, both colours */
	        {"8/8/4k3/8/8/4K3/8/1N3N2 w - - 0 1", false},   /* K+N+N v K */
	        {"1n6/8/4k3/8/8/4K3/8/5N2 w - - 0 1", false},   /* K+N v K+N */
	        {"1n6/8/4k3/8/8/4K3/8/5B2 w - - 0 1", false},   /* K+B v K+N */
	        {"8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", false},     /* K+P v K */
	        {"8/8/4k3/8/8/4K3/8/7R w - - 0 1", false},      /* K+R v K */
	        {"8/8/4k3/8/8/4K3/8/7q w - - 0 1", false},      /* K v K+Q */
	        {FEN_STARTPOS, false},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		position pos;
		tu_load(&pos, cases[i].fen);
		ck_assert_msg(game_is_dead_position(&pos) == cases[i].dead, "%s", cases[i].fen);
		if (cases[i].dead)
			ck_assert_int_eq(game_status(&pos), GAME_DEAD_POSITION);
	}
}
END_TEST

START_TEST(test_play)
{
	char err[256];
	game *g = new_game(FEN_STARTPOS);
	ck_assert_uint_eq(game_ply_count(g), 0);
	ck_assert_int_eq(game_move_at(g, 0), MOVE_NONE);
	play_line(g, "e2e4 e7e5 g1f3");
	ck_assert_uint_eq(game_ply_count(g), 3);
	ck_assert_int_eq(game_move_at(g, 1), MOVE_MAKE(SQ(4, 6), SQ(4, 4), MOVE_DOUBLE_PUSH));
	ck_assert_int_eq(game_move_at(g, 3), MOVE_NONE);
	ck_assert_int_eq(game_position(g)->side, BLACK);
	ck_assert_int_eq(game_position(g)->fullmove, 2);
	ck_assert_int_eq(game_start_position(g)->fullmove, 1);
	ck_assert_int_eq(game_ending(g), GAME_ONGOING);
	/* An illegal move changes nothing. */
	uint64_t key = game_position(g)->key;
	ck_assert_int_eq(game_play(g, MOVE_MAKE(SQ(4, 4), SQ(4, 3), MOVE_QUIET), err, sizeof err),
	                 CC_ERR_ILLEGAL);
	ck_assert_ptr_nonnull(strstr(err, "e5e4 is not a legal move"));
	ck_assert_int_eq(game_play(g, MOVE_NONE, err, sizeof err), CC_ERR_ILLEGAL);
	ck_assert_uint_eq(game_ply_count(g), 3);
	ck_assert_uint_eq(game_position(g)->key, key);
	game_free(g);
	game_free(NULL);
}
END_TEST

/* game_legal_moves(): the moves of the position now, kept until the next
 * move; game_play() checks against the same list. */
START_TEST(test_legal_moves)
{
	char err[256];
	const move *list;
	game *g = new_game(FEN_STARTPOS);
	ck_assert_int_eq(game_legal_moves(g, &list), 20);
	const move *again;
	ck_assert_int_eq(game_legal_moves(g, &again), 20);
	ck_assert_ptr_eq(list, again);
	move e4 = MOVE_NONE;
	for (int i = 0; i < 20; i++)
		if (list[i] == MOVE_MAKE(SQ(4, 1), SQ(4, 3), MOVE_DOUBLE_PUSH))
			e4 = list[i];
	ck_assert_int_ne(e4, MOVE_NONE);
	ck_assert_int_eq(game_play(g, e4, err, sizeof err), CC_OK);
	/* After the move the list is the opponent's. */
	ck_assert_int_eq(game_legal_moves(g, &list), 20);
	ck_assert_int_eq(game_play(g, e4, err, sizeof err), CC_ERR_ILLEGAL);
	play_line(g, "f7f6 d2d4 g7g5");
	move fresh[MAX_MOVES];
	int n = movegen_legal(game_position(g), fresh);
	ck_assert_int_eq(game_legal_moves(g, &list), n);
	ck_assert(memcmp(list, fresh, (size_t)n * sizeof *fresh) == 0);
	ck_assert_int_eq(game_play(g, MOVE_MAKE(SQ(3, 0), SQ(7, 4), MOVE_QUIET), err, sizeof err),
	                 CC_OK); /* Qh5# */
	ck_assert_int_eq(game_legal_moves(g, &list), 0);
	ck_assert_int_eq(game_ending(g), GAME_CHECKMATE);
	game_free(g);
}
END_TEST

START_TEST(test_game_over)
{
	char err[256];
	/* Fool's mate. */
	game *g = new_game(FEN_STARTPOS);
	play_line(g, "f2f3 e7e5 g2g4 d8h4");
	ck_assert_int_eq(game_ending(g), GAME_CHECKMATE);
	ck_assert_int_eq(game_play(g, MOVE_MAKE(SQ(4, 0), SQ(5, 1), MOVE_QUIET), err, sizeof err),
	                 CC_ERR_ILLEGAL);
	ck_assert_ptr_nonnull(strstr(err, "the game is over: checkmate"));
	game_free(g);
	/* Stalemate. */
	g = new_game("7k/5Q2/8/6K1/8/8/8/8 w - - 0 1");
	play_line(g, "g5g6");
	ck_assert_int_eq(game_ending(g), GAME_STALEMATE);
	game_free(g);
	/* FIDE 5.2.2: the capture that leaves K v K ends the game at once. */
	g = new_game("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
	play_line(g, "e1d2");
	ck_assert_int_eq(game_ending(g), GAME_DEAD_POSITION);
	ck_assert_int_eq(game_play(g, uci_move(g, "e8e7"), err, sizeof err), CC_ERR_ILLEGAL);
	ck_assert_ptr_nonnull(strstr(err, "the game is over: dead position"));
	ck_assert_uint_eq(game_ply_count(g), 1);
	game_free(g);
}
END_TEST

START_TEST(test_threefold)
{
	static const char *const line[8] = {"g1f3", "g8f6", "f3g1", "f6g8",
	                                    "g1f3", "g8f6", "f3g1", "f6g8"};
	static const int count_after[8] = {1, 1, 1, 2, 2, 2, 2, 3};
	game *g = new_game(FEN_STARTPOS);
	ck_assert_int_eq(game_repetitions(g, MOVE_NONE), 1);
	for (int i = 0; i < 8; i++) {
		if (i == 7) {
			/* FIDE 9.2.1.1: claimable with the move that repeats. */
			move ng8 = uci_move(g, "f6g8");
			ck_assert_int_eq(game_repetitions(g, ng8), 3);
			ck_assert(game_can_claim_threefold(g, ng8));
			ck_assert(!game_can_claim_threefold(g, MOVE_NONE));
			ck_assert(!game_can_claim_threefold(g, uci_move(g, "b8c6")));
		}
		play_line(g, line[i]);
		ck_assert_int_eq(game_repetitions(g, MOVE_NONE), count_after[i]);
		ck_assert_int_eq(game_can_claim_threefold(g, MOVE_NONE), count_after[i] >= 3);
	}
	/* FIDE 9.2.1.2: on the board, before any move. */
	ck_assert(game_can_claim_threefold(g, MOVE_NONE));
	/* An illegal intended move is no claim. */
	move bad = MOVE_MAKE(SQ(4, 1), SQ(4, 4), MOVE_QUIET);
	ck_assert_int_eq(game_repetitions(g, bad), CC_ERR_ILLEGAL);
	ck_assert(!game_can_claim_threefold(g, bad));
	game_free(g);
}
END_TEST

/* FIDE 9.2.3: lost castling rights make the same placement a different
 * position. */
START_TEST(test_threefold_castling_rights)
{
	game *g = new_game("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	uint64_t start_key = game_repetition_key(game_position(g));
	play_line(g, "e1e2 e8e7 e2e1 e7e8");
	/* Same placement, same side to move, but no castling rights now. */
	ck_assert(memcmp(game_position(g)->board, game_start_position(g)->board, 64) == 0);
	ck_assert(game_repetition_key(game_position(g)) != start_key);
	ck_assert_int_eq(game_repetitions(g, MOVE_NONE), 1);
	play_line(g, "e1e2 e8e7 e2e1 e7e8");
	/* The placement has stood there three times, the position twice. */
	ck_assert_int_eq(game_repetitions(g, MOVE_NONE), 2);
	ck_assert(!game_can_claim_threefold(g, MOVE_NONE));
	/* After 1.Ke2 Black still could castle; after 5.Ke2 he cannot. */
	ck_assert_int_eq(game_repetitions(g, uci_move(g, "e1e2")), 2);
	play_line(g, "e1e2 e8e7 e2e1");
	ck_assert(game_can_claim_threefold(g, uci_move(g, "e7e8")));
	play_line(g, "e7e8");
	ck_assert_int_eq(game_repetitions(g, MOVE_NONE), 3);
	ck_assert(game_can_claim_threefold(g, MOVE_NONE));
	game_free(g);
}
END_TEST

/* FIDE 9.2.3: a double step beside an enemy pawn changes the position
 * only when the e.p. capture is really possible; here the e5 pawn is
 * pinned by the rook on e8, so 1...d5 makes no e.p. possibility. */
START_TEST(test_threefold_en_passant)
{
	static const char *const shuffle = "g1f3 g8h8 f3g1 h8g8";
	/* Pinned: the position after 1...d5 counts with the later ones. */
	game *g = new_game("4r1k1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
	play_line(g, "d7d5");
	ck_assert_int_eq(game_position(g)->ep, SQ(3, 5)); /* the e.p. square is set... */
	ck_assert_uint_ne(game_repetition_key(game_position(g)), game_position(g)->key);
	play_line(g, shuffle);
	ck_assert_int_eq(game_repetitions(g, MOVE_NONE), 2); /* ...but does not count */
	play_line(g, shuffle);
	ck_assert_int_eq(game_repetitions(g, MOVE_NONE), 3);
	ck_assert(game_can_claim_threefold(g, MOVE_NONE));
	game_free(g);

	/* Not pinned: exd6 e.p. was possible once, so that position differs. */
	g = new_game("r5k1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
	play_line(g, "d7d5");
	ck_assert_uint_eq(game_repetition_key(game_position(g)), game_position(g)->key);
	play_line(g, shuffle);
	play_line(g, shuffle);
	ck_assert_int_eq(game_repetitions(g, MOVE_NONE), 2);
	ck_assert(!game_can_claim_threefold(g, MOVE_NONE));
	play_line(g, shuffle);
	ck_assert(game_can_claim_threefold(g, MOVE_NONE));
	game_free(g);

	/* The key on its own, from FEN with and without the e.p. square. */
	position with, without;
	tu_load(&with, "4r1k1/8/8/3pP3/8/8/8/4K1N1 w - d6 0 2");
	tu_load(&without, "4r1k1/8/8/3pP3/8/8/8/4K1N1 w - - 0 2");
	ck_assert_int_ne(with.ep, SQ_NONE);
	ck_assert_uint_ne(with.key, without.key);
	ck_assert_uint_eq(game_repetition_key(&with), game_repetition_key(&without));
	tu_load(&with, "r5k1/8/8/3pP3/8/8/8/4K1N1 w - d6 0 2");
	tu_load(&without, "r5k1/8/8/3pP3/8/8/8/4K1N1 w - - 0 2");
	ck_assert_uint_ne(game_repetition_key(&with), game_repetition_key(&without));
}
END_TEST

START_TEST(test_fifty_moves)
{
	char err[256];
	game *g = new_game("4k3/8/8/n7/8/8/4P3/R3K3 w Q - 99 80");
	ck_assert(!game_can_claim_fifty(g, MOVE_NONE));
	/* FIDE 9.3.1: with the move that completes the fifty... */
	ck_assert(game_can_claim_fifty(g, uci_move(g, "a1b1")));
	ck_assert(game_can_claim_fifty(g, uci_move(g, "e1d1")));
	ck_assert(game_can_claim_fifty(g, uci_move(g, "e1c1"))); /* castling too */
	/* ...but a pawn move or a capture starts the count again. */
	ck_assert(!game_can_claim_fifty(g, uci_move(g, "e2e4")));
	ck_assert(!game_can_claim_fifty(g, uci_move(g, "a1a5")));
	ck_assert(!game_can_claim_fifty(g, MOVE_MAKE(SQ(0, 0), SQ(7, 7), MOVE_QUIET)));
	play_line(g, "a1b1");
	/* FIDE 9.3.2: the opponent may now claim on the board. */
	ck_assert(game_can_claim_fifty(g, MOVE_NONE));
	ck_assert(game_can_claim_fifty(g, uci_move(g, "e8d8")));
	ck_assert_int_eq(game_play(g, uci_move(g, "e8d8"), err, sizeof err), CC_OK);
	play_line(g, "e2e3");
	ck_assert(!game_can_claim_fifty(g, MOVE_NONE));
	game_free(g);

	g = new_game("4k3/8/8/8/8/8/4P3/R3K3 w Q - 100 80");
	ck_assert(game_can_claim_fifty(g, MOVE_NONE));
	game_free(g);

	/* The clock counts plies played in the game, too. */
	g = new_game(FEN_STARTPOS);
	static const char *const knights[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
	for (int i = 0; i < 99; i++)
		play_line(g, knights[i % 4]);
	ck_assert(!game_can_claim_fifty(g, MOVE_NONE));
	ck_assert(game_can_claim_fifty(g, uci_move(g, knights[99 % 4])));
	play_line(g, knights[99 % 4]);
	ck_assert(game_can_claim_fifty(g, MOVE_NONE));
	game_free(g);
}
END_TEST

START_TEST(test_max_plies)
{
	char err[256];
	static const char *const knights[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};
	game *g = new_game(FEN_STARTPOS);
	for (int i = 0; i < GAME_MAX_PLIES; i++)
		ck_assert_int_eq(game_play(g, uci_move(g, knights[i % 4]), err, sizeof err), CC_OK);
	ck_assert_uint_eq(game_ply_count(g), GAME_MAX_PLIES);
	ck_assert_int_eq(game_play(g, uci_move(g, knights[0]), err, sizeof err), CC_ERR_RANGE);
	ck_assert_uint_eq(game_ply_count(g), GAME_MAX_PLIES);
	/* The start position has come back after every fourth ply. */
	ck_assert_int_eq(game_repetitions(g, MOVE_NONE), GAME_MAX_PLIES / 4 + 1);
	ck_assert_int_eq(game_move_at(g, GAME_MAX_PLIES - 1), game_move_at(g, 3));
	game_free(g);
}
END_TEST

TU_MAIN("game", 60, test_status, test_dead_positions, test_play, test_legal_moves, test_game_over,
        test_threefold, test_threefold_castling_rights, test_threefold_en_passant, test_fifty_moves,
        test_max_plies)
