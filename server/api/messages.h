/* messages.h: the game messages the players send each other with their
 * moves (Xfcc myMessage, issue 14; docs/XFCC.md). */
#ifndef CORRCHESS_API_MESSAGES_H
#define CORRCHESS_API_MESSAGES_H

#include "api/api.h"

/* GET /api/v1/games/{id}/messages: the game's messages, oldest first, for
 * its players and tl/admin (403 forbidden otherwise) -> 200 {"messages":
 * [{"id", "from": user id, "color", "ply", "on", "via", "text"}]}.  Cost:
 * one game load and one query. */
int api_messages_list(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
