/* messages.h: the messages the players of a game write each other
 * (API.md "Messages"): on the web pages (POST), with an Xfcc move
 * (myMessage, issue 14; docs/XFCC.md). */
#ifndef CORRCHESS_API_MESSAGES_H
#define CORRCHESS_API_MESSAGES_H

#include "api/api.h"

/* GET /api/v1/games/{id}/messages: the game's messages, oldest first, for
 * its players, its tl and admins (403 forbidden otherwise) -> 200 {"messages":
 * [{"id", "from": USER, "color", "ply", "on", "sent", "via", "text"}]}.
 * Cost: one game load and one query. */
int api_messages_list(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/games/{id}/messages {"text"}: the adapter of
 * svc_message_post() (a message of one of the game's two players, 403
 * not_a_player otherwise, to the other, 422 invalid_field for a text
 * corr_message() refuses, stored with its mail) -> 201 the message as
 * GET lists it. */
int api_messages_create(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
