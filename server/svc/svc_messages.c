/* svc_messages.c: a player's message to his opponent (svc/svc_messages.h). */
#include "autoconfig.h"
#include "svc/svc_messages.h"

#include <string.h>

#include "store/store_games.h"
#include "svc/svc_game.h"
#include "store/store.h"
#include "store/store_xfcc.h"
#include "svc/svc_notify.h"
#include "util/status.h"

/* What the write needs, made before the write lock. */
struct post {
	const struct store_game *sg;
	const char *text, *via;
	struct svc_message *m;
	int64_t user;
};

/* The message and its mail in one transaction (docs/NOTIFY.md: no
 * message without its mail, no mail of a message that was not stored). */
static int write_post(struct app *app, void *ctx)
{
	struct post *p = ctx;
	int rc = store_messages_insert(app->st, p->sg->id, p->user, p->m->ply, p->m->on, p->via,
	                               p->text, &p->m->id, p->m->at, sizeof p->m->at);
	if (rc == STORE_OK && svc_notify_message(app, p->sg, p->m->side, p->text, p->m->on) != 0)
		rc = STORE_ERROR;
	return rc;
}

int svc_message_post(struct app *app, const struct user *who, int64_t id, const char *text,
                     const char *via, struct svc_message *out, struct svc_outcome *o)
{
	memset(out, 0, sizeof *out);
	int32_t today;
	if (svc_today(app, out->on, &today, o))
		return o->status;
	struct store_game sg;
	if (svc_game_load(app, id, &sg, o) != SVC_OK)
		return o->status;
	struct auth_actor a = svc_actor(who);
	struct auth_target t = {.white = sg.white, .black = sg.black, .leader = sg.leader};
	struct corr_error e;
	out->side = auth_seat(&a, sg.white, sg.black);
	if (auth_check(&a, AUTH_MESSAGE_POST, &t, &e) != CC_OK ||
	    corr_message(&sg.g, out->side, text, &e) != CC_OK) {
		svc_refused(o, &e);
		goto out;
	}
	out->ply = (int)sg.g.nmoves;
	struct post p = {.sg = &sg, .text = text, .via = via, .m = out, .user = a.id};
	if (svc_write(app, write_post, &p) != STORE_OK) {
		svc_fail(o, SVC_BUSY, "busy", "the message could not be stored; try again");
		goto out;
	}
	svc_mail_queued(app);
	svc_ok(o);
out:
	store_games_free(&sg);
	return o->status;
}
