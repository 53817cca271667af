/* check_iccf.c: ICCF numeric notation (DSU 6.2.2) and transcripts with
 * move series (DSU 6.2.5). */
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

/* DSU 6.2.5's example: Black to play his 11th move (11...a6 = 1716),
 * with White's Ra1, Pb4 and Pd2 and Black's Ra8, Bb7, Qd8 in place. */
static const char *const series_fen =
        "r2qkbnr/pb1ppppp/1pn5/8/1P6/8/2PPPPPP/RNBQKBNR b KQkq - 0 11";

/* Parses text in fen, expecting status `want` and `reason` in the message;
 * returns the move. */
static move parse_expect(const char *fen, const char *text, int want, const char *reason)
{
	position pos;
	char err[256] = "";
	move m = 1;
	tu_load(&pos, fen);
	int rc = iccf_parse(&pos, text, &m, err, sizeof err);
	ck_assert_msg(rc == want, "%s in %s: got %s (%s), want %s", text, fen, cc_status_name(rc),
	              err, cc_status_name(want));
	if (want != CC_OK)
		ck_assert_int_eq(m, MOVE_NONE);
	ck_assert_msg(strstr(err, reason) != NULL, "%s: message \"%s\" lacks \"%s\"", text, err,
	              reason);
	return m;
}

/* notation.json, every case: the move (UCI and SAN) or the error class. */
static void vector_case(json_t *c, size_t i, void *ctx)
{
	(void)ctx;
	const char *fen = json_string_value(json_object_get(c, "fen"));
	const char *input = json_string_value(json_object_get(c, "input"));
	const char *uci = json_string_value(json_object_get(c, "uci"));
	const char *san = json_string_value(json_object_get(c, "san"));
	const char *error = json_string_value(json_object_get(c, "error"));
	ck_assert_msg(fen && input && (error || (uci && san)), "case %zu is incomplete", i);
	position pos;
	char err[256] = "", buf[ICCF_MAX], sbuf[SAN_MAX], ubuf[UCI_MAX];
	move m;
	tu_load(&pos, fen);
	int rc = iccf_parse(&pos, input, &m, err, sizeof err);
	if (error) {
		if (strcmp(error, "illegal") == 0 || strcmp(error, "malformed") == 0) {
			ck_assert_msg(strcmp(cc_status_name(rc), error) == 0,
			              "case %zu \"%s\": got %s (%s), want %s", i, input,
			              cc_status_name(rc), err, error);
		} else {
			/* An illegal-move class named by its reason. */
			ck_assert_msg(rc == CC_ERR_ILLEGAL, "case %zu \"%s\": got %s (%s)", i,
			              input, cc_status_name(rc), err);
			ck_assert_msg(strstr(err, error) != NULL, "case %zu: \"%s\" lacks \"%s\"",
			              i, err, error);
		}
		ck_assert_int_eq(m, MOVE_NONE);
		/* The message quotes the offending text. */
		ck_assert_msg(strstr(err, input) != NULL, "case %zu: \"%s\" lacks \"%s\"", i, err,
		              input);
		return;
	}
	ck_assert_msg(rc == CC_OK, "case %zu \"%s\": %s", i, input, err);
	uci_write(m, ubuf);
	ck_assert_str_eq(ubuf, uci);
	ck_assert_int_eq(san_write(&pos, m, sbuf), CC_OK);
	ck_assert_str_eq(sbuf, san);
	/* Written back in the DSU form, and read again. */
	iccf_write(m, buf);
	if (strlen(input) == 5) /* ICCF form 57581 -> DSU form 5758(1) */
		ck_assert(buf[4] == '(' && buf[5] == input[4] && buf[6] == ')' &&
		          strncmp(buf, input, 4) == 0);
	else
		ck_assert_str_eq(buf, input);
	move back;
	ck_assert_int_eq(iccf_parse(&pos, buf, &back, err, sizeof err), CC_OK);
	ck_assert_int_eq(back, m);
}

START_TEST(test_vectors)
{
	tu_each_vector("notation.json", "cases", 1, vector_case, NULL);
}
END_TEST

START_TEST(test_promotion_forms)
{
	const char *fen = "8/4P3/8/8/8/8/k7/6K1 w - - 0 1";
	static const int type[4] = {QUEEN, ROOK, BISHOP, KNIGHT};
	for (int d = 1; d <= 4; d++) {
		char dsu[] = "5758(d)", plain[] = "5758d", buf[ICCF_MAX];
		dsu[5] = plain[4] = (char)('0' + d);
		move a = parse_expect(fen, dsu, CC_OK, "");
		move b = parse_expect(fen, plain, CC_OK, "");
		ck_assert_int_eq(a, b);
		ck_assert_int_eq(MOVE_PROMO_TYPE(a), type[d - 1]);
		iccf_write(a, buf);
		ck_assert_str_eq(buf, dsu);
	}
	/* Blanks around the move are ignored. */
	parse_expect(FEN_STARTPOS, "  5254\t", CC_OK, "");
}
END_TEST

START_TEST(test_malformed)
{
	static const struct {
		const char *text, *why;
	} bad[] = {
	        {"9254", "9 is not a file or rank"},
	        {"5204", "0 is not a file or rank"},
	        {"52", "too short"},
	        {"525", "too short"},
	        {"525412", "too long"},
	        {"5254(5)", "5 is not a promotion piece"},
	        {"52540", "0 is not a promotion piece"},
	        {"5254(1", "in parentheses"},
	        {"5254(12)", "in parentheses"},
	        {"52a4", "'a' is not a digit"},
	        {"e2e4", "'e' is not a digit"},
	        {"5254 1", "too long"},
	        {"", "empty"},
	        {"   ", "empty"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		parse_expect(FEN_STARTPOS, bad[i].text, CC_ERR_MALFORMED, bad[i].why);
		if (bad[i].text[0] != ' ') /* quoted without the blanks around it */
			parse_expect(FEN_STARTPOS, bad[i].text, CC_ERR_MALFORMED, bad[i].text);
	}
	position pos;
	move m;
	char err[256];
	tu_load(&pos, FEN_STARTPOS);
	ck_assert_int_eq(iccf_parse(&pos, NULL, &m, err, sizeof err), CC_ERR_MALFORMED);
}
END_TEST

/* Each reason an illegal move can have, as the player reads it. */
START_TEST(test_illegal_reasons)
{
	static const struct {
		const char *fen, *text, *reason;
	} cases[] = {
	        {FEN_STARTPOS, "3334", "no piece on c3"},
	        {FEN_STARTPOS, "5755", "it is not your piece"},
	        {FEN_STARTPOS, "5255", "that piece cannot move there"},
	        {FEN_STARTPOS, "7151", "that piece cannot move there"},
	        {FEN_STARTPOS, "5254(1)", "not a promotion"},
	        {FEN_STARTPOS, "5171", "castling is blocked: f1 is occupied"},
	        {"4k3/8/8/8/1b6/2N5/8/4K3 w - - 0 1", "3354", "leaves the king in check"},
	        {"4k3/4r3/8/8/8/8/8/R3K3 w Q - 0 1", "1121", "leaves the king in check"},
	        {"4k3/4r3/8/8/8/8/8/R3K3 w Q - 0 1", "5131", "cannot castle out of check"},
	        {"4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "5171", "cannot castle through check: f1"},
	        {"4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "5171", "cannot castle into check: g1"},
	        {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "5171", "castling is not allowed"},
	        {"r3k3/8/8/8/8/8/8/4K3 b - - 0 1", "5838", "castling is not allowed"},
	        {"8/4P3/8/8/8/8/k7/6K1 w - - 0 1", "5758", "promotion piece missing"},
	        {"4r3/4P3/8/8/8/8/k7/6K1 w - - 0 1", "5758(1)", "that piece cannot move there"},
	        {"rnbqkbnr/pp2pppp/8/1Pp5/3p4/8/P1PPPPPP/RNBQKBNR w KQkq - 0 4", "2536",
	         "that piece cannot move there"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		parse_expect(cases[i].fen, cases[i].text, CC_ERR_ILLEGAL, cases[i].reason);
		parse_expect(cases[i].fen, cases[i].text, CC_ERR_ILLEGAL, cases[i].text);
	}
}
END_TEST

/* Parses a transcript that must be fine. */
static iccf_transcript *tparse_ok(const char *text)
{
	iccf_transcript *t = NULL;
	char err[256] = "";
	int rc = iccf_transcript_parse(text, &t, err, sizeof err);
	ck_assert_msg(rc == CC_OK, "\"%s\": %s", text, err);
	ck_assert_ptr_nonnull(t);
	return t;
}

static void check_entry(const iccf_transcript *t, size_t i, unsigned number, int color,
                        const char *text, bool series)
{
	const iccf_entry *e = iccf_transcript_entry(t, i);
	ck_assert_ptr_nonnull(e);
	ck_assert_uint_eq(e->number, number);
	ck_assert_int_eq(e->color, color);
	ck_assert_str_eq(e->text, text);
	ck_assert_int_eq(e->series_start, series);
}

/* DSU 6.2.5: the series, its replay, and Black's answer that
 * breaks it off with 13...Qxa8. */
START_TEST(test_series_vector)
{
	json_t *root = tu_vectors("notation.json");
	json_t *series = json_object_get(root, "series");
	ck_assert(json_is_array(series) && json_array_size(series) == 1);
	json_t *v = json_array_get(series, 0);
	const char *text = json_string_value(json_object_get(v, "transcript"));
	const char *answer = json_string_value(json_object_get(v, "answer_breaking_off"));
	ck_assert(text && answer);

	iccf_transcript *t = tparse_ok(text);
	ck_assert_uint_eq(iccf_transcript_count(t), 6);
	check_entry(t, 0, 11, BLACK, "1716", false);
	check_entry(t, 1, 12, WHITE, "2425", false);
	check_entry(t, 2, 12, BLACK, "1625", true);
	check_entry(t, 3, 13, WHITE, "1118", false);
	check_entry(t, 4, 13, BLACK, "2718", false);
	check_entry(t, 5, 14, WHITE, "4244", false);
	ck_assert_ptr_null(iccf_transcript_entry(t, 6));
	ck_assert_int_eq(iccf_transcript_series_index(t), 2);
	char *out = iccf_transcript_write(t);
	ck_assert_str_eq(out, text);
	free(out);

	/* Replay: 11...a6 12.b5 axb5 13.Rxa8 Bxa8 14.d4. */
	position start, end;
	tu_load(&start, series_fen);
	move moves[6];
	char err[256] = "";
	size_t bad = 99;
	ck_assert_msg(iccf_transcript_replay(t, &start, moves, &bad, &end, err, sizeof err) ==
	                      CC_OK,
	              "%s", err);
	ck_assert_uint_eq(bad, 99);
	static const char *const san[6] = {"a6", "b5", "axb5", "Rxa8", "Bxa8", "d4"};
	position p = start;
	for (int i = 0; i < 6; i++) {
		char sbuf[SAN_MAX];
		undo u;
		ck_assert_int_eq(san_write(&p, moves[i], sbuf), CC_OK);
		ck_assert_str_eq(sbuf, san[i]);
		position_do_move(&p, moves[i], &u);
	}
	ck_assert_int_eq(end.fullmove, 14);
	ck_assert_int_eq(end.side, BLACK);
	ck_assert_uint_eq(end.key, p.key);

	/* Black answers 12. b5: accepts 12...axb5, White's 13.Rxa8 follows
	 * from the series, and Black deviates with 13...Qxa8 (4818). */
	position before_12;
	undo u;
	before_12 = start;
	position_do_move(&before_12, moves[0], &u);
	position q = before_12;
	iccf_transcript *a = iccf_transcript_new();
	ck_assert_ptr_nonnull(a);
	size_t s = (size_t)iccf_transcript_series_index(t);
	ck_assert_int_eq(iccf_transcript_add_move(a, &q, moves[s - 1], false, err, sizeof err),
	                 CC_OK);
	position_do_move(&q, moves[s - 1], &u);
	move black_reply[2] = {moves[s], MOVE_NONE}; /* 12...axb5 as proposed, then 4818 */
	{
		position tmp = q;
		undo u2;
		position_do_move(&tmp, moves[s], &u2);
		position_do_move(&tmp, moves[s + 1], &u2);
		ck_assert_int_eq(iccf_parse(&tmp, "4818", &black_reply[1], err, sizeof err), CC_OK);
	}
	/* Walk the series: Black's moves come from black_reply[], White's
	 * from the series, until Black leaves it. */
	size_t k = 0;
	for (size_t i = s; i < iccf_transcript_count(t); i++) {
		const iccf_entry *e = iccf_transcript_entry(t, i);
		move played = e->color == BLACK ? black_reply[k++] : moves[i];
		ck_assert_int_eq(iccf_transcript_add_move(a, &q, played, false, err, sizeof err),
		                 CC_OK);
		position_do_move(&q, played, &u);
		if (played != moves[i])
			break; /* broken off: the rest of the series lapses */
	}
	out = iccf_transcript_write(a);
	ck_assert_str_eq(out, answer);
	free(out);

	/* The answer as text: it parses, has no series, and replays from
	 * the position before 12.b5. */
	iccf_transcript *b = tparse_ok(answer);
	ck_assert_int_eq(iccf_transcript_series_index(b), -1);
	ck_assert_uint_eq(iccf_transcript_count(b), 4);
	check_entry(b, 3, 13, BLACK, "4818", false);
	ck_assert_int_eq(iccf_transcript_replay(b, &before_12, moves, NULL, &end, err, sizeof err),
	                 CC_OK);
	ck_assert_uint_eq(end.key, q.key);
	out = iccf_transcript_write(b);
	ck_assert_str_eq(out, answer);
	free(out);
	iccf_transcript_free(a);
	iccf_transcript_free(b);
	iccf_transcript_free(t);
	json_decref(root);
}
END_TEST

START_TEST(test_transcript_forms)
{
	static const struct {
		const char *in, *out;
		size_t count;
	} forms[] = {
	        {"12...1625 13. 1118", "12.-,1625 13. 1118", 2},
	        {"12. ... 1625, 13. 1118", NULL, 0}, /* a comma after Black's move */
	        {"12. ...  1625 13.1118,2718", "12.-,1625 13. 1118, 2718", 3},
	        {"01. 5254  5755   02. 7163", "1. 5254, 5755 2. 7163", 3},
	        {"1. 5254, 5755 2. 7163", "1. 5254, 5755 2. 7163", 3},
	        {" 7. 5758(1), 57581 ", "7. 5758(1), 57581", 2},
	        {"11.-,1716", "11.-,1716", 1},
	        {"11. - , 01716", "11.-,01716", 1},
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		iccf_transcript *t = NULL;
		char err[256] = "";
		int rc = iccf_transcript_parse(forms[i].in, &t, err, sizeof err);
		if (!forms[i].out) {
			ck_assert_msg(rc == CC_ERR_MALFORMED, "\"%s\" parsed", forms[i].in);
			ck_assert_ptr_null(t);
			continue;
		}
		ck_assert_msg(rc == CC_OK, "\"%s\": %s", forms[i].in, err);
		ck_assert_uint_eq(iccf_transcript_count(t), forms[i].count);
		char *out = iccf_transcript_write(t);
		ck_assert_str_eq(out, forms[i].out);
		free(out);
		iccf_transcript_free(t);
	}
}
END_TEST

START_TEST(test_transcript_errors)
{
	static const struct {
		const char *text, *why;
		int status;
	} bad[] = {
	        {"", "no moves", CC_ERR_MALFORMED},
	        {"   ", "no moves", CC_ERR_MALFORMED},
	        {"11.-", "no moves", CC_ERR_MALFORMED},
	        {"2425", "must come first", CC_ERR_MALFORMED},
	        {"12.", "no move after 12.", CC_ERR_MALFORMED},
	        {"12. 13. 1118", "no move after 12.", CC_ERR_MALFORMED},
	        {"12. 2425 1625 1118", "more than two moves", CC_ERR_MALFORMED},
	        {"12. 9425", "9 is not a file or rank", CC_ERR_MALFORMED},
	        {"12. 2425,, 1625", "unexpected ','", CC_ERR_MALFORMED},
	        {", 12. 2425", "unexpected ','", CC_ERR_MALFORMED},
	        {"12. 2425, -", "only White's first move", CC_ERR_MALFORMED},
	        {"12.. 2425", "written", CC_ERR_MALFORMED},
	        {"0. 5254", "1 to 9999", CC_ERR_MALFORMED},
	        {"12345. 5254", "1 to 9999", CC_ERR_MALFORMED},
	        {"12. 2425x", "malformed move", CC_ERR_MALFORMED},
	        {"12. 52545254", "not a numeric move", CC_ERR_MALFORMED},
	        {"12. 2425 14. 1118", "the next one is move 12 for Black", CC_ERR_INVALID},
	        {"12. 2425, 1625 12. 1118", "the next one is move 13 for White", CC_ERR_INVALID},
	        {"12. 02425, 01625", "second series start", CC_ERR_INVALID},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		iccf_transcript *t = (iccf_transcript *)1;
		char err[256] = "";
		int rc = iccf_transcript_parse(bad[i].text, &t, err, sizeof err);
		ck_assert_msg(rc == bad[i].status, "\"%s\": got %s (%s)", bad[i].text,
		              cc_status_name(rc), err);
		ck_assert_ptr_null(t);
		ck_assert_msg(strstr(err, bad[i].why) != NULL, "\"%s\": \"%s\" lacks \"%s\"",
		              bad[i].text, err, bad[i].why);
	}
	iccf_transcript *t = (iccf_transcript *)1;
	char err[256];
	ck_assert_int_eq(iccf_transcript_parse(NULL, &t, err, sizeof err), CC_ERR_MALFORMED);
	ck_assert_ptr_null(t);
}
END_TEST

START_TEST(test_transcript_add)
{
	char err[256];
	iccf_transcript *t = iccf_transcript_new();
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(iccf_transcript_count(t), 0);
	char *out = iccf_transcript_write(t);
	ck_assert_str_eq(out, "");
	free(out);
	ck_assert_int_eq(iccf_transcript_add(t, 5, BLACK, "5755", false, err, sizeof err), CC_OK);
	ck_assert_int_eq(iccf_transcript_add(t, 6, BLACK, "5755", false, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(iccf_transcript_add(t, 5, WHITE, "5254", false, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(iccf_transcript_add(t, 6, WHITE, "52", false, err, sizeof err),
	                 CC_ERR_MALFORMED);
	ck_assert_int_eq(iccf_transcript_add(t, 6, WHITE, NULL, false, err, sizeof err),
	                 CC_ERR_MALFORMED);
	ck_assert_int_eq(iccf_transcript_add(t, 6, WHITE, "5254", true, err, sizeof err), CC_OK);
	ck_assert_int_eq(iccf_transcript_add(t, 6, BLACK, "5755", true, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(iccf_transcript_add(t, 6, BLACK, "5755", false, err, sizeof err), CC_OK);
	ck_assert_uint_eq(iccf_transcript_count(t), 3);
	out = iccf_transcript_write(t);
	ck_assert_str_eq(out, "5.-,5755 6. 05254, 5755");
	free(out);
	iccf_transcript_free(t);

	/* A long game: numbers grow, the hard maximum holds. */
	t = iccf_transcript_new();
	unsigned number = 1;
	int color = WHITE;
	for (int i = 0; i < ICCF_TRANSCRIPT_MAX; i++) {
		ck_assert_int_eq(iccf_transcript_add(t, number, color, color ? "7886" : "7163",
		                                     false, err, sizeof err),
		                 CC_OK);
		if (color == BLACK)
			number++;
		color ^= 1;
	}
	ck_assert_int_eq(iccf_transcript_add(t, number, color, "7163", false, err, sizeof err),
	                 CC_ERR_NOMEM);
	iccf_transcript *again = NULL;
	out = iccf_transcript_write(t);
	ck_assert_int_eq(iccf_transcript_parse(out, &again, err, sizeof err), CC_OK);
	ck_assert_uint_eq(iccf_transcript_count(again), ICCF_TRANSCRIPT_MAX);
	char *out2 = iccf_transcript_write(again);
	ck_assert_str_eq(out, out2);
	free(out);
	free(out2);
	iccf_transcript_free(again);
	iccf_transcript_free(t);
	iccf_transcript_free(NULL);
}
END_TEST

START_TEST(test_replay_errors)
{
	position start;
	move moves[8];
	char err[256];
	size_t bad;
	tu_load(&start, series_fen);
	static const struct {
		const char *text, *why;
		size_t index;
		int status;
	} cases[] = {
	        {"11.-,1716 12. 2425, 01625 13. 1118, 3738", "no piece on c7", 4, CC_ERR_ILLEGAL},
	        {"11.-,1716 12. 2425, 1625 13. 1122", "that piece cannot move there", 3,
	         CC_ERR_ILLEGAL},
	        {"11.-,1716 12. 2426", "12. 2426: illegal move", 1, CC_ERR_ILLEGAL},
	        {"12. 2425", "it is move 11 for Black", 0, CC_ERR_INVALID},
	        {"10.-,1716", "it is move 11 for Black", 0, CC_ERR_INVALID},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		iccf_transcript *t = tparse_ok(cases[i].text);
		bad = 99;
		int rc = iccf_transcript_replay(t, &start, moves, &bad, NULL, err, sizeof err);
		ck_assert_msg(rc == cases[i].status, "%s: %s", cases[i].text, err);
		ck_assert_uint_eq(bad, cases[i].index);
		ck_assert_msg(strstr(err, cases[i].why) != NULL, "\"%s\" lacks \"%s\"", err,
		              cases[i].why);
		iccf_transcript_free(t);
	}
}
END_TEST

/* Every legal move, two plies deep from each perft position: DSU form and
 * ICCF form both read back to the same move. */
static void iccf_roundtrip(const position *pos, const move *list, int n, const char *fen, void *ctx)
{
	size_t *promos = ctx;
	for (int j = 0; j < n; j++) {
		char buf[ICCF_MAX], err[256];
		move back;
		iccf_write(list[j], buf);
		int rc = iccf_parse(pos, buf, &back, err, sizeof err);
		ck_assert_msg(rc == CC_OK && back == list[j], "%s in %s: %s", buf, fen, err);
		if (MOVE_IS_PROMO(list[j])) {
			char plain[6] = {buf[0], buf[1], buf[2], buf[3], buf[5], 0};
			ck_assert_int_eq(iccf_parse(pos, plain, &back, err, sizeof err), CC_OK);
			ck_assert_int_eq(back, list[j]);
			(*promos)++;
		}
	}
}

START_TEST(test_roundtrip)
{
	size_t promos = 0;
	ck_assert_uint_gt(tu_each_position(iccf_roundtrip, &promos), 6000);
	ck_assert_uint_gt(promos, 50);
}
END_TEST

TU_MAIN("iccf", 60, test_vectors, test_promotion_forms, test_malformed, test_illegal_reasons,
        test_roundtrip, test_series_vector, test_transcript_forms, test_transcript_errors,
        test_transcript_add, test_replay_errors)
