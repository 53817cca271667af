/* svc/svc_accounts.h: signing in, changing a password, resetting a
 * forgotten one (API.md "Operations", issue 20; docs/OPERATIONS.md
 * "Login limits").
 *
 * One login for every adapter: POST /api/v1/session, the Xfcc calls and
 * the old password of a password change are all checked by svc_login()
 * (or its twin for a signed-in user), so one counter per account applies
 * whatever form the login had (name or e-mail) and whatever the route
 * (base/throttle.h: per (account, address), per address, the account's
 * high name-wide limit that mails its owner).  Every route that hashes a
 * password takes one from the address's hashing budget first, and checks
 * what it can cheaply (the throttle, a reset token) before it hashes.
 *
 * A reset request does no work in the request: it is queued here and the
 * daemon's outbox sender thread (jobs/outbox.c) looks the login up, makes
 * the token, queues the mail and sends it - so the answer takes the same
 * time whether the login exists or not, and no SMTP runs on the hashing
 * workers.  The owner's alarm mail is queued the same way. */
#ifndef CORRCHESS_SVC_ACCOUNTS_H
#define CORRCHESS_SVC_ACCOUNTS_H

#include <stdint.h>

#include "svc/svc.h"

#define SVC_RESET_VALID   3600 /* seconds a reset link works */
#define SVC_ACCOUNT_QUEUE 1024 /* reset requests and alarms waiting at most (more: dropped) */

enum svc_login_status {
	SVC_LOGIN_OK = 0,
	SVC_LOGIN_FAILED = 1,    /* unknown login or wrong password */
	SVC_LOGIN_THROTTLED = 2, /* too many failures, or the hashing budget is spent: *wait */
	SVC_LOGIN_ERROR = -1,    /* the database failed */
};

/* Checks login (a name, or an e-mail address when it has '@') and
 * password from addr (the client's address, may be NULL): the throttle
 * and the hashing budget first (no hash when either refuses; *wait gets
 * the seconds), then one argon2id verification (an unknown login costs
 * the same, against a dummy hash).  A failure is counted; one that brings
 * the account to its name-wide limit queues the alarm to its owner.  On
 * SVC_LOGIN_OK *u is the user (a weaker stored hash is replaced). */
int svc_login(struct app *app, const char *login, const char *password, const char *addr,
              struct user *u, int *wait);

/* User u changes his password from old to new (8..1024 bytes, checked by
 * the caller), from addr; keep is the hash of the session that asks (it
 * goes on).  The old password is checked as svc_login() checks one (a
 * wrong one counts as a failed login: 403 wrong_password; 429
 * too_many_attempts with *wait).  Then every other session and every
 * unused reset link of the user end. */
int svc_password_change(struct app *app, const struct user *u, const char *old, const char *new,
                        const char *addr, const uint8_t keep[32], int *wait, struct svc_outcome *o);

/* A reset link for login (name or e-mail) is asked for from addr: queued
 * for the sender thread (svc_accounts_run()), nothing looked up here.
 * Always accepted (a full queue or a spent budget drops it, logged). */
void svc_reset_request(struct app *app, const char *login, const char *addr);

/* A reset link's token and the new password (8..1024 bytes, checked by
 * the caller), from addr: the address's throttle, then the token is
 * looked up (its BLAKE2b hash by index, then compared in constant time)
 * before any hashing; an unknown, used or expired token is 422
 * invalid_token and counts as a failure of the address.  Then the budget,
 * the hash, and in one transaction the new password, the end of every
 * reset link and every session of the user. */
int svc_reset_confirm(struct app *app, const char *token, const char *password, const char *addr,
                      int *wait, struct svc_outcome *o);

/* Takes one hash from addr's budget before a route hashes a password
 * (POST /api/v1/users): 0, or the seconds to wait (then 429). */
int svc_hash_budget(struct app *app, const char *addr);

/* The queued work (reset requests, alarms), oldest first: looks each up,
 * makes its token and mail, stores them (the sender sends them next).
 * Run by the outbox sender thread.  The number done. */
int svc_accounts_run(struct app *app);

#endif
