/* svc/svc_deadlines.h: the dates of a game kept with every change of it
 * (docs/DEADLINES.md): computed by lib/corr corr_deadlines() from the game
 * in memory and stored by store/store_deadlines.c in the change's transaction. */
#ifndef CORRCHESS_SVC_DEADLINES_H
#define CORRCHESS_SVC_DEADLINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "corr/corr_deadlines.h"
#include "store/store.h"

/* The dates of g into d (room for CORR_DEADLINES_MAX): their number, 0
 * for a finished game, -1 for an active game whose clocks fail (stored
 * as one "recheck" row).  Pure: no I/O. */
int svc_deadlines_of(const struct corr_game *g, struct corr_deadline *d);

/* svc_deadlines_of() from now, corr_clock() of g on some day, when the
 * caller has it (corr_deadlines_from()); now NULL: svc_deadlines_of(). */
int svc_deadlines_from(const struct corr_game *g, const struct clock_result *now,
                       struct corr_deadline *d);

/* Loads game id inside the caller's write transaction (it sees what the
 * transaction wrote) and stores its dates: for a game just inserted, or
 * whose stops changed.  A missing game has none.  STORE_OK or STORE_ERROR.
 * Cost: one load (a replay of the game). */
int svc_deadlines_reload(store *s, int64_t id);

/* A period of user (a vacation, special leave) was stored or changed:
 * each of his active games (of tournament, 0: all) changed its clocks, so
 * its revision is bumped (a write computed before it is refused as stale)
 * and its dates stored again, inside the caller's write transaction.
 * STORE_OK or STORE_ERROR. */
int svc_deadlines_stops_changed(store *s, int64_t user, int64_t tournament);

/* The games of an older database queued by migration 0012 get their
 * dates, in transactions of up to 500 games; *n: how many.  Run once by
 * the programs after store_open().  STORE_OK or STORE_ERROR. */
int svc_deadlines_fill(store *s, size_t *n);

/* `corrchess check-deadlines`: the stored dates of game id against its
 * dates now (store_deadlines_verify()); fix rewrites them (inside the
 * caller's transaction).  STORE_OK, STORE_CONFLICT (diff says how) or
 * STORE_ERROR. */
int svc_deadlines_verify(store *s, int64_t id, bool fix, char *diff, size_t difflen);

#endif
