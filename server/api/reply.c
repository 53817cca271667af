/* reply.c: the responses of the API, and the one table that gives each
 * error code of API.md its HTTP status. */
#include "autoconfig.h"
#include "api/api.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every error code the server answers, with its status (API.md
 * "Errors").  lib/corr's refusals use the same codes. */
static const struct {
	const char *code;
	int status;
} statuses[] = {
        {"bad_json", 400},
        {"unauthorized", 401},
        {"bad_credentials", 401},
        {"forbidden", 403},
        {"wrong_password", 403},
        {"not_a_player", 403},
        {"not_your_tournament", 403},
        {"own_game", 403}, /* docs/AUTHORITY.md rule 3 */
        {"own_record", 403},
        {"not_found", 404},
        {"method_not_allowed", 405},
        {"conflict", 409},
        {"stale", 409},
        {"game_over", 409},
        {"not_your_turn", 409},
        {"draw_offered", 409},
        {"no_draw_offer", 409},
        {"no_series", 409},
        {"series_binding", 409},
        {"series_answered", 409},
        {"lost_on_time", 409},
        {"notice_given", 409},
        {"your_turn", 409},
        {"not_postal", 409},
        {"already_reminded", 409},
        {"overlap", 409},
        {"already_withdrawn", 409},
        {"already_entered", 409},
        {"stage_not_finished", 409},
        {"cup_finished", 409},
        {"not_finished", 409},
        {"no_playoff_needed", 409},
        {"playoff_entered", 409},
        {"fee_recorded", 409},     /* issue 22: an entry's fee is recorded once */
        {"already_appealed", 409}, /* an appeal awaits its ruling */
        {"already_ruled", 409},
        {"final", 409},            /* Skaknævnet ruled: DSU 6.4.3 has no further step */
        {"already_replaced", 409}, /* DSU 6.7.4.3: a seat's games continued by a reserve */
        {"already_approved", 409},
        {"already_lost", 409}, /* DSU 6.8.1: one open connection loss */
        {"body_too_large", 413},
        {"too_many_attempts", 429},
        {"invalid_field", 422},
        {"bad_name", 422}, /* issue 20: lib/util/names.h */
        {"bad_email", 422},
        {"invalid_token", 422},
        {"missing_field", 422},
        {"unknown_field", 422},
        {"invalid_date", 422},
        {"invalid_fen", 422},
        {"unknown_user", 422},
        {"malformed_move", 422},
        {"illegal_move", 422},
        {"illegal_series", 422},
        {"series_pending", 422},
        {"claim_rejected", 422},
        {"too_early", 422},
        {"before_start", 422},
        {"notice_too_short", 422},
        {"vacation_too_long", 422},
        {"too_many_periods", 422},
        {"invalid_player_count", 422},
        {"duplicate_player", 422},
        {"duplicate_team", 422},
        {"unsupported_kind", 422},
        {"not_in_tournament", 422},
        {"not_a_tl", 422},
        {"no_right", 422},
        {"not_a_cup", 422},
        {"not_a_dm", 422},
        {"invalid_playoff", 422},
        {"relegation_risk", 422},
        {"member_only", 422},       /* DSU 6.1.2: a non-member plays one group */
        {"quarantined", 422},       /* DSU 6.4.2, 4.1.1 §19 */
        {"too_late", 422},          /* DSU 6.4.3: an appeal within 3 weeks */
        {"too_many_reserves", 422}, /* DSU 6.7.4.3: 2 a team */
        {"unknown_team", 422},
        {"not_email", 422}, /* DSU 6.8.1 is e-mail play's */
        {"not_a_team_tournament", 422},
        {"internal", 500},
        {"busy", 503},
};

int api_status_of(const char *code)
{
	for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
		if (strcmp(statuses[i].code, code) == 0)
			return statuses[i].status;
	return 500;
}

int api_json(struct api_resp *rs, int status, json_t *body)
{
	free(rs->body);
	rs->body = body ? json_dumps(body, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
	json_decref(body);
	if (!rs->body) {
		rs->body =
		        strdup("{\"error\":{\"code\":\"internal\",\"message\":\"out of memory\"}}");
		status = 500;
	}
	rs->len = rs->body ? strlen(rs->body) : 0;
	rs->status = status;
	rs->content_type = "application/json";
	return status;
}

int api_json_text(struct api_resp *rs, int status, char *text, size_t len)
{
	if (!text)
		return api_error(rs, "internal", "out of memory");
	free(rs->body);
	rs->body = text;
	rs->len = len;
	rs->status = status;
	rs->content_type = "application/json";
	return status;
}

int api_error(struct api_resp *rs, const char *code, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* The message may quote user input that is not valid UTF-8: jansson
	 * refuses such strings, so fall back to a generic sentence. */
	json_t *m = json_string(msg);
	if (!m)
		m = json_string("the request was refused (the text quoted in it was not UTF-8)");
	return api_json(rs, api_status_of(code),
	                json_pack("{s:{s:s, s:o}}", "error", "code", code, "message", m));
}

int api_text(struct api_resp *rs, int status, const char *content_type, const char *text,
             size_t len)
{
	free(rs->body);
	rs->body = malloc(len + 1);
	if (!rs->body)
		return api_error(rs, "internal", "out of memory");
	memcpy(rs->body, text, len);
	rs->body[len] = '\0';
	rs->len = len;
	rs->status = status;
	rs->content_type = content_type;
	return status;
}
