/* svc_classes.c: the settings of an EMT class (svc/svc_classes.h). */
#include "autoconfig.h"
#include "svc/svc_classes.h"

#include <stdio.h>
#include <string.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "store/store.h"
#include "store/store_users.h"
#include "tourney/dsu_common.h"
#include "util/status.h"

static bool svc_class_profile_fits(const char *profile)
{
	/* DSU 6.3.1 and 6.2.1.2 (issue 21): postal, or a postal game by
	 * e-mail; the profile dsu-post-email is taken where lib/clock has it */
	return profile && clock_profile_find(profile) &&
	       (strcmp(profile, "dsu-post") == 0 || strcmp(profile, "dsu-post-email") == 0);
}

struct class_write {
	const struct store_class *c;
	int64_t actor;
	const char *today;
};

static int write_class(struct app *app, void *ctx)
{
	struct class_write *w = ctx;
	return store_classes_set(app->st, w->c, w->actor, w->today);
}

int svc_class_set(struct app *app, const struct user *who, const char *name, bool set_tl,
                  int64_t tl, const char *profile, struct store_class *out, struct svc_outcome *o)
{
	struct auth_actor a = svc_actor(who);
	struct corr_error e;
	enum dsu_class cls;
	char today[CALENDAR_ISO_LEN];
	int32_t day;
	memset(out, 0, sizeof *out);
	if (auth_check(&a, AUTH_CLASS_SET, NULL, &e) != CC_OK)
		return svc_refused(o, &e);
	if (svc_today(app, today, &day, o))
		return o->status;
	if (dsu_class_parse(name, &cls) != CC_OK)
		return svc_fail(
		        o, SVC_NOT_FOUND, "not_found",
		        "there is no class \"%s\": the classes are \u00c5, K, M and DM (DSU "
		        "6.5.1)",
		        name);
	struct store_class c;
	int rc = store_classes_get(app->st, dsu_class_name(cls), &c);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no class %s",
		                dsu_class_name(cls));
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the class cannot be read now; try again");
	if (set_tl && tl) {
		struct store_user u;
		rc = store_users_get(app->st, tl, &u);
		if (rc == STORE_NOT_FOUND)
			return svc_fail(o, SVC_REFUSED, "unknown_user",
			                "there is no user %lld (tl)", (long long)tl);
		if (rc != STORE_OK)
			return svc_fail(o, SVC_BUSY, "busy",
			                "the database is not available; try again");
		/* DSU 6.1.3: a tournament leader (or an admin) leads the groups */
		if (strcmp(u.role, "tl") != 0 && strcmp(u.role, "admin") != 0)
			return svc_fail(o, SVC_REFUSED, "not_a_tl",
			                "user %lld is not a tournament leader or an admin",
			                (long long)tl);
	}
	if (profile && !svc_class_profile_fits(profile))
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "profile: a class's groups are a postal tournament (DSU 6.3.1): "
		                "dsu-post%s, never the 40 days of the e-mail tournaments (6.8.6)",
		                clock_profile_find("dsu-post-email") ? " or dsu-post-email" : "");
	if (set_tl)
		c.tl = tl;
	if (profile)
		snprintf(c.profile, sizeof c.profile, "%s", profile);
	struct class_write w = {&c, a.id, today};
	rc = svc_write(app, write_class, &w);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no class %s", c.cls);
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the class could not be stored; try again");
	*out = c;
	return svc_ok(o);
}
