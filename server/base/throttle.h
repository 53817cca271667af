/* throttle.h: failed-login counting and the hashing budget (issues 10
 * and 20, docs/OPERATIONS.md "Login limits").
 *
 * A lockout that protects without excluding: failures are counted per
 * (name, address) and per address, each with its own free tries; past
 * them every further try waits, and the wait doubles with each failure
 * (THROTTLE_DELAY seconds, then twice that, ... at most THROTTLE_WINDOW).
 * A key is forgotten once it has been quiet for THROTTLE_WINDOW.  So a
 * stranger's wrong passwords never lock the owner out: the right
 * password from an address that did not fail still signs in.
 *
 * The name as a whole has a high limit (per_name failures within
 * THROTTLE_NAME_WINDOW from its first): when a name reaches it (many
 * addresses guessing), throttle_failed() says so once, for the caller to
 * tell the owner, and until the window ends an address that failed for
 * that name has no free tries left (its next try waits); an address that
 * did not fail still has its tries.
 *
 * The hashing budget: an address may start at most per_hash argon2id
 * computations a minute (a bucket of per_hash, refilled evenly), whatever
 * the route (sign-in, Xfcc, a password change or reset, a new user), so
 * no address can keep the hashing workers to itself.
 *
 * Counts are kept in memory (a restart forgets them), in a table of
 * bounded size; all functions are thread-safe. */
#ifndef CORRCHESS_THROTTLE_H
#define CORRCHESS_THROTTLE_H

#include <stdint.h>

#define THROTTLE_WINDOW      900  /* seconds of quiet after which a key is forgotten */
#define THROTTLE_DELAY       30   /* the first wait past the free tries, seconds */
#define THROTTLE_NAME_WINDOW 3600 /* the name-wide limit counts an hour */
#define THROTTLE_PER_LOGIN   5    /* default free tries of a (name, address) */
#define THROTTLE_PER_ADDR    20   /* default free tries of an address */
#define THROTTLE_PER_NAME    100  /* default failures of a name an hour, all addresses */
#define THROTTLE_PER_HASH    60   /* default hashes an address may start a minute */
#define THROTTLE_MAX         1000 /* the largest limit throttle_new() takes */
#define THROTTLE_KEYS        8192 /* keys tracked at most */

typedef struct throttle throttle;

/* The limits; 0 turns one off. */
struct throttle_limits {
	int per_login; /* free tries of one (name, address) */
	int per_addr;  /* free tries of one address, all names */
	int per_name;  /* failures of one name in THROTTLE_NAME_WINDOW, all addresses */
	int per_hash;  /* hashes one address may start a minute */
};

/* A new, empty table (throttle_free() it), or NULL when out of memory or
 * a limit is out of 0..THROTTLE_MAX. */
throttle *throttle_new(const struct throttle_limits *limits);

/* Frees the table.  NULL is a no-op. */
void throttle_free(throttle *t);

/* 0 when a login for name from addr may be tried at time now (seconds),
 * or the seconds to wait (>= 1, for Retry-After).  name is compared
 * without regard to ASCII case (the caller passes one name per account,
 * whatever form the login had); addr is the client's address as text
 * (an IPv6 address counts by its /64, which one client usually holds
 * whole).  Either may be NULL (not counted: name NULL checks the address
 * alone). */
int throttle_check(throttle *t, const char *name, const char *addr, int64_t now);

/* Records a failed login for name from addr at time now.  1 when this
 * failure brought the name to its name-wide limit (once per window: the
 * caller tells the owner), else 0. */
int throttle_failed(throttle *t, const char *name, const char *addr, int64_t now);

/* Records a successful login of name from addr: that pair's failures are
 * forgotten (the address's and the name's are not, so a client cannot
 * clear them with an account of its own). */
void throttle_succeeded(throttle *t, const char *name, const char *addr, int64_t now);

/* Takes one hash from addr's budget: 0, or the seconds until one is
 * there again (nothing taken).  addr NULL or the budget off: always 0. */
int throttle_hash(throttle *t, const char *addr, int64_t now);

/* The failures of name in its name-wide window (for the owner's mail). */
int throttle_name_failures(throttle *t, const char *name, int64_t now);

#endif
