/* users.c: the Users endpoints of API.md, and the one check of a new
 * user that `corrchess user add` shares. */
#include "autoconfig.h"
#include "api/api_users.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/auth.h"
#include "svc/svc_accounts.h"
#include "api/federation.h"
#include "api/api_games.h"
#include "api/api_ratings.h"
#include "store/store_users.h"
#include "svc/svc.h"
#include "svc/svc_users.h"
#include "util/names.h"
#include "util/status.h"

bool api_is_tl(const struct user *u)
{
	return strcmp(u->role, "tl") == 0 || strcmp(u->role, "admin") == 0;
}

json_t *api_user_json(struct app *app, int64_t id)
{
	struct store_user u;
	if (store_users_get(app->st, id, &u) != STORE_OK)
		return NULL;
	json_t *j =
	        json_pack("{s:I, s:s, s:s}", "id", (json_int_t)id, "name", u.name, "role", u.role);
	if (j && api_ratings_user_fields(app, id, j) != 0) { /* API.md "Ratings" */
		json_decref(j);
		j = NULL;
	}
	return j;
}

/* api_users_insert() by `who`: the checks of the values, the hash, then
 * svc_user_create() (svc/svc_users.h), which decides whether he may. */
static int insert_as(struct app *app, const struct user *who, const char *name, const char *email,
                     const char *role, const char *password, int64_t *id, const char **code,
                     char *err, size_t errlen)
{
	size_t nl = strlen(name);
	json_t *utf8_check[2] = {json_string(name), json_string(email)};
	int not_utf8 = !utf8_check[0] || !utf8_check[1];
	json_decref(utf8_check[0]);
	json_decref(utf8_check[1]);
	*code = "invalid_field";
	if (not_utf8) {
		snprintf(err, errlen, "names and e-mail addresses must be UTF-8 text");
		return -1;
	}
	if (nl == 0 || nl > 100) {
		snprintf(err, errlen, "a name has 1 to 100 characters");
		return -1;
	}
	/* issue 20: no CR/LF or other control, no bidi override, not blank. */
	enum name_verdict nv = name_check(name, nl);
	if (nv != NAME_OK) {
		*code = "bad_name";
		snprintf(err, errlen, "the name %s", name_verdict_text(nv));
		return -1;
	}
	/* issue 10: a login with '@' is an e-mail address, so no name may
	 * have one (a name could shadow someone's address otherwise). */
	if (strchr(name, '@')) {
		snprintf(err, errlen,
		         "a name may not contain '@' (a login with '@' is an e-mail "
		         "address)");
		return -1;
	}
	/* issue 20: exactly one addr-spec ("x@example.org,inj@evil.org" was
	 * taken, and retried for ever on the relay's 501). */
	if (!name_email_ok(email)) {
		*code = "bad_email";
		snprintf(err, errlen,
		         "the e-mail address must be one address such as "
		         "name@example.org");
		return -1;
	}
	if (auth_role_of(role) == AUTH_ANONYMOUS) {
		snprintf(err, errlen, "the role must be player, tl, kc or admin");
		return -1;
	}
	size_t pl = strlen(password);
	if (pl < AUTH_PASSWORD_MIN || pl > AUTH_PASSWORD_MAX) {
		snprintf(err, errlen, "a password has %d to %d characters", AUTH_PASSWORD_MIN,
		         AUTH_PASSWORD_MAX);
		return -1;
	}
	char hash[AUTH_HASH_MAX];
	if (auth_hash_password(password, hash) != 0) {
		*code = "internal";
		snprintf(err, errlen, "the password could not be hashed (out of memory)");
		return -1;
	}
	struct svc_outcome o;
	if (svc_user_create(app, who, name, email, role, hash, id, &o) != SVC_OK) {
		*code = o.code ? o.code : "internal";
		snprintf(err, errlen, "%s", o.message);
		return -1;
	}
	return 0;
}

int api_users_insert(struct app *app, const char *name, const char *email, const char *role,
                     const char *password, int64_t *id, const char **code, char *err, size_t errlen)
{
	return insert_as(app, &svc_server, name, email, role, password, id, code, err, errlen);
}

int api_users_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"name", "email", "password", "role", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *name, *email, *password, *role = "player";
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "name", true, &name, rs) ||
	    api_get_string(body, "email", true, &email, rs) ||
	    api_get_string(body, "password", true, &password, rs) ||
	    api_get_string(body, "role", false, &role, rs) < 0)
		return rs->status;
	if (auth_role_of(role) == AUTH_ANONYMOUS)
		return api_error(rs, "invalid_field", "the role must be player, tl, kc or admin");
	/* docs/AUTHORITY.md: asked before the password is hashed */
	struct svc_outcome o;
	if (svc_user_may_create(&rq->user, role, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	/* issue 20: every route that hashes takes from the address's budget */
	int wait = svc_hash_budget(app, rq->client_addr);
	if (wait > 0) {
		rs->retry_after = wait;
		return api_error(rs, "too_many_attempts",
		                 "too many passwords hashed for this address; try again in %d s",
		                 wait);
	}
	char err[256];
	const char *code;
	int64_t id;
	if (insert_as(app, &rq->user, name, email, role, password, &id, &code, err, sizeof err) !=
	    0)
		return api_error(rs, code, "%s", err);
	return api_json(rs, 201, api_user_json(app, id));
}

int api_users_postal_field(struct app *app, const struct user *viewer, int64_t id, json_t *u)
{
	/* DSU 6.5.2.1 (issue 21): the postal address is for the start letter:
	 * the player himself, his groups' players and their TLs, kc, admins */
	bool may = viewer->id == id || strcmp(viewer->role, "admin") == 0 ||
	           strcmp(viewer->role, "kc") == 0;
	if (!may) {
		int v = store_users_postal_visible(app->st, viewer->id, id);
		if (v == STORE_ERROR)
			return -1;
		may = v == 1;
	}
	if (!may)
		return 0;
	char addr[STORE_POSTAL_MAX];
	if (store_users_postal_get(app->st, id, addr) != STORE_OK)
		return -1;
	return json_object_set_new(u, "postal_address", addr[0] ? json_string(addr) : json_null());
}

int api_users_get(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	json_t *u = api_user_json(app, rq->ids[0]);
	if (!u)
		return api_error(rs, "not_found", "there is no user %lld", (long long)rq->ids[0]);
	if (api_users_postal_field(app, &rq->user, rq->ids[0], u) != 0 ||
	    api_members_field(app, &rq->user, rq->ids[0], u) != 0 ||
	    api_rating_list_field(app, rq->ids[0], u) != 0) {
		json_decref(u);
		return api_error(rs, "busy", "the database is busy; try again");
	}
	return api_json(rs, 200, u);
}

int api_users_search(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	/* The one policy (docs/AUTHORITY.md user_search): tl, kc, admin. */
	struct auth_actor a = svc_actor(&rq->user);
	struct auth_target none = {0};
	struct corr_error e;
	if (auth_check(&a, AUTH_USER_SEARCH, &none, &e) != CC_OK)
		return api_error(rs, e.code, "%s", e.message);
	struct api_page page;
	if (api_page_read(rq, rs, &page))
		return rs->status;
	const char *q = api_query(rq, "q");
	if (!q)
		q = "";
	json_t *utf8 = json_string(q);
	bool text_ok = utf8 != NULL;
	json_decref(utf8);
	if (!text_ok || strlen(q) > 254)
		return api_error(rs, "invalid_field", "q: up to 254 bytes of UTF-8 text");
	/* One more than the page, to know whether another follows. */
	size_t max = (size_t)page.limit + 1, n;
	struct store_member *v = calloc(max, sizeof *v);
	json_t *list = json_array();
	if (!v || !list || store_users_search(app->st, q, page.cursor, max, v, &n) != STORE_OK) {
		free(v);
		json_decref(list);
		return api_error(rs, "busy", "the users cannot be read; try again");
	}
	if (n > (size_t)page.limit) {
		n = (size_t)page.limit;
		api_page_set_next(&page, v[n - 1].id);
	}
	for (size_t i = 0; i < n; i++) {
		/* USER with its ratings, and the e-mail address the TL may look
		 * for (the route is for tl and admin only). */
		json_t *u = api_user_json(app, v[i].id);
		int bad = !u || json_object_set_new(u, "email", json_string(v[i].email)) ||
		          api_members_field(app, &rq->user, v[i].id, u) != 0;
		if (bad)
			json_decref(u);
		if (bad || json_array_append_new(list, u)) {
			free(v);
			json_decref(list);
			return api_error(rs, "busy", "the users cannot be read; try again");
		}
	}
	free(v);
	return api_json(rs, 200,
	                json_pack("{s:o, s:o}", "users", list, "next",
	                          page.next[0] ? json_string(page.next) : json_null()));
}

int api_users_postal_read(json_t *body, const char **address, bool *given, struct api_resp *rs)
{
	json_t *v = json_object_get(body, "postal_address");
	*given = v != NULL;
	*address = NULL;
	if (!v || json_is_null(v))
		return 0;
	const char *s = json_string_value(v);
	if (!s)
		return api_error(rs, "invalid_field", "postal_address must be text or null"), -1;
	size_t n = strlen(s);
	if (n < 1 || n > STORE_POSTAL_MAX - 1)
		return api_error(rs, "invalid_field",
		                 "postal_address: 1 to %d bytes on one line, or null to clear it",
		                 STORE_POSTAL_MAX - 1),
		       -1;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return api_error(rs, "invalid_field",
			                 "postal_address is one line without control characters "
			                 "(separate its parts with commas)"),
			       -1;
	*address = s;
	return 0;
}
