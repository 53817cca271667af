/* api/federation.h: the federation's endpoints of issue 22 (docs/API.md
 * "Members", "Sanctions and appeals"; svc/svc_fed.h decides and stores):
 *
 *   GET  /api/v1/users/{id}/member                     api_members_get
 *   PUT  /api/v1/users/{id}/member                     api_members_put
 *   GET  /api/v1/users/{id}/register                   api_register_get
 *   POST /api/v1/entries/{id}/fee                      api_entries_fee
 *   POST /api/v1/tournaments/{id}/decisions/{n}/appeals  api_appeals_create
 *   GET  /api/v1/appeals                               api_appeals_list
 *   POST /api/v1/appeals/{id}/ruling                   api_appeals_rule
 *   PUT  /api/v1/tournaments/{id}/tl                   api_tournaments_tl_put */
#ifndef CORRCHESS_API_FEDERATION_H
#define CORRCHESS_API_FEDERATION_H

#include "api/api.h"
#include "store/store_tournaments.h"

int api_members_get(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_members_put(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_register_get(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_entries_fee(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_appeals_create(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_appeals_list(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_appeals_rule(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_tournaments_tl_put(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_editions_put(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_captains_put(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_connection_losses_create(struct app *app, struct api_req *rq, struct api_resp *rs);

/* The open connection losses (DSU 6.8.1) of the tournaments u leads (an
 * admin: all; tournament > 0: that one) as of today, for the TL overview
 * (new array, or NULL on a database error). */
json_t *api_connection_losses_json(struct app *app, const struct user *u, int64_t tournament,
                                   int32_t today);
int api_reserves_create(struct app *app, struct api_req *rq, struct api_resp *rs);
int api_reserves_approve(struct app *app, struct api_req *rq, struct api_resp *rs);

/* Adds "captain" (id|null) and "reserves" ([RESERVE]) to team j of
 * tournament t (DSU 6.7.2.2, 6.7.4.3).  0, or -1. */
int api_team_fields(struct app *app, int64_t t, const char *team, json_t *j);

/* Adds "edition" to the TOURNAMENT j of t when it is a DM or a cup (DSU
 * 6.5.2, 6.6.3): {"in_season", "warning", "kc_start"}.  0, or -1. */
int api_edition_field(struct app *app, const struct store_tournament *t, json_t *j);

/* Adds "member" (MEMBER) to USER u when viewer may see user id's member
 * fields (docs/AUTHORITY.md member_read).  0, or -1 (the database). */
int api_members_field(struct app *app, const struct user *viewer, int64_t id, json_t *u);

/* DSU 4.5.5.1 items 4-5: 1 when user is on the rating list today, 0 when
 * his last rated result is more than 3 years old (off the list, the
 * rating kept), -1 on a database error. */
int api_rating_listed(struct app *app, int64_t user);

/* Adds "rating_list": {"status", "last_rated"} to USER u of user id. 0 or -1. */
int api_rating_list_field(struct app *app, int64_t id, json_t *u);

/* Reads the member fields of obj (MEMBER keys, each optional, null
 * clears) into m and given[] (membership, member_no, club, birth_date):
 * 0, or an error response and -1. */
struct store_memberinfo;
int api_member_read(struct app *app, json_t *obj, struct store_memberinfo *m, bool given[4],
                    struct api_resp *rs);

/* The ENTRY answer of svc/svc_entries.h's struct (new). */
struct svc_entered;
json_t *api_entry_json(const struct svc_entered *e);

/* The appeals of a decision, for the TOURNAMENT's decisions (new array). */
json_t *api_decision_appeals(struct app *app, int64_t decision);

#endif
