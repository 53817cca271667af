/* position.c: attack tables, Zobrist keys, and making/unmaking moves.
 *
 * Sliding attacks use "magic" bitboards: for each square the relevant
 * blocker squares are masked out of the occupancy, multiplied by a 64-bit
 * constant and shifted, giving a collision-free index into a table of
 * precomputed attack sets.  The constants below were found by the seeded
 * random search in init_magic() (run it with an all-zero table to see it
 * find them again); they are kept so that start-up fills the tables in
 * about a millisecond instead of searching for a few hundred.  Each one is
 * checked against attacks computed by walking the rays while its table is
 * filled, and a constant that failed would send that square back to the
 * search, so a wrong number can cost time but never a wrong move. */
#include "chess/position.h"

#include <assert.h>
#include <string.h>
#include <threads.h>

struct magic {
	bitboard mask;   /* relevant blockers (rays without the board edge) */
	bitboard magic;  /* multiplier */
	bitboard *table; /* 1 << (64 - shift) attack sets */
	unsigned shift;
};

static bitboard knight_att[64], king_att[64], pawn_att[2][64];
static struct magic rook_magic[64], bishop_magic[64];
static bitboard rook_table[102400], bishop_table[5248];

/* Zobrist keys, indexed by PIECE_* code (0..15) and square. */
static uint64_t zob_piece[16][64];
static uint64_t zob_castle[16];
static uint64_t zob_ep[8];
static uint64_t zob_side;

/* castle_keep[sq]: the castling rights that survive a move from or to sq. */
static uint8_t castle_keep[64];

static once_flag init_once = ONCE_FLAG_INIT;

/* Found by init_magic()'s search from the seed in init_tables(). */
static const bitboard rook_magics[64] = {
        0x0080108000204001ULL, 0x0480200140008111ULL, 0x4200104082020820ULL, 0x0100100004082100ULL,
        0x1200209008048200ULL, 0x6200080441020010ULL, 0x0200060042810428ULL, 0x0200010084002042ULL,
        0x9000800080400028ULL, 0x0040402010004000ULL, 0x0100801000802001ULL, 0x0002801000810800ULL,
        0x0004808008000400ULL, 0x3004800400420080ULL, 0x0000800100800200ULL, 0x0012800040800100ULL,
        0x2040008000805020ULL, 0x00d0004020004002ULL, 0x0409410013022000ULL, 0x1908090021009000ULL,
        0x0008004004004200ULL, 0x4014008004020080ULL, 0x0042040001100802ULL, 0x008002000100a044ULL,
        0x0040002c80044282ULL, 0x0142005200210080ULL, 0x0000200100401100ULL, 0x8088001010010200ULL,
        0xc400080080800400ULL, 0x0000040080020080ULL, 0x1080610400663018ULL, 0x0013408a00104401ULL,
        0x8800400082800130ULL, 0x0114e01000c00240ULL, 0x0002200045001100ULL, 0x0020801000800800ULL,
        0x0080080080800400ULL, 0x4083000209000400ULL, 0x1000080104000210ULL, 0x2000008062001401ULL,
        0x0080400080028024ULL, 0x0000500020014001ULL, 0x4400200100410010ULL, 0x0000100822020040ULL,
        0x0800040008008080ULL, 0x0080040002008080ULL, 0x0080014802040010ULL, 0x0000212040820004ULL,
        0x8080402904800900ULL, 0x0081104000208100ULL, 0x800f108022004200ULL, 0x0280221001000900ULL,
        0x8008000904110100ULL, 0x8404000402008080ULL, 0x0060800100020080ULL, 0x048a004400810200ULL,
        0x2000204015028202ULL, 0x1002504000218d01ULL, 0x10002001000c4011ULL, 0x8152008910042042ULL,
        0x0001000208001005ULL, 0x41020008011044a2ULL, 0x3088100800926104ULL, 0x60100c0500239046ULL,
};
static const bitboard bishop_magics[64] = {
        0x2010200214004010ULL, 0x0042082801084104ULL, 0x80a1014400808420ULL, 0x20080a0020000209ULL,
        0x82840504000a0000ULL, 0x1081012010000010ULL, 0x0004042482281002ULL, 0x0000804108214001ULL,
        0x8c24102042240042ULL, 0x0000240484820a00ULL, 0x0028a10104008014ULL, 0x00061804b1001000ULL,
        0x0034920210804c9cULL, 0xd000009044200804ULL, 0x1008021801480842ULL, 0x0004408208010400ULL,
        0x0850004124480080ULL, 0x0102a40848080098ULL, 0x080800040c4c0208ULL, 0x46c8001420252083ULL,
        0x0002102c01040044ULL, 0x8023000809080200ULL, 0x1889200408921000ULL, 0x3200880a00809880ULL,
        0x060a308140115213ULL, 0x4001042120040c40ULL, 0x0861044850004200ULL, 0xc0120020080081a0ULL,
        0x8002040002008220ULL, 0x2816620020411000ULL, 0x1001204004220810ULL, 0x0300810000804805ULL,
        0x0001244081a02902ULL, 0x0104020902200140ULL, 0x4100240100100100ULL, 0x0250040400080120ULL,
        0x01004900412c0040ULL, 0x9150004081c11005ULL, 0x0028248494440e00ULL, 0x0804040050048044ULL,
        0x0402101005000800ULL, 0x2004042202408800ULL, 0x8009001082001004ULL, 0x0000412028001420ULL,
        0x000002220c000600ULL, 0x4010011000200104ULL, 0x2482041112000400ULL, 0x00104c0082889024ULL,
        0x2003010120628002ULL, 0x4002008201700002ULL, 0x6200045200900c10ULL, 0x0050130022880400ULL,
        0x01a8400821010000ULL, 0x0000080810042108ULL, 0x004008018102020dULL, 0x00040c3096020004ULL,
        0x0400140411180800ULL, 0x8800320202020211ULL, 0x10208101c201d009ULL, 0x0020018008420e00ULL,
        0x0000083010021208ULL, 0x6062881020020424ULL, 0x0000083004008438ULL, 0x01200906008c0588ULL,
};

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* Attacks of a slider on sq along the given directions, stopping at the
 * first blocker (included).  Slow reference used only to fill tables. */
static bitboard ray_attacks(int sq, bitboard occ, const int (*dirs)[2])
{
	bitboard a = 0;
	for (int d = 0; d < 4; d++) {
		int f = SQ_FILE(sq) + dirs[d][0], r = SQ_RANK(sq) + dirs[d][1];
		while (f >= 0 && f < 8 && r >= 0 && r < 8) {
			a |= bb_sq(SQ(f, r));
			if (occ & bb_sq(SQ(f, r)))
				break;
			f += dirs[d][0];
			r += dirs[d][1];
		}
	}
	return a;
}

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

/* The blocker mask: the rays from sq without their last square. */
static bitboard relevant_mask(int sq, const int (*dirs)[2])
{
	bitboard m = 0;
	for (int d = 0; d < 4; d++) {
		int f = SQ_FILE(sq) + dirs[d][0], r = SQ_RANK(sq) + dirs[d][1];
		int nf = f + dirs[d][0], nr = r + dirs[d][1];
		while (nf >= 0 && nf < 8 && nr >= 0 && nr < 8) {
			m |= bb_sq(SQ(f, r));
			f = nf;
			r = nr;
			nf += dirs[d][0];
			nr += dirs[d][1];
		}
	}
	return m;
}

/* Fills one square's slice of the table; returns the number of entries
 * used.  Tries `preset` first, then sparse random candidates, until one
 * maps every blocker subset to a slot with the right attack set. */
static size_t init_magic(struct magic *mg, int sq, const int (*dirs)[2], bitboard *table,
                         bitboard preset, uint64_t *seed)
{
	bitboard subsets[4096], attacks[4096];
	unsigned epoch[4096];
	size_t n = 0;
	mg->mask = relevant_mask(sq, dirs);
	mg->shift = 64 - (unsigned)bb_count(mg->mask);
	mg->table = table;
	/* Carry-Rippler enumeration of all subsets of the mask. */
	bitboard b = 0;
	do {
		subsets[n] = b;
		attacks[n] = ray_attacks(sq, b, dirs);
		n++;
		b = (b - mg->mask) & mg->mask;
	} while (b);
	size_t size = (size_t)1 << (64 - mg->shift);
	memset(epoch, 0, sizeof epoch);
	for (unsigned attempt = 1;; attempt++) {
		bitboard m = attempt == 1 && preset
		                     ? preset
		                     : splitmix(seed) & splitmix(seed) & splitmix(seed);
		if (bb_count((mg->mask * m) >> 56) < 6)
			continue;
		size_t i;
		for (i = 0; i < n; i++) {
			size_t idx = (size_t)((subsets[i] * m) >> mg->shift);
			if (epoch[idx] != attempt) {
				epoch[idx] = attempt;
				table[idx] = attacks[i];
			} else if (table[idx] != attacks[i]) {
				break;
			}
		}
		if (i == n) {
			mg->magic = m;
			return size;
		}
	}
}

/* The start position, built once by init_tables(): every game begins
 * here, and a copy is cheaper than building or parsing it (the load of a
 * game, issue 25). */
static position start_pos;
static void build_startpos(position *pos);

static void init_tables(void)
{
	static const int kn[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
	                             {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
	for (int sq = 0; sq < 64; sq++) {
		int f = SQ_FILE(sq), r = SQ_RANK(sq);
		for (int i = 0; i < 8; i++) {
			int nf = f + kn[i][0], nr = r + kn[i][1];
			if (nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
				knight_att[sq] |= bb_sq(SQ(nf, nr));
		}
		for (int df = -1; df <= 1; df++)
			for (int dr = -1; dr <= 1; dr++) {
				int nf = f + df, nr = r + dr;
				if ((df || dr) && nf >= 0 && nf < 8 && nr >= 0 && nr < 8)
					king_att[sq] |= bb_sq(SQ(nf, nr));
			}
		for (int df = -1; df <= 1; df += 2) {
			if (f + df < 0 || f + df > 7)
				continue;
			if (r < 7)
				pawn_att[WHITE][sq] |= bb_sq(SQ(f + df, r + 1));
			if (r > 0)
				pawn_att[BLACK][sq] |= bb_sq(SQ(f + df, r - 1));
		}
	}
	uint64_t seed = 0x636F727263686573ULL; /* fixed: same tables every run */
	size_t rook_used = 0, bishop_used = 0;
	for (int sq = 0; sq < 64; sq++) {
		rook_used += init_magic(&rook_magic[sq], sq, rook_dirs, rook_table + rook_used,
		                        rook_magics[sq], &seed);
		bishop_used += init_magic(&bishop_magic[sq], sq, bishop_dirs,
		                          bishop_table + bishop_used, bishop_magics[sq], &seed);
	}
	assert(rook_used == sizeof rook_table / sizeof rook_table[0]);
	assert(bishop_used == sizeof bishop_table / sizeof bishop_table[0]);

	uint64_t zs = 0x7A6F6272697374ULL;
	for (int p = 0; p < 16; p++)
		for (int sq = 0; sq < 64; sq++)
			zob_piece[p][sq] = splitmix(&zs);
	for (int c = 0; c < 16; c++)
		zob_castle[c] = c ? splitmix(&zs) : 0;
	for (int f = 0; f < 8; f++)
		zob_ep[f] = splitmix(&zs);
	zob_side = splitmix(&zs);

	memset(castle_keep, 15, sizeof castle_keep);
	castle_keep[SQ(4, 0)] = 15 & ~(CASTLE_WK | CASTLE_WQ);
	castle_keep[SQ(7, 0)] = 15 & ~CASTLE_WK;
	castle_keep[SQ(0, 0)] = 15 & ~CASTLE_WQ;
	castle_keep[SQ(4, 7)] = 15 & ~(CASTLE_BK | CASTLE_BQ);
	castle_keep[SQ(7, 7)] = 15 & ~CASTLE_BK;
	castle_keep[SQ(0, 7)] = 15 & ~CASTLE_BQ;
	build_startpos(&start_pos); /* last: it needs the keys above */
}

void chess_init(void)
{
	call_once(&init_once, init_tables);
}

bitboard attacks_knight(int sq)
{
	return knight_att[sq];
}
bitboard attacks_king(int sq)
{
	return king_att[sq];
}
bitboard attacks_pawn(int color, int sq)
{
	return pawn_att[color][sq];
}

bitboard attacks_bishop(int sq, bitboard occ)
{
	const struct magic *m = &bishop_magic[sq];
	return m->table[((occ & m->mask) * m->magic) >> m->shift];
}

bitboard attacks_rook(int sq, bitboard occ)
{
	const struct magic *m = &rook_magic[sq];
	return m->table[((occ & m->mask) * m->magic) >> m->shift];
}

bitboard position_attackers(const position *pos, int sq, int by, bitboard occ)
{
	bitboard them = pos->by_color[by];
	bitboard diag = pos->by_type[BISHOP] | pos->by_type[QUEEN];
	bitboard orth = pos->by_type[ROOK] | pos->by_type[QUEEN];
	return them &
	       ((pawn_att[by ^ 1][sq] & pos->by_type[PAWN]) |
	        (knight_att[sq] & pos->by_type[KNIGHT]) | (king_att[sq] & pos->by_type[KING]) |
	        (attacks_bishop(sq, occ) & diag) | (attacks_rook(sq, occ) & orth));
}

bool position_in_check(const position *pos)
{
	int ksq = bb_lsb(pos->by_color[pos->side] & pos->by_type[KING]);
	bitboard occ = pos->by_color[WHITE] | pos->by_color[BLACK];
	return position_attackers(pos, ksq, pos->side ^ 1, occ) != 0;
}

uint64_t position_compute_key(const position *pos)
{
	uint64_t k = 0;
	for (int sq = 0; sq < 64; sq++)
		if (pos->board[sq] != PIECE_NONE)
			k ^= zob_piece[pos->board[sq]][sq];
	k ^= zob_castle[pos->castling];
	if (pos->ep != SQ_NONE)
		k ^= zob_ep[SQ_FILE(pos->ep)];
	if (pos->side == BLACK)
		k ^= zob_side;
	return k;
}

bool position_is_consistent(const position *pos)
{
	bitboard type[NPIECE_TYPES] = {0}, color[2] = {0};
	for (int sq = 0; sq < 64; sq++) {
		uint8_t p = pos->board[sq];
		if (p == PIECE_NONE)
			continue;
		if (PIECE_TYPE(p) < 0 || PIECE_TYPE(p) >= NPIECE_TYPES || PIECE_COLOR(p) > 1)
			return false;
		type[PIECE_TYPE(p)] |= bb_sq(sq);
		color[PIECE_COLOR(p)] |= bb_sq(sq);
	}
	for (int t = 0; t < NPIECE_TYPES; t++)
		if (type[t] != pos->by_type[t])
			return false;
	return color[WHITE] == pos->by_color[WHITE] && color[BLACK] == pos->by_color[BLACK] &&
	       pos->key == position_compute_key(pos);
}

static inline void put_piece(position *pos, int sq, uint8_t p)
{
	bitboard b = bb_sq(sq);
	pos->board[sq] = p;
	pos->by_type[PIECE_TYPE(p)] |= b;
	pos->by_color[PIECE_COLOR(p)] |= b;
	pos->key ^= zob_piece[p][sq];
}

static inline void remove_piece(position *pos, int sq)
{
	uint8_t p = pos->board[sq];
	bitboard b = bb_sq(sq);
	pos->board[sq] = PIECE_NONE;
	pos->by_type[PIECE_TYPE(p)] ^= b;
	pos->by_color[PIECE_COLOR(p)] ^= b;
	pos->key ^= zob_piece[p][sq];
}

static inline void shift_piece(position *pos, int from, int to)
{
	uint8_t p = pos->board[from];
	bitboard b = bb_sq(from) | bb_sq(to);
	pos->board[from] = PIECE_NONE;
	pos->board[to] = p;
	pos->by_type[PIECE_TYPE(p)] ^= b;
	pos->by_color[PIECE_COLOR(p)] ^= b;
	pos->key ^= zob_piece[p][from] ^ zob_piece[p][to];
}

/* The rook's squares for a castling move whose king goes to `to`. */
static inline void castle_rook(int to, int *rfrom, int *rto)
{
	int rank = SQ_RANK(to);
	if (SQ_FILE(to) == 6) {
		*rfrom = SQ(7, rank);
		*rto = SQ(5, rank);
	} else {
		*rfrom = SQ(0, rank);
		*rto = SQ(3, rank);
	}
}

void position_do_move(position *pos, move m, undo *u)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), flags = MOVE_FLAGS(m);
	int us = pos->side, them = us ^ 1;
	uint8_t pc = pos->board[from];
	assert(pc != PIECE_NONE && PIECE_COLOR(pc) == us);

	u->key = pos->key;
	u->halfmove = pos->halfmove;
	u->castling = pos->castling;
	u->ep = pos->ep;
	u->captured = PIECE_NONE;

	pos->key ^= zob_side;
	if (pos->ep != SQ_NONE) {
		pos->key ^= zob_ep[SQ_FILE(pos->ep)];
		pos->ep = SQ_NONE;
	}
	pos->halfmove++;

	if (flags == MOVE_EP) {
		int capsq = to + (us == WHITE ? -8 : 8);
		u->captured = pos->board[capsq];
		remove_piece(pos, capsq);
	} else if (flags & MOVE_CAPTURE) {
		u->captured = pos->board[to];
		remove_piece(pos, to);
		pos->halfmove = 0;
	}
	if (flags & MOVE_PROMO) {
		remove_piece(pos, from);
		put_piece(pos, to, PIECE_MAKE(us, MOVE_PROMO_TYPE(m)));
	} else {
		shift_piece(pos, from, to);
	}
	if (flags == MOVE_CASTLE_K || flags == MOVE_CASTLE_Q) {
		int rf, rt;
		castle_rook(to, &rf, &rt);
		shift_piece(pos, rf, rt);
	}
	if (PIECE_TYPE(pc) == PAWN) {
		pos->halfmove = 0;
		/* Record the e.p. square only when a pawn of the side now to
		 * move stands beside: FIDE 9.2 compares e.p. possibilities. */
		if (flags == MOVE_DOUBLE_PUSH) {
			int ep = (from + to) / 2;
			if (pawn_att[us][ep] & pos->by_type[PAWN] & pos->by_color[them]) {
				pos->ep = (int8_t)ep;
				pos->key ^= zob_ep[SQ_FILE(ep)];
			}
		}
	}
	uint8_t cr = pos->castling & castle_keep[from] & castle_keep[to];
	if (cr != pos->castling) {
		pos->key ^= zob_castle[pos->castling] ^ zob_castle[cr];
		pos->castling = cr;
	}
	pos->side = (uint8_t)them;
	if (us == BLACK)
		pos->fullmove++;
}

void position_undo_move(position *pos, move m, const undo *u)
{
	int from = MOVE_FROM(m), to = MOVE_TO(m), flags = MOVE_FLAGS(m);
	int us = pos->side ^ 1;
	pos->side = (uint8_t)us;
	if (us == BLACK)
		pos->fullmove--;
	if (flags == MOVE_CASTLE_K || flags == MOVE_CASTLE_Q) {
		int rf, rt;
		castle_rook(to, &rf, &rt);
		shift_piece(pos, rt, rf);
	}
	if (flags & MOVE_PROMO) {
		remove_piece(pos, to);
		put_piece(pos, from, PIECE_MAKE(us, PAWN));
	} else {
		shift_piece(pos, to, from);
	}
	if (flags == MOVE_EP)
		put_piece(pos, to + (us == WHITE ? -8 : 8), u->captured);
	else if (u->captured != PIECE_NONE)
		put_piece(pos, to, u->captured);
	pos->castling = u->castling;
	pos->ep = u->ep;
	pos->halfmove = u->halfmove;
	pos->key = u->key;
}

static void build_startpos(position *pos)
{
	static const uint8_t back[8] = {ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK};
	memset(pos, 0, sizeof *pos);
	for (int f = 0; f < 8; f++) {
		put_piece(pos, SQ(f, 0), PIECE_MAKE(WHITE, back[f]));
		put_piece(pos, SQ(f, 1), PIECE_MAKE(WHITE, PAWN));
		put_piece(pos, SQ(f, 6), PIECE_MAKE(BLACK, PAWN));
		put_piece(pos, SQ(f, 7), PIECE_MAKE(BLACK, back[f]));
	}
	pos->side = WHITE;
	pos->castling = CASTLE_WK | CASTLE_WQ | CASTLE_BK | CASTLE_BQ;
	pos->ep = SQ_NONE;
	pos->halfmove = 0;
	pos->fullmove = 1;
	pos->key = position_compute_key(pos);
}

void position_startpos(position *pos)
{
	chess_init();
	*pos = start_pos;
}

void position_put_piece(position *pos, int sq, uint8_t p)
{
	assert(pos->board[sq] == PIECE_NONE);
	put_piece(pos, sq, p);
}
