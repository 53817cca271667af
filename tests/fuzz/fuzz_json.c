/* fuzz_json.c: any bytes through the JSON reader (server/base/json_in.c),
 * the one that reads request bodies and the CLI's cases.
 *
 * The input is parsed twice, as an object (a request body) and as any
 * value (a CLI case).  The object, when it parses, is read field by field
 * as server/api/ reads one: every key as each type, as a string, an
 * integer in a range and a boolean, then json_in_only_keys() with a short
 * key list.  Invariants:
 *   - a parse that fails leaves a code ("bad_json") and a sentence, and
 *     parsing as an object fails whenever the value is not an object;
 *   - a field reader answers 0, 1 or -1; 1 only for an absent or null
 *     field; on 0 a string has no NUL and an integer is inside its range;
 *   - after the first error every reader fails (the error is sticky) and
 *     the first code and sentence stay as they were.
 * Nothing may leak (ASan) or overflow (UBSan). */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "base/json_in.h"
#include "fuzz.h"

static const char *const codes[] = {"bad_json", "missing_field", "invalid_field", "unknown_field"};

static void check_error(const struct json_in *in)
{
	if (!in->code)
		fuzz_fail("an error without a code");
	bool known = false;
	for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
		known |= strcmp(in->code, codes[i]) == 0;
	if (!known)
		fuzz_fail("unknown code %s", in->code);
	if (in->msg[0] == '\0' || memchr(in->msg, '\0', sizeof in->msg) == NULL)
		fuzz_fail("an error without its sentence");
}

/* Reads every field of obj the ways a handler does. */
static void read_fields(json_t *obj)
{
	static const json_type types[] = {JSON_OBJECT, JSON_ARRAY, JSON_STRING, JSON_INTEGER,
	                                  JSON_REAL,   JSON_TRUE,  JSON_NULL};
	const char *key;
	json_t *val;
	json_object_foreach(obj, key, val)
	{
		for (size_t t = 0; t < sizeof types / sizeof types[0]; t++) {
			struct json_in in;
			json_in_init(&in);
			json_t *out = NULL;
			int rc = json_in_get(&in, obj, key, types[t], t % 2 == 0, &out);
			if (rc == 0 && out != val)
				fuzz_fail("json_in_get: %s is not the object's value", key);
			if (rc == 1 && !json_is_null(val))
				fuzz_fail("json_in_get: %s present but answered absent", key);
			if (rc < 0)
				check_error(&in);
			else if (rc != 0 && rc != 1)
				fuzz_fail("json_in_get answered %d", rc);
		}
		struct json_in in;
		json_in_init(&in);
		const char *s = NULL;
		if (json_in_string(&in, obj, key, false, &s) == 0 &&
		    strlen(s) != json_string_length(val))
			fuzz_fail("json_in_string: a NUL in %s", key);
		int64_t x = 0;
		if (json_in_int(&in, obj, key, false, -1000, 1000, &x) == 0 &&
		    (x < -1000 || x > 1000))
			fuzz_fail("json_in_int: %lld out of range", (long long)x);
		bool b;
		json_in_bool(&in, obj, key, false, &b);
		if (in.code) { /* sticky: nothing changes it now */
			check_error(&in);
			struct json_in was = in;
			if (json_in_string(&in, obj, key, true, &s) != -1 ||
			    json_in_only_keys(&in, obj, codes) != -1 ||
			    json_in_parse(&in, "{}", 2, true) != NULL)
				fuzz_fail("a reader with an error read on");
			if (was.code != in.code || strcmp(was.msg, in.msg) != 0)
				fuzz_fail("the first error was overwritten");
		}
	}
	struct json_in in;
	json_in_init(&in);
	static const char *const keys[] = {"a", "kind", "input", NULL};
	if (json_in_only_keys(&in, obj, keys) < 0)
		check_error(&in);
	int64_t v;
	if (json_in_int(&in, obj, "\xff-not-a-key", true, 0, 1, &v) != -1)
		fuzz_fail("a required absent field was read");
	check_error(&in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct json_in in;
	json_in_init(&in);
	json_t *any = json_in_parse(&in, text, size, false);
	if (!any)
		check_error(&in);
	json_in_init(&in);
	json_t *obj = json_in_parse(&in, text, size, true);
	if (!obj)
		check_error(&in);
	if (obj && !json_is_object(obj))
		fuzz_fail("parsed as an object but is not one");
	if (any && json_is_object(any) && !obj)
		fuzz_fail("an object refused as an object: %s", in.msg);
	if (obj)
		read_fields(obj);
	json_decref(any);
	json_decref(obj);
	return 0;
}
