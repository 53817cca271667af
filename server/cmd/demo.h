/* demo.h: the demo tournament of `corrchess demo` (contrib/run.sh). */
#ifndef CORRCHESS_DEMO_H
#define CORRCHESS_DEMO_H

#include <stddef.h>

#include "api/api.h"

/* The demo's users, in the order demo_replay() wants their passwords. */
#define DEMO_USERS 6
extern const char *const demo_names[DEMO_USERS]; /* "tl", "alice", ... (static strings) */

/* Replays the demo's history through the API handlers (api_handle), each
 * step on its own day (app->cfg->today is set for it and restored): the
 * tl creates a round robin of the five players 40 days before today, the
 * games go on day by day (a checkmate, a resignation, a draw by
 * agreement, games in progress, a pending move series), and a player
 * books the vacation he is on today.  passwords[i] is the password of
 * demo_names[i], whose users exist already.  Writes the tournament's id
 * to *tournament.  Returns 0, or -1 with a sentence in err (the steps
 * done so far stay stored: the caller starts again from an empty file). */
int demo_replay(struct app *app, const char *const passwords[DEMO_USERS], long long *tournament,
                char *err, size_t errlen);

#endif
