/* tiebreak.h: scores, Sonneborn-Berger and the generic ranking of a
 * tournament group (the pairings are dsu_round_robin() and
 * dsu_team_schedule(), tourney/dsu_group.h and dsu_team.h); DSU 6.5-6.7.
 *
 * Players are numbered 0..n-1 by their seat (the numbers drawn by lot,
 * DSU 6.5 "player numbers by lot"); seat s is the player the start letter
 * calls number s + 1.  In a team tournament seat s is board s % boards + 1
 * of team s / boards (teams numbered 0..nteams-1 in their drawn order), so
 * one list of players serves both the individual standings and the teams.
 *
 * Points are counted exactly in integers: a score in half points (a draw
 * is 1, a win 2) and Sonneborn-Berger in quarter points (half the score of
 * a drawn opponent may be a quarter).  Callers divide by 2 or 4 to show
 * them.
 *
 * Pure library code: no I/O, only libc.  Inputs are the caller's arrays,
 * only read; outputs go into the caller's arrays.  The ranking functions
 * allocate a little scratch memory (O(n)) and free it before they return.
 * Failing functions return a negative enum cc_status (status.h) and write
 * a sentence into err (which may be NULL when errlen is 0).
 */
#ifndef CORRCHESS_TIEBREAK_H
#define CORRCHESS_TIEBREAK_H

#include <stddef.h>
#include <stdint.h>

#define TIEBREAK_MAX_PLAYERS 1024      /* players (or teams) a function accepts */
#define TIEBREAK_MAX_GAMES   (1 << 20) /* games the standings accept */

/* The result of one game, from the results API.md knows. */
enum tiebreak_result {
	TIEBREAK_UNFINISHED = 0, /* "*": the game does not count yet */
	TIEBREAK_WHITE_WON,      /* "1-0" */
	TIEBREAK_BLACK_WON,      /* "0-1" */
	TIEBREAK_DRAW,           /* "1/2-1/2" */
	TIEBREAK_BOTH_LOST,      /* "0-0": lost for both (DSU 6.2.8, a TL decision) */
};

/* One game of the group: two seats and the result. */
struct tiebreak_game {
	int white, black; /* seats, 0..n-1, different */
	enum tiebreak_result result;
};

/* One line of the individual standings. */
struct tiebreak_standing {
	int player;  /* seat */
	int score2;  /* game points in half points (2.5 points = 5) */
	int64_t sb4; /* Sonneborn-Berger in quarter points (1.5 = 6) */
	int played;  /* finished games (0-0 included; unfinished not) */
	int rank;    /* 1 = first; tied players share a rank: 1, 2, 2, 4 */
};

/* One line of the team standings. */
struct tiebreak_team_standing {
	int team;       /* team number, 0..nteams-1 */
	int score2;     /* the game points of its players, in half points */
	int64_t board2; /* board-weighted points over all games, in half
	                   points (a win on board 1 of 4 counts 4: 8 here) */
	int played;     /* finished games of its players */
	int rank;       /* as in struct tiebreak_standing */
};

/* Reads a result as API.md writes it ("1-0", "0-1", "1/2-1/2", "0-0",
 * "*").  CC_OK and *out, or CC_ERR_MALFORMED (text may be NULL). */
int tiebreak_result_parse(const char *text, enum tiebreak_result *out);

/* The standings of n players (1..TIEBREAK_MAX_PLAYERS) after games[]:
 * out[] (n entries) in the order of rank.  Score: 1 for a win, 1/2 for a
 * draw, 0 for a loss and for 0-0; unfinished games do not count.
 * Ranking (DSU 6.5.4.1): by score; on equal score (a) by Sonneborn-
 * Berger; then (b) by the points in the games among the players still
 * tied (applied again to any smaller group it leaves tied); then (c) the
 * rank is shared.  Players with a shared rank are listed by seat.
 * CC_ERR_RANGE (n), CC_ERR_INVALID (a seat out of range, a player against
 * himself, an unknown result), CC_ERR_RANGE (over TIEBREAK_MAX_GAMES
 * games) or CC_ERR_NOMEM, with err; out[] is then
 * undefined.  O(n^2 * ngames) at worst (ties), O(ngames + n^2) usually. */
int tiebreak_standings(int n, const struct tiebreak_game *games, size_t ngames,
                       struct tiebreak_standing *out, char *err, size_t errlen);

/* The team standings of nteams teams (2..) of `boards` boards (1..; seats
 * as at the top) after games[]: out[] (nteams entries) in the order of
 * rank.  Team score = the game points of its players (DSU 6.5).  Ties
 * (DSU 6.5, team championship): the points in the games between the tied
 * teams; then board-weighted points over all games (a win on board 1 of
 * 4 counts 4, board 2 3, board 3 2, board 4 1; a draw half of that); then
 * the same over the games between the tied teams only; then the rank is
 * shared (the "lots" of DSU 6.7.4.5 are drawn by the TL, not here).  As in
 * tiebreak_standings(), a smaller group left tied goes through the steps
 * again.  Errors as there; nteams * boards <= TIEBREAK_MAX_PLAYERS. */
int tiebreak_team_standings(int nteams, int boards, const struct tiebreak_game *games,
                            size_t ngames, struct tiebreak_team_standing *out, char *err,
                            size_t errlen);

#endif
