/* api/me.c: GET/PATCH /api/v1/users/me, the calendar feed and the
 * one-click unsubscribe link (api/me.h). */
#include "autoconfig.h"
#include "api/me.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "svc/svc_notify.h"
#include "store/notify.h"

/* The answer of GET and PATCH: USER plus the settings. */
static int answer(struct app *app, int64_t id, struct api_resp *rs)
{
	struct store_reader c;
	char key[STORE_KEY_LEN], url[700];
	/* The key is made on first use: its own small write. */
	if (store_begin(app->st) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	int rc = store_notify_reader(app->st, id, &c);
	if (rc == STORE_OK)
		rc = svc_notify_key(app, id, STORE_KEY_CALENDAR, key);
	if (rc == STORE_OK)
		rc = store_commit(app->st);
	else
		store_rollback(app->st);
	if (rc != STORE_OK)
		return rc == STORE_NOT_FOUND
		               ? api_error(rs, "not_found", "there is no user %lld", (long long)id)
		               : api_error(rs, "busy", "the database is busy; try again");
	snprintf(url, sizeof url, "%s/api/v1/users/%lld/calendar.ics?key=%s",
	         app->cfg->base_url ? app->cfg->base_url : "", (long long)id, key);
	json_t *u = api_user_json(app, id);
	if (!u)
		return api_error(rs, "not_found", "there is no user %lld", (long long)id);
	json_object_set_new(u, "email", json_string(c.email));
	json_object_set_new(u, "mail", json_string(c.mail));
	json_object_set_new(u, "language", json_string(c.language));
	json_object_set_new(u, "calendar_url", json_string(url));
	return api_json(rs, 200, u);
}

int api_me_get(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	return answer(app, rq->user.id, rs);
}

int api_me_patch(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"mail", "language", NULL};
	const char *mail = NULL, *language = NULL;
	json_t *body = api_body_object(rq, rs);
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "mail", false, &mail, rs) < 0 ||
	    api_get_string(body, "language", false, &language, rs) < 0)
		return rs->status;
	if (mail && strcmp(mail, "each") && strcmp(mail, "digest") && strcmp(mail, "off"))
		return api_error(rs, "invalid_field",
		                 "mail must be \"each\", \"digest\" or \"off\"");
	if (language && strcmp(language, "da") && strcmp(language, "en"))
		return api_error(rs, "invalid_field", "language must be \"da\" or \"en\"");
	if (store_begin(app->st) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	int rc = store_notify_set_prefs(app->st, rq->user.id, mail, language);
	if (rc != STORE_OK || store_commit(app->st) != STORE_OK) {
		store_rollback(app->st);
		return api_error(rs, "busy", "the settings could not be stored; try again");
	}
	return answer(app, rq->user.id, rs);
}

/* True when the query's key is user id's key of that kind (compared in
 * constant time); a user without a key has no valid key. */
static bool key_ok(struct app *app, struct api_req *rq, enum store_key which)
{
	char key[STORE_KEY_LEN];
	const char *given = api_query(rq, "key");
	if (!given || strlen(given) != STORE_KEY_LEN - 1 ||
	    store_notify_get_key(app->st, rq->ids[0], which, key) != STORE_OK ||
	    strlen(key) != STORE_KEY_LEN - 1)
		return false;
	return sodium_memcmp(key, given, STORE_KEY_LEN - 1) == 0;
}

int api_me_calendar(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	if (!key_ok(app, rq, STORE_KEY_CALENDAR))
		return api_error(rs, "not_found", "there is no such calendar");
	char today[11], err[256];
	api_today(app, today);
	char *feed = NULL;
	int rc = svc_notify_calendar(app, rq->ids[0], today, &feed, err, sizeof err);
	if (rc != 0) {
		log_msg(LOG_ERROR, "the calendar of user %lld: %s", (long long)rq->ids[0], err);
		return rc > 0 ? api_error(rs, "not_found", "there is no such calendar")
		              : api_error(rs, "busy", "the calendar cannot be made now: %s", err);
	}
	api_text(rs, 200, "text/calendar; charset=utf-8", feed, strlen(feed));
	free(feed);
	return rs->status;
}

int api_me_unsubscribe(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	/* RFC 8058: the body is "List-Unsubscribe=One-Click"; the key in the
	 * link is what counts. */
	if (!key_ok(app, rq, STORE_KEY_UNSUBSCRIBE))
		return api_error(rs, "not_found", "there is no such subscription");
	if (store_begin(app->st) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	if (store_notify_set_prefs(app->st, rq->ids[0], "off", NULL) != STORE_OK ||
	    store_commit(app->st) != STORE_OK) {
		store_rollback(app->st);
		return api_error(rs, "busy", "the setting could not be stored; try again");
	}
	return api_json(rs, 200, json_pack("{s:s}", "mail", "off"));
}
