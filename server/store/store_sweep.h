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

/* The settings of the sweep's connection while it writes (docs/
 * BENCHMARKS.md "The sweep, second pass"): its commits leave the WAL to
 * one checkpoint at its end instead of one inside every commit that
 * passes 1,000 pages (SQLite's automatic checkpoint: 80 fdatasyncs for
 * 10,000 events among a million games).  Where the daemon's
 * checkpointer took that work off the commits, nothing changes. */
struct store_sweep_settings {
	int autocheckpoint; /* the pages it had; 0: none held */
};
void store_sweep_settings_begin(store *s, struct store_sweep_settings *was);
/* After the sweep's last commit: the settings as they were and, when the
 * automatic checkpoint was held, one PASSIVE checkpoint (it waits for no
 * reader). */
void store_sweep_settings_end(store *s, const struct store_sweep_settings *was);

#endif
