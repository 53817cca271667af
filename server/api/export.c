/* export.c: the PGN and transcript exports of a game (API.md "Exports").
 * The text is made by lib/export from the game store_games_load()
 * replayed; this file only gathers the values.  Each move's days are the
 * clock's figure now (api/game_json.h), as in the GAME. */
#include "autoconfig.h"
#include "api/export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/movegen.h"
#include "clock/calendar.h"
#include "corr/series.h"
#include "export/pgn.h"
#include "export/transcript.h"
#include "api/game_json.h"
#include "api/api_games.h"
#include "base/log.h"
#include "notation/iccf.h"
#include "store/store_ratings.h"
#include "util/status.h"

#define PGN_TYPE  "text/x-chess-pgn; charset=utf-8"
#define TEXT_TYPE "text/plain; charset=utf-8"

/* A failure of lib/ on a game that loaded: a corrupt record or out of
 * memory, never the client's doing. */
static int export_failed(struct api_resp *rs, const struct store_game *g, const char *what, int rc,
                         const char *err)
{
	log_msg(LOG_ERROR, "%s of game %lld: %s (%s)", what, (long long)g->id, err,
	        cc_status_name(rc));
	return api_error(rs, "internal", "the %s of game %lld cannot be written: %s", what,
	                 (long long)g->id, err);
}

/* The game's name: its event, else "corrchess game N". */
static void game_title(const struct store_game *g, char *buf, size_t len)
{
	if (g->event && *g->event)
		snprintf(buf, len, "%s", g->event);
	else
		snprintf(buf, len, "corrchess game %lld", (long long)g->id);
}

/* Loads the game of the path into g and each move's days as the clock
 * counts them today (*days, new; api/game_json.h): 0, or the status of
 * the error response. */
static int export_load(struct app *app, struct api_req *rq, struct api_resp *rs,
                       struct store_game *g, int32_t **days)
{
	int32_t today;
	struct clock_result res;
	bool clock_ok;
	if (api_today_day(app, &today, rs))
		return rs->status;
	int status = api_game_load(app, rq, rs, g);
	if (status)
		return status;
	*days = game_json_days(g, today, &res, &clock_ok);
	if (!*days) {
		store_games_free(g);
		return api_error(rs, "internal", "out of memory");
	}
	return 0;
}

/* GET /api/v1/games/{id}/pgn: the game as a PGN file (lib/export/pgn.h says what
 * it holds).  Seven Tag Roster: Event = the game's event or "corrchess
 * game N", Site = base_url or "corrchess", Date = the start date, Round
 * "-" (not applicable), the players' names, the result; then Mode,
 * TimeControl and Termination; SetUp/FEN for a thematic game.  Each move
 * carries "rec DATE sent DATE Nd" (pgn_move_comment()).  Cost: one load
 * and replay of the game, two move generations per move. */
int api_export_pgn(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct store_game g;
	struct pgn_move *moves = NULL;
	char(*comments)[PGN_COMMENT_LEN] = NULL;
	char event[256], tc[PGN_TIME_CONTROL_LEN], err[256];
	char *text = NULL;
	int32_t *days = NULL;
	int status = export_load(app, rq, rs, &g, &days);
	if (status)
		return status;
	size_t n = g.g.nmoves;
	if (n > 0) {
		moves = calloc(n, sizeof *moves);
		comments = calloc(n, sizeof *comments);
	}
	if (n > 0 && (!moves || !comments)) {
		status = api_error(rs, "internal", "out of memory");
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		const struct corr_move *gm = &g.g.moves[i];
		char received[CALENDAR_ISO_LEN], sent[CALENDAR_ISO_LEN];
		calendar_format(gm->received, received, sizeof received);
		calendar_format(gm->sent, sent, sizeof sent);
		pgn_move_comment(received, sent, days[i], gm->kind == CORR_MOVE_AUTO, comments[i]);
		moves[i] = (struct pgn_move){gm->m, comments[i]};
	}
	game_title(&g, event, sizeof event);
	const struct clock_profile *prof = g.g.profile;
	if (pgn_time_control(prof->moves_per_period, prof->days_per_period, tc) != CC_OK)
		log_msg(LOG_WARN, "game %lld: profile %s has no PGN time control", (long long)g.id,
		        g.profile);
	const char *site = app->cfg && app->cfg->base_url && *app->cfg->base_url
	                           ? app->cfg->base_url
	                           : "corrchess";
	/* The players' K-skak ratings, in tags named for the DSU system as
	 * WhiteElo is for Elo (PGN standard 9.1.2): the rating each was rated
	 * from in this group, else his current one (docs/RATING.md). */
	int wr, br;
	char wrs[16] = "", brs[16] = "";
	if (store_ratings_game(app->st, g.id, &wr, &br) == 0) {
		if (wr != STORE_NO_RATING)
			snprintf(wrs, sizeof wrs, "%d", wr);
		if (br != STORE_NO_RATING)
			snprintf(brs, sizeof brs, "%d", br);
	}
	struct pgn_tag tags[] = {
	        {"Mode", pgn_mode(g.profile)}, /* NULL (left out) for a profile of no known mode */
	        {"TimeControl", tc},
	        {"Termination", pgn_termination(g.g.state.termination, g.g.state.result)},
	        {"WhiteDSU", *wrs ? wrs : NULL},
	        {"BlackDSU", *brs ? brs : NULL},
	};
	struct pgn_game pg = {
	        .event = event,
	        .site = site,
	        .date = g.start_date,
	        .round = "-",
	        .white = g.white_name,
	        .black = g.black_name,
	        .result = g.g.state.result,
	        .start = game_start_position(g.g.chess),
	        .tags = tags,
	        .ntags = sizeof tags / sizeof tags[0],
	        .moves = moves,
	        .nmoves = n,
	        .final_comment = pgn_ending_comment(g.g.state.termination, g.g.state.result),
	};
	int rc = pgn_write(&pg, &text, err, sizeof err);
	if (rc != CC_OK)
		status = export_failed(rs, &g, "PGN", rc, err);
	else
		status = api_text(rs, 200, PGN_TYPE, text, strlen(text));
done:
	free(text);
	free(comments);
	free(moves);
	free(days);
	store_games_free(&g);
	return status;
}

/* GET /api/v1/games/{id}/transcript: the DSU 6.8.2 table of the game
 * (lib/export/transcript.h), under a title, the players and the start date, and
 * with the result when the game is over.  Cost: one load and replay of
 * the game, then linear in the moves. */
/* The game's moves as a numbered ICCF transcript ("1. 5254, 5755 2. ..."),
 * followed by the pending series when `with_series` (DSU 6.2.5: its first
 * move written with a 0).  New string; NULL when out of memory. */
static char *numbered_moves(const struct corr_game *g, bool with_series)
{
	iccf_transcript *t = iccf_transcript_new();
	char *out = NULL;
	if (!t)
		return NULL;
	position pos = *game_start_position(g->chess);
	for (size_t i = 0; i < g->nmoves; i++) {
		if (iccf_transcript_add_move(t, &pos, g->moves[i].m, false, NULL, 0) != CC_OK)
			goto done;
		undo u;
		position_do_move(&pos, g->moves[i].m, &u);
	}
	/* The series waits on the side to move (it is never stored for
	 * its own proposer to answer). */
	for (size_t i = 0; with_series && i < g->state.nseries; i++) {
		if (iccf_transcript_add_move(t, &pos, g->state.series[i], i == 0, NULL, 0) != CC_OK)
			goto done;
		undo u;
		position_do_move(&pos, g->state.series[i], &u);
	}
	out = iccf_transcript_write(t);
done:
	iccf_transcript_free(t);
	return out;
}

int api_export_transcript(struct app *app, struct api_req *rq, struct api_resp *rs)
{
	struct store_game g;
	struct transcript_move *moves = NULL;
	char title[300], err[256];
	char *text = NULL, *moves_line = NULL;
	int32_t *days = NULL;
	int status = export_load(app, rq, rs, &g, &days);
	if (status)
		return status;
	size_t n = g.g.nmoves;
	if (n > 0)
		moves = calloc(n, sizeof *moves);
	if (n > 0 && !moves) {
		status = api_error(rs, "internal", "out of memory");
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		const struct corr_move *gm = &g.g.moves[i];
		moves[i] = (struct transcript_move){gm->iccf, gm->received, gm->sent, days[i]};
	}
	const position *start = game_start_position(g.g.chess);
	if (g.event && *g.event)
		snprintf(title, sizeof title, "corrchess game %lld: %s", (long long)g.id, g.event);
	else
		snprintf(title, sizeof title, "corrchess game %lld", (long long)g.id);
	struct transcript_game tg = {
	        .title = title,
	        .white = g.white_name,
	        .black = g.black_name,
	        .start = g.g.start,
	        .first_number = start->fullmove,
	        .first_color = start->side,
	        .moves = moves,
	        .nmoves = n,
	        .result = g.g.state.result,
	        .ending = pgn_ending_comment(g.g.state.termination, g.g.state.result),
	};
	int rc = transcript_write(&tg, &text, err, sizeof err);
	if (rc != CC_OK) {
		status = export_failed(rs, &g, "transcript", rc, err);
		goto done;
	}
	/* The moves once more in the numbered e-mail form, with the pending
	 * series marked by a 0 before its first move (DSU 6.2.5, 6.8.2), for
	 * whoever may see the series. */
	struct auth_actor viewer = svc_actor(&rq->user);
	moves_line = numbered_moves(
	        &g.g, corr_series_visible(&g.g, auth_seat(&viewer, g.white, g.black)));
	if (!moves_line) {
		status = api_error(rs, "internal", "out of memory");
		goto done;
	}
	size_t a = strlen(text), b = strlen(moves_line);
	char *both = malloc(a + b + 16);
	if (!both) {
		status = api_error(rs, "internal", "out of memory");
		goto done;
	}
	memcpy(both, text, a);
	memcpy(both + a, "\nMoves: ", 8);
	memcpy(both + a + 8, moves_line, b);
	memcpy(both + a + 8 + b, "\n", 2);
	status = api_text(rs, 200, TEXT_TYPE, both, a + b + 9);
	free(both);
done:
	free(moves_line);
	free(text);
	free(moves);
	free(days);
	store_games_free(&g);
	return status;
}
