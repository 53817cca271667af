/* session.c: the Sessions endpoints of API.md (signing in and out). */
#include "autoconfig.h"
#include "api/handlers.h"

#include <string.h>
#include <strings.h>
#include <time.h>

#include "base/auth.h"
#include "store/store_users.h"
#include "svc/svc_accounts.h"

int api_session_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"login", "password", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *login, *password;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "login", true, &login, rs) ||
	    api_get_string(body, "password", true, &password, rs))
		return rs->status;
	/* API.md "Operations", docs/OPERATIONS.md "Login limits": the
	 * throttle and the hashing budget are asked before any hashing (so a
	 * flood of refused tries costs no CPU); svc_login() is Xfcc's too. */
	struct user u;
	int wait = 0;
	int lr = svc_login(app, login, password, rq->client_addr, &u, &wait);
	if (lr == SVC_LOGIN_ERROR)
		return api_error(rs, "internal", "the database is not available");
	if (lr == SVC_LOGIN_THROTTLED) {
		rs->retry_after = wait;
		return api_error(rs, "too_many_attempts",
		                 "too many failed logins; try again in %d minute%s",
		                 (wait + 59) / 60, (wait + 59) / 60 == 1 ? "" : "s");
	}
	if (lr != SVC_LOGIN_OK)
		return api_error(rs, "bad_credentials", "the login or the password is wrong");
	int64_t now = (int64_t)time(NULL), uid = u.id;
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
