/* store/store_notify.h: the tables of issue 13's mail (migration 0008): the
 * users' mail settings and secret keys, the outbox as senders claim it,
 * the digest sections, and the once-only alarms (docs/NOTIFY.md).
 *
 * Every function runs on the calling thread's connection, inside the
 * caller's transaction when there is one, and answers enum store_status
 * (STORE_ERROR is logged). */
#ifndef CORRCHESS_STORE_NOTIFY_H
#define CORRCHESS_STORE_NOTIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store.h"
#include "store/store_users.h"

#define STORE_KEY_LEN 33 /* 32 hex digits and the NUL */

/* A person mail goes to, with his settings. */
struct store_reader {
	int64_t id;
	char name[STORE_NAME_MAX];
	char email[STORE_EMAIL_MAX];
	char role[STORE_ROLE_MAX];           /* player, tl, admin */
	char mail[8];                        /* each, digest, off */
	char language[4];                    /* da, en */
	char unsubscribe_key[STORE_KEY_LEN]; /* "" while he has none */
};

enum store_key {
	STORE_KEY_CALENDAR,    /* users.calendar_key */
	STORE_KEY_UNSUBSCRIBE, /* users.unsubscribe_key */
};

/* User id as a reader: STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_notify_reader(store *s, int64_t id, struct store_reader *r);

/* Who gets the TL's copy of a mail about game game_id (DSU 6.1.3,
 * docs/AUTHORITY.md), never a competitor: the game's leader (its
 * tournament's TL, else the TL who made it) alone; when he plays the game
 * himself, every admin who does not; when nobody leads it (or game_id is
 * 0), every tl, else every admin, who plays neither the game nor in its
 * tournament.  At most max, in id order: STORE_OK and *n, or STORE_ERROR. */
int store_notify_tls(store *s, int64_t game_id, struct store_reader *out, size_t max, size_t *n);

/* Sets the mail setting and/or the language (NULL: unchanged) of user
 * id (checked by the caller, and by the table's CHECK): STORE_OK,
 * STORE_NOT_FOUND or STORE_ERROR. */
int store_notify_set_prefs(store *s, int64_t id, const char *mail, const char *language);

/* The key of user id into out ("" when he has none yet): STORE_OK,
 * STORE_NOT_FOUND or STORE_ERROR. */
int store_notify_get_key(store *s, int64_t id, enum store_key which, char out[STORE_KEY_LEN]);

/* Gives user id the key `fresh` unless he has one; then reads the key he
 * has into out.  STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_notify_make_key(store *s, int64_t id, enum store_key which, const char *fresh,
                          char out[STORE_KEY_LEN]);

/* ---- the outbox ---- */

struct store_outbox_row {
	const char *to, *subject, *body;
	const char *message_id;   /* "<...@...>" */
	const char *kind;         /* notify_kind_name(), NULL for none */
	int64_t user;             /* 0 = none */
	const char *unsubscribe;  /* List-Unsubscribe URL, NULL = none */
	int64_t event;            /* sweep_events.id, 0 = none */
	const char *today;        /* created_on */
	const char *queued_event; /* notify_pack()'s text, subject and body "" (migration
	                             0043); NULL = a rendered mail */
};

/* Queues one mail, inside the caller's transaction: STORE_OK and *id, or
 * STORE_ERROR. */
int store_outbox_add(store *s, const struct store_outbox_row *r, int64_t *id);

/* A mail claimed for sending (strings new; store_outbox_claimed_free()). */
struct store_outbox_claimed {
	int64_t id;
	char *to, *subject, *body;
	char *message_id, *unsubscribe; /* NULL when the row has none */
	char *kind;                     /* notify_kind_name(), NULL when the row has none */
	char *queued_event;             /* to be rendered (migration 0043), NULL when none */
	int attempts;                   /* with this one */
};

/* Claims the oldest unsent mail after id `after` that is due (next_try
 * <= now, unless any_time: the daily sweep tries every waiting mail) and
 * not claimed by another sender, for lease seconds, in one statement: two
 * senders (threads or processes) never get the same row.  STORE_OK (into
 * *m), STORE_NOT_FOUND (none due) or STORE_ERROR. */
int store_outbox_claim(store *s, int64_t now, int lease, bool any_time, int64_t after,
                       struct store_outbox_claimed *m);

void store_outbox_claimed_free(struct store_outbox_claimed *m);

/* Marks mail id refused for good (an SMTP 5xx, issue 20): it is never
 * claimed again; error is kept.  STORE_OK or STORE_ERROR. */
int store_outbox_refused(store *s, int64_t id, const char *error);

/* The outbox at a glance (`corrchess mail-status`, /metrics). */
struct store_outbox_status {
	int64_t waiting;  /* not sent, not refused */
	int64_t retrying; /* of those, tried and failed at least once */
	int64_t refused;  /* refused for good (5xx): not tried again */
	int64_t sent;
};
struct store_outbox_refusal {
	int64_t id;
	char to[256];
	char at[32];     /* when it was refused, UTC */
	char error[512]; /* the relay's answer */
};

/* Fills *o, and up to max of the newest refusals into v (*n of them).
 * STORE_OK or STORE_ERROR. */
int store_outbox_status(store *s, struct store_outbox_status *o, struct store_outbox_refusal *v,
                        size_t max, size_t *n);

/* Marks mail id sent and unclaimed: STORE_OK or STORE_ERROR. */
int store_outbox_done(store *s, int64_t id);

/* store_outbox_done(), and the row keeps the text it was sent with:
 * body, and subject unless NULL (issue 20: a sent reset mail keeps its
 * row for the record, without its link; migration 0043: a mail queued
 * as its event gets the text it was rendered to, and the event goes). */
int store_outbox_done_text(store *s, int64_t id, const char *subject, const char *body);

/* Records a failed try of mail id: its error, unclaimed, due again at
 * next_try (unix seconds).  STORE_OK or STORE_ERROR. */
int store_outbox_retry(store *s, int64_t id, const char *error, int64_t next_try);

/* Drops the bodies of at most max mails sent before day `before`
 * (YYYY-MM-DD), oldest first, keeping their rows (purged_on = today),
 * inside the caller's transaction.  STORE_OK and *n (how many), or
 * STORE_ERROR. */
int store_outbox_purge(store *s, const char *before, const char *today, size_t max, size_t *n);

/* The number of unsent mails: STORE_OK and *n, or STORE_ERROR. */
int store_outbox_waiting(store *s, int64_t *n);

/* ---- digests ---- */

/* Keeps one section for user's next digest: STORE_OK or STORE_ERROR. */
int store_digest_add(store *s, int64_t user, const char *heading, const char *body,
                     const char *today);

/* The users with sections waiting, in id order (new array; NULL when
 * none): STORE_OK or STORE_ERROR. */
int store_digest_users(store *s, int64_t **users, size_t *n);

struct store_digest_item {
	int64_t id;
	char *heading, *body; /* new */
};

/* The oldest max sections waiting for user (new array; free it with
 * store_digest_items_free()): STORE_OK and *n, or STORE_ERROR. */
int store_digest_items(store *s, int64_t user, size_t max, struct store_digest_item **items,
                       size_t *n);

void store_digest_items_free(struct store_digest_item *items, size_t n);

/* Marks user's waiting sections up to id upto as sent in mail outbox (0:
 * dropped, he has no address): STORE_OK or STORE_ERROR. */
int store_digest_mark(store *s, int64_t user, int64_t upto, int64_t outbox);

/* ---- once per occasion ---- */

/* Records (game, user, kind, key) on today unless it is there: STORE_OK
 * when it is new, STORE_CONFLICT when known, STORE_ERROR. */
int store_notify_once(store *s, int64_t game_id, int64_t user, const char *kind, int64_t key,
                      const char *today);

/* STORE_OK when the sweep recorded a reminder (sweep_events) to user in
 * game when it had `ply` moves, STORE_NOT_FOUND, STORE_ERROR. */
int store_notify_reminded(store *s, int64_t game_id, int64_t user, int64_t ply);

/* ---- the start letter ---- */

struct store_letter_seat {
	int seat;
	int64_t user;
	char name[STORE_NAME_MAX], email[STORE_EMAIL_MAX];
	char postal[STORE_POSTAL_MAX]; /* users.postal_address, "" when none */
};

struct store_letter_pair {
	int64_t game, white, black; /* user ids */
};

/* Tournament id for its start letter: its name, start date and time
 * profile, all its seats (with their postal addresses) and games, in new
 * arrays (free() both; NULL when none).  STORE_OK, STORE_NOT_FOUND or
 * STORE_ERROR. */
int store_notify_tournament(store *s, int64_t id, char name[STORE_NAME_MAX], char start[11],
                            char profile[STORE_PROFILE_MAX], struct store_letter_seat **seats,
                            size_t *nseats, struct store_letter_pair **games, size_t *ngames);

#endif
