/* game.c: the game record, game endings (FIDE 5) and draw claims
 * (FIDE 9.2, 9.3). */
#include "chess/game.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/movegen.h"
#include "notation/uci.h"
#include "util/status.h"

struct game {
	position start;   /* the position before the first move */
	position cur;     /* the position after the last move */
	size_t n;         /* moves played */
	size_t cap;       /* room in moves[]; keys[] has cap + 1 */
	move *moves;      /* the moves, in order */
	uint64_t *keys;   /* keys[i]: game_repetition_key() before move i; keys[n] = now */
	bool legal_known; /* legal[] holds the legal moves of cur */
	int nlegal;
	move legal[MAX_MOVES];
};

/* Light squares: b1, d1, ..., a2, c2, ... (a1 is dark). */
#define LIGHT_SQUARES 0x55AA55AA55AA55AAULL

const char *game_state_name(enum game_state s)
{
	switch (s) {
	case GAME_ONGOING:
		return "ongoing";
	case GAME_CHECKMATE:
		return "checkmate";
	case GAME_STALEMATE:
		return "stalemate";
	case GAME_DEAD_POSITION:
		return "dead position";
	}
	return "unknown";
}

bool game_is_dead_position(const position *pos)
{
	/* FIDE 5.2.2: with a pawn, rook or queen a mate can always be set
	 * up by some sequence of legal moves as far as we look. */
	if (pos->by_type[PAWN] | pos->by_type[ROOK] | pos->by_type[QUEEN])
		return false;
	bitboard minors = pos->by_type[KNIGHT] | pos->by_type[BISHOP];
	if (bb_count(minors) <= 1)
		return true; /* K v K, K+B v K, K+N v K */
	if (pos->by_type[KNIGHT])
		return false;
	/* Bishops only: if all stand on one colour, no king standing on the
	 * other colour can ever be attacked, and a mated king must be. */
	bitboard b = pos->by_type[BISHOP];
	return !(b & LIGHT_SQUARES) || !(b & ~LIGHT_SQUARES);
}

/* The state of pos, which has nlegal legal moves. */
static enum game_state state_of(const position *pos, int nlegal)
{
	if (nlegal == 0)
		return position_in_check(pos) ? GAME_CHECKMATE : GAME_STALEMATE;
	return game_is_dead_position(pos) ? GAME_DEAD_POSITION : GAME_ONGOING;
}

enum game_state game_status(const position *pos)
{
	move list[MAX_MOVES];
	return state_of(pos, movegen_legal(pos, list));
}

/* The e.p. square when a legal e.p. capture exists, else SQ_NONE
 * (FIDE 9.2.3: only a real possibility makes positions differ). */
static int ep_possible(const position *pos)
{
	if (pos->ep == SQ_NONE)
		return SQ_NONE;
	move list[MAX_MOVES];
	int n = movegen_legal(pos, list);
	for (int i = 0; i < n; i++)
		if (MOVE_FLAGS(list[i]) == MOVE_EP)
			return pos->ep;
	return SQ_NONE;
}

uint64_t game_repetition_key(const position *pos)
{
	if (ep_possible(pos) == pos->ep)
		return pos->key; /* no e.p. square, or a usable one */
	position tmp = *pos;
	tmp.ep = SQ_NONE;
	return position_compute_key(&tmp);
}

/* FIDE 9.2.3: the same player to move, the same pieces on the same
 * squares, the same castling rights and e.p. possibility. */
static bool same_position(const position *a, const position *b)
{
	return a->side == b->side && a->castling == b->castling &&
	       memcmp(a->board, b->board, sizeof a->board) == 0 && ep_possible(a) == ep_possible(b);
}

game *game_new(const position *start)
{
	game *g = calloc(1, sizeof *g);
	if (!g)
		goto fail;
	g->cap = 64;
	g->moves = malloc(g->cap * sizeof *g->moves);
	g->keys = malloc((g->cap + 1) * sizeof *g->keys);
	if (!g->moves || !g->keys)
		goto fail;
	g->start = *start;
	g->cur = *start;
	g->keys[0] = game_repetition_key(start);
	return g;
fail:
	game_free(g);
	return NULL;
}

void game_free(game *g)
{
	if (!g)
		return;
	free(g->moves);
	free(g->keys);
	free(g);
}

game *game_copy(const game *g)
{
	game *c = malloc(sizeof *c);
	if (!c)
		return NULL;
	*c = *g;
	c->moves = malloc(c->cap * sizeof *c->moves);
	c->keys = malloc((c->cap + 1) * sizeof *c->keys);
	if (!c->moves || !c->keys) {
		free(c->moves);
		free(c->keys);
		free(c);
		return NULL;
	}
	memcpy(c->moves, g->moves, g->n * sizeof *g->moves);
	memcpy(c->keys, g->keys, (g->n + 1) * sizeof *g->keys);
	return c;
}

size_t game_bytes(const game *g)
{
	return sizeof *g + g->cap * sizeof *g->moves + (g->cap + 1) * sizeof *g->keys;
}

/* Makes room for one more move; keeps g unchanged on failure. */
static int grow(game *g)
{
	if (g->n < g->cap)
		return CC_OK;
	size_t cap = g->cap * 2 > GAME_MAX_PLIES ? GAME_MAX_PLIES : g->cap * 2;
	move *m = realloc(g->moves, cap * sizeof *m);
	if (!m)
		return CC_ERR_NOMEM;
	g->moves = m;
	uint64_t *k = realloc(g->keys, (cap + 1) * sizeof *k);
	if (!k)
		return CC_ERR_NOMEM; /* moves[] merely got bigger: still fine */
	g->keys = k;
	g->cap = cap;
	return CC_OK;
}

int game_play(game *g, move m, char *err, size_t errlen)
{
	char u_text[UCI_MAX];
	/* One generation serves both checks (the game is not over, and m
	 * is among the legal moves), and none when game_legal_moves() has
	 * just made it: replaying a stored game calls this for every ply. */
	const move *list;
	int n = game_legal_moves(g, &list);
	enum game_state st = state_of(&g->cur, n);
	if (st != GAME_ONGOING)
		return cc_fail(CC_ERR_ILLEGAL, err, errlen, "the game is over: %s",
		               game_state_name(st));
	bool legal = false;
	for (int i = 0; i < n && !legal; i++)
		legal = list[i] == m;
	if (!legal) {
		uci_write(m, u_text);
		return cc_fail(CC_ERR_ILLEGAL, err, errlen,
		               "%s is not a legal move in this position", u_text);
	}
	if (g->n >= GAME_MAX_PLIES)
		return cc_fail(CC_ERR_RANGE, err, errlen, "a game holds at most %d moves (plies)",
		               GAME_MAX_PLIES);
	if (grow(g) != CC_OK)
		return cc_fail(CC_ERR_NOMEM, err, errlen, "out of memory");
	undo u;
	position_do_move(&g->cur, m, &u);
	g->legal_known = false;
	g->moves[g->n++] = m;
	g->keys[g->n] = game_repetition_key(&g->cur);
	return CC_OK;
}

int game_legal_moves(game *g, const move **list)
{
	if (!g->legal_known) {
		g->nlegal = movegen_legal(&g->cur, g->legal);
		g->legal_known = true;
	}
	*list = g->legal;
	return g->nlegal;
}

const position *game_position(const game *g)
{
	return &g->cur;
}

const position *game_start_position(const game *g)
{
	return &g->start;
}

size_t game_ply_count(const game *g)
{
	return g->n;
}

move game_move_at(const game *g, size_t i)
{
	return i < g->n ? g->moves[i] : MOVE_NONE;
}

enum game_state game_ending(const game *g)
{
	return game_status(&g->cur);
}

int game_repetitions(const game *g, move intended)
{
	position target = g->cur;
	int count = 0;
	if (intended != MOVE_NONE) {
		if (!movegen_is_legal(&g->cur, intended))
			return CC_ERR_ILLEGAL;
		undo u;
		position_do_move(&target, intended, &u);
		count = 1; /* the position the intended move makes */
	}
	uint64_t key = game_repetition_key(&target);
	/* Replay the game: the keys pick the candidates, the positions
	 * themselves decide. */
	position p = g->start;
	for (size_t i = 0; i <= g->n; i++) {
		if (g->keys[i] == key && same_position(&p, &target))
			count++;
		if (i < g->n) {
			undo u;
			position_do_move(&p, g->moves[i], &u);
		}
	}
	return count;
}

bool game_can_claim_threefold(const game *g, move intended)
{
	/* FIDE 9.2.1: the third occurrence, on the board or after the
	 * written (intended) move. */
	return game_repetitions(g, intended) >= 3;
}

bool game_can_claim_fifty(const game *g, move intended)
{
	/* FIDE 9.3: 50 moves of each side, i.e. 100 plies without a pawn
	 * move or a capture. */
	if (intended == MOVE_NONE)
		return g->cur.halfmove >= 100;
	if (!movegen_is_legal(&g->cur, intended))
		return false;
	position after = g->cur;
	undo u;
	position_do_move(&after, intended, &u);
	return after.halfmove >= 100;
}
