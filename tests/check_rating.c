/* check_rating.c: lib/rating (the DSU rating system, seed 4.5;
 * docs/RATING.md) against every case of tests/vectors/rating.json, every
 * intermediate figure, table-driven; the tables against
 * tests/vectors/rating_tables.json entry by entry; and each function on
 * its own with cases worked out by hand in the comments beside them. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "rating/rating.h"
#include "rating/rating_coord.h"
#include "rating/rating_input.h"
#include "rating/rating_register.h"
#include "util/status.h"
#include "testutil.h"

#define U RATING_UNIT

/* ---- helpers for the JSON ---- */

/* "0.53" (or 0.53) -> 53: a JSON score string or number in hundredths. */
static int hund(json_t *v)
{
	double d = json_is_string(v) ? strtod(json_string_value(v), NULL) : json_number_value(v);
	return (int)(d * 100.0 + (d >= 0 ? 0.5 : -0.5));
}

/* A JSON number as RATING_UNIT parts (for Rn, sigma, Rk with 4 decimals). */
static double num(json_t *v)
{
	ck_assert_msg(json_is_number(v), "expected a number");
	return json_number_value(v);
}

/* |a - b| within the 4 decimals the vectors print. */
static void near(double got, double want, const char *what, const char *id, const char *pl)
{
	double d = got - want;
	ck_assert_msg(d < 0.00006 && d > -0.00006, "%s %s %s: got %.6f, want %.6f", id, pl, what,
	              got, want);
}

/* A group built from one vector case, with its players' ids. */
struct vcase {
	int n;
	const char *ids[64];
	bool entry[64];
	struct rating_player players[64];
	struct rating_game games[2048];
	size_t ngames;
	bool team;
};

static int vfind(const struct vcase *vc, const char *id)
{
	for (int i = 0; i < vc->n; i++)
		if (strcmp(vc->ids[i], id) == 0)
			return i;
	ck_abort_msg("unknown player %s", id);
	return -1;
}

/* Builds vc from a case's "input" (players, crosstable or games, event,
 * winners), the way `corrchess rate` does, with the lib's own parsers. */
static void load_case(json_t *input, struct vcase *vc, const char *id)
{
	char err[256];
	json_t *pl = json_object_get(input, "players");
	memset(vc, 0, sizeof *vc);
	vc->n = (int)json_array_size(pl);
	ck_assert_msg(vc->n > 0 && vc->n <= 64, "%s: players", id);
	for (int i = 0; i < vc->n; i++) {
		json_t *p = json_array_get(pl, (size_t)i);
		json_t *r = json_object_get(p, "rating");
		vc->ids[i] = json_string_value(json_object_get(p, "id"));
		vc->entry[i] = json_is_true(json_object_get(p, "entry"));
		vc->players[i].absent = json_is_true(json_object_get(p, "absent"));
		vc->players[i].registered = RATING_NONE;
		if (json_object_get(p, "registered"))
			vc->players[i].registered =
			        (int)json_integer_value(json_object_get(p, "registered"));
		if (json_is_null(r)) {
			ck_assert(json_is_true(json_object_get(p, "foreign")));
			vc->players[i].performance = true;
		} else {
			vc->players[i].ro = (int)json_integer_value(r);
		}
	}
	const char *ev = json_string_value(json_object_get(input, "event"));
	vc->team = ev && strcmp(ev, "team") == 0;
	json_t *ct = json_object_get(input, "crosstable");
	if (ct) {
		const char *cells[64 * 64];
		for (int i = 0; i < vc->n; i++)
			for (int j = 0; j < vc->n; j++)
				cells[i * vc->n + j] = json_string_value(
				        json_array_get(json_array_get(ct, (size_t)i), (size_t)j));
		int rc = rating_crosstable_games(vc->n, cells, vc->games, 2048, &vc->ngames, err,
		                                 sizeof err);
		ck_assert_msg(rc == CC_OK, "%s: crosstable: %s", id, err);
	} else {
		json_t *gl = json_object_get(input, "games");
		ck_assert_msg(gl != NULL, "%s: neither crosstable nor games", id);
		for (size_t i = 0; i < json_array_size(gl); i++) {
			json_t *g = json_array_get(gl, i);
			struct rating_game *gm = &vc->games[vc->ngames++];
			gm->a = vfind(vc, json_string_value(json_array_get(g, 0)));
			gm->b = vfind(vc, json_string_value(json_array_get(g, 1)));
			int rc = rating_result_parse(json_string_value(json_array_get(g, 2)),
			                             json_string_value(json_array_get(g, 3)), gm,
			                             err, sizeof err);
			ck_assert_msg(rc == CC_OK, "%s: game %zu: %s", id, i + 1, err);
		}
	}
	json_t *w = json_object_get(input, "winners");
	if (w) {
		for (size_t i = 0; i < json_array_size(w); i++)
			vc->players[vfind(vc, json_string_value(json_array_get(w, i)))].winner =
			        true;
	} else {
		bool win[64];
		struct rating_group g = {vc->n, vc->players, vc->ngames, vc->games, vc->team};
		rating_winners(&g, win);
		for (int i = 0; i < vc->n; i++)
			vc->players[i].winner = win[i];
	}
}

/* Compares one player's figures with every field of the expected object;
 * an unknown field fails (so no figure of the vectors goes unchecked). */
static void check_player(const char *id, const char *pid, json_t *exp,
                         const struct rating_player_result *r, const struct vcase *vc, int p)
{
	const char *k;
	json_t *v;
	json_object_foreach(exp, k, v)
	{
		if (strcmp(k, "K") == 0)
			ck_assert_msg(r->k == json_integer_value(v), "%s %s K %d", id, pid, r->k);
		else if (strcmp(k, "games") == 0)
			ck_assert_msg(r->games == json_integer_value(v), "%s %s games %d", id, pid,
			              r->games);
		else if (strcmp(k, "W") == 0)
			near(r->w2 / 2.0, num(v), "W", id, pid);
		else if (strcmp(k, "We") == 0)
			ck_assert_msg(r->we == hund(v), "%s %s We %d", id, pid, r->we);
		else if (strcmp(k, "We_raw") == 0)
			ck_assert_msg(r->we_raw == hund(v), "%s %s We_raw %d", id, pid, r->we_raw);
		else if (strcmp(k, "B") == 0)
			ck_assert_msg(r->b == hund(v), "%s %s B %d", id, pid, r->b);
		else if (strcmp(k, "bonus_c") == 0)
			ck_assert_msg(r->c == hund(v), "%s %s c %d", id, pid, r->c);
		else if (strcmp(k, "delta") == 0)
			near((double)r->delta / U, num(v), "delta", id, pid);
		else if (strcmp(k, "Rn") == 0)
			near((double)r->rn / U, num(v), "Rn", id, pid);
		else if (strcmp(k, "new") == 0)
			ck_assert_msg(r->new_rating == json_integer_value(v), "%s %s new %d", id,
			              pid, r->new_rating);
		else if (strcmp(k, "Ro") == 0)
			ck_assert_msg(r->ro == json_integer_value(v), "%s %s Ro %d", id, pid,
			              r->ro);
		else if (strcmp(k, "floor") == 0)
			ck_assert_msg(r->floor == json_is_true(v), "%s %s floor", id, pid);
		else if (strcmp(k, "winner_rule") == 0)
			ck_assert_msg(r->winner_rule == json_is_true(v), "%s %s winner_rule", id,
			              pid);
		else if (strcmp(k, "source") == 0) {
			const char *s = json_string_value(v);
			bool perf = strcmp(s, "performance") == 0, ent = strcmp(s, "entry") == 0;
			ck_assert_msg(perf == r->performance && ent == vc->entry[p], "%s %s source",
			              id, pid);
		} else if (strcmp(k, "correction") == 0) {
			ck_assert_msg(r->ncorr == (int)json_array_size(v), "%s %s: %d corrections",
			              id, pid, r->ncorr);
			for (int c = 0; c < r->ncorr; c++) {
				json_t *e = json_array_get(v, (size_t)c);
				ck_assert_int_eq(r->corr[c].limit,
				                 json_integer_value(json_object_get(e, "limit")));
				ck_assert_msg(r->corr[c].up ==
				                      (strcmp(json_string_value(json_object_get(
				                                      e, "direction")),
				                              "up") == 0),
				              "%s %s direction", id, pid);
				near((double)r->corr[c].sigma / U, num(json_object_get(e, "sigma")),
				     "sigma", id, pid);
				near((double)r->corr[c].rk / U, num(json_object_get(e, "Rk")), "Rk",
				     id, pid);
			}
		} else if (strcmp(k, "performance") == 0) {
			ck_assert_msg(r->performance && r->has_rating, "%s %s performance", id,
			              pid);
			ck_assert_int_eq(r->perf.p100, hund(json_object_get(v, "P")));
			ck_assert_int_eq(r->perf.dp,
			                 json_integer_value(json_object_get(v, "D(P)")));
			ck_assert_int_eq(r->perf.rc, json_integer_value(json_object_get(v, "Rc")));
			ck_assert_int_eq(r->perf.rp, json_integer_value(json_object_get(v, "Rp")));
			json_t *passes = json_object_get(v, "passes");
			ck_assert_msg(r->perf.npasses == (int)json_array_size(passes),
			              "%s %s: %d passes", id, pid, r->perf.npasses);
			for (int i = 0; i < r->perf.npasses; i++)
				ck_assert_msg(r->perf.passes[i] ==
				                      json_integer_value(
				                              json_array_get(passes, (size_t)i)),
				              "%s %s pass %d: %d", id, pid, i, r->perf.passes[i]);
			ck_assert(r->perf.stable);
		} else {
			ck_abort_msg("%s %s: the test does not know the field \"%s\"", id, pid, k);
		}
	}
}

/* Every group case of rating.json, every figure. */
START_TEST(test_vectors_groups)
{
	json_t *root = tu_vectors("rating.json");
	json_t *cases = json_object_get(root, "cases");
	size_t ci;
	json_t *c;
	int groups = 0;
	json_array_foreach(cases, ci, c)
	{
		const char *id = json_string_value(json_object_get(c, "id"));
		json_t *input = json_object_get(c, "input"), *exp = json_object_get(c, "expected");
		if (!json_object_get(input, "players"))
			continue;
		groups++;
		static struct vcase vc;
		load_case(input, &vc, id);
		struct rating_group g = {vc.n, vc.players, vc.ngames, vc.games, vc.team};
		struct rating_group_result res;
		static struct rating_player_result out[64];
		char err[256] = "";
		int rc = rating_group_rate(&g, &res, out, err, sizeof err);
		ck_assert_msg(rc == CC_OK, "%s: %s", id, err);
		const char *k;
		json_t *v;
		json_object_foreach(exp, k, v)
		{
			if (strcmp(k, "method") == 0) {
				const char *m = json_string_value(v);
				enum rating_method want = strcmp(m, "average") == 0
				                                  ? RATING_METHOD_AVERAGE
				                                  : RATING_METHOD_DIFFERENCE;
				ck_assert_msg(res.method == want, "%s: method %d", id, res.method);
			} else if (strcmp(k, "round_robin") == 0) {
				ck_assert_msg(res.round_robin == json_is_true(v), "%s: round_robin",
				              id);
			} else if (strcmp(k, "cycles") == 0) {
				ck_assert_int_eq(res.cycles, json_integer_value(v));
			} else if (strcmp(k, "spread") == 0) {
				ck_assert_msg(res.spread == json_integer_value(v), "%s: spread %d",
				              id, res.spread);
			} else if (strcmp(k, "group_average") == 0) {
				ck_assert_msg(res.average == json_integer_value(v),
				              "%s: average %d", id, res.average);
			} else if (strcmp(k, "winners") == 0) {
				int want = 0;
				for (size_t i = 0; i < json_array_size(v); i++) {
					int p = vfind(&vc, json_string_value(json_array_get(v, i)));
					ck_assert_msg(out[p].winner, "%s: %s should be a winner",
					              id, vc.ids[p]);
					want++;
				}
				int got = 0;
				for (int p = 0; p < vc.n; p++)
					got += out[p].winner;
				ck_assert_msg(got == want, "%s: %d winners, want %d", id, got,
				              want);
			} else if (strcmp(k, "players") == 0) {
				const char *pid;
				json_t *pe;
				json_object_foreach(v, pid, pe)
				{
					int p = vfind(&vc, pid);
					check_player(id, pid, pe, &out[p], &vc, p);
				}
				ck_assert_int_eq((int)json_object_size(v), vc.n);
			} else {
				ck_abort_msg("%s: the test does not know the field \"%s\"", id, k);
			}
		}
	}
	ck_assert_msg(groups >= 7, "only %d group cases in rating.json", groups);
	json_decref(root);
}
END_TEST

/* The Elo coordination case(s) of rating.json (4.5.6). */
START_TEST(test_vectors_elo)
{
	json_t *root = tu_vectors("rating.json");
	json_t *cases = json_object_get(root, "cases");
	size_t ci;
	json_t *c;
	int found = 0;
	json_array_foreach(cases, ci, c)
	{
		const char *id = json_string_value(json_object_get(c, "id"));
		json_t *arr = json_object_get(json_object_get(c, "input"), "elo_adjustment");
		json_t *exp = json_object_get(c, "expected");
		if (!arr)
			continue;
		found++;
		size_t n = json_array_size(arr);
		struct rating_coord_player p[64];
		struct rating_coord_player_result out[64];
		struct rating_coord_result res;
		const char *ids[64];
		ck_assert_uint_le(n, 64);
		for (size_t i = 0; i < n; i++) {
			json_t *e = json_array_get(arr, i);
			ids[i] = json_string_value(json_object_get(e, "id"));
			p[i].dsu = (int)json_integer_value(json_object_get(e, "dsu"));
			p[i].elo = (int)json_integer_value(json_object_get(e, "elo"));
			p[i].elo_games = (int)json_integer_value(json_object_get(e, "elo_games"));
			json_t *cur = json_object_get(e, "current");
			p[i].current = cur ? (int)json_integer_value(cur) : RATING_NONE;
		}
		char err[256];
		ck_assert_int_eq(rating_coord_run(p, n, &res, out, err, sizeof err), CC_OK);
		const char *k;
		json_t *v;
		json_object_foreach(exp, k, v)
		{
			if (strcmp(k, "covered") == 0) {
				size_t cov = 0;
				for (size_t i = 0; i < n; i++)
					if (out[i].covered) {
						ck_assert_str_eq(
						        ids[i],
						        json_string_value(json_array_get(v, cov)));
						cov++;
					}
				ck_assert_uint_eq(cov, json_array_size(v));
			} else if (strcmp(k, "avg_dsu") == 0) {
				near((double)res.sum_dsu / res.covered, num(v), k, id, "");
			} else if (strcmp(k, "avg_elo") == 0) {
				near((double)res.sum_elo / res.covered, num(v), k, id, "");
			} else if (strcmp(k, "difference") == 0) {
				near((double)(res.sum_dsu - res.sum_elo) / res.covered, num(v), k,
				     id, "");
			} else if (strcmp(k, "N") == 0) {
				ck_assert_int_eq(res.n, json_integer_value(v));
			} else if (strcmp(k, "direction") == 0) {
				const char *d = json_string_value(v);
				ck_assert_int_eq(res.direction, strcmp(d, "down") == 0 ? -1
				                                : strcmp(d, "up") == 0 ? 1
				                                                       : 0);
			} else if (strcmp(k, "adjusted") == 0) {
				int moved = 0;
				for (size_t i = 0; i < n; i++) {
					json_t *a = json_object_get(v, ids[i]);
					ck_assert_msg(out[i].adjusted == (a != NULL),
					              "%s %s adjusted", id, ids[i]);
					if (!a)
						continue;
					moved++;
					ck_assert_int_eq(
					        out[i].from,
					        json_integer_value(json_object_get(a, "from")));
					ck_assert_int_eq(
					        out[i].by,
					        json_integer_value(json_object_get(a, "by")));
					ck_assert_int_eq(
					        out[i].to,
					        json_integer_value(json_object_get(a, "to")));
				}
				ck_assert_int_eq(moved, (int)json_object_size(v));
				ck_assert_int_eq(res.adjusted, moved);
			} else {
				ck_abort_msg("%s: the test does not know the field \"%s\"", id, k);
			}
		}
	}
	ck_assert_int_ge(found, 1);
	json_decref(root);
}
END_TEST

/* ---- the tables against rating_tables.json ---- */

/* Table 1, every D from -800 to 800, and the H + L = 1 check. */
START_TEST(test_table1)
{
	json_t *root = tu_vectors("rating_tables.json");
	json_t *rows = json_object_get(json_object_get(root, "table1_expected_score"), "rows");
	ck_assert_int_eq((int)json_array_size(rows), rating_table1_rows);
	for (int d = 0; d <= 800; d++) {
		int h = -1, l = -1;
		for (size_t i = 0; i < json_array_size(rows); i++) {
			json_t *r = json_array_get(rows, i);
			json_t *to = json_array_get(r, 1);
			if (d >= json_integer_value(json_array_get(r, 0)) &&
			    (json_is_null(to) || d <= json_integer_value(to))) {
				h = hund(json_array_get(r, 2));
				l = hund(json_array_get(r, 3));
			}
		}
		ck_assert_msg(h >= 0, "D %d in no band of the JSON", d);
		ck_assert_msg(rating_expected(d) == h, "P(+%d) = %d, want %d", d,
		              rating_expected(d), h);
		/* D = 0 takes column H (0.50 either way) */
		if (d > 0)
			ck_assert_msg(rating_expected(-d) == l, "P(-%d) = %d, want %d", d,
			              rating_expected(-d), l);
		ck_assert_int_eq(h + l, 100);
	}
	/* the examples of the vectors' work: 310 -> .86, -225 -> .22, 735 -> .99, 736 -> 1.00 */
	ck_assert_int_eq(rating_expected(310), 86);
	ck_assert_int_eq(rating_expected(-225), 22);
	ck_assert_int_eq(rating_expected(735), 99);
	ck_assert_int_eq(rating_expected(736), 100);
	ck_assert_int_eq(rating_expected(-736), 0);
	ck_assert_int_eq(rating_expected(-3), 50);
	ck_assert_int_eq(rating_expected(-4), 49);
	json_decref(root);
}
END_TEST

/* Table 2, every P; '*' at 0 and 1; the printed misprint kept (I-16). */
START_TEST(test_table2)
{
	json_t *root = tu_vectors("rating_tables.json");
	json_t *rows = json_object_get(json_object_get(root, "table2_rating_difference"), "rows");
	char err[128];
	ck_assert_int_eq((int)json_array_size(rows), 101);
	for (size_t i = 0; i < json_array_size(rows); i++) {
		json_t *r = json_array_get(rows, i);
		int p = hund(json_array_get(r, 0)), d = 12345;
		json_t *want = json_array_get(r, 1);
		int rc = rating_table2_lookup(p, &d, err, sizeof err);
		if (json_is_null(want)) {
			ck_assert_int_eq(rc, CC_ERR_INVALID);
			ck_assert(strstr(err, "no rating difference") != NULL);
		} else {
			ck_assert_int_eq(rc, CC_OK);
			ck_assert_msg(d == json_integer_value(want), "D(%d) = %d", p, d);
		}
	}
	int d;
	ck_assert_int_eq(rating_table2_lookup(9, &d, err, sizeof err), CC_OK);
	ck_assert_int_eq(d, -384); /* I-16: printed -384, not -383 */
	ck_assert_int_eq(rating_table2_lookup(91, &d, err, sizeof err), CC_OK);
	ck_assert_int_eq(d, 383);
	ck_assert_int_eq(rating_table2_lookup(101, &d, err, sizeof err), CC_ERR_RANGE);
	ck_assert_int_eq(rating_table2_lookup(-1, &d, err, sizeof err), CC_ERR_RANGE);
	json_decref(root);
}
END_TEST

/* Tables 3 and 4: every row, for every D in its band, equals the average
 * method's M * P(D) - 1/2 rounded to 0.05 as the lib computes
 * it; and a whole 6- and 8-player group gives the table's We. */
START_TEST(test_tables_3_4)
{
	json_t *root = tu_vectors("rating_tables.json");
	const char *keys[2] = {"table3_average_method_6_players",
	                       "table4_average_method_8_players"};
	const struct rating_avg_row *lib[2] = {rating_table3, rating_table4};
	const int librows[2] = {rating_table3_rows, rating_table4_rows};
	for (int t = 0; t < 2; t++) {
		int m = t == 0 ? 6 : 8;
		json_t *rows = json_object_get(json_object_get(root, keys[t]), "rows");
		ck_assert_int_eq((int)json_array_size(rows), librows[t]);
		for (size_t i = 0; i < json_array_size(rows); i++) {
			json_t *r = json_array_get(rows, i);
			int lo = (int)json_integer_value(json_array_get(r, 0));
			int hi = (int)json_integer_value(json_array_get(r, 1));
			int over = hund(json_array_get(r, 2)), under = hund(json_array_get(r, 3));
			ck_assert_int_eq(lib[t][i].d_from, lo);
			ck_assert_int_eq(lib[t][i].over, over);
			ck_assert_int_eq(lib[t][i].under, under);
			for (int d = lo; d <= hi; d++) {
				ck_assert_msg(rating_round_we(m * rating_expected(d) - 50) == over,
				              "table %d, D %d over", t + 3, d);
				if (d > 0)
					ck_assert_msg(rating_round_we(m * rating_expected(-d) -
					                              50) == under,
					              "table %d, D %d under", t + 3, d);
			}
		}
	}
	/* A 6-player round robin with Ra = 1800 and a player at 1900 (D 100):
	 * table 3 row 99-106 gives 3.35 over. */
	struct rating_player pl[6];
	int ro[6] = {1900, 1800, 1800, 1800, 1800, 1700};
	struct rating_game gm[15];
	size_t ng = 0;
	for (int i = 0; i < 6; i++)
		pl[i] = (struct rating_player){ro[i], RATING_NONE, false, false, false};
	for (int i = 0; i < 6; i++)
		for (int j = i + 1; j < 6; j++)
			gm[ng++] = (struct rating_game){i, j, RATING_GAME_PLAYED, 1, 1};
	struct rating_group g = {6, pl, ng, gm, false};
	struct rating_group_result res;
	struct rating_player_result out[6];
	char err[128];
	ck_assert_int_eq(rating_group_rate(&g, &res, out, err, sizeof err), CC_OK);
	ck_assert_int_eq(res.method, RATING_METHOD_AVERAGE);
	ck_assert_int_eq(res.average, 1800);
	ck_assert_int_eq(out[0].we, 335);
	ck_assert_int_eq(out[5].we, 165);
	ck_assert_int_eq(out[1].we, 250);
	json_decref(root);
}
END_TEST

/* K bands (4.5.2.3, I-1): each limit belongs to the band above. */
START_TEST(test_k)
{
	json_t *root = tu_vectors("rating_tables.json");
	json_t *rows = json_object_get(json_object_get(root, "development_coefficient_K"), "rows");
	for (int ro = 0; ro <= 3000; ro++) {
		int want = -1;
		for (size_t i = 0; i < json_array_size(rows); i++) {
			json_t *r = json_array_get(rows, i);
			json_t *lo = json_array_get(r, 0), *hi = json_array_get(r, 1);
			if ((json_is_null(lo) || ro >= json_integer_value(lo)) &&
			    (json_is_null(hi) || ro <= json_integer_value(hi)))
				want = (int)json_integer_value(json_array_get(r, 2));
		}
		ck_assert_msg(rating_k(ro) == want, "K(%d) = %d, want %d", ro, rating_k(ro), want);
	}
	ck_assert_int_eq(rating_k(2400), 10);
	ck_assert_int_eq(rating_k(2399), 20);
	ck_assert_int_eq(rating_k(2000), 20);
	ck_assert_int_eq(rating_k(1999), 30);
	ck_assert_int_eq(rating_k(1600), 30);
	ck_assert_int_eq(rating_k(1599), 45);
	json_decref(root);
}
END_TEST

/* Bonus threshold (4.5.2.2, I-10): the JSON rows, then the formula. */
START_TEST(test_bonus_c)
{
	json_t *root = tu_vectors("rating_tables.json");
	json_t *rows = json_object_get(json_object_get(root, "bonus_threshold"), "rows");
	for (size_t i = 0; i < json_array_size(rows); i++) {
		json_t *r = json_array_get(rows, i);
		for (json_int_t n = json_integer_value(json_array_get(r, 0));
		     n <= json_integer_value(json_array_get(r, 1)); n++)
			ck_assert_int_eq(rating_bonus_c((int)n), hund(json_array_get(r, 2)));
	}
	for (int n = 1; n <= 60; n++) {
		int want = n <= 5 ? 150 : 200 + 50 * ((n - 6) / 2); /* I-10 */
		ck_assert_msg(rating_bonus_c(n) == want, "c(%d) = %d", n, rating_bonus_c(n));
	}
	ck_assert_int_eq(rating_bonus_c(12), 350);
	ck_assert_int_eq(rating_bonus_c(15), 400);
	json_decref(root);
}
END_TEST

/* The limits' factors come from the JSON and are the K ratios. */
START_TEST(test_limit_table)
{
	json_t *root = tu_vectors("rating_tables.json");
	json_t *rows = json_object_get(json_object_get(root, "limit_crossing_correction"), "rows");
	ck_assert_int_eq((int)json_array_size(rows), rating_limit_rows);
	for (int i = 0; i < rating_limit_rows; i++) {
		const struct rating_limit_row *l = &rating_limits[i];
		ck_assert_int_eq(l->up_num * l->k_below, l->up_den * l->k_above);
		ck_assert_int_eq(l->down_num * l->k_above, l->down_den * l->k_below);
		ck_assert_int_eq(rating_k(l->rgr), l->k_above);
		ck_assert_int_eq(rating_k(l->rgr - 1), l->k_below);
	}
	ck_assert_int_eq(rating_entry_count, 8);
	for (int i = 0; i < rating_entry_count; i++)
		ck_assert_int_eq(rating_entry_values[i], 1000 + 100 * i); /* I-17 */
	json_decref(root);
}
END_TEST

/* ---- the arithmetic ---- */

START_TEST(test_rounding)
{
	/* R-10's examples: 3.34 -> 3.35, 3.82 -> 3.80, 3.33 -> 3.35, 3.72 -> 3.70 */
	ck_assert_int_eq(rating_round_we(334), 335);
	ck_assert_int_eq(rating_round_we(382), 380);
	ck_assert_int_eq(rating_round_we(333), 335);
	ck_assert_int_eq(rating_round_we(372), 370);
	ck_assert_int_eq(rating_round_we(396), 395); /* V7 */
	ck_assert_int_eq(rating_round_we(0), 0);
	ck_assert_int_eq(rating_round_we(-2), 0);
	ck_assert_int_eq(rating_round_we(-3), -5);
	/* I-4: whole average, .5 upward: 1676.67 -> 1677, 1689.5 -> 1690, 1728.25 -> 1728 */
	ck_assert_int_eq(rating_round_avg(5030, 3), 1677);
	ck_assert_int_eq(rating_round_avg(6758, 4), 1690);
	ck_assert_int_eq(rating_round_avg(6913, 4), 1728);
	ck_assert_int_eq(rating_round_avg(-3, 2), -1); /* -1.5 -> -1 (upward) */
	/* I-2: once, .5 upward */
	ck_assert_int_eq(rating_round_final((int64_t)18655 * U / 10), 1866);
	ck_assert_int_eq(rating_round_final((int64_t)16549 * U / 10), 1655);
	ck_assert_int_eq(rating_round_final((int64_t)14162 * U / 10 + U / 2), 1417);
	ck_assert_int_eq(rating_round_final((int64_t)2000 * U - 1), 2000);
	ck_assert_int_eq(rating_round_final((int64_t)2000 * U + U / 2 - 1), 2000);
}
END_TEST

/* R-14..R-16 and I-11/I-12, including two limits in one calculation. */
START_TEST(test_limit_correct)
{
	struct rating_correction c[4];
	int n;
	/* V1 C: 1985 -> 2016.5: up at 2000, sigma 16.5, Rk 2011 */
	int64_t v = rating_limit_correct(1985, (int64_t)20165 * U / 10, c, &n);
	ck_assert_int_eq(n, 1);
	ck_assert(c[0].up && c[0].limit == 2000 && c[0].sigma == 165 * U / 10);
	ck_assert(v == (int64_t)2011 * U);
	/* V5 A: 1610 -> 1535: down at 1600, sigma 65, Rk 1502.5 */
	v = rating_limit_correct(1610, (int64_t)1535 * U, c, &n);
	ck_assert_int_eq(n, 1);
	ck_assert(!c[0].up && c[0].sigma == 65 * U && v == (int64_t)15025 * U / 10);
	/* 2400 up: 2390 -> 2420: 2400 + 20/2 = 2410 */
	v = rating_limit_correct(2390, (int64_t)2420 * U, c, &n);
	ck_assert(n == 1 && v == (int64_t)2410 * U);
	/* 2400 down: 2405 -> 2395: 2400 - 2*5 = 2390 */
	v = rating_limit_correct(2405, (int64_t)2395 * U, c, &n);
	ck_assert(n == 1 && v == (int64_t)2390 * U);
	/* two limits upward (I-11): 1500 -> 2300: 1600 + 2/3*700 = 2066.667,
	 * then 2000 + 2/3*66.667 = 2044.444 */
	v = rating_limit_correct(1500, (int64_t)2300 * U, c, &n);
	ck_assert_int_eq(n, 2);
	ck_assert(c[0].limit == 1600 && c[0].rk == (int64_t)1600 * U + 700 * U * 2 / 3);
	ck_assert(c[1].limit == 2000 && c[1].sigma == c[0].rk - (int64_t)2000 * U);
	ck_assert(v == (int64_t)2000 * U + c[1].sigma * 2 / 3);
	ck_assert_int_eq(rating_round_final(v), 2044);
	/* one limit passed by Rn, but the corrected value stays below the next */
	v = rating_limit_correct(1590, (int64_t)2100 * U, c, &n);
	ck_assert_int_eq(n, 1); /* 1600 + 2/3*500 = 1933.33: 2000 not reached */
	ck_assert_int_eq(rating_round_final(v), 1933);
	/* two limits downward, the second from the corrected value:
	 * 2010 -> 1700: 2000 - 1.5*300 = 1550, then 1600 - 1.5*50 = 1525 */
	v = rating_limit_correct(2010, (int64_t)1700 * U, c, &n);
	ck_assert_int_eq(n, 2);
	ck_assert(c[0].limit == 2000 && c[0].rk == (int64_t)1550 * U);
	ck_assert(c[1].limit == 1600 && c[1].sigma == 50 * U && v == (int64_t)1525 * U);
	/* a limit is passed only when base < Rgr <= Rn (I-12): from exactly 2000 up */
	v = rating_limit_correct(2000, (int64_t)2030 * U, c, &n);
	ck_assert(n == 0 && v == (int64_t)2030 * U);
	/* to exactly 2000 from below: passed, sigma 0 */
	v = rating_limit_correct(1990, (int64_t)2000 * U, c, &n);
	ck_assert(n == 1 && c[0].sigma == 0 && v == (int64_t)2000 * U);
	/* down to exactly 2000 from above: not passed (Rn < Rgr needed) */
	v = rating_limit_correct(2010, (int64_t)2000 * U, c, &n);
	ck_assert(n == 0);
	/* no change */
	v = rating_limit_correct(1800, (int64_t)1800 * U, c, &n);
	ck_assert(n == 0 && v == (int64_t)1800 * U);
}
END_TEST

/* ---- groups built by hand ---- */

/* A round robin of n players, all draws except the listed results. */
static size_t rr(int n, struct rating_game *g)
{
	size_t k = 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			g[k++] = (struct rating_game){i, j, RATING_GAME_PLAYED, 1, 1};
	return k;
}

static int rate(struct rating_player *pl, int n, struct rating_game *gm, size_t ng, bool team,
                struct rating_group_result *res, struct rating_player_result *out, char *err)
{
	struct rating_group g = {n, pl, ng, gm, team};
	return rating_group_rate(&g, res, out, err, 256);
}

/* lib/rating/rating_input.c, table-driven: how each kind of stored game
 * counts (4.5.4.2; issue 21 items 4 and 12). */
START_TEST(test_stored_games)
{
	static const struct {
		const char *result, *how, *termination;
		int nmoves;
		const char *played;
		enum rating_game_kind kind;
		int a2, b2, sa2, sb2; /* rated points, standings points */
	} cases[] = {
	        /* by play: moves on the server, or an ending on the board */
	        {"1-0", "played", "resignation", 12, NULL, RATING_GAME_PLAYED, 2, 0, 2, 0},
	        {"1/2-1/2", NULL, "agreement", 0, NULL, RATING_GAME_PLAYED, 1, 1, 1, 1},
	        {"0-1", NULL, "time_forfeit", 0, NULL, RATING_GAME_NOSHOW, 0, 2, 0, 2},
	        /* a legacy TL result without moves: not rated */
	        {"1-0", NULL, "adjudication", 0, NULL, RATING_GAME_UNPLAYED, 2, 0, 2, 0},
	        /* item 12: reported and adjudicated results are rated whether or
	           not the moves are on the server; scored ones are not */
	        {"1-0", "reported", "", 0, NULL, RATING_GAME_PLAYED, 2, 0, 2, 0},
	        {"1/2-1/2", "adjudicated", "adjudication", 0, NULL, RATING_GAME_PLAYED, 1, 1, 1, 1},
	        {"0-1", "scored", "adjudication", 0, NULL, RATING_GAME_UNPLAYED, 0, 2, 0, 2},
	        {"0-1", "scored", "adjudication", 30, NULL, RATING_GAME_UNPLAYED, 0, 2, 0, 2},
	        /* item 4: 6.2.8 scored a finished game: rated as played */
	        {"0-1", "scored", "adjudication", 30, "1-0", RATING_GAME_PLAYED, 2, 0, 0, 2},
	        {"1-0", "scored", "adjudication", 0, "-+", RATING_GAME_NOSHOW, 0, 2, 2, 0},
	        /* 0-0, lost for both (6.3.3.4): not rated */
	        {"0-0", "played", "time_forfeit", 20, NULL, RATING_GAME_UNPLAYED, 0, 0, 0, 0},
	};
	char err[256];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct rating_stored in = {cases[i].result, cases[i].how, cases[i].termination,
		                           cases[i].nmoves, cases[i].played};
		struct rating_game g;
		int st[2];
		ck_assert_msg(rating_stored_game(&in, &g, st, err, sizeof err) == CC_OK,
		              "case %zu: %s", i, err);
		ck_assert_msg(g.kind == cases[i].kind, "case %zu: kind %d", i, g.kind);
		if (g.kind != RATING_GAME_UNPLAYED)
			ck_assert_msg(g.a2 == cases[i].a2 && g.b2 == cases[i].b2, "case %zu: %d-%d",
			              i, g.a2, g.b2);
		ck_assert_msg(st[0] == cases[i].sa2 && st[1] == cases[i].sb2, "case %zu standings",
		              i);
		/* the token kept when 6.2.8 scores it reads back the same */
		char tok[RATING_PLAYED_MAX];
		struct rating_stored orig = in;
		orig.played = NULL;
		ck_assert_int_eq(rating_played_token(&orig, tok, err, sizeof err), CC_OK);
		if (!cases[i].played) {
			struct rating_game back;
			if (*tok) {
				ck_assert_int_eq(
				        rating_result_parse(tok, NULL, &back, err, sizeof err),
				        CC_OK);
				ck_assert(back.kind == g.kind && back.a2 == g.a2 &&
				          back.b2 == g.b2);
			} else {
				ck_assert_int_eq(g.kind, RATING_GAME_UNPLAYED);
			}
		}
	}
	struct rating_stored bad = {"*", NULL, "", 0, NULL};
	struct rating_game g;
	ck_assert_int_eq(rating_stored_game(&bad, &g, NULL, err, sizeof err), CC_ERR_MALFORMED);
	bad = (struct rating_stored){"1-0", "guessed", "", 0, NULL};
	ck_assert_int_eq(rating_stored_game(&bad, &g, NULL, err, sizeof err), CC_ERR_MALFORMED);
	bad = (struct rating_stored){"1-0", "scored", "", 0, "2-0"};
	ck_assert_int_eq(rating_stored_game(&bad, &g, NULL, err, sizeof err), CC_ERR_MALFORMED);
}
END_TEST

/* Issue 21 item 4 (4.5.4.2, 4.1.2 §16 e, R-5): a player withdraws with 2½
 * from 3 played games of 6; 6.2.8 scores all 6 as lost (at most half
 * finished), the rating takes the 3 games as played: W = 2.5 from 3 games,
 * not 0 from 6.  Four players of 1800 plus him (1800); his three
 * unfinished games and the rest are draws among the others. */
START_TEST(test_withdrawal_rated_as_played)
{
	/* players 0..3, the withdrawn one is 4; pairs 0-4, 1-4, 2-4 finished
	   before (1-0 for him twice, a draw), 3-4 unfinished: scored */
	struct rating_game gm[10];
	size_t ng = 0;
	static const struct {
		int a, b;
		const char *result, *how, *played;
	} stored[] = {
	        {4, 0, "0-1", "scored", "1-0"},      {1, 4, "1-0", "scored", "0-1"},
	        {4, 2, "0-1", "scored", "1/2-1/2"},  {3, 4, "1-0", "scored", NULL},
	        {0, 1, "1/2-1/2", "played", NULL},   {0, 2, "1/2-1/2", "played", NULL},
	        {0, 3, "1/2-1/2", "reported", NULL}, {1, 2, "1/2-1/2", "played", NULL},
	        {1, 3, "1/2-1/2", "played", NULL},   {2, 3, "1/2-1/2", "played", NULL},
	};
	char err[256];
	for (size_t i = 0; i < 10; i++) {
		struct rating_stored in = {stored[i].result, stored[i].how, "", 8,
		                           stored[i].played};
		ck_assert_int_eq(rating_stored_game(&in, &gm[ng], NULL, err, sizeof err), CC_OK);
		gm[ng].a = stored[i].a;
		gm[ng].b = stored[i].b;
		ng++;
	}
	struct rating_player pl[5];
	for (int i = 0; i < 5; i++)
		pl[i] = (struct rating_player){1800, RATING_NONE, false, false, false};
	struct rating_group_result res;
	struct rating_player_result out[5];
	ck_assert_int_eq(rate(pl, 5, gm, ng, false, &res, out, err), CC_OK);
	ck_assert_int_eq(out[4].games, 3);
	ck_assert_int_eq(out[4].w2, 5); /* 2½ */
	ck_assert_int_gt(out[4].new_rating, 1800);
	ck_assert_int_eq(out[3].games, 3); /* the scored game is not his either */
	ck_assert_int_eq(res.rated_games, 9);
}
END_TEST

/* Issue 21 item 5 (4.5.5.1, 4.5.5.2 item 3, 6.7.6.2): the start rating:
 * the K-skak rating, else the OTB rating, else a performance rating for a
 * foreign player only, else a Danish newcomer's entry rating by the class
 * he entered; a Danish newcomer without a class cannot be rated. */
START_TEST(test_start_rating)
{
	int ro;
	enum rating_start_source src;
	char err[256];
	ck_assert_int_eq(
	        rating_start_of(2050, 1990, false, RATING_ENTRY_K, &ro, &src, err, sizeof err),
	        CC_OK);
	ck_assert(ro == 2050 && src == RATING_START_K);
	ck_assert_int_eq(rating_start_of(RATING_NONE, 1990, true, RATING_ENTRY_K, &ro, &src, err,
	                                 sizeof err),
	                 CC_OK);
	ck_assert(ro == 1990 && src == RATING_START_OTB);
	ck_assert_int_eq(rating_start_of(RATING_NONE, RATING_NONE, true, RATING_ENTRY_K, &ro, &src,
	                                 err, sizeof err),
	                 CC_OK);
	ck_assert(ro == RATING_NONE && src == RATING_START_PERFORMANCE);
	static const struct {
		enum rating_entry_class cls;
		int ro;
	} entry[] = {{RATING_ENTRY_AA, 1700},
	             {RATING_ENTRY_K, 1900},
	             {RATING_ENTRY_M, 2100},
	             {RATING_ENTRY_DM, 2100}};
	for (size_t i = 0; i < 4; i++) {
		ck_assert_int_eq(rating_start_of(RATING_NONE, RATING_NONE, false, entry[i].cls, &ro,
		                                 &src, err, sizeof err),
		                 CC_OK);
		ck_assert(ro == entry[i].ro && src == RATING_START_CLASS);
		ck_assert_int_eq(rating_entry_rating(entry[i].cls), entry[i].ro);
	}
	ck_assert_int_eq(rating_start_of(RATING_NONE, RATING_NONE, false, RATING_ENTRY_NONE, &ro,
	                                 &src, err, sizeof err),
	                 CC_ERR_INVALID);
	ck_assert(strstr(err, "4.5.5.1") != NULL);
	ck_assert_int_eq(rating_start_of(12000, RATING_NONE, false, RATING_ENTRY_NONE, &ro, &src,
	                                 err, sizeof err),
	                 CC_ERR_RANGE);
}
END_TEST

/* 4.5.2.5: the winner below expectation keeps his rating; the same score
 * without the winner flag loses. */
START_TEST(test_winner_rule)
{
	struct rating_player pl[2] = {{2100, RATING_NONE, false, true, false},
	                              {1900, RATING_NONE, false, false, false}};
	struct rating_game gm[1] = {{0, 1, RATING_GAME_PLAYED, 1, 1}};
	struct rating_group_result res;
	struct rating_player_result out[2];
	char err[256];
	/* a 2-player match is all-play-all (I-6), spread 200: average method,
	 * Ra 2000, P(+100) = .64, We = 2*.64 - .5 = 0.78 -> 0.80; W 0.5 < 0.80 */
	ck_assert_int_eq(rate(pl, 2, gm, 1, false, &res, out, err), CC_OK);
	ck_assert_int_eq(res.method, RATING_METHOD_AVERAGE);
	ck_assert_int_eq(out[0].we, 80);
	ck_assert(out[0].winner_rule && out[0].delta == 0 && out[0].new_rating == 2100);
	/* the other "winner" (both tied on ½) scored above 0.20: rated normally,
	 * 30 * 0.30 = 9 */
	ck_assert(!out[1].winner_rule);
	pl[1].winner = true;
	ck_assert_int_eq(rate(pl, 2, gm, 1, false, &res, out, err), CC_OK);
	ck_assert_int_eq(out[1].new_rating, 1909);
	/* without the flag: 20 * (0.5 - 0.8) = -6 */
	pl[0].winner = false;
	ck_assert_int_eq(rate(pl, 2, gm, 1, false, &res, out, err), CC_OK);
	ck_assert(!out[0].winner_rule && out[0].new_rating == 2094);
	/* in a team event nobody is an individual group winner (I-13) */
	pl[0].winner = true;
	ck_assert_int_eq(rate(pl, 2, gm, 1, true, &res, out, err), CC_OK);
	ck_assert(!out[0].winner && !out[0].winner_rule && out[0].new_rating == 2094);
	bool win[2];
	struct rating_group g = {2, pl, 1, gm, false};
	ck_assert_int_eq(rating_winners(&g, win), 2); /* I-13: both tied on ½ */
	g.team_event = true;
	ck_assert_int_eq(rating_winners(&g, win), 0);
}
END_TEST

/* I-14, I-9: a no-show is rated as a loss for the absent player
 * and, in the average method, the players involved get a new We over the
 * player and the opponents of their rated games. */
START_TEST(test_noshow_and_new_we)
{
	struct rating_player pl[4];
	int ro[4] = {1800, 1800, 1800, 1600};
	for (int i = 0; i < 4; i++)
		pl[i] = (struct rating_player){ro[i], RATING_NONE, false, false, false};
	struct rating_game gm[6];
	size_t ng = rr(4, gm); /* pairs 01 02 03 12 13 23 */
	struct rating_group_result res;
	struct rating_player_result out[4];
	char err[256];
	/* 0-3 unplayed, approved notice ('x'): not rated.  Spread 200, all-play-
	 * all: average.  Player 0 has rated games against 1 and 2 only:
	 * M = 3, Ra = 1800, P(0) = .50, We = 3*.5 - .5 = 1.00 (I-9).  Player 3
	 * against 1 and 2: Ra = (1600+3600)/3 = 1733.33 -> 1733, P(-133) = .32,
	 * We = 3*.32 - .5 = 0.46 -> 0.45.  Player 1 has all three: Ra over the
	 * four = 1750, P(+50) = .57, We = 4*.57 - .5 = 1.78 -> 1.80. */
	gm[2] = (struct rating_game){0, 3, RATING_GAME_UNPLAYED, 0, 0};
	ck_assert_int_eq(rate(pl, 4, gm, ng, false, &res, out, err), CC_OK);
	ck_assert_int_eq(res.method, RATING_METHOD_AVERAGE);
	ck_assert_int_eq(res.rated_games, 5);
	ck_assert_int_eq(out[0].games, 2);
	ck_assert_int_eq(out[0].we, 100);
	ck_assert_int_eq(out[3].we, 45);
	ck_assert_int_eq(out[1].we, 180);
	ck_assert_int_eq(res.average, 1750);
	/* the same game as a no-show by player 3 ('+'/'-'): rated, 1-0 (I-14) */
	gm[2] = (struct rating_game){0, 3, RATING_GAME_NOSHOW, 2, 0};
	ck_assert_int_eq(rate(pl, 4, gm, ng, false, &res, out, err), CC_OK);
	ck_assert_int_eq(res.rated_games, 6);
	ck_assert_int_eq(out[0].games, 3);
	ck_assert_int_eq(out[0].w2, 4); /* two draws and the forfeit win */
	ck_assert_int_eq(out[3].w2, 2);
	/* in a team event a no-show is never rated */
	ck_assert_int_eq(rate(pl, 4, gm, ng, true, &res, out, err), CC_OK);
	ck_assert_int_eq(res.rated_games, 5);
	/* a player absent from the whole tournament: none of his games rated,
	 * and he is out of the spread (I-6): 1800 only, spread 0 */
	gm[2] = (struct rating_game){0, 3, RATING_GAME_NOSHOW, 2, 0};
	gm[4] = (struct rating_game){1, 3, RATING_GAME_NOSHOW, 2, 0};
	gm[5] = (struct rating_game){2, 3, RATING_GAME_NOSHOW, 2, 0};
	ck_assert_int_eq(rate(pl, 4, gm, ng, false, &res, out, err), CC_OK);
	ck_assert_int_eq(res.rated_games, 3);
	ck_assert_int_eq(out[3].games, 0);
	ck_assert_int_eq(out[3].new_rating, 1600);
	ck_assert_int_eq(res.spread, 0);
	ck_assert(res.round_robin);
	/* the same given explicitly ("absent", R-4): the same figures */
	pl[3].absent = true;
	ck_assert_int_eq(rate(pl, 4, gm, ng, false, &res, out, err), CC_OK);
	ck_assert_int_eq(res.rated_games, 3);
	ck_assert_int_eq(out[3].games, 0);
	/* an absent player cannot have played, nor come to a no-show */
	pl[3].absent = true;
	gm[5] = (struct rating_game){2, 3, RATING_GAME_PLAYED, 1, 1};
	ck_assert_int_eq(rate(pl, 4, gm, ng, false, &res, out, err), CC_ERR_MALFORMED);
	ck_assert(strstr(err, "absent") != NULL);
	gm[5] = (struct rating_game){2, 3, RATING_GAME_NOSHOW, 0, 2};
	ck_assert_int_eq(rate(pl, 4, gm, ng, false, &res, out, err), CC_ERR_MALFORMED);
	gm[5] = (struct rating_game){2, 3, RATING_GAME_NOSHOW, 2, 0};
	pl[3].absent = false;
	/* a late reserve's game is not rated */
	gm[0] = (struct rating_game){0, 1, RATING_GAME_LATE_RESERVE, 2, 0};
	ck_assert_int_eq(rate(pl, 4, gm, ng, true, &res, out, err), CC_OK);
	ck_assert_int_eq(res.rated_games, 2);
}
END_TEST

/* R-22 / I-18: the increment comes from the start rating (its K and We),
 * the limit correction runs from the registered rating. */
START_TEST(test_registered)
{
	struct rating_player pl[2] = {{1980, RATING_NONE, false, false, false},
	                              {1980, RATING_NONE, false, false, false}};
	struct rating_game gm[2] = {{0, 1, RATING_GAME_PLAYED, 2, 0},
	                            {0, 1, RATING_GAME_PLAYED, 2, 0}};
	struct rating_group_result res;
	struct rating_player_result out[2];
	char err[256];
	/* double round robin of two at 1980: We = 2*(2*.5-.5) = 1.00, W = 2,
	 * K 30: +30.  Alone: 2010, passes 2000: 2000 + 2/3*10 = 2006.67 -> 2007 */
	ck_assert_int_eq(rate(pl, 2, gm, 2, false, &res, out, err), CC_OK);
	ck_assert_int_eq(res.cycles, 2);
	ck_assert_int_eq(out[0].we, 100);
	ck_assert_int_eq(out[0].new_rating, 2007);
	/* registered 2010 (another group finished first): 2010 + 30 = 2040, no
	 * limit passed from 2010 */
	pl[0].registered = 2010;
	ck_assert_int_eq(rate(pl, 2, gm, 2, false, &res, out, err), CC_OK);
	ck_assert_int_eq(out[0].k, 30);
	ck_assert_int_eq(out[0].ncorr, 0);
	ck_assert_int_eq(out[0].new_rating, 2040);
	/* registered 1990: 2020, passes 2000: 2000 + 2/3*20 = 2013.33 -> 2013 */
	pl[0].registered = 1990;
	ck_assert_int_eq(rate(pl, 2, gm, 2, false, &res, out, err), CC_OK);
	ck_assert_int_eq(out[0].new_rating, 2013);
	/* the loser: 30*(0-1) = -30 from 1980: 1950, floor not reached */
	ck_assert_int_eq(out[1].new_rating, 1950);
}
END_TEST

/* 4.5.2.6: below 1000 after the calculation -> 1000; the bonus (4.5.2.2). */
START_TEST(test_floor_and_bonus)
{
	struct rating_player pl[2] = {{1010, RATING_NONE, false, false, false},
	                              {1300, RATING_NONE, false, false, false}};
	struct rating_game gm[1] = {{0, 1, RATING_GAME_PLAYED, 0, 2}};
	struct rating_group_result res;
	struct rating_player_result out[2];
	char err[256];
	/* spread 290 > 200: difference.  0: P(-290) = .16; 45*(0-.15) = -6.75
	 * -> 1003.25 -> 1003.  1: P(+290) = .84 -> .85; 45*.15 = 6.75 -> 1306.75
	 * -> 1307 */
	ck_assert_int_eq(rate(pl, 2, gm, 1, false, &res, out, err), CC_OK);
	ck_assert_int_eq(res.method, RATING_METHOD_DIFFERENCE);
	ck_assert_int_eq(out[0].new_rating, 1003);
	ck_assert_int_eq(out[1].new_rating, 1307);
	pl[0].ro = 1000;
	pl[1].ro = 1000;
	/* both 1000, the loser: 45*(0-.5) = -22.5 -> 977.5 -> 1000 (floor) */
	ck_assert_int_eq(rate(pl, 2, gm, 1, false, &res, out, err), CC_OK);
	ck_assert(out[0].floor && out[0].new_rating == 1000);
	ck_assert(!out[1].floor && out[1].new_rating == 1023); /* 1022.5 -> 1023 */
	/* the bonus: 6 wins against 6 opponents at 1500, player 1500, K 45:
	 * We = 6*.5 = 3.00 (difference, not all-play-all), W 6, c(6) = 2,
	 * B = 6-3-2 = 1, delta 45*(3+1) = 180 -> 1680: passes 1600:
	 * 1600 + 2/3*80 = 1653.33 -> 1653 */
	struct rating_player p7[7];
	struct rating_game g7[6];
	for (int i = 0; i < 7; i++)
		p7[i] = (struct rating_player){1500, RATING_NONE, false, false, false};
	for (int i = 0; i < 6; i++)
		g7[i] = (struct rating_game){0, i + 1, RATING_GAME_PLAYED, 2, 0};
	struct rating_player_result o7[7];
	ck_assert_int_eq(rate(p7, 7, g7, 6, false, &res, o7, err), CC_OK);
	ck_assert(!res.round_robin && res.method == RATING_METHOD_DIFFERENCE);
	ck_assert_int_eq(o7[0].c, 200);
	ck_assert_int_eq(o7[0].b, 100);
	ck_assert(o7[0].delta == (int64_t)180 * U);
	ck_assert_int_eq(o7[0].new_rating, 1653);
}
END_TEST

/* I-15, O-3: the performance rating is refused at 0 % / 100 % and when
 * the player met no rated player; a performance player without rated
 * games gets nothing. */
START_TEST(test_performance_refused)
{
	struct rating_player pl[3] = {{1800, RATING_NONE, false, false, false},
	                              {0, RATING_NONE, true, false, false},
	                              {0, RATING_NONE, true, false, false}};
	struct rating_game gm[3] = {{0, 1, RATING_GAME_PLAYED, 0, 2},
	                            {0, 2, RATING_GAME_PLAYED, 1, 1},
	                            {1, 2, RATING_GAME_PLAYED, 1, 1}};
	struct rating_group_result res;
	struct rating_player_result out[3];
	char err[256];
	/* player 1: 1.5 of 2 = .75 -> 193; pass 0 vs 1800 only: 1993.  player
	 * 2: 1 of 2 = .50 -> 0; pass 0: 1800.  pass 1: 1 (1800+1800)/2 = 1800
	 * +193 = 1993; 2 (1800+1993)/2 = 1896.5 -> 1897.  pass 2: 1 (1800+1897)
	 * /2 = 1848.5 -> 1849 -> 2042; 2 1897.  ... it converges. */
	ck_assert_int_eq(rate(pl, 3, gm, 3, false, &res, out, err), CC_OK);
	ck_assert(out[1].perf.stable && out[2].perf.stable);
	ck_assert_int_eq(out[1].perf.passes[0], 1993);
	ck_assert_int_eq(out[2].perf.passes[1], 1897);
	ck_assert_int_eq(out[1].perf.passes[2], 2042);
	ck_assert_int_eq(out[1].ro, out[1].perf.rp);
	/* 100 %: undefined (table 2 '*') */
	gm[0].a2 = 0, gm[0].b2 = 2;
	gm[2] = (struct rating_game){1, 2, RATING_GAME_PLAYED, 2, 0};
	ck_assert_int_eq(rate(pl, 3, gm, 3, false, &res, out, err), CC_ERR_INVALID);
	ck_assert(strstr(err, "player 2") && strstr(err, "100 %"));
	/* met only another performance player */
	struct rating_game g2[2] = {{1, 2, RATING_GAME_PLAYED, 1, 1},
	                            {0, 1, RATING_GAME_UNPLAYED, 0, 0}};
	ck_assert_int_eq(rate(pl, 3, g2, 2, false, &res, out, err), CC_ERR_INVALID);
	ck_assert(strstr(err, "no rated player") != NULL);
	/* no rated game at all: no rating, and nothing to refuse */
	struct rating_game g3[1] = {{0, 1, RATING_GAME_UNPLAYED, 2, 0}};
	ck_assert_int_eq(rate(pl, 3, g3, 1, false, &res, out, err), CC_OK);
	ck_assert(!out[1].has_rating && out[1].new_rating == RATING_NONE);
	ck_assert_int_eq(res.method, RATING_METHOD_NONE);
	ck_assert_int_eq(out[0].new_rating, 1800);
}
END_TEST

/* Bad input: refused with a reason, never rated. */
START_TEST(test_bad_groups)
{
	struct rating_player pl[2] = {{1800, RATING_NONE, false, false, false},
	                              {1800, RATING_NONE, false, false, false}};
	struct rating_group_result res;
	struct rating_player_result out[2];
	char err[256];
	struct {
		struct rating_game g;
		int want;
		const char *why;
	} bad[] = {
	        {{0, 2, RATING_GAME_PLAYED, 1, 1}, CC_ERR_MALFORMED, "outside"},
	        {{-1, 1, RATING_GAME_PLAYED, 1, 1}, CC_ERR_MALFORMED, "outside"},
	        {{1, 1, RATING_GAME_PLAYED, 1, 1}, CC_ERR_MALFORMED, "against himself"},
	        {{0, 1, RATING_GAME_PLAYED, 2, 2}, CC_ERR_MALFORMED, "1 point"},
	        {{0, 1, RATING_GAME_NOSHOW, 1, 1}, CC_ERR_MALFORMED, "no-show"},
	        {{0, 1, RATING_GAME_PLAYED, 3, -1}, CC_ERR_MALFORMED, "points"},
	        {{0, 1, (enum rating_game_kind)9, 1, 1}, CC_ERR_MALFORMED, "kind"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		err[0] = '\0';
		ck_assert_int_eq(rate(pl, 2, &bad[i].g, 1, false, &res, out, err), bad[i].want);
		ck_assert_msg(strstr(err, bad[i].why) != NULL, "case %zu: %s", i, err);
	}
	struct rating_game ok = {0, 1, RATING_GAME_PLAYED, 1, 1};
	pl[1].ro = 10000;
	ck_assert_int_eq(rate(pl, 2, &ok, 1, false, &res, out, err), CC_ERR_RANGE);
	pl[1].ro = 1800;
	pl[1].registered = -5;
	ck_assert_int_eq(rate(pl, 2, &ok, 1, false, &res, out, err), CC_ERR_RANGE);
	pl[1].registered = RATING_NONE;
	ck_assert_int_eq(rate(pl, 0, &ok, 1, false, &res, out, err), CC_ERR_RANGE);
	ck_assert_int_eq(rate(pl, RATING_MAX_PLAYERS + 1, &ok, 1, false, &res, out, err),
	                 CC_ERR_RANGE);
}
END_TEST

/* The notation: cells, mirrors, game-list results. */
START_TEST(test_notation)
{
	struct rating_token t[4];
	int n;
	char err[256];
	ck_assert_int_eq(rating_cell_parse("1 ½", t, 4, &n, err, sizeof err), CC_OK);
	ck_assert(n == 2 && t[0].mine2 == 2 && t[1].mine2 == 1);
	ck_assert_int_eq(rating_cell_parse("", t, 4, &n, err, sizeof err), CC_OK);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(rating_cell_parse("*", t, 4, &n, err, sizeof err), CC_OK);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(rating_cell_parse("x1 r½ + -", t, 4, &n, err, sizeof err), CC_OK);
	ck_assert(n == 4 && t[0].kind == RATING_GAME_UNPLAYED && t[0].mine2 == 2);
	ck_assert(t[1].kind == RATING_GAME_LATE_RESERVE && t[2].kind == RATING_GAME_NOSHOW);
	ck_assert_int_eq(rating_cell_parse("2", t, 4, &n, err, sizeof err), CC_ERR_MALFORMED);
	ck_assert(strstr(err, "not a result") != NULL);
	ck_assert_int_eq(rating_cell_parse("1 1 1 1 1", t, 4, &n, err, sizeof err), CC_ERR_RANGE);
	ck_assert_int_eq(rating_cell_parse(NULL, t, 4, &n, err, sizeof err), CC_ERR_MALFORMED);

	const char *ok[9] = {"*", "1", "x1", "0", "*", "½", "x", "½", "*"};
	struct rating_game g[8];
	size_t ng;
	ck_assert_int_eq(rating_crosstable_games(3, ok, g, 8, &ng, err, sizeof err), CC_OK);
	ck_assert_uint_eq(ng, 3);
	ck_assert(g[0].a == 0 && g[0].b == 1 && g[0].a2 == 2 && g[0].b2 == 0);
	ck_assert(g[1].kind == RATING_GAME_UNPLAYED && g[1].a2 == 2 && g[1].b2 == 0);
	ck_assert(g[2].a == 1 && g[2].b == 2 && g[2].a2 == 1);
	/* a cell holds any number of games: a match of twelve; out NULL counts */
	const char *match[4] = {"*", "1 ½ 0 1 1 ½ 0 1 ½ 1 0 0", "0 ½ 1 0 0 ½ 1 0 ½ 0 1 1", "*"};
	ck_assert_int_eq(rating_crosstable_games(2, match, NULL, 0, &ng, err, sizeof err), CC_OK);
	ck_assert_uint_eq(ng, 12);
	ck_assert_int_eq(rating_crosstable_games(2, match, g, 8, &ng, err, sizeof err),
	                 CC_ERR_RANGE);
	struct rating_game g12[12];
	ck_assert_int_eq(rating_crosstable_games(2, match, g12, 12, &ng, err, sizeof err), CC_OK);
	ck_assert(ng == 12 && g12[11].a2 == 0 && g12[11].b2 == 2 && g12[1].a2 == 1);
	const char *mism[4] = {"*", "1", "1", "*"};
	ck_assert_int_eq(rating_crosstable_games(2, mism, g, 8, &ng, err, sizeof err),
	                 CC_ERR_MALFORMED);
	ck_assert(strstr(err, "does not mirror") != NULL);
	const char *count[4] = {"*", "1 0", "0", "*"};
	ck_assert_int_eq(rating_crosstable_games(2, count, g, 8, &ng, err, sizeof err),
	                 CC_ERR_MALFORMED);
	const char *noshow[4] = {"*", "+", "+", "*"};
	ck_assert_int_eq(rating_crosstable_games(2, noshow, g, 8, &ng, err, sizeof err),
	                 CC_ERR_MALFORMED);
	const char *full[4] = {"*", "1 1", "0 0", "*"};
	ck_assert_int_eq(rating_crosstable_games(2, full, g, 1, &ng, err, sizeof err),
	                 CC_ERR_RANGE);

	struct rating_game gm;
	ck_assert_int_eq(rating_result_parse("1-0", NULL, &gm, err, sizeof err), CC_OK);
	ck_assert(gm.kind == RATING_GAME_PLAYED && gm.a2 == 2 && gm.b2 == 0);
	ck_assert_int_eq(rating_result_parse("-+", "", &gm, err, sizeof err), CC_OK);
	ck_assert(gm.kind == RATING_GAME_NOSHOW && gm.a2 == 0 && gm.b2 == 2);
	ck_assert_int_eq(rating_result_parse("1/2-1/2", "late_reserve", &gm, err, sizeof err),
	                 CC_OK);
	ck_assert(gm.kind == RATING_GAME_LATE_RESERVE && gm.a2 == 1);
	ck_assert_int_eq(rating_result_parse("+-", "late_reserve", &gm, err, sizeof err),
	                 CC_ERR_MALFORMED);
	ck_assert_int_eq(rating_result_parse("1-0", "forfeit", &gm, err, sizeof err),
	                 CC_ERR_MALFORMED);
	ck_assert_int_eq(rating_result_parse("2-0", NULL, &gm, err, sizeof err), CC_ERR_MALFORMED);
	ck_assert_int_eq(rating_result_parse(NULL, NULL, &gm, err, sizeof err), CC_ERR_MALFORMED);
}
END_TEST

/* 4.5.6 beyond V14: under 25, upward, half-way, the scale's edges. */
START_TEST(test_coord)
{
	struct rating_coord_player p[3];
	struct rating_coord_player_result out[3];
	struct rating_coord_result res;
	char err[256];
	/* averages 2224.0 vs 2200: difference 24 < 25: nothing */
	p[0] = (struct rating_coord_player){2224, 2200, 40, RATING_NONE};
	ck_assert_int_eq(rating_coord_run(p, 1, &res, out, err, sizeof err), CC_OK);
	ck_assert(res.covered == 1 && res.n == 0 && res.direction == 0 && !out[0].adjusted);
	/* Danish 2300 vs Elo 2327.5 (two players): -27.5 -> N 30 (half-way
	 * upward, I-20), Danish ratings go up: 2300 > 2250: +30; 2245 in
	 * 2241-2250: +29 */
	p[0] = (struct rating_coord_player){2300, 2330, 40, RATING_NONE};
	p[1] = (struct rating_coord_player){2245, 2270, 40, RATING_NONE};
	ck_assert_int_eq(rating_coord_run(p, 2, &res, out, err, sizeof err), CC_OK);
	ck_assert_int_eq(res.n, 30);
	ck_assert_int_eq(res.direction, 1);
	ck_assert(out[0].by == 30 && out[0].to == 2330);
	ck_assert(out[1].by == 29 && out[1].to == 2274);
	/* 27.4 -> 25 (2.4 from 25, 2.6 from 30): 5 players can give .4 */
	ck_assert_int_eq(rating_coord_minus(2251), 0);
	ck_assert_int_eq(rating_coord_minus(2250), 1);
	ck_assert_int_eq(rating_coord_minus(2111), 14);
	ck_assert_int_eq(rating_coord_minus(2110), 15);
	ck_assert_int_eq(rating_coord_minus(2101), 15);
	ck_assert_int_eq(rating_coord_minus(2100), -1); /* I-20: 2100 not adjusted */
	ck_assert_int_eq(rating_coord_minus(1900), -1);
	/* a covered player at exactly 2100 on the adjustment date is not moved */
	p[0] = (struct rating_coord_player){2400, 2350, 40, RATING_NONE};
	p[1] = (struct rating_coord_player){2150, 2100 + 1, 40, 2100};
	ck_assert_int_eq(rating_coord_run(p, 2, &res, out, err, sizeof err), CC_OK);
	ck_assert(out[1].covered && !out[1].adjusted && out[1].to == 2100);
	ck_assert(out[0].adjusted && out[0].by < 0);
	/* not covered: 30 games, 2100 on a list */
	p[0] = (struct rating_coord_player){2400, 2350, 30, RATING_NONE};
	p[1] = (struct rating_coord_player){2100, 2350, 40, RATING_NONE};
	p[2] = (struct rating_coord_player){2400, RATING_NONE, 40, RATING_NONE};
	ck_assert_int_eq(rating_coord_run(p, 3, &res, out, err, sizeof err), CC_OK);
	ck_assert(res.covered == 0 && res.n == 0);
	p[0].dsu = 10000;
	ck_assert_int_eq(rating_coord_run(p, 1, &res, out, err, sizeof err), CC_ERR_RANGE);
}
END_TEST

/* DSU 4.5.5.1 items 4-5 (issue 22): off the list after more than 3 years,
 * a fresh start after more than 5; 29 February counts to 28 February. */
START_TEST(test_rating_list_status)
{
	int32_t last, d;
	ck_assert_int_eq(calendar_parse("2027-09-01", &last, NULL, 0), CC_OK);
	ck_assert_int_eq(rating_list_status(INT32_MIN, last), RATING_LISTED);
	ck_assert_int_eq(rating_list_status(last, last), RATING_LISTED);
	ck_assert_int_eq(calendar_parse("2030-09-01", &d, NULL, 0), CC_OK);
	ck_assert_int_eq(rating_list_status(last, d), RATING_LISTED);
	ck_assert_int_eq(rating_list_status(last, d + 1), RATING_OFF_LIST);
	ck_assert_int_eq(calendar_parse("2032-09-01", &d, NULL, 0), CC_OK);
	ck_assert_int_eq(rating_list_status(last, d), RATING_OFF_LIST);
	ck_assert_int_eq(rating_list_status(last, d + 1), RATING_FRESH_START);
	ck_assert_int_eq(calendar_parse("2028-02-29", &last, NULL, 0), CC_OK);
	ck_assert_int_eq(calendar_parse("2031-02-28", &d, NULL, 0), CC_OK);
	ck_assert_int_eq(rating_list_status(last, d), RATING_LISTED);
	ck_assert_int_eq(rating_list_status(last, d + 1), RATING_OFF_LIST);
	ck_assert_str_eq(rating_list_status_name(RATING_FRESH_START), "fresh_start");
	ck_assert_str_eq(rating_list_status_name(RATING_LISTED), "listed");
}
END_TEST

/* DSU 4.5.5.1 item 5 (issue 22): a fresh start only after more than 5
 * years since the last rated result; none without a result. */
START_TEST(test_starts_afresh)
{
	int32_t last, d;
	ck_assert_int_eq(calendar_parse("2021-06-30", &last, NULL, 0), CC_OK);
	ck_assert_int_eq(calendar_parse("2026-06-30", &d, NULL, 0), CC_OK);
	ck_assert(!rating_starts_afresh(last, d));
	ck_assert(rating_starts_afresh(last, d + 1));
	ck_assert(!rating_starts_afresh(last, d - 400)); /* off the list: archived, used again */
	ck_assert(!rating_starts_afresh(INT32_MIN, d + 1));
}
END_TEST

/* DSU 4.5.4.3 (issue 22): a foreign result rated as the group it came
 * from.  By hand (table 1): Ro 1800 against 2000 (1), 1900 (½), 1700 (0),
 * 1650 (1): We .24 + .36 + .64 + .70 = 1.94 -> 1.95, W 2.5, K 30, c 1.5 (4
 * games) so B 0: 1800 + 30 * 0.55 = 1816.5 -> 1817 (difference method,
 * the spread 350 > 200 and no all-play-all). */
START_TEST(test_foreign_result)
{
	struct rating_foreign_game g[] = {{2000, 2}, {1900, 1}, {1700, 0}, {1650, 2}};
	struct rating_group_result res;
	struct rating_player_result r;
	char err[200];
	ck_assert_int_eq(rating_foreign_rate(1800, RATING_NONE, g, 4, false, false, &res, &r, err,
	                                     sizeof err),
	                 CC_OK);
	ck_assert_int_eq(res.method, RATING_METHOD_DIFFERENCE);
	ck_assert_int_eq(r.games, 4);
	ck_assert_int_eq(r.w2, 5);
	ck_assert_int_eq(r.we, 195);
	ck_assert_int_eq(r.k, 30);
	ck_assert_int_eq(r.b, 0);
	ck_assert_int_eq(r.new_rating, 1817);
	/* the same as a single all-play-all: still the difference method (the
	 * spread is over 200) */
	ck_assert_int_eq(rating_foreign_rate(1800, RATING_NONE, g, 4, true, false, &res, &r, err,
	                                     sizeof err),
	                 CC_OK);
	ck_assert_int_eq(res.method, RATING_METHOD_DIFFERENCE);
	ck_assert_int_eq(r.new_rating, 1817);
	/* an all-play-all within 200: the average method, M = 5 with him, Ra
	 * (1800 + 1850 + 1900 + 1750 + 1700) / 5 = 1800: We = 5 * .50 - .5 = 2.00 */
	struct rating_foreign_game rr[] = {{1850, 2}, {1900, 1}, {1750, 1}, {1700, 0}};
	ck_assert_int_eq(rating_foreign_rate(1800, RATING_NONE, rr, 4, true, false, &res, &r, err,
	                                     sizeof err),
	                 CC_OK);
	ck_assert_int_eq(res.method, RATING_METHOD_AVERAGE);
	ck_assert_int_eq(r.we, 200);
	ck_assert_int_eq(r.new_rating, 1800);
	/* the registered rating takes the increment: W 2 = We, 0 */
	ck_assert_int_eq(
	        rating_foreign_rate(1800, 1900, rr, 4, true, false, &res, &r, err, sizeof err),
	        CC_OK);
	ck_assert_int_eq(r.new_rating, 1900);
	/* a group winner below expectation keeps his rating (4.5.2.5) */
	struct rating_foreign_game low[] = {{1700, 1}, {1700, 1}, {1700, 1}};
	ck_assert_int_eq(rating_foreign_rate(1800, RATING_NONE, low, 3, false, false, &res, &r, err,
	                                     sizeof err),
	                 CC_OK);
	ck_assert_int_lt(r.new_rating, 1800);
	ck_assert_int_eq(rating_foreign_rate(1800, RATING_NONE, low, 3, false, true, &res, &r, err,
	                                     sizeof err),
	                 CC_OK);
	ck_assert_int_eq(r.new_rating, 1800);
	/* refused */
	ck_assert_int_eq(rating_foreign_rate(1800, RATING_NONE, g, 0, false, false, &res, &r, err,
	                                     sizeof err),
	                 CC_ERR_RANGE);
	struct rating_foreign_game bad[] = {{2000, 3}};
	ck_assert_int_eq(rating_foreign_rate(1800, RATING_NONE, bad, 1, false, false, &res, &r, err,
	                                     sizeof err),
	                 CC_ERR_MALFORMED);
	struct rating_foreign_game far[] = {{12000, 2}};
	ck_assert_int_eq(rating_foreign_rate(1800, RATING_NONE, far, 1, false, false, &res, &r, err,
	                                     sizeof err),
	                 CC_ERR_RANGE);
}
END_TEST

TU_MAIN("rating", 0, test_vectors_groups, test_vectors_elo, test_table1, test_table2,
        test_tables_3_4, test_k, test_bonus_c, test_limit_table, test_rounding, test_limit_correct,
        test_winner_rule, test_stored_games, test_withdrawal_rated_as_played, test_start_rating,
        test_noshow_and_new_we, test_registered, test_rating_list_status, test_floor_and_bonus,
        test_performance_refused, test_bad_groups, test_notation, test_coord, test_starts_afresh,
        test_foreign_result)
