/* json_in.h: the one JSON reader of the server and its programs.
 *
 * Every JSON text the code receives - a request body (server/api/body.c),
 * a case of `corrchess tourney` (server/cmd/tourney.c) or of `corrchess
 * rate` (server/cmd/rate.c) - is parsed and read field by field here, on
 * jansson.  The reader keeps the first error, the way SQLite's
 * string builder does: a failed call records a stable code and a sentence in
 * struct json_in, every later call on the same reader fails at once
 * without touching it, so a caller may read several fields and look at
 * the error once.
 *
 * The codes are the API's (docs/API.md): bad_json (not JSON, a duplicate
 * key, not an object), missing_field, invalid_field, unknown_field.
 *
 * Field readers return 0 when the field is present (and *out set), 1 when
 * it is absent or null and optional (*out unchanged), -1 on an error
 * (recorded).  Strings are borrowed from the JSON value.  O(size) to
 * parse, O(1) per field (jansson's hash). */
#ifndef CORRCHESS_JSON_IN_H
#define CORRCHESS_JSON_IN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#define JSON_IN_MSG_MAX 256

/* A reader's state: code is NULL until the first error. */
struct json_in {
	const char *code;          /* static string: "bad_json", "missing_field", ... */
	char msg[JSON_IN_MSG_MAX]; /* the first error, one sentence */
};

/* Starts a reader with no error. */
void json_in_init(struct json_in *in);

/* Parses len bytes of UTF-8 JSON (duplicate keys refused): a new
 * reference, or NULL with bad_json ("... at line N").  An empty text is
 * bad_json too.  With `object`, anything but an object is bad_json. */
json_t *json_in_parse(struct json_in *in, const char *text, size_t len, bool object);

/* obj[key] of JSON type `type` (JSON_TRUE stands for either boolean) into
 * *out (borrowed).  missing_field when required and absent or null,
 * invalid_field for another type.  obj NULL counts as absent. */
int json_in_get(struct json_in *in, const json_t *obj, const char *key, json_type type,
                bool required, json_t **out);

/* A string without NUL characters. */
int json_in_string(struct json_in *in, const json_t *obj, const char *key, bool required,
                   const char **out);

/* An integer in [lo, hi]. */
int json_in_int(struct json_in *in, const json_t *obj, const char *key, bool required, int64_t lo,
                int64_t hi, int64_t *out);

/* true or false. */
int json_in_bool(struct json_in *in, const json_t *obj, const char *key, bool required, bool *out);

/* 0 when every key of obj is in keys (NULL-ended), else -1 with
 * unknown_field naming the first other one. */
int json_in_only_keys(struct json_in *in, const json_t *obj, const char *const *keys);

#endif
