/* session.c: the Sessions endpoints of API.md (signing in and out). */
#include "autoconfig.h"
#include "api/session.h"

#include <string.h>
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
	int64_t uid = -1;
	char stored[AUTH_HASH_MAX] = "";
	int rc = store_users_login(app->st, login, &uid, stored, sizeof stored);
	if (rc == STORE_ERROR)
		return api_error(rs, "internal", "the database is not available");
	if (strlen(password) > AUTH_PASSWORD_MAX || !auth_check_password(stored, password) ||
	    rc != STORE_OK)
		return api_error(rs, "bad_credentials", "the login or the password is wrong");
	/* issue 10: a hash weaker than today's cost is replaced now that the
	 * password is known; a failure here costs the user nothing. */
	char fresh[AUTH_HASH_MAX];
	if (auth_needs_rehash(stored) && auth_hash_password(password, fresh) == 0)
		store_users_replace_hash(app->st, uid, stored, fresh);

	char token[AUTH_TOKEN_HEX];
	uint8_t hash[AUTH_TOKEN_HASH];
	auth_new_token(token, hash);
	int64_t now = (int64_t)time(NULL);
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
	if (store_sessions_delete(app->st, hash, sizeof hash) != STORE_OK)
		return api_error(rs, "busy", "the session could not be ended; try again");
	return api_json(rs, 200, json_pack("{s:b}", "signed_out", 1));
}

int api_session_user(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	const char *h = rq->authorization;
	if (!h || strncmp(h, "Bearer ", 7) != 0)
		return api_error(rs, "unauthorized",
		                 "sign in first: send \"Authorization: Bearer TOKEN\" from POST "
		                 "/api/v1/session");
	uint8_t hash[AUTH_TOKEN_HASH];
	if (auth_token_hash(h + 7, hash) != 0)
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
