/* bench_util.h: what the benches that make their own databases share
 * (bench_deadlines.c, bench_reads.c): the clock, a free loopback port,
 * SQL run or die, the deadline rows of a new server game, and a sort
 * order for medians.  Each bench sets bench_name (its messages' prefix). */
#ifndef CORRCHESS_BENCH_UTIL_H
#define CORRCHESS_BENCH_UTIL_H

#include <sqlite3.h>

#include "corr/corr_deadlines.h"

extern const char *bench_name;

/* Seconds on the monotonic clock. */
double bench_now(void);

/* "bench_name: msg" on stderr, then exit(1). */
_Noreturn void bench_die(const char *msg);

/* A loopback port nobody listens on now. */
int bench_free_port(void);

/* Runs sql on db, or dies with SQLite's message. */
void bench_exec(sqlite3 *db, const char *sql);

/* The deadline rows (lib/corr) of a server game started on start, no
 * move played, into d (CORR_DEADLINES_MAX): their count. */
int bench_template_rows(const char *start, struct corr_deadline *d);

/* qsort() order of doubles, ascending. */
int bench_cmp_double(const void *a, const void *b);

#endif
