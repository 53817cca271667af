/* dsu_common.h: the vocabulary every DSU tournament module shares: game
 * results, a game between two seats, the EMT classes and the exact
 * percentage comparison (docs/TOURNAMENTS.md; DSU 2005 chapter 6).
 *
 * Points are counted exactly in integers: scores in half points (a draw
 * is 1, a win 2), Sonneborn-Berger in quarter points.  Dates are day
 * numbers of lib/calendar.h; DSU_NO_DATE marks a date that is not known.
 *
 * Pure library code: no I/O, no allocation, only libc.  Every returned
 * string is borrowed, static storage. */
#ifndef CORRCHESS_DSU_COMMON_H
#define CORRCHESS_DSU_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DSU_MAX_PLAYERS 256       /* players (or teams) in one group or cup round */
#define DSU_MAX_GAMES   (1 << 16) /* games one call accepts */
#define DSU_NO_DATE     INT32_MIN /* a date that is not known / not given */

/* The result of one game (R11; docs/TOURNAMENTS.md conventions). */
enum dsu_result {
	DSU_UNFINISHED = 0, /* "*": does not count yet */
	DSU_WHITE_WON,      /* "1-0" */
	DSU_BLACK_WON,      /* "0-1" */
	DSU_DRAW,           /* "1/2-1/2" */
	DSU_BOTH_LOST,      /* "0-0": lost for both (DSU 6.3.3.4) */
};

/* One game of a group: two seats (0..n-1, the numbers drawn by lot less
 * one) and the result. */
struct dsu_game {
	int white, black;
	enum dsu_result result;
};

/* EMT classes, low to high (R23, DSU 6.5.1): Å < K < M < DM. */
enum dsu_class {
	DSU_CLASS_AA = 0, /* "Å", åben klasse */
	DSU_CLASS_K,      /* "K", kvalifikationsklasse */
	DSU_CLASS_M,      /* "M", mesterklasse */
	DSU_CLASS_DM,     /* "DM", DM-klassen */
	DSU_CLASS_COUNT,
};

/* Reads "1-0", "0-1", "1/2-1/2", "0-0", "*".  CC_OK and *out, or
 * CC_ERR_MALFORMED (text may be NULL). */
int dsu_result_parse(const char *text, enum dsu_result *out);

/* The text of a result ("1-0" ...); "?" for a value out of range. */
const char *dsu_result_name(enum dsu_result r);

/* True for every result but DSU_UNFINISHED (0-0 is finished, I-14). */
bool dsu_result_finished(enum dsu_result r);

/* The half points the seat `side` (0 White, 1 Black) scored (R11). */
int dsu_result_points2(enum dsu_result r, int side);

/* Reads a class name: "Å" (UTF-8), "AA" or "A" for the open class, "K",
 * "M", "DM".  CC_OK or CC_ERR_MALFORMED. */
int dsu_class_parse(const char *text, enum dsu_class *out);

/* The class name as the vectors write it ("Å" in UTF-8, "K", "M", "DM"). */
const char *dsu_class_name(enum dsu_class c);

/* A place as the tables write it: "4", or "4-5" when shared (lo < hi).
 * DSU_PLACE_MAX bytes are enough for any place. */
#define DSU_PLACE_MAX 24
void dsu_place_text(int lo, int hi, char out[DSU_PLACE_MAX]);

/* I-24: points2 / (2 * games) >= pct / 100, compared exactly (never
 * rounded).  False when games <= 0. */
bool dsu_pct_at_least(int points2, int games, int pct);

/* ---- the tie-break steps' tools (dsu_group.c, dsu_team.c) ---- */

/* Stable insertion sort of ids[0..k) by key[id] descending (k <=
 * DSU_MAX_PLAYERS; O(k^2)). */
void dsu_sort_desc(int *ids, int k, const int64_t *key);

/* Marks in cut[] where key changes along ids[0..k) (cut[0] stays as it
 * is); returns the number of blocks. */
int dsu_mark_blocks(const int *ids, int k, const int64_t *key, bool *cut);

/* The end of the block of ids that starts at s: the next i > s with
 * cut[i], or k. */
int dsu_block_end(const bool *cut, int k, int s);

/* Game i (from 0) of a group of n players (or teams, when team) between
 * seats white and black: both in 0..n-1 and not the same.  CC_OK, or
 * CC_ERR_INVALID with a sentence naming the game (numbered from 1). */
int dsu_seats_check(size_t i, int n, int white, int black, bool team, char *err, size_t errlen);

/* Checks games[] of an n-player group (1..DSU_MAX_PLAYERS): seats in
 * range, nobody against himself, results known, at most DSU_MAX_GAMES.
 * CC_OK, or CC_ERR_RANGE / CC_ERR_INVALID with a sentence naming the game
 * (numbered from 1). */
int dsu_games_check(int n, const struct dsu_game *games, size_t ngames, char *err, size_t errlen);

#endif
