#include "chess_testutil.h"
#include "testutil.h"

#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "notation/iccf.h"
#include "util/status.h"

#include <stdio.h>
#include <stdlib.h>

int tu_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

TCase *tu_case(Suite *s, const char *name, int timeout)
{
	TCase *tc = tcase_create(name);
	if (timeout > 0)
		tcase_set_timeout(tc, timeout);
	suite_add_tcase(s, tc);
	return tc;
}

void tu_add(TCase *tc, const TTest *const *tests, size_t n)
{
	for (size_t i = 0; i < n; i++)
		tcase_add_test(tc, tests[i]);
}

Suite *tu_suite(const char *name, int timeout, void (*setup)(void), void (*teardown)(void),
                const TTest *const *tests, size_t n)
{
	Suite *s = suite_create(name);
	TCase *tc = tu_case(s, name, timeout);
	if (setup)
		tcase_add_checked_fixture(tc, setup, teardown);
	tu_add(tc, tests, n);
	return s;
}

/* Gauss with Lichtenberg's corrections: secular moon shift m, secular
 * sun shift s. */
int tu_easter_gauss(int year)
{
	int k = year / 100;
	int m = 15 + (3 * k + 3) / 4 - (8 * k + 13) / 25;
	int s = 2 - (3 * k + 3) / 4;
	int a = year % 19;
	int d = (19 * a + m) % 30;
	int r = (d + a / 11) / 29;
	int og = 21 + d - r;
	int sz = 7 - (year + year / 4 + s) % 7;
	int oe = 7 - (og - sz) % 7;
	return og + oe;
}

json_t *tu_vectors(const char *name)
{
	char path[4096];
	json_error_t jerr;
	snprintf(path, sizeof path, "%s/%s", VECTORS_DIR, name);
	json_t *root = json_load_file(path, 0, &jerr);
	ck_assert_msg(root != NULL, "cannot read %s: %s (line %d)", path, jerr.text, jerr.line);
	return root;
}

char *tu_write_ok(tu_writer write, const void *g)
{
	char err[256] = "";
	char *text = (char *)1;
	int rc = write(g, &text, err, sizeof err);
	ck_assert_msg(rc == CC_OK, "write: %s (%s)", cc_status_name(rc), err);
	ck_assert_ptr_nonnull(text);
	return text;
}

void tu_write_fails(tu_writer write, const void *g, int want, const char *reason)
{
	char err[256] = "";
	char *text = (char *)1;
	int rc = write(g, &text, err, sizeof err);
	ck_assert_msg(rc == want, "got %s (%s), want %s", cc_status_name(rc), err,
	              cc_status_name(want));
	ck_assert_ptr_null(text);
	ck_assert_msg(strstr(err, reason), "message \"%s\" lacks \"%s\"", err, reason);
}

void tu_contains(const char *text, const char *const *parts)
{
	ck_assert_ptr_nonnull(text);
	for (; *parts; parts++)
		ck_assert_msg(strstr(text, *parts) != NULL, "\"%s\" lacks \"%s\"", text, *parts);
}

void tu_each_vector(const char *name, const char *key, size_t min,
                    void (*fn)(json_t *c, size_t i, void *ctx), void *ctx)
{
	json_t *root = tu_vectors(name);
	json_t *cases = json_object_get(root, key);
	ck_assert_msg(json_is_array(cases) && json_array_size(cases) >= min,
	              "%s: \"%s\" has fewer than %zu cases", name, key, min);
	size_t i;
	json_t *c;
	json_array_foreach(cases, i, c)
	{
		fn(c, i, ctx);
	}
	json_decref(root);
}

const char *const tu_perft_fens[TU_PERFT_FENS] = {
        FEN_STARTPOS,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
};

size_t tu_each_position(void (*fn)(const position *pos, const move *list, int n, const char *fen,
                                   void *ctx),
                        void *ctx)
{
	size_t total = 0;
	for (size_t f = 0; f < TU_PERFT_FENS; f++) {
		position root;
		tu_load(&root, tu_perft_fens[f]);
		move l1[MAX_MOVES];
		int n1 = movegen_legal(&root, l1);
		for (int i = -1; i < n1; i++) {
			position pos = root;
			undo u;
			if (i >= 0)
				position_do_move(&pos, l1[i], &u);
			move list[MAX_MOVES];
			int n = movegen_legal(&pos, list);
			fn(&pos, list, n, tu_perft_fens[f], ctx);
			total += (size_t)n;
		}
	}
	return total;
}

void tu_notation_vectors(const char *column, tu_parser parse,
                         void (*write)(const position *pos, move m, char *buf))
{
	json_t *root = tu_vectors("notation.json");
	json_t *cases = json_object_get(root, "cases");
	ck_assert(json_is_array(cases) && json_array_size(cases) > 0);
	size_t i, checked = 0;
	json_t *c;
	json_array_foreach(cases, i, c)
	{
		const char *text = json_string_value(json_object_get(c, column));
		if (!text)
			continue;
		const char *fen = json_string_value(json_object_get(c, "fen"));
		const char *input = json_string_value(json_object_get(c, "input"));
		position pos;
		char err[256], buf[16];
		move by_iccf, by_column;
		tu_load(&pos, fen);
		ck_assert_int_eq(iccf_parse(&pos, input, &by_iccf, err, sizeof err), CC_OK);
		ck_assert_msg(parse(&pos, text, &by_column, err, sizeof err) == CC_OK, "%s: %s",
		              text, err);
		ck_assert_int_eq(by_column, by_iccf);
		write(&pos, by_iccf, buf);
		ck_assert_str_eq(buf, text);
		checked++;
	}
	ck_assert_uint_ge(checked, 10);
	json_decref(root);
}

void tu_load(position *pos, const char *fen)
{
	char err[256];
	int rc = fen_parse(pos, fen, err, sizeof err);
	ck_assert_msg(rc == CC_OK, "FEN %s: %s", fen, err);
}

void tu_parse_fails(tu_parser parse, const char *fen, const char *text, int want,
                    const char *reason)
{
	position pos;
	char err[256] = "";
	move m = 1;
	tu_load(&pos, fen);
	int rc = parse(&pos, text, &m, err, sizeof err);
	ck_assert_msg(rc == want, "%s in %s: got %s (%s), want %s", text ? text : "(null)", fen,
	              cc_status_name(rc), err, cc_status_name(want));
	ck_assert_int_eq(m, MOVE_NONE);
	ck_assert_msg(strstr(err, reason) != NULL, "%s: message \"%s\" lacks \"%s\"",
	              text ? text : "(null)", err, reason);
}
