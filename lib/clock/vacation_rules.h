/* clock/vacation_rules.h: whether a player's request for a vacation or
 * TL special leave is granted, measured against everything he has already
 * taken, in all his tournaments (DSU 6.3.6, 6.8.8; docs/RULES.md).
 *
 * clock.h checks one request against one profile and one tournament
 * (clock_vacation_check()).  A player plays several games at once, in
 * several tournaments and under several profiles; this file decides the
 * rest:
 *
 * - Place (DSU 6.3.6, 6.8.8): a postal vacation belongs to one tournament
 *   (the one named, or his only one); an e-mail or server vacation stops
 *   all his games ("samtidigt mod alle tilbageværende modstandere",
 *   6.8.8).  A postal player in several tournaments must say which.
 * - Allowance: each tournament's counts from its own start (6.3.6: "pr.
 *   år, regnet fra turneringsstarten"), with the periods of that
 *   tournament and those of all games; a period for all games must also
 *   fit the rules of all his active games together (the strictest notice
 *   and allowance win, the days are the most any profile charges).
 * - Overlap: a period may not overlap another of the same player, of
 *   either kind (a vacation over special leave, or the reverse).
 *
 * Pure library code: no I/O, only libc (malloc for the work arrays).
 * Inputs are borrowed and only read; no pointer is kept past a return. */
#ifndef CORRCHESS_CLOCK_VACATION_RULES_H
#define CORRCHESS_CLOCK_VACATION_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock/clock.h"

/* A period a player has taken, as the rules see it. */
struct clock_period {
	struct clock_interval iv;  /* first and last day, both stopped */
	enum clock_stop_kind kind; /* CLOCK_VACATION or CLOCK_SPECIAL_LEAVE */
	int64_t tournament;        /* the tournament it belongs to; 0: all his games */
};

/* One tournament of the player's active games. */
struct clock_vacation_tournament {
	int64_t id;                       /* > 0 */
	int32_t start;                    /* its start: its years count from here */
	const struct clock_profile *prof; /* borrowed */
};

#define CLOCK_VACATION_PROFILES_MAX 8 /* distinct profiles among one player's games */

/* The rules of all a player's games together: the start of his earliest
 * active game (or the day of the request when he has none) and the
 * profiles of his active games (the "server" profile when none). */
struct clock_vacation_rules {
	int32_t start;
	const struct clock_profile *prof[CLOCK_VACATION_PROFILES_MAX]; /* borrowed */
	size_t nprof;                                                  /* 1.. */
};

/* Whether a vacation under profile p belongs to one tournament (postal
 * and e-mail play, DSU 6.3.6.1, 6.8.8: all remaining opponents of that
 * tournament, issue 21) rather than to all the player's games (server
 * play): the profile's vacation_all_games. */
bool clock_vacation_per_tournament(const struct clock_profile *p);

/* Where a request lands: active[0..nactive-1] are the tournaments of the
 * player's active games, named the tournament the request names (NULL:
 * none; the caller checked that he plays in it).  Sets *belongs to the
 * tournament the period will belong to (0: all his games) and copies into
 * check (room for nactive, at least 1) the tournaments whose allowance it
 * must fit, *ncheck of them.  CC_OK; CC_ERR_INVALID with a sentence when
 * no tournament is named and he plays postal or e-mail in one of several
 * (DSU 6.3.6.1, 6.8.8: the player must say which).  O(nactive). */
int clock_vacation_place(const struct clock_vacation_tournament *active, size_t nactive,
                         const struct clock_vacation_tournament *named, int64_t *belongs,
                         struct clock_vacation_tournament *check, size_t *ncheck, char *err,
                         size_t errlen);

/* The periods of v[0..n-1] that count in tournament t (its own and those
 * of all games; t 0: those of all games), copied into out in their order
 * (out may be v: done in place).  Returns how many. */
size_t clock_periods_in(const struct clock_period *v, size_t n, int64_t t,
                        struct clock_period *out);

/* A request of a player. */
struct clock_vacation_request {
	enum clock_stop_kind kind;
	struct clock_interval iv;
	int32_t notice; /* the notice date of a vacation (DSU 6.3.6.1); special leave
	                   takes none (6.3.6.4, 6.8.8) and ignores it */
};

struct clock_vacation_decision {
	enum clock_vacation_verdict verdict; /* CLOCK_VAC_OK: granted */
	int32_t days;                        /* the days it charges: the most any profile counts */
};

/* Whether request rq of a player who has taken periods[0..np-1] is
 * granted.  all: the rules of all his games together, for a period of all
 * his games (NULL for one that belongs to a tournament); tournaments: the
 * tournaments whose allowance it must fit (clock_vacation_place()), each
 * with its own periods and those of all games.  Checked in the order a
 * player wants to hear it: the span, the tournament start, the notice, an
 * overlap with a period of the same kind, one of the other kind, the
 * allowance; of several profiles or tournaments the first failing check
 * in that order wins.  CC_OK and out->days when granted; CC_ERR_INVALID
 * with out->verdict and a sentence in err when refused (it names the
 * profile where the rules differ by profile); CC_ERR_INVALID with
 * out->verdict CLOCK_VAC_OK for bad arguments, CC_ERR_NOMEM.
 * Cost O((profiles + tournaments) * periods * years touched). */
int clock_vacation_decide(const struct clock_vacation_rules *all,
                          const struct clock_vacation_tournament *tournaments, size_t nt,
                          const struct clock_period *periods, size_t np,
                          const struct clock_vacation_request *rq,
                          struct clock_vacation_decision *out, char *err, size_t errlen);

/* The days period iv charges under the rules r: the most any of its
 * profiles counts (holidays are not charged where a profile has them);
 * CC_ERR_INVALID for a reversed span, CC_ERR_RANGE. */
int clock_vacation_charged(const struct clock_vacation_rules *r, struct clock_interval iv,
                           int32_t *days);

/* What a player has left in the tournament year of `date` (the first year
 * when date is before the start). */
struct clock_vacation_left {
	struct clock_interval year; /* the tournament year (DSU 6.3.6) */
	int32_t vacation;           /* vacation days left; -1: no cap */
	int32_t special_leave;      /* special leave days left; -1: no cap (6.3.6.4) */
};

/* The days left of each kind under rules r, with the periods v[0..n-1]
 * taken: the smallest left under any profile with a cap, never below 0
 * (periods taken before the years moved may exceed an allowance).  CC_OK;
 * CC_ERR_RANGE or CC_ERR_INVALID with a sentence for bad dates, or
 * CC_ERR_NOMEM.  O(profiles * n * years). */
int clock_vacation_left(const struct clock_vacation_rules *r, const struct clock_period *v,
                        size_t n, int32_t date, struct clock_vacation_left *out, char *err,
                        size_t errlen);

#endif
