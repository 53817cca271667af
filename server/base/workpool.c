/* workpool.c: worker threads over the queued jobs of each source (a
 * lane), taken fairly (workpool.h). */
#include "autoconfig.h"
#include "base/workpool.h"

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"

struct job {
	workpool_fn fn, done;
	void *arg;
	int next; /* the next job of its lane, or the next free job; -1: none */
};

/* A source with jobs waiting or running. */
struct lane {
	bool used;
	char key[WORKPOOL_KEY_MAX];
	int head, tail; /* its waiting jobs, oldest first (indices into jobs) */
	size_t waiting;
	int running;
	uint64_t last; /* the serial of its last job started (0: none yet) */
};

struct workpool {
	pthread_mutex_t lock;
	pthread_cond_t ready; /* a job was queued, or the pool stops */
	struct job *jobs;     /* cap entries */
	int free_job;         /* the free list through jobs[].next */
	struct lane *lanes;   /* nlanes entries: a lane per waiting job, per worker */
	size_t nlanes;
	size_t cap, len, share; /* the queue's room, the jobs waiting, a source's share */
	uint64_t serial;
	bool stopping;
	int nthreads;
	pthread_t threads[64];
};

/* The lane of key: its own (a lane keeps its key and when it was last
 * served after it empties, so a source that sends one job at a time
 * keeps its place behind the others), or the idle lane served longest
 * ago.  NULL when none is idle (cannot happen: there are more lanes than
 * waiting and running jobs together). */
static struct lane *lane_of(workpool *p, const char *key)
{
	struct lane *spare = NULL, *l = NULL;
	for (size_t i = 0; i < p->nlanes && !l; i++) {
		struct lane *c = &p->lanes[i];
		if (strcmp(c->key, key) == 0 && (c->used || c->last))
			l = c;
		else if (!c->used && (!spare || c->last < spare->last))
			spare = c;
	}
	if (l && l->used)
		return l;
	uint64_t last = l ? l->last : 0;
	if (!l) {
		l = spare;
		if (!l)
			return NULL;
		last = 0;
	}
	memset(l, 0, sizeof *l);
	l->used = true;
	l->head = l->tail = -1;
	l->last = last;
	snprintf(l->key, sizeof l->key, "%s", key);
	return l;
}

/* The lane a free worker serves next: of the lanes with jobs waiting, the
 * one with the fewest running, then the one served longest ago. */
static struct lane *next_lane(workpool *p)
{
	struct lane *best = NULL;
	for (size_t i = 0; i < p->nlanes; i++) {
		struct lane *l = &p->lanes[i];
		if (!l->used || !l->waiting)
			continue;
		if (!best || l->running < best->running ||
		    (l->running == best->running && l->last < best->last))
			best = l;
	}
	return best;
}

/* A worker: takes the next job, runs it and its done callback, until the
 * pool stops and the queue is empty. */
static void *worker(void *arg)
{
	workpool *p = arg;
	log_thread_name("cc-pool");
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (p->len == 0 && !p->stopping)
			pthread_cond_wait(&p->ready, &p->lock);
		if (p->len == 0)
			break; /* stopping, and nothing left */
		struct lane *l = next_lane(p);
		int i = l->head;
		struct job j = p->jobs[i];
		l->head = j.next;
		if (l->head < 0)
			l->tail = -1;
		l->waiting--;
		l->running++;
		l->last = ++p->serial;
		p->jobs[i].next = p->free_job;
		p->free_job = i;
		p->len--;
		pthread_mutex_unlock(&p->lock);
		j.fn(j.arg);
		if (j.done)
			j.done(j.arg);
		pthread_mutex_lock(&p->lock);
		l->running--;
		if (!l->running && !l->waiting)
			l->used = false;
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

workpool *workpool_start(int threads, size_t queue)
{
	if (threads < 1 || threads > 64 || queue < 1 || queue > 65536)
		return NULL;
	workpool *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->cap = queue;
	p->share = queue >= WORKPOOL_SHARE ? queue / WORKPOOL_SHARE : queue;
	p->nlanes = queue + (size_t)threads;
	p->jobs = calloc(queue, sizeof *p->jobs);
	p->lanes = calloc(p->nlanes, sizeof *p->lanes);
	if (!p->jobs || !p->lanes || pthread_mutex_init(&p->lock, NULL) != 0) {
		free(p->jobs);
		free(p->lanes);
		free(p);
		return NULL;
	}
	for (size_t i = 0; i < queue; i++)
		p->jobs[i].next = i + 1 < queue ? (int)(i + 1) : -1;
	p->free_job = 0;
	if (pthread_cond_init(&p->ready, NULL) != 0) {
		pthread_mutex_destroy(&p->lock);
		free(p->jobs);
		free(p->lanes);
		free(p);
		return NULL;
	}
	/* The workers take no signals: the daemon's main thread waits for
	 * them with sigwait() (corrchessd.c). */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (int i = 0; i < threads; i++) {
		if (pthread_create(&p->threads[i], NULL, worker, p) != 0)
			break;
		p->nthreads++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (p->nthreads < threads) {
		workpool_stop(p);
		return NULL;
	}
	return p;
}

int workpool_submit_from(workpool *p, const char *key, workpool_fn job, workpool_fn done, void *arg)
{
	int rc = -1;
	bool sourced = key && *key;
	pthread_mutex_lock(&p->lock);
	if (!p->stopping && p->len < p->cap) {
		struct lane *l = lane_of(p, sourced ? key : "");
		if (l && (!sourced || l->waiting < p->share)) {
			int i = p->free_job;
			p->free_job = p->jobs[i].next;
			p->jobs[i] = (struct job){job, done, arg, -1};
			if (l->tail >= 0)
				p->jobs[l->tail].next = i;
			else
				l->head = i;
			l->tail = i;
			l->waiting++;
			p->len++;
			pthread_cond_signal(&p->ready);
			rc = 0;
		} else if (l && !l->waiting && !l->running) {
			l->used = false;
		}
	}
	pthread_mutex_unlock(&p->lock);
	return rc;
}

int workpool_submit(workpool *p, workpool_fn job, workpool_fn done, void *arg)
{
	return workpool_submit_from(p, NULL, job, done, arg);
}

size_t workpool_waiting(workpool *p)
{
	pthread_mutex_lock(&p->lock);
	size_t n = p->len;
	pthread_mutex_unlock(&p->lock);
	return n;
}

void workpool_stop(workpool *p)
{
	if (!p)
		return;
	pthread_mutex_lock(&p->lock);
	p->stopping = true;
	pthread_cond_broadcast(&p->ready);
	pthread_mutex_unlock(&p->lock);
	for (int i = 0; i < p->nthreads; i++)
		pthread_join(p->threads[i], NULL);
	pthread_cond_destroy(&p->ready);
	pthread_mutex_destroy(&p->lock);
	free(p->jobs);
	free(p->lanes);
	free(p);
}
