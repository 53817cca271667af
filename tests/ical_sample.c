/* ical_sample.c: writes the calendar feeds that tests/ical_read.py reads
 * back with a real iCalendar parser (python3-icalendar).
 *
 * Usage: ical_sample EN_FILE DA_FILE.  The same user twice (English, then
 * Danish): games with forfeit and reminder dates, names that need TEXT
 * escapes and long enough to be folded, two vacations, and the mandatory
 * holidays of 2026-2030.  The script knows these inputs and computes the
 * expected dates itself (Easter by its own computus). */
#include <stdio.h>
#include <stdlib.h>

#include "clock/calendar.h"
#include "export/ical.h"
#include "util/status.h"

static int32_t day(const char *iso)
{
	int32_t d = ICAL_NO_DATE;
	if (calendar_parse(iso, &d, NULL, 0) != CC_OK)
		abort();
	return d;
}

static int write_one(const char *path, bool danish)
{
	struct ical_game g[] = {
	        {7, "Søren Ærø, \"Skakhajen\"; Østergård\\Vest", "bob", day("2027-06-28"),
	         day("2027-06-19"), true},
	        {9, "bob", "carl", day("2027-07-10"), ICAL_NO_DATE, false},
	        {11, "dora", "bob", ICAL_NO_DATE, day("2027-05-02"), false},
	};
	struct ical_vacation v[] = {{3, day("2027-06-08"), day("2027-06-22")},
	                            {4, day("2027-12-27"), day("2028-01-05")}};
	struct ical_user u = {"bob", danish, "https://chess.example", g, 3, v, 2, 2026, 2030, 42};
	struct ical_feed f = {danish ? "corrchess: bob (dansk)" : "corrchess: bob", "chess.example",
	                      day("2026-12-01"), 9 * 3600 + 30 * 60};
	char *feed = NULL, err[200];
	if (ical_user_feed(&f, &u, &feed, err, sizeof err) != CC_OK) {
		fprintf(stderr, "ical_sample: %s\n", err);
		return 1;
	}
	FILE *fp = fopen(path, "wb");
	int rc = fp && fputs(feed, fp) >= 0 ? 0 : 1;
	if (fp && fclose(fp) != 0)
		rc = 1;
	free(feed);
	if (rc)
		fprintf(stderr, "ical_sample: cannot write %s\n", path);
	return rc;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: ical_sample EN_FILE DA_FILE\n");
		return 2;
	}
	return write_one(argv[1], false) || write_one(argv[2], true);
}
