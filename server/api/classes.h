/* classes.h: the settings of the EMT classes (docs/API.md "Classes";
 * DSU 6.5.1; svc/svc_classes.h decides and stores).
 *
 *   GET /api/v1/classes          api_classes_list
 *   PUT /api/v1/classes/{name}   api_classes_put (class_set: the kc, an admin)
 *
 * CLASS = {"name": "Å"|"K"|"M"|"DM", "tl": USER|null, "profile": str}: the
 * TL who leads the groups the class's entries start (null: none named,
 * only an admin leads them) and their time profile. */
#ifndef CORRCHESS_API_CLASSES_H
#define CORRCHESS_API_CLASSES_H

#include "api/api.h"

/* -> 200 {"classes": [CLASS...]}, low to high. */
int api_classes_list(struct app *app, struct api_req *rq, struct api_resp *rs);

/* {"tl"?: id|null, "profile"?: "dsu-post"|"dsu-post-email"} -> 200 CLASS;
 * a field left out stays as it was. */
int api_classes_put(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
