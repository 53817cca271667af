/* rate.h: the `corrchess rate` and `corrchess rating-coordinate`
 * subcommands (API.md "Ratings"), thin wrappers over lib/rating/.
 *
 *   corrchess rate [FILE|-]
 *       reads one case in the input format of tests/vectors/rating.json
 *       (an object with "players" and a "crosstable" or "games", or with an
 *       "elo_adjustment"; a whole case with an "input" member is accepted
 *       too) from FILE or stdin, and prints the result as JSON in the
 *       "expected" format of the vectors.
 *
 *   corrchess rating-coordinate --elo FILE
 *       the yearly coordination with the Elo list (DSU 4.5.6) over the
 *       CSV FILE described in docs/RATING.md; prints the same JSON as
 *       `rate` prints for an "elo_adjustment".
 *   corrchess --db DB rating-coordinate --elo FILE --apply [--on DATE]
 *       the same against the Danish ratings in DB, recorded there.
 *
 * Both take the subcommand's own argv (argv[0] is the command name) and
 * return the process exit status: 0 on success (JSON on stdout), 2 on bad
 * usage or bad input (nothing on stdout, one line on stderr starting
 * "corrchess: rate: " or "corrchess: rating-coordinate: "), 1 when the
 * file cannot be read or memory runs out.  `--help` prints the usage on
 * stdout and returns 0. */
#ifndef CORRCHESS_CMD_RATE_H
#define CORRCHESS_CMD_RATE_H

#include "base/config.h"

int cmd_rate(int argc, char **argv);
/* With --apply the coordination is recorded in cfg's database
 * (cmd_rating_coordinate_apply, cmd/cmd_ratings.h). */
int cmd_rating_coordinate(struct config *cfg, int argc, char **argv);

#endif
