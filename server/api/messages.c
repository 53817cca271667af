/* messages.c: GET /api/v1/games/{id}/messages (see messages.h). */
#include "autoconfig.h"
#include "api/messages.h"

#include "api/games.h"
#include "api/jsonw.h"
#include "store/xfcc.h"

struct message_list {
	struct jsonw *w;
	const struct store_game *sg;
	size_t n;
};

static void write_message(const struct store_message *m, void *ctx)
{
	struct message_list *ml = ctx;
	jsonw_raw(ml->w, ml->n++ ? ",{" : "{");
	jsonw_key(ml->w, "id", true);
	jsonw_int(ml->w, m->id);
	jsonw_key(ml->w, "from", false);
	jsonw_int(ml->w, m->user);
	jsonw_key(ml->w, "color", false);
	jsonw_str(ml->w, corr_side_name(store_games_side_of(ml->sg, m->user)));
	jsonw_key(ml->w, "ply", false);
	jsonw_int(ml->w, m->ply);
	jsonw_key(ml->w, "on", false);
	jsonw_str(ml->w, m->on);
	jsonw_key(ml->w, "via", false);
	jsonw_str(ml->w, m->via);
	jsonw_key(ml->w, "text", false);
	jsonw_str(ml->w, m->text);
	jsonw_raw(ml->w, "}");
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
	size_t len;
	char *text = jsonw_take(&w, &len);
	status = api_json_text(rs, 200, text, len);
out:
	store_games_free(&sg);
	return status;
}
