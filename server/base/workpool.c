/* workpool.c: worker threads over a ring of queued jobs. */
#include "autoconfig.h"
#include "base/workpool.h"

#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>

struct job {
	workpool_fn fn, done;
	void *arg;
};

struct workpool {
	pthread_mutex_t lock;
	pthread_cond_t ready; /* a job was queued, or the pool stops */
	struct job *ring;
	size_t cap, head, len; /* the waiting jobs: ring[head .. head+len) mod cap */
	bool stopping;
	int nthreads;
	pthread_t threads[64];
};

/* A worker: takes the oldest job, runs it and its done callback, until
 * the pool stops and the queue is empty. */
static void *worker(void *arg)
{
	workpool *p = arg;
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (p->len == 0 && !p->stopping)
			pthread_cond_wait(&p->ready, &p->lock);
		if (p->len == 0)
			break; /* stopping, and nothing left */
		struct job j = p->ring[p->head];
		p->head = (p->head + 1) % p->cap;
		p->len--;
		pthread_mutex_unlock(&p->lock);
		j.fn(j.arg);
		if (j.done)
			j.done(j.arg);
		pthread_mutex_lock(&p->lock);
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
	p->ring = calloc(queue, sizeof *p->ring);
	p->cap = queue;
	if (!p->ring || pthread_mutex_init(&p->lock, NULL) != 0) {
		free(p->ring);
		free(p);
		return NULL;
	}
	if (pthread_cond_init(&p->ready, NULL) != 0) {
		pthread_mutex_destroy(&p->lock);
		free(p->ring);
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

int workpool_submit(workpool *p, workpool_fn job, workpool_fn done, void *arg)
{
	int rc = -1;
	pthread_mutex_lock(&p->lock);
	if (!p->stopping && p->len < p->cap) {
		p->ring[(p->head + p->len) % p->cap] = (struct job){job, done, arg};
		p->len++;
		pthread_cond_signal(&p->ready);
		rc = 0;
	}
	pthread_mutex_unlock(&p->lock);
	return rc;
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
	free(p->ring);
	free(p);
}
