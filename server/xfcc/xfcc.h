/* xfcc.h: POST /xfcc, the Xfcc SOAP 1.1 interface (API.md "Xfcc", issue
 * 14) that Scid, ChessBase and other correspondence clients use:
 * GetMyGames(username, password) and MakeAMove(username, password,
 * gameId, resign, acceptDraw, movecount, myMove, offerDraw, claimDraw,
 * myMessage).
 *
 * Independent of the HTTP library: http.c fills a struct xfcc_http_req
 * and sends the struct api_resp (base/response.h) back.  The XML is read and written by
 * xfcc_xml.c; the games are reached only through xfcc_game.c. */
#ifndef CORRCHESS_XFCC_H
#define CORRCHESS_XFCC_H

#include <stdbool.h>
#include <stddef.h>

#include "base/app.h"
#include "base/response.h"

#define XFCC_PATH "/xfcc"

struct xfcc_http_req {
	const char *method;
	const char *content_type; /* the header, or NULL */
	const char *soap_action;  /* the SOAPAction header, or NULL */
	const char *body;         /* len bytes (borrowed) */
	size_t len;
	bool too_big;     /* the body passed the HTTP layer's limit */
	const char *peer; /* the client's address, or NULL */
	bool wsdl;        /* the query asks for the WSDL (xfcc_wants_wsdl()) */
};

/* True when one of the n query keys is "wsdl" (any case): "?wsdl", the
 * request for the WSDL that SOAP tools read. */
bool xfcc_wants_wsdl(const char *const *keys, int n);

/* Answers one request to XFCC_PATH.  Never fails: every outcome is a
 * response: a GetMyGamesResponse or a MakeAMoveResponse with an Xfcc
 * result code (200, text/xml); the WSDL for GET ?wsdl (200, text/xml);
 * a soap:Fault with HTTP 500 for anything refused (SOAP 1.1 6.2, WS-I
 * Basic Profile R1126), a SOAP 1.2 VersionMismatch fault
 * (application/soap+xml) for a SOAP 1.2 request; and plain text for the
 * errors of HTTP itself, 405 for another method (R1114) and 413 for a
 * body over the limit (R1125). */
void xfcc_handle(struct app *app, const struct xfcc_http_req *rq, struct api_resp *rs);

#endif
