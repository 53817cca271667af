/* xfcc_xml.c: the tolerant SOAP reader, on expat, and the strict writer
 * of the Xfcc answers (see xfcc_xml.h for what each side accepts and
 * produces). */
#include "autoconfig.h"
#include "xfcc/xfcc_xml.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <expat.h>

#include "util/status.h"
#include "util/textbuf.h"
#include "util/utf8.h"

#define OUT_MAX (16u * 1024 * 1024) /* hard maximum of an answer */

/* ---- small helpers ---- */

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool is_name_char(unsigned char c)
{
	return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' || c == ':';
}

/* XML 1.0 section 2.2: the characters a document may contain. */
static bool xml_char(uint32_t c)
{
	return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
	       (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

/* ---- the growable output buffer ---- */

/* The answers are written into a struct textbuf (lib/util/textbuf.h). */
#define xbuf   textbuf
#define xb_add textbuf_put

static void xb_str(struct xbuf *b, const char *s)
{
	xb_add(b, s, strlen(s));
}

/* Appends text as XML character data (see xfcc_escape()). */
static void xb_text(struct xbuf *b, const char *s)
{
	static const char fffd[] = "\xEF\xBF\xBD";
	if (!s)
		return;
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s);
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t l = utf8_decode(u + i, n - i, &cp);
		if (l == 0) {
			xb_str(b, fffd);
			i++;
			continue;
		}
		if (!xml_char(cp))
			xb_str(b, fffd);
		else if (cp == '&')
			xb_str(b, "&amp;");
		else if (cp == '<')
			xb_str(b, "&lt;");
		else if (cp == '>')
			xb_str(b, "&gt;");
		else if (cp == '"')
			xb_str(b, "&quot;");
		else if (cp == '\r')
			xb_str(b, "&#13;"); /* XML 2.11 would read a bare CR as a LF */
		else
			xb_add(b, s + i, l);
		i += l;
	}
}

static char *xb_take(struct xbuf *b, size_t *len)
{
	if (b->full || !b->p) {
		free(b->p);
		return NULL;
	}
	if (len)
		*len = b->len;
	return b->p;
}

char *xfcc_escape(const char *text)
{
	struct xbuf b = {.max = OUT_MAX};
	xb_add(&b, "", 0);
	xb_text(&b, text);
	return xb_take(&b, NULL);
}

/* ---- reading: the input encoding ---- */

/* The charset a label names (up to a quote, ';', blank or end), as expat
 * calls it; NULL for one that is not read here.  US-ASCII is read as
 * ISO-8859-1, its superset, so that a stray 8-bit byte is no error. */
static const char *charset_named(const char *s, size_t n)
{
	static const struct {
		const char *label, *expat;
	} names[] = {{"utf-8", "UTF-8"},           {"utf8", "UTF-8"},
	             {"iso-8859-1", "ISO-8859-1"}, {"iso8859-1", "ISO-8859-1"},
	             {"iso_8859-1", "ISO-8859-1"}, {"latin1", "ISO-8859-1"},
	             {"latin-1", "ISO-8859-1"},    {"us-ascii", "ISO-8859-1"},
	             {"ascii", "ISO-8859-1"}};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strlen(names[i].label) == n && strncasecmp(names[i].label, s, n) == 0)
			return names[i].expat;
	return NULL;
}

/* Finds key=value (value quoted with ' or " or bare) in a Content-Type
 * header; the value's start and length, or false when key is absent. */
static bool find_param(const char *text, size_t n, const char *key, const char **val, size_t *vlen)
{
	size_t kl = strlen(key);
	for (size_t i = 0; i + kl <= n; i++) {
		if (strncasecmp(text + i, key, kl) != 0 ||
		    (i > 0 && is_name_char((unsigned char)text[i - 1])))
			continue;
		size_t j = i + kl;
		while (j < n && is_space(text[j]))
			j++;
		if (j >= n || text[j] != '=')
			continue;
		j++;
		while (j < n && is_space(text[j]))
			j++;
		char q = j < n && (text[j] == '"' || text[j] == '\'') ? text[j] : 0;
		if (q)
			j++;
		size_t k = j;
		while (k < n && (q ? text[k] != q : !(is_space(text[k]) || text[k] == ';')))
			k++;
		*val = text + j;
		*vlen = k - j;
		return true;
	}
	return false;
}

/* True when the n bytes at s are UTF-8. */
static bool valid_utf8(const char *s, size_t n)
{
	uint32_t cp;
	for (size_t k = 0; k < n;) {
		size_t l = utf8_decode((const unsigned char *)s + k, n - k, &cp);
		if (l == 0)
			return false;
		k += l;
	}
	return true;
}

/* A byte XML 1.0 never allows (2.2: the C0 controls but tab, line feed and
 * carriage return); the same byte in every charset read here. */
static bool control_byte(unsigned char c)
{
	return c < 0x20 && c != '\t' && c != '\n' && c != '\r';
}

/* The body with each control byte replaced by the character reference
 * &#xFFFD; (clients put such bytes in messages; markup that holds one
 * stays malformed): new text in *out and its length, or NULL in *out
 * when there is none to replace.  -1 when out of memory. */
static int without_controls(const char *in, size_t n, char **out, size_t *outlen)
{
	static const char ref[] = "&#xFFFD;";
	size_t count = 0;
	*out = NULL;
	for (size_t k = 0; k < n; k++)
		count += control_byte((unsigned char)in[k]);
	if (count == 0)
		return 0;
	char *o = malloc(n + count * (sizeof ref - 2) + 1);
	if (!o)
		return -1;
	size_t w = 0;
	for (size_t k = 0; k < n; k++) {
		if (control_byte((unsigned char)in[k])) {
			memcpy(o + w, ref, sizeof ref - 1);
			w += sizeof ref - 1;
		} else {
			o[w++] = in[k];
		}
	}
	o[w] = '\0';
	*out = o;
	*outlen = w;
	return 0;
}

/* ---- reading: the SOAP call, on expat ---- */

#define NS_SEP '\x01' /* expat's separator of namespace and local name */

/* The state of one parse.  Expat checks the XML (tokens, entities,
 * references, namespaces, the encodings); the handlers below check the
 * SOAP structure and collect the call. */
struct reader {
	XML_Parser xp;
	struct xfcc_call *call;
	int depth;         /* elements open */
	bool body_seen;    /* a Body came at depth 2 */
	bool in_body;      /* inside it */
	bool op_done;      /* the operation element was closed */
	int op_depth;      /* depth of the operation element, 0 when none */
	int param;         /* index of the parameter being read, -1 */
	struct xbuf value; /* the text of that parameter */
	int status;        /* the first refusal of a handler, 0 = none */
	char declared[64]; /* the XML declaration's encoding, "" = none */
	char unknown[64];  /* an encoding expat does not know, "" = none */
	char *err;
	size_t errlen;
};

/* Refuses the document from a handler: keeps the first status and its
 * sentence and stops expat. */
static void refuse(struct reader *r, int status, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
static void refuse(struct reader *r, int status, const char *fmt, ...)
{
	if (r->status)
		return;
	r->status = status;
	if (r->err && r->errlen) {
		char what[320];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(what, sizeof what, fmt, ap);
		va_end(ap);
		snprintf(r->err, r->errlen, "%s (line %lu)", what,
		         (unsigned long)XML_GetCurrentLineNumber(r->xp));
	}
	XML_StopParser(r->xp, XML_FALSE);
}

/* The local name of an expat name ("uri\1local" or "local"), and its
 * namespace in uri (up to ulen bytes; "" for none). */
static const char *split_name(const XML_Char *name, const char **uri, size_t *ulen)
{
	const char *sep = strrchr(name, NS_SEP);
	*uri = sep ? name : "";
	*ulen = sep ? (size_t)(sep - name) : 0;
	return sep ? sep + 1 : name;
}

static bool uri_is(const char *uri, size_t ulen, const char *want)
{
	return ulen == strlen(want) && memcmp(uri, want, ulen) == 0;
}

static void XMLCALL on_start(void *ud, const XML_Char *name, const XML_Char **atts)
{
	(void)atts; /* xsi:type and the like are not used */
	struct reader *r = ud;
	const char *uri;
	size_t ulen;
	const char *local = split_name(name, &uri, &ulen);
	int d = ++r->depth; /* 1 = the root */
	if (d > XFCC_DEPTH) {
		refuse(r, XFCC_XML_TOO_BIG, "elements nested deeper than %d", XFCC_DEPTH);
		return;
	}
	if (d == 1) {
		if (strcmp(local, "Envelope") != 0)
			refuse(r, XFCC_XML_MALFORMED, "the document is not a SOAP Envelope");
		else if (uri_is(uri, ulen, XFCC_SOAP12_NS))
			refuse(r, XFCC_XML_SOAP12, "this is a SOAP 1.2 envelope: Xfcc is SOAP 1.1");
		else if (ulen > 0 && !uri_is(uri, ulen, XFCC_SOAP_NS))
			refuse(r, XFCC_XML_VERSION,
			       "the Envelope is in the namespace \"%.*s\": this server speaks "
			       "SOAP 1.1, whose namespace is %s",
			       (int)(ulen > 100 ? 100 : ulen), uri, XFCC_SOAP_NS);
		return;
	}
	if (d == 2 && strcmp(local, "Body") == 0) {
		if (r->body_seen)
			refuse(r, XFCC_XML_MALFORMED, "the Envelope has two Bodies");
		r->body_seen = r->in_body = true;
		return;
	}
	if (d == 3 && r->in_body) {
		struct xfcc_call *c = r->call;
		if (r->op_done || r->op_depth) {
			refuse(r, XFCC_XML_MALFORMED, "the Body holds more than one call");
			return;
		}
		snprintf(c->op_name, sizeof c->op_name, "%s", local);
		if (strcmp(local, "GetMyGames") == 0) {
			c->op = XFCC_OP_GET_MY_GAMES;
		} else if (strcmp(local, "MakeAMove") == 0) {
			c->op = XFCC_OP_MAKE_A_MOVE;
		} else {
			refuse(r, XFCC_XML_UNSUPPORTED,
			       "there is no operation \"%.100s\" here: the operations are "
			       "GetMyGames "
			       "and MakeAMove",
			       local);
			return;
		}
		if (ulen > 0 && !uri_is(uri, ulen, XFCC_NS)) {
			refuse(r, XFCC_XML_UNSUPPORTED,
			       "%s is in the namespace \"%.*s\", not in Xfcc's, %s", local,
			       (int)(ulen > 100 ? 100 : ulen), uri, XFCC_NS);
			return;
		}
		r->op_depth = d;
		return;
	}
	if (r->op_depth && d == r->op_depth + 1) {
		struct xfcc_call *c = r->call;
		if (strlen(local) >= XFCC_NAME_MAX) {
			refuse(r, XFCC_XML_MALFORMED, "a parameter name is longer than %d bytes",
			       XFCC_NAME_MAX - 1);
			return;
		}
		/* Xfcc's parameters have ASCII names; expat takes more as name
		 * characters from Latin-1 than from UTF-8 (0xBA), so another name
		 * could not even be written back. */
		if (strspn(local,
		           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") !=
		    strlen(local)) {
			refuse(r, XFCC_XML_MALFORMED,
			       "a parameter name is ASCII letters, digits, '_', '-' and '.' only");
			return;
		}
		for (int k = 0; k < c->nparams; k++)
			if (strcasecmp(c->params[k].name, local) == 0) {
				refuse(r, XFCC_XML_MALFORMED, "the parameter %s is given twice",
				       local);
				return;
			}
		if (c->nparams >= XFCC_PARAMS) {
			refuse(r, XFCC_XML_TOO_BIG, "a call has at most %d parameters",
			       XFCC_PARAMS);
			return;
		}
		snprintf(c->params[c->nparams].name, XFCC_NAME_MAX, "%s", local);
		r->param = c->nparams++;
		free(r->value.p);
		memset(&r->value, 0, sizeof r->value);
		r->value.max = XFCC_VALUE_MAX + 1;
		xb_add(&r->value, "", 0);
		return;
	}
	if (r->op_depth && d > r->op_depth + 1)
		refuse(r, XFCC_XML_MALFORMED, "the parameter %s holds elements instead of text",
		       r->param >= 0 ? r->call->params[r->param].name : "?");
}

static void XMLCALL on_end(void *ud, const XML_Char *name)
{
	(void)name; /* expat has matched it with its start tag */
	struct reader *r = ud;
	int d = r->depth--;
	if (r->op_depth && d == r->op_depth + 1 && r->param >= 0) {
		char *v = xb_take(&r->value, NULL);
		memset(&r->value, 0, sizeof r->value);
		if (!v) {
			refuse(r, XFCC_XML_NOMEM, "out of memory");
			return;
		}
		r->call->params[r->param].value = v;
		r->param = -1;
	} else if (r->op_depth && d == r->op_depth) {
		r->op_depth = 0;
		r->op_done = true;
	} else if (d == 2) {
		r->in_body = false;
	}
}

/* Text (character references and CDATA sections decoded by expat): the
 * value of the open parameter; other text (blanks between tags) goes. */
static void XMLCALL on_text(void *ud, const XML_Char *s, int len)
{
	struct reader *r = ud;
	if (r->param < 0 || !r->op_depth || r->depth != r->op_depth + 1)
		return;
	xb_add(&r->value, s, (size_t)len);
	if (r->value.full)
		refuse(r, XFCC_XML_TOO_BIG, "the parameter %s is longer than %d bytes",
		       r->call->params[r->param].name, XFCC_VALUE_MAX);
}

/* No DTD is read: no entity can be defined, nothing external fetched. */
static void XMLCALL on_doctype(void *ud, const XML_Char *name, const XML_Char *sysid,
                               const XML_Char *pubid, int has_internal_subset)
{
	(void)name, (void)sysid, (void)pubid, (void)has_internal_subset;
	refuse(ud, XFCC_XML_UNSUPPORTED,
	       "a document type declaration is not accepted (no DTDs, no entities)");
}

static void XMLCALL on_xml_decl(void *ud, const XML_Char *version, const XML_Char *encoding,
                                int standalone)
{
	(void)version, (void)standalone;
	struct reader *r = ud;
	snprintf(r->declared, sizeof r->declared, "%s", encoding ? encoding : "");
}

/* Expat reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII itself; any other
 * encoding a declaration names comes here and is refused. */
static int XMLCALL on_unknown_encoding(void *ud, const XML_Char *name, XML_Encoding *info)
{
	(void)info;
	struct reader *r = ud;
	snprintf(r->unknown, sizeof r->unknown, "%s", name);
	return XML_STATUS_ERROR;
}

/* One parse of the n bytes at s, read in the encoding enc (NULL: as the
 * document says, UTF-8 without a declaration); 0 or a status with err. */
static int parse_once(const char *s, size_t n, const char *enc, struct reader *r)
{
	struct xfcc_call *call = r->call;
	memset(call, 0, sizeof *call);
	r->xp = XML_ParserCreateNS(enc, NS_SEP);
	if (!r->xp)
		return cc_fail(XFCC_XML_NOMEM, r->err, r->errlen, "out of memory");
	XML_SetUserData(r->xp, r);
	XML_SetElementHandler(r->xp, on_start, on_end);
	XML_SetCharacterDataHandler(r->xp, on_text);
	XML_SetStartDoctypeDeclHandler(r->xp, on_doctype);
	XML_SetXmlDeclHandler(r->xp, on_xml_decl);
	XML_SetUnknownEncodingHandler(r->xp, on_unknown_encoding, r);
	XML_SetParamEntityParsing(r->xp, XML_PARAM_ENTITY_PARSING_NEVER);
	enum XML_Status st = XML_Parse(r->xp, s, (int)n, XML_TRUE);
	int rc = XFCC_XML_OK;
	if (r->status) {
		rc = r->status;
	} else if (st != XML_STATUS_OK) {
		enum XML_Error e = XML_GetErrorCode(r->xp);
		if (e == XML_ERROR_NO_MEMORY)
			rc = cc_fail(XFCC_XML_NOMEM, r->err, r->errlen, "out of memory");
		else if (e == XML_ERROR_UNKNOWN_ENCODING || r->unknown[0])
			rc = cc_fail(XFCC_XML_UNSUPPORTED, r->err, r->errlen,
			             "the encoding \"%.40s\" is not read here: send UTF-8 (or "
			             "ISO-8859-1)",
			             r->unknown[0] ? r->unknown : "?");
		else
			rc = cc_fail(XFCC_XML_MALFORMED, r->err, r->errlen,
			             "not well-formed XML: %s (line %lu, column %lu)",
			             XML_ErrorString(e),
			             (unsigned long)XML_GetCurrentLineNumber(r->xp),
			             (unsigned long)XML_GetCurrentColumnNumber(r->xp) + 1);
	} else if (call->op == XFCC_OP_NONE) {
		rc = cc_fail(XFCC_XML_MALFORMED, r->err, r->errlen,
		             "the SOAP Body holds no call (GetMyGames or MakeAMove)");
	}
	XML_ParserFree(r->xp);
	r->xp = NULL;
	free(r->value.p);
	memset(&r->value, 0, sizeof r->value);
	if (rc != XFCC_XML_OK)
		xfcc_call_free(call);
	return rc;
}

void xfcc_call_free(struct xfcc_call *call)
{
	if (!call)
		return;
	for (int k = 0; k < call->nparams && k < XFCC_PARAMS; k++)
		free(call->params[k].value);
	memset(call, 0, sizeof *call);
}

int xfcc_parse(const char *body, size_t len, const char *content_type, struct xfcc_call *call,
               char *err, size_t errlen)
{
	memset(call, 0, sizeof *call);
	if (len > XFCC_IN_MAX)
		return cc_fail(XFCC_XML_TOO_BIG, err, errlen, "requests are limited to %d bytes",
		               XFCC_IN_MAX);
	if (len == 0)
		return cc_fail(XFCC_XML_MALFORMED, err, errlen, "the request has no body");
	if (len >= 2 && (memcmp(body, "\xFE\xFF", 2) == 0 || memcmp(body, "\xFF\xFE", 2) == 0 ||
	                 body[0] == '\0' || body[1] == '\0'))
		return cc_fail(XFCC_XML_UNSUPPORTED, err, errlen,
		               "UTF-16 is not read here: send UTF-8 (or ISO-8859-1)");
	/* RFC 7303 8.1: the Content-Type's charset before the declaration's. */
	const char *label = NULL, *v;
	size_t vl;
	if (content_type && find_param(content_type, strlen(content_type), "charset", &v, &vl)) {
		label = charset_named(v, vl);
		if (!label)
			return cc_fail(
			        XFCC_XML_UNSUPPORTED, err, errlen,
			        "the charset \"%.*s\" is not read here: send UTF-8 (or ISO-8859-1)",
			        (int)(vl > 40 ? 40 : vl), v);
	}
	char *clean = NULL;
	if (without_controls(body, len, &clean, &len) != 0)
		return cc_fail(XFCC_XML_NOMEM, err, errlen, "out of memory");
	const char *s = clean ? clean : body;
	/* A body labelled (or taken as) UTF-8 that is not UTF-8 is read as
	 * ISO-8859-1: Tcl's http package (Scid) sends the bytes of its string
	 * as they are, whatever charset it names, so a Danish "æøå" arrives
	 * as Latin-1. */
	bool utf8 = valid_utf8(s, len);
	if (label && strcmp(label, "UTF-8") == 0 && !utf8)
		label = "ISO-8859-1";
	struct reader r;
	memset(&r, 0, sizeof r);
	r.call = call;
	r.param = -1;
	r.err = err;
	r.errlen = errlen;
	int rc = parse_once(s, len, label, &r);
	bool says_utf8 = !r.declared[0] || strcasecmp(r.declared, "utf-8") == 0 ||
	                 strcasecmp(r.declared, "utf8") == 0;
	if (rc != XFCC_XML_OK && !label && !utf8 && says_utf8) {
		/* The same quirk when the declaration says UTF-8, or nothing. */
		memset(&r, 0, sizeof r);
		r.call = call;
		r.param = -1;
		r.err = err;
		r.errlen = errlen;
		rc = parse_once(s, len, "ISO-8859-1", &r);
	}
	if (rc == XFCC_XML_OK && err && errlen)
		err[0] = '\0'; /* a first reading's complaint is void */
	free(clean);
	return rc;
}

/* ---- parameters ---- */

const char *xfcc_param(const struct xfcc_call *call, const char *name)
{
	for (int k = 0; k < call->nparams; k++)
		if (strcasecmp(call->params[k].name, name) == 0)
			return call->params[k].value ? call->params[k].value : "";
	return NULL;
}

/* The parameter without blanks around it, in buf; NULL when absent. */
static const char *trimmed(const struct xfcc_call *call, const char *name, char *buf, size_t size)
{
	const char *v = xfcc_param(call, name);
	if (!v)
		return NULL;
	while (is_space(*v))
		v++;
	size_t l = strlen(v);
	while (l > 0 && is_space(v[l - 1]))
		l--;
	if (l >= size)
		l = size - 1; /* too long to be valid anyway */
	memcpy(buf, v, l);
	buf[l] = '\0';
	return buf;
}

int xfcc_param_bool(const struct xfcc_call *call, const char *name, bool *out)
{
	char buf[16];
	const char *v = trimmed(call, name, buf, sizeof buf);
	*out = false;
	if (!v || !*v)
		return 1;
	if (strcmp(v, "1") == 0 || strcasecmp(v, "true") == 0) {
		*out = true;
		return 0;
	}
	if (strcmp(v, "0") == 0 || strcasecmp(v, "false") == 0)
		return 0;
	return -1;
}

int xfcc_param_int(const struct xfcc_call *call, const char *name, int64_t *out)
{
	char buf[24];
	const char *v = trimmed(call, name, buf, sizeof buf);
	*out = 0;
	if (!v || !*v)
		return 1;
	const char *s = v;
	bool neg = *s == '-';
	if (*s == '-' || *s == '+')
		s++;
	if (!*s || strlen(s) > 15)
		return -1;
	int64_t n = 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		n = n * 10 + (*s - '0');
	}
	*out = neg ? -n : n;
	return 0;
}

/* ---- writing ---- */

static void envelope_start(struct xbuf *b)
{
	xb_str(b, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	          "<soap:Envelope xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
	          "xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" "
	          "xmlns:soap=\"" XFCC_SOAP_NS "\">\n<soap:Body>\n");
}

static void envelope_end(struct xbuf *b)
{
	xb_str(b, "</soap:Body>\n</soap:Envelope>\n");
}

static void el_text(struct xbuf *b, const char *name, const char *text)
{
	xb_str(b, "<");
	xb_str(b, name);
	xb_str(b, ">");
	xb_text(b, text ? text : "");
	xb_str(b, "</");
	xb_str(b, name);
	xb_str(b, ">");
}

static void el_int(struct xbuf *b, const char *name, long long v)
{
	char num[24];
	snprintf(num, sizeof num, "%lld", v);
	el_text(b, name, num);
}

static void el_bool(struct xbuf *b, const char *name, bool v)
{
	el_text(b, name, v ? "true" : "false");
}

char *xfcc_write_games(const struct xfcc_game *games, size_t n, size_t *len)
{
	struct xbuf b = {.max = OUT_MAX};
	envelope_start(&b);
	xb_str(&b, "<GetMyGamesResponse xmlns=\"" XFCC_NS "\">\n<GetMyGamesResult>\n");
	for (size_t k = 0; k < n; k++) {
		const struct xfcc_game *g = &games[k];
		/* ICCF's order (xfcc_xml.h, docs/XFCC.md); the WSDL below
		 * declares the same sequence. */
		xb_str(&b, "<XfccGame>");
		el_int(&b, "id", g->id);
		el_text(&b, "white", g->white);
		el_text(&b, "black", g->black);
		el_text(&b, "event", g->event);
		el_text(&b, "site", g->site);
		el_bool(&b, "myTurn", g->my_turn);
		el_bool(&b, "hasWhite", g->has_white);
		el_int(&b, "daysPlayer", g->days_player);
		el_int(&b, "hoursPlayer", g->hours_player);
		el_int(&b, "minutesPlayer", g->minutes_player);
		el_int(&b, "daysOpponent", g->days_opponent);
		el_int(&b, "hoursOpponent", g->hours_opponent);
		el_int(&b, "minutesOpponent", g->minutes_opponent);
		el_text(&b, "moves", g->moves);
		el_bool(&b, "drawOffered", g->draw_offered);
		el_text(&b, "message", g->message);
		el_text(&b, "serverInfo", g->server_info);
		el_text(&b, "gameLink", g->game_link);
		el_int(&b, "whiteElo", g->white_elo);
		el_int(&b, "blackElo", g->black_elo);
		el_text(&b, "timeControl", g->time_control);
		el_text(&b, "variant", g->variant);
		el_text(&b, "eventDate", g->event_date);
		el_bool(&b, "setup", g->setup);
		el_text(&b, "fen", g->fen);
		el_text(&b, "result", g->result);
		el_text(&b, "round", g->round);
		xb_str(&b, "</XfccGame>\n");
	}
	xb_str(&b, "</GetMyGamesResult>\n</GetMyGamesResponse>\n");
	envelope_end(&b);
	return xb_take(&b, len);
}

char *xfcc_write_move_result(const char *code, size_t *len)
{
	struct xbuf b = {.max = OUT_MAX};
	envelope_start(&b);
	xb_str(&b, "<MakeAMoveResponse xmlns=\"" XFCC_NS "\">\n");
	el_text(&b, "MakeAMoveResult", code);
	xb_str(&b, "\n</MakeAMoveResponse>\n");
	envelope_end(&b);
	return xb_take(&b, len);
}

char *xfcc_write_fault(const char *faultcode, const char *faultstring, size_t *len)
{
	struct xbuf b = {.max = OUT_MAX};
	char code[32];
	snprintf(code, sizeof code, "soap:%s",
	         strcmp(faultcode, "Server") == 0            ? "Server"
	         : strcmp(faultcode, "VersionMismatch") == 0 ? "VersionMismatch"
	                                                     : "Client");
	envelope_start(&b);
	xb_str(&b, "<soap:Fault>\n");
	el_text(&b, "faultcode", code);
	xb_str(&b, "\n");
	el_text(&b, "faultstring", faultstring);
	xb_str(&b, "\n</soap:Fault>\n");
	envelope_end(&b);
	return xb_take(&b, len);
}

char *xfcc_write_fault12(const char *reason, size_t *len)
{
	struct xbuf b = {.max = OUT_MAX};
	xb_str(&b,
	       "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	       "<env:Envelope xmlns:env=\"" XFCC_SOAP12_NS "\">\n"
	       "<env:Header>\n<env:Upgrade>\n"
	       "<env:SupportedEnvelope qname=\"ns1:Envelope\" xmlns:ns1=\"" XFCC_SOAP_NS "\"/>\n"
	       "</env:Upgrade>\n</env:Header>\n<env:Body>\n<env:Fault>\n"
	       "<env:Code><env:Value>env:VersionMismatch</env:Value></env:Code>\n"
	       "<env:Reason><env:Text xml:lang=\"en\">");
	xb_text(&b, reason);
	xb_str(&b, "</env:Text></env:Reason>\n</env:Fault>\n</env:Body>\n</env:Envelope>\n");
	return xb_take(&b, len);
}

/* ---- the WSDL ---- */

/* An element of a sequence: value types are always written (minOccurs
 * 1), strings may be absent. */
static void wsdl_el(struct xbuf *b, const char *name, const char *type)
{
	bool value = strcmp(type, "s:string") != 0;
	xb_str(b, "<s:element minOccurs=\"");
	xb_str(b, value ? "1" : "0");
	xb_str(b, "\" maxOccurs=\"1\" name=\"");
	xb_str(b, name);
	xb_str(b, "\" type=\"");
	xb_str(b, type);
	xb_str(b, "\"/>\n");
}

static void wsdl_enum(struct xbuf *b, const char *name, const char *const *values)
{
	xb_str(b, "<s:simpleType name=\"");
	xb_str(b, name);
	xb_str(b, "\"><s:restriction base=\"s:string\">\n");
	for (; *values; values++) {
		xb_str(b, "<s:enumeration value=\"");
		xb_str(b, *values);
		xb_str(b, "\"/>\n");
	}
	xb_str(b, "</s:restriction></s:simpleType>\n");
}

/* An operation's message, portType and binding parts, by kind 0..2. */
static void wsdl_op(struct xbuf *b, int kind, const char *op)
{
	static const char *const open[] = {"<wsdl:message name=\"", "<wsdl:operation name=\"",
	                                   "<wsdl:operation name=\""};
	if (kind == 0) {
		for (int k = 0; k < 2; k++) {
			xb_str(b, open[0]);
			xb_str(b, op);
			xb_str(b, k ? "SoapOut\"><wsdl:part name=\"parameters\" element=\"tns:"
			            : "SoapIn\"><wsdl:part name=\"parameters\" element=\"tns:");
			xb_str(b, op);
			xb_str(b, k ? "Response\"/></wsdl:message>\n" : "\"/></wsdl:message>\n");
		}
		return;
	}
	xb_str(b, open[kind]);
	xb_str(b, op);
	if (kind == 1) {
		xb_str(b, "\"><wsdl:input message=\"tns:");
		xb_str(b, op);
		xb_str(b, "SoapIn\"/><wsdl:output message=\"tns:");
		xb_str(b, op);
		xb_str(b, "SoapOut\"/></wsdl:operation>\n");
		return;
	}
	xb_str(b, "\"><soap:operation soapAction=\"" XFCC_NS "/");
	xb_str(b, op);
	xb_str(b, "\" style=\"document\"/>"
	          "<wsdl:input><soap:body use=\"literal\"/></wsdl:input>"
	          "<wsdl:output><soap:body use=\"literal\"/></wsdl:output></wsdl:operation>\n");
}

char *xfcc_write_wsdl(const char *location, size_t *len)
{
	/* The XfccGame sequence, as xfcc_write_games() writes it. */
	static const char *const game[][2] = {
	        {"id", "s:int"},
	        {"white", "s:string"},
	        {"black", "s:string"},
	        {"event", "s:string"},
	        {"site", "s:string"},
	        {"myTurn", "s:boolean"},
	        {"hasWhite", "s:boolean"},
	        {"daysPlayer", "s:int"},
	        {"hoursPlayer", "s:int"},
	        {"minutesPlayer", "s:int"},
	        {"daysOpponent", "s:int"},
	        {"hoursOpponent", "s:int"},
	        {"minutesOpponent", "s:int"},
	        {"moves", "s:string"},
	        {"drawOffered", "s:boolean"},
	        {"message", "s:string"},
	        {"serverInfo", "s:string"},
	        {"gameLink", "s:string"},
	        {"whiteElo", "s:int"},
	        {"blackElo", "s:int"},
	        {"timeControl", "s:string"},
	        {"variant", "s:string"},
	        {"eventDate", "s:string"},
	        {"setup", "s:boolean"},
	        {"fen", "s:string"},
	        {"result", "tns:Result"},
	        {"round", "s:string"},
	};
	static const char *const move[][2] = {
	        {"username", "s:string"},  {"password", "s:string"},    {"gameId", "s:int"},
	        {"resign", "s:boolean"},   {"acceptDraw", "s:boolean"}, {"movecount", "s:int"},
	        {"myMove", "s:string"},    {"offerDraw", "s:boolean"},  {"claimDraw", "s:boolean"},
	        {"myMessage", "s:string"},
	};
	static const char *const results[] = {"Ongoing",
	                                      "WhiteWins",
	                                      "BlackWins",
	                                      "Draw",
	                                      "WhiteWinAdjudicated",
	                                      "BlackWinAdjudicated",
	                                      "DrawAdjudicated",
	                                      "WhiteDefaulted",
	                                      "BlackDefaulted",
	                                      "BothDefaulted",
	                                      "Cancelled",
	                                      "AdjudicationPending",
	                                      NULL};
	static const char *const codes[] = {"Success",
	                                    "ServerError",
	                                    "AuthenticationFailed",
	                                    "InvalidGameID",
	                                    "NotYourGame",
	                                    "NotYourTurn",
	                                    "InvalidMoveNumber",
	                                    "InvalidMove",
	                                    "NoDrawWasOffered",
	                                    "LostOnTime",
	                                    "YouAreOnLeave",
	                                    "MoveIsAmbigous",
	                                    "FeatureUnavailable",
	                                    "Cancelled",
	                                    "AdjudicationPending",
	                                    NULL};
	static const char *const ops[] = {"GetMyGames", "MakeAMove"};
	struct xbuf b = {.max = OUT_MAX};
	xb_str(&b, "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
	           "<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\" "
	           "xmlns:soap=\"http://schemas.xmlsoap.org/wsdl/soap/\" "
	           "xmlns:s=\"http://www.w3.org/2001/XMLSchema\" xmlns:tns=\"" XFCC_NS "\" "
	           "targetNamespace=\"" XFCC_NS "\">\n"
	           "<wsdl:documentation>Xfcc (XfccBasic) on corrchess: docs/XFCC.md"
	           "</wsdl:documentation>\n<wsdl:types>\n"
	           "<s:schema elementFormDefault=\"qualified\" targetNamespace=\"" XFCC_NS "\">\n"
	           "<s:element name=\"GetMyGames\"><s:complexType><s:sequence>\n");
	for (int i = 0; i < 2; i++)
		wsdl_el(&b, move[i][0], move[i][1]);
	xb_str(&b, "</s:sequence></s:complexType></s:element>\n"
	           "<s:element name=\"GetMyGamesResponse\"><s:complexType><s:sequence>\n");
	wsdl_el(&b, "GetMyGamesResult", "tns:ArrayOfXfccGame");
	xb_str(&b, "</s:sequence></s:complexType></s:element>\n"
	           "<s:complexType name=\"ArrayOfXfccGame\"><s:sequence>\n"
	           "<s:element minOccurs=\"0\" maxOccurs=\"unbounded\" name=\"XfccGame\" "
	           "type=\"tns:XfccGame\"/>\n</s:sequence></s:complexType>\n"
	           "<s:complexType name=\"XfccGame\"><s:sequence>\n");
	for (size_t i = 0; i < sizeof game / sizeof game[0]; i++)
		wsdl_el(&b, game[i][0], game[i][1]);
	xb_str(&b, "</s:sequence></s:complexType>\n");
	wsdl_enum(&b, "Result", results);
	xb_str(&b, "<s:element name=\"MakeAMove\"><s:complexType><s:sequence>\n");
	for (size_t i = 0; i < sizeof move / sizeof move[0]; i++)
		wsdl_el(&b, move[i][0], move[i][1]);
	xb_str(&b, "</s:sequence></s:complexType></s:element>\n"
	           "<s:element name=\"MakeAMoveResponse\"><s:complexType><s:sequence>\n");
	wsdl_el(&b, "MakeAMoveResult", "tns:MakeAMoveResult");
	xb_str(&b, "</s:sequence></s:complexType></s:element>\n");
	wsdl_enum(&b, "MakeAMoveResult", codes);
	xb_str(&b, "</s:schema>\n</wsdl:types>\n");
	for (int kind = 0; kind < 3; kind++) {
		if (kind == 1)
			xb_str(&b, "<wsdl:portType name=\"XfccBasicSoap\">\n");
		if (kind == 2)
			xb_str(&b,
			       "<wsdl:binding name=\"XfccBasicSoap\" type=\"tns:XfccBasicSoap\">"
			       "<soap:binding "
			       "transport=\"http://schemas.xmlsoap.org/soap/http\"/>\n");
		for (int i = 0; i < 2; i++)
			wsdl_op(&b, kind, ops[i]);
		if (kind == 1)
			xb_str(&b, "</wsdl:portType>\n");
		if (kind == 2)
			xb_str(&b, "</wsdl:binding>\n");
	}
	xb_str(&b, "<wsdl:service name=\"XfccBasic\"><wsdl:port name=\"XfccBasicSoap\" "
	           "binding=\"tns:XfccBasicSoap\"><soap:address location=\"");
	xb_text(&b, location);
	xb_str(&b, "\"/></wsdl:port></wsdl:service>\n</wsdl:definitions>\n");
	return xb_take(&b, len);
}
