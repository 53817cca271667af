/* store/game_cache.h: for server/store only - the replayed games kept by
 * (id, rev), so a read of a game whose moves did not change replays none
 * (issue 25).
 *
 * What is kept is the game value right after its moves were replayed
 * (lib/corr's chess game and the move rows), never what can change
 * without games.rev: the row's state and names, the pending series, the
 * vacations and the records are read at every load.  Only store_games_write()
 * changes a stored move, and it bumps games.rev in the same statement
 * group; so a game at (id, rev) has the same moves for as long as the
 * database holds it.  A game read inside a write transaction is never
 * put (the transaction may still be rolled back, and its rev be given
 * to other moves).  Bounded: a fixed number of slots (a game's slot is
 * given by its id) and a byte budget; an entry that would pass the
 * budget is not kept. */
#ifndef CORRCHESS_STORE_GAME_CACHE_H
#define CORRCHESS_STORE_GAME_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock/clock.h"

struct corr_game;

struct game_cache;

/* A clock kept with a game (issue 19): corr_clock() of the game value on
 * day `on`, under that value's corr_clock_key() for the day, and each
 * move's days as it counts them.  A reader uses it only for a game whose
 * key, with the stops and records read for it, is the same bytes. */
struct game_cache_clock {
	int32_t on;
	unsigned char *key;
	size_t nkey;
	struct clock_result res;
	int32_t *days;           /* the game's nmoves entries */
	struct clock_memo *memo; /* lib/clock clock_compute_memo()'s, NULL: none */
};

/* Frees what game_cache_get() copied into k; a zeroed struct is a no-op. */
void game_cache_clock_free(struct game_cache_clock *k);

/* The budget of the daemon's cache: CORRCHESS_GAME_CACHE_KB from the
 * environment (KiB; 0 turns the cache off), else 64 MiB
 * (docs/OPERATIONS.md). */
size_t game_cache_budget(void);

/* A cache of at most budget bytes (0: none: every get misses, nothing
 * is put).  NULL when out of memory. */
struct game_cache *game_cache_new(size_t budget);
void game_cache_free(struct game_cache *c);

/* When the cache holds game id at rev with the position fen, replaces
 * into's chess game and moves by copies of the cached ones (the rest of
 * into, read from the row, stays) and answers true; false otherwise
 * (into unchanged).  With clock, a copy of the clock kept with it (zeroed
 * when none; free it with game_cache_clock_free()).  Thread-safe. */
bool game_cache_get(struct game_cache *c, int64_t id, int64_t rev, const char *fen,
                    struct corr_game *into, struct game_cache_clock *clock);

/* Keeps a copy of g's chess game and moves as game id at rev (position
 * fen), and a copy of clock (NULL: none), replacing what its slot held.
 * Thread-safe; out of memory or over the budget: not kept. */
void game_cache_put(struct game_cache *c, int64_t id, int64_t rev, const char *fen,
                    const struct corr_game *g, const struct game_cache_clock *clock);

/* The figures for /metrics. */
struct game_cache_stats {
	unsigned long long hits, misses;
	size_t entries, bytes, budget;
};
void game_cache_stats(struct game_cache *c, struct game_cache_stats *out);

#endif
