/* tl.h: the tournament leader's overview (API.md "Tournament leader",
 * docs/SWEEP.md). */
#ifndef CORRCHESS_API_TL_H
#define CORRCHESS_API_TL_H

#include "api/api.h"

/* GET /api/v1/tl/overview (tl, admin). */
int api_tl_overview(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
