#include "autoconfig.h"
#include "base/log.h"

#include <pthread.h>
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

/* Copies the message into out with every control byte written as an
 * escape (\n, \r, \t, \xHH) and the backslash doubled, so that nothing
 * a client sends (a "%0A" in a path, a name) can end the line and forge
 * one of its own; bytes from 0x80 up (UTF-8) are kept.  The result is
 * cut, never overflowing out, at outlen - 1 bytes. */
static void escape_line(char *out, size_t outlen, const char *in)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)in; *p; p++) {
		char e[4];
		size_t k = 0;
		if (*p == '\n' || *p == '\r' || *p == '\t' || *p == '\\') {
			e[k++] = '\\';
			e[k++] = *p == '\n' ? 'n' : *p == '\r' ? 'r' : *p == '\t' ? 't' : '\\';
		} else if (*p < 0x20 || *p == 0x7f) {
			e[k++] = '\\';
			e[k++] = 'x';
			e[k++] = hex[*p >> 4];
			e[k++] = hex[*p & 15];
		} else {
			e[k++] = (char)*p;
		}
		if (n + k >= outlen)
			break;
		memcpy(out + n, e, k);
		n += k;
	}
	out[n] = '\0';
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	if ((int)level > threshold)
		return;
	char line[2048], safe[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	escape_line(safe, sizeof safe, line);
	fprintf(stderr, "%s: %s: %s\n", program, names[level], safe);
}

void log_thread_name(const char *name)
{
	/* pthread_setname_np() takes 16 bytes with the NUL; a longer name
	 * fails with ERANGE and the thread keeps its old one. */
	(void)pthread_setname_np(pthread_self(), name);
}
