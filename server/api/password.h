/* api/password.h: changing a password and resetting a forgotten one
 * (API.md "Operations"). */
#ifndef CORRCHESS_API_PASSWORD_H
#define CORRCHESS_API_PASSWORD_H

#include "api/api.h"

/* POST /api/v1/users/me/password {"old", "new"} -> 200
 * {"password_changed": true}; the user's other sessions end.  A wrong
 * old password is 403 wrong_password and counts as a failed login. */
int api_password_change(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/password-reset {"login"} -> always 202 {"accepted": true};
 * when the login exists, a mail with a one-time link (valid one hour) is
 * queued in the outbox and sent at once when smtp_url is set (else by the
 * next sweep); at most one link a user every 15 minutes. */
int api_password_reset(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/password-reset/confirm {"token", "password"} -> 200
 * {"password_changed": true} and every session of the user ends; an
 * unknown, used or expired token is 422 invalid_token. */
int api_password_reset_confirm(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
