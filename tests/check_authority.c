/* check_authority.c: lib/corr/authority.c against every cell of the
 * matrix in docs/AUTHORITY.md (the same table the integration tests run
 * through HTTP and Xfcc), and the cases the table leaves out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corr/authority.h"
#include "testutil.h"
#include "util/status.h"

#ifndef DOCS_DIR
#error "DOCS_DIR must name the docs/ folder"
#endif

/* The actors of the table's columns (docs/AUTHORITY.md "The actors"). */
enum { W = 11, B = 12, P = 13, TL1 = 21, TL2 = 22, TL3 = 23, KC = 31, ADMIN = 41 };

static const char *const columns[] = {"white",     "black",    "other player",
                                      "game's TL", "other TL", "TL who is a side",
                                      "kc",        "admin",    "anonymous"};
#define NCOLS (sizeof columns / sizeof columns[0])

static struct auth_actor actor_of(size_t col)
{
	static const struct auth_actor a[NCOLS] = {
	        {W, AUTH_PLAYER}, {B, AUTH_PLAYER},    {P, AUTH_PLAYER},
	        {TL1, AUTH_TL},   {TL2, AUTH_TL},      {TL3, AUTH_TL},
	        {KC, AUTH_KC},    {ADMIN, AUTH_ADMIN}, {0, AUTH_ANONYMOUS},
	};
	return a[col];
}

/* The target of a row ("acts on") for column col; parties points into
 * the static room it needs. */
static struct auth_target target_of(const char *acts_on, size_t col, const struct auth_actor *a)
{
	static int64_t parties[2];
	bool side = strcmp(columns[col], "TL who is a side") == 0;
	struct auth_target t = {0};
	if (strcmp(acts_on, "game") == 0) {
		t.white = side ? TL3 : W;
		t.black = B;
		t.leader = side ? TL3 : TL1;
	} else if (strcmp(acts_on, "a player") == 0) {
		t.subject = side ? TL3 : B;
		t.leader = side ? TL3 : TL1;
	} else if (strcmp(acts_on, "tournament") == 0) {
		t.leader = side ? TL3 : TL1;
	} else if (strcmp(acts_on, "games of a tournament") == 0) {
		parties[0] = side ? TL3 : W;
		parties[1] = B;
		t.parties = parties;
		t.nparties = 2;
		t.leader = side ? TL3 : TL1;
	} else if (strcmp(acts_on, "himself") == 0) {
		t.subject = a->id;
	} else {
		ck_assert_msg(strcmp(acts_on, "nothing") == 0, "unknown \"acts on\": %s", acts_on);
	}
	return t;
}

/* Splits a table line "| a | b | ... |" into trimmed cells (in place);
 * returns their number. */
static size_t cells(char *line, char **out, size_t max)
{
	size_t n = 0;
	char *p = strchr(line, '|');
	while (p && n < max) {
		char *start = p + 1, *end = strchr(start, '|');
		if (!end)
			break;
		*end = '\0';
		while (*start == ' ')
			start++;
		char *z = start + strlen(start);
		while (z > start && z[-1] == ' ')
			*--z = '\0';
		out[n++] = start;
		p = end;
	}
	return n;
}

START_TEST(every_cell_of_the_matrix)
{
	FILE *f = fopen(DOCS_DIR "/AUTHORITY.md", "r");
	ck_assert_msg(f != NULL, "cannot read docs/AUTHORITY.md");
	char line[2048];
	bool in_table = false, seen[AUTH_CMD_COUNT] = {false};
	int rows = 0, checked = 0;
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, "| command | acts on |", 21) == 0) {
			char *h[16];
			size_t n = cells(line, h, 16);
			ck_assert_uint_eq(n, NCOLS + 2);
			for (size_t i = 0; i < NCOLS; i++)
				ck_assert_str_eq(h[i + 2], columns[i]);
			in_table = true;
			continue;
		}
		if (!in_table)
			continue;
		if (strncmp(line, "|---", 4) == 0)
			continue;
		if (line[0] != '|')
			break; /* the end of the table */
		char *c[16];
		size_t n = cells(line, c, 16);
		ck_assert_msg(n == NCOLS + 2, "row \"%s\" has %zu cells", line, n);
		int cmd = auth_cmd_of(c[0]);
		ck_assert_msg(cmd >= 0, "docs/AUTHORITY.md names an unknown command %s", c[0]);
		ck_assert_msg(!seen[cmd], "command %s twice in the table", c[0]);
		seen[cmd] = true;
		rows++;
		for (size_t col = 0; col < NCOLS; col++) {
			struct auth_actor a = actor_of(col);
			struct auth_target t = target_of(c[1], col, &a);
			struct corr_error e = {0};
			int rc = auth_check(&a, (enum auth_cmd)cmd, &t, &e);
			const char *got = rc == CC_OK ? "yes" : e.code;
			ck_assert_msg(strcmp(got, c[col + 2]) == 0,
			              "%s by %s: the table says %s, got %s", c[0], columns[col],
			              c[col + 2], got);
			checked++;
		}
	}
	fclose(f);
	ck_assert_int_eq(rows, AUTH_CMD_COUNT);
	for (int i = 0; i < AUTH_CMD_COUNT; i++)
		ck_assert_msg(seen[i], "command %s is missing from docs/AUTHORITY.md",
		              auth_cmd_name((enum auth_cmd)i));
	ck_assert_int_eq(checked, AUTH_CMD_COUNT * (int)NCOLS);
}
END_TEST

START_TEST(admin_who_plays_or_acts_on_himself)
{
	struct auth_actor admin = {ADMIN, AUTH_ADMIN};
	struct corr_error e;
	struct auth_target g = {.white = ADMIN, .black = B, .leader = TL1};
	ck_assert_int_ne(auth_check(&admin, AUTH_PENALTY, &g, &e), CC_OK);
	ck_assert_str_eq(e.code, "own_game");
	ck_assert_int_eq(auth_check(&admin, AUTH_MOVE, &g, &e), CC_OK);
	struct auth_target self = {.subject = ADMIN};
	ck_assert_int_ne(auth_check(&admin, AUTH_RATING_SET, &self, &e), CC_OK);
	ck_assert_str_eq(e.code, "own_record");
	ck_assert_int_ne(auth_check(&admin, AUTH_RIGHT_GRANT, &self, &e), CC_OK);
	ck_assert_str_eq(e.code, "own_record");
}
END_TEST

START_TEST(a_game_nobody_leads_is_for_admins)
{
	struct auth_target g = {.white = W, .black = B, .leader = 0};
	struct auth_actor tl = {TL1, AUTH_TL}, admin = {ADMIN, AUTH_ADMIN};
	struct corr_error e;
	ck_assert_int_ne(auth_check(&tl, AUTH_RESULT, &g, &e), CC_OK);
	ck_assert_str_eq(e.code, "not_your_tournament");
	ck_assert_int_eq(auth_check(&admin, AUTH_RESULT, &g, &e), CC_OK);
}
END_TEST

START_TEST(the_server_and_the_seat)
{
	struct auth_actor server = {0, AUTH_SERVER};
	struct auth_target g = {.white = W, .black = B, .leader = TL1};
	struct corr_error e;
	for (int c = 0; c < AUTH_CMD_COUNT; c++)
		ck_assert_int_eq(auth_check(&server, (enum auth_cmd)c, &g, &e), CC_OK);
	/* the seat follows the id, never the role */
	struct auth_actor tl = {TL1, AUTH_TL}, w = {W, AUTH_PLAYER}, admin = {W, AUTH_ADMIN};
	ck_assert_int_eq(auth_seat(&tl, W, B), CORR_NOBODY);
	ck_assert_int_eq(auth_seat(&w, W, B), WHITE);
	ck_assert_int_eq(auth_seat(&admin, W, B), WHITE);
	ck_assert_int_eq(auth_seat(&w, B, W), BLACK);
	ck_assert_int_eq(auth_seat(NULL, W, B), CORR_NOBODY);
}
END_TEST

START_TEST(names_and_roles)
{
	for (int c = 0; c < AUTH_CMD_COUNT; c++)
		ck_assert_int_eq(auth_cmd_of(auth_cmd_name((enum auth_cmd)c)), c);
	ck_assert_int_eq(auth_cmd_of("no_such"), -1);
	ck_assert_int_eq(auth_cmd_of(NULL), -1);
	ck_assert_int_eq(auth_role_of("player"), AUTH_PLAYER);
	ck_assert_int_eq(auth_role_of("tl"), AUTH_TL);
	ck_assert_int_eq(auth_role_of("kc"), AUTH_KC);
	ck_assert_int_eq(auth_role_of("admin"), AUTH_ADMIN);
	ck_assert_int_eq(auth_role_of("server"), AUTH_ANONYMOUS); /* never from the database */
	ck_assert_int_eq(auth_role_of(NULL), AUTH_ANONYMOUS);
	ck_assert_str_eq(auth_role_name(AUTH_KC), "kc");
	struct corr_error e;
	ck_assert_int_ne(auth_check(NULL, AUTH_MOVE, NULL, &e), CC_OK);
	ck_assert_str_eq(e.code, "unauthorized");
	struct auth_actor w = {W, AUTH_PLAYER};
	ck_assert_int_ne(auth_check(&w, AUTH_CMD_COUNT, NULL, &e), CC_OK);
}
END_TEST

TU_MAIN("authority", 0, every_cell_of_the_matrix, admin_who_plays_or_acts_on_himself,
        a_game_nobody_leads_is_for_admins, the_server_and_the_seat, names_and_roles)
