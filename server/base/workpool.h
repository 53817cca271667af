/* workpool.h: a few threads that run slow jobs (argon2id hashing) off the
 * HTTP event threads (issue 10: a login flood must not stall reads).
 *
 * Jobs wait in a bounded queue; a full queue refuses the job at once (the
 * caller answers 503), so a flood costs memory for at most `queue` jobs.
 * A job may name its source (the client's address, issue 20): each source
 * may have at most its share of the queue waiting (queue / WORKPOOL_SHARE,
 * at least 1), and a free worker takes the oldest job of the source that has the
 * fewest jobs running and, among those, was served longest ago - so one
 * address, or six, cannot take every worker: a job of a new source starts
 * as soon as a worker is free, before the flood's queued jobs.  Jobs of
 * one source run in the order submitted.  Each job's done callback runs
 * on the worker thread after the job. */
#ifndef CORRCHESS_WORKPOOL_H
#define CORRCHESS_WORKPOOL_H

#include <stddef.h>

#define WORKPOOL_KEY_MAX 64 /* a source's name is cut to this (with its NUL) */
#define WORKPOOL_SHARE   16 /* a source may fill 1/16 of the queue (16 of 256) */

typedef struct workpool workpool;

/* The work, and what to do after it; both run on a worker thread.  done
 * may be NULL.  arg is the caller's (never freed here). */
typedef void (*workpool_fn)(void *arg);

/* Starts `threads` workers (1..64) with room for `queue` waiting jobs
 * (1..65536).  Returns a new pool (workpool_stop() it) or NULL when a
 * thread cannot start or memory is short. */
workpool *workpool_start(int threads, size_t queue);

/* Queues job(arg), then done(arg), for source key (NULL or "": no source;
 * such jobs share one lane and have no share limit, only the queue's).
 * 0, or -1 when the queue or the source's share is full or the pool is
 * stopping (nothing queued: the caller still owns arg). */
int workpool_submit_from(workpool *p, const char *key, workpool_fn job, workpool_fn done,
                         void *arg);

/* workpool_submit_from() with no source. */
int workpool_submit(workpool *p, workpool_fn job, workpool_fn done, void *arg);

/* Jobs waiting (not yet started), for /metrics. */
size_t workpool_waiting(workpool *p);

/* Refuses new jobs, runs every job already queued, joins the threads and
 * frees the pool.  NULL is a no-op. */
void workpool_stop(workpool *p);

#endif
