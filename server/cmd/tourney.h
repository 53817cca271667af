/* tourney.h: `corrchess tourney [FILE|-]` (issue 11): computes one DSU
 * tournament case in the input format of tests/vectors/tournaments.json
 * ({"kind": ..., "input": {...}}) and prints the result in the format of
 * its "expected" (a superset of it).  Parsing and printing only: every
 * rule lives in lib/tourney/dsu_*.c.
 *
 * Kinds: rr_standings, withdrawal, email_triggers, team_standings,
 * team_schedule, team_promotion, cup_prelim, cup_rights, rr_colours,
 * entry_rights, deadlines, register (docs/TOURNAMENTS.md has the input
 * fields). */
#ifndef CORRCHESS_CMD_TOURNEY_H
#define CORRCHESS_CMD_TOURNEY_H

#include <jansson.h>
#include <stddef.h>

/* corrchess tourney [FILE|-]: reads the case (default stdin), prints the
 * JSON result on stdout and returns 0; bad usage or bad input: one line
 * "corrchess: tourney: ..." on stderr and 2; --help: usage, 0. */
int cmd_tourney(int argc, char **argv);

#endif
