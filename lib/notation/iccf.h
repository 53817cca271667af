/* iccf.h: ICCF numeric notation (DSU 6.2.2) for single moves, and the
 * numbered transcripts with move series (DSU 6.2.5, DSU 6.2.2, 6.2.5).
 *
 * A move is four digits: from-file, from-rank, to-file, to-rank, files
 * a..h = 1..8.  Castling is the king's move (5171, 5131, 5878, 5838).  A
 * promotion adds a fifth digit, 1 = queen, 2 = rook, 3 = bishop,
 * 4 = knight: "5758(1)" (DSU form, written) or "57581" (ICCF form, read).
 *
 * A transcript numbers the moves: "11.-,1716 12. 2425, 01625 13. 1118".
 * "-" stands for a move not shown; a "0" before a move marks the first
 * move of a proposed series.  Parsing a transcript only checks the text;
 * iccf_transcript_replay() then turns it into moves from a position. */
#ifndef CORRCHESS_ICCF_H
#define CORRCHESS_ICCF_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/position.h"

#define ICCF_MAX            8    /* "5758(1)" and the NUL */
#define ICCF_TRANSCRIPT_MAX 2000 /* entries (plies) a transcript may hold */

/* Reads one numeric move ("5254", "5758(1)", "57581"; blanks around it are
 * ignored) and finds it among the legal moves of pos.  Returns CC_OK and
 * sets *out, or (with *out = MOVE_NONE and one sentence in err)
 *   CC_ERR_MALFORMED  empty, wrong length, a digit 0 or 9, a promotion
 *                     digit other than 1-4, stray characters; the message
 *                     quotes the text and says what is wrong;
 *   CC_ERR_ILLEGAL    well-formed but not a legal move; the message is
 *                     'illegal move "5255": ' and a reason from
 *                     uci_find_move() ("no piece on e3", "leaves the king
 *                     in check", "promotion piece missing (...)", ...).
 * Cost: one legal move generation. */
int iccf_parse(const position *pos, const char *text, move *out, char *err, size_t errlen);

/* Writes m in the DSU form: "5254", "5171" for O-O, "5758(1)" for e8=Q. */
void iccf_write(move m, char buf[ICCF_MAX]);

/* One move of a transcript. */
typedef struct iccf_entry {
	unsigned number;     /* the move number, 1.. */
	int color;           /* WHITE or BLACK */
	bool series_start;   /* written with a leading 0: the first proposed move (DSU 6.2.5) */
	char text[ICCF_MAX]; /* the numeric move as written, without the 0 mark */
} iccf_entry;

/* A list of consecutive plies (each entry follows the one before: White's
 * move n, Black's move n, White's move n + 1, ...), at most one of them
 * marked as a series start.  Opaque; read it with the accessors. */
typedef struct iccf_transcript iccf_transcript;

/* An empty transcript: new, free with iccf_transcript_free(); NULL when
 * out of memory. */
iccf_transcript *iccf_transcript_new(void);

/* Frees t; NULL is a no-op. */
void iccf_transcript_free(iccf_transcript *t);

/* The number of entries, and entry i (0-based): borrowed, valid until t is
 * changed or freed; NULL when i >= count. */
size_t iccf_transcript_count(const iccf_transcript *t);
const iccf_entry *iccf_transcript_entry(const iccf_transcript *t, size_t i);

/* The index of the series-start entry, or -1 when there is none. */
long iccf_transcript_series_index(const iccf_transcript *t);

/* Appends one entry; text is a numeric move in either promotion form
 * (copied).  Fails, leaving t unchanged, with CC_ERR_MALFORMED (text is
 * not a numeric move), CC_ERR_INVALID (not the ply after the last entry,
 * a move number 0 or above 9999, colour not WHITE/BLACK, or a second
 * series start) or CC_ERR_NOMEM (out of memory, or ICCF_TRANSCRIPT_MAX
 * entries).  Amortised O(1). */
int iccf_transcript_add(iccf_transcript *t, unsigned number, int color, const char *text,
                        bool series_start, char *err, size_t errlen);

/* Appends legal move m played in `before`: number and colour come from
 * the position, the text from iccf_write().  Errors as iccf_transcript_add
 * (m itself is not checked; replay does that). */
int iccf_transcript_add_move(iccf_transcript *t, const position *before, move m, bool series_start,
                             char *err, size_t errlen);

/* Parses a transcript.  Accepted: move numbers "12." (also "01."), "12..."
 * or "12. ..." before a lone Black move, the two moves of a number
 * separated by blanks and/or one comma, "-" for White's move at the very
 * start ("11.-,1716"), a leading 0 for the series start.  On CC_OK *out
 * is a new transcript (caller frees); on failure *out is NULL and the
 * status is CC_ERR_MALFORMED (with where and what) or one of
 * iccf_transcript_add()'s.  Cost: linear in the text. */
int iccf_transcript_parse(const char *text, iccf_transcript **out, char *err, size_t errlen);

/* Writes t in the DSU e-mail form: "11.-,1716 12. 2425, 01625 13. 1118":
 * "N. white, black" per number, "N.-,black" when a number starts with
 * Black, one blank between numbers.  Returns a new string (caller frees),
 * "" for an empty transcript, NULL when out of memory. */
char *iccf_transcript_write(const iccf_transcript *t);

/* Replays t from `start`: each entry must be the side to move and the
 * move number of the position it is played in, and a legal move there.
 * On CC_OK moves[0 .. count-1] holds the moves and, when end is not NULL,
 * *end the position after the last one.  On failure *bad_index (if not
 * NULL) is the index of the first bad entry, moves before it are filled,
 * and err says e.g. 'move 13. 1118: illegal move "1118": no piece on a1';
 * the status is iccf_parse()'s, or CC_ERR_INVALID for a number or colour
 * that does not fit the position.  moves needs room for count entries.
 * Cost: one legal move generation per entry. */
int iccf_transcript_replay(const iccf_transcript *t, const position *start, move *moves,
                           size_t *bad_index, position *end, char *err, size_t errlen);

#endif
