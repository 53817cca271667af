/* rating.c: the DSU rating system for one group (seed 4.5, docs/RATING.md).
 * See rating.h for the units and the contract. */
#include "rating/rating.h"

#include <stdlib.h>
#include <string.h>

#include "util/status.h"

/* Parts of RATING_UNIT in one hundredth of a point. */
#define UNITS_PER_HUNDREDTH (RATING_UNIT / 100)

/* ---- small arithmetic ---- */

/* Floor division for a positive divisor. */
static int64_t floordiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	if ((a % b != 0) && (a < 0))
		q--;
	return q;
}

int rating_round_avg(int64_t sum, int64_t n)
{
	/* I-4, I-15: "afrundes til nærmeste hele tal. 0,5 rundes opad" (4.8.4) */
	return (int)floordiv(2 * sum + n, 2 * n);
}

int rating_round_final(int64_t units)
{
	/* I-2: one rounding at the end, .5 upward */
	return (int)floordiv(units + RATING_UNIT / 2, RATING_UNIT);
}

int rating_round_we(int h)
{
	/* nearest multiple of 0.05; a whole number of hundredths never
	 * lies half-way, so remainders 0-2 go down and 3-4 up */
	return (int)floordiv((int64_t)h + 2, 5) * 5;
}

/* ---- the tables ---- */

int rating_expected(int d)
{
	/* DSU 4.5.7 table 1; D >= 0 reads H, D < 0 reads L for |D| (I-21) */
	int ad = d < 0 ? -d : d;
	for (int i = 0; i < rating_table1_rows; i++) {
		const struct rating_t1_row *r = &rating_table1[i];
		if (ad >= r->d_from && (r->d_to == RATING_NONE || ad <= r->d_to))
			return d >= 0 ? r->h : r->l;
	}
	/* the generator refuses a table with a gap; the last band is open */
	return d >= 0 ? 100 : 0;
}

int rating_table2_lookup(int p100, int *d, char *err, size_t errlen)
{
	if (p100 < 0 || p100 > 100)
		return cc_fail(CC_ERR_RANGE, err, errlen,
		               "a score fraction must lie in 0.00..1.00");
	if (rating_table2[p100] == RATING_UNDEFINED)
		/* DSU 4.5.7 table 2: '*' angiver, at værdien er ubestemt (I-15) */
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "table 2 gives no rating difference for a score of %d %%", p100);
	*d = rating_table2[p100];
	return CC_OK;
}

int rating_k(int ro)
{
	/* DSU 4.5.2.3 with I-1: each limit belongs to the band above it */
	for (int i = 0; i < rating_k_rows; i++) {
		const struct rating_k_row *r = &rating_k_bands[i];
		if ((r->ro_from == RATING_NONE || ro >= r->ro_from) &&
		    (r->ro_to == RATING_NONE || ro <= r->ro_to))
			return r->k;
	}
	return rating_k_bands[rating_k_rows - 1].k;
}

int rating_bonus_c(int n)
{
	/* DSU 4.5.2.2: the table, then "osv." = +0.5 per two further games (I-10) */
	for (int i = 0; i < rating_bonus_rows; i++)
		if (n >= rating_bonus[i].games_from && n <= rating_bonus[i].games_to)
			return rating_bonus[i].c;
	const struct rating_bonus_row *last = &rating_bonus[rating_bonus_rows - 1];
	if (n < rating_bonus[0].games_from)
		return rating_bonus[0].c;
	return last->c + 50 * ((n - last->games_from) / 2);
}

int64_t rating_limit_correct(int base, int64_t rn, struct rating_correction *corr, int *ncorr)
{
	/* DSU 4.5.2.4 (R-14..R-16).  I-12: passed upward when base < Rgr <= Rn,
	 * downward when Rn < Rgr <= base.  I-11: limit by limit, each from the
	 * value the previous correction gave. */
	int64_t b = (int64_t)base * RATING_UNIT;
	int64_t cur = rn;
	*ncorr = 0;
	if (cur > b) {
		for (int i = 0; i < rating_limit_rows; i++) {
			const struct rating_limit_row *l = &rating_limits[i];
			int64_t g = (int64_t)l->rgr * RATING_UNIT;
			if (b < g && g <= cur) {
				int64_t sigma = cur - g; /* σr = Rn - Rgr */
				cur = g + sigma * l->up_num / l->up_den;
				corr[*ncorr] = (struct rating_correction){l->rgr, true, sigma, cur};
				(*ncorr)++;
			}
		}
	} else if (cur < b) {
		for (int i = rating_limit_rows - 1; i >= 0; i--) {
			const struct rating_limit_row *l = &rating_limits[i];
			int64_t g = (int64_t)l->rgr * RATING_UNIT;
			if (cur < g && g <= b) {
				int64_t sigma = g - cur; /* σr = Rgr - Rn */
				cur = g - sigma * l->down_num / l->down_den;
				corr[*ncorr] =
				        (struct rating_correction){l->rgr, false, sigma, cur};
				(*ncorr)++;
			}
		}
	}
	return cur;
}

/* ---- which games are rated ---- */

/* Checks one game: indices, and points that fit its kind. */
static int check_game(const struct rating_game *gm, size_t i, int n, char *err, size_t errlen)
{
	if (gm->a < 0 || gm->a >= n || gm->b < 0 || gm->b >= n)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "game %zu names a player outside 1..%d", i + 1, n);
	if (gm->a == gm->b)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "game %zu has a player against himself", i + 1);
	if (gm->a2 < 0 || gm->a2 > 2 || gm->b2 < 0 || gm->b2 > 2)
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "game %zu: points must be 0, ½ or 1",
		               i + 1);
	switch (gm->kind) {
	case RATING_GAME_PLAYED:
	case RATING_GAME_LATE_RESERVE:
		if (gm->a2 + gm->b2 != 2)
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "game %zu: a played game gives 1 point in all", i + 1);
		break;
	case RATING_GAME_NOSHOW:
		if (!((gm->a2 == 2 && gm->b2 == 0) || (gm->a2 == 0 && gm->b2 == 2)))
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "game %zu: a no-show is won by the player who came", i + 1);
		break;
	case RATING_GAME_UNPLAYED:
		break;
	default:
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "game %zu has an unknown kind",
		               i + 1);
	}
	return CC_OK;
}

/* Decides for every game whether it is rated (DSU 4.5.4.2, R-3..R-5):
 * played games yes, a late reserve's no, unplayed no, a no-show only
 * outside team events and not when the absent player stayed away from the
 * whole tournament.  scratch has n ints. */
static void mark_rated(const struct rating_group *g, bool *rated, int *scratch)
{
	int n = g->nplayers;
	/* scratch[p]: bit 1 = appeared somewhere, bit 2 = failed to appear */
	memset(scratch, 0, (size_t)n * sizeof *scratch);
	for (size_t i = 0; i < g->ngames; i++) {
		const struct rating_game *gm = &g->games[i];
		if (gm->kind == RATING_GAME_PLAYED || gm->kind == RATING_GAME_LATE_RESERVE) {
			scratch[gm->a] |= 1;
			scratch[gm->b] |= 1;
		} else if (gm->kind == RATING_GAME_NOSHOW) {
			scratch[gm->a] |= gm->a2 ? 1 : 2;
			scratch[gm->b] |= gm->b2 ? 1 : 2;
		}
	}
	for (size_t i = 0; i < g->ngames; i++) {
		const struct rating_game *gm = &g->games[i];
		switch (gm->kind) {
		case RATING_GAME_PLAYED:
			rated[i] = true; /* DSU 4.5.4.2: alle spillede partier rates */
			break;
		case RATING_GAME_NOSHOW: {
			/* DSU 4.5.4.2: udeblivelse uden godkendt afbud; not in the division
			 * tournament or rated team tournaments; not when he stayed away
			 * from the whole tournament */
			int absent = gm->a2 ? gm->b : gm->a;
			rated[i] = !g->team_event && scratch[absent] != 2 &&
			           !g->players[absent].absent;
			break;
		}
		default:
			rated[i] = false; /* unplayed, or a reserve after half an hour */
			break;
		}
	}
}

/* ---- performance ratings (4.5.5.2 item 3, I-15) ---- */

/* The rating of player p in the current pass: Ro, or his Rp so far. */
static int cur_rating(const struct rating_group *g, const int *rp, int p)
{
	return g->players[p].performance ? rp[p] : g->players[p].ro;
}

/* Computes Rp for every performance player with rated games, Jacobi
 * passes from pass 0 (rated opponents only) until a pass changes nothing.
 * rp[] and next[] have n ints.  Fills out[p].perf.  Fails CC_ERR_INVALID
 * for an undefined performance (O-3). */
static int performance_ratings(const struct rating_group *g, const bool *rated,
                               struct rating_player_result *out, int *rp, int *next, char *err,
                               size_t errlen)
{
	int n = g->nplayers;
	int any = 0;
	for (int p = 0; p < n; p++) {
		rp[p] = RATING_NONE;
		if (!g->players[p].performance || out[p].games == 0)
			continue;
		any = 1;
		struct rating_performance *pf = &out[p].perf;
		/* I-15: P = W/n rounded to 0.01, .005 upward */
		pf->p100 = (int)floordiv(100 * (int64_t)out[p].w2 + out[p].games,
		                         2 * (int64_t)out[p].games);
		char why[160];
		if (rating_table2_lookup(pf->p100, &pf->dp, why, sizeof why) != CC_OK)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "player %d cannot get a performance rating: %s", p + 1, why);
		/* pass 0: the average of the rated opponents only */
		int64_t sum = 0, cnt = 0;
		for (size_t i = 0; i < g->ngames; i++) {
			const struct rating_game *gm = &g->games[i];
			if (!rated[i] || (gm->a != p && gm->b != p))
				continue;
			int opp = gm->a == p ? gm->b : gm->a;
			if (!g->players[opp].performance) {
				sum += g->players[opp].ro;
				cnt++;
			}
		}
		if (cnt == 0)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "player %d cannot get a performance rating: he met no rated "
			               "player (docs/RATING.md O-3)",
			               p + 1);
		pf->rc = rating_round_avg(sum, cnt);
		rp[p] = pf->rc + pf->dp;
		pf->passes[0] = rp[p];
		pf->npasses = 1;
		pf->stable = false;
	}
	if (!any)
		return CC_OK;
	for (int pass = 1; pass <= RATING_MAX_PASSES; pass++) {
		int changed = 0;
		for (int p = 0; p < n; p++) {
			next[p] = rp[p];
			if (rp[p] == RATING_NONE)
				continue;
			int64_t sum = 0;
			for (size_t i = 0; i < g->ngames; i++) {
				const struct rating_game *gm = &g->games[i];
				if (rated[i] && (gm->a == p || gm->b == p))
					sum += cur_rating(g, rp, gm->a == p ? gm->b : gm->a);
			}
			out[p].perf.rc = rating_round_avg(sum, out[p].games);
			next[p] = out[p].perf.rc + out[p].perf.dp;
			out[p].perf.passes[pass] = next[p];
			out[p].perf.npasses = pass + 1;
			if (next[p] != rp[p])
				changed = 1;
		}
		memcpy(rp, next, (size_t)n * sizeof *rp);
		if (!changed) {
			for (int p = 0; p < n; p++)
				if (rp[p] != RATING_NONE)
					out[p].perf.stable = true;
			break;
		}
	}
	for (int p = 0; p < n; p++)
		if (rp[p] != RATING_NONE)
			out[p].perf.rp = rp[p];
	return CC_OK;
}

/* ---- the group ---- */

/* Checks the sizes, the ratings and every game. */
static int check_group(const struct rating_group *g, char *err, size_t errlen)
{
	if (g->nplayers < 1 || g->nplayers > RATING_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a group has 1 to %d players",
		               RATING_MAX_PLAYERS);
	if (g->ngames > RATING_MAX_GAMES)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a group has at most %d games",
		               RATING_MAX_GAMES);
	if (g->ngames > 0 && g->games == NULL)
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "no games given");
	for (int p = 0; p < g->nplayers; p++) {
		const struct rating_player *pl = &g->players[p];
		if (!pl->performance && (pl->ro < RATING_MIN || pl->ro > RATING_MAX))
			return cc_fail(CC_ERR_RANGE, err, errlen,
			               "player %d: a rating must lie in %d..%d", p + 1, RATING_MIN,
			               RATING_MAX);
		if (pl->registered != RATING_NONE &&
		    (pl->registered < RATING_MIN || pl->registered > RATING_MAX))
			return cc_fail(CC_ERR_RANGE, err, errlen,
			               "player %d: a registered rating must lie in %d..%d", p + 1,
			               RATING_MIN, RATING_MAX);
	}
	for (size_t i = 0; i < g->ngames; i++) {
		const struct rating_game *gm = &g->games[i];
		int rc = check_game(gm, i, g->nplayers, err, errlen);
		if (rc != CC_OK)
			return rc;
		/* a player absent from the whole group played no game and
		 * came to none */
		bool shown = gm->kind == RATING_GAME_PLAYED || gm->kind == RATING_GAME_LATE_RESERVE;
		for (int s = 0; s < 2; s++) {
			int p = s ? gm->b : gm->a, mine = s ? gm->b2 : gm->a2;
			if (g->players[p].absent &&
			    (shown || (gm->kind == RATING_GAME_NOSHOW && mine > 0)))
				return cc_fail(
				        CC_ERR_MALFORMED, err, errlen,
				        "game %zu: player %d is absent from the whole group, "
				        "yet he played or came to it",
				        i + 1, p + 1);
		}
	}
	return CC_OK;
}

/* I-6: true when every pair is scheduled equally often (unplayed games
 * counted), that number >= 1 into *cycles.  sched is n*n ints. */
static bool round_robin(const struct rating_group *g, int *sched, int *cycles)
{
	int n = g->nplayers;
	*cycles = 0;
	if (n < 2)
		return false;
	memset(sched, 0, (size_t)n * (size_t)n * sizeof *sched);
	for (size_t i = 0; i < g->ngames; i++) {
		int a = g->games[i].a, b = g->games[i].b;
		sched[a * n + b]++;
		sched[b * n + a]++;
	}
	int c = sched[0 * n + 1];
	if (c < 1)
		return false;
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++)
			if (sched[a * n + b] != c)
				return false;
	*cycles = c;
	return true;
}

/* We by the average method for player p (4.5.2.1.1, I-7, I-9): layer k
 * is the set of opponents met in rated games at least k times, and
 * We = sum over k of (Mk * P(Ro - Rak) - 1/2), Mk and Rak over p and layer
 * k.  For a complete group this is C * (M * Pa - 1/2).  cnt is the n*n
 * matrix of rated games per pair. */
static int average_we(const struct rating_group *g, const int *ro, const int *cnt, int p)
{
	int n = g->nplayers;
	int maxk = 0;
	for (int j = 0; j < n; j++)
		if (cnt[p * n + j] > maxk)
			maxk = cnt[p * n + j];
	int we = 0;
	for (int k = 1; k <= maxk; k++) {
		int64_t sum = ro[p];
		int m = 1;
		for (int j = 0; j < n; j++)
			if (j != p && cnt[p * n + j] >= k) {
				sum += ro[j];
				m++;
			}
		int ra = rating_round_avg(sum, m); /* I-4 */
		we += m * rating_expected(ro[p] - ra) - 50;
	}
	return we;
}

/* Steps 1-5 of R-19 for one player with the figures W, We, K, n known. */
static void finish_player(struct rating_player_result *r, bool team_event)
{
	int w100 = r->w2 * 50;
	r->c = rating_bonus_c(r->games);
	int b = w100 - r->we - r->c; /* DSU 4.5.2.2: only when positive */
	r->b = b > 0 ? b : 0;
	/* DSU 4.5.2.5: a group winner below his expected score gets 0 (I-13) */
	r->winner_rule = r->winner && !team_event && w100 < r->we;
	if (r->winner_rule)
		r->delta = 0;
	else
		r->delta = (int64_t)r->k * (w100 - r->we + r->b) * UNITS_PER_HUNDREDTH;
	r->rn = (int64_t)r->base * RATING_UNIT + r->delta; /* */
	int64_t v = rating_limit_correct(r->base, r->rn, r->corr, &r->ncorr);
	if (v < (int64_t)RATING_FLOOR * RATING_UNIT) { /* DSU 4.5.2.6 */
		v = (int64_t)RATING_FLOOR * RATING_UNIT;
		r->floor = true;
	}
	r->new_rating = rating_round_final(v);
}

int rating_group_rate(const struct rating_group *g, struct rating_group_result *res,
                      struct rating_player_result *out, char *err, size_t errlen)
{
	bool *rated = NULL;
	int *ro = NULL, *rp = NULL, *next = NULL, *sched = NULL, *cnt = NULL;
	int rc = check_group(g, err, errlen);
	if (rc != CC_OK)
		return rc;
	int n = g->nplayers;
	size_t nn = (size_t)n * (size_t)n;
	rated = calloc(g->ngames ? g->ngames : 1, sizeof *rated);
	ro = calloc((size_t)n, sizeof *ro);
	rp = calloc((size_t)n, sizeof *rp);
	next = calloc((size_t)n, sizeof *next);
	sched = calloc(nn, sizeof *sched);
	cnt = calloc(nn, sizeof *cnt);
	if (!rated || !ro || !rp || !next || !sched || !cnt) {
		rc = cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory rating a group");
		goto fail;
	}
	memset(res, 0, sizeof *res);
	memset(out, 0, (size_t)n * sizeof *out);

	mark_rated(g, rated, ro);
	for (size_t i = 0; i < g->ngames; i++) {
		const struct rating_game *gm = &g->games[i];
		if (!rated[i])
			continue;
		res->rated_games++;
		/* I-22: W counts the rated games only, rated no-shows included */
		out[gm->a].games++;
		out[gm->b].games++;
		out[gm->a].w2 += gm->a2;
		out[gm->b].w2 += gm->b2;
		cnt[gm->a * n + gm->b]++;
		cnt[gm->b * n + gm->a]++;
	}
	rc = performance_ratings(g, rated, out, rp, next, err, errlen);
	if (rc != CC_OK)
		goto fail;

	/* Ro of everyone: the rating, or Rp (I-15: Rp is his Ro for all of 4.5.2) */
	int lo = 0, hi = 0, first = 1;
	int64_t sum = 0, m = 0;
	for (int p = 0; p < n; p++) {
		const struct rating_player *pl = &g->players[p];
		struct rating_player_result *r = &out[p];
		r->performance = pl->performance;
		r->has_rating = !pl->performance || r->games > 0;
		ro[p] = pl->performance ? rp[p] : pl->ro;
		r->ro = r->has_rating ? ro[p] : RATING_NONE;
		r->base = pl->registered != RATING_NONE ? pl->registered : r->ro;
		r->winner = pl->winner && !g->team_event;
		r->new_rating = r->base;
		if (r->has_rating)
			r->k = rating_k(ro[p]); /* I-1: K by Ro */
		if (r->games == 0)
			continue;
		/* I-6: the spread over participants with at least one rated game */
		if (first || ro[p] < lo)
			lo = ro[p];
		if (first || ro[p] > hi)
			hi = ro[p];
		first = 0;
		sum += ro[p];
		m++;
	}
	res->round_robin = round_robin(g, sched, &res->cycles);
	if (m > 0) {
		res->spread = hi - lo;
		res->average = rating_round_avg(sum, m);
		/* DSU 4.5.2.1: all-play-all and a spread of at most 200 (I-6) */
		res->method = res->round_robin && res->spread <= 200 ? RATING_METHOD_AVERAGE
		                                                     : RATING_METHOD_DIFFERENCE;
	}

	for (int p = 0; p < n; p++) {
		struct rating_player_result *r = &out[p];
		if (r->games == 0) {
			r->rn = r->has_rating ? (int64_t)r->base * RATING_UNIT : 0;
			continue;
		}
		if (res->method == RATING_METHOD_AVERAGE) {
			r->we_raw = average_we(g, ro, cnt, p);
		} else {
			/* DSU 4.5.2.1.2: one table-1 term per rated game (I-8) */
			for (size_t i = 0; i < g->ngames; i++) {
				const struct rating_game *gm = &g->games[i];
				if (rated[i] && (gm->a == p || gm->b == p))
					r->we_raw += rating_expected(
					        ro[p] - ro[gm->a == p ? gm->b : gm->a]);
			}
		}
		r->we = rating_round_we(r->we_raw);
		finish_player(r, g->team_event);
	}
	rc = CC_OK;
fail:
	free(rated);
	free(ro);
	free(rp);
	free(next);
	free(sched);
	free(cnt);
	return rc;
}

int rating_winners(const struct rating_group *g, bool *winner)
{
	int n = g->nplayers;
	int best = -1, count = 0;
	int *score = calloc((size_t)(n > 0 ? n : 1), sizeof *score);
	for (int p = 0; p < n; p++)
		winner[p] = false;
	if (!score || g->team_event || g->ngames == 0)
		goto out;
	for (size_t i = 0; i < g->ngames; i++) {
		const struct rating_game *gm = &g->games[i];
		if (gm->a < 0 || gm->a >= n || gm->b < 0 || gm->b >= n)
			continue;
		score[gm->a] += gm->a2;
		score[gm->b] += gm->b2;
	}
	for (int p = 0; p < n; p++)
		if (score[p] > best)
			best = score[p];
	for (int p = 0; p < n; p++)
		if (score[p] == best) {
			winner[p] = true; /* I-13: all tied for first, no tie-breaks */
			count++;
		}
out:
	free(score);
	return count;
}

/* ---- notation ---- */

/* Reads one token at s of length len. */
static int token_parse(const char *s, size_t len, struct rating_token *t)
{
	static const struct {
		const char *text;
		enum rating_game_kind kind;
		int mine2;
	} words[] = {
	        {"1", RATING_GAME_PLAYED, 2},          {"½", RATING_GAME_PLAYED, 1},
	        {"1/2", RATING_GAME_PLAYED, 1},        {"=", RATING_GAME_PLAYED, 1},
	        {"0", RATING_GAME_PLAYED, 0},          {"+", RATING_GAME_NOSHOW, 2},
	        {"-", RATING_GAME_NOSHOW, 0},          {"x", RATING_GAME_UNPLAYED, 0},
	        {"x0", RATING_GAME_UNPLAYED, 0},       {"x½", RATING_GAME_UNPLAYED, 1},
	        {"x1/2", RATING_GAME_UNPLAYED, 1},     {"x1", RATING_GAME_UNPLAYED, 2},
	        {"r1", RATING_GAME_LATE_RESERVE, 2},   {"r½", RATING_GAME_LATE_RESERVE, 1},
	        {"r1/2", RATING_GAME_LATE_RESERVE, 1}, {"r0", RATING_GAME_LATE_RESERVE, 0},
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strlen(words[i].text) == len && memcmp(words[i].text, s, len) == 0) {
			t->kind = words[i].kind;
			t->mine2 = words[i].mine2;
			return CC_OK;
		}
	return CC_ERR_MALFORMED;
}

/* The next token of a cell at *s (moved past it): 1 and *t, 0 at the
 * end, CC_ERR_MALFORMED for a word that is not a result. */
static int cell_next(const char **s, struct rating_token *t)
{
	const char *p = *s;
	while (*p == ' ')
		p++;
	if (*p == '\0')
		return 0;
	const char *e = p;
	while (*e && *e != ' ')
		e++;
	*s = e;
	return token_parse(p, (size_t)(e - p), t) == CC_OK ? 1 : CC_ERR_MALFORMED;
}

/* The start of a cell's tokens: NULL for no game ("" or "*"). */
static const char *cell_start(const char *cell)
{
	const char *s = cell;
	while (*s == ' ')
		s++;
	return *s == '\0' || strcmp(s, "*") == 0 ? NULL : s;
}

/* Counts the tokens of a cell, checking each; CC_ERR_MALFORMED with err. */
static int cell_count(const char *cell, size_t *n, char *err, size_t errlen)
{
	struct rating_token t;
	int rc;
	*n = 0;
	if (cell == NULL)
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "a crosstable cell is missing");
	const char *s = cell_start(cell);
	while (s && (rc = cell_next(&s, &t)) != 0) {
		if (rc < 0) {
			char q[CC_QUOTE_BUF];
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "%s is not a result (1 ½ 0 + - x x1 x0 r1 r½ r0)",
			               cc_quote(cell, q));
		}
		(*n)++;
	}
	return CC_OK;
}

int rating_cell_parse(const char *cell, struct rating_token *out, int max, int *n, char *err,
                      size_t errlen)
{
	size_t count;
	*n = 0;
	int rc = cell_count(cell, &count, err, errlen);
	if (rc != CC_OK)
		return rc;
	if (count > (size_t)(max > 0 ? max : 0))
		return cc_fail(CC_ERR_RANGE, err, errlen, "the cell holds %zu games, room for %d",
		               count, max);
	const char *s = cell_start(cell);
	while (s && cell_next(&s, &out[*n]) == 1)
		(*n)++;
	return CC_OK;
}

/* True when token b (column player) mirrors token a (row player). */
static bool mirrors(const struct rating_token *a, const struct rating_token *b)
{
	if (a->kind != b->kind)
		return false;
	if (a->kind == RATING_GAME_UNPLAYED)
		return true; /* standings points of unplayed games need not add up */
	return a->mine2 + b->mine2 == 2 && (a->kind != RATING_GAME_NOSHOW || a->mine2 != 1);
}

int rating_crosstable_games(int n, const char *const *cells, struct rating_game *out, size_t max,
                            size_t *ngames, char *err, size_t errlen)
{
	*ngames = 0;
	if (n < 1 || n > RATING_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a crosstable has 1 to %d players",
		               RATING_MAX_PLAYERS);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			size_t na, nb;
			char why[160];
			/* a cell holds any number of games (a match of ten in one) */
			int rc = cell_count(cells[i * n + j], &na, why, sizeof why);
			if (rc != CC_OK)
				return cc_fail(rc, err, errlen, "crosstable row %d, column %d: %s",
				               i + 1, j + 1, why);
			rc = cell_count(cells[j * n + i], &nb, why, sizeof why);
			if (rc != CC_OK)
				return cc_fail(rc, err, errlen, "crosstable row %d, column %d: %s",
				               j + 1, i + 1, why);
			if (na != nb)
				return cc_fail(CC_ERR_MALFORMED, err, errlen,
				               "crosstable: row %d column %d has %zu games, row %d "
				               "column %d has %zu",
				               i + 1, j + 1, na, j + 1, i + 1, nb);
			const char *sa = cell_start(cells[i * n + j]);
			const char *sb = cell_start(cells[j * n + i]);
			for (size_t t = 0; t < na; t++) {
				struct rating_token ta, tb;
				cell_next(&sa, &ta); /* both counted and checked above */
				cell_next(&sb, &tb);
				if (!mirrors(&ta, &tb))
					return cc_fail(
					        CC_ERR_MALFORMED, err, errlen,
					        "crosstable: row %d column %d does not mirror row "
					        "%d column %d (game %zu)",
					        i + 1, j + 1, j + 1, i + 1, t + 1);
				if (*ngames >= RATING_MAX_GAMES)
					return cc_fail(CC_ERR_RANGE, err, errlen,
					               "a crosstable holds at most %d games",
					               RATING_MAX_GAMES);
				if (out && *ngames >= max)
					return cc_fail(CC_ERR_RANGE, err, errlen,
					               "a crosstable holds at most %zu games", max);
				if (out)
					out[*ngames] = (struct rating_game){i, j, ta.kind, ta.mine2,
					                                    tb.mine2};
				(*ngames)++;
			}
		}
	return CC_OK;
}

int rating_result_parse(const char *result, const char *flag, struct rating_game *g, char *err,
                        size_t errlen)
{
	static const struct {
		const char *text;
		enum rating_game_kind kind;
		int a2, b2;
	} results[] = {
	        {"1-0", RATING_GAME_PLAYED, 2, 0},     {"0-1", RATING_GAME_PLAYED, 0, 2},
	        {"1/2-1/2", RATING_GAME_PLAYED, 1, 1}, {"½-½", RATING_GAME_PLAYED, 1, 1},
	        {"+-", RATING_GAME_NOSHOW, 2, 0},      {"-+", RATING_GAME_NOSHOW, 0, 2},
	        {"x", RATING_GAME_UNPLAYED, 0, 0},
	};
	char q[CC_QUOTE_BUF];
	if (result == NULL)
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "a game has no result");
	size_t i;
	for (i = 0; i < sizeof results / sizeof results[0]; i++)
		if (strcmp(result, results[i].text) == 0)
			break;
	if (i == sizeof results / sizeof results[0])
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "%s is not a result (1-0 0-1 1/2-1/2 +- -+ x)", cc_quote(result, q));
	g->kind = results[i].kind;
	g->a2 = results[i].a2;
	g->b2 = results[i].b2;
	if (flag == NULL || *flag == '\0')
		return CC_OK;
	if (strcmp(flag, "late_reserve") != 0)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "%s is not a game flag (late_reserve)", cc_quote(flag, q));
	if (g->kind != RATING_GAME_PLAYED)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "late_reserve marks a played game, not %s", cc_quote(result, q));
	g->kind = RATING_GAME_LATE_RESERVE; /* DSU 4.5.4.2: reserve after half an hour */
	return CC_OK;
}
