/* movegen.h: legal move generation and perft.
 *
 * movegen_legal() produces strictly legal moves (pins, checks, castling
 * through attacked squares, and the e.p. capture that would expose the king
 * along the rank are all handled), so callers never filter. */
#ifndef CORRCHESS_MOVEGEN_H
#define CORRCHESS_MOVEGEN_H

#include "chess/position.h"

/* Fills out[] (room for MAX_MOVES) with every legal move of the side to
 * move; returns the count.  No allocation; cost is linear in the moves. */
int movegen_legal(const position *pos, move *out);

/* True when m (any 16-bit value) is one of the legal moves of pos. */
bool movegen_is_legal(const position *pos, move m);

/* Counts the leaf nodes of the legal move tree to `depth` plies (perft);
 * pos is restored before it returns.  depth 0 gives 1. */
uint64_t movegen_perft(position *pos, int depth);

#endif
