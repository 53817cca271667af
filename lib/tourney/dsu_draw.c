/* dsu_draw.c: the seats by lot, a player's two cup entries and who goes
 * on from a cup group (tourney/dsu_draw.h). */
#include "tourney/dsu_draw.h"

#include "util/status.h"

int dsu_draw_order(int n, const struct dsu_rng *rng, int *order, char *err, size_t errlen)
{
	if (n < 0 || n > DSU_MAX_PLAYERS)
		return cc_fail(CC_ERR_RANGE, err, errlen, "0 to %d items are drawn, not %d",
		               DSU_MAX_PLAYERS, n);
	for (int i = 0; i < n; i++)
		order[i] = i;
	/* R27: seat i, from the last down, takes one of the items on seats
	 * 0..i, each with the same chance (Fisher-Yates). */
	for (int i = n - 1; i > 0; i--) {
		uint32_t j = rng->uniform(rng->ctx, (uint32_t)i + 1);
		if (j > (uint32_t)i)
			return cc_fail(CC_ERR_RANGE, err, errlen,
			               "the lot for seat %d drew %u of %d: out of range", i + 1,
			               (unsigned)j, i + 1);
		int x = order[i];
		order[i] = order[j];
		order[j] = x;
	}
	return CC_OK;
}

int dsu_cup_entries_check(const int64_t *user, const bool *wants_semifinal, int n, int *bad,
                          char *err, size_t errlen)
{
	for (int i = 0; i < n; i++) {
		int before = 0, first = -1;
		for (int j = 0; j < i; j++)
			if (user[j] == user[i] && before++ == 0)
				first = j;
		if (before == 0)
			continue;
		/* R44: a second entry, never a third, and then no semifinal
		 * start for either (DSU 6.6.1.2, 6.6.1.6) */
		bool semi = wants_semifinal && (wants_semifinal[i] || wants_semifinal[first]);
		if (before > 1 || semi) {
			*bad = i;
			return cc_fail(CC_ERR_ILLEGAL, err, errlen,
			               "user %lld: at most two cup entries, neither asking for the "
			               "semifinal (DSU 6.6.1.2)",
			               (long long)user[i]);
		}
	}
	return CC_OK;
}

/* True when group g holds player u among the seeds other than `except`. */
static bool group_has(const int64_t *user, int ns, const int *group, int g, int64_t u, int except)
{
	for (int s = 0; s < ns; s++)
		if (s != except && group[s] == g && user[s] == u)
			return true;
	return false;
}

int dsu_cup_separate(const int64_t *user, int ns, int *group, char *err, size_t errlen)
{
	for (int s = 0; s < ns; s++) {
		int64_t u = user[s];
		/* his first entry is a seed before s, in the same group */
		if (!group_has(user, s, group, group[s], u, s))
			continue;
		bool moved = false;
		for (int dist = 1; !moved && dist < ns; dist++)
			for (int k = 0; !moved && k < 2; k++) {
				int t = k == 0 ? s + dist : s - dist; /* the weaker side first */
				if (t < 0 || t >= ns || group[t] == group[s])
					continue;
				if (group_has(user, ns, group, group[t], u, t) ||
				    group_has(user, ns, group, group[s], user[t], s))
					continue;
				int x = group[s];
				group[s] = group[t];
				group[t] = x;
				moved = true;
			}
		if (!moved)
			return cc_fail(CC_ERR_ILLEGAL, err, errlen,
			               "the two entries of user %lld cannot be put in different "
			               "groups (DSU 6.6.1.2): the TL decides",
			               (long long)u);
	}
	return CC_OK;
}

int dsu_cup_qualifiers(const struct dsu_standing *table, int n, const int64_t *user, int advance,
                       int64_t *q, int *nq, int room, char *err, size_t errlen)
{
	if (advance < 1)
		return cc_fail(CC_ERR_RANGE, err, errlen, "at least 1 of a group goes on, not %d",
		               advance);
	for (int i = 0; i < n; i++) {
		/* 6.6.1.4: after SB and the mutual game, all still tied at the
		 * cut go on */
		if (table[i].place_lo > advance)
			continue;
		int64_t u = user[table[i].player];
		bool again = false; /* R44: through with both entries, one place */
		for (int k = 0; k < *nq; k++)
			again |= q[k] == u;
		if (again)
			continue;
		if (*nq >= room)
			return cc_fail(CC_ERR_NOMEM, err, errlen, "room for %d players who go on",
			               room);
		q[(*nq)++] = u;
	}
	return CC_OK;
}
