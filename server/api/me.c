/* api/me.c: GET/PATCH /api/v1/users/me, the calendar feed and the
 * one-click unsubscribe link (api/handlers.h). */
#include "autoconfig.h"
#include "api/handlers.h"
#include "api/api_users.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "svc/svc_notify.h"
#include "store/store_notify.h"

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
	struct user me = {.id = id};
	if (api_users_postal_field(app, &me, id, u) != 0) {
		json_decref(u);
		return api_error(rs, "busy", "the database is busy; try again");
	}
	return api_json(rs, 200, u);
}

int api_me_get(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	return answer(app, rq->user.id, rs);
}

int api_me_patch(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"mail", "language", "postal_address", NULL};
	const char *mail = NULL, *language = NULL, *postal = NULL;
	bool has_postal;
	json_t *body = api_body_object(rq, rs);
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "mail", false, &mail, rs) < 0 ||
	    api_get_string(body, "language", false, &language, rs) < 0 ||
	    api_users_postal_read(body, &postal, &has_postal, rs) < 0)
		return rs->status;
	if (mail && strcmp(mail, "each") && strcmp(mail, "digest") && strcmp(mail, "off"))
		return api_error(rs, "invalid_field",
		                 "mail must be \"each\", \"digest\" or \"off\"");
	if (language && strcmp(language, "da") && strcmp(language, "en"))
		return api_error(rs, "invalid_field", "language must be \"da\" or \"en\"");
	if (store_begin(app->st) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	int rc = store_notify_set_prefs(app->st, rq->user.id, mail, language);
	/* DSU 6.5.2.1: his postal address, for his groups' start letters */
	if (rc == STORE_OK && has_postal)
		rc = store_users_postal_set(app->st, rq->user.id, postal);
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

/* ---- the unsubscribe page (issue 23) ---- */

#define PAGE_HEAD                                                                                  \
	"<!DOCTYPE html>\n<html lang=\"da\">\n<head>\n<meta charset=\"utf-8\">\n"                  \
	"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"               \
	"<meta name=\"robots\" content=\"noindex\">\n<title>corrchess</title>\n"                   \
	"<link rel=\"stylesheet\" href=\"/style.css\">\n</head>\n<body>\n<main>\n"
#define PAGE_TAIL "</main>\n</body>\n</html>\n"

/* True when the form body of rq has the field name=value (the page's
 * form sends "List-Unsubscribe=One-Click&page=1"). */
static bool form_has(const struct api_req *rq, const char *field)
{
	size_t fl = strlen(field);
	const char *p = rq->body, *end = rq->body + rq->body_len;
	while (p && p < end) {
		const char *amp = memchr(p, '&', (size_t)(end - p));
		size_t n = (size_t)((amp ? amp : end) - p);
		if (n == fl && memcmp(p, field, fl) == 0)
			return true;
		p = amp ? amp + 1 : NULL;
	}
	return false;
}

/* Appends text to out (size bytes, NUL-terminated) escaped for HTML. */
static void html_escaped(char *out, size_t size, const char *text)
{
	size_t o = strlen(out);
	for (; text && *text && o + 7 < size; text++) {
		const char *e = *text == '&'   ? "&amp;"
		                : *text == '<' ? "&lt;"
		                : *text == '>' ? "&gt;"
		                : *text == '"' ? "&quot;"
		                               : NULL;
		if (e) {
			memcpy(out + o, e, strlen(e));
			o += strlen(e);
		} else {
			out[o++] = *text;
		}
	}
	out[o] = '\0';
}

int api_me_unsubscribe_page(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	if (!key_ok(app, rq, STORE_KEY_UNSUBSCRIBE))
		return api_error(rs, "not_found", "there is no such subscription");
	/* The form posts to this very address (its key included): RFC 8058's
	 * one-click body, and page=1 for a page as the answer. */
	static const char page[] = PAGE_HEAD
	        "<h1>Afmeld mails fra corrchess</h1>\n"
	        "<p>Du får så ikke flere af de mails, du kan slå fra (træk, remistilbud, "
	        "resultater, tidsnød, den daglige oversigt). Brevene efter DSU's regler kommer "
	        "stadig: rykkere, meddelelser fra turneringslederen, ferier, startbreve og "
	        "overskridelser.</p>\n"
	        "<h1 lang=\"en\">Unsubscribe from corrchess mail</h1>\n"
	        "<p lang=\"en\">You will then get none of the mails that can be turned off "
	        "(moves, draw offers, results, time trouble, the daily digest). The letters of "
	        "the DSU rules still come: reminders, notices from the tournament leader, "
	        "vacations, start letters and time forfeits.</p>\n"
	        "<form method=\"post\">\n"
	        "<input type=\"hidden\" name=\"List-Unsubscribe\" value=\"One-Click\">\n"
	        "<input type=\"hidden\" name=\"page\" value=\"1\">\n"
	        "<button type=\"submit\">Afmeld / Unsubscribe</button>\n"
	        "</form>\n" PAGE_TAIL;
	return api_text(rs, 200, "text/html; charset=utf-8", page, sizeof page - 1);
}

/* The page that confirms an unsubscription made from the page above. */
static int unsubscribed_page(struct app *app, struct api_resp *rs)
{
	char account[700] = "";
	html_escaped(account, sizeof account, app->cfg->base_url ? app->cfg->base_url : "");
	size_t al = strlen(account);
	if (al && account[al - 1] == '/')
		account[--al] = '\0';
	snprintf(account + al, sizeof account - al, "/account");
	char page[4096];
	int n = snprintf(page, sizeof page,
	                 PAGE_HEAD "<h1>Afmeldt</h1>\n"
	                           "<p>Du får ikke flere af de mails, du kan slå fra. Du kan slå "
	                           "dem til igen på <a href=\"%s\">din kontoside</a>.</p>\n"
	                           "<h1 lang=\"en\">Unsubscribed</h1>\n"
	                           "<p lang=\"en\">You will get none of the mails that can be "
	                           "turned off. You can turn them on again on <a href=\"%s\">your "
	                           "account page</a>.</p>\n" PAGE_TAIL,
	                 account, account);
	if (n < 0 || (size_t)n >= sizeof page)
		return api_error(rs, "internal", "the page is too long");
	return api_text(rs, 200, "text/html; charset=utf-8", page, (size_t)n);
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
	if (form_has(rq, "page=1"))
		return unsubscribed_page(app, rs);
	return api_json(rs, 200, json_pack("{s:s}", "mail", "off"));
}
