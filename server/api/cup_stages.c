/* cup_stages.c: the cup's next stage (api/cup_stages.h): parse ->
 * svc_next_stage() -> the cup. */
#include "autoconfig.h"
#include "api/cup_stages.h"

#include <string.h>

#include "api/api_games.h"
#include "api/tournament_json.h"
#include "svc/svc_cup.h"

int api_tournaments_next_stage(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"stage", "add", NULL};
	const char *want = NULL;
	json_t *body = rq->body_len ? api_body_object(rq, rs) : NULL;
	if (rq->body_len && (!body || api_only_keys(body, keys, rs) ||
	                     api_get_string(body, "stage", false, &want, rs) < 0))
		return rs->status;
	json_t *add = body ? json_object_get(body, "add") : NULL;
	if (add && json_is_null(add))
		add = NULL;
	if (add && (!json_is_array(add) || json_array_size(add) > TOURNAMENT_MAX_PLAYERS))
		return api_error(rs, "invalid_field", "add must be a list of user ids");
	int64_t ids[TOURNAMENT_MAX_PLAYERS];
	int n = 0;
	for (size_t i = 0; add && i < json_array_size(add); i++) {
		json_t *x = json_array_get(add, i);
		if (!json_is_integer(x))
			return api_error(rs, "invalid_field", "add[%zu] must be a user id", i);
		ids[n++] = json_integer_value(x);
	}
	struct svc_outcome o;
	if (svc_next_stage(app, &rq->user, rq->ids[0], want, ids, n, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	return api_tournament_respond(app, rq->ids[0], 201, rs);
}
