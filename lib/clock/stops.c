/* clock/stops.c: the mandatory holidays (DSU 6.3.6.2) and the stop sets
 * the cursor of clock/stops.h walks. */
#include "clock/stops.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

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

/* Orders intervals by first day, then last day (for sorting stops). */
static int cmp_interval(const void *a, const void *b)
{
	const struct clock_interval *x = a, *y = b;
	if (x->first != y->first)
		return x->first < y->first ? -1 : 1;
	return (x->last > y->last) - (x->last < y->last);
}

void clock_stopset_free(struct stopset *s)
{
	if (s->v != s->local)
		free(s->v);
	s->v = s->local;
	s->n = 0;
}

/* See clock/stops.h; insertion sort for the usual handful, qsort beyond. */
int clock_stopset_build(struct stopset *s, const struct clock_interval *stops, size_t n, char *err,
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
