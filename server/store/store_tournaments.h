/* store/store_tournaments.h: the tournaments and tournament_players tables
 * (API.md "Tournaments"; DSU 6.5); a tournament's games are games rows
 * with its id (store_games_insert()). */
#ifndef CORRCHESS_STORE_TOURNAMENTS_H
#define CORRCHESS_STORE_TOURNAMENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store/store_games.h"
#include "store/store.h"

#define STORE_TOURNAMENT_NAME_MAX 101 /* 100 bytes and the NUL */

/* A tournament row. */
struct store_tournament {
	int64_t id;
	char name[STORE_TOURNAMENT_NAME_MAX], kind[24], profile[STORE_PROFILE_MAX];
	char start[CALENDAR_ISO_LEN];
	bool series_cancellable;          /* DSU 6.2.5 */
	int64_t created_by;               /* 0 = unknown */
	int64_t tl;                       /* its tournament leader (DSU 6.1.3), 0 = none */
	char dsu_kind[8];                 /* "dm" (DSU 6.5.2), or "" */
	char cls[4];                      /* EMT class "Å", "K", "M", "DM", or "" */
	int64_t parent;                   /* a cup group: its cup (DSU 6.6), 0 = none */
	char stage[12];                   /* a cup group: "prelim", "semifinal", "final", or "" */
	int advance;                      /* a cup: how many of each group go on, 0 = none */
	char published[CALENDAR_ISO_LEN]; /* its results published (R12), or "" */
};

/* A cup entry's strength (DSU 6.6.1.2, 6.6.1.6; -1 = not given). */
struct store_cup_entry {
	int64_t user;
	int k_rating, otb_rating;
	bool semifinal_direct;
	int entries; /* his entries in the preliminary round (R44: 1 or 2; 0 read as 1) */
};

/* A withdrawal the TL recorded (DSU 6.2.8). */
struct store_withdrawal {
	int64_t user;
	char reason[8]; /* "valid", "invalid", "silent" */
	char on[CALENDAR_ISO_LEN];
	bool all_lost;
};

/* A player by seat (1..n in the order read). */
struct store_seat {
	int64_t user;
	char name[STORE_NAME_MAX];
	char role[STORE_ROLE_MAX];
	char team[STORE_TOURNAMENT_NAME_MAX]; /* "" outside team play */
	bool danish;                          /* a Danish citizen (the DM title, R33, I-4) */
	int64_t reserve; /* the approved reserve who plays this seat's unfinished games
	                    (DSU 6.7.4.3, migration 0028); 0: none */
};

/* A game of a tournament with its result. */
struct store_tgame {
	int64_t id, white, black;
	char result[CORR_RESULT_MAX];
	char finished_on[CALENDAR_ISO_LEN]; /* "" while it runs */
};

/* Inside the caller's write transaction: a new tournament (t->id set) and
 * one of its players.  STORE_OK or STORE_ERROR. */
int store_tournaments_insert(store *s, struct store_tournament *t);
int store_tournaments_add_player(store *s, int64_t tournament, int64_t user, int seat,
                                 const char *team, int board);

/* Inside the caller's transaction: a cup entry's strength on its seat. */
int store_tournaments_set_strength(store *s, int64_t tournament, const struct store_cup_entry *e);

/* The cup entries of a cup by seat, at most max: STORE_OK and *n. */
int store_tournaments_cup_entries(store *s, int64_t cup, struct store_cup_entry *out, size_t max,
                                  size_t *n);

/* The groups of a cup in creation order (new array, free() it). */
int store_tournaments_children(store *s, int64_t cup, struct store_tournament **out, size_t *n);

/* Tournament id: STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_tournaments_get(store *s, int64_t id, struct store_tournament *t);

/* Its players by seat, at most max: STORE_OK and *n, or STORE_ERROR. */
int store_tournaments_seats(store *s, int64_t id, struct store_seat *out, size_t max, size_t *n);

/* Its games in creation order (new array, free() it): STORE_OK or
 * STORE_ERROR. */
int store_tournaments_games(store *s, int64_t id, struct store_tgame **out, size_t *n);

/* The revision of everything GET /tournaments/{id} shows, of all
 * tournaments at once (migration 0032: bumped by every write to those
 * rows, in the write's transaction): STORE_OK and *rev, or STORE_ERROR. */
int store_tournaments_shown_rev(store *s, int64_t *rev);

/* The tournament a game belongs to and the TL who leads the game (its
 * tournament's, else the TL who made it; docs/AUTHORITY.md): STORE_OK
 * with *tournament (0 = none) and *tl (0 = nobody), STORE_ERROR. */
int store_tournaments_of_game(store *s, int64_t game_id, int64_t *tournament, int64_t *tl);

/* Inside the caller's write transaction: records a withdrawal.  STORE_OK,
 * STORE_CONFLICT when he has withdrawn already, STORE_ERROR. */
int store_withdrawals_insert(store *s, int64_t tournament, const struct store_withdrawal *w,
                             int64_t decided_by);

/* The withdrawals of a tournament in the order recorded, at most max:
 * STORE_OK and *n, or STORE_ERROR. */
int store_withdrawals_list(store *s, int64_t tournament, struct store_withdrawal *out, size_t max,
                           size_t *n);

/* The tournaments with an EMT class that user sits in, oldest first, at
 * most max: STORE_OK and *n, or STORE_ERROR. */
int store_tournaments_classed_of(store *s, int64_t user, int64_t *ids, size_t max, size_t *n);

/* The number of tournaments of a class (for the next group's number). */
int store_tournaments_count_class(store *s, const char *cls, int *n);

/* An EMT entry (DSU 6.4.4). */
struct store_entry {
	int64_t id, user, tournament; /* tournament 0 = waiting for a group */
	char cls[4];
	char valid_on[CALENDAR_ISO_LEN];        /* the day it was made */
	char fee_received_on[CALENDAR_ISO_LEN]; /* valid from (DSU 6.4.4.1); "": no fee yet */
	char proof[301];                        /* the proof of the class (6.4.4.1 b); "" */
};

/* Inside the caller's transaction: a new entry (e->id set). */
int store_entries_insert(store *s, struct store_entry *e, int64_t created_by);

/* The valid entries (DSU 6.4.4.1: with the fee received) of a class
 * still waiting for a group, by the day of the fee, then as made, at
 * most max: STORE_OK and *n, or STORE_ERROR. */
int store_entries_waiting(store *s, const char *cls, struct store_entry *out, size_t max,
                          size_t *n);

/* Does user wait for a group of class cls?  STORE_OK (yes),
 * STORE_NOT_FOUND (no) or STORE_ERROR. */
int store_entries_waits(store *s, int64_t user, const char *cls);

/* Inside the caller's transaction: entry id joins tournament. */
int store_entries_assign(store *s, int64_t id, int64_t tournament);

/* The newest tournaments older than before (0: from the newest), at most
 * max (new array, free() it). */
int store_tournaments_list(store *s, int64_t before, size_t max, struct store_tournament **out,
                           size_t *n);

/* ---- issue 11, the rest (migration 0013) ---- */

/* Inside the caller's transaction: whether a player of a tournament is a
 * Danish citizen (R33, I-4; default yes).  STORE_OK or STORE_ERROR. */
int store_tournaments_set_citizen(store *s, int64_t tournament, int64_t user, bool danish);

/* The cup semifinal and final groups user sits in, oldest first, at most
 * max: STORE_OK and *n, or STORE_ERROR. */
int store_tournaments_cup_groups_of(store *s, int64_t user, int64_t *ids, size_t max, size_t *n);

#define STORE_PLAYOFF_MAX 32 /* play-off games of one DM */

/* A DM play-off (6.5.2c, R33c): its games by user, or the agreement to
 * share. */
struct store_playoff_game {
	int64_t white, black;
	char result[CORR_RESULT_MAX];
};
struct store_playoff {
	bool agree_to_share;
	size_t ngames;
	struct store_playoff_game games[STORE_PLAYOFF_MAX];
};

/* Inside the caller's transaction: the play-off of a DM.  STORE_OK,
 * STORE_CONFLICT when it has one already, STORE_ERROR. */
int store_playoff_insert(store *s, int64_t tournament, const struct store_playoff *p,
                         int64_t entered_by);

/* The play-off of a DM: STORE_OK, STORE_NOT_FOUND (none) or STORE_ERROR. */
int store_playoff_get(store *s, int64_t tournament, struct store_playoff *p);

/* Inside the caller's transaction: the day a tournament's results were
 * published (R12; NULL clears it).  STORE_OK or STORE_ERROR. */
int store_tournaments_set_published(store *s, int64_t tournament, const char *on);

#define STORE_DECISION_ABOUT_MAX 201 /* 200 bytes and the NUL */

/* A TL decision notified to the players (R19: appeal within 3 weeks). */
struct store_decision {
	int64_t id, tournament;
	char notified_on[CALENDAR_ISO_LEN];
	char about[STORE_DECISION_ABOUT_MAX];
	char kind[12];        /* "ruling", "warning", "quarantine", "exclusion" (6.4.2) */
	int64_t player;       /* the sanctioned player; 0 for a ruling */
	int months;           /* a quarantine's (or an exclusion's) months; 0: none */
	char decided_role[4]; /* "tl", or "kc" (DSU 6.4.2: either gives a sanction) */
};

/* Inside the caller's transaction: a new decision (d->id set).  STORE_OK
 * or STORE_ERROR. */
int store_decisions_insert(store *s, struct store_decision *d, int64_t decided_by);

/* Decision id: STORE_OK and *d (with its kind, player, months, decided
 * role), STORE_NOT_FOUND or STORE_ERROR. */
int store_decisions_get(store *s, int64_t id, struct store_decision *d);

/* The decisions of a tournament in the order recorded, at most max:
 * STORE_OK and *n, or STORE_ERROR. */
int store_decisions_list(store *s, int64_t tournament, struct store_decision *out, size_t max,
                         size_t *n);

/* An entry right granted by a TL (R39 international play, R41e). */
struct store_granted {
	char cls[4];
	char until[CALENDAR_ISO_LEN];
	char source[16]; /* "international" or "tl" */
};

/* Inside the caller's transaction: a granted right.  STORE_OK or
 * STORE_ERROR. */
int store_granted_insert(store *s, int64_t user, const struct store_granted *g, int64_t granted_by);

/* A user's granted rights in the order granted, at most max: STORE_OK and
 * *n, or STORE_ERROR. */
int store_granted_list(store *s, int64_t user, struct store_granted *out, size_t max, size_t *n);

/* ---- the settings of a class (migration 0018) ---- */

/* An EMT class's settings (DSU 6.5.1; docs/TOURNAMENTS.md "Classes"): the
 * TL of the groups its entries start (0: none named, only an admin leads
 * them) and their time profile. */
struct store_class {
	char cls[4]; /* "Å", "K", "M", "DM" */
	int64_t tl;
	char profile[STORE_PROFILE_MAX];
};

/* Class cls: STORE_OK and *c, STORE_NOT_FOUND or STORE_ERROR. */
int store_classes_get(store *s, const char *cls, struct store_class *c);

/* Every class, low to high, at most max: STORE_OK and *n, or
 * STORE_ERROR. */
int store_classes_list(store *s, struct store_class *out, size_t max, size_t *n);

/* Inside the caller's transaction: the settings c of class c->cls, set
 * by user set_by on day on.  STORE_OK, STORE_NOT_FOUND or STORE_ERROR. */
int store_classes_set(store *s, const struct store_class *c, int64_t set_by, const char *on);

#endif
