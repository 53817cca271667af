/* replay.c: runs a fuzz target on saved inputs, without libFuzzer.
 *
 * `make check` builds each tests/fuzz/fuzz_*.c with this main() (any C11
 * compiler, no clang needed) and runs it: every file of the target's seed
 * corpus (FUZZ_CORPUS_DIR) and of its crash reproducers
 * (FUZZ_REGRESSION_DIR; may be missing or empty) goes once through
 * LLVMFuzzerTestOneInput().  A broken invariant aborts, so the test fails
 * on the input that broke it, whose name is printed first.
 *
 *     replay_fen [FILE-OR-DIR ...]   # the given inputs instead
 *
 * Exit status 0 when every input ran, 99 (a hard error for automake)
 * when an input could not be read or no input was found at all. */
#include "autoconfig.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

#define INPUT_MAX (1024 * 1024) /* larger files are not fuzz inputs */

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	uint8_t *buf = malloc(INPUT_MAX);
	if (!buf) {
		fclose(f);
		fprintf(stderr, "replay: out of memory\n");
		return -1;
	}
	size_t n = fread(buf, 1, INPUT_MAX, f);
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		fprintf(stderr, "replay: %s: read error\n", path);
		return -1;
	}
	/* Named before the run, so a crash shows which input did it. */
	fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
	/* An exact-size copy, so ASan sees reads past the input's end. */
	uint8_t *exact = malloc(n ? n : 1);
	if (!exact) {
		free(buf);
		return -1;
	}
	if (n)
		memcpy(exact, buf, n);
	free(buf);
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of dir (sorted, dot files skipped); returns the
 * count, or -1.  A missing directory counts 0 when `optional`. */
static long run_dir(const char *dir, bool optional)
{
	DIR *d = opendir(dir);
	if (!d) {
		if (optional && errno == ENOENT)
			return 0;
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	long rc = 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			char **nn = realloc(names, cap * sizeof *nn);
			if (!nn) {
				rc = -1;
				break;
			}
			names = nn;
		}
		size_t len = strlen(dir) + strlen(e->d_name) + 2;
		if ((names[n] = malloc(len)) == NULL) {
			rc = -1;
			break;
		}
		snprintf(names[n], len, "%s/%s", dir, e->d_name);
		n++;
	}
	closedir(d);
	if (rc == 0 && n)
		qsort(names, n, sizeof *names, cmp_names);
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (rc >= 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode) &&
		    !strstr(names[i], "README")) {
			if (run_file(names[i]) != 0)
				rc = -1;
			else
				rc++;
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

static long run_path(const char *path, bool optional)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		if (optional && errno == ENOENT)
			return 0;
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode))
		return run_dir(path, optional);
	return run_file(path) == 0 ? 1 : -1;
}

int main(int argc, char **argv)
{
	long total = 0;
	if (argc > 1) {
		for (int i = 1; i < argc; i++) {
			long k = run_path(argv[i], false);
			if (k < 0)
				return 99;
			total += k;
		}
	} else {
#if defined(FUZZ_CORPUS_DIR) && defined(FUZZ_REGRESSION_DIR)
		long a = run_path(FUZZ_CORPUS_DIR, false);
		long b = run_path(FUZZ_REGRESSION_DIR, true);
		if (a < 0 || b < 0)
			return 99;
		total = a + b;
#else
		fprintf(stderr, "usage: %s FILE-OR-DIR...\n", argv[0]);
		return 99;
#endif
	}
	if (total == 0) {
		fprintf(stderr, "replay: no inputs found\n");
		return 99;
	}
	printf("replay: %ld inputs ran without a failure\n", total);
	return 0;
}
