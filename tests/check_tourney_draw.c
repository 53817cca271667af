/* check_tourney_draw.c: the draws of lib/tourney/dsu_draw.c (issue 26):
 * the seats by lot with the random numbers fixed (R27), a player's two
 * cup entries (R44) and who goes on from a cup group (DSU 6.6.1.3-4).
 *
 * Table-driven: every case of tests/fixtures/draw_cases.json (each with
 * how its answer was worked out by hand) is run through the lib function
 * and compared with its expected answer; then the properties the cases
 * cannot show (every order equally likely); and the pairings every
 * tournament is made with (dsu_round_robin(), dsu_team_schedule()): each
 * pair meets as often as it should, the colours balance. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tourney/dsu_cup.h"
#include "tourney/dsu_draw.h"
#include "tourney/dsu_group.h"
#include "tourney/dsu_team.h"
#include "util/status.h"
#include "testutil.h"

#ifndef FIXTURES_DIR
#error "FIXTURES_DIR must name tests/fixtures"
#endif

/* An rng that answers a fixed list of numbers, in order. */
struct script {
	const uint32_t *v;
	size_t n, at;
};

static uint32_t scripted(void *ctx, uint32_t bound)
{
	struct script *s = ctx;
	ck_assert_msg(s->at < s->n, "the draw asked for more numbers than the case gives");
	(void)bound;
	return s->v[s->at++];
}

static json_t *cases(const char *section)
{
	static json_t *doc;
	if (!doc) {
		json_error_t e;
		doc = json_load_file(FIXTURES_DIR "/draw_cases.json", 0, &e);
		ck_assert_msg(doc != NULL, "draw_cases.json: %s", e.text);
	}
	json_t *arr = json_object_get(doc, section);
	ck_assert_msg(json_is_array(arr) && json_array_size(arr) > 0, "no %s cases", section);
	return arr;
}

static const char *id_of(json_t *c)
{
	return json_string_value(json_object_get(c, "id"));
}

START_TEST(lots_cases)
{
	json_t *arr = cases("lots");
	size_t i;
	json_t *c;
	json_array_foreach(arr, i, c)
	{
		int n = (int)json_integer_value(json_object_get(c, "n"));
		json_t *draws = json_object_get(c, "draws");
		uint32_t v[DSU_MAX_PLAYERS];
		size_t nd = json_array_size(draws);
		for (size_t k = 0; k < nd; k++)
			v[k] = (uint32_t)json_integer_value(json_array_get(draws, k));
		struct script s = {v, nd, 0};
		struct dsu_rng rng = {scripted, &s};
		int order[DSU_MAX_PLAYERS];
		char err[160];
		int rc = dsu_draw_order(n, &rng, order, err, sizeof err);
		if (json_is_true(json_object_get(c, "error"))) {
			ck_assert_msg(rc == CC_ERR_RANGE, "%s: an out-of-range draw is refused",
			              id_of(c));
			continue;
		}
		ck_assert_msg(rc == CC_OK, "%s: %s", id_of(c), err);
		ck_assert_msg(s.at == nd, "%s: %zu draws used, %zu given", id_of(c), s.at, nd);
		json_t *want = json_object_get(c, "order");
		ck_assert_int_eq((int)json_array_size(want), n);
		for (int k = 0; k < n; k++)
			ck_assert_msg(order[k] ==
			                      json_integer_value(json_array_get(want, (size_t)k)),
			              "%s: seat %d holds item %d", id_of(c), k + 1, order[k]);
	}
}
END_TEST

/* R27 by lot: with a uniform rng every order is equally likely.  For n =
 * 5 there are 5! = 120 sequences of draws (5 choices for seat 5, 4 for
 * seat 4, ...), each as likely as the others; they give 120 different
 * orders, so every order has the chance 1/120. */
START_TEST(lots_every_order_once)
{
	enum { N = 5, ORDERS = 120 };
	static int seen[ORDERS][N];
	int nseen = 0;
	for (int code = 0; code < ORDERS; code++) {
		uint32_t v[N - 1];
		int x = code;
		for (int i = N - 1, k = 0; i > 0; i--, k++) { /* seat i+1 draws from i+1 */
			v[k] = (uint32_t)(x % (i + 1));
			x /= i + 1;
		}
		struct script s = {v, N - 1, 0};
		struct dsu_rng rng = {scripted, &s};
		int order[N];
		ck_assert_int_eq(dsu_draw_order(N, &rng, order, NULL, 0), CC_OK);
		bool is_perm[N] = {false};
		for (int k = 0; k < N; k++) {
			ck_assert(order[k] >= 0 && order[k] < N && !is_perm[order[k]]);
			is_perm[order[k]] = true;
		}
		for (int j = 0; j < nseen; j++)
			ck_assert_msg(memcmp(seen[j], order, sizeof order) != 0,
			              "two draw sequences give the same order");
		memcpy(seen[nseen++], order, sizeof order);
	}
	ck_assert_int_eq(nseen, ORDERS);
	ck_assert_int_eq(dsu_draw_order(DSU_MAX_PLAYERS + 1, NULL, NULL, NULL, 0), CC_ERR_RANGE);
	ck_assert_int_eq(dsu_draw_order(-1, NULL, NULL, NULL, 0), CC_ERR_RANGE);
}
END_TEST

START_TEST(entries_cases)
{
	json_t *arr = cases("entries");
	size_t i;
	json_t *c;
	json_array_foreach(arr, i, c)
	{
		json_t *users = json_object_get(c, "users"),
		       *semi = json_object_get(c, "wants_semifinal");
		int n = (int)json_array_size(users);
		int64_t u[16];
		bool w[16];
		ck_assert_int_le(n, 16);
		for (int k = 0; k < n; k++) {
			u[k] = json_integer_value(json_array_get(users, (size_t)k));
			w[k] = json_is_true(json_array_get(semi, (size_t)k));
		}
		int bad = -1;
		char err[160];
		int rc = dsu_cup_entries_check(u, w, n, &bad, err, sizeof err);
		json_t *want = json_object_get(c, "bad");
		if (want) {
			ck_assert_msg(rc == CC_ERR_ILLEGAL, "%s: refused", id_of(c));
			ck_assert_msg(bad == json_integer_value(want), "%s: entry %d named, not %d",
			              id_of(c), bad, (int)json_integer_value(want));
			ck_assert_msg(strstr(err, "6.6.1.2"), "%s: the message cites the rule",
			              id_of(c));
		} else {
			ck_assert_msg(rc == CC_OK, "%s: %s", id_of(c), err);
		}
	}
	/* without the semifinal requests, two entries are fine */
	int64_t two[] = {3, 3};
	int bad;
	ck_assert_int_eq(dsu_cup_entries_check(two, NULL, 2, &bad, NULL, 0), CC_OK);
}
END_TEST

START_TEST(separate_cases)
{
	json_t *arr = cases("separate");
	size_t i;
	json_t *c;
	json_array_foreach(arr, i, c)
	{
		json_t *users = json_object_get(c, "users"), *groups = json_object_get(c, "groups");
		int ns = (int)json_array_size(users);
		int64_t u[32];
		int g[32];
		ck_assert_int_le(ns, 32);
		ck_assert_int_eq((int)json_array_size(groups), ns);
		for (int k = 0; k < ns; k++) {
			u[k] = json_integer_value(json_array_get(users, (size_t)k));
			g[k] = (int)json_integer_value(json_array_get(groups, (size_t)k));
		}
		char err[160];
		int rc = dsu_cup_separate(u, ns, g, err, sizeof err);
		if (json_is_true(json_object_get(c, "error"))) {
			ck_assert_msg(rc == CC_ERR_ILLEGAL, "%s: no swap fits", id_of(c));
			continue;
		}
		ck_assert_msg(rc == CC_OK, "%s: %s", id_of(c), err);
		json_t *want = json_object_get(c, "expected");
		for (int k = 0; k < ns; k++)
			ck_assert_msg(g[k] == json_integer_value(json_array_get(want, (size_t)k)),
			              "%s: seed %d in group %d", id_of(c), k + 1, g[k]);
		/* and the invariant itself: nobody twice in a group */
		for (int a = 0; a < ns; a++)
			for (int b = a + 1; b < ns; b++)
				ck_assert_msg(!(u[a] == u[b] && g[a] == g[b]),
				              "%s: user %lld twice", id_of(c), (long long)u[a]);
	}
}
END_TEST

/* S06's groups are the serpentine deal of 13 seeds into a 7 and a 6. */
START_TEST(separate_case_groups_are_serpentine)
{
	int sizes[4], group[13];
	int ng = dsu_cup_group_sizes(13, sizes, 4, NULL, 0);
	ck_assert_int_eq(ng, 2);
	ck_assert_int_eq(dsu_cup_serpentine(13, sizes, ng, group, NULL, 0), CC_OK);
	static const int want[13] = {0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0};
	for (int s = 0; s < 13; s++)
		ck_assert_int_eq(group[s], want[s]);
}
END_TEST

static int seat_of(json_t *players, const char *name)
{
	for (size_t k = 0; k < json_array_size(players); k++)
		if (strcmp(json_string_value(json_array_get(players, k)), name) == 0)
			return (int)k;
	ck_abort_msg("no player %s", name);
	return -1;
}

START_TEST(qualifiers_cases)
{
	json_t *arr = cases("qualifiers");
	size_t i;
	json_t *c;
	json_array_foreach(arr, i, c)
	{
		json_t *players = json_object_get(c, "players"),
		       *games = json_object_get(c, "games");
		int n = (int)json_array_size(players);
		struct dsu_game g[64];
		size_t ng = json_array_size(games);
		ck_assert_uint_le(ng, 64);
		for (size_t k = 0; k < ng; k++) {
			json_t *x = json_array_get(games, k);
			g[k].white = seat_of(players, json_string_value(json_array_get(x, 0)));
			g[k].black = seat_of(players, json_string_value(json_array_get(x, 1)));
			ck_assert_int_eq(dsu_result_parse(json_string_value(json_array_get(x, 2)),
			                                  &g[k].result),
			                 CC_OK);
		}
		enum dsu_event ev;
		ck_assert_int_eq(
		        dsu_event_parse(json_string_value(json_object_get(c, "event")), &ev),
		        CC_OK);
		struct dsu_standing s[16];
		char err[160];
		ck_assert_int_le(n, 16);
		ck_assert_msg(dsu_standings(ev, n, g, ng, NULL, s, NULL, err, sizeof err) == CC_OK,
		              "%s: %s", id_of(c), err);
		/* the players' user ids are their seat + 1 */
		int64_t user[16], q[16];
		for (int k = 0; k < n; k++)
			user[k] = k + 1;
		int nq = 0;
		json_t *already = json_object_get(c, "already");
		for (size_t k = 0; k < json_array_size(already); k++)
			q[nq++] =
			        seat_of(players, json_string_value(json_array_get(already, k))) + 1;
		int advance = (int)json_integer_value(json_object_get(c, "advance"));
		ck_assert_msg(dsu_cup_qualifiers(s, n, user, advance, q, &nq, 16, err,
		                                 sizeof err) == CC_OK,
		              "%s: %s", id_of(c), err);
		json_t *want = json_object_get(c, "expected");
		ck_assert_msg(nq == (int)json_array_size(want), "%s: %d go on, not %zu", id_of(c),
		              nq, json_array_size(want));
		for (int k = 0; k < nq; k++)
			ck_assert_msg(q[k] == seat_of(players, json_string_value(json_array_get(
			                                               want, (size_t)k))) +
			                              1,
			              "%s: place %d of those who go on is user %lld", id_of(c),
			              k + 1, (long long)q[k]);
	}
}
END_TEST

/* A full list is refused, and a cut below 1. */
START_TEST(qualifiers_room_and_cut)
{
	struct dsu_standing s[2] = {{.player = 0, .place_lo = 1, .place_hi = 1},
	                            {.player = 1, .place_lo = 2, .place_hi = 2}};
	int64_t user[2] = {10, 11}, q[1];
	int nq = 0;
	ck_assert_int_eq(dsu_cup_qualifiers(s, 2, user, 2, q, &nq, 1, NULL, 0), CC_ERR_NOMEM);
	ck_assert_int_eq(nq, 1);
	nq = 0;
	ck_assert_int_eq(dsu_cup_qualifiers(s, 2, user, 0, q, &nq, 1, NULL, 0), CC_ERR_RANGE);
	ck_assert_int_eq(nq, 0);
}
END_TEST

/* ---- the pairings of a round robin (R28, I-5, I-32) and of the team
 * championship (R56, R57) ---- */

/* The pairings of the tie-breaks' seats (team * boards + board - 1) are
 * those of the production path, dsu_team_schedule() (as
 * server/svc/svc_tournaments.c turns them into seats); the count. */
static int team_seats(int nteams, int boards, struct dsu_pairing *p, size_t room)
{
	struct dsu_team_game g[8 * 7 / 2 * 4];
	ck_assert(room <= sizeof g / sizeof g[0]);
	int count = dsu_team_schedule(nteams, boards, g, room, NULL, 0);
	for (int k = 0; k < count; k++) {
		p[k].white = g[k].white * boards + g[k].board - 1;
		p[k].black = g[k].black * boards + g[k].board - 1;
	}
	return count;
}

/* Checks the pairings of an n-player round robin played `cycles` times:
 * every pair `cycles` times, colours swapped between the cycles, and the
 * White count of each player. */
static void check_round_robin(int n, int cycles)
{
	struct dsu_pairing p[2 * 16 * 15 / 2];
	char err[256] = "";
	int count = dsu_round_robin(n, cycles, p, sizeof p / sizeof p[0], err, sizeof err);
	ck_assert_msg(count == cycles * n * (n - 1) / 2, "n=%d: %d pairings (%s)", n, count, err);
	int met[16][16] = {{0}}, whites[16] = {0};
	for (int k = 0; k < count; k++) {
		ck_assert(p[k].white >= 0 && p[k].white < n && p[k].black >= 0 && p[k].black < n);
		ck_assert_int_ne(p[k].white, p[k].black);
		met[p[k].white][p[k].black]++;
		whites[p[k].white]++;
	}
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			if (i != j)
				ck_assert_msg(met[i][j] + met[j][i] == cycles &&
				                      (cycles == 1 || met[i][j] == 1),
				              "n=%d x%d: %d-%d met %d+%d times", n, cycles, i, j,
				              met[i][j], met[j][i]);
		if (cycles == 2)
			ck_assert_msg(whites[i] == n - 1, "n=%d double: seat %d has %d Whites", n,
			              i, whites[i]);
		else if (n % 2)
			ck_assert_msg(whites[i] == (n - 1) / 2, "n=%d: seat %d has %d Whites", n, i,
			              whites[i]);
		else
			ck_assert_msg(whites[i] == n / 2 || whites[i] == n / 2 - 1,
			              "n=%d: seat %d has %d Whites", n, i, whites[i]);
	}
	/* The brief's rule in the start letter's numbers 1..n: for i < j, i
	 * has White iff i + j is odd. */
	for (int k = 0; k < count / cycles; k++) {
		int i = p[k].white < p[k].black ? p[k].white : p[k].black;
		int j = p[k].white ^ p[k].black ^ i;
		ck_assert_int_eq(p[k].white == i, ((i + 1) + (j + 1)) % 2 == 1);
	}
}

START_TEST(test_round_robin_colours)
{
	for (int n = 2; n <= 16; n++) {
		check_round_robin(n, 1);
		check_round_robin(n, 2);
	}
}
END_TEST

/* DSU 6.5 EMT: a group of 7, each meets the 6 others once, 3 Whites and 3
 * Blacks; the first pairings in order. */
START_TEST(test_emt_group)
{
	struct dsu_pairing p[21];
	ck_assert_int_eq(dsu_round_robin(7, 1, p, 21, NULL, 0), 21);
	/* 1-2: 1 + 2 odd, number 1 has White; 1-3: even, 3 has White. */
	ck_assert_int_eq(p[0].white, 0);
	ck_assert_int_eq(p[0].black, 1);
	ck_assert_int_eq(p[1].white, 2);
	ck_assert_int_eq(p[1].black, 0);
	ck_assert_int_eq(p[20].white, 5); /* 6-7: odd, number 6 (seat 5) has White */
	ck_assert_int_eq(p[20].black, 6);
}
END_TEST

/* DSU 6.5 team championship: each player plays the same board of every
 * other team once; per board the colours balance as in a round robin; in
 * each match of 4 boards both teams have 2 Whites. */
START_TEST(test_team_pairings)
{
	for (int nt = 2; nt <= 8; nt++) {
		const int boards = 4;
		struct dsu_pairing p[8 * 7 / 2 * 4];
		int count = team_seats(nt, boards, p, sizeof p / sizeof p[0]);
		ck_assert_int_eq(count, nt * (nt - 1) / 2 * boards);
		int met[32][32] = {{0}}, whites[32] = {0}, match_whites[8][8] = {{0}};
		for (int k = 0; k < count; k++) {
			int w = p[k].white, b = p[k].black;
			ck_assert_int_eq(w % boards, b % boards); /* same board */
			ck_assert_int_ne(w / boards, b / boards); /* other team */
			ck_assert_int_eq(k % boards, w % boards); /* boards in order */
			met[w][b]++;
			whites[w]++;
			match_whites[w / boards][b / boards]++;
		}
		for (int s = 0; s < nt * boards; s++) {
			for (int o = 0; o < nt * boards; o++)
				if (o % boards == s % boards && o / boards != s / boards)
					ck_assert_int_eq(met[s][o] + met[o][s], 1);
			int want = (nt - 1) / 2;
			ck_assert_msg(nt % 2 ? whites[s] == want
			                     : whites[s] == nt / 2 || whites[s] == nt / 2 - 1,
			              "%d teams: seat %d has %d Whites", nt, s, whites[s]);
		}
		for (int a = 0; a < nt; a++)
			for (int b = a + 1; b < nt; b++) {
				ck_assert_int_eq(match_whites[a][b], 2);
				ck_assert_int_eq(match_whites[b][a], 2);
			}
	}
}
END_TEST

TU_MAIN("tourney_draw", 0, lots_cases, lots_every_order_once, entries_cases, separate_cases,
        separate_case_groups_are_serpentine, qualifiers_cases, qualifiers_room_and_cut,
        test_round_robin_colours, test_emt_group, test_team_pairings)
