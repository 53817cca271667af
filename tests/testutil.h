/* testutil.h: shared bits of the Check test programs. */
#ifndef CORRCHESS_TESTUTIL_H
#define CORRCHESS_TESTUTIL_H

#include <check.h>
#include <jansson.h>

/* Runs one suite, prints Check's summary, returns the process exit code
 * (0 when every test passed). */
int tu_run(Suite *s);

/* Loads tests/vectors/NAME (e.g. "time.json"); new reference, caller
 * json_decref()s.  Fails the running test when the file is unreadable. */
json_t *tu_vectors(const char *name);

#endif
