/* throttle.c: failed-login counting in a fixed-size open-addressing table. */
#include "autoconfig.h"
#include "base/throttle.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define KEY_MAX 96 /* longer names are cut: they still count, as their prefix */
#define SLOTS (THROTTLE_KEYS * 2) /* load factor at most one half */

/* The times of a key's last failures, newest at (head - 1); up to its
 * limit of them, older ones dropped. */
struct entry {
	char key[KEY_MAX];      /* "n:" + lower-case name or "a:" + address; "" = free */
	int64_t at[THROTTLE_MAX];
	int n;                  /* failures held */
	int head;               /* where the next one goes */
	int64_t last;           /* newest failure, for eviction */
};

struct throttle {
	pthread_mutex_t lock;
	struct entry *slot;     /* SLOTS entries */
	struct entry *spare;    /* SLOTS more, for make_room()'s rebuild */
	int used;               /* slots holding a key */
	int per_login, per_addr; /* the limits; 0 = off */
};

throttle *throttle_new(int per_login, int per_addr)
{
	if (per_login < 0 || per_login > THROTTLE_MAX || per_addr < 0 || per_addr > THROTTLE_MAX)
		return NULL;
	throttle *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	t->per_login = per_login;
	t->per_addr = per_addr;
	t->slot = calloc(SLOTS, sizeof *t->slot);
	t->spare = calloc(SLOTS, sizeof *t->spare);
	if (!t->slot || !t->spare || pthread_mutex_init(&t->lock, NULL) != 0) {
		free(t->slot);
		free(t->spare);
		free(t);
		return NULL;
	}
	return t;
}

void throttle_free(throttle *t)
{
	if (!t)
		return;
	pthread_mutex_destroy(&t->lock);
	free(t->slot);
	free(t->spare);
	free(t);
}

/* FNV-1a: cheap and good enough for a table that is never full. */
static uint32_t hash(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The table key of a name ("n:" + lower case) or an address ("a:" + the
 * address, an IPv6 one cut to its /64); false when there is none. */
static bool make_key(char out[KEY_MAX], char kind, const char *s)
{
	if (!s || !*s)
		return false;
	out[0] = kind;
	out[1] = ':';
	size_t n = 2;
	struct in6_addr a6;
	if (kind == 'a' && strchr(s, ':') && inet_pton(AF_INET6, s, &a6) == 1) {
		/* An IPv4 client of a dual-stack socket (::ffff:a.b.c.d) is
		 * that IPv4 address: its /64 would hold every IPv4 client. */
		if (IN6_IS_ADDR_V4MAPPED(&a6))
			return inet_ntop(AF_INET, a6.s6_addr + 12, out + 2, KEY_MAX - 2) != NULL;
		memset(a6.s6_addr + 8, 0, 8); /* the /64 */
		if (inet_ntop(AF_INET6, &a6, out + 2, KEY_MAX - 2))
			return true;
	}
	for (; *s && n < KEY_MAX - 1; s++)
		out[n++] = kind == 'n' ? (char)tolower((unsigned char)*s) : *s;
	out[n] = '\0';
	return true;
}

/* Failures of e still inside the window at now. */
static int live(struct entry *e, int64_t now, int64_t *oldest)
{
	int c = 0;
	*oldest = INT64_MAX;
	for (int i = 0; i < e->n; i++) {
		int64_t at = e->at[(e->head - 1 - i + THROTTLE_MAX) % THROTTLE_MAX];
		if (at <= now - THROTTLE_WINDOW)
			break; /* older still from here on */
		c++;
		*oldest = at;
	}
	e->n = c; /* expired ones are dropped for good */
	return c;
}

/* Puts e into the first free slot of its probe run in table. */
static void seat(struct entry *table, const struct entry *e)
{
	size_t k = hash(e->key) % SLOTS;
	while (table[k].key[0])
		k = (k + 1) % SLOTS;
	table[k] = *e;
}

/* Removes slot i and re-seats the entries of its probe run behind it
 * (linear probing deletion). */
static void remove_slot(throttle *t, size_t i)
{
	t->slot[i].key[0] = '\0';
	t->used--;
	for (size_t j = (i + 1) % SLOTS; t->slot[j].key[0]; j = (j + 1) % SLOTS) {
		struct entry e = t->slot[j];
		t->slot[j].key[0] = '\0';
		seat(t->slot, &e);
	}
}

/* Makes room when the table holds THROTTLE_KEYS keys, in one rebuild
 * that frees at least a quarter of it: every key whose failures have all
 * expired, then those with the oldest newest failure (a full table means
 * someone floods it; the oldest matter least).  Cost: two passes over
 * the table, so O(1) a new key over time. */
static void make_room(throttle *t, int64_t now)
{
	enum { BUCKETS = 64 };
	int hist[BUCKETS] = {0}, expired = 0;
	int64_t from = now - THROTTLE_WINDOW, oldest;
	for (size_t i = 0; i < SLOTS; i++) {
		struct entry *e = &t->slot[i];
		if (!e->key[0])
			continue;
		if (live(e, now, &oldest) == 0) {
			expired++;
			continue;
		}
		int64_t b = (e->last - from) * BUCKETS / THROTTLE_WINDOW;
		hist[b < 0 ? 0 : b >= BUCKETS ? BUCKETS - 1 : b]++;
	}
	int64_t cutoff = INT64_MIN; /* newest failure at or before it: dropped */
	int goal = t->used / 4, got = expired;
	for (int b = 0; b < BUCKETS && got < goal; b++) {
		got += hist[b];
		cutoff = from + (int64_t)(b + 1) * THROTTLE_WINDOW / BUCKETS;
	}
	memset(t->spare, 0, SLOTS * sizeof *t->spare);
	int kept = 0;
	for (size_t i = 0; i < SLOTS; i++) {
		struct entry *e = &t->slot[i];
		if (!e->key[0] || e->n == 0 || e->last <= cutoff)
			continue;
		seat(t->spare, e);
		kept++;
	}
	struct entry *old = t->slot;
	t->slot = t->spare;
	t->spare = old;
	t->used = kept;
}

/* The entry of key, or NULL; with create, a new empty one (never NULL). */
static struct entry *find(throttle *t, const char *key, bool create, int64_t now)
{
	size_t i = hash(key) % SLOTS;
	for (; t->slot[i].key[0]; i = (i + 1) % SLOTS)
		if (strcmp(t->slot[i].key, key) == 0)
			return &t->slot[i];
	if (!create)
		return NULL;
	if (t->used >= THROTTLE_KEYS) {
		make_room(t, now);
		i = hash(key) % SLOTS;
		while (t->slot[i].key[0])
			i = (i + 1) % SLOTS;
	}
	struct entry *e = &t->slot[i];
	memset(e, 0, sizeof *e);
	strcpy(e->key, key);
	t->used++;
	return e;
}

/* Seconds until the key may try again (0: now). */
static int wait_for(throttle *t, const char *key, int limit, int64_t now)
{
	struct entry *e = find(t, key, false, now);
	if (!e)
		return 0;
	int64_t oldest;
	int c = live(e, now, &oldest);
	if (c < limit)
		return 0;
	/* The (c - limit + 1)-th oldest must expire; the oldest held is
	 * enough when c == limit, which is the case the counts allow. */
	int64_t w = oldest + THROTTLE_WINDOW - now;
	return w < 1 ? 1 : (int)w;
}

int throttle_check(throttle *t, const char *name, const char *addr, int64_t now)
{
	char kn[KEY_MAX], ka[KEY_MAX];
	int w = 0;
	pthread_mutex_lock(&t->lock);
	if (t->per_login && make_key(kn, 'n', name))
		w = wait_for(t, kn, t->per_login, now);
	if (t->per_addr && make_key(ka, 'a', addr)) {
		int wa = wait_for(t, ka, t->per_addr, now);
		w = wa > w ? wa : w;
	}
	pthread_mutex_unlock(&t->lock);
	return w;
}

static void add_failure(throttle *t, const char *key, int limit, int64_t now)
{
	struct entry *e = find(t, key, true, now);
	int64_t oldest;
	live(e, now, &oldest);
	e->at[e->head] = now;
	e->head = (e->head + 1) % THROTTLE_MAX;
	if (e->n < limit)
		e->n++;
	e->last = now;
}

void throttle_failed(throttle *t, const char *name, const char *addr, int64_t now)
{
	char k[KEY_MAX];
	pthread_mutex_lock(&t->lock);
	if (t->per_login && make_key(k, 'n', name))
		add_failure(t, k, t->per_login, now);
	if (t->per_addr && make_key(k, 'a', addr))
		add_failure(t, k, t->per_addr, now);
	pthread_mutex_unlock(&t->lock);
}

void throttle_succeeded(throttle *t, const char *name, int64_t now)
{
	char k[KEY_MAX];
	(void)now;
	pthread_mutex_lock(&t->lock);
	if (make_key(k, 'n', name)) {
		struct entry *e = find(t, k, false, now);
		if (e)
			remove_slot(t, (size_t)(e - t->slot));
	}
	pthread_mutex_unlock(&t->lock);
}
