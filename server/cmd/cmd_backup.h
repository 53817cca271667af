/* cmd_backup.h: `corrchess --db FILE backup [--force] DEST` (API.md
 * "Operations", docs/OPERATIONS.md). */
#ifndef CORRCHESS_CMD_BACKUP_H
#define CORRCHESS_CMD_BACKUP_H

#include "base/config.h"

/* Copies cfg->db to DEST while the daemon runs (store_backup()); prints
 * one line "backup: DEST (N pages of B bytes, schema V)".  Returns the
 * exit status: 0, 1 when the copy failed, 2 bad usage. */
int cmd_backup(struct config *cfg, int argc, char **argv);

#endif
