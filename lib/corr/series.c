#include "corr/series.h"

#include <stdio.h>

#include "chess/game.h"
#include "chess/movegen.h"
#include "notation/notation.h"
#include "util/status.h"

int series_check(const position *after, const char *const *texts, size_t n, move *moves,
                 size_t *bad, char *err, size_t errlen)
{
	*bad = 0;
	if (n < 2 || n > SERIES_MAX || n % 2 != 0) {
		*bad = n;
		snprintf(err, errlen,
		         "a series lists the opponent's reply and your answer, in pairs: 2 to %d "
		         "moves, ending with your own move (got %zu)",
		         SERIES_MAX, n);
		return CC_ERR_INVALID;
	}
	position pos = *after;
	for (size_t i = 0; i < n; i++) {
		*bad = i;
		/* DSU 6.2.5: nothing follows a move that ends the game. */
		enum game_state st = game_status(&pos);
		if (st != GAME_ONGOING) {
			snprintf(err, errlen,
			         "series move %zu (\"%s\"): the game is already over (%s)", i + 1,
			         texts[i], game_state_name(st));
			return CC_ERR_ILLEGAL;
		}
		char why[256];
		int rc = notation_parse(&pos, texts[i], &moves[i], why, sizeof why);
		if (rc != CC_OK) {
			snprintf(err, errlen, "series move %zu (\"%s\", %s): %s", i + 1, texts[i],
			         i % 2 == 0 ? "the opponent's" : "yours", why);
			return rc;
		}
		undo u;
		position_do_move(&pos, moves[i], &u);
	}
	return CC_OK;
}

enum series_step series_follow(const move *pending, size_t n, move played, move *reply)
{
	if (n < 2 || pending[0] != played)
		return SERIES_BROKEN;
	*reply = pending[1];
	return SERIES_FOLLOWED;
}
