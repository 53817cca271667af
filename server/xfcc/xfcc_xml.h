/* xfcc_xml.h: the XML of the Xfcc interface (SOAP 1.1, namespace
 * http://www.bennedik.com/webservices/XfccBasic; API.md "Xfcc").
 *
 * Reading is tolerant, writing is strict (issues 14, 23, 26):
 *   - xfcc_parse() reads a SOAP 1.1 request with expat (well-formedness,
 *     namespaces, the five predefined entities, character references,
 *     CDATA sections, the encodings): an Envelope, its Body, and in it one
 *     operation element (GetMyGames or MakeAMove) whose child elements
 *     are the parameters.  Element names may carry any prefix
 *     (<soap:Envelope>, <ns:username>) or none; the Envelope may be in
 *     the SOAP 1.1 namespace or in none (a SOAP 1.2 Envelope is
 *     XFCC_XML_SOAP12, another namespace XFCC_XML_VERSION), the operation
 *     in the XfccBasic namespace or in none.  A document type declaration
 *     is refused, so no entity is ever defined and nothing external is
 *     ever read.  The input is UTF-8, or ISO-8859-1 / US-ASCII when the
 *     Content-Type's charset (quoted or not) or else the XML declaration
 *     says so; another charset, UTF-16 among them, is refused.  A body
 *     that claims UTF-8 (or claims nothing) but is not UTF-8 is read as
 *     ISO-8859-1 (Scid's Tcl sends its Latin-1 bytes under a UTF-8
 *     label), and the control characters XML never allows (NUL among
 *     them) become U+FFFD in text (markup with one stays malformed).
 *     Line ends in text come as "\n" (XML 2.11).  Sizes are bounded
 *     (XFCC_* below).
 *   - the writers produce exactly what regex-based clients (Scid's
 *     correspondence.tcl) take apart: the soap prefix on Envelope, Body
 *     and Fault only, the response element unprefixed with
 *     xmlns="..." in double quotes, <GetMyGamesResult> and <XfccGame>
 *     without attributes and never self-closing; and the WSDL that
 *     describes them (xfcc_write_wsdl()).
 *
 * Pure code: no I/O, no SQL, no HTTP library; libc and expat only.
 * Nothing here keeps a pointer past its return. */
#ifndef CORRCHESS_XFCC_XML_H
#define CORRCHESS_XFCC_XML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define XFCC_NS        "http://www.bennedik.com/webservices/XfccBasic"
#define XFCC_SOAP_NS   "http://schemas.xmlsoap.org/soap/envelope/"
#define XFCC_SOAP12_NS "http://www.w3.org/2003/05/soap-envelope"
#define XFCC_IN_MAX    (64 * 1024) /* request bytes read at most */
#define XFCC_DEPTH     16          /* element nesting read at most */
#define XFCC_PARAMS    16          /* parameters of one call */
#define XFCC_NAME_MAX  32          /* a parameter's local name, with the NUL */
#define XFCC_VALUE_MAX 8192        /* a parameter's decoded text, bytes */

/* Status codes of this module (0 = ok). */
enum xfcc_xml_status {
	XFCC_XML_OK = 0,
	XFCC_XML_MALFORMED = -1,   /* not well-formed XML, or not a SOAP envelope */
	XFCC_XML_UNSUPPORTED = -2, /* a DTD, an unknown charset, an unknown operation */
	XFCC_XML_TOO_BIG = -3,     /* over one of the limits above */
	XFCC_XML_NOMEM = -4,
	XFCC_XML_SOAP12 = -5,  /* a SOAP 1.2 Envelope (answer xfcc_write_fault12()) */
	XFCC_XML_VERSION = -6, /* an Envelope in another namespace (VersionMismatch) */
};

enum xfcc_op {
	XFCC_OP_NONE = 0,
	XFCC_OP_GET_MY_GAMES,
	XFCC_OP_MAKE_A_MOVE,
};

/* One decoded request. */
struct xfcc_call {
	enum xfcc_op op;
	char op_name[XFCC_NAME_MAX]; /* the operation's local name as sent */
	int nparams;
	struct {
		char name[XFCC_NAME_MAX]; /* local name, without its prefix */
		char *value;              /* new: decoded UTF-8 text, NUL-terminated */
	} params[XFCC_PARAMS];
};

/* Reads one SOAP request of len bytes.  content_type is the request's
 * Content-Type header or NULL (its charset decides the input encoding,
 * before the XML declaration's).  On XFCC_XML_OK *call is filled (free it
 * with xfcc_call_free()); otherwise *call holds nothing to free and err a
 * sentence.  Cost: linear in len. */
int xfcc_parse(const char *body, size_t len, const char *content_type, struct xfcc_call *call,
               char *err, size_t errlen);

/* Frees the values of call; a zeroed call is a no-op. */
void xfcc_call_free(struct xfcc_call *call);

/* The parameter's text (borrowed from call), or NULL when absent.  Names
 * match ignoring ASCII case ("gameID" is "gameId"). */
const char *xfcc_param(const struct xfcc_call *call, const char *name);

/* A boolean parameter: "1"/"true" or "0"/"false" (any case, blanks
 * around ignored).  0 and *out when present; 1 when absent or empty
 * (*out = false); -1 when it is something else. */
int xfcc_param_bool(const struct xfcc_call *call, const char *name, bool *out);

/* An integer parameter (decimal, optional sign, blanks around ignored,
 * |value| < 10^15).  0 and *out; 1 absent or empty; -1 not a number. */
int xfcc_param_int(const struct xfcc_call *call, const char *name, int64_t *out);

/* ---- answers ---- */

/* One game of GetMyGamesResult.  Strings are borrowed for the call; NULL
 * is written as empty text. */
struct xfcc_game {
	int64_t id;
	const char *white, *black, *event, *site;
	const char *event_date; /* "YYYY.MM.DD" */
	const char *round;
	int white_elo, black_elo;
	const char *time_control; /* "10/2592000" */
	const char *game_link;
	const char *result; /* "Ongoing", "WhiteWins", ... */
	bool draw_offered;
	bool setup;
	const char *fen; /* the start position when setup */
	bool my_turn, has_white;
	int days_player, hours_player, minutes_player;
	int days_opponent, hours_opponent, minutes_opponent;
	const char *moves; /* SAN movetext with move numbers */
	const char *message;
	const char *server_info;
	const char *variant; /* "chess" */
};

/* The GetMyGames answer for n games (games may be NULL when n is 0):
 * new text (caller frees) and its length in *len; NULL when out of
 * memory.  Each XfccGame has its elements in the order of ICCF's
 * XfccBasic WSDL (docs/XFCC.md): id, white, black, event, site, myTurn,
 * hasWhite, daysPlayer, hoursPlayer, minutesPlayer, daysOpponent,
 * hoursOpponent, minutesOpponent, moves, drawOffered, message,
 * serverInfo, gameLink, whiteElo, blackElo, timeControl, variant,
 * eventDate, setup, fen, result; then round, which ICCF's type lacks
 * (Scid reads it), last.  Cost: linear in the text. */
char *xfcc_write_games(const struct xfcc_game *games, size_t n, size_t *len);

/* The MakeAMove answer with result code (one of the Xfcc codes): new
 * text and *len, NULL when out of memory. */
char *xfcc_write_move_result(const char *code, size_t *len);

/* A SOAP 1.1 fault: faultcode "soap:Client", "soap:Server" or
 * "soap:VersionMismatch" (give "Client", "Server" or "VersionMismatch";
 * anything else is "Client"), faultstring the text (an Xfcc code or a
 * sentence).  New text and *len, NULL when out of memory. */
char *xfcc_write_fault(const char *faultcode, const char *faultstring, size_t *len);

/* The SOAP 1.2 fault for a SOAP 1.2 request (SOAP 1.2 part 1, 5.4.7):
 * env:VersionMismatch with reason, and the env:Upgrade header that names
 * the SOAP 1.1 Envelope as the one supported.  New text and *len, NULL
 * when out of memory. */
char *xfcc_write_fault12(const char *reason, size_t *len);

/* The WSDL 1.1 of the interface (document/literal, the XfccGame type in
 * the order xfcc_write_games() writes), with location (escaped here) as
 * the service's address.  New text and *len, NULL when out of memory. */
char *xfcc_write_wsdl(const char *location, size_t *len);

/* Appends text escaped for XML character data to a growable buffer;
 * exposed for the tests.  Characters not allowed in XML 1.0 (control
 * characters other than tab, newline, return) and invalid UTF-8 bytes
 * are written as U+FFFD; a carriage return as &#13;, which a reader
 * keeps (a bare one it reads as a line feed, XML 2.11).  New text (caller
 * frees), NULL when out of memory. */
char *xfcc_escape(const char *text);

#endif
