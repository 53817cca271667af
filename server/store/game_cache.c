/* store/game_cache.c: the replayed games by (id, rev) (game_cache.h). */
#include "autoconfig.h"
#include "store/game_cache.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "corr/corr.h"
#include "util/status.h"

#define SLOTS 16384 /* a power of two */
#define LOCKS 64    /* slot i is guarded by lock i % LOCKS */

struct entry {
	int64_t id, rev;
	char fen[FEN_MAX];
	struct corr_game g;            /* moves replayed; no stops, no records */
	struct game_cache_clock clock; /* key NULL: none */
	size_t bytes;
};

struct game_cache {
	size_t budget;
	_Atomic size_t bytes, entries;
	_Atomic unsigned long long hits, misses;
	pthread_mutex_t locks[LOCKS];
	struct entry *slots[SLOTS];
};

static size_t slot_of(int64_t id)
{
	/* Fibonacci hashing: neighbouring ids (one tournament's games) fall
	 * into different slots. */
	return (size_t)(((uint64_t)id * 0x9E3779B97F4A7C15ULL) >> 50) & (SLOTS - 1);
}

size_t game_cache_budget(void)
{
	const char *v = getenv("CORRCHESS_GAME_CACHE_KB");
	char *end;
	if (v && *v) {
		unsigned long long kb = strtoull(v, &end, 10);
		if (!*end && kb < (1ULL << 40))
			return (size_t)kb * 1024;
	}
	return (size_t)64 * 1024 * 1024;
}

struct game_cache *game_cache_new(size_t budget)
{
	struct game_cache *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->budget = budget;
	for (int i = 0; i < LOCKS; i++)
		pthread_mutex_init(&c->locks[i], NULL);
	return c;
}

static void entry_free(struct entry *e)
{
	if (!e)
		return;
	corr_game_free(&e->g);
	game_cache_clock_free(&e->clock);
	free(e);
}

void game_cache_clock_free(struct game_cache_clock *k)
{
	if (!k)
		return;
	free(k->key);
	free(k->days);
	clock_memo_free(k->memo);
	memset(k, 0, sizeof *k);
}

/* A copy of k (its key and n days) into out: false when out of memory
 * (out zeroed). */
static bool clock_copy(struct game_cache_clock *out, const struct game_cache_clock *k, size_t n)
{
	memset(out, 0, sizeof *out);
	unsigned char *key = malloc(k->nkey ? k->nkey : 1);
	int32_t *days = malloc((n ? n : 1) * sizeof *days);
	if (!key || !days) {
		free(key);
		free(days);
		return false;
	}
	memcpy(key, k->key, k->nkey);
	memcpy(days, k->days, n * sizeof *days);
	*out = *k;
	out->key = key;
	out->days = days;
	out->memo = clock_memo_dup(k->memo); /* none when out of memory: computed whole */
	return true;
}

void game_cache_free(struct game_cache *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < SLOTS; i++)
		entry_free(c->slots[i]);
	for (int i = 0; i < LOCKS; i++)
		pthread_mutex_destroy(&c->locks[i]);
	free(c);
}

bool game_cache_get(struct game_cache *c, int64_t id, int64_t rev, const char *fen,
                    struct corr_game *into, struct game_cache_clock *clock)
{
	if (clock)
		memset(clock, 0, sizeof *clock);
	if (!c || !c->budget)
		return false;
	size_t i = slot_of(id);
	struct corr_game copy;
	struct corr_error e;
	bool hit = false;
	pthread_mutex_lock(&c->locks[i % LOCKS]);
	struct entry *en = c->slots[i];
	if (en && en->id == id && en->rev == rev && strcmp(en->fen, fen) == 0 &&
	    corr_game_copy(&copy, &en->g, &e) == CC_OK) {
		hit = true;
		if (clock && en->clock.key)
			clock_copy(clock, &en->clock, en->g.nmoves);
	}
	pthread_mutex_unlock(&c->locks[i % LOCKS]);
	if (!hit) {
		atomic_fetch_add(&c->misses, 1);
		return false;
	}
	atomic_fetch_add(&c->hits, 1);
	/* The chess game and the moves from the cache, all else as read. */
	game_free(into->chess);
	free(into->moves);
	into->chess = copy.chess;
	into->moves = copy.moves;
	into->nmoves = copy.nmoves;
	into->cap = copy.cap;
	copy.chess = NULL;
	copy.moves = NULL;
	corr_game_free(&copy); /* its stops and records: none */
	return true;
}

void game_cache_put(struct game_cache *c, int64_t id, int64_t rev, const char *fen,
                    const struct corr_game *g, const struct game_cache_clock *clock)
{
	if (!c || !c->budget || strlen(fen) >= FEN_MAX)
		return;
	struct entry *en = calloc(1, sizeof *en);
	struct corr_game only = *g; /* the moves, not the stops or records */
	struct corr_error e;
	only.stops = NULL;
	only.nstops = 0;
	only.records = NULL;
	only.nrecords = only.rcap = 0;
	if (!en || corr_game_copy(&en->g, &only, &e) != CC_OK) {
		free(en);
		return;
	}
	en->id = id;
	en->rev = rev;
	memcpy(en->fen, fen, strlen(fen) + 1);
	en->bytes = sizeof *en - sizeof en->g + corr_game_bytes(&en->g);
	if (clock && clock->key && clock->days && clock_copy(&en->clock, clock, g->nmoves))
		en->bytes += clock->nkey + g->nmoves * sizeof *clock->days +
		             clock_memo_bytes(clock->memo);
	size_t i = slot_of(id);
	pthread_mutex_lock(&c->locks[i % LOCKS]);
	struct entry *old = c->slots[i];
	size_t gone = old ? old->bytes : 0; /* counted, and ours under the slot's lock */
	/* The bytes reserved before the slot changes, so threads putting
	 * into other slots at once never pass the budget together. */
	size_t cur = atomic_load(&c->bytes);
	do {
		if (cur - gone + en->bytes > c->budget) {
			pthread_mutex_unlock(&c->locks[i % LOCKS]);
			entry_free(en); /* over the budget: not kept */
			return;
		}
	} while (!atomic_compare_exchange_weak(&c->bytes, &cur, cur - gone + en->bytes));
	c->slots[i] = en;
	if (!old)
		atomic_fetch_add(&c->entries, 1);
	pthread_mutex_unlock(&c->locks[i % LOCKS]);
	entry_free(old);
}

void game_cache_stats(struct game_cache *c, struct game_cache_stats *out)
{
	memset(out, 0, sizeof *out);
	if (!c)
		return;
	out->hits = atomic_load(&c->hits);
	out->misses = atomic_load(&c->misses);
	out->entries = atomic_load(&c->entries);
	out->bytes = atomic_load(&c->bytes);
	out->budget = c->budget;
}
