/* sweep.c: the daily job and its findings (docs/SWEEP.md). */
#include "autoconfig.h"
#include "jobs/sweep.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "clock/calendar.h"
#include "clock/clock.h"
#include "base/log.h"
#include "jobs/mail.h"
#include "store/store.h"
#include "util/status.h"
#include "util/textbuf.h"

const char *sweep_kind_name(enum sweep_kind k)
{
	static const char *const names[] = {"reminder", "tl_notice", "forfeit", "adjudication"};
	return (unsigned)k < 4 ? names[k] : "?";
}

static void iso(int32_t day, char out[CALENDAR_ISO_LEN])
{
	if (day == CLOCK_NO_DATE || calendar_format(day, out, CALENDAR_ISO_LEN) != CC_OK)
		strcpy(out, "?");
}

static struct sweep_finding *add(struct sweep_finding *out, int *n, enum sweep_kind kind,
				 const struct games_game *g, int side, int32_t due)
{
	struct sweep_finding *f = &out[(*n)++];
	memset(f, 0, sizeof *f);
	f->kind = kind;
	f->side = side;
	f->player = side == CLOCK_WHITE ? g->white : g->black;
	f->ply = kind == SWEEP_ADJUDICATION ? 0 : g->nmoves;
	f->due = due;
	f->received = CLOCK_NO_DATE;
	f->tl_date = CLOCK_NO_DATE;
	return f;
}

int sweep_findings(const struct games_game *g, const char *today, struct sweep_finding *out,
		   char *err, size_t errlen)
{
	struct clock_result res;
	int32_t now;
	if (calendar_parse(today, &now, err, errlen) != CC_OK ||
	    games_clock(g, today, &res, err, errlen) != 0)
		return -1;
	int n = 0;
	char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN];
	bool over[2] = {false, false};
	/* DSU 6.3.3.1-6.3.3.3: over a limit at a control already made, or
	 * (the player to move) unable to send his move in time any more. */
	for (int side = CLOCK_WHITE; side <= CLOCK_BLACK; side++) {
		const struct clock_player *p = &res.player[side];
		int32_t since = CLOCK_NO_DATE, limit = p->limit_days;
		int control = p->next_control;
		if (p->forfeited) {
			since = p->forfeit_on;
			control = p->forfeit_move;
			clock_allowance(g->prof, control, &limit);
		} else if (res.to_move == side && p->forfeit_date != CLOCK_NO_DATE &&
			   now >= p->forfeit_date) {
			since = p->forfeit_date;
		} else {
			continue;
		}
		over[side] = true;
		struct sweep_finding *f = add(out, &n, SWEEP_FORFEIT, g, side, since);
		iso(since, a);
		snprintf(f->detail, sizeof f->detail,
			 "over the limit of %d days before move %d since %s", (int)limit, control, a);
	}
	/* DSU 6.3.4, 6.8.3: silence of the player to move. */
	int s = res.to_move;
	if (s >= 0 && !over[s]) {
		const struct clock_player *p = &res.player[s];
		iso(res.pending_received, a);
		if (p->reminder_date != CLOCK_NO_DATE && now >= p->reminder_date) {
			struct sweep_finding *f = add(out, &n, SWEEP_REMINDER, g, s, p->reminder_date);
			f->received = res.pending_received;
			f->tl_date = p->tl_date;
			iso(p->reminder_date, b);
			snprintf(f->detail, sizeof f->detail, "silent since %s, reminder due %s", a, b);
		}
		if (p->tl_date != CLOCK_NO_DATE && now >= p->tl_date) {
			struct sweep_finding *f = add(out, &n, SWEEP_TL_NOTICE, g, s, p->tl_date);
			f->received = res.pending_received;
			f->tl_date = p->tl_date;
			iso(p->tl_date, b);
			snprintf(f->detail, sizeof f->detail, "silent since %s, TL due %s", a, b);
		}
	}
	/* DSU 6.2.7: unfinished after 18 months. */
	if (res.adjudication_due && s >= 0) {
		struct sweep_finding *f = add(out, &n, SWEEP_ADJUDICATION, g, s, res.adjudication_date);
		iso(res.adjudication_date, b);
		snprintf(f->detail, sizeof f->detail, "to move; game started %s, due for adjudication "
			 "since %s", g->start_date, b);
	}
	return n;
}

/* ---- the job ---- */

struct contact {
	int64_t id;
	char name[128];
	char email[256];
};

#define MAX_TLS 32

static void copy_col(sqlite3_stmt *st, int i, char *dst, size_t n)
{
	const unsigned char *t = sqlite3_column_text(st, i);
	snprintf(dst, n, "%s", t ? (const char *)t : "");
}

/* The tournament leaders to write to: every tl, else every admin. */
static int tl_contacts(struct app *app, struct contact *out)
{
	static const char sql[] =
	    "SELECT id, name, email FROM users WHERE role = ? ORDER BY id LIMIT 32";
	int n = 0;
	for (int pass = 0; pass < 2 && n == 0; pass++) {
		sqlite3_stmt *st = store_stmt(app->st, sql);
		if (!st)
			return -1;
		sqlite3_bind_text(st, 1, pass == 0 ? "tl" : "admin", -1, SQLITE_STATIC);
		while (n < MAX_TLS && sqlite3_step(st) == SQLITE_ROW) {
			out[n].id = sqlite3_column_int64(st, 0);
			copy_col(st, 1, out[n].name, sizeof out[n].name);
			copy_col(st, 2, out[n].email, sizeof out[n].email);
			n++;
		}
		sqlite3_reset(st);
	}
	return n;
}

static int user_contact(struct app *app, int64_t id, struct contact *c)
{
	static const char sql[] = "SELECT name, email FROM users WHERE id = ?";
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, id);
	int rc = -1;
	if (sqlite3_step(st) == SQLITE_ROW) {
		c->id = id;
		copy_col(st, 0, c->name, sizeof c->name);
		copy_col(st, 1, c->email, sizeof c->email);
		rc = 0;
	}
	sqlite3_reset(st);
	return rc;
}

static int queue_mail(struct app *app, int64_t event, const struct contact *to,
		      const char *subject, const char *body, const char *today)
{
	static const char sql[] = "INSERT INTO mail_outbox (event_id, to_addr, subject, body,"
				  " created_on) VALUES (?, ?, ?, ?, ?)";
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		return -1;
	sqlite3_bind_int64(st, 1, event);
	sqlite3_bind_text(st, 2, to->email, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, subject, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, body, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, today, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

static const char *color_name(int side)
{
	return side == CLOCK_WHITE ? "white" : "black";
}

/* The mail text of finding f for its reader (the player concerned, his
 * opponent or a TL). */
static void compose(struct app *app, const struct games_game *g, const struct sweep_finding *f,
		    const char *outcome, const struct contact *reader, char *subject, size_t slen,
		    struct textbuf *body)
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
	const struct games_move *last = g->nmoves ? &g->moves[g->nmoves - 1] : NULL;
	bool self = reader->id == f->player;
	switch (f->kind) {
	case SWEEP_REMINDER: /* DSU 6.3.4: the opponent repeats his last move */
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
	case SWEEP_TL_NOTICE:
		snprintf(line, sizeof line,
			 "%s (%s) has had the move since %s and has not answered the reminder.\n"
			 "Under DSU rule 6.3.4 the tournament leader writes to the silent player, "
			 "who loses the game unless he answers at once.%s\n",
			 self ? "you" : who, color_name(f->side), recv,
			 self ? " Please send your move now." : "");
		break;
	case SWEEP_FORFEIT:
		snprintf(line, sizeof line, "%s (%s) is %s (DSU 6.3.3).\n%s\n", self ? "you" : who,
			 color_name(f->side), f->detail, outcome);
		break;
	case SWEEP_ADJUDICATION:
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
 * it was known or the game moved on meanwhile, -1 on a database error. */
static int record(struct app *app, const struct games_game *g, const struct sweep_finding *f,
		  const char *today, FILE *out, struct sweep_counts *counts)
{
	static const char sql_event[] =
	    "INSERT OR IGNORE INTO sweep_events (game_id, kind, user_id, ply, due, found_on)"
	    " VALUES (?, ?, ?, ?, ?, ?)";
	char due[CALENDAR_ISO_LEN];
	iso(f->due, due);
	if (store_begin(app->st) != SQLITE_OK)
		return -1;
	sqlite3_stmt *st = store_stmt(app->st, sql_event);
	if (!st)
		goto fail;
	sqlite3_bind_int64(st, 1, g->id);
	sqlite3_bind_text(st, 2, sweep_kind_name(f->kind), -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, f->player);
	sqlite3_bind_int(st, 4, f->ply);
	sqlite3_bind_text(st, 5, due, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, today, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	sqlite3_reset(st);
	if (rc != SQLITE_DONE)
		goto fail;
	if (sqlite3_changes(store_db(app->st)) == 0) {
		store_rollback(app->st);
		return 0; /* found on an earlier day (or run) */
	}
	int64_t event = sqlite3_last_insert_rowid(store_db(app->st));

	char outcome[160];
	const char *result = f->side == CLOCK_WHITE ? "0-1" : "1-0";
	if (f->kind == SWEEP_FORFEIT && g->prof->auto_forfeit) {
		/* SPEC 4.6: on the server the sweep ends the game (DSU 6.3.3.3). */
		/* Only while the game is as loaded: no move came in meanwhile. */
		int ended = games_end(app, g->id, result, "time_forfeit", today, g->nmoves, false);
		if (ended < 0)
			goto fail;
		if (!ended) {
			store_rollback(app->st);
			return 0; /* the game changed meanwhile: the next sweep sees it */
		}
		if (games_audit(app, 0, g->id, "sweep_time_forfeit", f->detail) != 0)
			goto fail;
		snprintf(outcome, sizeof outcome, "The game has been ended: %s on time.", result);
	} else if (f->kind == SWEEP_FORFEIT) {
		snprintf(outcome, sizeof outcome,
			 "The opponent may claim the game (DSU 6.3.3.5, 6.8.7), or the tournament "
			 "leader sets the result.");
	} else {
		outcome[0] = '\0';
	}

	/* Who is told: docs/SWEEP.md table. */
	struct contact to[MAX_TLS + 2];
	int nto = 0;
	if (f->kind != SWEEP_REMINDER) {
		nto = tl_contacts(app, to);
		if (nto < 0)
			goto fail;
	}
	if (f->kind != SWEEP_ADJUDICATION && user_contact(app, f->player, &to[nto]) == 0)
		nto++;
	if (f->kind == SWEEP_FORFEIT &&
	    user_contact(app, f->side == CLOCK_WHITE ? g->black : g->white, &to[nto]) == 0)
		nto++;
	for (int i = 0; i < nto; i++) {
		bool dup = false;
		for (int j = 0; j < i; j++)
			dup = dup || strcmp(to[j].email, to[i].email) == 0;
		if (dup)
			continue;
		char subject[400];
		struct textbuf body = TEXTBUF_INIT(16384);
		compose(app, g, f, outcome, &to[i], subject, sizeof subject, &body);
		rc = body.full ? -1 : queue_mail(app, event, &to[i], subject, body.p, today);
		free(body.p);
		if (rc != 0)
			goto fail;
		counts->queued++;
	}
	if (store_commit(app->st) != SQLITE_OK)
		return -1;
	counts->events[f->kind]++;
	const char *who = f->side == CLOCK_WHITE ? g->white_name : g->black_name;
	fprintf(out, "%s: game %lld, %s (%s) %s%s%s\n", sweep_kind_name(f->kind), (long long)g->id,
		who, color_name(f->side), f->detail,
		f->kind == SWEEP_FORFEIT && g->prof->auto_forfeit ? "; game ended " : "",
		f->kind == SWEEP_FORFEIT && g->prof->auto_forfeit ? result : "");
	return 1;
fail:
	store_rollback(app->st);
	return -1;
}

struct pending_mail {
	int64_t id;
	char *to, *subject, *body;
};

/* Sends every unsent mail of the outbox (oldest first).  Returns 0, or 1
 * when one failed (kept, with its error, for the next run). */
static int send_outbox(struct app *app, struct sweep_counts *counts)
{
	static const char sql_list[] =
	    "SELECT id, to_addr, subject, body FROM mail_outbox WHERE sent_at IS NULL ORDER BY id";
	static const char sql_sent[] =
	    "UPDATE mail_outbox SET sent_at = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'),"
	    " attempts = attempts + 1, last_error = NULL WHERE id = ?";
	static const char sql_failed[] =
	    "UPDATE mail_outbox SET attempts = attempts + 1, last_error = ? WHERE id = ?";
	sqlite3_stmt *st = store_stmt(app->st, sql_list);
	if (!st)
		return 1;
	/* Read the list first: no read transaction stays open over the
	 * network. */
	struct pending_mail *m = NULL;
	size_t n = 0, cap = 0;
	int status = 0;
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (n == cap) {
			size_t nc = cap ? cap * 2 : 16;
			struct pending_mail *nm = realloc(m, nc * sizeof *m);
			if (!nm) {
				status = 1;
				break;
			}
			m = nm;
			cap = nc;
		}
		m[n].id = sqlite3_column_int64(st, 0);
		m[n].to = strdup((const char *)sqlite3_column_text(st, 1));
		m[n].subject = strdup((const char *)sqlite3_column_text(st, 2));
		m[n].body = strdup((const char *)sqlite3_column_text(st, 3));
		n++;
		if (!m[n - 1].to || !m[n - 1].subject || !m[n - 1].body) {
			status = 1;
			break;
		}
	}
	sqlite3_reset(st);
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
			st = store_stmt(app->st, ok ? sql_sent : sql_failed);
			if (!st) {
				status = 1;
				break;
			}
			if (ok) {
				sqlite3_bind_int64(st, 1, m[i].id);
				counts->sent++;
			} else {
				sqlite3_bind_text(st, 1, err, -1, SQLITE_STATIC);
				sqlite3_bind_int64(st, 2, m[i].id);
				counts->failed++;
				log_msg(LOG_WARN, "mail %lld to %s not sent: %s", (long long)m[i].id,
					m[i].to, err);
			}
			if (sqlite3_step(st) != SQLITE_DONE)
				status = 1;
			sqlite3_reset(st);
		}
		/* Every mail was tried and keeps its own error. */
		if (counts->failed)
			status = 1;
	}
	for (size_t i = 0; i < n; i++) {
		free(m[i].to);
		free(m[i].subject);
		free(m[i].body);
	}
	free(m);
	return status;
}

int64_t *sweep_active_games(struct app *app, size_t *n)
{
	static const char sql[] = "SELECT id FROM games WHERE status = 'active' ORDER BY id";
	sqlite3_stmt *st = store_stmt(app->st, sql);
	if (!st)
		return NULL;
	int64_t *ids = malloc(64 * sizeof *ids);
	size_t cap = 64;
	*n = 0;
	int rc = SQLITE_DONE;
	while (ids && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == cap) {
			int64_t *more = realloc(ids, 2 * cap * sizeof *ids);
			if (!more) {
				free(ids);
				ids = NULL;
				break;
			}
			ids = more;
			cap *= 2;
		}
		ids[(*n)++] = sqlite3_column_int64(st, 0);
	}
	if (ids && rc != SQLITE_DONE) {
		free(ids);
		ids = NULL;
	}
	sqlite3_reset(st);
	return ids;
}

int sweep_run(struct app *app, const char *today, FILE *out, struct sweep_counts *counts,
	      char *err, size_t errlen)
{
	memset(counts, 0, sizeof *counts);
	int status = 0;
	size_t n;
	int64_t *ids = sweep_active_games(app, &n);
	if (!ids) {
		snprintf(err, errlen, "the database is not available");
		return 1;
	}
	for (size_t i = 0; i < n; i++) {
		struct games_game g;
		char gerr[512];
		int rc = games_load(app, ids[i], &g, gerr, sizeof gerr);
		if (rc == 404)
			continue; /* deleted meanwhile */
		if (rc) {
			fprintf(stderr, "corrchess: sweep: game %lld skipped: %s\n", (long long)ids[i],
				gerr);
			counts->skipped++;
			continue;
		}
		counts->games++;
		struct sweep_finding f[SWEEP_MAX_FINDINGS];
		int nf = sweep_findings(&g, today, f, gerr, sizeof gerr);
		if (nf < 0) {
			fprintf(stderr, "corrchess: sweep: game %lld skipped: %s\n", (long long)ids[i],
				gerr);
			counts->skipped++;
		}
		for (int k = 0; k < nf; k++) {
			if (record(app, &g, &f[k], today, out, counts) < 0) {
				snprintf(err, errlen, "game %lld: the database refused the %s",
					 (long long)g.id, sweep_kind_name(f[k].kind));
				status = 1;
			}
		}
		games_unload(&g);
	}
	free(ids);
	if (send_outbox(app, counts) != 0 && status == 0) {
		snprintf(err, errlen, "%d mail(s) could not be sent; they stay in the outbox",
			 counts->failed);
		status = 1;
	}
	return status;
}
