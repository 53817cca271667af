/* classes.c: the settings of the EMT classes (api/classes.h). */
#include "autoconfig.h"
#include "api/classes.h"

#include <string.h>

#include "api/api_games.h"
#include "svc/svc_classes.h"

/* CLASS of c (new), or NULL. */
static json_t *class_json(struct app *app, const struct store_class *c)
{
	json_t *tl = c->tl ? api_user_json(app, c->tl) : NULL;
	return json_pack("{s:s, s:o, s:s}", "name", c->cls, "tl", tl ? tl : json_null(), "profile",
	                 c->profile);
}

int api_classes_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	(void)rq;
	struct store_class c[8];
	size_t n;
	if (store_classes_list(app->st, c, sizeof c / sizeof c[0], &n) != STORE_OK)
		return api_error(rs, "busy", "the classes cannot be read now; try again");
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < n; i++)
		if (json_array_append_new(arr, class_json(app, &c[i]))) {
			json_decref(arr);
			arr = NULL;
		}
	if (!arr)
		return api_error(rs, "internal", "out of memory");
	return api_json(rs, 200, json_pack("{s:o}", "classes", arr));
}

int api_classes_put(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"tl", "profile", NULL};
	static const char prefix[] = "/api/v1/classes/";
	const char *name = strncmp(rq->path, prefix, sizeof prefix - 1) == 0
	                           ? rq->path + sizeof prefix - 1
	                           : "";
	json_t *body = api_body_object(rq, rs);
	const char *profile = NULL;
	int64_t tl = 0;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "profile", false, &profile, rs) < 0)
		return rs->status;
	json_t *t = json_object_get(body, "tl");
	bool set_tl = t != NULL;
	if (t && !json_is_null(t) && api_get_int(body, "tl", true, &tl, rs))
		return rs->status;
	if (set_tl && !json_is_null(t) && tl <= 0)
		return api_error(rs, "invalid_field", "tl must be a user id or null");
	struct store_class c;
	struct svc_outcome o;
	if (svc_class_set(app, &rq->user, name, set_tl, tl, profile, &c, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	json_t *j = class_json(app, &c);
	if (!j)
		return api_error(rs, "internal", "out of memory");
	return api_json(rs, 200, j);
}
