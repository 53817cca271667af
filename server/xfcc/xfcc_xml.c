/* xfcc_xml.c: the tolerant SOAP reader and the strict writer of the Xfcc
 * answers (see xfcc_xml.h for what each side accepts and produces). */
#include "autoconfig.h"
#include "xfcc/xfcc_xml.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define OUT_MAX   (16u * 1024 * 1024) /* hard maximum of an answer */
#define NS_MAX    64                  /* namespace declarations in scope */
#define QNAME_MAX 128                 /* an element's prefixed name */

/* ---- small helpers ---- */

static int fail(char *err, size_t errlen, int status, const char *fmt, ...)
        __attribute__((format(printf, 4, 5)));
static int fail(char *err, size_t errlen, int status, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return status;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static bool is_name_char(unsigned char c)
{
	return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' || c == ':';
}

/* Length of the valid UTF-8 sequence at s (n bytes left), 0 when invalid
 * (overlong forms, surrogates and values past U+10FFFF are invalid). */
static size_t utf8_len(const unsigned char *s, size_t n, uint32_t *cp)
{
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	size_t len;
	uint32_t v, min;
	if ((s[0] & 0xE0) == 0xC0) {
		len = 2, v = s[0] & 0x1F, min = 0x80;
	} else if ((s[0] & 0xF0) == 0xE0) {
		len = 3, v = s[0] & 0x0F, min = 0x800;
	} else if ((s[0] & 0xF8) == 0xF0) {
		len = 4, v = s[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		v = (v << 6) | (s[i] & 0x3F);
	}
	if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
		return 0;
	*cp = v;
	return len;
}

/* XML 1.0 section 2.2: the characters a document may contain. */
static bool xml_char(uint32_t c)
{
	return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
	       (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF);
}

static size_t utf8_put(uint32_t c, char out[4])
{
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xC0 | (c >> 6));
		out[1] = (char)(0x80 | (c & 0x3F));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xE0 | (c >> 12));
		out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
		out[2] = (char)(0x80 | (c & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (c >> 18));
	out[1] = (char)(0x80 | ((c >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((c >> 6) & 0x3F));
	out[3] = (char)(0x80 | (c & 0x3F));
	return 4;
}

/* ---- the growable output buffer ---- */

struct xbuf {
	char *p;
	size_t len, cap, max;
	bool failed;
};

static void xb_add(struct xbuf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->max) {
		b->failed = true;
		return;
	}
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 512;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *np = realloc(b->p, cap);
		if (!np) {
			b->failed = true;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

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
		size_t l = utf8_len(u + i, n - i, &cp);
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
		else
			xb_add(b, s + i, l);
		i += l;
	}
}

static char *xb_take(struct xbuf *b, size_t *len)
{
	if (b->failed || !b->p) {
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

enum charset { CS_UTF8, CS_LATIN1, CS_UNKNOWN };

/* The charset named by the text at s (up to a quote, ';', blank or end). */
static enum charset charset_named(const char *s, size_t n)
{
	static const char *const utf8[] = {"utf-8", "utf8", NULL};
	static const char *const latin1[] = {"iso-8859-1", "iso8859-1", "latin1",     "latin-1",
	                                     "us-ascii",   "ascii",     "iso_8859-1", NULL};
	for (const char *const *p = utf8; *p; p++)
		if (strlen(*p) == n && strncasecmp(*p, s, n) == 0)
			return CS_UTF8;
	for (const char *const *p = latin1; *p; p++)
		if (strlen(*p) == n && strncasecmp(*p, s, n) == 0)
			return CS_LATIN1;
	return CS_UNKNOWN;
}

/* Finds key=value (value quoted with ' or " or bare) in text, from a
 * Content-Type header or an XML declaration; the value's start and
 * length, or false when key is absent. */
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

/* Decides the encoding: the Content-Type's charset first (RFC 7303 8.1),
 * then the XML declaration's, else UTF-8. */
static int input_charset(const char *body, size_t len, const char *content_type, enum charset *cs,
                         char *err, size_t errlen)
{
	const char *v;
	size_t vl;
	*cs = CS_UTF8;
	if (len >= 2 && ((unsigned char)body[0] == 0xFE || (unsigned char)body[0] == 0xFF))
		return fail(err, errlen, XFCC_XML_UNSUPPORTED,
		            "UTF-16 is not read here: send UTF-8 (or ISO-8859-1)");
	if (content_type && find_param(content_type, strlen(content_type), "charset", &v, &vl)) {
		*cs = charset_named(v, vl);
		if (*cs == CS_UNKNOWN)
			return fail(err, errlen, XFCC_XML_UNSUPPORTED,
			            "the charset \"%.*s\" is not read here: send UTF-8",
			            (int)(vl > 40 ? 40 : vl), v);
		return XFCC_XML_OK;
	}
	size_t skip = len >= 3 && memcmp(body, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
	if (len - skip >= 5 && memcmp(body + skip, "<?xml", 5) == 0) {
		const char *end = memchr(body + skip, '>', len - skip);
		size_t dl = end ? (size_t)(end - body) : len;
		if (find_param(body + skip, dl - skip, "encoding", &v, &vl)) {
			*cs = charset_named(v, vl);
			if (*cs == CS_UNKNOWN)
				return fail(err, errlen, XFCC_XML_UNSUPPORTED,
				            "the encoding \"%.*s\" is not read here: send UTF-8",
				            (int)(vl > 40 ? 40 : vl), v);
		}
	}
	return XFCC_XML_OK;
}

/* True when the n bytes at s are UTF-8. */
static bool valid_utf8(const char *s, size_t n)
{
	uint32_t cp;
	for (size_t k = 0; k < n;) {
		size_t l = utf8_len((const unsigned char *)s + k, n - k, &cp);
		if (l == 0)
			return false;
		k += l;
	}
	return true;
}

/* The input as NUL-terminated UTF-8 (new), Latin-1 converted, characters
 * XML does not allow replaced by U+FFFD; its length in *outlen.  NULL
 * when out of memory. */
static char *to_utf8(const char *in, size_t n, bool latin1, size_t *outlen)
{
	char *out = malloc(n * 3 + 1); /* U+FFFD (3 bytes) for any byte at most */
	if (!out)
		return NULL;
	size_t o = 0;
	for (size_t k = 0; k < n;) {
		uint32_t cp;
		size_t l = 1;
		if (latin1)
			cp = (unsigned char)in[k];
		else
			l = utf8_len((const unsigned char *)in + k, n - k, &cp);
		if (!xml_char(cp))
			cp = 0xFFFD;
		o += utf8_put(cp, out + o);
		k += l;
	}
	out[o] = '\0';
	*outlen = o;
	return out;
}

/* ---- reading: the parser ---- */

struct ns_decl {
	char prefix[QNAME_MAX]; /* "" for the default namespace */
	char *uri;              /* new */
	int depth;              /* the element that declared it */
};

struct elem {
	char qname[QNAME_MAX];
	const char *uri; /* borrowed from the ns stack, "" for none */
	const char *local;
};

struct parser {
	const char *s; /* UTF-8, NUL-free */
	size_t n, i;
	struct ns_decl ns[NS_MAX];
	int nns;
	struct elem stack[XFCC_DEPTH];
	int depth;
	bool in_body, op_done, root_done;
	int op_depth;      /* depth of the operation element, 0 when none */
	int param;         /* index of the parameter being read, -1 */
	struct xbuf value; /* the text of that parameter */
	struct xfcc_call *call;
	char *err;
	size_t errlen;
};

static int perr(struct parser *p, int status, const char *what)
{
	/* The line helps whoever writes a client. */
	int line = 1;
	for (size_t k = 0; k < p->i && k < p->n; k++)
		line += p->s[k] == '\n';
	return fail(p->err, p->errlen, status, "%s (line %d)", what, line);
}

static bool starts(const struct parser *p, const char *lit)
{
	size_t l = strlen(lit);
	return p->n - p->i >= l && memcmp(p->s + p->i, lit, l) == 0;
}

/* Skips to just past the literal end; false when it never comes. */
static bool skip_past(struct parser *p, const char *end)
{
	size_t l = strlen(end);
	while (p->i + l <= p->n) {
		if (memcmp(p->s + p->i, end, l) == 0) {
			p->i += l;
			return true;
		}
		p->i++;
	}
	p->i = p->n;
	return false;
}

/* Decodes one reference at p->i ('&' ... ';') into out (up to 4 bytes);
 * returns its byte count, or 0 when it is not one of the five predefined
 * entities or a valid character reference. */
static size_t decode_ref(struct parser *p, char out[4])
{
	static const struct {
		const char *name;
		char c;
	} ents[] = {{"amp;", '&'}, {"lt;", '<'}, {"gt;", '>'}, {"quot;", '"'}, {"apos;", '\''}};
	size_t i = p->i + 1;
	for (size_t k = 0; k < sizeof ents / sizeof ents[0]; k++) {
		size_t l = strlen(ents[k].name);
		if (p->n - i >= l && memcmp(p->s + i, ents[k].name, l) == 0) {
			p->i = i + l;
			out[0] = ents[k].c;
			return 1;
		}
	}
	if (i >= p->n || p->s[i] != '#')
		return 0;
	i++;
	int base = 10;
	if (i < p->n && (p->s[i] == 'x' || p->s[i] == 'X')) {
		base = 16;
		i++;
	}
	uint32_t v = 0;
	int digits = 0;
	for (; i < p->n && p->s[i] != ';'; i++, digits++) {
		char c = p->s[i];
		int d = c >= '0' && c <= '9'                 ? c - '0'
		        : base == 16 && c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : base == 16 && c >= 'A' && c <= 'F' ? c - 'A' + 10
		                                             : -1;
		if (d < 0 || digits > 7)
			return 0;
		v = v * (uint32_t)base + (uint32_t)d;
	}
	if (digits == 0 || i >= p->n || !xml_char(v) || v == 0)
		return 0;
	p->i = i + 1;
	return utf8_put(v, out);
}

/* Appends decoded character data from p->i up to '<' (or the end) to
 * the current parameter, or checks it away when no parameter is open. */
static int read_text(struct parser *p)
{
	while (p->i < p->n && p->s[p->i] != '<') {
		char c = p->s[p->i];
		if (c == '&') {
			char buf[4];
			size_t l = decode_ref(p, buf);
			if (l == 0)
				return perr(
				        p, XFCC_XML_MALFORMED,
				        "an '&' that starts no known entity or character reference "
				        "(write &amp;)");
			if (p->param >= 0)
				xb_add(&p->value, buf, l);
			continue;
		}
		if (p->param >= 0)
			xb_add(&p->value, &c, 1); /* other text (blanks between tags) is ignored */
		p->i++;
	}
	if (p->value.failed)
		return perr(p, XFCC_XML_TOO_BIG, "a parameter is longer than allowed");
	return XFCC_XML_OK;
}

static const char *ns_lookup(const struct parser *p, const char *prefix)
{
	for (int k = p->nns - 1; k >= 0; k--)
		if (strcmp(p->ns[k].prefix, prefix) == 0)
			return p->ns[k].uri;
	return strcmp(prefix, "xml") == 0 ? "http://www.w3.org/XML/1998/namespace" : NULL;
}

/* Reads a name at p->i into buf; false when there is none or it is too long. */
static bool read_name(struct parser *p, char *buf, size_t size)
{
	size_t st = p->i;
	while (p->i < p->n && is_name_char((unsigned char)p->s[p->i]))
		p->i++;
	size_t l = p->i - st;
	if (l == 0 || l >= size || p->s[st] == ':' || p->s[st] == '-' || p->s[st] == '.' ||
	    (p->s[st] >= '0' && p->s[st] <= '9'))
		return false;
	memcpy(buf, p->s + st, l);
	buf[l] = '\0';
	return true;
}

static void skip_spaces(struct parser *p)
{
	while (p->i < p->n && is_space(p->s[p->i]))
		p->i++;
}

/* Reads an attribute value (quoted) and decodes its references; a new
 * string or NULL on a malformed value. */
static char *read_attr_value(struct parser *p)
{
	if (p->i >= p->n || (p->s[p->i] != '"' && p->s[p->i] != '\''))
		return NULL;
	char q = p->s[p->i++];
	struct xbuf b = {.max = XFCC_VALUE_MAX + 1};
	xb_add(&b, "", 0);
	while (p->i < p->n && p->s[p->i] != q) {
		if (p->s[p->i] == '<') {
			free(b.p);
			return NULL;
		}
		if (p->s[p->i] == '&') {
			char buf[4];
			size_t l = decode_ref(p, buf);
			if (l == 0) {
				free(b.p);
				return NULL;
			}
			xb_add(&b, buf, l);
			continue;
		}
		xb_add(&b, p->s + p->i, 1);
		p->i++;
	}
	if (p->i >= p->n) {
		free(b.p);
		return NULL;
	}
	p->i++;
	return xb_take(&b, NULL);
}

static const char *local_part(const char *qname)
{
	const char *c = strchr(qname, ':');
	return c ? c + 1 : qname;
}

/* What an element at the new depth means: the envelope's structure is
 * checked here, the operation and the parameters recorded. */
static int on_start(struct parser *p, struct elem *e)
{
	int d = p->depth; /* 1 = the root */
	if (d == 1 && strcmp(e->local, "Envelope") != 0)
		return perr(p, XFCC_XML_MALFORMED, "the document is not a SOAP Envelope");
	if (d == 2 && strcmp(e->local, "Body") == 0) {
		if (p->in_body || p->op_done)
			return perr(p, XFCC_XML_MALFORMED, "the Envelope has two Bodies");
		p->in_body = true;
	}
	if (d == 3 && p->in_body && strcmp(p->stack[1].local, "Body") == 0) {
		if (p->op_done || p->op_depth)
			return perr(p, XFCC_XML_MALFORMED, "the Body holds more than one call");
		snprintf(p->call->op_name, sizeof p->call->op_name, "%s", e->local);
		if (strcmp(e->local, "GetMyGames") == 0)
			p->call->op = XFCC_OP_GET_MY_GAMES;
		else if (strcmp(e->local, "MakeAMove") == 0)
			p->call->op = XFCC_OP_MAKE_A_MOVE;
		else
			return fail(
			        p->err, p->errlen, XFCC_XML_UNSUPPORTED,
			        "there is no operation \"%.40s\" here: GetMyGames and MakeAMove "
			        "are",
			        e->local);
		if (e->uri[0] && strcmp(e->uri, XFCC_NS) != 0)
			return fail(p->err, p->errlen, XFCC_XML_UNSUPPORTED,
			            "%s is in the namespace \"%.80s\", not %s", e->local, e->uri,
			            XFCC_NS);
		p->op_depth = d;
	}
	if (p->op_depth && d == p->op_depth + 1) {
		struct xfcc_call *c = p->call;
		if (strlen(e->local) >= XFCC_NAME_MAX)
			return perr(p, XFCC_XML_MALFORMED, "a parameter name is too long");
		for (int k = 0; k < c->nparams; k++)
			if (strcasecmp(c->params[k].name, e->local) == 0)
				return perr(p, XFCC_XML_MALFORMED, "a parameter is given twice");
		if (c->nparams >= XFCC_PARAMS)
			return perr(p, XFCC_XML_TOO_BIG, "too many parameters");
		snprintf(c->params[c->nparams].name, XFCC_NAME_MAX, "%s", e->local);
		p->param = c->nparams++;
		free(p->value.p);
		memset(&p->value, 0, sizeof p->value);
		p->value.max = XFCC_VALUE_MAX + 1;
		xb_add(&p->value, "", 0);
	} else if (p->op_depth && d > p->op_depth + 1) {
		return perr(p, XFCC_XML_MALFORMED, "a parameter holds elements instead of text");
	}
	return XFCC_XML_OK;
}

static int on_end(struct parser *p)
{
	int d = p->depth;
	if (p->op_depth && d == p->op_depth + 1 && p->param >= 0) {
		char *v = xb_take(&p->value, NULL);
		memset(&p->value, 0, sizeof p->value);
		if (!v)
			return perr(p, XFCC_XML_NOMEM, "out of memory");
		p->call->params[p->param].value = v;
		p->param = -1;
	}
	if (p->op_depth && d == p->op_depth) {
		p->op_depth = 0;
		p->op_done = true;
	}
	if (d == 2 && strcmp(p->stack[1].local, "Body") == 0)
		p->in_body = false;
	while (p->nns > 0 && p->ns[p->nns - 1].depth >= d) {
		free(p->ns[--p->nns].uri);
	}
	return XFCC_XML_OK;
}

/* A start tag at p->i (just past '<'). */
static int start_tag(struct parser *p)
{
	if (p->root_done)
		return perr(p, XFCC_XML_MALFORMED, "content after the Envelope");
	if (p->depth >= XFCC_DEPTH)
		return perr(p, XFCC_XML_TOO_BIG, "elements nested too deep");
	struct elem *e = &p->stack[p->depth];
	if (!read_name(p, e->qname, sizeof e->qname))
		return perr(p, XFCC_XML_MALFORMED, "a tag without a valid name");
	int newdepth = p->depth + 1;
	bool empty = false;
	for (;;) {
		bool sp = p->i < p->n && is_space(p->s[p->i]);
		skip_spaces(p);
		if (p->i >= p->n)
			return perr(p, XFCC_XML_MALFORMED, "the document ends inside a tag");
		if (p->s[p->i] == '>') {
			p->i++;
			break;
		}
		if (starts(p, "/>")) {
			p->i += 2;
			empty = true;
			break;
		}
		char aname[QNAME_MAX];
		if (!sp || !read_name(p, aname, sizeof aname))
			return perr(p, XFCC_XML_MALFORMED, "a malformed attribute");
		skip_spaces(p);
		if (p->i >= p->n || p->s[p->i] != '=')
			return perr(p, XFCC_XML_MALFORMED, "an attribute without a value");
		p->i++;
		skip_spaces(p);
		char *val = read_attr_value(p);
		if (!val)
			return perr(p, XFCC_XML_MALFORMED, "a malformed attribute value");
		bool is_default = strcmp(aname, "xmlns") == 0;
		if (strcmp(aname, "xmlns:") == 0) {
			free(val);
			return perr(p, XFCC_XML_MALFORMED,
			            "a namespace declaration without a prefix");
		}
		if (is_default || strncmp(aname, "xmlns:", 6) == 0) {
			if (p->nns >= NS_MAX) {
				free(val);
				return perr(p, XFCC_XML_TOO_BIG, "too many namespace declarations");
			}
			struct ns_decl *nd = &p->ns[p->nns++];
			snprintf(nd->prefix, sizeof nd->prefix, "%s", is_default ? "" : aname + 6);
			nd->uri = val;
			nd->depth = newdepth;
		} else {
			free(val); /* other attributes (xsi:type, ...) are not used */
		}
	}
	char prefix[QNAME_MAX] = "";
	const char *colon = strchr(e->qname, ':');
	if (colon)
		snprintf(prefix, sizeof prefix, "%.*s", (int)(colon - e->qname), e->qname);
	const char *uri = ns_lookup(p, prefix);
	if (!uri && prefix[0])
		return perr(p, XFCC_XML_MALFORMED, "an element prefix without a namespace");
	e->uri = uri ? uri : "";
	e->local = local_part(e->qname);
	if (!e->local[0] || strchr(e->local, ':'))
		return perr(p, XFCC_XML_MALFORMED,
		            "an element name that is not a prefix and a name");
	p->depth = newdepth;
	int rc = on_start(p, e);
	if (rc)
		return rc;
	if (empty) {
		rc = on_end(p);
		p->depth--;
		if (p->depth == 0)
			p->root_done = true;
	}
	return rc;
}

/* An end tag at p->i (just past "</"). */
static int end_tag(struct parser *p)
{
	char name[QNAME_MAX];
	if (p->depth == 0 || !read_name(p, name, sizeof name))
		return perr(p, XFCC_XML_MALFORMED, "an end tag that closes nothing");
	if (strcmp(name, p->stack[p->depth - 1].qname) != 0)
		return perr(p, XFCC_XML_MALFORMED, "an end tag that does not match its start tag");
	skip_spaces(p);
	if (p->i >= p->n || p->s[p->i] != '>')
		return perr(p, XFCC_XML_MALFORMED, "a malformed end tag");
	p->i++;
	int rc = on_end(p);
	p->depth--;
	if (p->depth == 0)
		p->root_done = true;
	return rc;
}

static int parse_doc(struct parser *p)
{
	if (starts(p, "\xEF\xBB\xBF"))
		p->i += 3;
	while (p->i < p->n) {
		int rc = read_text(p);
		if (rc)
			return rc;
		if (p->i >= p->n)
			break;
		/* p->s[p->i] == '<' */
		if (starts(p, "<!--")) {
			if (!skip_past(p, "-->"))
				return perr(p, XFCC_XML_MALFORMED, "a comment that never ends");
		} else if (starts(p, "<![CDATA[")) {
			size_t st = p->i + 9;
			p->i = st;
			if (!skip_past(p, "]]>"))
				return perr(p, XFCC_XML_MALFORMED,
				            "a CDATA section that never ends");
			if (p->param >= 0)
				xb_add(&p->value, p->s + st, p->i - 3 - st);
			if (p->value.failed)
				return perr(p, XFCC_XML_TOO_BIG,
				            "a parameter is longer than allowed");
		} else if (starts(p, "<!")) {
			return perr(p, XFCC_XML_UNSUPPORTED,
			            "a document type declaration is not accepted (no DTDs, no "
			            "entities)");
		} else if (starts(p, "<?")) {
			if (!skip_past(p, "?>"))
				return perr(p, XFCC_XML_MALFORMED,
				            "a processing instruction that never ends");
		} else if (starts(p, "</")) {
			p->i += 2;
			rc = end_tag(p);
			if (rc)
				return rc;
		} else {
			p->i++;
			rc = start_tag(p);
			if (rc)
				return rc;
		}
	}
	if (p->depth != 0 || !p->root_done)
		return perr(p, XFCC_XML_MALFORMED,
		            "the document ends before the Envelope is closed");
	if (p->call->op == XFCC_OP_NONE)
		return fail(p->err, p->errlen, XFCC_XML_MALFORMED,
		            "the SOAP Body holds no call (GetMyGames or MakeAMove)");
	return XFCC_XML_OK;
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
		return fail(err, errlen, XFCC_XML_TOO_BIG, "requests are limited to %d bytes",
		            XFCC_IN_MAX);
	if (len == 0)
		return fail(err, errlen, XFCC_XML_MALFORMED, "the request has no body");
	enum charset cs;
	int rc = input_charset(body, len, content_type, &cs, err, errlen);
	if (rc)
		return rc;
	/* A body declared (or taken) as UTF-8 that is not UTF-8 is read as
	 * ISO-8859-1: Tcl's http package (Scid) sends the bytes of its
	 * string as they are, whatever the charset it names, so a Danish
	 * "æøå" arrives as Latin-1. */
	if (cs == CS_UTF8 && !valid_utf8(body, len))
		cs = CS_LATIN1;
	/* Everything below reads UTF-8 in which every character is one XML
	 * allows: the others (control characters, a NUL) become U+FFFD. */
	char *text = to_utf8(body, len, cs == CS_LATIN1, &len);
	if (!text)
		return fail(err, errlen, XFCC_XML_NOMEM, "out of memory");
	struct parser p;
	memset(&p, 0, sizeof p);
	p.s = text;
	p.n = len;
	p.param = -1;
	p.call = call;
	p.err = err;
	p.errlen = errlen;
	rc = parse_doc(&p);
	free(p.value.p);
	while (p.nns > 0)
		free(p.ns[--p.nns].uri);
	free(text);
	if (rc)
		xfcc_call_free(call);
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
		xb_str(&b, "<XfccGame>");
		el_int(&b, "id", g->id);
		el_text(&b, "white", g->white);
		el_text(&b, "black", g->black);
		el_text(&b, "event", g->event);
		el_text(&b, "site", g->site);
		el_text(&b, "eventDate", g->event_date);
		el_text(&b, "round", g->round);
		el_int(&b, "whiteElo", g->white_elo);
		el_int(&b, "blackElo", g->black_elo);
		el_text(&b, "timeControl", g->time_control);
		el_text(&b, "gameLink", g->game_link);
		el_text(&b, "result", g->result);
		el_bool(&b, "drawOffered", g->draw_offered);
		el_bool(&b, "setup", g->setup);
		el_text(&b, "fen", g->fen);
		el_bool(&b, "myTurn", g->my_turn);
		el_bool(&b, "hasWhite", g->has_white);
		el_int(&b, "daysPlayer", g->days_player);
		el_int(&b, "hoursPlayer", g->hours_player);
		el_int(&b, "minutesPlayer", g->minutes_player);
		el_int(&b, "daysOpponent", g->days_opponent);
		el_int(&b, "hoursOpponent", g->hours_opponent);
		el_int(&b, "minutesOpponent", g->minutes_opponent);
		el_text(&b, "moves", g->moves);
		el_text(&b, "message", g->message);
		el_text(&b, "serverInfo", g->server_info);
		el_text(&b, "variant", g->variant);
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
	         strcmp(faultcode, "Server") == 0 ? "Server" : "Client");
	envelope_start(&b);
	xb_str(&b, "<soap:Fault>\n");
	el_text(&b, "faultcode", code);
	xb_str(&b, "\n");
	el_text(&b, "faultstring", faultstring);
	xb_str(&b, "\n</soap:Fault>\n");
	envelope_end(&b);
	return xb_take(&b, len);
}
