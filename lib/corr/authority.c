/* authority.c: the one authority policy (corr/authority.h,
 * docs/AUTHORITY.md). */
#include "corr/authority.h"

#include <string.h>

#include "util/status.h"

/* How a command decides. */
enum rule {
	SEAT,       /* a player's act: only white or black */
	SIGNED,     /* anyone signed in */
	MESSAGES,   /* the game's players, its TL, an admin */
	TL_ON,      /* a TL power on what he leads, never on his own game or himself */
	STAFF,      /* a TL or an admin (what he makes, he leads) */
	STAFF_KC,   /* a TL, the kc or an admin */
	ADMIN,      /* an admin, never on himself */
	KC_ADMIN,   /* the kc or an admin */
	SELF_STAFF, /* the user himself (subject), a TL, the kc, an admin */
	TL_KC_ON,   /* TL_ON, and the kc too (DSU 6.4.2), never on himself */
	APPEAL,     /* a party (a player of the tournament), the kc, an admin */
	SELF_OR_TL, /* the subject himself (a team's captain), or TL_ON */
};

static const struct {
	const char *name;
	enum rule rule;
} cmds[AUTH_CMD_COUNT] = {
        [AUTH_MOVE] = {"move", SEAT},
        [AUTH_DRAW] = {"draw", SEAT},
        [AUTH_RESIGN] = {"resign", SEAT},
        [AUTH_CLAIM] = {"claim", SEAT},
        [AUTH_SERIES_CANCEL] = {"series_cancel", SEAT},
        [AUTH_NOTICE] = {"notice", SEAT},
        [AUTH_REMINDER] = {"reminder", SEAT},
        [AUTH_MESSAGE_POST] = {"message_post", SEAT},
        [AUTH_GAME_READ] = {"game_read", SIGNED},
        [AUTH_MESSAGES_READ] = {"messages_read", MESSAGES},
        [AUTH_AUDIT_READ] = {"audit_read", TL_ON},
        [AUTH_RESULT] = {"result", TL_ON},
        [AUTH_PENALTY] = {"penalty", TL_ON},
        [AUTH_MOVE_DATES] = {"move_dates", TL_ON},
        [AUTH_HOLIDAY_PLAY] = {"holiday_play", TL_ON},
        [AUTH_VACATION_OWN] = {"vacation_own", SIGNED},
        [AUTH_VACATION_FOR] = {"vacation_for", TL_ON},
        [AUTH_SPECIAL_LEAVE] = {"special_leave", TL_ON},
        [AUTH_GAME_CREATE] = {"game_create", STAFF},
        [AUTH_TOURNAMENT_CREATE] = {"tournament_create", STAFF},
        [AUTH_WITHDRAWAL] = {"withdrawal", TL_ON},
        [AUTH_NEXT_STAGE] = {"next_stage", TL_ON},
        [AUTH_PLAYOFF] = {"playoff", TL_ON},
        [AUTH_PUBLICATION] = {"publication", TL_ON},
        [AUTH_DECISION] = {"decision", TL_ON},
        [AUTH_OVERVIEW] = {"overview", STAFF},
        [AUTH_ENTRY_OWN] = {"entry_own", SIGNED},
        [AUTH_ENTRY_FOR] = {"entry_for", TL_ON},
        [AUTH_USER_CREATE] = {"user_create", STAFF_KC},
        [AUTH_USER_CREATE_STAFF] = {"user_create_staff", ADMIN},
        [AUTH_USER_SEARCH] = {"user_search", STAFF_KC},
        [AUTH_RATING_SET] = {"rating_set", ADMIN},
        [AUTH_RIGHT_GRANT] = {"right_grant", ADMIN},
        [AUTH_CLASS_SET] = {"class_set", KC_ADMIN},
        [AUTH_MEMBER_READ] = {"member_read", SELF_STAFF},
        [AUTH_MEMBER_SET] = {"member_set", SELF_STAFF},
        [AUTH_ENTRY_FEE] = {"entry_fee", TL_ON},
        [AUTH_SANCTION] = {"sanction", TL_KC_ON},
        [AUTH_REGISTER_READ] = {"register_read", SELF_STAFF},
        [AUTH_APPEAL] = {"appeal", APPEAL},
        [AUTH_APPEAL_RULE] = {"appeal_rule", KC_ADMIN},
        [AUTH_TOURNAMENT_TL_SET] = {"tournament_tl_set", KC_ADMIN},
        [AUTH_EDITION_SET] = {"edition_set", KC_ADMIN},
        [AUTH_CAPTAIN_SET] = {"captain_set", TL_ON},
        [AUTH_RESERVE_REQUEST] = {"reserve_request", SELF_OR_TL},
        [AUTH_RESERVE_APPROVE] = {"reserve_approve", TL_ON},
        [AUTH_CONNECTION_LOSS] = {"connection_loss", TL_ON},
        [AUTH_FOREIGN_RESULT] = {"foreign_result", KC_ADMIN},
};

const char *auth_cmd_name(enum auth_cmd c)
{
	return (unsigned)c < AUTH_CMD_COUNT ? cmds[c].name : "";
}

int auth_cmd_of(const char *name)
{
	for (int i = 0; name && i < AUTH_CMD_COUNT; i++)
		if (strcmp(cmds[i].name, name) == 0)
			return i;
	return -1;
}

static const char *const role_names[] = {
        [AUTH_ANONYMOUS] = "", [AUTH_PLAYER] = "player", [AUTH_TL] = "tl",
        [AUTH_KC] = "kc",      [AUTH_ADMIN] = "admin",   [AUTH_SERVER] = "server",
};

enum auth_role auth_role_of(const char *name)
{
	for (int r = AUTH_PLAYER; name && r <= AUTH_ADMIN; r++)
		if (strcmp(role_names[r], name) == 0)
			return (enum auth_role)r;
	return AUTH_ANONYMOUS;
}

const char *auth_role_name(enum auth_role r)
{
	return (unsigned)r <= AUTH_SERVER ? role_names[r] : "";
}

int auth_seat(const struct auth_actor *a, int64_t white, int64_t black)
{
	if (!a || a->id <= 0)
		return CORR_NOBODY;
	return a->id == white ? WHITE : a->id == black ? BLACK : CORR_NOBODY;
}

/* Whether id plays in the game of t or is one of the parties whose games
 * the command changes. */
static bool plays(const struct auth_target *t, int64_t id)
{
	if (id == t->white || id == t->black)
		return true;
	for (size_t i = 0; i < t->nparties; i++)
		if (t->parties[i] == id)
			return true;
	return false;
}

int auth_check(const struct auth_actor *a, enum auth_cmd c, const struct auth_target *t,
               struct corr_error *e)
{
	static const struct auth_target none;
	if ((unsigned)c >= AUTH_CMD_COUNT)
		return corr_fail(e, CC_ERR_INVALID, "forbidden", "no such command");
	if (!t)
		t = &none;
	if (a && a->role == AUTH_SERVER)
		return CC_OK;
	if (!a || a->role == AUTH_ANONYMOUS || a->id <= 0)
		return corr_fail(e, CC_ERR_INVALID, "unauthorized", "sign in first");
	const char *what = cmds[c].name;
	bool admin = a->role == AUTH_ADMIN;
	bool tl = a->role == AUTH_TL || admin;
	bool kc = a->role == AUTH_KC;
	switch (cmds[c].rule) {
	case SEAT:
		if (a->id == t->white || a->id == t->black)
			return CC_OK;
		return corr_fail(e, CC_ERR_INVALID, "not_a_player",
		                 "%s: only the game's two players do this, from their seats", what);
	case SIGNED:
		return CC_OK;
	case MESSAGES:
		if (a->id == t->white || a->id == t->black || admin ||
		    (t->leader && a->id == t->leader))
			return CC_OK;
		return corr_fail(e, CC_ERR_INVALID, "forbidden",
		                 "a game's messages are for its players and its tournament leader");
	case SELF_STAFF:
		if ((t->subject && a->id == t->subject) || tl || kc)
			return CC_OK;
		return corr_fail(
		        e, CC_ERR_INVALID, "forbidden",
		        "%s: only the member himself, a tournament leader, the K-skak chief "
		        "or an admin",
		        what);
	case APPEAL:
		/* DSU 6.4.3: the appellant ("klageren") is a party; the kc or an
		 * admin records an appeal that came in writing */
		if (plays(t, a->id) || kc || admin)
			return CC_OK;
		if (tl)
			return corr_fail(e, CC_ERR_INVALID, "forbidden",
			                 "%s: a tournament leader does not appeal; the players do "
			                 "(DSU 6.4.3)",
			                 what);
		return corr_fail(e, CC_ERR_INVALID, "not_a_player",
		                 "%s: only a player of the tournament appeals its decisions", what);
	case SELF_OR_TL:
		if (t->subject && a->id == t->subject)
			return CC_OK; /* DSU 6.7.6.1: the captain, for his club */
		if (!tl)
			return corr_fail(e, CC_ERR_INVALID, "forbidden",
			                 "%s: only the team's captain, its tournament leader or an "
			                 "admin does this",
			                 what);
		if (admin || (t->leader && a->id == t->leader))
			return CC_OK;
		return corr_fail(e, CC_ERR_INVALID, "not_your_tournament",
		                 "%s: this is led by another tournament leader (DSU 6.1.3)", what);
	case TL_KC_ON:
		if (kc) {
			if (t->subject && a->id == t->subject)
				return corr_fail(e, CC_ERR_INVALID, "own_record",
				                 "%s: the K-skak chief does not act on himself",
				                 what);
			return CC_OK; /* DSU 6.4.2: "såvel TL som KC" */
		}
		/* else the TL's power on what he leads */
		/* fall through */
	case TL_ON:
		if (!tl)
			return corr_fail(e, CC_ERR_INVALID, "forbidden",
			                 "%s: only a tournament leader or an admin does this",
			                 what);
		/* Nobody judges his own case: another TL of the tournament, or
		 * an admin, must. */
		if (t->subject && a->id == t->subject)
			return corr_fail(e, CC_ERR_INVALID, "own_record",
			                 "%s: a tournament leader does not act on himself; another "
			                 "tournament leader or an admin must",
			                 what);
		if (plays(t, a->id))
			return corr_fail(e, CC_ERR_INVALID, "own_game",
			                 "%s: a tournament leader does not act on a game he plays; "
			                 "another tournament leader or an admin must",
			                 what);
		if (admin || (t->leader && a->id == t->leader))
			return CC_OK;
		/* DSU 6.1.3: each tournament has its own leader */
		return corr_fail(e, CC_ERR_INVALID, "not_your_tournament",
		                 "%s: this is led by another tournament leader (DSU 6.1.3)", what);
	case STAFF:
		if (tl)
			return CC_OK;
		return corr_fail(e, CC_ERR_INVALID, "forbidden",
		                 "%s: only a tournament leader or an admin does this", what);
	case STAFF_KC:
		if (tl || a->role == AUTH_KC)
			return CC_OK;
		return corr_fail(e, CC_ERR_INVALID, "forbidden",
		                 "%s: only a tournament leader, the K-skak chief or an admin does "
		                 "this",
		                 what);
	case ADMIN:
		if (!admin)
			return corr_fail(e, CC_ERR_INVALID, "forbidden",
			                 "%s: only an admin does this", what);
		if (t->subject && a->id == t->subject)
			return corr_fail(
			        e, CC_ERR_INVALID, "own_record",
			        "%s: an admin does not do this for himself; another admin must",
			        what);
		return CC_OK;
	case KC_ADMIN:
		if (admin || a->role == AUTH_KC)
			return CC_OK;
		return corr_fail(e, CC_ERR_INVALID, "forbidden",
		                 "%s: only the K-skak chief or an admin does this (DSU 6.1.4)",
		                 what);
	}
	return corr_fail(e, CC_ERR_INVALID, "forbidden", "%s: not allowed", what);
}
