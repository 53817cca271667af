/* bench_clock.c: the clock engine on 1,000,000 synthetic games, side by
 * side with a naive day-by-day reference on the same inputs.
 *
 * Games are realistic in shape: 35-45 moves a side, a mix of the three
 * profiles, postal transit, mostly short thinks with some long ones, 0-3
 * vacations, start dates spread over 15 years so many games cross the
 * Easter and Christmas holidays.  They are generated in chunks by a seeded
 * PRNG (the same games every run and every repetition); only the clock
 * computations are timed.  The naive reference counts every day of every
 * move and walks day by day to the forfeit date; its answers (thinking
 * days of both players, the forfeit date of the side to move) must equal
 * the engine's, or the program fails.
 *
 * Then a second table: one move over growing spans, engine vs naive, to
 * show that the engine's cost follows the number of stop intervals (the
 * holidays are two a year) and not the number of days.
 *
 * Usage: bench_clock [GAMES [NAIVE_GAMES [REPS]]]
 * (defaults 1000000 100000 5).  Prints medians over the repetitions. */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "util/status.h"

#define CHUNK     4096
#define MAX_PLIES 90
#define MAX_VAC   3

/* ---- deterministic input ------------------------------------------------ */

static uint64_t splitmix(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

struct chunk {
	struct clock_game games[CHUNK];
	struct clock_move moves[CHUNK][MAX_PLIES];
	struct clock_interval vac[CHUNK][MAX_VAC];
};

/* Fills a chunk with games first..first+n-1; game k depends on k only. */
static void generate(struct chunk *c, size_t first, size_t n)
{
	int32_t base;
	calendar_from_ymd(2020, 1, 1, &base);
	for (size_t j = 0; j < n; j++) {
		uint64_t st = 0x5eed0000ULL + first + j;
		const struct clock_profile *p;
		unsigned pick = (unsigned)(splitmix(&st) % 10);
		p = clock_profile_at(pick < 4 ? 0 : pick < 8 ? 1 : 2);
		bool postal = p->receipt == CLOCK_RECEIPT_STATED;
		int32_t start = base + (int32_t)(splitmix(&st) % (15 * 365));
		size_t nply = 70 + (size_t)(splitmix(&st) % 21);
		size_t nvac = (size_t)(splitmix(&st) % (MAX_VAC + 1));
		for (size_t v = 0; v < nvac; v++) {
			c->vac[j][v].first = start + (int32_t)(splitmix(&st) % (nply * 5));
			c->vac[j][v].last = c->vac[j][v].first + 4 + (int32_t)(splitmix(&st) % 16);
		}
		int32_t prev = start;
		for (size_t i = 0; i < nply; i++) {
			uint64_t r = splitmix(&st);
			int32_t recv = i == 0   ? start
			               : postal ? prev + 1 + (int32_t)(r % 3)
			                        : CLOCK_NO_DATE;
			int32_t from = recv != CLOCK_NO_DATE                  ? recv
			               : p->receipt == CLOCK_RECEIPT_NEXT_DAY ? prev + 1
			                                                      : prev;
			/* mostly 0-3 days, one move in ten 6-17 days: about 2.5 a move */
			int32_t think = (r >> 8) % 10 == 0 ? 6 + (int32_t)((r >> 16) % 12)
			                                   : (int32_t)((r >> 16) % 4);
			c->moves[j][i] = (struct clock_move){
			        i == 0 ? CLOCK_NO_DATE : recv, from + think, 0, 0, 0, 0, 0};
			prev = from + think;
		}
		struct clock_game *g = &c->games[j];
		memset(g, 0, sizeof *g);
		g->profile = p;
		g->start = start;
		g->today = prev + (int32_t)(splitmix(&st) % 30);
		g->first_side = CLOCK_WHITE;
		g->moves = c->moves[j];
		g->nmoves = nply;
		g->stops = c->vac[j];
		g->nstops = nvac;
		g->pending.received = CLOCK_NO_DATE;
		g->transit_days = -1;
	}
}

/* ---- the naive reference ------------------------------------------------ */

static int32_t easter_cache[CALENDAR_MAX_YEAR + 1];

static bool naive_stopped(const struct clock_game *g, int32_t d)
{
	for (size_t v = 0; v < g->nstops; v++)
		if (d >= g->stops[v].first && d <= g->stops[v].last)
			return true;
	if (!g->profile->holidays)
		return false;
	int y, m, md;
	calendar_to_ymd(d, &y, &m, &md);
	if (m == 12 && md >= 20)
		return true;
	if (easter_cache[y] == 0)
		calendar_easter(y, &easter_cache[y]);
	return d >= easter_cache[y] - 5 && d <= easter_cache[y] + 2;
}

/* Thinking days of both players and the forfeit date of the side to
 * move, one day at a time. */
static void naive_game(const struct clock_game *g, int32_t think[2], int32_t *forfeit)
{
	const struct clock_profile *p = g->profile;
	int32_t prev = g->start;
	think[0] = think[1] = 0;
	for (size_t i = 0; i < g->nmoves; i++) {
		const struct clock_move *m = &g->moves[i];
		int32_t r = m->received;
		if (i == 0)
			r = g->start;
		else if (r == CLOCK_NO_DATE)
			r = p->receipt == CLOCK_RECEIPT_NEXT_DAY ? prev + 1 : prev;
		int32_t s = m->sent;
		if (p->weekend_rule && calendar_weekday(s) == CALENDAR_SUNDAY && s - 1 >= r)
			s--;
		for (int32_t d = r; d < s; d++)
			think[i & 1] += !naive_stopped(g, d);
		prev = m->sent;
	}
	int side = (int)(g->nmoves & 1);
	int32_t r = p->receipt == CLOCK_RECEIPT_NEXT_DAY   ? prev + 1
	            : p->receipt == CLOCK_RECEIPT_SAME_DAY ? prev
	                                                   : prev + p->transit_days;
	int made = (int)(g->nmoves + (side == 0 ? 1 : 0)) / 2;
	int control = (made / p->moves_per_period + 1) * p->moves_per_period;
	int32_t limit = control / p->moves_per_period * p->days_per_period;
	int32_t raw = 0, raw_before = 0; /* unstopped days in [r, d) and [r, d - 1) */
	for (int32_t d = r;; d++) {
		bool sunday = p->weekend_rule && calendar_weekday(d) == CALENDAR_SUNDAY && d > r;
		int32_t cost = sunday ? raw_before : raw;
		if (think[side] + cost > limit) {
			*forfeit = d;
			return;
		}
		raw_before = raw;
		raw += !naive_stopped(g, d);
	}
}

/* ---- timing ------------------------------------------------------------- */

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Times the engine over games [0, ngames): returns seconds spent inside
 * clock_compute(); *sum gets a checksum of the results. */
static double run_engine(struct chunk *c, size_t ngames, uint64_t *sum, long *forfeits)
{
	double t = 0;
	char err[256];
	*sum = 0;
	*forfeits = 0;
	for (size_t first = 0; first < ngames; first += CHUNK) {
		size_t n = ngames - first < CHUNK ? ngames - first : CHUNK;
		generate(c, first, n);
		double t0 = now();
		for (size_t j = 0; j < n; j++) {
			struct clock_result res;
			if (clock_compute(&c->games[j], &res, NULL, err, sizeof err) != CC_OK) {
				fprintf(stderr, "bench_clock: game %zu: %s\n", first + j, err);
				exit(1);
			}
			*sum += (uint64_t)res.player[0].used_days * 31 +
			        (uint64_t)res.player[1].used_days +
			        (uint64_t)res.player[res.to_move].forfeit_date;
			*forfeits += res.player[0].forfeited + res.player[1].forfeited;
		}
		t += now() - t0;
	}
	return t;
}

/* Times the naive reference over games [0, ngames) and checks it against
 * the engine (untimed).  Returns seconds; *mismatch counts disagreements. */
static double run_naive(struct chunk *c, size_t ngames, long *mismatch)
{
	double t = 0;
	*mismatch = 0;
	for (size_t first = 0; first < ngames; first += CHUNK) {
		size_t n = ngames - first < CHUNK ? ngames - first : CHUNK;
		static int32_t think[CHUNK][2], forfeit[CHUNK];
		generate(c, first, n);
		double t0 = now();
		for (size_t j = 0; j < n; j++)
			naive_game(&c->games[j], think[j], &forfeit[j]);
		t += now() - t0;
		for (size_t j = 0; j < n; j++) {
			struct clock_result res;
			clock_compute(&c->games[j], &res, NULL, NULL, 0);
			if (res.player[0].thinking_days != think[j][0] ||
			    res.player[1].thinking_days != think[j][1] ||
			    res.player[res.to_move].forfeit_date != forfeit[j]) {
				if (*mismatch < 5)
					fprintf(stderr,
					        "bench_clock: game %zu: engine %d/%d/%d, naive "
					        "%d/%d/%d\n",
					        first + j, res.player[0].thinking_days,
					        res.player[1].thinking_days,
					        res.player[res.to_move].forfeit_date, think[j][0],
					        think[j][1], forfeit[j]);
				(*mismatch)++;
			}
		}
	}
	return t;
}

/* One move over `span` days from 2030-01-01 with 4 vacations in it:
 * nanoseconds per call for the engine and for a day-by-day count. */
static void span_row(const struct clock_profile *p, int32_t span, int reps)
{
	int32_t r;
	calendar_from_ymd(2030, 1, 1, &r);
	struct clock_interval vac[4];
	for (int v = 0; v < 4; v++) {
		vac[v].first = r + span / 5 * (v + 1) - 3;
		vac[v].last = vac[v].first + 2;
	}
	struct clock_game g;
	memset(&g, 0, sizeof g);
	g.profile = p;
	g.stops = vac;
	g.nstops = 4;
	int iters = span >= 100000 ? 20 : span >= 10000 ? 200 : 20000;
	double te[16], tn[16];
	int32_t sink = 0, a = 0, b = 0;
	for (int k = 0; k < reps; k++) {
		double t0 = now();
		for (int i = 0; i < iters; i++) {
			struct clock_days d;
			clock_move_days(p, r, r + span + (i & 1), vac, 4, &d, NULL, 0);
			sink += d.days;
			a = d.days;
		}
		te[k] = (now() - t0) / iters * 1e9;
		t0 = now();
		for (int i = 0; i < iters; i++) {
			int32_t n = 0;
			for (int32_t d = r; d < r + span + (i & 1); d++)
				n += !naive_stopped(&g, d);
			sink += n;
			b = n;
		}
		tn[k] = (now() - t0) / iters * 1e9;
	}
	int intervals = 4 + (p->holidays ? 2 * (span / 365 + 1) : 0);
	double e = median(te, reps), n = median(tn, reps);
	printf("  %-9s %7d days  ~%5d intervals  engine %9.0f ns  naive %11.0f ns  x%.1f%s\n",
	       p->name, (int)span, intervals, e, n, n / e, a == b ? "" : "  MISMATCH");
	if (a != b || sink == 42)
		exit(1);
}

int main(int argc, char **argv)
{
	size_t ngames = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 1000000;
	size_t nnaive = argc > 2 ? (size_t)strtoull(argv[2], NULL, 10) : 100000;
	int reps = argc > 3 ? atoi(argv[3]) : 5;
	if (ngames == 0 || nnaive == 0 || reps < 1 || reps > 16) {
		fprintf(stderr, "usage: bench_clock [GAMES [NAIVE_GAMES [REPS<=16]]]\n");
		return 2;
	}
	struct chunk *c = malloc(sizeof *c);
	if (c == NULL)
		return 1;

	double te[16], tn[16];
	uint64_t sum = 0, sum0 = 0;
	long forfeits = 0, mismatch = 0, plies = 0;
	generate(c, 0, 1);
	for (size_t first = 0; first < ngames; first += CHUNK) {
		size_t n = ngames - first < CHUNK ? ngames - first : CHUNK;
		generate(c, first, n);
		for (size_t j = 0; j < n; j++)
			plies += (long)c->games[j].nmoves;
	}
	for (int k = 0; k < reps; k++) {
		te[k] = run_engine(c, ngames, &sum, &forfeits);
		if (k > 0 && sum != sum0) {
			fprintf(stderr, "bench_clock: results differ between repetitions\n");
			return 1;
		}
		sum0 = sum;
		tn[k] = run_naive(c, nnaive, &mismatch);
		if (mismatch != 0) {
			fprintf(stderr, "bench_clock: %ld games disagree with the naive count\n",
			        mismatch);
			return 1;
		}
	}
	double e = median(te, reps), n = median(tn, reps);
	double e_per = e / (double)ngames, n_per = n / (double)nnaive;
	printf("clock engine: %zu games (%.1f half-moves each, %ld forfeits), median of %d runs\n",
	       ngames, (double)plies / (double)ngames, forfeits, reps);
	printf("  engine (clock_compute):  %8.3f s  %10.0f games/s  %7.0f ns/game\n", e,
	       (double)ngames / e, e_per * 1e9);
	printf("  naive day-by-day:        %8.3f s  %10.0f games/s  %7.0f ns/game  (%zu games)\n",
	       n, (double)nnaive / n, n_per * 1e9, nnaive);
	printf("  ratio naive/engine per game: %.1fx; %zu games agree (thinking days, forfeit "
	       "date)\n",
	       n_per / e_per, nnaive);
	printf("  checksum %016llx\n", (unsigned long long)sum);

	printf("one move over a growing span (median of %d):\n", reps);
	const struct clock_profile *srv = clock_profile_find("server");
	const struct clock_profile *mail = clock_profile_find("dsu-email");
	static const int32_t spans[] = {10, 100, 1000, 10000, 100000};
	for (size_t i = 0; i < sizeof spans / sizeof spans[0]; i++)
		span_row(srv, spans[i], reps);
	for (size_t i = 0; i < sizeof spans / sizeof spans[0]; i++)
		span_row(mail, spans[i], reps);
	free(c);
	return 0;
}
