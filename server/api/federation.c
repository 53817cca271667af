/* federation.c: members, the register, fees, appeals, a tournament's TL
 * (api/federation.h): parse -> svc -> render. */
#include "autoconfig.h"
#include "api/federation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_games.h"
#include "api/tournament_json.h"
#include "clock/calendar.h"
#include "svc/svc_entries.h"
#include "svc/svc_fed.h"
#include "util/status.h"

/* text, or null for "". */
static json_t *str_or_null(const char *s)
{
	return s && *s ? json_string(s) : json_null();
}

static json_t *member_json(const struct store_memberinfo *m)
{
	return json_pack("{s:o, s:o, s:o, s:o}", "membership", str_or_null(m->membership),
	                 "member_no", str_or_null(m->member_no), "club", str_or_null(m->club),
	                 "birth_date", str_or_null(m->birth_date));
}

int api_members_field(struct app *app, const struct user *viewer, int64_t id, json_t *u)
{
	struct store_memberinfo m;
	if (!svc_member_visible(viewer, id))
		return 0; /* docs/AUTHORITY.md rule 7 */
	if (store_members_get(app->st, id, &m) != STORE_OK)
		return -1;
	return json_object_set_new(u, "member", member_json(&m));
}

int api_members_get(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct store_memberinfo m;
	struct svc_outcome o;
	if (svc_member_get(app, &rq->user, rq->ids[0], &m, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_json(rs, 200, member_json(&m));
}

/* Reads optional text key (null clears it: "") of 1..max-1 bytes on one
 * line into out; given says whether it was there.  0, or -1 with a 422. */
static int read_text(json_t *body, const char *key, char *out, size_t max, bool *given,
                     struct api_resp *rs)
{
	json_t *v = json_object_get(body, key);
	*given = v != NULL;
	out[0] = '\0';
	if (!v || json_is_null(v))
		return 0;
	const char *s = json_string_value(v);
	size_t n = s ? strlen(s) : 0;
	if (!s || n < 1 || n > max - 1)
		return api_error(rs, "invalid_field", "%s: 1 to %zu bytes of text, or null", key,
		                 max - 1),
		       -1;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return api_error(rs, "invalid_field", "%s: one line, no control characters",
			                 key),
			       -1;
	memcpy(out, s, n + 1);
	return 0;
}

int api_member_read(struct app *app, json_t *obj, struct store_memberinfo *m, bool given[4],
                    struct api_resp *rs)
{
	static const char *const keys[] = {"membership", "member_no", "club", "birth_date", NULL};
	if (!json_is_object(obj))
		return api_error(rs, "invalid_field", "member must be an object"), -1;
	if (api_only_keys(obj, keys, rs) ||
	    read_text(obj, "membership", m->membership, sizeof m->membership, &given[0], rs) ||
	    read_text(obj, "member_no", m->member_no, sizeof m->member_no, &given[1], rs) ||
	    read_text(obj, "club", m->club, sizeof m->club, &given[2], rs) ||
	    read_text(obj, "birth_date", m->birth_date, sizeof m->birth_date, &given[3], rs))
		return -1;
	if (m->membership[0] && dsu_membership_of(m->membership) == DSU_MEMBER_UNKNOWN)
		return api_error(rs, "invalid_field",
		                 "membership must be club, individual or none (DSU 6.4.4.1 a)"),
		       -1;
	int32_t day, today;
	char err[128];
	if (m->birth_date[0] && calendar_parse(m->birth_date, &day, err, sizeof err) != CC_OK)
		return api_error(rs, "invalid_date", "birth_date: %s", err), -1;
	if (m->birth_date[0]) {
		if (api_today_day(app, &today, rs) != 0)
			return -1;
		if (day > today)
			return api_error(rs, "invalid_date", "birth_date: not after today"), -1;
	}
	return 0;
}

int api_members_put(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	json_t *body = api_body_object(rq, rs);
	struct store_memberinfo m;
	bool given[4];
	if (!body || api_member_read(app, body, &m, given, rs))
		return rs->status;
	struct svc_outcome o;
	if (svc_member_set(app, &rq->user, rq->ids[0], &m, given, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_members_get(app, rq, rs);
}

static json_t *day_or_null(int32_t day)
{
	char s[CALENDAR_ISO_LEN];
	if (day == DSU_NO_DATE || calendar_format(day, s, sizeof s) != CC_OK)
		return json_null();
	return json_string(s);
}

int api_register_get(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct svc_register *r = calloc(1, sizeof *r);
	struct svc_outcome o;
	if (!r)
		return api_error(rs, "internal", "out of memory");
	if (svc_register_read(app, &rq->user, rq->ids[0], r, &o) != SVC_OK) {
		free(r);
		return api_outcome_error(rs, &o);
	}
	json_t *list = json_array();
	for (size_t i = 0; list && i < r->n; i++) {
		const struct svc_register_line *l = &r->line[i];
		const char *applied = !l->applied                   ? NULL
		                      : l->a.kind == DSU_QUARANTINE ? "quarantine"
		                                                    : "warning";
		json_array_append_new(
		        list,
		        json_pack(
		                "{s:I, s:I, s:s, s:s, s:o, s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:b, "
		                "s:b, s:b, s:b, s:b}",
		                "decision", (json_int_t)l->s.decision, "tournament",
		                (json_int_t)l->s.tournament, "kind", l->s.kind, "notified_on",
		                l->s.notified_on, "months",
		                l->s.months ? json_integer(l->s.months) : json_null(), "decided_by",
		                l->s.decided_role, "about", l->s.about, "applied",
		                applied ? json_string(applied) : json_null(), "applied_months",
		                l->applied && l->a.kind == DSU_QUARANTINE
		                        ? json_integer(l->a.months)
		                        : json_null(),
		                "start", l->applied ? day_or_null(l->a.start) : json_null(), "end",
		                l->applied ? day_or_null(l->a.end) : json_null(), "valid_until",
		                l->applied ? day_or_null(l->a.valid_until) : json_null(),
		                "converted", l->a.converted, "doubled", l->a.doubled, "in_register",
		                l->in_register, "suspended", l->suspended, "overturned",
		                l->overturned));
	}
	json_t *q = json_null();
	if (r->quarantined >= 0) {
		const struct svc_register_line *l = &r->line[r->quarantined];
		q = json_pack("{s:I, s:o, s:o}", "decision", (json_int_t)l->s.decision, "start",
		              day_or_null(l->a.start), "end", day_or_null(l->a.end));
	}
	free(r);
	return api_json(rs, 200, json_pack("{s:o, s:o}", "register", list, "quarantined", q));
}

json_t *api_entry_json(const struct svc_entered *e)
{
	return json_pack("{s:I, s:I, s:s, s:o, s:o, s:b, s:o}", "id", (json_int_t)e->id, "player",
	                 (json_int_t)e->player, "class", e->cls, "tournament",
	                 e->group ? json_integer(e->group) : json_null(), "fee_received_on",
	                 str_or_null(e->fee_received_on), "valid", e->fee_received_on[0] != '\0',
	                 "proof", str_or_null(e->proof));
}

int api_entries_fee(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"received_on", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *on = NULL;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "received_on", false, &on, rs) < 0)
		return rs->status;
	struct svc_entered e;
	struct svc_outcome o;
	if (svc_entry_fee(app, &rq->user, rq->ids[0], on, &e, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_json(rs, 200, api_entry_json(&e));
}

/* ---- appeals ---- */

static json_t *appeal_json(const struct store_appeal *a)
{
	return json_pack("{s:I, s:I, s:I, s:I, s:s, s:s, s:s, s:o, s:o, s:o}", "id",
	                 (json_int_t)a->id, "decision", (json_int_t)a->decision, "tournament",
	                 (json_int_t)a->tournament, "appellant", (json_int_t)a->appellant, "to",
	                 a->body, "filed_on", a->filed_on, "grounds", a->grounds, "ruling",
	                 str_or_null(a->ruling), "ruling_text", str_or_null(a->ruling_text),
	                 "ruled_on", str_or_null(a->ruled_on));
}

json_t *api_decision_appeals(struct app *app, int64_t decision)
{
	struct store_appeal *v = calloc(16, sizeof *v);
	size_t n = 0;
	json_t *arr = json_array();
	if (v && arr && store_appeals_list(app->st, decision, 0, v, 16, &n) == STORE_OK)
		for (size_t i = 0; i < n; i++)
			json_array_append_new(arr, appeal_json(&v[i]));
	free(v);
	return arr;
}

/* Reads "text"-like key: 1..2000 bytes of UTF-8 (lines allowed). */
static int read_long(json_t *body, const char *key, const char **out, struct api_resp *rs)
{
	if (api_get_string(body, key, true, out, rs))
		return -1;
	size_t n = strlen(*out);
	if (n < 1 || n > STORE_APPEAL_TEXT_MAX - 1)
		return api_error(rs, "invalid_field", "%s: 1 to %d bytes", key,
		                 STORE_APPEAL_TEXT_MAX - 1),
		       -1;
	return 0;
}

int api_appeals_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"grounds", "appellant", "filed_on", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *grounds, *filed = NULL;
	int64_t appellant = 0;
	if (!body || api_only_keys(body, keys, rs) || read_long(body, "grounds", &grounds, rs) ||
	    api_get_int(body, "appellant", false, &appellant, rs) < 0 ||
	    api_get_string(body, "filed_on", false, &filed, rs) < 0)
		return rs->status;
	struct store_appeal a;
	struct svc_outcome o;
	if (svc_appeal(app, &rq->user, rq->ids[0], rq->ids[1], appellant, grounds, filed, &a, &o) !=
	    SVC_OK)
		return api_outcome_error(rs, &o);
	return api_json(rs, 201, appeal_json(&a));
}

int api_appeals_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	/* the KC's list of the appeals awaiting his ruling (appeal_rule) */
	struct auth_actor a = svc_actor(&rq->user);
	struct auth_target none = {0};
	struct corr_error e;
	if (auth_check(&a, AUTH_APPEAL_RULE, &none, &e) != CC_OK)
		return api_error(rs, e.code, "%s", e.message);
	struct api_page page;
	if (api_page_read(rq, rs, &page))
		return rs->status;
	size_t max = (size_t)page.limit + 1, n;
	struct store_appeal *v = calloc(max, sizeof *v);
	json_t *list = json_array();
	if (!v || !list || store_appeals_pending(app->st, page.cursor, v, max, &n) != STORE_OK) {
		free(v);
		json_decref(list);
		return api_error(rs, "busy", "the appeals cannot be read; try again");
	}
	if (n > (size_t)page.limit) {
		n = (size_t)page.limit;
		api_page_set_next(&page, v[n - 1].id);
	}
	for (size_t i = 0; i < n; i++)
		json_array_append_new(list, appeal_json(&v[i]));
	free(v);
	return api_json(rs, 200,
	                json_pack("{s:o, s:o}", "appeals", list, "next",
	                          page.next[0] ? json_string(page.next) : json_null()));
}

int api_appeals_rule(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"ruling", "text", "months", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *ruling, *text;
	int64_t months = 0;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "ruling", true, &ruling, rs) ||
	    read_long(body, "text", &text, rs) ||
	    api_get_int(body, "months", false, &months, rs) < 0)
		return rs->status;
	if (months < 0 || months > 120)
		return api_error(rs, "invalid_field", "months: 1 to 120");
	struct store_appeal a;
	struct svc_outcome o;
	if (svc_appeal_rule(app, &rq->user, rq->ids[0], ruling, text, (int)months, &a, &o) !=
	    SVC_OK)
		return api_outcome_error(rs, &o);
	return api_json(rs, 200, appeal_json(&a));
}

int api_tournaments_tl_put(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"tl", NULL};
	json_t *body = api_body_object(rq, rs);
	int64_t tl;
	if (!body || api_only_keys(body, keys, rs) || api_get_int(body, "tl", true, &tl, rs))
		return rs->status;
	if (tl <= 0)
		return api_error(rs, "invalid_field", "tl: a user id");
	struct svc_outcome o;
	if (svc_tournament_tl_set(app, &rq->user, rq->ids[0], tl, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_tournament_respond(app, rq->ids[0], 200, rs);
}

/* ---- editions ---- */

int api_edition_field(struct app *app, const struct store_tournament *t, json_t *j)
{
	bool in_season = true;
	char why[160], kc[CALENDAR_ISO_LEN];
	int rc = svc_edition_of(app, t, &in_season, why, sizeof why, kc);
	if (rc <= 0)
		return rc;
	/* a warning for the TL, never a refusal (issue 22) */
	return json_object_set_new(j, "edition",
	                           json_pack("{s:b, s:o, s:o}", "in_season", in_season, "warning",
	                                     in_season ? json_null() : json_string(why), "kc_start",
	                                     str_or_null(kc)));
}

/* The path's last segment "dm-2027" / "cup-2027" into kind and year. */
static int edition_name(const char *path, const char **kind, int *year)
{
	const char *name = strrchr(path, '/');
	name = name ? name + 1 : path;
	int y = 0, n = 0;
	if (strncmp(name, "dm-", 3) == 0) {
		*kind = "dm";
		name += 3;
	} else if (strncmp(name, "cup-", 4) == 0) {
		*kind = "cup";
		name += 4;
	} else {
		return -1;
	}
	for (; *name >= '0' && *name <= '9' && n < 5; name++, n++)
		y = y * 10 + (*name - '0');
	if (*name || n != 4 || y < 1583)
		return -1;
	*year = y;
	return 0;
}

int api_editions_put(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"start_on", NULL};
	const char *kind, *start;
	int year;
	if (edition_name(rq->path, &kind, &year) != 0)
		return api_error(rs, "not_found",
		                 "an edition is dm-YEAR or cup-YEAR (DSU 6.5.2, 6.6.3)");
	json_t *body = api_body_object(rq, rs);
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "start_on", true, &start, rs))
		return rs->status;
	struct svc_outcome o;
	if (svc_edition_set(app, &rq->user, kind, year, start, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_json(
	        rs, 200,
	        json_pack("{s:s, s:i, s:s}", "kind", kind, "year", year, "start_on", start));
}

/* ---- the team championship ---- */

static json_t *reserve_json(const struct store_reserve *r)
{
	return json_pack("{s:I, s:I, s:s, s:I, s:I, s:s, s:s, s:o, s:o, s:o}", "id",
	                 (json_int_t)r->id, "tournament", (json_int_t)r->tournament, "team",
	                 r->team, "original", (json_int_t)r->original, "reserve",
	                 (json_int_t)r->reserve, "requested_on", r->requested_on, "status",
	                 r->status, "approved_on", str_or_null(r->approved_on), "stop_from",
	                 str_or_null(r->stop_from), "stop_to", str_or_null(r->stop_to));
}

int api_team_fields(struct app *app, int64_t t, const char *team, json_t *j)
{
	struct store_reserve v[8];
	size_t n = 0;
	int64_t captain = 0;
	if (store_captains_get(app->st, t, team, &captain) == STORE_ERROR ||
	    store_reserves_list(app->st, t, team, v, 8, &n) != STORE_OK)
		return -1;
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < n; i++)
		json_array_append_new(arr, reserve_json(&v[i]));
	return json_object_set_new(j, "captain", captain ? json_integer(captain) : json_null()) ||
	       json_object_set_new(j, "reserves", arr ? arr : json_array());
}

int api_captains_put(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"team", "captain", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *team;
	int64_t captain;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "team", true, &team, rs) ||
	    api_get_int(body, "captain", true, &captain, rs))
		return rs->status;
	struct svc_outcome o;
	if (svc_captain_set(app, &rq->user, rq->ids[0], team, captain, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_tournament_respond(app, rq->ids[0], 200, rs);
}

int api_reserves_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"team", "original", "reserve", "stop_from", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *team, *from = NULL;
	int64_t original, reserve;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "team", true, &team, rs) ||
	    api_get_int(body, "original", true, &original, rs) ||
	    api_get_int(body, "reserve", true, &reserve, rs) ||
	    api_get_string(body, "stop_from", false, &from, rs) < 0)
		return rs->status;
	struct store_reserve r;
	struct svc_outcome o;
	if (svc_reserve_request(app, &rq->user, rq->ids[0], team, original, reserve, from, &r,
	                        &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_json(rs, 201, reserve_json(&r));
}

int api_reserves_approve(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {NULL};
	json_t *body = api_body_object(rq, rs);
	if (!body || api_only_keys(body, keys, rs))
		return rs->status;
	struct store_reserve r;
	struct svc_outcome o;
	bool booked;
	char why[CORR_MESSAGE_MAX + 32];
	if (svc_reserve_approve(app, &rq->user, rq->ids[0], &r, &booked, why, sizeof why, &o) !=
	    SVC_OK)
		return api_outcome_error(rs, &o);
	json_t *j = reserve_json(&r);
	if (j) {
		json_object_set_new(j, "stop_booked", json_boolean(booked));
		json_object_set_new(j, "stop_error", booked ? json_null() : json_string(why));
	}
	return api_json(rs, 200, j);
}

/* ---- connection losses ---- */

static json_t *loss_json(const struct svc_connection_loss *l)
{
	return json_pack("{s:I, s:I, s:I, s:s, s:o, s:o, s:o, s:b}", "id", (json_int_t)l->c.id,
	                 "tournament", (json_int_t)l->c.tournament, "player", (json_int_t)l->c.user,
	                 "lost_on", l->c.lost_on, "restored_on", str_or_null(l->c.restored_on),
	                 "restore_by", day_or_null(l->restore_by), "withdrawn_from",
	                 day_or_null(l->withdrawn_from), "propose_withdrawal",
	                 l->propose_withdrawal);
}

int api_connection_losses_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"player", "lost_on", "restored_on", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *lost = NULL, *restored = NULL;
	int64_t player;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_int(body, "player", true, &player, rs) ||
	    api_get_string(body, "lost_on", false, &lost, rs) < 0 ||
	    api_get_string(body, "restored_on", false, &restored, rs) < 0)
		return rs->status;
	struct svc_connection_loss l;
	struct svc_outcome o;
	if (svc_connection_loss(app, &rq->user, rq->ids[0], player, lost, restored, &l, &o) !=
	    SVC_OK)
		return api_outcome_error(rs, &o);
	return api_json(rs, lost ? 201 : 200, loss_json(&l));
}

json_t *api_connection_losses_json(struct app *app, const struct user *u, int64_t tournament,
                                   int32_t today)
{
	enum { MAX = 500 };
	struct store_connection_loss *v = calloc(MAX, sizeof *v);
	size_t n = 0;
	bool admin = strcmp(u->role, "admin") == 0;
	if (!v || store_connection_losses_open(app->st, admin ? 0 : u->id, tournament, v, MAX,
	                                       &n) != STORE_OK) {
		free(v);
		return NULL;
	}
	json_t *arr = json_array();
	for (size_t i = 0; arr && i < n; i++) {
		struct svc_connection_loss l;
		svc_connection_loss_dates(&v[i], today, &l);
		json_array_append_new(arr, loss_json(&l));
	}
	free(v);
	return arr;
}

/* ---- the rating list (DSU 4.5.5.1 items 4-5) ---- */

static int rating_status(struct app *app, int64_t user, enum rating_list_status *st,
                         char last[CALENDAR_ISO_LEN])
{
	char iso[CALENDAR_ISO_LEN];
	int32_t today;
	api_today(app, iso);
	if (calendar_parse(iso, &today, NULL, 0) != CC_OK)
		return -1;
	return svc_rating_list_status(app, user, today, st, last);
}

int api_rating_listed(struct app *app, int64_t user)
{
	enum rating_list_status st;
	char last[CALENDAR_ISO_LEN];
	if (rating_status(app, user, &st, last) != 0)
		return -1;
	return st == RATING_LISTED;
}

int api_rating_list_field(struct app *app, int64_t id, json_t *u)
{
	enum rating_list_status st;
	char last[CALENDAR_ISO_LEN];
	if (rating_status(app, id, &st, last) != 0)
		return -1;
	return json_object_set_new(u, "rating_list",
	                           json_pack("{s:s, s:o}", "status", rating_list_status_name(st),
	                                     "last_rated", str_or_null(last)));
}
