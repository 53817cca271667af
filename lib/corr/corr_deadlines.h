/* corr/corr_deadlines.h: the next dates of a game, kept by the store at every
 * write (issue 16; docs/DEADLINES.md).
 *
 * The clock's dates of an active game do not depend on the day they are
 * computed on: the reminder, TL and forfeit dates of the pending move,
 * the day a failed check put a player over his limit, the adjudication
 * date and the day the time-trouble alarm falls due follow from the
 * moves, the vacations and the profile alone.  So the store can write
 * them once per change of the game, and the daily sweep and the TL
 * overview need only read the games whose earliest date has come: a game
 * none of whose dates has come has no finding (corr_findings()) and no
 * alarm.
 *
 * Pure library code: no I/O, only libc and lib/. */
#ifndef CORRCHESS_CORR_DEADLINES_H
#define CORRCHESS_CORR_DEADLINES_H

#include <stdint.h>

#include "corr/corr.h"

#define CORR_DEADLINES_MAX 6 /* forfeit x2, reminder, tl_notice, adjudication, alarm */

enum corr_deadline_kind {
	CORR_DEADLINE_REMINDER = 0,     /* DSU 6.3.4, 6.8.3 */
	CORR_DEADLINE_TL_NOTICE = 1,    /* DSU 6.3.4 */
	CORR_DEADLINE_FORFEIT = 2,      /* DSU 6.3.3.1-6.3.3.5 */
	CORR_DEADLINE_ADJUDICATION = 3, /* DSU 6.2.7 */
	CORR_DEADLINE_TIME_TROUBLE = 4, /* docs/NOTIFY.md: 80% of the allowance */
};

/* The first four share the numbers of enum corr_finding_kind. */
#define CORR_DEADLINE_KINDS 5

/* "reminder", "tl_notice", "forfeit", "adjudication", "time_trouble"
 * (static); NULL for a number out of range. */
const char *corr_deadline_name(enum corr_deadline_kind k);

/* The kind of a name; -1 when unknown. */
int corr_deadline_kind_of(const char *name);

struct corr_deadline {
	enum corr_deadline_kind kind;
	int side;    /* WHITE or BLACK: the player concerned */
	int32_t due; /* the first day it applies */
};

/* The dates of game g in out (room for CORR_DEADLINES_MAX), in the order
 * forfeit (white, black), reminder, tl_notice, adjudication,
 * time_trouble; none for a finished game.  Returns their number, or a
 * negative lib status with e filled (the clocks cannot be computed).
 * Cost: one clock computation and, for the alarm, O(log days) move
 * counts (O(stops) each). */
int corr_deadlines(const struct corr_game *g, struct corr_deadline *out, struct corr_error *e);

/* corr_deadlines() from now, corr_clock() of the same g on any day (the
 * move path has it already: issue 19); when that day may have changed a
 * date (its side to move is over his limit by then) the clock is
 * computed again without a day.  now NULL: corr_deadlines(). */
int corr_deadlines_from(const struct corr_game *g, const struct clock_result *now,
                        struct corr_deadline *out, struct corr_error *e);

#endif
