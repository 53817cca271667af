/* bench_util.h: what the benches that make their own databases share
 * (bench_deadlines.c, bench_reads.c): the clock, a free loopback port,
 * SQL run or die, the deadline rows of a new server game, a database
 * of players and games written straight in, and a sort order for medians.  Each bench sets
 * bench_name (its messages' prefix). */
#ifndef CORRCHESS_BENCH_UTIL_H
#define CORRCHESS_BENCH_UTIL_H

#include <sqlite3.h>
#include <sys/types.h>

#include "corr/corr_deadlines.h"

extern const char *bench_name;

/* Seconds on the monotonic clock. */
double bench_now(void);

/* "bench_name: msg" on stderr, then exit(1). */
_Noreturn void bench_die(const char *msg);

/* A loopback port nobody listens on now. */
int bench_free_port(void);

/* corrchessd (the program ccd) forked on db at 127.0.0.1:port, its today
 * fixed and the fast password hash: the child's pid. */
pid_t bench_daemon(const char *ccd, const char *db, const char *today, int port);

/* Runs sql on db, or dies with SQLite's message. */
void bench_exec(sqlite3 *db, const char *sql);

/* The deadline rows (lib/corr) of a server game started on start, no
 * move played, into d (CORR_DEADLINES_MAX): their count. */
int bench_template_rows(const char *start, struct corr_deadline *d);

/* A database written straight in (synchronous=OFF, one transaction):
 * players p0..p(n-1) (`first` is p0's id), then server games led by the
 * user named tl (added before), each with its deadline rows. */
struct bench_gen {
	sqlite3 *db;
	sqlite3_stmt *user, *game, *row;
	int64_t first;
};
/* Opens path (migrated already), begins, adds the players. */
void bench_gen_open(struct bench_gen *b, const char *path, int players);
/* Game id started on start (white w, black bl, the start position) and
 * its n rows (migration 0016: kind, side and day as integers). */
void bench_gen_game(struct bench_gen *b, long id, const char *start, int64_t w, int64_t bl,
                    const struct corr_deadline *rows, int n);
/* Commits, checkpoints, closes and syncs the file: on disk before anything
 * is measured, or the first fdatasync measured pays for it (ext4 commits
 * the other files' dirty data with its journal). */
void bench_gen_close(struct bench_gen *b, const char *path);

/* qsort() order of doubles, ascending. */
int bench_cmp_double(const void *a, const void *b);

#endif
