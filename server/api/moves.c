/* moves.c: a move and cancelling a series (API.md "Moves").  Each handler
 * is parse -> load -> lib/corr operation -> apply -> render. */
#include "autoconfig.h"
#include "api/moves.h"

#include <string.h>

#include "api/api_games.h"
#include "corr/corr.h"
#include "util/status.h"

/* Reads the optional "series" field into rq (texts borrowed from the
 * body): 0, or an error response (422 invalid_field) and -1. */
static int read_series(json_t *body, struct corr_move_request *mr, const char **texts,
                       struct api_resp *rs)
{
	json_t *arr = json_object_get(body, "series");
	mr->proposes = arr && !json_is_null(arr);
	if (!mr->proposes)
		return 0;
	if (!json_is_array(arr)) {
		api_error(rs, "invalid_field",
		          "series must be a list of moves, the opponent's reply first");
		return -1;
	}
	mr->nseries = json_array_size(arr);
	/* Over SERIES_MAX, series_check() refuses the count before it reads
	 * any text, so texts[] needs no room for more. */
	for (size_t i = 0; i < mr->nseries && i < SERIES_MAX; i++) {
		json_t *v = json_array_get(arr, i);
		if (!json_is_string(v) || strlen(json_string_value(v)) != json_string_length(v)) {
			api_error(rs, "invalid_field", "series move %zu must be a string", i + 1);
			return -1;
		}
		texts[i] = json_string_value(v);
	}
	mr->series = texts;
	return 0;
}

int api_moves_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"move",   "sent", "received", "reply_to",
	                                   "series", "rev",  NULL};
	const char *texts[SERIES_MAX];
	struct corr_move_request mr = {0};
	json_t *body = api_body_object(rq, rs);
	if (!body || api_only_keys(body, keys, rs) ||
	    api_get_string(body, "move", true, &mr.text, rs) ||
	    api_get_string(body, "reply_to", false, &mr.reply_to, rs) < 0 ||
	    api_get_string(body, "received", false, &mr.received, rs) < 0 ||
	    api_get_string(body, "sent", false, &mr.sent, rs) < 0 ||
	    read_series(body, &mr, texts, rs))
		return rs->status;
	struct svc_rev rev;
	if (api_game_rev(rq, rs, &rev))
		return rs->status;
	struct store_game after;
	struct svc_outcome o;
	svc_move(app, &rq->user, rq->ids[0], rev, &mr, &after, &o);
	return api_game_outcome(app, rq, rs, &o, &after, 201);
}

int api_moves_series_cancel(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"rev", NULL};
	/* The body may be empty or {} (or name the revision). */
	if (rq->body_len) {
		json_t *body = api_body_object(rq, rs);
		if (!body || api_only_keys(body, keys, rs))
			return rs->status;
	}
	struct svc_rev rev;
	if (api_game_rev(rq, rs, &rev))
		return rs->status;
	struct store_game after;
	struct svc_outcome o;
	svc_series_cancel(app, &rq->user, rq->ids[0], rev, &after, &o);
	return api_game_outcome(app, rq, rs, &o, &after, 200);
}
