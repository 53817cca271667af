/* walsync.c: one thread that fdatasync()s the WAL for every waiting writer. */
#include "autoconfig.h"
#include "store/walsync.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/log.h"

/* A writer waiting without a thread (walsync_notify()). */
struct waiter {
	unsigned long long ticket;
	void (*done)(void *arg, int status);
	void *arg;
	struct waiter *next;
};

struct walsync {
	char *wal;
	walsync_flush_fn flush;
	void *ctx;
	pthread_mutex_t lock;
	pthread_cond_t want;       /* a writer waits for a flush */
	pthread_cond_t done;       /* a flush finished */
	unsigned long long asked;  /* tickets handed out */
	unsigned long long synced; /* every ticket up to this one is on disk */
	unsigned long long flushes;
	bool failed, stopping;
	pthread_t thread;
	struct waiter *waiters; /* in no order; few (one per suspended request) */
};

/* Takes the waiters whose tickets are covered by synced off the list
 * (under the lock) and calls them (without it). */
static void call_covered(walsync *w)
{
	struct waiter *ready = NULL, **pp = &w->waiters;
	while (*pp) {
		struct waiter *x = *pp;
		if (x->ticket <= w->synced) {
			*pp = x->next;
			x->next = ready;
			ready = x;
		} else {
			pp = &x->next;
		}
	}
	int status = w->failed ? -1 : 0;
	pthread_mutex_unlock(&w->lock);
	while (ready) {
		struct waiter *x = ready;
		ready = x->next;
		x->done(x->arg, status);
		free(x);
	}
	pthread_mutex_lock(&w->lock);
}

/* The default flush.  A missing WAL file has nothing to flush (SQLite
 * removes it when the last connection closes, after a checkpoint). */
static int flush_wal(const char *path, void *ctx)
{
	(void)ctx;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT ? 0 : -1;
	int rc = fdatasync(fd);
	int e = errno;
	close(fd);
	errno = e;
	return rc;
}

/* The syncing thread: while tickets wait, note the newest, flush, and
 * release every ticket up to it.  A ticket taken during a flush waits for
 * the next one, which started after its commit. */
static void *syncer(void *arg)
{
	walsync *w = arg;
	log_thread_name("cc-walsync");
	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (w->synced == w->asked && !w->stopping)
			pthread_cond_wait(&w->want, &w->lock);
		if (w->synced == w->asked && w->stopping)
			break;
		unsigned long long target = w->asked;
		pthread_mutex_unlock(&w->lock);
		int rc = w->flush(w->wal, w->ctx);
		int e = errno;
		pthread_mutex_lock(&w->lock);
		w->flushes++;
		if (rc != 0 && !w->failed) {
			w->failed = true;
			log_msg(LOG_ERROR,
			        "fdatasync of %s failed (%s): commits are no longer durable; "
			        "stop the server and check the disk",
			        w->wal, strerror(e));
		}
		w->synced = target;
		pthread_cond_broadcast(&w->done);
		call_covered(w);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

walsync *walsync_start(const char *db_path, walsync_flush_fn flush, void *ctx)
{
	walsync *w = calloc(1, sizeof *w);
	if (!w)
		return NULL;
	size_t n = strlen(db_path) + 5;
	w->wal = malloc(n);
	if (!w->wal)
		goto fail;
	snprintf(w->wal, n, "%s-wal", db_path);
	w->flush = flush ? flush : flush_wal;
	w->ctx = ctx;
	if (pthread_mutex_init(&w->lock, NULL) != 0)
		goto fail;
	if (pthread_cond_init(&w->want, NULL) != 0 || pthread_cond_init(&w->done, NULL) != 0)
		goto fail; /* (a condition made before is not destroyed: a leak at start only) */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old); /* signals are the main thread's */
	int rc = pthread_create(&w->thread, NULL, syncer, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0)
		goto fail;
	return w;
fail:
	free(w->wal);
	free(w);
	return NULL;
}

int walsync_wait(walsync *w)
{
	pthread_mutex_lock(&w->lock);
	unsigned long long ticket = ++w->asked;
	pthread_cond_signal(&w->want);
	while (w->synced < ticket)
		pthread_cond_wait(&w->done, &w->lock);
	int rc = w->failed ? -1 : 0;
	pthread_mutex_unlock(&w->lock);
	return rc;
}

int walsync_wait_for(walsync *w, unsigned long long ticket)
{
	pthread_mutex_lock(&w->lock);
	while (w->synced < ticket)
		pthread_cond_wait(&w->done, &w->lock);
	int rc = w->failed ? -1 : 0;
	pthread_mutex_unlock(&w->lock);
	return rc;
}

unsigned long long walsync_ticket(walsync *w)
{
	pthread_mutex_lock(&w->lock);
	unsigned long long ticket = ++w->asked;
	pthread_cond_signal(&w->want);
	pthread_mutex_unlock(&w->lock);
	return ticket;
}

int walsync_notify(walsync *w, unsigned long long ticket, void (*done)(void *arg, int status),
                   void *arg, int *status)
{
	pthread_mutex_lock(&w->lock);
	if (w->synced >= ticket) {
		*status = w->failed ? -1 : 0;
		pthread_mutex_unlock(&w->lock);
		return 1;
	}
	struct waiter *x = malloc(sizeof *x);
	if (!x) {
		pthread_mutex_unlock(&w->lock);
		return -1;
	}
	*x = (struct waiter){ticket, done, arg, w->waiters};
	w->waiters = x;
	pthread_mutex_unlock(&w->lock);
	return 0;
}

int walsync_done(walsync *w, unsigned long long ticket, int *status)
{
	pthread_mutex_lock(&w->lock);
	int done = w->synced >= ticket;
	*status = w->failed ? -1 : 0;
	pthread_mutex_unlock(&w->lock);
	return done;
}

unsigned long long walsync_flushes(walsync *w)
{
	pthread_mutex_lock(&w->lock);
	unsigned long long n = w->flushes;
	pthread_mutex_unlock(&w->lock);
	return n;
}

unsigned long long walsync_pending(walsync *w)
{
	pthread_mutex_lock(&w->lock);
	unsigned long long n = w->asked - w->synced;
	pthread_mutex_unlock(&w->lock);
	return n;
}

void walsync_stop(walsync *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	w->stopping = true;
	pthread_cond_signal(&w->want);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->thread, NULL);
	pthread_cond_destroy(&w->want);
	pthread_cond_destroy(&w->done);
	pthread_mutex_destroy(&w->lock);
	free(w->wal);
	free(w);
}
