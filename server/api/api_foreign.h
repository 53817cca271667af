/* api/api_foreign.h: foreign results (issue 22; DSU 4.5.4.3; docs/API.md
 * "Foreign results"; svc/svc_ratings.h decides and stores):
 *
 *   GET    /api/v1/ratings/foreign       api_foreign_list (signed in; ?player=)
 *   POST   /api/v1/ratings/foreign       api_foreign_create (kc, admin)
 *   DELETE /api/v1/ratings/foreign/{id}  api_foreign_delete (kc, admin) */
#ifndef CORRCHESS_API_FOREIGN_H
#define CORRCHESS_API_FOREIGN_H

#include "api/api.h"

int api_foreign_create(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_foreign_list(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_foreign_delete(struct app *app, struct api_req *rq, struct api_resp *rs);

/* The rated foreign results of user as entries of his rating history
 * (GET /api/v1/users/{id}/ratings), by place: a new array, or NULL on a
 * database error. */
json_t *api_foreign_history(struct app *app, int64_t user);

#endif
