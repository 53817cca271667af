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

#endif
