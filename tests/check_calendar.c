/* check_calendar.c: day numbers, ISO dates and the computus.
 *
 * The library's answers are checked against independent computations made
 * here: a day-by-day walk of the calendar for the conversions, Zeller's
 * congruence for weekdays, and for Easter two other algorithms (Gauss with
 * Lichtenberg's corrections; the Lilian epact with a brute-force search of
 * the Sunday after the paschal full moon) over every year 1583..9999. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "clock/calendar.h"
#include "testutil.h"
#include "util/status.h"

/* ---- independent references ---------------------------------------- */

/* Zeller's congruence: 0 = Saturday, 1 = Sunday, ..., 6 = Friday. */
static int zeller(int y, int m, int d)
{
	if (m < 3) {
		m += 12;
		y -= 1;
	}
	int k = y % 100, j = y / 100;
	return (d + 13 * (m + 1) / 5 + k + k / 4 + j / 4 + 5 * j) % 7;
}

/* Easter from the Lilian epact: golden number, solar and lunar equations,
 * the epact with the 24/25 exceptions, the ecclesiastical full moon on or
 * after 21 March; then the first Sunday strictly after it, found by
 * stepping day by day and asking Zeller (not the library). */
static void easter_epact(int year, int *month, int *mday)
{
	int golden = year % 19 + 1;
	int century = year / 100 + 1;
	int solar = 3 * century / 4 - 12;
	int lunar = (8 * century + 5) / 25 - 5;
	int epact = (11 * golden + 20 + lunar - solar) % 30;
	if (epact < 0)
		epact += 30;
	if ((epact == 25 && golden > 11) || epact == 24)
		epact++;
	int full = 44 - epact; /* a March day */
	if (full < 21)
		full += 30;
	int d = full + 1;
	for (;;) {
		int m = d > 31 ? 4 : 3, md = d > 31 ? d - 31 : d;
		if (zeller(year, m, md) == 1) {
			*month = m;
			*mday = md;
			return;
		}
		d++;
	}
}

static int32_t ymd(int y, int m, int d)
{
	int32_t day = 0;
	if (calendar_from_ymd(y, m, d, &day) != CC_OK)
		ck_abort_msg("%d-%d-%d is not a date", y, m, d);
	return day;
}

/* ---- tests ------------------------------------------------------------ */

START_TEST(test_leap_and_month_lengths)
{
	ck_assert(calendar_is_leap(2000));
	ck_assert(calendar_is_leap(2024));
	ck_assert(!calendar_is_leap(1900));
	ck_assert(!calendar_is_leap(2100));
	ck_assert(!calendar_is_leap(2027));
	ck_assert(calendar_is_leap(1600));
	ck_assert_int_eq(calendar_days_in_month(2024, 2), 29);
	ck_assert_int_eq(calendar_days_in_month(2027, 2), 28);
	ck_assert_int_eq(calendar_days_in_month(1900, 2), 28);
	ck_assert_int_eq(calendar_days_in_month(2027, 4), 30);
	ck_assert_int_eq(calendar_days_in_month(2027, 12), 31);
	ck_assert_int_eq(calendar_days_in_month(2027, 0), 0);
	ck_assert_int_eq(calendar_days_in_month(2027, 13), 0);
}
END_TEST

START_TEST(test_anchors)
{
	ck_assert_int_eq(ymd(1970, 1, 1), 0);
	ck_assert_int_eq(ymd(1970, 1, 2), 1);
	ck_assert_int_eq(ymd(1969, 12, 31), -1);
	ck_assert_int_eq(ymd(2000, 3, 1) - ymd(2000, 2, 28), 2);
	ck_assert_int_eq(ymd(1900, 3, 1) - ymd(1900, 2, 28), 1);
	ck_assert_int_eq(ymd(CALENDAR_MIN_YEAR, 1, 1), CALENDAR_MIN_DAY);
	ck_assert_int_eq(ymd(CALENDAR_MAX_YEAR, 12, 31), CALENDAR_MAX_DAY);
	ck_assert_int_eq(ymd(2001, 1, 1) - ymd(1601, 1, 1), 146097);
	ck_assert_int_eq(calendar_weekday(0), CALENDAR_THURSDAY);
	ck_assert_int_eq(calendar_weekday(ymd(2027, 8, 7)), CALENDAR_SATURDAY);
	ck_assert_int_eq(calendar_weekday(ymd(2027, 8, 8)), CALENDAR_SUNDAY);
	ck_assert_int_eq(calendar_weekday(ymd(2026, 12, 18)), CALENDAR_FRIDAY);
	ck_assert_int_eq(calendar_year(ymd(2027, 12, 31)), 2027);
	ck_assert_int_eq(calendar_year(ymd(2028, 1, 1)), 2028);
}
END_TEST

START_TEST(test_from_ymd_errors)
{
	int32_t day = 12345;
	ck_assert_int_eq(calendar_from_ymd(2027, 2, 29, &day), CC_ERR_INVALID);
	ck_assert_int_eq(calendar_from_ymd(2027, 13, 1, &day), CC_ERR_INVALID);
	ck_assert_int_eq(calendar_from_ymd(2027, 0, 1, &day), CC_ERR_INVALID);
	ck_assert_int_eq(calendar_from_ymd(2027, 4, 31, &day), CC_ERR_INVALID);
	ck_assert_int_eq(calendar_from_ymd(2027, 4, 0, &day), CC_ERR_INVALID);
	ck_assert_int_eq(calendar_from_ymd(0, 1, 1, &day), CC_ERR_RANGE);
	ck_assert_int_eq(calendar_from_ymd(10000, 1, 1, &day), CC_ERR_RANGE);
	ck_assert_int_eq(day, 12345);
	ck_assert_int_eq(calendar_from_ymd(2024, 2, 29, &day), CC_OK);
}
END_TEST

/* Walks every day of 1..9999 with a plain y/m/d counter and checks both
 * conversions and the weekday against Zeller. */
START_TEST(test_walk_all_days)
{
	int y = 1, m = 1, d = 1;
	int32_t expect = ymd(1, 1, 1);
	for (;;) {
		int32_t got = INT32_MIN;
		/* plain ifs: a Check assertion per day would cost a pipe write */
		if (calendar_from_ymd(y, m, d, &got) != CC_OK || got != expect)
			ck_abort_msg("%04d-%02d-%02d: %d, expected %d", y, m, d, got, expect);
		int yy, mm, dd;
		calendar_to_ymd(got, &yy, &mm, &dd);
		if (yy != y || mm != m || dd != d)
			ck_abort_msg("day %d: %d-%d-%d, expected %d-%d-%d", got, yy, mm, dd, y, m,
			             d);
		if (calendar_year(got) != y)
			ck_abort_msg("day %d: calendar_year %d, expected %d", got,
			             calendar_year(got), y);
		/* calendar_format() writes the digits itself: against printf's */
		char text[CALENDAR_ISO_LEN], want[32];
		snprintf(want, sizeof want, "%04d-%02d-%02d", y, m, d);
		if (calendar_format(got, text, sizeof text) != CC_OK || strcmp(text, want) != 0)
			ck_abort_msg("day %d: formatted '%s', expected '%s'", got, text, want);
		int z = zeller(y, m, d); /* 0 = Saturday */
		int iso = (z + 5) % 7 + 1;
		if (calendar_weekday(got) != iso)
			ck_abort_msg("%04d-%02d-%02d: weekday %d, Zeller %d", y, m, d,
			             calendar_weekday(got), iso);
		if (y == 9999 && m == 12 && d == 31)
			break;
		expect++;
		if (++d > calendar_days_in_month(y, m)) {
			d = 1;
			if (++m > 12) {
				m = 1;
				y++;
			}
		}
	}
	ck_assert_int_eq(expect, CALENDAR_MAX_DAY);
}
END_TEST

START_TEST(test_to_ymd_extremes)
{
	/* Defined for every int32_t: consecutive days stay consecutive. */
	int32_t probes[] = {INT32_MIN, INT32_MIN + 1, -719163, -719162, INT32_MAX - 1};
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
		int y1, m1, d1, y2, m2, d2;
		calendar_to_ymd(probes[i], &y1, &m1, &d1);
		calendar_to_ymd(probes[i] + 1, &y2, &m2, &d2);
		ck_assert(m1 >= 1 && m1 <= 12 && d1 >= 1 && d1 <= 31);
		ck_assert_int_eq(calendar_year(probes[i]), y1);
		if (d2 != 1)
			ck_assert(y1 == y2 && m1 == m2 && d2 == d1 + 1);
		else
			ck_assert(d1 == calendar_days_in_month(y1, m1));
		ck_assert(calendar_weekday(probes[i]) >= 1 && calendar_weekday(probes[i]) <= 7);
		ck_assert_int_eq(calendar_weekday(probes[i] + 1) % 7,
		                 (calendar_weekday(probes[i]) + 1) % 7);
	}
	int y, m, d;
	calendar_to_ymd(-719163, &y, &m, &d); /* the day before 0001-01-01 */
	ck_assert(y == 0 && m == 12 && d == 31);
	calendar_to_ymd(0, NULL, NULL, NULL); /* NULL outs are allowed */
}
END_TEST

START_TEST(test_weekday_abbr)
{
	ck_assert_str_eq(calendar_weekday_abbr(1), "Mon");
	ck_assert_str_eq(calendar_weekday_abbr(7), "Sun");
	ck_assert_str_eq(calendar_weekday_abbr(0), "???");
	ck_assert_str_eq(calendar_weekday_abbr(8), "???");
}
END_TEST

START_TEST(test_parse_good)
{
	int32_t day;
	char err[128];
	ck_assert_int_eq(calendar_parse("2027-06-08", &day, err, sizeof err), CC_OK);
	ck_assert_int_eq(day, ymd(2027, 6, 8));
	ck_assert_int_eq(calendar_parse("2024-02-29", &day, err, sizeof err), CC_OK);
	ck_assert_int_eq(calendar_parse("1583-01-01", &day, err, sizeof err), CC_OK);
	ck_assert_int_eq(day, CALENDAR_MIN_DAY);
	ck_assert_int_eq(calendar_parse("9999-12-31", &day, NULL, 0), CC_OK);
	ck_assert_int_eq(day, CALENDAR_MAX_DAY);
}
END_TEST

START_TEST(test_parse_bad)
{
	static const struct {
		const char *s;
		int rc;
	} cases[] = {
	        {"2027-02-30", CC_ERR_INVALID},
	        {"2027-02-29", CC_ERR_INVALID},
	        {"2027-13-01", CC_ERR_INVALID},
	        {"2027-00-10", CC_ERR_INVALID},
	        {"2027-04-31", CC_ERR_INVALID},
	        {"2027-04-00", CC_ERR_INVALID},
	        {"2027-2-3", CC_ERR_MALFORMED},
	        {"2027-02-03x", CC_ERR_MALFORMED},
	        {" 2027-02-03", CC_ERR_MALFORMED},
	        {"2027-02-03 ", CC_ERR_MALFORMED},
	        {"2027/02/03", CC_ERR_MALFORMED},
	        {"27-02-03", CC_ERR_MALFORMED},
	        {"", CC_ERR_MALFORMED},
	        {"2027-02-3a", CC_ERR_MALFORMED},
	        {"+027-02-03", CC_ERR_MALFORMED},
	        {"2027-02-03T00:00", CC_ERR_MALFORMED},
	        {"20270203", CC_ERR_MALFORMED},
	        {"1582-12-31", CC_ERR_RANGE},
	        {"0000-01-01", CC_ERR_RANGE},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		int32_t day = 777;
		char err[128] = "";
		int rc = calendar_parse(cases[i].s, &day, err, sizeof err);
		if (rc != cases[i].rc)
			ck_abort_msg("'%s': %d, expected %d", cases[i].s, rc, cases[i].rc);
		ck_assert_int_eq(day, 777);
		ck_assert_msg(err[0] != '\0', "'%s': no message", cases[i].s);
		ck_assert_ptr_null(strchr(err, '\n'));
	}
	int32_t day;
	char err[128];
	ck_assert_int_eq(calendar_parse(NULL, &day, err, sizeof err), CC_ERR_MALFORMED);
	ck_assert_int_eq(calendar_parse("x", &day, NULL, 0), CC_ERR_MALFORMED);
	/* a tiny buffer is truncated, never overrun */
	char small[4] = "abc";
	ck_assert_int_eq(calendar_parse("2027-02-30", &day, small, sizeof small), CC_ERR_INVALID);
	ck_assert_int_eq((int)strlen(small), 3);
}
END_TEST

START_TEST(test_format)
{
	char buf[CALENDAR_ISO_LEN];
	ck_assert_int_eq(calendar_format(ymd(2027, 3, 8), buf, sizeof buf), CC_OK);
	ck_assert_str_eq(buf, "2027-03-08");
	ck_assert_int_eq(calendar_format(CALENDAR_MIN_DAY, buf, sizeof buf), CC_OK);
	ck_assert_str_eq(buf, "1583-01-01");
	ck_assert_int_eq(calendar_format(ymd(1, 1, 1), buf, sizeof buf), CC_OK);
	ck_assert_str_eq(buf, "0001-01-01");
	ck_assert_int_eq(calendar_format(CALENDAR_MAX_DAY + 1, buf, sizeof buf), CC_ERR_RANGE);
	ck_assert_str_eq(buf, "");
	ck_assert_int_eq(calendar_format(0, buf, 10), CC_ERR_NOMEM);
	ck_assert_int_eq(calendar_format(0, NULL, 0), CC_ERR_NOMEM);
	/* parse(format(d)) == d over a stride of the whole range */
	for (int32_t d = CALENDAR_MIN_DAY; d <= CALENDAR_MAX_DAY; d += 997) {
		int32_t back = 0;
		if (calendar_format(d, buf, sizeof buf) != CC_OK ||
		    calendar_parse(buf, &back, NULL, 0) != CC_OK || back != d)
			ck_abort_msg("day %d does not survive format and parse", d);
	}
}
END_TEST

START_TEST(test_add_months)
{
	/* a day past the month's end is its last day (31 January + 1 month) */
	static const struct {
		bool years;
		int y, m, d, n, want_y, want_m, want_d;
	} steps[] = {
	        {false, 2027, 1, 31, 1, 2027, 2, 28},    {false, 2028, 1, 31, 1, 2028, 2, 29},
	        {false, 2026, 9, 1, 18, 2028, 3, 1},     {false, 2027, 3, 31, -1, 2027, 2, 28},
	        {false, 2027, 5, 15, -17, 2025, 12, 15}, {true, 2024, 2, 29, 1, 2025, 2, 28},
	        {true, 2024, 2, 29, 4, 2028, 2, 29},     {true, 2027, 6, 5, -1, 2026, 6, 5},
	};
	int32_t out;
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		int32_t from = ymd(steps[i].y, steps[i].m, steps[i].d);
		int rc = steps[i].years ? calendar_add_years(from, steps[i].n, &out)
		                        : calendar_add_months(from, steps[i].n, &out);
		ck_assert_msg(rc == CC_OK &&
		                      out == ymd(steps[i].want_y, steps[i].want_m, steps[i].want_d),
		              "step %zu: %d-%02d-%02d %+d %s", i, steps[i].y, steps[i].m,
		              steps[i].d, steps[i].n, steps[i].years ? "years" : "months");
	}
	ck_assert_int_eq(calendar_add_months(ymd(9999, 12, 1), 1, &out), CC_ERR_RANGE);
	ck_assert_int_eq(calendar_add_years(0, 20000, &out), CC_ERR_RANGE);
}
END_TEST

static void easter_case(json_t *v, size_t i, void *ctx)
{
	(void)i;
	(void)ctx;
	int year = (int)json_integer_value(json_object_get(v, "year"));
	int32_t want, got;
	ck_assert_int_eq(calendar_parse(json_string_value(json_object_get(v, "easter_sunday")),
	                                &want, NULL, 0),
	                 CC_OK);
	ck_assert_int_eq(calendar_easter(year, &got), CC_OK);
	ck_assert_int_eq(got, want);
}

START_TEST(test_easter_vectors)
{
	tu_each_vector("time.json", "easter_holiday", 1, easter_case, NULL);
}
END_TEST

START_TEST(test_easter_known)
{
	static const int known[][3] = {
	        {1818, 3, 22}, {2285, 3, 22}, /* the earliest possible */
	        {1943, 4, 25}, {2038, 4, 25}, /* the latest possible */
	        {1954, 4, 18}, {1981, 4, 19}, {2000, 4, 23}, {2008, 3, 23}, {2019, 4, 21},
	        {2024, 3, 31}, {2025, 4, 20}, {2027, 3, 28}, {1583, 4, 10}, {9999, 3, 28},
	};
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
		int32_t got;
		ck_assert_int_eq(calendar_easter(known[i][0], &got), CC_OK);
		ck_assert_int_eq(got, ymd(known[i][0], known[i][1], known[i][2]));
	}
	int32_t keep = 5;
	ck_assert_int_eq(calendar_easter(1582, &keep), CC_ERR_RANGE);
	ck_assert_int_eq(calendar_easter(10000, &keep), CC_ERR_RANGE);
	ck_assert_int_eq(keep, 5);
}
END_TEST

/* Every year 1583..9999 against two independent methods; Easter is a
 * Sunday between 22 March and 25 April. */
START_TEST(test_easter_independent)
{
	for (int y = CALENDAR_MIN_YEAR; y <= CALENDAR_MAX_YEAR; y++) {
		int32_t got = 0;
		if (calendar_easter(y, &got) != CC_OK)
			ck_abort_msg("%d: no Easter", y);
		int g = tu_easter_gauss(y);
		int32_t by_gauss = g > 31 ? ymd(y, 4, g - 31) : ymd(y, 3, g);
		if (got != by_gauss)
			ck_abort_msg("%d: library and Gauss/Lichtenberg differ", y);
		int m, d;
		easter_epact(y, &m, &d);
		if (got != ymd(y, m, d))
			ck_abort_msg("%d: library and the Lilian epact differ", y);
		if (calendar_weekday(got) != CALENDAR_SUNDAY || got < ymd(y, 3, 22) ||
		    got > ymd(y, 4, 25))
			ck_abort_msg("%d: Easter not a Sunday in 22 March..25 April", y);
	}
}
END_TEST

TU_MAIN("calendar", 60, test_leap_and_month_lengths, test_anchors, test_from_ymd_errors,
        test_walk_all_days, test_to_ymd_extremes, test_weekday_abbr, test_parse_good,
        test_parse_bad, test_format, test_add_months, test_easter_vectors, test_easter_known,
        test_easter_independent)
