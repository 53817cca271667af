/* dsu_rights.h: EMT entry rights ("adgang", DSU 6.5.2.2, 6.5.3.2-6.5.3.3,
 * 6.6.2; R35-R41, R49-R50) and the check for entering a further group
 * while others run (6.5.1.2, R25).
 *
 * The original moves nobody between classes: a result gives a right to
 * enter a class until a last valid date (I-6: the same calendar date 2 or
 * 3 years after the group finished, 29 Feb -> 28 Feb), which the player
 * uses by entering.
 *
 * Pure library code: only libc, no allocation. */
#ifndef CORRCHESS_DSU_RIGHTS_H
#define CORRCHESS_DSU_RIGHTS_H

#include "tourney/dsu_common.h"

#define DSU_MAX_HISTORY 1024 /* finished groups one query looks at */

/* A right to enter a class, valid through `until` (inclusive). */
struct dsu_right {
	enum dsu_class cls;
	int32_t until;
};

/* One finished EMT group of a player (R6 "result history"). */
struct dsu_history_entry {
	enum dsu_class cls;
	int32_t finish; /* the day its last game ended (I-6) */
	int score2;     /* his points, in half points */
	int games;      /* his games */
	bool first;     /* tied on points for 1st (R37 "ved ligestilling i point alle") */
};

/* The rights one finished group gives (R35a/b, R36a, R37, R38; I-8, I-9,
 * I-13): out[] (room for DSU_CLASS_COUNT) best class first.
 *   DM: >= 45% -> DM for 3 years; below -> M for 3 years (relegated).
 *   M, K, Å: 2 to 4½ points -> the same class for 3 years (Å: any score
 *   up to 4½, no relegation from Å); 5 points or more -> the class above
 *   for 2 years, and so does first place on points except from M (M ->
 *   DM needs 5 points, I-9); below 2 points -> the class below for 3
 *   years.
 * Returns the count (1 or 2), or CC_ERR_INVALID / CC_ERR_RANGE with err
 * (impossible score, date out of range). */
int dsu_group_rights(const struct dsu_history_entry *group, struct dsu_right *out, char *err,
                     size_t errlen);

/* One question: which classes may the player enter on `date` (the day the
 * entry becomes valid, R4/I-6)? */
struct dsu_rights_query {
	int32_t date;
	int otb_rating;                /* his OTB rating, or -1 (R40d) */
	int dm_editions_skipped;       /* DM editions held while he had the DM right and
	                                  did not enter (I-12), or -1: count them from
	                                  the history (September starts, none entered) */
	int32_t relegated_on;          /* the start of the 3rd skipped edition, or
	                                  DSU_NO_DATE: computed (1 September) */
	const struct dsu_right *extra; /* rights from the cup, international play
	                                  or the TL (R35c-e, R39, R40b, R41e,
	                                  R49); borrowed, may be NULL */
	size_t nextra;
};

/* The answer. */
struct dsu_rights_answer {
	bool may[DSU_CLASS_COUNT];      /* may enter this class */
	int32_t until[DSU_CLASS_COUNT]; /* ... through this day (DSU_NO_DATE: no end:
	                                  first-timer's Å, OTB table) */
	bool first_timer;               /* R41f: no EMT group finished in the last 3 years */
};

/* Answers q over the player's history[0..n) (any order; groups finished
 * after q->date are ignored).  Per class the latest participation counts
 * (I-7): the same-class and relegation rights from the latest group of
 * that class or the class above within 3 years, the up-right from the
 * latest group of the class below within 2 years; the DM by R35a (latest
 * DM >= 45% within 3 years, not relegated since, not 3 editions unused:
 * then M for 3 years from the relegation, I-12) and R35b (any M group
 * with 5 points within 2 years and no DM relegation after it, I-10); the
 * OTB table (R40d) unless an EMT right of R37 applies; Å for a
 * first-timer (R41f); q->extra while valid.  O(n).  CC_ERR_RANGE /
 * CC_ERR_INVALID with err. */
int dsu_entry_rights(const struct dsu_history_entry *history, size_t n,
                     const struct dsu_rights_query *q, struct dsu_rights_answer *out, char *err,
                     size_t errlen);

/* R25 (DSU 6.5.1.2, I-11): may a player playing an unfinished group of
 * class cls (points2 so far from finished games, total games in it)
 * enter another group now?  The risk of relegation must already be gone:
 * Å always; M and K with at least 2 points; DM with at least 45% of all
 * his games. */
bool dsu_may_enter_another_group(enum dsu_class cls, int points2, int total_games);

/* The cup stage a table comes from (R49). */
enum dsu_cup_stage {
	DSU_CUP_SEMIFINAL = 0,
	DSU_CUP_FINAL,
};

/* The EMT rights of one cup player (R49-R50): all valid 2 years from the
 * end of the stage. */
struct dsu_cup_right {
	bool k, m;  /* the K or M class */
	bool dm;    /* a DM place (final after a semifinal only) */
	bool dm_tl; /* tied for the last DM place: for the TL (I-27) */
};

/* R49 / I-26 / I-27.  table[0..n) is the stage's table in order (place
 * ranges as dsu_standings() gives them, score2 and games per line);
 * out[i] answers for table[i].  Semifinal, or a final without a
 * semifinal: >= 60% K, >= 80% M.  Final after a semifinal: >= 40% K,
 * >= 60% M, and DM places: the winner(s) (a shared 1st gives all of
 * them), plus one finalist for each started 50 preliminary players
 * beyond 100, down the final's order, each with >= 75%; a shared place
 * across the last DM place is for the TL.  Returns the number of extra
 * DM places, or CC_ERR_RANGE with err. */
int dsu_cup_rights(enum dsu_cup_stage stage, bool semifinal_held, int prelim_players,
                   const int *score2, const int *games, const int *place_lo, const int *place_hi,
                   int n, struct dsu_cup_right *out, char *err, size_t errlen);

#endif
