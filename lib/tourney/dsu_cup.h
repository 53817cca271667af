/* dsu_cup.h: the cup's preliminary round ("Pokalturneringen", DSU 6.6.1):
 * who enters at the semifinal (R48), how many groups of 7 and 6 (R43,
 * I-19), the seeding by presumed strength and the serpentine deal into
 * groups (R44, I-18), and who goes on (R45-R46, I-20).
 *
 * Pure library code: only libc, no allocation. */
#ifndef CORRCHESS_DSU_CUP_H
#define CORRCHESS_DSU_CUP_H

#include "tourney/dsu_common.h"

#define DSU_CUP_MAX_ENTRIES 4096
#define DSU_CUP_SEMI_RATING 2000 /* DSU 6.6.1.6: K-rating for the semifinal */

/* One cup entry. */
struct dsu_cup_entry {
	int k_rating;         /* K-rating, final or provisional, or -1 */
	int otb_rating;       /* OTB rating, or -1 */
	bool wants_semifinal; /* asks to enter at the semifinal (6.6.1.6) */
};

/* I-18: the presumed strength: the K-rating, else the OTB rating, else
 * -1 (unrated: seeded last). */
int dsu_cup_strength(const struct dsu_cup_entry *e);

/* R48: enters at the semifinal (asked, and K-rating >= 2000). */
bool dsu_cup_semifinal_direct(const struct dsu_cup_entry *e);

/* R43 / I-19: the group sizes for n preliminary players: the most groups
 * of 7 such that the rest splits into groups of 6, the 7s first.
 * Returns the number of groups and fills sizes[] (room entries), or
 * CC_ERR_ILLEGAL (no such split: 1-5, 8-11, 15-17, 22, 23, 29 players;
 * the TL decides) / CC_ERR_NOMEM / CC_ERR_RANGE with err. */
int dsu_cup_group_sizes(int n, int *sizes, int room, char *err, size_t errlen);

/* Seeds entries[0..n): the preliminary players by strength, strongest
 * first, equal strength in the order of entries[] (the caller's lots,
 * I-18), into seeds[] (indices; returns their count); the direct
 * semifinal entries into direct[] (*ndirect) and the refused requests
 * (asked, K < 2000) into refused[] (*nrefused), both in entry order.
 * Each array has room for n.  CC_ERR_RANGE with err. */
int dsu_cup_seed(const struct dsu_cup_entry *entries, int n, int *seeds, int *direct, int *ndirect,
                 int *refused, int *nrefused, char *err, size_t errlen);

/* I-18: deals nseeds seeds into the groups of sizes[0..ngroups) in
 * serpentine order (1..g, g..1, ...), skipping full groups; group[s] is
 * the group (0..) of seed s.  CC_ERR_INVALID when the sizes do not add up
 * to nseeds. */
int dsu_cup_serpentine(int nseeds, const int *sizes, int ngroups, int *group, char *err,
                       size_t errlen);

#endif
