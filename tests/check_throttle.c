/* check_throttle.c: failed-login counting (server/throttle.c, issue 10):
 * 5 failures a login name or 20 an address within 15 minutes, then a
 * wait until the oldest failure of the window is 15 minutes old. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "base/throttle.h"

static throttle *t;

static void setup(void)
{
	t = throttle_new(THROTTLE_PER_LOGIN, THROTTLE_PER_ADDR);
	ck_assert_ptr_nonnull(t);
}

static void teardown(void)
{
	throttle_free(t);
	t = NULL;
}

START_TEST(test_five_failures_for_a_name)
{
	const int64_t t0 = 1000000;
	for (int i = 0; i < THROTTLE_PER_LOGIN; i++) {
		ck_assert_int_eq(throttle_check(t, "alice", "10.0.0.1", t0 + i * 60), 0);
		throttle_failed(t, "alice", "10.0.0.1", t0 + i * 60);
	}
	/* The sixth try, from anywhere, waits until the first failure is
	 * 15 minutes old. */
	int64_t now = t0 + 4 * 60 + 10;
	ck_assert_int_eq(throttle_check(t, "alice", "192.0.2.9", now), THROTTLE_WINDOW - 250);
	ck_assert_int_eq(throttle_check(t, "ALICE", NULL, now), THROTTLE_WINDOW - 250);
	ck_assert_int_eq(throttle_check(t, "bob", "10.0.0.1", now), 0);
	/* One second before the first failure leaves the window: still 1. */
	ck_assert_int_eq(throttle_check(t, "alice", NULL, t0 + THROTTLE_WINDOW - 1), 1);
	/* Then one more try is allowed; a failure closes it for the next
	 * oldest one's remaining time. */
	ck_assert_int_eq(throttle_check(t, "alice", NULL, t0 + THROTTLE_WINDOW), 0);
	throttle_failed(t, "alice", NULL, t0 + THROTTLE_WINDOW);
	ck_assert_int_eq(throttle_check(t, "alice", NULL, t0 + THROTTLE_WINDOW), 60);
}
END_TEST

START_TEST(test_twenty_failures_from_an_address)
{
	const int64_t t0 = 5000;
	char name[32];
	for (int i = 0; i < THROTTLE_PER_ADDR; i++) {
		snprintf(name, sizeof name, "user%d", i);
		ck_assert_int_eq(throttle_check(t, name, "198.51.100.7", t0 + i), 0);
		throttle_failed(t, name, "198.51.100.7", t0 + i);
	}
	ck_assert_int_eq(throttle_check(t, "someone-else", "198.51.100.7", t0 + 20),
			 THROTTLE_WINDOW - 20);
	ck_assert_int_eq(throttle_check(t, "someone-else", "198.51.100.8", t0 + 20), 0);
	/* Each name has one failure only: not throttled by name. */
	ck_assert_int_eq(throttle_check(t, "user3", NULL, t0 + 20), 0);
}
END_TEST

START_TEST(test_success_clears_the_name_not_the_address)
{
	const int64_t t0 = 7000;
	for (int i = 0; i < THROTTLE_PER_LOGIN - 1; i++)
		throttle_failed(t, "carol", "203.0.113.5", t0);
	throttle_succeeded(t, "Carol", t0 + 1);
	for (int i = 0; i < THROTTLE_PER_LOGIN - 1; i++)
		throttle_failed(t, "carol", "203.0.113.5", t0 + 2);
	ck_assert_int_eq(throttle_check(t, "carol", NULL, t0 + 2), 0);
	/* 8 failures from the address: 12 more close it, success or not. */
	for (int i = 0; i < THROTTLE_PER_ADDR - 8; i++) {
		throttle_succeeded(t, "carol", t0 + 3);
		throttle_failed(t, "x", "203.0.113.5", t0 + 3);
		throttle_succeeded(t, "x", t0 + 3);
	}
	ck_assert_int_gt(throttle_check(t, "dave", "203.0.113.5", t0 + 3), 0);
}
END_TEST

START_TEST(test_ipv6_counts_by_its_64)
{
	for (int i = 0; i < THROTTLE_PER_ADDR; i++) {
		char a[64];
		snprintf(a, sizeof a, "2001:db8:1:2::%x", i + 1);
		throttle_failed(t, NULL, a, 100);
	}
	ck_assert_int_gt(throttle_check(t, NULL, "2001:db8:1:2:ffff::1", 101), 0);
	ck_assert_int_eq(throttle_check(t, NULL, "2001:db8:1:3::1", 101), 0);
	/* IPv4 clients of a dual-stack socket count one by one, and as the
	 * same client as the plain IPv4 address. */
	for (int i = 0; i < THROTTLE_PER_ADDR; i++)
		throttle_failed(t, NULL, "::ffff:192.0.2.1", 100);
	ck_assert_int_gt(throttle_check(t, NULL, "::ffff:192.0.2.1", 101), 0);
	ck_assert_int_gt(throttle_check(t, NULL, "192.0.2.1", 101), 0);
	ck_assert_int_eq(throttle_check(t, NULL, "::ffff:192.0.2.2", 101), 0);
}
END_TEST

START_TEST(test_full_table_keeps_working)
{
	/* Far more keys than the table holds: old ones make room, the newest
	 * are still counted, and nothing breaks. */
	char a[32];
	for (int i = 0; i < THROTTLE_KEYS * 2; i++) {
		snprintf(a, sizeof a, "n%d", i);
		throttle_failed(t, a, NULL, 10 + i / 1000);
	}
	for (int i = 0; i < THROTTLE_PER_LOGIN; i++)
		throttle_failed(t, "target", NULL, 200);
	ck_assert_int_gt(throttle_check(t, "target", NULL, 200), 0);
	/* After the window every key has expired: a new flood evicts them. */
	int64_t later = 200 + THROTTLE_WINDOW;
	for (int i = 0; i < THROTTLE_KEYS + 10; i++) {
		snprintf(a, sizeof a, "m%d", i);
		throttle_failed(t, a, NULL, later);
	}
	snprintf(a, sizeof a, "m%d", THROTTLE_KEYS + 9);
	for (int i = 0; i < THROTTLE_PER_LOGIN - 1; i++)
		throttle_failed(t, a, NULL, later);
	ck_assert_int_gt(throttle_check(t, a, NULL, later), 0);
	ck_assert_int_eq(throttle_check(t, "target", NULL, later), 0);
}
END_TEST

START_TEST(test_long_and_empty_keys)
{
	char longname[400];
	memset(longname, 'q', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	for (int i = 0; i < THROTTLE_PER_LOGIN; i++)
		throttle_failed(t, longname, "", 50);
	ck_assert_int_gt(throttle_check(t, longname, NULL, 50), 0);
	ck_assert_int_eq(throttle_check(t, "", "", 50), 0);
	ck_assert_int_eq(throttle_check(t, NULL, NULL, 50), 0);
	throttle_free(NULL);
	ck_assert_ptr_null(throttle_new(-1, 5));
	ck_assert_ptr_null(throttle_new(5, THROTTLE_MAX + 1));
}
END_TEST

START_TEST(test_limits_off_and_other_limits)
{
	throttle *off = throttle_new(0, 0);
	ck_assert_ptr_nonnull(off);
	for (int i = 0; i < 100; i++)
		throttle_failed(off, "alice", "10.1.1.1", 10);
	ck_assert_int_eq(throttle_check(off, "alice", "10.1.1.1", 10), 0);
	throttle_free(off);
	throttle *two = throttle_new(2, THROTTLE_MAX);
	throttle_failed(two, "bob", "10.1.1.2", 10);
	ck_assert_int_eq(throttle_check(two, "bob", NULL, 10), 0);
	throttle_failed(two, "bob", "10.1.1.2", 11);
	ck_assert_int_eq(throttle_check(two, "bob", NULL, 11), THROTTLE_WINDOW - 1);
	for (int i = 0; i < THROTTLE_MAX - 2; i++)
		throttle_failed(two, NULL, "10.1.1.2", 12);
	ck_assert_int_eq(throttle_check(two, NULL, "10.1.1.2", 12), THROTTLE_WINDOW - 2);
	throttle_free(two);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("throttle");
	TCase *tc = tcase_create("throttle");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_five_failures_for_a_name);
	tcase_add_test(tc, test_twenty_failures_from_an_address);
	tcase_add_test(tc, test_success_clears_the_name_not_the_address);
	tcase_add_test(tc, test_ipv6_counts_by_its_64);
	tcase_add_test(tc, test_full_table_keeps_working);
	tcase_add_test(tc, test_long_and_empty_keys);
	tcase_add_test(tc, test_limits_off_and_other_limits);
	suite_add_tcase(s, tc);
	return tu_run(s);
}
