/* fen.h: Forsyth-Edwards Notation in and out. */
#ifndef CORRCHESS_FEN_H
#define CORRCHESS_FEN_H

#include "chess/position.h"

#define FEN_STARTPOS "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define FEN_MAX      100 /* longest FEN text this module writes, with the NUL */

/* Reads a FEN (the word "startpos" is accepted too) into *pos.  Returns
 * CC_OK, CC_ERR_MALFORMED (text does not parse) or CC_ERR_INVALID (parses
 * but the position cannot occur: a king missing or doubled, pawns on the
 * back rank, the side not to move in check, castling rights without king
 * and rook at home, an impossible e.p. square, too many pieces); err gets
 * a sentence saying which.  The halfmove and fullmove fields may be left
 * out (0 and 1).  On failure *pos is unspecified. */
int fen_parse(position *pos, const char *fen, char *err, size_t errlen);

/* Writes the FEN of pos into buf, which has room for len bytes (FEN_MAX
 * is always enough).  CC_OK, or CC_ERR_NOMEM when it does not fit: then
 * buf holds "" (when len > 0) and nothing is written past buf[len - 1]. */
int fen_write(const position *pos, char *buf, size_t len);

#endif
