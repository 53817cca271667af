/* check_pgn.c: the PGN writer (PGN standard, export format). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "export/pgn.h"
#include "notation/san.h"
#include "testutil.h"
#include "util/status.h"

#define MAXPLY 400

/* A game built from SAN moves, with the moves and their comments. */
struct sample {
	position start;
	position end;
	struct pgn_move moves[MAXPLY];
	size_t n;
};

/* Plays the NULL-terminated SAN list from fen (NULL: the start). */
static void build(struct sample *s, const char *fen, const char *const *sans)
{
	char err[256];
	if (fen)
		ck_assert_msg(fen_parse(&s->start, fen, err, sizeof err) == CC_OK, "%s", err);
	else
		position_startpos(&s->start);
	s->end = s->start;
	s->n = 0;
	for (; *sans; sans++) {
		move m;
		ck_assert_msg(san_parse(&s->end, *sans, &m, err, sizeof err) == CC_OK, "%s: %s",
		              *sans, err);
		s->moves[s->n++] = (struct pgn_move){m, NULL};
		undo u;
		position_do_move(&s->end, m, &u);
	}
}

static int pgn_writer(const void *g, char **out, char *err, size_t errlen)
{
	return pgn_write(g, out, err, errlen);
}
#define write_ok(g)                 tu_write_ok(pgn_writer, g)
#define write_fails(g, want, words) tu_write_fails(pgn_writer, g, want, words)

/* The movetext: everything after the first empty line. */
static const char *movetext(const char *pgn)
{
	const char *p = strstr(pgn, "\n\n");
	ck_assert_ptr_nonnull(p);
	return p + 2;
}

/* Export format lines (PGN standard 8.2.1): under 80 characters, no blank
 * at either end, no '%' in the first column (6: escape lines). */
static void check_lines(const char *pgn)
{
	int lineno = 1;
	for (const char *p = pgn; *p; lineno++) {
		const char *nl = strchr(p, '\n');
		ck_assert_msg(nl != NULL, "line %d has no newline", lineno);
		size_t len = (size_t)(nl - p);
		ck_assert_msg(len <= PGN_LINE_MAX, "line %d is %zu long: %.*s", lineno, len,
		              (int)len, p);
		if (len) {
			ck_assert_msg(p[0] != ' ' && p[len - 1] != ' ', "line %d: blank at an end",
			              lineno);
			ck_assert_msg(p[0] != '%', "line %d starts with %%", lineno);
		}
		p = nl + 1;
	}
}

/* Scholar's mate: the whole text, byte for byte. */
START_TEST(test_whole_game)
{
	static const char *const sans[] = {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#", NULL};
	struct sample s;
	build(&s, NULL, sans);
	struct pgn_tag tags[] = {
	        {"TimeControl", "10/3456000"},
	        {"Termination", "normal"},
	        {"Mode", "TC"},
	        {"Annotator", NULL}, /* left out */
	};
	struct pgn_game g = {
	        .event = "corrchess game 1",
	        .site = "corrchess",
	        .date = "2027-08-29",
	        .round = "-",
	        .white = "Anna",
	        .black = "Bo",
	        .result = "1-0",
	        .tags = tags,
	        .ntags = 4,
	        .moves = s.moves,
	        .nmoves = s.n,
	        .final_comment = "White won by checkmate.",
	};
	char *text = write_ok(&g);
	ck_assert_str_eq(text,
	                 "[Event \"corrchess game 1\"]\n"
	                 "[Site \"corrchess\"]\n"
	                 "[Date \"2027.08.29\"]\n"
	                 "[Round \"-\"]\n"
	                 "[White \"Anna\"]\n"
	                 "[Black \"Bo\"]\n"
	                 "[Result \"1-0\"]\n"
	                 "[Mode \"TC\"]\n"
	                 "[Termination \"normal\"]\n"
	                 "[TimeControl \"10/3456000\"]\n"
	                 "\n"
	                 "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {White won by checkmate.} 1-0\n"
	                 "\n");
	free(text);
}
END_TEST

/* Unknown STR values (8.1.1): "?" and "????.??.??"; no moves: "*". */
START_TEST(test_empty_game)
{
	struct pgn_game g = {0};
	char *text = write_ok(&g);
	ck_assert_str_eq(text, "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
	                       "[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
	                       "\n*\n\n");
	free(text);
}
END_TEST

/* Comments: "N..." before Black's move after a comment (8.2.2.2); the
 * lines filled greedily and broken inside comments at blanks. */
START_TEST(test_comments_and_wrapping)
{
	static const char *const sans[] = {"e4", "e5", "Nf3", NULL};
	struct sample s;
	build(&s, NULL, sans);
	s.moves[0].comment = "rec 2027-08-29 sent 2027-08-29 0d";
	s.moves[1].comment = "rec 2027-08-29 sent 2027-08-30 1d";
	s.moves[2].comment = "rec 2027-08-30 sent 2027-08-31 1d";
	struct pgn_game g = {.moves = s.moves, .nmoves = s.n};
	char *text = write_ok(&g);
	ck_assert_str_eq(movetext(text),
	                 "1. e4 {rec 2027-08-29 sent 2027-08-29 0d} 1... e5 {rec 2027-08-29 sent\n"
	                 "2027-08-30 1d} 2. Nf3 {rec 2027-08-30 sent 2027-08-31 1d} *\n"
	                 "\n");
	free(text);

	/* The final comment joins the last move's: one comment, not two. */
	g.final_comment = " Drawn by agreement. ";
	text = write_ok(&g);
	ck_assert_str_eq(
	        movetext(text),
	        "1. e4 {rec 2027-08-29 sent 2027-08-29 0d} 1... e5 {rec 2027-08-29 sent\n"
	        "2027-08-30 1d} 2. Nf3 {rec 2027-08-30 sent 2027-08-31 1d; Drawn by agreement.}\n"
	        "*\n"
	        "\n");
	free(text);
	g.final_comment = "  ";
	text = write_ok(&g);
	ck_assert_str_eq(strstr(movetext(text), "2. Nf3"),
	                 "2. Nf3 {rec 2027-08-30 sent 2027-08-31 1d} *\n\n");
	free(text);
	s.moves[2].comment = NULL;
	g.final_comment = "The end.";
	text = write_ok(&g);
	ck_assert_str_eq(strstr(movetext(text), "2. Nf3"), "2. Nf3 {The end.} *\n\n");
	free(text);
	g.final_comment = NULL;

	/* Without a comment after White's move Black's has no number; an
	 * empty comment counts as none. */
	s.moves[0].comment = "";
	s.moves[1].comment = NULL;
	s.moves[2].comment = "x";
	text = write_ok(&g);
	ck_assert_str_eq(movetext(text), "1. e4 e5 2. Nf3 {x} *\n\n");
	free(text);
}
END_TEST

/* A thematic game from a position with Black to move at move 11 (the
 * DSU 6.2.5 example): "11..." first, SetUp and FEN tags (9.7) in ASCII
 * order with the others (8.1.1). */
START_TEST(test_black_starts_from_fen)
{
	static const char *const fen =
	        "r2qkbnr/pb1ppppp/1pn5/8/1P6/8/2PPPPPP/RNBQKBNR b KQkq - 0 11";
	static const char *const sans[] = {"a6", "b5", "axb5", "Rxa8", "Bxa8", "d4", NULL};
	struct sample s;
	build(&s, fen, sans);
	struct pgn_tag tags[] = {{"Termination", "unterminated"}, {"Mode", "EM"}};
	struct pgn_game g = {
	        .start = &s.start, .tags = tags, .ntags = 2, .moves = s.moves, .nmoves = s.n};
	char *text = write_ok(&g);
	ck_assert_ptr_nonnull(strstr(text,
	                             "[Result \"*\"]\n"
	                             "[FEN \"r2qkbnr/pb1ppppp/1pn5/8/1P6/8/2PPPPPP/RNBQKBNR b "
	                             "KQkq - 0 11\"]\n"
	                             "[Mode \"EM\"]\n"
	                             "[SetUp \"1\"]\n"
	                             "[Termination \"unterminated\"]\n\n"));
	ck_assert_str_eq(movetext(text), "11... a6 12. b5 axb5 13. Rxa8 Bxa8 14. d4 *\n\n");
	free(text);

	/* A Black start with no moves yet. */
	g.nmoves = 0;
	text = write_ok(&g);
	ck_assert_str_eq(movetext(text), "*\n\n");
	ck_assert_ptr_nonnull(strstr(text, "[SetUp \"1\"]"));
	free(text);

	/* The standard position, but not at move 1, still needs the FEN. */
	position later;
	char err[128];
	ck_assert_int_eq(fen_parse(&later,
	                           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3", err,
	                           sizeof err),
	                 CC_OK);
	struct pgn_game g2 = {.start = &later};
	text = write_ok(&g2);
	ck_assert_ptr_nonnull(strstr(text, "[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
	                                   "KQkq - 4 3\"]\n[SetUp \"1\"]\n"));
	free(text);

	/* ... and the standard start has neither tag. */
	position std;
	position_startpos(&std);
	g2.start = &std;
	text = write_ok(&g2);
	ck_assert_ptr_null(strstr(text, "FEN"));
	ck_assert_ptr_null(strstr(text, "SetUp"));
	free(text);
}
END_TEST

/* SAN as PGN writes it (8.2.3): castling both ways, e.p., check, mate,
 * promotions with and without capture and check. */
START_TEST(test_san_forms)
{
	static const struct {
		const char *fen;
		const char *sans[16];
		const char *want;
	} cases[] = {
	        {NULL,
	         {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "d6", "d3", "Bg4", "Nc3", "Qd7",
	          "Be3", "O-O-O", NULL},
	         "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O d6 5. d3 Bg4 6. Nc3 Qd7 7. Be3 O-O-O *"},
	        {NULL,
	         {"e4", "Nf6", "e5", "d5", "exd6", "Qxd6", NULL},
	         "1. e4 Nf6 2. e5 d5 3. exd6 Qxd6 *"},
	        {"k7/4P3/8/8/8/8/8/6K1 w - - 0 1", {"e8=Q+", "Kb7", NULL}, "1. e8=Q+ Kb7 *"},
	        {"1n5k/P7/8/8/8/8/8/6K1 w - - 0 1", {"axb8=N", NULL}, "1. axb8=N *"},
	        {"8/8/8/8/8/6k1/1p6/6K1 b - - 0 40", {"b1=R#", NULL}, "40... b1=R# *"},
	        {NULL, {"f3", "e5", "g4", "Qh4#", NULL}, "1. f3 e5 2. g4 Qh4# *"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct sample s;
		char want[200];
		build(&s, cases[i].fen, cases[i].sans);
		struct pgn_game g = {.start = &s.start, .moves = s.moves, .nmoves = s.n};
		char *text = write_ok(&g);
		snprintf(want, sizeof want, "%s\n\n", cases[i].want);
		ck_assert_str_eq(movetext(text), want);
		free(text);
	}
}
END_TEST

/* 8.1: backslash and quote escaped, control characters blanked, long
 * values cut at a UTF-8 boundary. */
START_TEST(test_tag_values)
{
	char long_value[700];
	for (int i = 0; i < 300; i++)
		memcpy(long_value + 2 * i, "\xc3\xa9", 2); /* é */
	long_value[600] = '\0';
	struct pgn_tag tags[] = {{"Annotator", "a\tb\nc"}};
	struct pgn_game g = {.white = "Ann \"The Rook\" \\ Smith",
	                     .black = long_value,
	                     .tags = tags,
	                     .ntags = 1};
	char *text = write_ok(&g);
	ck_assert_ptr_nonnull(strstr(text, "\n[White \"Ann \\\"The Rook\\\" \\\\ Smith\"]\n"));
	ck_assert_ptr_nonnull(strstr(text, "\n[Annotator \"a b c\"]\n"));
	const char *b = strstr(text, "\n[Black \"");
	ck_assert_ptr_nonnull(b);
	b += 9;
	const char *e = strstr(b, "\"]\n");
	ck_assert_int_eq((int)(e - b), 254); /* 127 whole characters <= 255 bytes */
	ck_assert(strncmp(b, long_value, 254) == 0);
	free(text);
}
END_TEST

START_TEST(test_results)
{
	static const struct {
		const char *result, *tag;
	} cases[] = {
	        {"1-0", "1-0"}, {"0-1", "0-1"}, {"1/2-1/2", "1/2-1/2"},
	        {"*", "*"},     {"0-0", "*"},   {NULL, "*"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct pgn_game g = {.result = cases[i].result,
		                     .final_comment = cases[i].result ? "c" : NULL};
		char *text = write_ok(&g);
		char want_tag[64], want_end[64];
		snprintf(want_tag, sizeof want_tag, "[Result \"%s\"]\n", cases[i].tag);
		snprintf(want_end, sizeof want_end, "%s%s\n\n", cases[i].result ? "{c} " : "",
		         cases[i].tag);
		ck_assert_ptr_nonnull(strstr(text, want_tag));
		ck_assert_str_eq(movetext(text), want_end);
		free(text);
	}
	struct pgn_game bad = {.result = "2-0"};
	write_fails(&bad, CC_ERR_INVALID, "result");
	bad.result = "1-0 ";
	write_fails(&bad, CC_ERR_INVALID, "result");
}
END_TEST

START_TEST(test_errors)
{
	static const char *const sans[] = {"e4", "e5", NULL};
	struct sample s;
	build(&s, NULL, sans);
	struct pgn_game g = {.moves = s.moves, .nmoves = s.n};

	/* An illegal move: the second one played again. */
	s.moves[2] = s.moves[1];
	g.nmoves = 3;
	write_fails(&g, CC_ERR_ILLEGAL, "move 2. (ply 3) is not legal");
	s.moves[0].m = MOVE_NONE;
	write_fails(&g, CC_ERR_ILLEGAL, "move 1. (ply 1)");
	build(&s, NULL, sans);
	g.nmoves = s.n;

	g.date = "2027-02-30";
	write_fails(&g, CC_ERR_INVALID, "date");
	g.date = "2027.08.29";
	write_fails(&g, CC_ERR_INVALID, "date");
	g.date = NULL;

	struct pgn_tag tags[PGN_TAGS_MAX + 1];
	g.tags = tags;
	static const char *const reserved[] = {"FEN", "fen", "SetUp", "Result", "Event", "white"};
	for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++) {
		tags[0] = (struct pgn_tag){reserved[i], "x"};
		g.ntags = 1;
		write_fails(&g, CC_ERR_INVALID, "written by the PGN writer");
	}
	static const char *const bad_names[] = {"", "Time Control", "1st", "_x", "Mode\"", NULL};
	for (size_t i = 0; i < sizeof bad_names / sizeof bad_names[0]; i++) {
		tags[0] = (struct pgn_tag){bad_names[i], "x"};
		write_fails(&g, CC_ERR_INVALID, "tag name");
	}
	tags[0] = (struct pgn_tag){"Mode", "EM"};
	tags[1] = (struct pgn_tag){"Termination", "normal"};
	tags[2] = (struct pgn_tag){"mode", "PM"};
	g.ntags = 3;
	write_fails(&g, CC_ERR_INVALID, "given twice");
	for (int i = 0; i <= PGN_TAGS_MAX; i++)
		tags[i] = (struct pgn_tag){"X", "x"};
	g.ntags = PGN_TAGS_MAX + 1;
	write_fails(&g, CC_ERR_INVALID, "at most");
	g.ntags = 2;
	write_fails(&g, CC_ERR_INVALID, "given twice");
}
END_TEST

/* Comment text: braces and control characters cleaned, blanks collapsed,
 * a word longer than a line split. */
START_TEST(test_comment_cleaning)
{
	static const char *const sans[] = {"e4", NULL};
	struct sample s;
	build(&s, NULL, sans);
	s.moves[0].comment = "  a {b}\tc\n\n d  ";
	struct pgn_game g = {.moves = s.moves, .nmoves = 1};
	char *text = write_ok(&g);
	ck_assert_str_eq(movetext(text), "1. e4 {a (b) c d} *\n\n");
	free(text);

	char word[301];
	memset(word, 'w', 300);
	word[300] = '\0';
	s.moves[0].comment = word;
	text = write_ok(&g);
	check_lines(text);
	/* The word comes back whole when the lines are joined without blanks. */
	size_t ws = 0;
	for (const char *p = movetext(text); *p; p++)
		ws += *p == 'w';
	ck_assert_uint_eq(ws, 300);
	free(text);
}
END_TEST

/* A word starting with '%' never begins a line (PGN standard 6), wherever
 * the line break falls. */
START_TEST(test_percent_never_first)
{
	static const char *const sans[] = {"e4", NULL};
	struct sample s;
	char comment[400];
	build(&s, NULL, sans);
	struct pgn_game g = {.moves = s.moves, .nmoves = 1};
	for (int pad = 0; pad < 90; pad++) {
		memset(comment, 'p', (size_t)pad);
		snprintf(comment + pad, sizeof comment - (size_t)pad,
		         " 50 %%a %%b ab %%c d %%eeeeeeee %%f "
		         "%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%"
		         "%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%"
		         "%%%%%%%%%%%%%%%% g");
		s.moves[0].comment = comment;
		char *text = write_ok(&g);
		check_lines(text);
		free(text);
	}
}
END_TEST

/* A small deterministic random number generator (LCG). */
static uint32_t rng_next(uint32_t *state)
{
	*state = *state * 1664525u + 1013904223u;
	return *state >> 8;
}

/* Long random games with date comments: every line within the limits, and
 * the tokens joined again equal the movetext written without wrapping. */
START_TEST(test_wrapping_random_games)
{
	static struct sample s;
	static char comments[MAXPLY][PGN_COMMENT_LEN];
	uint32_t seed = 12345;
	for (int game = 0; game < 40; game++) {
		position_startpos(&s.start);
		s.end = s.start;
		s.n = 0;
		char flat[60000];
		size_t fl = 0;
		bool black_number = true;
		while (s.n < 300) {
			move list[MAX_MOVES];
			int n = movegen_legal(&s.end, list);
			if (n == 0)
				break;
			move m = list[rng_next(&seed) % (uint32_t)n];
			char san[SAN_MAX];
			ck_assert_int_eq(san_write(&s.end, m, san), CC_OK);
			if (s.end.side == WHITE)
				fl += (size_t)snprintf(flat + fl, sizeof flat - fl, "%u. ",
				                       (unsigned)s.end.fullmove);
			else if (black_number)
				fl += (size_t)snprintf(flat + fl, sizeof flat - fl, "%u... ",
				                       (unsigned)s.end.fullmove);
			fl += (size_t)snprintf(flat + fl, sizeof flat - fl, "%s ", san);
			const char *c = NULL;
			if (rng_next(&seed) % 3) {
				ck_assert_int_eq(pgn_move_comment("2027-08-29", "2027-09-03",
				                                  (int)(rng_next(&seed) % 40),
				                                  rng_next(&seed) % 5 == 0,
				                                  comments[s.n]),
				                 CC_OK);
				c = comments[s.n];
				fl += (size_t)snprintf(flat + fl, sizeof flat - fl, "{%s} ", c);
			}
			black_number = c != NULL;
			s.moves[s.n++] = (struct pgn_move){m, c};
			undo u;
			position_do_move(&s.end, m, &u);
		}
		snprintf(flat + fl, sizeof flat - fl, "*");
		struct pgn_game g = {.event = "A rather long event name for a correspondence game",
		                     .moves = s.moves,
		                     .nmoves = s.n};
		char *text = write_ok(&g);
		check_lines(text);
		/* Join the movetext lines with blanks: the flat text again. */
		const char *mt = movetext(text);
		char joined[60000];
		size_t jl = 0;
		for (const char *p = mt; *p; p++)
			joined[jl++] = *p == '\n' ? ' ' : *p;
		ck_assert(jl >= 2);
		joined[jl - 2] = '\0'; /* the final "\n\n" */
		ck_assert_str_eq(joined, flat);
		free(text);
	}
}
END_TEST

START_TEST(test_helpers)
{
	char buf[64];
	ck_assert_str_eq(pgn_result_token("1-0"), "1-0");
	ck_assert_str_eq(pgn_result_token("0-1"), "0-1");
	ck_assert_str_eq(pgn_result_token("1/2-1/2"), "1/2-1/2");
	ck_assert_str_eq(pgn_result_token("*"), "*");
	ck_assert_str_eq(pgn_result_token("0-0"), "*");
	ck_assert_ptr_null(pgn_result_token("½-½"));
	ck_assert_ptr_null(pgn_result_token(NULL));

	ck_assert_str_eq(pgn_termination(NULL, "*"), "unterminated");
	ck_assert_str_eq(pgn_termination("checkmate", "*"), "unterminated");
	ck_assert_str_eq(pgn_termination("checkmate", "1-0"), "normal");
	ck_assert_str_eq(pgn_termination("resignation", "0-1"), "normal");
	ck_assert_str_eq(pgn_termination("threefold", "1/2-1/2"), "normal");
	ck_assert_str_eq(pgn_termination("fifty_moves", "1/2-1/2"), "normal");
	ck_assert_str_eq(pgn_termination("dead_position", "1/2-1/2"), "normal");
	ck_assert_str_eq(pgn_termination("time_forfeit", "1-0"), "time forfeit");
	ck_assert_str_eq(pgn_termination("time_forfeit", "0-0"), "time forfeit");
	ck_assert_str_eq(pgn_termination("adjudication", "1/2-1/2"), "adjudication");
	ck_assert_str_eq(pgn_termination(NULL, "1-0"), "adjudication");
	ck_assert_str_eq(pgn_termination("", "0-0"), "adjudication");

	ck_assert_ptr_null(pgn_ending_comment("resignation", "*"));
	ck_assert_str_eq(pgn_ending_comment("resignation", "1-0"), "Black resigned.");
	ck_assert_str_eq(pgn_ending_comment("resignation", "0-1"), "White resigned.");
	ck_assert_str_eq(pgn_ending_comment("checkmate", "0-1"), "Black won by checkmate.");
	ck_assert_str_eq(pgn_ending_comment("time_forfeit", "1-0"), "Black lost on time.");
	ck_assert_str_eq(pgn_ending_comment("time_forfeit", "0-0"),
	                 "Scored 0-0: lost for both players.");
	ck_assert_str_eq(pgn_ending_comment("agreement", "1/2-1/2"), "Drawn by agreement.");
	ck_assert_str_eq(pgn_ending_comment("stalemate", "1/2-1/2"), "Drawn by stalemate.");
	ck_assert_str_eq(pgn_ending_comment("adjudication", "1/2-1/2"), "Adjudicated: drawn.");
	ck_assert_ptr_null(pgn_ending_comment("stalemate", "1-0"));
	ck_assert_ptr_null(pgn_ending_comment(NULL, "1-0"));

	ck_assert_str_eq(pgn_mode("dsu-post"), "PM");
	ck_assert_str_eq(pgn_mode("dsu-email"), "EM");
	ck_assert_str_eq(pgn_mode("server"), "TC");
	ck_assert_ptr_null(pgn_mode("blitz"));
	ck_assert_ptr_null(pgn_mode(NULL));

	ck_assert_int_eq(pgn_time_control(10, 30, buf), CC_OK);
	ck_assert_str_eq(buf, "10/2592000");
	ck_assert_int_eq(pgn_time_control(10, 40, buf), CC_OK);
	ck_assert_str_eq(buf, "10/3456000");
	ck_assert_int_eq(pgn_time_control(1000, 100000, buf), CC_OK);
	ck_assert_str_eq(buf, "1000/8640000000");
	ck_assert_int_eq(pgn_time_control(0, 30, buf), CC_ERR_RANGE);
	ck_assert_str_eq(buf, "?");
	ck_assert_int_eq(pgn_time_control(10, 0, buf), CC_ERR_RANGE);

	ck_assert_int_eq(pgn_date("2027-08-29", buf), CC_OK);
	ck_assert_str_eq(buf, "2027.08.29");
	ck_assert_int_eq(pgn_date(NULL, buf), CC_OK);
	ck_assert_str_eq(buf, "????.??.??");
	ck_assert_int_eq(pgn_date("", buf), CC_OK);
	ck_assert_str_eq(buf, "????.??.??");
	ck_assert_int_eq(pgn_date("2027-13-01", buf), CC_ERR_MALFORMED);
	ck_assert_str_eq(buf, "????.??.??");
	ck_assert_int_eq(pgn_date("27-08-29", buf), CC_ERR_MALFORMED);

	/* Issue 23: the dates in ChessBase's and ICCF's command form. */
	ck_assert_int_eq(pgn_move_comment("2027-08-02", "2027-08-05", 3, false, buf), CC_OK);
	ck_assert_str_eq(buf, "[%ccrcv 2027.08.02] [%ccsnt 2027.08.05] 3d");
	ck_assert_int_eq(pgn_move_comment("2027-08-02", "2027-08-02", 0, true, buf), CC_OK);
	ck_assert_str_eq(buf, "[%ccrcv 2027.08.02] [%ccsnt 2027.08.02] 0d series");
	ck_assert_int_eq(pgn_move_comment(NULL, "", -1, false, buf), CC_OK);
	ck_assert_str_eq(buf, "?d");
	ck_assert_int_eq(pgn_move_comment(NULL, "2027-08-05", 12345, false, buf), CC_OK);
	ck_assert_str_eq(buf, "[%ccsnt 2027.08.05] 12345d");
	ck_assert_int_eq(pgn_move_comment("2027-02-30", "x", 1, false, buf), CC_OK);
	ck_assert_str_eq(buf, "1d"); /* not dates: no command */
	/* Issue 23: DSU 6.8.6 counts an e-mail move received the day after it
	 * was sent; the export never shows a received date after the sent. */
	ck_assert_int_eq(pgn_move_comment("2027-08-06", "2027-08-05", 0, false, buf), CC_OK);
	ck_assert_str_eq(buf, "[%ccrcv 2027.08.05] [%ccsnt 2027.08.05] 0d");
	ck_assert_int_eq(pgn_move_comment("2028-01-01", "2027-12-31", 0, false, buf), CC_OK);
	ck_assert_str_eq(buf, "[%ccrcv 2027.12.31] [%ccsnt 2027.12.31] 0d");
	ck_assert_int_eq(pgn_move_comment("2027-08-06", "", 0, false, buf), CC_OK);
	ck_assert_str_eq(buf, "[%ccrcv 2027.08.06] 0d"); /* no sent date to compare */
}
END_TEST

/* Issue 23: a line break never falls inside a "[%...]" command, however
 * the comments fall on the lines. */
START_TEST(commands_stay_whole)
{
	position pos;
	position_startpos(&pos);
	static const char *const line[] = {"e4",  "e5",  "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6",
	                                   "O-O", "Be7", "Re1", "b5",  "Bb3", "d6", "c3",  "O-O"};
	struct pgn_move mv[16];
	char comments[16][PGN_COMMENT_LEN];
	for (int i = 0; i < 16; i++) {
		ck_assert_int_eq(san_parse(&pos, line[i], &mv[i].m, NULL, 0), CC_OK);
		undo u;
		position_do_move(&pos, mv[i].m, &u);
		ck_assert_int_eq(pgn_move_comment("2027-08-02", "2027-08-05", i * 7, i % 3 == 0,
		                                  comments[i]),
		                 CC_OK);
		mv[i].comment = comments[i];
	}
	for (int skip = 0; skip < 40; skip++) {
		char event[64];
		snprintf(event, sizeof event, "%.*s", skip,
		         "0123456789012345678901234567890123456789");
		struct pgn_game g = {.event = event, .moves = mv, .nmoves = 16};
		char *text = write_ok(&g);
		check_lines(text);
		const char *movetext = strstr(text, "\n\n") + 2;
		size_t commands = 0;
		for (const char *p = movetext; (p = strstr(p, "[%")) != NULL; p++, commands++) {
			const char *end = strchr(p, ']');
			ck_assert_ptr_nonnull(end);
			ck_assert_msg(memchr(p, '\n', (size_t)(end - p)) == NULL,
			              "a line break inside a command: %.30s", p);
		}
		ck_assert_uint_eq(commands, 32);
		free(text);
	}
}
END_TEST

TU_MAIN("pgn", 60, test_whole_game, test_empty_game, test_comments_and_wrapping,
        test_black_starts_from_fen, test_san_forms, test_tag_values, test_results, test_errors,
        test_comment_cleaning, test_percent_never_first, test_wrapping_random_games,
        commands_stay_whole, test_helpers)
