/* check_series.c: conditional move series (DSU 6.2.5, 6.8.4):
 * series_check() and series_follow(), and the 6.2.5 example played
 * through the transcript functions of iccf.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/game.h"
#include "chess_testutil.h"
#include "corr/series.h"
#include "notation/iccf.h"
#include "notation/san.h"
#include "notation/uci.h"
#include "testutil.h"
#include "util/status.h"

/* DSU 6.2.5's example: Black to play his 11th move, with all of 11...a6
 * 12.b5 axb5 13.Rxa8 Bxa8 (or Qxa8) 14.d4 legal. */
static const char *const example_fen = "r2q2k1/pb3ppp/8/8/1P6/8/3P1PPP/R5K1 b - - 0 11";

/* The same after 11...a6 12.b5: Black to move, the series starts here. */
static const char *const after_b5_fen = "r2q2k1/1b3ppp/p7/1P6/8/8/3P1PPP/R5K1 b - - 0 12";

/* Writes the n moves of `moves`, played from pos, as blank-separated UCI
 * into buf (for comparing series in one assertion). */
static void uci_line(const position *pos, const move *moves, size_t n, char *buf, size_t len)
{
	position p = *pos;
	size_t at = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		char u[UCI_MAX];
		undo un;
		uci_write(moves[i], u);
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? " " : "", u);
		ck_assert(at < len);
		position_do_move(&p, moves[i], &un);
	}
}

/* Checks texts[0..n-1] from fen, expecting CC_OK and the moves `want`
 * (blank-separated UCI). */
static void check_ok(const char *fen, const char *const *texts, size_t n, const char *want)
{
	position pos;
	move moves[SERIES_MAX];
	size_t bad = 12345;
	char err[512] = "", got[512];
	tu_load(&pos, fen);
	int rc = series_check(&pos, texts, n, moves, &bad, err, sizeof err);
	ck_assert_msg(rc == CC_OK, "series from %s refused: %s (%s)", fen, err, cc_status_name(rc));
	uci_line(&pos, moves, n, got, sizeof got);
	ck_assert_str_eq(got, want);
}

/* Checks texts[0..n-1] from fen, expecting status `want`, *bad ==
 * want_bad, and each of the NULL-terminated words in the message. */
static void check_refused(const char *fen, const char *const *texts, size_t n, int want,
                          size_t want_bad, const char *const *words)
{
	position pos;
	move moves[SERIES_MAX + 2];
	size_t bad = 12345;
	char err[512] = "";
	tu_load(&pos, fen);
	int rc = series_check(&pos, texts, n, moves, &bad, err, sizeof err);
	ck_assert_msg(rc == want, "series of %zu from %s: got %s (%s), want %s", n, fen,
	              cc_status_name(rc), err, cc_status_name(want));
	ck_assert_msg(bad == want_bad, "series of %zu from %s: *bad = %zu, want %zu (%s)", n, fen,
	              bad, want_bad, err);
	for (const char *const *w = words; w && *w; w++)
		ck_assert_msg(strstr(err, *w) != NULL, "message \"%s\" lacks \"%s\"", err, *w);
}

/* The 6.2.5 series itself, in ICCF as the rules write it. */
START_TEST(test_valid)
{
	static const char *const s[] = {"1625", "1118", "2718", "4244"};
	check_ok(after_b5_fen, s, 4, "a6b5 a1a8 b7a8 d2d4");
	/* The shortest series: one reply and one answer. */
	check_ok(after_b5_fen, s, 2, "a6b5 a1a8");
	/* Blanks around a move are not part of it. */
	static const char *const blanks[] = {" 1625", "1118 "};
	check_ok(after_b5_fen, blanks, 2, "a6b5 a1a8");
}
END_TEST

/* DSU 6.2.5: a series is the opponent's reply and the proposer's answer,
 * in pairs; a wrong count is refused with *bad == n and the count named. */
START_TEST(test_count)
{
	static const char *const s[] = {"1625", "1118", "2718", "4244", "8171"};
	static const char *const got0[] = {"(got 0)", NULL};
	static const char *const got1[] = {"(got 1)", NULL};
	static const char *const got3[] = {"(got 3)", NULL};
	static const char *const got5[] = {"(got 5)", NULL};
	check_refused(after_b5_fen, s, 0, CC_ERR_INVALID, 0, got0);
	check_refused(after_b5_fen, s, 1, CC_ERR_INVALID, 1, got1);
	check_refused(after_b5_fen, s, 3, CC_ERR_INVALID, 3, got3);
	check_refused(after_b5_fen, s, 5, CC_ERR_INVALID, 5, got5);

	/* SERIES_MAX knight moves back and forth after 1.Nf3 are fine; two
	 * more are too many, whatever the moves are. */
	static const char *const cycle[4] = {"Nf6", "Ng1", "Ng8", "Nf3"};
	const char *many[SERIES_MAX + 2];
	for (size_t i = 0; i < SERIES_MAX + 2; i++)
		many[i] = cycle[i % 4];
	const char *after_nf3 = "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1";
	position pos;
	move moves[SERIES_MAX];
	size_t bad = 99;
	char err[512] = "";
	tu_load(&pos, after_nf3);
	ck_assert_msg(series_check(&pos, many, SERIES_MAX, moves, &bad, err, sizeof err) == CC_OK,
	              "%d moves: %s", SERIES_MAX, err);
	char want[64];
	snprintf(want, sizeof want, "(got %d)", SERIES_MAX + 2);
	const char *const too_many[] = {want, NULL};
	check_refused(after_nf3, many, SERIES_MAX + 2, CC_ERR_INVALID, SERIES_MAX + 2, too_many);
	snprintf(want, sizeof want, "(got %d)", SERIES_MAX + 1);
	check_refused(after_nf3, many, SERIES_MAX + 1, CC_ERR_INVALID, SERIES_MAX + 1, too_many);
}
END_TEST

/* A malformed or illegal move at index k refuses the whole series, with
 * *bad == k and the notation's reason (DSU 6.2.2: says which and why). */
START_TEST(test_bad_move)
{
	/* 13...a7b5: the a-pawn left a7 with 12...axb5. */
	static const char *const s2[] = {"1625", "1118", "1725", "4244"};
	static const char *const w2[] = {"series move 3", "1725", "no piece on a7", NULL};
	check_refused(after_b5_fen, s2, 4, CC_ERR_ILLEGAL, 2, w2);
	/* The opponent's first move. */
	static const char *const s0[] = {"Nf6", "1118"};
	static const char *const w0[] = {"series move 1", "Nf6", "knight", NULL};
	check_refused(after_b5_fen, s0, 2, CC_ERR_ILLEGAL, 0, w0);
	/* The proposer's last move: 14.d2d5 is no pawn move. */
	static const char *const s3[] = {"1625", "1118", "2718", "4245"};
	static const char *const w3[] = {"series move 4", "4245", NULL};
	check_refused(after_b5_fen, s3, 4, CC_ERR_ILLEGAL, 3, w3);
	/* 14.Ra1: White's rook was taken on a8. */
	static const char *const s4[] = {"1625", "1118", "2718", "Ra1"};
	static const char *const w4[] = {"series move 4", "Ra1", NULL};
	check_refused(after_b5_fen, s4, 4, CC_ERR_ILLEGAL, 3, w4);
	/* Malformed texts, in each notation. */
	static const char *const m1[] = {"1625", "9118"};
	static const char *const wm1[] = {"series move 2", "9118", NULL};
	check_refused(after_b5_fen, m1, 2, CC_ERR_MALFORMED, 1, wm1);
	static const char *const m2[] = {"Zz9", "1118"};
	static const char *const wm2[] = {"series move 1", "Zz9", NULL};
	check_refused(after_b5_fen, m2, 2, CC_ERR_MALFORMED, 0, wm2);
	static const char *const m3[] = {"1625", ""};
	static const char *const wm3[] = {"series move 2", NULL};
	check_refused(after_b5_fen, m3, 2, CC_ERR_MALFORMED, 1, wm3);
	static const char *const m4[] = {"1625", "1118", "2718", "5758(7)"};
	static const char *const wm4[] = {"series move 4", "5758(7)", NULL};
	check_refused(after_b5_fen, m4, 4, CC_ERR_MALFORMED, 3, wm4);
}
END_TEST

/* DSU 6.2.5: nothing may follow a move that ends the game.  A series that
 * ends with mate or stalemate is fine. */
START_TEST(test_after_the_end)
{
	/* After 1.e4, White proposes the scholar's mate. */
	const char *after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
	static const char *const mate[] = {"e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"};
	check_ok(after_e4, mate, 6, "e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
	static const char *const past_mate[] = {"e5",  "Bc4",   "Nc6",  "Qh5",
	                                        "Nf6", "Qxf7#", "Kxf7", "d3"};
	static const char *const wmate[] = {"series move 7", "checkmate", NULL};
	check_refused(after_e4, past_mate, 8, CC_ERR_ILLEGAL, 6, wmate);

	/* Black Kb8 against Qc5: 1...Ka8 2.Qb6 is stalemate. */
	const char *kq = "1k6/8/8/2Q5/8/8/8/7K b - - 0 1";
	static const char *const stale[] = {"Ka8", "Qb6"};
	check_ok(kq, stale, 2, "b8a8 c5b6");
	static const char *const past_stale[] = {"Ka8", "Qb6", "Kb8", "Kg1"};
	static const char *const wstale[] = {"series move 3", "stalemate", NULL};
	check_refused(kq, past_stale, 4, CC_ERR_ILLEGAL, 2, wstale);

	/* The opponent's reply may end the game too (here he takes the last
	 * pawn: dead position, K+B v K): then the proposer cannot answer. */
	const char *kbp = "8/8/8/8/8/8/2kP4/K6B b - - 0 1";
	static const char *const dead[] = {"Kxd2", "Kb2"};
	static const char *const wdead[] = {"series move 2", "dead position", NULL};
	check_refused(kbp, dead, 2, CC_ERR_ILLEGAL, 1, wdead);
}
END_TEST

/* DSU 6.2.2, 6.2.5: a series may mix the notations: ICCF, SAN with English or
 * Danish piece letters, UCI. */
START_TEST(test_mixed_notations)
{
	static const char *const a[] = {"axb5", "1118", "Lxa8", "d2d4"};
	check_ok(after_b5_fen, a, 4, "a6b5 a1a8 b7a8 d2d4");
	static const char *const b[] = {"a6b5", "Txa8", "Dxa8", "4244"};
	check_ok(after_b5_fen, b, 4, "a6b5 a1a8 d8a8 d2d4");
	static const char *const c[] = {"1625", "Rxa8", "Qxa8", "d4"};
	check_ok(after_b5_fen, c, 4, "a6b5 a1a8 d8a8 d2d4");
}
END_TEST

/* A series through a promotion, in both ICCF forms, SAN and UCI; the
 * promoted piece moves on later in the series. */
START_TEST(test_promotion)
{
	const char *fen = "7k/4P3/8/p7/8/8/8/K7 b - - 0 1";
	static const char *const forms[][4] = {
	        {"Kh7", "5758(1)", "Kh6", "Qe3+"}, {"Kh7", "57581", "Kh6", "Qe3+"},
	        {"Kh7", "e8=Q", "Kh6", "5853"},    {"Kh7", "e8D", "Kh6", "De3"},
	        {"h8h7", "e7e8q", "h7h6", "e8e3"},
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
		check_ok(fen, forms[i], 4, "h8h7 e7e8q h7h6 e8e3");
	/* Under-promotion: e8=N, then the knight moves (the a-pawn keeps
	 * the position alive: K+N v K would be dead, FIDE 5.2.2). */
	static const char *const knight[] = {"Kh7", "5758(4)", "Kg6", "Nd6"};
	check_ok(fen, knight, 4, "h8h7 e7e8n h7g6 e8d6");
	/* The promoted queen covers g6, so 2...Kg6 is illegal after e8=Q but
	 * not after e8=N: the series is checked on the real position. */
	static const char *const queen[] = {"Kh7", "e8=Q", "Kg6", "Qe4+"};
	static const char *const wq[] = {"series move 3", "Kg6", NULL};
	check_refused(fen, queen, 4, CC_ERR_ILLEGAL, 2, wq);
	/* A pawn move to the last rank without the piece. */
	static const char *const missing[] = {"Kh7", "5758"};
	static const char *const wm[] = {"series move 2", "promotion", NULL};
	check_refused(fen, missing, 2, CC_ERR_ILLEGAL, 1, wm);
}
END_TEST

/* series_follow(): the opponent's move matches the head of the series
 * (the proposer's next move comes back) or breaks it off. */
START_TEST(test_follow)
{
	static const char *const s[] = {"1625", "1118", "2718", "4244"};
	position pos;
	move moves[4];
	size_t bad;
	char err[512];
	tu_load(&pos, after_b5_fen);
	ck_assert_int_eq(series_check(&pos, s, 4, moves, &bad, err, sizeof err), CC_OK);

	move reply = MOVE_NONE;
	ck_assert_int_eq(series_follow(moves, 4, moves[0], &reply), SERIES_FOLLOWED);
	ck_assert_uint_eq(reply, moves[1]);
	/* The rest goes on: 13...Bxa8 brings 14.d4. */
	reply = MOVE_NONE;
	ck_assert_int_eq(series_follow(moves + 2, 2, moves[2], &reply), SERIES_FOLLOWED);
	ck_assert_uint_eq(reply, moves[3]);

	/* 12...Qa5 instead of axb5 breaks it off at once. */
	move qa5;
	ck_assert_int_eq(uci_parse(&pos, "d8a5", &qa5, err, sizeof err), CC_OK);
	ck_assert_int_eq(series_follow(moves, 4, qa5, &reply), SERIES_BROKEN);
	/* 13...Qxa8 after 13.Rxa8 breaks off what is left. */
	position q = pos;
	undo u;
	position_do_move(&q, moves[0], &u);
	position_do_move(&q, moves[1], &u);
	move qxa8;
	ck_assert_int_eq(iccf_parse(&q, "4818", &qxa8, err, sizeof err), CC_OK);
	ck_assert_int_eq(series_follow(moves + 2, 2, qxa8, &reply), SERIES_BROKEN);
	/* A series too short to hold an answer is no series. */
	ck_assert_int_eq(series_follow(moves, 1, moves[0], &reply), SERIES_BROKEN);
	ck_assert_int_eq(series_follow(moves, 0, moves[0], &reply), SERIES_BROKEN);
}
END_TEST

/* DSU 6.2.5, the rules' own example end to end: the transcript with the
 * series marker is replayed, the marked tail is the series, Black
 * accepts 12...axb5 (13.Rxa8 follows), breaks off with 13...Qxa8, and his
 * answer is written exactly as notation.json has it. */
START_TEST(test_dsu_example)
{
	json_t *root = tu_vectors("notation.json");
	json_t *v = json_array_get(json_object_get(root, "series"), 0);
	const char *text = json_string_value(json_object_get(v, "transcript"));
	const char *answer = json_string_value(json_object_get(v, "answer_breaking_off"));
	ck_assert_msg(text && answer, "notation.json: series[0] lacks its texts");

	iccf_transcript *t = NULL;
	char err[512] = "";
	ck_assert_msg(iccf_transcript_parse(text, &t, err, sizeof err) == CC_OK, "%s", err);
	size_t n = iccf_transcript_count(t);
	long s = iccf_transcript_series_index(t);
	ck_assert_uint_eq(n, 6);
	ck_assert_int_eq(s, 2);

	position start, end;
	tu_load(&start, example_fen);
	move moves[6];
	size_t bad = 99;
	ck_assert_msg(iccf_transcript_replay(t, &start, moves, &bad, &end, err, sizeof err) ==
	                      CC_OK,
	              "%s", err);

	/* The position the series is proposed in: after 12.b5. */
	position after = start;
	undo u;
	for (long i = 0; i < s; i++)
		position_do_move(&after, moves[i], &u);
	char fen[FEN_MAX];
	fen_write(&after, fen, sizeof fen);
	ck_assert_str_eq(fen, after_b5_fen);

	const char *texts[6];
	size_t k = 0;
	for (size_t i = (size_t)s; i < n; i++)
		texts[k++] = iccf_transcript_entry(t, i)->text;
	move series[SERIES_MAX];
	ck_assert_msg(series_check(&after, texts, k, series, &bad, err, sizeof err) == CC_OK, "%s",
	              err);
	ck_assert_uint_eq(k, 4);
	for (size_t i = 0; i < k; i++)
		ck_assert_uint_eq(series[i], moves[(size_t)s + i]);

	/* Black's answer, written as he plays it: 12. 2425 repeated, ... */
	iccf_transcript *a = iccf_transcript_new();
	ck_assert_ptr_nonnull(a);
	position before_b5 = start;
	position_do_move(&before_b5, moves[0], &u);
	ck_assert_int_eq(iccf_transcript_add_move(a, &before_b5, moves[1], false, err, sizeof err),
	                 CC_OK);

	/* ... 12...axb5 as proposed: 13.Rxa8 follows from the series ... */
	position q = after;
	move axb5, reply = MOVE_NONE;
	ck_assert_int_eq(san_parse(&q, "axb5", &axb5, err, sizeof err), CC_OK);
	ck_assert_int_eq(series_follow(series, k, axb5, &reply), SERIES_FOLLOWED);
	ck_assert_int_eq(iccf_transcript_add_move(a, &q, axb5, false, err, sizeof err), CC_OK);
	position_do_move(&q, axb5, &u);
	char sbuf[SAN_MAX];
	ck_assert_int_eq(san_write(&q, reply, sbuf), CC_OK);
	ck_assert_str_eq(sbuf, "Rxa8");
	ck_assert_int_eq(iccf_transcript_add_move(a, &q, reply, false, err, sizeof err), CC_OK);
	position_do_move(&q, reply, &u);

	/* ... and 13...Qxa8 instead of Bxa8 breaks it off: 14.d4 lapses. */
	move qxa8;
	ck_assert_int_eq(iccf_parse(&q, "4818", &qxa8, err, sizeof err), CC_OK);
	ck_assert_int_eq(series_follow(series + 2, k - 2, qxa8, &reply), SERIES_BROKEN);
	ck_assert_int_eq(iccf_transcript_add_move(a, &q, qxa8, false, err, sizeof err), CC_OK);
	position_do_move(&q, qxa8, &u);
	ck_assert_int_eq(game_status(&q), GAME_ONGOING);

	char *out = iccf_transcript_write(a);
	ck_assert_ptr_nonnull(out);
	ck_assert_str_eq(out, answer);
	ck_assert_str_eq(out, "12. 2425, 1625 13. 1118, 4818");
	free(out);

	/* Accepting the whole series instead reaches the transcript's end. */
	q = after;
	for (size_t i = 0; i < k; i += 2) {
		ck_assert_int_eq(series_follow(series + i, k - i, series[i], &reply),
		                 SERIES_FOLLOWED);
		position_do_move(&q, series[i], &u);
		position_do_move(&q, reply, &u);
	}
	ck_assert_uint_eq(q.key, end.key);

	iccf_transcript_free(a);
	iccf_transcript_free(t);
	json_decref(root);
}
END_TEST

TU_MAIN("series", 0, test_valid, test_count, test_bad_move, test_after_the_end,
        test_mixed_notations, test_promotion, test_follow, test_dsu_example)
