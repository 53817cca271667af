/* clock/stops.h: internal to lib/clock (no other code includes it).  The
 * caller's stops as a sorted, coalesced set, and the cursor that merges
 * them with the mandatory holidays (DSU 6.3.6.2) on demand.
 *
 * The one idea: a count of thinking days is "days in the span minus stopped
 * days in the span", and the stopped days form a sorted sequence of
 * disjoint intervals that a cursor produces on demand by merging two
 * sorted streams:
 *   - the caller's stops (vacations of both players, TL special leave),
 *     copied, sorted and coalesced once per call;
 *   - the mandatory holidays, generated lazily, two intervals per year
 *     (Easter Tuesday-to-Tuesday, then 20-31 December; DSU 6.3.6.2).
 * No loop ever steps over single days, so the cost of a count is the
 * number of intervals it meets, not the number of days it spans.
 *
 * The cursor functions are static inline: they are the inner loop of
 * every count, and each file of lib/clock gets its own inlined copy.
 */
#ifndef CORRCHESS_CLOCK_STOPS_H
#define CORRCHESS_CLOCK_STOPS_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "clock/clock.h"
#include "util/status.h"

#define FAR        INT32_MAX /* start of the "no more stops" sentinel */
#define STOP_LOCAL 16        /* stops held on the stack before malloc */
#define MAX_PLIES  (1 << 20) /* half-moves clock_compute() accepts */

/* ------------------------------------------------------------------------
 * Small helpers
 */

static inline void set_err(char *err, size_t errlen, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
/* printf into the caller's message buffer, if there is one. */
static inline void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	if (err == NULL || errlen == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* A day number as text for messages, in a caller's buffer. */
static inline const char *iso(int32_t day, char buf[CALENDAR_ISO_LEN])
{
	if (calendar_format(day, buf, CALENDAR_ISO_LEN) != CC_OK)
		snprintf(buf, CALENDAR_ISO_LEN, "(no date)");
	return buf;
}

static inline bool in_range(int32_t day)
{
	return day >= CALENDAR_MIN_DAY && day <= CALENDAR_MAX_DAY;
}

static inline int64_t max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

static inline int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

/* ------------------------------------------------------------------------
 * Stop sets and the merging cursor
 */

/* The caller's stops, validated, sorted by first day and coalesced
 * (overlapping or touching intervals merged), so that both first and last
 * increase strictly along the array. */
struct stopset {
	struct clock_interval *v;
	size_t n;
	struct clock_interval local[STOP_LOCAL];
};

/* Builds a stop set from n intervals in any order (clock/stops.c).  Cost
 * O(n log n).  Fails with CC_ERR_INVALID (last < first, or stops == NULL
 * with n > 0), CC_ERR_RANGE (a day outside the calendar) or CC_ERR_NOMEM;
 * s is then empty and needs no clock_stopset_free(). */
int clock_stopset_build(struct stopset *s, const struct clock_interval *stops, size_t n, char *err,
                        size_t errlen);
/* Frees what clock_stopset_build() allocated; s is then empty. */
void clock_stopset_free(struct stopset *s);

/* A cursor over the union of a stop set and (optionally) the mandatory
 * holidays, producing maximal disjoint intervals in date order.  `cur` is
 * the current interval; {FAR, FAR} when nothing is left. */
struct cursor {
	const struct clock_interval *v; /* coalesced stops */
	size_t nv, iv;                  /* count, next unread */
	bool hol;                       /* generate holidays */
	int hy, hk;                     /* next holiday: year, 0 Easter / 1 December */
	struct clock_interval h;        /* that holiday, or {FAR, FAR} */
	struct clock_interval cur;
};

/* Loads the holiday (hy, hk).  Past the calendar's last year there are no
 * more (the callers then fail with CC_ERR_RANGE anyway). */
static inline void hol_load(struct cursor *c)
{
	struct clock_interval two[2];
	if (!c->hol || c->hy > CALENDAR_MAX_YEAR || clock_holidays(c->hy, two) != CC_OK) {
		c->h.first = c->h.last = FAR;
		return;
	}
	c->h = two[c->hk];
}

/* Steps to the next holiday: December after Easter, then next year. */
static inline void hol_next(struct cursor *c)
{
	if (c->hk == 0) {
		c->hk = 1;
	} else {
		c->hk = 0;
		c->hy++;
	}
	hol_load(c);
}

/* The raw interval that starts first among the two streams' heads; with
 * take, also consumes it. */
static inline struct clock_interval raw_head(struct cursor *c, bool take)
{
	struct clock_interval far = {FAR, FAR};
	bool have_v = c->iv < c->nv;
	if (have_v && (c->h.first == FAR || c->v[c->iv].first <= c->h.first)) {
		struct clock_interval x = c->v[c->iv];
		if (take)
			c->iv++;
		return x;
	}
	if (c->h.first != FAR) {
		struct clock_interval x = c->h;
		if (take)
			hol_next(c);
		return x;
	}
	return far;
}

/* Advances cur to the next maximal interval: takes the earliest head and
 * swallows every head that overlaps or touches it.  Amortised O(1) per
 * raw interval. */
static inline void cursor_next(struct cursor *c)
{
	struct clock_interval x = raw_head(c, true);
	if (x.first != FAR) {
		for (;;) {
			struct clock_interval y = raw_head(c, false);
			if (y.first == FAR || (int64_t)y.first > (int64_t)x.last + 1)
				break;
			raw_head(c, true);
			if (y.last > x.last)
				x.last = y.last;
		}
	}
	c->cur = x;
}

/* Positions a cursor on the first interval that ends on or after `from`:
 * a binary search in the stops, the holidays from from's year on.
 * O(log n + 1). */
static inline void cursor_init(struct cursor *c, const struct stopset *s, bool holidays,
                               int32_t from)
{
	size_t lo = 0, hi = s->n;
	while (lo < hi) { /* first stop with last >= from */
		size_t mid = lo + (hi - lo) / 2;
		if (s->v[mid].last < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	c->v = s->v;
	c->nv = s->n;
	c->iv = lo;
	c->hol = holidays;
	c->hy = calendar_year(from);
	c->hk = 0;
	hol_load(c);
	while (c->h.last < from) /* at most the two holidays of that year */
		hol_next(c);
	cursor_next(c);
}

/* Stopped days in [a, b), for a cursor whose earlier queries all ended at
 * or before a (queries must come in date order).  An interval reaching
 * past b stays current for the next query.  O(intervals met). */
static inline int64_t cursor_stopped(struct cursor *c, int32_t a, int32_t b)
{
	int64_t total = 0;
	while (c->cur.last < a)
		cursor_next(c);
	while (c->cur.first < b) {
		int64_t lo = max64(c->cur.first, a);
		int64_t hi = min64((int64_t)c->cur.last + 1, b);
		if (hi > lo)
			total += hi - lo;
		if (c->cur.last >= b)
			break;
		cursor_next(c);
	}
	return total;
}

/* The first date D >= from with at least n unstopped days in [from, D):
 * walks the gaps between intervals, subtracting their lengths from n.
 * from itself when n <= 0.  The result may exceed CALENDAR_MAX_DAY (the
 * callers check).  O(intervals passed). */
static inline int64_t cursor_after(struct cursor *c, int32_t from, int64_t n)
{
	int64_t pos = from;
	if (n <= 0)
		return from;
	for (;;) {
		while (c->cur.last < pos)
			cursor_next(c);
		int64_t gap = (int64_t)c->cur.first - pos; /* huge when FAR */
		if (gap >= n)
			return pos + n;
		if (gap > 0)
			n -= gap;
		pos = (int64_t)c->cur.last + 1;
		cursor_next(c);
	}
}

/* Thinking time of [received, sent) with the weekend rule; `c` may be a
 * shared cursor (queries in date order) or a fresh one. */
static inline int64_t cost(const struct clock_profile *p, struct cursor *c, int32_t received,
                           int32_t sent)
{
	int32_t counted = clock_counted_sent(p, received, sent);
	return (int64_t)counted - received - cursor_stopped(c, received, counted);
}

/* The queries below take a cursor "valid at" their start date: one that
 * was initialised at or before it, or a shared cursor whose queries all
 * ended at or before it (so it has passed no interval that matters).
 * They work on a copy, so one positioned cursor serves many questions
 * about the same move without another binary search and Easter. */

/* The first sent date whose cost is at least n: cursor_after(), then a
 * Sunday moves to Monday under the weekend rule (on a Sunday the cost is
 * Saturday's, which is short of n by construction). */
static inline int64_t cost_after(const struct clock_profile *p, const struct cursor *at,
                                 int32_t received, int64_t n)
{
	struct cursor c = *at;
	if (n <= 0)
		return received;
	int64_t d = cursor_after(&c, received, n);
	if (p->weekend_rule && d <= CALENDAR_MAX_DAY &&
	    calendar_weekday((int32_t)d) == CALENDAR_SUNDAY)
		d++;
	return d;
}

/* The first date with n unstopped days since `from`, no weekend rule (for
 * the silence deadlines, which are not postmarks). */
static inline int64_t plain_after(const struct cursor *at, int32_t from, int64_t n)
{
	struct cursor c = *at;
	if (n <= 0)
		return from;
	return cursor_after(&c, from, n);
}
/* ------------------------------------------------------------------------
 * Time control
 */

/* DSU 6.3.3.1 (m = 10, 20, ...) and 6.3.3.2 (any m of a series):
 * floor(m * days / moves), for a checked profile and 1 <= m <= MAX_PLIES
 * (at most 2^20 * 10000, no overflow). */
static inline int32_t allowance(const struct clock_profile *p, int move)
{
	return (int32_t)((int64_t)move * p->days_per_period / p->moves_per_period);
}

/* ------------------------------------------------------------------------
 * Silence (DSU 6.3.4, 6.8.3)
 */

/* The reminder and TL dates of a move received on `received` (cursor
 * `at` there), answering a move sent on `sent` (cursor `from` there; may
 * be `at` when sent is received).  DSU 6.3.4: reminder_days unstopped
 * days and the transit back; 6.8.3 (reminder_from_sent): reminder_days
 * unstopped days after the waiting player's mail; a notice of `announced`
 * days: not before those days and the transit back have passed.  The TL
 * after tl_days more unstopped days.  Results may exceed CALENDAR_MAX_DAY. */
static inline void silence(const struct clock_profile *p, const struct cursor *at,
                           const struct cursor *from, int32_t received, int32_t sent, int announced,
                           int transit, int64_t *rem, int64_t *tl)
{
	if (p->reminder_from_sent)
		*rem = plain_after(from, sent, p->reminder_days); /* 6.8.3 "efter 14 dage" */
	else
		*rem = plain_after(at, received, p->reminder_days) + transit; /* 6.3.4 */
	if (announced > 0) { /* 6.3.4: the announced days, then the post */
		int64_t a = plain_after(at, received, announced) + transit;
		*rem = a > *rem ? a : *rem;
	}
	*tl = *rem > CALENDAR_MAX_DAY ? *rem : plain_after(at, (int32_t)*rem, p->tl_days);
}

#endif
