#include "testutil.h"

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

json_t *tu_vectors(const char *name)
{
	char path[4096];
	json_error_t jerr;
	snprintf(path, sizeof path, "%s/%s", VECTORS_DIR, name);
	json_t *root = json_load_file(path, 0, &jerr);
	ck_assert_msg(root != NULL, "cannot read %s: %s (line %d)", path, jerr.text, jerr.line);
	return root;
}
