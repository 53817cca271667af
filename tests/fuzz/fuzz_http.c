/* fuzz_http.c: a raw HTTP request through the API's request path without
 * a socket: the request line, the query, the headers and the body are
 * read here the way server/http/http.c's libmicrohttpd hands them over
 * (%HH decoded in the path and the query except %00, the Authorization
 * header, a body over API_BODY_MAX refused), then api_handle() routes it
 * (server/api/router.c) to the handler, which reads its body
 * (server/api/body.c, server/base/json_in.c) and runs the command through
 * server/svc and server/store on a scratch SQLite database.
 *
 * The database is made once per process: migrated, with an admin
 * "fuzzadmin" and a player "fuzzplayer", both signed in.  In an input the
 * words ADMINTOKEN and PLAYERTOKEN in the Authorization header stand for
 * their session tokens, so the fuzzer reaches the handlers behind a
 * sign-in.  The state grows over a run (games, tournaments ...); each
 * input is still one request.
 *
 * Invariants of every answer: a status from 200 to 599, never 500
 * ("internal" is a bug: a request the code did not expect); a JSON
 * Content-Type with a body that parses as JSON; an error answer (>= 400)
 * is API.md's {"error": {"code", "message"}} with the code reply.c maps to
 * that status; 405 carries its Allow header.  Nothing may leak (ASan) or
 * overflow (UBSan). */
#include "autoconfig.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "api/api.h"
#include "base/auth.h"
#include "base/config.h"
#include "base/log.h"
#include "fuzz.h"
#include "store/store.h"
#include "svc/svc.h"

#define LINE_MAX_LEN 2048

static struct config cfg;
static struct app app;
static char admin_token[128], player_token[128];

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* %HH decoding as http.c's unescape(): %00 stays as it is. */
static void unescape(char *s)
{
	char *out = s;
	for (const char *in = s; *in; in++) {
		int hi, lo;
		if (in[0] == '%' && (hi = hexval(in[1])) >= 0 && (lo = hexval(in[2])) >= 0 &&
		    (hi | lo) != 0) {
			*out++ = (char)(hi * 16 + lo);
			in += 2;
		} else {
			*out++ = *in;
		}
	}
	*out = '\0';
}

/* Signs name in and copies the token; aborts when that fails. */
static void sign_in(const char *name, char *token, size_t room)
{
	char body[256];
	snprintf(body, sizeof body, "{\"login\":\"%s\",\"password\":\"fuzz password 1\"}", name);
	struct api_req rq = {.method = "POST",
	                     .path = "/api/v1/session",
	                     .body = body,
	                     .body_len = strlen(body),
	                     .client_addr = "127.0.0.1"};
	struct api_resp rs = {0};
	api_handle(&app, &rq, &rs);
	json_t *j = rs.body ? json_loadb(rs.body, rs.len, 0, NULL) : NULL;
	const char *t = json_string_value(json_object_get(j, "token"));
	if (rs.status != 201 || !t)
		fuzz_fail("cannot sign %s in: %d %.*s", name, rs.status, (int)rs.len,
		          rs.body ? rs.body : "");
	snprintf(token, room, "%s", t);
	json_decref(j);
	free(rs.body);
}

static void setup(void)
{
	static bool done;
	if (done)
		return;
	done = true;
	setenv("CORRCHESS_FAST_HASH", "1", 1);
	setenv("CORRCHESS_TODAY", "2027-09-01", 1);
	char dir[] = "/tmp/fuzz_http.XXXXXX";
	if (!mkdtemp(dir))
		fuzz_fail("mkdtemp");
	char db[64];
	snprintf(db, sizeof db, "%s/fuzz.db", dir);
	char *argv[] = {"fuzz_http", NULL};
	int next;
	char err[256];
	if (config_load(&cfg, 1, argv, &next, err, sizeof err) != 0)
		fuzz_fail("config: %s", err);
	free(cfg.db);
	cfg.db = strdup(db);
	log_set_level("error");
	if (auth_init() != 0)
		fuzz_fail("auth_init");
	store *st = svc_open(cfg.db, err, sizeof err);
	if (!st)
		fuzz_fail("store: %s", err);
	app = (struct app){.cfg = &cfg, .st = st, .session_days = 30};
	int64_t id;
	const char *code;
	if (api_users_insert(&app, "fuzzadmin", "admin@fuzz.invalid", "admin", "fuzz password 1",
	                     &id, &code, err, sizeof err) != 0 ||
	    api_users_insert(&app, "fuzzplayer", "player@fuzz.invalid", "player", "fuzz password 1",
	                     &id, &code, err, sizeof err) != 0)
		fuzz_fail("users: %s", err);
	sign_in("fuzzadmin", admin_token, sizeof admin_token);
	sign_in("fuzzplayer", player_token, sizeof player_token);
}

/* The error code of an error body, or NULL when it is not API.md's. */
static const char *error_code(json_t *j)
{
	json_t *e = json_object_get(j, "error");
	const char *code = json_string_value(json_object_get(e, "code"));
	const char *msg = json_string_value(json_object_get(e, "message"));
	return code && msg && *msg ? code : NULL;
}

static void check_answer(const struct api_req *rq, const struct api_resp *rs)
{
	if (rs->status < 200 || rs->status > 599)
		fuzz_fail("%s %s: status %d", rq->method, rq->path, rs->status);
	bool is_json = rs->content_type && strncmp(rs->content_type, "application/json", 16) == 0;
	json_t *j = NULL;
	if (is_json) {
		j = json_loadb(rs->body ? rs->body : "", rs->len, JSON_DECODE_ANY, NULL);
		if (!j)
			fuzz_fail("%s %s: %d with a body that is not JSON", rq->method, rq->path,
			          rs->status);
	}
	if (rs->status >= 400) {
		const char *code = j ? error_code(j) : NULL;
		if (!code)
			fuzz_fail("%s %s: %d without an API.md error body", rq->method, rq->path,
			          rs->status);
		if (api_status_of(code) != rs->status)
			fuzz_fail("%s %s: code %s answered %d, reply.c says %d", rq->method,
			          rq->path, code, rs->status, api_status_of(code));
		if (rs->status == 500)
			fuzz_fail("%s %s: 500 %s: %.*s", rq->method, rq->path, code, (int)rs->len,
			          rs->body);
		if (rs->status == 405 && !rs->allow[0])
			fuzz_fail("%s %s: 405 without Allow", rq->method, rq->path);
	}
	json_decref(j);
}

/* Reads one line (up to CRLF or LF) of in[*pos..size) into out; false at
 * the end of the input. */
static bool next_line(const char *in, size_t size, size_t *pos, char *out, size_t room)
{
	if (*pos >= size)
		return false;
	size_t k = 0;
	while (*pos < size && in[*pos] != '\n') {
		if (k + 1 < room)
			out[k++] = in[*pos];
		(*pos)++;
	}
	if (*pos < size)
		(*pos)++; /* the LF */
	if (k && out[k - 1] == '\r')
		k--;
	out[k] = '\0';
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	setup();
	char *text = fuzz_cstring(data, size);
	size_t len = strlen(text), pos = 0;
	char line[LINE_MAX_LEN], method[32], target[LINE_MAX_LEN];
	if (!next_line(text, len, &pos, line, sizeof line) ||
	    sscanf(line, "%31s %2047s", method, target) != 2) {
		free(text);
		return 0;
	}
	struct api_req rq = {.method = method, .client_addr = "127.0.0.1"};
	char auth[LINE_MAX_LEN] = "";
	bool has_auth = false;
	size_t content_length = SIZE_MAX;
	while (next_line(text, len, &pos, line, sizeof line) && line[0]) {
		char *colon = strchr(line, ':');
		if (!colon)
			continue;
		*colon = '\0';
		const char *v = colon + 1;
		while (*v == ' ' || *v == '\t')
			v++;
		if (strcasecmp(line, "Authorization") == 0) {
			const char *tok = strstr(v, "ADMINTOKEN")    ? admin_token
			                  : strstr(v, "PLAYERTOKEN") ? player_token
			                                             : NULL;
			if (tok)
				snprintf(auth, sizeof auth, "Bearer %s", tok);
			else
				snprintf(auth, sizeof auth, "%s", v);
			has_auth = true;
		} else if (strcasecmp(line, "Content-Length") == 0) {
			content_length = strtoull(v, NULL, 10);
		}
	}
	rq.authorization = has_auth ? auth : NULL;
	/* The body: the rest, or Content-Length bytes of it. */
	size_t blen = len - pos;
	if (content_length < blen)
		blen = content_length;
	char *body = malloc(blen + 1);
	if (!body)
		fuzz_fail("out of memory");
	memcpy(body, text + pos, blen);
	body[blen] = '\0';
	rq.body = body;
	rq.body_len = blen;
	rq.body_too_big = blen > API_BODY_MAX ||
	                  (content_length != SIZE_MAX && content_length > API_BODY_MAX);
	/* The target: path ? key=value & ... */
	char *q = strchr(target, '?');
	if (q) {
		*q++ = '\0';
		for (char *arg = strtok(q, "&"); arg && rq.nquery < API_MAX_QUERY;
		     arg = strtok(NULL, "&")) {
			char *eq = strchr(arg, '=');
			if (eq)
				*eq++ = '\0';
			unescape(arg);
			if (eq)
				unescape(eq);
			rq.query[rq.nquery].key = arg;
			rq.query[rq.nquery].value = eq ? eq : "";
			rq.nquery++;
		}
	}
	unescape(target);
	rq.path = target;
	struct api_resp rs = {0};
	api_handle(&app, &rq, &rs);
	if (getenv("FUZZ_HTTP_VERBOSE")) /* to see what the seeds reach */
		fprintf(stderr, "fuzz_http: %s %s -> %d %.*s\n", rq.method, rq.path, rs.status,
		        (int)(rs.len < 160 ? rs.len : 160), rs.body ? rs.body : "");
	check_answer(&rq, &rs);
	free(rs.body);
	free(body);
	free(text);
	return 0;
}
