/* calendar.h: dates as day numbers, the proleptic Gregorian calendar and
 * the Gregorian computus.
 *
 * A date is an int32_t day number: the count of days since 1970-01-01
 * (day 0, a Thursday); earlier dates are negative.  Arithmetic on dates is
 * plain integer arithmetic (tomorrow = day + 1, a span [a, b) has b - a
 * days).  There are no time zones and no clock reads here: "today" is the
 * caller's business.
 *
 * Range: calendar_parse() accepts the years 1583..9999 (the first full
 * Gregorian year to the last four-digit one), i.e. the day numbers
 * CALENDAR_MIN_DAY..CALENDAR_MAX_DAY.  The conversions themselves
 * (calendar_from_ymd() / calendar_to_ymd(), calendar_weekday()) are exact
 * for every year 1..9999 of the proleptic Gregorian calendar, and
 * calendar_easter() for every year 1583..9999.
 *
 * Pure library code: no I/O, no allocation, only libc.  Every function is
 * reentrant.
 */
#ifndef CORRCHESS_CALENDAR_H
#define CORRCHESS_CALENDAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CALENDAR_MIN_YEAR 1583
#define CALENDAR_MAX_YEAR 9999
#define CALENDAR_MIN_DAY  (-141349) /* 1583-01-01 */
#define CALENDAR_MAX_DAY  2932896   /* 9999-12-31 */

/* Room for "YYYY-MM-DD" and its NUL. */
#define CALENDAR_ISO_LEN 11

/* ISO weekdays, as calendar_weekday() returns them. */
enum calendar_weekday {
	CALENDAR_MONDAY = 1,
	CALENDAR_TUESDAY,
	CALENDAR_WEDNESDAY,
	CALENDAR_THURSDAY,
	CALENDAR_FRIDAY,
	CALENDAR_SATURDAY,
	CALENDAR_SUNDAY,
};

/* True when year y has a 29 February (Gregorian rule). */
bool calendar_is_leap(int year);

/* Days in month m (1..12) of year y; 0 when m is out of range. */
int calendar_days_in_month(int year, int month);

/* The day number of year-month-day.  CC_ERR_RANGE when the year is not in
 * 1..9999, CC_ERR_INVALID when the month or the day does not exist (month
 * 13, 30 February); *day is untouched on failure.  O(1). */
int calendar_from_ymd(int year, int month, int mday, int32_t *day);

/* Splits a day number into year, month (1..12) and day (1..31).  Defined
 * for every int32_t (years before 1 come out as 0 or negative, in the same
 * proleptic calendar); any out pointer may be NULL.  O(1). */
void calendar_to_ymd(int32_t day, int *year, int *month, int *mday);

/* The year a day falls in (calendar_to_ymd()'s year). */
int calendar_year(int32_t day);

/* ISO weekday of a day: 1 = Monday .. 7 = Sunday.  Defined for every
 * int32_t. */
int calendar_weekday(int32_t day);

/* Three-letter English name of an ISO weekday ("Mon".."Sun"); "???" for
 * anything else.  Borrowed, static storage. */
const char *calendar_weekday_abbr(int weekday);

/* Parses a strict ISO 8601 calendar date "YYYY-MM-DD": exactly four, two
 * and two digits, dashes, nothing before or after.  On success stores the
 * day number and returns CC_OK.  Fails with CC_ERR_MALFORMED (not of that
 * shape, e.g. "2027-2-3", "2027-02-03x", NULL), CC_ERR_RANGE (year outside
 * CALENDAR_MIN_YEAR..CALENDAR_MAX_YEAR) or CC_ERR_INVALID (no such day,
 * e.g. "2027-02-30"), with a sentence in err (may be NULL when errlen is 0);
 * *day is untouched on failure. */
int calendar_parse(const char *s, int32_t *day, char *err, size_t errlen);

/* Writes day as "YYYY-MM-DD" into buf (at least CALENDAR_ISO_LEN bytes).
 * CC_ERR_NOMEM when buf is too small, CC_ERR_RANGE when the year is not in
 * 1..9999 (buf then holds "" if it has room for it). */
int calendar_format(int32_t day, char *buf, size_t len);

/* Adds n calendar months (n may be negative); a day that does not exist in
 * the target month becomes that month's last day (31 Jan + 1 month =
 * 28/29 Feb).  CC_ERR_RANGE when the result leaves the years 1..9999. */
int calendar_add_months(int32_t day, int n, int32_t *out);

/* Adds n years, with 29 Feb becoming 28 Feb in a common year; the same as
 * calendar_add_months(day, 12 * n, out). */
int calendar_add_years(int32_t day, int n, int32_t *out);

/* Easter Sunday of a Gregorian year by the computus (the anonymous
 * Gregorian algorithm of Meeus, Jones and Butcher; exact for every
 * Gregorian year).  CC_ERR_RANGE outside CALENDAR_MIN_YEAR..
 * CALENDAR_MAX_YEAR.  O(1), no tables. */
int calendar_easter(int year, int32_t *sunday);

#endif
