/* check_transcript.c: the DSU 6.8.2 transcript table ("ICCF-model"). */
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "clock/calendar.h"
#include "export/transcript.h"
#include "notation/iccf.h"
#include "notation/san.h"
#include "testutil.h"
#include "util/status.h"

/* A day number of 2027 (the year of the vectors in tests/vectors). */
static int32_t day(int month, int mday)
{
	int32_t d;
	ck_assert_int_eq(calendar_from_ymd(2027, month, mday, &d), CC_OK);
	return d;
}

/* The model's game: 1.e4 e5 2.Nf3 Nc6 3.Bb5 with its dates and days. */
static void sample_moves(struct transcript_move mv[5])
{
	mv[0] = (struct transcript_move){"5254", day(8, 29), day(8, 29), 0};
	mv[1] = (struct transcript_move){"5755", day(8, 29), day(8, 30), 1};
	mv[2] = (struct transcript_move){"7163", day(8, 30), day(8, 31), 1};
	mv[3] = (struct transcript_move){"2836", day(8, 31), day(9, 3), 3};
	mv[4] = (struct transcript_move){"6125", day(9, 3), day(9, 5), 2};
}

static struct transcript_game plain(const struct transcript_move *mv, size_t n)
{
	return (struct transcript_game){.start = TRANSCRIPT_NO_DATE,
	                                .first_number = 1,
	                                .first_color = WHITE,
	                                .moves = mv,
	                                .nmoves = n};
}

static int transcript_writer(const void *g, char **out, char *err, size_t errlen)
{
	return transcript_write(g, out, err, errlen);
}
#define write_ok(g)                 tu_write_ok(transcript_writer, g)
#define write_fails(g, want, words) tu_write_fails(transcript_writer, g, want, words)

/* The table's header line, at the usual column widths. */
#define TABLE_HEAD "Recv.  Sent   Time  No. White Black  Recv.  Sent   Time\n"

/* The transcript of g is want. */
static void expect_written(const struct transcript_game *g, const char *want)
{
	char *text = write_ok(g);
	ck_assert_str_eq(text, want);
	free(text);
}

/* DSU 6.8.2: the model, byte for byte. */
START_TEST(test_model_sample)
{
	struct transcript_move mv[5];
	sample_moves(mv);
	struct transcript_game g = plain(mv, 5);
	expect_written(&g, TABLE_HEAD "----   29/08  0/00  01. 5254  5755   29/08  30/08  1/01\n"
	                              "30/08  31/08  1/01  02. 7163  2836   31/08  03/09  3/04\n"
	                              "03/09  05/09  2/03  03. 6125\n"
	                              "\n"
	                              "White: 03/09-05/09 2/03  Black: 31/08-03/09 3/04\n");
}
END_TEST

/* The model's numbers are the moves the model's PGN line names: 1.e4 e5
 * 2.Nf3 Nc6 3.Bb5 (6125 is Bf1-b5). */
START_TEST(test_model_moves_are_the_pgn_line)
{
	static const char *const san_want[] = {"e4", "e5", "Nf3", "Nc6", "Bb5"};
	struct transcript_move mv[5];
	position pos;
	char err[256];
	sample_moves(mv);
	position_startpos(&pos);
	for (int i = 0; i < 5; i++) {
		move m;
		char san[SAN_MAX], back[ICCF_MAX];
		ck_assert_msg(iccf_parse(&pos, mv[i].iccf, &m, err, sizeof err) == CC_OK, "%s: %s",
		              mv[i].iccf, err);
		ck_assert_int_eq(san_write(&pos, m, san), CC_OK);
		ck_assert_str_eq(san, san_want[i]);
		iccf_write(m, back);
		ck_assert_str_eq(back, mv[i].iccf);
		undo u;
		position_do_move(&pos, m, &u);
	}
}
END_TEST

/* The optional lines around the table. */
START_TEST(test_header_and_result)
{
	struct transcript_move mv[5];
	sample_moves(mv);
	struct transcript_game g = plain(mv, 5);
	g.title = "corrchess game 7";
	g.white = "Anna Hansen";
	g.black = "Bo Jensen";
	g.start = day(8, 29);
	g.result = "1-0";
	g.ending = "Black resigned.";
	expect_written(&g,
	               "corrchess game 7\n"
	               "Anna Hansen - Bo Jensen\n"
	               "Started 2027-08-29\n"
	               "\n" TABLE_HEAD "----   29/08  0/00  01. 5254  5755   29/08  30/08  1/01\n"
	               "30/08  31/08  1/01  02. 7163  2836   31/08  03/09  3/04\n"
	               "03/09  05/09  2/03  03. 6125\n"
	               "\n"
	               "White: 03/09-05/09 2/03  Black: 31/08-03/09 3/04\n"
	               "Result: 1-0 (Black resigned.)\n");

	/* "*" gives no result line; a lone name gives no players line. */
	g.result = "*";
	g.black = NULL;
	g.title = NULL;
	g.start = TRANSCRIPT_NO_DATE;
	char *text = write_ok(&g);
	ck_assert_ptr_null(strstr(text, "Result"));
	ck_assert_ptr_null(strstr(text, "Anna"));
	ck_assert(strncmp(text, "Recv.", 5) == 0);
	free(text);
}
END_TEST

START_TEST(test_no_moves)
{
	struct transcript_game g = plain(NULL, 0);
	expect_written(&g, TABLE_HEAD "\n"
	                              "White: - 0/00  Black: - 0/00\n");
}
END_TEST

/* A game that ends after White's move (the model itself) and one that
 * ends after Black's: the row is complete, Black's time is his last. */
START_TEST(test_ends_after_black)
{
	struct transcript_move mv[5];
	sample_moves(mv);
	struct transcript_game g = plain(mv, 4);
	expect_written(&g, TABLE_HEAD "----   29/08  0/00  01. 5254  5755   29/08  30/08  1/01\n"
	                              "30/08  31/08  1/01  02. 7163  2836   31/08  03/09  3/04\n"
	                              "\n"
	                              "White: 30/08-31/08 1/01  Black: 31/08-03/09 3/04\n");

	g.nmoves = 1; /* White's first move only: Black has not moved */
	expect_written(&g, TABLE_HEAD "----   29/08  0/00  01. 5254\n"
	                              "\n"
	                              "White: 29/08-29/08 0/00  Black: - 0/00\n");
}
END_TEST

/* Issue 23: an e-mail reply sent the day its move came, counted received
 * the day after (DSU 6.8.6), is shown received that day, in the table and
 * in the last-move line; the days charged stay as given. */
START_TEST(test_received_never_after_sent)
{
	struct transcript_move mv[2] = {{"5254", day(9, 1), day(9, 1), 0},
	                                {"5755", day(9, 2), day(9, 1), 0}};
	struct transcript_game g = plain(mv, 2);
	expect_written(&g, TABLE_HEAD "----   01/09  0/00  01. 5254  5755   01/09  01/09  0/00\n"
	                              "\n"
	                              "White: 01/09-01/09 0/00  Black: 01/09-01/09 0/00\n");
}
END_TEST

/* A thematic game from a position with Black to move at move 11 (the
 * DSU 6.2.5 example): "-" for White's move, Black's first received "----". */
START_TEST(test_black_starts)
{
	struct transcript_move mv[] = {
	        {"1716", day(3, 1), day(3, 4), 3},
	        {"2425", day(3, 5), day(3, 6), 1},
	        {"1625", day(3, 7), day(3, 7), 0},
	};
	struct transcript_game g = plain(mv, 3);
	g.first_color = BLACK;
	g.first_number = 11;
	expect_written(&g, TABLE_HEAD "                    11. -     1716   ----   04/03  3/03\n"
	                              "05/03  06/03  1/01  12. 2425  1625   07/03  07/03  0/03\n"
	                              "\n"
	                              "White: 05/03-06/03 1/01  Black: 07/03-07/03 0/03\n");

	g.nmoves = 0; /* no move yet: no row */
	expect_written(&g, TABLE_HEAD "\n"
	                              "White: - 0/00  Black: - 0/00\n");
}
END_TEST

/* Wider values widen their column and keep the table aligned. */
START_TEST(test_wide_columns)
{
	struct transcript_move mv[] = {
	        {"5758(1)", day(1, 1), day(1, 2), 1},
	        {"57581", day(1, 2), day(4, 12), 100},
	};
	struct transcript_game g = plain(mv, 2);
	g.first_number = 120;
	expect_written(&g, "Recv.  Sent   Time  No.  White   Black  Recv.  Sent   Time\n"
	                   "----   02/01  1/01  120. 5758(1) 57581  02/01  12/04  100/100\n"
	                   "\n"
	                   "White: 01/01-02/01 1/01  Black: 02/01-12/04 100/100\n");
}
END_TEST

/* Unknown dates show as "--/--"; totals run per side. */
START_TEST(test_unknown_dates_and_totals)
{
	struct transcript_move mv[] = {
	        {"5254", TRANSCRIPT_NO_DATE, TRANSCRIPT_NO_DATE, 7},
	        {"5755", TRANSCRIPT_NO_DATE, day(2, 1), 5},
	        {"7163", day(2, 2), day(2, 20), 18},
	};
	struct transcript_game g = plain(mv, 3);
	expect_written(&g, "Recv.  Sent   Time   No. White Black  Recv.  Sent   Time\n"
	                   "----   --/--  7/07   01. 5254  5755   --/--  01/02  5/05\n"
	                   "02/02  20/02  18/25  02. 7163\n"
	                   "\n"
	                   "White: 02/02-20/02 18/25  Black: --/---01/02 5/05\n");
}
END_TEST

START_TEST(test_texts_cleaned)
{
	char long_title[400];
	memset(long_title, 'x', sizeof long_title - 1);
	long_title[sizeof long_title - 1] = '\0';
	long_title[0] = '\t';
	struct transcript_game g = plain(NULL, 0);
	g.title = long_title;
	g.white = "A\nB";
	g.black = "C";
	char *text = write_ok(&g);
	char *nl = strchr(text, '\n');
	ck_assert_int_eq((int)(nl - text), TRANSCRIPT_TEXT_MAX);
	ck_assert(text[0] == ' ');
	ck_assert(strncmp(nl + 1, "A B - C\n", 8) == 0);
	free(text);
}
END_TEST

START_TEST(test_errors)
{
	struct transcript_move mv[5];
	sample_moves(mv);
	struct transcript_game g = plain(mv, 5);

	mv[2].iccf = "7193";
	write_fails(&g, CC_ERR_INVALID, "move 3 is not ICCF numeric");
	mv[2].iccf = "71635";
	write_fails(&g, CC_ERR_INVALID, "move 3");
	mv[2].iccf = "7163(1";
	write_fails(&g, CC_ERR_INVALID, "move 3");
	mv[2].iccf = NULL;
	write_fails(&g, CC_ERR_INVALID, "move 3");
	mv[2].iccf = "7163";
	mv[4].days = -1;
	write_fails(&g, CC_ERR_INVALID, "move 5: days");
	mv[4].days = 2;
	mv[1].sent = INT32_MAX;
	write_fails(&g, CC_ERR_RANGE, "outside the years");
	mv[1].sent = day(8, 30);

	g.first_color = 2;
	write_fails(&g, CC_ERR_INVALID, "colour");
	g.first_color = WHITE;
	g.first_number = 0;
	write_fails(&g, CC_ERR_INVALID, "number");
	g.first_number = 1;
	g.nmoves = TRANSCRIPT_MOVES_MAX + 1;
	write_fails(&g, CC_ERR_RANGE, "at most");
}
END_TEST

/* A full-length game stays well under the output limit and every row has
 * the columns where the header has them. */
START_TEST(test_long_game_aligned)
{
	static struct transcript_move mv[400];
	for (int i = 0; i < 400; i++)
		mv[i] = (struct transcript_move){i % 2 ? "7866" : "7163", day(1, 1) + i,
		                                 day(1, 1) + i + 1, 1};
	struct transcript_game g = plain(mv, 400);
	char *text = write_ok(&g);
	/* 200 rows + header + blank + summary */
	int lines = 0;
	for (const char *p = text; *p; p++)
		lines += *p == '\n';
	ck_assert_int_eq(lines, 203);
	ck_assert_ptr_nonnull(
	        strstr(text, "\n20/07  21/07  1/101  101. 7163  7866   21/07  22/07  1/101\n"));
	ck_assert_ptr_nonnull(
	        strstr(text, "\nWhite: 03/02-04/02 1/200  Black: 04/02-05/02 1/200\n"));
	free(text);
}
END_TEST

TU_MAIN("transcript", 0, test_model_sample, test_model_moves_are_the_pgn_line,
        test_header_and_result, test_no_moves, test_ends_after_black,
        test_received_never_after_sent, test_black_starts, test_wide_columns,
        test_unknown_dates_and_totals, test_texts_cleaned, test_errors, test_long_game_aligned)
