/* api/password.h: changing a password and resetting a forgotten one
 * (API.md "Operations"). */
#ifndef CORRCHESS_API_PASSWORD_H
#define CORRCHESS_API_PASSWORD_H

#include "api/api.h"

/* POST /api/v1/users/me/password {"old", "new"} -> 200
 * {"password_changed": true}; the user's other sessions and his unused
 * reset links end.  A wrong old password is 403 wrong_password and counts
 * as a failed login (429 too_many_attempts with Retry-After past the
 * limits). */
int api_password_change(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/password-reset {"login"} -> always 202 {"accepted": true},
 * before anything is looked up: the request is queued for the outbox
 * sender, which, when the login exists, stores the token's hash and the
 * mail with a one-time link (valid one hour) and sends it (when smtp_url
 * is set; else by the next sweep); at most one link a user every 15
 * minutes. */
int api_password_reset(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/password-reset/confirm {"token", "password"} -> 200
 * {"password_changed": true} and every session and every other reset link
 * of the user ends; an unknown, used or expired token is 422
 * invalid_token (looked up before any hashing; it counts as a failure of
 * the address: 429 too_many_attempts past its limit). */
int api_password_reset_confirm(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
