/* svc/svc_messages.h: a player's message to his opponent (docs/API.md
 * "Messages"), the same path as every command (svc/svc.h):
 *
 *   load the game -> auth_check(message_post) from the actor's seat
 *   (docs/AUTHORITY.md: the game's two players) -> corr_message() (the
 *   text) -> one write transaction: the message row and its mail to the
 *   opponent (svc/svc_notify.c, kind message: one he can turn off) ->
 *   wake the sender.
 *
 * The game itself does not change (no revision, no dates): a message may
 * come at any time, after the end too. */
#ifndef CORRCHESS_SVC_MESSAGES_H
#define CORRCHESS_SVC_MESSAGES_H

#include <stdint.h>

#include "svc/svc.h"

/* A message as it was stored. */
struct svc_message {
	int64_t id;
	int side;    /* the writer's colour: WHITE or BLACK */
	int ply;     /* the game's moves when it was written */
	char on[11]; /* the server's today, YYYY-MM-DD */
	char at[32]; /* when it was stored, "YYYY-MM-DDTHH:MM:SSZ" (UTC) */
};

/* POST .../messages: text (UTF-8, checked by corr_message(): 1..1000
 * characters, no control characters but line feeds) from `who` in game
 * id, come by `via` ("api"; Xfcc's myMessage would say "xfcc").  SVC_OK
 * and *out; SVC_REFUSED (not_a_player, invalid_field, unauthorized),
 * SVC_NOT_FOUND, SVC_BUSY, SVC_ERROR with *o.  Returns o->status. */
int svc_message_post(struct app *app, const struct user *who, int64_t id, const char *text,
                     const char *via, struct svc_message *out, struct svc_outcome *o);

#endif
