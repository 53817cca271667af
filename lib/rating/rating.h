/* rating.h: the DSU rating system (seed section 4.5; docs/RATING.md rules
 * R-1..R-32 and interpretations I-1..I-22) for one finished group.
 *
 * Units.  Points are half points (2.5 points = 5), expected scores and
 * bonus thresholds hundredths (2.60 = 260).  A rating in the middle of the
 * calculation is kept exact in RATING_UNIT parts of a point (R-19, I-3):
 * K * (W - We + B) is a whole number of hundredths and the limit factors
 * (1/2, 2/3, 3/2, 2, applied limit by limit) never need more than 36 more
 * parts, so 3600 parts hold every value exactly.  Only the final rating is
 * rounded, once, .5 upward (I-2).
 *
 * Pure library code: no I/O, only libc.  Inputs are the caller's arrays,
 * only read; results go into the caller's arrays.  rating_group_rate()
 * allocates O(n^2) scratch and frees it before it returns.  Failing
 * functions return a negative enum cc_status (status.h) and write a
 * sentence into err (which may be NULL when errlen is 0).  The rating
 * order of several groups (I-19: the order they finished) and the
 * registered rating are the caller's business.
 */
#ifndef CORRCHESS_RATING_H
#define CORRCHESS_RATING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rating/rating_tables.h"

#define RATING_UNIT        3600  /* parts of a rating point, see above */
#define RATING_MAX_PLAYERS 512   /* players in one group */
#define RATING_MAX_GAMES   65536 /* games in one group */
#define RATING_MAX_PASSES  100   /* performance passes after pass 0 (I-15) */
#define RATING_MIN         0     /* ratings accepted as input: 0..9999 */
#define RATING_MAX         9999
#define RATING_FLOOR       1000 /* DSU 4.5.2.6 */

/* How one scheduled game of the group ended, as far as rating cares. */
enum rating_game_kind {
	RATING_GAME_PLAYED = 0,   /* played: '1' '½' '0' */
	RATING_GAME_NOSHOW,       /* unplayed, one side failed to appear without an
	                             approved notice: '+' / '-' */
	RATING_GAME_UNPLAYED,     /* unplayed, never rated: 'x', 'x1', 'x0' */
	RATING_GAME_LATE_RESERVE, /* played, not rated: a reserve put in after half
	                             an hour in a team event: 'r1' 'r½' 'r0' */
};

/* One scheduled game between players a and b (indices into the group).
 * a2 and b2 are the points each has in the standings, in half points
 * (0, 1 or 2).  For NOSHOW the side with 0 is the one who failed to
 * appear; for UNPLAYED the points count in the standings only. */
struct rating_game {
	int a, b;
	enum rating_game_kind kind;
	int a2, b2;
};

/* One participant. */
struct rating_player {
	int ro;           /* rating before the group (Ro); ignored when performance */
	int registered;   /* the rating registered when the group is rated, when
	                     another group finished after this one started;
	                     RATING_NONE = Ro */
	bool performance; /* no recognised rating: rated with a performance
	                     rating Rp (R-27, I-15) */
	bool winner;      /* a group winner (4.5.2.5, I-13); see rating_winners() */
	bool absent;      /* stayed away from the whole group without an approved
	                     notice (4.5.4.2, R-4): none of his games is rated;
	                     when false, a player who only failed to appear is
	                     found absent from the games alone */
};

/* The group to rate. */
struct rating_group {
	int nplayers; /* 1..RATING_MAX_PLAYERS */
	const struct rating_player *players;
	size_t ngames; /* 0..RATING_MAX_GAMES */
	const struct rating_game *games;
	bool team_event; /* division tournament / rated team tournament: no-shows
	                    are never rated, nobody is an individual group
	                    winner (I-13) */
};

enum rating_method {
	RATING_METHOD_NONE = 0,   /* no rated game at all */
	RATING_METHOD_DIFFERENCE, /* 4.5.2.1.2 */
	RATING_METHOD_AVERAGE,    /* 4.5.2.1.1 */
};

/* One limit correction (4.5.2.4); sigma and rk in RATING_UNIT parts. */
struct rating_correction {
	int limit; /* Rgr */
	bool up;   /* passed upward (else downward) */
	int64_t sigma;
	int64_t rk;
};

/* The performance rating of one player (4.5.5.2 item 3, I-15). */
struct rating_performance {
	int p100;    /* P = W/n in hundredths */
	int dp;      /* D(P), table 2 */
	int rc;      /* Rc of the last pass */
	int rp;      /* Rp = Rc + D(P): the player's Ro */
	int npasses; /* entries of passes[]: pass 0 and every pass after it up
	                to the first that changed nothing */
	bool stable; /* false: still moving after RATING_MAX_PASSES (the last is used) */
	int passes[RATING_MAX_PASSES + 1];
};

/* What rating_group_rate() found for one player. */
struct rating_player_result {
	int ro;           /* Ro used: the input rating, or Rp */
	int base;         /* registered rating, or Ro (R-22, I-12) */
	int k;            /* K by Ro (4.5.2.3, I-1) */
	int games;        /* rated games n */
	int w2;           /* W in half points (I-22) */
	int we_raw;       /* We before rounding, hundredths */
	int we;           /* We rounded to 0.05, hundredths */
	int c;            /* bonus threshold c(n), hundredths */
	int b;            /* bonus B >= 0, hundredths */
	bool winner;      /* counted as a group winner (never in a team event) */
	bool winner_rule; /* 4.5.2.5 applied: increment 0 */
	int64_t delta;    /* K * (W - We + B) or 0, RATING_UNIT parts */
	int64_t rn;       /* base + delta, RATING_UNIT parts */
	int ncorr;
	struct rating_correction corr[4]; /* limit by limit (I-11) */
	bool floor;                       /* raised to 1000 (4.5.2.6) */
	int new_rating;                   /* the result, rounded once (I-2); base when games == 0 */
	bool has_rating;                  /* false: a performance player without rated games
	                                     (no rating at all; new_rating is RATING_NONE) */
	bool performance;
	struct rating_performance perf; /* when performance && has_rating */
};

/* What rating_group_rate() found for the group. */
struct rating_group_result {
	enum rating_method method;
	bool round_robin; /* every pair scheduled equally often (I-6) */
	int cycles;       /* that number, when round_robin */
	int spread;       /* highest - lowest Ro of players with rated games */
	int average;      /* Ra of those players, rounded .5 upward (I-4) */
	int rated_games;  /* games rated */
};

/* ---- the steps, one function each (exported for the tests) ---- */

/* Table 1: P(D) in hundredths for D = Ro - Ri in whole points (H for
 * D >= 0, L for D < 0; |D| >= 736: 100 / 0, I-21). */
int rating_expected(int d);

/* Table 2: D(P) for P = p100/100.  CC_OK and *d, or CC_ERR_RANGE for P
 * outside 0..1 and CC_ERR_INVALID for 0.00 and 1.00 ('*', I-15). */
int rating_table2_lookup(int p100, int *d, char *err, size_t errlen);

/* DSU 4.5.2.3: K for a rating Ro (I-1: each limit belongs to the band
 * above it). */
int rating_k(int ro);

/* DSU 4.5.2.2: the bonus threshold c for n >= 1 rated games, hundredths
 * (I-10: +0.5 for every further two games after the table). */
int rating_bonus_c(int n);

/* a hundredths value rounded to the nearest multiple of 5. */
int rating_round_we(int hundredths);

/* A whole-number average sum/n rounded .5 upward (I-4, I-15); n > 0. */
int rating_round_avg(int64_t sum, int64_t n);

/* A RATING_UNIT value rounded to a whole rating, .5 upward (I-2). */
int rating_round_final(int64_t units);

/* R-14..R-16: corrects rn (RATING_UNIT parts) for every limit passed
 * between base (whole points) and rn, limit by limit (I-11, I-12).
 * Writes the steps into corr[] (room for 4) and *ncorr; returns the
 * corrected value. */
int64_t rating_limit_correct(int base, int64_t rn, struct rating_correction *corr, int *ncorr);

/* ---- a whole group ---- */

/* Rates one finished group (4.5.2, 4.5.4.2, 4.5.5.2): decides which games
 * are rated (R-3..R-5), the performance ratings (R-27, iterated), the
 * method, then for every player We, K, B, the winner rule, the limit
 * corrections, the floor and the rounding.  out[] has
 * g->nplayers entries.  Cost: O(n^2 + games) per performance pass, O(n^2)
 * memory.  Fails (nothing useful in out) with CC_ERR_RANGE on a size or
 * rating out of range, CC_ERR_MALFORMED on a bad game (bad index, a player
 * against himself, points that do not fit the kind), CC_ERR_INVALID when a
 * performance rating is undefined (O-3: a 0 % or 100 % score, or only
 * unrated opponents), CC_ERR_NOMEM. */
int rating_group_rate(const struct rating_group *g, struct rating_group_result *res,
                      struct rating_player_result *out, char *err, size_t errlen);

/* I-13: marks in winner[] (g->nplayers entries) every player with the
 * highest standings score (a2/b2 of every game, rated or not), without
 * tie-breaks; nobody in a team event or when no game counts.  Returns the
 * number of winners. */
int rating_winners(const struct rating_group *g, bool *winner);

/* ---- the vectors' crosstable notation ---- */

/* One result token of a crosstable cell from the row player's side: '1'
 * '½' (or "1/2") '0', '+' '-', 'x' 'x1' 'x0', 'r1' 'r½' 'r0'. */
struct rating_token {
	enum rating_game_kind kind;
	int mine2; /* the row player's standings points, half points */
};

/* Parses one cell: tokens separated by spaces; "" or "*" = no game.
 * Writes up to max tokens and *n.  CC_ERR_MALFORMED on an unknown token,
 * CC_ERR_RANGE on more than max. */
int rating_cell_parse(const char *cell, struct rating_token *out, int max, int *n, char *err,
                      size_t errlen);

/* Turns an n x n crosstable (cells[i * n + j] = row i against column j;
 * the diagonal is ignored) into games: one per token of each cell above
 * the diagonal (a cell holds any number of games), checked against the
 * mirror cell below it ('1' against '0', '+' against '-', 'x*' against
 * 'x*', ...).  Writes up to max games and *ngames; out NULL only counts
 * them (and checks the table).  CC_ERR_MALFORMED with the cell named on a
 * mismatch or a bad token, CC_ERR_RANGE when max (or RATING_MAX_GAMES) is
 * too small. */
int rating_crosstable_games(int n, const char *const *cells, struct rating_game *out, size_t max,
                            size_t *ngames, char *err, size_t errlen);

/* A game-list result from White's (a's) side: "1-0" "0-1" "1/2-1/2"
 * ("½-½"), "+-" "-+" (the '-' side failed to appear), "x" (unplayed, not
 * rated); flag NULL, "" or "late_reserve" (played but not rated, R-3).
 * Fills kind, a2 and b2 of *g.  CC_ERR_MALFORMED otherwise. */
int rating_result_parse(const char *result, const char *flag, struct rating_game *g, char *err,
                        size_t errlen);

#endif
