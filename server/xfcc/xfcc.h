/* xfcc.h: POST /xfcc, the Xfcc SOAP 1.1 interface (API.md "Xfcc", issue
 * 14) that Scid, ChessBase and other correspondence clients use:
 * GetMyGames(username, password) and MakeAMove(username, password,
 * gameId, resign, acceptDraw, movecount, myMove, offerDraw, claimDraw,
 * myMessage).
 *
 * Independent of the HTTP library: http.c fills a struct xfcc_http_req
 * and sends the struct api_resp back.  The XML is read and written by
 * xfcc_xml.c; the games are reached only through xfcc_game.c. */
#ifndef CORRCHESS_XFCC_H
#define CORRCHESS_XFCC_H

#include <stdbool.h>
#include <stddef.h>

#include "api/api.h"

#define XFCC_PATH "/xfcc"

struct xfcc_http_req {
	const char *method;
	const char *content_type; /* the header, or NULL */
	const char *soap_action;  /* the SOAPAction header, or NULL */
	const char *body;         /* len bytes (borrowed) */
	size_t len;
	bool too_big;     /* the body passed the HTTP layer's limit */
	const char *peer; /* the client's address, or NULL */
};

/* Answers one request to XFCC_PATH.  Never fails: every outcome is a
 * response (text/xml): a GetMyGamesResponse, a MakeAMoveResponse with an
 * Xfcc result code, or a soap:Fault with a 4xx status for bad input (400
 * not a SOAP call, 401 wrong login for GetMyGames, 405 not POST, 413 too
 * big, 429 throttled) and 500/503 when the server fails. */
void xfcc_handle(struct app *app, const struct xfcc_http_req *rq, struct api_resp *rs);

#endif
