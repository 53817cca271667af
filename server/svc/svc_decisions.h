/* svc/svc_decisions.h: a tournament leader's decisions on a tournament
 * (docs/API.md "Tournaments", docs/TOURNAMENTS.md), each by the TL who
 * leads it or an admin (docs/AUTHORITY.md rows withdrawal, playoff,
 * publication, decision), each the path of svc/svc_tournaments.h.  Every
 * command answers o->status and fills *o. */
#ifndef CORRCHESS_SVC_DECISIONS_H
#define CORRCHESS_SVC_DECISIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "store/store_tournaments.h"
#include "svc/svc.h"
#include "svc/svc_tournaments.h"

/* Loads tournament id into a new *t: SVC_OK (release it with
 * svc_tournament_put()), or the outcome (*t NULL).  The first step of
 * every command on a tournament here and in svc/svc_fed.c. */
int svc_tournament_get(struct app *app, int64_t id, struct svc_tournament **t,
                       struct svc_outcome *o);
void svc_tournament_put(struct svc_tournament *t);

/* A date `text` of field `what` that is not after today: SVC_OK and
 * *day, or a refusal (422 invalid_date). */
int svc_past_day(const struct app *app, const char *text, const char *what, int32_t *day,
                 struct svc_outcome *o);

/* POST .../withdrawals: player withdraws from tournament id, reason
 * "valid", "invalid" or "silent" (the TL's ruling, DSU 6.2.8), on day `on`
 * (NULL: today; never after today).  At most half his games finished: all
 * of them are scored as lost (6.2.8), through the TL result of lib/corr,
 * in one transaction with the record; otherwise the unfinished ones are
 * left for adjudication.  Its parties (docs/AUTHORITY.md rule 3) are the
 * player and every opponent whose game it rescores: a TL who is one of
 * them is refused (own_game).  The groups are rated again after it. */
int svc_withdrawal(struct app *app, const struct user *who, int64_t id, int64_t player,
                   const char *reason, const char *on, struct svc_outcome *o);

/* POST .../playoff: the DM play-off (6.5.2c, R33c): p->games by user id
 * with their results (two tied players: 2 games, one with each colour;
 * three or more: any format among them, I-3), or p->agree_to_share.  Its
 * parties are the players tied for 1st. */
int svc_playoff(struct app *app, const struct user *who, int64_t id, const struct store_playoff *p,
                struct svc_outcome *o);

/* POST .../publication: the day `on` (not after today) the results of
 * finished tournament id were published (R12-R13). */
int svc_publication(struct app *app, const struct user *who, int64_t id, const char *on,
                    struct svc_outcome *o);

/* POST .../decisions: a decision `about` notified to the players on
 * `notified_on` (not after today; R19: appeal within 3 weeks). */
int svc_decision(struct app *app, const struct user *who, int64_t id, const char *notified_on,
                 const char *about, struct svc_outcome *o);

#endif
