/* api/ops.h: GET /healthz and GET /metrics (API.md "Operations"). */
#ifndef CORRCHESS_API_OPS_H
#define CORRCHESS_API_OPS_H

#include "api/api.h"

/* GET /healthz -> 200 {"status": "ok", "ready": true, "schema": N} once
 * the daemon's start-up is done (app->ready) and the database answers;
 * 503 {"status": "starting", "ready": false} before, "stopping" after
 * SIGTERM, 503 {"status":
 * "unavailable", "ready": false} when the database does not answer.  No
 * login. */
int api_ops_healthz(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /metrics -> 200 in the Prometheus text format (base/metrics.h)
 * with the database's gauges.  No login: keep it to the monitoring host
 * at the proxy (contrib/nginx-corrchess.conf). */
int api_ops_metrics(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
