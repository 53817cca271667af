/* throttle.h: failed-login counting (issue 10, API.md "Operations").
 *
 * After 5 failed logins for one login name, or 20 from one client
 * address (the limits of throttle_new()), within 15 minutes, further
 * attempts are refused (the caller
 * answers 429 too_many_attempts with Retry-After) until the oldest
 * failure in the window is 15 minutes old.  Counts are kept in memory
 * (a restart forgets them), in a table of bounded size; all functions
 * are thread-safe. */
#ifndef CORRCHESS_THROTTLE_H
#define CORRCHESS_THROTTLE_H

#include <stdint.h>

#define THROTTLE_WINDOW 900   /* seconds: 15 minutes */
#define THROTTLE_PER_LOGIN 5  /* API.md: failures a login name may have in the window */
#define THROTTLE_PER_ADDR 20  /* API.md: failures a client address may have in the window */
#define THROTTLE_MAX 32       /* the largest limit throttle_new() takes */
#define THROTTLE_KEYS 8192    /* names and addresses tracked at most */

typedef struct throttle throttle;

/* A new, empty table (throttle_free() it) that allows per_login failures
 * a name and per_addr an address in the window (0 to THROTTLE_MAX; 0
 * turns that limit off), or NULL when out of memory or a limit is out of
 * range. */
throttle *throttle_new(int per_login, int per_addr);

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
