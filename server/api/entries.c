/* entries.c: EMT entries and entry rights (api/handlers.h): parse -> svc
 * -> render. */
#include "autoconfig.h"
#include "api/handlers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/federation.h"
#include "api/api_games.h"
#include "clock/calendar.h"
#include "svc/svc_entries.h"
#include "svc/svc_users.h"
#include "util/status.h"

int api_users_rights(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	json_t *u = api_user_json(app, rq->ids[0]);
	if (!u)
		return api_error(rs, "not_found", "there is no user %lld", (long long)rq->ids[0]);
	json_decref(u);
	struct svc_rights *r = calloc(1, sizeof *r);
	struct svc_outcome o;
	if (!r)
		return api_error(rs, "internal", "out of memory");
	if (svc_rights_of(app, rq->ids[0], r, &o) != SVC_OK) {
		free(r);
		return api_outcome_error(rs, &o);
	}
	json_t *list = json_array(), *groups = json_array();
	for (int c = DSU_CLASS_COUNT - 1; list && c >= 0; c--) {
		char until[CALENDAR_ISO_LEN];
		if (!r->a.may[c])
			continue;
		bool open_end = r->a.until[c] == DSU_NO_DATE;
		if (!open_end && calendar_format(r->a.until[c], until, sizeof until) != CC_OK)
			continue;
		json_array_append_new(list, json_pack("{s:s, s:o, s:s}", "class",
		                                      dsu_class_name((enum dsu_class)c), "until",
		                                      open_end ? json_null() : json_string(until),
		                                      "why", svc_right_why(r, (enum dsu_class)c)));
	}
	bool further = true; /* R25: may he enter another group while these run? */
	for (size_t i = 0; groups && i < r->nrun; i++) {
		const struct svc_running *g = &r->run[i];
		bool ok = dsu_may_enter_another_group(g->cls, g->score2, g->games);
		further &= ok;
		json_array_append_new(groups,
		                      json_pack("{s:I, s:s, s:f, s:i, s:b}", "tournament",
		                                (json_int_t)g->id, "class", dsu_class_name(g->cls),
		                                "score", g->score2 / 2.0, "games", g->games,
		                                "relegation_risk_gone", ok));
	}
	bool first_timer = r->a.first_timer;
	free(r);
	return api_json(rs, 200,
	                json_pack("{s:o, s:b, s:o, s:b}", "rights", list, "first_timer",
	                          first_timer, "running", groups, "may_enter_further_group",
	                          further));
}

int api_users_grant_right(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"class", "until", "source", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *cls_s, *until, *source;
	enum dsu_class cls;
	int32_t day;
	char err[128];
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "class", true, &cls_s, rs) ||
	    api_get_string(body, "until", true, &until, rs) ||
	    api_get_string(body, "source", true, &source, rs))
		return rs->status;
	if (dsu_class_parse(cls_s, &cls) != CC_OK)
		return api_error(rs, "invalid_field",
		                 "class must be \u00c5, K, M or DM (DSU 6.5.1)");
	if (calendar_parse(until, &day, err, sizeof err) != CC_OK)
		return api_error(rs, "invalid_date", "until: %s", err);
	if (strcmp(source, "international") != 0 && strcmp(source, "tl") != 0)
		return api_error(rs, "invalid_field",
		                 "source must be international (DSU 6.5.3.2c) or tl (6.5.3.2e)");
	struct store_granted g;
	snprintf(g.cls, sizeof g.cls, "%s", dsu_class_name(cls));
	calendar_format(day, g.until, sizeof g.until);
	snprintf(g.source, sizeof g.source, "%s", source);
	struct svc_outcome o;
	if (svc_right_grant(app, &rq->user, rq->ids[0], &g, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_users_rights(app, rq, rs) == 200 ? (rs->status = 201) : rs->status;
}

int api_entries_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"class", "player", "fee_received_on",
	                                   "proof", "member", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *cls, *fee = NULL, *proof = NULL;
	int64_t player = rq->user.id;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "class", true, &cls, rs) ||
	    api_get_int(body, "player", false, &player, rs) < 0 ||
	    api_get_string(body, "fee_received_on", false, &fee, rs) < 0 ||
	    api_get_string(body, "proof", false, &proof, rs) < 0)
		return rs->status;
	if (proof && (strlen(proof) < 1 || strlen(proof) > 300))
		return api_error(rs, "invalid_field",
		                 "proof: 1 to 300 bytes (DSU 6.4.4.1 b: the proof of the class)");
	/* DSU 6.4.4.1 a, d: the member fields the entry carries */
	struct store_memberinfo member;
	bool given[4] = {false, false, false, false};
	json_t *mj = json_object_get(body, "member");
	if (mj && api_member_read(app, mj, &member, given, rs))
		return rs->status;
	struct svc_entered e;
	struct svc_outcome o;
	if (svc_entry(app, &rq->user, player, cls, fee, proof, mj ? &member : NULL, given, &e,
	              &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_json(rs, 201, api_entry_json(&e));
}
