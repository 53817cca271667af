/* svc/svc_sweep.h: the sweep's write (docs/SWEEP.md): one finding of
 * lib/corr recorded once, with the game's end where the rules end it and
 * the mail it brings, in one transaction.  jobs/sweep.c finds what is due
 * and calls this for each finding. */
#ifndef CORRCHESS_SVC_SWEEP_H
#define CORRCHESS_SVC_SWEEP_H

#include <stdbool.h>
#include <stdint.h>

#include "corr/corr.h"
#include "store/store_games.h"
#include "svc/svc.h"

/* What a finding recorded did. */
struct svc_swept {
	bool ended;                   /* the sweep ended the game on time */
	char result[CORR_RESULT_MAX]; /* ... with this result */
	int queued;                   /* mails queued */
	bool stale;                   /* nothing stored, and g no longer matches the store: the
	                                 caller judges this game no further (the next sweep does) */
};

/* Records finding f of game g (loaded by the caller, who keeps it; g
 * follows what is stored: the reminder recorded, the game ended) as of
 * today (`now` its day number), as the server.  1 when it was new, 0 when
 * it was known already (g unchanged) or the game changed meanwhile
 * (r->stale), -1 on a database error (nothing stored; r->stale too). */
int svc_sweep_finding(struct app *app, struct store_game *g, const struct corr_finding *f,
                      const char *today, int32_t now, struct svc_swept *r);

#endif
