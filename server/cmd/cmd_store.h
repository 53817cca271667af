/* cmd_store.h: the database of a command of `corrchess`, opened as the
 * daemon opens it. */
#ifndef CORRCHESS_CMD_STORE_H
#define CORRCHESS_CMD_STORE_H

#include "base/config.h"
#include "store/store.h"

/* Opens cfg->db through svc_open() (the schema migrated) with libsodium
 * ready (auth_init()) and, when cfg->synchronous is "full", the WAL sync
 * thread, so that a command's writes are as durable as the daemon's.
 * NULL after a one-line error on stderr; store_close() when done. */
store *cmd_open_store(struct config *cfg);

#endif
