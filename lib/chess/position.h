/* position.h: the position and the move value type.
 *
 * Representation: bitboards (one 64-bit set per piece type and per colour)
 * plus a 64-byte mailbox for "what stands on square s".  Squares are
 * numbered a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63, so
 * file = sq & 7 and rank = sq >> 3.  Sliding attacks use magic bitboards
 * whose multipliers are found at start-up by a seeded random search
 * (chess_init()); nothing is global but those read-only tables, so any
 * number of positions can live in one process (no global board, docs/ARCHITECTURE.md).
 */
#ifndef CORRCHESS_BOARD_H
#define CORRCHESS_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint64_t bitboard;

enum { WHITE = 0, BLACK = 1 };
enum { PAWN = 0, KNIGHT, BISHOP, ROOK, QUEEN, KING, NPIECE_TYPES };

/* A piece on the mailbox: 0 = empty, else (colour << 3) | (type + 1). */
#define PIECE_NONE       0
#define PIECE_MAKE(c, t) ((uint8_t)(((c) << 3) | ((t) + 1)))
#define PIECE_COLOR(p)   ((p) >> 3)
#define PIECE_TYPE(p)    (((p)&7) - 1)

#define SQ(file, rank) ((rank)*8 + (file))
#define SQ_FILE(s)     ((s)&7)
#define SQ_RANK(s)     ((s) >> 3)
#define SQ_NONE        (-1)

/* Castling rights, as in FEN "KQkq". */
enum { CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4, CASTLE_BQ = 8 };

/* A move is a 16-bit value:
 *   bits 0-5   from square
 *   bits 6-11  to square
 *   bits 12-15 flags: MOVE_QUIET, MOVE_DOUBLE_PUSH, MOVE_CASTLE_K/Q,
 *              MOVE_CAPTURE, MOVE_EP, and MOVE_PROMO | piece (N, B, R, Q as
 *              0..3), with MOVE_CAPTURE or'ed in for a capturing promotion.
 * Castling is encoded as the king's move (e1g1), as ICCF writes it.
 * MOVE_NONE (0, a1a1 quiet) is never a legal move. */
typedef uint16_t move;
#define MOVE_NONE ((move)0)
enum {
	MOVE_QUIET = 0,
	MOVE_DOUBLE_PUSH = 1,
	MOVE_CASTLE_K = 2,
	MOVE_CASTLE_Q = 3,
	MOVE_CAPTURE = 4,
	MOVE_EP = 5,
	MOVE_PROMO = 8, /* | 0..3 for N, B, R, Q; | MOVE_CAPTURE if it takes */
};
#define MOVE_MAKE(from, to, flags) ((move)((from) | ((to) << 6) | ((flags) << 12)))
#define MOVE_FROM(m)               ((m)&63)
#define MOVE_TO(m)                 (((m) >> 6) & 63)
#define MOVE_FLAGS(m)              ((m) >> 12)
#define MOVE_IS_PROMO(m)           (((m) >> 12) & MOVE_PROMO)
#define MOVE_IS_CAPTURE(m)         ((((m) >> 12) & MOVE_CAPTURE) != 0) /* incl. e.p. */
#define MOVE_IS_CASTLE(m)          (MOVE_FLAGS(m) == MOVE_CASTLE_K || MOVE_FLAGS(m) == MOVE_CASTLE_Q)
/* The piece type a promotion makes (KNIGHT..QUEEN); only for promotions. */
#define MOVE_PROMO_TYPE(m) ((((m) >> 12) & 3) + KNIGHT)

/* The most legal moves any position has is 218; this leaves room. */
#define MAX_MOVES 256

typedef struct position {
	bitboard by_type[NPIECE_TYPES]; /* both colours */
	bitboard by_color[2];
	uint8_t board[64]; /* PIECE_* per square */
	uint8_t side;      /* WHITE or BLACK to move */
	uint8_t castling;  /* CASTLE_* bits */
	int8_t ep;         /* en-passant target square, or SQ_NONE; set only
	                      when a pawn of the side to move stands beside
	                      the pawn that just moved two squares */
	uint16_t halfmove; /* plies since the last capture or pawn move */
	uint16_t fullmove; /* starts at 1, grows after Black's move */
	uint64_t key;      /* Zobrist key of pieces, side, castling, e.p. */
} position;

/* What position_do_move() saved so position_undo_move() can restore it. */
typedef struct undo {
	uint64_t key;
	uint16_t halfmove;
	uint8_t castling;
	int8_t ep;
	uint8_t captured; /* PIECE_* taken, PIECE_NONE if none */
} undo;

/* Builds the attack tables and Zobrist keys.  Idempotent and thread-safe
 * (call_once); every public entry point that needs the tables calls it,
 * so callers need not, but a server may call it once at start-up. */
void chess_init(void);

/* The standard start position. */
void position_startpos(position *pos);

/* Puts piece p (PIECE_MAKE(...)) on the empty square sq, updating the
 * bitboards and the key; for building positions (FEN, tests). */
void position_put_piece(position *pos, int sq, uint8_t p);

/* Plays a legal move (as produced by movegen_legal()); cost O(1).  Passing
 * anything else is a programming error (asserted in debug builds). */
void position_do_move(position *pos, move m, undo *u);
/* Takes back the move just played with the undo record it filled. */
void position_undo_move(position *pos, move m, const undo *u);

/* True when the side to move is in check. */
bool position_in_check(const position *pos);

/* The squares of `by` pieces attacking square sq, given occupancy occ. */
bitboard position_attackers(const position *pos, int sq, int by, bitboard occ);

/* Recomputes the Zobrist key from scratch (used by FEN and self-checks). */
uint64_t position_compute_key(const position *pos);

/* Checks the internal consistency of bitboards, mailbox and key; returns
 * true when all agree.  For tests and assertions. */
bool position_is_consistent(const position *pos);

/* Attack sets, for the notation and ending modules. */
bitboard attacks_knight(int sq);
bitboard attacks_king(int sq);
bitboard attacks_pawn(int color, int sq);
bitboard attacks_bishop(int sq, bitboard occ);
bitboard attacks_rook(int sq, bitboard occ);

static inline int bb_count(bitboard b)
{
	return __builtin_popcountll(b);
}
static inline int bb_lsb(bitboard b)
{
	return __builtin_ctzll(b);
}
static inline bitboard bb_sq(int sq)
{
	return (bitboard)1 << sq;
}

#endif
