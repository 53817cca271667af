/* tournaments.c: creating a tournament with all its games, and its
 * standings (API.md "Tournaments"; SPEC 6; DSU 6.5.4.1).
 *
 * POST checks the whole request before it writes anything, then stores
 * the tournament, its players and every game in one transaction: any
 * failure rolls all of it back.  GET reads the games' results and ranks
 * the players (and teams) with lib/tourney. */
#include "autoconfig.h"
#include "api/tournaments.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/games.h"
#include "api/ratings.h"
#include "store/tournaments.h"
#include "store/users.h"
#include "clock/calendar.h"
#include "clock/clock.h"
#include "base/log.h"
#include "jobs/notify.h"
#include "jobs/outbox.h"
#include "tourney/tiebreak.h"
#include "util/status.h"

/* The kinds of API.md, in the order of kind_names[]. */
enum kind { KIND_RR, KIND_DRR, KIND_EMT, KIND_TEAM, KIND_CUP };
static const char *const kind_names[] = {
        "round_robin", "double_round_robin", "emt_group", "team", "cup", NULL};

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
	int n; /* players */
	struct entry players[TOURNAMENT_MAX_PLAYERS];
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

/* The kind's number, or a 422 and -1 (cup: 422 unsupported_kind). */
static int check_kind(const char *kind, struct api_resp *rs)
{
	for (int k = 0; kind_names[k]; k++)
		if (strcmp(kind, kind_names[k]) == 0) {
			if (k == KIND_CUP) {
				api_error(rs, "unsupported_kind",
				        "cup draws are not supported yet: the groups of a cup "
				        "(SPEC 6) are not drawn by this server; create each group "
				        "as a round_robin");
				return -1;
			}
			return k;
		}
	api_error(rs, "invalid_field",
	          "kind must be round_robin, double_round_robin, emt_group, team or cup");
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
	if (read_ids(json_object_get(body, "players"), "players", d, rs))
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
		for (int j = 0; j < i; j++)
			if (d->players[i].user == d->players[j].user) {
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

/* Reads and checks the whole POST body into d.  0, or an error response
 * and -1. */
static int read_draft(struct app *app, struct api_req *rq, struct draft *d, struct api_resp *rs)
{
	static const char *const keys[] = {"name",    "kind",  "profile",           "start_date",
	                                   "players", "teams", "series_cancellable", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *kind;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "name", true, &d->name, rs) ||
	    api_get_string(body, "kind", true, &kind, rs) ||
	    api_get_string(body, "profile", true, &d->profile, rs) ||
	    api_get_string(body, "start_date", true, &d->start, rs) ||
	    api_get_bool(body, "series_cancellable", false, &d->series_cancellable, rs) < 0)
		return -1;
	if (check_name(d->name, "the name", rs))
		return -1;
	int k = check_kind(kind, rs);
	if (k < 0)
		return -1;
	d->kind = (enum kind)k;
	if (check_profile_date(d->profile, d->start, rs))
		return -1;
	d->n = 0;
	if ((d->kind == KIND_TEAM ? read_teams(body, d, rs) : read_players(body, d, rs)) ||
	    check_users(app, d, rs))
		return -1;
	return 0;
}

/* ---- storing ---- */

/* The pairings of d's kind (new array, caller frees) and their count;
 * NULL when out of memory. */
static struct tiebreak_pairing *pairings(const struct draft *d, int *count)
{
	int teams = d->n / TOURNAMENT_BOARDS, cycles = d->kind == KIND_DRR ? 2 : 1;
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
	                             .series_cancellable = d->series_cancellable};
	snprintf(t.name, sizeof t.name, "%s", d->name);
	snprintf(t.kind, sizeof t.kind, "%s", kind_names[d->kind]);
	snprintf(t.profile, sizeof t.profile, "%s", d->profile);
	snprintf(t.start, sizeof t.start, "%s", d->start);
	if (store_tournaments_insert(app->st, &t) != STORE_OK)
		return -1;
	*id = t.id;
	for (int i = 0; i < d->n; i++)
		if (store_tournaments_add_player(app->st, *id, d->players[i].user, i + 1,
		                                 d->players[i].team, d->players[i].board) != STORE_OK)
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
	if (insert_games(app, d, *id, rs) != 0)
		goto fail;
	/* DSU 6.5.2.1: the start letter, written with the group. */
	char today[CALENDAR_ISO_LEN];
	api_today(app, today);
	if (notify_tournament_started(app, *id, today) != 0) {
		api_error(rs, "busy", "the tournament could not be stored; try again");
		goto fail;
	}
	if (store_commit(app->st) != STORE_OK) {
		api_error(rs, "busy", "the tournament could not be stored; try again");
		return -1;
	}
	outbox_wake();
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
	struct tiebreak_game *games;
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
		struct tiebreak_game g;
		g.white = seat_of(t, rows[i].white);
		g.black = seat_of(t, rows[i].black);
		if (g.white < 0 || g.black < 0 || g.white == g.black ||
		    tiebreak_result_parse(rows[i].result, &g.result)) {
			log_msg(LOG_ERROR, "tournament %lld: game %lld does not fit its players",
			        (long long)t->t.id, (long long)rows[i].id);
			continue;
		}
		t->game_ids[t->ngames] = rows[i].id;
		t->games[t->ngames++] = g;
	}
	free(rows);
	return 0;
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
	if (load_games(app, t)) {
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

/* A standing with the name it is sorted by (qsort has no context
 * argument in C11, and the daemon serves requests on several threads). */
struct named {
	const char *name; /* borrowed from the struct loaded */
	int rank;
	int index; /* into the lib's output */
};

/* For qsort: by rank, then by name. */
static int by_rank_name(const void *a, const void *b)
{
	const struct named *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The "standings" array of t (new), ordered by rank then name
 * (DSU 6.5.4.1), or NULL. */
static json_t *standings_json(const struct loaded *t)
{
	struct tiebreak_standing *s = calloc((size_t)t->n, sizeof *s);
	struct named *order = calloc((size_t)t->n, sizeof *order);
	json_t *arr = NULL;
	char err[256];
	if (!s || !order || tiebreak_standings(t->n, t->games, t->ngames, s, err, sizeof err)) {
		log_msg(LOG_ERROR, "tournament %lld: no standings", (long long)t->t.id);
		goto out;
	}
	for (int i = 0; i < t->n; i++)
		order[i] = (struct named){t->seats[s[i].player].name, s[i].rank, i};
	qsort(order, (size_t)t->n, sizeof *order, by_rank_name);
	arr = json_array();
	for (int i = 0; arr && i < t->n; i++) {
		const struct tiebreak_standing *line = &s[order[i].index];
		json_t *j = json_pack("{s:o, s:i, s:f, s:f, s:i}", "player",
		                      seat_user(&t->seats[line->player]), "rank", line->rank,
		                      "score", line->score2 / 2.0, "sonneborn_berger",
		                      line->sb4 / 4.0, "played", line->played);
		if (!j || json_array_append_new(arr, j)) {
			json_decref(arr);
			arr = NULL;
		}
	}
out:
	free(s);
	free(order);
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

/* The "teams" array of a team tournament (new), or NULL: name, rank,
 * score, played, and (beyond API.md) board_points (SPEC 6: board 1 = 4
 * ... board 4 = 1, over all games) and the players' ids by board. */
static json_t *teams_json(const struct loaded *t)
{
	int nteams = t->n / TOURNAMENT_BOARDS;
	struct tiebreak_team_standing *s = calloc((size_t)(nteams > 0 ? nteams : 1), sizeof *s);
	struct named *order = calloc((size_t)(nteams > 0 ? nteams : 1), sizeof *order);
	json_t *arr = NULL;
	char err[256];
	if (!s || !order || t->n % TOURNAMENT_BOARDS ||
	    tiebreak_team_standings(nteams, TOURNAMENT_BOARDS, t->games, t->ngames, s, err,
	                            sizeof err) != CC_OK) {
		log_msg(LOG_ERROR, "tournament %lld: no team standings", (long long)t->t.id);
		goto out;
	}
	for (int i = 0; i < nteams; i++)
		order[i] =
		        (struct named){t->seats[s[i].team * TOURNAMENT_BOARDS].team, s[i].rank, i};
	qsort(order, (size_t)nteams, sizeof *order, by_rank_name);
	arr = json_array();
	for (int i = 0; arr && i < nteams; i++) {
		const struct tiebreak_team_standing *line = &s[order[i].index];
		const struct store_seat *first = &t->seats[line->team * TOURNAMENT_BOARDS];
		json_t *j = json_pack("{s:s, s:i, s:f, s:i, s:f, s:o}", "name", first->team, "rank",
		                      line->rank, "score", line->score2 / 2.0, "played",
		                      line->played, "board_points", line->board2 / 2.0, "players",
		                      team_players(first));
		if (!j || json_array_append_new(arr, j)) {
			json_decref(arr);
			arr = NULL;
		}
	}
out:
	free(s);
	free(order);
	return arr;
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

/* The TOURNAMENT object of API.md for t (new), or NULL; a team
 * tournament adds "teams". */
static json_t *tournament_json(const struct loaded *t)
{
	json_t *j = json_pack("{s:I, s:s, s:s, s:s, s:s, s:b, s:o, s:o}", "id",
	                      (json_int_t)t->t.id, "name", t->t.name, "kind", t->t.kind, "profile",
	                      t->t.profile, "start_date", t->t.start, "series_cancellable",
	                      (int)t->t.series_cancellable, "games", games_json(t), "standings",
	                      standings_json(t));
	if (j && strcmp(t->t.kind, kind_names[KIND_TEAM]) == 0 &&
	    json_object_set_new(j, "teams", teams_json(t))) {
		json_decref(j);
		return NULL;
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
	json_t *j = tournament_json(&t);
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

#define LIST_MAX 500

int api_tournaments_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	(void)rq;
	struct store_tournament *v;
	size_t n;
	json_t *list = json_array();
	if (!list || store_tournaments_list(app->st, LIST_MAX, &v, &n) != STORE_OK) {
		json_decref(list);
		return api_error(rs, "internal", "the database is not available");
	}
	for (size_t i = 0; i < n; i++) {
		json_t *item = json_pack("{s:I, s:s, s:s, s:s, s:s}", "id", (json_int_t)v[i].id,
		                         "name", v[i].name, "kind", v[i].kind, "profile", v[i].profile,
		                         "start_date", v[i].start);
		if (item)
			json_array_append_new(list, item);
	}
	free(v);
	return api_json(rs, 200, json_pack("{s:o}", "tournaments", list));
}
