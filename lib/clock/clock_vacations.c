/* clock/clock_vacations.c: the tournament year, the days a vacation or TL
 * special leave charges, and the checks of a request (DSU 6.3.6, 6.8.8). */
#include "clock/stops.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Vacations (DSU 6.3.6, 6.8.8)
 */

/* The year index from the calendar years, less one when this year's
 * anniversary of the start is still ahead; O(1). */
int clock_tournament_year(int32_t start, int32_t date, int *year, struct clock_interval *span)
{
	if (!in_range(start) || !in_range(date) || date < start)
		return CC_ERR_RANGE;
	/* DSU 6.3.6: "pr. år, regnet fra turneringsstarten" */
	int k = calendar_year(date) - calendar_year(start);
	int32_t from, next;
	calendar_add_years(start, k, &from);
	if (from > date) {
		k--;
		calendar_add_years(start, k, &from);
	}
	if (calendar_add_years(start, k + 1, &next) != CC_OK)
		next = CALENDAR_MAX_DAY + 1;
	if (year != NULL)
		*year = k;
	if (span != NULL) {
		span->first = from;
		span->last = next - 1;
	}
	return CC_OK;
}

/* Days an interval charges: length less holiday days (DSU 6.3.6.2).  Only
 * holidays are subtracted, so the cursor runs over an empty stop set. */
static int64_t charged(const struct clock_profile *p, int32_t first, int32_t last)
{
	struct stopset none = {.v = NULL, .n = 0};
	struct cursor c;
	none.v = none.local;
	if (last < first)
		return 0;
	if (!p->holidays)
		return (int64_t)last - first + 1;
	cursor_init(&c, &none, true, first);
	return (int64_t)last - first + 1 - cursor_stopped(&c, first, last + 1);
}

/* charged() with the argument checks; O(years spanned). */
int clock_vacation_days(const struct clock_profile *p, struct clock_interval v, int32_t *days)
{
	if (p == NULL || v.last < v.first)
		return CC_ERR_INVALID;
	if (!in_range(v.first) || !in_range(v.last))
		return CC_ERR_RANGE;
	*days = (int32_t)charged(p, v.first, v.last);
	return CC_OK;
}

/* Days the periods charge inside one span (a tournament year). */
static int64_t charged_in(const struct clock_profile *p, const struct clock_interval *taken,
                          size_t n, struct clock_interval span)
{
	int64_t sum = 0;
	for (size_t i = 0; i < n; i++) {
		int32_t a = taken[i].first > span.first ? taken[i].first : span.first;
		int32_t b = taken[i].last < span.last ? taken[i].last : span.last;
		sum += charged(p, a, b);
	}
	return sum;
}

/* The yearly allowance of a kind of stop; -1 = no cap. */
static int allowance_of(const struct clock_profile *p, enum clock_stop_kind kind)
{
	return kind == CLOCK_SPECIAL_LEAVE ? p->special_leave_days : p->vacation_days;
}

/* A player's periods taken: present when counted, in range, not reversed. */
static int check_taken(const struct clock_interval *taken, size_t n)
{
	if (n > 0 && taken == NULL)
		return CC_ERR_INVALID;
	for (size_t i = 0; i < n; i++) {
		if (!in_range(taken[i].first) || !in_range(taken[i].last))
			return CC_ERR_RANGE;
		if (taken[i].last < taken[i].first)
			return CC_ERR_INVALID;
	}
	return CC_OK;
}

/* Finds the tournament year of date and subtracts what the taken periods
 * charge inside it; O(ntaken * years spanned). */
int clock_vacation_remaining(const struct clock_profile *p, enum clock_stop_kind kind,
                             int32_t tournament_start, const struct clock_interval *taken,
                             size_t ntaken, int32_t date, int32_t *remaining)
{
	struct clock_interval span;
	int rc;
	if (p == NULL || (kind != CLOCK_VACATION && kind != CLOCK_SPECIAL_LEAVE))
		return CC_ERR_INVALID;
	if ((rc = check_taken(taken, ntaken)) != CC_OK)
		return rc;
	if ((rc = clock_tournament_year(tournament_start, date, NULL, &span)) != CC_OK)
		return rc;
	int allow = allowance_of(p, kind);
	if (allow < 0) {
		*remaining = -1;
		return CC_OK;
	}
	*remaining = (int32_t)(allow - charged_in(p, taken, ntaken, span));
	return CC_OK;
}

/* Fills out->verdict and err for a refusal. */
static int refuse(struct clock_vacation_check *out, enum clock_vacation_verdict v, char *err,
                  size_t errlen, const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int refuse(struct clock_vacation_check *out, enum clock_vacation_verdict v, char *err,
                  size_t errlen, const char *fmt, ...)
{
	out->verdict = v;
	if (err != NULL && errlen > 0) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return CC_ERR_INVALID;
}

/* Checks in the order a player would want to hear them: the span itself,
 * the tournament start, the notice (DSU 6.3.6.1), overlap with his own
 * periods, then the allowance of each tournament year the request touches
 * (6.3.6, 6.8.8).  Cost O(ntaken * years touched). */
int clock_vacation_check(const struct clock_profile *p, enum clock_stop_kind kind,
                         int32_t tournament_start, const struct clock_interval *taken,
                         size_t ntaken, int32_t notice, struct clock_interval request,
                         struct clock_vacation_check *out, char *err, size_t errlen)
{
	char b1[CALENDAR_ISO_LEN], b2[CALENDAR_ISO_LEN];
	const char *what = kind == CLOCK_SPECIAL_LEAVE ? "special leave" : "vacation";
	int rc;
	out->verdict = CLOCK_VAC_OK;
	out->days = 0;
	out->earliest_first = CLOCK_NO_DATE;
	out->year = 0;
	out->remaining = -1;
	if ((rc = clock_profile_check(p, err, errlen)) != CC_OK)
		return rc;
	if ((kind != CLOCK_VACATION && kind != CLOCK_SPECIAL_LEAVE) ||
	    check_taken(taken, ntaken) != CC_OK || !in_range(tournament_start) ||
	    (notice != CLOCK_NO_DATE && !in_range(notice))) {
		set_err(err, errlen, "bad %s request: kind, periods taken or dates out of range",
		        what);
		return CC_ERR_INVALID;
	}
	if (!in_range(request.first) || !in_range(request.last) || request.last < request.first)
		return refuse(out, CLOCK_VAC_BAD_SPAN, err, errlen,
		              "the %s must end on or after its first day", what);
	out->days = (int32_t)charged(p, request.first, request.last);
	if (request.first < tournament_start)
		return refuse(out, CLOCK_VAC_BEFORE_START, err, errlen,
		              "the %s starts %s, before the tournament starts (%s)", what,
		              iso(request.first, b1), iso(tournament_start, b2));
	clock_tournament_year(tournament_start, request.first, &out->year, NULL);
	clock_vacation_remaining(p, kind, tournament_start, taken, ntaken, request.first,
	                         &out->remaining);
	if (kind == CLOCK_VACATION && notice != CLOCK_NO_DATE) {
		/* DSU 6.3.6.1: "tidligst gælde 6 dage efter" the notice was sent */
		out->earliest_first = notice + p->vacation_notice;
		if (request.first < out->earliest_first)
			return refuse(out, CLOCK_VAC_NOTICE_TOO_SHORT, err, errlen,
			              "notice sent %s: the %s can start %s at the earliest",
			              iso(notice, b1), what, iso(out->earliest_first, b2));
	}
	for (size_t i = 0; i < ntaken; i++)
		if (taken[i].first <= request.last && request.first <= taken[i].last)
			return refuse(out, CLOCK_VAC_OVERLAP, err, errlen,
			              "the %s overlaps the period %s to %s already taken", what,
			              iso(taken[i].first, b1), iso(taken[i].last, b2));
	int allow = allowance_of(p, kind);
	if (allow < 0)
		return CC_OK; /* DSU 6.3.6.4: special leave at the TL's discretion */
	/* DSU 6.3.6: up to 35 days per tournament year, each year on its own */
	int32_t day = request.first;
	while (day <= request.last) {
		struct clock_interval span;
		int year;
		clock_tournament_year(tournament_start, day, &year, &span);
		struct clock_interval part = {day,
		                              request.last < span.last ? request.last : span.last};
		int64_t have = charged_in(p, taken, ntaken, span);
		int64_t want = charged(p, part.first, part.last);
		if (have + want > allow)
			return refuse(out, CLOCK_VAC_TOO_LONG, err, errlen,
			              "the %s takes %lld days of tournament year %d, which has "
			              "%lld of %d left",
			              what, (long long)want, year + 1,
			              (long long)(allow - have < 0 ? 0 : allow - have), allow);
		if (span.last >= CALENDAR_MAX_DAY)
			break;
		day = span.last + 1;
	}
	return CC_OK;
}

/* Each tournament on its own (DSU 6.3.6, 6.8.8); the smallest remainder
 * is the one the player should see. */
int clock_vacation_check_each(const struct clock_profile *p, enum clock_stop_kind kind,
                              const struct clock_vacation_scope *scopes, size_t n, int32_t notice,
                              struct clock_interval request, struct clock_vacation_check *out,
                              size_t *failed, char *err, size_t errlen)
{
	struct clock_vacation_check one;
	if (scopes == NULL || n == 0 || out == NULL) {
		set_err(err, errlen, "no tournament to check the vacation against");
		return CC_ERR_INVALID;
	}
	for (size_t i = 0; i < n; i++) {
		int rc = clock_vacation_check(p, kind, scopes[i].tournament_start, scopes[i].taken,
		                              scopes[i].ntaken, notice, request, &one, err, errlen);
		if (rc != CC_OK) {
			*out = one;
			if (failed != NULL)
				*failed = i;
			return rc;
		}
		if (i == 0)
			*out = one;
		else if (one.remaining >= 0 &&
		         (out->remaining < 0 || one.remaining < out->remaining))
			out->remaining = one.remaining;
	}
	return CC_OK;
}
