/* actions.c: draw offers, resigning, claims and a TL's result (API.md
 * "Games").  Each handler is parse -> load -> lib/corr operation ->
 * apply -> render; every one of them answers 200 with the GAME. */
#include "autoconfig.h"
#include "api/actions.h"
#include "api/tournaments.h"
#include "store/tournaments.h"

#include <string.h>

#include "api/games.h"
#include "corr/corr.h"
#include "util/status.h"

/* What an action of a player runs on the loaded game. */
struct action {
	enum { DRAW, RESIGN, CLAIM } kind;
	enum corr_draw_action draw;
	enum corr_claim_type claim;
	const char *move; /* a claim's intended move, or NULL */
};

/* load -> player -> revision -> lib/corr -> apply -> render, for a
 * player's action a. */
static int run(struct app *app, struct api_req *rq, struct api_resp *rs, const struct action *a)
{
	int32_t today;
	if (api_today_day(app, &today, rs))
		return rs->status;
	struct store_game sg;
	if (api_game_load(app, rq, rs, &sg))
		return rs->status;
	int side, status, rc = CC_OK;
	struct corr_delta d;
	struct corr_error e;
	if ((status = api_game_player(rq, rs, &sg, &side)) ||
	    (status = api_game_check_rev(rq, rs, &sg)))
		goto out;
	switch (a->kind) {
	case DRAW:
		rc = corr_draw(&sg.g, side, a->draw, today, &d, &e);
		break;
	case RESIGN:
		rc = corr_resign(&sg.g, side, today, &d, &e);
		break;
	case CLAIM:
		rc = corr_claim(&sg.g, side, a->claim, a->move, today, &d, &e);
		break;
	}
	status =
	        rc != CC_OK ? api_game_refused(rs, &e) : api_game_commit(app, rq, rs, &sg, &d, 200);
out:
	store_games_free(&sg);
	return status;
}

int api_actions_draw(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"action", "rev", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *action;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "action", true, &action, rs))
		return rs->status;
	struct action a = {.kind = DRAW};
	if (strcmp(action, "offer") == 0)
		a.draw = CORR_DRAW_OFFER;
	else if (strcmp(action, "accept") == 0)
		a.draw = CORR_DRAW_ACCEPT;
	else if (strcmp(action, "decline") == 0)
		a.draw = CORR_DRAW_DECLINE;
	else
		return api_error(rs, "invalid_field",
		                 "action must be offer, accept or decline, not \"%s\"", action);
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

/* A TL decision (adjudication, withdrawal, silence; DSU 6.2.7, 6.2.8),
 * kept with its reason in the audit table.  May correct a finished game. */
int api_actions_result(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"result", "reason", "termination", "rev", NULL};
	static const char *const terms[] = {"adjudication", "time_forfeit", "resignation",
	                                    "agreement", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *result, *reason, *term = "adjudication";
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "result", true, &result, rs) ||
	    api_get_string(body, "reason", true, &reason, rs) ||
	    api_get_string(body, "termination", false, &term, rs) < 0)
		return rs->status;
	if (!corr_result_valid(result))
		return api_error(rs, "invalid_field",
		                 "result must be 1-0, 0-1, 1/2-1/2 or 0-0, not \"%s\"", result);
	bool ok = false;
	for (const char *const *t = terms; *t; t++)
		ok |= strcmp(*t, term) == 0;
	if (!ok)
		return api_error(rs, "invalid_field",
		                 "termination must be adjudication, time_forfeit, resignation or "
		                 "agreement");
	if (strlen(reason) < 3 || strlen(reason) > 2000)
		return api_error(rs, "invalid_field", "give a reason of 3 to 2000 characters");
	int32_t today;
	if (api_today_day(app, &today, rs))
		return rs->status;
	/* DSU 6.1.3: a game of a tournament is for its own TL (or an admin) */
	int64_t tournament, tl;
	if (store_tournaments_of_game(app->st, rq->ids[0], &tournament, &tl) != STORE_OK)
		return api_error(rs, "busy", "the database is busy; try again");
	if (tournament && !api_tournaments_may_lead(&rq->user, tl))
		return api_error(rs, "not_your_tournament",
		                 "game %lld belongs to tournament %lld, which has its own tournament "
		                 "leader (DSU 6.1.3)",
		                 (long long)rq->ids[0], (long long)tournament);
	struct store_game sg;
	if (api_game_load(app, rq, rs, &sg))
		return rs->status;
	struct corr_delta d;
	struct corr_error e;
	int status = api_game_check_rev(rq, rs, &sg);
	if (!status)
		status = corr_tl_result(&sg.g, result, term, reason, today, &d, &e) != CC_OK
		                 ? api_game_refused(rs, &e)
		                 : api_game_commit(app, rq, rs, &sg, &d, 200);
	store_games_free(&sg);
	return status;
}
