/* movegen.c: strictly legal move generation and perft.
 *
 * The generator works out, before producing any move, which of our pieces
 * are pinned to the king (and along which line) and which squares stop a
 * single check (the checker and the squares between it and the king).
 * Every move then is legal by construction, except en passant, which can
 * uncover a rank attack by taking two pawns off one rank at once; that
 * rare move is checked by looking at the king's lines after it.
 * FIDE 3.1-3.9 are the rules of movement; FIDE 3.9: no move may leave the
 * own king attacked. */
#include "chess/movegen.h"

#include <string.h>
#include <threads.h>

static bitboard between_bb[64][64]; /* squares strictly between, if aligned */
static bitboard line_bb[64][64];    /* the whole line through both, if aligned */
static once_flag lines_once = ONCE_FLAG_INIT;

static void init_lines(void)
{
	chess_init();
	for (int a = 0; a < 64; a++)
		for (int b = 0; b < 64; b++) {
			if (a == b)
				continue;
			if (attacks_rook(a, 0) & bb_sq(b)) {
				line_bb[a][b] = (attacks_rook(a, 0) & attacks_rook(b, 0)) |
				                bb_sq(a) | bb_sq(b);
				between_bb[a][b] =
				        attacks_rook(a, bb_sq(b)) & attacks_rook(b, bb_sq(a));
			} else if (attacks_bishop(a, 0) & bb_sq(b)) {
				line_bb[a][b] = (attacks_bishop(a, 0) & attacks_bishop(b, 0)) |
				                bb_sq(a) | bb_sq(b);
				between_bb[a][b] =
				        attacks_bishop(a, bb_sq(b)) & attacks_bishop(b, bb_sq(a));
			}
		}
}

/* Appends moves from `from` to every square of `targets`, or only counts
 * them when out is NULL.  Inlined so the counting variant costs nothing. */
#define EMIT_ALL(from, targets, flags_of)                                                          \
	do {                                                                                       \
		bitboard t_ = (targets);                                                           \
		if (!out) {                                                                        \
			n += bb_count(t_);                                                         \
			break;                                                                     \
		}                                                                                  \
		while (t_) {                                                                       \
			int to_ = bb_lsb(t_);                                                      \
			t_ &= t_ - 1;                                                              \
			out[n++] = MOVE_MAKE((from), to_, flags_of(to_));                          \
		}                                                                                  \
	} while (0)

/* Emits the four promotions of one pawn move (or counts them). */
static inline int emit_promos(move *out, int n, int from, int to, int capture)
{
	if (out) {
		int fl = MOVE_PROMO | (capture ? MOVE_CAPTURE : 0);
		for (int p = 3; p >= 0; p--) /* queen first */
			out[n++] = MOVE_MAKE(from, to, fl | p);
		return n;
	}
	return n + 4;
}

/* True when the e.p. capture from->to does not expose our king. */
static bool ep_is_safe(const position *pos, int from, int to, int ksq)
{
	int us = pos->side, them = us ^ 1;
	int capsq = to + (us == WHITE ? -8 : 8);
	bitboard occ = (pos->by_color[WHITE] | pos->by_color[BLACK]);
	occ = (occ ^ bb_sq(from) ^ bb_sq(capsq)) | bb_sq(to);
	bitboard enemy = pos->by_color[them] & ~bb_sq(capsq);
	bitboard orth = (pos->by_type[ROOK] | pos->by_type[QUEEN]) & enemy;
	bitboard diag = (pos->by_type[BISHOP] | pos->by_type[QUEEN]) & enemy;
	if ((attacks_rook(ksq, occ) & orth) || (attacks_bishop(ksq, occ) & diag))
		return false;
	if (attacks_knight(ksq) & pos->by_type[KNIGHT] & enemy)
		return false;
	return !(attacks_pawn(us, ksq) & pos->by_type[PAWN] & enemy);
}

#define FLAG_TO(to_) (board[to_] ? MOVE_CAPTURE : MOVE_QUIET)

static inline __attribute__((always_inline)) int generate(const position *pos, move *out)
{
	const uint8_t *board = pos->board;
	int us = pos->side, them = us ^ 1;
	bitboard own = pos->by_color[us], enemy = pos->by_color[them];
	bitboard occ = own | enemy;
	int ksq = bb_lsb(own & pos->by_type[KING]);
	int n = 0;

	bitboard checkers = position_attackers(pos, ksq, them, occ);

	/* King moves: the target must not be attacked once the king has
	 * left its square (a slider's ray passes through the old square). */
	bitboard occ_noking = occ ^ bb_sq(ksq);
	bitboard kt = attacks_king(ksq) & ~own;
	while (kt) {
		int to = bb_lsb(kt);
		kt &= kt - 1;
		if (position_attackers(pos, to, them, occ_noking))
			continue;
		if (out)
			out[n++] = MOVE_MAKE(ksq, to, FLAG_TO(to));
		else
			n++;
	}
	if (checkers && (checkers & (checkers - 1)))
		return n; /* double check: only the king moves */

	bitboard target = ~own;
	if (checkers)
		target = between_bb[ksq][bb_lsb(checkers)] | checkers;

	/* Pinned pieces: ours, alone between the king and an enemy slider. */
	bitboard pinned = 0;
	bitboard snipers =
	        ((attacks_rook(ksq, enemy) & (pos->by_type[ROOK] | pos->by_type[QUEEN])) |
	         (attacks_bishop(ksq, enemy) & (pos->by_type[BISHOP] | pos->by_type[QUEEN]))) &
	        enemy;
	while (snipers) {
		int s = bb_lsb(snipers);
		snipers &= snipers - 1;
		bitboard b = between_bb[ksq][s] & occ;
		if (b && !(b & (b - 1)) && (b & own))
			pinned |= b;
	}

	/* Knights (a pinned knight can never move). */
	bitboard pcs = own & pos->by_type[KNIGHT] & ~pinned;
	while (pcs) {
		int from = bb_lsb(pcs);
		pcs &= pcs - 1;
		EMIT_ALL(from, attacks_knight(from) & target, FLAG_TO);
	}
	/* Bishops, rooks, queens. */
	bitboard diag = own & (pos->by_type[BISHOP] | pos->by_type[QUEEN]);
	bitboard orth = own & (pos->by_type[ROOK] | pos->by_type[QUEEN]);
	pcs = diag;
	while (pcs) {
		int from = bb_lsb(pcs);
		pcs &= pcs - 1;
		bitboard t = attacks_bishop(from, occ) & target;
		if (pinned & bb_sq(from))
			t &= line_bb[ksq][from];
		EMIT_ALL(from, t, FLAG_TO);
	}
	pcs = orth;
	while (pcs) {
		int from = bb_lsb(pcs);
		pcs &= pcs - 1;
		bitboard t = attacks_rook(from, occ) & target;
		if (pinned & bb_sq(from))
			t &= line_bb[ksq][from];
		EMIT_ALL(from, t, FLAG_TO);
	}

	/* Pawns. */
	int up = us == WHITE ? 8 : -8;
	bitboard last_rank = us == WHITE ? 0xFF00000000000000ULL : 0xFFULL;
	bitboard third_rank = us == WHITE ? 0xFF0000ULL : 0xFF0000000000ULL;
	pcs = own & pos->by_type[PAWN];
	while (pcs) {
		int from = bb_lsb(pcs);
		pcs &= pcs - 1;
		bitboard allowed = target;
		if (pinned & bb_sq(from))
			allowed &= line_bb[ksq][from];
		int one = from + up;
		bitboard push = bb_sq(one) & ~occ;
		bitboard dbl = 0;
		if (push && (bb_sq(one) & third_rank))
			dbl = bb_sq(one + up) & ~occ;
		bitboard caps = attacks_pawn(us, from) & enemy;
		push &= allowed;
		dbl &= allowed;
		caps &= allowed;
		if (bb_sq(one) & last_rank) {
			if (push)
				n = emit_promos(out, n, from, one, 0);
			while (caps) {
				int to = bb_lsb(caps);
				caps &= caps - 1;
				n = emit_promos(out, n, from, to, 1);
			}
		} else {
			if (out) {
				if (push)
					out[n++] = MOVE_MAKE(from, one, MOVE_QUIET);
				if (dbl)
					out[n++] = MOVE_MAKE(from, one + up, MOVE_DOUBLE_PUSH);
				while (caps) {
					int to = bb_lsb(caps);
					caps &= caps - 1;
					out[n++] = MOVE_MAKE(from, to, MOVE_CAPTURE);
				}
			} else {
				n += (push != 0) + (dbl != 0) + bb_count(caps);
			}
		}
		/* FIDE 3.7(d): en passant, only on the move right after. */
		if (pos->ep != SQ_NONE && (attacks_pawn(us, from) & bb_sq(pos->ep)) &&
		    ep_is_safe(pos, from, pos->ep, ksq)) {
			if (out)
				out[n++] = MOVE_MAKE(from, pos->ep, MOVE_EP);
			else
				n++;
		}
	}

	/* FIDE 3.8(a)(ii): castling, not out of, through or into check, with
	 * king and rook unmoved (the rights) and the squares between empty. */
	if (!checkers) {
		int r = us == WHITE ? 0 : 7;
		int kright = us == WHITE ? CASTLE_WK : CASTLE_BK;
		int qright = us == WHITE ? CASTLE_WQ : CASTLE_BQ;
		if ((pos->castling & kright) && !(occ & (bb_sq(SQ(5, r)) | bb_sq(SQ(6, r)))) &&
		    !position_attackers(pos, SQ(5, r), them, occ) &&
		    !position_attackers(pos, SQ(6, r), them, occ)) {
			if (out)
				out[n++] = MOVE_MAKE(ksq, SQ(6, r), MOVE_CASTLE_K);
			else
				n++;
		}
		if ((pos->castling & qright) &&
		    !(occ & (bb_sq(SQ(1, r)) | bb_sq(SQ(2, r)) | bb_sq(SQ(3, r)))) &&
		    !position_attackers(pos, SQ(3, r), them, occ) &&
		    !position_attackers(pos, SQ(2, r), them, occ)) {
			if (out)
				out[n++] = MOVE_MAKE(ksq, SQ(2, r), MOVE_CASTLE_Q);
			else
				n++;
		}
	}
	return n;
}

int movegen_legal(const position *pos, move *out)
{
	call_once(&lines_once, init_lines);
	return generate(pos, out);
}

/* The number of legal moves, without writing them. */
static int count_legal(const position *pos)
{
	return generate(pos, NULL);
}

bool movegen_is_legal(const position *pos, move m)
{
	move list[MAX_MOVES];
	int n = movegen_legal(pos, list);
	for (int i = 0; i < n; i++)
		if (list[i] == m)
			return true;
	return false;
}

/* Recursive perft with bulk counting: at depth 1 the moves are counted,
 * not played.  Cost: the size of the tree above the leaves. */
static uint64_t perft_rec(position *pos, int depth)
{
	if (depth == 1)
		return (uint64_t)count_legal(pos);
	move list[MAX_MOVES];
	int n = generate(pos, list);
	uint64_t total = 0;
	undo u;
	for (int i = 0; i < n; i++) {
		position_do_move(pos, list[i], &u);
		total += perft_rec(pos, depth - 1);
		position_undo_move(pos, list[i], &u);
	}
	return total;
}

uint64_t movegen_perft(position *pos, int depth)
{
	call_once(&lines_once, init_lines);
	if (depth <= 0)
		return 1;
	return perft_rec(pos, depth);
}
