/* rules.h: the rule endpoints of issue 9 (API.md "Moves"; DSU 6.3.6.2,
 * 4.7; docs/RULES.md): a notice of a longer think, a reminder the
 * waiting player posted, and the TL's tools (penalty days, a corrected
 * move date, the audit lines of a game, the holiday play-on agreement).
 * Each game handler is parse -> load -> lib/corr operation -> apply ->
 * render; a refused request changes nothing. */
#ifndef CORRCHESS_API_RULES_H
#define CORRCHESS_API_RULES_H

#include "api/api.h"

/* POST /api/v1/games/{id}/notice {"days"} (the player to move) -> 201 GAME */
int api_rules_notice(struct app *app, struct api_req *rq, struct api_resp *rs);
/* POST /api/v1/games/{id}/reminder {"sent"?} (the waiting player, postal) -> 201 GAME */
int api_rules_reminder(struct app *app, struct api_req *rq, struct api_resp *rs);
/* POST /api/v1/games/{id}/penalty {"color", "days", "reason"} (tl) -> 201 GAME */
int api_rules_penalty(struct app *app, struct api_req *rq, struct api_resp *rs);
/* PATCH /api/v1/games/{id}/moves/{ply} {"received"?, "sent"?, "reason"} (tl) -> 200 GAME */
int api_rules_move_dates(struct app *app, struct api_req *rq, struct api_resp *rs);
/* GET /api/v1/games/{id}/audit (tl) -> 200 {"audit": [...], "next"} */
int api_rules_audit(struct app *app, struct api_req *rq, struct api_resp *rs);
/* POST /api/v1/games/{id}/holiday_play {"agreed", "reason"} (tl) -> 200 GAME */
int api_rules_holiday_play(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
