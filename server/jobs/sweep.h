/* sweep.h: the daily job of API.md ("corrchess sweep"; docs/SWEEP.md).
 *
 * For every active game it records the findings of lib/corr
 * (corr_findings(): reminders and TL notices for a silent player, DSU
 * 6.3.4, 6.8.3; time forfeits, 6.3.3.3-6.3.3.5, 6.8.7; adjudication after
 * 18 months, 6.2.7) once each, queues their mail, and ends games lost on
 * time where the profile says so; then it sends the outbox.  The TL
 * overview shows the same findings live. */
#ifndef CORRCHESS_SWEEP_H
#define CORRCHESS_SWEEP_H

#include <stdio.h>

#include "base/app.h"

struct sweep_counts {
	int games, events[4], queued, sent, failed, skipped;
};

/* The daily job for today (YYYY-MM-DD).  One line per new event to out.
 * Returns 0, or 1 when a mail could not be sent or the database failed
 * (err says what; the work done stays done).  A game whose rows cannot
 * be read fails the run: it is never judged on part of its rows (its
 * vacations, say). */
int sweep_run(struct app *app, const char *today, FILE *out, struct sweep_counts *counts, char *err,
              size_t errlen);

#endif
