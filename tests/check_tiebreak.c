/* check_tiebreak.c: the round-robin pairings of dsu_round_robin() and
 * dsu_team_schedule() (the production path), scores, Sonneborn-Berger and
 * the rankings of lib/tourney/tiebreak.c (DSU 6.5.4.1).
 *
 * Vector R1 comes from tests/vectors/tiebreak.json.  The other cases were
 * found by a search over small round robins (with an independent
 * implementation in exact fractions) for a tie that exactly one step
 * decides, and every expected number below was then worked out by hand
 * in the comment beside it. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "testutil.h"
#include "tourney/dsu_group.h"
#include "tourney/dsu_team.h"
#include "tourney/tiebreak.h"
#include "util/status.h"

/* ---- helpers ---- */

/* A game in a table: seats and the result as API.md writes it. */
struct g3 {
	int w, b;
	const char *r;
};

#define MAXG 64

/* Converts a table (ended by r == NULL) into games[]; returns the count. */
static size_t load(const struct g3 *in, struct tiebreak_game *out)
{
	size_t n = 0;
	for (; in[n].r; n++) {
		ck_assert_uint_lt(n, MAXG);
		out[n].white = in[n].w;
		out[n].black = in[n].b;
		ck_assert_msg(tiebreak_result_parse(in[n].r, &out[n].result) == CC_OK, "result %s",
		              in[n].r);
	}
	return n;
}

/* Runs tiebreak_standings() on a table and checks the order of seats,
 * their ranks, and (when not NULL) score2 and sb4 per seat. */
static void expect_standings(int n, const struct g3 *table, const int *order, const int *ranks,
                             const int *score2, const int *sb4)
{
	struct tiebreak_game games[MAXG];
	size_t ng = load(table, games);
	struct tiebreak_standing out[16];
	char err[256] = "";
	int rc = tiebreak_standings(n, games, ng, out, err, sizeof err);
	ck_assert_msg(rc == CC_OK, "tiebreak_standings: %s", err);
	for (int i = 0; i < n; i++) {
		ck_assert_msg(out[i].player == order[i], "place %d: seat %d, want %d", i + 1,
		              out[i].player, order[i]);
		ck_assert_msg(out[i].rank == ranks[i], "place %d (seat %d): rank %d, want %d",
		              i + 1, out[i].player, out[i].rank, ranks[i]);
		int p = out[i].player;
		if (score2)
			ck_assert_msg(out[i].score2 == score2[p], "seat %d: score2 %d, want %d", p,
			              out[i].score2, score2[p]);
		if (sb4)
			ck_assert_msg(out[i].sb4 == sb4[p], "seat %d: sb4 %d, want %d", p,
			              (int)out[i].sb4, sb4[p]);
	}
}

/* ---- results ---- */

START_TEST(test_result_parse)
{
	enum tiebreak_result r;
	ck_assert_int_eq(tiebreak_result_parse("1-0", &r), CC_OK);
	ck_assert_int_eq(r, TIEBREAK_WHITE_WON);
	ck_assert_int_eq(tiebreak_result_parse("0-1", &r), CC_OK);
	ck_assert_int_eq(r, TIEBREAK_BLACK_WON);
	ck_assert_int_eq(tiebreak_result_parse("1/2-1/2", &r), CC_OK);
	ck_assert_int_eq(r, TIEBREAK_DRAW);
	ck_assert_int_eq(tiebreak_result_parse("0-0", &r), CC_OK);
	ck_assert_int_eq(r, TIEBREAK_BOTH_LOST);
	ck_assert_int_eq(tiebreak_result_parse("*", &r), CC_OK);
	ck_assert_int_eq(r, TIEBREAK_UNFINISHED);
	const char *bad[] = {"", "1-1", "½-½", "1/2", "1-0 ", "draw", NULL};
	for (int i = 0; bad[i]; i++)
		ck_assert_msg(tiebreak_result_parse(bad[i], &r) == CC_ERR_MALFORMED, "%s", bad[i]);
	ck_assert_int_eq(tiebreak_result_parse(NULL, &r), CC_ERR_MALFORMED);
}
END_TEST

/* ---- Vector R1 (DSU 6.5) ---- */

/* The seat of a vector's player name in names[] (added when new). */
static int seat_of(const char *name, const char **names, int *n)
{
	for (int i = 0; i < *n; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	ck_assert_int_lt(*n, 16);
	names[*n] = name;
	return (*n)++;
}

START_TEST(test_vector_r1)
{
	json_t *root = tu_vectors("tiebreak.json");
	json_t *cases = json_object_get(root, "cases");
	ck_assert_msg(json_array_size(cases) > 0, "tiebreak.json has no cases");
	size_t ci;
	json_t *c;
	json_array_foreach(cases, ci, c)
	{
		const char *id = json_string_value(json_object_get(c, "id"));
		const char *names[16];
		int n = 0;
		struct tiebreak_game games[MAXG];
		json_t *list = json_object_get(c, "games");
		size_t ng = json_array_size(list);
		ck_assert_uint_le(ng, MAXG);
		for (size_t i = 0; i < ng; i++) {
			json_t *g = json_array_get(list, i);
			games[i].white =
			        seat_of(json_string_value(json_array_get(g, 0)), names, &n);
			games[i].black =
			        seat_of(json_string_value(json_array_get(g, 1)), names, &n);
			const char *r = json_string_value(json_array_get(g, 2));
			ck_assert_msg(tiebreak_result_parse(r, &games[i].result) == CC_OK, "%s: %s",
			              id, r);
		}
		struct tiebreak_standing out[16];
		char err[256] = "";
		ck_assert_msg(tiebreak_standings(n, games, ng, out, err, sizeof err) == CC_OK,
		              "%s: %s", id, err);
		json_t *score = json_object_get(c, "score");
		json_t *sb = json_object_get(c, "sonneborn_berger");
		json_t *ranking = json_object_get(c, "ranking");
		ck_assert_int_eq((int)json_array_size(ranking), n);
		for (int i = 0; i < n; i++) {
			const char *who = names[out[i].player];
			double want_score = json_number_value(json_object_get(score, who));
			double want_sb = json_number_value(json_object_get(sb, who));
			ck_assert_msg(out[i].score2 == (int)(want_score * 2),
			              "%s %s: score %d/2, want %g", id, who, out[i].score2,
			              want_score);
			ck_assert_msg(out[i].sb4 == (int)(want_sb * 4), "%s %s: SB %d/4, want %g",
			              id, who, (int)out[i].sb4, want_sb);
			ck_assert_msg(out[i].played == n - 1, "%s %s: played %d", id, who,
			              out[i].played);
			const char *want = json_string_value(json_array_get(ranking, (size_t)i));
			ck_assert_msg(strcmp(who, want) == 0, "%s place %d: %s, want %s", id, i + 1,
			              who, want);
			ck_assert_int_eq(out[i].rank, i + 1);
		}
	}
	json_decref(root);
}
END_TEST

/* ---- the tie-break steps of DSU 6.5.4.1 ---- */

/* Equal score, (a) Sonneborn-Berger decides, even against the game
 * between the two.  Seat 0 beats 1 and 2, loses to 3; 1 beats 2 and 3;
 * 2 beats 3.  Scores 2, 2, 1, 1.  SB: 0 = 2 (seat 1) + 1 (seat 2) = 3;
 * 1 = 1 + 1 = 2; 2 = 1 (seat 3); 3 = 2 (seat 0).  Seats 0 and 1: SB 3 > 2;
 * seats 2 and 3: SB 1 < 2, so 3 ranks above 2 although 2 beat 3. */
START_TEST(test_sb_decides)
{
	static const struct g3 t[] = {{0, 1, "1-0"}, {0, 2, "1-0"}, {0, 3, "0-1"}, {1, 2, "1-0"},
	                              {1, 3, "1-0"}, {2, 3, "1-0"}, {0, 0, NULL}};
	static const int order[] = {0, 1, 3, 2}, ranks[] = {1, 2, 3, 4};
	static const int score2[] = {4, 4, 2, 2}, sb4[] = {12, 8, 4, 8};
	expect_standings(4, t, order, ranks, score2, sb4);
}
END_TEST

/* Equal score and SB, (b) the game between them decides.  Seat 0 beats 1
 * and 2, draws 3; 1 draws 2, beats 3; 3 beats 2.  Scores 2½, 1½, ½, 1½.
 * SB: 0 = 1½ + ½ + ½·1½ = 2¾; 1 = 1½ (seat 3) + ½·½ = 1¾; 3 = ½ (seat
 * 2) + ½·2½ = 1¾; 2 = ½·1½ = ¾.  Seats 1 and 3 tie on both; 1 beat 3. */
START_TEST(test_h2h_decides)
{
	static const struct g3 t[] = {{0, 1, "1-0"},     {0, 2, "1-0"}, {0, 3, "1/2-1/2"},
	                              {1, 2, "1/2-1/2"}, {1, 3, "1-0"}, {2, 3, "0-1"},
	                              {0, 0, NULL}};
	static const int order[] = {0, 1, 3, 2}, ranks[] = {1, 2, 3, 4};
	static const int score2[] = {5, 3, 1, 3}, sb4[] = {11, 7, 3, 7};
	expect_standings(4, t, order, ranks, score2, sb4);
}
END_TEST

/* (b) applied again to the smaller group it leaves tied.  Six players;
 * seats 2, 3, 4 and 5 have 2½ points and SB 6 each (2: beat 0 (2) and 3
 * (2½), drew 1 (3); 3: beat 0 and 4, drew 1; 4: beat 2 and 5, drew 0 (2);
 * 5: beat 2 and 3, drew 0).  Among the four: 4 and 5 have 2, 2 and 3 have
 * 1; then 4 beat 5 and 2 beat 3.  Seat 1 has 3, seat 0 has 2. */
START_TEST(test_h2h_again)
{
	static const struct g3 t[] = {
	        {0, 1, "1-0"},     {0, 2, "0-1"},     {0, 3, "0-1"},     {0, 4, "1/2-1/2"},
	        {0, 5, "1/2-1/2"}, {1, 2, "1/2-1/2"}, {1, 3, "1/2-1/2"}, {1, 4, "1-0"},
	        {1, 5, "1-0"},     {2, 3, "1-0"},     {2, 4, "0-1"},     {2, 5, "0-1"},
	        {3, 4, "1-0"},     {3, 5, "0-1"},     {4, 5, "1-0"},     {0, 0, NULL}};
	static const int order[] = {1, 4, 5, 2, 3, 0}, ranks[] = {1, 2, 3, 4, 5, 6};
	static const int score2[] = {4, 6, 5, 5, 5, 5}, sb4[] = {22, 30, 24, 24, 24, 24};
	expect_standings(6, t, order, ranks, score2, sb4);
}
END_TEST

/* (c) shared ranks: seat 0 beats everyone, 1 and 2 draw and both beat 3:
 * 1 and 2 have 1½ and SB ½·1½ = ¾ each, their game was drawn: 1, 2, 2, 4.
 * And a cycle of three (each beat one, lost one: 1 point, SB 1, 1 point
 * among them): all first. */
START_TEST(test_shared)
{
	static const struct g3 t[] = {{0, 1, "1-0"},     {0, 2, "1-0"}, {0, 3, "1-0"},
	                              {1, 2, "1/2-1/2"}, {1, 3, "1-0"}, {2, 3, "1-0"},
	                              {0, 0, NULL}};
	static const int order[] = {0, 1, 2, 3}, ranks[] = {1, 2, 2, 4};
	static const int score2[] = {6, 3, 3, 0}, sb4[] = {12, 3, 3, 0};
	expect_standings(4, t, order, ranks, score2, sb4);

	static const struct g3 cycle[] = {
	        {0, 1, "1-0"}, {1, 2, "1-0"}, {2, 0, "1-0"}, {0, 0, NULL}};
	static const int corder[] = {0, 1, 2}, cranks[] = {1, 1, 1};
	static const int cscore2[] = {2, 2, 2}, csb4[] = {4, 4, 4};
	expect_standings(3, cycle, corder, cranks, cscore2, csb4);

	/* No games at all: everybody shares first place, listed by seat. */
	struct tiebreak_standing out[5];
	ck_assert_int_eq(tiebreak_standings(5, NULL, 0, out, NULL, 0), CC_OK);
	for (int i = 0; i < 5; i++) {
		ck_assert_int_eq(out[i].player, i);
		ck_assert_int_eq(out[i].rank, 1);
		ck_assert_int_eq(out[i].score2 + out[i].sb4 + out[i].played, 0);
	}
}
END_TEST

/* 0-0 (DSU 6.2.8, a TL decision) is lost for both: no points, nobody
 * beaten, but both have played.  Seat 0 beats 2; 0-1 is 0-0; 1 and 2
 * draw.  Scores 1, ½, ½.  SB: 0 = ½ (beat 2); 1 = ½·½ = ¼; 2 = ½·½ = ¼;
 * 1 and 2 drew: shared second place. */
START_TEST(test_zero_zero)
{
	static const struct g3 t[] = {
	        {0, 1, "0-0"}, {0, 2, "1-0"}, {1, 2, "1/2-1/2"}, {0, 0, NULL}};
	static const int order[] = {0, 1, 2}, ranks[] = {1, 2, 2};
	static const int score2[] = {2, 1, 1}, sb4[] = {2, 1, 1};
	expect_standings(3, t, order, ranks, score2, sb4);
	struct tiebreak_game games[MAXG];
	size_t ng = load(t, games);
	struct tiebreak_standing out[3];
	ck_assert_int_eq(tiebreak_standings(3, games, ng, out, NULL, 0), CC_OK);
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(out[i].played, 2);
}
END_TEST

/* Unfinished games count for nothing: not played, no points, no SB. */
START_TEST(test_unfinished_ignored)
{
	static const struct g3 t[] = {{0, 1, "*"}, {0, 2, "0-1"}, {1, 2, "*"}, {0, 0, NULL}};
	static const int order[] = {2, 0, 1}, ranks[] = {1, 2, 2};
	static const int score2[] = {0, 0, 2}, sb4[] = {0, 0, 0};
	expect_standings(3, t, order, ranks, score2, sb4);
	struct tiebreak_game games[MAXG];
	size_t ng = load(t, games);
	struct tiebreak_standing out[3];
	ck_assert_int_eq(tiebreak_standings(3, games, ng, out, NULL, 0), CC_OK);
	ck_assert_int_eq(out[0].played, 1); /* seat 2 */
	ck_assert_int_eq(out[1].played, 1); /* seat 0 */
	ck_assert_int_eq(out[2].played, 0); /* seat 1 */
}
END_TEST

/* Double round robin: every game counts for SB.  Seat 0 beats 1 twice
 * and draws 2 twice; 1 and 2 split their games.  Scores 3, 1, 2.  SB:
 * 0 = 1 + 1 (seat 1 twice) + ½·2 + ½·2 = 4; 1 = 2 (seat 2 once) = 2;
 * 2 = 1 (seat 1 once) + ½·3 twice = 4. */
START_TEST(test_double_round_robin_sb)
{
	static const struct g3 t[] = {{0, 1, "1-0"}, {0, 2, "1/2-1/2"}, {1, 2, "1-0"},
	                              {1, 0, "0-1"}, {2, 0, "1/2-1/2"}, {2, 1, "1-0"},
	                              {0, 0, NULL}};
	static const int order[] = {0, 2, 1}, ranks[] = {1, 2, 3};
	static const int score2[] = {6, 2, 4}, sb4[] = {16, 8, 16};
	expect_standings(3, t, order, ranks, score2, sb4);
}
END_TEST

START_TEST(test_bad_input)
{
	struct tiebreak_standing out[4];
	char err[256];
	struct tiebreak_game g = {0, 4, TIEBREAK_WHITE_WON};
	ck_assert_int_eq(tiebreak_standings(4, &g, 1, out, err, sizeof err), CC_ERR_INVALID);
	ck_assert_msg(strstr(err, "seat") != NULL, "%s", err);
	g = (struct tiebreak_game){-1, 1, TIEBREAK_WHITE_WON};
	ck_assert_int_eq(tiebreak_standings(4, &g, 1, out, err, sizeof err), CC_ERR_INVALID);
	g = (struct tiebreak_game){2, 2, TIEBREAK_DRAW};
	ck_assert_int_eq(tiebreak_standings(4, &g, 1, out, err, sizeof err), CC_ERR_INVALID);
	ck_assert_msg(strstr(err, "himself") != NULL, "%s", err);
	g = (struct tiebreak_game){0, 1, (enum tiebreak_result)9};
	ck_assert_int_eq(tiebreak_standings(4, &g, 1, out, err, sizeof err), CC_ERR_INVALID);
	ck_assert_int_eq(tiebreak_standings(0, NULL, 0, out, err, sizeof err), CC_ERR_RANGE);
	ck_assert_int_eq(tiebreak_standings(TIEBREAK_MAX_PLAYERS + 1, NULL, 0, out, NULL, 0),
	                 CC_ERR_RANGE);
	/* Over TIEBREAK_MAX_GAMES: refused before a game is read. */
	ck_assert_int_eq(
	        tiebreak_standings(4, &g, (size_t)TIEBREAK_MAX_GAMES + 1, out, err, sizeof err),
	        CC_ERR_RANGE);
	struct tiebreak_team_standing ts[2];
	ck_assert_int_eq(tiebreak_team_standings(1, 4, NULL, 0, ts, err, sizeof err), CC_ERR_RANGE);
	g = (struct tiebreak_game){0, 8, TIEBREAK_WHITE_WON};
	ck_assert_int_eq(tiebreak_team_standings(2, 4, &g, 1, ts, err, sizeof err), CC_ERR_INVALID);
}
END_TEST

/* ---- pairings ---- */

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

/* ---- team standings (DSU 6.5) ---- */

/* Builds the 12 games of 3 teams of 4 boards: res[m][b] is the result on
 * board b of match m (matches 0-1, 0-2, 1-2), from the first team's view
 * ("1-0": its player won), with the colours of dsu_team_schedule(). */
static size_t team_games(const char *res[3][4], struct tiebreak_game *games)
{
	struct dsu_pairing p[12];
	ck_assert_int_eq(team_seats(3, 4, p, 12), 12);
	static const int first[3] = {0, 0, 1};
	for (int k = 0; k < 12; k++) {
		const char *r = res[k / 4][k % 4];
		enum tiebreak_result v;
		ck_assert_int_eq(tiebreak_result_parse(r, &v), CC_OK);
		bool first_white = p[k].white / 4 == first[k / 4];
		if (!first_white && v == TIEBREAK_WHITE_WON)
			v = TIEBREAK_BLACK_WON;
		else if (!first_white && v == TIEBREAK_BLACK_WON)
			v = TIEBREAK_WHITE_WON;
		games[k] = (struct tiebreak_game){p[k].white, p[k].black, v};
	}
	return 12;
}

static void expect_teams(const char *res[3][4], const int *order, const int *ranks,
                         const int *score2, const int *board2)
{
	struct tiebreak_game games[12];
	size_t ng = team_games(res, games);
	struct tiebreak_team_standing out[3];
	char err[256] = "";
	ck_assert_msg(tiebreak_team_standings(3, 4, games, ng, out, err, sizeof err) == CC_OK, "%s",
	              err);
	for (int i = 0; i < 3; i++) {
		int t = out[i].team;
		ck_assert_msg(t == order[i] && out[i].rank == ranks[i],
		              "place %d: team %d rank %d, want team %d rank %d", i + 1, t,
		              out[i].rank, order[i], ranks[i]);
		ck_assert_msg(out[i].score2 == score2[t], "team %d: score2 %d, want %d", t,
		              out[i].score2, score2[t]);
		ck_assert_msg(out[i].board2 == board2[t], "team %d: board2 %d, want %d", t,
		              (int)out[i].board2, board2[t]);
		ck_assert_int_eq(out[i].played, 8);
	}
}

/* Head-to-head decides: 0-1 2½-1½, 0-2 2-2, 1-2 3-1: teams 0 and 1 have
 * 4½, team 2 has 3; team 0 won the match against 1.  Board points (half
 * points x board weight 4, 3, 2, 1): team 0 = (b1 win 8, b2 draw 3, b3
 * win 4, b4 loss) + (b1 win 8, b2 loss, b3 win 4, b4 loss) = 27; team 1
 * = (b2 draw 3, b4 win 2) + (b1, b2, b3 wins 8+6+4) = 23; team 2 = (b2 6,
 * b4 2) + (b4 2) = 10. */
START_TEST(test_team_h2h_decides)
{
	const char *res[3][4] = {{"1-0", "1/2-1/2", "1-0", "0-1"},
	                         {"1-0", "0-1", "1-0", "0-1"},
	                         {"1-0", "1-0", "1-0", "0-1"}};
	static const int order[] = {0, 1, 2}, ranks[] = {1, 2, 3};
	static const int score2[] = {9, 9, 6}, board2[] = {27, 23, 10};
	expect_teams(res, order, ranks, score2, board2);
}
END_TEST

/* Head-to-head equal (2-2), board-weighted points over all games decide:
 * 0-1 split with team 1 winning boards 1, 2 (its board points 14, team 0
 * boards 3, 4: 6); against team 2 both win 3-1, team 0 on boards 1, 2, 3
 * (18), team 1 on boards 2, 3, 4 (12).  Team 0: 24 board points, team 1:
 * 26; both 5 points.  Team 2: 1 win on b4 (2) and on b1 (8) = 10. */
START_TEST(test_team_board_points_decide)
{
	const char *res[3][4] = {{"0-1", "0-1", "1-0", "1-0"},
	                         {"1-0", "1-0", "1-0", "0-1"},
	                         {"0-1", "1-0", "1-0", "1-0"}};
	static const int order[] = {1, 0, 2}, ranks[] = {1, 2, 3};
	static const int score2[] = {10, 10, 4}, board2[] = {24, 26, 10};
	expect_teams(res, order, ranks, score2, board2);
}
END_TEST

/* Head-to-head 2-2 and board points over all games equal, the board
 * points of the match between them decide: team 0 won boards 1 and 3 of
 * it (8 + 4 = 12), team 1 boards 2 and 4 (6 + 2 = 8); against team 2
 * team 0 won boards 2, 3, 4 (6 + 4 + 2 = 12), team 1 boards 1, 2, 4 (8 +
 * 6 + 2 = 16): 24 each over all games. */
START_TEST(test_team_h2h_board_points_decide)
{
	const char *res[3][4] = {{"1-0", "0-1", "1-0", "0-1"},
	                         {"0-1", "1-0", "1-0", "1-0"},
	                         {"1-0", "1-0", "0-1", "1-0"}};
	static const int order[] = {0, 1, 2}, ranks[] = {1, 2, 3};
	/* team 2: b1 vs team 0 (8) and b3 vs team 1 (4) = 12 */
	static const int score2[] = {10, 10, 4}, board2[] = {24, 24, 12};
	expect_teams(res, order, ranks, score2, board2);
}
END_TEST

/* Everything equal: a shared rank.  0-1: team 0 wins boards 1 and 4 (8 +
 * 2), team 1 boards 2 and 3 (6 + 4); both beat team 2 on boards 1, 2, 3
 * (18).  Teams 0 and 1: 5 points, 28 board points, 10 in their match. */
START_TEST(test_team_shared)
{
	const char *res[3][4] = {{"1-0", "0-1", "0-1", "1-0"},
	                         {"1-0", "1-0", "1-0", "0-1"},
	                         {"1-0", "1-0", "1-0", "0-1"}};
	static const int order[] = {0, 1, 2}, ranks[] = {1, 1, 3};
	static const int score2[] = {10, 10, 4}, board2[] = {28, 28, 4};
	expect_teams(res, order, ranks, score2, board2);
}
END_TEST

TU_MAIN("tiebreak", 0, test_result_parse, test_vector_r1, test_zero_zero, test_unfinished_ignored,
        test_double_round_robin_sb, test_bad_input, test_sb_decides, test_h2h_decides,
        test_h2h_again, test_shared, test_round_robin_colours, test_emt_group, test_team_pairings,
        test_team_h2h_decides, test_team_board_points_decide, test_team_h2h_board_points_decide,
        test_team_shared)
