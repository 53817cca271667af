/* series.h: conditional move series (DSU 6.2.5, 6.8.4).
 *
 * A player sending his move may propose how the game goes on: a list of
 * moves alternating between the opponent and himself, the opponent's reply
 * first.  While the opponent's moves match the list, the proposer's next
 * listed move is made for him at once; the first move that differs breaks
 * the series off and the rest is dropped.  A series is binding once sent
 * (6.2.4): nothing here changes one, a caller only shortens it as it is
 * played or drops it when broken. */
#ifndef CORRCHESS_SERIES_H
#define CORRCHESS_SERIES_H

#include <stdbool.h>
#include <stddef.h>

#include "chess/position.h"

#define SERIES_MAX 40 /* moves (plies) a series may hold */

/* Checks a proposed series against `after`, the position after the
 * proposer's own move (the opponent to move).  texts[0..n-1] are moves in
 * any notation (notation_parse()), alternately the opponent's and the
 * proposer's; the series must end with a proposer's move, so n is even,
 * 2 <= n <= SERIES_MAX.  No move may follow one that ends the game
 * (mate, stalemate, dead position).  On CC_OK moves[] holds the n moves.
 * On failure the series is refused whole: *bad is the index of the first
 * bad move (n when the count is wrong) and err says why, e.g.
 * 'series move 3 ("Qxa8"): illegal: no queen can move to a8'. */
int series_check(const position *after, const char *const *texts, size_t n, move *moves,
                 size_t *bad, char *err, size_t errlen);

/* What the opponent's move does to a pending series. */
enum series_step {
	SERIES_BROKEN = 0, /* a different move: the series is dropped (6.2.5) */
	SERIES_FOLLOWED,   /* it matched; *reply is the proposer's next move */
};

/* The opponent played `played` while pending[0..n-1] was the series (n
 * >= 2, pending[0] the move proposed to him).  On SERIES_FOLLOWED *reply is
 * pending[1], to be made at once for the proposer, and the series goes on
 * with pending[2..n-1] (none when n == 2). */
enum series_step series_follow(const move *pending, size_t n, move played, move *reply);

#endif
