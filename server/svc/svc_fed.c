/* svc_fed.c: members, sanctions and the register, appeals, a
 * tournament's TL (svc/svc_fed.h). */
#include "autoconfig.h"
#include "svc/svc_fed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "notify/notify.h"
#include "store/store_notify.h"
#include "store/store.h"
#include "store/store_users.h"
#include "svc/svc_deadlines.h"
#include "svc/svc_decisions.h"
#include "svc/svc_notify.h"
#include "svc/svc_vacations.h"
#include "svc/svc_tournaments.h"
#include "util/status.h"

#define APPEALS_MAX 16 /* appeals of one decision looked at */

static int busy(struct svc_outcome *o)
{
	return svc_fail(o, SVC_BUSY, "busy",
	                "the database is busy; nothing was changed; try again");
}

/* ---- members ---- */

bool svc_member_visible(const struct user *who, int64_t id)
{
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.subject = id};
	struct corr_error e;
	return auth_check(&a, AUTH_MEMBER_READ, &t, &e) == CC_OK;
}

int svc_member_get(struct app *app, const struct user *who, int64_t id, struct store_memberinfo *m,
                   struct svc_outcome *o)
{
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.subject = id};
	struct corr_error e;
	if (auth_check(&a, AUTH_MEMBER_READ, &t, &e) != CC_OK)
		return svc_refused(o, &e);
	int rc = store_members_get(app->st, id, m);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no user %lld",
		                (long long)id);
	return rc == STORE_OK ? svc_ok(o) : busy(o);
}

struct member_write {
	int64_t id;
	struct store_memberinfo m;
};

static int write_member(struct app *app, void *ctx)
{
	struct member_write *w = ctx;
	return store_members_set(app->st, w->id, &w->m);
}

int svc_member_set(struct app *app, const struct user *who, int64_t id,
                   const struct store_memberinfo *m, const bool given[4], struct svc_outcome *o)
{
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.subject = id};
	struct corr_error e;
	if (auth_check(&a, AUTH_MEMBER_SET, &t, &e) != CC_OK)
		return svc_refused(o, &e);
	struct member_write w = {.id = id};
	int rc = store_members_get(app->st, id, &w.m);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no user %lld",
		                (long long)id);
	if (rc != STORE_OK)
		return busy(o);
	if (given[0])
		snprintf(w.m.membership, sizeof w.m.membership, "%s", m->membership);
	if (given[1])
		snprintf(w.m.member_no, sizeof w.m.member_no, "%s", m->member_no);
	if (given[2])
		snprintf(w.m.club, sizeof w.m.club, "%s", m->club);
	if (given[3])
		snprintf(w.m.birth_date, sizeof w.m.birth_date, "%s", m->birth_date);
	/* DSU 6.4.4.1 a: "gennem hvilken klub": a club member names his club */
	if (strcmp(w.m.membership, "club") == 0 && !w.m.club[0])
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "a club member's club is needed (DSU 6.4.4.1 a)");
	rc = svc_write(app, write_member, &w);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no user %lld",
		                (long long)id);
	return rc == STORE_OK ? svc_ok(o) : busy(o);
}

/* ---- the register (4.1.1 §19) ---- */

/* The appeals of decision d into v (at most APPEALS_MAX): 0 and *n, -1. */
static int appeals_of(struct app *app, int64_t d, struct store_appeal *v, size_t *n)
{
	return store_appeals_list(app->st, d, 0, v, APPEALS_MAX, n) == STORE_OK ? 0 : -1;
}

/* The last day of a tournament's play for a warning (I-17: "sidste
 * spilledag i den turnering" = the group's finish); while it runs, the
 * day asked (the warning stays valid for a year after whatever day it
 * ends).  0, or -1. */
static int tournament_end(struct app *app, int64_t id, int32_t day, int32_t *end)
{
	struct svc_tournament *t;
	struct svc_outcome o;
	*end = day;
	if (svc_tournament_get(app, id, &t, &o) != SVC_OK)
		return o.status == SVC_NOT_FOUND ? 0 : -1;
	int32_t finish;
	if (!t->unfinished && t->last_end[0] &&
	    calendar_parse(t->last_end, &finish, NULL, 0) == CC_OK)
		*end = finish;
	svc_tournament_put(t);
	return 0;
}

int svc_register_of(struct app *app, int64_t user, int32_t day, struct svc_register *r,
                    struct svc_outcome *o)
{
	struct store_sanction v[SVC_REGISTER_MAX];
	struct dsu_sanction in[SVC_REGISTER_MAX];
	struct dsu_sanction_applied out[SVC_REGISTER_MAX];
	bool suspended[SVC_REGISTER_MAX];
	int map[SVC_REGISTER_MAX];
	size_t n, k = 0;
	char err[256];
	memset(r, 0, sizeof *r);
	r->quarantined = -1;
	if (store_sanctions_of(app->st, user, v, SVC_REGISTER_MAX, &n) != STORE_OK)
		return busy(o);
	/* the appeals of each (a few kB each: on the heap) */
	struct store_appeal *ap = n ? calloc(APPEALS_MAX, sizeof *ap) : NULL;
	if (n && !ap)
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	for (size_t i = 0; i < n; i++) {
		struct svc_register_line *l = &r->line[r->n++];
		size_t na;
		int32_t date;
		enum dsu_decision_kind kind = DSU_DECISION_RULING;
		l->s = v[i];
		if (appeals_of(app, v[i].decision, ap, &na) != 0) {
			free(ap);
			return busy(o);
		}
		dsu_decision_kind_of(v[i].kind, &kind);
		for (size_t j = 0; j < na; j++) {
			enum dsu_appeal_body b = strcmp(ap[j].body, "skaknaevnet") == 0
			                                 ? DSU_APPEAL_SKAKNAEVNET
			                                 : DSU_APPEAL_KC;
			if (!ap[j].ruling[0] && dsu_appeal_suspends(b, kind))
				l->suspended = true; /* 6.4.3: "idet partierne stilles i bero" */
			if (strcmp(ap[j].ruling, "overturned") == 0)
				l->overturned = true;
			if (ap[j].ruling[0] && strcmp(ap[j].ruling, "overturned") != 0)
				l->overturned = false; /* a later ruling restores it */
		}
		if (l->overturned || calendar_parse(v[i].notified_on, &date, NULL, 0) != CC_OK)
			continue;
		struct dsu_sanction s = {.date = date, .tournament_end = DSU_NO_DATE};
		if (kind == DSU_DECISION_WARNING) {
			s.kind = DSU_WARNING;
			if (tournament_end(app, v[i].tournament, day, &s.tournament_end) != 0) {
				free(ap);
				return busy(o);
			}
		} else if (v[i].months > 0) {
			/* a quarantine, or one imposed with an exclusion (6.4.2 "evt.
			 * idømme karantæne") */
			s.kind = DSU_QUARANTINE;
			s.months = v[i].months;
		} else {
			continue; /* an exclusion from the tournament alone */
		}
		map[k] = (int)(r->n - 1);
		suspended[k] = l->suspended;
		in[k++] = s;
	}
	free(ap);
	if (dsu_register_apply(in, k, out, err, sizeof err) != CC_OK)
		return svc_fail(o, SVC_ERROR, "internal", "the register cannot be applied: %s",
		                err);
	for (size_t j = 0; j < k; j++) {
		struct svc_register_line *l = &r->line[map[j]];
		l->applied = true;
		l->a = out[j];
		/* §19: a warning until it expires, a quarantine a year after */
		l->in_register = day <= out[j].valid_until;
	}
	int q = dsu_quarantine_on(out, suspended, k, day);
	r->quarantined = q >= 0 ? map[q] : -1;
	return svc_ok(o);
}

int svc_register_read(struct app *app, const struct user *who, int64_t id, struct svc_register *r,
                      struct svc_outcome *o)
{
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.subject = id};
	struct corr_error e;
	char iso[CALENDAR_ISO_LEN];
	int32_t today;
	if (auth_check(&a, AUTH_REGISTER_READ, &t, &e) != CC_OK)
		return svc_refused(o, &e);
	int rc = store_users_exists(app->st, id);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no user %lld",
		                (long long)id);
	if (rc != STORE_OK)
		return busy(o);
	if (svc_today(app, iso, &today, o))
		return o->status;
	return svc_register_of(app, id, today, r, o);
}

/* ---- a TL's acts on a player of a tournament ---- */

/* Loads tournament id for command c on its player: the policy on {its
 * TL, the player} (docs/AUTHORITY.md rows "a player"), his seat (-1: he
 * does not play in it) and, when t is not NULL, the tournament's row.
 * SVC_OK, or the outcome. */
static int on_player(struct app *app, const struct user *who, enum auth_cmd c, int64_t id,
                     int64_t player, struct store_tournament *t, int *seat, struct svc_outcome *o)
{
	struct svc_tournament *full;
	if (svc_tournament_get(app, id, &full, o) != SVC_OK)
		return o->status;
	*seat = svc_tournament_seat(full, player);
	if (t)
		*t = full->t;
	struct auth_actor a = svc_actor(who);
	struct auth_target target = {.leader = full->t.tl, .subject = player};
	struct corr_error e;
	svc_tournament_put(full);
	if (auth_check(&a, c, &target, &e) != CC_OK)
		return svc_refused(o, &e);
	return svc_ok(o);
}

/* ---- sanctions (DSU 6.4.2) ---- */

struct decision_write {
	struct store_decision d;
	int64_t actor;
};

static int write_decision(struct app *app, void *ctx)
{
	struct decision_write *w = ctx;
	return store_decisions_insert(app->st, &w->d, w->actor);
}

int svc_sanction(struct app *app, const struct user *who, int64_t tournament, int64_t player,
                 const char *kind, int months, const char *on, const char *about, int64_t *id,
                 struct svc_outcome *o)
{
	enum dsu_decision_kind k;
	int32_t day;
	int seat;
	if (on_player(app, who, AUTH_SANCTION, tournament, player, NULL, &seat, o) != SVC_OK)
		return o->status;
	struct auth_actor a = svc_actor(who);
	if (dsu_decision_kind_of(kind, &k) != CC_OK || k == DSU_DECISION_RULING)
		return svc_fail(
		        o, SVC_REFUSED, "invalid_field",
		        "kind must be ruling, warning, quarantine or exclusion (DSU 6.4.2)");
	if (seat < 0)
		return svc_fail(o, SVC_REFUSED, "not_in_tournament",
		                "user %lld does not play in tournament %lld", (long long)player,
		                (long long)tournament);
	if (k == DSU_DECISION_WARNING && months != 0)
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "a warning has no months (4.1.1 §19 says how long it counts)");
	if (k == DSU_DECISION_QUARANTINE && (months < 1 || months > 120))
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "a quarantine has its months, 1 to 120");
	if (k == DSU_DECISION_EXCLUSION && (months < 0 || months > 120))
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "an exclusion's quarantine has 1 to 120 months, or none");
	if (svc_past_day(app, on, "notified_on", &day, o) != SVC_OK)
		return o->status;
	struct decision_write w = {
	        .d = {.tournament = tournament, .player = player, .months = months}, .actor = a.id};
	snprintf(w.d.notified_on, sizeof w.d.notified_on, "%s", on);
	snprintf(w.d.about, sizeof w.d.about, "%s", about);
	snprintf(w.d.kind, sizeof w.d.kind, "%s", kind);
	snprintf(w.d.decided_role, sizeof w.d.decided_role, "%s", a.role == AUTH_KC ? "kc" : "tl");
	if (svc_write(app, write_decision, &w) != STORE_OK)
		return busy(o);
	*id = w.d.id;
	return svc_ok(o);
}

/* ---- appeals (DSU 6.4.3, 6.8.10) ---- */

struct appeal_write {
	struct store_appeal a;
	int64_t actor;
};

static int write_appeal(struct app *app, void *ctx)
{
	struct appeal_write *w = ctx;
	return store_appeals_insert(app->st, &w->a, w->actor);
}

int svc_appeal(struct app *app, const struct user *who, int64_t tournament, int64_t decision,
               int64_t appellant, const char *grounds, const char *filed, struct store_appeal *out,
               struct svc_outcome *o)
{
	struct svc_tournament *t;
	int64_t *parties = NULL;
	size_t np = 0;
	if (svc_tournament_get(app, tournament, &t, o) != SVC_OK)
		return o->status;
	parties = calloc((size_t)t->n + 1, sizeof *parties);
	for (int i = 0; parties && i < t->n; i++)
		parties[np++] = t->seats[i].user;
	struct auth_actor a = svc_actor(who);
	struct store_decision d;
	struct store_appeal *prior = calloc(APPEALS_MAX, sizeof *prior);
	size_t nprior = 0;
	char today_s[CALENDAR_ISO_LEN], err[128];
	int32_t today, notified, filed_day, by;
	int rc;
	if (!parties || !prior) {
		svc_fail(o, SVC_ERROR, "internal", "out of memory");
		goto done;
	}
	/* the sanctioned player is a party too (he may have left the group) */
	if (store_decisions_get(app->st, decision, &d) == STORE_OK && d.player)
		parties[np++] = d.player;
	struct auth_target target = {.leader = t->t.tl, .parties = parties, .nparties = np};
	struct corr_error e;
	if (auth_check(&a, AUTH_APPEAL, &target, &e) != CC_OK) {
		svc_refused(o, &e);
		goto done;
	}
	rc = store_decisions_get(app->st, decision, &d);
	if (rc == STORE_NOT_FOUND || (rc == STORE_OK && d.tournament != tournament)) {
		svc_fail(o, SVC_NOT_FOUND, "not_found", "tournament %lld has no decision %lld",
		         (long long)tournament, (long long)decision);
		goto done;
	}
	if (rc != STORE_OK || appeals_of(app, decision, prior, &nprior) != 0) {
		busy(o);
		goto done;
	}
	if (!appellant)
		appellant = a.id;
	bool party = false;
	for (size_t i = 0; i < np; i++)
		party |= parties[i] == appellant;
	if (!party) {
		svc_fail(o, SVC_REFUSED, "not_in_tournament",
		         "user %lld plays no game of tournament %lld and is not the player the "
		         "decision is about: he does not appeal it (DSU 6.4.3 \"klageren\")",
		         (long long)appellant, (long long)tournament);
		goto done;
	}
	if (svc_today(app, today_s, &today, o))
		goto done;
	if (filed && svc_past_day(app, filed, "filed_on", &filed_day, o) != SVC_OK)
		goto done;
	if (!filed)
		filed_day = today;
	if (calendar_parse(d.notified_on, &notified, NULL, 0) != CC_OK) {
		svc_fail(o, SVC_ERROR, "internal", "decision %lld has no notice date",
		         (long long)decision);
		goto done;
	}
	/* DSU 6.4.3 "I hvert led": against the KC's own decision, or after
	 * the KC ruled on an appeal of it, to Skaknævnet within 3 weeks of
	 * that notice; else to the KC */
	const char *body = strcmp(d.decided_role, "kc") == 0 ? "skaknaevnet" : "kc";
	for (size_t i = 0; i < nprior; i++) {
		int32_t ruled;
		if (!prior[i].ruling[0]) {
			if (prior[i].appellant == appellant) {
				svc_fail(
				        o, SVC_REFUSED, "already_appealed",
				        "appeal %lld of user %lld against this decision awaits its "
				        "ruling",
				        (long long)prior[i].id, (long long)appellant);
				goto done;
			}
			continue;
		}
		if (strcmp(prior[i].body, "skaknaevnet") == 0) {
			svc_fail(o, SVC_REFUSED, "final",
			         "Skaknævnet ruled on this decision on %s: that is final (DSU "
			         "6.4.3)",
			         prior[i].ruled_on);
			goto done;
		}
		if (calendar_parse(prior[i].ruled_on, &ruled, NULL, 0) == CC_OK) {
			body = "skaknaevnet";
			notified = ruled; /* the KC's ruling is the decision appealed now */
		}
	}
	rc = dsu_appeal_in_time(notified, filed_day, &by, err, sizeof err);
	if (rc < 0) {
		svc_fail(o, SVC_REFUSED, "invalid_date", "filed_on: %s", err);
		goto done;
	}
	if (rc == 0) {
		char by_s[CALENDAR_ISO_LEN];
		calendar_format(by, by_s, sizeof by_s);
		svc_fail(o, SVC_REFUSED, "too_late",
		         "an appeal is filed within 3 weeks of the notice (DSU 6.4.3, 6.8.10): by "
		         "%s for this one",
		         by_s);
		goto done;
	}
	struct appeal_write w = {
	        .a = {.decision = decision, .tournament = tournament, .appellant = appellant},
	        .actor = a.id};
	snprintf(w.a.body, sizeof w.a.body, "%s", body);
	calendar_format(filed_day, w.a.filed_on, sizeof w.a.filed_on);
	snprintf(w.a.grounds, sizeof w.a.grounds, "%s", grounds);
	if (svc_write(app, write_appeal, &w) != STORE_OK) {
		busy(o);
		goto done;
	}
	*out = w.a;
	svc_ok(o);
done:
	free(prior);
	free(parties);
	svc_tournament_put(t);
	return o->status;
}

/* The write of a ruling: the row, a changed quarantine's months, the
 * mail to each party. */
struct ruling_write {
	struct store_appeal a;
	const char *ruling, *text, *today;
	int64_t actor, changed_decision;
	int months;
	struct notify_event ev;
	int64_t to[3];
	size_t nto;
	int queued;
};

static int write_ruling(struct app *app, void *ctx)
{
	struct ruling_write *w = ctx;
	int rc = store_appeals_rule(app->st, w->a.id, w->ruling, w->text, w->today, w->actor);
	if (rc == STORE_OK && w->changed_decision)
		rc = store_decisions_set_months(app->st, w->changed_decision, w->months);
	/* DSU 6.4.3: the ruling in writing to the appellant, the player it
	 * concerns and the TL who decided */
	for (size_t i = 0; rc == STORE_OK && i < w->nto; i++) {
		struct store_reader r;
		int rr = store_notify_reader(app->st, w->to[i], &r);
		if (rr == STORE_NOT_FOUND)
			continue;
		if (rr != STORE_OK ||
		    svc_notify_deliver(app, &r, -1, &w->ev, 0, w->today, &w->queued) != 0)
			rc = STORE_ERROR;
	}
	return rc;
}

/* Adds id to the list once. */
static void add_to(struct ruling_write *w, int64_t id)
{
	for (size_t i = 0; i < w->nto; i++)
		if (w->to[i] == id)
			return;
	if (id && w->nto < 3)
		w->to[w->nto++] = id;
}

int svc_appeal_rule(struct app *app, const struct user *who, int64_t id, const char *ruling,
                    const char *text, int months, struct store_appeal *out, struct svc_outcome *o)
{
	struct auth_actor a = svc_actor(who);
	struct store_appeal ap;
	struct store_decision d;
	struct store_tournament t;
	struct store_user appellant;
	char today_s[CALENDAR_ISO_LEN];
	int32_t today;
	int rc = store_appeals_get(app->st, id, &ap);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no appeal %lld",
		                (long long)id);
	if (rc != STORE_OK || store_decisions_get(app->st, ap.decision, &d) != STORE_OK ||
	    store_tournaments_get(app->st, ap.tournament, &t) != STORE_OK ||
	    store_users_get(app->st, ap.appellant, &appellant) != STORE_OK)
		return busy(o);
	struct auth_target target = {.leader = t.tl};
	struct corr_error e;
	if (auth_check(&a, AUTH_APPEAL_RULE, &target, &e) != CC_OK)
		return svc_refused(o, &e);
	if (strcmp(ruling, "upheld") != 0 && strcmp(ruling, "overturned") != 0 &&
	    strcmp(ruling, "changed") != 0)
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "ruling must be upheld, overturned or changed");
	bool timed = strcmp(d.kind, "quarantine") == 0 || strcmp(d.kind, "exclusion") == 0;
	if (months && (strcmp(ruling, "changed") != 0 || !timed || months < 1 || months > 120))
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "months (1 to 120) change the length of a quarantine: only with "
		                "ruling changed on a quarantine or an exclusion");
	if (ap.ruling[0])
		return svc_fail(o, SVC_REFUSED, "already_ruled", "appeal %lld was ruled on %s",
		                (long long)id, ap.ruled_on);
	if (svc_today(app, today_s, &today, o))
		return o->status;
	bool skn = strcmp(ap.body, "skaknaevnet") == 0;
	struct ruling_write w = {.a = ap,
	                         .ruling = ruling,
	                         .text = text,
	                         .today = today_s,
	                         .actor = a.id,
	                         .months = months,
	                         .changed_decision = months ? d.id : 0};
	w.ev.kind = NOTIFY_RULING;
	w.ev.u.ruling = (struct notify_ruling){
	        t.name, d.about, appellant.name, ruling,
	        text,   skn,     today,          skn ? NOTIFY_NO_DATE : today + 21};
	add_to(&w, ap.appellant);
	add_to(&w, d.player);
	add_to(&w, t.tl);
	rc = svc_write(app, write_ruling, &w);
	if (rc == STORE_CONFLICT)
		return svc_fail(o, SVC_REFUSED, "already_ruled", "appeal %lld was ruled meanwhile",
		                (long long)id);
	if (rc != STORE_OK)
		return busy(o);
	if (w.queued)
		svc_mail_queued(app);
	if (store_appeals_get(app->st, id, out) != STORE_OK)
		*out = ap;
	return svc_ok(o);
}

/* ---- a tournament's TL (DSU 6.1.3: "TL udpeges af ... KC") ---- */

struct tl_write {
	int64_t id, tl;
};

static int write_tl(struct app *app, void *ctx)
{
	struct tl_write *w = ctx;
	return store_tournaments_set_tl(app->st, w->id, w->tl);
}

int svc_tournament_tl_set(struct app *app, const struct user *who, int64_t id, int64_t tl,
                          struct svc_outcome *o)
{
	struct store_tournament t;
	struct store_user u;
	int rc = store_tournaments_get(app->st, id, &t);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no tournament %lld",
		                (long long)id);
	if (rc != STORE_OK)
		return busy(o);
	struct auth_actor a = svc_actor(who);
	struct auth_target target = {.leader = t.tl};
	struct corr_error e;
	if (auth_check(&a, AUTH_TOURNAMENT_TL_SET, &target, &e) != CC_OK)
		return svc_refused(o, &e);
	rc = store_users_get(app->st, tl, &u);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_REFUSED, "unknown_user", "there is no user %lld (tl)",
		                (long long)tl);
	if (rc != STORE_OK)
		return busy(o);
	if (strcmp(u.role, "tl") != 0 && strcmp(u.role, "admin") != 0)
		return svc_fail(o, SVC_REFUSED, "not_a_tl",
		                "user %lld is not a tournament leader (DSU 6.1.3)", (long long)tl);
	struct tl_write w = {id, tl};
	rc = svc_write(app, write_tl, &w);
	return rc == STORE_OK ? svc_ok(o) : busy(o);
}

/* ---- editions (DSU 6.5.2, 6.6.3) ---- */

int svc_edition_of(struct app *app, const struct store_tournament *t, bool *in_season, char *why,
                   size_t whylen, char kc_start[11])
{
	enum dsu_edition e;
	int32_t start;
	kc_start[0] = '\0';
	why[0] = '\0';
	if (strcmp(t->dsu_kind, "dm") == 0)
		e = DSU_EDITION_DM;
	else if (strcmp(t->kind, "cup") == 0 && !t->parent)
		e = DSU_EDITION_CUP_PRELIM;
	else
		return 0;
	if (calendar_parse(t->start, &start, NULL, 0) != CC_OK)
		return 0;
	int rc = store_editions_get(app->st, e == DSU_EDITION_DM ? "dm" : "cup",
	                            calendar_year(start), kc_start);
	if (rc == STORE_ERROR)
		return -1;
	if (rc == STORE_OK) {
		/* "unless the KC says otherwise": his start for the year */
		*in_season = strcmp(kc_start, t->start) == 0;
		if (!*in_season)
			snprintf(why, whylen,
			         "the K-skak chief fixed %s as the start of this edition",
			         kc_start);
		return 1;
	}
	*in_season = dsu_edition_in_season(e, start, why, whylen) == 1;
	return 1;
}

struct edition_write {
	const char *kind, *start;
	int year;
	int64_t by;
};

static int write_edition(struct app *app, void *ctx)
{
	struct edition_write *w = ctx;
	return store_editions_set(app->st, w->kind, w->year, w->start, w->by);
}

int svc_edition_set(struct app *app, const struct user *who, const char *kind, int year,
                    const char *start, struct svc_outcome *o)
{
	struct auth_actor a = svc_actor(who);
	struct corr_error e;
	char err[128];
	int32_t day;
	if (auth_check(&a, AUTH_EDITION_SET, NULL, &e) != CC_OK)
		return svc_refused(o, &e);
	if (calendar_parse(start, &day, err, sizeof err) != CC_OK)
		return svc_fail(o, SVC_REFUSED, "invalid_date", "start_on: %s", err);
	if (calendar_year(day) != year)
		return svc_fail(o, SVC_REFUSED, "invalid_date",
		                "start_on: a day of %d, the edition's year", year);
	struct edition_write w = {kind, start, year, a.id};
	return svc_write(app, write_edition, &w) == STORE_OK ? svc_ok(o) : busy(o);
}

/* ---- the team championship ---- */

/* After the policy: a team tournament (DSU 6.7), else the refusal. */
static int team_kind(const struct svc_tournament *t, struct svc_outcome *o)
{
	if (strcmp(t->t.kind, "team") == 0)
		return svc_ok(o);
	return svc_fail(o, SVC_REFUSED, "not_a_team_tournament",
	                "tournament %lld is not a team tournament (DSU 6.7)", (long long)t->t.id);
}

static int team_kind_refusal(int64_t id, struct svc_outcome *o)
{
	return svc_fail(o, SVC_REFUSED, "not_a_team_tournament",
	                "tournament %lld is not a team tournament (DSU 6.7)", (long long)id);
}

/* Whether team is a team of t. */
static bool has_team(const struct svc_tournament *t, const char *team)
{
	for (int i = 0; i < t->n; i++)
		if (strcmp(t->seats[i].team, team) == 0)
			return true;
	return false;
}

struct captain_write {
	int64_t id, user, by;
	const char *team;
};

static int write_captain(struct app *app, void *ctx)
{
	struct captain_write *w = ctx;
	return store_captains_set(app->st, w->id, w->team, w->user, w->by);
}

int svc_captain_set(struct app *app, const struct user *who, int64_t id, const char *team,
                    int64_t user, struct svc_outcome *o)
{
	struct svc_tournament *t;
	if (svc_tournament_get(app, id, &t, o) != SVC_OK)
		return o->status;
	struct auth_actor a = svc_actor(who);
	struct auth_target target = {.leader = t->t.tl};
	struct corr_error e;
	bool known = has_team(t, team);
	int kind = team_kind(t, o);
	svc_tournament_put(t);
	if (auth_check(&a, AUTH_CAPTAIN_SET, &target, &e) != CC_OK)
		return svc_refused(o, &e);
	if (kind != SVC_OK)
		return team_kind_refusal(id, o);
	if (!known)
		return svc_fail(o, SVC_REFUSED, "unknown_team",
		                "tournament %lld has no team \"%s\"", (long long)id, team);
	int rc = store_users_exists(app->st, user);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_REFUSED, "unknown_user", "there is no user %lld",
		                (long long)user);
	if (rc != STORE_OK)
		return busy(o);
	struct captain_write w = {id, user, a.id, team};
	return svc_write(app, write_captain, &w) == STORE_OK ? svc_ok(o) : busy(o);
}

struct reserve_write {
	struct store_reserve r;
	int64_t by;
	int64_t games[TOURNAMENT_MAX_PLAYERS * 2];
	size_t ngames;
};

static int write_reserve(struct app *app, void *ctx)
{
	struct reserve_write *w = ctx;
	return store_reserves_insert(app->st, &w->r);
}

int svc_reserve_request(struct app *app, const struct user *who, int64_t id, const char *team,
                        int64_t original, int64_t reserve, const char *stop_from,
                        struct store_reserve *out, struct svc_outcome *o)
{
	struct svc_tournament *t;
	struct store_reserve v[8];
	size_t nv = 0;
	int64_t captain = 0;
	char today_s[CALENDAR_ISO_LEN], err[128];
	int32_t today, from;
	if (svc_tournament_get(app, id, &t, o) != SVC_OK)
		return o->status;
	bool known = has_team(t, team);
	int seat = -1, rseat = svc_tournament_seat(t, reserve);
	for (int i = 0; i < t->n; i++)
		if (t->seats[i].user == original && strcmp(t->seats[i].team, team) == 0)
			seat = i;
	bool replaced = seat >= 0 && t->seats[seat].reserve != 0;
	int64_t leader = t->t.tl;
	int kind = team_kind(t, o);
	svc_tournament_put(t);
	if (known && store_captains_get(app->st, id, team, &captain) == STORE_ERROR)
		return busy(o);
	struct auth_actor a = svc_actor(who);
	struct auth_target target = {.leader = leader, .subject = captain};
	struct corr_error e;
	if (auth_check(&a, AUTH_RESERVE_REQUEST, &target, &e) != CC_OK)
		return svc_refused(o, &e);
	if (kind != SVC_OK)
		return team_kind_refusal(id, o);
	if (!known)
		return svc_fail(o, SVC_REFUSED, "unknown_team",
		                "tournament %lld has no team \"%s\"", (long long)id, team);
	if (seat < 0)
		return svc_fail(o, SVC_REFUSED, "not_in_tournament",
		                "user %lld is no original player of team \"%s\"",
		                (long long)original, team);
	if (replaced)
		return svc_fail(o, SVC_REFUSED, "already_replaced",
		                "user %lld's games are continued by a reserve already",
		                (long long)original);
	int rc = store_users_exists(app->st, reserve);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_REFUSED, "unknown_user", "there is no user %lld",
		                (long long)reserve);
	if (rc != STORE_OK || store_reserves_list(app->st, id, team, v, 8, &nv) != STORE_OK)
		return busy(o);
	if (rseat >= 0)
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "user %lld plays in tournament %lld already: a reserve comes from "
		                "outside it",
		                (long long)reserve, (long long)id);
	if (nv >= SVC_RESERVES_MAX)
		return svc_fail(o, SVC_REFUSED, "too_many_reserves",
		                "team \"%s\" has asked for its 2 reserves (DSU 6.7.4.3: \"op til 2 "
		                "reserver på et hold\")",
		                team);
	if (svc_today(app, today_s, &today, o))
		return o->status;
	from = today;
	if (stop_from && calendar_parse(stop_from, &from, err, sizeof err) != CC_OK)
		return svc_fail(o, SVC_REFUSED, "invalid_date", "stop_from: %s", err);
	if (from < today)
		return svc_fail(o, SVC_REFUSED, "invalid_date",
		                "stop_from: today or later (the opponents are told at once)");
	struct reserve_write *w = calloc(1, sizeof *w);
	if (!w)
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	w->r = (struct store_reserve){
	        .tournament = id, .original = original, .reserve = reserve, .requested_by = a.id};
	w->by = a.id;
	snprintf(w->r.team, sizeof w->r.team, "%s", team);
	snprintf(w->r.requested_on, sizeof w->r.requested_on, "%s", today_s);
	calendar_format(from, w->r.stop_from, sizeof w->r.stop_from);
	/* 6.7.4.3: "for en periode af 14 dage": the first day and 13 more */
	calendar_format(from + 13, w->r.stop_to, sizeof w->r.stop_to);
	snprintf(w->r.status, sizeof w->r.status, "pending");
	rc = svc_write(app, write_reserve, w);
	if (rc == STORE_OK)
		*out = w->r;
	free(w);
	if (rc == STORE_CONFLICT)
		return svc_fail(o, SVC_REFUSED, "already_replaced",
		                "user %lld is asked for as a reserve of this tournament already",
		                (long long)reserve);
	if (rc != STORE_OK)
		return busy(o);
	return svc_ok(o);
}

static int write_approval(struct app *app, void *ctx)
{
	struct reserve_write *w = ctx;
	int rc = store_reserves_approve(app->st, &w->r, w->by, w->games,
	                                sizeof w->games / sizeof w->games[0], &w->ngames);
	/* the games' dates follow their new player's stops (docs/DEADLINES.md) */
	for (size_t i = 0; rc == STORE_OK && i < w->ngames; i++)
		rc = svc_deadlines_reload(app->st, w->games[i]);
	return rc;
}

int svc_reserve_approve(struct app *app, const struct user *who, int64_t id,
                        struct store_reserve *out, bool *leave_ok, char *leave_why, size_t whylen,
                        struct svc_outcome *o)
{
	struct reserve_write *w = calloc(1, sizeof *w);
	struct store_tournament t;
	char today_s[CALENDAR_ISO_LEN];
	int32_t today, first, last;
	*leave_ok = false;
	leave_why[0] = '\0';
	if (!w)
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	int rc = store_reserves_get(app->st, id, &w->r);
	if (rc == STORE_NOT_FOUND) {
		svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no reserve request %lld",
		         (long long)id);
		goto done;
	}
	if (rc != STORE_OK || store_tournaments_get(app->st, w->r.tournament, &t) != STORE_OK) {
		busy(o);
		goto done;
	}
	struct auth_actor a = svc_actor(who);
	int64_t parties[2] = {w->r.original, w->r.reserve};
	struct auth_target target = {.leader = t.tl, .parties = parties, .nparties = 2};
	struct corr_error e;
	if (auth_check(&a, AUTH_RESERVE_APPROVE, &target, &e) != CC_OK) {
		svc_refused(o, &e);
		goto done;
	}
	if (strcmp(w->r.status, "pending") != 0) {
		svc_fail(o, SVC_REFUSED, "already_approved", "reserve %lld was approved on %s",
		         (long long)id, w->r.approved_on);
		goto done;
	}
	if (svc_today(app, today_s, &today, o))
		goto done;
	snprintf(w->r.approved_on, sizeof w->r.approved_on, "%s", today_s);
	w->by = a.id;
	rc = svc_write(app, write_approval, w);
	if (rc == STORE_CONFLICT) {
		svc_fail(o, SVC_REFUSED, "already_approved", "reserve %lld was approved meanwhile",
		         (long long)id);
		goto done;
	}
	if (rc != STORE_OK) {
		busy(o);
		goto done;
	}
	snprintf(w->r.status, sizeof w->r.status, "approved");
	*out = w->r;
	/* DSU 6.7.4.3: the club's unconditional 14-day stop, his future
	 * opponents and the TL told at once: special leave of the reserve in
	 * this tournament (its own transaction: the approval stands whatever
	 * becomes of it; the answer says) */
	if (calendar_parse(w->r.stop_from, &first, NULL, 0) == CC_OK &&
	    calendar_parse(w->r.stop_to, &last, NULL, 0) == CC_OK) {
		struct svc_vacation_request vr = {.user = w->r.reserve,
		                                  .kind = CLOCK_SPECIAL_LEAVE,
		                                  .iv = {first, last},
		                                  .tournament = w->r.tournament,
		                                  .notice = CLOCK_NO_DATE};
		struct svc_period p;
		struct svc_outcome lo;
		if (svc_vacation_book(app, who, &vr, &p, &lo) == SVC_OK)
			*leave_ok = true;
		else
			snprintf(leave_why, whylen, "%s: %s", lo.code ? lo.code : "", lo.message);
	}
	svc_ok(o);
done:
	free(w);
	return o->status;
}

/* ---- e-mail connection loss (DSU 6.8.1) ---- */

void svc_connection_loss_dates(const struct store_connection_loss *c, int32_t today,
                               struct svc_connection_loss *out)
{
	int32_t lost, restored = DSU_NO_DATE;
	out->c = *c;
	out->restore_by = out->withdrawn_from = DSU_NO_DATE;
	out->propose_withdrawal = false;
	if (calendar_parse(c->lost_on, &lost, NULL, 0) != CC_OK)
		return;
	if (c->restored_on[0] && calendar_parse(c->restored_on, &restored, NULL, 0) != CC_OK)
		return;
	/* I-15: restore by lost + 30, withdrawn from lost + 31 */
	int rc = dsu_connection_lost(lost, restored, today, &out->restore_by, &out->withdrawn_from,
	                             NULL, 0);
	out->propose_withdrawal = rc == 1;
}

struct loss_write {
	struct store_connection_loss c;
	int64_t by;
};

static int write_loss(struct app *app, void *ctx)
{
	struct loss_write *w = ctx;
	return store_connection_loss_record(app->st, &w->c, w->by);
}

int svc_connection_loss(struct app *app, const struct user *who, int64_t id, int64_t player,
                        const char *lost, const char *restored, struct svc_connection_loss *out,
                        struct svc_outcome *o)
{
	struct store_tournament t;
	int32_t lost_day = DSU_NO_DATE, restored_day = DSU_NO_DATE, today;
	char today_s[CALENDAR_ISO_LEN];
	int seat;
	if (on_player(app, who, AUTH_CONNECTION_LOSS, id, player, &t, &seat, o) != SVC_OK)
		return o->status;
	struct auth_actor a = svc_actor(who);
	if (seat < 0)
		return svc_fail(o, SVC_REFUSED, "not_in_tournament",
		                "user %lld does not play in tournament %lld", (long long)player,
		                (long long)id);
	if (strcmp(t.profile, "dsu-post") == 0 || strcmp(t.profile, "dsu-post-email") == 0)
		return svc_fail(
		        o, SVC_REFUSED, "not_email",
		        "tournament %lld is postal: the net connection rule is e-mail play's "
		        "(DSU 6.8.1)",
		        (long long)id);
	if (!lost && !restored)
		return svc_fail(o, SVC_REFUSED, "missing_field",
		                "lost_on (the day he reported it) or restored_on");
	if ((lost && svc_past_day(app, lost, "lost_on", &lost_day, o) != SVC_OK) ||
	    (restored && svc_past_day(app, restored, "restored_on", &restored_day, o) != SVC_OK))
		return o->status;
	if (svc_today(app, today_s, &today, o))
		return o->status;
	struct loss_write w = {.c = {.tournament = id, .user = player}, .by = a.id};
	struct store_connection_loss open;
	int rc = store_connection_loss_open(app->st, id, player, &open);
	if (rc == STORE_ERROR)
		return busy(o);
	if (lost && rc == STORE_OK)
		return svc_fail(o, SVC_REFUSED, "already_lost",
		                "user %lld's connection is lost since %s: record its restoration",
		                (long long)player, open.lost_on);
	if (!lost && rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found",
		                "user %lld has no lost connection in tournament %lld",
		                (long long)player, (long long)id);
	int32_t from = lost ? lost_day : DSU_NO_DATE;
	if (!lost)
		calendar_parse(open.lost_on, &from, NULL, 0);
	if (restored && restored_day < from)
		return svc_fail(o, SVC_REFUSED, "invalid_date",
		                "restored_on: not before the day it was lost");
	if (lost)
		calendar_format(lost_day, w.c.lost_on, sizeof w.c.lost_on);
	if (restored)
		calendar_format(restored_day, w.c.restored_on, sizeof w.c.restored_on);
	rc = svc_write(app, write_loss, &w);
	if (rc != STORE_OK)
		return busy(o);
	svc_connection_loss_dates(&w.c, today, out);
	return svc_ok(o);
}

/* ---- the rating list ---- */

int svc_rating_list_status(struct app *app, int64_t user, int32_t today,
                           enum rating_list_status *status, char last[11])
{
	int32_t day = INT32_MIN;
	*status = RATING_LISTED;
	if (store_members_last_rated(app->st, user, last) != STORE_OK)
		return -1;
	if (last[0] && calendar_parse(last, &day, NULL, 0) != CC_OK)
		return 0;
	*status = rating_list_status(day, today); /* the rating is kept either way */
	return 0;
}
