/* sweep.c: the daily job (docs/SWEEP.md; jobs/sweep.h). */
#include "autoconfig.h"
#include "jobs/sweep.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "clock/calendar.h"
#include "clock/clock.h"
#include "corr/corr.h"
#include "jobs/mail.h"
#include "svc/svc_notify.h"
#include "jobs/outbox.h"
#include "store/store_deadlines.h"
#include "svc/svc_ratings.h"
#include "svc/svc_sweep.h"
#include "store/store_notify.h"
#include "store/store_games.h"
#include "store/store_sweep.h"
#include "store/store_tournaments.h"
#include "store/store_users.h"
#include "util/status.h"
#include "util/textbuf.h"

/* ---- the job ---- */

#define MAX_TLS 32

static const char *color_name(int side)
{
	return side == CLOCK_WHITE ? "white" : "black";
}

/* Records finding f of g, once, through server/svc (svc_sweep.h); 1
 * when it was new (and printed), 0 when it was known or the game changed
 * meanwhile, -1 on a database error; *stop: judge g no further. */
static int record(struct app *app, struct store_game *g, const struct corr_finding *f,
                  const char *today, int32_t now, FILE *out, struct sweep_counts *counts,
                  bool *stop)
{
	struct svc_swept r;
	int rc = svc_sweep_finding(app, g, f, today, now, &r);
	*stop = r.stale;
	if (rc != 1)
		return rc;
	counts->queued += r.queued;
	counts->events[f->kind]++;
	const char *who = f->side == CLOCK_WHITE ? g->white_name : g->black_name;
	fprintf(out, "%s: game %lld, %s (%s) %s%s%s\n", corr_finding_name(f->kind),
	        (long long)g->id, who, color_name(f->side), f->detail,
	        r.ended ? "; game ended " : "", r.result);
	return 1;
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
			fprintf(stderr,
			        "corrchess: sweep: smtp_url is not set: %lld mail(s) wait in the "
			        "outbox\n",
			        (long long)n);
		return 0;
	}
	int sent = 0, failed = 0;
	int rc = outbox_flush(app, true, &sent, &failed);
	counts->sent += sent;
	counts->failed += failed;
	return rc != 0 || failed ? 1 : 0;
}

#define SWEEP_CHUNK 256 /* games judged, and their events written, a transaction */

/* The findings of one game of a chunk. */
struct chunk_findings {
	struct corr_finding f[CORR_FINDINGS_MAX];
	int n; /* < 0: its clocks fail (skipped) */
};

/* The events of the chunk's games g[0..n) (findings f) in one write
 * transaction, committed without waiting for its flush (*ticket: the
 * caller waits for the last one); their lines go to `lines`, printed by
 * the caller once they are on disk.  0, or 1 when the database refused
 * (nothing of the chunk stays; err says). */
static int write_chunk(struct app *app, struct store_game *g, const struct chunk_findings *f,
                       size_t n, const char *today, int32_t now, FILE *lines,
                       struct sweep_counts *counts, unsigned long long *ticket, char *err,
                       size_t errlen)
{
	if (n == 0)
		return 0;
	char *text = NULL;
	size_t len = 0;
	FILE *buf = open_memstream(&text, &len);
	struct sweep_counts before = *counts;
	int status = 0;
	if (!buf || svc_batch_begin(app) != STORE_OK) {
		if (buf)
			fclose(buf);
		free(text);
		snprintf(err, errlen, "the database is not available");
		return 1;
	}
	for (size_t i = 0; i < n; i++) {
		bool stop = false;
		for (int k = 0; k < f[i].n && !stop; k++) {
			if (record(app, &g[i], &f[i].f[k], today, now, buf, counts, &stop) < 0) {
				snprintf(err, errlen, "game %lld: the database refused the %s",
				         (long long)g[i].id, corr_finding_name(f[i].f[k].kind));
				status = 1;
			}
		}
		/* The time-trouble alarm, once per control (docs/NOTIFY.md). */
		if (f[i].n >= 0 && !stop && svc_notify_time_trouble(app, &g[i], today) < 0) {
			snprintf(err, errlen, "game %lld: the database refused the alarm",
			         (long long)g[i].id);
			status = 1;
		}
	}
	fclose(buf);
	if (svc_batch_commit_async(app, ticket) != STORE_OK) {
		*counts = before; /* nothing of it was stored */
		snprintf(err, errlen,
		         "the events of %zu games could not be stored; the next sweep "
		         "finds them again",
		         n);
		free(text);
		return 1;
	}
	svc_mail_queued(app);
	if (len)
		fwrite(text, 1, len, lines);
	free(text);
	return status;
}

int sweep_run(struct app *app, const char *today, FILE *out, struct sweep_counts *counts, char *err,
              size_t errlen)
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
	/* Issue 25: the games due are judged a chunk at a time - loaded and
	 * their findings made first, outside the write lock - and the chunk's
	 * events, with their mail and the games they end, are written in one
	 * transaction (each event in its own savepoint, svc_write()).  A crash
	 * loses the chunk as a whole, and the next run finds its events again
	 * (sweep_events' key): each event is recorded exactly once. */
	struct store_game *chunk = calloc(SWEEP_CHUNK, sizeof *chunk);
	struct chunk_findings *found = calloc(SWEEP_CHUNK, sizeof *found);
	if (!chunk || !found) {
		free(chunk);
		free(found);
		free(ids);
		snprintf(err, errlen, "out of memory");
		return 1;
	}
	/* The lines of every chunk, printed once the last is on disk: the
	 * next chunk is written while the last one is flushed. */
	char *lines_text = NULL;
	size_t lines_len = 0;
	FILE *lines = open_memstream(&lines_text, &lines_len);
	unsigned long long ticket = 0;
	if (!lines) {
		free(chunk);
		free(found);
		free(ids);
		snprintf(err, errlen, "out of memory");
		return 1;
	}
	struct store_sweep_settings was;
	store_sweep_settings_begin(app->st, &was);
	for (size_t at = 0; at < n; at += SWEEP_CHUNK) {
		size_t loaded = 0;
		for (size_t i = at; i < n && i < at + SWEEP_CHUNK; i++) {
			struct store_game *g = &chunk[loaded];
			char gerr[512];
			int rc = store_games_load(app->st, ids[i], g, gerr, sizeof gerr);
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
				fprintf(stderr, "corrchess: sweep: game %lld skipped: %s\n",
				        (long long)ids[i], gerr);
				counts->skipped++;
				unread++;
				continue;
			}
			struct corr_error e;
			found[loaded].n = corr_findings(&g->g, now, found[loaded].f, &e);
			if (found[loaded].n < 0)
				fprintf(stderr, "corrchess: sweep: game %lld skipped: %s\n",
				        (long long)ids[i], e.message);
			if (found[loaded].n < 0)
				counts->skipped++;
			loaded++;
		}
		if (write_chunk(app, chunk, found, loaded, today, now, lines, counts, &ticket, err,
		                errlen) != 0)
			status = 1;
		for (size_t k = 0; k < loaded; k++)
			store_games_free(&chunk[k]);
	}
	free(chunk);
	free(found);
	fclose(lines);
	if (svc_batch_durable(app, ticket) != STORE_OK) {
		snprintf(err, errlen, "the disk did not confirm the sweep's events; check it");
		status = 1;
	}
	store_sweep_settings_end(app->st, &was);
	/* The groups whose last game the sweep ended are rated now (their own
	 * transaction; docs/RATING.md "On the server"). */
	char rerr[256];
	if (svc_ratings_update(app->st, rerr, sizeof rerr) != 0)
		log_msg(LOG_ERROR, "ratings: %s", rerr);
	if (lines_len)
		fwrite(lines_text, 1, lines_len, out);
	free(lines_text);
	free(ids);
	counts->games = (int)(active - unread); /* the active games judged */
	/* The daily digests of the users who asked for one. */
	int digests;
	if (svc_notify_flush_digests(app, today, &digests) != 0 && status == 0) {
		snprintf(err, errlen, "the digests could not be written");
		status = 1;
	}
	/* Sent mail past its retention keeps its row, not its body. */
	long purged;
	if (svc_notify_purge(app, today, &purged) != 0 && status == 0) {
		snprintf(err, errlen, "the bodies of old mail could not be purged");
		status = 1;
	}
	if (send_outbox(app, counts) != 0 && status == 0) {
		snprintf(err, errlen, "%d mail(s) could not be sent; they stay in the outbox",
		         counts->failed);
		status = 1;
	}
	return status;
}
