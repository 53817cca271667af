/* check_corr.c: lib/corr, the correspondence game as a value and every
 * operation on it (corr.h): a move with its dates and series, the hidden
 * series that no answer may depend on, claims, resigning, the draw
 * actions, cancelling a series, a TL result, the one forfeit test, the
 * sweep's findings and its forfeit, who sees a series, and the clock's
 * current figure for each move. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess_testutil.h"
#include "clock/calendar.h"
#include "corr/corr.h"
#include "testutil.h"
#include "util/status.h"

/* A day number from YYYY-MM-DD (the test fails on a bad date). */
static int32_t day(const char *iso)
{
	int32_t d;
	ck_assert_int_eq(calendar_parse(iso, &d, NULL, 0), CC_OK);
	return d;
}

/* A new game from fen ("startpos" allowed) under profile name. */
static void new_game(struct corr_game *g, const char *profile, const char *fen, const char *start)
{
	position pos;
	struct corr_error e;
	ck_assert_int_eq(fen_parse(&pos, fen, NULL, 0), CC_OK);
	ck_assert_int_eq(corr_game_init(g, &pos, clock_profile_find(profile), day(start), &e),
	                 CC_OK);
}

/* Plays text for side on today (no dates, no series) and applies it. */
static void play(struct corr_game *g, int side, const char *text, const char *today)
{
	struct corr_move_request rq = {.text = text};
	struct corr_delta d;
	struct corr_error e = {0};
	int rc = corr_play(g, side, &rq, day(today), &d, &e);
	ck_assert_msg(rc == CC_OK, "%s: %s %s", text, e.code, e.message);
	ck_assert_int_eq(corr_apply(g, &d, &e), CC_OK);
}

/* Plays text with a series for side and applies it. */
static void play_series(struct corr_game *g, int side, const char *text, const char *const *series,
                        size_t n, const char *today)
{
	struct corr_move_request rq = {
	        .text = text, .proposes = true, .series = series, .nseries = n};
	struct corr_delta d;
	struct corr_error e = {0};
	int rc = corr_play(g, side, &rq, day(today), &d, &e);
	ck_assert_msg(rc == CC_OK, "%s: %s %s", text, e.code, e.message);
	ck_assert_int_eq(corr_apply(g, &d, &e), CC_OK);
}

/* Expects op's refusal code. */
#define ck_refused(call, want)                                                                     \
	do {                                                                                       \
		_Pragma("GCC diagnostic push");                                                    \
		_Pragma("GCC diagnostic ignored \"-Wshadow\"");                                    \
		struct corr_error e_ = {0};                                                        \
		struct corr_error *e = &e_;                                                        \
		int rc_ = (call);                                                                  \
		ck_assert_msg(rc_ < 0, "expected %s, got CC_OK", want);                            \
		ck_assert_msg(e_.code &&strcmp(e_.code, want) == 0, "expected %s, got %s: %s",     \
		              want, e_.code ? e_.code : "(none)", e_.message);                     \
		_Pragma("GCC diagnostic pop");                                                     \
	} while (0)

START_TEST(test_first_move)
{
	struct corr_game g;
	new_game(&g, "server", "startpos", "2027-01-04");
	struct corr_move_request rq = {.text = "e4"};
	struct corr_delta d;
	struct corr_error e;
	ck_assert_int_eq(corr_play(&g, WHITE, &rq, day("2027-01-09"), &d, &e), CC_OK);
	ck_assert_uint_eq(d.nrows, 1);
	ck_assert_str_eq(d.rows[0].san, "e4");
	ck_assert_str_eq(d.rows[0].iccf, "5254");
	ck_assert_str_eq(d.rows[0].uci, "e2e4");
	ck_assert_int_eq(d.rows[0].received, day("2027-01-04")); /* the start date */
	ck_assert_int_eq(d.rows[0].sent, day("2027-01-09"));     /* server: today */
	ck_assert_int_eq(d.rows[0].days, 5);
	ck_assert_int_eq(d.state.status, CORR_ACTIVE);
	ck_assert_str_eq(d.fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
	/* The operation is pure: the game is as it was until applied. */
	ck_assert_uint_eq(g.nmoves, 0);
	ck_assert_int_eq(g.rev, 0);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_assert_uint_eq(g.nmoves, 1);
	ck_assert_int_eq(g.rev, 1);
	ck_assert_int_eq(corr_to_move(&g), BLACK);
	corr_game_free(&g);
}
END_TEST

START_TEST(test_move_refusals)
{
	struct corr_game g;
	struct corr_delta d;
	new_game(&g, "server", "startpos", "2027-01-04");
	int32_t today = day("2027-01-09");
	struct corr_move_request bad = {.text = "e5"};
	ck_refused(corr_play(&g, BLACK, &bad, today, &d, e), "not_your_turn");
	struct corr_move_request garbage = {.text = "zz"};
	ck_refused(corr_play(&g, WHITE, &garbage, today, &d, e), "malformed_move");
	struct corr_move_request illegal = {.text = "e5"};
	ck_refused(corr_play(&g, WHITE, &illegal, today, &d, e), "illegal_move");
	struct corr_move_request dated = {.text = "e4", .sent = "2027-01-08"};
	ck_refused(corr_play(&g, WHITE, &dated, today, &d, e), "invalid_date");
	play(&g, WHITE, "e4", "2027-01-09");
	/* DSU 6.2.1.1: a reply to a move that is not the last one is stale. */
	struct corr_move_request stale = {.text = "e5", .reply_to = "d4"};
	ck_refused(corr_play(&g, BLACK, &stale, today, &d, e), "stale");
	struct corr_move_request fresh = {.text = "e5", .reply_to = "5254"};
	struct corr_error e;
	ck_assert_int_eq(corr_play(&g, BLACK, &fresh, today, &d, &e), CC_OK);
	ck_assert_int_eq(corr_resign(&g, WHITE, today, &d, &e), CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_refused(corr_play(&g, BLACK, &fresh, today, &d, e), "game_over");
	corr_game_free(&g);
}
END_TEST

START_TEST(test_email_dates)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	new_game(&g, "dsu-email", "startpos", "2027-03-01");
	struct corr_move_request w1 = {.text = "e4", .sent = "2027-03-03"};
	ck_assert_int_eq(corr_play(&g, WHITE, &w1, day("2027-03-10"), &d, &e), CC_OK);
	ck_assert_int_eq(d.rows[0].days, 2);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	/* DSU 6.3.2.2 a: received the day after the opponent's date. */
	struct corr_move_request wrong = {
	        .text = "e5", .received = "2027-03-03", .sent = "2027-03-05"};
	ck_refused(corr_play(&g, BLACK, &wrong, day("2027-03-10"), &d, e), "invalid_date");
	struct corr_move_request b1 = {.text = "e5", .sent = "2027-03-06"};
	ck_assert_int_eq(corr_play(&g, BLACK, &b1, day("2027-03-10"), &d, &e), CC_OK);
	ck_assert_int_eq(d.rows[0].received, day("2027-03-04"));
	ck_assert_int_eq(d.rows[0].days, 2);
	struct corr_move_request future = {.text = "e5", .sent = "2027-03-11"};
	ck_refused(corr_play(&g, BLACK, &future, day("2027-03-10"), &d, e), "invalid_date");
	corr_game_free(&g);
}
END_TEST

static const char *const ruy[] = {"e5", "Nf3", "Nc6", "Bb5"};

START_TEST(test_series_followed)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	new_game(&g, "server", "startpos", "2027-01-04");
	play_series(&g, WHITE, "e4", ruy, 4, "2027-01-05");
	ck_assert_int_eq(g.state.series_by, WHITE);
	ck_assert_uint_eq(g.state.nseries, 4);
	struct corr_move_request rq = {.text = "e5"};
	ck_assert_int_eq(corr_play(&g, BLACK, &rq, day("2027-01-07"), &d, &e), CC_OK);
	ck_assert_uint_eq(d.nrows, 2);
	ck_assert_int_eq(d.rows[0].kind, CORR_MOVE_ACCEPTED);
	ck_assert_int_eq(d.rows[1].kind, CORR_MOVE_AUTO);
	ck_assert_str_eq(d.rows[1].san, "Nf3");
	ck_assert_int_eq(d.rows[1].days, 0);
	ck_assert_int_eq(d.rows[1].received, day("2027-01-07"));
	ck_assert_int_eq(d.state.series_by, WHITE);
	ck_assert_uint_eq(d.state.nseries, 2);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	/* Breaking it off drops the rest. */
	struct corr_move_request other = {.text = "d6"};
	ck_assert_int_eq(corr_play(&g, BLACK, &other, day("2027-01-08"), &d, &e), CC_OK);
	ck_assert_uint_eq(d.nrows, 1);
	/* issue 9: stored as the move that broke the series off (its days
	   count with the accepted ones, DSU 6.3.3.2) */
	ck_assert_int_eq(d.rows[0].kind, CORR_MOVE_BROKE);
	ck_assert_int_eq(d.state.series_by, CORR_NOBODY);
	corr_game_free(&g);
}
END_TEST

/* The defect of issue 8: the receiver of a hidden series (server profile)
 * could probe it.  Every move he may send with a series of his own gets
 * the same kind of answer whether or not it matches the hidden series. */
START_TEST(test_hidden_series_cannot_be_probed)
{
	static const char *const own[] = {"Nf3", "Nc6"};
	static const char *const moves[] = {"e5", "c5", "e6", "d5"};
	for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++) {
		struct corr_game g;
		struct corr_delta d;
		struct corr_error e;
		new_game(&g, "server", "startpos", "2027-01-04");
		play_series(&g, WHITE, "e4", ruy, 4, "2027-01-05");
		ck_assert(!corr_series_visible(&g, BLACK));
		struct corr_move_request rq = {
		        .text = moves[i], .proposes = true, .series = own, .nseries = 2};
		int rc = corr_play(&g, BLACK, &rq, day("2027-01-07"), &d, &e);
		/* The answer depends on his own series only, judged from
		 * his own move: the same for the matching 1...e5 as for
		 * any other move. */
		ck_assert_msg(rc == CC_OK, "%s: %s %s", moves[i], e.code, e.message);
		ck_assert_uint_eq(d.nrows, 1); /* no automatic reply revealed */
		ck_assert_int_eq(d.rows[0].kind, CORR_MOVE_NORMAL);
		ck_assert_int_eq(d.state.series_by, BLACK);
		ck_assert_uint_eq(d.state.nseries, 2);
		corr_game_free(&g);
	}
	/* An illegal series of his own is illegal_series, matching or not. */
	static const char *const bad[] = {"Nf3", "Ra6"};
	for (int match = 0; match < 2; match++) {
		struct corr_game g;
		struct corr_delta d;
		new_game(&g, "server", "startpos", "2027-01-04");
		play_series(&g, WHITE, "e4", ruy, 4, "2027-01-05");
		struct corr_move_request rq = {
		        .text = match ? "e5" : "c5", .proposes = true, .series = bad, .nseries = 2};
		ck_refused(corr_play(&g, BLACK, &rq, day("2027-01-07"), &d, e), "illegal_series");
		corr_game_free(&g);
	}
}
END_TEST

/* Where the series is shown (e-mail), following it and proposing one is
 * still refused (series_pending): the mover can see what he follows. */
START_TEST(test_visible_series_pending)
{
	static const char *const own[] = {"Nf3", "Nc6"};
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	new_game(&g, "dsu-email", "startpos", "2027-03-01");
	struct corr_move_request w1 = {
	        .text = "e4", .sent = "2027-03-02", .proposes = true, .series = ruy, .nseries = 4};
	ck_assert_int_eq(corr_play(&g, WHITE, &w1, day("2027-03-10"), &d, &e), CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_assert(corr_series_visible(&g, BLACK));
	struct corr_move_request rq = {
	        .text = "e5", .sent = "2027-03-04", .proposes = true, .series = own, .nseries = 2};
	ck_refused(corr_play(&g, BLACK, &rq, day("2027-03-10"), &d, e), "series_pending");
	corr_game_free(&g);
}
END_TEST

START_TEST(test_series_visibility)
{
	struct corr_game g;
	new_game(&g, "server", "startpos", "2027-01-04");
	ck_assert(!corr_series_visible(&g, WHITE)); /* no series at all */
	play_series(&g, WHITE, "e4", ruy, 4, "2027-01-05");
	ck_assert(corr_series_visible(&g, WHITE));  /* the proposer */
	ck_assert(!corr_series_visible(&g, BLACK)); /* the opponent */
	ck_assert(!corr_series_visible(
	        &g, CORR_NOBODY)); /* a bystander, a TL too: his seat, not his role */
	corr_game_free(&g);
}
END_TEST

START_TEST(test_automatic_endings)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	new_game(&g, "server", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "2027-01-04");
	struct corr_move_request mate = {.text = "Rd8#"};
	ck_assert_int_eq(corr_play(&g, WHITE, &mate, day("2027-01-05"), &d, &e), CC_OK);
	ck_assert_int_eq(d.state.status, CORR_FINISHED);
	ck_assert_str_eq(d.state.result, "1-0");
	ck_assert_str_eq(d.state.termination, "checkmate");
	ck_assert_int_eq(d.state.finished_on, day("2027-01-05"));
	static const char *const after[] = {"Kh8", "Rd7"};
	struct corr_move_request with = {
	        .text = "Rd8#", .proposes = true, .series = after, .nseries = 2};
	ck_refused(corr_play(&g, WHITE, &with, day("2027-01-05"), &d, e), "illegal_series");
	corr_game_free(&g);
}
END_TEST

START_TEST(test_draws)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	int32_t today = day("2027-01-09");
	new_game(&g, "server", "startpos", "2027-01-04");
	ck_refused(corr_draw(&g, WHITE, CORR_DRAW_ACCEPT, today, &d, e), "no_draw_offer");
	ck_assert_int_eq(corr_draw(&g, WHITE, CORR_DRAW_OFFER, today, &d, &e), CC_OK);
	ck_assert_int_eq(d.state.draw_offer, WHITE);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_refused(corr_draw(&g, WHITE, CORR_DRAW_OFFER, today, &d, e), "draw_offered");
	ck_refused(corr_draw(&g, BLACK, CORR_DRAW_OFFER, today, &d, e), "draw_offered");
	ck_refused(corr_draw(&g, WHITE, CORR_DRAW_ACCEPT, today, &d, e), "no_draw_offer");
	ck_assert_int_eq(corr_draw(&g, BLACK, CORR_DRAW_DECLINE, today, &d, &e), CC_OK);
	ck_assert_int_eq(d.state.draw_offer, CORR_NOBODY);
	ck_assert_int_eq(corr_draw(&g, BLACK, CORR_DRAW_ACCEPT, today, &d, &e), CC_OK);
	ck_assert_str_eq(d.state.result, "1/2-1/2");
	ck_assert_str_eq(d.state.termination, "agreement");
	ck_assert_str_eq(d.action, "draw_agreed");
	/* FIDE 9.1: the offer stands over the offerer's own move ... */
	play(&g, WHITE, "e4", "2027-01-09");
	ck_assert_int_eq(g.state.draw_offer, WHITE);
	/* ... and lapses when the opponent moves instead. */
	play(&g, BLACK, "e5", "2027-01-09");
	ck_assert_int_eq(g.state.draw_offer, CORR_NOBODY);
	corr_game_free(&g);
}
END_TEST

START_TEST(test_resign)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	new_game(&g, "server", "startpos", "2027-01-04");
	play_series(&g, WHITE, "e4", ruy, 4, "2027-01-05");
	ck_assert_int_eq(corr_resign(&g, BLACK, day("2027-01-06"), &d, &e), CC_OK);
	ck_assert_str_eq(d.state.result, "1-0");
	ck_assert_str_eq(d.state.termination, "resignation");
	ck_assert_int_eq(d.state.series_by, CORR_NOBODY); /* the series ends with the game */
	ck_assert_str_eq(d.action, "resigned");
	ck_assert_str_eq(d.detail, "black");
	ck_assert_uint_eq(d.nrows, 0);
	corr_game_free(&g);
}
END_TEST

START_TEST(test_claims)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	int32_t today = day("2027-01-09");
	new_game(&g, "server", "startpos", "2027-01-04");
	const char *dance[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"};
	for (int i = 0; i < 7; i++)
		play(&g, i % 2 ? BLACK : WHITE, dance[i], "2027-01-09");
	/* Black to move: the start position would occur a third time. */
	ck_refused(corr_claim(&g, WHITE, CORR_CLAIM_THREEFOLD, NULL, today, &d, e),
	           "not_your_turn");
	ck_refused(corr_claim(&g, BLACK, CORR_CLAIM_THREEFOLD, NULL, today, &d, e),
	           "claim_rejected");
	ck_refused(corr_claim(&g, BLACK, CORR_CLAIM_THREEFOLD, "Qd5", today, &d, e),
	           "illegal_move");
	ck_refused(corr_claim(&g, BLACK, CORR_CLAIM_FIFTY, NULL, today, &d, e), "claim_rejected");
	ck_assert_int_eq(corr_claim(&g, BLACK, CORR_CLAIM_THREEFOLD, "Ng8", today, &d, &e), CC_OK);
	ck_assert_str_eq(d.state.result, "1/2-1/2");
	ck_assert_str_eq(d.state.termination, "threefold");
	ck_assert_str_eq(d.action, "claim_threefold");
	/* DSU 6.3.3: no forfeit yet; then Black sits 41 days on move 4. */
	ck_refused(corr_claim(&g, WHITE, CORR_CLAIM_TIME_FORFEIT, NULL, today, &d, e),
	           "claim_rejected");
	ck_refused(corr_claim(&g, WHITE, CORR_CLAIM_TIME_FORFEIT, "e4", today, &d, e),
	           "invalid_field");
	ck_assert_int_eq(
	        corr_claim(&g, WHITE, CORR_CLAIM_TIME_FORFEIT, NULL, day("2027-03-01"), &d, &e),
	        CC_OK);
	ck_assert_str_eq(d.state.result, "1-0");
	ck_assert_str_eq(d.state.termination, "time_forfeit");
	corr_game_free(&g);
}
END_TEST

START_TEST(test_series_cancel)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	new_game(&g, "server", "startpos", "2027-01-04");
	play_series(&g, WHITE, "e4", ruy, 4, "2027-01-05");
	ck_refused(corr_series_cancel(&g, WHITE, &d, e), "series_binding");
	g.series_cancellable = true;
	ck_refused(corr_series_cancel(&g, CORR_NOBODY, &d, e), "forbidden");
	ck_refused(corr_series_cancel(&g, BLACK, &d, e), "forbidden");
	ck_assert_int_eq(corr_series_cancel(&g, WHITE, &d, &e), CC_OK);
	ck_assert_int_eq(d.state.series_by, CORR_NOBODY);
	ck_assert_str_eq(d.action, "series_cancelled");
	/* Once the opponent followed a part, it binds. */
	play(&g, BLACK, "e5", "2027-01-06");
	ck_refused(corr_series_cancel(&g, WHITE, &d, e), "series_answered");
	play(&g, BLACK, "Nc6", "2027-01-06");
	ck_refused(corr_series_cancel(&g, WHITE, &d, e), "no_series");
	corr_game_free(&g);
}
END_TEST

START_TEST(test_tl_result)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	new_game(&g, "server", "startpos", "2027-01-04");
	ck_assert(corr_result_valid("0-0"));
	ck_assert(!corr_result_valid("*"));
	ck_assert_int_eq(corr_tl_result(&g, "0-1", "adjudication", "adjudicated", "lost position",
	                                day("2027-02-01"), &d, &e),
	                 CC_OK);
	ck_assert_str_eq(d.state.result, "0-1");
	ck_assert_str_eq(d.state.how, "adjudicated");
	ck_assert_str_eq(d.detail, "* -> 0-1 (adjudication, adjudicated): lost position");
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	/* A TL may correct a finished game. */
	ck_assert_int_eq(corr_tl_result(&g, "1/2-1/2", "adjudication", "adjudicated", "appeal",
	                                day("2027-02-02"), &d, &e),
	                 CC_OK);
	ck_assert_str_eq(d.detail, "0-1 -> 1/2-1/2 (adjudication, adjudicated): appeal");
	ck_refused(corr_tl_result(&g, "1-0", "", "guessed", "x", day("2027-02-02"), &d, e),
	           "invalid_field");
	ck_assert(corr_how_valid("reported") && corr_how_valid("scored") &&
	          !corr_how_valid("played"));
	corr_game_free(&g);
}
END_TEST

/* Issue 21 items 4 and 12: how a result came about.  The board's endings
 * are "played"; a TL's result is reported by default; scoring a finished
 * game (6.2.8) keeps what it was as played for the rating (4.5.4.2), an
 * unfinished one nothing. */
START_TEST(test_result_how)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	new_game(&g, "server", "startpos", "2027-01-04");
	play(&g, WHITE, "e4", "2027-01-05");
	ck_assert_int_eq(corr_resign(&g, BLACK, day("2027-01-06"), &d, &e), CC_OK);
	ck_assert_str_eq(d.state.how, "played");
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	/* 6.2.8 scores it for Black (White withdrew): played stays 1-0 */
	ck_assert_int_eq(corr_tl_result(&g, "0-1", "adjudication", "scored", "withdrawal",
	                                day("2027-02-01"), &d, &e),
	                 CC_OK);
	ck_assert_str_eq(d.state.how, "scored");
	ck_assert_str_eq(d.state.played, "1-0");
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	/* scored again: still the game as played */
	ck_assert_int_eq(corr_tl_result(&g, "0-1", "adjudication", "scored", "again",
	                                day("2027-02-02"), &d, &e),
	                 CC_OK);
	ck_assert_str_eq(d.state.played, "1-0");
	/* reported by default, and then nothing kept */
	ck_assert_int_eq(corr_tl_result(&g, "1/2-1/2", "", NULL, "the players' report",
	                                day("2027-02-02"), &d, &e),
	                 CC_OK);
	ck_assert_str_eq(d.state.how, "reported");
	ck_assert_str_eq(d.state.played, "");
	corr_game_free(&g);
	/* an unfinished game scored: unplayed, nothing to keep */
	new_game(&g, "server", "startpos", "2027-01-04");
	ck_assert_int_eq(corr_tl_result(&g, "1-0", "adjudication", "scored", "withdrawal",
	                                day("2027-02-01"), &d, &e),
	                 CC_OK);
	ck_assert_str_eq(d.state.played, "");
	corr_game_free(&g);
}
END_TEST

START_TEST(test_findings_and_sweep_forfeit)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e;
	struct corr_finding f[CORR_FINDINGS_MAX];
	struct clock_result res;
	struct corr_forfeit ff[2];
	new_game(&g, "server", "startpos", "2027-01-04");
	ck_assert_int_eq(corr_findings(&g, day("2027-01-10"), f, &e), 0);
	/* 14 days of silence: the reminder (DSU 6.3.4). */
	int n = corr_findings(&g, day("2027-01-18"), f, &e);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(f[0].kind, CORR_FINDING_REMINDER);
	ck_assert_int_eq(f[0].side, WHITE);
	ck_assert_str_eq(corr_finding_name(f[0].kind), "reminder");
	/* 41 days: over the 40 of move 10 with no move made - a forfeit and
	 * no silence finding. */
	int32_t late = day("2027-02-14");
	ck_assert_int_eq(corr_clock(&g, late, &res, NULL, &e), CC_OK);
	corr_forfeit_test(&g, &res, late, ff);
	ck_assert(ff[WHITE].over);
	ck_assert(!ff[BLACK].over);
	n = corr_findings(&g, late, f, &e);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(f[0].kind, CORR_FINDING_FORFEIT);
	ck_assert_int_eq(f[0].due, ff[WHITE].since);
	ck_assert_int_eq(corr_sweep_forfeit(&g, &f[0], late, &d, &e), CC_OK);
	ck_assert_str_eq(d.state.result, "0-1");
	ck_assert_str_eq(d.state.termination, "time_forfeit");
	ck_assert_str_eq(d.action, "sweep_time_forfeit");
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_refused(corr_sweep_forfeit(&g, &f[0], late, &d, e), "game_over");
	corr_game_free(&g);
	/* By post the sweep does not end games (DSU 6.3.3.5). */
	new_game(&g, "dsu-post", "startpos", "2027-01-04");
	n = corr_findings(&g, day("2027-06-01"), f, &e);
	ck_assert_int_ge(n, 1);
	ck_assert_int_eq(f[0].kind, CORR_FINDING_FORFEIT);
	ck_refused(corr_sweep_forfeit(&g, &f[0], day("2027-06-01"), &d, e), "invalid_field");
	corr_game_free(&g);
}
END_TEST

/* The defect of issue 8: per-move days stored at move time go stale after
 * special leave; the clock's figure (corr_clock() plies) is the current
 * one. */
START_TEST(test_days_follow_the_clock)
{
	struct corr_game g;
	struct corr_error e;
	new_game(&g, "server", "startpos", "2027-01-04");
	play(&g, WHITE, "e4", "2027-01-14");
	ck_assert_int_eq(g.moves[0].days, 10);
	struct clock_interval leave = {day("2027-01-06"), day("2027-01-09")};
	ck_assert_int_eq(corr_game_set_stops(&g, &leave, 1, &e), CC_OK);
	struct clock_result res;
	struct clock_ply plies[1];
	ck_assert_int_eq(corr_clock(&g, day("2027-01-15"), &res, plies, &e), CC_OK);
	ck_assert_int_eq(plies[0].days, 6);
	ck_assert_int_eq(g.moves[0].days, 10); /* what was stored stays as it was */
	corr_game_free(&g);
}
END_TEST

/* Issue 9 (lib/corr/rules.c): the notice, the postal reminder, the TL's
 * penalty, a corrected date and the holiday agreement - each a delta
 * with its record or fix, each refusal with its code, and the clock
 * following the records once applied. */
START_TEST(test_rule_operations)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e = {0};
	new_game(&g, "dsu-post", "startpos", "2027-05-03");
	/* the notice: the player to move, 15..366, once a move */
	ck_refused(corr_notice(&g, BLACK, 20, CLOCK_NO_DATE, day("2027-05-04"), &d, e),
	           "not_your_turn");
	ck_refused(corr_notice(&g, WHITE, 14, CLOCK_NO_DATE, day("2027-05-04"), &d, e),
	           "invalid_field");
	/* a postal player dates it (issue 21): not in the future, not before
	   the move it answers (here the start) */
	ck_refused(corr_notice(&g, WHITE, 20, day("2027-05-05"), day("2027-05-04"), &d, e),
	           "invalid_date");
	ck_refused(corr_notice(&g, WHITE, 20, day("2027-05-02"), day("2027-05-04"), &d, e),
	           "invalid_date");
	ck_assert_int_eq(corr_notice(&g, WHITE, 20, day("2027-05-03"), day("2027-05-04"), &d, &e),
	                 CC_OK);
	ck_assert_int_eq(d.record.on, day("2027-05-03"));
	ck_assert_int_eq(corr_notice(&g, WHITE, 20, CLOCK_NO_DATE, day("2027-05-04"), &d, &e),
	                 CC_OK);
	ck_assert_int_eq(d.record.on, day("2027-05-04"));
	ck_assert(d.has_record);
	ck_assert_int_eq(d.record.kind, CORR_REC_NOTICE);
	ck_assert_int_eq(d.record.days, 20);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_refused(corr_notice(&g, WHITE, 30, CLOCK_NO_DATE, day("2027-05-05"), &d, e),
	           "notice_given");
	/* 20 announced: the reminder is due after 20 days and the post */
	struct clock_result res;
	ck_assert_int_eq(corr_clock(&g, day("2027-05-05"), &res, NULL, &e), CC_OK);
	ck_assert_int_eq(res.player[CLOCK_WHITE].reminder_date, day("2027-05-03") + 20 + 2);
	/* the postal reminder: by the waiting player, when due, once */
	struct corr_move_request rq = {
	        .text = "e4", .received = "2027-05-03", .sent = "2027-05-03"};
	ck_assert_int_eq(corr_play(&g, WHITE, &rq, day("2027-05-03"), &d, &e), CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	int32_t due = day("2027-05-03") + 2 + 14 + 2;
	ck_refused(corr_reminder(&g, BLACK, due, day("2027-06-01"), &d, e), "your_turn");
	ck_refused(corr_reminder(&g, WHITE, due - 1, day("2027-06-01"), &d, e), "too_early");
	ck_refused(corr_reminder(&g, WHITE, day("2027-06-02"), day("2027-06-01"), &d, e),
	           "invalid_date");
	ck_assert_int_eq(corr_reminder(&g, WHITE, due, day("2027-06-01"), &d, &e), CC_OK);
	ck_assert_int_eq(d.record.kind, CORR_REC_REMINDER);
	ck_assert_int_eq(d.record.side, BLACK);
	ck_assert(d.record.by_player);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_refused(corr_reminder(&g, WHITE, due, day("2027-06-01"), &d, e), "already_reminded");
	/* the clock charges +3 for a move after it (more than 14 days) */
	struct corr_move_request late = {
	        .text = "e5", .received = "2027-05-05", .sent = "2027-05-25"};
	ck_assert_int_eq(corr_play(&g, BLACK, &late, day("2027-06-01"), &d, &e), CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_assert_int_eq(corr_clock(&g, day("2027-06-01"), &res, NULL, &e), CC_OK);
	ck_assert_int_eq(res.player[CLOCK_BLACK].penalty_days, 3);
	/* the TL's penalty joins the used time */
	ck_refused(corr_penalty(&g, WHITE, 0, "no days", day("2027-06-01"), &d, e),
	           "invalid_field");
	ck_assert_int_eq(corr_penalty(&g, WHITE, 3, "illegible card", day("2027-06-01"), &d, &e),
	                 CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_assert_int_eq(corr_clock(&g, day("2027-06-01"), &res, NULL, &e), CC_OK);
	ck_assert_int_eq(res.player[CLOCK_WHITE].penalty_days, 3);
	/* a corrected date: postal received of ply 2; the clock must agree */
	ck_refused(corr_move_dates(&g, 3, CLOCK_NO_DATE, day("2027-05-20"), "x", day("2027-06-01"),
	                           &d, e),
	           "not_found");
	ck_refused(corr_move_dates(&g, 1, day("2027-05-03"), CLOCK_NO_DATE, "x", day("2027-06-01"),
	                           &d, e),
	           "invalid_field");
	ck_refused(corr_move_dates(&g, 2, day("2027-05-01"), CLOCK_NO_DATE, "x", day("2027-06-01"),
	                           &d, e),
	           "invalid_date");
	ck_assert_int_eq(corr_move_dates(&g, 2, day("2027-05-10"), CLOCK_NO_DATE, "postmark",
	                                 day("2027-06-01"), &d, &e),
	                 CC_OK);
	ck_assert_uint_eq(d.nfixes, 1);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_assert_int_eq(g.moves[1].received, day("2027-05-10"));
	struct clock_ply plies[2];
	ck_assert_int_eq(corr_clock(&g, day("2027-06-01"), &res, plies, &e), CC_OK);
	ck_assert_int_eq(plies[1].days, 15);
	/* the holiday agreement is state */
	ck_assert_int_eq(corr_holiday_play(&g, true, "both agree", &d, &e), CC_OK);
	ck_assert(d.state.holiday_play);
	corr_game_free(&g);
}
END_TEST

/* DSU 6.3.3.4 through lib/corr: a claim after playing on is 0-0 (F1),
 * and a server move after the forfeit date is stored as the end with the
 * lost_on_time answer. */
START_TEST(test_both_lose_and_lost_on_time)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e = {0};
	new_game(&g, "server", "startpos", "2027-05-03");
	ck_assert_int_eq(corr_play(&g, WHITE, &(struct corr_move_request){.text = "e4"},
	                           day("2027-06-13"), &d, &e),
	                 CC_OK);
	ck_assert_str_eq(d.answer_code, "lost_on_time");
	ck_assert_uint_eq(d.nrows, 0);
	ck_assert_str_eq(d.state.result, "0-1");
	ck_assert_int_eq(corr_play(&g, WHITE, &(struct corr_move_request){.text = "e4"},
	                           day("2027-06-12"), &d, &e),
	                 CC_OK);
	ck_assert(d.answer_code == NULL);
	corr_game_free(&g);
	/* postal: White's first move after 31 days, Black answers: 0-0 */
	new_game(&g, "dsu-post", "startpos", "2027-05-03");
	struct corr_move_request w = {.text = "e4", .received = "2027-05-03", .sent = "2027-06-03"};
	ck_assert_int_eq(corr_play(&g, WHITE, &w, day("2027-06-10"), &d, &e), CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_assert_int_eq(
	        corr_claim(&g, BLACK, CORR_CLAIM_TIME_FORFEIT, NULL, day("2027-06-10"), &d, &e),
	        CC_OK);
	ck_assert_str_eq(d.state.result, "0-1"); /* F0: at once */
	struct corr_move_request b = {.text = "e5", .received = "2027-06-05", .sent = "2027-06-06"};
	ck_assert_int_eq(corr_play(&g, BLACK, &b, day("2027-06-10"), &d, &e), CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_assert_int_eq(
	        corr_claim(&g, BLACK, CORR_CLAIM_TIME_FORFEIT, NULL, day("2027-06-10"), &d, &e),
	        CC_OK);
	ck_assert_str_eq(d.state.result, "0-0"); /* F1: he played on */
	ck_assert_str_eq(d.action, "claim_both_lose");
	corr_game_free(&g);
}
END_TEST

/* Issue 21 item 9, DSU 6.3.4: a player who announced his longer think is
 * charged no penalty, reminded or not; a notice posted after the reminder
 * he got comes too late.  Elsewhere than by post the server dates the
 * notice. */
START_TEST(test_notice_spares_the_penalty)
{
	for (int late = 0; late < 2; late++) {
		struct corr_game g;
		struct corr_delta d;
		struct corr_error e = {0};
		new_game(&g, "dsu-post", "startpos", "2027-05-03");
		struct corr_move_request w = {
		        .text = "e4", .received = "2027-05-03", .sent = "2027-05-03"};
		ck_assert_int_eq(corr_play(&g, WHITE, &w, day("2027-05-03"), &d, &e), CC_OK);
		ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
		/* Black got it on 5 May; his reminder is due 5 + 14 + 2 = 21 May */
		const char *notice_on = late ? "2027-05-22" : "2027-05-10";
		if (late) { /* the reminder first (21 May), then the notice */
			ck_assert_int_eq(corr_reminder(&g, WHITE, day("2027-05-21"),
			                               day("2027-05-21"), &d, &e),
			                 CC_OK);
			ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
		}
		ck_assert_int_eq(corr_notice(&g, BLACK, 25, day(notice_on), day(notice_on), &d, &e),
		                 CC_OK);
		ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
		if (!late) {
			struct clock_result res;
			ck_assert_int_eq(corr_clock(&g, day("2027-05-11"), &res, NULL, &e), CC_OK);
			/* the reminder waits for the 25 days and the post back */
			ck_assert_int_eq(res.player[CLOCK_BLACK].reminder_date,
			                 day("2027-05-05") + 25 + 2);
			ck_refused(corr_reminder(&g, WHITE, day("2027-05-31"), day("2027-05-31"),
			                         &d, e),
			           "too_early");
			ck_assert_int_eq(corr_reminder(&g, WHITE, day("2027-06-01"),
			                               day("2027-06-01"), &d, &e),
			                 CC_OK);
			ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
		}
		/* he used 28 days: 5 May to 2 June */
		struct corr_move_request b = {
		        .text = "e5", .received = "2027-05-05", .sent = "2027-06-02"};
		ck_assert_int_eq(corr_play(&g, BLACK, &b, day("2027-06-02"), &d, &e), CC_OK);
		ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
		struct clock_result res;
		ck_assert_int_eq(corr_clock(&g, day("2027-06-02"), &res, NULL, &e), CC_OK);
		ck_assert_int_eq(res.player[CLOCK_BLACK].thinking_days, 28);
		ck_assert_msg(res.player[CLOCK_BLACK].penalty_days == (late ? 3 : 0),
		              "late %d: penalty %d", late, res.player[CLOCK_BLACK].penalty_days);
		corr_game_free(&g);
	}
	struct corr_game g;
	struct corr_delta d;
	new_game(&g, "dsu-email", "startpos", "2027-05-03");
	ck_refused(corr_notice(&g, WHITE, 20, day("2027-05-03"), day("2027-05-04"), &d, e),
	           "invalid_field");
	corr_game_free(&g);
}
END_TEST

/* Issue 21 item 7, DSU 6.8.2: "Den normalt accepterede e-mail transmission
 * er 1 dag. Hvis der angives længere transmissions tid, kan det indberettes
 * til TL til afgørelse": a TL records a longer transmission as a later
 * received date of an e-mail move; never an earlier one than the normal
 * day, and a correction of the move before keeps it. */
START_TEST(test_email_longer_transmission)
{
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e = {0};
	new_game(&g, "dsu-email", "startpos", "2027-05-03");
	struct corr_move_request w = {.text = "e4", .sent = "2027-05-04"};
	ck_assert_int_eq(corr_play(&g, WHITE, &w, day("2027-05-04"), &d, &e), CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	struct corr_move_request b = {.text = "e5", .sent = "2027-05-12"};
	ck_assert_int_eq(corr_play(&g, BLACK, &b, day("2027-05-12"), &d, &e), CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	ck_assert_int_eq(g.moves[1].received, day("2027-05-05")); /* the day after */
	int32_t today = day("2027-05-20");
	ck_refused(corr_move_dates(&g, 2, day("2027-05-04"), CLOCK_NO_DATE, "x", today, &d, e),
	           "invalid_date"); /* earlier than the normal day */
	ck_refused(corr_move_dates(&g, 1, day("2027-05-04"), CLOCK_NO_DATE, "x", today, &d, e),
	           "invalid_field"); /* the first move counts from the start */
	ck_assert_int_eq(corr_move_dates(&g, 2, day("2027-05-08"), CLOCK_NO_DATE,
	                                 "the mail took 4 days (6.8.2)", today, &d, &e),
	                 CC_OK);
	ck_assert_int_eq(corr_apply(&g, &d, &e), CC_OK);
	struct clock_ply plies[2];
	struct clock_result res;
	ck_assert_int_eq(corr_clock(&g, today, &res, plies, &e), CC_OK);
	ck_assert_int_eq(plies[1].days, 4); /* 8 to 12 May, not 5 to 12 */
	/* White's sent date corrected to the 5th: the longer transmission stays */
	ck_assert_int_eq(
	        corr_move_dates(&g, 1, CLOCK_NO_DATE, day("2027-05-05"), "x", today, &d, &e),
	        CC_OK);
	ck_assert_uint_eq(d.nfixes, 2);
	ck_assert_int_eq(d.fixes[1].received, day("2027-05-08"));
	/* ... and to the 7th: the normal day (the 8th) and the recorded one meet */
	ck_assert_int_eq(
	        corr_move_dates(&g, 1, CLOCK_NO_DATE, day("2027-05-07"), "x", today, &d, &e),
	        CC_OK);
	ck_assert_int_eq(d.fixes[1].received, day("2027-05-08"));
	/* on the server the received date stays the server's */
	corr_game_free(&g);
	new_game(&g, "server", "startpos", "2027-05-03");
	play(&g, WHITE, "e4", "2027-05-04");
	play(&g, BLACK, "e5", "2027-05-06");
	ck_refused(corr_move_dates(&g, 2, day("2027-05-05"), CLOCK_NO_DATE, "x", today, &d, e),
	           "invalid_field");
	corr_game_free(&g);
}
END_TEST

/* Plays the ten moves of each side of a postal game, all on `day` (0
 * days each) but White's 10th (sent w10) and Black's 10th (received b10r,
 * sent b10s). */
static void ten_each(struct corr_game *g, const char *day0, const char *w10, const char *b10r,
                     const char *b10s, const char *today)
{
	static const char *const moves[] = {"e4", "e5",  "Nf3", "Nc6", "Bc4", "Bc5", "d3",
	                                    "d6", "Nc3", "Nf6", "Be3", "Be6", "Qd2", "Qd7",
	                                    "h3", "h6",  "a3",  "a6",  "b4",  "b5"};
	for (int i = 0; i < 20; i++) {
		struct corr_move_request rq = {.text = moves[i], .received = day0, .sent = day0};
		if (i == 18)
			rq.sent = w10;
		if (i == 19) {
			rq.received = b10r;
			rq.sent = b10s;
		}
		struct corr_delta d;
		struct corr_error e = {0};
		int rc = corr_play(g, i % 2 ? BLACK : WHITE, &rq, day(today), &d, &e);
		ck_assert_msg(rc == CC_OK, "%s: %s %s", moves[i], e.code, e.message);
		ck_assert_int_eq(corr_apply(g, &d, &e), CC_OK);
	}
}

/* DSU 6.3.3.4, issue 21: White is over at his 10th move (31 days), Black
 * plays on and is over at his own 10th.  Playing on after a forfeit loses
 * the game for both, whoever asks first: White's claim is 0-0 as well as
 * Black's, and so is the sweep's finding. */
START_TEST(test_both_over_whoever_asks)
{
	for (int claimant = WHITE; claimant <= BLACK; claimant++) {
		struct corr_game g;
		struct corr_delta d;
		struct corr_error e = {0};
		new_game(&g, "dsu-post", "startpos", "2027-05-03");
		ten_each(&g, "2027-05-03", "2027-06-03", "2027-06-05", "2027-07-06", "2027-07-10");
		struct clock_result res;
		ck_assert_int_eq(corr_clock(&g, day("2027-07-10"), &res, NULL, &e), CC_OK);
		ck_assert(res.player[CLOCK_WHITE].forfeited && res.player[CLOCK_BLACK].forfeited);
		ck_assert_int_eq(corr_claim(&g, claimant, CORR_CLAIM_TIME_FORFEIT, NULL,
		                            day("2027-07-10"), &d, &e),
		                 CC_OK);
		ck_assert_msg(strcmp(d.state.result, "0-0") == 0, "%s claims: %s",
		              corr_side_name(claimant), d.state.result);
		ck_assert_str_eq(d.action, "claim_both_lose");
		ck_assert_str_eq(d.state.termination, "time_forfeit");
		corr_game_free(&g);
	}
	/* White over, Black plays on within his time: White's claim (Black is
	 * not over) is 0-0 too, since Black played on */
	struct corr_game g;
	struct corr_delta d;
	struct corr_error e = {0};
	new_game(&g, "dsu-post", "startpos", "2027-05-03");
	ten_each(&g, "2027-05-03", "2027-06-03", "2027-06-05", "2027-06-06", "2027-06-10");
	ck_assert_int_eq(
	        corr_claim(&g, WHITE, CORR_CLAIM_TIME_FORFEIT, NULL, day("2027-06-10"), &d, &e),
	        CC_OK);
	ck_assert_str_eq(d.state.result, "0-0");
	corr_game_free(&g);
}
END_TEST

START_TEST(test_stored_rows)
{
	struct corr_game g;
	struct corr_error e;
	new_game(&g, "server", "startpos", "2027-01-04");
	struct corr_move mv = {.kind = CORR_MOVE_NORMAL,
	                       .received = day("2027-01-04"),
	                       .sent = day("2027-01-05"),
	                       .days = 1,
	                       .iccf = "5254",
	                       .san = "e4",
	                       .uci = "e2e4"};
	ck_assert_int_eq(corr_game_push(&g, &mv, &e), CC_OK);
	struct corr_move bad = mv;
	snprintf(bad.uci, sizeof bad.uci, "e2e4"); /* White's move again: illegal for Black */
	ck_assert_int_lt(corr_game_push(&g, &bad, &e), 0);
	static const char *const texts[] = {"5755", "7163"};
	ck_assert_int_eq(corr_game_set_series(&g, WHITE, texts, 2, &e), CC_OK);
	ck_assert_int_eq(g.state.series_by, WHITE);
	static const char *const broken[] = {"5755", "1111"};
	ck_assert_int_lt(corr_game_set_series(&g, WHITE, broken, 2, &e), 0);
	ck_assert_uint_eq(g.state.nseries, 2); /* unchanged */
	ck_assert_int_eq(corr_position(&g)->side, BLACK);
	ck_assert_str_eq(corr_side_name(WHITE), "white");
	ck_assert_str_eq(corr_side_name(BLACK), "black");
	ck_assert_str_eq(corr_side_name(CORR_NOBODY), "");
	corr_game_free(&g);
	corr_game_free(&g); /* a zeroed game: no-op */
	corr_game_free(NULL);
}
END_TEST

/* corr_message(): the players only; 1..1000 characters of UTF-8, not
 * blank, no control character but the line feed. */
START_TEST(test_messages)
{
	struct corr_game g;
	struct corr_error e = {0};
	new_game(&g, "server", "startpos", "2027-09-01");
	char text[4100];
	ck_assert_int_eq(corr_message(&g, WHITE, "Good luck!\nHave fun.", &e), CC_OK);
	ck_assert_int_eq(corr_message(&g, BLACK, "Tak", &e), CC_OK);
	ck_assert_int_ne(corr_message(&g, CORR_NOBODY, "hi", &e), CC_OK);
	ck_assert_str_eq(e.code, "not_a_player");
	for (int i = 0; i < 1000; i++)
		memcpy(text + 2 * i, "\xc3\xa6", 2); /* æ: 1000 characters, 2000 bytes */
	text[2000] = '\0';
	ck_assert_int_eq(corr_message(&g, WHITE, text, &e), CC_OK);
	memcpy(text + 2000, "x", 2);
	ck_assert_int_ne(corr_message(&g, WHITE, text, &e), CC_OK);
	ck_assert_str_eq(e.code, "invalid_field");
	static const char *const bad[] = {"",
	                                  " ",
	                                  "\n \n",
	                                  "a\tb",
	                                  "a\rb",
	                                  "a\x7f",
	                                  "a\xc2\x85", /* U+0085, C1 */
	                                  "a\xc3",
	                                  "a\xc0\xaf", /* cut, overlong */
	                                  "\xed\xa0\x80",
	                                  /* a surrogate */ NULL};
	for (const char *const *b = bad; *b; b++) {
		e.code = NULL;
		ck_assert_msg(corr_message(&g, WHITE, *b, &e) != CC_OK, "accepted \"%s\"", *b);
		ck_assert_str_eq(e.code, "invalid_field");
	}
	corr_game_free(&g);
}
END_TEST

/* issue 19: corr_clock_key() holds every input of the clock.  Each input
 * changed on its own changes the key; the same game built twice has the
 * same key and the same clock. */
static void key_of(const struct corr_game *g, int32_t today, unsigned char *buf, size_t *n)
{
	ck_assert_uint_le(CORR_CLOCK_KEY_MAX(g), 4096);
	*n = corr_clock_key(g, today, buf);
	ck_assert_uint_le(*n, CORR_CLOCK_KEY_MAX(g));
}

static void build(struct corr_game *g)
{
	struct corr_error e;
	new_game(g, "server", "startpos", "2027-02-01");
	play(g, WHITE, "e4", "2027-02-03");
	play(g, BLACK, "e5", "2027-02-06");
	play(g, WHITE, "Nf3", "2027-02-07");
	struct corr_record rem = {.kind = CORR_REC_REMINDER,
	                          .side = BLACK,
	                          .ply = 3,
	                          .on = day("2027-02-22"),
	                          .due = day("2027-02-22")};
	struct corr_record pen = {.kind = CORR_REC_PENALTY,
	                          .side = WHITE,
	                          .ply = 1,
	                          .on = day("2027-02-10"),
	                          .days = 3};
	struct corr_record note = {.kind = CORR_REC_NOTICE,
	                           .side = BLACK,
	                           .ply = 3,
	                           .on = day("2027-02-08"),
	                           .days = 10};
	ck_assert_int_eq(corr_game_add_record(g, &rem, &e), CC_OK);
	ck_assert_int_eq(corr_game_add_record(g, &pen, &e), CC_OK);
	ck_assert_int_eq(corr_game_add_record(g, &note, &e), CC_OK);
	struct clock_interval stop = {day("2027-03-01"), day("2027-03-05")};
	ck_assert_int_eq(corr_game_set_stops(g, &stop, 1, &e), CC_OK);
}

START_TEST(test_clock_key_holds_every_input)
{
	unsigned char k0[4096], k1[4096];
	size_t n0, n1;
	int32_t today = day("2027-03-10");
	struct corr_game a, b;
	struct corr_error e;
	build(&a);
	build(&b);
	key_of(&a, today, k0, &n0);
	key_of(&b, today, k1, &n1);
	ck_assert(n0 == n1 && memcmp(k0, k1, n0) == 0);
	struct clock_result ra, rb;
	ck_assert_int_eq(corr_clock(&a, today, &ra, NULL, &e), CC_OK);
	ck_assert_int_eq(corr_clock(&b, today, &rb, NULL, &e), CC_OK);
	ck_assert(memcmp(&ra, &rb, sizeof ra) == 0);
	for (int change = 0; change < 19; change++) {
		struct corr_game c;
		ck_assert_int_eq(corr_game_copy(&c, &a, &e), CC_OK);
		int32_t on = today;
		switch (change) {
		case 0:
			on++;
			break;
		case 1:
			c.start--;
			break;
		case 2:
			c.moves[1].received++;
			break;
		case 3:
			c.moves[1].sent++;
			break;
		case 4:
			c.moves[2].kind = CORR_MOVE_AUTO;
			break;
		case 5:
			c.records[0].kind = CORR_REC_TL_NOTICE;
			break;
		case 6:
			c.records[0].side = WHITE;
			break;
		case 7:
			c.records[0].ply = 2;
			break;
		case 8:
			c.records[0].on++;
			break;
		case 9:
			c.records[1].days++;
			break;
		case 10:
			c.nrecords--;
			break;
		case 11:
			c.stops[0].first--;
			break;
		case 12:
			c.stops[0].last++;
			break;
		case 13:
			c.nstops = 0;
			break;
		case 14:
			c.state.series_by = WHITE;
			break;
		case 15:
			c.state.nseries = 2;
			break;
		case 16:
			c.state.holiday_play = true;
			break;
		case 17:
			c.state.status = CORR_FINISHED;
			break;
		case 18:
			c.profile = clock_profile_find("dsu-email");
			break;
		}
		key_of(&c, on, k1, &n1);
		ck_assert_msg(n1 != n0 || memcmp(k0, k1, n0) != 0, "change %d keeps the key",
		              change);
		if (change == 10)
			c.nrecords++; /* (freed whole) */
		if (change == 13)
			c.nstops = 1;
		corr_game_free(&c);
	}
	/* one move fewer: the position's side and the count */
	struct corr_game c;
	new_game(&c, "server", "startpos", "2027-02-01");
	play(&c, WHITE, "e4", "2027-02-03");
	key_of(&c, today, k1, &n1);
	ck_assert(n1 != n0 || memcmp(k0, k1, n0) != 0);
	corr_game_free(&c);
	corr_game_free(&a);
	corr_game_free(&b);
}
END_TEST

TU_MAIN("corr", 0, test_first_move, test_move_refusals, test_email_dates, test_series_followed,
        test_hidden_series_cannot_be_probed, test_visible_series_pending, test_series_visibility,
        test_automatic_endings, test_draws, test_resign, test_claims, test_series_cancel,
        test_tl_result, test_result_how, test_findings_and_sweep_forfeit,
        test_days_follow_the_clock, test_stored_rows, test_rule_operations,
        test_both_lose_and_lost_on_time, test_messages, test_both_over_whoever_asks,
        test_notice_spares_the_penalty, test_email_longer_transmission,
        test_clock_key_holds_every_input)
