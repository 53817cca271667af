/* outbox.h: delivering the mail outbox (docs/NOTIFY.md "Delivery").
 *
 * Mail is written to mail_outbox in the transaction of its event; a
 * sender then claims one row at a time (store_outbox_claim(): never two
 * senders on one row), sends it with its fixed Message-ID, and marks it
 * sent, or records the error and tries again later with a backoff that
 * doubles from mail_retry seconds up to an hour.  The daemon runs a
 * sender thread (outbox_start()); the daily sweep flushes the outbox too
 * (outbox_flush()).  A crash between the send and the mark sends the
 * mail again once the claim has lapsed, with the same Message-ID, so the
 * receiving side can drop the duplicate. */
#ifndef CORRCHESS_OUTBOX_H
#define CORRCHESS_OUTBOX_H

#include <stdbool.h>

#include "base/app.h"

#define OUTBOX_LEASE       300 /* seconds a claim holds (a send times out after 75) */
#define OUTBOX_MAX_BACKOFF 3600

/* Sends every mail that is due now (any_time: every waiting mail, its
 * backoff or not: the daily sweep), one claim at a time, each tried once;
 * counts what was sent and what failed.  Without smtp_url nothing is
 * claimed (the mails wait).  Returns 0, or -1 on a database error. */
int outbox_flush(struct app *app, bool any_time, int *sent, int *failed);

/* Starts the daemon's sender thread.  When woken and every second it
 * first runs the queued account work (svc_accounts_run(): reset requests
 * and login alarms make their rows here, issue 20), then flushes the
 * outbox (nothing is sent without smtp_url: the mails wait).  A sent
 * reset mail keeps its row without its link.  0, or -1 when the thread
 * cannot start. */
int outbox_start(struct app *app);

/* Stops the sender thread after its current mail; a no-op when none. */
void outbox_stop(void);

/* The seconds to wait after the n-th failed try (n >= 1): base * 2^(n-1),
 * at most OUTBOX_MAX_BACKOFF. */
long outbox_backoff(long base, int n);

#endif
