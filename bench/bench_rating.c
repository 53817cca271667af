/* bench_rating.c: re-rating a 20-year federation history from scratch
 * (issue 12): 10,000 groups of 7, rated one after another in the order
 * they finished, each with the ratings the earlier groups left.
 *
 * The history is synthetic but realistic in shape: 3,000 players with
 * start ratings 1000-2500, 500 groups a year; a group is 7 players drawn
 * from a band of similar strength (so most groups use the average method
 * and some, with a spread over 200, the difference method), a single
 * round robin (21 games) with results drawn from table 1's expectations;
 * some groups are double round robins, some lose a game to an unplayed
 * 'x', some have a foreign player without a rating (performance rating).
 * A seeded PRNG makes the same history every run.  Only the rating is
 * timed: lib/rating's rating_group_rate() for every group, and the new
 * ratings written back.  A checksum of the final list shows every
 * repetition computed the same thing.
 *
 * Comparison in the same run: the same groups through `corrchess rate`
 * (one process per group, JSON in and out, as a script driving the CLI
 * would), on the first SAMPLE groups, the median per group extrapolated
 * to the whole history.  Their answers are compared with the library's.
 *
 * Usage: bench_rating [GROUPS [SAMPLE [REPS]]] (defaults 10000 200 5).
 * CORRCHESS names the corrchess binary (make bench sets it); without it
 * the comparison is skipped.  Prints medians over the repetitions. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "rating/rating.h"
#include "util/status.h"

#define PLAYERS   3000
#define GROUP     7
#define MAXGAMES  (GROUP * (GROUP - 1)) /* a double round robin */
#define MAXGROUPS 200000

static uint64_t splitmix(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* One group of the history: who played and how the games ended. */
struct hgroup {
	int who[GROUP]; /* player numbers, or -1 for a foreign unrated player */
	struct rating_game games[MAXGAMES];
	int ngames;
};

static struct hgroup *history;
static int start_rating[PLAYERS];

/* Builds the history: group k depends on k only (and the start list). */
static void generate(int ngroups)
{
	uint64_t st = 0x12a7146ULL;
	for (int p = 0; p < PLAYERS; p++)
		start_rating[p] = 1000 + (int)(splitmix(&st) % 1501);
	for (int k = 0; k < ngroups; k++) {
		struct hgroup *h = &history[k];
		uint64_t s = 0xbe4c0000ULL + (uint64_t)k;
		/* a band of similar strength: players whose start rating is near a
		 * centre (a wider band now and then) */
		int centre = 1000 + (int)(splitmix(&s) % 1501);
		int width = splitmix(&s) % 4 == 0 ? 400 : 90;
		int n = 0;
		for (int tries = 0; n < GROUP && tries < 100000; tries++) {
			int p = (int)(splitmix(&s) % PLAYERS);
			int d = start_rating[p] - centre;
			if (d < -width || d > width)
				continue;
			int dup = 0;
			for (int i = 0; i < n; i++)
				dup |= h->who[i] == p;
			if (!dup)
				h->who[n++] = p;
		}
		while (n < GROUP) /* cannot happen with these numbers; keep it total */
			h->who[n++] = (int)(splitmix(&s) % PLAYERS);
		if (splitmix(&s) % 20 == 0) /* a foreign guest without a rating */
			h->who[GROUP - 1] = -1;
		int cycles = splitmix(&s) % 10 == 0 ? 2 : 1;
		h->ngames = 0;
		for (int c = 0; c < cycles; c++)
			for (int i = 0; i < GROUP; i++)
				for (int j = i + 1; j < GROUP; j++) {
					struct rating_game *g = &h->games[h->ngames++];
					g->a = c ? j : i;
					g->b = c ? i : j;
					unsigned r = (unsigned)(splitmix(&s) % 100);
					int ra = h->who[g->a] < 0 ? 1800
					                          : start_rating[h->who[g->a]];
					int rb = h->who[g->b] < 0 ? 1800
					                          : start_rating[h->who[g->b]];
					int pa = rating_expected(ra - rb); /* a's expected score */
					g->kind = RATING_GAME_PLAYED;
					if (r < 3) { /* now and then a game is not played */
						g->kind = RATING_GAME_UNPLAYED;
						g->a2 = g->b2 = 0;
					} else if ((int)(r % 100) < pa - 15) {
						g->a2 = 2, g->b2 = 0;
					} else if ((int)(r % 100) < pa + 15) {
						g->a2 = g->b2 = 1;
					} else {
						g->a2 = 0, g->b2 = 2;
					}
				}
		/* a performance-rated guest needs a score strictly between 0 and 1:
		 * give him one draw against the first player if he has none */
		if (h->who[GROUP - 1] < 0) {
			int w2 = 0, n2 = 0;
			for (int i = 0; i < h->ngames; i++) {
				struct rating_game *g = &h->games[i];
				if (g->kind != RATING_GAME_PLAYED)
					continue;
				if (g->a == GROUP - 1)
					w2 += g->a2, n2 += 2;
				else if (g->b == GROUP - 1)
					w2 += g->b2, n2 += 2;
			}
			if (w2 == 0 || w2 == n2) {
				struct rating_game *g = &h->games[0];
				for (int i = 0; i < h->ngames; i++)
					if (h->games[i].a == 0 && h->games[i].b == GROUP - 1)
						g = &h->games[i];
				g->kind = RATING_GAME_PLAYED;
				g->a2 = g->b2 = 1;
			}
		}
	}
}

/* Fills the players of group k from the current list. */
static void players_of(const struct hgroup *h, const int *list, struct rating_player *pl)
{
	for (int i = 0; i < GROUP; i++) {
		pl[i].registered = RATING_NONE;
		pl[i].performance = h->who[i] < 0;
		pl[i].ro = h->who[i] < 0 ? 0 : list[h->who[i]];
		pl[i].winner = false;
		pl[i].absent = false;
	}
	struct rating_group g = {GROUP, pl, (size_t)h->ngames, h->games, false};
	bool win[GROUP];
	rating_winners(&g, win);
	for (int i = 0; i < GROUP; i++)
		pl[i].winner = win[i];
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Rates the whole history from the start list into list[]; returns a
 * checksum of the final list, or 0 on a failure (printed). */
static uint64_t rate_all(int ngroups, int *list)
{
	memcpy(list, start_rating, sizeof start_rating);
	uint64_t sum = 1469598103934665603ULL;
	for (int k = 0; k < ngroups; k++) {
		const struct hgroup *h = &history[k];
		struct rating_player pl[GROUP];
		struct rating_player_result out[GROUP];
		struct rating_group_result res;
		char err[256];
		players_of(h, list, pl);
		struct rating_group g = {GROUP, pl, (size_t)h->ngames, h->games, false};
		if (rating_group_rate(&g, &res, out, err, sizeof err) != CC_OK) {
			fprintf(stderr, "bench_rating: group %d: %s\n", k, err);
			return 0;
		}
		for (int i = 0; i < GROUP; i++)
			if (h->who[i] >= 0) /* I-19: the next group sees these ratings */
				list[h->who[i]] = out[i].new_rating;
	}
	for (int p = 0; p < PLAYERS; p++)
		sum = (sum ^ (uint64_t)list[p]) * 1099511628211ULL;
	return sum;
}

/* Writes group k (with the ratings of list) as `corrchess rate` input. */
static int write_case(const char *path, const struct hgroup *h, const int *list)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	fputs("{\"players\": [", f);
	for (int i = 0; i < GROUP; i++) {
		if (h->who[i] < 0)
			fprintf(f, "%s{\"id\": \"p%d\", \"rating\": null, \"foreign\": true}",
			        i ? ", " : "", i);
		else
			fprintf(f, "%s{\"id\": \"p%d\", \"rating\": %d}", i ? ", " : "", i,
			        list[h->who[i]]);
	}
	fputs("], \"games\": [", f);
	for (int i = 0; i < h->ngames; i++) {
		const struct rating_game *g = &h->games[i];
		const char *r = g->kind == RATING_GAME_UNPLAYED ? "x"
		                : g->a2 == 2                    ? "1-0"
		                : g->a2 == 1                    ? "1/2-1/2"
		                                                : "0-1";
		fprintf(f, "%s[\"p%d\", \"p%d\", \"%s\"]", i ? ", " : "", g->a, g->b, r);
	}
	fputs("]}\n", f);
	return fclose(f);
}

/* Runs `corrchess rate` on the first `sample` groups of the history (each
 * with the ratings the library left before it), checks every "new" against
 * the library's, and returns the median seconds per group (or -1). */
static double through_cli(const char *corrchess, int sample, int *list)
{
	char path[] = "/tmp/bench_rating.XXXXXX";
	int fd = mkstemp(path);
	if (fd < 0)
		return -1;
	close(fd);
	double *t = calloc((size_t)sample, sizeof *t);
	memcpy(list, start_rating, sizeof start_rating);
	int bad = 0;
	for (int k = 0; k < sample && !bad; k++) {
		const struct hgroup *h = &history[k];
		if (write_case(path, h, list) != 0) {
			bad = 1;
			break;
		}
		struct rating_player pl[GROUP];
		struct rating_player_result out[GROUP];
		struct rating_group_result res;
		char err[256], cmd[4200];
		players_of(h, list, pl);
		struct rating_group g = {GROUP, pl, (size_t)h->ngames, h->games, false};
		if (rating_group_rate(&g, &res, out, err, sizeof err) != CC_OK) {
			bad = 1;
			break;
		}
		snprintf(cmd, sizeof cmd, "'%s' rate '%s'", corrchess, path);
		double t0 = now();
		FILE *p = popen(cmd, "r");
		char line[512];
		int seen = 0, who = -1;
		while (p && fgets(line, sizeof line, p)) {
			int v;
			if (sscanf(line, "  \"p%d\": {", &v) == 1)
				who = v;
			else if (sscanf(line, "   \"new\": %d", &v) == 1 && who >= 0 &&
			         who < GROUP) {
				if (v != out[who].new_rating)
					bad = 1;
				seen++;
			}
		}
		if (!p || pclose(p) != 0 || seen != GROUP)
			bad = 1;
		t[k] = now() - t0;
		for (int i = 0; i < GROUP; i++)
			if (h->who[i] >= 0)
				list[h->who[i]] = out[i].new_rating;
	}
	unlink(path);
	double m = bad ? -1 : median(t, sample);
	if (bad)
		fprintf(stderr,
		        "bench_rating: corrchess rate disagreed with the library or failed\n");
	free(t);
	return m;
}

int main(int argc, char **argv)
{
	int ngroups = argc > 1 ? atoi(argv[1]) : 10000;
	int sample = argc > 2 ? atoi(argv[2]) : 200;
	int reps = argc > 3 ? atoi(argv[3]) : 5;
	if (ngroups < 1 || ngroups > MAXGROUPS || sample < 0 || sample > ngroups || reps < 1 ||
	    reps > 99) {
		fputs("usage: bench_rating [GROUPS [SAMPLE [REPS]]]\n", stderr);
		return 2;
	}
	history = calloc((size_t)ngroups, sizeof *history);
	static int list[PLAYERS];
	if (!history)
		return 1;
	generate(ngroups);
	int methods[3] = {0, 0, 0};
	{
		memcpy(list, start_rating, sizeof start_rating);
		for (int k = 0; k < ngroups; k++) {
			struct rating_player pl[GROUP];
			struct rating_player_result out[GROUP];
			struct rating_group_result res;
			players_of(&history[k], list, pl);
			struct rating_group g = {GROUP, pl, (size_t)history[k].ngames,
			                         history[k].games, false};
			if (rating_group_rate(&g, &res, out, NULL, 0) == CC_OK)
				methods[res.method]++;
			for (int i = 0; i < GROUP; i++)
				if (history[k].who[i] >= 0)
					list[history[k].who[i]] = out[i].new_rating;
		}
	}
	double times[99];
	uint64_t check = 0;
	for (int r = 0; r < reps; r++) {
		double t0 = now();
		uint64_t c = rate_all(ngroups, list);
		times[r] = now() - t0;
		if (c == 0 || (r > 0 && c != check)) {
			fprintf(stderr, "bench_rating: the repetitions disagree\n");
			return 1;
		}
		check = c;
	}
	double lib = median(times, reps);
	printf("re-rating %d groups of %d (%d players, %d average / %d difference method), "
	       "median of %d runs\n",
	       ngroups, GROUP, PLAYERS, methods[RATING_METHOD_AVERAGE],
	       methods[RATING_METHOD_DIFFERENCE], reps);
	printf("  lib/rating:       %8.1f ms   %6.2f us/group   checksum %016llx\n", lib * 1e3,
	       lib / ngroups * 1e6, (unsigned long long)check);
	const char *cc = getenv("CORRCHESS");
	if (!cc || !*cc || sample == 0) {
		printf("  corrchess rate:   skipped (CORRCHESS not set)\n");
		return 0;
	}
	double cli = through_cli(cc, sample, list);
	if (cli < 0)
		return 1;
	printf("  corrchess rate:   %8.1f ms   %6.2f us/group   (median of %d groups, one process "
	       "each, extrapolated)\n",
	       cli * ngroups * 1e3, cli * 1e6, sample);
	printf("  ratio corrchess rate / lib per group: %.0f\n", cli / (lib / ngroups));
	free(history);
	return 0;
}
