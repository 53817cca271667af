/* corr/authority.h: who may do what - the one authority policy of the
 * server (docs/AUTHORITY.md has the whole matrix, command by actor, and
 * tests/check_authority.c checks this function against that table).
 *
 * Every command of server/svc asks auth_check() before it runs the rule:
 * given the actor (his id and role) and what the command acts on (a
 * game's two seats, the TL who leads the game, tournament or class, the
 * users whose games or record it changes), it answers CC_OK or a refusal
 * with a stable code.  The rules (DSU 6.1.3 gives each tournament its own
 * TL; the rest is the server's reading, docs/AUTHORITY.md):
 *   - a player acts in a game only from his seat (white or black);
 *   - a TL acts only on the tournaments, classes and standalone games he
 *     leads; an admin on all;
 *   - nobody uses TL powers on a game he plays or on himself: another TL
 *     of that tournament, or an admin, must;
 *   - ratings and entry-right grants are an admin's act; the TLs of a
 *     class or a tournament are named by an admin or the K-skak chief
 *     (kc, DSU 6.1.3, 6.1.4), who also rules on appeals;
 *   - a sanction is given by the tournament's TL or the kc (6.4.2); an
 *     appeal is filed by a player of the tournament (or recorded for him
 *     by the kc or an admin);
 *   - a member's fields and register are his own, the TLs', the kc's
 *     and the admins' to see;
 *   - what a user sees of a game follows his seat, never his role
 *     (auth_seat(): the hidden series of DSU 6.2.5 above all).
 *
 * Pure library code: no I/O, only libc. */
#ifndef CORRCHESS_CORR_AUTHORITY_H
#define CORRCHESS_CORR_AUTHORITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "corr/corr.h"

enum auth_role {
	AUTH_ANONYMOUS = 0, /* not signed in */
	AUTH_PLAYER = 1,
	AUTH_TL = 2,    /* a tournament leader (DSU 6.1.3) */
	AUTH_KC = 3,    /* the K-skak chief (DSU 6.1.4): names TLs, rules on appeals */
	AUTH_ADMIN = 4, /* runs the server */
	AUTH_SERVER = 5 /* the server itself: the sweep, the outbox, the demo */
};

/* The role of a stored role name ("player", "tl", "kc", "admin");
 * AUTH_ANONYMOUS for NULL or an unknown name. */
enum auth_role auth_role_of(const char *name);
/* The stored name of a role ("player", ...; "" for anonymous, "server"). */
const char *auth_role_name(enum auth_role r);

struct auth_actor {
	int64_t id; /* users.id; 0 for anonymous and the server */
	enum auth_role role;
};

/* The commands, each a row of docs/AUTHORITY.md (the names are its first
 * column, auth_cmd_name()). */
enum auth_cmd {
	/* a player's acts in a game, from his seat */
	AUTH_MOVE,
	AUTH_DRAW,
	AUTH_RESIGN,
	AUTH_CLAIM,
	AUTH_SERIES_CANCEL,
	AUTH_NOTICE,
	AUTH_REMINDER,
	AUTH_MESSAGE_POST,
	/* reading a game */
	AUTH_GAME_READ,
	AUTH_MESSAGES_READ,
	AUTH_AUDIT_READ,
	/* a TL's acts on a game (DSU 6.2.7, 6.2.8, 6.3.5.1, 6.2.1.1 c, 6.3.6.2) */
	AUTH_RESULT,
	AUTH_PENALTY,
	AUTH_MOVE_DATES,
	AUTH_HOLIDAY_PLAY,
	/* vacations (DSU 6.3.6, 6.8.8) */
	AUTH_VACATION_OWN,
	AUTH_VACATION_FOR, /* for another player, or a notice dated earlier */
	AUTH_SPECIAL_LEAVE,
	/* tournaments and games */
	AUTH_GAME_CREATE,
	AUTH_TOURNAMENT_CREATE,
	AUTH_WITHDRAWAL,
	AUTH_NEXT_STAGE,
	AUTH_PLAYOFF,
	AUTH_PUBLICATION,
	AUTH_DECISION,
	AUTH_OVERVIEW,
	/* entries (DSU 6.5.1) */
	AUTH_ENTRY_OWN,
	AUTH_ENTRY_FOR,
	/* users */
	AUTH_USER_CREATE,       /* a player */
	AUTH_USER_CREATE_STAFF, /* a tl, kc or admin */
	AUTH_USER_SEARCH,
	AUTH_RATING_SET,
	AUTH_RIGHT_GRANT,
	AUTH_CLASS_SET, /* a class's TL and profile */
	/* the federation's year (issue 22) */
	AUTH_MEMBER_READ,       /* a member's fields (DSU 6.4.4.1 a, d) */
	AUTH_MEMBER_SET,        /* them set */
	AUTH_ENTRY_FEE,         /* the fee of an entry received (6.4.4.1) */
	AUTH_SANCTION,          /* a warning, quarantine or exclusion (6.4.2: TL or KC) */
	AUTH_REGISTER_READ,     /* a player's register (4.1.1 §19) */
	AUTH_APPEAL,            /* an appeal against a decision (6.4.3, 6.8.10) */
	AUTH_APPEAL_RULE,       /* the KC's ruling on it (6.1.4) */
	AUTH_TOURNAMENT_TL_SET, /* the KC names a tournament's TL (6.1.3) */
	AUTH_EDITION_SET,       /* the KC fixes an edition's start (6.5.2, 6.6.3) */
	AUTH_CAPTAIN_SET,       /* a team's captain (6.7.2.2) */
	AUTH_RESERVE_REQUEST,   /* a reserve asked for by the captain (6.7.4.3) */
	AUTH_RESERVE_APPROVE,   /* the TL's prior approval of it */
	AUTH_CONNECTION_LOSS,   /* a lost e-mail connection the TL records (6.8.1) */
	AUTH_FOREIGN_RESULT,    /* a foreign tournament's result the KC enters (4.5.4.3) */
	AUTH_CMD_COUNT
};

/* The row name of a command ("move", "special_leave", ...; static), and
 * back (-1 when unknown). */
const char *auth_cmd_name(enum auth_cmd c);
int auth_cmd_of(const char *name);

#define AUTH_PARTIES_MAX 64

/* What a command acts on.  Zero fields are "none". */
struct auth_target {
	int64_t white, black; /* a game's seats (game commands) */
	int64_t leader;       /* the TL who leads the game, tournament or class; 0: nobody
	                         (then only an admin acts) */
	int64_t subject;      /* the user the command is for (a vacation, an entry, a
	                         rating ...) */
	/* Further users whose games the command changes besides white, black
	 * and subject (a withdrawal rescores the games of the player's
	 * opponents too; a play-off has all the tied players).  Borrowed. */
	const int64_t *parties;
	size_t nparties;
};

/* Whether actor a may run command c on t: CC_OK, or CC_ERR_INVALID with e
 * filled: "unauthorized" (not signed in), "forbidden" (not his role),
 * "not_a_player" (a player's act by one who does not play the game),
 * "not_your_tournament" (a TL who does not lead it), "own_game" (TL
 * powers on a game he plays), "own_record" (TL powers on himself).
 * The server (AUTH_SERVER) may run every command.  O(nparties). */
int auth_check(const struct auth_actor *a, enum auth_cmd c, const struct auth_target *t,
               struct corr_error *e);

/* The actor's seat in a game: WHITE, BLACK or CORR_NOBODY, from his id
 * alone (never his role): what he sees of the game follows it. */
int auth_seat(const struct auth_actor *a, int64_t white, int64_t black);

#endif
