/* store/health.h: what GET /healthz and GET /metrics read from the
 * database (API.md "Operations"). */
#ifndef CORRCHESS_STORE_HEALTH_H
#define CORRCHESS_STORE_HEALTH_H

#include "store/store.h"

/* STORE_OK when the database answers a read (the migrations table), or
 * STORE_ERROR. */
int store_health_ping(store *s);

/* Active games, mails not sent yet, and of those the ones whose last
 * attempt failed: STORE_OK or STORE_ERROR.  Cost: three counts (the
 * outbox has a partial index on unsent mail). */
int store_health_gauges(store *s, long *active_games, long *mails_queued, long *mails_failed);

#endif
