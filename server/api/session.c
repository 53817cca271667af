/* session.c: the Sessions endpoints of API.md (signing in and out). */
#include "autoconfig.h"
#include "api/session.h"

#include <string.h>
#include <strings.h>
#include <time.h>

#include "api/auth.h"
#include "store/users.h"

int api_session_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"login", "password", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *login, *password;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "login", true, &login, rs) ||
	    api_get_string(body, "password", true, &password, rs))
		return rs->status;
	/* API.md "Operations": 5 failed logins for one login or 20 from one
	 * address within 15 minutes -> 429 with Retry-After, checked before
	 * any hashing (so a flood of refused tries costs no CPU). */
	int64_t now = (int64_t)time(NULL);
	int wait = app->logins ? throttle_check(app->logins, login, rq->client_addr, now) : 0;
	if (wait > 0) {
		if (app->metrics)
			metrics_add(app->metrics, METRICS_LOGIN_THROTTLED, 1);
		rs->retry_after = wait;
		return api_error(rs, "too_many_attempts",
		                 "too many failed logins; try again in %d minute%s", (wait + 59) / 60,
		                 (wait + 59) / 60 == 1 ? "" : "s");
	}
	int64_t uid = -1;
	char stored[AUTH_HASH_MAX] = "";
	int rc = store_users_login(app->st, login, &uid, stored, sizeof stored);
	if (rc == STORE_ERROR)
		return api_error(rs, "internal", "the database is not available");
	/* The password is checked even for an unknown login (against a dummy
	 * hash): both cost the same time. */
	if (strlen(password) > AUTH_PASSWORD_MAX || !auth_check_password(stored, password) ||
	    rc != STORE_OK) {
		if (app->logins)
			throttle_failed(app->logins, login, rq->client_addr, now);
		if (app->metrics)
			metrics_add(app->metrics, METRICS_LOGIN_FAILED, 1);
		return api_error(rs, "bad_credentials", "the login or the password is wrong");
	}
	if (app->logins)
		throttle_succeeded(app->logins, login, now);
	/* issue 10: a hash weaker than today's cost is replaced now that the
	 * password is known; a failure here costs the user nothing. */
	char fresh[AUTH_HASH_MAX];
	if (auth_needs_rehash(stored) && auth_hash_password(password, fresh) == 0)
		store_users_replace_hash(app->st, uid, stored, fresh);

	char token[AUTH_TOKEN_HEX];
	uint8_t hash[AUTH_TOKEN_HASH];
	auth_new_token(token, hash);
	if (store_sessions_create(app->st, hash, sizeof hash, uid, now,
	                          now + (int64_t)app->session_days * 86400) != STORE_OK)
		return api_error(rs, "busy", "the session could not be stored; try again");
	json_t *user = api_user_json(app, uid);
	return api_json(rs, 201, json_pack("{s:s, s:o}", "token", token, "user", user));
}

int api_session_delete(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	uint8_t hash[AUTH_TOKEN_HASH];
	if (auth_token_hash(rq->authorization + 7, hash) != 0)
		return api_error(rs, "unauthorized", "the session token is not valid");
	/* issue 10: the answer says signed out only when the row is gone. */
	int rc = store_sessions_delete(app->st, hash, sizeof hash);
	if (rc == STORE_NOT_FOUND)
		return api_error(rs, "unauthorized", "the session token is unknown or has expired");
	if (rc != STORE_OK)
		return api_error(rs, "busy", "the session could not be ended; try again");
	return api_json(rs, 200, json_pack("{s:b}", "signed_out", 1));
}

int api_session_user(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	const char *h = rq->authorization;
	/* The scheme is case-insensitive, then one or more spaces (RFC 9110
	 * §11.1, RFC 6750 §2.1). */
	if (!h || strncasecmp(h, "Bearer", 6) != 0 || h[6] != ' ')
		return api_error(rs, "unauthorized",
		                 "sign in first: send \"Authorization: Bearer TOKEN\" from POST "
		                 "/api/v1/session");
	const char *token = h + 6;
	while (*token == ' ')
		token++;
	uint8_t hash[AUTH_TOKEN_HASH];
	if (auth_token_hash(token, hash) != 0)
		return api_error(rs, "unauthorized", "the session token is not valid");
	struct store_user u;
	int rc = store_sessions_user(app->st, hash, sizeof hash, (int64_t)time(NULL), &u);
	if (rc == STORE_ERROR)
		return api_error(rs, "internal", "the database is not available");
	if (rc != STORE_OK)
		return api_error(rs, "unauthorized", "the session token is unknown or has expired");
	rq->user.id = u.id;
	memcpy(rq->user.name, u.name, sizeof rq->user.name);
	memcpy(rq->user.role, u.role, sizeof rq->user.role);
	return 0;
}
