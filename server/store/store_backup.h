/* store_backup.h: a consistent copy of a live database (API.md
 * "Operations", `corrchess backup`). */
#ifndef CORRCHESS_STORE_BACKUP_H
#define CORRCHESS_STORE_BACKUP_H

#include <stddef.h>

struct store_backup_info {
	long pages;     /* pages copied */
	long page_size; /* bytes a page */
	int schema;     /* the copy's schema version (schema_migrations) */
};

/* Copies the corrchess database at src into a new file dest with SQLite's
 * online backup API while other processes (the daemon) read and write it.
 * The copy is one snapshot: every transaction committed before the copy
 * began is in it, none that commits later.  It is written to a temporary
 * file beside dest, checked (PRAGMA integrity_check), turned into a single
 * self-contained file (journal_mode DELETE), synced, and renamed to dest,
 * so dest is either absent or whole.  dest must not exist unless
 * overwrite is set.  Cost: one read of the database and one write of the
 * copy; writers are never blocked (WAL), the copy holds a read snapshot
 * while it runs.  Returns 0 and fills info (may be NULL), or -1 with a
 * sentence in err (src missing or not a corrchess database, dest exists
 * or cannot be written, disk full, a corrupt copy). */
int store_backup(const char *src, const char *dest, int overwrite, struct store_backup_info *info,
                 char *err, size_t errlen);

#endif
