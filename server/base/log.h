/* log.h: one-line log messages on stderr with a level filter. */
#ifndef CORRCHESS_LOG_H
#define CORRCHESS_LOG_H

enum log_level { LOG_ERROR = 0, LOG_WARN = 1, LOG_INFO = 2, LOG_DEBUG = 3 };

/* Sets the threshold from a name (error, warn, info, debug); -1 if unknown. */
int log_set_level(const char *name);

/* Prints "corrchessd: LEVEL: message" when level is at or under the
 * threshold.  Thread-safe (one fprintf per line).  Control bytes in the
 * message become escapes (\n, \r, \t, \xHH; a backslash is doubled),
 * so one call is always exactly one line whatever a client sent. */
void log_msg(enum log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The program name used in log lines (default "corrchess"). */
void log_set_program(const char *name);

/* Names the calling thread (at most 15 bytes: "cc-writer"), so `top -H`,
 * `ps -L` and perf tell the daemon's threads apart (docs/OPERATIONS.md).
 * Best effort: a name the system refuses changes nothing. */
void log_thread_name(const char *name);

#endif
