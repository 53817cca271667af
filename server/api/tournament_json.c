/* tournament_json.c: the TOURNAMENT object of docs/API.md (api/tournament_json.h):
 * the standings with the DSU tie rules (lib/tourney/dsu_group.h), the
 * entry rights a finished group gives, the cup's stages and rights, the
 * DM's play-off and title, the teams, the withdrawals and decisions. */
#include "autoconfig.h"
#include "api/tournament_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/federation.h"
#include "api/jsonw.h"
#include "api/kept.h"
#include "api/api_games.h"
#include "api/api_ratings.h"
#include "base/log.h"
#include "clock/calendar.h"
#include "store/store_ratings.h"
#include "tourney/dsu_admin.h"
#include "tourney/dsu_rights.h"
#include "tourney/dsu_team.h"
#include "util/status.h"

/* ---- the hot part, written with api/jsonw.h ----
 * The games' ids and the standings are most of a round robin's answer
 * (1,225 ids and 50 lines for 50 players); they are written straight into
 * one buffer, byte for byte what api_json() made of the jansson tree
 * before (issue 25: building and dumping that tree was 45 % of a GET).
 * The rest of the TOURNAMENT stays a jansson tree, dumped and appended. */

/* v (stolen) as api_json() dumps it; an empty v fails the writer. */
static void put_json(struct jsonw *w, json_t *v)
{
	char *text = v ? json_dumps(v, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_ENCODE_ANY) : NULL;
	if (text)
		jsonw_raw(w, text);
	else
		w->failed = true;
	free(text);
	json_decref(v);
}

/* A string as jansson writes it with JSON_ENSURE_ASCII: printable ASCII
 * escapes as jsonw does; anything else (a Danish name's UTF-8) through
 * jansson, so the bytes stay the same. */
static void put_str(struct jsonw *w, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p >= 0x7f) {
			put_json(w, json_string(s));
			return;
		}
	jsonw_str(w, s);
}

/* A real as jansson writes it ("%.17g", ".0" added to a whole number). */
static void put_real(struct jsonw *w, double d)
{
	char b[40];
	snprintf(b, sizeof b - 2, "%.17g", d);
	if (!strpbrk(b, ".eE"))
		strcat(b, ".0");
	jsonw_raw(w, b);
}

/* A rating or null. */
static void put_rating(struct jsonw *w, int r)
{
	if (r == STORE_NO_RATING)
		jsonw_raw(w, "null");
	else
		jsonw_int(w, r);
}

/* {"class", "until", "why"}, after a comma when !first. */
static void put_right(struct jsonw *w, bool first, enum dsu_class cls, const char *until,
                      const char *why)
{
	jsonw_raw(w, first ? "{" : ",{");
	jsonw_key(w, "class", true);
	put_str(w, dsu_class_name(cls));
	jsonw_key(w, "until", false);
	put_str(w, until);
	jsonw_key(w, "why", false);
	put_str(w, why);
	jsonw_raw(w, "}");
}

/* The entry rights one standing gives (R35-R38) when the group has a
 * class and is finished, as an array (empty otherwise). */
static void put_rights(struct jsonw *w, const struct svc_tournament *t,
                       const struct dsu_standing *line, bool first)
{
	enum dsu_class cls;
	int32_t finish;
	struct dsu_right r[DSU_CLASS_COUNT];
	char until[CALENDAR_ISO_LEN], err[128];
	jsonw_raw(w, "[");
	if (t->t.cls[0] && !t->unfinished && t->last_end[0] &&
	    dsu_class_parse(t->t.cls, &cls) == CC_OK &&
	    calendar_parse(t->last_end, &finish, NULL, 0) == CC_OK) {
		struct dsu_history_entry h = {cls, finish, line->score2, line->games, first};
		int k = dsu_group_rights(&h, r, err, sizeof err);
		bool none = true;
		for (int i = 0; i < k; i++) {
			if (calendar_format(r[i].until, until, sizeof until) != CC_OK)
				continue;
			put_right(w, none, r[i].cls, until, "EMT result (DSU 6.5.2.2, 6.5.3.2)");
			none = false;
		}
	}
	jsonw_raw(w, "]");
}

/* The rights of one cup line as [{"class", "until", "why"}]. */
static void put_cup_rights(struct jsonw *w, const struct dsu_cup_right *r, int32_t until,
                           bool final)
{
	char day[CALENDAR_ISO_LEN];
	const char *why = final ? "cup final (DSU 6.6.2)" : "cup semifinal (DSU 6.6.2)";
	jsonw_raw(w, "[");
	if (calendar_format(until, day, sizeof day) == CC_OK) {
		static const enum dsu_class order[] = {DSU_CLASS_DM, DSU_CLASS_M, DSU_CLASS_K};
		bool has[] = {r->dm, r->m, r->k}, none = true;
		for (int i = 0; i < 3; i++)
			if (has[i]) {
				put_right(w, none, order[i], day, why);
				none = false;
			}
	}
	jsonw_raw(w, "]");
}

/* "4" or "4-5" (new). */
static json_t *place_json(int lo, int hi)
{
	char buf[DSU_PLACE_MAX];
	dsu_place_text(lo, hi, buf);
	return json_string(buf);
}

/* One line of the standings: the player (his seat's USER with his
 * ratings, issue 12) and his numbers. */
static void put_line(struct jsonw *w, const struct svc_tournament *t,
                     const struct dsu_standing *line, const struct store_rating_line *r)
{
	const struct store_seat *seat = &t->seats[line->player];
	char place[DSU_PLACE_MAX];
	dsu_place_text(line->place_lo, line->place_hi, place);
	jsonw_raw(w, "{\"player\":{\"id\":");
	jsonw_int(w, seat->user);
	jsonw_key(w, "name", false);
	put_str(w, seat->name);
	jsonw_key(w, "role", false);
	put_str(w, seat->role);
	jsonw_key(w, "rating", false);
	put_rating(w, r->rating);
	jsonw_key(w, "otb_rating", false);
	put_rating(w, r->otb);
	jsonw_key(w, "foreign", false);
	jsonw_bool(w, r->foreign);
	jsonw_raw(w, "}");
	jsonw_key(w, "rank", false);
	jsonw_int(w, line->place_lo);
	jsonw_key(w, "place", false);
	put_str(w, place);
	jsonw_key(w, "score", false);
	put_real(w, line->score2 / 2.0);
	jsonw_key(w, "sonneborn_berger", false);
	put_real(w, line->sb4 / 4.0);
	jsonw_key(w, "played", false);
	jsonw_int(w, line->finished);
}

/* The "standings" array of t, in the order of the table, with each
 * player's ratings and the change this group made (null until it is
 * rated): the DSU tie rules decide only the places the originals name,
 * every other tie is shared (lib/tourney/dsu_group.h; docs/TOURNAMENTS.md
 * R32, R33, R46).  "rank" is the first place of a shared one.  An EMT
 * group adds the rights its result gives, a cup semifinal or final the
 * cup's (R49), the DM each line's "title" (R33, I-4).  *playoff_needed:
 * the DM is still tied for 1st without a play-off (R33c).  A failure
 * fails the writer. */
static void put_standings(struct jsonw *w, struct app *app, const struct svc_tournament *t,
                          bool *playoff_needed)
{
	size_t n = (size_t)(t->n > 0 ? t->n : 1);
	struct dsu_standing *s = calloc(n, sizeof *s);
	struct dsu_cup_right *cup = calloc(n, sizeof *cup);
	struct store_rating_line *rl = calloc(n, sizeof *rl);
	int64_t users[TOURNAMENT_MAX_PLAYERS];
	bool danish[TOURNAMENT_MAX_PLAYERS], title[TOURNAMENT_MAX_PLAYERS] = {false};
	bool dm = strcmp(t->t.dsu_kind, "dm") == 0;
	struct dsu_table_info info;
	int32_t until = 0;
	char err[256];
	*playoff_needed = false;
	if (!s || !cup || !rl ||
	    dsu_standings(svc_tournament_event(&t->t), t->n, t->games, t->ngames,
	                  svc_tournament_playoff(t), s, &info, err, sizeof err) != CC_OK) {
		log_msg(LOG_ERROR, "tournament %lld: no standings", (long long)t->t.id);
		goto fail;
	}
	*playoff_needed = info.playoff_needed;
	for (int i = 0; i < t->n; i++) {
		danish[i] = t->seats[i].danish;
		users[i] = t->seats[i].user;
	}
	/* the players' ratings by seat, in one query (issue 25) */
	if (store_ratings_lines(app->st, t->t.id, users, (size_t)t->n, rl) != 0)
		goto fail;
	if (dm)
		dsu_dm_title(s, t->n, danish, title); /* R33, I-4 */
	int cup_rc = svc_tournament_cup_rights(t, s, cup, &until);
	if (cup_rc < 0)
		goto fail;
	jsonw_raw(w, "[");
	for (int i = 0; i < t->n; i++) {
		const struct dsu_standing *line = &s[i];
		if (i)
			jsonw_raw(w, ",");
		put_line(w, t, line, &rl[line->player]);
		jsonw_key(w, "rights", false);
		if (cup_rc == 0)
			put_cup_rights(w, &cup[i], until, strcmp(t->t.stage, "final") == 0);
		else
			put_rights(w, t, line, i < info.first_on_points);
		/* The player's number in the table: his seat, drawn at the start
		 * (the seats are read in their order), whatever his place. */
		jsonw_key(w, "seat", false);
		jsonw_int(w, line->player + 1);
		if (dm) {
			jsonw_key(w, "title", false);
			jsonw_bool(w, title[line->player]);
		}
		if (dm && line->playoff2 >= 0) {
			jsonw_key(w, "playoff_score", false);
			put_real(w, line->playoff2 / 2.0);
		}
		if (cup_rc == 0 && cup[i].dm_tl) {
			jsonw_key(w, "dm_place_for_tl", false); /* I-27 */
			jsonw_raw(w, "true");
		}
		jsonw_key(w, "rating_change", false);
		if (rl[line->player].rated)
			jsonw_int(w, rl[line->player].change);
		else
			jsonw_raw(w, "null");
		jsonw_raw(w, "}");
	}
	jsonw_raw(w, "]");
	goto out;
fail:
	w->failed = true;
out:
	free(s);
	free(cup);
	free(rl);
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
		if (store_ratings_user(app->st, first[b].user, &ratings[b], &otb, &games) !=
		            STORE_OK ||
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
static json_t *teams_json(struct app *app, const struct svc_tournament *t)
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
		if (j && (json_object_set_new(j, "average_rating", team_average(app, first)) ||
		          api_team_fields(app, t->t.id, first->team, j))) {
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

/* The "games" array of t: the ids in creation order. */
static void put_games(struct jsonw *w, const struct svc_tournament *t)
{
	jsonw_raw(w, "[");
	for (size_t i = 0; i < t->ngames; i++) {
		if (i)
			jsonw_raw(w, ",");
		jsonw_int(w, t->game_ids[i]);
	}
	jsonw_raw(w, "]");
}

const char *api_tournament_kind(const struct store_tournament *t)
{
	return t->dsu_kind[0] ? t->dsu_kind : t->kind;
}

/* The games of seat p that are unfinished, as ids (new array). */
static json_t *unfinished_of(const struct svc_tournament *t, int p)
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
static json_t *withdrawals_json(struct app *app, const struct svc_tournament *t)
{
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < t->nwithdrawals; i++) {
		const struct store_withdrawal *w = &t->withdrawals[i];
		json_t *u = api_user_json(app, w->user);
		int p = svc_tournament_seat(t, w->user);
		json_t *j =
		        json_pack("{s:o, s:s, s:s, s:b, s:b, s:o}", "player", u ? u : json_null(),
		                  "reason", w->reason, "on", w->on, "all_lost", w->all_lost,
		                  "prize_right", strcmp(w->reason, "valid") == 0, "to_adjudicate",
		                  w->all_lost || p < 0 ? json_array() : unfinished_of(t, p));
		if (j)
			json_array_append_new(arr, j);
	}
	return arr;
}

/* A cup's "stages" (new): [{"stage", "groups": [ids]}] in order, plus
 * its "advance" and "semifinal_direct" (user ids) on the side; NULL when
 * the database fails. */
static json_t *stages_json(struct app *app, const struct svc_tournament *t)
{
	struct store_tournament *v;
	size_t n;
	if (store_tournaments_children(app->st, t->t.id, &v, &n) != STORE_OK)
		return NULL;
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < n; i++) {
		json_t *last =
		        json_array_size(arr) ? json_array_get(arr, json_array_size(arr) - 1) : NULL;
		if (!last ||
		    strcmp(json_string_value(json_object_get(last, "stage")), v[i].stage)) {
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
static json_t *playoff_json(const struct svc_tournament *t, bool needed)
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
static json_t *decisions_json(struct app *app, const struct svc_tournament *t)
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
		/* issue 22: what it imposes (DSU 6.4.2), on whom, and its appeals */
		json_array_append_new(
		        arr,
		        json_pack("{s:I, s:s, s:s, s:s, s:s, s:o, s:o, s:s, s:o}", "id",
		                  (json_int_t)d[i].id, "notified_on", d[i].notified_on, "about",
		                  d[i].about, "appeal_by", by, "kind",
		                  d[i].kind[0] ? d[i].kind : "ruling", "player",
		                  d[i].player ? json_integer(d[i].player) : json_null(), "months",
		                  d[i].months ? json_integer(d[i].months) : json_null(),
		                  "decided_by", d[i].decided_role[0] ? d[i].decided_role : "tl",
		                  "appeals", api_decision_appeals(app, d[i].id)));
	}
	free(d);
	return arr;
}

/* The fields of the TOURNAMENT after its standings (new), or NULL: the
 * TL, class, withdrawals, publication and decisions; the DM's play-off,
 * a team tournament's "teams", the edition, a cup group's cup, a cup's
 * stages. */
static json_t *rest_json(struct app *app, const struct svc_tournament *t, bool playoff_needed)
{
	json_t *tl = t->t.tl ? api_user_json(app, t->t.tl) : NULL;
	json_t *j = json_pack("{s:o, s:o, s:o, s:o, s:o}", "tl", tl ? tl : json_null(), "class",
	                      t->t.cls[0] ? json_string(t->t.cls) : json_null(), "withdrawals",
	                      withdrawals_json(app, t), "published_on",
	                      t->t.published[0] ? json_string(t->t.published) : json_null(),
	                      "decisions", decisions_json(app, t));
	if (j && strcmp(t->t.dsu_kind, "dm") == 0 &&
	    json_object_set_new(j, "playoff", playoff_json(t, playoff_needed))) {
		json_decref(j);
		return NULL;
	}
	if (j && strcmp(t->t.kind, svc_tournament_kind_names[SVC_KIND_TEAM]) == 0 &&
	    json_object_set_new(j, "teams", teams_json(app, t))) {
		json_decref(j);
		return NULL;
	}
	if (j && api_edition_field(app, &t->t, j) != 0) { /* DSU 6.5.2, 6.6.3 (issue 22) */
		json_decref(j);
		return NULL;
	}
	if (j && t->t.parent) /* a cup group */
		json_object_set_new(j, "cup",
		                    json_pack("{s:I, s:s}", "id", (json_int_t)t->t.parent, "stage",
		                              t->t.stage));
	if (j && strcmp(t->t.kind, svc_tournament_kind_names[SVC_KIND_CUP]) == 0) {
		struct store_cup_entry e[TOURNAMENT_MAX_PLAYERS];
		size_t ne = 0;
		json_t *direct = json_array();
		if (store_tournaments_cup_entries(app->st, t->t.id, e, TOURNAMENT_MAX_PLAYERS,
		                                  &ne) == STORE_OK)
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

/* The TOURNAMENT object of API.md for t into w (a failure fails w). */
static void put_tournament(struct jsonw *w, struct app *app, const struct svc_tournament *t)
{
	bool playoff_needed;
	jsonw_raw(w, "{\"id\":");
	jsonw_int(w, t->t.id);
	jsonw_key(w, "name", false);
	put_str(w, t->t.name);
	jsonw_key(w, "kind", false);
	put_str(w, api_tournament_kind(&t->t));
	jsonw_key(w, "profile", false);
	put_str(w, t->t.profile);
	jsonw_key(w, "start_date", false);
	put_str(w, t->t.start);
	jsonw_key(w, "series_cancellable", false);
	jsonw_bool(w, t->t.series_cancellable);
	jsonw_key(w, "games", false);
	put_games(w, t);
	jsonw_key(w, "standings", false);
	put_standings(w, app, t, &playoff_needed);
	if (w->failed)
		return;
	json_t *rest = rest_json(app, t, playoff_needed);
	char *text = rest ? json_dumps(rest, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
	json_decref(rest);
	if (!text || text[0] != '{' || text[1] == '}') {
		w->failed = true;
	} else {
		jsonw_raw(w, ",");
		jsonw_raw(w, text + 1); /* its fields and the closing brace */
	}
	free(text);
}

/* ---- the answers kept by revision (api/kept.h) ----
 * A TOURNAMENT is the same for every reader until a row it shows changes;
 * every such write bumps one revision in its own transaction (migration
 * 0032, store_tournaments_shown_rev()).  Kept by (store, id, revision):
 * 32 answers, 4 MB in all. */
static struct kept_answer tournament_slots[32];
static struct kept tournaments_kept = KEPT_INIT(tournament_slots, 4u << 20);

void api_tournament_kept_stats(struct kept_stats *out)
{
	kept_stats(&tournaments_kept, out);
}

int api_tournament_respond(struct app *app, int64_t id, int status, struct api_resp *rs)
{
	int64_t rev;
	size_t len = 0;
	char *text;
	bool keep = store_tournaments_shown_rev(app->st, &rev) == STORE_OK;
	struct kept_key key = {.st = app->st, .id = id, .rev = rev};
	if (keep && (text = kept_get(&tournaments_kept, &key, &len)))
		return api_json_text(rs, status, text, len);
	struct svc_tournament *t = calloc(1, sizeof *t);
	struct svc_outcome o;
	if (!t)
		return api_error(rs, "internal", "out of memory");
	if (svc_tournament_load(app, id, t, &o) != SVC_OK) {
		free(t);
		return api_outcome_error(rs, &o);
	}
	struct jsonw w;
	jsonw_init(&w);
	put_tournament(&w, app, t);
	svc_tournament_free(t);
	free(t);
	text = jsonw_take(&w, &len);
	if (!text)
		return api_error(rs, "internal", "tournament %lld cannot be shown", (long long)id);
	if (keep)
		kept_put(&tournaments_kept, &key, text, len);
	return api_json_text(rs, status, text, len);
}
