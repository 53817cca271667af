/* users.h: the Users endpoints of API.md. */
#ifndef CORRCHESS_API_USERS_H
#define CORRCHESS_API_USERS_H

#include "api/api.h"

/* POST /api/v1/users (tl, admin) {"name", "email", "password", "role"?} */
int api_users_create(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/users/{id} */
int api_users_get(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
