/* dsu_cup.c: the cup's preliminary round: semifinal entries, group sizes,
 * seeding and the serpentine deal (DSU 6.6.1; see dsu_cup.h). */
#include "tourney/dsu_cup.h"

#include "util/status.h"

int dsu_cup_strength(const struct dsu_cup_entry *e)
{
	if (e->k_rating >= 0) /* I-18: K-rating first, as 6.7.6.2 */
		return e->k_rating;
	if (e->otb_rating >= 0)
		return e->otb_rating;
	return -1;
}

bool dsu_cup_semifinal_direct(const struct dsu_cup_entry *e)
{
	return e->wants_semifinal && e->k_rating >= DSU_CUP_SEMI_RATING; /* DSU 6.6.1.6 */
}

int dsu_cup_group_sizes(int n, int *sizes, int room, char *err, size_t errlen)
{
	if (n < 0 || n > DSU_CUP_MAX_ENTRIES)
		return cc_fail(CC_ERR_RANGE, err, errlen, "0 to %d preliminary players, not %d",
		               DSU_CUP_MAX_ENTRIES, n);
	/* DSU 6.6.1.1: as many 7s as possible, the rest in 6s (I-19) */
	for (int sevens = n / 7; sevens >= 0; sevens--) {
		int rest = n - 7 * sevens;
		if (rest % 6 != 0)
			continue;
		int groups = sevens + rest / 6;
		if (groups == 0)
			break;
		if (groups > room)
			return cc_fail(CC_ERR_NOMEM, err, errlen, "room for %d groups, %d needed",
			               room, groups);
		for (int g = 0; g < groups; g++)
			sizes[g] = g < sevens ? 7 : 6;
		return groups;
	}
	return cc_fail(CC_ERR_ILLEGAL, err, errlen,
	               "%d players cannot be split into groups of 7 and 6 (DSU 6.6.1.1): the TL "
	               "decides",
	               n);
}

int dsu_cup_seed(const struct dsu_cup_entry *entries, int n, int *seeds, int *direct, int *ndirect,
                 int *refused, int *nrefused, char *err, size_t errlen)
{
	int k = 0;
	if (n < 0 || n > DSU_CUP_MAX_ENTRIES)
		return cc_fail(CC_ERR_RANGE, err, errlen, "0 to %d entries, not %d",
		               DSU_CUP_MAX_ENTRIES, n);
	*ndirect = *nrefused = 0;
	for (int i = 0; i < n; i++) {
		if (dsu_cup_semifinal_direct(&entries[i])) {
			direct[(*ndirect)++] = i;
			continue;
		}
		if (entries[i].wants_semifinal)
			refused[(*nrefused)++] = i;
		/* insertion by strength, stable: equal strength keeps entry order */
		int s = dsu_cup_strength(&entries[i]), j = k;
		while (j > 0 && dsu_cup_strength(&entries[seeds[j - 1]]) < s) {
			seeds[j] = seeds[j - 1];
			j--;
		}
		seeds[j] = i;
		k++;
	}
	return k;
}

int dsu_cup_serpentine(int nseeds, const int *sizes, int ngroups, int *group, char *err,
                       size_t errlen)
{
	int fill[DSU_CUP_MAX_ENTRIES / 6 + 1] = {0}, total = 0;
	if (ngroups < 1 || ngroups > DSU_CUP_MAX_ENTRIES / 6)
		return cc_fail(CC_ERR_RANGE, err, errlen, "1 to %d groups, not %d",
		               DSU_CUP_MAX_ENTRIES / 6, ngroups);
	for (int g = 0; g < ngroups; g++) {
		if (sizes[g] < 1)
			return cc_fail(CC_ERR_INVALID, err, errlen, "group %d has no room", g + 1);
		total += sizes[g];
	}
	if (total != nseeds)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "the groups hold %d players, %d are seeded", total, nseeds);
	int g = 0, dir = 1;
	for (int s = 0; s < nseeds; s++) {
		while (fill[g] >= sizes[g]) { /* skip a full group, same direction */
			g += dir;
			if (g < 0 || g >= ngroups) {
				dir = -dir;
				g += dir;
			}
		}
		group[s] = g;
		fill[g]++;
		g += dir;
		if (g < 0 || g >= ngroups) { /* turn: the end group gets the next seed too */
			dir = -dir;
			g += dir;
		}
	}
	return CC_OK;
}
