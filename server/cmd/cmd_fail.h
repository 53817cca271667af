/* cmd_fail.h: how every command of `corrchess` reports a failure: one line
 * on stderr, "corrchess: CMD: message" (a line break in the message
 * becomes a blank, so it stays one line), and the exit status it is
 * given (docs/man/corrchess.1 "EXIT STATUS": 1 a failure while working,
 * 2 bad usage or bad input). */
#ifndef CORRCHESS_CMD_FAIL_H
#define CORRCHESS_CMD_FAIL_H

/* Prints the line; returns status. */
int cmd_fail(const char *cmd, int status, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

#endif
