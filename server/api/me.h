/* api/me.h: the user's own settings, his calendar feed and the one-click
 * unsubscribe link (API.md "Calendar"; docs/NOTIFY.md). */
#ifndef CORRCHESS_API_ME_H
#define CORRCHESS_API_ME_H

#include "api/api.h"

/* GET /api/v1/users/me: USER plus email, mail, language, calendar_url. */
int api_me_get(struct app *app, struct api_req *rq, struct api_resp *rs);

/* PATCH /api/v1/users/me {"mail"?, "language"?}: 200 as GET. */
int api_me_patch(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/users/{id}/calendar.ics?key=K (no login): text/calendar;
 * 404 for a wrong key or user. */
int api_me_calendar(struct app *app, struct api_req *rq, struct api_resp *rs);

/* POST /api/v1/users/{id}/unsubscribe?key=K (no login; RFC 8058 one
 * click): mail off; 404 for a wrong key or user.  The answer is JSON, or
 * the confirming page (text/html, Danish and English) when the body is
 * the form of the page below ("...&page=1"). */
int api_me_unsubscribe(struct app *app, struct api_req *rq, struct api_resp *rs);

/* GET /api/v1/users/{id}/unsubscribe?key=K (no login): the link of
 * List-Unsubscribe opened in a browser (RFC 2369): a small page in Danish
 * and English whose button POSTs the one-click form; it changes nothing
 * itself, so a link scanner unsubscribes nobody.  404 for a wrong key. */
int api_me_unsubscribe_page(struct app *app, struct api_req *rq, struct api_resp *rs);

#endif
