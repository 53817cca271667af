/* check_throttle.c: failed-login counting and the hashing budget
 * (server/base/throttle.c, issues 10 and 20): free tries per (name,
 * address) and per address, then waits that double; a name-wide limit
 * that reports once and leaves an address that failed no free tries;
 * the right password from an address that did not fail still goes. */
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "base/throttle.h"

static throttle *t;
static const struct throttle_limits defaults = {THROTTLE_PER_LOGIN, THROTTLE_PER_ADDR,
                                                THROTTLE_PER_NAME, THROTTLE_PER_HASH};

static void setup(void)
{
	t = throttle_new(&defaults);
	ck_assert_ptr_nonnull(t);
}

static void teardown(void)
{
	throttle_free(t);
	t = NULL;
}

START_TEST(test_pair_free_tries_then_doubling_waits)
{
	const int64_t t0 = 1000000;
	for (int i = 0; i < THROTTLE_PER_LOGIN; i++) {
		ck_assert_int_eq(throttle_check(t, "alice", "10.0.0.1", t0 + i), 0);
		ck_assert_int_eq(throttle_failed(t, "alice", "10.0.0.1", t0 + i), 0);
	}
	int64_t last = t0 + THROTTLE_PER_LOGIN - 1;
	/* The pair waits THROTTLE_DELAY from its last failure... */
	ck_assert_int_eq(throttle_check(t, "alice", "10.0.0.1", last), THROTTLE_DELAY);
	ck_assert_int_eq(throttle_check(t, "ALICE", "10.0.0.1", last + 10), THROTTLE_DELAY - 10);
	/* ...while the owner, from an address that did not fail, goes on. */
	ck_assert_int_eq(throttle_check(t, "alice", "192.0.2.9", last), 0);
	ck_assert_int_eq(throttle_check(t, "bob", "10.0.0.1", last), 0);
	/* After the wait one more try; a failure doubles the next wait. */
	int64_t now = last + THROTTLE_DELAY;
	ck_assert_int_eq(throttle_check(t, "alice", "10.0.0.1", now), 0);
	throttle_failed(t, "alice", "10.0.0.1", now);
	ck_assert_int_eq(throttle_check(t, "alice", "10.0.0.1", now), 2 * THROTTLE_DELAY);
	now += 2 * THROTTLE_DELAY;
	throttle_failed(t, "alice", "10.0.0.1", now);
	ck_assert_int_eq(throttle_check(t, "alice", "10.0.0.1", now), 4 * THROTTLE_DELAY);
	/* At most THROTTLE_WINDOW; a quiet window forgets the pair. */
	for (int i = 0; i < 10; i++)
		throttle_failed(t, "alice", "10.0.0.1", now);
	ck_assert_int_eq(throttle_check(t, "alice", "10.0.0.1", now), THROTTLE_WINDOW);
	ck_assert_int_eq(throttle_check(t, "alice", "10.0.0.1", now + THROTTLE_WINDOW), 0);
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
	int64_t last = t0 + THROTTLE_PER_ADDR - 1;
	ck_assert_int_eq(throttle_check(t, "someone-else", "198.51.100.7", last), THROTTLE_DELAY);
	ck_assert_int_eq(throttle_check(t, NULL, "198.51.100.7", last), THROTTLE_DELAY);
	ck_assert_int_eq(throttle_check(t, "someone-else", "198.51.100.8", last), 0);
	/* Each name has one failure only: no name waits elsewhere. */
	ck_assert_int_eq(throttle_check(t, "user3", "198.51.100.8", last), 0);
}
END_TEST

START_TEST(test_success_clears_the_pair_not_the_address)
{
	const int64_t t0 = 7000;
	for (int i = 0; i < THROTTLE_PER_LOGIN - 1; i++)
		throttle_failed(t, "carol", "203.0.113.5", t0);
	throttle_succeeded(t, "Carol", "203.0.113.5", t0 + 1);
	for (int i = 0; i < THROTTLE_PER_LOGIN - 1; i++)
		throttle_failed(t, "carol", "203.0.113.5", t0 + 2);
	ck_assert_int_eq(throttle_check(t, "carol", "203.0.113.5", t0 + 2), 0);
	/* 8 failures from the address: 12 more close it, success or not. */
	for (int i = 0; i < THROTTLE_PER_ADDR - 8; i++) {
		throttle_succeeded(t, "carol", "203.0.113.5", t0 + 3);
		throttle_failed(t, "x", "203.0.113.5", t0 + 3);
		throttle_succeeded(t, "x", "203.0.113.5", t0 + 3);
	}
	ck_assert_int_gt(throttle_check(t, "dave", "203.0.113.5", t0 + 3), 0);
}
END_TEST

START_TEST(test_name_wide_limit_reports_once_and_tightens)
{
	struct throttle_limits l = {5, 20, 10, 0};
	throttle *n = throttle_new(&l);
	char a[32];
	int alarms = 0;
	/* Ten addresses fail once each: the tenth failure reports. */
	for (int i = 0; i < 10; i++) {
		snprintf(a, sizeof a, "10.9.0.%d", i + 1);
		alarms += throttle_failed(n, "erin", a, 100 + i);
		ck_assert_int_eq(alarms, i == 9 ? 1 : 0);
	}
	ck_assert_int_eq(throttle_name_failures(n, "erin", 110), 10);
	/* An address that failed has no free tries left; one that did not
	 * still tries. */
	ck_assert_int_gt(throttle_check(n, "erin", "10.9.0.1", 110), 0);
	ck_assert_int_eq(throttle_check(n, "erin", "10.9.0.99", 110), 0);
	/* More failures do not report again within the window. */
	for (int i = 0; i < 5; i++)
		alarms += throttle_failed(n, "erin", "10.9.0.50", 120);
	ck_assert_int_eq(alarms, 1);
	/* A new window reports again. */
	int64_t later = 100 + THROTTLE_NAME_WINDOW;
	for (int i = 0; i < 10; i++) {
		snprintf(a, sizeof a, "10.8.0.%d", i + 1);
		alarms += throttle_failed(n, "erin", a, later + i);
	}
	ck_assert_int_eq(alarms, 2);
	throttle_free(n);
}
END_TEST

START_TEST(test_hash_budget)
{
	struct throttle_limits l = {0, 0, 0, 6}; /* 6 a minute: one each 10 s */
	throttle *h = throttle_new(&l);
	for (int i = 0; i < 6; i++)
		ck_assert_int_eq(throttle_hash(h, "10.7.0.1", 1000), 0);
	ck_assert_int_eq(throttle_hash(h, "10.7.0.1", 1000), 10);
	ck_assert_int_eq(throttle_hash(h, "10.7.0.2", 1000), 0); /* its own budget */
	ck_assert_int_eq(throttle_hash(h, "10.7.0.1", 1004), 6);
	ck_assert_int_eq(throttle_hash(h, "10.7.0.1", 1010), 0);
	ck_assert_int_gt(throttle_hash(h, "10.7.0.1", 1010), 0);
	ck_assert_int_eq(throttle_hash(h, NULL, 1010), 0);
	throttle_free(h);
	ck_assert_int_eq(throttle_hash(t, "10.7.0.1", 5), 0);
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
		throttle_failed(t, a, "10.0.0.1", 10 + i / 1000);
	}
	for (int i = 0; i < THROTTLE_PER_LOGIN; i++)
		throttle_failed(t, "target", "10.0.0.2", 200);
	ck_assert_int_gt(throttle_check(t, "target", "10.0.0.2", 200), 0);
	/* After the window every key has expired: a new flood evicts them. */
	int64_t later = 200 + THROTTLE_NAME_WINDOW;
	for (int i = 0; i < THROTTLE_KEYS + 10; i++) {
		snprintf(a, sizeof a, "m%d", i);
		throttle_failed(t, a, "10.0.0.3", later);
	}
	snprintf(a, sizeof a, "m%d", THROTTLE_KEYS + 9);
	for (int i = 0; i < THROTTLE_PER_LOGIN - 1; i++)
		throttle_failed(t, a, "10.0.0.4", later);
	throttle_failed(t, a, "10.0.0.4", later);
	ck_assert_int_gt(throttle_check(t, a, "10.0.0.4", later), 0);
	ck_assert_int_eq(throttle_check(t, "target", "10.0.0.2", later), 0);
}
END_TEST

START_TEST(test_long_and_empty_keys)
{
	char longname[400];
	memset(longname, 'q', sizeof longname - 1);
	longname[sizeof longname - 1] = '\0';
	for (int i = 0; i < THROTTLE_PER_LOGIN; i++)
		throttle_failed(t, longname, "10.0.0.5", 50);
	ck_assert_int_gt(throttle_check(t, longname, "10.0.0.5", 50), 0);
	ck_assert_int_eq(throttle_check(t, "", "", 50), 0);
	ck_assert_int_eq(throttle_check(t, NULL, NULL, 50), 0);
	throttle_free(NULL);
	struct throttle_limits bad = {-1, 5, 5, 5}, big = {5, THROTTLE_MAX + 1, 5, 5};
	ck_assert_ptr_null(throttle_new(&bad));
	ck_assert_ptr_null(throttle_new(&big));
	ck_assert_ptr_null(throttle_new(NULL));
}
END_TEST

START_TEST(test_limits_off)
{
	struct throttle_limits none = {0, 0, 0, 0};
	throttle *off = throttle_new(&none);
	ck_assert_ptr_nonnull(off);
	for (int i = 0; i < 200; i++)
		ck_assert_int_eq(throttle_failed(off, "alice", "10.1.1.1", 10), 0);
	ck_assert_int_eq(throttle_check(off, "alice", "10.1.1.1", 10), 0);
	ck_assert_int_eq(throttle_hash(off, "10.1.1.1", 10), 0);
	throttle_free(off);
}
END_TEST

TU_MAIN_FIXTURE("throttle", 0, setup, teardown, test_pair_free_tries_then_doubling_waits,
                test_twenty_failures_from_an_address, test_success_clears_the_pair_not_the_address,
                test_name_wide_limit_reports_once_and_tightens, test_hash_budget,
                test_ipv6_counts_by_its_64, test_full_table_keeps_working, test_long_and_empty_keys,
                test_limits_off)
