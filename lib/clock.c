/* clock.c: the day-based thinking-time engine (DSU 6.3, 6.8; SPEC.md §4).
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
 */
#include "clock.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "status.h"

#define FAR        INT32_MAX /* start of the "no more stops" sentinel */
#define STOP_LOCAL 16        /* stops held on the stack before malloc */
#define MAX_PLIES  (1 << 20) /* half-moves clock_compute() accepts */

/* ------------------------------------------------------------------------
 * Small helpers
 */

static void set_err(char *err, size_t errlen, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
/* printf into the caller's message buffer, if there is one. */
static void set_err(char *err, size_t errlen, const char *fmt, ...)
{
	if (err == NULL || errlen == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

/* A day number as text for messages, in a caller's buffer. */
static const char *iso(int32_t day, char buf[CALENDAR_ISO_LEN])
{
	if (calendar_format(day, buf, CALENDAR_ISO_LEN) != CC_OK)
		snprintf(buf, CALENDAR_ISO_LEN, "(no date)");
	return buf;
}

static bool in_range(int32_t day)
{
	return day >= CALENDAR_MIN_DAY && day <= CALENDAR_MAX_DAY;
}

static int64_t max64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

static int64_t min64(int64_t a, int64_t b)
{
	return a < b ? a : b;
}

/* ------------------------------------------------------------------------
 * Profiles (SPEC.md §4 table)
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
                .vacation_all_games = true, /* 6.8.8: against all remaining opponents */
                .special_leave_days = 30,   /* 6.8.8 */
                .reminder_days = 14,        /* 6.8.3 */
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
                .auto_forfeit = true, /* SPEC 4.6: the sweep ends the game */
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

/* ------------------------------------------------------------------------
 * Calendar rules
 */

int clock_easter_holiday(int year, struct clock_interval *span)
{
	int32_t sunday;
	int rc = calendar_easter(year, &sunday);
	if (rc != CC_OK)
		return rc;
	/* DSU 6.3.6.2: "fra tirsdagen før til tirsdagen efter påske" */
	span->first = sunday - 5;
	span->last = sunday + 2;
	return CC_OK;
}

/* Easter first, then 20-31 December: the order the cursor needs. */
int clock_holidays(int year, struct clock_interval out[2])
{
	int rc = clock_easter_holiday(year, &out[0]);
	if (rc != CC_OK)
		return rc;
	/* DSU 6.3.6.2: "Tiden fra 20/12 til 31/12" */
	calendar_from_ymd(year, 12, 20, &out[1].first);
	out[1].last = out[1].first + 11;
	return CC_OK;
}

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

/* Orders intervals by first day, then last day (for sorting stops). */
static int cmp_interval(const void *a, const void *b)
{
	const struct clock_interval *x = a, *y = b;
	if (x->first != y->first)
		return x->first < y->first ? -1 : 1;
	return (x->last > y->last) - (x->last < y->last);
}

static void stopset_free(struct stopset *s)
{
	if (s->v != s->local)
		free(s->v);
	s->v = s->local;
	s->n = 0;
}

/* Builds a stop set from n intervals in any order.  Cost O(n log n)
 * (insertion sort for the usual handful, qsort beyond).  Fails with
 * CC_ERR_INVALID (last < first, or stops == NULL with n > 0), CC_ERR_RANGE
 * (a day outside the calendar) or CC_ERR_NOMEM; s is then empty and needs
 * no stopset_free(). */
static int stopset_build(struct stopset *s, const struct clock_interval *stops, size_t n, char *err,
                         size_t errlen)
{
	char b1[CALENDAR_ISO_LEN], b2[CALENDAR_ISO_LEN];
	s->v = s->local;
	s->n = 0;
	if (n > 0 && stops == NULL) {
		set_err(err, errlen, "stop list missing");
		return CC_ERR_INVALID;
	}
	for (size_t i = 0; i < n; i++) {
		if (!in_range(stops[i].first) || !in_range(stops[i].last)) {
			set_err(err, errlen, "stop period %zu lies outside the calendar range",
			        i + 1);
			return CC_ERR_RANGE;
		}
		if (stops[i].last < stops[i].first) {
			set_err(err, errlen, "stop period %s:%s ends before it starts",
			        iso(stops[i].first, b1), iso(stops[i].last, b2));
			return CC_ERR_INVALID;
		}
	}
	if (n > STOP_LOCAL) {
		if (n > SIZE_MAX / sizeof *stops || (s->v = malloc(n * sizeof *stops)) == NULL) {
			s->v = s->local;
			set_err(err, errlen, "out of memory for %zu stop periods", n);
			return CC_ERR_NOMEM;
		}
	}
	if (n > 0)
		memcpy(s->v, stops, n * sizeof *stops);
	if (n > 32) {
		qsort(s->v, n, sizeof *s->v, cmp_interval);
	} else {
		for (size_t i = 1; i < n; i++) {
			struct clock_interval x = s->v[i];
			size_t j = i;
			for (; j > 0 && cmp_interval(&s->v[j - 1], &x) > 0; j--)
				s->v[j] = s->v[j - 1];
			s->v[j] = x;
		}
	}
	size_t out = 0;
	for (size_t i = 0; i < n; i++) {
		if (out > 0 && (int64_t)s->v[i].first <= (int64_t)s->v[out - 1].last + 1) {
			if (s->v[i].last > s->v[out - 1].last)
				s->v[out - 1].last = s->v[i].last;
		} else {
			s->v[out++] = s->v[i];
		}
	}
	s->n = out;
	return CC_OK;
}

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
static void hol_load(struct cursor *c)
{
	struct clock_interval two[2];
	if (!c->hol || c->hy > CALENDAR_MAX_YEAR || clock_holidays(c->hy, two) != CC_OK) {
		c->h.first = c->h.last = FAR;
		return;
	}
	c->h = two[c->hk];
}

/* Steps to the next holiday: December after Easter, then next year. */
static void hol_next(struct cursor *c)
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
static struct clock_interval raw_head(struct cursor *c, bool take)
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
static void cursor_next(struct cursor *c)
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
static void cursor_init(struct cursor *c, const struct stopset *s, bool holidays, int32_t from)
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
static int64_t cursor_stopped(struct cursor *c, int32_t a, int32_t b)
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
static int64_t cursor_after(struct cursor *c, int32_t from, int64_t n)
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
static int64_t cost(const struct clock_profile *p, struct cursor *c, int32_t received, int32_t sent)
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
static int64_t cost_after(const struct clock_profile *p, const struct cursor *at, int32_t received,
                          int64_t n)
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
static int64_t plain_after(const struct cursor *at, int32_t from, int64_t n)
{
	struct cursor c = *at;
	if (n <= 0)
		return from;
	return cursor_after(&c, from, n);
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
	if ((rc = stopset_build(&s, stops, nstops, err, errlen)) != CC_OK)
		return rc;
	cursor_init(&c, &s, p->holidays, received);
	int32_t counted = clock_counted_sent(p, received, sent);
	int64_t stopped = cursor_stopped(&c, received, counted);
	out->counted_sent = counted;
	out->calendar = counted - received;
	out->stopped = (int32_t)stopped;
	out->days = (int32_t)(counted - received - stopped); /* DSU 6.3.1, 6.3.6.3 */
	stopset_free(&s);
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
	if ((rc = stopset_build(&s, stops, nstops, err, errlen)) != CC_OK)
		return rc;
	cursor_init(&at, &s, p->holidays, received);
	int64_t d = cost_after(p, &at, received, days);
	stopset_free(&s);
	if (d > CALENDAR_MAX_DAY) {
		set_err(err, errlen, "that date would lie after %d", CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	*date = (int32_t)d;
	return CC_OK;
}

/* ------------------------------------------------------------------------
 * Time control
 */

/* DSU 6.3.3.1 (m = 10, 20, ...) and 6.3.3.2 (any m of a series):
 * floor(m * days / moves), for a checked profile and 1 <= m <= MAX_PLIES
 * (at most 2^20 * 10000, no overflow). */
static int32_t allowance(const struct clock_profile *p, int move)
{
	return (int32_t)((int64_t)move * p->days_per_period / p->moves_per_period);
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

/* ------------------------------------------------------------------------
 * Silence (DSU 6.3.4, 6.8.3)
 */

/* The reminder and TL dates of a move received on `received`.  The
 * reminder is due after max(reminder_days, announced) unstopped days and
 * the transit back; the TL after tl_days more unstopped days.  Results
 * may exceed CALENDAR_MAX_DAY. */
static void silence(const struct clock_profile *p, const struct cursor *at, int32_t received,
                    int announced, int transit, int64_t *rem, int64_t *tl)
{
	int thr = announced > p->reminder_days ? announced : p->reminder_days;
	*rem = plain_after(at, received, thr) + transit;
	*tl = *rem > CALENDAR_MAX_DAY ? *rem : plain_after(at, (int32_t)*rem, p->tl_days);
}

/* The public face of silence(): checks, builds the stop set, answers
 * the two dates or CC_ERR_RANGE past 9999. */
int clock_silence_dates(const struct clock_profile *p, int32_t received, int announced, int transit,
                        const struct clock_interval *stops, size_t nstops, int32_t *reminder,
                        int32_t *tl, char *err, size_t errlen)
{
	struct stopset s;
	struct cursor at;
	int64_t rem, tld;
	int rc = clock_profile_check(p, err, errlen);
	if (rc != CC_OK)
		return rc;
	if (!in_range(received) || announced < 0 || announced > 3660) {
		set_err(err, errlen, "received date or announced days out of range");
		return CC_ERR_RANGE;
	}
	if ((rc = stopset_build(&s, stops, nstops, err, errlen)) != CC_OK)
		return rc;
	cursor_init(&at, &s, p->holidays, received);
	silence(p, &at, received, announced, transit < 0 ? p->transit_days : transit, &rem, &tld);
	stopset_free(&s);
	if (tld > CALENDAR_MAX_DAY) {
		set_err(err, errlen, "the silence dates would lie after %d", CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	*reminder = (int32_t)rem;
	*tl = (int32_t)tld;
	return CC_OK;
}

/* ------------------------------------------------------------------------
 * A whole game
 */

#define NEVER INT64_MAX

/* Running state of one player during clock_compute(). */
struct side {
	int moves;        /* moves made so far */
	int invalid_seen; /* invalid moves so far (postal: the repeat costs 6) */
	int64_t thinking; /* thinking days */
	int64_t penalty;  /* penalty days */
	/* an open run of accepted series moves (DSU 6.3.3.2) */
	bool run_open;
	bool run_covers;  /* it contains a control move */
	int run_m;        /* the last accepted move number */
	int32_t run_sent; /* its date */
	size_t run_ply;   /* its half-move index */
	/* the first failed check */
	bool forfeited;
	int forfeit_move;
	int32_t forfeit_on;
};

struct game_ctx {
	const struct clock_game *g;
	const struct clock_profile *p;
	struct stopset stops;
	int transit;
	bool auto_silence;
};

/* What one half-move costs: thinking days, the penalty, and the inputs of
 * the penalty (for the forfeit date search). */
struct ply_cost {
	int64_t days;
	int64_t fixed;   /* invalid-move penalties (6.3.5.1, 6.8.6) */
	int64_t silence; /* reminder/TL penalties (6.3.4) */
	int thr;         /* days above which silence is punished */
	int64_t rem_eff; /* from this date a reply counts as reminded, or NEVER */
	int64_t tl_eff;  /* ... as TL told, or NEVER */
};

static enum clock_side side_of(const struct clock_game *g, size_t i)
{
	return (enum clock_side)(((size_t)g->first_side + i) & 1);
}

static const char *side_name(enum clock_side s)
{
	return s == CLOCK_WHITE ? "white" : "black";
}

/* The received and sent dates of half-move i, derived and checked: the
 * first move counts from the start date (SPEC 4.1), a missing date
 * follows the receipt rule (6.3.2.2 a), and received >= the opponent's
 * sent >= ... >= start, sent >= received.  CC_ERR_INVALID / CC_ERR_RANGE
 * with the move named. */
static int ply_dates(const struct game_ctx *x, size_t i, int number, int32_t *rcv, int32_t *snt,
                     char *err, size_t errlen)
{
	char b1[CALENDAR_ISO_LEN], b2[CALENDAR_ISO_LEN];
	const struct clock_game *g = x->g;
	const struct clock_move *m = &g->moves[i];
	const char *who = side_name(side_of(g, i));
	int32_t prev = i == 0 ? g->start : g->moves[i - 1].sent;
	int32_t r = m->received;

	if (!in_range(m->sent) || (r != CLOCK_NO_DATE && !in_range(r))) {
		set_err(err, errlen, "%s's move %d: a date lies outside %d..%d", who, number,
		        CALENDAR_MIN_YEAR, CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	if (i == 0) {
		/* SPEC 4.1, API: the first move counts from the start date */
		if (r != CLOCK_NO_DATE && r != g->start) {
			set_err(err, errlen,
			        "%s's move %d: received %s, but the first move counts from the "
			        "start date %s",
			        who, number, iso(r, b1), iso(g->start, b2));
			return CC_ERR_INVALID;
		}
		r = g->start;
	} else if (r == CLOCK_NO_DATE) {
		if (x->p->receipt == CLOCK_RECEIPT_STATED) {
			set_err(err, errlen,
			        "%s's move %d: the received date is missing (postal: the "
			        "receiver states it)",
			        who, number);
			return CC_ERR_INVALID;
		}
		r = x->p->receipt == CLOCK_RECEIPT_NEXT_DAY ? prev + 1 : prev;
	} else if (r < prev) {
		set_err(err, errlen,
		        "%s's move %d: received %s is before the opponent sent it (%s)", who,
		        number, iso(r, b1), iso(prev, b2));
		return CC_ERR_INVALID;
	}
	if (m->sent < r) {
		set_err(err, errlen, "%s's move %d: sent %s is before received %s", who, number,
		        iso(m->sent, b1), iso(r, b2));
		return CC_ERR_INVALID;
	}
	*rcv = r;
	*snt = m->sent;
	return CC_OK;
}

/* Invalid-move penalties for n more invalid moves by a player who has sent
 * `seen` before: the first of the game costs penalty_invalid, each later
 * one penalty_invalid_repeat (DSU 6.3.5.1 "i gentagelsestilfælde 6";
 * 6.8.6: 3 each). */
static int64_t invalid_penalty(const struct clock_profile *p, int seen, int n)
{
	if (n <= 0)
		return 0;
	int first = seen == 0 ? 1 : 0;
	return (int64_t)first * p->penalty_invalid +
	       (int64_t)(n - first) * p->penalty_invalid_repeat;
}

/* The silence-penalty dates of a move received on r with flags and an
 * announcement: a flag makes the penalty apply from r on; with automatic
 * silence the computed reminder / TL dates; otherwise never. */
static void silence_eff(const struct game_ctx *x, const struct cursor *at, int32_t r, int announced,
                        unsigned flags, struct ply_cost *pc)
{
	int64_t rem = NEVER, tl = NEVER;
	pc->thr = announced > x->p->reminder_days ? announced : x->p->reminder_days;
	if (x->auto_silence)
		silence(x->p, at, r, announced, x->transit, &rem, &tl);
	if (flags & (CLOCK_MOVE_REMINDED | CLOCK_MOVE_TL_TOLD))
		rem = r;
	if (flags & CLOCK_MOVE_TL_TOLD)
		tl = r;
	pc->rem_eff = rem;
	pc->tl_eff = tl > rem ? tl : rem; /* the TL comes after the reminder */
}

/* Penalty of a move with thinking time `days` sent on `sent`: DSU 6.3.4,
 * "bruger ... mere end 14 dages betænkningstid ... og denne har sendt
 * rykkerskrivelse": +3, and +6 more when the TL had to be told. */
static int64_t silence_penalty(const struct clock_profile *p, const struct ply_cost *pc,
                               int64_t days, int64_t sent)
{
	if (days <= pc->thr)
		return 0;
	return (sent >= pc->rem_eff ? p->penalty_reminder : 0) +
	       (sent >= pc->tl_eff ? p->penalty_tl : 0);
}

/* Costs half-move i (dates r, s) for player st with the shared,
 * date-ordered cursor c (valid at r; it moves on to s).  The reminder
 * dates are only computed when the move took longer than the threshold,
 * so the usual move costs O(intervals met). */
static void ply_eval(const struct game_ctx *x, size_t i, int32_t r, int32_t s, struct cursor *c,
                     struct side *st, struct ply_cost *pc)
{
	const struct clock_move *m = &x->g->moves[i];
	struct cursor at = *c; /* still valid at r after c moves on */
	pc->days = cost(x->p, c, r, s);
	pc->fixed = invalid_penalty(x->p, st->invalid_seen, m->invalid);
	st->invalid_seen += m->invalid;
	int thr = m->announced > x->p->reminder_days ? m->announced : x->p->reminder_days;
	pc->silence = 0;
	pc->thr = thr;
	pc->rem_eff = pc->tl_eff = NEVER;
	if (pc->days > thr) {
		silence_eff(x, &at, r, m->announced, m->flags, pc);
		pc->silence = silence_penalty(x->p, pc, pc->days, s);
	}
}

/* The first date D >= r on which a move received on r, on top of `base`
 * used days, would bring the total over `limit`, where the total is
 * base + cost(D) + silence penalty(D).  The total is monotone in D, and it
 * exceeds the limit exactly when one of three monotone conditions holds:
 * over without penalty; reminded and over with +3; TL told and over with
 * +3+6.  The answer is the earliest of their first dates, each found by
 * inversion (cost_after), so O(intervals passed). */
static int64_t first_over(const struct game_ctx *x, const struct cursor *at, int32_t r,
                          int64_t base, int64_t limit, const struct ply_cost *pc)
{
	const struct clock_profile *p = x->p;
	int64_t best = cost_after(p, at, r, limit - base + 1);
	if (pc->rem_eff != NEVER) {
		int64_t over_thr = cost_after(p, at, r, (int64_t)pc->thr + 1);
		int64_t d = max64(max64(over_thr, pc->rem_eff),
		                  cost_after(p, at, r, limit - base - p->penalty_reminder + 1));
		best = min64(best, d);
		if (pc->tl_eff != NEVER) {
			d = max64(
			        max64(over_thr, pc->tl_eff),
			        cost_after(p, at, r,
			                   limit - base - p->penalty_reminder - p->penalty_tl + 1));
			best = min64(best, d);
		}
	}
	return best;
}

/* A check failed for player `who` at the limit `limit`, covering his
 * moves up to half-move `upto`: finds the move on which his used time
 * first went over the limit and the date it did.  Replays that player's
 * moves (a rare path: once per game at most).  Returns the date. */
static int32_t forfeit_date_of(const struct game_ctx *x, enum clock_side who, int64_t limit,
                               size_t upto)
{
	struct side st = {0};
	struct ply_cost pc;
	struct cursor c;
	int64_t used = 0;
	cursor_init(&c, &x->stops, x->p->holidays, x->g->start);
	for (size_t i = 0; i <= upto; i++) {
		int32_t r = x->g->start, s = x->g->start;
		if (side_of(x->g, i) != who)
			continue;
		ply_dates(x, i, 0, &r, &s, NULL, 0); /* already validated */
		struct cursor at = c;
		ply_eval(x, i, r, s, &c, &st, &pc);
		int64_t total = used + pc.fixed + pc.days + pc.silence;
		if (total > limit) {
			int64_t d = first_over(x, &at, r, used + pc.fixed, limit, &pc);
			return (int32_t)(d < r ? r : d > s ? s : d);
		}
		used = total;
	}
	return CLOCK_NO_DATE; /* not reached: the check found used > limit */
}

/* The check of one control (DSU 6.3.3.1: "har brugt flere end 30 dage og
 * ikke afsendt sit 10. træk"): over when used > allowance(move).  Only the
 * first failure is kept. */
static void control_check(const struct game_ctx *x, struct side *st, enum clock_side who, int move,
                          size_t upto)
{
	if (st->forfeited)
		return;
	int32_t limit = allowance(x->p, move);
	if (st->thinking + st->penalty > limit) {
		st->forfeited = true;
		st->forfeit_move = move;
		st->forfeit_on = forfeit_date_of(x, who, limit, upto);
	}
}

/* Closes player who's run of accepted series moves: DSU 6.3.3.2, if the
 * run covers a control move the check is at its last move m, with the
 * allowance m * days / moves, and with every day used up to the reply. */
static void close_run(const struct game_ctx *x, struct side *st, enum clock_side who, size_t upto)
{
	if (st->run_open && st->run_covers)
		control_check(x, st, who, st->run_m, upto);
	st->run_open = false;
}

/* Checks the parts of a game that need no dates in order: the profile,
 * the start and today, first_side, the sizes, the pending move's numbers.
 * The move dates are checked move by move in ply_dates().  O(nmoves). */
static int validate_game(const struct clock_game *g, char *err, size_t errlen)
{
	int rc;
	if (g == NULL) {
		set_err(err, errlen, "no game");
		return CC_ERR_INVALID;
	}
	if ((rc = clock_profile_check(g->profile, err, errlen)) != CC_OK)
		return rc;
	if (!in_range(g->start) || (g->today != CLOCK_NO_DATE && !in_range(g->today))) {
		set_err(err, errlen, "the start date or today lies outside %d..%d",
		        CALENDAR_MIN_YEAR, CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	if (g->first_side != CLOCK_WHITE && g->first_side != CLOCK_BLACK) {
		set_err(err, errlen, "first_side is neither white nor black");
		return CC_ERR_INVALID;
	}
	if (g->nmoves > MAX_PLIES) {
		set_err(err, errlen, "too many moves (%zu)", g->nmoves);
		return CC_ERR_RANGE;
	}
	if (g->nmoves > 0 && g->moves == NULL) {
		set_err(err, errlen, "move list missing");
		return CC_ERR_INVALID;
	}
	if (g->pending.announced < 0 || g->pending.announced > 3660 || g->pending.invalid < 0 ||
	    g->pending.invalid > 1000 || g->pending.series_last < 0 ||
	    g->pending.series_last > MAX_PLIES || g->transit_days > 60) {
		set_err(err, errlen, "pending move or transit out of range");
		return CC_ERR_RANGE;
	}
	for (size_t i = 0; i < g->nmoves; i++)
		if (g->moves[i].announced < 0) {
			set_err(err, errlen, "move %zu: negative announced days", i + 1);
			return CC_ERR_RANGE;
		}
	return CC_OK;
}

/* The clock of the side to move: next control (with a pending series
 * covering it, DSU 6.3.3.2), forfeit date, silence dates, running days. */
static int pending_clock(const struct game_ctx *x, struct side *st, struct clock_player *out,
                         struct clock_result *res, char *err, size_t errlen)
{
	char b1[CALENDAR_ISO_LEN], b2[CALENDAR_ISO_LEN];
	const struct clock_game *g = x->g;
	const struct clock_profile *p = x->p;
	int32_t last = g->nmoves == 0 ? g->start : g->moves[g->nmoves - 1].sent;
	int32_t r = g->pending.received;

	if (r == CLOCK_NO_DATE) {
		if (g->nmoves == 0)
			r = g->start; /* SPEC 4.1: the first move counts from the start */
		else if (p->receipt == CLOCK_RECEIPT_NEXT_DAY)
			r = last + 1;
		else if (p->receipt == CLOCK_RECEIPT_SAME_DAY)
			r = last;
		else
			r = last + x->transit; /* postal: not stated yet, estimated */
	} else if (!in_range(r)) {
		set_err(err, errlen, "the pending received date lies outside the calendar");
		return CC_ERR_RANGE;
	} else if (r < last) {
		set_err(err, errlen, "the pending received date %s is before %s", iso(r, b1),
		        iso(last, b2));
		return CC_ERR_INVALID;
	}
	res->pending_received = r;

	int k = st->moves + 1;
	int control = clock_next_control(p, k);
	/* DSU 6.3.3.2: a series reaching a control move, or one whose
	   accepted moves have passed a control already, is judged at its last
	   proposed move. */
	if (g->pending.series_last >= control || (st->run_open && st->run_covers))
		control = g->pending.series_last;
	int32_t limit = allowance(p, control);
	out->next_control = control;
	out->limit_days = limit;

	struct ply_cost pc = {0};
	struct cursor at; /* one positioned cursor for all the questions below */
	cursor_init(&at, &x->stops, p->holidays, r);
	int64_t base = st->thinking + st->penalty +
	               invalid_penalty(p, st->invalid_seen, g->pending.invalid);
	silence_eff(x, &at, r, g->pending.announced, g->pending.flags, &pc);
	int64_t rem, tl;
	silence(p, &at, r, g->pending.announced, x->transit, &rem, &tl);
	int64_t fd = first_over(x, &at, r, base, limit, &pc);
	if (fd > CALENDAR_MAX_DAY || tl > CALENDAR_MAX_DAY) {
		set_err(err, errlen, "the %s clock runs past the year %d",
		        side_name((enum clock_side)res->to_move), CALENDAR_MAX_YEAR);
		return CC_ERR_RANGE;
	}
	out->forfeit_date = (int32_t)fd;
	out->reminder_date = (int32_t)rem;
	out->tl_date = (int32_t)tl;
	if (g->today != CLOCK_NO_DATE && g->today >= r) {
		struct cursor c = at;
		out->running_days = (int32_t)cost(p, &c, r, g->today);
	}
	/* DSU 6.3.3.1: over the limit before the control move was sent */
	if (!st->forfeited && g->today != CLOCK_NO_DATE && g->today >= fd) {
		st->forfeited = true;
		st->forfeit_move = control;
		st->forfeit_on = (int32_t)fd;
	}
	return CC_OK;
}

/* The single pass: each half-move is dated, costed with the shared
 * cursor, added to its player, and checked at the controls; runs of
 * accepted series moves defer their check to the run's end (including a
 * reply sent the same day).  Then the side to move gets its dates. */
int clock_compute(const struct clock_game *g, struct clock_result *res, struct clock_ply *plies,
                  char *err, size_t errlen)
{
	struct game_ctx x;
	struct side sd[2];
	struct cursor c;
	int rc = validate_game(g, err, errlen);
	if (rc != CC_OK)
		return rc;
	if (res == NULL) {
		set_err(err, errlen, "no result struct");
		return CC_ERR_INVALID;
	}
	x.g = g;
	x.p = g->profile;
	x.transit = g->transit_days >= 0 ? g->transit_days : g->profile->transit_days;
	x.auto_silence = (g->flags & CLOCK_GAME_AUTO_SILENCE) != 0;
	if ((rc = stopset_build(&x.stops, g->stops, g->nstops, err, errlen)) != CC_OK)
		return rc;
	memset(sd, 0, sizeof sd);
	memset(res, 0, sizeof *res);
	cursor_init(&c, &x.stops, x.p->holidays, g->start);

	const int per = x.p->moves_per_period;
	for (size_t i = 0; i < g->nmoves; i++) {
		enum clock_side who = side_of(g, i);
		struct side *st = &sd[who];
		const struct clock_move *m = &g->moves[i];
		int32_t r = 0, s = 0;
		struct ply_cost pc;
		if ((rc = ply_dates(&x, i, st->moves + 1, &r, &s, err, errlen)) != CC_OK)
			goto fail;
		bool accepted = (m->flags & CLOCK_MOVE_ACCEPTED) != 0;
		/* a run ends at the first own move that is not an accepted one; a
		   reply sent with the run belongs to its check (6.3.3.2) */
		bool close_after = false;
		if (st->run_open && !accepted) {
			if (s == st->run_sent)
				close_after = true;
			else
				close_run(&x, st, who, st->run_ply);
		}
		ply_eval(&x, i, r, s, &c, st, &pc);
		st->thinking += pc.days;
		st->penalty += pc.fixed + pc.silence;
		st->moves++;
		if (plies != NULL) {
			plies[i].side = who;
			plies[i].number = st->moves;
			plies[i].received = r;
			plies[i].sent = s;
			plies[i].days = (int32_t)pc.days;
			plies[i].penalty = (int32_t)(pc.fixed + pc.silence);
			plies[i].used = (int32_t)min64(st->thinking + st->penalty, INT32_MAX);
		}
		if (close_after)
			close_run(&x, st, who, i);
		if (accepted) {
			if (!st->run_open) {
				st->run_open = true;
				st->run_covers = false;
			}
			st->run_m = st->moves;
			st->run_sent = s;
			st->run_ply = i;
			if (st->moves % per == 0)
				st->run_covers = true;
		} else if (st->moves % per == 0) {
			control_check(&x, st, who, st->moves, i); /* DSU 6.3.3.1 */
		}
	}
	bool finished = (g->flags & CLOCK_GAME_FINISHED) != 0;
	int to_move = finished ? -1 : (int)side_of(g, g->nmoves);
	for (int w = 0; w < 2; w++) {
		/* DSU 6.3.3.2: while the series still proposes later moves of
		   the side to move, his run of accepted moves is not over and
		   its check waits for the last move he accepts. */
		if (w == to_move && sd[w].run_open && g->pending.series_last > sd[w].moves)
			continue;
		close_run(&x, &sd[w], (enum clock_side)w, sd[w].run_ply);
	}
	res->to_move = to_move;
	res->pending_received = CLOCK_NO_DATE;
	for (int w = 0; w < 2; w++) {
		struct clock_player *o = &res->player[w];
		o->next_control = clock_next_control(x.p, sd[w].moves + 1);
		o->limit_days = allowance(x.p, o->next_control);
		o->forfeit_date = o->reminder_date = o->tl_date = CLOCK_NO_DATE;
		o->running_days = 0;
	}
	if (!finished) {
		int w = res->to_move;
		if ((rc = pending_clock(&x, &sd[w], &res->player[w], res, err, errlen)) != CC_OK)
			goto fail;
	}
	for (int w = 0; w < 2; w++) {
		struct clock_player *o = &res->player[w];
		int64_t used = sd[w].thinking + sd[w].penalty;
		if (used > INT32_MAX) {
			set_err(err, errlen, "the %s clock overflows",
			        side_name((enum clock_side)w));
			rc = CC_ERR_RANGE;
			goto fail;
		}
		o->moves = sd[w].moves;
		o->thinking_days = (int32_t)sd[w].thinking;
		o->penalty_days = (int32_t)sd[w].penalty;
		o->used_days = (int32_t)used;
		o->left_days = o->limit_days - o->used_days;
		o->forfeited = sd[w].forfeited;
		o->forfeit_move = sd[w].forfeited ? sd[w].forfeit_move : 0;
		o->forfeit_on = sd[w].forfeited ? sd[w].forfeit_on : CLOCK_NO_DATE;
	}
	/* DSU 6.2.7: unfinished after 18 months, the TL may call it in */
	if (calendar_add_months(g->start, x.p->adjudication_months, &res->adjudication_date) !=
	    CC_OK)
		res->adjudication_date = CALENDAR_MAX_DAY;
	res->adjudication_due =
	        !finished && g->today != CLOCK_NO_DATE && g->today >= res->adjudication_date;
	stopset_free(&x.stops);
	return CC_OK;
fail:
	stopset_free(&x.stops);
	return rc;
}

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

/* Days an interval charges: length less holiday days (SPEC 4.4).  Only
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
