/* ratings.c: `corrchess rating-update` (cmd/cmd_ratings.h). */
#define _POSIX_C_SOURCE 200809L
#include "cmd/cmd_ratings.h"
#include "cmd/cmd_store.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <errno.h>

#include <jansson.h>

#include "clock/calendar.h"
#include "cmd/cmd_fail.h"
#include "svc/svc.h"
#include "svc/svc_ratings.h"
#include "rating/rating.h"
#include "store/store_ratings.h"
#include "util/status.h"

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
	store *st = cmd_open_store(cfg);
	if (!st)
		return 1;
	int status = 1;
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (scratch && (store_begin(st) != STORE_OK || store_ratings_mark_all(st) != 0 ||
	                store_commit(st) != STORE_OK)) {
		fprintf(stderr, "corrchess: rating-update: the database is busy\n");
		goto out;
	}
	if (svc_ratings_update(st, err, sizeof err) != 0) {
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

#define COORD_FILE_MAX (16 * 1024 * 1024)

/* A whole number in lo..hi; false otherwise. */
static bool whole(const char *s, long long lo, long long hi, long long *out)
{
	char *end;
	errno = 0;
	while (*s == ' ')
		s++;
	long long v = strtoll(s, &end, 10);
	while (*end == ' ' || *end == '\r')
		end++;
	if (errno || end == s || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* Reads the CSV "id,elo,elo_games" of path into a new array; 0, or an exit
 * status after one line on stderr. */
static int read_elo_list(const char *path, struct store_rating_coord_row **rows, size_t *n)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	char *text = NULL;
	size_t len = 0;
	int status = 0;
	*rows = NULL;
	*n = 0;
	if (!f)
		return cmd_fail("rating-coordinate", 1, "cannot open %s: %s", path,
		                strerror(errno));
	text = malloc(COORD_FILE_MAX + 1);
	if (!text) {
		status = cmd_fail("rating-coordinate", 1, "out of memory");
		goto out;
	}
	len = fread(text, 1, COORD_FILE_MAX + 1, f);
	if (len > COORD_FILE_MAX) {
		status = cmd_fail("rating-coordinate", 2, "%s is longer than %d bytes", path,
		                  COORD_FILE_MAX);
		goto out;
	}
	text[len] = '\0';
	size_t cap = 1;
	for (size_t i = 0; i < len; i++)
		cap += text[i] == '\n';
	*rows = calloc(cap, sizeof **rows);
	if (!*rows) {
		status = cmd_fail("rating-coordinate", 1, "out of memory");
		goto out;
	}
	bool header = false;
	size_t lineno = 0;
	for (char *line = text, *next; line; line = next) {
		char *nl = strchr(line, '\n');
		next = nl ? nl + 1 : NULL;
		if (nl)
			*nl = '\0';
		lineno++;
		if (line[strspn(line, " \t\r")] == '\0' || line[0] == '#')
			continue;
		char *f1 = line, *f2 = strchr(f1, ','), *f3 = f2 ? strchr(f2 + 1, ',') : NULL;
		if (!f2 || !f3 || strchr(f3 + 1, ',')) {
			status = cmd_fail("rating-coordinate", 2,
			                  "%s line %zu: three fields id,elo,elo_games expected",
			                  path, lineno);
			goto out;
		}
		*f2++ = '\0';
		*f3++ = '\0';
		if (!header) {
			f3[strcspn(f3, " \r")] = '\0';
			if (strcmp(f1, "id") || strcmp(f2, "elo") || strcmp(f3, "elo_games")) {
				status =
				        cmd_fail("rating-coordinate", 2,
				                 "%s line %zu: the header must be id,elo,elo_games",
				                 path, lineno);
				goto out;
			}
			header = true;
			continue;
		}
		long long id, elo, games;
		if (!whole(f1, 1, INT64_MAX, &id) || !whole(f2, RATING_MIN, RATING_MAX, &elo) ||
		    !whole(f3, 0, 1000000, &games)) {
			status = cmd_fail(
			        "rating-coordinate", 2,
			        "%s line %zu: a user id, an Elo rating 0..9999 and a number of "
			        "games 0..1000000 expected",
			        path, lineno);
			goto out;
		}
		for (size_t j = 0; j < *n; j++)
			if ((*rows)[j].user == id) {
				status = cmd_fail("rating-coordinate", 2,
				                  "%s line %zu: user %lld occurs twice", path,
				                  lineno, id);
				goto out;
			}
		(*rows)[(*n)++] = (struct store_rating_coord_row){id, (int)elo, (int)games};
	}
	if (!header)
		status = cmd_fail("rating-coordinate", 2,
		                  "%s: the header id,elo,elo_games is missing", path);
out:
	if (status) {
		free(*rows);
		*rows = NULL;
		*n = 0;
	}
	free(text);
	if (f != stdin)
		fclose(f);
	return status;
}

/* Adds one adjustment to the "adjusted" object. */
static int add_move(void *ctx, int64_t user, int old, int by, int new_rating)
{
	char key[24];
	snprintf(key, sizeof key, "%lld", (long long)user);
	json_t *o = json_pack("{s:i, s:i, s:i, s:b}", "from", old, "by", by, "to", new_rating,
	                      "raised", new_rating != old + by);
	return o && json_object_set_new(ctx, key, o) == 0 ? 0 : -1;
}

int cmd_rating_coordinate_apply(struct config *cfg, const char *path, const char *on)
{
	char today[CALENDAR_ISO_LEN], dsu_date[CALENDAR_ISO_LEN], err[512];
	int32_t day;
	struct store_rating_coord_row *rows = NULL;
	size_t n = 0;
	store *st = NULL;
	json_t *adjusted = NULL;
	int status;
	if (on) {
		snprintf(today, sizeof today, "%s", on);
	} else if (cfg->today && strlen(cfg->today) == 10) {
		snprintf(today, sizeof today, "%s", cfg->today);
	} else {
		time_t now = time(NULL);
		struct tm tm;
		localtime_r(&now, &tm);
		strftime(today, sizeof today, "%Y-%m-%d", &tm);
	}
	if (calendar_parse(today, &day, err, sizeof err) != CC_OK)
		return cmd_fail("rating-coordinate", 2, "--on: %s", err);
	/* DSU 4.5.6.1 a: "danske ratingtal af 1. juni samme år" */
	snprintf(dsu_date, sizeof dsu_date, "%.4s-06-01", today);
	status = read_elo_list(path, &rows, &n);
	if (status)
		return status;
	st = svc_open(cfg->db, err, sizeof err);
	if (!st) {
		free(rows);
		return cmd_fail("rating-coordinate", 1, "%s", err);
	}
	int64_t id = 0;
	status = 1;
	if (store_begin(st) != STORE_OK) {
		cmd_fail("rating-coordinate", 1, "the database is busy");
		goto out;
	}
	int rc = store_ratings_coord_add(st, today, dsu_date, rows, n, &id);
	if (rc != 0) {
		store_rollback(st);
		if (rc == STORE_NOT_FOUND)
			status = cmd_fail("rating-coordinate", 2,
			                  "%s names a user who does not exist: nothing recorded",
			                  path);
		else
			cmd_fail("rating-coordinate", 1, "the coordination could not be stored");
		goto out;
	}
	if (store_commit(st) != STORE_OK) {
		cmd_fail("rating-coordinate", 1, "the coordination could not be stored");
		goto out;
	}
	if (svc_ratings_update(st, err, sizeof err) != 0) {
		cmd_fail("rating-coordinate", 1, "%s", err);
		goto out;
	}
	struct store_rating_coord *c = NULL;
	size_t nc = 0;
	adjusted = json_object();
	if (!adjusted || store_ratings_coords_from(st, 0, &c, &nc) != 0 ||
	    store_ratings_coord_moves(st, id, add_move, adjusted) != 0) {
		free(c);
		cmd_fail("rating-coordinate", 1, "the coordination cannot be read");
		goto out;
	}
	const struct store_rating_coord *me = NULL;
	for (size_t i = 0; i < nc; i++)
		if (c[i].id == id)
			me = &c[i];
	if (!me) {
		free(c);
		cmd_fail("rating-coordinate", 1, "the coordination cannot be read");
		goto out;
	}
	json_t *o = json_pack("{s:I, s:s, s:s, s:i, s:i, s:s, s:O}", "coordination", (json_int_t)id,
	                      "on_date", me->on_date, "dsu_date", me->dsu_date, "count",
	                      me->covered, "N", me->n, "direction",
	                      me->direction < 0   ? "down"
	                      : me->direction > 0 ? "up"
	                                          : "none",
	                      "adjusted", adjusted);
	if (o && me->covered > 0) {
		double k = me->covered;
		json_object_set_new(o, "avg_dsu", json_real(me->sum_dsu / k));
		json_object_set_new(o, "avg_elo", json_real(me->sum_elo / k));
		json_object_set_new(o, "difference", json_real((me->sum_dsu - me->sum_elo) / k));
	}
	free(c);
	char *text =
	        o ? json_dumps(o, JSON_INDENT(1) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10))
	          : NULL;
	json_decref(o);
	if (!text) {
		cmd_fail("rating-coordinate", 1, "out of memory");
		goto out;
	}
	puts(text);
	free(text);
	status = 0;
out:
	json_decref(adjusted);
	free(rows);
	store_close(st);
	return status;
}
