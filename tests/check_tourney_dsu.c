/* check_tourney_dsu.c: the DSU tournament rules of lib/tourney (issue 11;
 * docs/TOURNAMENTS.md).
 *
 * Table-driven: every case of tests/vectors/tournaments.json (the shared
 * vectors) and of tests/fixtures/tourney_cases.json (our own worked
 * cases) is read here into the lib's structs, run through the lib
 * functions directly (not through corrchess tourney, which has its own
 * test, cli_tourney.sh) and compared field by field with its "expected".
 * Then unit tests for the boundaries the cases do not reach; every number
 * in them is worked out in the comment beside it. */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "tourney/dsu_admin.h"
#include "tourney/dsu_cup.h"
#include "tourney/dsu_fed.h"
#include "tourney/dsu_group.h"
#include "tourney/dsu_rights.h"
#include "tourney/dsu_team.h"
#include "util/status.h"
#include "testutil.h"

#ifndef FIXTURES_DIR
#error "FIXTURES_DIR must name tests/fixtures"
#endif

/* ---- helpers ---- */

static int32_t day(const char *iso)
{
	int32_t d;
	ck_assert_msg(calendar_parse(iso, &d, NULL, 0) == CC_OK, "date %s", iso);
	return d;
}

/* The class named by field "class" of the vector object o. */
static enum dsu_class class_of(const json_t *o)
{
	const char *name = json_string_value(json_object_get(o, "class"));
	enum dsu_class c = DSU_CLASS_AA;
	ck_assert_msg(dsu_class_parse(name, &c) == CC_OK, "class %s", name ? name : "(none)");
	return c;
}

static const char *iso(int32_t d, char buf[CALENDAR_ISO_LEN])
{
	if (d == DSU_NO_DATE || calendar_format(d, buf, CALENDAR_ISO_LEN) != CC_OK)
		strcpy(buf, "none");
	return buf;
}

/* "4" or "4-5" of a place range into buf. */
static const char *place(int lo, int hi, char buf[32])
{
	if (lo == hi)
		snprintf(buf, 32, "%d", lo);
	else
		snprintf(buf, 32, "%d-%d", lo, hi);
	return buf;
}

/* A JSON number of points as half (mult 2) or quarter (mult 4) points. */
static int64_t units(const json_t *v, int mult)
{
	ck_assert_msg(json_is_number(v), "a number expected");
	return (int64_t)(json_number_value(v) * mult + (json_number_value(v) >= 0 ? 0.5 : -0.5));
}

struct names {
	int n;
	const char *name[DSU_MAX_PLAYERS];
};

static void load_names(const json_t *arr, struct names *nm)
{
	nm->n = (int)json_array_size(arr);
	ck_assert_int_gt(nm->n, 0);
	for (int i = 0; i < nm->n; i++)
		nm->name[i] = json_string_value(json_array_get(arr, (size_t)i));
}

static int seat(const struct names *nm, const char *s)
{
	for (int i = 0; i < nm->n; i++)
		if (s && strcmp(nm->name[i], s) == 0)
			return i;
	ck_abort_msg("no player %s", s ? s : "(null)");
	return -1;
}

#define MAXG 1024

static size_t load_games(const json_t *arr, const struct names *nm, struct dsu_game *g)
{
	size_t n = json_array_size(arr);
	ck_assert_uint_le(n, MAXG);
	for (size_t i = 0; i < n; i++) {
		json_t *x = json_array_get(arr, i);
		g[i].white = seat(nm, json_string_value(json_array_get(x, 0)));
		g[i].black = seat(nm, json_string_value(json_array_get(x, 1)));
		ck_assert_int_eq(
		        dsu_result_parse(json_string_value(json_array_get(x, 2)), &g[i].result),
		        CC_OK);
	}
	return n;
}

/* Compares table[0..n) with an expected "standings" list (id, and score,
 * sb, place where given). */
static void check_table(const char *id, const struct names *nm, const struct dsu_standing *t, int n,
                        const json_t *exp)
{
	char buf[32];
	ck_assert_msg((int)json_array_size(exp) == n, "%s: %d lines, %zu expected", id, n,
	              json_array_size(exp));
	for (int i = 0; i < n; i++) {
		json_t *e = json_array_get(exp, (size_t)i);
		const char *who = json_string_value(json_object_get(e, "id"));
		ck_assert_msg(strcmp(nm->name[t[i].player], who) == 0, "%s: line %d is %s, not %s",
		              id, i + 1, nm->name[t[i].player], who);
		if (json_object_get(e, "score"))
			ck_assert_msg(t[i].score2 == units(json_object_get(e, "score"), 2),
			              "%s: %s score2 %d", id, who, t[i].score2);
		if (json_object_get(e, "sb"))
			ck_assert_msg(t[i].sb4 == units(json_object_get(e, "sb"), 4),
			              "%s: %s sb4 %lld", id, who, (long long)t[i].sb4);
		if (json_object_get(e, "place"))
			ck_assert_msg(strcmp(place(t[i].place_lo, t[i].place_hi, buf),
			                     json_string_value(json_object_get(e, "place"))) == 0,
			              "%s: %s place %s, not %s", id, who, buf,
			              json_string_value(json_object_get(e, "place")));
	}
}

/* Compares rights r[0..k) with an expected [{"class", "until"}] list. */
static void check_rights(const char *id, const char *who, const struct dsu_right *r, int k,
                         const json_t *exp)
{
	char buf[CALENDAR_ISO_LEN];
	ck_assert_msg((int)json_array_size(exp) == k, "%s: %s has %d rights, %zu expected", id, who,
	              k, json_array_size(exp));
	for (int i = 0; i < k; i++) {
		json_t *e = json_array_get(exp, (size_t)i);
		ck_assert_msg(strcmp(dsu_class_name(r[i].cls),
		                     json_string_value(json_object_get(e, "class"))) == 0,
		              "%s: %s right %d is %s", id, who, i + 1, dsu_class_name(r[i].cls));
		ck_assert_msg(strcmp(iso(r[i].until, buf),
		                     json_string_value(json_object_get(e, "until"))) == 0,
		              "%s: %s %s until %s", id, who, dsu_class_name(r[i].cls), buf);
	}
}

/* ---- one case per kind ---- */

static struct dsu_game games[MAXG], scored[MAXG], pogames[16];
static struct dsu_standing table[DSU_MAX_PLAYERS];

static void case_rr_standings(const char *id, const json_t *in, const json_t *exp)
{
	struct names nm;
	enum dsu_event ev;
	enum dsu_class cls = DSU_CLASS_DM;
	struct dsu_table_info info;
	struct dsu_playoff po = {NULL, 0, false};
	char err[256] = "";
	load_names(json_object_get(in, "players"), &nm);
	size_t ng = load_games(json_object_get(in, "games"), &nm, games);
	ck_assert_int_eq(dsu_event_parse(json_string_value(json_object_get(in, "event")), &ev),
	                 CC_OK);
	if (ev == DSU_EVENT_EMT)
		cls = class_of(in);
	json_t *pj = json_object_get(in, "playoff");
	if (pj) {
		po.agree_to_share = json_is_true(json_object_get(pj, "agree_to_share"));
		if (json_object_get(pj, "games"))
			po.ngames = load_games(json_object_get(pj, "games"), &nm, pogames);
		po.games = pogames;
	}
	ck_assert_msg(dsu_standings(ev, nm.n, games, ng, pj ? &po : NULL, table, &info, err,
	                            sizeof err) == CC_OK,
	              "%s: %s", id, err);
	check_table(id, &nm, table, nm.n, json_object_get(exp, "standings"));
	json_t *adv = json_object_get(exp, "advance");
	if (adv) { /* 6.6.1.3-6.6.1.4: everybody placed up to the line goes on */
		int line = (int)json_integer_value(json_object_get(in, "advance"));
		size_t k = 0;
		for (int i = 0; i < nm.n; i++)
			if (table[i].place_lo <= line)
				ck_assert_str_eq(nm.name[table[i].player],
				                 json_string_value(json_array_get(adv, k++)));
		ck_assert_uint_eq(k, json_array_size(adv));
	}
	json_t *f = json_object_get(exp, "first_on_points");
	if (f) {
		ck_assert_int_eq(info.first_on_points, (int)json_array_size(f));
		for (int i = 0; i < info.first_on_points; i++)
			ck_assert_str_eq(nm.name[table[i].player],
			                 json_string_value(json_array_get(f, (size_t)i)));
	}
	if (json_object_get(exp, "playoff_needed"))
		ck_assert_int_eq(info.playoff_needed,
		                 json_is_true(json_object_get(exp, "playoff_needed")));
	json_t *ps = json_object_get(exp, "playoff_score");
	for (int i = 0; ps && i < nm.n; i++) {
		json_t *v = json_object_get(ps, nm.name[table[i].player]);
		ck_assert_int_eq(table[i].playoff2, v ? (int)units(v, 2) : -1);
	}
	json_t *title = json_object_get(exp, "title");
	if (title) {
		bool danish[DSU_MAX_PLAYERS], holds[DSU_MAX_PLAYERS];
		json_t *dj = json_object_get(in, "danish_citizen");
		for (int i = 0; i < nm.n; i++)
			danish[i] = json_is_true(json_object_get(dj, nm.name[i]));
		int k = dsu_dm_title(table, nm.n, danish, holds);
		ck_assert_int_eq(k, (int)json_array_size(title));
		for (size_t i = 0; i < json_array_size(title); i++)
			ck_assert(holds[seat(&nm, json_string_value(json_array_get(title, i)))]);
	}
	json_t *rights = json_object_get(exp, "entry_rights");
	if (rights) {
		int32_t finish = day(json_string_value(json_object_get(in, "finish_date")));
		for (int i = 0; i < nm.n; i++) {
			struct dsu_history_entry h = {cls, finish, table[i].score2, table[i].games,
			                              i < info.first_on_points};
			struct dsu_right r[DSU_CLASS_COUNT];
			int k = dsu_group_rights(&h, r, err, sizeof err);
			ck_assert_msg(k >= 0, "%s: %s", id, err);
			const char *who = nm.name[table[i].player];
			check_rights(id, who, r, k, json_object_get(rights, who));
		}
	}
}

static void case_withdrawal(const char *id, const json_t *in, const json_t *exp)
{
	struct names nm;
	struct dsu_withdrawal w;
	bool adj[MAXG];
	char err[256] = "";
	load_names(json_object_get(in, "players"), &nm);
	size_t ng = load_games(json_object_get(in, "games"), &nm, games);
	int p = seat(&nm, json_string_value(json_object_get(in, "withdrawn")));
	ck_assert_msg(dsu_withdraw(nm.n, games, ng, p,
	                           json_is_true(json_object_get(in, "valid_reason")), scored, adj,
	                           &w, err, sizeof err) == CC_OK,
	              "%s: %s", id, err);
	json_t *aj = json_object_get(in, "adjudications");
	if (aj) { /* 6.2.8: the TL's adjudication of the games left to him */
		static struct dsu_game decided[MAXG], after[MAXG];
		size_t nd = json_array_size(aj);
		for (size_t i = 0; i < nd; i++) {
			json_t *o = json_array_get(aj, i);
			decided[i].white =
			        seat(&nm, json_string_value(json_object_get(o, "white")));
			decided[i].black =
			        seat(&nm, json_string_value(json_object_get(o, "black")));
			ck_assert_int_eq(
			        dsu_result_parse(json_string_value(json_object_get(o, "result")),
			                         &decided[i].result),
			        CC_OK);
		}
		ck_assert_msg(dsu_withdraw_adjudicate(nm.n, scored, ng, adj, decided, nd, after,
		                                      err, sizeof err) == CC_OK,
		              "%s: %s", id, err);
		memcpy(scored, after, ng * sizeof *scored);
	}
	ck_assert_int_eq(w.games, json_integer_value(json_object_get(exp, "games_of_withdrawn")));
	ck_assert_int_eq(w.finished, json_integer_value(json_object_get(exp, "finished_before")));
	ck_assert_int_eq(w.prize_right, json_is_true(json_object_get(exp, "prize_right")));
	ck_assert_int_eq(w.quarantine_may_be_imposed,
	                 json_is_true(json_object_get(exp, "quarantine_may_be_imposed")));
	if (json_object_get(exp, "to_adjudicate"))
		ck_assert_int_eq(w.to_adjudicate,
		                 json_integer_value(json_object_get(exp, "to_adjudicate")));
	json_t *eg = json_object_get(exp, "games");
	size_t k = 0;
	for (size_t g = 0; g < ng; g++) {
		if (games[g].white != p && games[g].black != p)
			continue;
		json_t *e = json_array_get(eg, k++);
		ck_assert_msg(e != NULL, "%s: more games than expected", id);
		ck_assert_str_eq(nm.name[games[g].white],
		                 json_string_value(json_object_get(e, "white")));
		ck_assert_str_eq(nm.name[games[g].black],
		                 json_string_value(json_object_get(e, "black")));
		ck_assert_str_eq(dsu_result_name(games[g].result),
		                 json_string_value(json_object_get(e, "was")));
		ck_assert_str_eq(dsu_result_name(scored[g].result),
		                 json_string_value(json_object_get(e, "scored")));
		const char *how = json_string_value(json_object_get(e, "how"));
		if (how)
			ck_assert_int_eq(adj[g], strcmp(how, "adjudication") == 0);
	}
	ck_assert_uint_eq(k, json_array_size(eg));
	json_t *st = json_object_get(exp, "standings");
	if (st) {
		enum dsu_event ev = DSU_EVENT_EMT;
		const char *evs = json_string_value(json_object_get(in, "standings_event"));
		if (evs)
			ck_assert_int_eq(dsu_event_parse(evs, &ev), CC_OK);
		ck_assert_int_eq(
		        dsu_standings(ev, nm.n, scored, ng, NULL, table, NULL, err, sizeof err),
		        CC_OK);
		check_table(id, &nm, table, nm.n, st);
	}
}

static void case_email_triggers(const char *id, const json_t *in, const json_t *exp)
{
	json_t *qs = json_object_get(in, "queries"), *rs = json_object_get(exp, "results");
	char b1[CALENDAR_ISO_LEN], err[256] = "";
	ck_assert_uint_eq(json_array_size(qs), json_array_size(rs));
	for (size_t i = 0; i < json_array_size(qs); i++) {
		json_t *q = json_array_get(qs, i), *r = json_array_get(rs, i);
		const char *trig = json_string_value(json_object_get(q, "trigger"));
		bool want = json_is_true(json_object_get(r, "withdrawn"));
		if (strcmp(trig, "connection_lost") == 0) {
			const char *rest = json_string_value(json_object_get(q, "restored"));
			int32_t by, eff;
			int w = dsu_connection_lost(
			        day(json_string_value(json_object_get(q, "lost"))),
			        rest ? day(rest) : DSU_NO_DATE,
			        day(json_string_value(json_object_get(q, "today"))), &by, &eff, err,
			        sizeof err);
			ck_assert_msg(w == (want ? 1 : 0), "%s %zu: %d %s", id, i, w, err);
			ck_assert_str_eq(iso(by, b1),
			                 json_string_value(json_object_get(r, "restore_by")));
			if (want)
				ck_assert_str_eq(iso(eff, b1), json_string_value(json_object_get(
				                                       r, "effective")));
		} else {
			ck_assert_str_eq(trig, "no_answer_to_tl");
			ck_assert_int_eq(dsu_no_answer_withdrawn(
			                         json_is_true(json_object_get(q, "tl_declares"))),
			                 want);
		}
	}
}

static struct dsu_team_game tgames[MAXG];
static struct dsu_team_standing ttable[DSU_MAX_PLAYERS];

static void case_team_standings(const char *id, const json_t *in, const json_t *exp)
{
	struct names nm;
	char err[256] = "", buf[32];
	load_names(json_object_get(in, "teams"), &nm);
	json_t *arr = json_object_get(in, "games");
	size_t ng = json_array_size(arr);
	int boards = (int)json_integer_value(json_object_get(in, "boards"));
	for (size_t i = 0; i < ng; i++) {
		json_t *g = json_array_get(arr, i);
		tgames[i].board = (int)json_integer_value(json_array_get(g, 0));
		tgames[i].white = seat(&nm, json_string_value(json_array_get(g, 1)));
		tgames[i].black = seat(&nm, json_string_value(json_array_get(g, 2)));
		ck_assert_int_eq(dsu_result_parse(json_string_value(json_array_get(g, 3)),
		                                  &tgames[i].result),
		                 CC_OK);
	}
	ck_assert_msg(dsu_team_standings(nm.n, boards, tgames, ng, ttable, err, sizeof err) ==
	                      CC_OK,
	              "%s: %s", id, err);
	json_t *st = json_object_get(exp, "standings");
	ck_assert_int_eq((int)json_array_size(st), nm.n);
	for (int i = 0; i < nm.n; i++) {
		json_t *e = json_array_get(st, (size_t)i);
		ck_assert_str_eq(nm.name[ttable[i].team],
		                 json_string_value(json_object_get(e, "team")));
		ck_assert_int_eq(ttable[i].points2, units(json_object_get(e, "points"), 2));
		ck_assert_int_eq(ttable[i].weighted_all,
		                 json_integer_value(json_object_get(e, "weighted_all")));
		ck_assert_str_eq(place(ttable[i].place_lo, ttable[i].place_hi, buf),
		                 json_string_value(json_object_get(e, "place")));
	}
	json_t *lots = json_object_get(exp, "lots");
	int groups = 0;
	for (int i = 0; i < nm.n; i++)
		if (ttable[i].lot_group > groups)
			groups = ttable[i].lot_group;
	ck_assert_int_eq(groups, (int)json_array_size(lots));
	for (size_t g = 0; g < json_array_size(lots); g++) {
		json_t *grp = json_array_get(lots, g);
		for (size_t j = 0; j < json_array_size(grp); j++) {
			int t = seat(&nm, json_string_value(json_array_get(grp, j)));
			for (int i = 0; i < nm.n; i++)
				if (ttable[i].team == t)
					ck_assert_int_eq(ttable[i].lot_group, (int)g + 1);
		}
	}
}

static void case_team_schedule(const char *id, const json_t *in, const json_t *exp)
{
	int nteams = (int)json_integer_value(json_object_get(in, "teams"));
	int boards = (int)json_integer_value(json_object_get(in, "boards"));
	int whites[DSU_MAX_PLAYERS][DSU_MAX_BOARDS + 1] = {{0}};
	int match[32][32] = {{0}};
	char key[32], err[256] = "";
	int n = dsu_team_schedule(nteams, boards, tgames, MAXG, err, sizeof err);
	ck_assert_msg(n == json_integer_value(json_object_get(exp, "games")), "%s: %d %s", id, n,
	              err);
	ck_assert_int_le(nteams, 32);
	for (int i = 0; i < n; i++) {
		whites[tgames[i].white][tgames[i].board]++;
		match[tgames[i].white][tgames[i].black]++;
	}
	json_t *wp = json_object_get(exp, "whites_per_player"), *wm;
	for (int t = 0; t < nteams; t++)
		for (int b = 1; b <= boards; b++) {
			snprintf(key, sizeof key, "%d.%d", t + 1, b);
			ck_assert_int_eq(whites[t][b],
			                 json_integer_value(json_object_get(wp, key)));
		}
	wm = json_object_get(exp, "whites_per_match");
	for (int i = 0; i < nteams; i++)
		for (int j = i + 1; j < nteams; j++) {
			char ki[16], kj[16];
			snprintf(key, sizeof key, "%d-%d", i + 1, j + 1);
			snprintf(ki, sizeof ki, "%d", i + 1);
			snprintf(kj, sizeof kj, "%d", j + 1);
			json_t *m = json_object_get(wm, key);
			ck_assert_int_eq(match[i][j], json_integer_value(json_object_get(m, ki)));
			ck_assert_int_eq(match[j][i], json_integer_value(json_object_get(m, kj)));
		}
}

/* The ids of list (JSON strings) as seats, in order; returns the count. */
static int seat_list(const struct names *nm, const json_t *list, int *ids)
{
	int k = (int)json_array_size(list);
	for (int i = 0; i < k; i++)
		ids[i] = seat(nm, json_string_value(json_array_get(list, (size_t)i)));
	return k;
}

/* "75.00": points2 / (2 * games) in % with two decimals, half up. */
static const char *pct_text(int points2, int ngames, char buf[32])
{
	long long h = ngames > 0 ? ((long long)points2 * 10000 / ngames + 1) / 2 : 0;
	snprintf(buf, 32, "%lld.%02lld", h / 100, h % 100);
	return buf;
}

/* Both input forms: "division" 1..3 with "group" and "ratings", or
 * "division" "1"/"2"/"3x" (the 3rd-division group after the 3) with
 * "players" [{"k_rating"} | {"otb_rating"}] (R67, 6.7.6.2). */
static void case_team_promotion(const char *id, const json_t *in, const json_t *exp)
{
	static struct dsu_team_entry t[DSU_MAX_PLAYERS];
	struct names nm, groups = {0};
	struct dsu_promotion pr;
	char err[256] = "", buf[32];
	json_t *arr = json_object_get(in, "teams");
	nm.n = (int)json_array_size(arr);
	for (int i = 0; i < nm.n; i++) {
		json_t *e = json_array_get(arr, (size_t)i), *r = json_object_get(e, "ratings");
		json_t *pl = json_object_get(e, "players"), *dv = json_object_get(e, "division");
		int rs[DSU_MAX_BOARDS], nr = (int)json_array_size(r ? r : pl);
		nm.name[i] = json_string_value(json_object_get(e, "id"));
		t[i].group = (int)json_integer_value(json_object_get(e, "group"));
		if (json_is_string(dv)) {
			const char *d = json_string_value(dv);
			t[i].division = d[0] - '0';
			if (d[0] == '3' && d[1]) {
				int g = 0;
				while (g < groups.n && strcmp(groups.name[g], d + 1) != 0)
					g++;
				if (g == groups.n)
					groups.name[groups.n++] = d + 1;
				t[i].group = g + 1;
			}
		} else {
			t[i].division = (int)json_integer_value(dv);
		}
		t[i].points2 = (int)units(json_object_get(e, "points"), 2);
		t[i].games = (int)json_integer_value(json_object_get(e, "games"));
		for (int j = 0; j < nr; j++) {
			json_t *x =
			        r ? json_array_get(r, (size_t)j) : json_array_get(pl, (size_t)j);
			if (!r) /* R67: the K-rating, else the OTB rating as provisional K */
				x = json_object_get(x, "k_rating")
				            ? json_object_get(x, "k_rating")
				            : json_object_get(x, "otb_rating");
			rs[j] = (int)json_integer_value(x);
		}
		t[i].rating_sum = dsu_team_rating_sum(rs, nr);
		json_t *te = json_object_get(json_object_get(exp, "teams"), nm.name[i]);
		if (te) {
			ck_assert_str_eq(pct_text(t[i].points2, t[i].games, buf),
			                 json_string_value(json_object_get(te, "score_pct")));
			/* I-35: the average exactly */
			ck_assert(t[i].rating_sum ==
			          json_number_value(json_object_get(te, "average_rating")) * nr);
		}
	}
	ck_assert_msg(dsu_team_promotion(t, nm.n, 7, &pr, err, sizeof err) == CC_OK, "%s: %s", id,
	              err);
	json_t *div = json_object_get(exp, "divisions");
	for (int d = 1; div && d <= 3; d++) {
		char k[4];
		snprintf(k, sizeof k, "%d", d);
		json_t *list = json_object_get(div, k);
		int count = 0;
		for (size_t j = 0; j < json_array_size(list); j++)
			ck_assert_msg(pr.division[seat(&nm, json_string_value(
			                                            json_array_get(list, j)))] == d,
			              "%s: %s not in division %d", id,
			              json_string_value(json_array_get(list, j)), d);
		for (int i = 0; i < nm.n; i++)
			count += pr.division[i] == d;
		ck_assert_int_eq(count, (int)json_array_size(list));
	}
	/* division_1, division_2 best first (I-23), division_3 as given */
	for (int d = 1; d <= 3; d++) {
		char k[16];
		int want[DSU_MAX_PLAYERS], got[DSU_MAX_PLAYERS], n = 0;
		snprintf(k, sizeof k, "division_%d", d);
		json_t *list = json_object_get(exp, k);
		if (!list)
			continue;
		for (int i = 0; i < nm.n; i++)
			if (pr.division[i] == d)
				got[n++] = i;
		if (d < 3)
			dsu_team_rank(t, got, n);
		ck_assert_int_eq(seat_list(&nm, list, want), n);
		for (int i = 0; i < n; i++)
			ck_assert_msg(want[i] == got[i], "%s: %s place %d is %s", id, k, i + 1,
			              nm.name[got[i]]);
	}
	static const char *const sets[] = {"eligible_1", "eligible_2", "not_selected_for_1"};
	for (int w = 0; w < 3; w++) {
		json_t *list = json_object_get(exp, sets[w]);
		int want[DSU_MAX_PLAYERS], n = 0;
		if (!list)
			continue;
		int k = seat_list(&nm, list, want);
		for (int i = 0; i < nm.n; i++) {
			bool in_set = w == 0   ? pr.may1[i]
			              : w == 1 ? pr.may2[i]
			                       : pr.may1[i] && pr.division[i] != 1;
			if (!in_set)
				continue;
			ck_assert_msg(n < k && want[n] == i, "%s: %s has %s", id, sets[w],
			              nm.name[i]);
			n++;
		}
		ck_assert_int_eq(n, k);
	}
	json_t *rel = json_object_get(exp, "relegated_from_1");
	if (rel) {
		int nrel = 0;
		for (int i = 0; i < nm.n; i++)
			nrel += pr.relegated[i];
		ck_assert_int_eq(nrel, (int)json_array_size(rel));
		for (size_t j = 0; j < json_array_size(rel); j++)
			ck_assert(
			        pr.relegated[seat(&nm, json_string_value(json_array_get(rel, j)))]);
	}
	json_t *el = json_object_get(exp, "eligible");
	if (el) {
		ck_assert_int_eq(pr.eligible1, json_integer_value(json_object_get(el, "1")));
		ck_assert_int_eq(pr.eligible2, json_integer_value(json_object_get(el, "2")));
	}
}

static void case_cup_prelim(const char *id, const json_t *in, const json_t *exp)
{
	static struct dsu_cup_entry e[DSU_CUP_MAX_ENTRIES];
	static int seeds[DSU_CUP_MAX_ENTRIES], direct[DSU_CUP_MAX_ENTRIES],
	        refused[DSU_CUP_MAX_ENTRIES], group[DSU_CUP_MAX_ENTRIES];
	struct names ids;
	int sizes[64], nd, nr;
	char err[256] = "";
	json_t *arr = json_object_get(in, "entries");
	ids.n = (int)json_array_size(arr);
	for (int i = 0; i < ids.n; i++) {
		json_t *x = json_array_get(arr, (size_t)i), *k = json_object_get(x, "k_rating"),
		       *o = json_object_get(x, "otb_rating");
		ids.name[i] = json_string_value(json_object_get(x, "id"));
		e[i].k_rating = json_is_integer(k) ? (int)json_integer_value(k) : -1;
		e[i].otb_rating = json_is_integer(o) ? (int)json_integer_value(o) : -1;
		e[i].wants_semifinal = json_is_true(json_object_get(x, "wants_semifinal"));
	}
	int ns = dsu_cup_seed(e, ids.n, seeds, direct, &nd, refused, &nr, err, sizeof err);
	ck_assert_msg(ns >= 0, "%s: %s", id, err);
	json_t *x = json_object_get(exp, "semifinal_direct");
	ck_assert_int_eq(nd, (int)json_array_size(x));
	for (int i = 0; i < nd; i++)
		ck_assert_str_eq(ids.name[direct[i]],
		                 json_string_value(json_array_get(x, (size_t)i)));
	x = json_object_get(exp, "semifinal_request_refused");
	ck_assert_int_eq(nr, (int)json_array_size(x));
	for (int i = 0; i < nr; i++)
		ck_assert_str_eq(ids.name[refused[i]],
		                 json_string_value(json_array_get(x, (size_t)i)));
	x = json_object_get(exp, "seeds");
	ck_assert_int_eq(ns, (int)json_array_size(x));
	for (int i = 0; i < ns; i++)
		ck_assert_str_eq(ids.name[seeds[i]], json_string_value(json_object_get(
		                                             json_array_get(x, (size_t)i), "id")));
	int ng = dsu_cup_group_sizes(ns, sizes, 64, err, sizeof err);
	x = json_object_get(exp, "sizes");
	ck_assert_int_eq(ng, (int)json_array_size(x));
	for (int g = 0; g < ng; g++)
		ck_assert_int_eq(sizes[g], json_integer_value(json_array_get(x, (size_t)g)));
	ck_assert_int_eq(dsu_cup_serpentine(ns, sizes, ng, group, err, sizeof err), CC_OK);
	x = json_object_get(exp, "groups");
	for (int g = 0; g < ng; g++) {
		json_t *eg = json_array_get(x, (size_t)g), *pl = json_object_get(eg, "players");
		size_t k = 0;
		long sum = 0;
		for (int s = 0; s < ns; s++)
			if (group[s] == g) {
				ck_assert_str_eq(ids.name[seeds[s]],
				                 json_string_value(json_array_get(pl, k++)));
				sum += dsu_cup_strength(&e[seeds[s]]);
			}
		ck_assert_uint_eq(k, json_array_size(pl));
		/* the average to two decimals, half up, from the exact sum */
		long a = (sum * 200 / (long)k + 1) / 2;
		char buf[32];
		snprintf(buf, sizeof buf, "%ld.%02ld", a / 100, a % 100);
		ck_assert_str_eq(buf, json_string_value(json_object_get(eg, "average")));
	}
	json_t *st = json_object_get(exp, "standings"), *res = json_object_get(in, "results");
	int advance = (int)json_integer_value(json_object_get(in, "advance"));
	for (size_t g = 0; g < json_array_size(res); g++) {
		struct names nm;
		json_t *r = json_array_get(res, g), *eg = json_array_get(st, g);
		load_names(json_object_get(r, "seats"), &nm);
		size_t n = load_games(json_object_get(r, "games"), &nm, games);
		ck_assert_int_eq(dsu_standings(DSU_EVENT_CUP_PRELIM, nm.n, games, n, NULL, table,
		                               NULL, err, sizeof err),
		                 CC_OK);
		check_table(id, &nm, table, nm.n, json_object_get(eg, "table"));
		json_t *adv = json_object_get(eg, "advance");
		size_t k = 0;
		for (int i = 0; i < nm.n; i++)
			if (table[i].place_lo <= advance) /* 6.6.1.4: all tied go on */
				ck_assert_str_eq(nm.name[table[i].player],
				                 json_string_value(json_array_get(adv, k++)));
		ck_assert_uint_eq(k, json_array_size(adv));
	}
}

/* The form with the stages' tables: "final" [{"id", "score", "games",
 * "place"}] in the order of places, "semifinal_held",
 * "prelim_entrants", "final_end". */
static void cup_rights_tables(const char *id, const json_t *in, const json_t *exp)
{
	struct dsu_cup_right r[DSU_MAX_PLAYERS];
	int s2[DSU_MAX_PLAYERS], gm[DSU_MAX_PLAYERS], lo[DSU_MAX_PLAYERS], hi[DSU_MAX_PLAYERS];
	char err[256] = "", buf[32], until[CALENDAR_ISO_LEN];
	json_t *fl = json_object_get(in, "final");
	int n = (int)json_array_size(fl);
	bool held = json_is_true(json_object_get(in, "semifinal_held"));
	for (int i = 0; i < n; i++) {
		json_t *o = json_array_get(fl, (size_t)i);
		s2[i] = (int)units(json_object_get(o, "score"), 2);
		gm[i] = (int)json_integer_value(json_object_get(o, "games"));
		lo[i] = (int)json_integer_value(json_object_get(o, "place"));
		ck_assert_int_eq(lo[i], i == 0 || lo[i] != lo[i - 1] ? i + 1 : lo[i - 1]);
	}
	for (int i = n - 1; i >= 0; i--) /* a shared place runs to its last line */
		hi[i] = i + 1 < n && lo[i + 1] == lo[i] ? hi[i + 1] : i + 1;
	int extra = dsu_cup_rights(DSU_CUP_FINAL, held,
	                           (int)json_integer_value(json_object_get(in, "prelim_entrants")),
	                           s2, gm, lo, hi, n, r, err, sizeof err);
	ck_assert_msg(extra >= 0, "%s: %s", id, err);
	ck_assert_int_eq(held ? 1 + extra : 0,
	                 json_integer_value(json_object_get(exp, "dm_places")));
	json_t *dm = json_object_get(exp, "dm_right");
	size_t k = 0;
	for (int i = 0; i < n; i++) {
		const char *who =
		        json_string_value(json_object_get(json_array_get(fl, (size_t)i), "id"));
		json_t *e = json_object_get(json_object_get(exp, "final"), who);
		const char *cls = json_string_value(json_object_get(e, "class"));
		ck_assert_str_eq(pct_text(s2[i], gm[i], buf),
		                 json_string_value(json_object_get(e, "pct")));
		ck_assert_msg(r[i].m   ? cls && strcmp(cls, "M") == 0
		              : r[i].k ? cls && strcmp(cls, "K") == 0
		                       : cls == NULL,
		              "%s: %s class", id, who);
		if (r[i].dm)
			ck_assert_str_eq(who, json_string_value(json_array_get(dm, k++)));
	}
	ck_assert_uint_eq(k, json_array_size(dm));
	int32_t u;
	ck_assert_int_eq(
	        calendar_add_years(day(json_string_value(json_object_get(in, "final_end"))), 2, &u),
	        CC_OK);
	ck_assert_str_eq(iso(u, until), json_string_value(json_object_get(exp, "rights_until")));
}

static void case_cup_rights(const char *id, const json_t *in, const json_t *exp)
{
	if (!json_object_get(in, "stage")) {
		cup_rights_tables(id, in, exp);
		return;
	}
	struct names nm;
	struct dsu_cup_right r[DSU_MAX_PLAYERS];
	int s2[DSU_MAX_PLAYERS], gm[DSU_MAX_PLAYERS], lo[DSU_MAX_PLAYERS], hi[DSU_MAX_PLAYERS];
	char err[256] = "";
	const char *stage = json_string_value(json_object_get(in, "stage"));
	bool final = strcmp(stage, "final") == 0;
	json_t *sh = json_object_get(in, "semifinal_held");
	load_names(json_object_get(in, "players"), &nm);
	size_t ng = load_games(json_object_get(in, "games"), &nm, games);
	ck_assert_int_eq(dsu_standings(final ? DSU_EVENT_CUP_FINAL : DSU_EVENT_CUP_SEMI, nm.n,
	                               games, ng, NULL, table, NULL, err, sizeof err),
	                 CC_OK);
	for (int i = 0; i < nm.n; i++) {
		s2[i] = table[i].score2;
		gm[i] = table[i].games;
		lo[i] = table[i].place_lo;
		hi[i] = table[i].place_hi;
	}
	int extra = dsu_cup_rights(final ? DSU_CUP_FINAL : DSU_CUP_SEMIFINAL,
	                           sh ? json_is_true(sh) : true,
	                           (int)json_integer_value(json_object_get(in, "prelim_players")),
	                           s2, gm, lo, hi, nm.n, r, err, sizeof err);
	ck_assert_msg(extra >= 0, "%s: %s", id, err);
	if (json_object_get(exp, "dm_places_beyond_winner"))
		ck_assert_int_eq(
		        extra, json_integer_value(json_object_get(exp, "dm_places_beyond_winner")));
	int32_t until;
	ck_assert_int_eq(
	        calendar_add_years(day(json_string_value(json_object_get(in, "finish_date"))), 2,
	                           &until),
	        CC_OK);
	json_t *rights = json_object_get(exp, "rights");
	for (int i = 0; i < nm.n; i++) {
		struct dsu_right got[3];
		int k = 0;
		if (r[i].dm)
			got[k++] = (struct dsu_right){DSU_CLASS_DM, until};
		if (r[i].m)
			got[k++] = (struct dsu_right){DSU_CLASS_M, until};
		if (r[i].k)
			got[k++] = (struct dsu_right){DSU_CLASS_K, until};
		const char *who = nm.name[table[i].player];
		check_rights(id, who, got, k, json_object_get(rights, who));
	}
}

static void case_rr_colours(const char *id, const json_t *in, const json_t *exp)
{
	static struct dsu_pairing p[MAXG];
	int n = (int)json_integer_value(json_object_get(in, "n"));
	int cycles = (int)json_integer_value(json_object_get(in, "cycles"));
	int whites[DSU_MAX_PLAYERS] = {0};
	char err[256] = "", key[16];
	int k = dsu_round_robin(n, cycles, p, MAXG, err, sizeof err);
	ck_assert_msg(k == json_integer_value(json_object_get(exp, "games")), "%s: %d %s", id, k,
	              err);
	json_t *pairs = json_object_get(exp, "pairings");
	if (pairs)
		ck_assert_int_eq((int)json_array_size(pairs), k);
	for (int i = 0; i < k; i++) {
		whites[p[i].white]++;
		if (pairs) {
			json_t *x = json_array_get(pairs, (size_t)i);
			ck_assert_int_eq(p[i].white + 1, json_integer_value(json_array_get(x, 0)));
			ck_assert_int_eq(p[i].black + 1, json_integer_value(json_array_get(x, 1)));
		}
	}
	json_t *w = json_object_get(exp, "whites");
	for (int i = 0; i < n; i++) {
		snprintf(key, sizeof key, "%d", i + 1);
		ck_assert_int_eq(whites[i], json_integer_value(json_object_get(w, key)));
	}
}

static void case_entry_rights(const char *id, const json_t *in, const json_t *exp)
{
	static struct dsu_history_entry h[64];
	struct dsu_right ex[8];
	json_t *hist = json_object_get(in, "history"), *qs = json_object_get(in, "queries");
	json_t *rs = json_object_get(exp, "results"), *xr = json_object_get(in, "extra_rights");
	json_t *otb = json_object_get(in, "otb_rating");
	char err[256] = "", buf[CALENDAR_ISO_LEN];
	size_t nh = json_array_size(hist), nx = json_array_size(xr);
	for (size_t i = 0; i < nh; i++) {
		json_t *e = json_array_get(hist, i);
		h[i].cls = class_of(e);
		h[i].finish = day(json_string_value(json_object_get(e, "finish")));
		h[i].score2 = (int)units(json_object_get(e, "score"), 2);
		h[i].games = (int)json_integer_value(json_object_get(e, "games"));
		h[i].first = json_is_true(json_object_get(e, "first"));
	}
	for (size_t i = 0; i < nx; i++) {
		json_t *e = json_array_get(xr, i);
		ex[i].cls = class_of(e);
		ex[i].until = day(json_string_value(json_object_get(e, "until")));
	}
	for (size_t i = 0; i < json_array_size(qs); i++) {
		json_t *q = json_array_get(qs, i), *r = json_array_get(rs, i);
		json_t *sk = json_object_get(q, "dm_editions_skipped");
		const char *rel = json_string_value(json_object_get(q, "relegated_on"));
		struct dsu_rights_query query = {day(json_string_value(json_object_get(q, "date"))),
		                                 json_is_integer(otb) ? (int)json_integer_value(otb)
		                                                      : -1,
		                                 sk ? (int)json_integer_value(sk) : -1,
		                                 rel ? day(rel) : DSU_NO_DATE,
		                                 ex,
		                                 nx};
		struct dsu_rights_answer a;
		ck_assert_msg(dsu_entry_rights(h, nh, &query, &a, err, sizeof err) == CC_OK,
		              "%s: %s", id, err);
		json_t *cl = json_object_get(r, "classes");
		size_t k = 0;
		for (int c = 0; c < DSU_CLASS_COUNT; c++)
			if (a.may[c]) {
				ck_assert_msg(k < json_array_size(cl), "%s %zu: extra class %s", id,
				              i, dsu_class_name(c));
				ck_assert_str_eq(dsu_class_name(c),
				                 json_string_value(json_array_get(cl, k++)));
			}
		ck_assert_uint_eq(k, json_array_size(cl));
		if (json_object_get(r, "first_timer"))
			ck_assert_int_eq(a.first_timer,
			                 json_is_true(json_object_get(r, "first_timer")));
		json_t *until = json_object_get(r, "until");
		const char *key;
		json_t *v;
		json_object_foreach(until, key, v)
		{
			enum dsu_class c;
			ck_assert_int_eq(dsu_class_parse(key, &c), CC_OK);
			ck_assert_str_eq(iso(a.until[c], buf), json_string_value(v));
		}
	}
}

static void case_deadlines(const char *id, const json_t *in, const json_t *exp)
{
	struct dsu_deadline_input d;
	struct dsu_deadlines r;
	enum dsu_result res;
	char buf[CALENDAR_ISO_LEN], err[256] = "";
	d.game_end = day(json_string_value(json_object_get(in, "game_end")));
	d.group_start = day(json_string_value(json_object_get(in, "group_start")));
	d.published = day(json_string_value(json_object_get(in, "published")));
	d.decision_notified = day(json_string_value(json_object_get(in, "decision_notified")));
	d.reserve_stop = day(json_string_value(json_object_get(in, "reserve_stop")));
	ck_assert_msg(dsu_deadlines(&d, &r, err, sizeof err) == CC_OK, "%s: %s", id, err);
	static const struct {
		const char *key;
		size_t off;
	} f[] = {
	        {"report_by", offsetof(struct dsu_deadlines, report_by)},
	        {"adjudication_callable_from",
	         offsetof(struct dsu_deadlines, adjudication_callable_from)},
	        {"objection_by", offsetof(struct dsu_deadlines, objection_by)},
	        {"prizes_sent_by", offsetof(struct dsu_deadlines, prizes_sent_by)},
	        {"keep_correspondence_until",
	         offsetof(struct dsu_deadlines, keep_correspondence_until)},
	        {"appeal_by", offsetof(struct dsu_deadlines, appeal_by)},
	        {"reserve_stop_last_day", offsetof(struct dsu_deadlines, reserve_stop_last_day)},
	};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
		int32_t v;
		memcpy(&v, (const char *)&r + f[i].off, sizeof v);
		ck_assert_msg(
		        strcmp(iso(v, buf), json_string_value(json_object_get(exp, f[i].key))) == 0,
		        "%s: %s is %s", id, f[i].key, buf);
	}
	ck_assert_int_eq(dsu_result_parse(json_string_value(json_object_get(in, "result")), &res),
	                 CC_OK);
	const char *who = dsu_postal_reporter(res) == 0
	                          ? json_string_value(json_object_get(in, "white"))
	                          : json_string_value(json_object_get(in, "black"));
	ck_assert_str_eq(who, json_string_value(json_object_get(exp, "reporter_postal")));
	json_t *tr = json_object_get(exp, "transcripts_required");
	const char *key;
	json_t *v;
	json_object_foreach(tr, key, v)
	{
		ck_assert_int_eq(dsu_transcripts_required(key), json_is_true(v) ? 1 : 0);
	}
}

/* Both forms: "events" (expected "register": date, becomes, valid_until
 * or months, last_day, register_until) or "sanctions" with ids
 * (expected "applied"). */
static void case_register(const char *id, const json_t *in, const json_t *exp)
{
	static struct dsu_sanction s[DSU_MAX_SANCTIONS];
	static struct dsu_sanction_applied a[DSU_MAX_SANCTIONS];
	json_t *ev = json_object_get(in, "events");
	json_t *arr = ev ? ev : json_object_get(in, "sanctions");
	json_t *ap = json_object_get(exp, ev ? "register" : "applied");
	char err[256] = "", buf[CALENDAR_ISO_LEN];
	size_t n = json_array_size(arr);
	ck_assert_msg(n > 0, "%s: no sanctions", id);
	for (size_t i = 0; i < n; i++) {
		json_t *o = json_array_get(arr, i);
		bool warning =
		        strcmp(json_string_value(json_object_get(o, "type")), "warning") == 0;
		s[i].kind = warning ? DSU_WARNING : DSU_QUARANTINE;
		s[i].date = day(json_string_value(json_object_get(o, "date")));
		s[i].tournament_end =
		        warning ? day(json_string_value(json_object_get(o, "tournament_end")))
		                : DSU_NO_DATE;
		s[i].months = (int)json_integer_value(json_object_get(o, "months"));
	}
	ck_assert_msg(dsu_register_apply(s, n, a, err, sizeof err) == CC_OK, "%s: %s", id, err);
	ck_assert_uint_eq(n, json_array_size(ap));
	for (size_t i = 0; i < n; i++) {
		json_t *e = json_array_get(ap, i);
		bool q =
		        strcmp(json_string_value(json_object_get(e, "becomes")), "quarantine") == 0;
		ck_assert_int_eq(a[i].kind, q ? DSU_QUARANTINE : DSU_WARNING);
		if (ev)
			ck_assert_str_eq(iso(s[i].date, buf),
			                 json_string_value(json_object_get(e, "date")));
		if (q) {
			ck_assert_int_eq(a[i].months,
			                 json_integer_value(json_object_get(e, "months")));
			ck_assert_str_eq(iso(a[i].end, buf), json_string_value(json_object_get(
			                                             e, ev ? "last_day" : "end")));
			ck_assert_str_eq(iso(a[i].valid_until, buf),
			                 json_string_value(json_object_get(
			                         e, ev ? "register_until" : "in_register_until")));
			if (!ev)
				ck_assert_str_eq(iso(a[i].start, buf),
				                 json_string_value(json_object_get(e, "start")));
		} else {
			ck_assert_str_eq(iso(a[i].valid_until, buf),
			                 json_string_value(json_object_get(e, "valid_until")));
		}
	}
}

/* DSU 6.5.1.2 (R25, I-11): each query's groups must all be safe. */
static void case_new_group(const char *id, const json_t *in, const json_t *exp)
{
	json_t *qs = json_object_get(in, "queries"), *rs = json_object_get(exp, "results");
	ck_assert_uint_eq(json_array_size(qs), json_array_size(rs));
	ck_assert_uint_gt(json_array_size(qs), 0);
	for (size_t i = 0; i < json_array_size(qs); i++) {
		json_t *q = json_array_get(qs, i), *on = json_object_get(q, "ongoing");
		enum dsu_class cls = class_of(q);
		bool ok = true;
		for (size_t k = 0; k < json_array_size(on); k++) {
			json_t *g = json_array_get(on, k);
			ok &= dsu_may_enter_another_group(
			        cls, (int)units(json_object_get(g, "score"), 2),
			        (int)json_integer_value(json_object_get(g, "games")));
		}
		json_t *r = json_array_get(rs, i);
		ck_assert_str_eq(json_string_value(json_object_get(q, "id")),
		                 json_string_value(json_object_get(r, "id")));
		ck_assert_msg(ok == json_is_true(json_object_get(r, "allowed")), "%s %s", id,
		              json_string_value(json_object_get(q, "id")));
	}
}

/* ---- the table-driven tests ---- */

static const struct {
	const char *kind;
	void (*fn)(const char *, const json_t *, const json_t *);
} kinds[] = {
        {"rr_standings", case_rr_standings},     {"withdrawal", case_withdrawal},
        {"email_triggers", case_email_triggers}, {"team_standings", case_team_standings},
        {"team_schedule", case_team_schedule},   {"team_promotion", case_team_promotion},
        {"cup_prelim", case_cup_prelim},         {"cup_rights", case_cup_rights},
        {"rr_colours", case_rr_colours},         {"entry_rights", case_entry_rights},
        {"deadlines", case_deadlines},           {"register", case_register},
        {"new_group", case_new_group},
};

/* Runs case i of a cases file; the kind must be known. */
static void run_case(json_t *doc, int i)
{
	json_t *cases = json_object_get(doc, "cases");
	ck_assert_msg(json_is_array(cases), "no cases");
	ck_assert_msg((size_t)i < json_array_size(cases), "case %d of %zu", i,
	              json_array_size(cases));
	json_t *c = json_array_get(cases, (size_t)i);
	const char *id = json_string_value(json_object_get(c, "id"));
	const char *kind = json_string_value(json_object_get(c, "kind"));
	for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
		if (strcmp(kinds[k].kind, kind) == 0) {
			kinds[k].fn(id, json_object_get(c, "input"),
			            json_object_get(c, "expected"));
			return;
		}
	ck_abort_msg("%s: no test for kind %s", id, kind);
}

static json_t *load_fixtures(void)
{
	json_error_t e;
	json_t *doc = json_load_file(FIXTURES_DIR "/tourney_cases.json", 0, &e);
	ck_assert_msg(doc != NULL, "tourney_cases.json: %s", e.text);
	return doc;
}

START_TEST(test_shared_case)
{
	json_t *doc = tu_vectors("tournaments.json");
	run_case(doc, _i);
	json_decref(doc);
}
END_TEST

START_TEST(test_own_case)
{
	json_t *doc = load_fixtures();
	run_case(doc, _i);
	json_decref(doc);
}
END_TEST

/* The number of cases in a file, read when the suite is built (0 when
 * unreadable: test_counts then fails). */
static int count_cases(const char *path)
{
	json_t *doc = json_load_file(path, 0, NULL);
	int n = (int)json_array_size(json_object_get(doc, "cases"));
	json_decref(doc);
	return n;
}

/* Both files are there and hold at least the cases known today. */
/* Issue 21 item 2: a group's time profile comes from its tournament: the
 * 40 days of 6.8.6 only in a 6.8 e-mail tournament; the K-skak EMT (and
 * DM, cup, teams) is postal, by post or by e-mail (6.2.1.2). */
START_TEST(test_group_profile)
{
	ck_assert_str_eq(dsu_group_profile(DSU_SERIES_POSTAL, false), "dsu-post");
	ck_assert_str_eq(dsu_group_profile(DSU_SERIES_POSTAL, true), "dsu-post-email");
	ck_assert_str_eq(dsu_group_profile(DSU_SERIES_EMAIL, false), "dsu-email");
	ck_assert_str_eq(dsu_group_profile(DSU_SERIES_EMAIL, true), "dsu-email");
	ck_assert(dsu_profile_fits(DSU_SERIES_POSTAL, "dsu-post"));
	ck_assert(dsu_profile_fits(DSU_SERIES_POSTAL, "dsu-post-email"));
	ck_assert(!dsu_profile_fits(DSU_SERIES_POSTAL, "dsu-email"));
	ck_assert(!dsu_profile_fits(DSU_SERIES_POSTAL, "server"));
	ck_assert(dsu_profile_fits(DSU_SERIES_EMAIL, "dsu-email"));
	ck_assert(!dsu_profile_fits(DSU_SERIES_EMAIL, "dsu-post-email"));
	ck_assert(!dsu_profile_fits(DSU_SERIES_EMAIL, NULL));
	/* each is a profile lib/clock knows */
	ck_assert_ptr_nonnull(clock_profile_find(dsu_group_profile(DSU_SERIES_POSTAL, true)));
	ck_assert_int_eq(
	        clock_profile_find(dsu_group_profile(DSU_SERIES_POSTAL, true))->days_per_period,
	        30);
}
END_TEST

START_TEST(test_counts)
{
	ck_assert_int_ge(count_cases(VECTORS_DIR "/tournaments.json"), 13);
	ck_assert_int_ge(count_cases(FIXTURES_DIR "/tourney_cases.json"), 16);
}
END_TEST

/* ---- unit tests ---- */

START_TEST(test_results_and_classes)
{
	static const char *const ok[] = {"*", "1-0", "0-1", "1/2-1/2", "0-0"};
	enum dsu_result r;
	for (size_t i = 0; i < 5; i++) {
		ck_assert_int_eq(dsu_result_parse(ok[i], &r), CC_OK);
		ck_assert_str_eq(dsu_result_name(r), ok[i]);
	}
	ck_assert_int_eq(dsu_result_parse("1/2", &r), CC_ERR_MALFORMED);
	ck_assert_int_eq(dsu_result_parse("", &r), CC_ERR_MALFORMED);
	ck_assert_int_eq(dsu_result_parse(NULL, &r), CC_ERR_MALFORMED);
	ck_assert(!dsu_result_finished(DSU_UNFINISHED));
	ck_assert(dsu_result_finished(DSU_BOTH_LOST)); /* I-14: 0-0 is finished */
	ck_assert_int_eq(dsu_result_points2(DSU_BOTH_LOST, 0), 0);
	ck_assert_int_eq(dsu_result_points2(DSU_BOTH_LOST, 1), 0);
	enum dsu_class c;
	ck_assert_int_eq(dsu_class_parse("\xc3\x85", &c), CC_OK);
	ck_assert_int_eq(c, DSU_CLASS_AA);
	ck_assert_int_eq(dsu_class_parse("DM", &c), CC_OK);
	ck_assert_int_eq(c, DSU_CLASS_DM);
	ck_assert_int_eq(dsu_class_parse("dm", &c), CC_ERR_MALFORMED);
	ck_assert(DSU_CLASS_AA < DSU_CLASS_K && DSU_CLASS_K < DSU_CLASS_M &&
	          DSU_CLASS_M < DSU_CLASS_DM); /* R23 */
}
END_TEST

START_TEST(test_percent_exact)
{
	ck_assert(dsu_pct_at_least(9, 10, 45));   /* 4.5/10 = 45% (V05 B) */
	ck_assert(!dsu_pct_at_least(8, 10, 45));  /* 4/10 */
	ck_assert(dsu_pct_at_least(30, 20, 75));  /* 15/20 = 75% (I-24) */
	ck_assert(!dsu_pct_at_least(29, 20, 75)); /* 14.5/20 */
	/* 2/3 = 66.67% < 67%: exact, not rounded */
	ck_assert(!dsu_pct_at_least(4, 3, 67));
	ck_assert(!dsu_pct_at_least(0, 0, 0));
}
END_TEST

START_TEST(test_round_robin_errors)
{
	struct dsu_pairing p[64];
	char err[128];
	ck_assert_int_eq(dsu_round_robin(1, 1, p, 64, err, sizeof err), CC_ERR_RANGE);
	ck_assert_int_eq(dsu_round_robin(7, 3, p, 64, err, sizeof err), CC_ERR_RANGE);
	ck_assert_int_eq(dsu_round_robin(7, 2, p, 41, err, sizeof err), CC_ERR_NOMEM);
	ck_assert_int_eq(dsu_round_robin(7, 2, p, 42, err, sizeof err), 42);
	/* I-32: the second cycle swaps: game k+21 is game k reversed */
	for (int k = 0; k < 21; k++) {
		ck_assert_int_eq(p[k].white, p[k + 21].black);
		ck_assert_int_eq(p[k].black, p[k + 21].white);
	}
	ck_assert_uint_eq(dsu_round_robin_games(6, 2), 30);
}
END_TEST

/* 0-0 counts as a loss for both (R11), "*" does not count, and neither
 * gives Sonneborn-Berger. */
START_TEST(test_standings_both_lost)
{
	/* A-B 0-0, A-C 1-0, B-C *: A 1 (SB: C has 0 -> 0), B 0, C 0 */
	struct dsu_game g[] = {
	        {0, 1, DSU_BOTH_LOST}, {0, 2, DSU_WHITE_WON}, {1, 2, DSU_UNFINISHED}};
	struct dsu_standing t[3];
	struct dsu_table_info info;
	char err[128];
	ck_assert_int_eq(dsu_standings(DSU_EVENT_EMT, 3, g, 3, NULL, t, &info, err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(t[0].player, 0);
	ck_assert_int_eq(t[0].score2, 2);
	ck_assert_int_eq(t[0].sb4, 0);
	ck_assert_int_eq(t[0].finished, 2);
	/* B and C: 0 each, SB 0, their mutual game unfinished: 2nd-3rd
	 * shared (the tie includes the named 2nd and nothing separates) */
	ck_assert_int_eq(t[1].place_lo, 2);
	ck_assert_int_eq(t[1].place_hi, 3);
	ck_assert_int_eq(t[1].player, 1); /* by seat inside a shared place */
	ck_assert_int_eq(t[2].finished, 1);
	ck_assert_int_eq(t[2].games, 2);
	ck_assert_int_eq(info.first_on_points, 1);
}
END_TEST

START_TEST(test_standings_errors)
{
	struct dsu_game g[] = {{0, 3, DSU_DRAW}};
	struct dsu_standing t[3];
	char err[128] = "";
	ck_assert_int_eq(dsu_standings(DSU_EVENT_EMT, 3, g, 1, NULL, t, NULL, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert(strstr(err, "game 1") != NULL);
	g[0].black = 0;
	ck_assert_int_eq(dsu_standings(DSU_EVENT_EMT, 3, g, 1, NULL, t, NULL, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(dsu_standings(DSU_EVENT_EMT, 0, g, 0, NULL, t, NULL, err, sizeof err),
	                 CC_ERR_RANGE);
	/* a play-off outside the DM */
	struct dsu_game h[] = {{0, 1, DSU_DRAW}};
	struct dsu_game po[] = {{0, 1, DSU_WHITE_WON}};
	struct dsu_playoff p = {po, 1, false};
	ck_assert_int_eq(dsu_standings(DSU_EVENT_EMT, 2, h, 1, &p, t, NULL, err, sizeof err),
	                 CC_ERR_INVALID);
	/* DM: a play-off game with a player not tied for 1st */
	struct dsu_game d[] = {{0, 1, DSU_DRAW}, {0, 2, DSU_WHITE_WON}, {1, 2, DSU_WHITE_WON}};
	struct dsu_game po2[] = {{0, 2, DSU_WHITE_WON}};
	struct dsu_playoff p2 = {po2, 1, false};
	ck_assert_int_eq(dsu_standings(DSU_EVENT_DM, 3, d, 3, &p2, t, NULL, err, sizeof err),
	                 CC_ERR_INVALID);
}
END_TEST

/* DM: a drawn play-off (1-1) leaves 1st shared (6.5.2d). */
START_TEST(test_dm_playoff_drawn)
{
	/* A-B draw, A-C win, B-C win: A and B 1.5, SB both 0 + 0.75 = 0.75;
	 * mutual drawn; play-off 1-0 and 0-1: 1-1 */
	struct dsu_game d[] = {{0, 1, DSU_DRAW}, {0, 2, DSU_WHITE_WON}, {1, 2, DSU_WHITE_WON}};
	struct dsu_game po[] = {{0, 1, DSU_WHITE_WON}, {0, 1, DSU_BLACK_WON}};
	struct dsu_playoff p = {po, 2, false};
	struct dsu_standing t[3];
	struct dsu_table_info info;
	char err[128];
	ck_assert_int_eq(dsu_standings(DSU_EVENT_DM, 3, d, 3, &p, t, &info, err, sizeof err),
	                 CC_OK);
	ck_assert_int_eq(t[0].sb4, 3); /* half of B's 1.5 = 0.75 */
	ck_assert_int_eq(t[0].place_lo, 1);
	ck_assert_int_eq(t[0].place_hi, 2);
	ck_assert_int_eq(t[1].place_hi, 2);
	ck_assert_int_eq(t[0].playoff2, 2);
	ck_assert_int_eq(t[2].playoff2, -1);
	ck_assert(!info.playoff_needed);
	bool danish[3] = {false, false, true}, title[3];
	/* nobody Danish among the winners: the title goes to C, 3rd (I-4) */
	ck_assert_int_eq(dsu_dm_title(t, 3, danish, title), 1);
	ck_assert(title[2] && !title[0] && !title[1]);
	bool none[3] = {false, false, false};
	ck_assert_int_eq(dsu_dm_title(t, 3, none, title), 0);
}
END_TEST

START_TEST(test_group_rights)
{
	struct dsu_right r[DSU_CLASS_COUNT];
	char err[128];
	/* Å with 1 point: no relegation from Å (I-13): Å for 3 years */
	struct dsu_history_entry aa = {DSU_CLASS_AA, day("2024-02-29"), 2, 6, false};
	ck_assert_int_eq(dsu_group_rights(&aa, r, err, sizeof err), 1);
	ck_assert_int_eq(r[0].cls, DSU_CLASS_AA);
	ck_assert_int_eq(r[0].until, day("2027-02-28")); /* I-6: 29 Feb -> 28 Feb */
	/* Å first with 3 points: K for 2 years and Å for 3 */
	struct dsu_history_entry af = {DSU_CLASS_AA, day("2024-01-10"), 6, 6, true};
	ck_assert_int_eq(dsu_group_rights(&af, r, err, sizeof err), 2);
	ck_assert_int_eq(r[0].cls, DSU_CLASS_K);
	ck_assert_int_eq(r[0].until, day("2026-01-10"));
	ck_assert_int_eq(r[1].cls, DSU_CLASS_AA);
	/* M with 5 points: DM for 2 years (6.5.2.2b), no M (I-8) */
	struct dsu_history_entry m5 = {DSU_CLASS_M, day("2024-01-10"), 10, 6, true};
	ck_assert_int_eq(dsu_group_rights(&m5, r, err, sizeof err), 1);
	ck_assert_int_eq(r[0].cls, DSU_CLASS_DM);
	/* K with 1.5: Å for 3 years (6.5.3.3) */
	struct dsu_history_entry k1 = {DSU_CLASS_K, day("2024-01-10"), 3, 6, false};
	ck_assert_int_eq(dsu_group_rights(&k1, r, err, sizeof err), 1);
	ck_assert_int_eq(r[0].cls, DSU_CLASS_AA);
	ck_assert_int_eq(r[0].until, day("2027-01-10"));
	/* K with exactly 2: keeps K */
	struct dsu_history_entry k2 = {DSU_CLASS_K, day("2024-01-10"), 4, 6, false};
	ck_assert_int_eq(dsu_group_rights(&k2, r, err, sizeof err), 1);
	ck_assert_int_eq(r[0].cls, DSU_CLASS_K);
	/* impossible: 4 points from 3 games */
	struct dsu_history_entry bad = {DSU_CLASS_K, day("2024-01-10"), 8, 3, false};
	ck_assert_int_eq(dsu_group_rights(&bad, r, err, sizeof err), CC_ERR_INVALID);
}
END_TEST

/* R40d: the OTB table, only when no EMT right of 6.5.3.2a applies. */
START_TEST(test_entry_rights_otb)
{
	struct dsu_rights_answer a;
	struct dsu_rights_query q = {day("2026-01-01"), 2150, -1, DSU_NO_DATE, NULL, 0};
	char err[128];
	ck_assert_int_eq(dsu_entry_rights(NULL, 0, &q, &a, err, sizeof err), CC_OK);
	ck_assert(a.first_timer);
	ck_assert(a.may[DSU_CLASS_AA] && a.may[DSU_CLASS_M] && !a.may[DSU_CLASS_K]);
	q.otb_rating = 1899;
	ck_assert_int_eq(dsu_entry_rights(NULL, 0, &q, &a, err, sizeof err), CC_OK);
	ck_assert(a.may[DSU_CLASS_AA] && !a.may[DSU_CLASS_K]);
	/* an Å group with 3 points last year: Å by 6.5.3.2a, so no OTB route */
	struct dsu_history_entry h = {DSU_CLASS_AA, day("2025-05-01"), 6, 6, false};
	q.otb_rating = 2150;
	ck_assert_int_eq(dsu_entry_rights(&h, 1, &q, &a, err, sizeof err), CC_OK);
	ck_assert(!a.first_timer);
	ck_assert(a.may[DSU_CLASS_AA] && !a.may[DSU_CLASS_M]);
	/* a group finished after the query date does not count yet */
	h.finish = day("2026-02-01");
	ck_assert_int_eq(dsu_entry_rights(&h, 1, &q, &a, err, sizeof err), CC_OK);
	ck_assert(a.first_timer && a.may[DSU_CLASS_M]);
}
END_TEST

/* R25 / I-11 (as V18). */
START_TEST(test_another_group)
{
	ck_assert(dsu_may_enter_another_group(DSU_CLASS_AA, 0, 6));
	ck_assert(dsu_may_enter_another_group(DSU_CLASS_M, 4, 6));
	ck_assert(!dsu_may_enter_another_group(DSU_CLASS_K, 3, 6));
	/* DM: 4 points from 8 of 10 games: 4/10 < 45%, although 4.5 could
	 * still come: refused (I-11) */
	ck_assert(!dsu_may_enter_another_group(DSU_CLASS_DM, 8, 10));
	ck_assert(dsu_may_enter_another_group(DSU_CLASS_DM, 9, 10));
}
END_TEST

/* R16 / I-14 at the boundary: 5 of 10 finished -> all lost (V09); 6 of
 * 10 -> the finished ones stand. */
START_TEST(test_withdraw_half)
{
	/* a DM of 6, double round robin: seat 0 has 10 games */
	struct dsu_pairing p[30];
	struct dsu_game g[30], s[30];
	bool adj[30];
	struct dsu_withdrawal w;
	char err[128];
	ck_assert_int_eq(dsu_round_robin(6, 2, p, 30, err, sizeof err), 30);
	int mine = 0;
	for (int i = 0; i < 30; i++) {
		g[i].white = p[i].white;
		g[i].black = p[i].black;
		bool his = p[i].white == 0 || p[i].black == 0;
		/* his first 5 games drawn, the rest unfinished; all others 1-0 */
		g[i].result = his ? (mine++ < 5 ? DSU_DRAW : DSU_UNFINISHED) : DSU_WHITE_WON;
	}
	ck_assert_int_eq(dsu_withdraw(6, g, 30, 0, false, s, adj, &w, err, sizeof err), CC_OK);
	ck_assert_int_eq(w.games, 10);
	ck_assert_int_eq(w.finished, 5);
	ck_assert(w.all_lost);
	for (int i = 0; i < 30; i++)
		if (g[i].white == 0)
			ck_assert_int_eq(s[i].result, DSU_BLACK_WON);
		else if (g[i].black == 0)
			ck_assert_int_eq(s[i].result, DSU_WHITE_WON);
		else
			ck_assert_int_eq(s[i].result, g[i].result);
	ck_assert(!w.prize_right && w.quarantine_may_be_imposed);
	/* one more finished: 6 of 10 */
	for (int i = 0; i < 30; i++)
		if ((g[i].white == 0 || g[i].black == 0) && g[i].result == DSU_UNFINISHED) {
			g[i].result = DSU_BOTH_LOST; /* 0-0 counts as finished */
			break;
		}
	ck_assert_int_eq(dsu_withdraw(6, g, 30, 0, true, s, adj, &w, err, sizeof err), CC_OK);
	ck_assert(!w.all_lost);
	ck_assert_int_eq(w.to_adjudicate, 4);
	for (int i = 0; i < 30; i++)
		ck_assert_int_eq(s[i].result, g[i].result);
	ck_assert(w.prize_right);
	/* errors */
	ck_assert_int_eq(dsu_withdraw(6, g, 30, 6, true, s, adj, &w, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert_int_eq(dsu_withdraw(6, g, 0, 0, true, s, adj, &w, err, sizeof err),
	                 CC_ERR_INVALID);
}
END_TEST

START_TEST(test_connection_lost)
{
	int32_t by, eff;
	char err[128];
	/* restored on day 31: too late, withdrawn from day 31 (I-15) */
	ck_assert_int_eq(dsu_connection_lost(day("2026-03-01"), day("2026-04-01"),
	                                     day("2026-04-02"), &by, &eff, err, sizeof err),
	                 1);
	ck_assert_int_eq(eff, day("2026-04-01"));
	ck_assert_int_eq(by, day("2026-03-31"));
	ck_assert_int_eq(dsu_connection_lost(day("2026-03-01"), day("2026-02-01"),
	                                     day("2026-04-02"), &by, &eff, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert(!dsu_no_answer_withdrawn(false));
}
END_TEST

START_TEST(test_deadlines_clamp)
{
	struct dsu_deadline_input in = {DSU_NO_DATE, day("2026-08-31"), DSU_NO_DATE, DSU_NO_DATE,
	                                day("2027-12-25")};
	struct dsu_deadlines r;
	char err[128];
	ck_assert_int_eq(dsu_deadlines(&in, &r, err, sizeof err), CC_OK);
	ck_assert_int_eq(r.adjudication_callable_from, day("2028-02-29")); /* leap year */
	ck_assert_int_eq(r.reserve_stop_last_day, day("2028-01-07"));
	ck_assert_int_eq(r.report_by, DSU_NO_DATE);
	ck_assert_int_eq(r.appeal_by, DSU_NO_DATE);
	ck_assert_int_eq(dsu_postal_reporter(DSU_BLACK_WON), 1);
	ck_assert_int_eq(dsu_postal_reporter(DSU_UNFINISHED), CC_ERR_INVALID);
	ck_assert_int_eq(dsu_transcripts_required("blitz"), CC_ERR_MALFORMED);
}
END_TEST

/* I-19: the player counts with no split into 7s and 6s. */
START_TEST(test_cup_sizes)
{
	static const int none[] = {1, 2, 3, 4, 5, 8, 9, 10, 11, 15, 16, 17, 22, 23, 29};
	int sizes[64];
	char err[128];
	for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
		ck_assert_int_eq(dsu_cup_group_sizes(none[i], sizes, 64, err, sizeof err),
		                 CC_ERR_ILLEGAL);
	for (int n = 30; n <= 200; n++) { /* every count from 30 splits */
		int g = dsu_cup_group_sizes(n, sizes, 64, err, sizeof err), sum = 0, sevens = 0;
		ck_assert_int_gt(g, 0);
		for (int i = 0; i < g; i++) {
			ck_assert(sizes[i] == 7 || sizes[i] == 6);
			ck_assert(i == 0 || sizes[i] <= sizes[i - 1]); /* 7s first */
			sum += sizes[i];
			sevens += sizes[i] == 7;
		}
		ck_assert_int_eq(sum, n);
		ck_assert_int_lt(g - sevens, 7); /* else 7 sixes could be 6 sevens */
	}
	ck_assert_int_eq(dsu_cup_group_sizes(13, sizes, 64, err, sizeof err), 2);
	ck_assert_int_eq(sizes[0], 7);
	ck_assert_int_eq(sizes[1], 6);
	ck_assert_int_eq(dsu_cup_group_sizes(12, sizes, 64, err, sizeof err), 2);
	ck_assert_int_eq(sizes[0], 6);
}
END_TEST

START_TEST(test_serpentine)
{
	/* 13 seeds, 7 + 6: 1 2 | 2 1 | 1 2 | 2 1 | 1 2 | 2 1 | 1 */
	int sizes[] = {7, 6}, group[13];
	char err[128];
	static const int want[13] = {0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0};
	ck_assert_int_eq(dsu_cup_serpentine(13, sizes, 2, group, err, sizeof err), CC_OK);
	for (int i = 0; i < 13; i++)
		ck_assert_int_eq(group[i], want[i]);
	ck_assert_int_eq(dsu_cup_serpentine(12, sizes, 2, group, err, sizeof err), CC_ERR_INVALID);
	/* unrated entries are seeded last, equal strength in entry order */
	struct dsu_cup_entry e[] = {{-1, -1, false},
	                            {1800, -1, false},
	                            {-1, 1800, false},
	                            {2100, -1, true},
	                            {1999, -1, true}};
	int seeds[5], direct[5], refused[5], nd, nr;
	ck_assert_int_eq(dsu_cup_seed(e, 5, seeds, direct, &nd, refused, &nr, err, sizeof err), 4);
	ck_assert_int_eq(seeds[0], 4);
	ck_assert_int_eq(seeds[1], 1);
	ck_assert_int_eq(seeds[2], 2);
	ck_assert_int_eq(seeds[3], 0);
	ck_assert_int_eq(nd, 1);
	ck_assert_int_eq(direct[0], 3);
	ck_assert_int_eq(nr, 1);
	ck_assert_int_eq(refused[0], 4);
}
END_TEST

/* I-27: a shared place across the last DM place is for the TL. */
START_TEST(test_cup_rights_tie_at_cut)
{
	/* 160 preliminary players: 2 extra places.  Table: 1st; 2nd 80%;
	 * 3rd-4th shared with 75% each: one place left for two -> TL. */
	int s2[] = {10, 8, 6, 6, 0}, gm[] = {5, 5, 4, 4, 5}, lo[] = {1, 2, 3, 3, 5},
	    hi[] = {1, 2, 4, 4, 5};
	struct dsu_cup_right r[5];
	char err[128];
	ck_assert_int_eq(
	        dsu_cup_rights(DSU_CUP_FINAL, true, 160, s2, gm, lo, hi, 5, r, err, sizeof err), 2);
	ck_assert(r[0].dm && r[1].dm && !r[2].dm && !r[3].dm);
	ck_assert(r[2].dm_tl && r[3].dm_tl && !r[4].dm_tl);
	/* 100 players: the winner only; 101: one more */
	ck_assert_int_eq(
	        dsu_cup_rights(DSU_CUP_FINAL, true, 100, s2, gm, lo, hi, 5, r, err, sizeof err), 0);
	ck_assert(r[0].dm && !r[1].dm);
	ck_assert_int_eq(
	        dsu_cup_rights(DSU_CUP_FINAL, true, 101, s2, gm, lo, hi, 5, r, err, sizeof err), 1);
	ck_assert(r[1].dm);
}
END_TEST

/* R64: at most 5 from the last 1st division even when that leaves the
 * division short (the TL may dispense). */
START_TEST(test_promotion_cap)
{
	struct dsu_team_entry t[9];
	struct dsu_promotion pr;
	char err[128];
	for (int i = 0; i < 7; i++) /* 1st division, 16/24 down to 10/24 (41.7%) */
		t[i] = (struct dsu_team_entry){1, 0, 32 - 2 * i, 24, 8000};
	t[7] = (struct dsu_team_entry){2, 0, 40, 24, 8000}; /* 2nd, 83% */
	t[8] = (struct dsu_team_entry){2, 0, 35, 24, 8000}; /* 2nd, 73%: not eligible */
	ck_assert_int_eq(dsu_team_promotion(t, 9, 7, &pr, err, sizeof err), CC_OK);
	ck_assert_int_eq(pr.eligible1, 8);
	int in1 = 0;
	for (int i = 0; i < 9; i++)
		in1 += pr.division[i] == 1;
	ck_assert_int_eq(in1, 6); /* 1 from the 2nd + 5 from the 1st */
	ck_assert(pr.dispense1);
	ck_assert_int_eq(pr.division[7], 1);
	ck_assert(pr.relegated[5] && pr.relegated[6] && !pr.relegated[4]);
	ck_assert_int_eq(pr.division[5], 2);
	ck_assert_int_eq(pr.division[8], 2);
	/* errors */
	t[0].points2 = 49;
	ck_assert_int_eq(dsu_team_promotion(t, 9, 7, &pr, err, sizeof err), CC_ERR_INVALID);
}
END_TEST

/* R61 (4): lots; R57 colours of the schedule. */
START_TEST(test_team_lots_and_schedule)
{
	struct dsu_team_game g[] = {{1, 0, 1, DSU_DRAW}, {2, 1, 0, DSU_DRAW}};
	struct dsu_team_standing t[2];
	char err[128];
	ck_assert_int_eq(dsu_team_standings(2, 2, g, 2, t, err, sizeof err), CC_OK);
	ck_assert_int_eq(t[0].lot_group, 1);
	ck_assert_int_eq(t[1].lot_group, 1);
	ck_assert_int_eq(t[0].place_hi, 2);
	g[0].board = 3;
	ck_assert_int_eq(dsu_team_standings(2, 2, g, 2, t, err, sizeof err), CC_ERR_INVALID);
	ck_assert_int_eq(dsu_team_board_weight(1, 4), 4);
	ck_assert_int_eq(dsu_team_board_weight(4, 4), 1);
	ck_assert_int_eq(dsu_team_board_weight(5, 4), 0);
	struct dsu_team_game s[4];
	ck_assert_int_eq(dsu_team_schedule(2, 4, s, 4, err, sizeof err), 4);
	/* teams 1-2: 1 + 2 odd: team 1 White on boards 1 and 3 */
	ck_assert_int_eq(s[0].white, 0);
	ck_assert_int_eq(s[1].white, 1);
	ck_assert_int_eq(s[2].white, 0);
	ck_assert_int_eq(s[3].white, 1);
	ck_assert_int_eq(dsu_team_schedule(2, 4, s, 3, err, sizeof err), CC_ERR_NOMEM);
	int r[] = {2001, 2000, 1999, 1997};
	ck_assert_int_eq(dsu_team_rating_sum(r, 4), 7997); /* 1999.25 exactly */
}
END_TEST

/* 4.1.1 §19 at the edges: a warning on the last valid day of another;
 * a quarantine on the last day of the year after one expired, and the
 * day after it. */
START_TEST(test_register_edges)
{
	struct dsu_sanction s[3] = {
	        {DSU_WARNING, day("2026-01-10"), day("2026-02-28"), 0},
	        {DSU_WARNING, day("2027-02-28"), day("2027-05-01"), 0}, /* last valid day */
	        {DSU_QUARANTINE, day("2028-05-28"), DSU_NO_DATE, 1},
	};
	struct dsu_sanction_applied a[3];
	char err[128];
	ck_assert_int_eq(dsu_register_apply(s, 3, a, err, sizeof err), CC_OK);
	ck_assert_int_eq(a[0].valid_until, day("2027-02-28"));
	ck_assert(a[1].converted);
	ck_assert_int_eq(a[1].end, day("2027-05-27")); /* 28 Feb + 3 months - 1 day */
	/* ended 2027-05-27, expired ("udløb", I-17) 2027-05-28: it stays in
	 * the register, and doubles a new quarantine, up to 2028-05-28 */
	ck_assert_int_eq(a[1].valid_until, day("2028-05-28"));
	ck_assert(a[2].doubled);
	ck_assert_int_eq(a[2].months, 2);
	s[2].date = day("2028-05-29"); /* the day after: out */
	ck_assert_int_eq(dsu_register_apply(s, 3, a, err, sizeof err), CC_OK);
	ck_assert(!a[2].doubled);
	ck_assert_int_eq(a[2].months, 1);
	/* out of order, and a quarantine of 0 months */
	s[2].date = day("2020-01-01");
	ck_assert_int_eq(dsu_register_apply(s, 3, a, err, sizeof err), CC_ERR_INVALID);
	s[2].date = day("2028-05-27");
	s[2].months = 0;
	ck_assert_int_eq(dsu_register_apply(s, 3, a, err, sizeof err), CC_ERR_RANGE);
}
END_TEST

/* Issue 22: DSU 6.1.2, 6.4.4.1, 6.4.3, 4.1.1 §19 in force, 6.5.2, 6.6.3. */
START_TEST(test_federation_rules)
{
	char err[128], why[128];
	int32_t valid, by;
	/* 6.1.2: a non-member plays one group; a member or an unknown any */
	ck_assert(dsu_may_enter_as(DSU_MEMBER_NONE, 0));
	ck_assert(!dsu_may_enter_as(DSU_MEMBER_NONE, 1));
	ck_assert(dsu_may_enter_as(DSU_MEMBER_CLUB, 5));
	ck_assert(dsu_may_enter_as(DSU_MEMBER_INDIVIDUAL, 5));
	ck_assert(dsu_may_enter_as(DSU_MEMBER_UNKNOWN, 5));
	ck_assert_int_eq(dsu_membership_of("individual"), DSU_MEMBER_INDIVIDUAL);
	ck_assert_int_eq(dsu_membership_of("friend"), DSU_MEMBER_UNKNOWN);
	ck_assert_str_eq(dsu_membership_name(DSU_MEMBER_NONE), "none");
	/* 6.4.4.1: valid from the fee's day, not before; none after today */
	ck_assert_int_eq(dsu_entry_valid(DSU_NO_DATE, day("2027-09-01"), &valid, err, sizeof err),
	                 0);
	ck_assert_int_eq(valid, DSU_NO_DATE);
	ck_assert_int_eq(
	        dsu_entry_valid(day("2027-08-30"), day("2027-09-01"), &valid, err, sizeof err), 1);
	ck_assert_int_eq(valid, day("2027-08-30"));
	ck_assert_int_eq(
	        dsu_entry_valid(day("2027-09-02"), day("2027-09-01"), &valid, err, sizeof err),
	        CC_ERR_INVALID);
	/* 6.4.3: 3 weeks after the notice, the last day included */
	ck_assert_int_eq(
	        dsu_appeal_in_time(day("2027-08-01"), day("2027-08-22"), &by, err, sizeof err), 1);
	ck_assert_int_eq(by, day("2027-08-22"));
	ck_assert_int_eq(
	        dsu_appeal_in_time(day("2027-08-01"), day("2027-08-23"), &by, err, sizeof err), 0);
	ck_assert_int_eq(
	        dsu_appeal_in_time(day("2027-08-01"), day("2027-07-31"), &by, err, sizeof err),
	        CC_ERR_INVALID);
	/* 6.4.3: only Skaknævnet's step suspends, and only quarantine and exclusion */
	ck_assert(!dsu_appeal_suspends(DSU_APPEAL_KC, DSU_DECISION_QUARANTINE));
	ck_assert(!dsu_appeal_suspends(DSU_APPEAL_KC, DSU_DECISION_EXCLUSION));
	ck_assert(dsu_appeal_suspends(DSU_APPEAL_SKAKNAEVNET, DSU_DECISION_QUARANTINE));
	ck_assert(dsu_appeal_suspends(DSU_APPEAL_SKAKNAEVNET, DSU_DECISION_EXCLUSION));
	ck_assert(!dsu_appeal_suspends(DSU_APPEAL_SKAKNAEVNET, DSU_DECISION_WARNING));
	ck_assert(!dsu_appeal_suspends(DSU_APPEAL_SKAKNAEVNET, DSU_DECISION_RULING));
	enum dsu_decision_kind k;
	ck_assert_int_eq(dsu_decision_kind_of("exclusion", &k), CC_OK);
	ck_assert_int_eq(k, DSU_DECISION_EXCLUSION);
	ck_assert_int_eq(dsu_decision_kind_of("scolding", &k), CC_ERR_INVALID);
	/* the quarantine in force: a second warning within its year, 3 months */
	struct dsu_sanction s[2] = {
	        {DSU_WARNING, day("2027-09-01"), day("2027-09-30"), 0},
	        {DSU_WARNING, day("2027-10-01"), day("2027-12-31"), 0},
	};
	struct dsu_sanction_applied a[2];
	bool suspended[2] = {false, false};
	ck_assert_int_eq(dsu_register_apply(s, 2, a, err, sizeof err), CC_OK);
	ck_assert_int_eq(dsu_quarantine_on(a, suspended, 2, day("2027-09-30")), -1);
	ck_assert_int_eq(dsu_quarantine_on(a, suspended, 2, day("2027-10-01")), 1);
	ck_assert_int_eq(dsu_quarantine_on(a, suspended, 2, day("2027-12-31")), 1);
	ck_assert_int_eq(dsu_quarantine_on(a, suspended, 2, day("2028-01-01")), -1);
	ck_assert_int_eq(dsu_quarantine_on(a, NULL, 2, day("2027-11-01")), 1);
	suspended[1] = true;
	ck_assert_int_eq(dsu_quarantine_on(a, suspended, 2, day("2027-11-01")), -1);
	/* 6.5.2 September; 6.6.3 the last quarter */
	ck_assert_int_eq(dsu_edition_in_season(DSU_EDITION_DM, day("2027-09-15"), why, sizeof why),
	                 1);
	ck_assert_int_eq(dsu_edition_in_season(DSU_EDITION_DM, day("2027-10-01"), why, sizeof why),
	                 0);
	ck_assert(strstr(why, "6.5.2") != NULL);
	ck_assert_int_eq(
	        dsu_edition_in_season(DSU_EDITION_CUP_PRELIM, day("2027-10-01"), why, sizeof why),
	        1);
	ck_assert_int_eq(
	        dsu_edition_in_season(DSU_EDITION_CUP_PRELIM, day("2027-12-31"), why, sizeof why),
	        1);
	ck_assert_int_eq(
	        dsu_edition_in_season(DSU_EDITION_CUP_PRELIM, day("2027-09-30"), why, sizeof why),
	        0);
	ck_assert(strstr(why, "6.6.3") != NULL);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tourney_dsu");
	TCase *tc = tu_case(s, "vectors", 0);
	tcase_add_loop_test(tc, test_shared_case, 0, count_cases(VECTORS_DIR "/tournaments.json"));
	tcase_add_loop_test(tc, test_own_case, 0, count_cases(FIXTURES_DIR "/tourney_cases.json"));
	TU_ADD(tc, test_counts, test_group_profile);
	TU_ADD(tu_case(s, "units", 0), test_results_and_classes, test_percent_exact,
	       test_round_robin_errors, test_standings_both_lost, test_standings_errors,
	       test_dm_playoff_drawn, test_group_rights, test_entry_rights_otb, test_another_group,
	       test_withdraw_half, test_connection_lost, test_deadlines_clamp, test_cup_sizes,
	       test_serpentine, test_cup_rights_tie_at_cut, test_promotion_cap,
	       test_team_lots_and_schedule, test_register_edges, test_federation_rules);
	return tu_run(s);
}
