/* dsu_team.h: the team championship ("Danmarksturneringen for hold",
 * DSU 6.7): the round schedule with colours board by board (R57, I-31),
 * the final standings with the tie rules of 6.7.4.5 (R61, I-21, I-22),
 * the team average rating (R67, I-35) and promotion and relegation at the
 * entry deadline (6.7.5, R63-R66, I-23).
 *
 * Teams are 0..nteams-1 in the order of the numbers drawn by lot; boards
 * are 1..boards (4 in the championship).
 *
 * Pure library code: only libc; inputs only read, outputs into the
 * caller's arrays.  Small sizes (DSU_MAX_PLAYERS teams). */
#ifndef CORRCHESS_DSU_TEAM_H
#define CORRCHESS_DSU_TEAM_H

#include "tourney/dsu_common.h"

#define DSU_MAX_BOARDS 16

/* One game of a team group: board, White's team, Black's team, result. */
struct dsu_team_game {
	int board; /* 1..boards */
	int white, black;
	enum dsu_result result;
};

/* One line of the team standings. */
struct dsu_team_standing {
	int team;
	int points2;      /* the game points of its players, in half points (R61) */
	int weighted_all; /* 4/3/2/1 for a win on boards 1-4 over all games (R61 step 2, I-22) */
	int place_lo;     /* place, or the first of a shared one ... */
	int place_hi;     /* ... and its last */
	int lot_group;    /* 0, or the number (1..) of a group still tied after
	                     every step: the TL draws lots for its places (R61 step 4) */
};

/* The weight of a win on board b of `boards` (R61, I-22): boards + 1 - b
 * (4, 3, 2, 1 for four boards); 0 for a board out of range. */
int dsu_team_board_weight(int board, int boards);

/* Fills out[] with the games of a team group of nteams teams (2..
 * DSU_MAX_PLAYERS) and `boards` boards (1..DSU_MAX_BOARDS): each player
 * meets the players on his board of every other team once (R56).  The
 * matches come in round-robin order (1-2, 1-3 ... of the team numbers),
 * each with boards 1..boards.  Colours (R57, I-31): boards 1 and 3 (every
 * odd board) follow R28 on the team numbers, boards 2 and 4 the reverse.
 * Returns the count, or CC_ERR_RANGE / CC_ERR_NOMEM with err. */
int dsu_team_schedule(int nteams, int boards, struct dsu_team_game *out, size_t room, char *err,
                      size_t errlen);

/* The final standings of a team group (R61): most game points; ties, for
 * any place: (1) the points in the mutual games, (2) the 4/3/2/1 count of
 * wins over all games, (3) the same count over the mutual games; when a
 * step separates only some, every smaller group still tied starts again
 * at (1) with its own games (I-21); (4) lots: the group shares its places
 * and carries a lot_group number.  Unfinished games count nothing.
 * out[] gets nteams lines in table order (a lot group by team number).
 * CC_ERR_RANGE / CC_ERR_INVALID with err (a team or board out of range,
 * a team against itself); out[] then undefined. */
int dsu_team_standings(int nteams, int boards, const struct dsu_team_game *games, size_t ngames,
                       struct dsu_team_standing *out, char *err, size_t errlen);

/* R67 / I-35: the average of a team's K-ratings (final or provisional),
 * exactly: returns the sum; the average is sum / count (quarters for 4). */
int dsu_team_rating_sum(const int *ratings, int count);

/* One team at the entry deadline (R63). */
struct dsu_team_entry {
	int division;   /* the division it played in the last championship: 1, 2,
	                   3, or 0 for a new team (3rd division, R66) */
	int group;      /* its 3rd-division group (1..), 0 otherwise */
	int points2;    /* points in finished and reported games, half points */
	int games;      /* finished and reported games (R63) */
	int rating_sum; /* sum of its 4 K-ratings (R67; compared exactly) */
};

/* The divisions for the next season (R64-R66, I-23). */
struct dsu_promotion {
	int division[DSU_MAX_PLAYERS];   /* new division per team: 1, 2 or 3 */
	bool relegated[DSU_MAX_PLAYERS]; /* a 1st-division team that goes down
	                                    ("nedrykker") */
	bool may1[DSU_MAX_PLAYERS];      /* eligible for the 1st by R64 (a), (b) */
	bool may2[DSU_MAX_PLAYERS];      /* eligible for the 2nd by R65, not placed in
	                                    the 1st */
	int eligible1, eligible2;        /* teams eligible by the percentages */
	bool dispense1, dispense2;       /* fewer than `size` eligible: the TL may
	                                    dispense (R64, R65) */
};

/* I-23's order, "stærkest muligt": sorts the team indices ids[0..k)
 * (into teams[]) best first: score (compared exactly), then rating sum,
 * then the order of lots (the index).  O(k^2). */
void dsu_team_rank(const struct dsu_team_entry *teams, int *ids, int k);

/* Promotion and relegation (DSU 6.7.5.1), teams[0..n) in the order of
 * lots (the tie-break of last resort, I-23).  "Score" = points / games
 * (R63), compared exactly (I-24).  1st division: 1st-division teams
 * >= 40% and 2nd-division teams >= 75%; with more than `size` (7)
 * eligible: the 2 best eligible 2nd-division teams, then the best of the
 * rest, at most 5 from the 1st division.  2nd division: 1st-division
 * teams < 40%, 2nd-division teams from 40% to below 75%, 3rd-division
 * teams >= 75%, and eligible teams left out of the 1st; with more than
 * `size`: the 2 best teams down from the 1st and the best eligible team
 * of each 3rd-division group first, then the best of the rest.  "Best":
 * score, then rating sum, then lots.  Everyone else goes to the 3rd.
 * CC_ERR_RANGE / CC_ERR_INVALID with err. */
int dsu_team_promotion(const struct dsu_team_entry *teams, int n, int size,
                       struct dsu_promotion *out, char *err, size_t errlen);

#endif
