/* users.h: the Users endpoints of API.md. */
#ifndef CORRCHESS_API_USERS_H
#define CORRCHESS_API_USERS_H

#include "api/api.h"

/* POST /api/v1/users {"name", "email", "password", "role"?}: a player by a
 * tl, the kc or an admin (user_create), a tl, kc or admin by an admin
 * (user_create_staff; docs/AUTHORITY.md). */
int api_users_create(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/users?q=TEXT (tl, kc, admin: user_search of
 * docs/AUTHORITY.md, 403 forbidden else; limit, after -> next): the
 * members whose name or e-mail address holds q (every member without q),
 * in the order of their numbers, each USER with his "email" ->
 * {"users": [...], "next"}.  422 invalid_field for a q over 254 bytes. */
int api_users_search(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/users/{id} */
int api_users_get(struct app *app, struct api_req *rq, struct api_resp *rs);

/* The postal address of user id (DSU 6.5.2.1, issue 21) into USER u as
 * "postal_address" (text or null) when viewer may read it: he is the user,
 * kc or an admin, plays in a tournament with him or leads one he plays
 * in; otherwise u stays without it.  0, or -1 when the database fails. */
int api_users_postal_field(struct app *app, const struct user *viewer, int64_t id, json_t *u);

/* Reads an optional "postal_address" of body: *given when the key is
 * there, *address the text (borrowed) or NULL to clear it; 1..300 bytes,
 * one line.  0, or -1 with a 422 invalid_field response. */
int api_users_postal_read(json_t *body, const char **address, bool *given, struct api_resp *rs);

#endif
