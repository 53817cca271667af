/* api.h: the HTTP API of docs/API.md, independent of the HTTP library.
 *
 * server/http turns a libmicrohttpd request into a struct api_req, calls
 * api_handle(), and sends the struct api_resp back.  api_handle() finds
 * the route in the one route table (router.c), checks the role the route
 * needs (in that one place), and calls its handler; each handler parses
 * its body, loads what it needs from server/store, runs the lib/corr
 * operation, applies the result through server/store and renders the
 * answer.  Errors are {"error": {"code", "message"}}: the HTTP status of
 * a code comes from one table (reply.c). */
#ifndef CORRCHESS_API_H
#define CORRCHESS_API_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/app.h"
#include "base/response.h"
#include "store/store_users.h"
#include "svc/svc.h"

#define API_BODY_MAX  (64 * 1024) /* larger request bodies get 413 */
#define API_MAX_QUERY 8

struct api_req {
	const char *method;
	const char *path; /* without the query string */
	const char *body; /* NUL-terminated, body_len bytes */
	size_t body_len;
	bool body_too_big;
	const char *authorization; /* the header, or NULL */
	const char *client_addr;   /* the peer's address as text, or NULL */
	int nquery;
	struct {
		const char *key, *value;
	} query[API_MAX_QUERY];
	/* Filled by api_handle() for the handler: */
	int64_t ids[3];   /* the {id} parts of the path, in order */
	json_t *json;     /* the parsed body (borrowed), or NULL */
	struct user user; /* the signed-in user (when the route needs one) */
};

/* Dispatches one request. Never fails: every outcome is a response. */
void api_handle(struct app *app, struct api_req *rq, struct api_resp *rs);

/* The answer of a request whose command handed its write step over
 * (svc_async_offer() before api_handle(); a->job set after it), once
 * a->ready() was called: the rest of the command and its answer. */
void api_resume(struct app *app, struct api_req *rq, struct api_resp *rs, struct svc_async *a);

/* Every route as "METHOD /pattern" lines (for the OpenAPI check). */
void api_list_routes(void (*fn)(const char *method, const char *pattern, void *ctx), void *ctx);

/* ---- for the handlers (reply.c, body.c) ---- */

/* The HTTP status of an error code of API.md (the one table); 500 for a
 * code it does not know. */
int api_status_of(const char *code);

/* Sets an API.md error {"error": {"code", "message"}} with the status of
 * the code; returns that status. */
int api_error(struct api_resp *rs, const char *code, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

/* Sets a JSON response; steals `body`; returns status. */
int api_json(struct api_resp *rs, int status, json_t *body);

/* Sets a JSON response from text the caller wrote (stolen, malloc'ed;
 * NULL means out of memory and gives 500); returns the status. */
int api_json_text(struct api_resp *rs, int status, char *text, size_t len);

/* Sets a text response (copied); returns status. */
int api_text(struct api_resp *rs, int status, const char *content_type, const char *text,
             size_t len);

/* The JSON body as an object, or an error response (400 bad_json) and
 * NULL. */
json_t *api_body_object(struct api_req *rq, struct api_resp *rs);

/* Field readers: on a wrong type or a missing required field they set a
 * 422 invalid_field / missing_field error and return -1; 0 when present,
 * 1 when optional and absent.  Strings are borrowed from the body. */
int api_get_string(json_t *obj, const char *key, bool required, const char **out,
                   struct api_resp *rs);
/* api_get_string() for a name people read (a user's, a tournament's, an
 * event, a reason): blank, a control character (CR, LF...), a bidi
 * override or isolate answer 422 bad_name (lib/util/names.h, issue 20). */
int api_get_name(json_t *obj, const char *key, bool required, const char **out,
                 struct api_resp *rs);
int api_get_int(json_t *obj, const char *key, bool required, int64_t *out, struct api_resp *rs);
int api_get_bool(json_t *obj, const char *key, bool required, bool *out, struct api_resp *rs);
/* Refuses any key of obj not in the NULL-terminated list (422 unknown_field). */
int api_only_keys(json_t *obj, const char *const *keys, struct api_resp *rs);

/* The index of text in the NULL-terminated names, or -1 (an enum field
 * of a body: the caller answers 422 invalid_field for -1). */
int api_pick(const char *text, const char *const *names);

/* The query parameter, or NULL. */
const char *api_query(const struct api_req *rq, const char *key);

/* API.md "Lists": every list takes limit (default API_PAGE_DEFAULT, at
 * most API_PAGE_MAX) and after (the "next" cursor of the page before) and
 * answers "next" (NULL on the last page); nothing is cut silently. */
#define API_PAGE_DEFAULT 50
#define API_PAGE_MAX     500
struct api_page {
	int limit;      /* items on this page */
	int64_t cursor; /* the id of the last item of the page before (0: the first page) */
	char next[24];  /* the cursor of the next page, or "" (api_page_set_next()) */
};
/* Reads limit alone (the lists with a cursor of their own): 0, or a 422
 * invalid_field. */
int api_page_limit(const struct api_req *rq, struct api_resp *rs, int *limit);
/* Reads limit and after: 0, or a 422 invalid_field and its status. */
int api_page_read(const struct api_req *rq, struct api_resp *rs, struct api_page *p);
/* Makes next point after the item last_id (the last of a full page). */
void api_page_set_next(struct api_page *p, int64_t last_id);

/* Today's date as YYYY-MM-DD (CORRCHESS_TODAY / the today key, else the
 * local date), and as a day number (0, or -1 with a 500 response when the
 * configured date is not one). */
void api_today(const struct app *app, char out[11]);
int api_today_day(const struct app *app, int32_t *day, struct api_resp *rs);

/* The user with that id as USER JSON (new), or NULL when unknown. */
json_t *api_user_json(struct app *app, int64_t id);

bool api_is_tl(const struct user *u); /* tl or admin */

/* Validates and stores a user (password hashed); 0 and *id, or an error
 * code ("conflict" name/e-mail taken, "invalid_field", "internal",
 * "busy") in *code with a sentence in err.  Shared by POST /api/v1/users
 * and `corrchess user add`. */
int api_users_insert(struct app *app, const char *name, const char *email, const char *role,
                     const char *password, int64_t *id, const char **code, char *err,
                     size_t errlen);

#endif
