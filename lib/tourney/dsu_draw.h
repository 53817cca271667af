/* dsu_draw.h: the draws of a tournament's seats and the cup's passage
 * from one stage to the next (docs/TOURNAMENTS.md "Cup"):
 *   - the seats by lot (R27, DSU 6.5.1.1; the cup "ved fri lodtrækning",
 *     6.6.1.2), with the random numbers from the caller;
 *   - a player's two cup entries (R44): at most two, neither asking for
 *     the semifinal, and never in one preliminary group (I-18);
 *   - who goes on from a finished cup group (6.6.1.3-4, R45-R46, I-20).
 *
 * Pure library code: only libc, no allocation.  The random numbers come
 * through struct dsu_rng, so a test fixes them and the server draws them
 * from libsodium. */
#ifndef CORRCHESS_DSU_DRAW_H
#define CORRCHESS_DSU_DRAW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tourney/dsu_group.h"

/* A source of random numbers: uniform(ctx, bound) answers a number in
 * [0, bound), each equally likely (bound >= 1). */
struct dsu_rng {
	uint32_t (*uniform)(void *ctx, uint32_t bound);
	void *ctx;
};

/* R27: the order of n items drawn by lot: order[0..n) becomes a
 * permutation of 0..n-1, order[k] the item that takes seat k.  From the
 * last seat down, seat i takes one of the items still on seats 0..i
 * (uniform(i + 1); Fisher-Yates), so with a uniform rng every order is
 * equally likely; n - 1 draws.  CC_OK, or CC_ERR_RANGE (n outside
 * 0..DSU_MAX_PLAYERS, or an answer of the rng out of its bound) with err. */
int dsu_draw_order(int n, const struct dsu_rng *rng, int *order, char *err, size_t errlen);

/* R44: the entries user[0..n) of a cup: a player may have two, never
 * more, and then neither asks for the semifinal (wants_semifinal[],
 * NULL: none does).  CC_OK, or CC_ERR_ILLEGAL with *bad the first entry
 * that breaks it and err. */
int dsu_cup_entries_check(const int64_t *user, const bool *wants_semifinal, int n, int *bad,
                          char *err, size_t errlen);

/* R44 / I-18: a player's two entries never in one preliminary group.
 * user[s] is the player of seed s (two seeds may share one), group[s] the
 * group dsu_cup_serpentine() dealt seed s into.  The second entry of a
 * player that shares a group with his first changes groups with the
 * nearest seed (by seed number, the weaker side first) that can move into
 * his group without meeting his own other entry there; the group
 * strengths change as little as a swap of neighbours can.  O(ns^2).
 * CC_OK with group[] changed, or CC_ERR_ILLEGAL (no swap fits: the TL
 * decides) with err and group[] undefined. */
int dsu_cup_separate(const int64_t *user, int ns, int *group, char *err, size_t errlen);

/* 6.6.1.3-4, R45-R46, I-20: who goes on from a finished cup group: every
 * player whose place after the tie rules (table[0..n) from
 * dsu_standings()) starts at or above `advance`, so a tie across the cut
 * sends every tied player on; in the order of the table.  user[seat] are
 * the group's players.  A player already in q (through with his other
 * entry, R44) takes no second place.  Appends to q[*nq..room).  CC_OK, or
 * CC_ERR_NOMEM (q full) / CC_ERR_RANGE (advance < 1) with err. */
int dsu_cup_qualifiers(const struct dsu_standing *table, int n, const int64_t *user, int advance,
                       int64_t *q, int *nq, int room, char *err, size_t errlen);

#endif
