/* ratings.c: the rating endpoints (api/api_ratings.h). */
#include "api/api_ratings.h"

#include "api/api_foreign.h"
#include "api/federation.h"
#include "api/api_users.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svc/svc_ratings.h"
#include "svc/svc_users.h"
#include "base/log.h"
#include "rating/rating.h"
#include "store/store_ratings.h"

#define CSV_MAX (64 * 1024 * 1024) /* bytes of one CSV export */

/* A rating or NULL as JSON (new reference). */
static json_t *rating_json(int r)
{
	return r == STORE_NO_RATING ? json_null() : json_integer(r);
}

/* A value in hundredths (or halves) as a JSON number: an integer when
 * whole (new reference). */
static json_t *fraction(int v, int per)
{
	if (v % per == 0)
		return json_integer(v / per);
	return json_real((double)v / per);
}

int api_ratings_user_fields(struct app *app, int64_t id, json_t *u)
{
	int rating, otb, games;
	bool foreign;
	if (store_ratings_user(app->st, id, &rating, &otb, &games) != STORE_OK ||
	    store_ratings_foreign(app->st, id, &foreign) != STORE_OK)
		return -1;
	if (json_object_set_new(u, "rating", rating_json(rating)) ||
	    json_object_set_new(u, "otb_rating", rating_json(otb)) ||
	    json_object_set_new(u, "foreign", json_boolean(foreign)))
		return -1;
	return 0;
}

void api_ratings_refresh(struct app *app)
{
	char err[256];
	if (svc_ratings_update(app->st, err, sizeof err) != 0)
		log_msg(LOG_ERROR, "ratings: %s", err);
}

/* Brings the ratings up to date for a reader; 0, or a 503 response. */
static int fresh(struct app *app, struct api_resp *rs)
{
	char err[256];
	if (svc_ratings_update(app->st, err, sizeof err) != 0) {
		api_error(rs, "busy", "%s; try again", err);
		return -1;
	}
	return 0;
}

/* Reads one optional rating field: absent (1), null (0, *v = none), or a
 * whole number 0..9999 (0); -1 with a 422 response otherwise. */
static int rating_field(json_t *body, const char *key, int *v, struct api_resp *rs)
{
	json_t *f = json_object_get(body, key);
	if (!f)
		return 1;
	if (json_is_null(f)) {
		*v = STORE_NO_RATING;
		return 0;
	}
	if (!json_is_integer(f) || json_integer_value(f) < RATING_MIN ||
	    json_integer_value(f) > RATING_MAX) {
		api_error(rs, "invalid_field",
		          "the field \"%s\" must be a whole number from %d to %d, or null", key,
		          RATING_MIN, RATING_MAX);
		return -1;
	}
	*v = (int)json_integer_value(f);
	return 0;
}

/* PATCH /api/v1/users/{id}: an admin sets the start (K-skak) and OTB
 * ratings and whether the player is foreign (DSU 4.5.5.2: only a foreign
 * player without a rating gets a performance rating; rating_set, never
 * his own: docs/AUTHORITY.md); the groups the player is in are re-rated
 * from his first (svc_rating_set()).  Also his postal address (DSU
 * 6.5.2.1, issue 21): set by himself, kc or an admin (svc_postal_set()). */
int api_ratings_user_patch(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"rating", "otb_rating", "foreign", "postal_address",
	                                   NULL};
	json_t *body = api_body_object(rq, rs);
	if (!body || api_only_keys(body, keys, rs))
		return rs->status;
	int start = STORE_NO_RATING, otb = STORE_NO_RATING;
	int has_start = rating_field(body, "rating", &start, rs);
	if (has_start < 0)
		return rs->status;
	int has_otb = rating_field(body, "otb_rating", &otb, rs);
	if (has_otb < 0)
		return rs->status;
	json_t *fj = json_object_get(body, "foreign");
	if (fj && !json_is_boolean(fj))
		return api_error(rs, "invalid_field",
		                 "the field \"foreign\" must be true or false");
	const char *postal;
	bool has_postal;
	if (api_users_postal_read(body, &postal, &has_postal, rs) < 0)
		return rs->status;
	bool has_rating = !has_start || !has_otb || fj;
	if (!has_rating && !has_postal)
		return api_error(
		        rs, "missing_field",
		        "give \"rating\" and/or \"otb_rating\" (a whole number or null), "
		        "\"foreign\" (true or false) or \"postal_address\" (text or null)");
	struct svc_outcome o;
	/* the postal address first: the player's, kc's or an admin's; the
	 * ratings are an admin's (rating_set), and a refusal of either stores
	 * nothing of the other */
	if (has_postal && has_rating && svc_rating_may_set(&rq->user, rq->ids[0], &o) != SVC_OK)
		return api_error(rs, o.code ? o.code : "forbidden", "%s", o.message);
	if (has_postal && svc_postal_set(app, &rq->user, rq->ids[0], postal, &o) != SVC_OK)
		return api_error(rs, o.code ? o.code : "internal", "%s", o.message);
	if (has_rating && svc_rating_set(app, &rq->user, rq->ids[0], !has_start, start, !has_otb,
	                                 otb, fj ? json_is_true(fj) : -1, &o) != SVC_OK)
		return api_error(rs, o.code ? o.code : "internal", "%s", o.message);
	json_t *u = api_user_json(app, rq->ids[0]);
	if (!u)
		return api_error(rs, "internal", "the user could not be read");
	if (api_users_postal_field(app, &rq->user, rq->ids[0], u) != 0) {
		json_decref(u);
		return api_error(rs, "internal", "the user could not be read");
	}
	return api_json(rs, 200, u);
}

/* Reads limit and after (API.md "Lists"); 0, or -1 with a 422 response.
 * The cursor is "RATING.ID" of the last row of the previous page. */
static int list_params(struct api_req *rq, struct api_resp *rs, int *limit, bool *after,
                       int *after_rating, int64_t *after_id)
{
	const char *a = api_query(rq, "after");
	*after = false;
	if (api_page_limit(rq, rs, limit))
		return -1;
	if (a) {
		int r, used = 0;
		long long id;
		if (sscanf(a, "%d.%lld%n", &r, &id, &used) != 2 || a[used] != '\0' ||
		    r < RATING_MIN || r > RATING_MAX || id < 1)
			return api_error(rs, "invalid_field",
			                 "after must be a cursor from a previous page's \"next\""),
			       -1;
		*after = true;
		*after_rating = r;
		*after_id = id;
	}
	return 0;
}

struct list_ctx {
	struct app *app;
	json_t *arr;
	int last_rating;
	int64_t last_id;
};

static int list_row(void *ctx, int64_t user, int rating, int games)
{
	struct list_ctx *c = ctx;
	/* DSU 4.5.5.1 item 4 (issue 22): off the list after 3 years without a
	 * rated result, his rating kept (USER.rating_list); the cursor passes
	 * him */
	int listed = api_rating_listed(c->app, user);
	if (listed < 0)
		return -1;
	if (!listed) {
		c->last_rating = rating;
		c->last_id = user;
		return 0;
	}
	json_t *u = api_user_json(c->app, user);
	json_t *row =
	        u ? json_pack("{s:o, s:i, s:i}", "player", u, "rating", rating, "games", games)
	          : NULL;
	if (!row || json_array_append_new(c->arr, row))
		return -1;
	c->last_rating = rating;
	c->last_id = user;
	return 0;
}

/* GET /api/v1/ratings: the rating list, highest first (ties by id). */
int api_ratings_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	int limit, after_rating = 0;
	bool after, more;
	int64_t after_id = 0;
	if (list_params(rq, rs, &limit, &after, &after_rating, &after_id) != 0 ||
	    fresh(app, rs) != 0)
		return rs->status;
	struct list_ctx c = {app, json_array(), 0, 0};
	if (!c.arr || store_ratings_list(app->st, after, after_rating, after_id, limit, list_row,
	                                 &c, &more) != 0) {
		json_decref(c.arr);
		return api_error(rs, "internal", "the rating list could not be read");
	}
	json_t *next = json_null();
	if (more) {
		char cur[48];
		snprintf(cur, sizeof cur, "%d.%lld", c.last_rating, (long long)c.last_id);
		next = json_string(cur);
	}
	return api_json(rs, 200, json_pack("{s:o, s:o}", "ratings", c.arr, "next", next));
}

/* A growable CSV text with a hard maximum. */
struct csv {
	char *buf;
	size_t len, cap;
	bool full;
	struct app *app;
	int place, n, prev;    /* place of the last row, rows so far, last rating */
	int64_t last_id;       /* user of the last row */
	int seen, skip_rating; /* rows read (off-list ones too), the last one's rating */
};

static void csv_add(struct csv *c, const char *s, size_t n)
{
	if (c->full || c->len + n + 1 > CSV_MAX) {
		c->full = true;
		return;
	}
	if (c->len + n + 1 > c->cap) {
		size_t ncap = c->cap ? c->cap : 4096;
		while (ncap < c->len + n + 1)
			ncap *= 2;
		char *nb = realloc(c->buf, ncap);
		if (!nb) {
			c->full = true;
			return;
		}
		c->buf = nb;
		c->cap = ncap;
	}
	memcpy(c->buf + c->len, s, n);
	c->len += n;
	c->buf[c->len] = '\0';
}

/* A field quoted as RFC 4180 wants (quotes doubled); a text a spreadsheet
 * would run as a formula (= + - @ first) gets a leading apostrophe. */
static void csv_field(struct csv *c, const char *s)
{
	csv_add(c, "\"", 1);
	if (*s == '=' || *s == '+' || *s == '-' || *s == '@')
		csv_add(c, "'", 1);
	for (const char *p = s; *p; p++) {
		csv_add(c, p, 1);
		if (*p == '"')
			csv_add(c, "\"", 1);
	}
	csv_add(c, "\"", 1);
}

static int csv_row(void *ctx, int64_t user, int rating, int games)
{
	struct csv *c = ctx;
	int listed = api_rating_listed(c->app, user); /* DSU 4.5.5.1 item 4 */
	if (listed < 0)
		return -1;
	c->seen++;
	if (!listed) {
		c->skip_rating = rating;
		c->last_id = user;
		return 0;
	}
	c->skip_rating = rating;
	c->n++;
	if (c->n == 1 || rating != c->prev)
		c->place = c->n; /* tied ratings share a place: 1, 2, 2, 4 */
	c->prev = rating;
	c->last_id = user;
	json_t *u = api_user_json(c->app, user);
	const char *name = u ? json_string_value(json_object_get(u, "name")) : NULL;
	char num[96];
	snprintf(num, sizeof num, "%d,%" PRId64 ",", c->place, user);
	csv_add(c, num, strlen(num));
	csv_field(c, name ? name : "");
	snprintf(num, sizeof num, ",%d,%d\r\n", rating, games);
	csv_add(c, num, strlen(num));
	json_decref(u);
	return c->full ? -1 : 0;
}

/* GET /api/v1/ratings.csv: the whole list, "place,id,name,rating,games". */
int api_ratings_csv(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	(void)rq;
	if (fresh(app, rs) != 0)
		return rs->status;
	struct csv c = {NULL, 0, 0, false, app, 0, 0, 0, 0, 0, 0};
	static const char head[] = "place,id,name,rating,games\r\n";
	csv_add(&c, head, sizeof head - 1);
	bool more = true, after = false;
	int after_rating = 0;
	int64_t after_id = 0;
	while (more && !c.full) {
		/* page by page, as GET /ratings does */
		int before = c.seen;
		if (store_ratings_list(app->st, after, after_rating, after_id, API_PAGE_MAX,
		                       csv_row, &c, &more) != 0 ||
		    c.full) {
			free(c.buf);
			return api_error(rs, "internal", "the rating list could not be written");
		}
		if (c.seen == before)
			break;
		after = true;
		after_rating = c.skip_rating;
		after_id = c.last_id;
	}
	int st = api_text(rs, 200, "text/csv; charset=utf-8", c.buf ? c.buf : "", c.len);
	free(c.buf);
	return st;
}

struct hist_ctx {
	json_t *arr;
	json_t *adj; /* the adjustments, merged in by place */
};

static int hist_row(void *ctx, const struct store_rating_step *x)
{
	struct hist_ctx *c = ctx;
	json_t *o = json_pack("{s:I, s:I, s:s, s:i, s:o, s:i, s:i, s:o, s:o, s:i, s:o, s:s, s:s}",
	                      "tournament", (json_int_t)x->tournament, "seq", (json_int_t)x->seq,
	                      "finished_on", x->finished_on, "Ro", x->ro, "old",
	                      rating_json(x->old), "new", x->new_rating, "games", x->games, "W",
	                      fraction(x->w2, 2), "We", fraction(x->we, 100), "K", x->k, "B",
	                      fraction(x->b, 100), "method", x->method, "source", x->source);
	if (!o || json_array_append_new(c->arr, o))
		return -1;
	return 0;
}

static int adj_row(void *ctx, int64_t coord, int64_t place, const char *on_date, int old, int by,
                   int new_rating)
{
	struct hist_ctx *c = ctx;
	json_t *o =
	        json_pack("{s:n, s:I, s:I, s:s, s:i, s:i, s:i, s:s}", "tournament", "coordination",
	                  (json_int_t)coord, "seq", (json_int_t)place, "finished_on", on_date,
	                  "old", old, "new", new_rating, "by", by, "method", "elo_coordination");
	if (!o || json_array_append_new(c->adj, o))
		return -1;
	return 0;
}

/* Merges the adjustments into the steps: an adjustment at place p comes
 * before the step of the group with seq p (4.5.6 between the groups). */
static json_t *merged(json_t *steps, json_t *adj)
{
	json_t *out = json_array();
	size_t i = 0, j = 0, ns = json_array_size(steps), na = json_array_size(adj);
	while (out && (i < ns || j < na)) {
		json_t *s = json_array_get(steps, i), *a = json_array_get(adj, j);
		bool take_adj = a && (!s || json_integer_value(json_object_get(a, "seq")) <=
		                                    json_integer_value(json_object_get(s, "seq")));
		if (json_array_append(out, take_adj ? a : s)) {
			json_decref(out);
			return NULL;
		}
		take_adj ? j++ : i++;
	}
	return out;
}

/* GET /api/v1/users/{id}/ratings: every step, in the order rated. */
int api_ratings_history(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	int rating, otb, games;
	if (fresh(app, rs) != 0)
		return rs->status;
	int rc = store_ratings_user(app->st, rq->ids[0], &rating, &otb, &games);
	if (rc == STORE_NOT_FOUND)
		return api_error(rs, "not_found", "there is no user %lld", (long long)rq->ids[0]);
	struct hist_ctx c = {json_array(), json_array()};
	json_t *all = NULL, *foreign = NULL, *between = NULL;
	/* at one place: the adjustment, the foreign results (DSU 4.5.4.3,
	 * api_foreign.c), then the group */
	if (rc != STORE_OK || !c.arr || !c.adj ||
	    store_ratings_history(app->st, rq->ids[0], hist_row, &c) != 0 ||
	    store_ratings_user_adjustments(app->st, rq->ids[0], adj_row, &c) != 0 ||
	    !(foreign = api_foreign_history(app, rq->ids[0])) ||
	    !(between = merged(foreign, c.adj)) || !(all = merged(c.arr, between))) {
		json_decref(c.arr);
		json_decref(c.adj);
		json_decref(foreign);
		json_decref(between);
		return api_error(rs, "internal", "the rating history could not be read");
	}
	json_decref(c.arr);
	json_decref(c.adj);
	json_decref(foreign);
	json_decref(between);
	c.arr = all;
	return api_json(rs, 200,
	                json_pack("{s:I, s:o, s:o, s:i, s:o}", "user", (json_int_t)rq->ids[0],
	                          "rating", rating_json(rating), "otb_rating", rating_json(otb),
	                          "games", games, "history", c.arr));
}
