/* corr/corr_deadlines.c: the next dates of a game (corr/corr_deadlines.h). */
#include "corr/corr_deadlines.h"

#include <stdbool.h>
#include <string.h>

#include "clock/calendar.h"
#include "util/status.h"

static const char *const names[CORR_DEADLINE_KINDS] = {"reminder", "tl_notice", "forfeit",
                                                       "adjudication", "time_trouble"};

const char *corr_deadline_name(enum corr_deadline_kind k)
{
	return (unsigned)k < CORR_DEADLINE_KINDS ? names[k] : NULL;
}

int corr_deadline_kind_of(const char *name)
{
	for (int k = 0; name && k < CORR_DEADLINE_KINDS; k++)
		if (strcmp(names[k], name) == 0)
			return k;
	return -1;
}

/* docs/NOTIFY.md: the alarm test of the sweep on day `day` - sent that
 * day, the move leaves at most a fifth of the allowance (what is left is
 * counted from the day to the eve of the forfeit date).  The count falls
 * as the day moves on, so the test, once true, stays true. */
static bool in_trouble(const struct corr_game *g, const struct clock_player *p, int32_t day)
{
	struct clock_days cd;
	if (clock_move_days(g->profile, day, p->forfeit_date - 1, g->stops, g->nstops, &cd, NULL,
	                    0) != CC_OK ||
	    cd.days > p->limit_days)
		return false;
	return (int64_t)(p->limit_days - cd.days) * 5 >= (int64_t)p->limit_days * 4;
}

/* Binary search between the start of the game and the eve of the
 * forfeit date: O(log days) counts. */
static int32_t corr_time_trouble_date(const struct corr_game *g, const struct clock_result *res)
{
	int s = res->to_move;
	if (s < 0)
		return CLOCK_NO_DATE;
	const struct clock_player *p = &res->player[s];
	if (p->forfeited || p->limit_days <= 0)
		return CLOCK_NO_DATE;
	if (p->forfeit_date == CLOCK_NO_DATE)
		return g->start; /* no date to count back from: look every day */
	int32_t lo = g->start, hi = p->forfeit_date - 1;
	if (hi < lo || !in_trouble(g, p, hi))
		return CLOCK_NO_DATE; /* the forfeit comes first */
	while (lo < hi) {
		int32_t mid = lo + (hi - lo) / 2;
		if (in_trouble(g, p, mid))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

static void add(struct corr_deadline *out, int *n, enum corr_deadline_kind kind, int side,
                int32_t due)
{
	if (due == CLOCK_NO_DATE)
		return;
	out[*n].kind = kind;
	out[*n].side = side;
	out[*n].due = due;
	(*n)++;
}

/* Whether res, a clock of g on some day, gives the dates of the clock
 * without a day.  The day adds the running days, adjudication_due and,
 * once it reaches the pending move's forfeit date, marks the side to
 * move forfeited on that date (lib/clock clock_game.c, DSU 6.3.3.1);
 * nothing else.  So a clock whose side to move is not forfeited has the
 * same dates; one whose side to move is forfeited may owe it to the day
 * (the reminder and TL dates are then left out) and is not used. */
static bool dayless(const struct clock_result *res)
{
	return res->to_move < 0 || !res->player[res->to_move].forfeited;
}

int corr_deadlines(const struct corr_game *g, struct corr_deadline *out, struct corr_error *e)
{
	return corr_deadlines_from(g, NULL, out, e);
}

/* One clock computation without a today (or the caller's clock of the
 * same game, when its day changes none of the dates: dayless()). */
int corr_deadlines_from(const struct corr_game *g, const struct clock_result *now,
                        struct corr_deadline *out, struct corr_error *e)
{
	if (g->state.status != CORR_ACTIVE)
		return 0;
	struct clock_result own;
	if (!now || !dayless(now)) {
		int rc = corr_clock(g, CLOCK_NO_DATE, &own, NULL, e);
		if (rc != CC_OK)
			return rc;
		now = &own;
	}
	const struct clock_result res = *now;
	int n = 0, s = res.to_move;
	for (int side = CLOCK_WHITE; side <= CLOCK_BLACK; side++) {
		const struct clock_player *p = &res.player[side];
		if (p->forfeited) /* DSU 6.3.3.1, 6.3.3.2: a check made failed */
			add(out, &n, CORR_DEADLINE_FORFEIT, side, p->forfeit_on);
		else if (side == s) /* DSU 6.3.3.3: the move can no longer come in time */
			add(out, &n, CORR_DEADLINE_FORFEIT, side, p->forfeit_date);
	}
	if (s < 0)
		return n;
	if (!res.player[s].forfeited) {
		/* DSU 6.3.4, 6.8.3: the silence of the player to move. */
		add(out, &n, CORR_DEADLINE_REMINDER, s, res.player[s].reminder_date);
		add(out, &n, CORR_DEADLINE_TL_NOTICE, s, res.player[s].tl_date);
	}
	add(out, &n, CORR_DEADLINE_ADJUDICATION, s, res.adjudication_date); /* DSU 6.2.7 */
	add(out, &n, CORR_DEADLINE_TIME_TROUBLE, s, corr_time_trouble_date(g, &res));
	return n;
}
