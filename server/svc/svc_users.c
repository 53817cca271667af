/* svc_users.c: the commands on users (svc/svc_users.h). */
#include "autoconfig.h"
#include "svc/svc_users.h"

#include <string.h>

#include "base/log.h"
#include "store/store_ratings.h"
#include "store/store.h"
#include "store/store_users.h"
#include "svc/svc_ratings.h"
#include "util/status.h"

/* The policy for command c on user `subject` (0: none). */
static int authorize(const struct user *who, enum auth_cmd c, int64_t subject,
                     struct svc_outcome *o)
{
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.subject = subject};
	struct corr_error e;
	if (auth_check(&a, c, &t, &e) != CC_OK)
		return svc_refused(o, &e);
	return svc_ok(o);
}

int svc_user_may_create(const struct user *who, const char *role, struct svc_outcome *o)
{
	/* docs/AUTHORITY.md rule 4: staff accounts are an admin's act */
	bool player = role && strcmp(role, "player") == 0;
	return authorize(who, player ? AUTH_USER_CREATE : AUTH_USER_CREATE_STAFF, 0, o);
}

struct user_write {
	const char *name, *email, *role, *hash;
	int64_t id;
};

static int write_user(struct app *app, void *ctx)
{
	struct user_write *w = ctx;
	return store_users_insert(app->st, w->name, w->email, w->role, w->hash, &w->id);
}

int svc_user_create(struct app *app, const struct user *who, const char *name, const char *email,
                    const char *role, const char *password_hash, int64_t *id, struct svc_outcome *o)
{
	*id = 0;
	if (svc_user_may_create(who, role, o) != SVC_OK)
		return o->status;
	struct user_write w = {name, email, role, password_hash, 0};
	/* inside the caller's write transaction (`corrchess demo` makes its
	 * users in one), or in one of its own */
	int rc = store_writing(app->st) ? write_user(app, &w) : svc_write(app, write_user, &w);
	if (rc == STORE_CONFLICT)
		return svc_fail(o, SVC_REFUSED, "conflict",
		                "a user with that name or e-mail exists already");
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the user could not be stored; try again");
	*id = w.id;
	return svc_ok(o);
}

/* Whether user exists: SVC_OK, or SVC_NOT_FOUND / SVC_BUSY. */
static int known(struct app *app, int64_t user, struct svc_outcome *o)
{
	int rc = store_users_exists(app->st, user);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no user %lld",
		                (long long)user);
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the database is not available; try again");
	return svc_ok(o);
}

struct rating_write {
	int64_t user;
	bool set_start, set_otb;
	int start, otb;
	int foreign; /* -1 unchanged, else 0 or 1 */
};

static int write_rating(struct app *app, void *ctx)
{
	struct rating_write *w = ctx;
	int rc = store_ratings_set(app->st, w->user, w->set_start, w->start, w->set_otb, w->otb);
	/* DSU 4.5.5.2: whether he is foreign decides a newcomer's first rating */
	if (rc == STORE_OK && w->foreign >= 0)
		rc = store_ratings_set_foreign(app->st, w->user, w->foreign == 1);
	return rc;
}

int svc_rating_may_set(const struct user *who, int64_t user, struct svc_outcome *o)
{
	return authorize(who, AUTH_RATING_SET, user, o);
}

int svc_rating_set(struct app *app, const struct user *who, int64_t user, bool set_start, int start,
                   bool set_otb, int otb, int foreign, struct svc_outcome *o)
{
	if (authorize(who, AUTH_RATING_SET, user, o) != SVC_OK || known(app, user, o) != SVC_OK)
		return o->status;
	struct rating_write w = {user, set_start, set_otb, start, otb, foreign};
	int rc = svc_write(app, write_rating, &w);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no user %lld",
		                (long long)user);
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the rating could not be stored; try again");
	/* A start rating changed: his groups are rated again from his first
	 * (docs/RATING.md "On the server"), in a transaction of their own. */
	char err[256];
	if (svc_ratings_update(app->st, err, sizeof err) != 0)
		log_msg(LOG_ERROR, "ratings: %s", err);
	return svc_ok(o);
}

struct postal_write {
	int64_t user;
	const char *address;
};

static int write_postal(struct app *app, void *ctx)
{
	struct postal_write *w = ctx;
	return store_users_postal_set(app->st, w->user, w->address);
}

int svc_postal_set(struct app *app, const struct user *who, int64_t user, const char *address,
                   struct svc_outcome *o)
{
	/* The player himself, kc or an admin (docs/API.md "Users").  Not a
	 * row of lib/corr/authority.c (the lead's) yet: checked here. */
	struct auth_actor a = svc_actor(who);
	if (a.id != user && a.role != AUTH_KC && a.role != AUTH_ADMIN && a.role != AUTH_SERVER)
		return svc_fail(
		        o, SVC_REFUSED, "forbidden",
		        "a player sets his own postal address; for another, kc or an admin");
	if (known(app, user, o) != SVC_OK)
		return o->status;
	struct postal_write w = {user, address};
	int rc = svc_write(app, write_postal, &w);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no user %lld",
		                (long long)user);
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy",
		                "the postal address could not be stored; try again");
	return svc_ok(o);
}

struct right_write {
	int64_t user, actor;
	const struct store_granted *g;
};

static int write_right(struct app *app, void *ctx)
{
	struct right_write *w = ctx;
	return store_granted_insert(app->st, w->user, w->g, w->actor);
}

int svc_right_grant(struct app *app, const struct user *who, int64_t user,
                    const struct store_granted *g, struct svc_outcome *o)
{
	if (authorize(who, AUTH_RIGHT_GRANT, user, o) != SVC_OK || known(app, user, o) != SVC_OK)
		return o->status;
	struct right_write w = {user, svc_actor(who).id, g};
	if (svc_write(app, write_right, &w) != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the right could not be stored; try again");
	return svc_ok(o);
}
