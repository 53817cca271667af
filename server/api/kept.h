/* api/kept.h: answers kept by revision (issue 25).  An answer that is the
 * same for every reader until a row it shows changes is kept under a key
 * (its database, an id, a revision the writes of those rows bump in their
 * own transaction, and up to KEPT_ARGS bytes of the request's own
 * arguments); the handler reads the revision first, in its one read
 * transaction (api/router.c), so an answer kept under revision r is at
 * least as new as r, and a reader after a write reads a newer revision
 * and misses.  Bounded: a fixed number of slots and of bytes, the least
 * recently used answer goes first.  Used by the TOURNAMENT
 * (api/tournament_json.c, migration 0032) and a player's game list
 * (api/api_games.c, migration 0039). */
#ifndef CORRCHESS_API_KEPT_H
#define CORRCHESS_API_KEPT_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define KEPT_ARGS 32

struct kept_key {
	const void *st; /* the database it came from */
	int64_t id, rev;
	unsigned char args[KEPT_ARGS]; /* zeros past what the caller sets */
};

struct kept_answer {
	struct kept_key k;
	char *text; /* NULL: a free slot */
	size_t len;
	unsigned long used; /* the clock at its last use */
};

struct kept {
	pthread_mutex_t lock;
	struct kept_answer *a;
	int n;            /* slots */
	size_t max_bytes; /* all answers together */
	size_t bytes;
	unsigned long clock;
	unsigned long long hits, misses;
};

/* A struct kept over the array slots (static storage). */
#define KEPT_INIT(slots, max)                                                                      \
	{                                                                                          \
		.lock = PTHREAD_MUTEX_INITIALIZER, .a = (slots),                                   \
		.n = (int)(sizeof(slots) / sizeof((slots)[0])), .max_bytes = (max)                 \
	}

/* A copy (malloc'ed, NUL-terminated) of the answer kept under key and its
 * length, or NULL (counted as a miss). */
char *kept_get(struct kept *k, const struct kept_key *key, size_t *len);

/* Keeps a copy of text as the answer of key, in place of an answer of the
 * same database, id and arguments under another revision.  An answer over
 * a quarter of the bytes is not kept. */
void kept_put(struct kept *k, const struct kept_key *key, const char *text, size_t len);

struct kept_stats {
	unsigned long long hits, misses;
	size_t entries, bytes, max_bytes;
};
void kept_stats(struct kept *k, struct kept_stats *out);

#endif
