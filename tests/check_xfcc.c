/* check_xfcc.c: the Xfcc XML (server/xfcc/xfcc_xml.c): the tolerant
 * reader on the dialects clients send and on bad input, and the strict
 * writer on what regex-based clients (Scid's correspondence.tcl) need. */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "xfcc/xfcc_xml.h"

#define ENV_START                                                                                  \
	"<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"                                             \
	"<soap:Envelope xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "                  \
	"xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" "                                          \
	"xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\">\n<soap:Body>\n"
#define ENV_END "</soap:Body>\n</soap:Envelope>"

/* Scid 4.7's MakeAMove, as tcl/tools/correspondence.tcl builds it. */
static const char scid_move[] =
        ENV_START "<MakeAMove xmlns=\"http://www.bennedik.com/webservices/XfccBasic\">"
                  "<username>alice</username><password>p&amp;w&lt;1&gt;</password>"
                  "<gameId>17</gameId><resign>0</resign><acceptDraw>0</acceptDraw>"
                  "<movecount>12</movecount><myMove>Nf3</myMove><offerDraw>1</offerDraw>"
                  "<claimDraw>0</claimDraw><myMessage>Hej &quot;Bob&quot; &apos;s</myMessage>"
                  "</MakeAMove>" ENV_END;

static int parse(const char *xml, const char *ctype, struct xfcc_call *c, char *err)
{
	return xfcc_parse(xml, strlen(xml), ctype, c, err, 256);
}

/* xml (sent with ctype, or NULL) reads, and its parameter name is want. */
static void reads(const char *xml, const char *ctype, const char *name, const char *want)
{
	struct xfcc_call c;
	char err[256];
	ck_assert_msg(parse(xml, ctype, &c, err) == XFCC_XML_OK, "%s", err);
	ck_assert_str_eq(xfcc_param(&c, name), want);
	xfcc_call_free(&c);
}

START_TEST(reads_scid_request)
{
	struct xfcc_call c;
	char err[256];
	ck_assert_int_eq(parse(scid_move, "text/xml; charset=\"utf-8\"", &c, err), XFCC_XML_OK);
	ck_assert_int_eq(c.op, XFCC_OP_MAKE_A_MOVE);
	ck_assert_int_eq(c.nparams, 10);
	ck_assert_str_eq(xfcc_param(&c, "username"), "alice");
	ck_assert_str_eq(xfcc_param(&c, "password"), "p&w<1>");
	ck_assert_str_eq(xfcc_param(&c, "myMessage"), "Hej \"Bob\" 's");
	ck_assert_str_eq(xfcc_param(&c, "GAMEID"), "17"); /* names ignore case */
	ck_assert_ptr_null(xfcc_param(&c, "nothing"));
	int64_t n;
	ck_assert_int_eq(xfcc_param_int(&c, "gameId", &n), 0);
	ck_assert_int_eq(n, 17);
	bool b = true;
	ck_assert_int_eq(xfcc_param_bool(&c, "resign", &b), 0);
	ck_assert(!b);
	ck_assert_int_eq(xfcc_param_bool(&c, "offerDraw", &b), 0);
	ck_assert(b);
	xfcc_call_free(&c);
}
END_TEST

/* A second dialect: prefixed elements everywhere, true/false, a Header,
 * comments, a CDATA section and character references. */
START_TEST(reads_prefixed_dialect)
{
	static const char xml[] =
	        "<?xml version='1.0' encoding='UTF-8'?>\r\n<!-- a client -->"
	        "<S:Envelope xmlns:S='http://schemas.xmlsoap.org/soap/envelope/'>"
	        "<S:Header><x:Trace xmlns:x='urn:x'><x:n>1</x:n></x:Trace></S:Header>"
	        "<S:Body><ns1:MakeAMove xmlns:ns1='http://www.bennedik.com/webservices/XfccBasic'>"
	        "<ns1:username>bob</ns1:username><ns1:password><![CDATA[a<b&c]]></ns1:password>"
	        "<ns1:gameId> 5 </ns1:gameId><ns1:resign>TRUE</ns1:resign>"
	        "<ns1:acceptDraw>false</ns1:acceptDraw><ns1:myMove/>"
	        "<ns1:myMessage>K&#248;benhavn &#x2013; &#xE6;</ns1:myMessage>"
	        "</ns1:MakeAMove></S:Body></S:Envelope>\n";
	struct xfcc_call c;
	char err[256];
	ck_assert_msg(parse(xml, NULL, &c, err) == XFCC_XML_OK, "%s", err);
	ck_assert_int_eq(c.op, XFCC_OP_MAKE_A_MOVE);
	ck_assert_str_eq(xfcc_param(&c, "username"), "bob");
	ck_assert_str_eq(xfcc_param(&c, "password"), "a<b&c");
	ck_assert_str_eq(xfcc_param(&c, "myMove"), "");
	ck_assert_str_eq(xfcc_param(&c, "myMessage"), "K\xC3\xB8"
	                                              "benhavn \xE2\x80\x93 \xC3\xA6");
	int64_t n;
	ck_assert_int_eq(xfcc_param_int(&c, "gameId", &n), 0);
	ck_assert_int_eq(n, 5);
	bool b;
	ck_assert_int_eq(xfcc_param_bool(&c, "resign", &b), 0);
	ck_assert(b);
	ck_assert_int_eq(xfcc_param_bool(&c, "acceptDraw", &b), 0);
	ck_assert(!b);
	ck_assert_int_eq(xfcc_param_bool(&c, "claimDraw", &b), 1); /* absent */
	ck_assert_int_eq(xfcc_param_int(&c, "movecount", &n), 1);
	xfcc_call_free(&c);
}
END_TEST

START_TEST(reads_get_my_games_without_namespace)
{
	static const char xml[] = "<Envelope><Body><GetMyGames><username>a</username>"
	                          "<password>b</password></GetMyGames></Body></Envelope>";
	struct xfcc_call c;
	char err[256];
	ck_assert_msg(parse(xml, "text/xml", &c, err) == XFCC_XML_OK, "%s", err);
	ck_assert_int_eq(c.op, XFCC_OP_GET_MY_GAMES);
	ck_assert_str_eq(xfcc_param(&c, "password"), "b");
	xfcc_call_free(&c);
}
END_TEST

/* ISO-8859-1 by the Content-Type's charset (quoted) or the declaration. */
START_TEST(reads_latin1)
{
	static const char body[] = "<Envelope><Body><GetMyGames><username>S\xF8ren</username>"
	                           "<password>x</password></GetMyGames></Body></Envelope>";
	static const char decl[] = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>"
	                           "<Envelope><Body><GetMyGames><username>\xC6</username>"
	                           "</GetMyGames></Body></Envelope>";
	struct xfcc_call c;
	char err[256];
	reads(body, "text/xml; charset=\"iso-8859-1\"", "username", "S\xC3\xB8ren");
	reads(decl, NULL, "username", "\xC3\x86");
	/* Latin-1 bytes under a UTF-8 label (Scid's Tcl http) read as Latin-1. */
	reads(body, "text/xml; charset=\"utf-8\"", "username", "S\xC3\xB8ren");
	/* ... and so under a UTF-8 declaration, or none, without a charset. */
	static const char utf8_decl[] = "<?xml version='1.0' encoding='utf-8'?>"
	                                "<Envelope><Body><GetMyGames><username>S\xF8ren</username>"
	                                "</GetMyGames></Body></Envelope>";
	reads(utf8_decl, NULL, "username", "S\xC3\xB8ren");
	reads(body, NULL, "username", "S\xC3\xB8ren");
	/* UTF-8 stays UTF-8 (no double decoding). */
	static const char real_utf8[] =
	        "<Envelope><Body><GetMyGames><username>S\xC3\xB8ren</username>"
	        "</GetMyGames></Body></Envelope>";
	reads(real_utf8, NULL, "username", "S\xC3\xB8ren");
	/* Another charset in the declaration is refused by its name. */
	static const char koi[] = "<?xml version='1.0' encoding='koi8-r'?><Envelope/>";
	ck_assert_int_eq(parse(koi, NULL, &c, err), XFCC_XML_UNSUPPORTED);
	ck_assert_msg(strstr(err, "koi8-r") != NULL, "%s", err);
	/* Line ends in text come as \n (XML 2.11). */
	static const char crlf[] = "<Envelope><Body><MakeAMove><myMessage>a\r\nb\rc</myMessage>"
	                           "</MakeAMove></Body></Envelope>";
	reads(crlf, NULL, "myMessage", "a\nb\nc");
	/* Characters XML does not allow become U+FFFD; markup stays intact. */
	static const char ctl[] = "<Envelope><Body><GetMyGames><username>a\x01\x14"
	                          "b</username>"
	                          "</GetMyGames></Body></Envelope>";
	reads(ctl, NULL, "username",
	      "a\xEF\xBF\xBD\xEF\xBF\xBD"
	      "b");
	ck_assert_int_eq(xfcc_parse("<Envelope>\0</Envelope>", 22, NULL, &c, err, sizeof err),
	                 XFCC_XML_MALFORMED); /* a NUL is read past (U+FFFD): still no call */
	ck_assert_int_eq(parse(body, "text/xml; charset=koi8-r", &c, err), XFCC_XML_UNSUPPORTED);
}
END_TEST

static const struct {
	const char *xml;
	int want;
	const char *why;
} bad[] = {
        {"", XFCC_XML_MALFORMED, "empty"},
        {"hello", XFCC_XML_MALFORMED, "no element"},
        {"<Envelope><Body><GetMyGames></Body></Envelope>", XFCC_XML_MALFORMED, "mismatch"},
        {"<Envelope><Body><GetMyGames><username>a</username></GetMyGames></Body>",
         XFCC_XML_MALFORMED, "truncated"},
        {"<Envelope><Body><GetMyGames><username>a&b</username></GetMyGames></Body></Envelope>",
         XFCC_XML_MALFORMED, "bare ampersand"},
        {"<Envelope><Body><GetMyGames><username>&nbsp;</username></GetMyGames></Body></Envelope>",
         XFCC_XML_MALFORMED, "undefined entity"},
        {"<Envelope><Body><GetMyGames><username>&#0;</username></GetMyGames></Body></Envelope>",
         XFCC_XML_MALFORMED, "NUL reference"},
        {"<Envelope><Body><GetMyGames><username>&#xD800;</username></GetMyGames></Body></Envelope>",
         XFCC_XML_MALFORMED, "surrogate reference"},
        {"<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>"
         "<Envelope><Body><GetMyGames><username>&e;</username></GetMyGames></Body></Envelope>",
         XFCC_XML_UNSUPPORTED, "external entity"},
        {"<Body><GetMyGames/></Body>", XFCC_XML_MALFORMED, "no envelope"},
        {"<Envelope><Body></Body></Envelope>", XFCC_XML_MALFORMED, "no call"},
        {"<Envelope><Body><GetMyGames/><GetMyGames/></Body></Envelope>", XFCC_XML_MALFORMED,
         "two calls"},
        {"<Envelope><Body><DeleteAll/></Body></Envelope>", XFCC_XML_UNSUPPORTED, "unknown op"},
        {"<Envelope><Body><GetMyGames xmlns=\"urn:other\"/></Body></Envelope>",
         XFCC_XML_UNSUPPORTED, "foreign namespace"},
        {"<Envelope><Body><p:GetMyGames/></Body></Envelope>", XFCC_XML_MALFORMED,
         "undeclared prefix"},
        {"<Envelope><Body><GetMyGames><username><b>x</b></username></GetMyGames></Body></Envelope>",
         XFCC_XML_MALFORMED, "element in a parameter"},
        {"<Envelope><Body><GetMyGames><a>1</a><a>2</a></GetMyGames></Body></Envelope>",
         XFCC_XML_MALFORMED, "parameter twice"},
        /* a fuzz find: expat takes U+00BA as a name character in Latin-1 only */
        {"<Envelope><Body><GetMyGames><ns1\xBAmyMove/>\xFF</GetMyGames></Body></Envelope>",
         XFCC_XML_MALFORMED, "a Latin-1 name character"},
        {"<Envelope><Body><GetMyGames><n\xC3\xA6>1</n\xC3\xA6></GetMyGames></Body></Envelope>",
         XFCC_XML_MALFORMED, "a parameter name not ASCII"},
        {"<Envelope><Body><GetMyGames/></Body></Envelope><Envelope/>", XFCC_XML_MALFORMED,
         "two roots"},
        {"<Envelope a=1><Body><GetMyGames/></Body></Envelope>", XFCC_XML_MALFORMED,
         "unquoted attribute"},
        {"<Envelope><Body><GetMyGames><a:>1</a:></GetMyGames></Body></Envelope>",
         XFCC_XML_MALFORMED, "empty local name"},
        {"<Envelope><Body><GetMyGames xmlns:a='u'><a:b:c>1</a:b:c></GetMyGames></Body></Envelope>",
         XFCC_XML_MALFORMED, "two colons"},
        {"<Envelope xmlns:=''><Body><GetMyGames/></Body></Envelope>", XFCC_XML_MALFORMED,
         "empty prefix declared"},
        {"<Envelope\x01><Body><GetMyGames/></Body></Envelope>", XFCC_XML_MALFORMED,
         "control character in a tag"},
        {"<Envelope><!-- open", XFCC_XML_MALFORMED, "open comment"},
        {"<Envelope><Body><GetMyGames><username><![CDATA[x</username></GetMyGames></Body>"
         "</Envelope>",
         XFCC_XML_MALFORMED, "open CDATA"},
};

START_TEST(refuses_bad_input)
{
	struct xfcc_call c;
	char err[256];
	err[0] = '\0';
	int rc = parse(bad[_i].xml, NULL, &c, err);
	ck_assert_msg(rc == bad[_i].want, "%s: got %d (%s), want %d", bad[_i].why, rc, err,
	              bad[_i].want);
	ck_assert_msg(strlen(err) > 5, "%s: no sentence", bad[_i].why);
	ck_assert_int_eq(c.nparams, 0); /* nothing left to free */
}
END_TEST

START_TEST(refuses_nesting_and_sizes)
{
	struct xfcc_call c;
	char err[256];
	/* Deeper than XFCC_DEPTH inside the Header. */
	char deep[2048] = "<Envelope><Header>";
	for (int i = 0; i < XFCC_DEPTH; i++)
		strcat(deep, "<a>");
	strcat(deep, "x");
	ck_assert_int_eq(parse(deep, NULL, &c, err), XFCC_XML_TOO_BIG);
	/* A parameter longer than XFCC_VALUE_MAX. */
	size_t n = XFCC_VALUE_MAX + 200;
	char *big = malloc(n + 200);
	ck_assert_ptr_nonnull(big);
	strcpy(big, "<Envelope><Body><GetMyGames><username>");
	size_t l = strlen(big);
	memset(big + l, 'x', XFCC_VALUE_MAX + 1);
	strcpy(big + l + XFCC_VALUE_MAX + 1, "</username></GetMyGames></Body></Envelope>");
	ck_assert_int_eq(parse(big, NULL, &c, err), XFCC_XML_TOO_BIG);
	/* Exactly XFCC_VALUE_MAX is read. */
	strcpy(big + l + XFCC_VALUE_MAX, "</username></GetMyGames></Body></Envelope>");
	ck_assert_msg(parse(big, NULL, &c, err) == XFCC_XML_OK, "%s", err);
	ck_assert_uint_eq(strlen(xfcc_param(&c, "username")), XFCC_VALUE_MAX);
	xfcc_call_free(&c);
	free(big);
	ck_assert_int_eq(xfcc_parse("<x/>", XFCC_IN_MAX + 1, NULL, &c, err, sizeof err),
	                 XFCC_XML_TOO_BIG);
}
END_TEST

START_TEST(reads_booleans_and_numbers)
{
	static const char xml[] =
	        "<Envelope><Body><MakeAMove><a>1</a><b>true</b><c>False</c><d>yes</d><e>2</e>"
	        "<f>-3</f><g>12x</g><h>1234567890123456</h><i></i><j> 0 </j></MakeAMove></Body>"
	        "</Envelope>";
	struct xfcc_call c;
	char err[256];
	ck_assert_msg(parse(xml, NULL, &c, err) == XFCC_XML_OK, "%s", err);
	bool b;
	ck_assert_int_eq(xfcc_param_bool(&c, "a", &b), 0);
	ck_assert(b);
	ck_assert_int_eq(xfcc_param_bool(&c, "b", &b), 0);
	ck_assert(b);
	ck_assert_int_eq(xfcc_param_bool(&c, "c", &b), 0);
	ck_assert(!b);
	ck_assert_int_eq(xfcc_param_bool(&c, "d", &b), -1);
	ck_assert_int_eq(xfcc_param_bool(&c, "e", &b), -1);
	ck_assert_int_eq(xfcc_param_bool(&c, "i", &b), 1);
	ck_assert_int_eq(xfcc_param_bool(&c, "j", &b), 0);
	ck_assert(!b);
	int64_t n;
	ck_assert_int_eq(xfcc_param_int(&c, "f", &n), 0);
	ck_assert_int_eq(n, -3);
	ck_assert_int_eq(xfcc_param_int(&c, "g", &n), -1);
	ck_assert_int_eq(xfcc_param_int(&c, "h", &n), -1);
	ck_assert_int_eq(xfcc_param_int(&c, "i", &n), 1);
	xfcc_call_free(&c);
}
END_TEST

/* A writer's answer: not NULL, and *len is its length. */
static char *written(char *xml, const size_t *len)
{
	ck_assert_ptr_nonnull(xml);
	ck_assert_uint_eq(*len, strlen(xml));
	return xml;
}

/* What Scid's SOAPError does to a MakeAMove answer: everything up to the
 * last '">' after <MakeAMoveResponse goes (a greedy regex), so the
 * result element must follow the one double-quoted xmlns directly. */
START_TEST(writes_move_result_for_regex_clients)
{
	size_t len;
	char *xml = written(xfcc_write_move_result("NotYourTurn", &len), &len);
	ck_assert_ptr_nonnull(strstr(xml, "<MakeAMoveResponse xmlns=\"" XFCC_NS "\">"));
	const char *last = NULL;
	for (const char *p = strstr(xml, "<MakeAMoveResponse"); p && (p = strstr(p, "\">")); p++)
		last = p;
	ck_assert_ptr_nonnull(last);
	const char *rest = last + 2;
	while (*rest == '\n')
		rest++;
	ck_assert_msg(strncmp(rest, "<MakeAMoveResult>NotYourTurn</MakeAMoveResult>", 46) == 0,
	              "after the last '\">': %s", rest);
	ck_assert_ptr_null(strstr(xml, "<soap:MakeAMove"));
	free(xml);
}
END_TEST

START_TEST(writes_games)
{
	struct xfcc_game g = {
	        .id = 3,
	        .white = "Alice <A&B>",
	        .black = "Bj\xC3\xB8rn \"B\"",
	        .event = "DM 2027",
	        .event_date = "2027.09.01",
	        .time_control = "10/2592000",
	        .result = "Ongoing",
	        .my_turn = true,
	        .has_white = true,
	        .days_player = 30,
	        .days_opponent = 28,
	        .moves = "1. e4 e5",
	        .message = "bad \x01 byte \xFF",
	        .variant = "chess",
	};
	size_t len;
	char *xml = written(xfcc_write_games(&g, 1, &len), &len);
	TU_CONTAINS(xml, "<GetMyGamesResponse xmlns=\"" XFCC_NS "\">",
	            "<GetMyGamesResult>\n<XfccGame><id>3</id>",
	            "<white>Alice &lt;A&amp;B&gt;</white>",
	            "<black>Bj\xC3\xB8rn &quot;B&quot;</black>",
	            "<myTurn>true</myTurn><hasWhite>true</hasWhite>",
	            "<daysPlayer>30</daysPlayer><hoursPlayer>0</hoursPlayer>",
	            "<setup>false</setup><fen></fen>",
	            "<message>bad \xEF\xBF\xBD byte \xEF\xBF\xBD</message>");
	ck_assert_ptr_nonnull(strstr(xml, "<site></site>")); /* NULL is empty text */
	/* Issue 23: the fields in the order of ICCF's XfccBasic WSDL
	 * (docs/XFCC.md), round (corrchess's, which ICCF lacks) last; every
	 * one of them, each once, nothing else. */
	static const char *const order[] = {"id",
	                                    "white",
	                                    "black",
	                                    "event",
	                                    "site",
	                                    "myTurn",
	                                    "hasWhite",
	                                    "daysPlayer",
	                                    "hoursPlayer",
	                                    "minutesPlayer",
	                                    "daysOpponent",
	                                    "hoursOpponent",
	                                    "minutesOpponent",
	                                    "moves",
	                                    "drawOffered",
	                                    "message",
	                                    "serverInfo",
	                                    "gameLink",
	                                    "whiteElo",
	                                    "blackElo",
	                                    "timeControl",
	                                    "variant",
	                                    "eventDate",
	                                    "setup",
	                                    "fen",
	                                    "result",
	                                    "round",
	                                    NULL};
	const char *at = strstr(xml, "<XfccGame>") + strlen("<XfccGame>");
	for (int i = 0; order[i]; i++) {
		char tag[40];
		snprintf(tag, sizeof tag, "<%s>", order[i]);
		ck_assert_msg(strncmp(at, tag, strlen(tag)) == 0, "<%s> is not next: %.60s",
		              order[i], at);
		snprintf(tag, sizeof tag, "</%s>", order[i]);
		at = strstr(at, tag);
		ck_assert_ptr_nonnull(at);
		at += strlen(tag);
	}
	ck_assert_msg(strncmp(at, "</XfccGame>", 11) == 0, "after round: %.40s", at);
	/* The WSDL declares the same sequence. */
	char *wsdl = written(xfcc_write_wsdl("http://chess.example/xfcc", &len), &len);
	const char *seq = strstr(wsdl, "<s:complexType name=\"XfccGame\"><s:sequence>");
	ck_assert_ptr_nonnull(seq);
	const char *seq_end = strstr(seq, "</s:sequence>");
	for (int i = 0; order[i]; i++) {
		char decl[64];
		snprintf(decl, sizeof decl, "name=\"%s\"", order[i]);
		const char *p = strstr(seq, decl);
		ck_assert_msg(p && p < seq_end,
		              "the WSDL's XfccGame lacks %s or has it out of order", order[i]);
		seq = p;
	}
	free(wsdl);
	free(xml);
	/* No games: the result element is still written open and closed. */
	xml = xfcc_write_games(NULL, 0, &len);
	ck_assert_ptr_nonnull(strstr(xml, "<GetMyGamesResult>\n</GetMyGamesResult>"));
	ck_assert_ptr_null(strstr(xml, "<GetMyGamesResult/>"));
	free(xml);
}
END_TEST

/* Issue 23: the WSDL is well-formed XML (read here by expat, through the
 * reader's parse, which refuses it as not a SOAP Envelope, not as bad
 * XML), names its address escaped, and declares both operations with
 * their SOAPActions. */
START_TEST(writes_wsdl)
{
	size_t len;
	char *wsdl = written(xfcc_write_wsdl("https://chess.example/a&b/xfcc", &len), &len);
	struct xfcc_call c;
	char err[256];
	ck_assert_int_eq(xfcc_parse(wsdl, len, NULL, &c, err, sizeof err), XFCC_XML_MALFORMED);
	ck_assert_msg(strstr(err, "not a SOAP Envelope") != NULL, "%s", err);
	TU_CONTAINS(wsdl, "location=\"https://chess.example/a&amp;b/xfcc\"",
	            "soapAction=\"" XFCC_NS "/GetMyGames\"", "soapAction=\"" XFCC_NS "/MakeAMove\"",
	            "targetNamespace=\"" XFCC_NS "\"");
	/* MakeAMove's parameters in the order Scid sends them. */
	static const char *const params[] = {"username",   "password",  "gameId", "resign",
	                                     "acceptDraw", "movecount", "myMove", "offerDraw",
	                                     "claimDraw",  "myMessage", NULL};
	const char *at = strstr(wsdl, "<s:element name=\"MakeAMove\">");
	ck_assert_ptr_nonnull(at);
	for (int i = 0; params[i]; i++) {
		char decl[64];
		snprintf(decl, sizeof decl, "name=\"%s\"", params[i]);
		at = strstr(at, decl);
		ck_assert_msg(at != NULL, "MakeAMove's %s missing or out of order", params[i]);
	}
	free(wsdl);
}
END_TEST

START_TEST(writes_faults)
{
	size_t len;
	char *xml = xfcc_write_fault("Client", "AuthenticationFailed", &len);
	ck_assert_ptr_nonnull(strstr(xml, "<soap:Fault>\n<faultcode>soap:Client</faultcode>\n"
	                                  "<faultstring>AuthenticationFailed</faultstring>"));
	free(xml);
	xml = xfcc_write_fault("Server", "a <b>", &len);
	ck_assert_ptr_nonnull(strstr(xml, "<faultcode>soap:Server</faultcode>"));
	ck_assert_ptr_nonnull(strstr(xml, "<faultstring>a &lt;b&gt;</faultstring>"));
	free(xml);
	xml = xfcc_write_fault("VersionMismatch", "SOAP 1.1 only", &len);
	ck_assert_ptr_nonnull(strstr(xml, "<faultcode>soap:VersionMismatch</faultcode>"));
	free(xml);
	/* Issue 23: a SOAP 1.2 client gets a SOAP 1.2 VersionMismatch with the
	 * Upgrade header (SOAP 1.2 part 1, 5.4.7). */
	xml = written(xfcc_write_fault12("Version Mismatch <1.1>", &len), &len);
	TU_CONTAINS(xml, "<env:Envelope xmlns:env=\"" XFCC_SOAP12_NS "\">",
	            "<env:Upgrade>\n<env:SupportedEnvelope qname=\"ns1:Envelope\" "
	            "xmlns:ns1=\"" XFCC_SOAP_NS "\"/>",
	            "<env:Code><env:Value>env:VersionMismatch</env:Value>",
	            "<env:Text xml:lang=\"en\">Version Mismatch &lt;1.1&gt;");
	free(xml);
}
END_TEST

/* Issue 23: the envelope's namespace decides the SOAP version; the
 * refusals are whole sentences. */
START_TEST(reads_soap_versions)
{
	static const char soap12[] =
	        "<?xml version=\"1.0\"?><env:Envelope xmlns:env=\"" XFCC_SOAP12_NS "\">"
	        "<env:Body><GetMyGames xmlns=\"" XFCC_NS "\"><username>a</username></GetMyGames>"
	        "</env:Body></env:Envelope>";
	static const char other[] = "<e:Envelope xmlns:e=\"urn:soap-0.9\"><e:Body><GetMyGames/>"
	                            "</e:Body></e:Envelope>";
	static const char unknown_op[] = "<Envelope><Body><DeleteEverythingNow/></Body></Envelope>";
	struct xfcc_call c;
	char err[512];
	ck_assert_int_eq(parse(soap12, "application/soap+xml", &c, err), XFCC_XML_SOAP12);
	ck_assert_int_eq(c.nparams, 0);
	ck_assert_int_eq(parse(other, NULL, &c, err), XFCC_XML_VERSION);
	ck_assert_msg(strstr(err, "urn:soap-0.9") && strstr(err, XFCC_SOAP_NS), "%s", err);
	ck_assert_int_eq(xfcc_parse(unknown_op, strlen(unknown_op), NULL, &c, err, sizeof err),
	                 XFCC_XML_UNSUPPORTED);
	ck_assert_msg(strstr(err, "there is no operation \"DeleteEverythingNow\" here: the "
	                          "operations are GetMyGames and MakeAMove"),
	              "%s", err);
	/* The SOAP 1.1 namespace and none are both read. */
	ck_assert_int_eq(parse(scid_move, NULL, &c, err), XFCC_XML_OK);
	xfcc_call_free(&c);
}
END_TEST

START_TEST(escapes)
{
	char *e = xfcc_escape("a&b<c>d\"e'f\tg\n\xC3\xA6\x7F");
	ck_assert_str_eq(e, "a&amp;b&lt;c&gt;d&quot;e'f\tg\n\xC3\xA6\x7F");
	free(e);
	/* a fuzz find: a CR read from &#13; must be written so that it reads
	 * back as a CR, not as the LF a bare CR becomes (XML 2.11) */
	e = xfcc_escape("a\r\nb\rc");
	ck_assert_str_eq(e, "a&#13;\nb&#13;c");
	struct xfcc_call c;
	char err[256], doc[256];
	snprintf(doc, sizeof doc,
	         "<Envelope><Body><MakeAMove><m>%s</m></MakeAMove></Body></Envelope>", e);
	ck_assert_int_eq(xfcc_parse(doc, strlen(doc), NULL, &c, err, sizeof err), XFCC_XML_OK);
	ck_assert_str_eq(xfcc_param(&c, "m"), "a\r\nb\rc");
	xfcc_call_free(&c);
	free(e);
	e = xfcc_escape("\xED\xA0\x80x\x0B");
	ck_assert_str_eq(e, "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBDx\xEF\xBF\xBD");
	free(e);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("xfcc");
	TCase *t = tu_case(s, "reader", 0);
	TU_ADD(t, reads_scid_request, reads_prefixed_dialect, reads_get_my_games_without_namespace,
	       reads_latin1);
	tcase_add_loop_test(t, refuses_bad_input, 0, (int)(sizeof bad / sizeof bad[0]));
	TU_ADD(t, refuses_nesting_and_sizes, reads_booleans_and_numbers, reads_soap_versions);
	TU_ADD(tu_case(s, "writer", 0), writes_move_result_for_regex_clients, writes_games,
	       writes_wsdl, writes_faults, escapes);
	return tu_run(s);
}
