/* dsu_fed.c: members, entries, appeals, quarantines in force and the
 * editions' seasons (see dsu_fed.h). */
#include "tourney/dsu_fed.h"

#include <stdio.h>
#include <string.h>

#include "clock/calendar.h"
#include "util/status.h"

static const char *const membership_names[] = {
        [DSU_MEMBER_UNKNOWN] = "",
        [DSU_MEMBER_CLUB] = "club",
        [DSU_MEMBER_INDIVIDUAL] = "individual",
        [DSU_MEMBER_NONE] = "none",
};

enum dsu_membership dsu_membership_of(const char *name)
{
	for (int m = DSU_MEMBER_CLUB; name && m <= DSU_MEMBER_NONE; m++)
		if (strcmp(membership_names[m], name) == 0)
			return (enum dsu_membership)m;
	return DSU_MEMBER_UNKNOWN;
}

const char *dsu_membership_name(enum dsu_membership m)
{
	return (unsigned)m <= DSU_MEMBER_NONE ? membership_names[m] : "";
}

bool dsu_may_enter_as(enum dsu_membership m, int groups)
{
	/* DSU 6.1.2: one group of the EMT or the cup without membership */
	return m != DSU_MEMBER_NONE || groups <= 0;
}

int dsu_entry_valid(int32_t fee, int32_t today, int32_t *valid, char *err, size_t errlen)
{
	*valid = DSU_NO_DATE;
	if (fee == DSU_NO_DATE)
		return 0; /* 6.4.4.1: not valid before the TL has the fee */
	if (today != DSU_NO_DATE && fee > today)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "a fee is recorded when it has been received: on or before today");
	*valid = fee;
	return 1;
}

static const char *const kind_names[] = {
        [DSU_DECISION_RULING] = "ruling",
        [DSU_DECISION_WARNING] = "warning",
        [DSU_DECISION_QUARANTINE] = "quarantine",
        [DSU_DECISION_EXCLUSION] = "exclusion",
};

int dsu_decision_kind_of(const char *name, enum dsu_decision_kind *k)
{
	for (int i = 0; name && i <= DSU_DECISION_EXCLUSION; i++)
		if (strcmp(kind_names[i], name) == 0) {
			*k = (enum dsu_decision_kind)i;
			return CC_OK;
		}
	return CC_ERR_INVALID;
}

int dsu_appeal_in_time(int32_t notified, int32_t filed, int32_t *by, char *err, size_t errlen)
{
	if (notified == DSU_NO_DATE || filed == DSU_NO_DATE || notified < CALENDAR_MIN_DAY ||
	    notified > CALENDAR_MAX_DAY - 21)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a date is out of range");
	if (filed < notified)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "an appeal is filed after the decision was notified, not before");
	*by = notified + 21; /* 6.4.3, 6.8.10: "senest 3 uger efter" */
	return filed <= *by ? 1 : 0;
}

bool dsu_appeal_suspends(enum dsu_appeal_body body, enum dsu_decision_kind k)
{
	/* 6.4.3: to the KC "uden opsættende virkning"; to Skaknævnet "idet
	 * partierne stilles i bero" for quarantine and exclusion only */
	return body == DSU_APPEAL_SKAKNAEVNET &&
	       (k == DSU_DECISION_QUARANTINE || k == DSU_DECISION_EXCLUSION);
}

int dsu_quarantine_on(const struct dsu_sanction_applied *a, const bool *suspended, size_t n,
                      int32_t day)
{
	for (size_t i = 0; i < n; i++)
		if (a[i].kind == DSU_QUARANTINE && !(suspended && suspended[i]) &&
		    day >= a[i].start && day <= a[i].end)
			return (int)i;
	return -1;
}

int dsu_edition_in_season(enum dsu_edition e, int32_t start, char *why, size_t whylen)
{
	int month;
	calendar_to_ymd(start, NULL, &month, NULL);
	if (e == DSU_EDITION_DM) {
		if (month == 9)
			return 1;
		snprintf(why, whylen, "the DM starts every year in September (DSU 6.5.2)");
		return 0;
	}
	if (month >= 10)
		return 1;
	snprintf(why, whylen,
	         "the cup's preliminary round starts in the last quarter of the year (DSU 6.6.3)");
	return 0;
}
