/* api_routes.h: the route table entries of the endpoints outside api.c
 * (games, exports, vacations, the TL overview, tournaments), spliced into
 * the table of api.c. */
#ifndef CORRCHESS_API_ROUTES_H
#define CORRCHESS_API_ROUTES_H

#include "api_export.h"
#include "api_games.h"
#include "api_tl.h"
#include "api_tournaments.h"
#include "api_vacations.h"

#define API_GAME_ROUTES                                                                            \
	{"POST", "/api/v1/games", api_games_create, true},                                         \
	    {"GET", "/api/v1/games", api_games_list, true},                                        \
	    {"GET", "/api/v1/games/{id}", api_games_get, true},                                    \
	    {"POST", "/api/v1/games/{id}/moves", api_games_move, true},                            \
	    {"POST", "/api/v1/games/{id}/draw", api_games_draw, true},                             \
	    {"POST", "/api/v1/games/{id}/resign", api_games_resign, true},                         \
	    {"POST", "/api/v1/games/{id}/claim", api_games_claim, true},                           \
	    {"POST", "/api/v1/games/{id}/result", api_games_result, true},                         \
	    {"DELETE", "/api/v1/games/{id}/series", api_games_series_cancel, true},                \
	    {"GET", "/api/v1/games/{id}/pgn", api_export_pgn, true},                               \
	    {"GET", "/api/v1/games/{id}/transcript", api_export_transcript, true},                 \
	    {"POST", "/api/v1/vacations", api_vacations_create, true},                             \
	    {"GET", "/api/v1/users/{id}/vacations", api_vacations_list, true},                     \
	    {"GET", "/api/v1/tl/overview", api_tl_overview, true},                                 \
	    {"POST", "/api/v1/tournaments", api_tournaments_create, true},                         \
	    {"GET", "/api/v1/tournaments", api_tournaments_list, true},                            \
	    {"GET", "/api/v1/tournaments/{id}", api_tournaments_get, true},

#endif
