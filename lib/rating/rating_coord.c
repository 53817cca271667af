/* rating_coord.c: DSU 4.5.6, the yearly Elo coordination (rating_coord.h). */
#include "rating/rating_coord.h"

#include <string.h>

#include "rating/rating.h"
#include "util/status.h"

int rating_coord_minus(int r)
{
	/* DSU 4.5.6.2 b: "Ratingtal på under 2100 justeres ikke"; 2100 itself is
	 * in no band (I-20) */
	for (int i = 0; i < rating_elo_rows; i++) {
		const struct rating_elo_row *b = &rating_elo_scale[i];
		if (r >= b->r_from && (b->r_to == RATING_NONE || r <= b->r_to))
			return b->minus;
	}
	return -1;
}

/* True when a rating lies in 0..9999 (or is RATING_NONE where allowed). */
static bool ok_rating(int r, bool none_ok)
{
	return (none_ok && r == RATING_NONE) || (r >= RATING_MIN && r <= RATING_MAX);
}

int rating_coord_run(const struct rating_coord_player *p, size_t n, struct rating_coord_result *res,
                     struct rating_coord_player_result *out, char *err, size_t errlen)
{
	if (n > RATING_COORD_MAX)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at most %d players", RATING_COORD_MAX);
	memset(res, 0, sizeof *res);
	for (size_t i = 0; i < n; i++) {
		if (!ok_rating(p[i].dsu, false) || !ok_rating(p[i].elo, true) ||
		    !ok_rating(p[i].current, true))
			return cc_fail(CC_ERR_RANGE, err, errlen,
			               "player %zu: a rating must lie in %d..%d", i + 1, RATING_MIN,
			               RATING_MAX);
		if (p[i].elo_games < 0)
			return cc_fail(CC_ERR_RANGE, err, errlen,
			               "player %zu: a number of games cannot be negative", i + 1);
	}
	for (size_t i = 0; i < n; i++) {
		struct rating_coord_player_result *o = &out[i];
		memset(o, 0, sizeof *o);
		o->from = p[i].current != RATING_NONE ? p[i].current : p[i].dsu;
		o->to = o->from;
		/* DSU 4.5.6.1 a: over 30 Elo-rated games, over 2100 on both lists */
		o->covered = p[i].elo != RATING_NONE && p[i].elo_games > RATING_COORD_GAMES &&
		             p[i].dsu > RATING_COORD_LIMIT && p[i].elo > RATING_COORD_LIMIT;
		if (!o->covered)
			continue;
		res->covered++;
		res->sum_dsu += p[i].dsu;
		res->sum_elo += p[i].elo;
	}
	if (res->covered == 0)
		return CC_OK;
	/* DSU 4.5.6.1 b: difference = Danish average - Elo average, exactly
	 * (sum difference d over c players) */
	int64_t d = res->sum_dsu - res->sum_elo, c = res->covered;
	int64_t ad = d < 0 ? -d : d;
	if (ad < (int64_t)RATING_COORD_MIN * c) /* 4.5.6.2 a (I-20: |difference|) */
		return CC_OK;
	/* 4.5.6.2 b: the nearest number ending in 5 or 0, half-way upward:
	 * 5 * floor(|d|/c / 5 + 1/2) */
	res->n = (int)(5 * ((2 * ad + 5 * c) / (10 * c)));
	res->direction = d > 0 ? -1 : +1; /* I-20: towards the Elo list */
	for (size_t i = 0; i < n; i++) {
		struct rating_coord_player_result *o = &out[i];
		if (!o->covered) /* "kun for spillere omfattet af 4.5.6.1(a)" */
			continue;
		int minus = rating_coord_minus(o->from);
		if (minus < 0 || res->n - minus <= 0)
			continue;
		o->by = res->direction * (res->n - minus);
		o->to = o->from + o->by;
		if (o->to < RATING_COORD_LIMIT) { /* "forhøjes disse til tallet 2100" */
			o->to = RATING_COORD_LIMIT;
			o->raised = true;
		}
		o->adjusted = true;
		res->adjusted++;
	}
	return CC_OK;
}
