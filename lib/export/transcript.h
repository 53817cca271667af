/* transcript.h: a game's moves with dates and thinking time as the table
 * of the DSU e-mail rules (DSU 6.8.2, "ICCF-model"):
 *
 *     Recv.  Sent   Time  No. White Black  Recv.  Sent   Time
 *     ----   29/08  0/00  01. 5254  5755   29/08  30/08  1/01
 *     30/08  31/08  1/01  02. 7163  2836   31/08  03/09  3/04
 *     03/09  05/09  2/03  03. 6125
 *
 *     White: 03/09-05/09 2/03  Black: 31/08-03/09 3/04
 *
 * One row per move number: White's received date, sent date and time,
 * the number ("01."), both moves in ICCF numeric form (DSU form with the
 * promotion digit in parentheses), and Black's three columns.
 *   - Dates are dd/mm; an unknown date is "--/--".  A received date after
 *     the sent date (an e-mail reply sent the day its move came, which
 *     DSU 6.8.6 counts as received the next day) is shown as the sent
 *     date.
 *   - Time is "days of this move / the side's total so far", the total
 *     with at least two digits ("3/04"); the total is the sum of the
 *     moves' days as given (penalties are not added here).
 *   - The first move of the game has no move to receive: its received
 *     column shows "----", as in the model (its days still count from the
 *     date given, e.g. the start date, DSU 6.3.1).
 *   - A game that starts with Black to move shows "-" for White's move of
 *     the first row and leaves White's dates empty (as "11.-,1716" in
 *     DSU 6.2.5); a row whose Black move is not made yet ends after the
 *     White move.  No line has blanks at its end.
 *   - The columns are as wide as the model's and grow only when a value
 *     is wider (a promotion "5758(1)", a move number over 99, a total
 *     over 99 days), so the table stays aligned.
 * The line after the table gives each side's last move ("received-sent
 * days/total"), as the model's "Betænkningstid"; a side that has not
 * moved shows "- 0/00".
 *
 * Optional lines before the table (a title, "White name - Black name",
 * "Started YYYY-MM-DD") and after it ("Result: 1-0 (Black resigned.)").
 *
 * Pure library code: no I/O, libc only. */
#ifndef CORRCHESS_TRANSCRIPT_H
#define CORRCHESS_TRANSCRIPT_H

#include <stddef.h>
#include <stdint.h>

#define TRANSCRIPT_NO_DATE   INT32_MIN      /* a date that is not known */
#define TRANSCRIPT_OUT_MAX   (1024u * 1024) /* hard maximum of the text, bytes */
#define TRANSCRIPT_MOVES_MAX 2000           /* plies; as GAME_MAX_PLIES */
#define TRANSCRIPT_TEXT_MAX  200            /* longest title, name, result or ending */

/* One move (ply). */
struct transcript_move {
	const char *iccf; /* borrowed: "5254"; a promotion "5758(1)" or "57581" */
	int32_t received; /* calendar.h day number, or TRANSCRIPT_NO_DATE */
	int32_t sent;     /* likewise */
	int days;         /* thinking days charged for the move, 0..99999 */
};

/* A game; every pointer is borrowed for the call only, and NULL leaves
 * the optional line out. */
struct transcript_game {
	const char *title; /* first line, e.g. "corrchess game 7", or NULL */
	const char *white; /* with black: the line "White - Black", or NULL */
	const char *black;
	int32_t start;         /* "Started YYYY-MM-DD", or TRANSCRIPT_NO_DATE for none */
	unsigned first_number; /* move number of the first move (FEN fullmove), 1..9999 */
	int first_color;       /* WHITE or BLACK (board.h): who makes the first move */
	const struct transcript_move *moves;
	size_t nmoves;      /* at most TRANSCRIPT_MOVES_MAX */
	const char *result; /* "Result: R" after the table; NULL or "*": no line */
	const char *ending; /* " (ending)" after the result, or NULL */
};

/* Writes the transcript of g (see the top of this file), each line ending
 * "\n".  The texts (title, names, result, ending) are cut at
 * TRANSCRIPT_TEXT_MAX bytes (at a UTF-8 boundary) and their control
 * characters written as blanks.  On CC_OK *out is the text, new (caller
 * frees).  Fails with *out = NULL and a sentence in err: CC_ERR_INVALID
 * (a move that is not ICCF numeric, days out of range, a bad first
 * number or colour), CC_ERR_RANGE (more than TRANSCRIPT_MOVES_MAX moves,
 * a date outside the years 1..9999) or CC_ERR_NOMEM.  Cost: two passes
 * over the moves, linear. */
int transcript_write(const struct transcript_game *g, char **out, char *err, size_t errlen);

#endif
