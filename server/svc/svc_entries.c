/* svc_entries.c: EMT entries and entry rights (svc/svc_entries.h). */
#include "autoconfig.h"
#include "svc/svc_entries.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "store/store_ratings.h"
#include "store/store.h"
#include "store/store_tournaments.h"
#include "store/store_users.h"
#include "store/store_federation.h"
#include "svc/svc_fed.h"
#include "svc/svc_notify.h"
#include "svc/svc_tournaments.h"
#include "tourney/dsu_group.h"
#include "util/status.h"

#define CUP_WHY "cup (DSU 6.6.2)"

/* The player's EMT history (R6): every finished group with a class he
 * played in, with his points, games and whether he was first on points;
 * and in r->run the groups he still plays.  0 and *n, or -1. */
static int history_of(struct app *app, int64_t user, struct dsu_history_entry *h, size_t *n,
                      struct svc_rights *r)
{
	int64_t ids[SVC_HISTORY_MAX];
	size_t k;
	*n = r->nrun = 0;
	if (store_tournaments_classed_of(app->st, user, ids, SVC_HISTORY_MAX, &k) != STORE_OK)
		return -1;
	struct svc_tournament *t = calloc(1, sizeof *t);
	struct dsu_standing *s = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *s);
	int rc = t && s ? 0 : -1;
	for (size_t i = 0; i < k && rc == 0; i++) {
		struct svc_outcome o;
		struct dsu_table_info info;
		enum dsu_class cls;
		int32_t finish;
		char err[128];
		if (svc_tournament_load(app, ids[i], t, &o) != SVC_OK) {
			rc = -1;
			break;
		}
		bool done = !t->unfinished && t->last_end[0] &&
		            calendar_parse(t->last_end, &finish, NULL, 0) == CC_OK;
		if (dsu_class_parse(t->t.cls, &cls) == CC_OK &&
		    dsu_standings(svc_tournament_event(&t->t), t->n, t->games, t->ngames,
		                  svc_tournament_playoff(t), s, &info, err, sizeof err) == CC_OK)
			for (int j = 0; j < t->n; j++) {
				if (t->seats[s[j].player].user != user || s[j].games == 0)
					continue;
				if (done)
					h[(*n)++] = (struct dsu_history_entry){
					        cls, finish, s[j].score2, s[j].games,
					        j < info.first_on_points};
				else if (s[j].finished < s[j].games)
					r->run[r->nrun++] = (struct svc_running){
					        t->t.id, cls, s[j].score2, s[j].games};
			}
		svc_tournament_free(t);
	}
	free(t);
	free(s);
	return rc;
}

/* Adds right (cls until day, why) to r's extras. */
static void push_extra(struct svc_rights *r, enum dsu_class cls, int32_t until, const char *why)
{
	if (r->nextra < SVC_EXTRA_MAX) {
		r->extra[r->nextra] = (struct dsu_right){cls, until};
		r->why[r->nextra++] = why;
	}
}

/* The rights from outside the EMT (R35c-d, R39, R41e, R49): those the
 * cup's finished semifinals and finals give the player (6.6.2), and those
 * a TL granted (international play, the TL's own).  0, or -1. */
static int extra_rights_of(struct app *app, int64_t user, struct svc_rights *r)
{
	int64_t ids[SVC_HISTORY_MAX];
	size_t k, ng;
	struct store_granted g[SVC_EXTRA_MAX];
	r->nextra = 0;
	if (store_tournaments_cup_groups_of(app->st, user, ids, SVC_HISTORY_MAX, &k) != STORE_OK ||
	    store_granted_list(app->st, user, g, SVC_EXTRA_MAX, &ng) != STORE_OK)
		return -1;
	for (size_t i = 0; i < ng; i++) {
		enum dsu_class cls;
		int32_t until;
		if (dsu_class_parse(g[i].cls, &cls) == CC_OK &&
		    calendar_parse(g[i].until, &until, NULL, 0) == CC_OK)
			push_extra(r, cls, until,
			           strcmp(g[i].source, "international") == 0
			                   ? "international play (DSU 6.5.3.2c), granted by the TL"
			                   : "granted by the TL (DSU 6.5.2.2e, 6.5.3.2e)");
	}
	struct svc_tournament *t = calloc(1, sizeof *t);
	struct dsu_standing *s = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *s);
	struct dsu_cup_right *cr = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *cr);
	int rc = t && s && cr ? 0 : -1;
	for (size_t i = 0; i < k && rc == 0; i++) {
		struct svc_outcome o;
		char err[128];
		int32_t until;
		if (svc_tournament_load(app, ids[i], t, &o) != SVC_OK) {
			rc = -1;
			break;
		}
		if (dsu_standings(svc_tournament_event(&t->t), t->n, t->games, t->ngames, NULL, s,
		                  NULL, err, sizeof err) == CC_OK &&
		    svc_tournament_cup_rights(t, s, cr, &until) == 0)
			for (int j = 0; j < t->n; j++) {
				if (t->seats[s[j].player].user != user)
					continue;
				if (cr[j].dm)
					push_extra(r, DSU_CLASS_DM, until, CUP_WHY);
				if (cr[j].m)
					push_extra(r, DSU_CLASS_M, until, CUP_WHY);
				if (cr[j].k)
					push_extra(r, DSU_CLASS_K, until, CUP_WHY);
			}
		svc_tournament_free(t);
	}
	free(t);
	free(s);
	free(cr);
	return rc;
}

/* The rights on day (I-6: an entry's rights are those of the day it
 * became valid, DSU 6.4.4.1). */
static int svc_rights_on(struct app *app, int64_t user, int32_t day, struct svc_rights *r,
                         struct svc_outcome *o);

int svc_rights_of(struct app *app, int64_t user, struct svc_rights *r, struct svc_outcome *o)
{
	char iso[CALENDAR_ISO_LEN];
	int32_t today;
	if (svc_today(app, iso, &today, o))
		return o->status;
	return svc_rights_on(app, user, today, r, o);
}

static int svc_rights_on(struct app *app, int64_t user, int32_t today, struct svc_rights *r,
                         struct svc_outcome *o)
{
	struct dsu_history_entry *h = calloc(SVC_HISTORY_MAX, sizeof *h);
	size_t n;
	char err[256];
	int k, otb, games;
	if (!h)
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	if (history_of(app, user, h, &n, r) || extra_rights_of(app, user, r) ||
	    store_ratings_user(app->st, user, &k, &otb, &games) != STORE_OK) {
		free(h);
		return svc_fail(o, SVC_BUSY, "busy", "the results cannot be read now; try again");
	}
	struct dsu_rights_query q = {
	        today, otb == STORE_NO_RATING ? -1 : otb, -1, DSU_NO_DATE, r->extra, r->nextra};
	int rc = dsu_entry_rights(h, n, &q, &r->a, err, sizeof err);
	free(h);
	if (rc != CC_OK)
		return svc_fail(o, SVC_ERROR, "internal", "the rights cannot be computed: %s", err);
	return svc_ok(o);
}

const char *svc_right_why(const struct svc_rights *r, enum dsu_class c)
{
	for (size_t i = 0; i < r->nextra; i++)
		if (r->extra[i].cls == c && r->extra[i].until == r->a.until[c])
			return r->why[i];
	if (r->a.until[c] == DSU_NO_DATE)
		return r->a.first_timer && c == DSU_CLASS_AA
		               ? "first-time participant (DSU 6.5.3.2f)"
		               : "OTB rating (DSU 6.5.3.2d)";
	return "EMT result (DSU 6.5.2.2, 6.5.3.2)";
}

/* May player enter class cls with an entry valid on `day` (his rights on
 * that day, I-6: "to the date the entry became valid (fee received)";
 * R25 on his groups as they are)?  SVC_OK, or the refusal. */
static int may_enter(struct app *app, int64_t player, enum dsu_class cls, int32_t day,
                     struct svc_outcome *o)
{
	struct svc_rights *r = calloc(1, sizeof *r);
	if (!r)
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	if (svc_rights_on(app, player, day, r, o) != SVC_OK)
		goto out;
	if (!r->a.may[cls]) {
		svc_fail(
		        o, SVC_REFUSED, "no_right",
		        "user %lld has no right to enter the %s class today (DSU 6.5.2.2, 6.5.3.2; "
		        "GET /api/v1/users/%lld/rights)",
		        (long long)player, dsu_class_name(cls), (long long)player);
		goto out;
	}
	/* R25 (DSU 6.5.1.2, I-11): a further group only once the risk of
	 * relegation in every running group is gone */
	for (size_t i = 0; i < r->nrun; i++)
		if (!dsu_may_enter_another_group(r->run[i].cls, r->run[i].score2,
		                                 r->run[i].games)) {
			svc_fail(
			        o, SVC_REFUSED, "relegation_risk",
			        "user %lld still risks relegation in tournament %lld (%s class, %g "
			        "points from %d games): a further group only when the risk is gone "
			        "(DSU 6.5.1.2: M and K 2 points, the DM 45%% of all his games)",
			        (long long)player, (long long)r->run[i].id,
			        dsu_class_name(r->run[i].cls), r->run[i].score2 / 2.0,
			        r->run[i].games);
			goto out;
		}
	svc_ok(o);
out:
	free(r);
	return o->status;
}

/* The write of an entry. */
struct entry_write {
	struct store_entry e;
	const struct store_memberinfo *member; /* the member fields it carries, or NULL */
	const struct store_class *cls;
	int64_t actor, group;
	const char *today;
	bool started; /* a group was started: mail was queued */
	struct svc_outcome *o;
};

/* Inside the write: a group of the seven waiting entries of the class
 * (DSU 6.5.1.1): seats by lot (R27), colours by R28, the class's profile
 * (issue 21: a K-skak EMT group is a postal tournament, DSU 6.3.1), led
 * by the class's TL, the start letter to each of the seven today and all
 * games from DSU_START_LETTER_DAYS later (6.5.2.1, 6.5.3.1: the letter
 * before the group starts; issue 21). */
static int start_group(struct app *app, struct entry_write *w, const struct store_entry *waiting)
{
	struct svc_draft *d = calloc(1, sizeof *d);
	char name[64], start[CALENDAR_ISO_LEN];
	int32_t first;
	int groups = 0, rc;
	if (!d) {
		svc_fail(w->o, SVC_ERROR, "internal", "out of memory");
		return STORE_ERROR;
	}
	if (store_tournaments_count_class(app->st, w->e.cls, &groups) != STORE_OK) {
		free(d);
		svc_fail(w->o, SVC_BUSY, "busy", "the database is busy; try again");
		return STORE_ERROR;
	}
	if (calendar_parse(w->today, &first, NULL, 0) != CC_OK ||
	    calendar_format(first + DSU_START_LETTER_DAYS, start, sizeof start) != CC_OK) {
		free(d);
		svc_fail(w->o, SVC_ERROR, "internal", "today's date is out of range");
		return STORE_ERROR;
	}
	snprintf(name, sizeof name, "EMT %s-klassen gruppe %d", w->e.cls, groups + 1);
	d->name = name;
	d->profile = w->cls->profile;
	d->start = start;
	d->kind = SVC_KIND_EMT;
	d->cls = w->e.cls;
	d->n = TOURNAMENT_EMT_PLAYERS;
	for (int i = 0; i < d->n; i++)
		d->players[i] = (struct svc_player){.user = waiting[i].user};
	svc_tournament_draw_seats(d->players, d->n);
	/* docs/AUTHORITY.md rule 2: the class's TL, never the entrant */
	rc = svc_tournament_insert(app, d, w->cls->tl, w->actor, &w->group, w->o);
	if (rc == STORE_OK && svc_notify_tournament_started(app, w->group, w->today) != 0) {
		svc_fail(w->o, SVC_BUSY, "busy", "the group could not be stored; try again");
		rc = STORE_ERROR;
	}
	for (size_t i = 0; rc == STORE_OK && i < TOURNAMENT_EMT_PLAYERS; i++)
		if (store_entries_assign(app->st, waiting[i].id, w->group) != STORE_OK) {
			svc_fail(w->o, SVC_BUSY, "busy",
			         "the entries could not be stored; try again");
			rc = STORE_ERROR;
		}
	w->started = rc == STORE_OK;
	free(d);
	return rc;
}

static int write_entry(struct app *app, void *ctx)
{
	struct entry_write *w = ctx;
	struct store_entry waiting[TOURNAMENT_EMT_PLAYERS];
	size_t nw;
	int waits = store_entries_waits(app->st, w->e.user, w->e.cls);
	if (waits == STORE_OK) {
		svc_fail(w->o, SVC_REFUSED, "already_entered",
		         "user %lld already waits for a group of the %s class",
		         (long long)w->e.user, w->e.cls);
		return STORE_CONFLICT;
	}
	/* DSU 6.4.4.1 a, d: what the entry carries of the member, with it */
	if (waits != STORE_NOT_FOUND ||
	    (w->member && store_members_set(app->st, w->e.user, w->member) != STORE_OK) ||
	    store_entries_insert(app->st, &w->e, w->actor) != STORE_OK ||
	    store_entries_waiting(app->st, w->e.cls, waiting, TOURNAMENT_EMT_PLAYERS, &nw) !=
	            STORE_OK) {
		svc_fail(w->o, SVC_BUSY, "busy", "the entry could not be stored; try again");
		return STORE_ERROR;
	}
	/* DSU 6.5.1.1: a new group as soon as 7 valid entries (6.4.4.1: the
	 * fee received) of a class exist (the DM is one group a year, started
	 * by its TL) */
	if (w->e.fee_received_on[0] && strcmp(w->e.cls, "DM") != 0 && nw >= TOURNAMENT_EMT_PLAYERS)
		return start_group(app, w, waiting);
	return STORE_OK;
}

/* The rules of the federation an entry valid on `day` meets besides the
 * rights (issue 22): no quarantine in force that day (4.1.1 §19, DSU
 * 6.4.2; 422 quarantined), and a non-member in one group of the EMT or
 * the cup only (6.1.2; 422 member_only); own: 1 when the entry itself
 * waits already (its fee recorded later), not counted as a group of his.
 * SVC_OK, or the refusal. */
static int may_enter_fed(struct app *app, int64_t player, int32_t day, int own,
                         const struct store_memberinfo *carried, struct svc_outcome *o)
{
	struct svc_register *r = calloc(1, sizeof *r);
	struct store_memberinfo m;
	int groups = 0;
	if (!r)
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	if (svc_register_of(app, player, day, r, o) != SVC_OK)
		goto out;
	if (r->quarantined >= 0) {
		const struct dsu_sanction_applied *q = &r->line[r->quarantined].a;
		char from[CALENDAR_ISO_LEN], to[CALENDAR_ISO_LEN];
		calendar_format(q->start, from, sizeof from);
		calendar_format(q->end, to, sizeof to);
		svc_fail(o, SVC_REFUSED, "quarantined",
		         "user %lld is in quarantine from %s through %s (DSU 6.4.2, 4.1.1 "
		         "\u00a719): "
		         "no entry meanwhile",
		         (long long)player, from, to);
		goto out;
	}
	if (store_members_get(app->st, player, &m) != STORE_OK ||
	    store_members_groups(app->st, player, &groups) != STORE_OK) {
		svc_fail(o, SVC_BUSY, "busy", "the member cannot be read now; try again");
		goto out;
	}
	if (carried) /* the membership the entry gives (6.4.4.1 a) */
		m = *carried;
	if (!dsu_may_enter_as(dsu_membership_of(m.membership), groups - own)) {
		svc_fail(o, SVC_REFUSED, "member_only",
		         "user %lld is no member of DSU and has played a group already: a "
		         "non-member plays one group of the EMT or the cup (DSU 6.1.2)",
		         (long long)player);
		goto out;
	}
	svc_ok(o);
out:
	free(r);
	return o->status;
}

int svc_entry(struct app *app, const struct user *who, int64_t player, const char *cls_s,
              const char *fee, const char *proof, const struct store_memberinfo *member,
              const bool member_given[4], struct svc_entered *out, struct svc_outcome *o)
{
	enum dsu_class cls;
	struct store_class c;
	char today[CALENDAR_ISO_LEN];
	int32_t day;
	memset(out, 0, sizeof *out);
	if (svc_today(app, today, &day, o))
		return o->status;
	if (dsu_class_parse(cls_s, &cls) != CC_OK)
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "class must be \u00c5, K, M or DM (DSU 6.5.1)");
	int rc = store_classes_get(app->st, dsu_class_name(cls), &c);
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the class cannot be read now; try again");
	/* docs/AUTHORITY.md: oneself, or another player by the class's TL */
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.leader = c.tl, .subject = player};
	struct corr_error e;
	if (auth_check(&a, player == a.id ? AUTH_ENTRY_OWN : AUTH_ENTRY_FOR, &t, &e) != CC_OK)
		return svc_refused(o, &e);
	rc = store_users_exists(app->st, player);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_REFUSED, "unknown_user", "there is no user %lld",
		                (long long)player);
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the database is not available; try again");
	/* DSU 6.4.4.1: valid once the TL has the fee; the TL (or an admin)
	 * records it, with the entry he makes for a player (default: today,
	 * the day he enters it) or later (POST /entries/{id}/fee); a player's
	 * own entry waits for it */
	int32_t fee_day = DSU_NO_DATE, valid;
	char err[128];
	bool by_tl = player != a.id;
	if (fee) {
		struct auth_target ft = {.leader = c.tl, .subject = player};
		if (auth_check(&a, AUTH_ENTRY_FEE, &ft, &e) != CC_OK)
			return svc_refused(o, &e);
		if (calendar_parse(fee, &fee_day, err, sizeof err) != CC_OK)
			return svc_fail(o, SVC_REFUSED, "invalid_date", "fee_received_on: %s", err);
	} else if (by_tl) {
		fee_day = day;
	}
	if (dsu_entry_valid(fee_day, day, &valid, err, sizeof err) < 0)
		return svc_fail(o, SVC_REFUSED, "invalid_date", "fee_received_on: %s", err);
	/* the member fields it carries, merged into his (member_set: himself,
	 * a TL, the kc, an admin; svc/svc_fed.h) */
	struct store_memberinfo carried;
	bool carries = false;
	for (int i = 0; member && member_given && i < 4; i++)
		carries |= member_given[i];
	if (carries) {
		struct auth_target mt = {.subject = player};
		if (auth_check(&a, AUTH_MEMBER_SET, &mt, &e) != CC_OK)
			return svc_refused(o, &e);
		if (store_members_get(app->st, player, &carried) != STORE_OK)
			return svc_fail(o, SVC_BUSY, "busy",
			                "the member cannot be read now; try again");
		if (member_given[0])
			snprintf(carried.membership, sizeof carried.membership, "%s",
			         member->membership);
		if (member_given[1])
			snprintf(carried.member_no, sizeof carried.member_no, "%s",
			         member->member_no);
		if (member_given[2])
			snprintf(carried.club, sizeof carried.club, "%s", member->club);
		if (member_given[3])
			snprintf(carried.birth_date, sizeof carried.birth_date, "%s",
			         member->birth_date);
		if (strcmp(carried.membership, "club") == 0 && !carried.club[0])
			return svc_fail(o, SVC_REFUSED, "invalid_field",
			                "a club member's club is needed (DSU 6.4.4.1 a)");
	}
	if (may_enter_fed(app, player, valid != DSU_NO_DATE ? valid : day, 0,
	                  carries ? &carried : NULL, o) != SVC_OK ||
	    may_enter(app, player, cls, valid != DSU_NO_DATE ? valid : day, o) != SVC_OK)
		return o->status;
	struct entry_write w = {
	        .e = {.user = player}, .cls = &c, .actor = a.id, .today = today, .o = o};
	snprintf(w.e.cls, sizeof w.e.cls, "%s", dsu_class_name(cls));
	snprintf(w.e.valid_on, sizeof w.e.valid_on, "%s", today);
	if (valid != DSU_NO_DATE)
		calendar_format(valid, w.e.fee_received_on, sizeof w.e.fee_received_on);
	if (proof)
		snprintf(w.e.proof, sizeof w.e.proof, "%s", proof);
	w.member = carries ? &carried : NULL;
	svc_ok(o);
	rc = svc_write(app, write_entry, &w);
	if (rc != STORE_OK) {
		if (o->status == SVC_OK)
			svc_fail(o, SVC_BUSY, "busy", "the entry could not be stored; try again");
		return o->status;
	}
	if (w.started)
		svc_mail_queued(app);
	*out = (struct svc_entered){w.e.id, player, "", w.group, "", ""};
	snprintf(out->cls, sizeof out->cls, "%s", w.e.cls);
	snprintf(out->fee_received_on, sizeof out->fee_received_on, "%s", w.e.fee_received_on);
	snprintf(out->proof, sizeof out->proof, "%s", w.e.proof);
	return svc_ok(o);
}

/* The write of a fee received: the entry becomes valid, and the 7th
 * valid entry of its class starts the group. */
static int write_fee(struct app *app, void *ctx)
{
	struct entry_write *w = ctx;
	struct store_entry waiting[TOURNAMENT_EMT_PLAYERS];
	size_t nw;
	int rc = store_entries_set_fee(app->st, w->e.id, w->e.fee_received_on);
	if (rc == STORE_CONFLICT) {
		svc_fail(w->o, SVC_REFUSED, "fee_recorded",
		         "entry %lld has its fee already (or is in a group)", (long long)w->e.id);
		return rc;
	}
	if (rc != STORE_OK || store_entries_waiting(app->st, w->e.cls, waiting,
	                                            TOURNAMENT_EMT_PLAYERS, &nw) != STORE_OK) {
		svc_fail(w->o, SVC_BUSY, "busy", "the fee could not be stored; try again");
		return STORE_ERROR;
	}
	if (strcmp(w->e.cls, "DM") != 0 && nw >= TOURNAMENT_EMT_PLAYERS)
		return start_group(app, w, waiting);
	return STORE_OK;
}

int svc_entry_fee(struct app *app, const struct user *who, int64_t id, const char *on,
                  struct svc_entered *out, struct svc_outcome *o)
{
	struct store_class c;
	char today[CALENDAR_ISO_LEN], err[128];
	int32_t day, fee_day, valid;
	struct entry_write w = {.o = o};
	memset(out, 0, sizeof *out);
	if (svc_today(app, today, &day, o))
		return o->status;
	int rc = store_entries_get(app->st, id, &w.e);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no entry %lld",
		                (long long)id);
	if (rc != STORE_OK || store_classes_get(app->st, w.e.cls, &c) != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the entry cannot be read now; try again");
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.leader = c.tl, .subject = w.e.user};
	struct corr_error e;
	if (auth_check(&a, AUTH_ENTRY_FEE, &t, &e) != CC_OK)
		return svc_refused(o, &e);
	if (on && calendar_parse(on, &fee_day, err, sizeof err) != CC_OK)
		return svc_fail(o, SVC_REFUSED, "invalid_date", "received_on: %s", err);
	if (!on)
		fee_day = day;
	if (dsu_entry_valid(fee_day, day, &valid, err, sizeof err) < 0)
		return svc_fail(o, SVC_REFUSED, "invalid_date", "received_on: %s", err);
	if (w.e.fee_received_on[0] || w.e.tournament)
		return svc_fail(o, SVC_REFUSED, "fee_recorded",
		                "entry %lld has its fee already (received %s)", (long long)id,
		                w.e.fee_received_on);
	enum dsu_class ecls;
	if (may_enter_fed(app, w.e.user, valid, 1, NULL, o) != SVC_OK ||
	    (dsu_class_parse(w.e.cls, &ecls) == CC_OK &&
	     may_enter(app, w.e.user, ecls, valid, o) != SVC_OK))
		return o->status;
	calendar_format(valid, w.e.fee_received_on, sizeof w.e.fee_received_on);
	w.cls = &c;
	w.actor = a.id;
	w.today = today;
	svc_ok(o);
	rc = svc_write(app, write_fee, &w);
	if (rc != STORE_OK) {
		if (o->status == SVC_OK)
			svc_fail(o, SVC_BUSY, "busy", "the fee could not be stored; try again");
		return o->status;
	}
	if (w.started)
		svc_mail_queued(app);
	*out = (struct svc_entered){w.e.id, w.e.user, "", w.group, "", ""};
	snprintf(out->cls, sizeof out->cls, "%s", w.e.cls);
	snprintf(out->fee_received_on, sizeof out->fee_received_on, "%s", w.e.fee_received_on);
	snprintf(out->proof, sizeof out->proof, "%s", w.e.proof);
	return svc_ok(o);
}
