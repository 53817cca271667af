/* dsu_group.h: one round-robin group of the DSU's individual events: the
 * colours of its games (R28, I-5, I-32), its standings with the DSU tie
 * rules (R31-R33, R46-R47, I-1..I-4, I-36) and the DM title (R33, I-4).
 *
 * Seats: players are 0..n-1 in the order of the numbers drawn by lot
 * (seat s is number s + 1 on the start letter, R27).
 *
 * The tie rules decide only the places the originals name: EMT 1st and
 * 2nd (6.5.4.1), DM 1st with its play-off and 2nd as the EMT (6.5.2), cup
 * preliminary round and semifinal 1st-3rd (6.6.1.4), cup final 1st
 * (6.6.1.5).  Every other tie on points is shared ("4-5"), whatever the
 * Sonneborn-Berger says (I-1).
 *
 * Pure library code: only libc; the caller's arrays are only read, the
 * results go into the caller's arrays.  O(n^2 + ngames * n) at worst. */
#ifndef CORRCHESS_DSU_GROUP_H
#define CORRCHESS_DSU_GROUP_H

#include "tourney/dsu_common.h"

/* DSU 6.5.2.1, 6.5.3.1: "Inden gruppen starter, modtager hver spiller
 * startbrevet": a group formed from entries starts this many days after
 * the letter goes out, so that its players have the names, addresses and
 * rules before their first move (our reading: the 14 days of 6.7.4.2, the
 * only lead time the rules give, "normalt ca. 14 dage før
 * turneringsstarten"). */
#define DSU_START_LETTER_DAYS 14

/* The event a group belongs to: it fixes which places ties decide. */
enum dsu_event {
	DSU_EVENT_EMT = 0,    /* M, K, Å groups: 1st and 2nd (6.5.4.1) */
	DSU_EVENT_DM,         /* DM class: 1st with play-off, 2nd as EMT (6.5.2) */
	DSU_EVENT_CUP_PRELIM, /* cup preliminary group: 1st-3rd (6.6.1.4) */
	DSU_EVENT_CUP_SEMI,   /* cup semifinal group: 1st-3rd (6.6.1.4) */
	DSU_EVENT_CUP_FINAL,  /* cup final: 1st (6.6.1.5) */
};

/* A pairing: who has White (seats). */
struct dsu_pairing {
	int white, black;
};

/* The DM play-off (R33c): its games (seats of the group), or that the
 * tied players agreed to share title and cash prizes instead. */
struct dsu_playoff {
	const struct dsu_game *games; /* borrowed; may be NULL when ngames is 0 */
	size_t ngames;
	bool agree_to_share; /* R33c: no play-off, title and cash prizes shared */
};

/* One line of the standings. */
struct dsu_standing {
	int player;   /* seat */
	int score2;   /* game points in half points (R11) */
	int64_t sb4;  /* Sonneborn-Berger in quarter points (R31) */
	int finished; /* his finished games (0-0 included) */
	int games;    /* his games in the list, finished or not */
	int place_lo; /* his place, or the first of a shared one ... */
	int place_hi; /* ... and its last (equal to place_lo when not shared) */
	int playoff2; /* DM: his play-off points in halves; -1: no play-off game */
};

/* What the whole table says beyond the lines. */
struct dsu_table_info {
	int first_on_points; /* players tied on points for 1st: out[0..this) (R37) */
	bool playoff_needed; /* DM: still tied for 1st after SB and the mutual games,
	                        no play-off result given (R33c; 3+ players: I-3) */
};

/* The kind of tournament a group's games are played in, for its time
 * profile (issue 21): the K-skak tournaments of 6.5-6.7 (EMT, DM, cup,
 * teams) are postal tournaments, their games by post or, when the
 * players agree, by e-mail (6.2.1.2, with 6.3.2.2's dates); the e-mail
 * tournaments of 6.8 have their own rules (40 days per 10 moves, 6.8.6). */
enum dsu_series {
	DSU_SERIES_POSTAL = 0, /* 6.5-6.7 */
	DSU_SERIES_EMAIL,      /* 6.8 */
};

/* The time profile (lib/clock) of a group of series s: "dsu-email" for a
 * 6.8 e-mail tournament; otherwise "dsu-post-email" when its games go by
 * e-mail (6.2.1.2), else "dsu-post".  Static storage. */
const char *dsu_group_profile(enum dsu_series s, bool by_email);

/* True when profile (a lib/clock name) may be a group's of series s:
 * dsu-post and dsu-post-email for a postal tournament (never the 40 days
 * of 6.8.6), dsu-email for a 6.8 tournament.  NULL is false. */
bool dsu_profile_fits(enum dsu_series s, const char *profile);

/* Reads "emt", "dm", "cup_prelim", "cup_semi" (or "cup_semifinal"),
 * "cup_final".  CC_OK or CC_ERR_MALFORMED. */
int dsu_event_parse(const char *text, enum dsu_event *out);

/* The number of games of a round robin of n players played `cycles` times:
 * cycles * n(n-1)/2; 0 when n < 2 or cycles < 1. */
size_t dsu_round_robin_games(int n, int cycles);

/* Fills out[] with the pairings of a round robin of n players (2..
 * DSU_MAX_PLAYERS), once or twice (cycles 1 or 2).  R28/I-5: for numbers
 * i < j, i has White iff i + j is odd; the pairs come in the order (1,2),
 * (1,3) ... (n-1,n).  I-32: a second cycle repeats the first with the
 * colours swapped.  Returns the count, or CC_ERR_RANGE (n, cycles) or
 * CC_ERR_NOMEM (room too small) with err.  O(n^2). */
int dsu_round_robin(int n, int cycles, struct dsu_pairing *out, size_t room, char *err,
                    size_t errlen);

/* The standings of an n-player group of event ev after games[] (checked
 * as dsu_games_check()): out[] (n lines) in the order of the table.
 * Score by R11; unfinished games do not count.  Sonneborn-Berger (R31):
 * the final scores of the opponents beaten plus half those of the
 * opponents drawn with, per game.  Order: by score; a tie that includes a
 * named place (see the top) goes through (a) SB, (b) the mutual games
 * (I-2: for 3+ players the points among them, a smaller group left tied
 * again on its own games), and in the DM for 1st (c) the play-off
 * (`playoff`, may be NULL); the steps assign only the named places, the
 * rest of the tie shares the remaining places (I-1).  Inside a shared
 * place the lines go by SB, then seat (I-36).  `info` may be NULL.
 * Fails with CC_ERR_RANGE / CC_ERR_INVALID (bad games, a play-off game
 * not between players tied for 1st, a play-off outside the DM) with err;
 * out[] is then undefined. */
int dsu_standings(enum dsu_event ev, int n, const struct dsu_game *games, size_t ngames,
                  const struct dsu_playoff *playoff, struct dsu_standing *out,
                  struct dsu_table_info *info, char *err, size_t errlen);

/* The DM title (R33, I-4): only a Danish citizen can hold it; it goes to
 * the best-placed Danish citizen(s) of table[] (n lines from
 * dsu_standings(); danish[] indexed by seat), shared when they share a
 * place; places and prizes are unchanged.  Sets title[seat]; returns the
 * number of holders (0 when no Danish citizen played). */
int dsu_dm_title(const struct dsu_standing *table, int n, const bool *danish, bool *title);

#endif
