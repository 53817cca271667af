/* san.h: Standard Algebraic Notation (PGN standard 8.2.3, FIDE Laws
 * appendix C) in and out, with the Danish piece letters on input.
 *
 * Output is English SAN as PGN writes it: "Nf3", "exd6", "Nbd2", "R1a3",
 * "Qa1b2", "e8=Q", "axb8=R+", "O-O-O", "Qh4#".
 *
 * Input is tolerant: "+", "#", "!", "?" and "e.p." after the move are
 * ignored; castling as O-O / 0-0 / o-o (and -O); "e8Q" as "e8=Q"; a
 * superfluous disambiguation ("Ng1f3", "e2e4") or a missing "x" ("Nf3"
 * for Nxf3, "ed5" for exd5) is accepted when the move is still the only
 * one meant.  Piece letters are upper case, English K Q R B N (and P) or
 * Danish K D T L S (konge, dronning, taarn, loeber, springer); a lower
 * case letter is always a file, so "b4" and "bxc3" are pawn moves and
 * "Bb4" a bishop's.
 *
 * Nothing here allocates; pos is never changed. */
#ifndef CORRCHESS_SAN_H
#define CORRCHESS_SAN_H

#include <stddef.h>

#include "chess/position.h"

#define SAN_MAX 10 /* "Qa1xb2+", "axb8=R#" and the NUL, with room */

/* Writes legal move m of pos as SAN into buf: disambiguated only as much
 * as the LEGAL moves need (file if that is enough, else rank, else both,
 * so a pinned piece does not force it), "x" for captures (e.p. too),
 * "=Q" for promotions, "+" for check, "#" for mate, "O-O"/"O-O-O".
 * Returns CC_OK, or CC_ERR_ILLEGAL with buf = "" when m is not a legal
 * move of pos.  Cost: two legal move generations (one to disambiguate,
 * one after the move to tell "+" from "#"). */
int san_write(const position *pos, move m, char buf[SAN_MAX]);

/* Reads one SAN move and finds it among the legal moves of pos.  Returns
 * CC_OK and sets *out, or (*out = MOVE_NONE, one sentence in err):
 *   CC_ERR_MALFORMED  not SAN at all ("e9", "Zf3", "", "Ke8=Q"): the
 *                     message quotes the text and says what is wrong;
 *   CC_ERR_ILLEGAL    well-formed but no legal move fits, with the reason
 *                     (e.g. "no knight can move to f4", "leaves the king
 *                     in check", "promotion piece missing", "there is
 *                     nothing to capture on f3"), or more than one fits:
 *                     "ambiguous: could be Nbd2 or Nfd2".
 * Cost: one legal move generation, a few more to word an error. */
int san_parse(const position *pos, const char *text, move *out, char *err, size_t errlen);

#endif
