/* vacations.c: vacations and TL special leave (API.md "Vacations";
 * DSU 6.3.6, 6.8.8; SPEC.md 4.3).  The rules themselves (notice,
 * allowance per tournament year, holidays not charged) are lib/clock's
 * clock_vacation_check(); this file finds what they apply to, stores the
 * period and reports it.
 *
 * The schema has no tournaments yet, so some words of the rules need a
 * reading here:
 *
 * - Tournament start (6.3.6: "35 dages ferie pr. år, regnet fra
 *   turneringsstarten"): the start date of the player's earliest active
 *   game.  A player with no active game has no tournament running, so his
 *   year counts from the notice date of the request (today); the list
 *   counts it from today too.  Tournament year k runs from start + k years
 *   to the day before start + k + 1 years (clock_tournament_year()).
 *   When the earliest game ends the years count from the next one.
 *
 * - Profile (allowance, notice, whether holidays are charged, the special
 *   leave cap): the profiles of the player's active games.  When they
 *   differ, every one of them must allow the request, so the strictest
 *   notice and allowance win, and "days" is the largest count among them.
 *   With no active game the "server" profile applies.
 *
 * - Scope (6.8.8: "Ferie skal afholdes samtidigt mod alle tilbageværende
 *   modstandere"): a period belongs to a player, not to a game, and
 *   store/games.c takes every period of both players as a game's stops, so one
 *   period stops all of the player's games at once.  That is the e-mail
 *   rule; in postal play the notice of 6.3.6.1 also goes to all remaining
 *   opponents, and without tournaments there is no group to narrow it to.
 *
 * - Notice (6.3.6.1): the notice date is the day of the request (API.md),
 *   for every vacation, whoever enters it.  Special leave is the TL's
 *   decision (6.3.6.4) and needs no notice.
 *
 * - Overlap: a period may not overlap another period of the same player
 *   of either kind: 409 "overlap", a conflict with what is stored (like a
 *   name taken), not a malformed request.
 *
 * - Who: a player for himself; a tl or admin for anyone; only a tl or
 *   admin grants special leave.  Anyone signed in may read the list (the
 *   opponents are to be told, 6.3.6.1). */
#include "autoconfig.h"
#include "api/vacations.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "base/log.h"
#include "svc/svc_notify.h"
#include "svc/svc_deadlines.h"
#include "corr/corr.h"
#include "store/users.h"
#include "store/vacations.h"
#include "util/status.h"

#define VAC_PERIODS_MAX 1000 /* stored periods per player; more are refused */
#define VAC_PROFILES_MAX STORE_VAC_PROFILES_MAX

/* What the rules of one player are measured against (see the top). */
struct rules {
	int32_t start;                                  /* tournament start */
	const struct clock_profile *prof[VAC_PROFILES_MAX]; /* borrowed, static */
	size_t nprof;                                   /* >= 1 */
};

static const char *kind_name(enum clock_stop_kind kind)
{
	return kind == CLOCK_SPECIAL_LEAVE ? "special_leave" : "vacation";
}

static void iso(int32_t day, char out[CALENDAR_ISO_LEN])
{
	if (calendar_format(day, out, CALENDAR_ISO_LEN) != CC_OK)
		snprintf(out, CALENDAR_ISO_LEN, "?");
}

/* Fills r for user: the tournament start and the profiles of his active
 * games (see the top of the file), `fallback` as the start and the
 * "server" profile when he has none.  Returns 0, or -1 when the database
 * fails (never rules read from part of his games). */
static int load_rules(struct app *app, int64_t user, int32_t fallback, struct rules *r)
{
	bool has_start;
	memset(r, 0, sizeof *r);
	r->start = fallback;
	if (store_vacations_rules(app->st, user, &r->start, &has_start, r->prof, VAC_PROFILES_MAX,
	                          &r->nprof) != STORE_OK)
		return -1;
	if (!has_start)
		r->start = fallback;
	if (r->nprof == 0)
		r->prof[r->nprof++] = clock_profile_find("server");
	return r->prof[0] ? 0 : -1;
}

/* Reads the stored periods of user, in date order, into *out (new, the
 * caller frees it; NULL when there are none), at most VAC_PERIODS_MAX + 1
 * of them so the caller can tell "full".  Returns 0, or -1 when the
 * database fails (a failed read never drops a period). */
static int load_periods(struct app *app, int64_t user, struct store_period **out, size_t *n)
{
	return store_vacations_of(app->st, user, VAC_PERIODS_MAX + 1, out, n) == STORE_OK ? 0 : -1;
}

#define VAC_TOURNAMENTS_MAX 64 /* active tournaments of one player looked at */

/* Postal play: a vacation belongs to one tournament (DSU 6.3.6); e-mail
 * (6.8.8: "samtidigt mod alle tilbageværende modstandere") and server
 * play: to all the player's games. */
static bool per_tournament(const struct clock_profile *p)
{
	return p->receipt == CLOCK_RECEIPT_STATED;
}

/* The periods of v that count in tournament t (its own and those of all
 * games), copied into out; returns how many. */
static size_t periods_of(const struct store_period *v, size_t n, int64_t t,
			 struct store_period *out)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].tournament == 0 || v[i].tournament == t)
			out[k++] = v[i];
	return k;
}

/* Copies the intervals of the periods of one kind into taken (room for n
 * entries); returns how many. */
static size_t taken_of(const struct store_period *v, size_t n, enum clock_stop_kind kind,
		       struct clock_interval *taken)
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++)
		if (v[i].kind == kind)
			taken[k++] = v[i].iv;
	return k;
}

/* The days a period charges against an allowance: its length less the
 * mandatory holidays in it when a profile has them (SPEC 4.4); with
 * several profiles the largest count.  -1 for a bad interval. */
static int32_t charged_days(const struct rules *r, struct clock_interval iv)
{
	int32_t most = -1;
	for (size_t i = 0; i < r->nprof; i++) {
		int32_t d;
		if (clock_vacation_days(r->prof[i], iv, &d) == CC_OK && d > most)
			most = d;
	}
	return most;
}

/* The JSON of one period (new). */
static json_t *period_json(int64_t user, const struct store_period *p, int32_t days)
{
	char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN];
	iso(p->iv.first, a);
	iso(p->iv.last, b);
	return json_pack("{s:I, s:I, s:s, s:s, s:i, s:s, s:s, s:o}", "id", (json_int_t)p->id,
			 "user", (json_int_t)user, "start", a, "end", b, "days", (int)days, "kind",
			 kind_name(p->kind), "notice_on", p->notice_on, "tournament",
			 p->tournament ? json_integer(p->tournament) : json_null());
}

/* Reads a required date field into *day: 0, or -1 with 422 missing_field,
 * invalid_field (not a string) or invalid_date (not a real YYYY-MM-DD). */
static int get_date(json_t *body, const char *key, int32_t *day, struct api_resp *rs)
{
	const char *text;
	char err[256];
	if (api_get_string(body, key, true, &text, rs))
		return -1;
	if (calendar_parse(text, day, err, sizeof err) != CC_OK) {
		api_error(rs, "invalid_date", "%s: %s", key, err);
		return -1;
	}
	/* Games live in these years (lib/corr); a period far outside them
	 * would push the clocks past the end of the calendar. */
	int year = calendar_year(*day);
	if (year < CORR_FIRST_YEAR || year > CORR_LAST_YEAR) {
		api_error(rs, "invalid_date", "%s: a period lies in the years %d to %d", key,
			  CORR_FIRST_YEAR, CORR_LAST_YEAR);
		return -1;
	}
	return 0;
}

/* Sets the response for a refused request: the codes of API.md for the
 * verdicts of clock_vacation_check(); returns the status. */
static int refuse(struct api_resp *rs, enum clock_vacation_verdict v, const char *msg)
{
	switch (v) {
	case CLOCK_VAC_BAD_SPAN:
		return api_error(rs, "invalid_date", "%s", msg);
	case CLOCK_VAC_BEFORE_START:
		return api_error(rs, "before_start", "%s", msg);
	case CLOCK_VAC_NOTICE_TOO_SHORT:
		return api_error(rs, "notice_too_short", "%s", msg); /* DSU 6.3.6.1 */
	case CLOCK_VAC_OVERLAP:
		return api_error(rs, "overlap", "%s", msg);
	case CLOCK_VAC_TOO_LONG:
		return api_error(rs, "vacation_too_long", "%s", msg); /* DSU 6.3.6, 6.8.8 */
	default:
		return api_error(rs, "internal", "%s", msg);
	}
}

/* Checks a request of `user` against his stored periods under every
 * profile of r (lib/clock does the rules), then for overlap with his
 * periods of the other kind.  On success returns 0 and *days, the days it
 * charges; else sets the response of the first failing check in the
 * order notice, overlap, allowance (the order of clock_vacation_check(),
 * whichever profile fails it) and returns -1.
 * Cost O(profiles * periods * years touched). */
static int check_request(const struct rules *r, const struct store_period *v, size_t n,
			 enum clock_stop_kind kind, int32_t notice, struct clock_interval req,
			 int32_t *days, struct api_resp *rs)
{
	struct clock_interval *taken = n ? calloc(n, sizeof *taken) : NULL;
	if (n && !taken) {
		api_error(rs, "internal", "out of memory");
		return -1;
	}
	size_t ntaken = taken_of(v, n, kind, taken);
	enum clock_vacation_verdict worst = CLOCK_VAC_OK;
	char why[512] = "";
	*days = 0;
	for (size_t i = 0; i < r->nprof; i++) {
		struct clock_vacation_check out;
		char err[400];
		/* Special leave takes no notice (DSU 6.3.6.4, 6.8.8). */
		int rc = clock_vacation_check(r->prof[i], kind, r->start, taken, ntaken,
					      kind == CLOCK_VACATION ? notice : CLOCK_NO_DATE, req,
					      &out, err, sizeof err);
		if (rc != CC_OK && out.verdict == CLOCK_VAC_OK) {
			free(taken);
			log_msg(LOG_ERROR, "vacation check (%s): %s", r->prof[i]->name, err);
			api_error(rs, "internal", "the request cannot be checked: %s", err);
			return -1;
		}
		if (out.verdict != CLOCK_VAC_OK && (worst == CLOCK_VAC_OK || out.verdict < worst)) {
			worst = out.verdict;
			/* Name the profile where the rules differ by profile. */
			if (worst == CLOCK_VAC_NOTICE_TOO_SHORT || worst == CLOCK_VAC_TOO_LONG)
				snprintf(why, sizeof why, "%s (%s rules)", err, r->prof[i]->name);
			else
				snprintf(why, sizeof why, "%s", err);
		}
		if (out.days > *days)
			*days = out.days;
	}
	free(taken);
	/* The verdicts are numbered in the order they are checked: an overlap
	 * with the other kind outranks only the allowance. */
	if (worst == CLOCK_VAC_OK || worst > CLOCK_VAC_OVERLAP) {
		for (size_t i = 0; i < n; i++) {
			const struct clock_interval *t = &v[i].iv;
			if (v[i].kind == kind || t->first > req.last || req.first > t->last)
				continue;
			char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN];
			iso(t->first, a);
			iso(t->last, b);
			worst = CLOCK_VAC_OVERLAP;
			snprintf(why, sizeof why,
				 "the %s overlaps the %s from %s to %s already taken",
				 kind == CLOCK_SPECIAL_LEAVE ? "special leave" : "vacation",
				 v[i].kind == CLOCK_SPECIAL_LEAVE ? "special leave" : "vacation",
				 a, b);
			break;
		}
	}
	if (worst != CLOCK_VAC_OK) {
		refuse(rs, worst, why);
		return -1;
	}
	return 0;
}

/* POST /api/v1/vacations {"start", "end", "user"?, "kind"?}
 *
 * Checks the body, the caller's rights and the user, then, inside one
 * write transaction (so two requests cannot both pass the allowance
 * check), loads the player's rules and periods, checks the request and
 * stores it with today as the notice date (and an audit line for a TL's
 * entry).  201 with the period; 400/422 for bad input, 403 for a player
 * asking for someone else or for special leave, 409 overlap, 422
 * notice_too_short / vacation_too_long / before_start / unknown_user /
 * too_many_periods, 503 when the database is busy.  A refusal stores
 * nothing.  Cost: a few indexed queries and O(profiles * periods) work. */
int api_vacations_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"start", "end", "user", "kind", "tournament", "notice_on",
					   NULL};
	struct store_period *v = NULL;
	size_t n = 0;
	json_t *body = api_body_object(rq, rs);
	struct clock_interval req;
	int64_t user = rq->user.id, tournament = 0;
	const char *kind_text = "vacation", *notice_text = NULL;
	if (!body || api_only_keys(body, keys, rs) || get_date(body, "start", &req.first, rs) ||
	    get_date(body, "end", &req.last, rs) ||
	    api_get_int(body, "user", false, &user, rs) < 0 ||
	    api_get_string(body, "kind", false, &kind_text, rs) < 0 ||
	    api_get_int(body, "tournament", false, &tournament, rs) < 0 ||
	    api_get_string(body, "notice_on", false, &notice_text, rs) < 0)
		return rs->status;
	if (json_object_get(body, "tournament") && tournament < 1)
		return api_error(rs, "invalid_field", "tournament: a tournament id");
	enum clock_stop_kind kind;
	if (strcmp(kind_text, "vacation") == 0)
		kind = CLOCK_VACATION;
	else if (strcmp(kind_text, "special_leave") == 0)
		kind = CLOCK_SPECIAL_LEAVE;
	else
		return api_error(rs, "invalid_field",
				 "kind must be vacation or special_leave, not \"%s\"", kind_text);
	if (req.last < req.first)
		return api_error(rs, "invalid_date", "the end (%s) is before the start (%s)",
				 json_string_value(json_object_get(body, "end")),
				 json_string_value(json_object_get(body, "start")));
	if (user != rq->user.id && !api_is_tl(&rq->user))
		return api_error(rs, "forbidden",
				 "a player asks for his own vacation; a tournament leader enters "
				 "one for another player");
	/* DSU 6.3.6.4, 6.8.8: special leave is granted by the TL. */
	if (kind == CLOCK_SPECIAL_LEAVE && !api_is_tl(&rq->user))
		return api_error(rs, "forbidden",
				 "only a tournament leader or an admin grants special leave");
	int32_t today;
	if (api_today_day(app, &today, rs))
		return rs->status;
	/* DSU 6.3.6.1: the notice date counts, not the day it is entered; a
	 * TL may record a notice sent earlier by post (issue 9) */
	int32_t notice = today;
	if (notice_text) {
		char err[200];
		if (!api_is_tl(&rq->user))
			return api_error(rs, "forbidden",
					 "notice_on: only a tournament leader records a notice sent "
					 "earlier; yours is sent today");
		if (calendar_parse(notice_text, &notice, err, sizeof err) != CC_OK)
			return api_error(rs, "invalid_date", "notice_on: %s", err);
		if (notice > today)
			return api_error(rs, "invalid_date",
					 "notice_on: a notice date may not be in the future");
	}

	if (store_begin(app->st) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	int found = store_users_exists(app->st, user);
	if (found == STORE_ERROR)
		goto dbfail;
	if (found != STORE_OK) {
		api_error(rs, "unknown_user", "there is no user %lld", (long long)user);
		goto out;
	}
	/* DSU 6.3.6 (issue 9): each tournament's allowance counts from its
	 * own start; a postal vacation belongs to one tournament, an e-mail
	 * one to all games (6.8.8) and must fit every allowance. */
	struct store_scope scopes[VAC_TOURNAMENTS_MAX];
	size_t nscopes = 0;
	int64_t scope_id = 0;
	if (store_vacations_tournaments(app->st, user, scopes, VAC_TOURNAMENTS_MAX, &nscopes) !=
	    STORE_OK)
		goto dbfail;
	if (tournament > 0) {
		struct store_scope t;
		int f = store_vacations_tournament(app->st, tournament, user, &t);
		if (f == STORE_ERROR)
			goto dbfail;
		if (f != STORE_OK) {
			api_error(rs, "invalid_field",
				  "tournament: user %lld plays in no tournament %lld", (long long)user,
				  (long long)tournament);
			goto out;
		}
		if (per_tournament(t.prof)) {
			scope_id = t.id;
			scopes[0] = t;
			nscopes = 1;
		} else if (nscopes == 0) {
			scopes[0] = t;
			nscopes = 1;
		}
	} else {
		size_t postal = 0;
		for (size_t i = 0; i < nscopes; i++)
			postal += per_tournament(scopes[i].prof);
		if (nscopes > 1 && postal > 0) {
			api_error(rs, "missing_field",
				  "tournament: user %lld plays in %zu tournaments; a postal vacation "
				  "belongs to one of them (DSU 6.3.6): say which",
				  (long long)user, nscopes);
			goto out;
		}
		if (nscopes == 1 && postal == 1)
			scope_id = scopes[0].id;
	}
	if (load_periods(app, user, &v, &n))
		goto dbfail;
	if (n >= VAC_PERIODS_MAX) {
		api_error(rs, "too_many_periods", "user %lld has %d periods stored already",
			  (long long)user, VAC_PERIODS_MAX);
		goto out;
	}
	int32_t days = 0;
	if (scope_id == 0) {
		/* all his games (none in a tournament, or e-mail/server play):
		 * the rules of every active game as before (see the top), and
		 * below each tournament's own allowance as well */
		struct rules r;
		if (load_rules(app, user, today, &r))
			goto dbfail;
		if (check_request(&r, v, n, kind, notice, req, &days, rs))
			goto out;
	}
	if (nscopes > 0) {
		struct store_period *sub = calloc(n ? n : 1, sizeof *sub);
		if (!sub) {
			api_error(rs, "internal", "out of memory");
			goto out;
		}
		for (size_t i = 0; i < nscopes; i++) {
			struct rules r = {.start = scopes[i].start, .prof = {scopes[i].prof}, .nprof = 1};
			size_t k = periods_of(v, n, scopes[i].id, sub);
			int32_t d;
			if (check_request(&r, sub, k, kind, notice, req, &d, rs)) {
				free(sub);
				goto out;
			}
			if (d > days)
				days = d;
		}
		free(sub);
	}

	struct store_period p = {.iv = req, .kind = kind, .tournament = scope_id};
	char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN], today_s[CALENDAR_ISO_LEN];
	iso(notice, p.notice_on);
	iso(today, today_s);
	iso(req.first, a);
	iso(req.last, b);
	/* DSU 6.3.6: the period stops the clocks of his games (of its
	 * tournament), so their dates move in this transaction. */
	if (store_vacations_insert(app->st, user, &p) != STORE_OK ||
	    svc_deadlines_stops_changed(app->st, user, scope_id) != STORE_OK)
		goto dbfail;
	/* A TL decision is kept in the audit log: special leave (DSU
	 * 6.3.6.4) and a period entered for another player. */
	if (kind == CLOCK_SPECIAL_LEAVE || user != rq->user.id) {
		char detail[160];
		snprintf(detail, sizeof detail, "%s %lld for user %lld: %s to %s (%d days)",
			 kind_name(kind), (long long)p.id, (long long)user, a, b, (int)days);
		const char *action =
		    kind == CLOCK_SPECIAL_LEAVE ? "special_leave" : "vacation_entered";
		if (store_audit(app->st, rq->user.id, 0, action, detail) != STORE_OK)
			goto dbfail;
	}
	/* DSU 6.3.6.1: the notice to every remaining opponent (of its
	 * tournament, issue 9), written with the vacation (docs/NOTIFY.md);
	 * the notice date is the one that counts (a TL's notice_on). */
	if (svc_notify_vacation(app, user, req.first, req.last, notice, kind == CLOCK_SPECIAL_LEAVE,
			    scope_id, today_s) != 0)
		goto dbfail;
	if (store_commit(app->st) != STORE_OK)
		goto dbfail;
	svc_mail_queued(app);
	free(v);
	return api_json(rs, 201, period_json(user, &p, days));
dbfail:
	log_msg(LOG_ERROR, "vacation of user %lld: the database failed", (long long)user);
	api_error(rs, "busy",
		  "the vacation could not be stored; nothing was changed, try again");
out:
	store_rollback(app->st);
	free(v);
	return rs->status;
}

/* GET /api/v1/users/{id}/vacations
 *
 * Every stored period of the user (past and future, in date order, at
 * most VAC_PERIODS_MAX) with the days each charges, and for the current
 * tournament year (the one containing today, or the first year when the
 * earliest game has not started yet) the vacation days left and the
 * special leave days left (null: no cap).  Any signed-in user may read
 * it.  404 for an unknown user.  Cost: a few indexed queries, O(periods). */
int api_vacations_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	int64_t user = rq->ids[0];
	json_t *u = api_user_json(app, user);
	if (!u)
		return api_error(rs, "not_found", "there is no user %lld", (long long)user);
	json_decref(u);
	int32_t today;
	if (api_today_day(app, &today, rs))
		return rs->status;
	struct rules r;
	struct store_period *v = NULL;
	size_t n = 0;
	/* issue 9 (DSU 6.3.6): ?tournament=T counts the year and the days
	 * left from that tournament's own start, with its periods and those
	 * of all games */
	int64_t tournament = 0;
	const char *q = api_query(rq, "tournament");
	if (q) {
		char *end;
		long long t = strtoll(q, &end, 10);
		if (*q == '\0' || *end || t < 1)
			return api_error(rs, "invalid_field", "tournament: a tournament id");
		struct store_scope sc;
		int f = store_vacations_tournament(app->st, t, user, &sc);
		if (f == STORE_ERROR)
			return api_error(rs, "internal", "the database is not available");
		if (f != STORE_OK)
			return api_error(rs, "not_found", "user %lld plays in no tournament %lld",
					 (long long)user, t);
		tournament = t;
		memset(&r, 0, sizeof r);
		r.start = sc.start;
		r.prof[0] = sc.prof;
		r.nprof = 1;
	} else if (load_rules(app, user, today, &r)) {
		return api_error(rs, "internal", "the database is not available");
	}
	if (load_periods(app, user, &v, &n))
		return api_error(rs, "internal", "the database is not available");
	if (n > VAC_PERIODS_MAX)
		n = VAC_PERIODS_MAX;
	if (tournament)
		n = periods_of(v, n, tournament, v); /* in place: keeps the order */
	struct clock_interval *taken = n ? calloc(n, sizeof *taken) : NULL;
	json_t *list = json_array();
	if ((n && !taken) || !list)
		goto nomem;
	for (size_t i = 0; i < n; i++)
		json_array_append_new(list, period_json(user, &v[i], charged_days(&r, v[i].iv)));

	/* DSU 6.3.6: the year that counts is the tournament year of today. */
	int32_t date = today > r.start ? today : r.start;
	struct clock_interval year;
	if (clock_tournament_year(r.start, date, NULL, &year) != CC_OK)
		goto bad;
	int32_t left = -1, leave_left = -1; /* -1: no cap */
	for (int k = CLOCK_VACATION; k <= CLOCK_SPECIAL_LEAVE; k++) {
		size_t nt = taken_of(v, n, (enum clock_stop_kind)k, taken);
		int32_t *into = k == CLOCK_VACATION ? &left : &leave_left;
		bool capped = false;
		for (size_t i = 0; i < r.nprof; i++) {
			const struct clock_profile *p = r.prof[i];
			int32_t rem;
			if ((k == CLOCK_VACATION ? p->vacation_days : p->special_leave_days) < 0)
				continue; /* no cap under this profile (DSU 6.3.6.4) */
			if (clock_vacation_remaining(p, (enum clock_stop_kind)k, r.start, taken, nt,
						     date, &rem) != CC_OK)
				goto bad;
			/* Periods taken before the years moved (the earliest
			 * game ended) may exceed the allowance: none left. */
			if (rem < 0)
				rem = 0;
			if (!capped || rem < *into)
				*into = rem;
			capped = true;
		}
	}
	char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN];
	iso(year.first, a);
	iso(year.last, b);
	json_t *leave = leave_left < 0 ? json_null() : json_integer(leave_left);
	free(taken);
	free(v);
	return api_json(rs, 200,
			json_pack("{s:I, s:o, s:i, s:o, s:{s:s, s:s}}", "user", (json_int_t)user,
				  "vacations", list, "remaining_days", (int)left,
				  "special_leave_remaining_days", leave, "tournament_year", "start",
				  a, "end", b));
bad:
	json_decref(list);
	free(taken);
	free(v);
	return api_error(rs, "internal", "the vacations of user %lld cannot be counted",
			 (long long)user);
nomem:
	json_decref(list);
	free(taken);
	free(v);
	return api_error(rs, "internal", "out of memory");
}
