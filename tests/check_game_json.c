/* check_game_json.c: the GAME's moves array kept between answers
 * (server/api/game_json.c, issue 19).  Every answer with the kept moves
 * must be byte for byte the answer written from nothing: after each new
 * move, after a TL corrected the dates of a move in the middle, after a
 * vacation changed the days of moves already made, and when two games
 * share a slot. */
#include <stdlib.h>
#include <string.h>

#include "api/game_json.h"
#include "chess/fen.h"
#include "clock/calendar.h"
#include "corr/corr.h"
#include "testutil.h"
#include "util/status.h"

static int32_t day(const char *iso)
{
	int32_t d;
	ck_assert_int_eq(calendar_parse(iso, &d, NULL, 0), CC_OK);
	return d;
}

static void new_game(struct store_game *sg, int64_t id)
{
	position pos;
	struct corr_error e;
	memset(sg, 0, sizeof *sg);
	sg->id = id;
	strcpy(sg->profile, "server");
	strcpy(sg->start_date, "2027-01-01");
	sg->white = 1;
	sg->black = 2;
	strcpy(sg->white_name, "Anna");
	strcpy(sg->black_name, "Bo");
	strcpy(sg->white_role, "player");
	strcpy(sg->black_role, "player");
	ck_assert_int_eq(fen_parse(&pos, FEN_STARTPOS, NULL, 0), CC_OK);
	ck_assert_int_eq(
	        corr_game_init(&sg->g, &pos, clock_profile_find("server"), day("2027-01-01"), &e),
	        CC_OK);
}

static void play(struct store_game *sg, const char *text, int32_t on)
{
	struct corr_move_request rq = {.text = text};
	struct corr_delta d;
	struct corr_error e = {0};
	int rc = corr_play(&sg->g, corr_to_move(&sg->g), &rq, on, &d, &e);
	ck_assert_msg(rc == CC_OK, "%s: %s %s", text, e.code, e.message);
	ck_assert_int_eq(corr_apply(&sg->g, &d, &e), CC_OK);
}

static char *render(const struct store_game *sg, int32_t today)
{
	struct user viewer = {.id = 1, .name = "Anna", .role = "player"};
	struct jsonw w;
	jsonw_init(&w);
	game_json_write(&w, sg, &viewer, today);
	size_t len;
	char *text = jsonw_take(&w, &len);
	ck_assert_ptr_nonnull(text);
	return text;
}

/* The answer with the kept moves against the answer written whole. */
static void same(const struct store_game *sg, int32_t today, const char *what)
{
	char *kept = render(sg, today);
	game_json_keep_moves(false);
	char *whole = render(sg, today);
	game_json_keep_moves(true);
	size_t at = 0;
	while (kept[at] && kept[at] == whole[at])
		at++;
	ck_assert_msg(kept[at] == whole[at], "%s: byte %zu differs: %.60s | %.60s", what, at,
	              kept + (at > 20 ? at - 20 : 0), whole + (at > 20 ? at - 20 : 0));
	free(kept);
	free(whole);
}

START_TEST(test_kept_moves_are_the_moves)
{
	static const char *const knights[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
	struct store_game a, b;
	new_game(&a, 7);
	new_game(&b, 7 + 256); /* the same slot */
	int32_t on = day("2027-01-01");
	unsigned long long copied = game_json_moves_copied();
	for (int i = 0; i < 40; i++) {
		on += 1 + i % 3;
		play(&a, knights[i % 4], on);
		same(&a, on, "after a move");
		same(&a, on, "read again");
	}
	ck_assert_msg(game_json_moves_copied() - copied > 40 * 30,
	              "the answers took their first moves from the slot");
	/* a TL corrected the dates of move 10 (DSU 6.3.3: the clock counts
	 * the corrected dates): it and every move after it change */
	a.g.moves[9].sent += 1;
	a.g.moves[10].received += 1;
	same(&a, on, "a date corrected");
	/* both dates of one move a day later: its days stay, its dates do not */
	a.g.moves[20].received += 1;
	a.g.moves[20].sent += 1;
	same(&a, on, "a move's dates moved");
	/* special leave over moves already made changes their days */
	struct clock_interval leave = {day("2027-01-10"), day("2027-01-20")};
	struct corr_error e;
	ck_assert_int_eq(corr_game_set_stops(&a.g, &leave, 1, &e), CC_OK);
	same(&a, on, "special leave");
	/* another game in the slot, then the first again */
	play(&b, "e4", day("2027-01-02"));
	play(&b, "e5", day("2027-01-03"));
	same(&b, on, "another game of the slot");
	same(&a, on, "the first game again");
	/* a move's text itself (a stored move read again, say) */
	strcpy(a.g.moves[3].san, "Nxg8");
	same(&a, on, "a move's text");
	store_games_free(&a);
	store_games_free(&b);
}
END_TEST

TU_MAIN("game_json", 0, test_kept_moves_are_the_moves)
