/* api/password.c: POST /api/v1/users/me/password, /api/v1/password-reset
 * and /api/v1/password-reset/confirm.  They run on the HTTP worker pool
 * (argon2id, and the reset mail sent at once). */
#include "autoconfig.h"
#include "api/password.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "api/auth.h"
#include "base/log.h"
#include "jobs/mail.h"
#include "store/resets.h"
#include "store/sweep.h"
#include "store/users.h"

#define RESET_VALID 3600 /* seconds a reset link works */

/* 0 when password has an allowed length, else a 422 invalid_field. */
static int check_new(const char *password, const char *field, struct api_resp *rs)
{
	size_t n = strlen(password);
	if (n < AUTH_PASSWORD_MIN || n > AUTH_PASSWORD_MAX)
		return api_error(rs, "invalid_field", "%s: a password has %d to %d characters", field,
		                 AUTH_PASSWORD_MIN, AUTH_PASSWORD_MAX);
	return 0;
}

int api_password_change(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"old", "new", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *old, *new;
	if (!body || api_only_keys(body, keys, rs) || api_get_string(body, "old", true, &old, rs) ||
	    api_get_string(body, "new", true, &new, rs) || check_new(new, "new", rs))
		return rs->status;
	/* A wrong old password is a failed login of this user (the limits of
	 * API.md "Operations" apply, so a stolen session cannot guess it). */
	int64_t now = (int64_t)time(NULL);
	int wait = app->logins ? throttle_check(app->logins, rq->user.name, rq->client_addr, now) : 0;
	if (wait > 0) {
		rs->retry_after = wait;
		return api_error(rs, "too_many_attempts",
		                 "too many wrong passwords; try again in %d minute%s",
		                 (wait + 59) / 60, (wait + 59) / 60 == 1 ? "" : "s");
	}
	int64_t uid = -1;
	char stored[AUTH_HASH_MAX] = "";
	int rc = store_users_login(app->st, rq->user.name, &uid, stored, sizeof stored);
	if (rc == STORE_ERROR)
		return api_error(rs, "internal", "the database is not available");
	if (strlen(old) > AUTH_PASSWORD_MAX || !auth_check_password(stored, old) || rc != STORE_OK ||
	    uid != rq->user.id) {
		if (app->logins)
			throttle_failed(app->logins, rq->user.name, rq->client_addr, now);
		return api_error(rs, "wrong_password", "the old password is wrong");
	}
	char hash[AUTH_HASH_MAX];
	uint8_t keep[AUTH_TOKEN_HASH];
	if (auth_hash_password(new, hash) != 0 || auth_token_hash(rq->authorization + 7, keep) != 0)
		return api_error(rs, "internal", "the password could not be hashed");
	rc = store_users_set_password(app->st, uid, hash, keep, sizeof keep);
	if (rc != STORE_OK)
		return api_error(rs, "busy", "the password could not be stored; try again");
	return api_json(rs, 200, json_pack("{s:b}", "password_changed", 1));
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

int api_password_reset(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"login", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *login;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "login", true, &login, rs))
		return rs->status;
	/* The answer is the same whether the login exists or not. */
	int64_t uid = -1;
	char stored[AUTH_HASH_MAX];
	struct store_contact c;
	if (store_users_login(app->st, login, &uid, stored, sizeof stored) != STORE_OK ||
	    store_users_contact(app->st, uid, &c) != STORE_OK)
		goto accepted;
	char token[AUTH_TOKEN_HEX], link[1200], subject[128], text[4096], today[11];
	uint8_t hash[AUTH_TOKEN_HASH];
	auth_new_token(token, hash);
	const char *base = app->cfg->base_url ? app->cfg->base_url : "";
	size_t bl = strlen(base);
	snprintf(link, sizeof link, "%.*s/reset-password?token=%s",
	         (int)(bl && base[bl - 1] == '/' ? bl - 1 : bl), base, token);
	reset_mail(c.name, link, subject, sizeof subject, text, sizeof text);
	api_today(app, today);
	int64_t now = (int64_t)time(NULL), mail_id = 0;
	if (store_resets_create(app->st, hash, sizeof hash, uid, now, now + RESET_VALID, c.email,
	                        subject, text, today, &mail_id) != STORE_OK)
		goto accepted; /* a link sent less than 15 minutes ago, or a failure (logged) */
	/* Sent at once when there is a mail server; otherwise (or when it
	 * fails) the mail waits in the outbox for the next sweep. */
	const char *url = app->cfg->smtp_url;
	if (url && *url) {
		struct mail_server ms = {url, app->cfg->smtp_user, app->cfg->smtp_password,
		                         app->cfg->mail_from, app->cfg->base_url};
		char err[512] = "";
		if (mail_send(&ms, c.email, subject, text, mail_id, err, sizeof err) == 0) {
			store_outbox_sent(app->st, mail_id);
		} else {
			log_msg(LOG_WARN, "reset mail %lld not sent yet: %s", (long long)mail_id, err);
			store_outbox_failed(app->st, mail_id, err);
		}
	}
accepted:
	return api_json(rs, 202, json_pack("{s:b}", "accepted", 1));
}

int api_password_reset_confirm(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"token", "password", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *token, *password;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "token", true, &token, rs) ||
	    api_get_string(body, "password", true, &password, rs) ||
	    check_new(password, "password", rs))
		return rs->status;
	uint8_t th[AUTH_TOKEN_HASH];
	if (auth_token_hash(token, th) != 0)
		return api_error(rs, "invalid_token", "the reset link is not valid");
	char hash[AUTH_HASH_MAX];
	if (auth_hash_password(password, hash) != 0)
		return api_error(rs, "internal", "the password could not be hashed");
	int64_t uid;
	int rc = store_resets_use(app->st, th, sizeof th, (int64_t)time(NULL), hash, &uid);
	if (rc == STORE_NOT_FOUND)
		return api_error(rs, "invalid_token",
		                 "the reset link is unknown, used or expired; ask for a new one");
	if (rc != STORE_OK)
		return api_error(rs, "busy", "the password could not be stored; try again");
	return api_json(rs, 200, json_pack("{s:b}", "password_changed", 1));
}
