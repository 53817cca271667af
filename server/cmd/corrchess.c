/* corrchess: the admin and tool command (API.md "Programs").
 *
 *   corrchess perft [--fen FEN] [--divide] DEPTH
 *   corrchess days --profile P --received DATE --sent DATE [--vacation S:E]...
 *   corrchess easter YEAR
 *   corrchess rate [FILE|-]
 *   corrchess rating-coordinate --elo FILE
 *   corrchess tourney [FILE|-]
 *
 *   corrchess --db FILE user add --name N --email E --role R --password-stdin
 *   corrchess --db FILE demo
 *   corrchess --db FILE [--smtp_url URL ...] sweep
 *   corrchess --db FILE backup [--force] DEST
 *   corrchess --db FILE check-deadlines [--fix]
 *   corrchess --db FILE mail-status
 *
 * Exit status: 0 ok, 1 a failure while working, 2 bad usage or bad input
 * (with one line on stderr saying what was wrong). */
#include "autoconfig.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "cmd/admin.h"
#include "cmd/backup.h"
#include "cmd/clock.h"
#include "cmd/deadlines.h"
#include "cmd/mailstatus.h"
#include "cmd/rate.h"
#include "cmd/ratings.h"
#include "cmd/tourney.h"
#include "cmd/transcript.h"
#include "base/config.h"
#include "notation/uci.h"

#define PERFT_MAX_DEPTH 12

static void usage(FILE *to)
{
	fputs("usage: corrchess [--db FILE] [--config FILE] [--KEY VALUE]... COMMAND [ARGS]\n"
	      "       corrchess --help | --version\n"
	      "commands:\n"
	      "  user add --name NAME --email EMAIL --role player|tl|kc|admin --password-stdin\n"
	      "                                       add a user (the password is read from stdin)\n"
	      "  demo                                 fill an empty database with a demo tournament\n"
	      "                                       leader, two players and a game\n"
	      "  sweep                                the daily job: reminders, TL notices, time\n"
	      "                                       forfeits, adjudication; sends the mail outbox\n"
	      "  backup [--force] DEST                a consistent copy of the database while the\n"
	      "                                       daemon runs (--force replaces DEST)\n"
	      "  check-deadlines [--fix]              recompute every active game's dates and\n"
	      "                                       report (repair) those the table has wrong\n"
	      "  mail-status                          the mail outbox: waiting, retrying, sent, and\n"
	      "                                       the mails the relay refused for good (5xx)\n"
	      "  perft [--fen FEN] [--divide] DEPTH   count the leaf nodes of the move tree;\n"
	      "                                       the total alone on the last line\n"
	      "  days --profile P --received DATE --sent DATE [--vacation START:END]...\n"
	      "                                       the thinking days one move costs\n"
	      "  easter YEAR                          Easter Sunday and the holiday span\n"
	      "  transcript [--fen FEN] FILE          replay a numbered ICCF transcript (\"-\" = stdin);\n"
	      "                                       check its series\n"
	      "  rate [FILE|-]                        rate one group (DSU 4.5) given as JSON\n"
	      "  rating-coordinate --elo FILE [--apply [--on DATE]]\n"
	      "                                       the yearly Elo coordination (DSU 4.5.6)\n"
	      "  rating-update [--from-scratch]       rate the finished groups (all again)\n"
	      "  tourney [FILE|-]                     compute a DSU tournament case (JSON in, JSON out)\n",
	      to);
}

/* Reads a whole decimal number in [lo, hi]; returns -1 otherwise. */
static long parse_long(const char *s, long lo, long hi)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || end == s || *end != '\0' || v < lo || v > hi)
		return -1;
	return v;
}

/* corrchess perft: counts with --divide per root move ("e2e4: 20", the
 * format Stockfish's "go perft" prints, so the two can be diffed). */
static int cmd_perft(int argc, char **argv)
{
	const char *fen = "startpos";
	int divide = 0;
	long depth = -1;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--fen") == 0 && i + 1 < argc) {
			fen = argv[++i];
		} else if (strcmp(argv[i], "--divide") == 0) {
			divide = 1;
		} else if (strcmp(argv[i], "--help") == 0) {
			puts("usage: corrchess perft [--fen FEN] [--divide] DEPTH");
			return 0;
		} else if (depth < 0 && argv[i][0] != '-') {
			depth = parse_long(argv[i], 0, PERFT_MAX_DEPTH);
			if (depth < 0) {
				fprintf(stderr, "corrchess: perft: depth must be a number from 0 to %d, not \"%s\"\n",
					PERFT_MAX_DEPTH, argv[i]);
				return 2;
			}
		} else {
			fprintf(stderr, "corrchess: perft: unexpected argument \"%s\" (see --help)\n",
				argv[i]);
			return 2;
		}
	}
	if (depth < 0) {
		fputs("corrchess: perft: a DEPTH is required (see --help)\n", stderr);
		return 2;
	}
	position pos;
	char err[256];
	if (fen_parse(&pos, fen, err, sizeof err) != 0) {
		fprintf(stderr, "corrchess: perft: %s\n", err);
		return 2;
	}
	uint64_t total;
	if (divide && depth > 0) {
		move list[MAX_MOVES];
		int n = movegen_legal(&pos, list);
		total = 0;
		for (int i = 0; i < n; i++) {
			undo u;
			char name[6];
			position_do_move(&pos, list[i], &u);
			uint64_t c = movegen_perft(&pos, (int)depth - 1);
			position_undo_move(&pos, list[i], &u);
			uci_write(list[i], name);
			printf("%s: %llu\n", name, (unsigned long long)c);
			total += c;
		}
	} else {
		total = movegen_perft(&pos, (int)depth);
	}
	printf("%llu\n", (unsigned long long)total);
	return 0;
}

int main(int argc, char **argv)
{
	struct config cfg;
	char err[512];
	int i;
	if (config_load(&cfg, argc, argv, &i, err, sizeof err) != 0) {
		fprintf(stderr, "corrchess: %s\n", err);
		return 2;
	}
	int status = 2;
	if (i < argc && strcmp(argv[i], "--help") == 0) {
		usage(stdout);
		status = 0;
		goto out;
	}
	if (i < argc && strcmp(argv[i], "--version") == 0) {
		puts(PACKAGE_STRING);
		status = 0;
		goto out;
	}
	if (i >= argc) {
		usage(stderr);
		goto out;
	}
	const char *cmd = argv[i];
	int sub_argc = argc - i;
	char **sub_argv = argv + i;
	if (strcmp(cmd, "perft") == 0)
		status = cmd_perft(sub_argc, sub_argv);
	else if (strcmp(cmd, "days") == 0)
		status = cmd_days(sub_argc, sub_argv);
	else if (strcmp(cmd, "easter") == 0)
		status = cmd_easter(sub_argc, sub_argv);
	else if (strcmp(cmd, "transcript") == 0)
		status = cmd_transcript(sub_argc, sub_argv);
	else if (strcmp(cmd, "rate") == 0)
		status = cmd_rate(sub_argc, sub_argv);
	else if (strcmp(cmd, "rating-coordinate") == 0)
		status = cmd_rating_coordinate(&cfg, sub_argc, sub_argv);
	else if (strcmp(cmd, "tourney") == 0)
		status = cmd_tourney(sub_argc, sub_argv);
	else if (strcmp(cmd, "user") == 0)
		status = cmd_user(&cfg, sub_argc, sub_argv);
	else if (strcmp(cmd, "demo") == 0)
		status = cmd_demo(&cfg, sub_argc, sub_argv);
	else if (strcmp(cmd, "rating-update") == 0)
		status = cmd_rating_update(&cfg, sub_argc, sub_argv);
	else if (strcmp(cmd, "sweep") == 0)
		status = cmd_sweep(&cfg, sub_argc, sub_argv);
	else if (strcmp(cmd, "backup") == 0)
		status = cmd_backup(&cfg, sub_argc, sub_argv);
	else if (strcmp(cmd, "check-deadlines") == 0)
		status = cmd_check_deadlines(&cfg, sub_argc, sub_argv);
	else if (strcmp(cmd, "mail-status") == 0)
		status = cmd_mail_status(&cfg, sub_argc, sub_argv);
	else
		fprintf(stderr, "corrchess: unknown command \"%s\" (see --help)\n", cmd);
out:
	config_free(&cfg);
	return status;
}
