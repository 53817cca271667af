/* uci.c: UCI long algebraic notation, and the from/to look-up with the
 * reasons an attempted move is illegal (shared by ICCF and SAN input). */
#include "notation/uci.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "chess/movegen.h"
#include "util/status.h"

static const char *const piece_name[NPIECE_TYPES] = {"pawn", "knight", "bishop",
                                                     "rook", "queen",  "king"};
static const char *const color_name[2] = {"White", "Black"};

/* "e4" for square 28; buf has room for 3. */
static const char *sq_name(int sq, char buf[3])
{
	buf[0] = (char)('a' + SQ_FILE(sq));
	buf[1] = (char)('1' + SQ_RANK(sq));
	buf[2] = '\0';
	return buf;
}

/* The squares the piece on `from` could reach if its own king did not
 * matter (FIDE 3.2-3.7, pseudo-legal), castling left out.  The e.p. square
 * counts only when pos->ep holds it (FIDE 3.7(d): right after the double
 * step). */
static bitboard pseudo_targets(const position *pos, int from)
{
	uint8_t pc = pos->board[from];
	int us = PIECE_COLOR(pc);
	bitboard own = pos->by_color[us], enemy = pos->by_color[us ^ 1];
	bitboard occ = own | enemy;
	switch (PIECE_TYPE(pc)) {
	case KNIGHT:
		return attacks_knight(from) & ~own;
	case BISHOP:
		return attacks_bishop(from, occ) & ~own;
	case ROOK:
		return attacks_rook(from, occ) & ~own;
	case QUEEN:
		return (attacks_bishop(from, occ) | attacks_rook(from, occ)) & ~own;
	case KING:
		return attacks_king(from) & ~own;
	default:
		break;
	}
	/* FIDE 3.7: a pawn goes one square forward onto an empty square, two
	 * from its starting rank across two empty squares, and captures
	 * diagonally forward (also e.p.). */
	int up = us == WHITE ? 8 : -8;
	int start_rank = us == WHITE ? 1 : 6;
	bitboard t = 0;
	int one = from + up;
	if (one >= 0 && one < 64 && !(occ & bb_sq(one))) {
		t |= bb_sq(one);
		if (SQ_RANK(from) == start_rank && !(occ & bb_sq(one + up)))
			t |= bb_sq(one + up);
	}
	bitboard prey = enemy;
	if (pos->ep != SQ_NONE)
		prey |= bb_sq(pos->ep);
	return t | (attacks_pawn(us, from) & prey);
}

/* Explains why castling from `from` to `to` (a king's two-square move on
 * its home rank) is not legal: FIDE 3.8(a)(ii) and 3.8(b). */
static int explain_castling(const position *pos, int from, int to, char *err, size_t errlen)
{
	int us = pos->side, them = us ^ 1;
	int rank = SQ_RANK(from);
	bool king_side = SQ_FILE(to) == 6;
	int right = king_side ? (us == WHITE ? CASTLE_WK : CASTLE_BK)
	                      : (us == WHITE ? CASTLE_WQ : CASTLE_BQ);
	char a[3];
	if (!(pos->castling & right))
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "castling is not allowed: the king or the %s rook has moved",
		               king_side ? "h" : "a");
	bitboard occ = pos->by_color[WHITE] | pos->by_color[BLACK];
	/* The squares between king and rook must be empty. */
	int lo = king_side ? 5 : 1, hi = king_side ? 6 : 3;
	for (int f = lo; f <= hi; f++)
		if (occ & bb_sq(SQ(f, rank)))
			return cc_fail(CC_ERR_ILLEGAL, err, errlen,
			               "castling is blocked: %s is occupied",
			               sq_name(SQ(f, rank), a));
	if (position_in_check(pos))
		return cc_fail(CC_ERR_ILLEGAL, err, errlen, "cannot castle out of check");
	int pass = king_side ? SQ(5, rank) : SQ(3, rank);
	if (position_attackers(pos, pass, them, occ))
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "cannot castle through check: %s is attacked", sq_name(pass, a));
	if (position_attackers(pos, to, them, occ))
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "cannot castle into check: %s is attacked", sq_name(to, a));
	return cc_fail(CC_ERR_ILLEGAL, err, errlen, "leaves the king in check");
}

/* Works through the reasons in the order a player would check them: is
 * there a piece, is it mine, can it go there at all, does it leave the king
 * in check, is the promotion right.  The legal list decides; the reasons
 * only explain a miss. */
int uci_find_move(const position *pos, int from, int to, int promo, move *out, char *err,
                  size_t errlen)
{
	char a[3], b[3];
	move list[MAX_MOVES];
	*out = MOVE_NONE;
	if (from < 0 || from > 63 || to < 0 || to > 63)
		return cc_fail(CC_ERR_RANGE, err, errlen, "square number out of range");
	uint8_t pc = pos->board[from];
	if (pc == PIECE_NONE)
		return cc_fail(CC_ERR_ILLEGAL, err, errlen, "no piece on %s", sq_name(from, a));
	int type = PIECE_TYPE(pc);
	if (PIECE_COLOR(pc) != pos->side)
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "it is not your piece (the %s on %s is %s's, and %s is to move)",
		               piece_name[type], sq_name(from, a), color_name[PIECE_COLOR(pc)],
		               color_name[pos->side]);
	if (promo != UCI_NO_PROMO && (promo < KNIGHT || promo > QUEEN))
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "a pawn promotes to a queen, rook, bishop or knight");
	int n = movegen_legal(pos, list);
	bool reaches = false;
	for (int i = 0; i < n; i++) {
		move m = list[i];
		if (MOVE_FROM(m) != from || MOVE_TO(m) != to)
			continue;
		reaches = true;
		/* FIDE 3.7(e): the promotion piece is part of the move. */
		if (MOVE_IS_PROMO(m) ? MOVE_PROMO_TYPE(m) == promo : promo == UCI_NO_PROMO) {
			*out = m;
			return CC_OK;
		}
	}
	if (reaches) {
		if (promo == UCI_NO_PROMO)
			return cc_fail(
			        CC_ERR_ILLEGAL, err, errlen,
			        "promotion piece missing (the pawn reaching %s must become a "
			        "queen, rook, bishop or knight)",
			        sq_name(to, a));
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "not a promotion (the %s from %s to %s does not promote)",
		               piece_name[type], sq_name(from, a), sq_name(to, b));
	}
	/* Castling is the king's two-square move on its home rank. */
	int home = pos->side == WHITE ? SQ(4, 0) : SQ(4, 7);
	if (type == KING && from == home && (to == home + 2 || to == home - 2))
		return explain_castling(pos, from, to, err, errlen);
	uint8_t there = pos->board[to];
	if (there != PIECE_NONE && PIECE_COLOR(there) == pos->side)
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "that piece cannot move there (your own %s stands on %s)",
		               piece_name[PIECE_TYPE(there)], sq_name(to, a));
	if (!(pseudo_targets(pos, from) & bb_sq(to)))
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "that piece cannot move there (the %s on %s cannot reach %s)",
		               piece_name[type], sq_name(from, a), sq_name(to, b));
	/* FIDE 3.9: it could go there, so it is the king that forbids it. */
	if (position_in_check(pos))
		return cc_fail(
		        CC_ERR_ILLEGAL, err, errlen,
		        "leaves the king in check (%s is in check and this does not parry it)",
		        color_name[pos->side]);
	return cc_fail(CC_ERR_ILLEGAL, err, errlen, "leaves the king in check");
}

/* Copies text without surrounding blanks into buf (at most cap-1 chars);
 * returns the length, or cap when it does not fit. */
static size_t trimmed(const char *text, char *buf, size_t cap)
{
	while (isspace((unsigned char)*text))
		text++;
	size_t len = strlen(text);
	while (len && isspace((unsigned char)text[len - 1]))
		len--;
	if (len >= cap)
		return cap;
	memcpy(buf, text, len);
	buf[len] = '\0';
	return len;
}

int uci_parse(const position *pos, const char *text, move *out, char *err, size_t errlen)
{
	char s[8], q[24], reason[160];
	*out = MOVE_NONE;
	if (!text)
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "no move given");
	size_t len = trimmed(text, s, sizeof s);
	if (len == 4 && strcmp(s, "0000") == 0)
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "illegal move \"0000\": a null move is not a move in chess");
	static const char promos[] = "nbrq";
	const char *pp = len == 5 ? strchr(promos, tolower((unsigned char)s[4])) : NULL;
	if ((len != 4 && len != 5) || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' ||
	    s[2] < 'a' || s[2] > 'h' || s[3] < '1' || s[3] > '8' || (len == 5 && (!pp || !s[4])))
		return cc_fail(
		        CC_ERR_MALFORMED, err, errlen,
		        "malformed move \"%s\": UCI notation is a from-square, a to-square and "
		        "an optional promotion letter, like e2e4 or e7e8q",
		        cc_quote(text, q));
	int from = SQ(s[0] - 'a', s[1] - '1'), to = SQ(s[2] - 'a', s[3] - '1');
	int promo = pp ? KNIGHT + (int)(pp - promos) : UCI_NO_PROMO;
	int rc = uci_find_move(pos, from, to, promo, out, reason, sizeof reason);
	if (rc != CC_OK)
		return cc_fail(rc, err, errlen, "illegal move \"%s\": %s", s, reason);
	return CC_OK;
}

void uci_write(move m, char buf[UCI_MAX])
{
	if (m == MOVE_NONE) {
		memcpy(buf, "0000", 5);
		return;
	}
	buf[0] = (char)('a' + SQ_FILE(MOVE_FROM(m)));
	buf[1] = (char)('1' + SQ_RANK(MOVE_FROM(m)));
	buf[2] = (char)('a' + SQ_FILE(MOVE_TO(m)));
	buf[3] = (char)('1' + SQ_RANK(MOVE_TO(m)));
	if (MOVE_IS_PROMO(m)) {
		buf[4] = "nbrq"[MOVE_FLAGS(m) & 3];
		buf[5] = '\0';
	} else {
		buf[4] = '\0';
	}
}
