/* uci.h: UCI long algebraic notation ("e2e4", "e7e8q", castling as the
 * king's move "e1g1"), and the coordinate look-up the other notations
 * share: "find the legal move from this square to that one, or say exactly
 * why there is none".
 *
 * Nothing here allocates; every function works on a caller's position,
 * which it never changes. */
#ifndef CORRCHESS_UCI_H
#define CORRCHESS_UCI_H

#include <stddef.h>

#include "chess/position.h"

#define UCI_MAX      6    /* "e7e8q" and the NUL */
#define UCI_NO_PROMO (-1) /* promo argument of uci_find_move(): none given */

/* Reads a UCI move ("e2e4", "e7e8q"; the promotion letter may be upper
 * case; surrounding blanks are ignored) and finds it among the legal moves
 * of pos.  Returns CC_OK and sets *out, or
 *   CC_ERR_MALFORMED  the text is not a UCI move (err quotes it),
 *   CC_ERR_ILLEGAL    well-formed, but no such legal move (err says why,
 *                     see uci_find_move()); the null move "0000" too.
 * *out is MOVE_NONE on failure.  err (may be NULL) gets one sentence.
 * Cost: one legal move generation. */
int uci_parse(const position *pos, const char *text, move *out, char *err, size_t errlen);

/* Writes m as UCI into buf: "e2e4", "e7e8q", "e1g1"; MOVE_NONE as "0000". */
void uci_write(move m, char buf[UCI_MAX]);

/* Finds the legal move of pos that takes the piece on `from` to `to` and,
 * for a pawn reaching the last rank, promotes it to `promo` (KNIGHT ..
 * QUEEN; UCI_NO_PROMO when none was given).  Squares are 0..63.
 * Returns CC_OK and sets *out, or CC_ERR_ILLEGAL (*out = MOVE_NONE) with
 * the reason in err, without any prefix, one of (FIDE 3):
 *   "no piece on e3", "it is not your piece (...)",
 *   "castling is not allowed: ...", "castling is blocked: ...",
 *   "cannot castle out of check", "cannot castle through check: ...",
 *   "cannot castle into check: ...",
 *   "that piece cannot move there (...)",
 *   "leaves the king in check", "promotion piece missing (...)",
 *   "not a promotion (...)", "a pawn promotes to a queen, rook, bishop or
 *   knight".
 * A square outside 0..63 gives CC_ERR_RANGE.  Cost: one legal move
 * generation plus, on failure, a few attack look-ups. */
int uci_find_move(const position *pos, int from, int to, int promo, move *out, char *err,
                  size_t errlen);

#endif
