/* store/store_users.h: the users and sessions tables (API.md "Users",
 * "Sessions"). */
#ifndef CORRCHESS_STORE_USERS_H
#define CORRCHESS_STORE_USERS_H

#include <stddef.h>
#include <stdint.h>

#include "store/store_games.h"
#include "store/store.h"

#define STORE_EMAIL_MAX  256
#define STORE_POSTAL_MAX 301 /* a postal address: 1..300 bytes and the NUL */

struct store_user {
	int64_t id;
	char name[STORE_NAME_MAX];
	char role[STORE_ROLE_MAX]; /* "player", "tl", "admin" */
};

/* Someone to write to. */
struct store_contact {
	int64_t id;
	char name[STORE_NAME_MAX];
	char email[STORE_EMAIL_MAX];
};

/* A member as the TLs look him up (GET /api/v1/users?q=). */
struct store_member {
	int64_t id;
	char name[STORE_NAME_MAX];
	char role[STORE_ROLE_MAX];
	char email[STORE_EMAIL_MAX];
};

/* The users after id `after` (0: from the first), in the order of their
 * ids, whose name or e-mail address holds q (a login is one of them) or
 * whose membership number is q (issue 22),
 * case folded for ASCII and Latin-1 letters; every user when q is "" or
 * NULL.  At most max into out.  STORE_OK and *n, or STORE_ERROR.  Cost:
 * one pass over the users from `after` until max are found. */
int store_users_search(store *s, const char *q, int64_t after, size_t max, struct store_member *out,
                       size_t *n);

/* User id: STORE_OK and *u, STORE_NOT_FOUND or STORE_ERROR. */
int store_users_get(store *s, int64_t id, struct store_user *u);

/* STORE_OK when user id exists, STORE_NOT_FOUND or STORE_ERROR. */
int store_users_exists(store *s, int64_t id);

/* The number of users: STORE_OK and *n, or STORE_ERROR. */
int store_users_count(store *s, int64_t *n);

/* A new user (the caller checked the values and hashed the password):
 * STORE_OK and *id, STORE_CONFLICT when the name or e-mail is taken,
 * STORE_ERROR. */
int store_users_insert(store *s, const char *name, const char *email, const char *role,
                       const char *password_hash, int64_t *id);

/* The user whose e-mail (login has an '@') or name (it has none) is
 * login, with his password hash (into hash, room for len): STORE_OK,
 * STORE_NOT_FOUND or STORE_ERROR. */
int store_users_login(store *s, const char *login, int64_t *id, char *hash, size_t len);

/* Replaces user id's password hash with hash, but only while the stored
 * one is still old_hash (a password changed meanwhile is never undone):
 * STORE_OK when replaced, STORE_NOT_FOUND when not (no such user, or the
 * hash had changed), STORE_ERROR. */
int store_users_replace_hash(store *s, int64_t id, const char *old_hash, const char *hash);

/* User id as a contact: STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_users_contact(store *s, int64_t id, struct store_contact *c);

/* The sign-ins a user holds at most (issue 20): the 51st ends the oldest. */
#define STORE_SESSIONS_MAX 50

/* A new session for user with the token's hash, valid until expires
 * (unix seconds); expired sessions (everyone's) are purged first, and the
 * user's oldest past STORE_SESSIONS_MAX end.  STORE_OK or STORE_ERROR. */
int store_sessions_create(store *s, const void *hash, size_t len, int64_t user, int64_t now,
                          int64_t expires);

/* The user of a valid session: STORE_OK and *u, STORE_NOT_FOUND (unknown
 * or expired) or STORE_ERROR. */
int store_sessions_user(store *s, const void *hash, size_t len, int64_t now, struct store_user *u);

/* Signs a session out: STORE_OK when its row was deleted, STORE_NOT_FOUND
 * when there was none (signed out meanwhile), or STORE_ERROR. */
int store_sessions_delete(store *s, const void *hash, size_t len);

/* ---- the postal address (DSU 6.5.2.1, issue 21; migration 0021) ---- */

/* User id's postal address into out (STORE_POSTAL_MAX bytes; "" when none
 * is given): STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_users_postal_get(store *s, int64_t id, char *out);

/* Sets it (NULL clears it): STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_users_postal_set(store *s, int64_t id, const char *address);

/* Whether viewer may read user's postal address besides the user
 * himself, kc and admins: he plays in a tournament with him, or leads one
 * he plays in.  1 yes, 0 no, STORE_ERROR. */
int store_users_postal_visible(store *s, int64_t viewer, int64_t user);

#endif
