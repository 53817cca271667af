/* actions.c: draw offers, resigning, claims and a TL's result (API.md
 * "Games").  Each handler parses its body, calls the command of
 * server/svc (svc_game.h) and renders the outcome; every one of them
 * answers 200 with the GAME. */
#include "autoconfig.h"
#include "api/handlers.h"

#include <string.h>

#include "api/api_games.h"
#include "corr/corr.h"
#include "util/status.h"

/* What an action of a player runs on the loaded game. */
struct action {
	enum { DRAW, RESIGN, CLAIM } kind;
	enum corr_draw_action draw;
	enum corr_claim_type claim;
	const char *move; /* a claim's intended move, or NULL */
};

/* parse -> svc -> render, for a player's action a. */
static int run(struct app *app, struct api_req *rq, struct api_resp *rs, const struct action *a)
{
	struct svc_rev rev;
	if (api_game_rev(rq, rs, &rev))
		return rs->status;
	struct store_game after;
	struct svc_outcome o;
	switch (a->kind) {
	case DRAW:
		svc_draw(app, &rq->user, rq->ids[0], rev, a->draw, &after, &o);
		break;
	case RESIGN:
		svc_resign(app, &rq->user, rq->ids[0], rev, &after, &o);
		break;
	case CLAIM:
		svc_claim(app, &rq->user, rq->ids[0], rev, a->claim, a->move, &after, &o);
		break;
	}
	return api_game_outcome(app, rq, rs, &o, &after, 200);
}

int api_actions_draw(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"action", "rev", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *action;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "action", true, &action, rs))
		return rs->status;
	static const char *const actions[] = {"offer", "accept", "decline", NULL};
	static const enum corr_draw_action draws[] = {CORR_DRAW_OFFER, CORR_DRAW_ACCEPT,
	                                              CORR_DRAW_DECLINE};
	int i = api_pick(action, actions);
	if (i < 0)
		return api_error(rs, "invalid_field",
		                 "action must be offer, accept or decline, not \"%s\"", action);
	struct action a = {.kind = DRAW, .draw = draws[i]};
	return run(app, rq, rs, &a);
}

int api_actions_resign(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"rev", NULL};
	/* The body may be empty or {} (or name the revision). */
	if (rq->body_len) {
		json_t *body = api_body_object(rq, rs);
		if (!body || api_only_keys(body, keys, rs))
			return rs->status;
	}
	struct action a = {.kind = RESIGN};
	return run(app, rq, rs, &a);
}

int api_actions_claim(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"type", "move", "rev", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *type;
	struct action a = {.kind = CLAIM};
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "type", true, &type, rs) ||
	    api_get_string(body, "move", false, &a.move, rs) < 0)
		return rs->status;
	if (strcmp(type, "threefold") == 0)
		a.claim = CORR_CLAIM_THREEFOLD; /* FIDE 9.2 */
	else if (strcmp(type, "fifty_moves") == 0)
		a.claim = CORR_CLAIM_FIFTY; /* FIDE 9.3 */
	else if (strcmp(type, "time_forfeit") == 0)
		a.claim = CORR_CLAIM_TIME_FORFEIT; /* DSU 6.3.3 */
	else
		return api_error(rs, "invalid_field",
		                 "type must be threefold, fifty_moves or time_forfeit, not \"%s\"",
		                 type);
	return run(app, rq, rs, &a);
}

/* A result the TL records (DSU 6.2.6 and 6.8.9 the players' report,
 * 6.2.7 adjudication, 6.2.8 a game scored), kept with its reason in the
 * audit table.  May correct a finished game.  "how" defaults to
 * reported; the termination to adjudication (a TL's decision, whatever
 * its how). */
int api_actions_result(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"result", "reason", "termination", "how", "rev", NULL};
	static const char *const terms[] = {"adjudication", "time_forfeit", "resignation",
	                                    "agreement", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *result, *reason, *term = "adjudication", *how = "reported";
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "result", true, &result, rs) ||
	    api_get_name(body, "reason", true, &reason, rs) ||
	    api_get_string(body, "termination", false, &term, rs) < 0 ||
	    api_get_string(body, "how", false, &how, rs) < 0)
		return rs->status;
	if (!corr_result_valid(result))
		return api_error(rs, "invalid_field",
		                 "result must be 1-0, 0-1, 1/2-1/2 or 0-0, not \"%s\"", result);
	if (!corr_how_valid(how))
		return api_error(rs, "invalid_field",
		                 "how must be reported (the players' report of a game played, DSU "
		                 "6.2.6, 6.8.9), adjudicated (6.2.7) or scored (unplayed, 6.2.8)");
	if (api_pick(term, terms) < 0)
		return api_error(rs, "invalid_field",
		                 "termination must be adjudication, time_forfeit, resignation or "
		                 "agreement");
	if (strlen(reason) < 3 || strlen(reason) > 2000)
		return api_error(rs, "invalid_field", "give a reason of 3 to 2000 characters");
	struct svc_rev rev;
	if (api_game_rev(rq, rs, &rev))
		return rs->status;
	struct store_game after;
	struct svc_outcome o;
	svc_result(app, &rq->user, rq->ids[0], rev, result, term, how, reason, &after, &o);
	return api_game_outcome(app, rq, rs, &o, &after, 200);
}
