/* workpool.h: a few threads that run slow jobs (argon2id hashing) off the
 * HTTP event threads (issue 10: a login flood must not stall reads).
 *
 * Jobs wait in a bounded queue and run in the order submitted; a full
 * queue refuses the job at once (the caller answers 503), so a flood
 * costs memory for at most `queue` jobs.  Each job's done callback runs
 * on the worker thread after the job. */
#ifndef CORRCHESS_WORKPOOL_H
#define CORRCHESS_WORKPOOL_H

#include <stddef.h>

typedef struct workpool workpool;

/* The work, and what to do after it; both run on a worker thread.  done
 * may be NULL.  arg is the caller's (never freed here). */
typedef void (*workpool_fn)(void *arg);

/* Starts `threads` workers (1..64) with room for `queue` waiting jobs
 * (1..65536).  Returns a new pool (workpool_stop() it) or NULL when a
 * thread cannot start or memory is short. */
workpool *workpool_start(int threads, size_t queue);

/* Queues job(arg), then done(arg).  0, or -1 when the queue is full or the
 * pool is stopping (nothing queued: the caller still owns arg). */
int workpool_submit(workpool *p, workpool_fn job, workpool_fn done, void *arg);

/* Jobs waiting (not yet started), for /metrics. */
size_t workpool_waiting(workpool *p);

/* Refuses new jobs, runs every job already queued, joins the threads and
 * frees the pool.  NULL is a no-op. */
void workpool_stop(workpool *p);

#endif
