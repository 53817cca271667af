#include "chess_testutil.h"
#include "testutil.h"

#include <string.h>

#include "chess/fen.h"
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

Suite *tu_suite(const char *name, int timeout, const TTest *const *tests, size_t n)
{
	Suite *s = suite_create(name);
	TCase *tc = tcase_create(name);
	if (timeout > 0)
		tcase_set_timeout(tc, timeout);
	for (size_t i = 0; i < n; i++)
		tcase_add_test(tc, tests[i]);
	suite_add_tcase(s, tc);
	return s;
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
