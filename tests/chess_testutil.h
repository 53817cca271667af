/* chess_testutil.h: helpers of the chess-module tests (testutil.c). */
#ifndef CORRCHESS_CHESS_TESTUTIL_H
#define CORRCHESS_CHESS_TESTUTIL_H

#include <stddef.h>

#include "chess/position.h"

/* Reads fen into *pos; fails the running test with the reason if it
 * does not parse. */
void tu_load(position *pos, const char *fen);

/* A move reader of lib/ (iccf_parse, san_parse, uci_parse, ...). */
typedef int (*tu_parser)(const position *pos, const char *text, move *out, char *err,
                         size_t errlen);

/* Reads text in fen with parse and expects status `want`, MOVE_NONE in
 * the result, and `reason` inside the message. */
void tu_parse_fails(tu_parser parse, const char *fen, const char *text, int want,
                    const char *reason);

/* tests/vectors/notation.json, column `column` ("san", "uci", ...): in
 * each case that has it, parse reads the column as the move the ICCF
 * input means, and write (buf of 16 bytes) writes that move back as the
 * column.  Fails the test when fewer than 10 cases have the column. */
void tu_notation_vectors(const char *column, tu_parser parse,
                         void (*write)(const position *pos, move m, char *buf));

/* The six test positions of the Chess Programming Wiki "Perft Results". */
#define TU_PERFT_FENS 6
extern const char *const tu_perft_fens[TU_PERFT_FENS];

/* Calls fn on each perft position and on every position one legal move
 * from one (the round-trip tests of the notations: every legal move two
 * plies deep): the position, its legal moves, the FEN it came from.
 * Returns the number of moves handed over. */
size_t tu_each_position(void (*fn)(const position *pos, const move *list, int n, const char *fen,
                                   void *ctx),
                        void *ctx);

#endif
