/* transcript.c: `corrchess transcript`.  Reading, checking order and
 * printing only; the notation and the series rules live in lib/notation/iccf.c,
 * lib/corr/series.c and lib/notation/san.c. */
#include "cmd/cmd_transcript.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "cmd/cmd_fail.h"
#include "corr/series.h"
#include "notation/iccf.h"
#include "notation/san.h"
#include "util/status.h"

#define EXIT_FAILED 1
#define EXIT_USAGE  2
/* The longest file read: ICCF_TRANSCRIPT_MAX entries of at most 16
 * characters ("9999. 05758(1), ") and room for line breaks and blanks. */
#define TRANSCRIPT_FILE_MAX (64 * 1024)

static const char usage_text[] =
        "usage: corrchess transcript [--fen FEN] FILE\n"
        "\n"
        "Reads a numbered ICCF transcript (DSU 6.2.2), e.g.\n"
        "  11.-,1716 12. 2425, 01625 13. 1118, 2718 14. 4244\n"
        "from FILE (\"-\" for stdin), replays it from FEN (default the start\n"
        "position) and prints one line per move: number, colour, ICCF, SAN;\n"
        "then \"fen: \" and the position reached.  When a \"0\" marks a proposed\n"
        "move series (DSU 6.2.5), the series is checked from the position\n"
        "before its first move and printed as \"series: \" and its moves.\n"
        "Exit status 2 with one line on stderr for a malformed or illegal\n"
        "transcript or series.\n";

/* Reads all of `path` ("-" = stdin) into a new NUL-terminated string
 * (caller frees), at most TRANSCRIPT_FILE_MAX bytes.  Returns 0, or the
 * exit status after one line on stderr: EXIT_FAILED when the file cannot
 * be opened or read, EXIT_USAGE when it is too long or holds a NUL byte
 * (no transcript does).  Cost: one pass over the file. */
static int read_file(const char *path, char **out)
{
	bool is_stdin = strcmp(path, "-") == 0;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	*out = NULL;
	if (!f)
		return cmd_fail("transcript", EXIT_FAILED, "cannot open %s: %s", path,
		                strerror(errno));
	char *buf = malloc(TRANSCRIPT_FILE_MAX + 2);
	int status = 0;
	if (!buf) {
		status = cmd_fail("transcript", EXIT_FAILED, "out of memory");
		goto done;
	}
	size_t n = fread(buf, 1, TRANSCRIPT_FILE_MAX + 1, f);
	if (ferror(f)) {
		status = cmd_fail("transcript", EXIT_FAILED, "cannot read %s: %s",
		                  is_stdin ? "stdin" : path, strerror(errno));
	} else if (n > TRANSCRIPT_FILE_MAX) {
		status = cmd_fail("transcript", EXIT_USAGE, "%s is longer than %d bytes",
		                  is_stdin ? "stdin" : path, TRANSCRIPT_FILE_MAX);
	} else if (memchr(buf, '\0', n) != NULL) {
		status = cmd_fail("transcript", EXIT_USAGE, "%s holds a NUL byte: not a transcript",
		                  is_stdin ? "stdin" : path);
	}
	if (status) {
		free(buf);
		goto done;
	}
	buf[n] = '\0';
	*out = buf;
done:
	if (!is_stdin)
		fclose(f);
	return status;
}

/* "12. 2425" or "12... 1625": how an entry is named in messages. */
static void entry_name(const iccf_entry *e, char *buf, size_t len)
{
	snprintf(buf, len, "%u.%s %s%s", e->number, e->color == WHITE ? "" : "..",
	         e->series_start ? "0" : "", e->text);
}

/* Checks the series of t, the entries from index s on, with
 * series_check() from `before`, the position before its first move
 * (DSU 6.2.5: an even count of alternating moves, the opponent's first,
 * nothing after a move that ends the game).  On success fills series[]
 * (room for SERIES_MAX) and returns 0; else one line on stderr naming the
 * series, the bad move's index (0-based within the series; the count for
 * a wrong count) and the reason, and returns EXIT_USAGE. */
static int check_series(const iccf_transcript *t, size_t s, const position *before, move *series)
{
	size_t n = iccf_transcript_count(t) - s;
	const char **texts = calloc(n, sizeof *texts);
	char first[32], err[512];
	if (!texts)
		return cmd_fail("transcript", EXIT_FAILED, "out of memory");
	entry_name(iccf_transcript_entry(t, s), first, sizeof first);
	for (size_t i = 0; i < n; i++)
		texts[i] = iccf_transcript_entry(t, s + i)->text;
	size_t bad = 0;
	int status = 0;
	int rc = series_check(before, texts, n, series, &bad, err, sizeof err);
	if (rc != CC_OK && bad >= n) {
		status =
		        cmd_fail("transcript", EXIT_USAGE,
		                 "the series from %s: index %zu (its length): %s", first, bad, err);
	} else if (rc != CC_OK) {
		char at[32];
		entry_name(iccf_transcript_entry(t, s + bad), at, sizeof at);
		status = cmd_fail("transcript", EXIT_USAGE, "the series from %s: index %zu, %s: %s",
		                  first, bad, at, err);
	}
	free(texts);
	return status;
}

/* Replays t from start and prints it (see cmd_transcript.h).  A bad
 * entry before the series mark is a transcript error; one from the mark
 * on is reported by check_series() as an error of the series.  Nothing is
 * printed unless everything checks.  Cost: a few legal move generations
 * per entry. */
static int replay_and_print(const iccf_transcript *t, const position *start)
{
	size_t n = iccf_transcript_count(t);
	long mark = iccf_transcript_series_index(t);
	size_t s = mark < 0 ? n : (size_t)mark;
	move *moves = calloc(n, sizeof *moves);
	if (!moves)
		return cmd_fail("transcript", EXIT_FAILED, "out of memory");
	position end, before = *start;
	char err[512];
	size_t bad = n;
	int status = 0;
	int rc = iccf_transcript_replay(t, start, moves, &bad, &end, err, sizeof err);
	/* The position before the series: the replay filled moves[0 .. s-1]
	 * whenever it got past them. */
	if (rc == CC_OK || bad >= s) {
		for (size_t i = 0; i < s; i++) {
			undo u;
			position_do_move(&before, moves[i], &u);
		}
	}
	move series[SERIES_MAX];
	if (rc != CC_OK && bad < s) {
		status = cmd_fail("transcript", EXIT_USAGE, "%s", err);
		goto out;
	}
	if (mark >= 0 && (status = check_series(t, s, &before, series)) != 0)
		goto out;
	if (rc != CC_OK) { /* series_check() passed what the replay refused */
		status = cmd_fail("transcript", EXIT_USAGE, "%s", err);
		goto out;
	}

	position p = *start;
	for (size_t i = 0; i < n; i++) {
		const iccf_entry *e = iccf_transcript_entry(t, i);
		char iccf[ICCF_MAX], san[SAN_MAX];
		undo u;
		iccf_write(moves[i], iccf);
		san_write(&p, moves[i], san);
		printf("%u %s %s %s\n", e->number, e->color == WHITE ? "white" : "black", iccf,
		       san);
		position_do_move(&p, moves[i], &u);
	}
	char fen[FEN_MAX];
	fen_write(&end, fen, sizeof fen);
	printf("fen: %s\n", fen);
	if (mark >= 0) {
		fputs("series:", stdout);
		for (size_t i = 0; i < n - s; i++) {
			char iccf[ICCF_MAX];
			iccf_write(series[i], iccf);
			printf(" %s", iccf);
		}
		putchar('\n');
	}
	if (fflush(stdout) != 0)
		status = cmd_fail("transcript", EXIT_FAILED, "cannot write the output: %s",
		                  strerror(errno));
out:
	free(moves);
	return status;
}

int cmd_transcript(int argc, char **argv)
{
	const char *fen = NULL, *path = NULL;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0) {
			fputs(usage_text, stdout);
			return 0;
		} else if (strcmp(a, "--fen") == 0) {
			if (i + 1 >= argc)
				return cmd_fail("transcript", EXIT_USAGE,
				                "--fen needs a FEN (see --help)");
			fen = argv[++i];
		} else if (strncmp(a, "--fen=", 6) == 0) {
			fen = a + 6;
		} else if (a[0] == '-' && a[1] != '\0') {
			return cmd_fail("transcript", EXIT_USAGE,
			                "unknown option \"%s\" (see --help)", a);
		} else if (path) {
			return cmd_fail("transcript", EXIT_USAGE,
			                "unexpected argument \"%s\": one FILE only", a);
		} else {
			path = a;
		}
	}
	if (!path)
		return cmd_fail("transcript", EXIT_USAGE,
		                "a FILE is required (\"-\" for stdin; see --help)");

	position start;
	char err[512];
	if (fen_parse(&start, fen ? fen : FEN_STARTPOS, err, sizeof err) != CC_OK)
		return cmd_fail("transcript", EXIT_USAGE, "--fen: %s", err);
	char *text;
	int status = read_file(path, &text);
	if (status)
		return status;
	iccf_transcript *t = NULL;
	if (iccf_transcript_parse(text, &t, err, sizeof err) != CC_OK) {
		/* lib/notation/iccf.c says "transcript: ..." / "transcript, offset N: ...";
		 * the prefix of cmd_fail("transcript", ) says it already */
		const char *msg = err;
		if (strncmp(msg, "transcript: ", 12) == 0 || strncmp(msg, "transcript, ", 12) == 0)
			msg += 12;
		status = cmd_fail("transcript", EXIT_USAGE, "%s", msg);
	} else {
		status = replay_and_print(t, &start);
	}
	iccf_transcript_free(t);
	free(text);
	return status;
}
