/* svc/svc.h: the commands of the server - one owner for every write
 * (docs/ARCHITECTURE.md "The layers").
 *
 * Every change the server makes is one function of server/svc/: the
 * adapters above (the JSON API in api/, Xfcc in xfcc/, the sweep and the
 * outbox sender in jobs/, the commands in cmd/) parse what they received,
 * call the command with a typed request and the actor, and render the
 * typed outcome.  A command does, in this order and nowhere else:
 *
 *   load -> authorize (lib/corr/authority.c, docs/AUTHORITY.md) -> the
 *   lib operation -> the new state in memory, its deadline rows and its
 *   mail -> one write transaction (svc_write()) that stores the rows
 *   under the revision they were computed from -> wake the sender.
 *
 * store/ below is table access only.  A refusal (of the policy, of a rule,
 * of the input) changes nothing and comes back as a svc_outcome: a status
 * and a stable code (docs/API.md's error codes; the HTTP status of each is
 * in api/reply.c, the Xfcc result in xfcc/xfcc_game.c). */
#ifndef CORRCHESS_SVC_H
#define CORRCHESS_SVC_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/app.h"
#include "corr/authority.h"
#include "corr/corr.h"
#include "store/store_users.h"

/* The signed-in user, as the adapters know him (filled by the API's
 * session check and Xfcc's login). */
struct user {
	int64_t id;
	char name[STORE_NAME_MAX];
	char role[STORE_ROLE_MAX]; /* "player", "tl", "kc", "admin" */
};

/* The actor of a user (NULL or id 0: anonymous). */
struct auth_actor svc_actor(const struct user *u);

/* The server itself (the sweep, the demo, the commands of corrchess). */
extern const struct user svc_server;

enum svc_status {
	SVC_OK = 0,    /* done */
	SVC_REFUSED,   /* refused: by the policy, a rule or the input; nothing changed */
	SVC_NOT_FOUND, /* what it acts on does not exist */
	SVC_STALE,     /* changed meanwhile (another write came first): nothing changed */
	SVC_ENDED,     /* stored, yet the request is refused: the game ended before it
	                  (409 lost_on_time: the move was not played) */
	SVC_BUSY,      /* the database failed or is busy: nothing changed, try again */
	SVC_ERROR,     /* a stored row breaks the rules, or memory ran out */
	SVC_PENDING,   /* the write step was handed over (svc_async_offer()): the
	                  command ends in svc_async_finish() */
};

/* What a command answers besides its result. */
struct svc_outcome {
	enum svc_status status;
	const char *code; /* the stable code (static storage); NULL when ok */
	char message[CORR_MESSAGE_MAX];
};

/* Sets o and returns its status. */
int svc_fail(struct svc_outcome *o, enum svc_status status, const char *code, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));
/* A refusal of lib/ (the policy or a rule) as an outcome (SVC_REFUSED). */
int svc_refused(struct svc_outcome *o, const struct corr_error *e);
/* o set to SVC_OK; returns SVC_OK. */
int svc_ok(struct svc_outcome *o);

/* Today (CORRCHESS_TODAY / the `today` key, else the local date) as
 * YYYY-MM-DD and as a day number: 0, or -1 when the configured date is
 * not one (then o is SVC_ERROR). */
int svc_today(const struct app *app, char iso[11], int32_t *day, struct svc_outcome *o);

/* Runs fn(app, ctx) inside a write transaction and commits it.  fn
 * answers STORE_OK, or STORE_STALE / STORE_ERROR / any store status to
 * roll back; svc_write answers that status, or STORE_ERROR when the
 * transaction cannot begin or commit.  Nothing of a failed fn stays.
 * The one place a command's transaction is made: fn holds only SQL, all
 * rules and rendering were done before (the write lock is short).
 *
 * fn runs in a savepoint of its own: on the writer thread when one runs
 * (svc_writer_start(): the daemon), in one transaction with the other
 * steps waiting then; inside the calling thread's write transaction when
 * it holds one (a batch, svc_batch_begin()); else in a transaction of its
 * own.  Either way svc_write returns once the commit is durable (with the
 * group commit: its flush done, or handed to the HTTP layer by
 * store_defer_sync()).  fn may run on another thread than the caller's:
 * it uses only app and ctx. */
int svc_write(struct app *app, int (*fn)(struct app *app, void *ctx), void *ctx);

/* ---- the asynchronous write step (docs/ARCHITECTURE.md "A move") ----
 *
 * The HTTP event thread that runs a move need not wait for the writer:
 * it offers a struct svc_async before the handler (svc_async_offer(), per
 * thread), and a game command that finds one hands its write step to the
 * writer thread and returns SVC_PENDING at once.  svc calls
 * suspend(arg) just before the step is queued (the connection is
 * suspended then, so ready() can never come first) and ready(arg) on the
 * writer's thread once the step is committed, or failed.  The caller then
 * runs svc_game_finish() (svc/svc_game.h; any thread): the rest of the
 * command, from the committed outcome.  A committed step's flush may
 * still be under way then: a->ticket names it, and the caller answers
 * only once it is on disk (store_sync_notify(); http.c handle_deferred()),
 * so the answer is rendered while the WAL is flushed.  So an event thread
 * goes on with other requests while the writer commits, and many moves
 * wait in one transaction instead of at most one an event thread. */
struct svc_async {
	void (*suspend)(void *arg);
	void (*ready)(void *arg);
	void *arg;
	int status; /* the adapter's own: e.g. the HTTP status of success */
	/* svc's: */
	void *job;                 /* the command between its two halves, or NULL */
	int rc;                    /* the step's store status */
	unsigned long long ticket; /* its commit's flush, to wait for before answering; 0: none */
};

/* The calling thread's offer for its next game command (NULL: none; the
 * command then waits for its write as always).  A command takes it at
 * most once: a->job is set when it did. */
void svc_async_offer(struct svc_async *a);
/* The calling thread's offer, taken or not, or NULL. */
struct svc_async *svc_async_current(void);

/* Queues fn(app, ctx) for the writer thread and returns without waiting:
 * a->rc and a->ticket are set and a->ready(a->arg) called once the step
 * is committed (durable once a->ticket's flush is done) or has failed.
 * 0, or -1 when no writer runs (nothing queued, no callback). */
int svc_write_async(struct app *app, int (*fn)(struct app *app, void *ctx), void *ctx,
                    struct svc_async *a);

/* The writer thread of svc_write() for app's store (the daemon starts
 * it before it serves, stops it after the last request and before
 * store_close()).  0, or -1 when the thread cannot start. */
int svc_writer_start(struct app *app);
void svc_writer_stop(void);

/* The steps the writer ran and the transactions it made them in. */
void svc_writer_counts(unsigned long long *steps, unsigned long long *transactions);

/* A batch on the calling thread (the sweep): one write transaction that
 * every svc_write() until svc_batch_commit_async() joins, each step in its
 * own savepoint.  Begin and commit answer STORE_OK or STORE_ERROR (a
 * failed commit is rolled back: nothing of the batch stays). */
int svc_batch_begin(struct app *app);

/* Commits the batch without waiting for the flush of the group commit:
 * *ticket for svc_batch_durable(), which waits until it (and every
 * commit before it) is on disk, so a job can write its next batch while
 * the last one is flushed.  STORE_OK or STORE_ERROR. */
int svc_batch_commit_async(struct app *app, unsigned long long *ticket);
int svc_batch_durable(struct app *app, unsigned long long ticket);

/* Opens the database (store_open(): the migrations) and does the work a
 * database needs before it serves: the dates of games queued by
 * migration 0012 (svc_deadlines_fill()).  The programs open the database
 * with this.  A new store, or NULL with a sentence in err. */
store *svc_open(const char *path, char *err, size_t errlen);

/* After a commit that queued mail: wakes the sender (app->mail_queued,
 * set by the daemon's outbox thread; a no-op without it). */
void svc_mail_queued(struct app *app);

#endif
