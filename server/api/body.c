/* body.c: reading a request - its JSON body and fields, the query, and
 * the server's date. */
#include "autoconfig.h"
#include "api/api.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "clock/calendar.h"
#include "util/names.h"
#include "util/status.h"

json_t *api_body_object(struct api_req *rq, struct api_resp *rs)
{
	if (rq->json)
		return rq->json;
	if (rq->body_len == 0) {
		api_error(rs, "bad_json", "this request needs a JSON object as its body");
		return NULL;
	}
	json_error_t jerr;
	json_t *j = json_loadb(rq->body, rq->body_len, JSON_REJECT_DUPLICATES, &jerr);
	if (!j) {
		api_error(rs, "bad_json", "the body is not valid JSON (UTF-8): %s at line %d",
		          jerr.text, jerr.line);
		return NULL;
	}
	if (!json_is_object(j)) {
		json_decref(j);
		api_error(rs, "bad_json", "the body must be a JSON object");
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
	api_error(rs, "missing_field", "the field \"%s\" is required", key);
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
		api_error(rs, "invalid_field", "the field \"%s\" must be a string", key);
		return -1;
	}
	if (strlen(json_string_value(v)) != json_string_length(v)) {
		api_error(rs, "invalid_field", "the field \"%s\" contains a NUL character", key);
		return -1;
	}
	*out = json_string_value(v);
	return 0;
}

int api_get_name(json_t *obj, const char *key, bool required, const char **out,
                 struct api_resp *rs)
{
	int rc = api_get_string(obj, key, required, out, rs);
	if (rc)
		return rc;
	enum name_verdict v = name_check(*out, strlen(*out));
	if (v != NAME_OK) {
		api_error(rs, "bad_name", "the field \"%s\" %s", key, name_verdict_text(v));
		return -1;
	}
	return 0;
}

int api_get_int(json_t *obj, const char *key, bool required, int64_t *out, struct api_resp *rs)
{
	json_t *v;
	int rc = field(obj, key, required, &v, rs);
	if (rc)
		return rc;
	if (!json_is_integer(v)) {
		api_error(rs, "invalid_field", "the field \"%s\" must be an integer", key);
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
		api_error(rs, "invalid_field", "the field \"%s\" must be true or false", key);
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
			api_error(rs, "unknown_field", "the field \"%s\" is not known here", k);
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
	int32_t day;
	svc_today(app, out, &day, NULL);
}

int api_today_day(const struct app *app, int32_t *day, struct api_resp *rs)
{
	char text[CALENDAR_ISO_LEN];
	struct svc_outcome o;
	if (svc_today(app, text, day, &o) != 0)
		return api_error(rs, o.code, "%s", o.message), -1;
	return 0;
}
