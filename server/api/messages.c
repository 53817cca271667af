/* messages.c: GET and POST /api/v1/games/{id}/messages (see messages.h). */
#include "autoconfig.h"
#include "api/messages.h"

#include "api/api_games.h"
#include "api/jsonw.h"
#include "store/store_xfcc.h"
#include "svc/svc_messages.h"

/* One message as API.md "Messages" has it: the sender as USER, when it
 * was sent (the server's clock, UTC) and the game's moves then (ply),
 * with the day ("on"), the color and the way it came ("via": "api",
 * "xfcc"). */
static void write_one(struct jsonw *w, const struct store_message *m, const char *color)
{
	jsonw_raw(w, "{");
	jsonw_key(w, "id", true);
	jsonw_int(w, m->id);
	jsonw_key(w, "from", false);
	jsonw_raw(w, "{\"id\":");
	jsonw_int(w, m->user);
	jsonw_raw(w, ",\"name\":");
	jsonw_str(w, m->name);
	jsonw_raw(w, ",\"role\":");
	jsonw_str(w, m->role);
	jsonw_raw(w, "}");
	jsonw_key(w, "color", false);
	jsonw_str(w, color);
	jsonw_key(w, "ply", false);
	jsonw_int(w, m->ply);
	jsonw_key(w, "on", false);
	jsonw_str(w, m->on);
	jsonw_key(w, "sent", false);
	jsonw_str(w, m->at);
	jsonw_key(w, "via", false);
	jsonw_str(w, m->via);
	jsonw_key(w, "text", false);
	jsonw_str(w, m->text);
	jsonw_raw(w, "}");
}

/* The text of w as the answer (w is emptied); its status. */
static int answer(struct api_resp *rs, int status, struct jsonw *w)
{
	size_t len;
	char *text = jsonw_take(w, &len);
	return api_json_text(rs, status, text, len);
}

struct message_list {
	struct jsonw *w;
	const struct store_game *sg;
	size_t n;
};

static void write_message(const struct store_message *m, void *ctx)
{
	struct message_list *ml = ctx;
	if (ml->n++)
		jsonw_raw(ml->w, ",");
	write_one(ml->w, m, corr_side_name(store_games_side_of(ml->sg, m->user)));
}

int api_messages_list(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct store_game sg;
	if (api_game_load(app, rq, rs, &sg))
		return rs->status;
	int status = api_game_may(rq, rs, &sg, AUTH_MESSAGES_READ);
	if (status)
		goto out;
	struct jsonw w;
	jsonw_init(&w);
	jsonw_raw(&w, "{\"messages\":[");
	struct message_list ml = {.w = &w, .sg = &sg, .n = 0};
	size_t n;
	if (store_messages_each(app->st, sg.id, 0, false, write_message, &ml, &n) != STORE_OK) {
		jsonw_free(&w);
		status = api_error(rs, "busy", "the messages cannot be read; try again");
		goto out;
	}
	jsonw_raw(&w, "]}");
	status = answer(rs, 200, &w);
out:
	store_games_free(&sg);
	return status;
}

int api_messages_create(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	static const char *const keys[] = {"text", NULL};
	json_t *body = api_body_object(rq, rs);
	const char *text;
	if (!body || api_only_keys(body, keys, rs) || api_get_string(body, "text", true, &text, rs))
		return rs->status;
	struct svc_message sm;
	struct svc_outcome o;
	if (svc_message_post(app, &rq->user, rq->ids[0], text, "api", &sm, &o) != SVC_OK)
		return api_outcome_error(rs, &o);
	struct store_message m = {.id = sm.id,
	                          .user = rq->user.id,
	                          .ply = sm.ply,
	                          .on = sm.on,
	                          .via = "api",
	                          .text = text,
	                          .at = sm.at,
	                          .name = rq->user.name,
	                          .role = rq->user.role};
	struct jsonw w;
	jsonw_init(&w);
	write_one(&w, &m, corr_side_name(sm.side));
	return answer(rs, 201, &w);
}
