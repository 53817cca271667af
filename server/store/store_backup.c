/* store_backup.c: `corrchess backup` with SQLite's online backup API. */
#include "autoconfig.h"
#include "store/store_backup.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The highest migration recorded in db; -1 when it is not a corrchess
 * database (no schema_migrations table) or cannot be read. */
static int schema_version(sqlite3 *db)
{
	static const char sql[] = "SELECT max(version) FROM schema_migrations";
	sqlite3_stmt *st = NULL;
	int v = -1;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK &&
	    sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) == SQLITE_INTEGER)
		v = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return v;
}

/* "ok" from PRAGMA integrity_check, or the first problem in err. */
static int integrity_ok(sqlite3 *db, char *err, size_t errlen)
{
	sqlite3_stmt *st = NULL;
	int rc = -1;
	if (sqlite3_prepare_v2(db, "PRAGMA integrity_check", -1, &st, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "cannot check the copy: %s", sqlite3_errmsg(db));
		goto out;
	}
	if (sqlite3_step(st) != SQLITE_ROW) {
		snprintf(err, errlen, "cannot check the copy: %s", sqlite3_errmsg(db));
		goto out;
	}
	const char *r = (const char *)sqlite3_column_text(st, 0);
	if (!r || strcmp(r, "ok") != 0) {
		snprintf(err, errlen, "the copy fails its integrity check: %s", r ? r : "?");
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(st);
	return rc;
}

/* fsync() of a file or directory by name; 0 or -1 with errno. */
static int sync_path(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC);
	if (fd < 0)
		return -1;
	int rc = fsync(fd);
	int e = errno;
	close(fd);
	errno = e;
	return rc;
}

int store_backup(const char *src, const char *dest, int overwrite, struct store_backup_info *info,
                 char *err, size_t errlen)
{
	sqlite3 *from = NULL, *to = NULL;
	sqlite3_backup *b = NULL;
	char tmp[4096];
	int made_tmp = 0, rc;
	struct stat sb;

	if (snprintf(tmp, sizeof tmp, "%s.tmp-%ld", dest, (long)getpid()) >= (int)sizeof tmp) {
		snprintf(err, errlen, "the backup file name is too long");
		goto fail;
	}
	if (!overwrite && lstat(dest, &sb) == 0) {
		snprintf(err, errlen, "%s exists; remove it first or add --force", dest);
		goto fail;
	}
	if (stat(src, &sb) != 0) {
		snprintf(err, errlen, "no database at %s: %s", src, strerror(errno));
		goto fail;
	}
	struct stat db;
	if (stat(dest, &db) == 0 && db.st_dev == sb.st_dev && db.st_ino == sb.st_ino) {
		snprintf(err, errlen, "%s is the database itself", dest);
		goto fail;
	}
	/* Read-write without create: a WAL reader needs the -shm file, and a
	 * missing source must not become an empty database. */
	rc = sqlite3_open_v2(src, &from, SQLITE_OPEN_READWRITE, NULL);
	if (rc != SQLITE_OK) {
		snprintf(err, errlen, "cannot open database %s: %s", src,
		         from ? sqlite3_errmsg(from) : sqlite3_errstr(rc));
		goto fail;
	}
	sqlite3_busy_timeout(from, 10000);
	if (schema_version(from) < 0) {
		snprintf(err, errlen, "%s is not a corrchess database (no schema_migrations)", src);
		goto fail;
	}
	unlink(tmp); /* a leftover of a killed run with the same pid */
	/* Mode 0600 from the first byte: the copy holds password hashes and
	 * e-mail addresses (an empty file is an empty SQLite database). */
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
		goto fail;
	}
	close(fd);
	made_tmp = 1;
	rc = sqlite3_open_v2(tmp, &to, SQLITE_OPEN_READWRITE, NULL);
	if (rc != SQLITE_OK) {
		snprintf(err, errlen, "cannot create %s: %s", tmp,
		         to ? sqlite3_errmsg(to) : sqlite3_errstr(rc));
		goto fail;
	}
	sqlite3_busy_timeout(to, 10000);
	b = sqlite3_backup_init(to, "main", from, "main");
	if (!b) {
		snprintf(err, errlen, "cannot start the backup: %s", sqlite3_errmsg(to));
		goto fail;
	}
	/* All pages in one step: the read transaction then sees one snapshot
	 * from start to end.  Copying in slices would restart at every commit
	 * of the daemon (another connection), and a busy server might never
	 * let it finish; in WAL mode the one long read blocks no writer. */
	do {
		rc = sqlite3_backup_step(b, -1);
		if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
			sqlite3_sleep(50);
	} while (rc == SQLITE_BUSY || rc == SQLITE_LOCKED || rc == SQLITE_OK);
	long pages = sqlite3_backup_pagecount(b);
	sqlite3_backup_finish(b);
	b = NULL;
	if (rc != SQLITE_DONE) {
		snprintf(err, errlen, "the backup failed: %s", sqlite3_errstr(rc));
		goto fail;
	}
	if (sqlite3_exec(to, "PRAGMA journal_mode=DELETE", NULL, NULL, NULL) != SQLITE_OK) {
		snprintf(err, errlen, "cannot finish the copy: %s", sqlite3_errmsg(to));
		goto fail;
	}
	if (integrity_ok(to, err, errlen) != 0)
		goto fail;
	int schema = schema_version(to);
	sqlite3_stmt *ps = NULL;
	long page_size = 0;
	if (sqlite3_prepare_v2(to, "PRAGMA page_size", -1, &ps, NULL) == SQLITE_OK &&
	    sqlite3_step(ps) == SQLITE_ROW)
		page_size = sqlite3_column_int(ps, 0);
	sqlite3_finalize(ps);
	if (sqlite3_close(to) != SQLITE_OK) {
		snprintf(err, errlen, "cannot close %s", tmp);
		to = NULL;
		goto fail;
	}
	to = NULL;
	if (sync_path(tmp, O_RDONLY) != 0 || rename(tmp, dest) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", dest, strerror(errno));
		goto fail;
	}
	made_tmp = 0;
	/* The rename itself survives a power cut once the directory is synced. */
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", dest);
	if (sync_path(dirname(dir), O_RDONLY | O_DIRECTORY) != 0) {
		snprintf(err, errlen, "cannot sync the directory of %s: %s", dest, strerror(errno));
		goto fail;
	}
	sqlite3_close(from);
	if (info) {
		info->pages = pages;
		info->page_size = page_size;
		info->schema = schema;
	}
	return 0;
fail:
	if (b)
		sqlite3_backup_finish(b);
	sqlite3_close(to);
	sqlite3_close(from);
	if (made_tmp) {
		char j[4200];
		unlink(tmp);
		snprintf(j, sizeof j, "%s-journal", tmp);
		unlink(j);
	}
	return -1;
}
