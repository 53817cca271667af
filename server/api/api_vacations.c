/* vacations.c: the Vacations endpoints (docs/API.md "Vacations"; DSU
 * 6.3.6, 6.8.8): parse -> svc/svc_vacations.c (who may, the rules of
 * lib/clock/vacation_rules.c, the write) -> render. */
#include "autoconfig.h"
#include "api/api_vacations.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_games.h"
#include "clock/calendar.h"
#include "clock/clock.h"
#include "corr/corr.h"
#include "svc/svc_vacations.h"
#include "util/status.h"

static const char *kind_name(enum clock_stop_kind kind)
{
	return kind == CLOCK_SPECIAL_LEAVE ? "special_leave" : "vacation";
}

static void iso(int32_t day, char out[CALENDAR_ISO_LEN])
{
	if (calendar_format(day, out, CALENDAR_ISO_LEN) != CC_OK)
		snprintf(out, CALENDAR_ISO_LEN, "?");
}

/* The JSON of one period (new). */
static json_t *period_json(const struct svc_period *p)
{
	char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN];
	iso(p->iv.first, a);
	iso(p->iv.last, b);
	return json_pack("{s:I, s:I, s:s, s:s, s:i, s:s, s:s, s:o}", "id", (json_int_t)p->id,
	                 "user", (json_int_t)p->user, "start", a, "end", b, "days", (int)p->days,
	                 "kind", kind_name(p->kind), "notice_on", p->notice_on, "tournament",
	                 p->tournament ? json_integer(p->tournament) : json_null());
}

/* Reads a required date field into *day: 0, or -1 with 422 missing_field,
 * invalid_field (not a string) or invalid_date (not a real YYYY-MM-DD). */
static int get_date(json_t *body, const char *key, int32_t *day, struct api_resp *rs)
{
	const char *text;
	char err[256];
	if (api_get_string(body, key, true, &text, rs))
		return -1;
	if (calendar_parse(text, day, err, sizeof err) != CC_OK) {
		api_error(rs, "invalid_date", "%s: %s", key, err);
		return -1;
	}
	/* Games live in these years (lib/corr); a period far outside them
	 * would push the clocks past the end of the calendar. */
	int year = calendar_year(*day);
	if (year < CORR_FIRST_YEAR || year > CORR_LAST_YEAR) {
		api_error(rs, "invalid_date", "%s: a period lies in the years %d to %d", key,
		          CORR_FIRST_YEAR, CORR_LAST_YEAR);
		return -1;
	}
	return 0;
}

/* POST /api/v1/vacations {"start", "end", "user"?, "kind"?, "tournament"?,
 * "notice_on"?}: 201 with the period; 400/422 for bad input, the codes of
 * svc_vacation_book() for a refusal.  A refusal stores nothing. */
int api_vacations_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"start",      "end",       "user", "kind",
	                                   "tournament", "notice_on", NULL};
	json_t *body = api_body_object(rq, rs);
	struct svc_vacation_request req = {.kind = CLOCK_VACATION, .notice = CLOCK_NO_DATE};
	int64_t user = rq->user.id;
	const char *kind_text = "vacation", *notice_text = NULL;
	if (!body || api_only_keys(body, keys, rs) || get_date(body, "start", &req.iv.first, rs) ||
	    get_date(body, "end", &req.iv.last, rs) ||
	    api_get_int(body, "user", false, &user, rs) < 0 ||
	    api_get_string(body, "kind", false, &kind_text, rs) < 0 ||
	    api_get_int(body, "tournament", false, &req.tournament, rs) < 0 ||
	    api_get_string(body, "notice_on", false, &notice_text, rs) < 0)
		return rs->status;
	if (json_object_get(body, "tournament") && req.tournament < 1)
		return api_error(rs, "invalid_field", "tournament: a tournament id");
	static const char *const kinds[] = {"vacation", "special_leave", NULL};
	int kind = api_pick(kind_text, kinds);
	if (kind < 0)
		return api_error(rs, "invalid_field",
		                 "kind must be vacation or special_leave, not \"%s\"", kind_text);
	req.kind = kind == 0 ? CLOCK_VACATION : CLOCK_SPECIAL_LEAVE;
	if (req.iv.last < req.iv.first)
		return api_error(rs, "invalid_date", "the end (%s) is before the start (%s)",
		                 json_string_value(json_object_get(body, "end")),
		                 json_string_value(json_object_get(body, "start")));
	if (notice_text) {
		char err[200];
		/* DSU 6.3.6.1: the notice date counts, not the day it is entered */
		if (calendar_parse(notice_text, &req.notice, err, sizeof err) != CC_OK)
			return api_error(rs, "invalid_date", "notice_on: %s", err);
	}
	req.user = user > 0 ? user : -1; /* absent: himself; 0 or less: nobody */
	struct svc_period p;
	struct svc_outcome o;
	if (svc_vacation_book(app, &rq->user, &req, &p, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_json(rs, 201, period_json(&p));
}

/* GET /api/v1/users/{id}/vacations[?tournament=T]: every stored period of
 * the user (past and future, in date order) with the days each charges,
 * and for the current tournament year the vacation days and the special
 * leave days left (null: no cap).  404 for an unknown user. */
int api_vacations_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	int64_t tournament = 0;
	const char *q = api_query(rq, "tournament");
	if (q) {
		char *end;
		long long t = strtoll(q, &end, 10);
		if (*q == '\0' || *end || t < 1)
			return api_error(rs, "invalid_field", "tournament: a tournament id");
		tournament = t;
	}
	struct svc_vacations v;
	struct svc_outcome o;
	if (svc_vacations_of(app, rq->ids[0], tournament, &v, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	json_t *list = json_array();
	for (size_t i = 0; list && i < v.n; i++)
		if (json_array_append_new(list, period_json(&v.v[i])) != 0) {
			json_decref(list);
			list = NULL;
		}
	char a[CALENDAR_ISO_LEN], b[CALENDAR_ISO_LEN];
	iso(v.year.first, a);
	iso(v.year.last, b);
	json_t *leave = v.leave_remaining < 0 ? json_null() : json_integer(v.leave_remaining);
	int64_t user = v.user;
	int32_t left = v.remaining;
	svc_vacations_free(&v);
	if (!list) {
		json_decref(leave);
		return api_error(rs, "internal", "out of memory");
	}
	return api_json(rs, 200,
	                json_pack("{s:I, s:o, s:i, s:o, s:{s:s, s:s}}", "user", (json_int_t)user,
	                          "vacations", list, "remaining_days", (int)left,
	                          "special_leave_remaining_days", leave, "tournament_year", "start",
	                          a, "end", b));
}
