/* sweep.h: the daily job of API.md ("corrchess sweep") and the findings
 * it shares with the TL overview (docs/SWEEP.md).
 *
 * A finding is what the rules make due in one active game as of a day:
 * a reminder or a TL notice for a silent player (DSU 6.3.4, 6.8.3), a
 * time forfeit (6.3.3.3-6.3.3.5, 6.8.7), or adjudication after 18 months
 * (6.2.7).  All of them come from the game's clocks (lib/clock), so they
 * agree with the CLOCK objects the API shows. */
#ifndef CORRCHESS_SWEEP_H
#define CORRCHESS_SWEEP_H

#include <stdint.h>
#include <stdio.h>

#include "api/api.h"
#include "api/game_json.h"

enum sweep_kind { SWEEP_REMINDER, SWEEP_TL_NOTICE, SWEEP_FORFEIT, SWEEP_ADJUDICATION };

/* "reminder", "tl_notice", "forfeit", "adjudication" (sweep_events.kind). */
const char *sweep_kind_name(enum sweep_kind k);

struct sweep_finding {
	enum sweep_kind kind;
	int side;          /* CLOCK_WHITE or CLOCK_BLACK: the player concerned */
	int64_t player;    /* his user id */
	int ply;           /* moves made in the game; 0 for adjudication */
	int32_t due;       /* the day the rule made it due */
	int32_t received;  /* silence: the day the pending move was received */
	int32_t tl_date;   /* reminder, tl_notice: the day the TL is to be told */
	char detail[200];  /* a sentence for a person */
};

#define SWEEP_MAX_FINDINGS 6

/* The findings of loaded game g (active) as of today (YYYY-MM-DD), at most
 * SWEEP_MAX_FINDINGS, in the order forfeit, reminder, tl_notice,
 * adjudication.  A player over his time limit gets a forfeit and no
 * silence finding.  Returns their number, or -1 with err when the clocks
 * cannot be computed. */
int sweep_findings(const struct games_game *g, const char *today, struct sweep_finding *out,
		   char *err, size_t errlen);

/* The ids of the active games, in id order (new, free() it; *n of them),
 * read in one statement; NULL on a database error or out of memory. */
int64_t *sweep_active_games(struct app *app, size_t *n);

struct sweep_counts {
	int games, events[4], queued, sent, failed, skipped;
};

/* The daily job for today: records the new findings of every active game
 * in sweep_events (each once), queues their mails, ends games lost on time
 * where the profile says so, then sends the outbox through the configured
 * SMTP server.  One line per new event to out.  Returns 0, or 1 when a
 * mail could not be sent or the database failed (err says what; the work
 * done stays done). */
int sweep_run(struct app *app, const char *today, FILE *out, struct sweep_counts *counts,
	      char *err, size_t errlen);

#endif
