/* game.h: a game record and the rules that end a game (FIDE 5, 9).
 *
 * game_status() looks at one position: checkmate, stalemate, dead
 * position.  A `game` keeps the start position, the moves played (at most
 * GAME_MAX_PLIES) and a repetition key per position, so the two claims of
 * FIDE 9.2 (threefold repetition) and 9.3 (fifty moves) can be checked,
 * each on the position on the board or on the position after the move
 * the claimant intends (the claimant is always the side to move).
 *
 * Dead positions detected (FIDE 5.2.2; at least these, docs/RULES.md):
 * no pawns, rooks or queens on the board, and either
 *   - at most one minor piece in all: K v K, K+B v K, K+N v K; or
 *   - no knights, and every bishop (of either side, any number) on squares
 *     of one colour: K+B v K+B with same-coloured bishops, K+B+B v K ...
 * Other dead positions (locked pawn chains, a king walled in) are NOT
 * detected; such games end by agreement or a claim.
 *
 * The automatic draws of FIDE 9.6 (fivefold repetition, 75 moves) are
 * over-the-board rules and are not applied. */
#ifndef CORRCHESS_GAME_H
#define CORRCHESS_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chess/position.h"

#define GAME_MAX_PLIES 2000 /* hard maximum of moves (plies) in a game */

enum game_state {
	GAME_ONGOING = 0,
	GAME_CHECKMATE,     /* FIDE 5.1.1: the side to move is mated and lost */
	GAME_STALEMATE,     /* FIDE 5.2.1: no legal move, not in check: draw */
	GAME_DEAD_POSITION, /* FIDE 5.2.2: no sequence of legal moves mates: draw */
};

/* A short stable name: "ongoing", "checkmate", "stalemate", "dead
 * position"; borrowed, static storage. */
const char *game_state_name(enum game_state s);

/* How the position stands: checkmate or stalemate when the side to move
 * has no legal move, else a dead position as listed above, else ongoing.
 * Cost: one legal move generation. */
enum game_state game_status(const position *pos);

/* True for the dead positions listed above.  Cost: a few popcounts. */
bool game_is_dead_position(const position *pos);

/* A 64-bit key that is equal for positions that count as the same for
 * FIDE 9.2.3: same side to move, same pieces on the same squares, same
 * castling rights, and the same en-passant POSSIBILITY: pos->ep is kept
 * in the key only when a legal e.p. capture exists (not, e.g., when the
 * only pawn that could take is pinned).  Cost: a legal move generation
 * when pos->ep is set, else O(1). */
uint64_t game_repetition_key(const position *pos);

/* A game record: opaque. */
typedef struct game game;

/* A new game starting from *start (copied).  Caller frees with
 * game_free(); NULL when out of memory. */
game *game_new(const position *start);

/* Frees g; NULL is a no-op. */
void game_free(game *g);

/* A deep copy of g (its start, its moves, the position now); free with
 * game_free().  NULL when out of memory.  O(moves). */
game *game_copy(const game *g);

/* The bytes g holds (for a bounded cache of replayed games). */
size_t game_bytes(const game *g);

/* Plays move m.  Returns CC_OK, or, leaving g unchanged and one sentence
 * in err: CC_ERR_ILLEGAL (m is not a legal move, or the game is already
 * over by checkmate, stalemate or dead position), CC_ERR_RANGE
 * (GAME_MAX_PLIES reached) or CC_ERR_NOMEM.  Cost: two legal move
 * generations. */
int game_play(game *g, move m, char *err, size_t errlen);

/* The legal moves of the position now into *list (borrowed: valid until
 * the next game_play() or game_free()); returns their number.  One legal
 * move generation, kept, so a game_play() of one of them costs none. */
int game_legal_moves(game *g, const move **list);

/* The position now and at the start: borrowed, valid until the next
 * game_play() or game_free(). */
const position *game_position(const game *g);
const position *game_start_position(const game *g);

/* The number of moves (plies) played, and move i (0-based; MOVE_NONE when
 * i is out of range). */
size_t game_ply_count(const game *g);
move game_move_at(const game *g, size_t i);

/* game_status() of the current position. */
enum game_state game_ending(const game *g);

/* How many times the position on the board (intended == MOVE_NONE), or
 * the position after the legal move `intended`, has occurred in the game,
 * that occurrence included (FIDE 9.2.3 sameness, see
 * game_repetition_key()).  Returns the count (>= 1), or CC_ERR_ILLEGAL
 * when intended is not a legal move.  Each match of the key is confirmed
 * by comparing the positions themselves, so hash collisions cannot make a
 * false claim succeed.  Cost: a replay of the game, O(plies). */
int game_repetitions(const game *g, move intended);

/* FIDE 9.2: true when the side to move may claim a draw by threefold
 * repetition: the position on the board (intended == MOVE_NONE) or after
 * its intended legal move occurs for at least the third time.  False for
 * an illegal intended move. */
bool game_can_claim_threefold(const game *g, move intended);

/* FIDE 9.3: true when the side to move may claim a draw by the fifty-move
 * rule: the last 50 moves of each side (halfmove clock >= 100, counted
 * from the start position's clock) had no pawn move and no capture, on the
 * board (intended == MOVE_NONE) or after its intended legal move.  False
 * for an illegal intended move.  Cost: O(1), or one legal move generation
 * with an intended move. */
bool game_can_claim_fifty(const game *g, move intended);

#endif
