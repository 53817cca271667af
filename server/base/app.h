/* app.h: what every request and job works with - the settings and the
 * database.  Built by the programs (server/cmd), passed down; borrowed
 * everywhere. */
#ifndef CORRCHESS_APP_H
#define CORRCHESS_APP_H

#include "base/config.h"
#include "base/metrics.h"
#include "base/throttle.h"

/* The database (server/store/store.h); opaque here, so base/ includes
 * nothing from the layers above it.  C11 allows the typedef twice. */
typedef struct store store;

struct app {
	struct config *cfg; /* borrowed */
	store *st;          /* borrowed */
	int session_days;   /* how long a sign-in lasts */
	throttle *logins;   /* failed-login counts (the daemon's; NULL: none kept) */
	metrics *metrics;   /* the daemon's counters for /metrics, or NULL */
	/* Called after a commit that queued mail (svc_mail_queued()): the
	 * daemon's outbox sender sets it to wake itself (jobs/outbox.c), so
	 * the layers below jobs/ need not call up.  NULL: nobody to wake. */
	void (*mail_queued)(void);
	/* 1 once the daemon's start-up is done (migrations, the deadline
	 * fill, the threads): GET /healthz says "ready" (issue 19); 0 before,
	 * -1 once it stops. */
	_Atomic int ready;
};

#endif
