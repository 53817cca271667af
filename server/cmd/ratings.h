/* ratings.h: `corrchess [--db FILE] rating-update [--from-scratch]`.
 *
 * Brings the ratings of the database up to date (jobs/ratings.h), or with
 * --from-scratch rates the whole history again from the start ratings
 * (after a change of the rules' code, or to measure it: docs/BENCHMARKS.md).
 * Prints "rating-update: N groups, M steps, T ms" on stdout.  Returns the
 * exit status: 0, 1 when the database fails, 2 on bad usage. */
#ifndef CORRCHESS_CMD_RATINGS_H
#define CORRCHESS_CMD_RATINGS_H

#include "base/config.h"

int cmd_rating_update(struct config *cfg, int argc, char **argv);

#endif
