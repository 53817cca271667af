/* throttle.c: failed-login counting and the hashing budget in a
 * fixed-size open-addressing table (throttle.h). */
#include "autoconfig.h"
#include "base/throttle.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define KEY_MAX     160                 /* longer keys are cut: they still count, as their prefix */
#define SLOTS       (THROTTLE_KEYS * 2) /* load factor at most one half */
#define ADDR_MAX    64                  /* an address key, IPv6 /64 included */
#define HASH_PERIOD 60                  /* per_hash counts a minute */

/* One key: "p:" name 0x1f address (a pair), "a:" address, "n:" name or
 * "h:" address (the hashing budget); "" = a free slot. */
struct entry {
	char key[KEY_MAX];
	int count;      /* failures held (p, a, n) */
	int64_t first;  /* the first failure of the name's window (n) */
	int64_t last;   /* the newest failure, or the budget's last refill (h) */
	int64_t credit; /* the budget left, in 1/HASH_PERIOD of a hash (h) */
	bool alarmed;   /* the name's limit was reported in this window (n) */
};

struct throttle {
	pthread_mutex_t lock;
	struct entry *slot;  /* SLOTS entries */
	struct entry *spare; /* SLOTS more, for make_room()'s rebuild */
	int used;            /* slots holding a key */
	struct throttle_limits lim;
};

throttle *throttle_new(const struct throttle_limits *limits)
{
	const struct throttle_limits *l = limits;
	if (!l || l->per_login < 0 || l->per_login > THROTTLE_MAX || l->per_addr < 0 ||
	    l->per_addr > THROTTLE_MAX || l->per_name < 0 || l->per_name > THROTTLE_MAX ||
	    l->per_hash < 0 || l->per_hash > THROTTLE_MAX)
		return NULL;
	throttle *t = calloc(1, sizeof *t);
	if (!t)
		return NULL;
	t->lim = *l;
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

/* An address as it counts: an IPv6 one cut to its /64, an IPv4 client
 * of a dual-stack socket (::ffff:a.b.c.d) as that IPv4 address (its /64
 * would hold every IPv4 client); false when there is none. */
static bool addr_text(const char *s, char out[ADDR_MAX])
{
	if (!s || !*s)
		return false;
	struct in6_addr a6;
	if (strchr(s, ':') && inet_pton(AF_INET6, s, &a6) == 1) {
		if (IN6_IS_ADDR_V4MAPPED(&a6))
			return inet_ntop(AF_INET, a6.s6_addr + 12, out, ADDR_MAX) != NULL;
		memset(a6.s6_addr + 8, 0, 8); /* the /64 */
		if (inet_ntop(AF_INET6, &a6, out, ADDR_MAX))
			return true;
	}
	snprintf(out, ADDR_MAX, "%s", s);
	return true;
}

/* The table key of kind ('p', 'a', 'n', 'h') for name and/or addr
 * (names in lower case); false when a part it needs is missing. */
static bool make_key(char out[KEY_MAX], char kind, const char *name, const char *addr)
{
	char a[ADDR_MAX] = "";
	if (kind != 'n' && !addr_text(addr, a))
		return false;
	if ((kind == 'p' || kind == 'n') && (!name || !*name))
		return false;
	size_t n = 0;
	out[n++] = kind;
	out[n++] = ':';
	if (kind == 'p' || kind == 'n')
		for (const char *s = name; *s && n < KEY_MAX - ADDR_MAX - 2; s++)
			out[n++] = (char)tolower((unsigned char)*s);
	if (kind == 'p')
		out[n++] = '\x1f';
	if (kind != 'n')
		for (const char *s = a; *s && n < KEY_MAX - 1; s++)
			out[n++] = *s;
	out[n] = '\0';
	return true;
}

/* True when e holds nothing worth keeping at now. */
static bool expired(const struct entry *e, int64_t now)
{
	switch (e->key[0]) {
	case 'n':
		return now - e->first >= THROTTLE_NAME_WINDOW;
	case 'h':
		return now - e->last >= HASH_PERIOD; /* refilled whole by now */
	default:
		return now - e->last >= THROTTLE_WINDOW;
	}
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
 * that frees at least a quarter of it: every key with nothing left to
 * count, then those touched longest ago (a full table means someone
 * floods it; the oldest matter least).  Cost: two passes over the table,
 * so O(1) a new key over time. */
static void make_room(throttle *t, int64_t now)
{
	enum { BUCKETS = 64 };
	int hist[BUCKETS] = {0}, gone = 0;
	int64_t from = now - THROTTLE_NAME_WINDOW;
	for (size_t i = 0; i < SLOTS; i++) {
		struct entry *e = &t->slot[i];
		if (!e->key[0])
			continue;
		if (expired(e, now)) {
			gone++;
			continue;
		}
		int64_t b = (e->last - from) * BUCKETS / THROTTLE_NAME_WINDOW;
		hist[b < 0 ? 0 : b >= BUCKETS ? BUCKETS - 1 : b]++;
	}
	int64_t cutoff = INT64_MIN; /* touched at or before it: dropped */
	int goal = t->used / 4, got = gone;
	for (int b = 0; b < BUCKETS && got < goal; b++) {
		got += hist[b];
		cutoff = from + (int64_t)(b + 1) * THROTTLE_NAME_WINDOW / BUCKETS;
	}
	memset(t->spare, 0, SLOTS * sizeof *t->spare);
	int kept = 0;
	for (size_t i = 0; i < SLOTS; i++) {
		struct entry *e = &t->slot[i];
		if (!e->key[0] || expired(e, now) || e->last <= cutoff)
			continue;
		seat(t->spare, e);
		kept++;
	}
	struct entry *old = t->slot;
	t->slot = t->spare;
	t->spare = old;
	t->used = kept;
}

/* The entry of key, or NULL; with create, a new empty one (never NULL).
 * An entry found expired is emptied first (its key kept). */
static struct entry *find(throttle *t, const char *key, bool create, int64_t now)
{
	size_t i = hash(key) % SLOTS;
	for (; t->slot[i].key[0]; i = (i + 1) % SLOTS)
		if (strcmp(t->slot[i].key, key) == 0) {
			struct entry *e = &t->slot[i];
			if (expired(e, now)) {
				if (!create) {
					remove_slot(t, i);
					return NULL;
				}
				memset(e, 0, sizeof *e);
				snprintf(e->key, sizeof e->key, "%s", key);
			}
			return e;
		}
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
	snprintf(e->key, sizeof e->key, "%s", key);
	t->used++;
	return e;
}

/* The wait after k failures past the free tries: THROTTLE_DELAY, doubling
 * with each one, at most THROTTLE_WINDOW. */
static int64_t delay(int k)
{
	int64_t d = THROTTLE_DELAY;
	for (int i = 0; i < k && d < THROTTLE_WINDOW; i++)
		d *= 2;
	return d < THROTTLE_WINDOW ? d : THROTTLE_WINDOW;
}

/* Seconds until key may try again with `free` free tries (0: now). */
static int wait_for(throttle *t, const char *key, int free_tries, int64_t now)
{
	struct entry *e = find(t, key, false, now);
	if (!e || e->count < free_tries)
		return 0;
	int64_t w = e->last + delay(e->count - free_tries) - now;
	return w > 0 ? (int)w : 0;
}

/* True when name has reached its name-wide limit in its window. */
static bool name_over(throttle *t, const char *name, int64_t now)
{
	char k[KEY_MAX];
	if (!t->lim.per_name || !make_key(k, 'n', name, NULL))
		return false;
	struct entry *e = find(t, k, false, now);
	return e && e->count >= t->lim.per_name;
}

int throttle_check(throttle *t, const char *name, const char *addr, int64_t now)
{
	char k[KEY_MAX];
	int w = 0;
	pthread_mutex_lock(&t->lock);
	/* A name under a wide attack leaves no free tries to an address
	 * that already failed for it. */
	int pair_free = name_over(t, name, now) ? 1 : t->lim.per_login;
	if (pair_free && make_key(k, 'p', name, addr))
		w = wait_for(t, k, pair_free, now);
	if (t->lim.per_addr && make_key(k, 'a', NULL, addr)) {
		int wa = wait_for(t, k, t->lim.per_addr, now);
		w = wa > w ? wa : w;
	}
	pthread_mutex_unlock(&t->lock);
	return w;
}

static void add_failure(throttle *t, const char *key, int64_t now)
{
	struct entry *e = find(t, key, true, now);
	if (e->count < THROTTLE_MAX * 2)
		e->count++;
	e->last = now;
}

int throttle_failed(throttle *t, const char *name, const char *addr, int64_t now)
{
	char k[KEY_MAX];
	int alarm = 0;
	pthread_mutex_lock(&t->lock);
	if (make_key(k, 'p', name, addr))
		add_failure(t, k, now);
	if (make_key(k, 'a', NULL, addr))
		add_failure(t, k, now);
	if (t->lim.per_name && make_key(k, 'n', name, NULL)) {
		struct entry *e = find(t, k, true, now);
		if (e->count == 0)
			e->first = now;
		if (e->count < THROTTLE_MAX * 2)
			e->count++;
		e->last = now;
		if (e->count >= t->lim.per_name && !e->alarmed) {
			e->alarmed = true;
			alarm = 1;
		}
	}
	pthread_mutex_unlock(&t->lock);
	return alarm;
}

void throttle_succeeded(throttle *t, const char *name, const char *addr, int64_t now)
{
	char k[KEY_MAX];
	pthread_mutex_lock(&t->lock);
	if (make_key(k, 'p', name, addr)) {
		struct entry *e = find(t, k, false, now);
		if (e)
			remove_slot(t, (size_t)(e - t->slot));
	}
	pthread_mutex_unlock(&t->lock);
}

int throttle_hash(throttle *t, const char *addr, int64_t now)
{
	char k[KEY_MAX];
	int w = 0;
	if (!t->lim.per_hash || !make_key(k, 'h', NULL, addr))
		return 0;
	/* In whole units: a hash costs HASH_PERIOD, a second refills
	 * per_hash, the bucket holds per_hash hashes. */
	const int64_t cost = HASH_PERIOD, rate = t->lim.per_hash, cap = cost * rate;
	pthread_mutex_lock(&t->lock);
	struct entry *e = find(t, k, false, now);
	bool fresh = !e;
	if (fresh)
		e = find(t, k, true, now);
	int64_t have = fresh ? cap : e->credit + (now - e->last) * rate;
	if (have > cap)
		have = cap;
	e->last = now;
	if (have >= cost) {
		e->credit = have - cost;
	} else {
		e->credit = have; /* nothing taken; the refill so far is kept */
		w = (int)((cost - have + rate - 1) / rate);
	}
	pthread_mutex_unlock(&t->lock);
	return w;
}

int throttle_name_failures(throttle *t, const char *name, int64_t now)
{
	char k[KEY_MAX];
	int n = 0;
	pthread_mutex_lock(&t->lock);
	if (make_key(k, 'n', name, NULL)) {
		struct entry *e = find(t, k, false, now);
		n = e ? e->count : 0;
	}
	pthread_mutex_unlock(&t->lock);
	return n;
}
