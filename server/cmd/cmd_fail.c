/* cmd_fail.c: the one-line failure of a command (cmd_fail.h). */
#include "autoconfig.h"
#include "cmd/cmd_fail.h"

#include <stdarg.h>
#include <stdio.h>

int cmd_fail(const char *cmd, int status, const char *fmt, ...)
{
	char msg[768];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	for (char *q = msg; *q != '\0'; q++) /* keep it one line */
		if (*q == '\n' || *q == '\r')
			*q = ' ';
	fprintf(stderr, "corrchess: %s: %s\n", cmd, msg);
	return status;
}
