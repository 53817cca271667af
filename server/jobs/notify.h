/* jobs/notify.h: the mail of issue 13 written with its event
 * (docs/NOTIFY.md).
 *
 * Each notify_* event function runs inside the caller's transaction (the
 * one that stores the move, the vacation, the result ...), reads what it
 * needs on the same connection, renders the texts with lib/notify in
 * each reader's language, and queues them: to the outbox (mail setting
 * `each`, or a mail that cannot be turned off), as a digest section
 * (`digest`), or not at all (`off`).  The caller commits, then calls
 * outbox_wake().  Each returns 0, or -1 on a database error (the caller
 * rolls back: no event without its mail). */
#ifndef CORRCHESS_JOBS_NOTIFY_H
#define CORRCHESS_JOBS_NOTIFY_H

#include <stdbool.h>
#include <stdint.h>

#include "api/api.h"
#include "api/game_json.h"
#include "notify/notify.h"
#include "store/notify.h"

/* A move was stored in game id: the move mail to the player now to move,
 * or, when the move ended the game, the result (notify_ended()). */
int notify_moved(struct app *app, int64_t game_id, const char *today);

/* Game id has ended (its row says how): the result to both players, and
 * the report to the TLs (DSU 6.2.6, 6.8.9). */
int notify_ended(struct app *app, int64_t game_id, const char *today);

/* The player `by` offers a draw in game id: a mail to the opponent. */
int notify_draw_offered(struct app *app, int64_t game_id, int64_t by, const char *today);

/* user booked a vacation (or was granted special leave) from first to
 * last, noticed on `notice`: the notice to every remaining opponent,
 * one mail each with all his games against him (DSU 6.3.6.1, 6.8.8). */
int notify_vacation(struct app *app, int64_t user, int32_t first, int32_t last, int32_t notice,
                    bool special, const char *today);

/* The start letter of tournament id to each of its players (DSU
 * 6.5.2.1). */
int notify_tournament_started(struct app *app, int64_t id, const char *today);

/* The sweep's look at one active game: the time-trouble alarm, once per
 * control, when the player to move has used 80% of the allowance of his
 * next control.  Its own transaction.  1 when an alarm was queued, 0 when
 * none, -1. */
int notify_sweep_game(struct app *app, const struct games_game *g, const char *today);

/* The daily digests: every user's waiting sections joined into one mail
 * each (its own transaction per user); *queued counts them.  0 or -1. */
int notify_flush_digests(struct app *app, const char *today, int *queued);

/* One event to one reader, by his setting (see the top); side: his
 * colour in the game, NOTIFY_TL, or -1.  0 or -1. */
int notify_deliver(struct app *app, const struct store_contact *to, int side,
                   const struct notify_event *ev, const char *today);

/* The user's key (made on first use, from libsodium's random bytes):
 * 0, 1 no such user, -1. */
int notify_key(struct app *app, int64_t user, enum store_key which, char out[STORE_KEY_LEN]);

/* The user's calendar feed as of today (lib/export/ical) into *feed
 * (new).  0; 1 no such user; -1 with err. */
int notify_calendar(struct app *app, int64_t user, const char *today, char **feed, char *err,
                    size_t errlen);

/* A new Message-ID "<corrchess.HEX@DOMAIN>" (DOMAIN from mail_from). */
void notify_message_id(const struct app *app, char out[160]);

#endif
