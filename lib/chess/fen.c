/* fen.c: Forsyth-Edwards Notation (PGN standard §16.1) in and out, with
 * the checks that reject positions that cannot arise in a game. */
#include "chess/fen.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "util/status.h"

static int piece_from_char(char c)
{
	const char *letters = "pnbrqk";
	const char *p = strchr(letters, tolower((unsigned char)c));
	if (!p || c == '\0')
		return -1;
	return PIECE_MAKE(isupper((unsigned char)c) ? WHITE : BLACK, (int)(p - letters));
}

/* Reads a decimal field of at most 4 digits (no game reaches move 10000);
 * returns -1 when malformed. */
static long read_number(const char **s)
{
	const char *p = *s;
	long v = 0;
	int digits = 0;
	while (isdigit((unsigned char)*p) && digits < 5) {
		v = v * 10 + (*p - '0');
		p++;
		digits++;
	}
	if (digits == 0 || digits > 4)
		return -1;
	*s = p;
	return v;
}

/* Checks what the text cannot say wrongly but the position can: kings,
 * pawns, piece counts, castling rights, e.p. square and checks. */
static int validate(position *pos, char *err, size_t errlen)
{
	static const char *side_name[2] = {"white", "black"};
	for (int c = 0; c < 2; c++) {
		bitboard mine = pos->by_color[c];
		int kings = bb_count(mine & pos->by_type[KING]);
		if (kings != 1)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "%s has %d kings; exactly one is needed", side_name[c],
			               kings);
		int pawns = bb_count(mine & pos->by_type[PAWN]);
		if (pawns > 8)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "%s has %d pawns; at most 8 are possible", side_name[c],
			               pawns);
		int extra = 0;
		static const int start_count[NPIECE_TYPES] = {8, 2, 2, 2, 1, 1};
		for (int t = KNIGHT; t <= QUEEN; t++) {
			int k = bb_count(mine & pos->by_type[t]);
			if (k > start_count[t])
				extra += k - start_count[t];
		}
		if (extra > 8 - pawns)
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "%s has more promoted pieces than missing pawns",
			               side_name[c]);
	}
	if (pos->by_type[PAWN] & 0xFF000000000000FFULL)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "a pawn stands on the first or eighth rank");

	/* Castling rights need king and rook on their starting squares. */
	static const struct {
		int right, king, rook;
		const char *name;
	} cr[4] = {{CASTLE_WK, SQ(4, 0), SQ(7, 0), "K"},
	           {CASTLE_WQ, SQ(4, 0), SQ(0, 0), "Q"},
	           {CASTLE_BK, SQ(4, 7), SQ(7, 7), "k"},
	           {CASTLE_BQ, SQ(4, 7), SQ(0, 7), "q"}};
	for (int i = 0; i < 4; i++) {
		if (!(pos->castling & cr[i].right))
			continue;
		int c = i < 2 ? WHITE : BLACK;
		if (pos->board[cr[i].king] != PIECE_MAKE(c, KING) ||
		    pos->board[cr[i].rook] != PIECE_MAKE(c, ROOK))
			return cc_fail(CC_ERR_INVALID, err, errlen,
			               "castling right %s needs the king and rook on their "
			               "starting squares",
			               cr[i].name);
	}

	/* The side not to move may not be in check. */
	int them = pos->side ^ 1;
	bitboard occ = pos->by_color[WHITE] | pos->by_color[BLACK];
	int their_king = bb_lsb(pos->by_color[them] & pos->by_type[KING]);
	if (position_attackers(pos, their_king, pos->side, occ))
		return cc_fail(CC_ERR_INVALID, err, errlen, "the side not to move (%s) is in check",
		               side_name[them]);
	int our_king = bb_lsb(pos->by_color[pos->side] & pos->by_type[KING]);
	if (bb_count(position_attackers(pos, our_king, them, occ)) > 2)
		return cc_fail(CC_ERR_INVALID, err, errlen,
		               "%s is in check by more than two pieces", side_name[pos->side]);

	/* FIDE 3.7(d): the e.p. square is the one a pawn just passed over. */
	if (pos->ep != SQ_NONE) {
		int ep = pos->ep;
		int want_rank = pos->side == WHITE ? 5 : 2;
		int pawn_sq = ep + (pos->side == WHITE ? -8 : 8);
		int origin = ep + (pos->side == WHITE ? 8 : -8);
		if (SQ_RANK(ep) != want_rank || pos->board[pawn_sq] != PIECE_MAKE(them, PAWN) ||
		    pos->board[ep] != PIECE_NONE || pos->board[origin] != PIECE_NONE)
			return cc_fail(
			        CC_ERR_INVALID, err, errlen,
			        "the en-passant square does not follow a pawn's double step");
		/* Kept only when a pawn could take (see board.h). */
		if (!(attacks_pawn(them, ep) & pos->by_type[PAWN] & pos->by_color[pos->side]))
			pos->ep = SQ_NONE;
	}
	return CC_OK;
}

int fen_parse(position *pos, const char *fen, char *err, size_t errlen)
{
	chess_init();
	if (!fen)
		return cc_fail(CC_ERR_MALFORMED, err, errlen, "no FEN given");
	/* The start position is copied, not parsed: nearly every stored game
	 * begins there (tests/check_fen.c test_startpos_word: the same). */
	if (strcmp(fen, "startpos") == 0 || strcmp(fen, FEN_STARTPOS) == 0) {
		position_startpos(pos);
		return CC_OK;
	}
	memset(pos, 0, sizeof *pos);
	pos->ep = SQ_NONE;
	const char *s = fen;
	while (*s == ' ')
		s++;

	/* 1. Piece placement, rank 8 first. */
	int rank = 7, file = 0;
	for (; *s && *s != ' '; s++) {
		char c = *s;
		if (c == '/') {
			if (file != 8 || rank == 0)
				return cc_fail(CC_ERR_MALFORMED, err, errlen,
				               "FEN \"%s\": rank %d does not have 8 squares", fen,
				               rank + 1);
			rank--;
			file = 0;
		} else if (c >= '1' && c <= '8') {
			file += c - '0';
			if (file > 8)
				return cc_fail(CC_ERR_MALFORMED, err, errlen,
				               "FEN \"%s\": rank %d has more than 8 squares", fen,
				               rank + 1);
		} else {
			int p = piece_from_char(c);
			if (p < 0)
				return cc_fail(CC_ERR_MALFORMED, err, errlen,
				               "FEN \"%s\": '%c' is not a piece letter", fen, c);
			if (file > 7)
				return cc_fail(CC_ERR_MALFORMED, err, errlen,
				               "FEN \"%s\": rank %d has more than 8 squares", fen,
				               rank + 1);
			position_put_piece(pos, SQ(file, rank), (uint8_t)p);
			file++;
		}
	}
	if (rank != 0 || file != 8)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "FEN \"%s\": the board needs 8 ranks of 8 squares", fen);

	/* 2. Side to move. */
	if (*s++ != ' ' || (*s != 'w' && *s != 'b') || (s[1] != ' ' && s[1] != '\0'))
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "FEN \"%s\": the side to move must be 'w' or 'b'", fen);
	pos->side = *s == 'w' ? WHITE : BLACK;
	s++;

	/* 3. Castling rights (optional with the fields after it, as many
	 *    tools write "placement side" only). */
	if (*s == ' ') {
		s++;
		if (*s == '-') {
			s++;
		} else {
			for (; *s && *s != ' '; s++) {
				const char *rights = "KQkq";
				const char *r = strchr(rights, *s);
				if (!r || *s == '\0')
					return cc_fail(CC_ERR_MALFORMED, err, errlen,
					               "FEN \"%s\": '%c' is not a castling right",
					               fen, *s);
				int bit = 1 << (r - rights);
				if (pos->castling & bit)
					return cc_fail(
					        CC_ERR_MALFORMED, err, errlen,
					        "FEN \"%s\": castling right '%c' given twice", fen,
					        *s);
				pos->castling |= (uint8_t)bit;
			}
			if (!pos->castling)
				return cc_fail(CC_ERR_MALFORMED, err, errlen,
				               "FEN \"%s\": castling field is empty", fen);
		}
	}
	/* 4. En-passant target square. */
	if (*s == ' ') {
		s++;
		if (*s == '-') {
			s++;
		} else if (s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8') {
			pos->ep = (int8_t)SQ(s[0] - 'a', s[1] - '1');
			s += 2;
		} else {
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "FEN \"%s\": the en-passant field must be '-' or a square",
			               fen);
		}
	}
	/* 5-6. Halfmove clock and fullmove number. */
	pos->fullmove = 1;
	if (*s == ' ') {
		s++;
		long hm = read_number(&s);
		if (hm < 0)
			return cc_fail(CC_ERR_MALFORMED, err, errlen,
			               "FEN \"%s\": the halfmove clock must be a number of at most "
			               "4 digits",
			               fen);
		pos->halfmove = (uint16_t)hm;
		if (*s == ' ') {
			s++;
			long fm = read_number(&s);
			if (fm < 0)
				return cc_fail(CC_ERR_MALFORMED, err, errlen,
				               "FEN \"%s\": the fullmove number must be a number "
				               "of at most 4 digits",
				               fen);
			if (fm < 1)
				return cc_fail(CC_ERR_INVALID, err, errlen,
				               "FEN \"%s\": the fullmove number starts at 1", fen);
			pos->fullmove = (uint16_t)fm;
		}
	}
	while (*s == ' ')
		s++;
	if (*s != '\0')
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "FEN \"%s\": unexpected text at the end", fen);

	int rc = validate(pos, err, errlen);
	if (rc != CC_OK)
		return rc;
	pos->key = position_compute_key(pos);
	return CC_OK;
}

/* Writes n in decimal at p; returns the end (the GAME writes a FEN a
 * move, and snprintf() was most of fen_write()). */
static char *put_count(char *p, unsigned n)
{
	char rev[8];
	int k = 0;
	do {
		rev[k++] = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	while (k)
		*p++ = rev[--k];
	return p;
}

/* Written into a FEN_MAX buffer of its own (the longest FEN is shorter),
 * then copied when it fits: O(64). */
int fen_write(const position *pos, char *buf, size_t len)
{
	static const char letters[] = "PNBRQKpnbrqk";
	char text[FEN_MAX];
	char *p = text;
	for (int rank = 7; rank >= 0; rank--) {
		int empty = 0;
		for (int file = 0; file < 8; file++) {
			uint8_t pc = pos->board[SQ(file, rank)];
			if (pc == PIECE_NONE) {
				empty++;
				continue;
			}
			if (empty)
				*p++ = (char)('0' + empty);
			empty = 0;
			*p++ = letters[PIECE_COLOR(pc) * 6 + PIECE_TYPE(pc)];
		}
		if (empty)
			*p++ = (char)('0' + empty);
		if (rank)
			*p++ = '/';
	}
	*p++ = ' ';
	*p++ = pos->side == WHITE ? 'w' : 'b';
	*p++ = ' ';
	if (!pos->castling)
		*p++ = '-';
	if (pos->castling & CASTLE_WK)
		*p++ = 'K';
	if (pos->castling & CASTLE_WQ)
		*p++ = 'Q';
	if (pos->castling & CASTLE_BK)
		*p++ = 'k';
	if (pos->castling & CASTLE_BQ)
		*p++ = 'q';
	*p++ = ' ';
	if (pos->ep == SQ_NONE) {
		*p++ = '-';
	} else {
		*p++ = (char)('a' + SQ_FILE(pos->ep));
		*p++ = (char)('1' + SQ_RANK(pos->ep));
	}
	*p++ = ' ';
	p = put_count(p, pos->halfmove);
	*p++ = ' ';
	p = put_count(p, pos->fullmove);
	*p = '\0';
	size_t n = (size_t)(p - text);
	if (n >= len) {
		if (len)
			buf[0] = '\0';
		return CC_ERR_NOMEM;
	}
	memcpy(buf, text, n + 1);
	return CC_OK;
}
