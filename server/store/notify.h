/* store/notify.h: the tables of issue 13's mail (migration 0008): the
 * users' mail settings and secret keys, the outbox as senders claim it,
 * the digest sections, and the once-only alarms (docs/NOTIFY.md).
 *
 * Every function runs on the calling thread's connection (store_db()),
 * inside the caller's transaction when there is one.  Return values: 0
 * (or a count, or 1 = "yes"), -1 on a database error (logged by SQLite's
 * message in the caller's log line). */
#ifndef CORRCHESS_STORE_NOTIFY_H
#define CORRCHESS_STORE_NOTIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store.h"

#define STORE_KEY_LEN 33 /* 32 hex digits and the NUL */

/* A person mail goes to. */
struct store_contact {
	int64_t id;
	char name[128];
	char email[256];
	char role[8];     /* player, tl, admin */
	char mail[8];     /* each, digest, off */
	char language[4]; /* da, en */
};

enum store_key {
	STORE_KEY_CALENDAR,    /* users.calendar_key */
	STORE_KEY_UNSUBSCRIBE, /* users.unsubscribe_key */
};

/* The contact of user id: 0, 1 when there is no such user, -1. */
int store_notify_contact(store *s, int64_t id, struct store_contact *c);

/* The tournament leaders (role tl, or every admin when there is no tl),
 * at most max, in id order: their number, or -1. */
int store_notify_tls(store *s, struct store_contact *out, int max);

/* Sets the mail setting and/or the language (NULL: unchanged) of user
 * id; the values are checked by the caller (and by the table's CHECK).
 * 0, 1 when there is no such user, -1. */
int store_notify_set_prefs(store *s, int64_t id, const char *mail, const char *language);

/* The key of user id into out ("" when he has none yet): 0, 1 when there
 * is no such user, -1. */
int store_notify_get_key(store *s, int64_t id, enum store_key which, char out[STORE_KEY_LEN]);

/* Gives user id the key `fresh` unless he has one already; then reads
 * the key he has into out.  0, 1 no such user, -1. */
int store_notify_make_key(store *s, int64_t id, enum store_key which, const char *fresh,
                          char out[STORE_KEY_LEN]);

/* ---- the outbox ---- */

struct store_outbox_row {
	const char *to, *subject, *body;
	const char *message_id;  /* "<...@...>" */
	const char *kind;        /* notify_kind_name(), NULL for none */
	int64_t user;            /* 0 = none */
	const char *unsubscribe; /* List-Unsubscribe URL, NULL = none */
	int64_t event;           /* sweep_events.id, 0 = none */
	const char *today;       /* created_on */
};

/* Queues one mail: its id, or -1. */
int64_t store_outbox_add(store *s, const struct store_outbox_row *r);

/* A mail claimed for sending (strings new; store_outbox_mail_free()). */
struct store_outbox_mail {
	int64_t id;
	char *to, *subject, *body, *message_id, *unsubscribe;
	int attempts; /* with this one */
};

/* Claims the oldest unsent mail after id `after` that is due (next_try
 * <= now, unless any_time: the daily sweep tries every waiting mail) and
 * not claimed by another sender, for lease seconds, in one statement: two
 * senders never get the same row.  1 claimed (into *m), 0 none due, -1. */
int store_outbox_claim(store *s, int64_t now, int lease, bool any_time, int64_t after,
                       struct store_outbox_mail *m);

void store_outbox_mail_free(struct store_outbox_mail *m);

/* Marks mail id sent (and unclaimed): 0 or -1. */
int store_outbox_sent(store *s, int64_t id);

/* Records a failed try of mail id: its error, unclaimed, due again at
 * next_try (unix seconds).  0 or -1. */
int store_outbox_failed(store *s, int64_t id, const char *error, int64_t next_try);

/* The number of unsent mails, or -1. */
int64_t store_outbox_unsent(store *s);

/* ---- digests ---- */

/* Keeps one section for user's next digest: 0 or -1. */
int store_digest_add(store *s, int64_t user, const char *heading, const char *body,
                     const char *today);

/* The users with sections waiting, in id order (new array, *n of them;
 * NULL with *n = 0 when none), or -1. */
int store_digest_users(store *s, int64_t **users, size_t *n);

struct store_digest_item {
	int64_t id;
	char *heading, *body; /* new */
};

/* The oldest max sections waiting for user (new array; free it with
 * store_digest_items_free()): their number, or -1. */
int store_digest_items(store *s, int64_t user, int max, struct store_digest_item **items);

void store_digest_items_free(struct store_digest_item *items, int n);

/* Marks user's waiting sections up to id upto as sent in mail outbox:
 * 0 or -1. */
int store_digest_mark(store *s, int64_t user, int64_t upto, int64_t outbox);

/* ---- once per occasion ---- */

/* Records (game, user, kind, key) on today unless it is there: 1 new, 0
 * known, -1. */
int store_notify_once(store *s, int64_t game, int64_t user, const char *kind, int64_t key,
                      const char *today);

/* ---- what the texts and the feed need ---- */

/* The ids of user's active games in id order (new array; *n), or -1. */
int store_notify_active_games(store *s, int64_t user, int64_t **ids, size_t *n);

struct store_period {
	int64_t id;
	char start[11], end[11]; /* YYYY-MM-DD */
};

/* User's vacations and special leave (at most max, by start), or -1. */
int store_notify_vacations(store *s, int64_t user, struct store_period *out, int max);

struct store_seat {
	int seat;
	int64_t user;
	char name[128], email[256];
};

struct store_pair {
	int64_t game, white, black; /* user ids */
};

/* A tournament for its start letter: its name and start date, its seats
 * (at most 64) and games (at most maxg).  0, 1 when there is none, -1. */
int store_notify_tournament(store *s, int64_t id, char name[128], char start[11],
                            struct store_seat *seats, int *nseats, struct store_pair *games,
                            int maxg, int *ngames);

#endif
