/* pgn_sample.c: writes sample games with pgn_write() for the readers'
 * tests (tests/pgn_chessjs.sh).
 *
 *   pgn_sample          a JSON array, one object per game:
 *                       {"name", "pgn", "fen" (the final position),
 *                        "plies", "headers": {tag: value as meant,
 *                        unescaped}, "comments": [{"ply", "text"}],
 *                        "final_comment", "tag_escapes": true when a
 *                        tag value needs the escapes of PGN standard 8.1}
 *   pgn_sample --pgn    the same games as one PGN file
 *   pgn_sample --expect per game one line "FEN<TAB>White<TAB>Black<TAB>Result"
 *                       (the final position, the names as meant, the
 *                       Result tag), for readers checked from a script
 *
 * Every game is played through san_parse(), so a sample that is not legal
 * chess stops the program (exit 1) rather than testing the readers with
 * nonsense. */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess/fen.h"
#include "chess/movegen.h"
#include "clock/calendar.h"
#include "export/pgn.h"
#include "notation/san.h"
#include "util/status.h"

#define MAXPLY 300

struct sample {
	const char *name;
	const char *fen;      /* NULL: the standard start */
	const char *sans[64]; /* NULL-terminated; empty with random_plies */
	int random_plies;     /* > 0: that many pseudo-random legal moves instead */
	const char *white, *black;
	const char *profile; /* for Mode and TimeControl */
	const char *result, *termination;
	bool comments; /* date comments on every move */
	bool escapes;  /* tag values with '"' or '\\' (PGN standard 8.1 escapes) */
};

/* clang-format off */
static const struct sample samples[] = {
    {.name = "mate", .sans = {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"},
     .white = "Anna Hansen", .black = "Bo Jensen", .profile = "server",
     .result = "1-0", .termination = "checkmate", .comments = true},
    {.name = "fools-mate", .sans = {"f3", "e5", "g4", "Qh4#"},
     .white = "Carl", .black = "Dorte", .profile = "dsu-post",
     .result = "0-1", .termination = "checkmate"},
    {.name = "promotion", .fen = "r3k3/1P6/8/8/8/8/2p3K1/8 w q - 0 30",
     .sans = {"bxa8=Q+", "Ke7", "Qa3+", "Kf7", "Kf3", "c1=B", "Qxc1"},
     .white = "Eva", .black = "Frank", .profile = "dsu-email", .result = "*",
     .comments = true},
    {.name = "thematic-black-first",
     .fen = "r2qkbnr/pb1ppppp/1pn5/8/1P6/8/2PPPPPP/RNBQKBNR b KQkq - 0 11",
     .sans = {"a6", "b5", "axb5", "Rxa8", "Bxa8", "d4"},
     .white = "Gitte", .black = "Hans", .profile = "dsu-email", .result = "*",
     .comments = true},
    {.name = "castling",
     .sans = {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "d6", "d3", "Bg4", "Nc3", "Qd7",
	      "Be3", "O-O-O"},
     .white = "Ib", .black = "Jens", .profile = "server",
     .result = "1/2-1/2", .termination = "agreement", .comments = true},
    {.name = "en-passant",
     .sans = {"e4", "Nf6", "e5", "d5", "exd6", "e5", "d4", "e4", "f4", "exf3"},
     .white = "Karen", .black = "Lars", .profile = "dsu-post",
     .result = "0-1", .termination = "resignation", .comments = true},
    {.name = "lost-for-both", .sans = {"d4", "d5", "c4"},
     .white = "Mette", .black = "Niels", .profile = "dsu-email",
     .result = "0-0", .termination = "time_forfeit", .comments = true},
    {.name = "names-utf8", .sans = {"Nf3"},
     .white = "S\xc3\xb8ren \xc3\x86r\xc3\xb8",
     .black = "\xc3\x85se \xc3\x98" "deg\xc3\xa5" "rd",
     .profile = "server", .result = "*", .comments = true},
    {.name = "names-escaped", .sans = {"Nf3"},
     .white = "S\xc3\xb8ren \"Rokade\" \xc3\x86r\xc3\xb8", .black = "Back\\slash",
     .profile = "server", .result = "*", .comments = true, .escapes = true},
    {.name = "no-moves", .white = "Ole", .black = "Pia", .profile = "server", .result = "*"},
    {.name = "random-long", .random_plies = 240, .white = "Rasmus", .black = "Sofie",
     .profile = "dsu-post", .result = "*", .comments = true},
};
/* clang-format on */

/* The same pseudo-random sequence on every run (an LCG). */
static uint32_t rng(uint32_t *state)
{
	*state = *state * 1664525u + 1013904223u;
	return *state >> 8;
}

static void die(const char *name, const char *what, const char *detail)
{
	fprintf(stderr, "pgn_sample: %s: %s: %s\n", name, what, detail);
	exit(1);
}

/* Plays the sample, writes its PGN; returns the JSON object (new). */
static json_t *play(const struct sample *s)
{
	static struct pgn_move moves[MAXPLY];
	static char comments[MAXPLY][PGN_COMMENT_LEN];
	char err[256], fen[FEN_MAX], date[PGN_DATE_LEN], tc[PGN_TIME_CONTROL_LEN];
	position start, pos;
	size_t n = 0;
	uint32_t seed = 2027;

	if (s->fen) {
		if (fen_parse(&start, s->fen, err, sizeof err) != CC_OK)
			die(s->name, s->fen, err);
	} else {
		position_startpos(&start);
	}
	pos = start;
	json_t *jcomments = json_array();
	int32_t first_day, day = 0; /* the start date, and days after it, for the comments */
	calendar_from_ymd(2027, 9, 1, &first_day);
	for (;;) {
		move m;
		if (s->random_plies) {
			move list[MAX_MOVES];
			int count = movegen_legal(&pos, list);
			if ((int)n == s->random_plies || count == 0)
				break;
			m = list[rng(&seed) % (uint32_t)count];
		} else {
			if (!s->sans[n])
				break;
			if (san_parse(&pos, s->sans[n], &m, err, sizeof err) != CC_OK)
				die(s->name, s->sans[n], err);
		}
		if (n == MAXPLY)
			die(s->name, "moves", "too many");
		moves[n] = (struct pgn_move){m, NULL};
		if (s->comments) {
			int days = (int)(rng(&seed) % 6);
			char rec[CALENDAR_ISO_LEN], sent[CALENDAR_ISO_LEN];
			calendar_format(first_day + day, rec, sizeof rec);
			day += days;
			calendar_format(first_day + day, sent, sizeof sent);
			pgn_move_comment(rec, sent, days, n % 7 == 3, comments[n]);
			moves[n].comment = comments[n];
			json_array_append_new(jcomments, json_pack("{s:i, s:s}", "ply", (int)n + 1,
			                                           "text", comments[n]));
		}
		undo u;
		position_do_move(&pos, m, &u);
		n++;
	}

	/* DSU 6.3: 10 moves in 30 days by post, in 40 by e-mail and on the server */
	pgn_time_control(10, strcmp(s->profile, "dsu-post") == 0 ? 30 : 40, tc);
	const char *termination = pgn_termination(s->termination, s->result);
	const char *ending = pgn_ending_comment(s->termination, s->result);
	struct pgn_tag tags[] = {
	        {"Mode", pgn_mode(s->profile)},
	        {"TimeControl", tc},
	        {"Termination", termination},
	};
	struct pgn_game g = {
	        .event = "corrchess sample",
	        .site = "corrchess",
	        .date = "2027-09-01",
	        .round = "-",
	        .white = s->white,
	        .black = s->black,
	        .result = s->result,
	        .start = &start,
	        .tags = tags,
	        .ntags = 3,
	        .moves = moves,
	        .nmoves = n,
	        .final_comment = ending,
	};
	char *text;
	if (pgn_write(&g, &text, err, sizeof err) != CC_OK)
		die(s->name, "pgn_write", err);
	fen_write(&pos, fen, sizeof fen);
	pgn_date(g.date, date);

	json_t *headers =
	        json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s}", "Event", g.event,
	                  "Site", g.site, "Date", date, "Round", g.round, "White", g.white, "Black",
	                  g.black, "Result", pgn_result_token(g.result), "Mode",
	                  pgn_mode(s->profile), "TimeControl", tc, "Termination", termination);
	if (s->fen) {
		char start_fen[FEN_MAX];
		fen_write(&start, start_fen, sizeof start_fen);
		json_object_set_new(headers, "SetUp", json_string("1"));
		json_object_set_new(headers, "FEN", json_string(start_fen));
	}
	json_t *obj = json_pack("{s:s, s:s, s:s, s:i, s:o, s:o, s:s?, s:b}", "name", s->name, "pgn",
	                        text, "fen", fen, "plies", (int)n, "headers", headers, "comments",
	                        jcomments, "final_comment", ending, "tag_escapes", (int)s->escapes);
	if (!obj)
		die(s->name, "json", "cannot build the object");
	free(text);
	return obj;
}

int main(int argc, char **argv)
{
	const char *mode = argc == 2 ? argv[1] : "";
	bool pgn_only = strcmp(mode, "--pgn") == 0, expect = strcmp(mode, "--expect") == 0;
	if (argc > 2 || (argc == 2 && !pgn_only && !expect)) {
		fprintf(stderr, "usage: pgn_sample [--pgn | --expect]\n");
		return 2;
	}
	json_t *all = json_array();
	for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++) {
		json_t *obj = play(&samples[i]);
		json_t *h = json_object_get(obj, "headers");
		if (pgn_only)
			fputs(json_string_value(json_object_get(obj, "pgn")), stdout);
		if (expect)
			printf("%s\t%s\t%s\t%s\n", json_string_value(json_object_get(obj, "fen")),
			       json_string_value(json_object_get(h, "White")),
			       json_string_value(json_object_get(h, "Black")),
			       json_string_value(json_object_get(h, "Result")));
		json_array_append_new(all, obj);
	}
	if (!pgn_only && !expect) {
		char *dump = json_dumps(all, JSON_INDENT(1));
		if (!dump)
			die("all", "json", "cannot write");
		puts(dump);
		free(dump);
	}
	json_decref(all);
	return fflush(stdout) == 0 ? 0 : 1;
}
