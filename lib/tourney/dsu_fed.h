/* dsu_fed.h: the federation's year around the groups (issue 22): who may
 * enter without being a member (DSU 6.1.2), the entry's valid day
 * (6.4.4.1), the appeal of a decision and what it suspends (6.4.3,
 * 6.8.10), the quarantine in force on a day from the register of
 * warnings and quarantines (4.1.1 §19, applied by dsu_register_apply()
 * in dsu_admin.h), and the season an edition starts in (6.5.2, 6.6.3).
 *
 * Pure library code: only libc, no allocation.  Dates are day numbers
 * (lib/calendar.h). */
#ifndef CORRCHESS_DSU_FED_H
#define CORRCHESS_DSU_FED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tourney/dsu_admin.h"

/* A player's tie to DSU (6.4.4.1 a). */
enum dsu_membership {
	DSU_MEMBER_UNKNOWN = 0, /* not given */
	DSU_MEMBER_CLUB,        /* through a club */
	DSU_MEMBER_INDIVIDUAL,  /* an individual member ("enkeltmedlem") */
	DSU_MEMBER_NONE,        /* not a member of DSU */
};

/* The membership of a stored name ("club", "individual", "none");
 * DSU_MEMBER_UNKNOWN for NULL or anything else. */
enum dsu_membership dsu_membership_of(const char *name);
/* The stored name ("club", ...; "" for unknown); static. */
const char *dsu_membership_name(enum dsu_membership m);

/* DSU 6.1.2: "En spiller kan dog deltage i én gruppe i EMT eller
 * pokalturneringen uden at være medlem af DSU": may a player of
 * membership m, who has been (or is, or waits to be) in `groups` groups
 * of the EMT and the cup, enter another?  A member always; a non-member
 * only when groups is 0; an unknown membership is not refused (the TL
 * has not recorded it; docs/TOURNAMENTS.md "Members"). */
bool dsu_may_enter_as(enum dsu_membership m, int groups);

/* DSU 6.4.4.1: "Tilmeldingen er først gyldig, når TL har modtaget
 * indskuddet": the day an entry is valid from: the day the fee was
 * received (fee, DSU_NO_DATE: not yet received: the entry is not valid,
 * *valid = DSU_NO_DATE and 0 is returned).  A fee received after today
 * is refused (CC_ERR_INVALID with err).  Returns 1 valid, 0 not yet. */
int dsu_entry_valid(int32_t fee, int32_t today, int32_t *valid, char *err, size_t errlen);

/* Who decides an appeal (6.4.3): the KC a TL's decision, Skaknævnet the
 * KC's. */
enum dsu_appeal_body {
	DSU_APPEAL_KC = 0,
	DSU_APPEAL_SKAKNAEVNET,
};

/* What a decision imposes (6.4.2). */
enum dsu_decision_kind {
	DSU_DECISION_RULING = 0, /* any other decision of the TL (6.4.1) */
	DSU_DECISION_WARNING,
	DSU_DECISION_QUARANTINE,
	DSU_DECISION_EXCLUSION, /* "bortvisning fra turneringen" */
};

/* The kind of a stored name ("ruling", "warning", "quarantine",
 * "exclusion"): 0 and *k, or CC_ERR_INVALID. */
int dsu_decision_kind_of(const char *name, enum dsu_decision_kind *k);

/* DSU 6.4.3 / 6.8.10: "I hvert led skal appel ske skriftligt senest 3
 * uger efter, at afgørelsen er meddelt klageren": an appeal filed on
 * `filed` against a decision (or a ruling on an appeal) notified on
 * `notified` is in time through notified + 21 days (*by).  Returns 1 in
 * time, 0 too late; CC_ERR_INVALID (filed before it was notified) or
 * CC_ERR_RANGE with err. */
int dsu_appeal_in_time(int32_t notified, int32_t filed, int32_t *by, char *err, size_t errlen);

/* DSU 6.4.3: the appeal to the KC has no suspensive effect ("dog uden
 * opsættende virkning"); the appeal of the KC's decision to Skaknævnet
 * puts the games on hold for a decision imposing a quarantine or an
 * exclusion, never for another ("mens øvrige afgørelser ikke har
 * opsættende virkning").  Whether an appeal to body against a decision
 * of kind k suspends it. */
bool dsu_appeal_suspends(enum dsu_appeal_body body, enum dsu_decision_kind k);

/* The quarantine of the applied register a[0..n) (dsu_register_apply())
 * in force on day: its index, or -1 when none is.  suspended[i] (may be
 * NULL) marks a sanction whose appeal suspends it (dsu_appeal_suspends()):
 * it is not in force meanwhile.  O(n). */
int dsu_quarantine_on(const struct dsu_sanction_applied *a, const bool *suspended, size_t n,
                      int32_t day);

/* The editions whose season is fixed. */
enum dsu_edition {
	DSU_EDITION_DM = 0,     /* 6.5.2: "Spillet i DM-klassen begynder hvert år i september" */
	DSU_EDITION_CUP_PRELIM, /* 6.6.3: "Indledende runde startes normalt hvert år i sidste
	                           kvartal" */
};

/* Whether an edition starting on `start` starts in its season: 1 yes; 0
 * no, with the sentence of the rule in why (a warning for the TL, never a
 * refusal: the KC may say otherwise). */
int dsu_edition_in_season(enum dsu_edition e, int32_t start, char *why, size_t whylen);

#endif
