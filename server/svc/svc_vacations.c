/* svc_vacations.c: vacations and TL special leave (svc/svc_vacations.h).
 *
 * The words of the rules this server reads (DSU 6.3.6, 6.8.8; the rules
 * themselves are lib/clock/vacation_rules.c's):
 *
 * - Tournament start (6.3.6: "35 dages ferie pr. år, regnet fra
 *   turneringsstarten"): each tournament's own start for its allowance;
 *   for a period of all his games also the start of his earliest active
 *   game, or the day of the request when he has none.  Tournament year k
 *   runs from start + k years to the day before start + k + 1 years.
 * - Profile: the profiles of his active games (the "server" profile when
 *   he has none); when they differ, every one of them must allow it.
 * - Notice (6.3.6.1): the day of the request, or for a TL's act the
 *   notice date he records (a notice sent earlier by post); special leave
 *   is the TL's decision (6.3.6.4) and takes none.
 * - Who (docs/AUTHORITY.md): a player books his own (vacation_own); a
 *   period for another player, or with a notice dated before today
 *   (vacation_for), and special leave are TL acts, led by the TL of every
 *   game the period stops (the TL of its tournament, or who made a
 *   standalone game; a game nobody leads, or no game at all: an admin),
 *   never on himself (own_record) nor on a game he plays (own_game: the
 *   period stops his own clock's opponent).  Anyone signed in reads the
 *   list: the opponents are to be told (6.3.6.1). */
#include "autoconfig.h"
#include "svc/svc_vacations.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "clock/vacation_rules.h"
#include "store/store.h"
#include "store/store_users.h"
#include "store/store_vacations.h"
#include "svc/svc_deadlines.h"
#include "svc/svc_notify.h"
#include "util/status.h"

#define VAC_PERIODS_MAX     1000 /* stored periods per player; more are refused */
#define VAC_TOURNAMENTS_MAX 64   /* active tournaments of one player looked at */
#define VAC_ATTEMPTS        8    /* decisions made again when another write came first */

static const char *kind_name(enum clock_stop_kind kind)
{
	return kind == CLOCK_SPECIAL_LEAVE ? "special_leave" : "vacation";
}

static void iso(int32_t day, char out[CALENDAR_ISO_LEN])
{
	if (calendar_format(day, out, CALENDAR_ISO_LEN) != CC_OK)
		snprintf(out, CALENDAR_ISO_LEN, "?");
}

/* The stored periods of a player as the rules see them (new, or NULL
 * for none; -1 when out of memory). */
static int as_rules(const struct store_period *v, size_t n, struct clock_period **out)
{
	*out = NULL;
	if (n == 0)
		return 0;
	*out = malloc(n * sizeof **out);
	if (!*out)
		return -1;
	for (size_t i = 0; i < n; i++)
		(*out)[i] = (struct clock_period){v[i].iv, v[i].kind, v[i].tournament};
	return 0;
}

/* The rules of all user's games together (svc_vacations.c's top);
 * `fallback` is the start when he has no active game.  STORE_OK or
 * STORE_ERROR. */
static int rules_of(store *s, int64_t user, int32_t fallback, struct clock_vacation_rules *r)
{
	bool has_start;
	memset(r, 0, sizeof *r);
	r->start = fallback;
	if (store_vacations_rules(s, user, &r->start, &has_start, r->prof,
	                          CLOCK_VACATION_PROFILES_MAX, &r->nprof) != STORE_OK)
		return STORE_ERROR;
	if (!has_start)
		r->start = fallback;
	if (r->nprof == 0)
		r->prof[r->nprof++] = clock_profile_find("server");
	return r->prof[0] ? STORE_OK : STORE_ERROR;
}

/* Everything one decision reads, from one snapshot. */
struct loaded {
	struct store_vacation_mark mark;
	struct store_period *stored; /* new */
	size_t nstored;
	struct clock_vacation_tournament active[VAC_TOURNAMENTS_MAX];
	size_t nactive;
	struct clock_vacation_tournament named;
	struct clock_vacation_rules all;
	/* where the period lands (clock_vacation_place()) */
	bool ambiguous;
	char ambiguity[300];
	int64_t belongs;
	struct clock_vacation_tournament check[VAC_TOURNAMENTS_MAX];
	size_t ncheck;
	/* the games it would stop */
	struct store_reach *reach; /* new */
	size_t nreach;
};

static void loaded_free(struct loaded *l)
{
	free(l->stored);
	free(l->reach);
	l->stored = NULL;
	l->reach = NULL;
}

/* Loads what a request of `user` is decided on.  SVC_OK, or *o set. */
static int load(struct app *app, int64_t user, const struct svc_vacation_request *rq, int32_t today,
                struct loaded *l, struct svc_outcome *o)
{
	store *s = app->st;
	memset(l, 0, sizeof *l);
	int token = store_read_begin(s);
	int rc = store_users_exists(s, user);
	if (rc == STORE_NOT_FOUND) {
		svc_fail(o, SVC_REFUSED, "unknown_user", "there is no user %lld", (long long)user);
		goto out;
	}
	if (rc != STORE_OK || store_vacations_mark(s, user, &l->mark) != STORE_OK ||
	    store_vacations_tournaments(s, user, l->active, VAC_TOURNAMENTS_MAX, &l->nactive) !=
	            STORE_OK)
		goto busy;
	if (rq->tournament > 0) {
		rc = store_vacations_tournament(s, rq->tournament, user, &l->named);
		if (rc == STORE_NOT_FOUND) {
			svc_fail(o, SVC_REFUSED, "invalid_field",
			         "tournament: user %lld plays in no tournament %lld",
			         (long long)user, (long long)rq->tournament);
			goto out;
		}
		if (rc != STORE_OK)
			goto busy;
	}
	if (store_vacations_of(s, user, VAC_PERIODS_MAX + 1, &l->stored, &l->nstored) != STORE_OK ||
	    rules_of(s, user, today, &l->all) != STORE_OK)
		goto busy;
	l->ambiguous =
	        clock_vacation_place(l->active, l->nactive, rq->tournament > 0 ? &l->named : NULL,
	                             &l->belongs, l->check, &l->ncheck, l->ambiguity,
	                             sizeof l->ambiguity) != CC_OK;
	/* The games it would stop; when the player still has to say which
	 * tournament, all of them (the policy is asked about the widest). */
	size_t room = (size_t)l->mark.games + 1;
	bool more;
	l->reach = calloc(room, sizeof *l->reach);
	if (!l->reach)
		goto busy;
	if (store_vacations_reach(s, user, l->ambiguous ? 0 : l->belongs, l->reach, room,
	                          &l->nreach, &more) != STORE_OK ||
	    more)
		goto busy; /* more games than in the same snapshot: never a part */
	store_read_end(s, token);
	return svc_ok(o);
busy:
	svc_fail(o, SVC_BUSY, "busy", "the vacations of user %lld cannot be read now; try again",
	         (long long)user);
out:
	store_read_end(s, token);
	loaded_free(l);
	return o->status;
}

/* docs/AUTHORITY.md: command c by actor a for `user`, on every game the
 * period stops (each game's leader asked in turn; none: nobody leads).
 * SVC_OK, or the refusal in *o. */
static int authorize(const struct auth_actor *a, enum auth_cmd c, int64_t user,
                     const struct loaded *l, struct svc_outcome *o)
{
	int64_t *opponents = l->nreach ? malloc(l->nreach * sizeof *opponents) : NULL;
	if (l->nreach && !opponents)
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	for (size_t i = 0; i < l->nreach; i++)
		opponents[i] = l->reach[i].opponent;
	struct auth_target t = {.subject = user, .parties = opponents, .nparties = l->nreach};
	struct corr_error e;
	int rc = CC_OK;
	if (l->nreach == 0)
		rc = auth_check(a, c, &t, &e);
	for (size_t i = 0; i < l->nreach && rc == CC_OK; i++) {
		bool asked = false;
		for (size_t j = 0; j < i && !asked; j++)
			asked = l->reach[j].leader == l->reach[i].leader;
		if (asked)
			continue;
		t.leader = l->reach[i].leader;
		rc = auth_check(a, c, &t, &e);
	}
	free(opponents);
	if (rc == CC_OK)
		return svc_ok(o);
	svc_refused(o, &e);
	/* Say which games are not his (DSU 6.1.3). */
	if (strcmp(o->code, "not_your_tournament") == 0)
		snprintf(
		        o->message, sizeof o->message,
		        l->nreach == 0
		                ? "%s: user %lld plays no game a tournament leader leads; an admin "
		                  "enters it"
		                : "%s: the period stops games of user %lld that another tournament "
		                  "leader leads (DSU 6.1.3); name the tournament if it is postal, "
		                  "or "
		                  "ask an admin",
		        auth_cmd_name(c), (long long)user);
	return o->status;
}

/* The API code of a refusal of lib/clock. */
static const char *verdict_code(enum clock_vacation_verdict v)
{
	switch (v) {
	case CLOCK_VAC_BAD_SPAN:
		return "invalid_date";
	case CLOCK_VAC_BEFORE_START:
		return "before_start";
	case CLOCK_VAC_NOTICE_TOO_SHORT:
		return "notice_too_short"; /* DSU 6.3.6.1 */
	case CLOCK_VAC_OVERLAP:
		return "overlap";
	case CLOCK_VAC_TOO_LONG:
		return "vacation_too_long"; /* DSU 6.3.6, 6.8.8 */
	default:
		return "internal";
	}
}

/* The write of one granted period, inside the write transaction. */
struct booking {
	int64_t actor, user;
	enum auth_cmd cmd;
	struct store_vacation_mark mark; /* what it was decided on */
	struct store_period p;
	int32_t notice, days;
	const char *today;
};

static int write_booking(struct app *app, void *ctx)
{
	struct booking *b = ctx;
	struct store_vacation_mark now;
	if (store_vacations_mark(app->st, b->user, &now) != STORE_OK)
		return STORE_ERROR;
	if (memcmp(&now, &b->mark, sizeof now) != 0)
		return STORE_STALE; /* another period or game came first: decide again */
	/* DSU 6.3.6: the period stops the clocks of his games (of its
	 * tournament), so their dates move in this transaction. */
	if (store_vacations_insert(app->st, b->user, &b->p) != STORE_OK ||
	    svc_deadlines_stops_changed(app->st, b->user, b->p.tournament) != STORE_OK)
		return STORE_ERROR;
	/* A TL's act is kept in the audit log: special leave (DSU 6.3.6.4),
	 * a period entered for another player or with an earlier notice. */
	if (b->cmd != AUTH_VACATION_OWN) {
		char a[CALENDAR_ISO_LEN], z[CALENDAR_ISO_LEN], detail[200];
		iso(b->p.iv.first, a);
		iso(b->p.iv.last, z);
		snprintf(detail, sizeof detail,
		         "%s %lld for user %lld: %s to %s (%d days), notice %s",
		         kind_name(b->p.kind), (long long)b->p.id, (long long)b->user, a, z,
		         (int)b->days, b->p.notice_on);
		const char *action =
		        b->p.kind == CLOCK_SPECIAL_LEAVE ? "special_leave" : "vacation_entered";
		if (store_audit(app->st, b->actor, 0, action, detail) != STORE_OK)
			return STORE_ERROR;
	}
	/* DSU 6.3.6.1: the notice to every remaining opponent (of its
	 * tournament), written with the period (docs/NOTIFY.md). */
	if (svc_notify_vacation(app, b->user, b->p.iv.first, b->p.iv.last, b->notice,
	                        b->p.kind == CLOCK_SPECIAL_LEAVE, b->p.tournament, b->today) != 0)
		return STORE_ERROR;
	return STORE_OK;
}

/* One decision on what load() read: SVC_OK and the booking filled, or
 * the refusal. */
static int decide(const struct auth_actor *a, enum auth_cmd cmd, int64_t user,
                  const struct svc_vacation_request *rq, int32_t notice, const struct loaded *l,
                  struct booking *b, struct svc_outcome *o)
{
	if (authorize(a, cmd, user, l, o) != SVC_OK)
		return o->status;
	if (l->ambiguous)
		return svc_fail(o, SVC_REFUSED, "missing_field", "%s", l->ambiguity);
	if (l->nstored >= VAC_PERIODS_MAX)
		return svc_fail(o, SVC_REFUSED, "too_many_periods",
		                "user %lld has %d periods stored already", (long long)user,
		                VAC_PERIODS_MAX);
	struct clock_period *periods;
	if (as_rules(l->stored, l->nstored, &periods))
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	struct clock_vacation_request req = {rq->kind, rq->iv, notice};
	struct clock_vacation_decision d;
	char why[512] = "";
	/* A period of all his games fits the rules of all of them too. */
	int rc = clock_vacation_decide(l->belongs ? NULL : &l->all, l->check, l->ncheck, periods,
	                               l->nstored, &req, &d, why, sizeof why);
	free(periods);
	if (rc != CC_OK) {
		if (d.verdict == CLOCK_VAC_OK) {
			log_msg(LOG_ERROR, "vacation of user %lld cannot be checked: %s",
			        (long long)user, why);
			return svc_fail(o, SVC_ERROR, "internal",
			                "the request cannot be checked: %s", why);
		}
		return svc_fail(o, SVC_REFUSED, verdict_code(d.verdict), "%s", why);
	}
	b->user = user;
	b->cmd = cmd;
	b->mark = l->mark;
	b->notice = notice;
	b->days = d.days;
	b->p = (struct store_period){.iv = rq->iv, .kind = rq->kind, .tournament = l->belongs};
	iso(notice, b->p.notice_on);
	return svc_ok(o);
}

int svc_vacation_book(struct app *app, const struct user *who,
                      const struct svc_vacation_request *rq, struct svc_period *out,
                      struct svc_outcome *o)
{
	memset(out, 0, sizeof *out);
	char today_s[CALENDAR_ISO_LEN];
	int32_t today;
	if (svc_today(app, today_s, &today, o))
		return o->status;
	struct auth_actor a = svc_actor(who);
	int64_t user = rq->user ? rq->user : a.id;
	int32_t notice = rq->notice == CLOCK_NO_DATE ? today : rq->notice;
	/* docs/AUTHORITY.md: his own period, noticed today, is his; another
	 * player's, or an earlier notice (DSU 6.3.6.1: the date the notice
	 * was sent counts), is a TL's act, and so is special leave (6.3.6.4). */
	enum auth_cmd cmd = rq->kind == CLOCK_SPECIAL_LEAVE  ? AUTH_SPECIAL_LEAVE
	                    : user != a.id || notice < today ? AUTH_VACATION_FOR
	                                                     : AUTH_VACATION_OWN;
	struct corr_error e;
	if (a.role == AUTH_ANONYMOUS && auth_check(&a, cmd, NULL, &e) != CC_OK)
		return svc_refused(o, &e); /* not signed in */
	if (user <= 0)
		return svc_fail(o, SVC_REFUSED, "unknown_user", "there is no user %lld",
		                (long long)user);
	if (notice > today)
		return svc_fail(o, SVC_REFUSED, "invalid_date",
		                "notice_on: a notice date may not be in the future");
	struct booking b = {.actor = a.id, .today = today_s};
	for (int attempt = 0; attempt < VAC_ATTEMPTS; attempt++) {
		struct loaded l;
		if (load(app, user, rq, today, &l, o) != SVC_OK)
			return o->status;
		int st = decide(&a, cmd, user, rq, notice, &l, &b, o);
		loaded_free(&l);
		if (st != SVC_OK)
			return st;
		int rc = svc_write(app, write_booking, &b);
		if (rc == STORE_STALE)
			continue;
		if (rc != STORE_OK) {
			log_msg(LOG_ERROR, "vacation of user %lld: the database failed",
			        (long long)user);
			return svc_fail(
			        o, SVC_BUSY, "busy",
			        "the vacation could not be stored; nothing was changed, try "
			        "again");
		}
		svc_mail_queued(app);
		*out = (struct svc_period){b.p.id, user,     b.p.iv,
		                           b.days, b.p.kind, .tournament = b.p.tournament};
		memcpy(out->notice_on, b.p.notice_on, sizeof out->notice_on);
		return svc_ok(o);
	}
	return svc_fail(o, SVC_BUSY, "busy",
	                "the vacations of user %lld kept changing meanwhile; nothing was changed, "
	                "try again",
	                (long long)user);
}

int svc_vacations_of(struct app *app, int64_t user, int64_t tournament, struct svc_vacations *out,
                     struct svc_outcome *o)
{
	memset(out, 0, sizeof *out);
	out->user = user;
	char today_s[CALENDAR_ISO_LEN];
	int32_t today;
	if (svc_today(app, today_s, &today, o))
		return o->status;
	store *s = app->st;
	struct store_period *stored = NULL;
	struct clock_period *periods = NULL;
	size_t n = 0;
	struct clock_vacation_rules r;
	int token = store_read_begin(s);
	int rc = store_users_exists(s, user);
	if (rc == STORE_NOT_FOUND) {
		svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no user %lld", (long long)user);
		goto out;
	}
	if (rc != STORE_OK)
		goto busy;
	if (tournament > 0) {
		/* DSU 6.3.6 (issue 9): that tournament's own year and periods */
		struct clock_vacation_tournament t;
		rc = store_vacations_tournament(s, tournament, user, &t);
		if (rc == STORE_NOT_FOUND) {
			svc_fail(o, SVC_NOT_FOUND, "not_found",
			         "user %lld plays in no tournament %lld", (long long)user,
			         (long long)tournament);
			goto out;
		}
		if (rc != STORE_OK)
			goto busy;
		memset(&r, 0, sizeof r);
		r.start = t.start;
		r.prof[0] = t.prof;
		r.nprof = 1;
	} else if (rules_of(s, user, today, &r) != STORE_OK) {
		goto busy;
	}
	if (store_vacations_of(s, user, VAC_PERIODS_MAX, &stored, &n) != STORE_OK)
		goto busy;
	store_read_end(s, token);
	token = 0;
	if (as_rules(stored, n, &periods))
		goto nomem;
	if (tournament > 0) { /* in place: both keep the date order */
		size_t k = 0;
		for (size_t i = 0; i < n; i++)
			if (stored[i].tournament == 0 || stored[i].tournament == tournament)
				stored[k++] = stored[i];
		n = clock_periods_in(periods, n, tournament, periods);
		if (n != k) {
			svc_fail(o, SVC_ERROR, "internal", "the periods of user %lld do not add up",
			         (long long)user);
			goto out;
		}
	}
	out->v = n ? calloc(n, sizeof *out->v) : NULL;
	if (n && !out->v)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		struct svc_period *p = &out->v[i];
		*p = (struct svc_period){stored[i].id,   user,
		                         stored[i].iv,   -1,
		                         stored[i].kind, .tournament = stored[i].tournament};
		memcpy(p->notice_on, stored[i].notice_on, sizeof p->notice_on);
		if (clock_vacation_charged(&r, p->iv, &p->days) != CC_OK)
			p->days = -1;
	}
	out->n = n;
	struct clock_vacation_left left;
	char err[256];
	if (clock_vacation_left(&r, periods, n, today, &left, err, sizeof err) != CC_OK) {
		svc_fail(o, SVC_ERROR, "internal",
		         "the vacations of user %lld cannot be counted: %s", (long long)user, err);
		goto out;
	}
	out->remaining = left.vacation;
	out->leave_remaining = left.special_leave;
	out->year = left.year;
	free(stored);
	free(periods);
	return svc_ok(o);
nomem:
	svc_fail(o, SVC_ERROR, "internal", "out of memory");
	goto out;
busy:
	svc_fail(o, SVC_BUSY, "busy", "the vacations of user %lld cannot be read now; try again",
	         (long long)user);
out:
	if (token)
		store_read_end(s, token);
	free(stored);
	free(periods);
	svc_vacations_free(out);
	return o->status;
}

void svc_vacations_free(struct svc_vacations *v)
{
	if (!v)
		return;
	free(v->v);
	v->v = NULL;
	v->n = 0;
}
