/* calendar.c: day numbers, ISO dates and the Gregorian computus.
 *
 * Day numbers are computed through a second count, the "ordinal": days
 * since 0001-01-01 of the proleptic Gregorian calendar.  A 400-year cycle
 * has exactly 146097 days, so any date is a whole number of cycles plus an
 * offset inside one cycle, which makes both directions O(1) with no loops
 * over years.
 */
#include "clock/calendar.h"

#include <stdio.h>

#include "util/status.h"

#define DAYS_PER_400Y 146097
#define DAYS_PER_100Y 36524 /* a century without its 400-year leap day */
#define DAYS_PER_4Y   1461
#define EPOCH_ORDINAL 719162 /* 1970-01-01 counted from 0001-01-01 */

/* Days before the first of each month in a common year. */
static const int16_t month_start[13] = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365};

static void set_err(char *err, size_t errlen, const char *msg)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s", msg);
}

bool calendar_is_leap(int year)
{
	return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

int calendar_days_in_month(int year, int month)
{
	if (month < 1 || month > 12)
		return 0;
	if (month == 2 && calendar_is_leap(year))
		return 29;
	return month_start[month] - month_start[month - 1];
}

/* Day number of a date already known to be valid (year >= 1). */
static int32_t ymd_to_day(int year, int month, int mday)
{
	int32_t y = year - 1; /* whole years before this one */
	int32_t ord = y * 365 + y / 4 - y / 100 + y / 400 + month_start[month - 1] +
	              (month > 2 && calendar_is_leap(year)) + (mday - 1);
	return ord - EPOCH_ORDINAL;
}

int calendar_from_ymd(int year, int month, int mday, int32_t *day)
{
	if (year < 1 || year > 9999)
		return CC_ERR_RANGE;
	if (month < 1 || month > 12 || mday < 1 || mday > calendar_days_in_month(year, month))
		return CC_ERR_INVALID;
	*day = ymd_to_day(year, month, mday);
	return CC_OK;
}

/* Splits a day number: first whole 400-year cycles (shifted so the
 * remainder is never negative), then centuries, 4-year groups and years,
 * each clamped so the last day of a long cycle stays in it.  O(1). */
void calendar_to_ymd(int32_t day, int *year, int *month, int *mday)
{
	int64_t ord = (int64_t)day + EPOCH_ORDINAL; /* days since 0001-01-01 */
	int64_t base_year = 1;
	if (ord < 0) {
		int64_t cycles = (-ord - 1) / DAYS_PER_400Y + 1;
		ord += cycles * DAYS_PER_400Y;
		base_year -= 400 * cycles;
	}
	int64_t n400 = ord / DAYS_PER_400Y;
	int64_t rem = ord % DAYS_PER_400Y;
	int64_t n100 = rem / DAYS_PER_100Y;
	if (n100 == 4) /* 31 December of a year divisible by 400 */
		n100 = 3;
	rem -= n100 * DAYS_PER_100Y;
	int64_t n4 = rem / DAYS_PER_4Y;
	rem -= n4 * DAYS_PER_4Y;
	int64_t n1 = rem / 365;
	if (n1 == 4) /* 31 December of a leap year */
		n1 = 3;
	rem -= n1 * 365;

	int y = (int)(base_year + 400 * n400 + 100 * n100 + 4 * n4 + n1);
	int leap = calendar_is_leap(y);
	int m = 1;
	while (m < 12 && rem >= month_start[m] + (m >= 2 ? leap : 0))
		m++;
	int d = (int)(rem - month_start[m - 1] - (m > 2 ? leap : 0)) + 1;
	if (year != NULL)
		*year = y;
	if (month != NULL)
		*month = m;
	if (mday != NULL)
		*mday = d;
}

/* Floor division for b > 0. */
static int64_t floor_div(int64_t a, int64_t b)
{
	return a >= 0 ? a / b : -((-a + b - 1) / b);
}

/* Days from 0001-01-01 to 1 January of year y (any y). */
static int64_t jan1_ordinal(int64_t y)
{
	int64_t p = y - 1;
	return p * 365 + floor_div(p, 4) - floor_div(p, 100) + floor_div(p, 400);
}

/* The year alone, cheaper than calendar_to_ymd(): the mean Gregorian year
 * (146097 / 400 days) gives the year up to one either way, and comparing
 * with 1 January settles it.  O(1). */
int calendar_year(int32_t day)
{
	int64_t ord = (int64_t)day + EPOCH_ORDINAL;
	int64_t y = floor_div(ord * 400, DAYS_PER_400Y) + 1;
	while (jan1_ordinal(y) > ord)
		y--;
	while (jan1_ordinal(y + 1) <= ord)
		y++;
	return (int)y;
}

int calendar_weekday(int32_t day)
{
	int r = (int)(((int64_t)day % 7 + 7) % 7); /* 0 = Thursday (day 0) */
	return (r + 3) % 7 + 1;
}

const char *calendar_weekday_abbr(int weekday)
{
	static const char *const names[] = {"Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"};
	if (weekday < 1 || weekday > 7)
		return "???";
	return names[weekday - 1];
}

/* Value of n decimal digits at s, or -1 if any of them is not a digit. */
static int digits(const char *s, int n)
{
	int v = 0;
	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* Strict "YYYY-MM-DD": checks the shape first (length, dashes, digits),
 * then the year range, then that the day exists.  O(1). */
int calendar_parse(const char *s, int32_t *day, char *err, size_t errlen)
{
	char msg[96];
	if (s == NULL) {
		set_err(err, errlen, "no date given");
		return CC_ERR_MALFORMED;
	}
	size_t len = 0;
	while (len < 11 && s[len] != '\0') /* strnlen is not C11 */
		len++;
	int y = -1, m = -1, d = -1;
	if (len == 10 && s[4] == '-' && s[7] == '-') {
		y = digits(s, 4);
		m = digits(s + 5, 2);
		d = digits(s + 8, 2);
	}
	if (y < 0 || m < 0 || d < 0) {
		snprintf(msg, sizeof msg, "'%.20s%s' is not a date of the form YYYY-MM-DD", s,
		         len > 20 ? "..." : "");
		set_err(err, errlen, msg);
		return CC_ERR_MALFORMED;
	}
	if (y < CALENDAR_MIN_YEAR || y > CALENDAR_MAX_YEAR) {
		snprintf(msg, sizeof msg, "the year of %s is outside %d..%d", s, CALENDAR_MIN_YEAR,
		         CALENDAR_MAX_YEAR);
		set_err(err, errlen, msg);
		return CC_ERR_RANGE;
	}
	if (m < 1 || m > 12) {
		snprintf(msg, sizeof msg, "%s is not a date: there is no month %02d", s, m);
		set_err(err, errlen, msg);
		return CC_ERR_INVALID;
	}
	if (d < 1 || d > calendar_days_in_month(y, m)) {
		snprintf(msg, sizeof msg, "%s is not a date: month %02d of %d has %d days", s, m, y,
		         calendar_days_in_month(y, m));
		set_err(err, errlen, msg);
		return CC_ERR_INVALID;
	}
	*day = ymd_to_day(y, m, d);
	return CC_OK;
}

int calendar_format(int32_t day, char *buf, size_t len)
{
	if (buf == NULL || len < CALENDAR_ISO_LEN) {
		if (buf != NULL && len > 0)
			buf[0] = '\0';
		return CC_ERR_NOMEM;
	}
	int y, m, d;
	calendar_to_ymd(day, &y, &m, &d);
	if (y < 1 || y > 9999) {
		buf[0] = '\0';
		return CC_ERR_RANGE;
	}
	/* "YYYY-MM-DD" by hand: the move path writes a dozen dates a move
	 * (the GAME, the mail), and snprintf() cost ten times this. */
	const int digits[8] = {y / 1000, y / 100 % 10, y / 10 % 10, y % 10,
	                       m / 10,   m % 10,       d / 10,      d % 10};
	static const int at[8] = {0, 1, 2, 3, 5, 6, 8, 9};
	for (int i = 0; i < 8; i++)
		buf[at[i]] = (char)('0' + digits[i]);
	buf[4] = buf[7] = '-';
	buf[10] = '\0';
	return CC_OK;
}

/* Month arithmetic on (year * 12 + month - 1), then the day clamped to the
 * target month's length.  O(1). */
int calendar_add_months(int32_t day, int n, int32_t *out)
{
	int y, m, d;
	calendar_to_ymd(day, &y, &m, &d);
	int64_t idx = (int64_t)y * 12 + (m - 1) + n;
	if (idx < 12 || idx > (int64_t)9999 * 12 + 11)
		return CC_ERR_RANGE;
	int ny = (int)(idx / 12), nm = (int)(idx % 12) + 1;
	int last = calendar_days_in_month(ny, nm);
	*out = ymd_to_day(ny, nm, d > last ? last : d);
	return CC_OK;
}

int calendar_add_years(int32_t day, int n, int32_t *out)
{
	if (n > 10000 || n < -10000)
		return CC_ERR_RANGE;
	return calendar_add_months(day, 12 * n, out);
}

/* The anonymous Gregorian computus (Meeus, Jones, Butcher): golden number,
 * century corrections for the solar (leap-year) and lunar (Metonic drift)
 * equations, the epact-like h, the weekday offset l and the rare
 * correction m; month and day fall out of one division.  O(1). */
int calendar_easter(int year, int32_t *sunday)
{
	if (year < CALENDAR_MIN_YEAR || year > CALENDAR_MAX_YEAR)
		return CC_ERR_RANGE;
	int a = year % 19;
	int b = year / 100, c = year % 100;
	int d = b / 4, e = b % 4;
	int f = (b + 8) / 25;
	int g = (b - f + 1) / 3;
	int h = (19 * a + b - d - g + 15) % 30;
	int i = c / 4, k = c % 4;
	int l = (32 + 2 * e + 2 * i - h - k) % 7;
	int m = (a + 11 * h + 22 * l) / 451;
	int month = (h + l - 7 * m + 114) / 31;
	int mday = (h + l - 7 * m + 114) % 31 + 1;
	*sunday = ymd_to_day(year, month, mday);
	return CC_OK;
}
