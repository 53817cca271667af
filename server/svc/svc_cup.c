/* svc_cup.c: the cup's next stage (svc/svc_cup.h). */
#include "autoconfig.h"
#include "svc/svc_cup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "store/store.h"
#include "store/store_tournaments.h"
#include "store/store_users.h"
#include "svc/svc_tournaments.h"
#include "tourney/dsu_draw.h"
#include "util/status.h"

/* The players of finished cup group `group` who go on, appended to q
 * (dsu_cup_qualifiers()).  SVC_OK; SVC_REFUSED stage_not_finished; or
 * the outcome of a failed read. */
static int qualifiers(struct app *app, int64_t group, const char *stage, int advance, int64_t *q,
                      int *nq, struct svc_outcome *o)
{
	struct svc_tournament *t = calloc(1, sizeof *t);
	struct dsu_standing *s = calloc(TOURNAMENT_MAX_PLAYERS, sizeof *s);
	int64_t user[TOURNAMENT_MAX_PLAYERS];
	char err[160];
	if (!t || !s) {
		free(t);
		free(s);
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	}
	if (svc_tournament_load(app, group, t, o) != SVC_OK)
		goto out;
	for (int i = 0; i < t->n; i++)
		user[i] = t->seats[i].user;
	if (t->unfinished)
		svc_fail(o, SVC_REFUSED, "stage_not_finished",
		         "group %lld of the %s has games still running", (long long)group, stage);
	else if (dsu_standings(svc_tournament_event(&t->t), t->n, t->games, t->ngames, NULL, s,
	                       NULL, err, sizeof err) != CC_OK ||
	         dsu_cup_qualifiers(s, t->n, user, advance, q, nq, TOURNAMENT_MAX_PLAYERS, err,
	                            sizeof err) != CC_OK)
		svc_fail(o, SVC_ERROR, "internal", "group %lld: %s", (long long)group, err);
	else
		svc_ok(o);
	svc_tournament_free(t);
out:
	free(t);
	free(s);
	return o->status;
}

/* 6.6.1.6, I-29: the TL tops the semifinal up with players of his choice
 * (users not already in it). */
static int top_up(struct app *app, const int64_t *add, int nadd, int64_t *q, int *nq,
                  struct svc_outcome *o)
{
	for (int i = 0; i < nadd; i++) {
		int found = store_users_exists(app->st, add[i]);
		if (found == STORE_ERROR)
			return svc_fail(o, SVC_BUSY, "busy",
			                "the database is not available; try again");
		if (found != STORE_OK)
			return svc_fail(o, SVC_REFUSED, "unknown_user",
			                "there is no user %lld (add[%d])", (long long)add[i], i);
		for (int k = 0; k < *nq; k++)
			if (q[k] == add[i])
				return svc_fail(o, SVC_REFUSED, "duplicate_player",
				                "user %lld is in the semifinal already",
				                (long long)add[i]);
		if (*nq >= TOURNAMENT_MAX_PLAYERS)
			return svc_fail(o, SVC_REFUSED, "invalid_player_count",
			                "a stage has at most %d players", TOURNAMENT_MAX_PLAYERS);
		q[(*nq)++] = add[i];
	}
	return svc_ok(o);
}

/* The next stage's groups, made before the write. */
struct stage_write {
	const struct store_tournament *cup;
	const char *stage, *today;
	const int64_t *q;
	const int *sizes;
	int ngroups;
	int64_t actor;
	struct svc_outcome *o;
};

static int write_stage(struct app *app, void *ctx)
{
	struct stage_write *w = ctx;
	int rc = STORE_OK;
	for (int g = 0, at = 0; g < w->ngroups && rc == STORE_OK; at += w->sizes[g], g++)
		rc = svc_tournament_insert_cup_group(app, w->cup, w->stage, g + 1, w->q + at,
		                                     w->sizes[g], w->today, w->actor, w->o);
	return rc;
}

/* The players of the next stage of cup into q (*nq): the qualifiers of
 * the groups of stage `now`, the direct semifinal entries after the
 * preliminary round, the TL's. */
static int gather(struct app *app, const struct store_tournament *cup, const char *now,
                  const char *next, const int64_t *add, int nadd, int64_t *q, int *nq,
                  struct svc_outcome *o)
{
	struct store_tournament *v = NULL;
	size_t n = 0;
	if (store_tournaments_children(app->st, cup->id, &v, &n) != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "the cup's groups cannot be read; try again");
	for (size_t i = 0; i < n; i++)
		if (strcmp(v[i].stage, now) == 0 &&
		    qualifiers(app, v[i].id, now, cup->advance ? cup->advance : 2, q, nq, o) !=
		            SVC_OK) {
			free(v);
			return o->status;
		}
	free(v);
	if (strcmp(now, "prelim") == 0) { /* 6.6.1.6: the direct entries join now */
		struct store_cup_entry e[TOURNAMENT_MAX_PLAYERS];
		size_t ne = 0;
		if (store_tournaments_cup_entries(app->st, cup->id, e, TOURNAMENT_MAX_PLAYERS,
		                                  &ne) != STORE_OK)
			return svc_fail(o, SVC_BUSY, "busy",
			                "the cup's entries cannot be read; try again");
		for (size_t i = 0; i < ne && *nq < TOURNAMENT_MAX_PLAYERS; i++)
			if (e[i].semifinal_direct)
				q[(*nq)++] = e[i].user;
	}
	if (nadd && strcmp(next, "semifinal") != 0)
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "add tops up a semifinal (DSU 6.6.1.6), not the final");
	return top_up(app, add, nadd, q, nq, o);
}

int svc_next_stage(struct app *app, const struct user *who, int64_t id, const char *want,
                   const int64_t *add, int nadd, struct svc_outcome *o)
{
	struct store_tournament cup, *v = NULL;
	size_t n = 0;
	char today[CALENDAR_ISO_LEN];
	int32_t day;
	if (svc_today(app, today, &day, o))
		return o->status;
	int rc = store_tournaments_get(app->st, id, &cup);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "there is no tournament %lld",
		                (long long)id);
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy",
		                "the tournament cannot be read now; try again");
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.leader = cup.tl};
	struct corr_error e;
	if (auth_check(&a, AUTH_NEXT_STAGE, &t, &e) != CC_OK)
		return svc_refused(o, &e);
	if (strcmp(cup.kind, svc_tournament_kind_names[SVC_KIND_CUP]) != 0)
		return svc_fail(o, SVC_REFUSED, "not_a_cup", "tournament %lld is not a cup",
		                (long long)id);
	if (want && strcmp(want, "semifinal") != 0 && strcmp(want, "final") != 0)
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "stage must be semifinal or final");
	if (store_tournaments_children(app->st, id, &v, &n) != STORE_OK || n == 0) {
		free(v);
		return svc_fail(o, SVC_BUSY, "busy", "the cup's groups cannot be read; try again");
	}
	char now[sizeof v->stage];
	snprintf(now, sizeof now, "%s", v[n - 1].stage);
	free(v);
	if (strcmp(now, "final") == 0)
		return svc_fail(o, SVC_REFUSED, "cup_finished",
		                "the final is the cup's last stage (DSU 6.6.1.1)");
	const char *next = want ? want : strcmp(now, "prelim") == 0 ? "semifinal" : "final";
	if (strcmp(now, "semifinal") == 0 && strcmp(next, "semifinal") == 0)
		return svc_fail(o, SVC_REFUSED, "invalid_field",
		                "after the semifinal comes the final");
	int64_t q[TOURNAMENT_MAX_PLAYERS];
	int nq = 0, sizes[TOURNAMENT_MAX_PLAYERS], ng = 1;
	char err[160];
	if (gather(app, &cup, now, next, add, nadd, q, &nq, o) != SVC_OK)
		return o->status;
	if (strcmp(next, "semifinal") == 0) {
		/* 6.6.1.1: groups of 7 (6s where the count needs them); a count
		 * that does not split is for the TL to fill up (6.6.1.6, I-29) */
		ng = dsu_cup_group_sizes(nq, sizes, TOURNAMENT_MAX_PLAYERS, err, sizeof err);
		if (ng < 0)
			return svc_fail(
			        o, SVC_REFUSED, "invalid_player_count",
			        "%s: the TL fills the semifinal up (DSU 6.6.1.6) or goes to the "
			        "final ({\"stage\": \"final\"})",
			        err);
	} else if (nq < 2) {
		return svc_fail(o, SVC_REFUSED, "invalid_player_count",
		                "a final needs 2 players, not %d", nq);
	} else {
		sizes[0] = nq;
	}
	svc_tournament_draw_users(q, nq); /* 6.6.1.2: the semifinal by free lot */
	struct stage_write w = {&cup, next, today, q, sizes, ng, a.id, o};
	svc_ok(o);
	if (svc_write(app, write_stage, &w) != STORE_OK) {
		if (o->status == SVC_OK)
			svc_fail(o, SVC_BUSY, "busy", "the stage could not be stored; try again");
		return o->status;
	}
	return svc_ok(o);
}
