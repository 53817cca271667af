/* notation.h: one move in whatever notation a player wrote it (DSU 6.2.2):
 * ICCF numeric ("5254", "5758(1)", "57581"), UCI ("e2e4", "e7e8q"), or SAN
 * with English or Danish piece letters ("Nf3", "Sf3", "exd6", "O-O"). */
#ifndef CORRCHESS_NOTATION_H
#define CORRCHESS_NOTATION_H

#include <stddef.h>

#include "chess/position.h"

#define NOTATION_MAX 32 /* longest move text read */

/* Reads text as ICCF numeric when it starts with a digit, as UCI when it
 * has UCI's shape (square, square, optional promotion letter), else as
 * SAN.  Returns CC_OK and *out, or the status of the notation the text was
 * read in (CC_ERR_MALFORMED, CC_ERR_ILLEGAL with the reason) with a
 * sentence in err.  pos is not changed.  Cost: a few legal move
 * generations at most. */
int notation_parse(const position *pos, const char *text, move *out, char *err, size_t errlen);

#endif
