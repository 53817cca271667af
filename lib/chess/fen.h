/* fen.h: Forsyth-Edwards Notation in and out. */
#ifndef CORRCHESS_FEN_H
#define CORRCHESS_FEN_H

#include "chess/position.h"

#define FEN_STARTPOS "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define FEN_MAX 100 /* longest FEN text this module writes, with the NUL */

/* Reads a FEN (the word "startpos" is accepted too) into *pos.  Returns
 * CC_OK, CC_ERR_MALFORMED (text does not parse) or CC_ERR_INVALID (parses
 * but the position cannot occur: a king missing or doubled, pawns on the
 * back rank, the side not to move in check, castling rights without king
 * and rook at home, an impossible e.p. square, too many pieces); err gets
 * a sentence saying which.  The halfmove and fullmove fields may be left
 * out (0 and 1).  On failure *pos is unspecified. */
int fen_parse(position *pos, const char *fen, char *err, size_t errlen);

/* Writes the FEN of pos into buf (at least FEN_MAX bytes). */
void fen_write(const position *pos, char *buf);

#endif
