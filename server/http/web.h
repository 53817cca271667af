/* web.h: the web pages of API.md "Web pages", served from static_dir.
 *
 *   GET/HEAD /               static_dir/index.html   (sign-in, the games)
 *   GET/HEAD /games/{id}     static_dir/game.html    (one game)
 *   GET/HEAD /static/NAME    static_dir/NAME         (scripts, styles, icons)
 *
 * NAME is a plain file name ([A-Za-z0-9._-], not starting with a dot, no
 * "..") with a known extension, so no request reaches a file outside
 * static_dir.  Everything else outside /api/ is a 404 HTML page.  The
 * files are read afresh for every request (they are small, and an edit
 * shows without a restart).  These paths are not API routes: they are not
 * in the route table of api/router.c nor in `corrchessd --routes`. */
#ifndef CORRCHESS_WEB_H
#define CORRCHESS_WEB_H

#include <stdbool.h>

#include "api/api.h"

/* True when path is the web pages' to answer: every path but /api and
 * /api/... (in any case), which stay the API's (and its 404 JSON). */
bool web_owns_path(const char *path);

/* Answers one request for a web path into rs (rs->body new, freed by the
 * HTTP layer; rs->content_type static).  Never fails: a missing
 * static_dir or file is a 404 page and a warning in the log, a method
 * other than GET or HEAD a 405 with Allow. */
void web_handle(const char *static_dir, const struct api_req *rq, struct api_resp *rs);

/* The headers every web response carries besides Content-Type, as
 * {name, value} pairs ending with {NULL, NULL}. */
extern const char *const web_headers[][2];

#endif
