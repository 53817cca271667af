/* store/store_sweep.h: what the daily sweep found (sweep_events) and the mail
 * it sends (mail_outbox); docs/SWEEP.md. */
#ifndef CORRCHESS_STORE_SWEEP_H
#define CORRCHESS_STORE_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

/* Records an event once (the UNIQUE key of sweep_events), inside the
 * caller's write transaction: STORE_OK and *id when it is new,
 * STORE_CONFLICT when it was found before, STORE_ERROR. */
int store_sweep_event(store *s, int64_t game, const char *kind, int64_t user, int ply,
                      const char *due, const char *today, int64_t *id);

#endif
