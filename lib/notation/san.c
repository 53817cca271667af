/* san.c: Standard Algebraic Notation (PGN standard 8.2.3) in and out,
 * with the Danish piece letters on input. */
#include "notation/san.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "chess/movegen.h"
#include "notation/uci.h"
#include "util/status.h"

static const char piece_letter[NPIECE_TYPES] = {'P', 'N', 'B', 'R', 'Q', 'K'};
static const char *const piece_name[NPIECE_TYPES] = {"pawn", "knight", "bishop",
                                                     "rook", "queen",  "king"};

/* The piece type of an upper-case piece letter, English (K Q R B N P) or
 * Danish (K D T L S: konge, dronning, taarn, loeber, springer); -1 if it
 * is none.  The two sets share only K, so both are read at once. */
static int piece_of_letter(char c)
{
	switch (c) {
	case 'P':
		return PAWN;
	case 'N':
	case 'S':
		return KNIGHT;
	case 'B':
	case 'L':
		return BISHOP;
	case 'R':
	case 'T':
		return ROOK;
	case 'Q':
	case 'D':
		return QUEEN;
	case 'K':
		return KING;
	}
	return -1;
}

/* Writes the SAN of legal move m without the check mark into buf and
 * returns the length.  list[0 .. n-1] are the legal moves of pos, the
 * only ones that can make a disambiguation necessary (PGN 8.2.3.4). */
static size_t san_body(const position *pos, move m, const move *list, int n, char *buf)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), flags = MOVE_FLAGS(m);
	char *p = buf;
	if (flags == MOVE_CASTLE_K || flags == MOVE_CASTLE_Q) {
		strcpy(buf, flags == MOVE_CASTLE_K ? "O-O" : "O-O-O");
		return strlen(buf);
	}
	int type = PIECE_TYPE(pos->board[from]);
	if (type == PAWN) {
		if (MOVE_IS_CAPTURE(m)) {
			*p++ = (char)('a' + SQ_FILE(from));
			*p++ = 'x';
		}
	} else {
		*p++ = piece_letter[type];
		bool other = false, same_file = false, same_rank = false;
		for (int i = 0; i < n; i++) {
			int f2 = MOVE_FROM(list[i]);
			if (MOVE_TO(list[i]) != to || f2 == from ||
			    PIECE_TYPE(pos->board[f2]) != type)
				continue;
			other = true;
			same_file |= SQ_FILE(f2) == SQ_FILE(from);
			same_rank |= SQ_RANK(f2) == SQ_RANK(from);
		}
		/* File if that tells them apart, else rank, else both. */
		if (other && (!same_file || same_rank))
			*p++ = (char)('a' + SQ_FILE(from));
		if (other && same_file)
			*p++ = (char)('1' + SQ_RANK(from));
		if (MOVE_IS_CAPTURE(m))
			*p++ = 'x';
	}
	*p++ = (char)('a' + SQ_FILE(to));
	*p++ = (char)('1' + SQ_RANK(to));
	if (MOVE_IS_PROMO(m)) {
		*p++ = '=';
		*p++ = piece_letter[MOVE_PROMO_TYPE(m)];
	}
	*p = '\0';
	return (size_t)(p - buf);
}

int san_write(const position *pos, move m, char buf[SAN_MAX])
{
	move list[MAX_MOVES];
	int n = movegen_legal(pos, list);
	int i = 0;
	while (i < n && list[i] != m)
		i++;
	if (i == n || m == MOVE_NONE) {
		buf[0] = '\0';
		return CC_ERR_ILLEGAL;
	}
	size_t len = san_body(pos, m, list, n, buf);
	position after = *pos;
	undo u;
	position_do_move(&after, m, &u);
	if (position_in_check(&after)) {
		move reply[MAX_MOVES];
		buf[len++] = movegen_legal(&after, reply) ? '+' : '#';
		buf[len] = '\0';
	}
	return CC_OK;
}

/* Removes what may follow a move: check and mate marks, "!" and "?"
 * comments, "e.p." (PGN 8.2.3.8, FIDE appendix C.12); returns the new
 * length. */
static size_t strip_suffixes(char *s, size_t len)
{
	for (;;) {
		size_t before = len;
		while (len && strchr("+#!? \t", s[len - 1]))
			len--;
		if (len >= 4 && strncmp(s + len - 4, "e.p.", 4) == 0)
			len -= 4;
		s[len] = '\0';
		if (len == before)
			return len;
	}
}

/* 1 for O-O, 2 for O-O-O (letter O, digit 0 or small o), else 0. */
static int castle_kind(const char *s)
{
	char norm[8];
	size_t len = strlen(s);
	if (len != 3 && len != 5)
		return 0;
	for (size_t i = 0; i <= len; i++)
		norm[i] = (s[i] == '0' || s[i] == 'o') ? 'O' : s[i];
	if (strcmp(norm, "O-O") == 0)
		return 1;
	return strcmp(norm, "O-O-O") == 0 ? 2 : 0;
}

/* Finds the castling move, or says why there is none (FIDE 3.8). */
static int parse_castling(const position *pos, int kind, const char *s, move *out, char *err,
                          size_t errlen)
{
	char reason[160];
	move list[MAX_MOVES];
	int want = kind == 1 ? MOVE_CASTLE_K : MOVE_CASTLE_Q;
	int n = movegen_legal(pos, list);
	for (int i = 0; i < n; i++)
		if (MOVE_FLAGS(list[i]) == want) {
			*out = list[i];
			return CC_OK;
		}
	int home = pos->side == WHITE ? SQ(4, 0) : SQ(4, 7);
	if (pos->board[home] != PIECE_MAKE(pos->side, KING))
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "illegal move \"%s\": castling is not allowed: the king has moved",
		               s);
	move m;
	int rc = uci_find_move(pos, home, kind == 1 ? home + 2 : home - 2, UCI_NO_PROMO, &m, reason,
	                       sizeof reason);
	if (rc == CC_OK) /* cannot happen: the legal list had no castling */
		snprintf(reason, sizeof reason, "castling is not possible");
	return cc_fail(CC_ERR_ILLEGAL, err, errlen, "illegal move \"%s\": %s", s, reason);
}

/* Words "knight", "knight on the b-file", "knight on rank 1" or "knight
 * on b1" for the error messages. */
static void describe(int type, int dfile, int drank, char *buf, size_t cap)
{
	if (dfile >= 0 && drank >= 0)
		snprintf(buf, cap, "%s on %c%c", piece_name[type], 'a' + dfile, '1' + drank);
	else if (dfile >= 0)
		snprintf(buf, cap, "%s on the %c-file", piece_name[type], 'a' + dfile);
	else if (drank >= 0)
		snprintf(buf, cap, "%s on rank %c", piece_name[type], '1' + drank);
	else
		snprintf(buf, cap, "%s", piece_name[type]);
}

/* The parsed shape of a SAN move, before it meets the position. */
struct san_shape {
	int type;          /* PAWN .. KING */
	int dfile, drank;  /* disambiguation given, or -1 */
	int to;            /* destination square */
	int promo;         /* piece type, or UCI_NO_PROMO */
	bool capture_mark; /* "x" or ":" written */
};

/* Splits s (suffixes already stripped, not castling) into its parts:
 * [piece] [file] [rank] [x|:|-] square [[=]piece].  Returns CC_OK or
 * CC_ERR_MALFORMED with the reason in why. */
static int lex_san(const char *s, struct san_shape *sh, char *why, size_t whylen)
{
	const char *p = s;
	sh->type = PAWN;
	sh->dfile = sh->drank = -1;
	sh->promo = UCI_NO_PROMO;
	sh->capture_mark = false;
	if (isupper((unsigned char)*p)) {
		sh->type = piece_of_letter(*p);
		if (sh->type < 0)
			return cc_fail(
			        CC_ERR_MALFORMED, why, whylen,
			        "'%c' is not a piece letter (K Q R B N, or Danish K D T L S)", *p);
		p++;
	}
	size_t l = strlen(p);
	/* Promotion: "=Q" (also "=q"), or a capital letter right after the
	 * rank ("e8Q"). */
	if (l >= 2 && p[l - 2] == '=') {
		sh->promo = piece_of_letter((char)toupper((unsigned char)p[l - 1]));
		if (sh->promo < 0)
			return cc_fail(CC_ERR_MALFORMED, why, whylen,
			               "'%c' is not a piece to promote to (Q R B N, or D T L S)",
			               isprint((unsigned char)p[l - 1]) ? p[l - 1] : '?');
		l -= 2;
	} else if (l >= 2 && isupper((unsigned char)p[l - 1]) && isdigit((unsigned char)p[l - 2])) {
		sh->promo = piece_of_letter(p[l - 1]);
		if (sh->promo < 0)
			return cc_fail(CC_ERR_MALFORMED, why, whylen,
			               "'%c' is not a piece to promote to (Q R B N, or D T L S)",
			               p[l - 1]);
		l -= 1;
	}
	if (sh->promo != UCI_NO_PROMO && sh->type != PAWN)
		return cc_fail(CC_ERR_MALFORMED, why, whylen, "only a pawn can promote");
	if (l < 2 || p[l - 2] < 'a' || p[l - 2] > 'h' || p[l - 1] < '1' || p[l - 1] > '8') {
		if (l >= 2 && p[l - 2] >= 'a' && p[l - 2] <= 'h' &&
		    isdigit((unsigned char)p[l - 1]))
			return cc_fail(CC_ERR_MALFORMED, why, whylen, "there is no rank %c",
			               p[l - 1]);
		return cc_fail(CC_ERR_MALFORMED, why, whylen,
		               "a move in SAN ends with the square moved to, like Nf3, e4 or e8=Q");
	}
	sh->to = SQ(p[l - 2] - 'a', p[l - 1] - '1');
	l -= 2;
	if (l && (p[l - 1] == 'x' || p[l - 1] == ':')) {
		sh->capture_mark = true;
		l--;
	} else if (l && p[l - 1] == '-') {
		l--; /* long algebraic "Ng1-f3" */
	}
	size_t i = 0;
	if (i < l && p[i] >= 'a' && p[i] <= 'h')
		sh->dfile = p[i++] - 'a';
	if (i < l && p[i] >= '1' && p[i] <= '8')
		sh->drank = p[i++] - '1';
	if (i != l)
		return cc_fail(CC_ERR_MALFORMED, why, whylen,
		               "'%c' does not belong there: SAN is like Nf3, Nbd2, exd5 or e8=Q",
		               isprint((unsigned char)p[i]) ? p[i] : '?');
	/* A pawn without a file moves straight ahead (PGN 8.2.3.3): "d5"
	 * never means exd5; with "x" and no file it may come from either. */
	if (sh->type == PAWN && sh->dfile < 0 && !sh->capture_mark)
		sh->dfile = SQ_FILE(sh->to);
	return CC_OK;
}

int san_parse(const position *pos, const char *text, move *out, char *err, size_t errlen)
{
	char s[24], q[24], why[200], what[40];
	struct san_shape sh = {.to = 0};
	move list[MAX_MOVES];
	*out = MOVE_NONE;
	if (!text)
		text = "";
	while (isspace((unsigned char)*text))
		text++;
	size_t len = strlen(text);
	if (len >= sizeof s)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "malformed move \"%s\": too long for a move in SAN",
		               cc_quote(text, q));
	memcpy(s, text, len + 1);
	len = strip_suffixes(s, len);
	if (len == 0)
		return cc_fail(CC_ERR_MALFORMED, err, errlen,
		               "malformed move \"%s\": no move given", cc_quote(text, q));
	int kind = castle_kind(s);
	if (kind)
		return parse_castling(pos, kind, cc_quote(text, q), out, err, errlen);
	int rc = lex_san(s, &sh, why, sizeof why);
	if (rc != CC_OK)
		return cc_fail(rc, err, errlen, "malformed move \"%s\": %s", cc_quote(text, q),
		               why);

	/* The pieces the text can mean, then the legal moves they have to
	 * the square (castling only as O-O / O-O-O). */
	bitboard movers = pos->by_color[pos->side] & pos->by_type[sh.type];
	for (int sq = 0; sq < 64; sq++)
		if ((sh.dfile >= 0 && SQ_FILE(sq) != sh.dfile) ||
		    (sh.drank >= 0 && SQ_RANK(sq) != sh.drank))
			movers &= ~bb_sq(sq);
	char to_name[3] = {(char)('a' + SQ_FILE(sh.to)), (char)('1' + SQ_RANK(sh.to)), '\0'};
	describe(sh.type, sh.dfile, sh.drank, what, sizeof what);
	int n = movegen_legal(pos, list);
	bitboard froms = 0;
	move first[64]; /* one legal move per square it starts from */
	for (int i = 0; i < n; i++) {
		move m = list[i];
		int from = MOVE_FROM(m);
		if (MOVE_TO(m) != sh.to || !(movers & bb_sq(from)) || MOVE_IS_CASTLE(m))
			continue;
		bool better = MOVE_IS_PROMO(m) && MOVE_PROMO_TYPE(m) == sh.promo;
		if (!(froms & bb_sq(from)) || better)
			first[from] = m;
		froms |= bb_sq(from);
	}
	if (!froms) {
		/* Let the coordinate look-up explain: the only candidate's
		 * reason, or the first one that is more than "cannot go
		 * there" (a pinned piece, a missing castling right). */
		bool single = movers && !(movers & (movers - 1));
		for (bitboard b = movers; b; b &= b - 1) {
			move m;
			rc = uci_find_move(pos, bb_lsb(b), sh.to, sh.promo, &m, why, sizeof why);
			if (rc == CC_OK && MOVE_IS_CASTLE(m))
				return cc_fail(
				        CC_ERR_ILLEGAL, err, errlen,
				        "illegal move \"%s\": castling is written O-O or O-O-O",
				        cc_quote(text, q));
			if (rc != CC_OK && (single || strncmp(why, "that piece cannot", 17) != 0))
				return cc_fail(CC_ERR_ILLEGAL, err, errlen,
				               "illegal move \"%s\": %s", cc_quote(text, q), why);
		}
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "illegal move \"%s\": no %s can move to %s", cc_quote(text, q), what,
		               to_name);
	}
	if (froms & (froms - 1)) {
		/* PGN 8.2.3.4: the text must tell the pieces apart. */
		char list_text[160], one[SAN_MAX];
		size_t used = 0;
		int k = bb_count(froms), i = 0;
		list_text[0] = '\0';
		for (bitboard b = froms; b; b &= b - 1, i++) {
			san_body(pos, first[bb_lsb(b)], list, n, one);
			used += (size_t)snprintf(list_text + used, sizeof list_text - used, "%s%s",
			                         i == 0 ? "" : (i == k - 1 ? " or " : ", "), one);
			if (used >= sizeof list_text)
				break;
		}
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "illegal move \"%s\": ambiguous: could be %s", cc_quote(text, q),
		               list_text);
	}
	rc = uci_find_move(pos, bb_lsb(froms), sh.to, sh.promo, out, why, sizeof why);
	if (rc != CC_OK)
		return cc_fail(rc, err, errlen, "illegal move \"%s\": %s", cc_quote(text, q), why);
	if (sh.capture_mark && !MOVE_IS_CAPTURE(*out)) {
		*out = MOVE_NONE;
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "illegal move \"%s\": there is nothing to capture on %s",
		               cc_quote(text, q), to_name);
	}
	return CC_OK;
}
