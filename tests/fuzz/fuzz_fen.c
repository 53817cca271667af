/* fuzz_fen.c: fen_parse() on any text.
 *
 * Invariants: fen_parse() never crashes and, when it fails, leaves a
 * sentence in err; when it succeeds the position is consistent,
 * fen_write() fits FEN_MAX and reads back to the same position and the
 * same text, every legal move can be made and taken back (restoring the
 * position bit for bit), and the game-ending checks run on it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/game.h"
#include "chess/movegen.h"
#include "chess/position.h"
#include "fuzz.h"
#include "util/status.h"

/* The fields FEN describes and the key; memcmp() would also compare
 * padding. */
static bool same_position(const position *a, const position *b)
{
	return memcmp(a->board, b->board, sizeof a->board) == 0 &&
	       memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 &&
	       memcmp(a->by_color, b->by_color, sizeof a->by_color) == 0 && a->side == b->side &&
	       a->castling == b->castling && a->ep == b->ep && a->halfmove == b->halfmove &&
	       a->fullmove == b->fullmove && a->key == b->key;
}

static void check_moves(const position *pos, const char *fen)
{
	move list[MAX_MOVES];
	int n = movegen_legal(pos, list);
	if (n < 0 || n > MAX_MOVES)
		fuzz_fail("%s: movegen_legal gave %d moves", fen, n);
	for (int i = 0; i < n; i++) {
		position p = *pos;
		undo u;
		if (!movegen_is_legal(&p, list[i]))
			fuzz_fail("%s: move %d of the legal list is not legal", fen, i);
		position_do_move(&p, list[i], &u);
		if (!position_is_consistent(&p))
			fuzz_fail("%s: inconsistent after move %d", fen, i);
		/* The side that moved may not be left in check. */
		p.side ^= 1;
		bool own_check = position_in_check(&p);
		p.side ^= 1;
		if (own_check)
			fuzz_fail("%s: move %d leaves the mover in check", fen, i);
		(void)game_status(&p);
		position_undo_move(&p, list[i], &u);
		if (!same_position(&p, pos))
			fuzz_fail("%s: undo of move %d does not restore the position", fen, i);
	}
	enum game_state st = game_status(pos);
	if ((st == GAME_CHECKMATE || st == GAME_STALEMATE) != (n == 0))
		fuzz_fail("%s: status %s with %d legal moves", fen, game_state_name(st), n);
	(void)game_repetition_key(pos);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstring(data, size);
	char err[256] = "", out[FEN_MAX + 8], again[FEN_MAX + 8];
	position pos, back;

	int rc = fen_parse(&pos, text, err, sizeof err);
	if (rc != CC_OK) {
		if (rc != CC_ERR_MALFORMED && rc != CC_ERR_INVALID)
			fuzz_fail("fen_parse returned %d", rc);
		if (err[0] == '\0')
			fuzz_fail("fen_parse failed (%d) without a message", rc);
		free(text);
		return 0;
	}
	if (!position_is_consistent(&pos))
		fuzz_fail("accepted FEN gives an inconsistent position");
	memset(out, 'x', sizeof out);
	fen_write(&pos, out, sizeof out);
	if (memchr(out, '\0', FEN_MAX) == NULL)
		fuzz_fail("fen_write wrote more than FEN_MAX bytes");
	rc = fen_parse(&back, out, err, sizeof err);
	if (rc != CC_OK)
		fuzz_fail("fen_write gave \"%s\", which does not parse: %s", out, err);
	if (!same_position(&pos, &back))
		fuzz_fail("\"%s\" reads back as a different position", out);
	fen_write(&back, again, sizeof again);
	if (strcmp(out, again) != 0)
		fuzz_fail("FEN not stable: \"%s\" then \"%s\"", out, again);
	check_moves(&pos, out);
	free(text);
	return 0;
}
