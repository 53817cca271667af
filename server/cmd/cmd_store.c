/* cmd_store.c: the database of a command (cmd/cmd_store.h). */
#include "autoconfig.h"
#include "cmd/cmd_store.h"

#include <stdio.h>
#include <string.h>

#include "base/auth.h"
#include "svc/svc.h"

store *cmd_open_store(struct config *cfg)
{
	char err[512];
	if (auth_init() != 0) /* logged */
		return NULL;
	store *st = svc_open(cfg->db, err, sizeof err);
	if (!st) {
		fprintf(stderr, "corrchess: %s\n", err);
		return NULL;
	}
	/* The commands' writes (the sweep's forfeits, a repaired deadline, a
	 * rating update) are as durable as the daemon's (synchronous = full). */
	if (strcmp(cfg->synchronous, "full") == 0 && store_start_syncer(st) != 0) {
		fprintf(stderr, "corrchess: cannot start the WAL sync thread\n");
		store_close(st);
		return NULL;
	}
	return st;
}
