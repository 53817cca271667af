/* tiebreak.c: scores, Sonneborn-Berger and the generic ranking
 * (DSU 6.5-6.7, DSU 6.5).  See tiebreak.h for the conventions
 * (seats, half and quarter points). */
#include "tourney/tiebreak.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/status.h"

int tiebreak_result_parse(const char *text, enum tiebreak_result *out)
{
	static const struct {
		const char *text;
		enum tiebreak_result result;
	} names[] = {
	        {"*", TIEBREAK_UNFINISHED},  {"1-0", TIEBREAK_WHITE_WON},
	        {"0-1", TIEBREAK_BLACK_WON}, {"1/2-1/2", TIEBREAK_DRAW},
	        {"0-0", TIEBREAK_BOTH_LOST},
	};
	for (size_t i = 0; text && i < sizeof names / sizeof names[0]; i++)
		if (strcmp(text, names[i].text) == 0) {
			*out = names[i].result;
			return CC_OK;
		}
	return CC_ERR_MALFORMED;
}

/* ---- points ---- */

/* The half points white (side 0) or black (side 1) got from result r. */
static int points2(enum tiebreak_result r, int side)
{
	switch (r) {
	case TIEBREAK_WHITE_WON:
		return side == 0 ? 2 : 0;
	case TIEBREAK_BLACK_WON:
		return side == 0 ? 0 : 2;
	case TIEBREAK_DRAW:
		return 1;
	default: /* 0-0 is lost for both; unfinished counts nothing */
		return 0;
	}
}

/* Checks the games against n players: CC_OK, or CC_ERR_RANGE (too many)
 * or CC_ERR_INVALID with err.  The limit keeps every sum in range. */
static int check_games(int n, const struct tiebreak_game *games, size_t ngames, char *err,
                       size_t errlen)
{
	if (ngames > TIEBREAK_MAX_GAMES)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at most %d games, not %zu",
		               TIEBREAK_MAX_GAMES, ngames);
	for (size_t i = 0; i < ngames; i++) {
		const struct tiebreak_game *g = &games[i];
		if (g->white < 0 || g->white >= n || g->black < 0 || g->black >= n)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "game %zu: a seat is outside 0..%d", i + 1, n - 1);
		if (g->white == g->black)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "game %zu: seat %d plays against himself", i + 1, g->white);
		if ((int)g->result < (int)TIEBREAK_UNFINISHED ||
		    (int)g->result > (int)TIEBREAK_BOTH_LOST)
			return cc_fail(CC_ERR_INVALID, err, errlen, "game %zu: unknown result %d",
			               i + 1, (int)g->result);
	}
	return CC_OK;
}

/* ---- the ranking engine ----
 *
 * Entities (players, or teams) are ranked by a list of criteria, each a
 * number per entity, higher is better.  Some depend only on the entity
 * (score, Sonneborn-Berger); others on the group still tied (the points
 * among the tied players).  rank_group() sorts a group by the first
 * criterion that tells its members apart, and ranks each run of equal
 * values again from the first criterion, so a smaller group left tied by
 * a head-to-head count gets its own head-to-head count.  Each recursion
 * works on a strictly smaller group, so the depth is below n. */

enum criterion {
	CRIT_SCORE,     /* game points */
	CRIT_SECOND,    /* a fixed second value: Sonneborn-Berger, or the team's
	                   board-weighted points over all games */
	CRIT_H2H,       /* the points in the games among the group */
	CRIT_H2H_BOARD, /* the board-weighted points in the games among the group */
};

struct ranker {
	int n;      /* entities */
	int boards; /* 0: entities are players; else teams */
	const struct tiebreak_game *games;
	size_t ngames;
	const enum criterion *crit;
	int ncrit;
	const int *score2;     /* per entity */
	const int64_t *second; /* per entity */
	int *rank;             /* per entity, the result */
	int64_t *key;          /* per entity, scratch */
	unsigned char *in;     /* per entity: in the current group */
};

/* The entity a seat belongs to. */
static int entity(const struct ranker *r, int seat)
{
	return r->boards ? seat / r->boards : seat;
}

/* The weight of a seat's board: boards for board 1 ... 1 for the last
 * (DSU 6.5: board 1 = 4 ... board 4 = 1); 1 when ranking players. */
static int board_weight(int boards, int seat)
{
	return boards ? boards - seat % boards : 1;
}

/* key[] of the members of grp for one criterion. */
static void compute_keys(struct ranker *r, enum criterion c, const int *grp, int len)
{
	for (int i = 0; i < len; i++) {
		int e = grp[i];
		r->key[e] = c == CRIT_SCORE ? r->score2[e] : c == CRIT_SECOND ? r->second[e] : 0;
		r->in[e] = 1;
	}
	if (c == CRIT_H2H || c == CRIT_H2H_BOARD) {
		for (size_t k = 0; k < r->ngames; k++) {
			const struct tiebreak_game *g = &r->games[k];
			int ew = entity(r, g->white), eb = entity(r, g->black);
			if (ew == eb || !r->in[ew] || !r->in[eb])
				continue;
			bool weighted = c == CRIT_H2H_BOARD;
			r->key[ew] += points2(g->result, 0) *
			              (weighted ? board_weight(r->boards, g->white) : 1);
			r->key[eb] += points2(g->result, 1) *
			              (weighted ? board_weight(r->boards, g->black) : 1);
		}
	}
	for (int i = 0; i < len; i++)
		r->in[grp[i]] = 0;
}

/* Sorts grp by key, highest first, keeping the order of equal keys
 * (insertion sort: groups are small, and stability lists shared ranks
 * by seat). */
static void sort_group(const int64_t *key, int *grp, int len)
{
	for (int i = 1; i < len; i++) {
		int e = grp[i], j = i;
		while (j > 0 && key[grp[j - 1]] < key[e]) {
			grp[j] = grp[j - 1];
			j--;
		}
		grp[j] = e;
	}
}

/* Ranks the members of grp, who are tied for the ranks first..first+len-1
 * (DSU 6.5.4.1). */
static void rank_group(struct ranker *r, int *grp, int len, int first)
{
	for (int c = 0; c < r->ncrit && len > 1; c++) {
		compute_keys(r, r->crit[c], grp, len);
		sort_group(r->key, grp, len);
		if (r->key[grp[0]] == r->key[grp[len - 1]])
			continue; /* this criterion does not tell them apart */
		for (int i = 0; i < len;) {
			int j = i + 1;
			while (j < len && r->key[grp[j]] == r->key[grp[i]])
				j++;
			rank_group(r, grp + i, j - i, first + i);
			i = j;
		}
		return;
	}
	/* DSU 6.5.4.1 (c): still equal, the rank is shared. */
	for (int i = 0; i < len; i++)
		r->rank[grp[i]] = first;
}

/* Ranks r->n entities into order[] (by rank) and r->rank[]; allocates
 * the scratch arrays.  CC_OK or CC_ERR_NOMEM. */
static int rank_all(struct ranker *r, int *order, char *err, size_t errlen)
{
	r->key = calloc((size_t)r->n, sizeof *r->key);
	r->in = calloc((size_t)r->n, 1);
	if (!r->key || !r->in) {
		free(r->key);
		free(r->in);
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory ranking %d entries", r->n);
	}
	for (int i = 0; i < r->n; i++)
		order[i] = i;
	rank_group(r, order, r->n, 1);
	free(r->key);
	free(r->in);
	return CC_OK;
}

/* ---- individual standings ---- */

/* Adds up scores, games played and Sonneborn-Berger of the players.  The
 * arrays have an entry per seat and start zeroed. */
static void add_points(const struct tiebreak_game *games, size_t ngames, int *score2, int *played,
                       int64_t *sb4)
{
	for (size_t i = 0; i < ngames; i++) {
		const struct tiebreak_game *g = &games[i];
		if (g->result == TIEBREAK_UNFINISHED)
			continue;
		score2[g->white] += points2(g->result, 0);
		score2[g->black] += points2(g->result, 1);
		played[g->white]++;
		played[g->black]++;
	}
	/* DSU 6.5.4.1 (a): the final scores of the opponents beaten plus half
	 * the scores of the opponents drawn; every game counts, so in a double
	 * round robin an opponent met twice counts twice.  In quarter points:
	 * a win adds 2 * score2, a draw score2.  0-0 beats nobody. */
	for (size_t i = 0; i < ngames; i++) {
		const struct tiebreak_game *g = &games[i];
		if (g->result == TIEBREAK_WHITE_WON)
			sb4[g->white] += 2 * score2[g->black];
		else if (g->result == TIEBREAK_BLACK_WON)
			sb4[g->black] += 2 * score2[g->white];
		else if (g->result == TIEBREAK_DRAW) {
			sb4[g->white] += score2[g->black];
			sb4[g->black] += score2[g->white];
		}
	}
}

int tiebreak_standings(int n, const struct tiebreak_game *games, size_t ngames,
                       struct tiebreak_standing *out, char *err, size_t errlen)
{
	if (n < 1 || n > TIEBREAK_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "standings of 1 to %d players, not %d",
		               TIEBREAK_MAX_PLAYERS, n);
	int rc = check_games(n, games, ngames, err, errlen);
	if (rc != CC_OK)
		return rc;
	int *score2 = calloc((size_t)n, sizeof *score2);
	int *played = calloc((size_t)n, sizeof *played);
	int64_t *sb4 = calloc((size_t)n, sizeof *sb4);
	int *rank = calloc((size_t)n, sizeof *rank);
	int *order = calloc((size_t)n, sizeof *order);
	if (!score2 || !played || !sb4 || !rank || !order) {
		rc = cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory for %d players", n);
		goto out;
	}
	add_points(games, ngames, score2, played, sb4);
	static const enum criterion crit[] = {CRIT_SCORE, CRIT_SECOND, CRIT_H2H};
	struct ranker r = {.n = n,
	                   .games = games,
	                   .ngames = ngames,
	                   .crit = crit,
	                   .ncrit = 3,
	                   .score2 = score2,
	                   .second = sb4,
	                   .rank = rank};
	rc = rank_all(&r, order, err, errlen);
	if (rc != CC_OK)
		goto out;
	for (int i = 0; i < n; i++) {
		int p = order[i];
		out[i] = (struct tiebreak_standing){.player = p,
		                                    .score2 = score2[p],
		                                    .sb4 = sb4[p],
		                                    .played = played[p],
		                                    .rank = rank[p]};
	}
out:
	free(score2);
	free(played);
	free(sb4);
	free(rank);
	free(order);
	return rc;
}

/* ---- team standings ---- */

int tiebreak_team_standings(int nteams, int boards, const struct tiebreak_game *games,
                            size_t ngames, struct tiebreak_team_standing *out, char *err,
                            size_t errlen)
{
	if (nteams < 2 || boards < 1 || nteams > TIEBREAK_MAX_PLAYERS / boards)
		return cc_fail(CC_ERR_RANGE, err, errlen,
		               "team standings of 2 or more teams and at most %d players, not %d "
		               "teams of %d",
		               TIEBREAK_MAX_PLAYERS, nteams, boards);
	int rc = check_games(nteams * boards, games, ngames, err, errlen);
	if (rc != CC_OK)
		return rc;
	int *score2 = calloc((size_t)nteams, sizeof *score2);
	int64_t *board2 = calloc((size_t)nteams, sizeof *board2);
	int *played = calloc((size_t)nteams, sizeof *played);
	int *rank = calloc((size_t)nteams, sizeof *rank);
	int *order = calloc((size_t)nteams, sizeof *order);
	if (!score2 || !board2 || !played || !rank || !order) {
		rc = cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory for %d teams", nteams);
		goto out;
	}
	/* DSU 6.5: team score = game points; board-weighted points over all
	 * games for the second tie-break. */
	for (size_t i = 0; i < ngames; i++) {
		const struct tiebreak_game *g = &games[i];
		if (g->result == TIEBREAK_UNFINISHED)
			continue;
		int seats[2] = {g->white, g->black};
		for (int side = 0; side < 2; side++) {
			int t = seats[side] / boards;
			score2[t] += points2(g->result, side);
			board2[t] += points2(g->result, side) * board_weight(boards, seats[side]);
			played[t]++;
		}
	}
	static const enum criterion crit[] = {CRIT_SCORE, CRIT_H2H, CRIT_SECOND, CRIT_H2H_BOARD};
	struct ranker r = {.n = nteams,
	                   .boards = boards,
	                   .games = games,
	                   .ngames = ngames,
	                   .crit = crit,
	                   .ncrit = 4,
	                   .score2 = score2,
	                   .second = board2,
	                   .rank = rank};
	rc = rank_all(&r, order, err, errlen);
	if (rc != CC_OK)
		goto out;
	for (int i = 0; i < nteams; i++) {
		int t = order[i];
		out[i] = (struct tiebreak_team_standing){.team = t,
		                                         .score2 = score2[t],
		                                         .board2 = board2[t],
		                                         .played = played[t],
		                                         .rank = rank[t]};
	}
out:
	free(score2);
	free(board2);
	free(played);
	free(rank);
	free(order);
	return rc;
}
