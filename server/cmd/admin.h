/* admin.h: the database commands of corrchess (API.md "Programs"). */
#ifndef CORRCHESS_CMD_ADMIN_H
#define CORRCHESS_CMD_ADMIN_H

#include "base/config.h"

/* corrchess user add --name N --email E --role R --password-stdin
 * Returns the exit status (0, 1 failure, 2 bad usage or input). */
int cmd_user(struct config *cfg, int argc, char **argv);

/* corrchess demo: a tournament leader, two players (logins printed once)
 * and a game, in a database that has no users yet. */
int cmd_demo(struct config *cfg, int argc, char **argv);

/* corrchess sweep: the daily job (API.md "Programs", docs/SWEEP.md).
 * 0; 1 when a mail could not be sent or the database failed; 2 usage. */
int cmd_sweep(struct config *cfg, int argc, char **argv);

#endif
