/* fuzz_date.c: dates in, thinking days out.
 *
 * The whole input goes through calendar_parse() first.  Then it is read
 * as blank-separated tokens: a token that calendar_parse() takes is a
 * date; a signed number ("+40", "-1", "+3000000") is the previous date
 * plus that many days, which reaches day numbers outside the calendar
 * (and any int32_t) on purpose; anything else is skipped.  With the dates
 * D[0], D[1], ... (at most MAX_DATES):
 *   - every date: calendar_to_ymd(), calendar_year(), calendar_weekday(),
 *     calendar_format() (and back through calendar_parse() when in range),
 *     calendar_add_months();
 *   - received D[0], sent D[1], stops (D[2], D[3]), (D[4], D[5]), ...: for
 *     every profile clock_move_days(): on success days >= 0, days <=
 *     calendar = counted sent - received <= sent - received, stopped =
 *     calendar - days; clock_date_after() inverts it; clock_silence_dates()
 *     runs on the same stops, the vacation checks on the stops as given
 *     (not repeated: they cost O(periods * years));
 *   - a whole game for clock_compute(): start D[0], the other dates sorted
 *     as the moves' sent dates, the same stops (repeated 500 times
 *     when the input says "*", for a huge overlapping list), flags and
 *     today from the bytes.  On success no count is negative.
 * Nothing may overflow (UBSan) or hang. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "fuzz.h"
#include "util/status.h"

#define MAX_DATES  48
#define MAX_REPEAT 500 /* copies of the stop list with "*" */
#define NPROFILES  3

static const char *const profiles[NPROFILES] = {"dsu-post", "dsu-email", "server"};

static bool in_range(int32_t d)
{
	return d >= CALENDAR_MIN_DAY && d <= CALENDAR_MAX_DAY;
}

/* an e-mail reply on the opponent's date is sent the day before it counts
 * as received (DSU 6.3.2.2 a): 0 days */
static int64_t max_i64(int64_t a, int64_t b)
{
	return a > b ? a : b;
}

/* A signed decimal number of at most 12 digits, or false. */
static bool offset_of(const char *tok, int64_t *v)
{
	const char *p = tok;
	bool neg = false;
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (*p < '0' || *p > '9')
		return false;
	int64_t x = 0;
	for (int k = 0; *p; p++, k++) {
		if (*p < '0' || *p > '9' || k >= 12)
			return false;
		x = x * 10 + (*p - '0');
	}
	*v = neg ? -x : x;
	return true;
}

static void check_calendar(int32_t d)
{
	int y, m, md;
	calendar_to_ymd(d, &y, &m, &md);
	if (m < 1 || m > 12 || md < 1 || md > 31)
		fuzz_fail("calendar_to_ymd(%d) = %d-%d-%d", d, y, m, md);
	if (calendar_year(d) != y)
		fuzz_fail("calendar_year(%d) = %d, to_ymd says %d", d, calendar_year(d), y);
	int wd = calendar_weekday(d);
	if (wd < 1 || wd > 7)
		fuzz_fail("calendar_weekday(%d) = %d", d, wd);
	char buf[CALENDAR_ISO_LEN];
	int rc = calendar_format(d, buf, sizeof buf);
	if (rc == CC_OK) {
		int32_t back;
		int32_t back_ymd;
		if (calendar_from_ymd(y, m, md, &back_ymd) != CC_OK || back_ymd != d)
			fuzz_fail("calendar_from_ymd does not invert day %d", d);
		if (in_range(d) && (calendar_parse(buf, &back, NULL, 0) != CC_OK || back != d))
			fuzz_fail("\"%s\" does not parse back to %d", buf, d);
	} else if (y >= 1 && y <= 9999) {
		fuzz_fail("calendar_format(%d) failed for year %d", d, y);
	}
	int32_t out;
	if (calendar_add_months(d, (int)(d % 30000), &out) == CC_OK &&
	    !(out >= -719162 && out <= CALENDAR_MAX_DAY))
		fuzz_fail("calendar_add_months(%d) left the years 1..9999: %d", d, out);
	if (calendar_add_years(d, d % 20000, &out) == CC_OK &&
	    !(out >= -719162 && out <= CALENDAR_MAX_DAY))
		fuzz_fail("calendar_add_years(%d) left the years 1..9999: %d", d, out);
}

static void check_move_days(const struct clock_profile *p, int32_t rcv, int32_t snt,
                            const struct clock_interval *stops, size_t n)
{
	struct clock_days cd;
	char err[256] = "";
	int rc = clock_move_days(p, rcv, snt, stops, n, &cd, err, sizeof err);
	if (rc != CC_OK) {
		if (err[0] == '\0' ||
		    (rc != CC_ERR_INVALID && rc != CC_ERR_RANGE && rc != CC_ERR_NOMEM))
			fuzz_fail("clock_move_days failed (%d) without a message", rc);
		return;
	}
	if (cd.days < 0 || cd.stopped < 0 || cd.calendar < 0 || cd.days > cd.calendar ||
	    cd.calendar != cd.counted_sent - rcv || cd.stopped != cd.calendar - cd.days ||
	    cd.counted_sent < rcv || cd.counted_sent > snt ||
	    (int64_t)cd.calendar > (int64_t)snt - rcv)
		fuzz_fail("%s %d..%d: days %d calendar %d stopped %d counted %d", p->name, rcv, snt,
		          cd.days, cd.calendar, cd.stopped, cd.counted_sent);
	/* The inverse: the first date costing cd.days is no later than sent,
	 * and costs at least that much. */
	int32_t d;
	rc = clock_date_after(p, rcv, cd.days, stops, n, &d, err, sizeof err);
	if (rc != CC_OK)
		fuzz_fail("clock_date_after(%d, %d) failed: %s", rcv, cd.days, err);
	if (d < rcv || d > snt)
		fuzz_fail("%s: clock_date_after(%d, %d) = %d, sent %d", p->name, rcv, cd.days, d,
		          snt);
	struct clock_days c2;
	if (clock_move_days(p, rcv, d, stops, n, &c2, err, sizeof err) != CC_OK ||
	    c2.days < cd.days)
		fuzz_fail("%s: the date after (%d) costs %d < %d", p->name, d, c2.days, cd.days);
	int32_t rem, tl;
	rc = clock_silence_dates(p, rcv, CLOCK_NO_DATE, (int)(cd.days % 100), -1, stops, n, &rem,
	                         &tl, err, sizeof err);
	if (rc == CC_OK && (rem < rcv || tl < rem))
		fuzz_fail("silence dates %d, %d for %d", rem, tl, rcv);
}

static void check_vacations(const struct clock_profile *p, int32_t start, int32_t notice,
                            const struct clock_interval *stops, size_t n)
{
	if (n == 0)
		return;
	struct clock_vacation_check vc;
	char err[256];
	/* The last stop is the request, the others are taken. */
	(void)clock_vacation_check(p, CLOCK_VACATION, start, stops, n - 1, notice, stops[n - 1],
	                           &vc, err, sizeof err);
	(void)clock_vacation_check(p, CLOCK_SPECIAL_LEAVE, start, stops, n - 1, CLOCK_NO_DATE,
	                           stops[n - 1], &vc, err, sizeof err);
	int32_t rem, days;
	(void)clock_vacation_remaining(p, CLOCK_VACATION, start, stops, n - 1, notice, &rem);
	if (clock_vacation_days(p, stops[n - 1], &days) == CC_OK &&
	    (days < 0 || (int64_t)days > (int64_t)stops[n - 1].last - stops[n - 1].first + 1))
		fuzz_fail("vacation %d..%d charges %d days", stops[n - 1].first, stops[n - 1].last,
		          days);
	int year;
	struct clock_interval span;
	if (clock_tournament_year(start, notice, &year, &span) == CC_OK &&
	    (year < 0 || notice < span.first || notice > span.last))
		fuzz_fail("tournament year of %d from %d: %d, %d..%d", notice, start, year,
		          span.first, span.last);
}

static int cmp_day(const void *a, const void *b)
{
	int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
	return (x > y) - (x < y);
}

static void check_game(const struct clock_profile *p, const int32_t *dates, size_t nd,
                       const struct clock_interval *stops, size_t ns, unsigned bits)
{
	struct clock_move moves[MAX_DATES];
	struct clock_ply plies[MAX_DATES];
	int32_t sorted[MAX_DATES];
	size_t nm = nd ? nd - 1 : 0;
	memcpy(sorted, dates + (nd ? 1 : 0), nm * sizeof *sorted);
	qsort(sorted, nm, sizeof *sorted, cmp_day);
	for (size_t i = 0; i < nm; i++) {
		moves[i].received =
		        (bits >> (i % 16)) & 1 ? CLOCK_NO_DATE : sorted[i > 0 ? i - 1 : 0];
		moves[i].sent = sorted[i];
		moves[i].announced = (int16_t)((bits >> 3) & 31);
		moves[i].invalid = (uint8_t)((bits >> (i % 8)) & 3);
		moves[i].flags = (uint8_t)((bits >> (2 * (i % 4))) & 7);
		/* recorded reminder / TL dates around the move (issue 9) */
		int64_t rem = (int64_t)sorted[i] - (int64_t)((bits >> (i % 16)) & 31);
		int64_t tld = (int64_t)sorted[i] - (int64_t)((bits >> (i % 12)) & 15);
		moves[i].reminded_on = rem < INT32_MIN ? INT32_MIN : (int32_t)rem;
		moves[i].tl_on = tld < INT32_MIN ? INT32_MIN : (int32_t)tld;
	}
	if (nm)
		moves[0].received = CLOCK_NO_DATE;
	int64_t t = (int64_t)(nm ? sorted[nm - 1] : nd ? dates[0] : 0) + (int64_t)(bits % 97);
	int32_t today = bits & 1 ? CLOCK_NO_DATE : t > INT32_MAX ? INT32_MAX : (int32_t)t;
	struct clock_game g = {
	        .profile = p,
	        .start = nd ? dates[0] : 0,
	        .today = today,
	        .first_side = (bits >> 1) & 1 ? CLOCK_BLACK : CLOCK_WHITE,
	        .moves = moves,
	        .nmoves = nm,
	        .stops = stops,
	        .nstops = ns,
	        .pending = {.received = CLOCK_NO_DATE,
	                    .announced = (int)((bits >> 5) & 63),
	                    .invalid = (int)((bits >> 11) & 3),
	                    .flags = (bits >> 13) & 6,
	                    .series_last = (int)((bits >> 15) & 31),
	                    .reminded_on = today == CLOCK_NO_DATE ? CLOCK_NO_DATE : today / 2,
	                    .tl_on = today == CLOCK_NO_DATE ? CLOCK_NO_DATE : today / 2 + 7},
	        .transit_days = (int)((bits >> 20) & 7) - 1,
	        .flags = (bits >> 23) & 7,
	};
	struct clock_result res;
	char err[256] = "";
	int rc = clock_compute(&g, &res, plies, err, sizeof err);
	if (rc != CC_OK) {
		if (err[0] == '\0')
			fuzz_fail("clock_compute failed (%d) without a message", rc);
		return;
	}
	for (size_t i = 0; i < nm; i++)
		if (plies[i].days < 0 || plies[i].penalty < 0 || plies[i].used < 0 ||
		    (int64_t)plies[i].days > max_i64(0, (int64_t)plies[i].sent - plies[i].received))
			fuzz_fail("ply %zu: days %d penalty %d used %d (%d..%d)", i, plies[i].days,
			          plies[i].penalty, plies[i].used, plies[i].received,
			          plies[i].sent);
	for (int w = 0; w < 2; w++) {
		const struct clock_player *pl = &res.player[w];
		if (pl->thinking_days < 0 || pl->penalty_days < 0 ||
		    pl->used_days != pl->thinking_days + pl->penalty_days || pl->limit_days < 0 ||
		    pl->running_days < 0)
			fuzz_fail("player %d: thinking %d penalty %d used %d limit %d running %d",
			          w, pl->thinking_days, pl->penalty_days, pl->used_days,
			          pl->limit_days, pl->running_days);
	}
	/* Issue 19: from the memo of the first k plies (the move path's way)
	 * the same result and plies, byte for byte. */
	for (size_t k = nm; k + 2 >= nm && k <= nm; k--) {
		struct clock_game prefix = g;
		prefix.nmoves = k;
		struct clock_memo *memo = NULL;
		struct clock_result r;
		struct clock_ply again[MAX_DATES];
		if (clock_compute_memo(&prefix, &r, again, &memo, err, sizeof err) == CC_OK) {
			rc = clock_compute_memo(&g, &r, again, &memo, err, sizeof err);
			if (rc != CC_OK || memcmp(&r, &res, sizeof r) != 0 ||
			    (nm && memcmp(again, plies, nm * sizeof *plies) != 0))
				fuzz_fail("the clock from the memo of %zu of %zu plies differs (%d "
				          "%s)",
				          k, nm, rc, err);
		}
		clock_memo_free(memo);
		if (k == 0)
			break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstring(data, size);
	int32_t day;
	char err[128];
	int rc = calendar_parse(text, &day, err, sizeof err);
	if (rc == CC_OK && !in_range(day))
		fuzz_fail("calendar_parse gave day %d", day);

	int32_t dates[MAX_DATES];
	size_t nd = 0;
	bool repeat = false;
	unsigned bits = 2166136261u;
	for (size_t i = 0; i < size; i++)
		bits = (bits ^ data[i]) * 16777619u;
	for (char *tok = strtok(text, " \t\r\n"); tok && nd < MAX_DATES;
	     tok = strtok(NULL, " \t\r\n")) {
		int64_t off;
		if (strcmp(tok, "*") == 0) {
			repeat = true;
		} else if (calendar_parse(tok, &day, NULL, 0) == CC_OK) {
			dates[nd++] = day;
		} else if (offset_of(tok, &off)) {
			int64_t v = (nd ? dates[nd - 1] : 0) + off;
			dates[nd++] = v < INT32_MIN   ? INT32_MIN
			              : v > INT32_MAX ? INT32_MAX
			                              : (int32_t)v;
		}
	}
	for (size_t i = 0; i < nd; i++)
		check_calendar(dates[i]);

	size_t nbase = nd > 2 ? (nd - 2) / 2 : 0;
	size_t nstops = repeat ? nbase * MAX_REPEAT : nbase;
	struct clock_interval *stops = malloc((nstops ? nstops : 1) * sizeof *stops);
	if (!stops)
		fuzz_fail("out of memory");
	for (size_t i = 0; i < nstops; i++) {
		size_t k = i % (nbase ? nbase : 1);
		stops[i].first = dates[2 + 2 * k];
		stops[i].last = dates[3 + 2 * k];
	}
	int32_t rcv = nd ? dates[0] : 0, snt = nd > 1 ? dates[1] : rcv;
	for (int k = 0; k < NPROFILES; k++) {
		const struct clock_profile *p = clock_profile_find(profiles[k]);
		if (!p)
			fuzz_fail("no profile %s", profiles[k]);
		if (nd == 0)
			continue;
		check_move_days(p, rcv, snt, stops, nstops);
		check_vacations(p, rcv, snt, stops, nbase); /* O(taken * years) */
		check_game(p, dates, nd, stops, nstops, bits);
	}
	free(stops);
	free(text);
	return 0;
}
