/* testutil.h: shared bits of the Check test programs. */
#ifndef CORRCHESS_TESTUTIL_H
#define CORRCHESS_TESTUTIL_H

#include <check.h>
#include <jansson.h>

/* Runs one suite, prints Check's summary, returns the process exit code
 * (0 when every test passed). */
int tu_run(Suite *s);

/* A suite `name` of one test case with tests[0..n) (Check's TTest, what
 * START_TEST defines), each with `timeout` seconds (0: Check's default). */
Suite *tu_suite(const char *name, int timeout, const TTest *const *tests, size_t n);

/* The main() of a test program of one test case:
 *     TU_MAIN("corr", 0, test_first_move, test_move_refusals, ...)
 * runs the tests named in order and exits 0 when all passed. */
#define TU_MAIN(name, timeout, ...)                                                                \
	int main(void)                                                                             \
	{                                                                                          \
		const TTest *tu_tests_[] = {__VA_ARGS__};                                          \
		return tu_run(tu_suite(name, timeout, tu_tests_,                                   \
		                       sizeof tu_tests_ / sizeof tu_tests_[0]));                   \
	}

/* Loads tests/vectors/NAME (e.g. "time.json"); new reference, caller
 * json_decref()s.  Fails the running test when the file is unreadable. */
json_t *tu_vectors(const char *name);

#endif
