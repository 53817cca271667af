/* transcript.h: the `corrchess transcript` subcommand, a thin wrapper
 * over lib/notation/iccf.h (numbered ICCF transcripts, DSU 6.2.2) and lib/corr/series.h
 * (move series, DSU 6.2.5).
 *
 *   corrchess transcript [--fen FEN] FILE      (FILE "-" reads stdin)
 *
 * Takes the subcommand's own argv (argv[0] is "transcript") and returns
 * the process exit status: 0 on success (output on stdout), 2 on bad usage
 * or a malformed or illegal transcript (nothing on stdout, one line on
 * stderr starting "corrchess: transcript: " that names the entry and the
 * reason), 1 when the file cannot be read.  `--help` prints the usage on
 * stdout and returns 0. */
#ifndef CORRCHESS_CMD_TRANSCRIPT_H
#define CORRCHESS_CMD_TRANSCRIPT_H

/* Reads a numbered ICCF transcript ("11.-,1716 12. 2425, 01625 13. 1118",
 * blanks and line breaks alike), replays it from FEN (default the start
 * position) and prints one line per move (number, colour, ICCF, SAN),
 * then the position reached after every move of the file, a proposed
 * series included (here after 14.d4 of the DSU 6.2.5 example):
 *
 *   11 black 1716 a6
 *   12 white 2425 b5
 *   ...
 *   fen: b2q2k1/5ppp/8/1p6/3P4/8/5PPP/6K1 b - - 0 14
 *
 * and, when a "0" marks the start of a proposed series, the series (the
 * moves from the mark on) as series_check() accepted it from the position
 * before its first move, in DSU numeric form ("57581" is written
 * "5758(1)"):
 *
 *   series: 1625 1118 2718 4244 */
int cmd_transcript(int argc, char **argv);

#endif
