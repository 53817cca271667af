/* clock/move.c: one move - its receipt date, its thinking days, the date
 * a count of days runs out, the time-control allowance and the silence
 * deadlines (DSU 6.3.1-6.3.4, 6.8.3, 6.8.6). */
#include "clock/stops.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* DSU 6.3.2.2 a / 6.8.6 for e-mail; the server counts the day of the
 * move; postal play has no rule to apply (the receiver states it). */
int clock_receipt_date(const struct clock_profile *p, int32_t opponent_sent, int32_t *received,
                       char *err, size_t errlen)
{
	if (p == NULL) {
		set_err(err, errlen, "no time profile");
		return CC_ERR_INVALID;
	}
	if (!in_range(opponent_sent)) {
		set_err(err, errlen, "the sent date is outside the calendar range");
		return CC_ERR_RANGE;
	}
	switch (p->receipt) {
	case CLOCK_RECEIPT_NEXT_DAY: /* DSU 6.3.2.2 a, 6.8.6 */
		*received = opponent_sent + 1;
		return CC_OK;
	case CLOCK_RECEIPT_SAME_DAY:
		*received = opponent_sent;
		return CC_OK;
	case CLOCK_RECEIPT_STATED:
		break;
	}
	set_err(err, errlen, "in postal play the receiver states the receipt date");
	return CC_ERR_INVALID;
}

/* The weekend rule (postal only); O(1). */
int32_t clock_counted_sent(const struct clock_profile *p, int32_t received, int32_t sent)
{
	/* DSU 6.3.2.1: "lørdag-søndag kun beregnes som én dag" - a card posted
	   on Sunday counts as posted on Saturday. */
	if (p->weekend_rule && calendar_weekday(sent) == CALENDAR_SUNDAY && sent - 1 >= received)
		return sent - 1;
	return sent;
}

/* ------------------------------------------------------------------------
 * One move
 */

/* Validates, builds the stop set and counts the stopped days of
 * [received, counted sent) with one cursor: O(n log n + years). */
int clock_move_days(const struct clock_profile *p, int32_t received, int32_t sent,
                    const struct clock_interval *stops, size_t nstops, struct clock_days *out,
                    char *err, size_t errlen)
{
	char b1[CALENDAR_ISO_LEN], b2[CALENDAR_ISO_LEN];
	struct stopset s;
	struct cursor c;
	int rc = clock_profile_check(p, err, errlen);
	if (rc != CC_OK)
		return rc;
	if (!in_range(received) || !in_range(sent)) {
		set_err(err, errlen, "a date lies outside %d..%d", CALENDAR_MIN_YEAR,
		        CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	if (sent < received) {
		set_err(err, errlen, "sent %s is before received %s", iso(sent, b1),
		        iso(received, b2));
		return CC_ERR_INVALID;
	}
	if ((rc = clock_stopset_build(&s, stops, nstops, err, errlen)) != CC_OK)
		return rc;
	cursor_init(&c, &s, p->holidays, received);
	int32_t counted = clock_counted_sent(p, received, sent);
	int64_t stopped = cursor_stopped(&c, received, counted);
	out->counted_sent = counted;
	out->calendar = counted - received;
	out->stopped = (int32_t)stopped;
	out->days = (int32_t)(counted - received - stopped); /* DSU 6.3.1, 6.3.6.3 */
	clock_stopset_free(&s);
	return CC_OK;
}

/* Builds the stop set, positions one cursor at received and walks the
 * gaps (cost_after); fails on bad input or a date past 9999. */
int clock_date_after(const struct clock_profile *p, int32_t received, int32_t days,
                     const struct clock_interval *stops, size_t nstops, int32_t *date, char *err,
                     size_t errlen)
{
	struct stopset s;
	struct cursor at;
	int rc = clock_profile_check(p, err, errlen);
	if (rc != CC_OK)
		return rc;
	if (!in_range(received)) {
		set_err(err, errlen, "the received date lies outside %d..%d", CALENDAR_MIN_YEAR,
		        CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	if ((rc = clock_stopset_build(&s, stops, nstops, err, errlen)) != CC_OK)
		return rc;
	cursor_init(&at, &s, p->holidays, received);
	int64_t d = cost_after(p, &at, received, days);
	clock_stopset_free(&s);
	if (d > CALENDAR_MAX_DAY) {
		set_err(err, errlen, "that date would lie after %d", CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	*date = (int32_t)d;
	return CC_OK;
}
int clock_allowance(const struct clock_profile *p, int move, int32_t *limit)
{
	if (p == NULL || clock_profile_check(p, NULL, 0) != CC_OK || move < 1 || move > MAX_PLIES)
		return CC_ERR_RANGE;
	*limit = allowance(p, move);
	return CC_OK;
}

int clock_next_control(const struct clock_profile *p, int move)
{
	int per = p->moves_per_period;
	if (move < 1)
		move = 1;
	return (move + per - 1) / per * per; /* DSU 6.3.3: "ved hvert 10. træk" */
}
/* The public face of silence(): checks, builds the stop set, answers
 * the two dates or CC_ERR_RANGE past 9999. */
int clock_silence_dates(const struct clock_profile *p, int32_t received, int32_t opponent_sent,
                        int announced, int transit, const struct clock_interval *stops,
                        size_t nstops, int32_t *reminder, int32_t *tl, char *err, size_t errlen)
{
	struct stopset s;
	struct cursor at, from;
	int64_t rem, tld;
	int rc = clock_profile_check(p, err, errlen);
	if (rc != CC_OK)
		return rc;
	if (opponent_sent == CLOCK_NO_DATE)
		opponent_sent = received;
	if (!in_range(received) || !in_range(opponent_sent) || opponent_sent > received ||
	    announced < 0 || announced > 3660) {
		set_err(err, errlen,
		        "received or sent date (not after received) or announced days out of "
		        "range");
		return CC_ERR_RANGE;
	}
	if ((rc = clock_stopset_build(&s, stops, nstops, err, errlen)) != CC_OK)
		return rc;
	cursor_init(&at, &s, p->holidays, received);
	cursor_init(&from, &s, p->holidays, opponent_sent);
	silence(p, &at, &from, received, opponent_sent, announced,
	        transit < 0 ? p->transit_days : transit, &rem, &tld);
	clock_stopset_free(&s);
	if (tld > CALENDAR_MAX_DAY) {
		set_err(err, errlen, "the silence dates would lie after %d", CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	*reminder = (int32_t)rem;
	*tl = (int32_t)tld;
	return CC_OK;
}
