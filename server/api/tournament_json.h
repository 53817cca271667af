/* tournament_json.h: the TOURNAMENT object of docs/API.md, written from
 * a tournament as svc/svc_tournaments.h reads it: its games, standings
 * (DSU tie rules), entry and cup rights, teams, withdrawals, DM play-off,
 * cup stages and decisions. */
#ifndef CORRCHESS_API_TOURNAMENT_JSON_H
#define CORRCHESS_API_TOURNAMENT_JSON_H

#include "api/api.h"
#include "api/kept.h"
#include "svc/svc_tournaments.h"

/* Answers with TOURNAMENT id (status 200 or 201), or its error (404 when
 * there is none). */
int api_tournament_respond(struct app *app, int64_t id, int status, struct api_resp *rs);

/* The kept TOURNAMENT answers' counts (GET /metrics). */
void api_tournament_kept_stats(struct kept_stats *out);

/* The kind as docs/API.md names it: "dm" for the DM, else the stored
 * kind (static storage of t). */
const char *api_tournament_kind(const struct store_tournament *t);

#endif
