#include "base/log.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int threshold = LOG_INFO;
static const char *program = "corrchess";
static const char *const names[] = {"error", "warn", "info", "debug"};

int log_set_level(const char *name)
{
	for (int i = 0; i < 4; i++)
		if (strcmp(name, names[i]) == 0) {
			threshold = i;
			return 0;
		}
	return -1;
}

void log_set_program(const char *name)
{
	program = name;
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	if ((int)level > threshold)
		return;
	char line[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: %s: %s\n", program, names[level], line);
}
