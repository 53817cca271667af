/* svc.c: what every command shares (svc/svc.h): the actor, the outcome,
 * today, the write transaction. */
#include "autoconfig.h"
#include "svc/svc.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "store/store.h"
#include "svc/svc_deadlines.h"
#include "util/status.h"

const struct user svc_server = {0, "corrchess", "server"};

struct auth_actor svc_actor(const struct user *u)
{
	struct auth_actor a = {0, AUTH_ANONYMOUS};
	if (!u)
		return a;
	if (u == &svc_server || strcmp(u->role, "server") == 0) {
		a.role = AUTH_SERVER;
		return a;
	}
	if (u->id > 0) {
		a.id = u->id;
		a.role = auth_role_of(u->role);
		if (a.role == AUTH_ANONYMOUS) /* an unknown stored role: a player */
			a.role = AUTH_PLAYER;
	}
	return a;
}

int svc_fail(struct svc_outcome *o, enum svc_status status, const char *code, const char *fmt, ...)
{
	o->status = status;
	o->code = code;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(o->message, sizeof o->message, fmt, ap);
	va_end(ap);
	return status;
}

int svc_refused(struct svc_outcome *o, const struct corr_error *e)
{
	const char *code = e->code ? e->code : "internal";
	enum svc_status st = strcmp(code, "internal") == 0 ? SVC_ERROR : SVC_REFUSED;
	if (strcmp(code, "not_found") == 0)
		st = SVC_NOT_FOUND;
	else if (strcmp(code, "stale") == 0)
		st = SVC_STALE;
	return svc_fail(o, st, code, "%s", e->message);
}

int svc_ok(struct svc_outcome *o)
{
	o->status = SVC_OK;
	o->code = NULL;
	o->message[0] = '\0';
	return SVC_OK;
}

int svc_today(const struct app *app, char iso[11], int32_t *day, struct svc_outcome *o)
{
	if (app->cfg->today && strlen(app->cfg->today) == 10) {
		memcpy(iso, app->cfg->today, 11);
	} else {
		time_t now = time(NULL);
		struct tm tm;
		localtime_r(&now, &tm);
		strftime(iso, 11, "%Y-%m-%d", &tm);
	}
	char err[128];
	if (calendar_parse(iso, day, err, sizeof err) != CC_OK) {
		if (o)
			svc_fail(o, SVC_ERROR, "internal",
			         "the server's date \"%s\" is not usable: %s", iso, err);
		return -1;
	}
	return 0;
}

/* One step of a write transaction: fn(app, ctx) in a savepoint of its
 * own, so a stale or failed step is undone alone and the others of the
 * transaction stand.  Its status, or STORE_ERROR when the savepoint
 * itself failed (*broken: the transaction must be rolled back). */
static int run_step(struct app *app, int (*fn)(struct app *, void *), void *ctx, bool *broken)
{
	if (store_savepoint(app->st) != STORE_OK) {
		*broken = true;
		return STORE_ERROR;
	}
	int rc = fn(app, ctx);
	if (store_savepoint_end(app->st, rc == STORE_OK) != STORE_OK) {
		*broken = true;
		return STORE_ERROR;
	}
	return rc;
}

/* ---- the writer queue ----
 *
 * The daemon's requests hand their write step to one writer thread
 * (svc_writer_start()), which runs every step waiting in one transaction,
 * each in its own savepoint, commits once and answers each caller with
 * its own status.  A move then holds the write lock only for its SQL, and
 * the pages several moves share (the outbox's last page, the indexes'
 * newest pages, the games rows side by side) are written to the WAL once
 * per transaction instead of once per move. */

#define WRITER_BATCH 64 /* steps at most in one transaction */

struct step {
	int (*fn)(struct app *app, void *ctx);
	void *ctx;
	int rc;
	bool done;
	unsigned long long ticket; /* its commit's flush (store_sync_adopt()) */
	struct step *next;
	struct svc_async *async; /* svc_write_async(): nobody waits, the step is the writer's */
};

static struct {
	pthread_mutex_t lock;
	pthread_cond_t work, done;
	struct step *head, **tail;
	bool running, stopping;
	pthread_t thread;
	struct app *app;
	unsigned long long steps, transactions; /* for the bench and the tests */
} writer = {.lock = PTHREAD_MUTEX_INITIALIZER,
            .work = PTHREAD_COND_INITIALIZER,
            .done = PTHREAD_COND_INITIALIZER};

/* One transaction of steps batch[0..n): each rc set. */
static void write_batch(struct app *app, struct step **batch, int n)
{
	unsigned long long ticket = 0;
	bool broken = false;
	if (store_begin(app->st) != STORE_OK) {
		for (int i = 0; i < n; i++)
			batch[i]->rc = STORE_ERROR;
		return;
	}
	for (int i = 0; i < n; i++)
		batch[i]->rc =
		        broken ? STORE_ERROR : run_step(app, batch[i]->fn, batch[i]->ctx, &broken);
	if (broken) {
		store_rollback(app->st);
	} else if (store_commit_ticket(app->st, &ticket) == STORE_OK) {
		for (int i = 0; i < n; i++)
			batch[i]->ticket = ticket;
		return;
	}
	for (int i = 0; i < n; i++) /* nothing of the transaction stays */
		if (batch[i]->rc == STORE_OK)
			batch[i]->rc = STORE_ERROR;
}

/* The asynchronous steps of a batch, after its commit (on the writer
 * thread, without its lock): each answered at once, with the ticket of
 * the commit's flush for the caller to wait for before it answers in
 * turn (svc.h, struct svc_async).  Frees them. */
static void answer_async(struct step **steps, int n)
{
	for (int i = 0; i < n; i++) {
		struct svc_async *a = steps[i]->async;
		a->rc = steps[i]->rc;
		a->ticket = a->rc == STORE_OK ? steps[i]->ticket : 0;
		a->ready(a->arg);
		free(steps[i]);
	}
}

static void *writer_main(void *arg)
{
	struct app *app = arg;
	log_thread_name("cc-writer");
	struct step *batch[WRITER_BATCH], *async[WRITER_BATCH];
	pthread_mutex_lock(&writer.lock);
	for (;;) {
		while (!writer.head && !writer.stopping)
			pthread_cond_wait(&writer.work, &writer.lock);
		if (!writer.head)
			break; /* stopping, and nothing left */
		int n = 0;
		while (writer.head && n < WRITER_BATCH) {
			batch[n++] = writer.head;
			writer.head = writer.head->next;
		}
		if (!writer.head)
			writer.tail = &writer.head;
		pthread_mutex_unlock(&writer.lock);
		write_batch(app, batch, n);
		int nasync = 0;
		for (int i = 0; i < n; i++)
			if (batch[i]->async)
				async[nasync++] = batch[i];
		pthread_mutex_lock(&writer.lock);
		writer.steps += (unsigned long long)n;
		writer.transactions++;
		if (nasync < n) { /* a waiting step may be gone once it is done */
			for (int i = 0; i < n; i++)
				batch[i]->done = true;
			pthread_cond_broadcast(&writer.done);
		}
		pthread_mutex_unlock(&writer.lock);
		answer_async(async, nasync);
		pthread_mutex_lock(&writer.lock);
	}
	pthread_mutex_unlock(&writer.lock);
	return NULL;
}

int svc_writer_start(struct app *app)
{
	pthread_mutex_lock(&writer.lock);
	int rc = 0;
	if (!writer.running) {
		writer.app = app;
		writer.head = NULL;
		writer.tail = &writer.head;
		writer.stopping = false;
		sigset_t all, old;
		sigfillset(&all);
		pthread_sigmask(SIG_BLOCK, &all, &old); /* signals are the main thread's */
		rc = pthread_create(&writer.thread, NULL, writer_main, app);
		pthread_sigmask(SIG_SETMASK, &old, NULL);
		writer.running = rc == 0;
	}
	pthread_mutex_unlock(&writer.lock);
	return rc == 0 ? 0 : -1;
}

void svc_writer_stop(void)
{
	pthread_mutex_lock(&writer.lock);
	bool was = writer.running;
	writer.stopping = true;
	pthread_cond_signal(&writer.work);
	pthread_mutex_unlock(&writer.lock);
	if (was)
		pthread_join(writer.thread, NULL);
	pthread_mutex_lock(&writer.lock);
	writer.running = false;
	writer.app = NULL;
	pthread_mutex_unlock(&writer.lock);
}

void svc_writer_counts(unsigned long long *steps, unsigned long long *transactions)
{
	pthread_mutex_lock(&writer.lock);
	*steps = writer.steps;
	*transactions = writer.transactions;
	pthread_mutex_unlock(&writer.lock);
}

/* Whether the writer thread writes for app's store (under writer.lock). */
static bool writer_serves(const struct app *app)
{
	return writer.running && !writer.stopping && writer.app && writer.app->st == app->st;
}

/* Hands fn to the writer thread and waits for its answer: the status, or
 * -2 when no writer runs for this store (then the caller writes). */
static int queued_write(struct app *app, int (*fn)(struct app *, void *), void *ctx)
{
	struct step st = {fn, ctx, STORE_ERROR, false, 0, NULL, NULL};
	pthread_mutex_lock(&writer.lock);
	if (!writer_serves(app)) {
		pthread_mutex_unlock(&writer.lock);
		return -2;
	}
	*writer.tail = &st;
	writer.tail = &st.next;
	pthread_cond_signal(&writer.work);
	while (!st.done)
		pthread_cond_wait(&writer.done, &writer.lock);
	pthread_mutex_unlock(&writer.lock);
	/* Durable before it is answered (issue 10): the caller's thread waits
	 * for the flush, or the HTTP layer does. */
	if (st.rc == STORE_OK && store_sync_adopt(app->st, st.ticket) != 0)
		return STORE_ERROR;
	return st.rc;
}

static _Thread_local struct svc_async *offered; /* svc_async_offer() */

void svc_async_offer(struct svc_async *a)
{
	if (a) {
		a->job = NULL;
		a->rc = STORE_ERROR;
		a->ticket = 0;
	}
	offered = a;
}

struct svc_async *svc_async_current(void)
{
	return offered;
}

int svc_write_async(struct app *app, int (*fn)(struct app *app, void *ctx), void *ctx,
                    struct svc_async *a)
{
	if (store_writing(app->st))
		return -1; /* a step of the caller's own transaction */
	pthread_mutex_lock(&writer.lock);
	bool serves = writer_serves(app);
	pthread_mutex_unlock(&writer.lock);
	struct step *st = serves ? malloc(sizeof *st) : NULL;
	if (!st)
		return -1;
	*st = (struct step){fn, ctx, STORE_ERROR, false, 0, NULL, a};
	/* Before the writer can answer it; outside the writer's lock (the
	 * HTTP layer's own locks are never taken under it). */
	a->suspend(a->arg);
	pthread_mutex_lock(&writer.lock);
	if (!writer_serves(app)) { /* stopped meanwhile: failed, nothing written */
		pthread_mutex_unlock(&writer.lock);
		free(st);
		a->rc = STORE_ERROR;
		a->ready(a->arg);
		return 0;
	}
	*writer.tail = st;
	writer.tail = &st->next;
	pthread_cond_signal(&writer.work);
	pthread_mutex_unlock(&writer.lock);
	return 0;
}

int svc_write(struct app *app, int (*fn)(struct app *app, void *ctx), void *ctx)
{
	/* Inside a write transaction of the caller (a batch of the sweep, a
	 * command writing several things, a step of the writer itself): one
	 * more step of it. */
	if (store_writing(app->st)) {
		bool broken = false;
		int rc = run_step(app, fn, ctx, &broken);
		return broken ? STORE_ERROR : rc;
	}
	int rc = queued_write(app, fn, ctx);
	if (rc != -2)
		return rc;
	if (store_begin(app->st) != STORE_OK)
		return STORE_ERROR;
	rc = fn(app, ctx);
	if (rc != STORE_OK) {
		store_rollback(app->st);
		return rc;
	}
	return store_commit(app->st) == STORE_OK ? STORE_OK : STORE_ERROR;
}

int svc_batch_begin(struct app *app)
{
	return store_begin(app->st);
}

int svc_batch_commit_async(struct app *app, unsigned long long *ticket)
{
	return store_commit_ticket(app->st, ticket);
}

int svc_batch_durable(struct app *app, unsigned long long ticket)
{
	return store_sync_adopt(app->st, ticket) == 0 ? STORE_OK : STORE_ERROR;
}

void svc_mail_queued(struct app *app)
{
	if (app->mail_queued)
		app->mail_queued();
}

store *svc_open(const char *path, char *err, size_t errlen)
{
	store *s = store_open(path, err, errlen);
	if (!s)
		return NULL;
	size_t filled;
	if (svc_deadlines_fill(s, &filled) != STORE_OK) {
		snprintf(err, errlen, "database %s: the dates of its games cannot be computed",
		         path);
		store_close(s);
		return NULL;
	}
	return s;
}
