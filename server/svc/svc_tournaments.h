/* svc/svc_tournaments.h: the commands that make and decide tournaments
 * (docs/API.md "Tournaments", docs/TOURNAMENTS.md; DSU 6.4-6.7), each the
 * path of svc/svc.h:
 *
 *   load the tournament -> auth_check() with the TL who leads it and the
 *   players whose games the command changes (docs/AUTHORITY.md) -> the
 *   lib/tourney rule -> one write transaction: the rows, the games and
 *   their dates, the mail -> wake the sender -> rate the groups whose
 *   results changed.
 *
 * The commands: svc_tournament_create() here (with the cup's preliminary
 * groups); the TL's decisions in svc/svc_decisions.h (withdrawal, DM
 * play-off, publication, decision); the cup's next stage in
 * svc/svc_cup.h; entries, rights and classes in svc/svc_entries.h.  Every
 * command answers o->status and fills *o.
 *
 * Also the read of a whole tournament (struct svc_tournament), which the
 * commands decide on and the API renders. */
#ifndef CORRCHESS_SVC_TOURNAMENTS_H
#define CORRCHESS_SVC_TOURNAMENTS_H

#include <stdbool.h>
#include <stdint.h>

#include "store/store_tournaments.h"
#include "svc/svc.h"
#include "tourney/dsu_cup.h"
#include "tourney/dsu_group.h"
#include "tourney/dsu_rights.h"

#define TOURNAMENT_MAX_PLAYERS 100 /* players of one tournament (4950 games single RR) */
#define TOURNAMENT_MAX_TEAMS   25  /* teams of one team tournament (100 players) */
#define TOURNAMENT_BOARDS      4   /* boards of a team (DSU 6.7) */
#define TOURNAMENT_EMT_PLAYERS 7   /* an EMT group (DSU 6.5.1.1) */
#define TOURNAMENT_NAME_MAX    100 /* bytes of a tournament's or a team's name */

/* The kinds of docs/API.md, in the order of svc_tournament_kind_names[]. */
enum svc_kind { SVC_KIND_RR, SVC_KIND_DRR, SVC_KIND_EMT, SVC_KIND_TEAM, SVC_KIND_CUP, SVC_KIND_DM };
extern const char *const svc_tournament_kind_names[]; /* NULL-terminated */

/* One entry of a tournament being made, by seat. */
struct svc_player {
	int64_t user;
	const char *team;              /* team play: the team's name (borrowed), else NULL */
	int board;                     /* team play: 1..TOURNAMENT_BOARDS, else 0 */
	struct dsu_cup_entry strength; /* a cup: the presumed strength given (-1: none) */
};

/* A tournament to make (POST /tournaments), as the adapter read it: the
 * strings are borrowed and checked by svc_tournament_create(). */
struct svc_draft {
	const char *name, *profile, *start;
	enum svc_kind kind;
	bool series_cancellable; /* DSU 6.2.5: the games allow cancelling a series */
	int64_t tl;              /* its TL (DSU 6.1.3); 0: its creator */
	const char *cls;         /* an EMT group's class, or NULL */
	int advance;             /* a cup: 2 or 3 go on (DSU 6.6.1.3); 0: 2 */
	int n;
	struct svc_player players[TOURNAMENT_MAX_PLAYERS];
	int nforeign; /* the DM: players who are not Danish citizens (R33, I-4) */
	int64_t foreign[TOURNAMENT_MAX_PLAYERS];
	/* Set by the svc commands themselves (a cup's groups, a group of
	 * entries): */
	int64_t parent;    /* a cup group: its cup */
	const char *stage; /* a cup group: "prelim", "semifinal", "final" */
};

/* POST /tournaments (tournament_create: a TL or an admin): checks the
 * whole draft (its kind's players, the users, the TL, the class, the
 * profile and the date, a cup's strengths and groups), then stores the
 * tournament, its players, every game (a cup: its preliminary groups)
 * and the start letter in one transaction.  It is led by the TL it
 * names, else by its creator.  SVC_OK and *id. */
int svc_tournament_create(struct app *app, const struct user *who, struct svc_draft *d, int64_t *id,
                          struct svc_outcome *o);

/* A stored tournament with its players and games, for the commands and
 * the API's answer (free with svc_tournament_free()). */
struct svc_tournament {
	struct store_tournament t;
	int n;
	struct store_seat *seats;
	size_t ngames;
	int64_t *game_ids;
	struct dsu_game *games;
	int unfinished;                  /* games still running */
	char last_end[CALENDAR_ISO_LEN]; /* the day the last finished game ended */
	size_t nwithdrawals;
	struct store_withdrawal withdrawals[TOURNAMENT_MAX_PLAYERS];
	/* a cup semifinal or final group (R49): its cup's started
	 * preliminary players and whether a semifinal was held */
	bool cup_rights_stage;
	bool semifinal_held;
	int prelim_players;
	/* the DM play-off the TL entered (6.5.2c), by seat */
	bool has_playoff;
	struct dsu_playoff playoff;
	struct dsu_game playoff_games[STORE_PLAYOFF_MAX];
};

/* Loads tournament id into *t: SVC_OK (free it), SVC_NOT_FOUND or
 * SVC_BUSY (then nothing to free). */
int svc_tournament_load(struct app *app, int64_t id, struct svc_tournament *t,
                        struct svc_outcome *o);
void svc_tournament_free(struct svc_tournament *t);

/* The seat of user in t (a team's reserve: the seat of the player whose
 * games he continues, DSU 6.7.4.3), or -1. */
int svc_tournament_seat(const struct svc_tournament *t, int64_t user);

/* The DSU event whose tie rules a tournament's standings follow: the DM
 * (6.5.2), a cup group's stage (6.6.1.4, 6.6.1.5), else the EMT's
 * (6.5.4.1; a general round robin follows the EMT's rules too). */
enum dsu_event svc_tournament_event(const struct store_tournament *t);

/* The play-off of t for dsu_standings(), or NULL when none was entered. */
const struct dsu_playoff *svc_tournament_playoff(const struct svc_tournament *t);

/* The EMT rights a finished cup semifinal or final gives (R49-R50, DSU
 * 6.6.2; valid 2 years from the stage's end, the day the group's last game
 * ended) for the table s of t: out[i] for line i, *until.  0; 1 when the
 * group gives none (not such a stage, not finished); -1 on an error. */
int svc_tournament_cup_rights(const struct svc_tournament *t, const struct dsu_standing *s,
                              struct dsu_cup_right *out, int32_t *until);

/* ---- for the commands of tournaments (svc_cup.c, svc_entries.c) ---- */

/* Inside the caller's write transaction: the tournament row of d led by
 * `leader` (0: nobody, then only an admin), its players and every game,
 * made by `creator`.  STORE_OK and *id, or an error status with o set. */
int svc_tournament_insert(struct app *app, const struct svc_draft *d, int64_t leader,
                          int64_t creator, int64_t *id, struct svc_outcome *o);

/* Draws the seats of players[0..n) by lot (R27; the cup's "fri
 * lodtrækning", 6.6.1.2) with libsodium's random numbers. */
void svc_tournament_draw_seats(struct svc_player *players, int n);
void svc_tournament_draw_users(int64_t *users, int n);

/* Inside the caller's write transaction: a group of cup `cup` (a round
 * robin with the cup as parent, led by the cup's TL) of users[0..n),
 * seats by lot, starting on `start`.  STORE_OK, or an error with o set. */
int svc_tournament_insert_cup_group(struct app *app, const struct store_tournament *cup,
                                    const char *stage, int number, const int64_t *users, int n,
                                    const char *start, int64_t creator, struct svc_outcome *o);

#endif
