/* clock/vacation_rules.c: a player's request against all he has taken
 * (clock/vacation_rules.h; DSU 6.3.6, 6.8.8). */
#include "clock/vacation_rules.h"

#include <stdlib.h>
#include <string.h>

#include "clock/stops.h"

bool clock_vacation_per_tournament(const struct clock_profile *p)
{
	/* DSU 6.3.6.1 "samtlige tilbageværende modstandere i gruppen", 6.8.8
	 * "samtidigt mod alle tilbageværende modstandere" - of its tournament,
	 * by post and by e-mail (issue 21); server play: all his games */
	return p != NULL && !p->vacation_all_games;
}

int clock_vacation_place(const struct clock_vacation_tournament *active, size_t nactive,
                         const struct clock_vacation_tournament *named, int64_t *belongs,
                         struct clock_vacation_tournament *check, size_t *ncheck, char *err,
                         size_t errlen)
{
	*belongs = 0;
	*ncheck = 0;
	if (named) {
		if (clock_vacation_per_tournament(named->prof)) {
			/* DSU 6.3.6.1, 6.8.8: a postal or e-mail vacation belongs to
			 * its tournament */
			*belongs = named->id;
			check[0] = *named;
			*ncheck = 1;
			return CC_OK;
		}
		/* server play: all his games, so every tournament's allowance */
		if (nactive == 0) {
			check[0] = *named;
			*ncheck = 1;
			return CC_OK;
		}
	} else {
		size_t postal = 0;
		for (size_t i = 0; i < nactive; i++)
			postal += clock_vacation_per_tournament(active[i].prof);
		if (nactive > 1 && postal > 0)
			return cc_fail(
			        CC_ERR_INVALID, err, errlen,
			        "tournament: he plays in %zu tournaments; a vacation in postal "
			        "or e-mail play belongs to one of them (DSU 6.3.6.1, 6.8.8): "
			        "say which",
			        nactive);
		if (nactive == 1 && postal == 1)
			*belongs = active[0].id;
	}
	memcpy(check, active, nactive * sizeof *check);
	*ncheck = nactive;
	return CC_OK;
}

size_t clock_periods_in(const struct clock_period *v, size_t n, int64_t t, struct clock_period *out)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].tournament == 0 || v[i].tournament == t)
			out[k++] = v[i];
	return k;
}

/* The intervals of the periods of one kind, into taken (room for n). */
static size_t taken_of(const struct clock_period *v, size_t n, enum clock_stop_kind kind,
                       struct clock_interval *taken)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].kind == kind)
			taken[k++] = v[i].iv;
	return k;
}

static const char *kind_text(enum clock_stop_kind kind)
{
	return kind == CLOCK_SPECIAL_LEAVE ? "special leave" : "vacation";
}

/* One set of rules (a start and its profiles) against the periods v that
 * count there: the first failing check of clock_vacation_check() under
 * any profile, then an overlap with a period of the other kind (which
 * outranks only the allowance).  *verdict and err for a refusal; *days
 * the most any profile charges.  CC_OK (also for a refusal: see
 * *verdict), or a failure of the arguments or of memory. */
static int check_rules(int32_t start, const struct clock_profile *const *prof, size_t nprof,
                       const struct clock_period *v, size_t n,
                       const struct clock_vacation_request *rq,
                       enum clock_vacation_verdict *verdict, int32_t *days, char *err,
                       size_t errlen)
{
	struct clock_interval *taken = n ? malloc(n * sizeof *taken) : NULL;
	if (n && !taken)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	size_t ntaken = taken_of(v, n, rq->kind, taken);
	enum clock_vacation_verdict worst = CLOCK_VAC_OK;
	*days = 0;
	for (size_t i = 0; i < nprof; i++) {
		struct clock_vacation_check out;
		char why[400];
		/* DSU 6.3.6.4, 6.8.8: special leave takes no notice */
		int rc = clock_vacation_check(prof[i], rq->kind, start, taken, ntaken,
		                              rq->kind == CLOCK_VACATION ? rq->notice
		                                                         : CLOCK_NO_DATE,
		                              rq->iv, &out, why, sizeof why);
		if (rc != CC_OK && out.verdict == CLOCK_VAC_OK) {
			free(taken);
			return cc_fail(rc, err, errlen, "the request cannot be checked (%s): %s",
			               prof[i]->name, why);
		}
		if (out.verdict != CLOCK_VAC_OK && (worst == CLOCK_VAC_OK || out.verdict < worst)) {
			worst = out.verdict;
			/* Name the profile where the rules differ by profile. */
			if (worst == CLOCK_VAC_NOTICE_TOO_SHORT || worst == CLOCK_VAC_TOO_LONG)
				set_err(err, errlen, "%s (%s rules)", why, prof[i]->name);
			else
				set_err(err, errlen, "%s", why);
		}
		if (out.days > *days)
			*days = out.days;
	}
	free(taken);
	/* The verdicts are numbered in the order they are checked. */
	if (worst == CLOCK_VAC_OK || worst > CLOCK_VAC_OVERLAP) {
		for (size_t i = 0; i < n; i++) {
			const struct clock_interval *t = &v[i].iv;
			if (v[i].kind == rq->kind || t->first > rq->iv.last ||
			    rq->iv.first > t->last)
				continue;
			char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN];
			worst = CLOCK_VAC_OVERLAP;
			set_err(err, errlen, "the %s overlaps the %s from %s to %s already taken",
			        kind_text(rq->kind), kind_text(v[i].kind), iso(t->first, a),
			        iso(t->last, b));
			break;
		}
	}
	*verdict = worst;
	return CC_OK;
}

int clock_vacation_decide(const struct clock_vacation_rules *all,
                          const struct clock_vacation_tournament *tournaments, size_t nt,
                          const struct clock_period *periods, size_t np,
                          const struct clock_vacation_request *rq,
                          struct clock_vacation_decision *out, char *err, size_t errlen)
{
	out->verdict = CLOCK_VAC_OK;
	out->days = 0;
	if ((rq->kind != CLOCK_VACATION && rq->kind != CLOCK_SPECIAL_LEAVE) ||
	    (all && (all->nprof == 0 || all->nprof > CLOCK_VACATION_PROFILES_MAX)) ||
	    (np && !periods) || (nt && !tournaments) || (!all && nt == 0))
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "a vacation request needs its rules, tournaments and periods");
	int32_t days;
	int rc;
	if (all) {
		/* All his games: the rules of all of them at once. */
		rc = check_rules(all->start, all->prof, all->nprof, periods, np, rq, &out->verdict,
		                 &days, err, errlen);
		if (rc != CC_OK || out->verdict != CLOCK_VAC_OK)
			return rc != CC_OK ? rc : CC_ERR_INVALID;
		out->days = days;
	}
	if (nt == 0)
		return CC_OK;
	/* DSU 6.3.6: each tournament's allowance from its own start, with its
	 * own periods and those of all games. */
	struct clock_period *sub = malloc((np ? np : 1) * sizeof *sub);
	if (!sub)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	for (size_t i = 0; i < nt; i++) {
		if (!tournaments[i].prof) {
			free(sub);
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "tournament %lld has no profile",
			               (long long)tournaments[i].id);
		}
		size_t k = clock_periods_in(periods, np, tournaments[i].id, sub);
		rc = check_rules(tournaments[i].start, &tournaments[i].prof, 1, sub, k, rq,
		                 &out->verdict, &days, err, errlen);
		if (rc != CC_OK || out->verdict != CLOCK_VAC_OK) {
			free(sub);
			return rc != CC_OK ? rc : CC_ERR_INVALID;
		}
		if (days > out->days)
			out->days = days;
	}
	free(sub);
	return CC_OK;
}

int clock_vacation_charged(const struct clock_vacation_rules *r, struct clock_interval iv,
                           int32_t *days)
{
	int last = CC_ERR_INVALID;
	*days = -1;
	for (size_t i = 0; i < r->nprof; i++) {
		int32_t d;
		last = clock_vacation_days(r->prof[i], iv, &d);
		if (last != CC_OK)
			return last;
		if (d > *days)
			*days = d;
	}
	return last;
}

int clock_vacation_left(const struct clock_vacation_rules *r, const struct clock_period *v,
                        size_t n, int32_t date, struct clock_vacation_left *out, char *err,
                        size_t errlen)
{
	out->vacation = out->special_leave = -1;
	if (r->nprof == 0 || r->nprof > CLOCK_VACATION_PROFILES_MAX || (n && !v))
		return cc_fail(CC_ERR_INVALID, err, errlen, "no rules to count the days left by");
	/* DSU 6.3.6: the year that counts is the tournament year of the date */
	if (date < r->start)
		date = r->start;
	int rc = clock_tournament_year(r->start, date, NULL, &out->year);
	if (rc != CC_OK)
		return cc_fail(rc, err, errlen, "the tournament year cannot be counted");
	struct clock_interval *taken = n ? malloc(n * sizeof *taken) : NULL;
	if (n && !taken)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	for (int k = CLOCK_VACATION; k <= CLOCK_SPECIAL_LEAVE; k++) {
		size_t nt = taken_of(v, n, (enum clock_stop_kind)k, taken);
		int32_t *into = k == CLOCK_VACATION ? &out->vacation : &out->special_leave;
		for (size_t i = 0; i < r->nprof; i++) {
			const struct clock_profile *p = r->prof[i];
			int32_t rem;
			if ((k == CLOCK_VACATION ? p->vacation_days : p->special_leave_days) < 0)
				continue; /* no cap under this profile (DSU 6.3.6.4) */
			rc = clock_vacation_remaining(p, (enum clock_stop_kind)k, r->start, taken,
			                              nt, date, &rem);
			if (rc != CC_OK) {
				free(taken);
				return cc_fail(rc, err, errlen, "the days left cannot be counted");
			}
			if (rem < 0)
				rem = 0; /* taken before the years moved (the earliest game ended)
				          */
			if (*into < 0 || rem < *into)
				*into = rem;
		}
	}
	free(taken);
	return CC_OK;
}
