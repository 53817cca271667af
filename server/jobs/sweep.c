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

/* The mail text of finding f for its reader (the player concerned, his
 * opponent or a TL). */
static void compose(struct app *app, const struct store_game *g, const struct corr_finding *f,
		    const char *outcome, const struct store_contact *reader, char *subject,
		    size_t slen, struct textbuf *body)
{
	const char *who = f->side == CLOCK_WHITE ? g->white_name : g->black_name;
	char line[640], recv[CALENDAR_ISO_LEN], tl[CALENDAR_ISO_LEN];
	iso(f->received, recv);
	iso(f->tl_date, tl);
	static const char *const topic[] = {"reminder", "silent player", "time forfeit",
					    "due for adjudication"};
	snprintf(subject, slen, "corrchess: %s, game %lld (%s - %s)", topic[f->kind],
		 (long long)g->id, g->white_name, g->black_name);
	snprintf(line, sizeof line, "Hello %s,\n\ngame %lld, %s - %s (%s, started %s):\n",
		 reader->name, (long long)g->id, g->white_name, g->black_name, g->profile,
		 g->start_date);
	textbuf_put(body, line, strlen(line));
	const struct corr_move *last = g->g.nmoves ? &g->g.moves[g->g.nmoves - 1] : NULL;
	int64_t player = f->side == CLOCK_WHITE ? g->white : g->black;
	bool self = reader->id == player;
	switch (f->kind) {
	case CORR_FINDING_REMINDER: /* DSU 6.3.4: the opponent repeats his last move */
		if (last)
			snprintf(line, sizeof line,
				 "you received your opponent's move %s (ICCF %s) on %s and have not "
				 "answered it.\nThis is the reminder of DSU rule 6.3.4. Please send "
				 "your move; if none comes by %s, the tournament leader is told.\n",
				 last->san, last->iccf, recv, tl);
		else
			snprintf(line, sizeof line,
				 "the game started on %s and you have not made your first move.\n"
				 "This is the reminder of DSU rule 6.3.4. Please send your move; if "
				 "none comes by %s, the tournament leader is told.\n",
				 recv, tl);
		break;
	case CORR_FINDING_TL_NOTICE:
		snprintf(line, sizeof line,
			 "%s (%s) has had the move since %s and has not answered the reminder.\n"
			 "Under DSU rule 6.3.4 the tournament leader writes to the silent player, "
			 "who loses the game unless he answers at once.%s\n",
			 self ? "you" : who, color_name(f->side), recv,
			 self ? " Please send your move now." : "");
		break;
	case CORR_FINDING_FORFEIT:
		snprintf(line, sizeof line, "%s (%s) is %s (DSU 6.3.3).\n%s\n", self ? "you" : who,
			 color_name(f->side), f->detail, outcome);
		break;
	case CORR_FINDING_ADJUDICATION:
		snprintf(line, sizeof line,
			 "the game is not finished 18 months after its start; the tournament "
			 "leader may call it in for adjudication (DSU 6.2.7).\n");
		break;
	}
	textbuf_put(body, line, strlen(line));
	snprintf(line, sizeof line, "\nThe game: %s/games/%lld\n\n-- \ncorrchess\n",
		 app->cfg->base_url ? app->cfg->base_url : "", (long long)g->id);
	textbuf_put(body, line, strlen(line));
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

	char outcome[160];
	const char *result = f->side == CLOCK_WHITE ? "0-1" : "1-0";
	bool ends = f->kind == CORR_FINDING_FORFEIT && g->g.profile->auto_forfeit;
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
		snprintf(outcome, sizeof outcome, "The game has been ended: %s on time.", result);
	} else if (f->kind == CORR_FINDING_FORFEIT) {
		snprintf(outcome, sizeof outcome,
			 "The opponent may claim the game (DSU 6.3.3.5, 6.8.7), or the tournament "
			 "leader sets the result.");
	} else {
		outcome[0] = '\0';
	}

	/* Who is told: docs/SWEEP.md table. */
	struct store_contact to[MAX_TLS + 2];
	size_t nto = 0;
	if (f->kind != CORR_FINDING_REMINDER) {
		/* DSU 6.1.3: a tournament's game goes to its own TL only */
		int64_t tournament, tl;
		if (store_tournaments_of_game(app->st, g->id, &tournament, &tl) != STORE_OK)
			goto fail;
		if (tournament && tl) {
			rc = store_users_contact(app->st, tl, &to[0]);
			if (rc == STORE_ERROR)
				goto fail;
			nto = rc == STORE_OK;
		}
		if (nto == 0 && store_users_tl_contacts(app->st, to, MAX_TLS, &nto) != STORE_OK)
			goto fail;
	}
	if (f->kind != CORR_FINDING_ADJUDICATION) {
		rc = store_users_contact(app->st, player, &to[nto]);
		if (rc == STORE_ERROR)
			goto fail;
		nto += rc == STORE_OK;
	}
	if (f->kind == CORR_FINDING_FORFEIT) {
		rc = store_users_contact(app->st, f->side == CLOCK_WHITE ? g->black : g->white,
		                         &to[nto]);
		if (rc == STORE_ERROR)
			goto fail;
		nto += rc == STORE_OK;
	}
	for (size_t i = 0; i < nto; i++) {
		bool dup = false;
		for (size_t j = 0; j < i; j++)
			dup = dup || strcmp(to[j].email, to[i].email) == 0;
		if (dup)
			continue;
		char subject[400];
		struct textbuf body = TEXTBUF_INIT(16384);
		compose(app, g, f, outcome, &to[i], subject, sizeof subject, &body);
		rc = body.full ? STORE_ERROR
		               : store_outbox_queue(app->st, event, to[i].email, subject, body.p,
		                                    today);
		free(body.p);
		if (rc != STORE_OK)
			goto fail;
		counts->queued++;
	}
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

/* Sends every unsent mail of the outbox (oldest first).  Returns 0, or 1
 * when one failed (kept, with its error, for the next run). */
static int send_outbox(struct app *app, struct sweep_counts *counts)
{
	/* Read the list first: no read transaction stays open over the
	 * network. */
	struct store_mail *m;
	size_t n;
	if (store_outbox_unsent(app->st, &m, &n) != STORE_OK)
		return 1;
	int status = 0;
	const char *url = app->cfg->smtp_url;
	if (n && (!url || !*url)) {
		/* A note, not an event: stdout keeps its events-and-summary form. */
		fprintf(stderr, "corrchess: sweep: smtp_url is not set: %zu mail(s) wait in the "
				"outbox\n", n);
	} else {
		struct mail_server ms = {url, app->cfg->smtp_user, app->cfg->smtp_password,
					 app->cfg->mail_from};
		for (size_t i = 0; i < n && status == 0; i++) { /* status: a database error */
			char err[512];
			int ok = mail_send(&ms, m[i].to, m[i].subject, m[i].body, m[i].id, err,
					   sizeof err) == 0;
			if (ok) {
				counts->sent++;
			} else {
				counts->failed++;
				log_msg(LOG_WARN, "mail %lld to %s not sent: %s", (long long)m[i].id,
					m[i].to, err);
			}
			if ((ok ? store_outbox_sent(app->st, m[i].id)
			        : store_outbox_failed(app->st, m[i].id, err)) != STORE_OK)
				status = 1;
		}
		/* Every mail was tried and keeps its own error. */
		if (counts->failed)
			status = 1;
	}
	store_outbox_free(m, n);
	return status;
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
	if (store_games_active(app->st, &ids, &n) != STORE_OK) {
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
			continue;
		}
		if (rc) {
			fprintf(stderr, "corrchess: sweep: game %lld skipped: %s\n", (long long)ids[i],
				gerr);
			counts->skipped++;
			continue;
		}
		counts->games++;
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
		store_games_free(&g);
	}
	free(ids);
	if (send_outbox(app, counts) != 0 && status == 0) {
		snprintf(err, errlen, "%d mail(s) could not be sent; they stay in the outbox",
			 counts->failed);
		status = 1;
	}
	return status;
}
