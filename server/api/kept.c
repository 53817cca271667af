/* kept.c: answers kept by revision (api/kept.h). */
#include "autoconfig.h"
#include "api/kept.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool same_place(const struct kept_key *a, const struct kept_key *b)
{
	return a->st == b->st && a->id == b->id && memcmp(a->args, b->args, KEPT_ARGS) == 0;
}

char *kept_get(struct kept *k, const struct kept_key *key, size_t *len)
{
	char *copy = NULL;
	pthread_mutex_lock(&k->lock);
	for (int i = 0; i < k->n; i++) {
		struct kept_answer *a = &k->a[i];
		if (a->text && same_place(&a->k, key) && a->k.rev == key->rev) {
			a->used = ++k->clock;
			if ((copy = malloc(a->len + 1))) {
				memcpy(copy, a->text, a->len + 1);
				*len = a->len;
			}
			break;
		}
	}
	if (copy)
		k->hits++;
	else
		k->misses++;
	pthread_mutex_unlock(&k->lock);
	return copy;
}

static void drop(struct kept *k, struct kept_answer *a)
{
	k->bytes -= a->len;
	free(a->text);
	a->text = NULL;
	a->len = 0;
}

void kept_put(struct kept *k, const struct kept_key *key, const char *text, size_t len)
{
	if (len > k->max_bytes / 4)
		return;
	char *copy = malloc(len + 1);
	if (!copy)
		return;
	memcpy(copy, text, len);
	copy[len] = '\0';
	pthread_mutex_lock(&k->lock);
	struct kept_answer *slot = NULL;
	for (int i = 0; i < k->n; i++) /* the same place's older answer */
		if (k->a[i].text && same_place(&k->a[i].k, key)) {
			drop(k, &k->a[i]);
			slot = &k->a[i];
		}
	for (;;) {
		struct kept_answer *lru = NULL;
		for (int i = 0; !slot && i < k->n; i++)
			if (!k->a[i].text)
				slot = &k->a[i];
		if (slot && k->bytes + len <= k->max_bytes)
			break;
		for (int i = 0; i < k->n; i++)
			if (k->a[i].text && (!lru || k->a[i].used < lru->used))
				lru = &k->a[i];
		drop(k, lru); /* there is one: a slot is missing or the bytes are over */
	}
	*slot = (struct kept_answer){*key, copy, len, ++k->clock};
	k->bytes += len;
	pthread_mutex_unlock(&k->lock);
}

void kept_stats(struct kept *k, struct kept_stats *out)
{
	pthread_mutex_lock(&k->lock);
	out->hits = k->hits;
	out->misses = k->misses;
	out->entries = 0;
	for (int i = 0; i < k->n; i++)
		out->entries += k->a[i].text != NULL;
	out->bytes = k->bytes;
	out->max_bytes = k->max_bytes;
	pthread_mutex_unlock(&k->lock);
}
