/* throttle.h: failed-login counting (issue 10, API.md "Operations").
 *
 * After 5 failed logins for one login name, or 20 from one client
 * address, within 15 minutes, further attempts are refused (the caller
 * answers 429 too_many_attempts with Retry-After) until the oldest
 * failure in the window is 15 minutes old.  Counts are kept in memory
 * (a restart forgets them), in a table of bounded size; all functions
 * are thread-safe. */
#ifndef CORRCHESS_THROTTLE_H
#define CORRCHESS_THROTTLE_H

#include <stdint.h>

#define THROTTLE_WINDOW 900   /* seconds: 15 minutes */
#define THROTTLE_PER_LOGIN 5  /* failures a login name may have in the window */
#define THROTTLE_PER_ADDR 20  /* failures a client address may have in the window */
#define THROTTLE_KEYS 16384   /* names and addresses tracked at most */

typedef struct throttle throttle;

/* A new, empty table (throttle_free() it), or NULL when out of memory. */
throttle *throttle_new(void);

/* Frees the table.  NULL is a no-op. */
void throttle_free(throttle *t);

/* 0 when a login for name from addr may be tried at time now (seconds),
 * or the seconds to wait (>= 1, for Retry-After) when either has used up
 * its failures.  name is compared without regard to ASCII case; addr is
 * the client's address as text (an IPv6 address counts by its /64, which
 * one client usually holds whole).  Either may be NULL (not counted). */
int throttle_check(throttle *t, const char *name, const char *addr, int64_t now);

/* Records a failed login for name from addr at time now. */
void throttle_failed(throttle *t, const char *name, const char *addr, int64_t now);

/* Records a successful login: the name's failures are forgotten (the
 * address's are not, so a client cannot clear them with an account of
 * its own). */
void throttle_succeeded(throttle *t, const char *name, int64_t now);

#endif
