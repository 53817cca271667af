/* dsu_team.c: the team championship's schedule, standings, average rating
 * and promotion (DSU 6.7; see dsu_team.h). */
#include "tourney/dsu_team.h"

#include <string.h>

#include "util/status.h"

int dsu_team_board_weight(int board, int boards)
{
	if (board < 1 || board > boards)
		return 0;
	return boards + 1 - board; /* DSU 6.7.4.5: 4, 3, 2, 1 */
}

/* A group of nteams teams of `boards` boards: CC_OK or CC_ERR_RANGE. */
static int sizes_check(int nteams, int boards, char *err, size_t errlen)
{
	if (nteams < 2 || nteams > DSU_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a team group has 2 to %d teams, not %d",
		               DSU_MAX_PLAYERS, nteams);
	if (boards < 1 || boards > DSU_MAX_BOARDS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a team has 1 to %d boards, not %d",
		               DSU_MAX_BOARDS, boards);
	return CC_OK;
}

int dsu_team_schedule(int nteams, int boards, struct dsu_team_game *out, size_t room, char *err,
                      size_t errlen)
{
	int rc = sizes_check(nteams, boards, err, errlen);
	if (rc != CC_OK)
		return rc;
	size_t count = (size_t)nteams * (size_t)(nteams - 1) / 2 * (size_t)boards;
	if (room < count)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "room for %zu games, %zu needed", room,
		               count);
	size_t k = 0;
	for (int i = 0; i < nteams; i++)
		for (int j = i + 1; j < nteams; j++)
			for (int b = 1; b <= boards; b++) {
				/* R28 on the team numbers for odd boards, the reverse
				 * for even ones (R57, I-31) */
				bool low_white = ((i + j) % 2 == 1) == (b % 2 == 1);
				out[k].board = b;
				out[k].white = low_white ? i : j;
				out[k].black = low_white ? j : i;
				out[k].result = DSU_UNFINISHED;
				k++;
			}
	return (int)count;
}

/* ---- standings ---- */

struct tctx {
	int boards;
	const struct dsu_team_game *games;
	size_t ngames;
	int64_t weighted_all[DSU_MAX_PLAYERS];
	int lot_groups;
	int lot[DSU_MAX_PLAYERS];
};

/* Over the games among ids[0..k) (all games when `all`): the points
 * (weighted false) or the 4/3/2/1 count of wins (weighted true). */
static void tcount(const struct tctx *c, const int *ids, int k, bool all, bool weighted,
                   int64_t *out)
{
	bool in[DSU_MAX_PLAYERS] = {false};
	for (int i = 0; i < k; i++) {
		in[ids[i]] = true;
		out[ids[i]] = 0;
	}
	for (size_t g = 0; g < c->ngames; g++) {
		const struct dsu_team_game *x = &c->games[g];
		if (!all && !(in[x->white] && in[x->black]))
			continue;
		int pw = dsu_result_points2(x->result, 0), pb = dsu_result_points2(x->result, 1);
		if (weighted) { /* I-22: wins only, draws nothing */
			int w = dsu_team_board_weight(x->board, c->boards);
			pw = pw == 2 ? w : 0;
			pb = pb == 2 ? w : 0;
		}
		if (in[x->white])
			out[x->white] += pw;
		if (in[x->black])
			out[x->black] += pb;
	}
}

/* DSU 6.7.4.5 with I-21: orders ids[0..k), tied on points, by steps
 * (1)-(3); a step that separates some sends each smaller tied group back
 * to step (1); a group no step separates gets a lot number (4).  O(k *
 * ngames) per level, at most k levels. */
static void tresolve(struct tctx *c, int *ids, int k, bool *cut)
{
	int64_t key[DSU_MAX_PLAYERS];
	for (int step = 1; step <= 3; step++) {
		if (step == 1)
			tcount(c, ids, k, false, false, key); /* (1) mutual games */
		else if (step == 2)
			for (int i = 0; i < k; i++) /* (2) 4/3/2/1 over all games */
				key[ids[i]] = c->weighted_all[ids[i]];
		else
			tcount(c, ids, k, false, true, key); /* (3) the same, mutual games */
		dsu_sort_desc(ids, k, key);
		if (dsu_mark_blocks(ids, k, key, cut) > 1) {
			for (int s = 0, e; s < k; s = e) {
				e = dsu_block_end(cut, k, s);
				if (e - s > 1)
					tresolve(c, ids + s, e - s, cut + s);
			}
			return;
		}
	}
	c->lot_groups++; /* (4) lots: the TL draws */
	for (int i = 0; i < k; i++)
		c->lot[ids[i]] = c->lot_groups;
}

int dsu_team_standings(int nteams, int boards, const struct dsu_team_game *games, size_t ngames,
                       struct dsu_team_standing *out, char *err, size_t errlen)
{
	static struct tctx zero;
	struct tctx c = zero;
	int ids[DSU_MAX_PLAYERS];
	bool cut[DSU_MAX_PLAYERS + 1] = {false};
	int64_t points[DSU_MAX_PLAYERS];
	int rc = sizes_check(nteams, boards, err, errlen);
	if (rc != CC_OK)
		return rc;
	if (ngames > DSU_MAX_GAMES)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at most %d games, not %zu",
		               DSU_MAX_GAMES, ngames);
	for (size_t g = 0; g < ngames; g++) {
		const struct dsu_team_game *x = &games[g];
		rc = dsu_seats_check(g, nteams, x->white, x->black, true, err, errlen);
		if (rc != CC_OK)
			return rc;
		if (x->board < 1 || x->board > boards)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "game %zu: board %d, the teams have boards 1 to %d", g + 1,
			               x->board, boards);
		if ((unsigned)x->result > DSU_BOTH_LOST)
			return cc_fail(CC_ERR_INVALID, err, errlen, "game %zu: unknown result",
			               g + 1);
	}
	c.boards = boards;
	c.games = games;
	c.ngames = ngames;
	for (int i = 0; i < nteams; i++)
		ids[i] = i;
	tcount(&c, ids, nteams, true, false, points);
	tcount(&c, ids, nteams, true, true, c.weighted_all);
	dsu_sort_desc(ids, nteams, points);
	for (int a = 0; a < nteams;) {
		int b = a + 1;
		while (b < nteams && points[ids[b]] == points[ids[a]])
			b++;
		cut[a] = true;
		if (b - a > 1)
			tresolve(&c, ids + a, b - a, cut + a);
		a = b;
	}
	cut[nteams] = true;
	for (int s = 0, e; s < nteams; s = e) {
		e = dsu_block_end(cut, nteams, s);
		for (int i = s; i < e; i++) {
			int t = ids[i];
			out[i].team = t;
			out[i].points2 = (int)points[t];
			out[i].weighted_all = (int)c.weighted_all[t];
			out[i].place_lo = s + 1;
			out[i].place_hi = e;
			out[i].lot_group = c.lot[t];
		}
	}
	return CC_OK;
}

int dsu_team_rating_sum(const int *ratings, int count)
{
	int sum = 0;
	for (int i = 0; i < count; i++)
		sum += ratings[i]; /* I-35: kept exact, divided by the caller */
	return sum;
}

/* ---- promotion (6.7.5.1) ---- */

/* Compares a's score with b's (points / games, 0 for no games), exactly:
 * < 0, 0, > 0. */
static int score_cmp(const struct dsu_team_entry *a, const struct dsu_team_entry *b)
{
	int64_t pa = a->games > 0 ? a->points2 : 0, ga = a->games > 0 ? a->games : 1;
	int64_t pb = b->games > 0 ? b->points2 : 0, gb = b->games > 0 ? b->games : 1;
	int64_t l = pa * gb, r = pb * ga;
	return (l > r) - (l < r);
}

/* True when team i is better than team j (I-23: score, then rating sum,
 * then the order of lots = index). */
static bool better(const struct dsu_team_entry *t, int i, int j)
{
	int c = score_cmp(&t[i], &t[j]);
	if (c)
		return c > 0;
	if (t[i].rating_sum != t[j].rating_sum)
		return t[i].rating_sum > t[j].rating_sum;
	return i < j;
}

/* Sorts ids[0..k) best first. */
static void sort_best(const struct dsu_team_entry *t, int *ids, int k)
{
	for (int i = 1; i < k; i++) {
		int v = ids[i], j = i;
		while (j > 0 && better(t, v, ids[j - 1])) {
			ids[j] = ids[j - 1];
			j--;
		}
		ids[j] = v;
	}
}

void dsu_team_rank(const struct dsu_team_entry *teams, int *ids, int k)
{
	sort_best(teams, ids, k);
}

int dsu_team_promotion(const struct dsu_team_entry *teams, int n, int size,
                       struct dsu_promotion *out, char *err, size_t errlen)
{
	int ids[DSU_MAX_PLAYERS], k = 0;
	bool taken[DSU_MAX_PLAYERS] = {false};
	if (n < 0 || n > DSU_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "0 to %d teams, not %d", DSU_MAX_PLAYERS,
		               n);
	if (size < 2 || size > DSU_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a division has 2 to %d teams, not %d",
		               DSU_MAX_PLAYERS, size);
	for (int i = 0; i < n; i++) {
		const struct dsu_team_entry *t = &teams[i];
		if (t->division < 0 || t->division > 3)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "team %d: division %d (1, 2, 3, or 0 for a new team)", i + 1,
			               t->division);
		if (t->games < 0 || t->points2 < 0 || t->points2 > 2 * t->games)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "team %d: %d half points from %d games is impossible", i + 1,
			               t->points2, t->games);
		if (t->group < 0)
			return cc_fail(CC_ERR_INVALID, err, errlen, "team %d: group %d", i + 1,
			               t->group);
	}
	memset(out, 0, sizeof *out);
	for (int i = 0; i < n; i++)
		out->division[i] = 3; /* R66: the 3rd needs no qualification */

	/* 1st division: R64 (a) 1st >= 40%, (b) 2nd >= 75% */
	for (int i = 0; i < n; i++)
		if ((teams[i].division == 1 &&
		     dsu_pct_at_least(teams[i].points2, teams[i].games, 40)) ||
		    (teams[i].division == 2 &&
		     dsu_pct_at_least(teams[i].points2, teams[i].games, 75))) {
			out->may1[i] = true;
			ids[k++] = i;
		}
	out->eligible1 = k;
	sort_best(teams, ids, k);
	int in1 = 0;
	if (k <= size) {
		for (int i = 0; i < k; i++)
			taken[ids[i]] = true;
		in1 = k;
	} else {
		int from2 = 0, from1 = 0;
		for (int i = 0; i < k && from2 < 2; i++) /* at least 2 from the 2nd */
			if (teams[ids[i]].division == 2) {
				taken[ids[i]] = true;
				from2++;
				in1++;
			}
		for (int i = 0; i < k && in1 < size; i++) { /* at most 5 from the 1st */
			if (taken[ids[i]])
				continue;
			if (teams[ids[i]].division == 1 && from1 >= 5)
				continue;
			from1 += teams[ids[i]].division == 1;
			taken[ids[i]] = true;
			in1++;
		}
	}
	out->dispense1 = in1 < size;
	for (int i = 0; i < n; i++)
		if (taken[i])
			out->division[i] = 1;
		else if (teams[i].division == 1)
			out->relegated[i] = true;

	/* 2nd division: R65 (a) down from the 1st, (b) 2nd from 40% (and those
	 * left out of the 1st), (c) 3rd >= 75% */
	k = 0;
	for (int i = 0; i < n; i++) {
		if (taken[i])
			continue;
		const struct dsu_team_entry *t = &teams[i];
		if (t->division == 1 ||
		    (t->division == 2 && dsu_pct_at_least(t->points2, t->games, 40)) ||
		    (t->division == 3 && dsu_pct_at_least(t->points2, t->games, 75))) {
			out->may2[i] = true;
			ids[k++] = i;
		}
	}
	out->eligible2 = k;
	sort_best(teams, ids, k);
	int in2 = 0;
	bool taken2[DSU_MAX_PLAYERS] = {false};
	if (k <= size) {
		for (int i = 0; i < k; i++)
			taken2[ids[i]] = true;
		in2 = k;
	} else {
		int down = 0;
		for (int i = 0; i < k && down < 2 && in2 < size; i++) /* 2 nedrykkere */
			if (teams[ids[i]].division == 1) {
				taken2[ids[i]] = true;
				down++;
				in2++;
			}
		for (int i = 0; i < k && in2 < size; i++) { /* 1 from each 3rd-division group */
			int t = ids[i];
			if (teams[t].division != 3 || taken2[t])
				continue;
			bool group_done = false;
			for (int j = 0; j < i; j++)
				if (taken2[ids[j]] && teams[ids[j]].division == 3 &&
				    teams[ids[j]].group == teams[t].group)
					group_done = true;
			if (!group_done) {
				taken2[t] = true;
				in2++;
			}
		}
		for (int i = 0; i < k && in2 < size; i++)
			if (!taken2[ids[i]]) {
				taken2[ids[i]] = true;
				in2++;
			}
	}
	out->dispense2 = in2 < size;
	for (int i = 0; i < n; i++)
		if (taken2[i])
			out->division[i] = 2;
	return CC_OK;
}
