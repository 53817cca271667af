/* cmd/cmd_deadlines.c: `corrchess check-deadlines` (cmd/cmd_deadlines.h). */
#include "autoconfig.h"
#include "cmd/cmd_deadlines.h"
#include "cmd/cmd_store.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store_deadlines.h"
#include "store/store_games.h"
#include "store/store.h"
#include "svc/svc_deadlines.h"

/* One game compared (and with fix repaired) in its own transaction, so a
 * running daemon's write never shows as a difference.  1 differed, 0
 * agreed, -1 database error. */
static int check_one(store *st, int64_t id, bool fix)
{
	char diff[1024] = "";
	int token = 0;
	if (fix ? store_begin(st) != STORE_OK : (token = store_read_begin(st), false))
		return -1;
	int rc = svc_deadlines_verify(st, id, fix, diff, sizeof diff);
	if (fix) {
		if (rc == STORE_ERROR)
			store_rollback(st);
		else if (store_commit(st) != STORE_OK)
			rc = STORE_ERROR;
	} else {
		store_read_end(st, token);
	}
	if (rc == STORE_ERROR)
		return -1;
	if (rc == STORE_CONFLICT)
		printf("game %lld: %s%s\n", (long long)id, diff, fix ? " (repaired)" : "");
	return rc == STORE_CONFLICT;
}

/* Checks each of ids; counts the differences into *found. */
static int check_all(store *st, const int64_t *ids, size_t n, bool fix, size_t *found)
{
	for (size_t i = 0; i < n; i++) {
		int rc = check_one(st, ids[i], fix);
		if (rc < 0) {
			fprintf(stderr, "corrchess: check-deadlines: game %lld cannot be read\n",
			        (long long)ids[i]);
			return -1;
		}
		*found += (size_t)rc;
	}
	return 0;
}

int cmd_check_deadlines(struct config *cfg, int argc, char **argv)
{
	bool fix = false;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--fix") == 0) {
			fix = true;
		} else {
			fprintf(stderr,
			        "corrchess: usage: corrchess --db FILE check-deadlines [--fix]"
			        " (not \"%s\")\n",
			        argv[i]);
			return 2;
		}
	}
	store *st = cmd_open_store(cfg);
	if (!st)
		return 1;
	int64_t *active = NULL, *strays = NULL;
	size_t na = 0, ns = 0, found = 0;
	int status = 1;
	if (store_games_active(st, &active, &na) != STORE_OK ||
	    check_all(st, active, na, fix, &found) != 0 ||
	    store_deadlines_strays(st, &strays, &ns) != STORE_OK ||
	    check_all(st, strays, ns, fix, &found) != 0) {
		fprintf(stderr, "corrchess: check-deadlines: the database failed\n");
		goto out;
	}
	printf("check-deadlines: %zu active games, %zu differ%s\n", na, found,
	       found && fix ? " (repaired)" : "");
	status = found && !fix ? 1 : 0;
out:
	free(active);
	free(strays);
	store_close(st);
	return status;
}
