/* pgn.h: a PGN writer (Portable Game Notation, Steven J. Edwards,
 * revised 1994-03-12), export format only.
 *
 * What pgn_write() produces, so that chess.js, Scid and other readers
 * take it back:
 *   - the Seven Tag Roster in its order (PGN standard 8.1.1): Event, Site,
 *     Date, Round, White, Black, Result; then every other tag in ASCII
 *     order of its name (8.1.1), one tag per line, values escaped (8.1:
 *     backslash and quote get a backslash; control characters become
 *     blanks); then one empty line;
 *   - SetUp "1" and FEN (9.7) when the game does not start from the
 *     standard position with move number 1;
 *   - the movetext: tokens separated by one blank, lines filled greedily
 *     and never longer than PGN_LINE_MAX (79) bytes (8.2.1); move numbers
 *     "12." before every White move and "12..." before a Black move that
 *     opens the movetext or follows a comment (8.2.2.2); SAN written by
 *     san_write() while the moves are replayed (8.2.3); each move's
 *     comment in braces after it, wrapped at its blanks; the final
 *     comment; the termination marker last (8.2.6), equal to the Result
 *     tag; then one empty line.  Never two comments in a row: when the
 *     last move has a comment, the final comment joins it as
 *     "{move comment; final comment}" (chess.js 1.x reads one comment
 *     after a move, no more).
 *
 * The result "0-0" (scored as lost for both players, DSU 6.3.3.3) has no PGN
 * token: it is written as Result "*" and marker "*"; say why in the final
 * comment (pgn_ending_comment() has the sentence) and in Termination.
 *
 * Correspondence data uses these forms (helpers below):
 *   Mode         "PM" postal, "EM" e-mail, "TC" server play (the Mode tag
 *                of the PGN standard's supplemental tags; API.md "Exports");
 *   TimeControl  "moves/seconds" (9.6.1): 10 moves in 30 days is
 *                "10/2592000".  The standard has no repeating period: in
 *                correspondence the one period repeats (DSU 6.3.3: 30
 *                days per 10 moves, counted cumulatively);
 *   Termination  one of the values of 9.8.1;
 *   move comment "[%ccrcv 2027.08.02] [%ccsnt 2027.08.05] 3d": the date
 *                the move was received and the date it was sent, in the
 *                embedded command form ChessBase and ICCF files use for
 *                correspondence dates ("[%ccsnt YYYY.MM.DD]"; a date not
 *                known is left out), then the thinking days charged for
 *                it; " series" is added for a move that was played from
 *                a move series (DSU 6.2.5).  A received date after the
 *                sent date is shown as the sent date: in e-mail play the
 *                clock counts a move received the day after it was sent
 *                (DSU 6.8.6), but an answer sent that same day was plainly
 *                read that day.  No line break falls inside a command.
 *
 * Readers: chess.js 1.x does not know the escapes of 8.1 (its tag value
 * is any run of characters but '"'), so a name holding a '"' reads there
 * only in Scid and other readers that follow the standard; and it takes
 * tag names of letters only, as every tag corrchess writes is.
 *
 * Pure library code: no I/O, libc only.  Nothing here keeps a pointer
 * past its return. */
#ifndef CORRCHESS_PGN_H
#define CORRCHESS_PGN_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/position.h"

#define PGN_LINE_MAX         79                 /* PGN standard 8.2.1: "less than 80" */
#define PGN_OUT_MAX          (2u * 1024 * 1024) /* hard maximum of pgn_write()'s text, bytes */
#define PGN_TAGS_MAX         16                 /* further tags pgn_write() takes */
#define PGN_TAG_VALUE_MAX    255 /* longer tag values are cut (at a UTF-8 boundary) */
#define PGN_DATE_LEN         11  /* "YYYY.MM.DD" and the NUL */
#define PGN_TIME_CONTROL_LEN 24  /* "10/2592000" and more, with the NUL */
#define PGN_COMMENT_LEN      64  /* pgn_move_comment()'s text, with the NUL */

/* A further tag (Mode, TimeControl, Termination, ...). */
struct pgn_tag {
	const char *name;  /* borrowed: letters, digits and '_', starting with a letter */
	const char *value; /* borrowed: any text; NULL leaves the tag out */
};

/* One move of the game. */
struct pgn_move {
	move m;              /* legal in the position the moves before it reach */
	const char *comment; /* borrowed: text for "{...}" after the move; NULL or blank: none */
};

/* A game to write; every pointer is borrowed for the call only. */
struct pgn_game {
	const char *event;  /* NULL or "" gives "?" (unknown, PGN standard 8.1.1) */
	const char *site;   /* as event */
	const char *date;   /* "YYYY-MM-DD" (ISO), written "YYYY.MM.DD"; NULL gives "????.??.??" */
	const char *round;  /* as event; "-" means "not applicable" */
	const char *white;  /* as event */
	const char *black;  /* as event */
	const char *result; /* "*", "1-0", "0-1", "1/2-1/2" or "0-0" (written "*"); NULL = "*" */
	const position *start;      /* NULL: the standard start position */
	const struct pgn_tag *tags; /* further tags, any order; none may be an STR tag,
	                               SetUp or FEN (those are written by pgn_write) */
	size_t ntags;               /* at most PGN_TAGS_MAX */
	const struct pgn_move *moves;
	size_t nmoves;
	const char *final_comment; /* "{...}" before the marker; NULL or blank: none */
};

/* Writes g as one PGN game in export format (see the top of this file).
 * On CC_OK *out is the text, new (caller frees), ending "\n\n".
 * Fails, with *out = NULL and one sentence in err, with
 *   CC_ERR_INVALID  a bad result, date, tag name, or a tag given twice or
 *                   reserved (STR, SetUp, FEN), more than PGN_TAGS_MAX tags;
 *   CC_ERR_ILLEGAL  moves[i].m is not a legal move where it is played
 *                   (err names the move number and ply);
 *   CC_ERR_NOMEM    out of memory, or the text would pass PGN_OUT_MAX.
 * Comment text is cleaned: braces become parentheses, control characters
 * and runs of blanks one blank; a word longer than a line is split.
 * Cost: two legal move generations per move (san_write()), and linear in
 * the text. */
int pgn_write(const struct pgn_game *g, char **out, char *err, size_t errlen);

/* The PGN result token for an API result: "1-0", "0-1", "1/2-1/2" as they
 * are, "*" for "*" and "0-0" (no PGN token, see above); NULL for anything
 * else.  Borrowed, static storage. */
const char *pgn_result_token(const char *result);

/* The PGN Termination value (PGN standard 9.8.1) for an API termination
 * ("checkmate", "resignation", "time_forfeit", ..., or NULL/"") and
 * result: "unterminated" while the result is "*"; "time forfeit";
 * "adjudication" (also for a result the TL set with no termination);
 * "normal" for the endings over the board (mate, stalemate, dead
 * position, resignation, agreement, threefold, fifty moves).  Borrowed,
 * static storage; never NULL. */
const char *pgn_termination(const char *termination, const char *result);

/* A sentence saying how the game ended ("Black resigned.", "Drawn by
 * agreement.", "Scored 0-0: lost for both players."), for the final
 * comment and the transcript; NULL while the result is "*" or when
 * nothing is known.  Borrowed, static storage. */
const char *pgn_ending_comment(const char *termination, const char *result);

/* The Mode tag value for a time profile: "dsu-post" "PM" (paper mail),
 * "dsu-email" and "dsu-post-email" "EM" (electronic mail), "server" "TC"
 * (telecommunication); NULL for any other name.  Borrowed, static storage. */
const char *pgn_mode(const char *profile);

/* Writes the TimeControl value for `moves` moves in `days` days, in
 * PGN's "moves/seconds" form (9.6.1): (10, 30) gives "10/2592000".
 * CC_ERR_RANGE when moves is not 1..1000 or days not 1..100000 (buf then
 * holds "?", the standard's "unknown"). */
int pgn_time_control(int moves, int days, char buf[PGN_TIME_CONTROL_LEN]);

/* Converts an ISO date "YYYY-MM-DD" to the Date tag form "YYYY.MM.DD"
 * (PGN standard 8.1.1.3).  NULL or "" gives "????.??.??" and CC_OK;
 * anything that is not a real date gives "????.??.??" and
 * CC_ERR_MALFORMED. */
int pgn_date(const char *iso, char buf[PGN_DATE_LEN]);

/* Writes the documented move comment "[%ccrcv R] [%ccsnt S] Nd" (and
 * " series" when series is true) into buf.  received and sent are ISO
 * dates "YYYY-MM-DD", written in the PGN date form; one that is NULL, ""
 * or not a date leaves its command out, and a received date after the
 * sent date is written as the sent date (see above); days < 0 is shown as
 * "?d".  Returns CC_OK, or CC_ERR_NOMEM when the text did not fit (buf is
 * then cut). */
int pgn_move_comment(const char *received, const char *sent, int days, bool series,
                     char buf[PGN_COMMENT_LEN]);

#endif
