/* api/password.c: POST /api/v1/users/me/password, /api/v1/password-reset
 * and /api/v1/password-reset/confirm: the readers and the answers of the
 * commands of svc/svc_accounts.c.  A reset request is only queued there
 * (issue 20), so its answer is the same, and as fast, for any login. */
#include "autoconfig.h"
#include "api/handlers.h"

#include <string.h>

#include "api/api_games.h"
#include "base/auth.h"
#include "svc/svc_accounts.h"

/* 0 when password has an allowed length, else a 422 invalid_field. */
static int check_new(const char *password, const char *field, struct api_resp *rs)
{
	size_t n = strlen(password);
	if (n < AUTH_PASSWORD_MIN || n > AUTH_PASSWORD_MAX)
		return api_error(rs, "invalid_field", "%s: a password has %d to %d characters",
		                 field, AUTH_PASSWORD_MIN, AUTH_PASSWORD_MAX);
	return 0;
}

/* The outcome as an answer; a refusal to wait carries Retry-After. */
static int refused(struct api_resp *rs, const struct svc_outcome *o, int wait)
{
	if (wait > 0 && o->code && strcmp(o->code, "too_many_attempts") == 0)
		rs->retry_after = wait;
	return api_outcome_error(rs, o);
}

int api_password_change(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"old", "new", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *old, *new;
	if (!body || api_only_keys(body, keys, rs) || api_get_string(body, "old", true, &old, rs) ||
	    api_get_string(body, "new", true, &new, rs) || check_new(new, "new", rs))
		return rs->status;
	uint8_t keep[AUTH_TOKEN_HASH];
	if (auth_token_hash(rq->authorization + 7, keep) != 0)
		return api_error(rs, "unauthorized", "the session token is not valid");
	struct svc_outcome o;
	int wait = 0;
	if (svc_password_change(app, &rq->user, old, new, rq->client_addr, keep, &wait, &o) !=
	    SVC_OK)
		return refused(rs, &o, wait);
	return api_json(rs, 200, json_pack("{s:b}", "password_changed", 1));
}

int api_password_reset(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"login", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *login;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "login", true, &login, rs))
		return rs->status;
	/* Queued: nothing is looked up before the answer. */
	svc_reset_request(app, login, rq->client_addr);
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
	struct svc_outcome o;
	int wait = 0;
	if (svc_reset_confirm(app, token, password, rq->client_addr, &wait, &o) != SVC_OK)
		return refused(rs, &o, wait);
	return api_json(rs, 200, json_pack("{s:b}", "password_changed", 1));
}
