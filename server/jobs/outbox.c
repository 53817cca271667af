/* outbox.c: the sender of the mail outbox (outbox.h). */
#include "autoconfig.h"
#include "jobs/outbox.h"

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/log.h"
#include "jobs/mail.h"
#include "notify/notify.h"
#include "store/store_notify.h"
#include "svc/svc_accounts.h"
#include "svc/svc_notify.h"

static void outbox_wake(void);

long outbox_backoff(long base, int n)
{
	if (base < 1)
		base = 1;
	long d = base;
	for (int i = 1; i < n && d < OUTBOX_MAX_BACKOFF; i++)
		d *= 2;
	return d < OUTBOX_MAX_BACKOFF ? d : OUTBOX_MAX_BACKOFF;
}

static long retry_base(const struct app *app)
{
	const char *v = app->cfg->mail_retry;
	long n = v && *v ? strtol(v, NULL, 10) : 60;
	return n >= 1 && n <= OUTBOX_MAX_BACKOFF ? n : 60;
}

/* issue 20: the body of a sent reset mail without its secret: the token
 * of every "token=" link is replaced, the rest of the text stays for the
 * record.  New (free it), or NULL when out of memory. */
static char *without_links(const char *body)
{
	static const char mark[] = "token=", gone[] = "(removed once sent)";
	size_t n = strlen(body), k = 0;
	for (const char *p = strstr(body, mark); p; p = strstr(p + 1, mark))
		k++;
	char *out = malloc(n + k * sizeof gone + 1);
	if (!out)
		return NULL;
	char *o = out;
	const char *p = body;
	for (const char *m; (m = strstr(p, mark));) {
		m += sizeof mark - 1;
		memcpy(o, p, (size_t)(m - p));
		o += m - p;
		p = m;
		size_t hex = strspn(p, "0123456789abcdefABCDEF");
		if (hex) {
			memcpy(o, gone, sizeof gone - 1);
			o += sizeof gone - 1;
			p += hex;
		}
	}
	strcpy(o, p);
	return out;
}

/* Marks m sent; a reset mail's body loses its link at the same time; a
 * mail queued as its event keeps the text it was sent with (nm). */
static int mark_sent(struct app *app, const struct store_outbox_claimed *m,
                     const struct notify_mail *nm)
{
	if (m->queued_event)
		return store_outbox_done_text(app->st, m->id, nm->subject, nm->body);
	if (!m->kind || strcmp(m->kind, notify_kind_name(NOTIFY_PASSWORD_RESET)) != 0)
		return store_outbox_done(app->st, m->id);
	char *body = without_links(m->body);
	int rc = store_outbox_done_text(app->st, m->id, NULL,
	                                body ? body : "(a password-reset mail)");
	free(body);
	return rc;
}

/* Claims and sends one due mail: 1 when one was tried, 0 when none is
 * due, -1 on a database error. */
static int send_one(struct app *app, bool any_time, int64_t *after, int *sent, int *failed)
{
	struct store_outbox_claimed m;
	int64_t now = (int64_t)time(NULL);
	int rc = store_outbox_claim(app->st, now, OUTBOX_LEASE, any_time, *after, &m);
	if (rc != STORE_OK)
		return rc == STORE_NOT_FOUND ? 0 : -1;
	*after = m.id;
	char err[512];
	/* A mail queued as its event is rendered now (migration 0043). */
	struct notify_mail nm = {.body = NULL};
	if (m.queued_event && svc_notify_render_queued(m.queued_event, &nm, err, sizeof err) != 0) {
		/* our bug, not the relay's: kept with the error, never sent half */
		log_msg(LOG_ERROR, "mail %lld to %s cannot be rendered: %s", (long long)m.id, m.to,
		        err);
		rc = store_outbox_refused(app->st, m.id, err);
		(*failed)++;
		store_outbox_claimed_free(&m);
		return rc == STORE_OK ? 1 : -1;
	}
	/* base_url as it is now, not as it was when the mail was queued
	 * (MAIL_BASE_URL in mail.h). */
	struct mail_server ms = {app->cfg->smtp_url, app->cfg->smtp_user, app->cfg->smtp_password,
	                         app->cfg->mail_from, app->cfg->base_url};
	struct mail_msg msg = {m.to,
	                       m.queued_event ? nm.subject : m.subject,
	                       m.queued_event ? nm.body : m.body,
	                       m.message_id,
	                       m.unsubscribe,
	                       m.id};
	int send_rc = mail_send_msg(&ms, &msg, err, sizeof err);
	if (send_rc == 0) {
		rc = mark_sent(app, &m, &nm);
		(*sent)++;
	} else if (send_rc == MAIL_REFUSED) {
		/* Issue 20: a 5xx is for good; corrchess mail-status shows it. */
		log_msg(LOG_WARN, "mail %lld to %s refused, not tried again: %s", (long long)m.id,
		        m.to, err);
		rc = store_outbox_refused(app->st, m.id, err);
		(*failed)++;
	} else {
		long wait = outbox_backoff(retry_base(app), m.attempts);
		log_msg(LOG_WARN, "mail %lld to %s not sent (try %d, again in %lds): %s",
		        (long long)m.id, m.to, m.attempts, wait, err);
		rc = store_outbox_retry(app->st, m.id, err, now + wait);
		(*failed)++;
	}
	store_outbox_claimed_free(&m);
	notify_mail_free(&nm);
	return rc == STORE_OK ? 1 : -1; /* a failed update is logged by the store */
}

int outbox_flush(struct app *app, bool any_time, int *sent, int *failed)
{
	*sent = *failed = 0;
	if (!app->cfg->smtp_url || !*app->cfg->smtp_url)
		return 0;
	int rc;
	/* Oldest first, each mail once per flush: the loop ends even when
	 * every send fails. */
	int64_t after = 0;
	while ((rc = send_one(app, any_time, &after, sent, failed)) == 1)
		;
	return rc;
}

/* ---- the daemon's thread ---- */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake = PTHREAD_COND_INITIALIZER;
static pthread_t thread;
static bool running, stopping, woken, waiting;

/* The sender's rest after each pass: what is queued meanwhile waits for
 * the next pass without waking it (issue 19: under a load of moves,
 * each of which queues a mail, the sender was woken once a move, a
 * futex wake and two thread switches each time; now at most once per
 * rest).  A mail waits at most this much longer. */
#define REST_NS 5000000L /* 5 ms */

static void *sender(void *arg)
{
	struct app *app = arg;
	log_thread_name("cc-sender");
	for (;;) {
		pthread_mutex_lock(&lock);
		if (!woken && !stopping) {
			struct timespec until;
			clock_gettime(CLOCK_REALTIME, &until);
			until.tv_sec += 1;
			waiting = true;
			pthread_cond_timedwait(&wake, &lock, &until);
			waiting = false;
		}
		woken = false;
		bool stop = stopping;
		pthread_mutex_unlock(&lock);
		if (stop)
			break;
		/* The queued account work first (issue 20: reset requests
		 * and alarms make their rows here, not in the request). */
		svc_accounts_run(app);
		int sent, failed;
		if (outbox_flush(app, false, &sent, &failed) < 0)
			log_msg(LOG_ERROR, "the mail outbox cannot be read");
		else if (sent)
			log_msg(LOG_INFO, "%d mail(s) sent", sent);
		struct timespec rest = {0, REST_NS};
		nanosleep(&rest, NULL);
	}
	return NULL;
}

int outbox_start(struct app *app)
{
	pthread_mutex_lock(&lock);
	stopping = false;
	int rc = running ? 0 : pthread_create(&thread, NULL, sender, app);
	if (rc == 0)
		running = true;
	pthread_mutex_unlock(&lock);
	if (rc == 0)
		app->mail_queued = outbox_wake; /* svc_mail_queued() after each commit */
	return rc == 0 ? 0 : -1;
}

static void outbox_wake(void)
{
	pthread_mutex_lock(&lock);
	woken = true;
	if (waiting) /* else the sender is at work or at rest: it looks at woken next */
		pthread_cond_signal(&wake);
	pthread_mutex_unlock(&lock);
}

void outbox_stop(void)
{
	pthread_mutex_lock(&lock);
	bool was = running;
	stopping = true;
	pthread_cond_signal(&wake);
	pthread_mutex_unlock(&lock);
	if (was)
		pthread_join(thread, NULL);
	pthread_mutex_lock(&lock);
	running = false;
	pthread_mutex_unlock(&lock);
}
