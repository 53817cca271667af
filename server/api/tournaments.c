/* tournaments.c: creating a tournament with all its games, and its
 * standings (API.md "Tournaments"; SPEC 6; DSU 6.5.4.1).
 *
 * POST checks the whole request before it writes anything, then stores
 * the tournament, its players and every game in one transaction: any
 * failure rolls all of it back.  GET reads the games' results and ranks
 * the players (and teams) with lib/tourney. */
#include "autoconfig.h"
#include "api/tournaments.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/games.h"
#include "api/ratings.h"
#include "corr/corr.h"
#include "store/tournaments.h"
#include "store/users.h"
#include "clock/calendar.h"
#include "clock/clock.h"
#include "base/log.h"
#include "svc/svc_notify.h"
#include "store/games.h"
#include "store/ratings.h"
#include "tourney/dsu_admin.h"
#include "tourney/dsu_cup.h"
#include "tourney/dsu_group.h"
#include "tourney/dsu_rights.h"
#include "tourney/dsu_team.h"
#include "tourney/tiebreak.h"
#include "util/status.h"

/* The kinds of API.md, in the order of kind_names[]. */
enum kind { KIND_RR, KIND_DRR, KIND_EMT, KIND_TEAM, KIND_CUP, KIND_DM };
static const char *const kind_names[] = {
        "round_robin", "double_round_robin", "emt_group", "team", "cup", "dm", NULL};

/* One player of the tournament being created, by seat. */
struct entry {
	int64_t user;
	const char *team; /* the team's name (borrowed from the body), or NULL */
	int board;        /* 1..TOURNAMENT_BOARDS in team play, else 0 */
};

/* A checked POST body. */
struct draft {
	const char *name, *profile, *start; /* borrowed from the body */
	enum kind kind;
	bool series_cancellable; /* DSU 6.2.5 (SPEC 3): the games allow cancelling a series */
	int64_t tl;              /* its tournament leader (DSU 6.1.3), 0 = the creator */
	const char *cls;         /* EMT class (borrowed), or NULL */
	int64_t parent;          /* a cup group: its cup */
	const char *stage;       /* a cup group: "prelim", "semifinal", "final" */
	int advance;             /* a cup: 2 or 3 of each group go on (DSU 6.6.1.3) */
	int n; /* players */
	struct entry players[TOURNAMENT_MAX_PLAYERS];
	struct dsu_cup_entry strength[TOURNAMENT_MAX_PLAYERS]; /* a cup: by seat */
	int nforeign; /* the DM: players who are not Danish citizens (R33, I-4) */
	int64_t foreign[TOURNAMENT_MAX_PLAYERS];
};

/* ---- checking the request ---- */

/* A tournament or team name: 1..TOURNAMENT_NAME_MAX bytes, not blank, no
 * control characters (it goes into each game's event and the PGN).  0,
 * or a 422 and -1. */
static int check_name(const char *name, const char *what, struct api_resp *rs)
{
	size_t len = strlen(name);
	bool blank = true;
	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		if (*p < 0x20 || *p == 0x7f) {
			api_error(rs, "invalid_field", "%s contains a control character",
			          what);
			return -1;
		}
		if (*p != ' ')
			blank = false;
	}
	if (len == 0 || blank || len > TOURNAMENT_NAME_MAX) {
		api_error(rs, "invalid_field", "%s has 1 to %d characters and is not blank",
		          what, TOURNAMENT_NAME_MAX);
		return -1;
	}
	return 0;
}

/* The kind's number, or a 422 and -1. */
static int check_kind(const char *kind, struct api_resp *rs)
{
	for (int k = 0; kind_names[k]; k++)
		if (strcmp(kind, kind_names[k]) == 0)
			return k;
	api_error(rs, "invalid_field",
	          "kind must be round_robin, double_round_robin, emt_group, dm, team or cup");
	return -1;
}

/* The profile and the start date, checked as for a game (the years
 * CORR_FIRST_YEAR..CORR_LAST_YEAR).  0, or a 422 and -1. */
static int check_profile_date(const char *profile, const char *start, struct api_resp *rs)
{
	if (!clock_profile_find(profile)) {
		api_error(rs, "invalid_field",
		          "the profile must be dsu-post, dsu-email or server");
		return -1;
	}
	int32_t day;
	char err[256];
	if (calendar_parse(start, &day, err, sizeof err) != CC_OK) {
		api_error(rs, "invalid_date", "start_date: %s", err);
		return -1;
	}
	int year = calendar_year(day);
	if (year < CORR_FIRST_YEAR || year > CORR_LAST_YEAR) {
		api_error(rs, "invalid_date",
		          "start_date: a tournament starts in the years %d to %d", CORR_FIRST_YEAR,
		          CORR_LAST_YEAR);
		return -1;
	}
	return 0;
}

/* Reads a JSON array of user ids (field `what`) into the draft's next
 * seats; the callers check the counts.  0, or a 422 and -1. */
static int read_ids(json_t *arr, const char *what, struct draft *d, struct api_resp *rs)
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
			api_error(rs, "invalid_field",
			          "%s[%zu] must be a user id (an integer)", what, i);
			return -1;
		}
		d->players[d->n++] = (struct entry){.user = json_integer_value(v)};
	}
	return 0;
}

/* A cup's "players": user ids, or {"id", "k_rating"?, "otb_rating"?,
 * "wants_semifinal"?} (DSU 6.6.1.2: the presumed strength; 6.6.1.6: a
 * K-rating of 2000 may start at the semifinal).  Then the preliminary
 * players must split into groups of 7 and 6 (I-19).  0, or a 422 and -1. */
static int read_cup_players(json_t *arr, struct draft *d, struct api_resp *rs)
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
		struct dsu_cup_entry *e = &d->strength[d->n];
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
				          "players[%zu] must be a user id or {\"id\", \"k_rating\", ...}", i);
			return -1;
		}
		if (k < -1 || k > 4000 || o < -1 || o > 4000) {
			api_error(rs, "invalid_field", "players[%zu]: ratings are 0 to 4000", i);
			return -1;
		}
		*e = (struct dsu_cup_entry){(int)k, (int)o, semi};
		d->players[d->n++] = (struct entry){.user = id};
	}
	return 0;
}

/* The users' ratings as the cup's strength (DSU 6.6.1.2, I-18: the
 * K-rating, final or provisional (R67: a new player's OTB rating), else
 * the OTB rating; 6.6.1.6: a K-rating of 2000 enters at the semifinal),
 * for every entry that did not give its own; then the preliminary players
 * must split into groups of 7 and 6 (I-19).  After check_users().  0, or
 * a 422 (500) and -1. */
static int cup_strengths(struct app *app, struct draft *d, struct api_resp *rs)
{
	int sizes[TOURNAMENT_MAX_PLAYERS], prelim = 0;
	char err[160];
	for (int i = 0; i < d->n; i++) {
		struct dsu_cup_entry *e = &d->strength[i];
		int k, o, games;
		if (store_ratings_user(app->st, d->players[i].user, &k, &o, &games) != 1) {
			api_error(rs, "internal", "the ratings cannot be read");
			return -1;
		}
		if (e->k_rating < 0)
			e->k_rating = k == STORE_NO_RATING ? -1 : k;
		if (e->otb_rating < 0)
			e->otb_rating = o == STORE_NO_RATING ? -1 : o;
		prelim += !dsu_cup_semifinal_direct(e);
	}
	if (dsu_cup_group_sizes(prelim, sizes, TOURNAMENT_MAX_PLAYERS, err, sizeof err) < 0) {
		api_error(rs, "invalid_player_count", "%s", err);
		return -1;
	}
	return 0;
}

/* True when obj has key with a value other than null (as the api_get_*
 * readers see it). */
static bool has(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);
	return v && !json_is_null(v);
}

/* "players" of an individual tournament: at least 2, exactly 7 in an EMT
 * group (SPEC 6).  0, or a 422 and -1. */
static int read_players(json_t *body, struct draft *d, struct api_resp *rs)
{
	if (has(body, "teams")) {
		api_error(rs, "invalid_field",
		          "\"teams\" is only for kind team; send \"players\"");
		return -1;
	}
	if (!has(body, "players")) {
		api_error(rs, "missing_field", "the field \"players\" is required");
		return -1;
	}
	if (d->kind == KIND_CUP ? read_cup_players(json_object_get(body, "players"), d, rs)
	                        : read_ids(json_object_get(body, "players"), "players", d, rs))
		return -1;
	if (d->kind == KIND_EMT && d->n != TOURNAMENT_EMT_PLAYERS) {
		api_error(rs, "invalid_player_count",
		          "an EMT group has exactly %d players (SPEC 6), not %d",
		          TOURNAMENT_EMT_PLAYERS, d->n);
		return -1;
	}
	if (d->n < 2) {
		api_error(rs, "invalid_player_count",
		          "a tournament has at least 2 players, not %d", d->n);
		return -1;
	}
	return 0;
}

/* One team {"name", "players": [4 ids]}: its players go to the next
 * seats, board 1 first.  0, or a 422 and -1. */
static int read_team(json_t *team, size_t index, struct draft *d, struct api_resp *rs)
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
	if (check_name(json_string_value(name), name_what, rs))
		return -1;
	if (json_is_array(players) && json_array_size(players) != TOURNAMENT_BOARDS) {
		api_error(rs, "invalid_player_count",
		          "%s has %zu players; a team has exactly %d, one per board (SPEC 6)", what,
		          json_array_size(players), TOURNAMENT_BOARDS);
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

/* "teams" of a team tournament: 2..TOURNAMENT_MAX_TEAMS teams of 4 with
 * different names.  0, or a 422 and -1. */
static int read_teams(json_t *body, struct draft *d, struct api_resp *rs)
{
	json_t *arr = json_object_get(body, "teams");
	if (has(body, "players")) {
		api_error(rs, "invalid_field",
		          "a team tournament takes \"teams\" (each with its \"players\"), not "
		          "\"players\"");
		return -1;
	}
	if (!has(body, "teams")) {
		api_error(rs, "missing_field",
		          "the field \"teams\" is required for kind team");
		return -1;
	}
	if (!json_is_array(arr)) {
		api_error(rs, "invalid_field",
		          "teams must be a list of {\"name\", \"players\"}");
		return -1;
	}
	size_t count = json_array_size(arr);
	if (count < 2 || count > TOURNAMENT_MAX_TEAMS) {
		api_error(rs, "invalid_player_count",
		          "a team tournament has 2 to %d teams, not %zu", TOURNAMENT_MAX_TEAMS,
		          count);
		return -1;
	}
	for (size_t i = 0; i < count; i++) {
		if (read_team(json_array_get(arr, i), i, d, rs))
			return -1;
		for (size_t j = 0; j < i; j++)
			if (strcmp(d->players[i * TOURNAMENT_BOARDS].team,
			           d->players[j * TOURNAMENT_BOARDS].team) == 0) {
				api_error(rs, "duplicate_team", "two teams are called \"%s\"",
				          d->players[j * TOURNAMENT_BOARDS].team);
				return -1;
			}
	}
	return 0;
}

/* Every player once, and every one a user.  0, or a 422 and -1 (or a 500
 * when the database cannot be read). */
static int check_users(struct app *app, const struct draft *d, struct api_resp *rs)
{
	for (int i = 0; i < d->n; i++)
		for (int j = 0, seen = 0; j < i; j++)
			/* R44: a cup player may have two entries (never more, and
			 * only one may ask for the semifinal) */
			if (d->players[i].user == d->players[j].user &&
			    (d->kind != KIND_CUP || ++seen > 1 || d->strength[i].wants_semifinal ||
			     d->strength[j].wants_semifinal)) {
				if (d->kind == KIND_CUP) {
					api_error(rs, "duplicate_player",
					          "user %lld: at most two cup entries, neither "
					          "asking for the semifinal (DSU 6.6.1.2)",
					          (long long)d->players[i].user);
					return -1;
				}
				api_error(rs, "duplicate_player",
				          "user %lld is listed twice; each player has one seat",
				          (long long)d->players[i].user);
				return -1;
			}
	for (int i = 0; i < d->n; i++) {
		int found = store_users_exists(app->st, d->players[i].user);
		if (found == STORE_ERROR) {
			api_error(rs, "internal", "the database is not available");
			return -1;
		}
		if (found != STORE_OK) {
			api_error(rs, "unknown_user", "there is no user %lld",
			          (long long)d->players[i].user);
			return -1;
		}
	}
	return 0;
}

/* "class" (R23): Å, K or M for an EMT group, DM (or none) for the DM,
 * nothing for the other kinds.  0, or a 422 and -1. */
static int check_class(struct draft *d, struct api_resp *rs)
{
	enum dsu_class c;
	if (d->kind == KIND_DM) {
		if (d->cls && strcmp(d->cls, "DM") != 0) {
			api_error(rs, "invalid_field", "a DM tournament is of class DM");
			return -1;
		}
		d->cls = "DM";
		return 0;
	}
	if (!d->cls)
		return 0;
	if (d->kind != KIND_EMT) {
		api_error(rs, "invalid_field", "only an EMT group or the DM has a class");
		return -1;
	}
	if (dsu_class_parse(d->cls, &c) != CC_OK || c == DSU_CLASS_DM) {
		api_error(rs, "invalid_field",
		          "the class of an EMT group is \u00c5, K or M (DSU 6.5.1); the DM is kind dm");
		return -1;
	}
	d->cls = dsu_class_name(c); /* "A"/"AA" stored as "Å" */
	return 0;
}

/* "tl" (DSU 6.1.3): a user who is a tournament leader or an admin.  0,
 * or a 422 and -1 (500 when the database cannot be read). */
static int check_tl(struct app *app, struct draft *d, struct api_resp *rs)
{
	if (!d->tl)
		return 0;
	json_t *u = api_user_json(app, d->tl);
	const char *role = u ? json_string_value(json_object_get(u, "role")) : NULL;
	int bad = !role ? 1 : (strcmp(role, "tl") != 0 && strcmp(role, "admin") != 0) ? 2 : 0;
	json_decref(u);
	if (bad == 1)
		api_error(rs, "unknown_user", "there is no user %lld (tl)", (long long)d->tl);
	else if (bad == 2)
		api_error(rs, "not_a_tl", "user %lld is not a tournament leader or an admin",
		          (long long)d->tl);
	return bad ? -1 : 0;
}

/* "non_citizens" (the DM only): players of the DM who are not Danish
 * citizens and so cannot hold the title (R33, I-4).  0, or a 422 and -1. */
static int read_foreign(json_t *body, struct draft *d, struct api_resp *rs)
{
	json_t *arr = json_object_get(body, "non_citizens");
	if (!arr || json_is_null(arr))
		return 0;
	if (d->kind != KIND_DM)
		return api_error(rs, "invalid_field",
		                 "non_citizens is for the DM (its title, DSU 6.5.2)"),
		       -1;
	if (!json_is_array(arr) || json_array_size(arr) > (size_t)d->n)
		return api_error(rs, "invalid_field", "non_citizens must be a list of its players"),
		       -1;
	for (size_t i = 0; i < json_array_size(arr); i++) {
		json_t *v = json_array_get(arr, i);
		bool found = false;
		for (int k = 0; json_is_integer(v) && k < d->n; k++)
			found |= d->players[k].user == json_integer_value(v);
		if (!found)
			return api_error(rs, "invalid_field",
			                 "non_citizens[%zu] must be a player of the DM", i),
			       -1;
		d->foreign[d->nforeign++] = json_integer_value(v);
	}
	return 0;
}

/* Reads and checks the whole POST body into d.  0, or an error response
 * and -1. */
static int read_draft(struct app *app, struct api_req *rq, struct draft *d, struct api_resp *rs)
{
	/* clang-format off */
	static const char *const keys[] = {"name", "kind", "profile", "start_date", "players",
	                                   "teams", "series_cancellable", "tl", "class", "advance",
	                                   "non_citizens", NULL};
	/* clang-format on */
	json_t *body = api_body_object(rq, rs);
	const char *kind;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "name", true, &d->name, rs) ||
	    api_get_string(body, "kind", true, &kind, rs) ||
	    api_get_string(body, "profile", true, &d->profile, rs) ||
	    api_get_string(body, "start_date", true, &d->start, rs) ||
	    api_get_bool(body, "series_cancellable", false, &d->series_cancellable, rs) < 0 ||
	    api_get_int(body, "tl", false, &d->tl, rs) < 0 ||
	    api_get_string(body, "class", false, &d->cls, rs) < 0)
		return -1;
	int64_t advance = 0;
	if (api_get_int(body, "advance", false, &advance, rs) < 0)
		return -1;
	if (check_name(d->name, "the name", rs))
		return -1;
	int k = check_kind(kind, rs);
	if (k < 0)
		return -1;
	d->kind = (enum kind)k;
	if (check_class(d, rs) || check_tl(app, d, rs))
		return -1;
	if (advance && (d->kind != KIND_CUP || (advance != 2 && advance != 3))) {
		api_error(rs, "invalid_field",
		          "advance (2 or 3 of each group go on, DSU 6.6.1.3) is for a cup");
		return -1;
	}
	d->advance = d->kind == KIND_CUP ? (advance ? (int)advance : 2) : 0;
	if (check_profile_date(d->profile, d->start, rs))
		return -1;
	/* DSU 6.2.4, 6.8.4 (SPEC 3, issue 9): a series binds in a DSU event */
	if (d->series_cancellable && strncmp(d->profile, "dsu-", 4) == 0)
		return api_error(rs, "invalid_field",
		                 "series_cancellable: a series is binding once sent in a DSU "
		                 "tournament (6.2.4, 6.8.4); it is an option for other events only"),
		       -1;
	d->n = 0;
	if ((d->kind == KIND_TEAM ? read_teams(body, d, rs) : read_players(body, d, rs)) ||
	    check_users(app, d, rs) || (d->kind == KIND_CUP && cup_strengths(app, d, rs)) ||
	    read_foreign(body, d, rs))
		return -1;
	return 0;
}

/* ---- storing ---- */

/* The pairings of d's kind (new array, caller frees) and their count;
 * NULL when out of memory. */
static struct tiebreak_pairing *pairings(const struct draft *d, int *count)
{
	/* DSU 6.5.2.1: the DM is double round robin below 7 players */
	int teams = d->n / TOURNAMENT_BOARDS,
	    cycles = d->kind == KIND_DRR || (d->kind == KIND_DM && d->n < 7) ? 2 : 1;
	size_t room = d->kind == KIND_TEAM
	                      ? tiebreak_round_robin_games(teams, 1) * TOURNAMENT_BOARDS
	                      : tiebreak_round_robin_games(d->n, cycles);
	struct tiebreak_pairing *p = calloc(room ? room : 1, sizeof *p);
	if (!p)
		return NULL;
	char err[256];
	/* SPEC 6: an EMT group is a single round robin, 3 Whites each. */
	*count = d->kind == KIND_TEAM
	                 ? tiebreak_team_round_robin(teams, TOURNAMENT_BOARDS, p, room, err,
	                                             sizeof err)
	                 : tiebreak_round_robin(d->n, cycles, p, room, err, sizeof err);
	if (*count < 0) {
		log_msg(LOG_ERROR, "tournament pairings: %s", err);
		free(p);
		return NULL;
	}
	return p;
}

/* Inserts the tournament row and its players; 0 and *id, or -1. */
static int insert_tournament(struct app *app, const struct draft *d, int64_t creator, int64_t *id)
{
	struct store_tournament t = {.created_by = creator,
	                             .series_cancellable = d->series_cancellable,
	                             .tl = d->tl ? d->tl : creator};
	snprintf(t.name, sizeof t.name, "%s", d->name);
	if (d->kind == KIND_DM) { /* stored as the round robin it is played as */
		snprintf(t.kind, sizeof t.kind, "%s", kind_names[d->n < 7 ? KIND_DRR : KIND_RR]);
		snprintf(t.dsu_kind, sizeof t.dsu_kind, "dm");
	} else {
		snprintf(t.kind, sizeof t.kind, "%s", kind_names[d->kind]);
	}
	snprintf(t.cls, sizeof t.cls, "%s", d->cls ? d->cls : "");
	snprintf(t.stage, sizeof t.stage, "%s", d->stage ? d->stage : "");
	t.parent = d->parent;
	t.advance = d->advance;
	snprintf(t.profile, sizeof t.profile, "%s", d->profile);
	snprintf(t.start, sizeof t.start, "%s", d->start);
	if (store_tournaments_insert(app->st, &t) != STORE_OK)
		return -1;
	*id = t.id;
	for (int i = 0, seat = 0; i < d->n; i++) {
		bool again = false; /* a cup player's second entry (R44): one seat */
		for (int j = 0; j < i; j++)
			again |= d->players[j].user == d->players[i].user;
		if (!again && store_tournaments_add_player(app->st, *id, d->players[i].user, ++seat,
		                                           d->players[i].team,
		                                           d->players[i].board) != STORE_OK)
			return -1;
	}
	for (int i = 0; i < d->nforeign; i++)
		if (store_tournaments_set_citizen(app->st, *id, d->foreign[i], false) != STORE_OK)
			return -1;
	return 0;
}

/* Creates every game of tournament id (api_games_new(), as POST /games,
 * with the tournament's name as the event and its series_cancellable
 * flag, DSU 6.2.5), tied to the tournament.  Inside the caller's
 * transaction.  0, or an error response and -1. */
static int insert_games(struct app *app, const struct draft *d, int64_t id, struct api_resp *rs)
{
	int count;
	struct tiebreak_pairing *p = pairings(d, &count);
	if (!p) {
		api_error(rs, "internal", "the pairings could not be made (out of memory)");
		return -1;
	}
	int failed = 0;
	for (int k = 0; k < count && !failed; k++) {
		int64_t gid;
		const char *code;
		char err[512];
		struct api_new_game ng = {
		        .white = d->players[p[k].white].user,
		        .black = d->players[p[k].black].user,
		        .profile = d->profile,
		        .start_date = d->start,
		        .event = d->name,
		        .series_cancellable = d->series_cancellable,
		        .tournament = id,
		};
		if (api_games_new(app, &ng, &gid, &code, err, sizeof err) != 0) {
			api_error(rs, code, "game %d of the tournament: %s", k + 1, err);
			failed = 1;
		}
	}
	free(p);
	return failed ? -1 : 0;
}

/* Draws seats by lot among d's players (R27; 6.6.1.2 "fri lodtrækning"). */
static void shuffle(struct draft *d)
{
	for (int i = d->n - 1; i > 0; i--) {
		int j = (int)randombytes_uniform((uint32_t)i + 1);
		struct entry x = d->players[i];
		d->players[i] = d->players[j];
		d->players[j] = x;
	}
}

/* Inside the caller's transaction: a group of a cup (a round robin with
 * the cup as parent) of players[0..n), seats by lot, from today.  0, or
 * an error response and -1. */
static int insert_cup_group(struct app *app, const struct store_tournament *cup, int64_t cup_id,
                            const char *stage, int number, const int64_t *players, int n,
                            int64_t creator, struct api_resp *rs)
{
	struct draft *g = calloc(1, sizeof *g);
	char name[STORE_TOURNAMENT_NAME_MAX + 32], today[CALENDAR_ISO_LEN];
	int64_t id;
	if (!g)
		return api_error(rs, "internal", "out of memory"), -1;
	api_today(app, today);
	snprintf(name, sizeof name, "%.100s: %s %d", cup->name, stage, number);
	g->name = name;
	g->profile = cup->profile;
	g->start = strcmp(stage, "prelim") == 0 ? cup->start : today;
	g->kind = KIND_RR;
	g->series_cancellable = cup->series_cancellable;
	g->tl = cup->tl;
	g->parent = cup_id;
	g->stage = stage;
	g->n = n;
	for (int i = 0; i < n; i++)
		g->players[i] = (struct entry){.user = players[i]};
	shuffle(g);
	int rc = insert_tournament(app, g, creator, &id);
	if (rc)
		api_error(rs, "busy", "the cup group could not be stored; try again");
	else
		rc = insert_games(app, g, id, rs);
	free(g);
	return rc;
}

/* True when group g already holds user u among the seeds other than
 * `except`. */
static bool group_has(const struct draft *d, const int *seeds, int ns, const int *group, int g,
                      int64_t u, int except)
{
	for (int s = 0; s < ns; s++)
		if (s != except && group[s] == g && d->players[seeds[s]].user == u)
			return true;
	return false;
}

/* R44 / I-18: a player's two entries never in one group.  The second
 * entry of a player that the serpentine put beside his first changes
 * groups with the nearest seed (by seed number, the weaker side first)
 * that can move into his group; the group strengths change as little as
 * a swap of neighbours can.  O(n^2).  0, or -1 when no swap fits. */
static int separate_entries(const struct draft *d, const int *seeds, int ns, int *group)
{
	for (int s = 0; s < ns; s++) {
		int64_t u = d->players[seeds[s]].user;
		/* his first entry is a seed before s */
		if (!group_has(d, seeds, s, group, group[s], u, s))
			continue;
		bool moved = false;
		for (int dist = 1; !moved && dist < ns; dist++)
			for (int k = 0; !moved && k < 2; k++) {
				int t = k == 0 ? s + dist : s - dist;
				if (t < 0 || t >= ns || group[t] == group[s])
					continue;
				int64_t v = d->players[seeds[t]].user;
				if (group_has(d, seeds, ns, group, group[t], u, t) ||
				    group_has(d, seeds, ns, group, group[s], v, s))
					continue;
				int x = group[s];
				group[s] = group[t];
				group[t] = x;
				moved = true;
			}
		if (!moved)
			return -1;
	}
	return 0;
}

/* The preliminary groups of a new cup (DSU 6.6.1.1-6.6.1.2): the entries
 * without a semifinal start seeded by strength and dealt in serpentine
 * order into groups of 7, then 6 (I-18, I-19); the strengths kept on the
 * cup's seats.  0, or an error response and -1. */
static int insert_cup(struct app *app, const struct draft *d, int64_t id, int64_t creator,
                      struct api_resp *rs)
{
	int seeds[TOURNAMENT_MAX_PLAYERS], direct[TOURNAMENT_MAX_PLAYERS],
	        refused[TOURNAMENT_MAX_PLAYERS], group[TOURNAMENT_MAX_PLAYERS],
	        sizes[TOURNAMENT_MAX_PLAYERS];
	int nd, nr;
	char err[160];
	for (int i = 0; i < d->n; i++) {
		int entries = 0;
		for (int j = 0; j < d->n; j++)
			entries += d->players[j].user == d->players[i].user;
		struct store_cup_entry e = {d->players[i].user, d->strength[i].k_rating,
		                            d->strength[i].otb_rating,
		                            dsu_cup_semifinal_direct(&d->strength[i]), entries};
		if (store_tournaments_set_strength(app->st, id, &e) != STORE_OK)
			return api_error(rs, "busy", "the cup could not be stored; try again"), -1;
	}
	int ns = dsu_cup_seed(d->strength, d->n, seeds, direct, &nd, refused, &nr, err, sizeof err);
	int ng = ns < 0 ? ns : dsu_cup_group_sizes(ns, sizes, TOURNAMENT_MAX_PLAYERS, err, sizeof err);
	if (ng < 0 || dsu_cup_serpentine(ns, sizes, ng, group, err, sizeof err) != CC_OK)
		return api_error(rs, "invalid_player_count", "%s", err), -1;
	if (separate_entries(d, seeds, ns, group))
		return api_error(rs, "invalid_player_count",
		                 "a player's two entries cannot be put in different groups "
		                 "(DSU 6.6.1.2): the TL decides"),
		       -1;
	struct store_tournament cup = {.series_cancellable = d->series_cancellable,
	                               .tl = d->tl ? d->tl : creator};
	snprintf(cup.name, sizeof cup.name, "%s", d->name);
	snprintf(cup.profile, sizeof cup.profile, "%s", d->profile);
	snprintf(cup.start, sizeof cup.start, "%s", d->start);
	for (int g = 0; g < ng; g++) {
		int64_t members[7];
		int k = 0;
		for (int s = 0; s < ns && k < 7; s++)
			if (group[s] == g)
				members[k++] = d->players[seeds[s]].user;
		if (insert_cup_group(app, &cup, id, "prelim", g + 1, members, k, creator, rs))
			return -1;
	}
	return 0;
}

/* Stores d: the tournament, its players and all its games in one
 * transaction.  0 and *id, or an error response and -1 (nothing stored). */
static int store_draft(struct app *app, const struct draft *d, int64_t creator, int64_t *id,
                       struct api_resp *rs)
{
	if (store_begin(app->st) != STORE_OK) {
		api_error(rs, "busy", "the database is busy; try again");
		return -1;
	}
	if (insert_tournament(app, d, creator, id) != 0) {
		log_msg(LOG_ERROR, "storing a tournament failed");
		api_error(rs, "busy", "the tournament could not be stored; try again");
		goto fail;
	}
	if (d->kind == KIND_CUP ? insert_cup(app, d, *id, creator, rs) != 0
	                        : insert_games(app, d, *id, rs) != 0)
		goto fail;
	/* DSU 6.5.2.1: the start letter, written with the group. */
	char today[CALENDAR_ISO_LEN];
	api_today(app, today);
	if (svc_notify_tournament_started(app, *id, today) != 0) {
		api_error(rs, "busy", "the tournament could not be stored; try again");
		goto fail;
	}
	if (store_commit(app->st) != STORE_OK) {
		api_error(rs, "busy", "the tournament could not be stored; try again");
		return -1;
	}
	svc_mail_queued(app);
	return 0;
fail:
	store_rollback(app->st);
	return -1;
}

/* ---- reading and ranking ---- */

/* A stored tournament with its players and games (new arrays; free with
 * unload()). */
struct loaded {
	struct store_tournament t;
	int n;
	struct store_seat *seats;
	size_t ngames;
	int64_t *game_ids;
	struct dsu_game *games;
	int unfinished;           /* games still running */
	char last_end[CALENDAR_ISO_LEN]; /* the day the last finished game ended */
	size_t nwithdrawals;
	struct store_withdrawal withdrawals[TOURNAMENT_MAX_PLAYERS];
	/* a cup semifinal or final group (R49): its cup's started
	 * preliminary players and whether a semifinal was held */
	bool cup_rights_stage;
	bool semifinal_held;
	int prelim_players;
	/* the DM play-off the TL entered (6.5.2c), by seat */
	bool has_playoff;
	struct dsu_playoff playoff;
	struct dsu_game playoff_games[STORE_PLAYOFF_MAX];
};

static void unload(struct loaded *t)
{
	free(t->seats);
	free(t->game_ids);
	free(t->games);
}

/* The seat of user in t, or -1. */
static int seat_of(const struct loaded *t, int64_t user)
{
	for (int i = 0; i < t->n; i++)
		if (t->seats[i].user == user)
			return i;
	return -1;
}

/* The games of t in creation order with their results.  0, or -1. */
static int load_games(struct app *app, struct loaded *t)
{
	struct store_tgame *rows;
	size_t n;
	if (store_tournaments_games(app->st, t->t.id, &rows, &n) != STORE_OK)
		return -1;
	t->game_ids = calloc(n ? n : 1, sizeof *t->game_ids);
	t->games = calloc(n ? n : 1, sizeof *t->games);
	if (!t->game_ids || !t->games) {
		free(rows);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		struct dsu_game g;
		g.white = seat_of(t, rows[i].white);
		g.black = seat_of(t, rows[i].black);
		if (g.white < 0 || g.black < 0 || g.white == g.black ||
		    dsu_result_parse(rows[i].result, &g.result)) {
			log_msg(LOG_ERROR, "tournament %lld: game %lld does not fit its players",
			        (long long)t->t.id, (long long)rows[i].id);
			continue;
		}
		t->game_ids[t->ngames] = rows[i].id;
		t->games[t->ngames++] = g;
		if (!dsu_result_finished(g.result))
			t->unfinished++;
		else if (strcmp(rows[i].finished_on, t->last_end) > 0)
			snprintf(t->last_end, sizeof t->last_end, "%s", rows[i].finished_on);
	}
	free(rows);
	return 0;
}

/* For a cup semifinal or final group: its cup's started preliminary
 * players (the entries without a semifinal start, R49) and whether a
 * semifinal was held (I-26).  0, or -1 (database). */
static int load_cup_stage(struct app *app, struct loaded *t)
{
	struct store_cup_entry *e;
	struct store_tournament *v;
	size_t ne = 0, nv = 0;
	bool final = strcmp(t->t.stage, "final") == 0;
	if (!t->t.parent || (!final && strcmp(t->t.stage, "semifinal") != 0))
		return 0;
	e = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *e);
	if (!e ||
	    store_tournaments_cup_entries(app->st, t->t.parent, e, TOURNAMENT_MAX_PLAYERS, &ne) !=
	            STORE_OK ||
	    store_tournaments_children(app->st, t->t.parent, &v, &nv) != STORE_OK) {
		free(e);
		return -1;
	}
	t->cup_rights_stage = true;
	t->semifinal_held = !final;
	for (size_t i = 0; i < ne; i++) /* R44: a second entry counts */
		t->prelim_players += e[i].semifinal_direct ? 0 : e[i].entries == 2 ? 2 : 1;
	for (size_t i = 0; i < nv; i++)
		t->semifinal_held |= strcmp(v[i].stage, "semifinal") == 0;
	free(e);
	free(v);
	return 0;
}

/* The DM play-off the TL entered (6.5.2c), by seat.  0, or -1. */
static int load_playoff(struct app *app, struct loaded *t)
{
	struct store_playoff *p;
	if (strcmp(t->t.dsu_kind, "dm") != 0)
		return 0;
	p = calloc(1, sizeof *p);
	if (!p)
		return -1;
	int rc = store_playoff_get(app->st, t->t.id, p);
	if (rc == STORE_OK) {
		t->has_playoff = true;
		for (size_t i = 0; i < p->ngames; i++) {
			struct dsu_game *g = &t->playoff_games[t->playoff.ngames];
			g->white = seat_of(t, p->games[i].white);
			g->black = seat_of(t, p->games[i].black);
			if (g->white >= 0 && g->black >= 0 &&
			    dsu_result_parse(p->games[i].result, &g->result) == CC_OK)
				t->playoff.ngames++;
		}
		t->playoff.games = t->playoff_games;
		t->playoff.agree_to_share = p->agree_to_share;
	}
	free(p);
	return rc == STORE_OK || rc == STORE_NOT_FOUND ? 0 : -1;
}

/* The play-off of t for dsu_standings(), or NULL when none was entered. */
static const struct dsu_playoff *playoff_of(const struct loaded *t)
{
	return t->has_playoff ? &t->playoff : NULL;
}

/* Loads tournament id: 0, 404 when there is none, 500 on a database
 * error.  On 0 free with unload(). */
static int load(struct app *app, int64_t id, struct loaded *t)
{
	memset(t, 0, sizeof *t);
	int rc = store_tournaments_get(app->st, id, &t->t);
	if (rc == STORE_NOT_FOUND)
		return 404;
	size_t n = 0;
	if (rc != STORE_OK || !(t->seats = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *t->seats)) ||
	    store_tournaments_seats(app->st, id, t->seats, TOURNAMENT_MAX_PLAYERS, &n) != STORE_OK) {
		unload(t);
		return 500;
	}
	t->n = (int)n;
	if (load_games(app, t) ||
	    store_withdrawals_list(app->st, id, t->withdrawals, TOURNAMENT_MAX_PLAYERS,
	                           &t->nwithdrawals) != STORE_OK ||
	    load_cup_stage(app, t) || load_playoff(app, t)) {
		unload(t);
		return 500;
	}
	return 0;
}

/* The USER object of seat s (new). */
static json_t *seat_user(const struct store_seat *s)
{
	return json_pack("{s:I, s:s, s:s}", "id", (json_int_t)s->user, "name", s->name, "role",
	                 s->role);
}

/* The DSU event whose tie rules a tournament's standings follow: the DM
 * (6.5.2), the cup (6.6.1.4), else the EMT's (6.5.4.1; a general round
 * robin follows the EMT's rules too). */
static enum dsu_event event_of(const struct store_tournament *t)
{
	if (strcmp(t->dsu_kind, "dm") == 0)
		return DSU_EVENT_DM;
	if (strcmp(t->stage, "final") == 0)
		return DSU_EVENT_CUP_FINAL; /* 6.6.1.5 */
	if (strcmp(t->stage, "semifinal") == 0)
		return DSU_EVENT_CUP_SEMI; /* 6.6.1.4 */
	if (strcmp(t->stage, "prelim") == 0 || strcmp(t->kind, kind_names[KIND_CUP]) == 0)
		return DSU_EVENT_CUP_PRELIM;
	return DSU_EVENT_EMT;
}

/* The entry rights one standing gives (R35-R38) when the group has a
 * class and is finished (new array; empty otherwise), or NULL. */
static json_t *rights_json(const struct loaded *t, const struct dsu_standing *line, bool first)
{
	json_t *arr = json_array();
	enum dsu_class cls;
	int32_t finish;
	struct dsu_right r[DSU_CLASS_COUNT];
	char until[CALENDAR_ISO_LEN], err[128];
	if (!arr || !t->t.cls[0] || t->unfinished || !t->last_end[0] ||
	    dsu_class_parse(t->t.cls, &cls) != CC_OK ||
	    calendar_parse(t->last_end, &finish, NULL, 0) != CC_OK)
		return arr;
	struct dsu_history_entry h = {cls, finish, line->score2, line->games, first};
	int k = dsu_group_rights(&h, r, err, sizeof err);
	for (int i = 0; i < k; i++) {
		if (calendar_format(r[i].until, until, sizeof until) != CC_OK)
			continue;
		json_array_append_new(arr, json_pack("{s:s, s:s, s:s}", "class",
		                                     dsu_class_name(r[i].cls), "until", until,
		                                     "why", "EMT result (DSU 6.5.2.2, 6.5.3.2)"));
	}
	return arr;
}

/* "4" or "4-5" (new). */
static json_t *place_json(int lo, int hi)
{
	char buf[32];
	if (lo == hi)
		snprintf(buf, sizeof buf, "%d", lo);
	else
		snprintf(buf, sizeof buf, "%d-%d", lo, hi);
	return json_string(buf);
}

/* The EMT rights a finished cup semifinal or final gives (R49-R50,
 * DSU 6.6.2; all valid 2 years from the stage's end, taken as the day
 * the group's last game ended): out[i] for table line i.  0, 1 when the
 * group gives none (not such a stage, not finished), -1 on an error. */
static int cup_rights_of(const struct loaded *t, const struct dsu_standing *s,
                         struct dsu_cup_right *out, int32_t *until)
{
	int score2[TOURNAMENT_MAX_PLAYERS], games[TOURNAMENT_MAX_PLAYERS],
	        lo[TOURNAMENT_MAX_PLAYERS], hi[TOURNAMENT_MAX_PLAYERS];
	int32_t finish;
	char err[128];
	if (!t->cup_rights_stage || t->unfinished || !t->last_end[0] ||
	    calendar_parse(t->last_end, &finish, NULL, 0) != CC_OK)
		return 1;
	if (calendar_add_years(finish, 2, until) != CC_OK) /* 6.6.2.3: 2 years */
		return -1;
	for (int i = 0; i < t->n; i++) {
		score2[i] = s[i].score2;
		games[i] = s[i].games;
		lo[i] = s[i].place_lo;
		hi[i] = s[i].place_hi;
	}
	bool final = strcmp(t->t.stage, "final") == 0;
	if (dsu_cup_rights(final ? DSU_CUP_FINAL : DSU_CUP_SEMIFINAL, t->semifinal_held,
	                   t->prelim_players, score2, games, lo, hi, t->n, out, err,
	                   sizeof err) < 0) {
		log_msg(LOG_ERROR, "tournament %lld: cup rights: %s", (long long)t->t.id, err);
		return -1;
	}
	return 0;
}

/* The rights of one cup line as [{"class", "until", "why"}] (new), plus
 * "dm_place_for_tl" when tied across the last DM place (I-27). */
static json_t *cup_rights_json(const struct dsu_cup_right *r, int32_t until, bool final)
{
	json_t *arr = json_array();
	char day[CALENDAR_ISO_LEN];
	const char *why = final ? "cup final (DSU 6.6.2)" : "cup semifinal (DSU 6.6.2)";
	if (!arr || calendar_format(until, day, sizeof day) != CC_OK)
		return arr;
	static const enum dsu_class order[] = {DSU_CLASS_DM, DSU_CLASS_M, DSU_CLASS_K};
	bool has[] = {r->dm, r->m, r->k};
	for (int i = 0; i < 3; i++)
		if (has[i])
			json_array_append_new(arr, json_pack("{s:s, s:s, s:s}", "class",
			                                     dsu_class_name(order[i]), "until", day,
			                                     "why", why));
	return arr;
}

/* The "standings" array of t (new), in the order of the table, or NULL:
 * the DSU tie rules decide only the places the originals name, every
 * other tie is shared (lib/tourney/dsu_group.h; SPEC-tournaments R32,
 * R33, R46).  "rank" is the first place of a shared one.  An EMT group
 * adds the rights its result gives, a cup semifinal or final the cup's
 * (R49), the DM each line's "title" (R33, I-4).  *playoff_needed: the DM
 * is still tied for 1st without a play-off (R33c). */
static json_t *standings_json(const struct loaded *t, bool *playoff_needed)
{
	struct dsu_standing *s = calloc((size_t)(t->n > 0 ? t->n : 1), sizeof *s);
	struct dsu_cup_right *cup = calloc((size_t)(t->n > 0 ? t->n : 1), sizeof *cup);
	bool danish[TOURNAMENT_MAX_PLAYERS], title[TOURNAMENT_MAX_PLAYERS] = {false};
	bool dm = strcmp(t->t.dsu_kind, "dm") == 0;
	struct dsu_table_info info;
	json_t *arr = NULL;
	int32_t until = 0;
	char err[256];
	*playoff_needed = false;
	if (!s || !cup ||
	    dsu_standings(event_of(&t->t), t->n, t->games, t->ngames, playoff_of(t), s, &info, err,
	                  sizeof err) != CC_OK) {
		log_msg(LOG_ERROR, "tournament %lld: no standings", (long long)t->t.id);
		goto out;
	}
	*playoff_needed = info.playoff_needed;
	for (int i = 0; i < t->n; i++)
		danish[i] = t->seats[i].danish;
	if (dm)
		dsu_dm_title(s, t->n, danish, title); /* R33, I-4 */
	int cup_rc = cup_rights_of(t, s, cup, &until);
	if (cup_rc < 0)
		goto out;
	arr = json_array();
	for (int i = 0; arr && i < t->n; i++) {
		const struct dsu_standing *line = &s[i];
		json_t *rights = cup_rc == 0 ? cup_rights_json(&cup[i], until,
		                                               strcmp(t->t.stage, "final") == 0)
		                             : rights_json(t, line, i < info.first_on_points);
		json_t *j = json_pack("{s:o, s:i, s:o, s:f, s:f, s:i, s:o}", "player",
		                      seat_user(&t->seats[line->player]), "rank", line->place_lo,
		                      "place", place_json(line->place_lo, line->place_hi), "score",
		                      line->score2 / 2.0, "sonneborn_berger", line->sb4 / 4.0,
		                      "played", line->finished, "rights", rights);
		/* The player's number in the table: his seat, drawn at the start
		 * (the seats are read in their order), whatever his place. */
		if (j)
			json_object_set_new(j, "seat", json_integer(line->player + 1));
		if (j && dm)
			json_object_set_new(j, "title", json_boolean(title[line->player]));
		if (j && dm && line->playoff2 >= 0)
			json_object_set_new(j, "playoff_score", json_real(line->playoff2 / 2.0));
		if (j && cup_rc == 0 && cup[i].dm_tl)
			json_object_set_new(j, "dm_place_for_tl", json_true()); /* I-27 */
		if (!j || json_array_append_new(arr, j)) {
			json_decref(arr);
			arr = NULL;
		}
	}
out:
	free(s);
	free(cup);
	return arr;
}

/* The players' ids of team t by board (new), or NULL. */
static json_t *team_players(const struct store_seat *first)
{
	json_t *ids = json_array();
	for (int b = 0; ids && b < TOURNAMENT_BOARDS; b++)
		if (json_array_append_new(ids, json_integer(first[b].user))) {
			json_decref(ids);
			ids = NULL;
		}
	return ids;
}

/* R67 / DSU 6.7.6.2: a team's average rating, the sum of its players'
 * K-ratings (final or provisional: a new player's OTB rating) over the
 * boards, exact (I-35: quarters, never rounded); null when a player has
 * no rating (the TL gives him one, I-33).  New reference. */
static json_t *team_average(struct app *app, const struct store_seat *first)
{
	int ratings[TOURNAMENT_BOARDS];
	for (int b = 0; b < TOURNAMENT_BOARDS; b++) {
		int otb, games;
		if (store_ratings_user(app->st, first[b].user, &ratings[b], &otb, &games) != 1 ||
		    ratings[b] == STORE_NO_RATING)
			return json_null();
	}
	int sum = dsu_team_rating_sum(ratings, TOURNAMENT_BOARDS);
	if (sum % TOURNAMENT_BOARDS == 0)
		return json_integer(sum / TOURNAMENT_BOARDS);
	return json_real((double)sum / TOURNAMENT_BOARDS);
}

/* The "teams" array of a team tournament (new), or NULL: name, rank
 * (the first of a shared place), place, score, played, board_points (DSU
 * 6.7.4.5: 4/3/2/1 for a win on boards 1-4, draws nothing, over all
 * games), lots (still tied after every step: the TL draws) and the
 * players' ids by board. */
static json_t *teams_json(struct app *app, const struct loaded *t)
{
	int nteams = t->n / TOURNAMENT_BOARDS;
	struct dsu_team_standing *s = calloc((size_t)(nteams > 0 ? nteams : 1), sizeof *s);
	struct dsu_team_game *g = calloc(t->ngames ? t->ngames : 1, sizeof *g);
	int played[TOURNAMENT_MAX_TEAMS] = {0};
	json_t *arr = NULL;
	char err[256];
	if (!s || !g || t->n % TOURNAMENT_BOARDS)
		goto fail;
	for (size_t i = 0; i < t->ngames; i++) { /* seats run team by team, board 1 first */
		g[i].board = t->games[i].white % TOURNAMENT_BOARDS + 1;
		g[i].white = t->games[i].white / TOURNAMENT_BOARDS;
		g[i].black = t->games[i].black / TOURNAMENT_BOARDS;
		g[i].result = t->games[i].result;
		if (dsu_result_finished(g[i].result) && g[i].white < TOURNAMENT_MAX_TEAMS &&
		    g[i].black < TOURNAMENT_MAX_TEAMS) {
			played[g[i].white]++;
			played[g[i].black]++;
		}
	}
	if (dsu_team_standings(nteams, TOURNAMENT_BOARDS, g, t->ngames, s, err, sizeof err) !=
	    CC_OK)
		goto fail;
	arr = json_array();
	for (int i = 0; arr && i < nteams; i++) {
		const struct dsu_team_standing *line = &s[i];
		const struct store_seat *first = &t->seats[line->team * TOURNAMENT_BOARDS];
		json_t *j = json_pack("{s:s, s:i, s:o, s:f, s:i, s:i, s:b, s:o}", "name",
		                      first->team, "rank", line->place_lo, "place",
		                      place_json(line->place_lo, line->place_hi), "score",
		                      line->points2 / 2.0, "played", played[line->team],
		                      "board_points", line->weighted_all, "lots",
		                      line->lot_group != 0, "players", team_players(first));
		if (j && json_object_set_new(j, "average_rating", team_average(app, first))) {
			json_decref(j);
			j = NULL;
		}
		if (!j || json_array_append_new(arr, j)) {
			json_decref(arr);
			arr = NULL;
		}
	}
	free(s);
	free(g);
	return arr;
fail:
	log_msg(LOG_ERROR, "tournament %lld: no team standings", (long long)t->t.id);
	free(s);
	free(g);
	return NULL;
}

/* The "games" array of t: the ids in creation order (new), or NULL. */
static json_t *games_json(const struct loaded *t)
{
	json_t *games = json_array();
	for (size_t i = 0; games && i < t->ngames; i++)
		if (json_array_append_new(games, json_integer(t->game_ids[i]))) {
			json_decref(games);
			games = NULL;
		}
	return games;
}

/* The kind as API.md names it: "dm" for the DM, else the stored kind. */
static const char *kind_shown(const struct store_tournament *t)
{
	return t->dsu_kind[0] ? t->dsu_kind : t->kind;
}

/* The games of seat p that are unfinished, as ids (new array). */
static json_t *unfinished_of(const struct loaded *t, int p)
{
	json_t *ids = json_array();
	for (size_t i = 0; ids && i < t->ngames; i++)
		if ((t->games[i].white == p || t->games[i].black == p) &&
		    !dsu_result_finished(t->games[i].result))
			json_array_append_new(ids, json_integer(t->game_ids[i]));
	return ids;
}

/* The "withdrawals" array (new): who, why, when, whether all his games
 * were scored as lost, his prize right (DSU 6.2.8: lost without a valid
 * reason) and his games left for the TL to adjudicate. */
static json_t *withdrawals_json(struct app *app, const struct loaded *t)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < t->nwithdrawals; i++) {
		const struct store_withdrawal *w = &t->withdrawals[i];
		json_t *u = api_user_json(app, w->user);
		int p = seat_of(t, w->user);
		json_t *j = json_pack("{s:o, s:s, s:s, s:b, s:b, s:o}", "player", u ? u : json_null(),
		                      "reason", w->reason, "on", w->on, "all_lost", w->all_lost,
		                      "prize_right", strcmp(w->reason, "valid") == 0,
		                      "to_adjudicate",
		                      w->all_lost || p < 0 ? json_array() : unfinished_of(t, p));
		if (j)
			json_array_append_new(arr, j);
	}
	return arr;
}

/* A cup's "stages" (new): [{"stage", "groups": [ids]}] in order, plus
 * its "advance" and "semifinal_direct" (user ids) on the side; NULL when
 * the database fails. */
static json_t *stages_json(struct app *app, const struct loaded *t)
{
	struct store_tournament *v;
	size_t n;
	if (store_tournaments_children(app->st, t->t.id, &v, &n) != STORE_OK)
		return NULL;
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < n; i++) {
		json_t *last = json_array_size(arr) ? json_array_get(arr, json_array_size(arr) - 1)
		                                    : NULL;
		if (!last || strcmp(json_string_value(json_object_get(last, "stage")), v[i].stage)) {
			last = json_pack("{s:s, s:[]}", "stage", v[i].stage, "groups");
			json_array_append_new(arr, last);
		}
		json_array_append_new(json_object_get(last, "groups"), json_integer(v[i].id));
	}
	free(v);
	return arr;
}

/* The DM's "playoff" (new): {"needed", "entered", "agree_to_share",
 * "games": [{"white", "black", "result"}]} (6.5.2c, R33c). */
static json_t *playoff_json(const struct loaded *t, bool needed)
{
	json_t *games = json_array();
	for (size_t i = 0; games && i < t->playoff.ngames; i++) {
		const struct dsu_game *g = &t->playoff.games[i];
		json_array_append_new(games, json_pack("{s:I, s:I, s:s}", "white",
		                                       (json_int_t)t->seats[g->white].user, "black",
		                                       (json_int_t)t->seats[g->black].user,
		                                       "result", dsu_result_name(g->result)));
	}
	return json_pack("{s:b, s:b, s:b, s:o}", "needed", needed, "entered", t->has_playoff,
	                 "agree_to_share", t->has_playoff && t->playoff.agree_to_share, "games",
	                 games);
}

#define DECISIONS_MAX 64 /* decisions of one tournament shown */

/* The "decisions" array (new): the TL decisions notified to the players
 * with their appeal deadline (R19; DSU 6.4.3, 6.8.10: 3 weeks). */
static json_t *decisions_json(struct app *app, const struct loaded *t)
{
	struct store_decision *d = calloc(DECISIONS_MAX, sizeof *d);
	size_t n = 0;
	json_t *arr = json_array();
	if (!d || !arr ||
	    store_decisions_list(app->st, t->t.id, d, DECISIONS_MAX, &n) != STORE_OK) {
		free(d);
		return arr;
	}
	for (size_t i = 0; i < n; i++) {
		struct dsu_deadline_input in = {DSU_NO_DATE, DSU_NO_DATE, DSU_NO_DATE, DSU_NO_DATE,
		                                DSU_NO_DATE};
		struct dsu_deadlines dl;
		char by[CALENDAR_ISO_LEN] = "";
		if (calendar_parse(d[i].notified_on, &in.decision_notified, NULL, 0) == CC_OK &&
		    dsu_deadlines(&in, &dl, NULL, 0) == CC_OK)
			calendar_format(dl.appeal_by, by, sizeof by);
		json_array_append_new(arr,
		                      json_pack("{s:I, s:s, s:s, s:s}", "id", (json_int_t)d[i].id,
		                                "notified_on", d[i].notified_on, "about",
		                                d[i].about, "appeal_by", by));
	}
	free(d);
	return arr;
}

/* The TOURNAMENT object of API.md for t (new), or NULL; a team
 * tournament adds "teams". */
static json_t *tournament_json(struct app *app, const struct loaded *t)
{
	json_t *tl = t->t.tl ? api_user_json(app, t->t.tl) : NULL;
	bool playoff_needed;
	json_t *standings = standings_json(t, &playoff_needed);
	json_t *j = json_pack("{s:I, s:s, s:s, s:s, s:s, s:b, s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
	                      "id", (json_int_t)t->t.id, "name", t->t.name, "kind",
	                      kind_shown(&t->t), "profile", t->t.profile, "start_date", t->t.start,
	                      "series_cancellable", (int)t->t.series_cancellable, "games",
	                      games_json(t), "standings", standings, "tl", tl ? tl : json_null(),
	                      "class", t->t.cls[0] ? json_string(t->t.cls) : json_null(),
	                      "withdrawals", withdrawals_json(app, t), "published_on",
	                      t->t.published[0] ? json_string(t->t.published) : json_null(),
	                      "decisions", decisions_json(app, t));
	if (j && strcmp(t->t.dsu_kind, "dm") == 0 &&
	    json_object_set_new(j, "playoff", playoff_json(t, playoff_needed))) {
		json_decref(j);
		return NULL;
	}
	if (j && strcmp(t->t.kind, kind_names[KIND_TEAM]) == 0 &&
	    json_object_set_new(j, "teams", teams_json(app, t))) {
		json_decref(j);
		return NULL;
	}
	if (j && t->t.parent) /* a cup group */
		json_object_set_new(j, "cup", json_pack("{s:I, s:s}", "id", (json_int_t)t->t.parent,
		                                        "stage", t->t.stage));
	if (j && strcmp(t->t.kind, kind_names[KIND_CUP]) == 0) {
		struct store_cup_entry e[TOURNAMENT_MAX_PLAYERS];
		size_t ne = 0;
		json_t *direct = json_array();
		if (store_tournaments_cup_entries(app->st, t->t.id, e, TOURNAMENT_MAX_PLAYERS, &ne) ==
		    STORE_OK)
			for (size_t i = 0; direct && i < ne; i++)
				if (e[i].semifinal_direct)
					json_array_append_new(direct, json_integer(e[i].user));
		json_object_set_new(j, "advance", json_integer(t->t.advance));
		json_object_set_new(j, "semifinal_direct", direct);
		if (json_object_set_new(j, "stages", stages_json(app, t))) {
			json_decref(j);
			return NULL;
		}
	}
	return j;
}

/* Answers with tournament id (status 200 or 201). */
static int respond(struct app *app, int64_t id, int status, struct api_resp *rs)
{
	struct loaded t;
	int rc = load(app, id, &t);
	if (rc == 404)
		return api_error(rs, "not_found", "there is no tournament %lld",
		                 (long long)id);
	if (rc)
		return api_error(rs, "internal", "tournament %lld cannot be read",
		                 (long long)id);
	json_t *j = tournament_json(app, &t);
	unload(&t);
	if (j && api_ratings_standings(app, j) != 0) { /* the players' ratings (issue 12) */
		json_decref(j);
		j = NULL;
	}
	if (!j)
		return api_error(rs, "internal", "tournament %lld cannot be shown",
		                 (long long)id);
	return api_json(rs, status, j);
}

/* ---- the handlers ---- */

int api_tournaments_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct draft *d = calloc(1, sizeof *d);
	if (!d)
		return api_error(rs, "internal", "out of memory");
	int64_t id = 0;
	int failed = read_draft(app, rq, d, rs) || store_draft(app, d, rq->user.id, &id, rs);
	free(d);
	if (failed)
		return rs->status;
	return respond(app, id, 201, rs);
}

int api_tournaments_get(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	return respond(app, rq->ids[0], 200, rs);
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
		                         "name", v[i].name, "kind", kind_shown(&v[i]), "profile",
		                         v[i].profile,
		                         "start_date", v[i].start);
		if (item)
			json_array_append_new(list, item);
	}
	free(v);
	return api_json(rs, 200, json_pack("{s:o, s:o}", "tournaments", list, "next",
	                                   page.next[0] ? json_string(page.next) : json_null()));
}

bool api_tournaments_may_lead(const struct user *u, int64_t tl)
{
	return strcmp(u->role, "admin") == 0 || (strcmp(u->role, "tl") == 0 && u->id == tl);
}

/* Rescoring by DSU 6.2.8 inside the caller's transaction: every game of
 * seat p whose result differs from scored[] is set by a TL result
 * ("adjudication", the reason naming 6.2.8) through lib/corr.  0, or an
 * error response and -1. */
static int rescore(struct app *app, struct api_req *rq, struct api_resp *rs,
                   const struct loaded *t, int p, const struct dsu_game *scored, int32_t today,
                   const char *reason)
{
	for (size_t i = 0; i < t->ngames; i++) {
		if ((t->games[i].white != p && t->games[i].black != p) ||
		    scored[i].result == t->games[i].result)
			continue;
		struct store_game sg;
		struct corr_delta d;
		struct corr_error e;
		char err[256];
		int rc = store_games_load(app->st, t->game_ids[i], &sg, err, sizeof err);
		if (rc != STORE_OK) {
			api_error(rs, "busy", "game %lld cannot be read: nothing was changed",
			          (long long)t->game_ids[i]);
			return -1;
		}
		rc = corr_tl_result(&sg.g, dsu_result_name(scored[i].result), "adjudication", reason,
		                    today, &d, &e);
		char today_s[CALENDAR_ISO_LEN];
		if (rc == CC_OK && calendar_format(today, today_s, sizeof today_s) != CC_OK)
			rc = STORE_ERROR;
		if (rc == CC_OK)
			rc = svc_game_write_in(app, rq->user.id, &sg, &d, today_s);
		store_games_free(&sg);
		if (rc != CC_OK) {
			api_error(rs, rc == STORE_STALE ? "stale" : "busy",
			          "game %lld could not be rescored: nothing was changed",
			          (long long)t->game_ids[i]);
			return -1;
		}
	}
	return 0;
}

int api_tournaments_withdraw(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"player", "reason", "on", NULL};
	static const char *const reasons[] = {"valid", "invalid", "silent", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *reason, *on = NULL;
	int64_t player;
	char today_s[CALENDAR_ISO_LEN];
	int32_t today, on_day;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_int(body, "player", true, &player, rs) ||
	    api_get_string(body, "reason", true, &reason, rs) ||
	    api_get_string(body, "on", false, &on, rs) < 0)
		return rs->status;
	bool known = false;
	for (const char *const *r = reasons; *r; r++)
		known |= strcmp(*r, reason) == 0;
	if (!known)
		return api_error(rs, "invalid_field",
		                 "reason must be valid, invalid or silent (DSU 6.2.8: a silent "
		                 "player has withdrawn without a valid reason)");
	if (api_today_day(app, &today, rs))
		return rs->status;
	api_today(app, today_s);
	if (on) {
		char err[128];
		if (calendar_parse(on, &on_day, err, sizeof err) != CC_OK)
			return api_error(rs, "invalid_date", "on: %s", err);
		if (on_day > today)
			return api_error(rs, "invalid_date", "on: a withdrawal is recorded on or "
			                                     "before today, not after");
	}
	struct loaded *t = calloc(1, sizeof *t);
	if (!t)
		return api_error(rs, "internal", "out of memory");
	int rc = load(app, rq->ids[0], t);
	int status;
	struct dsu_game *scored = NULL;
	bool *adj = NULL;
	if (rc) {
		status = rc == 404 ? api_error(rs, "not_found", "there is no tournament %lld",
		                               (long long)rq->ids[0])
		                   : api_error(rs, "internal", "tournament %lld cannot be read",
		                               (long long)rq->ids[0]);
		free(t);
		return status;
	}
	if (!api_tournaments_may_lead(&rq->user, t->t.tl)) {
		status = api_error(rs, "not_your_tournament",
		                   "tournament %lld has its own tournament leader (DSU 6.1.3); "
		                   "only he or an admin records a withdrawal",
		                   (long long)t->t.id);
		goto done;
	}
	int p = seat_of(t, player);
	if (p < 0) {
		status = api_error(rs, "not_in_tournament",
		                   "user %lld does not play in tournament %lld", (long long)player,
		                   (long long)t->t.id);
		goto done;
	}
	for (size_t i = 0; i < t->nwithdrawals; i++)
		if (t->withdrawals[i].user == player) {
			status = api_error(rs, "already_withdrawn",
			                   "user %lld has already withdrawn from tournament %lld",
			                   (long long)player, (long long)t->t.id);
			goto done;
		}
	scored = calloc(t->ngames ? t->ngames : 1, sizeof *scored);
	adj = calloc(t->ngames ? t->ngames : 1, sizeof *adj);
	struct dsu_withdrawal w;
	char err[256];
	if (!scored || !adj) {
		status = api_error(rs, "internal", "out of memory");
		goto done;
	}
	if (dsu_withdraw(t->n, t->games, t->ngames, p, strcmp(reason, "valid") == 0, scored, adj,
	                 &w, err, sizeof err) != CC_OK) {
		status = api_error(rs, "not_in_tournament", "%s", err);
		goto done;
	}
	struct store_withdrawal sw = {.user = player, .all_lost = w.all_lost};
	snprintf(sw.reason, sizeof sw.reason, "%s", reason);
	snprintf(sw.on, sizeof sw.on, "%s", on ? on : today_s);
	char why[STORE_NAME_MAX + 96];
	snprintf(why, sizeof why,
	         "scored (DSU 6.2.8): %s withdrew with %d of his %d games finished",
	         t->seats[p].name, w.finished, w.games);
	if (store_begin(app->st) != STORE_OK) {
		status = api_error(rs, "busy", "the database is busy; try again");
		goto done;
	}
	rc = store_withdrawals_insert(app->st, t->t.id, &sw, rq->user.id);
	if (rc != STORE_OK) {
		store_rollback(app->st);
		status = rc == STORE_CONFLICT
		                 ? api_error(rs, "already_withdrawn", "user %lld has already withdrawn",
		                             (long long)player)
		                 : api_error(rs, "busy", "the withdrawal could not be stored");
		goto done;
	}
	if (w.all_lost && rescore(app, rq, rs, t, p, scored, today, why)) {
		store_rollback(app->st);
		status = rs->status;
		goto done;
	}
	if (store_commit(app->st) != STORE_OK) {
		status = api_error(rs, "busy", "the withdrawal could not be stored; try again");
		goto done;
	}
	status = respond(app, t->t.id, 201, rs);
done:
	free(scored);
	free(adj);
	unload(t);
	free(t);
	return status;
}

/* ---- EMT entries and rights (DSU 6.4.4, 6.5.1.1, 6.5.2.2, 6.5.3.2) ---- */

#define HISTORY_MAX 256 /* classed groups of one player looked at */

/* A group with a class the player still plays (R25, DSU 6.5.1.2). */
struct running {
	int64_t id;
	enum dsu_class cls;
	int score2, games; /* his points so far, his games in it */
};

/* The player's EMT history (R6): every finished group with a class he
 * played in, with his points, games and whether he was first on points;
 * and in run[] (*nrun, room HISTORY_MAX) the groups he still plays.  0
 * and *n, or -1 (database). */
static int history_of(struct app *app, int64_t user, struct dsu_history_entry *h, size_t *n,
                      struct running *run, size_t *nrun)
{
	int64_t ids[HISTORY_MAX];
	size_t k;
	*n = *nrun = 0;
	if (store_tournaments_classed_of(app->st, user, ids, HISTORY_MAX, &k) != STORE_OK)
		return -1;
	struct loaded *t = calloc(1, sizeof *t);
	struct dsu_standing *s = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *s);
	int rc = t && s ? 0 : -1;
	for (size_t i = 0; i < k && rc == 0; i++) {
		struct dsu_table_info info;
		enum dsu_class cls;
		int32_t finish;
		char err[128];
		if (load(app, ids[i], t)) {
			rc = -1;
			break;
		}
		bool done = !t->unfinished && t->last_end[0] &&
		            calendar_parse(t->last_end, &finish, NULL, 0) == CC_OK;
		if (dsu_class_parse(t->t.cls, &cls) == CC_OK &&
		    dsu_standings(event_of(&t->t), t->n, t->games, t->ngames, playoff_of(t), s,
		                  &info, err, sizeof err) == CC_OK)
			for (int j = 0; j < t->n; j++) {
				if (t->seats[s[j].player].user != user || s[j].games == 0)
					continue;
				if (done)
					h[(*n)++] = (struct dsu_history_entry){
					        cls, finish, s[j].score2, s[j].games,
					        j < info.first_on_points};
				else if (s[j].finished < s[j].games)
					run[(*nrun)++] = (struct running){t->t.id, cls, s[j].score2,
					                                  s[j].games};
			}
		unload(t);
	}
	free(t);
	free(s);
	return rc;
}

#define EXTRA_MAX 64 /* rights from the cup and the TL looked at */
#define CUP_WHY   "cup (DSU 6.6.2)"

/* Rights from outside the EMT with where each comes from. */
struct extras {
	size_t n;
	struct dsu_right r[EXTRA_MAX];
	const char *why[EXTRA_MAX]; /* static text */
};

/* Adds right (cls until day, why) to x. */
static void push_extra(struct extras *x, enum dsu_class cls, int32_t until, const char *why)
{
	if (x->n < EXTRA_MAX) {
		x->r[x->n] = (struct dsu_right){cls, until};
		x->why[x->n++] = why;
	}
}

/* The rights from outside the EMT (R35c-d, R39, R41e, R49): those the
 * cup's finished semifinals and finals give the player (6.6.2), and those
 * a TL granted (international play, the TL's own).  0 and *nx, or -1. */
static int extra_rights_of(struct app *app, int64_t user, struct extras *x)
{
	int64_t ids[HISTORY_MAX];
	size_t k, ng;
	struct store_granted g[EXTRA_MAX];
	x->n = 0;
	if (store_tournaments_cup_groups_of(app->st, user, ids, HISTORY_MAX, &k) != STORE_OK ||
	    store_granted_list(app->st, user, g, EXTRA_MAX, &ng) != STORE_OK)
		return -1;
	for (size_t i = 0; i < ng; i++) {
		enum dsu_class cls;
		int32_t until;
		if (dsu_class_parse(g[i].cls, &cls) == CC_OK &&
		    calendar_parse(g[i].until, &until, NULL, 0) == CC_OK)
			push_extra(x, cls, until,
			           strcmp(g[i].source, "international") == 0
			                   ? "international play (DSU 6.5.3.2c), granted by the TL"
			                   : "granted by the TL (DSU 6.5.2.2e, 6.5.3.2e)");
	}
	struct loaded *t = calloc(1, sizeof *t);
	struct dsu_standing *s = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *s);
	struct dsu_cup_right *r = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *r);
	int rc = t && s && r ? 0 : -1;
	for (size_t i = 0; i < k && rc == 0; i++) {
		char err[128];
		int32_t until;
		if (load(app, ids[i], t)) {
			rc = -1;
			break;
		}
		if (dsu_standings(event_of(&t->t), t->n, t->games, t->ngames, NULL, s, NULL, err,
		                  sizeof err) == CC_OK &&
		    cup_rights_of(t, s, r, &until) == 0)
			for (int j = 0; j < t->n; j++) {
				if (t->seats[s[j].player].user != user)
					continue;
				if (r[j].dm)
					push_extra(x, DSU_CLASS_DM, until, CUP_WHY);
				if (r[j].m)
					push_extra(x, DSU_CLASS_M, until, CUP_WHY);
				if (r[j].k)
					push_extra(x, DSU_CLASS_K, until, CUP_WHY);
			}
		unload(t);
	}
	free(t);
	free(s);
	free(r);
	return rc;
}

/* The classes user may enter today (R35-R41): the EMT routes, the OTB
 * table from his otb_rating (R40d), the cup's and the granted rights;
 * with run[] (*nrun) his running groups (R25).  0, or an error response
 * and -1. */
static int rights_of(struct app *app, int64_t user, struct dsu_rights_answer *a,
                     struct running *run, size_t *nrun, struct extras *x, struct api_resp *rs)
{
	struct dsu_history_entry *h = calloc(HISTORY_MAX, sizeof *h);
	size_t n;
	int32_t today;
	int k, otb, games;
	char err[256];
	if (!h)
		return api_error(rs, "internal", "out of memory"), -1;
	if (api_today_day(app, &today, rs) || history_of(app, user, h, &n, run, nrun) ||
	    extra_rights_of(app, user, x) ||
	    store_ratings_user(app->st, user, &k, &otb, &games) != 1) {
		if (!rs->status)
			api_error(rs, "internal", "the results cannot be read");
		free(h);
		return -1;
	}
	struct dsu_rights_query q = {
	        today, otb == STORE_NO_RATING ? -1 : otb, -1, DSU_NO_DATE, x->r, x->n};
	int rc = dsu_entry_rights(h, n, &q, a, err, sizeof err);
	free(h);
	if (rc != CC_OK) {
		api_error(rs, "internal", "the rights cannot be computed: %s", err);
		return -1;
	}
	return 0;
}

/* Why the right to class c through a.until[c] exists (static text). */
static const char *right_why(const struct dsu_rights_answer *a, const struct extras *x,
                             enum dsu_class c)
{
	for (size_t i = 0; i < x->n; i++)
		if (x->r[i].cls == c && x->r[i].until == a->until[c])
			return x->why[i];
	if (a->until[c] == DSU_NO_DATE)
		return a->first_timer && c == DSU_CLASS_AA ? "first-time participant (DSU 6.5.3.2f)"
		                                           : "OTB rating (DSU 6.5.3.2d)";
	return "EMT result (DSU 6.5.2.2, 6.5.3.2)";
}

int api_users_rights(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	json_t *u = api_user_json(app, rq->ids[0]);
	if (!u)
		return api_error(rs, "not_found", "there is no user %lld", (long long)rq->ids[0]);
	json_decref(u);
	struct dsu_rights_answer a;
	struct running *run = calloc(HISTORY_MAX, sizeof *run);
	struct extras *x = calloc(1, sizeof *x);
	size_t nrun;
	int status;
	if (!run || !x) {
		status = api_error(rs, "internal", "out of memory");
		goto done;
	}
	if (rights_of(app, rq->ids[0], &a, run, &nrun, x, rs)) {
		status = rs->status;
		goto done;
	}
	json_t *list = json_array(), *groups = json_array();
	for (int c = DSU_CLASS_COUNT - 1; list && c >= 0; c--) {
		char until[CALENDAR_ISO_LEN];
		if (!a.may[c])
			continue;
		bool open_end = a.until[c] == DSU_NO_DATE;
		if (!open_end && calendar_format(a.until[c], until, sizeof until) != CC_OK)
			continue;
		json_array_append_new(list, json_pack("{s:s, s:o, s:s}", "class",
		                                      dsu_class_name((enum dsu_class)c), "until",
		                                      open_end ? json_null() : json_string(until),
		                                      "why", right_why(&a, x, (enum dsu_class)c)));
	}
	bool further = true; /* R25: may he enter another group while these run? */
	for (size_t i = 0; groups && i < nrun; i++) {
		bool ok = dsu_may_enter_another_group(run[i].cls, run[i].score2, run[i].games);
		further &= ok;
		json_array_append_new(groups, json_pack("{s:I, s:s, s:f, s:i, s:b}", "tournament",
		                                        (json_int_t)run[i].id, "class",
		                                        dsu_class_name(run[i].cls), "score",
		                                        run[i].score2 / 2.0, "games", run[i].games,
		                                        "relegation_risk_gone", ok));
	}
	status = api_json(rs, 200,
	                  json_pack("{s:o, s:b, s:o, s:b}", "rights", list, "first_timer",
	                            a.first_timer, "running", groups, "may_enter_further_group",
	                            further));
done:
	free(run);
	free(x);
	return status;
}

int api_users_grant_right(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"class", "until", "source", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *cls_s, *until, *source;
	enum dsu_class cls;
	int32_t day;
	char err[128];
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "class", true, &cls_s, rs) ||
	    api_get_string(body, "until", true, &until, rs) ||
	    api_get_string(body, "source", true, &source, rs))
		return rs->status;
	if (dsu_class_parse(cls_s, &cls) != CC_OK)
		return api_error(rs, "invalid_field",
		                 "class must be \u00c5, K, M or DM (DSU 6.5.1)");
	if (calendar_parse(until, &day, err, sizeof err) != CC_OK)
		return api_error(rs, "invalid_date", "until: %s", err);
	if (strcmp(source, "international") != 0 && strcmp(source, "tl") != 0)
		return api_error(rs, "invalid_field",
		                 "source must be international (DSU 6.5.3.2c) or tl (6.5.3.2e)");
	json_t *u = api_user_json(app, rq->ids[0]);
	if (!u)
		return api_error(rs, "not_found", "there is no user %lld", (long long)rq->ids[0]);
	json_decref(u);
	struct store_granted g;
	snprintf(g.cls, sizeof g.cls, "%s", dsu_class_name(cls));
	calendar_format(day, g.until, sizeof g.until);
	snprintf(g.source, sizeof g.source, "%s", source);
	if (store_begin(app->st) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	if (store_granted_insert(app->st, rq->ids[0], &g, rq->user.id) != STORE_OK) {
		store_rollback(app->st);
		return api_error(rs, "busy", "the right could not be stored; try again");
	}
	if (store_commit(app->st) != STORE_OK)
		return api_error(rs, "busy", "the right could not be stored; try again");
	return api_users_rights(app, rq, rs) == 200 ? (rs->status = 201) : rs->status;
}

/* Starts a group of the first TOURNAMENT_EMT_PLAYERS waiting entries of
 * class cls (DSU 6.5.1.1), inside the caller's transaction: seats by lot,
 * colours by R28, all games from today.  0 and *id, or an error response
 * and -1. */
static int start_group(struct app *app, const struct store_entry *waiting, const char *cls,
                       int64_t tl, int64_t creator, int64_t *id, struct api_resp *rs)
{
	struct draft *d = calloc(1, sizeof *d);
	char name[64], today[CALENDAR_ISO_LEN];
	int groups = 0;
	if (!d)
		return api_error(rs, "internal", "out of memory"), -1;
	if (store_tournaments_count_class(app->st, cls, &groups) != STORE_OK) {
		free(d);
		return api_error(rs, "busy", "the database is busy; try again"), -1;
	}
	api_today(app, today);
	snprintf(name, sizeof name, "EMT %s-klassen gruppe %d", cls, groups + 1);
	d->name = name;
	d->profile = "dsu-email";
	d->start = today;
	d->kind = KIND_EMT;
	d->cls = cls;
	d->tl = tl;
	d->n = TOURNAMENT_EMT_PLAYERS;
	for (int i = 0; i < d->n; i++)
		d->players[i] = (struct entry){.user = waiting[i].user};
	for (int i = d->n - 1; i > 0; i--) { /* R27: the numbers drawn by lot */
		int j = (int)randombytes_uniform((uint32_t)i + 1);
		struct entry x = d->players[i];
		d->players[i] = d->players[j];
		d->players[j] = x;
	}
	int rc = insert_tournament(app, d, creator, id);
	if (rc)
		api_error(rs, "busy", "the group could not be stored; try again");
	else
		rc = insert_games(app, d, *id, rs);
	/* DSU 6.5.2.1: the start letter to each of the seven, with the group */
	if (rc == 0 && svc_notify_tournament_started(app, *id, today) != 0) {
		api_error(rs, "busy", "the group could not be stored; try again");
		rc = -1;
	}
	free(d);
	return rc;
}

int api_entries_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"class", "player", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *cls_s;
	int64_t player = rq->user.id;
	enum dsu_class cls;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "class", true, &cls_s, rs) ||
	    api_get_int(body, "player", false, &player, rs) < 0)
		return rs->status;
	if (dsu_class_parse(cls_s, &cls) != CC_OK)
		return api_error(rs, "invalid_field", "class must be \u00c5, K, M or DM (DSU 6.5.1)");
	if (player != rq->user.id && !api_is_tl(&rq->user))
		return api_error(rs, "forbidden", "a player enters only himself");
	json_t *u = api_user_json(app, player);
	if (!u)
		return api_error(rs, "unknown_user", "there is no user %lld", (long long)player);
	json_decref(u);
	struct dsu_rights_answer a;
	struct running *run = calloc(HISTORY_MAX, sizeof *run);
	struct extras *x = calloc(1, sizeof *x);
	size_t nrun = 0;
	int refused = !run || !x ? api_error(rs, "internal", "out of memory")
	              : rights_of(app, player, &a, run, &nrun, x, rs) ? rs->status
	                                                              : 0;
	if (!refused && !a.may[cls])
		refused = api_error(
		        rs, "no_right",
		        "user %lld has no right to enter the %s class today (DSU 6.5.2.2, "
		        "6.5.3.2; GET /api/v1/users/%lld/rights)",
		        (long long)player, dsu_class_name(cls), (long long)player);
	/* R25 (DSU 6.5.1.2, I-11): a further group only once the risk of
	 * relegation in every running group is gone */
	for (size_t i = 0; !refused && i < nrun; i++)
		if (!dsu_may_enter_another_group(run[i].cls, run[i].score2, run[i].games))
			refused = api_error(
			        rs, "relegation_risk",
			        "user %lld still risks relegation in tournament %lld (%s class, %g "
			        "points from %d games): a further group only when the risk is gone "
			        "(DSU 6.5.1.2: M and K 2 points, the DM 45%% of all his games)",
			        (long long)player, (long long)run[i].id, dsu_class_name(run[i].cls),
			        run[i].score2 / 2.0, run[i].games);
	free(run);
	free(x);
	if (refused)
		return refused;
	struct store_entry waiting[TOURNAMENT_EMT_PLAYERS], e = {.user = player};
	size_t nw;
	snprintf(e.cls, sizeof e.cls, "%s", dsu_class_name(cls));
	api_today(app, e.valid_on);
	if (store_begin(app->st) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	int waits = store_entries_waits(app->st, player, e.cls);
	if (waits == STORE_OK) {
		api_error(rs, "already_entered", "user %lld already waits for a group of the %s class",
		          (long long)player, e.cls);
		goto fail;
	}
	if (waits != STORE_NOT_FOUND || store_entries_insert(app->st, &e, rq->user.id) != STORE_OK ||
	    store_entries_waiting(app->st, e.cls, waiting, TOURNAMENT_EMT_PLAYERS, &nw) !=
	            STORE_OK) {
		api_error(rs, "busy", "the entry could not be stored; try again");
		goto fail;
	}
	int64_t group = 0;
	/* DSU 6.5.1.1: a new group as soon as 7 entries of a class exist (the
	 * DM is one group a year, started by its TL) */
	if (cls != DSU_CLASS_DM && nw >= TOURNAMENT_EMT_PLAYERS) {
		int64_t tl = api_is_tl(&rq->user) ? rq->user.id : 0;
		if (start_group(app, waiting, e.cls, tl, rq->user.id, &group, rs))
			goto fail;
		for (size_t i = 0; i < TOURNAMENT_EMT_PLAYERS; i++)
			if (store_entries_assign(app->st, waiting[i].id, group) != STORE_OK) {
				api_error(rs, "busy", "the entries could not be stored; try again");
				goto fail;
			}
	}
	if (store_commit(app->st) != STORE_OK)
		return api_error(rs, "busy", "the entry could not be stored; try again");
	if (group)
		svc_mail_queued(app);
	return api_json(rs, 201,
	                json_pack("{s:I, s:I, s:s, s:o}", "id", (json_int_t)e.id, "player",
	                          (json_int_t)player, "class", e.cls, "tournament",
	                          group ? json_integer(group) : json_null()));
fail:
	store_rollback(app->st);
	return rs->status;
}

/* ---- the cup's next stage (DSU 6.6.1.3-6.6.1.6) ---- */

/* The players of a finished cup group who go on (6.6.1.4: after SB and
 * the mutual game all still tied at the cut go on) into q (*nq).  0;
 * 1 when the group is not finished; -1 when it cannot be read. */
static int qualifiers(struct app *app, int64_t group, int advance, int64_t *q, int *nq)
{
	struct loaded *t = calloc(1, sizeof *t);
	struct dsu_standing *s = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *s);
	char err[128];
	int rc = -1;
	if (!t || !s || load(app, group, t))
		goto out;
	rc = 1;
	if (t->unfinished == 0 && dsu_standings(event_of(&t->t), t->n, t->games, t->ngames, NULL,
	                                        s, NULL, err, sizeof err) == CC_OK) {
		rc = 0;
		for (int i = 0; i < t->n && *nq < TOURNAMENT_MAX_PLAYERS; i++) {
			bool again = false; /* through with both entries: one place */
			for (int k = 0; k < *nq; k++)
				again |= q[k] == t->seats[s[i].player].user;
			if (s[i].place_lo <= advance && !again)
				q[(*nq)++] = t->seats[s[i].player].user;
		}
	}
	unload(t);
out:
	free(t);
	free(s);
	return rc;
}

int api_tournaments_next_stage(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"stage", "add", NULL};
	const char *want = NULL;
	json_t *body = rq->body_len ? api_body_object(rq, rs) : NULL;
	if (rq->body_len && (!body || api_only_keys(body, keys, rs) ||
	                     api_get_string(body, "stage", false, &want, rs) < 0))
		return rs->status;
	if (want && strcmp(want, "semifinal") != 0 && strcmp(want, "final") != 0)
		return api_error(rs, "invalid_field", "stage must be semifinal or final");
	json_t *add = body ? json_object_get(body, "add") : NULL;
	if (add && json_is_null(add))
		add = NULL;
	if (add && (!json_is_array(add) || json_array_size(add) > TOURNAMENT_MAX_PLAYERS))
		return api_error(rs, "invalid_field", "add must be a list of user ids");
	struct store_tournament cup, *v = NULL;
	size_t n = 0;
	int rc = store_tournaments_get(app->st, rq->ids[0], &cup);
	if (rc == STORE_NOT_FOUND)
		return api_error(rs, "not_found", "there is no tournament %lld", (long long)rq->ids[0]);
	if (rc != STORE_OK)
		return api_error(rs, "internal", "the tournament cannot be read");
	if (strcmp(cup.kind, kind_names[KIND_CUP]) != 0)
		return api_error(rs, "not_a_cup", "tournament %lld is not a cup", (long long)cup.id);
	if (!api_tournaments_may_lead(&rq->user, cup.tl))
		return api_error(rs, "not_your_tournament",
		                 "cup %lld has its own tournament leader (DSU 6.1.3)", (long long)cup.id);
	if (store_tournaments_children(app->st, cup.id, &v, &n) != STORE_OK || n == 0) {
		free(v);
		return api_error(rs, "internal", "the cup's groups cannot be read");
	}
	char now[sizeof v->stage]; /* kept: v is freed before the groups are made */
	snprintf(now, sizeof now, "%s", v[n - 1].stage);
	if (strcmp(now, "final") == 0) {
		free(v);
		return api_error(rs, "cup_finished", "the final is the cup's last stage (DSU 6.6.1.1)");
	}
	const char *next = want ? want : strcmp(now, "prelim") == 0 ? "semifinal" : "final";
	if (strcmp(now, "semifinal") == 0 && strcmp(next, "semifinal") == 0) {
		free(v);
		return api_error(rs, "invalid_field", "after the semifinal comes the final");
	}
	int64_t q[TOURNAMENT_MAX_PLAYERS];
	int nq = 0, status = 0;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(v[i].stage, now) != 0)
			continue;
		rc = qualifiers(app, v[i].id, cup.advance ? cup.advance : 2, q, &nq);
		if (rc) {
			status = rc > 0 ? api_error(rs, "stage_not_finished",
			                            "group %lld of the %s has games still running",
			                            (long long)v[i].id, now)
			                : api_error(rs, "internal", "group %lld cannot be read",
			                            (long long)v[i].id);
			break;
		}
	}
	free(v);
	if (status)
		return status;
	if (strcmp(now, "prelim") == 0) { /* 6.6.1.6: the direct entries join now */
		struct store_cup_entry e[TOURNAMENT_MAX_PLAYERS];
		size_t ne = 0;
		if (store_tournaments_cup_entries(app->st, cup.id, e, TOURNAMENT_MAX_PLAYERS, &ne) !=
		    STORE_OK)
			return api_error(rs, "internal", "the cup's entries cannot be read");
		for (size_t i = 0; i < ne && nq < TOURNAMENT_MAX_PLAYERS; i++)
			if (e[i].semifinal_direct)
				q[nq++] = e[i].user;
	}
	/* 6.6.1.6, I-29: the TL tops the semifinal up with players of his
	 * choice (users not already in it) */
	if (add && strcmp(next, "semifinal") != 0)
		return api_error(rs, "invalid_field",
		                 "add tops up a semifinal (DSU 6.6.1.6), not the final");
	for (size_t i = 0; add && i < json_array_size(add); i++) {
		json_t *x = json_array_get(add, i);
		if (!json_is_integer(x))
			return api_error(rs, "invalid_field", "add[%zu] must be a user id", i);
		int64_t u = json_integer_value(x);
		int found = store_users_exists(app->st, u);
		if (found == STORE_ERROR)
			return api_error(rs, "internal", "the database is not available");
		if (found != STORE_OK)
			return api_error(rs, "unknown_user", "there is no user %lld (add[%zu])",
			                 (long long)u, i);
		for (int k = 0; k < nq; k++)
			if (q[k] == u)
				return api_error(rs, "duplicate_player",
				                 "user %lld is in the semifinal already",
				                 (long long)u);
		if (nq >= TOURNAMENT_MAX_PLAYERS)
			return api_error(rs, "invalid_player_count",
			                 "a stage has at most %d players", TOURNAMENT_MAX_PLAYERS);
		q[nq++] = u;
	}
	int sizes[TOURNAMENT_MAX_PLAYERS], ng = 1;
	char err[160];
	if (strcmp(next, "semifinal") == 0) {
		/* 6.6.1.1: groups of 7 (6s where the count needs them); a count
		 * that does not split is for the TL to fill up (6.6.1.6, I-29) */
		ng = dsu_cup_group_sizes(nq, sizes, TOURNAMENT_MAX_PLAYERS, err, sizeof err);
		if (ng < 0)
			return api_error(rs, "invalid_player_count",
			                 "%s: the TL fills the semifinal up (DSU 6.6.1.6) or goes to the "
			                 "final ({\"stage\": \"final\"})",
			                 err);
	} else if (nq < 2) {
		return api_error(rs, "invalid_player_count", "a final needs 2 players, not %d", nq);
	} else {
		sizes[0] = nq;
	}
	for (int i = nq - 1; i > 0; i--) { /* 6.6.1.2: the semifinal by free lot */
		int j = (int)randombytes_uniform((uint32_t)i + 1);
		int64_t x = q[i];
		q[i] = q[j];
		q[j] = x;
	}
	if (store_begin(app->st) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	for (int g = 0, at = 0; g < ng; at += sizes[g], g++)
		if (insert_cup_group(app, &cup, cup.id, next, g + 1, q + at, sizes[g], rq->user.id,
		                     rs)) {
			store_rollback(app->st);
			return rs->status;
		}
	if (store_commit(app->st) != STORE_OK)
		return api_error(rs, "busy", "the stage could not be stored; try again");
	return respond(app, cup.id, 201, rs);
}

/* ---- the DM play-off, publication and decisions (R12-R14, R19, R33c) ---- */

/* Loads tournament rq->ids[0] into *t for its TL: 0, or an error response
 * (404, 500, 403 not_your_tournament) and -1 (nothing to unload). */
static int load_led(struct app *app, struct api_req *rq, struct loaded *t, struct api_resp *rs)
{
	int rc = load(app, rq->ids[0], t);
	if (rc == 404)
		return api_error(rs, "not_found", "there is no tournament %lld",
		                 (long long)rq->ids[0]),
		       -1;
	if (rc)
		return api_error(rs, "internal", "tournament %lld cannot be read",
		                 (long long)rq->ids[0]),
		       -1;
	if (!api_tournaments_may_lead(&rq->user, t->t.tl)) {
		api_error(rs, "not_your_tournament",
		          "tournament %lld has its own tournament leader (DSU 6.1.3)",
		          (long long)t->t.id);
		unload(t);
		return -1;
	}
	return 0;
}

/* Reads the play-off "games" [{"white", "black", "result"}] into p (user
 * ids) and g (seats of t).  0, or a 422 and -1. */
static int read_playoff_games(json_t *arr, const struct loaded *t, struct store_playoff *p,
                              struct dsu_game *g, struct api_resp *rs)
{
	static const char *const keys[] = {"white", "black", "result", NULL};
	if (!json_is_array(arr) || json_array_size(arr) > STORE_PLAYOFF_MAX)
		return api_error(rs, "invalid_field",
		                 "games must be a list of at most %d {\"white\", \"black\", "
		                 "\"result\"}",
		                 STORE_PLAYOFF_MAX),
		       -1;
	for (size_t i = 0; i < json_array_size(arr); i++) {
		json_t *v = json_array_get(arr, i);
		int64_t w, b;
		const char *res;
		if (!json_is_object(v))
			return api_error(rs, "invalid_field", "games[%zu] must be an object", i),
			       -1;
		if (api_only_keys(v, keys, rs) || api_get_int(v, "white", true, &w, rs) ||
		    api_get_int(v, "black", true, &b, rs) ||
		    api_get_string(v, "result", true, &res, rs))
			return -1;
		struct dsu_game *x = &g[i];
		x->white = seat_of(t, w);
		x->black = seat_of(t, b);
		if (x->white < 0 || x->black < 0 || x->white == x->black)
			return api_error(rs, "invalid_playoff",
			                 "games[%zu]: two different players of the DM", i),
			       -1;
		if (dsu_result_parse(res, &x->result) != CC_OK || !dsu_result_finished(x->result))
			return api_error(rs, "invalid_field",
			                 "games[%zu].result must be 1-0, 0-1, 1/2-1/2 or 0-0", i),
			       -1;
		p->games[i] = (struct store_playoff_game){.white = w, .black = b};
		snprintf(p->games[i].result, sizeof p->games[i].result, "%s",
		         dsu_result_name(x->result));
		p->ngames++;
	}
	return 0;
}

/* DSU 6.5.2c: two players tied for 1st play 2 games, one with each
 * colour, against each other; three or more play the TL's format (I-3)
 * among themselves.  tied[] by seat.  0, or a 422 and -1. */
static int check_playoff_format(const struct dsu_game *g, size_t n, const bool *tied, int ntied,
                                struct api_resp *rs)
{
	for (size_t i = 0; i < n; i++)
		if (!tied[g[i].white] || !tied[g[i].black])
			return api_error(rs, "invalid_playoff",
			                 "games[%zu]: only the players tied for 1st play the "
			                 "play-off "
			                 "(DSU 6.5.2c)",
			                 i),
			       -1;
	if (ntied == 2 && (n != 2 || g[0].white != g[1].black || g[0].black != g[1].white))
		return api_error(rs, "invalid_playoff",
		                 "two players tied for 1st play 2 games, one with each colour "
		                 "(DSU 6.5.2c)"),
		       -1;
	if (n == 0)
		return api_error(rs, "invalid_playoff", "a play-off has at least one game"), -1;
	return 0;
}

int api_tournaments_playoff(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"games", "agree_to_share", NULL};
	json_t *body = api_body_object(rq, rs);
	bool share = false;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_bool(body, "agree_to_share", false, &share, rs) < 0)
		return rs->status;
	json_t *games = json_object_get(body, "games");
	if (share == (games && !json_is_null(games)))
		return api_error(rs, "invalid_field",
		                 "give either \"games\" (the play-off's results) or "
		                 "\"agree_to_share\": true (R33c)");
	struct loaded *t = calloc(1, sizeof *t);
	struct store_playoff *p = calloc(1, sizeof *p);
	struct dsu_standing *s = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *s);
	struct dsu_game g[STORE_PLAYOFF_MAX];
	bool tied[TOURNAMENT_MAX_PLAYERS] = {false};
	int status = 0, ntied = 0;
	bool loaded = false;
	char err[256];
	if (!t || !p || !s) {
		status = api_error(rs, "internal", "out of memory");
		goto done;
	}
	if (load_led(app, rq, t, rs)) {
		status = rs->status;
		goto done;
	}
	loaded = true;
	struct dsu_table_info info;
	if (strcmp(t->t.dsu_kind, "dm") != 0) {
		status = api_error(rs, "not_a_dm",
		                   "tournament %lld is not a DM: only the DM has a "
		                   "play-off (DSU 6.5.2c)",
		                   (long long)t->t.id);
		goto done;
	}
	if (t->has_playoff) {
		status = api_error(rs, "playoff_entered",
		                   "the play-off of tournament %lld is entered "
		                   "already",
		                   (long long)t->t.id);
		goto done;
	}
	if (t->unfinished) {
		status = api_error(rs, "not_finished",
		                   "tournament %lld has %d games still running: the play-off comes "
		                   "after the last game",
		                   (long long)t->t.id, t->unfinished);
		goto done;
	}
	if (dsu_standings(DSU_EVENT_DM, t->n, t->games, t->ngames, NULL, s, &info, err,
	                  sizeof err) != CC_OK) {
		status = api_error(rs, "internal", "the standings cannot be computed: %s", err);
		goto done;
	}
	if (!info.playoff_needed) {
		status = api_error(rs, "no_playoff_needed",
		                   "1st place is decided by the points, SB or the mutual games: no "
		                   "play-off (DSU 6.5.2c)");
		goto done;
	}
	for (int i = 0; i < t->n; i++)
		if (s[i].place_lo == 1) {
			tied[s[i].player] = true;
			ntied++;
		}
	p->agree_to_share = share;
	if (!share && (read_playoff_games(games, t, p, g, rs) ||
	               check_playoff_format(g, p->ngames, tied, ntied, rs))) {
		status = rs->status;
		goto done;
	}
	struct dsu_playoff check = {g, p->ngames, share};
	if (dsu_standings(DSU_EVENT_DM, t->n, t->games, t->ngames, &check, s, NULL, err,
	                  sizeof err) != CC_OK) {
		status = api_error(rs, "invalid_playoff", "%s", err);
		goto done;
	}
	if (store_begin(app->st) != STORE_OK) {
		status = api_error(rs, "busy", "the database is busy; try again");
		goto done;
	}
	int rc = store_playoff_insert(app->st, t->t.id, p, rq->user.id);
	if (rc != STORE_OK || store_commit(app->st) != STORE_OK) {
		store_rollback(app->st);
		status = rc == STORE_CONFLICT
		                 ? api_error(rs, "playoff_entered",
		                             "the play-off is entered already")
		                 : api_error(rs, "busy",
		                             "the play-off could not be stored; try again");
		goto done;
	}
	status = respond(app, t->t.id, 201, rs);
done:
	if (loaded)
		unload(t);
	free(t);
	free(p);
	free(s);
	return status;
}

/* Reads a date field (required) that is not after today: 0 and *day, or
 * a 422 and -1. */
static int past_date(struct app *app, json_t *body, const char *key, const char **text,
                     struct api_resp *rs)
{
	int32_t day, today;
	char err[128];
	if (api_get_string(body, key, true, text, rs) || api_today_day(app, &today, rs))
		return -1;
	if (calendar_parse(*text, &day, err, sizeof err) != CC_OK)
		return api_error(rs, "invalid_date", "%s: %s", key, err), -1;
	if (day > today)
		return api_error(rs, "invalid_date", "%s: on or before today, not after", key), -1;
	return 0;
}

int api_tournaments_publication(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"on", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *on;
	if (!body || api_only_keys(body, keys, rs) || past_date(app, body, "on", &on, rs))
		return rs->status;
	struct loaded *t = calloc(1, sizeof *t);
	int status;
	if (!t)
		return api_error(rs, "internal", "out of memory");
	if (load_led(app, rq, t, rs)) {
		free(t);
		return rs->status;
	}
	int64_t id = t->t.id;
	int unfinished = t->unfinished;
	unload(t);
	free(t);
	if (unfinished)
		return api_error(rs, "not_finished",
		                 "tournament %lld has %d games still running: its results are "
		                 "published when it is finished (DSU 6.4.5.1)",
		                 (long long)id, unfinished);
	if (store_begin(app->st) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	if (store_tournaments_set_published(app->st, id, on) != STORE_OK ||
	    store_commit(app->st) != STORE_OK) {
		store_rollback(app->st);
		return api_error(rs, "busy", "the publication could not be stored; try again");
	}
	status = respond(app, id, 200, rs);
	return status;
}

int api_tournaments_decision(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"notified_on", "about", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *on, *about;
	if (!body || api_only_keys(body, keys, rs) ||
	    past_date(app, body, "notified_on", &on, rs) ||
	    api_get_string(body, "about", true, &about, rs))
		return rs->status;
	if (check_name(about, "about", rs)) /* 1..100 bytes, no control characters */
		return rs->status;
	struct loaded *t = calloc(1, sizeof *t);
	if (!t)
		return api_error(rs, "internal", "out of memory");
	if (load_led(app, rq, t, rs)) {
		free(t);
		return rs->status;
	}
	struct store_decision d = {.tournament = t->t.id};
	unload(t);
	free(t);
	snprintf(d.notified_on, sizeof d.notified_on, "%s", on);
	snprintf(d.about, sizeof d.about, "%s", about);
	if (store_begin(app->st) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	if (store_decisions_insert(app->st, &d, rq->user.id) != STORE_OK ||
	    store_commit(app->st) != STORE_OK) {
		store_rollback(app->st);
		return api_error(rs, "busy", "the decision could not be stored; try again");
	}
	return respond(app, d.tournament, 201, rs);
}
