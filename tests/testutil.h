/* testutil.h: shared bits of the Check test programs. */
#ifndef CORRCHESS_TESTUTIL_H
#define CORRCHESS_TESTUTIL_H

#include <check.h>
#include <jansson.h>

/* Runs one suite, prints Check's summary, returns the process exit code
 * (0 when every test passed). */
int tu_run(Suite *s);

/* A suite `name` of one test case with tests[0..n) (Check's TTest, what
 * START_TEST defines), each with `timeout` seconds (0: Check's default)
 * and, when setup is not NULL, the checked fixture setup/teardown. */
Suite *tu_suite(const char *name, int timeout, void (*setup)(void), void (*teardown)(void),
                const TTest *const *tests, size_t n);

/* The main() of a test program of one test case:
 *     TU_MAIN("corr", 0, test_first_move, test_move_refusals, ...)
 * runs the tests named in order and exits 0 when all passed;
 * TU_MAIN_FIXTURE("store", 120, setup, teardown, test_a, ...) runs each
 * between setup() and teardown() (in its own process). */
#define TU_MAIN_FIXTURE(name, timeout, setup, teardown, ...)                                       \
	int main(void)                                                                             \
	{                                                                                          \
		const TTest *tu_tests_[] = {__VA_ARGS__};                                          \
		return tu_run(tu_suite(name, timeout, setup, teardown, tu_tests_,                  \
		                       sizeof tu_tests_ / sizeof tu_tests_[0]));                   \
	}
#define TU_MAIN(name, timeout, ...) TU_MAIN_FIXTURE(name, timeout, NULL, NULL, __VA_ARGS__)

/* For a program of several test cases, loop tests or fixtures: a test
 * case `name` added to s, with `timeout` seconds (0: Check's default),
 * for tcase_add_loop_test(), tcase_add_checked_fixture() and TU_ADD(). */
TCase *tu_case(Suite *s, const char *name, int timeout);

/* Adds tests[0..n) to tc, in order. */
void tu_add(TCase *tc, const TTest *const *tests, size_t n);

/* tu_add() of the tests named: TU_ADD(tc, test_a, test_b, ...). */
#define TU_ADD(tc, ...)                                                                            \
	tu_add(tc, (const TTest *const[]){__VA_ARGS__},                                            \
	       sizeof((const TTest *const[]){__VA_ARGS__}) / sizeof(const TTest *))

/* Easter Sunday of a Gregorian year by Gauss's method (a reference
 * independent of lib/clock) as a March day: 32 is 1 April. */
int tu_easter_gauss(int year);

/* Loads tests/vectors/NAME (e.g. "time.json"); new reference, caller
 * json_decref()s.  Fails the running test when the file is unreadable. */
json_t *tu_vectors(const char *name);

/* A writer of lib/export (pgn_write, transcript_write) behind a void *. */
typedef int (*tu_writer)(const void *g, char **out, char *err, size_t errlen);
/* What write makes of g: its text (the caller frees it); fails the test
 * unless CC_OK. */
char *tu_write_ok(tu_writer write, const void *g);
/* Fails the test unless write refuses g with status want, no text and
 * reason in its message. */
void tu_write_fails(tu_writer write, const void *g, int want, const char *reason);

/* Fails the running test, naming the first part missing, unless text
 * holds each of parts[0..] (NULL-terminated): TU_CONTAINS(text, "a", "b"). */
void tu_contains(const char *text, const char *const *parts);
#define TU_CONTAINS(text, ...) tu_contains(text, (const char *const[]){__VA_ARGS__, NULL})

/* Calls fn(c, i, ctx) on each case c (index i) of the array `key` of
 * tests/vectors/NAME; fails the running test when it has fewer than
 * `min` cases. */
void tu_each_vector(const char *name, const char *key, size_t min,
                    void (*fn)(json_t *c, size_t i, void *ctx), void *ctx);

#endif
