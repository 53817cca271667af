/* clock/profile.c: the built-in time profiles (DSU 6.3, 6.8.6; docs/RULES.md)
 * and the bounds check every clock function makes of a profile. */
#include "clock/stops.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Profiles (docs/RULES.md §4 table)
 */

static const struct clock_profile builtin[] = {
        {
                .name = "dsu-post",
                .days_per_period = 30, /* DSU 6.3.1: 3 days a move, 6.3.3.1 */
                .moves_per_period = 10,
                .receipt = CLOCK_RECEIPT_STATED, /* 6.2.1.1 b */
                .weekend_rule = true,            /* 6.3.2.1 */
                .holidays = true,                /* 6.3.6.2 */
                .vacation_days = 35,             /* 6.3.6 */
                .vacation_notice = 6,            /* 6.3.6.1 */
                .vacation_all_games = false,
                .special_leave_days = -1, /* 6.3.6.4: at the TL's discretion */
                .reminder_days = 14,      /* 6.3.4 */
                .transit_days = 2,
                .tl_days = 7,
                .penalty_reminder = 3,
                .penalty_tl = 6,
                .penalty_invalid = 3, /* 6.3.5.1 */
                .penalty_invalid_repeat = 6,
                .adjudication_months = 18, /* 6.2.7 */
                .series_shown = true,
                .auto_forfeit = false, /* claimed, or set by the TL (6.3.3.5, 6.8.7) */
        },
        {
                .name = "dsu-email",
                .days_per_period = 40, /* DSU 6.8.6 */
                .moves_per_period = 10,
                .receipt = CLOCK_RECEIPT_NEXT_DAY, /* 6.3.2.2 a, 6.8.6 */
                .weekend_rule = false,             /* 6.3.2.2 b */
                .holidays = true,
                .vacation_days = 35, /* 6.8.8 */
                .vacation_notice = 6,
                .vacation_all_games = false, /* 6.8.8: "samtidigt mod alle
                                                tilbageværende modstandere" of
                                                its tournament, as by post */
                .special_leave_days = 30,    /* 6.8.8 */
                .reminder_days = 14,         /* 6.8.3: 14 days after the mail */
                .reminder_from_sent = true,
                .transit_days = 0,
                .tl_days = 7,
                .penalty_reminder = 3,
                .penalty_tl = 6,
                .penalty_invalid = 3, /* 6.8.6 */
                .penalty_invalid_repeat = 3,
                .adjudication_months = 18,
                .series_shown = true,
                .auto_forfeit = false,
        },
        {
                .name = "server",
                .days_per_period = 40,
                .moves_per_period = 10,
                .receipt = CLOCK_RECEIPT_SAME_DAY,
                .weekend_rule = false,
                .holidays = false,
                .vacation_days = 35,
                .vacation_notice = 0,
                .vacation_all_games = true,
                .special_leave_days = 30,
                .reminder_days = 14,
                .transit_days = 0,
                .tl_days = 7,
                .penalty_reminder = 3,
                .penalty_tl = 6,
                .penalty_invalid = 0, /* the server rejects invalid moves */
                .penalty_invalid_repeat = 0,
                .adjudication_months = 18,
                .series_shown = false,
                .auto_forfeit = true, /* DSU 6.3.3.3: the sweep ends the game */
        },
        {
                /* A game of a postal tournament played by e-mail (DSU
                   6.2.1.2: the players may agree to it without the TL):
                   the postal rules with 6.3.2.2's e-mail dates */
                .name = "dsu-post-email",
                .days_per_period = 30, /* DSU 6.3.1, 6.3.3.1 */
                .moves_per_period = 10,
                .receipt = CLOCK_RECEIPT_NEXT_DAY, /* 6.3.2.2 a */
                .weekend_rule = false,             /* 6.3.2.2 b */
                .holidays = true,                  /* 6.3.6.2 */
                .vacation_days = 35,               /* 6.3.6 */
                .vacation_notice = 6,              /* 6.3.6.1 */
                .vacation_all_games = false,
                .special_leave_days = -1, /* 6.3.6.4 */
                .reminder_days = 14,      /* 6.3.4: 14 days + the post both ways, */
                .reminder_from_sent = false,
                .transit_days = 1, /* ... one day each way by e-mail (6.3.2.2 a) */
                .tl_days = 7,
                .penalty_reminder = 3,
                .penalty_tl = 6,
                .penalty_invalid = 3, /* 6.3.5.1 */
                .penalty_invalid_repeat = 6,
                .adjudication_months = 18, /* 6.2.7 */
                .series_shown = true,
                .auto_forfeit = false,
        },
};

const struct clock_profile *clock_profile_find(const char *name)
{
	if (name == NULL)
		return NULL;
	for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
		if (strcmp(builtin[i].name, name) == 0)
			return &builtin[i];
	return NULL;
}

const struct clock_profile *clock_profile_at(size_t i)
{
	return i < sizeof builtin / sizeof builtin[0] ? &builtin[i] : NULL;
}

/* One bounds check of a profile field, for clock_profile_check(). */
static int field(int v, int lo, int hi, const char *name, char *err, size_t errlen)
{
	if (v < lo || v > hi) {
		set_err(err, errlen, "time profile: %s is %d, not in %d..%d", name, v, lo, hi);
		return CC_ERR_INVALID;
	}
	return CC_OK;
}

/* Bounds every field so that no sum in this file can overflow: a period
 * of at most 10000 days, at most 1000 moves, penalties of at most a year.
 * O(1). */
int clock_profile_check(const struct clock_profile *p, char *err, size_t errlen)
{
	int rc;
	if (p == NULL) {
		set_err(err, errlen, "no time profile");
		return CC_ERR_INVALID;
	}
	if ((rc = field(p->days_per_period, 1, 10000, "days_per_period", err, errlen)) ||
	    (rc = field(p->moves_per_period, 1, 1000, "moves_per_period", err, errlen)) ||
	    (rc = field((int)p->receipt, 0, 2, "receipt", err, errlen)) ||
	    (rc = field(p->vacation_days, 0, 366, "vacation_days", err, errlen)) ||
	    (rc = field(p->vacation_notice, 0, 366, "vacation_notice", err, errlen)) ||
	    (rc = field(p->special_leave_days, -1, 366, "special_leave_days", err, errlen)) ||
	    (rc = field(p->reminder_days, 0, 366, "reminder_days", err, errlen)) ||
	    (rc = field(p->transit_days, 0, 60, "transit_days", err, errlen)) ||
	    (rc = field(p->tl_days, 0, 366, "tl_days", err, errlen)) ||
	    (rc = field(p->penalty_reminder, 0, 366, "penalty_reminder", err, errlen)) ||
	    (rc = field(p->penalty_tl, 0, 366, "penalty_tl", err, errlen)) ||
	    (rc = field(p->penalty_invalid, 0, 366, "penalty_invalid", err, errlen)) ||
	    (rc = field(p->penalty_invalid_repeat, 0, 366, "penalty_invalid_repeat", err,
	                errlen)) ||
	    (rc = field(p->adjudication_months, 0, 1200, "adjudication_months", err, errlen)))
		return rc;
	return CC_OK;
}
