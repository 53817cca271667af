/* ratings.c: `corrchess rating-update` (cmd/ratings.h). */
#define _POSIX_C_SOURCE 200809L
#include "cmd/ratings.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jobs/ratings.h"
#include "store/ratings.h"

/* Counts rows for the summary line. */
static int count_step(void *ctx, const struct store_rating_step *x)
{
	(void)x;
	(*(long *)ctx)++;
	return 0;
}

int cmd_rating_update(struct config *cfg, int argc, char **argv)
{
	bool scratch = false;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--from-scratch") == 0) {
			scratch = true;
		} else if (strcmp(argv[i], "--help") == 0) {
			puts("usage: corrchess [--db FILE] rating-update [--from-scratch]");
			return 0;
		} else {
			fprintf(stderr, "corrchess: rating-update: unexpected argument \"%.40s\"\n",
			        argv[i]);
			return 2;
		}
	}
	char err[512];
	store *st = store_open(cfg->db, err, sizeof err);
	if (!st) {
		fprintf(stderr, "corrchess: %s\n", err);
		return 1;
	}
	int status = 1;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (scratch && (store_begin(st) != STORE_OK || store_ratings_mark_all(st) != 0 ||
	                store_commit(st) != STORE_OK)) {
		fprintf(stderr, "corrchess: rating-update: the database is busy\n");
		goto out;
	}
	if (ratings_update(st, err, sizeof err) != 0) {
		fprintf(stderr, "corrchess: rating-update: %s\n", err);
		goto out;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long steps = 0;
	int64_t groups = 0;
	struct store_rating_group *g = NULL;
	size_t n = 0;
	if (store_ratings_steps_before(st, INT64_MAX, count_step, &steps) != 0 ||
	    store_ratings_groups_from(st, 0, &g, &n) != 0) {
		fprintf(stderr, "corrchess: rating-update: the ratings cannot be read\n");
		goto out;
	}
	groups = (int64_t)n;
	free(g);
	printf("rating-update: %lld groups, %ld steps, %.1f ms\n", (long long)groups, steps,
	       (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6);
	status = 0;
out:
	store_close(st);
	return status;
}
