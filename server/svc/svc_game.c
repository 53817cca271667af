/* svc_game.c: the commands on one game (svc/svc_game.h). */
#include "autoconfig.h"
#include "svc/svc_game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/metrics.h"
#include "clock/calendar.h"
#include "store/store_deadlines.h"
#include "store/store.h"
#include "svc/svc_deadlines.h"
#include "svc/svc_notify.h"
#include "svc/svc_ratings.h"
#include "util/status.h"

/* One command: which, and what it carries. */
struct op {
	enum auth_cmd cmd;
	struct svc_rev rev;
	const struct corr_move_request *mr;
	enum corr_draw_action draw;
	enum corr_claim_type claim;
	const char *text; /* a claim's intended move */
	int side;         /* a penalty's player */
	int days;
	int32_t received, sent;
	size_t ply;
	bool agreed;
	const char *reason, *result, *termination, *how;
};

/* The lib/corr operation of op on g, by the actor at seat `side`. */
static int lib_op(const struct op *op, const struct corr_game *g, int side, int32_t today,
                  struct corr_delta *d, struct corr_error *e)
{
	switch (op->cmd) {
	case AUTH_MOVE:
		return corr_play(g, side, op->mr, today, d, e);
	case AUTH_DRAW:
		return corr_draw(g, side, op->draw, today, d, e);
	case AUTH_RESIGN:
		return corr_resign(g, side, today, d, e);
	case AUTH_CLAIM:
		return corr_claim(g, side, op->claim, op->text, today, d, e);
	case AUTH_SERIES_CANCEL:
		return corr_series_cancel(g, side, d, e);
	case AUTH_NOTICE:
		return corr_notice(g, side, op->days, op->sent, today, d, e);
	case AUTH_REMINDER:
		return corr_reminder(g, side, op->sent == CLOCK_NO_DATE ? today : op->sent, today,
		                     d, e);
	case AUTH_PENALTY:
		return corr_penalty(g, op->side, op->days, op->reason, today, d, e);
	case AUTH_MOVE_DATES:
		return corr_move_dates(g, op->ply, op->received, op->sent, op->reason, today, d, e);
	case AUTH_HOLIDAY_PLAY:
		return corr_holiday_play(g, op->agreed, op->reason, d, e);
	case AUTH_RESULT:
		return corr_tl_result(g, op->result, op->termination, op->how, op->reason, today, d,
		                      e);
	default:
		return corr_fail(e, CC_ERR_INVALID, "internal", "%s is not a game command",
		                 auth_cmd_name(op->cmd));
	}
}

/* Everything the write of one change needs, made before the write lock:
 * the transaction itself holds only SQL and the mail. */
struct change {
	struct store_game_ref ref; /* the game the delta was computed on */
	const struct corr_delta *d;
	int64_t actor;
	struct corr_state was;
	const struct store_game *after; /* the game with d applied */
	struct corr_deadline dates[CORR_DEADLINES_MAX];
	int ndates;
	const char *today;
	/* The mail, rendered before the lock (svc_notify_prepare()); when not
	 * prepared, rendered inside the transaction. */
	struct svc_mails mails;
	bool prepared;
};

/* The clock of sg on day `on` kept in sg->clock (store/store_games.h):
 * computed once after a change, read by the deadlines, the mail and the
 * GAME answer (issue 19).  NULL when the clocks fail: each reader then
 * computes and reports it as before. */
static const struct store_game_clock *keep_clock(struct store_game *sg, int32_t on)
{
	struct corr_error e;
	int32_t *days;
	store_games_clock_drop(sg);
	/* from the memo of the game before the change: the new plies only */
	if (corr_clock_days_memo(&sg->g, on, &sg->clock.res, &days, &sg->clock.memo, &e) != CC_OK)
		return NULL;
	sg->clock.on = on;
	sg->clock.days = days;
	return &sg->clock;
}

/* Applies d to sg in memory and computes the new dates: 0, or -1 when
 * the delta does not apply (then sg is only good for store_games_free()). */
static int prepare(struct change *c, struct store_game *sg, const struct corr_delta *d,
                   int64_t actor, const char *today)
{
	struct corr_error e;
	c->ref = store_games_ref(sg);
	c->d = d;
	c->actor = actor;
	c->was = sg->g.state;
	c->today = today;
	c->after = sg;
	memset(&c->mails, 0, sizeof c->mails);
	c->prepared = false;
	if (corr_apply(&sg->g, d, &e) != CC_OK) {
		log_msg(LOG_ERROR, "game %lld: the change does not apply: %s", (long long)sg->id,
		        e.message);
		return -1;
	}
	int32_t day;
	const struct store_game_clock *k =
	        calendar_parse(today, &day, NULL, 0) == CC_OK ? keep_clock(sg, day) : NULL;
	c->ndates = svc_deadlines_from(&sg->g, k ? &k->res : NULL, c->dates);
	return 0;
}

/* The write of one change, inside a write transaction. */
static int write_change(struct app *app, void *ctx)
{
	const struct change *c = ctx;
	int rc = store_games_write(app->st, &c->ref, c->d, c->actor);
	if (rc == STORE_OK)
		rc = store_deadlines_set_after_row(app->st, c->ref.id, c->dates, c->ndates);
	/* The change and its mail in one transaction (docs/NOTIFY.md): no
	 * move without its mail, no mail of a move that was not stored. */
	if (rc == STORE_OK &&
	    (c->prepared ? svc_notify_queue(app, &c->mails)
	                 : svc_notify_game_changed(app, &c->was, c->after, c->ref.id, c->d,
	                                           c->today)) != 0)
		rc = STORE_ERROR;
	return rc;
}

int svc_game_write_in(struct app *app, int64_t actor, struct store_game *sg,
                      const struct corr_delta *d, const char *today)
{
	struct change c;
	if (prepare(&c, sg, d, actor, today) != 0)
		return STORE_ERROR;
	return write_change(app, &c);
}

/* Whether a stored change may move the ratings: the game ended, or a
 * finished game got another result (docs/RATING.md "On the server"). */
static bool result_changed(const struct corr_state *was, const struct corr_state *now)
{
	return now->status != CORR_ACTIVE &&
	       (was->status == CORR_ACTIVE || strcmp(was->result, now->result) != 0);
}

int svc_game_load(struct app *app, int64_t id, struct store_game *sg, struct svc_outcome *o)
{
	char err[512];
	int rc = store_games_load(app->st, id, sg, err, sizeof err);
	if (rc == STORE_NOT_FOUND)
		return svc_fail(o, SVC_NOT_FOUND, "not_found", "%s", err);
	if (rc == STORE_CORRUPT)
		return svc_fail(o, SVC_ERROR, "internal", "game %lld cannot be read: %s",
		                (long long)id, err);
	if (rc != STORE_OK)
		return svc_fail(o, SVC_BUSY, "busy", "game %lld cannot be read now; try again",
		                (long long)id);
	return svc_ok(o);
}

/* A command on a game between its two halves: what the write step and
 * the rest of the command need, on the heap, so the write may finish on
 * another thread's time (svc_async, svc/svc.h). */
struct job {
	enum auth_cmd cmd;
	int64_t id;
	char today[11];
	struct store_game sg; /* loaded, then the game after the change */
	struct corr_delta d;
	struct change c;
};

/* The rest of a command after its write step answered rc: wake the
 * sender, keep the game, rate, fill *after and *o.  Frees j. */
static int finish(struct app *app, struct job *j, int rc, struct store_game *after,
                  struct svc_outcome *o)
{
	svc_mails_free(&j->c.mails);
	if (rc == STORE_STALE) {
		svc_fail(o, SVC_STALE, "stale", "game %lld changed meanwhile: reload it",
		         (long long)j->id);
		goto out;
	}
	if (rc != STORE_OK) {
		svc_fail(o, SVC_BUSY, "busy",
		         "the change could not be stored; nothing was changed, try again");
		goto out;
	}
	svc_mail_queued(app);
	/* committed: the next load of this revision replays nothing */
	store_games_cache_keep(app->st, &j->sg);
	if (result_changed(&j->c.was, &j->sg.g.state)) {
		/* The group of a game that ended may be rated now (its own
		 * transaction: the game stands whatever becomes of it). */
		char rerr[256];
		if (svc_ratings_update(app->st, rerr, sizeof rerr) != 0)
			log_msg(LOG_ERROR, "ratings: %s", rerr);
	}
	if (j->cmd == AUTH_MOVE && !j->d.answer_code && app->metrics)
		metrics_add(app->metrics, METRICS_MOVES, 1);
	*after = j->sg;
	/* Stored, yet refused (409 lost_on_time: the game ended on time, the
	 * move was not played; docs/RULES.md). */
	if (j->d.answer_code)
		svc_fail(o, SVC_ENDED, j->d.answer_code, "%s", j->d.answer_message);
	else
		svc_ok(o);
	free(j);
	return o->status;
out:
	store_games_free(&j->sg);
	free(j);
	return o->status;
}

int svc_game_finish(struct app *app, struct svc_async *a, struct store_game *after,
                    struct svc_outcome *o)
{
	struct job *j = a->job;
	a->job = NULL;
	memset(after, 0, sizeof *after);
	return finish(app, j, a->rc, after, o);
}

/* load -> authorize -> revision -> lib -> memory -> write -> wake. */
static int run(struct app *app, const struct user *who, int64_t id, const struct op *op,
               struct store_game *after, struct svc_outcome *o)
{
	memset(after, 0, sizeof *after);
	struct job *j = calloc(1, sizeof *j);
	if (!j)
		return svc_fail(o, SVC_ERROR, "internal", "out of memory");
	j->cmd = op->cmd;
	j->id = id;
	int32_t today;
	if (svc_today(app, j->today, &today, o) || svc_game_load(app, id, &j->sg, o) != SVC_OK) {
		free(j);
		return o->status;
	}
	struct store_game *sg = &j->sg;
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.white = sg->white, .black = sg->black, .leader = sg->leader};
	struct corr_error e;
	if (auth_check(&a, op->cmd, &t, &e) != CC_OK) {
		svc_refused(o, &e);
		goto out;
	}
	if (op->rev.given && op->rev.rev != sg->g.rev) {
		svc_fail(o, SVC_STALE, "stale",
		         "game %lld is at revision %lld, not %lld: reload it", (long long)id,
		         (long long)sg->g.rev, (long long)op->rev.rev);
		goto out;
	}
	/* The clock of the game as loaded, when the cache kept it with the
	 * game (store_games_clock(): computed by the last change of this
	 * same game value, under its clock key): the move's forfeit test
	 * reads it rather than computing it again (issue 19). */
	struct op with_clock = *op;
	struct corr_move_request mr;
	const struct store_game_clock *known = store_games_clock(sg, today);
	if (op->cmd == AUTH_MOVE && known) {
		mr = *op->mr;
		mr.clock = &known->res;
		with_clock.mr = &mr;
		op = &with_clock;
	}
	if (lib_op(op, &sg->g, auth_seat(&a, sg->white, sg->black), today, &j->d, &e) != CC_OK) {
		svc_refused(o, &e);
		goto out;
	}
	struct change *c = &j->c;
	if (prepare(c, sg, &j->d, a.id, j->today) != 0) {
		svc_fail(o, SVC_ERROR, "internal", "game %lld: the change does not apply",
		         (long long)id);
		goto out;
	}
	/* The mail is rendered here, outside the write lock: the revision
	 * check of the write makes sure the game it tells of is the game
	 * stored. */
	if (svc_notify_prepare(app, &c->was, sg, &j->d, j->today, &c->mails) != 0) {
		svc_fail(o, SVC_BUSY, "busy",
		         "the change could not be stored; nothing was changed, "
		         "try again");
		goto out;
	}
	c->prepared = true;
	/* A move of the HTTP API hands its write over and the event thread
	 * goes on (svc_async); the rest is svc_game_finish(). */
	struct svc_async *as = op->cmd == AUTH_MOVE ? svc_async_current() : NULL;
	if (as && !as->job) {
		as->job = j;
		if (svc_write_async(app, write_change, c, as) == 0)
			return o->status = SVC_PENDING;
		as->job = NULL;
	}
	int rc = svc_write(app, write_change, c);
	return finish(app, j, rc, after, o);
out:
	store_games_free(sg);
	free(j);
	return o->status;
}

int svc_move(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
             const struct corr_move_request *mr, struct store_game *after, struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_MOVE, .rev = rev, .mr = mr};
	return run(app, who, id, &op, after, o);
}

int svc_draw(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
             enum corr_draw_action action, struct store_game *after, struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_DRAW, .rev = rev, .draw = action};
	return run(app, who, id, &op, after, o);
}

int svc_resign(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
               struct store_game *after, struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_RESIGN, .rev = rev};
	return run(app, who, id, &op, after, o);
}

int svc_claim(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
              enum corr_claim_type type, const char *intended, struct store_game *after,
              struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_CLAIM, .rev = rev, .claim = type, .text = intended};
	return run(app, who, id, &op, after, o);
}

int svc_series_cancel(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
                      struct store_game *after, struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_SERIES_CANCEL, .rev = rev};
	return run(app, who, id, &op, after, o);
}

int svc_notice(struct app *app, const struct user *who, int64_t id, int days, int32_t on,
               struct store_game *after, struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_NOTICE, .days = days, .sent = on};
	return run(app, who, id, &op, after, o);
}

int svc_reminder(struct app *app, const struct user *who, int64_t id, int32_t sent,
                 struct store_game *after, struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_REMINDER, .sent = sent};
	return run(app, who, id, &op, after, o);
}

int svc_penalty(struct app *app, const struct user *who, int64_t id, int side, int days,
                const char *reason, struct store_game *after, struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_PENALTY, .side = side, .days = days, .reason = reason};
	return run(app, who, id, &op, after, o);
}

int svc_move_dates(struct app *app, const struct user *who, int64_t id, size_t ply,
                   int32_t received, int32_t sent, const char *reason, struct store_game *after,
                   struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_MOVE_DATES,
	                .ply = ply,
	                .received = received,
	                .sent = sent,
	                .reason = reason};
	return run(app, who, id, &op, after, o);
}

int svc_holiday_play(struct app *app, const struct user *who, int64_t id, bool agreed,
                     const char *reason, struct store_game *after, struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_HOLIDAY_PLAY, .agreed = agreed, .reason = reason};
	return run(app, who, id, &op, after, o);
}

int svc_result(struct app *app, const struct user *who, int64_t id, struct svc_rev rev,
               const char *result, const char *termination, const char *how, const char *reason,
               struct store_game *after, struct svc_outcome *o)
{
	struct op op = {.cmd = AUTH_RESULT,
	                .rev = rev,
	                .result = result,
	                .termination = termination,
	                .how = how,
	                .reason = reason};
	return run(app, who, id, &op, after, o);
}

/* The insert of a game and its first dates (the reminder counts from
 * the start), inside a write transaction. */
struct insert {
	const struct store_new_game *ng;
	int64_t id;
};

static int write_insert(struct app *app, void *ctx)
{
	struct insert *in = ctx;
	int rc = store_games_insert(app->st, in->ng, &in->id);
	return rc == STORE_OK ? svc_deadlines_reload(app->st, in->id) : rc;
}

int svc_game_insert(struct app *app, const struct store_new_game *ng, int64_t *id)
{
	struct insert in = {ng, 0};
	int rc =
	        store_writing(app->st) ? write_insert(app, &in) : svc_write(app, write_insert, &in);
	*id = in.id;
	return rc == STORE_OK ? STORE_OK : STORE_ERROR;
}
