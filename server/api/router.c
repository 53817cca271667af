/* router.c: the route table of the API - every endpoint once, with the
 * sign-in it needs (and, for the routes not yet ported to svc/, the role)
 * - and the dispatch.  Who may run a command is decided by the command
 * itself (svc/, docs/AUTHORITY.md). */
#include "autoconfig.h"
#include "api/api.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "api/handlers.h"
#include "api/classes.h"
#include "api/cup_stages.h"
#include "api/export.h"
#include "api/federation.h"
#include "api/api_games.h"
#include "api/messages.h"
#include "api/moves.h"
#include "api/api_foreign.h"
#include "api/api_ratings.h"
#include "api/tl.h"
#include "api/api_tournaments.h"
#include "api/api_users.h"
#include "api/api_vacations.h"
#include "store/store.h"

/* Who may call a route. */
enum role {
	ANYONE, /* no sign-in */
	SIGNED, /* any signed-in user */
	TL,     /* a tournament leader or an admin */
};

static const struct route {
	const char *method;
	const char *pattern; /* "{id}" matches a positive integer, "{name}" any segment */
	api_handler *fn;
	enum role role;
	const char *tl_only; /* TL routes: what the refusal says only a TL does */
} routes[] = {
        {"POST", "/api/v1/session", api_session_create, ANYONE, NULL},
        {"DELETE", "/api/v1/session", api_session_delete, SIGNED, NULL},
        {"POST", "/api/v1/users", api_users_create, SIGNED, NULL},
        {"POST", "/api/v1/users/me/password", api_password_change, SIGNED, NULL},
        {"POST", "/api/v1/password-reset", api_password_reset, ANYONE, NULL},
        {"POST", "/api/v1/password-reset/confirm", api_password_reset_confirm, ANYONE, NULL},
        {"GET", "/api/v1/users", api_users_search, SIGNED, NULL}, /* user_search */
        {"GET", "/api/v1/users/{id}", api_users_get, SIGNED, NULL},
        {"POST", "/api/v1/games", api_games_create, TL, "creates games"},
        {"GET", "/api/v1/games", api_games_list, SIGNED, NULL},
        {"GET", "/api/v1/games/{id}", api_games_get, SIGNED, NULL},
        {"POST", "/api/v1/games/{id}/moves", api_moves_create, SIGNED, NULL},
        {"POST", "/api/v1/games/{id}/draw", api_actions_draw, SIGNED, NULL},
        {"POST", "/api/v1/games/{id}/resign", api_actions_resign, SIGNED, NULL},
        {"POST", "/api/v1/games/{id}/claim", api_actions_claim, SIGNED, NULL},
        {"POST", "/api/v1/games/{id}/result", api_actions_result, TL, "sets results"},
        {"DELETE", "/api/v1/games/{id}/series", api_moves_series_cancel, SIGNED, NULL},
        {"POST", "/api/v1/games/{id}/notice", api_rules_notice, SIGNED, NULL},
        {"POST", "/api/v1/games/{id}/reminder", api_rules_reminder, SIGNED, NULL},
        {"POST", "/api/v1/games/{id}/penalty", api_rules_penalty, TL, "adds penalty days"},
        {"PATCH", "/api/v1/games/{id}/moves/{ply}", api_rules_move_dates, TL,
         "corrects a move's dates"},
        {"GET", "/api/v1/games/{id}/audit", api_rules_audit, TL, "reads a game's audit"},
        {"POST", "/api/v1/games/{id}/holiday_play", api_rules_holiday_play, TL,
         "records the holiday agreement"},
        {"GET", "/api/v1/games/{id}/pgn", api_export_pgn, SIGNED, NULL},
        {"GET", "/api/v1/games/{id}/messages", api_messages_list, SIGNED, NULL},
        {"POST", "/api/v1/games/{id}/messages", api_messages_create, SIGNED, NULL},
        {"GET", "/api/v1/games/{id}/transcript", api_export_transcript, SIGNED, NULL},
        {"POST", "/api/v1/vacations", api_vacations_create, SIGNED, NULL},
        {"GET", "/api/v1/users/{id}/vacations", api_vacations_list, SIGNED, NULL},
        {"GET", "/api/v1/users/me", api_me_get, SIGNED, NULL},
        {"PATCH", "/api/v1/users/me", api_me_patch, SIGNED, NULL},
        /* No login: the secret key in the URL is the credential (docs/NOTIFY.md). */
        {"GET", "/api/v1/users/{id}/calendar.ics", api_me_calendar, ANYONE, NULL},
        {"POST", "/api/v1/users/{id}/unsubscribe", api_me_unsubscribe, ANYONE, NULL},
        /* RFC 2369: the same link opened in a browser, a page whose button POSTs. */
        {"GET", "/api/v1/users/{id}/unsubscribe", api_me_unsubscribe_page, ANYONE, NULL},
        {"GET", "/api/v1/tl/overview", api_tl_overview, TL, "sees the overview"},
        {"POST", "/api/v1/tournaments", api_tournaments_create, SIGNED, NULL},
        {"GET", "/api/v1/tournaments", api_tournaments_list, SIGNED, NULL},
        {"GET", "/api/v1/tournaments/{id}", api_tournaments_get, SIGNED, NULL},
        {"PATCH", "/api/v1/users/{id}", api_ratings_user_patch, SIGNED, NULL},
        {"GET", "/api/v1/ratings", api_ratings_list, SIGNED, NULL},
        {"GET", "/api/v1/ratings.csv", api_ratings_csv, SIGNED, NULL},
        {"GET", "/api/v1/users/{id}/ratings", api_ratings_history, SIGNED, NULL},
        {"GET", "/api/v1/ratings/foreign", api_foreign_list, SIGNED, NULL},
        {"POST", "/api/v1/ratings/foreign", api_foreign_create, SIGNED, NULL},
        {"DELETE", "/api/v1/ratings/foreign/{id}", api_foreign_delete, SIGNED, NULL},
        {"POST", "/api/v1/tournaments/{id}/withdrawals", api_tournaments_withdraw, SIGNED, NULL},
        {"POST", "/api/v1/tournaments/{id}/next-stage", api_tournaments_next_stage, SIGNED, NULL},
        {"POST", "/api/v1/entries", api_entries_create, SIGNED, NULL},
        {"GET", "/api/v1/users/{id}/rights", api_users_rights, SIGNED, NULL},
        {"POST", "/api/v1/users/{id}/rights", api_users_grant_right, SIGNED, NULL},
        {"POST", "/api/v1/tournaments/{id}/playoff", api_tournaments_playoff, SIGNED, NULL},
        {"POST", "/api/v1/tournaments/{id}/publication", api_tournaments_publication, SIGNED, NULL},
        {"POST", "/api/v1/tournaments/{id}/decisions", api_tournaments_decision, SIGNED, NULL},
        {"GET", "/api/v1/classes", api_classes_list, SIGNED, NULL},
        {"PUT", "/api/v1/classes/{name}", api_classes_put, SIGNED, NULL},
        /* issue 22: members, fees, the register, appeals, a tournament's TL */
        {"GET", "/api/v1/users/{id}/member", api_members_get, SIGNED, NULL},
        {"PUT", "/api/v1/users/{id}/member", api_members_put, SIGNED, NULL},
        {"GET", "/api/v1/users/{id}/register", api_register_get, SIGNED, NULL},
        {"POST", "/api/v1/entries/{id}/fee", api_entries_fee, SIGNED, NULL},
        {"POST", "/api/v1/tournaments/{id}/decisions/{n}/appeals", api_appeals_create, SIGNED,
         NULL},
        {"GET", "/api/v1/appeals", api_appeals_list, SIGNED, NULL},
        {"POST", "/api/v1/appeals/{id}/ruling", api_appeals_rule, SIGNED, NULL},
        {"PUT", "/api/v1/tournaments/{id}/tl", api_tournaments_tl_put, SIGNED, NULL},
        {"PUT", "/api/v1/editions/{name}", api_editions_put, SIGNED, NULL},
        {"PUT", "/api/v1/tournaments/{id}/captains", api_captains_put, SIGNED, NULL},
        {"POST", "/api/v1/tournaments/{id}/reserves", api_reserves_create, SIGNED, NULL},
        {"POST", "/api/v1/reserves/{id}/approval", api_reserves_approve, SIGNED, NULL},
        {"POST", "/api/v1/tournaments/{id}/connection-losses", api_connection_losses_create, SIGNED,
         NULL},
};

void api_list_routes(void (*fn)(const char *method, const char *pattern, void *ctx), void *ctx)
{
	for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
		fn(routes[i].method, routes[i].pattern, ctx);
}

/* Matches path against pattern, collecting the {id} values (any {name}
 * segment, e.g. {ply}); a segment that should be an id but is not a
 * positive integer does not match.  "{name}" alone matches one segment of
 * any text, which the handler reads from the path (a class's name). */
static bool match(const char *pattern, const char *path, int64_t ids[3])
{
	static const char text[] = "{name}";
	int nid = 0;
	while (*pattern && *path) {
		const char *close = *pattern == '{' ? strchr(pattern, '}') : NULL;
		if (close && strncmp(pattern, text, sizeof text - 1) == 0) {
			size_t len = strcspn(path, "/");
			if (len == 0)
				return false;
			path += len;
			pattern = close + 1;
			continue;
		}
		if (close) {
			int64_t v = 0;
			int digits = 0;
			while (*path >= '0' && *path <= '9' && digits < 15) {
				v = v * 10 + (*path - '0');
				path++;
				digits++;
			}
			if (digits == 0 || v == 0 || (*path && *path != '/') || nid >= 3)
				return false;
			ids[nid++] = v;
			pattern = close + 1;
			continue;
		}
		if (*pattern != *path)
			return false;
		pattern++;
		path++;
	}
	return *pattern == '\0' && *path == '\0';
}

/* The reads answered from one read transaction (issue 25): the session
 * and every row of the answer from one snapshot, and one BEGIN and
 * COMMIT instead of one a statement.  Only handlers that never write. */
static bool one_read(api_handler *fn)
{
	return fn == api_games_get || fn == api_games_list || fn == api_tournaments_get;
}

/* The role check of every route: 0, or the error response's status. */
static int allowed(struct app *app, const struct route *r, struct api_req *rq, struct api_resp *rs)
{
	if (r->role == ANYONE)
		return 0;
	int status = api_session_user(app, rq, rs);
	if (status)
		return status;
	if (r->role == TL && !api_is_tl(&rq->user))
		return api_error(rs, "forbidden", "only a tournament leader or an admin %s",
		                 r->tl_only);
	return 0;
}

void api_handle(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	rs->status = 500;
	if (rq->body_too_big) {
		api_error(rs, "body_too_large", "request bodies are limited to %d bytes",
		          API_BODY_MAX);
		return;
	}
	const struct route *found = NULL;
	char methods[sizeof rs->allow] = "";
	for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
		int64_t ids[3] = {0, 0, 0};
		if (!match(routes[i].pattern, rq->path, ids))
			continue;
		/* HEAD is GET without the body (RFC 9110 §9.3.2): libmicrohttpd
		 * sends the headers of the same answer and leaves the body out. */
		if (strcmp(routes[i].method, rq->method) == 0 ||
		    (strcmp(rq->method, "HEAD") == 0 && strcmp(routes[i].method, "GET") == 0)) {
			found = &routes[i];
			memcpy(rq->ids, ids, sizeof ids);
			break;
		}
		if (strlen(methods) + strlen(routes[i].method) + 3 < sizeof methods) {
			if (*methods)
				strcat(methods, ", ");
			strcat(methods, routes[i].method);
		}
	}
	if (!found) {
		if (*methods) {
			api_error(rs, "method_not_allowed", "%s is not allowed on %s (allowed: %s)",
			          rq->method, rq->path, methods);
			memcpy(rs->allow, methods, sizeof methods);
		} else {
			api_error(rs, "not_found", "there is no %s %s in this API", rq->method,
			          rq->path);
		}
		return;
	}
	rs->route = found->pattern; /* for the access log and /metrics */
	int token = one_read(found->fn) ? store_read_begin(app->st) : 0;
	if (allowed(app, found, rq, rs) == 0)
		found->fn(app, rq, rs);
	store_read_end(app->st, token);
	json_decref(rq->json);
	rq->json = NULL;
	/* A handler that failed after starting a write leaves no half work.
	 * (No rating here: each command of svc/ that ends a game or changes a
	 * result rates the groups itself.) */
	store_rollback(app->st);
}
