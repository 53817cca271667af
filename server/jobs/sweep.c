/* sweep.c: the daily job (docs/SWEEP.md; jobs/sweep.h). */
#include "autoconfig.h"
#include "jobs/sweep.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "clock/clock.h"
#include "corr/corr.h"
#include "jobs/mail.h"
#include "jobs/notify.h"
#include "jobs/outbox.h"
#include "store/deadlines.h"
#include "store/notify.h"
#include "store/games.h"
#include "store/sweep.h"
#include "store/tournaments.h"
#include "store/users.h"
#include "util/status.h"
#include "util/textbuf.h"

static void iso(int32_t day, char out[CALENDAR_ISO_LEN])
{
	if (day == CLOCK_NO_DATE || calendar_format(day, out, CALENDAR_ISO_LEN) != CC_OK)
		strcpy(out, "?");
}

/* ---- the job ---- */

#define MAX_TLS 32

static const char *color_name(int side)
{
	return side == CLOCK_WHITE ? "white" : "black";
}

/* Records finding f of g, once; 1 when it was new (and printed), 0 when
 * it was known or the game changed meanwhile, -1 on a database error.
 * The event, the game's end (where the sweep ends it) and the mails are
 * one transaction. */
static int record(struct app *app, const struct store_game *g, const struct corr_finding *f,
		  const char *today, int32_t now, FILE *out, struct sweep_counts *counts)
{
	char due[CALENDAR_ISO_LEN];
	int64_t player = f->side == CLOCK_WHITE ? g->white : g->black, event;
	iso(f->due, due);
	if (store_begin(app->st) != STORE_OK)
		return -1;
	int rc = store_sweep_event(app->st, g->id, corr_finding_name(f->kind), player, f->ply, due,
	                           today, &event);
	if (rc == STORE_CONFLICT) {
		store_rollback(app->st);
		return 0; /* found on an earlier day (or run) */
	}
	if (rc != STORE_OK)
		goto fail;
	/* Issue 16: an event recorded is a change of the game (issue 9: the
	 * penalties follow the recorded reminders), so its dates are
	 * computed again with it. */
	if (store_deadlines_refresh(app->st, g->id) != STORE_OK)
		goto fail;

	const char *result = f->side == CLOCK_WHITE ? "0-1" : "1-0";
	/* DSU 6.3.3.4 (SPEC 4.6): when the opponent played on after the
	 * forfeit, the sweep ends the game 0-0 in any profile */
	struct clock_played_on po;
	struct corr_error pe;
	bool both = f->kind == CORR_FINDING_FORFEIT &&
	            corr_played_on(&g->g, now, &po, &pe) == CC_OK && po.both_lose &&
	            po.forfeiter == f->side;
	if (both)
		result = "0-0";
	bool ends = f->kind == CORR_FINDING_FORFEIT && (g->g.profile->auto_forfeit || both);
	if (ends) {
		/* SPEC 4.6: on the server the sweep ends the game (DSU 6.3.3.3),
		 * only at the revision it judged: a move that came in since
		 * makes it stale, and the next sweep looks again. */
		struct corr_delta d;
		struct corr_error e;
		if (corr_sweep_forfeit(&g->g, f, now, &d, &e) != CC_OK) {
			store_rollback(app->st);
			return 0;
		}
		rc = store_games_apply_in(app->st, g, &d, 0);
		if (rc == STORE_STALE) {
			store_rollback(app->st);
			return 0;
		}
		if (rc != STORE_OK)
			goto fail;
	}
	/* Who is told (docs/SWEEP.md), in each reader's language
	 * (lib/notify, docs/NOTIFY.md). */
	int queued = notify_finding(app, g, f, event, ends ? result : NULL, today);
	if (queued < 0)
		goto fail;
	counts->queued += queued;
	if (store_commit(app->st) != STORE_OK)
		return -1;
	counts->events[f->kind]++;
	const char *who = f->side == CLOCK_WHITE ? g->white_name : g->black_name;
	fprintf(out, "%s: game %lld, %s (%s) %s%s%s\n", corr_finding_name(f->kind),
		(long long)g->id, who, color_name(f->side), f->detail, ends ? "; game ended " : "",
		ends ? result : "");
	return 1;
fail:
	store_rollback(app->st);
	return -1;
}

/* Sends every waiting mail of the outbox, oldest first, each once, by
 * the claims of jobs/outbox.c (the daemon may be sending at the same
 * time: never both the same mail).  Returns 0, or 1 when one failed
 * (kept, with its error, for the next try) or the database failed. */
static int send_outbox(struct app *app, struct sweep_counts *counts)
{
	const char *url = app->cfg->smtp_url;
	if (!url || !*url) {
		int64_t n = 0;
		if (store_outbox_waiting(app->st, &n) != STORE_OK)
			return 1;
		/* A note, not an event: stdout keeps its events-and-summary form. */
		if (n)
			fprintf(stderr, "corrchess: sweep: smtp_url is not set: %lld mail(s) wait in the "
					"outbox\n", (long long)n);
		return 0;
	}
	int sent = 0, failed = 0;
	int rc = outbox_flush(app, true, &sent, &failed);
	counts->sent += sent;
	counts->failed += failed;
	return rc != 0 || failed ? 1 : 0;
}

int sweep_run(struct app *app, const char *today, FILE *out, struct sweep_counts *counts,
	      char *err, size_t errlen)
{
	memset(counts, 0, sizeof *counts);
	int status = 0;
	size_t n;
	int64_t *ids;
	int32_t now;
	if (calendar_parse(today, &now, err, errlen) != CC_OK)
		return 1;
	/* Issue 16: only the games with a date that has come (game_deadlines,
	 * kept at every write); the others have no finding and no alarm. */
	int64_t active = 0, unread = 0;
	if (store_deadlines_active_count(app->st, &active) != STORE_OK ||
	    store_deadlines_due(app->st, today, &ids, &n) != STORE_OK) {
		snprintf(err, errlen, "the database is not available");
		return 1;
	}
	for (size_t i = 0; i < n; i++) {
		struct store_game g;
		char gerr[512];
		int rc = store_games_load(app->st, ids[i], &g, gerr, sizeof gerr);
		if (rc == STORE_NOT_FOUND)
			continue; /* deleted meanwhile */
		if (rc == STORE_ERROR) {
			/* A failed read is never judged: no vacations dropped, no
			 * player forfeited for them. */
			snprintf(err, errlen, "game %lld: %s", (long long)ids[i], gerr);
			status = 1;
			unread++;
			continue;
		}
		if (rc) {
			fprintf(stderr, "corrchess: sweep: game %lld skipped: %s\n", (long long)ids[i],
				gerr);
			counts->skipped++;
			unread++;
			continue;
		}
		struct corr_finding f[CORR_FINDINGS_MAX];
		struct corr_error e;
		int nf = corr_findings(&g.g, now, f, &e);
		if (nf < 0) {
			fprintf(stderr, "corrchess: sweep: game %lld skipped: %s\n", (long long)ids[i],
				e.message);
			counts->skipped++;
		}
		for (int k = 0; k < nf; k++) {
			if (record(app, &g, &f[k], today, now, out, counts) < 0) {
				snprintf(err, errlen, "game %lld: the database refused the %s",
					 (long long)g.id, corr_finding_name(f[k].kind));
				status = 1;
			}
		}
		/* The time-trouble alarm, once per control (docs/NOTIFY.md). */
		if (notify_time_trouble(app, &g, today) < 0) {
			snprintf(err, errlen, "game %lld: the database refused the alarm",
				 (long long)g.id);
			status = 1;
		}
		store_games_free(&g);
	}
	free(ids);
	counts->games = (int)(active - unread); /* the active games judged */
	/* The daily digests of the users who asked for one. */
	int digests;
	if (notify_flush_digests(app, today, &digests) != 0 && status == 0) {
		snprintf(err, errlen, "the digests could not be written");
		status = 1;
	}
	if (send_outbox(app, counts) != 0 && status == 0) {
		snprintf(err, errlen, "%d mail(s) could not be sent; they stay in the outbox",
			 counts->failed);
		status = 1;
	}
	return status;
}
