/* rules.c: the rule endpoints of issue 9 (API.md "Moves"; docs/RULES.md).
 * The rules are lib/corr/rules.c's, the command server/svc/svc_game.c's;
 * this file reads the bodies and answers. */
#include "autoconfig.h"
#include "api/handlers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_games.h"
#include "clock/calendar.h"
#include "corr/corr.h"
#include "store/store.h"
#include "util/status.h"

/* What a rule request asks for. */
struct rule_op {
	enum { NOTICE, REMINDER, PENALTY, DATES, HOLIDAY } kind;
	int days;
	int color;
	int32_t sent, received;
	const char *reason;
	bool agreed;
	int status; /* the answer on success: 200 or 201 */
};

/* parse -> svc -> render. */
static int run(struct app *app, struct api_req *rq, struct api_resp *rs, struct rule_op *op)
{
	struct store_game after;
	struct svc_outcome o;
	int64_t id = rq->ids[0];
	switch (op->kind) {
	case NOTICE:
		svc_notice(app, &rq->user, id, op->days, op->sent, &after, &o);
		break;
	case REMINDER:
		svc_reminder(app, &rq->user, id, op->sent, &after, &o);
		break;
	case PENALTY:
		svc_penalty(app, &rq->user, id, op->color, op->days, op->reason, &after, &o);
		break;
	case DATES:
		svc_move_dates(app, &rq->user, id, (size_t)rq->ids[1], op->received, op->sent,
		               op->reason, &after, &o);
		break;
	case HOLIDAY:
		svc_holiday_play(app, &rq->user, id, op->agreed, op->reason, &after, &o);
		break;
	}
	return api_game_outcome(app, rq, rs, &o, &after, op->status);
}

/* A TL's reason: required, 3..2000 characters. */
static int get_reason(json_t *body, const char **reason, struct api_resp *rs)
{
	if (api_get_name(body, "reason", true, reason, rs))
		return -1;
	size_t n = strlen(*reason);
	if (n < 3 || n > 2000)
		return api_error(rs, "invalid_field", "give a reason of 3 to 2000 characters"), -1;
	return 0;
}

/* An optional date field: 1 absent (*day CLOCK_NO_DATE), 0 read, -1 with
 * a 422 invalid_date response. */
static int get_date(json_t *body, const char *key, int32_t *day, struct api_resp *rs)
{
	const char *text;
	*day = CLOCK_NO_DATE;
	int rc = api_get_string(body, key, false, &text, rs);
	if (rc)
		return rc;
	char err[256];
	if (calendar_parse(text, day, err, sizeof err) != CC_OK)
		return api_error(rs, "invalid_date", "%s: %s", key, err), -1;
	return 0;
}

int api_rules_notice(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"days", "on", NULL};
	json_t *body = api_body_object(rq, rs);
	int64_t days;
	struct rule_op op = {.kind = NOTICE, .status = 201};
	/* DSU 6.3.4: a postal player dates the notice he posted ("on") */
	if (!body || api_only_keys(body, keys, rs) || api_get_int(body, "days", true, &days, rs) ||
	    get_date(body, "on", &op.sent, rs) < 0)
		return rs->status;
	if (days < 15 || days > 366)
		return api_error(rs, "invalid_field",
		                 "days: a notice announces 15 to 366 days (more than the 14 of DSU "
		                 "6.3.4), not %lld",
		                 (long long)days);
	op.days = (int)days;
	return run(app, rq, rs, &op);
}

int api_rules_reminder(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"sent", NULL};
	struct rule_op op = {.kind = REMINDER, .sent = CLOCK_NO_DATE, .status = 201};
	if (rq->body_len) {
		json_t *body = api_body_object(rq, rs);
		if (!body || api_only_keys(body, keys, rs) ||
		    get_date(body, "sent", &op.sent, rs) < 0)
			return rs->status;
	}
	return run(app, rq, rs, &op);
}

int api_rules_penalty(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"color", "days", "reason", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *color;
	int64_t days;
	struct rule_op op = {.kind = PENALTY, .status = 201};
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "color", true, &color, rs) ||
	    api_get_int(body, "days", true, &days, rs) || get_reason(body, &op.reason, rs))
		return rs->status;
	if (strcmp(color, "white") != 0 && strcmp(color, "black") != 0)
		return api_error(rs, "invalid_field", "color must be white or black");
	if (days < 1 || days > 1000)
		return api_error(rs, "invalid_field",
		                 "days: 1 to 1000 (DSU 6.3.5.1: 3, a repeat 6; 6.8.6: 3)");
	op.color = strcmp(color, "white") == 0 ? WHITE : BLACK;
	op.days = (int)days;
	return run(app, rq, rs, &op);
}

int api_rules_move_dates(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"received", "sent", "reason", NULL};
	json_t *body = api_body_object(rq, rs);
	struct rule_op op = {.kind = DATES, .status = 200};
	if (!body || api_only_keys(body, keys, rs) || get_reason(body, &op.reason, rs) ||
	    get_date(body, "received", &op.received, rs) < 0 ||
	    get_date(body, "sent", &op.sent, rs) < 0)
		return rs->status;
	return run(app, rq, rs, &op);
}

int api_rules_holiday_play(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"agreed", "reason", NULL};
	json_t *body = api_body_object(rq, rs);
	struct rule_op op = {.kind = HOLIDAY, .status = 200};
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_bool(body, "agreed", true, &op.agreed, rs) || get_reason(body, &op.reason, rs))
		return rs->status;
	return run(app, rq, rs, &op);
}

/* API.md "Lists": limit and after (api_page_read()). */
int api_rules_audit(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct api_page pg;
	if (api_page_read(rq, rs, &pg))
		return rs->status;
	size_t limit = (size_t)pg.limit;
	struct store_game sg;
	if (api_game_load(app, rq, rs, &sg))
		return rs->status;
	int64_t id = sg.id;
	int status = api_game_may(rq, rs, &sg, AUTH_AUDIT_READ);
	store_games_free(&sg);
	if (status)
		return status;
	struct store_audit_line *lines;
	size_t n;
	if (store_audit_of(app->st, id, pg.cursor, limit + 1, &lines, &n) != STORE_OK)
		return api_error(rs, "busy", "the audit cannot be read; try again");
	json_t *list = json_array();
	bool more = n > limit;
	for (size_t i = 0; list && i < n && i < limit; i++) {
		const struct store_audit_line *l = &lines[i];
		json_t *o = json_pack("{s:I, s:s, s:o, s:s, s:s}", "id", (json_int_t)l->id, "at",
		                      l->at, "user", l->user ? json_integer(l->user) : json_null(),
		                      "action", l->action, "detail", l->detail);
		if (!o || json_array_append_new(list, o)) {
			json_decref(list);
			list = NULL;
		}
	}
	if (more && list)
		api_page_set_next(&pg, lines[limit - 1].id);
	json_t *next = pg.next[0] ? json_string(pg.next) : json_null();
	free(lines);
	if (!list)
		return api_error(rs, "internal", "out of memory");
	return api_json(rs, 200, json_pack("{s:o, s:o}", "audit", list, "next", next));
}
