/* rating_coord.h: the yearly coordination of the Danish list with the
 * Elo list (DSU 4.5.6; docs/RATING.md R-29..R-31, I-20).
 *
 * Pure library code, only libc; inputs only read, results in the caller's
 * arrays, no allocation.  Failing functions return a negative enum
 * cc_status (status.h) and write a sentence into err. */
#ifndef CORRCHESS_RATING_COORD_H
#define CORRCHESS_RATING_COORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RATING_COORD_MAX   1000000 /* players one run accepts */
#define RATING_COORD_LIMIT 2100    /* 4.5.6.1 a and 4.5.6.2 b */
#define RATING_COORD_GAMES 30      /* "over 30 Elo-rated games" */
#define RATING_COORD_MIN   25      /* 4.5.6.2 a: no adjustment under 25 */

/* One Danish player. */
struct rating_coord_player {
	int dsu;       /* Danish rating on 1 June */
	int elo;       /* Elo on the 1 July list (RATING_NONE: none) */
	int elo_games; /* Elo-rated games played */
	int current;   /* Danish rating on the adjustment date, the one moved
	                  (I-20); RATING_NONE = dsu */
};

/* The result for one player. */
struct rating_coord_player_result {
	bool covered;  /* counted in the comparison (4.5.6.1 a) */
	bool adjusted; /* his rating moves */
	int from;      /* the rating on the adjustment date */
	int by;        /* the move by the scale, signed (0 when not adjusted) */
	int to;        /* from + by, raised to 2100 when below (4.5.6.2 b) */
	bool raised;   /* to was raised to 2100 */
};

/* The result of one run. */
struct rating_coord_result {
	int covered;     /* players compared */
	int64_t sum_dsu; /* their Danish ratings of 1 June, summed */
	int64_t sum_elo; /* their Elo ratings, summed */
	int n;           /* the adjustment number N; 0 = no adjustment */
	int direction;   /* -1 Danish ratings go down, +1 up, 0 none (I-20) */
	int adjusted;    /* players whose rating moves */
};

/* Runs 4.5.6.1-2 over n players: who is covered (over 30 Elo games and over
 * 2100 on both lists), the difference of the averages, N (the nearest
 * number ending in 5 or 0, half-way upward, when |difference| >= 25), and
 * each covered player's move by the scale of 4.5.6.2 b.  out[] has n
 * entries.  Cost O(n).  CC_ERR_RANGE for too many players or a rating
 * outside 0..9999. */
int rating_coord_run(const struct rating_coord_player *p, size_t n, struct rating_coord_result *res,
                     struct rating_coord_player_result *out, char *err, size_t errlen);

/* 4.5.6.2 b: the amount subtracted from N for a Danish rating r, or -1
 * when r is not adjusted at all (2100 and below). */
int rating_coord_minus(int r);

#endif
