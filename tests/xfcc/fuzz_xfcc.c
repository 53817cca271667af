/* fuzz_xfcc.c: xfcc_parse() (server/xfcc/xfcc_xml.c) on any bytes.
 *
 * The first input byte picks the Content-Type (none, UTF-8 quoted,
 * ISO-8859-1, an unknown charset); the rest is the body.  Invariants:
 * the reader never crashes; a refusal leaves a sentence and nothing to
 * free; an accepted call has a known operation, at most XFCC_PARAMS
 * parameters with names and values inside their limits, every value
 * UTF-8 of characters XML allows; and writing those values back with
 * xfcc_escape() into a fresh envelope reads back to the same values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "xfcc/xfcc_xml.h"

static bool xml_text_ok(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	while (*u) {
		uint32_t c;
		size_t l;
		if (u[0] < 0x80)
			c = u[0], l = 1;
		else if ((u[0] & 0xE0) == 0xC0 && (u[1] & 0xC0) == 0x80)
			c = (uint32_t)(u[0] & 0x1F) << 6 | (u[1] & 0x3F), l = 2;
		else if ((u[0] & 0xF0) == 0xE0 && (u[1] & 0xC0) == 0x80 && (u[2] & 0xC0) == 0x80)
			c = (uint32_t)(u[0] & 0x0F) << 12 | (uint32_t)(u[1] & 0x3F) << 6 |
			    (u[2] & 0x3F),
			l = 3;
		else if ((u[0] & 0xF8) == 0xF0 && (u[1] & 0xC0) == 0x80 && (u[2] & 0xC0) == 0x80 &&
		         (u[3] & 0xC0) == 0x80)
			c = (uint32_t)(u[0] & 0x07) << 18 | (uint32_t)(u[1] & 0x3F) << 12 |
			    (uint32_t)(u[2] & 0x3F) << 6 | (u[3] & 0x3F),
			l = 4;
		else
			return false;
		if (!(c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) ||
		      (c >= 0xE000 && c <= 0xFFFD) || (c >= 0x10000 && c <= 0x10FFFF)))
			return false;
		u += l;
	}
	return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const types[] = {NULL, "text/xml; charset=\"utf-8\"",
	                                    "text/xml; charset=ISO-8859-1", "text/xml; charset=x"};
	if (size == 0)
		return 0;
	const char *ctype = types[data[0] % 4];
	struct xfcc_call c;
	char err[256] = "";
	int rc = xfcc_parse((const char *)data + 1, size - 1, ctype, &c, err, sizeof err);
	if (rc != XFCC_XML_OK) {
		if (!err[0])
			fuzz_fail("refused (%d) without a sentence", rc);
		if (c.nparams != 0)
			fuzz_fail("refused with %d parameters left", c.nparams);
		return 0;
	}
	if (c.op != XFCC_OP_GET_MY_GAMES && c.op != XFCC_OP_MAKE_A_MOVE)
		fuzz_fail("accepted an unknown operation %d", (int)c.op);
	if (c.nparams < 0 || c.nparams > XFCC_PARAMS)
		fuzz_fail("%d parameters", c.nparams);
	/* Write the values back and read them again. */
	size_t cap = 256 + (size_t)c.nparams * (6 * XFCC_VALUE_MAX + 2 * XFCC_NAME_MAX + 8);
	char *doc = malloc(cap);
	if (!doc)
		fuzz_fail("out of memory");
	size_t len = (size_t)snprintf(doc, cap, "<Envelope><Body><%s>",
	                              c.op == XFCC_OP_MAKE_A_MOVE ? "MakeAMove" : "GetMyGames");
	for (int i = 0; i < c.nparams; i++) {
		const char *v = c.params[i].value;
		if (!v || strlen(v) > XFCC_VALUE_MAX || !xml_text_ok(v))
			fuzz_fail("parameter %d: a bad value", i);
		char *e = xfcc_escape(v);
		if (!e)
			fuzz_fail("out of memory");
		len += (size_t)snprintf(doc + len, cap - len, "<%s>%s</%s>", c.params[i].name, e,
		                        c.params[i].name);
		free(e);
	}
	len += (size_t)snprintf(doc + len, cap - len, "</%s></Body></Envelope>",
	                        c.op == XFCC_OP_MAKE_A_MOVE ? "MakeAMove" : "GetMyGames");
	struct xfcc_call again;
	if (xfcc_parse(doc, len, NULL, &again, err, sizeof err) != XFCC_XML_OK)
		fuzz_fail("the written values do not read back: %s", err);
	if (again.nparams != c.nparams)
		fuzz_fail("%d parameters read back, not %d", again.nparams, c.nparams);
	for (int i = 0; i < c.nparams; i++)
		if (strcmp(again.params[i].value, c.params[i].value) != 0)
			fuzz_fail("parameter %s reads back differently", c.params[i].name);
	xfcc_call_free(&again);
	free(doc);
	xfcc_call_free(&c);
	return 0;
}
