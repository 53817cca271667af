#include "util/status.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *cc_status_name(int status)
{
	switch (status) {
	case CC_OK:
		return "ok";
	case CC_ERR_MALFORMED:
		return "malformed";
	case CC_ERR_ILLEGAL:
		return "illegal";
	case CC_ERR_INVALID:
		return "invalid";
	case CC_ERR_RANGE:
		return "range";
	case CC_ERR_NOMEM:
		return "nomem";
	}
	return "unknown";
}

int cc_fail(int status, char *err, size_t errlen, const char *fmt, ...)
{
	if (err && errlen) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return status;
}

const char *cc_quote(const char *text, char buf[CC_QUOTE_BUF])
{
	size_t i = 0;
	for (; text[i] && i < 20; i++)
		buf[i] = isprint((unsigned char)text[i]) ? text[i] : '?';
	if (text[i])
		memcpy(buf + i, "...", 4);
	else
		buf[i] = '\0';
	return buf;
}
