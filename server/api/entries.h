/* entries.h: EMT entries and entry rights (docs/API.md "Tournaments";
 * DSU 6.4.4, 6.5.1-6.5.3; svc/svc_entries.h and svc/svc_users.h decide
 * and store).
 *
 *   POST /api/v1/entries              api_entries_create (entry_own, entry_for)
 *   GET  /api/v1/users/{id}/rights    api_users_rights
 *   POST /api/v1/users/{id}/rights    api_users_grant_right (right_grant) */
#ifndef CORRCHESS_API_ENTRIES_H
#define CORRCHESS_API_ENTRIES_H

#include "api/api.h"

/* -> {"rights": [{"class", "until" (null: no end), "why"}], "first_timer",
 * "running": [{"tournament", "class", "score", "games",
 * "relegation_risk_gone"}], "may_enter_further_group"}: the EMT classes
 * he may enter today and his running groups (6.5.1.2, R25). */
int api_users_rights(struct app *app, struct api_req *rq, struct api_resp *rs);

/* {"class", "player"?} (a player for himself; the class's TL or an admin
 * for another) -> 201 {"id", "player", "class", "tournament"}: 422
 * no_right, relegation_risk; 409 already_entered; the 7th waiting entry
 * of a class (not DM) starts a group of those seven at once (DSU
 * 6.5.1.1), led by the class's TL. */
int api_entries_create(struct app *app, struct api_req *rq, struct api_resp *rs);

/* {"class", "until", "source": "international"|"tl"} -> 201 as GET
 * .../rights: an entry right the server cannot compute (DSU 6.5.3.2c
 * international play, 6.5.3.2e); an admin's, never to himself. */
int api_users_grant_right(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
