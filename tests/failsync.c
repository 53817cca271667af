/* failsync.c: an LD_PRELOAD shim for tests/integration/test_flush.py.
 * While the file named by CORRCHESS_TEST_FAILSYNC exists, fdatasync()
 * and fsync() fail with EIO, as a dying disk's would: the group commit's
 * flush (server/store/walsync.c) then fails, and a move must be answered
 * 500, never 201 (docs/OPERATIONS.md: an answered move is on disk).
 * Otherwise each calls the C library's own. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

/* -1 with EIO while the flag file exists, else the C library's `name`. */
static int sync_or_fail(const char *name, int fd)
{
	const char *f = getenv("CORRCHESS_TEST_FAILSYNC");
	if (f && *f && access(f, F_OK) == 0) {
		errno = EIO;
		return -1;
	}
	int (*real)(int) = (int (*)(int))dlsym(RTLD_NEXT, name);
	return real ? real(fd) : -1;
}

int fdatasync(int fd)
{
	return sync_or_fail("fdatasync", fd);
}

int fsync(int fd)
{
	return sync_or_fail("fsync", fd);
}
