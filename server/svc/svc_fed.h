/* svc/svc_fed.h: the federation's year around the groups (issue 22;
 * docs/TOURNAMENTS.md "Members", "Sanctions", "Appeals"): a member's
 * fields, a sanction and the register it enters (DSU 6.4.2, 4.1.1 §19),
 * an appeal and its ruling (6.4.3, 6.8.10), a tournament's TL named by
 * the KC (6.1.3).  Each command: load -> auth_check() -> the lib rule ->
 * svc_write(); every one answers o->status and fills *o. */
#ifndef CORRCHESS_SVC_FED_H
#define CORRCHESS_SVC_FED_H

#include <stdbool.h>
#include <stdint.h>

#include "store/store_federation.h"
#include "svc/svc.h"
#include "rating/rating_register.h"
#include "tourney/dsu_fed.h"

/* GET users/{id}/member: user id's member fields, for himself, a TL, the
 * kc or an admin (member_read).  SVC_NOT_FOUND for no such user. */
int svc_member_get(struct app *app, const struct user *who, int64_t id, struct store_memberinfo *m,
                   struct svc_outcome *o);

/* Whether who may read user id's member fields (no outcome): 1 yes, 0 no. */
bool svc_member_visible(const struct user *who, int64_t id);

/* PUT users/{id}/member: the fields given (given[i] for membership,
 * member_no, club, birth_date; "" clears one), checked by the caller for
 * their form; member_set. */
int svc_member_set(struct app *app, const struct user *who, int64_t id,
                   const struct store_memberinfo *m, const bool given[4], struct svc_outcome *o);

#define SVC_REGISTER_MAX 64 /* sanctions of one player looked at */

/* One line of a player's register as 4.1.1 §19 applies it. */
struct svc_register_line {
	struct store_sanction s;
	bool applied; /* it enters the register (an exclusion with months
	                 does as a quarantine; one without does not) */
	struct dsu_sanction_applied a;
	bool overturned;  /* an appeal overturned it: not in the register */
	bool suspended;   /* its appeal to Skaknævnet suspends it (6.4.3) */
	bool in_register; /* still registered on the day asked */
};

struct svc_register {
	size_t n;
	struct svc_register_line line[SVC_REGISTER_MAX];
	int quarantined; /* the line of the quarantine in force on the day, or -1 */
};

/* The register of user on day (no authority: the entries ask it). */
int svc_register_of(struct app *app, int64_t user, int32_t day, struct svc_register *r,
                    struct svc_outcome *o);

/* GET users/{id}/register (register_read), as of today. */
int svc_register_read(struct app *app, const struct user *who, int64_t id, struct svc_register *r,
                      struct svc_outcome *o);

/* POST tournaments/{id}/decisions with a kind other than "ruling": the
 * sanction of player (a player of tournament id) by its TL or the kc
 * (sanction, DSU 6.4.2), notified on `on` (not after today): a warning
 * (no months), a quarantine (months 1..120), an exclusion (months 0: no
 * quarantine with it, else 1..120).  *id the decision's id. */
int svc_sanction(struct app *app, const struct user *who, int64_t tournament, int64_t player,
                 const char *kind, int months, const char *on, const char *about, int64_t *id,
                 struct svc_outcome *o);

/* POST tournaments/{id}/decisions/{n}/appeals: appellant (0: the actor)
 * appeals decision n of tournament id on `filed` (NULL: today) with his
 * grounds (appeal).  To the KC against a TL's decision, to Skaknævnet
 * against the KC's own or against the KC's ruling on an earlier appeal
 * (DSU 6.4.3: "I hvert led"), each within 3 weeks of its notice (422
 * too_late).  *out the appeal. */
int svc_appeal(struct app *app, const struct user *who, int64_t tournament, int64_t decision,
               int64_t appellant, const char *grounds, const char *filed, struct store_appeal *out,
               struct svc_outcome *o);

/* POST appeals/{id}/ruling: the KC's ruling ("upheld", "overturned",
 * "changed" with months for a quarantine) on a pending appeal, or
 * Skaknævnet's as the KC records it (appeal_rule); mailed to the
 * appellant, the sanctioned player and the tournament's TL in their
 * language. */
int svc_appeal_rule(struct app *app, const struct user *who, int64_t id, const char *ruling,
                    const char *text, int months, struct store_appeal *out, struct svc_outcome *o);

/* PUT tournaments/{id}/tl: the KC (or an admin) names tl (a tl or an
 * admin; 422 not_a_tl) the TL of tournament id (tournament_tl_set). */
int svc_tournament_tl_set(struct app *app, const struct user *who, int64_t id, int64_t tl,
                          struct svc_outcome *o);

/* ---- the team championship (DSU 6.7.2.2, 6.7.4.3, 6.7.6.1) ---- */

#define SVC_RESERVES_MAX 2 /* 6.7.4.3: "op til 2 reserver på et hold" */

/* PUT tournaments/{id}/captains: user captains team (a team of team
 * tournament id), named by its TL (captain_set). */
int svc_captain_set(struct app *app, const struct user *who, int64_t id, const char *team,
                    int64_t user, struct svc_outcome *o);

/* POST tournaments/{id}/reserves: the team's captain (or its TL) asks
 * that reserve (no player of the tournament) continue original's games
 * (a player of that team not replaced yet), the 14-day stop from
 * stop_from (NULL: today; not before today): pending until the TL
 * approves it.  At most 2 a team (422 too_many_reserves). */
int svc_reserve_request(struct app *app, const struct user *who, int64_t id, const char *team,
                        int64_t original, int64_t reserve, const char *stop_from,
                        struct store_reserve *out, struct svc_outcome *o);

/* POST reserves/{id}/approval: the TL's prior approval (reserve_approve):
 * the original's unfinished games pass to the reserve on the same seat,
 * and the 14 days from the stop's first day are booked as special leave
 * of the reserve in this tournament (his opponents and the TL told, DSU
 * 6.7.4.3).  *leave_ok says whether the stop was booked (else leave_why). */
int svc_reserve_approve(struct app *app, const struct user *who, int64_t id,
                        struct store_reserve *out, bool *leave_ok, char *leave_why, size_t whylen,
                        struct svc_outcome *o);

/* ---- e-mail connection loss (DSU 6.8.1, I-15) ---- */

/* A connection loss as the TL tracks it. */
struct svc_connection_loss {
	struct store_connection_loss c;
	int32_t restore_by, withdrawn_from; /* DSU_NO_DATE when not (yet) */
	bool propose_withdrawal;            /* today is on or after withdrawn_from */
};

/* POST tournaments/{id}/connection-losses: the TL records the day player
 * reported his lost connection (lost, not after today), or with only
 * restored (lost NULL) its restoration (connection_loss).  Refused in a
 * postal tournament (422 not_email: 6.8.1 is e-mail play), for a second
 * open loss (409 already_lost), a restoration without one (404). */
int svc_connection_loss(struct app *app, const struct user *who, int64_t id, int64_t player,
                        const char *lost, const char *restored, struct svc_connection_loss *out,
                        struct svc_outcome *o);

/* The dates of c as of today (dsu_connection_lost()). */
void svc_connection_loss_dates(const struct store_connection_loss *c, int32_t today,
                               struct svc_connection_loss *out);

/* ---- the rating list (DSU 4.5.5.1 items 4-5) ---- */

/* user's place on the rating list today: *status, and last (11 bytes) the
 * day of his last rated result ("" none).  0, or -1 (the database). */
int svc_rating_list_status(struct app *app, int64_t user, int32_t today,
                           enum rating_list_status *status, char last[11]);

/* The season of tournament t's edition (a DM, 6.5.2; a cup's
 * preliminary round, 6.6.3): 0 when t is neither; else 1 with *in_season,
 * why (the warning when not) and kc_start (the start the KC fixed for
 * that year, "" when none). -1 on a database error. */
int svc_edition_of(struct app *app, const struct store_tournament *t, bool *in_season, char *why,
                   size_t whylen, char kc_start[11]);

/* PUT editions/{kind}-{year}: the KC (or an admin) fixes the start of
 * that year's DM ("dm") or cup ("cup") edition (edition_set): a
 * tournament of it starting that day is in season. */
int svc_edition_set(struct app *app, const struct user *who, const char *kind, int year,
                    const char *start, struct svc_outcome *o);

#endif
