/* clock.h: the `corrchess days` and `corrchess easter` subcommands
 * (API.md "Programs"), thin wrappers over lib/clock/clock.h and lib/clock/calendar.h.
 *
 * Both take the subcommand's own argv (argv[0] is "days" / "easter") and
 * return the process exit status: 0 on success (output on stdout), 2 on
 * bad usage or bad input (one line on stderr starting "corrchess: ").
 * `--help` prints the usage on stdout and returns 0. */
#ifndef CORRCHESS_CMD_CLOCK_H
#define CORRCHESS_CMD_CLOCK_H

/* corrchess days --profile P --received DATE --sent DATE [--vacation START:END]...
 * Prints the days one move costs (DSU 6.3.1), the number alone on the last
 * line.  --opponent-sent DATE may replace --received for profiles whose
 * receipt date follows from the sender's (dsu-email, server). */
int cmd_days(int argc, char **argv);

/* corrchess easter YEAR
 * Prints Easter Sunday and the mandatory Easter holiday (DSU 6.3.6.2):
 *   easter YYYY-MM-DD
 *   holiday YYYY-MM-DD YYYY-MM-DD */
int cmd_easter(int argc, char **argv);

#endif
