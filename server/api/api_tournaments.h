/* tournaments.h: the Tournaments endpoints of docs/API.md that make,
 * read and list tournaments (DSU 6.5-6.7); the others are in
 * tl_decisions.c (withdrawals, play-off, publication, decisions),
 * api/cup_stages.h (the cup's next stage), entries.c (entries and
 * rights) and api/classes.h (the classes' settings).
 *
 *   POST /api/v1/tournaments        api_tournaments_create (tournament_create)
 *   GET  /api/v1/tournaments        api_tournaments_list
 *   GET  /api/v1/tournaments/{id}   api_tournaments_get
 *
 * Each handler parses and renders only: who may, the rules and the
 * writes are svc's (svc/svc_tournaments.h, docs/AUTHORITY.md). */
#ifndef CORRCHESS_API_TOURNAMENTS_H
#define CORRCHESS_API_TOURNAMENTS_H

#include "api/api.h"

/* POST /api/v1/tournaments {"name", "kind", "profile", "start_date",
 * "players": [id...]} or, for kind "team", "teams": [{"name", "players":
 * [4 ids]}] -> 201 TOURNAMENT with all games created. */
int api_tournaments_create(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/tournaments/{id} (id in rq->ids[0]) -> 200 TOURNAMENT. */
int api_tournaments_get(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/tournaments -> 200 {"tournaments": [...]}, newest first. */
int api_tournaments_list(struct app *app, struct api_req *rq, struct api_resp *rs);

/* True when u may act on a tournament led by tl (DSU 6.1.3): an admin on
 * every one, a tl only on those he leads (what the TL overview shows). */
bool api_tournaments_may_lead(const struct user *u, int64_t tl);

/* A tournament's, a team's or a decision's name: 1..TOURNAMENT_NAME_MAX
 * bytes, not blank, no control characters or bidi overrides (it goes into
 * each game's event and the PGN; lib/util/names.h).  0, or a 422 -
 * bad_name, or invalid_field when too long, naming `what` - and -1. */
int api_tournament_name_check(const char *name, const char *what, struct api_resp *rs);

#endif
