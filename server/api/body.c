/* body.c: reading a request - its JSON body and fields, the query, and
 * the server's date. */
#include "autoconfig.h"
#include "api/api.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/json_in.h"
#include "clock/calendar.h"
#include "util/names.h"
#include "util/status.h"

/* Copies the reader's first error into the response (422 or 400 by its
 * code, reply.c's table); returns -1. */
static int answer(const struct json_in *in, struct api_resp *rs)
{
	api_error(rs, in->code, "%s", in->msg);
	return -1;
}

json_t *api_body_object(struct api_req *rq, struct api_resp *rs)
{
	if (rq->json)
		return rq->json;
	struct json_in in;
	json_in_init(&in);
	json_t *j = json_in_parse(&in, rq->body, rq->body_len, true);
	if (!j) {
		api_error(rs, in.code, "the body: %s", in.msg);
		return NULL;
	}
	rq->json = j;
	return j;
}

int api_get_string(json_t *obj, const char *key, bool required, const char **out,
                   struct api_resp *rs)
{
	struct json_in in;
	json_in_init(&in);
	int rc = json_in_string(&in, obj, key, required, out);
	return rc < 0 ? answer(&in, rs) : rc;
}

int api_get_name(json_t *obj, const char *key, bool required, const char **out, struct api_resp *rs)
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
	struct json_in in;
	json_in_init(&in);
	int rc = json_in_int(&in, obj, key, required, INT64_MIN, INT64_MAX, out);
	return rc < 0 ? answer(&in, rs) : rc;
}

int api_get_bool(json_t *obj, const char *key, bool required, bool *out, struct api_resp *rs)
{
	struct json_in in;
	json_in_init(&in);
	int rc = json_in_bool(&in, obj, key, required, out);
	return rc < 0 ? answer(&in, rs) : rc;
}

int api_only_keys(json_t *obj, const char *const *keys, struct api_resp *rs)
{
	struct json_in in;
	json_in_init(&in);
	return json_in_only_keys(&in, obj, keys) < 0 ? answer(&in, rs) : 0;
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

int api_pick(const char *text, const char *const *names)
{
	for (int i = 0; names[i]; i++)
		if (strcmp(names[i], text) == 0)
			return i;
	return -1;
}
