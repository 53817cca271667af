/* svc/svc_notify.h: the mail of an event, composed with lib/notify and
 * queued by the command that makes the event
 * (docs/NOTIFY.md).
 *
 * Each event function runs inside the caller's write transaction (the
 * one that stores the move, the vacation, the result ...), reads what it
 * needs on the same connection, renders the texts with lib/notify in
 * each reader's language and queues them: to the outbox (mail setting
 * `each`, or a mail that cannot be turned off), as a digest section
 * (`digest`), or not at all (`off`).  The caller commits, then calls
 * outbox_wake().  Each returns 0, or -1 on a database error: the caller
 * rolls back, so there is no event without its mail.
 *
 * The commands on one game render their mail before the transaction
 * instead (svc_notify_prepare(), then svc_notify_queue() inside it): the
 * write lock then holds only the inserts. */
#ifndef CORRCHESS_SVC_NOTIFY_H
#define CORRCHESS_SVC_NOTIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/app.h"
#include "corr/corr.h"
#include "notify/notify.h"
#include "store/store_games.h"
#include "store/store_notify.h"

/* Delta d of game id was just stored (the state before it: was; the
 * game after it: after, or NULL to read it in the transaction): the move
 * mail to the player now to move, the result to both players (and the
 * report to the TLs in e-mail play, DSU 6.8.9), or the draw offer to the
 * opponent. */
int svc_notify_game_changed(struct app *app, const struct corr_state *was,
                            const struct store_game *after, int64_t id, const struct corr_delta *d,
                            const char *today);

/* The message text that the player of `side` (WHITE, BLACK) wrote in
 * game sg, to his opponent (a mail he can turn off). */
int svc_notify_message(struct app *app, const struct store_game *sg, int side, const char *text,
                       const char *today);

/* Mails rendered before their transaction (the move path: the write
 * lock holds only the inserts). */
struct svc_mail;
struct svc_mails {
	struct svc_mail *v;
	size_t n, cap;
};

/* What svc_notify_game_changed() would queue for delta d of game `after`
 * (the game with d applied, in memory; was: the state before), rendered
 * now, outside any transaction, into q (new; svc_mails_free() it).  The
 * readers and TLs are read as they are now.  0, or -1 on a database
 * error (q empty). */
int svc_notify_prepare(struct app *app, const struct corr_state *was,
                       const struct store_game *after, const struct corr_delta *d,
                       const char *today, struct svc_mails *q);

/* Writes the mails of q into the outbox (and the digests), inside the
 * caller's write transaction; a reader's first unsubscribe key is made
 * here.  0, or -1 on a database error (the caller rolls back). */
int svc_notify_queue(struct app *app, const struct svc_mails *q);

void svc_mails_free(struct svc_mails *q);

/* user booked a vacation (special: special leave was granted) from
 * first to last, noticed on `notice`, for the games of tournament (0: all
 * his games; issue 9, a postal vacation belongs to one): the notice to
 * every remaining
 * opponent, one mail each with all his games against the player (DSU
 * 6.3.6.1, 6.8.8). */
int svc_notify_vacation(struct app *app, int64_t user, int32_t first, int32_t last, int32_t notice,
                        bool special, int64_t tournament, const char *today);

/* The start letter of tournament id to each of its players (DSU
 * 6.5.2.1). */
int svc_notify_tournament_started(struct app *app, int64_t id, const char *today);

/* The mails of a sweep finding f of game sg (docs/SWEEP.md: who is
 * told), linked to sweep event `event`; `ended`: the result when the
 * sweep ended the game on time, else NULL.  The number of mails queued,
 * or -1. */
int svc_notify_finding(struct app *app, const struct store_game *sg, const struct corr_finding *f,
                       int64_t event, const char *ended, const char *today);

/* The sweep's look at one active game: the time-trouble alarm, once per
 * control, when the player to move has used 80% of the allowance of his
 * next control.  Its own transaction.  1 when an alarm was recorded, 0
 * when none was due, -1. */
int svc_notify_time_trouble(struct app *app, const struct store_game *sg, const char *today);

/* The daily digests: every user's waiting sections joined into one mail
 * each (a transaction per user); *queued counts them.  0 or -1. */
int svc_notify_flush_digests(struct app *app, const char *today, int *queued);

/* One event to one reader, by his setting; side: his colour in the game,
 * NOTIFY_TL, or -1; event: sweep_events.id or 0.  *queued (may be NULL)
 * is raised by the mails put in the outbox.  0 or -1. */
int svc_notify_deliver(struct app *app, const struct store_reader *to, int side,
                       const struct notify_event *ev, int64_t event, const char *today,
                       int *queued);

/* The mail of an outbox row queued as its event (migration 0043:
 * notify_pack()'s text) into *out, as it would have been rendered when it
 * was queued; the sender calls it.  0, or -1 with err (a text that does
 * not unpack or render: the row is refused, never sent half). */
int svc_notify_render_queued(const char *queued_event, struct notify_mail *out, char *err,
                             size_t errlen);

/* A new Message-ID "<corrchess.HEX@DOMAIN>", DOMAIN the MAIL_DOMAIN
 * placeholder that the domain of mail_from fills when the mail is sent
 * (base/mail_marks.h). */
void svc_notify_message_id(const struct app *app, char out[160]);

/* Sent mail keeps its row but drops its body once it was sent more than
 * mail_retention_days (default 30) before today (docs/NOTIFY.md
 * "Retention"), in transactions of up to 1,000 mails.  *purged counts
 * them.  0, or -1 on a database error. */
int svc_notify_purge(struct app *app, const char *today, long *purged);

/* The user's key (made on first use, from libsodium's random bytes):
 * STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int svc_notify_key(struct app *app, int64_t user, enum store_key which, char out[STORE_KEY_LEN]);

/* The user's calendar feed as of today (lib/export/ical) into *feed
 * (new).  0; 1 no such user; -1 with err. */
int svc_notify_calendar(struct app *app, int64_t user, const char *today, char **feed, char *err,
                        size_t errlen);

#endif
