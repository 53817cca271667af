/* tl_decisions.c: a tournament leader's decisions on a tournament
 * (api/tl_decisions.h): parse -> svc/svc_decisions.h -> the TOURNAMENT. */
#include "autoconfig.h"
#include "api/handlers.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_games.h"
#include "api/tournament_json.h"
#include "api/api_tournaments.h"
#include "svc/svc_decisions.h"
#include "svc/svc_fed.h"

/* The TOURNAMENT after a command (status), or its error. */
static int answer(struct app *app, int64_t id, const struct svc_outcome *o, int status,
                  struct api_resp *rs)
{
	if (o->status != SVC_OK)
		return api_outcome_error(rs, o);
	return api_tournament_respond(app, id, status, rs);
}

int api_tournaments_withdraw(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"player", "reason", "on", NULL};
	static const char *const reasons[] = {"valid", "invalid", "silent", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *reason, *on = NULL;
	int64_t player;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_int(body, "player", true, &player, rs) ||
	    api_get_string(body, "reason", true, &reason, rs) || /* an enum, not a text */
	    api_get_string(body, "on", false, &on, rs) < 0)
		return rs->status;
	if (api_pick(reason, reasons) < 0)
		return api_error(rs, "invalid_field",
		                 "reason must be valid, invalid or silent (DSU 6.2.8: a silent "
		                 "player has withdrawn without a valid reason)");
	struct svc_outcome o;
	svc_withdrawal(app, &rq->user, rq->ids[0], player, reason, on, &o);
	return answer(app, rq->ids[0], &o, 201, rs);
}

/* Reads the play-off "games" [{"white", "black", "result"}] into p.  0,
 * or a 422 and -1. */
static int read_playoff_games(json_t *arr, struct store_playoff *p, struct api_resp *rs)
{
	static const char *const keys[] = {"white", "black", "result", NULL};
	if (!json_is_array(arr) || json_array_size(arr) > STORE_PLAYOFF_MAX)
		return api_error(rs, "invalid_field",
		                 "games must be a list of at most %d {\"white\", \"black\", "
		                 "\"result\"}",
		                 STORE_PLAYOFF_MAX),
		       -1;
	for (size_t i = 0; i < json_array_size(arr); i++) {
		json_t *v = json_array_get(arr, i);
		int64_t w, b;
		const char *res;
		if (!json_is_object(v))
			return api_error(rs, "invalid_field", "games[%zu] must be an object", i),
			       -1;
		if (api_only_keys(v, keys, rs) || api_get_int(v, "white", true, &w, rs) ||
		    api_get_int(v, "black", true, &b, rs) ||
		    api_get_string(v, "result", true, &res, rs))
			return -1;
		p->games[i] = (struct store_playoff_game){.white = w, .black = b};
		snprintf(p->games[i].result, sizeof p->games[i].result, "%s", res);
		if (strlen(res) >= sizeof p->games[i].result) /* never a result */
			p->games[i].result[0] = '\0';
		p->ngames++;
	}
	return 0;
}

int api_tournaments_playoff(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"games", "agree_to_share", NULL};
	json_t *body = api_body_object(rq, rs);
	bool share = false;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_bool(body, "agree_to_share", false, &share, rs) < 0)
		return rs->status;
	json_t *games = json_object_get(body, "games");
	if (share == (games && !json_is_null(games)))
		return api_error(rs, "invalid_field",
		                 "give either \"games\" (the play-off's results) or "
		                 "\"agree_to_share\": true (R33c)");
	struct store_playoff *p = calloc(1, sizeof *p);
	if (!p)
		return api_error(rs, "internal", "out of memory");
	p->agree_to_share = share;
	int status;
	if (!share && read_playoff_games(games, p, rs)) {
		status = rs->status;
	} else {
		struct svc_outcome o;
		svc_playoff(app, &rq->user, rq->ids[0], p, &o);
		status = answer(app, rq->ids[0], &o, 201, rs);
	}
	free(p);
	return status;
}

int api_tournaments_publication(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"on", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *on;
	if (!body || api_only_keys(body, keys, rs) || api_get_string(body, "on", true, &on, rs))
		return rs->status;
	struct svc_outcome o;
	svc_publication(app, &rq->user, rq->ids[0], on, &o);
	return answer(app, rq->ids[0], &o, 200, rs);
}

int api_tournaments_decision(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"notified_on", "about",  "kind",
	                                   "player",      "months", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *on, *about, *kind = "ruling";
	int64_t player = 0, months = 0;
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "notified_on", true, &on, rs) ||
	    api_get_string(body, "about", true, &about, rs) ||
	    api_get_string(body, "kind", false, &kind, rs) < 0 ||
	    api_get_int(body, "player", false, &player, rs) < 0 ||
	    api_get_int(body, "months", false, &months, rs) < 0)
		return rs->status;
	if (api_tournament_name_check(about, "about", rs)) /* 1..100 bytes, no control characters */
		return rs->status;
	struct svc_outcome o;
	if (strcmp(kind, "ruling") != 0) {
		/* issue 22: a sanction (DSU 6.4.2) of player */
		int64_t id;
		if (!player)
			return api_error(rs, "missing_field", "player: the player sanctioned");
		if (months < 0 || months > 120)
			return api_error(rs, "invalid_field", "months: 1 to 120");
		svc_sanction(app, &rq->user, rq->ids[0], player, kind, (int)months, on, about, &id,
		             &o);
		return answer(app, rq->ids[0], &o, 201, rs);
	}
	if (player || months)
		return api_error(rs, "invalid_field",
		                 "player and months belong to a sanction (kind warning, quarantine "
		                 "or exclusion)");
	svc_decision(app, &rq->user, rq->ids[0], on, about, &o);
	return answer(app, rq->ids[0], &o, 201, rs);
}
