/* svc_sweep.c: the sweep's write (svc/svc_sweep.h). */
#include "autoconfig.h"
#include "svc/svc_sweep.h"

#include <stdio.h>
#include <string.h>

#include "clock/calendar.h"
#include "store/store_deadlines.h"
#include "store/store.h"
#include "store/store_sweep.h"
#include "svc/svc_deadlines.h"
#include "svc/svc_game.h"
#include "svc/svc_notify.h"
#include "util/status.h"

struct finding_write {
	struct store_game *g;
	const struct corr_finding *f;
	const char *today;
	int32_t now;
	struct svc_swept *r;
	bool known; /* recorded on an earlier day (or run) */
};

/* Inside the write transaction: the event, the game's end, the dates, the
 * mail. */
static int write_finding(struct app *app, void *ctx)
{
	struct finding_write *w = ctx;
	struct store_game *g = w->g;
	const struct corr_finding *f = w->f;
	char due[CALENDAR_ISO_LEN] = "?";
	if (f->due != CLOCK_NO_DATE)
		calendar_format(f->due, due, sizeof due);
	int64_t player = f->side == CLOCK_WHITE ? g->white : g->black, event;
	int rc = store_sweep_event(app->st, g->id, corr_finding_name(f->kind), player, f->ply, due,
	                           w->today, &event);
	if (rc == STORE_CONFLICT) {
		w->known = true;
		return STORE_CONFLICT; /* nothing to write: roll back */
	}
	if (rc != STORE_OK)
		return STORE_ERROR;
	/* A reminder or TL notice recorded is a change of the game (the
	 * penalties of DSU 6.3.4 follow the recorded ones only, docs/RULES.md):
	 * the game in memory takes it as store_games_load() would read it. */
	if (f->kind == CORR_FINDING_REMINDER || f->kind == CORR_FINDING_TL_NOTICE) {
		struct corr_record rec = {
		        .kind = f->kind == CORR_FINDING_REMINDER ? CORR_REC_REMINDER
		                                                 : CORR_REC_TL_NOTICE,
		        .side = f->side,
		        .ply = f->ply,
		        .on = w->now,
		        .due = f->due,
		};
		struct corr_error e;
		if (corr_game_add_record(&g->g, &rec, &e) != CC_OK)
			return STORE_ERROR;
	}
	const char *result = f->side == CLOCK_WHITE ? "0-1" : "1-0";
	/* DSU 6.3.3.4: when the opponent played on after the forfeit, the
	 * sweep ends the game 0-0 in any profile */
	struct clock_played_on po;
	struct corr_error pe;
	bool both = f->kind == CORR_FINDING_FORFEIT &&
	            corr_played_on(&g->g, w->now, &po, &pe) == CC_OK && po.both_lose &&
	            po.forfeiter == f->side;
	if (both)
		result = "0-0";
	bool ends = f->kind == CORR_FINDING_FORFEIT && (g->g.profile->auto_forfeit || both);
	if (ends) {
		/* DSU 6.3.3.3: on the server the sweep ends the game, only at the
		 * revision it judged: a move that came in since makes it stale,
		 * and the next sweep looks again. */
		struct corr_delta d;
		struct corr_error e;
		if (corr_sweep_forfeit(&g->g, f, w->now, &d, &e) != CC_OK)
			return STORE_STALE;
		rc = svc_game_write_in(app, 0, g, &d, w->today);
		if (rc != STORE_OK)
			return rc;
	} else {
		struct corr_deadline dates[CORR_DEADLINES_MAX];
		int n = svc_deadlines_of(&g->g, dates);
		if (store_deadlines_set(app->st, g->id, dates, n) != STORE_OK)
			return STORE_ERROR;
	}
	/* Who is told (docs/SWEEP.md), in each reader's language. */
	int queued = svc_notify_finding(app, g, f, event, ends ? result : NULL, w->today);
	if (queued < 0)
		return STORE_ERROR;
	w->r->ended = ends;
	snprintf(w->r->result, sizeof w->r->result, "%s", ends ? result : "");
	w->r->queued = queued;
	return STORE_OK;
}

int svc_sweep_finding(struct app *app, struct store_game *g, const struct corr_finding *f,
                      const char *today, int32_t now, struct svc_swept *r)
{
	memset(r, 0, sizeof *r);
	struct finding_write w = {g, f, today, now, r, false};
	/* The game in memory changes inside the transaction; should it roll
	 * back, the caller's copy no longer matches the store (r->stale). */
	int rc = svc_write(app, write_finding, &w);
	if (rc == STORE_OK) {
		svc_mail_queued(app);
		return 1;
	}
	if (w.known)
		return 0;
	r->stale = true;
	return rc == STORE_STALE ? 0 : -1;
}
