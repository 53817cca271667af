/* clock.c: `corrchess days` and `corrchess easter`.  Parsing and
 * printing only; every rule lives in lib/clock/ and lib/clock/calendar.c. */
#include "cmd/cmd_clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "cmd/cmd_fail.h"
#include "util/status.h"

#define EXIT_USAGE 2

static const char days_usage[] =
        "usage: corrchess days --profile P --received DATE --sent DATE "
        "[--vacation START:END]...\n"
        "       corrchess days --profile P --opponent-sent DATE --sent DATE ...\n"
        "\n"
        "Prints the thinking time one move costs under the DSU rules (DSU 6.3.1):\n"
        "the days d with received <= d < sent that are not stopped by a vacation\n"
        "(--vacation, both days included, repeatable) or a mandatory holiday.\n"
        "The number alone is the last line.  Dates are YYYY-MM-DD.\n"
        "--opponent-sent derives the receipt date from the sender's date\n"
        "(dsu-email: the day after; server: the same day).\n"
        "Profiles:";

static const char easter_usage[] =
        "usage: corrchess easter YEAR\n"
        "\n"
        "Prints Easter Sunday of YEAR (1583..9999, Gregorian computus) and the\n"
        "mandatory Easter holiday, Tuesday before to Tuesday after (DSU 6.3.6.2):\n"
        "  easter YYYY-MM-DD\n"
        "  holiday YYYY-MM-DD YYYY-MM-DD\n";

static void print_days_usage(FILE *f)
{
	fputs(days_usage, f);
	for (size_t i = 0; clock_profile_at(i) != NULL; i++)
		fprintf(f, " %s", clock_profile_at(i)->name);
	fputc('\n', f);
}

/* The value of option `name` at argv[*i]: "--name VALUE" or
 * "--name=VALUE".  NULL when argv[*i] is not that option; *missing is set
 * when it is but has no value. */
static const char *opt_value(int argc, char **argv, int *i, const char *name, int *missing)
{
	size_t n = strlen(name);
	const char *a = argv[*i];
	if (strncmp(a, name, n) != 0)
		return NULL;
	if (a[n] == '=')
		return a + n + 1;
	if (a[n] != '\0')
		return NULL;
	if (*i + 1 >= argc) {
		*missing = 1;
		return NULL;
	}
	return argv[++*i];
}

int cmd_days(int argc, char **argv)
{
	const char *cmd = "days";
	const char *profile_name = NULL, *received_s = NULL, *sent_s = NULL, *opp_s = NULL;
	struct clock_interval *vac = NULL;
	size_t nvac = 0;
	char err[256];
	int rc = EXIT_USAGE;

	vac = calloc((size_t)(argc > 0 ? argc : 1), sizeof *vac);
	if (vac == NULL)
		return cmd_fail(cmd, EXIT_USAGE, "out of memory");
	for (int i = 1; i < argc; i++) {
		int missing = 0;
		const char *v;
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			print_days_usage(stdout);
			free(vac);
			return 0;
		}
		if ((v = opt_value(argc, argv, &i, "--profile", &missing)) != NULL) {
			profile_name = v;
		} else if ((v = opt_value(argc, argv, &i, "--received", &missing)) != NULL) {
			received_s = v;
		} else if ((v = opt_value(argc, argv, &i, "--sent", &missing)) != NULL) {
			sent_s = v;
		} else if ((v = opt_value(argc, argv, &i, "--opponent-sent", &missing)) != NULL) {
			opp_s = v;
		} else if ((v = opt_value(argc, argv, &i, "--vacation", &missing)) != NULL) {
			char first[32], last[32];
			const char *colon = strchr(v, ':');
			if (colon == NULL || (size_t)(colon - v) >= sizeof first ||
			    strlen(colon + 1) >= sizeof last) {
				rc = cmd_fail(cmd, EXIT_USAGE,
				              "--vacation takes START:END, e.g. "
				              "2027-06-08:2027-06-22, not '%.40s'",
				              v);
				goto done;
			}
			memcpy(first, v, (size_t)(colon - v));
			first[colon - v] = '\0';
			strcpy(last, colon + 1);
			if (calendar_parse(first, &vac[nvac].first, err, sizeof err) != CC_OK ||
			    calendar_parse(last, &vac[nvac].last, err, sizeof err) != CC_OK) {
				rc = cmd_fail(cmd, EXIT_USAGE, "--vacation: %s", err);
				goto done;
			}
			if (vac[nvac].last < vac[nvac].first) {
				rc = cmd_fail(cmd, EXIT_USAGE,
				              "--vacation %s ends before it starts", v);
				goto done;
			}
			nvac++;
		} else if (missing) {
			rc = cmd_fail(cmd, EXIT_USAGE, "%s needs a value", argv[i]);
			goto done;
		} else {
			rc = cmd_fail(cmd, EXIT_USAGE,
			              "unknown argument '%.60s' (see corrchess days --help)",
			              argv[i]);
			goto done;
		}
	}
	if (profile_name == NULL || sent_s == NULL || (received_s == NULL) == (opp_s == NULL)) {
		rc = cmd_fail(cmd, EXIT_USAGE,
		              "needs --profile, --sent and one of --received / --opponent-sent "
		              "(see corrchess days --help)");
		goto done;
	}
	const struct clock_profile *p = clock_profile_find(profile_name);
	if (p == NULL) {
		rc = cmd_fail(cmd, EXIT_USAGE,
		              "unknown profile '%.40s' (known: dsu-post, dsu-email, server)",
		              profile_name);
		goto done;
	}
	int32_t received, sent;
	if (received_s != NULL) {
		if (calendar_parse(received_s, &received, err, sizeof err) != CC_OK) {
			rc = cmd_fail(cmd, EXIT_USAGE, "--received: %s", err);
			goto done;
		}
	} else {
		int32_t opp;
		if (calendar_parse(opp_s, &opp, err, sizeof err) != CC_OK) {
			rc = cmd_fail(cmd, EXIT_USAGE, "--opponent-sent: %s", err);
			goto done;
		}
		if (clock_receipt_date(p, opp, &received, err, sizeof err) != CC_OK) {
			rc = cmd_fail(cmd, EXIT_USAGE, "%s: %s; give --received", p->name, err);
			goto done;
		}
	}
	if (calendar_parse(sent_s, &sent, err, sizeof err) != CC_OK) {
		rc = cmd_fail(cmd, EXIT_USAGE, "--sent: %s", err);
		goto done;
	}
	struct clock_days d;
	if (clock_move_days(p, received, sent, vac, nvac, &d, err, sizeof err) != CC_OK) {
		rc = cmd_fail(cmd, EXIT_USAGE, "%s", err);
		goto done;
	}
	char r_iso[CALENDAR_ISO_LEN], s_iso[CALENDAR_ISO_LEN], c_iso[CALENDAR_ISO_LEN];
	calendar_format(received, r_iso, sizeof r_iso);
	calendar_format(sent, s_iso, sizeof s_iso);
	calendar_format(d.counted_sent, c_iso, sizeof c_iso);
	printf("profile %s: received %s (%s), sent %s (%s)", p->name, r_iso,
	       calendar_weekday_abbr(calendar_weekday(received)), s_iso,
	       calendar_weekday_abbr(calendar_weekday(sent)));
	if (d.counted_sent != sent)
		printf(", counted as %s (weekend rule)", c_iso);
	printf("\n%d calendar day%s, %d stopped\n%d\n", (int)d.calendar, d.calendar == 1 ? "" : "s",
	       (int)d.stopped, (int)d.days);
	rc = 0;
done:
	free(vac);
	return rc;
}

int cmd_easter(int argc, char **argv)
{
	const char *cmd = "easter";
	const char *year_s = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			fputs(easter_usage, stdout);
			return 0;
		}
		if (year_s != NULL || argv[i][0] == '-')
			return cmd_fail(
			        cmd, EXIT_USAGE,
			        "takes one argument, the year (see corrchess easter --help)");
		year_s = argv[i];
	}
	if (year_s == NULL)
		return cmd_fail(cmd, EXIT_USAGE, "needs a year (see corrchess easter --help)");
	size_t n = strlen(year_s);
	int year = 0;
	if (n < 1 || n > 4 || strspn(year_s, "0123456789") != n)
		return cmd_fail(cmd, EXIT_USAGE, "'%.20s' is not a year", year_s);
	year = atoi(year_s);
	struct clock_interval span;
	if (clock_easter_holiday(year, &span) != CC_OK)
		return cmd_fail(cmd, EXIT_USAGE, "year %d is outside %d..%d", year,
		                CALENDAR_MIN_YEAR, CALENDAR_MAX_YEAR);
	char e[CALENDAR_ISO_LEN], a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN];
	int32_t sunday;
	calendar_easter(year, &sunday);
	calendar_format(sunday, e, sizeof e);
	calendar_format(span.first, a, sizeof a);
	calendar_format(span.last, b, sizeof b);
	printf("easter %s\nholiday %s %s\n", e, a, b);
	return 0;
}
