/* cmd/cmd_deadlines.h: `corrchess check-deadlines` (issue 16, docs/DEADLINES.md). */
#ifndef CORRCHESS_CMD_DEADLINES_H
#define CORRCHESS_CMD_DEADLINES_H

#include "base/config.h"

/* corrchess --db FILE check-deadlines [--fix]: recomputes the dates of
 * every active game from scratch and compares them with game_deadlines,
 * one line per game that differs (and per game not active that still has
 * dates).  Exit status 0 when everything agreed (or, with --fix, was
 * repaired), 1 when something differed without --fix or the database
 * failed, 2 bad usage. */
int cmd_check_deadlines(struct config *cfg, int argc, char **argv);

#endif
