/* session.h: the Sessions endpoints of API.md, and who a request is. */
#ifndef CORRCHESS_API_SESSION_H
#define CORRCHESS_API_SESSION_H

#include "api/api.h"

/* POST /api/v1/session {"login", "password"} -> 201 {"token", "user"} */
int api_session_create(struct app *app, struct api_req *rq, struct api_resp *rs);

/* DELETE /api/v1/session: signs this token out. */
int api_session_delete(struct app *app, struct api_req *rq, struct api_resp *rs);

/* Finds the user of the Bearer token into rq->user: 0, or the status of
 * the error response it set (401, 500).  For the router. */
int api_session_user(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
