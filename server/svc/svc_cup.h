/* svc/svc_cup.h: the cup's next stage (docs/API.md "Tournaments", DSU
 * 6.6.1.3-6.6.1.6), by the cup's TL or an admin (docs/AUTHORITY.md row
 * next_stage); the path of svc/svc_tournaments.h. */
#ifndef CORRCHESS_SVC_CUP_H
#define CORRCHESS_SVC_CUP_H

#include <stdint.h>

#include "svc/svc.h"

/* POST .../next-stage: from the finished groups of cup id's last stage,
 * those placed at or above its `advance` (all tied at the cut go on,
 * 6.6.1.4; a player through with both entries once, R44), after the
 * preliminary round the direct semifinal entries (6.6.1.6) and the TL's
 * add[0..nadd) (a semifinal only, I-29), into the next stage's groups by
 * lot (semifinal: 7s and 6s; final: one group), from today.  want: NULL
 * (the next one), "semifinal" or "final" (the final at once). */
int svc_next_stage(struct app *app, const struct user *who, int64_t id, const char *want,
                   const int64_t *add, int nadd, struct svc_outcome *o);

#endif
