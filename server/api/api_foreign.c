/* api_foreign.c: foreign results (api/api_foreign.h). */
#include "api/api_foreign.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_games.h"
#include "clock/calendar.h"
#include "svc/svc_ratings.h"
#include "util/status.h"

/* v / per as a JSON number: an integer when it is one. */
static json_t *number(int v, int per)
{
	return v % per == 0 ? json_integer(v / per) : json_real((double)v / per);
}

static json_t *or_null_int(bool has, int v)
{
	return has ? json_integer(v) : json_null();
}

/* FOREIGN_RESULT (docs/openapi.yaml). */
static json_t *foreign_json(const struct store_foreign *f, const struct store_foreign_game *g,
                            size_t n)
{
	int32_t day, by = 0;
	char report_by[CALENDAR_ISO_LEN] = "";
	/* DSU 4.5.4.3: "senest 14 dage efter spillernes hjemkomst" (the
	 * event's last day stands for the homecoming) */
	if (calendar_parse(f->finished_on, &day, NULL, 0) == CC_OK) {
		by = day + 14;
		calendar_format(by, report_by, sizeof report_by);
	}
	json_t *games = json_array();
	for (size_t i = 0; games && i < n; i++)
		json_array_append_new(games,
		                      json_pack("{s:s, s:i, s:s}", "opponent", g[i].opponent,
		                                "rating", g[i].rating, "result", g[i].result));
	int32_t rep;
	bool late =
	        report_by[0] && calendar_parse(f->reported_on, &rep, NULL, 0) == CC_OK && rep > by;
	return json_pack("{s:I, s:I, s:s, s:s, s:s, s:s, s:b, s:I, s:b, s:b, s:o, s:b, s:o, s:o, "
	                 "s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
	                 "id", (json_int_t)f->id, "player", (json_int_t)f->user, "event", f->event,
	                 "finished_on", f->finished_on, "reported_on", f->reported_on, "report_by",
	                 report_by, "late", late, "seq", (json_int_t)f->position, "round_robin",
	                 f->round_robin, "winner", f->winner, "games", games ? games : json_array(),
	                 "rated", f->rated, "Ro", or_null_int(f->rated, f->ro), "old",
	                 or_null_int(f->rated && f->old >= 0, f->old), "new",
	                 or_null_int(f->rated, f->new_rating), "W",
	                 f->rated ? number(f->w2, 2) : json_null(), "We",
	                 f->rated ? number(f->we, 100) : json_null(), "K",
	                 or_null_int(f->rated, f->k), "B",
	                 f->rated ? number(f->b, 100) : json_null(), "method",
	                 f->rated ? json_string(f->method) : json_null(), "error",
	                 f->error[0] ? json_string(f->error) : json_null(), "n",
	                 or_null_int(f->rated, f->games));
}

/* games: [{"opponent"?, "rating", "result"}] into in. 0, or an error. */
static int read_games(json_t *arr, struct svc_foreign_in *in, struct api_resp *rs)
{
	static const char *const keys[] = {"opponent", "rating", "result", NULL};
	if (!json_is_array(arr) || json_array_size(arr) < 1 ||
	    json_array_size(arr) > STORE_FOREIGN_GAMES) {
		api_error(rs, "invalid_field", "games: an array of 1 to %d games",
		          STORE_FOREIGN_GAMES);
		return -1;
	}
	in->ngames = json_array_size(arr);
	for (size_t i = 0; i < in->ngames; i++) {
		json_t *g = json_array_get(arr, i);
		struct store_foreign_game *x = &in->games[i];
		const char *opp = "", *res = NULL;
		int64_t r;
		if (!json_is_object(g)) {
			api_error(rs, "invalid_field", "games[%zu]: an object", i);
			return -1;
		}
		if (api_only_keys(g, keys, rs) ||
		    api_get_string(g, "opponent", false, &opp, rs) < 0 ||
		    api_get_int(g, "rating", true, &r, rs) ||
		    api_get_string(g, "result", true, &res, rs))
			return -1;
		if (strlen(opp) >= sizeof x->opponent) {
			api_error(rs, "invalid_field", "games[%zu].opponent: at most %zu bytes", i,
			          sizeof x->opponent - 1);
			return -1;
		}
		if (r < 0 || r > 9999) {
			api_error(rs, "invalid_field", "games[%zu].rating: 0..9999", i);
			return -1;
		}
		/* "½" as "1/2" */
		snprintf(x->result, sizeof x->result, "%s",
		         strcmp(res, "\xc2\xbd") == 0 ? "1/2"
		         : strlen(res) < 4            ? res
		                                      : "?");
		snprintf(x->opponent, sizeof x->opponent, "%s", opp);
		x->rating = (int)r;
	}
	return 0;
}

int api_foreign_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"player",       "event", "finished_on", "round_robin",
	                                   "group_winner", "games", NULL};
	json_t *body = api_body_object(rq, rs);
	struct svc_foreign_in *in = calloc(1, sizeof *in);
	if (!in)
		return api_error(rs, "internal", "out of memory");
	int64_t player;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_int(body, "player", true, &player, rs) ||
	    api_get_name(body, "event", true, &in->event, rs) ||
	    api_get_string(body, "finished_on", true, &in->finished_on, rs) ||
	    api_get_bool(body, "round_robin", false, &in->round_robin, rs) < 0 ||
	    api_get_bool(body, "group_winner", false, &in->winner, rs) < 0) {
		free(in);
		return rs->status;
	}
	json_t *games = json_object_get(body, "games");
	if (!games) {
		free(in);
		return api_error(rs, "missing_field", "games is required");
	}
	if (read_games(games, in, rs) != 0) {
		free(in);
		return rs->status;
	}
	in->player = player;
	struct store_foreign f;
	struct svc_outcome o;
	if (svc_rating_foreign_add(app, &rq->user, in, &f, &o) != SVC_OK) {
		free(in);
		return api_outcome_error(rs, &o);
	}
	json_t *j = foreign_json(&f, in->games, in->ngames);
	free(in);
	return api_json(rs, 201, j);
}

json_t *api_foreign_history(struct app *app, int64_t user)
{
	struct store_foreign *v = NULL;
	size_t n = 0;
	if (store_foreign_of_user(app->st, user, &v, &n) != STORE_OK)
		return NULL;
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < n; i++) {
		const struct store_foreign *f = &v[i];
		if (!f->rated)
			continue;
		json_t *o = json_pack(
		        "{s:n, s:I, s:s, s:I, s:s, s:i, s:o, s:i, s:i, s:o, s:o, s:i, s:o, s:s, "
		        "s:s}",
		        "tournament", "foreign", (json_int_t)f->id, "event", f->event, "seq",
		        (json_int_t)f->position, "finished_on", f->reported_on, "Ro", f->ro, "old",
		        f->old >= 0 ? json_integer(f->old) : json_null(), "new", f->new_rating,
		        "games", f->games, "W", number(f->w2, 2), "We", number(f->we, 100), "K",
		        f->k, "B", number(f->b, 100), "method", f->method, "source", "foreign");
		if (!o || json_array_append_new(arr, o)) {
			json_decref(arr);
			arr = NULL;
		}
	}
	free(v);
	return arr;
}

int api_foreign_delete(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct svc_outcome o;
	if (svc_rating_foreign_delete(app, &rq->user, rq->ids[0], &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_json(rs, 200,
	                json_pack("{s:I, s:b}", "id", (json_int_t)rq->ids[0], "deleted", true));
}

int api_foreign_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct api_page pg;
	const char *who = api_query(rq, "player");
	char *end = NULL;
	long long player = who ? strtoll(who, &end, 10) : 0;
	if (who && (!*who || *end || player < 1))
		return api_error(rs, "invalid_field", "player must be a user id");
	if (api_page_read(rq, rs, &pg))
		return rs->status;
	struct store_foreign *v = NULL;
	size_t n = 0;
	/* one more than the page: whether a next page exists */
	if (store_foreign_page(app->st, player, pg.cursor, pg.limit + 1, &v, &n) != STORE_OK)
		return api_error(rs, "internal", "the foreign results could not be read");
	json_t *arr = json_array();
	struct store_foreign_game g[STORE_FOREIGN_GAMES];
	for (size_t i = 0; arr && i < n && i < (size_t)pg.limit; i++) {
		size_t ng = 0;
		if (store_foreign_games(app->st, v[i].id, g, STORE_FOREIGN_GAMES, &ng) !=
		    STORE_OK) {
			json_decref(arr);
			arr = NULL;
			break;
		}
		json_array_append_new(arr, foreign_json(&v[i], g, ng));
	}
	if (arr && n > (size_t)pg.limit)
		api_page_set_next(&pg, v[pg.limit - 1].id);
	free(v);
	if (!arr)
		return api_error(rs, "internal", "the foreign results could not be read");
	return api_json(rs, 200,
	                json_pack("{s:o, s:o}", "foreign_results", arr, "next",
	                          pg.next[0] ? json_string(pg.next) : json_null()));
}
