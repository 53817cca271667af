/* cmd_backup.c: `corrchess backup`. */
#include "autoconfig.h"
#include "cmd/cmd_backup.h"

#include <stdio.h>
#include <string.h>

#include "store/store_backup.h"

int cmd_backup(struct config *cfg, int argc, char **argv)
{
	const char *dest = NULL;
	int force = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--force") == 0) {
			force = 1;
		} else if (strcmp(argv[i], "--help") == 0) {
			puts("usage: corrchess --db FILE backup [--force] DEST\n"
			     "A consistent copy of the database while corrchessd runs; DEST opens "
			     "as\n"
			     "a corrchess database.  --force replaces an existing DEST.");
			return 0;
		} else if (!dest && argv[i][0] != '-') {
			dest = argv[i];
		} else {
			fprintf(stderr,
			        "corrchess: backup: unexpected argument \"%s\" (see --help)\n",
			        argv[i]);
			return 2;
		}
	}
	if (!dest) {
		fputs("corrchess: backup: a DEST file is required (see --help)\n", stderr);
		return 2;
	}
	if (strcmp(dest, cfg->db) == 0) {
		fputs("corrchess: backup: DEST is the database itself\n", stderr);
		return 2;
	}
	struct store_backup_info info;
	char err[1024];
	if (store_backup(cfg->db, dest, force, &info, err, sizeof err) != 0) {
		fprintf(stderr, "corrchess: backup: %s\n", err);
		return 1;
	}
	printf("backup: %s (%ld pages of %ld bytes, schema %d)\n", dest, info.pages, info.page_size,
	       info.schema);
	return 0;
}
