/* tournaments.c: making, reading and listing tournaments (docs/API.md
 * "Tournaments"): POST reads the request into a draft and hands it to
 * svc_tournament_create() (svc/svc_tournaments.h), which checks and
 * stores it; GET answers the TOURNAMENT (api/tournament_json.c). */
#include "autoconfig.h"
#include "api/api_tournaments.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_games.h"
#include "api/tournament_json.h"
#include "svc/svc_tournaments.h"
#include "util/names.h"

int api_tournament_name_check(const char *name, const char *what, struct api_resp *rs)
{
	size_t len = strlen(name);
	/* issue 20: controls, bidi overrides and blank names (lib/util/names.h). */
	enum name_verdict v = name_check(name, len);
	if (v != NAME_OK) {
		api_error(rs, "bad_name", "%s %s", what, name_verdict_text(v));
		return -1;
	}
	if (len > TOURNAMENT_NAME_MAX) {
		api_error(rs, "invalid_field", "%s has 1 to %d characters and is not blank", what,
		          TOURNAMENT_NAME_MAX);
		return -1;
	}
	return 0;
}

/* The kind's number, or a 422 and -1. */
static int read_kind(const char *kind, struct api_resp *rs)
{
	for (int k = 0; svc_tournament_kind_names[k]; k++)
		if (strcmp(kind, svc_tournament_kind_names[k]) == 0)
			return k;
	api_error(rs, "invalid_field",
	          "kind must be round_robin, double_round_robin, emt_group, dm, team or cup");
	return -1;
}

/* A player's seat with no cup strength given. */
static struct svc_player seat_of_user(int64_t user)
{
	return (struct svc_player){.user = user, .strength = {-1, -1, false}};
}

/* Reads a JSON array of user ids (field `what`) into the draft's next
 * seats.  0, or a 422 and -1. */
static int read_ids(json_t *arr, const char *what, struct svc_draft *d, struct api_resp *rs)
{
	if (!json_is_array(arr)) {
		api_error(rs, "invalid_field", "%s must be a list of user ids", what);
		return -1;
	}
	size_t count = json_array_size(arr);
	if (count > (size_t)(TOURNAMENT_MAX_PLAYERS - d->n)) {
		api_error(rs, "invalid_player_count", "a tournament has at most %d players",
		          TOURNAMENT_MAX_PLAYERS);
		return -1;
	}
	for (size_t i = 0; i < count; i++) {
		json_t *v = json_array_get(arr, i);
		if (!json_is_integer(v)) {
			api_error(rs, "invalid_field", "%s[%zu] must be a user id (an integer)",
			          what, i);
			return -1;
		}
		d->players[d->n++] = seat_of_user(json_integer_value(v));
	}
	return 0;
}

/* A cup's "players": user ids, or {"id", "k_rating"?, "otb_rating"?,
 * "wants_semifinal"?} (DSU 6.6.1.2: the presumed strength; 6.6.1.6: a
 * K-rating of 2000 may start at the semifinal).  0, or a 422 and -1. */
static int read_cup_players(json_t *arr, struct svc_draft *d, struct api_resp *rs)
{
	static const char *const keys[] = {"id", "k_rating", "otb_rating", "wants_semifinal", NULL};
	if (!json_is_array(arr) || json_array_size(arr) > TOURNAMENT_MAX_PLAYERS) {
		api_error(rs, json_is_array(arr) ? "invalid_player_count" : "invalid_field",
		          "players must be a list of at most %d user ids or entries",
		          TOURNAMENT_MAX_PLAYERS);
		return -1;
	}
	for (size_t i = 0; i < json_array_size(arr); i++) {
		json_t *v = json_array_get(arr, i);
		int64_t id, k = -1, o = -1;
		bool semi = false;
		if (json_is_integer(v)) {
			id = json_integer_value(v);
		} else if (!json_is_object(v) || api_only_keys(v, keys, rs) ||
		           api_get_int(v, "id", true, &id, rs) ||
		           api_get_int(v, "k_rating", false, &k, rs) < 0 ||
		           api_get_int(v, "otb_rating", false, &o, rs) < 0 ||
		           api_get_bool(v, "wants_semifinal", false, &semi, rs) < 0) {
			if (!json_is_object(v))
				api_error(rs, "invalid_field",
				          "players[%zu] must be a user id or {\"id\", "
				          "\"k_rating\", ...}",
				          i);
			return -1;
		}
		if (k < -1 || k > 4000 || o < -1 || o > 4000) {
			api_error(rs, "invalid_field", "players[%zu]: ratings are 0 to 4000", i);
			return -1;
		}
		d->players[d->n++] =
		        (struct svc_player){.user = id, .strength = {(int)k, (int)o, semi}};
	}
	return 0;
}

/* True when obj has key with a value other than null. */
static bool has(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);
	return v && !json_is_null(v);
}

/* "players" of an individual tournament.  0, or a 422 and -1. */
static int read_players(json_t *body, struct svc_draft *d, struct api_resp *rs)
{
	if (has(body, "teams")) {
		api_error(rs, "invalid_field", "\"teams\" is only for kind team; send \"players\"");
		return -1;
	}
	if (!has(body, "players")) {
		api_error(rs, "missing_field", "the field \"players\" is required");
		return -1;
	}
	return d->kind == SVC_KIND_CUP
	               ? read_cup_players(json_object_get(body, "players"), d, rs)
	               : read_ids(json_object_get(body, "players"), "players", d, rs);
}

/* One team {"name", "players": [4 ids]}: its players go to the next
 * seats, board 1 first.  0, or a 422 and -1. */
static int read_team(json_t *team, size_t index, struct svc_draft *d, struct api_resp *rs)
{
	static const char *const keys[] = {"name", "players", NULL};
	char what[48];
	snprintf(what, sizeof what, "teams[%zu]", index);
	if (!json_is_object(team)) {
		api_error(rs, "invalid_field", "%s must be an object {\"name\", \"players\"}",
		          what);
		return -1;
	}
	if (api_only_keys(team, keys, rs))
		return -1;
	json_t *name = json_object_get(team, "name"), *players = json_object_get(team, "players");
	if (!name || json_is_null(name) || !players || json_is_null(players)) {
		api_error(rs, "missing_field", "%s needs a \"name\" and \"players\"", what);
		return -1;
	}
	if (!json_is_string(name) || strlen(json_string_value(name)) != json_string_length(name)) {
		api_error(rs, "invalid_field", "%s.name must be a string", what);
		return -1;
	}
	char name_what[64];
	snprintf(name_what, sizeof name_what, "the name of %s", what);
	if (api_tournament_name_check(json_string_value(name), name_what, rs))
		return -1;
	if (json_is_array(players) && json_array_size(players) != TOURNAMENT_BOARDS) {
		api_error(rs, "invalid_player_count",
		          "%s has %zu players; a team has exactly %d, one per board (DSU 6.7)",
		          what, json_array_size(players), TOURNAMENT_BOARDS);
		return -1;
	}
	int first = d->n;
	char players_what[64];
	snprintf(players_what, sizeof players_what, "%s.players", what);
	if (read_ids(players, players_what, d, rs))
		return -1;
	for (int b = 0; b < TOURNAMENT_BOARDS; b++) {
		d->players[first + b].team = json_string_value(name);
		d->players[first + b].board = b + 1;
	}
	return 0;
}

/* "teams" of a team tournament.  0, or a 422 and -1. */
static int read_teams(json_t *body, struct svc_draft *d, struct api_resp *rs)
{
	json_t *arr = json_object_get(body, "teams");
	if (has(body, "players")) {
		api_error(rs, "invalid_field",
		          "a team tournament takes \"teams\" (each with its \"players\"), not "
		          "\"players\"");
		return -1;
	}
	if (!has(body, "teams")) {
		api_error(rs, "missing_field", "the field \"teams\" is required for kind team");
		return -1;
	}
	if (!json_is_array(arr)) {
		api_error(rs, "invalid_field", "teams must be a list of {\"name\", \"players\"}");
		return -1;
	}
	size_t count = json_array_size(arr);
	if (count < 2 || count > TOURNAMENT_MAX_TEAMS) {
		api_error(rs, "invalid_player_count",
		          "a team tournament has 2 to %d teams, not %zu", TOURNAMENT_MAX_TEAMS,
		          count);
		return -1;
	}
	for (size_t i = 0; i < count; i++)
		if (read_team(json_array_get(arr, i), i, d, rs))
			return -1;
	return 0;
}

/* "non_citizens": user ids (the DM's players who are not Danish
 * citizens, R33).  0, or a 422 and -1. */
static int read_foreign(json_t *body, struct svc_draft *d, struct api_resp *rs)
{
	json_t *arr = json_object_get(body, "non_citizens");
	if (!arr || json_is_null(arr))
		return 0;
	if (!json_is_array(arr) || json_array_size(arr) > TOURNAMENT_MAX_PLAYERS)
		return api_error(rs, "invalid_field", "non_citizens must be a list of its players"),
		       -1;
	for (size_t i = 0; i < json_array_size(arr); i++) {
		json_t *v = json_array_get(arr, i);
		if (!json_is_integer(v))
			return api_error(rs, "invalid_field", "non_citizens[%zu] must be a user id",
			                 i),
			       -1;
		d->foreign[d->nforeign++] = json_integer_value(v);
	}
	return 0;
}

/* Reads the POST body into d (the types; svc checks the rest).  0, or an
 * error response and -1. */
static int read_draft(struct api_req *rq, struct svc_draft *d, struct api_resp *rs)
{
	/* clang-format off */
	static const char *const keys[] = {"name", "kind", "profile", "start_date", "players",
	                                   "teams", "series_cancellable", "tl", "class", "advance",
	                                   "non_citizens", NULL};
	/* clang-format on */
	json_t *body = api_body_object(rq, rs);
	const char *kind;
	int64_t advance = 0;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "name", true, &d->name, rs) ||
	    api_get_string(body, "kind", true, &kind, rs) ||
	    api_get_string(body, "profile", true, &d->profile, rs) ||
	    api_get_string(body, "start_date", true, &d->start, rs) ||
	    api_get_bool(body, "series_cancellable", false, &d->series_cancellable, rs) < 0 ||
	    api_get_int(body, "tl", false, &d->tl, rs) < 0 ||
	    api_get_string(body, "class", false, &d->cls, rs) < 0 ||
	    api_get_int(body, "advance", false, &advance, rs) < 0)
		return -1;
	if (api_tournament_name_check(d->name, "the name", rs))
		return -1;
	int k = read_kind(kind, rs);
	if (k < 0)
		return -1;
	d->kind = (enum svc_kind)k;
	d->advance = advance < 0 || advance > 100 ? -1 : (int)advance; /* svc: 2 or 3 */
	d->n = 0;
	if ((d->kind == SVC_KIND_TEAM ? read_teams(body, d, rs) : read_players(body, d, rs)) ||
	    read_foreign(body, d, rs))
		return -1;
	return 0;
}

int api_tournaments_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct svc_draft *d = calloc(1, sizeof *d);
	if (!d)
		return api_error(rs, "internal", "out of memory");
	int64_t id = 0;
	struct svc_outcome o;
	int failed = read_draft(rq, d, rs);
	if (!failed && svc_tournament_create(app, &rq->user, d, &id, &o) != SVC_OK)
		failed = api_outcome_error(rs, &o);
	free(d);
	if (failed)
		return rs->status;
	return api_tournament_respond(app, id, 201, rs);
}

int api_tournaments_get(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	return api_tournament_respond(app, rq->ids[0], 200, rs);
}

/* GET /api/v1/tournaments: newest first, a page at a time (API.md
 * "Lists"). */
int api_tournaments_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct api_page page;
	if (api_page_read(rq, rs, &page))
		return rs->status;
	struct store_tournament *v;
	size_t n;
	json_t *list = json_array();
	/* One more than the page, to know whether another follows. */
	if (!list || store_tournaments_list(app->st, page.cursor, (size_t)page.limit + 1, &v, &n) !=
	                     STORE_OK) {
		json_decref(list);
		return api_error(rs, "internal", "the database is not available");
	}
	if (n > (size_t)page.limit) {
		n = (size_t)page.limit;
		api_page_set_next(&page, v[n - 1].id);
	}
	for (size_t i = 0; i < n; i++) {
		json_t *item = json_pack("{s:I, s:s, s:s, s:s, s:s}", "id", (json_int_t)v[i].id,
		                         "name", v[i].name, "kind", api_tournament_kind(&v[i]),
		                         "profile", v[i].profile, "start_date", v[i].start);
		if (item)
			json_array_append_new(list, item);
	}
	free(v);
	return api_json(rs, 200,
	                json_pack("{s:o, s:o}", "tournaments", list, "next",
	                          page.next[0] ? json_string(page.next) : json_null()));
}

bool api_tournaments_may_lead(const struct user *u, int64_t tl)
{
	/* docs/AUTHORITY.md rule 2 (lib/corr/authority.c): an admin on all,
	 * a TL on what he leads */
	struct auth_actor a = svc_actor(u);
	return a.role == AUTH_ADMIN || (a.role == AUTH_TL && a.id == tl);
}
