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
 *   corrchess help
 *
 * The commands are one table, commands[] below (name, function, one line
 * of help); `corrchess --help` and `corrchess help` print it.
 * Exit status: 0 ok, 1 a failure while working, 2 bad usage or bad input
 * (with one line on stderr saying what was wrong). */
#include "autoconfig.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "cmd/admin.h"
#include "cmd/cmd_backup.h"
#include "cmd/cmd_clock.h"
#include "cmd/cmd_fail.h"
#include "cmd/cmd_deadlines.h"
#include "cmd/mailstatus.h"
#include "cmd/rate.h"
#include "cmd/cmd_ratings.h"
#include "cmd/tourney.h"
#include "cmd/cmd_transcript.h"
#include "base/config.h"
#include "notation/uci.h"

#define PERFT_MAX_DEPTH 12

static int cmd_perft(int argc, char **argv);
static int cmd_help(int argc, char **argv);

/* The commands (git's commands[] idea): the name, the function (with the
 * settings, or without them), the arguments and one line of help; the
 * usage text and `corrchess help` are made from it. */
struct command {
	const char *name;
	int (*run)(int argc, char **argv);                         /* needs no settings */
	int (*run_cfg)(struct config *cfg, int argc, char **argv); /* reads --db ... */
	const char *args;
	const char *help; /* may run over lines: each "\n" starts a new one */
};

static const struct command commands[] = {
        {"user", NULL, cmd_user,
         "add --name NAME --email EMAIL --role player|tl|kc|admin --password-stdin",
         "add a user (the password is read from stdin)"},
        {"demo", NULL, cmd_demo, "",
         "fill an empty database with a demo tournament\nleader, two players and a game"},
        {"sweep", NULL, cmd_sweep, "",
         "the daily job: reminders, TL notices, time\nforfeits, adjudication; sends the mail "
         "outbox"},
        {"backup", NULL, cmd_backup, "[--force] DEST",
         "a consistent copy of the database while the\ndaemon runs (--force replaces DEST)"},
        {"check-deadlines", NULL, cmd_check_deadlines, "[--fix]",
         "recompute every active game's dates and\nreport (repair) those the table has wrong"},
        {"mail-status", NULL, cmd_mail_status, "",
         "the mail outbox: waiting, retrying, sent, and\nthe mails the relay refused for good "
         "(5xx)"},
        {"perft", cmd_perft, NULL, "[--fen FEN] [--divide] DEPTH",
         "count the leaf nodes of the move tree;\nthe total alone on the last line"},
        {"days", cmd_days, NULL,
         "--profile P --received DATE --sent DATE [--vacation START:END]...",
         "the thinking days one move costs"},
        {"easter", cmd_easter, NULL, "YEAR", "Easter Sunday and the holiday span"},
        {"transcript", cmd_transcript, NULL, "[--fen FEN] FILE",
         "replay a numbered ICCF transcript (\"-\" = stdin);\ncheck its series"},
        {"rate", cmd_rate, NULL, "[FILE|-]", "rate one group (DSU 4.5) given as JSON"},
        {"rating-coordinate", NULL, cmd_rating_coordinate, "--elo FILE [--apply [--on DATE]]",
         "the yearly Elo coordination (DSU 4.5.6)"},
        {"rating-update", NULL, cmd_rating_update, "[--from-scratch]",
         "rate the finished groups (all again)"},
        {"tourney", cmd_tourney, NULL, "[FILE|-]",
         "compute a DSU tournament case (JSON in, JSON out)"},
        {"help", cmd_help, NULL, "", "this list of the commands"},
};

#define NCOMMANDS   (sizeof commands / sizeof commands[0])
#define HELP_COLUMN 39 /* where the help of a command starts */

/* The command list: "  NAME ARGS" and its help from HELP_COLUMN on (on
 * the next line when NAME ARGS is longer), one line of help a line. */
static void list_commands(FILE *to)
{
	for (size_t k = 0; k < NCOMMANDS; k++) {
		const struct command *c = &commands[k];
		int w = fprintf(to, "  %s%s%s", c->name, *c->args ? " " : "", c->args);
		const char *h = c->help;
		if (w >= HELP_COLUMN - 1) {
			fputc('\n', to);
			w = 0;
		}
		while (*h) {
			const char *nl = strchr(h, '\n');
			size_t n = nl ? (size_t)(nl - h) : strlen(h);
			fprintf(to, "%*s%.*s\n", HELP_COLUMN - w, "", (int)n, h);
			w = 0;
			h += n + (nl != NULL);
		}
	}
}

static void usage(FILE *to)
{
	fputs("usage: corrchess [--db FILE] [--config FILE] [--KEY VALUE]... COMMAND [ARGS]\n"
	      "       corrchess --help | --version\n"
	      "commands:\n",
	      to);
	list_commands(to);
}

/* corrchess help: the usage with the command list, on stdout. */
static int cmd_help(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--help") != 0) {
		return cmd_fail("help", 2, "unexpected argument \"%s\"", argv[1]);
	}
	usage(stdout);
	return 0;
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
	static const struct option opts[] = {{"fen", required_argument, NULL, 'f'},
	                                     {"divide", no_argument, NULL, 'd'},
	                                     {"help", no_argument, NULL, 'h'},
	                                     {NULL, 0, NULL, 0}};
	const char *fen = "startpos";
	int divide = 0, opt;
	long depth = -1;
	optind = 1;
	opterr = 0; /* the one line below instead of getopt's */
	while ((opt = getopt_long(argc, argv, ":", opts, NULL)) != -1) {
		switch (opt) {
		case 'f':
			fen = optarg;
			break;
		case 'd':
			divide = 1;
			break;
		case 'h':
			puts("usage: corrchess perft [--fen FEN] [--divide] DEPTH");
			return 0;
		case ':':
			return cmd_fail("perft", 2, "%s needs a value (see --help)",
			                argv[optind - 1]);
		default:
			return cmd_fail("perft", 2, "unexpected argument \"%s\" (see --help)",
			                argv[optind - 1]);
		}
	}
	for (int i = optind; i < argc; i++) {
		if (depth >= 0) {
			return cmd_fail("perft", 2, "unexpected argument \"%s\" (see --help)",
			                argv[i]);
		}
		depth = parse_long(argv[i], 0, PERFT_MAX_DEPTH);
		if (depth < 0)
			return cmd_fail("perft", 2,
			                "depth must be a number from 0 to %d, not \"%s\"",
			                PERFT_MAX_DEPTH, argv[i]);
	}
	if (depth < 0)
		return cmd_fail("perft", 2, "a DEPTH is required (see --help)");
	position pos;
	char err[256];
	if (fen_parse(&pos, fen, err, sizeof err) != 0) {
		return cmd_fail("perft", 2, "%s", err);
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
	const struct command *found = NULL;
	for (size_t k = 0; k < NCOMMANDS && !found; k++)
		if (strcmp(commands[k].name, cmd) == 0)
			found = &commands[k];
	if (!found)
		fprintf(stderr, "corrchess: unknown command \"%s\" (see --help)\n", cmd);
	else if (found->run)
		status = found->run(argc - i, argv + i);
	else
		status = found->run_cfg(&cfg, argc - i, argv + i);
out:
	config_free(&cfg);
	return status;
}
