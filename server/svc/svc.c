/* svc.c: what every command shares (svc/svc.h): the actor, the outcome,
 * today, the write transaction. */
#include "autoconfig.h"
#include "svc/svc.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

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

int svc_fail(struct svc_outcome *o, enum svc_status status, const char *code, const char *fmt,
             ...)
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
			svc_fail(o, SVC_ERROR, "internal", "the server's date \"%s\" is not usable: %s",
			         iso, err);
		return -1;
	}
	return 0;
}

int svc_write(struct app *app, int (*fn)(struct app *app, void *ctx), void *ctx)
{
	if (store_begin(app->st) != STORE_OK)
		return STORE_ERROR;
	int rc = fn(app, ctx);
	if (rc != STORE_OK) {
		store_rollback(app->st);
		return rc;
	}
	return store_commit(app->st) == STORE_OK ? STORE_OK : STORE_ERROR;
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
		snprintf(err, errlen, "database %s: the dates of its games cannot be computed", path);
		store_close(s);
		return NULL;
	}
	return s;
}
