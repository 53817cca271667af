/* api.c: routing, authentication, the shared response helpers, and the
 * Sessions and Users endpoints of API.md. */
#include "autoconfig.h"
#include "api/api.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api/export.h"
#include "api/games.h"
#include "api/tl.h"
#include "api/tournaments.h"
#include "api/vacations.h"
#include "api/auth.h"
#include "base/log.h"

/* ---- responses ---- */

int api_json(struct api_resp *rs, int status, json_t *body)
{
	free(rs->body);
	rs->body = body ? json_dumps(body, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
	json_decref(body);
	if (!rs->body) {
		rs->body = strdup("{\"error\":{\"code\":\"internal\",\"message\":\"out of memory\"}}");
		status = 500;
	}
	rs->len = rs->body ? strlen(rs->body) : 0;
	rs->status = status;
	rs->content_type = "application/json";
	return status;
}

int api_json_text(struct api_resp *rs, int status, char *text, size_t len)
{
	if (!text)
		return api_error(rs, 500, "internal", "out of memory");
	free(rs->body);
	rs->body = text;
	rs->len = len;
	rs->status = status;
	rs->content_type = "application/json";
	return status;
}

int api_error(struct api_resp *rs, int status, const char *code, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* The message may quote user input that is not valid UTF-8: jansson
	 * refuses such strings, so fall back to a generic sentence. */
	json_t *m = json_string(msg);
	if (!m)
		m = json_string("the request was refused (the text quoted in it was not UTF-8)");
	return api_json(rs, status,
			json_pack("{s:{s:s, s:o}}", "error", "code", code, "message", m));
}

int api_text(struct api_resp *rs, int status, const char *content_type, const char *text,
	     size_t len)
{
	free(rs->body);
	rs->body = malloc(len + 1);
	if (!rs->body)
		return api_error(rs, 500, "internal", "out of memory");
	memcpy(rs->body, text, len);
	rs->body[len] = '\0';
	rs->len = len;
	rs->status = status;
	rs->content_type = content_type;
	return status;
}

/* ---- request bodies ---- */

json_t *api_body_object(struct api_req *rq, struct api_resp *rs)
{
	if (rq->json)
		return rq->json;
	if (rq->body_len == 0) {
		api_error(rs, 400, "bad_json", "this request needs a JSON object as its body");
		return NULL;
	}
	json_error_t jerr;
	json_t *j = json_loadb(rq->body, rq->body_len, JSON_REJECT_DUPLICATES, &jerr);
	if (!j) {
		api_error(rs, 400, "bad_json", "the body is not valid JSON (UTF-8): %s at line %d",
			  jerr.text, jerr.line);
		return NULL;
	}
	if (!json_is_object(j)) {
		json_decref(j);
		api_error(rs, 400, "bad_json", "the body must be a JSON object");
		return NULL;
	}
	rq->json = j;
	return j;
}

/* The field key of obj for the readers below: 0 and *v when present (not
 * null), 1 when optional and absent, -1 with 422 missing_field. */
static int field(json_t *obj, const char *key, bool required, json_t **v, struct api_resp *rs)
{
	*v = json_object_get(obj, key);
	if (*v && !json_is_null(*v))
		return 0;
	if (!required)
		return 1;
	api_error(rs, 422, "missing_field", "the field \"%s\" is required", key);
	return -1;
}

int api_get_string(json_t *obj, const char *key, bool required, const char **out,
		   struct api_resp *rs)
{
	json_t *v;
	int rc = field(obj, key, required, &v, rs);
	if (rc)
		return rc;
	if (!json_is_string(v)) {
		api_error(rs, 422, "invalid_field", "the field \"%s\" must be a string", key);
		return -1;
	}
	if (strlen(json_string_value(v)) != json_string_length(v)) {
		api_error(rs, 422, "invalid_field", "the field \"%s\" contains a NUL character", key);
		return -1;
	}
	*out = json_string_value(v);
	return 0;
}

int api_get_int(json_t *obj, const char *key, bool required, int64_t *out, struct api_resp *rs)
{
	json_t *v;
	int rc = field(obj, key, required, &v, rs);
	if (rc)
		return rc;
	if (!json_is_integer(v)) {
		api_error(rs, 422, "invalid_field", "the field \"%s\" must be an integer", key);
		return -1;
	}
	*out = json_integer_value(v);
	return 0;
}

int api_get_bool(json_t *obj, const char *key, bool required, bool *out, struct api_resp *rs)
{
	json_t *v;
	int rc = field(obj, key, required, &v, rs);
	if (rc)
		return rc;
	if (!json_is_boolean(v)) {
		api_error(rs, 422, "invalid_field", "the field \"%s\" must be true or false", key);
		return -1;
	}
	*out = json_is_true(v);
	return 0;
}

int api_only_keys(json_t *obj, const char *const *keys, struct api_resp *rs)
{
	const char *k;
	json_t *v;
	json_object_foreach(obj, k, v)
	{
		bool known = false;
		for (const char *const *p = keys; *p; p++)
			if (strcmp(*p, k) == 0)
				known = true;
		if (!known) {
			api_error(rs, 422, "unknown_field", "the field \"%s\" is not known here", k);
			return -1;
		}
	}
	return 0;
}

const char *api_query(const struct api_req *rq, const char *key)
{
	for (int i = 0; i < rq->nquery; i++)
		if (strcmp(rq->query[i].key, key) == 0)
			return rq->query[i].value;
	return NULL;
}

void api_today(const struct app *app, char out[11])
{
	if (app->cfg->today && strlen(app->cfg->today) == 10) {
		memcpy(out, app->cfg->today, 11);
		return;
	}
	time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	strftime(out, 11, "%Y-%m-%d", &tm);
}

bool api_is_tl(const struct user *u)
{
	return strcmp(u->role, "tl") == 0 || strcmp(u->role, "admin") == 0;
}

json_t *api_user_json(struct app *app, int64_t id)
{
	static const char sql[] = "SELECT name, role FROM users WHERE id = ?";
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		return NULL;
	sqlite3_bind_int64(st, 1, id);
	json_t *u = NULL;
	if (sqlite3_step(st) == SQLITE_ROW)
		u = json_pack("{s:I, s:s, s:s}", "id", (json_int_t)id, "name",
			      (const char *)sqlite3_column_text(st, 0), "role",
			      (const char *)sqlite3_column_text(st, 1));
	sqlite3_reset(st);
	return u;
}

/* ---- authentication ---- */

/* Finds the user of the Bearer token; 0, or an error response and -1. */
static int authenticate(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char sql[] =
	    "SELECT u.id, u.name, u.role FROM sessions s JOIN users u ON u.id = s.user_id"
	    " WHERE s.token_hash = ? AND s.expires_at > ?";
	const char *h = rq->authorization;
	if (!h || strncmp(h, "Bearer ", 7) != 0) {
		api_error(rs, 401, "unauthorized",
			  "sign in first: send \"Authorization: Bearer TOKEN\" from POST /api/v1/session");
		return -1;
	}
	uint8_t hash[AUTH_TOKEN_HASH];
	if (auth_token_hash(h + 7, hash) != 0) {
		api_error(rs, 401, "unauthorized", "the session token is not valid");
		return -1;
	}
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st) {
		api_error(rs, 500, "internal", "the database is not available");
		return -1;
	}
	sqlite3_bind_blob(st, 1, hash, sizeof hash, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, (sqlite3_int64)time(NULL));
	int rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		sqlite3_reset(st);
		api_error(rs, 401, "unauthorized", "the session token is unknown or has expired");
		return -1;
	}
	rq->user.id = sqlite3_column_int64(st, 0);
	snprintf(rq->user.name, sizeof rq->user.name, "%s", (const char *)sqlite3_column_text(st, 1));
	snprintf(rq->user.role, sizeof rq->user.role, "%s", (const char *)sqlite3_column_text(st, 2));
	sqlite3_reset(st);
	return 0;
}

/* ---- Sessions ---- */

/* POST /api/v1/session {"login", "password"} -> 201 {"token", "user"} */
static int session_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char sql_user[] =
	    "SELECT id, password_hash FROM users WHERE name = ?1 OR email = ?1";
	static const char sql_insert[] =
	    "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES (?, ?, ?)";
	static const char sql_purge[] = "DELETE FROM sessions WHERE expires_at <= ?";
	static const char *const keys[] = {"login", "password", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *login, *password;
	if (!body || api_only_keys(body, keys, rs) || api_get_string(body, "login", true, &login, rs) ||
	    api_get_string(body, "password", true, &password, rs))
		return rs->status;
	sqlite3_stmt *st = store_stmt(app->st, sql_user);
	if (!st)
		return api_error(rs, 500, "internal", "the database is not available");
	sqlite3_bind_text(st, 1, login, -1, SQLITE_TRANSIENT);
	int64_t uid = -1;
	char stored[AUTH_HASH_MAX] = "";
	if (sqlite3_step(st) == SQLITE_ROW) {
		uid = sqlite3_column_int64(st, 0);
		snprintf(stored, sizeof stored, "%s", (const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_reset(st);
	if (uid < 0 || strlen(password) > AUTH_PASSWORD_MAX ||
	    !auth_check_password(stored, password))
		return api_error(rs, 401, "bad_credentials", "the login or the password is wrong");

	char token[AUTH_TOKEN_HEX];
	uint8_t hash[AUTH_TOKEN_HASH];
	auth_new_token(token, hash);
	time_t now = time(NULL);
	st = store_stmt(app->st, sql_purge);
	if (st) {
		sqlite3_bind_int64(st, 1, (sqlite3_int64)now);
		sqlite3_step(st);
		sqlite3_reset(st);
	}
	st = store_stmt(app->st, sql_insert);
	if (!st)
		return api_error(rs, 500, "internal", "the database is not available");
	sqlite3_bind_blob(st, 1, hash, sizeof hash, SQLITE_STATIC);
	sqlite3_bind_int64(st, 2, uid);
	sqlite3_bind_int64(st, 3, (sqlite3_int64)now + (sqlite3_int64)app->session_days * 86400);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		return api_error(rs, 503, "busy", "the session could not be stored; try again");
	json_t *user = api_user_json(app, uid);
	return api_json(rs, 201, json_pack("{s:s, s:o}", "token", token, "user", user));
}

/* DELETE /api/v1/session: signs this token out. */
static int session_delete(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char sql[] = "DELETE FROM sessions WHERE token_hash = ?";
	uint8_t hash[AUTH_TOKEN_HASH];
	if (auth_token_hash(rq->authorization + 7, hash) != 0)
		return api_error(rs, 401, "unauthorized", "the session token is not valid");
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		return api_error(rs, 500, "internal", "the database is not available");
	sqlite3_bind_blob(st, 1, hash, sizeof hash, SQLITE_STATIC);
	sqlite3_step(st);
	sqlite3_reset(st);
	return api_json(rs, 200, json_pack("{s:b}", "signed_out", 1));
}

/* ---- Users ---- */

int api_users_insert(struct app *app, const char *name, const char *email, const char *role,
		 const char *password, int64_t *id, char *err, size_t errlen)
{
	static const char sql[] =
	    "INSERT INTO users (name, email, role, password_hash) VALUES (?, ?, ?, ?)";
	size_t nl = strlen(name);
	json_t *utf8_check[2] = {json_string(name), json_string(email)};
	int not_utf8 = !utf8_check[0] || !utf8_check[1];
	json_decref(utf8_check[0]);
	json_decref(utf8_check[1]);
	if (not_utf8) {
		snprintf(err, errlen, "names and e-mail addresses must be UTF-8 text");
		return 422;
	}
	if (nl == 0 || nl > 100) {
		snprintf(err, errlen, "a name has 1 to 100 characters");
		return 422;
	}
	const char *at = strchr(email, '@');
	if (!at || at == email || !strchr(at, '.') || strlen(email) > 254 || strchr(email, ' ')) {
		snprintf(err, errlen, "\"%s\" is not an e-mail address", email);
		return 422;
	}
	if (strcmp(role, "player") && strcmp(role, "tl") && strcmp(role, "admin")) {
		snprintf(err, errlen, "the role must be player, tl or admin");
		return 422;
	}
	size_t pl = strlen(password);
	if (pl < AUTH_PASSWORD_MIN || pl > AUTH_PASSWORD_MAX) {
		snprintf(err, errlen, "a password has %d to %d characters", AUTH_PASSWORD_MIN,
			 AUTH_PASSWORD_MAX);
		return 422;
	}
	char hash[AUTH_HASH_MAX];
	if (auth_hash_password(password, hash) != 0) {
		snprintf(err, errlen, "the password could not be hashed (out of memory)");
		return 500;
	}
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st) {
		snprintf(err, errlen, "the database is not available");
		return 500;
	}
	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 2, email, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, role, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, hash, -1, SQLITE_TRANSIENT);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc == SQLITE_CONSTRAINT_UNIQUE) {
		snprintf(err, errlen, "a user with that name or e-mail exists already");
		return 409;
	}
	if (rc != SQLITE_DONE) {
		snprintf(err, errlen, "the user could not be stored: %s", sqlite3_errstr(rc));
		return 503;
	}
	*id = sqlite3_last_insert_rowid(store_db(app->st));
	return 0;
}

/* POST /api/v1/users (tl, admin) {"name", "email", "password", "role"?} */
static int users_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"name", "email", "password", "role", NULL};
	if (!api_is_tl(&rq->user))
		return api_error(rs, 403, "forbidden", "only a tournament leader or an admin adds users");
	json_t *body = api_body_object(rq, rs);
	const char *name, *email, *password, *role = "player";
	if (!body || api_only_keys(body, keys, rs) || api_get_string(body, "name", true, &name, rs) ||
	    api_get_string(body, "email", true, &email, rs) ||
	    api_get_string(body, "password", true, &password, rs) ||
	    api_get_string(body, "role", false, &role, rs) < 0)
		return rs->status;
	if (strcmp(role, "admin") == 0 && strcmp(rq->user.role, "admin") != 0)
		return api_error(rs, 403, "forbidden", "only an admin adds admins");
	char err[256];
	int64_t id;
	int status = api_users_insert(app, name, email, role, password, &id, err, sizeof err);
	if (status)
		return api_error(rs, status,
				 status == 409 ? "conflict" : status == 422 ? "invalid_field" : "internal",
				 "%s", err);
	return api_json(rs, 201, api_user_json(app, id));
}

/* GET /api/v1/users/{id} */
static int users_get(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	json_t *u = api_user_json(app, rq->ids[0]);
	if (!u)
		return api_error(rs, 404, "not_found", "there is no user %lld", (long long)rq->ids[0]);
	return api_json(rs, 200, u);
}

/* ---- routing ---- */

typedef int (*handler_fn)(struct app *, struct api_req *, struct api_resp *);

static const struct route {
	const char *method;
	const char *pattern; /* "{id}" matches a positive integer */
	handler_fn fn;
	bool auth;
} routes[] = {
    {"POST", "/api/v1/session", session_create, false},
    {"DELETE", "/api/v1/session", session_delete, true},
    {"POST", "/api/v1/users", users_create, true},
    {"GET", "/api/v1/users/{id}", users_get, true},
    {"POST", "/api/v1/games", api_games_create, true},
    {"GET", "/api/v1/games", api_games_list, true},
    {"GET", "/api/v1/games/{id}", api_games_get, true},
    {"POST", "/api/v1/games/{id}/moves", api_games_move, true},
    {"POST", "/api/v1/games/{id}/draw", api_games_draw, true},
    {"POST", "/api/v1/games/{id}/resign", api_games_resign, true},
    {"POST", "/api/v1/games/{id}/claim", api_games_claim, true},
    {"POST", "/api/v1/games/{id}/result", api_games_result, true},
    {"DELETE", "/api/v1/games/{id}/series", api_games_series_cancel, true},
    {"GET", "/api/v1/games/{id}/pgn", api_export_pgn, true},
    {"GET", "/api/v1/games/{id}/transcript", api_export_transcript, true},
    {"POST", "/api/v1/vacations", api_vacations_create, true},
    {"GET", "/api/v1/users/{id}/vacations", api_vacations_list, true},
    {"GET", "/api/v1/tl/overview", api_tl_overview, true},
    {"POST", "/api/v1/tournaments", api_tournaments_create, true},
    {"GET", "/api/v1/tournaments", api_tournaments_list, true},
    {"GET", "/api/v1/tournaments/{id}", api_tournaments_get, true},
};

void api_list_routes(void (*fn)(const char *method, const char *pattern, void *ctx), void *ctx)
{
	for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
		fn(routes[i].method, routes[i].pattern, ctx);
}

/* Matches path against pattern, collecting the {id} values; a segment
 * that should be an id but is not a positive integer does not match. */
static bool match(const char *pattern, const char *path, int64_t ids[3])
{
	int nid = 0;
	while (*pattern && *path) {
		if (strncmp(pattern, "{id}", 4) == 0) {
			int64_t v = 0;
			int digits = 0;
			while (*path >= '0' && *path <= '9' && digits < 15) {
				v = v * 10 + (*path - '0');
				path++;
				digits++;
			}
			if (digits == 0 || v == 0 || (*path && *path != '/') || nid >= 3)
				return false;
			ids[nid++] = v;
			pattern += 4;
			continue;
		}
		if (*pattern != *path)
			return false;
		pattern++;
		path++;
	}
	return *pattern == '\0' && *path == '\0';
}

void api_handle(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	rs->status = 500;
	if (rq->body_too_big) {
		api_error(rs, 413, "body_too_large", "request bodies are limited to %d bytes",
			  API_BODY_MAX);
		return;
	}
	const struct route *found = NULL;
	char allowed[sizeof rs->allow] = "";
	for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
		int64_t ids[3] = {0, 0, 0};
		if (!match(routes[i].pattern, rq->path, ids))
			continue;
		if (strcmp(routes[i].method, rq->method) == 0) {
			found = &routes[i];
			memcpy(rq->ids, ids, sizeof ids);
			break;
		}
		if (strlen(allowed) + strlen(routes[i].method) + 3 < sizeof allowed) {
			if (*allowed)
				strcat(allowed, ", ");
			strcat(allowed, routes[i].method);
		}
	}
	if (!found) {
		if (*allowed) {
			api_error(rs, 405, "method_not_allowed", "%s is not allowed on %s (allowed: %s)",
				  rq->method, rq->path, allowed);
			memcpy(rs->allow, allowed, sizeof allowed);
		} else {
			api_error(rs, 404, "not_found", "there is no %s %s in this API", rq->method,
				  rq->path);
		}
		return;
	}
	if (found->auth && authenticate(app, rq, rs) != 0)
		return;
	found->fn(app, rq, rs);
	json_decref(rq->json);
	rq->json = NULL;
	/* A handler that failed after starting a write leaves no half work. */
	store_rollback(app->st);
}
