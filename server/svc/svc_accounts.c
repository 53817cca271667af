/* svc/svc_accounts.c: the logins and the password commands
 * (svc_accounts.h). */
#include "autoconfig.h"
#include "svc/svc_accounts.h"

#include <pthread.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/auth.h"
#include "base/log.h"
#include "notify/notify.h"
#include "store/store_notify.h"
#include "store/resets.h"
#include "store/store_users.h"
#include "svc/svc_notify.h"

_Static_assert(STORE_RESET_HASH == AUTH_TOKEN_HASH, "a reset token hash is a token hash");

/* The throttle's key of an account: one per user whatever form his login
 * had ("#" and his id), or the login text itself when no user has it. */
static void account_key(int64_t uid, const char *login, char *out, size_t n)
{
	if (uid > 0)
		snprintf(out, n, "#%lld", (long long)uid);
	else
		snprintf(out, n, "%s", login ? login : "");
}

/* ---- the queued work ---- */

enum pending_kind { PENDING_RESET, PENDING_ALARM };

struct pending {
	enum pending_kind kind;
	char login[STORE_EMAIL_MAX + STORE_NAME_MAX]; /* PENDING_RESET: as typed (cut) */
	int64_t uid;                                  /* PENDING_ALARM */
	int failures;                                 /* PENDING_ALARM */
};

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pending queue[SVC_ACCOUNT_QUEUE];
static size_t queue_head, queue_len;

/* Queues p and wakes the sender; false when the queue is full. */
static bool push(struct app *app, const struct pending *p)
{
	pthread_mutex_lock(&queue_lock);
	bool ok = queue_len < SVC_ACCOUNT_QUEUE;
	if (ok) {
		queue[(queue_head + queue_len) % SVC_ACCOUNT_QUEUE] = *p;
		queue_len++;
	}
	pthread_mutex_unlock(&queue_lock);
	if (ok)
		svc_mail_queued(app);
	return ok;
}

static bool pop(struct pending *p)
{
	pthread_mutex_lock(&queue_lock);
	bool ok = queue_len > 0;
	if (ok) {
		*p = queue[queue_head];
		queue_head = (queue_head + 1) % SVC_ACCOUNT_QUEUE;
		queue_len--;
	}
	pthread_mutex_unlock(&queue_lock);
	return ok;
}

/* ---- signing in ---- */

/* The wait of the throttle and then of the hashing budget for account
 * key from addr (0: go on). */
static int gate(struct app *app, const char *key, const char *addr, int64_t now)
{
	if (!app->logins)
		return 0;
	int w = throttle_check(app->logins, key, addr, now);
	if (w > 0)
		return w;
	return throttle_hash(app->logins, addr, now);
}

/* A failed password for account key (user uid, 0: none) from addr: it
 * counts, and the owner is told once his account reaches the name-wide
 * limit. */
static void failed(struct app *app, const char *key, int64_t uid, const char *addr, int64_t now)
{
	if (app->metrics)
		metrics_add(app->metrics, METRICS_LOGIN_FAILED, 1);
	if (!app->logins || !throttle_failed(app->logins, key, addr, now) || uid <= 0)
		return;
	struct pending p = {.kind = PENDING_ALARM,
	                    .uid = uid,
	                    .failures = throttle_name_failures(app->logins, key, now)};
	log_msg(LOG_WARN, "user %lld: %d failed sign-ins within an hour; the owner is told",
	        (long long)uid, p.failures);
	if (!push(app, &p))
		log_msg(LOG_WARN, "user %lld: the alarm mail was dropped (queue full)",
		        (long long)uid);
}

int svc_login(struct app *app, const char *login, const char *password, const char *addr,
              struct user *u, int *wait)
{
	int64_t now = (int64_t)time(NULL), uid = -1;
	char stored[AUTH_HASH_MAX] = "", key[STORE_EMAIL_MAX + STORE_NAME_MAX + 2];
	*wait = 0;
	/* The lookup comes first (one indexed read, the same for a known and
	 * an unknown login), so the counter is the account's whatever form
	 * the login had. */
	int rc = store_users_login(app->st, login, &uid, stored, sizeof stored);
	if (rc == STORE_ERROR)
		return SVC_LOGIN_ERROR;
	bool known = rc == STORE_OK;
	account_key(known ? uid : 0, login, key, sizeof key);
	*wait = gate(app, key, addr, now);
	if (*wait > 0) {
		if (app->metrics)
			metrics_add(app->metrics, METRICS_LOGIN_THROTTLED, 1);
		return SVC_LOGIN_THROTTLED;
	}
	/* An unknown login is checked against a dummy hash: the same cost. */
	bool ok = strlen(password) <= AUTH_PASSWORD_MAX &&
	          auth_check_password(known ? stored : NULL, password) && known;
	if (!ok) {
		failed(app, key, known ? uid : 0, addr, now);
		return SVC_LOGIN_FAILED;
	}
	if (app->logins)
		throttle_succeeded(app->logins, key, addr, now);
	/* issue 10: a hash weaker than today's cost is replaced now that the
	 * password is known; a failure here costs the user nothing. */
	char fresh[AUTH_HASH_MAX];
	if (auth_needs_rehash(stored) && auth_hash_password(password, fresh) == 0)
		store_users_replace_hash(app->st, uid, stored, fresh);
	struct store_user su;
	rc = store_users_get(app->st, uid, &su);
	if (rc != STORE_OK)
		return rc == STORE_NOT_FOUND ? SVC_LOGIN_FAILED : SVC_LOGIN_ERROR;
	u->id = su.id;
	memcpy(u->name, su.name, sizeof u->name);
	memcpy(u->role, su.role, sizeof u->role);
	return SVC_LOGIN_OK;
}

static int too_many(struct svc_outcome *o, int wait)
{
	int m = (wait + 59) / 60;
	return svc_fail(o, SVC_REFUSED, "too_many_attempts",
	                "too many attempts from here; try again in %d minute%s", m,
	                m == 1 ? "" : "s");
}

int svc_password_change(struct app *app, const struct user *u, const char *old, const char *new,
                        const char *addr, const uint8_t keep[32], int *wait, struct svc_outcome *o)
{
	int64_t now = (int64_t)time(NULL), uid = -1;
	char key[32], stored[AUTH_HASH_MAX] = "";
	account_key(u->id, NULL, key, sizeof key);
	*wait = gate(app, key, addr, now);
	if (*wait > 0)
		return too_many(o, *wait);
	int rc = store_users_login(app->st, u->name, &uid, stored, sizeof stored);
	if (rc == STORE_ERROR)
		return svc_fail(o, SVC_BUSY, "internal", "the database is not available");
	/* A wrong old password is a failed login of this user (so a stolen
	 * session cannot guess it). */
	if (strlen(old) > AUTH_PASSWORD_MAX || !auth_check_password(stored, old) ||
	    rc != STORE_OK || uid != u->id) {
		failed(app, key, u->id, addr, now);
		return svc_fail(o, SVC_REFUSED, "wrong_password", "the old password is wrong");
	}
	char hash[AUTH_HASH_MAX];
	if (auth_hash_password(new, hash) != 0)
		return svc_fail(o, SVC_ERROR, "internal", "the password could not be hashed");
	if (store_users_set_password(app->st, uid, hash, keep, 32, now) != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the password could not be stored; try again");
	return svc_ok(o);
}

/* ---- resets ---- */

void svc_reset_request(struct app *app, const char *login, const char *addr)
{
	/* The request's own work is only this; the budget keeps one address
	 * from filling the queue (or a stranger's mailbox). */
	int64_t now = (int64_t)time(NULL);
	if (app->logins && throttle_hash(app->logins, addr, now) > 0) {
		log_msg(LOG_INFO, "reset request from %s dropped: its budget is spent",
		        addr ? addr : "-");
		return;
	}
	struct pending p = {.kind = PENDING_RESET};
	snprintf(p.login, sizeof p.login, "%s", login);
	if (!push(app, &p))
		log_msg(LOG_WARN, "reset request dropped: %d are waiting", SVC_ACCOUNT_QUEUE);
}

int svc_reset_confirm(struct app *app, const char *token, const char *password, const char *addr,
                      int *wait, struct svc_outcome *o)
{
	int64_t now = (int64_t)time(NULL), uid = -1;
	*wait = app->logins ? throttle_check(app->logins, NULL, addr, now) : 0;
	if (*wait > 0)
		return too_many(o, *wait);
	/* The cheap checks first: the token's form, then its row. */
	uint8_t th[AUTH_TOKEN_HASH], stored[STORE_RESET_HASH];
	int rc = auth_token_hash(token, th) != 0
	                 ? STORE_NOT_FOUND
	                 : store_resets_find(app->st, th, now, &uid, stored);
	if (rc == STORE_ERROR)
		return svc_fail(o, SVC_BUSY, "busy", "the database is busy; try again");
	if (rc != STORE_OK || sodium_memcmp(stored, th, sizeof th) != 0) {
		if (app->logins)
			throttle_failed(app->logins, NULL, addr, now);
		return svc_fail(o, SVC_REFUSED, "invalid_token",
		                "the reset link is unknown, used or expired; ask for a new one");
	}
	*wait = app->logins ? throttle_hash(app->logins, addr, now) : 0;
	if (*wait > 0)
		return too_many(o, *wait);
	char hash[AUTH_HASH_MAX];
	if (auth_hash_password(password, hash) != 0)
		return svc_fail(o, SVC_ERROR, "internal", "the password could not be hashed");
	rc = store_resets_use(app->st, th, now, hash, &uid);
	if (rc == STORE_NOT_FOUND) /* used meanwhile */
		return svc_fail(o, SVC_REFUSED, "invalid_token",
		                "the reset link is unknown, used or expired; ask for a new one");
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the password could not be stored; try again");
	return svc_ok(o);
}

int svc_hash_budget(struct app *app, const char *addr)
{
	return app->logins ? throttle_hash(app->logins, addr, (int64_t)time(NULL)) : 0;
}

/* The reset mail, in Danish and English (its receiver's language is not
 * known before he signs in). */
static void reset_mail(const char *name, const char *link, char *subject, size_t sn, char *body,
                       size_t bn)
{
	snprintf(subject, sn, "corrchess: ny adgangskode / new password");
	snprintf(body, bn,
	         "Hej %s,\n\n"
	         "Nogen (forhåbentlig dig) har bedt om en ny adgangskode til corrchess.\n"
	         "Vælg en ny her inden for en time; linket virker én gang:\n\n"
	         "    %s\n\n"
	         "Har du ikke bedt om det, så se bort fra denne mail: din adgangskode er\n"
	         "uændret.\n\n"
	         "--\n\n"
	         "Hello %s,\n\n"
	         "Someone (you, we hope) asked for a new corrchess password. Choose one\n"
	         "here within an hour; the link works once:\n\n"
	         "    %s\n\n"
	         "If you did not ask for it, ignore this mail: your password is unchanged.\n",
	         name, link, name, link);
}

struct reset_write {
	uint8_t hash[AUTH_TOKEN_HASH];
	int64_t uid, now;
	struct store_outbox_row row;
};

static int write_reset(struct app *app, void *ctx)
{
	struct reset_write *w = ctx;
	int64_t id;
	return store_resets_create(app->st, w->hash, w->uid, w->now, w->now + SVC_RESET_VALID,
	                           &w->row, &id);
}

/* One reset request: the user, a new token, its mail; 0 when done or
 * nothing to do, -1 on a failure (logged). */
static int run_reset(struct app *app, const char *login)
{
	int64_t uid = -1;
	char stored[AUTH_HASH_MAX];
	struct store_contact c;
	int rc = store_users_login(app->st, login, &uid, stored, sizeof stored);
	sodium_memzero(stored, sizeof stored);
	if (rc == STORE_NOT_FOUND)
		return 0; /* no such login: nothing is sent */
	if (rc != STORE_OK || store_users_contact(app->st, uid, &c) != STORE_OK)
		return -1;
	if (!c.email[0])
		return 0;
	struct reset_write w = {.uid = uid, .now = (int64_t)time(NULL)};
	char token[AUTH_TOKEN_HEX], link[1200], subject[128], text[4096], mid[160], today[11];
	auth_new_token(token, w.hash);
	const char *base = app->cfg->base_url ? app->cfg->base_url : "";
	size_t bl = strlen(base);
	snprintf(link, sizeof link, "%.*s/reset-password?token=%s",
	         (int)(bl && base[bl - 1] == '/' ? bl - 1 : bl), base, token);
	reset_mail(c.name, link, subject, sizeof subject, text, sizeof text);
	sodium_memzero(token, sizeof token);
	sodium_memzero(link, sizeof link);
	struct svc_outcome o;
	int32_t day;
	if (svc_today(app, today, &day, &o) != 0)
		return -1;
	svc_notify_message_id(app, mid);
	w.row = (struct store_outbox_row){
	        c.email, subject, text, mid,   notify_kind_name(NOTIFY_PASSWORD_RESET),
	        uid,     NULL,    0,    today, NULL};
	rc = svc_write(app, write_reset, &w);
	sodium_memzero(text, sizeof text);
	if (rc == STORE_CONFLICT)
		return 0; /* a link sent less than 15 minutes ago */
	return rc == STORE_OK ? 0 : -1;
}

struct alarm_write {
	struct store_reader reader;
	struct notify_event ev;
	const char *today;
};

static int write_alarm(struct app *app, void *ctx)
{
	struct alarm_write *w = ctx;
	return svc_notify_deliver(app, &w->reader, -1, &w->ev, 0, w->today, NULL) == 0
	               ? STORE_OK
	               : STORE_ERROR;
}

/* The owner's alarm (NOTIFY_LOGIN_ALARM, in his language). */
static int run_alarm(struct app *app, int64_t uid, int failures)
{
	struct alarm_write w = {.ev = {.kind = NOTIFY_LOGIN_ALARM}};
	char today[11];
	int32_t day;
	struct svc_outcome o;
	if (store_notify_reader(app->st, uid, &w.reader) != STORE_OK ||
	    svc_today(app, today, &day, &o) != 0)
		return -1;
	w.today = today;
	w.ev.u.alarm = (struct notify_alarm){failures, THROTTLE_NAME_WINDOW / 60};
	return svc_write(app, write_alarm, &w) == STORE_OK ? 0 : -1;
}

int svc_accounts_run(struct app *app)
{
	struct pending p;
	int n = 0;
	while (pop(&p)) {
		int rc = p.kind == PENDING_RESET ? run_reset(app, p.login)
		                                 : run_alarm(app, p.uid, p.failures);
		if (rc != 0)
			log_msg(LOG_ERROR, "a queued %s could not be stored (see above)",
			        p.kind == PENDING_RESET ? "reset request" : "login alarm");
		sodium_memzero(&p, sizeof p);
		n++;
	}
	return n;
}
