/* ratings.h: `corrchess [--db FILE] rating-update [--from-scratch]`.
 *
 * Brings the ratings of the database up to date (svc/svc_ratings.h), or with
 * --from-scratch rates the whole history again from the start ratings
 * (after a change of the rules' code, or to measure it: docs/BENCHMARKS.md).
 * Prints "rating-update: N groups, M steps, T ms" on stdout.  Returns the
 * exit status: 0, 1 when the database fails, 2 on bad usage. */
#ifndef CORRCHESS_CMD_RATINGS_H
#define CORRCHESS_CMD_RATINGS_H

#include "base/config.h"

int cmd_rating_update(struct config *cfg, int argc, char **argv);

/* `corrchess --db DB rating-coordinate --elo FILE --apply [--on DATE]`:
 * reads FILE (CSV "id,elo,elo_games", id a user id; "-" = stdin), records
 * a coordination with the Elo list on DATE (default today; the Danish
 * list of 1 June of that year is compared, DSU 4.5.6.1 a), brings the
 * ratings up to date, and prints what it did as JSON (docs/RATING.md).
 * Exit status 0, 1 when the database fails, 2 on bad input (one line on
 * stderr; nothing recorded). */
int cmd_rating_coordinate_apply(struct config *cfg, const char *path, const char *on);

#endif
