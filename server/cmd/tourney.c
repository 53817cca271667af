/* tourney.c: `corrchess tourney`: one DSU tournament case from JSON to
 * JSON.  Reading, checking shapes and printing only; every rule is in
 * lib/tourney/dsu_*.c.  Errors name the field that is wrong. */
#include "cmd/tourney.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json_in.h"
#include "clock/calendar.h"
#include "cmd/cmd_fail.h"
#include "util/status.h"
#include "tourney/dsu_admin.h"
#include "tourney/dsu_cup.h"
#include "tourney/dsu_group.h"
#include "tourney/dsu_rights.h"
#include "tourney/dsu_team.h"

#define EXIT_USAGE     2
#define CASE_FILE_MAX  (4 * 1024 * 1024) /* bytes of JSON one case may have */
#define MAX_GAMES_CASE 8192              /* games one case may list */

static const char usage_text[] =
        "usage: corrchess tourney [FILE|-]\n"
        "\n"
        "Reads one DSU tournament case, {\"kind\": K, \"input\": {...}} as in\n"
        "tests/vectors/tournaments.json, from FILE (\"-\" or none: stdin) and prints\n"
        "the result as JSON in the format of the case's \"expected\".\n"
        "Kinds: rr_standings withdrawal email_triggers team_standings team_schedule\n"
        "team_promotion cup_prelim cup_rights rr_colours entry_rights new_group\n"
        "deadlines register\n"
        "(docs/TOURNAMENTS.md).  Bad input: exit 2 and one line on stderr.\n";

/* ---- error and JSON helpers ---- */

/* The evaluation context: the error buffer. */
struct ctx {
	char *err;
	size_t errlen;
};

/* Writes a sentence into the context's buffer (util/status.h's
 * cc_fail()); returns -1. */
#define bad(c, ...) cc_fail(-1, (c)->err, (c)->errlen, __VA_ARGS__)

/* A number in half points as JSON: an integer when whole (new). */
static json_t *num2(int64_t v2)
{
	if (v2 % 2 == 0)
		return json_integer(v2 / 2);
	return json_real((double)v2 / 2.0);
}

/* A number in quarter points as JSON (new). */
static json_t *num4(int64_t v4)
{
	if (v4 % 4 == 0)
		return json_integer(v4 / 4);
	return json_real((double)v4 / 4.0);
}

/* "4" or "4-5" (new). */
static json_t *place_json(int lo, int hi)
{
	char buf[DSU_PLACE_MAX];
	dsu_place_text(lo, hi, buf);
	return json_string(buf);
}

/* points2 / (2 * games) as a percentage with two decimals, half up
 * ("30.56"), as text (new); "0.00" for no games. */
static json_t *pct_json(int points2, int games)
{
	char buf[32];
	long long h = games > 0 ? ((long long)points2 * 10000 / games + 1) / 2 : 0;
	snprintf(buf, sizeof buf, "%lld.%02lld", h / 100, h % 100);
	return json_string(buf);
}

/* A day as "YYYY-MM-DD", or null for DSU_NO_DATE (new). */
static json_t *date_json(int32_t day)
{
	char buf[CALENDAR_ISO_LEN];
	if (day == DSU_NO_DATE || calendar_format(day, buf, sizeof buf) != CC_OK)
		return json_null();
	return json_string(buf);
}

/* The reader's error as the context's sentence (the reader is started
 * again for the next field); returns -1. */
static int json_bad(struct ctx *c, struct json_in *in)
{
	int rc = bad(c, "%s", in->msg);
	json_in_init(in);
	return rc;
}

/* obj[key] must be an object / array / string (borrowed into *out).
 * Missing and optional: *out = NULL and 0.  JSON_TRUE: a boolean. */
static int get_type(struct ctx *c, const json_t *obj, const char *key, json_type type,
                    bool required, json_t **out)
{
	struct json_in in;
	json_in_init(&in);
	*out = NULL;
	return json_in_get(&in, obj, key, type, required, out) < 0 ? json_bad(c, &in) : 0;
}

/* A string field; NULL with 0 when missing and optional. */
static int get_str(struct ctx *c, const json_t *obj, const char *key, bool required,
                   const char **out)
{
	struct json_in in;
	json_in_init(&in);
	*out = NULL;
	return json_in_string(&in, obj, key, required, out) < 0 ? json_bad(c, &in) : 0;
}

/* An integer field in [lo, hi]; *out = dflt when missing and optional. */
static int get_int(struct ctx *c, const json_t *obj, const char *key, bool required, long lo,
                   long hi, int dflt, int *out)
{
	struct json_in in;
	json_in_init(&in);
	int64_t x = dflt;
	*out = dflt;
	if (json_in_int(&in, obj, key, required, lo, hi, &x) < 0)
		return json_bad(c, &in);
	*out = (int)x;
	return 0;
}

/* A boolean field; dflt when missing and optional. */
static int get_bool(struct ctx *c, const json_t *obj, const char *key, bool required, bool dflt,
                    bool *out)
{
	struct json_in in;
	json_in_init(&in);
	*out = dflt;
	return json_in_bool(&in, obj, key, required, out) < 0 ? json_bad(c, &in) : 0;
}

/* A date field "YYYY-MM-DD"; DSU_NO_DATE when missing (or null) and
 * optional. */
static int get_date(struct ctx *c, const json_t *obj, const char *key, bool required, int32_t *out)
{
	const char *s;
	char why[128];
	*out = DSU_NO_DATE;
	if (get_str(c, obj, key, required, &s) != 0)
		return -1;
	if (s && calendar_parse(s, out, why, sizeof why) != CC_OK)
		return bad(c, "\"%s\": %s", key, why);
	return 0;
}

/* A score in points (a multiple of 1/2) as half points. */
static int get_points2(struct ctx *c, const json_t *obj, const char *key, int *out)
{
	json_t *v = json_object_get(obj, key);
	if (!v || !json_is_number(v))
		return bad(c, "\"%s\" must be a number of points", key);
	double x = json_number_value(v) * 2.0;
	if (x < 0 || x > 1e6 || x != (double)(long)x)
		return bad(c, "\"%s\" must be a whole or half number of points from 0", key);
	*out = (int)x;
	return 0;
}

/* Player or team names of one group: seat = index. */
struct names {
	int n;
	const char *name[DSU_MAX_PLAYERS];
};

/* Reads a list of distinct names (1..DSU_MAX_PLAYERS). */
static int get_names(struct ctx *c, const json_t *obj, const char *key, struct names *out)
{
	json_t *arr;
	if (get_type(c, obj, key, JSON_ARRAY, true, &arr) != 0)
		return -1;
	size_t n = json_array_size(arr);
	if (n < 1 || n > DSU_MAX_PLAYERS)
		return bad(c, "\"%s\" must list 1 to %d names, not %zu", key, DSU_MAX_PLAYERS, n);
	out->n = (int)n;
	for (size_t i = 0; i < n; i++) {
		const char *s = json_string_value(json_array_get(arr, i));
		if (!s || !*s)
			return bad(c, "\"%s\"[%zu] must be a non-empty string", key, i);
		for (size_t j = 0; j < i; j++)
			if (strcmp(out->name[j], s) == 0)
				return bad(c, "\"%s\": \"%s\" appears twice", key, s);
		out->name[i] = s;
	}
	return 0;
}

/* The seat of a name, or -1. */
static int seat_of(const struct names *nm, const char *s)
{
	for (int i = 0; s && i < nm->n; i++)
		if (strcmp(nm->name[i], s) == 0)
			return i;
	return -1;
}

/* Reads games [[White, Black, result], ...] of the players nm; the count
 * into *ng.  games has room for MAX_GAMES_CASE. */
static int get_games(struct ctx *c, const json_t *obj, const char *key, const struct names *nm,
                     struct dsu_game *games, size_t *ng)
{
	json_t *arr;
	if (get_type(c, obj, key, JSON_ARRAY, true, &arr) != 0)
		return -1;
	size_t n = json_array_size(arr);
	if (n > MAX_GAMES_CASE)
		return bad(c, "\"%s\": at most %d games, not %zu", key, MAX_GAMES_CASE, n);
	for (size_t i = 0; i < n; i++) {
		json_t *g = json_array_get(arr, i);
		if (!json_is_array(g) || json_array_size(g) != 3)
			return bad(c, "\"%s\"[%zu] must be [White, Black, result]", key, i);
		const char *w = json_string_value(json_array_get(g, 0));
		const char *b = json_string_value(json_array_get(g, 1));
		const char *r = json_string_value(json_array_get(g, 2));
		games[i].white = seat_of(nm, w);
		games[i].black = seat_of(nm, b);
		if (games[i].white < 0 || games[i].black < 0)
			return bad(c, "\"%s\"[%zu]: a player is not in the list", key, i);
		if (games[i].white == games[i].black)
			return bad(c, "\"%s\"[%zu]: a player cannot play himself", key, i);
		if (dsu_result_parse(r, &games[i].result) != CC_OK)
			return bad(c, "\"%s\"[%zu]: the result must be 1-0, 0-1, 1/2-1/2, 0-0 or *",
			           key, i);
	}
	*ng = n;
	return 0;
}

/* Reads the TL's adjudications [{"white", "black", "result"}, ...] of
 * the players nm into out (room for MAX_GAMES_CASE); the count into *n. */
static int get_decided(struct ctx *c, const json_t *arr, const struct names *nm,
                       struct dsu_game *out, size_t *n)
{
	*n = json_array_size(arr);
	if (*n > MAX_GAMES_CASE)
		return bad(c, "\"adjudications\": at most %d games", MAX_GAMES_CASE);
	for (size_t i = 0; i < *n; i++) {
		json_t *o = json_array_get(arr, i);
		const char *w, *b, *r;
		if (!json_is_object(o))
			return bad(c, "\"adjudications\"[%zu] must be an object", i);
		if (get_str(c, o, "white", true, &w) != 0 ||
		    get_str(c, o, "black", true, &b) != 0 || get_str(c, o, "result", true, &r) != 0)
			return -1;
		out[i].white = seat_of(nm, w);
		out[i].black = seat_of(nm, b);
		if (out[i].white < 0 || out[i].black < 0)
			return bad(c, "\"adjudications\"[%zu]: a player is not in the list", i);
		if (dsu_result_parse(r, &out[i].result) != CC_OK)
			return bad(c,
			           "\"adjudications\"[%zu]: the result must be 1-0, 0-1, 1/2-1/2 "
			           "or 0-0",
			           i);
	}
	return 0;
}

/* Appends {"class", "until"} (new objects) to arr. */
static void push_right(json_t *arr, enum dsu_class cls, int32_t until)
{
	json_t *r = json_object();
	json_object_set_new(r, "class", json_string(dsu_class_name(cls)));
	json_object_set_new(r, "until", date_json(until));
	json_array_append_new(arr, r);
}

/* The standings lines as JSON (new array). */
static json_t *standings_json(const struct names *nm, const struct dsu_standing *t, int n)
{
	json_t *arr = json_array();
	for (int i = 0; i < n; i++) {
		json_t *o = json_object();
		json_object_set_new(o, "id", json_string(nm->name[t[i].player]));
		json_object_set_new(o, "score", num2(t[i].score2));
		json_object_set_new(o, "sb", num4(t[i].sb4));
		json_object_set_new(o, "place", place_json(t[i].place_lo, t[i].place_hi));
		json_object_set_new(o, "games", json_integer(t[i].games));
		json_object_set_new(o, "finished", json_integer(t[i].finished));
		json_array_append_new(arr, o);
	}
	return arr;
}

/* Scratch space of one evaluation (too large for the stack). */
struct scratch {
	struct names nm;
	struct dsu_game games[MAX_GAMES_CASE];
	struct dsu_game scored[MAX_GAMES_CASE];
	struct dsu_game games2[MAX_GAMES_CASE];  /* scored after the adjudications */
	struct dsu_game decided[MAX_GAMES_CASE]; /* the TL's adjudications */
	bool adjudicate[MAX_GAMES_CASE];
	struct dsu_game po_games[64];
	struct dsu_standing table[DSU_MAX_PLAYERS];
	struct dsu_team_game tgames[MAX_GAMES_CASE];
	struct dsu_team_standing ttable[DSU_MAX_PLAYERS];
	struct dsu_pairing pairs[MAX_GAMES_CASE];
	int wpp[DSU_MAX_PLAYERS][DSU_MAX_BOARDS + 1];
	struct dsu_team_entry teams[DSU_MAX_PLAYERS];
	struct dsu_history_entry history[DSU_MAX_HISTORY];
	struct dsu_cup_entry entries[DSU_CUP_MAX_ENTRIES];
	const char *ids[DSU_CUP_MAX_ENTRIES];
	int seeds[DSU_CUP_MAX_ENTRIES], direct[DSU_CUP_MAX_ENTRIES];
	int refused[DSU_CUP_MAX_ENTRIES], group_of[DSU_CUP_MAX_ENTRIES];
	struct dsu_sanction sanctions[DSU_MAX_SANCTIONS];
	struct dsu_sanction_applied applied[DSU_MAX_SANCTIONS];
};

/* ---- rr_standings ---- */

/* The standings of one group, its play-off and title (DM) and the entry
 * rights every player gets (EMT and DM with a finish_date). */
static int kind_rr_standings(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	const char *evs, *cls_s;
	enum dsu_event ev;
	enum dsu_class cls = DSU_CLASS_DM;
	size_t ng, npo = 0;
	int32_t finish;
	int advance;
	json_t *po_obj, *danish_obj;
	struct dsu_playoff po = {NULL, 0, false};
	struct dsu_table_info info;
	if (get_str(c, in, "event", true, &evs) != 0)
		return -1;
	if (dsu_event_parse(evs, &ev) != CC_OK)
		return bad(c, "\"event\" must be emt, dm, cup_prelim, cup_semi or cup_final");
	if (get_str(c, in, "class", ev == DSU_EVENT_EMT, &cls_s) != 0)
		return -1;
	if (ev == DSU_EVENT_EMT && (dsu_class_parse(cls_s, &cls) != CC_OK || cls == DSU_CLASS_DM))
		return bad(c, "\"class\" of an EMT group must be M, K or \xc3\x85");
	if (get_names(c, in, "players", &s->nm) != 0 ||
	    get_games(c, in, "games", &s->nm, s->games, &ng) != 0 ||
	    get_date(c, in, "finish_date", false, &finish) != 0 ||
	    get_type(c, in, "playoff", JSON_OBJECT, false, &po_obj) != 0 ||
	    get_type(c, in, "danish_citizen", JSON_OBJECT, false, &danish_obj) != 0 ||
	    get_int(c, in, "advance", false, 1, DSU_MAX_PLAYERS, 0, &advance) != 0)
		return -1;
	if (po_obj) {
		json_t *pg;
		if (get_bool(c, po_obj, "agree_to_share", false, false, &po.agree_to_share) != 0 ||
		    get_type(c, po_obj, "games", JSON_ARRAY, false, &pg) != 0)
			return -1;
		if (pg && json_array_size(pg) > sizeof s->po_games / sizeof s->po_games[0])
			return bad(c, "\"playoff\": too many games");
		if (pg && get_games(c, po_obj, "games", &s->nm, s->po_games, &npo) != 0)
			return -1;
		po.games = s->po_games;
		po.ngames = npo;
	}
	int rc = dsu_standings(ev, s->nm.n, s->games, ng, po_obj ? &po : NULL, s->table, &info,
	                       c->err, c->errlen);
	if (rc != CC_OK)
		return -1;
	json_object_set_new(out, "standings", standings_json(&s->nm, s->table, s->nm.n));
	json_t *first = json_array();
	for (int i = 0; i < info.first_on_points; i++)
		json_array_append_new(first, json_string(s->nm.name[s->table[i].player]));
	json_object_set_new(out, "first_on_points", first);
	if (advance > 0) { /* 6.6.1.3-6.6.1.4: all still tied at the line go on */
		json_t *adv = json_array();
		for (int i = 0; i < s->nm.n; i++)
			if (s->table[i].place_lo <= advance)
				json_array_append_new(adv,
				                      json_string(s->nm.name[s->table[i].player]));
		json_object_set_new(out, "advance", adv);
	}
	if (ev == DSU_EVENT_DM) {
		json_object_set_new(out, "playoff_needed", json_boolean(info.playoff_needed));
		if (npo > 0) {
			json_t *ps = json_object();
			for (int i = 0; i < s->nm.n; i++)
				if (s->table[i].playoff2 >= 0)
					json_object_set_new(ps, s->nm.name[s->table[i].player],
					                    num2(s->table[i].playoff2));
			json_object_set_new(out, "playoff_score", ps);
		}
	}
	if (ev == DSU_EVENT_DM && danish_obj) {
		bool danish[DSU_MAX_PLAYERS], title[DSU_MAX_PLAYERS];
		for (int i = 0; i < s->nm.n; i++) {
			json_t *v = json_object_get(danish_obj, s->nm.name[i]);
			if (!json_is_boolean(v))
				return bad(c,
				           "\"danish_citizen\" must say true or false for \"%s\"",
				           s->nm.name[i]);
			danish[i] = json_is_true(v);
		}
		dsu_dm_title(s->table, s->nm.n, danish, title);
		json_t *t = json_array();
		for (int i = 0; i < s->nm.n; i++)
			if (title[s->table[i].player])
				json_array_append_new(t,
				                      json_string(s->nm.name[s->table[i].player]));
		json_object_set_new(out, "title", t);
	}
	if (finish != DSU_NO_DATE && (ev == DSU_EVENT_EMT || ev == DSU_EVENT_DM)) {
		json_t *rights = json_object();
		for (int i = 0; i < s->nm.n; i++) {
			struct dsu_history_entry h = {cls, finish, s->table[i].score2,
			                              s->table[i].games, i < info.first_on_points};
			struct dsu_right r[DSU_CLASS_COUNT];
			int k = dsu_group_rights(&h, r, c->err, c->errlen);
			if (k < 0) {
				json_decref(rights);
				return -1;
			}
			json_t *arr = json_array();
			for (int j = 0; j < k; j++)
				push_right(arr, r[j].cls, r[j].until);
			json_object_set_new(rights, s->nm.name[s->table[i].player], arr);
		}
		json_object_set_new(out, "entry_rights", rights);
	}
	return 0;
}

/* ---- withdrawal ---- */

/* One player withdraws (6.2.8): his games as scored, and the standings. */
static int kind_withdrawal(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	const char *who, *evs;
	bool valid;
	size_t ng;
	enum dsu_event ev = DSU_EVENT_EMT;
	struct dsu_withdrawal w;
	json_t *adj_arr;
	if (get_names(c, in, "players", &s->nm) != 0 ||
	    get_games(c, in, "games", &s->nm, s->games, &ng) != 0 ||
	    get_str(c, in, "withdrawn", true, &who) != 0 ||
	    get_bool(c, in, "valid_reason", true, false, &valid) != 0 ||
	    get_str(c, in, "standings_event", false, &evs) != 0 ||
	    get_type(c, in, "adjudications", JSON_ARRAY, false, &adj_arr) != 0)
		return -1;
	if (evs && dsu_event_parse(evs, &ev) != CC_OK)
		return bad(c, "\"standings_event\" must be emt, dm, cup_prelim, cup_semi or "
		              "cup_final");
	int p = seat_of(&s->nm, who);
	if (p < 0)
		return bad(c, "\"withdrawn\": \"%s\" is not in the list of players", who);
	if (dsu_withdraw(s->nm.n, s->games, ng, p, valid, s->scored, s->adjudicate, &w, c->err,
	                 c->errlen) != CC_OK)
		return -1;
	if (adj_arr) { /* 6.2.8: the TL adjudicates the unfinished games */
		size_t nd;
		if (get_decided(c, adj_arr, &s->nm, s->decided, &nd) != 0 ||
		    dsu_withdraw_adjudicate(s->nm.n, s->scored, ng, s->adjudicate, s->decided, nd,
		                            s->games2, c->err, c->errlen) != CC_OK)
			return -1;
		memcpy(s->scored, s->games2, ng * sizeof *s->scored);
	}
	json_object_set_new(out, "games_of_withdrawn", json_integer(w.games));
	json_object_set_new(out, "finished_before", json_integer(w.finished));
	json_object_set_new(out, "all_lost", json_boolean(w.all_lost));
	json_t *arr = json_array();
	for (size_t g = 0; g < ng; g++) {
		if (s->games[g].white != p && s->games[g].black != p)
			continue;
		json_t *o = json_object();
		json_object_set_new(o, "white", json_string(s->nm.name[s->games[g].white]));
		json_object_set_new(o, "black", json_string(s->nm.name[s->games[g].black]));
		json_object_set_new(o, "was", json_string(dsu_result_name(s->games[g].result)));
		json_object_set_new(o, "scored", json_string(dsu_result_name(s->scored[g].result)));
		json_object_set_new(o, "how",
		                    json_string(w.all_lost         ? "scored (6.2.8)"
		                                : s->adjudicate[g] ? "adjudication"
		                                                   : "played"));
		json_array_append_new(arr, o);
	}
	json_object_set_new(out, "games", arr);
	json_object_set_new(out, "to_adjudicate", json_integer(w.to_adjudicate));
	json_object_set_new(out, "prize_right", json_boolean(w.prize_right));
	json_object_set_new(out, "quarantine_may_be_imposed",
	                    json_boolean(w.quarantine_may_be_imposed));
	if (dsu_standings(ev, s->nm.n, s->scored, ng, NULL, s->table, NULL, c->err, c->errlen) !=
	    CC_OK)
		return -1;
	json_object_set_new(out, "standings", standings_json(&s->nm, s->table, s->nm.n));
	return 0;
}

/* The kinds of questions: the input's "queries" list into *qs, the
 * output's "results" list (new, owned by out) into *res. */
static int queries_of(struct ctx *c, const json_t *in, json_t *out, json_t **qs, json_t **res)
{
	if (get_type(c, in, "queries", JSON_ARRAY, true, qs) != 0)
		return -1;
	*res = json_array();
	json_object_set_new(out, "results", *res);
	return 0;
}

/* ---- email_triggers ---- */

/* 6.8.1 and 6.8.5 questions. */
static int kind_email_triggers(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	json_t *qs, *res;
	(void)s;
	if (queries_of(c, in, out, &qs, &res) != 0)
		return -1;
	for (size_t i = 0; i < json_array_size(qs); i++) {
		json_t *q = json_array_get(qs, i);
		const char *id, *trigger;
		if (!json_is_object(q))
			return bad(c, "\"queries\"[%zu] must be an object", i);
		if (get_str(c, q, "id", true, &id) != 0 ||
		    get_str(c, q, "trigger", true, &trigger) != 0)
			return -1;
		json_t *o = json_object();
		json_array_append_new(res, o);
		json_object_set_new(o, "id", json_string(id));
		if (strcmp(trigger, "connection_lost") == 0) {
			int32_t lost, restored, today, by, eff;
			if (get_date(c, q, "lost", true, &lost) != 0 ||
			    get_date(c, q, "restored", false, &restored) != 0 ||
			    get_date(c, q, "today", true, &today) != 0)
				return -1;
			int w = dsu_connection_lost(lost, restored, today, &by, &eff, c->err,
			                            c->errlen);
			if (w < 0)
				return -1;
			json_object_set_new(o, "withdrawn", json_boolean(w == 1));
			json_object_set_new(o, "restore_by", date_json(by));
			if (w == 1)
				json_object_set_new(o, "effective", date_json(eff));
		} else if (strcmp(trigger, "no_answer_to_tl") == 0) {
			bool declares;
			if (get_bool(c, q, "tl_declares", true, false, &declares) != 0)
				return -1;
			bool w = dsu_no_answer_withdrawn(declares);
			json_object_set_new(o, "withdrawn", json_boolean(w));
			if (w) /* I-16: a 6.8.5 declaration is without valid reason */
				json_object_set_new(o, "valid_reason", json_false());
		} else {
			return bad(c,
			           "\"queries\"[%zu]: trigger must be connection_lost or "
			           "no_answer_to_tl",
			           i);
		}
	}
	return 0;
}

/* ---- teams ---- */

/* Team standings by 6.7.4.5. */
static int kind_team_standings(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	json_t *arr;
	int boards;
	if (get_names(c, in, "teams", &s->nm) != 0 ||
	    get_int(c, in, "boards", false, 1, DSU_MAX_BOARDS, 4, &boards) != 0 ||
	    get_type(c, in, "games", JSON_ARRAY, true, &arr) != 0)
		return -1;
	size_t ng = json_array_size(arr);
	if (ng > MAX_GAMES_CASE)
		return bad(c, "\"games\": at most %d games", MAX_GAMES_CASE);
	for (size_t i = 0; i < ng; i++) {
		json_t *g = json_array_get(arr, i);
		json_t *b = json_array_get(g, 0);
		if (!json_is_array(g) || json_array_size(g) != 4 || !json_is_integer(b))
			return bad(c,
			           "\"games\"[%zu] must be [board, White team, Black team, result]",
			           i);
		json_int_t board = json_integer_value(b);
		if (board < 1 || board > boards)
			return bad(c, "\"games\"[%zu]: board must be from 1 to %d", i, boards);
		s->tgames[i].board = (int)board;
		s->tgames[i].white = seat_of(&s->nm, json_string_value(json_array_get(g, 1)));
		s->tgames[i].black = seat_of(&s->nm, json_string_value(json_array_get(g, 2)));
		if (s->tgames[i].white < 0 || s->tgames[i].black < 0)
			return bad(c, "\"games\"[%zu]: a team is not in the list", i);
		if (dsu_result_parse(json_string_value(json_array_get(g, 3)),
		                     &s->tgames[i].result) != CC_OK)
			return bad(c,
			           "\"games\"[%zu]: the result must be 1-0, 0-1, 1/2-1/2, 0-0 or *",
			           i);
	}
	if (dsu_team_standings(s->nm.n, boards, s->tgames, ng, s->ttable, c->err, c->errlen) !=
	    CC_OK)
		return -1;
	json_t *st = json_array(), *lots = json_array();
	json_object_set_new(out, "standings", st);
	json_object_set_new(out, "lots", lots);
	int last_lot = 0;
	for (int i = 0; i < s->nm.n; i++) {
		const struct dsu_team_standing *t = &s->ttable[i];
		json_t *o = json_object();
		json_object_set_new(o, "team", json_string(s->nm.name[t->team]));
		json_object_set_new(o, "points", num2(t->points2));
		json_object_set_new(o, "weighted_all", json_integer(t->weighted_all));
		json_object_set_new(o, "place", place_json(t->place_lo, t->place_hi));
		json_array_append_new(st, o);
		if (t->lot_group && t->lot_group != last_lot) {
			json_t *grp = json_array();
			for (int j = i; j < s->nm.n && s->ttable[j].lot_group == t->lot_group; j++)
				json_array_append_new(grp,
				                      json_string(s->nm.name[s->ttable[j].team]));
			json_array_append_new(lots, grp);
			last_lot = t->lot_group;
		}
	}
	return 0;
}

/* The team schedule (R57) and its colour counts. */
static int kind_team_schedule(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	int nteams, boards;
	if (get_int(c, in, "teams", true, 2, DSU_MAX_PLAYERS, 0, &nteams) != 0 ||
	    get_int(c, in, "boards", false, 1, DSU_MAX_BOARDS, 4, &boards) != 0)
		return -1;
	int n = dsu_team_schedule(nteams, boards, s->tgames, MAX_GAMES_CASE, c->err, c->errlen);
	if (n < 0)
		return -1;
	int(*wpp)[DSU_MAX_BOARDS + 1] = s->wpp;
	json_t *games = json_array(), *wm = json_object(), *wp = json_object();
	char key[32], ka[16], kb[16];
	for (int i = 0; i < n; i++) {
		const struct dsu_team_game *g = &s->tgames[i];
		json_array_append_new(games,
		                      json_pack("[iii]", g->board, g->white + 1, g->black + 1));
		wpp[g->white][g->board]++;
		int lo = g->white < g->black ? g->white : g->black;
		int hi = g->white < g->black ? g->black : g->white;
		snprintf(key, sizeof key, "%d-%d", lo + 1, hi + 1);
		json_t *m = json_object_get(wm, key);
		if (!m) {
			m = json_object();
			snprintf(ka, sizeof ka, "%d", lo + 1);
			snprintf(kb, sizeof kb, "%d", hi + 1);
			json_object_set_new(m, ka, json_integer(0));
			json_object_set_new(m, kb, json_integer(0));
			json_object_set_new(wm, key, m);
		}
		snprintf(ka, sizeof ka, "%d", g->white + 1);
		json_object_set_new(m, ka,
		                    json_integer(json_integer_value(json_object_get(m, ka)) + 1));
	}
	for (int t = 0; t < nteams; t++)
		for (int b = 1; b <= boards; b++) {
			snprintf(key, sizeof key, "%d.%d", t + 1, b);
			json_object_set_new(wp, key, json_integer(wpp[t][b]));
		}
	json_object_set_new(out, "games", json_integer(n));
	json_object_set_new(out, "schedule", games);
	json_object_set_new(out, "whites_per_player", wp);
	json_object_set_new(out, "whites_per_match", wm);
	return 0;
}

/* A team's division: 1, 2 or 3 as a number, or as text "1", "2", "3" or
 * "3" with its 3rd-division group's name ("3x"); *group gets the group
 * (1.. in the order the names first appear in grp[], 0 outside the 3rd)
 * unless the text names none. */
static int get_division(struct ctx *c, const json_t *t, size_t i, struct names *grp, int *division,
                        int *group)
{
	json_t *v = json_object_get(t, "division");
	const char *d = json_string_value(v);
	if (json_is_integer(v))
		return get_int(c, t, "division", true, 0, 3, 0, division);
	if (!d || (d[0] != '1' && d[0] != '2' && d[0] != '3') || (d[0] != '3' && d[1] != '\0'))
		return bad(c,
		           "\"teams\"[%zu]: division must be 1, 2, 3, or \"3\" with a group "
		           "name (\"3x\")",
		           i);
	*division = d[0] - '0';
	if (d[0] != '3' || d[1] == '\0')
		return 0;
	int k = seat_of(grp, d + 1);
	if (k < 0) {
		if (grp->n >= DSU_MAX_PLAYERS)
			return bad(c, "\"teams\": too many 3rd-division groups");
		grp->name[grp->n] = d + 1;
		k = grp->n++;
	}
	*group = k + 1;
	return 0;
}

/* A team's ratings: "ratings" [K-rating, ...] or "players" [{"k_rating"}
 * or {"otb_rating"}, ...] (R67: the K-rating, final or provisional; a
 * player new to correspondence chess has his OTB rating as his
 * provisional K-rating, 6.7.6.2).  Fills r[] (DSU_MAX_BOARDS) and *nr. */
static int get_team_ratings(struct ctx *c, const json_t *t, size_t i, int *r, int *nr)
{
	json_t *ratings = json_object_get(t, "ratings"), *players = json_object_get(t, "players");
	json_t *arr = ratings ? ratings : players;
	if (!json_is_array(arr) || (ratings && players))
		return bad(c, "\"teams\"[%zu]: give \"ratings\" or \"players\" (a list)", i);
	*nr = (int)json_array_size(arr);
	if (*nr < 1 || *nr > DSU_MAX_BOARDS)
		return bad(c, "\"teams\"[%zu]: 1 to %d ratings", i, DSU_MAX_BOARDS);
	for (int j = 0; j < *nr; j++) {
		json_t *v = json_array_get(arr, (size_t)j);
		if (players) {
			json_t *k = json_object_get(v, "k_rating"),
			       *o = json_object_get(v, "otb_rating");
			v = json_is_null(k) || !k ? o : k;
		}
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) > 4000)
			return bad(c,
			           "\"teams\"[%zu]: every rating (k_rating, else otb_rating) must "
			           "be a "
			           "number 0..4000",
			           i);
		r[j] = (int)json_integer_value(v);
	}
	return 0;
}

/* The ids of the teams in ids[0..k) as a JSON list (new). */
static json_t *ids_json(const struct names *nm, const int *ids, int k)
{
	json_t *a = json_array();
	for (int i = 0; i < k; i++)
		json_array_append_new(a, json_string(nm->name[ids[i]]));
	return a;
}

/* Promotion and relegation at the entry deadline (6.7.5). */
static int kind_team_promotion(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	json_t *arr;
	int size;
	struct dsu_team_entry *teams = s->teams;
	struct dsu_promotion pr;
	struct names grp = {0};
	if (get_type(c, in, "teams", JSON_ARRAY, true, &arr) != 0 ||
	    get_int(c, in, "size", false, 2, DSU_MAX_PLAYERS, 7, &size) != 0)
		return -1;
	size_t n = json_array_size(arr);
	if (n < 1 || n > DSU_MAX_PLAYERS)
		return bad(c, "\"teams\" must list 1 to %d teams", DSU_MAX_PLAYERS);
	s->nm.n = 0;
	json_t *avg = json_object(), *per = json_object();
	json_object_set_new(out, "averages", avg);
	json_object_set_new(out, "teams", per);
	for (size_t i = 0; i < n; i++) {
		json_t *t = json_array_get(arr, i);
		const char *id;
		int r[DSU_MAX_BOARDS], nr = 1;
		if (!json_is_object(t))
			return bad(c, "\"teams\"[%zu] must be an object", i);
		teams[i].group = 0;
		if (get_str(c, t, "id", true, &id) != 0 ||
		    get_division(c, t, i, &grp, &teams[i].division, &teams[i].group) != 0 ||
		    (!teams[i].group &&
		     get_int(c, t, "group", false, 0, 1000, 0, &teams[i].group) != 0) ||
		    get_points2(c, t, "points", &teams[i].points2) != 0 ||
		    get_int(c, t, "games", true, 0, 100000, 0, &teams[i].games) != 0 ||
		    get_team_ratings(c, t, i, r, &nr) != 0)
			return -1;
		if (seat_of(&s->nm, id) >= 0)
			return bad(c, "\"teams\": \"%s\" appears twice", id);
		s->nm.name[i] = id;
		s->nm.n = (int)i + 1;
		teams[i].rating_sum = dsu_team_rating_sum(r, nr);
		char buf[32]; /* I-35: exact; with 4 boards quarters: two decimals */
		long long sum100 = (long long)teams[i].rating_sum * 100 / nr;
		snprintf(buf, sizeof buf, "%lld.%02lld", sum100 / 100, sum100 % 100);
		json_object_set_new(avg, id, json_string(buf));
		json_t *ar = (long long)teams[i].rating_sum % nr == 0
		                     ? json_integer(teams[i].rating_sum / nr)
		                     : json_real((double)teams[i].rating_sum / nr);
		json_object_set_new(per, id,
		                    json_pack("{s:o,s:o}", "score_pct",
		                              pct_json(teams[i].points2, teams[i].games),
		                              "average_rating", ar));
	}
	if (dsu_team_promotion(teams, (int)n, size, &pr, c->err, c->errlen) != CC_OK)
		return -1;
	json_t *div = json_object(), *rel = json_array();
	int ids[DSU_MAX_PLAYERS], k;
	for (int d = 1; d <= 3; d++) {
		char key[4], name[16];
		snprintf(key, sizeof key, "%d", d);
		snprintf(name, sizeof name, "division_%d", d);
		k = 0;
		for (size_t i = 0; i < n; i++)
			if (pr.division[i] == d)
				ids[k++] = (int)i;
		json_object_set_new(div, key, ids_json(&s->nm, ids, k));
		if (d < 3) /* made "stærkest muligt" (I-23): best first */
			dsu_team_rank(teams, ids, k);
		json_object_set_new(out, name, ids_json(&s->nm, ids, k));
	}
	for (size_t i = 0; i < n; i++)
		if (pr.relegated[i])
			json_array_append_new(rel, json_string(s->nm.name[i]));
	/* who the percentages made eligible (R64, R65), in the order given */
	int e1[DSU_MAX_PLAYERS], ne1 = 0, e2[DSU_MAX_PLAYERS], ne2 = 0, left[DSU_MAX_PLAYERS],
	                         nleft = 0;
	for (size_t i = 0; i < n; i++) {
		if (pr.may1[i])
			e1[ne1++] = (int)i;
		if (pr.may1[i] && pr.division[i] != 1)
			left[nleft++] = (int)i;
		if (pr.may2[i])
			e2[ne2++] = (int)i;
	}
	json_object_set_new(out, "eligible_1", ids_json(&s->nm, e1, ne1));
	json_object_set_new(out, "not_selected_for_1", ids_json(&s->nm, left, nleft));
	json_object_set_new(out, "eligible_2", ids_json(&s->nm, e2, ne2));
	json_object_set_new(out, "divisions", div);
	json_object_set_new(out, "relegated_from_1", rel);
	json_object_set_new(out, "eligible",
	                    json_pack("{s:i,s:i}", "1", pr.eligible1, "2", pr.eligible2));
	json_object_set_new(out, "tl_may_dispense",
	                    json_pack("{s:b,s:b}", "1", pr.dispense1, "2", pr.dispense2));
	return 0;
}

/* ---- cup ---- */

/* The preliminary round: semifinal entries, seeds, groups, and the
 * standings and who goes on for every group with results. */
static int kind_cup_prelim(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	json_t *arr, *results;
	int advance, nseeds, ndirect, nrefused;
	struct dsu_cup_entry *entries = s->entries;
	const char **ids = s->ids;
	int *seeds = s->seeds, *direct = s->direct, *refused = s->refused, *group_of = s->group_of;
	int sizes[DSU_CUP_MAX_ENTRIES / 6];
	if (get_type(c, in, "entries", JSON_ARRAY, true, &arr) != 0 ||
	    get_int(c, in, "advance", false, 2, 3, 2, &advance) != 0 ||
	    get_type(c, in, "results", JSON_ARRAY, false, &results) != 0)
		return -1;
	size_t n = json_array_size(arr);
	if (n < 1 || n > DSU_CUP_MAX_ENTRIES)
		return bad(c, "\"entries\" must list 1 to %d entries", DSU_CUP_MAX_ENTRIES);
	for (size_t i = 0; i < n; i++) {
		json_t *e = json_array_get(arr, i);
		if (!json_is_object(e))
			return bad(c, "\"entries\"[%zu] must be an object", i);
		if (get_str(c, e, "id", true, &ids[i]) != 0 ||
		    get_int(c, e, "k_rating", false, 0, 4000, -1, &entries[i].k_rating) != 0 ||
		    get_int(c, e, "otb_rating", false, 0, 4000, -1, &entries[i].otb_rating) != 0 ||
		    get_bool(c, e, "wants_semifinal", false, false, &entries[i].wants_semifinal) !=
		            0)
			return -1;
		for (size_t j = 0; j < i; j++)
			if (strcmp(ids[i], ids[j]) == 0)
				return bad(c, "\"entries\": \"%s\" appears twice", ids[i]);
	}
	nseeds = dsu_cup_seed(entries, (int)n, seeds, direct, &ndirect, refused, &nrefused, c->err,
	                      c->errlen);
	if (nseeds < 0)
		return -1;
	int ngroups = dsu_cup_group_sizes(nseeds, sizes, (int)(sizeof sizes / sizeof sizes[0]),
	                                  c->err, c->errlen);
	if (ngroups < 0)
		return -1;
	if (dsu_cup_serpentine(nseeds, sizes, ngroups, group_of, c->err, c->errlen) != CC_OK)
		return -1;
	json_t *jd = json_array(), *jr = json_array(), *js = json_array(), *jsz = json_array(),
	       *jg = json_array();
	json_object_set_new(out, "semifinal_direct", jd);
	json_object_set_new(out, "semifinal_request_refused", jr);
	json_object_set_new(out, "seeds", js);
	json_object_set_new(out, "sizes", jsz);
	json_object_set_new(out, "groups", jg);
	for (int i = 0; i < ndirect; i++)
		json_array_append_new(jd, json_string(ids[direct[i]]));
	for (int i = 0; i < nrefused; i++)
		json_array_append_new(jr, json_string(ids[refused[i]]));
	for (int i = 0; i < nseeds; i++)
		json_array_append_new(js,
		                      json_pack("{s:i,s:s}", "seed", i + 1, "id", ids[seeds[i]]));
	for (int g = 0; g < ngroups; g++) {
		json_t *players = json_array();
		long long sum = 0;
		int rated = 0;
		json_array_append_new(jsz, json_integer(sizes[g]));
		for (int i = 0; i < nseeds; i++)
			if (group_of[i] == g) {
				int st = dsu_cup_strength(&entries[seeds[i]]);
				json_array_append_new(players, json_string(ids[seeds[i]]));
				if (st >= 0) {
					sum += st;
					rated++;
				}
			}
		char buf[32] = "";
		if (rated) { /* two decimals, rounded half up */
			long long a = (sum * 200 / rated + 1) / 2;
			snprintf(buf, sizeof buf, "%lld.%02lld", a / 100, a % 100);
		}
		json_array_append_new(jg, json_pack("{s:i,s:o,s:s}", "group", g + 1, "players",
		                                    players, "average", buf));
	}
	if (!results)
		return 0;
	if (json_array_size(results) > (size_t)ngroups)
		return bad(c, "\"results\" has %zu groups, %d were formed",
		           json_array_size(results), ngroups);
	json_t *jst = json_array(), *semi = json_array();
	json_object_set_new(out, "standings", jst);
	json_object_set_new(out, "semifinalists", semi);
	for (int i = 0; i < ndirect; i++)
		json_array_append_new(semi, json_string(ids[direct[i]]));
	for (size_t g = 0; g < json_array_size(results); g++) {
		json_t *r = json_array_get(results, g);
		size_t ng;
		if (!json_is_object(r))
			return bad(c, "\"results\"[%zu] must be an object", g);
		if (get_names(c, r, "seats", &s->nm) != 0 ||
		    get_games(c, r, "games", &s->nm, s->games, &ng) != 0)
			return -1;
		/* the seats must be the group formed, in the order drawn by lot */
		int members = 0;
		for (int i = 0; i < nseeds; i++)
			if (group_of[i] == (int)g) {
				members++;
				if (seat_of(&s->nm, ids[seeds[i]]) < 0)
					return bad(c,
					           "\"results\"[%zu]: \"%s\" of group %zu is not "
					           "seated",
					           g, ids[seeds[i]], g + 1);
			}
		if (members != s->nm.n)
			return bad(c, "\"results\"[%zu] seats %d players, group %zu has %d", g,
			           s->nm.n, g + 1, members);
		if (dsu_standings(DSU_EVENT_CUP_PRELIM, s->nm.n, s->games, ng, NULL, s->table, NULL,
		                  c->err, c->errlen) != CC_OK)
			return -1;
		json_t *adv = json_array();
		for (int i = 0; i < s->nm.n; i++)
			if (s->table[i].place_lo <= advance) { /* 6.6.1.4: all tied go on */
				json_array_append_new(adv,
				                      json_string(s->nm.name[s->table[i].player]));
				json_array_append_new(semi,
				                      json_string(s->nm.name[s->table[i].player]));
			}
		json_array_append_new(jst, json_pack("{s:i,s:o,s:o}", "group", (int)g + 1, "table",
		                                     standings_json(&s->nm, s->table, s->nm.n),
		                                     "advance", adv));
	}
	return 0;
}

/* One stage's table as given: [{"id", "score", "games", "place"}, ...]
 * with places as numbers (a shared place repeats its first number) or
 * "7-8"; into lines of the table order (by place, then as given). */
struct stage_line {
	const char *id;
	int score2, games, lo, hi;
};

/* A place: a number 1..n, or text "4" or "4-5"; *hi 0 when not given. */
static int place_parse(const json_t *v, int n, int *lo, int *hi)
{
	const char *t = json_string_value(v);
	char *end;
	*hi = 0;
	if (json_is_integer(v)) {
		*lo = (int)json_integer_value(v);
		return json_integer_value(v) >= 1 && json_integer_value(v) <= n ? 0 : -1;
	}
	if (!t)
		return -1;
	long a = strtol(t, &end, 10), b = a;
	if (end == t)
		return -1;
	if (*end == '-') {
		const char *q = end + 1;
		b = strtol(q, &end, 10);
		if (end == q)
			return -1;
	}
	if (*end != '\0' || a < 1 || b < a || b > n)
		return -1;
	*lo = (int)a;
	*hi = t[strcspn(t, "-")] ? (int)b : 0;
	return 0;
}

static int get_stage(struct ctx *c, const json_t *arr, const char *key, struct stage_line *l,
                     int *n)
{
	*n = (int)json_array_size(arr);
	if (*n < 1 || *n > DSU_MAX_PLAYERS)
		return bad(c, "\"%s\" must list 1 to %d players", key, DSU_MAX_PLAYERS);
	for (int i = 0; i < *n; i++) {
		json_t *o = json_array_get(arr, (size_t)i), *pv;
		if (!json_is_object(o))
			return bad(c, "\"%s\"[%d] must be an object", key, i);
		if (get_str(c, o, "id", true, &l[i].id) != 0 ||
		    get_points2(c, o, "score", &l[i].score2) != 0 ||
		    get_int(c, o, "games", true, 1, 2 * DSU_MAX_PLAYERS, 0, &l[i].games) != 0)
			return -1;
		if (l[i].score2 > 2 * l[i].games)
			return bad(c, "\"%s\"[%d]: more points than games", key, i);
		for (int j = 0; j < i; j++)
			if (strcmp(l[j].id, l[i].id) == 0)
				return bad(c, "\"%s\": \"%s\" appears twice", key, l[i].id);
		pv = json_object_get(o, "place");
		if (place_parse(pv, *n, &l[i].lo, &l[i].hi) != 0)
			return bad(c, "\"%s\"[%d]: place must be a number 1..%d or \"4-5\"", key, i,
			           *n);
	}
	/* table order: by place, as given inside a place (stable insertion) */
	for (int i = 1; i < *n; i++) {
		struct stage_line v = l[i];
		int j = i;
		while (j > 0 && l[j - 1].lo > v.lo) {
			l[j] = l[j - 1];
			j--;
		}
		l[j] = v;
	}
	for (int i = 0; i < *n;) {
		int j = i;
		while (j < *n && l[j].lo == l[i].lo)
			j++;
		for (int k = i; k < j; k++) {
			if (l[k].lo < 1 || (l[k].hi && l[k].hi != l[i].lo + (j - i) - 1) ||
			    l[k].lo != i + 1)
				return bad(c, "\"%s\": the places do not fit %d players (place %d)",
				           key, *n, l[k].lo);
			l[k].hi = l[i].lo + (j - i) - 1;
		}
		i = j;
	}
	return 0;
}

/* The rights of one stage as {"id": {"pct", "class"}} (new), from r[]. */
static json_t *stage_json(const struct stage_line *l, const struct dsu_cup_right *r, int n)
{
	json_t *o = json_object();
	for (int i = 0; i < n; i++) {
		const char *cls = r[i].m ? "M" : r[i].k ? "K" : NULL;
		json_object_set_new(o, l[i].id,
		                    json_pack("{s:o,s:o}", "pct", pct_json(l[i].score2, l[i].games),
		                              "class", cls ? json_string(cls) : json_null()));
	}
	return o;
}

/* The cup's rights in the EMT from the stages' tables (6.6.2): the final
 * (and the semifinal, when given), each player's % and class, the DM
 * places and who has them, and the last day of the rights (2 years,
 * 6.6.2.2-6.6.2.3). */
static int cup_rights_tables(struct ctx *c, const json_t *in, json_t *out)
{
	struct stage_line fl[DSU_MAX_PLAYERS], sl[DSU_MAX_PLAYERS];
	int score2[DSU_MAX_PLAYERS], games[DSU_MAX_PLAYERS], lo[DSU_MAX_PLAYERS],
	        hi[DSU_MAX_PLAYERS];
	struct dsu_cup_right r[DSU_MAX_PLAYERS];
	json_t *final, *semi;
	bool semi_held;
	int prelim, nf, ns = 0;
	int32_t final_end, semi_end, until;
	if (get_int(c, in, "prelim_entrants", true, 0, 100000, 0, &prelim) != 0 ||
	    get_bool(c, in, "semifinal_held", true, false, &semi_held) != 0 ||
	    get_date(c, in, "final_end", true, &final_end) != 0 ||
	    get_date(c, in, "semifinal_end", false, &semi_end) != 0 ||
	    get_type(c, in, "final", JSON_ARRAY, true, &final) != 0 ||
	    get_type(c, in, "semifinal", JSON_ARRAY, false, &semi) != 0 ||
	    get_stage(c, final, "final", fl, &nf) != 0 ||
	    (semi && get_stage(c, semi, "semifinal", sl, &ns) != 0))
		return -1;
	if (semi && !semi_held)
		return bad(c, "\"semifinal\" is given, but \"semifinal_held\" is false");
	for (int i = 0; i < nf; i++) {
		score2[i] = fl[i].score2;
		games[i] = fl[i].games;
		lo[i] = fl[i].lo;
		hi[i] = fl[i].hi;
	}
	int extra = dsu_cup_rights(DSU_CUP_FINAL, semi_held, prelim, score2, games, lo, hi, nf, r,
	                           c->err, c->errlen);
	if (extra < 0)
		return -1;
	if (calendar_add_years(final_end, 2, &until) != CC_OK) /* 6.6.2.2: 2 years */
		return bad(c, "\"final_end\" is out of range");
	json_t *dm = json_array(), *tl = json_array();
	for (int i = 0; i < nf; i++) {
		if (r[i].dm)
			json_array_append_new(dm, json_string(fl[i].id));
		if (r[i].dm_tl)
			json_array_append_new(tl, json_string(fl[i].id));
	}
	json_object_set_new(out, "final", stage_json(fl, r, nf));
	/* 6.6.2.2: the winner and one more per started 50 beyond 100, only
	 * when the finalists came through a semifinal (I-26) */
	json_object_set_new(out, "dm_places", json_integer(semi_held ? 1 + extra : 0));
	json_object_set_new(out, "dm_right", dm);
	json_object_set_new(out, "dm_place_for_tl", tl);
	json_object_set_new(out, "rights_until", date_json(until));
	if (!semi)
		return 0;
	for (int i = 0; i < ns; i++) {
		score2[i] = sl[i].score2;
		games[i] = sl[i].games;
		lo[i] = sl[i].lo;
		hi[i] = sl[i].hi;
	}
	if (dsu_cup_rights(DSU_CUP_SEMIFINAL, true, prelim, score2, games, lo, hi, ns, r, c->err,
	                   c->errlen) < 0)
		return -1;
	json_object_set_new(out, "semifinal", stage_json(sl, r, ns));
	if (semi_end != DSU_NO_DATE) { /* 6.6.2.3: 2 years */
		if (calendar_add_years(semi_end, 2, &until) != CC_OK)
			return bad(c, "\"semifinal_end\" is out of range");
		json_object_set_new(out, "semifinal_rights_until", date_json(until));
	}
	return 0;
}

/* The EMT rights a semifinal or final gives (6.6.2): from the stage's
 * games ("stage", "players", "games"), or from the stages' tables
 * ("final", cup_rights_tables()). */
static int kind_cup_rights(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	if (json_object_get(in, "final") && !json_object_get(in, "stage"))
		return cup_rights_tables(c, in, out);
	const char *stage_s;
	bool semi_held;
	int prelim;
	size_t ng;
	int32_t finish;
	enum dsu_cup_stage stage;
	int score2[DSU_MAX_PLAYERS], games[DSU_MAX_PLAYERS], lo[DSU_MAX_PLAYERS],
	        hi[DSU_MAX_PLAYERS];
	struct dsu_cup_right r[DSU_MAX_PLAYERS];
	if (get_str(c, in, "stage", true, &stage_s) != 0 ||
	    get_bool(c, in, "semifinal_held", false, true, &semi_held) != 0 ||
	    get_int(c, in, "prelim_players", false, 0, 100000, 0, &prelim) != 0 ||
	    get_date(c, in, "finish_date", true, &finish) != 0 ||
	    get_names(c, in, "players", &s->nm) != 0 ||
	    get_games(c, in, "games", &s->nm, s->games, &ng) != 0)
		return -1;
	if (strcmp(stage_s, "semifinal") == 0)
		stage = DSU_CUP_SEMIFINAL;
	else if (strcmp(stage_s, "final") == 0)
		stage = DSU_CUP_FINAL;
	else
		return bad(c, "\"stage\" must be semifinal or final");
	enum dsu_event ev = stage == DSU_CUP_FINAL ? DSU_EVENT_CUP_FINAL : DSU_EVENT_CUP_SEMI;
	if (dsu_standings(ev, s->nm.n, s->games, ng, NULL, s->table, NULL, c->err, c->errlen) !=
	    CC_OK)
		return -1;
	for (int i = 0; i < s->nm.n; i++) {
		score2[i] = s->table[i].score2;
		games[i] = s->table[i].games;
		lo[i] = s->table[i].place_lo;
		hi[i] = s->table[i].place_hi;
	}
	int extra = dsu_cup_rights(stage, semi_held, prelim, score2, games, lo, hi, s->nm.n, r,
	                           c->err, c->errlen);
	if (extra < 0)
		return -1;
	int32_t until;
	if (calendar_add_years(finish, 2, &until) != CC_OK) /* 6.6.2.3: 2 years */
		return bad(c, "\"finish_date\" is out of range");
	json_t *rights = json_object(), *tl = json_array();
	for (int i = 0; i < s->nm.n; i++) {
		json_t *a = json_array();
		if (r[i].dm)
			push_right(a, DSU_CLASS_DM, until);
		if (r[i].m)
			push_right(a, DSU_CLASS_M, until);
		if (r[i].k)
			push_right(a, DSU_CLASS_K, until);
		json_object_set_new(rights, s->nm.name[s->table[i].player], a);
		if (r[i].dm_tl)
			json_array_append_new(tl, json_string(s->nm.name[s->table[i].player]));
	}
	json_object_set_new(out, "standings", standings_json(&s->nm, s->table, s->nm.n));
	json_object_set_new(out, "rights", rights);
	json_object_set_new(out, "dm_places_beyond_winner", json_integer(extra));
	json_object_set_new(out, "dm_place_for_tl", tl);
	return 0;
}

/* ---- rr_colours ---- */

/* The colour table of a round robin (R28, I-32). */
static int kind_rr_colours(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	int n, cycles;
	struct dsu_pairing *p = s->pairs;
	int whites[DSU_MAX_PLAYERS] = {0};
	if (get_int(c, in, "n", true, 2, 100, 0, &n) != 0 ||
	    get_int(c, in, "cycles", false, 1, 2, 1, &cycles) != 0)
		return -1;
	int k = dsu_round_robin(n, cycles, p, MAX_GAMES_CASE, c->err, c->errlen);
	if (k < 0)
		return -1;
	json_t *pairs = json_array(), *w = json_object();
	for (int i = 0; i < k; i++) {
		json_array_append_new(pairs, json_pack("[ii]", p[i].white + 1, p[i].black + 1));
		whites[p[i].white]++;
	}
	for (int i = 0; i < n; i++) {
		char key[16];
		snprintf(key, sizeof key, "%d", i + 1);
		json_object_set_new(w, key, json_integer(whites[i]));
	}
	json_object_set_new(out, "games", json_integer(k));
	json_object_set_new(out, "pairings", pairs);
	json_object_set_new(out, "whites", w);
	return 0;
}

/* ---- entry_rights ---- */

/* Reads a list of {"class", "until"} rights into r (room entries). */
static int get_rights(struct ctx *c, const json_t *arr, struct dsu_right *r, size_t room, size_t *n)
{
	*n = json_array_size(arr);
	if (*n > room)
		return bad(c, "\"extra_rights\": at most %zu", room);
	for (size_t i = 0; i < *n; i++) {
		json_t *o = json_array_get(arr, i);
		const char *cls;
		if (!json_is_object(o))
			return bad(c, "\"extra_rights\"[%zu] must be an object", i);
		if (get_str(c, o, "class", true, &cls) != 0 ||
		    get_date(c, o, "until", true, &r[i].until) != 0)
			return -1;
		if (dsu_class_parse(cls, &r[i].cls) != CC_OK)
			return bad(c, "\"extra_rights\"[%zu]: class must be \xc3\x85, K, M or DM",
			           i);
	}
	return 0;
}

/* Which classes may a player enter on each query date (R35-R41)? */
static int kind_entry_rights(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	json_t *hist, *qs, *extra;
	int otb;
	struct dsu_history_entry *h = s->history;
	struct dsu_right ex[64];
	size_t nex = 0;
	if (get_int(c, in, "otb_rating", false, 0, 4000, -1, &otb) != 0 ||
	    get_type(c, in, "history", JSON_ARRAY, true, &hist) != 0 ||
	    get_type(c, in, "queries", JSON_ARRAY, true, &qs) != 0 ||
	    get_type(c, in, "extra_rights", JSON_ARRAY, false, &extra) != 0)
		return -1;
	if (extra && get_rights(c, extra, ex, sizeof ex / sizeof ex[0], &nex) != 0)
		return -1;
	size_t nh = json_array_size(hist);
	if (nh > DSU_MAX_HISTORY)
		return bad(c, "\"history\": at most %d groups", DSU_MAX_HISTORY);
	for (size_t i = 0; i < nh; i++) {
		json_t *e = json_array_get(hist, i);
		const char *cls;
		if (!json_is_object(e))
			return bad(c, "\"history\"[%zu] must be an object", i);
		if (get_str(c, e, "class", true, &cls) != 0 ||
		    get_date(c, e, "finish", true, &h[i].finish) != 0 ||
		    get_points2(c, e, "score", &h[i].score2) != 0 ||
		    get_int(c, e, "games", true, 1, 2 * DSU_MAX_PLAYERS, 0, &h[i].games) != 0 ||
		    get_bool(c, e, "first", false, false, &h[i].first) != 0)
			return -1;
		if (dsu_class_parse(cls, &h[i].cls) != CC_OK)
			return bad(c, "\"history\"[%zu]: class must be \xc3\x85, K, M or DM", i);
		if (h[i].score2 > 2 * h[i].games)
			return bad(c, "\"history\"[%zu]: more points than games", i);
	}
	json_t *res = json_array();
	json_object_set_new(out, "results", res);
	for (size_t i = 0; i < json_array_size(qs); i++) {
		json_t *qj = json_array_get(qs, i);
		const char *id;
		struct dsu_rights_query q = {0, otb, -1, DSU_NO_DATE, ex, nex};
		struct dsu_rights_answer a;
		if (!json_is_object(qj))
			return bad(c, "\"queries\"[%zu] must be an object", i);
		if (get_str(c, qj, "id", true, &id) != 0 ||
		    get_date(c, qj, "date", true, &q.date) != 0 ||
		    get_int(c, qj, "dm_editions_skipped", false, 0, 100, -1,
		            &q.dm_editions_skipped) != 0 ||
		    get_date(c, qj, "relegated_on", false, &q.relegated_on) != 0)
			return -1;
		if (dsu_entry_rights(h, nh, &q, &a, c->err, c->errlen) != CC_OK)
			return -1;
		json_t *cl = json_array(), *until = json_object();
		for (int k = 0; k < DSU_CLASS_COUNT; k++)
			if (a.may[k]) {
				json_array_append_new(cl, json_string(dsu_class_name(k)));
				json_object_set_new(until, dsu_class_name(k),
				                    date_json(a.until[k]));
			}
		json_array_append_new(res, json_pack("{s:s,s:o,s:b,s:o}", "id", id, "classes", cl,
		                                     "first_timer", a.first_timer, "until", until));
	}
	return 0;
}

/* ---- new_group ---- */

/* DSU 6.5.1.2 (R25, I-11): may the player enter another group of a
 * class while his groups of it listed in "ongoing" are unfinished? */
static int kind_new_group(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	json_t *qs, *res;
	(void)s;
	if (queries_of(c, in, out, &qs, &res) != 0)
		return -1;
	for (size_t i = 0; i < json_array_size(qs); i++) {
		json_t *q = json_array_get(qs, i), *on;
		const char *id, *cls_s;
		enum dsu_class cls;
		if (!json_is_object(q))
			return bad(c, "\"queries\"[%zu] must be an object", i);
		if (get_str(c, q, "id", true, &id) != 0 ||
		    get_str(c, q, "class", true, &cls_s) != 0 ||
		    get_type(c, q, "ongoing", JSON_ARRAY, true, &on) != 0)
			return -1;
		if (dsu_class_parse(cls_s, &cls) != CC_OK)
			return bad(c, "\"queries\"[%zu]: class must be \xc3\x85, K, M or DM", i);
		bool allowed = true;
		for (size_t k = 0; k < json_array_size(on); k++) {
			json_t *g = json_array_get(on, k);
			int score2, played, games;
			if (!json_is_object(g))
				return bad(c, "\"queries\"[%zu]: ongoing[%zu] must be an object", i,
				           k);
			if (get_points2(c, g, "score", &score2) != 0 ||
			    get_int(c, g, "played", true, 0, 2 * DSU_MAX_PLAYERS, 0, &played) !=
			            0 ||
			    get_int(c, g, "games", true, 1, 2 * DSU_MAX_PLAYERS, 0, &games) != 0)
				return -1;
			if (played > games || score2 > 2 * played)
				return bad(c,
				           "\"queries\"[%zu]: ongoing[%zu]: more games played than "
				           "in the group, or more points than games played",
				           i, k);
			allowed &= dsu_may_enter_another_group(cls, score2, games);
		}
		json_array_append_new(res, json_pack("{s:s,s:b}", "id", id, "allowed", allowed));
	}
	return 0;
}

/* ---- deadlines ---- */

/* The dates the TL tracks for one game and its group (V19). */
static int kind_deadlines(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	struct dsu_deadline_input d;
	struct dsu_deadlines r;
	const char *res_s = NULL, *white = NULL, *black = NULL;
	json_t *tf;
	enum dsu_result res = DSU_UNFINISHED;
	(void)s;
	if (get_date(c, in, "game_end", false, &d.game_end) != 0 ||
	    get_date(c, in, "group_start", false, &d.group_start) != 0 ||
	    get_date(c, in, "published", false, &d.published) != 0 ||
	    get_date(c, in, "decision_notified", false, &d.decision_notified) != 0 ||
	    get_date(c, in, "reserve_stop", false, &d.reserve_stop) != 0 ||
	    get_str(c, in, "result", false, &res_s) != 0 ||
	    get_str(c, in, "white", res_s != NULL, &white) != 0 ||
	    get_str(c, in, "black", res_s != NULL, &black) != 0 ||
	    get_type(c, in, "transcripts_for", JSON_ARRAY, false, &tf) != 0)
		return -1;
	if (res_s && (dsu_result_parse(res_s, &res) != CC_OK || res == DSU_UNFINISHED))
		return bad(c, "\"result\" must be 1-0, 0-1, 1/2-1/2 or 0-0");
	if (dsu_deadlines(&d, &r, c->err, c->errlen) != CC_OK)
		return -1;
	if (d.game_end != DSU_NO_DATE)
		json_object_set_new(out, "report_by", date_json(r.report_by));
	if (res_s) {
		json_object_set_new(out, "reporter_postal",
		                    json_string(dsu_postal_reporter(res) == 0 ? white : black));
		json_object_set_new(out, "reporters_email", json_pack("[ss]", white, black));
	}
	if (d.group_start != DSU_NO_DATE)
		json_object_set_new(out, "adjudication_callable_from",
		                    date_json(r.adjudication_callable_from));
	if (d.published != DSU_NO_DATE) {
		json_object_set_new(out, "objection_by", date_json(r.objection_by));
		json_object_set_new(out, "prizes_sent_by", date_json(r.prizes_sent_by));
		json_object_set_new(out, "keep_correspondence_until",
		                    date_json(r.keep_correspondence_until));
	}
	if (d.decision_notified != DSU_NO_DATE)
		json_object_set_new(out, "appeal_by", date_json(r.appeal_by));
	if (d.reserve_stop != DSU_NO_DATE)
		json_object_set_new(out, "reserve_stop_last_day",
		                    date_json(r.reserve_stop_last_day));
	if (tf) {
		json_t *o = json_object();
		json_object_set_new(out, "transcripts_required", o);
		for (size_t i = 0; i < json_array_size(tf); i++) {
			const char *ev = json_string_value(json_array_get(tf, i));
			int req = dsu_transcripts_required(ev);
			if (req < 0)
				return bad(
				        c,
				        "\"transcripts_for\"[%zu]: unknown event (dm, cup_final, "
				        "team_division_1, emt_m, emt_k, emt_aa, cup_prelim, "
				        "cup_semi, "
				        "team_division_2, team_division_3)",
				        i);
			json_object_set_new(o, ev, json_boolean(req == 1));
		}
	}
	return 0;
}

/* ---- register ---- */

/* 4.1.1 §19: what each sanction becomes, and the register on `today`.
 * The sanctions come as "events" (no ids) or "sanctions" (with ids);
 * "register" lists what each became, "applied" the same with the ids. */
static int kind_register(struct ctx *c, struct scratch *s, const json_t *in, json_t *out)
{
	json_t *arr, *events;
	int32_t today;
	struct dsu_sanction *sn = s->sanctions;
	struct dsu_sanction_applied *ap = s->applied;
	if (get_type(c, in, "events", JSON_ARRAY, false, &events) != 0 ||
	    get_type(c, in, "sanctions", JSON_ARRAY, !events, &arr) != 0 ||
	    get_date(c, in, "today", false, &today) != 0)
		return -1;
	if (events && arr)
		return bad(c, "give \"events\" or \"sanctions\", not both");
	const char *key = events ? "events" : "sanctions";
	if (events)
		arr = events;
	size_t n = json_array_size(arr);
	if (n > DSU_MAX_SANCTIONS)
		return bad(c, "\"%s\": at most %d", key, DSU_MAX_SANCTIONS);
	for (size_t i = 0; i < n; i++) {
		json_t *o = json_array_get(arr, i);
		const char *id, *type;
		if (!json_is_object(o))
			return bad(c, "\"%s\"[%zu] must be an object", key, i);
		if (get_str(c, o, "id", !events, &id) != 0 ||
		    get_str(c, o, "type", true, &type) != 0 ||
		    get_date(c, o, "date", true, &sn[i].date) != 0)
			return -1;
		s->nm.name[i] = id;
		if (strcmp(type, "warning") == 0) {
			sn[i].kind = DSU_WARNING;
			sn[i].months = 0;
			if (get_date(c, o, "tournament_end", true, &sn[i].tournament_end) != 0)
				return -1;
		} else if (strcmp(type, "quarantine") == 0) {
			sn[i].kind = DSU_QUARANTINE;
			sn[i].tournament_end = DSU_NO_DATE;
			if (get_int(c, o, "months", true, 1, 120, 0, &sn[i].months) != 0)
				return -1;
		} else {
			return bad(c, "\"%s\"[%zu]: type must be warning or quarantine", key, i);
		}
	}
	if (dsu_register_apply(sn, n, ap, c->err, c->errlen) != CC_OK)
		return -1;
	json_t *res = json_array(), *reg = json_array(), *now = json_array();
	bool quarantined = false;
	json_object_set_new(out, "applied", res);
	json_object_set_new(out, "register", reg);
	for (size_t i = 0; i < n; i++) {
		json_t *o = json_object(), *r = json_object();
		bool q = ap[i].kind == DSU_QUARANTINE;
		if (s->nm.name[i]) {
			json_object_set_new(o, "id", json_string(s->nm.name[i]));
			json_object_set_new(r, "id", json_string(s->nm.name[i]));
		}
		json_object_set_new(r, "date", date_json(sn[i].date));
		json_object_set_new(o, "becomes", json_string(q ? "quarantine" : "warning"));
		json_object_set_new(r, "becomes", json_string(q ? "quarantine" : "warning"));
		if (q) {
			json_object_set_new(o, "months", json_integer(ap[i].months));
			json_object_set_new(o, "start", date_json(ap[i].start));
			json_object_set_new(o, "end", date_json(ap[i].end));
			json_object_set_new(o, "doubled", json_boolean(ap[i].doubled));
			json_object_set_new(o, "converted", json_boolean(ap[i].converted));
			json_object_set_new(o, "in_register_until", date_json(ap[i].valid_until));
			json_object_set_new(r, "months", json_integer(ap[i].months));
			json_object_set_new(r, "last_day", date_json(ap[i].end));
			json_object_set_new(r, "register_until", date_json(ap[i].valid_until));
			if (today != DSU_NO_DATE && today >= ap[i].start && today <= ap[i].end)
				quarantined = true;
		} else {
			json_object_set_new(o, "valid_until", date_json(ap[i].valid_until));
			json_object_set_new(r, "valid_until", date_json(ap[i].valid_until));
		}
		json_array_append_new(res, o);
		json_array_append_new(reg, r);
		if (today != DSU_NO_DATE && today >= sn[i].date && today <= ap[i].valid_until &&
		    s->nm.name[i])
			json_array_append_new(now, json_string(s->nm.name[i]));
	}
	if (today != DSU_NO_DATE) {
		json_object_set_new(out, "quarantined", json_boolean(quarantined));
		json_object_set_new(out, "in_register", now);
	} else {
		json_decref(now);
	}
	return 0;
}

/* ---- dispatch ---- */

typedef int (*kind_fn)(struct ctx *, struct scratch *, const json_t *, json_t *);

static const struct {
	const char *kind;
	kind_fn fn;
} kinds[] = {
        {"rr_standings", kind_rr_standings},
        {"withdrawal", kind_withdrawal},
        {"email_triggers", kind_email_triggers},
        {"team_standings", kind_team_standings},
        {"team_schedule", kind_team_schedule},
        {"team_promotion", kind_team_promotion},
        {"cup_prelim", kind_cup_prelim},
        {"cup_rights", kind_cup_rights},
        {"rr_colours", kind_rr_colours},
        {"entry_rights", kind_entry_rights},
        {"new_group", kind_new_group},
        {"deadlines", kind_deadlines},
        {"register", kind_register},
};

static int tourney_case_eval(const json_t *kase, json_t **out, char *err, size_t errlen)
{
	struct ctx c = {err, errlen};
	struct scratch *s = NULL;
	const char *kind;
	json_t *in;
	*out = NULL;
	if (!json_is_object(kase)) {
		bad(&c, "a case must be a JSON object {\"kind\": ..., \"input\": {...}}");
		goto fail;
	}
	if (get_str(&c, kase, "kind", true, &kind) != 0 ||
	    get_type(&c, kase, "input", JSON_OBJECT, true, &in) != 0)
		goto fail;
	kind_fn fn = NULL;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i].kind, kind) == 0)
			fn = kinds[i].fn;
	if (!fn) {
		char q[CC_QUOTE_BUF];
		bad(&c, "unknown kind \"%s\" (see corrchess tourney --help)", cc_quote(kind, q));
		goto fail;
	}
	s = calloc(1, sizeof *s);
	*out = json_object();
	if (!s || !*out) {
		bad(&c, "out of memory");
		goto fail;
	}
	if (fn(&c, s, in, *out) != 0)
		goto fail;
	free(s);
	return 0;
fail:
	json_decref(*out);
	*out = NULL;
	free(s);
	return -1;
}

int cmd_tourney(int argc, char **argv)
{
	const char *path = NULL;
	FILE *f = NULL;
	char *buf = NULL;
	json_t *kase = NULL, *out = NULL;
	char err[512];
	int status = EXIT_USAGE;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0) {
			fputs(usage_text, stdout);
			return 0;
		}
		if (path || (argv[i][0] == '-' && argv[i][1] != '\0'))
			return cmd_fail("tourney", EXIT_USAGE,
			                "unexpected argument \"%s\" (see --help)", argv[i]);
		path = argv[i];
	}
	if (!path || strcmp(path, "-") == 0) {
		f = stdin;
		path = "stdin";
	} else if (!(f = fopen(path, "rb"))) {
		status = cmd_fail("tourney", EXIT_USAGE, "cannot open %s", path);
		goto done;
	}
	buf = malloc(CASE_FILE_MAX + 1);
	if (!buf) {
		status = cmd_fail("tourney", EXIT_USAGE, "out of memory");
		goto done;
	}
	size_t len = fread(buf, 1, CASE_FILE_MAX + 1, f);
	if (ferror(f)) {
		status = cmd_fail("tourney", EXIT_USAGE, "cannot read %s", path);
		goto done;
	}
	if (len > CASE_FILE_MAX) {
		status = cmd_fail("tourney", EXIT_USAGE, "%s is larger than %d bytes", path,
		                  CASE_FILE_MAX);
		goto done;
	}
	struct json_in in;
	json_in_init(&in);
	kase = json_in_parse(&in, buf, len, false);
	if (!kase) {
		status = cmd_fail("tourney", EXIT_USAGE, "%s: %s", path, in.msg);
		goto done;
	}
	if (tourney_case_eval(kase, &out, err, sizeof err) != 0) {
		status = cmd_fail("tourney", EXIT_USAGE, "%s", err);
		goto done;
	}
	char *text = json_dumps(out, JSON_INDENT(1));
	if (!text) {
		status = cmd_fail("tourney", EXIT_USAGE, "out of memory");
		goto done;
	}
	puts(text);
	free(text);
	status = 0;
done:
	if (f && f != stdin)
		fclose(f);
	free(buf);
	json_decref(kase);
	json_decref(out);
	return status;
}
