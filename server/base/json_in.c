/* json_in.c: the JSON reader (json_in.h). */
#include "autoconfig.h"
#include "base/json_in.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void json_in_init(struct json_in *in)
{
	in->code = NULL;
	in->msg[0] = '\0';
}

static int json_in_fail(struct json_in *in, const char *code, const char *fmt, ...)
{
	if (in->code)
		return -1; /* the first error stays */
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(in->msg, sizeof in->msg, fmt, ap);
	va_end(ap);
	in->code = code;
	return -1;
}

json_t *json_in_parse(struct json_in *in, const char *text, size_t len, bool object)
{
	if (in->code)
		return NULL;
	if (len == 0) {
		json_in_fail(in, "bad_json", "a JSON %s is needed, the text is empty",
		             object ? "object" : "value");
		return NULL;
	}
	json_error_t jerr;
	json_t *j = json_loadb(text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &jerr);
	if (!j) {
		json_in_fail(in, "bad_json", "not valid JSON (UTF-8): %s at line %d", jerr.text,
		             jerr.line);
		return NULL;
	}
	if (object && !json_is_object(j)) {
		json_decref(j);
		json_in_fail(in, "bad_json", "the JSON must be an object");
		return NULL;
	}
	return j;
}

int json_in_get(struct json_in *in, const json_t *obj, const char *key, json_type type,
                bool required, json_t **out)
{
	static const char *const names[] = {
	        [JSON_OBJECT] = "an object",    [JSON_ARRAY] = "an array",
	        [JSON_STRING] = "a string",     [JSON_INTEGER] = "an integer",
	        [JSON_REAL] = "a number",       [JSON_TRUE] = "true or false",
	        [JSON_FALSE] = "true or false", [JSON_NULL] = "null"};
	if (in->code)
		return -1;
	json_t *v = obj ? json_object_get(obj, key) : NULL;
	if (!v || json_is_null(v)) {
		if (required)
			return json_in_fail(in, "missing_field", "the field \"%s\" is required",
			                    key);
		return 1;
	}
	bool ok = json_typeof(v) == type || (type == JSON_TRUE && json_is_boolean(v)) ||
	          (type == JSON_REAL && json_is_number(v));
	if (!ok)
		return json_in_fail(in, "invalid_field", "the field \"%s\" must be %s", key,
		                    names[type]);
	*out = v;
	return 0;
}

int json_in_string(struct json_in *in, const json_t *obj, const char *key, bool required,
                   const char **out)
{
	json_t *v = NULL;
	int rc = json_in_get(in, obj, key, JSON_STRING, required, &v);
	if (rc)
		return rc;
	if (strlen(json_string_value(v)) != json_string_length(v))
		return json_in_fail(in, "invalid_field",
		                    "the field \"%s\" contains a NUL character", key);
	*out = json_string_value(v);
	return 0;
}

int json_in_int(struct json_in *in, const json_t *obj, const char *key, bool required, int64_t lo,
                int64_t hi, int64_t *out)
{
	json_t *v = NULL;
	int rc = json_in_get(in, obj, key, JSON_INTEGER, required, &v);
	if (rc)
		return rc;
	json_int_t x = json_integer_value(v);
	if (x < lo || x > hi)
		return json_in_fail(in, "invalid_field",
		                    "the field \"%s\" must be from %lld to %lld, not %lld", key,
		                    (long long)lo, (long long)hi, (long long)x);
	*out = (int64_t)x;
	return 0;
}

int json_in_bool(struct json_in *in, const json_t *obj, const char *key, bool required, bool *out)
{
	json_t *v = NULL;
	int rc = json_in_get(in, obj, key, JSON_TRUE, required, &v);
	if (rc)
		return rc;
	*out = json_is_true(v);
	return 0;
}

int json_in_only_keys(struct json_in *in, const json_t *obj, const char *const *keys)
{
	if (in->code)
		return -1;
	const char *k;
	json_t *v = NULL;
	json_object_foreach((json_t *)obj, k, v)
	{
		(void)v;
		const char *const *p = keys;
		while (*p && strcmp(*p, k) != 0)
			p++;
		if (!*p)
			return json_in_fail(in, "unknown_field",
			                    "the field \"%s\" is not known here", k);
	}
	return 0;
}
