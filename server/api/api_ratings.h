/* ratings.h: the rating endpoints (API.md "Ratings"; docs/RATING.md "On
 * the server"):
 *
 *   PATCH /api/v1/users/{id}         (tl, admin) {"rating"?, "otb_rating"?}
 *   GET   /api/v1/ratings            the rating list, paginated (limit, after)
 *   GET   /api/v1/ratings.csv        the rating list as CSV (RFC 4180)
 *   GET   /api/v1/users/{id}/ratings every step of a user's rating
 *
 * Each brings the ratings up to date first (svc/svc_ratings.h). */
#ifndef CORRCHESS_API_RATINGS_H
#define CORRCHESS_API_RATINGS_H

#include "api/api.h"

int api_ratings_user_patch(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_ratings_list(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_ratings_csv(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_ratings_history(struct app *app, struct api_req *rq, struct api_resp *rs);

/* Adds "rating" (the current K-skak rating) and "otb_rating" (int or
 * null each) to a USER object u (borrowed) of user id; 0, or -1. */
int api_ratings_user_fields(struct app *app, int64_t id, json_t *u);

/* Brings the ratings up to date (svc_ratings_update(); for `corrchess
 * sweep`: each command of svc/ that ends a game or changes a result rates
 * the groups itself); failures are logged, the next change tries again. */
void api_ratings_refresh(struct app *app);

#endif
