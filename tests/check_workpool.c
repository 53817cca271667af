/* check_workpool.c: the worker pool for slow jobs (server/workpool.c):
 * every job runs once with its done callback, on the pool's threads, in
 * parallel; a full queue refuses at once; stop runs what is queued. */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>

#include "testutil.h"
#include "base/workpool.h"

static atomic_int ran, done_count, running, max_running;
static pthread_mutex_t gate_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t gate_cond = PTHREAD_COND_INITIALIZER;
static int gate_open;
static pthread_t main_thread;

static void reset(void)
{
	ran = done_count = running = max_running = 0;
	gate_open = 0;
	main_thread = pthread_self();
}

/* A job that waits until the test opens the gate, and notes how many
 * jobs were running at once. */
static void gated_job(void *arg)
{
	(void)arg;
	ck_assert(!pthread_equal(pthread_self(), main_thread));
	int now = atomic_fetch_add(&running, 1) + 1;
	int m = atomic_load(&max_running);
	while (now > m && !atomic_compare_exchange_weak(&max_running, &m, now))
		;
	pthread_mutex_lock(&gate_lock);
	while (!gate_open)
		pthread_cond_wait(&gate_cond, &gate_lock);
	pthread_mutex_unlock(&gate_lock);
	atomic_fetch_sub(&running, 1);
	atomic_fetch_add(&ran, 1);
}

static void open_gate(void)
{
	pthread_mutex_lock(&gate_lock);
	gate_open = 1;
	pthread_cond_broadcast(&gate_cond);
	pthread_mutex_unlock(&gate_lock);
}

static void count_done(void *arg)
{
	int *slot = arg;
	ck_assert_int_eq(*slot, 0);
	*slot = 1;
	atomic_fetch_add(&done_count, 1);
}

static void plain_job(void *arg)
{
	(void)arg;
	atomic_fetch_add(&ran, 1);
}

START_TEST(test_every_job_once_with_done)
{
	reset();
	open_gate();
	workpool *p = workpool_start(3, 1000);
	ck_assert_ptr_nonnull(p);
	static int seen[500];
	memset(seen, 0, sizeof seen);
	for (int i = 0; i < 500; i++)
		ck_assert_int_eq(workpool_submit(p, plain_job, count_done, &seen[i]), 0);
	workpool_stop(p);
	ck_assert_int_eq(ran, 500);
	ck_assert_int_eq(done_count, 500);
	for (int i = 0; i < 500; i++)
		ck_assert_int_eq(seen[i], 1);
}
END_TEST

START_TEST(test_parallel_and_bounded)
{
	reset();
	workpool *p = workpool_start(2, 3);
	ck_assert_ptr_nonnull(p);
	/* Two jobs run (and block on the gate)... */
	ck_assert_int_eq(workpool_submit(p, gated_job, NULL, NULL), 0);
	ck_assert_int_eq(workpool_submit(p, gated_job, NULL, NULL), 0);
	while (atomic_load(&running) < 2)
		sched_yield();
	/* ...three wait, the sixth is refused at once. */
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(workpool_submit(p, gated_job, NULL, NULL), 0);
	ck_assert_uint_eq(workpool_waiting(p), 3);
	ck_assert_int_eq(workpool_submit(p, gated_job, NULL, NULL), -1);
	open_gate();
	workpool_stop(p);
	ck_assert_int_eq(ran, 5);
	ck_assert_int_eq(max_running, 2);
}
END_TEST

/* issue 20: the jobs of each source, and the order they started in.
 * The first job keeps its worker until every other job has started
 * (keep_first), so the others start one at a time on the other worker
 * in the order it takes them: with two free workers, the one that took
 * a job first may record it second, and the order would be the
 * scheduler's (a failure seen once in the ThreadSanitizer build). */
static atomic_int started, keep_first;
static int start_of[32]; /* by tag: the start index */

static void tagged_job(void *arg)
{
	int tag = (int)(intptr_t)arg;
	start_of[tag] = atomic_fetch_add(&started, 1);
	if (tag < 2)
		gated_job(NULL); /* the first two hold both workers */
	if (tag == 0)
		while (atomic_load(&keep_first))
			sched_yield();
}

START_TEST(test_fair_share_per_source)
{
	reset();
	started = 0;
	keep_first = 1;
	workpool *p = workpool_start(2, 256); /* a source's share: 256 / 16 = 16 */
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(workpool_submit_from(p, "10.0.0.6", tagged_job, NULL, (void *)0), 0);
	ck_assert_int_eq(workpool_submit_from(p, "10.0.0.6", tagged_job, NULL, (void *)1), 0);
	while (atomic_load(&running) < 2)
		sched_yield();
	/* The flood's source may queue its share, no more... */
	for (int i = 0; i < 16; i++)
		ck_assert_int_eq(workpool_submit_from(p, "10.0.0.6", tagged_job, NULL,
		                                      (void *)(intptr_t)(2 + i)),
		                 0);
	ck_assert_int_eq(workpool_submit_from(p, "10.0.0.6", tagged_job, NULL, (void *)18), -1);
	/* ...and another source still gets in, and is served first. */
	ck_assert_int_eq(workpool_submit_from(p, "10.0.0.1", tagged_job, NULL, (void *)19), 0);
	ck_assert_uint_eq(workpool_waiting(p), 17);
	open_gate();
	while (atomic_load(&started) < 19)
		sched_yield();
	atomic_store(&keep_first, 0);
	workpool_stop(p);
	ck_assert_int_eq(started, 19);
	ck_assert_int_eq(start_of[19], 2);
	/* One source's jobs run in the order submitted. */
	for (int i = 3; i < 18; i++)
		ck_assert_int_lt(start_of[i - 1], start_of[i]);
}
END_TEST

START_TEST(test_bad_sizes)
{
	ck_assert_ptr_null(workpool_start(0, 10));
	ck_assert_ptr_null(workpool_start(65, 10));
	ck_assert_ptr_null(workpool_start(2, 0));
	workpool_stop(NULL);
}
END_TEST

TU_MAIN("workpool", 0, test_every_job_once_with_done, test_parallel_and_bounded,
        test_fair_share_per_source, test_bad_sizes)
